/* needle — the needle-in-a-haystack prompt and its size arithmetic.
 *
 * The haystack is the filler sentence repeated, with the secret line at a
 * sentence boundary at the requested depth and the question at the end, in
 * one user message, exactly as the notebook's preflight built it. The size
 * is chosen from the endpoint's own token counts (two calibration points
 * give tokens per filler and the fixed overhead), not from a words-per-
 * token guess. Never prints. */
#ifndef PREFLIGHT_NEEDLE_H
#define PREFLIGHT_NEEDLE_H

#include <stdbool.h>
#include <stddef.h>

#include "probe.h"

/* Returns the user message with count fillers, the secret line (when the
 * spec has one) at depth, and the question; caller frees. NULL when out of
 * memory. */
char *needle_build(const struct needle_spec *s, const char *secret, double depth, long count);

/* The secret of depth variant index (0, 1, ...) of a --needle-depth list,
 * or base itself when index is negative. Distinct per variant, the same
 * in every run. */
void needle_secret_for(const char *base, double depth, int index, char *out, size_t n);

/* The filler count whose prompt is closest to target tokens, given that
 * count a measured ta tokens and count b measured tb (a < b). Returns -1
 * when the measurements make no sense (tb <= ta). */
long needle_count_for(long target, long a, long ta, long b, long tb);

/* A first guess before any measurement: 4 characters per token. */
long needle_count_guess(const struct needle_spec *s, long target);

/* The prompt tokens of a haystack of count fillers as the endpoint counts
 * them, or -1 when it cannot tell; *cheap says whether counting costs no
 * generation (a /tokenize). The caller's I/O, through the endpoint. */
typedef long (*needle_count_fn)(void *ctx, long count, bool *cheap);

/* Chooses the filler count for target tokens from the endpoint's own
 * counts: two small haystacks give tokens per filler and the fixed
 * overhead; where counting is cheap, one count at full size corrects the
 * rest. Counts that are absent, zero, or do not grow with the haystack
 * cannot size anything: then needle_count_guess, and why says what the
 * endpoint counted (else why is ""). */
long needle_calibrate(const struct needle_spec *s, long target, needle_count_fn count, void *ctx,
		      char *why, size_t whylen);

#endif
