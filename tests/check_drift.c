/* SPDX-License-Identifier: Apache-2.0 */
/* check_drift — the next-token divergence of two sides from their top-k
 * lists: a position worked by hand, the interval holding the true value
 * (computed from full distributions, not from the estimator's formula) for
 * thousands of made-up ones, the shared path of a prompt and its first
 * divergence, the clip, the bootstrap over prompts and the verdict. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drift.h"
#include "fake_logits.h"
#include "suites.h"

#define VOCAB 40

static const char *const words[VOCAB] = {
	"a",  "b",  "c",  "d",	"e",  "f",  "g",  "h",	"i",  "j",  "k",  "l",	"m",  "n",
	"o",  "p",  "q",  "r",	"s",  "t",  "u",  "v",	"w",  "x",  "y",  "z",	"aa", "bb",
	"cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj", "kk", "ll", "mm", "nn",
};

/* a made-up vocabulary's distribution: logits from a seeded stream */
static uint64_t stream(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
	return ((double)(stream(s) >> 11) + 0.5) / 9007199254740992.0;
}

static double gaussian(uint64_t *s)
{
	return sqrt(-2 * log(uniform(s))) * cos(6.283185307179586 * uniform(s));
}

/* log-softmax of logits */
static void log_softmax(const double *x, double *out)
{
	double m = x[0], z = 0;
	int i;

	for (i = 1; i < VOCAB; i++)
		m = fmax(m, x[i]);
	for (i = 0; i < VOCAB; i++)
		z += exp(x[i] - m);
	for (i = 0; i < VOCAB; i++)
		out[i] = x[i] - m - log(z);
}

/* the k most likely of lp as a list (alt), and the most likely's index */
static int top_k(const double *lp, int k, struct drift_alt *alt)
{
	bool taken[VOCAB] = { false };
	int n, i, best0 = -1;

	for (n = 0; n < k; n++) {
		int best = -1;

		for (i = 0; i < VOCAB; i++)
			if (!taken[i] && (best < 0 || lp[i] > lp[best]))
				best = i;
		taken[best] = true;
		alt[n].token = words[best];
		alt[n].logprob = lp[best];
		if (!n)
			best0 = best;
	}
	return best0;
}

/* KL(ref ‖ cand) over ref's k most likely and one bucket for the rest,
 * from the full distributions: what the estimator's interval must hold */
static double true_kl(const double *ref, const double *cand, int k)
{
	struct drift_alt alt[VOCAB];
	double kl = 0, p_in = 0, q_in = 0;
	int n, i;

	top_k(ref, k, alt);
	for (n = 0; n < k; n++) {
		for (i = 0; strcmp(words[i], alt[n].token); i++)
			;
		kl += exp(ref[i]) * (ref[i] - cand[i]);
		p_in += exp(ref[i]);
		q_in += exp(cand[i]);
	}
	if (1 - p_in > 1e-15)
		kl += (1 - p_in) * log((1 - p_in) / (1 - q_in));
	return kl;
}

static struct drift_position side(const char *chosen, const struct drift_alt *alt, size_t n)
{
	struct drift_position p = { chosen, 0, alt, n };
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(alt[i].token, chosen))
			p.logprob = alt[i].logprob;
	return p;
}

START_TEST(a_position_by_hand)
{
	/* ref: A .6, B .3 (.1 elsewhere); cand: A .5, B .4 */
	struct drift_alt r[] = { { "B", log(0.3) }, { "A", log(0.6) } };
	struct drift_alt c[] = { { "A", log(0.5) }, { "B", log(0.4) } };
	struct drift_alt c2[] = { { "A", log(0.7) }, { "C", log(0.2) } };
	struct drift_position ref = side("A", r, 2), cand = side("A", c, 2);
	struct drift_point pt;
	double want = 0.6 * log(0.6 / 0.5) + 0.3 * log(0.3 / 0.4);
	double q;

	ck_assert_int_eq(drift_point(&ref, &cand, &pt), 0);
	ck_assert_double_eq_tol(pt.kl_low, want, 1e-12);
	ck_assert_double_eq_tol(pt.kl_high, want, 1e-12);
	ck_assert(pt.top1_agree);
	ck_assert_int_eq(pt.rank, 1);
	ck_assert_int_eq(pt.k, 2);
	/* against itself: nothing */
	ck_assert_int_eq(drift_point(&ref, &ref, &pt), 0);
	ck_assert_double_eq_tol(pt.kl_high, 0, 1e-12);
	/* B missing from the candidate's list: between the floor and C's .2,
	 * every value of it lands in the interval */
	cand = side("A", c2, 2);
	ck_assert_int_eq(drift_point(&ref, &cand, &pt), 0);
	for (q = exp(DRIFT_FLOOR_LOGPROB); q <= 0.2; q *= 1.5) {
		double kl = 0.6 * log(0.6 / 0.7) + 0.3 * log(0.3 / q) + 0.1 * log(0.1 / (0.3 - q));

		ck_assert_msg(pt.kl_low <= kl + 1e-12 && kl <= pt.kl_high + 1e-12,
			      "q=%g: %g outside [%g, %g]", q, kl, pt.kl_low, pt.kl_high);
	}
	/* the reference's B is not in the candidate's two: censored rank */
	ref.token = "B";
	ck_assert_int_eq(drift_point(&ref, &cand, &pt), 0);
	ck_assert_int_eq(pt.rank, 3);
	ck_assert_double_eq_tol(pt.cand_logprob_high, log(0.2), 1e-12);
	ck_assert_double_eq_tol(pt.cand_logprob_low, DRIFT_FLOOR_LOGPROB, 1e-12);
	/* no list on a side: nothing to compare */
	cand.n_top = 0;
	ck_assert_int_eq(drift_point(&ref, &cand, &pt), -1);
}
END_TEST

/* a list after sampling gives its one token all the probability and the
 * rest none (vLLM's -9999 for -inf); a confident list before it still
 * spreads some; no list is neither */
START_TEST(a_list_after_sampling)
{
	struct drift_alt one[] = { { "A", 0.0 } };
	struct drift_alt cut[] = { { "A", -1e-6 }, { "B", -9999.0 }, { "C", -HUGE_VAL } };
	struct drift_alt sure[] = { { "A", -1e-6 }, { "B", -14.2 } };
	struct drift_alt two[] = { { "A", 0.0 }, { "B", 0.0 } };
	struct drift_position p = side("A", one, 1);

	ck_assert(drift_position_sampled(&p));
	p = side("A", cut, 3);
	ck_assert(drift_position_sampled(&p));
	p = side("A", sure, 2);
	ck_assert(!drift_position_sampled(&p));
	p = side("A", two, 2);
	ck_assert(!drift_position_sampled(&p));
	p.n_top = 0;
	ck_assert(!drift_position_sampled(&p));
}
END_TEST

/* thousands of made-up positions: a reference, and a candidate whose
 * logits carry noise; at every k the interval holds the true KL, and
 * top-1 agreement is the argmaxes' */
START_TEST(the_interval_holds_the_true_kl)
{
	static const int ks[] = { 1, 2, 5, 10, 20 };
	static const double sigma[] = { 0, 0.05, 0.3, 1, 3 };
	uint64_t s = 29;
	int trial, held = 0, trials = 0;

	for (trial = 0; trial < 2000; trial++) {
		double x[VOCAB], y[VOCAB], ref[VOCAB], cand[VOCAB], spread = 0.5 + 3 * uniform(&s);
		struct drift_alt ra[VOCAB], ca[VOCAB];
		int i, k = ks[trial % 5], r0, c0;
		struct drift_position pr, pc;
		struct drift_point pt;
		double kl;

		for (i = 0; i < VOCAB; i++) {
			x[i] = spread * gaussian(&s);
			y[i] = x[i] + sigma[(trial / 5) % 5] * gaussian(&s);
		}
		log_softmax(x, ref);
		log_softmax(y, cand);
		r0 = top_k(ref, k, ra);
		c0 = top_k(cand, k, ca);
		pr = side(words[r0], ra, (size_t)k);
		pc = side(words[c0], ca, (size_t)k);
		ck_assert_int_eq(drift_point(&pr, &pc, &pt), 0);
		kl = true_kl(ref, cand, k);
		trials++;
		held += pt.kl_low <= kl + 1e-9 && kl <= pt.kl_high + 1e-9;
		ck_assert_msg(pt.kl_low <= kl + 1e-9 && kl <= pt.kl_high + 1e-9,
			      "trial %d (k %d): true %g outside [%g, %g]", trial, k, kl, pt.kl_low,
			      pt.kl_high);
		ck_assert_int_eq(pt.top1_agree, r0 == c0);
		if (sigma[(trial / 5) % 5] == 0)
			ck_assert_double_eq_tol(pt.kl_high, 0, 1e-9);
	}
	ck_assert_int_eq(held, trials);
}
END_TEST

/* a prompt's path: compared while both chose alike, and the position
 * where they parted; nothing after it */
START_TEST(a_prompt_to_its_first_divergence)
{
	struct drift_alt ab[] = { { "a", log(0.7) }, { "b", log(0.2) } };
	struct drift_alt ba[] = { { "b", log(0.6) }, { "a", log(0.3) } };
	struct drift_position ref[4], cand[4];
	struct drift_prompt p;
	int i;

	for (i = 0; i < 4; i++) {
		ref[i] = side("a", ab, 2);
		cand[i] = side("a", ab, 2);
	}
	ck_assert_int_eq(drift_prompt(ref, 4, cand, 4, &p), 0);
	ck_assert_uint_eq(p.positions, 4);
	ck_assert_int_eq(p.first_divergence, -1);
	ck_assert_double_eq_tol(p.top1, 1, 1e-12);
	ck_assert_double_eq_tol(p.nll_ref, -log(0.7), 1e-12);
	ck_assert_double_eq_tol(p.nll_cand_low, p.nll_ref, 1e-12);
	/* the candidate prefers b at position 2 */
	cand[2] = side("b", ba, 2);
	ck_assert_int_eq(drift_prompt(ref, 4, cand, 4, &p), 0);
	ck_assert_uint_eq(p.positions, 3);
	ck_assert_int_eq(p.first_divergence, 2);
	ck_assert_double_eq_tol(p.top1, 2.0 / 3, 1e-12);
	ck_assert(p.kl_low > 0);
	/* a side with fewer positions: the shorter path */
	ck_assert_int_eq(drift_prompt(ref, 4, cand, 1, &p), 0);
	ck_assert_uint_eq(p.positions, 1);
	/* nothing to compare */
	ck_assert_int_eq(drift_prompt(ref, 0, cand, 4, &p), -1);
}
END_TEST

START_TEST(a_prompt_clipped_at_the_cap)
{
	/* every reference token missing from the candidate's list: the high
	 * end is bounded by the floor only, and clipped */
	struct drift_alt r[] = { { "a", log(0.5) }, { "b", log(0.49) } };
	struct drift_alt c[] = { { "c", log(0.5) }, { "d", log(0.49) } };
	struct drift_position ref = side("a", r, 2), cand = side("c", c, 2);
	struct drift_prompt p;

	ck_assert_int_eq(drift_prompt(&ref, 1, &cand, 1, &p), 0);
	ck_assert(p.clipped);
	ck_assert_double_eq_tol(p.kl_high, DRIFT_KL_CAP, 1e-12);
	ck_assert(p.kl_low <= p.kl_high);
	ck_assert_int_eq(p.first_divergence, 0);
}
END_TEST

/* prompts made up with known figures: the means weigh positions, the
 * intervals come from resampling prompts, the same seed the same answer */
START_TEST(the_summary_and_its_verdict)
{
	struct drift_prompt p[40];
	struct drift_summary s, again;
	int i;

	memset(p, 0, sizeof(p));
	for (i = 0; i < 40; i++) {
		p[i].positions = (size_t)(10 + i % 7);
		p[i].first_divergence = i % 4 ? -1 : 5;
		p[i].kl_low = 0.001 * (i % 5);
		p[i].kl_high = p[i].kl_low + 0.002;
		p[i].top1 = i % 10 ? 0.99 : 0.8;
		p[i].rank_mean = 1;
		p[i].nll_ref = p[i].nll_cand_low = p[i].nll_cand_high = 0.5;
	}
	ck_assert_int_eq(drift_summarise(p, 40, 7, 1000, 0.05, &s), 0);
	ck_assert_uint_eq(s.prompts, 40);
	ck_assert_uint_eq(s.diverged, 10);
	ck_assert_double_eq_tol(s.confidence, 0.975, 1e-12);
	ck_assert(s.kl_ci.low <= s.kl_low && s.kl_high <= s.kl_ci.high);
	ck_assert(s.top1_ci.low <= s.top1 && s.top1 <= s.top1_ci.high);
	ck_assert(s.top1_ci.low < 1);
	ck_assert_double_eq_tol(s.ppl_ref, exp(0.5), 1e-12);
	ck_assert_int_eq(drift_summarise(p, 40, 7, 1000, 0.05, &again), 0);
	ck_assert_double_eq(s.kl_ci.high, again.kl_ci.high);
	/* the verdict as a test on the intervals */
	ck_assert_int_eq(drift_verdict_of(&s, 0.05, 0.8), DRIFT_SAME);
	ck_assert_int_eq(drift_verdict_of(&s, 0.0001, 0.5), DRIFT_DRIFTED);
	ck_assert_int_eq(drift_verdict_of(&s, 0.05, 0.995), DRIFT_DRIFTED);
	ck_assert_int_eq(drift_verdict_of(&s, s.kl_high, 0.5), DRIFT_INCONCLUSIVE);
	ck_assert_str_eq(drift_verdict_name(DRIFT_INCONCLUSIVE), "inconclusive");
	/* prompts with nothing compared are left out; none left is an error */
	p[3].positions = 0;
	ck_assert_int_eq(drift_summarise(p, 40, 7, 10, 0.05, &s), 0);
	ck_assert_uint_eq(s.prompts, 39);
	ck_assert_int_eq(drift_summarise(p, 0, 7, 10, 0.05, &s), -1);
}
END_TEST

#define PATH 24 /* tokens a prompt's answer runs to */

/* one side's greedy path through the fake's model (fake_logits.h), each
 * position's top-k as the endpoint would list it; the full distributions
 * kept for the truth */
struct path {
	int chosen[PATH];
	double lp[PATH][FAKE_VOCAB];
	struct drift_alt alt[PATH][FAKE_VOCAB];
	struct drift_position pos[PATH];
};

static void walk(const char *prompt, double noise, int k, struct path *p)
{
	int n, i;

	for (n = 0; n < PATH; n++) {
		bool taken[FAKE_VOCAB] = { false };

		fake_logits(prompt, p->chosen, (size_t)n, noise, p->lp[n]);
		p->chosen[n] = fake_logits_argmax(p->lp[n]);
		for (i = 0; i < k; i++) {
			int best = -1, j;

			for (j = 0; j < FAKE_VOCAB; j++)
				if (!taken[j] && (best < 0 || p->lp[n][j] > p->lp[n][best]))
					best = j;
			taken[best] = true;
			p->alt[n][i].token = fake_vocab[best];
			p->alt[n][i].logprob = p->lp[n][best];
		}
		p->pos[n].token = fake_vocab[p->chosen[n]];
		p->pos[n].logprob = p->lp[n][p->chosen[n]];
		p->pos[n].top = p->alt[n];
		p->pos[n].n_top = (size_t)k;
	}
}

/* The fake's reference and its twins, as `compare` will see them: the
 * identical twin reads same, the noisy one drifted, and on every prompt the
 * measured interval holds the true mean KL and top-1 agreement over the
 * positions compared, with 20 alternatives and with TGI's 5. */
START_TEST(the_fakes_twins)
{
	static const double noise[] = { 0, 0.1, 1.5 };
	static const int ks[] = { 20, 5 };
	static struct path ref, cand;
	struct drift_prompt prompts[16];
	int t, ki, i, n;

	for (ki = 0; ki < 2; ki++)
		for (t = 0; t < 3; t++) {
			struct drift_summary s;

			for (i = 0; i < 16; i++) {
				char prompt[32];
				double truth = 0, top1 = 0;

				snprintf(prompt, sizeof(prompt), "prompt %d", i);
				walk(prompt, 0, ks[ki], &ref);
				walk(prompt, noise[t], ks[ki], &cand);
				ck_assert_int_eq(
					drift_prompt(ref.pos, PATH, cand.pos, PATH, &prompts[i]),
					0);
				for (n = 0; n < (int)prompts[i].positions; n++) {
					truth += fake_logits_true_kl(ref.lp[n], cand.lp[n], ks[ki]);
					top1 += fake_logits_argmax(ref.lp[n]) ==
						fake_logits_argmax(cand.lp[n]);
				}
				truth /= (double)prompts[i].positions;
				top1 /= (double)prompts[i].positions;
				ck_assert_msg(prompts[i].kl_low <= truth + 1e-9 &&
						      truth <= prompts[i].kl_high + 1e-9,
					      "k %d noise %g prompt %d: true %g outside [%g, %g]",
					      ks[ki], noise[t], i, truth, prompts[i].kl_low,
					      prompts[i].kl_high);
				ck_assert_double_eq_tol(prompts[i].top1, top1, 1e-12);
			}
			ck_assert_int_eq(drift_summarise(prompts, 16, 1, 500, 0.05, &s), 0);
			if (noise[t] == 0) {
				ck_assert_uint_eq(s.positions, 16 * PATH);
				ck_assert_int_eq(drift_verdict_of(&s, 0.01, 0.95), DRIFT_SAME);
			} else if (noise[t] > 1) {
				ck_assert_int_eq(drift_verdict_of(&s, 0.01, 0.95), DRIFT_DRIFTED);
			}
		}
}
END_TEST

/* two stretches merged: the position-weighted means, the counts, the
 * first divergence kept */
START_TEST(a_realigned_stretch_merges_by_positions)
{
	struct drift_prompt a = { .positions = 3,
				  .first_divergence = 2,
				  .kl_low = 0.1,
				  .kl_high = 0.4,
				  .top1 = 2.0 / 3,
				  .segments = 1,
				  .divergences = 1 };
	struct drift_prompt b = { .positions = 1,
				  .first_divergence = -1,
				  .kl_low = 0.5,
				  .kl_high = 0.8,
				  .top1 = 1,
				  .segments = 1,
				  .clipped = true };

	drift_prompt_merge(&a, &b);
	ck_assert_uint_eq(a.positions, 4);
	ck_assert_double_eq_tol(a.kl_low, (0.3 + 0.5) / 4, 1e-12);
	ck_assert_double_eq_tol(a.kl_high, (1.2 + 0.8) / 4, 1e-12);
	ck_assert_double_eq_tol(a.top1, 0.75, 1e-12);
	ck_assert_uint_eq(a.segments, 2);
	ck_assert_uint_eq(a.divergences, 1);
	ck_assert_int_eq(a.first_divergence, 2);
	ck_assert(a.clipped);
}
END_TEST

/* The sequential bets: under the null the wealth reaches 1/alpha at any
 * of compare's looks (4, 8, 16... prompts) in at most about alpha of 2,000
 * runs; against a clear difference it gets there in a few prompts; the
 * confidence sequence holds the true mean in at least 1 - alpha of the
 * runs; identical answers never look drifted. */
START_TEST(the_sequential_bets_keep_their_level)
{
	enum { RUNS = 2000, N = 128 };
	static double x[N];
	uint64_t seed = 99;
	int r, i, ever = 0, covered = 0, quick = 0;

	for (r = 0; r < RUNS; r++) {
		bool crossed = false;
		size_t look;

		for (i = 0; i < N; i++) /* a share per prompt: 4 positions of 5% each */
			x[i] = ((uniform(&seed) < 0.05) + (uniform(&seed) < 0.05) +
				(uniform(&seed) < 0.05) + (uniform(&seed) < 0.05)) /
			       4.0;
		for (look = 4; look <= N && !crossed; look *= 2)
			crossed = drift_seq_log_wealth(x, look, 0.05, true) >= log(1 / 0.05);
		ever += crossed;
		if (r < 50) { /* the interval is costlier: 513 pairs of bets */
			struct drift_interval in = drift_seq_interval(x, 64, 0.05);

			covered += in.low <= 0.05 && 0.05 <= in.high;
		}
	}
	ck_assert_msg(ever <= RUNS * 0.05, "the null was rejected in %d of %d runs", ever, RUNS);
	ck_assert_msg(covered >= 47, "the interval held the mean in %d of 50 runs", covered);
	/* a twin that disagrees on half its positions: decided within 8 prompts */
	for (r = 0; r < 100; r++) {
		for (i = 0; i < 8; i++)
			x[i] = 0.3 + 0.4 * uniform(&seed);
		quick += drift_seq_log_wealth(x, 8, 0.05, true) >= log(1 / 0.005);
	}
	ck_assert_int_eq(quick, 100);
	memset(x, 0, sizeof(x));
	ck_assert(drift_seq_log_wealth(x, N, 0.05, true) <= 0);
}
END_TEST

/* a listed probability of -inf or -9999 counts as the floor: the KL stays
 * finite and the candidate's log-likelihood interval in order (the fuzzer
 * found both) */
START_TEST(a_listed_token_under_the_floor)
{
	static const struct drift_alt ra[] = { { "a", -0.5 }, { "b", -1.2 } };
	static const struct drift_alt ca[] = { { "a", -0.1 }, { "b", -1e6 } };
	static const struct drift_alt cb[] = { { "c", -0.1 }, { "d", -30 } };
	const struct drift_position ref = { "a", -0.5, ra, 2 }, cand = { "a", -0.1, ca, 2 };
	const struct drift_position other = { "c", -0.1, cb, 2 };
	struct drift_point pt;

	ck_assert_int_eq(drift_point(&ref, &cand, &pt), 0);
	ck_assert(isfinite(pt.kl_low) && isfinite(pt.kl_high));
	ck_assert(pt.kl_low <= pt.kl_high);
	ck_assert_double_eq(pt.cand_logprob_low, -0.1);
	ck_assert_int_eq(drift_point(&ref, &other, &pt), 0);
	ck_assert(isfinite(pt.kl_high));
	ck_assert(pt.cand_logprob_low <= pt.cand_logprob_high);
	ck_assert_double_eq(pt.cand_logprob_high, DRIFT_FLOOR_LOGPROB);
}
END_TEST

Suite *drift_suite(void)
{
	Suite *s = suite_create("drift");
	TCase *tc = tcase_create("drift");

	tcase_set_timeout(tc, 300); /* a cap for a hung test, never a speed test */
	tcase_add_test(tc, a_position_by_hand);
	tcase_add_test(tc, a_list_after_sampling);
	tcase_add_test(tc, the_interval_holds_the_true_kl);
	tcase_add_test(tc, a_prompt_to_its_first_divergence);
	tcase_add_test(tc, a_prompt_clipped_at_the_cap);
	tcase_add_test(tc, the_summary_and_its_verdict);
	tcase_add_test(tc, the_fakes_twins);
	tcase_add_test(tc, a_realigned_stretch_merges_by_positions);
	tcase_add_test(tc, the_sequential_bets_keep_their_level);
	tcase_add_test(tc, a_listed_token_under_the_floor);
	suite_add_tcase(s, tc);
	return s;
}
