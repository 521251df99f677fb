/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_conform — every conformance check's judge (and wire.c under it) on
 * arbitrary bytes: as a whole answer, a stream and an error body, alone
 * and as the twin of itself. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "conform.h"
#include "probe.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct probe_set checks;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *root = getenv("PREFLIGHT_ROOT");
	char dir[4096], err[512];

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/probes/conformance", root ? root : ".");
	if (probe_load_dir(dir, &checks, err, sizeof(err))) {
		fprintf(stderr, "fuzz_conform: %s\n", err);
		exit(1);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const long statuses[] = { 200, 404 };
	struct conform_answer a[3];
	enum conform_status st;
	char ev[600];
	size_t i, k, s;

	for (s = 0; s < sizeof(statuses) / sizeof(statuses[0]); s++)
		for (k = 0; k < 2; k++) {
			for (i = 0; i < 3; i++) {
				a[i] = (struct conform_answer){ .label = "plain",
								.stream = k == 1,
								.status = statuses[s],
								.body = (const char *)data,
								.len = size };
				conform_answer_read(&a[i], NULL, 0);
			}
			for (i = 0; i < checks.n; i++) {
				const struct probe *p = checks.items[i];
				struct conform_input one = { p->conform, p->request, a, 1, 7 };
				struct conform_input three = { p->conform, p->request, a, 3, -1 };

				conform_judge(&one, &st, ev, sizeof(ev));
				conform_judge(&three, &st, ev, sizeof(ev));
			}
			for (i = 0; i < 3; i++)
				conform_answer_release(&a[i]);
		}
	return 0;
}
