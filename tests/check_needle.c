/* SPDX-License-Identifier: Apache-2.0 */
/* check_needle — haystack layout and the calibration arithmetic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "needle.h"
#include "suites.h"

static struct needle_spec spec = {
	"Fill. ", "ZEBRA-1", "CODE {secret}.", "Q?", 0.5, NEEDLE_SIZE_NEEDLE_CTX, 0, 1, 1, 1
};

/* the spec's haystack with secret as its code */
static char *build(const struct needle_spec *s, const char *secret, double depth, long count)
{
	struct needle_set ns;

	if (!secret)
		return needle_build(s, NULL, depth, count);
	needle_set_init(s, secret, &ns);
	return needle_build(s, &ns, depth, count);
}

START_TEST(layout)
{
	struct needle_spec plain = { "F. ", NULL, NULL, "Weather?", 0.5, NEEDLE_SIZE_LONG_TOOL_CTX,
				     100,   1,	  1,	1 };
	char *s = build(&spec, "ZEBRA-1", 0.5, 4);

	ck_assert_str_eq(s, "Fill. Fill. \n\nCODE ZEBRA-1.\n\nFill. Fill. \n\nQ?");
	free(s);
	s = build(&spec, "ZEBRA-1", 0.5, 0);
	ck_assert_str_eq(s, "\n\nCODE ZEBRA-1.\n\n\n\nQ?");
	free(s);
	s = build(&plain, NULL, 0.5, 2);
	ck_assert_str_eq(s, "F. F. \n\nWeather?");
	free(s);
}
END_TEST

/* the secret goes after round(depth x fillers) sentences */
START_TEST(depth)
{
	static const struct {
		double depth;
		size_t before;
	} d[] = { { 0.0, 0 }, { 0.1, 10 }, { 0.58, 58 }, { 0.9, 90 }, { 1.0, 100 } };
	size_t i;

	for (i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		char *s = build(&spec, "X", d[i].depth, 100);
		const char *at = strstr(s, "CODE X.");

		ck_assert_ptr_nonnull(at);
		ck_assert_uint_eq((size_t)(at - s), d[i].before * 6 + 2);
		free(s);
	}
}
END_TEST

START_TEST(secrets_per_depth)
{
	char a[64], b[64], c[64];

	needle_secret_for("ZEBRA-42917-QUARTZ", 0.58, -1, a, sizeof(a));
	ck_assert_str_eq(a, "ZEBRA-42917-QUARTZ");
	needle_secret_for("ZEBRA-42917-QUARTZ", 0.1, 0, a, sizeof(a));
	needle_secret_for("ZEBRA-42917-QUARTZ", 0.5, 1, b, sizeof(b));
	needle_secret_for("ZEBRA-42917-QUARTZ", 0.1, 0, c, sizeof(c));
	ck_assert_str_ne(a, b);
	ck_assert_str_eq(a, c); /* the same in every run */
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

/* endpoints whose counts size nothing: the guess, and why */
static long counts_none(void *ctx, long count, bool *cheap)
{
	(void)ctx;
	(void)count;
	*cheap = false;
	return -1;
}

static long counts_constant(void *ctx, long count, bool *cheap)
{
	(void)ctx;
	(void)count;
	*cheap = false;
	return 57;
}

static long counts_linear(void *ctx, long count, bool *cheap)
{
	(void)ctx;
	*cheap = false;
	return 40 + 19 * count;
}

START_TEST(counts_that_cannot_size)
{
	char why[200];
	long n;

	n = needle_calibrate(&spec, 14000, counts_none, NULL, why, sizeof(why));
	ck_assert_int_eq(n, needle_count_guess(&spec, 14000));
	ck_assert_ptr_nonnull(strstr(why, "no prompt token count"));
	n = needle_calibrate(&spec, 14000, counts_constant, NULL, why, sizeof(why));
	ck_assert_int_eq(n, needle_count_guess(&spec, 14000));
	ck_assert_str_eq(why, "the endpoint's counts do not grow with the prompt (57 tokens for 32 "
			      "fillers, 57 for 160)");
	n = needle_calibrate(&spec, 14000, counts_linear, NULL, why, sizeof(why));
	ck_assert_int_eq(n, (14000 - 40 + 9) / 19);
	ck_assert_str_eq(why, "");
}
END_TEST

/* RULER's multi-key: the asked line at depth, five distractors of the
 * same shape spread evenly, the question naming the key asked */
START_TEST(multi_key_layout)
{
	struct needle_spec mk = { "F. ",
				  "ZEBRA-1",
				  "Code for {key} is {secret}.",
				  "Code for {key}?",
				  0.5,
				  NEEDLE_SIZE_NEEDLE_CTX,
				  0,
				  6,
				  1,
				  1 };
	struct needle_set ns;
	const char *asked[NEEDLE_MAX_KEYS * NEEDLE_MAX_VALUES],
		*decoys[NEEDLE_MAX_KEYS * NEEDLE_MAX_VALUES];
	size_t na, nd, i, j;
	char *s, line[96], q[64];

	needle_set_init(&mk, "ZEBRA-1", &ns);
	needle_set_codes(&ns, asked, &na, decoys, &nd);
	ck_assert_uint_eq(na, 1);
	ck_assert_uint_eq(nd, 5);
	ck_assert_str_eq(asked[0], "ZEBRA-1");
	s = needle_build(&mk, &ns, 0.5, 60);
	snprintf(line, sizeof(line), "Code for %s is ZEBRA-1.", ns.key[0]);
	/* 30 fillers of 3 characters before it, then "\n\n" */
	ck_assert_ptr_nonnull(strstr(s, line));
	snprintf(q, sizeof(q), "\n\nCode for %s?", ns.key[0]);
	ck_assert_str_eq(s + strlen(s) - strlen(q), q);
	for (i = 0; i < nd; i++) {
		ck_assert_ptr_nonnull(strstr(s, decoys[i]));
		for (j = 0; j < i; j++)
			ck_assert_str_ne(decoys[i], decoys[j]);
		ck_assert_str_ne(decoys[i], asked[0]);
	}
	/* distractor k at depth k/6: the first after 10 fillers */
	snprintf(line, sizeof(line), "Code for %s is %s.", ns.key[1], ns.code[1][0]);
	ck_assert_ptr_eq(strstr(s, line), s + 10 * 3 + 2);
	free(s);
}
END_TEST

/* multi-value and multi-query: every code asked, the keys joined in the
 * question, the same set in every run */
START_TEST(multi_value_and_query)
{
	struct needle_spec mq = { "F. ",
				  "ZEBRA-1",
				  "Code for {key} is {secret}.",
				  "Codes for {key}?",
				  0.2,
				  NEEDLE_SIZE_NEEDLE_CTX,
				  0,
				  4,
				  2,
				  3 };
	struct needle_set a, b;
	const char *asked[NEEDLE_MAX_KEYS * NEEDLE_MAX_VALUES],
		*decoys[NEEDLE_MAX_KEYS * NEEDLE_MAX_VALUES];
	size_t na, nd, i, j;
	char *s, q[96];

	needle_set_init(&mq, "ZEBRA-1", &a);
	needle_set_init(&mq, "ZEBRA-1", &b);
	ck_assert_mem_eq(&a, &b, sizeof(a));
	needle_set_codes(&a, asked, &na, decoys, &nd);
	ck_assert_uint_eq(na, 6);
	ck_assert_uint_eq(nd, 2);
	for (i = 0; i < na; i++)
		for (j = 0; j < i; j++)
			ck_assert_str_ne(asked[i], asked[j]);
	s = needle_build(&mq, &a, 0.2, 40);
	snprintf(q, sizeof(q), "Codes for %s, %s and %s?", a.key[0], a.key[1], a.key[2]);
	ck_assert_ptr_nonnull(strstr(s, q));
	for (i = 0; i < na; i++)
		ck_assert_ptr_nonnull(strstr(s, asked[i]));
	free(s);
}
END_TEST

Suite *needle_suite(void)
{
	Suite *s = suite_create("needle");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, layout);
	tcase_add_test(tc, depth);
	tcase_add_test(tc, secrets_per_depth);
	tcase_add_test(tc, count_from_two_points);
	tcase_add_test(tc, counts_that_cannot_size);
	tcase_add_test(tc, multi_key_layout);
	tcase_add_test(tc, multi_value_and_query);
	suite_add_tcase(s, tc);
	return s;
}
