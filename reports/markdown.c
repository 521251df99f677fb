/* SPDX-License-Identifier: Apache-2.0 */
/* markdown — the notebook row for this run: the same table `preflight
 * table` builds, from the same model, so the two never disagree; for
 * preflight conform, its check x status matrix (conformance.c). */
#include "model.h"
#include "render.h"
#include "table.h"

int report_markdown_render(const struct model *m, struct buf *out)
{
	char err[256];

	if (m->kind == MODEL_CONFORM)
		return conformance_markdown_render(m, out);
	return table_render_model(m, out, err, sizeof(err));
}
