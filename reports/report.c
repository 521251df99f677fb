/* report — the format table and the atomic write; see report.h. */
#include "report.h"

#include <stdio.h>
#include <string.h>

#include "file.h"
#include "secret.h"
#include "text.h"

static const struct {
	const char *name;
	int (*render)(const struct run_result *, struct buf *);
} formats[] = {
	{ "junit", report_junit_render },
	{ "json", report_json_render },
	{ "markdown", report_markdown_render },
};

int report_utf8(struct buf *b)
{
	struct buf clean = BUF_INIT(0);

	if (!b->data || text_valid_utf8(b->data, b->len))
		return 0;
	if (text_sanitize(&clean, b->data, b->len, false)) {
		buf_release(&clean);
		return -1;
	}
	buf_release(b);
	*b = clean;
	return 0;
}

int report_write(const char *format, const struct run_result *r, const struct secret *key,
		 const char *path, char *err, size_t errlen)
{
	struct buf out = BUF_INIT(0);
	size_t i;
	int rc = -1;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (strcmp(formats[i].name, format))
			continue;
		if (formats[i].render(r, &out) || secret_scrub(key, &out) || report_utf8(&out))
			snprintf(err, errlen, "cannot render the %s report: out of memory", format);
		else
			rc = file_write_atomic(path, buf_cstr(&out), out.len, err, errlen);
		buf_release(&out);
		return rc;
	}
	snprintf(err, errlen, "unknown report format '%s'", format);
	return -1;
}

int report_summary_line(const struct run_result *r, struct buf *out)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < r->n_probes && !rc; i++) {
		const struct probe_result *p = &r->probes[i];

		rc = buf_printf(out, "%s%s %s", i ? " · " : "",
				p->verdict == VERDICT_PASS ? "✅" : "❌",
				p->summary ? p->summary : "");
		if (!rc && p->verdict != VERDICT_PASS && p->cause != CAUSE_NONE)
			rc = buf_printf(out, " (%s)", cause_code(p->cause));
	}
	return rc;
}
