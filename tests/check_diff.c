/* SPDX-License-Identifier: Apache-2.0 */
/* check_diff — the gate: pairs of made-up reports, each change that is a
 * regression, one that is not, figures that cannot be compared and why;
 * the limits' grammar; then end to end: preflight diff's exit codes and
 * markdown, run --baseline passing with failures that are not new, and
 * GitHub's job summary and annotations, escaped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json.h"
#include "model.h"

#include "ci.h"
#include "diff.h"
#include "suites.h"
#include "testutil.h"

/* a run report: probes given as JSON array text, then speed, settings and
 * sweep members (each "" for none) */
static struct model *report(const char *probes, const char *speed, const char *max_tokens,
			    const char *sweep)
{
	char text[8192];

	snprintf(text, sizeof(text),
		 "{\"schema\":\"preflight-report/v1\",\"started\":\"2026-12-01\","
		 "\"endpoint\":{\"model\":\"m\"},\"settings\":{\"max_tokens\":%s},"
		 "\"probes\":%s%s%s%s%s}",
		 *max_tokens ? max_tokens : "256", probes, *speed ? ",\"speed\":" : "", speed,
		 *sweep ? ",\"sweep\":" : "", sweep);
	return model_of(text);
}

#define P_PASS	      "{\"id\":\"smoke\",\"verdict\":\"pass\"}"
#define P_FAIL	      "{\"id\":\"smoke\",\"verdict\":\"fail\",\"cause\":\"wrong-answer\"}"
#define P_GARB	      "{\"id\":\"smoke\",\"verdict\":\"fail\",\"cause\":\"garbage\"}"
#define SPEED(v, src) "{\"decode_tokens_per_second\":" v ",\"source\":\"" src "\"}"

static const struct {
	const char *base[4], *now[4]; /* probes, speed, max_tokens, sweep */
	int regressions, improvements;
	const char *first; /* the first item: "what|note" substring */
} pairs[] = {
	/* verdicts */
	{ { "[" P_PASS "]", "", "", "" }, { "[" P_FAIL "]", "", "", "" }, 1, 0, "smoke" },
	{ { "[" P_FAIL "]", "", "", "" }, { "[" P_PASS "]", "", "", "" }, 0, 1, "passes now" },
	{ { "[" P_FAIL "]", "", "", "" }, { "[" P_FAIL "]", "", "", "" }, 0, 0, NULL },
	{ { "[" P_FAIL "]", "", "", "" }, { "[" P_GARB "]", "", "", "" }, 1, 0, "a new cause" },
	{ { "[" P_PASS "]", "", "", "" }, { "[]", "", "", "" }, 0, 0, "not in the new report" },
	{ { "[]", "", "", "" }, { "[" P_FAIL "]", "", "", "" }, 0, 0, "not in the baseline" },
	/* decode speed: beyond the limit, within it, and not comparable */
	{ { "[]", SPEED("100", "preflight"), "", "" },
	  { "[]", SPEED("90", "preflight"), "", "" },
	  1,
	  0,
	  "-10.0% (limit -5%)" },
	{ { "[]", SPEED("100", "preflight"), "", "" },
	  { "[]", SPEED("97", "preflight"), "", "" },
	  0,
	  0,
	  NULL },
	{ { "[]", SPEED("100", "preflight"), "", "" },
	  { "[]", SPEED("50", "engine"), "", "" },
	  0,
	  0,
	  "engine-reported in one" },
	{ { "[]", SPEED("100", "preflight"), "", "" },
	  { "[]", SPEED("50", "preflight"), "512", "" },
	  0,
	  0,
	  "a different max_tokens" },
	{ { "[]", SPEED("100", "preflight"), "", "" },
	  { "[]", "{\"decode_tokens_per_second\":null,\"note\":\"not measurable (burst)\"}", "",
	    "" },
	  0,
	  0,
	  "a burst stream" },
	/* the effective context */
	{ { "[]", "", "", "{\"effective_context\":128000,\"swept_max\":128000}" },
	  { "[]", "", "", "{\"effective_context\":64000,\"swept_max\":128000}" },
	  1,
	  0,
	  "effective context|shrank" },
	{ { "[]", "", "", "{\"effective_context\":128000,\"swept_max\":128000}" },
	  { "[]", "", "", "{\"effective_context\":32000,\"swept_max\":32000}" },
	  0,
	  0,
	  "did not reach" },
	/* TTFT: 20% slower is a regression, 3 ms slower is jitter */
	{ { "[{\"id\":\"tools\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":0.5}}]", "", "",
	    "" },
	  { "[{\"id\":\"tools\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":0.6}}]", "", "",
	    "" },
	  1,
	  0,
	  "tools TTFT|+20.0%" },
	{ { "[{\"id\":\"tools\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":0.002}}]", "",
	    "", "" },
	  { "[{\"id\":\"tools\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":0.005}}]", "",
	    "", "" },
	  0,
	  0,
	  NULL },
	/* prefill speed: a fall beyond prefill=10% */
	{ { "[{\"id\":\"needle\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":1,"
	    "\"prefill_tokens_per_second\":10000}}]",
	    "", "", "" },
	  { "[{\"id\":\"needle\",\"verdict\":\"pass\",\"metrics\":{\"ttft_seconds\":1,"
	    "\"prefill_tokens_per_second\":8000}}]",
	    "", "", "" },
	  1,
	  0,
	  "needle prefill tok/s|-20.0%" },
};

START_TEST(pairs_gate_right)
{
	struct model *b =
		report(pairs[_i].base[0], pairs[_i].base[1], pairs[_i].base[2], pairs[_i].base[3]);
	struct model *n =
		report(pairs[_i].now[0], pairs[_i].now[1], pairs[_i].now[2], pairs[_i].now[3]);
	struct diff_limits l;
	struct diff d;
	char err[256], want[128], *bar;

	ck_assert_ptr_nonnull(b);
	ck_assert_ptr_nonnull(n);
	diff_limits_default(&l);
	ck_assert_int_eq(diff_reports(b, n, &l, &d, err, sizeof(err)), 0);
	ck_assert_int_eq(d.regressions, pairs[_i].regressions);
	ck_assert_int_eq(d.improvements, pairs[_i].improvements);
	if (pairs[_i].first) {
		ck_assert_uint_ge(d.n, 1);
		snprintf(want, sizeof(want), "%s", pairs[_i].first);
		bar = strchr(want, '|');
		if (bar)
			*bar++ = '\0';
		ck_assert_msg(strstr(d.items[0].what, want) || strstr(d.items[0].note, want),
			      "%s / %s", d.items[0].what, d.items[0].note);
		if (bar)
			ck_assert_msg(strstr(d.items[0].note, bar), "%s", d.items[0].note);
	} else {
		ck_assert_uint_eq(d.n, 0);
	}
	diff_release(&d);
	model_free(b);
	model_free(n);
}
END_TEST

/* conformance: a check that loses its honoured status, one that is
 * skipped (a 429 says nothing), one that got better; run against conform
 * is refused */
START_TEST(conformance_pairs)
{
	struct model *b = model_of("{\"schema\":\"preflight-conformance/v1\",\"checks\":["
				   "{\"id\":\"p-n\",\"status\":\"honoured\",\"fails\":false},"
				   "{\"id\":\"p-stop\",\"status\":\"honoured\",\"fails\":false},"
				   "{\"id\":\"e-404\",\"status\":\"broken\",\"fails\":true}]}");
	struct model *n = model_of(
		"{\"schema\":\"preflight-conformance/v1\",\"checks\":["
		"{\"id\":\"p-n\",\"status\":\"ignored\",\"fails\":true,\"evidence\":\"1 choice\"},"
		"{\"id\":\"p-stop\",\"status\":\"skipped\",\"fails\":false},"
		"{\"id\":\"e-404\",\"status\":\"honoured\",\"fails\":false}]}");
	struct model *run = report("[]", "", "", "");
	struct diff_limits l;
	struct diff d;
	char err[256];

	diff_limits_default(&l);
	ck_assert_int_eq(diff_reports(b, n, &l, &d, err, sizeof(err)), 0);
	ck_assert_int_eq(d.regressions, 1);
	ck_assert_int_eq(d.improvements, 1);
	ck_assert_str_eq(d.items[0].what, "p-n");
	ck_assert_str_eq(d.items[0].base, "honoured");
	ck_assert_str_eq(d.items[0].now, "ignored");
	ck_assert_uint_eq(d.n, 3);
	ck_assert_int_eq(d.items[2].kind, DIFF_INCOMPARABLE);
	diff_release(&d);
	ck_assert_int_eq(diff_reports(b, run, &l, &d, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "compare like with like"));
	diff_release(&d);
	model_free(b);
	model_free(n);
	model_free(run);
}
END_TEST

START_TEST(limits_grammar)
{
	struct diff_limits l;
	char err[256];

	diff_limits_default(&l);
	ck_assert(l.decode == 5 && l.ttft == 10 && l.prefill == 10 && l.ttft_floor == 0.010);
	ck_assert_int_eq(
		diff_limits_parse("decode=2.5%,ttft=30,ttft_floor_ms=50", &l, err, sizeof(err)), 0);
	ck_assert(l.decode == 2.5 && l.ttft == 30 && l.ttft_floor == 0.050 && l.prefill == 10);
	ck_assert_int_eq(diff_limits_parse("speed=5%", &l, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "unknown key 'speed'"));
	ck_assert_int_eq(diff_limits_parse("decode", &l, err, sizeof(err)), -1);
	ck_assert_int_eq(diff_limits_parse("decode=-1", &l, err, sizeof(err)), -1);
	ck_assert_int_eq(diff_limits_parse("decode=5%%", &l, err, sizeof(err)), -1);
	ck_assert_int_eq(diff_limits_parse("decode=1e999", &l, err, sizeof(err)), -1);
}
END_TEST

/* an endpoint's message cannot issue a workflow command of its own */
START_TEST(annotations_are_escaped)
{
	char line[512];

	ci_annotation_line(CI_ERROR, "preflight: needle@16k@50%, x", "bad\n::error::forged\r100%",
			   line, sizeof(line));
	ck_assert_str_eq(line, "::error title=preflight%3A needle@16k@50%25%2C x::bad%0A::error::"
			       "forged%0D100%25");
}
END_TEST

/* end to end: the needle-band recipe against a healthy baseline */
START_TEST(gate_end_to_end)
{
	const char *good[] = { "run",	       "--endpoint",   NULL,	    "--checks",
			       "smoke,needle", "--needle-ctx", "4k,16k",    "--needle-depth",
			       "0.5",	       "--json",       "good.json", NULL };
	const char *bad[] = { "run",	      "--endpoint",
			      NULL,	      "--checks",
			      "smoke,needle", "--needle-ctx",
			      "4k,16k",	      "--needle-depth",
			      "0.5",	      "--json",
			      "bad.json",     "--metrics",
			      "m.txt",	      NULL };
	const char *diff[] = { "diff", "good.json", "bad.json", "--markdown", "d.md", NULL };
	const char *back[] = { "diff", "bad.json", "good.json", NULL };
	const char *summary = "GITHUB_STEP_SUMMARY=summary.md";
	const char *env[] = { "GITHUB_ACTIONS=true", summary, NULL };
	const char *gate[] = { "run",	       "--endpoint",   NULL,	   "--checks",
			       "smoke,needle", "--needle-ctx", "4k,16k",   "--needle-depth",
			       "0.5",	       "--baseline",   "bad.json", NULL };
	struct outcome o;
	struct fake f;
	char *md;

	fake_start(&f, "healthy");
	good[2] = f.url;
	run_preflight(&o, NULL, good);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	fake_start(&f, "needle-band");
	bad[2] = f.url;
	run_preflight_in(&o, NULL, bad);
	ck_assert_int_eq(o.code, 1);
	md = read_report(&o, "m.txt");
	ck_assert_ptr_nonnull(strstr(md, "\npreflight_probes_passed 2\n"));
	ck_assert_ptr_nonnull(strstr(md, "\npreflight_probe_passed{probe=\"needle@16k@50%\"} 0\n"));
	ck_assert_ptr_nonnull(strstr(md, "\npreflight_effective_context_tokens 4000\n"));
	ck_assert(strlen(md) > 6 && !strcmp(md + strlen(md) - 6, "# EOF\n"));
	free(md);
	run_preflight_in(&o, NULL, diff);
	ck_assert_msg(o.code == 1, "%s%s", o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "regression   needle@16k@50%"));
	ck_assert_ptr_nonnull(strstr(o.out, "effective context            16k → 4k  shrank"));
	md = read_report(&o, "d.md");
	ck_assert_ptr_nonnull(strstr(md, "### preflight diff: ❌ regression"));
	ck_assert_ptr_nonnull(
		strstr(md, "| ❌ regression | effective context | 16k | 4k | shrank |"));
	free(md);
	run_preflight_in(&o, NULL, back);
	ck_assert_int_eq(o.code, 0);
	/* the same failing recipe against its own last report: no regression, exit 0 */
	gate[2] = f.url;
	run_preflight_in(&o, env, gate);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: NO REGRESSION"));
	ck_assert_ptr_nonnull(strstr(o.out, "::error title=preflight%3A needle@16k@50%25 fail::"));
	md = read_report(&o, "summary.md");
	ck_assert_ptr_nonnull(strstr(md, "| model | quant | engine | GPU | serves? |"));
	ck_assert_ptr_nonnull(strstr(md, "### preflight diff: ✅ no regression"));
	free(md);
	outcome_release(&o);
}
END_TEST

/* a baseline that is missing or not a report is exit 2, before anything is
 * sent */
START_TEST(bad_baseline)
{
	const char *argv[] = { "run",	     "--endpoint",  "http://127.0.0.1:9/v1",
			       "--baseline", "nosuch.json", NULL };
	const char *spec[] = {
		"run", "--endpoint", "http://127.0.0.1:9/v1", "--max-regression", "decode=x", NULL
	};
	struct outcome o;

	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "nosuch.json"));
	run_preflight_in(&o, NULL, spec);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "--max-regression: decode wants a number"));
	outcome_release(&o);
}
END_TEST

Suite *diff_suite(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("gate");

	tcase_add_loop_test(tc, pairs_gate_right, 0, sizeof(pairs) / sizeof(pairs[0]));
	tcase_add_test(tc, conformance_pairs);
	tcase_add_test(tc, limits_grammar);
	tcase_add_test(tc, annotations_are_escaped);
	tcase_add_test(tc, gate_end_to_end);
	tcase_add_test(tc, bad_baseline);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
