/* fuzz_schema — the JSON Schema subset: the input is a schema, a NUL byte,
 * and an instance. */
#include <stdint.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "schema.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	size_t slen = nul ? (size_t)(nul - text) : size;
	cJSON *schema = cJSON_ParseWithLength(text, slen);
	cJSON *inst = nul ? cJSON_ParseWithLength(nul + 1, size - slen - 1) : NULL;
	char err[256];

	if (schema) {
		schema_check(schema, err, sizeof(err));
		if (inst)
			schema_validate(schema, inst, err, sizeof(err));
	}
	cJSON_Delete(schema);
	cJSON_Delete(inst);
	return 0;
}
