/* SPDX-License-Identifier: Apache-2.0 */
/* diff — what changed between two JSON reports of one recipe: the gate a
 * CI job runs against the last good report.
 *
 * Items are matched by id (and a sweep cell's variant, a conformance
 * check's id). A regression is an item that passed and no longer does, an
 * item that still fails but for a new cause, a conformance check that
 * lost its honoured status, an effective context that shrank, a decode
 * speed that fell or a TTFT that rose beyond its limit. A speed figure is
 * compared only when it means the same in both reports: the same source
 * (engine-reported or measured by preflight), no burst stream, the same
 * max_tokens, the same haystack; else it is listed as not comparable, with
 * why. Items only in one report are listed, never regressions. Items are
 * found through the model's index, never by a scan. Pure: reads two
 * models, renders text; never prints. */
#ifndef PREFLIGHT_DIFF_H
#define PREFLIGHT_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct model;

/* --max-regression 'decode=5%,ttft=10%,prefill=10%': the largest change
 * that is not a regression, in percent. TTFT changes under ttft_floor
 * seconds never count: a fast endpoint's jitter is not a regression. */
struct diff_limits {
	double decode, ttft, prefill; /* percent */
	double ttft_floor;	      /* seconds */
};

#define DIFF_LIMITS_DEFAULT "decode=5%,ttft=10%,prefill=10%"

/* The defaults: decode=5%, ttft=10%, prefill=10%, ttft_floor_ms=10. */
void diff_limits_default(struct diff_limits *l);

/* Sets the keys spec names (decode, ttft, prefill, ttft_floor_ms; a
 * percent sign optional) in l, leaving the others. Returns 0, or -1 with
 * the reason in err. */
int diff_limits_parse(const char *spec, struct diff_limits *l, char *err, size_t errlen);

enum diff_kind { DIFF_REGRESSION = 0, DIFF_IMPROVEMENT, DIFF_INCOMPARABLE, DIFF_ONLY_ONE };

struct diff_item {
	enum diff_kind kind;
	char what[128]; /* "needle@32k@50%", "decode tok/s", "effective context" */
	char base[96];	/* the baseline's value, "" none */
	char now[96];	/* the new report's */
	char note[256]; /* why it counts (or cannot be compared) */
};

struct diff {
	struct diff_item *items; /* owned, in report order, regressions first */
	size_t n, cap;
	int regressions, improvements, unchanged;
	char base_name[256], new_name[256]; /* what each report is (recipe or model) */
	char apart[160]; /* "two different models", "two different endpoints", ... or "" */
};

/* Compares now against base (preflight-report/v1 or
 * preflight-conformance/v1, the same kind). Returns 0, or -1 with the
 * reason in err (different kinds, out of memory). d is released by the
 * caller either way. */
int diff_reports(const struct model *base, const struct model *now, const struct diff_limits *l,
		 struct diff *d, char *err, size_t errlen);
void diff_release(struct diff *d);

/* The diff as console text, and as markdown for a pull-request comment
 * (a headline, then one table of the changes). Return 0, or -1 when out
 * of memory. */
int diff_console(const struct diff *d, struct buf *out);
int diff_markdown(const struct diff *d, struct buf *out);

#endif
