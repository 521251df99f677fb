/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_behave — compare --dataset on arbitrary bytes: the input split at
 * its first NUL (else in halves) read as a dataset line and as the reply
 * to it, the reply read as behaviour, and two answers summarised. Whatever
 * the bytes: no crash, a request only with messages that all have roles,
 * every count within the requests, every share in [0, 1] or undefined. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "behave.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_request(const cJSON *req)
{
	const cJSON *m;

	if (!cJSON_IsArray(cJSON_GetObjectItem(req, "messages")))
		abort();
	cJSON_ArrayForEach(m, cJSON_GetObjectItem(req, "messages"))
	{
		const char *role = cJSON_GetStringValue(cJSON_GetObjectItem(m, "role"));

		if (!role || !strcmp(role, "_input"))
			abort();
	}
	if (cJSON_GetObjectItem(req, "model") || cJSON_GetObjectItem(req, "stream"))
		abort();
}

static void check_share(double v)
{
	if (v != -1 && (v < 0 || v > 1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	size_t split = nul ? (size_t)(nul - text) : size / 2, rest = size - split - (nul != NULL);
	struct behave_answer a[2];
	struct behave_summary s;
	char err[256];
	cJSON *req = behave_request(text, split, err, sizeof(err));

	if (!req)
		req = cJSON_CreateObject();
	else
		check_request(req);
	memset(a, 0, sizeof(a));
	(void)behave_read(req, text + size - rest, rest, &a[0], err, sizeof(err));
	(void)behave_read(req, text, split, &a[1], err, sizeof(err));
	if (a[0].args_valid < -1 || a[0].args_valid > 1 || a[0].finish >= BEHAVE_FINISH_N)
		abort();
	behave_summarise(a, a + 1, 1, 1, 20, 0.05, &s);
	if (s.n > 1 || s.tp + s.fp + s.fn + s.tn != s.n || s.exact > s.n || s.same_tool > s.n)
		abort();
	check_share(s.precision);
	check_share(s.recall);
	check_share(s.f1);
	if (s.f1_defined && (s.f1_ci.low < 0 || s.f1_ci.high > 1 || s.f1_ci.low > s.f1_ci.high))
		abort();
	cJSON_Delete(req);
	return 0;
}
