/* SPDX-License-Identifier: Apache-2.0 */
/* html — the HTML report: one self-contained page from the models of runs.
 *
 * Inline CSS and SVG only: no script, font, image or link to fetch (a
 * Content-Security-Policy of default-src 'none' says so to the browser),
 * readable offline and printable. Per report: the verdict and the
 * notebook's summary line, the endpoint and recipe, the long-context map
 * when needle cells ran (heatmap.h), every probe with its cause, remedy,
 * evidence and answer excerpts (failures open), the stream timing charts
 * (each probe's TTFT per answer and its ITL histogram), the settings, and
 * for a conform report the conformance table. Several reports get a
 * comparison table first, each row linking to its report's section.
 * Every text from a report is escaped (markup.h): an answer holding
 * <script> is shown, never run. Reads the models only; never prints. */
#ifndef PREFLIGHT_HTML_H
#define PREFLIGHT_HTML_H

#include <stddef.h>

#include "buf.h"

struct model;

/* A page's head, in the house style (its CSS, no script, the CSP): the
 * doctype through <h1>heading</h1> and an open <p class="meta">; then
 * html_page_close. Return 0, or -1 when out of memory. */
int html_page_open(struct buf *out, const char *title, const char *heading);
int html_page_close(struct buf *out);

/* One figure of a page's row of figures: the value large, what it is
 * below (both escaped). Returns 0, or -1 when out of memory. */
int html_figure(struct buf *b, const char *value, const char *what);

/* The page of the n models (runs or conform runs) onto out. Returns 0, or
 * -1 when out of memory. */
int html_render(const struct model *const *ms, size_t n, struct buf *out);

#endif
