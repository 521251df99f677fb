/* SPDX-License-Identifier: Apache-2.0 */
/* console — the human report: header, a line per probe, the summary line,
 * the counts; conform's matrix is conformance.c's. Reads the model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "render.h"

#define RULE "------------------------------------------------------------------------\n"

static const char *tag(enum verdict v)
{
	static const char *const tags[] = { "PASS", "FAIL", "ERROR", "SKIP" };

	return (unsigned)v < 4 ? tags[v] : "?";
}

static const char *colour(enum verdict v)
{
	static const char *const c[] = { "\033[32m", "\033[31m", "\033[35m", "\033[33m" };

	return (unsigned)v < 4 ? c[v] : "";
}

int report_console_head_end(const struct model *m, struct buf *out)
{
	int rc = 0;

	if (m->endpoint.engine)
		rc |= buf_printf(out, "  engine=%s", m->endpoint.engine);
	rc |= buf_puts(out, "\n");
	if (m->endpoint.note)
		rc |= buf_printf(out, "note: %s\n", m->endpoint.note);
	return rc | buf_puts(out, RULE);
}

/* a needle sweep's outcome: the effective context, the cells, the first
 * cell short of a pass */
static int sweep_line(const struct model *m, struct buf *out)
{
	const struct model_sweep *s = &m->sweep;
	const struct model_item *first = NULL;
	size_t i;
	int rc;

	if (!s->present)
		return 0;
	for (i = 0; s->first_failing_cell && i < m->n_items && !first; i++) {
		char key[192];

		model_item_key(&m->items[i], key, sizeof(key));
		if (!strcmp(key, s->first_failing_cell))
			first = &m->items[i];
	}
	rc = buf_printf(out, "sweep: %s · %d/%d cells passed", s->headline ? s->headline : "",
			s->passed, s->cells);
	if (s->first_failing_cell && s->beyond_window)
		rc |= buf_printf(out, " · from %s on not sent (%d beyond the window)",
				 s->first_failing_cell, m->counts.beyond_window);
	else if (s->first_failing_cell)
		rc |= buf_printf(out, " · first failing cell %s (%s)", s->first_failing_cell,
				 first && first->cause ? first->cause
				 : first	       ? verdict_name(first->verdict)
						       : "?");
	return rc | buf_puts(out, "\n");
}

/* what --engine-log found: each signature with its line, the remedy of
 * the fatal ones */
static int engine_findings(struct buf *out, const struct model *m)
{
	const struct model_endpoint *e = &m->endpoint;
	size_t i;
	int rc = 0;

	for (i = 0; i < e->n_findings && !rc; i++) {
		const struct model_finding *f = &e->findings[i];

		rc = buf_printf(out, "engine log %s:%ld: %s %s (%s%s%s%s%s%s): %s\n",
				e->engine_log ? e->engine_log : "?", f->line,
				f->fatal ? "fatal" : "warning", f->rule ? f->rule : "?",
				f->cause ? f->cause : "?", f->class ? "; class " : "",
				f->class ? f->class : "", f->layer ? "; " : "",
				f->layer ? f->layer : "", f->layer ? " layer" : "",
				f->quote ? f->quote : "") ||
		     (f->fatal &&
		      buf_printf(out, "    why: %s\n    remedy: %s\n", f->explain ? f->explain : "",
				 f->remedy ? f->remedy : ""));
	}
	return rc;
}

/* the last line: RESULT, the words, the counts */
static int result_line(const struct model *m, struct buf *out)
{
	bool at_line = out->len && out->data[out->len - 1] == '\n';

	return buf_printf(out, "%sRESULT: %s (", at_line ? "" : "\n", model_result_words(m)) ||
	       model_tally(m, out) || buf_printf(out, ", %.1fs)\n", m->seconds);
}

/* "what why" after the figures already named in line */
static void not_measured(char *line, size_t n, const char *what, const char *why)
{
	size_t used = strlen(line);

	snprintf(line + used, n - used, "%s%s %s", used ? "; " : "", what, why);
}

/* --verbose: the stream's figures that could not be measured, and why
 * (a burst's decode is in the evidence already) */
static int unmeasured(const struct model_item *p, struct buf *out)
{
	const struct model_metrics *s = &p->metrics;
	char line[512] = "";

	if (!p->has_metrics)
		return 0;
	if (s->ttft < 0)
		not_measured(line, sizeof(line), "TTFT", "not measurable (no token came)");
	if (s->decode_tps < 0 && !s->burst)
		not_measured(line, sizeof(line), "decode",
			     s->decode_note ? s->decode_note
					    : "not measurable (no tokens to time)");
	if (s->prefill_tps < 0)
		not_measured(line, sizeof(line), "prefill",
			     "not measurable (the first token came with others, or the cached "
			     "tokens are unknown)");
	if (s->engine_decode_tps < 0)
		not_measured(line, sizeof(line), "decode (engine)",
			     "not reported (the engine sent no timings)");
	return *line ? buf_printf(out, "       %s\n", line) : 0;
}

static int probe_lines(const struct model *m, bool color, bool verbose, struct buf *out)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < m->n_items && !rc; i++) {
		const struct model_item *p = &m->items[i];
		char title[160];

		snprintf(title, sizeof(title), "%s%s%s", p->title ? p->title : "?",
			 p->variant ? " " : "", p->variant ? p->variant : "");
		rc = buf_printf(out, "%s[%s]%s %-32s %6.1fs  %s\n", color ? colour(p->verdict) : "",
				tag(p->verdict), color ? "\033[0m" : "", title, p->seconds,
				p->evidence ? p->evidence : "");
		if (!rc && verbose)
			rc = unmeasured(p, out);
		if (rc || p->verdict == VERDICT_PASS ||
		    p->beyond_window) /* its evidence says why */
			continue;
		rc = buf_printf(out, "       %s: %s\n", p->cause ? p->cause : "",
				p->message ? p->message : "");
	}
	return rc;
}

#define FIX_NAMES 6 /* items a group names before "and N more" */

/* What to change, once a group (model_fixes): the failed items by cause
 * and remedy, as pytest's short summary closes a run, the remedy said once
 * for every item it covers. */
static int fix_groups(const struct model *m, struct buf *out)
{
	size_t n, g, j;
	struct model_fix *fixes = model_fixes(m, &n);
	int rc = n && buf_puts(out, "what to change, by cause:\n");

	for (g = 0; g < n && !rc; g++) {
		const struct model_fix *f = &fixes[g];
		int named = 0;

		rc = buf_printf(out, "  %s:", *f->cause ? f->cause : "?");
		for (j = f->first; j < m->n_items && named < FIX_NAMES && !rc; j++) {
			char key[192];

			if (!model_fix_covers(f, &m->items[j]))
				continue;
			model_item_key(&m->items[j], key, sizeof(key));
			rc = buf_printf(out, "%s %s", named++ ? "," : "", key);
		}
		rc = rc ||
		     (f->items > FIX_NAMES &&
		      buf_printf(out, " and %d more", f->items - FIX_NAMES)) ||
		     buf_puts(out, "\n") ||
		     (*f->remedy && buf_printf(out, "      remedy: %s\n", f->remedy));
	}
	free(fixes);
	return rc;
}

int report_console_render(const struct model *m, bool color, bool verbose, struct buf *out)
{
	const struct model_settings *s = &m->settings;
	int rc = 0;

	if (m->kind == MODEL_CONFORM)
		return conformance_console_render(m, color, out);
	rc |= buf_printf(
		out,
		"PREFLIGHT  %s  model=%s  thinking=%s  visible=%ld headroom=%ld max_tokens=%ld",
		m->endpoint.base_url ? m->endpoint.base_url : "?",
		m->endpoint.model ? m->endpoint.model : "?", s->thinking ? s->thinking : "?",
		s->visible_tokens, s->headroom_tokens, s->max_tokens);
	if (s->reasoning_effort)
		rc |= buf_printf(out, " reasoning_effort=%s", s->reasoning_effort);
	if (m->endpoint.max_model_len > 0)
		rc |= buf_printf(out, "  max_model_len=%ld", m->endpoint.max_model_len);
	rc |= report_console_head_end(m, out);
	rc |= probe_lines(m, color, verbose, out);
	rc |= sweep_line(m, out);
	rc |= buf_puts(out, RULE);
	rc |= buf_puts(out, m->summary ? m->summary : "");
	if (m->summary && *m->summary && m->summary[strlen(m->summary) - 1] != '\n')
		rc |= buf_puts(out, "\n");
	rc |= fix_groups(m, out);
	rc |= result_line(m, out);
	if (!m->endpoint.usable)
		rc |= buf_printf(out, "endpoint: %s: %s\n",
				 m->endpoint.cause ? m->endpoint.cause : "?",
				 m->endpoint.detail ? m->endpoint.detail : "");
	rc |= engine_findings(out, m);
	return rc ? -1 : 0;
}
