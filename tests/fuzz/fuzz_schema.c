/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_schema — the JSON Schema subset with $ref graphs across files. The
 * input is NUL-separated: a schema, an instance, then up to three more
 * documents, a schema_set's "a.json", "b.json" and "c.json", which the
 * schema's and each other's "$ref"s may name ("b.json#/$defs/x"), cycles
 * and fan-outs included. Whatever they hold, nothing crashes, every
 * validation ends within its step budget (the fuzzer's -timeout is the
 * judge of that), the result is one of enum schema_result, and it is the
 * same when asked twice. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "schema.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PARTS 5 /* schema, instance, a.json, b.json, c.json */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "a.json", "b.json", "c.json" };
	const char *text = (const char *)data, *end = text + size;
	cJSON *part[PARTS] = { 0 };
	const cJSON *docs[PARTS - 2];
	struct schema_set set = { names, docs, 0 };
	volatile sig_atomic_t cancel = 0;
	const struct schema_options o = { .set = &set, .cancel = &cancel };
	char err[256], again[256];
	size_t n = 0, i;

	while (n < PARTS && text <= end) {
		const char *nul = memchr(text, '\0', (size_t)(end - text));
		size_t len = nul ? (size_t)(nul - text) : (size_t)(end - text);

		part[n++] = cJSON_ParseWithLength(text, len);
		text += len + 1;
	}
	for (i = 2; i < n && part[i]; i++)
		docs[set.n++] = part[i];
	if (part[0]) {
		schema_check(part[0], err, sizeof(err));
		if (part[1]) {
			enum schema_result r =
				schema_validate_with(&o, part[0], part[1], err, sizeof(err));

			if (r < SCHEMA_CANCELLED || r > SCHEMA_VALID || r == SCHEMA_CANCELLED ||
			    schema_validate_with(&o, part[0], part[1], again, sizeof(again)) != r ||
			    (r != SCHEMA_VALID && strcmp(err, again)))
				abort();
			if (!set.n && schema_validate(part[0], part[1], again, sizeof(again)) != r)
				abort();
		}
	}
	for (i = 0; i < n; i++)
		cJSON_Delete(part[i]);
	return 0;
}
