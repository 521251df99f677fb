/* SPDX-License-Identifier: Apache-2.0 */
/* verdict — aggregation of observations; see verdict.h. */
#include "verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

#define NEEDLE_TOLERANCE 0.03 /* the haystack may miss its size by this much */
#define EVIDENCE_CHARS	 400  /* a check's message */

/* the most frequent cause among pr's failed answers; CAUSE_NONE if none */
static enum cause main_cause(const struct probe_result *pr, size_t counts[CAUSE_COUNT],
			     int *graded_fail)
{
	size_t i, best = 0;

	*graded_fail = 0;
	for (i = 0; i < pr->n_obs; i++) {
		const struct observation *o = &pr->obs[i];

		if (o->pass || o->cause == CAUSE_NONE)
			continue;
		counts[o->cause]++;
		*graded_fail += !cause_is_exchange_error(o->cause);
	}
	for (i = 1; i < CAUSE_COUNT; i++)
		if (counts[i] > counts[best])
			best = i;
	/* corruption only under load explains the failed answers it caused */
	if (counts[CAUSE_CONCURRENCY_CORRUPTION])
		best = CAUSE_CONCURRENCY_CORRUPTION;
	return (enum cause)best;
}

static const char *detail_of(const struct observation *o)
{
	return o && o->detail ? o->detail : "";
}

void verdict_conclude(struct probe_result *pr)
{
	size_t counts[CAUSE_COUNT] = { 0 }, i;
	const struct observation *example = NULL, *bad = NULL;
	int graded_fail;

	for (i = 0; i < pr->n_obs; i++) {
		pr->recalled += pr->obs[i].recalled;
		pr->asked += pr->obs[i].asked;
	}
	if (!pr->n_obs) {
		/* nothing was observed (memory ran out before a request): no pass */
		pr->verdict = VERDICT_ERROR;
		pr->cause = CAUSE_TRANSPORT_ERROR;
		pr->message = xstrdup("no request could be made: out of memory");
		return;
	}
	pr->cause = main_cause(pr, counts, &graded_fail);
	if (pr->cause == CAUSE_NONE) {
		pr->verdict = VERDICT_PASS;
		return;
	}
	pr->verdict = graded_fail ? VERDICT_FAIL : VERDICT_ERROR;
	for (i = 0; i < pr->n_obs; i++) {
		const struct observation *o = &pr->obs[i];

		if (!example && !o->pass && o->cause == pr->cause)
			example = o;
		if (!bad && !o->pass && o->graded)
			bad = o;
	}
	if (example)
		pr->context = example->context;
	if (pr->cause == CAUSE_CONCURRENCY_CORRUPTION)
		pr->message = buf_strdupf("%s; under load: %s", detail_of(example), detail_of(bad));
	else if (pr->total > 1)
		pr->message = buf_strdupf("%d/%d passed; %s in %zu of %d: %s", pr->passed,
					  pr->total, cause_code(pr->cause), counts[pr->cause],
					  pr->total, detail_of(example));
	else
		pr->message = buf_strdupf("%s", detail_of(example));
}

void verdict_check(const struct conform_spec *c, struct probe_result *pr, enum conform_status st,
		   const char *evidence)
{
	pr->conform = st;
	pr->message = text_excerpt(evidence, strlen(evidence), EVIDENCE_CHARS, true);
	pr->verdict = st == CONFORM_SKIPPED  ? VERDICT_SKIPPED
		      : conform_fails(c, st) ? VERDICT_FAIL
					     : VERDICT_PASS;
	pr->passed = st == CONFORM_HONOURED;
}

void verdict_stream_medians(struct probe_result *pr)
{
	const struct speed **all = xcalloc(pr->n_obs + 1, sizeof(*all));
	size_t i, n = 0;

	pr->streamed = true;
	for (i = 0; all && i < pr->n_obs; i++)
		if (pr->obs[i].streamed)
			all[n++] = &pr->obs[i].stream.speed;
	speed_median(all, n, &pr->speed);
	free(all);
}

/* st's observations join pr's, labelled "stream:..." */
static void take_observations(struct probe_result *pr, struct probe_result *st)
{
	struct observation *obs = xrealloc(pr->obs, (pr->n_obs + st->n_obs + 1) * sizeof(*obs));
	size_t i;

	if (!obs)
		return;
	pr->obs = obs;
	for (i = 0; i < st->n_obs; i++) {
		struct observation *o = &pr->obs[pr->n_obs++];
		char label[sizeof(o->label)];

		*o = st->obs[i];
		snprintf(label, sizeof(label), "stream:%s", st->obs[i].label);
		memcpy(o->label, label, sizeof(label));
	}
	st->n_obs = 0;
}

static const char *paren(enum cause c, int part)
{
	return c == CAUSE_NONE ? "" : part == 0 ? " (" : part == 1 ? cause_code(c) : ")";
}

void verdict_merge_parity(struct probe_result *pr, struct probe_result *st)
{
	bool differ = pr->verdict != st->verdict || pr->cause != st->cause;

	take_observations(pr, st);
	pr->streamed = st->streamed;
	pr->speed = st->speed;
	if (differ) {
		char *msg = buf_strdupf(
			"verdicts differ: non-streamed %s%s%s%s, streamed %s%s%s%s: %s",
			verdict_name(pr->verdict), paren(pr->cause, 0), paren(pr->cause, 1),
			paren(pr->cause, 2), verdict_name(st->verdict), paren(st->cause, 0),
			paren(st->cause, 1), paren(st->cause, 2),
			st->message   ? st->message
			: pr->message ? pr->message
				      : "");

		free(pr->message);
		pr->message = msg;
		pr->verdict = VERDICT_FAIL;
		pr->cause = CAUSE_STREAM_PARITY;
	}
	pr->total += st->total;
	pr->passed += st->passed;
	pr->seconds += st->seconds; /* the probe took both halves */
}

void verdict_check_prompt_size(struct probe_result *pr)
{
	long got = pr->needle_measured, want = pr->needle_target;
	long floor_tokens = pr->probe->needle ? pr->probe->needle->min_prompt_tokens : 0;
	struct observation *o;

	if (got <= 0)
		return;
	if (got < floor_tokens && (o = probe_result_add_obs(pr, "prompt-size"))) {
		o->cause = CAUSE_CONTEXT_OVERFLOW;
		o->detail = buf_strdupf(
			"the endpoint counted %ld prompt tokens; this probe needs at least %ld",
			got, floor_tokens);
	}
	if (fabs((double)got - (double)want) > NEEDLE_TOLERANCE * (double)want &&
	    (o = probe_result_add_obs(pr, "prompt-size"))) {
		o->cause = got < want ? CAUSE_CONTEXT_OVERFLOW : CAUSE_WRONG_ANSWER;
		o->detail = buf_strdupf(
			"the endpoint counted %ld prompt tokens for a %ld-token prompt (%+.1f%%)%s",
			got, want, 100.0 * ((double)got / (double)want - 1.0),
			got < want ? ": it truncated the prompt"
				   : ": the haystack could not be sized");
	}
}

void verdict_not_run(struct probe_result *pr, const struct plan_item *it, enum verdict v,
		     enum cause cause, const char *detail)
{
	pr->verdict = v;
	pr->cause = cause;
	pr->total = it->answers;
	free(pr->message);
	pr->message = xstrdup(detail);
	pr->needle_target = it->needle_target;
	pr->needle_measured = pr->needle_fillers = -1;
}
