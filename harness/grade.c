/* grade — content checks plus the evidence policy; see grade.h. */
#include "grade.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "schema.h"
#include "text.h"

static void set_fail(struct grade *g, const char *fmt, const char *a, const char *b)
{
	if (!g->pass)
		return; /* the first failure explains best */
	g->pass = false;
	snprintf(g->detail, sizeof(g->detail), fmt, a ? a : "", b ? b : "");
}

/* A pattern of the probe hit pcre2's limits: the probe, not the endpoint,
 * is at fault, so this failure is the one reported. what names the
 * pattern as the user wrote it. */
static void pattern_limit(struct grade *g, struct answer_evidence *ev, const char *what)
{
	ev->pattern_limit = true;
	g->pass = false;
	snprintf(g->detail, sizeof(g->detail),
		 "%s hit pcre2's match limit: it backtracks without end", what);
	snprintf(g->remedy, sizeof(g->remedy),
		 "rewrite %s in the probe file without nested or overlapping quantifiers (such "
		 "as (a|aa)+ or (\\w+)*): it cannot be matched in bounded time",
		 what);
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

static void check_tools(const struct expect *x, const struct chat_reply *r, struct grade *g,
			struct answer_evidence *ev)
{
	char why[300];
	size_t i;

	for (i = 0; i < r->n_calls; i++) {
		const struct tool_call *c = &r->calls[i];
		cJSON *args;
		char *ex;
		int rc;

		if (i == 0) {
			ex = text_excerpt(c->arguments, strlen(c->arguments), 120, true);
			snprintf(g->tool, sizeof(g->tool), "%s(%s)", c->name, ex ? ex : "");
			free(ex);
		}
		if (strcmp(c->name, x->tool_name)) {
			ev->wrong_tool = true;
			set_fail(g, "called '%s' instead of '%s'", c->name, x->tool_name);
			continue;
		}
		args = cJSON_Parse(c->arguments);
		if (!cJSON_IsObject(args)) {
			ev->bad_arguments = true;
			ex = text_excerpt(c->arguments, strlen(c->arguments), 80, true);
			set_fail(g, "tool arguments are not a JSON object: '%s'%s", ex, NULL);
			free(ex);
			cJSON_Delete(args);
			continue;
		}
		rc = x->tool_parameters
			     ? schema_validate(x->tool_parameters, args, why, sizeof(why))
			     : 1;
		if (rc == SCHEMA_PATTERN_LIMIT) {
			char what[200];

			schema_pattern(why, what, sizeof(what));
			pattern_limit(g, ev, what);
		} else if (rc != 1) {
			ev->bad_arguments = true;
			ex = text_excerpt(c->arguments, strlen(c->arguments), 80, true);
			set_fail(g, "tool arguments '%s' do not match the schema: %s", ex, why);
			free(ex);
		}
		cJSON_Delete(args);
	}
	if (!r->n_calls)
		set_fail(g, "no tool call in the answer%s%s", NULL, NULL);
	if (r->content_len && diagnose_tool_markup(r->content, r->content_len))
		set_fail(g, "tool-call markup in content%s%s", NULL, NULL);
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

/* would text pass the content checks (regex, JSON, contains, secret)? */
static bool text_checks_pass(const struct expect *x, const struct grade_policy *pol,
			     const char *text, size_t len)
{
	char why[64];
	size_t i;
	cJSON *obj;

	if (x->tool_name ||
	    (!x->content_regex && !x->content_json_schema && !x->n_contains && !x->needle_secret))
		return false;
	if (x->content_regex && regex_match(x->content_regex, text, len) != 1)
		return false;
	if (x->content_json_schema) {
		obj = grade_json_object(text, len, why, sizeof(why));
		if (!obj || schema_validate(x->content_json_schema, obj, why, sizeof(why)) != 1) {
			cJSON_Delete(obj);
			return false;
		}
		cJSON_Delete(obj);
	}
	for (i = 0; i < x->n_contains; i++)
		if (!contains_folded(text, x->contains[i]))
			return false;
	return !x->needle_secret || !pol->secret || has_secret(text, pol->secret);
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
			set_fail(g, "finish_reason '%s' is not allowed%s", r->finish_reason, NULL);
	}
	if (pol->reasoning == REASONING_REQUIRED && !reasoned)
		set_fail(g, "reasoning evidence was required but not observed%s%s", NULL, NULL);
	if (pol->reasoning == REASONING_FORBIDDEN && reasoned)
		set_fail(g, "reasoning evidence was forbidden but observed%s%s", NULL, NULL);
}

void grade_answer(const struct expect *x, const struct grade_policy *pol,
		  const struct chat_reply *r, const struct stream_stats *st, struct grade *g)
{
	struct answer_evidence ev = { 0 };
	char why[300], check[sizeof(g->detail)], *ex;
	size_t i;
	int rc;

	memset(g, 0, sizeof(*g));
	g->pass = true;
	ev.content = r->content;
	ev.content_len = r->content_len;
	ev.reasoning_chars = text_chars(r->reasoning, r->reasoning_len);
	ev.reasoning_tokens = r->reasoning_tokens;
	ev.completion_tokens = r->completion_tokens;
	ev.max_tokens = pol->max_tokens;
	ev.finish_reason = r->finish_reason;
	ev.expects_tool = x->tool_name != NULL;
	ev.n_tool_calls = r->n_calls;

	if (x->no_garbage && r->had_nul) {
		ev.nul_bytes = true;
		set_fail(g, "NUL characters in the answer%s%s", NULL, NULL);
	}
	if (x->no_garbage && diagnose_garbage(r->content, r->content_len, why, sizeof(why)))
		set_fail(g, "%s%s", why, NULL);
	ev.untagged_reasoning = diagnose_untagged_reasoning(r->content, r->content_len);
	if (x->no_reasoning_leak) {
		if (diagnose_think_tags(r->content, r->content_len))
			set_fail(g, "<think> tags in content%s%s", NULL, NULL);
		else if (ev.untagged_reasoning)
			set_fail(g, "a chain of thought in content%s%s", NULL, NULL);
	}
	if (x->stream_done && st && !st->done) {
		ev.stream_incomplete = true;
		set_fail(g, "the stream ended without data: [DONE]%s%s", NULL, NULL);
	}
	if (x->tool_name)
		check_tools(x, r, g, &ev);
	if (x->content_json_schema) {
		cJSON *obj = grade_json_object(r->content, r->content_len, why, sizeof(why));

		if (!obj) {
			ev.json_after_prose = json_after_prose(r->content, r->content_len);
			set_fail(g, "%s%s", why, NULL);
		} else {
			json_keys(obj, g->json_keys, sizeof(g->json_keys));
			rc = schema_validate(x->content_json_schema, obj, why, sizeof(why));
			if (rc == SCHEMA_PATTERN_LIMIT) {
				char what[200];

				schema_pattern(why, what, sizeof(what));
				pattern_limit(g, &ev, what);
			} else if (rc != 1)
				set_fail(g, "JSON answer does not match the schema: %s%s", why,
					 NULL);
			cJSON_Delete(obj);
		}
	}
	if (x->content_regex &&
	    (rc = regex_match(x->content_regex, r->content, r->content_len)) != 1) {
		char what[200];

		snprintf(what, sizeof(what), "the content regex /%s/", x->content_regex_src);
		if (rc == REGEX_LIMIT)
			pattern_limit(g, &ev, what);
		else
			set_fail(g,
				 rc < 0 ? "content regex /%s/ could not be matched%s"
					: "content does not match /%s/%s",
				 x->content_regex_src, NULL);
	}
	if (x->content_not_regex &&
	    (rc = regex_match(x->content_not_regex, r->content, r->content_len)) != 0) {
		char what[200];

		snprintf(what, sizeof(what), "the forbidden regex /%s/", x->content_not_regex_src);
		if (rc == REGEX_LIMIT)
			pattern_limit(g, &ev, what);
		else
			set_fail(g, "content matches the forbidden /%s/%s",
				 x->content_not_regex_src, NULL);
	}
	if (x->needle_secret && pol->secret && !has_secret(r->content, pol->secret))
		set_fail(g, "the secret %s is not in the answer%s", pol->secret, NULL);
	for (i = 0; i < x->n_contains; i++)
		if (!contains_folded(r->content, x->contains[i]))
			set_fail(g, "'%s' is not in the answer%s", x->contains[i], NULL);
	for (i = 0; x->contains_from && i < pol->n_expected; i++)
		if (!contains_folded(r->content, pol->expected[i]))
			set_fail(g, "'%s' is not in the answer (--%s)", pol->expected[i],
				 x->contains_from);
	/* the answer went to the reasoning channel: the model finished, nothing
	 * is visible, and the reasoning alone holds what the content should (cut
	 * off by the budget, the same picture is thinking-starvation) */
	if (!g->pass && only_space(r->content, r->content_len) && r->reasoning_len &&
	    !(r->finish_reason && !strcmp(r->finish_reason, "length")) &&
	    text_checks_pass(x, pol, r->reasoning, r->reasoning_len))
		ev.answer_in_reasoning = true;
	check_policy(pol, r, g);
	if (g->pass) {
		ex = text_excerpt(r->content, r->content_len, 40, true);
		snprintf(g->detail, sizeof(g->detail), "got '%s'", ex ? ex : "");
		free(ex);
		return;
	}
	g->cause = diagnose_answer(&ev);
	if (g->cause == CAUSE_PATTERN_LIMIT)
		return; /* the message names the pattern, the remedy how to fix it */
	/* the evidence for the cause first, then the check that failed */
	diagnose_explain(g->cause, &ev, why, sizeof(why));
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
