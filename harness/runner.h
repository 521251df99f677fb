/* SPDX-License-Identifier: Apache-2.0 */
/* runner — executes a run plan: endpoint discovery, then every item.
 *
 * Orchestration only: requests are built by chat, sent by http, read and
 * graded into observations (grade, diagnose), and turned into verdicts by
 * verdict; needles are sized by needle through the endpoint. It fills a
 * struct run_result, does not print and does not decide the exit code:
 * progress goes to a hook the caller supplies, the result goes to the
 * report writers and to main. */
#ifndef PREFLIGHT_RUNNER_H
#define PREFLIGHT_RUNNER_H

#include <signal.h>

#include "media.h"
#include "plan.h"
#include "result.h"

enum runner_event {
	RUNNER_WAITING,	    /* text: what the endpoint said; the run waits */
	RUNNER_PROBE_START, /* index: the probe about to run */
	RUNNER_PROBE_DONE,  /* index: the probe that finished */
};

struct runner_hooks {
	/* Progress. Called with the run's lock held (under --parallel from any
	 * probe's thread, one call at a time): it may read r, and must not call
	 * back into the runner or block for long. */
	void (*event)(void *ctx, enum runner_event ev, const struct run_result *r, size_t index,
		      const char *text);
	void *ctx;
	const volatile sig_atomic_t *cancel; /* non-zero: stop, mark the rest skipped */
	const struct http_tap *tap;	     /* records or replays every exchange; may be NULL */
	const struct media *image, *video;   /* loaded --image-path/--video-path, or NULL */
	bool offline; /* replay: answers come from the tap; never sleep or wait */
	/* --engine-log: polled while waiting for the endpoint, true once the
	 * log shows a fatal signature (the wait ends at once); then asked to
	 * fill r's findings, true when the best is fatal (the endpoint's
	 * cause becomes it). NULL without a log. */
	bool (*engine_poll)(void *ctx);
	bool (*engine_explain)(void *ctx, struct run_result *r);
	void *engine_ctx;
};

/* conformance checks in flight at once (each sends its one to ten
 * requests together) */
#define RUNNER_CHECKS_AT_ONCE 16

enum runner_status {
	RUNNER_OK = 0,	     /* every probe ran (pass or fail) */
	RUNNER_CONFIG_ERROR, /* before any request (out of memory); err says why */
};

/* Runs the plan against its endpoint and fills r (release with
 * run_result_release; r borrows the plan's probes and recipe). Returns
 * RUNNER_OK or RUNNER_CONFIG_ERROR with err. */
enum runner_status runner_run(const struct plan *pl, const struct runner_hooks *hooks,
			      struct run_result *r, char *err, size_t errlen);

#endif
