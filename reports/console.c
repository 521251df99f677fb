/* console — the human report: header, a line per probe, the summary line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "summary.h"
#include "sweep.h"

#define RULE "------------------------------------------------------------------------\n"

static const char *tag(enum verdict v)
{
	static const char *const tags[] = { "PASS", "FAIL", "ERROR", "SKIP" };

	return tags[v];
}

static const char *colour(enum verdict v)
{
	static const char *const c[] = { "\033[32m", "\033[31m", "\033[35m", "\033[33m" };

	return c[v];
}

int report_console_head_end(const struct run_result *r, struct buf *out)
{
	int rc = 0;

	if (r->engine != ENGINE_UNKNOWN)
		rc |= buf_printf(out, "  engine=%s", engine_name(r->engine));
	rc |= buf_puts(out, "\n");
	if (r->endpoint_note)
		rc |= buf_printf(out, "note: %s\n", r->endpoint_note);
	return rc | buf_puts(out, RULE);
}

/* a needle sweep's outcome: the effective context, the cells, the first
 * cell short of a pass */
static int sweep_line(const struct run_result *r, struct buf *out, int beyond)
{
	struct sweep_summary s;
	char head[96];
	int rc;

	sweep_summarize(r, &s);
	if (!s.present)
		return 0;
	sweep_headline(&s, head, sizeof(head));
	rc = buf_printf(out, "sweep: %s · %d/%d cells passed", head, s.passed, s.cells);
	if (s.first_fail && s.window_cut)
		rc |= buf_printf(out, " · from %s%s on not sent (%d beyond the window)",
				 s.first_fail->probe->id, s.first_fail->variant, beyond);
	else if (s.first_fail)
		rc |= buf_printf(out, " · first failing cell %s%s (%s)", s.first_fail->probe->id,
				 s.first_fail->variant,
				 s.first_fail->cause ? cause_code(s.first_fail->cause)
						     : verdict_name(s.first_fail->verdict));
	return rc | buf_puts(out, "\n");
}

/* what --engine-log found: each signature with its line, the remedy of
 * the fatal ones */
static int engine_findings(struct buf *out, const struct run_result *r)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < r->n_findings && !rc; i++) {
		const struct engine_finding *f = &r->findings[i];

		rc = buf_printf(out, "engine log %s:%ld: %s %s (%s): %s\n", r->engine_log, f->line,
				f->fatal ? "fatal" : "warning", f->rule, f->cause, f->quote) ||
		     (f->fatal &&
		      buf_printf(out, "    why: %s\n    remedy: %s\n", f->explain, f->remedy));
	}
	return rc;
}

int report_console_render(const struct run_result *r, bool color, struct buf *out)
{
	int passed = 0, beyond = 0, rc = 0;
	size_t i;

	if (r->conformance)
		return conformance_console_render(r, color, out);
	rc |= buf_printf(
		out,
		"PREFLIGHT  %s  model=%s  thinking=%s  visible=%ld headroom=%ld max_tokens=%ld",
		r->endpoint, r->model ? r->model : "?", r->thinking, r->visible_tokens,
		r->headroom_tokens, r->max_tokens);
	if (r->reasoning_effort)
		rc |= buf_printf(out, " reasoning_effort=%s", r->reasoning_effort);
	if (r->max_model_len > 0)
		rc |= buf_printf(out, "  max_model_len=%ld", r->max_model_len);
	rc |= report_console_head_end(r, out);
	for (i = 0; i < r->n_probes; i++) {
		const struct probe_result *p = &r->probes[i];
		const char *remedy = probe_remedy(p);
		char title[128], *evidence;

		passed += p->verdict == VERDICT_PASS;
		beyond += p->beyond_window;
		snprintf(title, sizeof(title), "%s%s%s", p->probe->title, p->variant[0] ? " " : "",
			 p->variant);
		evidence = summary_evidence(p);
		rc |= !evidence;
		rc |= buf_printf(out, "%s[%s]%s %-32s %6.1fs  %s\n",
				 color ? colour(p->verdict) : "", tag(p->verdict),
				 color ? "\033[0m" : "", title, p->seconds,
				 evidence ? evidence : "");
		free(evidence);
		if (p->verdict == VERDICT_PASS || p->beyond_window) /* its evidence says why */
			continue;
		rc |= buf_printf(out, "       %s: %s\n", cause_code(p->cause),
				 p->message ? p->message : "");
		if (*remedy)
			rc |= buf_printf(out, "       remedy: %s\n", remedy);
	}
	rc |= sweep_line(r, out, beyond);
	rc |= buf_puts(out, RULE);
	rc |= report_summary_line(r, out);
	/* a sweep's cells beyond the window were not sent: they fail nothing */
	rc |= buf_printf(out, "\nRESULT: %s (%d/%zu passed%s, %.1fs)\n",
			 r->unusable			       ? "ENDPOINT UNUSABLE"
			 : r->interrupted		       ? "INTERRUPTED"
			 : passed + beyond == (int)r->n_probes ? "ALL PASS"
							       : "FAILURES PRESENT",
			 passed, r->n_probes, beyond ? ", the rest beyond the window" : "",
			 r->seconds);
	if (r->unusable)
		rc |= buf_printf(out, "endpoint: %s: %s\n", cause_code(r->unusable_cause),
				 r->unusable_detail ? r->unusable_detail : "");
	rc |= engine_findings(out, r);
	return rc ? -1 : 0;
}
