/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_notebook — the marked-block rewrite on arbitrary notebooks: it
 * either refuses with a reason or gives a notebook that a second update
 * leaves byte-identical (what --check relies on). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *table = "| model | notes |\n|---|---|\n| m | preflight 4/4 |\n";
	struct buf once = BUF_INIT(0), twice = BUF_INIT(0);
	char err[512];
	bool stale;

	if (table_splice((const char *)data, size, table, &once, &stale, err, sizeof(err)) == 0) {
		if (table_splice(once.data, once.len, table, &twice, &stale, err, sizeof(err)) ||
		    stale || twice.len != once.len || memcmp(twice.data, once.data, once.len))
			abort(); /* a second update must change nothing */
	}
	buf_release(&once);
	buf_release(&twice);
	return 0;
}
