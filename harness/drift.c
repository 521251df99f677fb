/* SPDX-License-Identifier: Apache-2.0 */
/* drift — next-token divergence from top-k lists; see drift.h. */
#include "drift.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* a side's list cut to its k most likely, most likely first */
struct list {
	struct drift_alt alt[DRIFT_MAX_TOP];
	size_t n;
};

static int by_logprob(const void *a, const void *b)
{
	double x = ((const struct drift_alt *)a)->logprob;
	double y = ((const struct drift_alt *)b)->logprob;

	return (x < y) - (x > y);
}

/* p's list sorted, each token once (the first, most likely, kept) */
static void list_of(const struct drift_position *p, struct list *l)
{
	size_t i, j;

	l->n = 0;
	for (i = 0; i < p->n_top && l->n < DRIFT_MAX_TOP; i++)
		if (p->top[i].token && isfinite(p->top[i].logprob))
			l->alt[l->n++] = p->top[i];
	qsort(l->alt, l->n, sizeof(l->alt[0]), by_logprob);
	for (i = j = 0; i < l->n; i++) {
		size_t k;

		for (k = 0; k < j && strcmp(l->alt[k].token, l->alt[i].token); k++)
			;
		if (k == j)
			l->alt[j++] = l->alt[i];
	}
	l->n = j;
}

/* the place of token in the first n of l, or -1 */
static int place(const struct list *l, size_t n, const char *token)
{
	size_t i;

	for (i = 0; token && i < n; i++)
		if (!strcmp(l->alt[i].token, token))
			return (int)i;
	return -1;
}

/* p log(p / q), 0 for p = 0 */
static double term(double p, double q)
{
	return p > 0 ? p * log(p / q) : 0;
}

bool drift_position_sampled(const struct drift_position *p)
{
	size_t i, whole = 0;

	for (i = 0; i < p->n_top; i++) {
		if (p->top[i].logprob > DRIFT_SAMPLED_WHOLE)
			whole++;
		else if (p->top[i].logprob > DRIFT_SAMPLED_NONE)
			return false; /* a share of it elsewhere: before sampling */
	}
	return whole == 1;
}

int drift_path_text(const struct drift_path *p, size_t from, size_t upto, struct buf *out)
{
	size_t i;
	int rc = 0;

	for (i = from; i < upto && i < p->n && !rc; i++)
		rc = buf_puts(out, p->pos[i].token);
	return rc;
}

size_t drift_path_sampled(const struct drift_path *p, size_t *listed)
{
	size_t i, sampled = 0;

	*listed = 0;
	for (i = 0; i < p->n; i++)
		if (p->pos[i].n_top) {
			(*listed)++;
			sampled += p->post_sampling || drift_position_sampled(&p->pos[i]);
		}
	return sampled;
}

int drift_point(const struct drift_position *ref, const struct drift_position *cand,
		struct drift_point *out)
{
	struct list r, c;
	double least = exp(DRIFT_FLOOR_LOGPROB), p_in = 0, q_known = 0, q_kth;
	double low = 0, high = 0, p_other, q_rest;
	size_t k, i, missing = 0;
	int at;

	memset(out, 0, sizeof(*out));
	list_of(ref, &r);
	list_of(cand, &c);
	k = r.n < c.n ? r.n : c.n;
	if (!k)
		return -1;
	/* a listed probability under the floor counts as the floor, as an
	 * unlisted one does: an engine's -9999 or -inf keeps the KL finite */
	q_kth = fmax(exp(c.alt[k - 1].logprob), least);
	for (i = 0; i < k; i++) {
		double p = exp(r.alt[i].logprob);

		p_in += p;
		at = place(&c, k, r.alt[i].token);
		if (at >= 0) {
			double q = fmax(exp(c.alt[at].logprob), least);

			q_known += q;
			low += term(p, q);
			high += term(p, q);
		} else { /* at most the k-th, at least the floor */
			missing++;
			low += term(p, q_kth);
			high += term(p, least);
		}
	}
	/* the other bucket: what the reference's k leave, against what the
	 * candidate gives outside them (less as the unknown ones take more) */
	p_other = 1 - p_in > 0 ? 1 - p_in : 0;
	q_rest = 1 - q_known;
	low += term(p_other, fmax(q_rest - (double)missing * least, least));
	high += term(p_other, fmax(q_rest - (double)missing * q_kth, least));
	out->kl_low = fmax(low, 0);
	out->kl_high = fmax(high, out->kl_low);
	out->k = (int)k;
	out->top1_agree = !strcmp(r.alt[0].token, c.alt[0].token);
	at = place(&c, k, ref->token);
	out->rank = at >= 0 ? at + 1 : (int)k + 1;
	if (at >= 0) { /* the floor as above */
		out->cand_logprob_low = out->cand_logprob_high =
			fmax(c.alt[at].logprob, DRIFT_FLOOR_LOGPROB);
	} else {
		out->cand_logprob_low = DRIFT_FLOOR_LOGPROB;
		out->cand_logprob_high = fmax(c.alt[k - 1].logprob, DRIFT_FLOOR_LOGPROB);
	}
	return 0;
}

int drift_prompt(const struct drift_position *ref, size_t n_ref, const struct drift_position *cand,
		 size_t n_cand, struct drift_prompt *out)
{
	size_t n = n_ref < n_cand ? n_ref : n_cand, i;
	double top1 = 0, rank = 0;

	memset(out, 0, sizeof(*out));
	out->first_divergence = -1;
	out->segments = 1;
	for (i = 0; i < n; i++) {
		struct drift_point pt;
		bool same = ref[i].token && cand[i].token && !strcmp(ref[i].token, cand[i].token);

		if (drift_point(&ref[i], &cand[i], &pt))
			break;
		out->positions++;
		out->kl_low += pt.kl_low;
		out->kl_high += pt.kl_high;
		top1 += pt.top1_agree;
		rank += pt.rank;
		out->nll_ref -= ref[i].logprob;
		out->nll_cand_low -= pt.cand_logprob_high;
		out->nll_cand_high -= pt.cand_logprob_low;
		if (!same) { /* the contexts part after this position */
			out->first_divergence = (long)i;
			out->divergences = 1;
			break;
		}
	}
	if (!out->positions)
		return -1;
	out->kl_low /= (double)out->positions;
	out->kl_high /= (double)out->positions;
	if (out->kl_high > DRIFT_KL_CAP) {
		out->kl_high = DRIFT_KL_CAP;
		out->clipped = true;
	}
	out->kl_low = fmin(out->kl_low, out->kl_high);
	out->top1 = top1 / (double)out->positions;
	out->rank_mean = rank / (double)out->positions;
	out->nll_ref /= (double)out->positions;
	out->nll_cand_low /= (double)out->positions;
	out->nll_cand_high /= (double)out->positions;
	return 0;
}

/* the mean of x over a positions and y over b */
static double weighted(double x, double a, double y, double b)
{
	return (x * a + y * b) / (a + b);
}

void drift_prompt_merge(struct drift_prompt *into, const struct drift_prompt *seg)
{
	double a = (double)into->positions, b = (double)seg->positions;

	if (!seg->positions)
		return;
	into->kl_low = weighted(into->kl_low, a, seg->kl_low, b);
	into->kl_high = weighted(into->kl_high, a, seg->kl_high, b);
	into->top1 = weighted(into->top1, a, seg->top1, b);
	into->rank_mean = weighted(into->rank_mean, a, seg->rank_mean, b);
	into->nll_ref = weighted(into->nll_ref, a, seg->nll_ref, b);
	into->nll_cand_low = weighted(into->nll_cand_low, a, seg->nll_cand_low, b);
	into->nll_cand_high = weighted(into->nll_cand_high, a, seg->nll_cand_high, b);
	into->clipped = into->clipped || seg->clipped;
	into->positions += seg->positions;
	into->segments++;
	if (seg->first_divergence >= 0)
		into->divergences++;
}

uint64_t drift_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* position-weighted means of the prompts at idx[0..n) */
struct means {
	double kl_low, kl_high, top1;
};

static void means_of(const struct drift_prompt *p, const size_t *idx, size_t n, struct means *m)
{
	double w = 0;
	size_t i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < n; i++) {
		const struct drift_prompt *x = &p[idx[i]];
		double k = (double)x->positions;

		m->kl_low += x->kl_low * k;
		m->kl_high += x->kl_high * k;
		m->top1 += x->top1 * k;
		w += k;
	}
	if (w > 0) {
		m->kl_low /= w;
		m->kl_high /= w;
		m->top1 /= w;
	}
}

static int ascending(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void drift_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(double), ascending);
}

double drift_quantile(const double *v, size_t n, double q)
{
	size_t at = (size_t)floor(q * (double)(n - 1) + 0.5);

	return v[at < n ? at : n - 1];
}

/* the counts, the mean rank and the perplexities of the prompts at idx */
static void totals(const struct drift_prompt *p, const size_t *idx, size_t used,
		   struct drift_summary *out)
{
	double w = 0;
	size_t i;

	out->prompts = used;
	for (i = 0; i < used; i++) {
		const struct drift_prompt *x = &p[idx[i]];
		double k = (double)x->positions;

		out->positions += x->positions;
		out->diverged += x->first_divergence >= 0;
		out->rank_mean += x->rank_mean * k;
		out->ppl_ref += x->nll_ref * k;
		out->ppl_cand_low += x->nll_cand_low * k;
		out->ppl_cand_high += x->nll_cand_high * k;
		w += k;
	}
	out->rank_mean /= w;
	out->ppl_ref = exp(out->ppl_ref / w);
	out->ppl_cand_low = exp(out->ppl_cand_low / w);
	out->ppl_cand_high = exp(out->ppl_cand_high / w);
}

int drift_summarise(const struct drift_prompt *p, size_t n, unsigned long seed, int resamples,
		    double alpha, struct drift_summary *out)
{
	size_t *idx = NULL, *pick = NULL, used = 0, i, r;
	double *lows = NULL, *highs = NULL, *tops = NULL, tail;
	uint64_t state = seed;
	struct means m;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (resamples < 1)
		resamples = 1;
	if (!(idx = calloc(n ? n : 1, sizeof(*idx))) ||
	    !(pick = calloc(n ? n : 1, sizeof(*pick))) ||
	    !(lows = calloc((size_t)resamples, sizeof(*lows))) ||
	    !(highs = calloc((size_t)resamples, sizeof(*highs))) ||
	    !(tops = calloc((size_t)resamples, sizeof(*tops))))
		goto done;
	for (i = 0; i < n; i++)
		if (p[i].positions)
			idx[used++] = i;
	if (!used)
		goto done;
	totals(p, idx, used, out);
	means_of(p, idx, used, &m);
	out->kl_low = m.kl_low;
	out->kl_high = m.kl_high;
	out->top1 = m.top1;
	for (r = 0; r < (size_t)resamples; r++) {
		for (i = 0; i < used; i++)
			pick[i] = idx[drift_random(&state) % used];
		means_of(p, pick, used, &m);
		lows[r] = m.kl_low;
		highs[r] = m.kl_high;
		tops[r] = m.top1;
	}
	qsort(lows, (size_t)resamples, sizeof(double), ascending);
	qsort(highs, (size_t)resamples, sizeof(double), ascending);
	qsort(tops, (size_t)resamples, sizeof(double), ascending);
	tail = alpha / 2 / 2; /* two metrics, two tails each */
	out->confidence = 1 - alpha / 2;
	out->kl_ci.low = drift_quantile(lows, (size_t)resamples, tail);
	out->kl_ci.high = drift_quantile(highs, (size_t)resamples, 1 - tail);
	out->top1_ci.low = drift_quantile(tops, (size_t)resamples, tail);
	out->top1_ci.high = drift_quantile(tops, (size_t)resamples, 1 - tail);
	rc = 0;
done:
	free(idx);
	free(pick);
	free(lows);
	free(highs);
	free(tops);
	return rc;
}

enum drift_verdict drift_kl_verdict(const struct drift_summary *s, double max_kl)
{
	return s->kl_ci.low > max_kl	? DRIFT_DRIFTED
	       : s->kl_ci.high < max_kl ? DRIFT_SAME
					: DRIFT_INCONCLUSIVE;
}

enum drift_verdict drift_top1_verdict(const struct drift_summary *s, double min_top1)
{
	return s->top1_ci.high < min_top1  ? DRIFT_DRIFTED
	       : s->top1_ci.low > min_top1 ? DRIFT_SAME
					   : DRIFT_INCONCLUSIVE;
}

enum drift_verdict drift_verdict_of(const struct drift_summary *s, double max_kl, double min_top1)
{
	enum drift_verdict kl = drift_kl_verdict(s, max_kl), top1 = drift_top1_verdict(s, min_top1);

	if (kl == DRIFT_DRIFTED || top1 == DRIFT_DRIFTED)
		return DRIFT_DRIFTED;
	return kl == DRIFT_SAME && top1 == DRIFT_SAME ? DRIFT_SAME : DRIFT_INCONCLUSIVE;
}

const char *drift_verdict_name(enum drift_verdict v)
{
	static const char *const names[] = { "same", "drifted", "inconclusive" };

	return (unsigned)v < 3 ? names[v] : "?";
}

/* --- sequential tests ------------------------------------------------------------- */

#define SEQ_BETS 8 /* stakes 1/2, 1/4 ... 1/256 of the most the wealth can bear */

double drift_seq_log_wealth(const double *x, size_t n, double m, bool up)
{
	double most = up ? 1 / fmax(m, 1e-9) : 1 / fmax(1 - m, 1e-9);
	double logw[SEQ_BETS] = { 0 }, top, sum = 0;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		double xi = fmin(1, fmax(0, x[i])), d = up ? xi - m : m - xi;

		for (k = 0; k < SEQ_BETS; k++)
			logw[k] += log1p(ldexp(most, -(k + 1)) * d);
	}
	/* the mean of the bets' wealths: a mixture is a supermartingale too */
	for (top = logw[0], k = 1; k < SEQ_BETS; k++)
		top = fmax(top, logw[k]);
	for (k = 0; k < SEQ_BETS; k++)
		sum += exp(logw[k] - top);
	return top + log(sum / SEQ_BETS);
}

/* the g-th of the grid's points on [0, 1], dense near 0 (t^3): a KL
 * threshold of 0.01 nats is 0.001 of the 10-nat cap */
static double grid_point(int g)
{
	double t = (double)g / DRIFT_SEQ_GRID;

	return t * t * t;
}

struct drift_interval drift_seq_interval(const double *x, size_t n, double alpha)
{
	double limit = log(2 / alpha);
	int g, lo = -1, hi = -1;
	struct drift_interval in;

	for (g = 0; g <= DRIFT_SEQ_GRID; g++) {
		double m = grid_point(g);

		if (drift_seq_log_wealth(x, n, m, true) < limit &&
		    drift_seq_log_wealth(x, n, m, false) < limit) {
			lo = lo < 0 ? g : lo;
			hi = g;
		}
	}
	if (lo < 0) { /* none kept: the set fell between two points */
		in.low = 0;
		in.high = 1;
		return in;
	}
	/* widened to the next points out: the true edges lie between */
	in.low = lo > 0 ? grid_point(lo - 1) : 0;
	in.high = hi < DRIFT_SEQ_GRID ? grid_point(hi + 1) : 1;
	return in;
}

int drift_path_head(const struct drift_path *src, size_t n, struct drift_path *dst)
{
	size_t i, bytes = 0, at = 0;

	memset(dst, 0, sizeof(*dst));
	n = n < src->n ? n : src->n;
	for (i = 0; i < n; i++)
		bytes += strlen(src->pos[i].token) + 1;
	dst->pos = calloc(n ? n : 1, sizeof(*dst->pos));
	dst->text = malloc(bytes ? bytes : 1);
	if (!dst->pos || !dst->text) {
		drift_path_release(dst);
		return -1;
	}
	for (i = 0; i < n; i++) {
		size_t len = strlen(src->pos[i].token) + 1;

		memcpy(dst->text + at, src->pos[i].token, len);
		dst->pos[i] = (struct drift_position){ .token = dst->text + at,
						       .logprob = src->pos[i].logprob };
		at += len;
	}
	dst->n = n;
	dst->prompt_tokens = src->prompt_tokens;
	return 0;
}

void drift_path_release(struct drift_path *p)
{
	free(p->pos);
	free(p->alts);
	free(p->text);
	memset(p, 0, sizeof(*p));
}
