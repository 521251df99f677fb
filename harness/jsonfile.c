/* SPDX-License-Identifier: Apache-2.0 */
/* jsonfile — located errors for user JSON files; see jsonfile.h. */
#include "jsonfile.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

/* line and column (1-based, in code points) of byte offset off */
static void line_col(const char *text, size_t off, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

static int error_at(struct jsonfile *f, size_t off, const char *what)
{
	int line, col;

	line_col(f->text, off, &line, &col);
	snprintf(f->err, f->errlen, "%s:%d:%d: %s", f->path, line, col, what);
	return -1;
}

/* What cJSON lets through: bytes that are not UTF-8, NUL anywhere, raw
 * control characters or \u0000 inside strings (cJSON would cut there). */
static int lint(struct jsonfile *f)
{
	size_t i, bad = text_utf8_valid_prefix(f->text, f->len);
	bool in_string = false;

	if (bad < f->len)
		return error_at(f, bad, "not valid UTF-8");
	for (i = 0; i < f->len; i++) {
		unsigned char ch = (unsigned char)f->text[i];

		if (!ch)
			return error_at(f, i, "a NUL byte");
		if (!in_string) {
			in_string = ch == '"';
			continue;
		}
		if (ch == '"')
			in_string = false;
		else if (ch < 0x20)
			return error_at(f, i, "a control character inside a string (escape it)");
		else if (ch == '\\' && i + 1 < f->len) {
			if (!strncmp(f->text + i + 1, "u0000", 5))
				return error_at(f, i, "\\u0000 (NUL) inside a string");
			i++;
		}
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* the offset of the second "key" in the text: where a duplicate stands */
static size_t second_key(const struct jsonfile *f, const char *key)
{
	char quoted[160];
	const char *hit;

	snprintf(quoted, sizeof(quoted), "\"%s\"", key);
	hit = strstr(f->text, quoted);
	hit = hit ? strstr(hit + 1, quoted) : NULL;
	return hit ? (size_t)(hit - f->text) : 0;
}

/* an object of a few members (most are) with no key twice, found without
 * sorting */
static bool small_object_unique(const cJSON *v)
{
	const cJSON *a, *b;
	int n = 0;

	for (a = v->child; a; a = a->next)
		if (++n > 12)
			return false;
	for (a = v->child; a; a = a->next)
		for (b = a->next; b; b = b->next)
			if (!strcmp(a->string, b->string))
				return false;
	return true;
}

/* Fails on an object that holds a key twice (cJSON keeps both, and the
 * first would silently win). */
static int no_duplicates(struct jsonfile *f, const cJSON *v, int depth)
{
	const cJSON *e;
	const cJSON **names = NULL;
	int n = 0, i, rc = 0;

	if (depth > 1000 || (!cJSON_IsObject(v) && !cJSON_IsArray(v)))
		return 0;
	if (cJSON_IsObject(v) && !small_object_unique(v)) {
		names = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*names));
		if (!names)
			return jsonfile_error(f, NULL, "out of memory");
		cJSON_ArrayForEach(e, v) names[n++] = e;
		qsort(names, (size_t)n, sizeof(*names), cmp_names);
		for (i = 1; i < n && !rc; i++)
			if (!strcmp(names[i - 1]->string, names[i]->string)) {
				char what[200];

				snprintf(what, sizeof(what), "duplicate key '%.120s'",
					 names[i]->string);
				rc = error_at(f, second_key(f, names[i]->string), what);
			}
		free(names);
	}
	cJSON_ArrayForEach(e, v)
	{
		if (!rc)
			rc = no_duplicates(f, e, depth + 1);
	}
	return rc;
}

/* --- a document a piece at a time ------------------------------------------ */

/* what a parsed value costs at most: cJSON's node and its allocation's
 * overhead, and a key's copy */
#define TREE_VALUE_COST 112
#define NESTING_MAX	1000 /* cJSON's own limit */

/* a walk over text that finds where values end without building them,
 * counting them; fail is where it stopped on text that is not JSON */
struct scan {
	const char *t;
	size_t n;
	size_t values, items; /* values seen; values directly in the outer one */
	size_t fail;
	const char *why;
};

/* the bytes the walk tells apart */
enum { C_OTHER, C_SPACE, C_QUOTE, C_OPEN, C_CLOSE, C_SEP };
static const unsigned char byte_class[256] = {
	[' '] = C_SPACE, ['\t'] = C_SPACE, ['\r'] = C_SPACE, ['\n'] = C_SPACE,
	['"'] = C_QUOTE, ['['] = C_OPEN,   ['{'] = C_OPEN,   [']'] = C_CLOSE,
	['}'] = C_CLOSE, [','] = C_SEP,	   [':'] = C_SEP,
};
#define CLASS(sc, i) byte_class[(unsigned char)(sc)->t[i]]

static size_t skip_ws(const struct scan *sc, size_t i)
{
	while (i < sc->n && CLASS(sc, i) == C_SPACE)
		i++;
	return i;
}

static size_t scan_fail(struct scan *sc, size_t at, const char *why)
{
	sc->fail = at;
	sc->why = why;
	return SIZE_MAX;
}

static size_t skip_string(struct scan *sc, size_t i)
{
	for (i++; i < sc->n; i++) {
		const char *q = memchr(sc->t + i, '"', sc->n - i);

		if (!q)
			break;
		/* the quote ends the string unless an odd run of \ escapes it */
		i = (size_t)(q - sc->t);
		{
			size_t k = i;

			while (k > 0 && sc->t[k - 1] == '\\')
				k--;
			if ((i - k) % 2 == 0)
				return i + 1;
		}
	}
	return scan_fail(sc, sc->n, "a string that never ends");
}

/* the end of the value at i (after whitespace): strings and nesting are
 * followed, the rest is left to cJSON, which parses every piece after */
static size_t skip_value(struct scan *sc, size_t i)
{
	int depth = 0;

	sc->items = 0;
	for (;;) {
		i = skip_ws(sc, i);
		if (i >= sc->n)
			return scan_fail(sc, sc->n, "the text ends inside a value");
		switch (CLASS(sc, i)) {
		case C_CLOSE:
			if (depth-- == 0)
				return scan_fail(sc, i, "a value was expected");
			i++;
			break;
		case C_SEP:
			if (depth == 0)
				return scan_fail(sc, i, "a value was expected");
			i++;
			continue;
		default: /* a value starts here: counted, then followed */
			sc->values++;
			sc->items += depth == 1;
			if (CLASS(sc, i) == C_OPEN) {
				if (++depth > NESTING_MAX)
					return scan_fail(sc, i, "nested more than 1000 deep");
				i++;
				continue;
			}
			if (CLASS(sc, i) == C_QUOTE) {
				if ((i = skip_string(sc, i)) == SIZE_MAX)
					return i;
			} else { /* a number or a literal: cJSON tells what it is */
				while (i < sc->n && CLASS(sc, i) == C_OTHER)
					i++;
			}
		}
		if (depth == 0)
			return i;
	}
}

/* the text's offset of the head's offset off: the lengths of the arrays
 * left out of the head before it added back (spans are disjoint, so
 * adding them until none more starts before the place is their order) */
static size_t text_offset(const struct jsonfile_split *s, size_t off)
{
	size_t add = 0, was, k;

	do {
		was = add;
		for (add = k = 0; k < JSONFILE_SPLIT_KEYS; k++)
			if (s->to[k] > s->from[k] && s->from[k] <= off + was)
				add += s->to[k] - s->from[k];
	} while (add != was);
	return off + add;
}

/* a piece of values values in bytes bytes: can its tree be afforded? */
static int affordable(struct jsonfile *f, const struct jsonfile_split *s, size_t at, size_t values,
		      size_t bytes)
{
	char what[200];

	if (values * TREE_VALUE_COST + bytes <= s->tree_max)
		return 0;
	snprintf(what, sizeof(what),
		 "%zu JSON values in %zu bytes: more than a report of its size may hold", values,
		 bytes);
	return error_at(f, at, what);
}

/* parses text[0..len) as one value: a piece of f's text, or of the head
 * (its copy of f's text without the arrays, starting at head) */
static cJSON *parse_piece(struct jsonfile *f, const char *text, size_t len, const char *head,
			  const struct jsonfile_split *s)
{
	const char *end = NULL;
	unsigned long failures = alloc_failures();
	cJSON *v = cJSON_ParseWithLengthOpts(text, len, &end, false);
	size_t off;

	if (!v && alloc_failures() != failures) {
		snprintf(f->err, f->errlen, "%s: out of memory", f->path);
		return NULL;
	}
	off = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
	if (v)
		while (off < len && byte_class[(unsigned char)text[off]] == C_SPACE)
			off++;
	if (!v || off < len) {
		off = head ? text_offset(s, off + (size_t)(text - head))
			   : off + (size_t)(text - f->text);
		error_at(f, off,
			 v ? "text after the JSON value (a second document?)" : "invalid JSON");
		cJSON_Delete(v);
		return NULL;
	}
	if (no_duplicates(f, v, 0)) {
		cJSON_Delete(v);
		return NULL;
	}
	return v;
}

/* a byte-order mark's length (editors on Windows write one): not JSON */
static size_t bom_of(const struct jsonfile *f)
{
	return f->len >= 3 && !memcmp(f->text, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

cJSON *jsonfile_parse(struct jsonfile *f)
{
	static const struct jsonfile_split whole; /* nothing left out */

	if (lint(f))
		return NULL;
	return parse_piece(f, f->text + bom_of(f), f->len - bom_of(f), NULL, &whole);
}

/* the member key (quoted at text[at..end)) one of keys? its index, or -1 */
static int split_key(const struct scan *sc, size_t at, size_t end, const char *const *keys)
{
	int k;

	for (k = 0; keys[k] && k < JSONFILE_SPLIT_KEYS; k++)
		if (end - at - 2 == strlen(keys[k]) &&
		    !memcmp(sc->t + at + 1, keys[k], end - at - 2))
			return k;
	return -1;
}

/* the top-level members: each key's array found; the values outside them
 * counted. Returns 0 or -1 with the place in sc */
static int scan_members(struct scan *sc, size_t i, const char *const *keys,
			struct jsonfile_split *s, size_t *head_values)
{
	*head_values = 1;
	for (i = skip_ws(sc, i + 1); i < sc->n && sc->t[i] != '}';) {
		size_t key_end, end, before = sc->values;
		int k;

		if (sc->t[i] != '"' || (key_end = skip_string(sc, i)) == SIZE_MAX)
			return sc->t[i] != '"' ? (int)scan_fail(sc, i, "a key was expected") : -1;
		k = split_key(sc, i, key_end, keys);
		i = skip_ws(sc, key_end);
		if (i >= sc->n || sc->t[i] != ':')
			return (int)scan_fail(sc, i, "a ':' was expected");
		i = skip_ws(sc, i + 1);
		if ((end = skip_value(sc, i)) == SIZE_MAX)
			return -1;
		if (k >= 0 && sc->t[i] == '[' && s->to[k] == s->from[k]) {
			s->from[k] = i + 1;
			s->to[k] = end - 1;
			s->elements[k] = sc->items;
		} else {
			*head_values += sc->values - before + 1;
		}
		i = skip_ws(sc, end);
		if (i < sc->n && sc->t[i] == ',')
			i = skip_ws(sc, i + 1);
		else if (i >= sc->n || sc->t[i] != '}')
			return (int)scan_fail(sc, i, "a ',' or '}' was expected");
	}
	return i < sc->n ? 0 : (int)scan_fail(sc, sc->n, "the text ends inside the object");
}

/* the head: the text without the arrays found, parsed */
static int split_head(struct jsonfile *f, struct jsonfile_split *s, size_t bom)
{
	struct buf head = BUF_INIT(0);
	size_t at = 0, k, next;

	for (;;) {
		next = f->len;
		for (k = 0; k < JSONFILE_SPLIT_KEYS; k++)
			if (s->to[k] > s->from[k] && s->from[k] >= at && s->from[k] < next)
				next = s->from[k];
		if (buf_append(&head, f->text + at, next - at)) {
			buf_release(&head);
			return jsonfile_error(f, NULL, "out of memory");
		}
		if (next == f->len)
			break;
		for (k = 0; s->from[k] != next; k++)
			;
		at = s->to[k];
	}
	s->head = parse_piece(f, buf_cstr(&head) + bom, head.len - bom, buf_cstr(&head), s);
	buf_release(&head);
	return s->head ? 0 : -1;
}

int jsonfile_split(struct jsonfile *f, const char *const *keys, size_t tree_max,
		   struct jsonfile_split *s)
{
	size_t bom = bom_of(f);
	struct scan sc = { f->text, f->len, 0, 0, 0, NULL };
	size_t i, k, values = 0, bytes = f->len;
	bool object;

	memset(s, 0, sizeof(*s));
	s->tree_max = tree_max;
	if (lint(f))
		return -1;
	i = skip_ws(&sc, bom);
	object = i < f->len && f->text[i] == '{';
	if (object ? scan_members(&sc, i, keys, s, &values) : skip_value(&sc, i) == SIZE_MAX)
		return error_at(f, sc.fail, sc.why);
	if (!object)
		values = sc.values;
	for (k = 0; k < JSONFILE_SPLIT_KEYS; k++)
		bytes -= s->to[k] - s->from[k];
	if (affordable(f, s, bom, values, bytes))
		return -1;
	/* what follows the document is cJSON's to find, in the head */
	return split_head(f, s, bom);
}

void jsonfile_split_select(struct jsonfile_split *s, size_t k)
{
	s->at = k < JSONFILE_SPLIT_KEYS ? s->from[k] : 0;
	s->end = k < JSONFILE_SPLIT_KEYS ? s->to[k] : 0;
	s->given = 0;
}

cJSON *jsonfile_next(struct jsonfile *f, struct jsonfile_split *s)
{
	struct scan sc = { f->text, s->end, 0, 0, 0, NULL };
	size_t i = skip_ws(&sc, s->at), end;

	f->err[0] = '\0';
	if (i >= s->end)
		return NULL;
	if (s->given > 0) {
		if (f->text[i] != ',') {
			error_at(f, i, "a ',' or ']' was expected");
			return NULL;
		}
		i = skip_ws(&sc, i + 1);
	}
	if ((end = skip_value(&sc, i)) == SIZE_MAX) {
		error_at(f, sc.fail, i >= s->end ? "a value was expected" : sc.why);
		return NULL;
	}
	if (affordable(f, s, i, sc.values, end - i))
		return NULL;
	s->at = end;
	s->given++;
	return parse_piece(f, f->text + i, end - i, NULL, s);
}

void jsonfile_split_release(struct jsonfile_split *s)
{
	cJSON_Delete(s->head);
	s->head = NULL;
}

void jsonfile_where(const struct jsonfile *f, const char *key, char *out, size_t n)
{
	char quoted[128];
	const char *hit = NULL;
	int line, col;

	if (key) {
		snprintf(quoted, sizeof(quoted), "\"%s\"", key);
		hit = strstr(f->text, quoted);
	}
	line_col(f->text, hit ? (size_t)(hit - f->text) : 0, &line, &col);
	snprintf(out, n, "%s:%d:%d", f->path, line, col);
}

int jsonfile_error(struct jsonfile *f, const char *key, const char *fmt, ...)
{
	char msg[400], where[300];
	va_list ap;

	jsonfile_where(f, key, where, sizeof(where));
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(f->err, f->errlen, "%s: %s", where, msg);
	return -1;
}

void jsonfile_names(char *out, size_t n, const char *const *names, size_t k, const char *quote)
{
	size_t i, used = 0;

	if (!n)
		return;
	out[0] = '\0';
	for (i = 0; i < k && used < n; i++) {
		snprintf(out + used, n - used, "%s%s%s%s",
			 i == 0	      ? ""
			 : i + 1 == k ? " or "
				      : ", ",
			 quote, names[i], quote);
		used = strlen(out);
	}
}

int jsonfile_only_keys(struct jsonfile *f, const cJSON *obj, const char *where,
		       const char *const *allowed)
{
	const cJSON *e;
	size_t i;

	cJSON_ArrayForEach(e, obj)
	{
		for (i = 0; allowed[i]; i++)
			if (!strcmp(e->string, allowed[i]))
				break;
		if (!allowed[i])
			return jsonfile_error(f, e->string, "unknown key '%s' in %s", e->string,
					      where);
	}
	return 0;
}

int jsonfile_string(struct jsonfile *f, const cJSON *obj, const char *key, bool required,
		    char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	*out = NULL;
	if (!v)
		return required ? jsonfile_error(f, NULL, "missing required key '%s'", key) : 0;
	if (!cJSON_IsString(v) || !*v->valuestring)
		return jsonfile_error(f, key, "'%s' must be a non-empty string", key);
	*out = xstrdup(v->valuestring);
	return *out ? 0 : jsonfile_error(f, NULL, "out of memory");
}

int jsonfile_long(struct jsonfile *f, const cJSON *obj, const char *key, long lo, long hi,
		  long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!v)
		return 0;
	/* the range first: casting an out-of-range double is undefined */
	if (!cJSON_IsNumber(v) || v->valuedouble < (double)lo || v->valuedouble > (double)hi ||
	    v->valuedouble != (double)(long)v->valuedouble)
		return jsonfile_error(f, key, "'%s' must be an integer from %ld to %ld", key, lo,
				      hi);
	*out = (long)v->valuedouble;
	return 0;
}

const char *jsonfile_library_version(void)
{
	return cJSON_Version();
}

void jsonfile_use_alloc(void)
{
	cJSON_Hooks hooks = { xmalloc, free };

	cJSON_InitHooks(&hooks);
}

int jsonfile_bool(struct jsonfile *f, const cJSON *obj, const char *key, bool *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!v)
		return 0;
	if (!cJSON_IsBool(v))
		return jsonfile_error(f, key, "'%s' must be true or false", key);
	*out = cJSON_IsTrue(v);
	return 0;
}

int jsonfile_int(struct jsonfile *f, const cJSON *obj, const char *key, int lo, int hi, int *out)
{
	long v = *out;

	if (jsonfile_long(f, obj, key, lo, hi, &v))
		return -1;
	*out = (int)v;
	return 0;
}
