/* SPDX-License-Identifier: Apache-2.0 */
/* verdict — a probe's verdict, cause and message from its observations.
 *
 * The runner records one observation per request; this module turns them
 * into what the reports say: the verdict (graded failures make a FAIL,
 * failed exchanges only an ERROR), the most frequent cause with one
 * answer as its example, the stream medians, the --stream-parity merge,
 * the haystack's size check, a conformance check's verdict from its
 * status, and the verdict of a probe never sent.
 * Never prints, never sends. */
#ifndef PREFLIGHT_VERDICT_H
#define PREFLIGHT_VERDICT_H

#include "plan.h"
#include "result.h"

/* Sets pr's verdict, cause, remedy and message from its observations; a
 * probe with none is an error, never a pass. */
void verdict_conclude(struct probe_result *pr);

/* A conformance check's verdict from its kind's judgement: status st
 * (pr->conform), the evidence as its message, a FAIL when st fails check c
 * (conform_fails), SKIPPED when it was skipped, else a PASS. */
void verdict_check(const struct conform_spec *c, struct probe_result *pr, enum conform_status st,
		   const char *evidence);

/* Sets pr's stream figures to the medians over its streamed answers. */
void verdict_stream_medians(struct probe_result *pr);

/* --stream-parity: pr ran plain and st streamed; st's answers move into
 * pr, and a verdict or cause that differs fails pr as stream-parity. */
void verdict_merge_parity(struct probe_result *pr, struct probe_result *st);

/* The haystack must be the size asked for as the endpoint counted it
 * (within 3%), and at least the probe's floor; each miss adds a failed
 * observation. */
void verdict_check_prompt_size(struct probe_result *pr);

/* The verdict of a probe that was never sent (the endpoint could not be
 * used, or the run was interrupted first): v with cause and detail, and
 * as many answers asked for as its plan item says. */
void verdict_not_run(struct probe_result *pr, const struct plan_item *it, enum verdict v,
		     enum cause cause, const char *detail);

#endif
