/* SPDX-License-Identifier: Apache-2.0 */
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
#include <sys/types.h>

#include "config.h"
#include "enginelog.h"
#include "follow.h"
#include "recording.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_UNUSABLE = 3, EXIT_WRITE = 4 };

/* stop: set by main's signal handler (the signal's number), read here */
int cmd_run(const struct config *c, const volatile sig_atomic_t *stop);
/* the conformance checks of probes/conformance/ (or --probes DIR) */
int cmd_conform(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_replay(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_list(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_validate(const struct config *c, const volatile sig_atomic_t *stop);
int cmd_table(const struct config *c, const volatile sig_atomic_t *stop);
/* report REPORT.json... --html FILE --svg FILE: the page and the map */
int cmd_report(const struct config *c, const volatile sig_atomic_t *stop);
/* doctor LOG...: exit 1 when a fatal signature matched, 0 when none did */
int cmd_doctor(const struct config *c, const volatile sig_atomic_t *stop);
/* The rules: --engine-rules FILE, then the bundled probes/engine/rules.json
 * (rs released by the caller). Returns 0, or -1 when one cannot be read
 * (said). */
int commands_engine_rules(const struct config *c, struct log_rules *rs);

/* --engine-log as run and conform follow it (cmd_engine.c): the rules, the
 * log read so far, the file (opened when it appears; "-" is stdin). The
 * poll and explain functions are the runner's engine hooks. */
struct engine_watch {
	struct log_rules rules;
	struct enginelog log;
	const char *path;
	struct follow follow;
	bool active;
	long pid;			   /* --engine-pid: the engine's process, 0 unknown */
	bool pid_gone;			   /* that process was seen to end */
	const volatile sig_atomic_t *stop; /* the run's signal flag */
};
struct run_result;
/* Returns 0 (nothing to watch without --engine-log), or -1 when the rules
 * cannot be read (said). A look at the log never takes longer than a
 * moment however fast it grows, and none outlasts stop; stdin's flags are
 * never changed. The poll says the engine will never serve when a rule
 * names a fatal cause or --engine-pid's process has ended (then the log
 * is read as its death: enginelog_exited). */
int engine_watch_open(struct engine_watch *w, const struct config *c,
		      const volatile sig_atomic_t *stop);
bool engine_watch_poll(void *ctx);
bool engine_watch_explain(void *ctx, struct run_result *r);
void engine_watch_close(struct engine_watch *w);

/* Every output a command writes (its reports, --record) can be written,
 * no two name the same file, none is the recording being replayed
 * (input, or NULL), and --markdown is not a notebook. Checked before any
 * request. Returns 0, or -1 with the reason. */
int commands_check_outputs(const struct config *c, const char *input, char *err, size_t errlen);

/* A recording's header as c's command starts it: the command, the
 * options a recording keeps, the recipe (all borrowed from c: free only
 * h->args). Returns 0, or -1 when out of memory. */
int commands_header_start(const struct config *c, struct recording_header *h);

/* compare --reference URL --endpoint URL: exit 0 same, 1 drifted (or
 * inconclusive without --allow-inconclusive), 3 a side unusable */
int cmd_compare(const struct config *c, const volatile sig_atomic_t *stop);
/* The comparison a recording holds (h its header: the prompts and
 * dataset whole, c its options and this command's outputs), every answer
 * from rec; nothing is sent. */
int compare_replay(const struct config *c, const volatile sig_atomic_t *stop, struct recording *rec,
		   const struct recording_header *h, const char *input);
/* diff of two compare --json reports (cmd_diff asks first): exit 1 when
 * the new one regressed (its verdict worse, its KL more than doubled, its
 * top-1 a point lower), 0 when not, 2 when only one of base and now is a
 * comparison (or one of them cannot be read and the other is);
 * COMPARE_NOT_COMPARISONS, saying nothing, when neither is one */
#define COMPARE_NOT_COMPARISONS (-1)
int compare_diff(const struct config *c, const char *base, const char *now);

/* diff BASE.json NEW.json: exit 1 on a regression, 0 without */
int cmd_diff(const struct config *c, const volatile sig_atomic_t *stop);

/* The gate of diff and run --baseline: the diff of now against base under
 * spec (--max-regression) on stdout (stderr when a report holds stdout;
 * not at all when quiet), as annotations and in the job summary under
 * GitHub Actions, as markdown into the file markdown when given.
 * The diff's text is held to out_max bytes (0: unbounded).
 * Returns EXIT_FAILED on a regression, EXIT_PASS without, EXIT_USAGE on a
 * bad spec, reports of two kinds or a diff past out_max, EXIT_WRITE when
 * the markdown could not be written. */
struct model;
int commands_gate(const struct model *base, const struct model *now, const char *spec,
		  const char *markdown, bool quiet, size_t out_max);

/* A finished run's report for the CI it runs in: an annotation per
 * failure (GitHub Actions), and the results table in the job summary. */
void commands_ci_report(const struct model *m);

/* The probe folder: --probes, else $PREFLIGHT_PROBES, else probes/ beside
 * the binary, else the installed copy. buf holds the path when built. */
const char *commands_probe_dir(const struct config *c, char *buf, size_t n);

#endif
