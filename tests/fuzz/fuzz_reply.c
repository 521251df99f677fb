/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_reply — reading a chat completion and grading it against every
 * bundled probe, on arbitrary bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "chat.h"
#include "grade.h"
#include "probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct probe_set probes;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *root = getenv("PREFLIGHT_ROOT");
	char dir[4096], err[512];

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/probes", root ? root : ".");
	if (probe_load_dir(dir, &probes, err, sizeof(err))) {
		fprintf(stderr, "fuzz_reply: %s\n", err);
		exit(1);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const allowed[] = { "stop", "tool_calls" };
	static const struct needle_spec spec = {
		.secret = "ZEBRA-42917-QUARTZ", .keys = 3, .values = 2, .queries = 2
	};
	static struct needle_set needles;
	struct grade_policy pol = { .finish_reasons = allowed,
				    .n_finish_reasons = 2,
				    .reasoning = REASONING_ANY,
				    .max_tokens = 256,
				    .window = 8192,
				    .needles = &needles };
	struct chat_reply r;
	struct grade g;
	char err[256];
	size_t i;

	if (!needles.keys)
		needle_set_init(&spec, spec.secret, &needles);
	if (reply_parse((const char *)data, size, &r, err, sizeof(err)) == 0)
		for (i = 0; i < probes.n; i++)
			grade_answer(&probes.items[i]->expect, &pol, &r, NULL, &g);
	reply_release(&r);
	return 0;
}
