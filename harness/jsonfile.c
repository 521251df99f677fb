/* jsonfile — located errors for user JSON files; see jsonfile.h. */
#include "jsonfile.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"

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

cJSON *jsonfile_parse(struct jsonfile *f)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(f->text, f->len, &end, false);
	int line, col;

	if (root)
		return root;
	line_col(f->text,
		 end && end >= f->text && end <= f->text + f->len ? (size_t)(end - f->text) : 0,
		 &line, &col);
	snprintf(f->err, f->errlen, "%s:%d:%d: invalid JSON", f->path, line, col);
	return NULL;
}

int jsonfile_error(struct jsonfile *f, const char *key, const char *fmt, ...)
{
	char msg[400], quoted[128];
	const char *hit = NULL;
	int line, col;
	va_list ap;

	if (key) {
		snprintf(quoted, sizeof(quoted), "\"%s\"", key);
		hit = strstr(f->text, quoted);
	}
	line_col(f->text, hit ? (size_t)(hit - f->text) : 0, &line, &col);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(f->err, f->errlen, "%s:%d:%d: %s", f->path, line, col, msg);
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
