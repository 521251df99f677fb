/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_files — the probe and recipe loaders on arbitrary file contents. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"
#include "recipe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[512];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0'; /* files are read NUL-terminated */
	probe_free(probe_load_text("fuzz.json", text, size, err, sizeof(err)));
	recipe_free(recipe_load_text("fuzz.json", text, size, err, sizeof(err)));
	free(text);
	return 0;
}
