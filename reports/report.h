/* report — the report writers behind one small interface.
 *
 * Each format renders the one model of a finished run (model.h) into a
 * buffer; files are then written atomically through the writer (say.h).
 * Writers only read the model. Text from the endpoint is already valid
 * UTF-8; each format escapes it for its own syntax. */
#ifndef PREFLIGHT_REPORT_H
#define PREFLIGHT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "result.h"

struct model;

/* Each format renders the one model of a run (model.h). */
int report_junit_render(const struct model *m, struct buf *out);
int report_json_render(const struct model *m, struct buf *out);
int report_markdown_render(const struct model *m, struct buf *out);
/* The HTML page and the heat map (html.c, heatmap.c). */
int report_html_render(const struct model *m, struct buf *out);
int report_svg_render(const struct model *m, struct buf *out);
/* OpenMetrics text for GitLab's metrics report (metrics.c). */
int report_metrics_render(const struct model *m, struct buf *out);
/* The console report; color adds ANSI colours. */
int report_console_render(const struct model *m, bool color, struct buf *out);
/* The end of a console header: the engine, the endpoint's note, the rule. */
int report_console_head_end(const struct model *m, struct buf *out);
/* The notebook summary line of a live run: "✅ smoke (short coding) · ❌
 * ..." (the model keeps it; model_from_result asks for it). */
int report_summary_line(const struct run_result *r, struct buf *out);

/* preflight conform's console and markdown matrices (conformance.c); the
 * renderers above hand a conform model to these. */
int conformance_console_render(const struct model *m, bool color, struct buf *out);
int conformance_markdown_render(const struct model *m, struct buf *out);
/* the matrix's cell mark of a status name ("honoured" is ✅), "?" else */
const char *conformance_mark(const char *status);
/* where an area comes in the matrix (known areas first, in their order) */
int conformance_area_rank(const char *area);

struct secret;

/* A report format: its name and its writer. The option that asks for it
 * (--junit FILE) is a row of config's option table with the same name in
 * its format; a test pins the two lists to each other. */
struct report_format {
	const char *name; /* "junit"; the key in the dry-run plan's outputs */
	int (*render)(const struct model *m, struct buf *out);
	bool on_unusable; /* written too when the endpoint could not be used (exit 3) */
};

/* The i-th format; NULL past the last. */
const struct report_format *report_format_at(size_t i);
/* The format called name, or NULL. */
const struct report_format *report_format_named(const char *name);

/* Renders m as format ("junit", "json", "markdown") and writes it to path
 * ("-": stdout) through the writer (say.h), which scrubs the key. Returns
 * 0, or -1 with the reason in err. */
int report_write(const char *format, const struct model *m, const char *path, char *err,
		 size_t errlen);

#endif
