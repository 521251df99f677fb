/* SPDX-License-Identifier: Apache-2.0 */
/* testutil — helpers for the integration suites: start the fake endpoint
 * on port 0, run the real ./preflight binary, read what it wrote. */
#ifndef PREFLIGHT_TESTUTIL_H
#define PREFLIGHT_TESTUTIL_H

#include <stdbool.h>
#include <sys/types.h>

#include <cjson/cJSON.h>

#include "schema.h"

struct fake {
	pid_t pid;
	unsigned port;
	char url[64]; /* http://127.0.0.1:PORT/v1 */
};

struct outcome {
	int code;	 /* exit status, 128+N for a signal */
	char *out, *err; /* owned: stdout and stderr */
	char dir[64];	 /* temp folder holding the reports */
	bool has_stdin;	 /* the program reads stdin_fd (else the runner's stdin) */
	int stdin_fd;
};

/* The repository root ($PREFLIGHT_ROOT or "."). */
const char *repo_root(void);
/* Starts fixtures/fake-endpoint with fixtures/scenarios/NAME.json. */
void fake_start(struct fake *f, const char *scenario);
/* The same with a scenario file anywhere. */
void fake_start_file(struct fake *f, const char *path);
void fake_stop(struct fake *f);
/* GET /fake/stats: chat requests seen and most in flight at once. */
void fake_stats(const struct fake *f, long *requests, long *max_in_flight);
/* One figure of GET /fake/stats ("held_in_flight", "held_batches", ...). */
long fake_stat(const struct fake *f, const char *key);
/* The same, plus requests that carried chat_template_kwargs.enable_thinking=false. */
void fake_stats_thinking(const struct fake *f, long *requests, long *max_in_flight,
			 long *thinking_off);

/* Runs ./preflight with argv (NULL-terminated) and extra environment
 * assignments (NULL-terminated, may be NULL), in a fresh temp folder as
 * the working directory. */
void run_preflight(struct outcome *o, const char *const *env, const char *const *argv);
/* The same for another program of the repository (a path below the root). */
void run_program(struct outcome *o, const char *const *env, const char *program,
		 const char *const *argv);
/* Starts a program without waiting; outcome_wait collects it. */
pid_t start_program(struct outcome *o, const char *const *env, const char *program,
		    const char *const *argv);
void outcome_wait(struct outcome *o, pid_t pid);
/* What a program that ended with status left: its exit (128+N for a
 * signal), stdout and stderr. */
void outcome_collect(struct outcome *o, int status);
/* Makes o's temp folder now, so a test can put files there before the
 * run (run_preflight then uses it as the working directory). */
void outcome_mkdir(struct outcome *o);
/* Runs ./preflight again in o's folder (from outcome_mkdir or an earlier
 * run), keeping the files there; replaces o's stdout and stderr. */
void run_preflight_in(struct outcome *o, const char *const *env, const char *const *argv);
/* Starts ./preflight in o's folder without waiting (o->has_stdin: with
 * o->stdin_fd as its stdin); outcome_wait collects it. */
pid_t start_preflight_in(struct outcome *o, const char *const *env, const char *const *argv);
/* Runs a bash script in o's folder (from outcome_mkdir or an earlier run)
 * with $PF set to the preflight command (under valgrind with make check
 * VALGRIND=1). */
void run_shell(struct outcome *o, const char *const *env, const char *script);
void outcome_release(struct outcome *o);
/* Reads the file at path (at most 256 MiB); caller frees. NULL when it
 * cannot be read. */
char *read_text_file(const char *path);
/* Loads the bundled engine-log rules (probes/engine/rules.json) into rs
 * (the test fails when they do not load); log_rules_release frees. */
struct log_rules;
void bundled_rules(struct log_rules *rs);
/* The same with no literal index: every rule and marker tried on every
 * line (what the literals spare a line must change nothing). */
void unindexed_rules(struct log_rules *rs);
/* The model of a made-up JSON report (the test fails when it does not
 * read). Caller frees with model_free. */
struct model;
struct model *model_of(const char *json);
/* A JSON Schema of defs $defs, each an anyOf of fanout $refs to the next,
 * the last {"type":"integer"}: fanout^(defs-1) evaluations for anything
 * that is not an integer, under the depth limit (the audit's M3). Caller
 * frees. */
char *fanout_schema(int defs, int fanout);
/* Writes text to path (atomically); true when written. */
bool write_text_file(const char *path, const char *text);
/* Reads dir/name; caller frees. NULL when absent. */
char *read_report(const struct outcome *o, const char *name);
cJSON *read_json_report(const struct outcome *o, const char *name);
/* Every check of a conform report has status (the test fails naming the
 * first that has not); returns how many checks there are. */
int checks_all(const cJSON *report, const char *status);
/* Runs preflight with argv in o's folder (outcome_mkdir made it) against
 * the fake playing fixtures/scenarios/SCENARIO.json, an argument "{url}"
 * standing for the fake's base URL; o->code, o->out, o->err as it ended. */
void run_against(struct outcome *o, const char *scenario, const char *const *argv);
/* Runs `preflight COMMAND --endpoint URL [--checks CHECKS] --json r.json`
 * against fixtures/scenarios/SCENARIO.json into a fresh o, and returns the
 * JSON report read back (caller deletes; o's exit code is o->code). */
cJSON *report_against(struct outcome *o, const char *scenario, const char *command,
		      const char *checks);
/* doc validates against the published schema its "schema" member names
 * (reports/schemas/): the test fails with the validator's reason if not. */
/* doc against reports/schemas/FILE.schema.json ("report"), the published
 * schemas loaded together so a $ref between them resolves */
enum schema_result report_schema_validate(const char *file, const cJSON *doc, char *err,
					  size_t errlen);
void assert_schema_valid(const cJSON *doc, const char *what);
/* The verdict and cause of probe id in a parsed JSON report. */
const char *report_verdict(const cJSON *report, const char *id);
const char *report_cause(const cJSON *report, const char *id);
/* Validates a JUnit file with xmllint against tests/data/junit-10.xsd.
 * Returns 1 valid, 0 invalid, -1 skipped (no xmllint; make
 * check says so once). */
int junit_validate(const char *path);

/* "name:kind:type" per testcase of a JUnit text, one a line; caller frees. */
char *junit_outcomes(const char *xml);
/* "id=verdict:cause" per probe of a JSON report, one a line; caller frees. */
char *report_outcomes(const cJSON *report);

#endif
