/* SPDX-License-Identifier: Apache-2.0 */
/* json — the model's JSON form, both ways: the evidence report of a run
 * (schema "preflight-report/v1") or of conform ("preflight-conformance/v1"),
 * written from the model, and the one reader that loads either back into
 * a model for `report`, `diff`, `table` and the CI gate. A report this
 * writer wrote reads back into a model that writes it again byte for byte;
 * reports of earlier versions load too (a member they lack takes its
 * default). The reader trusts nothing in the file: every value is checked
 * for its type and held within range, and a report too large or holding
 * too many items is refused with the reason. Never holds the API key (the
 * writer of the file scrubs it); never prints. */
#ifndef PREFLIGHT_JSON_H
#define PREFLIGHT_JSON_H

#include <stddef.h>

#include "buf.h"
#include "model.h"

#define JSON_REPORT_MAX	   (256u << 20) /* bytes of a report file the reader takes */
#define JSON_ITEMS_MAX	   (1u << 20)	/* items (probes, cells, checks) of a report */
#define JSON_MODEL_FACTOR  2		/* a model's bytes, at most, per byte of its report */
#define JSON_MODEL_FLOOR   (1u << 20)	/* and the bytes any report's model may take */
#define JSON_OUTPUT_FACTOR 16		/* bytes a page, table or diff of reports may take, */
#define JSON_OUTPUT_FLOOR  (4u << 20)	/* per byte of the reports, and at least */

/* The JSON report of m onto out. Returns 0, or -1 when out of memory. */
int json_render(const struct model *m, struct buf *out);

/* The model of the JSON report in the file at path (bounded, FILE:LINE:COL
 * on bad JSON), finished; NULL with the reason in err. */
struct model *json_read_file(const char *path, char *err, size_t errlen);
/* The same from text already read; name is what err calls it. */
struct model *json_read_text(const char *name, const char *text, size_t len, char *err,
			     size_t errlen);

#endif
