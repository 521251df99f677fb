/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_html — the one report reader and every writer on arbitrary reports:
 * what a report holds (wrong types, huge numbers, hostile strings,
 * hundreds of cells) never crashes the reader or a writer; a report the
 * reader took writes a JSON that reads back into a model that writes it
 * again byte for byte; the map is never left unclosed, and no text from
 * the report opens an element: the page holds no "<script" and no "<img"
 * whatever the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "heatmap.h"
#include "html.h"
#include "json.h"
#include "render.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void inert(const struct buf *b)
{
	if (!b->data)
		return;
	if (strstr(b->data, "<script") || strstr(b->data, "<img") || strstr(b->data, "<iframe"))
		abort();
}

/* JSON -> model -> JSON -> model -> JSON: the two texts are one */
static void round_trip(const struct model *m)
{
	struct buf once = BUF_INIT(0), twice = BUF_INIT(0);
	char err[256];
	struct model *again;

	if (json_render(m, &once))
		return;
	if (!(again = json_read_text("once", buf_cstr(&once), once.len, err, sizeof(err))))
		abort(); /* what the writer wrote, the reader takes */
	if (json_render(again, &twice) == 0 &&
	    (once.len != twice.len || memcmp(once.data, twice.data, once.len)))
		abort();
	model_free(again);
	buf_release(&once);
	buf_release(&twice);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[256];
	struct buf page = BUF_INIT(0), map = BUF_INIT(0), other = BUF_INIT(0);
	const struct model *one;
	struct model *m;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	m = json_read_text("fuzz", text, size, err, sizeof(err));
	if (m) {
		one = m;
		round_trip(m);
		if (html_render(&one, 1, &page) == 0)
			inert(&page);
		if (heatmap_svg(m, true, &map) == 0) {
			inert(&map);
			if (map.len < 7 || strcmp(map.data + map.len - 7, "</svg>\n"))
				abort();
		}
		report_console_render(m, true, true, &other);
		report_junit_render(m, &other);
		report_markdown_render(m, &other);
		report_metrics_render(m, &other);
	}
	model_free(m);
	free(text);
	buf_release(&page);
	buf_release(&map);
	buf_release(&other);
	return 0;
}
