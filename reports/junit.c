/* junit — JUnit XML valid against junit-10.xsd: one testsuite per run,
 * one testcase per probe (name starts with the probe id), <failure> with
 * type = cause code for a graded failure, <error> when the exchange failed,
 * evidence in <system-out>. Every string is escaped, and characters XML
 * 1.0 forbids are written as visible text (#x1B), pytest-style. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report.h"
#include "summary.h"
#include "text.h"
#include "version.h"

static int xml_text(struct buf *out, const char *s, bool attr)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t len = strlen((const char *)p), i = 0;
	unsigned long cp;
	int rc = 0;

	while (i < len && !rc) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		if (!n) { /* not expected after sanitizing; stay valid anyway */
			rc = buf_puts(out, "\xEF\xBF\xBD");
			i++;
			continue;
		}
		if (cp == '&')
			rc = buf_puts(out, "&amp;");
		else if (cp == '<')
			rc = buf_puts(out, "&lt;");
		else if (cp == '>')
			rc = buf_puts(out, "&gt;");
		else if (cp == '"' && attr)
			rc = buf_puts(out, "&quot;");
		else if ((cp == '\n' || cp == '\t' || cp == '\r') && attr)
			rc = buf_printf(out, "&#%lu;", cp);
		else if ((cp < 0x20 && cp != '\n' && cp != '\t' && cp != '\r') || cp == 0x7F ||
			 cp == 0xFFFE || cp == 0xFFFF)
			rc = buf_printf(out, "#x%02lX", cp);
		else
			rc = buf_append(out, p + i, n);
		i += n;
	}
	return rc;
}

static int property(struct buf *out, const char *name, const char *value)
{
	int rc = buf_printf(out, "    <property name=\"%s\" value=\"", name);

	rc |= xml_text(out, value ? value : "", true);
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
	rc |= xml_text(out, buf_cstr(&ev), false);
	rc |= buf_puts(out, "</system-out>\n");
	buf_release(&ev);
	return rc;
}

/* one <testcase>: its failure, error or skip with the cause and the
 * remedy, and the evidence in <system-out> */
static int testcase(struct buf *out, const struct probe_result *p)
{
	static const char *const elem[] = { "", "failure", "error", "skipped" };
	struct buf msg = BUF_INIT(0);
	int rc = 0;

	rc |= buf_puts(out, "    <testcase classname=\"preflight\" name=\"");
	rc |= xml_text(out, p->probe->id, true);
	rc |= xml_text(out, p->variant, true);
	rc |= buf_puts(out, " — ");
	rc |= xml_text(out, p->probe->title, true);
	rc |= buf_printf(out, "\" time=\"%.3f\">\n", p->seconds);
	if (p->verdict != VERDICT_PASS) {
		rc |= buf_printf(&msg, "%s: %s", cause_code(p->cause),
				 p->message ? p->message : "");
		if (p->cause != CAUSE_NONE && *probe_remedy(p))
			rc |= buf_printf(&msg, " — remedy: %s", probe_remedy(p));
		rc |= buf_printf(out, "      <%s type=\"%s\" message=\"", elem[p->verdict],
				 cause_code(p->cause));
		rc |= xml_text(out, buf_cstr(&msg), true);
		rc |= buf_puts(out, "\">");
		rc |= xml_text(out, buf_cstr(&msg), false);
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
	rc |= xml_text(out, r->model ? r->model : "?", true);
	rc |= buf_printf(out,
			 "\" tests=\"%zu\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" "
			 "time=\"%.3f\" timestamp=\"%s\" hostname=\"",
			 r->n_probes, failures, errors, skipped, r->seconds, stamp);
	rc |= xml_text(out, host, true);
	rc |= buf_puts(out, "\">\n  <properties>\n");
	rc |= property(out, "endpoint", r->endpoint);
	rc |= property(out, "model", r->model);
	rc |= property(out, "thinking", r->thinking);
	rc |= property(out, "reasoning_effort", r->reasoning_effort);
	rc |= property(out, "preflight_version", PREFLIGHT_VERSION);
	rc |= property(out, "server_version", r->server_version);
	rc |= property(out, "system_fingerprint", r->server);
	rc |= buf_puts(out, "  </properties>\n");
	return rc;
}

int report_junit_render(const struct run_result *r, struct buf *out)
{
	size_t i;
	int rc = suite_head(out, r);

	for (i = 0; i < r->n_probes; i++)
		rc |= testcase(out, &r->probes[i]);
	rc |= buf_puts(out, "  </testsuite>\n</testsuites>\n");
	return rc ? -1 : 0;
}
