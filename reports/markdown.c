/* markdown — the notebook's results-table row for this run. */
#include <string.h>

#include "report.h"

/* GFM table cell: pipes escaped, newlines folded */
static int cell(struct buf *out, const char *s)
{
	int rc = 0;

	if (!s || !*s)
		return buf_puts(out, "—");
	for (; *s && !rc; s++) {
		if (*s == '|')
			rc = buf_puts(out, "\\|");
		else if (*s == '\n' || *s == '\r')
			rc = buf_putc(out, ' ');
		else
			rc = buf_putc(out, *s);
	}
	return rc;
}

int report_markdown_render(const struct run_result *r, struct buf *out)
{
	struct buf notes = BUF_INIT(0);
	int passed = 0, rc = 0;
	size_t i;

	for (i = 0; i < r->n_probes; i++)
		passed += r->probes[i].verdict == VERDICT_PASS;
	rc |= buf_printf(&notes, "preflight %d/%zu · ", passed, r->n_probes);
	rc |= report_summary_line(r, &notes);
	rc |= buf_puts(out, "| model | quant | engine | GPU | serves? | key flags | notes |\n");
	rc |= buf_puts(out, "|---|---|---|---|---|---|---|\n| ");
	rc |= cell(out, r->model);
	rc |= buf_puts(out, " | — | ");
	rc |= cell(out, r->server);
	rc |= buf_printf(out, " | — | %s | ", passed == (int)r->n_probes && r->n_probes ? "✅" : "❌");
	rc |= cell(out, r->thinking && strcmp(r->thinking, "default") ? r->thinking : NULL);
	rc |= buf_puts(out, " | ");
	rc |= cell(out, buf_cstr(&notes));
	rc |= buf_puts(out, " |\n");
	buf_release(&notes);
	return rc ? -1 : 0;
}
