/* report — the report writers behind one small interface.
 *
 * Each format renders a finished struct run_result into a buffer; files
 * are then written atomically. Writers only read the result. Text from the
 * endpoint is already valid UTF-8 (result.h); each format escapes it for
 * its own syntax. */
#ifndef PREFLIGHT_REPORT_H
#define PREFLIGHT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "buf.h"
#include "result.h"

int report_junit_render(const struct run_result *r, struct buf *out);
int report_json_render(const struct run_result *r, struct buf *out);
int report_markdown_render(const struct run_result *r, struct buf *out);
/* The HTML page and the heat map (html.c, heatmap.c), drawn from the JSON
 * report's tree so that `preflight report` draws the same from files. */
int report_html_render(const struct run_result *r, struct buf *out);
int report_svg_render(const struct run_result *r, struct buf *out);
/* OpenMetrics text for GitLab's metrics report (metrics.c). */
int report_metrics_render(const struct run_result *r, struct buf *out);
/* The console report; color adds ANSI colours. */
int report_console_render(const struct run_result *r, bool color, struct buf *out);
/* The end of a console header: the engine, the endpoint's note, the rule. */
int report_console_head_end(const struct run_result *r, struct buf *out);
/* The notebook summary line: "✅ smoke (short coding) · ❌ ..." */
int report_summary_line(const struct run_result *r, struct buf *out);

/* preflight conform's reports (conformance.c): the JSON evidence, the
 * console and markdown matrices; the renderers above hand a conformance
 * run to these. */
int conformance_json_render(const struct run_result *r, struct buf *out);
int conformance_console_render(const struct run_result *r, bool color, struct buf *out);
int conformance_markdown_render(const struct run_result *r, struct buf *out);
/* Adds the "recipe" and "endpoint" members every JSON report shares (json.c)
 * to root. Returns true when one was lost to memory. */
struct cJSON;
bool report_json_identity(struct cJSON *root, const struct run_result *r);
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
	int (*render)(const struct run_result *r, struct buf *out);
	bool on_unusable; /* written too when the endpoint could not be used (exit 3) */
};

/* The i-th format; NULL past the last. */
const struct report_format *report_format_at(size_t i);
/* The format called name, or NULL. */
const struct report_format *report_format_named(const char *name);

/* Renders r as format ("junit", "json", "markdown") and writes it to path
 * ("-": stdout) through the writer (say.h), which scrubs the key. Returns
 * 0, or -1 with the reason in err. */
int report_write(const char *format, const struct run_result *r, const char *path, char *err,
		 size_t errlen);

#endif
