/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_table — the table renderer on arbitrary reports: whatever a report
 * holds, the rendered rows never hold a marker line, never break a row
 * into two, and update a notebook idempotently. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* every line of the rendered table is a row: starts and ends with '|' */
static void rows_only(const struct buf *t)
{
	const char *p = t->data, *end = t->data + t->len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl || nl == p || *p != '|' || nl[-1] != '|')
			abort();
		p = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct model *report = NULL;
	struct buf table = BUF_INIT(0), once = BUF_INIT(0), twice = BUF_INIT(0);
	const char *nb = "# nb\n" TABLE_BEGIN "\n" TABLE_END "\n";
	char err[512];
	bool stale;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	report = json_read_text("fuzz", text, size, err, sizeof(err));
	if (report && table_render_model(report, &table, err, sizeof(err)) == 0) {
		rows_only(&table);
		if (table_splice(nb, strlen(nb), table.data, &once, &stale, err, sizeof(err)) ||
		    table_splice(once.data, once.len, table.data, &twice, &stale, err,
				 sizeof(err)) ||
		    stale || strcmp(once.data, twice.data))
			abort();
	}
	model_free(report);
	free(text);
	buf_release(&table);
	buf_release(&once);
	buf_release(&twice);
	return 0;
}
