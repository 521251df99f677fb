/* SPDX-License-Identifier: Apache-2.0 */
/* plan — what a run will send, decided once from the config and the probes.
 *
 * One item per result: a probe, or one --needle-depth variant of a needle
 * probe with its own secret. Each item says how its requests are sent
 * (batch, repetitions, streamed or not, both ways, alone then at once),
 * the answer budget and the haystack size, and how many answers it asks
 * for when every one passes. The runner executes items; the dry run, the
 * unreachable-endpoint path and replay read the same numbers, so a report
 * never counts differently from the run. Never prints. */
#ifndef PREFLIGHT_PLAN_H
#define PREFLIGHT_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "grade.h"
#include "needle.h"
#include "probe.h"

/* the most items a run can hold: every probe of the largest folder a
 * needle swept over every size and depth (4096 x 16 x 16 = 1,048,576) */
#define PLAN_ITEMS_MAX ((size_t)PROBE_SET_MAX * CONFIG_MAX_CTXS * CONFIG_MAX_DEPTHS)

/* the bundled tool probe's batch, reported when --tool-batch is not given */
#define PLAN_TOOL_BATCH 20

struct plan_item {
	const struct probe *probe;  /* borrowed from the probe set */
	char variant[16];	    /* "@50%" for a --needle-depth variant, else "" */
	double depth;		    /* where the needle's secret goes */
	char *secret;		    /* owned; the needle's secret, or NULL */
	struct needle_set *needles; /* owned; its keys and codes, NULL without a secret */
	const char *path;	    /* static: "chat/completions" or "responses" */
	int batch;		    /* identical requests at once, per repetition */
	int reps;		    /* repetitions */
	bool stream;		    /* streamed when sent as the flags set it */
	bool parity;		    /* --stream-parity: sent plain and streamed */
	bool solo;		    /* --concurrency-diff: the batch also one at a time */
	long max_tokens;	    /* the answer budget of every request */
	long needle_target;	    /* the haystack's size in tokens, -1: not a needle */
	bool swept;		    /* a cell of a --needle-ctx sweep of several sizes */
	int answers;		    /* answers asked for when every one passes */
};

struct plan {
	const struct config *c;	 /* borrowed: settings every item shares */
	struct plan_item *items; /* owned */
	size_t n;
	size_t *order; /* owned: the items in the order they are sent (see plan_build) */
};

/* What a plan will send, stated before anything is. */
struct plan_totals {
	double answers;	      /* answers asked for when every one passes */
	int cells, sizes;     /* a sweep's cells, and its sizes */
	int sizing;	      /* haystacks to size: each counts 2 or 3 prompts */
	double needle_tokens; /* haystack tokens of every needle answer */
};

void plan_totals(const struct plan *pl, struct plan_totals *t);

/* Builds the plan of the probes in set (already selected) under c; both
 * stay the caller's and must outlive the plan. The items are in report
 * order (a sweep's cells by size, then depth); the send order keeps that,
 * but each run of consecutive sweep cells goes by size ascending, then
 * depth descending: every haystack's fillers up to its needle are a
 * prefix of the previous cell's, which an engine's prefix cache (vLLM's
 * automatic prefix caching, SGLang's radix cache, llama.cpp's slot cache)
 * serves without a second prefill. Returns 0, or -1 when out of memory. */
int plan_build(const struct config *c, const struct probe_set *set, struct plan *pl);
void plan_release(struct plan *pl);

/* The evidence policy of expectations x (an item's probe's, or one of its
 * turns'): theirs where set, the run's flags else. pol borrows from x and
 * the config. */
void plan_policy(const struct plan *pl, const struct plan_item *it, const struct expect *x,
		 struct grade_policy *pol);

/* "32k", "1.5M", "14500": a haystack size as a sweep's cell is named. */
void plan_size_label(long tokens, char *out, size_t n);
/* "50%": a depth as its cells are named, with as many decimals as tell it
 * from every other depth of all (n_all of them): "50.1%" beside "50.4%",
 * none in an ordinary run. The plan's cells and the map's rows both. */
void plan_depth_label(double depth, const double *all, size_t n_all, char *out, size_t n);

/* The plan as the dry run prints it (preflight-plan/v1, indented JSON);
 * caller frees. NULL when out of memory. */
char *plan_json(const struct plan *pl);

#endif
