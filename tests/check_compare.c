/* SPDX-License-Identifier: Apache-2.0 */
/* check_compare — `preflight compare` end to end: the real binary against
 * two fake endpoints, the reference (fixtures/scenarios/logits-reference)
 * and one of its twins, whose logits come from fixtures/fake_logits.c.
 * The true divergence is computed here from the fake's full
 * distributions, never from the estimator's formula. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "behave.h"
#include "buf.h"
#include "fake_logits.h"
#include "fake_tools.h"
#include "suites.h"
#include "testutil.h"

/* compare with the reference against a twin playing scenario, extra
 * arguments after; the JSON report read back (caller deletes) */
static cJSON *compare_with(struct outcome *o, const char *twin, const char *const *env,
			   const char *const *extra)
{
	struct fake ref, cand;
	const char *argv[32] = { "compare", "--reference", NULL,    "--endpoint", NULL,	 "--json",
				 "c.json",  "--junit",	   "c.xml", "--markdown", "c.md" };
	size_t n = 11, i;
	cJSON *j;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, twin);
	argv[2] = ref.url;
	argv[4] = cand.url;
	for (i = 0; extra && extra[i]; i++)
		argv[n++] = extra[i];
	argv[n] = NULL;
	run_preflight(o, env, argv);
	fake_stop(&ref);
	fake_stop(&cand);
	j = read_json_report(o, "c.json");
	if (j)
		assert_schema_valid(j, "the comparison");
	return j;
}

/* the JUnit and markdown of the same comparison say the JSON's verdict:
 * the suite's failures and errors, the row's word and the notes cell */
static void every_format_says(const struct outcome *o, const char *word, int failures, int errors)
{
	char *xml = read_report(o, "c.xml"), *md = read_report(o, "c.md"), want[64], path[128];

	ck_assert_ptr_nonnull(xml);
	ck_assert_ptr_nonnull(md);
	snprintf(want, sizeof(want), "failures=\"%d\" errors=\"%d\"", failures, errors);
	ck_assert_msg(strstr(xml, want) != NULL, "no %s in\n%s", want, xml);
	snprintf(want, sizeof(want), "<property name=\"verdict\" value=\"%s\"/>", word);
	ck_assert_msg(strstr(xml, want) != NULL, "no %s in\n%s", want, xml);
	snprintf(want, sizeof(want), " %s | ", word);
	ck_assert_msg(strstr(md, want) != NULL, "no %s in\n%s", want, md);
	ck_assert_ptr_nonnull(strstr(md, "drift vs ref: "));
	snprintf(path, sizeof(path), "%s/c.xml", o->dir);
	if (junit_validate(path) >= 0) /* -1: no xmllint or no XSD here */
		ck_assert_msg(junit_validate(path) == 1, "c.xml does not validate:\n%s", xml);
	free(xml);
	free(md);
}

static const char *verdict(const cJSON *j)
{
	return cJSON_GetStringValue(cJSON_GetObjectItem(j, "verdict"));
}

/* compare_with, its exit code and verdict held to code and word; the
 * JSON report read back (caller deletes) */
static cJSON *compare_expect(struct outcome *o, const char *twin, const char *const *extra,
			     int code, const char *word)
{
	cJSON *j = compare_with(o, twin, NULL, extra);

	ck_assert_msg(o->code == code, "exit %d\n%s%s", o->code, o->out, o->err);
	ck_assert_str_eq(verdict(j), word);
	return j;
}

static double at(const cJSON *j, const char *a, const char *b, int i)
{
	const cJSON *v =
		b ? cJSON_GetObjectItem(cJSON_GetObjectItem(j, a), b) : cJSON_GetObjectItem(j, a);

	return cJSON_GetNumberValue(i < 0 ? v : cJSON_GetArrayItem(v, i));
}

/* the same weights served twice: same, exit 0, KL 0 and top-1 100% on
 * every position, the floor too */
START_TEST(an_identical_twin_is_the_same)
{
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-twin", NULL, NULL);
	const cJSON *drift;

	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(j);
	ck_assert_str_eq(verdict(j), "same");
	ck_assert_ptr_nonnull(strstr(o.out, "COMPARE: SAME"));
	every_format_says(&o, "SAME", 0, 0);
	drift = cJSON_GetObjectItem(j, "drift");
	ck_assert_double_eq(at(drift, "kl", "interval", 1), 0);
	ck_assert_double_eq(at(drift, "top1", "estimate", -1), 1);
	ck_assert_double_eq(at(j, "floor", "diverged", -1), 0);
	/* every prompt of the built-in corpus, every token of each */
	ck_assert_double_eq(at(j, "settings", "prompts_asked", -1),
			    cJSON_GetArraySize(cJSON_GetObjectItem(j, "prompts")));
	ck_assert_double_eq(at(j, "drift", "positions", -1),
			    32 * at(j, "settings", "prompts_asked", -1));
	ck_assert_str_eq(cJSON_GetStringValue(
				 cJSON_GetObjectItem(cJSON_GetObjectItem(j, "candidate"), "model")),
			 "twin-model");
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* noise of 1.5 on every logit, every prompt asked (--no-early-stop):
 * drifted, exit 1, the bootstrap's reason naming both
 * metrics wholly on the wrong side */
START_TEST(a_noisy_twin_drifted)
{
	static const char *const full[] = { "--no-early-stop", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-noisy", NULL, full);
	const char *why;

	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "drifted");
	why = cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason"));
	ck_assert_ptr_nonnull(why);
	ck_assert_ptr_nonnull(strstr(why, "KL at least"));
	ck_assert_ptr_nonnull(strstr(why, "top-1 agreement at most"));
	ck_assert_ptr_nonnull(strstr(o.out, "COMPARE: DRIFTED"));
	every_format_says(&o, "DRIFTED", 2, 0);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* the prompts of the built-in corpus, in order (the fake's prompt is the
 * last message's text) */
static cJSON *corpus(void)
{
	char path[4096], *text, *line, *save = NULL;
	cJSON *all = cJSON_CreateArray();

	snprintf(path, sizeof(path), "%s/probes/compare/prompts.jsonl", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		cJSON_AddItemToArray(all, cJSON_Parse(line));
	free(text);
	return all;
}

/* One prompt's truth as compare measures it with 32 tokens: along the
 * reference's greedy path (the candidate given the reference's text after
 * each divergence: teacher-forced) until the divergence after `realigns`
 * (--realign 4, continuing greedily), or to the end (scoring the
 * reference's answer), from the fake's full distributions. Adds the true
 * KL over the reference's top 20 and the top-1 matches of each position to
 * *kl and *top1; returns the positions, their divergences in *divergences. */
static int prompt_truth(const char *text, double noise, int realigns, double *kl, double *top1,
			int *divergences)
{
	int ref[32], n, compared = 0;
	double lr[FAKE_VOCAB], lc[FAKE_VOCAB];

	*divergences = 0;
	for (n = 0; n < 32 && *divergences <= realigns; n++) {
		fake_logits(text, ref, (size_t)n, 0, lr);
		fake_logits(text, ref, (size_t)n, noise, lc);
		ref[n] = fake_logits_argmax(lr);
		*kl += fake_logits_true_kl(lr, lc, 20);
		*top1 += ref[n] == fake_logits_argmax(lc);
		*divergences += ref[n] != fake_logits_argmax(lc);
		compared++;
	}
	return compared;
}

/* The twin playing scenario (logit noise `noise`), against the
 * reference: on every prompt the reported KL interval holds the true KL
 * over the positions compared, which are the reference's greedy path, the
 * candidate given the reference's text after each divergence (teacher
 * forcing) until its fifth (--realign 4, continuing greedily: `greedy`) or
 * to the end (the fake, a vLLM, scores the reference's answer); over the
 * corpus the true KL and top-1 agreement lie within the reported
 * confidence intervals. */
static void holds_the_truth(const char *scenario, double noise, int want_exit, bool greedy)
{
	static const char *const scored[] = { "--compare-tokens", "32", "--realign", "4",
					      "--no-early-stop",  NULL };
	static const char *const continued[] = {
		"--compare-tokens",	"32", "--realign", "4", "--no-early-stop",
		"--no-teacher-forcing", NULL
	};
	struct outcome o;
	cJSON *j = compare_with(&o, scenario, NULL, greedy ? continued : scored),
	      *prompts = corpus();
	const cJSON *p, *drift = cJSON_GetObjectItem(j, "drift");
	double kl_sum = 0, top1_sum = 0, positions = 0;
	int i = 0;

	ck_assert_msg(o.code == want_exit, "exit %d\n%s%s", o.code, o.out, o.err);
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(j, "prompts"))
	{
		const char *text = cJSON_GetStringValue(
			cJSON_GetObjectItem(cJSON_GetArrayItem(prompts, i++), "prompt"));
		int compared, divergences;
		double truth = 0, agree = 0;

		ck_assert_ptr_nonnull(text);
		compared = prompt_truth(text, noise, greedy ? 4 : 32, &truth, &agree, &divergences);
		top1_sum += agree;
		kl_sum += truth;
		positions += compared;
		ck_assert_int_eq((int)at(p, "positions", NULL, -1), compared);
		ck_assert_int_eq((int)at(p, "divergences", NULL, -1), divergences);
		ck_assert_int_eq(cJSON_IsNull(cJSON_GetObjectItem(p, "first_divergence")),
				 divergences == 0);
		truth /= compared;
		ck_assert_msg(at(p, "kl", NULL, 0) <= truth + 1e-9 &&
				      truth <= at(p, "kl", NULL, 1) + 1e-9,
			      "%s: true KL %g outside [%g, %g]",
			      cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")), truth,
			      at(p, "kl", NULL, 0), at(p, "kl", NULL, 1));
	}
	ck_assert_double_eq(positions, at(j, "drift", "positions", -1));
	ck_assert_msg(at(drift, "kl", "interval", 0) <= kl_sum / positions &&
			      kl_sum / positions <= at(drift, "kl", "interval", 1),
		      "true KL %g outside the interval [%g, %g]", kl_sum / positions,
		      at(drift, "kl", "interval", 0), at(drift, "kl", "interval", 1));
	ck_assert_msg(at(drift, "top1", "interval", 0) <= top1_sum / positions &&
			      top1_sum / positions <= at(drift, "top1", "interval", 1),
		      "true top-1 %g outside the interval", top1_sum / positions);
	ck_assert_double_eq_tol(at(drift, "top1", "estimate", -1), top1_sum / positions, 1e-9);
	cJSON_Delete(prompts);
	cJSON_Delete(j);
	outcome_release(&o);
}

START_TEST(the_measured_drift_holds_the_truth)
{
	holds_the_truth("logits-slight", 0.02, 0, false);
	holds_the_truth("logits-noisy", 1.5, 1, false);
	holds_the_truth("logits-slight", 0.02, 0, true);
	holds_the_truth("logits-noisy", 1.5, 1, true);
}
END_TEST

/* The noisy twin is decided by the sequential bets within a quarter of
 * the corpus; the intervals are then the confidence sequence's over
 * per-prompt means, and hold the true ones (teacher-forced, as above). The
 * identical twin is never stopped early, and --max-requests caps. */
START_TEST(a_clear_case_stops_early)
{
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-noisy", NULL, NULL), *prompts = corpus();
	const cJSON *seq = cJSON_GetObjectItem(j, "sequential"),
		    *drift = cJSON_GetObjectItem(j, "drift");
	int asked = (int)at(j, "settings", "prompts_asked", -1),
	    total = cJSON_GetArraySize(prompts), i;
	double kl = 0, top1 = 0;

	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "drifted");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(seq, "stopped_early")));
	ck_assert_msg(4 * asked <= total, "asked %d of %d", asked, total);
	ck_assert_int_eq((int)at(j, "sequential", "prompts_not_asked", -1), total - asked);
	ck_assert_double_eq(at(j, "drift", "confidence", -1), 0.99);
	ck_assert_ptr_nonnull(strstr(o.out, "stopped early"));
	for (i = 0; i < asked; i++) { /* the prompt-weighted truth */
		const char *text = cJSON_GetStringValue(
			cJSON_GetObjectItem(cJSON_GetArrayItem(prompts, i), "prompt"));
		int divergences, compared;
		double k = 0, t = 0;

		compared = prompt_truth(text, 1.5, 32, &k, &t, &divergences);
		kl += k / compared / asked;
		top1 += t / compared / asked;
	}
	ck_assert_msg(at(drift, "kl", "interval", 0) <= kl && kl <= at(drift, "kl", "interval", 1),
		      "true KL %g outside [%g, %g]", kl, at(drift, "kl", "interval", 0),
		      at(drift, "kl", "interval", 1));
	ck_assert_msg(at(drift, "top1", "interval", 0) <= top1 &&
			      top1 <= at(drift, "top1", "interval", 1),
		      "true top-1 %g outside [%g, %g]", top1, at(drift, "top1", "interval", 0),
		      at(drift, "top1", "interval", 1));
	cJSON_Delete(j);
	outcome_release(&o);
	j = compare_with(&o, "logits-twin", NULL, NULL);
	ck_assert_int_eq(o.code, 0);
	ck_assert(cJSON_IsFalse(
		cJSON_GetObjectItem(cJSON_GetObjectItem(j, "sequential"), "stopped_early")));
	ck_assert_int_eq((int)at(j, "settings", "prompts_asked", -1), total);
	cJSON_Delete(j);
	outcome_release(&o);
	{
		static const char *const cap[] = { "--max-requests", "30", NULL };

		j = compare_with(&o, "logits-twin", NULL, cap);
		ck_assert(cJSON_IsTrue(
			cJSON_GetObjectItem(cJSON_GetObjectItem(j, "sequential"), "capped")));
		ck_assert_int_le((int)at(j, "sequential", "requests", -1), 30);
		ck_assert_int_eq((int)at(j, "settings", "prompts_asked", -1), 8);
		cJSON_Delete(j);
		outcome_release(&o);
	}
	cJSON_Delete(prompts);
}
END_TEST

/* A comparison capped after 8 prompts, then resumed from its report: the
 * second run asks only the 16 left (the candidate's fake counts them) and
 * ends with the figures of a run that asked all 24; a report of another
 * comparison is refused before any request (exit 2). */
START_TEST(a_comparison_resumes_from_its_report)
{
	struct fake ref, cand;
	struct outcome o;
	const char *first[] = { "compare",   "--reference",    NULL, "--endpoint", NULL, "--json",
				"part.json", "--max-requests", "40", NULL };
	const char *again[] = { "compare",   "--reference", NULL,	  "--endpoint",
				NULL,	     "--json",	    "whole.json", "--resume",
				"part.json", NULL,	    NULL,	  NULL };
	const char *full[] = { "compare", "--reference", NULL,	      "--endpoint",
			       NULL,	  "--json",	 "full.json", NULL };
	cJSON *part, *whole, *all;
	long before, after, total, most;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-slight");
	first[2] = again[2] = full[2] = ref.url;
	first[4] = again[4] = full[4] = cand.url;
	outcome_mkdir(&o);
	run_preflight_in(&o, NULL, first);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	part = read_json_report(&o, "part.json");
	ck_assert_int_eq((int)at(part, "settings", "prompts_asked", -1), 8);
	fake_stats(&cand, &before, &most);
	run_preflight_in(&o, NULL, again);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	fake_stats(&cand, &after, &most);
	whole = read_json_report(&o, "whole.json");
	ck_assert_int_eq((int)at(whole, "settings", "resumed", -1), 8);
	ck_assert_int_eq((int)at(whole, "settings", "prompts_asked", -1), 24);
	ck_assert_ptr_nonnull(strstr(o.out, "resumed: 8 prompts"));
	run_preflight_in(&o, NULL, full);
	fake_stats(&cand, &total, &most);
	/* the part and the rest asked the candidate exactly what one whole
	 * run asks: no prompt twice */
	ck_assert_int_ge(after - before, 16);
	ck_assert_int_eq(after, total - after);
	all = read_json_report(&o, "full.json");
	ck_assert_double_eq_tol(at(cJSON_GetObjectItem(whole, "drift"), "kl", "interval", 1),
				at(cJSON_GetObjectItem(all, "drift"), "kl", "interval", 1), 1e-12);
	ck_assert_double_eq_tol(at(cJSON_GetObjectItem(whole, "drift"), "top1", "estimate", -1),
				at(cJSON_GetObjectItem(all, "drift"), "top1", "estimate", -1),
				1e-12);
	ck_assert_double_eq(at(whole, "drift", "positions", -1), at(all, "drift", "positions", -1));
	/* another comparison's report */
	again[9] = "--compare-tokens";
	again[10] = "16";
	fake_stats(&cand, &before, &most);
	run_preflight_in(&o, NULL, again);
	fake_stats(&cand, &after, &most);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "is another comparison: its settings.tokens is 32"));
	ck_assert_int_eq(after, before);
	fake_stop(&ref);
	fake_stop(&cand);
	cJSON_Delete(part);
	cJSON_Delete(whole);
	cJSON_Delete(all);
	outcome_release(&o);
}
END_TEST

/* The dataset resumes too: a comparison capped after the dataset's first
 * chunk (16 of 26 requests), resumed from its report, asks the candidate
 * only the 10 left (its prompts all resumed) and ends with the behaviour
 * of a run that asked all 26; the console and the JSON say how many came
 * from the report. */
START_TEST(a_dataset_resumes_from_its_report)
{
	struct fake ref, cand;
	struct outcome o;
	const char *first[] = { "compare",   "--reference",    NULL,	  "--endpoint",
				NULL,	     "--dataset",      "builtin", "--json",
				"part.json", "--max-requests", "120",	  NULL };
	const char *again[] = { "compare",    "--reference", NULL,	  "--endpoint",
				NULL,	      "--dataset",   "builtin",	  "--json",
				"whole.json", "--resume",    "part.json", NULL };
	const char *full[] = { "compare",   "--reference", NULL,     "--endpoint", NULL,
			       "--dataset", "builtin",	   "--json", "full.json",  NULL };
	cJSON *part, *whole, *all;
	long before, after, most;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-twin");
	first[2] = again[2] = full[2] = ref.url;
	first[4] = again[4] = full[4] = cand.url;
	outcome_mkdir(&o);
	run_preflight_in(&o, NULL, first);
	part = read_json_report(&o, "part.json");
	ck_assert_msg(part, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_int_eq((int)at(part, "behaviour", "asked", -1), 16);
	fake_stats(&cand, &before, &most);
	run_preflight_in(&o, NULL, again);
	fake_stats(&cand, &after, &most);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_int_eq(after - before, 10);
	whole = read_json_report(&o, "whole.json");
	ck_assert_int_eq((int)at(whole, "behaviour", "resumed", -1), 16);
	ck_assert_int_eq((int)at(whole, "behaviour", "asked", -1), 26);
	ck_assert_ptr_nonnull(strstr(o.out, "the first 16 requests' answers from --resume"));
	run_preflight_in(&o, NULL, full);
	all = read_json_report(&o, "full.json");
	ck_assert(all);
	ck_assert_msg(
		cJSON_Compare(cJSON_GetObjectItem(cJSON_GetObjectItem(whole, "behaviour"), "drift"),
			      cJSON_GetObjectItem(cJSON_GetObjectItem(all, "behaviour"), "drift"),
			      true),
		"the resumed behaviour differs from the whole run's");
	ck_assert(cJSON_Compare(
		cJSON_GetObjectItem(cJSON_GetObjectItem(whole, "behaviour"), "items"),
		cJSON_GetObjectItem(cJSON_GetObjectItem(all, "behaviour"), "items"), true));
	fake_stop(&ref);
	fake_stop(&cand);
	cJSON_Delete(part);
	cJSON_Delete(whole);
	cJSON_Delete(all);
	outcome_release(&o);
}
END_TEST

/* diff gates a comparison against a baseline comparison: the light twin
 * then the noisy one regresses (exit 1: the verdict, the KL, top-1), the
 * other way round does not; a comparison beside another kind of report
 * is a usage error */
START_TEST(diff_gates_a_comparison)
{
	static const char *const full[] = { "--no-early-stop", NULL };
	struct outcome light, noisy, o;
	cJSON *a = compare_with(&light, "logits-slight", NULL, full);
	cJSON *b = compare_with(&noisy, "logits-noisy", NULL, full);
	char base[128], now[128], other[128], *md;
	const char *worse[] = { "diff", base, now, "--markdown", "d.md", NULL };
	const char *better[] = { "diff", now, base, NULL };
	const char *mixed[] = { "diff", base, "run.json", NULL };

	snprintf(base, sizeof(base), "%s/c.json", light.dir);
	snprintf(now, sizeof(now), "%s/c.json", noisy.dir);
	outcome_mkdir(&o);
	run_preflight_in(&o, NULL, worse);
	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	md = read_report(&o, "d.md");
	ck_assert_ptr_nonnull(md);
	ck_assert_ptr_nonnull(strstr(md, "| verdict | same | drifted | ❌ worse |"));
	ck_assert_ptr_nonnull(strstr(md, "REGRESSION"));
	free(md);
	run_preflight_in(&o, NULL, better);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "no regression"));
	snprintf(other, sizeof(other), "%s/run.json", o.dir);
	ck_assert(write_text_file(other, "{\"schema\": \"preflight-report/v1\"}"));
	run_preflight_in(&o, NULL, mixed);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "are not both comparisons") != NULL, "%s", o.err);
	cJSON_Delete(a);
	cJSON_Delete(b);
	outcome_release(&light);
	outcome_release(&noisy);
	outcome_release(&o);
}
END_TEST

/* without re-alignment a prompt is compared to its first divergence */
START_TEST(without_realignment_a_prompt_ends_at_its_divergence)
{
	static const char *const extra[] = { "--realign", "0", "--no-early-stop", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-noisy", NULL, extra);
	const cJSON *p;

	ck_assert_int_eq(o.code, 1);
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(j, "prompts"))
	{
		ck_assert_int_eq((int)at(p, "segments", NULL, -1), 1);
		ck_assert_int_eq((int)at(p, "positions", NULL, -1),
				 (int)at(p, "first_divergence", "position", -1) + 1);
	}
	ck_assert_double_eq(at(j, "realignments", "answered", -1), 0);
	ck_assert_double_eq(at(j, "realignments", "scored", -1), 0);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* Where both sides score a given text (the fake is a vLLM: prompt_logprobs;
 * or an SGLang: prompt_token_ids, then /generate), a diverged pair is
 * re-aligned in one request a side (two on SGLang) and compared to its end;
 * a side that refuses (a 400 from vLLM V1 with prefix caching; an SGLang
 * that returns no ids) costs one trial pair and the rest continue
 * greedily, the JSON and the console saying why; a llama.cpp is never
 * asked. --realign 0 re-aligns nothing. */
START_TEST(teacher_forcing_scores_in_one_request_a_side)
{
	static const char *const all[] = { "--no-early-stop", NULL };
	static const char *const greedy[] = { "--no-early-stop", "--no-teacher-forcing", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-noisy", NULL, all), *g;
	const cJSON *re = cJSON_GetObjectItem(j, "realignments");
	double continued, vllm_kl;

	ck_assert_int_eq(o.code, 1);
	ck_assert_double_eq(at(re, "scored", NULL, -1), 24); /* every prompt diverged */
	ck_assert_double_eq(at(re, "answered", NULL, -1), 0);
	ck_assert_double_eq(at(j, "drift", "positions", -1), 24 * 32);
	ck_assert_double_eq(at(j, "sequential", "requests", -1), 3 * 24 + 2 * 24);
	ck_assert_ptr_nonnull(strstr(o.out, "teacher-forced: 24 diverged pairs"));
	ck_assert(cJSON_IsTrue(
		cJSON_GetObjectItem(cJSON_GetObjectItem(j, "settings"), "teacher_forcing")));
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(j, "candidate"), "scoring")),
			 "prompt_logprobs");
	vllm_kl = at(cJSON_GetObjectItem(j, "drift"), "kl", "estimate", 0);
	cJSON_Delete(j);
	outcome_release(&o);

	g = compare_with(&o, "logits-noisy", NULL, greedy);
	ck_assert_double_eq(at(g, "realignments", "scored", -1), 0);
	ck_assert(at(g, "realignments", "answered", -1) > 0);
	continued = at(g, "sequential", "requests", -1);
	ck_assert(continued > 3 * 24 + 2 * 24);
	ck_assert(at(g, "drift", "positions", -1) < 24 * 32);
	ck_assert_ptr_null(strstr(o.out, "teacher-forced"));
	cJSON_Delete(g);
	outcome_release(&o);

	j = compare_with(&o, "logits-noisy-unscored", NULL, all);
	re = cJSON_GetObjectItem(j, "realignments");
	ck_assert_double_eq(at(re, "scored", NULL, -1), 0);
	ck_assert_ptr_nonnull(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(
					     cJSON_GetObjectItem(re, "not_scored"), "candidate")),
				     "Prefix caching with prompt logprobs"));
	ck_assert_ptr_null(cJSON_GetObjectItem(cJSON_GetObjectItem(re, "not_scored"), "reference"));
	ck_assert_double_eq(at(j, "sequential", "requests", -1), continued + 2);
	ck_assert_ptr_nonnull(strstr(o.out, "not teacher-forced: the candidate"));
	cJSON_Delete(j);
	outcome_release(&o);

	/* SGLang: the chat's prompt_token_ids, then /generate's input logprobs:
	 * the same positions and figures, a request more a pair */
	j = compare_with(&o, "logits-sglang-noisy", NULL, all);
	re = cJSON_GetObjectItem(j, "realignments");
	ck_assert_double_eq(at(re, "scored", NULL, -1), 24);
	ck_assert_double_eq(at(j, "drift", "positions", -1), 24 * 32);
	ck_assert_double_eq(at(j, "sequential", "requests", -1), 3 * 24 + 24 + 2 * 24);
	ck_assert_double_eq(at(cJSON_GetObjectItem(j, "drift"), "kl", "estimate", 0), vllm_kl);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(j, "candidate"), "scoring")),
			 "input_logprobs");
	cJSON_Delete(j);
	outcome_release(&o);

	/* an SGLang without return_prompt_token_ids: one ids request, then
	 * continued (the reference's scoring was never sent) */
	j = compare_with(&o, "logits-sglang-unscored", NULL, all);
	ck_assert_double_eq(at(j, "realignments", "scored", -1), 0);
	ck_assert_ptr_nonnull(strstr(
		cJSON_GetStringValue(cJSON_GetObjectItem(
			cJSON_GetObjectItem(cJSON_GetObjectItem(j, "realignments"), "not_scored"),
			"candidate")),
		"no prompt_token_ids"));
	ck_assert_double_eq(at(j, "sequential", "requests", -1), continued + 1);
	cJSON_Delete(j);
	outcome_release(&o);

	j = compare_with(&o, "logits-llamacpp", NULL, all);
	ck_assert_double_eq(at(j, "realignments", "scored", -1), 0);
	ck_assert_ptr_null(
		cJSON_GetObjectItem(cJSON_GetObjectItem(j, "realignments"), "not_scored"));
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* a threshold inside the light twin's interval cannot be decided: the
 * gate fails closed (exit 1) unless --allow-inconclusive */
START_TEST(an_undecided_gate_fails_closed)
{
	static const char *const strict[] = { "--max-kl", "0.003", NULL };
	static const char *const allowed[] = { "--max-kl", "0.003", "--allow-inconclusive", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-slight", NULL, strict);

	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "inconclusive");
	every_format_says(&o, "INCONCLUSIVE", 1, 0);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(j, "thresholds"), "max_kl_from")),
			 "given");
	ck_assert_ptr_nonnull(strstr(o.out, "COMPARE: INCONCLUSIVE"));
	cJSON_Delete(j);
	outcome_release(&o);
	j = compare_expect(&o, "logits-slight", allowed, 0, "inconclusive");
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* TGI's 5 alternatives against 20: compared over the fewer, and said */
START_TEST(five_alternatives_are_compared_over_five)
{
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-top5", NULL, NULL);

	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_double_eq(at(j, "candidate", "alternatives", -1), 5);
	ck_assert_double_eq(at(j, "reference", "alternatives", -1), 20);
	ck_assert_ptr_nonnull(strstr(o.out, "candidate 5 of 20 asked"));
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* an engine without logprobs cannot be compared: exit 3, and why */
START_TEST(no_logprobs_cannot_be_compared)
{
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-none", NULL, NULL);

	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "unusable");
	ck_assert_ptr_nonnull(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason")),
				     "does not report them"));
	every_format_says(&o, "UNUSABLE", 0, 2);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* a candidate that renders the prompts into other token counts (another
 * chat template or tokenizer) is refused after the first prompts, not
 * read as drift: exit 3, no early "drifted", nothing more asked */
START_TEST(another_template_is_not_compared)
{
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-other-template", NULL, NULL);

	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "unusable");
	ck_assert_ptr_nonnull(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason")),
				     "render the prompts differently"));
	ck_assert_int_eq((int)at(j, "settings", "prompts_asked", -1), 4);
	ck_assert_ptr_null(strstr(o.out, "stopped early"));
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* --record keeps both sides' exchanges in one recording, with the
 * prompts and the dataset whole and neither key; `preflight replay` of it,
 * with both endpoints gone, is the same comparison: the same report
 * member by member, the same exit. --record with --resume is refused. */
START_TEST(a_comparison_recorded_and_replayed)
{
	static const char *const env[] = { "OPENAI_API_KEY=sk-candidate-LEAKME-1",
					   "REF_KEY=sk-reference-LEAKME-2", NULL };
	struct fake ref, cand;
	struct outcome o;
	const char *argv[] = { "compare",    "--reference", NULL,
			       "--endpoint", NULL,	    "--reference-api-key-env",
			       "REF_KEY",    "--dataset",   "builtin",
			       "--record",   "r.jsonl.gz",  "--json",
			       "c.json",     NULL };
	const char *replay[] = { "replay", "r.jsonl.gz", "--json", "again.json", NULL };
	const char *both[] = { "compare",
			       "--reference",
			       "http://127.0.0.1:9/v1",
			       "--endpoint",
			       "http://127.0.0.1:9/v1",
			       "--record",
			       "r2.jsonl.gz",
			       "--resume",
			       "c.json",
			       NULL };
	char cmd[512];
	cJSON *live, *again;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-slight");
	argv[2] = ref.url;
	argv[4] = cand.url;
	outcome_mkdir(&o);
	run_preflight_in(&o, env, argv);
	fake_stop(&ref);
	fake_stop(&cand);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	snprintf(cmd, sizeof(cmd),
		 "cd '%s' && zcat r.jsonl.gz > r.jsonl && ! grep -q LEAKME r.jsonl && "
		 "head -1 r.jsonl | grep -q '\"command\":\"compare\"' && "
		 "head -1 r.jsonl | grep -q '\"dataset\":{\"path\":\"builtin\"'",
		 o.dir);
	ck_assert_msg(system(cmd) == 0, "the recording: %s", cmd);
	run_preflight_in(&o, NULL, replay);
	ck_assert_msg(o.code == 0, "replay exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "COMPARE: SAME"));
	live = read_json_report(&o, "c.json");
	again = read_json_report(&o, "again.json");
	ck_assert(live && again);
	ck_assert_msg(cJSON_Compare(live, again, true), "the replay's report differs");
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(again, "behaviour"));
	ck_assert(!cJSON_IsNull(cJSON_GetObjectItem(again, "behaviour")));
	cJSON_Delete(live);
	cJSON_Delete(again);
	run_preflight_in(&o, NULL, both);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "--record and --resume"));
	outcome_release(&o);
}
END_TEST

/* a side that reports its logprobs after sampling (the greedy token
 * alone, with all the probability) against one that reports them before
 * is refused, not read as drift: exit 3 naming the side and the engines'
 * switches, after the first chunk; llama.cpp's own form of it too */
START_TEST(logprobs_of_another_kind_are_not_compared)
{
	static const char *const post[] = { "--extra-body", "{\"post_sampling_probs\": true}",
					    "--reference-extra-body", "{}", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-sampled", NULL, NULL);
	const char *why;

	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "unusable");
	why = cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason"));
	ck_assert_msg(why && strstr(why, "the candidate reports its logprobs after sampling") &&
			      strstr(why, "post_sampling_probs") && strstr(why, "same kind"),
		      "%s", why ? why : "(no reason)");
	ck_assert_ptr_null(strstr(o.out, "stopped early"));
	cJSON_Delete(j);
	outcome_release(&o);
	/* llama.cpp asked post_sampling_probs names its figures "prob" and
	 * "top_probs": read, and refused as after sampling; asked nothing, the
	 * same engine is compared */
	j = compare_with(&o, "logits-llamacpp", NULL, post);
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	why = cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason"));
	ck_assert_msg(why && strstr(why, "the candidate reports its logprobs after sampling"), "%s",
		      why ? why : "(no reason)");
	cJSON_Delete(j);
	outcome_release(&o);
	j = compare_expect(&o, "logits-llamacpp", NULL, 0, "same");
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* the reference's own switches: --reference-thinking-mode disabled
 * reaches every request of the reference and none of the candidate's,
 * and the report names each side's */
START_TEST(each_side_has_its_own_thinking)
{
	struct fake ref, cand;
	struct outcome o;
	const char *argv[] = { "compare",    "--reference", NULL,
			       "--endpoint", NULL,	    "--reference-thinking-mode",
			       "disabled",   "--json",	    "c.json",
			       NULL };
	long requests, most, off;
	cJSON *j;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-twin");
	argv[2] = ref.url;
	argv[4] = cand.url;
	run_preflight(&o, NULL, argv);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	fake_stats_thinking(&ref, &requests, &most, &off);
	ck_assert_int_gt(requests, 0);
	ck_assert_int_eq(off, requests);
	fake_stats_thinking(&cand, &requests, &most, &off);
	ck_assert_int_gt(requests, 0);
	ck_assert_int_eq(off, 0);
	fake_stop(&ref);
	fake_stop(&cand);
	j = read_json_report(&o, "c.json");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(j, "reference"), "thinking")),
			 "disabled");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(j, "candidate"), "thinking")),
			 "default");
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* a reference that is gone: exit 3 before any prompt is sent */
START_TEST(a_dead_reference_is_unusable)
{
	struct fake gone, cand;
	struct outcome o;
	const char *argv[] = { "compare", "--reference", NULL, "--endpoint",
			       NULL,	  "--timeout",	 "5",  NULL };
	long requests, most;

	fake_start(&gone, "logits-reference");
	fake_stop(&gone);
	fake_start(&cand, "logits-twin");
	argv[2] = gone.url;
	argv[4] = cand.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&cand, &requests, &most);
	fake_stop(&cand);
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "the reference"));
	ck_assert_int_eq(requests, 0);
	outcome_release(&o);
}
END_TEST

/* the reference's key, echoed back by a proxy, is never shown or written */
START_TEST(the_reference_key_is_never_shown)
{
	static const char key[] = "sk-reference-only-key-8731";
	const char *env[] = { "REF_KEY=sk-reference-only-key-8731", NULL };
	struct fake ref, cand;
	struct outcome o;
	const char *argv[] = { "compare",    "--reference", NULL,
			       "--endpoint", NULL,	    "--reference-api-key-env",
			       "REF_KEY",    "--json",	    "c.json",
			       NULL };
	char *json;

	fake_start(&ref, "auth-echo");
	fake_start(&cand, "logits-twin");
	argv[2] = ref.url;
	argv[4] = cand.url;
	run_preflight(&o, env, argv);
	fake_stop(&ref);
	fake_stop(&cand);
	json = read_report(&o, "c.json");
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(json);
	ck_assert_ptr_null(strstr(o.out, key));
	ck_assert_ptr_null(strstr(o.err, key));
	ck_assert_ptr_null(strstr(json, key));
	/* the echo came back, and was scrubbed */
	ck_assert_msg(strstr(o.out, "[REDACTED]") || strstr(json, "[REDACTED]"), "no echo:\n%s\n%s",
		      o.out, json);
	free(json);
	outcome_release(&o);
}
END_TEST

/* a bad --prompts file is a usage error naming its line; nothing is sent */
START_TEST(a_bad_prompts_file_names_its_line)
{
	struct outcome o;
	const char *argv[] = { "compare",
			       "--reference",
			       "http://127.0.0.1:1/v1",
			       "--endpoint",
			       "http://127.0.0.1:1/v1",
			       "--prompts",
			       "p.jsonl",
			       NULL };
	char path[128];

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/p.jsonl", o.dir);
	ck_assert(write_text_file(path, "{\"prompt\": \"hello\"}\n\n{\"id\": 3}\n"));
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "p.jsonl:3: ") != NULL, "%s", o.err);
	outcome_release(&o);
}
END_TEST

/* the built-in dataset beside the prompts: every request asked of both
 * sides, the floor and the light twin calling the same tools with valid
 * arguments (F1 1, its limit the default's), three metrics in every
 * format, the notebook cell naming the tool F1 */
START_TEST(a_dataset_is_compared_too)
{
	static const char *const dataset[] = { "--dataset", "builtin", NULL };
	struct outcome o;
	cJSON *j = compare_with(&o, "logits-slight", NULL, dataset);
	const cJSON *b = cJSON_GetObjectItem(j, "behaviour");
	const cJSON *drift = cJSON_GetObjectItem(b, "drift");
	char *xml, *md;

	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "same");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "dataset")), "built-in");
	ck_assert_double_eq(at(b, "asked", NULL, -1), at(b, "requests", NULL, -1));
	ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(b, "items")),
			 (int)at(b, "requests", NULL, -1));
	ck_assert_double_eq(at(drift, "trigger", "f1", -1), 1);
	ck_assert_double_eq(at(cJSON_GetObjectItem(b, "floor"), "trigger", "f1", -1), 1);
	ck_assert(at(drift, "trigger", "both", -1) >= 10);   /* the dataset calls tools */
	ck_assert(at(drift, "trigger", "neither", -1) >= 8); /* and answers without */
	ck_assert_double_eq(at(drift, "arguments", "valid", -1),
			    at(drift, "arguments", "calls", -1));
	ck_assert_double_eq(at(drift, "structured", "valid", -1), 3);
	ck_assert_double_eq(at(j, "thresholds", "min_tool_agreement", -1), 0.9);
	ck_assert_ptr_nonnull(strstr(o.out, "tool calls F1 1.00"));
	every_format_says(&o, "SAME", 0, 0);
	xml = read_report(&o, "c.xml");
	md = read_report(&o, "c.md");
	ck_assert_ptr_nonnull(strstr(xml, "tests=\"3\""));
	ck_assert_ptr_nonnull(strstr(xml, "tools: tool-call F1 over the limit"));
	ck_assert_ptr_nonnull(strstr(md, "tool F1 1.00 (same)"));
	free(xml);
	free(md);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* the built-in dataset's text */
static char *builtin_dataset(void)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/probes/compare/behaviour.jsonl", repo_root());
	return read_text_file(path);
}

/* the true tool-call F1 of a twin flipping the share flip of decisions,
 * on a dataset's text: from the fake's model itself, request by request */
static double true_tool_f1_of(const char *dataset, double flip)
{
	char *text = strdup(dataset), *line, *save = NULL, err[256];
	size_t tp = 0, fp = 0, fn = 0;

	ck_assert_ptr_nonnull(text);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cJSON *req = behave_request(line, strlen(line), err, sizeof(err));
		struct fake_decision a, b;

		ck_assert_msg(req != NULL, "%s", err);
		fake_tools_decide(req, 0, &a);
		fake_tools_decide(req, flip, &b);
		tp += a.name && b.name;
		fp += !a.name && b.name;
		fn += a.name && !b.name;
		fake_decision_release(&a);
		fake_decision_release(&b);
		cJSON_Delete(req);
	}
	free(text);
	return 2.0 * (double)tp / (double)(2 * tp + fp + fn);
}

/* the same on the built-in dataset */
static double true_tool_f1(double flip)
{
	char *text = builtin_dataset();
	double f1;

	ck_assert_ptr_nonnull(text);
	f1 = true_tool_f1_of(text, flip);
	free(text);
	return f1;
}

/* A larger dataset: the built-in one copies times over, each copy's last
 * message marked "(case k)" so that the fake's twin flips where it
 * would on new requests. Caller frees. */
static char *copies_of_builtin(int copies)
{
	char *text = builtin_dataset(), *line, *save = NULL;
	struct buf out = BUF_INIT(0);
	int k;

	ck_assert_ptr_nonnull(text);
	for (k = 0; k < copies; k++) {
		char *t = strdup(text);

		ck_assert_ptr_nonnull(t);
		for (line = strtok_r(t, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			cJSON *req = cJSON_Parse(line);
			cJSON *msgs = cJSON_GetObjectItem(req, "messages");
			cJSON *last = cJSON_GetArrayItem(msgs, cJSON_GetArraySize(msgs) - 1);
			char marked[2048], *one;

			ck_assert_ptr_nonnull(last);
			snprintf(marked, sizeof(marked), "%s (case %d)",
				 cJSON_GetStringValue(cJSON_GetObjectItem(last, "content")), k);
			cJSON_ReplaceItemInObject(last, "content", cJSON_CreateString(marked));
			one = cJSON_PrintUnformatted(req);
			buf_printf(&out, "%s\n", one);
			free(one);
			cJSON_Delete(req);
		}
		free(t);
	}
	free(text);
	return buf_detach(&out);
}

/* a twin whose token distributions stay within the limits but whose tool
 * decisions flip on half the messages: drifted by the tool-call F1 alone,
 * exit 1, one failed testcase of three */
START_TEST(tool_calls_that_flip_drifted)
{
	static const char *const dataset[] = { "--dataset", "builtin", "--html", "c.html", NULL };
	struct outcome o, again;
	cJSON *j = compare_with(&o, "logits-tools-flip", NULL, dataset);
	const char *why = cJSON_GetStringValue(cJSON_GetObjectItem(j, "reason"));
	const cJSON *drift = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "behaviour"), "drift");
	const char *report[] = { "report", NULL, "--html", "again.html", NULL };
	char path[256], *page, *redrawn;
	double truth;

	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_str_eq(verdict(j), "drifted");
	ck_assert_ptr_nonnull(why);
	ck_assert_msg(strstr(why, "tool-call F1 at most") && !strstr(why, "KL"), "%s", why);
	truth = true_tool_f1(0.5); /* the scenario's tool_flip */
	ck_assert_double_eq_tol(at(drift, "trigger", "f1", -1), truth, 1e-12);
	ck_assert(at(drift, "trigger", "interval", 0) <= truth &&
		  truth <= at(drift, "trigger", "interval", 1));
	ck_assert(truth < 0.9);
	ck_assert(at(drift, "trigger", "other_only", -1) +
			  at(drift, "trigger", "reference_only", -1) >=
		  5);
	ck_assert(at(drift, "exact", NULL, -1) < at(drift, "requests", NULL, -1));
	every_format_says(&o, "DRIFTED", 1, 0);
	/* the page: the verdict, where the answers part, the confusion table,
	 * the requests chosen differently; `report` draws the same page from
	 * the JSON */
	page = read_report(&o, "c.html");
	ck_assert_ptr_nonnull(page);
	ck_assert_ptr_nonnull(strstr(page, "COMPARE: DRIFTED"));
	ck_assert_ptr_nonnull(strstr(page, "<h3>Where the answers part</h3>"));
	ck_assert_ptr_nonnull(strstr(page, "The candidate against the reference"));
	ck_assert_ptr_nonnull(strstr(page, "<h3>Requests where the two sides chose differently"));
	ck_assert_ptr_nonnull(strstr(page, "<td class=\"v fail\">drifted</td>"));
	snprintf(path, sizeof(path), "%s/c.json", o.dir);
	report[1] = path;
	run_preflight(&again, NULL, report);
	ck_assert_msg(again.code == 0, "exit %d\n%s", again.code, again.err);
	redrawn = read_report(&again, "again.html");
	ck_assert_ptr_nonnull(redrawn);
	ck_assert_str_eq(page, redrawn);
	free(page);
	free(redrawn);
	outcome_release(&again);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* The dataset's own bets: the flipping twin over ten times the built-in
 * dataset (260 requests) is decided after a quarter of it or less, its
 * F1 interval (the confidence sequences') holding the true F1 of the
 * whole; --no-early-stop asks every request and finds the same verdict. */
START_TEST(the_dataset_stops_early)
{
	struct outcome o;
	char path[4096], *text = copies_of_builtin(10);
	const char *early[] = { "compare",   "--reference", NULL,     "--endpoint", NULL,
				"--dataset", path,	    "--json", "e.json",	    NULL };
	const char *full[] = { "compare", "--reference",     NULL, "--endpoint",
			       NULL,	  "--dataset",	     path, "--json",
			       "f.json",  "--no-early-stop", NULL };
	struct fake ref, cand;
	cJSON *e, *f;
	const cJSON *drift;
	double truth = true_tool_f1_of(text, 0.5);

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/d.jsonl", o.dir);
	ck_assert(write_text_file(path, text));
	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-tools-flip");
	early[2] = full[2] = ref.url;
	early[4] = full[4] = cand.url;
	run_preflight_in(&o, NULL, early);
	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	e = read_json_report(&o, "e.json");
	ck_assert(e);
	assert_schema_valid(e, "the comparison");
	ck_assert_str_eq(verdict(e), "drifted");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(e, "sequential"),
						   "dataset_stopped_early")));
	ck_assert_int_eq((int)at(e, "behaviour", "requests", -1), 260);
	ck_assert_msg(at(e, "behaviour", "asked", -1) <= 260 / 4, "asked %g",
		      at(e, "behaviour", "asked", -1));
	drift = cJSON_GetObjectItem(cJSON_GetObjectItem(e, "behaviour"), "drift");
	ck_assert_msg(at(drift, "trigger", "interval", 0) <= truth &&
			      truth <= at(drift, "trigger", "interval", 1),
		      "true F1 %.3f outside %.3f-%.3f", truth, at(drift, "trigger", "interval", 0),
		      at(drift, "trigger", "interval", 1));
	ck_assert(at(drift, "trigger", "interval", 1) < 0.9);
	ck_assert_ptr_nonnull(
		strstr(cJSON_GetStringValue(cJSON_GetObjectItem(e, "reason")), "stopped after"));
	ck_assert_ptr_nonnull(strstr(o.out, "dataset requests asked"));
	run_preflight_in(&o, NULL, full);
	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	f = read_json_report(&o, "f.json");
	ck_assert(f);
	ck_assert_str_eq(verdict(f), "drifted");
	ck_assert_int_eq((int)at(f, "behaviour", "asked", -1), 260);
	ck_assert(at(e, "sequential", "requests", -1) < at(f, "sequential", "requests", -1) / 2);
	fake_stop(&ref);
	fake_stop(&cand);
	cJSON_Delete(e);
	cJSON_Delete(f);
	free(text);
	outcome_release(&o);
}
END_TEST

/* a dataset line that is no request names its file and line, exit 2,
 * before any request */
START_TEST(a_bad_dataset_names_its_line)
{
	struct outcome o;
	const char *argv[] = { "compare",
			       "--reference",
			       "http://127.0.0.1:1/v1",
			       "--endpoint",
			       "http://127.0.0.1:1/v1",
			       "--dataset",
			       "d.jsonl",
			       NULL };
	char path[128];

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/d.jsonl", o.dir);
	ck_assert(write_text_file(path, "{\"messages\": [{\"role\": \"user\", \"content\": "
					"\"hi\"}]}\n{\"messages\": [{\"content\": \"x\"}]}\n"));
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "d.jsonl:2: message 0 has no role") != NULL, "%s", o.err);
	outcome_release(&o);
}
END_TEST

/* `report` on a comparison: its page only (--svg alone is exit 2), and a
 * comparison past the prompts one holds is refused with the reason */
START_TEST(report_reads_a_comparison_within_bounds)
{
	const char *svg[] = { "report", "small.json", "--svg", "m.svg", NULL };
	const char *html[] = { "report", "big.json", "--html", "p.html", NULL };
	struct outcome o;
	struct buf b = BUF_INIT(0);
	char path[256];
	int i;

	outcome_mkdir(&o);
	buf_puts(&b, "{\"schema\": \"preflight-comparison/v1\", \"verdict\": \"same\", "
		     "\"prompts\": [");
	for (i = 0; i <= 10000; i++)
		buf_puts(&b, i ? ",{}" : "{}");
	buf_puts(&b, "]}");
	snprintf(path, sizeof(path), "%s/big.json", o.dir);
	ck_assert(write_text_file(path, buf_cstr(&b)));
	buf_release(&b);
	run_preflight_in(&o, NULL, html);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "more than 10000 prompts") != NULL, "%s", o.err);
	snprintf(path, sizeof(path), "%s/small.json", o.dir);
	ck_assert(write_text_file(path, "{\"schema\": \"preflight-comparison/v1\", "
					"\"prompts\": []}"));
	run_preflight_in(&o, NULL, svg);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "is a comparison") != NULL, "%s", o.err);
	outcome_release(&o);
}
END_TEST

/* a thinking model: the reference and a light twin both give their first
 * 12 tokens as reasoning. The reasoning is compared apart (its own
 * figures, every prompt's tokens counted) and the verdict reads the
 * answers; with only 12 tokens asked no answer is reached: unusable (exit
 * 3), saying how to compare them */
START_TEST(reasoning_is_compared_apart)
{
	const char *argv[] = { "compare", "--reference", NULL, "--endpoint", NULL,
			       "--json",  "c.json",	 NULL, NULL,	     NULL };
	struct fake ref, cand;
	struct outcome o;
	const cJSON *p;
	cJSON *j;

	fake_start(&ref, "logits-thinking");
	fake_start(&cand, "logits-thinking-slight");
	argv[2] = ref.url;
	argv[4] = cand.url;
	run_preflight(&o, NULL, argv);
	j = read_json_report(&o, "c.json");
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	assert_schema_valid(j, "the comparison");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(j, "reasoning")), "separate");
	ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "reasoning_drift")));
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(j, "prompts")) ck_assert_double_eq(
		at(cJSON_GetObjectItem(p, "reasoning"), "tokens", NULL, -1), 12);
	/* the answers' positions only: 32 asked, 12 of them reasoning */
	ck_assert(at(j, "drift", "positions", -1) <= 20 * at(j, "drift", "prompts", -1));
	ck_assert_ptr_nonnull(strstr(o.out, "reasoning, apart"));
	cJSON_Delete(j);
	outcome_release(&o);
	argv[7] = "--compare-tokens";
	argv[8] = "12";
	run_preflight(&o, NULL, argv);
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(
		strstr(o.out, "raise --compare-tokens, or compare with --no-thinking"));
	outcome_release(&o);
	fake_stop(&ref);
	fake_stop(&cand);
}
END_TEST

/* a cap below the first prompts' requests is a usage error, before any
 * request (the endpoints here answer nothing) */
START_TEST(a_cap_below_one_chunk_is_a_usage_error)
{
	struct outcome o;
	const char *argv[] = { "compare",
			       "--reference",
			       "http://127.0.0.1:1/v1",
			       "--endpoint",
			       "http://127.0.0.1:1/v1",
			       "--max-requests",
			       "11",
			       NULL };

	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "fewer than the first prompts' requests (12") != NULL, "%s",
		      o.err);
	outcome_release(&o);
}
END_TEST

/* Ctrl-C while the candidate holds the first prompts: exit 130 at once,
 * and every report written, valid, saying so */
START_TEST(an_interrupted_comparison_says_so)
{
	struct fake ref, cand;
	struct outcome o;
	const char *argv[] = { "compare", "--reference", NULL,	    "--endpoint", NULL,
			       "--json",  "c.json",	 "--junit", "c.xml",	  NULL };
	char path[128];
	cJSON *j;
	pid_t pid;
	int k;

	fake_start(&ref, "logits-reference");
	fake_start(&cand, "logits-held");
	argv[2] = ref.url;
	argv[4] = cand.url;
	pid = start_program(&o, NULL, "preflight", argv);
	/* a poll of a condition, bounded, not a timing guess */
	for (k = 0; k < 3000 && fake_stat(&cand, "held_in_flight") < 4; k++)
		usleep(10 * 1000);
	ck_assert_int_ge(fake_stat(&cand, "held_in_flight"), 4);
	kill(pid, SIGINT);
	outcome_wait(&o, pid);
	fake_stop(&ref);
	fake_stop(&cand);
	ck_assert_msg(o.code == 130, "exit %d\n%s\n%s", o.code, o.out, o.err);
	j = read_json_report(&o, "c.json");
	ck_assert_str_eq(verdict(j), "interrupted");
	ck_assert_ptr_nonnull(strstr(o.out, "COMPARE: INTERRUPTED"));
	snprintf(path, sizeof(path), "%s/c.xml", o.dir);
	ck_assert_int_ne(junit_validate(path), 0);
	cJSON_Delete(j);
	outcome_release(&o);
}
END_TEST

/* compare without a reference is a usage error */
START_TEST(a_comparison_needs_a_reference)
{
	struct outcome o;
	const char *argv[] = { "compare", "--endpoint", "http://127.0.0.1:1/v1", NULL };

	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "--reference"));
	outcome_release(&o);
}
END_TEST

Suite *compare_suite(void)
{
	Suite *s = suite_create("compare");
	TCase *tc = tcase_create("compare");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, an_identical_twin_is_the_same);
	tcase_add_test(tc, a_noisy_twin_drifted);
	tcase_add_test(tc, the_measured_drift_holds_the_truth);
	tcase_add_test(tc, without_realignment_a_prompt_ends_at_its_divergence);
	tcase_add_test(tc, teacher_forcing_scores_in_one_request_a_side);
	tcase_add_test(tc, a_clear_case_stops_early);
	tcase_add_test(tc, a_comparison_resumes_from_its_report);
	tcase_add_test(tc, a_dataset_resumes_from_its_report);
	tcase_add_test(tc, diff_gates_a_comparison);
	tcase_add_test(tc, an_undecided_gate_fails_closed);
	tcase_add_test(tc, five_alternatives_are_compared_over_five);
	tcase_add_test(tc, no_logprobs_cannot_be_compared);
	tcase_add_test(tc, another_template_is_not_compared);
	tcase_add_test(tc, logprobs_of_another_kind_are_not_compared);
	tcase_add_test(tc, a_comparison_recorded_and_replayed);
	tcase_add_test(tc, each_side_has_its_own_thinking);
	tcase_add_test(tc, a_dead_reference_is_unusable);
	tcase_add_test(tc, the_reference_key_is_never_shown);
	tcase_add_test(tc, a_bad_prompts_file_names_its_line);
	tcase_add_test(tc, a_dataset_is_compared_too);
	tcase_add_test(tc, tool_calls_that_flip_drifted);
	tcase_add_test(tc, the_dataset_stops_early);
	tcase_add_test(tc, a_bad_dataset_names_its_line);
	tcase_add_test(tc, report_reads_a_comparison_within_bounds);
	tcase_add_test(tc, reasoning_is_compared_apart);
	tcase_add_test(tc, a_comparison_needs_a_reference);
	tcase_add_test(tc, a_cap_below_one_chunk_is_a_usage_error);
	tcase_add_test(tc, an_interrupted_comparison_says_so);
	suite_add_tcase(s, tc);
	return s;
}
