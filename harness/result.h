/* SPDX-License-Identifier: Apache-2.0 */
/* result — what a run found: the data the runner fills and the report
 * writers read. Report writers never change it; only main maps it to an
 * exit code. All strings are owned by the result and are valid UTF-8. */
#ifndef PREFLIGHT_RESULT_H
#define PREFLIGHT_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include "chat.h"
#include "diagnose.h"
#include "engine.h"
#include "http.h"
#include "probe.h"
#include "media.h"
#include "recipe.h"
#include "speed.h"

enum verdict { VERDICT_PASS = 0, VERDICT_FAIL, VERDICT_ERROR, VERDICT_SKIPPED };

const char *verdict_name(enum verdict v);

/* One request and what came back. */
struct observation {
	char label[48]; /* "tools#3", "needle", "needle-calibration" */
	enum http_outcome outcome;
	long status; /* HTTP status, 0 when none */
	double seconds;
	bool graded; /* an answer was read and graded */
	bool pass;
	enum cause cause;
	char *detail;		       /* one line: why it failed, or what passed */
	struct remedy_context context; /* what its cause's remedy depends on */
	char *error;		       /* transport text or error-body excerpt, or NULL */
	char *finish_reason;	       /* NULL when absent */
	char *content_excerpt;
	size_t content_chars;
	char *reasoning_excerpt;
	size_t reasoning_chars;
	const char *reasoning_field;				 /* static */
	long prompt_tokens, completion_tokens, reasoning_tokens; /* -1 unknown */
	char *tool; /* first tool call, name(args), or NULL */
	size_t n_tool_calls;
	bool streamed;
	struct stream_stats stream; /* when streamed */
	int retries;		    /* times it was sent again after a 429 */
	int recalled, asked;	    /* a needle's codes found, of those asked (0 of 0) */
};

struct probe_result {
	const struct probe *probe; /* borrowed from the probe set */
	char variant[16];	   /* "@50%" for a --needle-depth variant, else "" */
	double depth;		   /* where the needle's secret went */
	char *secret;		   /* the needle's secret for this variant, or NULL */
	enum verdict verdict;
	enum cause cause;
	char *message;		       /* one line; NULL on pass */
	struct remedy_context context; /* its example answer's: for its remedy (remedy.h) */
	double seconds;
	int passed, total; /* answers that passed, answers asked for */
	struct observation *obs;
	size_t n_obs;
	long needle_target, needle_measured, needle_fillers; /* -1 when not a needle */
	char *needle_unverified;     /* why the endpoint's counts could not size it, or NULL */
	bool streamed;		     /* its answers were streamed */
	int reps, reps_passed;	     /* repetitions run, and those whose every answer passed */
	int solo_passed, solo_total; /* --concurrency-diff: the batch one at a time */
	int retried;		     /* answers that needed a retry after a 429 */
	struct speed speed;	     /* medians over its streamed answers (speed.h) */
	char *json_keys;	     /* NULL unless a JSON object parsed */
	enum conform_status conform; /* a conformance check's status (probe->conform set) */
	bool swept;		     /* a cell of a needle sweep over several sizes */
	bool beyond_window;	     /* such a cell that does not fit the window: not sent */
	int recalled, asked;	     /* a needle's codes its answers recalled, of those asked */
};

/* A known signature found in the engine's log (--engine-log). */
struct engine_finding {
	char *rule, *cause, *class, *quote, *explain, *remedy; /* owned */
	const char *layer; /* static: "rule", "class", "unknown" (enginelog.h) */
	long line;
	bool fatal;
};

struct run_result {
	const struct recipe *recipe; /* borrowed from the config; NULL without --recipe */
	bool conformance;	     /* preflight conform: every probe is a check */
	char *endpoint;		     /* base URL, no credentials */
	char *model;
	long max_model_len;		 /* -1 unknown */
	char *engine_log;		 /* --engine-log's path, or NULL */
	struct engine_finding *findings; /* owned; its signatures, the best first */
	size_t n_findings;
	char *server;		     /* system_fingerprint of the answers, or NULL */
	char *server_version;	     /* /version or /props build_info, or NULL */
	char *endpoint_note;	     /* discovery that failed but did not stop the run, or NULL */
	enum engine engine;	     /* the engine that answered (engine.h), or UNKNOWN */
	const char *engine_evidence; /* static: what told, or NULL */
	const char *thinking;	     /* static */
	char *reasoning_effort;
	long visible_tokens, headroom_tokens, max_tokens, needle_ctx;
	int tool_batch;
	bool stream, stream_parity, parallel;
	struct speed speed;   /* the probe that measures speed: its figures, or all unknown */
	char *allowed_finish; /* comma list */
	const char *reasoning_evidence; /* static */
	char started[32];		/* ISO 8601 UTC */
	double seconds;
	bool unusable; /* the endpoint could not be used at all */
	enum cause unusable_cause;
	char *unusable_detail;
	bool interrupted;
	int signal; /* the signal that stopped it (SIGINT, SIGTERM), 0: none */
	const struct media *image, *video; /* borrowed: the inputs sent, or NULL */
	struct probe_result *probes;
	size_t n_probes;
};

/* A new observation labelled label at the end of p's, its counts unknown
 * (-1); NULL when out of memory. The pointer is valid until the next one. */
struct observation *probe_result_add_obs(struct probe_result *p, const char *label);

/* Frees what one probe result holds (the struct itself is the caller's). */
void probe_result_release(struct probe_result *p);
void run_result_release(struct run_result *r);

#endif
