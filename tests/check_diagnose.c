/* SPDX-License-Identifier: Apache-2.0 */
/* check_diagnose — the cause table, markup and garbage detectors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose.h"
#include "engine.h"
#include "remedy.h"
#include "suites.h"
#include "testutil.h"

START_TEST(every_cause_has_a_code)
{
	int c;

	for (c = 1; c < CAUSE_COUNT; c++) {
		ck_assert_str_ne(cause_code((enum cause)c), "");
		ck_assert_ptr_nonnull(cause_remedy((enum cause)c));
	}
	ck_assert_str_eq(cause_code(CAUSE_CONTEXT_OVERFLOW), "context-overflow");
	ck_assert(cause_is_exchange_error(CAUSE_TIMEOUT));
	ck_assert(!cause_is_exchange_error(CAUSE_WRONG_ANSWER));
	ck_assert_ptr_nonnull(strstr(cause_remedy(CAUSE_REASONING_BLEED), "--reasoning-parser"));
	ck_assert_ptr_nonnull(strstr(cause_remedy(CAUSE_TOOL_CALL_AS_TEXT), "--tool-call-parser"));
}
END_TEST

/* README.md's cause table ("Why a probe failed") has every code in a
 * row's first cell, and every code a row names is a cause. */
START_TEST(causes_in_the_guide)
{
	char path[4096], cell[96];
	char *guide, *at, *end, *q;
	int c;

	snprintf(path, sizeof(path), "%s/README.md", repo_root());
	ck_assert_ptr_nonnull(guide = read_text_file(path));
	ck_assert_ptr_nonnull(at = strstr(guide, "| code | what was seen |"));
	ck_assert_ptr_nonnull(end = strstr(at, "\n\n"));
	*end = '\0';
	for (c = 1; c < CAUSE_COUNT; c++) {
		snprintf(cell, sizeof(cell), "`%s`", cause_code((enum cause)c));
		ck_assert_msg(strstr(at, cell) != NULL, "README.md's cause table lacks %s", cell);
	}
	/* each row's first cell: its codes are causes */
	for (q = strstr(at, "\n| `"); q; q = strstr(q + 1, "\n| `")) {
		char *cell_end = strstr(q + 3, " |"), *b;

		ck_assert_ptr_nonnull(cell_end);
		for (b = strchr(q + 3, '`'); b && b < cell_end; b = strchr(b + 1, '`')) {
			char *close = strchr(b + 1, '`');
			bool known = false;

			ck_assert_ptr_nonnull(close);
			for (c = 1; c < CAUSE_COUNT; c++)
				known = known || (strlen(cause_code((enum cause)c)) ==
							  (size_t)(close - b - 1) &&
						  !strncmp(b + 1, cause_code((enum cause)c),
							   (size_t)(close - b - 1)));
			ck_assert_msg(known, "README.md's cause table names %.*s, not a cause",
				      (int)(close - b + 1), b);
			b = close;
		}
	}
	free(guide);
}
END_TEST

START_TEST(markup_and_garbage)
{
	static const char *const markup[] = {
		"<tool_call>{}</tool_call>",
		"[TOOL_CALLS] [{\"name\":\"f\"}]",
		"<|python_start|>{\"name\": \"f\", \"parameters\": {}}<|python_end|>",
		"{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oakland\"}}",
	};
	char what[128], rep[3000];
	size_t i;

	for (i = 0; i < sizeof(markup) / sizeof(markup[0]); i++)
		ck_assert_msg(diagnose_tool_markup(markup[i], strlen(markup[i])), "%s", markup[i]);
	ck_assert(!diagnose_tool_markup("The weather is nice.", 20));
	ck_assert(diagnose_think_tags("a</think>b", 10));
	ck_assert(diagnose_garbage("hi<|endoftext|>", 15, what, sizeof(what)));
	ck_assert_ptr_nonnull(strstr(what, "<|endoftext|>"));
	for (i = 0; i + 1 < sizeof(rep); i++)
		rep[i] = "the the "[i % 8];
	rep[sizeof(rep) - 1] = '\0';
	ck_assert(diagnose_garbage(rep, strlen(rep), what, sizeof(what)));
	ck_assert(!diagnose_garbage("```python\nsum(xs)\n```", 21, what, sizeof(what)));
}
END_TEST

/* what stopped an answer short: the budget, thinking, the window, nothing */
static const struct {
	const char *name, *content, *finish;
	size_t reasoning_chars;
	long completion, max_tokens, prompt, window;
	enum cause want;
} answers[] = {
	/* llama.cpp: 195 of 256 answer tokens when prompt and answer fill 8192 */
	{ "window ran out", "def f(", "length", 0, 195, 256, 7997, 8192, CAUSE_CONTEXT_OVERFLOW },
	/* field-findings-2: below the budget with the window unknown is not the budget */
	{ "window unknown", "def f(", "length", 0, 195, 256, 7997, -1, CAUSE_ANSWER_CUT_SHORT },
	{ "window not reached", "def f(", "length", 0, 105, 256, 1000, 8192,
	  CAUSE_ANSWER_CUT_SHORT },
	{ "budget, not window", "def f(", "length", 0, 256, 256, 100, 8192,
	  CAUSE_ANSWER_TRUNCATED },
	{ "thinking ate it", "", "length", 900, 256, 256, 100, 8192, CAUSE_THINKING_STARVATION },
	{ "nothing anywhere", "", "length", 0, 256, 256, 100, 8192, CAUSE_EMPTY_ANSWER },
	{ "only newlines", "\n\n\n", "length", 0, 256, 256, 100, 8192, CAUSE_EMPTY_ANSWER },
	{ "empty, finished", "", "stop", 0, 1, 256, 100, 8192, CAUSE_EMPTY_ANSWER },
};

START_TEST(causes_from_evidence)
{
	struct answer_evidence ev = { 0 };

	ev.content = answers[_i].content;
	ev.content_len = strlen(answers[_i].content);
	ev.finish_reason = answers[_i].finish;
	ev.reasoning_chars = answers[_i].reasoning_chars;
	ev.reasoning_tokens = -1;
	ev.completion_tokens = answers[_i].completion;
	ev.max_tokens = answers[_i].max_tokens;
	ev.prompt_tokens = answers[_i].prompt;
	ev.window = answers[_i].window;
	ck_assert_msg(diagnose_answer(&ev) == answers[_i].want, "%s: %s", answers[_i].name,
		      cause_code(diagnose_answer(&ev)));
}
END_TEST

/* each status class its own cause; a gateway's 502-504 apart from the engine's */
static const struct {
	long status;
	bool overflow, engine_body;
	enum cause want;
} statuses[] = {
	{ 307, false, false, CAUSE_HTTP_REDIRECT },
	{ 401, false, true, CAUSE_AUTH_ERROR },
	{ 403, false, true, CAUSE_AUTH_ERROR },
	{ 400, true, true, CAUSE_CONTEXT_OVERFLOW },
	{ 400, false, true, CAUSE_REQUEST_REJECTED },
	{ 422, false, true, CAUSE_REQUEST_REJECTED },
	{ 404, false, true, CAUSE_HTTP_ERROR },
	{ 413, false, false, CAUSE_REQUEST_TOO_LARGE },
	{ 429, false, true, CAUSE_RATE_LIMITED },
	{ 500, false, true, CAUSE_HTTP_ERROR },
	{ 500, false, false, CAUSE_HTTP_ERROR },
	{ 502, false, false, CAUSE_PROXY_ERROR },
	{ 503, false, false, CAUSE_PROXY_ERROR },
	{ 504, false, false, CAUSE_PROXY_ERROR },
	{ 503, false, true, CAUSE_HTTP_ERROR },
};

START_TEST(causes_of_statuses)
{
	ck_assert_msg(diagnose_status(statuses[_i].status, statuses[_i].overflow,
				      statuses[_i].engine_body) == statuses[_i].want,
		      "HTTP %ld: %s", statuses[_i].status,
		      cause_code(diagnose_status(statuses[_i].status, statuses[_i].overflow,
						 statuses[_i].engine_body)));
}
END_TEST

/* the engine from what it shows, and remedies in its own flags */
START_TEST(engines_and_their_remedies)
{
	static const struct {
		const char *fp;
		enum engine want;
	} fps[] = {
		{ "vllm-0.29.0-13ff2e7e", ENGINE_VLLM }, { "b6457-8e9f1a2b", ENGINE_LLAMACPP },
		{ "fp_ollama", ENGINE_OLLAMA },		 { "3.0.1-native", ENGINE_TGI },
		{ "2.4.0-sha-1a2b3c", ENGINE_TGI },	 { "fp_44709d6fcb", ENGINE_UNKNOWN },
		{ "build-7", ENGINE_UNKNOWN },		 { "", ENGINE_UNKNOWN },
	};
	size_t i;

	for (i = 0; i < sizeof(fps) / sizeof(fps[0]); i++)
		ck_assert_msg(engine_from_fingerprint(fps[i].fp) == fps[i].want, "%s", fps[i].fp);
	ck_assert_int_eq(engine_from_owner("llamacpp"), ENGINE_LLAMACPP);
	ck_assert_int_eq(engine_from_owner("sglang"), ENGINE_SGLANG);
	ck_assert_int_eq(engine_from_owner("library"), ENGINE_OLLAMA);
	ck_assert_int_eq(engine_from_owner("openai"), ENGINE_UNKNOWN);
	ck_assert_int_eq(engine_named("llama.cpp"), ENGINE_LLAMACPP);
	ck_assert_int_eq(engine_named("vLLM"), ENGINE_VLLM);
	ck_assert_ptr_null(engine_named(NULL) ? "x" : NULL);
	/* a per-slot window is llama.cpp's: -np 1 or --kv-unified, not only -c */
	ck_assert_ptr_nonnull(
		strstr(remedy_of_engine(ENGINE_LLAMACPP, CAUSE_CONTEXT_OVERFLOW), "--kv-unified"));
	/* no vLLM flags on another engine */
	ck_assert_ptr_null(
		strstr(remedy_of_engine(ENGINE_LLAMACPP, CAUSE_GARBAGE_OUTPUT), "--enforce-eager"));
	ck_assert_ptr_null(
		strstr(remedy_of_engine(ENGINE_SGLANG, CAUSE_CONTEXT_OVERFLOW), "--max-model-len"));
	ck_assert_ptr_nonnull(
		strstr(remedy_of_engine(ENGINE_LLAMACPP, CAUSE_STREAM_PARITY), "llama.cpp"));
	ck_assert_ptr_null(remedy_of_engine(ENGINE_UNKNOWN, CAUSE_CONTEXT_OVERFLOW));
	/* SGLang, TensorRT-LLM and old vLLM write the same flat envelope */
	ck_assert_int_eq(engine_from_error_shape(ERROR_SHAPE_FLAT), ENGINE_UNKNOWN);
	ck_assert_int_eq(engine_from_error_shape(ERROR_SHAPE_LMDEPLOY), ENGINE_LMDEPLOY);
	ck_assert_int_eq(engine_from_error_shape(ERROR_SHAPE_TGI), ENGINE_TGI);
	ck_assert_int_eq(engine_from_error_shape(ERROR_SHAPE_LLAMACPP), ENGINE_LLAMACPP);
	ck_assert_int_eq(engine_from_error_shape(ERROR_SHAPE_NESTED), ENGINE_UNKNOWN);
	/* the generic stream-parity remedy blames no one engine */
	ck_assert_ptr_null(strstr(cause_remedy(CAUSE_STREAM_PARITY), "vLLM and SGLang"));
}
END_TEST

/* On a known engine no remedy names another engine's flags, nor leaves a
 * placeholder unfilled: each engine's distinctive flags below, and every
 * cause's remedy as the run shows it. */
START_TEST(remedies_fit_the_engine)
{
	static const char *const flags[ENGINE_COUNT][8] = {
		[ENGINE_VLLM] = { "--max-model-len", "--enforce-eager", "--gpu-memory-utilization",
				  "--max-num-seqs", "--enable-auto-tool-choice",
				  "--generation-config", "--speculative-config", NULL },
		[ENGINE_SGLANG] = { "--context-length", "--mem-fraction-static",
				    "--max-running-requests", "--disable-cuda-graph",
				    "--speculative-algorithm", NULL },
		[ENGINE_LLAMACPP] = { " -np", "--kv-unified", "-ngl", "--jinja",
				      "--reasoning-format", "--chat-template-file", " -c ", NULL },
		[ENGINE_OLLAMA] = { "num_ctx", "OLLAMA_", "ollama pull", NULL },
		[ENGINE_TGI] = { "--max-input-tokens", "--max-total-tokens",
				 "--max-batch-prefill-tokens", "--max-concurrent-requests",
				 "--cuda-graphs", NULL },
	};
	int e, other, c;
	size_t k;

	for (e = 1; e < ENGINE_COUNT; e++)
		for (c = 1; c < CAUSE_COUNT; c++) {
			const char *own = remedy_of_engine((enum engine)e, (enum cause)c);
			const char *shown = own ? own : cause_remedy((enum cause)c);

			ck_assert_msg(!strchr(shown, '{'), "%s, %s: a placeholder left: %s",
				      engine_name((enum engine)e), cause_code((enum cause)c),
				      shown);
			/* a flag the engine lacks is no remedy: "its ... setting" */
			ck_assert_msg(!strstr(shown, " setting"), "%s, %s: a flag it lacks: %s",
				      engine_name((enum engine)e), cause_code((enum cause)c),
				      shown);
			for (other = 1; other < ENGINE_COUNT; other++)
				for (k = 0; other != e && flags[other][k]; k++)
					ck_assert_msg(!strstr(shown, flags[other][k]),
						      "%s, %s: the remedy names %s's %s: %s",
						      engine_name((enum engine)e),
						      cause_code((enum cause)c),
						      engine_name((enum engine)other),
						      flags[other][k], shown);
		}
}
END_TEST

Suite *diagnose_suite(void)
{
	Suite *s = suite_create("diagnose");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_cause_has_a_code);
	tcase_add_test(tc, causes_in_the_guide);
	tcase_add_test(tc, markup_and_garbage);
	tcase_add_loop_test(tc, causes_from_evidence, 0, sizeof(answers) / sizeof(answers[0]));
	tcase_add_test(tc, engines_and_their_remedies);
	tcase_add_test(tc, remedies_fit_the_engine);
	tcase_add_loop_test(tc, causes_of_statuses, 0, sizeof(statuses) / sizeof(statuses[0]));
	suite_add_tcase(s, tc);
	return s;
}
