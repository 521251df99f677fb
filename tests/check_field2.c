/* SPDX-License-Identifier: Apache-2.0 */
/* check_field2 — the second field round's findings
 * (research/field-findings-2.md: third-party servers, JUnit readers, a
 * real llama.cpp), one test named after each finding that is not already
 * a conform test (check_conform.c holds N1-N3, N8 and N14), each trying
 * the finding's class with the fake playing what the servers did. Run
 * against another build with PREFLIGHT_BIN=/abs/path/preflight to see
 * them fail there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "suites.h"
#include "testutil.h"

/* Item 3, and the llama.cpp round: a needle cell that fails by another
 * cause than a lost needle gets that cause's remedy, in every output —
 * never the needle's (rope scaling, an unquantized KV cache). */
static const struct {
	const char *scenario, *cause;
} cell_causes[] = {
	{ "garbage", "garbage-output" },
	{ "thinking-starved", "thinking-starvation" },
	{ "cot-untagged", "reasoning-bleed" },
};

START_TEST(remedy_follows_the_cause_in_every_cell)
{
	const char *argv[] = {
		"run",	  "--endpoint",	    "{url}",	 "--checks",   "needle", "--needle-ctx",
		"4k,8k",  "--needle-depth", "0.25,0.75", "--json",     "r.json", "--html",
		"r.html", "--junit",	    "r.xml",	 "--markdown", "r.md",	 NULL
	};
	const char *const files[] = { "r.html", "r.xml" }; /* the markdown is the notebook row */
	struct outcome o;
	const cJSON *p;
	cJSON *r;
	char start[16] = "";
	size_t i;
	int cells = 0;

	outcome_mkdir(&o);
	run_against(&o, cell_causes[_i].scenario, argv);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	ck_assert_ptr_nonnull(r);
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes"))
	{
		const char *cause = cJSON_GetStringValue(cJSON_GetObjectItem(p, "cause"));
		const char *remedy = cJSON_GetStringValue(cJSON_GetObjectItem(p, "remedy"));

		ck_assert_str_eq(cause, cell_causes[_i].cause);
		ck_assert_ptr_nonnull(remedy);
		ck_assert_msg(!strstr(remedy, "rope scaling"), "%s: the needle's remedy: %s", cause,
			      remedy);
		snprintf(start, sizeof(start), "%.12s", remedy);
		cells++;
	}
	ck_assert_int_eq(cells, 4);
	ck_assert_ptr_nonnull(strstr(o.out, start));
	for (i = 0; i < sizeof(files) / sizeof(*files); i++) {
		char *text = read_report(&o, files[i]);

		ck_assert_msg(text && strstr(text, start), "%s lacks the remedy '%s'", files[i],
			      start);
		ck_assert_msg(!strstr(text, "rope scaling"), "%s has the needle's remedy",
			      files[i]);
		free(text);
	}
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* N13: under --stream-parity a probe's duration covers both halves (the
 * streamed half, paced at 100 tok/s, is the long one) */
START_TEST(n13_parity_duration_covers_both_halves)
{
	const char *argv[] = { "run",	   "--endpoint", "{url}",
			       "--checks", "smoke",	 "--stream-parity",
			       "--json",   "r.json",	 NULL };
	struct outcome o;
	const cJSON *p, *ob;
	cJSON *r;
	double halves = 0;

	outcome_mkdir(&o);
	run_against(&o, "paced-100", argv);
	ck_assert_int_eq(o.code, 0);
	r = read_json_report(&o, "r.json");
	ck_assert_ptr_nonnull(r);
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0);
	cJSON_ArrayForEach(ob, cJSON_GetObjectItem(p, "observations")) halves +=
		cJSON_GetNumberValue(cJSON_GetObjectItem(ob, "seconds"));
	ck_assert_msg(cJSON_GetNumberValue(cJSON_GetObjectItem(p, "seconds")) >= halves - 0.002,
		      "the probe took %.3f s, its halves %.3f s",
		      cJSON_GetNumberValue(cJSON_GetObjectItem(p, "seconds")), halves);
	ck_assert_double_gt(halves, 0.1);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* the value of the first attribute attr="..." in xml, or "" (static) */
static const char *attr(const char *xml, const char *attr_eq)
{
	static char v[512];
	const char *at = strstr(xml, attr_eq), *end;

	v[0] = '\0';
	if (at && (end = strchr(at + strlen(attr_eq), '"')))
		snprintf(v, sizeof(v), "%.*s", (int)(end - at - strlen(attr_eq)),
			 at + strlen(attr_eq));
	return v;
}

/* the JUnit of command (run or conform) against scenario, as o's r.xml,
 * under the recipe named "same recipe" when recipe is set */
static char *junit_of(struct outcome *o, const char *scenario, const char *command,
		      const char *checks, bool recipe)
{
	const char *argv[] = { command,	  "--endpoint", "{url}",    "--checks",	     checks,
			       "--junit", "r.xml",	"--recipe", "r.recipe.json", NULL };
	char path[4200];

	outcome_mkdir(o);
	snprintf(path, sizeof(path), "%s/r.recipe.json", o->dir);
	ck_assert(write_text_file(
		path, "{\"name\": \"same recipe\", \"model\": \"fake-model\", \"preflight\": {}}"));
	if (!recipe)
		argv[7] = NULL;
	run_against(o, scenario, argv);
	return read_report(o, "r.xml");
}

/* N5: run and conform JUnit land in different suites and classnames, and
 * two engines serving one model name at one address (the fake's vLLM and
 * SGLang personalities) never merge: the engine preflight found is in the
 * suite's name and its properties */
START_TEST(n5_junit_identity)
{
	struct outcome o;
	char *run = junit_of(&o, "conform-vllm", "run", "smoke", true);
	char *conform, *sglang;
	char run_suite[512], run_class[512], conform_suite[512];

	outcome_release(&o);
	conform = junit_of(&o, "conform-vllm", "conform", "p-seed", true);
	outcome_release(&o);
	sglang = junit_of(&o, "conform-sglang", "conform", "p-seed", false);
	outcome_release(&o);
	ck_assert_ptr_nonnull(run);
	ck_assert_ptr_nonnull(conform);
	ck_assert_ptr_nonnull(sglang);
	snprintf(run_suite, sizeof(run_suite), "%s", attr(strstr(run, "<testsuite "), "name=\""));
	snprintf(run_class, sizeof(run_class), "%s", attr(run, "classname=\""));
	snprintf(conform_suite, sizeof(conform_suite), "%s",
		 attr(strstr(conform, "<testsuite "), "name=\""));
	/* one recipe: run's and conform's suites and classnames still apart */
	ck_assert_ptr_nonnull(strstr(run_suite, "same recipe"));
	ck_assert_str_ne(run_suite, conform_suite);
	ck_assert_str_ne(run_class, attr(conform, "classname=\""));
	/* no recipe, one model name (the port would be the same in the field):
	 * the engine keeps the suites apart */
	ck_assert_ptr_nonnull(strstr(attr(strstr(sglang, "<testsuite "), "name=\""), "(SGLang)"));
	ck_assert_ptr_nonnull(strstr(sglang, "<property name=\"engine\" value=\"SGLang\"/>"));
	ck_assert_ptr_nonnull(strstr(conform, "<property name=\"command\" value=\"conform\"/>"));
	free(run);
	free(conform);
	free(sglang);
}
END_TEST

/* command's JSON report against scenario, into o's folder as name */
static void report_into(struct outcome *o, const char *scenario, const char *command,
			const char *checks, const char *name)
{
	const char *argv[] = { command, "--endpoint", "{url}", "--checks",
			       checks,	"--json",     name,    NULL };

	run_against(o, scenario, argv);
}

/* N7: two endpoints serving one model name without a recipe are two rows
 * of table and two columns of table --conformance (the newest never
 * silently wins), and diff says when it compares two different things */
START_TEST(n7_two_endpoints_one_model_name)
{
	const char *table[] = { "table", "a.json", "b.json", NULL };
	const char *matrix[] = { "table", "--conformance", "ca.json", "cb.json", NULL };
	const char *diff[] = { "diff", "a.json", "b.json", NULL };
	struct outcome o;

	outcome_mkdir(&o);
	report_into(&o, "healthy", "run", "smoke", "a.json");
	report_into(&o, "smoke-wrong", "run", "smoke", "b.json");
	report_into(&o, "conform-conformant", "conform", "p-seed,p-n", "ca.json");
	report_into(&o, "conform-deviant", "conform", "p-seed,p-n", "cb.json");
	run_preflight_in(&o, NULL, table);
	ck_assert_msg(strstr(o.out, "preflight 1/1") && strstr(o.out, "preflight 0/1"),
		      "one endpoint's row vanished:\n%s", o.out);
	run_preflight_in(&o, NULL, matrix);
	ck_assert_msg(strstr(o.out, "| ✅ | ⛔ |") || strstr(o.out, "| ⛔ | ✅ |"),
		      "one endpoint's column vanished:\n%s", o.out);
	run_preflight_in(&o, NULL, diff);
	ck_assert_ptr_nonnull(strstr(o.out, "note: two different endpoints"));
	outcome_release(&o);
}
END_TEST

/* N6: conform's JUnit carries each failure's remedy like run's, its
 * message is the check's evidence, and its system-out shows the check's
 * own observations: no per-request pass or fail (the requests are judged
 * together), no unknown counts, no empty lines of nothing */
START_TEST(n6_conform_junit_says_what_run_says)
{
	struct outcome o;
	char *xml = junit_of(&o, "conform-deviant", "conform", "p-stop,p-seed,rf-text,tc-required",
			     false);
	const char *at;
	int failures = 0;

	ck_assert_ptr_nonnull(xml);
	for (at = strstr(xml, "<failure "); at; at = strstr(at + 1, "<failure ")) {
		const char *end = strstr(at, "</failure>");
		char failure[4096];

		ck_assert_ptr_nonnull(end);
		snprintf(failure, sizeof(failure), "%.*s", (int)(end - at), at);
		ck_assert_msg(strstr(failure, "remedy: ") != NULL,
			      "a failure without its remedy: %.200s", at);
		ck_assert_msg(strncmp(attr(at, "message=\""), "ignored: ", 9) ||
				      strlen(attr(at, "message=\"")) > 9,
			      "an empty failure message: %.200s", at);
		failures++;
	}
	ck_assert_int_ge(failures, 2);
	ck_assert_ptr_null(strstr(xml, "] fail "));
	ck_assert_ptr_null(strstr(xml, "] pass "));
	ck_assert_ptr_null(strstr(xml, "=-1"));
	ck_assert_ptr_null(strstr(xml, "<system-out>: "));
	ck_assert_ptr_null(strstr(xml, "evidence: \n"));
	free(xml);
	outcome_release(&o);
}
END_TEST

/* N10: conform's dry run shows its streamed checks as streamed, each
 * check's requests (its controls too), and no needle sizes */
START_TEST(n10_conform_dry_run_is_conforms)
{
	const char *argv[] = { "conform",  "--endpoint",    "http://127.0.0.1:9/v1",
			       "--checks", "s-role,p-stop", "--dry-run",
			       NULL };
	struct outcome o;
	cJSON *plan;
	const cJSON *p;
	int streamed = 0;

	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 0);
	plan = cJSON_Parse(o.out);
	ck_assert_ptr_nonnull(plan);
	ck_assert_ptr_null(cJSON_GetObjectItem(plan, "needle_ctx"));
	ck_assert_ptr_null(cJSON_GetObjectItem(plan, "long_tool_ctx"));
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(plan, "probes"))
	{
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(p, "id"));
		bool stream = cJSON_IsTrue(cJSON_GetObjectItem(p, "stream"));

		ck_assert_msg(stream == !strcmp(id, "s-role"), "%s: stream %d", id, stream);
		streamed += stream;
		ck_assert_int_ge(cJSON_GetArraySize(cJSON_GetObjectItem(p, "requests")), 1);
	}
	ck_assert_int_eq(streamed, 1);
	cJSON_Delete(plan);
	outcome_release(&o);
}
END_TEST

/* N11: no hint after the fact that the report's own command rejects, and
 * no bar for a figure the report says is unknown (a burst has no ITL) */
START_TEST(n11_no_wrong_hints)
{
	const char *svg[] = { "report", "c.json", "--svg", "c.svg", NULL };
	const char *html[] = { "report", "b.json", "--html", "b.html", NULL };
	struct outcome o;
	char *text, path[4200];
	const cJSON *p;
	cJSON *b;

	outcome_mkdir(&o);
	report_into(&o, "conform-conformant", "conform", "p-seed", "c.json");
	report_into(&o, "stream-burst", "run", "perf", "b.json");
	/* the fake sends its stream in one burst, but a loaded machine may read
	 * it in pieces with gaps between them: the report is made to say burst,
	 * which is what the page is tested on */
	b = read_json_report(&o, "b.json");
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(b, "probes"))
	{
		cJSON_ReplaceItemInObject(cJSON_GetObjectItem(p, "metrics"), "burst",
					  cJSON_CreateTrue());
		cJSON_ReplaceItemInObject(cJSON_GetObjectItem(p, "metrics"), "decode_note",
					  cJSON_CreateNull());
	}
	text = cJSON_Print(b);
	snprintf(path, sizeof(path), "%s/b.json", o.dir);
	ck_assert(write_text_file(path, text));
	free(text);
	cJSON_Delete(b);
	run_preflight_in(&o, NULL, svg);
	ck_assert_int_eq(o.code, 0);
	text = read_report(&o, "c.svg");
	ck_assert_ptr_nonnull(text);
	ck_assert_msg(!strstr(text, "run with --needle-ctx"),
		      "conform is told to run with needles");
	free(text);
	run_preflight_in(&o, NULL, html);
	ck_assert_int_eq(o.code, 0);
	text = read_report(&o, "b.html");
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_null(strstr(text, "class=\"itl\""));
	ck_assert_ptr_nonnull(strstr(text, "no inter-token latency: the stream came in bursts"));
	free(text);
	outcome_release(&o);
}
END_TEST

/* N9: conform writes the job summary the README promises: its result, the
 * statuses counted apart, and each check */
START_TEST(n9_conform_writes_the_job_summary)
{
	const char *argv[] = { "conform", "--endpoint", NULL, "--checks", "p-stop,rf-text", NULL };
	const char *env[] = { "GITHUB_STEP_SUMMARY=summary.md", NULL };
	struct outcome o;
	struct fake f;
	char *md;

	outcome_mkdir(&o);
	fake_start(&f, "conform-deviant");
	argv[2] = f.url;
	run_preflight_in(&o, env, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	md = read_report(&o, "summary.md");
	ck_assert_msg(md != NULL, "conform wrote no job summary");
	ck_assert_ptr_nonnull(strstr(md, "NOT CONFORMANT"));
	ck_assert_ptr_nonnull(strstr(md, "skipped 0"));
	ck_assert_ptr_nonnull(strstr(md, "| sampling | p-stop | ➖ ignored |"));
	free(md);
	outcome_release(&o);
}
END_TEST

/* Item 2: an engine that never came up is ENGINE FAILED in every output,
 * and keeps the model name the user gave (--model) in the header, the
 * JSON, the notebook row and the JUnit suite */
START_TEST(engine_failed_in_every_output)
{
	const char *const files[] = { "r.html", "r.xml", "r.json" };
	struct outcome o;
	cJSON *r;
	char *text;
	size_t i;

	outcome_mkdir(&o);
	run_shell(&o, NULL,
		  "\"$PREFLIGHT_ROOT/fixtures/fake-endpoint\" --scenario "
		  "\"$PREFLIGHT_ROOT/fixtures/scenarios/engine-fails.json\" --engine-log eng.log "
		  "-- $PF run --endpoint 'http://127.0.0.1:{port}/v1' --model my-model --wait 600 "
		  "--engine-log eng.log --json r.json --junit r.xml --markdown r.md --html r.html");
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: ENGINE FAILED"));
	ck_assert_ptr_nonnull(strstr(o.out, "model=my-model"));
	for (i = 0; i < sizeof(files) / sizeof(*files); i++) {
		text = read_report(&o, files[i]);
		ck_assert_msg(text && strstr(text, "ENGINE FAILED"), "%s lacks ENGINE FAILED",
			      files[i]);
		ck_assert_msg(!strstr(text, "ENDPOINT UNUSABLE"), "%s says ENDPOINT UNUSABLE",
			      files[i]);
		ck_assert_msg(strstr(text, "my-model") != NULL, "%s lost the model's name",
			      files[i]);
		free(text);
	}
	text = read_report(&o, "r.md");
	ck_assert_ptr_nonnull(strstr(text, "| my-model |"));
	free(text);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(cJSON_GetStringValue(
				 cJSON_GetObjectItem(cJSON_GetObjectItem(r, "endpoint"), "model")),
			 "my-model");
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* N12: "serves?" means one thing: a server whose every text answer is
 * filler is ❌ though its tool calls pass (1/4), as it is at 0/4; one wrong
 * answer beside right ones is still ✅ (a flag or a prompt fixes it) */
START_TEST(n12_serves_means_one_thing)
{
	static const struct {
		const char *scenario, *mark;
	} rows[] = { { "filler", "| ❌ |" }, { "smoke-wrong", "| ✅ |" } };
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(*rows); i++) {
		const char *argv[] = { "run", "--endpoint", "{url}", "--markdown", "r.md", NULL };
		struct outcome o;
		char *md;

		outcome_mkdir(&o);
		run_against(&o, rows[i].scenario, argv);
		md = read_report(&o, "r.md");
		ck_assert_msg(md && strstr(md, rows[i].mark), "%s: serves? is not %s:\n%s",
			      rows[i].scenario, rows[i].mark, md ? md : "(no row)");
		free(md);
		outcome_release(&o);
	}
}
END_TEST

/* N14: response_format ignored altogether is said once (rf-json-schema,
 * with its remedy); no rf-schema-* keyword is blamed for it */
START_TEST(n14_format_ignored_is_said_once)
{
	struct outcome o;
	const cJSON *c;
	cJSON *r = report_against(&o, "conform-no-response-format", "conform", NULL);
	int keywords = 0;

	ck_assert_int_eq(o.code, 1);
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(r, "checks"))
	{
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(c, "id"));
		const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));

		if (!strcmp(id, "rf-json-schema")) {
			ck_assert_str_eq(st, "ignored");
			ck_assert_ptr_nonnull(
				cJSON_GetStringValue(cJSON_GetObjectItem(c, "remedy")));
		} else if (!strncmp(id, "rf-schema-", 10)) {
			ck_assert_msg(!strcmp(st, "skipped"), "%s is %s", id, st);
			ck_assert_ptr_null(cJSON_GetStringValue(cJSON_GetObjectItem(c, "remedy")));
			ck_assert_ptr_nonnull(
				strstr(cJSON_GetStringValue(cJSON_GetObjectItem(c, "evidence")),
				       "rf-json-schema is ignored"));
			keywords++;
		}
	}
	ck_assert_int_ge(keywords, 20);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* the number after "name " at the start of a line of text, or -1 */
static long metric(const char *text, const char *name)
{
	char want[96];
	const char *at;

	snprintf(want, sizeof(want), "\n%s ", name);
	at = strstr(text, want);
	return at ? strtol(at + strlen(want), NULL, 10) : -1;
}

/* Item 2: one run with passes, a failure and cells beyond the window
 * counts the same in every output: JSON totals, console, HTML, JUnit,
 * metrics and the notebook row */
START_TEST(counts_identical_everywhere)
{
	const char *argv[] = { "run",	       "--endpoint",   NULL,	       "--checks",
			       "smoke,needle", "--needle-ctx", "2k,4k,8k,32k", "--needle-depth",
			       "0.5",	       "--json",       "r.json",       "--junit",
			       "r.xml",	       "--html",       "r.html",       "--metrics",
			       "m.prom",       "--markdown",   "r.md",	       NULL };
	struct outcome o;
	struct fake f;
	char path[4200], tally[160], *text;
	const cJSON *t;
	cJSON *r;
	long passed, failed, errored, skipped, beyond, items;

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/s.json", o.dir);
	ck_assert(write_text_file(path, "{\"description\": \"an 8192-token window, smoke wrong\", "
					"\"max_model_len\": 8192, \"wrong\": [\"smoke\"]}"));
	fake_start_file(&f, path);
	argv[2] = f.url;
	run_preflight_in(&o, NULL, argv);
	fake_stop(&f);
	r = read_json_report(&o, "r.json");
	t = cJSON_GetObjectItem(r, "totals");
	items = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "items"));
	passed = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "passed"));
	failed = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "failed"));
	errored = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "errored"));
	skipped = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "skipped"));
	beyond = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(t, "beyond_window"));
	ck_assert_msg(passed > 0 && failed > 0 && beyond > 0, "the run is not mixed: %s", o.out);
	snprintf(tally, sizeof(tally), "%ld/%ld passed: %ld failed, %ld beyond the window", passed,
		 items, failed, beyond);
	ck_assert_msg(strstr(o.out, tally), "the console lacks '%s'", tally);
	text = read_report(&o, "r.html");
	ck_assert_msg(strstr(text, tally), "the HTML lacks '%s'", tally);
	free(text);
	text = read_report(&o, "r.xml");
	snprintf(tally, sizeof(tally),
		 "tests=\"%ld\" failures=\"%ld\" errors=\"%ld\" skipped=\"%ld\"", items, failed,
		 errored, skipped + beyond);
	ck_assert_msg(strstr(text, tally), "the JUnit lacks '%s'", tally);
	free(text);
	text = read_report(&o, "m.prom");
	ck_assert_int_eq(metric(text, "preflight_probes"), items);
	ck_assert_int_eq(metric(text, "preflight_probes_passed"), passed);
	ck_assert_int_eq(metric(text, "preflight_probes_failed"), failed);
	ck_assert_int_eq(metric(text, "preflight_probes_beyond_window"), beyond);
	ck_assert_int_eq(metric(text, "preflight_sweep_cells"), items - 1); /* all but smoke */
	free(text);
	text = read_report(&o, "r.md");
	/* the cells are counted as cells, not as that many probes */
	snprintf(tally, sizeof(tally), "preflight %ld/%ld (%ld sweep cells and 1 probe)", passed,
		 items, items - 1);
	ck_assert_msg(strstr(text, tally), "the notebook row lacks '%s'", tally);
	free(text);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

Suite *field2_suite(void)
{
	Suite *s = suite_create("field2");
	TCase *tc = tcase_create("field2");

	tcase_add_loop_test(tc, remedy_follows_the_cause_in_every_cell, 0,
			    sizeof(cell_causes) / sizeof(*cell_causes));
	tcase_add_test(tc, n13_parity_duration_covers_both_halves);
	tcase_add_test(tc, n5_junit_identity);
	tcase_add_test(tc, n7_two_endpoints_one_model_name);
	tcase_add_test(tc, n6_conform_junit_says_what_run_says);
	tcase_add_test(tc, n10_conform_dry_run_is_conforms);
	tcase_add_test(tc, n11_no_wrong_hints);
	tcase_add_test(tc, n9_conform_writes_the_job_summary);
	tcase_add_test(tc, engine_failed_in_every_output);
	tcase_add_test(tc, n12_serves_means_one_thing);
	tcase_add_test(tc, n14_format_ignored_is_said_once);
	tcase_add_test(tc, counts_identical_everywhere);
	tcase_set_timeout(tc, 300); /* a cap for a hung test, not a speed test */
	suite_add_tcase(s, tc);
	return s;
}
