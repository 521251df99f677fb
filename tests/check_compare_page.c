/* SPDX-License-Identifier: Apache-2.0 */
/* check_compare_page — a comparison's page from its JSON: the verdict and
 * each metric, the strip and the text where the answers part, the
 * behaviour section only with a dataset, and every text from the report
 * escaped (a prompt, a token or a request id holding markup is shown,
 * never parsed). */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "compare_page.h"
#include "suites.h"

static const char doc_text[] =
	"{\"schema\": \"preflight-comparison/v1\", \"verdict\": \"drifted\", \"reason\": "
	"\"tool-call F1 at most 0.85\", \"reference\": {\"endpoint\": \"http://r/v1\", \"model\": "
	"\"ref<b>\"}, \"candidate\": {\"endpoint\": \"http://c/v1\", \"model\": \"cand\"}, "
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

/* the page of the document, its behaviour replaced by with */
static char *page_with(const char *with)
{
	struct buf text = BUF_INIT(0), page = BUF_INIT(0);
	const char *hole = strstr(doc_text, "BEHAVIOUR");
	cJSON *doc;

	buf_append(&text, doc_text, (size_t)(hole - doc_text));
	buf_puts(&text, with);
	buf_puts(&text, hole + strlen("BEHAVIOUR"));
	doc = cJSON_Parse(buf_cstr(&text));
	ck_assert_ptr_nonnull(doc);
	ck_assert(compare_page_is_comparison(doc));
	ck_assert_int_eq(compare_page_render(doc, &page), 0);
	cJSON_Delete(doc);
	buf_release(&text);
	return buf_detach(&page);
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
	ck_assert(!compare_page_is_comparison(run));
	ck_assert(!compare_page_is_comparison(NULL));
	cJSON_Delete(run);
	free(page);
	free(plain);
}
END_TEST

Suite *compare_page_suite(void)
{
	Suite *s = suite_create("compare_page");
	TCase *tc = tcase_create("compare_page");

	tcase_add_test(tc, the_page_of_a_comparison);
	suite_add_tcase(s, tc);
	return s;
}
