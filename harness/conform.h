/* SPDX-License-Identifier: Apache-2.0 */
/* conform — the kinds of conformance check, one descriptor row each.
 *
 * A check is a probe with a "conformance" block (probes/README.md). Its
 * kind is one row of a table, as jq's builtins are: its name, the words
 * its "expect" takes, what it needs of its own keys and of the request,
 * how many requests it sends and how each differs from the request as
 * written (streamed, repeated, thinking on and off, low and high effort),
 * the function that judges their answers into one status (honoured,
 * ignored, rejected, broken, skipped) with a line of evidence, and whether
 * an answer the budget cut shows nothing about it. A new kind is one row
 * and one judge. The requests go through the runner and every answer
 * through observe.h like a probe's; this module only reads the block,
 * shapes the requests and judges. It never sends and never prints. */
#ifndef PREFLIGHT_CONFORM_H
#define PREFLIGHT_CONFORM_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "chat.h"
#include "diagnose.h"
#include "engine.h"
#include "http.h"
#include "regex.h"
#include "reply.h"
#include "wire.h"

/* What a conformance check does with its request and how its answers are
 * judged; the names are the "check" values of probes/README.md. */
enum conform_kind {
	CONFORM_FORMAT = 0,	  /* response_format: the content obeys it */
	CONFORM_ERROR,		  /* a bad request gets the status and an OpenAI error object */
	CONFORM_TOOL_CHOICE,	  /* tool_choice / parallel_tool_calls: which calls come */
	CONFORM_TOOL_IDS,	  /* every call has an id, no two the same */
	CONFORM_TOOL_ARGS,	  /* arguments: a JSON string valid against the tool, both ways */
	CONFORM_STOP,		  /* the request's stop strings end the answer */
	CONFORM_MAX_TOKENS,	  /* the budget ends it at exactly N tokens, finish "length" */
	CONFORM_CHOICES,	  /* n choices, or a clear 400 */
	CONFORM_REPEAT,		  /* the same request twice or more gives the same answer */
	CONFORM_LOGPROBS,	  /* logprobs and top_logprobs in the OpenAI shape */
	CONFORM_USAGE_PROMPT,	  /* prompt_tokens equals the engine's own count */
	CONFORM_USAGE_STREAM,	  /* streamed usage equals non-streamed usage */
	CONFORM_USAGE_COMPLETION, /* completion_tokens within 1 of the tokens returned */
	CONFORM_USAGE_REASONING,  /* reasoning tokens within completion tokens */
	CONFORM_STREAM,		  /* one rule of the SSE stream (conform_spec.expect) */
	CONFORM_ANSWER,		  /* the answer follows the request (answer_regex) */
	CONFORM_REASONING_FIELD,  /* reasoning comes in its own field */
	CONFORM_REASONING_SWITCH, /* enable_thinking: false stops it */
	CONFORM_REASONING_EFFORT, /* reasoning_effort low/high changes its length */
	CONFORM_KINDS
};

/* The statuses a conformance check ends in. */
enum conform_status {
	CONFORM_HONOURED = 0, /* applied as the API says */
	CONFORM_IGNORED,      /* accepted, with no effect */
	CONFORM_REJECTED,     /* refused with a 4xx */
	CONFORM_BROKEN,	      /* applied wrongly */
	CONFORM_SKIPPED,      /* a precondition was missing */
	CONFORM_STATUSES
};

#define CONFORM_MAX_REMEDIES 8
#define CONFORM_MAX_ANSWERS  10 /* requests one check sends at most */

/* A check's "conformance" block, loaded. */
struct conform_spec {
	enum conform_kind kind;
	char *area;	  /* "structured-output", "tools", ... (grouping in the matrix) */
	bool required;	  /* false: a rejection does not fail the check */
	char *expect;	  /* the kind's word: "json-schema", "call", "role"... or NULL */
	char *tool;	  /* tool-choice "named": the function the call must name */
	int min_calls;	  /* tool-choice: at least this many calls (-1: none asked) */
	int max_calls;	  /* tool-choice: at most this many (-1: no bound) */
	long status;	  /* error: the status expected */
	char *raw_body;	  /* error: sent as it is instead of a built body, or NULL */
	char *model;	  /* error: the model asked for instead of the run's, or NULL */
	char *depends_on; /* the check whose failure leaves this one unjudged, or NULL */
	char *answer_regex_src;
	struct regex *answer_regex; /* answer: what the content must match */
	int times;		    /* repeat: how many identical requests */
	long max_tokens;	    /* the budget of its requests, 0: the run's */
	char *budget_field;	    /* "max_tokens" or "max_completion_tokens" */
	/* a control: the same request without the key under test, sent
	 * beside it, so that "honoured" rests on what the key changed (the
	 * answer that goes past the stop string without "stop", the parallel
	 * calls without parallel_tool_calls: false) */
	const char *control; /* that key (static), or NULL: the request unstreamed */
	size_t controls;     /* how many control requests (two may disagree), 0: none */
	enum engine remedy_engine[CONFORM_MAX_REMEDIES]; /* UNKNOWN: the default */
	char *remedy_text[CONFORM_MAX_REMEDIES];
	size_t n_remedies;
};

/* How one of a check's requests differs from the request as written. */
struct conform_variant {
	const char *label; /* "plain", "streamed", "on", "low", "#2"... (static) */
	bool stream;
	bool own_thinking; /* thinking below replaces the run's */
	enum thinking_mode thinking;
	const char *effort;  /* reasoning_effort, NULL: the run's */
	bool control;	     /* a control (conform_spec.control): never streamed */
	const char *without; /* the key a control leaves out, or NULL: the request as written */
};

/* One answer as the judge reads it: what came (the caller sets label,
 * stream, status, transport and body), and what conform_answer_read made
 * of it. */
struct conform_answer {
	const char *label;     /* the variant's (static) */
	bool stream;	       /* sent streamed */
	bool control;	       /* a control request (conform_spec.control) */
	long status;	       /* HTTP status, 0 when none came */
	const char *transport; /* why no answer came, or NULL (borrowed) */
	enum cause failed;     /* the exchange's failure (diagnose_exchange), or CAUSE_NONE */
	const char *body;      /* borrowed */
	size_t len;
	struct chat_reply r; /* owned: the completion as read */
	struct wire_facts w; /* how it was put */
	struct stream_stats st;
	bool read;	 /* a chat completion came and was read */
	bool unstreamed; /* asked to stream, it sent one whole completion */
	char why[200];	 /* why it could not be read */
};

/* What a judge is given. */
struct conform_input {
	const struct conform_spec *c;
	const cJSON *request;		/* the request as written */
	const struct conform_answer *a; /* as many answers as the kind sends */
	size_t n;
	long own; /* the engine's own prompt count (usage-prompt), -1 when none */
};

/* One kind of check: a row of the table. */
struct conform_row {
	const char *name;	  /* its "check" value */
	const char *const *words; /* what its "expect" takes (NULL: nothing) */
	const char *const *owns;  /* keys of the block only this kind takes */
	/* what it needs of its own keys and the request: 0, or -1 with why */
	int (*needs)(const struct conform_spec *c, const cJSON *request, const char **key,
		     char *why, size_t n);
	/* its requests, into v (room for CONFORM_MAX_ANSWERS): how many */
	size_t (*variants)(const struct conform_spec *c, bool has_switch,
			   struct conform_variant *v);
	void (*judge)(const struct conform_input *in, enum conform_status *st, char *ev, size_t n);
	bool judges_failures; /* it judges a refusal itself (else a refusal settles it) */
	bool budget_cut;      /* an answer the budget cut shows nothing about it */
};

/* The row of kind k (every kind has one; a test walks them). */
const struct conform_row *conform_row_of(enum conform_kind k);
/* The kind called name, or CONFORM_KINDS. */
enum conform_kind conform_kind_named(const char *name);

const char *conform_kind_name(enum conform_kind k);
const char *conform_status_name(enum conform_status s);

/* Loads a probe's "conformance" block x (its request is request) into a
 * new spec; NULL with "FILE:LINE:COL: reason" (l's) in err. */
struct jsonfile;
struct conform_spec *conform_load(struct jsonfile *l, const cJSON *x, const cJSON *request);
void conform_free(struct conform_spec *c);

/* Check c's requests: how many, each into v (its controls last). */
size_t conform_variants(const struct conform_spec *c, bool has_switch, struct conform_variant *v);
/* The body of variant v of check c (its request as written, under the
 * run's settings cs). Returns it (caller frees), or NULL with err. */
char *conform_body(const struct conform_spec *c, const cJSON *request,
		   const struct chat_settings *cs, const struct conform_variant *v, char *err,
		   size_t errlen);

/* Reads a's body (as a stream when it was sent streamed; marks are when a
 * stream's pieces came) into the reply, the wire facts and the stream's
 * evidence. */
void conform_answer_read(struct conform_answer *a, const struct http_mark *marks, size_t n_marks);
void conform_answer_release(struct conform_answer *a);

/* Judges the answers into *status and a line of evidence. Pure. */
void conform_judge(const struct conform_input *in, enum conform_status *status, char *evidence,
		   size_t len);

/* True when status s fails check c: ignored and broken always, rejected
 * unless the check is optional; honoured and skipped never. */
bool conform_fails(const struct conform_spec *c, enum conform_status s);
/* The check's remedy for engine (UNKNOWN: none known): that engine's,
 * else the default, else NULL. */
const char *conform_remedy(const struct conform_spec *c, enum engine engine);

#endif
