/* SPDX-License-Identifier: Apache-2.0 */
/* check_behave — behavioural drift: a dataset line read as the request it
 * asks (the vendor verifier's "_input" role a system message, the run's
 * own settings dropped), an answer read as behaviour (its tool, its
 * arguments against that tool's schema, its finish, its structured
 * output), and two sides summarised: trigger counts, precision, recall
 * and F1 by hand, the interval holding the truth of a known flip rate. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "behave.h"
#include "suites.h"

static cJSON *request(const char *line)
{
	char err[256];
	cJSON *r = behave_request(line, strlen(line), err, sizeof(err));

	ck_assert_msg(r != NULL, "%s: %s", line, err);
	return r;
}

START_TEST(a_dataset_line_is_its_request)
{
	static const char *const bad[] = {
		"[1]",
		"{\"messages\": []}",
		"{\"messages\": [{\"content\": \"hi\"}]}",
		"{\"tools\": []}",
		"{\"messages\": [1]}",
		"not json",
	};
	cJSON *r = request("{\"model\": \"k2\", \"temperature\": 1, \"stream\": true, \"_meta\": "
			   "{\"id\": 7}, \"messages\": [{\"role\": \"_input\", \"content\": "
			   "\"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}], \"tools\": [], "
			   "\"tool_choice\": \"auto\", \"max_completion_tokens\": 9}");
	const cJSON *m = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "messages"), 0);
	char err[256];
	size_t i;

	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(m, "role")), "system");
	ck_assert_ptr_null(cJSON_GetObjectItem(r, "model"));
	ck_assert_ptr_null(cJSON_GetObjectItem(r, "temperature"));
	ck_assert_ptr_null(cJSON_GetObjectItem(r, "stream"));
	ck_assert_ptr_null(cJSON_GetObjectItem(r, "_meta"));
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(r, "tools"));
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(r, "tool_choice"));
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(r, "max_completion_tokens"));
	cJSON_Delete(r);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ck_assert_msg(!behave_request(bad[i], strlen(bad[i]), err, sizeof(err)), "%s",
			      bad[i]);
		ck_assert_msg(*err, "no reason for %s", bad[i]);
	}
}
END_TEST

#define TOOLS                                                                                      \
	"{\"messages\": [{\"role\": \"user\", \"content\": \"weather?\"}], \"tools\": "            \
	"[{\"type\": "                                                                             \
	"\"function\", \"function\": {\"name\": \"get_weather\", \"parameters\": {\"type\": "      \
	"\"object\", \"properties\": {\"city\": {\"type\": \"string\"}}, \"required\": "           \
	"[\"city\"], \"additionalProperties\": false}}}]}"

static const char *reply_with(char *out, size_t n, const char *message, const char *finish)
{
	snprintf(out, n,
		 "{\"id\": \"x\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, "
		 "\"message\": %s, \"finish_reason\": \"%s\"}]}",
		 message, finish);
	return out;
}

static struct behave_answer read_one(const cJSON *req, const char *message, const char *finish)
{
	struct behave_answer a;
	char body[2048], err[256];

	reply_with(body, sizeof(body), message, finish);
	ck_assert_msg(behave_read(req, body, strlen(body), &a, err, sizeof(err)) == 0, "%s", err);
	return a;
}

#define CALL(args)                                                                                 \
	"{\"role\": \"assistant\", \"content\": null, \"tool_calls\": [{\"id\": \"c\", \"type\": " \
	"\"function\", \"function\": {\"name\": \"get_weather\", \"arguments\": \"" args "\"}}]}"

START_TEST(an_answer_read_as_behaviour)
{
	cJSON *tools = request(TOOLS);
	cJSON *structured = request(
		"{\"messages\": [{\"role\": \"user\", \"content\": \"x\"}], \"response_format\": "
		"{\"type\": \"json_schema\", \"json_schema\": {\"name\": \"n\", \"schema\": "
		"{\"type\": \"object\", \"required\": [\"n\"], \"properties\": {\"n\": {\"type\": "
		"\"integer\"}}}}}}");
	struct behave_answer ok =
		read_one(tools, CALL("{\\\"city\\\": \\\"Oslo\\\"}"), "tool_calls");
	struct behave_answer wrong = read_one(tools, CALL("{\\\"town\\\": \\\"Oslo\\\"}"), "stop");
	struct behave_answer cut = read_one(tools, CALL("{\\\"city\\\": \\\"Os"), "length");
	struct behave_answer words =
		read_one(tools, "{\"role\": \"assistant\", \"content\": \"It is sunny.\"}", "stop");
	struct behave_answer again = read_one(
		tools, "{\"role\": \"assistant\", \"content\": \"It is sunny.\"}", "eos_token");
	struct behave_answer json = read_one(
		structured, "{\"role\": \"assistant\", \"content\": \"{\\\"n\\\": 3}\"}", "stop");
	struct behave_answer bad = read_one(
		structured, "{\"role\": \"assistant\", \"content\": \"{\\\"n\\\": 3.5}\"}", "stop");
	struct behave_answer a;
	char err[256];

	ck_assert(ok.answered && ok.called && ok.args_valid == 1);
	ck_assert_str_eq(ok.tool, "get_weather");
	ck_assert_int_eq(ok.finish, BEHAVE_TOOL_CALLS);
	ck_assert_int_eq(ok.structured, -1);
	ck_assert(wrong.called && wrong.args_valid == 0); /* not its schema */
	ck_assert(cut.called && cut.args_valid == 0);	  /* not JSON */
	ck_assert_int_eq(cut.finish, BEHAVE_LENGTH);
	ck_assert(!words.called && words.args_valid == -1);
	ck_assert_int_eq(words.finish, BEHAVE_STOP);
	ck_assert(words.digest == again.digest); /* the same answer, another word for stop */
	ck_assert(ok.digest != wrong.digest && ok.digest != words.digest);
	ck_assert_int_eq(json.structured, 1);
	ck_assert_int_eq(bad.structured, 0);
	ck_assert_int_eq(behave_read(tools, "{\"error\": 1}", 12, &a, err, sizeof(err)), -1);
	ck_assert(!a.answered && *err);
	cJSON_Delete(tools);
	cJSON_Delete(structured);
}
END_TEST

static struct behave_answer calls(const char *tool)
{
	struct behave_answer a;

	memset(&a, 0, sizeof(a));
	a.answered = true;
	a.args_valid = -1;
	a.structured = -1;
	if (tool) {
		a.called = true;
		snprintf(a.tool, sizeof(a.tool), "%s", tool);
		a.args_valid = 1;
		a.finish = BEHAVE_TOOL_CALLS;
	}
	return a;
}

/* 10 requests by hand: the reference calls on 6, the other side on 5 of
 * those (one another tool) and on 1 more; one answer missing */
START_TEST(two_sides_by_hand)
{
	struct behave_answer a[10], b[10];
	struct behave_summary s;
	int i;

	for (i = 0; i < 10; i++) {
		a[i] = calls(i < 6 ? "t" : NULL);
		b[i] = calls(i < 5 ? (i == 4 ? "u" : "t") : i == 8 ? "t" : NULL);
	}
	b[9].answered = false;
	ck_assert_int_eq(behave_summarise(a, b, 10, 7, 500, 0.05, &s), 0);
	ck_assert_uint_eq(s.n, 9);
	ck_assert_uint_eq(s.tp, 5);
	ck_assert_uint_eq(s.fn, 1);
	ck_assert_uint_eq(s.fp, 1);
	ck_assert_uint_eq(s.tn, 2);
	ck_assert_double_eq_tol(s.precision, 5.0 / 6, 1e-12);
	ck_assert_double_eq_tol(s.recall, 5.0 / 6, 1e-12);
	ck_assert_double_eq_tol(s.f1, 10.0 / 12, 1e-12);
	ck_assert(s.f1_defined);
	ck_assert(s.f1_ci.low <= s.f1 && s.f1 <= s.f1_ci.high && s.f1_ci.high <= 1);
	ck_assert_uint_eq(s.both_called, 5);
	ck_assert_uint_eq(s.same_tool, 4);
	ck_assert_uint_eq(s.calls, 6);
	ck_assert_uint_eq(s.finish_a[BEHAVE_TOOL_CALLS], 6);
	ck_assert_uint_eq(s.finish_b[BEHAVE_STOP], 3);
	/* nobody called anything: no F1, nothing to test */
	for (i = 0; i < 10; i++)
		a[i] = b[i] = calls(NULL);
	behave_summarise(a, b, 10, 7, 500, 0.05, &s);
	ck_assert(!s.f1_defined);
	ck_assert_double_eq(s.f1, -1);
	ck_assert_uint_eq(s.exact, 10);
}
END_TEST

/* a side that flips the reference's decision on a known share of 400
 * requests (half of which call): the interval of its F1 holds the
 * truth, and is narrower than on 40 */
START_TEST(the_interval_holds_a_known_flip_rate)
{
	enum { N = 400 };
	static struct behave_answer a[N], b[N];
	struct behave_summary big, small;
	unsigned long h = 12345;
	size_t tp = 0, fp = 0, fn = 0;
	int i;
	double truth;

	for (i = 0; i < N; i++) {
		bool call = i % 2 == 0, flip;

		h = h * 6364136223846793005UL + 1442695040888963407UL;
		flip = (h >> 33) % 10 < 2; /* about 20% */
		a[i] = calls(call ? "t" : NULL);
		b[i] = calls(call != flip ? "t" : NULL);
		tp += call && call != flip;
		fp += !call && call != flip;
		fn += call && call == flip;
	}
	truth = 2.0 * (double)tp / (double)(2 * tp + fp + fn);
	behave_summarise(a, b, N, 3, 2000, 0.05, &big);
	behave_summarise(a, b, 40, 3, 2000, 0.05, &small);
	ck_assert_double_eq_tol(big.f1, truth, 1e-12);
	ck_assert_msg(big.f1_ci.low < truth && truth < big.f1_ci.high, "%g not in %g-%g", truth,
		      big.f1_ci.low, big.f1_ci.high);
	ck_assert(big.f1_ci.high - big.f1_ci.low < small.f1_ci.high - small.f1_ci.low);
	ck_assert(big.f1_ci.high < 0.95); /* a fifth flipped is not "the same" */
}
END_TEST

/* the early stop's bets read the right requests: misses among the
 * reference's calls, calls the reference did not make among the other's;
 * half the calls missed decides against an F1 limit of 0.9 (recall must
 * reach 0.9 / 1.1), the interval holding the true F1; the same calls, or
 * misses at the limit's own rate, never decide */
START_TEST(the_bets_read_recall_and_precision)
{
	enum { N = 110 };
	static struct behave_answer a[N], b[N];
	struct behave_seq q;
	double decide = log(2 / 0.01);
	int i;

	for (i = 0; i < N; i++) { /* half call; the other side misses every other call */
		a[i] = calls(i % 2 ? NULL : "t");
		b[i] = calls(i % 4 == 0 ? "t" : NULL);
	}
	b[N - 1].answered = false; /* left out */
	ck_assert_int_eq(behave_seq(a, b, N, 0.9, 0.01, &q), 0);
	ck_assert_uint_eq(q.ref_called, 55);
	ck_assert_uint_eq(q.other_called, 28);
	ck_assert(q.log_miss >= decide);
	ck_assert(q.log_extra < 0); /* no call of its own: that bet loses */
	ck_assert(q.f1.low <= 56.0 / 83 && 56.0 / 83 <= q.f1.high && q.f1.high < 0.9);
	for (i = 0; i < N; i++) /* every request called: precision's bet decides */
		b[i] = calls("t");
	behave_seq(a, b, N, 0.9, 0.01, &q);
	ck_assert(q.log_extra >= decide && q.log_miss < 0);
	for (i = 0; i < N; i++) /* the same calls */
		b[i] = a[i];
	behave_seq(a, b, N, 0.9, 0.01, &q);
	ck_assert(q.log_miss < decide && q.log_extra < decide);
	ck_assert_msg(q.f1.high >= 1 && q.f1.low > 0.7, "%g %g", q.f1.low, q.f1.high);
	for (i = 0; i < N; i++) { /* every call, 2 of 11 missed: recall 0.818 exactly */
		a[i] = calls("t");
		b[i] = calls(i % 11 < 2 ? NULL : "t");
	}
	behave_seq(a, b, N, 0.9, 0.01, &q);
	ck_assert(q.log_miss < decide);
}
END_TEST

Suite *behave_suite(void)
{
	Suite *s = suite_create("behave");
	TCase *tc = tcase_create("behave");

	tcase_add_test(tc, a_dataset_line_is_its_request);
	tcase_add_test(tc, an_answer_read_as_behaviour);
	tcase_add_test(tc, two_sides_by_hand);
	tcase_add_test(tc, the_interval_holds_a_known_flip_rate);
	tcase_add_test(tc, the_bets_read_recall_and_precision);
	suite_add_tcase(s, tc);
	return s;
}
