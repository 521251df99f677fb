/* SPDX-License-Identifier: Apache-2.0 */
/* grade — the verdict on one answer.
 *
 * Combines the probe's content checks (regex, negative regex, strict JSON
 * with a schema, tool call against the tool's own parameters schema, the
 * needle's secret, no garbage) with the evidence policy (allowed finish
 * reasons, reasoning required or forbidden). A text check that passed
 * does not save an answer whose evidence breaks the policy. On failure
 * the cause comes from diagnose. Never prints. */
#ifndef PREFLIGHT_GRADE_H
#define PREFLIGHT_GRADE_H

#include <signal.h>
#include <stdbool.h>

#include "chat.h"
#include "diagnose.h"
#include "needle.h"
#include "probe.h"

struct grade_policy {
	char *const *finish_reasons; /* borrowed; allowed values */
	size_t n_finish_reasons;
	enum reasoning_policy reasoning;
	long max_tokens;		  /* the budget that was sent */
	long window;			  /* the endpoint's context, -1 unknown */
	const struct needle_set *needles; /* the needle's codes, or NULL */
	const char *const *expected;	  /* texts for expect.contains_from (a flag's list) */
	size_t n_expected;
	const volatile sig_atomic_t *cancel; /* the run's Ctrl-C: grading stops, or NULL */
};

struct grade {
	bool pass;
	enum cause cause;	 /* CAUSE_NONE when pass */
	char detail[512];	 /* why, one line; on pass a short note */
	char json_keys[256];	 /* the JSON object's keys, ['a','b'], when one parsed */
	enum recall_miss recall; /* a needle's codes lost, or a distractor's given */
	char pattern[160];	 /* "pattern 'X'" when a pattern hit pcre2's limit, else "" */
	int recalled, asked;	 /* a needle's codes found, of those asked; 0 of 0 else */
};

/* Grades r against the expectations x (a probe's, or one of its turns').
 * st is the stream's evidence when the answer was streamed, else NULL. */
void grade_answer(const struct expect *x, const struct grade_policy *pol,
		  const struct chat_reply *r, const struct stream_stats *st, struct grade *g);

/* The content as one JSON object: whitespace and one ```json fence allowed
 * around it, nothing else. Returns the parsed object (caller deletes) or
 * NULL with the reason in why. */
cJSON *grade_json_object(const char *content, size_t len, char *why, size_t whylen);

#endif
