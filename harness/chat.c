/* SPDX-License-Identifier: Apache-2.0 */
/* chat — request bodies; see chat.h. */
#include "chat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "text.h"

const char *thinking_mode_name(enum thinking_mode m)
{
	static const char *const names[] = { "default", "enabled", "disabled", "unsupported" };

	return (unsigned)m < 4 ? names[m] : "default";
}

/* copies every member of from into to, replacing same-named members */
static int merge_into(cJSON *to, const cJSON *from)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, from)
	{
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

/* "$image" and "$video" URLs of the messages' content parts become the
 * loaded files' data: URLs */
static int put_media(cJSON *messages, const struct chat_settings *s)
{
	static const char *const kinds[] = { "image_url", "video_url" };
	static const char *const marks[] = { "$image", "$video" };
	const char *urls[] = { s->image_url, s->video_url };
	cJSON *m, *part;
	size_t k;

	cJSON_ArrayForEach(m, messages)
	{
		cJSON_ArrayForEach(part, cJSON_GetObjectItemCaseSensitive(m, "content"))
		{
			for (k = 0; k < 2; k++) {
				cJSON *holder = cJSON_GetObjectItemCaseSensitive(part, kinds[k]);
				cJSON *url = cJSON_GetObjectItemCaseSensitive(holder, "url");

				if (cJSON_IsString(url) && urls[k] &&
				    !strcmp(url->valuestring, marks[k]) &&
				    !cJSON_SetValuestring(url, urls[k]))
					return -1;
			}
		}
	}
	return 0;
}

/* The messages of a request when they are not the request's own:
 * messages (else the request's), then the settings' last user message. */
static int add_messages(cJSON *body, const cJSON *request, const cJSON *messages,
			const struct chat_settings *s)
{
	const cJSON *own =
		messages ? messages : cJSON_GetObjectItemCaseSensitive(request, "messages");
	cJSON *list = own ? cJSON_Duplicate(own, 1) : cJSON_CreateArray(), *m;

	if (!list || !cJSON_AddItemToObject(body, "messages", list)) {
		cJSON_Delete(list);
		return -1;
	}
	if (!s->last_user)
		return 0;
	if (!(m = cJSON_CreateObject()) || !cJSON_AddStringToObject(m, "role", "user") ||
	    !cJSON_AddStringToObject(m, "content", s->last_user) ||
	    !cJSON_AddItemToArray(list, m)) {
		cJSON_Delete(m);
		return -1;
	}
	return 0;
}

/* chat_template_kwargs: the thinking switch, then --chat-template-kwargs
 * over it; both the chat request and its /tokenize twin send this */
static int add_template_kwargs(cJSON *body, const struct chat_settings *s)
{
	bool toggle = s->thinking == THINKING_ENABLED || s->thinking == THINKING_DISABLED;
	cJSON *kw;

	if (!toggle && !s->chat_template_kwargs)
		return 0;
	if (!(kw = cJSON_AddObjectToObject(body, "chat_template_kwargs")))
		return -1;
	if (toggle &&
	    !cJSON_AddBoolToObject(kw, "enable_thinking", s->thinking == THINKING_ENABLED))
		return -1;
	return s->chat_template_kwargs ? merge_into(kw, s->chat_template_kwargs) : 0;
}

/* the request's own fields but "extra_body" (merged last), "max_tokens"
 * (the budget decides) and messages when others replace them */
static int add_request_fields(cJSON *body, const cJSON *request, bool own_messages)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, request)
	{
		cJSON *dup;

		if (!strcmp(e->string, "extra_body") || !strcmp(e->string, "max_tokens") ||
		    (!own_messages && !strcmp(e->string, "messages")))
			continue;
		if (!(dup = cJSON_Duplicate(e, 1)) ||
		    !cJSON_AddItemToObject(body, e->string, dup)) {
			cJSON_Delete(dup);
			return -1;
		}
	}
	return 0;
}

static int add_stream(cJSON *body, const struct chat_settings *s)
{
	cJSON *so;

	if (!s->stream)
		return 0;
	/* continuous_usage_stats: vLLM and SGLang put a running count on every
	 * chunk, which times the tokens of a chunk that carries several
	 * (speculative decoding); sent only to them, since a strict server
	 * could refuse a field it does not know */
	return !cJSON_AddBoolToObject(body, "stream", 1) ||
			       !(so = cJSON_AddObjectToObject(body, "stream_options")) ||
			       !cJSON_AddBoolToObject(so, "include_usage", 1) ||
			       (s->running_usage &&
				!cJSON_AddBoolToObject(so, "continuous_usage_stats", 1))
		       ? -1
		       : 0;
}

/* the request's "extra_body", then --extra-body, over everything else */
static int merge_extras(cJSON *body, const cJSON *request, const struct chat_settings *s)
{
	const cJSON *extra = cJSON_GetObjectItemCaseSensitive(request, "extra_body");

	return (extra && merge_into(body, extra)) ||
			       (s->extra_body && merge_into(body, s->extra_body))
		       ? -1
		       : 0;
}

/* body as text when ok, else NULL with the reason; body is freed */
static char *print_body(cJSON *body, bool ok, char *err, size_t errlen)
{
	char *text = ok ? cJSON_PrintUnformatted(body) : NULL;

	cJSON_Delete(body);
	if (!text)
		snprintf(err, errlen, "cannot build the request body: out of memory");
	return text;
}

char *chat_body_build(const cJSON *request, const cJSON *messages, const struct chat_settings *s,
		      char *err, size_t errlen)
{
	cJSON *body = cJSON_CreateObject();
	bool own = !messages && !s->last_user;
	bool ok = body && (!s->model || cJSON_AddStringToObject(body, "model", s->model)) &&
		  !add_request_fields(body, request, own) &&
		  (own || !add_messages(body, request, messages, s)) &&
		  cJSON_AddNumberToObject(body, s->budget_field ? s->budget_field : "max_tokens",
					  (double)s->max_tokens) &&
		  (cJSON_GetObjectItemCaseSensitive(body, "temperature") ||
		   cJSON_AddNumberToObject(body, "temperature", 0.0)) &&
		  !add_template_kwargs(body, s) &&
		  (!s->reasoning_effort ||
		   cJSON_AddStringToObject(body, "reasoning_effort", s->reasoning_effort)) &&
		  !add_stream(body, s) && !merge_extras(body, request, s) &&
		  !put_media(cJSON_GetObjectItemCaseSensitive(body, "messages"), s);

	return print_body(body, ok, err, errlen);
}

char *chat_tokenize_body(const cJSON *request, const struct chat_settings *s)
{
	const cJSON *tools = cJSON_GetObjectItemCaseSensitive(request, "tools");
	cJSON *body = cJSON_CreateObject(), *dup = NULL;
	char *text = NULL;

	if (!body || (s->model && !cJSON_AddStringToObject(body, "model", s->model)) ||
	    add_messages(body, request, NULL, s) ||
	    (tools &&
	     (!(dup = cJSON_Duplicate(tools, 1)) || !cJSON_AddItemToObject(body, "tools", dup))) ||
	    add_template_kwargs(body, s)) {
		if (dup && !cJSON_GetObjectItemCaseSensitive(body, "tools"))
			cJSON_Delete(dup);
		goto out;
	}
	text = cJSON_PrintUnformatted(body);
out:
	cJSON_Delete(body);
	return text;
}

/* --- the Responses API and conversations -------------------------------------- */

char *chat_responses_body(const cJSON *request, const struct chat_settings *s, char *err,
			  size_t errlen)
{
	const cJSON *input = cJSON_GetObjectItemCaseSensitive(request, "input");
	bool toggle = s->thinking == THINKING_ENABLED || s->thinking == THINKING_DISABLED;
	cJSON *body = cJSON_CreateObject(), *kw;
	bool ok = body && (!s->model || cJSON_AddStringToObject(body, "model", s->model)) &&
		  cJSON_AddItemToObject(body, "input", cJSON_Duplicate(input, 1)) &&
		  cJSON_AddNumberToObject(body, "max_output_tokens", (double)s->max_tokens) &&
		  cJSON_AddNumberToObject(body, "temperature", 0.0) &&
		  (!s->stream || cJSON_AddBoolToObject(body, "stream", 1)) &&
		  (!toggle || ((kw = cJSON_AddObjectToObject(body, "chat_template_kwargs")) &&
			       cJSON_AddBoolToObject(kw, "enable_thinking",
						     s->thinking == THINKING_ENABLED))) &&
		  !merge_extras(body, request, s);

	return print_body(body, ok, err, errlen);
}

/* the answer as an assistant message (content, and tool_calls with ids) */
static cJSON *assistant_message(const struct chat_reply *r)
{
	cJSON *m = cJSON_CreateObject(), *calls = NULL;
	bool ok;
	size_t i;

	ok = m && cJSON_AddStringToObject(m, "role", "assistant") &&
	     (r->n_calls && !r->content_len
		      ? cJSON_AddNullToObject(m, "content") != NULL
		      : cJSON_AddStringToObject(m, "content", r->content ? r->content : "") !=
				NULL) &&
	     (!r->n_calls || (calls = cJSON_AddArrayToObject(m, "tool_calls")) != NULL);
	for (i = 0; ok && i < r->n_calls; i++) {
		cJSON *c = cJSON_CreateObject(), *fn;
		char id[32];

		snprintf(id, sizeof(id), "call_%zu", i);
		ok = c && cJSON_AddItemToArray(calls, c) &&
		     cJSON_AddStringToObject(c, "id", r->calls[i].id ? r->calls[i].id : id) &&
		     cJSON_AddStringToObject(c, "type", "function") &&
		     (fn = cJSON_AddObjectToObject(c, "function")) &&
		     cJSON_AddStringToObject(fn, "name",
					     r->calls[i].name ? r->calls[i].name : "") &&
		     cJSON_AddStringToObject(fn, "arguments",
					     r->calls[i].arguments ? r->calls[i].arguments : "");
		if (!ok && c && !cJSON_GetArrayItem(calls, (int)i))
			cJSON_Delete(c);
	}
	if (!ok) {
		cJSON_Delete(m);
		return NULL;
	}
	return m;
}

int chat_turns_init(struct chat_turns *t, const cJSON *request)
{
	const cJSON *own = cJSON_GetObjectItemCaseSensitive(request, "messages");

	t->request = cJSON_Duplicate(request, 1);
	t->messages = own ? cJSON_Duplicate(own, 1) : cJSON_CreateArray();
	t->answer = NULL;
	return t->request && t->messages ? 0 : -1;
}

int chat_turns_answer(struct chat_turns *t, const struct chat_reply *r)
{
	cJSON_Delete(t->answer);
	t->answer = assistant_message(r);
	return t->answer ? 0 : -1;
}

/* a message {"role": role, "content": content} (and tool_call_id) */
static int add_message(cJSON *list, const char *role, const char *call_id, const char *content)
{
	cJSON *m = cJSON_CreateObject();

	if (!m || !cJSON_AddStringToObject(m, "role", role) ||
	    (call_id && !cJSON_AddStringToObject(m, "tool_call_id", call_id)) ||
	    !cJSON_AddStringToObject(m, "content", content) || !cJSON_AddItemToArray(list, m)) {
		cJSON_Delete(m);
		return -1;
	}
	return 0;
}

char *chat_turns_next(struct chat_turns *t, const char *tool_result, const char *user,
		      bool keep_tools, const struct chat_settings *s, char *err, size_t errlen)
{
	const cJSON *call =
		cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(t->answer, "tool_calls"), 0);
	const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(call, "id"));
	struct chat_settings own = *s;

	own.last_user = NULL; /* a haystack goes with the first turn only */
	if (!t->answer) {
		snprintf(err, errlen, "no answer to continue the conversation from");
		return NULL;
	}
	if (!cJSON_AddItemToArray(t->messages, t->answer)) {
		snprintf(err, errlen, "cannot build the request body: out of memory");
		return NULL;
	}
	t->answer = NULL; /* the messages hold it now */
	if ((tool_result && call &&
	     add_message(t->messages, "tool", id ? id : "call_0", tool_result)) ||
	    (user && add_message(t->messages, "user", NULL, user))) {
		snprintf(err, errlen, "cannot build the request body: out of memory");
		return NULL;
	}
	if (!keep_tools) {
		cJSON_DeleteItemFromObjectCaseSensitive(t->request, "tools");
		cJSON_DeleteItemFromObjectCaseSensitive(t->request, "tool_choice");
	}
	return chat_body_build(t->request, t->messages, &own, err, errlen);
}

void chat_turns_release(struct chat_turns *t)
{
	cJSON_Delete(t->request);
	cJSON_Delete(t->messages);
	cJSON_Delete(t->answer);
	memset(t, 0, sizeof(*t));
}

char *chat_extras_text(const cJSON *extra_body, const cJSON *chat_template_kwargs)
{
	char *body = extra_body ? cJSON_PrintUnformatted(extra_body) : NULL;
	char *kwargs = chat_template_kwargs ? cJSON_PrintUnformatted(chat_template_kwargs) : NULL;
	char *text = NULL;

	if (body || kwargs)
		text = buf_strdupf("%s%s%s%s%s", body ? "--extra-body " : "", body ? body : "",
				   body && kwargs ? " and " : "",
				   kwargs ? "--chat-template-kwargs " : "", kwargs ? kwargs : "");
	free(body);
	free(kwargs);
	return text;
}

const cJSON *chat_find_tool(const cJSON *request, const char *name)
{
	const cJSON *t;

	cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(request, "tools"))
	{
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(t, "function");
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(fn, "name");

		if (cJSON_IsString(n) && !strcmp(n->valuestring, name))
			return fn;
	}
	return NULL;
}
