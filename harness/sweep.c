/* SPDX-License-Identifier: Apache-2.0 */
/* sweep — a needle sweep's summary; see sweep.h. */
#include "sweep.h"

#include <stdio.h>
#include <string.h>

#include "plan.h"

static bool passed(const struct probe_result *p)
{
	return p->verdict == VERDICT_PASS;
}

/* the sizes of the swept cells, once each, ascending */
static void collect_sizes(const struct run_result *r, struct sweep_summary *s)
{
	size_t i, k;

	for (i = 0; i < r->n_probes; i++) {
		long t = r->probes[i].needle_target;

		if (!r->probes[i].swept || t <= 0)
			continue;
		for (k = 0; k < s->n_sizes && s->sizes[k] != t; k++)
			;
		if (k < s->n_sizes || s->n_sizes == SWEEP_MAX_SIZES)
			continue;
		for (k = s->n_sizes++; k > 0 && s->sizes[k - 1] > t; k--)
			s->sizes[k] = s->sizes[k - 1];
		s->sizes[k] = t;
	}
}

void sweep_summarize(const struct run_result *r, struct sweep_summary *s)
{
	size_t i, k;

	memset(s, 0, sizeof(*s));
	collect_sizes(r, s);
	s->present = s->n_sizes > 0;
	for (i = 0; i < r->n_probes; i++)
		if (r->probes[i].swept) {
			s->cells++;
			s->passed += passed(&r->probes[i]);
		}
	for (k = 0; k < s->n_sizes && !s->first_fail; k++) {
		for (i = 0; i < r->n_probes && !s->first_fail; i++)
			if (r->probes[i].swept && r->probes[i].needle_target == s->sizes[k] &&
			    !passed(&r->probes[i]))
				s->first_fail = &r->probes[i];
		if (!s->first_fail)
			s->effective = s->sizes[k];
	}
	/* the largest size actually sent: a cell beyond the window never was */
	for (i = 0; i < r->n_probes; i++)
		if (r->probes[i].swept && !r->probes[i].beyond_window &&
		    r->probes[i].needle_target > s->swept_max)
			s->swept_max = r->probes[i].needle_target;
	s->window_cut = s->first_fail && s->first_fail->beyond_window;
}

void sweep_headline(const struct sweep_summary *s, char *out, size_t n)
{
	char eff[24], max[24];

	plan_size_label(s->effective, eff, sizeof(eff));
	plan_size_label(s->swept_max, max, sizeof(max));
	if (!s->swept_max)
		snprintf(out, n, "effective context unknown: no cell was sent");
	else if (!s->effective)
		snprintf(out, n, "effective context none of %s swept", max);
	else
		snprintf(out, n, "effective context %s of %s swept", eff, max);
}
