/* commands — the bodies of preflight's sub-commands; main dispatches.
 *
 * Each returns the process's exit code: 0 all passed, 1 a probe failed
 * (or a stale table), 2 usage or configuration error (only before any
 * request), 3 the endpoint could not be used, 4 a report could not be
 * written at the end, 128+N when signal N stopped the run. They print
 * only through say.h, and write reports before the console. */
#ifndef PREFLIGHT_COMMANDS_H
#define PREFLIGHT_COMMANDS_H

#include <signal.h>

#include "config.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_UNUSABLE = 3, EXIT_WRITE = 4 };

/* stop: set by main's signal handler (the signal's number), read here */
int cmd_run(const struct config *c, const volatile sig_atomic_t *stop);
/* the conformance checks of probes/conformance/ (or --probes DIR) */
int cmd_conform(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_replay(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_list(const struct config *c);
int cmd_validate(const struct config *c);
int cmd_table(const struct config *c);
/* report REPORT.json... --html FILE --svg FILE: the page and the map */
int cmd_report(const struct config *c);

/* The probe folder: --probes, else $PREFLIGHT_PROBES, else probes/ beside
 * the binary, else the installed copy. buf holds the path when built. */
const char *commands_probe_dir(const struct config *c, char *buf, size_t n);

#endif
