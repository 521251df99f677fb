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

#include "probe.h"

/* Returns the user message with count fillers, caller frees; NULL when out
 * of memory. */
char *needle_build(const struct needle_spec *s, long count);

/* The filler count whose prompt is closest to target tokens, given that
 * count a measured ta tokens and count b measured tb (a < b). Returns -1
 * when the measurements make no sense (tb <= ta). */
long needle_count_for(long target, long a, long ta, long b, long tb);

/* A first guess before any measurement: 4 characters per token. */
long needle_count_guess(const struct needle_spec *s, long target);

#endif
