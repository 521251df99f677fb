/* SPDX-License-Identifier: Apache-2.0 */
/* check_cli — integration: the real ./preflight against the fake endpoint,
 * one scenario per behaviour, checking each probe's verdict and cause, the
 * exit code, and the reports. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "suites.h"
#include "testutil.h"
#include "text.h"

/* Runs preflight against scenario with flags (NULL-terminated) and one
 * more flag (or NULL), writing report.json, junit.xml and run.jsonl.gz.
 * The JUnit must validate; returns the parsed JSON report. */
static cJSON *run_scenario(struct outcome *o, const char *scenario, const char *const *flags,
			   const char *extra)
{
	const char *argv[32];
	struct fake f;
	char path[128];
	int n = 0, i;

	fake_start(&f, scenario);
	argv[n++] = "run";
	argv[n++] = "--endpoint";
	argv[n++] = f.url;
	argv[n++] = "--json";
	argv[n++] = "report.json";
	argv[n++] = "--junit";
	argv[n++] = "junit.xml";
	argv[n++] = "--record";
	argv[n++] = "run.jsonl.gz";
	for (i = 0; flags[i] && n < 30; i++)
		argv[n++] = flags[i];
	if (extra)
		argv[n++] = extra;
	argv[n] = NULL;
	run_preflight(o, NULL, argv);
	fake_stop(&f);
	snprintf(path, sizeof(path), "%s/junit.xml", o->dir);
	ck_assert_msg(junit_validate(path) != 0, "%s: the JUnit does not validate", scenario);
	return read_json_report(o, "report.json");
}

/* Replaying the live run's recording gives the same verdicts, causes and
 * JUnit outcomes, with no endpoint at all. */
static void replay_matches(const struct outcome *live, const cJSON *live_report)
{
	char rec[256], *want_json, *got_json, *want_junit, *got_junit, *text;
	const char *argv[] = {
		"replay", rec, "--json", "replay.json", "--junit", "replay.xml", NULL
	};
	struct outcome o;
	cJSON *report;

	snprintf(rec, sizeof(rec), "%s/run.jsonl.gz", live->dir);
	run_preflight(&o, NULL, argv);
	ck_assert_msg(o.code == live->code, "replay exit %d, live %d\n%s\n%s", o.code, live->code,
		      o.out, o.err);
	report = read_json_report(&o, "replay.json");
	want_json = report_outcomes(live_report);
	got_json = report_outcomes(report);
	ck_assert_str_eq(got_json, want_json);
	text = read_report(live, "junit.xml");
	want_junit = junit_outcomes(text);
	free(text);
	text = read_report(&o, "replay.xml");
	got_junit = junit_outcomes(text);
	free(text);
	ck_assert_str_eq(got_junit, want_junit);
	free(want_json);
	free(got_json);
	free(want_junit);
	free(got_junit);
	cJSON_Delete(report);
	outcome_release(&o);
}

/* The same scenario streamed gives the same verdicts and causes: the
 * stream reassembly reads what the whole reply said. */
static void stream_matches(const char *scenario, const char *const *flags,
			   const struct outcome *live, const cJSON *live_report)
{
	struct outcome o;
	cJSON *report = run_scenario(&o, scenario, flags, "--stream");
	char *want = report_outcomes(live_report), *got = report_outcomes(report);

	ck_assert_msg(o.code == live->code, "%s streamed: exit %d, not %d\n%s", scenario, o.code,
		      live->code, o.out);
	ck_assert_msg(!strcmp(want, got), "%s streamed:\n%s\nnot\n%s", scenario, got, want);
	free(want);
	free(got);
	cJSON_Delete(report);
	outcome_release(&o);
}

/* --- the scenario cases: data beside each scenario --------------------------
 * Every fixtures/scenarios/NAME.json may hold "cases": each the flags of a
 * run, its exit code, "id=verdict:cause" for every probe of the report,
 * optionally text the console must show ("stdout_has": one or a list) or must not
 * ("stdout_lacks"), the decode speed
 * the notebook must get within 3% ("decode_near"), and whether its
 * recording must replay and its streamed twin agree (the default). A new failure mode is
 * a scenario file with its cases, and the fake behaviour it needs. */

struct scenario_case {
	char name[128]; /* the scenario, without .json */
	int index;	/* in its "cases" */
};

static struct scenario_case *all_cases;
static int n_cases, n_found; /* the cases run; every case found */

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct scenario_case *)a)->name,
		      ((const struct scenario_case *)b)->name);
}

/* the scenario file's parsed JSON; caller deletes */
static cJSON *scenario_json(const char *name)
{
	char path[4096], *text;
	cJSON *j;

	snprintf(path, sizeof(path), "%s/fixtures/scenarios/%s.json", repo_root(), name);
	text = read_text_file(path);
	j = text ? cJSON_Parse(text) : NULL;
	free(text);
	return j;
}

/* every case of every scenario, in file-name order (once, at suite setup) */
static void find_cases(void)
{
	char dir[4096];
	struct dirent *e;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/fixtures/scenarios", repo_root());
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		cJSON *j;
		int k, n;

		if (len < 6 || len >= 128 + 5 || strcmp(e->d_name + len - 5, ".json"))
			continue;
		snprintf(dir, sizeof(dir), "%.*s", (int)(len - 5), e->d_name);
		j = scenario_json(dir);
		n = cJSON_GetArraySize(cJSON_GetObjectItem(j, "cases"));
		for (k = 0; k < n; k++) {
			struct scenario_case *grown =
				realloc(all_cases, (size_t)(n_cases + 1) * sizeof(*grown));

			if (!grown)
				break;
			all_cases = grown;
			snprintf(all_cases[n_cases].name, sizeof(all_cases[n_cases].name), "%s",
				 dir);
			all_cases[n_cases++].index = k;
		}
		cJSON_Delete(j);
	}
	closedir(d);
	if (n_cases)
		qsort(all_cases, (size_t)n_cases, sizeof(*all_cases), by_name);
	n_found = n_cases;
	/* under valgrind, every second case in that order: the plain and
	 * sanitized passes run each; valgrind's is the memory of preflight's
	 * runs through half the failure modes, where each start costs it most
	 * of a second and the scenarios had grown to a quarter of its pass */
	if (getenv("PREFLIGHT_VALGRIND")) {
		int i, k = 0;

		for (i = 0; i < n_cases; i += 2)
			all_cases[k++] = all_cases[i];
		n_cases = k;
	}
}

/* the cases were found: a lost folder must not pass by running nothing */
START_TEST(scenario_cases_found)
{
	ck_assert_int_ge(n_found, 60);
}
END_TEST

START_TEST(scenario_cases)
{
	const struct scenario_case *sc = &all_cases[_i];
	cJSON *j = scenario_json(sc->name), *report;
	const cJSON *c = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "cases"), sc->index), *e;
	const char *flags[32];
	const cJSON *has = cJSON_GetObjectItem(c, "stdout_has"), *h;
	const cJSON *lacks = cJSON_GetObjectItem(c, "stdout_lacks");
	const cJSON *twins = cJSON_GetObjectItem(c, "replay_and_stream");
	const cJSON *near = cJSON_GetObjectItem(c, "decode_near");
	struct buf want = BUF_INIT(0);
	struct outcome o;
	int n = 0, code = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(c, "exit"));
	char *got;

	ck_assert_msg(c != NULL, "%s: case %d is gone", sc->name, sc->index);
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(c, "args")) if (n < 31) flags[n++] =
		e->valuestring;
	flags[n] = NULL;
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(c, "outcomes"))
		buf_printf(&want, "%s\n", e->valuestring);
	report = run_scenario(&o, sc->name, flags, NULL);
	ck_assert_msg(o.code == code, "%s case %d: exit %d, want %d\nstdout:\n%s\nstderr:\n%s",
		      sc->name, sc->index, o.code, code, o.out, o.err);
	got = report_outcomes(report);
	ck_assert_msg(!strcmp(got, buf_cstr(&want)), "%s case %d:\n%s\nwant\n%s", sc->name,
		      sc->index, got, buf_cstr(&want));
	free(got);
	if (cJSON_IsString(has)) /* one text, or several */
		ck_assert_msg(strstr(o.out, has->valuestring) != NULL, "%s: no '%s' in\n%s",
			      sc->name, has->valuestring, o.out);
	if (cJSON_IsString(lacks))
		ck_assert_msg(strstr(o.out, lacks->valuestring) == NULL, "%s: '%s' in\n%s",
			      sc->name, lacks->valuestring, o.out);
	cJSON_ArrayForEach(h, (cJSON_IsArray(has) ? has : NULL))
	{
		ck_assert_msg(cJSON_IsString(h) && strstr(o.out, h->valuestring) != NULL,
			      "%s: no '%s' in\n%s", sc->name, cJSON_GetStringValue(h), o.out);
	}
	if (cJSON_IsNumber(near)) {
		/* the notebook's decode speed, within 3% of the pace the fake kept */
		double v = cJSON_GetNumberValue(cJSON_GetObjectItem(
			cJSON_GetObjectItem(report, "speed"), "decode_tokens_per_second"));

		ck_assert_msg(fabs(v / near->valuedouble - 1) < 0.03, "%s: decode %.1f, want %.1f",
			      sc->name, v, near->valuedouble);
	}
	/* a healthy run reports no cause at all */
	if (code == 0)
		ck_assert_ptr_null(strstr(o.out, "remedy:"));
	if (!cJSON_IsFalse(twins)) {
		replay_matches(&o, report);
		stream_matches(sc->name, flags, &o, report);
	}
	buf_release(&want);
	cJSON_Delete(report);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* a body with a raw NUL byte is kept in base64 by the recording, so the
 * replay reads the very bytes the live run read */
START_TEST(raw_nul_body_replays)
{
	static const char *const flags[] = { "--checks", "smoke,json", NULL };
	struct outcome o;
	cJSON *report = run_scenario(&o, "raw-nul", flags, NULL);
	char cmd[512];

	ck_assert_int_eq(o.code, 1);
	ck_assert_str_eq(report_verdict(report, "smoke"), "error");
	ck_assert_str_eq(report_cause(report, "smoke"), "malformed-response");
	snprintf(cmd, sizeof(cmd), "zcat '%s/run.jsonl.gz' | grep -q response_body_base64", o.dir);
	ck_assert_int_eq(system(cmd), 0);
	replay_matches(&o, report);
	cJSON_Delete(report);
	outcome_release(&o);
}
END_TEST

/* the demo's run: console header, a line per probe, the summary line */
START_TEST(console_and_markdown)
{
	struct fake f;
	struct outcome o;
	const char *argv[] = { "run", "--endpoint", NULL, "--markdown", "row.md", NULL };
	char *md;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "PREFLIGHT  http://127.0.0.1:"));
	ck_assert_ptr_nonnull(strstr(o.out, "[PASS] smoke (short coding)"));
	ck_assert_ptr_nonnull(strstr(
		o.out, "✅ smoke (short coding) · ✅ structured JSON (keys=['language','ok']) · "
		       "✅ needle @14k (ZEBRA-42917-QUARTZ) · ✅ tool batch 20/20 clean"));
	ck_assert_ptr_null(strstr(o.out, "\033[")); /* not a TTY: no colour */
	md = read_report(&o, "row.md");
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_nonnull(
		strstr(md, "| model | quant | engine | GPU | serves? | key flags | notes |"));
	ck_assert_ptr_nonnull(strstr(md, "| fake-model |"));
	ck_assert_ptr_nonnull(strstr(md, "| ✅ |"));
	free(md);
	outcome_release(&o);
}
END_TEST

/* a server that always says 429: each answer is sent --retries more times
 * and no more (no retry storm), and --retries 0 sends each once */
START_TEST(retries_are_bounded)
{
	static const struct {
		const char *retries;
		long sent;
	} rows[] = { { "2", 15 }, { "0", 5 }, { "4", 25 } };
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct fake f;
		struct outcome o;
		const char *argv[] = { "run",	   "--endpoint", NULL,
				       "--checks", "tools",	 "--tool-batch",
				       "5",	   "--retries",	 rows[i].retries,
				       NULL };

		fake_start(&f, "rate-limit-exhausted");
		argv[2] = f.url;
		run_preflight(&o, NULL, argv);
		ck_assert_int_eq(fake_stat(&f, "rate_limited"), rows[i].sent);
		fake_stop(&f);
		ck_assert_int_eq(o.code, 3); /* nothing observed: the endpoint could not be used */
		ck_assert_ptr_nonnull(strstr(o.out, "rate-limited in 5 of 5: HTTP 429"));
		outcome_release(&o);
	}
}
END_TEST

/* all 20 tool requests are in flight at once: the fake answers none
 * until all 20 are there (a sequential client would wait 30 s and fail) */
START_TEST(tool_batch_is_concurrent)
{
	struct fake f;
	struct outcome o;
	const char *argv[] = { "run", "--endpoint", NULL, "--checks", "tools", NULL };
	long requests, most;

	fake_start(&f, "held-batch");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(fake_stat(&f, "held_batches"), 1);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	ck_assert_int_eq(requests, 20);
	ck_assert_int_eq(most, 20);
	outcome_release(&o);
}
END_TEST

/* --no-thinking puts enable_thinking=false on every chat request */
START_TEST(no_thinking_reaches_every_request)
{
	struct fake f;
	struct outcome o;
	const char *argv[] = { "run", "--endpoint", NULL, "--no-thinking", NULL };
	long requests, most, off;

	fake_start(&f, "thinking-starved");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats_thinking(&f, &requests, &most, &off);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	ck_assert_int_gt(requests, 20);
	ck_assert_int_eq(off, requests);
	outcome_release(&o);
}
END_TEST

/* the key is sent, and appears in no output */
START_TEST(api_key_sent_never_shown)
{
	const char *key = "sk-test-SECRET-4242";
	const char *env[] = { "OPENAI_API_KEY=sk-test-SECRET-4242", NULL };
	const char *argv[] = { "run",	  "--endpoint", NULL,	      "--json", "r.json",
			       "--junit", "j.xml",	"--markdown", "r.md",	NULL };
	const char *files[] = { "r.json", "j.xml", "r.md" };
	struct fake f;
	struct outcome o;
	size_t i;

	fake_start(&f, "auth");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s\n%s", o.code, o.out, o.err);
	ck_assert_ptr_null(strstr(o.out, key));
	ck_assert_ptr_null(strstr(o.err, key));
	for (i = 0; i < 3; i++) {
		char *text = read_report(&o, files[i]);

		ck_assert_ptr_nonnull(text);
		ck_assert_msg(strstr(text, key) == NULL, "key found in %s", files[i]);
		free(text);
	}
	outcome_release(&o);
}
END_TEST

/* an endpoint that echoes the refused key: it is in no output, report or
 * recording */
START_TEST(echoed_key_is_redacted)
{
	const char *env[] = { "OPENAI_API_KEY=sk-test-LEAKME-77", NULL };
	const char *argv[] = { "run",	"--endpoint", NULL,   "--json",	  "r.json",	  "--junit",
			       "j.xml", "--markdown", "r.md", "--record", "rec.jsonl.gz", NULL };
	const char *files[] = { "r.json", "j.xml", "r.md" };
	struct fake f;
	struct outcome o;
	char cmd[512];
	size_t i;

	fake_start(&f, "auth-echo");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 3);
	ck_assert_ptr_nonnull(strstr(o.out, "invalid credentials: Bearer [REDACTED]"));
	ck_assert_ptr_null(strstr(o.out, "LEAKME"));
	ck_assert_ptr_null(strstr(o.err, "LEAKME"));
	for (i = 0; i < 3; i++) {
		char *text = read_report(&o, files[i]);

		ck_assert_ptr_nonnull(text);
		ck_assert_msg(strstr(text, "LEAKME") == NULL, "key found in %s", files[i]);
		free(text);
	}
	snprintf(cmd, sizeof(cmd), "zcat '%s/rec.jsonl.gz' | grep -q LEAKME", o.dir);
	ck_assert_int_ne(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "zcat '%s/rec.jsonl.gz' | grep -q 'Authorization'", o.dir);
	ck_assert_int_ne(system(cmd), 0);
	outcome_release(&o);
}
END_TEST

/* a refused key: exit 3, every probe an error, reports still written */
START_TEST(api_key_refused)
{
	const char *env[] = { "OPENAI_API_KEY=wrong-key", NULL };
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--json",
			       "r.json", "--junit",    "j.xml", NULL };
	struct fake f;
	struct outcome o;
	cJSON *r;
	char path[128];

	fake_start(&f, "auth");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 3);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_verdict(r, "smoke"), "error");
	ck_assert_str_eq(report_cause(r, "tools"), "auth-error");
	snprintf(path, sizeof(path), "%s/j.xml", o.dir);
	ck_assert_int_ne(junit_validate(path), 0);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* a dead endpoint: exit 3 with reports; a loading one passes with --wait */
START_TEST(dead_endpoint_exits_3)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--json",
			       "r.json", "--junit",    "j.xml", NULL };
	struct fake f;
	struct outcome o;
	char url[64];
	cJSON *r;

	/* a port that was just free: nothing listens there any more */
	fake_start(&f, "healthy");
	snprintf(url, sizeof(url), "%s", f.url);
	fake_stop(&f);
	argv[2] = url;
	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 3);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "needle"), "transport-error");
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

START_TEST(loading_endpoint_waits)
{
	const char *argv[] = {
		"run", "--endpoint", NULL, "--wait", "30", "--checks", "smoke", NULL
	};
	const char *nowait[] = { "run", "--endpoint", NULL, "--checks", "smoke", NULL };
	struct fake f;
	struct outcome o;

	fake_start(&f, "loading");
	nowait[2] = f.url;
	run_preflight(&o, NULL, nowait);
	ck_assert_int_eq(o.code, 3);
	outcome_release(&o);
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s\n%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.err, "waiting for"));
	outcome_release(&o);
}
END_TEST

/* the perf probe: stream metrics in the report, speed in the table notes */
START_TEST(perf_metrics_reach_the_table)
{
	const char *argv[] = { "run",	     "--endpoint", NULL,     "--checks",
			       "perf,smoke", "--json",	   "r.json", NULL };
	struct fake f;
	struct outcome o, t;
	cJSON *r, *m;
	char path[256];

	fake_start(&f, "paced-1000");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	r = read_json_report(&o, "r.json");
	m = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0), "metrics");
	ck_assert_ptr_nonnull(m);
	ck_assert_double_gt(cJSON_GetObjectItem(m, "decode_tokens_per_second")->valuedouble, 0);
	ck_assert_double_gt(cJSON_GetObjectItem(m, "ttft_seconds")->valuedouble, 0);
	ck_assert_double_gt(cJSON_GetObjectItem(m, "itl_p95_seconds")->valuedouble, 0);
	ck_assert(cJSON_IsNumber(
		cJSON_GetObjectItem(cJSON_GetObjectItem(r, "speed"), "decode_tokens_per_second")));
	ck_assert_ptr_nonnull(strstr(o.out, "tok/s"));
	cJSON_Delete(r);
	snprintf(path, sizeof(path), "%s/r.json", o.dir);
	run_preflight(&t, NULL, (const char *[]){ "table", path, NULL });
	ck_assert_int_eq(t.code, 0);
	ck_assert_ptr_nonnull(strstr(t.out, " tok/s |"));
	outcome_release(&t);
	outcome_release(&o);
}
END_TEST

/* --repeat: pass@k and pass^k in the report, k/K in the table's notes */
START_TEST(repeats_show_flakiness)
{
	const char *argv[] = { "run",	   "--endpoint", NULL,	   "--checks", "json",
			       "--repeat", "3",		 "--json", "r.json",   NULL };
	struct fake f;
	struct outcome o, t;
	cJSON *r, *rp;
	char path[256];

	fake_start(&f, "json-flaky");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	rp = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0),
				 "repeats");
	ck_assert_int_eq(cJSON_GetObjectItem(rp, "k")->valueint, 3);
	ck_assert_int_eq(cJSON_GetObjectItem(rp, "passed")->valueint, 2);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(rp, "pass_at_k")));
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(rp, "pass_pow_k")));
	cJSON_Delete(r);
	snprintf(path, sizeof(path), "%s/r.json", o.dir);
	run_preflight(&t, NULL, (const char *[]){ "table", path, NULL });
	ck_assert_ptr_nonnull(strstr(t.out, "❌ json 2/3 (wrong-answer)"));
	outcome_release(&t);
	outcome_release(&o);
}
END_TEST

/* image, OCR and video probes: data URLs out, identities (never bytes) in
 * the report, expectations case-insensitive; missing flags stop the run
 * before any request */
START_TEST(media_probes)
{
	char png[4096], mp4[4096];
	const char *argv[] = { "run",
			       "--endpoint",
			       NULL,
			       "--checks",
			       "image,ocr,video",
			       "--image-path",
			       png,
			       "--image-expect",
			       "anvil serving dashboard",
			       "--ocr-expect",
			       "GPU: RTX 5090",
			       "--video-path",
			       mp4,
			       "--video-expect",
			       "RED",
			       "--video-expect",
			       "green",
			       "--json",
			       "r.json",
			       NULL };
	const char *missing[] = { "run",   "--endpoint",   NULL, "--checks",
				  "image", "--image-path", png,	 NULL };
	struct fake f;
	struct outcome o;
	long requests, most;
	cJSON *r;
	char *text, *got;

	snprintf(png, sizeof(png), "%s/tests/data/sample.png", repo_root());
	snprintf(mp4, sizeof(mp4), "%s/tests/data/sample.mp4", repo_root());
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	ck_assert_msg(o.code == 0, "exit %d\n%s\n%s", o.code, o.out, o.err);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(cJSON_GetObjectItem(
				 cJSON_GetArrayItem(cJSON_GetObjectItem(r, "inputs"), 0), "sha256")
				 ->valuestring,
			 "7e57ec490b3447fbf034e72a9dcdfe9cb7708c61acd873fcd19dc26751bf3fcf");
	cJSON_Delete(r);
	text = read_report(&o, "r.json");
	ck_assert_ptr_null(strstr(text, "base64,"));
	free(text);
	outcome_release(&o);
	missing[2] = f.url;
	run_preflight(&o, NULL, missing);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "needs at least one --image-expect"));
	outcome_release(&o);
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(requests, 3);
	fake_stop(&f);
	fake_start(&f, "media-blind");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	got = report_outcomes(r);
	ck_assert_str_eq(
		got, "image=fail:wrong-answer\nocr=fail:wrong-answer\nvideo=fail:wrong-answer\n");
	free(got);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* --dry-run: the plan on stdout, no request, no file */
START_TEST(dry_run_sends_nothing)
{
	const char *env[] = { "OPENAI_API_KEY=sk-dry-SECRET", NULL };
	const char *argv[] = { "run",	   "--endpoint",   NULL,      "--dry-run",
			       "--json",   "r.json",	   "--junit", "j.xml",
			       "--record", "rec.jsonl.gz", NULL };
	struct fake f;
	struct outcome o;
	long requests, most;
	cJSON *plan;
	char *j;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stats(&f, &requests, &most);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	ck_assert_int_eq(requests, 0);
	plan = cJSON_Parse(o.out);
	ck_assert_ptr_nonnull(plan);
	assert_schema_valid(plan, "the dry run's plan");
	ck_assert_str_eq(cJSON_GetObjectItem(plan, "schema")->valuestring, "preflight-plan/v1");
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(plan, "probes")), 4);
	ck_assert_ptr_null(strstr(o.out, "SECRET"));
	cJSON_Delete(plan);
	ck_assert_ptr_null(j = read_report(&o, "r.json"));
	ck_assert_ptr_null(read_report(&o, "j.xml"));
	ck_assert_ptr_null(read_report(&o, "rec.jsonl.gz"));
	outcome_release(&o);
}
END_TEST

/* --parallel: the probes' requests are in flight together */
START_TEST(parallel_probes_overlap)
{
	const char *argv[] = { "run",	     "--endpoint", NULL,     "--checks", "smoke,json,tools",
			       "--parallel", "--json",	   "r.json", NULL };
	struct fake f;
	struct outcome o;
	long requests, most;

	fake_start(&f, "held-parallel");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(fake_stat(&f, "held_batches"), 1);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_int_eq(requests, 22);
	ck_assert_int_eq(most, 22);
	outcome_release(&o);
}
END_TEST

/* two recipes that serve the same model stay apart when their JUnit is
 * merged (junitparser): distinct suites and classnames, 8 testcases; a
 * failure's message attribute is its line, the text holds the remedy and
 * the evidence */
START_TEST(junit_recipes_stay_apart)
{
	static const char *const runs[][2] = { { "qwen35-122b-mxfp4-marlin", "tools-args-some" },
					       { "qwen35-122b-nvfp4-moe", "healthy" } };
	char recipe[4096], cmd[8192], out_name[16];
	struct outcome o;
	struct fake f;
	int i;

	if (system("/usr/bin/python3 -c 'import junitparser' 2>/dev/null") != 0) {
		fprintf(stderr, "note: python3-junitparser not installed; skipping the JUnit "
				"merge check\n");
		return;
	}
	outcome_mkdir(&o);
	for (i = 0; i < 2; i++) {
		const char *argv[] = { "run",	  "--recipe",	recipe,	   "--endpoint", NULL,
				       "--model", "fake-model", "--junit", out_name,	 NULL };

		snprintf(recipe, sizeof(recipe), "%s/fixtures/recipes/%s.json", repo_root(),
			 runs[i][0]);
		snprintf(out_name, sizeof(out_name), "%c.xml", 'a' + i);
		fake_start(&f, runs[i][1]);
		argv[4] = f.url;
		run_preflight_in(&o, NULL, argv);
		fake_stop(&f);
		ck_assert_msg(o.code == 1 - i, "%s: exit %d\n%s", runs[i][0], o.code, o.err);
	}
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && /usr/bin/python3 -c '\n"
		 "from junitparser import JUnitXml, Failure\n"
		 "x = JUnitXml.fromfile(\"a.xml\") + JUnitXml.fromfile(\"b.xml\")\n"
		 "cases = {(c.classname, c.name) for s in x for c in s}\n"
		 "suites = {s.name for s in x}\n"
		 "fails = [r for s in x for c in s for r in c.result if isinstance(r, Failure)]\n"
		 "assert len(cases) == 8, cases\n"
		 "assert len(suites) == 2, suites\n"
		 "assert len(fails) == 1 and fails[0].text != fails[0].message, fails\n"
		 "assert \"evidence: \" in fails[0].text and \"\\n\" not in fails[0].message\n"
		 "'",
		 o.dir);
	ck_assert_msg(system(cmd) == 0, "the merged JUnit mixes the recipes");
	outcome_release(&o);
}
END_TEST

/* a real JUnit consumer (junitparser, as in the EnricoMi GitHub action)
 * agrees with the JSON report on counts, names, types and messages */
START_TEST(junit_consumer_agrees)
{
	static const char *const scenarios[] = { "tools-args-some", "engine-500", "healthy" };
	const char *argv[] = { "run",	"--endpoint",	  NULL,	     "--json", "r.json", "--junit",
			       "j.xml", "--needle-depth", "0.2,0.8", NULL };
	char cmd[8192];
	struct fake f;
	struct outcome o;
	size_t i;

	if (system("/usr/bin/python3 -c 'import junitparser' 2>/dev/null") != 0) {
		fprintf(stderr, "note: python3-junitparser not installed; skipping the JUnit "
				"consumer check\n");
		return;
	}
	for (i = 0; i < 3; i++) {
		fake_start(&f, scenarios[i]);
		argv[2] = f.url;
		run_preflight(&o, NULL, argv);
		fake_stop(&f);
		snprintf(cmd, sizeof(cmd),
			 "/usr/bin/python3 '%s/tests/junit_consumer.py' '%s/j.xml' '%s/r.json'",
			 repo_root(), o.dir, o.dir);
		ck_assert_msg(system(cmd) == 0, "junitparser disagrees on %s", scenarios[i]);
		outcome_release(&o);
	}
}
END_TEST

/* vLLM refuses connections until its model is loaded: --wait covers it */
START_TEST(refused_while_loading_waits)
{
	struct outcome o;
	char scenario[4096], exe[4096];
	/* the fake binds a port of its own choosing and refuses connections
	 * until preflight says it is waiting: then it listens (no timing) */
	const char *argv[] = { "--scenario",  scenario,	    "--listen-after-output",
			       "waiting for", "--",	    exe,
			       "run",	      "--endpoint", "http://127.0.0.1:{port}/v1",
			       "--wait",      "60",	    "--checks",
			       "smoke",	      NULL };

	snprintf(scenario, sizeof(scenario), "%s/fixtures/scenarios/refused-while-loading.json",
		 repo_root());
	snprintf(exe, sizeof(exe), "%s/preflight", repo_root());
	run_program(&o, NULL, "fixtures/fake-endpoint", argv);
	ck_assert_msg(o.code == 0, "exit %d\n%s\n%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.err, "waiting for"));
	ck_assert_ptr_nonnull(strstr(o.err, "Couldn't connect"));
	outcome_release(&o);
}
END_TEST

/* TLS: an https endpoint that does not speak TLS fails the handshake
 * (verification on by default); --insecure says it is insecure */
START_TEST(tls_handshake_and_insecure)
{
	char url[96];
	const char *argv[] = { "run",	"--endpoint", url,	"--checks",
			       "smoke", "--json",     "r.json", NULL };
	const char *insecure[] = {
		"run", "--endpoint", url, "--checks", "smoke", "--insecure", NULL
	};
	struct fake f;
	struct outcome o;
	cJSON *r;

	fake_start(&f, "healthy");
	snprintf(url, sizeof(url), "https://127.0.0.1:%u/v1", f.port);
	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 3);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "smoke"), "transport-error");
	cJSON_Delete(r);
	outcome_release(&o);
	run_preflight(&o, NULL, insecure);
	fake_stop(&f);
	ck_assert_ptr_nonnull(
		strstr(o.err, "warning: --insecure: TLS certificates are not verified"));
	outcome_release(&o);
}
END_TEST

/* SIGINT or SIGTERM mid-batch: requests cancelled, reports written with
 * the unfinished probes skipped, no temporary file left, exit 128+N, and
 * the JSON's verdict says the same exit */
static const int stop_signals[] = { SIGINT, SIGTERM };

START_TEST(interrupt_writes_reports)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	  "--checks", "smoke,tools,json",
			       "--json", "r.json",     "--junit", "j.xml",    NULL };
	struct fake f;
	struct outcome o;
	long requests = 0, most;
	char path[128];
	pid_t pid;
	cJSON *r;
	FILE *ls;
	char cmd[160], line[256];
	int files = 0, k;

	fake_start(&f, "held-forever");
	argv[2] = f.url;
	pid = start_program(&o, NULL, "preflight", argv);
	/* the fake holds the whole batch until interrupted: wait until all 20
	 * are there (a poll of a condition, bounded, not a timing guess) */
	for (k = 0; k < 3000 && fake_stat(&f, "held_in_flight") < 20; k++)
		usleep(10 * 1000);
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(requests, 21); /* smoke, then the batch */
	kill(pid, stop_signals[_i]);
	outcome_wait(&o, pid);
	fake_stop(&f);
	ck_assert_msg(o.code == 128 + stop_signals[_i], "exit %d\n%s\n%s", o.code, o.out, o.err);
	r = read_json_report(&o, "r.json");
	ck_assert_int_eq(cJSON_GetNumberValue(
				 cJSON_GetObjectItem(cJSON_GetObjectItem(r, "verdict"), "exit")),
			 128 + stop_signals[_i]);
	ck_assert_str_eq(report_verdict(r, "smoke"), "pass");
	ck_assert_str_eq(report_verdict(r, "tools"), "skipped");
	ck_assert_str_eq(report_cause(r, "tools"), "interrupted");
	ck_assert_str_eq(report_verdict(r, "json"), "skipped");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "interrupted")));
	cJSON_Delete(r);
	snprintf(path, sizeof(path), "%s/j.xml", o.dir);
	ck_assert_int_ne(junit_validate(path), 0);
	snprintf(cmd, sizeof(cmd), "ls -A '%s'", o.dir);
	ls = popen(cmd, "r");
	while (fgets(line, sizeof(line), ls))
		files++;
	pclose(ls);
	ck_assert_int_eq(files, 4); /* stdout, stderr, r.json, j.xml */
	outcome_release(&o);
}
END_TEST

/* the Nth allocation fails, for N across a whole run: always a clean
 * exit (0-3), never a crash; under ASan a leak would change the exit code,
 * under VALGRIND=1 valgrind's own */
START_TEST(allocation_failures_are_clean)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--json",
			       "r.json", "--junit",    "j.xml", NULL };
	int step = getenv("PREFLIGHT_VALGRIND") ? 400 : 37, n, runs = 0, failed_early = 0,
	    whole = 0;
	char *text;
	struct fake f;
	struct outcome o;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	for (n = 1; n < 6000; n += n < 200 ? 7 : step) {
		char env[64];
		const char *envs[] = { env, NULL };

		snprintf(env, sizeof(env), "PREFLIGHT_FAIL_ALLOC=%d", n);
		run_preflight(&o, envs, argv);
		ck_assert_msg(o.code >= 0 && o.code <= 4, "allocation %d: exit %d\n%s", n, o.code,
			      o.err);
		/* a report that could not be rendered is named, never a silent 0 */
		if (o.code == 4)
			ck_assert_ptr_nonnull(strstr(o.err, "cannot render"));
		/* a report that was written is whole: it parses and lists every probe */
		if ((text = read_report(&o, "r.json"))) {
			cJSON *r = cJSON_Parse(text);

			ck_assert_msg(r != NULL, "allocation %d: r.json does not parse", n);
			assert_schema_valid(r, "r.json, written with an allocation failing");
			ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "probes")), 4);
			cJSON_Delete(r);
			free(text);
			whole++;
		}
		failed_early += o.code == 2;
		runs++;
		outcome_release(&o);
	}
	fake_stop(&f);
	ck_assert_int_gt(failed_early, 0); /* the switch really fails allocations */
	ck_assert_int_gt(whole, 0);
	ck_assert_int_gt(runs, 20);
}
END_TEST

/* usage errors exit 2 before any request */
START_TEST(usage_errors_send_nothing)
{
	static const char *const bad[][6] = {
		{ "run", "--bogus", NULL },
		{ "run", "--checks", "nosuch", NULL },
		{ "run", "--tool-batch", "129", NULL },
		{ "run", "--needle-ctx", "0", NULL },
		{ "run", "--json", "missing-dir/r.json", NULL },
		{ "run", "--api-key-env", "PREFLIGHT_TEST_UNSET", NULL },
		{ "run", "--extra-body", "[1]", NULL },
		{ "run", "--cacert", "/nonexistent/ca.pem", NULL },
		{ "run", "--checks", "image", NULL },
		/* below the long-tools probe's own 100,000-token floor */
		{ "run", "--checks", "long-tools", "--long-tool-ctx", "50000", NULL },
	};
	struct fake f;
	struct outcome o;
	long requests, most;
	size_t i;

	fake_start(&f, "healthy");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *argv[10];
		int n = 0, j;

		for (j = 0; bad[i][j]; j++)
			argv[n++] = bad[i][j];
		argv[n++] = "--endpoint";
		argv[n++] = f.url;
		argv[n] = NULL;
		run_preflight(&o, NULL, argv);
		ck_assert_msg(o.code == 2, "%s %s: exit %d", bad[i][0], bad[i][1], o.code);
		ck_assert_msg(strstr(o.err, "preflight: ") != NULL, "no error message");
		outcome_release(&o);
	}
	fake_stats(&f, &requests, &most);
	fake_stop(&f);
	ck_assert_int_eq(requests, 0);
}
END_TEST

/* the needle is the size asked for, as the endpoint counts it: three
 * tokenizers (4 and 3 characters per token, words) with different
 * template overheads, /tokenize offered or not, 14k to 1M tokens */
START_TEST(needle_size_is_exact)
{
	static const char *const scenarios[] = { "long-context", "tokenizer-words",
						 "tokenizer-chars3" };
	static const char *const sizes[] = { "14000", "128000", "1000000" };
	const char *argv[] = { "run",	       "--endpoint", NULL,     "--checks", "needle",
			       "--needle-ctx", NULL,	     "--json", "r.json",   NULL };
	struct fake f;
	struct outcome o;
	size_t i = (size_t)_i / 3, j = (size_t)_i % 3;
	cJSON *r, *p, *n;
	double measured, target = atof(sizes[j]);

	fake_start(&f, scenarios[i]);
	argv[2] = f.url;
	argv[6] = sizes[j];
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "%s @%s: exit %d\n%s", scenarios[i], sizes[j], o.code, o.out);
	r = read_json_report(&o, "r.json");
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0);
	n = cJSON_GetObjectItem(p, "needle");
	measured = cJSON_GetObjectItem(n, "measured_prompt_tokens")->valuedouble;
	ck_assert_msg(measured >= target * 0.99 && measured <= target * 1.01,
		      "%s: measured %g for %g", scenarios[i], measured, target);
	fprintf(stderr, "needle %s %s: measured %.0f (%+.3f%%)\n", scenarios[i], sizes[j], measured,
		100.0 * (measured / target - 1.0));
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* one testcase per depth, each with its own secret */
START_TEST(needle_depths)
{
	const char *argv[] = { "run",	 "--endpoint",	   NULL,	  "--checks",
			       "needle", "--needle-depth", "0.1,0.5,0.9", "--json",
			       "r.json", "--junit",	   "j.xml",	  NULL };
	struct fake f;
	struct outcome o;
	cJSON *r, *p;
	char *junit;
	const char *secrets[3];
	int i = 0;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	r = read_json_report(&o, "r.json");
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "probes")), 3);
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes"))
	{
		const cJSON *n = cJSON_GetObjectItem(p, "needle");

		ck_assert_str_eq(cJSON_GetObjectItem(p, "verdict")->valuestring, "pass");
		secrets[i] = cJSON_GetObjectItem(n, "secret")->valuestring;
		ck_assert_msg(strstr(o.out, secrets[i]) != NULL, "secret %s not shown", secrets[i]);
		i++;
	}
	ck_assert_str_ne(secrets[0], secrets[1]);
	ck_assert_str_ne(secrets[1], secrets[2]);
	ck_assert_str_eq(cJSON_GetObjectItem(
				 cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 1), "variant")
				 ->valuestring,
			 "@50%");
	junit = read_report(&o, "j.xml");
	ck_assert_ptr_nonnull(strstr(junit, "name=\"needle@10% — "));
	ck_assert_ptr_nonnull(strstr(junit, "name=\"needle@90% — "));
	free(junit);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* long-tools: a valid call after 100K+ measured tokens; refused before
 * sending where it cannot fit; a silently truncating endpoint is caught */
START_TEST(long_tools_and_truncation)
{
	const char *argv[] = { "run",	     "--endpoint", NULL,     "--checks",
			       "long-tools", "--json",	   "r.json", NULL };
	const char *needle[] = { "run",	   "--endpoint", NULL,	   "--checks",
				 "needle", "--json",	 "r.json", NULL };
	struct fake f;
	struct outcome o;
	cJSON *r, *p;

	fake_start(&f, "long-context");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	r = read_json_report(&o, "r.json");
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0);
	ck_assert_double_ge(
		cJSON_GetObjectItem(cJSON_GetObjectItem(p, "needle"), "measured_prompt_tokens")
			->valuedouble,
		100000);
	cJSON_Delete(r);
	outcome_release(&o);

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "long-tools"), "context-overflow");
	cJSON_Delete(r);
	ck_assert_ptr_nonnull(strstr(o.out, "not sent: the endpoint's context is 32768 tokens"));
	outcome_release(&o);

	fake_start(&f, "ollama-truncates");
	needle[2] = f.url;
	run_preflight(&o, NULL, needle);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "needle"), "context-overflow");
	cJSON_Delete(r);
	ck_assert_ptr_nonnull(strstr(o.out, "it truncated the prompt"));
	outcome_release(&o);
}
END_TEST

START_TEST(list_and_validate)
{
	const char *list[] = { "list", NULL };
	const char *ok[] = { "validate", NULL, NULL };
	char path[4096];
	struct outcome o;

	run_preflight(&o, NULL, list);
	ck_assert_int_eq(o.code, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "smoke"));
	ck_assert_ptr_nonnull(strstr(o.out, "tools"));
	outcome_release(&o);
	snprintf(path, sizeof(path), "%s/probes/40-tools.json", repo_root());
	ok[1] = path;
	run_preflight(&o, NULL, ok);
	ck_assert_int_eq(o.code, 0);
	outcome_release(&o);
	/* every bundled probe and sample recipe is valid */
	snprintf(path, sizeof(path),
		 "cd '%s' && ./preflight validate probes/*.json fixtures/recipes/*.json >/dev/null",
		 repo_root());
	ck_assert_int_eq(system(path), 0);
	ok[1] = "/nonexistent/probe.json";
	run_preflight(&o, NULL, ok);
	ck_assert_int_eq(o.code, 2);
	outcome_release(&o);
}
END_TEST

/* a real CLI's conventions: help COMMAND, the libraries' versions, '-'
 * for stdout, --quiet and --verbose */
START_TEST(cli_conventions)
{
	const char *help[] = { "help", "diff", NULL };
	const char *version[] = { "--version", NULL };
	const char *json_out[] = { "run",    "--endpoint", NULL,      "--checks", "smoke",
				   "--json", "-",	   "--quiet", NULL };
	const char *verbose[] = {
		"run", "--endpoint", NULL, "--checks", "smoke", "--verbose", NULL
	};
	const char *two[] = { "run",	"--endpoint", "http://127.0.0.1:9/v1",
			      "--json", "-",	      "--junit",
			      "-",	NULL };
	const char *both[] = { "run",	  "--endpoint", "http://127.0.0.1:9/v1",
			       "--quiet", "--verbose",	NULL };
	struct outcome o;
	struct fake f;
	cJSON *r;

	run_preflight(&o, NULL, help);
	ck_assert_int_eq(o.code, 0);
	ck_assert(!strncmp(o.out, "usage: preflight diff BASE.json NEW.json", 40));
	run_preflight_in(&o, NULL, version);
	ck_assert_int_eq(o.code, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "\nlibcurl "));
	ck_assert_ptr_nonnull(strstr(o.out, "\ncJSON "));
	ck_assert_ptr_nonnull(strstr(o.out, "\npcre2 "));
	ck_assert_ptr_nonnull(strstr(o.out, "\nzlib "));
	fake_start(&f, "healthy");
	json_out[2] = verbose[2] = f.url;
	run_preflight_in(&o, NULL, json_out);
	ck_assert_int_eq(o.code, 0);
	r = cJSON_Parse(o.out); /* stdout is the report alone */
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(r, "schema")),
			 "preflight-report/v1");
	cJSON_Delete(r);
	ck_assert_str_eq(o.err, "");
	run_preflight_in(&o, NULL, verbose);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	ck_assert_ptr_nonnull(strstr(o.err, "[1/1] smoke: pass"));
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: SERVES"));
	run_preflight_in(&o, NULL, two);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "both write to stdout"));
	run_preflight_in(&o, NULL, both);
	ck_assert_int_eq(o.code, 2);
	outcome_release(&o);
}
END_TEST

/* the console on a terminal's width ($COLUMNS): no line wider, cut lines
 * end in "…", each cause and its remedy said once for all the probes it
 * covers; through a pipe with no $COLUMNS every line is whole */
START_TEST(console_fits_and_groups)
{
	const char *argv[] = { "run", "--endpoint", "{url}", NULL };
	const char *remedy = "remedy: serve with the model's reasoning parser: "
			     "--reasoning-parser qwen3|deepseek_r1|super_v3|...";
	struct outcome o;
	const char *p, *line;
	int cut = 0;

	outcome_mkdir(&o);
	setenv("COLUMNS", "60", 1);
	run_against(&o, "cot-untagged", argv);
	unsetenv("COLUMNS");
	ck_assert_int_eq(o.code, 1);
	for (line = p = o.out; *line; line = p + (*p == '\n')) {
		size_t n, cols;

		p = line + strcspn(line, "\n");
		n = (size_t)(p - line);
		cols = text_columns(line, n); /* as a terminal counts: ❌ two columns */
		ck_assert_msg(cols <= 60, "%zu columns: %.*s", cols, (int)n, line);
		cut += n >= 3 && !strncmp(p - 3, "…", 3);
	}
	ck_assert_int_gt(cut, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "what to change, by cause:\n"
					    "  reasoning-bleed: smoke, json, needle, tools\n"));
	run_against(&o, "cot-untagged", argv); /* a pipe: lines whole */
	ck_assert_ptr_nonnull(strstr(o.out, remedy));
	ck_assert_ptr_null(strstr(strstr(o.out, remedy) + 1, "remedy:")); /* once */
	outcome_release(&o);
}
END_TEST

Suite *cli_suite(void)
{
	static const char *const parts[] = { "scenarios", "scenarios-2", "scenarios-3",
					     "scenarios-4" };
	Suite *s = suite_create("cli");
	TCase *other = tcase_create("behaviour");
	/* the tests of concurrency, waiting and interruption, to rerun alone
	 * under load: CK_RUN_SUITE=cli CK_RUN_CASE=concurrency */
	TCase *together = tcase_create("concurrency");
	TCase *allocs = tcase_create("allocations");
	int k, n = (int)(sizeof(parts) / sizeof(parts[0]));

	tcase_set_timeout(other, 300);
	tcase_set_tags(other, "shard-5");
	tcase_set_tags(together, "shard-6");
	tcase_set_tags(allocs, "shard-9");
	tcase_set_timeout(allocs, 300); /* a few hundred runs, slow under sanitizers */
	find_cases();
	/* the scenarios in four parts, each a unit of the parallel runner */
	for (k = 0; k < n; k++) {
		TCase *tc = tcase_create(parts[k]);
		char tag[16];

		snprintf(tag, sizeof(tag), "shard-%d", k + 1);
		tcase_set_tags(tc, tag);
		tcase_set_timeout(tc, 300);
		if (k == 0)
			tcase_add_test(tc, scenario_cases_found);
		tcase_add_loop_test(tc, scenario_cases, n_cases * k / n, n_cases * (k + 1) / n);
		suite_add_tcase(s, tc);
	}
	tcase_add_test(together, parallel_probes_overlap);
	tcase_add_test(together, tool_batch_is_concurrent);
	tcase_add_test(together, retries_are_bounded);
	tcase_add_test(together, refused_while_loading_waits);
	tcase_add_loop_test(together, interrupt_writes_reports, 0, 2);
	tcase_add_test(other, console_and_markdown);
	tcase_add_test(other, console_fits_and_groups);
	tcase_add_test(other, raw_nul_body_replays);
	tcase_add_test(other, perf_metrics_reach_the_table);
	tcase_add_test(other, repeats_show_flakiness);
	tcase_add_test(other, dry_run_sends_nothing);
	tcase_add_test(other, media_probes);
	tcase_add_test(other, junit_consumer_agrees);
	tcase_add_test(other, junit_recipes_stay_apart);
	tcase_add_test(other, no_thinking_reaches_every_request);
	tcase_add_test(other, api_key_sent_never_shown);
	tcase_add_test(other, api_key_refused);
	tcase_add_test(other, echoed_key_is_redacted);
	tcase_add_test(other, dead_endpoint_exits_3);
	tcase_add_test(other, loading_endpoint_waits);
	tcase_add_test(other, tls_handshake_and_insecure);
	tcase_add_test(allocs, allocation_failures_are_clean);
	tcase_add_test(other, usage_errors_send_nothing);
	tcase_add_loop_test(other, needle_size_is_exact, 0, 9);
	tcase_add_test(other, needle_depths);
	tcase_add_test(other, long_tools_and_truncation);
	tcase_add_test(other, list_and_validate);
	tcase_add_test(other, cli_conventions);
	suite_add_tcase(s, other);
	suite_add_tcase(s, together);
	suite_add_tcase(s, allocs);
	return s;
}
