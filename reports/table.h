/* SPDX-License-Identifier: Apache-2.0 */
/* table — the lab notebook's results table, built from JSON reports.
 *
 * One row per recipe, else per served model, engine and endpoint (the
 * newest report of each wins), each report read through the one reader
 * (json.h), under exactly the
 * notebook's header, and the in-place rewrite of the block between
 * <!-- BEGIN_PREFLIGHT_RESULTS --> and <!-- END_PREFLIGHT_RESULTS --> lines
 * (outside code fences): every other byte of the notebook stays as it was,
 * line endings included, the write is atomic, and --check only compares.
 * Every cell is escaped so that no report or recipe text can break the
 * table or forge a marker. Never prints. */
#ifndef PREFLIGHT_TABLE_H
#define PREFLIGHT_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

#define TABLE_BEGIN  "<!-- BEGIN_PREFLIGHT_RESULTS -->"
#define TABLE_END    "<!-- END_PREFLIGHT_RESULTS -->"
#define TABLE_HEADER "| model | quant | engine | GPU | serves? | key flags | notes |"

#define TABLE_CONFORMANCE_BEGIN "<!-- BEGIN_PREFLIGHT_CONFORMANCE -->"
#define TABLE_CONFORMANCE_END	"<!-- END_PREFLIGHT_CONFORMANCE -->"

/* A notebook block: its marker lines, and what it is called in errors.
 * With keep_rows the rows already in the block keep their places: a new
 * row replaces the one of its recipe (the same model, quant, engine and
 * GPU cells; the key flags too when several share them), rows no report
 * renews stay as they are, and new recipes come after them, in the order
 * of their reports. Without it the block is the table. */
struct table_block {
	const char *begin, *end, *what;
	bool keep_rows;
};

/* Appends s as one GFM table cell that no text can break: valid UTF-8 on
 * one line, pipes escaped, <, > and & as entities outside code spans, a
 * lone backtick escaped, an empty one as an em dash. Returns 0 or -1. */
int table_cell(struct buf *out, const char *s);

/* Renders the table for the reports at paths into out. Returns 0, or -1
 * with "REPORT: reason" in err. */
int table_render(const char *const *paths, int n, struct buf *out, char *err, size_t errlen);

/* The table with the one row of a run's model (the --markdown report). */
struct model;
int table_render_model(const struct model *m, struct buf *out, char *err, size_t errlen);

/* Puts table (lines ending in \n) between the marker lines of a notebook's
 * text into out (the results block keeps its rows' places: keep_rows). Markers count only as whole lines outside fenced code;
 * the block takes the BEGIN line's line ending (CRLF stays CRLF). Sets
 * *stale when the block differed. Returns 0, or -1 with the reason. */
int table_splice(const char *text, size_t len, const char *table, struct buf *out, bool *stale,
		 char *err, size_t errlen);

/* table_splice and table_update_notebook for any marked block. */
int table_splice_block(const char *text, size_t len, const char *table, const struct table_block *m,
		       struct buf *out, bool *stale, char *err, size_t errlen);
int table_update_block(const char *notebook, const char *table, const struct table_block *m,
		       bool check_only, bool *stale, char *err, size_t errlen);

/* Puts table into the notebook's marked block. With check_only nothing is
 * written. Sets *stale when the block differed. Returns 0, or -1 with the
 * reason (missing markers come with a hint). */
int table_update_notebook(const char *notebook, const char *table, bool check_only, bool *stale,
			  char *err, size_t errlen);

#endif
