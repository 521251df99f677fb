/* markdown — the notebook row for this run: the same table `preflight
 * table` builds, from this run's JSON report, so the two never disagree;
 * for preflight conform, its check x status matrix (conformance.c). */
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "table.h"

int report_markdown_render(const struct run_result *r, struct buf *out)
{
	struct buf json = BUF_INIT(0);
	cJSON *report = NULL;
	char err[256];
	int rc = -1;

	if (r->conformance)
		return conformance_markdown_render(r, out);
	if (report_json_render(r, &json) == 0 && (report = cJSON_Parse(buf_cstr(&json))))
		rc = table_render_report(report, out, err, sizeof(err));
	cJSON_Delete(report);
	buf_release(&json);
	return rc;
}
