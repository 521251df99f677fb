/* SPDX-License-Identifier: Apache-2.0 */
/* check_chat — request bodies and replies from each engine's shape. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "chat.h"
#include "suites.h"

START_TEST(body_has_thinking_controls)
{
	cJSON *req = cJSON_Parse(
		"{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"max_tokens\":5,"
		"\"extra_body\":{\"top_k\":1}}");
	cJSON *kw = cJSON_Parse("{\"thinking\":true}"), *extra = cJSON_Parse("{\"seed\":7}"), *b;
	struct chat_settings s = { .model = "m",
				   .max_tokens = 300,
				   .thinking = THINKING_DISABLED,
				   .reasoning_effort = "low",
				   .chat_template_kwargs = kw,
				   .extra_body = extra };
	char err[128], *body = chat_body_build(req, NULL, &s, err, sizeof(err));

	ck_assert_ptr_nonnull(body);
	b = cJSON_Parse(body);
	ck_assert_str_eq(cJSON_GetObjectItem(b, "model")->valuestring, "m");
	ck_assert_int_eq(cJSON_GetObjectItem(b, "max_tokens")->valueint, 300);
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(cJSON_GetObjectItem(b, "chat_template_kwargs"),
						    "enable_thinking")));
	ck_assert(cJSON_IsTrue(
		cJSON_GetObjectItem(cJSON_GetObjectItem(b, "chat_template_kwargs"), "thinking")));
	ck_assert_str_eq(cJSON_GetObjectItem(b, "reasoning_effort")->valuestring, "low");
	ck_assert_int_eq(cJSON_GetObjectItem(b, "top_k")->valueint, 1);
	ck_assert_int_eq(cJSON_GetObjectItem(b, "seed")->valueint, 7);
	ck_assert_ptr_null(cJSON_GetObjectItem(b, "extra_body"));
	ck_assert_int_eq(cJSON_GetObjectItem(b, "temperature")->valueint, 0);
	cJSON_Delete(b);
	free(body);
	s.thinking = THINKING_DEFAULT;
	s.chat_template_kwargs = NULL;
	body = chat_body_build(req, NULL, &s, err, sizeof(err));
	ck_assert_ptr_null(strstr(body, "chat_template_kwargs"));
	free(body);
	cJSON_Delete(req);
	cJSON_Delete(kw);
	cJSON_Delete(extra);
}
END_TEST

static const struct {
	const char *body;
	const char *content, *reasoning, *field, *finish;
	long reasoning_tokens;
	size_t calls;
} replies[] = {
	/* vLLM >= 0.16 */
	{ "{\"choices\":[{\"message\":{\"content\":\"hi\",\"reasoning\":\"think\"},\"finish_"
	  "reason\":\"stop\"}],"
	  "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":4,\"completion_tokens_details\":{"
	  "\"reasoning_tokens\":2}}}",
	  "hi", "think", "reasoning", "stop", 2, 0 },
	/* SGLang: reasoning_content, top-level reasoning_tokens */
	{ "{\"choices\":[{\"message\":{\"content\":\"hi\",\"reasoning_content\":\"t\",\"tool_"
	  "calls\":null},\"finish_reason\":\"stop\"}],"
	  "\"usage\":{\"prompt_tokens\":3,\"reasoning_tokens\":267}}",
	  "hi", "t", "reasoning_content", "stop", 267, 0 },
	/* vLLM 0.11-0.15: both, reasoning null and reasoning_content set */
	{ "{\"choices\":[{\"message\":{\"content\":null,\"reasoning\":null,\"reasoning_content\":"
	  "\"r\"},\"finish_reason\":\"length\"}]}",
	  "", "r", "reasoning_content", "length", -1, 0 },
	/* a tool call with object arguments (Ollama style) and empty content */
	{ "{\"choices\":[{\"message\":{\"content\":\"\",\"tool_calls\":[{\"id\":\"c\",\"index\":0,"
	  "\"type\":\"function\","
	  "\"function\":{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Oakland\"}}}]},"
	  "\"finish_reason\":\"tool_calls\"}]}",
	  "", "", NULL, "tool_calls", -1, 1 },
	/* vLLM 0.22: tool_calls: [] is not a call */
	{ "{\"choices\":[{\"message\":{\"content\":\"x\",\"tool_calls\":[]},\"finish_reason\":"
	  "\"stop\"}]}",
	  "x", "", NULL, "stop", -1, 0 },
};

START_TEST(parses_engine_replies)
{
	struct chat_reply r;
	char err[128];

	ck_assert_int_eq(
		reply_parse(replies[_i].body, strlen(replies[_i].body), &r, err, sizeof(err)), 0);
	ck_assert_str_eq(r.content, replies[_i].content);
	ck_assert_str_eq(r.reasoning, replies[_i].reasoning);
	if (replies[_i].field)
		ck_assert_str_eq(r.reasoning_field, replies[_i].field);
	else
		ck_assert_ptr_null(r.reasoning_field);
	ck_assert_str_eq(r.finish_reason, replies[_i].finish);
	ck_assert_int_eq(r.reasoning_tokens, replies[_i].reasoning_tokens);
	ck_assert_uint_eq(r.n_calls, replies[_i].calls);
	if (r.n_calls)
		ck_assert_str_eq(r.calls[0].arguments, "{\"city\":\"Oakland\"}");
	reply_release(&r);
}
END_TEST

/* a reply with more tool calls than any answer needs is refused, not cut */
START_TEST(tool_call_limit)
{
	struct buf body = BUF_INIT(0);
	struct chat_reply r;
	char err[128];
	int i;

	buf_puts(&body, "{\"choices\":[{\"message\":{\"tool_calls\":[");
	for (i = 0; i < 65; i++)
		buf_printf(&body, "%s{\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}",
			   i ? "," : "");
	buf_puts(&body, "]},\"finish_reason\":\"tool_calls\"}]}");
	ck_assert_int_eq(reply_parse(body.data, body.len, &r, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "the reply has more than 64 tool calls");
	reply_release(&r);
	buf_release(&body);
}
END_TEST

START_TEST(rejects_malformed)
{
	static const char *const bodies[] = { "", "not json", "[]", "{\"choices\":[]}",
					      "{\"choices\":[{}]}" };
	struct chat_reply r;
	char err[128];
	size_t i;

	for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++) {
		ck_assert_int_eq(reply_parse(bodies[i], strlen(bodies[i]), &r, err, sizeof(err)),
				 -1);
		ck_assert_str_ne(err, "");
		reply_release(&r);
	}
}
END_TEST

Suite *chat_suite(void)
{
	Suite *s = suite_create("chat");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, body_has_thinking_controls);
	tcase_add_loop_test(tc, parses_engine_replies, 0, sizeof(replies) / sizeof(replies[0]));
	tcase_add_test(tc, rejects_malformed);
	tcase_add_test(tc, tool_call_limit);
	suite_add_tcase(s, tc);
	return s;
}
