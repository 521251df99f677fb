/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_apierror — error bodies: both envelopes, every overflow wording. */
#include <stdint.h>

#include "apierror.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct api_error e;

	apierror_parse((const char *)data, size, &e);
	apierror_release(&e);
	return 0;
}
