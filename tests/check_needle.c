/* check_needle — haystack layout and the calibration arithmetic. */
#include <stdlib.h>
#include <string.h>

#include "needle.h"
#include "suites.h"

static struct needle_spec spec = {"Fill. ", "ZEBRA-1", "CODE {secret}.", "Q?", 0.5};

START_TEST(layout)
{
	char *s = needle_build(&spec, 4);

	ck_assert_str_eq(s, "Fill. Fill. \n\nCODE ZEBRA-1.\n\nFill. Fill. \n\nQ?");
	free(s);
	s = needle_build(&spec, 0);
	ck_assert_str_eq(s, "\n\nCODE ZEBRA-1.\n\n\n\nQ?");
	free(s);
}
END_TEST

START_TEST(count_from_two_points)
{
	/* 13 tokens per filler, 40 fixed: 32 -> 456, 160 -> 2120 */
	ck_assert_int_eq(needle_count_for(14000, 32, 456, 160, 2120), 1074);
	ck_assert_int_eq(needle_count_for(40, 32, 456, 160, 2120), 0);
	ck_assert_int_eq(needle_count_for(14000, 32, 456, 160, 456), -1);
	ck_assert_int_eq(needle_count_for(14000, 160, 456, 32, 2120), -1);
	/* a 1M-token target stays linear */
	ck_assert_int_eq(needle_count_for(1000000, 32, 456, 160, 2120), 76920);
}
END_TEST

Suite *needle_suite(void)
{
	Suite *s = suite_create("needle");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, layout);
	tcase_add_test(tc, count_from_two_points);
	suite_add_tcase(s, tc);
	return s;
}
