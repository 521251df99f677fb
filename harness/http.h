/* SPDX-License-Identifier: Apache-2.0 */
/* http — the only module that includes curl/curl.h.
 *
 * Runs a set of HTTP exchanges at once on libcurl's multi interface, in one
 * event loop: the tools batch keeps all N requests in flight together.
 * Bodies are capped (a larger one fails as HTTP_TOO_LARGE and stops being
 * read); the per-request timeout covers slow starts and stalls alike. The
 * API key is sent as a bearer header and kept nowhere else. Never prints. */
#ifndef PREFLIGHT_HTTP_H
#define PREFLIGHT_HTTP_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "buf.h"

enum http_outcome {
	HTTP_DONE = 0,	/* a status line and a whole body arrived */
	HTTP_TRANSPORT, /* connection refused, reset, DNS... (curl's text in error) */
	HTTP_TIMEOUT,
	HTTP_TOO_LARGE,	   /* the body passed the cap */
	HTTP_CANCELLED,	   /* the run was interrupted */
	HTTP_NOT_RECORDED, /* replay: the recording holds no answer for it */
};

/* When a piece of the body arrived: the stream parser turns byte offsets
 * into event times with these. */
struct http_mark {
	size_t offset; /* body bytes received before this piece ended */
	double t;      /* seconds since the exchange started */
};

#define HTTP_MAX_MARKS 200000

struct http_exchange {
	/* in, borrowed */
	const char *url;
	const char *body; /* NULL sends a GET */
	int want_marks;	  /* keep arrival times of the body's pieces (streams) */
	/* out, owned by the exchange; release with http_exchange_release */
	enum http_outcome outcome;
	long status;
	struct buf response;
	char error[256];
	char location[256];	 /* where a redirect (3xx) points, else "" */
	char retry_after[64];	 /* the Retry-After header, else "" (http_retry_after) */
	int retries;		 /* times it was sent again after a 429 (retry.h) */
	double seconds;		 /* wall time of this exchange */
	struct http_mark *marks; /* owned; with want_marks, one per piece (capped) */
	size_t n_marks;
	struct http_budget *budget; /* borrowed; what the body counts against */
};

/* The bytes of response bodies held at once across a whole run: a 128-way
 * batch of endless bodies stops at this bound, not at 128 times the cap. */
struct http_budget {
	pthread_mutex_t lock;
	size_t used, max;
};

#define HTTP_BUDGET_INIT(max)                                                                      \
	{                                                                                          \
		PTHREAD_MUTEX_INITIALIZER, 0, (max)                                                \
	}

/* A tap sees every exchange: a recorder stores what was sent and what came
 * back; a replayer answers from a recording instead of the network. */
struct http_tap {
	/* Before sending: returns 1 when it filled x itself (no network). */
	int (*answer)(void *ctx, struct http_exchange *x);
	/* After an exchange that went over the network finished. */
	void (*seen)(void *ctx, const struct http_exchange *x);
	void *ctx;
};

struct http_options {
	const char *api_key;		     /* borrowed; NULL sends no Authorization */
	double timeout;			     /* seconds per exchange */
	size_t max_body;		     /* cap per response body */
	const volatile sig_atomic_t *cancel; /* when it becomes non-zero, stop at once */
	const struct http_tap *tap;	     /* NULL: plain network */
	struct http_budget *budget;	     /* NULL: only the per-response cap */
	const char *cacert;		     /* CA bundle for https, NULL: the system's */
	int insecure;			     /* skip TLS verification (--insecure) */
	int max_parallel;		     /* exchanges in flight at once, 0: all */
	int retries;			     /* after a 429 (retry.h); 0: none */
	double retry_wait_max;		     /* seconds, the longest wait before one */
};

/* Once per process, before any other call. Returns 0 or -1. */
int http_global_init(void);

/* "libcurl 7.88.1 (OpenSSL/3.0.15)": the library and its TLS backend. */
void http_library_version(char *out, size_t n);
void http_global_cleanup(void);

/* Runs all n exchanges concurrently and returns when each has an outcome.
 * Those refused with a 429 (or a 503 with Retry-After) go again as
 * retry.h decides, after the longest wait they asked for (Ctrl-C cuts it
 * short; a tap that answers from a recording waits not at all), each
 * counting its retries. Returns 0, or -1 when the transfers could not
 * even be set up (then every exchange says why). */
int http_perform(struct http_exchange *x, size_t n, const struct http_options *opt);

void http_exchange_release(struct http_exchange *x);

/* The outcome as a word for reports. */
const char *http_outcome_name(enum http_outcome o);

/* A URL as libcurl's URL API (CURLU) reads it. */
struct http_url {
	char scheme[16];   /* "http", lower case */
	bool has_host;	   /* a host name or address */
	bool has_user;	   /* credentials in it (user, and maybe a password) */
	bool has_query;	   /* "?..." */
	bool has_fragment; /* "#..." */
};

/* Parses url into u. Returns 0, or -1 with libcurl's reason in err (no
 * scheme, a malformed port, a space...). */
int http_url_parse(const char *url, struct http_url *u, char *err, size_t errlen);

/* Seconds a Retry-After value asks for, from now: delta-seconds, or an
 * HTTP date in any of RFC 9110's three forms (IMF-fixdate "Wed, 21 Oct
 * 2026 07:28:00 GMT", RFC 850, asctime; read by curl_getdate); -1 when
 * absent or neither. A date in the past is 0. */
double http_retry_after(const char *value, time_t now);

#endif
