/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_diff — the gate on arbitrary pairs of reports (the input split at
 * its first NUL): whatever they hold, diff never crashes, counts every
 * regression it lists, and renders both ways. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t first = nul ? (size_t)(nul - data) : size;
	char *text = malloc(size + 1), err[256];
	struct model *a = NULL, *b = NULL;
	struct diff_limits l;
	struct buf out = BUF_INIT(0);
	struct diff d;

	if (!text)
		return 0;
	memcpy(text, data, size); /* the NUL splits it in two */
	text[size] = '\0';
	a = json_read_text("a", text, first, err, sizeof(err));
	b = nul ? json_read_text("b", text + first + 1, size - first - 1, err, sizeof(err)) : NULL;

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
	model_free(a);
	model_free(b);
	free(text);
	buf_release(&out);
	return 0;
}
