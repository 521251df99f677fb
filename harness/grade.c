/* SPDX-License-Identifier: Apache-2.0 */
/* grade — content checks plus the evidence policy; see grade.h. */
#include "grade.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "schema.h"
#include "text.h"

static void set_fail(struct grade *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_fail(struct grade *g, const char *fmt, ...)
{
	va_list ap;

	if (!g->pass)
		return; /* the first failure explains best */
	g->pass = false;
	va_start(ap, fmt);
	vsnprintf(g->detail, sizeof(g->detail), fmt, ap);
	va_end(ap);
}

/* A pattern of the probe hit pcre2's limits: the probe, not the endpoint,
 * is at fault, so this failure is the one reported. what names the
 * pattern as the user wrote it. */
/* obj against schema, stopping at the run's Ctrl-C */
static enum schema_result validate(const struct grade_policy *pol, const cJSON *schema,
				   const cJSON *obj, char *why, size_t n)
{
	const struct schema_options o = { .cancel = pol ? pol->cancel : NULL };

	return schema_validate_with(&o, schema, obj, why, n);
}

/* what stopped a validation that neither passed nor failed on its own:
 * the schema's step budget, or Ctrl-C (what: the schema, named) */
static bool schema_stopped(struct grade *g, struct answer_evidence *ev, enum schema_result rc,
			   const char *what, const char *why)
{
	if (rc == SCHEMA_CANCELLED) {
		ev->interrupted = true;
		g->pass = false;
		snprintf(g->detail, sizeof(g->detail), "interrupted while %s was checked", what);
		return true;
	}
	if (rc != SCHEMA_STEP_LIMIT)
		return false;
	ev->schema_limit = true;
	g->pass = false;
	snprintf(g->detail, sizeof(g->detail), "%s: %s", what, why);
	return true;
}

static void pattern_limit(struct grade *g, struct answer_evidence *ev, const char *what)
{
	ev->pattern_limit = true;
	g->pass = false;
	snprintf(g->detail, sizeof(g->detail),
		 "%s hit pcre2's match limit: it backtracks without end", what);
	snprintf(g->pattern, sizeof(g->pattern), "%s", what);
}

/* "pattern 'X'" out of a schema error that names one */
static void schema_pattern(const char *why, char *out, size_t n)
{
	const char *a = strstr(why, "pattern '"), *b = a ? strstr(a + 9, "' hit") : NULL;

	if (a && b)
		snprintf(out, n, "the schema pattern /%.*s/", (int)(b - a - 9), a + 9);
	else
		snprintf(out, n, "a schema pattern");
}

static bool only_space(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

cJSON *grade_json_object(const char *content, size_t len, char *why, size_t whylen)
{
	const char *s = content, *e = content + len, *end = NULL;
	cJSON *obj;

	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	if (e - s >= 6 && !strncmp(s, "```", 3) && !strncmp(e - 3, "```", 3)) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		size_t lang = nl ? (size_t)(nl - s - 3) : 0;

		/* only a bare fence or a json one */
		if (!nl || !(lang == 0 || (lang == 4 && !strncmp(s + 3, "json", 4)))) {
			snprintf(why, whylen, "content is in a code fence that is not ```json");
			return NULL;
		}
		s = nl + 1;
		e -= 3;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
	}
	if (s == e) {
		snprintf(why, whylen, "content is empty");
		return NULL;
	}
	if (*s != '{') {
		snprintf(why, whylen, "content does not start with a JSON object");
		return NULL;
	}
	obj = cJSON_ParseWithLengthOpts(s, (size_t)(e - s), &end, false);
	if (!obj) {
		snprintf(why, whylen, "content is not valid JSON (error at character %ld)",
			 end ? (long)(end - s) : 0L);
		return NULL;
	}
	if (!cJSON_IsObject(obj) || !only_space(end, (size_t)(e - end))) {
		cJSON_Delete(obj);
		snprintf(why, whylen, "content holds more than one JSON object");
		return NULL;
	}
	return obj;
}

/* prose, then a JSON object at the end that parses: a chain of thought
 * without tags before the answer */
static bool json_after_prose(const char *content, size_t len)
{
	const char *p = content;
	char why[64];

	while (p < content + len && isspace((unsigned char)*p))
		p++;
	if (p == content + len || *p == '{')
		return false; /* no prose: it starts with an object */
	for (p = content; p < content + len; p++) {
		cJSON *obj;

		if (*p != '{' || p == content)
			continue;
		if ((obj = grade_json_object(p, len - (size_t)(p - content), why, sizeof(why)))) {
			cJSON_Delete(obj);
			return !only_space(content, (size_t)(p - content));
		}
	}
	return false;
}

static void json_keys(const cJSON *obj, char *out, size_t n)
{
	const cJSON *e;
	size_t used;

	snprintf(out, n, "[");
	cJSON_ArrayForEach(e, obj)
	{
		used = strlen(out);
		snprintf(out + used, n - used, "%s'%s'", e == obj->child ? "" : ",", e->string);
	}
	used = strlen(out);
	snprintf(out + used, n - used, "]");
}

static void squash(const char *in, char *out, size_t n)
{
	size_t j = 0;

	for (; *in && j + 1 < n; in++)
		if (*in != '-' && *in != ' ')
			out[j++] = *in;
	out[j] = '\0';
}

static bool has_secret(const char *content, const char *secret)
{
	char want[256], *got;
	size_t len = strlen(content);
	bool found;

	got = xmalloc(len + 1);
	if (!got)
		return false;
	squash(secret, want, sizeof(want));
	squash(content, got, len + 1);
	found = *want && strstr(got, want);
	free(got);
	return found;
}

static void check_tools(const struct expect *x, const struct grade_policy *pol,
			const struct chat_reply *r, struct grade *g, struct answer_evidence *ev)
{
	char why[300];
	size_t i;

	for (i = 0; i < r->n_calls; i++) {
		const struct tool_call *c = &r->calls[i];
		cJSON *args;
		char *ex;
		enum schema_result rc;

		if (strcmp(c->name, x->tool_name)) {
			ev->wrong_tool = true;
			set_fail(g, "called '%s' instead of '%s'", c->name, x->tool_name);
			continue;
		}
		args = cJSON_Parse(c->arguments);
		if (!cJSON_IsObject(args)) {
			ev->bad_arguments = true;
			ex = text_excerpt(c->arguments, strlen(c->arguments), 80, true);
			set_fail(g, "tool arguments are not a JSON object: '%s'", ex ? ex : "");
			free(ex);
			cJSON_Delete(args);
			continue;
		}
		rc = x->tool_parameters ? validate(pol, x->tool_parameters, args, why, sizeof(why))
					: SCHEMA_VALID;
		if (schema_stopped(g, ev, rc, "the tool's parameters schema", why)) {
			cJSON_Delete(args);
			return;
		}
		if (rc == SCHEMA_PATTERN_LIMIT) {
			char what[200];

			schema_pattern(why, what, sizeof(what));
			pattern_limit(g, ev, what);
		} else if (rc != SCHEMA_VALID) {
			ev->bad_arguments = true;
			ex = text_excerpt(c->arguments, strlen(c->arguments), 80, true);
			set_fail(g, "tool arguments '%s' do not match the schema: %s", ex ? ex : "",
				 why);
			free(ex);
		}
		cJSON_Delete(args);
	}
	if (!r->n_calls)
		set_fail(g, "no tool call in the answer");
	if (r->content_len && diagnose_tool_markup(r->content, r->content_len))
		set_fail(g, "tool-call markup in content");
}

/* needle found in hay with case folded and whitespace dropped on both */
static bool contains_folded(const char *hay, const char *needle)
{
	char *h = xmalloc(strlen(hay) + 1), *n = xmalloc(strlen(needle) + 1);
	size_t i, j = 0;
	bool found;

	if (!h || !n) {
		free(h);
		free(n);
		return false;
	}
	for (i = 0; hay[i]; i++)
		if (!isspace((unsigned char)hay[i]))
			h[j++] = (char)tolower((unsigned char)hay[i]);
	h[j] = '\0';
	for (i = 0, j = 0; needle[i]; i++)
		if (!isspace((unsigned char)needle[i]))
			n[j++] = (char)tolower((unsigned char)needle[i]);
	n[j] = '\0';
	found = strstr(h, n) != NULL;
	free(h);
	free(n);
	return found;
}

/* --- one check per expectation kind ----------------------------------------- */

/* what every check reads and writes */
struct check {
	const struct expect *x;
	const struct grade_policy *pol;
	const struct chat_reply *r;
	const struct stream_stats *st; /* NULL unless streamed */
	struct grade *g;
	struct answer_evidence *ev;
};

static void check_no_garbage(struct check *k)
{
	char why[300];

	if (k->r->had_nul) {
		k->ev->nul_bytes = true;
		set_fail(k->g, "NUL characters in the answer");
	}
	if (diagnose_garbage(k->r->content, k->r->content_len, why, sizeof(why)))
		set_fail(k->g, "%s", why);
}

static void check_no_leak(struct check *k)
{
	if (diagnose_think_tags(k->r->content, k->r->content_len))
		set_fail(k->g, "<think> tags in content");
	else if (k->ev->untagged_reasoning)
		set_fail(k->g, "a chain of thought in content");
}

static void check_stream_done(struct check *k)
{
	if (k->st && !k->st->done) {
		k->ev->stream_incomplete = true;
		set_fail(k->g, "the stream ended without data: [DONE]");
	}
}

static void check_tool_call(struct check *k)
{
	check_tools(k->x, k->pol, k->r, k->g, k->ev);
}

static void check_schema(struct check *k)
{
	char why[300];
	cJSON *obj = grade_json_object(k->r->content, k->r->content_len, why, sizeof(why));
	enum schema_result rc;

	if (!obj) {
		k->ev->json_after_prose = json_after_prose(k->r->content, k->r->content_len);
		set_fail(k->g, "%s", why);
		return;
	}
	json_keys(obj, k->g->json_keys, sizeof(k->g->json_keys));
	rc = validate(k->pol, k->x->content_json_schema, obj, why, sizeof(why));
	if (schema_stopped(k->g, k->ev, rc, "expect.content_json_schema", why)) {
		/* said */
	} else if (rc == SCHEMA_PATTERN_LIMIT) {
		char what[200];

		schema_pattern(why, what, sizeof(what));
		pattern_limit(k->g, k->ev, what);
	} else if (rc != SCHEMA_VALID) {
		set_fail(k->g, "JSON answer does not match the schema: %s", why);
	}
	cJSON_Delete(obj);
}

static void check_regex(struct check *k)
{
	int rc = regex_match(k->x->content_regex, k->r->content, k->r->content_len);
	char what[200];

	if (rc == 1)
		return;
	snprintf(what, sizeof(what), "the content regex /%s/", k->x->content_regex_src);
	if (rc == REGEX_LIMIT)
		pattern_limit(k->g, k->ev, what);
	else if (rc < 0)
		set_fail(k->g, "content regex /%s/ could not be matched", k->x->content_regex_src);
	else
		set_fail(k->g, "content does not match /%s/", k->x->content_regex_src);
}

static void check_not_regex(struct check *k)
{
	int rc = regex_match(k->x->content_not_regex, k->r->content, k->r->content_len);
	char what[200];

	if (rc == 0)
		return;
	snprintf(what, sizeof(what), "the forbidden regex /%s/", k->x->content_not_regex_src);
	if (rc == REGEX_LIMIT)
		pattern_limit(k->g, k->ev, what);
	else
		set_fail(k->g, "content matches the forbidden /%s/", k->x->content_not_regex_src);
}

/* what an answer t recalled of a needle's codes */
struct recall {
	int found, asked;
	const char *missing;	       /* the first asked code not in t */
	const char *decoy, *decoy_key; /* the first distractor's code in t, and its key */
};

static void needle_recall(const struct needle_set *ns, const char *t, struct recall *rc)
{
	int k, v;

	memset(rc, 0, sizeof(*rc));
	for (k = 0; k < ns->keys; k++)
		for (v = 0; v < ns->values; v++) {
			bool in = has_secret(t, ns->code[k][v]);

			if (k < ns->queries) {
				rc->asked++;
				rc->found += in;
				if (!in && !rc->missing)
					rc->missing = ns->code[k][v];
			} else if (in && !rc->decoy) {
				rc->decoy = ns->code[k][v];
				rc->decoy_key = ns->key[k];
			}
		}
}

/* every code asked, and none of a distractor's: a distractor's code
 * beside the right one is a guess, not a recall */
static void check_secret(struct check *k)
{
	struct recall rc;

	if (!k->pol->needles)
		return;
	needle_recall(k->pol->needles, k->r->content, &rc);
	k->g->recalled = rc.found;
	k->g->asked = rc.asked;
	if (rc.decoy) {
		set_fail(k->g, "answered %s, the code of the distractor %s, %s", rc.decoy,
			 rc.decoy_key,
			 rc.missing ? "instead of the code asked for"
				    : "beside the codes asked for");
		k->g->recall = RECALL_DISTRACTED;
	} else if (rc.asked == 1 && rc.missing) {
		set_fail(k->g, "the secret %s is not in the answer", rc.missing);
	} else if (rc.missing) {
		set_fail(k->g, "recalled %d of %d codes: %s is missing", rc.found, rc.asked,
			 rc.missing);
	}
	if (rc.missing && !rc.decoy)
		k->g->recall = RECALL_LOST;
}

static void check_contains(struct check *k)
{
	size_t i;

	for (i = 0; i < k->x->n_contains; i++)
		if (!contains_folded(k->r->content, k->x->contains[i]))
			set_fail(k->g, "'%s' is not in the answer", k->x->contains[i]);
}

static void check_contains_from(struct check *k)
{
	size_t i;

	for (i = 0; i < k->pol->n_expected; i++)
		if (!contains_folded(k->r->content, k->pol->expected[i]))
			set_fail(k->g, "'%s' is not in the answer (--%s)", k->pol->expected[i],
				 k->x->contains_from);
}

/* would text pass this kind's content check (for the reasoning channel)? */
static bool text_regex(const struct expect *x, const struct grade_policy *pol, const char *t,
		       size_t n)
{
	(void)pol;
	return regex_match(x->content_regex, t, n) == 1;
}

static bool text_schema(const struct expect *x, const struct grade_policy *pol, const char *t,
			size_t n)
{
	char why[64];
	cJSON *obj = grade_json_object(t, n, why, sizeof(why));
	bool ok =
		obj && validate(pol, x->content_json_schema, obj, why, sizeof(why)) == SCHEMA_VALID;

	cJSON_Delete(obj);
	return ok;
}

static bool text_secret(const struct expect *x, const struct grade_policy *pol, const char *t,
			size_t n)
{
	(void)x;
	(void)n;
	struct recall rc;

	if (!pol->needles)
		return true;
	needle_recall(pol->needles, t, &rc);
	return rc.found == rc.asked && !rc.decoy;
}

static bool text_contains(const struct expect *x, const struct grade_policy *pol, const char *t,
			  size_t n)
{
	size_t i;

	(void)pol;
	(void)n;
	for (i = 0; i < x->n_contains; i++)
		if (!contains_folded(t, x->contains[i]))
			return false;
	return true;
}

/* every kind of expectation: its check, and whether a text other than the
 * content (the reasoning) would satisfy it; in the order of enum
 * expect_kind, the order answers are checked in */
static const struct {
	void (*check)(struct check *k);
	bool (*text)(const struct expect *x, const struct grade_policy *pol, const char *t,
		     size_t n);
} kinds[EXPECT_KINDS] = {
	[EXPECT_NO_GARBAGE] = { check_no_garbage, NULL },
	[EXPECT_NO_REASONING_LEAK] = { check_no_leak, NULL },
	[EXPECT_STREAM_DONE] = { check_stream_done, NULL },
	[EXPECT_TOOL_CALL] = { check_tool_call, NULL },
	[EXPECT_JSON_SCHEMA] = { check_schema, text_schema },
	[EXPECT_REGEX] = { check_regex, text_regex },
	[EXPECT_NOT_REGEX] = { check_not_regex, NULL },
	[EXPECT_NEEDLE_SECRET] = { check_secret, text_secret },
	[EXPECT_CONTAINS] = { check_contains, text_contains },
	[EXPECT_CONTAINS_FROM] = { check_contains_from, NULL },
	[EXPECT_FINISH_REASONS] = { NULL, NULL }, /* in the policy */
	[EXPECT_REASONING] = { NULL, NULL },	  /* in the policy */
};

/* would text pass the content checks (regex, JSON, contains, secret)? A
 * tool call cannot be in a text; a probe without content checks says
 * nothing either way. */
static bool text_checks_pass(const struct expect *x, const struct grade_policy *pol,
			     const char *text, size_t len)
{
	bool any = false;
	int k;

	if (x->kinds & (1u << EXPECT_TOOL_CALL))
		return false;
	for (k = 0; k < EXPECT_KINDS; k++)
		if (kinds[k].text && (x->kinds & (1u << k))) {
			if (!kinds[k].text(x, pol, text, len))
				return false;
			any = true;
		}
	return any;
}

static void check_policy(const struct grade_policy *pol, const struct chat_reply *r,
			 struct grade *g)
{
	bool reasoned = r->reasoning_len > 0 || r->reasoning_tokens > 0;
	size_t i;

	if (r->finish_reason && pol->n_finish_reasons) {
		for (i = 0; i < pol->n_finish_reasons; i++)
			if (!strcmp(r->finish_reason, pol->finish_reasons[i]))
				break;
		if (i == pol->n_finish_reasons)
			set_fail(g, "finish_reason '%s' is not allowed", r->finish_reason);
	}
	if (pol->reasoning == REASONING_REQUIRED && !reasoned)
		set_fail(g, "reasoning evidence was required but not observed");
	if (pol->reasoning == REASONING_FORBIDDEN && reasoned)
		set_fail(g, "reasoning evidence was forbidden but observed");
}

/* the evidence the diagnosis reads, from the answer itself */
static void gather(struct answer_evidence *ev, const struct expect *x,
		   const struct grade_policy *pol, const struct chat_reply *r)
{
	memset(ev, 0, sizeof(*ev));
	ev->content = r->content;
	ev->content_len = r->content_len;
	ev->reasoning_chars = text_chars(r->reasoning, r->reasoning_len);
	ev->reasoning_tokens = r->reasoning_tokens;
	ev->completion_tokens = r->completion_tokens;
	ev->max_tokens = pol->max_tokens;
	ev->prompt_tokens = r->prompt_tokens;
	ev->window = pol->window;
	ev->finish_reason = r->finish_reason;
	ev->expects_tool = x->tool_name != NULL;
	ev->n_tool_calls = r->n_calls;
	ev->untagged_reasoning = diagnose_untagged_reasoning(r->content, r->content_len);
}

/* a failed answer's detail: the evidence for the cause first, then the
 * check that failed */
static void explain(struct grade *g, const struct answer_evidence *ev)
{
	char why[300], check[sizeof(g->detail)];

	g->cause = diagnose_answer(ev);
	if (g->cause == CAUSE_PATTERN_LIMIT || g->cause == CAUSE_SCHEMA_LIMIT ||
	    g->cause == CAUSE_INTERRUPTED)
		return; /* the message names the pattern or schema, the remedy how to fix it */
	diagnose_explain(g->cause, ev, why, sizeof(why));
	snprintf(check, sizeof(check), "%s", g->detail);
	if (g->cause == CAUSE_INVALID_TOOL_ARGUMENTS || g->cause == CAUSE_WRONG_TOOL)
		return; /* the check names the call and shows its arguments */
	if (g->cause == CAUSE_WRONG_ANSWER)
		snprintf(g->detail, sizeof(g->detail), "%s; %s", check, why);
	else if (strstr(why, check))
		snprintf(g->detail, sizeof(g->detail), "%s", why);
	else
		snprintf(g->detail, sizeof(g->detail), "%s (%s)", why, check);
}

void grade_answer(const struct expect *x, const struct grade_policy *pol,
		  const struct chat_reply *r, const struct stream_stats *st, struct grade *g)
{
	struct answer_evidence ev;
	struct check k = { x, pol, r, st, g, &ev };
	char *ex;
	int i;

	memset(g, 0, sizeof(*g));
	g->pass = true;
	gather(&ev, x, pol, r);
	for (i = 0; i < EXPECT_KINDS; i++)
		if (kinds[i].check && (x->kinds & (1u << i)))
			kinds[i].check(&k);
	/* the answer went to the reasoning channel: the model finished, nothing
	 * is visible, and the reasoning alone holds what the content should (cut
	 * off by the budget, the same picture is thinking-starvation) */
	if (!g->pass && only_space(r->content, r->content_len) && r->reasoning_len &&
	    !(r->finish_reason && !strcmp(r->finish_reason, "length")) &&
	    text_checks_pass(x, pol, r->reasoning, r->reasoning_len))
		ev.answer_in_reasoning = true;
	check_policy(pol, r, g);
	if (r->violation) {
		/* a strict client could not even read it: nothing else matters */
		g->pass = false;
		g->cause = CAUSE_NONCONFORMANT_REPLY;
		snprintf(g->detail, sizeof(g->detail), "%s", r->violation);
		return;
	}
	if (g->pass) {
		ex = text_excerpt(r->content, r->content_len, 40, true);
		snprintf(g->detail, sizeof(g->detail), "got '%s'", ex ? ex : "");
		free(ex);
		return;
	}
	explain(g, &ev);
}
