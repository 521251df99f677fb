/* SPDX-License-Identifier: Apache-2.0 */
/* retry — when a refused request is tried again, and after how long.
 *
 * A 429, or a 503 that says when to come back (Retry-After), is retried
 * at most `retries` times, as the OpenAI SDKs do (two by default): after
 * the server's Retry-After (seconds or an HTTP date) when it gives one,
 * else 0.5 s doubling, never longer than `wait_max` seconds. Every other
 * outcome is final. Pure: no I/O, never prints, never sleeps; http.c asks
 * it, after reading the header (http_retry_after). */
#ifndef PREFLIGHT_RETRY_H
#define PREFLIGHT_RETRY_H

#include <stdbool.h>

#define RETRY_DEFAULT_RETRIES  2
#define RETRY_DEFAULT_WAIT_MAX 60.0

struct retry_policy {
	int retries;	 /* tries after the first, 0: none */
	double wait_max; /* seconds, the cap on any one wait */
};

/* Seconds to wait before retry number `attempt` (0 for the first retry)
 * of a request that got an answer with status (answered false: it got
 * none), whose Retry-After asked for `after` seconds (-1: it did not), or
 * -1 when the answer is final (not rate-limited, or the retries are
 * spent). */
double retry_wait(bool answered, long status, double after, int attempt,
		  const struct retry_policy *p);

#endif
