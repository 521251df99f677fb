/* SPDX-License-Identifier: Apache-2.0 */
/* http — concurrent exchanges on libcurl's multi interface; see http.h. */
#include "http.h"

#include <ctype.h>
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "retry.h"
#include "version.h"

struct xfer {
	struct http_exchange *x;
	int tapped; /* answered by the tap: never sent */
	CURL *easy;
	struct curl_slist *headers;
	size_t max_body;
	int too_large;
	struct timespec start;
	size_t marks_cap;
	unsigned long failures; /* alloc_failures() at the start */
};

void http_library_version(char *out, size_t n)
{
	const curl_version_info_data *v = curl_version_info(CURLVERSION_NOW);

	snprintf(out, n, "libcurl %s (%s)", v->version, v->ssl_version ? v->ssl_version : "no TLS");
}

int http_global_init(void)
{
	return curl_global_init_mem(CURL_GLOBAL_DEFAULT, xmalloc, free, xrealloc, strdup,
				    xcalloc) == CURLE_OK
		       ? 0
		       : -1;
}

void http_global_cleanup(void)
{
	curl_global_cleanup();
}

const char *http_outcome_name(enum http_outcome o)
{
	static const char *const names[] = { "done",	  "transport-error",
					     "timeout",	  "response-too-large",
					     "cancelled", "not-recorded" };

	return (unsigned)o < sizeof(names) / sizeof(names[0]) ? names[o] : "?";
}

static double since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

static void budget_return(struct http_exchange *x, size_t n)
{
	if (!x->budget)
		return;
	pthread_mutex_lock(&x->budget->lock);
	x->budget->used -= n <= x->budget->used ? n : x->budget->used;
	pthread_mutex_unlock(&x->budget->lock);
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *user)
{
	struct xfer *t = user;
	struct http_exchange *x = t->x;
	size_t n = size * nmemb;

	if (x->response.len + n > t->max_body) {
		t->too_large = 1;
		return CURL_WRITEFUNC_ERROR;
	}
	if (x->budget) {
		int over;

		pthread_mutex_lock(&x->budget->lock);
		over = x->budget->used + n > x->budget->max;
		if (!over)
			x->budget->used += n;
		pthread_mutex_unlock(&x->budget->lock);
		if (over) {
			t->too_large = 2;
			return CURL_WRITEFUNC_ERROR;
		}
	}
	if (buf_append(&x->response, data, n)) {
		budget_return(x, n);
		return CURL_WRITEFUNC_ERROR;
	}
	if (x->want_marks && x->n_marks < HTTP_MAX_MARKS) {
		if (x->n_marks == t->marks_cap) {
			size_t cap = t->marks_cap ? t->marks_cap * 2 : 64;
			struct http_mark *m = xrealloc(x->marks, cap * sizeof(*m));

			if (!m)
				return CURL_WRITEFUNC_ERROR;
			x->marks = m;
			t->marks_cap = cap;
		}
		x->marks[x->n_marks].offset = x->response.len;
		x->marks[x->n_marks++].t = since(&t->start);
	}
	return n;
}

/* the request's headers: JSON, and the key as a bearer token. Returns
 * the list, or NULL when out of memory. */
static struct curl_slist *request_headers(const struct http_options *opt)
{
	struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
	struct curl_slist *h = NULL;
	size_t n;
	char *auth;

	if (!headers || !opt->api_key || !*opt->api_key)
		return headers;
	/* any length (JWTs run to several KiB); config refused control
	 * characters, so the key cannot add a header of its own */
	n = strlen("Authorization: Bearer ") + strlen(opt->api_key) + 1;
	if ((auth = xmalloc(n))) {
		snprintf(auth, n, "Authorization: Bearer %s", opt->api_key);
		h = curl_slist_append(headers, auth);
		memset(auth, 0, n);
		free(auth);
	}
	if (!h)
		curl_slist_free_all(headers);
	return h;
}

/* the options of the transfer: where, how long, what may come back */
static void set_options(struct xfer *t, const struct http_options *opt)
{
	struct http_exchange *x = t->x;
	long ms = (long)(opt->timeout * 1000.0);

	curl_easy_setopt(t->easy, CURLOPT_URL, x->url);
	curl_easy_setopt(t->easy, CURLOPT_HTTPHEADER, t->headers);
	curl_easy_setopt(t->easy, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(t->easy, CURLOPT_WRITEDATA, t);
	curl_easy_setopt(t->easy, CURLOPT_ERRORBUFFER, x->error);
	curl_easy_setopt(t->easy, CURLOPT_PRIVATE, t);
	curl_easy_setopt(t->easy, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(t->easy, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(t->easy, CURLOPT_TIMEOUT_MS, ms);
	curl_easy_setopt(t->easy, CURLOPT_CONNECTTIMEOUT_MS, ms < 30000 ? ms : 30000L);
	curl_easy_setopt(t->easy, CURLOPT_USERAGENT, "preflight/" PREFLIGHT_VERSION);
	curl_easy_setopt(t->easy, CURLOPT_ACCEPT_ENCODING, "");
	if (opt->cacert)
		curl_easy_setopt(t->easy, CURLOPT_CAINFO, opt->cacert);
	if (opt->insecure) {
		curl_easy_setopt(t->easy, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(t->easy, CURLOPT_SSL_VERIFYHOST, 0L);
	}
	if (opt->max_body)
		curl_easy_setopt(t->easy, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)opt->max_body);
	if (x->body) {
		curl_easy_setopt(t->easy, CURLOPT_POSTFIELDS, x->body);
		curl_easy_setopt(t->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(x->body));
	}
}

static int setup(struct xfer *t, const struct http_options *opt)
{
	struct http_exchange *x = t->x;

	t->easy = curl_easy_init();
	if (!t->easy)
		return -1;
	t->max_body = opt->max_body;
	x->budget = opt->budget;
	clock_gettime(CLOCK_MONOTONIC, &t->start);
	t->failures = alloc_failures();
	free(x->marks);
	x->marks = NULL;
	x->n_marks = 0;
	buf_init(&x->response, opt->max_body + 1);
	if (!(t->headers = request_headers(opt)))
		return -1;
	set_options(t, opt);
	return 0;
}

static void finish(struct xfer *t, CURLcode rc)
{
	struct http_exchange *x = t->x;
	curl_off_t us = 0;
	char *where = NULL;
	struct curl_header *retry = NULL;

	curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &x->status);
	if (curl_easy_getinfo(t->easy, CURLINFO_REDIRECT_URL, &where) == CURLE_OK && where)
		snprintf(x->location, sizeof(x->location), "%s", where);
	if (curl_easy_header(t->easy, "Retry-After", 0, CURLH_HEADER, -1, &retry) == CURLHE_OK &&
	    retry->value)
		snprintf(x->retry_after, sizeof(x->retry_after), "%s", retry->value);
	curl_easy_getinfo(t->easy, CURLINFO_TOTAL_TIME_T, &us);
	x->seconds = (double)us / 1e6;
	if (rc == CURLE_OK) {
		x->outcome = HTTP_DONE;
		x->error[0] = '\0';
	} else if (t->too_large || rc == CURLE_FILESIZE_EXCEEDED) {
		x->outcome = HTTP_TOO_LARGE;
		if (t->too_large == 2)
			snprintf(
				x->error, sizeof(x->error),
				"the run's bodies passed %zu bytes held at once (this one had %zu)",
				x->budget->max, x->response.len);
		else
			snprintf(x->error, sizeof(x->error), "response body larger than %zu bytes",
				 t->max_body);
		budget_return(x, x->response.len);
		buf_release(&x->response);
	} else if (rc == CURLE_OPERATION_TIMEDOUT) {
		x->outcome = HTTP_TIMEOUT;
	} else if (rc == CURLE_OUT_OF_MEMORY && alloc_failures() == t->failures) {
		/* no allocation failed: curl refused a header line past its
		 * 100 KB limit, which it reports as out of memory */
		x->outcome = HTTP_TRANSPORT;
		snprintf(x->error, sizeof(x->error),
			 "header too large: a response header line passed curl's 100 KB limit");
	} else {
		x->outcome = HTTP_TRANSPORT;
		if (!x->error[0])
			snprintf(x->error, sizeof(x->error), "%s", curl_easy_strerror(rc));
	}
}

/* each exchange's outcome is "transport error" until it finishes */
static void reset_exchanges(struct http_exchange *xs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		xs[i].outcome = HTTP_TRANSPORT;
		xs[i].status = 0;
		xs[i].error[0] = '\0';
		xs[i].location[0] = '\0';
		xs[i].retry_after[0] = '\0';
		xs[i].seconds = 0;
	}
}

/* Every exchange answered by the tap, or added to multi. Returns 0 or -1
 * (out of memory). */
static int add_transfers(CURLM *multi, struct xfer *ts, struct http_exchange *xs, size_t n,
			 const struct http_options *opt)
{
	size_t i;

	for (i = 0; i < n; i++) {
		ts[i].x = &xs[i];
		if (opt->tap && opt->tap->answer && opt->tap->answer(opt->tap->ctx, &xs[i])) {
			ts[i].tapped = 1;
			continue;
		}
		if (setup(&ts[i], opt) || curl_multi_add_handle(multi, ts[i].easy) != CURLM_OK)
			return -1;
	}
	return 0;
}

/* Runs the transfers until all finish or the run is cancelled; returns
 * how many were still running */
static int drive(CURLM *multi, const struct http_options *opt)
{
	int running = 0;

	do {
		CURLMsg *m;
		int left;

		if (curl_multi_perform(multi, &running) != CURLM_OK)
			break;
		while ((m = curl_multi_info_read(multi, &left))) {
			struct xfer *t;

			if (m->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&t);
			finish(t, m->data.result);
		}
		if (opt->cancel && *opt->cancel)
			break;
		if (running && curl_multi_poll(multi, NULL, 0, 200, NULL) != CURLM_OK)
			break;
	} while (running);
	return running;
}

static void release_transfers(CURLM *multi, struct xfer *ts, size_t n)
{
	size_t i;

	for (i = 0; ts && i < n; i++) {
		if (ts[i].easy) {
			if (multi)
				curl_multi_remove_handle(multi, ts[i].easy);
			curl_easy_cleanup(ts[i].easy);
		}
		curl_slist_free_all(ts[i].headers);
	}
	curl_multi_cleanup(multi);
	free(ts);
}

static int perform_once(struct http_exchange *xs, size_t n, const struct http_options *opt)
{
	struct xfer *ts = xcalloc(n, sizeof(*ts));
	CURLM *multi = curl_multi_init();
	int running;
	size_t i;

	reset_exchanges(xs, n);
	/* one connection at a time serialises the batch (--concurrency-diff) */
	if (multi)
		curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)opt->max_parallel);
	if (!ts || !multi || add_transfers(multi, ts, xs, n, opt)) {
		for (i = 0; i < n; i++)
			snprintf(xs[i].error, sizeof(xs[i].error),
				 "cannot set up the request: out of memory");
		release_transfers(multi, ts, n);
		return -1;
	}
	running = drive(multi, opt);
	for (i = 0; running && opt->cancel && *opt->cancel && i < n; i++)
		if (xs[i].outcome == HTTP_TRANSPORT && !xs[i].error[0]) {
			xs[i].outcome = HTTP_CANCELLED;
			snprintf(xs[i].error, sizeof(xs[i].error), "interrupted");
		}
	for (i = 0; opt->tap && opt->tap->seen && i < n; i++)
		if (!ts[i].tapped)
			opt->tap->seen(opt->tap->ctx, &xs[i]);
	release_transfers(multi, ts, n);
	return 0;
}

void http_exchange_release(struct http_exchange *x)
{
	budget_return(x, x->response.len);
	x->budget = NULL;
	buf_release(&x->response);
	free(x->marks);
	x->marks = NULL;
	x->n_marks = 0;
}

/* seconds of waiting that Ctrl-C cuts short; none when a tap answers */
static void pause_for(double seconds, const struct http_options *opt)
{
	struct timespec slice = { 0, 20 * 1000 * 1000 };
	double left = seconds;

	if (opt->tap && opt->tap->answer)
		return;
	while (left > 0 && !(opt->cancel && *opt->cancel)) {
		nanosleep(&slice, NULL); /* a wait the server asked for */
		left -= 0.02;
	}
}

/* the exchanges refused for now go again, at most opt->retries times each */
static void retry_refused(struct http_exchange *xs, size_t n, const struct http_options *opt)
{
	const struct retry_policy p = { opt->retries, opt->retry_wait_max };
	struct http_exchange *again = xcalloc(n, sizeof(*again));
	size_t *which = xcalloc(n, sizeof(size_t)), i, k;
	int attempt;

	for (attempt = 0; again && which && !(opt->cancel && *opt->cancel); attempt++) {
		double wait = -1;

		for (i = k = 0; i < n; i++) {
			double w = retry_wait(
				xs[i].outcome == HTTP_DONE, xs[i].status,
				http_retry_after(xs[i].retry_after[0] ? xs[i].retry_after : NULL,
						 time(NULL)),
				attempt, &p);

			if (w >= 0) {
				which[k++] = i;
				wait = w > wait ? w : wait;
			}
		}
		if (!k)
			break;
		pause_for(wait, opt);
		for (i = 0; i < k; i++) {
			memset(&again[i], 0, sizeof(again[i]));
			again[i].url = xs[which[i]].url;
			again[i].body = xs[which[i]].body;
			again[i].want_marks = xs[which[i]].want_marks;
		}
		if (perform_once(again, k, opt)) {
			for (i = 0; i < k; i++)
				http_exchange_release(&again[i]);
			break;
		}
		for (i = 0; i < k; i++) {
			again[i].retries = xs[which[i]].retries + 1;
			http_exchange_release(&xs[which[i]]);
			xs[which[i]] = again[i];
		}
	}
	free(again);
	free(which);
}

int http_perform(struct http_exchange *xs, size_t n, const struct http_options *opt)
{
	size_t i;
	int rc;

	for (i = 0; i < n; i++)
		xs[i].retries = 0;
	rc = perform_once(xs, n, opt);
	if (!rc && opt->retries > 0)
		retry_refused(xs, n, opt);
	return rc;
}

double http_retry_after(const char *value, time_t now)
{
	char *stop;
	double secs;
	time_t at;

	if (!value)
		return -1;
	while (isspace((unsigned char)*value))
		value++;
	if (isdigit((unsigned char)*value)) {
		secs = strtod(value, &stop);
		while (isspace((unsigned char)*stop))
			stop++;
		return *stop || secs > 1e9 ? -1 : secs;
	}
	if ((at = curl_getdate(value, NULL)) == -1)
		return -1;
	secs = difftime(at, now);
	return secs > 0 ? secs : 0;
}

/* whether part of h is present (and, for the scheme, what it is) */
static bool url_part(CURLU *h, CURLUPart part, char *out, size_t n)
{
	char *v = NULL;
	bool there = curl_url_get(h, part, &v, 0) == CURLUE_OK && v && *v;

	if (out && n)
		snprintf(out, n, "%s", there ? v : "");
	curl_free(v);
	return there;
}

int http_url_parse(const char *url, struct http_url *u, char *err, size_t errlen)
{
	CURLU *h = curl_url();
	CURLUcode rc;

	memset(u, 0, sizeof(*u));
	if (!h) {
		snprintf(err, errlen, "out of memory reading the URL");
		return -1;
	}
	rc = curl_url_set(h, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME);
	if (rc == CURLUE_OK) {
		url_part(h, CURLUPART_SCHEME, u->scheme, sizeof(u->scheme));
		u->has_host = url_part(h, CURLUPART_HOST, NULL, 0);
		u->has_user = url_part(h, CURLUPART_USER, NULL, 0) ||
			      url_part(h, CURLUPART_PASSWORD, NULL, 0);
		u->has_query = url_part(h, CURLUPART_QUERY, NULL, 0);
		u->has_fragment = url_part(h, CURLUPART_FRAGMENT, NULL, 0);
	} else {
		snprintf(err, errlen, "%s", curl_url_strerror(rc));
	}
	curl_url_cleanup(h);
	return rc == CURLUE_OK ? 0 : -1;
}
