/* check_regex — the pcre2 wrapper: UTF-8 patterns, invalid UTF-8 subjects. */
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

Suite *regex_suite(void)
{
	Suite *s = suite_create("regex");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, match_and_errors);
	suite_add_tcase(s, tc);
	return s;
}
