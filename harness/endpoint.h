/* SPDX-License-Identifier: Apache-2.0 */
/* endpoint — who is behind the URL: models, context length, readiness,
 * and the endpoint's own token counter.
 *
 * Reads /v1/models (vLLM and SGLang max_model_len), llama.cpp's /props
 * n_ctx, polls for readiness (a refused connection or a 503 means "not
 * yet"), and counts prompt tokens with /tokenize where the engine offers
 * it. cJSON stays inside. Never prints. */
#ifndef PREFLIGHT_ENDPOINT_H
#define PREFLIGHT_ENDPOINT_H

#include <stdbool.h>
#include <pthread.h>
#include <stddef.h>

#include "diagnose.h"
#include "engine.h"
#include "http.h"

struct endpoint {
	char *base;    /* owned; the base URL without a trailing slash */
	char *root;    /* owned; base without a trailing /v1 */
	char **models; /* owned; ids from /v1/models */
	size_t n_models;
	long max_model_len;	 /* -1 unknown */
	const char *window_seen; /* static: where max_model_len came from, or NULL */
	char *version;		 /* owned; GET /version (vLLM) or /props build_info, or NULL */
	bool tokenize_works;	 /* /tokenize answered with a count */
	bool tokenize_tried;
	int tokenize_at;	 /* 0: ROOT/tokenize (vLLM), 1: BASE/tokenize (SGLang) */
	bool input_tokens_works; /* llama.cpp's /chat/completions/input_tokens answered */
	bool input_tokens_tried;
	long models_status;	 /* what GET /v1/models last answered, 0: no answer */
	enum engine engine;	 /* who serves, as discovery saw it */
	const char *engine_seen; /* static: what told ("/props", ...), or NULL */
	pthread_mutex_t lock;	 /* the tokenize_* fields and max_model_len once probes run in
			       * parallel; held for memory only, never across a request */
};

enum endpoint_state {
	ENDPOINT_READY = 0,
	ENDPOINT_NOT_READY, /* refused, 503: may come up later */
	ENDPOINT_UNUSABLE,  /* credentials refused, or another hard failure */
};

/* Sets up e for base (copied). Returns 0 or -1 when out of memory. */
int endpoint_init(struct endpoint *e, const char *base);
/* Asks /v1/models once. On failure sets *cause and detail. */
enum endpoint_state endpoint_discover(struct endpoint *e, const struct http_options *o,
				      enum cause *cause, char *detail, size_t len);
/* The prompt tokens of a chat request as the endpoint counts them via
 * /tokenize (chat template applied), or -1 when it cannot. body is the
 * JSON of a tokenize request: model, messages, and tools and
 * chat_template_kwargs where the chat request has them. */
long endpoint_tokenize(struct endpoint *e, const struct http_options *o, const char *body);
/* The prompt tokens of a chat request as the endpoint counts them, by the
 * engine's exact template-applied counter where one exists: tokenize_body
 * through /tokenize (vLLM, SGLang), else chat_body through llama.cpp's
 * /v1/chat/completions/input_tokens, else chat_body (a one-token request)
 * and its usage. -1 when none tells. Safe from several threads at once. */
long endpoint_prompt_tokens(struct endpoint *e, const struct http_options *o,
			    const char *tokenize_body, const char *chat_body);
/* The same by the engine's own counters only (/tokenize, llama.cpp's
 * input_tokens), never by a chat request's usage; *how names the one that
 * answered (static). -1 when the engine offers none. */
long endpoint_own_count(struct endpoint *e, const struct http_options *o, const char *tokenize_body,
			const char *chat_body, const char **how);
/* True once /tokenize has answered with a count: counting is cheap. */
bool endpoint_counts_cheaply(struct endpoint *e);
/* True when the endpoint lists models and model is not among them. */
bool endpoint_serves_other(const struct endpoint *e, const char *model);
/* The models listed, cleaned for reports, comma-separated; caller frees. */
char *endpoint_models_text(const struct endpoint *e);
void endpoint_release(struct endpoint *e);

#endif
