/* SPDX-License-Identifier: Apache-2.0 */
/* check_regex — the pcre2 wrapper: UTF-8 patterns, invalid UTF-8 subjects. */
#include <stdlib.h>
#include <string.h>

#include "regex.h"
#include "suites.h"

START_TEST(match_and_errors)
{
	char err[200];
	struct regex *re = regex_compile("sum\\(", err, sizeof(err));
	size_t a, b;

	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(regex_match(re, "return sum(xs)", 14), 1);
	ck_assert_int_eq(regex_match(re, "reduce", 6), 0);
	/* invalid UTF-8 in model output does not break matching */
	ck_assert_int_eq(regex_match(re, "\xff\xfe sum(xs)", 10), 1);
	ck_assert_int_eq(regex_search(re, "a sum(b", 7, &a, &b), 1);
	ck_assert_uint_eq(a, 2);
	ck_assert_uint_eq(b, 6);
	regex_free(re);
	re = regex_compile("^\\p{Lu}+$", err, sizeof(err));
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(regex_match(re, "\xc3\x89T\xc3\x89", 5), 1);
	regex_free(re);
	ck_assert_ptr_null(regex_compile("(", err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "at offset 1"));
	regex_free(NULL);
}
END_TEST

/* a pattern that backtracks without end is stopped by the limits, and
 * once it hit them, fails at once; a deep but sound one still matches */
START_TEST(limits_bound_every_match)
{
	char err[200], subject[300];
	struct regex *re = regex_compile("^(a|aa)+$", err, sizeof(err));
	char *deep;
	int i;

	ck_assert_ptr_nonnull(re);
	memset(subject, 'a', 200);
	strcpy(subject + 200, "!");
	ck_assert_int_eq(regex_match(re, subject, strlen(subject)), REGEX_LIMIT);
	ck_assert_int_eq(regex_match(re, "aaaa", 4), REGEX_LIMIT); /* tripped */
	regex_free(re);
	re = regex_compile("(a|aa)+$", err, sizeof(err));
	ck_assert_ptr_nonnull(re);
	for (i = 0; i < 128; i++) /* a 128-way batch: bounded, whatever the JIT does */
		ck_assert_int_le(regex_match(re, subject, strlen(subject)), 0);
	regex_free(re);
	/* 64 KB of words: deep backtracking that a JIT stack may not hold */
	deep = malloc(65536 + 1);
	for (i = 0; i < 65536; i++)
		deep[i] = i % 6 == 5 ? ' ' : 'w';
	deep[65536] = '\0';
	re = regex_compile("^(?:\\w+\\s?)*$", err, sizeof(err));
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(regex_match(re, deep, 65536), 1);
	regex_free(re);
	free(deep);
}
END_TEST

Suite *regex_suite(void)
{
	Suite *s = suite_create("regex");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, match_and_errors);
	tcase_add_test(tc, limits_bound_every_match);
	suite_add_tcase(s, tc);
	return s;
}
