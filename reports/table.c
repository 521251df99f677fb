/* table — notebook rows from reports, and the marked-block rewrite. */
#include "table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "file.h"
#include "jsonfile.h"
#include "text.h"

#define REPORT_MAX (256u << 20)

struct row {
	char *key;     /* the recipe's name, or the model */
	char *started; /* ISO 8601: the newest report wins */
	char *cells[7];
};

const char *table_str(const struct cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) && *v->valuestring ? v->valuestring : NULL;
}

bool table_is_conformance(const cJSON *report)
{
	const char *schema = table_str(report, "schema");

	return schema && !strcmp(schema, "preflight-conformance/v1");
}

bool table_is_report(const cJSON *report)
{
	const char *schema = table_str(report, "schema");

	return schema && (!strcmp(schema, "preflight-report/v1") || table_is_conformance(report));
}

const cJSON *table_items(const cJSON *report)
{
	return cJSON_GetObjectItemCaseSensitive(report,
						table_is_conformance(report) ? "checks" : "probes");
}

/* A GFM cell that no text can break (table.h): valid UTF-8 on one line, pipes
 * escaped; outside code spans <, > and & as entities, so no marker
 * (<!-- ... -->) or HTML can start there; a lone backtick escaped, so
 * balanced ones stay code spans as the notebook writes them; empty as an
 * em dash. Markers count only as whole lines, and a row starts with '|'. */
int table_cell(struct buf *out, const char *s)
{
	struct buf clean = BUF_INIT(0);
	const char *p;
	size_t ticks = 0;
	bool code = false;
	int rc;

	if (!s || !*s)
		return buf_puts(out, "—");
	rc = text_sanitize(&clean, s, strlen(s), true);
	for (p = buf_cstr(&clean); *p; p++)
		ticks += *p == '`';
	for (p = buf_cstr(&clean); *p && !rc; p++) {
		if (*p == '|')
			rc = buf_puts(out, "\\|");
		else if (*p == '`' && ticks % 2)
			rc = buf_puts(out, "\\`");
		else if (*p == '`') {
			code = !code;
			rc = buf_putc(out, '`');
		} else if (!code && *p == '<')
			rc = buf_puts(out, "&lt;");
		else if (!code && *p == '>')
			rc = buf_puts(out, "&gt;");
		else if (!code && *p == '&')
			rc = buf_puts(out, "&amp;");
		else
			rc = buf_putc(out, (unsigned char)*p < 0x20 ? ' ' : *p);
	}
	buf_release(&clean);
	return rc;
}

/* a count from a report, checked before it becomes an int: -1 when it is
 * not a whole number from 0 to max */
static int count_of(const cJSON *v, int max)
{
	double d = cJSON_GetNumberValue(v);

	return cJSON_IsNumber(v) && isfinite(d) && d >= 0 && d <= max && d == floor(d) ? (int)d
										       : -1;
}

/* " · ❌ engine failed to start: WHY" when the engine's log said why the
 * endpoint never came up; false otherwise */
static bool engine_failure(const cJSON *report, struct buf *b)
{
	const cJSON *log = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(report, "endpoint"), "engine_log");
	const cJSON *best =
		cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(log, "findings"), 0);

	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(log, "engine_failed")) ||
	    !table_str(best, "explain"))
		return false;
	buf_printf(b, " · ❌ engine failed to start: %s", table_str(best, "explain"));
	return true;
}

/* the notes cell: the recipe's notes, the preflight summary, the speed */
static char *notes_for(const cJSON *report, const cJSON *recipe)
{
	const cJSON *probes = cJSON_GetObjectItemCaseSensitive(report, "probes"), *p;
	struct buf b = BUF_INIT(1 << 16);
	int passed = 0, total = 0;
	const cJSON *speed, *source, *sweep;

	cJSON_ArrayForEach(p, probes)
	{
		total++;
		passed += table_str(p, "verdict") && !strcmp(table_str(p, "verdict"), "pass");
	}
	if (table_str(recipe, "notes"))
		buf_printf(&b, "%s; ", table_str(recipe, "notes"));
	buf_printf(&b, "preflight %d/%d", passed, total);
	sweep = cJSON_GetObjectItemCaseSensitive(report, "sweep");
	if (table_str(sweep, "headline"))
		buf_printf(&b, " · %s", table_str(sweep, "headline"));
	if (engine_failure(report, &b)) /* one reason for every probe */
		probes = NULL;
	cJSON_ArrayForEach(p, probes)
	{
		const char *verdict = table_str(p, "verdict");

		/* a sweep's cells are its headline, not a note each */
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "swept")))
			continue;
		if (verdict && !strcmp(verdict, "pass")) {
			if (table_str(p, "note"))
				buf_printf(&b, " · %s", table_str(p, "note"));
		} else {
			const cJSON *rp = cJSON_GetObjectItemCaseSensitive(p, "repeats");

			buf_printf(&b, " · ❌ %s%s", table_str(p, "id") ? table_str(p, "id") : "?",
				   table_str(p, "variant") ? table_str(p, "variant") : "");
			int passed_k = count_of(cJSON_GetObjectItemCaseSensitive(rp, "passed"),
						1000000),
			    k = count_of(cJSON_GetObjectItemCaseSensitive(rp, "k"), 1000000);

			/* flaky: passed in k of K repetitions */
			if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rp, "pass_at_k")) &&
			    passed_k >= 0 && k > 0 && passed_k <= k)
				buf_printf(&b, " %d/%d", passed_k, k);
			if (table_str(p, "cause"))
				buf_printf(&b, " (%s)", table_str(p, "cause"));
		}
	}
	speed = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "speed"),
						 "decode_tokens_per_second");
	source = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "speed"),
						  "source");
	if (cJSON_IsNumber(speed) && isfinite(speed->valuedouble) && speed->valuedouble > 0 &&
	    speed->valuedouble < 1e9)
		buf_printf(&b, " · %.0f tok/s%s", speed->valuedouble,
			   cJSON_IsString(source) && !strcmp(source->valuestring, "engine")
				   ? " (engine)"
				   : "");
	return buf_detach(&b);
}

/* does p's failure say the engine cannot serve (garbage, a crash, a hang,
 * an engine error), rather than a setting a flag fixes? */
static bool cannot_serve(const cJSON *p)
{
	static const char *const dead[] = { "garbage-output",
					    "transport-error",
					    "timeout",
					    "malformed-response",
					    "concurrency-corruption",
					    "nonconformant-reply",
					    "proxy-error",
					    NULL };
	const char *cause = table_str(p, "cause");
	const cJSON *o;
	size_t i;

	for (i = 0; cause && dead[i]; i++)
		if (!strcmp(cause, dead[i]))
			return true;
	if (!cause || strcmp(cause, "http-error"))
		return false;
	cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(p, "observations"))
	{
		const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "status");

		if (cJSON_IsNumber(st) && st->valuedouble >= 500)
			return true; /* the engine's own error, not the request's */
	}
	return false;
}

/* The notebook's "serves?": ✅ when the endpoint serves sensible answers,
 * even with failures a flag fixes (a reasoning parser, a thinking budget,
 * a tool parser); ❌ when it cannot serve: unusable, nothing passed, or a
 * probe's cause is garbage, a crash, a hang or an engine error. */
static const char *serves(const cJSON *report)
{
	const cJSON *ep = cJSON_GetObjectItemCaseSensitive(report, "endpoint"), *p;
	bool any = false;

	if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(ep, "usable")))
		return "❌";
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(report, "probes"))
	{
		const char *v = table_str(p, "verdict");

		if (cannot_serve(p))
			return "❌";
		any = any || (v && !strcmp(v, "pass"));
	}
	return any ? "✅" : "❌";
}

/* The served model as the notebook names it: a model served by its file
 * path (llama.cpp without --alias) by the file's name, never the path */
static const char *model_name(const char *served)
{
	const char *slash = served ? strrchr(served, '/') : NULL;

	return slash && slash[1] ? slash + 1 : served;
}

/* one row from a parsed report; name says where it came from */
static int report_row(const cJSON *report, const char *name, struct row *row, char *err,
		      size_t errlen)
{
	const cJSON *recipe, *endpoint, *schema;
	const char *served;

	memset(row, 0, sizeof(*row));
	schema = cJSON_GetObjectItemCaseSensitive(report, "schema");
	if (!cJSON_IsString(schema) || strcmp(schema->valuestring, "preflight-report/v1")) {
		bool conform = cJSON_IsString(schema) &&
			       !strcmp(schema->valuestring, "preflight-conformance/v1");

		snprintf(err, errlen,
			 "%s: not a preflight JSON report (schema preflight-report/v1)%s", name,
			 conform ? "; it is preflight conform's: render it with preflight table "
				   "--conformance"
				 : "");
		return -1;
	}
	recipe = cJSON_GetObjectItemCaseSensitive(report, "recipe");
	endpoint = cJSON_GetObjectItemCaseSensitive(report, "endpoint");
	served = model_name(table_str(endpoint, "model"));
	row->key = xstrdup(table_str(recipe, "name") ? table_str(recipe, "name")
			   : served		     ? served
						     : name);
	row->started = xstrdup(table_str(report, "started") ? table_str(report, "started") : "");
	row->cells[0] = xstrdup(table_str(recipe, "model") ? table_str(recipe, "model") : served);
	row->cells[1] = xstrdup(table_str(recipe, "quant"));
	row->cells[2] = xstrdup(table_str(recipe, "engine"));
	row->cells[3] = xstrdup(table_str(recipe, "gpu"));
	row->cells[4] =
		table_str(recipe, "serves_note")
			? buf_strdupf("%s (%s)", serves(report), table_str(recipe, "serves_note"))
			: xstrdup(serves(report));
	row->cells[5] = xstrdup(table_str(recipe, "key_flags"));
	row->cells[6] = notes_for(report, recipe);
	if (!row->key || !row->started || !row->cells[4] || !row->cells[6]) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	return 0;
}

struct cJSON *table_read_report(const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	cJSON *report = NULL;
	char why[300];

	if (file_read(path, REPORT_MAX, &text, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
	} else {
		struct jsonfile f = { path, text.data, text.len, err, errlen };

		report = jsonfile_parse(&f);
	}
	buf_release(&text);
	return report;
}

static int read_row(const char *path, struct row *row, char *err, size_t errlen)
{
	cJSON *report = table_read_report(path, err, errlen);
	int rc;

	memset(row, 0, sizeof(*row));
	rc = report ? report_row(report, path, row, err, errlen) : -1;

	cJSON_Delete(report);
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
			rc |= table_cell(out, rows[j].cells[k]);
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

/* One line of a notebook: [start, end) without its line ending. */
struct line {
	size_t start, end, next;
	bool crlf;
};

static bool next_line(const char *t, size_t len, size_t at, struct line *l)
{
	const char *nl;

	if (at >= len)
		return false;
	nl = memchr(t + at, '\n', len - at);
	l->start = at;
	l->next = nl ? (size_t)(nl - t) + 1 : len;
	l->end = nl ? (size_t)(nl - t) : len;
	l->crlf = l->end > at && t[l->end - 1] == '\r';
	l->end -= l->crlf;
	return true;
}

/* the line's text without surrounding blanks equals word */
static bool line_is(const char *t, const struct line *l, const char *word)
{
	size_t a = l->start, b = l->end, n = strlen(word);

	while (a < b && (t[a] == ' ' || t[a] == '\t'))
		a++;
	while (b > a && (t[b - 1] == ' ' || t[b - 1] == '\t'))
		b--;
	return b - a == n && !memcmp(t + a, word, n);
}

/* a code fence: up to three spaces, then ``` or ~~~; sets *ch and *n */
static bool fence(const char *t, const struct line *l, char *ch, size_t *n)
{
	size_t a = l->start, k;

	while (a < l->end && a - l->start < 3 && t[a] == ' ')
		a++;
	if (a >= l->end || (t[a] != '`' && t[a] != '~'))
		return false;
	for (k = a; k < l->end && t[k] == t[a]; k++)
		;
	if (k - a < 3)
		return false;
	*ch = t[a];
	*n = k - a;
	return true;
}

int table_splice(const char *text, size_t len, const char *table, struct buf *out, bool *stale,
		 char *err, size_t errlen)
{
	static const struct table_block results = { TABLE_BEGIN, TABLE_END, "results" };

	return table_splice_block(text, len, table, &results, out, stale, err, errlen);
}

int table_splice_block(const char *text, size_t len, const char *table, const struct table_block *m,
		       struct buf *out, bool *stale, char *err, size_t errlen)
{
	struct line l, begin = { 0 }, end = { 0 };
	struct buf block = BUF_INIT(0);
	bool in_fence = false, have_begin = false, have_end = false;
	char fch = 0, ch;
	size_t at = 0, fn = 0, n, i;
	int rc = 0;

	*stale = false;
	for (; next_line(text, len, at, &l); at = l.next) {
		if (fence(text, &l, &ch, &n)) {
			if (!in_fence) {
				in_fence = true;
				fch = ch;
				fn = n;
			} else if (ch == fch && n >= fn) {
				in_fence = false;
			}
			continue;
		}
		if (in_fence)
			continue;
		if (line_is(text, &l, m->begin)) {
			if (have_begin) {
				snprintf(err, errlen, "more than one line %s", m->begin);
				return -1;
			}
			have_begin = true;
			begin = l;
		} else if (have_begin && !have_end && line_is(text, &l, m->end)) {
			have_end = true;
			end = l;
		}
	}
	if (!have_begin || !have_end) {
		snprintf(err, errlen,
			 "no %s block: put a line %s and a line %s where the table belongs "
			 "(outside code fences)",
			 m->what, m->begin, m->end);
		return -1;
	}
	/* the block is the table, in the notebook's own line endings */
	for (i = 0; table[i] && !rc; i++)
		rc = table[i] == '\n' && begin.crlf ? buf_puts(&block, "\r\n")
						    : buf_putc(&block, table[i]);
	rc = rc || buf_append(&block, "", 0);
	/* END comes after BEGIN's line, so begin.next <= end.start */
	*stale = !rc && (end.start - begin.next != block.len ||
			 memcmp(text + begin.next, block.data, block.len));
	if (!rc)
		rc = buf_append(out, text, begin.next) || buf_append(out, block.data, block.len) ||
		     buf_append(out, text + end.start, len - end.start);
	if (rc)
		snprintf(err, errlen, "out of memory");
	buf_release(&block);
	return rc ? -1 : 0;
}

int table_update_notebook(const char *notebook, const char *table, bool check_only, bool *stale,
			  char *err, size_t errlen)
{
	static const struct table_block results = { TABLE_BEGIN, TABLE_END, "results" };

	return table_update_block(notebook, table, &results, check_only, stale, err, errlen);
}

int table_update_block(const char *notebook, const char *table, const struct table_block *m,
		       bool check_only, bool *stale, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0), out = BUF_INIT(0);
	char why[300];
	int rc = -1;

	*stale = false;
	if (file_read(notebook, REPORT_MAX, &text, why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		goto done;
	}
	if (table_splice_block(text.data, text.len, table, m, &out, stale, why, sizeof(why))) {
		snprintf(err, errlen, "notebook '%s': %s", notebook, why);
		goto done;
	}
	rc = check_only || !*stale ? 0
				   : file_write_atomic(notebook, out.data, out.len, err, errlen);
done:
	buf_release(&text);
	buf_release(&out);
	return rc;
}
