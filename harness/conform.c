/* SPDX-License-Identifier: Apache-2.0 */
/* conform — the kinds of conformance check; see conform.h. */
#include "conform.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "apierror.h"
#include "diagnose.h"
#include "jsonfile.h"
#include "schema.h"
#include "text.h"

#define QUOTE_CHARS 160
#define SHOW_CHARS  60

/* --- judging --------------------------------------------------------------- */

static bool ok_status(long s)
{
	return s >= 200 && s < 300;
}

static void put(char *out, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(char *out, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, n, fmt, ap);
	va_end(ap);
}

/* s as a short quote for evidence: one line, at most max characters */
static void quote(char *out, size_t n, const char *s, size_t len, size_t max)
{
	char *e = text_excerpt(s, len, max, true);

	snprintf(out, n, "%s", e ? e : "");
	free(e);
}

void conform_answer_read(struct conform_answer *a, const struct http_mark *marks, size_t n_marks)
{
	char err[200];
	enum reply_result rc;

	memset(&a->r, 0, sizeof(a->r));
	memset(&a->w, 0, sizeof(a->w));
	memset(&a->st, 0, sizeof(a->st));
	a->read = a->unstreamed = false;
	a->why[0] = '\0';
	if (a->transport || !ok_status(a->status))
		return;
	rc = a->stream ? reply_stream_parse(a->body, a->len, marks, n_marks, &a->r, &a->st, err,
					    sizeof(err))
		       : reply_parse(a->body, a->len, &a->r, err, sizeof(err));
	wire_read(a->body, a->len, a->stream, &a->w, a->why, sizeof(a->why));
	a->read = rc == REPLY_OK;
	if (!a->read)
		snprintf(a->why, sizeof(a->why), "%s", err);
	if (!a->read && a->stream) { /* "stream": true, and no stream came */
		reply_release(&a->r);
		a->unstreamed = reply_parse(a->body, a->len, &a->r, err, sizeof(err)) == REPLY_OK;
	}
}

void conform_answer_release(struct conform_answer *a)
{
	reply_release(&a->r);
}

/* An answer that is not a readable 2xx completion settles the check: a
 * 4xx is a rejection (the server's words quoted), a 429 a check that could
 * not run, anything else broken. Returns true when it did. */
/* An exchange that failed before the server judged the request (no
 * answer, or a 429 still after the retries) settles every kind, those
 * that judge refusals too: it says nothing of the feature. */
static bool settled_by_exchange(const struct conform_answer *a, enum conform_status *st, char *ev,
				size_t n)
{
	struct api_error e;
	char q[QUOTE_CHARS * 4];

	if (a->failed == CAUSE_NONE || a->failed == CAUSE_HTTP_ERROR)
		return false; /* the server answered: the check's kind reads it */
	if (a->failed != CAUSE_RATE_LIMITED) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s: no answer (%s)", a->label,
		    a->transport ? a->transport : cause_code(a->failed));
		return true;
	}
	apierror_parse(a->body, a->len, &e);
	quote(q, sizeof(q), e.message, e.message ? strlen(e.message) : 0, QUOTE_CHARS);
	apierror_release(&e);
	*st = CONFORM_SKIPPED; /* the check could not run */
	put(ev, n, "HTTP 429, still after the retries: \"%s\"", q);
	return true;
}

static bool settled_by_failure(const struct conform_answer *a, enum conform_status *st, char *ev,
			       size_t n)
{
	struct api_error e;
	char q[QUOTE_CHARS * 4];

	if (!ok_status(a->status)) {
		apierror_parse(a->body, a->len, &e);
		quote(q, sizeof(q), e.message, e.message ? strlen(e.message) : 0, QUOTE_CHARS);
		apierror_release(&e);
		*st = a->status >= 400 && a->status < 500 ? CONFORM_REJECTED : CONFORM_BROKEN;
		put(ev, n, "HTTP %ld: \"%s\"", a->status, q);
		return true;
	}
	if (!a->read && a->unstreamed) {
		*st = CONFORM_IGNORED;
		put(ev, n, "\"stream\": true had no effect: one whole completion came");
		return true;
	}
	if (!a->read) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s answer unreadable: %s", a->label, a->why);
		return true;
	}
	return false;
}

static bool has_think_tags(const struct chat_reply *r)
{
	return strstr(r->content, "<think>") || strstr(r->content, "</think>");
}

static void judge_format(const struct conform_input *in, enum conform_status *st, char *ev,
			 size_t n)
{
	const struct conform_spec *c = in->c;
	const cJSON *rq = in->request;
	const struct conform_answer *j = in->a;
	const char *want = c->expect;
	const cJSON *rf = cJSON_GetObjectItemCaseSensitive(rq, "response_format");
	const cJSON *schema = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(rf, "json_schema"), "schema");
	char q[SHOW_CHARS * 4], err[300];
	cJSON *doc;
	enum schema_result rc;

	quote(q, sizeof(q), j->r.content, j->r.content_len, SHOW_CHARS);
	if (!strcmp(want, "text")) {
		*st = j->r.content_len ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, j->r.content_len ? "text: \"%s\"" : "an empty answer%s", q);
		return;
	}
	doc = reply_json_document(j->r.content, j->r.content_len);
	if (!doc) {
		bool cut = j->r.finish_reason && !strcmp(j->r.finish_reason, "length");

		*st = cut ? CONFORM_SKIPPED : CONFORM_IGNORED;
		put(ev, n,
		    cut ? "the answer ran out of budget before its JSON ended: \"%s\""
			: "not JSON: \"%s\"",
		    q);
	} else if (!strcmp(want, "json-object") || !schema) {
		*st = cJSON_IsObject(doc) ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, cJSON_IsObject(doc) ? "a JSON object: %s" : "JSON, not an object: %s",
		    q);
	} else if ((rc = schema_validate(schema, doc, err, sizeof(err))) == SCHEMA_VALID) {
		*st = CONFORM_HONOURED;
		put(ev, n, "valid against the schema: %s", q);
	} else {
		*st = rc == SCHEMA_INVALID ? CONFORM_BROKEN : CONFORM_SKIPPED;
		put(ev, n, "%s: %s",
		    rc == SCHEMA_INVALID ? "violates the schema" : "cannot validate", err);
	}
	cJSON_Delete(doc);
}

/* an OpenAI error object: {"error": {"message": "...", ...}} */
static bool openai_error(const char *body, size_t len, char *msg, size_t n)
{
	cJSON *o = cJSON_ParseWithLength(body, len);
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(o, "error");
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message");
	bool ok = cJSON_IsObject(e) && cJSON_IsString(m) && *m->valuestring;

	if (ok)
		quote(msg, n, m->valuestring, strlen(m->valuestring), QUOTE_CHARS);
	cJSON_Delete(o);
	return ok;
}

static void judge_error(const struct conform_input *in, enum conform_status *st, char *ev, size_t n)
{
	const struct conform_spec *c = in->c;
	const struct conform_answer *a = in->a;
	char msg[QUOTE_CHARS * 4], body[QUOTE_CHARS * 4];
	long want = c->status;

	quote(body, sizeof(body), a->body, a->len, SHOW_CHARS);
	if (a->transport) {
		*st = CONFORM_BROKEN;
		put(ev, n, "no answer (%s)", a->transport);
	} else if (ok_status(a->status)) {
		*st = CONFORM_IGNORED;
		put(ev, n, "HTTP %ld: accepted where %ld is due", a->status, want);
	} else if (a->status != want) {
		*st = CONFORM_BROKEN;
		put(ev, n, "HTTP %ld where %ld is due: %s", a->status, want, body);
	} else if (!openai_error(a->body, a->len, msg, sizeof(msg))) {
		*st = CONFORM_BROKEN;
		put(ev, n, "HTTP %ld, but not an OpenAI error object {\"error\":{\"message\"}}: %s",
		    a->status, body);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "HTTP %ld: \"%s\"", a->status, msg);
	}
}

/* "get_weather, get_weather" */
static void call_names(const struct chat_reply *r, char *out, size_t n)
{
	size_t i, used = 0;

	out[0] = '\0';
	for (i = 0; i < r->n_calls && used + 1 < n; i++) {
		snprintf(out + used, n - used, "%s%s", i ? ", " : "", r->calls[i].name);
		used = strlen(out);
	}
}

/* Did the control (the request without parallel_tool_calls) make
 * parallel calls? said describes what it made. */
static bool parallel_without(const struct conform_input *in, char *said, size_t len)
{
	size_t i;

	snprintf(said, len, "no answer");
	for (i = 0; i < in->n; i++) {
		const struct chat_reply *r = &in->a[i].r;
		char names[160];

		if (!in->a[i].control || !in->a[i].read)
			continue;
		call_names(r, names, sizeof(names));
		snprintf(said, len, "%zu call%s (%s)", r->n_calls, r->n_calls == 1 ? "" : "s",
			 r->n_calls ? names : "none");
		return r->n_calls > 1;
	}
	return false;
}

static void judge_tool_choice(const struct conform_input *in, enum conform_status *st, char *ev,
			      size_t n)
{
	const struct conform_spec *c = in->c;
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;
	int calls = (int)r->n_calls;
	char names[200], q[SHOW_CHARS * 4], ctl[200];

	call_names(r, names, sizeof(names));
	quote(q, sizeof(q), r->content, r->content_len, SHOW_CHARS);
	if (!strcmp(c->expect, "none")) {
		*st = calls ? CONFORM_IGNORED : CONFORM_HONOURED;
		put(ev, n, calls ? "called %s despite tool_choice \"none\"" : "text: \"%s\"",
		    calls ? names : q);
	} else if (!calls && diagnose_tool_markup(r->content, r->content_len)) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the call came as text in content: \"%s\"", q);
	} else if (!calls) {
		bool counting = c->min_calls > 1 || c->max_calls >= 0;

		*st = counting ? CONFORM_SKIPPED : CONFORM_IGNORED;
		put(ev, n, "no tool call%s: \"%s\"", counting ? " at all (see tc-auto)" : "", q);
	} else if (!strcmp(c->expect, "named") && strcmp(r->calls[0].name, c->tool)) {
		*st = CONFORM_IGNORED;
		put(ev, n, "called %s where tool_choice names %s", names, c->tool);
	} else if (c->min_calls >= 0 && calls < c->min_calls) {
		*st = CONFORM_IGNORED;
		put(ev, n, "%d call%s (%s) where %d are due", calls, calls == 1 ? "" : "s", names,
		    c->min_calls);
	} else if (c->max_calls >= 0 && calls > c->max_calls) {
		*st = CONFORM_IGNORED;
		put(ev, n, "%d calls (%s) where at most %d may come", calls, names, c->max_calls);
	} else if (c->control && !parallel_without(in, ctl, sizeof(ctl))) {
		*st = CONFORM_SKIPPED; /* nothing shows that the flag acted */
		put(ev, n,
		    "%d call: %s; without parallel_tool_calls: %s, so nothing shows the "
		    "flag acted",
		    calls, names, ctl);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "%d call%s: %s%s%s", calls, calls == 1 ? "" : "s", names,
		    c->control ? "; without parallel_tool_calls: " : "", c->control ? ctl : "");
	}
}

static void judge_tool_ids(const struct conform_input *in, enum conform_status *st, char *ev,
			   size_t n)
{
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;
	size_t i, k;

	*st = CONFORM_HONOURED;
	if (!r->n_calls) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no tool call came to carry an id");
		return;
	}
	for (i = 0; i < r->n_calls; i++) {
		if (!r->calls[i].id || !*r->calls[i].id) {
			*st = CONFORM_BROKEN;
			put(ev, n, "tool call %zu has no id", i);
			return;
		}
		for (k = 0; k < i; k++)
			if (!strcmp(r->calls[k].id, r->calls[i].id)) {
				*st = CONFORM_BROKEN;
				put(ev, n, "tool calls %zu and %zu share the id \"%.40s\"", k, i,
				    r->calls[i].id);
				return;
			}
	}
	put(ev, n, "%zu call%s, each with its own id", r->n_calls, r->n_calls == 1 ? "" : "s");
}

/* one answer's calls: arguments a JSON string valid against the tool.
 * Returns 1 when they are, 0 with why, -1 when no call came. */
static int args_valid(const cJSON *rq, const struct conform_answer *j, char *why, size_t n)
{
	const struct chat_reply *r = &j->r;
	char err[300];
	size_t i;

	if (!r->n_calls)
		return -1;
	if (j->w.args_bad[0]) {
		snprintf(why, n, "%s: %s", j->label, j->w.args_bad);
		return 0;
	}
	for (i = 0; i < r->n_calls; i++) {
		const cJSON *schema = cJSON_GetObjectItemCaseSensitive(
			chat_find_tool(rq, r->calls[i].name), "parameters");
		const char *text = r->calls[i].arguments ? r->calls[i].arguments : "";
		cJSON *args = reply_json_document(text, strlen(text));
		enum schema_result rc = !args	 ? SCHEMA_INVALID
					: schema ? schema_validate(schema, args, err, sizeof(err))
						 : SCHEMA_VALID;

		if (!args)
			snprintf(err, sizeof(err), "not one JSON document: %.60s", text);
		cJSON_Delete(args);
		if (rc != SCHEMA_VALID) {
			snprintf(why, n, "%s: %s(%s)", j->label, r->calls[i].name, err);
			return 0;
		}
	}
	return 1;
}

static void judge_tool_args(const struct conform_input *in, enum conform_status *st, char *ev,
			    size_t n)
{
	const cJSON *rq = in->request;
	const struct conform_answer *j = in->a;
	size_t count = in->n;
	char why[400] = "";
	size_t i, none = 0;

	for (i = 0; i < count; i++) {
		int rc = args_valid(rq, &j[i], why, sizeof(why));

		none += rc < 0;
		if (rc == 0) {
			*st = CONFORM_BROKEN;
			put(ev, n, "%s", why);
			return;
		}
	}
	if (none && none < count) { /* a call one way only: that way lost it */
		const struct conform_answer *lost = j[0].r.n_calls ? &j[1] : &j[0];
		char q[SHOW_CHARS * 4], names[200];

		quote(q, sizeof(q), lost->r.content, lost->r.content_len, SHOW_CHARS);
		call_names(j[0].r.n_calls ? &j[0].r : &j[1].r, names, sizeof(names));
		*st = CONFORM_BROKEN;
		put(ev, n, "the %s answer has no tool call where the %s one calls %s: \"%s\"",
		    lost->label, lost == &j[0] ? j[1].label : j[0].label, names, q);
		return;
	}
	*st = none ? CONFORM_SKIPPED : CONFORM_HONOURED;
	put(ev, n, none ? "no tool call came either way" : "valid JSON arguments streamed and not");
}

/* the first of the request's stop strings in s, or NULL */
static const char *find_stop(const cJSON *rq, const char *s, const char **which)
{
	const cJSON *stop = cJSON_GetObjectItemCaseSensitive(rq, "stop"), *e;
	const char *at;

	if (cJSON_IsString(stop) && *stop->valuestring && (at = strstr(s, stop->valuestring))) {
		*which = stop->valuestring;
		return at;
	}
	cJSON_ArrayForEach(e, stop)
	{
		if (cJSON_IsString(e) && *e->valuestring && (at = strstr(s, e->valuestring))) {
			*which = e->valuestring;
			return at;
		}
	}
	return NULL;
}

/* What the controls (the request without "stop") show: 1 when every one
 * went past a stop string, 0 when none reached one, -1 when they disagree
 * or none came; q quotes the first, why says what could not be told. */
static int controls_pass_stop(const struct conform_input *in, char *q, size_t qn, char *why,
			      size_t wn)
{
	size_t i, seen = 0, reached = 0;

	for (i = 0; i < in->n; i++) {
		const struct conform_answer *a = &in->a[i];
		const char *which = NULL, *at;

		if (!a->control || !a->read)
			continue;
		at = find_stop(in->request, a->r.content, &which);
		if (!seen++)
			quote(q, qn, a->r.content, a->r.content_len, SHOW_CHARS);
		reached += at && at[strlen(which)];
	}
	if (!seen)
		snprintf(why, wn, "no control answer (the request without stop) came");
	else if (reached && reached < seen)
		snprintf(why, wn,
			 "the controls (the request without stop) disagree: %zu of %zu "
			 "went past the stop string",
			 reached, seen);
	else if (!reached)
		snprintf(why, wn,
			 "without stop the answer never goes past the stop string either: "
			 "\"%s\"",
			 q);
	return !seen || (reached && reached < seen) ? -1 : reached ? 1 : 0;
}

static void judge_stop(const struct conform_input *in, enum conform_status *st, char *ev, size_t n)
{
	const cJSON *rq = in->request;
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;
	const char *which = NULL, *at = find_stop(rq, r->content, &which);
	const char *fin = r->finish_reason ? r->finish_reason : "none";
	char q[SHOW_CHARS * 4], qc[SHOW_CHARS * 4] = "", why[SHOW_CHARS * 4 + 120];

	quote(q, sizeof(q), r->content, r->content_len, SHOW_CHARS);
	if (at && at[strlen(which)]) {
		*st = CONFORM_IGNORED;
		put(ev, n, "the answer went on past \"%s\": \"%s\"", which, q);
	} else if (at) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the answer ends with the stop string \"%s\" (it must be left out)",
		    which);
	} else if (r->finish_reason && !reply_finish_is_openai(fin)) {
		*st = CONFORM_BROKEN;
		put(ev, n, "stopped, but finish_reason \"%s\" is not an OpenAI value (stop)", fin);
	} else if (strcmp(fin, "stop")) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "finish %s before the stop string came: \"%s\"", fin, q);
	} else if (controls_pass_stop(in, qc, sizeof(qc), why, sizeof(why)) != 1) {
		*st = CONFORM_SKIPPED; /* nothing shows that stop acted */
		put(ev, n, "%s; with stop: \"%s\"", why, q);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "stopped before the stop string: \"%s\"; without stop: \"%s\"", q, qc);
	}
}

static void judge_max_tokens(const struct conform_input *in, enum conform_status *st, char *ev,
			     size_t n)
{
	const struct conform_spec *c = in->c;
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;
	const char *field = c->budget_field ? c->budget_field : "max_tokens";
	const char *fin = r->finish_reason ? r->finish_reason : "none";
	long want = c->max_tokens, got = r->completion_tokens;
	bool length = !strcmp(fin, "length");

	if (got < 0) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no usage.completion_tokens to count (finish %s)", fin);
	} else if (got > want) {
		*st = CONFORM_IGNORED;
		put(ev, n, "%ld completion tokens where %s is %ld", got, field, want);
	} else if (got == want && !length) {
		*st = CONFORM_BROKEN;
		put(ev, n, "cut at %ld tokens with finish_reason \"%s\" where \"length\" is due",
		    got, fin);
	} else if (length && got < want) {
		*st = CONFORM_BROKEN;
		put(ev, n, "finish \"length\" after %ld of %ld tokens", got, want);
	} else if (got < want) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "the answer ended on its own after %ld of %ld tokens (finish %s)", got,
		    want, fin);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "finish \"length\" at exactly %ld tokens", got);
	}
}

static void judge_choices(const struct conform_input *in, enum conform_status *st, char *ev,
			  size_t n)
{
	const cJSON *rq = in->request;
	const struct conform_answer *j = in->a;
	const cJSON *want = cJSON_GetObjectItemCaseSensitive(rq, "n");
	int got = j->w.choices;

	*st = got == want->valueint  ? CONFORM_HONOURED
	      : got < want->valueint ? CONFORM_IGNORED
				     : CONFORM_BROKEN;
	put(ev, n, "%d choice%s where n is %d", got, got == 1 ? "" : "s", want->valueint);
}

/* the answer as compared between repetitions: content, then tool calls */
static char *answer_text(const struct chat_reply *r)
{
	struct buf b = BUF_INIT(0);
	size_t i;

	buf_puts(&b, r->content);
	for (i = 0; i < r->n_calls; i++)
		buf_printf(&b, "\n%s(%s)", r->calls[i].name,
			   r->calls[i].arguments ? r->calls[i].arguments : "");
	return buf_detach(&b);
}

static void judge_repeat(const struct conform_input *in, enum conform_status *st, char *ev,
			 size_t n)
{
	const struct conform_answer *j = in->a;
	size_t count = in->n;
	char *first = answer_text(&j[0].r), q[SHOW_CHARS * 4];
	size_t i, at = 0;

	*st = CONFORM_HONOURED;
	for (i = 1; i < count && *st == CONFORM_HONOURED; i++) {
		char *other = answer_text(&j[i].r);

		if (first && other && strcmp(first, other)) {
			while (first[at] == other[at])
				at++;
			*st = CONFORM_IGNORED;
			quote(q, sizeof(q), other + at, strlen(other + at), 30);
			put(ev, n, "answer %zu differs from answer 1 at character %zu: \"%s\"",
			    i + 1, at, q);
		}
		free(other);
	}
	if (*st == CONFORM_HONOURED) {
		quote(q, sizeof(q), j[0].r.content, j[0].r.content_len, 40);
		put(ev, n, "%zu identical answers: \"%s\"", count, q);
	}
	free(first);
}

static void judge_logprobs(const struct conform_input *in, enum conform_status *st, char *ev,
			   size_t n)
{
	const cJSON *rq = in->request;
	const struct conform_answer *j = in->a;
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(rq, "top_logprobs");
	const struct wire_facts *w = &j->w;
	int want = cJSON_IsNumber(top) ? top->valueint : 0;

	if (w->logprobs < 0) {
		*st = CONFORM_IGNORED;
		put(ev, n, "choices[0].logprobs is null or absent");
	} else if (w->logprobs_bad[0]) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s", w->logprobs_bad);
	} else if (!w->logprobs) {
		*st = j->r.content_len ? CONFORM_BROKEN : CONFORM_SKIPPED;
		put(ev, n, "logprobs.content is empty for a %zu-character answer",
		    j->r.content_len);
	} else if (want && (w->top_min < want || w->top_max > want + 1)) {
		*st = CONFORM_BROKEN;
		put(ev, n, "top_logprobs lists %d to %d alternatives where %d are asked",
		    w->top_min, w->top_max, want);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "%d tokens, each with %d alternatives", w->logprobs, w->top_min);
	}
}

static void judge_usage_prompt(const struct conform_input *in, enum conform_status *st, char *ev,
			       size_t n)
{
	const struct conform_answer *j = in->a;
	long own = in->own;
	long got = j->r.prompt_tokens;

	if (own < 0) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "the engine offers no token counter of its own (/tokenize)");
	} else if (got < 0) {
		*st = CONFORM_BROKEN;
		put(ev, n, "no usage.prompt_tokens (the engine counts %ld)", own);
	} else {
		*st = got == own ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, "usage.prompt_tokens %ld, the engine's own count %ld", got, own);
	}
}

static void judge_usage_stream(const struct conform_input *in, enum conform_status *st, char *ev,
			       size_t n)
{
	const struct conform_answer *j = in->a;
	const struct chat_reply *a = &j[0].r, *b = &j[1].r;
	bool same = a->content_len == b->content_len && !strcmp(a->content, b->content);

	if (a->prompt_tokens < 0 || a->completion_tokens < 0) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the plain answer carries no usage");
	} else if (b->prompt_tokens < 0) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "the stream carried no usage (see s-usage)");
	} else if (a->prompt_tokens != b->prompt_tokens) {
		*st = CONFORM_BROKEN;
		put(ev, n, "prompt_tokens %ld plain, %ld streamed", a->prompt_tokens,
		    b->prompt_tokens);
	} else if (same && a->completion_tokens != b->completion_tokens) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the same answer: completion_tokens %ld plain, %ld streamed",
		    a->completion_tokens, b->completion_tokens);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "prompt %ld and completion %ld%s both ways", a->prompt_tokens,
		    a->completion_tokens, same ? "" : " (the answers differ)");
	}
}

static void judge_usage_completion(const struct conform_input *in, enum conform_status *st,
				   char *ev, size_t n)
{
	const struct conform_answer *j = in->a;
	long got = j->r.completion_tokens, came = j->w.logprobs;

	if (j->r.reasoning_len) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "the answer reasoned: its reasoning tokens have no logprobs to count");
	} else if (came < 0) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no logprobs to count the tokens returned (see p-logprobs)");
	} else if (got < 0) {
		*st = CONFORM_BROKEN;
		put(ev, n, "no usage.completion_tokens for %ld tokens returned", came);
	} else {
		*st = got >= came - 1 && got <= came + 1 ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, "usage.completion_tokens %ld, %ld tokens returned", got, came);
	}
}

static void judge_usage_reasoning(const struct conform_input *in, enum conform_status *st, char *ev,
				  size_t n)
{
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;

	if (r->reasoning_tokens < 0) {
		*st = CONFORM_SKIPPED;
		put(ev, n,
		    r->reasoning_len ? "the engine reports no reasoning_tokens"
				     : "no reasoning came to count");
	} else if (r->completion_tokens < 0) {
		*st = CONFORM_BROKEN;
		put(ev, n, "reasoning_tokens %ld, but no completion_tokens", r->reasoning_tokens);
	} else {
		*st = r->reasoning_tokens <= r->completion_tokens ? CONFORM_HONOURED
								  : CONFORM_BROKEN;
		put(ev, n, "reasoning_tokens %ld of completion_tokens %ld", r->reasoning_tokens,
		    r->completion_tokens);
	}
}

/* the calls of the unstreamed control, or NULL when it made none */
static const struct chat_reply *control_calls(const struct conform_input *in)
{
	size_t i;

	for (i = 0; i < in->n; i++)
		if (in->a[i].control && in->a[i].read && in->a[i].r.n_calls)
			return &in->a[i].r;
	return NULL;
}

static void judge_stream_tools(const struct conform_input *in, enum conform_status *st, char *ev,
			       size_t n)
{
	const struct conform_answer *j = in->a;
	const struct wire_facts *w = &j->w;
	const struct chat_reply *plain = control_calls(in);
	char q[SHOW_CHARS * 4], names[200] = "";

	quote(q, sizeof(q), j->r.content, j->r.content_len, SHOW_CHARS);
	if (plain)
		call_names(plain, names, sizeof(names));
	if (!w->tool_fragments && diagnose_tool_markup(j->r.content, j->r.content_len)) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the call streamed as text in content: \"%s\"", q);
	} else if (!w->tool_fragments && plain) {
		*st = CONFORM_BROKEN;
		put(ev, n,
		    "no tool call was streamed where the same request unstreamed calls %s: "
		    "\"%s\"",
		    names, q);
	} else if (!w->tool_fragments) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no tool call came, streamed or not: \"%s\"", q);
	} else if (w->tool_first_bad[0] || w->tool_later_bad[0]) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s", w->tool_first_bad[0] ? w->tool_first_bad : w->tool_later_bad);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "%d fragments; each call's first carried index, id and name",
		    w->tool_fragments);
	}
}

static void judge_stream(const struct conform_input *in, enum conform_status *st, char *ev,
			 size_t n)
{
	const struct conform_spec *c = in->c;
	const struct conform_answer *j = in->a;
	const struct wire_facts *w = &j->w;
	const char *want = c->expect;

	*st = CONFORM_BROKEN;
	if (!strcmp(want, "role")) {
		*st = w->role_first ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, "the first delta carries %s%s", w->first_delta,
		    w->role_first ? "" : ": no role \"assistant\"");
	} else if (!strcmp(want, "finish")) {
		if (w->finish_last[0] && reply_finish_is_openai(w->finish_last))
			*st = CONFORM_HONOURED;
		put(ev, n,
		    !w->finish_last[0]	    ? "%s"
		    : *st == CONFORM_BROKEN ? "the last choice chunk ends with \"%s\", not an "
					      "OpenAI finish_reason"
					    : "the last choice chunk carries finish_reason \"%s\"",
		    w->finish_last[0] ? w->finish_last
		    : w->finish_seen  ? "a finish_reason came, but not on the last choice chunk"
				      : "no chunk carries a finish_reason");
	} else if (!strcmp(want, "usage")) {
		*st = w->usage == WIRE_USAGE_ALONE  ? CONFORM_HONOURED
		      : w->usage == WIRE_USAGE_NONE ? CONFORM_IGNORED
						    : CONFORM_BROKEN;
		put(ev, n, "%s",
		    w->usage == WIRE_USAGE_ALONE  ? "usage on a last chunk with \"choices\": []"
		    : w->usage == WIRE_USAGE_NONE ? "include_usage had no effect: no usage came"
						  : "usage came only on chunks with a choice, "
						    "never with \"choices\": []");
	} else if (!strcmp(want, "done")) {
		*st = w->done && !w->after_done ? CONFORM_HONOURED : CONFORM_BROKEN;
		put(ev, n, "%s",
		    !w->done	    ? "the stream ended without data: [DONE]"
		    : w->after_done ? "events came after data: [DONE]"
				    : "the stream ends with data: [DONE]");
	} else {
		judge_stream_tools(in, st, ev, n);
	}
}

static void judge_answer(const struct conform_input *in, enum conform_status *st, char *ev,
			 size_t n)
{
	const struct conform_spec *c = in->c;
	const struct conform_answer *j = in->a;
	char q[SHOW_CHARS * 4];
	int rc = regex_match(c->answer_regex, j->r.content, j->r.content_len);

	quote(q, sizeof(q), j->r.content, j->r.content_len, SHOW_CHARS);
	*st = rc > 0 ? CONFORM_HONOURED : CONFORM_IGNORED;
	if (rc <= 0 && j->r.n_calls) { /* what came instead: a call, not an answer */
		char names[200];

		call_names(&j->r, names, sizeof(names));
		put(ev, n, "not followed: a tool call (%s) came instead of an answer%s%s%s", names,
		    j->r.content_len ? ", with \"" : "", j->r.content_len ? q : "",
		    j->r.content_len ? "\"" : "");
		return;
	}
	put(ev, n, rc > 0 ? "followed: \"%s\"" : "not followed: \"%s\"", q);
}

/* the reasoning an answer carries, in tokens when the usage counts them,
 * else in characters (its field's, or the content between think tags) */
static size_t reasoning_size(const struct chat_reply *r, bool *tokens)
{
	*tokens = r->reasoning_tokens > 0;
	if (*tokens)
		return (size_t)r->reasoning_tokens;
	return r->reasoning_len ? r->reasoning_len : has_think_tags(r) ? r->content_len : 0;
}

static void judge_reasoning_field(const struct conform_input *in, enum conform_status *st, char *ev,
				  size_t n)
{
	const struct conform_answer *j = in->a;
	const struct chat_reply *r = &j->r;

	if (r->reasoning_len && r->reasoning_field) {
		*st = CONFORM_HONOURED;
		put(ev, n, "reasoning in \"%s\" (%zu characters)", r->reasoning_field,
		    r->reasoning_len);
	} else if (has_think_tags(r)) {
		*st = CONFORM_BROKEN;
		put(ev, n, "the reasoning came in content, between think tags");
	} else {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no reasoning came with thinking on: the model may not reason");
	}
}

static void judge_reasoning_switch(const struct conform_input *in, enum conform_status *st,
				   char *ev, size_t n)
{
	const struct conform_answer *j = in->a;
	bool t_on, t_off;
	size_t on = reasoning_size(&j[0].r, &t_on), off = reasoning_size(&j[1].r, &t_off);

	if (!on) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no reasoning even with enable_thinking: true");
	} else {
		*st = off ? CONFORM_IGNORED : CONFORM_HONOURED;
		put(ev, n, "%zu reasoning %s with enable_thinking true, %zu with false", on,
		    t_on ? "tokens" : "characters", off);
	}
}

static void judge_reasoning_effort(const struct conform_input *in, enum conform_status *st,
				   char *ev, size_t n)
{
	const struct conform_answer *j = in->a;
	bool t_low, t_high;
	size_t low = reasoning_size(&j[0].r, &t_low), high = reasoning_size(&j[1].r, &t_high);

	if (!low && !high) {
		*st = CONFORM_SKIPPED;
		put(ev, n, "no reasoning at either effort");
	} else if (t_low != t_high) { /* one counted in tokens, one in characters */
		low = j[0].r.reasoning_len;
		high = j[1].r.reasoning_len;
		*st = high > low ? CONFORM_HONOURED : CONFORM_IGNORED;
		put(ev, n, "%zu reasoning characters at effort low, %zu at high", low, high);
	} else {
		*st = high > low ? CONFORM_HONOURED : CONFORM_IGNORED;
		put(ev, n, "%zu reasoning %s at effort low, %zu at high", low,
		    t_low ? "tokens" : "characters", high);
	}
}

/* --- what each kind sends ------------------------------------------------------ */

static size_t one_plain(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	(void)c;
	(void)has_switch;
	v[0] = (struct conform_variant){ .label = "plain" };
	return 1;
}

static size_t one_streamed(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	(void)c;
	(void)has_switch;
	v[0] = (struct conform_variant){ .label = "streamed", .stream = true };
	return 1;
}

static size_t plain_and_streamed(const struct conform_spec *c, bool has_switch,
				 struct conform_variant *v)
{
	(void)c;
	(void)has_switch;
	v[0] = (struct conform_variant){ .label = "plain" };
	v[1] = (struct conform_variant){ .label = "streamed", .stream = true };
	return 2;
}

static size_t repeated(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	static const char *const labels[CONFORM_MAX_ANSWERS] = { "#1", "#2", "#3", "#4", "#5",
								 "#6", "#7", "#8", "#9", "#10" };
	size_t i, n = c->times > 0 && c->times <= CONFORM_MAX_ANSWERS ? (size_t)c->times : 2;

	(void)has_switch;
	for (i = 0; i < n; i++)
		v[i] = (struct conform_variant){ .label = labels[i] };
	return n;
}

static size_t switch_on_off(const struct conform_spec *c, bool has_switch,
			    struct conform_variant *v)
{
	(void)c;
	(void)has_switch;
	v[0] = (struct conform_variant){ .label = "on",
					 .own_thinking = true,
					 .thinking = THINKING_ENABLED };
	v[1] = (struct conform_variant){ .label = "off",
					 .own_thinking = true,
					 .thinking = THINKING_DISABLED };
	return 2;
}

static size_t effort_low_high(const struct conform_spec *c, bool has_switch,
			      struct conform_variant *v)
{
	(void)c;
	(void)has_switch;
	v[0] = (struct conform_variant){ .label = "low", .own_thinking = true, .effort = "low" };
	v[1] = (struct conform_variant){ .label = "high", .own_thinking = true, .effort = "high" };
	return 2;
}

/* thinking on where the run has a switch: a check of the reasoning */
static size_t thinking_on(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	(void)c;
	v[0] = (struct conform_variant){ .label = "plain",
					 .own_thinking = has_switch,
					 .thinking = THINKING_ENABLED };
	return 1;
}

/* thinking off: every token of the answer has its logprob */
static size_t thinking_off(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	(void)c;
	v[0] = (struct conform_variant){ .label = "plain",
					 .own_thinking = has_switch,
					 .thinking = THINKING_DISABLED };
	return 1;
}

/* --- what each kind needs ------------------------------------------------------ */

#define NEED(ok, at, text)                                                                         \
	do {                                                                                       \
		if (!(ok)) {                                                                       \
			*key = (at);                                                               \
			snprintf(why, n, "%s", (text));                                            \
			return -1;                                                                 \
		}                                                                                  \
	} while (0)

/* a response-format check's schema, when it has one, must be usable */
static int needs_format(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
			size_t n)
{
	const cJSON *rf = cJSON_GetObjectItemCaseSensitive(rq, "response_format");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(rf, "json_schema"), "schema");
	char err[300];

	NEED(strcmp(c->expect, "json-schema") || v, "response_format",
	     "expect \"json-schema\" needs request.response_format.json_schema.schema");
	if (v && schema_check(v, err, sizeof(err))) {
		*key = "schema";
		snprintf(why, n, "the schema is not usable: %s", err);
		return -1;
	}
	return 0;
}

static int needs_status(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
			size_t n)
{
	(void)rq;
	NEED(c->status, "check", "check 'error' needs 'status'");
	return 0;
}

static int needs_tools(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
		       size_t n)
{
	NEED(cJSON_GetObjectItemCaseSensitive(rq, "tools"), "check",
	     "a tool check needs request.tools");
	NEED(c->kind != CONFORM_TOOL_CHOICE || strcmp(c->expect, "named") ||
		     (c->tool && chat_find_tool(rq, c->tool)),
	     "tool", "expect \"named\" needs 'tool', one of request.tools");
	return 0;
}

static int needs_stream(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
			size_t n)
{
	NEED(strcmp(c->expect, "tool-deltas") || cJSON_GetObjectItemCaseSensitive(rq, "tools"),
	     "expect", "\"tool-deltas\" needs request.tools");
	return 0;
}

static int needs_stop(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
		      size_t n)
{
	(void)c;
	NEED(cJSON_GetObjectItemCaseSensitive(rq, "stop"), "check",
	     "check 'stop' needs request.stop");
	return 0;
}

static int needs_max_tokens(const struct conform_spec *c, const cJSON *rq, const char **key,
			    char *why, size_t n)
{
	(void)rq;
	NEED(c->max_tokens, "check", "check 'max-tokens' needs 'max_tokens'");
	return 0;
}

static int needs_n(const struct conform_spec *c, const cJSON *rq, const char **key, char *why,
		   size_t n)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(rq, "n");

	(void)c;
	NEED(cJSON_IsNumber(v) && v->valueint >= 2, "check",
	     "check 'choices' needs request.n of 2 or more");
	return 0;
}

static int needs_logprobs(const struct conform_spec *c, const cJSON *rq, const char **key,
			  char *why, size_t n)
{
	(void)c;
	NEED(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rq, "logprobs")), "check",
	     "check 'logprobs' needs request.logprobs: true");
	return 0;
}

static int needs_answer_regex(const struct conform_spec *c, const cJSON *rq, const char **key,
			      char *why, size_t n)
{
	(void)rq;
	NEED(c->answer_regex, "check", "check 'answer' needs 'answer_regex'");
	return 0;
}

/* --- the kinds ------------------------------------------------------------------- */

#define WORDS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const struct conform_row kinds[CONFORM_KINDS] = {
	[CONFORM_FORMAT] = { .name = "response-format",
			     .words = WORDS("text", "json-object", "json-schema"),
			     .needs = needs_format,
			     .variants = one_plain,
			     .judge = judge_format,
			     .budget_cut = true },
	[CONFORM_ERROR] = { .name = "error",
			    .owns = WORDS("status", "raw_body", "model"),
			    .needs = needs_status,
			    .variants = one_plain,
			    .judge = judge_error,
			    .judges_failures = true },
	[CONFORM_TOOL_CHOICE] = { .name = "tool-choice",
				  .words = WORDS("none", "call", "named"),
				  .owns = WORDS("tool", "calls"),
				  .needs = needs_tools,
				  .variants = one_plain,
				  .judge = judge_tool_choice,
				  .budget_cut = true },
	[CONFORM_TOOL_IDS] = { .name = "tool-ids",
			       .needs = needs_tools,
			       .variants = one_plain,
			       .judge = judge_tool_ids,
			       .budget_cut = true },
	[CONFORM_TOOL_ARGS] = { .name = "tool-args",
				.needs = needs_tools,
				.variants = plain_and_streamed,
				.judge = judge_tool_args,
				.budget_cut = true },
	[CONFORM_STOP] = { .name = "stop",
			   .needs = needs_stop,
			   .variants = one_plain,
			   .judge = judge_stop },
	[CONFORM_MAX_TOKENS] = { .name = "max-tokens",
				 .owns = WORDS("budget_field"),
				 .needs = needs_max_tokens,
				 .variants = one_plain,
				 .judge = judge_max_tokens },
	[CONFORM_CHOICES] = { .name = "choices",
			      .needs = needs_n,
			      .variants = one_plain,
			      .judge = judge_choices },
	[CONFORM_REPEAT] = { .name = "repeat",
			     .owns = WORDS("times"),
			     .variants = repeated,
			     .judge = judge_repeat },
	[CONFORM_LOGPROBS] = { .name = "logprobs",
			       .needs = needs_logprobs,
			       .variants = one_plain,
			       .judge = judge_logprobs },
	[CONFORM_USAGE_PROMPT] = { .name = "usage-prompt",
				   .variants = one_plain,
				   .judge = judge_usage_prompt },
	[CONFORM_USAGE_STREAM] = { .name = "usage-stream",
				   .variants = plain_and_streamed,
				   .judge = judge_usage_stream },
	[CONFORM_USAGE_COMPLETION] = { .name = "usage-completion",
				       .variants = thinking_off,
				       .judge = judge_usage_completion },
	[CONFORM_USAGE_REASONING] = { .name = "usage-reasoning",
				      .variants = thinking_on,
				      .judge = judge_usage_reasoning },
	[CONFORM_STREAM] = { .name = "stream",
			     .words = WORDS("role", "finish", "usage", "done", "tool-deltas"),
			     .needs = needs_stream,
			     .variants = one_streamed,
			     .judge = judge_stream },
	[CONFORM_ANSWER] = { .name = "answer",
			     .owns = WORDS("answer_regex"),
			     .needs = needs_answer_regex,
			     .variants = one_plain,
			     .judge = judge_answer,
			     .budget_cut = true },
	[CONFORM_REASONING_FIELD] = { .name = "reasoning-field",
				      .variants = thinking_on,
				      .judge = judge_reasoning_field },
	[CONFORM_REASONING_SWITCH] = { .name = "reasoning-switch",
				       .variants = switch_on_off,
				       .judge = judge_reasoning_switch },
	[CONFORM_REASONING_EFFORT] = { .name = "reasoning-effort",
				       .variants = effort_low_high,
				       .judge = judge_reasoning_effort },
};

const struct conform_row *conform_row_of(enum conform_kind k)
{
	return (unsigned)k < CONFORM_KINDS ? &kinds[k] : NULL;
}

enum conform_kind conform_kind_named(const char *name)
{
	int k;

	for (k = 0; name && k < CONFORM_KINDS; k++)
		if (kinds[k].name && !strcmp(kinds[k].name, name))
			return (enum conform_kind)k;
	return CONFORM_KINDS;
}

const char *conform_kind_name(enum conform_kind k)
{
	return (unsigned)k < CONFORM_KINDS && kinds[k].name ? kinds[k].name : "?";
}

const char *conform_status_name(enum conform_status s)
{
	static const char *const names[CONFORM_STATUSES] = { "honoured", "ignored", "rejected",
							     "broken", "skipped" };

	return (unsigned)s < CONFORM_STATUSES ? names[s] : "?";
}

bool conform_fails(const struct conform_spec *c, enum conform_status s)
{
	return s == CONFORM_IGNORED || s == CONFORM_BROKEN ||
	       (s == CONFORM_REJECTED && c->required);
}

const char *conform_remedy(const struct conform_spec *c, enum engine engine)
{
	const char *fallback = NULL;
	size_t i;

	for (i = 0; i < c->n_remedies; i++) {
		if (engine != ENGINE_UNKNOWN && c->remedy_engine[i] == engine)
			return c->remedy_text[i];
		if (c->remedy_engine[i] == ENGINE_UNKNOWN)
			fallback = c->remedy_text[i];
	}
	return fallback;
}

/* --- judging --------------------------------------------------------------------- */

/* An answer the budget cut (finish length) shows nothing about a check
 * of its content or calls: the check is skipped, and says so. */
static void budget_cut(const struct conform_input *in, enum conform_status *status, char *evidence,
		       size_t len)
{
	char was[400];
	size_t i;

	if (*status != CONFORM_IGNORED && *status != CONFORM_BROKEN)
		return;
	for (i = 0; i < in->n; i++)
		if (in->a[i].read && in->a[i].r.finish_reason &&
		    !strcmp(in->a[i].r.finish_reason, "length"))
			break;
	if (i == in->n)
		return;
	snprintf(was, sizeof(was), "%s", evidence);
	*status = CONFORM_SKIPPED;
	put(evidence, len,
	    "the budget ran out first (finish length; raise --reasoning-headroom-tokens): %s", was);
}

void conform_judge(const struct conform_input *in, enum conform_status *status, char *evidence,
		   size_t len)
{
	const struct conform_row *k = conform_row_of(in->c->kind);
	size_t i;

	*status = CONFORM_SKIPPED;
	snprintf(evidence, len, "no answer");
	if (!k || !in->n || in->n > CONFORM_MAX_ANSWERS)
		return;
	for (i = 0; i < in->n; i++)
		if (settled_by_exchange(&in->a[i], status, evidence, len))
			return;
	for (i = 0; !k->judges_failures && i < in->n; i++)
		if (settled_by_failure(&in->a[i], status, evidence, len))
			return;
	k->judge(in, status, evidence, len);
	if (k->budget_cut)
		budget_cut(in, status, evidence, len);
}

/* --- sending ----------------------------------------------------------------------- */

size_t conform_variants(const struct conform_spec *c, bool has_switch, struct conform_variant *v)
{
	static const char *const labels[] = { "control", "control#2" };
	const struct conform_row *k = conform_row_of(c->kind);
	size_t n = k ? k->variants(c, has_switch, v) : 0, i;

	for (i = 0; n && i < c->controls && i < 2 && n < CONFORM_MAX_ANSWERS; i++)
		v[n++] = (struct conform_variant){ .label = labels[i],
						   .control = true,
						   .without = c->control };
	return n;
}

char *conform_body(const struct conform_spec *c, const cJSON *request,
		   const struct chat_settings *run, const struct conform_variant *v, char *err,
		   size_t errlen)
{
	struct chat_settings cs = *run;

	if (c->raw_body)
		return xstrdup(c->raw_body);
	cs.stream = v->stream;
	cs.running_usage = false; /* the stream as OpenAI shapes it */
	if (c->model)
		cs.model = c->model;
	if (c->max_tokens)
		cs.max_tokens = c->max_tokens;
	cs.budget_field = c->budget_field;
	if (v->own_thinking)
		cs.thinking = v->thinking;
	if (v->effort)
		cs.reasoning_effort = v->effort;
	if (v->without) { /* a control: the request without the key under test */
		cJSON *rq = cJSON_Duplicate(request, true);
		char *body;

		if (!rq) {
			snprintf(err, errlen, "out of memory");
			return NULL;
		}
		cJSON_DeleteItemFromObjectCaseSensitive(rq, v->without);
		body = chat_body_build(rq, NULL, &cs, err, errlen);
		cJSON_Delete(rq);
		return body;
	}
	return chat_body_build(request, NULL, &cs, err, errlen);
}
/* --- the "conformance" block ------------------------------------------------------ */

/* "remedy": one text for every engine, or {"vllm": "...", "default": "..."} */
static int load_conform_remedy(struct jsonfile *l, struct conform_spec *c, const cJSON *v)
{
	const cJSON *e;

	if (!v)
		return 0;
	if (cJSON_IsString(v) && *v->valuestring) {
		c->remedy_engine[0] = ENGINE_UNKNOWN; /* the default */
		c->remedy_text[0] = xstrdup(v->valuestring);
		c->n_remedies = 1;
		return c->remedy_text[0] ? 0 : jsonfile_error(l, NULL, "out of memory");
	}
	if (!cJSON_IsObject(v) || cJSON_GetArraySize(v) > CONFORM_MAX_REMEDIES)
		return jsonfile_error(l, "remedy",
				      "'remedy' must be a string or an object of at most %d engine "
				      "names to strings",
				      CONFORM_MAX_REMEDIES);
	cJSON_ArrayForEach(e, v)
	{
		size_t i = c->n_remedies;

		enum engine which = engine_named(e->string);

		if (!cJSON_IsString(e) || !*e->valuestring)
			return jsonfile_error(l, e->string,
					      "remedy '%s' must be a non-empty string", e->string);
		if (which == ENGINE_UNKNOWN && strcmp(e->string, "default"))
			return jsonfile_error(
				l, e->string,
				"remedy for '%.40s': not an engine (%s) nor \"default\"", e->string,
				engine_keys());
		c->remedy_engine[i] = which;
		c->remedy_text[i] = xstrdup(e->valuestring);
		c->n_remedies++;
		if (!c->remedy_text[i])
			return jsonfile_error(l, NULL, "out of memory");
	}
	return 0;
}

/* "check" and "expect": a kind of the table and one of its words */
static int load_kind(struct jsonfile *l, struct conform_spec *c, const cJSON *x)
{
	const struct conform_row *k;
	struct buf list = BUF_INIT(0);
	char *check = NULL;
	size_t i;
	int rc = 0;

	if (jsonfile_string(l, x, "check", true, &check))
		return -1;
	c->kind = conform_kind_named(check);
	free(check);
	if (!(k = conform_row_of(c->kind)))
		return jsonfile_error(l, "check",
				      "unknown 'check': see probes/README.md for the "
				      "kinds of conformance check");
	if (jsonfile_string(l, x, "expect", false, &c->expect))
		return -1;
	if (!k->words && c->expect)
		return jsonfile_error(l, "expect", "check '%s' takes no 'expect'", k->name);
	for (i = 0; k->words && k->words[i] && (!c->expect || strcmp(k->words[i], c->expect)); i++)
		;
	if (k->words && !k->words[i]) {
		for (i = 0; k->words[i]; i++)
			buf_printf(&list, "%s%s", i ? ", " : "", k->words[i]);
		rc = jsonfile_error(l, c->expect ? "expect" : "check",
				    "check '%s' needs 'expect': one of %s", k->name,
				    buf_cstr(&list));
	}
	buf_release(&list);
	return rc;
}

/* A key one kind owns, given to another, would be silently unused: an
 * error. */
static int check_owned_keys(struct jsonfile *l, const struct conform_spec *c, const cJSON *x)
{
	size_t i;
	int k;

	for (k = 0; k < CONFORM_KINDS; k++)
		for (i = 0; k != (int)c->kind && kinds[k].owns && kinds[k].owns[i]; i++)
			if (cJSON_GetObjectItemCaseSensitive(x, kinds[k].owns[i]))
				return jsonfile_error(
					l, kinds[k].owns[i], "'%s' belongs to check '%s', not '%s'",
					kinds[k].owns[i], kinds[k].name, kinds[c->kind].name);
	return 0;
}

/* what the kind needs of its keys and the request */
static int check_needs(struct jsonfile *l, const struct conform_spec *c, const cJSON *request)
{
	const struct conform_row *k = conform_row_of(c->kind);
	const char *key = NULL;
	char why[400];

	if (!k->needs || !k->needs(c, request, &key, why, sizeof(why)))
		return 0;
	return jsonfile_error(l, key, "%s", why);
}

static int load_conform_values(struct jsonfile *l, struct conform_spec *c, const cJSON *x)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(x, "calls");
	static const char *const call_keys[] = { "min", "max", NULL };
	char err[300];

	c->min_calls = c->max_calls = -1;
	c->times = 2;
	c->required = true;
	if (jsonfile_bool(l, x, "required", &c->required) ||
	    jsonfile_string(l, x, "area", true, &c->area) ||
	    jsonfile_string(l, x, "tool", false, &c->tool) ||
	    jsonfile_string(l, x, "raw_body", false, &c->raw_body) ||
	    jsonfile_string(l, x, "model", false, &c->model) ||
	    jsonfile_string(l, x, "answer_regex", false, &c->answer_regex_src) ||
	    jsonfile_string(l, x, "depends_on", false, &c->depends_on) ||
	    jsonfile_string(l, x, "budget_field", false, &c->budget_field) ||
	    jsonfile_long(l, x, "status", 400, 599, &c->status) ||
	    jsonfile_long(l, x, "max_tokens", 1, 1048576, &c->max_tokens) ||
	    jsonfile_int(l, x, "times", 2, 10, &c->times))
		return -1;
	if (v && (!cJSON_IsObject(v) || jsonfile_only_keys(l, v, "'calls'", call_keys) ||
		  jsonfile_int(l, v, "min", 0, 64, &c->min_calls) ||
		  jsonfile_int(l, v, "max", 0, 64, &c->max_calls)))
		return v && !cJSON_IsObject(v) ? jsonfile_error(l, "calls",
								"'calls' must be an "
								"object")
					       : -1;
	if (c->budget_field && strcmp(c->budget_field, "max_tokens") &&
	    strcmp(c->budget_field, "max_completion_tokens"))
		return jsonfile_error(l, "budget_field",
				      "'budget_field' must be \"max_tokens\" or "
				      "\"max_completion_tokens\"");
	if (c->answer_regex_src &&
	    !(c->answer_regex = regex_compile(c->answer_regex_src, err, sizeof(err))))
		return jsonfile_error(l, "answer_regex", "'answer_regex' does not compile: %s",
				      err);
	return 0;
}

/* The control a check needs for its "honoured" to be evidence: stop is
 * honoured only where, without it, the answer goes past the string (two
 * controls, which must agree); parallel_tool_calls: false only where,
 * without it, the endpoint makes parallel calls at all; a stream without
 * tool calls is broken where the same request unstreamed makes one. */
static void control_of(struct conform_spec *c, const cJSON *request)
{
	if (c->kind == CONFORM_STOP) {
		c->control = "stop";
		c->controls = 2;
	} else if (c->kind == CONFORM_TOOL_CHOICE && c->max_calls == 1 &&
		   cJSON_IsFalse(
			   cJSON_GetObjectItemCaseSensitive(request, "parallel_tool_calls"))) {
		c->control = "parallel_tool_calls";
		c->controls = 1;
	} else if (c->kind == CONFORM_STREAM && !strcmp(c->expect, "tool-deltas")) {
		c->controls = 1; /* unstreamed: does a call come at all? */
	}
}

struct conform_spec *conform_load(struct jsonfile *l, const cJSON *x, const cJSON *request)
{
	static const char *const keys[] = {
		"area",		"check",	"required",   "expect",
		"tool",		"calls",	"status",     "raw_body",
		"model",	"answer_regex", "times",      "max_tokens",
		"budget_field", "remedy",	"depends_on", NULL
	};
	struct conform_spec *c;

	if (!cJSON_IsObject(x)) {
		jsonfile_error(l, "conformance", "'conformance' must be an object");
		return NULL;
	}
	if (!(c = xcalloc(1, sizeof(*c)))) {
		jsonfile_error(l, NULL, "out of memory");
		return NULL;
	}
	if (jsonfile_only_keys(l, x, "'conformance'", keys) || load_kind(l, c, x) ||
	    check_owned_keys(l, c, x) || load_conform_values(l, c, x) ||
	    load_conform_remedy(l, c, cJSON_GetObjectItemCaseSensitive(x, "remedy")) ||
	    check_needs(l, c, request)) {
		conform_free(c);
		return NULL;
	}
	control_of(c, request);
	return c;
}

void conform_free(struct conform_spec *c)
{
	size_t i;

	if (!c)
		return;
	free(c->area);
	free(c->expect);
	free(c->tool);
	free(c->raw_body);
	free(c->model);
	free(c->answer_regex_src);
	free(c->depends_on);
	regex_free(c->answer_regex);
	free(c->budget_field);
	for (i = 0; i < c->n_remedies; i++)
		free(c->remedy_text[i]);
	free(c);
}
