/* SPDX-License-Identifier: Apache-2.0 */
/* sweep — what a needle sweep over several sizes found.
 *
 * From a finished run: the sizes swept, the cells that passed, the
 * effective context (the largest size at which every cell passed, and
 * every cell of every smaller size: RULER's effective length with a
 * threshold of all), the first cell that did not pass, and whether the
 * first size short of that was left unsent because it does not fit the
 * endpoint's window. Reads the result only; never prints. */
#ifndef PREFLIGHT_SWEEP_H
#define PREFLIGHT_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

#define SWEEP_MAX_SIZES 16

struct sweep_summary {
	bool present;		     /* the run swept several sizes */
	long sizes[SWEEP_MAX_SIZES]; /* ascending */
	size_t n_sizes;
	int cells, passed;
	long effective;			       /* tokens; 0 when the smallest size failed */
	long swept_max;			       /* the largest size a cell was sent at */
	const struct probe_result *first_fail; /* borrowed: the first cell short of a pass */
	bool window_cut;		       /* that cell was not sent: beyond the window */
};

void sweep_summarize(const struct run_result *r, struct sweep_summary *s);

/* "effective context 8k of 16k swept" into out. */
void sweep_headline(const struct sweep_summary *s, char *out, size_t n);

#endif
