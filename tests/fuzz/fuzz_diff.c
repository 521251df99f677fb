/* fuzz_diff — the gate on arbitrary pairs of reports (the input split at
 * its first NUL): whatever they hold, diff never crashes, counts every
 * regression it lists, and renders both ways. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t first = nul ? (size_t)(nul - data) : size;
	cJSON *a = cJSON_ParseWithLength((const char *)data, first);
	cJSON *b = nul ? cJSON_ParseWithLength((const char *)nul + 1, size - first - 1) : NULL;
	struct diff_limits l;
	struct buf out = BUF_INIT(0);
	struct diff d;
	char err[256];

	diff_limits_default(&l);
	if (a && b && diff_reports(a, b, &l, &d, err, sizeof(err)) == 0) {
		int regressions = 0;
		size_t i;

		for (i = 0; i < d.n; i++)
			regressions += d.items[i].kind == DIFF_REGRESSION;
		if (regressions != d.regressions || diff_console(&d, &out) ||
		    diff_markdown(&d, &out))
			abort();
		diff_release(&d);
	} else if (a && b) {
		diff_release(&d);
	}
	cJSON_Delete(a);
	cJSON_Delete(b);
	buf_release(&out);
	return 0;
}
