/* SPDX-License-Identifier: Apache-2.0 */
/* enginelog — engine failure signatures; see enginelog.h. */
#define _GNU_SOURCE /* memrchr */
#include "enginelog.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "alloc.h"
#include "engine.h"
#include "file.h"
#include "jsonfile.h"
#include "regex.h"
#include "secret.h"
#include "text.h"

#define RULES_FILE_MAX (4u << 20)

/* --- the rule file ---------------------------------------------------------- */

static int rule_int(struct jsonfile *f, const cJSON *o, const char *key, int lo, int hi, int *out)
{
	long v = *out;

	if (jsonfile_long(f, o, key, lo, hi, &v))
		return -1;
	*out = (int)v;
	return 0;
}

static int rule_engines(struct jsonfile *f, const cJSON *o, struct log_rule *r)
{
	const cJSON *e, *list = cJSON_GetObjectItemCaseSensitive(o, "engines");

	if (!list)
		return 0;
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > ENGINELOG_MAX_ENGINES)
		return jsonfile_error(f, "engines", "'engines' must be a list of at most %d names",
				      ENGINELOG_MAX_ENGINES);
	cJSON_ArrayForEach(e, list)
	{
		enum engine which =
			cJSON_IsString(e) ? engine_named(e->valuestring) : ENGINE_UNKNOWN;

		if (which == ENGINE_UNKNOWN)
			return jsonfile_error(
				f, "engines", "'engines' holds '%.40s', not an engine: %s",
				cJSON_IsString(e) ? e->valuestring : "?", engine_keys());
		r->engines[r->n_engines++] = which;
	}
	return 0;
}

/* "literal": a text, or a list of them; \\E would end the quoting */
static int rule_literals(struct jsonfile *f, const cJSON *o, struct log_rule *r)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "literal"), *e;

	if (!v)
		return 0;
	if (cJSON_IsString(v) && *v->valuestring && !strstr(v->valuestring, "\\E"))
		return (r->literals[r->n_literals++] = xstrdup(v->valuestring))
			       ? 0
			       : jsonfile_error(f, NULL, "out of memory");
	if (!cJSON_IsArray(v) || !cJSON_GetArraySize(v) ||
	    cJSON_GetArraySize(v) > ENGINELOG_MAX_LITERALS)
		return jsonfile_error(f, "literal",
				      "'literal' must be a text or a list of at most %d texts",
				      ENGINELOG_MAX_LITERALS);
	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e) || !*e->valuestring || strstr(e->valuestring, "\\E"))
			return jsonfile_error(f, "literal",
					      "each literal must be a text without \\E");
		if (!(r->literals[r->n_literals++] = xstrdup(e->valuestring)))
			return jsonfile_error(f, NULL, "out of memory");
	}
	return 0;
}

/* the name's index in names (NULL-ended), or -1 */
static int named(const char *const *names, const char *name)
{
	int i;

	for (i = 0; name && names[i]; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

/* pattern compiled with shapes (a DEFINE group, or NULL) after it; NULL
 * with the reason in why */
static struct regex *compile_with(const char *pattern, const char *shapes, char *why, size_t size)
{
	struct buf whole = BUF_INIT(0);
	struct regex *re;

	if (!shapes)
		return regex_compile(pattern, why, size);
	if (buf_append(&whole, pattern, strlen(pattern)) ||
	    buf_append(&whole, shapes, strlen(shapes))) {
		snprintf(why, size, "out of memory");
		re = NULL;
	} else {
		re = regex_compile(buf_cstr(&whole), why, size);
	}
	buf_release(&whole);
	return re;
}

/* compiles r's pattern; one that calls a shape of its file ("(?&raised)")
 * compiles with the file's shapes defined after it (shapes: "(?(DEFINE)
 * (?<raised>...)...)", or NULL), its own groups numbered as written */
static int compile_rule(struct jsonfile *f, struct log_rule *r, const char *shapes)
{
	char why[300];

	r->re = compile_with(r->pattern, strstr(r->pattern, "(?&") ? shapes : NULL, why,
			     sizeof(why));
	if (!r->re || !(r->m = regex_matcher_new(r->re)))
		return jsonfile_error(f, "pattern", "rule '%s': the pattern does not compile: %s",
				      r->id, r->re ? "out of memory" : why);
	return 0;
}

/* a class: lower-case words joined by '-', as cause codes are */
static int rule_class(struct jsonfile *f, struct log_rule *r)
{
	const char *c = r->class;

	if (!c)
		return 0;
	for (; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
			return jsonfile_error(f, "class",
					      "rule '%s': a class is lower-case words joined by "
					      "'-' (\"out-of-memory\")",
					      r->id);
	return 0;
}

const char *const log_file_keys[] = {
	"$schema", "description", "shapes", "rules", "markers", NULL
};
const char *const log_rule_keys[] = { "id",	 "engines",   "priority",   "severity", "pattern",
				      "literal", "quote",     "cause",	    "explain",	"remedy",
				      "source",	 "example",   "lines",	    "class",	"layer",
				      "startup", "remedy_of", "ending",	    "heads",	"run",
				      "loud",	 "frames",    "explain_of", NULL };
const char *const log_marker_keys[] = { "id",	  "kind",    "engines", "pattern", "literal",
					"quote",  "lines",   "status",	"says",	   "health",
					"source", "example", NULL };

/* a rule's text under key ("explain", "remedy"): its own, or (KEY_of) that
 * of a rule before it in its file, so that rules of one kind say one thing,
 * written once; at is where the text lives in a rule (offsetof) */
static int rule_text(struct jsonfile *f, const cJSON *o, const char *key, size_t at,
		     struct log_rule *r, const struct log_rule *before, size_t n_before)
{
	char of_key[32], *of = NULL;
	char **text = (char **)(void *)((char *)r + at);
	size_t i;
	int rc;

	snprintf(of_key, sizeof(of_key), "%s_of", key);
	rc = jsonfile_string(f, o, key, false, text) || jsonfile_string(f, o, of_key, false, &of);
	if (!rc && !*text == !of)
		rc = jsonfile_error(f, of ? of_key : NULL,
				    "a rule gives its '%s', or names with '%s' the rule whose "
				    "%s it gives (one of them)",
				    key, of_key, key);
	for (i = 0; !rc && of && i < n_before && strcmp(before[i].id, of); i++)
		;
	if (!rc && of && i == n_before)
		rc = jsonfile_error(f, of_key, "'%s' names no rule before it in its file ('%s')",
				    of_key, of);
	if (!rc && of &&
	    !(*text = xstrdup(*(char *const *)(const void *)((const char *)&before[i] + at))))
		rc = jsonfile_error(f, NULL, "out of memory");
	free(of);
	return rc;
}

static int load_rule(struct jsonfile *f, const cJSON *o, struct log_rule *r,
		     const struct log_rule *before, size_t n_before, const char *shapes)
{
	const char *const *keys = log_rule_keys;
	static const char *const layers[] = { "rule", "class", NULL };
	char *severity = NULL, *layer = NULL;
	int rc;

	if (!cJSON_IsObject(o))
		return jsonfile_error(f, "rules", "each rule must be an object");
	r->priority = 500;
	r->lines = 1;
	rc = jsonfile_only_keys(f, o, "a rule", keys) ||
	     jsonfile_string(f, o, "id", true, &r->id) ||
	     jsonfile_string(f, o, "pattern", true, &r->pattern) ||
	     jsonfile_string(f, o, "cause", true, &r->cause) ||
	     rule_text(f, o, "explain", offsetof(struct log_rule, explain), r, before, n_before) ||
	     rule_text(f, o, "remedy", offsetof(struct log_rule, remedy), r, before, n_before) ||
	     jsonfile_string(f, o, "source", false, &r->source) ||
	     jsonfile_string(f, o, "example", false, &r->example) ||
	     jsonfile_string(f, o, "class", false, &r->class) ||
	     jsonfile_string(f, o, "severity", false, &severity) ||
	     jsonfile_string(f, o, "layer", false, &layer) ||
	     rule_int(f, o, "priority", 0, 10000, &r->priority) ||
	     rule_int(f, o, "quote", 0, 32, &r->quote) ||
	     rule_int(f, o, "lines", 1, ENGINELOG_MAX_WINDOW, &r->lines) || rule_engines(f, o, r) ||
	     jsonfile_bool(f, o, "startup", &r->startup) ||
	     jsonfile_bool(f, o, "ending", &r->ending) || jsonfile_bool(f, o, "run", &r->run) ||
	     jsonfile_bool(f, o, "loud", &r->loud) || jsonfile_bool(f, o, "frames", &r->frames) ||
	     rule_int(f, o, "heads", 0, ENGINELOG_MAX_WINDOW, &r->heads) ||
	     rule_literals(f, o, r) || rule_class(f, r);
	r->fatal = !severity || !strcmp(severity, "fatal");
	r->kind = r->fatal ? LOG_FATAL : LOG_WARNING;
	r->layer = layer && named(layers, layer) == 1 ? LAYER_CLASS : LAYER_RULE;
	if (!rc && severity && strcmp(severity, "fatal") && strcmp(severity, "warning"))
		rc = jsonfile_error(f, "severity", "'severity' must be \"fatal\" or \"warning\"");
	if (!rc && layer && named(layers, layer) < 0)
		rc = jsonfile_error(f, "layer", "'layer' must be \"rule\" or \"class\"");
	if (!rc && !r->class)
		r->class = xstrdup(r->cause); /* a rule of the user's: its cause is its class */
	free(severity);
	free(layer);
	return rc ? -1 : compile_rule(f, r, shapes);
}

/* a marker: what the last layer reads (enginelog.h) */
static int load_marker(struct jsonfile *f, const cJSON *o, struct log_rule *r, const char *shapes)
{
	const char *const *keys = log_marker_keys;
	static const char *const kinds[] = { "exit",	"error",   "ready",	"shutdown",
					     "engine",	"request", "traceback", "exception",
					     "handler", "quiet",   "fallback",	NULL };
	static const enum log_kind as[] = { LOG_EXIT,	 LOG_ERROR,   LOG_READY,     LOG_SHUTDOWN,
					    LOG_ENGINE,	 LOG_REQUEST, LOG_TRACEBACK, LOG_EXCEPTION,
					    LOG_HANDLER, LOG_QUIET,   LOG_FALLBACK };
	char *kind = NULL, names[160];
	int rc, k;

	_Static_assert(sizeof(kinds) / sizeof(kinds[0]) == sizeof(as) / sizeof(as[0]) + 1,
		       "a marker kind for each name");

	if (!cJSON_IsObject(o))
		return jsonfile_error(f, "markers", "each marker must be an object");
	r->lines = 1;
	rc = jsonfile_only_keys(f, o, "a marker", keys) ||
	     jsonfile_string(f, o, "id", true, &r->id) ||
	     jsonfile_string(f, o, "kind", true, &kind) ||
	     jsonfile_string(f, o, "pattern", true, &r->pattern) ||
	     jsonfile_string(f, o, "source", false, &r->source) ||
	     jsonfile_string(f, o, "example", false, &r->example) ||
	     rule_int(f, o, "quote", 0, 32, &r->quote) ||
	     rule_int(f, o, "lines", 1, ENGINELOG_MAX_WINDOW, &r->lines) ||
	     rule_int(f, o, "status", 100, 599, &r->status) || rule_engines(f, o, r) ||
	     jsonfile_bool(f, o, "says", &r->says) || jsonfile_bool(f, o, "health", &r->health) ||
	     rule_literals(f, o, r);
	k = named(kinds, kind);
	free(kind);
	if (!rc && k < 0) { /* the list said as it is, once */
		jsonfile_names(names, sizeof(names), kinds, sizeof(as) / sizeof(as[0]), "\"");
		rc = jsonfile_error(f, "kind", "'kind' must be %s", names);
	}
	if (rc)
		return -1;
	r->kind = as[k];
	if (r->kind == LOG_ENGINE && r->n_engines != 1)
		return jsonfile_error(f, "engines", "marker '%s' names one engine in 'engines'",
				      r->id);
	if (r->says && r->kind != LOG_EXIT)
		return jsonfile_error(f, "says", "only an exit marker says why ('%s' is not one)",
				      r->id);
	if (r->health && r->kind != LOG_READY)
		return jsonfile_error(f, "health",
				      "only a ready marker is a health check ('%s' is not one)",
				      r->id);
	return compile_rule(f, r, shapes);
}

static unsigned char folded(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static unsigned bucket(uint32_t key)
{
	return (unsigned)((key * 2654435761u) >> 16); /* 16 bits: ENGINELOG_BUCKETS */
}

static int by_bucket(const void *a, const void *b)
{
	unsigned x = bucket(((const struct log_literal *)a)->key);
	unsigned y = bucket(((const struct log_literal *)b)->key);

	return x < y ? -1 : x > y;
}

static uint32_t key_at(const char *text)
{
	const unsigned char *t = (const unsigned char *)text;

	return (uint32_t)folded(t[0]) | (uint32_t)folded(t[1]) << 8 | (uint32_t)folded(t[2]) << 16 |
	       (uint32_t)folded(t[3]) << 24;
}

/* how rare four bytes of text are in a log, by the letters most common in
 * English (space first): each not among them counts most */
static unsigned rarity(const char *text)
{
	static const char common[] = " etaoinshrdlu";
	unsigned k, score = 0;

	for (k = 0; k < 4; k++) {
		const char *c = strchr(common, (char)folded((unsigned char)text[k]));

		score += text[k] && c ? (unsigned)(c - common) : (unsigned)sizeof(common);
	}
	return score;
}

/* Where in e's text its four bytes are taken: the fewest literals already
 * in their bucket (count[b]), then the rarest bytes. Every line's bytes
 * are looked up, and a literal is compared whole wherever a line holds its
 * four: a common word ("load", taken by 24 literals first) cost a
 * comparison of each at every "load" in a log. */
static void choose_key(struct log_literal *e, const uint32_t *count)
{
	size_t at, best = 0;

	for (at = 1; at + 4 <= e->len; at++) {
		unsigned b = bucket(key_at(e->text + at)), c = bucket(key_at(e->text + best));

		if (count[b] < count[c] ||
		    (count[b] == count[c] && rarity(e->text + at) > rarity(e->text + best)))
			best = at;
	}
	e->at = best;
	e->key = key_at(e->text + best);
}

/* every literal of the rules in the index; a literal shorter than four
 * bytes leaves its rule unfiltered */
static int index_literals(struct log_rules *rs)
{
	size_t i, k, n = 0;

	free(rs->literals);
	free(rs->starts);
	rs->literals = NULL;
	rs->starts = NULL;
	rs->n_literals = 0;
	memset(rs->seen, 0, sizeof(rs->seen));
	rs->unfiltered = false;
	rs->window = 1;
	for (i = 0; i < rs->n; i++) {
		n += rs->rules[i].n_literals;
		if (rs->rules[i].lines > rs->window)
			rs->window = rs->rules[i].lines;
	}
	if (n && (!(rs->literals = xcalloc(n, sizeof(*rs->literals))) ||
		  !(rs->starts = xcalloc(ENGINELOG_BUCKETS + 1, sizeof(*rs->starts)))))
		return -1;
	for (i = 0; i < rs->n; i++) {
		struct log_rule *r = &rs->rules[i];
		bool whole = r->n_literals > 0;

		r->filtered = false;
		if (r->kind == LOG_QUIET)
			continue; /* read only when a finding would come (quiet_line) */
		for (k = 0; k < r->n_literals; k++)
			whole = whole && strlen(r->literals[k]) >= 4;
		rs->unfiltered = rs->unfiltered || !whole;
		if (!whole)
			continue; /* tried on every line instead */
		r->filtered = true;
		for (k = 0; k < r->n_literals; k++) {
			struct log_literal *e = &rs->literals[rs->n_literals++];
			unsigned b;

			e->text = r->literals[k];
			e->len = strlen(e->text);
			e->rule = i;
			choose_key(e, rs->starts + 1); /* each bucket's count so far */
			e->last = folded((unsigned char)e->text[e->len - 1]);
			b = bucket(e->key);
			rs->starts[b + 1]++;
			rs->seen[b >> 6] |= 1ull << (b & 63);
		}
	}
	if (!rs->n_literals) { /* a file whose rules all lack one has none, nor an array */
		free(rs->starts);
		rs->starts = NULL;
		return 0;
	}
	qsort(rs->literals, rs->n_literals, sizeof(*rs->literals), by_bucket);
	for (i = 0; i < ENGINELOG_BUCKETS; i++) /* each bucket's count, then where it starts */
		rs->starts[i + 1] += rs->starts[i];
	return 0;
}

/* Flags in hit every rule one of whose literals s (n bytes) holds, case
 * folded, and lists them in hits; returns how many. */
static size_t literals_in(const struct log_rules *rs, const char *s, size_t n, unsigned char *hit,
			  size_t *hits)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t key = 0;
	size_t i, k, found = 0;

	for (i = 0; i < n; i++) {
		unsigned b;

		key = key >> 8 | (uint32_t)folded(p[i]) << 24;
		if (i < 3)
			continue;
		b = bucket(key);
		if (!(rs->seen[b >> 6] & (1ull << (b & 63))))
			continue;
		for (k = rs->starts[b]; k < rs->starts[b + 1]; k++) {
			const struct log_literal *e = &rs->literals[k];
			size_t j;

			if (e->key != key || i - 3 < e->at || i - 3 - e->at + e->len > n ||
			    hit[e->rule] || folded(p[i - 4 - e->at + e->len]) != e->last)
				continue;
			for (j = 0; j < e->len && folded(p[i - 3 - e->at + j]) ==
							  folded((unsigned char)e->text[j]);
			     j++)
				;
			if (j == e->len) {
				hit[e->rule] = 1;
				hits[found++] = e->rule;
			}
		}
	}
	return found;
}

/* every shape compiles, called or not, and so do their calls of each
 * other: the DEFINE group after a pattern that matches nothing */
static int shapes_compile(struct jsonfile *f, const char *shapes)
{
	char why[300];
	struct regex *re = compile_with("(?!)", shapes, why, sizeof(why));

	if (!re)
		return jsonfile_error(f, "shapes", "the shapes do not compile: %s", why);
	regex_free(re);
	return 0;
}

/* a file's shapes ({"raised": "..."}: patterns its rules call by name,
 * "(?&raised)") as one PCRE2 DEFINE group in *out, empty when it has none */
static int load_shapes(struct jsonfile *f, const cJSON *shapes, struct buf *out)
{
	const cJSON *s;

	if (!shapes)
		return 0;
	if (!cJSON_IsObject(shapes))
		return jsonfile_error(f, "shapes", "'shapes' is an object of named patterns");
	if (buf_append(out, "(?(DEFINE)", 10))
		return jsonfile_error(f, NULL, "out of memory");
	cJSON_ArrayForEach(s, shapes)
	{
		const char *c = s->string;

		if (!cJSON_IsString(s) || !s->valuestring[0])
			return jsonfile_error(f, "shapes", "shape '%s' is not a pattern", c);
		for (; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || *c == '_' ||
			      (c > s->string && *c >= '0' && *c <= '9')))
				return jsonfile_error(
					f, "shapes",
					"a shape's name is lower-case letters, digits "
					"and '_' ('%s')",
					s->string);
		if (buf_printf(out, "(?<%s>%s)", s->string, s->valuestring))
			return jsonfile_error(f, NULL, "out of memory");
	}
	if (buf_append(out, ")", 1))
		return jsonfile_error(f, NULL, "out of memory");
	return shapes_compile(f, buf_cstr(out));
}

int log_rules_load_text(struct log_rules *rs, const char *path, const char *text, size_t len,
			char *err, size_t errlen)
{
	struct jsonfile f = { path, text, len, err, errlen };
	cJSON *root = jsonfile_parse(&f);
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "rules"), *o;
	const cJSON *markers = cJSON_GetObjectItemCaseSensitive(root, "markers");
	struct buf shapes = BUF_INIT(0);
	const char *defined;
	struct log_rule *more;
	size_t first;
	int rc = -1;

	if (!root)
		return -1;
	if (!cJSON_IsObject(root) || jsonfile_only_keys(&f, root, "the rule file", log_file_keys) ||
	    !cJSON_IsArray(list) || (markers && !cJSON_IsArray(markers))) {
		if (!err[0])
			jsonfile_error(&f, NULL,
				       "a rule file holds an object with a 'rules' list (and a "
				       "'markers' list)");
		goto done;
	}
	if (load_shapes(&f, cJSON_GetObjectItemCaseSensitive(root, "shapes"), &shapes))
		goto done;
	defined = shapes.len ? buf_cstr(&shapes) : NULL;
	more = xrealloc(rs->rules, (rs->n + (size_t)cJSON_GetArraySize(list) +
				    (size_t)cJSON_GetArraySize(markers) + 1) *
					   sizeof(*more));
	if (!more) {
		jsonfile_error(&f, NULL, "out of memory");
		goto done;
	}
	rs->rules = more;
	first = rs->n;
	cJSON_ArrayForEach(o, list)
	{
		struct log_rule *r = &rs->rules[rs->n++];

		memset(r, 0, sizeof(*r));
		if (load_rule(&f, o, r, rs->rules + first, rs->n - 1 - first, defined))
			goto done;
	}
	cJSON_ArrayForEach(o, markers)
	{
		memset(&rs->rules[rs->n], 0, sizeof(rs->rules[rs->n]));
		if (load_marker(&f, o, &rs->rules[rs->n++], defined))
			goto done;
	}
	if (index_literals(rs)) {
		jsonfile_error(&f, NULL, "out of memory");
		goto done;
	}
	rc = 0;
done:
	buf_release(&shapes);
	cJSON_Delete(root);
	return rc;
}

int log_rules_load(struct log_rules *rs, const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	int rc = file_read(path, RULES_FILE_MAX, &text, err, errlen)
			 ? -1
			 : log_rules_load_text(rs, path, buf_cstr(&text), text.len, err, errlen);

	buf_release(&text);
	return rc;
}

void log_rules_release(struct log_rules *rs)
{
	size_t i, k;

	for (i = 0; i < rs->n; i++) {
		struct log_rule *r = &rs->rules[i];

		free(r->id);
		free(r->pattern);
		free(r->cause);
		free(r->explain);
		free(r->remedy);
		free(r->source);
		free(r->example);
		free(r->class);
		for (k = 0; k < r->n_literals; k++)
			free(r->literals[k]);
		regex_matcher_free(r->m);
		regex_free(r->re);
	}
	free(rs->rules);
	free(rs->literals);
	free(rs->starts);
	memset(rs, 0, sizeof(*rs));
}

/* --- reading a log ---------------------------------------------------------- */

void enginelog_init(struct enginelog *l, const struct log_rules *rs, enum engine engine)
{
	memset(l, 0, sizeof(*l));
	l->rules = rs;
	l->engine = engine;
	l->partial = (struct buf)BUF_INIT(0);
	l->before_cr = (struct buf)BUF_INIT(0);
	l->window = (struct buf)BUF_INIT(0);
	l->wrapped = (struct buf)BUF_INIT(0);
}

static bool applies(const struct log_rule *r, enum engine engine)
{
	size_t k;

	if (engine == ENGINE_UNKNOWN || !r->n_engines)
		return true;
	for (k = 0; k < r->n_engines; k++)
		if (r->engines[k] == engine)
			return true;
	return false;
}

/* s (n bytes) into out as one printable line: control bytes as spaces,
 * leading blanks dropped, cut on a UTF-8 boundary, tokens masked */
static void excerpt(const char *s, size_t n, char *out, size_t size)
{
	size_t i, j = 0;

	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	n = text_utf8_valid_prefix(s, n < size - 1 ? n : size - 1);
	for (i = 0; i < n && j + 1 < size; i++)
		out[j++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i];
	out[j] = '\0';
	secret_mask_tokens(out);
}

static void mark(struct log_mark *m, long line, const char *s, size_t n)
{
	m->line = line;
	m->joined = 0;
	excerpt(s, n, m->text, sizeof(m->text));
}

#define QUOTE_JOIN_MAX 2 /* lines a quote broken after ':' takes in */

/* the length of the n bytes at s without the spaces they end with */
static size_t trimmed(const char *s, size_t n)
{
	while (n && s[n - 1] == ' ')
		n--;
	return n;
}

/* Does the line end with ':', spaces after it aside: a message broken
 * there, its rest on the next line? */
static bool broken_after_colon(const char *s, size_t n)
{
	n = trimmed(s, n);
	return n && s[n - 1] == ':';
}

/* Did a terminal wrap the line on a space: a long line that ends in one
 * (a logger does not end its lines so), a word of its message after it on
 * the next line? */
static bool broken_at_space(const char *s, size_t n)
{
	return n >= 60 && s[n - 1] == ' ' && s[n - 2] != ' ';
}

/* Does the line go on with the message of the line a terminal wrapped
 * before it: it begins as a sentence goes on (a lower-case word, a
 * number), not as a log's line does? */
static bool goes_on(const char *s, size_t n)
{
	return n && (islower((unsigned char)s[0]) || isdigit((unsigned char)s[0]));
}

/* Does the line (an excerpt) give a cause under a key of its own, a
 * field of an error object ("cause": "...", reason: ...) or a chained
 * exception's "Caused by: ..."? */
static bool gives_cause(const char *s)
{
	static const char *const keys[] = { "caused by", "cause", "root cause", "reason" };
	size_t k, len;

	if (*s == '"' || *s == '\'')
		s++;
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		const char *p = s + (len = strlen(keys[k]));

		if (strncasecmp(s, keys[k], len))
			continue;
		if (*p == '"' || *p == '\'')
			p++;
		while (*p == ' ')
			p++;
		if (*p == ':')
			return true;
	}
	return false;
}

/* Does the quote (its first k bytes) end with "<Name> error" and the line
 * s after it begin with "<Name> error: ", the error it named, said? ggml's
 * abort "ggml-cann.cpp:69: CANN error" above "CANN error: EL0003: ..." */
static bool names_next_error(const char *quote, size_t k, const char *s)
{
	static const char tail[] = " error";
	size_t t = sizeof(tail) - 1, w;

	if (k <= t || strncmp(quote + k - t, tail, t))
		return false;
	for (w = k - t; w > 0 && isalnum((unsigned char)quote[w - 1]); w--)
		;
	if (w == k - t || (w > 0 && quote[w - 1] != ' '))
		return false;
	return !strncmp(s, quote + w, k - w) && !strncmp(s + (k - w), ": ", 2);
}

/* Does the line s give the dynamic loader's reason (dlerror's words:
 * "libx.so.13: cannot open shared object file: ...", "...: undefined
 * symbol: f") for a quote that says a library would not load and not
 * why ("RuntimeError: Failed to load dynamic shared library .../_C.so")? */
static bool gives_load_reason(const char *quote, const char *s)
{
	static const char *const why[] = { ": cannot open shared object file",
					   ": undefined symbol: " };
	size_t k;

	if (!strstr(quote, "library") || (!strstr(quote, "load") && !strstr(quote, "Load")))
		return false;
	for (k = 0; k < sizeof(why) / sizeof(why[0]); k++)
		if (strstr(quote, why[k]))
			return false;
	for (k = 0; k < sizeof(why) / sizeof(why[0]); k++)
		if (strstr(s, why[k]))
			return true;
	return false;
}

/* A quote from line `at` (that took in *joined lines since) whose text
 * ends with ':' goes on in the line s, the one after them: a message its
 * writer broke ("error loading model:\nkey not found in model: x"). s
 * joins it, after a space, while each part ends so. So does the what()
 * line C++'s runtime writes under "terminate called after throwing an
 * instance of 'T'": the exception's message, which says why; the "SYCL
 * error: ..." line ggml's SYCL backend writes under "Exception caught at
 * file:F, line:N", which says what failed; the "CANN error: ..." line
 * under ggml's abort that named it ("...ggml-cann.cpp:69: CANN error");
 * a line right after the quote that gives its cause under a key (an
 * error object's "title": "Failed to load model", then its "cause");
 * and the dynamic loader's reason under a library that would not load. */
static void join_quote(char *quote, size_t size, int *joined, long at, long now, const char *s,
		       size_t n)
{
	size_t k = trimmed(quote, strlen(quote));
	char more[ENGINELOG_QUOTE_MAX];
	bool why;

	if (at + *joined + 1 != now || *joined >= QUOTE_JOIN_MAX)
		return;
	excerpt(s, n, more, sizeof(more));
	why = !*joined &&
	      ((strstr(quote, "terminate called after throwing an instance of") &&
		!strncmp(more, "what(): ", 8)) ||
	       (strstr(quote, "Exception caught at file:") && !strncmp(more, "SYCL error: ", 12)) ||
	       names_next_error(quote, k, more) || gives_cause(more) ||
	       gives_load_reason(quote, more));
	if (!k || (quote[k - 1] != ':' && !why))
		return;
	if (!*more)
		return;
	snprintf(quote + k, size - k, " %s", more);
	(*joined)++;
}

/* one finding a line: does r say more than o? A rule more than a class,
 * and between equals the higher priority */
static bool outranks(const struct log_rule *r, const struct log_rule *o)
{
	if ((r->layer == LAYER_RULE) != (o->layer == LAYER_RULE))
		return r->layer == LAYER_RULE;
	return r->priority > o->priority;
}

/* the name a line begins with before ": " ("ggml_vulkan" of
 * "ggml_vulkan: Device memory allocation of size 1610612736 failed."):
 * its length, 0 when it begins with none */
static size_t subsystem(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && (isalnum((unsigned char)s[i]) || strchr("_.:-", s[i])); i++)
		if (s[i] == ':' && i + 1 < n && s[i + 1] == ' ')
			return i >= 3 ? i : 0;
	return 0;
}

/* Does the line s, a finding of r on the line after m's, say the rest of
 * m's failure: the same rule, in the same subsystem's words ("...
 * allocation of size 1610612736 failed." then "ggml_vulkan:
 * vk::Device::allocateMemory: ErrorOutOfDeviceMemory")? Then it joins
 * m's quote, which holds both the numbers and the error's name. */
static bool says_the_rest(const struct log_match *m, const struct log_rule *r, long line,
			  const char *s, size_t n)
{
	size_t k;

	if (m->rule != r || m->joined || m->line + 1 != line)
		return false;
	k = subsystem(m->quote, strlen(m->quote));
	return k && subsystem(s, n) == k && !memcmp(m->quote, s, k);
}

/* The same finding, its line read again with the rest its writer wrapped
 * after a space onto the next (take_unwrapped: "... does not support the "
 * then "deployment configuration since ..."): its quote becomes the message
 * whole. Not a terminal's wrap at its width, nor a line that only ends in a
 * word, whose next line may be anything the log said next. True when s is
 * such a reading of a finding's line. */
static bool quoted_whole(struct enginelog *l, const struct log_rule *r, long line, const char *s,
			 size_t n)
{
	size_t i;

	for (i = 0; l->rewrapped && i < l->n_matches; i++)
		if (l->matches[i].line == line && l->matches[i].rule == r &&
		    !l->matches[i].joined) {
			char whole[ENGINELOG_QUOTE_MAX];
			size_t had = strlen(l->matches[i].quote);

			excerpt(s, n, whole, sizeof(whole));
			if (strlen(whole) > had && !strncmp(whole, l->matches[i].quote, had)) {
				memcpy(l->matches[i].quote, whole, strlen(whole) + 1);
				l->matches[i].joined = 1;
			}
			return true;
		}
	return false;
}

static void record(struct enginelog *l, const struct log_rule *r, long line, const char *s,
		   size_t n)
{
	struct log_match *m;

	size_t i, k;

	/* a run of a dump's lines is one finding, its first line's */
	for (i = 0; r->run && i < l->n_matches; i++)
		if (l->matches[i].rule == r && line - l->matches[i].last <= ENGINELOG_RUN_GAP) {
			l->matches[i].last = line;
			return;
		}
	for (i = 0; i < l->n_matches; i++)
		if (says_the_rest(&l->matches[i], r, line, s, n)) {
			char more[ENGINELOG_QUOTE_MAX];
			size_t at = strlen(l->matches[i].quote);

			excerpt(s, n, more, sizeof(more));
			snprintf(l->matches[i].quote + at, sizeof(l->matches[i].quote) - at, " %s",
				 more);
			l->matches[i].joined = 1;
			return;
		}

	if (quoted_whole(l, r, line, s, n))
		return;
	/* one finding a line: the one that says more (outranks), and a fatal
	 * one more than a fatal rule's the engine outlived (a request's
	 * refusal that, three in a row, fail every request) */
	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].line == line && !outranks(r, l->matches[i].rule) &&
		    !(r->fatal && l->matches[i].rule->fatal && !l->matches[i].fatal))
			return;
	for (i = k = 0; i < l->n_matches; i++)
		if (l->matches[i].line != line)
			l->matches[k++] = l->matches[i];
	l->n_matches = k;
	if (l->n_matches == ENGINELOG_MAX_MATCHES) {
		l->more++;
		return;
	}
	m = &l->matches[l->n_matches++];
	m->rule = r;
	m->line = m->last = line;
	m->fatal = r->fatal;
	m->joined = 0;
	m->kernel = line == l->lines && l->kernel_line;
	m->why = false;
	m->fell_back = false;
	/* a finding made after its line's markers (a wrapped line read again
	 * whole) learns here that a request handler wrote it; one made before
	 * them, from handled_line. The exception that ends a request's
	 * traceback (one begun on a handler's line, "Exception in ASGI
	 * application") is that request's too, its frames cut or not. */
	m->request = l->handler == line || (l->tb_handler && l->tb_closed == line);
	excerpt(s, n, m->quote, sizeof(m->quote));
}

/* the line s, now read, into the quotes broken after ':' just before it */
static void join_quotes(struct enginelog *l, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < l->n_matches; i++)
		join_quote(l->matches[i].quote, sizeof(l->matches[i].quote), &l->matches[i].joined,
			   l->matches[i].line, l->lines, s, n);
	join_quote(l->error.text, sizeof(l->error.text), &l->error.joined, l->error.line, l->lines,
		   s, n);
}

#define WINDOW_LINE_MAX 1024 /* bytes of a line a window keeps */

/* the line into the window of the last lines, the oldest dropped */
static void remember(struct enginelog *l, const char *s, size_t n)
{
	if (n > WINDOW_LINE_MAX)
		n = WINDOW_LINE_MAX;
	if (l->n_window == (size_t)l->rules->window) {
		size_t drop = l->ends[0] + 1, k;

		memmove(l->window.data, l->window.data + drop, l->window.len - drop);
		l->window.len -= drop;
		for (k = 1; k < l->n_window; k++)
			l->ends[k - 1] = l->ends[k] - drop;
		l->n_window--;
	}
	if ((l->n_window && buf_putc(&l->window, '\n')) || buf_append(&l->window, s, n)) {
		l->window.len = 0; /* out of memory: start again rather than misjoin */
		l->n_window = 0;
		return;
	}
	l->ends[l->n_window++] = l->window.len;
}

/* the last k lines of the window, joined; *len their length */
static const char *last_lines(const struct enginelog *l, int k, size_t *len)
{
	size_t first = (size_t)k >= l->n_window ? 0 : l->n_window - (size_t)k;
	size_t start = first ? l->ends[first - 1] + 1 : 0;

	*len = l->n_window ? l->window.len - start : 0;
	return l->window.data ? l->window.data + start : "";
}

/* how many more parentheses the line opens than it closes */
static int parens(const char *s, size_t n)
{
	int open = 0;
	size_t i;

	for (i = 0; i < n; i++)
		open += (s[i] == '(') - (s[i] == ')');
	return open;
}

/* rule i backtracked past pcre2's limits on this line: it costs the limit
 * no more on this log (a pattern that did once will again) */
static void trip(struct enginelog *l, size_t i)
{
	if (!l->tripped && !(l->tripped = xcalloc(l->rules->n, 1)))
		return;
	l->tripped[i] = 1;
	if (!l->first_tripped) {
		l->first_tripped = &l->rules->rules[i];
		l->tripped_line = l->lines;
	}
}

static bool holds(const char *s, size_t n, const char *what)
{
	size_t k = strlen(what), i;

	for (i = 0; i + k <= n; i++)
		if (s[i] == what[0] && !memcmp(s + i, what, k))
			return true;
	return false;
}

/* Is the line a traceback's frame, 'File "x.py", line 12, in f'? */
static bool is_frame_line(const char *s, size_t n)
{
	const char *q;

	for (q = s; (q = memchr(q, '"', n - (size_t)(q - s))); q++)
		if (q - s >= 5 && !memcmp(q - 5, "File ", 5))
			return holds(q, n - (size_t)(q - s), ", line ");
	return false;
}

/* Is the line a traceback's code, "raise RuntimeError(...)", behind a log
 * prefix or not ("ERROR 04-16 [worker.py:620]     raise ...", "[rank0]:
 * raise ...", "(APIServer pid=9)     raise ...", Python logging's "... -
 * INFO -     raise ...")? Its error is on the line after; the source line
 * Python echoes under a warning ("  warnings.warn('...'") is the
 * warning's. A frame's location says its line ('File "x.py", line 3'):
 * 'File "config.json" not found' is no frame. */
static bool is_code_line(const char *s, size_t n)
{
	static const char *const starts[] = { "raise ", "return ", "File \"", "warnings.warn(" };
	size_t i, k, len;

	if (holds(s, n, "(most recent call last)"))
		return false; /* a traceback pasted as one line: its end says what it is */
	for (k = 0; k < sizeof(starts) / sizeof(starts[0]); k++)
		for (i = 0, len = strlen(starts[k]); i + len <= n; i++) {
			size_t j = i;

			if (memcmp(s + i, starts[k], len))
				continue;
			while (j > 0 && (s[j - 1] == ' ' || s[j - 1] == '\t'))
				j--;
			if ((j == 0 || (j < i && strchr("]):|>-", s[j - 1]))) &&
			    (k != 2 || holds(s + i, n - i, ", line ")))
				return true;
		}
	return false;
}

/* the log prefix's group s begins with, "(VllmWorker rank=1 pid=336)" or
 * "[rank0]": its length, 0 when s begins with none */
static size_t prefix_group(const char *s, size_t n)
{
	const char *close;

	if (!n || (s[0] != '(' && s[0] != '['))
		return 0;
	close = memchr(s, s[0] == '(' ? ')' : ']', n);
	return close ? (size_t)(close - s) + 1 : 0;
}

/* where a log prefix's groups end ("(VllmWorker rank=1 pid=336)",
 * "[rank0]:", several), just after the last, and in *groups how many */
static size_t after_groups(const char *s, size_t n, size_t *groups)
{
	size_t i = 0, end = 0, g;

	*groups = 0;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ':'))
			i++;
		if (!(g = prefix_group(s + i, n - i)))
			return end;
		end = i += g;
		(*groups)++;
	}
}

/* Is the line only a log prefix, its groups and nothing after them
 * ("(VllmWorker rank=1 pid=336)", "[rank0]:"): a blank line of a
 * process whose every line is prefixed? */
static bool is_bare_prefix(const char *s, size_t n)
{
	size_t groups, i = after_groups(s, n, &groups);

	while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ':'))
		i++;
	return groups && i == n;
}

/* Is what follows a log prefix's groups indented past the one space
 * after them, or only a traceback's carets ("(EngineCore pid=9)     raise
 * e", "[rank0]:   File ...")? A frame's code, even where no "Traceback"
 * line came first to say where its frames begin. */
static bool indented_after_prefix(const char *s, size_t n)
{
	size_t groups, i = after_groups(s, n, &groups), spaces = 0, carets;

	if (!groups)
		return false;
	if (i < n && s[i] == ':')
		i++;
	for (; i < n && s[i] == ' '; i++)
		spaces++;
	if (spaces >= 3)
		return true;
	for (carets = i; i < n && (s[i] == '^' || s[i] == '~'); i++)
		;
	return spaces && i == n && i > carets;
}

/* Is the line's message, after a "[file.py:N]" source (vLLM's and SGLang's
 * prefix, "ERROR 06-12 08:47:03 [multiproc_executor.py:962]     x = f()"),
 * indented: a traceback's frame or code, whichever process's it is? */
static bool indented_after_source(const char *s, size_t n)
{
	const char *b = s, *end = s + n;

	while ((b = memchr(b, ']', (size_t)(end - b)))) {
		const char *d = b;

		while (d > s && d[-1] >= '0' && d[-1] <= '9')
			d--;
		if (d < b && d - s >= 4 && d[-1] == ':' && !memcmp(d - 4, ".py", 3) &&
		    end - b >= 3 && b[1] == ' ' && b[2] == ' ')
			return true;
		b++;
	}
	return false;
}

/* how many spaces and tabs s (n bytes) begins with */
static size_t indent(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Is the line a frame of a Java stack trace, "\tat a.b.C.f(C.java:12)",
 * with a jar after it or not, or the count of the frames it leaves out
 * ("\t... 6 more")? */
static bool java_frame(const char *s, size_t n)
{
	size_t i = indent(s, n);
	const char *open;

	if (i == 0 || i == n)
		return false;
	if (n - i > 9 && !memcmp(s + i, "... ", 4) && holds(s + i, n - i, " more"))
		return true;
	if (n - i < 8 || memcmp(s + i, "at ", 3))
		return false;
	open = memchr(s + i, '(', n - i);
	return open && (holds(open, n - (size_t)(open - s), ".java:") ||
			holds(open, n - (size_t)(open - s), "(Native Method)") ||
			holds(open, n - (size_t)(open - s), "(Unknown Source)"));
}

/* Is the line a Java exception's: a class in a package ("a.b.X") whose
 * name ends in Exception or Error, alone or before its message, under
 * "Caused by: " or 'Exception in thread "x" ' or neither? */
static bool java_exception(const char *s, size_t n)
{
	size_t i = indent(s, n), dots = 0, start;

	if (n - i > 11 && !memcmp(s + i, "Caused by: ", 11))
		i += 11;
	else if (n - i > 20 && !memcmp(s + i, "Exception in thread ", 20)) {
		const char *q = memchr(s + i + 21, '"', n - i - 21);

		if (s[i + 20] != '"' || !q || (size_t)(q - s) + 2 > n)
			return false;
		i = (size_t)(q - s) + 2;
	}
	start = i;
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '$' || s[i] == '.'))
		dots += s[i++] == '.';
	if (!dots || !islower((unsigned char)s[start]) || (i < n && s[i] != ':'))
		return false;
	return (i - start > 9 && !memcmp(s + i - 9, "Exception", 9)) ||
	       (i - start > 5 && !memcmp(s + i - 5, "Error", 5));
}

/* a line said (neither blank nor a Python frame): where it leaves a Java
 * stack trace being told */
static void java_said(struct enginelog *l, const char *s, size_t n)
{
	if (java_frame(s, n)) {
		l->java_open = l->java_exception.line != 0;
	} else if (java_exception(s, n)) {
		mark(&l->java_exception, l->lines, s, n);
		l->java_open = false;
	} else {
		l->java_exception.line = 0;
		l->java_open = false;
	}
}

/* Is the line a traceback's frame, its code, a caret line, an exception
 * group's rule or blank (not what a log says, but where)? */
static bool is_frame(const char *s, size_t n)
{
	size_t i = indent(s, n), lead = i;

	if (i == n || is_bare_prefix(s, n))
		return true;
	if (s[i] == '|' && i + 1 < n && s[i + 1] == ' ') /* inside an exception group */
		return is_frame(s + i + 2, n - i - 2);
	if (indented_after_source(s, n) || indented_after_prefix(s, n))
		return true; /* a traceback's frame behind vLLM's prefix, a process's */
	if (lead >= 2)	     /* a frame's code, a continuation */
		return true;
	for (; i < n && (s[i] == '^' || s[i] == '~' || s[i] == ' '); i++)
		;
	if (i == n)
		return true;
	if (s[lead] == '+') { /* an exception group's rule, "+-+---- 1 ----" */
		for (i = lead; i < n && s[i] && strchr("+-| 0123456789", s[i]); i++)
			;
		if (i == n)
			return true;
	}
	return is_frame_line(s, n);
}

/* Is the line one of IPython's traceback (Jupyter's, Colab's): the line
 * a frame stopped at ("----> 4 llm = LLM(...)", "-> 1161 return f()"), a
 * frame's place ("<ipython-input-14-ad5e>", a file, as Colab's link
 * "[...](https://...)" or not, then " in f(...)"; IPython 8's "Cell
 * In[14], line 4" and "File /x/utils.py:1161, in inner(...)"), or Colab's
 * "8 frames" folded away? Its header names the exception ("RuntimeError
 * <spaces> Traceback (most recent call last)"), its message comes last. */
static bool ipython_frame(const char *s, size_t n)
{
	static const char input[] = "<ipython-input-";
	size_t i = 0, k;

	if (!n)
		return false;
	while (i < n && s[i] == '-')
		i++;
	if (i > 0 && i < n && s[i] == '>') {
		for (i++; i < n && s[i] == ' '; i++)
			;
		return i < n && isdigit((unsigned char)s[i]);
	}
	for (i = 0; i < n && isdigit((unsigned char)s[i]); i++)
		;
	if (i > 0 && n - i == 7 && !memcmp(s + i, " frames", 7))
		return true;
	if (n > 8 && !memcmp(s, "Cell In[", 8))
		return holds(s, n, "], line ");
	if (n > 6 && !memcmp(s, "File /", 6))
		return holds(s, n, ".py:") && holds(s, n, ", in ");
	k = s[0] == '[' ? 1 : 0;
	return n > k + sizeof(input) && s[n - 1] == ')' && holds(s, n, " in ") &&
	       (s[k] == '/' || !memcmp(s + k, input, sizeof(input) - 1));
}

/* Is the line a name and its colon and no more ("_RemoteTraceback: ",
 * the exception concurrent.futures raises, whose message is the worker's
 * traceback on the lines after it)? It says nothing of what failed: the
 * traceback after it goes on from the one before. */
static bool bare_name(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isspace((unsigned char)s[i]))
		i++;
	if (i == n || !(isalpha((unsigned char)s[i]) || s[i] == '_'))
		return false;
	while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
		i++;
	if (i < n && s[i] == ':')
		i++;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return i == n;
}

/* Does the line say the traceback after it was raised from the one
 * before it ("The above exception was the direct cause of the following
 * exception:", Python's for "raise X from err"), that one its cause? */
static bool raised_from(const char *s, size_t n)
{
	return holds(s, n, "above exception was the direct cause");
}

/* Does the line say that the traceback after it goes on from the one
 * before it: Python's "During handling of the above exception, another
 * exception occurred:", "The above exception was the direct cause of the
 * following exception:", an exception group's "(1 sub-exception)"? */
static bool chains_traceback(const char *s, size_t n)
{
	return holds(s, n, "During handling of the above exception") || raised_from(s, n) ||
	       holds(s, n, "sub-exception");
}

/* Does the line send its reader to what came before it for the cause
 * ("Got fatal signal from worker processes, shutting down. See stack
 * trace above for root cause issue.", vLLM's; "please check the stack
 * trace above for the root cause", "See root cause above")? Then it is
 * not the cause itself. */
static bool points_above(const char *s, size_t n)
{
	return holds(s, n, "trace above") || holds(s, n, "trace (above)") ||
	       holds(s, n, "traceback above") || holds(s, n, "error above") ||
	       holds(s, n, "errors above") || holds(s, n, "logs above") ||
	       holds(s, n, "cause above");
}

/* the process tag a line begins with, "(EngineCore pid=530) " as vLLM
 * and Ray write it, a prefix group that names a pid: its length, 0 when
 * there is none */
static size_t process_tag(const char *s, size_t n)
{
	size_t g = prefix_group(s, n);

	return g && s[0] == '(' && holds(s, g - 1, " pid=") ? g : 0;
}

/* Do the first `at` bytes of s, where its traceback begins, tag another
 * process than the line `before` does, or none where it tags one (the
 * parent's traceback after its engine core's last words)? Then that line,
 * another process's, does not say what this traceback is. */
static bool other_process(const char *s, size_t at, const char *before)
{
	size_t tag = process_tag(s, at), was = process_tag(before, strlen(before));

	return was && (tag != was || memcmp(s, before, tag));
}

/* the length of the last traceback's lead kept in tb_lead: its column,
 * 0 when none or too long to keep */
static size_t tb_lead_len(const struct enginelog *l)
{
	return l->tb_col < sizeof(l->tb_lead) ? l->tb_col : 0;
}

/* A traceback begins at column at of the line s: what it says it is, the
 * words before it on its line ("Scheduler hit an exception: Traceback"),
 * else the line before ("Exception in worker ... while processing method
 * initialize_cache."), a log prefix ("[rank0]: ") not being words. It is a
 * request handler's when one wrote its line or the line before it
 * ("Exception in ASGI application"), or when it goes on one that was
 * ("During handling of the above exception, another exception
 * occurred:", an exception group's "(1 sub-exception)"), or is the message
 * of an exception named alone on the line before it ("_RemoteTraceback: ",
 * a worker's traceback its parent raises again). */
static bool quiet_line(struct enginelog *l, const char *s, size_t n);

/* Are the k bytes before column at, where "Traceback" begins, IPython's
 * header: an exception's name alone, padded to the traceback's column
 * ("RuntimeError                              Traceback (most recent call
 * last)")? Its message comes after the frames, and a log cut among them
 * has only this to say what failed. */
static bool ipython_header(const char *s, size_t k, size_t at)
{
	return k && k + 2 <= at && bare_name(s, k) &&
	       (holds(s, k, "Error") || holds(s, k, "Exception") || holds(s, k, "Interrupt") ||
		holds(s, k, "Exit"));
}

static void traceback_began(struct enginelog *l, const char *s, size_t n, size_t at)
{
	const struct log_mark *before = &l->said[l->said_at ^ 1];
	bool chained = before->line && (chains_traceback(before->text, strlen(before->text)) ||
					bare_name(before->text, strlen(before->text)));
	size_t k = trimmed(s, at);

	l->traceback = l->lines;
	l->tb_chain = chained && l->tb_chain ? l->tb_chain : l->lines;
	if (!chained)
		l->tb_through = NULL;
	/* raised from the one before it ("raise X from err"): that one is
	 * the cause; a failure while handling one is a failure of its own */
	if (!before->line || !raised_from(before->text, strlen(before->text)))
		l->chain_cause = 0;
	else if (!l->chain_cause)
		l->chain_cause = l->exception.line;
	l->tb_open = true;
	l->tb_handler = (chained && l->tb_handler) || (l->handler && l->handler >= l->lines - 1);
	l->tb_col = at;
	memcpy(l->tb_lead, s, tb_lead_len(l));
	l->tb_foreign = before->line && other_process(s, at, before->text);
	/* Python ignored it (a destructor's), or a warning-level line began it
	 * ("Error extracting sub services: ..., Traceback" as an engine
	 * tears down what failed): its exception is no error said */
	l->tb_ignored = (before->line && strstr(before->text, "Exception ignored")) ||
			(at > 0 && quiet_line(l, s, n));
	l->tb_modules = 0;
	l->tb_ran = false;
	l->tb_class[0] = '\0';
	if ((k >= 2 && s[k - 1] == ':' && isalpha((unsigned char)s[k - 2])) ||
	    ipython_header(s, k, at))
		mark(&l->tb_intro, l->lines, s, n);
	else if (chained && l->error.line) /* what the exception before it said */
		l->tb_intro = l->error;
	else if (before->line && !chained)
		mark(&l->tb_intro, before->line, before->text, strlen(before->text));
	else
		l->tb_intro.line = 0;
}

/* a chat request's status: the one its marker means, else its capture */
static void request(struct enginelog *l, const struct log_rule *r, const char *s, size_t n,
		    size_t qs, size_t qe)
{
	long status = r->status;
	size_t i;

	for (i = qs; !r->status && i < qe && i < n && s[i] >= '0' && s[i] <= '9'; i++)
		status = status * 10 + (s[i] - '0');
	if (status >= 200 && status < 400) {
		l->failed_requests = 0;
		l->served = l->answered = l->lines;
		return;
	}
	if (status < 400 || status > 599)
		return;
	l->answered = l->lines;
	if (!l->failed_requests++)
		mark(&l->first_failed, l->lines, s, n);
}

/* where the last of the lines s holds begins */
static size_t last_line_at(const char *s, size_t n)
{
	while (n && s[n - 1] != '\n')
		n--;
	return n;
}

/* does a LOG_QUIET marker meet the line s (a warning's level)? */
static bool quiet_words(const struct enginelog *l, const char *s, size_t n)
{
	size_t i, qs, qe;

	for (i = 0; i < l->rules->n; i++) {
		const struct log_rule *r = &l->rules->rules[i];

		if (r->kind == LOG_QUIET && applies(r, l->engine) &&
		    regex_matcher_run(r->m, s, n, 0, &qs, &qe) == 1)
			return true;
	}
	return false;
}

/* is the line now read, s, warning-level? (a LOG_QUIET marker meets it,
 * or it goes on with a warning's message; asked once a line, only when a
 * class finding or an exception line would come from it) */
static bool quiet_line(struct enginelog *l, const char *s, size_t n)
{
	if (l->quiet_line == l->lines)
		return l->quiet;
	l->quiet_line = l->lines;
	l->quiet = l->quiet_continued || quiet_words(l, s, n);
	return l->quiet;
}

/* an exit on this line, a marker's or a warning-level line of an ending
 * class (r): the last, and the first of this death (since the last error
 * or ready line) */
static void exit_at(struct enginelog *l, const struct log_rule *r, const char *s, size_t n)
{
	if (!l->ended.line || l->ended.line <= l->ready || l->ended.line <= l->error.line) {
		mark(&l->ended, l->lines, s, n);
		l->ended_rule = r;
	}
	mark(&l->exit, l->lines, s, n);
}

/* a finding of r on the line (or lines) s: true when it shows the engine
 * dead (a rule's fatal finding) */
static bool found(struct enginelog *l, const struct log_rule *r, const char *s, size_t n, size_t qs,
		  size_t qe)
{
	/* the line read now (a rule of several lines meets them joined) */
	size_t at = last_line_at(s, n);

	if (is_code_line(s + at, n - at))
		return false; /* the source of a raise: its error comes next */
	if (r->layer == LAYER_CLASS && r->lines == 1 && !r->loud && quiet_line(l, s, n)) {
		/* a warning-level line makes no class finding; kept, in case
		 * the engine dies and it is the line that says why */
		if (l->warned.line != l->lines || outranks(r, l->warned_rule)) {
			mark(&l->warned, l->lines, s, n);
			l->warned_rule = r;
		}
		/* how it ended, at whatever level a logger said it
		 * (TorchServe's "WARN ... error: Worker died."): an exit */
		if (r->ending)
			exit_at(l, r, s, n);
		return false;
	}
	if (r->lines > 1 && r->quote && qe > qs) {
		/* the whole lines its quote is on (a field's name, then what
		 * it should be), told at the last of them: the frames before
		 * them are --context's, and those after (the deserializer's
		 * frames under TensorRT-LLM's assertion) only said what it was */
		size_t end = qe, k;
		long after = 0;

		at = last_line_at(s, qs);
		while (end < n && s[end] != '\n')
			end++;
		for (k = end; k < n; k++)
			after += s[k] == '\n';
		record(l, r, l->lines - after, s + at, end - at);
	} else {
		record(l, r, l->lines, s, n);
	}
	if (r->fatal && r->layer == LAYER_RULE)
		l->fatal = true;
	return r->fatal && r->layer == LAYER_RULE;
}

/* the findings on the line now read: a request handler wrote it, so they
 * are a request's failure, not the engine's (markers meet a line after the
 * rules, so the findings are in) */
static void handled_line(struct enginelog *l)
{
	size_t i;

	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].line == l->lines)
			l->matches[i].request = true;
}

/* Is the exception on the line a task's cancellation ("asyncio.exceptions.
 * CancelledError", concurrent.futures' too): what stopping a server does to
 * the tasks it ran (uvicorn's lifespan on Ctrl-C), or a client's leaving
 * does to its request's, never a failure's reason? Its name ends the line
 * or comes before its message's colon. */
static bool cancelled(const char *s, size_t n)
{
	static const char name[] = "CancelledError";
	size_t k = sizeof(name) - 1, at;

	n = trimmed(s, n);
	for (at = 0; at + k <= n; at++) {
		if (memcmp(s + at, name, k))
			continue;
		if ((at == 0 || strchr(" .:]>|", s[at - 1])) && (at + k == n || s[at + k] == ':'))
			return true;
	}
	return false;
}

/* an error or exception line (marker r): the decisive error, unless it
 * is not one */
static void error_said(struct enginelog *l, const struct log_rule *r, const char *s, size_t n)
{
	if (r->kind == LOG_EXCEPTION && quiet_line(l, s, n))
		return; /* a warning's exception ("WARNING ... ImportError: x") */
	if (r->kind == LOG_EXCEPTION && cancelled(s, n))
		return; /* a task cancelled, as a server stops: no error of its own */
	if (r->kind == LOG_EXCEPTION && l->tb_ignored && l->traceback &&
	    l->said[l->said_at ^ 1].line <= l->traceback)
		return; /* the end of a traceback Python ignored (a destructor's) */
	/* not the exit line itself ("Error: ShardCannotStart"), nor a frame:
	 * the decisive line is the error that came before */
	if (l->exit.line != l->lines && !is_frame_line(s, n) && !is_code_line(s, n) &&
	    (l->error.line != l->lines || r->kind == LOG_EXCEPTION) &&
	    !(l->error.line > l->ready && points_above(s, n))) {
		mark(&l->error, l->lines, s, n);
		l->error_exception = r->kind == LOG_EXCEPTION;
		if (l->error_exception && l->frame && l->frame >= l->lines - 3)
			mark(&l->exception, l->lines, s, n);
		l->error_ends = l->lines;
		l->error_open = parens(s, n);
		/* its name and colon alone ("ClientConnectorDNSError: "): a
		 * terminal narrower than the message wrapped it there */
		l->error_pending = l->error_exception && broken_after_colon(s, n);
		l->error_trailer = false;
		/* the first words after a handler's traceback, or after
		 * frames of an endpoint's call: its end */
		l->error_handled = (l->tb_handler && l->traceback &&
				    l->said[l->said_at ^ 1].line <= l->traceback) ||
				   l->handler_frame > l->said[l->said_at ^ 1].line;
	}
}

/* a request handler's frame inside a traceback: the findings of its
 * chain (the exception a handler's own was raised from) are that
 * request's too */
static void handled_chain(struct enginelog *l)
{
	size_t i;

	if (!l->tb_open || !l->tb_chain)
		return;
	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].line >= l->tb_chain)
			l->matches[i].request = true;
}

/* Does the text before a request handler's source ("INFO 01-01 10:00:00
 * [api_server.py:1]") give its line the info or debug level? Such a line
 * is the server telling how it starts, not a request's failure, and a
 * traceback after it is no request's. */
static bool info_level(const char *s, size_t n)
{
	return holds(s, n, "INFO ") || holds(s, n, "DEBUG ");
}

/* The engine says it goes on another way ("VLM loading failed for x,
 * falling back to LLM: Model type y not supported"): the findings on the
 * two lines before are what it fell back from, and it outlived them
 * (outlived). A fallback later in the log says nothing of them. */
static void fell_back(struct enginelog *l)
{
	size_t i;

	for (i = l->n_matches; i-- > 0 && l->matches[i].line >= l->lines - 2;)
		if (l->matches[i].line < l->lines)
			l->matches[i].fell_back = true;
}

/* a request handler's line (a LOG_HANDLER marker met s, its match at
 * qs). Markers meet a line in any order: the traceback's may be first. */
static void handler_said(struct enginelog *l, const char *s, size_t n, size_t qs)
{
	bool frame;

	if (info_level(s, qs))
		return; /* the server's own start-up ("INFO ... [api_server.py:1]") */
	l->handler = l->lines;
	handled_line(l);
	frame = is_frame_line(s, n);
	if (frame) {
		l->handler_frame = l->lines;
		handled_chain(l);
	}
	/* a traceback that began here, or one whose frames go through a web
	 * framework's call of an endpoint, is a request's; so is one whose
	 * head a paste cut, for the traceback chained to it ("During handling
	 * of the above exception") */
	l->tb_handler = l->tb_handler || l->traceback == l->lines || l->tb_open || frame;
}

/* what a match of r on the line (or lines) s says. Returns true when it
 * shows the engine dead: a rule's fatal finding, or an exit. */
static bool matched(struct enginelog *l, const struct log_rule *r, const char *s, size_t n,
		    size_t qs, size_t qe)
{
	const struct engine_info *e;

	switch (r->kind) {
	case LOG_EXIT:
		if (is_code_line(s, n))
			return false; /* the source of a raise: the exception comes next */
		exit_at(l, NULL, s, n);
		if (r->says && !points_above(s, n))
			l->exit_says = l->lines;
		l->fatal = true;
		return true;
	case LOG_ERROR:
	case LOG_EXCEPTION:
		error_said(l, r, s, n);
		return false;
	case LOG_READY:
		l->ready = l->lines;
		if (!r->health)
			l->came_up = l->lines;
		return false;
	case LOG_SHUTDOWN:
		l->shutdown = l->lines;
		return false;
	case LOG_TRACEBACK:
		traceback_began(l, s, n, qs);
		return false;
	case LOG_HANDLER:
		handler_said(l, s, n, qs);
		return false;
	case LOG_ENGINE:
		e = engine_info(r->engines[0]);
		if (e)
			l->engines_seen |= 1u << e->id;
		return false;
	case LOG_REQUEST:
		request(l, r, s, n, qs, qe);
		return false;
	case LOG_QUIET:
		return false; /* read by quiet_line, never here */
	case LOG_FALLBACK:
		fell_back(l);
		return false;
	default:
		if (r->frames) { /* where a traceback ran, no finding of its own */
			if (l->tb_open)
				l->tb_through = r;
			return false;
		}
		return found(l, r, s, n, qs, qe);
	}
}

/* Does a traceback's frame line end where a logger wrapped it at its
 * width, inside the frame's location ("File", "File \"/x/y.py\",", "line
 * 288, in"), so that its next line goes on with it? A location is never
 * followed by the exception, so the next line is taken as the frame's (a
 * code line that ends in "\"," is not a location: its exception may come
 * next). rest: the line is itself the rest of a location wrapped before
 * it (the path, "\"/x/y.py\", line 401,"). */
static bool frame_wrapped(const char *s, size_t n, bool rest)
{
	static const char *const ends[] = { " File", "\",", " line", ", in" };
	size_t k, len, d;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	for (k = 0; k < sizeof(ends) / sizeof(ends[0]); k++)
		if (n >= (len = strlen(ends[k])) && !memcmp(s + n - len, ends[k], len))
			return !k || rest || holds(s, n, "File \"");
	/* "line 401," before the function's name */
	for (d = n - (n > 0); d > 0 && s[d - 1] >= '0' && s[d - 1] <= '9'; d--)
		;
	return n && s[n - 1] == ',' && d < n - 1 && d >= 6 && !memcmp(s + d - 6, " line ", 6) &&
	       (rest || holds(s, n, "File \""));
}

/* Does the line s hold a word (a letter or a digit, in any script)? One
 * without says nothing of the process: the prompt a shell printed after
 * it ended, a pasted log's fence or elision. */
static bool worded(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isalnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)
			return true;
	return false;
}

/* Is the line cmd's pause after a script's program ended ("Press any key
 * to continue . . .", a Windows launcher's .bat): the console's words, not
 * the engine's, so not what it said last (fresh420-textgen-452) */
static bool console_pause(const char *s, size_t n)
{
	static const char pause[] = "Press any key to continue";

	return n >= sizeof(pause) - 1 && !memcmp(s, pause, sizeof(pause) - 1);
}

/* Is the line the error code torch_npu appends to an exception's message
 * on a line of its own ("[ERROR] 2025-09-03-03:02:37 (PID:7226, Device:1,
 * RankID:-1) ERR02200 DIST call hccl api failed.")? */
static bool npu_error_code(const char *s, size_t n)
{
	return holds(s, n, "(PID:") && holds(s, n, ", RankID:") && holds(s, n, ") ERR");
}

/* Is the line a logger's own, not more of a message: it begins with a
 * time, a bracket or a parenthesis, or names a level? */
static bool log_line(const char *s, size_t n)
{
	size_t i = indent(s, n);

	return (i < n && (isdigit((unsigned char)s[i]) || s[i] == '[' || s[i] == '(')) ||
	       holds(s, n, "INFO") || holds(s, n, "WARN") || holds(s, n, "ERROR") ||
	       holds(s, n, "DEBUG");
}

/* Is the line, past the log prefix every line of its process carries
 * ("(EngineCore_DP0 pid=9) "), more of a message whose exception line
 * ended with ':' to announce it: the list it announced, indented
 * (pybind11's "incompatible function arguments. The following argument
 * types are supported:", then "    1. f(x: int) -> None"), a blank line,
 * words that are no logger's ("Invoked with types: int")? Not a frame,
 * nor Python's words that another traceback follows. */
static bool announced_line(const char *s, size_t n)
{
	size_t groups, i = after_groups(s, n, &groups);

	if (groups && i < n && s[i] == ':')
		i++;
	if (groups && i < n && s[i] == ' ')
		i++;
	s += i;
	n -= i;
	if (!worded(s, n))
		return true;
	if (is_frame_line(s, n) || holds(s, n, "Traceback (most recent call last)") ||
	    chains_traceback(s, n))
		return false;
	return s[0] == ' ' || s[0] == '\t' || !log_line(s, n);
}

/* Does the line go on with the message of the exception on the line
 * before it: urllib3's "(Caused by NewConnectionError(...))" that a
 * logger wrote as lines of their own, and whatever is inside the
 * parentheses it opened; torch's compiler's trailer, the user code its
 * message names ("from user code:", then that code's frames, its
 * torch/_dynamo/exc.py), and a blank line inside such a message;
 * torch_npu's error code? A frame goes on with it only inside a trailer
 * or blank. Then the exception is still the last words. */
static bool continues_exception(struct enginelog *l, const char *s, size_t n, bool frame)
{
	if (!l->error_exception || !l->error.line || l->error_ends != l->lines - 1)
		return false;
	if (l->error_pending && announced_line(s, n)) {
		l->error_ends = l->lines;
		return true;
	}
	if (frame) {
		if (worded(s, n) && !is_bare_prefix(s, n) && !l->error_trailer)
			return false;
	} else if (holds(s, n, "from user code:")) {
		l->error_trailer = true;
	} else if (l->error_open <= 0 && !holds(s, n, "(Caused by ") && !npu_error_code(s, n) &&
		   (!l->error_pending || log_line(s, n))) {
		return false;
	}
	l->error_ends = l->lines;
	if (!frame) /* a frame's code opens parentheses of its own */
		l->error_open += parens(s, n);
	return true;
}

/* Is the line shaped as a Python exception, a dotted name whose last part
 * is capitalized, alone or before ':' ("ValueError: x", "StopIteration"),
 * not code ("task.result()", "x = f()")? */
static bool exception_shaped(const char *s, size_t n)
{
	size_t i = 0, part = 0;

	for (; i < n && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'); i++)
		if (s[i] == '.')
			part = i + 1;
	return i > part && isupper((unsigned char)s[part]) && (i == n || s[i] == ':');
}

/* Is the line the code under a frame's location where a paste lost the
 * indentation of both ('File "x.py", line 3, in f' at the line's start,
 * then "task.result()" at the next's)? Python writes it on the line after
 * the location, unless the frame has no source: then the exception may
 * come there, which is no code. */
static bool flat_code(const struct enginelog *l, const char *s, size_t n)
{
	return l->tb_open && l->frame_flat && l->frame_flat == l->lines - 1 &&
	       !is_frame_line(s, n) && !exception_shaped(s, n);
}

/* Is the line only the log prefix of the line said before it, with no
 * message after ("ERROR 01-01 10:00:00 [core.py:700] ", "2024-01-01
 * 10:00:00,1 - ERROR - ", "[...] [asyncio] >>> ")? A logger that prefixes
 * each line of a message writes one for its blank lines; it says nothing. */
static bool repeats_prefix(const struct enginelog *l, const char *s, size_t n)
{
	const char *before = l->said[l->said_at].text;
	size_t k = n;
	char end;

	while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
		k--;
	if (!l->said[l->said_at].line || k < 8)
		return false;
	end = s[k - 1];
	return (end == ']' || end == ')' || end == ':' || end == '>' || end == '|' || end == '-') &&
	       strlen(before) > k + 1 && !memcmp(before, s, k) && before[k] == ' ';
}

/* Is the frame line s flat, its location where a paste lost its
 * indentation: at the line's start, or at the column its traceback's
 * "Traceback" began (behind the same log prefix: "(VllmWorker rank=3)
 * ERROR ... [x.py:511] File \"/x/m.py\", line 485, in f")? Python indents
 * a frame two spaces past that column. */
static bool flat_frame(const struct enginelog *l, const char *s, size_t n)
{
	static const char file[] = "File \"";
	size_t at = l->tb_open ? l->tb_col : 0;

	return n > at + sizeof(file) - 1 && !memcmp(s + at, file, sizeof(file) - 1);
}

/* Is the frame line s one of the machinery that imports a module or runs
 * one as a program ('File "<frozen importlib._bootstrap>", line 1387, in
 * _gcd_import', runpy's for python -m): a frame of an import, as a
 * module's top level ("in <module>") is? */
static bool import_frame(const char *s, size_t n)
{
	return holds(s, n, "<frozen importlib") || holds(s, n, "importlib/__init__.py") ||
	       holds(s, n, "importlib\\__init__.py") || holds(s, n, "<frozen runpy>") ||
	       holds(s, n, "runpy.py\"");
}

/* the name of the function a frame line ran ('File "x.py", line 3, in
 * Serve': "Serve"), its length in *len; NULL when the line names none */
static const char *frame_function(const char *s, size_t n, size_t *len)
{
	size_t i;

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	for (i = n; i >= 4; i--)
		if (!memcmp(s + i - 4, ", in", 4) && i < n && s[i] == ' ') {
			*len = n - i - 1;
			return *len ? s + i + 1 : NULL;
		}
	return NULL;
}

/* the code line s under a frame: the class it defines ("class Serve:",
 * "class Serve(Base):") into l->tb_class, else none */
static void class_defined(struct enginelog *l, const char *s, size_t n)
{
	size_t i = indent(s, n), k;

	l->tb_class[0] = '\0';
	if (n - i < 7 || memcmp(s + i, "class ", 6))
		return;
	for (i += 6, k = 0;
	     i < n && k + 1 < sizeof(l->tb_class) && (isalnum((unsigned char)s[i]) || s[i] == '_');
	     i++)
		l->tb_class[k++] = s[i];
	if (i < n && (s[i] == ':' || s[i] == '('))
		l->tb_class[k] = '\0';
	else
		l->tb_class[0] = '\0';
}

/* Does the frame line s run the body of the class the code line before it
 * defines ('class Serve:', then 'File "serve.py", line 588, in Serve')?
 * A class's body runs as its module is imported, as the module's top
 * level does. */
static bool class_body(const struct enginelog *l, const char *s, size_t n)
{
	size_t len;
	const char *f = frame_function(s, n, &len);

	return f && l->tb_class[0] && len == strlen(l->tb_class) && !memcmp(f, l->tb_class, len);
}

/* what the last layer keeps of every line: the last two texts (raw: an
 * excerpt only when it is quoted), the last traceback frame, and whether a
 * traceback is still being told (a frame under its log prefix is one, and
 * the rest of one a logger wrapped) */
static void note_line(struct enginelog *l, const char *s, size_t n)
{
	size_t k = tb_lead_len(l);
	/* the line goes on under the lead the open traceback's first line
	 * had; when that lead is only an indentation (a paste indented whole:
	 * "    Traceback ...", "      File ...", "    RuntimeError: ..."), a
	 * line is a frame as it would be without it: its exception, at the
	 * indentation "Traceback" had, is none */
	bool under_lead = l->tb_open && k && n > k && !memcmp(s, l->tb_lead, k);
	bool indented = under_lead && indent(l->tb_lead, k) == k;
	bool frame = (indented ? is_frame(s + l->tb_col, n - l->tb_col)
			       : is_frame(s, n) || (l->tb_open && l->tb_col < n &&
						    is_frame(s + l->tb_col, n - l->tb_col))) ||
		     (l->tb_open && (l->frame_wrapped || ipython_frame(s, n))) ||
		     flat_code(l, s, n);

	l->frame_wrapped = frame && frame_wrapped(s, n, l->frame_wrapped);
	if (continues_exception(l, s, n, frame) && !frame)
		return;
	if (!frame && (!worded(s, n) || repeats_prefix(l, s, n) || console_pause(s, n)))
		return; /* a shell's prompt ("$"), a fence, "[...]", a prefix alone */
	if (!frame) {	/* not blank either: is_frame takes those */
		struct log_mark *m = &l->said[l->said_at ^= 1];
		size_t kept = n < sizeof(m->text) - 1 ? n : sizeof(m->text) - 1;

		memcpy(m->text, s, kept);
		m->text[kept] = '\0';
		m->line = l->lines;
		l->tb_end = 0;
		if (under_lead)
			l->tb_end = l->lines; /* its exception? exception_after_lead */
		if (l->tb_open)
			l->tb_closed = l->lines;
		l->tb_open = false;
		java_said(l, s, n);
	} else if (is_frame_line(s, n)) {
		l->frame = l->lines;
		l->frame_flat = flat_frame(l, s, n) ? l->lines : 0;
		if (l->tb_open && holds(s, n, "in <module>"))
			l->tb_modules++;
		else if (l->tb_open && !import_frame(s, n) && !class_body(l, s, n))
			l->tb_ran = true;
		l->tb_class[0] = '\0';
	} else if (l->tb_open && worded(s, n)) { /* a frame's code, under its lead */
		class_defined(l, under_lead ? s + k : s, under_lead ? n - k : n);
	} else if (!worded(s, n) && l->frame_flat && l->frame_flat == l->lines - 1) {
		l->frame_flat = l->lines; /* a blank line a paste put between them */
	}
}

/* Is the line coloured: a terminal's escape (ESC [ ... m), the reset
 * ("[0m") that syslog's "#033[0m" and a page that dropped the ESC leave,
 * or an escape shown in caret notation ("^[[0;36m": cat -v's, less's)? */
static bool coloured(const char *s, size_t n)
{
	const char *b = s, *end = s + n;

	if (memchr(s, 0x1b, n))
		return true;
	while ((b = memchr(b, '[', (size_t)(end - b))) && end - b >= 3) {
		if (b > s && b[-1] == '^' && b[1] == '[') /* "^[[" */
			return true;
		if (*++b == '0' && b[1] == 'm') /* a reset, "[0m" */
			return true;
	}
	return false;
}

/* the length of the colour code at s (a terminal's escape sequence,
 * syslog's #033[ params final, caret notation's ^[[ params final, a bare
 * "[1;36m"), 0 when none begins there */
static size_t colour_at(const char *s, size_t n)
{
	size_t k;

	if (s[0] == 0x1b)
		return text_escape_len(s, n);
	if (n > 5 && !memcmp(s, "#033[", 5))
		return (k = text_csi_len(s + 5, n - 5)) ? k + 5 : n;
	if (n > 3 && !memcmp(s, "^[[", 3))
		return (k = text_csi_len(s + 3, n - 3)) ? k + 3 : 0;
	if (s[0] != '[') /* bare: only a colour ("[0m", "[1;36m") */
		return 0;
	for (k = 1; k < n && ((s[k] >= '0' && s[k] <= '9') || s[k] == ';'); k++)
		;
	return k > 1 && k <= 13 && k < n && s[k] == 'm' ? k + 1 : 0;
}

/* the line s without its colour codes, into out (as long as s at most) */
static size_t plain(const char *s, size_t n, char *out)
{
	size_t i = 0, k = 0, c;

	while (i < n) {
		c = (s[i] == 0x1b || s[i] == '#' || s[i] == '[' || s[i] == '^')
			    ? colour_at(s + i, n - i)
			    : 0;
		if (c) {
			i += c;
			continue;
		}
		out[k++] = s[i++];
	}
	return k;
}

static const char *json_text(const cJSON *o, const char *key)
{
	return o ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key)) : NULL;
}

/* a field that says something of the line: absent, empty and Python's
 * "None" (a logger that wrote str(None): NIM's) say nothing */
static const char *json_said(const cJSON *o, const char *key)
{
	const char *v = json_text(o, key);

	return v && *v && strcmp(v, "None") ? v : NULL;
}

/* A line a log collector wrapped in JSON: Docker's json-file
 * ({"log": "...\n"}), Loki's logcli -o jsonl ({"labels", "line",
 * "timestamp"}; a "line" beside a message is a logger's source line, not
 * this), TGI's --json-output ({"timestamp", "level",
 * "fields": {"message"}, "target"}), a structured logger's {"level",
 * "msg" or "message"} (a Python JSON logger's "levelname" and "asctime"). What the engine wrote, as its plain form would
 * show it (TGI's "TIME LEVEL TARGET: MESSAGE", then the traceback a
 * Python JSON logger keeps in "exc_info"), onto out; false when the line
 * is none of them. */
static bool unwrapped(const char *s, size_t n, struct buf *out)
{
	cJSON *j;
	const char *msg, *time, *level, *target, *trace;
	int rc = 0;

	if (n < 2 || n > ENGINELOG_JSON_MAX || s[n - 1] != '}')
		return false;
	j = cJSON_ParseWithLength(s, n);
	if (!cJSON_IsObject(j)) {
		cJSON_Delete(j);
		return false;
	}
	if ((msg = json_text(j, "log"))) {
		rc = buf_puts(out, msg);
	} else if ((msg = json_text(cJSON_GetObjectItemCaseSensitive(j, "fields"), "message")) ||
		   (msg = json_text(j, "message")) || (msg = json_text(j, "msg"))) {
		if (!(time = json_said(j, "timestamp")) && !(time = json_said(j, "time")))
			time = json_said(j, "asctime"); /* Python logging's names */
		if (!(level = json_said(j, "level")))
			level = json_said(j, "levelname");
		target = json_said(j, "target");
		trace = json_said(j, "exc_info");
		rc = buf_printf(out, "%s%s%s%s%s%s%s%s%s", time ? time : "", time ? " " : "",
				level ? level : "", level ? " " : "", target ? target : "",
				target ? ": " : "", msg, trace ? "\n" : "", trace ? trace : "");
	} else if ((msg = json_text(j, "line"))) {
		rc = buf_puts(out, msg); /* Loki's logcli -o jsonl: the line as written */
	}
	cJSON_Delete(j);
	return msg && !rc;
}

static bool take_line(struct enginelog *l, const char *s, size_t n);

/* the lines read from `first` to now were one line of the file; out of
 * memory, the lines after it are told as read */
static void note_span(struct enginelog *l, long first)
{
	struct log_span *s;

	if (l->n_spans == l->cap_spans) {
		size_t cap = l->cap_spans ? 2 * l->cap_spans : 16;

		s = xrealloc(l->spans, cap * sizeof(*s));
		if (!s)
			return;
		l->spans = s;
		l->cap_spans = cap;
	}
	s = &l->spans[l->n_spans++];
	s->first = first;
	s->last = l->lines;
	s->file = first - l->extra;
	l->extra += l->lines - first;
	s->extra = l->extra;
}

/* the file's line that line `line`, as read, was part of */
static long file_line(const struct enginelog *l, long line)
{
	size_t lo = 0, hi = l->n_spans;

	while (lo < hi) { /* the first span that begins after it */
		size_t mid = lo + (hi - lo) / 2;

		if (l->spans[mid].first <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return line;
	return line <= l->spans[lo - 1].last ? l->spans[lo - 1].file
					     : line - l->spans[lo - 1].extra;
}

long enginelog_lines(const struct enginelog *l)
{
	return l->lines - l->extra;
}

/* the lines of a JSON-wrapped line (each a line of the log), true when
 * it was one */
static bool take_wrapped(struct enginelog *l, const char *s, size_t n, bool *fatal)
{
	struct buf text = BUF_INIT(ENGINELOG_JSON_MAX);
	const char *at, *nl, *end;
	long first;

	if (l->unwrapping || !unwrapped(s, n, &text)) {
		buf_release(&text);
		return false;
	}
	l->unwrapping = true;
	first = l->lines + 1;
	at = text.data ? text.data : "";
	end = at + text.len;
	if (end > at && end[-1] == '\n') /* its own line end */
		end--;
	do {
		nl = memchr(at, '\n', (size_t)(end - at));
		*fatal = take_line(l, at, (size_t)((nl ? nl : end) - at)) || *fatal;
		at = nl ? nl + 1 : end;
	} while (nl);
	l->unwrapping = false;
	if (l->lines > first)
		note_span(l, first);
	buf_release(&text);
	return true;
}

static bool digits(const char *s, size_t n, size_t at, size_t k)
{
	for (; k; at++, k--)
		if (at >= n || s[at] < '0' || s[at] > '9')
			return false;
	return true;
}

/* Does a vLLM log record begin at s[at]: its level and its date and time
 * ("INFO 01-14 18:55:37"), behind the process that wrote it when one
 * does ("(Worker_TP1 pid=1014) ")? The length of that process prefix in
 * *prefix (0 none). */
static bool record_head(const char *s, size_t n, size_t at, size_t *prefix)
{
	static const char *const levels[] = { "INFO ",	"WARNING ",  "ERROR ",
					      "DEBUG ", "CRITICAL ", NULL };
	size_t i = at, k;

	*prefix = 0;
	if (i < n && s[i] == '(') { /* a tag of at most 64 bytes, its pid's digit before ')' */
		size_t g = process_tag(s + i, n - i < 64 ? n - i : 64);

		if (!g || !digits(s, n, i + g - 2, 1) || i + g + 1 > n || s[i + g] != ' ')
			return false;
		*prefix = g + 1;
		i = at + *prefix;
	}
	for (k = 0; levels[k]; k++)
		if (n - i > strlen(levels[k]) && !memcmp(s + i, levels[k], strlen(levels[k])))
			break;
	if (!levels[k])
		return false;
	i += strlen(levels[k]);
	return digits(s, n, i, 2) && i + 2 < n && s[i + 2] == '-' && digits(s, n, i + 3, 2) &&
	       i + 5 < n && s[i + 5] == ' ' && digits(s, n, i + 6, 2) && i + 8 < n &&
	       s[i + 8] == ':';
}

/* The places a line holds vLLM's records run together, their line ends
 * lost in a paste ("... 21.03s/it] (Worker_TP0 pid=1013) INFO 01-14
 * 18:55:37 [x.py:1] Model loading took ... (Worker_TP1 pid=1014) ERROR
 * ..."): where each record after the first begins, after a space. At
 * most `max` of them; none unless two or more. */
static size_t run_together(const char *s, size_t n, size_t *at, size_t max)
{
	size_t found = 0, i, prefix;

	if (n < 200 || !holds(s, n, " pid="))
		return 0;
	for (i = 1; i < n && found < max; i++) {
		if (s[i - 1] != ' ' || (s[i] != '(' && (s[i] < 'A' || s[i] > 'Z')))
			continue;
		if (record_head(s, n, i, &prefix) && (prefix || i < 2 || s[i - 2] != ')'))
			at[found++] = i;
	}
	return found >= 2 ? found : 0;
}

/* the records of a line that ran them together, each read as a line;
 * true when it was one */
static bool take_run_together(struct enginelog *l, const char *s, size_t n, bool *fatal)
{
	size_t at[ENGINELOG_MAX_RECORDS], k, found, from = 0;
	long first;

	if (l->unwrapping || !(found = run_together(s, n, at, ENGINELOG_MAX_RECORDS)))
		return false;
	l->unwrapping = true;
	first = l->lines + 1;
	for (k = 0; k <= found; k++) {
		size_t to = k < found ? at[k] : n;
		size_t end = to;

		while (end > from && s[end - 1] == ' ')
			end--;
		*fatal = take_line(l, s + from, end - from) || *fatal;
		from = to;
	}
	l->unwrapping = false;
	if (l->lines > first)
		note_span(l, first);
	return true;
}

/* the end of a clock's "HH:MM:SS" at s[i], past its fraction (".161") when
 * it has one; 0 when no clock is there (collector_time, kibana_time and
 * journal_time read theirs with it) */
static size_t clock_end(const char *s, size_t n, size_t i)
{
	if (i + 8 > n || !digits(s, n, i, 2) || s[i + 2] != ':' || !digits(s, n, i + 3, 2) ||
	    s[i + 5] != ':' || !digits(s, n, i + 6, 2))
		return 0;
	i += 8;
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
	return i;
}

/* the names a line's level goes by: first the five Rust's tracing crate
 * writes (TGI's, its level after its own time), then the others loggers use */
static const char *const level_names[] = { "TRACE", "DEBUG",   "INFO",	"WARN",
					   "ERROR", "WARNING", "FATAL", "CRITICAL" };
enum { TRACING_LEVELS = 5 };

/* the index in level_names[] of the level whose name is the n bytes at s
 * (in any case when fold), or -1 */
static int level_named(const char *s, size_t n, bool fold)
{
	size_t k;

	for (k = 0; k < sizeof(level_names) / sizeof(level_names[0]); k++)
		if (strlen(level_names[k]) == n &&
		    !(fold ? strncasecmp(s, level_names[k], n) : memcmp(s, level_names[k], n)))
			return (int)k;
	return -1;
}

/* the index of the level whose name is the word at s, a space after it,
 * or -1: "ERROR 04-30 ..." and, when fold, "error loading model: ..." */
static int level_word(const char *s, size_t n, bool fold)
{
	size_t w = 0;

	while (w < n && isalpha((unsigned char)s[w]))
		w++;
	return w < n && s[w] == ' ' ? level_named(s, w, fold) : -1;
}

/* the length of a time a collector put before a line ("2024-02-08T08:40:56.161Z "
 * of docker logs -t and CI runners, "2025-03-05 08:58:54 " of a desktop's
 * log view), 0 when none: not TGI's own (a level follows it), nor
 * Python logging's ("08:58:54,531 - name - LEVEL - ...") */
static size_t collector_time(const char *s, size_t n)
{
	size_t i, end;
	int k;

	if (n < 21 || !digits(s, n, 0, 4) || s[4] != '-' || !digits(s, n, 5, 2) || s[7] != '-' ||
	    !digits(s, n, 8, 2) || (s[10] != 'T' && s[10] != ' ') || !(i = clock_end(s, n, 11)))
		return 0;
	if (i < n && s[i] == 'Z')
		i++;
	else if (i + 6 <= n && (s[i] == '+' || s[i] == '-') && digits(s, n, i + 1, 2) &&
		 s[i + 3] == ':' && digits(s, n, i + 4, 2))
		i += 6;
	else if (i + 5 <= n && (s[i] == '+' || s[i] == '-') && digits(s, n, i + 1, 4))
		i += 5; /* journalctl -o short-iso's "+0300" */
	if (i >= n || s[i] != ' ')
		return 0; /* Python logging's ",531", or nothing after */
	/* the line after one space: its own indentation stays (a traceback's
	 * frames under docker logs -t) */
	end = ++i;
	while (i < n && s[i] == ' ')
		i++;
	if ((k = level_word(s + i, n - i, false)) < 0)
		return end;
	if (k >= TRACING_LEVELS)
		return i; /* a level in a column of its own */
	/* TGI's own time, its level after it ("... INFO text_generation_launcher:
	 * ..."), unless the level has a time of its own after it: vLLM's "ERROR
	 * 04-30 10:20:36 [core.py:396] ..." under docker logs -t */
	i += strlen(level_names[k]) + 1;
	return i < n && isdigit((unsigned char)s[i]) ? end : 0;
}

/* the length of the time Kibana's Discover shows before a line it copies
 * ("May 16, 2026 @ 20:46:57.892    "), 0 when none */
static size_t kibana_time(const char *t, size_t m)
{
	size_t i = 4;

	if (m < 22 || t[0] < 'A' || t[0] > 'Z' || t[3] != ' ' || !digits(t, m, i, 1))
		return 0;
	while (i < m && isdigit((unsigned char)t[i]))
		i++;
	if (i + 9 > m || t[i] != ',' || t[i + 1] != ' ' || !digits(t, m, i + 2, 4) ||
	    memcmp(t + i + 6, " @ ", 3) || !(i = clock_end(t, m, i + 9)))
		return 0;
	if (i >= m || (t[i] != ' ' && t[i] != '\t'))
		return 0;
	while (i < m && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return i;
}

/* the length of a journal's date and time, in any locale's words for the
 * month ("Dec 24 23:48:35 ", "6月 05 ...", "июн 05 ...", "déc. 24 ...") or
 * a day and month in digits ("06.05 13:15:31 "), 0 when none */
static size_t journal_time(const char *t, size_t m)
{
	const char *sp;
	size_t i, d;
	bool word = false;

	if (!m || !(isalnum((unsigned char)t[0]) || (unsigned char)t[0] >= 0x80) ||
	    !(sp = memchr(t, ' ', m < 13 ? m : 13)) || sp == t)
		return 0; /* not a month nor a day: most lines */
	for (i = 0; t + i < sp; i++)
		if (!isdigit((unsigned char)t[i]) && t[i] != '.' && t[i] != '-' && t[i] != '/')
			word = true;
	if (word) { /* a month's name: its day comes next, maybe padded */
		while (i < m && t[i] == ' ')
			i++;
		for (d = i; i < m && isdigit((unsigned char)t[i]); i++)
			;
		if (i == d || i - d > 2 || i >= m || t[i] != ' ')
			return 0;
	} else if (i < 3 || i > 5) { /* "06.05", "6/5": not a year's whole date */
		return 0;
	}
	i = clock_end(t, m, i + 1);
	return i && i < m && t[i] == ' ' ? i + 1 : 0;
}

/* the name of the service or program a collector says wrote a line
 * (a Compose service's, a journal's prog), or none */
struct writer {
	const char *name;
	size_t n;
};

/* the length of a journal's "host prog[pid]: " after its time, 0 when none;
 * a prog without a pid only when any is (after a journal's own date) or
 * the kernel; *kernel when prog is the kernel, *who the prog */
static size_t journal_source(const char *t, size_t m, bool any, bool *kernel, struct writer *who)
{
	const char *host = memchr(t, ' ', m), *prog, *pid;
	size_t n;

	if (!host || host == t || host[-1] == ':')
		return 0;
	prog = memchr(host + 1, ' ', m - (size_t)(host + 1 - t));
	if (!prog || prog - host < 3 || prog[-1] != ':')
		return 0;
	n = (size_t)(prog - host) - 1;
	*kernel = n == 7 && !memcmp(host + 1, "kernel:", 7);
	if (!any && !*kernel && (n < 5 || prog[-2] != ']' || !memchr(host + 1, '[', n)))
		return 0;
	pid = memchr(host + 1, '[', n);
	if (pid && (pid == host + 1 ||
		    !digits(pid, (size_t)(prog - 2 - pid), 1, (size_t)(prog - 3 - pid))))
		return 0; /* "[rank0]:" is a process's tag, no prog[pid] */
	who->name = host + 1;
	who->n = pid ? (size_t)(pid - host) - 1 : n - 1;
	return (size_t)(prog - t) + 1;
}

/* the length of a log stream's name that CloudWatch's aws logs tail puts
 * after its time ("ecs/vllm/4f2c9a8d1e "), 0 when none: a word that
 * begins with a letter and has a '/' inside it, not a path ("/usr/lib/x.so"),
 * nor a file's place ("src/ggml.c:75:"), then one space and the line
 * as the engine wrote it, indented or not */
static size_t log_stream(const char *t, size_t m)
{
	size_t k = 0;
	bool slash = false;

	if (!m || !isalpha((unsigned char)t[0]))
		return 0; /* a path, a date ("2024/05/12", "[02/05/2026-06:58:48]") */
	for (; k < m && k < 256 && t[k] != ' ' && t[k] != '\t'; k++)
		slash = slash || t[k] == '/';
	return slash && k < m && t[k] == ' ' && t[k - 1] != ':' && t[k - 1] != '/' ? k + 1 : 0;
}

/* the length of a journal's "Dec 24 23:48:35 host prog[pid]: " (its date in
 * any locale's words, journal_time), 0 when none; *kernel when prog is the
 * kernel */
static size_t journal_prefix(const char *t, size_t m, bool *kernel, struct writer *who)
{
	size_t k = journal_time(t, m), j;

	if (!k || !(j = journal_source(t + k, m - k, true, kernel, who)))
		return 0;
	return k + j;
}

/* the length of dmesg's "[ 1234.567890] ", 0 when none */
static size_t dmesg_time(const char *t, size_t m)
{
	size_t i = 1;

	if (m < 5 || t[0] != '[')
		return 0;
	while (i < m && t[i] == ' ')
		i++;
	if (!digits(t, m, i, 1))
		return 0;
	while (i < m && isdigit((unsigned char)t[i]))
		i++;
	if (i >= m || t[i] != '.' || !digits(t, m, i + 1, 6))
		return 0;
	i += 7;
	return i + 1 < m && t[i] == ']' && t[i + 1] == ' ' ? i + 2 : 0;
}

/* the length of the stream and tag a container runtime's log file puts
 * after its time (CRI: containerd's and CRI-O's /var/log/pods/.../N.log,
 * "2025-07-25T07:53:08.217+08:00 stdout F msg"), 0 when none; *partial
 * when the tag is P: the runtime split a long line, it goes on in the next
 * record */
static size_t cri_stream(const char *t, size_t m, bool *partial)
{
	if (m < 8 || (memcmp(t, "stdout ", 7) && memcmp(t, "stderr ", 7)) ||
	    (t[7] != 'F' && t[7] != 'P') || (m > 8 && t[8] != ' '))
		return 0;
	*partial = t[7] == 'P';
	return m > 8 ? 9 : 8;
}

/* llama-server's router relays each child's lines behind the child's
 * port ("[39015] 0.04.811.939 I slot ..."): its length, 0 when the line
 * has none. A port has four or five digits, a shell's job number ("[1]
 * 4242 killed") one or two. */
static size_t router_port(const char *t, size_t m)
{
	size_t k = 1;

	if (m < 7 || t[0] != '[' || t[1] < '1' || t[1] > '9')
		return 0;
	while (k < m && k < 7 && isdigit((unsigned char)t[k]))
		k++;
	return k >= 5 && k <= 6 && k + 1 < m && t[k] == ']' && t[k + 1] == ' ' ? k + 2 : 0;
}

/* the length of the number cat -n or an editor put before a line ("    42\t"),
 * 0 when none */
static size_t line_number(const char *t, size_t m)
{
	size_t k = 0, d;

	while (k < m && t[k] == ' ')
		k++;
	for (d = k; k < m && isdigit((unsigned char)t[k]); k++)
		;
	return k > d && k - d <= 7 && k < m && t[k] == '\t' ? k + 1 : 0;
}

/* the length of the task's label srun --label puts before each line of
 * a Slurm job's task ("0: ", "12: "), 0 when none: at the line's start,
 * a number and ": ", then the task's line as it wrote it, indented or
 * not */
static size_t srun_label(const char *t, size_t m)
{
	size_t k = 0;

	while (k < m && k < 6 && isdigit((unsigned char)t[k]))
		k++;
	return k && k < 6 && k + 1 < m && t[k] == ':' && t[k + 1] == ' ' ? k + 2 : 0;
}

/* The length of what a collector put before the line the engine wrote, 0
 * when nothing: a quote ("> ", a page's), a line's number (line_number),
 * a time (collector_time), a Slurm task's label (srun_label), a
 * Compose service's name ("llama-server  | "), kubectl's "[pod/x/c] ", a
 * journal's "Dec 24 23:48:35 host ollama[3974]: ", Kibana's "May 16, 2026
 * @ 20:46:57.892 ", llama-server's router's "[39015] " (router_port), in
 * any order; *kernel
 * when it says the kernel wrote the line (the journal's "kernel:", dmesg's
 * time), *partial when a container runtime says the line goes on in its
 * next record (cri_stream), *who the service or program it names. */
static size_t collector_prefix(const char *s, size_t n, bool *kernel, bool *partial,
			       struct writer *who)
{
	size_t at = 0, k, name;

	for (;;) {
		const char *t = s + at, *sp;
		size_t m = n - at;

		if (m >= 2 && t[0] == '>' && t[1] == ' ') {
			at += 2;
		} else if ((k = collector_time(t, m))) {
			size_t c = cri_stream(t + k, m - k, partial);

			/* a runtime's stream, a journal's source (short-iso), or
			 * CloudWatch's log stream */
			if (!c && !(c = journal_source(t + k, m - k, false, kernel, who)))
				c = log_stream(t + k, m - k);
			at += k + c;
		} else if (m > 6 && !memcmp(t, "[pod/", 5) && (sp = memchr(t, ']', m)) &&
			   (size_t)(sp - t) + 1 < m && sp[1] == ' ') {
			at += (size_t)(sp - t) + 2;
		} else if ((k = router_port(t, m)) || (k = line_number(t, m)) ||
			   (!at && (k = srun_label(t, m)))) {
			at += k;
		} else if ((k = journal_prefix(t, m, kernel, who)) || (k = kibana_time(t, m))) {
			at += k;
		} else if ((k = dmesg_time(t, m))) {
			at += k;
			*kernel = true;
		} else {
			for (k = 0; k < m &&
				    (isalnum((unsigned char)t[k]) || (t[k] && strchr("_.-", t[k])));
			     k++)
				;
			if (!k || k >= m || t[k] != ' ')
				return at;
			name = k;
			while (k < m && t[k] == ' ')
				k++;
			if (k + 1 >= m || t[k] != '|' || t[k + 1] != ' ')
				return at;
			who->name = t;
			who->n = name;
			at += k + 2; /* a Compose service's "name  | " */
		}
	}
}

/* The engine a collector's prefix names, as the engine's own lines do:
 * "ollama  | " (a Compose service), "ollama[3974]: " (journalctl -u
 * ollama), a replica's "-1" after a service's name ("vllm-1  | "). A
 * service named for what it does ("llm", "api") names none. */
static void named_by_collector(struct enginelog *l, struct writer who)
{
	char name[sizeof(l->writer)];
	enum engine e;

	while (who.n > 2 && isdigit((unsigned char)who.name[who.n - 1]))
		who.n--;
	if (who.n > 1 && who.name[who.n - 1] == '-' && isdigit((unsigned char)who.name[who.n]))
		who.n--;
	if (who.n >= sizeof(name))
		return;
	memcpy(name, who.name, who.n);
	name[who.n] = '\0';
	if (!strcmp(name, l->writer))
		return; /* every line of a journal or a service names it again */
	memcpy(l->writer, name, who.n + 1);
	if ((e = engine_named(name)) != ENGINE_UNKNOWN)
		l->engines_seen |= 1u << e;
}

/* the line s (its last form, take_line's last_form) as the engine wrote
 * it, as a terminal shows it: cut, without colours or a collector's
 * prefix (into l->plain when it had colours) */
static const char *engine_line(struct enginelog *l, const char *s, size_t *n)
{
	struct writer who = { NULL, 0 };
	size_t cut;
	bool goes_on = l->cri_partial;

	if (*n > ENGINELOG_LINE_MAX)
		*n = ENGINELOG_LINE_MAX;
	if (coloured(s, *n)) {
		*n = plain(s, *n, l->plain);
		s = l->plain;
	}
	l->kernel_line = l->cri_partial = false;
	cut = collector_prefix(s, *n, &l->kernel_line, &l->cri_partial, &who);
	if (who.n)
		named_by_collector(l, who);
	*n = goes_on ? 0 : *n - cut; /* the rest of a line split past 16 KiB: past the cap */
	return s + cut;
}

/* A log viewer that copies its table writes each column on a line of its
 * own ("[05:51:09]", "ERROR", "llama-server router exited": Jan's): a
 * line that is a level's name alone gives the next its level, read as
 * "ERROR: llama-server router exited" (in l->plain) */
static const char *leveled_line(struct enginelog *l, const char *s, size_t *n)
{
	const char *level = l->alone_level;
	size_t lead;
	int k;

	l->alone_level = NULL;
	if (*n >= 4 && *n <= 8 && isupper((unsigned char)s[0]) && /* as long as a name */
	    (k = level_named(s, *n, false)) >= 0) {
		l->alone_level = level_names[k];
		return s;
	}
	if (!level || !*n)
		return s;
	lead = strlen(level) + 2;
	if (*n > ENGINELOG_LINE_MAX - lead)
		*n = ENGINELOG_LINE_MAX - lead;
	memmove(l->plain + lead, s, *n); /* s may be in l->plain */
	memcpy(l->plain, level, lead - 2);
	memcpy(l->plain + lead - 2, ": ", 2);
	*n += lead;
	return l->plain;
}

/* Is rule i not to be tried on the line now read: its literals not in
 * it, an engine it does not apply to, or tripped by its regex's limit? */
static bool rule_skipped(const struct enginelog *l, size_t i)
{
	const struct log_rule *r = &l->rules->rules[i];

	return (r->filtered && !l->hit[i]) || !applies(r, l->engine) ||
	       (l->tripped && l->tripped[i]);
}

/* The line s ended a traceback under the lead its first line had (what
 * came before "Traceback": stern's "pod container ", a build's "#15 12.34
 * ", any prefix no collector_prefix knows), and no exception marker met
 * it whole: do they meet it without that lead? (they want a delimiter they
 * know before an exception's name). Literals: the whole line's. */
static bool exception_after_lead(struct enginelog *l, const char *s, size_t n)
{
	size_t i, k = tb_lead_len(l), qs = 0, qe = 0;

	for (i = 0; i < l->rules->n; i++) {
		const struct log_rule *r = &l->rules->rules[i];

		if (r->kind != LOG_EXCEPTION || rule_skipped(l, i))
			continue;
		if (regex_matcher_run(r->m, s + k, n - k, r->quote, &qs, &qe) == 1)
			return matched(l, r, s, n, qs + k, qe + k);
	}
	return false;
}

/* rule i over the line s (with_markers: a marker too, else only a
 * finding's rule of one line); true when it met the line and is fatal */
static bool try_rule(struct enginelog *l, size_t i, const char *s, size_t n, bool with_markers)
{
	const struct log_rule *r = &l->rules->rules[i];
	const char *subject = s;
	size_t len = n, qs = 0, qe = 0;
	int rc;

	if (r->kind == LOG_QUIET || rule_skipped(l, i))
		return false;
	if (!with_markers && (r->lines > 1 || (r->kind != LOG_FATAL && r->kind != LOG_WARNING)))
		return false;
	if (r->lines > 1)
		subject = last_lines(l, r->lines, &len);
	rc = regex_matcher_run(r->m, subject, len, r->quote, &qs, &qe);
	if (rc == 1)
		return matched(l, r, subject, len, qs, qe);
	if (rc == REGEX_LIMIT)
		trip(l, i);
	return false;
}

/* the n indices at x in increasing order (a line's few rules) */
static void sort_indices(size_t *x, size_t n)
{
	size_t i, j, v;

	for (i = 1; i < n; i++) {
		for (v = x[i], j = i; j > 0 && x[j - 1] > v; j--)
			x[j] = x[j - 1];
		x[j] = v;
	}
}

/* one whole line: read as the engine wrote it, tried */
/* the rules over the line s (with_markers: the markers too, else only
 * the findings' rules of one line); true when a fatal one met it. When
 * every rule has literals, only those whose literals the line holds are
 * tried, in the file's order: the same as trying all, without walking
 * the rest */
static bool run_rules(struct enginelog *l, const char *s, size_t n, bool with_markers)
{
	bool fatal = false;
	size_t listed, k;
	size_t i;

	listed = literals_in(l->rules, s, n, l->hit, l->hits);
	if (!listed && !l->rules->unfiltered)
		return false;
	if (l->rules->unfiltered) {
		for (i = 0; i < l->rules->n; i++)
			fatal = try_rule(l, i, s, n, with_markers) || fatal;
	} else {
		sort_indices(l->hits, listed);
		for (k = 0; k < listed; k++)
			fatal = try_rule(l, l->hits[k], s, n, with_markers) || fatal;
	}
	if (with_markers && l->tb_end == l->lines && l->error.line != l->lines)
		fatal = exception_after_lead(l, s, n) || fatal;
	for (k = 0; k < listed; k++)
		l->hit[l->hits[k]] = 0;
	return fatal;
}

/* Is the line as wide as a terminal (80 columns, a Windows console's
 * 120) or one narrower? Only an ASCII line is measured: its bytes are its
 * columns, and every other line is left alone at no cost (a line of UTF-8
 * a terminal wrapped is missed). *space: the narrower one. */
static bool terminal_wide(const char *s, size_t n, bool *space)
{
	size_t i;

	if (n != 79 && n != 80 && n != 119 && n != 120)
		return false;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return false;
	*space = n == 79 || n == 119;
	return true;
}

/* Is the line a command a user typed, which ends where its flags end
 * (not prose a writer wrapped): a prompt's "$ " or a program's path
 * ("./llama-server", "/usr/bin/x", "~/x") first, a flag after it? */
static bool command_line(const char *s, size_t n)
{
	size_t i = 0;

	if (n > 2 && (s[0] == '$' || s[0] == '#') && s[1] == ' ')
		i = 2;
	if (!(s[i] == '/' || (s[i] == '.' && s[i + 1] == '/') ||
	      (s[i] == '~' && s[i + 1] == '/')) &&
	    i == 0)
		return false;
	for (; i + 2 < n; i++)
		if (s[i] == ' ' && s[i + 1] == '-' &&
		    (isalnum((unsigned char)s[i + 2]) || s[i + 2] == '-'))
			return true;
	return false;
}

/* Are the k bytes at s a time since start as llama.cpp writes it before
 * its level ("0.32.264.409": minutes, seconds, milliseconds and
 * microseconds, its markers' "\\d+\\.\\d\\d\\.\\d{3}\\.\\d{3}")? */
static bool elapsed_stamp(const char *s, size_t k)
{
	static const size_t widths[] = { 2, 3, 3 }; /* after the minutes */
	size_t i = 0, w;

	while (i < k && isdigit((unsigned char)s[i]))
		i++;
	if (!i)
		return false;
	for (w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
		if (i + 1 + widths[w] > k || s[i] != '.' || !digits(s, k, i + 1, widths[w]))
			return false;
		i += 1 + widths[w];
	}
	return i == k;
}

/* Does the line begin as a log's record does, not as a sentence goes on:
 * a name before ": " (llama.cpp's "error: ...", "main: ..."), a source
 * file's line ("src/llama.cpp:3504: ..."), a level's name as a word
 * ("error loading model: ..."), a function before "(): " (glibc's "free(): invalid
 * pointer"), a logfmt key before '=' (Go's "time=... level=..."), llama.cpp's
 * time and level ("0.32.264.409 E ...")? */
static bool begins_record(const char *s, size_t n)
{
	size_t i = 0;

	if (subsystem(s, n))
		return true;
	while (i < n && (isalnum((unsigned char)s[i]) || (s[i] && strchr("_./\\-", s[i]))))
		i++;
	if (i > 0 && i + 1 < n && s[i] == ':' && isdigit((unsigned char)s[i + 1]))
		return true; /* a source's place, ggml's "src/llama.cpp:3504: GGML_ASSERT..." */
	if (elapsed_stamp(s, i) && i + 2 < n && s[i] == ' ' && strchr("DIWE", s[i + 1]) &&
	    s[i + 2] == ' ')
		return true; /* llama.cpp's time and level, "0.32.264.409 E ggml_cuda_..." */
	i = 0;
	if (level_word(s, n, true) >= 0)
		return true; /* a level's word, llama.cpp's "error loading model: ..." */
	while (i < n && (islower((unsigned char)s[i]) || s[i] == '_'))
		i++;
	return i > 0 && i < n &&
	       (s[i] == '=' || (i + 3 < n && s[i] == '(' && s[i + 1] == ')' && s[i + 2] == ':'));
}

/* Was the line wrapped at a word by whoever wrote it out (an issue's
 * text, an editor, a mail): as long as a line of prose, ending in a word
 * with no stop after it? Its rest, if it has one, begins as a sentence
 * goes on (goes_on), which the next line says. */
static bool word_wrapped(const char *s, size_t n)
{
	return n >= 60 && n <= 160 && isalnum((unsigned char)s[n - 1]) && s[n - 2] != ' ' &&
	       !command_line(s, n);
}

/* A terminal wraps a line at its width (80 columns, or a Windows
 * console's 120), and a log copied from it has the rest on a line of its
 * own ("... (13.33/15.47 GiB" then ") on startup is less than ..."): a
 * line that wide (terminal_wide), or one narrower (the space the wrap
 * fell on, trimmed), is kept, and when the next one does not begin as it
 * did (a log's prefix, a frame's indentation), the findings' rules meet
 * the two joined too, a finding there being the first line's. So is a
 * message a writer wrapped at a word ("... must be less than or equal to
 * the number" then "of visible devices (0)."), joined after a space when
 * the next line goes on as a sentence does, not as a log's record begins
 * (begins_record). */
static bool take_unwrapped(struct enginelog *l, const char *s, size_t n)
{
	bool fatal = false, space = false;

	if (l->wrapped.len && n && (n < 2 || memcmp(s, l->wrapped.data, 2)) &&
	    (!l->wrap_words || (goes_on(s, n) && !begins_record(s, n))) &&
	    (!l->wrap_space || !buf_putc(&l->wrapped, ' ')) && !buf_append(&l->wrapped, s, n)) {
		bool continued = l->quiet_continued;

		/* the two are one message, at a warning's level when the first
		 * went on with one or when a marker meets them */
		l->lines--;
		l->quiet_continued = continued || l->wrap_quiet;
		l->rewrapped = l->wrap_at_space;
		fatal = run_rules(l, l->wrapped.data, l->wrapped.len, false);
		l->rewrapped = false;
		l->quiet_continued = continued;
		l->lines++;
	}
	l->wrapped.len = 0;
	l->wrap_words = l->wrap_at_space = false;
	if (terminal_wide(s, n, &space) || (l->wrap_words = word_wrapped(s, n)) ||
	    (l->wrap_words = l->wrap_at_space = broken_at_space(s, n))) {
		if (buf_append(&l->wrapped, s, n))
			l->wrapped.len = 0;
		/* one space between the two, unless the first kept its own */
		l->wrap_space = (space || l->wrap_words) && s[n - 1] != ' ';
		l->wrap_quiet = l->quiet_continued;
	}
	return fatal;
}

/* Does the n bytes at s write anything a terminal shows, past escape
 * sequences (text_escape_len's) and blanks? */
static bool shows_text(const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		if ((k = text_escape_len(s + i, n - i))) {
			i += k - 1;
			continue;
		}
		if (!isspace((unsigned char)s[i]))
			return true;
	}
	return false;
}

/* a line a terminal rewrote (a progress bar's carriage returns): the last
 * of its forms that shows anything (a colour's reset after a return, or
 * the returns of a CRLF written twice, "\r\r\n", rewrite nothing), as
 * keep_piece keeps a line that comes in pieces; before anything reads it,
 * so a line read whole is the line read in any pieces */
static const char *last_form(const char *s, size_t *n)
{
	if (!memchr(s, '\r', *n))
		return s; /* most lines */
	/* from the end, each form once */
	for (;;) {
		const char *r;
		size_t cr;

		while (*n && s[*n - 1] == '\r')
			(*n)--;
		r = memrchr(s, '\r', *n);
		if (!r)
			return s;
		cr = (size_t)(r - s) + 1;
		if (shows_text(s + cr, *n - cr)) {
			*n -= cr;
			return s + cr;
		}
		*n = cr - 1; /* what follows the return shows nothing: the form before it */
	}
}

/* a JSON record behind any collector's prefix (docker logs -t's time
 * before TGI's --json-output, a journal's "host tgi[12]: ", srun's "0: ",
 * CloudWatch's time and stream), read as take_wrapped reads one: true
 * when it was one. Only a line that ends as a record does, and holds its
 * start near its own, is asked. */
static bool take_prefixed_json(struct enginelog *l, const char *s, size_t n, bool *fatal)
{
	struct writer who = { NULL, 0 };
	bool kernel = false, partial = false;
	size_t k;

	if (n < 4 || s[n - 1] != '}' || !memchr(s, '{', n < 160 ? n : 160))
		return false;
	k = collector_prefix(s, n, &kernel, &partial, &who);
	if (!k || k >= n || s[k] != '{' || !take_wrapped(l, s + k, n - k, fatal))
		return false;
	if (who.n)
		named_by_collector(l, who);
	return true;
}

static bool take_line(struct enginelog *l, const char *s, size_t n)
{
	bool fatal = false, colon, space;

	s = last_form(s, &n);
	if (n && s[0] == '{' && take_wrapped(l, s, n, &fatal))
		return fatal;
	if (take_prefixed_json(l, s, n, &fatal))
		return fatal;
	if (take_run_together(l, s, n, &fatal))
		return fatal;
	l->lines++;
	s = engine_line(l, s, &n);
	s = leveled_line(l, s, &n);
	if (l->rules->window > 1)
		remember(l, s, n);
	note_line(l, s, n);
	join_quotes(l, s, n);
	/* a warning's message broken after ':', or by a terminal on a space
	 * or at its width, goes on on this line */
	colon = broken_after_colon(s, n);
	l->quiet_continued = l->quiet_goes_on && (!l->quiet_wrapped || goes_on(s, n)) &&
			     (!l->quiet_wide || (n && islower((unsigned char)s[0])));
	l->quiet_wide =
		!colon && n && islower((unsigned char)s[n - 1]) && terminal_wide(s, n, &space);
	l->quiet_wrapped = !colon && (broken_at_space(s, n) || l->quiet_wide);
	l->quiet_goes_on = (colon || l->quiet_wrapped) && quiet_line(l, s, n);
	/* none of the literals: only a rule without any can match */
	if (!l->hit && l->rules->n &&
	    (!(l->hit = xcalloc(l->rules->n, 1)) ||
	     !(l->hits = xcalloc(l->rules->n, sizeof(size_t))))) {
		free(l->hit); /* out of memory: this line is not read */
		l->hit = NULL;
		return false;
	}
	if (!l->hit)
		return false;
	if (n)
		fatal = run_rules(l, s, n, true);
	return take_unwrapped(l, s, n) || fatal;
}

/* A line that comes in pieces is kept as the form it has so far (what
 * follows its last carriage return, its first ENGINELOG_LINE_MAX bytes)
 * and the form before that return, which is the line when the return ends
 * it (CRLF): so a line read in any pieces is the line take_line makes of
 * it whole. */
static void keep(struct buf *form, const char *data, size_t len)
{
	size_t room = ENGINELOG_LINE_MAX - form->len;

	(void)buf_append(form, data, len < room ? len : room); /* short of memory: cut */
}

static void keep_piece(struct enginelog *l, const char *data, size_t len)
{
	const char *cr;

	while ((cr = memchr(data, '\r', len))) {
		struct buf t = l->before_cr; /* the form so far is the one before a return now */

		keep(&l->partial, data, (size_t)(cr - data));
		if (shows_text(l->partial.data, l->partial.len)) { /* else it rewrites nothing */
			l->before_cr = l->partial;
			l->partial = t;
		}
		l->partial.len = 0;
		l->at_cr = l->saw_cr = true;
		len -= (size_t)(cr + 1 - data);
		data = cr + 1;
	}
	if (len) {
		keep(&l->partial, data, len);
		l->at_cr = false;
	}
}

/* the line kept in pieces, ended */
static bool take_kept(struct enginelog *l)
{
	const struct buf *form =
		l->at_cr || (l->saw_cr && !shows_text(l->partial.data, l->partial.len))
			? &l->before_cr
			: &l->partial;
	bool fatal = take_line(l, form->data ? form->data : "", form->len);

	l->partial.len = l->before_cr.len = 0;
	l->at_cr = l->saw_cr = false;
	return fatal;
}

/* the log's lines, in UTF-8 */
static bool feed_utf8(struct enginelog *l, const char *data, size_t len)
{
	bool fatal = false;

	while (len) {
		const char *nl = memchr(data, '\n', len);
		size_t piece = nl ? (size_t)(nl - data) : len;

		if (!l->partial.len && !l->at_cr && nl) {
			fatal = take_line(l, data, piece) || fatal; /* the common case: no copy */
		} else {
			keep_piece(l, data, piece);
			if (nl)
				fatal = take_kept(l) || fatal;
		}
		data += piece + (nl ? 1 : 0);
		len -= piece + (nl ? 1 : 0);
	}
	return fatal;
}

/* How the log is written, from its first bytes: UTF-8 (its BOM, if any,
 * skipped), or UTF-16 (PowerShell 5's redirection writes it, a BOM first;
 * without one, ASCII with a NUL after each byte). Returns the BOM's
 * length. */
static size_t detect_encoding(struct enginelog *l, const unsigned char *s, size_t n)
{
	l->encoding_known = true;
	if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
		return 3;
	if (n >= 2 && ((s[0] == 0xFF && s[1] == 0xFE) || (s[0] == 0xFE && s[1] == 0xFF))) {
		l->utf16 = true;
		l->u16.big_endian = s[0] == 0xFE;
		return 2;
	}
	if (n >= 4 && s[0] && !s[1] && s[2] && !s[3])
		l->utf16 = true; /* little-endian, no BOM */
	else if (n >= 4 && !s[0] && s[1] && !s[2] && s[3])
		l->utf16 = l->u16.big_endian = true;
	return 0;
}

/* the bytes after the encoding is known */
static bool feed_decoded(struct enginelog *l, const char *data, size_t len)
{
	char out[4096];
	bool fatal = false;
	size_t used, k;

	if (!l->utf16)
		return feed_utf8(l, data, len);
	while (len) {
		k = text_utf16_decode(&l->u16, (const unsigned char *)data, len, out, sizeof(out),
				      &used);
		fatal = feed_utf8(l, out, k) || fatal;
		data += used;
		len -= used;
	}
	return fatal;
}

/* the first bytes, kept until there are enough to say how the log is
 * written (a log followed as it grows may come a byte at a time) */
static bool feed_head(struct enginelog *l)
{
	size_t bom = detect_encoding(l, l->head, l->n_head);

	return feed_decoded(l, (const char *)l->head + bom, l->n_head - bom);
}

bool enginelog_feed(struct enginelog *l, const char *data, size_t len)
{
	while (!l->encoding_known && len) {
		l->head[l->n_head++] = (unsigned char)*data++;
		len--;
		if (l->n_head == sizeof(l->head)) {
			bool fatal = feed_head(l);

			return feed_decoded(l, data, len) || fatal;
		}
	}
	return len ? feed_decoded(l, data, len) : false;
}

/* the module's own findings: the last layer's and the access log's */
/* the last layer's finding, one identity in three wordings: a death the
 * log tells, a process that ended before it served, one gone after */
#define UNKNOWN_FATAL(why, fix)                                                                    \
	{                                                                                          \
		.id = (char *)"unknown-fatal", .cause = (char *)"engine-died",                     \
		.class = (char *)"unknown", .explain = (char *)(why), .remedy = (char *)(fix),     \
		.kind = LOG_FATAL, .layer = LAYER_UNKNOWN, .fatal = true,                          \
	}

static const struct log_rule unknown_death =
	UNKNOWN_FATAL("the engine stopped, and no known signature says why: the quoted "
		      "line is the last error before it",
		      "read the quoted line and the lines just before it (preflight doctor "
		      "--context 8 LOG shows them); its exception names the cause");

static const struct log_rule failing_requests = {
	.id = (char *)"chat-requests-failing",
	.cause = (char *)"requests-failing",
	.class = (char *)"request-failures",
	.explain = (char *)"the engine is up but answers every chat request with an error: "
			   "at least three in a row failed and none was served",
	.remedy = (char *)"read the error the engine logged for the first failed request (a "
			  "chat template that rejects the messages, a crashed worker); fix it "
			  "before trusting the recipe (preflight run shows the answers)",
	.kind = LOG_FATAL,
	.layer = LAYER_CLASS,
	.fatal = true,
};

static const struct log_rule unknown_exit =
	UNKNOWN_FATAL("the engine's process ended before it served, and no known signature "
		      "says why: the quoted line is the last it wrote",
		      "read the quoted line and the lines just before it (preflight doctor "
		      "--exited --context 8 LOG shows them); a process killed from outside "
		      "(the OOM killer, a container limit) leaves no words: check dmesg and "
		      "the container's exit status");

static const struct log_rule unknown_gone =
	UNKNOWN_FATAL("the engine's process ended after it served, with no error and no "
		      "word of stopping as asked: the quoted line is the last it wrote",
		      "a process killed from outside leaves no words: check dmesg for the "
		      "OOM killer (\"Out of memory: Killed process\") and the container's exit "
		      "status and memory limit; then read the quoted line and the lines "
		      "before it (preflight doctor --exited --context 8 LOG)");

/* does a finding of r say the process crashed (its cause)? */
static bool says_crashed(const struct log_rule *r)
{
	return r->cause && !strcmp(r->cause, ENGINELOG_CAUSE_CRASHED);
}

/* is r a rule of the class layer whose class is cls? */
static bool of_class(const struct log_rule *r, const char *cls)
{
	return r->layer == LAYER_CLASS && r->class && !strcmp(r->class, cls);
}

/* is r a class that says the model failed to load? */
static bool says_load_failed(const struct log_rule *r)
{
	return of_class(r, ENGINELOG_CLASS_LOAD_FAILED);
}

/* is m the import-error class on a Python exception's line ("ImportError:
 * x", "ModuleNotFoundError: No module named 'x'"), not a loader's words
 * (a native runner's shared library, which a Go server outlives to answer
 * the request that started it) */
static bool says_imported(const struct log_match *m)
{
	return of_class(m->rule, ENGINELOG_CLASS_IMPORT) &&
	       (strstr(m->quote, "ImportError: ") || strstr(m->quote, "ModuleNotFoundError: "));
}

/* did the engine die on a line from a up to b: an exit, a crash */
static bool died_between(const struct enginelog *l, long a, long b)
{
	size_t i;

	if (l->exit.line >= a && l->exit.line < b)
		return true;
	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].line >= a && l->matches[i].line < b &&
		    l->matches[i].rule->fatal && says_crashed(l->matches[i].rule))
			return true;
	return false;
}

/* the fatal findings the engine outlived, warnings now; true when one
 * fatal finding is left */
static bool outlived(struct enginelog *l)
{
	bool any = false;
	long dead = l->exit.line; /* the last word of a death */
	size_t i;

	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].fatal && l->matches[i].line > dead)
			dead = l->matches[i].line;
	for (i = 0; i < l->n_matches; i++) {
		struct log_match *m = &l->matches[i];

		/* it came up after, or answered a chat request after and did
		 * not die since (a stream begun before a death logs its 200
		 * too), nor before that answer (one logged after the engine
		 * said it died, EngineDeadError, is a stream begun before; only
		 * a ready line says it lives again); a health check answered
		 * after a crash is no such line: the API server answers it
		 * until it learns its worker is gone */
		if (m->fatal && ((says_crashed(m->rule) ? l->came_up : l->ready) > m->line ||
				 (l->served > m->line && dead <= l->served &&
				  !died_between(l, m->line, l->served))))
			m->fatal = false;
		/* what it said it fell back from, on the next lines */
		if (m->fatal && m->fell_back)
			m->fatal = false;
		/* a failure only start shows, after the engine came up: a
		 * request's ("max_tokens must be at least 1") */
		if (m->fatal && m->rule->startup && l->ready && l->ready < m->line)
			m->fatal = false;
		/* a class a request handler's line met: one request failed (its
		 * validation, its length), not the engine, unless a part of it
		 * died there or since; a rule knows its cause (a model with no
		 * chat template fails every request), and every request failing
		 * is failing_requests' */
		if (m->fatal && m->request && m->rule->layer == LAYER_CLASS &&
		    !says_crashed(m->rule) && l->exit.line < m->line)
			m->fatal = false;
		/* a Python module that would not import, after which the server
		 * answered a request, whatever its status: one that failed as
		 * the engine started never answers, so this was an import a
		 * request made (a guided decoding backend's, a media
		 * processor's), and it outlived it */
		if (m->fatal && says_imported(m) && l->answered > m->line && l->exit.line < m->line)
			m->fatal = false;
		any = any || m->fatal;
	}
	return any;
}

/* Did the engine fail to load the model, or die of no known cause saying
 * only that it ended, after a warning a class knows? Then the warning says
 * why ("context type MTP requested but model doesn't contain MTP layers",
 * then "failed to create MTP context" and "exiting due to model loading
 * error"; llama.cpp's "failed to find free space in the KV cache,
 * retrying" until "unexpected error in llama server update_slots - exiting
 * main loop"). A warning that itself says the load failed (TorchServe's
 * "WARN ... Load model failed: x, error: Worker died.") is why of a death
 * since it served whose every finding says only how it ended ("Backend
 * worker process died."). A death that says more since (an error line, a
 * traceback) is not the warning's. */
static bool explained_by_warning(const struct enginelog *l)
{
	bool load_warned, load = false;
	size_t i;

	if (!l->warned.line || says_crashed(l->warned_rule))
		return false;
	load_warned = says_load_failed(l->warned_rule);
	if (load_warned && (l->warned.line <= l->ready || l->traceback > l->warned.line ||
			    l->error.line > l->warned.line))
		return false;
	for (i = 0; i < l->n_matches; i++) {
		const struct log_match *m = &l->matches[i];

		if (!m->fatal)
			continue;
		if (m->line < l->warned.line)
			return false;
		if (load_warned ? !m->rule->ending
				: !says_load_failed(m->rule) && (m->rule->layer != LAYER_UNKNOWN ||
								 l->traceback > l->warned.line ||
								 l->error.line > l->warned.line))
			return false;
		load = true;
	}
	return load;
}

/* Is the line one of the chain of causes a logger writes under an error,
 * each deeper than the one before it ("- Caused By: Error: The model has
 * crashed ...", under "- Caused By: Error: Channel Error")? An error
 * above it in the chain wraps it: it is not why. */
static bool deeper_cause(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '-')
		s++;
	return !strncasecmp(s, "caused by", 9) && gives_cause(s);
}

/* A finding that says how the process ended (an exit status, "Killed", a
 * child's sigquit) and not why: the last error the engine wrote before it
 * is the decisive line, a finding of the same rule there ("ValueError: ...
 * memory leak detected!", then "Received sigquit from a child process").
 * With none before it, the child that failed may say why after its parent
 * said it ended (their lines meet in one log in either order): the
 * exception after it, or what the traceback cut short after it said it
 * was, when that is a part's report of its own failure ("Scheduler hit an
 * exception: Traceback"), not a log level's. `errs`: the error since it
 * served is the engine's own (no request handler's); `cut`: the log ends
 * inside that traceback, before it served. */
static void say_why_it_ended(struct enginelog *l, bool errs, bool cut)
{
	size_t i;

	/* an error that itself says only how it ended (Ollama's "post
	 * predict" answered EOF by a runner that died, then "llama runner
	 * terminated" with its exit status) is an echo of the end, not why */
	for (i = 0; errs && i < l->n_matches; i++)
		if (l->matches[i].line == l->error.line && l->matches[i].fatal &&
		    l->matches[i].rule->ending)
			errs = false;
	for (i = 0; i < l->n_matches; i++) {
		const struct log_match *m = &l->matches[i];
		const struct log_mark *why = NULL;

		if (!m->fatal || !m->rule->ending)
			continue;
		if (errs && ((l->error.line < m->line && !deeper_cause(m->quote)) ||
			     (l->error.line > m->line && l->error_exception)))
			why = &l->error;
		else if (cut && l->tb_intro.line > m->line && l->tb_intro.line == l->exit.line)
			why = &l->tb_intro;
		if (!why)
			continue;
		record(l, m->rule, why->line, why->text, strlen(why->text));
		if (l->matches[l->n_matches - 1].line == why->line)
			l->matches[l->n_matches - 1].why = true;
		return;
	}
}

/* Is m's failure the one a chained traceback went on from, a finding of
 * its rule on the exception that ended the chain's first traceback
 * ("ImportError: ...: undefined symbol: X", "The above exception was the
 * direct cause of the following exception:", then "ImportError: Please try
 * running Python from a different directory!")? The cause is why, not the
 * exception raised again over it. */
static bool said_as_cause(const struct enginelog *l, const struct log_match *m)
{
	size_t i;

	for (i = 0; l->chain_cause && l->chain_cause < m->line && i < l->n_matches; i++)
		if (l->matches[i].line == l->chain_cause && l->matches[i].rule == m->rule &&
		    l->matches[i].fatal)
			return true;
	return false;
}

/* Of findings that rank alike, the one on the last exception line says
 * more than one before it ("Failed to load model.", then "Error when
 * loading model: Exception: Encountered fatal exception in the backend
 * generation thread"): it is the decisive line, so it wins their tie. */
static void last_exception_says_more(struct enginelog *l)
{
	size_t i;

	for (i = 0; i < l->n_matches; i++)
		if (l->matches[i].line == l->error.line && l->matches[i].fatal &&
		    !said_as_cause(l, &l->matches[i]))
			l->matches[i].why = true;
}

/* Is the last error a plain error line another part wrote after a
 * traceback's exception, with other lines between (Ray's "Unhandled error
 * ... ray::Worker.execute_method()" after the worker's own exception, as
 * its executor shuts down)? Then the exception is why, not the report of
 * it. A line right after the exception is its detail (CANN's
 * "Widget_Error(EZ1001): ..."), and that says why. */
static bool after_exception(const struct enginelog *l)
{
	return l->error.line > l->ready && !l->error_exception && l->exception.line > l->ready &&
	       l->error.line > l->exception.line + 1;
}

/* the rules' class of failures named cls (its explanation and remedy),
 * NULL when the rules have none (a user's file alone) */
static const struct log_rule *class_rule(const struct log_rules *rs, const char *cls)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		if (of_class(&rs->rules[i], cls) && !rs->rules[i].frames)
			return &rs->rules[i];
	return NULL;
}

/* Is why the exception a traceback ended in whose every frame was an
 * import (a module's top level, importlib's, runpy's): the engine died
 * importing its own code, whatever the exception says ("NameError: name
 * 'exllamav2_ext' is not defined" where its compiled extension did not
 * load)? A frame that ran a function says no more than the exception. */
static bool died_importing(const struct enginelog *l, const struct log_mark *why)
{
	return why->line == l->exception.line && l->exception.line > l->traceback &&
	       l->tb_modules >= 2 && !l->tb_ran;
}

/* a death no finding explains: the unknown layer's finding on what the
 * cut traceback said it was (intro), an exit after it that says why
 * itself (a marker's "says"), the last error since it served, the first
 * exit of this death when there is none (a process prints its
 * traceback after the words that it dies; a supervisor's "exited with
 * code 1" comes after the engine's own), else the last words of a process
 * seen to end. False when there are none. */
static bool tell_death(struct enginelog *l, bool intro, const struct log_mark *last)
{
	/* an exit that says why itself ("FATAL server failed during startup |
	 * artifact ... was not consumed"), after the last error: its words */
	bool says = l->ended.line && l->ended.line == l->exit_says && l->ended.line > l->error.line;
	/* or a later exit that says it, over a first that did not ("Failed
	 * to start engine: NoneType: None", then Triton's "Failed to
	 * initialize Python stub: TypeError: ...") */
	bool later_says = !says && l->exit.line && l->exit.line == l->exit_says &&
			  l->exit.line > l->error.line;
	const struct log_rule *imports;
	const struct log_mark *why = intro					 ? &l->tb_intro
				     : says					 ? &l->ended
				     : later_says				 ? &l->exit
				     : after_exception(l)			 ? &l->exception
				     : l->error.line && l->error.line > l->ready ? &l->error
				     : l->exit.line				 ? &l->ended
				     : last->line				 ? last
										 : NULL;

	if (why && why->line == l->warned.line) /* a warning a class knows */
		record(l, l->warned_rule, why->line, why->text, strlen(why->text));
	else if (why == &l->ended && l->ended_rule) /* the first of its words, said twice */
		record(l, l->ended_rule, why->line, why->text, strlen(why->text));
	else if (why && l->tb_open && l->tb_through &&
		 !l->tb_handler) /* cut in code that says what */
		record(l, l->tb_through, why->line, why->text, strlen(why->text));
	else if (why && died_importing(l, why) &&
		 (imports = class_rule(l->rules, ENGINELOG_CLASS_IMPORT)))
		record(l, imports, why->line, why->text, strlen(why->text));
	else if (why)
		record(l, why == last ? &unknown_exit : &unknown_death, why->line, why->text,
		       strlen(why->text));
	return why != NULL;
}

/* Of a traceback the log ends inside (cut), is what it said it was the
 * quote? Not when that is only an exit's header ("Process EngineCore:"),
 * a word of stopping (uvicorn's "Finished server process [605]" as the
 * engine's error takes the server down), another process's line
 * (tb_foreign), or an info-level line after the error or exit that came
 * first (vLLM's "INFO ... Killing local vLLM worker processes" after a
 * worker died); the traceback's own header under an error level ("[E]
 * Traceback (most recent call last):") is no error said after it. */
static bool intro_says(const struct enginelog *l, bool cut)
{
	long last_word = l->error.line > l->exit.line ? l->error.line : l->exit.line;

	return cut && !l->tb_foreign && l->tb_intro.line != l->exit.line &&
	       l->tb_intro.line != l->shutdown &&
	       (l->tb_intro.line >= l->error.line || l->error.line == l->traceback) &&
	       !(last_word && last_word < l->tb_intro.line &&
		 info_level(l->tb_intro.text, strlen(l->tb_intro.text)));
}

/* the conclusions the whole log allows (enginelog.h) */
static void settle(struct enginelog *l)
{
	bool any = outlived(l), died, gone, tb_end;
	const struct log_mark *last = &l->said[l->said_at];
	/* the log ends inside a traceback before it ever served: its process
	 * died telling it (the exception line it ends with never came). Once
	 * it served, or when a request handler tells it, a request's traceback
	 * cut short is not a death; nor one a warning-level line began (a
	 * warning's detail: "WARNING ... Traceback", an optional import's). */
	bool cut = l->tb_open && !l->ready && l->tb_intro.line && !l->tb_handler && !l->tb_ignored;
	bool intro = intro_says(l, cut);

	/* an error a request handler wrote is a request's, not the engine's */
	bool handled = (l->handler && l->handler == l->error.line) || l->error_handled;

	/* a log that ends on an error after a traceback: once the engine
	 * came up, only the traceback's own exception ending it is a death
	 * (a plain error line after a request's traceback, "client
	 * disconnected", is the server going on) */
	tb_end = (l->traceback && l->traceback < l->error.line) ||
		 (l->frame && l->frame < l->error.line);
	died = (l->exit.line && l->exit.line > l->ready) ||
	       (l->error.line && l->error.line == last->line && l->error.line > l->ready &&
		!handled &&
		((tb_end && (l->error_exception || !l->ready)) ||
		 (l->error_exception && !l->ready))) ||
	       cut;
	/* a process known to have ended that never served, or erred since */
	died = died || (l->exited && (!l->ready || l->error.line > l->ready));
	/* or one that served and then was gone without a word: not asked to
	 * stop (no shutdown line since it served), so taken from outside */
	gone = !died && l->exited && l->ready && l->shutdown < l->ready && last->line;
	/* or one whose log ends inside a Java stack trace before it served
	 * (DJL Serving's worker that did not start): its last exception */
	if (!any && !died && l->java_open && !l->ready) {
		record(l, &unknown_death, l->java_exception.line, l->java_exception.text,
		       strlen(l->java_exception.text));
		any = true;
	}
	if (!any && died)
		any = tell_death(l, intro, last);
	if (!any && gone) {
		record(l, &unknown_gone, last->line, last->text, strlen(last->text));
		any = true;
	}
	if (any && explained_by_warning(l))
		record(l, l->warned_rule, l->warned.line, l->warned.text, strlen(l->warned.text));
	if (any)
		say_why_it_ended(l, l->error.line > l->ready && !handled, cut);
	if (any && l->error_exception)
		last_exception_says_more(l);
	if (l->failed_requests >= 3) {
		record(l, &failing_requests, l->first_failed.line, l->first_failed.text,
		       strlen(l->first_failed.text));
		any = true;
	}
	l->fatal = any;
}

void enginelog_end(struct enginelog *l)
{
	if (!l->encoding_known && l->n_head)
		(void)feed_head(l);
	if (l->partial.len || l->at_cr)
		take_kept(l);
}

void enginelog_exited(struct enginelog *l)
{
	l->exited = true;
}

/* Mark each headline ("1 validation error for LlamaCpp") whose own next
 * lines, its rule's heads, hold a fatal finding ("Could not load Llama
 * model from path: ..."): those say what failed, and so does any other
 * finding, so the headline ranks after every one (better). */
static void mark_headlines(struct enginelog *l)
{
	size_t i, j;

	for (i = 0; i < l->n_matches; i++) {
		struct log_match *h = &l->matches[i];

		h->headed = false;
		for (j = 0; h->rule->heads && j < l->n_matches && !h->headed; j++) {
			const struct log_match *m = &l->matches[j];

			h->headed = m->fatal && m->line > h->line &&
				    m->line <= h->line + h->rule->heads;
		}
	}
}

void enginelog_finish(struct enginelog *l)
{
	size_t i;

	enginelog_end(l);
	if (l->settled)
		return;
	settle(l);
	l->settled = true;
	for (i = 0; i < l->n_matches; i++) /* told at the file's lines */
		l->matches[i].line = file_line(l, l->matches[i].line);
	mark_headlines(l);
	if (l->tripped_line)
		l->tripped_line = file_line(l, l->tripped_line);
}

enum engine enginelog_engine(const struct enginelog *l)
{
	/* a log names several when one engine wraps another (Ollama runs
	 * llama.cpp, SGLang prints vLLM's version): the wrapper wins */
	static const enum engine order[] = { ENGINE_OLLAMA,  ENGINE_TGI,    ENGINE_LMDEPLOY,
					     ENGINE_TRTLLM,  ENGINE_SGLANG, ENGINE_VLLM,
					     ENGINE_LLAMACPP };
	size_t i;

	if (l->engine != ENGINE_UNKNOWN)
		return l->engine;
	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (l->engines_seen & (1u << order[i]))
			return order[i];
	return ENGINE_UNKNOWN;
}

void enginelog_remedy(const struct enginelog *l, const struct log_match *m, char *out, size_t size)
{
	enum engine e = enginelog_engine(l);
	const char *remedy = m->rule->remedy ? m->rule->remedy : "";
	unsigned among = 0;
	size_t k;

	/* a log that names no engine, read by a rule of some: in the words of
	 * each of those engines, not of every engine, nor of the first alone
	 * (unrecognized-arguments is vLLM's, SGLang's and TGI's) */
	for (k = 0; e == ENGINE_UNKNOWN && k < m->rule->n_engines; k++)
		among |= 1u << m->rule->engines[k];
	if (among)
		engine_fill_among(among, remedy, out, size);
	else
		engine_fill(e, remedy, out, size);
}

const char *enginelog_layer_name(enum log_layer layer)
{
	return layer == LAYER_CLASS ? "class" : layer == LAYER_UNKNOWN ? "unknown" : "rule";
}

static bool crash_class(const struct log_rule *r)
{
	return r->layer == LAYER_CLASS && says_crashed(r);
}

/* does a explain the log better than b? */
static bool better(const struct log_match *a, const struct log_match *b)
{
	if (a->fatal != b->fatal)
		return a->fatal;
	/* a headline whose own lines say what failed ranks after any finding
	 * (mark_headlines): after all, so the order stays one order */
	if (a->headed != b->headed)
		return b->headed;
	/* a crash after a failure of another kind is that failure's doing
	 * (an access violation after the model failed to load), and so is
	 * one whose own message, a line its quote took in, is that failure
	 * (Rust's "panicked at x.rs:406:19:" then "missing field `vocab_size`") */
	if (a->rule->layer == LAYER_CLASS && b->rule->layer == LAYER_CLASS &&
	    crash_class(a->rule) != crash_class(b->rule)) {
		const struct log_match *crash = crash_class(a->rule) ? a : b;
		const struct log_match *other = crash == a ? b : a;

		if (other->line <= crash->line + crash->joined)
			return other == a;
	}
	if (a->rule->priority != b->rule->priority)
		return a->rule->priority > b->rule->priority;
	if (a->kernel != b->kernel) /* the engine's own words over the kernel's */
		return b->kernel;
	if (a->why != b->why) /* why it ended over how */
		return a->why;
	return a->line < b->line;
}

size_t enginelog_ranked(const struct enginelog *l, const struct log_match **out)
{
	size_t i, j;

	for (i = 0; i < l->n_matches; i++) {
		const struct log_match *m = &l->matches[i];

		for (j = i; j > 0 && better(m, out[j - 1]); j--)
			out[j] = out[j - 1];
		out[j] = m;
	}
	return l->n_matches;
}

const struct log_match *enginelog_best(const struct enginelog *l)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];

	return enginelog_ranked(l, ranked) ? ranked[0] : NULL;
}

void enginelog_release(struct enginelog *l)
{
	buf_release(&l->partial);
	buf_release(&l->before_cr);
	buf_release(&l->window);
	buf_release(&l->wrapped);
	free(l->tripped);
	l->tripped = NULL;
	free(l->spans);
	l->spans = NULL;
	l->n_spans = l->cap_spans = 0;
	free(l->hit);
	free(l->hits);
	l->hit = NULL;
	l->hits = NULL;
}

int enginelog_read_file(struct enginelog *l, const char *path, char *err, size_t errlen)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;
	char chunk[1 << 16];
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open the engine log '%s': %s", path, strerror(errno));
		return -1;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot read the engine log '%s': %s", path,
				 strerror(errno));
			if (fd != STDIN_FILENO)
				close(fd);
			return -1;
		}
		enginelog_feed(l, chunk, (size_t)n);
	}
	enginelog_finish(l);
	if (fd != STDIN_FILENO)
		close(fd);
	return 0;
}
