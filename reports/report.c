/* SPDX-License-Identifier: Apache-2.0 */
/* report — the format table and the atomic write; see report.h. */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "json.h"
#include "render.h"
#include "say.h"
#include "summary.h"
#include "sweep.h"
#include "secret.h"
#include "text.h"

/* every report format: a new one is its writer's file, one row here and
 * its option's row in config.c */
static const struct report_format formats[] = {
	{ .name = "junit", .render = report_junit_render, .on_unusable = true },
	{ .name = "json",
	  .render = report_json_render,
	  .on_unusable = true,
	  .max = JSON_REPORT_MAX },
	{ .name = "markdown", .render = report_markdown_render, .on_unusable = true },
	{ .name = "html", .render = report_html_render, .on_unusable = true },
	{ .name = "svg", .render = report_svg_render, .on_unusable = true },
	{ .name = "metrics", .render = report_metrics_render, .on_unusable = true },
};

/* one limit: a run keeps one output per format (config.h) */
_Static_assert(sizeof(formats) / sizeof(formats[0]) <= CONFIG_MAX_OUTPUTS,
	       "every report format needs its place among config's outputs");

const struct report_format *report_format_at(size_t i)
{
	return i < sizeof(formats) / sizeof(formats[0]) ? &formats[i] : NULL;
}

const struct report_format *report_format_named(const char *name)
{
	size_t i;

	for (i = 0; name && i < sizeof(formats) / sizeof(formats[0]); i++)
		if (!strcmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

int report_json_render(const struct model *m, struct buf *out)
{
	return json_render(m, out);
}

int report_write(const char *format, const struct model *m, const char *path, char *err,
		 size_t errlen)
{
	const struct report_format *f = report_format_named(format);
	struct buf out = BUF_INIT(f ? f->max : 0);
	int rc = -1;

	if (!f) {
		snprintf(err, errlen, "unknown report format '%s'", format);
		return -1;
	}
	if (f->render(m, &out))
		snprintf(err, errlen,
			 out.full ? "the %s report would pass %zu bytes, more than preflight reads "
				    "back"
				  : "cannot render the %s report: out of memory",
			 format, f->max);
	else if (!strcmp(path, "-")) /* stdout, whole or with the reason */
		rc = say_document_stdout(format, buf_cstr(&out), out.len, err, errlen);
	else
		rc = say_file(path, buf_cstr(&out), out.len, err, errlen);
	buf_release(&out);
	return rc;
}

static const struct probe_result *first_swept(const struct run_result *r)
{
	size_t i;

	for (i = 0; i < r->n_probes; i++)
		if (r->probes[i].swept)
			return &r->probes[i];
	return NULL;
}

int report_summary_line(const struct run_result *r, struct buf *out)
{
	size_t i;
	int rc = 0;

	struct sweep_summary sw;
	bool first = true;

	sweep_summarize(r, &sw);
	for (i = 0; i < r->n_probes && !rc; i++) {
		const struct probe_result *p = &r->probes[i];
		char *label;

		if (p->swept) { /* the sweep is one item: its cells and effective context */
			char head[96];

			if (p != first_swept(r))
				continue;
			sweep_headline(&sw, head, sizeof(head));
			rc = buf_printf(out, "%s%s needle sweep %d/%d (%s)", first ? "" : " · ",
					!sw.first_fail || sw.window_cut ? "✅" : "❌", sw.passed,
					sw.cells, head);
			first = false;
			continue;
		}
		label = summary_label(p);
		rc = !label || buf_printf(out, "%s%s %s", first ? "" : " · ",
					  p->verdict == VERDICT_PASS ? "✅" : "❌", label);
		first = false;
		free(label);
		if (!rc && p->verdict != VERDICT_PASS && p->cause != CAUSE_NONE)
			rc = buf_printf(out, " (%s)", cause_code(p->cause));
	}
	return rc;
}
