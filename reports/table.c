/* SPDX-License-Identifier: Apache-2.0 */
/* table — notebook rows from reports, and the marked-block rewrite. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "file.h"
#include "json.h"
#include "say.h"
#include "text.h"

#define REPORT_MAX JSON_REPORT_MAX

struct row {
	char *key;     /* the recipe's name, else the model, engine and endpoint */
	char *started; /* ISO 8601: the newest report wins */
	char *cells[7];
};

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

/* " · ❌ engine failed to start: WHY" when the engine's log said why the
 * endpoint never came up; false otherwise */
static bool engine_failure(const struct model *m, struct buf *b)
{
	const struct model_endpoint *e = &m->endpoint;

	if (!e->engine_failed || !e->n_findings || !e->findings[0].explain)
		return false;
	buf_printf(b, " · ❌ engine failed to start: %s", e->findings[0].explain);
	return true;
}

/* a failed item's note: " · ❌ id@variant k/K (cause)" */
static void failure_note(struct buf *b, const struct model_item *p)
{
	buf_printf(b, " · ❌ %s%s", p->id ? p->id : "?", p->variant ? p->variant : "");
	/* flaky: passed in k of K repetitions */
	if (p->has_repeats && p->reps_passed > 0 && p->reps > 0 && p->reps_passed <= p->reps)
		buf_printf(b, " %d/%d", p->reps_passed, p->reps);
	if (p->cause)
		buf_printf(b, " (%s)", p->cause);
}

/* the notes cell: the recipe's notes, the preflight summary, the speed */
static char *notes_for(const struct model *m)
{
	struct buf b = BUF_INIT(1 << 16);
	bool one_reason;
	size_t i;

	if (m->recipe.notes)
		buf_printf(&b, "%s; ", m->recipe.notes);
	buf_printf(&b, "preflight %d/%d", m->counts.passed, m->counts.items);
	if (m->counts.cells) { /* "5/5 (4 sweep cells and 1 probe)", never 5 probes */
		buf_puts(&b, " ");
		model_tally_what(m, &b);
	}
	if (m->sweep.headline)
		buf_printf(&b, " · %s", m->sweep.headline);
	one_reason = engine_failure(m, &b); /* one reason for every probe */
	for (i = 0; !one_reason && i < m->n_items; i++) {
		const struct model_item *p = &m->items[i];

		if (p->swept) /* a sweep's cells are its headline, not a note each */
			continue;
		if (p->verdict == VERDICT_PASS && p->note)
			buf_printf(&b, " · %s", p->note);
		else if (p->verdict != VERDICT_PASS)
			failure_note(&b, p);
	}
	if (m->speed.present && m->speed.decode_tps > 0 && m->speed.decode_tps < 1e9)
		buf_printf(&b, " · %.0f %s%s", m->speed.decode_tps, model_speed_unit(&m->speed),
			   m->speed.source && !strcmp(m->speed.source, "engine") ? " (engine)"
										 : "");
	return buf_detach(&b);
}

/* The served model as the notebook names it: a model served by its file
 * path (llama.cpp without --alias) by the file's name, never the path */
static const char *model_name_of(const char *served)
{
	const char *slash = served ? strrchr(served, '/') : NULL;

	return slash && slash[1] ? slash + 1 : served;
}

/* a row's identity: the recipe's name, else the model, the engine and the
 * endpoint, so two endpoints serving one model name stay two rows */
static char *row_key(const struct model *m, const char *served, const char *name)
{
	if (m->recipe.present && m->recipe.name)
		return xstrdup(m->recipe.name);
	return buf_strdupf("%s · %s · %s", served ? served : name,
			   m->endpoint.engine ? m->endpoint.engine : "?",
			   m->endpoint.base_url ? m->endpoint.base_url : "?");
}

/* one row from a model; name says where it came from. The serves? cell
 * is the model's serves (computed once): ✅ when the endpoint serves
 * sensible answers, even with failures a flag fixes; ❌ when it cannot. */
static int model_row(const struct model *m, const char *name, struct row *row, char *err,
		     size_t errlen)
{
	const struct model_recipe *rp = &m->recipe;
	const char *served = model_name_of(m->endpoint.model), *mark = m->serves ? "✅" : "❌";

	memset(row, 0, sizeof(*row));
	if (m->kind != MODEL_RUN) {
		snprintf(err, errlen,
			 "%s: a report of preflight conform: render it with preflight table "
			 "--conformance",
			 name);
		return -1;
	}
	row->key = row_key(m, served, name);
	row->started = xstrdup(m->started ? m->started : "");
	row->cells[0] = xstrdup(rp->model ? rp->model : served);
	row->cells[1] = xstrdup(rp->quant);
	row->cells[2] = xstrdup(rp->engine);
	row->cells[3] = xstrdup(rp->gpu);
	row->cells[4] =
		rp->serves_note ? buf_strdupf("%s (%s)", mark, rp->serves_note) : xstrdup(mark);
	row->cells[5] = xstrdup(rp->key_flags);
	row->cells[6] = notes_for(m);
	if (!row->key || !row->started || !row->cells[4] || !row->cells[6]) {
		snprintf(err, errlen, "%s: out of memory", name);
		return -1;
	}
	return 0;
}

static int read_row(const char *path, struct row *row, char *err, size_t errlen)
{
	struct model *m = json_read_file(path, err, errlen);
	int rc;

	memset(row, 0, sizeof(*row));
	rc = m ? model_row(m, path, row, err, errlen) : -1;
	model_free(m);
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

int table_render_model(const struct model *m, struct buf *out, char *err, size_t errlen)
{
	struct row r;
	int rc = model_row(m, "this run", &r, err, errlen);

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

/* --- keeping the rows' places (table_block.keep_rows) ---------------------- */

#define ROW_KEY_CELLS 6 /* model, quant, engine, GPU, serves?, key flags */

/* The cells of a table line "| a | b \\| c | ...": where each of the first
 * ROW_KEY_CELLS starts and ends, blanks trimmed (pipes escaped by
 * table_cell do not split). Returns how many it found. */
static int row_cells(const char *s, size_t n, size_t at[ROW_KEY_CELLS][2])
{
	size_t i = 1, a;
	int k = 0;

	if (!n || s[0] != '|')
		return 0;
	while (i < n && k < ROW_KEY_CELLS) {
		for (a = i; i < n && !(s[i] == '|' && s[i - 1] != '\\'); i++)
			;
		if (i == n)
			break;
		at[k][0] = a;
		at[k][1] = i;
		while (at[k][0] < at[k][1] && s[at[k][0]] == ' ')
			at[k][0]++;
		while (at[k][1] > at[k][0] && s[at[k][1] - 1] == ' ')
			at[k][1]--;
		k++;
		i++;
	}
	return k;
}

/* do rows a and b hold the same cells among those listed? */
static bool same_cells(const char *a, size_t an, const char *b, size_t bn, const int *which)
{
	size_t ca[ROW_KEY_CELLS][2], cb[ROW_KEY_CELLS][2];

	if (row_cells(a, an, ca) < ROW_KEY_CELLS || row_cells(b, bn, cb) < ROW_KEY_CELLS)
		return false;
	for (; *which >= 0; which++) {
		size_t la = ca[*which][1] - ca[*which][0], lb = cb[*which][1] - cb[*which][0];

		if (la != lb || memcmp(a + ca[*which][0], b + cb[*which][0], la))
			return false;
	}
	return true;
}

/* how many lines text holds, at most (one more than its newlines) */
static size_t count_lines(const char *text, size_t len)
{
	size_t n = 1, i;

	for (i = 0; i < len; i++)
		n += text[i] == '\n';
	return n;
}

/* the lines of text (its \r\n and \n ends dropped) */
static size_t lines_of(const char *text, size_t len, struct line *out, size_t max)
{
	struct line l;
	size_t n = 0, at = 0;

	for (; n < max && next_line(text, len, at, &l); at = l.next)
		out[n++] = l;
	return n;
}

/* do lines a (of text x) and b (of text y) hold the same bytes? */
static bool same_line(const char *x, const struct line *a, const char *y, const struct line *b)
{
	return a->end - a->start == b->end - b->start &&
	       !memcmp(x + a->start, y + b->start, a->end - a->start);
}

/* the new row (of table's rows t) that renews old row o, or -1 */
static int renewal(const char *old, const struct line *o, const char *table, const struct line *t,
		   size_t nt, const bool *used)
{
	static const int recipe[] = { 0, 1, 2, 3, 5, -1 }, place[] = { 0, 1, 2, 3, -1 };
	size_t i, pass;

	for (i = 2; i < nt; i++) /* the very row first */
		if (!used[i] && same_line(old, o, table, &t[i]))
			return (int)i;
	for (pass = 0; pass < 2; pass++)
		for (i = 2; i < nt; i++)
			if (!used[i] &&
			    same_cells(old + o->start, o->end - o->start, table + t[i].start,
				       t[i].end - t[i].start, pass ? place : recipe))
				return (int)i;
	return -1;
}

/* table with the rows of the block old already holds kept in place
 * (table_block.keep_rows) into out; crlf: the block's lines will end in
 * \r\n. Returns 0 or -1. */
static int keep_rows(const char *old, size_t oldlen, const char *table, bool crlf, struct buf *out)
{
	size_t tlen = strlen(table), mo = count_lines(old, oldlen), mt = count_lines(table, tlen);
	struct line *o = xcalloc(mo, sizeof(*o)), *t = xcalloc(mt, sizeof(*t));
	bool *used = xcalloc(mt, sizeof(*used));
	size_t no, nt, i;
	int rc = 0, k;

	if (!o || !t || !used) {
		rc = -1;
		goto done;
	}
	no = lines_of(old, oldlen, o, mo);
	nt = lines_of(table, tlen, t, mt);
	/* a block of another shape (hand-made, other columns) is replaced whole */
	if (no < 2 || nt < 2 || !same_line(old, &o[0], table, &t[0]) ||
	    !same_line(old, &o[1], table, &t[1])) {
		rc = buf_puts(out, table);
		goto done;
	}
	for (i = 0; i < 2; i++)
		rc |= buf_append(out, table + t[i].start, t[i].end - t[i].start) ||
		      buf_putc(out, '\n');
	for (i = 2; i < no && !rc; i++) {
		/* a kept line keeps every byte but the ending the splice gives
		 * it: a \r before its \n stays unless BEGIN's CRLF puts it back */
		size_t keep = o[i].end - o[i].start + (crlf ? 0 : o[i].crlf);

		k = renewal(old, &o[i], table, t, nt, used);
		if (k >= 0)
			used[k] = true;
		rc = (k >= 0 ? buf_append(out, table + t[k].start, t[k].end - t[k].start)
			     : buf_append(out, old + o[i].start, keep)) ||
		     buf_putc(out, '\n');
	}
	for (i = 2; i < nt && !rc; i++)
		if (!used[i])
			rc = buf_append(out, table + t[i].start, t[i].end - t[i].start) ||
			     buf_putc(out, '\n');
done:
	free(o);
	free(t);
	free(used);
	return rc ? -1 : 0;
}

int table_splice(const char *text, size_t len, const char *table, struct buf *out, bool *stale,
		 char *err, size_t errlen)
{
	static const struct table_block results = { TABLE_BEGIN, TABLE_END, "results", true };

	return table_splice_block(text, len, table, &results, out, stale, err, errlen);
}

/* the marker lines of block m in text, outside code fences. Returns 0,
 * or -1 with the reason in err. */
static int find_block(const char *text, size_t len, const struct table_block *m, struct line *begin,
		      struct line *end, char *err, size_t errlen)
{
	struct line l;
	bool in_fence = false, have_begin = false, have_end = false;
	char fch = 0, ch;
	size_t at = 0, fn = 0, n;

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
			*begin = l;
		} else if (have_begin && !have_end && line_is(text, &l, m->end)) {
			have_end = true;
			*end = l;
		}
	}
	if (!have_begin || !have_end) {
		snprintf(err, errlen,
			 "no %s block: put a line %s and a line %s where the table belongs "
			 "(outside code fences)",
			 m->what, m->begin, m->end);
		return -1;
	}
	return 0;
}

int table_splice_block(const char *text, size_t len, const char *table, const struct table_block *m,
		       struct buf *out, bool *stale, char *err, size_t errlen)
{
	struct line begin = { 0 }, end = { 0 };
	struct buf block = BUF_INIT(0), merged = BUF_INIT(0);
	size_t i, tn;
	int rc = 0;

	*stale = false;
	if (find_block(text, len, m, &begin, &end, err, errlen))
		return -1;
	/* the block is the table (its rows in their places), in the notebook's
	 * own line endings */
	tn = strlen(table);
	if (m->keep_rows) { /* the rows kept may hold any byte the notebook did */
		rc = keep_rows(text + begin.next, end.start - begin.next, table, begin.crlf,
			       &merged);
		table = buf_cstr(&merged);
		tn = merged.len;
	}
	for (i = 0; i < tn && !rc; i++)
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
	buf_release(&merged);
	return rc ? -1 : 0;
}

int table_update_notebook(const char *notebook, const char *table, bool check_only, bool *stale,
			  char *err, size_t errlen)
{
	static const struct table_block results = { TABLE_BEGIN, TABLE_END, "results", true };

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
	rc = check_only || !*stale ? 0 : say_file(notebook, out.data, out.len, err, errlen);
done:
	buf_release(&text);
	buf_release(&out);
	return rc;
}
