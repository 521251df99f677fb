/* SPDX-License-Identifier: Apache-2.0 */
/* matrix — the engine x check conformance matrix, from the JSON reports
 * of preflight conform (schema preflight-conformance/v1).
 *
 * A row per check, grouped by area in the order the conform reports show
 * them; a column per recipe, else per engine, model and endpoint (the
 * newest report of a column wins, as in the results table), headed by the
 * recipe's name or the engine and model (and the endpoint where two would
 * read alike); each report read through the one reader (json.h); cells ✅
 * honoured, ➖ ignored, ⛔ rejected, ❌ broken, · skipped, — not run. The
 * notebook keeps it between its own markers (table.h). Never prints. */
#ifndef PREFLIGHT_MATRIX_H
#define PREFLIGHT_MATRIX_H

#include "buf.h"

#define MATRIX_MAX_COLUMNS 64
#define MATRIX_MAX_ROWS	   1024

/* Renders the matrix of the reports at paths into out. Returns 0, or -1
 * with "REPORT: reason" in err. */
int matrix_render(const char *const *paths, int n, struct buf *out, char *err, size_t errlen);

#endif
