/* SPDX-License-Identifier: Apache-2.0 */
/* render — every format's renderer: the one model of a finished run
 * (model.h) into a buffer.
 *
 * Renderers only read the model; each escapes the endpoint's text (valid
 * UTF-8 already) for its own syntax. report.c's table points at them and
 * writes what they render. Nothing here writes a file or prints. */
#ifndef PREFLIGHT_RENDER_H
#define PREFLIGHT_RENDER_H

#include <stdbool.h>

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
/* The console report; color adds ANSI colours, verbose a line naming the
 * stream figures that could not be measured and why. */
int report_console_render(const struct model *m, bool color, bool verbose, struct buf *out);
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

#endif
