/* SPDX-License-Identifier: Apache-2.0 */
/* comparison — a comparison's reports drawn from its JSON report
 * (preflight-comparison/v1, what `compare --json` writes): its HTML page,
 * its JUnit XML and its markdown, so every format says what the JSON says
 * and `preflight report COMPARISON.json` draws the same files.
 *
 * The page, in the house style of html.h (inline CSS and SVG, no
 * script): the verdict and its reason; each metric's interval against its
 * limit and where the limit came from; the noise floor beside the
 * candidate; where the answers part — a strip per prompt of its shared
 * path up to its first divergence, and the reference's text there with
 * the token each side chose; with a dataset, the tool-call confusion
 * table (the candidate's and the floor's), the finish reasons and every
 * request where the two sides chose differently. Every text from the
 * report is escaped.
 *
 * The JUnit XML (junit-10.xsd): a testcase per metric the comparison
 * tests (kl, top1, and tools with a dataset): same passes, drifted fails,
 * inconclusive fails (is skipped under settings.allow_inconclusive), a
 * tool-call F1 not tested is skipped with its reason, a comparison that
 * could not be made or was interrupted errs; the verdict and both sides
 * as properties. The markdown: the comparison's row and the notebook's
 * notes cell ("drift vs ref: top-1 99.2%, KL ≤ 0.004 (same)").
 *
 * Reads the document only; never prints. */
#ifndef PREFLIGHT_COMPARISON_H
#define PREFLIGHT_COMPARISON_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"

/* The metrics a comparison tests, in the order its report lists them:
 * kl and top1 always, tools (the tool-call F1) with a dataset. */
enum comparison_metric {
	COMPARISON_KL,
	COMPARISON_TOP1,
	COMPARISON_TOOLS,
	COMPARISON_METRICS,
};
/* its name in the report's "metrics" ("kl", "top1", "tools") */
const char *comparison_metric_key(enum comparison_metric m);

/* true when doc is a comparison report (its "schema") */
bool comparison_is(const cJSON *doc);

/* Each report of the comparison doc onto out. Returns 0, or -1 when out
 * of memory. */
int comparison_html_render(const cJSON *doc, struct buf *out);
int comparison_junit_render(const cJSON *doc, struct buf *out);
int comparison_markdown_render(const cJSON *doc, struct buf *out);

/* a KL figure: one number when both ends agree to 3 digits, else "low-high" */
void comparison_kl_text(char *out, size_t n, double low, double high);

#endif
