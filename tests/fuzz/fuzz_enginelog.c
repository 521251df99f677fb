/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_enginelog — the bundled failure signatures on arbitrary logs, fed
 * in two pieces split where the first byte says: nothing crashes, the
 * matches kept stay within bounds, each names a line that was read, and
 * the split never changes what is found. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enginelog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct log_rules rules;

static void load(void)
{
	const char *root = getenv("PREFLIGHT_ROOT");
	char path[4096], err[512];

	snprintf(path, sizeof(path), "%s/probes/engine/rules.json", root ? root : ".");
	if (log_rules_load(&rules, path, err, sizeof(err)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct enginelog whole, split;
	size_t cut = size ? data[0] % (size + 1) : 0, i;
	bool exited = size && (data[0] & 1); /* the process known to have ended, or not */

	if (!rules.n)
		load();
	enginelog_init(&whole, &rules, ENGINE_UNKNOWN);
	if (exited)
		enginelog_exited(&whole);
	enginelog_feed(&whole, (const char *)data, size);
	enginelog_finish(&whole);
	enginelog_init(&split, &rules, ENGINE_UNKNOWN);
	if (exited)
		enginelog_exited(&split);
	enginelog_feed(&split, (const char *)data, cut);
	enginelog_feed(&split, (const char *)data + cut, size - cut);
	enginelog_finish(&split);
	if (whole.n_matches > ENGINELOG_MAX_MATCHES || whole.n_matches != split.n_matches ||
	    whole.lines != split.lines || whole.fatal != split.fatal)
		abort();
	for (i = 0; i < whole.n_matches; i++)
		if (whole.matches[i].line < 1 || whole.matches[i].line > whole.lines ||
		    whole.matches[i].rule != split.matches[i].rule)
			abort();
	enginelog_release(&whole);
	enginelog_release(&split);
	return 0;
}
