/* SPDX-License-Identifier: Apache-2.0 */
/* check_sse — the SSE parser and stream reassembly, on the wire shapes of
 * vLLM, SGLang, llama.cpp and Ollama (protocol.md §2). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "chat.h"
#include "http.h"
#include "sse.h"
#include "suites.h"

struct seen {
	struct buf all;
	int n;
};

static int collect(void *ctx, const struct sse_event *ev)
{
	struct seen *s = ctx;

	buf_printf(&s->all, "[%s:%s]", ev->event, ev->data);
	s->n++;
	return 0;
}

static const struct {
	const char *stream;
	const char *events;
} sse_cases[] = {
	{ "data: a\n\ndata: b\n\n", "[message:a][message:b]" },
	{ "data: a\r\n\r\ndata: b\r\rdata:c\n\n", "[message:a][message:b][message:c]" },
	{ ": ping\n\nevent: delta\ndata: x\n\n", "[delta:x]" },
	{ "data: one\ndata: two\n\n", "[message:one\ntwo]" },
	{ "id: 7\nretry: 10\ndata: y\n\n", "[message:y]" },
	{ "data: last without blank line", "[message:last without blank line]" },
	{ "error: {\"message\":\"ctx\"}\n\n", "[error:{\"message\":\"ctx\"}]" },
	{ "\n\n: only comments\n\n", "" },
};

START_TEST(sse_shapes)
{
	struct seen s = { BUF_INIT(0), 0 };
	struct sse_parser p;
	const char *in = sse_cases[_i].stream;
	size_t i, len = strlen(in);

	/* fed one byte at a time: every split point must work */
	sse_init(&p, 1024, 100);
	for (i = 0; i < len; i++)
		ck_assert_int_eq(sse_feed(&p, in + i, 1, collect, &s), 0);
	ck_assert_int_eq(sse_finish(&p, collect, &s), 0);
	ck_assert_str_eq(buf_cstr(&s.all), sse_cases[_i].events);
	sse_release(&p);
	buf_release(&s.all);
}
END_TEST

START_TEST(sse_limits)
{
	struct seen s = { BUF_INIT(0), 0 };
	struct sse_parser p;
	char line[300];

	memset(line, 'x', sizeof(line));
	sse_init(&p, 100, 2);
	ck_assert_int_eq(sse_feed(&p, line, sizeof(line), collect, &s), SSE_ELINE);
	sse_release(&p);
	sse_init(&p, 100, 2);
	ck_assert_int_eq(sse_feed(&p, "data: 1\n\ndata: 2\n\ndata: 3\n\n", 27, collect, &s),
			 SSE_EEVENTS);
	ck_assert_int_eq(s.n, 2);
	sse_release(&p);
	buf_release(&s.all);
}
END_TEST

/* vLLM: role chunk, reasoning, content, two interleaved tool calls by
 * index, finish, usage chunk with choices: [], [DONE] */
static const char vllm_stream[] =
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_"
	"reason\":null}]}\n\n"
	"data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\"think "
	"\"},\"finish_reason\":null}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"reasoning\":\"more\"},\"finish_reason\":null}]}"
	"\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\",\"tool_calls\":[]},\"finish_"
	"reason\":null}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},\"finish_reason\":null}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\","
	"\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\","
	"\"function\":{\"name\":\"get_time\",\"arguments\":\"{}\"}}]}}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{"
	"\"arguments\":\"{\\\"city\\\": \"}}]}}]}\n\n"
	"data: "
	"{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{"
	"\"arguments\":\"\\\"Oakland\\\"}\"}}]}}]}\n\n"
	"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n"
	"data: "
	"{\"choices\":[],\"usage\":{\"prompt_tokens\":20,\"completion_tokens\":9,\"completion_"
	"tokens_details\":{\"reasoning_tokens\":2}},\"system_fingerprint\":\"vllm-x\"}\n\n"
	"data: [DONE]\n\n";

START_TEST(reassembles_vllm)
{
	struct chat_reply r;
	struct stream_stats st;
	char err[256];

	ck_assert_int_eq(reply_stream_parse(vllm_stream, strlen(vllm_stream), NULL, 0, &r, &st, err,
					    sizeof(err)),
			 0);
	ck_assert_str_eq(r.content, "Hello");
	ck_assert_str_eq(r.reasoning, "think more");
	ck_assert_str_eq(r.reasoning_field, "reasoning");
	ck_assert_uint_eq(r.n_calls, 2);
	ck_assert_str_eq(r.calls[0].id, "call_a");
	ck_assert_str_eq(r.calls[0].name, "get_weather");
	ck_assert_str_eq(r.calls[0].arguments, "{\"city\": \"Oakland\"}");
	ck_assert_str_eq(r.calls[1].name, "get_time");
	ck_assert_str_eq(r.finish_reason, "tool_calls");
	ck_assert_int_eq(r.prompt_tokens, 20);
	ck_assert_int_eq(r.reasoning_tokens, 2);
	ck_assert_str_eq(r.fingerprint, "vllm-x");
	ck_assert(st.done);
	ck_assert_uint_eq(st.events, 12);
	reply_release(&r);
}
END_TEST

/* times come from the marks: event k ends in piece k */
START_TEST(stream_timing)
{
	struct http_mark marks[64];
	struct buf body = BUF_INIT(0);
	struct chat_reply r;
	struct stream_stats st;
	char err[256];
	size_t n = 0;
	int i;

	for (i = 0; i < 20; i++) {
		buf_printf(
			&body,
			"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"t%d\"}}]}\n\n",
			i);
		marks[n].offset = body.len;
		marks[n++].t = 0.5 + 0.01 * i; /* first token at 0.5 s, then 100 tokens/s */
	}
	buf_puts(&body,
		 "data: "
		 "{\"choices\":[],\"usage\":{\"prompt_tokens\":1000,\"completion_tokens\":"
		 "20,\"prompt_tokens_details\":{\"cached_tokens\":200}}}\n\ndata: [DONE]\n\n");
	marks[n].offset = body.len;
	marks[n++].t = 0.70;
	ck_assert_int_eq(
		reply_stream_parse(body.data, body.len, marks, n, &r, &st, err, sizeof(err)), 0);
	ck_assert_double_eq_tol(st.speed.ttft, 0.5, 1e-9);
	ck_assert_double_eq_tol(st.speed.ttfc, 0.5, 1e-9);
	ck_assert_double_eq_tol(st.speed.decode_tps, 100.0, 1e-6);
	ck_assert_double_eq_tol(st.speed.itl_p50, 0.01, 1e-9);
	/* the 800 uncached prompt tokens over the time to the first token */
	ck_assert_double_eq_tol(st.speed.prefill_tps, 1600.0, 1e-6);
	ck_assert_int_eq(st.speed.cached_tokens, 200);
	ck_assert_int_eq(st.speed.held_back, 0);
	reply_release(&r);
	buf_release(&body);
}
END_TEST

/* the Responses API's event stream: deltas, then the whole response */
static const struct {
	const char *name, *body;
	int rc;
	const char *content, *reasoning, *finish;
} responses_streams[] = {
	{ "deltas then completed",
	  "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{}}\n\n"
	  "data: {\"type\":\"response.reasoning_text.delta\",\"delta\":\"hm\"}\n\n"
	  "data: {\"type\":\"response.output_text.delta\",\"delta\":\"REA\"}\n\n"
	  "data: {\"type\":\"response.output_text.delta\",\"delta\":\"DY\"}\n\n"
	  "data: {\"type\":\"response.completed\",\"response\":{\"status\":\"completed\","
	  "\"output\":[],\"usage\":{\"input_tokens\":9,\"output_tokens\":3}}}\n\n",
	  0, "READY", "hm", "stop" },
	{ "cut at the budget",
	  "data: {\"type\":\"response.output_text.delta\",\"delta\":\"RE\"}\n\n"
	  "data: {\"type\":\"response.incomplete\",\"response\":{\"status\":\"incomplete\","
	  "\"incomplete_details\":{\"reason\":\"max_output_tokens\"},\"output\":[]}}\n\n",
	  0, "RE", "", "length" },
	{ "no deltas, all at the end",
	  "data: {\"type\":\"response.completed\",\"response\":{\"status\":\"completed\","
	  "\"output\":[{\"type\":\"message\",\"content\":[{\"type\":\"output_text\","
	  "\"text\":\"READY\"}]}]}}\n\n",
	  0, "READY", "", "stop" },
	{ "failed",
	  "data: {\"type\":\"response.failed\",\"response\":{\"error\":{\"message\":"
	  "\"out of memory\"}}}\n\n",
	  -2, "", "", NULL },
	{ "never completed", "data: {\"type\":\"response.output_text.delta\",\"delta\":\"RE\"}\n\n",
	  -1, "RE", "", NULL },
	{ "a delta that is not a string",
	  "data: {\"type\":\"response.output_text.delta\",\"delta\":{\"content\":\"We\"}}\n\n", -1,
	  "", "", NULL },
	{ "a plain JSON reply", "{\"status\":\"completed\",\"output\":[]}", -1, "", "", NULL },
};

START_TEST(responses_stream)
{
	struct chat_reply r;
	struct stream_stats st;
	char err[256] = "";
	const char *body = responses_streams[_i].body;

	ck_assert_msg(reply_responses_stream_parse(body, strlen(body), NULL, 0, &r, &st, err,
						   sizeof(err)) == responses_streams[_i].rc,
		      "%s: %s", responses_streams[_i].name, err);
	ck_assert_str_eq(r.content ? r.content : "", responses_streams[_i].content);
	ck_assert_str_eq(r.reasoning ? r.reasoning : "", responses_streams[_i].reasoning);
	if (responses_streams[_i].finish)
		ck_assert_str_eq(r.finish_reason, responses_streams[_i].finish);
	reply_release(&r);
}
END_TEST

START_TEST(stream_failures)
{
	/* SGLang: an error object mid-stream */
	const char *sglang = "data: "
			     "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\",\"reasoning_"
			     "content\":null}}]}\n\n"
			     "data: {\"object\":\"error\",\"message\":\"CUDA "
			     "error\",\"type\":\"InternalServerError\",\"code\":500}\n\n";
	/* llama.cpp before b6500: an error: line in a 200 stream */
	const char *llama = "error: {\"code\":400,\"message\":\"the request exceeds the available "
			    "context size\"}\n\n";
	/* a lone surrogate makes an event unreadable */
	const char *surrogate =
		"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\ud83d\"}}]}\n\n";
	/* Ollama: finish chunk with an empty delta, no [DONE] */
	const char *ollama =
		"data: "
		"{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"ok\"},"
		"\"finish_reason\":null}]}\n\n"
		"data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n";
	struct chat_reply r;
	struct stream_stats st;
	char err[256];

	ck_assert_int_eq(
		reply_stream_parse(sglang, strlen(sglang), NULL, 0, &r, &st, err, sizeof(err)), -2);
	ck_assert_ptr_nonnull(strstr(err, "CUDA error"));
	ck_assert_str_eq(r.content, "Hi");
	reply_release(&r);
	ck_assert_int_eq(
		reply_stream_parse(llama, strlen(llama), NULL, 0, &r, &st, err, sizeof(err)), -2);
	ck_assert_ptr_nonnull(strstr(err, "available context size"));
	reply_release(&r);
	ck_assert_int_eq(reply_stream_parse(surrogate, strlen(surrogate), NULL, 0, &r, &st, err,
					    sizeof(err)),
			 -1);
	reply_release(&r);
	ck_assert_int_eq(
		reply_stream_parse(ollama, strlen(ollama), NULL, 0, &r, &st, err, sizeof(err)), 0);
	ck_assert(!st.done);
	ck_assert_str_eq(r.content, "ok");
	ck_assert_str_eq(r.finish_reason, "stop");
	reply_release(&r);
	ck_assert_int_eq(reply_stream_parse("", 0, NULL, 0, &r, &st, err, sizeof(err)), -1);
	reply_release(&r);
}
END_TEST

/* fuzz finding: a tool-call index of 1e300 was cast to size_t (UBSan);
 * now any index outside 0..63 is a clear error */
START_TEST(fuzz_huge_tool_index)
{
	const char *ok = "data: "
			 "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":63,"
			 "\"function\":{\"arguments\":\"{}\"}}]}}]}\n\n";
	const char *huge = "data: "
			   "{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1e300,"
			   "\"function\":{\"name\":\"f\"}}]}}]}\n\n";
	const char *negative =
		"data: "
		"{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":-5}]}}]}\n\n";
	struct chat_reply r;
	struct stream_stats st;
	char err[256];

	ck_assert_int_eq(reply_stream_parse(ok, strlen(ok), NULL, 0, &r, &st, err, sizeof(err)), 0);
	ck_assert_uint_eq(r.n_calls, 64);
	ck_assert_str_eq(r.calls[63].arguments, "{}");
	reply_release(&r);
	ck_assert_int_eq(reply_stream_parse(huge, strlen(huge), NULL, 0, &r, &st, err, sizeof(err)),
			 -1);
	ck_assert_ptr_nonnull(strstr(err, "outside 0..63"));
	reply_release(&r);
	ck_assert_int_eq(
		reply_stream_parse(negative, strlen(negative), NULL, 0, &r, &st, err, sizeof(err)),
		-1);
	reply_release(&r);
}
END_TEST

Suite *sse_suite(void)
{
	Suite *s = suite_create("sse");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, sse_shapes, 0, sizeof(sse_cases) / sizeof(sse_cases[0]));
	tcase_add_test(tc, sse_limits);
	tcase_add_test(tc, reassembles_vllm);
	tcase_add_test(tc, stream_timing);
	tcase_add_test(tc, stream_failures);
	tcase_add_loop_test(tc, responses_stream, 0,
			    sizeof(responses_streams) / sizeof(responses_streams[0]));
	tcase_add_test(tc, fuzz_huge_tool_index);
	suite_add_tcase(s, tc);
	return s;
}
