/* SPDX-License-Identifier: Apache-2.0 */
/* apierror — error bodies and context-overflow numbers; see apierror.h. */
#include "apierror.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

#define MESSAGE_MAX_CHARS 600

/* the first number after needle in s, or -1 */
#define NUMBER_MAX 1000000000000L /* 10^12 tokens */

static long number_after(const char *s, const char *needle)
{
	const char *p = strstr(s, needle);
	long n;

	if (!p)
		return -1;
	p += strlen(needle);
	while (*p && !isdigit((unsigned char)*p))
		p++;
	if (!*p)
		return -1;
	n = strtol(p, NULL, 10);
	/* no context is this large: a number past it is noise (and summing two
	 * of them must not overflow) */
	return n <= NUMBER_MAX ? n : -1;
}

/* Each row: a phrase that marks the wording, the phrase before the limit,
 * the phrase before the requested size, the phrase before a second
 * number to add to it (output tokens) or NULL, and the phrase before the
 * prompt's own count when the wording gives one apart (else NULL). A NULL
 * requested phrase means the text gives no token count. First match wins. */
static const struct {
	const char *mark, *limit, *requested, *plus, *prompt;
	bool sglang; /* SGLang's own words: with its flat envelope, its error */
} wordings[] = {
	/* vLLM E: "...length is L tokens. However, you requested M output tokens and
	 * your prompt contains at least P input tokens, for a total of at least T" */
	{ "for a total of at least", "maximum context length is", "for a total of at least", NULL,
	  NULL, false }, /* P is L - M + 1 whatever the prompt: not a count */
	/* vLLM C: "... for a total of T tokens (P + M = T > L)" */
	{ "for a total of", "maximum context length is", "for a total of", NULL, NULL, false },
	/* SGLang: "max_completion_tokens is too large: M.This model supports at most L" */
	{ "supports at most", "supports at most", "is too large:", NULL, NULL, true },
	/* vLLM B: "'max_tokens' ... is too large: M. ... length is L tokens and your
	 * request has P input tokens (M > L - P)" */
	{ "is too large:", "maximum context length is", "is too large:", "your request has",
	  "your request has", false },
	/* vLLM C first form and the 0.15 bug: "your request has P input tokens" */
	{ "your request has", "maximum context length is", "your request has", NULL,
	  "your request has", false },
	/* vLLM A/B: "However, you requested T tokens" */
	{ "However, you requested", "maximum context length is", "However, you requested", NULL,
	  NULL, false },
	/* vLLM D, the character pre-check: no token count */
	{ "input characters", "context length is only", NULL, NULL, NULL, false },
	/* vLLM D: "You passed P input tokens and requested M output tokens. However,
	 * the model's context length is only L tokens" */
	{ "You passed", "context length is only", "You passed", "and requested", "You passed",
	  false },
	/* vLLM D: "max_tokens=M cannot be greater than max_model_len=L" */
	{ "cannot be greater than", "cannot be greater than", "", NULL, NULL, false },
	/* vLLM engine: "The decoder prompt (length P) is longer than the maximum model length of L" */
	{ "decoder prompt", "maximum model length of", "(length", NULL, "(length", false },
	{ "Input length (", "maximum context length (", "Input length (", NULL, "Input length (",
	  false },
	/* SGLang */
	{ "is longer than the model's context length", "context length (", "The input (", NULL,
	  "The input (", true },
	{ "You requested a total of", "maximum context length of", "You requested a total of", NULL,
	  NULL, false },
	/* llama.cpp (the old wording has no numbers) */
	{ "exceeds the available context size", "available context size (", "request (", NULL,
	  "request (", false },
	/* TGI */
	{ "`inputs` tokens + `max_new_tokens` must be <=", "must be <=", "Given:", "tokens and",
	  "Given:", false },
	{ "`inputs` must have less than", "less than", "Given:", NULL, "Given:", false },
	/* OpenAI */
	{ "your messages resulted in", "maximum context length is", "resulted in", NULL,
	  "resulted in", false },
	/* LM Studio */
	{ "greater than the context length", "n_ctx:", "n_keep:", NULL, NULL, false },
};

static void find_context_numbers(struct api_error *e, const char *msg)
{
	size_t i;

	for (i = 0; i < sizeof(wordings) / sizeof(wordings[0]); i++) {
		if (!strstr(msg, wordings[i].mark))
			continue;
		e->context_overflow = true;
		e->sglang_wording = wordings[i].sglang;
		e->ctx_limit = number_after(msg, wordings[i].limit);
		if (wordings[i].requested)
			e->ctx_requested = number_after(msg, wordings[i].requested);
		if (e->ctx_requested >= 0 && wordings[i].plus) {
			long more = number_after(msg, wordings[i].plus);

			e->ctx_requested = more >= 0 ? e->ctx_requested + more : -1;
		}
		e->ctx_at_least = strstr(msg, "at least") != NULL;
		if (wordings[i].prompt && !e->ctx_at_least)
			e->ctx_prompt = number_after(msg, wordings[i].prompt);
		return;
	}
	if (strstr(msg, "context length") || strstr(msg, "context size") ||
	    strstr(msg, "context window") || strstr(msg, "context_length_exceeded"))
		e->context_overflow = true;
}

/* FastAPI's {"detail": "..."} or {"detail": [{"msg": "...", ...}, ...]}:
 * the text, the messages joined; NULL when detail is neither */
static char *fastapi_detail(const cJSON *detail)
{
	struct buf b = BUF_INIT(0);
	const cJSON *d;

	if (cJSON_IsString(detail))
		return xstrdup(detail->valuestring);
	if (!cJSON_IsArray(detail))
		return NULL;
	cJSON_ArrayForEach(d, detail)
	{
		const char *m = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, "msg"));

		if (m)
			buf_printf(&b, "%s%s", b.len ? "; " : "", m);
	}
	if (!b.len) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

/* The error's own text, whatever the shape: {"error":{"message"}}
 * (OpenAI, vLLM), {"object":"error","message"} (SGLang), {"error":"X",
 * "message":"..."} (Express-style servers: both kept), {"error":"..."}
 * (TGI), {"detail":...} (FastAPI); NULL when none (plain text) */
static char *message_of(const cJSON *root, const cJSON **type)
{
	const cJSON *err = cJSON_GetObjectItemCaseSensitive(root, "error");
	const char *msg = NULL;

	*type = NULL;
	if (cJSON_IsObject(err)) {
		msg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(err, "message"));
		*type = cJSON_GetObjectItemCaseSensitive(err, "type");
	} else if (cJSON_IsString(err)) {
		const char *more =
			cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "message"));

		*type = cJSON_GetObjectItemCaseSensitive(root, "error_type");
		if (more && *more)
			return buf_strdupf("%s: %s", err->valuestring, more);
		msg = err->valuestring;
	} else if (cJSON_IsObject(root)) {
		msg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "message"));
		*type = cJSON_GetObjectItemCaseSensitive(root, "type");
		if (!msg)
			return fastapi_detail(cJSON_GetObjectItemCaseSensitive(root, "detail"));
	}
	return msg ? xstrdup(msg) : NULL;
}

static enum error_shape shape_of(const cJSON *root, const struct api_error *e)
{
	const cJSON *err = cJSON_GetObjectItemCaseSensitive(root, "error");
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(root, "object");

	if (e->type && !strcmp(e->type, "exceed_context_size_error"))
		return ERROR_SHAPE_LLAMACPP;
	if (cJSON_IsString(err) && cJSON_GetObjectItemCaseSensitive(root, "error_type"))
		return ERROR_SHAPE_TGI;
	/* the same members in their writer's order: pydantic keeps a model's
	 * field order, and LMDeploy's ErrorResponse declares object last */
	if (!cJSON_IsString(kind) || strcmp(kind->valuestring, "error"))
		return cJSON_IsObject(err) ? ERROR_SHAPE_NESTED : ERROR_SHAPE_OTHER;
	if (root->child && root->child->string && !strcmp(root->child->string, "message") &&
	    !kind->next)
		return ERROR_SHAPE_LMDEPLOY;
	return e->sglang_wording ? ERROR_SHAPE_SGLANG : ERROR_SHAPE_FLAT;
}

int apierror_parse(const char *body, size_t len, struct api_error *e)
{
	cJSON *root = NULL;
	const cJSON *err, *type = NULL, *v;
	char *msg;

	memset(e, 0, sizeof(*e));
	e->ctx_limit = e->ctx_requested = e->ctx_prompt = -1;
	if (body && len)
		root = cJSON_ParseWithLength(body, len);
	err = cJSON_GetObjectItemCaseSensitive(root, "error");
	e->json = cJSON_IsObject(root);
	msg = message_of(root, &type);
	if (msg)
		e->message = text_excerpt(msg, strlen(msg), MESSAGE_MAX_CHARS, true);
	else
		e->message = text_excerpt(body, len, MESSAGE_MAX_CHARS, true);
	if (cJSON_IsString(type))
		e->type = xstrdup(type->valuestring);
	if (e->message)
		find_context_numbers(e, msg ? msg : e->message);
	free(msg);
	/* llama.cpp names both numbers as fields */
	if (cJSON_IsObject(err)) {
		if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(err, "n_ctx")) &&
		    v->valuedouble > 0 && v->valuedouble < 1e12)
			e->ctx_limit = (long)v->valuedouble;
		if (cJSON_IsNumber(v = cJSON_GetObjectItemCaseSensitive(err, "n_prompt_tokens")) &&
		    v->valuedouble > 0 && v->valuedouble < 1e12)
			e->ctx_requested = e->ctx_prompt = (long)v->valuedouble;
	}
	if (e->type && !strcmp(e->type, "exceed_context_size_error"))
		e->context_overflow = true;
	e->shape = shape_of(root, e);
	cJSON_Delete(root);
	return 0;
}

void apierror_release(struct api_error *e)
{
	free(e->message);
	free(e->type);
	memset(e, 0, sizeof(*e));
}
