/* retry — when a refused request is tried again, and after how long.
 *
 * A 429, or a 503 that says when to come back (Retry-After), is retried
 * at most `retries` times, as the OpenAI SDKs do (two by default): after
 * the server's Retry-After (seconds or an HTTP date) when it gives one,
 * else 0.5 s doubling, never longer than `wait_max` seconds. Every other
 * outcome is final. Pure: no I/O, never prints, never sleeps. */
#ifndef PREFLIGHT_RETRY_H
#define PREFLIGHT_RETRY_H

#include <time.h>

#include "http.h"

#define RETRY_DEFAULT_RETRIES  2
#define RETRY_DEFAULT_WAIT_MAX 60.0

struct retry_policy {
	int retries;	 /* tries after the first, 0: none */
	double wait_max; /* seconds, the cap on any one wait */
};

/* Seconds a Retry-After value asks for, from now: delta-seconds or an
 * IMF-fixdate ("Wed, 21 Oct 2026 07:28:00 GMT"); -1 when absent or not
 * either. A date in the past is 0. */
double retry_after_seconds(const char *value, time_t now);

/* Seconds to wait before retry number `attempt` (0 for the first retry)
 * of x, or -1 when x is final (not rate-limited, or the retries are spent). */
double retry_wait(const struct http_exchange *x, int attempt, const struct retry_policy *p,
		  time_t now);

#endif
