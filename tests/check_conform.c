/* SPDX-License-Identifier: Apache-2.0 */
/* check_conform — the conformance checks: each kind's judge on canned
 * answers (every status it can give), the loader's rules for a
 * "conformance" block, and preflight conform end to end against every
 * engine personality of the fake, whose matrices are golden files. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conform.h"
#include "probe.h"
#include "suites.h"
#include "testutil.h"

static struct probe_set checks;

/* the shipped check called id */
static const struct probe *check_named(const char *id)
{
	char dir[4096], err[512];
	const struct probe *p;

	if (!checks.n) {
		snprintf(dir, sizeof(dir), "%s/probes/conformance", repo_root());
		ck_assert_msg(probe_load_dir(dir, &checks, err, sizeof(err)) == 0, "%s", err);
	}
	p = probe_set_find(&checks, id);
	ck_assert_msg(p != NULL, "no check %s", id);
	return p;
}

/* a whole chat completion: content (JSON text, or null), the message's
 * other members, the choice's, and usage */
static char *whole(const char *content, const char *message, const char *choice, long prompt,
		   long completion)
{
	char *body = malloc(8192);

	snprintf(body, 8192,
		 "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
		 "\"message\":{\"role\":\"assistant\",\"content\":%s%s%s},\"finish_reason\":"
		 "\"stop\"%s%s}],\"usage\":{\"prompt_tokens\":%ld,\"completion_tokens\":%ld,"
		 "\"total_tokens\":%ld}}",
		 content, message ? "," : "", message ? message : "", choice ? "," : "",
		 choice ? choice : "", prompt, completion, prompt + completion);
	return body;
}

struct row {
	const char *check;
	const char *body[3]; /* one answer each; "" ends */
	long status[3];	     /* 0: 200 */
	long own;	     /* the engine's own count, -1 none */
	enum conform_status want;
	const char *evidence; /* part of the evidence */
};

#define STOPPED(c)   "\"" c "\""
#define TOOLS(calls) "\"tool_calls\":[" calls "]"
#define CALL(id, name, args)                                                                       \
	"{\"id\":" id ",\"type\":\"function\",\"function\":{\"name\":\"" name                      \
	"\",\"arguments\":" args "}}"
#define SSE(d) "data: " d "\n\n"
#define CHUNK(choices, rest)                                                                       \
	"{\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"choices\":" choices rest "}"
#define DELTA(d, fin) "[{\"index\":0,\"delta\":" d ",\"finish_reason\":" fin "}]"
#define USAGE	      ",\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2,\"total_tokens\":7}"
#define STREAM_HEAD   SSE(CHUNK(DELTA("{\"role\":\"assistant\",\"content\":\"\"}", "null"), ""))
#define STREAM_TEXT   SSE(CHUNK(DELTA("{\"content\":\"Hi\"}", "null"), ""))
#define STREAM_END    SSE(CHUNK(DELTA("{}", "\"stop\""), ""))

/* rows whose bodies are literal; the whole() ones are built in the test */
static const struct row rows[] = {
	{ "rf-text",
	  { "{\"error\":{\"message\":\"response_format text is not supported\"}}" },
	  { 400 },
	  -1,
	  CONFORM_REJECTED,
	  "HTTP 400: \"response_format text is not supported\"" },
	{ "rf-text", { "" }, { 503 }, -1, CONFORM_BROKEN, "HTTP 503" },
	{ "e-404",
	  { "{\"error\":{\"message\":\"The model `x` does not "
	    "exist.\",\"type\":\"NotFoundError\"}}" },
	  { 404 },
	  -1,
	  CONFORM_HONOURED,
	  "HTTP 404" },
	{ "e-404",
	  { "{\"detail\":\"Not Found\"}" },
	  { 404 },
	  -1,
	  CONFORM_BROKEN,
	  "not an OpenAI error object" },
	{ "e-404",
	  { "{\"object\":\"error\",\"message\":\"no\"}" },
	  { 404 },
	  -1,
	  CONFORM_BROKEN,
	  "not an OpenAI" },
	{ "e-400",
	  { "{\"error\":\"bad\",\"error_type\":\"validation\"}" },
	  { 422 },
	  -1,
	  CONFORM_BROKEN,
	  "HTTP 422 where 400 is due" },
	{ "e-param",
	  { "{\"choices\":[]}" },
	  { 200 },
	  -1,
	  CONFORM_IGNORED,
	  "accepted where 400 is due" },
	{ "s-usage",
	  { STREAM_HEAD STREAM_TEXT STREAM_END SSE(CHUNK("[]", USAGE)) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_HONOURED,
	  "choices\": []" },
	{ "s-usage",
	  { STREAM_HEAD STREAM_TEXT SSE(CHUNK(DELTA("{}", "\"stop\""), USAGE)) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "only on chunks with a choice" },
	{ "s-usage",
	  { STREAM_HEAD STREAM_TEXT STREAM_END "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_IGNORED,
	  "no usage came" },
	{ "s-done",
	  { STREAM_HEAD STREAM_TEXT STREAM_END },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "without data: [DONE]" },
	{ "s-done",
	  { STREAM_HEAD STREAM_TEXT STREAM_END "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_HONOURED,
	  "ends with" },
	{ "s-role",
	  { SSE(CHUNK(DELTA("{\"content\":\"Hi\"}", "null"), "")) STREAM_END "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "no role" },
	{ "s-finish",
	  { STREAM_HEAD SSE(CHUNK(DELTA("{\"content\":\"Hi\"}", "\"stop\""), ""))
		    SSE(CHUNK(DELTA("{\"content\":\"\"}", "null"), "")) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "not on the last choice chunk" },
	{ "s-finish",
	  { STREAM_HEAD SSE(CHUNK(DELTA("{}", "\"stop_sequence\""), "")) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "not an OpenAI finish_reason" },
	{ "s-tool-deltas",
	  { STREAM_HEAD SSE(CHUNK(DELTA("{\"tool_calls\":[{\"index\":0,\"function\":{\"name\":"
					"\"get_weather\",\"arguments\":\"\"}}]}",
					"null"),
				  ""))
		    SSE(CHUNK(DELTA("{}", "\"tool_calls\""), "")) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_BROKEN,
	  "has no id" },
	{ "s-tool-deltas",
	  { STREAM_HEAD SSE(CHUNK(DELTA("{\"tool_calls\":[{\"index\":0,\"id\":\"c1\",\"function\":{"
					"\"name\":\"get_weather\",\"arguments\":\"\"}}]}",
					"null"),
				  "")) SSE(CHUNK(DELTA("{\"tool_calls\":[{\"index\":0,\"function\":"
						       "{\"arguments\":\"{}\"}}]}",
						       "null"),
						 ""))
		    SSE(CHUNK(DELTA("{}", "\"tool_calls\""), "")) "data: [DONE]\n\n" },
	  { 0 },
	  -1,
	  CONFORM_HONOURED,
	  "2 fragments" },
};

/* reads the answers a (label, stream, status, body set) and judges them
 * as check p's */
static void judge_answers(const struct probe *p, struct conform_answer *a, size_t n, long own,
			  enum conform_status *st, char *ev, size_t len)
{
	struct conform_input in = { p->conform, p->request, a, n, own };
	size_t i;

	for (i = 0; i < n; i++)
		conform_answer_read(&a[i], NULL, 0);
	conform_judge(&in, st, ev, len);
	for (i = 0; i < n; i++)
		conform_answer_release(&a[i]);
}

/* judges bodies as check id's answers, each labelled as the runner labels
 * that request (a control is a control) */
static void judge(const char *id, const char *const *bodies, const long *status, size_t n, long own,
		  enum conform_status want, const char *evidence)
{
	struct conform_answer a[CONFORM_MAX_ANSWERS];
	struct conform_variant v[CONFORM_MAX_ANSWERS];
	const struct probe *p = check_named(id);
	size_t i, nv = conform_variants(p->conform, true, v);
	enum conform_status got;
	char ev[600];

	for (i = 0; i < n; i++) {
		memset(&a[i], 0, sizeof(a[i]));
		a[i].label = i < nv ? v[i].label : "plain";
		a[i].control = i < nv && v[i].control;
		a[i].stream = !strncmp(bodies[i], "data:", 5);
		a[i].status = status[i] ? status[i] : 200;
		a[i].body = bodies[i];
		a[i].len = strlen(bodies[i]);
	}
	judge_answers(p, a, n, own, &got, ev, sizeof(ev));
	ck_assert_msg(got == want, "%s: %s (%s), want %s", id, conform_status_name(got), ev,
		      conform_status_name(want));
	ck_assert_msg(strstr(ev, evidence) != NULL, "%s: evidence '%s' lacks '%s'", id, ev,
		      evidence);
}

START_TEST(literal_answers)
{
	const struct row *r = &rows[_i];
	size_t n = 0;

	while (n < 3 && r->body[n] && (*r->body[n] || (n == 0 && r->status[0])))
		n++;
	judge(r->check, r->body, r->status, n, r->own, r->want, r->evidence);
}
END_TEST

struct built {
	const char *check;
	const char *content, *message, *choice;
	long prompt, completion, own;
	enum conform_status want;
	const char *evidence;
};

#define LP(entries) "\"logprobs\":{\"content\":[" entries "]}"
#define LPE(t)	    "{\"token\":\"" t "\",\"logprob\":-0.5,\"bytes\":[104],\"top_logprobs\":[{},{}]}"

static const struct built builts[] = {
	{ "rf-json-schema", "\"{\\\"city\\\":\\\"Paris\\\",\\\"population\\\":2100000}\"", NULL,
	  NULL, 5, 9, -1, CONFORM_HONOURED, "valid against the schema" },
	{ "rf-json-schema", "\"Paris is lovely in spring.\"", NULL, NULL, 5, 9, -1, CONFORM_IGNORED,
	  "not JSON" },
	{ "rf-json-schema", "\"{\\\"city\\\":\\\"Paris\\\"}\"", NULL, NULL, 5, 9, -1,
	  CONFORM_BROKEN, "population" },
	{ "rf-schema-pattern", "\"{\\\"code\\\":\\\"mug\\\"}\"", NULL, NULL, 5, 9, -1,
	  CONFORM_BROKEN, "does not match pattern" },
	{ "rf-schema-format-date", "\"{\\\"day\\\":\\\"2026-13-01\\\"}\"", NULL, NULL, 5, 9, -1,
	  CONFORM_BROKEN, "not a valid date" },
	{ "rf-schema-recursion",
	  "\"{\\\"name\\\":\\\"Ann\\\",\\\"children\\\":[{\\\"name\\\":\\\"Bob\\\","
	  "\\\"children\\\":[\\\"Cy\\\"]}]}\"",
	  NULL, NULL, 5, 9, -1, CONFORM_BROKEN, "children[0].children[0]" },
	{ "rf-json-object", "\"```json\\n{}\\n```\"", NULL, NULL, 5, 9, -1, CONFORM_IGNORED,
	  "not JSON" },
	{ "rf-json-object", "\"[1, 2]\"", NULL, NULL, 5, 9, -1, CONFORM_BROKEN, "not an object" },
	{ "rf-json-object", "\"{\\\"city\\\": \\\"Paris\\\"} I hope this helps!\"", NULL, NULL, 5,
	  9, -1, CONFORM_IGNORED, "not JSON" },
	{ "rf-json-object", "\" {\\\"city\\\": \\\"Paris\\\"}\\n\"", NULL, NULL, 5, 9, -1,
	  CONFORM_HONOURED, "a JSON object" },
	{ "tc-required", "\"Hello!\"", NULL, NULL, 5, 9, -1, CONFORM_IGNORED, "no tool call" },
	{ "tc-required",
	  "\"<tool_call>\\n{\\\"name\\\": \\\"get_weather\\\", \\\"arguments\\\": {}}\\n"
	  "</tool_call>\"",
	  NULL, NULL, 5, 9, -1, CONFORM_BROKEN, "as text in content" },
	{ "tc-required", "null", TOOLS(CALL("\"a\"", "get_weather", "\"{}\"")), NULL, 5, 9, -1,
	  CONFORM_HONOURED, "1 call: get_weather" },
	{ "tc-none", "null", TOOLS(CALL("\"a\"", "get_weather", "\"{}\"")), NULL, 5, 9, -1,
	  CONFORM_IGNORED, "despite tool_choice \"none\"" },
	{ "tc-named", "null", TOOLS(CALL("\"a\"", "get_weather", "\"{}\"")), NULL, 5, 9, -1,
	  CONFORM_IGNORED, "where tool_choice names get_time" },
	{ "tc-parallel", "null", TOOLS(CALL("\"a\"", "get_weather", "\"{}\"")), NULL, 5, 9, -1,
	  CONFORM_IGNORED, "where 2 are due" },
	{ "tc-parallel", "\"It is sunny.\"", NULL, NULL, 5, 9, -1, CONFORM_SKIPPED,
	  "no tool call at all" },
	{ "tc-parallel-off", "null",
	  TOOLS(CALL("\"a\"", "get_weather", "\"{}\"") "," CALL("\"b\"", "get_weather", "\"{}\"")),
	  NULL, 5, 9, -1, CONFORM_IGNORED, "at most 1" },
	{ "tc-ids", "null",
	  TOOLS(CALL("\"a\"", "get_weather", "\"{}\"") "," CALL("\"a\"", "get_weather", "\"{}\"")),
	  NULL, 5, 9, -1, CONFORM_BROKEN, "share the id" },
	{ "tc-ids", "null", TOOLS(CALL("\"\"", "get_weather", "\"{}\"")), NULL, 5, 9, -1,
	  CONFORM_BROKEN, "has no id" },
	{ "p-stop", "\"1 2 3 4 5 6 7 8\"", NULL, NULL, 5, 9, -1, CONFORM_IGNORED, "went on past" },
	{ "p-stop", "\"1 2 3 4 5 6 7\"", NULL, NULL, 5, 9, -1, CONFORM_BROKEN,
	  "ends with the stop" },
	{ "p-stop", "\"1 2 3 4 5 6 \"", NULL, NULL, 5, 9, -1, CONFORM_SKIPPED,
	  "no control answer" },
	{ "p-max-tokens", "\"A hash map\"", NULL, NULL, 5, 40, -1, CONFORM_IGNORED,
	  "40 completion tokens where max_tokens is 16" },
	{ "p-max-tokens", "\"A hash map\"", NULL, NULL, 5, 16, -1, CONFORM_BROKEN,
	  "finish_reason \"stop\" where \"length\" is due" },
	{ "p-n", "\"Apple\"", NULL, NULL, 5, 9, -1, CONFORM_IGNORED, "1 choice where n is 2" },
	{ "p-logprobs", "\"Hi\"", NULL, "\"logprobs\":null", 5, 9, -1, CONFORM_IGNORED, "null" },
	{ "p-logprobs", "\"Hi\"", NULL, "\"logprobs\":{\"content\":[{\"token\":1}]}", 5, 9, -1,
	  CONFORM_BROKEN, "token is not a string" },
	{ "p-logprobs", "\"Hi\"", NULL, LP(LPE("H") "," LPE("i")), 5, 9, -1, CONFORM_HONOURED,
	  "2 tokens, each with 2 alternatives" },
	{ "u-completion", "\"Hi\"", NULL, LP(LPE("H") "," LPE("i")), 5, 2, -1, CONFORM_HONOURED,
	  "completion_tokens 2, 2 tokens returned" },
	{ "u-completion", "\"Hi\"", NULL, LP(LPE("H") "," LPE("i")), 5, 9, -1, CONFORM_BROKEN,
	  "completion_tokens 9, 2 tokens" },
	{ "u-prompt", "\"Hi\"", NULL, NULL, 10, 2, 10, CONFORM_HONOURED,
	  "10, the engine's own count 10" },
	{ "u-prompt", "\"Hi\"", NULL, NULL, 10, 2, 13, CONFORM_BROKEN, "own count 13" },
	{ "u-prompt", "\"Hi\"", NULL, NULL, 10, 2, -1, CONFORM_SKIPPED, "no token counter" },
	{ "m-roles", "\"PINEAPPLE\"", NULL, NULL, 5, 2, -1, CONFORM_HONOURED, "followed" },
	{ "m-roles", "\"I like mangoes.\"", NULL, NULL, 5, 2, -1, CONFORM_IGNORED, "not followed" },
	{ "r-field", "\"391\"", "\"reasoning_content\":\"17 times 23 is 391\"", NULL, 5, 9, -1,
	  CONFORM_HONOURED, "reasoning_content" },
	{ "r-field", "\"<think>17 times 23</think>391\"", NULL, NULL, 5, 9, -1, CONFORM_BROKEN,
	  "between think tags" },
	{ "r-field", "\"391\"", NULL, NULL, 5, 9, -1, CONFORM_SKIPPED, "may not reason" },
};

START_TEST(built_answers)
{
	const struct built *b = &builts[_i];
	char *body = whole(b->content, b->message, b->choice, b->prompt, b->completion);
	const char *bodies[1] = { body };
	long status[1] = { 0 };

	judge(b->check, bodies, status, 1, b->own, b->want, b->evidence);
	free(body);
}
END_TEST

#define USAGE6 ",\"usage\":{\"prompt_tokens\":6,\"completion_tokens\":2,\"total_tokens\":8}"

/* the kinds that compare two or more answers */
START_TEST(compared_answers)
{
	char *a = whole("\"amber river\"", NULL, NULL, 5, 3);
	char *b = whole("\"amber stone\"", NULL, NULL, 5, 3);
	char *on = whole("\"391\"", "\"reasoning\":\"long thought\"", NULL, 5, 9);
	char *off = whole("\"Hi\"", NULL, NULL, 5, 2);
	char *call = whole("null",
			   TOOLS(CALL("\"a\"", "get_weather", "\"{\\\"city\\\":\\\"Paris\\\"}\"")),
			   NULL, 5, 9);
	char *object = whole("null", TOOLS(CALL("\"a\"", "get_weather", "{\"city\":\"Paris\"}")),
			     NULL, 5, 9);
	const char *same[] = { a, a }, *differ[] = { a, b }, *sw[] = { on, on };
	const char *sw_ok[] = { on, off }, *effort[] = { off, on }, *args[] = { call, object };
	const char *usage_same[] = { off, STREAM_HEAD STREAM_TEXT STREAM_END SSE(
						  CHUNK("[]", USAGE)) "data: [DONE]\n\n" };
	const char *usage_differ[] = { off, STREAM_HEAD STREAM_TEXT STREAM_END SSE(
						    CHUNK("[]", USAGE6)) "data: [DONE]\n\n" };
	long st[2] = { 0, 0 };

	judge("p-seed", same, st, 2, -1, CONFORM_HONOURED, "2 identical answers");
	judge("p-seed", differ, st, 2, -1, CONFORM_IGNORED,
	      "answer 2 differs from answer 1 at character 6");
	judge("r-switch", sw, st, 2, -1, CONFORM_IGNORED, "with false");
	judge("r-switch", sw_ok, st, 2, -1, CONFORM_HONOURED, ", 0 with false");
	judge("r-effort", effort, st, 2, -1, CONFORM_HONOURED, "at effort low");
	judge("r-effort", sw, st, 2, -1, CONFORM_IGNORED, "at effort low");
	judge("tc-args-stream", args, st, 2, -1, CONFORM_BROKEN, "not a string of JSON text");
	judge("u-stream", usage_same, st, 2, -1, CONFORM_HONOURED, "prompt 5 and completion 2");
	judge("u-stream", usage_differ, st, 2, -1, CONFORM_BROKEN,
	      "prompt_tokens 5 plain, 6 streamed");
	free(a);
	free(b);
	free(on);
	free(off);
	free(call);
	free(object);
}
END_TEST

/* N1 (field-findings-2): "honoured" only on evidence that the key acted.
 * stop: two controls without it must go past the stop string; a server
 * that answers "I do not know." shows nothing (aimock's fixtures).
 * parallel_tool_calls false: the control without it must make parallel
 * calls (a server that never does shows nothing). */
START_TEST(n1_honoured_only_on_evidence)
{
	char *stopped = whole("\"1 2 3 4 5 6 \"", NULL, NULL, 5, 9);
	char *all = whole("\"1 2 3 4 5 6 7 8 9 10\"", NULL, NULL, 5, 19);
	char *short_ = whole("\"I do not know.\"", NULL, NULL, 5, 4);
	char *one = whole("null", TOOLS(CALL("\"a\"", "get_weather", "\"{}\"")), NULL, 5, 9);
	char *two = whole("null",
			  TOOLS(CALL("\"a\"", "get_weather",
				     "\"{}\"") "," CALL("\"b\"", "get_weather", "\"{}\"")),
			  NULL, 5, 9);
	const char *honoured[] = { stopped, all, all }, *unshown[] = { short_, short_, short_ };
	const char *disagree[] = { stopped, all, stopped }, *par_ok[] = { one, two };
	const char *par_unshown[] = { one, one };
	long st[3] = { 0, 0, 0 };

	judge("p-stop", honoured, st, 3, -1, CONFORM_HONOURED, "without stop: \"1 2 3 4 5 6 7 8");
	judge("p-stop", unshown, st, 3, -1, CONFORM_SKIPPED,
	      "without stop the answer never goes past the stop string either");
	judge("p-stop", disagree, st, 3, -1, CONFORM_SKIPPED, "the controls");
	judge("tc-parallel-off", par_ok, st, 2, -1, CONFORM_HONOURED,
	      "without parallel_tool_calls: 2 calls");
	judge("tc-parallel-off", par_unshown, st, 2, -1, CONFORM_SKIPPED,
	      "nothing shows the flag acted");
	free(stopped);
	free(all);
	free(short_);
	free(one);
	free(two);
}
END_TEST

/* N2: a streamed tool call that never comes, where the same request
 * unstreamed makes one, is broken — not skipped, which reads as a pass.
 * N14: m-tool-result says a call came instead of an answer. */
START_TEST(n2_n14_a_call_lost_one_way)
{
	char *call = whole("null",
			   TOOLS(CALL("\"a\"", "get_weather", "\"{\\\"city\\\":\\\"Paris\\\"}\"")),
			   NULL, 5, 9);
	char *prose = whole("\"I cannot look up the weather.\"", NULL, NULL, 5, 9);
	const char *prose_stream = STREAM_HEAD STREAM_TEXT STREAM_END "data: [DONE]\n\n";
	const char *lost[] = { call, prose_stream }, *deltas[] = { prose_stream, call };
	const char *neither[] = { prose_stream, prose }, *instead[] = { call };
	long st[2] = { 0, 0 };

	judge("tc-args-stream", lost, st, 2, -1, CONFORM_BROKEN,
	      "the streamed answer has no tool call where the plain one calls get_weather");
	judge("s-tool-deltas", deltas, st, 2, -1, CONFORM_BROKEN,
	      "no tool call was streamed where the same request unstreamed calls get_weather");
	judge("s-tool-deltas", neither, st, 2, -1, CONFORM_SKIPPED,
	      "no tool call came, streamed or not");
	judge("m-tool-result", instead, st, 1, -1, CONFORM_IGNORED,
	      "a tool call (get_weather) came instead of an answer");
	free(call);
	free(prose);
}
END_TEST

/* the same against the fake: prose streams where a call comes unstreamed */
START_TEST(n2_stream_drops_tools)
{
	struct outcome o;
	const cJSON *c;
	cJSON *r = report_against(&o, "conform-stream-drops-tools", "conform",
				  "tc-args-stream,s-tool-deltas");

	ck_assert_int_eq(o.code, 1);
	ck_assert_int_eq(checks_all(r, "broken"), 2);
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(r, "checks")) ck_assert_ptr_null(
		strstr(cJSON_GetStringValue(cJSON_GetObjectItem(c, "remedy")), "tool_choice"));
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* N3: a 5xx on every request: every check broken with the server
 * failure's remedy, none with its feature's */
START_TEST(n3_server_errors_get_the_failures_remedy)
{
	struct outcome o;
	const cJSON *c;
	cJSON *r = report_against(&o, "conform-500", "conform", NULL);
	int n = 0;

	ck_assert_int_eq(o.code, 1);
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(r, "checks"))
	{
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(c, "id"));
		const char *remedy = cJSON_GetStringValue(cJSON_GetObjectItem(c, "remedy"));
		const struct probe *p = check_named(id);

		ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(c, "status")), "broken");
		ck_assert_msg(remedy && strstr(remedy, "server log"), "%s: %s", id,
			      remedy ? remedy : "(none)");
		ck_assert_msg(!p->conform->n_remedies || strcmp(remedy, p->conform->remedy_text[0]),
			      "%s has its feature's remedy", id);
		n++;
	}
	ck_assert_int_eq(n, 60);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* N3: a server that dies mid-run is named once; the first check that got
 * no answer is judged, the ones after it are not observed (skipped) */
START_TEST(n3_a_server_that_dies_is_named_once)
{
	struct outcome o;
	const cJSON *c;
	cJSON *r = report_against(&o, "conform-dies", "conform", NULL);
	int broken = 0, lost = 0;

	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out, "note: the server stopped answering at "));
	ck_assert_ptr_nonnull(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(
					     cJSON_GetObjectItem(r, "endpoint"), "note")),
				     "the server stopped answering at "));
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(r, "checks"))
	{
		const char *cause = cJSON_GetStringValue(cJSON_GetObjectItem(c, "cause"));
		const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));

		if (!cause || strcmp(cause, "transport-error"))
			continue;
		broken += !strcmp(st, "broken");
		lost += !strcmp(st, "skipped");
	}
	ck_assert_int_eq(broken, 1);
	ck_assert_int_ge(lost, 20);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* N8: every request rate-limited: nothing was observed, so the endpoint
 * could not be used (exit 3), in every output; no check is "broken" by a
 * 429 where a 400 was due */
START_TEST(n8_every_request_rate_limited)
{
	const char *argv[] = { "conform", "--endpoint", "{url}",  "--json", "r.json",
			       "--junit", "r.xml",	"--html", "r.html", NULL };
	struct outcome o;
	cJSON *r;
	char *html;

	outcome_mkdir(&o);
	run_against(&o, "conform-rate-limited", argv);
	ck_assert_msg(o.code == 3, "exit %d\n%s", o.code, o.out);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: ENDPOINT UNUSABLE"));
	ck_assert_ptr_nonnull(strstr(o.out, "every request was rate-limited"));
	r = read_json_report(&o, "r.json");
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(checks_all(r, "skipped"), 60);
	html = read_report(&o, "r.html");
	ck_assert_ptr_nonnull(strstr(html, "ENDPOINT UNUSABLE"));
	ck_assert_ptr_null(strstr(html, "without a failure"));
	free(html);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* the same against the fake: a server that ignores stop and never makes
 * parallel calls, but answers too briefly to show either */
START_TEST(n1_short_answers_prove_nothing)
{
	struct outcome o;
	cJSON *r = report_against(&o, "conform-short-answers", "conform", "p-stop,tc-parallel-off");

	ck_assert_int_eq(checks_all(r, "skipped"), 2);
	ck_assert_ptr_nonnull(strstr(o.out, "never goes past the stop string"));
	ck_assert_ptr_nonnull(strstr(o.out, "nothing shows the flag acted"));
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* a stream asked for and a whole reply sent: the stream checks see stream
 * ignored; an answer cut by the budget skips a check of its calls */
START_TEST(unstreamed_and_cut)
{
	static const char cut[] = "{\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
				  "\"content\":\"Let me think\"},\"finish_reason\":\"length\"}],"
				  "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":16}}";
	const struct probe *done = check_named("s-done"), *req = check_named("tc-required");
	char *body = whole("\"Hello\"", NULL, NULL, 5, 2);
	struct conform_answer a = { .label = "streamed",
				    .stream = true,
				    .status = 200,
				    .body = body,
				    .len = strlen(body) };
	enum conform_status st;
	char ev[600];

	judge_answers(done, &a, 1, -1, &st, ev, sizeof(ev));
	ck_assert_int_eq(st, CONFORM_IGNORED);
	ck_assert_ptr_nonnull(strstr(ev, "\"stream\": true had no effect"));
	a = (struct conform_answer){
		.label = "plain", .status = 200, .body = cut, .len = strlen(cut)
	};
	judge_answers(req, &a, 1, -1, &st, ev, sizeof(ev));
	ck_assert_int_eq(st, CONFORM_SKIPPED);
	ck_assert_ptr_nonnull(strstr(ev, "the budget ran out first"));
	free(body);
}
END_TEST

/* Every kind is a row with a name, its requests and its judge; each name
 * reads back to its kind, and probes/README.md's table has one row for
 * each (a kind added to the table and not to the guide fails here). */
START_TEST(every_kind_is_a_row)
{
	char path[4096], row[80];
	char *guide;
	int k;

	snprintf(path, sizeof(path), "%s/probes/README.md", repo_root());
	guide = read_text_file(path);
	ck_assert_ptr_nonnull(guide);
	for (k = 0; k < CONFORM_KINDS; k++) {
		const struct conform_row *row_of = conform_row_of((enum conform_kind)k);
		struct conform_spec spec = { .kind = (enum conform_kind)k, .times = 3 };
		struct conform_variant v[CONFORM_MAX_ANSWERS];
		size_t n, i;

		ck_assert_ptr_nonnull(row_of);
		ck_assert_msg(row_of->name && row_of->variants && row_of->judge, "kind %d", k);
		ck_assert_int_eq(conform_kind_named(row_of->name), k);
		for (i = 0; i < 2; i++) {
			n = conform_variants(&spec, i == 1, v);
			ck_assert_msg(n >= 1 && n <= CONFORM_MAX_ANSWERS, "%s", row_of->name);
			while (n--)
				ck_assert_ptr_nonnull(v[n].label);
		}
		snprintf(row, sizeof(row), "| `%s`", row_of->name);
		ck_assert_msg(strstr(guide, row) != NULL, "probes/README.md has no row for %s",
			      row_of->name);
	}
	ck_assert_ptr_null(conform_row_of(CONFORM_KINDS));
	ck_assert_int_eq(conform_kind_named("no-such-kind"), CONFORM_KINDS);
	free(guide);
}
END_TEST

/* --- the loader -------------------------------------------------------------- */

static const struct {
	const char *text, *error; /* error NULL: loads */
} files[] = {
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"stop\"},"
	  "\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"stop\":[\"7\"]}}",
	  NULL },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"nope\"},"
	  "\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}",
	  "unknown 'check'" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"stop\"},"
	  "\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}",
	  "needs request.stop" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"stream\"},"
	  "\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}",
	  "needs 'expect': one of role" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"tool-choice\","
	  "\"expect\":\"named\",\"tool\":\"nope\"},\"request\":{\"messages\":[{\"role\":\"user\","
	  "\"content\":\"hi\"}],\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]}"
	  "}",
	  "one of request.tools" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"answer\","
	  "\"answer_regex\":\"(\"},\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"hi\"}]}}",
	  "does not compile" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"usage-"
	  "prompt\"},"
	  "\"expect\":{\"content_regex\":\"x\"},\"request\":{\"messages\":[{\"role\":\"user\","
	  "\"content\":\"hi\"}]}}",
	  "takes no 'expect'" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"response-"
	  "format\","
	  "\"expect\":\"json-schema\"},\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"hi\"}],\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"schema\":"
	  "{\"$ref\":\"https://example.com/s.json\"}}}}}",
	  "not usable" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"stop\","
	  "\"times\":3},\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
	  "\"stop\":[\"7\"]}}",
	  "'times' belongs to check 'repeat', not 'stop'" },
	{ "{\"id\":\"x\",\"title\":\"t\",\"conformance\":{\"area\":\"a\",\"check\":\"error\","
	  "\"status\":200},\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}",
	  "from 400 to 599" },
};

START_TEST(loader_rules)
{
	char err[512] = "";
	struct probe *p =
		probe_load_text("t.json", files[_i].text, strlen(files[_i].text), err, sizeof(err));

	if (!files[_i].error) {
		ck_assert_msg(p != NULL, "%s", err);
		ck_assert(p->conform && p->conform->required && p->is_default);
	} else {
		ck_assert_ptr_null(p);
		ck_assert_msg(strstr(err, files[_i].error) != NULL, "%s", err);
	}
	probe_free(p);
}
END_TEST

/* which statuses fail, and the remedy of an engine */
START_TEST(required_and_remedies)
{
	const struct probe *n = check_named("p-n"), *e = check_named("e-404");

	ck_assert(!n->conform->required);
	ck_assert(!conform_fails(n->conform, CONFORM_REJECTED));
	ck_assert(conform_fails(n->conform, CONFORM_IGNORED));
	ck_assert(conform_fails(e->conform, CONFORM_REJECTED));
	ck_assert(conform_fails(e->conform, CONFORM_BROKEN));
	ck_assert(!conform_fails(e->conform, CONFORM_SKIPPED));
	ck_assert(!conform_fails(e->conform, CONFORM_HONOURED));
	ck_assert_ptr_nonnull(strstr(conform_remedy(e->conform, ENGINE_SGLANG), "flat"));
	ck_assert_ptr_nonnull(strstr(conform_remedy(e->conform, ENGINE_TGI), "422"));
	ck_assert_ptr_nonnull(strstr(conform_remedy(e->conform, ENGINE_UNKNOWN), "OpenAI status"));
}
END_TEST

/* every shipped check: an id the issue fixed, in an area the matrix knows */
START_TEST(shipped_checks)
{
	static const char *const ids[] = {
		"rf-text",
		"rf-json-object",
		"rf-json-schema",
		"rf-json-schema-strict",
		"rf-invalid-400",
		"tc-none",
		"tc-auto",
		"tc-required",
		"tc-named",
		"tc-parallel",
		"tc-parallel-off",
		"tc-ids",
		"tc-args-stream",
		"p-stop",
		"p-max-tokens",
		"p-max-completion-tokens",
		"p-n",
		"p-seed",
		"p-temp0",
		"p-logprobs",
		"u-prompt",
		"u-stream",
		"u-completion",
		"u-reasoning",
		"s-role",
		"s-finish",
		"s-usage",
		"s-done",
		"s-tool-deltas",
		"m-roles",
		"m-parts",
		"m-tool-result",
		"e-404",
		"e-400",
		"e-param",
		"r-field",
		"r-switch",
		"r-effort",
	};
	size_t i, features = 0;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		check_named(ids[i]);
	for (i = 0; i < checks.n; i++)
		features += !strncmp(checks.items[i]->id, "rf-schema-", 10);
	ck_assert_int_ge(features, 20);
	ck_assert_int_eq(checks.n, sizeof(ids) / sizeof(ids[0]) + features);
}
END_TEST

/* --- end to end ----------------------------------------------------------------- */

static const struct {
	const char *name; /* fixtures/scenarios/conform-NAME.json, tests/data/conform/NAME.md */
	int code;
} personalities[] = {
	{ "conformant", 0 }, { "vllm", 1 }, { "sglang", 1 },  { "llamacpp", 1 },
	{ "ollama", 1 },     { "tgi", 1 },  { "deviant", 1 },
};

/* the matrix of report in o's folder, as preflight table --conformance renders it */
static char *matrix_of(struct outcome *o, const char *report)
{
	const char *argv[] = { "table", "--conformance", report, NULL };

	run_preflight_in(o, NULL, argv);
	ck_assert_msg(o->code == 0, "table --conformance %s: %d\n%s", report, o->code, o->err);
	return strdup(o->out);
}

/* Against each personality: the exit code its required flags give, a
 * JUnit that validates with one testcase per check, the matrix of its
 * golden file, and the same matrix again from its recording, offline. */
START_TEST(personality_matrix)
{
	const char *name = personalities[_i].name;
	const char *argv[] = { "conform", "--endpoint", NULL,	    "--json",	  "r.json",
			       "--junit", "r.xml",	"--record", "r.jsonl.gz", NULL };
	const char *replay[] = { "replay", "r.jsonl.gz", "--json", "r2.json", NULL };
	char scenario[64], golden[4096], xml[4096], *want, *got, *again, *junit;
	struct outcome o;
	struct fake f;

	snprintf(scenario, sizeof(scenario), "conform-%s", name);
	snprintf(golden, sizeof(golden), "%s/tests/data/conform/%s.md", repo_root(), name);
	fake_start(&f, scenario);
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == personalities[_i].code, "%s: exit %d\n%s\n%s", name, o.code, o.out,
		      o.err);
	snprintf(xml, sizeof(xml), "%s/r.xml", o.dir);
	ck_assert_int_ne(junit_validate(xml), 0);
	junit = read_report(&o, "r.xml");
	ck_assert_ptr_nonnull(strstr(junit, "tests=\"60\""));
	free(junit);
	got = matrix_of(&o, "r.json");
	want = read_text_file(golden);
	ck_assert_msg(want && !strcmp(got, want), "%s: the matrix\n%s\ndiffers from %s:\n%s", name,
		      got, golden, want ? want : "(missing)");
	run_preflight_in(&o, NULL, replay);
	ck_assert_msg(o.code == personalities[_i].code, "%s replayed: exit %d\n%s", name, o.code,
		      o.err);
	again = matrix_of(&o, "r2.json");
	ck_assert_str_eq(again, got);
	free(again);
	free(got);
	free(want);
	outcome_release(&o);
}
END_TEST

/* Two engines in one notebook: the conformance block between its own
 * markers, the results block left alone, --check exits 1 on a stale one. */
START_TEST(matrix_in_notebook)
{
	const char *argv[] = { "conform", "--endpoint", NULL, "--json", NULL, NULL, NULL, NULL };
	const char *update[] = { "table",      "--conformance", "v.json", "t.json",
				 "--notebook", "nb.md",		NULL };
	const char *check[] = { "table",      "--conformance", "v.json",  "t.json",
				"--notebook", "nb.md",	       "--check", NULL };
	const char *names[][2] = { { "conform-vllm", "v.json" }, { "conform-tgi", "t.json" } };
	struct outcome o;
	struct fake f;
	char *nb;
	size_t i;

	outcome_mkdir(&o);
	for (i = 0; i < 2; i++) {
		fake_start(&f, names[i][0]);
		argv[2] = f.url;
		argv[4] = names[i][1];
		run_preflight_in(&o, NULL, argv);
		fake_stop(&f);
		ck_assert_int_eq(o.code, 1);
	}
	run_shell(&o, NULL,
		  "printf '# lab\\n\\n<!-- BEGIN_PREFLIGHT_RESULTS -->\\nkept\\n"
		  "<!-- END_PREFLIGHT_RESULTS -->\\n\\n<!-- BEGIN_PREFLIGHT_CONFORMANCE -->\\n"
		  "old\\n<!-- END_PREFLIGHT_CONFORMANCE -->\\ntail\\n' > nb.md");
	run_preflight_in(&o, NULL, check);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.err, "conformance table in 'nb.md' is stale"));
	run_preflight_in(&o, NULL, update);
	ck_assert_int_eq(o.code, 0);
	/* --markdown never replaces a notebook that holds the block */
	argv[4] = "x.json";
	argv[5] = "--markdown";
	argv[6] = "nb.md";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "holds a results block"));
	run_preflight_in(&o, NULL, check);
	ck_assert_int_eq(o.code, 0);
	nb = read_report(&o, "nb.md");
	ck_assert_ptr_nonnull(strstr(nb, "<!-- BEGIN_PREFLIGHT_RESULTS -->\nkept\n"));
	ck_assert_ptr_nonnull(strstr(nb, "| area | check | vLLM fake-model | TGI fake-model |\n"));
	ck_assert_ptr_nonnull(strstr(nb, "| tools | tc-parallel | ✅ | ➖ |\n"));
	ck_assert_ptr_nonnull(strstr(nb, "| errors | e-404 | ✅ | ➖ |\n"));
	ck_assert_ptr_nonnull(strstr(nb, "<!-- END_PREFLIGHT_CONFORMANCE -->\ntail\n"));
	free(nb);
	outcome_release(&o);
}
END_TEST

/* each command reads its own folder; a dead endpoint is exit 3 with the
 * reports still written */
START_TEST(wrong_folder_and_dead_endpoint)
{
	char dir[4096];
	const char *run[] = { "run", "--endpoint", "http://127.0.0.1:9/v1", "--probes", dir, NULL };
	const char *dead[] = { "conform", "--endpoint", "http://127.0.0.1:9/v1",
			       "--model", "m",		"--json",
			       "d.json",  "--junit",	"d.xml",
			       NULL };
	struct outcome o;
	char *json;

	snprintf(dir, sizeof(dir), "%s/probes/conformance", repo_root());
	run_preflight(&o, NULL, run);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "is a conformance check: preflight conform runs it"));
	run_preflight_in(&o, NULL, dead);
	ck_assert_int_eq(o.code, 3);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: ENDPOINT UNUSABLE (60 checks not run"));
	json = read_report(&o, "d.json");
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_nonnull(strstr(json, "\"usable\":\tfalse"));
	free(json);
	outcome_release(&o);
}
END_TEST

/* a recipe's run settings apply and its checks are left to run; run's
 * probe-shaping flags are refused before any request */
START_TEST(recipe_and_run_flags)
{
	char recipe[4096];
	const char *argv[] = { "conform", "--recipe", recipe,	    "--endpoint",
			       NULL,	  "--model",  "fake-model", NULL };
	const char *flagged[] = { "conform", "--endpoint", "http://127.0.0.1:9/v1",
				  "--stream-parity", NULL };
	struct outcome o;
	struct fake f;

	snprintf(recipe, sizeof(recipe), "%s/fixtures/recipes/qwen35-122b-mxfp4-marlin.json",
		 repo_root());
	fake_start(&f, "conform-conformant");
	argv[4] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s\n%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: CONFORMANT (honoured 60,"));
	run_preflight_in(&o, NULL, flagged);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "conform takes no --stream-parity"));
	outcome_release(&o);
}
END_TEST

/* SIGINT with sixteen checks in flight: exit 130, every check skipped,
 * the reports whole */
START_TEST(interrupt_skips_every_check)
{
	const char *argv[] = { "conform", "--endpoint", NULL,	 "--json",
			       "r.json",  "--junit",	"j.xml", NULL };
	struct outcome o;
	struct fake f;
	char path[128];
	pid_t pid;
	cJSON *r;
	int k;

	fake_start(&f, "conform-held");
	argv[2] = f.url;
	pid = start_program(&o, NULL, "preflight", argv);
	/* a poll of a condition, bounded, not a timing guess */
	for (k = 0; k < 3000 && fake_stat(&f, "held_in_flight") < 16; k++)
		usleep(10 * 1000);
	ck_assert_int_ge(fake_stat(&f, "held_in_flight"), 16);
	kill(pid, SIGINT);
	outcome_wait(&o, pid);
	fake_stop(&f);
	ck_assert_msg(o.code == 130, "exit %d\n%s\n%s", o.code, o.out, o.err);
	r = read_json_report(&o, "r.json");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "interrupted")));
	ck_assert_int_eq(checks_all(r, "skipped"), 60);
	cJSON_Delete(r);
	snprintf(path, sizeof(path), "%s/j.xml", o.dir);
	ck_assert_int_ne(junit_validate(path), 0);
	outcome_release(&o);
}
END_TEST

/* the Nth allocation fails, for N across a whole conform run: a clean
 * exit every time, and a JSON report whole or absent */
START_TEST(allocation_failures_are_clean)
{
	const char *argv[] = { "conform", "--endpoint", NULL,	 "--json",
			       "r.json",  "--junit",	"j.xml", NULL };
	int step = getenv("PREFLIGHT_VALGRIND") ? 2500 : 173, n, runs = 0, early = 0, whole = 0;
	struct outcome o;
	struct fake f;
	char *text;

	fake_start(&f, "conform-vllm");
	argv[2] = f.url;
	for (n = 1; n < 40000; n += n < 200 ? 11 : step) {
		char env[64];
		const char *envs[] = { env, NULL };

		snprintf(env, sizeof(env), "PREFLIGHT_FAIL_ALLOC=%d", n);
		run_preflight(&o, envs, argv);
		ck_assert_msg(o.code >= 0 && o.code <= 4, "allocation %d: exit %d\n%s", n, o.code,
			      o.err);
		if ((text = read_report(&o, "r.json"))) {
			cJSON *r = cJSON_Parse(text);

			ck_assert_msg(r != NULL, "allocation %d: r.json does not parse", n);
			assert_schema_valid(r, "r.json, written with an allocation failing");
			ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "checks")), 60);
			cJSON_Delete(r);
			free(text);
			whole++;
		}
		early += o.code == 2;
		runs++;
		outcome_release(&o);
	}
	fake_stop(&f);
	ck_assert_int_gt(early, 0);
	ck_assert_int_gt(whole, 0);
	ck_assert_int_gt(runs, 10);
}
END_TEST

Suite *conform_suite(void)
{
	Suite *s = suite_create("conform");
	TCase *judged = tcase_create("judge"), *loaded = tcase_create("loader");
	TCase *e2e = tcase_create("end-to-end"), *allocs = tcase_create("allocations");

	tcase_add_loop_test(judged, literal_answers, 0, sizeof(rows) / sizeof(rows[0]));
	tcase_add_loop_test(judged, built_answers, 0, sizeof(builts) / sizeof(builts[0]));
	tcase_add_test(judged, compared_answers);
	tcase_add_test(judged, n1_honoured_only_on_evidence);
	tcase_add_test(judged, n2_n14_a_call_lost_one_way);
	tcase_add_test(judged, unstreamed_and_cut);
	tcase_add_test(judged, every_kind_is_a_row);
	tcase_add_loop_test(loaded, loader_rules, 0, sizeof(files) / sizeof(files[0]));
	tcase_add_test(loaded, required_and_remedies);
	tcase_add_test(loaded, shipped_checks);
	tcase_add_loop_test(e2e, personality_matrix, 0,
			    sizeof(personalities) / sizeof(personalities[0]));
	tcase_add_test(e2e, matrix_in_notebook);
	tcase_add_test(e2e, n1_short_answers_prove_nothing);
	tcase_add_test(e2e, n2_stream_drops_tools);
	tcase_add_test(e2e, n3_server_errors_get_the_failures_remedy);
	tcase_add_test(e2e, n3_a_server_that_dies_is_named_once);
	tcase_add_test(e2e, n8_every_request_rate_limited);
	tcase_add_test(e2e, wrong_folder_and_dead_endpoint);
	tcase_add_test(e2e, recipe_and_run_flags);
	tcase_add_test(e2e, interrupt_skips_every_check);
	tcase_add_test(allocs, allocation_failures_are_clean);
	tcase_set_timeout(e2e, 300);
	tcase_set_timeout(allocs, 300); /* a few hundred runs, slow under sanitizers */
	tcase_set_tags(e2e, "shard-7");
	tcase_set_tags(allocs, "shard-10");
	suite_add_tcase(s, judged);
	suite_add_tcase(s, loaded);
	suite_add_tcase(s, e2e);
	suite_add_tcase(s, allocs);
	return s;
}
