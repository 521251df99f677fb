/* SPDX-License-Identifier: Apache-2.0 */
/* heatmap — the long-context map as SVG, drawn from a run's model.
 *
 * gkamradt's picture: needle depth (rows) by context length (columns),
 * one panel per needle probe, each cell coloured by the share of needles
 * recalled on cividis (colour-blind safe, lighter with more recalled),
 * marked by a glyph that says its verdict without colour (✓ pass, ✗ fail,
 * ! found but failed for another cause, – beyond the window, ? error) and
 * labelled with the prompt tokens the endpoint measured and, for RULER's
 * variants, the fraction recalled. A title names the model, recipe, engine and date, a dashed
 * line marks the effective context, and a legend explains the colours.
 * The SVG stands alone (no fonts, scripts or links to fetch) and every
 * text is escaped (markup.h). It reads the model only, so a live run and
 * `preflight report` draw the same map. Never prints. */
#ifndef PREFLIGHT_HEATMAP_H
#define PREFLIGHT_HEATMAP_H

#include <stdbool.h>

#include <stddef.h>

#include "buf.h"

struct model;

/* Does the model of a run hold a needle cell with a secret? */
bool heatmap_has_cells(const struct model *m);

/* The map of report's needle cells onto out; standalone writes the XML
 * declaration and a comment first (an .svg file), else the bare <svg>
 * element for an HTML page. A report without needle cells gets a small
 * SVG that says so. Returns 0, or -1 when out of memory. */
int heatmap_svg(const struct model *report, bool standalone, struct buf *out);
/* The map inside page report n (1, 2...): each cell that did not pass is a
 * link to its evidence there (#rN-iK, html.c's anchors). */
int heatmap_svg_in_page(const struct model *report, size_t n, struct buf *out);

#endif
