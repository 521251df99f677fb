/* SPDX-License-Identifier: Apache-2.0 */
/* metrics — the run as an OpenMetrics text exposition, GitLab's metrics
 * report (artifacts: reports: metrics:): the counts of the model (passed,
 * failed, errored, skipped, not run, beyond the window), each item's
 * verdict (1 passed, 0 not) and median TTFT, the decode speed and the
 * effective context when there are. Label values are escaped (\\, \",
 * \n) as the format asks, so a probe id can never add a line. */
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "render.h"

/* name{probe="id@variant"} value, the label escaped */
static int labelled(struct buf *out, const char *name, const struct model_item *p, double v)
{
	char id[192];
	const char *c;
	int rc;

	model_item_key(p, id, sizeof(id));
	rc = buf_printf(out, "%s{probe=\"", name);
	for (c = id; *c && !rc; c++)
		rc = *c == '\\' || *c == '"' ? buf_printf(out, "\\%c", *c)
		     : *c == '\n'	     ? buf_puts(out, "\\n")
					     : buf_append(out, c, 1);
	return rc || buf_printf(out, "\"} %.6g\n", v);
}

static int gauge(struct buf *out, const char *name, const char *help)
{
	return buf_printf(out, "# TYPE %s gauge\n# HELP %s %s\n", name, name, help);
}

/* one gauge per count, "preflight_probes_failed 7" */
static int counts(struct buf *out, const struct model_counts *c)
{
	const struct {
		const char *name, *help;
		int n;
	} rows[] = {
		{ "preflight_probes", "items run (probes, sweep cells or checks)", c->items },
		{ "preflight_probes_passed", "items that passed", c->passed },
		{ "preflight_probes_failed", "items that failed", c->failed },
		{ "preflight_probes_errored", "items whose exchange failed", c->errored },
		{ "preflight_probes_skipped", "items skipped", c->skipped },
		{ "preflight_probes_not_run", "items an interruption left unrun", c->not_run },
		{ "preflight_probes_beyond_window", "sweep cells not sent: beyond the window",
		  c->beyond_window },
		{ "preflight_sweep_cells", "of the items run, the sweep cells", c->cells },
	};
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]) && !rc; i++)
		rc = gauge(out, rows[i].name, rows[i].help) ||
		     buf_printf(out, "%s %d\n", rows[i].name, rows[i].n);
	return rc;
}

int report_metrics_render(const struct model *m, struct buf *out)
{
	size_t i;
	int rc = counts(out, &m->counts) ||
		 gauge(out, "preflight_probe_passed", "1 when the probe passed, else 0");

	for (i = 0; i < m->n_items && !rc; i++)
		rc = labelled(out, "preflight_probe_passed", &m->items[i],
			      m->items[i].verdict == VERDICT_PASS);
	rc = rc || gauge(out, "preflight_probe_ttft_seconds", "median time to first token");
	for (i = 0; i < m->n_items && !rc; i++)
		if (m->items[i].has_metrics && m->items[i].metrics.ttft >= 0)
			rc = labelled(out, "preflight_probe_ttft_seconds", &m->items[i],
				      m->items[i].metrics.ttft);
	if (!rc && m->speed.present && m->speed.decode_tps > 0 &&
	    !strcmp(model_speed_unit(&m->speed), "tok/s")) /* never events as tokens */
		rc = gauge(out, "preflight_decode_tokens_per_second", "the run's decode speed") ||
		     buf_printf(out, "preflight_decode_tokens_per_second %.1f\n",
				m->speed.decode_tps);
	if (!rc && m->sweep.present)
		rc = gauge(out, "preflight_effective_context_tokens",
			   "the largest size at which every sweep cell passed") ||
		     buf_printf(out, "preflight_effective_context_tokens %ld\n",
				m->sweep.effective);
	return rc || buf_puts(out, "# EOF\n") ? -1 : 0;
}
