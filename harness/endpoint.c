/* SPDX-License-Identifier: Apache-2.0 */
/* endpoint — discovery, readiness and token counting; see endpoint.h. */
#include "endpoint.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "apierror.h"
#include "text.h"

int endpoint_init(struct endpoint *e, const char *base)
{
	size_t n = strlen(base);

	memset(e, 0, sizeof(*e));
	pthread_mutex_init(&e->lock, NULL);
	e->max_model_len = -1;
	while (n && base[n - 1] == '/')
		n--;
	e->base = xstrndup(base, n);
	if (n >= 3 && !strncmp(base + n - 3, "/v1", 3))
		n -= 3;
	e->root = xstrndup(base, n);
	return e->base && e->root ? 0 : -1;
}

static long json_long(const cJSON *v)
{
	return cJSON_IsNumber(v) && v->valuedouble > 0 && v->valuedouble < 1e12
		       ? (long)v->valuedouble
		       : -1;
}

/* GET ROOT/PATH and parse it as JSON; NULL when that fails */
static cJSON *get_json(struct endpoint *e, const struct http_options *o, const char *path)
{
	struct http_exchange x = { 0 };
	char url[2048];
	cJSON *root = NULL;

	snprintf(url, sizeof(url), "%s/%s", e->root, path);
	x.url = url;
	if (http_perform(&x, 1, o) == 0 && x.outcome == HTTP_DONE && x.status == 200)
		root = cJSON_ParseWithLength(buf_cstr(&x.response), x.response.len);
	http_exchange_release(&x);
	return root;
}

/* the engine, once: the first thing that tells wins */
static void saw_engine(struct endpoint *e, enum engine engine, const char *where)
{
	if (e->engine == ENGINE_UNKNOWN && engine != ENGINE_UNKNOWN) {
		e->engine = engine;
		e->engine_seen = where;
	}
}

/* the server's version: vLLM's /version, or llama.cpp's /props build_info */
static void read_version(struct endpoint *e, const struct http_options *o)
{
	cJSON *root = get_json(e, o, "version");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");

	if (!e->version && cJSON_IsString(v))
		e->version = xstrdup(v->valuestring);
	if (cJSON_IsString(v))
		saw_engine(e, ENGINE_VLLM, engine_info(ENGINE_VLLM)->discovery);
	cJSON_Delete(root);
}

/* llama.cpp reports the runtime context only in /props */
static void read_props(struct endpoint *e, const struct http_options *o)
{
	cJSON *root = get_json(e, o, "props");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "build_info");
	const cJSON *dgs = cJSON_GetObjectItemCaseSensitive(root, "default_generation_settings");

	e->max_model_len = json_long(cJSON_GetObjectItemCaseSensitive(dgs, "n_ctx"));
	e->window_seen = e->max_model_len > 0 ? "n_ctx per slot, /props" : NULL;
	if (cJSON_IsObject(dgs))
		saw_engine(e, ENGINE_LLAMACPP, engine_info(ENGINE_LLAMACPP)->discovery);
	if (!e->version && cJSON_IsString(v))
		e->version = xstrdup(v->valuestring);
	cJSON_Delete(root);
}

/* TGI: GET /info names its model and limits (max_total_tokens the window) */
static void read_info(struct endpoint *e, const struct http_options *o)
{
	cJSON *root = get_json(e, o, "info");
	long total = json_long(cJSON_GetObjectItemCaseSensitive(root, "max_total_tokens"));
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");

	if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(root, "model_id")) &&
	    cJSON_GetObjectItemCaseSensitive(root, "max_input_tokens")) {
		saw_engine(e, ENGINE_TGI, engine_info(ENGINE_TGI)->discovery);
		if (e->max_model_len < 0 && total > 0) {
			e->max_model_len = total;
			e->window_seen = "max_total_tokens, /info";
		}
		if (!e->version && cJSON_IsString(v))
			e->version = xstrdup(v->valuestring);
	}
	cJSON_Delete(root);
}

static void forget_models(struct endpoint *e)
{
	size_t i;

	for (i = 0; i < e->n_models; i++)
		free(e->models[i]);
	free(e->models);
	e->models = NULL;
	e->n_models = 0;
}

static int read_models(struct endpoint *e, const char *body, size_t len)
{
	cJSON *root = cJSON_ParseWithLength(body, len);
	const cJSON *m, *data = cJSON_GetObjectItemCaseSensitive(root, "data");
	int n = cJSON_GetArraySize(data);

	forget_models(e);
	if (!cJSON_IsArray(data)) {
		cJSON_Delete(root);
		return -1;
	}
	e->models = xcalloc((size_t)n + 1, sizeof(char *));
	if (!e->models) {
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ArrayForEach(m, data)
	{
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(m, "id");
		const cJSON *owner = cJSON_GetObjectItemCaseSensitive(m, "owned_by");
		long len_ctx = json_long(cJSON_GetObjectItemCaseSensitive(m, "max_model_len"));

		if (!cJSON_IsString(id))
			continue;
		saw_engine(e, engine_from_owner(cJSON_GetStringValue(owner)),
			   "owned_by of /v1/models");
		if (!(e->models[e->n_models] = xstrdup(id->valuestring)))
			break;
		e->n_models++;
		if (len_ctx > 0 && e->max_model_len < 0) {
			e->max_model_len = len_ctx;
			e->window_seen = "max_model_len";
		}
	}
	cJSON_Delete(root);
	return 0;
}

/* true when /health answers 503: up, but still loading the model */
static bool health_loading(struct endpoint *e, const struct http_options *o)
{
	struct http_exchange x = { 0 };
	char url[2048];
	bool loading;

	snprintf(url, sizeof(url), "%s/health", e->root);
	x.url = url;
	loading = http_perform(&x, 1, o) == 0 && x.outcome == HTTP_DONE && x.status == 503;
	http_exchange_release(&x);
	return loading;
}

enum endpoint_state endpoint_discover(struct endpoint *e, const struct http_options *o,
				      enum cause *cause, char *detail, size_t len)
{
	struct http_exchange x = { 0 };
	enum endpoint_state st = ENDPOINT_READY;
	char url[2048];

	snprintf(url, sizeof(url), "%s/models", e->base);
	x.url = url;
	http_perform(&x, 1, o); /* a request that could not be set up stays HTTP_TRANSPORT */
	e->models_status = x.outcome == HTTP_DONE ? x.status : 0;
	if (x.outcome != HTTP_DONE) {
		*cause = diagnose_outcome(x.outcome);
		snprintf(detail, len, "GET %s: %s", url, x.error[0] ? x.error : "failed");
		/* a recording that ran out of answers will never be ready */
		st = x.outcome == HTTP_TRANSPORT || x.outcome == HTTP_TIMEOUT ? ENDPOINT_NOT_READY
									      : ENDPOINT_UNUSABLE;
	} else if (diagnose_status(x.status, false, true) == CAUSE_AUTH_ERROR) {
		struct api_error ae;

		apierror_parse(buf_cstr(&x.response), x.response.len, &ae);
		*cause = CAUSE_AUTH_ERROR;
		snprintf(detail, len, "GET %s: HTTP %ld: %s", url, x.status,
			 ae.message ? ae.message : "");
		apierror_release(&ae);
		st = ENDPOINT_UNUSABLE;
	} else if (diagnose_status(x.status, false, true) == CAUSE_HTTP_REDIRECT) {
		/* never followed: the key would go along to wherever it points */
		*cause = CAUSE_HTTP_REDIRECT;
		snprintf(detail, len, "GET %s: HTTP %ld: a redirect%s%s", url, x.status,
			 x.location[0] ? " to " : "", x.location);
		st = ENDPOINT_UNUSABLE;
	} else if (x.status == 503 || x.status == 502 || x.status == 504) {
		*cause = CAUSE_HTTP_ERROR;
		snprintf(detail, len, "GET %s: HTTP %ld (still loading?)", url, x.status);
		st = ENDPOINT_NOT_READY;
	} else if (x.status == 200) {
		if (read_models(e, buf_cstr(&x.response), x.response.len) == 0 &&
		    e->max_model_len < 0)
			read_props(e, o);
		read_version(e, o);
		if (e->engine == ENGINE_UNKNOWN)
			read_info(e, o);
		/* SGLang lists its models before the model is loaded; /health tells */
		if (health_loading(e, o)) {
			*cause = CAUSE_HTTP_ERROR;
			snprintf(detail, len, "GET %s/health: HTTP 503 (still loading)", e->root);
			st = ENDPOINT_NOT_READY;
		}
	}
	/* other statuses (a proxy without /models): usable, identity unknown */
	http_exchange_release(&x);
	return st;
}

/* The number after "key": in a /tokenize reply, read without parsing the
 * token list (a million ids would cost a million cJSON nodes). The list
 * holds only numbers, so the key cannot appear inside it. */
static long reply_number(const char *body, const char *key)
{
	const char *p = strstr(body, key);

	if (!p)
		return -1;
	p += strlen(key);
	while (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	return strtol(p, NULL, 10);
}

/* one POST to url; the reply's body when it answered 200, else NULL */
static char *post_ok(const char *url, const char *body, const struct http_options *o)
{
	struct http_exchange x = { 0 };
	char *reply = NULL;

	x.url = url;
	x.body = body;
	if (http_perform(&x, 1, o) == 0 && x.outcome == HTTP_DONE && x.status == 200)
		reply = buf_detach(&x.response);
	http_exchange_release(&x);
	return reply;
}

long endpoint_tokenize(struct endpoint *e, const struct http_options *o, const char *body)
{
	char url[2048];
	long count = -1, ctx = -1;
	bool tried, works;
	int i, at;

	pthread_mutex_lock(&e->lock);
	tried = e->tokenize_tried;
	works = e->tokenize_works;
	at = e->tokenize_at;
	pthread_mutex_unlock(&e->lock);
	if (tried && !works)
		return -1;
	/* vLLM serves it at the root, SGLang under /v1; llama.cpp's takes no
	 * messages and answers without a count */
	for (i = tried ? at : 0; i < 2 && count < 0; i++) {
		char *reply;

		snprintf(url, sizeof(url), "%s/tokenize", i ? e->base : e->root);
		if ((reply = post_ok(url, body, o))) {
			count = reply_number(reply, "\"count\"");
			ctx = reply_number(reply, "\"max_model_len\"");
			free(reply);
		}
		if (count > 0)
			at = i;
		if (tried)
			break;
	}
	/* the lock covers the endpoint's memory, never a request */
	pthread_mutex_lock(&e->lock);
	if (e->max_model_len < 0 && ctx > 0) {
		e->max_model_len = ctx;
		e->window_seen = "max_model_len of /tokenize";
	}
	if (count > 0)
		e->tokenize_at = at;
	if (!e->tokenize_works)
		e->tokenize_works = count > 0;
	e->tokenize_tried = true;
	pthread_mutex_unlock(&e->lock);
	return count;
}

/* llama.cpp: POST BASE/chat/completions/input_tokens with the chat body
 * itself answers {"input_tokens": N}; -1 when the endpoint has no such thing */
static long input_tokens(struct endpoint *e, const struct http_options *o, const char *chat_body)
{
	char url[2048], *reply;
	long n = -1;
	bool tried, works;

	pthread_mutex_lock(&e->lock);
	tried = e->input_tokens_tried;
	works = e->input_tokens_works;
	pthread_mutex_unlock(&e->lock);
	if (tried && !works)
		return -1;
	snprintf(url, sizeof(url), "%s/chat/completions/input_tokens", e->base);
	if ((reply = post_ok(url, chat_body, o)))
		n = reply_number(reply, "\"input_tokens\"");
	free(reply);
	pthread_mutex_lock(&e->lock); /* as for /tokenize */
	if (!e->input_tokens_works)
		e->input_tokens_works = n > 0;
	e->input_tokens_tried = true;
	pthread_mutex_unlock(&e->lock);
	return n > 0 ? n : -1;
}

long endpoint_own_count(struct endpoint *e, const struct http_options *o, const char *tokenize_body,
			const char *chat_body, const char **how)
{
	long n = tokenize_body ? endpoint_tokenize(e, o, tokenize_body) : -1;

	*how = "/tokenize";
	if (n > 0 || !chat_body)
		return n > 0 ? n : -1;
	*how = "/chat/completions/input_tokens";
	return (n = input_tokens(e, o, chat_body)) > 0 ? n : -1;
}

long endpoint_prompt_tokens(struct endpoint *e, const struct http_options *o,
			    const char *tokenize_body, const char *chat_body)
{
	char url[2048], *reply;
	const char *how;
	long n = endpoint_own_count(e, o, tokenize_body, chat_body, &how);
	cJSON *root;

	if (n > 0 || !chat_body)
		return n;
	snprintf(url, sizeof(url), "%s/chat/completions", e->base);
	if (!(reply = post_ok(url, chat_body, o)))
		return -1;
	root = cJSON_Parse(reply);
	n = json_long(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(root, "usage"), "prompt_tokens"));
	cJSON_Delete(root);
	free(reply);
	return n;
}

bool endpoint_counts_cheaply(struct endpoint *e)
{
	bool works;

	pthread_mutex_lock(&e->lock);
	works = e->tokenize_works || e->input_tokens_works;
	pthread_mutex_unlock(&e->lock);
	return works;
}

bool endpoint_serves_other(const struct endpoint *e, const char *model)
{
	size_t i;

	for (i = 0; i < e->n_models; i++)
		if (model && !strcmp(e->models[i], model))
			return false;
	return e->n_models > 0;
}

char *endpoint_models_text(const struct endpoint *e)
{
	struct buf b = BUF_INIT(0);
	size_t i;

	for (i = 0; i < e->n_models; i++) {
		char *name = text_clean_line(e->models[i]);

		buf_printf(&b, "%s%s", i ? ", " : "", name ? name : "");
		free(name);
	}
	return buf_detach(&b);
}

void endpoint_release(struct endpoint *e)
{
	forget_models(e);
	free(e->version);
	free(e->base);
	free(e->root);
	pthread_mutex_destroy(&e->lock);
	memset(e, 0, sizeof(*e));
}
