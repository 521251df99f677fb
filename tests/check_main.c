/* SPDX-License-Identifier: Apache-2.0 */
/* check_main — the one runner: every module's suite, run in parallel units,
 * then Check's summary line for the whole; exits non-zero when anything
 * failed.
 *
 * A unit is one suite (without its heavy test cases), or one "shard-N" tag:
 * the heavy test cases carry such a tag, so every test case runs exactly
 * once whatever tags exist. Units run in CK_JOBS processes at once (by
 * default one more than the cores: the integration tests wait on sockets),
 * the shards first; each unit's output is kept and printed whole when it
 * ends, so logs never interleave. CK_RUN_SUITE or CK_RUN_CASE, or
 * CK_JOBS=1, runs everything in this process, as Check always did. Under
 * valgrind (CK_FORK=no) each unit is a forked child valgrind follows. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "suites.h"

#define N_SHARDS 10 /* shard-1 ... shard-10: the tags heavy test cases carry */

/* every suite: one per tests/check_NAME.c (suites.inc, made by the
 * Makefile from the file names) */
static Suite *(*const suites[])(void) = {
#define SUITE(name) name##_suite,
#include "suites.inc"
#undef SUITE
};

#define N_SUITES (sizeof(suites) / sizeof(suites[0]))

static SRunner *all_suites(void)
{
	SRunner *sr = srunner_create(NULL);
	size_t i;

	for (i = 0; i < N_SUITES; i++)
		srunner_add_suite(sr, suites[i]());
	return sr;
}

struct counts {
	int run, failed, errors;
};

static void count(SRunner *sr, struct counts *c)
{
	TestResult **results = srunner_results(sr);
	int i, n = srunner_ntests_run(sr);

	c->run = n;
	c->failed = c->errors = 0;
	for (i = 0; results && i < n; i++) {
		if (tr_rtype(results[i]) == CK_FAILURE)
			c->failed++;
		else if (tr_rtype(results[i]) == CK_ERROR)
			c->errors++;
	}
	free(results);
}

static void summary(const struct counts *c)
{
	int passed = c->run - c->failed - c->errors;

	printf("%d%%: Checks: %d, Failures: %d, Errors: %d\n",
	       c->run ? (int)(100.0 * passed / c->run) : 100, c->run, c->failed, c->errors);
}

/* unit k: the shards first (they are the long ones), then each suite
 * without its shards */
static SRunner *unit_run(size_t k)
{
	SRunner *sr;
	char include[16], exclude[16 * N_SHARDS] = "";
	int i;

	for (i = 1; i <= N_SHARDS; i++)
		snprintf(exclude + strlen(exclude), sizeof(exclude) - strlen(exclude), "%sshard-%d",
			 i > 1 ? " " : "", i);
	if (k < N_SHARDS) {
		sr = all_suites();
		snprintf(include, sizeof(include), "shard-%zu", k + 1);
		srunner_run_tagged(sr, NULL, NULL, include, NULL, CK_NORMAL);
	} else {
		sr = srunner_create(suites[k - N_SHARDS]());
		srunner_run_tagged(sr, NULL, NULL, NULL, exclude, CK_NORMAL);
	}
	return sr;
}

struct job {
	pid_t pid;
	size_t unit;
	struct timespec t0;
	FILE *out; /* what the unit printed */
	int pipe;  /* its counts */
};

/* the lines of every unit's output that say a test failed or erred, kept to
 * be said again just above the summary: a log cut to its tail still names
 * them */
static char *recap;
static size_t recap_len;

/* a Check result line, FILE:LINE:F:... or FILE:LINE:E:..., or the runner's
 * own word of a unit that died */
static int is_failure_line(const char *line)
{
	const char *p = strchr(line, ':');

	if (!strncmp(line, "a test unit ", 12))
		return 1;
	if (!p || !(p = strchr(p + 1, ':')))
		return 0;
	return (p[1] == 'F' || p[1] == 'E') && p[2] == ':';
}

static void keep_for_recap(const char *line, size_t n)
{
	char *grown = realloc(recap, recap_len + n + 1);

	if (!grown)
		return;
	recap = grown;
	memcpy(recap + recap_len, line, n);
	recap_len += n;
	recap[recap_len] = '\0';
}

/* starts unit k in a child; its output goes to a temporary file */
static int start(size_t k, struct job *j)
{
	int fds[2];

	j->unit = k;
	clock_gettime(CLOCK_MONOTONIC, &j->t0);
	j->out = tmpfile();
	if (!j->out || pipe(fds))
		return -1;
	fflush(stdout);
	j->pid = fork();
	if (j->pid < 0)
		return -1;
	if (j->pid == 0) {
		SRunner *sr;
		struct counts c;

		close(fds[0]);
		dup2(fileno(j->out), STDOUT_FILENO);
		dup2(fileno(j->out), STDERR_FILENO);
		sr = unit_run(k);
		count(sr, &c);
		srunner_free(sr);
		fflush(stdout);
		if (write(fds[1], &c, sizeof(c)) != (ssize_t)sizeof(c))
			_exit(3);
		close(fds[1]);
		exit(c.failed || c.errors ? 1 : 0); /* exit, so valgrind checks for leaks */
	}
	close(fds[1]);
	j->pipe = fds[0];
	return 0;
}

/* a finished unit: its output printed whole, its counts added */
static void finish(struct job *j, int status, struct counts *total)
{
	struct counts c = { 0, 0, 0 };
	struct timespec t1;
	char *line = NULL, died[160] = "";
	size_t cap = 0;
	ssize_t n;

	if (read(j->pipe, &c, sizeof(c)) != (ssize_t)sizeof(c)) {
		snprintf(died, sizeof(died),
			 "a test unit (%zu) died before its counts (status %d)\n", j->unit + 1,
			 status);
		c.errors = 1;
	} else if (WIFEXITED(status) && WEXITSTATUS(status) > 1) {
		snprintf(died, sizeof(died),
			 "a test unit (%zu) exited %d (valgrind found errors?)\n", j->unit + 1,
			 WEXITSTATUS(status));
		c.errors++;
	}
	close(j->pipe);
	rewind(j->out);
	while ((n = getline(&line, &cap, j->out)) > 0) {
		fwrite(line, 1, (size_t)n, stdout);
		if (is_failure_line(line))
			keep_for_recap(line, (size_t)n);
	}
	free(line);
	fclose(j->out);
	if (*died) {
		fputs(died, stdout);
		keep_for_recap(died, strlen(died));
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("(unit %zu of %d: %.1f s)\n", j->unit + 1, N_SHARDS + (int)N_SUITES,
	       (double)(t1.tv_sec - j->t0.tv_sec) + (double)(t1.tv_nsec - j->t0.tv_nsec) / 1e9);
	fflush(stdout);
	total->run += c.run;
	total->failed += c.failed;
	total->errors += c.errors;
}

/* the CPUs this process may use: its affinity, within a cgroup v2 quota
 * (a container sees the host's cores but gets cpu.max's share of them) */
static int usable_cpus(void)
{
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	FILE *f;

	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		n = CPU_COUNT(&set);
	f = fopen("/sys/fs/cgroup/cpu.max", "r");
	if (f) {
		long quota, period;

		if (fscanf(f, "%ld %ld", &quota, &period) == 2 && quota > 0 && period > 0 &&
		    (quota + period - 1) / period < n)
			n = (quota + period - 1) / period;
		fclose(f);
	}
	return n > 0 ? (int)n : 1;
}

static int jobs(void)
{
	const char *v = getenv("CK_JOBS");

	if (v && *v)
		return atoi(v) > 0 ? atoi(v) : 1;
	return usable_cpus() + 1;
}

static int run_parallel(int n_jobs)
{
	struct job running[64];
	struct counts total = { 0, 0, 0 };
	size_t next = 0, units = N_SHARDS + N_SUITES;
	int active = 0, i;

	if (n_jobs > 64)
		n_jobs = 64;
	printf("Running %zu units in %d processes\n", units, n_jobs);
	while (next < units || active) {
		int status;
		pid_t pid;

		while (active < n_jobs && next < units) {
			if (start(next++, &running[active])) {
				perror("check_main: cannot start a unit");
				return EXIT_FAILURE;
			}
			active++;
		}
		pid = wait(&status);
		if (pid < 0 && errno == EINTR)
			continue;
		for (i = 0; i < active && running[i].pid != pid; i++)
			;
		if (i == active)
			continue;
		finish(&running[i], status, &total);
		running[i] = running[--active];
	}
	if (recap_len) {
		printf("--- what failed, again (each unit's whole output is above) ---\n%s", recap);
		free(recap);
	}
	summary(&total);
	return total.failed || total.errors ? EXIT_FAILURE : EXIT_SUCCESS;
}

int main(void)
{
	SRunner *sr;
	int failed, n_jobs = jobs();

	if (n_jobs > 1 && !getenv("CK_RUN_SUITE") && !getenv("CK_RUN_CASE"))
		return run_parallel(n_jobs);
	sr = all_suites();
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
