/* SPDX-License-Identifier: Apache-2.0 */
/* junit — JUnit XML valid against junit-10.xsd: one testsuite per run,
 * one testcase per probe (name starts with the probe id), <failure> with
 * type = cause code for a graded failure, <error> when the exchange failed,
 * evidence in <system-out>. The suite's name and every classname carry the
 * recipe (or, without one, the model and the endpoint), so the JUnit of
 * several recipes stays apart when merged; a failure's message attribute
 * is its one line, the element text the whole story. Every string is
 * escaped, and characters XML 1.0 forbids are written as visible text
 * (#x1B), pytest-style. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "markup.h"
#include "model.h"
#include "render.h"
#include "version.h"

static int property(struct buf *out, const char *name, const char *value)
{
	int rc = buf_printf(out, "    <property name=\"%s\" value=\"", name);

	rc |= markup_text(out, value ? value : "", true);
	rc |= buf_puts(out, "\"/>\n");
	return rc;
}

/* a count as text, "-" when unknown */
static const char *count(long v, char *t, size_t n)
{
	if (v < 0)
		return "-";
	snprintf(t, n, "%ld", v);
	return t;
}

/* one request as the evidence shows it: pass or fail only where it was
 * graded (a conformance check's requests are judged together, not one by
 * one), and only the counts that are known */
static int obs_line(struct buf *ev, const struct model_obs *o, bool judged_together)
{
	static const char *const names[] = { "content_chars", "reasoning_chars", "prompt_tokens",
					     "completion_tokens" };
	const long v[] = { o->content_chars, o->reasoning_chars, o->prompt_tokens,
			   o->completion_tokens };
	char st[24];
	size_t k;
	int rc = buf_printf(ev, "[%s]%s status=%s %.3fs finish=%s", o->label ? o->label : "?",
			    !o->graded || judged_together ? ""
			    : o->passed			  ? " pass"
							  : " fail",
			    count(o->status, st, sizeof(st)), o->seconds,
			    o->finish_reason ? o->finish_reason : "-");

	for (k = 0; k < sizeof(v) / sizeof(*v) && !rc; k++)
		if (v[k] >= 0)
			rc = buf_printf(ev, " %s=%ld", names[k], v[k]);
	rc = rc || (o->detail && *o->detail && buf_printf(ev, ": %s", o->detail)) ||
	     buf_putc(ev, '\n');
	if (!rc && o->content_excerpt && *o->content_excerpt)
		rc = buf_printf(ev, "  content: %s\n", o->content_excerpt);
	return rc;
}

static int system_out(struct buf *out, const struct model *m, const struct model_item *p)
{
	struct buf ev = BUF_INIT(0);
	size_t i;
	int rc = 0;

	if (p->message && p->cause)
		rc |= buf_printf(&ev, "%s: %s\n", p->cause, p->message);
	else if (p->message)
		rc |= buf_printf(&ev, "%s\n", p->message);
	if (p->remedy)
		rc |= buf_printf(&ev, "remedy: %s\n", p->remedy);
	if (p->evidence && *p->evidence)
		rc |= buf_printf(&ev, "evidence: %s\n", p->evidence);
	for (i = 0; i < p->n_obs && i < 32; i++)
		rc |= obs_line(&ev, &p->obs[i], m->kind == MODEL_CONFORM);
	if (p->n_obs > 32)
		rc |= buf_printf(&ev, "... %zu more requests in the JSON report\n", p->n_obs - 32);
	rc |= buf_puts(out, "      <system-out>");
	rc |= markup_text(out, buf_cstr(&ev), false);
	rc |= buf_puts(out, "</system-out>\n");
	buf_release(&ev);
	return rc;
}

/* what the run was of: conform's checks apart from run's probes, then the
 * recipe's name, else the model, the endpoint and the engine preflight
 * found (so two engines serving one model name never merge; never the
 * server's version: a CI that tracks testcases across an engine upgrade
 * must see the same names) */
static int run_label(struct buf *out, const struct model *m)
{
	int rc = m->kind == MODEL_CONFORM ? buf_puts(out, "conform ") : 0;

	if (m->recipe.present && m->recipe.name)
		return rc || buf_puts(out, m->recipe.name);
	rc = rc || buf_printf(out, "%s @ %s", m->endpoint.model ? m->endpoint.model : "?",
			      m->endpoint.base_url ? m->endpoint.base_url : "?");
	return rc || (m->endpoint.engine && buf_printf(out, " (%s)", m->endpoint.engine));
}

/* "preflight.<label>" with every character but letters, digits, '-' and
 * '.' as '_': a classname tools can group by */
static int classname(struct buf *out, const struct model *m)
{
	struct buf label = BUF_INIT(0);
	const char *s;
	int rc = run_label(&label, m) || buf_puts(out, "preflight.");

	for (s = buf_cstr(&label); *s && !rc; s++) {
		bool keep = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			    (*s >= '0' && *s <= '9') || *s == '-' || *s == '.';

		if (keep || (out->len && out->data[out->len - 1] != '_'))
			rc = buf_putc(out, keep ? *s : '_');
	}
	buf_release(&label);
	return rc;
}

/* an item's one line: its message, else (a conformance check's) its evidence */
static const char *line_of(const struct model_item *p)
{
	return p->message && *p->message ? p->message : p->evidence ? p->evidence : "";
}

/* the failure's element text: the message, the remedy, the evidence */
static int failure_text(struct buf *out, const struct model *m, const struct model_item *p)
{
	int rc = markup_text(out, line_of(p), false);

	if (p->remedy) {
		rc |= buf_puts(out, "\nremedy: ");
		rc |= markup_text(out, p->remedy, false);
	}
	if (m->kind == MODEL_RUN && p->evidence)
		rc |= buf_puts(out, "\nevidence: ") || markup_text(out, p->evidence, false);
	return rc;
}

/* one <testcase>: its failure, error or skip (the message attribute the
 * cause and its line; the text the message, remedy and evidence), and the
 * observations in <system-out> */
static int testcase(struct buf *out, const struct model *m, const struct model_item *p)
{
	static const char *const elem[] = { "", "failure", "error", "skipped" };
	struct buf msg = BUF_INIT(0);
	int rc = 0;

	rc |= buf_puts(out, "    <testcase classname=\"");
	rc |= classname(&msg, m) || markup_text(out, buf_cstr(&msg), true);
	buf_reset(&msg);
	rc |= buf_puts(out, "\" name=\"");
	rc |= markup_text(out, p->id ? p->id : "?", true);
	rc |= markup_text(out, p->variant ? p->variant : "", true);
	rc |= buf_puts(out, " — ");
	rc |= markup_text(out, p->title ? p->title : "", true);
	rc |= buf_printf(out, "\" time=\"%.3f\">\n", p->seconds);
	if (p->verdict != VERDICT_PASS) {
		/* a conformance check's type is its status */
		const char *type = m->kind == MODEL_CONFORM ? conform_status_name(p->status)
				   : p->cause		    ? p->cause
							    : "";

		rc |= buf_printf(&msg, "%s: %s", type, line_of(p));
		rc |= buf_printf(out, "      <%s type=\"%s\" message=\"", elem[p->verdict], type);
		rc |= markup_text(out, buf_cstr(&msg), true);
		rc |= buf_puts(out, "\">");
		rc |= failure_text(out, m, p);
		rc |= buf_printf(out, "</%s>\n", elem[p->verdict]);
	}
	buf_release(&msg);
	rc |= system_out(out, m, p);
	rc |= buf_puts(out, "    </testcase>\n");
	return rc;
}

/* <testsuites> and <testsuite> with their counts, and the properties */
static int suite_head(struct buf *out, const struct model *m)
{
	const struct model_counts *c = &m->counts;
	struct buf label = BUF_INIT(0);
	char host[256] = "localhost", stamp[32];
	int rc = 0;

	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	/* junit wants local-less ISO time without a zone */
	snprintf(stamp, sizeof(stamp), "%.19s", m->started ? m->started : "");
	rc |= buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	rc |= buf_printf(out,
			 "<testsuites name=\"preflight\" tests=\"%d\" failures=\"%d\" "
			 "errors=\"%d\" time=\"%.3f\">\n",
			 c->items, c->failed, c->errored, m->seconds);
	rc |= buf_puts(out, "  <testsuite name=\"preflight ");
	rc |= run_label(&label, m) || markup_text(out, buf_cstr(&label), true);
	rc |= buf_printf(out,
			 "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
			 "time=\"%.3f\" timestamp=\"%s\" hostname=\"",
			 c->items, c->failed, c->errored,
			 c->skipped + c->not_run + c->beyond_window, m->seconds, stamp);
	rc |= markup_text(out, host, true);
	rc |= buf_puts(out, "\">\n  <properties>\n");
	rc |= property(out, "endpoint", m->endpoint.base_url);
	rc |= property(out, "model", m->endpoint.model);
	rc |= property(out, "thinking", m->settings.thinking);
	rc |= property(out, "reasoning_effort", m->settings.reasoning_effort);
	rc |= property(out, "preflight_version", PREFLIGHT_VERSION);
	rc |= property(out, "server_version", m->endpoint.server_version);
	rc |= property(out, "system_fingerprint", m->endpoint.system_fingerprint);
	rc |= property(out, "verdict", model_class_words(m->class));
	rc |= property(out, "command", m->kind == MODEL_CONFORM ? "conform" : "run");
	rc |= property(out, "engine",
		       m->recipe.present && m->recipe.engine ? m->recipe.engine
							     : m->endpoint.engine);
	if (m->recipe.present) {
		rc |= property(out, "recipe", m->recipe.name);
		rc |= property(out, "quant", m->recipe.quant);
		rc |= property(out, "gpu", m->recipe.gpu);
	}
	rc |= buf_puts(out, "  </properties>\n");
	buf_release(&label);
	return rc;
}

int report_junit_render(const struct model *m, struct buf *out)
{
	size_t i;
	int rc = suite_head(out, m);

	for (i = 0; i < m->n_items; i++)
		rc |= testcase(out, m, &m->items[i]);
	rc |= buf_puts(out, "  </testsuite>\n</testsuites>\n");
	return rc ? -1 : 0;
}
