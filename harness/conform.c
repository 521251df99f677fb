/* conform — conformance checks; see conform.h. */
#include "conform.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "apierror.h"
#include "diagnose.h"
#include "reply.h"
#include "schema.h"
#include "text.h"
#include "wire.h"

#define CONFORM_MAX_ANSWERS 10
#define QUOTE_CHARS	    160
#define SHOW_CHARS	    60

/* how one of a check's requests differs from the request as written */
struct variant {
	const char *label;
	bool stream;
	bool own_thinking; /* thinking below replaces the run's */
	enum thinking_mode thinking;
	const char *effort; /* reasoning_effort, NULL: the run's */
};

/* --- judging --------------------------------------------------------------- */

/* one answer, read */
struct judged {
	const struct conform_answer *a;
	struct chat_reply r;
	struct wire_facts w;
	struct stream_stats st;
	bool read;	 /* a chat completion came and was read */
	bool unstreamed; /* asked to stream, it sent one whole completion */
	char why[200];
};

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

static void judged_read(struct judged *j, const struct conform_answer *a)
{
	char err[200];
	int rc;

	memset(j, 0, sizeof(*j));
	j->a = a;
	if (a->transport || !ok_status(a->status))
		return;
	rc = a->stream ? reply_stream_parse(a->body, a->len, a->marks, a->n_marks, &j->r, &j->st,
					    err, sizeof(err))
		       : reply_parse(a->body, a->len, &j->r, err, sizeof(err));
	wire_read(a->body, a->len, a->stream, &j->w, j->why, sizeof(j->why));
	j->read = rc == 0;
	if (rc)
		snprintf(j->why, sizeof(j->why), "%s", err);
	if (rc && a->stream) { /* "stream": true, and no stream came */
		reply_release(&j->r);
		j->unstreamed = reply_parse(a->body, a->len, &j->r, err, sizeof(err)) == 0;
	}
}

/* An answer that is not a readable 2xx completion settles the check: a
 * 4xx is a rejection (the server's words quoted), a 429 a check that could
 * not run, anything else broken. Returns true when it did. */
static bool settled_by_failure(const struct judged *j, enum conform_status *st, char *ev, size_t n)
{
	const struct conform_answer *a = j->a;
	struct api_error e;
	char q[QUOTE_CHARS * 4];

	if (a->transport) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s: no answer (%s)", a->label, a->transport);
		return true;
	}
	if (!ok_status(a->status)) {
		apierror_parse(a->body, a->len, &e);
		quote(q, sizeof(q), e.message, e.message ? strlen(e.message) : 0, QUOTE_CHARS);
		apierror_release(&e);
		/* a 429 says nothing about the feature: the check could not run */
		*st = a->status == 429			    ? CONFORM_SKIPPED
		      : a->status >= 400 && a->status < 500 ? CONFORM_REJECTED
							    : CONFORM_BROKEN;
		put(ev, n,
		    a->status == 429 ? "HTTP %ld, still after the retries: \"%s\""
				     : "HTTP %ld: \"%s\"",
		    a->status, q);
		return true;
	}
	if (!j->read && j->unstreamed) {
		*st = CONFORM_IGNORED;
		put(ev, n, "\"stream\": true had no effect: one whole completion came");
		return true;
	}
	if (!j->read) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s answer unreadable: %s", a->label, j->why);
		return true;
	}
	return false;
}

static bool has_think_tags(const struct chat_reply *r)
{
	return strstr(r->content, "<think>") || strstr(r->content, "</think>");
}

static void judge_format(const struct probe *p, const struct judged *j, enum conform_status *st,
			 char *ev, size_t n)
{
	const char *want = p->conform->expect;
	const cJSON *rf = cJSON_GetObjectItemCaseSensitive(p->request, "response_format");
	const cJSON *schema = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(rf, "json_schema"), "schema");
	char q[SHOW_CHARS * 4], err[300];
	cJSON *doc;
	int rc;

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
	} else if ((rc = schema_validate(schema, doc, err, sizeof(err))) == 1) {
		*st = CONFORM_HONOURED;
		put(ev, n, "valid against the schema: %s", q);
	} else {
		*st = rc == 0 ? CONFORM_BROKEN : CONFORM_SKIPPED;
		put(ev, n, "%s: %s", rc == 0 ? "violates the schema" : "cannot validate", err);
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

static void judge_error(const struct probe *p, const struct conform_answer *a,
			enum conform_status *st, char *ev, size_t n)
{
	char msg[QUOTE_CHARS * 4], body[QUOTE_CHARS * 4];
	long want = p->conform->status;

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

static void judge_tool_choice(const struct probe *p, const struct judged *j,
			      enum conform_status *st, char *ev, size_t n)
{
	const struct conform_spec *c = p->conform;
	const struct chat_reply *r = &j->r;
	int calls = (int)r->n_calls;
	char names[200], q[SHOW_CHARS * 4];

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
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "%d call%s: %s", calls, calls == 1 ? "" : "s", names);
	}
}

static void judge_tool_ids(const struct judged *j, enum conform_status *st, char *ev, size_t n)
{
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
static int args_valid(const struct probe *p, const struct judged *j, char *why, size_t n)
{
	const struct chat_reply *r = &j->r;
	char err[300];
	size_t i;

	if (!r->n_calls)
		return -1;
	if (j->w.args_bad[0]) {
		snprintf(why, n, "%s: %s", j->a->label, j->w.args_bad);
		return 0;
	}
	for (i = 0; i < r->n_calls; i++) {
		const cJSON *schema = cJSON_GetObjectItemCaseSensitive(
			probe_find_tool(p->request, r->calls[i].name), "parameters");
		const char *text = r->calls[i].arguments ? r->calls[i].arguments : "";
		cJSON *args = reply_json_document(text, strlen(text));
		int rc = args ? (schema ? schema_validate(schema, args, err, sizeof(err)) : 1) : 0;

		if (!args)
			snprintf(err, sizeof(err), "not one JSON document: %.60s", text);
		cJSON_Delete(args);
		if (rc != 1) {
			snprintf(why, n, "%s: %s(%s)", j->a->label, r->calls[i].name, err);
			return 0;
		}
	}
	return 1;
}

static void judge_tool_args(const struct probe *p, const struct judged *j, size_t count,
			    enum conform_status *st, char *ev, size_t n)
{
	char why[400] = "";
	size_t i, valid = 0, none = 0;

	for (i = 0; i < count; i++) {
		int rc = args_valid(p, &j[i], why, sizeof(why));

		valid += rc == 1;
		none += rc < 0;
		if (rc == 0) {
			*st = CONFORM_BROKEN;
			put(ev, n, "%s", why);
			return;
		}
	}
	*st = none ? CONFORM_SKIPPED : CONFORM_HONOURED;
	put(ev, n, none ? "no tool call came %s" : "valid JSON arguments %s",
	    none == count    ? "either way"
	    : valid == count ? "streamed and not"
			     : "one way");
}

/* the first of the request's stop strings in s, or NULL */
static const char *find_stop(const struct probe *p, const char *s, const char **which)
{
	const cJSON *stop = cJSON_GetObjectItemCaseSensitive(p->request, "stop"), *e;
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

static void judge_stop(const struct probe *p, const struct judged *j, enum conform_status *st,
		       char *ev, size_t n)
{
	const struct chat_reply *r = &j->r;
	const char *which = NULL, *at = find_stop(p, r->content, &which);
	const char *fin = r->finish_reason ? r->finish_reason : "none";
	char q[SHOW_CHARS * 4];

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
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "stopped before the stop string: \"%s\"", q);
	}
}

static void judge_max_tokens(const struct probe *p, const struct judged *j, enum conform_status *st,
			     char *ev, size_t n)
{
	const struct chat_reply *r = &j->r;
	const char *field = p->conform->budget_field ? p->conform->budget_field : "max_tokens";
	const char *fin = r->finish_reason ? r->finish_reason : "none";
	long want = p->conform->max_tokens, got = r->completion_tokens;
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

static void judge_choices(const struct probe *p, const struct judged *j, enum conform_status *st,
			  char *ev, size_t n)
{
	const cJSON *want = cJSON_GetObjectItemCaseSensitive(p->request, "n");
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

static void judge_repeat(const struct judged *j, size_t count, enum conform_status *st, char *ev,
			 size_t n)
{
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

static void judge_logprobs(const struct probe *p, const struct judged *j, enum conform_status *st,
			   char *ev, size_t n)
{
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(p->request, "top_logprobs");
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

static void judge_usage_prompt(const struct judged *j, long own, enum conform_status *st, char *ev,
			       size_t n)
{
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

static void judge_usage_stream(const struct judged *j, enum conform_status *st, char *ev, size_t n)
{
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

static void judge_usage_completion(const struct judged *j, enum conform_status *st, char *ev,
				   size_t n)
{
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

static void judge_usage_reasoning(const struct judged *j, enum conform_status *st, char *ev,
				  size_t n)
{
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

static void judge_stream_tools(const struct judged *j, enum conform_status *st, char *ev, size_t n)
{
	const struct wire_facts *w = &j->w;
	char q[SHOW_CHARS * 4];

	quote(q, sizeof(q), j->r.content, j->r.content_len, SHOW_CHARS);
	if (!w->tool_fragments) {
		bool text = diagnose_tool_markup(j->r.content, j->r.content_len);

		*st = text ? CONFORM_BROKEN : CONFORM_SKIPPED;
		put(ev, n,
		    text ? "the call streamed as text in content: \"%s\""
			 : "no tool call was streamed: \"%s\"",
		    q);
	} else if (w->tool_first_bad[0] || w->tool_later_bad[0]) {
		*st = CONFORM_BROKEN;
		put(ev, n, "%s", w->tool_first_bad[0] ? w->tool_first_bad : w->tool_later_bad);
	} else {
		*st = CONFORM_HONOURED;
		put(ev, n, "%d fragments; each call's first carried index, id and name",
		    w->tool_fragments);
	}
}

static void judge_stream(const struct probe *p, const struct judged *j, enum conform_status *st,
			 char *ev, size_t n)
{
	const struct wire_facts *w = &j->w;
	const char *want = p->conform->expect;

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
		judge_stream_tools(j, st, ev, n);
	}
}

static void judge_answer(const struct probe *p, const struct judged *j, enum conform_status *st,
			 char *ev, size_t n)
{
	char q[SHOW_CHARS * 4];
	int rc = regex_match(p->conform->answer_regex, j->r.content, j->r.content_len);

	quote(q, sizeof(q), j->r.content, j->r.content_len, SHOW_CHARS);
	*st = rc > 0 ? CONFORM_HONOURED : CONFORM_IGNORED;
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

static void judge_reasoning_field(const struct judged *j, enum conform_status *st, char *ev,
				  size_t n)
{
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

static void judge_reasoning_switch(const struct judged *j, enum conform_status *st, char *ev,
				   size_t n)
{
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

static void judge_reasoning_effort(const struct judged *j, enum conform_status *st, char *ev,
				   size_t n)
{
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

/* the kinds that judge one answer */
static void judge_one(const struct probe *p, const struct judged *j, long own,
		      enum conform_status *st, char *ev, size_t n)
{
	switch (p->conform->kind) {
	case CONFORM_FORMAT:
		judge_format(p, j, st, ev, n);
		break;
	case CONFORM_TOOL_CHOICE:
		judge_tool_choice(p, j, st, ev, n);
		break;
	case CONFORM_TOOL_IDS:
		judge_tool_ids(j, st, ev, n);
		break;
	case CONFORM_STOP:
		judge_stop(p, j, st, ev, n);
		break;
	case CONFORM_MAX_TOKENS:
		judge_max_tokens(p, j, st, ev, n);
		break;
	case CONFORM_CHOICES:
		judge_choices(p, j, st, ev, n);
		break;
	case CONFORM_LOGPROBS:
		judge_logprobs(p, j, st, ev, n);
		break;
	case CONFORM_USAGE_PROMPT:
		judge_usage_prompt(j, own, st, ev, n);
		break;
	case CONFORM_USAGE_COMPLETION:
		judge_usage_completion(j, st, ev, n);
		break;
	case CONFORM_USAGE_REASONING:
		judge_usage_reasoning(j, st, ev, n);
		break;
	case CONFORM_STREAM:
		judge_stream(p, j, st, ev, n);
		break;
	case CONFORM_ANSWER:
		judge_answer(p, j, st, ev, n);
		break;
	default:
		judge_reasoning_field(j, st, ev, n);
		break;
	}
}

/* An answer the budget cut (finish length) shows nothing about a check
 * of its content or calls: the check is skipped, and says so. */
static void budget_cut(enum conform_kind k, const struct judged *j, size_t n,
		       enum conform_status *status, char *evidence, size_t len)
{
	char was[400];
	size_t i;

	if ((*status != CONFORM_IGNORED && *status != CONFORM_BROKEN) ||
	    (k != CONFORM_FORMAT && k != CONFORM_TOOL_CHOICE && k != CONFORM_TOOL_IDS &&
	     k != CONFORM_TOOL_ARGS && k != CONFORM_ANSWER))
		return;
	for (i = 0; i < n; i++)
		if (j[i].read && j[i].r.finish_reason && !strcmp(j[i].r.finish_reason, "length"))
			break;
	if (i == n)
		return;
	snprintf(was, sizeof(was), "%s", evidence);
	*status = CONFORM_SKIPPED;
	put(evidence, len,
	    "the budget ran out first (finish length; raise --reasoning-headroom-tokens): %s", was);
}

/* the status of check p from its answers a, already read into j */
static void judge_read(const struct probe *p, const struct conform_answer *a,
		       const struct judged *j, size_t n, long own_count,
		       enum conform_status *status, char *evidence, size_t len)
{
	enum conform_kind k = p->conform->kind;
	size_t i;

	if (k == CONFORM_ERROR) {
		judge_error(p, &a[0], status, evidence, len);
		return;
	}
	for (i = 0; i < n && !settled_by_failure(&j[i], status, evidence, len); i++)
		;
	if (i < n)
		return;
	if (k == CONFORM_TOOL_ARGS)
		judge_tool_args(p, j, n, status, evidence, len);
	else if (k == CONFORM_REPEAT)
		judge_repeat(j, n, status, evidence, len);
	else if (k == CONFORM_USAGE_STREAM && n == 2)
		judge_usage_stream(j, status, evidence, len);
	else if (k == CONFORM_REASONING_SWITCH && n == 2)
		judge_reasoning_switch(j, status, evidence, len);
	else if (k == CONFORM_REASONING_EFFORT && n == 2)
		judge_reasoning_effort(j, status, evidence, len);
	else
		judge_one(p, &j[0], own_count, status, evidence, len);
	budget_cut(k, j, n, status, evidence, len);
}

void conform_judge(const struct probe *p, const struct conform_answer *a, size_t n, long own_count,
		   enum conform_status *status, char *evidence, size_t len)
{
	struct judged j[CONFORM_MAX_ANSWERS];
	size_t i;

	*status = CONFORM_SKIPPED;
	snprintf(evidence, len, "no answer");
	if (!n || n > CONFORM_MAX_ANSWERS)
		return;
	for (i = 0; i < n; i++)
		judged_read(&j[i], &a[i]);
	judge_read(p, a, j, n, own_count, status, evidence, len);
	for (i = 0; i < n; i++)
		reply_release(&j[i].r);
}

/* --- sending --------------------------------------------------------------- */

/* The requests of check p: how each differs from the request as written.
 * Returns how many. */
static size_t variants_of(const struct probe *p, const struct chat_settings *cs, struct variant *v)
{
	const enum conform_kind k = p->conform->kind;
	const bool has_switch = cs->thinking != THINKING_UNSUPPORTED;
	size_t i, n = (size_t)conform_requests(p->conform);

	memset(v, 0, 2 * sizeof(*v));
	v[0].label = "plain";
	switch (k) {
	case CONFORM_STREAM:
		v[0].label = "streamed";
		v[0].stream = true;
		return n;
	case CONFORM_TOOL_ARGS:
	case CONFORM_USAGE_STREAM:
		v[1].label = "streamed";
		v[1].stream = true;
		return n;
	case CONFORM_REPEAT:
		for (i = 0; i < (size_t)p->conform->times; i++) {
			memset(&v[i], 0, sizeof(v[i]));
			v[i].label = (const char *[]){ "#1", "#2", "#3", "#4", "#5",
						       "#6", "#7", "#8", "#9", "#10" }[i];
		}
		return n;
	case CONFORM_REASONING_SWITCH:
		v[0] = (struct variant){ "on", false, true, THINKING_ENABLED, NULL };
		v[1] = (struct variant){ "off", false, true, THINKING_DISABLED, NULL };
		return n;
	case CONFORM_REASONING_EFFORT:
		v[0] = (struct variant){ "low", false, true, THINKING_DEFAULT, "low" };
		v[1] = (struct variant){ "high", false, true, THINKING_DEFAULT, "high" };
		return n;
	case CONFORM_REASONING_FIELD:
	case CONFORM_USAGE_REASONING:
		v[0].own_thinking = has_switch;
		v[0].thinking = THINKING_ENABLED;
		return n;
	case CONFORM_USAGE_COMPLETION:
		v[0].own_thinking = has_switch;
		v[0].thinking = THINKING_DISABLED;
		return n;
	default:
		return n;
	}
}

/* the body of one variant, or NULL with err */
static char *variant_body(const struct conform_env *env, const struct probe *p,
			  const struct variant *v, char *err, size_t errlen)
{
	const struct conform_spec *c = p->conform;
	struct chat_settings cs = *env->cs;

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
	return chat_body_build(p->request, NULL, &cs, err, errlen);
}

/* what one answer showed, as an observation of pr */
/* what one answer showed (read once, into j), as an observation of pr */
static void observe(struct probe_result *pr, const struct judged *j, const struct http_exchange *x)
{
	const struct conform_answer *a = j->a;
	struct observation *o = probe_result_add_obs(pr, a->label);
	const struct chat_reply *r = &j->r;

	if (!o)
		return;
	o->outcome = x->outcome;
	o->status = x->status;
	o->seconds = x->seconds;
	o->streamed = a->stream;
	o->retries = x->retries;
	if (a->transport || !ok_status(a->status)) {
		o->error = text_excerpt(a->transport ? a->transport : a->body,
					a->transport ? strlen(a->transport) : a->len, 200, true);
		return;
	}
	o->stream = j->st;
	o->graded = j->read;
	o->finish_reason = xstrdup(r->finish_reason);
	o->content_excerpt = text_excerpt(r->content, r->content_len, 200, false);
	o->content_chars = text_chars(r->content, r->content_len);
	o->reasoning_chars = text_chars(r->reasoning, r->reasoning_len);
	o->reasoning_field = r->reasoning_field;
	o->prompt_tokens = r->prompt_tokens;
	o->completion_tokens = r->completion_tokens;
	o->reasoning_tokens = r->reasoning_tokens;
	o->n_tool_calls = r->n_calls;
	if (r->n_calls)
		o->tool = buf_strdupf("%s(%.120s)", r->calls[0].name,
				      r->calls[0].arguments ? r->calls[0].arguments : "");
	if (!j->read)
		o->detail = xstrdup(j->why);
}

/* The engine's own count of the check's prompt, -1 when it has none. */
static long own_count(const struct conform_env *env, const struct probe *p, const char *body,
		      const char **how)
{
	char *tok = p->conform->kind == CONFORM_USAGE_PROMPT
			    ? chat_tokenize_body(p->request, env->cs)
			    : NULL;
	long n = tok ? endpoint_own_count(env->ep, env->http, tok, body, how) : -1;

	free(tok);
	return n;
}

/* status, evidence and verdict of pr */
static void conclude(const struct probe *p, struct probe_result *pr, enum conform_status st,
		     const char *evidence)
{
	pr->conform = st;
	pr->message = text_excerpt(evidence, strlen(evidence), 400, true);
	pr->verdict = st == CONFORM_SKIPPED	      ? VERDICT_SKIPPED
		      : conform_fails(p->conform, st) ? VERDICT_FAIL
						      : VERDICT_PASS;
	pr->passed = st == CONFORM_HONOURED;
}

void conform_run(const struct conform_env *env, const struct probe *p, struct probe_result *pr)
{
	struct variant v[CONFORM_MAX_ANSWERS];
	struct http_exchange x[CONFORM_MAX_ANSWERS];
	struct conform_answer a[CONFORM_MAX_ANSWERS];
	struct judged j[CONFORM_MAX_ANSWERS];
	char url[2048], err[300], evidence[600];
	enum conform_status st = CONFORM_SKIPPED;
	size_t n = variants_of(p, env->cs, v), i, made = 0;
	const char *how = NULL;
	long own = -1;

	snprintf(url, sizeof(url), "%s/chat/completions", env->ep->base);
	memset(x, 0, sizeof(x));
	snprintf(evidence, sizeof(evidence), "%s", "no request could be built");
	for (i = 0; i < n; i++, made++) {
		x[i].url = url;
		if (!(x[i].body = variant_body(env, p, &v[i], err, sizeof(err)))) {
			snprintf(evidence, sizeof(evidence), "%s", err);
			break;
		}
	}
	if (made == n && http_perform(x, n, env->http))
		snprintf(evidence, sizeof(evidence), "%s", x[0].error);
	else if (made == n) {
		for (i = 0; i < n; i++) {
			a[i] = (struct conform_answer){ v[i].label,
							v[i].stream,
							x[i].status,
							x[i].outcome == HTTP_DONE ? NULL
										  : x[i].error,
							buf_cstr(&x[i].response),
							x[i].response.len,
							x[i].marks,
							x[i].n_marks };
			if (a[i].transport && !*a[i].transport)
				a[i].transport = http_outcome_name(x[i].outcome);
			judged_read(&j[i], &a[i]);
			observe(pr, &j[i], &x[i]);
		}
		own = own_count(env, p, x[0].body, &how);
		judge_read(p, a, j, n, own, &st, evidence, sizeof(evidence));
		if (own > 0 && st == CONFORM_HONOURED && how)
			snprintf(evidence + strlen(evidence), sizeof(evidence) - strlen(evidence),
				 " (%s)", how);
		for (i = 0; i < n; i++)
			reply_release(&j[i].r);
	}
	pr->total = (int)n;
	conclude(p, pr, st, evidence);
	for (i = 0; i < n; i++) {
		free((char *)x[i].body);
		http_exchange_release(&x[i]);
	}
}
