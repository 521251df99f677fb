/* runner — drives one run: endpoint discovery, probes, grading, diagnosis.
 *
 * Reads the config and the probe set, sends every request through http,
 * grades each answer and fills a struct run_result. It does not print and
 * does not decide the exit code: progress goes to a hook the caller
 * supplies, the result goes to the report writers and to main. */
#ifndef PREFLIGHT_RUNNER_H
#define PREFLIGHT_RUNNER_H

#include <signal.h>

#include "config.h"
#include "media.h"
#include "probe.h"
#include "result.h"

enum runner_event {
	RUNNER_WAITING,	    /* text: what the endpoint said; the run waits */
	RUNNER_PROBE_START, /* index: the probe about to run */
	RUNNER_PROBE_DONE,  /* index: the probe that finished */
};

struct runner_hooks {
	void (*event)(void *ctx, enum runner_event ev, const struct run_result *r, size_t index,
		      const char *text);
	void *ctx;
	const volatile int *cancel;	   /* non-zero: stop, mark the rest skipped */
	const struct http_tap *tap;	   /* records or replays every exchange; may be NULL */
	const struct media *image, *video; /* loaded --image-path/--video-path, or NULL */
	bool offline; /* replay: answers come from the tap; never sleep or wait */
};

enum runner_status {
	RUNNER_OK = 0,	     /* every probe ran (pass or fail) */
	RUNNER_CONFIG_ERROR, /* before any request (out of memory); err says why */
};

/* Runs the probes against the endpoint in c and fills r (release with
 * run_result_release). Returns RUNNER_OK or RUNNER_CONFIG_ERROR with err. */
enum runner_status runner_run(const struct config *c, const struct probe_set *set,
			      const struct runner_hooks *hooks, struct run_result *r, char *err,
			      size_t errlen);

#endif
