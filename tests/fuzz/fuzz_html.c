/* fuzz_html — the HTML page and the heat map on arbitrary reports: what a
 * report holds (wrong types, huge numbers, hostile strings, hundreds of
 * cells) never crashes either, the map is never left unclosed, and no
 * text from the report opens an element: the page holds no "<script" and
 * no "<img" whatever the input. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "heatmap.h"
#include "html.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void inert(const struct buf *b)
{
	if (!b->data)
		return;
	if (strstr(b->data, "<script") || strstr(b->data, "<img") || strstr(b->data, "<iframe"))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON *report = cJSON_ParseWithLength((const char *)data, size);
	const cJSON *one = report;
	struct buf page = BUF_INIT(0), map = BUF_INIT(0);

	if (report) {
		if (html_render(&one, 1, &page) == 0)
			inert(&page);
		if (heatmap_svg(report, true, &map) == 0) {
			inert(&map);
			if (map.len < 7 || strcmp(map.data + map.len - 7, "</svg>\n"))
				abort();
		}
	}
	cJSON_Delete(report);
	buf_release(&page);
	buf_release(&map);
	return 0;
}
