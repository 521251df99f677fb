/* SPDX-License-Identifier: Apache-2.0 */
/* probe — the probe file loader; see probe.h and probes/README.md. */
#include "probe.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "jsonfile.h"
#include "schema.h"

const char *reasoning_policy_name(enum reasoning_policy p)
{
	static const char *const names[] = { "any", "required", "forbidden" };

	return (unsigned)p < 3 ? names[p] : "any";
}

int reasoning_policy_parse(const char *name, enum reasoning_policy *p)
{
	enum reasoning_policy i;

	for (i = REASONING_ANY; i <= REASONING_FORBIDDEN; i++)
		if (!strcmp(name, reasoning_policy_name(i))) {
			*p = i;
			return 0;
		}
	return -1;
}

/* Expands {"role","content","repeat":N} into N copies of content. */
static int load_messages(struct jsonfile *l, cJSON *request)
{
	static const char *const msg_keys[] = { "role",	      "content",      "repeat", "name",
						"tool_calls", "tool_call_id", NULL };
	cJSON *msgs = cJSON_GetObjectItemCaseSensitive(request, "messages"), *m;

	if (!cJSON_IsArray(msgs) || !cJSON_GetArraySize(msgs))
		return jsonfile_error(l, "messages",
				      "'request.messages' must be a non-empty array");
	cJSON_ArrayForEach(m, msgs)
	{
		const cJSON *role = cJSON_GetObjectItemCaseSensitive(m, "role");
		cJSON *content = cJSON_GetObjectItemCaseSensitive(m, "content");
		cJSON *rep = cJSON_GetObjectItemCaseSensitive(m, "repeat");

		if (!cJSON_IsObject(m))
			return jsonfile_error(l, "messages", "each message must be an object");
		if (jsonfile_only_keys(l, m, "a message", msg_keys))
			return -1;
		if (!cJSON_IsString(role))
			return jsonfile_error(l, "role", "each message needs a string 'role'");
		/* an assistant's tool calls may come with null content, as OpenAI's do */
		if (!cJSON_IsString(content) && !cJSON_IsArray(content) &&
		    !(cJSON_IsNull(content) &&
		      cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(m, "tool_calls"))))
			return jsonfile_error(
				l, "content",
				"each message needs a 'content' string or array (null "
				"only beside tool_calls)");
		if (rep) {
			struct buf b = BUF_INIT(PROBE_FILE_MAX * 4);
			int i, n;

			if (!cJSON_IsNumber(rep) || rep->valuedouble < 1 ||
			    rep->valuedouble > 100000 || !cJSON_IsString(content))
				return jsonfile_error(
					l, "repeat",
					"'repeat' must be 1..100000 on a string content");
			n = (int)rep->valuedouble;
			for (i = 0; i < n; i++)
				if (buf_puts(&b, content->valuestring)) {
					buf_release(&b);
					return jsonfile_error(l, "repeat",
							      "repeated content is too large");
				}
			if (!cJSON_SetValuestring(content, buf_cstr(&b))) {
				buf_release(&b);
				return jsonfile_error(l, NULL, "out of memory");
			}
			buf_release(&b);
			cJSON_DeleteItemFromObjectCaseSensitive(m, "repeat");
		}
	}
	return 0;
}

static int load_request(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	const cJSON *req = cJSON_GetObjectItemCaseSensitive(root, "request"), *t, *v;
	char err[300];

	if (!cJSON_IsObject(req))
		return jsonfile_error(l, "request", "'request' must be an object");
	p->request = cJSON_Duplicate(req, 1);
	if (!p->request)
		return jsonfile_error(l, NULL, "out of memory");
	if (cJSON_GetObjectItemCaseSensitive(p->request, "model") ||
	    cJSON_GetObjectItemCaseSensitive(p->request, "stream"))
		return jsonfile_error(l, "request", "'request' must not set 'model' or 'stream'");
	if (p->api == API_RESPONSES) {
		if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p->request, "input")) ||
		    p->needle)
			return jsonfile_error(l, "request",
					      "a responses probe needs a string 'request.input'");
	} else if ((!p->needle || cJSON_GetObjectItemCaseSensitive(p->request, "messages")) &&
		   load_messages(l, p->request)) {
		/* a needle probe builds its last user message; others it may put first */
		return -1;
	}
	if ((v = cJSON_GetObjectItemCaseSensitive(p->request, "max_tokens")) &&
	    (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 1048576))
		return jsonfile_error(l, "max_tokens", "'max_tokens' must be 1..1048576");
	if ((v = cJSON_GetObjectItemCaseSensitive(p->request, "extra_body")) && !cJSON_IsObject(v))
		return jsonfile_error(l, "extra_body", "'extra_body' must be an object");
	v = cJSON_GetObjectItemCaseSensitive(p->request, "tools");
	if (v && (!cJSON_IsArray(v) || !cJSON_GetArraySize(v)))
		return jsonfile_error(l, "tools", "'tools' must be a non-empty array");
	cJSON_ArrayForEach(t, v)
	{
		const cJSON *fn = cJSON_GetObjectItemCaseSensitive(t, "function");
		const cJSON *params = cJSON_GetObjectItemCaseSensitive(fn, "parameters");

		if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(fn, "name")))
			return jsonfile_error(l, "tools", "each tool needs function.name");
		if (params && schema_check(params, err, sizeof(err)))
			return jsonfile_error(l, "parameters",
					      "tool parameters are not a usable schema: %s", err);
	}
	return 0;
}

/* a count of the needle block, 1..max, 1 when absent */
static int load_count(struct jsonfile *l, const cJSON *n, const char *key, int max, int *out)
{
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(n, key);

	*out = 1;
	if (!d)
		return 0;
	if (!cJSON_IsNumber(d) || d->valuedouble != (double)(int)d->valuedouble ||
	    d->valueint < 1 || d->valueint > max)
		return jsonfile_error(l, key, "'%s' must be a whole number from 1 to %d", key, max);
	*out = d->valueint;
	return 0;
}

/* RULER's variants: distractor keys, several values, several queries */
static int load_variant(struct jsonfile *l, const cJSON *n, struct needle_spec *s)
{
	if (load_count(l, n, "keys", NEEDLE_MAX_KEYS, &s->keys) ||
	    load_count(l, n, "values", NEEDLE_MAX_VALUES, &s->values) ||
	    load_count(l, n, "queries", NEEDLE_MAX_KEYS, &s->queries))
		return -1;
	if (s->keys < s->queries)
		s->keys = s->queries; /* every key asked is in the haystack */
	if ((s->keys > 1 || s->values > 1) && !s->secret)
		return jsonfile_error(l, "keys", "'keys' and 'values' need a 'secret'");
	if (s->keys > 1 && (!strstr(s->secret_line, "{key}") || !strstr(s->question, "{key}")))
		return jsonfile_error(l, s->queries > 1 ? "queries" : "keys",
				      "several keys need {key} in both 'secret_line' and "
				      "'question': the question must say which key it asks for");
	return 0;
}

static int load_needle(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	static const char *const keys[] = {
		"filler", "secret", "secret_line", "question", "depth", "size", "min_prompt_tokens",
		"keys",	  "values", "queries",	   NULL
	};
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(root, "needle"), *d;
	struct needle_spec *s;

	if (!n)
		return 0;
	if (!cJSON_IsObject(n))
		return jsonfile_error(l, "needle", "'needle' must be an object");
	if (jsonfile_only_keys(l, n, "'needle'", keys))
		return -1;
	s = p->needle = xcalloc(1, sizeof(*s));
	if (!s)
		return jsonfile_error(l, NULL, "out of memory");
	if (jsonfile_string(l, n, "filler", true, &s->filler) ||
	    jsonfile_string(l, n, "secret", false, &s->secret) ||
	    jsonfile_string(l, n, "secret_line", s->secret != NULL, &s->secret_line) ||
	    jsonfile_string(l, n, "question", true, &s->question))
		return -1;
	if (s->secret_line && !strstr(s->secret_line, "{secret}"))
		return jsonfile_error(l, "secret_line", "'secret_line' must contain {secret}");
	if (s->secret_line && !s->secret)
		return jsonfile_error(l, "secret_line", "'secret_line' needs a 'secret'");
	s->depth = 0.58;
	d = cJSON_GetObjectItemCaseSensitive(n, "depth");
	if (d && (!cJSON_IsNumber(d) || d->valuedouble < 0 || d->valuedouble > 1))
		return jsonfile_error(l, "depth", "'depth' must be a number from 0 to 1");
	if (d)
		s->depth = d->valuedouble;
	if ((d = cJSON_GetObjectItemCaseSensitive(n, "size"))) {
		if (cJSON_IsString(d) && !strcmp(d->valuestring, "needle-ctx"))
			s->size = NEEDLE_SIZE_NEEDLE_CTX;
		else if (cJSON_IsString(d) && !strcmp(d->valuestring, "long-tool-ctx"))
			s->size = NEEDLE_SIZE_LONG_TOOL_CTX;
		else
			return jsonfile_error(l, "size",
					      "'size' must be \"needle-ctx\" or \"long-tool-ctx\"");
	}
	if ((d = cJSON_GetObjectItemCaseSensitive(n, "min_prompt_tokens"))) {
		if (!cJSON_IsNumber(d) || d->valuedouble < 0 || d->valuedouble > 1e8)
			return jsonfile_error(l, "min_prompt_tokens",
					      "'min_prompt_tokens' must be 0..100000000");
		s->min_prompt_tokens = (long)d->valuedouble;
	}
	return load_variant(l, n, s);
}

/* --- expectations: one loader per kind -------------------------------------
 * Each gets the kind's value v (present) and returns 1 when it asserts
 * something about the content, 0 when it only shapes the check, -1 on an
 * error (already reported through l). */

typedef int (*expect_loader)(struct jsonfile *l, const struct probe *p, const char *key,
			     const cJSON *v, struct expect *ex);

static int load_flag(struct jsonfile *l, const char *key, const cJSON *v, bool *out)
{
	if (!cJSON_IsBool(v))
		return jsonfile_error(l, key, "'%s' must be true or false", key);
	*out = cJSON_IsTrue(v);
	return 0;
}

static int load_no_garbage(struct jsonfile *l, const struct probe *p, const char *key,
			   const cJSON *v, struct expect *ex)
{
	(void)p;
	return load_flag(l, key, v, &ex->no_garbage);
}

static int load_no_leak(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
			struct expect *ex)
{
	(void)p;
	return load_flag(l, key, v, &ex->no_reasoning_leak);
}

static int load_stream_done(struct jsonfile *l, const struct probe *p, const char *key,
			    const cJSON *v, struct expect *ex)
{
	(void)p;
	return load_flag(l, key, v, &ex->stream_done);
}

static int load_secret(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
		       struct expect *ex)
{
	if (load_flag(l, key, v, &ex->needle_secret))
		return -1;
	if (ex->needle_secret && (!p->needle || !p->needle->secret))
		return jsonfile_error(l, key, "'%s' needs a 'needle' with a 'secret'", key);
	return ex->needle_secret;
}

static int load_regex(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
		      struct expect *ex)
{
	bool negative = !strcmp(key, "content_not_regex");
	struct regex **re = negative ? &ex->content_not_regex : &ex->content_regex;
	char **src = negative ? &ex->content_not_regex_src : &ex->content_regex_src;
	char err[200];

	(void)p;
	if (!cJSON_IsString(v) || !*v->valuestring)
		return jsonfile_error(l, key, "'%s' must be a non-empty string", key);
	if (!(*src = xstrdup(v->valuestring)))
		return jsonfile_error(l, NULL, "out of memory");
	*re = regex_compile(*src, err, sizeof(err));
	return *re ? 1 : jsonfile_error(l, key, "'%s' does not compile: %s", key, err);
}

static int load_schema(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
		       struct expect *ex)
{
	char err[300];

	(void)p;
	if (schema_check(v, err, sizeof(err)))
		return jsonfile_error(l, key, "unusable schema: %s", err);
	if (!(ex->content_json_schema = cJSON_Duplicate(v, 1)))
		return jsonfile_error(l, NULL, "out of memory");
	return 1;
}

static int load_tool_call(struct jsonfile *l, const struct probe *p, const char *key,
			  const cJSON *v, struct expect *ex)
{
	const cJSON *fn;

	if (!cJSON_IsString(v) || !*v->valuestring)
		return jsonfile_error(l, key, "'%s' must be a non-empty string", key);
	if (!(ex->tool_name = xstrdup(v->valuestring)))
		return jsonfile_error(l, NULL, "out of memory");
	if (!(fn = chat_find_tool(p->request, ex->tool_name)))
		return jsonfile_error(l, key, "'%s' names '%s', which is not in request.tools", key,
				      ex->tool_name);
	ex->tool_parameters = cJSON_GetObjectItemCaseSensitive(fn, "parameters");
	return 1;
}

/* a non-empty list of strings (non-empty ones when nonempty) into *list */
static int load_strings(struct jsonfile *l, const char *key, const cJSON *v, bool nonempty,
			char ***list, size_t *n)
{
	const cJSON *e;

	if (!cJSON_IsArray(v) || !cJSON_GetArraySize(v))
		return jsonfile_error(l, key, "'%s' must be a non-empty list of strings", key);
	if (!(*list = xcalloc((size_t)cJSON_GetArraySize(v), sizeof(char *))))
		return jsonfile_error(l, NULL, "out of memory");
	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e) || (nonempty && !*e->valuestring))
			return jsonfile_error(l, key, "'%s' must hold %sstrings", key,
					      nonempty ? "non-empty " : "");
		if (!((*list)[(*n)++] = xstrdup(e->valuestring)))
			return jsonfile_error(l, NULL, "out of memory");
	}
	return 0;
}

static int load_contains(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
			 struct expect *ex)
{
	(void)p;
	return load_strings(l, key, v, true, &ex->contains, &ex->n_contains) ? -1 : 1;
}

static int load_finish(struct jsonfile *l, const struct probe *p, const char *key, const cJSON *v,
		       struct expect *ex)
{
	(void)p;
	return load_strings(l, key, v, false, &ex->finish_reasons, &ex->n_finish_reasons);
}

static int load_reasoning(struct jsonfile *l, const struct probe *p, const char *key,
			  const cJSON *v, struct expect *ex)
{
	(void)p;
	if (!cJSON_IsString(v) || reasoning_policy_parse(v->valuestring, &ex->reasoning))
		return jsonfile_error(l, key, "'%s' must be any, required or forbidden", key);
	ex->reasoning_set = true;
	return 0;
}

static int load_contains_from(struct jsonfile *l, const struct probe *p, const char *key,
			      const cJSON *v, struct expect *ex)
{
	static const char *const flags[] = { "image-expect", "ocr-expect", "video-expect" };
	size_t i;

	(void)p;
	for (i = 0; cJSON_IsString(v) && i < sizeof(flags) / sizeof(flags[0]); i++)
		if (!strcmp(v->valuestring, flags[i])) {
			ex->contains_from = xstrdup(flags[i]);
			return ex->contains_from ? 1 : jsonfile_error(l, NULL, "out of memory");
		}
	return jsonfile_error(l, key, "'%s' must be image-expect, ocr-expect or video-expect", key);
}

static const struct {
	const char *key;
	expect_loader load;
	bool on; /* in force when the key is absent */
} kinds[EXPECT_KINDS] = {
	[EXPECT_NO_GARBAGE] = { "no_garbage", load_no_garbage, true },
	[EXPECT_NO_REASONING_LEAK] = { "no_reasoning_leak", load_no_leak, true },
	[EXPECT_STREAM_DONE] = { "stream_done", load_stream_done, false },
	[EXPECT_TOOL_CALL] = { "tool_call", load_tool_call, false },
	[EXPECT_JSON_SCHEMA] = { "content_json_schema", load_schema, false },
	[EXPECT_REGEX] = { "content_regex", load_regex, false },
	[EXPECT_NOT_REGEX] = { "content_not_regex", load_regex, false },
	[EXPECT_NEEDLE_SECRET] = { "needle_secret", load_secret, false },
	[EXPECT_CONTAINS] = { "contains", load_contains, false },
	[EXPECT_CONTAINS_FROM] = { "contains_from", load_contains_from, false },
	[EXPECT_FINISH_REASONS] = { "finish_reasons", load_finish, false },
	[EXPECT_REASONING] = { "reasoning", load_reasoning, false },
};

const char *expect_kind_key(enum expect_kind k)
{
	return (unsigned)k < EXPECT_KINDS ? kinds[k].key : "?";
}

/* "content_regex, content_not_regex, ... or needle_secret": the kinds
 * that assert something, for the message of a probe that asserts nothing */
static void asserting_keys(char *out, size_t n)
{
	static const enum expect_kind some[] = { EXPECT_REGEX,	     EXPECT_NOT_REGEX,
						 EXPECT_JSON_SCHEMA, EXPECT_TOOL_CALL,
						 EXPECT_CONTAINS,    EXPECT_NEEDLE_SECRET };
	const char *names[sizeof(some) / sizeof(some[0])];
	size_t i;

	for (i = 0; i < sizeof(some) / sizeof(some[0]); i++)
		names[i] = kinds[some[i]].key;
	jsonfile_names(out, n, names, sizeof(some) / sizeof(some[0]), "");
}

/* the expectations in object x (a probe's or a turn's) */
static int load_expect_from(struct jsonfile *l, struct probe *p, const cJSON *x, struct expect *ex,
			    bool turn)
{
	const char *keys[EXPECT_KINDS + 1];
	int k, asserts = 0, rc;

	if (!cJSON_IsObject(x))
		return jsonfile_error(l, "expect", "'expect' must be an object");
	memset(ex, 0, sizeof(*ex));
	for (k = 0; k < EXPECT_KINDS; k++)
		keys[k] = kinds[k].key;
	keys[EXPECT_KINDS] = NULL;
	if (jsonfile_only_keys(l, x, "'expect'", keys))
		return -1;
	ex->no_garbage = ex->no_reasoning_leak = true;
	for (k = 0; k < EXPECT_KINDS; k++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(x, kinds[k].key);

		if (!v) {
			ex->kinds |= kinds[k].on ? 1u << k : 0;
			continue;
		}
		if ((rc = kinds[k].load(l, p, kinds[k].key, v, ex)) < 0)
			return -1;
		asserts += rc;
		ex->kinds |= 1u << k;
	}
	ex->kinds &= ~((ex->no_garbage ? 0 : 1u << EXPECT_NO_GARBAGE) |
		       (ex->no_reasoning_leak ? 0 : 1u << EXPECT_NO_REASONING_LEAK) |
		       (ex->stream_done ? 0 : 1u << EXPECT_STREAM_DONE) |
		       (ex->needle_secret ? 0 : 1u << EXPECT_NEEDLE_SECRET));
	if (!asserts) {
		char list[256];

		asserting_keys(list, sizeof(list));
		return jsonfile_error(l, turn ? "turns" : "expect",
				      "the %s asserts nothing: 'expect' needs %s",
				      turn ? "turn" : "probe", list);
	}
	return 0;
}

static int load_expect(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(root, "expect");

	return load_expect_from(l, p, x, &p->expect, false);
}

static int load_turns(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	static const char *const keys[] = { "tool_result", "user", "tools", "expect", NULL };
	const cJSON *turns = cJSON_GetObjectItemCaseSensitive(root, "turns"), *t;

	if (!turns)
		return 0;
	if (!cJSON_IsArray(turns) || !cJSON_GetArraySize(turns) ||
	    cJSON_GetArraySize(turns) > PROBE_MAX_TURNS)
		return jsonfile_error(l, "turns", "'turns' must be a list of 1 to %d turns",
				      PROBE_MAX_TURNS);
	if (p->batch > 1 || p->needle || p->api != API_CHAT)
		return jsonfile_error(l, "turns",
				      "'turns' needs a single chat request (no batch, no needle)");
	p->turns = xcalloc((size_t)cJSON_GetArraySize(turns), sizeof(*p->turns));
	if (!p->turns)
		return jsonfile_error(l, NULL, "out of memory");
	cJSON_ArrayForEach(t, turns)
	{
		struct turn *tn = &p->turns[p->n_turns++];
		const cJSON *tr = cJSON_GetObjectItemCaseSensitive(t, "tool_result");
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(t, "expect");

		if (!cJSON_IsObject(t) || jsonfile_only_keys(l, t, "a turn", keys))
			return cJSON_IsObject(t)
				       ? -1
				       : jsonfile_error(l, "turns", "each turn must be an object");
		if (tr)
			tn->tool_result = cJSON_IsString(tr) ? xstrdup(tr->valuestring)
							     : cJSON_PrintUnformatted(tr);
		if ((tr && !tn->tool_result) || jsonfile_string(l, t, "user", false, &tn->user) ||
		    jsonfile_bool(l, t, "tools", &tn->keep_tools))
			return -1;
		if (!tn->tool_result && !tn->user)
			return jsonfile_error(l, "turns",
					      "a turn needs a 'tool_result' or a 'user' message");
		if (!cJSON_IsObject(x))
			return jsonfile_error(l, "turns", "each turn needs an 'expect' object");
		if (load_expect_from(l, p, x, &tn->expect, true))
			return -1;
	}
	return 0;
}

static int load_summary(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	static const char *const keys[] = { "pass", "fail", NULL };
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "summary");

	if (!s) {
		p->summary_pass = xstrdup(p->title);
		p->summary_fail = xstrdup(p->title);
		return p->summary_pass && p->summary_fail
			       ? 0
			       : jsonfile_error(l, NULL, "out of memory");
	}
	if (cJSON_IsString(s)) {
		if (jsonfile_string(l, root, "summary", true, &p->summary_pass))
			return -1;
		p->summary_fail = xstrdup(p->summary_pass);
		return p->summary_fail ? 0 : jsonfile_error(l, NULL, "out of memory");
	}
	if (!cJSON_IsObject(s) || jsonfile_only_keys(l, s, "'summary'", keys))
		return jsonfile_error(l, "summary",
				      "'summary' must be a string or {\"pass\",\"fail\"}");
	if (jsonfile_string(l, s, "pass", true, &p->summary_pass) ||
	    jsonfile_string(l, s, "fail", true, &p->summary_fail))
		return -1;
	return 0;
}

/* "id", "title", "note", "default": who the probe is */
static int load_identity(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	const char *c;

	if (jsonfile_string(l, root, "id", true, &p->id) ||
	    jsonfile_string(l, root, "title", true, &p->title) ||
	    jsonfile_string(l, root, "note", false, &p->note))
		return -1;
	for (c = p->id; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' ||
		      *c == '_'))
			return jsonfile_error(l, "id", "'id' may hold only a-z, 0-9, '-' and '_'");
	return jsonfile_bool(l, root, "default", &p->is_default);
}

/* "run", "api", "media": how the probe is sent */
static int load_run(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	static const char *const run_keys[] = { "batch", "repeat", "stream", "measures_speed",
						NULL };
	const cJSON *run = cJSON_GetObjectItemCaseSensitive(root, "run");
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "api");

	p->batch = 1;
	p->repeat = 1;
	if (run && !cJSON_IsObject(run))
		return jsonfile_error(l, "run", "'run' must be an object");
	if (run && (jsonfile_only_keys(l, run, "'run'", run_keys) ||
		    jsonfile_int(l, run, "batch", 1, PROBE_BATCH_MAX, &p->batch) ||
		    jsonfile_int(l, run, "repeat", 1, PROBE_REPEAT_MAX, &p->repeat) ||
		    jsonfile_bool(l, run, "stream", &p->stream) ||
		    jsonfile_bool(l, run, "measures_speed", &p->measures_speed)))
		return -1;
	if (v && cJSON_IsString(v) && !strcmp(v->valuestring, "responses"))
		p->api = API_RESPONSES;
	else if (v && (!cJSON_IsString(v) || strcmp(v->valuestring, "chat")))
		return jsonfile_error(l, "api", "'api' must be \"chat\" or \"responses\"");
	if (jsonfile_string(l, root, "media", false, &p->media))
		return -1;
	if (p->media && strcmp(p->media, "image") && strcmp(p->media, "video"))
		return jsonfile_error(l, "media", "'media' must be \"image\" or \"video\"");
	return 0;
}

/* --- conformance checks --------------------------------------------------- */

/* "conformance": the check a probe of probes/conformance/ is (conform.h reads
 * the block) */
static int load_conform(struct jsonfile *l, struct probe *p, const cJSON *root)
{
	static const char *const not_with[] = { "expect", "turns", "needle",
						"run",	  "media", "summary" };
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(root, "conformance");
	size_t i;

	if (!x)
		return 0;
	for (i = 0; i < sizeof(not_with) / sizeof(not_with[0]); i++)
		if (cJSON_GetObjectItemCaseSensitive(root, not_with[i]))
			return jsonfile_error(l, not_with[i],
					      "a conformance check takes no '%s': its 'check' says "
					      "how it is judged",
					      not_with[i]);
	if (p->api != API_CHAT)
		return jsonfile_error(l, "api", "a conformance check uses the chat API");
	/* every check runs unless its file says "default": false */
	if (!cJSON_GetObjectItemCaseSensitive(root, "default"))
		p->is_default = true;
	return (p->conform = conform_load(l, x, p->request)) ? 0 : -1;
}

struct probe *probe_load_text(const char *path, const char *text, size_t len, char *err,
			      size_t errlen)
{
	static const char *const keys[] = { "id",      "title",	      "description", "summary",
					    "note",    "default",     "api",	     "media",
					    "request", "run",	      "needle",	     "expect",
					    "turns",   "conformance", "$schema",     NULL };
	struct jsonfile l = { path, text, len, err, errlen };
	struct probe *p = NULL;
	cJSON *root;

	root = jsonfile_parse(&l);
	if (!root)
		return NULL;
	if (!cJSON_IsObject(root)) {
		jsonfile_error(&l, NULL, "a probe file must hold one JSON object");
		goto fail;
	}
	p = xcalloc(1, sizeof(*p));
	if (!p || !(p->path = xstrdup(path)) || !(p->text = xstrndup(text, len))) {
		jsonfile_error(&l, NULL, "out of memory");
		goto fail;
	}
	if (jsonfile_only_keys(&l, root, "the probe", keys) || load_identity(&l, p, root) ||
	    load_run(&l, p, root) || load_summary(&l, p, root) || load_needle(&l, p, root) ||
	    load_request(&l, p, root) || load_conform(&l, p, root) ||
	    (!p->conform && load_expect(&l, p, root)) || load_turns(&l, p, root))
		goto fail;
	cJSON_Delete(root);
	return p;
fail:
	cJSON_Delete(root);
	probe_free(p);
	return NULL;
}

struct probe *probe_load_file(const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	struct probe *p = NULL;
	char why[300];

	if (file_read(path, PROBE_FILE_MAX, &text, why, sizeof(why)))
		snprintf(err, errlen, "%s: %s", path, why);
	else
		p = probe_load_text(path, text.data, text.len, err, errlen);
	buf_release(&text);
	return p;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int probe_set_add(struct probe_set *set, struct probe *p)
{
	struct probe **items;

	if (probe_set_find(set, p->id))
		return -1;
	items = xrealloc(set->items, (set->n + 1) * sizeof(*items));
	if (!items)
		return -1;
	set->items = items;
	set->items[set->n++] = p;
	return 0;
}

int probe_load_dir(const char *dir, struct probe_set *set, char *err, size_t errlen)
{
	char **names = NULL, path[4096];
	size_t n = 0, i;
	struct dirent *de;
	DIR *d = opendir(dir);
	int rc = -1;

	if (!d) {
		snprintf(err, errlen, "cannot open probe folder '%s'", dir);
		return -1;
	}
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char **grown;

		if (len < 6 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.')
			continue;
		if (n == PROBE_SET_MAX) {
			snprintf(err, errlen, "'%s' holds more than %d probe files", dir,
				 PROBE_SET_MAX);
			goto out;
		}
		grown = xrealloc(names, (n + 1) * sizeof(*names));
		if (!grown || !(grown[n] = xstrdup(de->d_name))) {
			names = grown ? grown : names;
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		names = grown;
		n++;
	}
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		struct probe *p;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!(p = probe_load_file(path, err, errlen)))
			goto out;
		if (probe_set_add(set, p)) {
			snprintf(err, errlen, "%s: probe id '%s' is defined twice", path, p->id);
			probe_free(p);
			goto out;
		}
	}
	if (!set->n) {
		snprintf(err, errlen, "no probe files (*.json) in '%s'", dir);
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	closedir(d);
	return rc;
}

struct probe *probe_set_find(const struct probe_set *set, const char *id)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (!strcmp(set->items[i]->id, id))
			return set->items[i];
	return NULL;
}

int probe_set_select(struct probe_set *set, const char *csv, char *err, size_t errlen)
{
	struct probe **keep = xcalloc(set->n, sizeof(*keep));
	size_t nkeep = 0, i, j;
	char *list = NULL, *tok, *save = NULL;

	if (!keep || (csv && !(list = xstrdup(csv)))) {
		free(keep);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!csv) {
		for (i = 0; i < set->n; i++)
			if (set->items[i]->is_default)
				keep[nkeep++] = set->items[i];
	} else {
		for (tok = strtok_r(list, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
			struct probe *p = probe_set_find(set, tok);

			if (!p) {
				snprintf(err, errlen,
					 "unknown probe '%s' in --checks (see 'preflight list')",
					 tok);
				goto fail;
			}
			for (j = 0; j < nkeep && keep[j] != p; j++)
				;
			if (j == nkeep)
				keep[nkeep++] = p;
		}
	}
	if (!nkeep) {
		snprintf(err, errlen, "no probe selected");
		goto fail;
	}
	for (i = 0; i < set->n; i++) {
		for (j = 0; j < nkeep && keep[j] != set->items[i]; j++)
			;
		if (j == nkeep)
			probe_free(set->items[i]);
	}
	free(set->items);
	set->items = keep;
	set->n = nkeep;
	free(list);
	return 0;
fail:
	free(keep);
	free(list);
	return -1;
}

static void expect_release(struct expect *x)
{
	size_t i;

	free(x->content_regex_src);
	regex_free(x->content_regex);
	free(x->content_not_regex_src);
	regex_free(x->content_not_regex);
	cJSON_Delete(x->content_json_schema);
	free(x->tool_name);
	for (i = 0; i < x->n_finish_reasons; i++)
		free(x->finish_reasons[i]);
	free(x->finish_reasons);
	for (i = 0; i < x->n_contains; i++)
		free(x->contains[i]);
	free(x->contains);
	free(x->contains_from);
}

void probe_free(struct probe *p)
{
	size_t i;

	if (!p)
		return;
	free(p->path);
	free(p->text);
	free(p->id);
	free(p->title);
	free(p->summary_pass);
	free(p->summary_fail);
	free(p->note);
	cJSON_Delete(p->request);
	if (p->needle) {
		free(p->needle->filler);
		free(p->needle->secret);
		free(p->needle->secret_line);
		free(p->needle->question);
		free(p->needle);
	}
	expect_release(&p->expect);
	for (i = 0; i < p->n_turns; i++) {
		free(p->turns[i].tool_result);
		free(p->turns[i].user);
		expect_release(&p->turns[i].expect);
	}
	free(p->turns);
	free(p->media);
	conform_free(p->conform);
	free(p);
}

void probe_set_release(struct probe_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		probe_free(set->items[i]);
	free(set->items);
	set->items = NULL;
	set->n = 0;
}
