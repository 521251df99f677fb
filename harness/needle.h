/* SPDX-License-Identifier: Apache-2.0 */
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

#define NEEDLE_CODE_LEN 48

/* The keys and codes of one haystack (RULER's variants): keys 0 to
 * queries-1 are asked, the others are distractors, lines of the same
 * shape under other keys; every key holds values codes. code[0][0] is the
 * item's secret. The notebook's needle is one key, one value, one query,
 * and a secret line without {key}. */
struct needle_set {
	int keys, values, queries;
	char key[NEEDLE_MAX_KEYS][16];
	char code[NEEDLE_MAX_KEYS][NEEDLE_MAX_VALUES][NEEDLE_CODE_LEN];
};

/* The set of spec's variant whose first code is secret: the other codes
 * are derived from it, distinct from each other and the same in every
 * run. */
void needle_set_init(const struct needle_spec *s, const char *secret, struct needle_set *ns);

/* The codes ns asks for (asked) and those it plants as distractors, into
 * the arrays given (each NEEDLE_MAX_KEYS x NEEDLE_MAX_VALUES long);
 * pointers into ns. */
void needle_set_codes(const struct needle_set *ns, const char **asked, size_t *n_asked,
		      const char **decoys, size_t *n_decoys);

/* Returns the user message with count fillers, ns's lines (when there is
 * a set: the asked ones at depth, the distractors spread evenly) and the
 * question, {key} in it naming the keys asked; caller frees. NULL when
 * out of memory. ns NULL is a plain haystack. */
char *needle_build(const struct needle_spec *s, const struct needle_set *ns, double depth,
		   long count);

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
