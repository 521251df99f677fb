/* SPDX-License-Identifier: Apache-2.0 */
/* check_probe — the probe loader: good files, and errors with file:line:col. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"
#include "suites.h"

static const char good[] = "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":"
			   "\"user\",\"content\":\"ab\",\"repeat\":3}],"
			   "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\","
			   "\"parameters\":{\"type\":\"object\"}}}]},"
			   "\"run\":{\"batch\":4},\"expect\":{\"tool_call\":\"f\",\"finish_"
			   "reasons\":[\"stop\"],\"reasoning\":\"forbidden\"}}";

START_TEST(loads_good_probe)
{
	char err[512];
	struct probe *p = probe_load_text("t.json", good, sizeof(good) - 1, err, sizeof(err));
	const cJSON *m;

	ck_assert_msg(p != NULL, "%s", err);
	ck_assert_str_eq(p->id, "t");
	ck_assert_int_eq(p->batch, 4);
	ck_assert_ptr_nonnull(p->expect.tool_parameters);
	ck_assert_int_eq(p->expect.reasoning, REASONING_FORBIDDEN);
	ck_assert_uint_eq(p->expect.n_finish_reasons, 1);
	m = cJSON_GetArrayItem(cJSON_GetObjectItem(p->request, "messages"), 0);
	ck_assert_str_eq(cJSON_GetObjectItem(m, "content")->valuestring, "ababab");
	ck_assert_ptr_null(cJSON_GetObjectItem(m, "repeat"));
	ck_assert_str_eq(p->summary_pass, "T");
	probe_free(p);
}
END_TEST

static const struct {
	const char *text;
	const char *want; /* substring of the error */
} bad[] = {
	{ "{\"id\":\"t\",\n  \"title\": }", "t.json:2:12: invalid JSON" },
	{ "[1]", "t.json:1:1: a probe file must hold one JSON object" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\n\"expect\":{}}",
	  "t.json:2:1: the probe asserts nothing: 'expect' needs content_regex, "
	  "content_not_regex, content_json_schema, tool_call, contains or needle_secret" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\n\"expect\":{\"content_regex\":\"(\"}}",
	  "t.json:2:11: 'content_regex' does not compile" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[]},\"expect\":{\"content_"
	  "regex\":\"x\"}}",
	  "'request.messages' must be a non-empty array" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"bogus\":1,\"request\":{\"messages\":[{\"role\":\"user\","
	  "\"content\":\"x\"}]},\"expect\":{\"content_regex\":\"x\"}}",
	  "unknown key 'bogus' in the probe" },
	{ "{\"id\":\"T "
	  "T\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]},"
	  "\"expect\":{\"content_regex\":\"x\"}}",
	  "'id' may hold only" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"expect\":{\"tool_call\":\"g\"}}",
	  "'tool_call' names 'g', which is not in request.tools" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"run\":{\"batch\":500},\"expect\":{\"content_regex\":\"x\"}}",
	  "'batch' must be an integer from 1 to 128" },
	/* a huge number is a range error, not an undefined cast */
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"run\":{\"repeat\":1e300},\"expect\":{\"content_regex\":\"x\"}}",
	  "'repeat' must be an integer from 1 to 100" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"expect\":{\"content_json_schema\":{\"type\":\"objet\"}}}",
	  "unusable schema: $: unknown type 'objet'" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"model\":\"m\",\"messages\":[{\"role\":"
	  "\"user\",\"content\":\"x\"}]},\"expect\":{\"content_regex\":\"x\"}}",
	  "must not set 'model'" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"expect\":{\"needle_secret\":true}}",
	  "'needle_secret' needs a 'needle' with a 'secret'" },
	/* RULER's variants: a key the question names, counts in range */
	{ "{\"id\":\"t\",\"title\":\"T\",\"needle\":{\"filler\":\"f \",\"secret\":\"S\","
	  "\"secret_line\":\"code {secret}\",\"question\":\"Q?\",\"keys\":4},\"request\":{},"
	  "\"expect\":{\"needle_secret\":true}}",
	  "several keys need {key} in both 'secret_line' and 'question'" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"needle\":{\"filler\":\"f \",\"secret\":\"S\","
	  "\"secret_line\":\"{key}: {secret}\",\"question\":\"{key}?\",\"keys\":17},"
	  "\"request\":{},\"expect\":{\"needle_secret\":true}}",
	  "'keys' must be a whole number from 1 to 16" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"needle\":{\"filler\":\"f \",\"secret\":\"S\","
	  "\"secret_line\":\"{key}: {secret}\",\"question\":\"{key}?\",\"values\":1.5},"
	  "\"request\":{},\"expect\":{\"needle_secret\":true}}",
	  "'values' must be a whole number from 1 to 8" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"needle\":{\"filler\":\"f \",\"secret\":\"S\","
	  "\"secret_line\":\"code {secret}\",\"question\":\"Q?\",\"queries\":2},"
	  "\"request\":{},\"expect\":{\"needle_secret\":true}}",
	  "several keys need {key}" },
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"expect\":{\"content_regex\":\"x\",\"reasoning\":\"maybe\"}}",
	  "'reasoning' must be any, required or forbidden" },
	/* what cJSON alone lets through */
	{ "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\",\"content\":"
	  "\"x\"}]},\"expect\":{\"content_regex\":\"x\"}}garbage",
	  "t.json:1:109: text after the JSON value" },
	{ "{\"id\":\"t\",\"title\":\"T\"}\n{\"id\":\"u\",\"title\":\"U\"}",
	  "t.json:2:1: text after the JSON value (a second document?)" },
	{ "{\"id\":\"t\",\"id\":\"u\",\"title\":\"T\"}", "t.json:1:11: duplicate key 'id'" },
	{ "{\"id\":\"t\",\"title\":\"T\\u0000x\"}", "t.json:1:21: \\u0000 (NUL) inside a string" },
	{ "{\"id\":\"t\",\"title\":\"T\tx\"}", "a control character inside a string" },
	{ "{\"id\":\"t\",\"title\":\"smoke \xff\xfe\"}", "t.json:1:26: not valid UTF-8" },
};

START_TEST(rejects_bad_probe)
{
	char err[512];
	struct probe *p =
		probe_load_text("t.json", bad[_i].text, strlen(bad[_i].text), err, sizeof(err));

	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(err, bad[_i].want) != NULL, "got '%s', want '%s'", err, bad[_i].want);
}
END_TEST

/* a byte-order mark before the document is not an error */
START_TEST(byte_order_mark)
{
	const char *text = "\xEF\xBB\xBF{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{"
			   "\"role\":\"user\",\"content\":\"x\"}]},\"expect\":{\"content_regex\":"
			   "\"x\"}}";
	char err[512];
	struct probe *p = probe_load_text("t.json", text, strlen(text), err, sizeof(err));

	ck_assert_msg(p != NULL, "%s", err);
	ck_assert_str_eq(p->id, "t");
	probe_free(p);
}
END_TEST

START_TEST(bundled_probes_load_in_order)
{
	struct probe_set set = { 0 };
	char dir[4096], err[512];
	const char *root = getenv("PREFLIGHT_ROOT");

	snprintf(dir, sizeof(dir), "%s/probes", root ? root : ".");
	ck_assert_msg(probe_load_dir(dir, &set, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(probe_set_select(&set, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(set.n, 4);
	ck_assert_str_eq(set.items[0]->id, "smoke");
	ck_assert_str_eq(set.items[1]->id, "json");
	ck_assert_str_eq(set.items[2]->id, "needle");
	ck_assert_str_eq(set.items[3]->id, "tools");
	ck_assert_int_eq(probe_set_select(&set, "tools,smoke", err, sizeof(err)), 0);
	ck_assert_uint_eq(set.n, 2);
	ck_assert_str_eq(set.items[0]->id, "tools");
	ck_assert_int_eq(probe_set_select(&set, "json", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "unknown probe 'json'"));
	probe_set_release(&set);
}
END_TEST

Suite *probe_suite(void)
{
	Suite *s = suite_create("probe");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, loads_good_probe);
	tcase_add_loop_test(tc, rejects_bad_probe, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, bundled_probes_load_in_order);
	tcase_add_test(tc, byte_order_mark);
	suite_add_tcase(s, tc);
	return s;
}
