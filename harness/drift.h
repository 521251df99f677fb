/* SPDX-License-Identifier: Apache-2.0 */
/* drift — how far a candidate endpoint's next-token distributions are
 * from a reference's, measured from the top-k lists the endpoints report
 * (chat `logprobs` with `top_logprobs`), the first stage of `preflight
 * compare` (issue 29).
 *
 * Positions are compared only where both sides saw the same context: from
 * the first generated token on, while both chose the same tokens, and the
 * first position where they chose differently (its context was still the
 * same); that position is the prompt's first divergence.
 *
 * At a position, with k the smaller of the two lists' lengths and each list
 * cut to its k most likely tokens, the divergence is KL(reference ‖
 * candidate) over the reference's k tokens plus one "other" bucket for the
 * rest of the vocabulary. A reference token missing from the candidate's
 * list has a candidate probability of at most the list's k-th and, by
 * convention, at least e^DRIFT_FLOOR_LOGPROB, so the KL is an interval: its
 * low end takes every unknown probability as large as it can be, its high
 * end as small, each term bounded on its own (so both ends are safe, if
 * wide). A prompt's KL is the mean over its positions, its high end
 * clipped at DRIFT_KL_CAP nats.
 *
 * Across prompts the figures are the position-weighted means, and their
 * intervals come from resampling prompts, never positions (neighbouring
 * positions are correlated): a percentile bootstrap with a seeded
 * generator, at the confidence that keeps the two tested metrics (KL and
 * top-1 agreement) within alpha together (Bonferroni: each at 1 - alpha/2).
 * Pure computation: no I/O, never prints. */
#ifndef PREFLIGHT_DRIFT_H
#define PREFLIGHT_DRIFT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf;

#define DRIFT_FLOOR_LOGPROB (-20.0) /* the least probability a listed-out token is given */
#define DRIFT_KL_CAP	    10.0    /* nats: a prompt's mean KL is clipped here */
#define DRIFT_MAX_TOP	    64	    /* alternatives read at a position */
/* a list after sampling: one token at log-probability 0 (within this),
 * any other at or below DRIFT_SAMPLED_NONE (vLLM writes -inf as -9999) */
#define DRIFT_SAMPLED_WHOLE (-1e-4)
#define DRIFT_SAMPLED_NONE  (-1e3)

/* One alternative at a position: the token's text and its log-probability. */
struct drift_alt {
	const char *token; /* borrowed */
	double logprob;
};

/* One position of one side: the token it chose and its top-k list (the
 * endpoint's order does not matter). */
struct drift_position {
	const char *token; /* borrowed */
	double logprob;
	const struct drift_alt *top; /* borrowed */
	size_t n_top;
};

/* One side's answer to one prompt as the endpoint reported it: every
 * generated position, the answer's facts beside. Owns its texts. */
struct drift_path {
	struct drift_position *pos; /* owned; their texts and lists point into this path */
	size_t n;
	struct drift_alt *alts;	  /* owned: every position's list, one after another */
	char *text;		  /* owned: every token text, each NUL-ended */
	long prompt_tokens;	  /* as the endpoint's usage counts them, -1 absent */
	bool reasoning;		  /* the answer carried reasoning beside its content */
	long reasoning_positions; /* with it, the leading positions that are reasoning (the
				   * tokens end with the content); -1 when they could not be
				   * told apart */
	bool cut;		  /* positions past DRIFT_MAX_POSITIONS were left out */
	bool post_sampling;	  /* the endpoint said its lists are after sampling
				   * (llama.cpp's post_sampling_probs: "prob", "top_probs") */
};

#define DRIFT_MAX_POSITIONS 4096 /* read of one answer */

void drift_path_release(struct drift_path *p);
/* A copy of src's first n positions (fewer when src has fewer): their
 * tokens and log-probabilities, no alternatives. Returns 0, or -1 out of
 * memory (dst empty). dst is released by the caller. */
int drift_path_head(const struct drift_path *src, size_t n, struct drift_path *dst);

/* Is the position's list one reported after sampling: its one token has
 * all the probability, any other none (greedy decoding keeps one token:
 * llama.cpp's post_sampling_probs, vLLM's --logprobs-mode processed_*)? A
 * list before sampling spreads some probability over its alternatives. */
bool drift_position_sampled(const struct drift_position *p);
/* The text of p's tokens [from, upto) appended to out (upto past the end:
 * to the end). Returns 0, or a buf error. */
int drift_path_text(const struct drift_path *p, size_t from, size_t upto, struct buf *out);
/* Of p's positions, those with a list (into *listed) and, returned, those
 * of them reported after sampling (all of them when the endpoint said so). */
size_t drift_path_sampled(const struct drift_path *p, size_t *listed);

/* One position compared. */
struct drift_point {
	double kl_low, kl_high; /* nats */
	bool top1_agree;	/* the two lists' most likely tokens are the same */
	int rank;		/* of the reference's chosen token in the candidate's list,
				   1-based; k + 1 when it is not in the list (censored) */
	int k;			/* the alternatives compared */
	/* the candidate's log-probability of the reference's chosen token,
	   an interval when it is not in the candidate's list */
	double cand_logprob_low, cand_logprob_high;
};

/* Compares one position. Returns 0, or -1 when a side has no list. */
int drift_point(const struct drift_position *ref, const struct drift_position *cand,
		struct drift_point *out);

/* One prompt compared along its shared path. */
struct drift_prompt {
	size_t positions;	/* compared: the shared path and its first divergence */
	long first_divergence;	/* the position where the chosen tokens differ, -1 none */
	double kl_low, kl_high; /* means over the positions; the high end clipped */
	bool clipped;		/* the high end was over DRIFT_KL_CAP */
	double top1;		/* the share of positions whose most likely tokens agree */
	double rank_mean;	/* of the reference's token in the candidate's list (censored) */
	double nll_ref;		/* mean negative log-likelihood of the reference's tokens */
	double nll_cand_low, nll_cand_high; /* of the same tokens under the candidate */
	size_t segments;		    /* stretches compared: 1, plus one a re-alignment */
	size_t divergences;		    /* positions where the chosen tokens differed */
};

/* Compares a prompt's two answers position by position. A position
 * without a list on either side ends the comparison there. Returns 0, or
 * -1 when not even the first position could be compared. */
int drift_prompt(const struct drift_position *ref, size_t n_ref, const struct drift_position *cand,
		 size_t n_cand, struct drift_prompt *out);

/* Adds seg, the stretch compared after a re-alignment (both sides given
 * the reference's text up to a divergence, then continuing), to into:
 * the position-weighted means, the cap flag, the counts; the first
 * divergence stays into's. */
void drift_prompt_merge(struct drift_prompt *into, const struct drift_prompt *seg);

/* An interval. */
struct drift_interval {
	double low, high;
};

/* splitmix64: the seeded stream the resamples draw from (the state
 * advances). */
uint64_t drift_random(uint64_t *state);

/* sorts n values ascending */
void drift_sort(double *v, size_t n);

/* the q-quantile of n values sorted ascending (nearest rank) */
double drift_quantile(const double *v, size_t n, double q);

/* The comparison over every prompt. */
struct drift_summary {
	size_t prompts, positions, diverged; /* diverged: prompts with a first divergence */
	double confidence;		     /* of each interval (after the correction) */
	double kl_low, kl_high;		     /* the position-weighted means of each end */
	struct drift_interval kl_ci; /* the low end's lower and the high end's upper bound */
	double top1;
	struct drift_interval top1_ci;
	double rank_mean;
	double ppl_ref, ppl_cand_low, ppl_cand_high; /* of the reference's text */
};

/* Summarises n prompts with `resamples` bootstrap resamples drawn from
 * seed, every interval at 1 - alpha/2 (two metrics tested). Prompts with
 * no position compared are left out. Returns 0, or -1 when none is left
 * or memory ran out. */
int drift_summarise(const struct drift_prompt *p, size_t n, unsigned long seed, int resamples,
		    double alpha, struct drift_summary *out);

/* What the comparison says, as a test: same when the KL's whole interval
 * is under max_kl and top-1 agreement's over min_top1; drifted when either
 * lies wholly on the wrong side; else inconclusive. */
enum drift_verdict { DRIFT_SAME, DRIFT_DRIFTED, DRIFT_INCONCLUSIVE };

enum drift_verdict drift_verdict_of(const struct drift_summary *s, double max_kl, double min_top1);
/* Each metric on its own: its interval wholly under max_kl (over
 * min_top1) is same, wholly on the wrong side drifted, else inconclusive.
 * drift_verdict_of combines the two. */
enum drift_verdict drift_kl_verdict(const struct drift_summary *s, double max_kl);
enum drift_verdict drift_top1_verdict(const struct drift_summary *s, double min_top1);
const char *drift_verdict_name(enum drift_verdict v);

/* Sequential tests by betting, valid at any stopping time (so a
 * comparison may stop as soon as one decides; a bootstrap is not valid
 * after such a stop). x[0..n) are per-prompt values in [0, 1], in the
 * order they were drawn. Eight bettors stake fixed fractions (1/2, 1/4,
 * ... 1/256) of the most that keeps their wealth non-negative; under the
 * null each wealth, and so their mean, is a non-negative supermartingale:
 * by Ville's inequality it ever reaches 1/alpha with probability at most
 * alpha. The mixture grows nearly as fast as the best of the eight.
 *
 * The log of the wealth of betting that the mean is above m (up) or below
 * m (!up). */
double drift_seq_log_wealth(const double *x, size_t n, double m, bool up);
/* The confidence sequence for the mean at level alpha: every m neither
 * bet rejects at alpha/2, on a grid of DRIFT_SEQ_GRID + 1 points dense
 * near 0, widened to the next point out on each side. */
#define DRIFT_SEQ_GRID 512
struct drift_interval drift_seq_interval(const double *x, size_t n, double alpha);

#endif
