/* table — notebook rows from reports, and the marked-block rewrite. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "file.h"

#define REPORT_MAX (256u << 20)

struct row {
	char *key;     /* the recipe's name, or the model */
	char *started; /* ISO 8601: the newest report wins */
	char *cells[7];
};

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) && *v->valuestring ? v->valuestring : NULL;
}

/* a GFM cell: pipes escaped, line breaks folded, empty as an em dash */
static int cell(struct buf *out, const char *s)
{
	int rc = 0;

	if (!s || !*s)
		return buf_puts(out, "—");
	for (; *s && !rc; s++) {
		if (*s == '|')
			rc = buf_puts(out, "\\|");
		else if (*s == '\n' || *s == '\r')
			rc = buf_putc(out, ' ');
		else
			rc = buf_putc(out, *s);
	}
	return rc;
}

/* the notes cell: the recipe's notes, the preflight summary, the speed */
static char *notes_for(const cJSON *report, const cJSON *recipe)
{
	const cJSON *probes = cJSON_GetObjectItemCaseSensitive(report, "probes"), *p;
	struct buf b = BUF_INIT(1 << 16);
	int passed = 0, total = 0;
	const cJSON *speed;

	cJSON_ArrayForEach(p, probes)
	{
		total++;
		passed += str(p, "verdict") && !strcmp(str(p, "verdict"), "pass");
	}
	if (str(recipe, "notes"))
		buf_printf(&b, "%s; ", str(recipe, "notes"));
	buf_printf(&b, "preflight %d/%d", passed, total);
	cJSON_ArrayForEach(p, probes)
	{
		const char *verdict = str(p, "verdict");

		if (verdict && !strcmp(verdict, "pass")) {
			if (str(p, "note"))
				buf_printf(&b, " · %s", str(p, "note"));
		} else {
			const cJSON *rp = cJSON_GetObjectItemCaseSensitive(p, "repeats");

			buf_printf(&b, " · ❌ %s%s", str(p, "id") ? str(p, "id") : "?",
				   str(p, "variant") ? str(p, "variant") : "");
			/* flaky: passed in k of K repetitions */
			if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rp, "pass_at_k")))
				buf_printf(&b, " %d/%d",
					   (int)cJSON_GetNumberValue(
						   cJSON_GetObjectItemCaseSensitive(rp, "passed")),
					   (int)cJSON_GetNumberValue(
						   cJSON_GetObjectItemCaseSensitive(rp, "k")));
			if (str(p, "cause"))
				buf_printf(&b, " (%s)", str(p, "cause"));
		}
	}
	speed = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "speed"),
						 "decode_tokens_per_second");
	if (cJSON_IsNumber(speed))
		buf_printf(&b, " · %.0f tok/s", speed->valuedouble);
	return buf_detach(&b);
}

/* one row from a parsed report; name says where it came from */
static int report_row(const cJSON *report, const char *name, struct row *row, char *err,
		      size_t errlen)
{
	const cJSON *recipe, *endpoint, *schema;

	memset(row, 0, sizeof(*row));
	schema = cJSON_GetObjectItemCaseSensitive(report, "schema");
	if (!cJSON_IsString(schema) || strcmp(schema->valuestring, "preflight-report/v1")) {
		snprintf(err, errlen,
			 "%s: not a preflight JSON report (schema preflight-report/v1)", name);
		return -1;
	}
	recipe = cJSON_GetObjectItemCaseSensitive(report, "recipe");
	endpoint = cJSON_GetObjectItemCaseSensitive(report, "endpoint");
	row->key = xstrdup(str(recipe, "name")	    ? str(recipe, "name")
			   : str(endpoint, "model") ? str(endpoint, "model")
						    : name);
	row->started = xstrdup(str(report, "started") ? str(report, "started") : "");
	row->cells[0] =
		xstrdup(str(recipe, "model") ? str(recipe, "model") : str(endpoint, "model"));
	row->cells[1] = xstrdup(str(recipe, "quant"));
	row->cells[2] = xstrdup(str(recipe, "engine"));
	row->cells[3] = xstrdup(str(recipe, "gpu"));
	row->cells[4] = xstrdup(
		cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(report, "passed")) ? "✅" : "❌");
	row->cells[5] = xstrdup(str(recipe, "key_flags"));
	row->cells[6] = notes_for(report, recipe);
	if (!row->key || !row->started || !row->cells[4] || !row->cells[6]) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	return 0;
}

static int read_row(const char *path, struct row *row, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	cJSON *report = NULL;
	char why[300];
	int rc = -1;

	memset(row, 0, sizeof(*row));
	if (file_read(path, REPORT_MAX, &text, why, sizeof(why)))
		snprintf(err, errlen, "%s", why);
	else if (!(report = cJSON_ParseWithLength(text.data, text.len)))
		snprintf(err, errlen, "%s: not valid JSON", path);
	else
		rc = report_row(report, path, row, err, errlen);
	cJSON_Delete(report);
	buf_release(&text);
	return rc;
}

static void row_release(struct row *row)
{
	int i;

	free(row->key);
	free(row->started);
	for (i = 0; i < 7; i++)
		free(row->cells[i]);
	memset(row, 0, sizeof(*row));
}

static int render_rows(struct row *rows, int nrows, struct buf *out, char *err, size_t errlen)
{
	int j, k, rc = buf_puts(out, TABLE_HEADER "\n|---|---|---|---|---|---|---|\n");

	for (j = 0; j < nrows; j++) {
		for (k = 0; k < 7; k++) {
			rc |= buf_puts(out, k ? " | " : "| ");
			rc |= cell(out, rows[j].cells[k]);
		}
		rc |= buf_puts(out, " |\n");
	}
	if (rc)
		snprintf(err, errlen, "out of memory");
	return rc ? -1 : 0;
}

int table_render(const char *const *paths, int n, struct buf *out, char *err, size_t errlen)
{
	struct row *rows = xcalloc((size_t)n + 1, sizeof(*rows));
	int nrows = 0, i, j, rc = -1;

	if (!rows) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		struct row r;

		if (read_row(paths[i], &r, err, errlen)) {
			row_release(&r);
			goto out;
		}
		for (j = 0; j < nrows && strcmp(rows[j].key, r.key); j++)
			;
		if (j == nrows) {
			rows[nrows++] = r;
		} else if (strcmp(r.started, rows[j].started) >=
			   0) { /* newer, or later on the line */
			row_release(&rows[j]);
			rows[j] = r;
		} else {
			row_release(&r);
		}
	}
	rc = render_rows(rows, nrows, out, err, errlen);
out:
	for (j = 0; j < nrows; j++)
		row_release(&rows[j]);
	free(rows);
	return rc;
}

int table_render_report(const cJSON *report, struct buf *out, char *err, size_t errlen)
{
	struct row r;
	int rc = report_row(report, "this run", &r, err, errlen);

	if (!rc)
		rc = render_rows(&r, 1, out, err, errlen);
	row_release(&r);
	return rc;
}

int table_update_notebook(const char *notebook, const char *table, bool check_only, bool *stale,
			  char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0), out = BUF_INIT(0);
	const char *begin, *end, *body;
	char why[300];
	int rc = -1;

	*stale = false;
	if (file_read(notebook, REPORT_MAX, &text, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		goto done;
	}
	begin = strstr(buf_cstr(&text), TABLE_BEGIN);
	end = begin ? strstr(begin, TABLE_END) : NULL;
	if (!begin || !end) {
		snprintf(err, errlen,
			 "notebook '%s' has no results block: put a line " TABLE_BEGIN
			 " and a line " TABLE_END " where the table belongs",
			 notebook);
		goto done;
	}
	if (strstr(begin + 1, TABLE_BEGIN)) {
		snprintf(err, errlen, "notebook '%s' has more than one " TABLE_BEGIN, notebook);
		goto done;
	}
	body = begin + strlen(TABLE_BEGIN);
	/* the block is "\n" + table; everything else is kept byte for byte */
	*stale = (size_t)(end - body) != strlen(table) + 1 || body[0] != '\n' ||
		 strncmp(body + 1, table, strlen(table));
	if (check_only || !*stale) {
		rc = 0;
		goto done;
	}
	if (buf_append(&out, text.data, (size_t)(body - text.data)) || buf_putc(&out, '\n') ||
	    buf_puts(&out, table) || buf_append(&out, end, text.len - (size_t)(end - text.data))) {
		snprintf(err, errlen, "out of memory");
		goto done;
	}
	rc = file_write_atomic(notebook, out.data, out.len, err, errlen);
done:
	buf_release(&text);
	buf_release(&out);
	return rc;
}
