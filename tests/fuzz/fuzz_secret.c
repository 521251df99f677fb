/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_secret — the key scrubber on arbitrary keys and texts: the first
 * line is the key, the rest what an endpoint sent back. Masking a stream
 * never changes its length; scrubbing removes every plain echo. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secret.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t klen = nl ? (size_t)(nl - data) : size, i;
	struct secret s;
	struct buf b = BUF_INIT(0);
	char *key, why[128];
	bool alnum = true;

	if (klen > 256)
		return 0;
	key = malloc(klen + 1);
	memcpy(key, data, klen);
	key[klen] = '\0';
	for (i = 0; i < klen; i++)
		alnum = alnum &&
			((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= '0' && key[i] <= '9'));
	if (strlen(key) == klen && secret_check(key, why, sizeof(why)) == 0 &&
	    secret_init(&s, key) == 0) {
		const char *text = nl ? (const char *)nl + 1 : "";
		size_t tlen = nl ? size - klen - 1 : 0;

		if (!buf_append(&b, text, tlen) && !buf_append(&b, "", 0)) {
			size_t before = b.len;

			if (secret_mask_fragments(&s, &b) == 0 && b.len != before)
				abort();
			/* lower-case keys share no letter with the mark: none survives */
			if (secret_scrub(&s, &b) == 0 && alnum && b.data && strstr(b.data, key) &&
			    klen >= SECRET_MIN_LEN && !memchr(b.data, 0, b.len))
				abort();
		}
		secret_release(&s);
	}
	buf_release(&b);
	free(key);
	return 0;
}
