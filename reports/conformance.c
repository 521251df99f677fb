/* SPDX-License-Identifier: Apache-2.0 */
/* conformance — preflight conform's console and markdown matrices, each
 * check under its area with its status and one line of evidence; its
 * JSON is json.c's and its JUnit junit.c's. Reads the model, whose checks
 * are in matrix order (by area). */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "render.h"
#include "table.h"

#define RULE "------------------------------------------------------------------------\n"

/* the areas in the order the matrix shows them; others follow */
static const char *const areas[] = {
	"structured-output", "tools",  "sampling",  "usage", "streaming",
	"messages",	     "errors", "reasoning", NULL
};

int conformance_area_rank(const char *area)
{
	int i;

	for (i = 0; areas[i]; i++)
		if (area && !strcmp(area, areas[i]))
			return i;
	return i;
}

const char *conformance_mark(const char *status)
{
	static const struct {
		const char *status, *mark;
	} marks[] = { { "honoured", "✅" },
		      { "ignored", "➖" },
		      { "rejected", "⛔" },
		      { "broken", "❌" },
		      { "skipped", "·" } };
	size_t i;

	for (i = 0; status && i < sizeof(marks) / sizeof(marks[0]); i++)
		if (!strcmp(status, marks[i].status))
			return marks[i].mark;
	return "?";
}

/* "honoured 40, ignored 2, ..." */
static int counts_line(struct buf *out, const struct model *m)
{
	int rc = 0, s;

	for (s = 0; s < CONFORM_STATUSES; s++)
		rc |= buf_printf(out, "%s%s %d", s ? ", " : "",
				 conform_status_name((enum conform_status)s), m->counts.status[s]);
	return rc;
}

/* --- console ----------------------------------------------------------------- */

static const char *colour(enum conform_status s)
{
	static const char *const c[] = { "\033[32m", "\033[33m", "\033[35m", "\033[31m",
					 "\033[2m" };

	return (unsigned)s < CONFORM_STATUSES ? c[s] : "";
}

static int console_check(struct buf *out, const struct model_item *p, bool color)
{
	const char *status = conform_status_name(p->status);
	int rc = buf_printf(out, "  %s %s%-8s%s %-28s %s%s\n", conformance_mark(status),
			    color ? colour(p->status) : "", status, color ? "\033[0m" : "",
			    p->id ? p->id : "?", p->evidence ? p->evidence : "",
			    !p->fails && p->status == CONFORM_REJECTED ? " (optional)" : "");

	if (p->remedy && p->status != CONFORM_HONOURED)
		rc |= buf_printf(out, "%40s remedy: %s\n", "", p->remedy);
	return rc;
}

int conformance_console_render(const struct model *m, bool color, struct buf *out)
{
	const char *area = NULL;
	size_t i;
	int rc = 0, fails = m->counts.failed + m->counts.errored;

	rc |= buf_printf(out, "PREFLIGHT CONFORM  %s  model=%s  thinking=%s",
			 m->endpoint.base_url ? m->endpoint.base_url : "?",
			 m->endpoint.model ? m->endpoint.model : "?",
			 m->settings.thinking ? m->settings.thinking : "?");
	rc |= report_console_head_end(m, out);
	for (i = 0; m->endpoint.usable && i < m->n_items; i++) {
		const struct model_item *p = &m->items[i];

		if (!area || strcmp(area, p->area ? p->area : ""))
			rc |= buf_printf(out, "%s\n", area = p->area ? p->area : "");
		rc |= console_check(out, p, color);
	}
	if (!m->endpoint.usable) {
		rc |= buf_printf(out, "RESULT: ENDPOINT UNUSABLE (%zu checks not run, %.1fs)\n",
				 m->n_items, m->seconds);
		rc |= buf_printf(out, "endpoint: %s: %s\n",
				 m->endpoint.cause ? m->endpoint.cause : "?",
				 m->endpoint.detail ? m->endpoint.detail : "");
		return rc ? -1 : 0;
	}
	rc |= buf_puts(out, RULE);
	rc |= buf_printf(out, "RESULT: %s (", model_result_words(m));
	rc |= counts_line(out, m);
	rc |= buf_printf(out, "; %d failing, %.1fs)\n", fails, m->seconds);
	return rc ? -1 : 0;
}

/* --- markdown ---------------------------------------------------------------- */

int conformance_markdown_render(const struct model *m, struct buf *out)
{
	size_t i;
	int rc = buf_puts(out, "| area | check | status | evidence |\n|---|---|---|---|\n");

	for (i = 0; i < m->n_items; i++) {
		const struct model_item *p = &m->items[i];
		const char *status = conform_status_name(p->status);

		rc |= buf_puts(out, "| ") || table_cell(out, p->area);
		rc |= buf_puts(out, " | ") || table_cell(out, p->id);
		rc |= buf_printf(out, " | %s %s | ", conformance_mark(status), status);
		rc |= table_cell(out, p->evidence);
		rc |= buf_puts(out, " |\n");
	}
	return rc ? -1 : 0;
}
