/* SPDX-License-Identifier: Apache-2.0 */
/* wire — the shape of a chat completion; see wire.h. */
#include "wire.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "reply.h"
#include "sse.h"

#define WIRE_MAX_CALLS 64

static void facts_init(struct wire_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->logprobs = f->top_min = f->top_max = -1;
}

/* one entry of logprobs.content: token, logprob <= 0, bytes, top_logprobs */
static void logprob_entry(struct wire_facts *f, const cJSON *e, int i)
{
	const cJSON *lp = cJSON_GetObjectItemCaseSensitive(e, "logprob");
	const cJSON *top = cJSON_GetObjectItemCaseSensitive(e, "top_logprobs");
	const cJSON *bytes = cJSON_GetObjectItemCaseSensitive(e, "bytes");
	int n;

	if (f->logprobs_bad[0])
		return;
	if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "token")))
		snprintf(f->logprobs_bad, sizeof(f->logprobs_bad),
			 "logprobs.content[%d].token is not a string", i);
	else if (!cJSON_IsNumber(lp) || lp->valuedouble > 1e-9)
		snprintf(f->logprobs_bad, sizeof(f->logprobs_bad),
			 "logprobs.content[%d].logprob is not a number <= 0", i);
	else if (bytes && !cJSON_IsArray(bytes) && !cJSON_IsNull(bytes))
		snprintf(f->logprobs_bad, sizeof(f->logprobs_bad),
			 "logprobs.content[%d].bytes is not a list", i);
	else if (!cJSON_IsArray(top))
		snprintf(f->logprobs_bad, sizeof(f->logprobs_bad),
			 "logprobs.content[%d].top_logprobs is not a list", i);
	if (!cJSON_IsArray(top))
		return;
	n = cJSON_GetArraySize(top);
	if (f->top_min < 0 || n < f->top_min)
		f->top_min = n;
	if (n > f->top_max)
		f->top_max = n;
}

static void read_logprobs(struct wire_facts *f, const cJSON *choice)
{
	const cJSON *lp = cJSON_GetObjectItemCaseSensitive(choice, "logprobs");
	const cJSON *content = cJSON_GetObjectItemCaseSensitive(lp, "content"), *e;
	int i = 0;

	if (!lp || cJSON_IsNull(lp))
		return;
	if (!cJSON_IsObject(lp) || !cJSON_IsArray(content)) {
		if (!f->logprobs_bad[0])
			snprintf(f->logprobs_bad, sizeof(f->logprobs_bad),
				 "logprobs is not an object with a content list");
		return;
	}
	if (f->logprobs < 0)
		f->logprobs = 0;
	cJSON_ArrayForEach(e, content)
	{
		logprob_entry(f, e, i++);
		f->logprobs++;
	}
}

/* each call's arguments must be a string of JSON text, not an object */
static void read_arguments(struct wire_facts *f, const cJSON *choice)
{
	const cJSON *msg = cJSON_GetObjectItemCaseSensitive(choice, "message"), *tc;
	int i = 0;

	cJSON_ArrayForEach(tc, cJSON_GetObjectItemCaseSensitive(msg, "tool_calls"))
	{
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(tc, "function");
		const cJSON *args = cJSON_GetObjectItemCaseSensitive(fn, "arguments");

		if (!cJSON_IsString(args) && !f->args_bad[0])
			snprintf(f->args_bad, sizeof(f->args_bad),
				 "tool_calls[%d].function.arguments is not a string of JSON text",
				 i);
		i++;
	}
}

static int read_whole(const char *body, size_t len, struct wire_facts *f, char *err, size_t errlen)
{
	cJSON *o = cJSON_ParseWithLength(body, len);
	const cJSON *choices = cJSON_GetObjectItemCaseSensitive(o, "choices");

	if (!cJSON_IsArray(choices)) {
		snprintf(err, errlen, "the reply is not a chat completion with choices");
		cJSON_Delete(o);
		return -1;
	}
	f->choices = cJSON_GetArraySize(choices);
	read_logprobs(f, cJSON_GetArrayItem(choices, 0));
	read_arguments(f, cJSON_GetArrayItem(choices, 0));
	cJSON_Delete(o);
	return 0;
}

/* --- streams --------------------------------------------------------------- */

struct wire_stream {
	struct wire_facts *f;
	bool seen_choice;
	bool index_seen[WIRE_MAX_CALLS]; /* choice indexes */
	bool call_seen[WIRE_MAX_CALLS];	 /* tool-call indexes with a first fragment */
	bool usage_alone, usage_with;
};

/* the keys of a delta, "role, content" */
static void delta_keys(const cJSON *delta, char *out, size_t n)
{
	const cJSON *e;
	size_t used = 0;

	out[0] = '\0';
	if (!cJSON_IsObject(delta)) { /* an array's members have no names */
		snprintf(out, n, "no object");
		return;
	}
	cJSON_ArrayForEach(e, delta)
	{
		if (cJSON_IsNull(e))
			continue;
		snprintf(out + used, n - used, "%s%s", used ? ", " : "", e->string);
		used = strlen(out);
	}
	if (!used)
		snprintf(out, n, "nothing");
}

static void tool_fragment(struct wire_stream *s, const cJSON *tc)
{
	struct wire_facts *f = s->f;
	const cJSON *idx = cJSON_GetObjectItemCaseSensitive(tc, "index");
	const cJSON *fn = cJSON_GetObjectItemCaseSensitive(tc, "function");
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(tc, "id");
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(fn, "name");
	int i;

	f->tool_fragments++;
	if (!cJSON_IsNumber(idx) || idx->valueint < 0 || idx->valueint >= WIRE_MAX_CALLS) {
		if (!f->tool_first_bad[0])
			snprintf(f->tool_first_bad, sizeof(f->tool_first_bad),
				 "a tool-call fragment has no index");
		return;
	}
	i = idx->valueint;
	if (s->call_seen[i]) {
		if (cJSON_IsString(name) && *name->valuestring && !f->tool_later_bad[0])
			snprintf(f->tool_later_bad, sizeof(f->tool_later_bad),
				 "tool call %d's name came again in a later fragment", i);
		return;
	}
	s->call_seen[i] = true;
	if (f->tool_first_bad[0])
		return;
	if (!cJSON_IsString(id) || !*id->valuestring)
		snprintf(f->tool_first_bad, sizeof(f->tool_first_bad),
			 "the first fragment of tool call %d has no id", i);
	else if (!cJSON_IsString(name) || !*name->valuestring)
		snprintf(f->tool_first_bad, sizeof(f->tool_first_bad),
			 "the first fragment of tool call %d has no function.name", i);
}

static void stream_choice(struct wire_stream *s, const cJSON *ch)
{
	struct wire_facts *f = s->f;
	const cJSON *delta = cJSON_GetObjectItemCaseSensitive(ch, "delta");
	const cJSON *idx = cJSON_GetObjectItemCaseSensitive(ch, "index");
	const cJSON *fin = cJSON_GetObjectItemCaseSensitive(ch, "finish_reason");
	const cJSON *role = cJSON_GetObjectItemCaseSensitive(delta, "role"), *tc;
	int i = cJSON_IsNumber(idx) ? idx->valueint : 0;

	if (i >= 0 && i < WIRE_MAX_CALLS && !s->index_seen[i]) {
		s->index_seen[i] = true;
		f->choices++;
	}
	if (!s->seen_choice) {
		s->seen_choice = true;
		f->role_first = cJSON_IsString(role) && !strcmp(role->valuestring, "assistant");
		delta_keys(delta, f->first_delta, sizeof(f->first_delta));
	}
	snprintf(f->finish_last, sizeof(f->finish_last), "%s",
		 cJSON_IsString(fin) ? fin->valuestring : "");
	f->finish_seen |= cJSON_IsString(fin);
	cJSON_ArrayForEach(tc, cJSON_GetObjectItemCaseSensitive(delta, "tool_calls"))
	{
		tool_fragment(s, tc);
	}
	read_logprobs(f, ch);
}

static int on_chunk(void *ctx, const struct sse_event *ev)
{
	struct wire_stream *s = ctx;
	cJSON *o, *ch;
	const cJSON *choices, *usage;

	if (s->f->done) {
		s->f->after_done = true;
		return 0;
	}
	if (!strcmp(ev->data, "[DONE]")) {
		s->f->done = true;
		return 0;
	}
	if (!(o = cJSON_ParseWithLength(ev->data, ev->data_len)))
		return 0; /* reply.h says what is wrong with it */
	s->f->chunks++;
	choices = cJSON_GetObjectItemCaseSensitive(o, "choices");
	usage = cJSON_GetObjectItemCaseSensitive(o, "usage");
	if (cJSON_IsObject(usage)) {
		if (cJSON_IsArray(choices) && !cJSON_GetArraySize(choices))
			s->usage_alone = true;
		else
			s->usage_with = true;
	}
	cJSON_ArrayForEach(ch, choices)
	{
		stream_choice(s, ch);
	}
	cJSON_Delete(o);
	return 0;
}

int wire_read(const char *body, size_t len, bool stream, struct wire_facts *f, char *err,
	      size_t errlen)
{
	struct wire_stream s;
	struct sse_parser p;
	int rc;

	facts_init(f);
	if (!stream)
		return read_whole(body, len, f, err, errlen);
	memset(&s, 0, sizeof(s));
	s.f = f;
	sse_init(&p, CHAT_STREAM_MAX_LINE, CHAT_STREAM_MAX_EVENTS);
	rc = sse_feed(&p, body, len, on_chunk, &s);
	if (!rc)
		rc = sse_finish(&p, on_chunk, &s);
	sse_release(&p);
	f->usage = s.usage_alone  ? WIRE_USAGE_ALONE
		   : s.usage_with ? WIRE_USAGE_WITH_CHOICES
				  : WIRE_USAGE_NONE;
	if (rc) {
		snprintf(err, errlen, "the stream could not be read (%d)", rc);
		return -1;
	}
	return 0;
}
