/* SPDX-License-Identifier: Apache-2.0 */
/* check_grade — verdicts and causes on recorded answers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade.h"
#include "suites.h"

static struct probe *load(const char *text)
{
	char err[512];
	struct probe *p = probe_load_text("t.json", text, strlen(text), err, sizeof(err));

	ck_assert_msg(p != NULL, "%s", err);
	return p;
}

static const char json_probe[] = "{\"id\":\"json\",\"title\":\"J\",\"request\":{\"messages\":[{"
				 "\"role\":\"user\",\"content\":\"x\"}]},"
				 "\"expect\":{\"content_json_schema\":{\"type\":\"object\","
				 "\"properties\":{\"language\":{\"const\":\"python\"},"
				 "\"ok\":{\"const\":true}},\"required\":[\"language\",\"ok\"]}}}";
static const char tool_probe[] = "{\"id\":\"tools\",\"title\":\"T\",\"request\":{\"messages\":[{"
				 "\"role\":\"user\",\"content\":\"x\"}],"
				 "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"get_"
				 "weather\",\"parameters\":{\"type\":\"object\","
				 "\"properties\":{\"city\":{\"type\":\"string\",\"minLength\":1}},"
				 "\"required\":[\"city\"]}}}]},"
				 "\"expect\":{\"tool_call\":\"get_weather\"}}";
static const char smoke_probe[] = "{\"id\":\"smoke\",\"title\":\"S\",\"request\":{\"messages\":[{"
				  "\"role\":\"user\",\"content\":\"x\"}]},"
				  "\"expect\":{\"content_regex\":\"sum\\\\(\"}}";

/* a one-word answer: in any script (a Chinese one, where pcre2 10.42's JIT
 * had no \\S for it, check_regex) */
static const char word_probe[] = "{\"id\":\"word\",\"title\":\"W\",\"request\":{\"messages\":[{"
				 "\"role\":\"user\",\"content\":\"x\"}]},"
				 "\"expect\":{\"content_regex\":\"^\\\\S+$\"}}";

static char *const allowed[] = { "stop", "tool_calls" };

/* content, reasoning, finish, expected pass, cause */
static const struct {
	const char *probe;
	const char *body;
	bool pass;
	enum cause cause;
} cases[] = {
	{ word_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\xe7\xad\x94\xe6\xa1\x88\"},\"finish_reason\":"
	  "\"stop\"}]}",
	  true, CAUSE_NONE },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"{\\\"language\\\":\\\"python\\\",\\\"ok\\\":"
	  "true}\"},\"finish_reason\":\"stop\"}]}",
	  true, CAUSE_NONE },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"  "
	  "```json\\n{\\\"language\\\":\\\"python\\\",\\\"ok\\\":true}\\n```\\n\"},\"finish_"
	  "reason\":\"stop\"}]}",
	  true, CAUSE_NONE },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"```python\\n{\\\"language\\\":\\\"python\\\","
	  "\\\"ok\\\":true}\\n```\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_WRONG_ANSWER },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"{\\\"language\\\":\\\"python\\\",\\\"ok\\\":"
	  "\\\"true\\\"}\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_WRONG_ANSWER },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"We need to output JSON. "
	  "{\\\"language\\\":\\\"python\\\",\\\"ok\\\":true}\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_REASONING_BLEED },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"<think>\\nok\\n</"
	  "think>\\n{\\\"language\\\":\\\"python\\\",\\\"ok\\\":true}\"},\"finish_reason\":"
	  "\"stop\"}]}",
	  false, CAUSE_REASONING_BLEED },
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\",\"reasoning\":\"thinking...\"},\"finish_"
	  "reason\":\"length\"}],\"usage\":{\"completion_tokens\":256}}",
	  false, CAUSE_THINKING_STARVATION },
	/* the whole budget went and nothing came back, no reasoning anywhere (a
	 * router that strips it, llama.cpp stripping whitespace): not a thinking
	 * problem until reasoning is seen */
	{ json_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\"},\"finish_reason\":\"length\"}],\"usage\":{"
	  "\"completion_tokens\":256}}",
	  false, CAUSE_EMPTY_ANSWER },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\\n\\n\\n\"},\"finish_reason\":\"length\"}],"
	  "\"usage\":{\"completion_tokens\":256}}",
	  false, CAUSE_EMPTY_ANSWER },
	/* replies a strict OpenAI client cannot consume, whatever they say */
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":"
	  "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":{\"city\":"
	  "\"Oakland\"}}}]},\"finish_reason\":\"tool_calls\"}]}",
	  false, CAUSE_NONCONFORMANT_REPLY },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":[\"sum(xs)\"]},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_NONCONFORMANT_REPLY },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"sum(xs)\"},\"finish_reason\":\"stop_"
	  "sequence\"}]}",
	  false, CAUSE_NONCONFORMANT_REPLY },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"sum(xs)\"},\"finish_reason\":1}]}", false,
	  CAUSE_NONCONFORMANT_REPLY },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"Depending on whether you want sum(xs) "
	  "or\"},\"finish_reason\":\"length\"}],\"usage\":{\"completion_tokens\":256}}",
	  false, CAUSE_ANSWER_TRUNCATED },
	/* the old tool's false pass: <think>-filled, length-cut, contains sum( */
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"<think>\\nHere's a thinking process: use "
	  "sum(xs)\"},\"finish_reason\":\"length\"}],\"usage\":{\"completion_tokens\":256}}",
	  false, CAUSE_REASONING_BLEED },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"sum(xs)<|im_start|>assistant\"},\"finish_"
	  "reason\":\"stop\"}]}",
	  false, CAUSE_GARBAGE_OUTPUT },
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"sum(xs) "
	  "\\ufffd\\ufffd\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_GARBAGE_OUTPUT },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":"
	  "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\": "
	  "\\\"Oakland\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}",
	  true, CAUSE_NONE },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":"
	  "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{}\"}}]},\"finish_"
	  "reason\":\"tool_calls\"}]}",
	  false, CAUSE_INVALID_TOOL_ARGUMENTS },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":"
	  "\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\": "
	  "\\\"\\\"}\"}}]},\"finish_reason\":\"tool_calls\"}]}",
	  false, CAUSE_INVALID_TOOL_ARGUMENTS },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"<tool_call>\\n{\\\"name\\\": "
	  "\\\"get_weather\\\", \\\"arguments\\\": {\\\"city\\\": "
	  "\\\"Oakland\\\"}}\\n</tool_call>\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_TOOL_CALL_AS_TEXT },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"{\\\"name\\\": \\\"get_weather\\\", "
	  "\\\"parameters\\\": {\\\"city\\\": \\\"Oakland\\\"}}\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_TOOL_CALL_AS_TEXT },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"I will call get_weather for "
	  "Oakland.\"},\"finish_reason\":\"stop\"}]}",
	  false, CAUSE_NO_TOOL_CALL },
	{ tool_probe,
	  "{\"choices\":[{\"message\":{\"content\":null,\"tool_calls\":[{\"id\":\"a\",\"type\":"
	  "\"function\",\"function\":{\"name\":\"get_time\",\"arguments\":\"{}\"}}]},\"finish_"
	  "reason\":\"tool_calls\"}]}",
	  false, CAUSE_WRONG_TOOL },
	/* the answer in the reasoning channel of a finished reply */
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\",\"reasoning\":\"sum(xs)\"},\"finish_"
	  "reason\":"
	  "\"stop\"}]}",
	  false, CAUSE_ANSWER_IN_REASONING },
	/* the same picture cut off by the budget is starvation, even when the
	 * thinking mentions the answer */
	{ smoke_probe,
	  "{\"choices\":[{\"message\":{\"content\":\"\",\"reasoning\":\"maybe sum(xs), "
	  "let me check\"},\"finish_reason\":\"length\"}],\"usage\":{\"completion_tokens\":256}}",
	  false, CAUSE_THINKING_STARVATION },
};

START_TEST(grades_recorded_answers)
{
	struct probe *p = load(cases[_i].probe);
	struct grade_policy pol = { allowed, 2, REASONING_ANY, 256, -1, NULL, NULL, 0, NULL };
	struct chat_reply r;
	struct grade g;
	char err[128];

	ck_assert_int_eq(reply_parse(cases[_i].body, strlen(cases[_i].body), &r, err, sizeof(err)),
			 0);
	grade_answer(&p->expect, &pol, &r, NULL, &g);
	ck_assert_msg(g.pass == cases[_i].pass && g.cause == cases[_i].cause,
		      "case %d: pass=%d cause=%s detail=%s", _i, g.pass, cause_code(g.cause),
		      g.detail);
	reply_release(&r);
	probe_free(p);
}
END_TEST

/* a pattern of the probe that backtracks without end: its own cause, a
 * remedy naming it, whether it is the content regex or a schema pattern */
START_TEST(patterns_that_cannot_finish)
{
	static const char *const probes[] = {
		"{\"id\":\"r\",\"title\":\"R\",\"request\":{\"messages\":[{\"role\":"
		"\"user\",\"content\":\"x\"}]},\"expect\":{\"content_regex\":\"^(a|aa)+$\"}}",
		"{\"id\":\"r\",\"title\":\"R\",\"request\":{\"messages\":[{\"role\":"
		"\"user\",\"content\":\"x\"}]},\"expect\":{\"content_json_schema\":{"
		"\"properties\":{\"k\":{\"pattern\":\"^(a|aa)+$\"}}}}}",
	};
	struct grade_policy pol = { allowed, 2, REASONING_ANY, 256, -1, NULL, NULL, 0, NULL };
	char body[1024], a[201], err[128];
	size_t i;

	memset(a, 'a', 200);
	a[200] = '\0';
	for (i = 0; i < 2; i++) {
		struct probe *p = load(probes[i]);
		struct chat_reply r;
		struct grade g;

		snprintf(body, sizeof(body),
			 i == 0 ? "{\"choices\":[{\"message\":{\"content\":\"%s!\"},"
				  "\"finish_reason\":\"stop\"}]}"
				: "{\"choices\":[{\"message\":{\"content\":\"{\\\"k\\\":"
				  "\\\"%s!\\\"}\"},\"finish_reason\":\"stop\"}]}",
			 a);
		ck_assert_int_eq(reply_parse(body, strlen(body), &r, err, sizeof(err)), 0);
		grade_answer(&p->expect, &pol, &r, NULL, &g);
		ck_assert_msg(!g.pass && g.cause == CAUSE_PATTERN_LIMIT, "%zu: %s %s", i,
			      cause_code(g.cause), g.detail);
		ck_assert_ptr_nonnull(strstr(g.detail, "/^(a|aa)+$/"));
		ck_assert_ptr_nonnull(strstr(g.pattern, "/^(a|aa)+$/"));
		reply_release(&r);
		probe_free(p);
	}
}
END_TEST

START_TEST(policy_overrides_a_passing_check)
{
	struct probe *p = load(smoke_probe);
	struct grade_policy pol = { allowed, 2, REASONING_REQUIRED, 256, -1, NULL, NULL, 0, NULL };
	const char *body = "{\"choices\":[{\"message\":{\"content\":\"sum(xs)\"},\"finish_reason\":"
			   "\"stop\"}]}";
	struct chat_reply r;
	struct grade g;
	char err[128];

	ck_assert_int_eq(reply_parse(body, strlen(body), &r, err, sizeof(err)), 0);
	grade_answer(&p->expect, &pol, &r, NULL, &g);
	ck_assert(!g.pass);
	ck_assert_ptr_nonnull(strstr(g.detail, "reasoning evidence was required"));
	pol.reasoning = REASONING_ANY;
	grade_answer(&p->expect, &pol, &r, NULL, &g);
	ck_assert(g.pass);
	reply_release(&r);
	probe_free(p);
}
END_TEST

START_TEST(json_object_strictness)
{
	static const struct {
		const char *content;
		bool ok;
	} c[] = {
		{ "{\"a\":1}", true },
		{ "\n {\"a\":1} \n", true },
		{ "```json\n{\"a\":1}\n```", true },
		{ "```\n{\"a\":1}\n```", true },
		{ "{\"a\":1} trailing", false },
		{ "[1]", false },
		{ "", false },
		{ "{\"a\":", false },
		{ "```json\n{\"a\":1}\n``` and more", false },
	};
	char why[128];
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		cJSON *o = grade_json_object(c[i].content, strlen(c[i].content), why, sizeof(why));

		ck_assert_msg((o != NULL) == c[i].ok, "'%s': %s", c[i].content, why);
		cJSON_Delete(o);
	}
}
END_TEST

Suite *grade_suite(void)
{
	Suite *s = suite_create("grade");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, grades_recorded_answers, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, policy_overrides_a_passing_check);
	tcase_add_test(tc, patterns_that_cannot_finish);
	tcase_add_test(tc, json_object_strictness);
	suite_add_tcase(s, tc);
	return s;
}
