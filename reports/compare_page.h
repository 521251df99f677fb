/* SPDX-License-Identifier: Apache-2.0 */
/* compare_page — the HTML page of a comparison, drawn from its JSON
 * report (preflight-comparison/v1, what `compare --json` writes), so
 * `compare --html` and `preflight report COMPARISON.json --html` draw the
 * same page. In the house style of html.h (inline CSS and SVG, no
 * script): the verdict and its reason; each metric's interval against its
 * limit and where the limit came from; the noise floor beside the
 * candidate; where the answers part — a strip per prompt of its shared
 * path up to its first divergence, and the reference's text there with
 * the token each side chose; with a dataset, the tool-call confusion
 * table (the candidate's and the floor's), the finish reasons and every
 * request where the two sides chose differently. Every text from the
 * report is escaped. Reads the document only; never prints. */
#ifndef PREFLIGHT_COMPARE_PAGE_H
#define PREFLIGHT_COMPARE_PAGE_H

#include <stdbool.h>

#include <cjson/cJSON.h>

#include "buf.h"

/* true when doc is a comparison report (its "schema") */
bool compare_page_is_comparison(const cJSON *doc);

/* The page of the comparison doc onto out. Returns 0, or -1 when out of
 * memory. */
int compare_page_render(const cJSON *doc, struct buf *out);

#endif
