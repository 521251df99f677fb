/* SPDX-License-Identifier: Apache-2.0 */
/* check_html — the heat map and the HTML page: the cells of a made-up
 * report (every colour, the effective line, escaping), a page of several
 * reports, and end to end: the map of a band that loses needles shows
 * exactly that band, the live page equals the one `preflight report`
 * draws from the JSON, an endpoint's script stays text, and the report
 * command's errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json.h"
#include "model.h"

#include "heatmap.h"
#include "html.h"
#include "suites.h"
#include "testutil.h"

/* a report with cells of every kind at 4k and 8k, depths 0 and 1 */
static const char cells_report[] =
	"{\"schema\":\"preflight-report/v1\",\"started\":\"2026-12-01T10:00:00.000Z\","
	"\"endpoint\":{\"model\":\"m<1>\",\"engine\":\"vLLM\"},"
	"\"recipe\":{\"name\":\"r & d\"},"
	"\"sweep\":{\"effective_context\":4000,\"swept_max\":8000,"
	"\"headline\":\"effective context 4k of 8k swept\"},"
	"\"probes\":["
	"{\"id\":\"needle\",\"variant\":\"@4k@0%\",\"title\":\"t\",\"verdict\":\"pass\","
	"\"swept\":true,\"needle\":{\"requested_tokens\":4000,\"measured_prompt_tokens\":4003,"
	"\"depth\":0,\"secret\":\"S1\",\"recalled\":4,\"asked\":4}},"
	"{\"id\":\"needle\",\"variant\":\"@4k@100%\",\"title\":\"t\",\"verdict\":\"pass\","
	"\"swept\":true,\"needle\":{\"requested_tokens\":4000,\"measured_prompt_tokens\":3998,"
	"\"depth\":1,\"secret\":\"S2\",\"recalled\":4,\"asked\":4}},"
	"{\"id\":\"needle\",\"variant\":\"@8k@0%\",\"title\":\"t\",\"verdict\":\"fail\","
	"\"message\":\"<script>x</script>\",\"swept\":true,\"needle\":{\"requested_tokens\":8000,"
	"\"measured_prompt_tokens\":8001,\"depth\":0,\"secret\":\"S3\",\"recalled\":2,"
	"\"asked\":4}},"
	"{\"id\":\"needle\",\"variant\":\"@8k@100%\",\"title\":\"t\",\"verdict\":\"fail\","
	"\"swept\":true,\"needle\":{\"requested_tokens\":8000,\"measured_prompt_tokens\":8002,"
	"\"depth\":1,\"secret\":\"S4\",\"recalled\":0,\"asked\":4}},"
	"{\"id\":\"needle\",\"variant\":\"@16k@0%\",\"title\":\"t\",\"verdict\":\"skipped\","
	"\"swept\":true,\"beyond_window\":true,\"needle\":{\"requested_tokens\":16000,"
	"\"depth\":0,\"secret\":\"S5\"}},"
	"{\"id\":\"needle\",\"variant\":\"@16k@100%\",\"title\":\"t\",\"verdict\":\"error\","
	"\"swept\":true,\"needle\":{\"requested_tokens\":16000,\"depth\":1,\"secret\":\"S6\"}},"
	"{\"id\":\"needle\",\"variant\":\"@32k@0%\",\"title\":\"t\",\"verdict\":\"fail\","
	"\"cause\":\"reasoning-bleed\",\"swept\":true,\"needle\":{\"requested_tokens\":32000,"
	"\"measured_prompt_tokens\":32001,\"depth\":0,\"secret\":\"S7\",\"recalled\":1,"
	"\"asked\":1}},"
	"{\"id\":\"smoke\",\"title\":\"s\",\"verdict\":\"pass\"}]}";

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (; (hay = strstr(hay, needle)); hay += strlen(needle))
		n++;
	return n;
}

/* xmllint, where there is one, says whether text is well-formed XML */
static int well_formed(const char *dir, const char *name, const char *text)
{
	char path[4096], cmd[8192];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
	if (system("command -v xmllint >/dev/null 2>&1") != 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "xmllint --noout '%s' 2>/dev/null", path);
	return system(cmd) == 0;
}

/* the text of the first text element of svg that begins with start, or NULL */
static const char *text_starting(const char *svg, const char *start)
{
	const char *t;

	for (t = svg; (t = strstr(t, "<text")); t++) {
		const char *body = strchr(t, '>');

		if (body && !strncmp(body + 1, start, strlen(start)))
			return body + 1;
	}
	return NULL;
}

/* the map's height, from its svg element */
static int map_height(const char *svg)
{
	const char *h = strstr(svg, "height=\"");

	return h ? atoi(h + 8) : -1;
}

/* Names longer than a line wrap at a separator in the line's second half,
 * a name with none where the width ends, past four lines the last ends in
 * …; the map grows by the lines. make check-browser measures the real
 * text boxes (nothing outside the picture, nothing over anything). */
START_TEST(map_wraps_long_names)
{
	cJSON *j = cJSON_Parse(cells_report);
	char model[1100], *text;
	struct model *r;
	struct buf b = BUF_INIT(0), short_map = BUF_INIT(0);
	const char *s, *line;

	r = model_of(cells_report);
	ck_assert_int_eq(heatmap_svg(r, true, &short_map), 0);
	model_free(r);
	/* a model id of separated parts: broken after a '/' or '-' */
	cJSON_ReplaceItemInObject(
		cJSON_GetObjectItem(j, "endpoint"), "model",
		cJSON_CreateString("an-organisation-with-a-long-name/Qwen3.5-122B-A10B-Instruct-"
				   "NVFP4-speculative-MTP-fp8-kv-cache-community-validated"));
	text = cJSON_PrintUnformatted(j);
	r = model_of(text);
	ck_assert_int_eq(heatmap_svg(r, true, &b), 0);
	s = buf_cstr(&b);
	line = text_starting(s, "Long-context map · an-organisation");
	ck_assert_ptr_nonnull(line);
	/* three lines, the first ended by a separator */
	ck_assert_ptr_nonnull(strchr("-/.", strstr(line, "</text>")[-1]));
	ck_assert_int_eq(count(s, "font-size=\"17\""), 3);
	ck_assert_ptr_null(strstr(s, "…</text>"));
	ck_assert_int_eq(map_height(s), map_height(buf_cstr(&short_map)) + 2 * 22);
	buf_release(&b);
	model_free(r);
	free(text);
	/* 1,000 letters with no separator: four lines, the last cut */
	memset(model, 'x', 1000);
	model[1000] = '\0';
	cJSON_ReplaceItemInObject(cJSON_GetObjectItem(j, "endpoint"), "model",
				  cJSON_CreateString(model));
	text = cJSON_PrintUnformatted(j);
	r = model_of(text);
	ck_assert_int_eq(heatmap_svg(r, true, &b), 0);
	s = buf_cstr(&b);
	ck_assert_int_eq(count(s, "font-size=\"17\""), 4);
	ck_assert_int_eq(count(s, "…</text>"), 1);
	ck_assert_int_eq(map_height(s), map_height(buf_cstr(&short_map)) + 3 * 22);
	buf_release(&b);
	model_free(r);
	free(text);
	buf_release(&short_map);
	cJSON_Delete(j);
}
END_TEST

START_TEST(map_of_made_up_cells)
{
	struct model *r = model_of(cells_report);
	struct buf b = BUF_INIT(0);
	struct outcome o = { 0 };
	const char *s;

	ck_assert(heatmap_has_cells(r));
	ck_assert_int_eq(heatmap_svg(r, true, &b), 0);
	s = buf_cstr(&b);
	ck_assert(!strncmp(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 39));
	ck_assert_uint_eq(count(s, "class=\"cell pass\""), 2);
	ck_assert_uint_eq(count(s, "class=\"cell partial\""), 1);
	ck_assert_uint_eq(count(s, "class=\"cell fail\""), 1);
	ck_assert_uint_eq(count(s, "class=\"cell skipped\""), 1);
	ck_assert_uint_eq(count(s, "class=\"cell error\""), 1);
	/* every needle found, failed all the same: its own mark */
	ck_assert_uint_eq(count(s, "class=\"cell fail found-but\""), 1);
	ck_assert_ptr_nonnull(strstr(s, ">found, but</text>"));
	/* the glyphs say the verdict without colour; the fills by recall,
	 * a full recall light and none dark (cividis's ends) */
	ck_assert_uint_eq(count(s, "font-weight=\"bold\">✓</text>"), 3); /* 2 cells, legend */
	ck_assert_ptr_nonnull(strstr(s, "fill=\"#fee838\" stroke"));
	ck_assert_ptr_nonnull(strstr(s, "fill=\"#00224e\" stroke"));
	ck_assert_ptr_null(strstr(s, "<a href")); /* a file alone links nowhere */
	ck_assert_ptr_nonnull(strstr(s, "recall 2/4"));
	ck_assert_ptr_nonnull(strstr(s, "8,001 tok"));
	ck_assert_ptr_nonnull(strstr(s, ">not sent</text>")); /* beyond the window */
	/* the line after the 4k column: x = 70 + 78 */
	ck_assert_ptr_nonnull(strstr(s, "<line class=\"effective\" x1=\"148.0\""));
	ck_assert_ptr_nonnull(strstr(s, "effective context 4k"));
	ck_assert_ptr_nonnull(strstr(s, "Long-context map · m&lt;1&gt;"));
	ck_assert_ptr_nonnull(strstr(s, "r &amp; d · vLLM · 2026-12-01"));
	ck_assert_ptr_nonnull(strstr(s, "needle@8k@0%: fail — &lt;script&gt;x&lt;/script&gt;"));
	ck_assert_ptr_null(strstr(s, "<script"));
	ck_assert_ptr_nonnull(strstr(s, ">4k</text>"));
	ck_assert_ptr_nonnull(strstr(s, ">100%</text>"));
	outcome_mkdir(&o);
	ck_assert_int_ne(well_formed(o.dir, "m.svg", s), 0);
	buf_release(&b);
	/* the bare element for a page, and a map of nothing that says so */
	ck_assert_int_eq(heatmap_svg(r, false, &b), 0);
	ck_assert(!strncmp(buf_cstr(&b), "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
	buf_release(&b);
	/* in page 2: the cells that did not pass link to their evidence there */
	ck_assert_int_eq(heatmap_svg_in_page(r, 2, &b), 0);
	ck_assert_ptr_nonnull(
		strstr(buf_cstr(&b), "<a href=\"#r2-i2\"><g class=\"cell partial\">"));
	ck_assert_ptr_null(strstr(buf_cstr(&b), "#r2-i0\"")); /* a pass: in the map only */
	ck_assert_ptr_null(strstr(buf_cstr(&b), "#r2-i4\"")); /* beyond the window */
	buf_release(&b);
	model_free(r);
	r = model_of("{\"schema\":\"preflight-report/v1\",\"probes\":[{\"id\":\"smoke\"}]}");
	ck_assert(!heatmap_has_cells(r));
	ck_assert_int_eq(heatmap_svg(r, true, &b), 0);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&b), "no needle cells in this report"));
	ck_assert_int_ne(well_formed(o.dir, "none.svg", buf_cstr(&b)), 0);
	buf_release(&b);
	model_free(r);
	outcome_release(&o);
}
END_TEST

START_TEST(page_of_several_reports)
{
	struct model *a = model_of(cells_report), *c;
	const struct model *both[2];
	struct buf b = BUF_INIT(0);
	const char *s;

	c = model_of("{\"schema\":\"preflight-conformance/v1\",\"passed\":false,"
		     "\"endpoint\":{\"model\":\"q\",\"engine\":\"SGLang\"},\"checks\":["
		     "{\"id\":\"p-n\",\"title\":\"n\",\"area\":\"sampling\",\"status\":\"ignored\","
		     "\"fails\":true,\"evidence\":\"1 choice\",\"remedy\":\"use <n>\"}]}");
	both[0] = a;
	both[1] = c;
	ck_assert_int_eq(html_render(both, 2, &b), 0);
	s = buf_cstr(&b);
	ck_assert(!strncmp(s, "<!DOCTYPE html>\n", 16));
	ck_assert_ptr_nonnull(
		strstr(s, "content=\"default-src 'none'; style-src 'unsafe-inline'\""));
	ck_assert_ptr_nonnull(strstr(s, "<h2>Comparison</h2>"));
	ck_assert_ptr_nonnull(strstr(s, "<a href=\"#report-2\">q at ?</a>"));
	ck_assert_ptr_nonnull(strstr(s, "<section class=\"report\" id=\"report-1\">"));
	ck_assert_ptr_nonnull(strstr(s, "<h3>Long-context map</h3>"));
	ck_assert_ptr_nonnull(strstr(s, "<h3>Conformance checks</h3>"));
	ck_assert_ptr_nonnull(strstr(s, "use &lt;n&gt;"));
	ck_assert_ptr_nonnull(strstr(
		s,
		"2/7 cells passed (the map above), 1 beyond the window; not passed: needle@8k@0%"));
	ck_assert_ptr_null(strstr(s, "<script"));
	ck_assert_uint_eq(count(s, "<section "), 2);
	ck_assert_uint_eq(count(s, "</section>"), 2);
	/* no link, image, font or script source to fetch */
	ck_assert_ptr_null(strstr(s, "src="));
	ck_assert_ptr_null(strstr(s, "<link"));
	ck_assert_ptr_null(strstr(s, "url("));
	buf_release(&b);
	model_free(a);
	model_free(c);
}
END_TEST

/* the band of needle-band (lost beyond 10,000 tokens at depths 0.4 to
 * 0.6): exactly the two 50% cells past 8k are red on the map, the line
 * sits after 8k, and preflight report draws the same page and map from
 * the JSON as the run did live */
START_TEST(band_on_the_map_and_the_page)
{
	const char *argv[] = {
		"run",		 "--endpoint",	   NULL,       "--checks", "needle", "--needle-ctx",
		"4k,8k,16k,32k", "--needle-depth", "0:1:0.25", "--stream", "--json", "r.json",
		"--html",	 "r.html",	   "--svg",    "r.svg",	   NULL
	};
	const char *again[] = { "report", "r.json", "--html", "p.html", "--svg", "p.svg", NULL };
	char *live, *later, *svg, *svg_later, path[4096];
	struct outcome o;
	struct fake f;

	fake_start(&f, "needle-band");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	svg = read_report(&o, "r.svg");
	ck_assert_uint_eq(count(svg, "class=\"cell fail\""), 2);
	ck_assert_uint_eq(count(svg, "class=\"cell pass\""), 18);
	ck_assert_ptr_nonnull(strstr(svg, "<title>needle@16k@50%: fail"));
	ck_assert_ptr_nonnull(strstr(svg, "<title>needle@32k@50%: fail"));
	/* after the 8k column */
	ck_assert_ptr_nonnull(strstr(svg, "<line class=\"effective\" x1=\"226.0\""));
	snprintf(path, sizeof(path), "%s/r.svg", o.dir);
	ck_assert_int_ne(well_formed(o.dir, "copy.svg", svg), 0);
	live = read_report(&o, "r.html");
	ck_assert_ptr_nonnull(strstr(live, "effective context 8k of 32k swept"));
	ck_assert_ptr_nonnull(strstr(live, "18/20 cells passed"));
	ck_assert_ptr_nonnull(strstr(live, "<h3>Stream timing</h3>"));
	run_preflight_in(&o, NULL, again);
	ck_assert_msg(o.code == 0, "%s", o.err);
	later = read_report(&o, "p.html");
	svg_later = read_report(&o, "p.svg");
	ck_assert_str_eq(later, live);
	ck_assert_str_eq(svg_later, svg);
	free(live);
	free(later);
	free(svg);
	free(svg_later);
	outcome_release(&o);
}
END_TEST

/* an endpoint's script, image handler and closing tags stay text */
START_TEST(hostile_endpoint_is_inert)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--checks", "smoke",
			       "--html", "r.html",     "--svg", "r.svg",    NULL };
	struct outcome o;
	struct fake f;
	char *page;

	fake_start(&f, "html-hostile");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	page = read_report(&o, "r.html");
	ck_assert_ptr_null(strstr(page, "<script"));
	ck_assert_ptr_null(strstr(page, "<img"));
	ck_assert_ptr_nonnull(strstr(page, "&lt;script&gt;document.title='pwned'&lt;/script&gt;"));
	ck_assert_ptr_nonnull(strstr(page, "&lt;/pre&gt;"));
	ck_assert_uint_eq(count(page, "<title>"), 1);
	ck_assert_uint_eq(count(page, "</title>"), 1);
	free(page);
	outcome_release(&o);
}
END_TEST

/* what report refuses, with the exit code that says so */
START_TEST(report_command_errors)
{
	static const struct {
		const char *args[6];
		int code;
		const char *err;
	} rows[] = {
		{ { "report", "bad.json", "--html", "x.html", NULL }, 2, "bad.json:1:" },
		{ { "report", "other.json", "--html", "x.html", NULL },
		  2,
		  "not a JSON report of preflight run or conform" },
		{ { "report", "r.json", NULL }, 2, "report needs --html FILE, --svg FILE or both" },
		{ { "report", "r.json", "r.json", "--svg", "x.svg", NULL }, 2, "--svg draws one" },
		{ { "report", "r.json", "--html", NULL }, 2, "'--html' needs a value" },
		{ { "report", "r.json", "--html", "r.json", NULL }, 2, "is a report to read" },
		{ { "report", "r.json", "--html", "no/such/dir/x.html", NULL }, 4, "x.html" },
		{ { "report", "--html", "x.html", NULL },
		  2,
		  "report needs at least one REPORT.json" },
	};
	struct outcome o;
	FILE *f;
	size_t i;

	outcome_mkdir(&o);
	for (i = 0; i < 3; i++) {
		static const char *const files[] = { "bad.json", "other.json", "r.json" };
		static const char *const text[] = {
			"{\"schema\": ",
			"{\"schema\":\"preflight-plan/v1\"}",
			"{\"schema\":\"preflight-report/v1\",\"passed\":true,\"probes\":[]}",
		};
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", o.dir, files[i]);
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		fputs(text[i], f);
		fclose(f);
	}
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		run_preflight_in(&o, NULL, rows[i].args);
		ck_assert_msg(o.code == rows[i].code, "row %zu: exit %d\n%s", i, o.code, o.err);
		ck_assert_msg(strstr(o.err, rows[i].err), "row %zu: %s", i, o.err);
	}
	outcome_release(&o);
}
END_TEST

/* the timing charts in one unit: ms on every axis and in every caption,
 * each bar's count above it, its range on hover, the bins' edges below */
START_TEST(timing_in_one_unit)
{
	const char *argv[] = { "run",	   "--endpoint", "{url}",  "--checks", "smoke",
			       "--stream", "--html",	 "t.html", NULL };
	struct outcome o;
	char *page, *chart;

	outcome_mkdir(&o);
	run_against(&o, "paced-200", argv);
	ck_assert_int_eq(o.code, 0);
	page = read_report(&o, "t.html");
	chart = strstr(page, "<h3>Stream timing</h3>");
	ck_assert_ptr_nonnull(chart);
	ck_assert_ptr_nonnull(strstr(chart, "TTFT median "));
	ck_assert_ptr_nonnull(strstr(strstr(chart, "TTFT median "), " ms"));
	ck_assert_ptr_nonnull(strstr(chart, ">time to first token (ms), one dot per answer<"));
	ck_assert_ptr_nonnull(
		strstr(chart, ">gaps between tokens (ms, bins double), with counts<"));
	ck_assert_ptr_nonnull(strstr(chart, " gaps of 4–8 ms</title>"));
	ck_assert_ptr_nonnull(strstr(chart, "text-anchor=\"middle\">0.25</text>"));
	ck_assert_ptr_null(strstr(chart, " s</text>")); /* no second unit */
	free(page);
	outcome_release(&o);
}
END_TEST

/* every href="#x" of a page names an id="x" on it */
static void anchors_resolve(const char *page)
{
	const char *p = page;
	int links = 0;

	while ((p = strstr(p, "href=\"#"))) {
		char id[160], want[200];
		size_t n = strcspn(p + 7, "\"");

		ck_assert_uint_lt(n, sizeof(id));
		memcpy(id, p + 7, n);
		id[n] = '\0';
		snprintf(want, sizeof(want), "id=\"%s\"", id);
		ck_assert_msg(strstr(page, want) != NULL, "href #%s has no id on the page", id);
		links++;
		p += 7 + n;
	}
	ck_assert_int_gt(links, 0);
}

/* a tool batch's story lists its broken calls first, open, and folds the
 * clean ones; the page's failures-only view needs no script: a link whose
 * :target hides what passed */
START_TEST(broken_calls_first_and_failures_only)
{
	const char *argv[] = { "run",	      "--endpoint", "{url}",  "--checks",
			       "smoke,tools", "--html",	    "t.html", NULL };
	struct outcome o;
	char *page, *tools, *broken, *folded;

	outcome_mkdir(&o);
	run_against(&o, "tools-args-some", argv);
	ck_assert_int_eq(o.code, 1);
	page = read_report(&o, "t.html");
	tools = strstr(page, "class=\"item\" open><summary>");
	ck_assert_ptr_nonnull(tools);
	broken = strstr(tools, "</code> did not pass");
	folded = strstr(tools, "<details><summary>18 answers that passed</summary>");
	ck_assert(broken && folded && broken < folded);
	ck_assert_ptr_null(strstr(folded, "</code> did not pass")); /* all before the fold */
	/* smoke passed: its story and row carry the class the view hides */
	ck_assert_ptr_nonnull(strstr(page, "class=\"item ok\"><summary>"));
	ck_assert_ptr_nonnull(strstr(page, "<tr class=\"ok\">"));
	ck_assert_ptr_nonnull(strstr(page, "<a href=\"#failures-only\">failures only</a>"));
	ck_assert_ptr_nonnull(strstr(page, "#failures-only:target~section details.item.ok"));
	anchors_resolve(page);
	free(page);
	outcome_release(&o);
}
END_TEST

/* the page says what to change first: one block per cause and remedy,
 * what it fixes, and links to each failed item's evidence that resolve */
START_TEST(what_to_change_first)
{
	const char *argv[] = { "run", "--endpoint", "{url}", "--html", "p.html", NULL };
	struct outcome o;
	char *page, *fixes, *probes;

	outcome_mkdir(&o);
	run_against(&o, "cot-untagged", argv);
	ck_assert_int_eq(o.code, 1);
	page = read_report(&o, "p.html");
	ck_assert_ptr_nonnull(page);
	fixes = strstr(page, "<h3>What to change</h3>");
	probes = strstr(page, "<h3>Probes</h3>");
	ck_assert_ptr_nonnull(fixes);
	ck_assert(probes && fixes < probes); /* before the probe table */
	ck_assert_ptr_nonnull(strstr(page, "--reasoning-parser qwen3|deepseek_r1|super_v3|...</p>\n"
					   "<p class=\"meta\">fixes 4 probes · cause "
					   "<code>reasoning-bleed</code>"));
	ck_assert_ptr_nonnull(strstr(page, "<a href=\"#r1-i3\">tools</a>"));
	anchors_resolve(page);
	free(page);
	outcome_release(&o);
}
END_TEST

Suite *html_suite(void)
{
	Suite *s = suite_create("html");
	TCase *tc = tcase_create("page");

	tcase_add_test(tc, map_of_made_up_cells);
	tcase_add_test(tc, map_wraps_long_names);
	tcase_add_test(tc, page_of_several_reports);
	tcase_add_test(tc, band_on_the_map_and_the_page);
	tcase_add_test(tc, hostile_endpoint_is_inert);
	tcase_add_test(tc, report_command_errors);
	tcase_add_test(tc, what_to_change_first);
	tcase_add_test(tc, timing_in_one_unit);
	tcase_add_test(tc, broken_calls_first_and_failures_only);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
