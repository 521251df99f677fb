/* SPDX-License-Identifier: Apache-2.0 */
/* check_comparison — a comparison's reports from its JSON. The page: the
 * verdict and each metric, the strip and the text where the answers part,
 * the behaviour section only with a dataset, and every text from the
 * report escaped (a prompt, a token or a request id holding markup is
 * shown, never parsed). The JUnit and the markdown: each metric's testcase
 * and the notes cell as the report's verdicts say, also when the
 * comparison could not be made or was interrupted. The metrics' names are
 * the schema's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "comparison.h"
#include "suites.h"
#include "testutil.h"

static const char doc_text[] =
	"{\"schema\": \"preflight-comparison/v1\", \"verdict\": \"drifted\", \"reason\": "
	"\"tool-call F1 at most 0.85\", \"reference\": {\"endpoint\": \"http://r/v1\", \"model\": "
	"\"ref<b>\", \"scoring\": \"prompt_logprobs\"}, \"candidate\": {\"endpoint\": "
	"\"http://c/v1\", \"model\": \"cand\", \"scoring\": \"none\"}, \"realignments\": "
	"{\"answered\": 3, \"failed\": 1, \"scored\": 2}, "
	"\"settings\": {\"prompts\": \"built-in\", \"prompts_asked\": 2, \"tokens\": 32, "
	"\"top_logprobs\": 20}, \"metrics\": [{\"name\": \"kl\", \"verdict\": \"same\", "
	"\"interval\": [0.0001, 0.006], \"limit\": 0.01, \"why\": \"KL up to 0.006\"}, {\"name\": "
	"\"tools\", \"verdict\": \"drifted\", \"interval\": [0.3, 0.85], \"limit\": 0.9, \"why\": "
	"\"tool-call F1 at most 0.85\"}], \"drift\": {\"prompts\": 2, \"diverged\": 1, \"kl\": "
	"{\"estimate\": [0.001, 0.004], \"interval\": [0.0001, 0.006]}, \"top1\": {\"estimate\": "
	"0.98, \"interval\": [0.97, 0.99]}, \"rank_mean\": 1.01, \"perplexity\": {\"reference\": "
	"2.6, \"other\": [2.6, 2.7]}}, \"prompts\": [{\"id\": \"<script>alert(1)</script>\", "
	"\"kind\": \"code\", \"kl\": [0.001, 0.002], \"top1\": 0.9, \"first_divergence\": "
	"{\"position\": 8, \"reference\": \"<i>\", \"candidate\": \" &amp\", \"before\": "
	"\"x = </td>\"}}, {\"id\": \"p2\", \"error\": \"reference: HTTP 500\"}], \"behaviour\": "
	"BEHAVIOUR}";

static const char behaviour[] =
	"{\"dataset\": \"built-in\", \"requests\": 2, \"asked\": 2, \"floor\": null, \"drift\": "
	"{\"requests\": 2, \"trigger\": {\"both\": 1, \"other_only\": 1, \"reference_only\": 0, "
	"\"neither\": 0, \"f1\": 0.67, \"interval\": [0.3, 0.85]}, \"same_tool\": "
	"{\"both_called\": "
	"1, \"same\": 1}, \"arguments\": {\"calls\": 2, \"valid\": 2}, \"exact\": 1, "
	"\"structured\": {\"asked\": 0, \"valid\": 0}, \"finish\": {\"reference\": {\"stop\": 1, "
	"\"tool_calls\": 1}, \"other\": {\"tool_calls\": 1, \"content_filter\": 1}}}, \"items\": "
	"[{\"id\": \"line 1\", "
	"\"reference\": {\"answered\": true, \"tool\": \"get_weather\"}, \"candidate\": "
	"{\"answered\": true, \"tool\": \"get_weather\"}}, {\"id\": \"<b>line 2\", \"reference\": "
	"{\"answered\": true, \"tool\": null}, \"candidate\": {\"answered\": true, \"tool\": "
	"\"lookup<order>\"}}]}";

/* the document, its behaviour replaced by with (caller deletes) */
static cJSON *doc_with(const char *with)
{
	struct buf text = BUF_INIT(0);
	const char *hole = strstr(doc_text, "BEHAVIOUR");
	cJSON *doc;

	buf_append(&text, doc_text, (size_t)(hole - doc_text));
	buf_puts(&text, with);
	buf_puts(&text, hole + strlen("BEHAVIOUR"));
	doc = cJSON_Parse(buf_cstr(&text));
	ck_assert_ptr_nonnull(doc);
	ck_assert(comparison_is(doc));
	buf_release(&text);
	return doc;
}

/* the page of the document, its behaviour replaced by with */
static char *page_with(const char *with)
{
	struct buf page = BUF_INIT(0);
	cJSON *doc = doc_with(with);

	ck_assert_int_eq(comparison_html_render(doc, &page), 0);
	cJSON_Delete(doc);
	return buf_detach(&page);
}

/* doc's JUnit and markdown, both checked to hold each of the strings
 * want (NULL-ended: JUnit's first, then "|", then the markdown's) */
static void reports_say(const cJSON *doc, const char *const *want)
{
	struct buf xml = BUF_INIT(0), md = BUF_INIT(0);
	const char *in;

	ck_assert_int_eq(comparison_junit_render(doc, &xml), 0);
	ck_assert_int_eq(comparison_markdown_render(doc, &md), 0);
	for (in = buf_cstr(&xml); *want; want++) {
		if (!strcmp(*want, "|")) {
			in = buf_cstr(&md);
			continue;
		}
		ck_assert_msg(strstr(in, *want) != NULL, "no '%s' in\n%s", *want, in);
	}
	buf_release(&xml);
	buf_release(&md);
}

START_TEST(the_page_of_a_comparison)
{
	char *page = page_with(behaviour), *plain = page_with("null");
	cJSON *run = cJSON_Parse("{\"schema\": \"preflight-report/v3\"}");

	ck_assert_ptr_nonnull(strstr(page, "COMPARE: DRIFTED"));
	ck_assert_ptr_nonnull(strstr(page, "<td class=\"v fail\">drifted</td>"));
	ck_assert_ptr_nonnull(strstr(page, "<td class=\"v pass\">same</td>"));
	ck_assert_ptr_nonnull(strstr(page, "<h3>Where the answers part</h3>"));
	ck_assert_ptr_nonnull(strstr(page, "parts at token 8"));
	ck_assert_ptr_nonnull(strstr(page, "not compared"));
	ck_assert_ptr_nonnull(strstr(page, "The candidate against the reference"));
	ck_assert_ptr_nonnull(strstr(page, "lookup&lt;order&gt;"));
	/* how each side was measured after a divergence, and the pairs so */
	ck_assert_ptr_nonnull(strstr(page, "<td>scored (prompt_logprobs)</td>"));
	ck_assert_ptr_nonnull(strstr(page, "<td>continued</td>"));
	ck_assert_ptr_nonnull(strstr(page,
				     "2 pairs scored on the reference's text (teacher-forced), "
				     "3 continued greedily, 1 failed"));
	/* the finish reasons are the report's own keys: a row each, the
	 * candidate's own last, none the report does not count */
	ck_assert_ptr_nonnull(
		strstr(page, "<td>stop</td><td class=\"n\">1</td><td class=\"n\">-</td>"));
	ck_assert_ptr_nonnull(strstr(page, "<td>content_filter</td>"));
	ck_assert_ptr_null(strstr(page, "<td>length</td>"));
	/* hostile text shown, never markup */
	ck_assert_ptr_null(strstr(page, "<script>"));
	ck_assert_ptr_null(strstr(page, "<i>"));
	ck_assert_ptr_null(strstr(page, "ref<b>"));
	ck_assert_ptr_null(strstr(page, "x = </td>"));
	ck_assert_ptr_nonnull(strstr(page, "&lt;script&gt;alert(1)&lt;/script&gt;"));
	ck_assert_ptr_nonnull(strstr(page, "&amp;amp"));
	/* no dataset: no behaviour section */
	ck_assert_ptr_null(strstr(plain, "Behaviour on the dataset"));
	ck_assert_ptr_nonnull(strstr(plain, "<h3>Where the answers part</h3>"));
	ck_assert(!comparison_is(run));
	ck_assert(!comparison_is(NULL));
	cJSON_Delete(run);
	free(page);
	free(plain);
}
END_TEST

/* each metric's testcase as its verdict says (an inconclusive one fails,
 * or is skipped when the comparison allowed it), the classname and the
 * row naming both sides escaped; a comparison that could not be made errs
 * on every metric with its reason, and an interrupted one says so */
START_TEST(junit_and_markdown_say_the_json)
{
	cJSON *doc = doc_with(behaviour), *metrics = cJSON_GetObjectItem(doc, "metrics");
	cJSON *settings = cJSON_GetObjectItem(doc, "settings");
	static const char *const drifted[] = {
		"tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\"",
		"classname=\"compare cand against ref&lt;b&gt;\"",
		"<failure type=\"inconclusive\" message=\"top-1 down to 96.0%\">",
		"<failure type=\"drifted\" message=\"tool-call F1 at most 0.85\">",
		"<property name=\"verdict\" value=\"DRIFTED\"/>",
		"|",
		"| ref&lt;b&gt; | cand | ❌ DRIFTED | 0.001-0.004 (CI 0.0001-0.006) | 98.0% (CI "
		"97.0-99.0) "
		"| 1 of 2 | KL < 0.01, top-1 > 95.0%, tool F1 > 0.90 |",
		"drift vs ref: top-1 98.0%, KL ≤ 0.006, tool F1 0.67 (drifted)",
		NULL
	};
	static const char *const allowed[] = { "failures=\"1\" errors=\"0\" skipped=\"1\"",
					       "<skipped type=\"inconclusive\"", NULL };
	static const char *const unusable[] = {
		"tests=\"3\" failures=\"0\" errors=\"3\"",
		"<error type=\"unusable\" message=\"no prompt could be compared\">",
		"|",
		"❌ UNUSABLE | - | - | - |",
		"drift vs ref: not compared",
		NULL
	};
	static const char *const interrupted[] = { "<error type=\"interrupted\"", "|",
						   "(interrupted)", NULL };

	cJSON_AddItemToArray(metrics,
			     cJSON_Parse("{\"name\": \"top1\", \"verdict\": \"inconclusive\", "
					 "\"why\": \"top-1 down to 96.0%\"}"));
	cJSON_AddItemToObject(doc, "thresholds",
			      cJSON_Parse("{\"max_kl\": 0.01, \"min_top1\": 0.95, "
					  "\"min_tool_agreement\": 0.9}"));
	reports_say(doc, drifted);
	cJSON_AddTrueToObject(settings, "allow_inconclusive");
	reports_say(doc, allowed);
	cJSON_ReplaceItemInObject(doc, "verdict", cJSON_CreateString("interrupted"));
	cJSON_ReplaceItemInObject(doc, "reason", cJSON_CreateString("interrupted"));
	reports_say(doc, interrupted);
	cJSON_ReplaceItemInObject(doc, "verdict", cJSON_CreateString("unusable"));
	cJSON_ReplaceItemInObject(doc, "reason", cJSON_CreateString("no prompt could be compared"));
	cJSON_ReplaceItemInObject(doc, "metrics", cJSON_CreateArray());
	cJSON_ReplaceItemInObject(doc, "drift", cJSON_CreateNull());
	reports_say(doc, unusable);
	cJSON_Delete(doc);
}
END_TEST

/* the metrics' names: comparison.h's list is the schema's enum, in its
 * order (the writer names them through it, the readers look them up) */
START_TEST(the_metric_names_are_the_schemas)
{
	char path[4096], *text;
	cJSON *schema, *names;
	int m;

	snprintf(path, sizeof(path), "%s/reports/schemas/comparison.schema.json", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	schema = cJSON_Parse(text);
	names = cJSON_GetObjectItem(
		cJSON_GetObjectItem(
			cJSON_GetObjectItem(
				cJSON_GetObjectItem(
					cJSON_GetObjectItem(
						cJSON_GetObjectItem(schema, "properties"),
						"metrics"),
					"items"),
				"properties"),
			"name"),
		"enum");
	ck_assert_int_eq(cJSON_GetArraySize(names), COMPARISON_METRICS);
	for (m = 0; m < COMPARISON_METRICS; m++)
		ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(names, m)),
				 comparison_metric_key((enum comparison_metric)m));
	cJSON_Delete(schema);
	free(text);
}
END_TEST

Suite *comparison_suite(void)
{
	Suite *s = suite_create("comparison");
	TCase *tc = tcase_create("comparison");

	tcase_add_test(tc, the_page_of_a_comparison);
	tcase_add_test(tc, junit_and_markdown_say_the_json);
	tcase_add_test(tc, the_metric_names_are_the_schemas);
	suite_add_tcase(s, tc);
	return s;
}
