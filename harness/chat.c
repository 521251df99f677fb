/* chat — request bodies and reply parsing; see chat.h. */
#include "chat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

const char *thinking_mode_name(enum thinking_mode m)
{
	static const char *const names[] = {"default", "enabled", "disabled", "unsupported"};

	return (unsigned)m < 4 ? names[m] : "default";
}

/* copies every member of from into to, replacing same-named members */
static int merge_into(cJSON *to, const cJSON *from)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, from) {
		cJSON *dup = cJSON_Duplicate(e, 1);

		if (!dup)
			return -1;
		if (cJSON_GetObjectItemCaseSensitive(to, e->string)) {
			if (!cJSON_ReplaceItemInObjectCaseSensitive(to, e->string, dup)) {
				cJSON_Delete(dup);
				return -1;
			}
		} else if (!cJSON_AddItemToObject(to, e->string, dup)) {
			cJSON_Delete(dup);
			return -1;
		}
	}
	return 0;
}

char *chat_body_build(const cJSON *request, const cJSON *messages,
		      const struct chat_settings *s, char *err, size_t errlen)
{
	cJSON *body = cJSON_CreateObject(), *kw = NULL;
	const cJSON *e;
	char *text = NULL;

	if (!body)
		goto oom;
	if (s->model && !cJSON_AddStringToObject(body, "model", s->model))
		goto oom;
	cJSON_ArrayForEach(e, request) {
		cJSON *dup;

		/* "extra_body" is merged below, "max_tokens" comes from the budget */
		if (!strcmp(e->string, "extra_body") || !strcmp(e->string, "max_tokens") ||
		    (messages && !strcmp(e->string, "messages")))
			continue;
		if (!(dup = cJSON_Duplicate(e, 1)) || !cJSON_AddItemToObject(body, e->string, dup)) {
			cJSON_Delete(dup);
			goto oom;
		}
	}
	if (messages) {
		cJSON *dup = cJSON_Duplicate(messages, 1);

		if (!dup || !cJSON_AddItemToObject(body, "messages", dup)) {
			cJSON_Delete(dup);
			goto oom;
		}
	}
	if (!cJSON_AddNumberToObject(body, "max_tokens", (double)s->max_tokens))
		goto oom;
	if (!cJSON_GetObjectItemCaseSensitive(body, "temperature") &&
	    !cJSON_AddNumberToObject(body, "temperature", 0.0))
		goto oom;
	if (s->thinking == THINKING_ENABLED || s->thinking == THINKING_DISABLED ||
	    s->chat_template_kwargs) {
		if (!(kw = cJSON_CreateObject()))
			goto oom;
		if ((s->thinking == THINKING_ENABLED || s->thinking == THINKING_DISABLED) &&
		    !cJSON_AddBoolToObject(kw, "enable_thinking", s->thinking == THINKING_ENABLED))
			goto oom;
		if (s->chat_template_kwargs && merge_into(kw, s->chat_template_kwargs))
			goto oom;
		if (!cJSON_AddItemToObject(body, "chat_template_kwargs", kw))
			goto oom;
		kw = NULL;
	}
	if (s->reasoning_effort &&
	    !cJSON_AddStringToObject(body, "reasoning_effort", s->reasoning_effort))
		goto oom;
	if ((e = cJSON_GetObjectItemCaseSensitive(request, "extra_body")) && merge_into(body, e))
		goto oom;
	if (s->extra_body && merge_into(body, s->extra_body))
		goto oom;
	text = cJSON_PrintUnformatted(body);
	if (!text)
		goto oom;
	cJSON_Delete(body);
	return text;
oom:
	cJSON_Delete(kw);
	cJSON_Delete(body);
	snprintf(err, errlen, "cannot build the request body: out of memory");
	return NULL;
}

static long usage_int(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 1e15
		       ? (long)v->valuedouble
		       : -1;
}

static char *dup_string(const cJSON *v)
{
	return xstrdup(cJSON_IsString(v) ? v->valuestring : "");
}

static int parse_calls(const cJSON *arr, struct chat_reply *r)
{
	const cJSON *tc;
	size_t n = 0;

	if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
		return 0;
	n = (size_t)cJSON_GetArraySize(arr);
	if (n > CHAT_MAX_TOOL_CALLS)
		n = CHAT_MAX_TOOL_CALLS;
	r->calls = xcalloc(n, sizeof(*r->calls));
	if (!r->calls)
		return -1;
	cJSON_ArrayForEach(tc, arr) {
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(tc, "function");
		const cJSON *args = cJSON_GetObjectItemCaseSensitive(fn, "arguments");
		struct tool_call *c;

		if (r->n_calls == n)
			break;
		c = &r->calls[r->n_calls++];
		c->id = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(tc, "id"))
				? dup_string(cJSON_GetObjectItemCaseSensitive(tc, "id"))
				: NULL;
		c->name = dup_string(cJSON_GetObjectItemCaseSensitive(fn, "name"));
		/* Ollama and some proxies send the arguments as an object */
		if (args && !cJSON_IsString(args) && !cJSON_IsNull(args))
			c->arguments = cJSON_PrintUnformatted(args);
		else
			c->arguments = dup_string(args);
		if (!c->name || !c->arguments)
			return -1;
	}
	return 0;
}

int chat_reply_parse(const char *body, size_t len, struct chat_reply *r, char *err,
		     size_t errlen)
{
	cJSON *root = NULL;
	const cJSON *choice, *msg, *v, *usage;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	r->prompt_tokens = r->completion_tokens = r->reasoning_tokens = -1;
	root = cJSON_ParseWithLength(body, len);
	if (!root) {
		snprintf(err, errlen, "the body is not valid JSON");
		goto out;
	}
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "the body is not a JSON object");
		goto out;
	}
	r->model = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(root, "model"))
			   ? dup_string(cJSON_GetObjectItemCaseSensitive(root, "model"))
			   : NULL;
	v = cJSON_GetObjectItemCaseSensitive(root, "system_fingerprint");
	r->fingerprint = cJSON_IsString(v) ? dup_string(v) : NULL;
	usage = cJSON_GetObjectItemCaseSensitive(root, "usage");
	if (cJSON_IsObject(usage)) {
		r->prompt_tokens = usage_int(usage, "prompt_tokens");
		r->completion_tokens = usage_int(usage, "completion_tokens");
		r->reasoning_tokens = usage_int(
			cJSON_GetObjectItemCaseSensitive(usage, "completion_tokens_details"),
			"reasoning_tokens");
		/* SGLang reports it at the top level of usage */
		if (r->reasoning_tokens < 0)
			r->reasoning_tokens = usage_int(usage, "reasoning_tokens");
	}
	choice = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "choices"), 0);
	msg = cJSON_GetObjectItemCaseSensitive(choice, "message");
	if (!cJSON_IsObject(msg)) {
		snprintf(err, errlen, "the body has no choices[0].message");
		goto out;
	}
	v = cJSON_GetObjectItemCaseSensitive(choice, "finish_reason");
	r->finish_reason = cJSON_IsString(v) ? dup_string(v) : NULL;
	r->content = dup_string(cJSON_GetObjectItemCaseSensitive(msg, "content"));
	/* the first non-empty of the two reasoning field names */
	v = cJSON_GetObjectItemCaseSensitive(msg, "reasoning");
	r->reasoning_field = "reasoning";
	if (!cJSON_IsString(v) || !*v->valuestring) {
		v = cJSON_GetObjectItemCaseSensitive(msg, "reasoning_content");
		r->reasoning_field = "reasoning_content";
	}
	if (!cJSON_IsString(v) || !*v->valuestring)
		r->reasoning_field = NULL;
	r->reasoning = dup_string(r->reasoning_field ? v : NULL);
	if (!r->content || !r->reasoning || parse_calls(cJSON_GetObjectItemCaseSensitive(msg, "tool_calls"), r)) {
		snprintf(err, errlen, "out of memory reading the reply");
		goto out;
	}
	r->content_len = strlen(r->content);
	r->reasoning_len = strlen(r->reasoning);
	rc = 0;
out:
	cJSON_Delete(root);
	return rc;
}

void chat_reply_release(struct chat_reply *r)
{
	size_t i;

	for (i = 0; i < r->n_calls; i++) {
		free(r->calls[i].id);
		free(r->calls[i].name);
		free(r->calls[i].arguments);
	}
	free(r->calls);
	free(r->content);
	free(r->reasoning);
	free(r->finish_reason);
	free(r->model);
	free(r->fingerprint);
	memset(r, 0, sizeof(*r));
}
