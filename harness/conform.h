/* conform — one conformance check, sent and judged.
 *
 * A check (a probe with a "conformance" block, probes/README.md) becomes
 * one to four requests sent at once: the request as written, or streamed,
 * repeated, with the thinking switch on and off, with low and high effort,
 * with a wrong model or a broken body, as its kind asks. The answers are
 * read by reply.h and wire.h and judged into one status (honoured,
 * ignored, rejected, broken, skipped) with a line of evidence, quoting the
 * server's message when it refused. Every answer is an observation of the
 * probe result; the runner adds the remedy the check's file gives for the
 * engine that answered, once the run knows it. Never prints. */
#ifndef PREFLIGHT_CONFORM_H
#define PREFLIGHT_CONFORM_H

#include "chat.h"
#include "endpoint.h"
#include "http.h"
#include "result.h"

/* What a check is sent with; everything is borrowed. */
struct conform_env {
	const struct http_options *http;
	struct endpoint *ep;		/* the engine's own token counter (usage-prompt) */
	const struct chat_settings *cs; /* the run's: model, budget, thinking, extras */
};

/* Sends check p's requests at once and fills pr: status (pr->conform),
 * evidence (pr->message), verdict (pass, fail when conform_fails, skipped)
 * and one observation per answer. */
void conform_run(const struct conform_env *env, const struct probe *p, struct probe_result *pr);

/* One answer as the judge reads it (exposed for the unit tests). */
struct conform_answer {
	const char *label;     /* "plain", "streamed", "off", "low"... (static) */
	bool stream;	       /* sent streamed */
	long status;	       /* HTTP status, 0 when none came */
	const char *transport; /* why no answer came, or NULL */
	const char *body;      /* borrowed */
	size_t len;
	const struct http_mark *marks; /* when a stream's pieces arrived, or NULL */
	size_t n_marks;
};

/* Judges the answers of check p into *status and evidence (one line).
 * own_count is the engine's own prompt count (usage-prompt), -1 when it
 * has none. Pure: no request is sent. */
void conform_judge(const struct probe *p, const struct conform_answer *a, size_t n, long own_count,
		   enum conform_status *status, char *evidence, size_t len);

#endif
