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
#include "report.h"
#include "summary.h"
#include "text.h"
#include "version.h"

static int property(struct buf *out, const char *name, const char *value)
{
	int rc = buf_printf(out, "    <property name=\"%s\" value=\"", name);

	rc |= markup_text(out, value ? value : "", true);
	rc |= buf_puts(out, "\"/>\n");
	return rc;
}

static int system_out(struct buf *out, const struct probe_result *p)
{
	struct buf ev = BUF_INIT(0);
	char *evidence;
	size_t i;
	int rc = 0;

	if (p->message)
		rc |= buf_printf(&ev, "%s: %s\n", cause_code(p->cause), p->message);
	if (p->cause != CAUSE_NONE && *probe_remedy(p))
		rc |= buf_printf(&ev, "remedy: %s\n", probe_remedy(p));
	evidence = summary_evidence(p);
	rc |= evidence ? buf_printf(&ev, "evidence: %s\n", evidence) : -1;
	free(evidence);
	for (i = 0; i < p->n_obs && i < 32; i++) {
		const struct observation *o = &p->obs[i];

		rc |= buf_printf(
			&ev,
			"[%s] %s status=%ld %.3fs finish=%s content_chars=%zu reasoning_chars=%zu "
			"prompt_tokens=%ld completion_tokens=%ld: %s\n",
			o->label, o->pass ? "pass" : "fail", o->status, o->seconds,
			o->finish_reason ? o->finish_reason : "-", o->content_chars,
			o->reasoning_chars, o->prompt_tokens, o->completion_tokens,
			o->detail ? o->detail : "");
		if (o->content_excerpt && *o->content_excerpt)
			rc |= buf_printf(&ev, "  content: %s\n", o->content_excerpt);
	}
	if (p->n_obs > 32)
		rc |= buf_printf(&ev, "... %zu more requests in the JSON report\n", p->n_obs - 32);
	rc |= buf_puts(out, "      <system-out>");
	rc |= markup_text(out, buf_cstr(&ev), false);
	rc |= buf_puts(out, "</system-out>\n");
	buf_release(&ev);
	return rc;
}

/* what the run was of: the recipe's name, else the model and the
 * endpoint (never the server's version: a CI that tracks testcases across
 * an engine upgrade must see the same names) */
static int run_label(struct buf *out, const struct run_result *r)
{
	if (r->recipe && r->recipe->name)
		return buf_puts(out, r->recipe->name);
	return buf_printf(out, "%s @ %s", r->model ? r->model : "?",
			  r->endpoint ? r->endpoint : "?");
}

/* "preflight.<label>" with every character but letters, digits, '-' and
 * '.' as '_': a classname tools can group by */
static int classname(struct buf *out, const struct run_result *r)
{
	struct buf label = BUF_INIT(0);
	const char *s;
	int rc = run_label(&label, r) || buf_puts(out, "preflight.");

	for (s = buf_cstr(&label); *s && !rc; s++) {
		bool keep = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			    (*s >= '0' && *s <= '9') || *s == '-' || *s == '.';

		if (keep || (out->len && out->data[out->len - 1] != '_'))
			rc = buf_putc(out, keep ? *s : '_');
	}
	buf_release(&label);
	return rc;
}

/* the failure's element text: the message, the remedy, the evidence */
static int failure_text(struct buf *out, const struct probe_result *p)
{
	char *evidence = p->probe->conform ? NULL : summary_evidence(p);
	int rc = markup_text(out, p->message ? p->message : "", false);

	if ((p->cause != CAUSE_NONE || p->probe->conform) && *probe_remedy(p)) {
		rc |= buf_puts(out, "\nremedy: ");
		rc |= markup_text(out, probe_remedy(p), false);
	}
	if (!p->probe->conform)
		rc |= evidence ? buf_puts(out, "\nevidence: ") || markup_text(out, evidence, false)
			       : -1;
	free(evidence);
	return rc;
}

/* one <testcase>: its failure, error or skip (the message attribute the
 * cause and its line; the text the message, remedy and evidence), and the
 * observations in <system-out> */
static int testcase(struct buf *out, const struct run_result *r, const struct probe_result *p)
{
	static const char *const elem[] = { "", "failure", "error", "skipped" };
	struct buf msg = BUF_INIT(0);
	int rc = 0;

	rc |= buf_puts(out, "    <testcase classname=\"");
	rc |= classname(&msg, r) || markup_text(out, buf_cstr(&msg), true);
	buf_reset(&msg);
	rc |= buf_puts(out, "\" name=\"");
	rc |= markup_text(out, p->probe->id, true);
	rc |= markup_text(out, p->variant, true);
	rc |= buf_puts(out, " — ");
	rc |= markup_text(out, p->probe->title, true);
	rc |= buf_printf(out, "\" time=\"%.3f\">\n", p->seconds);
	if (p->verdict != VERDICT_PASS) {
		/* a conformance check's type is its status */
		const char *type =
			p->probe->conform ? conform_status_name(p->conform) : cause_code(p->cause);

		rc |= buf_printf(&msg, "%s: %s", type, p->message ? p->message : "");
		rc |= buf_printf(out, "      <%s type=\"%s\" message=\"", elem[p->verdict], type);
		rc |= markup_text(out, buf_cstr(&msg), true);
		rc |= buf_puts(out, "\">");
		rc |= failure_text(out, p);
		rc |= buf_printf(out, "</%s>\n", elem[p->verdict]);
	}
	buf_release(&msg);
	rc |= system_out(out, p);
	rc |= buf_puts(out, "    </testcase>\n");
	return rc;
}

/* <testsuites> and <testsuite> with their counts, and the properties */
static int suite_head(struct buf *out, const struct run_result *r)
{
	struct buf label = BUF_INIT(0);
	int failures = 0, errors = 0, skipped = 0, rc = 0;
	char host[256] = "localhost", stamp[32];
	size_t i;

	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	/* junit wants local-less ISO time without a zone */
	snprintf(stamp, sizeof(stamp), "%.19s", r->started);
	for (i = 0; i < r->n_probes; i++) {
		failures += r->probes[i].verdict == VERDICT_FAIL;
		errors += r->probes[i].verdict == VERDICT_ERROR;
		skipped += r->probes[i].verdict == VERDICT_SKIPPED;
	}
	rc |= buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	rc |= buf_printf(out,
			 "<testsuites name=\"preflight\" tests=\"%zu\" failures=\"%d\" "
			 "errors=\"%d\" time=\"%.3f\">\n",
			 r->n_probes, failures, errors, r->seconds);
	rc |= buf_puts(out, "  <testsuite name=\"preflight ");
	rc |= run_label(&label, r) || markup_text(out, buf_cstr(&label), true);
	rc |= buf_printf(out,
			 "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
			 "time=\"%.3f\" timestamp=\"%s\" hostname=\"",
			 r->n_probes, failures, errors, skipped, r->seconds, stamp);
	rc |= markup_text(out, host, true);
	rc |= buf_puts(out, "\">\n  <properties>\n");
	rc |= property(out, "endpoint", r->endpoint);
	rc |= property(out, "model", r->model);
	rc |= property(out, "thinking", r->thinking);
	rc |= property(out, "reasoning_effort", r->reasoning_effort);
	rc |= property(out, "preflight_version", PREFLIGHT_VERSION);
	rc |= property(out, "server_version", r->server_version);
	rc |= property(out, "system_fingerprint", r->server);
	if (r->recipe) {
		rc |= property(out, "recipe", r->recipe->name);
		rc |= property(out, "quant", r->recipe->quant);
		rc |= property(out, "engine", r->recipe->engine);
		rc |= property(out, "gpu", r->recipe->gpu);
	}
	rc |= buf_puts(out, "  </properties>\n");
	buf_release(&label);
	return rc;
}

int report_junit_render(const struct run_result *r, struct buf *out)
{
	size_t i;
	int rc = suite_head(out, r);

	for (i = 0; i < r->n_probes; i++)
		rc |= testcase(out, r, &r->probes[i]);
	rc |= buf_puts(out, "  </testsuite>\n</testsuites>\n");
	return rc ? -1 : 0;
}
