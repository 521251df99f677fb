/* SPDX-License-Identifier: Apache-2.0 */
/* check_model — the one report model: reports written by baa75e1 (the
 * golden folder tests/data/reports-baa75e1) still load, with the counts and
 * class they mean; JSON -> model -> JSON is byte-identical for what preflight
 * writes now; and one run's counts are the same in every output, each
 * output parsed here on its own terms (the console's RESULT line, the
 * page's badge, JUnit's attributes, the notebook row, the metrics, the
 * JSON's totals), for a sweep with failures and cells beyond the window,
 * an endpoint that cannot be used, and a conform run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "json.h"
#include "model.h"
#include "suites.h"
#include "testutil.h"

static const struct {
	const char *file;
	enum model_kind kind;
	enum model_class class;
	int items, passed, failed, errored, skipped, beyond;
} goldens[] = {
	{ "sweep-band.json", MODEL_RUN, CLASS_SERVES_WITH_FIXES, 32, 22, 4, 0, 0, 6 },
	{ "unusable.json", MODEL_RUN, CLASS_UNUSABLE, 4, 0, 0, 4, 0, 0 },
	{ "conform-deviant.json", MODEL_CONFORM, CLASS_FAILURES, 60, 50, 10, 0, 0, 0 },
	{ "demo-recipe.json", MODEL_RUN, CLASS_SERVES, 4, 4, 0, 0, 0, 0 },
	{ "engine-failed.json", MODEL_RUN, CLASS_ENGINE_FAILED, 4, 0, 0, 4, 0, 0 },
};

static char *golden_path(const char *file, char *out, size_t n)
{
	snprintf(out, n, "%s/tests/data/reports-baa75e1/%s", repo_root(), file);
	return out;
}

/* what this version added to a report, gone, so the rest compares with
 * what baa75e1 wrote */
/* the decode figures' sources, wherever metrics are (since field-findings-2 N4) */
static void without_sources(cJSON *v)
{
	cJSON *c;

	if (cJSON_IsObject(v))
		cJSON_DeleteItemFromObject(v, "decode_source");
	cJSON_ArrayForEach(c, v)
	{
		without_sources(c);
	}
}

static void without_new_members(cJSON *doc)
{
	cJSON *c;

	without_sources(doc);
	cJSON_DeleteItemFromObject(cJSON_GetObjectItem(doc, "speed"), "preflight_counts");
	cJSON_DeleteItemFromObject(doc, "verdict");
	cJSON_DeleteItemFromObject(doc, "totals");
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(doc, "checks"))
	{
		cJSON_DeleteItemFromObject(c, "cause");
	}
	cJSON_ArrayForEach(
		c, cJSON_GetObjectItem(
			   cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "endpoint"), "engine_log"),
			   "findings"))
	{ /* the layered diagnosis: a finding's class and layer */
		cJSON_DeleteItemFromObject(c, "class");
		cJSON_DeleteItemFromObject(c, "layer");
	}
}

START_TEST(old_reports_load)
{
	char path[4096], err[512], *old;
	struct buf again = BUF_INIT(0);
	struct model *m;
	cJSON *a, *b;

	m = json_read_file(golden_path(goldens[_i].file, path, sizeof(path)), err, sizeof(err));
	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_int_eq(m->kind, goldens[_i].kind);
	ck_assert_msg(m->class == goldens[_i].class, "%s: class %s", goldens[_i].file,
		      model_class_words(m->class));
	ck_assert_int_eq(m->counts.items, goldens[_i].items);
	ck_assert_int_eq(m->counts.passed, goldens[_i].passed);
	ck_assert_int_eq(m->counts.failed, goldens[_i].failed);
	ck_assert_int_eq(m->counts.errored, goldens[_i].errored);
	ck_assert_int_eq(m->counts.skipped, goldens[_i].skipped);
	ck_assert_int_eq(m->counts.beyond_window, goldens[_i].beyond);
	/* everything baa75e1 wrote comes back out as it was */
	ck_assert_int_eq(json_render(m, &again), 0);
	old = read_text_file(path);
	a = cJSON_Parse(old);
	b = cJSON_Parse(buf_cstr(&again));
	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	assert_schema_valid(b, goldens[_i].file);
	without_new_members(b);
	ck_assert_msg(cJSON_Compare(a, b, true), "%s does not come back as it was",
		      goldens[_i].file);
	cJSON_Delete(a);
	cJSON_Delete(b);
	free(old);
	buf_release(&again);
	model_free(m);
}
END_TEST

/* the text of a report, read and written: it must write again as it was */
static void assert_round_trip(const char *text, const char *what)
{
	struct buf once = BUF_INIT(0);
	char err[512];
	struct model *m = json_read_text(what, text, strlen(text), err, sizeof(err));

	ck_assert_msg(m != NULL, "%s: %s", what, err);
	ck_assert_int_eq(json_render(m, &once), 0);
	ck_assert_msg(!strcmp(buf_cstr(&once), text), "%s: JSON -> model -> JSON differs", what);
	buf_release(&once);
	model_free(m);
}

START_TEST(round_trip_is_byte_identical)
{
	static const struct {
		const char *scenario;
		const char *argv[12];
	} runs[] = {
		{ "needle-band",
		  { "run", "--checks", "smoke,needle,needle-multikey", "--needle-ctx", "4k,16k,64k",
		    "--needle-depth", "0:1:0.5", "--stream", NULL } },
		{ "conform-deviant", { "conform", NULL } },
		{ "thinking-starved", { "run", "--repeat", "2", NULL } },
	};
	char path[4096], *text;
	size_t i, k;

	for (i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
		struct model *m;
		struct buf once = BUF_INIT(0);
		char err[512];

		/* an old report, once written by this version, stays as it is */
		m = json_read_file(golden_path(goldens[i].file, path, sizeof(path)), err,
				   sizeof(err));
		ck_assert_ptr_nonnull(m);
		ck_assert_int_eq(json_render(m, &once), 0);
		assert_round_trip(buf_cstr(&once), goldens[i].file);
		buf_release(&once);
		model_free(m);
	}
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		const char *argv[20];
		struct outcome o;
		struct fake f;
		size_t n = 0;

		fake_start(&f, runs[i].scenario);
		for (k = 0; runs[i].argv[k]; k++)
			argv[n++] = runs[i].argv[k];
		argv[n++] = "--endpoint";
		argv[n++] = f.url;
		argv[n++] = "--json";
		argv[n++] = "r.json";
		argv[n] = NULL;
		run_preflight(&o, NULL, argv);
		fake_stop(&f);
		text = read_report(&o, "r.json");
		ck_assert_msg(text != NULL, "%s: exit %d\n%s", runs[i].scenario, o.code, o.err);
		assert_round_trip(text, runs[i].scenario);
		free(text);
		outcome_release(&o);
	}
}
END_TEST

/* --- the same counts in every output -------------------------------------------- */

struct tally {
	int items, passed, failed, errored, skipped, beyond, not_run;
};

/* "P/N passed: 7 failed, 11 beyond the window (...)" at s */
static void parse_tally(const char *s, struct tally *t, const char *what)
{
	const struct {
		const char *word;
		int *n;
	} words[] = { { " failed", &t->failed },
		      { " errored", &t->errored },
		      { " skipped", &t->skipped },
		      { " beyond the window", &t->beyond },
		      { " not run", &t->not_run } };
	const char *end;
	size_t k;

	memset(t, 0, sizeof(*t));
	ck_assert_msg(s && sscanf(s, "%d/%d passed", &t->passed, &t->items) == 2, "%s: no tally",
		      what);
	end = strchr(s, '(');
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
		const char *w = strstr(s, words[k].word);

		if (w && (!end || w < end)) {
			while (w > s && w[-1] >= '0' && w[-1] <= '9')
				w--;
			*words[k].n = atoi(w);
		}
	}
}

static void same(const struct tally *a, const struct tally *b, const char *what)
{
	ck_assert_msg(a->items == b->items && a->passed == b->passed && a->failed == b->failed &&
			      a->errored == b->errored && a->skipped == b->skipped &&
			      a->beyond == b->beyond && a->not_run == b->not_run,
		      "%s: %d/%d passed, %d failed, %d errored, %d skipped, %d beyond, %d not run; "
		      "the JSON: %d/%d, %d, %d, %d, %d, %d",
		      what, a->passed, a->items, a->failed, a->errored, a->skipped, a->beyond,
		      a->not_run, b->passed, b->items, b->failed, b->errored, b->skipped, b->beyond,
		      b->not_run);
}

static int attr(const char *xml, const char *tag, const char *name)
{
	const char *at = strstr(xml, tag), *v;
	char want[64];

	snprintf(want, sizeof(want), " %s=\"", name);
	v = at ? strstr(at, want) : NULL;
	ck_assert_msg(v != NULL, "JUnit has no %s %s", tag, name);
	return atoi(v + strlen(want));
}

static int metric(const char *text, const char *name)
{
	char want[96];
	const char *at;

	snprintf(want, sizeof(want), "\n%s ", name);
	at = strstr(text, want);
	ck_assert_msg(at != NULL, "the metrics lack %s", name);
	return atoi(at + strlen(want));
}

static void outputs_agree(struct outcome *o, bool conform)
{
	cJSON *r = read_json_report(o, "r.json"), *t = cJSON_GetObjectItem(r, "totals");
	char *html = read_report(o, "r.html"), *xml = read_report(o, "r.xml");
	char *md = read_report(o, "r.md"), *metrics = read_report(o, "r.prom");
	struct tally json = {
		cJSON_GetObjectItem(t, "items")->valueint,
		cJSON_GetObjectItem(t, "passed")->valueint,
		cJSON_GetObjectItem(t, "failed")->valueint,
		cJSON_GetObjectItem(t, "errored")->valueint,
		cJSON_GetObjectItem(t, "skipped")->valueint,
		cJSON_GetObjectItem(t, "beyond_window")->valueint,
		cJSON_GetObjectItem(t, "not_run")->valueint,
	},
		     seen;
	const char *at;

	/* the console's last line */
	at = strstr(o->out, "RESULT: ");
	ck_assert_ptr_nonnull(at);
	if (!conform || strstr(at, "UNUSABLE")) {
		ck_assert_ptr_nonnull(at = strchr(at, '('));
		if (!strstr(at, "checks not run")) {
			parse_tally(at + 1, &seen, "the console");
			same(&seen, &json, "the console");
		}
	}
	/* the page's badge */
	ck_assert_ptr_nonnull(at = strstr(html, "<div class=\"verdict"));
	ck_assert_ptr_nonnull(at = strchr(at, '('));
	parse_tally(at + 1, &seen, "the page");
	same(&seen, &json, "the page");
	/* JUnit's own attributes */
	ck_assert_int_eq(attr(xml, "<testsuite ", "tests"), json.items);
	ck_assert_int_eq(attr(xml, "<testsuite ", "failures"), json.failed);
	ck_assert_int_eq(attr(xml, "<testsuite ", "errors"), json.errored);
	ck_assert_int_eq(attr(xml, "<testsuite ", "skipped"),
			 json.skipped + json.beyond + json.not_run);
	/* the notebook row's "preflight P/N" (a run's) */
	if (!conform) {
		ck_assert_ptr_nonnull(at = strstr(md, "preflight "));
		ck_assert_int_eq(atoi(at + 10), json.passed);
		ck_assert_int_eq(atoi(strchr(at, '/') + 1), json.items);
	}
	/* the metrics */
	ck_assert_int_eq(metric(metrics, "preflight_probes"), json.items);
	ck_assert_int_eq(metric(metrics, "preflight_probes_passed"), json.passed);
	ck_assert_int_eq(metric(metrics, "preflight_probes_failed"), json.failed);
	ck_assert_int_eq(metric(metrics, "preflight_probes_errored"), json.errored);
	ck_assert_int_eq(metric(metrics, "preflight_probes_skipped"), json.skipped);
	ck_assert_int_eq(metric(metrics, "preflight_probes_beyond_window"), json.beyond);
	ck_assert_int_eq(metric(metrics, "preflight_probes_not_run"), json.not_run);
	cJSON_Delete(r);
	free(html);
	free(xml);
	free(md);
	free(metrics);
}

START_TEST(counts_agree_in_every_output)
{
	static const struct {
		const char *scenario; /* NULL: no endpoint at all */
		const char *argv[12];
		int code;
	} runs[] = {
		{ "needle-band",
		  { "run", "--checks", "smoke,needle,needle-multikey", "--needle-ctx", "4k,16k,64k",
		    "--needle-depth", "0:1:0.5", NULL },
		  1 },
		{ NULL, { "run", NULL }, 3 },
		{ "conform-deviant", { "conform", NULL }, 1 },
	};
	const char *argv[32];
	struct outcome o;
	struct fake f;
	size_t n = 0, k;

	if (runs[_i].scenario)
		fake_start(&f, runs[_i].scenario);
	for (k = 0; runs[_i].argv[k]; k++)
		argv[n++] = runs[_i].argv[k];
	argv[n++] = "--endpoint";
	argv[n++] = runs[_i].scenario ? f.url : "http://127.0.0.1:1/v1";
	for (k = 0; k < 5; k++) {
		static const char *const outs[][2] = { { "--json", "r.json" },
						       { "--html", "r.html" },
						       { "--junit", "r.xml" },
						       { "--markdown", "r.md" },
						       { "--metrics", "r.prom" } };

		argv[n++] = outs[k][0];
		argv[n++] = outs[k][1];
	}
	argv[n] = NULL;
	run_preflight(&o, NULL, argv);
	if (runs[_i].scenario)
		fake_stop(&f);
	ck_assert_msg(o.code == runs[_i].code, "exit %d\n%s%s", o.code, o.out, o.err);
	outputs_agree(&o, !strcmp(runs[_i].argv[0], "conform"));
	outcome_release(&o);
}
END_TEST

/* README.md's verdict table is the class table: every class in its row
 * with its key, words and exit code, and no row of a class it lacks */
START_TEST(readme_verdict_table_is_the_class_table)
{
	char path[4096], want[256], *readme, *table, *end;
	int c, rows = 0;
	const char *p;

	snprintf(path, sizeof(path), "%s/README.md", repo_root());
	readme = read_text_file(path);
	ck_assert_ptr_nonnull(readme);
	table = strstr(readme, "| class (`verdict.class`) | words | exit | when |");
	ck_assert_msg(table != NULL, "README.md has no verdict table");
	end = strstr(table, "\n\n");
	if (end)
		*end = '\0';
	for (c = 0; c < CLASS_COUNT; c++) {
		int code = model_class_exit((enum model_class)c);

		if (code == 130)
			snprintf(want, sizeof(want), "| `%s` | %s | 130 or 143 |",
				 model_class_key((enum model_class)c),
				 model_class_words((enum model_class)c));
		else
			snprintf(want, sizeof(want), "| `%s` | %s | %d |",
				 model_class_key((enum model_class)c),
				 model_class_words((enum model_class)c), code);
		ck_assert_msg(strstr(table, want), "README.md's verdict table lacks %s", want);
	}
	for (p = table; (p = strstr(p, "\n| `")); p++)
		rows++;
	ck_assert_int_eq(rows, CLASS_COUNT);
	free(readme);
}
END_TEST

Suite *model_suite(void)
{
	Suite *s = suite_create("model");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, old_reports_load, 0, sizeof(goldens) / sizeof(goldens[0]));
	tcase_add_test(tc, round_trip_is_byte_identical);
	tcase_add_test(tc, readme_verdict_table_is_the_class_table);
	tcase_add_loop_test(tc, counts_agree_in_every_output, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}
