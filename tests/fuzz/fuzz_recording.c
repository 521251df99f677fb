/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_recording — the replay reader on arbitrary files (plain or gzip),
 * then a replayed request answered from whatever it accepted. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "http.h"
#include "recording.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("recording", MFD_CLOEXEC);
	char path[64], err[512];
	struct recording *r;

	if (fd < 0)
		return 0;
	if (write(fd, data, size) == (ssize_t)size) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		r = recording_open(path, 4u << 20, 1u << 20, err, sizeof(err));
		if (r) {
			struct http_tap tap;
			struct http_exchange x = { 0 };

			recording_replay_tap(r, &tap);
			x.url = "http://127.0.0.1:1/v1/models";
			tap.answer(tap.ctx, &x);
			http_exchange_release(&x);
			x.url = "http://127.0.0.1:1/v1/chat/completions";
			x.body = "{}";
			tap.answer(tap.ctx, &x);
			http_exchange_release(&x);
			recording_free(r);
		}
	}
	close(fd);
	return 0;
}
