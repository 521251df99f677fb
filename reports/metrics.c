/* metrics — the run as an OpenMetrics text exposition, GitLab's metrics
 * report (artifacts: reports: metrics:): how many probes passed, each
 * probe's verdict (1 passed, 0 not) and median TTFT, the decode speed and
 * the effective context when there are. Label values are escaped (\\, \",
 * \n) as the format asks, so a probe id can never add a line. */
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "sweep.h"

/* name{probe="id@variant"} value, the label escaped */
static int labelled(struct buf *out, const char *name, const struct probe_result *p, double v)
{
	char id[160];
	const char *c;
	int rc;

	snprintf(id, sizeof(id), "%s%s", p->probe->id, p->variant);
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

int report_metrics_render(const struct run_result *r, struct buf *out)
{
	struct sweep_summary s;
	bool engine;
	double tps = speed_notebook(&r->speed, &engine);
	size_t i, passed = 0;
	int rc;

	for (i = 0; i < r->n_probes; i++)
		passed += r->probes[i].verdict == VERDICT_PASS;
	sweep_summarize(r, &s);
	rc = gauge(out, "preflight_probes_passed", "probes that passed") ||
	     buf_printf(out, "preflight_probes_passed %zu\n", passed) ||
	     gauge(out, "preflight_probes", "probes run") ||
	     buf_printf(out, "preflight_probes %zu\n", r->n_probes) ||
	     gauge(out, "preflight_probe_passed", "1 when the probe passed, else 0");
	for (i = 0; i < r->n_probes && !rc; i++)
		rc = labelled(out, "preflight_probe_passed", &r->probes[i],
			      r->probes[i].verdict == VERDICT_PASS);
	rc = rc || gauge(out, "preflight_probe_ttft_seconds", "median time to first token");
	for (i = 0; i < r->n_probes && !rc; i++)
		if (r->probes[i].speed.ttft >= 0)
			rc = labelled(out, "preflight_probe_ttft_seconds", &r->probes[i],
				      r->probes[i].speed.ttft);
	if (!rc && tps > 0)
		rc = gauge(out, "preflight_decode_tokens_per_second", "the run's decode speed") ||
		     buf_printf(out, "preflight_decode_tokens_per_second %.1f\n", tps);
	if (!rc && s.present)
		rc = gauge(out, "preflight_effective_context_tokens",
			   "the largest size at which every sweep cell passed") ||
		     buf_printf(out, "preflight_effective_context_tokens %ld\n", s.effective);
	return rc || buf_puts(out, "# EOF\n") ? -1 : 0;
}
