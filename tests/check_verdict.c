/* SPDX-License-Identifier: Apache-2.0 */
/* check_verdict — observations into a verdict: the most frequent cause,
 * FAIL over ERROR, no pass without an observation, parity, the
 * haystack's size check. */
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "verdict.h"

static struct needle_spec spec = { .min_prompt_tokens = 100000 };
static struct probe needle_probe = { .id = "needle", .needle = &spec };
static struct probe plain = { .id = "smoke" };

static void add(struct probe_result *pr, bool pass, enum cause c, const char *detail)
{
	struct observation *o = probe_result_add_obs(pr, "x");

	ck_assert_ptr_nonnull(o);
	o->pass = pass;
	o->graded = !cause_is_exchange_error(c);
	o->cause = c;
	o->detail = strdup(detail);
	pr->total++;
	pr->passed += pass;
}

START_TEST(nothing_observed_is_no_pass)
{
	struct probe_result pr = { .probe = &plain };

	verdict_conclude(&pr);
	ck_assert_int_eq(pr.verdict, VERDICT_ERROR);
	ck_assert_ptr_nonnull(pr.message);
	probe_result_release(&pr);
}
END_TEST

START_TEST(most_frequent_cause_and_fail_over_error)
{
	struct probe_result pr = { .probe = &plain };

	add(&pr, true, CAUSE_NONE, "ok");
	add(&pr, false, CAUSE_TIMEOUT, "slow");
	add(&pr, false, CAUSE_WRONG_ANSWER, "a");
	add(&pr, false, CAUSE_WRONG_ANSWER, "b");
	verdict_conclude(&pr);
	ck_assert_int_eq(pr.verdict, VERDICT_FAIL);
	ck_assert_int_eq(pr.cause, CAUSE_WRONG_ANSWER);
	ck_assert_str_eq(pr.message, "1/4 passed; wrong-answer in 2 of 4: a");
	probe_result_release(&pr);
}
END_TEST

START_TEST(only_exchange_errors_are_an_error)
{
	struct probe_result pr = { .probe = &plain };

	add(&pr, false, CAUSE_HTTP_ERROR, "HTTP 500: boom");
	verdict_conclude(&pr);
	ck_assert_int_eq(pr.verdict, VERDICT_ERROR);
	ck_assert_str_eq(pr.message, "HTTP 500: boom");
	probe_result_release(&pr);
}
END_TEST

START_TEST(parity_that_differs_fails)
{
	struct probe_result pr = { .probe = &plain }, st = { .probe = &plain };

	add(&pr, true, CAUSE_NONE, "ok");
	add(&st, false, CAUSE_TOOL_CALL_AS_TEXT, "markup");
	verdict_conclude(&pr);
	verdict_conclude(&st);
	verdict_merge_parity(&pr, &st);
	ck_assert_int_eq(pr.verdict, VERDICT_FAIL);
	ck_assert_int_eq(pr.cause, CAUSE_STREAM_PARITY);
	ck_assert_int_eq(pr.total, 2);
	ck_assert_uint_eq(pr.n_obs, 2);
	ck_assert_str_eq(pr.obs[1].label, "stream:x");
	ck_assert_ptr_nonnull(strstr(pr.message, "non-streamed pass, streamed fail"));
	probe_result_release(&pr);
	probe_result_release(&st);
}
END_TEST

START_TEST(haystack_size_is_checked)
{
	struct probe_result pr = { .probe = &needle_probe };

	pr.needle_target = 110000;
	pr.needle_measured = 90000; /* truncated, and under the floor */
	verdict_check_prompt_size(&pr);
	ck_assert_uint_eq(pr.n_obs, 2);
	ck_assert_int_eq(pr.obs[0].cause, CAUSE_CONTEXT_OVERFLOW);
	ck_assert_ptr_nonnull(strstr(pr.obs[1].detail, "it truncated the prompt"));
	probe_result_release(&pr);
	memset(&pr, 0, sizeof(pr));
	pr.probe = &needle_probe;
	pr.needle_target = 110000;
	pr.needle_measured = 112000; /* within 3% */
	verdict_check_prompt_size(&pr);
	ck_assert_uint_eq(pr.n_obs, 0);
	probe_result_release(&pr);
}
END_TEST

Suite *verdict_suite(void)
{
	Suite *s = suite_create("verdict");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, nothing_observed_is_no_pass);
	tcase_add_test(tc, most_frequent_cause_and_fail_over_error);
	tcase_add_test(tc, only_exchange_errors_are_an_error);
	tcase_add_test(tc, parity_that_differs_fails);
	tcase_add_test(tc, haystack_size_is_checked);
	suite_add_tcase(s, tc);
	return s;
}
