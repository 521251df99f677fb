/* matrix — the conformance matrix; see matrix.h. */
#include "matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "report.h"
#include "table.h"

struct column {
	char *label;
	char *started;
	cJSON *checks; /* owned: the report's "checks" array, detached */
};

struct row {
	const char *id, *area; /* borrowed from a column's checks */
	int rank, first;       /* area rank, then first appearance */
};

/* the column's label: the recipe's name, else "engine model", else the URL */
static char *label_of(const cJSON *report)
{
	const cJSON *ep = cJSON_GetObjectItemCaseSensitive(report, "endpoint");
	const char *name = table_str(cJSON_GetObjectItemCaseSensitive(report, "recipe"), "name");
	const char *engine = table_str(ep, "engine"), *model = table_str(ep, "model");

	if (name)
		return buf_strdupf("%s", name);
	if (engine || model)
		return buf_strdupf("%s%s%s", engine ? engine : "", engine && model ? " " : "",
				   model ? model : "");
	return buf_strdupf("%s", table_str(ep, "base_url") ? table_str(ep, "base_url") : "?");
}

static int read_column(const char *path, struct column *col, char *err, size_t errlen)
{
	cJSON *report = table_read_report(path, err, errlen);
	int rc = -1;

	memset(col, 0, sizeof(*col));
	if (!report)
		return -1;
	if (!table_str(report, "schema") ||
	    strcmp(table_str(report, "schema"), "preflight-conformance/v1") ||
	    !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(report, "checks"))) {
		snprintf(err, errlen,
			 "%s: not a report of preflight conform (schema "
			 "preflight-conformance/v1); the results table reads run reports",
			 path);
		goto out;
	}
	col->label = label_of(report);
	col->started =
		buf_strdupf("%s", table_str(report, "started") ? table_str(report, "started") : "");
	col->checks = cJSON_DetachItemFromObjectCaseSensitive(report, "checks");
	rc = col->label && col->started ? 0 : -1;
	if (rc)
		snprintf(err, errlen, "out of memory");
out:
	cJSON_Delete(report);
	return rc;
}

static void column_release(struct column *col)
{
	free(col->label);
	free(col->started);
	cJSON_Delete(col->checks);
	memset(col, 0, sizeof(*col));
}

/* the status of check id in col, or NULL */
static const char *status_in(const struct column *col, const char *id)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, col->checks)
	{
		if (table_str(c, "id") && !strcmp(table_str(c, "id"), id))
			return table_str(c, "status");
	}
	return NULL;
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
	const cJSON *c;

	for (i = 0; i < n; i++)
		cJSON_ArrayForEach(c, cols[i].checks)
		{
			const char *id = table_str(c, "id");

			if (!id)
				continue;
			for (k = 0; k < nrows && strcmp(rows[k].id, id); k++)
				;
			if (k < nrows || nrows == MATRIX_MAX_ROWS)
				continue;
			rows[nrows].id = id;
			rows[nrows].area = table_str(c, "area");
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
		for (k = 0; k < ncols && strcmp(cols[k].label, c.label); k++)
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
	rc = render(cols, ncols, out);
	if (rc)
		snprintf(err, errlen, "out of memory");
out:
	for (k = 0; k < ncols; k++)
		column_release(&cols[k]);
	free(cols);
	return rc;
}
