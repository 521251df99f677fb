/* SPDX-License-Identifier: Apache-2.0 */
/* cmd_compare — compare: the same prompts to the reference twice and to
 * the candidate once, greedy, with each token's top alternatives; the
 * reference against itself is the noise floor, the reference against the
 * candidate the drift (drift.h); the dataset's behaviour (behave.h); the
 * sequential bets, the verdict, the JSON report, the console, --resume,
 * diff, the exit code. The prompts are read by compare_corpus.c, asked by
 * compare_ask.c and re-aligned by compare_realign.c (compare.h). See
 * commands.h.
 *
 * Prompts go in chunks of COMPARE_CHUNK: the bodies of one chunk are all
 * that is held at once, so memory follows the chunk, not the corpus. The
 * two sides are asked at the same time, each at --concurrency. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "behave.h"
#include "buf.h"
#include "chat.h"
#include "commands.h"
#include "compare.h"
#include "comparison.h"
#include "drift.h"
#include "endpoint.h"
#include "file.h"
#include "jsonfile.h"
#include "http.h"
#include "recording.h"
#include "say.h"
#include "text.h"
#include "version.h"

#define COMPARE_RESAMPLES 2000 /* bootstrap resamples */
#define COMPARE_ALPHA	  0.05 /* both metrics together */
#define COMPARE_SEED	  20261203UL
/* logprobs of another kind: a side whose lists give one token all the
 * probability at this share of its positions or more, the other at this
 * share or less, both with this many positions listed */
#define COMPARE_KIND_AFTER     0.9
#define COMPARE_KIND_BEFORE    0.5
#define COMPARE_KIND_POSITIONS 16
/* the early stop's bets on "drifted" (top-1 disagreement above its limit,
 * the KL's low end above its limit), both together; a comparison that runs
 * to its end is judged by the bootstrap, so a false "drifted" has at most
 * SEQ_ALPHA + COMPARE_ALPHA */
#define SEQ_ALPHA 0.01
/* the default thresholds: never tighter than the reference's own noise
 * (the floor's bound times FLOOR_MARGIN, its top-1 bound less
 * FLOOR_TOP1_SLACK), never looser than these */
#define DEFAULT_MAX_KL	 0.01
#define DEFAULT_MIN_TOP1 0.95
#define FLOOR_MARGIN	 2.0
#define FLOOR_TOP1_SLACK 0.02
/* --dataset: the tool-call F1 limit by default (never tighter than the
 * floor's lower bound less FLOOR_TOOL_SLACK), and the answer budget of a
 * request that names none */
#define DEFAULT_MIN_TOOL  0.90
#define FLOOR_TOOL_SLACK  0.05
#define BEHAVE_MAX_TOKENS 1024

/* --- behaviour (--dataset) ---------------------------------------------------------- */

/* the body for dataset request p on side s: the request as it is, greedy,
 * the run's model, thinking and extra settings, its own max_tokens or
 * BEHAVE_MAX_TOKENS. Caller frees; NULL with err. */
static char *behave_body(const struct comparison *x, const struct side *s, const struct prompt *p,
			 char *err, size_t errlen)
{
	const cJSON *own = cJSON_GetObjectItemCaseSensitive(p->request, "max_tokens");

	return compare_body_greedy(x, s, cJSON_Duplicate(p->request, 1),
				   cJSON_IsNumber(own) && own->valuedouble >= 1
					   ? (long)own->valuedouble
					   : BEHAVE_MAX_TOKENS,
				   err, errlen);
}

/* one answer read into a, its failure counted against its side */
static void behave_take(struct comparison *x, const struct prompt *p, const struct http_exchange *e,
			bool reference, size_t *errors, struct behave_answer *a)
{
	char why[512];

	memset(a, 0, sizeof(*a));
	if (!compare_exchange_failed(e, why, sizeof(why)))
		(void)behave_read(p->request, e->response.data, e->response.len, a, why,
				  sizeof(why));
	if (!*why)
		return;
	if (!(*errors)++ && !*x->beh_error) {
		char *clean = text_excerpt(why, strlen(why), 300, true);

		snprintf(x->beh_error, sizeof(x->beh_error), "%s, %s: %s",
			 reference ? "reference" : "candidate", p->id, clean ? clean : "");
		free(clean);
	}
}

/* Asks dataset requests [from, to) of both sides, the reference twice.
 * Returns 0, or -1 when the requests could not be set up (x->why). */
static int behave_chunk(struct comparison *x, size_t from, size_t to)
{
	size_t n = to - from, i;
	struct round r;
	char ref_url[4096], cand_url[4096], err[512];
	struct batch rb, cb;
	int rc = -1;

	if (compare_round_init(&r, n)) {
		snprintf(x->why, sizeof(x->why), "out of memory");
		goto out;
	}
	rb = (struct batch){ &x->ref, r.rx, 2 * n, 0 };
	cb = (struct batch){ &x->cand, r.cx, n, 0 };
	snprintf(ref_url, sizeof(ref_url), "%s/chat/completions", x->ref.ep.base);
	snprintf(cand_url, sizeof(cand_url), "%s/chat/completions", x->cand.ep.base);
	for (i = 0; i < n; i++) {
		const struct prompt *p = &x->dataset.p[from + i];

		if (!(r.bodies[2 * i] = behave_body(x, &x->ref, p, err, sizeof(err))) ||
		    !(r.bodies[2 * i + 1] = behave_body(x, &x->cand, p, err, sizeof(err)))) {
			snprintf(x->why, sizeof(x->why), "%s: %s", p->id, err);
			goto out;
		}
		r.rx[2 * i] = (struct http_exchange){ .url = ref_url, .body = r.bodies[2 * i] };
		r.rx[2 * i + 1] = r.rx[2 * i];
		r.cx[i] = (struct http_exchange){ .url = cand_url, .body = r.bodies[2 * i + 1] };
	}
	x->requests += 3 * n;
	if (compare_perform_both(&rb, &cb)) {
		snprintf(x->why, sizeof(x->why), "the requests could not be set up: %s",
			 rb.rc ? r.rx[0].error : r.cx[0].error);
		goto out;
	}
	for (i = 0; i < n; i++) {
		const struct prompt *p = &x->dataset.p[from + i];
		struct behave_answer *a = &x->beh[3 * (from + i)];

		behave_take(x, p, &r.rx[2 * i], true, &x->beh_ref_errors, &a[0]);
		behave_take(x, p, &r.rx[2 * i + 1], true, &x->beh_ref_errors, &a[1]);
		behave_take(x, p, &r.cx[i], false, &x->beh_cand_errors, &a[2]);
	}
	rc = 0;
out:
	compare_round_release(&r);
	return rc;
}

/* prompts asked at once: COMPARE_CHUNK, or --concurrency (at least 4)
 * while the early stop looks */
static size_t chunk_of(const struct config *c)
{
	if (c->no_early_stop)
		return COMPARE_CHUNK;
	return (size_t)c->concurrency < 4 ? 4 : (size_t)c->concurrency;
}

static void behave_judge(struct comparison *x);
static void floor_so_far(struct comparison *x);

/* the dataset's answers of one side so far (0 the reference, 1 its second
 * pass, 2 the candidate), in request order: a new array of x->beh_asked
 * (one more, never NULL-sized), or NULL out of memory. Caller frees. */
static struct behave_answer *beh_side(const struct comparison *x, int side)
{
	struct behave_answer *a = xcalloc(x->beh_asked + 1, sizeof(*a));
	size_t i;

	for (i = 0; a && i < x->beh_asked; i++)
		a[i] = x->beh[3 * i + (size_t)side];
	return a;
}

/* A look at the dataset's bets after a chunk: true when the candidate's
 * tool-call F1 is below its limit beyond doubt (its recall or precision
 * below the limit's share, at SEQ_ALPHA/2 each), the limit from the floor
 * of the requests so far as the verdict's is. */
static bool behave_look(struct comparison *x)
{
	struct behave_answer *ref = beh_side(x, 0), *cand = beh_side(x, 2);
	bool decided = false;

	behave_judge(x);
	floor_so_far(x);
	x->looks++;
	if (ref && cand)
		decided =
			!behave_seq(ref, cand, x->beh_asked, x->min_tool, SEQ_ALPHA, &x->beh_seq) &&
			fmax(x->beh_seq.log_miss, x->beh_seq.log_extra) >= log(2 / SEQ_ALPHA);
	free(ref);
	free(cand);
	return decided;
}

/* The dataset, a chunk at a time, after the prompts: not when they could
 * not be compared or already drifted beyond doubt (x->beh_skipped says);
 * with the early stop on, its own bets are looked at after 4, 8, 16...
 * requests and stop the asking once they decide. */
static int behave_round(struct comparison *x)
{
	size_t i, n = x->dataset.n, chunk = COMPARE_CHUNK, next_look = 0;

	if (!n)
		return 0;
	if (x->early) {
		x->beh_skipped = "the prompts had already shown drift beyond doubt";
		return 0;
	}
	if (!(x->beh = xcalloc(3 * n, sizeof(*x->beh)))) {
		snprintf(x->why, sizeof(x->why), "out of memory");
		return -1;
	}
	if (x->beh_resumed) /* --resume's first requests: not asked again */
		memcpy(x->beh, x->beh_prior, 3 * x->beh_resumed * sizeof(*x->beh));
	x->beh_asked = x->beh_resumed;
	if (!x->c->no_early_stop)
		chunk = next_look = chunk_of(x->c);
	for (i = x->beh_resumed; i < n && !*x->stop; i += chunk) {
		size_t to = i + chunk < n ? i + chunk : n;

		if (compare_over_cap(x, 3 * (to - i))) {
			x->capped = true;
			break;
		}
		if (behave_chunk(x, i, to))
			return -1;
		x->beh_asked = to;
		if (next_look && to >= next_look && to < n) {
			next_look *= 2;
			if ((x->beh_early = behave_look(x)))
				break;
		}
	}
	return 0;
}

/* --- the verdict ------------------------------------------------------------------- */

/* the metrics tested: the tool-call F1 too with a dataset where a side
 * called a tool (in the report's order, comparison.h's) */
enum metric {
	METRIC_KL = COMPARISON_KL,
	METRIC_TOP1 = COMPARISON_TOP1,
	METRIC_TOOL = COMPARISON_TOOLS,
	METRIC_N = COMPARISON_METRICS,
};

static bool tool_tested(const struct comparison *x)
{
	return x->has_behave && x->behave.f1_defined;
}

/* the tool-call F1 against its limit (drifted when the dataset's bets
 * decided so) */
static enum drift_verdict tool_verdict(const struct comparison *x)
{
	if (x->beh_early)
		return DRIFT_DRIFTED;
	if (x->behave.f1_ci.low > x->min_tool)
		return DRIFT_SAME;
	return x->behave.f1_ci.high < x->min_tool ? DRIFT_DRIFTED : DRIFT_INCONCLUSIVE;
}

/* A metric's verdict against its threshold, and its one line: what the
 * interval shows against the threshold. */
static enum drift_verdict metric_of(const struct comparison *x, enum metric m, char *line, size_t n)
{
	const struct drift_summary *d = &x->drift;
	enum drift_verdict v = m == METRIC_KL	  ? drift_kl_verdict(d, x->max_kl)
			       : m == METRIC_TOP1 ? drift_top1_verdict(d, x->min_top1)
						  : tool_verdict(x);
	static const char *const kl_word[] = { "up to", "at least", "up to" };
	static const char *const top1_word[] = { "at least", "at most", "down to" };

	if (m == METRIC_TOOL)
		snprintf(line, n, "tool-call F1 %s %.2f against at least %.2f", top1_word[v],
			 v == DRIFT_DRIFTED ? x->behave.f1_ci.high : x->behave.f1_ci.low,
			 x->min_tool);
	else if (m == METRIC_KL)
		snprintf(line, n, "KL %s %.3g nats against a limit of %.3g", kl_word[v],
			 v == DRIFT_DRIFTED ? d->kl_ci.low : d->kl_ci.high, x->max_kl);
	else
		snprintf(line, n, "top-1 agreement %s %.1f%% against at least %.1f%%", top1_word[v],
			 100 * (v == DRIFT_DRIFTED ? d->top1_ci.high : d->top1_ci.low),
			 100 * x->min_top1);
	return v;
}

/* what decided the verdict, in x->why: the metrics on the wrong side, or
 * (inconclusive) those whose intervals straddle their thresholds */
static void say_why(struct comparison *x)
{
	struct buf b = BUF_INIT(0);
	int m;

	for (m = 0; m < METRIC_N; m++) {
		char line[256];

		if (m == METRIC_TOOL && !tool_tested(x))
			continue;
		if (metric_of(x, (enum metric)m, line, sizeof(line)) == x->verdict)
			buf_printf(&b, "%s%s", b.len ? "; " : "", line);
	}
	snprintf(x->why, sizeof(x->why), "%s", buf_cstr(&b));
	buf_release(&b);
}

/* The per-prompt values the sequential bets read, the prompts compared so
 * far in corpus order, each on [0, 1]: top-1 disagreement, the KL's low and
 * (when hi is not NULL) high end over its cap. Returns how many. */
static size_t seq_values(const struct comparison *x, double *dis, double *lo, double *hi)
{
	size_t i, n = 0;

	for (i = 0; i < x->asked; i++)
		if (x->cmp[i].done) {
			dis[n] = 1 - x->cmp[i].drift.top1;
			lo[n] = fmin(1, x->cmp[i].drift.kl_low / DRIFT_KL_CAP);
			if (hi)
				hi[n] = fmin(1, x->cmp[i].drift.kl_high / DRIFT_KL_CAP);
			n++;
		}
	return n;
}

/* An early stop: the intervals become the confidence sequence's (a
 * bootstrap is not valid after a stop the data chose), and the reason
 * says which bet decided. */
static void say_early(struct comparison *x)
{
	double *dis = xcalloc(x->asked + 1, sizeof(double));
	double *lo = xcalloc(x->asked + 1, sizeof(double)),
	       *hi = xcalloc(x->asked + 1, sizeof(double));
	struct drift_interval d, l, h;
	size_t n = dis && lo && hi ? seq_values(x, dis, lo, hi) : 0;

	d = drift_seq_interval(dis, n, SEQ_ALPHA);
	l = drift_seq_interval(lo, n, SEQ_ALPHA);
	h = drift_seq_interval(hi, n, SEQ_ALPHA);
	x->drift.confidence = 1 - SEQ_ALPHA;
	x->drift.top1_ci = (struct drift_interval){ 1 - d.high, 1 - d.low };
	x->drift.kl_ci = (struct drift_interval){ l.low * DRIFT_KL_CAP, h.high * DRIFT_KL_CAP };
	snprintf(x->why, sizeof(x->why),
		 "stopped after %zu of %zu prompts: %s beyond doubt (sequential, %.0f%%): top-1 "
		 "agreement %.1f-%.1f%% against at least %.1f%%, KL %.3g-%.3g nats against a limit "
		 "of %.3g",
		 x->asked, x->corpus.n,
		 x->seq_dis >= log(2 / SEQ_ALPHA) ? "top-1 disagreement" : "KL",
		 100 * (1 - SEQ_ALPHA), 100 * x->drift.top1_ci.low, 100 * x->drift.top1_ci.high,
		 100 * x->min_top1, x->drift.kl_ci.low, x->drift.kl_ci.high, x->max_kl);
	free(dis);
	free(lo);
	free(hi);
}

/* An early stop of the dataset: the F1's interval becomes the one its
 * recall's and precision's confidence sequences give, and the reason says
 * which bet decided (the prompts' metrics beside it, as judged). */
static void say_behave_early(struct comparison *x)
{
	struct buf b = BUF_INIT(0);
	int m;

	x->behave.f1_ci = x->beh_seq.f1;
	x->behave.confidence = 1 - 2 * SEQ_ALPHA;
	buf_printf(&b,
		   "stopped after %zu of %zu requests: the candidate's tool-call %s beyond doubt "
		   "(sequential, %.0f%%): tool-call F1 %.2f-%.2f against at least %.2f",
		   x->beh_asked, x->dataset.n,
		   x->beh_seq.log_miss >= x->beh_seq.log_extra ? "recall" : "precision",
		   100 * x->behave.confidence, x->behave.f1_ci.low, x->behave.f1_ci.high,
		   x->min_tool);
	for (m = METRIC_KL; m < METRIC_TOOL; m++) {
		char line[256];

		if (metric_of(x, (enum metric)m, line, sizeof(line)) == DRIFT_DRIFTED)
			buf_printf(&b, "; %s", line);
	}
	snprintf(x->why, sizeof(x->why), "%s", buf_cstr(&b));
	buf_release(&b);
}

/* the thresholds: given, else from the floor, else the defaults */
static void set_thresholds(struct comparison *x)
{
	x->max_kl = DEFAULT_MAX_KL;
	x->min_top1 = DEFAULT_MIN_TOP1;
	x->max_kl_from = x->min_top1_from = "default";
	if (x->has_floor && FLOOR_MARGIN * x->floor.kl_ci.high > DEFAULT_MAX_KL) {
		x->max_kl = FLOOR_MARGIN * x->floor.kl_ci.high;
		x->max_kl_from = "noise floor";
	}
	if (x->has_floor && x->floor.top1_ci.low - FLOOR_TOP1_SLACK < DEFAULT_MIN_TOP1) {
		x->min_top1 = fmax(0, x->floor.top1_ci.low - FLOOR_TOP1_SLACK);
		x->min_top1_from = "noise floor";
	}
	if (x->c->max_kl > 0) {
		x->max_kl = x->c->max_kl;
		x->max_kl_from = "given";
	}
	if (x->c->min_top1 > 0) {
		x->min_top1 = x->c->min_top1;
		x->min_top1_from = "given";
	}
	x->min_tool = DEFAULT_MIN_TOOL;
	x->min_tool_from = "default";
	if (x->has_behave && x->beh_floor.f1_defined &&
	    x->beh_floor.f1_ci.low - FLOOR_TOOL_SLACK < DEFAULT_MIN_TOOL) {
		x->min_tool = fmax(0, x->beh_floor.f1_ci.low - FLOOR_TOOL_SLACK);
		x->min_tool_from = "noise floor";
	}
	if (x->c->min_tool_agreement > 0) {
		x->min_tool = x->c->min_tool_agreement;
		x->min_tool_from = "given";
	}
}

/* the chance of a false verdict is shared by the metrics tested: two
 * with prompts alone, three with a dataset (Bonferroni) */
static double metric_alpha(const struct comparison *x)
{
	return x->dataset.n ? COMPARE_ALPHA / 3 : COMPARE_ALPHA / 2;
}

/* The summaries, the thresholds and the verdict; x->unusable when nothing
 * could be compared or the sides render prompts differently. */
/* which figures of a compared prompt a summary reads */
enum part { PART_DRIFT, PART_FLOOR, PART_REASONING };

/* m's figures of part p, NULL when it has none: the drift once both
 * comparisons were made, the floor when the reference's second answer was
 * compared too, the reasoning when it was told apart */
static const struct drift_prompt *part_of(const struct compared *m, enum part p)
{
	switch (p) {
	case PART_DRIFT:
		return m->done ? &m->drift : NULL;
	case PART_FLOOR:
		return m->done && m->floor.positions ? &m->floor : NULL;
	default:
		return m->reasoning_positions > 0 && m->reasoning.positions ? &m->reasoning : NULL;
	}
}

/* part p of every prompt asked so far, summarised into out (*summarised
 * says whether it was). Returns how many prompts had it, -1 when out of
 * memory. */
static long summarise_part(struct comparison *x, enum part p, struct drift_summary *out,
			   bool *summarised)
{
	struct drift_prompt *f = xcalloc(x->asked + 1, sizeof(*f));
	const struct drift_prompt *one;
	size_t i, n = 0;

	*summarised = false;
	if (!f)
		return -1;
	for (i = 0; i < x->asked; i++)
		if ((one = part_of(&x->cmp[i], p)))
			f[n++] = *one;
	*summarised = n && !drift_summarise(f, n, COMPARE_SEED, COMPARE_RESAMPLES,
					    2 * metric_alpha(x), out);
	free(f);
	return (long)n;
}

/* The floor of the prompts so far and the thresholds it gives. */
static void floor_so_far(struct comparison *x)
{
	summarise_part(x, PART_FLOOR, &x->floor, &x->has_floor);
	set_thresholds(x);
}

/* the share of the positions asked so far whose lists one side reported
 * after sampling, of n listed (the reference's when ref) */
static double sampled_share(const struct comparison *x, bool ref, size_t *n)
{
	size_t i, sampled = 0;

	*n = 0;
	for (i = 0; i < x->asked; i++) {
		*n += ref ? x->cmp[i].ref_listed : x->cmp[i].cand_listed;
		sampled += ref ? x->cmp[i].ref_sampled : x->cmp[i].cand_sampled;
	}
	return *n ? (double)sampled / (double)*n : 0;
}

/* True (x->unusable set) when one side reports its logprobs after
 * sampling and the other before: a distribution cut to the token chosen
 * is not drift. Told once both have COMPARE_KIND_POSITIONS listed, from
 * lists that put all the probability on one token at nearly every
 * position on one side and at few on the other. */
static bool kinds_differ(struct comparison *x)
{
	size_t nr, nc;
	double r = sampled_share(x, true, &nr), c = sampled_share(x, false, &nc);
	bool ref_after = r >= COMPARE_KIND_AFTER && c <= COMPARE_KIND_BEFORE;

	if (nr < COMPARE_KIND_POSITIONS || nc < COMPARE_KIND_POSITIONS ||
	    (!ref_after && !(c >= COMPARE_KIND_AFTER && r <= COMPARE_KIND_BEFORE)))
		return false;
	x->unusable = "not comparable";
	snprintf(x->why, sizeof(x->why),
		 "the %s reports its logprobs after sampling (%.0f%% of its %zu positions give "
		 "the chosen token all the probability: llama.cpp's post_sampling_probs, vLLM's "
		 "--logprobs-mode processed_logprobs), the %s before it (%.0f%% of %zu): a "
		 "comparison needs logprobs of the same kind",
		 ref_after ? "reference" : "candidate", 100 * (ref_after ? r : c),
		 ref_after ? nr : nc, ref_after ? "candidate" : "reference",
		 100 * (ref_after ? c : r), ref_after ? nc : nr);
	return true;
}

/* True (x->unusable set, once) when the two sides rendered a prompt
 * asked so far into different numbers of tokens: another chat template or
 * tokenizer is not drift, and nothing after it is compared; or when they
 * report logprobs of different kinds. */
static bool not_comparable(struct comparison *x)
{
	size_t i;

	for (i = 0; i < x->asked && !x->unusable; i++) {
		const struct compared *m = &x->cmp[i];

		if (m->done && m->ref_tokens >= 0 && m->cand_tokens >= 0 &&
		    m->ref_tokens != m->cand_tokens) {
			x->unusable = "not comparable";
			snprintf(x->why, sizeof(x->why),
				 "the two sides render the prompts differently ('%s': %ld prompt "
				 "tokens on the reference, %ld on the candidate): a comparison "
				 "needs the same chat template and tokenizer",
				 x->corpus.p[i].id, m->ref_tokens, m->cand_tokens);
		}
	}
	return x->unusable != NULL || kinds_differ(x);
}

/* the dataset's answers summarised: the candidate against the reference,
 * the reference's second pass against its first (the floor) */
static void behave_judge(struct comparison *x)
{
	size_t n = x->beh_asked;
	struct behave_answer *ref = beh_side(x, 0), *again = beh_side(x, 1), *cand = beh_side(x, 2);

	if (n && ref && again && cand) {
		behave_summarise(ref, cand, n, COMPARE_SEED, COMPARE_RESAMPLES, metric_alpha(x),
				 &x->behave);
		behave_summarise(ref, again, n, COMPARE_SEED + 1, COMPARE_RESAMPLES,
				 metric_alpha(x), &x->beh_floor);
		x->has_behave = x->behave.n > 0;
	}
	free(ref);
	free(again);
	free(cand);
}

/* the reasoning positions of every prompt, summarised apart: figures
 * only, the verdict is the answers' */
static void reasoning_judge(struct comparison *x)
{
	size_t i;

	summarise_part(x, PART_REASONING, &x->reasoning, &x->has_reasoning);
	for (i = 0; i < x->asked; i++)
		x->reasoning_only += part_of(&x->cmp[i], PART_REASONING) && !x->cmp[i].done;
}

/* two verdicts as one: drifted when either is, same when both are */
static enum drift_verdict both_verdicts(enum drift_verdict a, enum drift_verdict b)
{
	if (a == DRIFT_DRIFTED || b == DRIFT_DRIFTED)
		return DRIFT_DRIFTED;
	return a == DRIFT_SAME && b == DRIFT_SAME ? DRIFT_SAME : DRIFT_INCONCLUSIVE;
}

static void judge(struct comparison *x)
{
	size_t i, nd = 0;

	not_comparable(x);
	for (i = 0; i < x->asked; i++)
		nd += part_of(&x->cmp[i], PART_DRIFT) != NULL;
	reasoning_judge(x);
	if (!x->unusable && !nd && x->reasoning_only) {
		x->unusable = "nothing compared";
		snprintf(x->why, sizeof(x->why),
			 "no answer could be compared: in %zu prompts the reasoning took the %ld "
			 "tokens asked or the sides parted inside it; raise --compare-tokens, or "
			 "compare with --no-thinking (the reasoning's own figures are in the "
			 "report)",
			 x->reasoning_only, x->c->compare_tokens);
	}
	if (!x->unusable && !nd) {
		const struct side *s = x->cand.errors >= x->ref.errors ? &x->cand : &x->ref;

		x->unusable = "nothing compared";
		snprintf(x->why, sizeof(x->why),
			 "no prompt could be compared: the %s's answers: %s", s->label,
			 s->errors ? s->first_error : "no position listed alternatives");
	}
	behave_judge(x);
	if (!x->unusable && summarise_part(x, PART_DRIFT, &x->drift, &x->has_drift) < 0) {
		x->unusable = "out of memory";
		snprintf(x->why, sizeof(x->why), "out of memory");
	}
	if (!x->unusable)
		floor_so_far(x); /* the floor of every prompt, and its thresholds */
	else
		set_thresholds(x);
	if (x->has_drift && x->early) {
		x->verdict = DRIFT_DRIFTED;
		say_early(x);
	} else if (x->has_drift && x->beh_early && tool_tested(x)) {
		x->verdict = DRIFT_DRIFTED;
		say_behave_early(x);
	} else if (x->has_drift) {
		x->verdict = drift_verdict_of(&x->drift, x->max_kl, x->min_top1);
		if (tool_tested(x))
			x->verdict = both_verdicts(x->verdict, tool_verdict(x));
		say_why(x);
	}
}

static cJSON *interval(double low, double high)
{
	cJSON *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(high));
	return a;
}

static cJSON *summary_json(const struct drift_summary *s)
{
	cJSON *o = cJSON_CreateObject(), *kl, *top1, *ppl;

	cJSON_AddNumberToObject(o, "prompts", (double)s->prompts);
	cJSON_AddNumberToObject(o, "positions", (double)s->positions);
	cJSON_AddNumberToObject(o, "diverged", (double)s->diverged);
	cJSON_AddNumberToObject(o, "confidence", s->confidence);
	kl = cJSON_AddObjectToObject(o, "kl");
	cJSON_AddItemToObject(kl, "estimate", interval(s->kl_low, s->kl_high));
	cJSON_AddItemToObject(kl, "interval", interval(s->kl_ci.low, s->kl_ci.high));
	top1 = cJSON_AddObjectToObject(o, "top1");
	cJSON_AddNumberToObject(top1, "estimate", s->top1);
	cJSON_AddItemToObject(top1, "interval", interval(s->top1_ci.low, s->top1_ci.high));
	cJSON_AddNumberToObject(o, "rank_mean", s->rank_mean);
	ppl = cJSON_AddObjectToObject(o, "perplexity");
	cJSON_AddNumberToObject(ppl, "reference", s->ppl_ref);
	cJSON_AddItemToObject(ppl, "other", interval(s->ppl_cand_low, s->ppl_cand_high));
	return o;
}

/* how side s scored the reference's text, as the report names it */
static const char *scoring_key(const struct side *s)
{
	if (!s->scored_once)
		return "none";
	return s->scoring == SCORING_INPUT_LOGPROBS ? "input_logprobs" : "prompt_logprobs";
}

static cJSON *side_json(const struct side *s)
{
	cJSON *o = cJSON_CreateObject();
	char *url = text_clean_line(s->url), *model = text_clean_line(s->model ? s->model : "");

	cJSON_AddStringToObject(o, "endpoint", url ? url : "");
	if (s->model)
		cJSON_AddStringToObject(o, "model", model ? model : "");
	else
		cJSON_AddNullToObject(o, "model");
	cJSON_AddStringToObject(o, "engine", engine_key(s->ep.engine));
	cJSON_AddStringToObject(o, "thinking", thinking_mode_name(s->thinking));
	cJSON_AddNumberToObject(o, "alternatives", s->k_seen);
	cJSON_AddStringToObject(o, "scoring", scoring_key(s));
	cJSON_AddNumberToObject(o, "errors", (double)s->errors);
	cJSON_AddBoolToObject(o, "reasoning", s->reasoning);
	free(url);
	free(model);
	return o;
}

/* a prompt's figures, as the report writes them and --resume reads them
 * back (read_figures): the one place both know */
static void add_figures(cJSON *o, const struct drift_prompt *d)
{
	cJSON *nll = cJSON_CreateArray();

	cJSON_AddNumberToObject(o, "positions", (double)d->positions);
	cJSON_AddNumberToObject(o, "segments", (double)d->segments);
	cJSON_AddNumberToObject(o, "divergences", (double)d->divergences);
	cJSON_AddItemToObject(o, "kl", interval(d->kl_low, d->kl_high));
	cJSON_AddBoolToObject(o, "clipped", d->clipped);
	cJSON_AddNumberToObject(o, "top1", d->top1);
	cJSON_AddNumberToObject(o, "rank_mean", d->rank_mean);
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_ref));
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_cand_low));
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_cand_high));
	cJSON_AddItemToObject(o, "nll", nll);
}

static cJSON *prompt_json(const struct prompt *p, const struct compared *m)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", p->id);
	cJSON_AddStringToObject(o, "kind", p->kind);
	if (m->reasoning_positions > 0 && m->reasoning.positions) {
		cJSON *rs = cJSON_AddObjectToObject(o, "reasoning");

		cJSON_AddNumberToObject(rs, "tokens", (double)m->reasoning_positions);
		add_figures(rs, &m->reasoning);
		cJSON_AddNumberToObject(rs, "first_divergence",
					(double)m->reasoning.first_divergence);
	}
	if (m->error) {
		cJSON_AddStringToObject(o, "error", m->error);
		return o;
	}
	cJSON_AddNumberToObject(o, "prompt_tokens", (double)m->ref_tokens);
	if (m->resumed)
		cJSON_AddBoolToObject(o, "resumed", true);
	add_figures(o, &m->drift);
	if (m->drift.first_divergence >= 0) {
		cJSON *dv = cJSON_AddObjectToObject(o, "first_divergence");

		cJSON_AddNumberToObject(dv, "position", (double)m->drift.first_divergence);
		cJSON_AddStringToObject(dv, "reference", m->ref_at ? m->ref_at : "");
		cJSON_AddStringToObject(dv, "candidate", m->cand_at ? m->cand_at : "");
		cJSON_AddStringToObject(dv, "before", m->before ? m->before : "");
	} else {
		cJSON_AddNullToObject(o, "first_divergence");
	}
	if (m->floor.positions) {
		cJSON *fl = cJSON_AddObjectToObject(o, "floor");

		add_figures(fl, &m->floor);
		cJSON_AddNumberToObject(fl, "first_divergence", (double)m->floor.first_divergence);
	}
	return o;
}

/* the finish reasons of one side, by kind */
static cJSON *finish_json(const size_t *f)
{
	cJSON *o = cJSON_CreateObject();
	int k;

	for (k = 0; k < BEHAVE_FINISH_N; k++)
		cJSON_AddNumberToObject(o, behave_finish_name((enum behave_finish)k), (double)f[k]);
	return o;
}

/* a share, or null when there is nothing to share */
static cJSON *share_json(double v)
{
	return v < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(v);
}

/* one side's behaviour against the reference's */
static cJSON *behave_json(const struct behave_summary *b)
{
	cJSON *o = cJSON_CreateObject(), *t, *u;

	cJSON_AddNumberToObject(o, "requests", (double)b->n);
	t = cJSON_AddObjectToObject(o, "trigger");
	cJSON_AddNumberToObject(t, "both", (double)b->tp);
	cJSON_AddNumberToObject(t, "other_only", (double)b->fp);
	cJSON_AddNumberToObject(t, "reference_only", (double)b->fn);
	cJSON_AddNumberToObject(t, "neither", (double)b->tn);
	cJSON_AddItemToObject(t, "precision", share_json(b->precision));
	cJSON_AddItemToObject(t, "recall", share_json(b->recall));
	cJSON_AddItemToObject(t, "f1", share_json(b->f1));
	if (b->f1_defined)
		cJSON_AddItemToObject(t, "interval", interval(b->f1_ci.low, b->f1_ci.high));
	else
		cJSON_AddNullToObject(t, "interval");
	cJSON_AddNumberToObject(t, "confidence", b->confidence);
	u = cJSON_AddObjectToObject(o, "same_tool");
	cJSON_AddNumberToObject(u, "both_called", (double)b->both_called);
	cJSON_AddNumberToObject(u, "same", (double)b->same_tool);
	u = cJSON_AddObjectToObject(o, "arguments");
	cJSON_AddNumberToObject(u, "calls", (double)b->calls);
	cJSON_AddNumberToObject(u, "valid", (double)b->args_valid);
	cJSON_AddNumberToObject(o, "exact", (double)b->exact);
	u = cJSON_AddObjectToObject(o, "structured");
	cJSON_AddNumberToObject(u, "asked", (double)b->structured);
	cJSON_AddNumberToObject(u, "valid", (double)b->structured_valid);
	u = cJSON_AddObjectToObject(o, "finish");
	cJSON_AddItemToObject(u, "reference", finish_json(b->finish_a));
	cJSON_AddItemToObject(u, "other", finish_json(b->finish_b));
	return o;
}

/* one answer of a dataset request, briefly */
static cJSON *answer_json(const struct behave_answer *a)
{
	cJSON *o = cJSON_CreateObject();
	char digest[24];

	if (!a->answered) {
		cJSON_AddBoolToObject(o, "answered", false);
		return o;
	}
	cJSON_AddBoolToObject(o, "answered", true);
	if (a->called)
		cJSON_AddStringToObject(o, "tool", a->tool);
	else
		cJSON_AddNullToObject(o, "tool");
	if (a->args_valid >= 0)
		cJSON_AddBoolToObject(o, "arguments_valid", a->args_valid == 1);
	if (a->structured >= 0)
		cJSON_AddBoolToObject(o, "structured_valid", a->structured == 1);
	cJSON_AddStringToObject(o, "finish", behave_finish_name(a->finish));
	snprintf(digest, sizeof(digest), "%016llx", (unsigned long long)a->digest);
	cJSON_AddStringToObject(o, "digest", digest);
	return o;
}

/* an answer as answer_json wrote it, back; false when it is not one a
 * resumed comparison can take (not answered, or from a report without
 * digests) */
static bool answer_read(const cJSON *o, struct behave_answer *a)
{
	const cJSON *tool = cJSON_GetObjectItemCaseSensitive(o, "tool");
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(o, "arguments_valid");
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "structured_valid");
	const char *digest = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "digest"));
	char *end;

	memset(a, 0, sizeof(*a));
	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "answered")) || !digest ||
	    strlen(digest) != 16 || (!cJSON_IsString(tool) && !cJSON_IsNull(tool)))
		return false;
	a->digest = (uint64_t)strtoull(digest, &end, 16);
	if (*end)
		return false;
	a->answered = true;
	a->called = cJSON_IsString(tool);
	snprintf(a->tool, sizeof(a->tool), "%s", a->called ? tool->valuestring : "");
	a->args_valid = cJSON_IsBool(args) ? cJSON_IsTrue(args) : -1;
	a->structured = cJSON_IsBool(st) ? cJSON_IsTrue(st) : -1;
	a->finish = behave_finish_named(
		cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "finish")));
	return true;
}

/* the report's "behaviour": null without --dataset */
static cJSON *behaviour_json(const struct comparison *x)
{
	cJSON *o, *list;
	char *src;
	size_t i;

	if (!x->c->dataset)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	src = text_clean_line(x->dataset.source);
	cJSON_AddStringToObject(o, "dataset",
				strcmp(x->c->dataset, "builtin") ? (src ? src : "") : "built-in");
	free(src);
	cJSON_AddNumberToObject(o, "requests", (double)x->dataset.n);
	cJSON_AddNumberToObject(o, "asked", (double)x->beh_asked);
	if (x->beh_skipped)
		cJSON_AddStringToObject(o, "skipped", x->beh_skipped);
	if (x->beh_resumed)
		cJSON_AddNumberToObject(o, "resumed", (double)x->beh_resumed);
	cJSON_AddNumberToObject(o, "reference_errors", (double)x->beh_ref_errors);
	cJSON_AddNumberToObject(o, "candidate_errors", (double)x->beh_cand_errors);
	if (*x->beh_error)
		cJSON_AddStringToObject(o, "first_error", x->beh_error);
	cJSON_AddItemToObject(o, "floor",
			      x->has_behave ? behave_json(&x->beh_floor) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "drift",
			      x->has_behave ? behave_json(&x->behave) : cJSON_CreateNull());
	list = cJSON_AddArrayToObject(o, "items");
	for (i = 0; i < x->beh_asked; i++) {
		const struct behave_answer *a = &x->beh[3 * i];
		cJSON *it = cJSON_CreateObject();

		cJSON_AddStringToObject(it, "id", x->dataset.p[i].id);
		cJSON_AddItemToObject(it, "reference", answer_json(&a[0]));
		cJSON_AddItemToObject(it, "again", answer_json(&a[1]));
		cJSON_AddItemToObject(it, "candidate", answer_json(&a[2]));
		cJSON_AddBoolToObject(it, "exact",
				      a[0].answered && a[2].answered && a[0].digest == a[2].digest);
		cJSON_AddItemToArray(list, it);
	}
	return o;
}

/* the metrics a report shows: the tool-call F1's with a dataset */
static int metrics_shown(const struct comparison *x)
{
	return x->c->dataset ? METRIC_N : METRIC_TOOL;
}

/* why the tool-call F1 was not tested, with a dataset */
static void tool_untested_why(const struct comparison *x, char *line, size_t n)
{
	if (x->beh_skipped)
		snprintf(line, n, "the dataset was not asked: %s", x->beh_skipped);
	else if (!x->has_behave)
		snprintf(line, n, "no dataset request was answered by both sides%s%s",
			 *x->beh_error ? ": " : "", x->beh_error);
	else
		snprintf(line, n, "neither side called a tool on any of the %zu requests",
			 x->behave.n);
}

/* each metric tested: its verdict, interval, limit and the sentence that
 * says them (the one place the page and the JUnit read them from) */
static cJSON *metrics_json(const struct comparison *x)
{
	cJSON *list = cJSON_CreateArray();
	int m;

	for (m = 0; x->has_drift && m < metrics_shown(x); m++) {
		cJSON *o = cJSON_CreateObject();
		char line[600];
		struct drift_interval ci = m == METRIC_KL     ? x->drift.kl_ci
					   : m == METRIC_TOP1 ? x->drift.top1_ci
							      : x->behave.f1_ci;
		bool tested = m != METRIC_TOOL || tool_tested(x);
		enum drift_verdict v = tested ? metric_of(x, (enum metric)m, line, sizeof(line))
					      : DRIFT_INCONCLUSIVE;

		if (!tested)
			tool_untested_why(x, line, sizeof(line));
		cJSON_AddStringToObject(o, "name",
					comparison_metric_key((enum comparison_metric)m));
		cJSON_AddStringToObject(o, "verdict",
					tested ? drift_verdict_name(v) : "not tested");
		if (tested)
			cJSON_AddItemToObject(o, "interval", interval(ci.low, ci.high));
		else
			cJSON_AddNullToObject(o, "interval");
		cJSON_AddNumberToObject(o, "limit",
					m == METRIC_KL	   ? x->max_kl
					: m == METRIC_TOP1 ? x->min_top1
							   : x->min_tool);
		cJSON_AddStringToObject(o, "why", line);
		cJSON_AddItemToArray(list, o);
	}
	return list;
}

/* how the reasoning was compared: "separate" (its positions apart from the
 * answer's, which the verdict reads), "included" (an answer's reasoning
 * could not be told from its content), "none" */
static const char *reasoning_word(const struct comparison *x)
{
	size_t i;

	for (i = 0; i < x->asked; i++)
		if (x->cmp[i].reasoning_positions < 0)
			return "included";
	if (x->has_reasoning)
		return "separate";
	return x->ref.reasoning || x->cand.reasoning ? "included" : "none";
}

static const char *verdict_word(const struct comparison *x)
{
	if (*x->stop)
		return "interrupted";
	return x->unusable ? "unusable" : drift_verdict_name(x->verdict);
}

/* the report's settings and thresholds */
static void add_settings(const struct comparison *x, cJSON *o)
{
	const struct config *c = x->c;
	char *src = text_clean_line(x->corpus.source);
	cJSON *set, *th;

	set = cJSON_AddObjectToObject(o, "settings");
	cJSON_AddStringToObject(set, "prompts", c->prompts ? (src ? src : "") : "built-in");
	cJSON_AddNumberToObject(set, "prompts_asked", (double)x->asked);
	cJSON_AddNumberToObject(set, "tokens", (double)c->compare_tokens);
	cJSON_AddNumberToObject(set, "top_logprobs", c->top_logprobs);
	cJSON_AddNumberToObject(set, "realign", c->realign);
	cJSON_AddBoolToObject(set, "teacher_forcing", !c->no_teacher_forcing);
	cJSON_AddNumberToObject(set, "resumed", (double)x->resumed);
	cJSON_AddStringToObject(set, "thinking", thinking_mode_name(c->thinking));
	cJSON_AddNumberToObject(set, "kl_cap", DRIFT_KL_CAP);
	cJSON_AddNumberToObject(set, "floor_logprob", DRIFT_FLOOR_LOGPROB);
	cJSON_AddNumberToObject(set, "resamples", COMPARE_RESAMPLES);
	cJSON_AddNumberToObject(set, "alpha", COMPARE_ALPHA);
	cJSON_AddBoolToObject(set, "allow_inconclusive", c->allow_inconclusive);
	th = cJSON_AddObjectToObject(o, "thresholds");
	cJSON_AddNumberToObject(th, "max_kl", x->max_kl);
	cJSON_AddNumberToObject(th, "min_top1", x->min_top1);
	cJSON_AddStringToObject(th, "max_kl_from", x->max_kl_from ? x->max_kl_from : "default");
	cJSON_AddStringToObject(th, "min_top1_from",
				x->min_top1_from ? x->min_top1_from : "default");
	if (c->dataset) {
		cJSON_AddNumberToObject(th, "min_tool_agreement", x->min_tool);
		cJSON_AddStringToObject(th, "min_tool_agreement_from",
					x->min_tool_from ? x->min_tool_from : "default");
	}
	free(src);
}

/* why side s stopped being asked to score, under realignments.not_scored */
static void add_refusal(cJSON *re, const char *key, const struct side *s)
{
	cJSON *o = cJSON_GetObjectItemCaseSensitive(re, "not_scored");

	if (!*s->score_refused)
		return;
	if (!o)
		o = cJSON_AddObjectToObject(re, "not_scored");
	cJSON_AddStringToObject(o, key, s->score_refused);
}

/* The comparison's report (preflight-comparison/v1), the one document
 * every format is drawn from. Caller deletes. */
static cJSON *report_doc(const struct comparison *x)
{
	const struct config *c = x->c;
	cJSON *o = cJSON_CreateObject(), *ps, *re, *sq;
	size_t i;

	cJSON_AddStringToObject(o, "schema", "preflight-comparison/v1");
	cJSON_AddStringToObject(o, "preflight", PREFLIGHT_VERSION);
	cJSON_AddItemToObject(o, "reference", side_json(&x->ref));
	cJSON_AddItemToObject(o, "candidate", side_json(&x->cand));
	add_settings(x, o);
	if (x->has_floor)
		cJSON_AddItemToObject(o, "floor", summary_json(&x->floor));
	else
		cJSON_AddNullToObject(o, "floor");
	if (x->has_drift)
		cJSON_AddItemToObject(o, "drift", summary_json(&x->drift));
	else
		cJSON_AddNullToObject(o, "drift");
	cJSON_AddStringToObject(o, "verdict", verdict_word(x));
	if (x->unusable || *x->stop || (x->has_drift && x->verdict != DRIFT_SAME))
		cJSON_AddStringToObject(o, "reason", *x->stop ? "interrupted" : x->why);
	cJSON_AddItemToObject(o, "metrics", metrics_json(x));
	sq = cJSON_AddObjectToObject(o, "sequential");
	cJSON_AddBoolToObject(sq, "enabled", !c->no_early_stop);
	cJSON_AddNumberToObject(sq, "alpha", SEQ_ALPHA);
	cJSON_AddNumberToObject(sq, "looks", (double)x->looks);
	cJSON_AddBoolToObject(sq, "stopped_early", x->early);
	cJSON_AddNumberToObject(sq, "prompts_not_asked", (double)(x->corpus.n - x->asked));
	if (c->dataset) {
		cJSON_AddBoolToObject(sq, "dataset_stopped_early", x->beh_early);
		cJSON_AddNumberToObject(sq, "requests_not_asked",
					(double)(x->dataset.n - x->beh_asked));
	}
	cJSON_AddNumberToObject(sq, "requests", (double)x->requests);
	cJSON_AddBoolToObject(sq, "capped", x->capped);
	re = cJSON_AddObjectToObject(o, "realignments");
	cJSON_AddNumberToObject(re, "answered", (double)x->realigned);
	cJSON_AddNumberToObject(re, "failed", (double)x->realign_failed);
	cJSON_AddNumberToObject(re, "scored", (double)x->scored);
	add_refusal(re, "reference", &x->ref);
	add_refusal(re, "candidate", &x->cand);
	cJSON_AddStringToObject(o, "reasoning", reasoning_word(x));
	cJSON_AddItemToObject(o, "reasoning_drift",
			      x->has_reasoning ? summary_json(&x->reasoning) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "behaviour", behaviour_json(x));
	ps = cJSON_AddArrayToObject(o, "prompts");
	for (i = 0; i < x->asked; i++)
		cJSON_AddItemToArray(ps, prompt_json(&x->corpus.p[i], &x->cmp[i]));
	return o;
}

/* every report asked for (--json, --junit, --markdown, --html; "-" is stdout): 0,
 * or -1 after saying which could not be written (the others still are) */
static int write_reports(const struct comparison *x)
{
	cJSON *doc = x->c->n_outputs ? report_doc(x) : NULL;
	char *json = NULL; /* printed once, when --json asks */
	int rc = 0;
	size_t i;

	for (i = 0; i < x->c->n_outputs; i++) {
		const struct config_output *o = &x->c->outputs[i];
		struct buf text = BUF_INIT(0);
		char err[512];
		int bad;

		if (!doc)
			bad = -1;
		else if (!strcmp(o->format, "json"))
			bad = !(json = json ? json : cJSON_Print(doc)) || buf_puts(&text, json);
		else if (!strcmp(o->format, "html"))
			bad = comparison_html_render(doc, &text);
		else if (!strcmp(o->format, "junit"))
			bad = comparison_junit_render(doc, &text);
		else
			bad = comparison_markdown_render(doc, &text);
		if (bad)
			snprintf(err, sizeof(err), "out of memory");
		else if (!strcmp(o->path, "-"))
			bad = say_document_stdout(o->option, text.data, text.len, err, sizeof(err));
		else
			bad = say_file(o->path, text.data, text.len, err, sizeof(err));
		if (bad) {
			say_error("%s %s: %s", o->option, o->path, err);
			rc = -1;
		}
		buf_release(&text);
	}
	cJSON_Delete(doc);
	free(json);
	return rc;
}

/* --- the console ------------------------------------------------------------------- */

static void say_row(const char *label, const struct drift_summary *s)
{
	char est[80], ci[80];

	comparison_kl_text(est, sizeof(est), s->kl_low, s->kl_high);
	comparison_kl_text(ci, sizeof(ci), s->kl_ci.low, s->kl_ci.high);
	say_printf(SAY_OUT,
		   "  %-22s KL %s nats (CI %s)   top-1 %.1f%% (CI %.1f-%.1f)   "
		   "diverged %zu of %zu\n",
		   label, est, ci, 100 * s->top1, 100 * s->top1_ci.low, 100 * s->top1_ci.high,
		   s->diverged, s->prompts);
}

/* what was not compared, and why the asking stopped */
static void console_notes(const struct comparison *x)
{
	if (x->resumed)
		say_printf(SAY_OUT, "  resumed: %zu prompts taken from %s\n", x->resumed,
			   x->c->resume);
	if (*x->resume_note)
		say_printf(SAY_OUT, "  %s\n", x->resume_note);
	if (x->ref.errors)
		say_printf(SAY_OUT,
			   "  not compared: %zu of %zu prompts, the reference failed (%s)\n",
			   x->ref.errors, x->asked, x->ref.first_error);
	if (x->cand.errors)
		say_printf(SAY_OUT,
			   "  not compared: %zu of %zu prompts, the candidate failed (%s)\n",
			   x->cand.errors, x->asked, x->cand.first_error);
	if (x->scored)
		say_printf(SAY_OUT,
			   "  teacher-forced: %zu diverged pairs re-aligned by scoring the "
			   "reference's answer on both sides (reference: %s, candidate: %s)\n",
			   x->scored, scoring_key(&x->ref), scoring_key(&x->cand));
	if (*x->ref.score_refused || *x->cand.score_refused)
		say_printf(SAY_OUT,
			   "  not teacher-forced: the %s would not score a given text (%s); its "
			   "pairs were continued greedily\n",
			   *x->ref.score_refused ? "reference" : "candidate",
			   *x->ref.score_refused ? x->ref.score_refused : x->cand.score_refused);
	if (x->reasoning_only)
		say_printf(
			SAY_OUT,
			"  answers not compared: %zu of %zu prompts, the reasoning took the tokens "
			"asked or the sides parted inside it\n",
			x->reasoning_only, x->asked);
	if (x->early)
		say_printf(SAY_OUT,
			   "  stopped early: %zu of %zu prompts asked, %zu requests sent; the "
			   "candidate had drifted beyond doubt\n",
			   x->asked, x->corpus.n, x->requests);
	else if (x->beh_early)
		say_printf(SAY_OUT,
			   "  stopped early: %zu of %zu dataset requests asked, %zu requests sent; "
			   "the candidate's tool calls had drifted beyond doubt\n",
			   x->beh_asked, x->dataset.n, x->requests);
	else if (x->capped)
		say_printf(SAY_OUT, "  --max-requests reached: %zu of %zu prompts asked\n",
			   x->asked, x->corpus.n);
}

/* one side's behaviour: "tool calls F1 0.93 (CI 0.85-1.00), ..." */
static void say_behave_row(const char *label, const struct behave_summary *b)
{
	char f1[96] = "no tool called";

	if (b->f1_defined)
		snprintf(f1, sizeof(f1), "F1 %.2f (CI %.2f-%.2f)", b->f1, b->f1_ci.low,
			 b->f1_ci.high);
	say_printf(SAY_OUT,
		   "  %-22s tool calls %s   same tool %zu of %zu   arguments valid %zu of %zu   "
		   "exact %zu of %zu\n",
		   label, f1, b->same_tool, b->both_called, b->args_valid, b->calls, b->exact,
		   b->n);
}

/* the dataset's lines: what was asked, the floor and the candidate */
static void console_behaviour(const struct comparison *x)
{
	const struct behave_summary *b = &x->behave;
	int k;

	if (!x->c->dataset)
		return;
	if (x->beh_skipped || !x->has_behave) {
		char line[600];

		tool_untested_why(x, line, sizeof(line));
		say_printf(SAY_OUT, "  dataset: %s\n", line);
		return;
	}
	say_printf(SAY_OUT,
		   "  dataset: %zu requests (%s), temperature 0, each side's answer and tool "
		   "calls (reasoning left out)\n",
		   b->n, strcmp(x->c->dataset, "builtin") ? "--dataset" : "built-in");
	if (x->beh_resumed)
		say_printf(SAY_OUT,
			   "  %-22s the first %zu requests' answers from --resume's report\n", "",
			   x->beh_resumed);
	say_behave_row("noise floor (ref, ref)", &x->beh_floor);
	say_behave_row("candidate", b);
	say_printf(SAY_OUT, "  %-22s", "finish reasons");
	for (k = 0; k < BEHAVE_FINISH_N; k++)
		if (b->finish_a[k] || b->finish_b[k])
			say_printf(SAY_OUT, " %s %zu→%zu",
				   behave_finish_name((enum behave_finish)k), b->finish_a[k],
				   b->finish_b[k]);
	say(SAY_OUT, " (reference→candidate)\n");
	if (b->structured)
		say_printf(SAY_OUT, "  %-22s %zu of %zu valid\n", "structured output",
			   b->structured_valid, b->structured);
	if (x->beh_ref_errors || x->beh_cand_errors)
		say_printf(SAY_OUT, "  not answered: reference %zu, candidate %zu (%s)\n",
			   x->beh_ref_errors, x->beh_cand_errors, x->beh_error);
}

/* the console's last line: the verdict and why */
static void console_verdict(const struct comparison *x)
{
	const struct config *c = x->c;

	if (*x->stop) /* whatever the prompts asked so far say */
		say_printf(SAY_OUT, "COMPARE: INTERRUPTED - %zu of %zu prompts asked\n", x->asked,
			   x->corpus.n);
	else if (x->unusable)
		say_printf(SAY_OUT, "COMPARE: UNUSABLE - %s\n", x->why);
	else if (x->verdict == DRIFT_SAME && tool_tested(x))
		say_printf(SAY_OUT,
			   "COMPARE: SAME - the candidate's distributions are within "
			   "%.3g nats and %.1f%% top-1 of the reference's, its tool calls above "
			   "F1 %.2f\n",
			   x->max_kl, 100 * x->min_top1, x->min_tool);
	else if (x->verdict == DRIFT_SAME)
		say_printf(SAY_OUT,
			   "COMPARE: SAME - the candidate's distributions are within "
			   "%.3g nats and %.1f%% top-1 of the reference's\n",
			   x->max_kl, 100 * x->min_top1);
	else if (x->verdict == DRIFT_DRIFTED)
		say_printf(SAY_OUT, "COMPARE: DRIFTED - %s\n", x->why);
	else
		say_printf(SAY_OUT,
			   "COMPARE: INCONCLUSIVE%s - %s: the interval straddles the "
			   "threshold; %s narrow it\n",
			   c->allow_inconclusive ? " (allowed)" : "", x->why,
			   drift_verdict_of(&x->drift, x->max_kl, x->min_top1) == DRIFT_SAME
				   ? "more dataset requests (--dataset)"
				   : "more prompts (--prompts) or more tokens (--compare-tokens)");
}

static void console(const struct comparison *x)
{
	const struct config *c = x->c;
	char *rm = text_clean_line(x->ref.model ? x->ref.model : "");
	char *cm = text_clean_line(x->cand.model ? x->cand.model : "");

	say_printf(SAY_OUT, "compare: candidate %s%s%s%s against reference %s%s%s%s\n", x->cand.url,
		   cm && *cm ? " (" : "", cm ? cm : "", cm && *cm ? ")" : "", x->ref.url,
		   rm && *rm ? " (" : "", rm ? rm : "", rm && *rm ? ")" : "");
	free(rm);
	free(cm);
	if (x->asked)
		say_printf(SAY_OUT,
			   "  %zu prompts (%s), %ld tokens each, top-%d alternatives asked; "
			   "%zu positions compared\n",
			   x->asked, c->prompts ? "--prompts" : "built-in", c->compare_tokens,
			   c->top_logprobs, x->has_drift ? x->drift.positions : 0);
	if (x->has_floor)
		say_row("noise floor (ref, ref)", &x->floor);
	if (x->has_drift)
		say_row("candidate", &x->drift);
	console_notes(x);
	console_behaviour(x);
	if (x->has_reasoning)
		say_row("reasoning, apart", &x->reasoning);
	if (!strcmp(reasoning_word(x), "separate"))
		say(SAY_OUT, "  the answers carried reasoning: its tokens are compared apart (the "
			     "row above); the verdict reads the answers'\n");
	else if (!strcmp(reasoning_word(x), "included"))
		say(SAY_OUT, "  the answers carried reasoning that could not be told from their "
			     "content: its tokens are compared with the answer's (--no-thinking "
			     "compares answers alone)\n");
	if (x->has_drift && x->ref.k_seen && x->cand.k_seen &&
	    (x->ref.k_seen < c->top_logprobs || x->cand.k_seen < c->top_logprobs))
		say_printf(SAY_OUT,
			   "  alternatives listed: reference %d, candidate %d of %d asked; "
			   "the KL is bounded over the fewer\n",
			   x->ref.k_seen, x->cand.k_seen, c->top_logprobs);
	if (!x->unusable && !*x->stop)
		say_printf(SAY_OUT,
			   "  thresholds: KL below %.3g nats (%s), top-1 above %.1f%% (%s)%s\n",
			   x->max_kl, x->max_kl_from, 100 * x->min_top1, x->min_top1_from,
			   tool_tested(x) ? "," : "");
	if (!x->unusable && !*x->stop && tool_tested(x))
		say_printf(SAY_OUT, "              tool-call F1 above %.2f (%s)\n", x->min_tool,
			   x->min_tool_from);
	console_verdict(x);
}

/* --- reading a comparison report back ------------------------------------------- */

/* A compare --json report read as jsonfile reads large ones: its head (the
 * prompts left out) as a tree, its prompts one at a time, so a hostile
 * file costs its text and one prompt's tree. */
struct report_in {
	struct buf text;
	char err[512];
	struct jsonfile f;
	struct jsonfile_split split;
	bool has_split;
};

static void report_in_release(struct report_in *r)
{
	if (r->has_split)
		jsonfile_split_release(&r->split);
	buf_release(&r->text);
	memset(r, 0, sizeof(*r));
}

/* 1 when path holds a comparison report (r->split.head its head), 0 when
 * it holds something else, -1 when it cannot be read (r->err says why) */
static int report_in_open(struct report_in *r, const char *path)
{
	static const char *const keys[] = { "prompts", NULL };
	const char *schema;

	memset(r, 0, sizeof(*r));
	if (file_read(path, COMPARE_FILE_MAX * 4, &r->text, r->err, sizeof(r->err)))
		return -1;
	r->f = (struct jsonfile){ .path = path,
				  .text = buf_cstr(&r->text),
				  .len = r->text.len,
				  .err = r->err,
				  .errlen = sizeof(r->err) };
	if (jsonfile_split(&r->f, keys, r->text.len + (1u << 20), &r->split))
		return 0;
	r->has_split = true;
	schema = cJSON_GetStringValue(cJSON_GetObjectItem(r->split.head, "schema"));
	return schema && !strcmp(schema, "preflight-comparison/v1") ? 1 : 0;
}

/* --- resuming ----------------------------------------------------------------------- */

static double num_at(const cJSON *o, const char *key, int i)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_GetNumberValue(i < 0 ? v : cJSON_GetArrayItem(v, i));
}

static size_t count_at(const cJSON *o, const char *key)
{
	double v = num_at(o, key, -1);

	return isfinite(v) && v >= 0 && v < 1e12 ? (size_t)v : 0;
}

/* a prompt's figures as add_figures wrote them: 0, or -1 when one is
 * missing or out of its range (then the prompt is asked again) */
static int read_figures(const cJSON *o, struct drift_prompt *d)
{
	memset(d, 0, sizeof(*d));
	d->positions = count_at(o, "positions");
	d->segments = count_at(o, "segments");
	d->divergences = count_at(o, "divergences");
	d->kl_low = num_at(o, "kl", 0);
	d->kl_high = num_at(o, "kl", 1);
	d->clipped = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "clipped"));
	d->top1 = num_at(o, "top1", -1);
	d->rank_mean = num_at(o, "rank_mean", -1);
	d->nll_ref = num_at(o, "nll", 0);
	d->nll_cand_low = num_at(o, "nll", 1);
	d->nll_cand_high = num_at(o, "nll", 2);
	d->first_divergence = -1;
	return d->positions && d->segments && d->kl_low >= 0 && d->kl_low <= d->kl_high &&
			       d->kl_high <= DRIFT_KL_CAP && d->top1 >= 0 && d->top1 <= 1 &&
			       d->rank_mean >= 1 && isfinite(d->nll_ref) &&
			       d->nll_cand_low <= d->nll_cand_high
		       ? 0
		       : -1;
}

/* one prompt of --resume's report into m: 0, or -1 (asked again) */
static int take_prompt(const cJSON *o, struct compared *m)
{
	const cJSON *dv = cJSON_GetObjectItemCaseSensitive(o, "first_divergence");
	const cJSON *fl = cJSON_GetObjectItemCaseSensitive(o, "floor");
	const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "reasoning");
	double at = num_at(dv, "position", -1);

	if (cJSON_GetObjectItemCaseSensitive(o, "error") || read_figures(o, &m->drift) ||
	    (fl && read_figures(fl, &m->floor)))
		return -1;
	m->drift.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
	if (fl) {
		at = num_at(fl, "first_divergence", -1);
		m->floor.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
	}
	m->ref_tokens = m->cand_tokens = (long)count_at(o, "prompt_tokens");
	if (rs && !read_figures(rs, &m->reasoning)) {
		at = num_at(rs, "first_divergence", -1);
		m->reasoning.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
		m->reasoning_positions = (long)count_at(rs, "tokens");
	}
	m->ref_at = text_clean_line(cJSON_GetStringValue(cJSON_GetObjectItem(dv, "reference")));
	m->cand_at = text_clean_line(cJSON_GetStringValue(cJSON_GetObjectItem(dv, "candidate")));
	if (cJSON_IsString(cJSON_GetObjectItem(dv, "before")))
		m->before = text_excerpt(cJSON_GetObjectItem(dv, "before")->valuestring,
					 strlen(cJSON_GetObjectItem(dv, "before")->valuestring),
					 BEFORE_MAX + 4, true);
	m->done = m->resumed = true;
	return 0;
}

/* what a setting of --resume's report must equal, or why not */
static int same_setting(const cJSON *doc, const char *obj, const char *key, const char *want,
			double want_n, char *err, size_t errlen)
{
	const cJSON *v =
		cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, obj), key);
	char got[128];

	if (want ? cJSON_IsString(v) && !strcmp(v->valuestring, want)
		 : cJSON_IsNumber(v) && v->valuedouble == want_n)
		return 0;
	if (cJSON_IsString(v))
		snprintf(got, sizeof(got), "'%.100s'", v->valuestring);
	else if (cJSON_IsNumber(v))
		snprintf(got, sizeof(got), "%g", v->valuedouble);
	else
		snprintf(got, sizeof(got), "nothing");
	if (want)
		snprintf(err, errlen, "its %s.%s is %s, this comparison's '%.200s'", obj, key, got,
			 want);
	else
		snprintf(err, errlen, "its %s.%s is %s, this comparison's %g", obj, key, got,
			 want_n);
	return -1;
}

/* --resume FILE, before any request: a report of this comparison (the
 * endpoints, the prompts, the tokens, the alternatives, the
 * re-alignments, the thinking). 0, or -1 with the reason (exit 2). */
/* --resume's dataset answers: the longest run of the dataset's first
 * requests the report holds whole (the three answers, each with its
 * digest); a request that failed or was cut there, and every one after
 * it, is asked again. Returns 0, or -1 (why) when the report compared
 * another dataset. */
static int resume_dataset(struct comparison *x, const cJSON *head, char *why, size_t whylen)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(head, "behaviour"), *it;
	static const char *const sides[] = { "reference", "again", "candidate" };
	char *src;
	size_t n = 0, k;
	int rc;

	if (!x->c->dataset || !cJSON_IsObject(b))
		return 0; /* none then: every request is asked */
	src = text_clean_line(x->dataset.source);
	rc = same_setting(head, "behaviour", "dataset",
			  strcmp(x->c->dataset, "builtin") ? (src ? src : "") : "built-in", 0, why,
			  whylen) ||
	     same_setting(head, "behaviour", "requests", NULL, (double)x->dataset.n, why, whylen);
	free(src);
	if (rc || !(x->beh_prior = xcalloc(3 * x->dataset.n + 1, sizeof(*x->beh_prior))))
		return rc ? -1 : 0; /* short of memory: asked again */
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(b, "items"))
	{
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "id"));

		if (n == x->dataset.n || !id || strcmp(id, x->dataset.p[n].id))
			break;
		for (k = 0; k < 3; k++)
			if (!answer_read(cJSON_GetObjectItemCaseSensitive(it, sides[k]),
					 &x->beh_prior[3 * n + k]))
				break;
		if (k < 3)
			break;
		n++;
	}
	x->beh_resumed = n;
	return 0;
}

static int resume_read(struct comparison *x, char *err, size_t errlen)
{
	const struct config *c = x->c;
	char why[512], *ref = text_clean_line(c->reference), *cand = text_clean_line(c->endpoint);
	char *src = text_clean_line(x->corpus.source);
	const cJSON *head;
	int rc = -1, is;

	if (!(x->resume = xcalloc(1, sizeof(*x->resume)))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if ((is = report_in_open(x->resume, c->resume)) <= 0) {
		snprintf(err, errlen, "--resume %s: %s", c->resume,
			 is < 0 ? x->resume->err : "not a report of preflight compare --json");
		goto out;
	}
	head = x->resume->split.head;
	if (same_setting(head, "reference", "endpoint", ref ? ref : "", 0, why, sizeof(why)) ||
	    same_setting(head, "candidate", "endpoint", cand ? cand : "", 0, why, sizeof(why)) ||
	    same_setting(head, "settings", "prompts", c->prompts ? (src ? src : "") : "built-in", 0,
			 why, sizeof(why)) ||
	    same_setting(head, "settings", "tokens", NULL, (double)c->compare_tokens, why,
			 sizeof(why)) ||
	    same_setting(head, "settings", "top_logprobs", NULL, c->top_logprobs, why,
			 sizeof(why)) ||
	    same_setting(head, "settings", "realign", NULL, c->realign, why, sizeof(why)) ||
	    same_setting(head, "settings", "thinking", thinking_mode_name(c->thinking), 0, why,
			 sizeof(why)) ||
	    same_setting(head, "reference", "thinking", thinking_mode_name(x->ref.thinking), 0, why,
			 sizeof(why)) ||
	    resume_dataset(x, head, why, sizeof(why))) {
		snprintf(err, errlen, "--resume %s is another comparison: %s", c->resume, why);
		goto out;
	}
	rc = 0;
out:
	free(ref);
	free(cand);
	free(src);
	return rc;
}

/* After discovery: the prompts of --resume's report whose figures are
 * whole are taken (by id, in corpus order), and its dataset answers
 * (resume_dataset), unless it compared other models (then none is, and
 * the console says so). */
static void resume_take(struct comparison *x)
{
	const cJSON *head;
	cJSON *o;
	char why[512];

	if (!x->resume)
		return;
	head = x->resume->split.head;
	if (same_setting(head, "reference", "model", x->ref.model ? x->ref.model : "", 0, why,
			 sizeof(why)) ||
	    same_setting(head, "candidate", "model", x->cand.model ? x->cand.model : "", 0, why,
			 sizeof(why))) {
		snprintf(x->resume_note, sizeof(x->resume_note),
			 "--resume: nothing taken, the report compared other models (%s)", why);
		x->beh_resumed = 0; /* nor its dataset answers */
		goto out;
	}
	jsonfile_split_select(&x->resume->split, 0);
	while ((o = jsonfile_next(&x->resume->f, &x->resume->split))) {
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(o, "id"));
		size_t i;

		for (i = 0; id && i < x->corpus.n; i++)
			if (!x->cmp[i].done && !strcmp(x->corpus.p[i].id, id)) {
				x->resumed += !take_prompt(o, &x->cmp[i]);
				break;
			}
		cJSON_Delete(o);
	}
out:
	report_in_release(x->resume);
	free(x->resume);
	x->resume = NULL;
}

/* --- diff of two comparisons ---------------------------------------------------- */

/* what a diff reads of a comparison report */
struct compared_report {
	cJSON *doc; /* owned */
	const char *verdict;
	double kl_high, top1; /* the drift's estimate: the KL's high end, top-1 */
	bool has_drift;
};

/* verdicts from best to worst; anything else (unusable, interrupted) last */
static int verdict_rank(const char *v)
{
	static const char *const order[] = { "same", "inconclusive", "drifted" };
	int i;

	for (i = 0; i < 3; i++)
		if (v && !strcmp(v, order[i]))
			return i;
	return 3;
}

/* path's report's head, when it is a comparison: 1; 0 when it is not
 * (another kind of report); -1 when it cannot be read (err says why) */
static int read_compared(const char *path, struct compared_report *r, char *err, size_t errlen)
{
	struct report_in in;
	const cJSON *drift, *kl;
	int is = report_in_open(&in, path);

	memset(r, 0, sizeof(*r));
	if (is < 0)
		snprintf(err, errlen, "%s", in.err);
	if (is == 1) {
		r->doc = in.split.head;
		in.split.head = NULL; /* kept: the strings below point into it */
		r->verdict = cJSON_GetStringValue(cJSON_GetObjectItem(r->doc, "verdict"));
		drift = cJSON_GetObjectItem(r->doc, "drift");
		kl = cJSON_GetObjectItem(cJSON_GetObjectItem(drift, "kl"), "estimate");
		r->kl_high = cJSON_GetNumberValue(cJSON_GetArrayItem(kl, 1));
		r->top1 = cJSON_GetNumberValue(
			cJSON_GetObjectItem(cJSON_GetObjectItem(drift, "top1"), "estimate"));
		r->has_drift = cJSON_IsObject(drift) && isfinite(r->kl_high) && isfinite(r->top1);
	}
	report_in_release(&in);
	return is;
}

/* The gate of two comparisons: a regression when the verdict got worse,
 * the KL's high end more than doubled (and rose by more than
 * DIFF_KL_RISE nats), or top-1 agreement fell by more than a point. */
#define DIFF_KL_RISE 0.001
static int gate_compared(const struct compared_report *b, const struct compared_report *n,
			 struct buf *out)
{
	int regressions = 0;
	bool worse = verdict_rank(n->verdict) > verdict_rank(b->verdict);

	buf_printf(out, "| | base | new | |\n|---|---|---|---|\n| verdict | %s | %s | %s |\n",
		   b->verdict ? b->verdict : "?", n->verdict ? n->verdict : "?",
		   worse ? "❌ worse" : "✅");
	regressions += worse;
	if (b->has_drift && n->has_drift) {
		bool kl = n->kl_high > 2 * b->kl_high && n->kl_high - b->kl_high > DIFF_KL_RISE;
		bool top1 = n->top1 < b->top1 - 0.01;

		buf_printf(out, "| KL (nats, high end) | %.3g | %.3g | %s |\n", b->kl_high,
			   n->kl_high, kl ? "❌ more than doubled" : "✅");
		buf_printf(out, "| top-1 agreement | %.1f%% | %.1f%% | %s |\n", 100 * b->top1,
			   100 * n->top1, top1 ? "❌ fell by more than a point" : "✅");
		regressions += kl + top1;
	}
	buf_printf(out, "\n%s\n",
		   regressions ? "REGRESSION: the candidate drifted further from its reference"
			       : "no regression");
	return regressions;
}

int compare_diff(const struct config *c, const char *base, const char *now)
{
	struct compared_report b, n;
	struct buf out = BUF_INIT(0);
	char err[512], eb[512], en[512];
	int rb = read_compared(base, &b, eb, sizeof(eb)),
	    rn = read_compared(now, &n, en, sizeof(en));
	int code;

	if (rb != 1 && rn != 1) /* neither: the reports of run or conform, diffed as such */
		return COMPARE_NOT_COMPARISONS;
	if (rb != 1 || rn != 1) {
		if (rb < 0 || rn < 0)
			say_error("%s", rb < 0 ? eb : en);
		else
			say_error("%s and %s are not both comparisons (compare --json)", base, now);
		cJSON_Delete(b.doc);
		cJSON_Delete(n.doc);
		return EXIT_USAGE;
	}
	buf_printf(&out, "compare diff: base %s, new %s\n\n", base, now);
	code = gate_compared(&b, &n, &out) ? EXIT_FAILED : EXIT_PASS;
	if (!c->quiet)
		say(SAY_OUT, buf_cstr(&out));
	if (c->diff_markdown &&
	    (!strcmp(c->diff_markdown, "-")
		     ? say_document_stdout("--markdown", out.data, out.len, err, sizeof(err))
		     : say_file(c->diff_markdown, out.data, out.len, err, sizeof(err)))) {
		say_error("--markdown %s: %s", c->diff_markdown, err);
		code = EXIT_WRITE;
	}
	buf_release(&out);
	cJSON_Delete(b.doc);
	cJSON_Delete(n.doc);
	return code;
}

/* --- the command ------------------------------------------------------------------- */

static int exit_code(const struct comparison *x)
{
	if (*x->stop)
		return 128 + *x->stop;
	if (x->unusable)
		return EXIT_UNUSABLE;
	if (x->verdict == DRIFT_SAME)
		return EXIT_PASS;
	if (x->verdict == DRIFT_INCONCLUSIVE && x->c->allow_inconclusive)
		return EXIT_PASS;
	return EXIT_FAILED;
}

/* A look at the bets after a chunk: true when the candidate has drifted
 * beyond doubt (top-1 disagreement above 1 - min_top1, or the KL's low
 * end above max_kl, at SEQ_ALPHA/2 each), the prompts in corpus order. */
static bool look(struct comparison *x)
{
	double *dis = xcalloc(x->asked + 1, sizeof(double));
	double *kl = xcalloc(x->asked + 1, sizeof(double));
	double limit = log(2 / SEQ_ALPHA);
	size_t n;

	floor_so_far(x);
	n = dis && kl ? seq_values(x, dis, kl, NULL) : 0;
	x->looks++;
	x->seq_dis = n ? drift_seq_log_wealth(dis, n, 1 - x->min_top1, true) : 0;
	x->seq_kl = n ? drift_seq_log_wealth(kl, n, x->max_kl / DRIFT_KL_CAP, true) : 0;
	free(dis);
	free(kl);
	return x->seq_dis >= limit || x->seq_kl >= limit;
}

/* Both sides found, the prompts asked a chunk at a time (a side that
 * failed every prompt so far is not asked again; the bets are looked at
 * after 4, 8, 16... prompts and stop the asking once they decide), the
 * verdict. */
static void run_comparison(struct comparison *x)
{
	size_t i, n = x->corpus.n, next_look = 0, chunk = COMPARE_CHUNK;

	if (compare_side_discover(&x->ref, x->why, sizeof(x->why)) ||
	    compare_side_discover(&x->cand, x->why, sizeof(x->why))) {
		x->unusable = "not ready";
		return;
	}
	if (x->c->no_teacher_forcing)
		x->ref.scores = x->cand.scores = false;
	resume_take(x);
	if (!x->c->no_early_stop) /* small chunks, so a clear case stops early */
		chunk = next_look = chunk_of(x->c);
	for (i = 0; i < n && !*x->stop; i += chunk) {
		size_t to = i + chunk < n ? i + chunk : n;

		if (compare_over_cap(x, 3 * (to - i))) {
			x->capped = true;
			break;
		}
		if (compare_chunk_ask(x, i, to)) {
			x->unusable = "setup";
			return;
		}
		x->asked = to;
		if (x->ref.errors == to || x->cand.errors == to || not_comparable(x))
			break;
		if (next_look && to >= next_look && to < n) {
			next_look *= 2;
			if ((x->early = look(x)))
				break;
		}
	}
	if (x->asked && x->ref.errors < x->asked && x->cand.errors < x->asked && !x->unusable &&
	    !x->capped && !*x->stop && behave_round(x)) {
		x->unusable = "setup";
		return;
	}
	judge(x);
}

static void comparison_release(struct comparison *x)
{
	size_t i;

	for (i = 0; x->cmp && i < x->corpus.n; i++) {
		free(x->cmp[i].ref_at);
		free(x->cmp[i].cand_at);
		free(x->cmp[i].before);
		free(x->cmp[i].error);
	}
	free(x->cmp);
	free(x->beh);
	free(x->beh_prior);
	compare_corpus_release(&x->dataset);
	if (x->resume)
		report_in_release(x->resume);
	free(x->resume);
	compare_corpus_release(&x->corpus);
	endpoint_release(&x->ref.ep);
	endpoint_release(&x->cand.ep);
}

/* the recording's first line: the options a recording keeps, the recipe,
 * the prompts and the dataset whole (NULL when out of memory) */
static char *compare_header(const struct comparison *x)
{
	const struct config *c = x->c;
	struct recording_header h;
	char *text;

	if (commands_header_start(c, &h))
		return NULL;
	h.prompts.path = (char *)(c->prompts ? c->prompts : "builtin");
	h.prompts.text = (char *)buf_cstr(&x->corpus.text);
	if (c->dataset) {
		h.dataset.path = (char *)c->dataset;
		h.dataset.text = (char *)buf_cstr(&x->dataset.text);
	}
	text = recording_header_json(&h);
	free(h.args); /* the strings are borrowed */
	return text;
}

/* --record: both sides' exchanges into one recording, both keys kept out;
 * or a replay: every answer from it. Returns 0, or -1 with the reason. */
static int compare_tap(struct comparison *x, struct recording *replay, struct recording **rec,
		       struct http_tap *tap, char *err, size_t errlen)
{
	const struct secret *keys[RECORDING_MAX_KEYS];
	size_t n = say_keys(keys);
	char *meta;

	*rec = NULL;
	if (replay) {
		recording_replay_tap(replay, tap);
	} else if (x->c->record) {
		if (!(meta = compare_header(x))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		*rec = recording_create(x->c->record, keys, n, meta, err, errlen);
		free(meta);
		if (!*rec)
			return -1;
		recording_tap(*rec, tap);
	} else {
		return 0;
	}
	x->ref.http.tap = x->cand.http.tap = tap;
	return 0;
}

/* Everything read and checked before any request: the outputs, the
 * prompts and the dataset (a replay's from its header h), the budget,
 * --resume's report. Returns 0, or -1 with the reason. */
static int compare_prepare(struct comparison *x, const struct recording_header *h,
			   const char *input, char *err, size_t errlen)
{
	const struct config *c = x->c;
	size_t first;

	if (commands_check_outputs(c, input, err, errlen) ||
	    compare_corpus_load(c, h ? h->prompts.text : NULL, &x->corpus, err, errlen) ||
	    (c->dataset &&
	     compare_dataset_load(c, h ? h->dataset.text : NULL, &x->dataset, err, errlen)))
		return -1;
	first = chunk_of(c) < x->corpus.n ? chunk_of(c) : x->corpus.n;
	if (c->max_requests > 0 && (size_t)c->max_requests < 3 * first) {
		snprintf(err, errlen,
			 "--max-requests %ld is fewer than the first prompts' requests (%zu: %zu "
			 "prompts, the reference twice and the candidate once)",
			 c->max_requests, 3 * first, first);
		return -1;
	}
	if (c->record && c->resume) {
		snprintf(err, errlen,
			 "--record and --resume do not go together: a recording holds "
			 "a whole comparison, every request it made");
		return -1;
	}
	if (c->resume && resume_read(x, err, errlen))
		return -1;
	if (endpoint_init(&x->ref.ep, x->ref.url) || endpoint_init(&x->cand.ep, x->cand.url) ||
	    !(x->cmp = xcalloc(x->corpus.n, sizeof(*x->cmp)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* a comparison, live (replay NULL) or replayed from a recording (its
 * header h, read from input) */
static int compare_run(const struct config *c, const volatile sig_atomic_t *stop,
		       struct recording *replay, const struct recording_header *h,
		       const char *input)
{
	struct comparison x = { .c = c, .stop = stop };
	struct recording *rec = NULL;
	struct http_tap tap;
	char err[1024];
	int code;

	compare_side_setup(&x.ref, c, "reference", c->reference, c->reference_model,
			   c->reference_api_key, stop);
	compare_side_setup(&x.cand, c, "candidate", c->endpoint, c->model, c->api_key, stop);
	if (c->reference_thinking_given)
		x.ref.thinking = c->reference_thinking;
	if (c->reference_chat_template_kwargs)
		x.ref.chat_template_kwargs = c->reference_chat_template_kwargs;
	if (c->reference_extra_body)
		x.ref.extra_body = c->reference_extra_body;
	if (compare_prepare(&x, h, input, err, sizeof(err)) ||
	    compare_tap(&x, replay, &rec, &tap, err, sizeof(err))) {
		say_error("%s", err);
		comparison_release(&x);
		return EXIT_USAGE;
	}
	run_comparison(&x);
	code = exit_code(&x);
	if (write_reports(&x))
		code = *stop ? 128 + *stop : EXIT_WRITE;
	if (rec && recording_finish(rec, err, sizeof(err))) {
		say_error("%s", err);
		code = *stop ? 128 + *stop : EXIT_WRITE;
	}
	if (!c->quiet)
		console(&x);
	else if (x.unusable && !*stop)
		say_error("compare: %s", x.why);
	comparison_release(&x);
	return code;
}

int cmd_compare(const struct config *c, const volatile sig_atomic_t *stop)
{
	return compare_run(c, stop, NULL, NULL, NULL);
}

int compare_replay(const struct config *c, const volatile sig_atomic_t *stop, struct recording *rec,
		   const struct recording_header *h, const char *input)
{
	return compare_run(c, stop, rec, h, input);
}
