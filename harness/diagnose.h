/* SPDX-License-Identifier: Apache-2.0 */
/* diagnose — cause codes, their remedies, and the rules that pick one.
 *
 * Every failed probe carries exactly one cause code (the JUnit failure
 * type) and a one-line remedy naming real engine flags. The table of codes
 * is the contract in DESIGN.md; adding a code is adding a row. The
 * classifier works on the evidence of one answer, never on guesses about
 * the engine. Never prints. */
#ifndef PREFLIGHT_DIAGNOSE_H
#define PREFLIGHT_DIAGNOSE_H

#include <stdbool.h>
#include <stddef.h>

#include "http.h"

enum cause {
	CAUSE_NONE = 0,
	CAUSE_REASONING_BLEED,
	CAUSE_THINKING_STARVATION,
	CAUSE_ANSWER_TRUNCATED,
	CAUSE_TOOL_CALL_AS_TEXT,
	CAUSE_INVALID_TOOL_ARGUMENTS,
	CAUSE_WRONG_TOOL,
	CAUSE_NO_TOOL_CALL,
	CAUSE_GARBAGE_OUTPUT,
	CAUSE_CONTEXT_OVERFLOW,
	CAUSE_WRONG_ANSWER,
	CAUSE_HTTP_ERROR,
	CAUSE_AUTH_ERROR,
	CAUSE_MALFORMED_RESPONSE,
	CAUSE_TRANSPORT_ERROR,
	CAUSE_RESPONSE_TOO_LARGE,
	CAUSE_TIMEOUT,
	CAUSE_STREAM_PARITY,
	CAUSE_ANSWER_IN_REASONING,
	CAUSE_CONCURRENCY_CORRUPTION,
	CAUSE_INTERRUPTED,
	CAUSE_PATTERN_LIMIT,
	CAUSE_HTTP_REDIRECT,
	CAUSE_NO_MODEL,
	CAUSE_EMPTY_ANSWER,
	CAUSE_NONCONFORMANT_REPLY,
	CAUSE_RATE_LIMITED,
	CAUSE_REQUEST_REJECTED,
	CAUSE_REQUEST_TOO_LARGE,
	CAUSE_PROXY_ERROR,
	CAUSE_ENGINE_FAILED,
	CAUSE_SCHEMA_LIMIT,	/* the probe's JSON Schema past its step budget */
	CAUSE_ANSWER_CUT_SHORT, /* finish length below the budget, not the window's end */
	CAUSE_COUNT
};

/* what a needle's answer got wrong: its code lost, or a distractor's given */
enum recall_miss { RECALL_NONE = 0, RECALL_LOST, RECALL_DISTRACTED };

struct conform_spec;

/* What a cause's remedy may depend on beyond the engine (remedy.h): the
 * evidence an answer or exchange left, kept with its cause. */
struct remedy_context {
	long status;			  /* the exchange's HTTP status, 0 none */
	enum recall_miss recall;	  /* a needle's answer */
	char pattern[160];		  /* "pattern 'X'": the probe's pattern at pcre2's limit */
	const char *finding;		  /* borrowed: the engine log's remedy, or NULL */
	const struct conform_spec *check; /* borrowed: a conformance check, or NULL */
};

/* The code as written in reports ("reasoning-bleed"); static storage. */
const char *cause_code(enum cause c);
/* The remedy line for a code; static storage, "" when there is none. */
const char *cause_remedy(enum cause c);
/* The remedy a status adds to its cause's (404: the base URL and the
 * model), or NULL; static storage. */
const char *cause_http_remedy(long status);
/* True for causes where the exchange itself failed (JUnit <error>). */
bool cause_is_exchange_error(enum cause c);
/* True for causes that leave the engine unable to serve (garbage output,
 * a crash, a hang, a broken reply) rather than naming a setting to change;
 * an http-error is such a cause when the status was a 5xx (the caller's). */
bool cause_cannot_serve(enum cause c);
/* The cause whose code is code ("reasoning-bleed"), or CAUSE_NONE. */
enum cause cause_named(const char *code);

/* The cause of an exchange that brought nothing to read: a transport
 * outcome other than HTTP_DONE (timeout, too large, interrupted, ...). */
enum cause diagnose_outcome(enum http_outcome o);
/* The cause an exchange has whatever was asked, before its answer is read:
 * no answer (diagnose_outcome), a 429 still after the retries, the
 * server's own 5xx; CAUSE_NONE when the server answered the request (a 2xx,
 * or a 4xx the caller judges). The one place conform, the runner and the
 * run's "nothing observed" learn what a failed exchange was. */
enum cause diagnose_exchange(enum http_outcome o, long status);
/* True for the causes that mean nothing of the server was observed: no
 * answer, the key refused, rate-limited still after the retries. */
bool cause_unobserved(enum cause c);
/* The cause of a status outside 2xx; overflow: the error body said the
 * context ran out; engine_body: the body is an engine's JSON error (a
 * 502-504 without one came from a proxy). A redirect is never followed
 * (the key would go along). */
enum cause diagnose_status(long status, bool overflow, bool engine_body);

/* What one graded answer showed; filled by the grader. */
struct answer_evidence {
	const char *content;
	size_t content_len;
	size_t reasoning_chars;
	long reasoning_tokens;	   /* -1 when not reported */
	long completion_tokens;	   /* -1 when not reported */
	long max_tokens;	   /* the completion budget sent */
	long prompt_tokens;	   /* -1 when not reported */
	long window;		   /* the endpoint's context, -1 unknown */
	const char *finish_reason; /* NULL when absent */
	bool expects_tool;
	size_t n_tool_calls;
	bool wrong_tool;	  /* a call with another function name */
	bool bad_arguments;	  /* arguments not JSON or not matching the schema */
	bool json_after_prose;	  /* text, then a JSON object that parses */
	bool untagged_reasoning;  /* content opens with a chain of thought */
	bool stream_incomplete;	  /* a stream that should have ended with [DONE] did not */
	bool nul_bytes;		  /* the answer held NUL characters */
	bool answer_in_reasoning; /* nothing visible; the reasoning holds the answer */
	bool pattern_limit;	  /* a probe regex or schema pattern hit pcre2's limits */
	bool schema_limit;	  /* a probe's JSON Schema took more than its step budget */
	bool interrupted;	  /* Ctrl-C came while it was graded */
};

/* Picks the one cause for a failed answer. Garbage wins over everything,
 * since a broken kernel explains every other symptom. */
enum cause diagnose_answer(const struct answer_evidence *ev);

/* True when content holds tool-call markup or a bare {"name":..,"arguments":..}. */
bool diagnose_tool_markup(const char *content, size_t len);
/* True when content holds <think> or </think>. */
bool diagnose_think_tags(const char *content, size_t len);
/* True when content opens like a chain of thought without tags ("We need
 * to...", "The user asks..."): a reasoning model served without its
 * reasoning parser. */
bool diagnose_untagged_reasoning(const char *content, size_t len);
/* One line of evidence for cause: finish reason, reasoning size and tokens,
 * the first characters of the offending content. */
void diagnose_explain(enum cause c, const struct answer_evidence *ev, char *out, size_t outlen);
/* True when content shows signs of a broken decode: special tokens, U+FFFD,
 * or one short piece repeated over and over. Writes what was seen to what. */
bool diagnose_garbage(const char *content, size_t len, char *what, size_t whatlen);

#endif
