/* SPDX-License-Identifier: Apache-2.0 */
/* reply — reply parsing; see reply.h. */
#include "reply.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "drift.h"
#include "http.h"
#include "sse.h"
#include "text.h"

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

static void reply_reset(struct chat_reply *r)
{
	memset(r, 0, sizeof(*r));
	r->prompt_tokens = r->completion_tokens = r->reasoning_tokens = r->cached_tokens = -1;
	r->engine_decode_tps = r->engine_prefill_tps = -1;
}

static const char *json_type(const cJSON *v)
{
	return cJSON_IsObject(v)   ? "an object"
	       : cJSON_IsArray(v)  ? "an array"
	       : cJSON_IsNumber(v) ? "a number"
	       : cJSON_IsBool(v)   ? "a boolean"
	       : cJSON_IsString(v) ? "a string"
				   : "null";
}

/* the first field a strict OpenAI client could not consume */
static void violate(struct chat_reply *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void violate(struct chat_reply *r, const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;

	if (r->violation)
		return;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	r->violation = buf_detach(&b);
}

/* content and delta.content: a string or null */
static void check_content(struct chat_reply *r, const cJSON *v, const char *where)
{
	if (v && !cJSON_IsString(v) && !cJSON_IsNull(v))
		violate(r, "%s.content is %s; the OpenAI spec says a string or null", where,
			json_type(v));
}

/* function.arguments: JSON text in a string, never the object itself */
static void check_arguments(struct chat_reply *r, const cJSON *v, const char *where, size_t i)
{
	if (v && !cJSON_IsString(v) && !cJSON_IsNull(v))
		violate(r,
			"%s.tool_calls[%zu].function.arguments is %s; the OpenAI spec says a "
			"string of JSON text",
			where, i, json_type(v));
}

bool reply_finish_is_openai(const char *finish)
{
	static const char *const spec[] = { "stop", "length", "tool_calls", "content_filter",
					    "function_call" };
	size_t i;

	for (i = 0; finish && i < sizeof(spec) / sizeof(spec[0]); i++)
		if (!strcmp(finish, spec[i]))
			return true;
	return false;
}

/* finish_reason: one of the spec's values, or null while a stream goes on */
static void check_finish(struct chat_reply *r, const cJSON *v, const char *where)
{
	char *name;

	if (!v || cJSON_IsNull(v))
		return;
	if (!cJSON_IsString(v)) {
		violate(r, "%s.finish_reason is %s; the OpenAI spec says a string", where,
			json_type(v));
		return;
	}
	if (reply_finish_is_openai(v->valuestring))
		return;
	name = text_clean_line(v->valuestring);
	violate(r,
		"%s.finish_reason is '%s'; the OpenAI spec says stop, length, tool_calls, "
		"content_filter or function_call",
		where, name ? name : "");
	free(name);
}

/* what parse_calls and stream_tool_delta return */
enum calls_result { CALLS_OK = 0, CALLS_NO_MEMORY = -1, CALLS_TOO_MANY = -2 };

static enum calls_result parse_calls(const cJSON *arr, struct chat_reply *r)
{
	const cJSON *tc;
	size_t n = 0;

	if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
		return CALLS_OK;
	n = (size_t)cJSON_GetArraySize(arr);
	if (n > CHAT_MAX_TOOL_CALLS)
		return CALLS_TOO_MANY; /* no answer needs that many: refuse, do not truncate */
	r->calls = xcalloc(n, sizeof(*r->calls));
	if (!r->calls)
		return CALLS_NO_MEMORY;
	cJSON_ArrayForEach(tc, arr)
	{
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
		check_arguments(r, args, "choices[0].message", r->n_calls - 1);
		/* some proxies send the arguments as an object: read it, but it is a violation */
		if (args && !cJSON_IsString(args) && !cJSON_IsNull(args))
			c->arguments = cJSON_PrintUnformatted(args);
		else
			c->arguments = dup_string(args);
		if (!c->name || !c->arguments)
			return CALLS_NO_MEMORY;
	}
	return CALLS_OK;
}

cJSON *reply_json_document(const char *body, size_t len)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(body, len, &end, false);
	size_t i;

	for (i = root && end ? (size_t)(end - body) : len; root && i < len; i++)
		if (body[i] != ' ' && body[i] != '\n' && body[i] != '\r' && body[i] != '\t') {
			cJSON_Delete(root);
			return NULL;
		}
	return root;
}

/* a \u0000 escape (not an escaped backslash before "u0000") */
static bool has_nul_escape(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 6 <= len; i++) {
		size_t k = i, slashes = 0;

		if (s[i] != '\\' || memcmp(s + i + 1, "u0000", 5))
			continue;
		while (k > 0 && s[k - 1] == '\\') {
			k--;
			slashes++;
		}
		if (slashes % 2 == 0)
			return true;
	}
	return false;
}

/* a string member replaces *slot when present */
static void take_string(char **slot, const cJSON *v)
{
	if (cJSON_IsString(v)) {
		free(*slot);
		*slot = xstrdup(v->valuestring);
	}
}

static double rate(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) && v->valuedouble > 0 && v->valuedouble < 1e9 ? v->valuedouble
									       : -1;
}

/* llama.cpp's own figures: {"timings":{"prompt_per_second","predicted_per_second","cache_n"}} */
static void read_timings(const cJSON *t, struct chat_reply *r)
{
	if (!cJSON_IsObject(t))
		return;
	r->engine_decode_tps = rate(t, "predicted_per_second");
	r->engine_prefill_tps = rate(t, "prompt_per_second");
	if (r->cached_tokens < 0)
		r->cached_tokens = usage_int(t, "cache_n");
}

/* the token counts of a usage object (whole reply or a stream's last chunk) */
static void read_usage(const cJSON *usage, struct chat_reply *r)
{
	long cached;

	if (!cJSON_IsObject(usage))
		return;
	cached = usage_int(cJSON_GetObjectItemCaseSensitive(usage, "prompt_tokens_details"),
			   "cached_tokens");
	if (cached >= 0)
		r->cached_tokens = cached;
	r->prompt_tokens = usage_int(usage, "prompt_tokens");
	r->completion_tokens = usage_int(usage, "completion_tokens");
	r->reasoning_tokens =
		usage_int(cJSON_GetObjectItemCaseSensitive(usage, "completion_tokens_details"),
			  "reasoning_tokens");
	/* SGLang reports it at the top level of usage */
	if (r->reasoning_tokens < 0)
		r->reasoning_tokens = usage_int(usage, "reasoning_tokens");
}

enum reply_result reply_parse(const char *body, size_t len, struct chat_reply *r, char *err,
			      size_t errlen)
{
	cJSON *root = NULL;
	const cJSON *choice, *msg, *v;
	enum reply_result rc = REPLY_UNREADABLE;
	enum calls_result calls_rc = CALLS_OK;

	reply_reset(r);
	r->had_nul = has_nul_escape(body, len);
	root = reply_json_document(body, len);
	if (!root) {
		snprintf(err, errlen, "the body is not one valid JSON document");
		goto out;
	}
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "the body is not a JSON object");
		goto out;
	}
	take_string(&r->model, cJSON_GetObjectItemCaseSensitive(root, "model"));
	take_string(&r->fingerprint, cJSON_GetObjectItemCaseSensitive(root, "system_fingerprint"));
	read_usage(cJSON_GetObjectItemCaseSensitive(root, "usage"), r);
	read_timings(cJSON_GetObjectItemCaseSensitive(root, "timings"), r);
	choice = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "choices"), 0);
	msg = cJSON_GetObjectItemCaseSensitive(choice, "message");
	if (!cJSON_IsObject(msg)) {
		snprintf(err, errlen,
			 "the body has no choices[0].message, which the OpenAI spec requires of a "
			 "chat completion");
		goto out;
	}
	v = cJSON_GetObjectItemCaseSensitive(choice, "finish_reason");
	check_finish(r, v, "choices[0]");
	r->finish_reason = cJSON_IsString(v) ? dup_string(v) : NULL;
	check_content(r, cJSON_GetObjectItemCaseSensitive(msg, "content"), "choices[0].message");
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
	if (!r->content || !r->reasoning ||
	    (calls_rc = parse_calls(cJSON_GetObjectItemCaseSensitive(msg, "tool_calls"), r))) {
		if (calls_rc == CALLS_TOO_MANY)
			snprintf(err, errlen, "the reply has more than %d tool calls",
				 CHAT_MAX_TOOL_CALLS);
		else
			snprintf(err, errlen, "out of memory reading the reply");
		goto out;
	}
	r->content_len = strlen(r->content);
	r->reasoning_len = strlen(r->reasoning);
	rc = REPLY_OK;
out:
	cJSON_Delete(root);
	return rc;
}

/* --- logprobs ----------------------------------------------------------------- */

/* A token's identity: its bytes where the endpoint lists them (two tokens
 * can show the same text, "\ufffd" for a split character), else its text.
 * Writes it to out (when not NULL) and returns its length, or -1 when the
 * item names no token. */
static long token_key(const cJSON *item, char *out)
{
	const cJSON *bytes = cJSON_GetObjectItemCaseSensitive(item, "bytes"), *b;
	const cJSON *tok = cJSON_GetObjectItemCaseSensitive(item, "token");
	long n = 0;

	if (cJSON_IsArray(bytes) && cJSON_GetArraySize(bytes) > 0) {
		cJSON_ArrayForEach(b, bytes)
		{
			if (!cJSON_IsNumber(b) || b->valuedouble < 1 || b->valuedouble > 255)
				goto text; /* a NUL or not a byte: the text says it */
			n++;
		}
		if (out) {
			n = 0;
			cJSON_ArrayForEach(b, bytes) out[n++] = (char)(unsigned char)b->valuedouble;
		}
		return n;
	}
text:
	if (!cJSON_IsString(tok))
		return -1;
	n = (long)strlen(tok->valuestring);
	if (out)
		memcpy(out, tok->valuestring, (size_t)n);
	return n;
}

/* the item's log-probability: a finite number at most 0 (-inf as the
 * floor: some engines write -9999 or -inf for an impossible token) */
static bool item_logprob(const cJSON *item, double *lp)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(item, "logprob");

	if (!v) { /* llama.cpp's post_sampling_probs: the probability itself */
		v = cJSON_GetObjectItemCaseSensitive(item, "prob");
		if (!cJSON_IsNumber(v) || isnan(v->valuedouble) || v->valuedouble < 0 ||
		    v->valuedouble > 1 + 1e-6)
			return false;
		*lp = v->valuedouble > 0 ? fmax(-1e6, log(fmin(1, v->valuedouble))) : -1e6;
		return true;
	}
	if (!cJSON_IsNumber(v) || isnan(v->valuedouble) || v->valuedouble > 1e-6)
		return false;
	*lp = v->valuedouble < -1e6 ? -1e6 : v->valuedouble > 0 ? 0 : v->valuedouble;
	return true;
}

/* a position's alternatives: top_logprobs, or llama.cpp's top_probs when
 * it reports probabilities after sampling */
static const cJSON *item_alternatives(const cJSON *item)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(item, "top_logprobs");

	return a ? a : cJSON_GetObjectItemCaseSensitive(item, "top_probs");
}

/* the first `have` positions of content, their alternatives capped at
 * DRIFT_MAX_TOP, into p (sized by the caller's first pass) */
/* n bytes of s without the white space at either end */
static const char *trimmed(const char *s, size_t *n)
{
	while (*n && strchr(" \t\r\n", s[*n - 1]))
		(*n)--;
	while (*n && strchr(" \t\r\n", *s)) {
		s++;
		(*n)--;
	}
	return s;
}

/* How many leading positions of p are reasoning: the generated tokens hold
 * the reasoning (with its markers) and then the answer, which the engine
 * reports as content; the answer starts at the first position past where
 * the tokens' text, read to its end, leaves off matching the content.
 * -1 when the text does not end with the content (a parser that rewrote
 * it, an answer cut short). */
static long reasoning_positions(const struct drift_path *p, const char *content)
{
	struct buf all = BUF_INIT(0);
	size_t clen = content ? strlen(content) : 0, alen, start, at = 0, i;
	const char *c = content ? trimmed(content, &clen) : "", *a;
	long found = -1;

	if (drift_path_text(p, 0, p->n, &all)) {
		buf_release(&all);
		return -1; /* short of memory: not told apart */
	}
	alen = all.len;
	a = all.data ? trimmed(all.data, &alen) : "";
	if (clen <= alen && !memcmp(a + alen - clen, c, clen)) {
		start = (size_t)(a - all.data) + alen - clen; /* the content's first byte */
		for (i = 0; i < p->n && found < 0; i++) {
			at += strlen(p->pos[i].token);
			if (at > start)
				found = (long)i;
		}
		if (found < 0)
			found = (long)p->n; /* no content: all of it reasoning */
	}
	buf_release(&all);
	return found;
}

static void fill_path(const cJSON *content, struct drift_path *p, size_t have)
{
	const cJSON *item, *alt;
	size_t at = 0, na = 0, i = 0;

	cJSON_ArrayForEach(item, content)
	{
		struct drift_position *pos;
		long len;

		if (i == have) /* the first pass stopped here: nothing after it is held */
			break;
		pos = &p->pos[i];
		len = token_key(item, p->text + at);
		pos->token = p->text + at;
		at += (size_t)len;
		p->text[at++] = '\0';
		item_logprob(item, &pos->logprob);
		pos->top = p->alts + na;
		pos->n_top = 0;
		cJSON_ArrayForEach(alt, item_alternatives(item))
		{
			struct drift_alt *a = &p->alts[na];
			double lp;

			if (pos->n_top == DRIFT_MAX_TOP || (len = token_key(alt, NULL)) < 0 ||
			    !item_logprob(alt, &lp))
				continue;
			token_key(alt, p->text + at);
			a->token = p->text + at;
			a->logprob = lp;
			at += (size_t)len;
			p->text[at++] = '\0';
			na++;
			pos->n_top++;
		}
		i++;
	}
	p->n = i;
}

/* the first pass: the positions, alternatives and text bytes to hold; a
 * position that names no token ends the path. Returns the positions. */
static size_t count_path(const cJSON *content, size_t *alts, size_t *text, bool *cut)
{
	const cJSON *item, *alt;
	size_t n = 0;

	*alts = *text = 0;
	cJSON_ArrayForEach(item, content)
	{
		long k = token_key(item, NULL);
		size_t listed = 0;
		double lp;

		if (k < 0 || !item_logprob(item, &lp))
			break;
		if (n == DRIFT_MAX_POSITIONS) {
			*cut = true;
			break;
		}
		*text += (size_t)k + 1;
		cJSON_ArrayForEach(alt, item_alternatives(item))
		{
			long a = token_key(alt, NULL);

			if (listed < DRIFT_MAX_TOP && a >= 0 && item_logprob(alt, &lp)) {
				*text += (size_t)a + 1;
				listed++;
			}
		}
		*alts += listed;
		n++;
	}
	return n;
}

enum reply_result reply_logprobs(const char *body, size_t len, struct drift_path *p, char *err,
				 size_t errlen)
{
	cJSON *root = reply_json_document(body, len);
	const cJSON *choice, *msg, *lps, *content, *v;
	size_t n, alts, text;
	enum reply_result rc = REPLY_UNREADABLE;

	memset(p, 0, sizeof(*p));
	p->prompt_tokens = -1;
	choice = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "choices"), 0);
	msg = cJSON_GetObjectItemCaseSensitive(choice, "message");
	if (!cJSON_IsObject(root) || !cJSON_IsObject(msg)) {
		snprintf(err, errlen, "the body is not a chat completion (no choices[0].message)");
		goto out;
	}
	lps = cJSON_GetObjectItemCaseSensitive(choice, "logprobs");
	content = cJSON_GetObjectItemCaseSensitive(lps, "content");
	if (!cJSON_IsArray(content) || !cJSON_GetArraySize(content)) {
		snprintf(err, errlen,
			 cJSON_IsObject(lps)
				 ? "choices[0].logprobs has no content positions"
				 : "the answer carries no logprobs (choices[0].logprobs is "
				   "%s): the endpoint does not report them",
			 lps ? json_type(lps) : "absent");
		goto out;
	}
	p->prompt_tokens =
		usage_int(cJSON_GetObjectItemCaseSensitive(root, "usage"), "prompt_tokens");
	v = cJSON_GetObjectItemCaseSensitive(msg, "reasoning_content");
	if (!cJSON_IsString(v) || !*v->valuestring)
		v = cJSON_GetObjectItemCaseSensitive(msg, "reasoning");
	p->reasoning = cJSON_IsString(v) && *v->valuestring;
	n = count_path(content, &alts, &text, &p->cut);
	if (!n) {
		snprintf(err, errlen, "choices[0].logprobs.content[0] names no token and logprob");
		goto out;
	}
	p->pos = calloc(n, sizeof(*p->pos));
	p->alts = calloc(alts ? alts : 1, sizeof(*p->alts));
	p->text = malloc(text);
	if (!p->pos || !p->alts || !p->text) {
		drift_path_release(p);
		snprintf(err, errlen, "out of memory reading the logprobs");
		goto out;
	}
	fill_path(content, p, n);
	/* figures named probabilities are llama.cpp's after sampling, said so */
	p->post_sampling =
		cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(content, 0), "prob") != NULL;
	if (p->reasoning)
		p->reasoning_positions = reasoning_positions(
			p, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "content")));
	rc = REPLY_OK;
out:
	cJSON_Delete(root);
	return rc;
}

/* --- prompt logprobs (a given text scored) -------------------------------------- */

/* one entry of a prompt position's list: {"logprob", "rank", "decoded_token"} */
struct scored {
	const char *text; /* borrowed from the reply */
	double logprob;
	double rank; /* 0 when not said */
};

/* The entries of one prompt position (a token id → entry object) with a
 * text and a log-probability, at most DRIFT_MAX_TOP + 1, into out; the
 * one keyed id (the prompt's own token, when the reply names it) into
 * *own (NULL otherwise). Returns how many. */
static size_t scored_entries(const cJSON *entry, const char *id, struct scored *out,
			     const struct scored **own)
{
	const cJSON *e;
	size_t n = 0;

	*own = NULL;
	cJSON_ArrayForEach(e, entry)
	{
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, "decoded_token");
		const cJSON *r = cJSON_GetObjectItemCaseSensitive(e, "rank");
		double lp;

		if (n > DRIFT_MAX_TOP || !cJSON_IsString(t) || !item_logprob(e, &lp))
			continue;
		out[n] = (struct scored){ t->valuestring, lp,
					  cJSON_IsNumber(r) ? r->valuedouble : 0 };
		if (id && e->string && !strcmp(e->string, id))
			*own = &out[n];
		n++;
	}
	return n;
}

/* the entries sorted most likely first (insertion: a list is short) */
static void scored_sort(struct scored *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct scored t = v[i];

		for (j = i; j > 0 && v[j - 1].logprob < t.logprob; j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

/* One prompt position read: its list (at most k entries, by rank when the
 * reply ranks them: the prompt's own token comes beside the top k when it
 * is not among them) and, into own, the token the text has there, which
 * must be want. Returns the list's length, or -1 (why in err). */
static long scored_position(const cJSON *entry, const char *id, const char *want, int k,
			    struct scored *list, struct scored *own, char *err, size_t errlen)
{
	const struct scored *found;
	size_t n, i, kept = 0;

	if (!cJSON_IsObject(entry)) {
		snprintf(err, errlen, "a prompt_logprobs entry is %s, not an object",
			 json_type(entry));
		return -1;
	}
	n = scored_entries(entry, id, list, &found);
	for (i = 0; !id && i < n && !found; i++)
		if (!strcmp(list[i].text, want))
			found = &list[i];
	if (!found || strcmp(found->text, want)) {
		snprintf(err, errlen,
			 "the endpoint read the scored text as other tokens (it has \"%.40s\" "
			 "where the reference's token is \"%.40s\")",
			 found ? found->text : "?", want);
		return -1;
	}
	*own = *found;
	for (i = 0; i < n; i++) /* its own token outside the top k is not the list's */
		if (!(list[i].rank > k))
			list[kept++] = list[i];
	scored_sort(list, kept);
	return (long)(kept < (size_t)k ? kept : (size_t)k);
}

/* the prompt token id at index i as a key ("151644"), or NULL unnamed */
static const char *prompt_id(const cJSON *ids, int i, char *out, size_t n)
{
	const cJSON *v = cJSON_GetArrayItem(ids, i);

	if (!cJSON_IsNumber(v))
		return NULL;
	snprintf(out, n, "%.0f", v->valuedouble);
	return out;
}

/* where each text of a scored path went: the positions' chosen tokens and
 * lists are written into one buffer, and pointed at once it stops moving */
struct scored_texts {
	struct buf text;
	size_t *at; /* (k + 1) a position: the chosen token's offset, its list's */
	int k;
	int bad; /* a buf error */
};

static void scored_put(struct scored_texts *t, size_t slot, const char *s)
{
	t->at[slot] = t->text.len;
	t->bad |= buf_puts(&t->text, s);
	t->bad |= buf_putc(&t->text, '\0');
}

/* p's texts pointed into the buffer, now p's own */
static void scored_point(struct scored_texts *t, struct drift_path *p)
{
	size_t j, i, a = 0;

	p->text = buf_detach(&t->text);
	for (j = 0; j < p->n; j++) {
		size_t base = j * (size_t)(t->k + 1);

		p->pos[j].token = p->text + t->at[base];
		p->pos[j].top = p->alts + a;
		for (i = 0; i < p->pos[j].n_top; i++)
			p->alts[a++].token = p->text + t->at[base + 1 + i];
	}
}

/* one of SGLang's [logprob, token id, text] triples into *out: false when
 * it is not one (a null logprob: the prompt's first token) */
static bool triple(const cJSON *t, struct scored *out)
{
	const cJSON *lp = cJSON_GetArrayItem(t, 0), *text = cJSON_GetArrayItem(t, 2);

	if (!cJSON_IsArray(t) || !cJSON_IsNumber(lp) || isnan(lp->valuedouble) ||
	    lp->valuedouble > 1e-6 || !cJSON_IsString(text))
		return false;
	*out = (struct scored){ text->valuestring,
				lp->valuedouble < -1e6 ? -1e6 : fmin(0, lp->valuedouble), 0 };
	return true;
}

/* One of SGLang's input positions read: tok the prompt's own token there
 * (a triple, whose text must be want), top its top list (triples, or
 * null). Returns the list's length (at most k), or -1 (why in err). */
static long input_position(const cJSON *tok, const cJSON *top, const char *want, int k,
			   struct scored *list, struct scored *own, char *err, size_t errlen)
{
	const cJSON *e;
	size_t n = 0;

	if (!triple(tok, own)) {
		snprintf(err, errlen, "an input_token_logprobs entry is not [logprob, id, text]");
		return -1;
	}
	if (strcmp(own->text, want)) {
		snprintf(err, errlen,
			 "the endpoint read the scored text as other tokens (it has \"%.40s\" "
			 "where the reference's token is \"%.40s\")",
			 own->text, want);
		return -1;
	}
	cJSON_ArrayForEach(e, top)
	{
		if (n <= DRIFT_MAX_TOP && triple(e, &list[n]))
			n++;
	}
	scored_sort(list, n);
	return (long)(n < (size_t)k ? n : (size_t)k);
}

/* Where a scored text's positions are read: vLLM's prompt_logprobs (list,
 * with ids when given) or SGLang's input_token_logprobs (list) with
 * input_top_logprobs (tops); the text's first position is list's first. */
struct scored_source {
	const cJSON *list, *ids, *tops;
	int first;
};

static long source_position(const struct scored_source *src, size_t j, const char *want, int k,
			    struct scored *list, struct scored *own, char *err, size_t errlen)
{
	int at = src->first + (int)j;
	char key[32];

	if (src->tops)
		return input_position(cJSON_GetArrayItem(src->list, at),
				      cJSON_GetArrayItem(src->tops, at), want, k, list, own, err,
				      errlen);
	return scored_position(cJSON_GetArrayItem(src->list, at),
			       prompt_id(src->ids, at, key, sizeof(key)), want, k, list, own, err,
			       errlen);
}

/* reads every position of the scored text into p (its buffers allocated
 * to fit), or -1 with err */
static int scored_fill(const struct scored_source *src, const struct drift_path *expect, int k,
		       bool own_chosen, struct drift_path *p, char *err, size_t errlen)
{
	struct scored entries[DRIFT_MAX_TOP + 2], own;
	struct scored_texts t = { BUF_INIT(0), NULL, k, 0 };
	size_t na = 0, j;

	t.at = calloc(expect->n * (size_t)(k + 1) + 1, sizeof(*t.at));
	p->pos = calloc(expect->n + 1, sizeof(*p->pos));
	p->alts = calloc(expect->n * (size_t)k + 1, sizeof(*p->alts));
	for (j = 0; t.at && p->pos && p->alts && j < expect->n; j++) {
		long n = source_position(src, j, expect->pos[j].token, k, entries, &own, err,
					 errlen),
		     i;
		const struct scored *chosen = own_chosen || n == 0 ? &own : &entries[0];

		if (n < 0)
			break;
		p->pos[j].logprob = chosen->logprob;
		scored_put(&t, j * (size_t)(k + 1), chosen->text);
		p->pos[j].n_top = (size_t)n;
		for (i = 0; i < n; i++) {
			p->alts[na + (size_t)i].logprob = entries[i].logprob;
			scored_put(&t, j * (size_t)(k + 1) + 1 + (size_t)i, entries[i].text);
		}
		na += (size_t)n;
	}
	if (j == expect->n && !t.bad) {
		p->n = j;
		scored_point(&t, p);
	} else if (j == expect->n || !t.at || !p->pos || !p->alts) {
		snprintf(err, errlen, "out of memory reading the prompt logprobs");
	}
	buf_release(&t.text);
	free(t.at);
	return p->text ? 0 : -1;
}

enum reply_result reply_prompt_logprobs(const char *body, size_t len,
					const struct drift_path *expect, int k, bool own_chosen,
					struct drift_path *p, char *err, size_t errlen)
{
	cJSON *root = reply_json_document(body, len);
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "prompt_logprobs");
	enum reply_result rc = REPLY_UNREADABLE;

	memset(p, 0, sizeof(*p));
	p->prompt_tokens = -1;
	k = k < 1 ? 1 : k > DRIFT_MAX_TOP ? DRIFT_MAX_TOP : k;
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "the body is not a chat completion");
	} else if (!cJSON_IsArray(list)) {
		snprintf(err, errlen,
			 "the reply has no prompt_logprobs (%s): the endpoint does not score a "
			 "given text",
			 list ? json_type(list) : "absent");
		rc = REPLY_NOT_OFFERED;
	} else if (cJSON_GetArraySize(list) <= (int)expect->n || !expect->n) {
		snprintf(err, errlen,
			 "prompt_logprobs lists %d positions, not more than the %zu tokens scored",
			 cJSON_GetArraySize(list), expect->n);
	} else {
		struct scored_source src = { list, NULL, NULL,
					     cJSON_GetArraySize(list) - (int)expect->n };

		src.ids = cJSON_GetObjectItemCaseSensitive(root, "prompt_token_ids");
		if (cJSON_GetArraySize(src.ids) != cJSON_GetArraySize(list))
			src.ids = NULL; /* not said, or not of the same prompt: read by text */
		p->prompt_tokens =
			usage_int(cJSON_GetObjectItemCaseSensitive(root, "usage"), "prompt_tokens");
		if (!scored_fill(&src, expect, k, own_chosen, p, err, errlen))
			rc = REPLY_OK;
	}
	if (rc != REPLY_OK) {
		long pt = p->prompt_tokens;

		drift_path_release(p);
		p->prompt_tokens = pt;
	}
	cJSON_Delete(root);
	return rc;
}

enum reply_result reply_input_logprobs(const char *body, size_t len,
				       const struct drift_path *expect, int k, bool own_chosen,
				       struct drift_path *p, char *err, size_t errlen)
{
	cJSON *root = reply_json_document(body, len);
	const cJSON *meta = cJSON_GetObjectItemCaseSensitive(
		cJSON_IsArray(root) ? cJSON_GetArrayItem(root, 0) : root, "meta_info");
	struct scored_source src = { cJSON_GetObjectItemCaseSensitive(meta, "input_token_logprobs"),
				     NULL,
				     cJSON_GetObjectItemCaseSensitive(meta, "input_top_logprobs"),
				     0 };
	int n = cJSON_GetArraySize(src.list);
	enum reply_result rc = REPLY_UNREADABLE;

	memset(p, 0, sizeof(*p));
	p->prompt_tokens = -1;
	k = k < 1 ? 1 : k > DRIFT_MAX_TOP ? DRIFT_MAX_TOP : k;
	if (!cJSON_IsObject(meta)) {
		snprintf(err, errlen, "the body is not a /generate reply (no meta_info)");
	} else if (!cJSON_IsArray(src.list) || !cJSON_IsArray(src.tops)) {
		snprintf(err, errlen,
			 "the reply has no input_token_logprobs and input_top_logprobs: the "
			 "endpoint does not score a given text");
		rc = REPLY_NOT_OFFERED;
	} else if (n < (int)expect->n || !expect->n || cJSON_GetArraySize(src.tops) != n) {
		snprintf(err, errlen,
			 "input_token_logprobs lists %d positions (input_top_logprobs %d), fewer "
			 "than the %zu tokens scored",
			 n, cJSON_GetArraySize(src.tops), expect->n);
	} else {
		src.first = n - (int)expect->n;
		p->prompt_tokens = usage_int(meta, "prompt_tokens");
		if (!scored_fill(&src, expect, k, own_chosen, p, err, errlen))
			rc = REPLY_OK;
	}
	if (rc != REPLY_OK)
		drift_path_release(p);
	cJSON_Delete(root);
	return rc;
}

enum reply_result reply_prompt_ids(const char *body, size_t len, long **ids, size_t *n, char *err,
				   size_t errlen)
{
	cJSON *root = reply_json_document(body, len);
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(
			    cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "choices"),
					       0),
			    "prompt_token_ids"),
		    *v;
	enum reply_result rc = REPLY_UNREADABLE;
	size_t i = 0;

	*ids = NULL;
	*n = 0;
	if (!list)
		list = cJSON_GetObjectItemCaseSensitive(root, "prompt_token_ids");
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "the body is not a chat completion");
	} else if (!cJSON_IsArray(list) || !cJSON_GetArraySize(list)) {
		snprintf(err, errlen,
			 "the reply has no prompt_token_ids (%s): the endpoint does not return "
			 "the prompt's tokens",
			 list ? json_type(list) : "absent");
		rc = REPLY_NOT_OFFERED;
	} else if (!(*ids = calloc((size_t)cJSON_GetArraySize(list), sizeof(**ids)))) {
		snprintf(err, errlen, "out of memory reading the prompt's tokens");
	} else {
		cJSON_ArrayForEach(v, list)
		{
			if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e12)
				break;
			(*ids)[i++] = (long)v->valuedouble;
		}
		if (i == (size_t)cJSON_GetArraySize(list)) {
			*n = i;
			rc = REPLY_OK;
		} else {
			snprintf(err, errlen, "prompt_token_ids holds something not a token id");
			free(*ids);
			*ids = NULL;
		}
	}
	cJSON_Delete(root);
	return rc;
}

void reply_release(struct chat_reply *r)
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
	free(r->violation);
	memset(r, 0, sizeof(*r));
}

/* --- streams ---------------------------------------------------------------- */

struct stream_state {
	struct chat_reply *r;
	struct stream_stats *st;
	struct buf content, reasoning;
	struct buf args[CHAT_MAX_TOOL_CALLS];
	size_t args_len; /* bytes of arguments so far, all calls */
	const struct http_mark *marks;
	size_t n_marks;
	struct speed_event *tokens; /* every token-carrying event */
	size_t n_tokens, cap_tokens;
	long running; /* this event's running completion_tokens (continuous usage), -1 */
	char *err;
	size_t errlen;
	int failed;
	int error_object; /* the endpoint sent an error, not garbage */
};

/* when the event ending at offset arrived: the first piece that held it */
static double event_time(const struct stream_state *s, size_t offset)
{
	size_t lo = 0, hi = s->n_marks;

	if (!s->marks || !s->n_marks)
		return -1;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->marks[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n_marks ? s->marks[lo].t : s->marks[s->n_marks - 1].t;
}

static int append_delta(struct buf *b, const cJSON *v)
{
	return cJSON_IsString(v) ? buf_puts(b, v->valuestring) : 0;
}

/* call i's argument delta: text, or an object (a violation, read all the same) */
static int append_arguments(struct stream_state *s, size_t i, const cJSON *args)
{
	size_t before = s->args[i].len;
	char *text = NULL;
	int rc;

	if (args && !cJSON_IsString(args) && !cJSON_IsNull(args))
		rc = !(text = cJSON_PrintUnformatted(args)) || buf_puts(&s->args[i], text);
	else
		rc = append_delta(&s->args[i], args);
	free(text);
	s->args_len += s->args[i].len - before;
	return rc ? -1 : 0;
}

static enum calls_result stream_tool_delta(struct stream_state *s, const cJSON *calls)
{
	const cJSON *tc;

	cJSON_ArrayForEach(tc, calls)
	{
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(tc, "function");
		const cJSON *idx = cJSON_GetObjectItemCaseSensitive(tc, "index");
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(tc, "id");
		const cJSON *name = cJSON_GetObjectItemCaseSensitive(fn, "name");
		const cJSON *args = cJSON_GetObjectItemCaseSensitive(fn, "arguments");
		size_t i = 0; /* no index: the only call */
		struct tool_call *c;

		if (cJSON_IsNumber(idx)) {
			/* the range first: casting a huge double to an integer is undefined */
			if (!(idx->valuedouble >= 0 && idx->valuedouble < CHAT_MAX_TOOL_CALLS))
				return CALLS_TOO_MANY; /* more calls than any answer needs, or a nonsense index */
			i = (size_t)idx->valuedouble;
		}
		if (i >= s->r->n_calls) {
			struct tool_call *grown = xrealloc(s->r->calls, (i + 1) * sizeof(*grown));

			if (!grown)
				return CALLS_NO_MEMORY;
			memset(grown + s->r->n_calls, 0, (i + 1 - s->r->n_calls) * sizeof(*grown));
			s->r->calls = grown;
			s->r->n_calls = i + 1;
		}
		c = &s->r->calls[i];
		if (cJSON_IsString(id) && *id->valuestring && !c->id &&
		    !(c->id = xstrdup(id->valuestring)))
			return CALLS_NO_MEMORY;
		if (cJSON_IsString(name) && *name->valuestring && (!c->name || !*c->name)) {
			free(c->name);
			if (!(c->name = xstrdup(name->valuestring)))
				return CALLS_NO_MEMORY;
		}
		check_arguments(s->r, args, "choices[0].delta", i);
		if (append_arguments(s, i, args))
			return CALLS_NO_MEMORY;
	}
	return CALLS_OK;
}

static void note_token(struct stream_state *s, double t, bool visible)
{
	s->st->token_events++;
	if (s->n_tokens == s->cap_tokens) {
		size_t cap = s->cap_tokens ? s->cap_tokens * 2 : 256;
		struct speed_event *grown = xrealloc(s->tokens, cap * sizeof(*grown));

		if (!grown)
			return;
		s->tokens = grown;
		s->cap_tokens = cap;
	}
	s->tokens[s->n_tokens].t = t;
	s->tokens[s->n_tokens].tokens = s->running;
	s->tokens[s->n_tokens++].visible = visible;
}

static int stream_fail(struct stream_state *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int stream_fail(struct stream_state *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->err, s->errlen, fmt, ap);
	va_end(ap);
	s->failed = 1;
	return 1;
}

/* SGLang and TGI send an error object mid-stream; llama.cpp an error:
 * line. Returns 1 (the stream stops) when o is one, else 0. */
static int stream_error(struct stream_state *s, const cJSON *o, const struct sse_event *ev)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "error");
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(o, "object"), *m;
	char *ex;

	if (!v && strcmp(ev->event, "error") &&
	    !(cJSON_IsString(kind) && !strcmp(kind->valuestring, "error")))
		return 0;
	m = cJSON_IsObject(v)	? cJSON_GetObjectItemCaseSensitive(v, "message")
	    : cJSON_IsString(v) ? v
				: cJSON_GetObjectItemCaseSensitive(o, "message");
	ex = cJSON_IsString(m) ? text_excerpt(m->valuestring, strlen(m->valuestring), 300, true)
			       : text_excerpt(ev->data, ev->data_len, 300, true);
	stream_fail(s, "error in the stream: %s", ex ? ex : "");
	s->error_object = 1;
	free(ex);
	return 1;
}

/* One choice's delta: tool calls, content, reasoning under either name
 * (the first non-empty, as in a whole reply), the finish reason. Returns
 * 0, or 1 after stream_fail. */
static int stream_delta(struct stream_state *s, const cJSON *choice)
{
	const cJSON *delta = cJSON_GetObjectItemCaseSensitive(choice, "delta"), *v;
	enum calls_result rc =
		stream_tool_delta(s, cJSON_GetObjectItemCaseSensitive(delta, "tool_calls"));

	if (rc == CALLS_TOO_MANY)
		return stream_fail(s, "a tool-call index outside 0..%d in the stream",
				   CHAT_MAX_TOOL_CALLS - 1);
	check_content(s->r, cJSON_GetObjectItemCaseSensitive(delta, "content"), "choices[0].delta");
	if (rc || append_delta(&s->content, cJSON_GetObjectItemCaseSensitive(delta, "content")))
		return stream_fail(s, "out of memory reading the stream");
	v = cJSON_GetObjectItemCaseSensitive(delta, "reasoning");
	if (cJSON_IsString(v) && *v->valuestring) {
		s->r->reasoning_field = "reasoning";
	} else {
		v = cJSON_GetObjectItemCaseSensitive(delta, "reasoning_content");
		if (cJSON_IsString(v) && *v->valuestring && !s->r->reasoning_field)
			s->r->reasoning_field = "reasoning_content";
	}
	if (append_delta(&s->reasoning, v))
		return stream_fail(s, "out of memory reading the stream");
	check_finish(s->r, cJSON_GetObjectItemCaseSensitive(choice, "finish_reason"), "choices[0]");
	take_string(&s->r->finish_reason,
		    cJSON_GetObjectItemCaseSensitive(choice, "finish_reason"));
	return 0;
}

/* an event's data as JSON, or NULL after stream_fail; notes \u0000 */
static cJSON *event_json(struct stream_state *s, const struct sse_event *ev)
{
	cJSON *o;

	if (has_nul_escape(ev->data, ev->data_len))
		s->r->had_nul = true;
	if (!(o = cJSON_ParseWithLength(ev->data, ev->data_len))) {
		char *ex = text_excerpt(ev->data, ev->data_len, 80, true);

		stream_fail(s, "an event is not valid JSON: '%s'", ex ? ex : "");
		free(ex);
	}
	return o;
}

static int on_event(void *ctx, const struct sse_event *ev)
{
	struct stream_state *s = ctx;
	double t = event_time(s, ev->end_offset);
	size_t before_c = s->content.len, before_r = s->reasoning.len, before_a = s->args_len;
	size_t before_n = s->r->n_calls;
	cJSON *o;
	int rc;

	s->st->events++;
	if (ev->data_len == 6 && !memcmp(ev->data, "[DONE]", 6)) {
		s->st->done = 1;
		return 0;
	}
	if (!(o = event_json(s, ev)))
		return 1;
	rc = stream_error(s, o, ev);
	if (!rc) {
		take_string(&s->r->model, cJSON_GetObjectItemCaseSensitive(o, "model"));
		take_string(&s->r->fingerprint,
			    cJSON_GetObjectItemCaseSensitive(o, "system_fingerprint"));
		read_usage(cJSON_GetObjectItemCaseSensitive(o, "usage"), s->r);
		read_timings(cJSON_GetObjectItemCaseSensitive(o, "timings"), s->r);
		/* vLLM and SGLang continuous_usage_stats: a running count on every chunk */
		s->running = usage_int(cJSON_GetObjectItemCaseSensitive(o, "usage"),
				       "completion_tokens");
		rc = stream_delta(
			s, cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "choices"), 0));
	}
	if (!rc && (s->content.len > before_c || s->reasoning.len > before_r ||
		    s->args_len > before_a || s->r->n_calls > before_n))
		note_token(s, t, s->content.len > before_c);
	s->running = -1;
	cJSON_Delete(o);
	return rc;
}

static void stream_metrics(struct stream_state *s)
{
	struct speed_input in = { s->tokens,
				  s->n_tokens,
				  s->r->completion_tokens,
				  s->r->prompt_tokens,
				  s->r->cached_tokens,
				  s->r->engine_decode_tps,
				  s->r->engine_prefill_tps };

	speed_measure(&in, &s->st->speed);
}

/* a stream of either API, each event through on_one */
static enum reply_result parse_stream(const char *body, size_t len, const struct http_mark *marks,
				      size_t n_marks, struct chat_reply *r, struct stream_stats *st,
				      char *err, size_t errlen,
				      int (*on_one)(void *, const struct sse_event *))
{
	struct stream_state s;
	struct sse_parser p;
	size_t i;
	int rc;

	memset(st, 0, sizeof(*st));
	memset(&s, 0, sizeof(s));
	reply_reset(r);
	speed_init(&st->speed);
	s.running = -1;
	s.r = r;
	s.st = st;
	s.marks = marks;
	s.n_marks = n_marks;
	s.err = err;
	s.errlen = errlen;
	for (i = 0; i < CHAT_MAX_TOOL_CALLS; i++)
		buf_init(&s.args[i], 0);
	sse_init(&p, CHAT_STREAM_MAX_LINE, CHAT_STREAM_MAX_EVENTS);
	rc = sse_feed(&p, body, len, on_one, &s);
	if (!rc)
		rc = sse_finish(&p, on_one, &s);
	if (rc == SSE_EEVENTS && !s.failed)
		stream_fail(&s, "more than %d events in the stream", CHAT_STREAM_MAX_EVENTS);
	else if (rc && !s.failed)
		stream_fail(&s, "a stream line is longer than %u MiB", CHAT_STREAM_MAX_LINE >> 20);
	sse_release(&p);
	r->content = buf_detach(&s.content);
	r->content_len = r->content ? strlen(r->content) : 0;
	r->reasoning = buf_detach(&s.reasoning);
	r->reasoning_len = r->reasoning ? strlen(r->reasoning) : 0;
	for (i = 0; i < CHAT_MAX_TOOL_CALLS; i++) {
		if (i < r->n_calls) {
			r->calls[i].arguments = buf_detach(&s.args[i]);
			if (!r->calls[i].name)
				r->calls[i].name = xstrdup("");
		}
		buf_release(&s.args[i]);
	}
	stream_metrics(&s);
	free(s.tokens);
	if (!s.failed && !st->events) { /* what came instead, quoted as a whole reply's is */
		char *head = text_excerpt(body, len, 80, true);

		snprintf(err, errlen, "the stream holds no events%s%s%s",
			 head && *head ? ": '" : "", head && *head ? head : "",
			 head && *head ? "'" : "");
		free(head);
		return REPLY_UNREADABLE;
	}
	return s.failed ? (s.error_object ? REPLY_ERROR_EVENT : REPLY_UNREADABLE) : REPLY_OK;
}

enum reply_result reply_stream_parse(const char *body, size_t len, const struct http_mark *marks,
				     size_t n_marks, struct chat_reply *r, struct stream_stats *st,
				     char *err, size_t errlen)
{
	return parse_stream(body, len, marks, n_marks, r, st, err, errlen, on_event);
}

/* appends the text of every part of type kind in item's content */
static int collect_parts(struct buf *b, const cJSON *item, const char *kind)
{
	const cJSON *part;

	cJSON_ArrayForEach(part, cJSON_GetObjectItemCaseSensitive(item, "content"))
	{
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(part, "type");
		const cJSON *text = cJSON_GetObjectItemCaseSensitive(part, "text");

		if (cJSON_IsString(type) && !strcmp(type->valuestring, kind) &&
		    cJSON_IsString(text) && buf_puts(b, text->valuestring))
			return -1;
	}
	return 0;
}

/* the Responses status as a chat finish reason: completed is stop, and
 * incomplete at max_output_tokens is length */
static const char *responses_finish(const cJSON *root, const cJSON *status)
{
	const char *reason = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(root, "incomplete_details"), "reason"));

	if (!cJSON_IsString(status))
		return "unknown";
	if (!strcmp(status->valuestring, "completed"))
		return "stop";
	if (!strcmp(status->valuestring, "incomplete") && reason &&
	    !strcmp(reason, "max_output_tokens"))
		return "length";
	return status->valuestring;
}

/* a Responses object's status, usage and model into r */
static void responses_facts(const cJSON *root, struct chat_reply *r)
{
	const cJSON *usage = cJSON_GetObjectItemCaseSensitive(root, "usage");

	free(r->finish_reason);
	r->finish_reason =
		xstrdup(responses_finish(root, cJSON_GetObjectItemCaseSensitive(root, "status")));
	r->prompt_tokens = usage_int(usage, "input_tokens");
	r->completion_tokens = usage_int(usage, "output_tokens");
	r->reasoning_tokens =
		usage_int(cJSON_GetObjectItemCaseSensitive(usage, "output_tokens_details"),
			  "reasoning_tokens");
	take_string(&r->model, cJSON_GetObjectItemCaseSensitive(root, "model"));
}

/* every output_text part into content, every reasoning_text part into reasoning */
static int responses_output(const cJSON *root, struct buf *content, struct buf *reasoning)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(root, "output"))
	{
		if (collect_parts(content, item, "output_text") ||
		    collect_parts(reasoning, item, "reasoning_text"))
			return -1;
	}
	return 0;
}

enum reply_result reply_responses_parse(const char *body, size_t len, struct chat_reply *r,
					char *err, size_t errlen)
{
	struct buf content = BUF_INIT(0), reasoning = BUF_INIT(0);
	cJSON *root = NULL;
	enum reply_result rc = REPLY_UNREADABLE;

	reply_reset(r);
	r->had_nul = has_nul_escape(body, len);
	root = reply_json_document(body, len);
	if (!cJSON_IsObject(root) ||
	    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "output"))) {
		snprintf(err, errlen, "the body is not a Responses API object (no output list)");
		goto out;
	}
	if (responses_output(root, &content, &reasoning)) {
		snprintf(err, errlen, "out of memory reading the reply");
		goto out;
	}
	responses_facts(root, r);
	r->reasoning_field = reasoning.len ? "reasoning_text" : NULL;
	rc = REPLY_OK;
out:
	r->content = buf_detach(&content);
	r->content_len = r->content ? strlen(r->content) : 0;
	r->reasoning = buf_detach(&reasoning);
	r->reasoning_len = r->reasoning ? strlen(r->reasoning) : 0;
	cJSON_Delete(root);
	return rc;
}

/* --- Responses API streams ------------------------------------------------------ */

/* One Responses event: a text or reasoning delta, the final response
 * (completed, incomplete, failed), or an error. Returns 0, or 1 after
 * stream_fail. */
static int responses_event(struct stream_state *s, const cJSON *o, double t)
{
	const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "type"));
	const cJSON *delta = cJSON_GetObjectItemCaseSensitive(o, "delta");
	const cJSON *resp = cJSON_GetObjectItemCaseSensitive(o, "response");
	bool text = type && !strcmp(type, "response.output_text.delta");

	if (!type)
		return stream_fail(s, "an event of the Responses stream has no type");
	if (text || !strcmp(type, "response.reasoning_text.delta")) {
		if (!cJSON_IsString(delta))
			return stream_fail(s, "%s: delta is %s; the spec says a string", type,
					   json_type(delta));
		if (buf_puts(text ? &s->content : &s->reasoning, delta->valuestring))
			return stream_fail(s, "out of memory reading the stream");
		if (!text)
			s->r->reasoning_field = "reasoning_text";
		if (*delta->valuestring)
			note_token(s, t, text);
		return 0;
	}
	if (!strcmp(type, "response.completed") || !strcmp(type, "response.incomplete")) {
		s->st->done = 1;
		responses_facts(resp, s->r);
		/* a server that streamed no deltas still says it all at the end */
		if (!s->content.len && !s->reasoning.len &&
		    responses_output(resp, &s->content, &s->reasoning))
			return stream_fail(s, "out of memory reading the stream");
		return 0;
	}
	if (!strcmp(type, "response.failed") || !strcmp(type, "error")) {
		const cJSON *e = cJSON_GetObjectItemCaseSensitive(resp, "error");
		const char *m = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(e ? e : o, "message"));
		char *ex = m ? text_excerpt(m, strlen(m), 300, true) : NULL;

		stream_fail(s, "error in the stream: %s", ex ? ex : type);
		s->error_object = 1;
		free(ex);
		return 1;
	}
	return 0; /* created, in_progress, output_item.added, ...: nothing to read */
}

static int on_responses_event(void *ctx, const struct sse_event *ev)
{
	struct stream_state *s = ctx;
	double t = event_time(s, ev->end_offset);
	cJSON *o;
	int rc;

	s->st->events++;
	if (ev->data_len == 6 && !memcmp(ev->data, "[DONE]", 6))
		return 0;
	if (!(o = event_json(s, ev)))
		return 1;
	rc = responses_event(s, o, t);
	cJSON_Delete(o);
	return rc;
}

enum reply_result reply_responses_stream_parse(const char *body, size_t len,
					       const struct http_mark *marks, size_t n_marks,
					       struct chat_reply *r, struct stream_stats *st,
					       char *err, size_t errlen)
{
	enum reply_result rc =
		parse_stream(body, len, marks, n_marks, r, st, err, errlen, on_responses_event);

	if (!rc && !st->done) {
		snprintf(err, errlen,
			 "the Responses stream ended without response.completed after %zu events",
			 st->events);
		return REPLY_UNREADABLE;
	}
	return rc;
}
