/* SPDX-License-Identifier: Apache-2.0 */
/* behave — behavioural drift over a dataset. See behave.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "behave.h"
#include "reply.h"
#include "schema.h"

/* --- the dataset ----------------------------------------------------------------- */

/* the request keys a dataset line keeps: what asks the model; the run sets
 * the model, sampling and streaming itself */
static const char *const kept_keys[] = {
	"messages",   "tools", "tool_choice",		"parallel_tool_calls",	"response_format",
	"max_tokens", "stop",  "max_completion_tokens", "chat_template_kwargs", NULL,
};

static bool kept(const char *key)
{
	size_t i;

	for (i = 0; kept_keys[i]; i++)
		if (!strcmp(kept_keys[i], key))
			return true;
	return false;
}

/* every message has a role, "_input" read as "system". 0, or -1 with err */
static int check_messages(cJSON *messages, char *err, size_t errlen)
{
	cJSON *m;
	int i = 0;

	if (!cJSON_IsArray(messages) || !cJSON_GetArraySize(messages)) {
		snprintf(err, errlen, "'messages' must be a non-empty array");
		return -1;
	}
	cJSON_ArrayForEach(m, messages)
	{
		cJSON *role = cJSON_GetObjectItemCaseSensitive(m, "role");

		if (!cJSON_IsObject(m) || !cJSON_IsString(role)) {
			snprintf(err, errlen, "message %d has no role", i);
			return -1;
		}
		if (!strcmp(role->valuestring, "_input") &&
		    !cJSON_ReplaceItemInObjectCaseSensitive(m, "role",
							    cJSON_CreateString("system"))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		i++;
	}
	return 0;
}

cJSON *behave_request(const char *line, size_t len, char *err, size_t errlen)
{
	cJSON *doc = cJSON_ParseWithLength(line, len), *req, *item, *next;

	if (!cJSON_IsObject(doc)) {
		snprintf(err, errlen, "not a JSON object");
		cJSON_Delete(doc);
		return NULL;
	}
	req = cJSON_CreateObject();
	for (item = doc->child; req && item; item = next) {
		next = item->next;
		if (item->string && kept(item->string))
			cJSON_AddItemToObject(req, item->string,
					      cJSON_DetachItemViaPointer(doc, item));
	}
	cJSON_Delete(doc);
	if (!req) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (check_messages(cJSON_GetObjectItemCaseSensitive(req, "messages"), err, errlen)) {
		cJSON_Delete(req);
		return NULL;
	}
	return req;
}

/* --- one answer ---------------------------------------------------------------------- */

/* FNV-1a over n bytes, continuing h */
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* the parameters schema of the tool named name in the request, or NULL */
static const cJSON *tool_schema(const cJSON *request, const char *name)
{
	const cJSON *t;

	cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(request, "tools"))
	{
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(t, "function");
		const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(fn, "name"));

		if (n && !strcmp(n, name))
			return cJSON_GetObjectItemCaseSensitive(fn, "parameters");
	}
	return NULL;
}

/* 1 when text parses as JSON that schema accepts (any JSON when schema is
 * NULL), 0 when not */
static int holds(const cJSON *schema, const char *text)
{
	cJSON *v = cJSON_Parse(text);
	char why[256];
	int ok = v && (!schema || schema_validate(schema, v, why, sizeof(why)) == SCHEMA_VALID);

	cJSON_Delete(v);
	return ok;
}

/* the schema a structured request asks its answer to hold: *asked set
 * when response_format asks for JSON; NULL for any JSON object */
static const cJSON *structured_schema(const cJSON *request, bool *asked)
{
	const cJSON *rf = cJSON_GetObjectItemCaseSensitive(request, "response_format");
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rf, "type"));

	*asked = type && (!strcmp(type, "json_schema") || !strcmp(type, "json_object"));
	if (!*asked || strcmp(type, "json_schema"))
		return NULL;
	return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rf, "json_schema"),
						"schema");
}

enum behave_finish behave_finish_named(const char *f)
{
	if (!f)
		return BEHAVE_OTHER;
	if (!strcmp(f, "stop") || !strcmp(f, "eos_token"))
		return BEHAVE_STOP;
	if (!strcmp(f, "length"))
		return BEHAVE_LENGTH;
	if (!strcmp(f, "tool_calls") || !strcmp(f, "function_call"))
		return BEHAVE_TOOL_CALLS;
	return BEHAVE_OTHER;
}

int behave_read(const cJSON *request, const char *body, size_t len, struct behave_answer *a,
		char *err, size_t errlen)
{
	struct chat_reply r;
	bool asked;
	const cJSON *schema = structured_schema(request, &asked);
	size_t i;

	memset(a, 0, sizeof(*a));
	a->args_valid = -1;
	a->structured = -1;
	if (reply_parse(body, len, &r, err, errlen) != REPLY_OK) {
		reply_release(&r);
		return -1;
	}
	a->answered = true;
	a->called = r.n_calls > 0;
	a->finish = behave_finish_named(r.finish_reason);
	a->digest = fnv(0xcbf29ce484222325ULL, r.content, r.content_len);
	for (i = 0; i < r.n_calls; i++) {
		a->digest = fnv(a->digest, "\x1f", 1);
		a->digest = fnv(a->digest, r.calls[i].name, strlen(r.calls[i].name));
		a->digest = fnv(a->digest, "\x1f", 1);
		a->digest = fnv(a->digest, r.calls[i].arguments, strlen(r.calls[i].arguments));
	}
	if (a->called) {
		snprintf(a->tool, sizeof(a->tool), "%s", r.calls[0].name);
		a->args_valid = holds(tool_schema(request, r.calls[0].name), r.calls[0].arguments);
	}
	if (asked && !a->called)
		a->structured = holds(schema, r.content);
	reply_release(&r);
	return 0;
}

const char *behave_finish_name(enum behave_finish f)
{
	static const char *const names[] = { "stop", "length", "tool_calls", "other" };

	return (unsigned)f < BEHAVE_FINISH_N ? names[f] : "other";
}

/* --- two sides ----------------------------------------------------------------------- */

/* F1 of the trigger from its counts, -1 when no side called */
static double f1_of(size_t tp, size_t fp, size_t fn)
{
	return tp + fp + fn ? 2.0 * (double)tp / (double)(2 * tp + fp + fn) : -1;
}

/* the counts one pair adds */
static void count_pair(const struct behave_answer *a, const struct behave_answer *b,
		       struct behave_summary *s)
{
	s->n++;
	s->tp += a->called && b->called;
	s->fp += !a->called && b->called;
	s->fn += a->called && !b->called;
	s->tn += !a->called && !b->called;
	if (a->called && b->called) {
		s->both_called++;
		s->same_tool += !strcmp(a->tool, b->tool);
	}
	if (b->called) {
		s->calls++;
		s->args_valid += b->args_valid == 1;
	}
	s->exact += a->digest == b->digest;
	if (b->structured >= 0) {
		s->structured++;
		s->structured_valid += b->structured == 1;
	}
	s->finish_a[a->finish]++;
	s->finish_b[b->finish]++;
}

/* the percentile bootstrap of F1 over the pairs at idx (n of them) */
static void f1_interval(const struct behave_answer *a, const struct behave_answer *b,
			const size_t *idx, size_t n, uint64_t seed, int resamples, double alpha,
			struct behave_summary *out)
{
	double *f = xcalloc((size_t)resamples + 1, sizeof(double));
	size_t used = 0;
	int r;

	out->f1_ci = (struct drift_interval){ out->f1, out->f1 };
	for (r = 0; f && r < resamples; r++) {
		size_t tp = 0, fp = 0, fn = 0, i;

		for (i = 0; i < n; i++) {
			size_t k = idx[drift_random(&seed) % n];

			tp += a[k].called && b[k].called;
			fp += !a[k].called && b[k].called;
			fn += a[k].called && !b[k].called;
		}
		/* a resample where no side called agrees on every request */
		f[used++] = tp + fp + fn ? f1_of(tp, fp, fn) : 1;
	}
	if (used) {
		drift_sort(f, used);
		out->f1_ci.low = drift_quantile(f, used, alpha / 2);
		out->f1_ci.high = drift_quantile(f, used, 1 - alpha / 2);
	}
	free(f);
}

int behave_summarise(const struct behave_answer *a, const struct behave_answer *b, size_t n,
		     uint64_t seed, int resamples, double alpha, struct behave_summary *out)
{
	size_t *idx = xcalloc(n + 1, sizeof(size_t)), used = 0, i;

	memset(out, 0, sizeof(*out));
	out->precision = out->recall = out->f1 = -1;
	out->confidence = 1 - alpha;
	for (i = 0; i < n; i++)
		if (a[i].answered && b[i].answered) {
			count_pair(&a[i], &b[i], out);
			if (idx)
				idx[used++] = i;
		}
	out->f1_defined = out->tp + out->fp + out->fn > 0;
	if (out->tp + out->fp)
		out->precision = (double)out->tp / (double)(out->tp + out->fp);
	if (out->tp + out->fn)
		out->recall = (double)out->tp / (double)(out->tp + out->fn);
	out->f1 = f1_of(out->tp, out->fp, out->fn);
	if (out->f1_defined && used)
		f1_interval(a, b, idx, used, seed, resamples, alpha, out);
	free(idx);
	return 0;
}

/* --- the early stop's bets --------------------------------------------------------- */

/* the harmonic mean of p and r, 0 when both are */
static double harmonic(double p, double r)
{
	return p + r > 0 ? 2 * p * r / (p + r) : 0;
}

int behave_seq(const struct behave_answer *a, const struct behave_answer *b, size_t n, double m,
	       double alpha, struct behave_seq *out)
{
	double *miss = xcalloc(n + 1, sizeof(double)), *extra = xcalloc(n + 1, sizeof(double));
	double limit = 1 - m / (2 - m);
	struct drift_interval r, p;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!miss || !extra) {
		free(miss);
		free(extra);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (!a[i].answered || !b[i].answered)
			continue;
		if (a[i].called)
			miss[out->ref_called++] = !b[i].called;
		if (b[i].called)
			extra[out->other_called++] = !a[i].called;
	}
	out->log_miss = drift_seq_log_wealth(miss, out->ref_called, limit, true);
	out->log_extra = drift_seq_log_wealth(extra, out->other_called, limit, true);
	r = drift_seq_interval(miss, out->ref_called, alpha);
	p = drift_seq_interval(extra, out->other_called, alpha);
	out->f1.low = harmonic(1 - p.high, 1 - r.high);
	out->f1.high = harmonic(1 - p.low, 1 - r.low);
	free(miss);
	free(extra);
	return 0;
}
