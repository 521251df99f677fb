/* SPDX-License-Identifier: Apache-2.0 */
/* behave — behavioural drift: what a side did with one request of a
 * dataset (called a tool or not, which one, whether its arguments are
 * valid against that tool's schema, why it stopped, what it answered,
 * whether a structured answer holds its schema), and two sides compared
 * over a dataset: tool-call trigger precision, recall and F1 of the
 * candidate against the reference ("called a tool" as the event), the
 * same tool chosen, arguments valid, finish reasons, exact answers,
 * structured-output validity; F1's interval by resampling the requests.
 *
 * A dataset line is one OpenAI chat request body (the vendor verifier's
 * samples.jsonl layout reads as it is, its "_input" role as "system");
 * behave_request keeps what asks the model (messages, tools, tool_choice,
 * response_format, ...) and drops what the run sets (model, sampling,
 * stream) and keys starting "_".
 *
 * Pure: no I/O, never prints; reads replies through reply.h and schemas
 * through schema.h. */
#ifndef PREFLIGHT_BEHAVE_H
#define PREFLIGHT_BEHAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "drift.h"

/* why a side stopped, in the few kinds the summary counts */
enum behave_finish {
	BEHAVE_STOP,
	BEHAVE_LENGTH,
	BEHAVE_TOOL_CALLS,
	BEHAVE_OTHER, /* another word, or none */
	BEHAVE_FINISH_N,
};

/* one answer, as behaviour */
struct behave_answer {
	bool answered;		   /* the side gave a readable reply */
	bool called;		   /* it called a tool */
	char tool[128];		   /* the first call's function name */
	int args_valid;		   /* 1 valid, 0 not (not JSON, or not its schema), -1 no call */
	enum behave_finish finish; /* why it stopped */
	uint64_t digest;	   /* of the answer: content, and each call's name and arguments */
	int structured;		   /* -1 not asked; 1 its JSON holds response_format, 0 not */
};

/* The request of one dataset line: a new object holding what asks the
 * model, or NULL with the reason (not a JSON object, no messages, a
 * message without a role). Caller deletes. */
cJSON *behave_request(const char *line, size_t len, char *err, size_t errlen);

/* Reads the reply body to request (the dataset's, for its tools and
 * response_format) into a. Returns 0, or -1 with the reason when the body
 * is not a chat completion (a->answered false). */
int behave_read(const cJSON *request, const char *body, size_t len, struct behave_answer *a,
		char *err, size_t errlen);

/* one side against another over the requests both answered */
struct behave_summary {
	size_t n;		     /* requests both sides answered */
	size_t tp, fp, fn, tn;	     /* "called a tool": the other side against the first */
	bool f1_defined;	     /* some side called a tool somewhere */
	double precision, recall;    /* -1 when undefined */
	double f1;		     /* -1 when undefined */
	struct drift_interval f1_ci; /* resampling the requests */
	double confidence;	     /* of f1_ci */
	size_t both_called, same_tool;
	size_t calls, args_valid;	     /* the other side's calls, and those valid */
	size_t exact;			     /* answers the same, byte for byte */
	size_t structured, structured_valid; /* structured requests, the other side's valid */
	size_t finish_a[BEHAVE_FINISH_N], finish_b[BEHAVE_FINISH_N];
};

/* Compares b with a (the reference) over n requests; an answer either side
 * did not give leaves its request out. The interval is the percentile
 * bootstrap of F1 at 1 - alpha, resamples draws from seed. Returns 0. */
int behave_summarise(const struct behave_answer *a, const struct behave_answer *b, size_t n,
		     uint64_t seed, int resamples, double alpha, struct behave_summary *out);

/* The early stop's bets that the other side's tool-call F1 is below m,
 * valid at any stopping time (drift's bets), over the requests both sides
 * answered, in order. F1 is the harmonic mean of precision and recall, so
 * it is below m whenever either is below m / (2 - m): one bet that the
 * reference's calls were missed (1 - recall), one that the other side's
 * calls were not the reference's (1 - precision), each above 1 - m / (2 - m).
 * f1 bounds F1 from both confidence sequences at alpha (jointly at
 * 1 - 2 alpha). */
struct behave_seq {
	size_t ref_called, other_called; /* the requests each bet has read */
	double log_miss, log_extra;	 /* the bets' log wealths */
	struct drift_interval f1;
};
int behave_seq(const struct behave_answer *a, const struct behave_answer *b, size_t n, double m,
	       double alpha, struct behave_seq *out);

/* "stop", "length", "tool_calls", "other" */
const char *behave_finish_name(enum behave_finish f);
/* The finish an engine's finish_reason (or a report's name) says:
 * behave_finish_name's inverse, "eos_token" and "function_call" read as
 * theirs, anything else (or NULL) BEHAVE_OTHER. */
enum behave_finish behave_finish_named(const char *f);

#endif
