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

/* \\S, \\W and \\D match a character of more than one byte, as the
 * interpreter does, also where pcre2's JIT would not (10.42's, under
 * PCRE2_MATCH_INVALID_UTF: PCRE2Project/pcre2#224): "RuntimeError: 显存不足"
 * is an exception's line, and ^\\S+$ holds of a Chinese answer. What a
 * class, a \\Q quote or a comment holds is as written. */
START_TEST(types_match_every_character)
{
	static const struct {
		const char *pattern, *subject;
		int want;
	} cases[] = {
		{ "Error: +\\S", "RuntimeError: \xe6\x98\xbe\xe5\xad\x98\xe4\xb8\x8d\xe8\xb6\xb3",
		  1 },
		{ "^\\S+$", "\xe6\x98\xbe\xe5\xad\x98", 1 },
		{ "x\\Wy", "x\xc3\xa9y", 1 },
		{ "x\\Dy", "x\xc3\xa9y", 1 },
		{ "x\\S", "x ", 0 },
		{ "x\\D", "x7", 0 },
		{ "[\\S]\\S", "\xc3\xa9\xc3\xa9", 1 },
		{ "[]\\S]", "]", 1 }, /* ']' first in a class is an item */
		{ "[^]a]\\S", "b\xc3\xa9", 1 },
		{ "[[:alpha:]\\d]\\S", "a\xc3\xa9", 1 },
		{ "\\Q\\S\\E", "\\S", 1 }, /* quoted: the two bytes */
		{ "\\Q\\S\\E", "\xc3\xa9", 0 },
		{ "(?#\\S)x\\S", "x\xc3\xa9", 1 },
		{ "[\\Q]\\E\\S]x", "\xc3\xa9x", 1 }, /* a quoted ']' ends no class */
		{ "[[:^space:]]\\S", "a\xc3\xa9", 1 },
		{ "\\\\S", "\\S", 1 }, /* an escaped backslash, then S */
	};
	char err[200];
	size_t k;

	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct regex *re = regex_compile(cases[k].pattern, err, sizeof(err));

		ck_assert_msg(re, "case %zu: %s", k, err);
		ck_assert_msg(regex_match(re, cases[k].subject, strlen(cases[k].subject)) ==
				      cases[k].want,
			      "case %zu: /%s/ on '%s'", k, cases[k].pattern, cases[k].subject);
		regex_free(re);
	}
	/* an error still names the offset in the pattern as written */
	ck_assert_ptr_null(regex_compile("\\S\\S(", err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "at offset 5"));
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
	tcase_add_test(tc, types_match_every_character);
	suite_add_tcase(s, tc);
	return s;
}
