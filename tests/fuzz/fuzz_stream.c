/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_stream — the SSE parser, chat stream reassembly and the Responses
 * event stream on arbitrary bytes. */
#include <stdint.h>
#include <stdlib.h>

#include "chat.h"
#include "http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct http_mark marks[4] = {
		{ size / 4, 0.1 }, { size / 2, 0.2 }, { size - size / 4, 0.3 }, { size, 0.4 }
	};
	struct chat_reply r;
	struct stream_stats st;
	char err[256];

	reply_stream_parse((const char *)data, size, marks, 4, &r, &st, err, sizeof(err));
	reply_release(&r);
	reply_responses_stream_parse((const char *)data, size, marks, 4, &r, &st, err, sizeof(err));
	reply_release(&r);
	return 0;
}
