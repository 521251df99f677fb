/* jsonfile — located errors for user JSON files; see jsonfile.h. */
#include "jsonfile.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
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

/* Fails on an object that holds a key twice (cJSON keeps both, and the
 * first would silently win). */
static int no_duplicates(struct jsonfile *f, const cJSON *v, int depth)
{
	const cJSON *e;
	const cJSON **names = NULL;
	int n = 0, i, rc = 0;

	if (depth > 1000 || (!cJSON_IsObject(v) && !cJSON_IsArray(v)))
		return 0;
	if (cJSON_IsObject(v)) {
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

cJSON *jsonfile_parse(struct jsonfile *f)
{
	const char *end = NULL;
	cJSON *root;
	unsigned long failures = alloc_failures();
	int line, col;

	size_t bom = f->len >= 3 && !memcmp(f->text, "\xEF\xBB\xBF", 3) ? 3 : 0;

	if (lint(f))
		return NULL;
	/* a byte-order mark (editors on Windows write one) is not JSON */
	root = cJSON_ParseWithLengthOpts(f->text + bom, f->len - bom, &end, false);
	if (!root) {
		if (alloc_failures() != failures) {
			snprintf(f->err, f->errlen, "%s: out of memory", f->path);
			return NULL;
		}
		line_col(f->text,
			 end && end >= f->text && end <= f->text + f->len ? (size_t)(end - f->text)
									  : 0,
			 &line, &col);
		snprintf(f->err, f->errlen, "%s:%d:%d: invalid JSON", f->path, line, col);
		return NULL;
	}
	while (end && end < f->text + f->len && strchr(" \t\r\n", *end))
		end++;
	if (end && end < f->text + f->len) {
		error_at(f, (size_t)(end - f->text),
			 "text after the JSON value (a second document?)");
		cJSON_Delete(root);
		return NULL;
	}
	if (no_duplicates(f, root, 0)) {
		cJSON_Delete(root);
		return NULL;
	}
	return root;
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
