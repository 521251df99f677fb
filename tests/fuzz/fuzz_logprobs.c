/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_logprobs — compare's hot path on arbitrary bytes: two chat
 * completions (the input split at its first NUL, else in halves) read as
 * top-k logprob lists, compared position by position, merged as a
 * re-aligned stretch, summarised and bet on; the second also read as the
 * scores of the first's tokens (vLLM's prompt_logprobs, SGLang's input
 * logprobs: teacher forcing) and as a prompt's token ids, and the scores
 * compared with the first. Whatever the bytes, every figure is finite and
 * in its range: the KL's low end at most its high end and at least 0
 * within rounding, top-1 agreement a share, the rank within 1..k+1, the
 * wealth finite; a scored path holds exactly the tokens asked. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drift.h"
#include "reply.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_prompt(const struct drift_prompt *p)
{
	if (!isfinite(p->kl_low) || !isfinite(p->kl_high) || p->kl_low > p->kl_high + 1e-9 ||
	    p->kl_low < -1e-9 || p->kl_high > DRIFT_KL_CAP + 1e-9 || p->top1 < 0 || p->top1 > 1 ||
	    p->rank_mean < 1 || !isfinite(p->nll_ref) || p->nll_cand_low > p->nll_cand_high + 1e-9)
		abort();
}

/* the second reply as the scores of the first's tokens, both readers */
static void check_scored(const struct drift_path *expect, const char *text, size_t len)
{
	struct drift_path s;
	struct drift_prompt p;
	char err[256];
	long *ids = NULL;
	size_t n = 0;
	int way;

	for (way = 0; way < 2; way++) {
		enum reply_result rc = way ? reply_input_logprobs(text, len, expect, 20, true, &s,
								  err, sizeof(err))
					   : reply_prompt_logprobs(text, len, expect, 20, false, &s,
								   err, sizeof(err));

		if (rc == REPLY_OK && (s.n != expect->n || !s.text))
			abort();
		if (rc == REPLY_OK && !drift_prompt(expect->pos, expect->n, s.pos, s.n, &p))
			check_prompt(&p);
		drift_path_release(&s);
	}
	if (reply_prompt_ids(text, len, &ids, &n, err, sizeof(err)) == REPLY_OK && (!ids || !n))
		abort();
	free(ids);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	size_t split = nul ? (size_t)(nul - text) : size / 2, rest = size - split - (nul != NULL);
	struct drift_path a, b;
	struct drift_prompt p[2];
	struct drift_summary s;
	char err[256];
	double x[2];

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (reply_logprobs(text, split, &a, err, sizeof(err)) != REPLY_OK) {
		drift_path_release(&a);
		return 0;
	}
	if (a.n)
		check_scored(&a, text + size - rest, rest);
	if (reply_logprobs(text + size - rest, rest, &b, err, sizeof(err)) == REPLY_OK &&
	    !drift_prompt(a.pos, a.n, b.pos, b.n, &p[0])) {
		size_t i;

		check_prompt(&p[0]);
		for (i = 0; i < a.n && i < b.n; i++) {
			struct drift_point pt;

			if (drift_point(&a.pos[i], &b.pos[i], &pt))
				break;
			if (pt.kl_low > pt.kl_high + 1e-9 || pt.rank < 1 || pt.rank > pt.k + 1 ||
			    !isfinite(pt.kl_low) || !isfinite(pt.kl_high))
				abort();
		}
		p[1] = p[0];
		drift_prompt_merge(&p[0], &p[1]);
		check_prompt(&p[0]);
		if (!drift_summarise(p, 2, 1, 20, 0.05, &s) &&
		    (s.kl_ci.low > s.kl_ci.high + 1e-9 || s.top1_ci.low > s.top1_ci.high + 1e-9))
			abort();
		x[0] = 1 - p[0].top1;
		x[1] = p[0].kl_low / DRIFT_KL_CAP;
		if (!isfinite(drift_seq_log_wealth(x, 2, 0.05, true)) ||
		    !isfinite(drift_seq_log_wealth(x, 2, 0.05, false)))
			abort();
	}
	drift_path_release(&a);
	drift_path_release(&b);
	return 0;
}
