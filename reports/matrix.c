/* SPDX-License-Identifier: Apache-2.0 */
/* matrix — the conformance matrix; see matrix.h. */
#include "matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "json.h"
#include "model.h"
#include "render.h"
#include "table.h"

struct column {
	char *key;	 /* the recipe's name, else the engine, model and endpoint */
	char *label;	 /* what the header shows */
	char *started;	 /* ISO 8601: the newest report of a key wins */
	struct model *m; /* owned: the conform run */
};

struct row {
	const char *id, *area; /* borrowed from a column's model */
	int rank, first;       /* area rank, then first appearance */
};

/* the column's label: the recipe's name, else "engine model", else the URL */
static char *label_of(const struct model *m)
{
	const struct model_endpoint *ep = &m->endpoint;

	if (m->recipe.present && m->recipe.name)
		return buf_strdupf("%s", m->recipe.name);
	if (ep->engine || ep->model)
		return buf_strdupf("%s%s%s", ep->engine ? ep->engine : "",
				   ep->engine && ep->model ? " " : "", ep->model ? ep->model : "");
	return buf_strdupf("%s", ep->base_url ? ep->base_url : "?");
}

/* the column's identity: the recipe's name, else the engine, the model and
 * the endpoint, so two endpoints serving one model name stay two columns */
static char *key_of(const struct model *m)
{
	const struct model_endpoint *ep = &m->endpoint;

	if (m->recipe.present && m->recipe.name)
		return buf_strdupf("%s", m->recipe.name);
	return buf_strdupf("%s|%s|%s", ep->engine ? ep->engine : "", ep->model ? ep->model : "",
			   ep->base_url ? ep->base_url : "");
}

/* two columns that would read alike name their endpoints */
static int tell_apart(struct column *cols, int n)
{
	int i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < n; k++) {
			char *more;

			if (k == i || strcmp(cols[i].label, cols[k].label) ||
			    strchr(cols[i].label, '@'))
				continue;
			more = buf_strdupf(
				"%s @ %s", cols[i].label,
				cols[i].m->endpoint.base_url ? cols[i].m->endpoint.base_url : "?");
			if (!more)
				return -1;
			free(cols[i].label);
			cols[i].label = more;
			break;
		}
	return 0;
}

static int read_column(const char *path, struct column *col, char *err, size_t errlen)
{
	memset(col, 0, sizeof(*col));
	if (!(col->m = json_read_file(path, err, errlen)))
		return -1;
	if (col->m->kind != MODEL_CONFORM) {
		snprintf(err, errlen,
			 "%s: not a report of preflight conform (schema "
			 "preflight-conformance/v1); the results table reads run reports",
			 path);
		return -1;
	}
	col->key = key_of(col->m);
	col->label = label_of(col->m);
	col->started = buf_strdupf("%s", col->m->started ? col->m->started : "");
	if (!col->key || !col->label || !col->started) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static void column_release(struct column *col)
{
	free(col->key);
	free(col->label);
	free(col->started);
	model_free(col->m);
	memset(col, 0, sizeof(*col));
}

/* the status of check id in col, or NULL */
static const char *status_in(const struct column *col, const char *id)
{
	const struct model_item *c = model_find(col->m, id, NULL);

	return c ? conform_status_name(c->status) : NULL;
}

static int by_rank(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return x->rank != y->rank ? x->rank - y->rank : x->first - y->first;
}

/* every check of every column once, in matrix order; returns how many */
static int collect_rows(const struct column *cols, int n, struct row *rows)
{
	int nrows = 0, i, k;
	size_t j;

	for (i = 0; i < n; i++)
		for (j = 0; j < cols[i].m->n_items; j++) {
			const struct model_item *c = &cols[i].m->items[j];

			if (!c->id)
				continue;
			for (k = 0; k < nrows && strcmp(rows[k].id, c->id); k++)
				;
			if (k < nrows || nrows == MATRIX_MAX_ROWS)
				continue;
			rows[nrows].id = c->id;
			rows[nrows].area = c->area;
			rows[nrows].rank = conformance_area_rank(rows[nrows].area);
			rows[nrows].first = nrows;
			nrows++;
		}
	qsort(rows, (size_t)nrows, sizeof(*rows), by_rank);
	return nrows;
}

static int render(const struct column *cols, int n, struct buf *out)
{
	struct row *rows = xcalloc(MATRIX_MAX_ROWS, sizeof(*rows));
	int nrows = rows ? collect_rows(cols, n, rows) : 0, i, k, rc = !rows;

	rc |= buf_puts(out, "| area | check |");
	for (i = 0; i < n; i++)
		rc |= buf_putc(out, ' ') || table_cell(out, cols[i].label) || buf_puts(out, " |");
	rc |= buf_puts(out, "\n|---|---|");
	for (i = 0; i < n; i++)
		rc |= buf_puts(out, ":---:|");
	rc |= buf_putc(out, '\n');
	for (k = 0; k < nrows; k++) {
		rc |= buf_puts(out, "| ") || table_cell(out, rows[k].area) ||
		      buf_puts(out, " | ") || table_cell(out, rows[k].id) || buf_puts(out, " |");
		for (i = 0; i < n; i++) {
			const char *st = status_in(&cols[i], rows[k].id);

			rc |= buf_printf(out, " %s |", st ? conformance_mark(st) : "—");
		}
		rc |= buf_putc(out, '\n');
	}
	free(rows);
	return rc;
}

int matrix_render(const char *const *paths, int n, struct buf *out, char *err, size_t errlen)
{
	struct column *cols = xcalloc((size_t)n + 1, sizeof(*cols)), c;
	int ncols = 0, i, k, rc = -1;

	if (!cols || n > MATRIX_MAX_COLUMNS) {
		snprintf(err, errlen,
			 n > MATRIX_MAX_COLUMNS ? "more than 64 reports" : "out of memory");
		free(cols);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (read_column(paths[i], &c, err, errlen)) {
			column_release(&c);
			goto out;
		}
		for (k = 0; k < ncols && strcmp(cols[k].key, c.key); k++)
			;
		if (k == ncols) {
			cols[ncols++] = c;
		} else if (strcmp(c.started, cols[k].started) >= 0) { /* newer, or later */
			column_release(&cols[k]);
			cols[k] = c;
		} else {
			column_release(&c);
		}
	}
	rc = tell_apart(cols, ncols) || render(cols, ncols, out) ? -1 : 0;
	if (rc)
		snprintf(err, errlen, "out of memory");
out:
	for (k = 0; k < ncols; k++)
		column_release(&cols[k]);
	free(cols);
	return rc;
}
