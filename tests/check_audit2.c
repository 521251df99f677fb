/* SPDX-License-Identifier: Apache-2.0 */
/* check_audit2 — the second hostile audit's reproductions
 * (research/reliability-audit-2.md), one test named after each finding,
 * each trying the finding's class with inputs beyond the write-up's.
 * Run against another build with PREFLIGHT_BIN=/abs/path/preflight (a
 * worktree build of an older commit) to see them fail there. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "reportgen.h"
#include "secret.h"
#include "suites.h"
#include "testutil.h"

/* a key with '/', '+' and '=': each encoding writes it differently */
#define KEY "sk-LEAKTEST/key+0123456789abcdef="

/* o's folder/name holds text */
static void put_file(const struct outcome *o, const char *name, const char *text)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/%s", o->dir, name);
	ck_assert_msg(write_text_file(path, text), "cannot write %s", path);
}

/* the key, in any form the scrubber knows, is in none of o's outputs nor
 * in the files named (read from o's folder) */
static void key_nowhere(const struct outcome *o, const char *what, const char *const *files)
{
	struct secret s;
	size_t i;

	ck_assert_int_eq(secret_init(&s, KEY), 0);
	ck_assert_msg(!secret_found(&s, o->out, strlen(o->out)), "%s: key in stdout:\n%s", what,
		      o->out);
	ck_assert_msg(!secret_found(&s, o->err, strlen(o->err)), "%s: key in stderr:\n%s", what,
		      o->err);
	for (i = 0; files[i]; i++) {
		char *text = read_report(o, files[i]);

		ck_assert_msg(text != NULL, "%s: %s was not written", what, files[i]);
		ck_assert_msg(!secret_found(&s, text, strlen(text)), "%s: key in %s", what,
			      files[i]);
		free(text);
	}
	secret_release(&s);
}

static const char *const echo_forms[] = { "raw",     "json-slash", "json-unicode", "double-escaped",
					  "percent", "base64",	   "base64url" };

/* H1: the key, in each encoding the scrubber knows, echoed by the server
 * in an error body, a model id, an answer and a stream, reaches none of
 * stdout, stderr, the job summary, the annotations, the --baseline diff,
 * the metrics, HTML, SVG, JUnit, JSON, markdown or the recording */
START_TEST(h1_key_in_every_ci_output)
{
	static const char *const files[] = { "r.json",	   "r.xml",   "r.md",
					     "r.html",	   "r.svg",   "r.metrics",
					     "summary.md", "r.jsonl", NULL };
	const char *env[] = { "OPENAI_API_KEY=" KEY, "GITHUB_ACTIONS=true", NULL, NULL };
	const char *argv[] = { "run",	     "--endpoint", NULL,	"--model",   "fake-model",
			       "--checks",   "smoke,json", "--json",	"r.json",    "--junit",
			       "r.xml",	     "--markdown", "r.md",	"--html",    "r.html",
			       "--svg",	     "r.svg",	   "--metrics", "r.metrics", "--record",
			       "r.jsonl.gz", NULL,	   NULL,	NULL,	     NULL };
	static const char *const kinds[] = { "refused", "served", "streamed" };
	char scenario[512], summary[4200];
	size_t k;

	for (k = 0; k < 3; k++) {
		struct outcome o;
		struct fake f;
		char path[4200], what[96];
		int n = 21;

		outcome_mkdir(&o);
		snprintf(scenario, sizeof(scenario),
			 k == 0 ? "{\"api_key\": \"sk-the-right-one-0000\", \"wrong\": "
				  "[\"echo-auth\"], "
				  "\"echo_as\": \"%s\"}"
				: "{\"wrong\": [\"echo-auth-answer\", \"echo-auth-model\"], "
				  "\"echo_as\": \"%s\"}",
			 echo_forms[_i]);
		put_file(&o, "s.json", scenario);
		snprintf(path, sizeof(path), "%s/s.json", o.dir);
		fake_start_file(&f, path);
		snprintf(summary, sizeof(summary), "GITHUB_STEP_SUMMARY=%s/summary.md", o.dir);
		env[2] = summary;
		argv[2] = f.url;
		if (k == 2)
			argv[n++] = "--stream";
		run_preflight_in(&o, env, argv);
		/* again, gated on the first run's report: the diff is printed too */
		if (k > 0) {
			char *base = read_report(&o, "r.json");

			ck_assert_ptr_nonnull(base);
			put_file(&o, "base.json", base);
			free(base);
			argv[n++] = "--baseline";
			argv[n++] = "base.json";
			run_preflight_in(&o, env, argv);
		}
		argv[21] = argv[22] = argv[23] = NULL;
		fake_stop(&f);
		snprintf(what, sizeof(what), "%s, %s", echo_forms[_i], kinds[k]);
		ck_assert_msg(o.code == (k == 0 ? 3 : 1) || (k > 0 && o.code == 0),
			      "%s: exit %d\n%s", what, o.code, o.err);
		snprintf(path, sizeof(path), "cd '%s' && zcat r.jsonl.gz > r.jsonl", o.dir);
		ck_assert_int_eq(system(path), 0);
		key_nowhere(&o, what, files);
		outcome_release(&o);
	}
}
END_TEST

/* --- M1, L7: an engine log on stdin that never stops ------------------------- */

/* a chatty engine: lines into fd until nobody reads them, pace_us apart
 * (0: as fast as the pipe takes them, like yes) */
static pid_t endless_writer(int fd, useconds_t pace_us)
{
	static const char line[] = "INFO 12-02 05:00:00 engine.py:310] still loading\n";
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		signal(SIGPIPE, SIG_DFL);
		for (;;) {
			if (write(fd, line, sizeof(line) - 1) < 0)
				_exit(0);
			if (pace_us)
				usleep(pace_us); /* the engine's pace, not synchronisation */
		}
	}
	return pid;
}

/* waits for pid to end, at most limit_s (polling its state, bounded):
 * false, after SIGKILL, when it did not end */
static bool ends_within(struct outcome *o, pid_t pid, int limit_s)
{
	int k, st;

	for (k = 0; k < limit_s * 50; k++) {
		pid_t got = waitpid(pid, &st, WNOHANG);

		if (got == pid) {
			outcome_collect(o, st);
			return true;
		}
		usleep(20 * 1000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return false;
}

/* waits (bounded) until o's stderr holds text */
static bool says(const struct outcome *o, const char *text)
{
	char path[128];
	int k;

	snprintf(path, sizeof(path), "%s/stderr", o->dir);
	for (k = 0; k < 1500; k++) {
		char *err = read_text_file(path);
		bool found = err && strstr(err, text);

		free(err);
		if (found)
			return true;
		usleep(20 * 1000);
	}
	return false;
}

struct piped_run {
	struct outcome o;
	struct fake f;
	pid_t writer, pf;
	int keep; /* the pipe's read end, kept to look at its flags after */
};

/* preflight run against scenario (a file of fixtures/scenarios, or JSON
 * text when it starts with '{') with an endless engine log on stdin */
static void start_piped(struct piped_run *r, const char *scenario, useconds_t pace_us,
			const char *const *extra)
{
	const char *argv[24] = { "run",		 "--endpoint", NULL,	 "--checks", "smoke",
				 "--engine-log", "-",	       "--json", "r.json" };
	int fds[2], n = 9, i;

	outcome_mkdir(&r->o);
	if (scenario[0] == '{') {
		char path[4200];

		put_file(&r->o, "s.json", scenario);
		snprintf(path, sizeof(path), "%s/s.json", r->o.dir);
		fake_start_file(&r->f, path);
	} else {
		fake_start(&r->f, scenario);
	}
	argv[2] = r->f.url;
	for (i = 0; extra && extra[i] && n < 23; i++)
		argv[n++] = extra[i];
	ck_assert_int_eq(pipe(fds), 0);
	r->writer = endless_writer(fds[1], pace_us);
	close(fds[1]);
	r->keep = dup(fds[0]);
	r->o.has_stdin = true;
	r->o.stdin_fd = fds[0];
	r->pf = start_preflight_in(&r->o, NULL, argv);
	close(fds[0]);
}

/* the run is over: the writer stopped, stdin's flags as they were */
static void end_piped(struct piped_run *r)
{
	int st, flags = fcntl(r->keep, F_GETFL);

	kill(r->writer, SIGKILL);
	waitpid(r->writer, &st, 0);
	fake_stop(&r->f);
	ck_assert_msg(flags >= 0 && !(flags & O_NONBLOCK),
		      "L7: stdin was left non-blocking (flags %#x)", flags);
	close(r->keep);
	outcome_release(&r->o);
}

/* M1: a log that never ends keeps no run past its probes (a paced engine,
 * a healthy endpoint) nor past --wait (a yes-fast engine, an endpoint that
 * never finishes loading); every report is written */
START_TEST(m1_endless_engine_log)
{
	static const char *const wait2[] = { "--wait", "2", NULL };
	struct piped_run r;
	cJSON *rep;
	bool ended;

	if (_i == 0)
		start_piped(&r, "healthy", 100 * 1000, NULL);
	else
		start_piped(&r, "{\"loading_ms\": 100000000}", 0, wait2);
	ended = ends_within(&r.o, r.pf, 60);
	ck_assert_msg(ended, "M1: the run did not end (%s)", _i ? "yes, --wait 2" : "paced");
	ck_assert_msg(r.o.code == (_i ? 3 : 0), "exit %d\n%s", r.o.code, r.o.err);
	rep = read_json_report(&r.o, "r.json");
	assert_schema_valid(rep, "the report");
	cJSON_Delete(rep); /* leaked, LeakSanitizer failed the test: the last CI's two errors */
	end_piped(&r);
}
END_TEST

/* M1, L7: under an endless log, the first Ctrl-C ends the run with every
 * report written (exit 130), and a second one at once (the handler's
 * _exit) still leaves stdin's flags as they were */
START_TEST(m1_first_ctrl_c_ends_it)
{
	static const char *const wait[] = { "--wait", "600", NULL };
	struct piped_run r;
	cJSON *rep;

	start_piped(&r, "{\"loading_ms\": 100000000}", 0, wait);
	ck_assert_msg(says(&r.o, "waiting for"), "the run never said it was waiting");
	kill(r.pf, SIGINT);
	if (_i == 1)
		kill(r.pf, SIGINT);
	ck_assert_msg(ends_within(&r.o, r.pf, 60), "M1: SIGINT did not end the run");
	ck_assert_msg(r.o.code == 130, "exit %d\n%s", r.o.code, r.o.err);
	if (_i == 0) {
		rep = read_json_report(&r.o, "r.json");
		ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(rep, "interrupted")));
		cJSON_Delete(rep);
	}
	end_piped(&r);
}
END_TEST

/* L2: a log rotated under the follower — truncated in place
 * (copytruncate) or moved aside and created again — is followed into what
 * the engine writes next: its fatal line ends the wait as engine-failed */
START_TEST(l2_rotated_engine_log)
{
	const char *argv[] = { "run", "--endpoint",   NULL,	 "--checks", "smoke",  "--wait",
			       "20",  "--engine-log", "eng.log", "--json",   "r.json", NULL };
	char path[4200], fatal_path[4200], *fatal, *cause;
	struct outcome o;
	struct fake f;
	struct buf before = BUF_INIT(0);
	pid_t pid;
	cJSON *r;
	int i;

	outcome_mkdir(&o);
	for (i = 0; i < 4000; i++) /* 200 KB: more than the engine writes after */
		buf_puts(&before, "INFO 12-02 05:00:00 loader.py:88] loading weights\n");
	put_file(&o, "eng.log", buf_cstr(&before));
	buf_release(&before);
	put_file(&o, "s.json", "{\"loading_ms\": 100000000}");
	snprintf(path, sizeof(path), "%s/s.json", o.dir);
	fake_start_file(&f, path);
	argv[2] = f.url;
	pid = start_preflight_in(&o, NULL, argv);
	ck_assert_msg(says(&o, "waiting for"), "the run never said it was waiting");
	snprintf(fatal_path, sizeof(fatal_path), "%s/fixtures/engine-logs/vllm-cute-dsl.log",
		 repo_root());
	ck_assert_ptr_nonnull(fatal = read_text_file(fatal_path));
	snprintf(path, sizeof(path), "%s/eng.log", o.dir);
	if (_i == 1) { /* rotated by mv, a new file created */
		char moved[4200];

		snprintf(moved, sizeof(moved), "%s/eng.log.1", o.dir);
		ck_assert_int_eq(rename(path, moved), 0);
	}
	{ /* _i == 0: truncated in place, then the engine goes on writing */
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		ck_assert_int_ge(fd, 0);
		ck_assert_int_eq(write(fd, fatal, strlen(fatal)), (ssize_t)strlen(fatal));
		close(fd);
	}
	free(fatal);
	ck_assert_msg(ends_within(&o, pid, 60), "the run did not end");
	fake_stop(&f);
	ck_assert_msg(o.code == 3, "exit %d\n%s", o.code, o.err);
	r = read_json_report(&o, "r.json");
	cause = cJSON_GetStringValue(cJSON_GetObjectItem(
		cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0), "cause"));
	ck_assert_msg(cause && !strcmp(cause, "engine-failed"), "L2 (%s): the cause is %s",
		      _i ? "mv" : "copytruncate", cause ? cause : "none");
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* --- M2: a report on stdout ---------------------------------------------------- */

/* stdout as a file of o's folder, for the validators that read files */
static void stdout_as(const struct outcome *o, const char *name)
{
	put_file(o, name, o->out);
}

/* stdout is exactly one document of format: it parses as one, and holds
 * none of what the console, the diff or the annotations would print */
static void one_document(const struct outcome *o, const char *format, const char *what)
{
	static const char *const strays[] = { "::error", "::warning", "RESULT:", "PREFLIGHT ",
					      "diff: ",	 "[1/",	      NULL };
	const char *out = o->out, *line;
	size_t i, n = strlen(out);

	/* what the console, the progress, the diff and the annotations start a
	 * line with */
	for (line = out; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
		for (i = 0; strays[i]; i++)
			ck_assert_msg(strncmp(line, strays[i], strlen(strays[i])),
				      "M2 (%s): a line '%s...' on stdout with the %s report", what,
				      strays[i], format);
	if (!strcmp(format, "json")) {
		cJSON *doc = cJSON_Parse(out);

		ck_assert_msg(doc != NULL, "M2 (%s): stdout is not one JSON document", what);
		assert_schema_valid(doc, what);
		cJSON_Delete(doc);
	} else if (!strcmp(format, "junit")) {
		char path[4200];

		stdout_as(o, "stdout.xml");
		snprintf(path, sizeof(path), "%s/stdout.xml", o->dir);
		ck_assert_msg(junit_validate(path) != 0, "M2 (%s): the JUnit on stdout is invalid",
			      what);
		ck_assert_msg(!strncmp(out, "<?xml", 5) &&
				      strstr(out, "</testsuites>\n") == out + n - 14,
			      "M2 (%s): stdout is not one JUnit document", what);
	} else if (!strcmp(format, "metrics")) {
		ck_assert_msg(n > 6 && !strcmp(out + n - 6, "# EOF\n"),
			      "M2 (%s): the metrics do not end in # EOF", what);
	} else if (!strcmp(format, "svg")) {
		ck_assert_msg(strstr(out, "</svg>\n") == out + n - 7, "M2 (%s): not one SVG", what);
	} else if (!strcmp(format, "html")) {
		ck_assert_msg(!strncmp(out, "<!DOCTYPE html>", 15) &&
				      strstr(out, "</html>\n") == out + n - 8,
			      "M2 (%s): not one HTML page", what);
	}
}

/* M2: whatever else is printed — annotations (GITHUB_ACTIONS=true),
 * failures, the --baseline diff — a report on stdout stays one valid
 * document, for every format and every command that writes one; --quiet
 * silences the diff too */
START_TEST(m2_report_on_stdout_stays_valid)
{
	static const char *const formats[] = { "json", "junit", "metrics", "svg", "html" };
	const char *env[] = { "GITHUB_ACTIONS=true", NULL };
	const char *base[] = { "run",	      "--endpoint", NULL,	 "--checks",
			       "smoke,tools", "--json",	    "base.json", NULL };
	const char *argv[16];
	char opt[32];
	struct outcome o;
	struct fake f;
	size_t k;

	fake_start(&f, "tools-args-some"); /* tools fails: annotations */
	base[2] = f.url;
	run_preflight(&o, NULL, base);
	for (k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
		int n = 0;

		snprintf(opt, sizeof(opt), "--%s", formats[k]);
		argv[n++] = "run";
		argv[n++] = "--endpoint";
		argv[n++] = f.url;
		argv[n++] = "--checks";
		argv[n++] = "smoke,tools";
		argv[n++] = opt;
		argv[n++] = "-";
		argv[n++] = "--baseline";
		argv[n++] = "base.json";
		argv[n++] = "--record";
		argv[n++] = "r.jsonl.gz";
		if (_i)
			argv[n++] = "--quiet";
		argv[n] = NULL;
		run_preflight_in(&o, env, argv);
		ck_assert_msg(o.code == 0 || o.code == 1, "exit %d\n%s", o.code, o.err);
		one_document(&o, formats[k], "run");
		if (_i)
			ck_assert_msg(!strstr(o.err, "REGRESSION") && !strstr(o.err, "diff:"),
				      "M2: --quiet printed the diff:\n%s", o.err);
		/* replay, from what was just recorded */
		argv[0] = "replay";
		argv[1] = "r.jsonl.gz";
		memmove(argv + 2, argv + 5, sizeof(argv[0]) * 6);
		argv[4] = "--baseline";
		argv[5] = "base.json";
		argv[6] = _i ? "--quiet" : NULL;
		argv[7] = NULL;
		run_preflight_in(&o, env, argv);
		ck_assert_msg(o.code == 0 || o.code == 1, "replay: exit %d\n%s", o.code, o.err);
		one_document(&o, formats[k], "replay");
	}
	fake_stop(&f);
	/* conform's JSON, and diff's markdown, on stdout */
	fake_start(&f, "conform-deviant");
	argv[0] = "conform";
	argv[1] = "--endpoint";
	argv[2] = f.url;
	argv[3] = "--json";
	argv[4] = "-";
	argv[5] = NULL;
	run_preflight_in(&o, env, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 1, "conform: exit %d\n%s", o.code, o.err);
	one_document(&o, "json", "conform");
	argv[0] = "diff";
	argv[1] = "base.json";
	argv[2] = "base.json";
	argv[3] = "--markdown";
	argv[4] = "-";
	argv[5] = NULL;
	run_preflight_in(&o, env, argv);
	ck_assert_msg(o.code == 0, "diff: exit %d\n%s", o.code, o.err);
	one_document(&o, "markdown", "diff");
	ck_assert_ptr_nonnull(strstr(o.err, "NO REGRESSION")); /* the console's, on stderr */
	outcome_release(&o);
}
END_TEST

/* --- M3: the schema validator's budget ------------------------------------------ */

/* M3: a probe whose expect.content_json_schema fans out through $refs
 * (4^29 evaluations) is graded at once, as schema-limit naming the
 * schema, live and replayed — not a run that spins at 100% CPU */
START_TEST(m3_schema_step_budget)
{
	const char *live[] = { "run",  "--endpoint", NULL,     "--probes", "probes",	 "--checks",
			       "evil", "--json",     "r.json", "--record", "r.jsonl.gz", NULL };
	const char *again[] = { "replay", "r.jsonl.gz", "--json", "again.json", NULL };
	const char *const *argv[] = { live, again };
	char *schema = fanout_schema(30, 4), *probe, path[4200];
	struct outcome o;
	struct fake f;
	struct buf b = BUF_INIT(0);
	int k;

	buf_printf(&b,
		   "{\"id\": \"evil\", \"title\": \"a schema that fans out\", \"request\": "
		   "{\"messages\": [{\"role\": \"user\", \"content\": \"Return ONLY a JSON "
		   "object with language and ok.\"}]}, \"expect\": {\"content_json_schema\": %s}}",
		   schema);
	probe = buf_detach(&b);
	free(schema);
	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/probes", o.dir);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	put_file(&o, "probes/90-evil.json", probe);
	free(probe);
	fake_start(&f, "healthy");
	live[2] = f.url;
	for (k = 0; k < 2; k++) {
		pid_t pid = start_preflight_in(&o, NULL, argv[k]);
		cJSON *r;

		ck_assert_msg(ends_within(&o, pid, 60), "M3: %s spun on the schema",
			      k ? "replay" : "run");
		ck_assert_msg(o.code == 1, "exit %d\n%s", o.code, o.err);
		r = read_json_report(&o, k ? "again.json" : "r.json");
		ck_assert_str_eq(report_cause(r, "evil"), "schema-limit");
		ck_assert_ptr_nonnull(strstr(o.out, "content_json_schema"));
		cJSON_Delete(r);
	}
	fake_stop(&f);
	outcome_release(&o);
}
END_TEST

/* L3: a rule whose pattern backtracks past pcre2's limits on one line is
 * not tried on the rest of the log (each line paid the whole limit
 * again), and doctor says which rule and where */
START_TEST(l3_regex_limit_trips)
{
	const char *argv[] = { "doctor", "long.log", "--engine-rules", "evil.json", NULL };
	struct buf log = BUF_INIT(0);
	struct outcome o;
	int i;

	outcome_mkdir(&o);
	put_file(&o, "evil.json",
		 "{\"rules\": [{\"id\": \"nested\", \"engines\": [], \"priority\": 1, "
		 "\"severity\": \"warning\", \"pattern\": \"^(\\\\w+\\\\s?)*$\", \"cause\": "
		 "\"engine-died\", \"explain\": \"x\", \"remedy\": \"y\", \"source\": \"the "
		 "audit\", "
		 "\"example\": \"hello world\"}]}");
	for (i = 0; i < 2000; i++)
		buf_puts(&log, "INFO aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n");
	put_file(&o, "long.log", buf_cstr(&log));
	buf_release(&log);
	run_preflight_in(&o, NULL, argv);
	ck_assert_msg(o.code == 0, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_msg(strstr(o.out, "long.log:1: rule nested backtracks past pcre2's limits"),
		      "L3: doctor did not say the rule tripped:\n%s", o.out);
	outcome_release(&o);
}
END_TEST

/* --- M4: the report readers on large and hostile reports ------------------- */

/* peak memory is not measured under valgrind or a sanitizer: theirs is
 * what the numbers would show */
static bool measuring_memory(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return false;
#endif
#endif
	return !getenv("PREFLIGHT_VALGRIND");
}

/* runs preflight in o's folder; its exit in o->code, its peak memory (KB) */
static long run_measured(struct outcome *o, const char *const *argv)
{
	pid_t pid = start_preflight_in(o, NULL, argv);
	struct rusage ru;
	int st;

	ck_assert_int_eq(wait4(pid, &st, 0, &ru), pid);
	outcome_collect(o, st);
	return ru.ru_maxrss;
}

static long long size_of(const struct outcome *o, const char *name)
{
	char path[4200];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", o->dir, name);
	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* a run's report grown to n probes (reportgen.h), as name in o's folder */
static void grown_report(const struct outcome *o, const cJSON *run, int n, int fail,
			 const char *name)
{
	char *text = reportgen_grown(run, n, fail);

	ck_assert_ptr_nonnull(text);
	put_file(o, name, text);
	free(text);
}

/* M4: two reports of 20,000 probes diff (the regression among them found),
 * table and render within 4x their size in memory and 16x on the page */
START_TEST(m4_large_reports_within_bounds)
{
	const char *run[] = { "run", "--endpoint", NULL, "--json", "r.json", NULL };
	const char *const diff[] = { "diff", "a.json", "b.json", NULL };
	const char *const table[] = { "table", "b.json", NULL };
	const char *const page[] = { "report", "b.json", "--html", "p.html", NULL };
	long long in;
	struct outcome o;
	struct fake f;
	cJSON *r;
	pid_t pid;
	long kb;
	int st;

	outcome_mkdir(&o);
	fake_start(&f, "healthy");
	run[2] = f.url;
	run_preflight_in(&o, NULL, run);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	/* made in a child: the memory of making them is not this process's, whose
	 * size a child has until it execs (and wait4 counts) */
	if ((pid = fork()) == 0) {
		r = read_json_report(&o, "r.json");
		/* under valgrind, a tenth: its time is not what is measured */
		int n = getenv("PREFLIGHT_VALGRIND") ? 2000 : 20000;

		grown_report(&o, r, n, -1, "a.json");
		grown_report(&o, r, n, 1234, "b.json");
		cJSON_Delete(r); /* valgrind checks a child's leaks at _exit too */
		_exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	in = size_of(&o, "a.json");
	kb = run_measured(&o, diff);
	ck_assert_msg(o.code == 1 && strstr(o.out, "p01234"), "M4: diff exit %d\n%s%s", o.code,
		      o.out, o.err);
	ck_assert_msg(!measuring_memory() || kb * 1024 <= 4 * 2 * in,
		      "M4: diff took %ld KB for two reports of %lld bytes", kb, in);
	kb = run_measured(&o, table);
	ck_assert_msg(o.code == 0, "M4: table exit %d\n%s", o.code, o.err);
	ck_assert_msg(!measuring_memory() || kb * 1024 <= 4 * in,
		      "M4: table took %ld KB for %lld bytes", kb, in);
	kb = run_measured(&o, page);
	ck_assert_msg(o.code == 0, "M4: report exit %d\n%s", o.code, o.err);
	ck_assert_msg(!measuring_memory() || kb * 1024 <= 4 * in,
		      "M4: report took %ld KB for %lld bytes", kb, in);
	ck_assert(size_of(&o, "p.html") > 0 && size_of(&o, "p.html") <= 16 * in);
	outcome_release(&o);
}
END_TEST

/* M4: reports that are not what preflight writes — 64 MB of zeros, a
 * million empty objects, zeros inside one probe or beside the probes —
 * are refused at once with the reason by diff, table and report, within
 * 4x their size; a probe folder past the most a run takes is refused */
START_TEST(m4_hostile_reports_refused)
{
	static const char *const shapes[][3] = {
		{ "{\"schema\":\"preflight-report/v1\",\"probes\":[", "0,", "0]}" },
		{ "{\"schema\":\"preflight-report/v1\",\"probes\":[", "{},", "{}]}" },
		{ "{\"schema\":\"preflight-report/"
		  "v1\",\"probes\":[{\"id\":\"a\",\"observations\":[",
		  "0,", "0]}]}" },
		{ "{\"schema\":\"preflight-report/v1\",\"inputs\":[", "[],", "0],\"probes\":[]}" },
	};
	const char *const cmds[][6] = { { "table", "z.json", NULL },
					{ "report", "z.json", "--html", "z.html", NULL },
					{ "diff", "z.json", "z.json", NULL } };
	struct buf z = BUF_INIT(0);
	/* under valgrind, a sixteenth: its time is not what is measured */
	const size_t bytes =
		(_i == 0 ? 64u << 20 : 8u << 20) >> (getenv("PREFLIGHT_VALGRIND") ? 4 : 0);
	size_t c, k, unit = strlen(shapes[_i][1]);
	struct outcome o;

	outcome_mkdir(&o);
	ck_assert_int_eq(buf_grow_to(&z, bytes + 128), 0);
	buf_puts(&z, shapes[_i][0]);
	for (k = 0; k < (bytes - z.len) / unit; k++)
		buf_append(&z, shapes[_i][1], unit);
	buf_puts(&z, shapes[_i][2]);
	put_file(&o, "z.json", buf_cstr(&z));
	buf_release(&z);
	for (c = 0; c < 3; c++) {
		long kb = run_measured(&o, cmds[c]);

		ck_assert_msg(o.code == 2 && strstr(o.err, "more than"),
			      "M4 (shape %d, %s): exit %d\n%s", _i, cmds[c][0], o.code, o.err);
		ck_assert_msg(!measuring_memory() || (size_t)kb * 1024 <= 4 * bytes,
			      "M4 (shape %d, %s): %ld KB for %zu bytes", _i, cmds[c][0], kb, bytes);
		ck_assert(size_of(&o, "z.html") < 0);
	}
	outcome_release(&o);
}
END_TEST

/* M4: the most probes a run takes from a folder (PROBE_SET_MAX) */
START_TEST(m4_probe_folder_bounded)
{
	const char *const argv[] = { "run",	 "--dry-run", "--endpoint", "http://127.0.0.1:9/v1",
				     "--probes", "p",	      NULL };
	char path[4200];
	struct outcome o;
	int i;

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/p", o.dir);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	for (i = 0; i <= 4096; i++) {
		char name[32], text[200];

		snprintf(name, sizeof(name), "p/p%04d.json", i);
		snprintf(text, sizeof(text),
			 "{\"id\": \"p%04d\", \"title\": \"ok\", \"default\": true, \"request\": "
			 "{\"messages\": "
			 "[{\"role\": \"user\", \"content\": \"Say OK.\"}]}, \"expect\": "
			 "{\"content_regex\": \"OK\"}}",
			 i);
		put_file(&o, name, text);
	}
	run_preflight_in(&o, NULL, argv);
	ck_assert_msg(o.code == 2 && strstr(o.err, "more than 4096 probe files"),
		      "M4: a folder of 4097 probes: exit %d\n%s", o.code, o.err);
	outcome_release(&o);
}
END_TEST

/* --- L1: text from files on the console ------------------------------------- */

/* no line of text starts a workflow command but the writer's own
 * annotations, and no escape sequence or BEL is there */
static void console_harmless(const char *text, const char *what)
{
	const char *line = text;

	ck_assert_msg(!strchr(text, '\a') && !strstr(text, "\x1b]"),
		      "L1 (%s): a control "
		      "sequence reached the console:\n%s",
		      what, text);
	for (; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		const char *p = line + strspn(line, " \t");

		ck_assert_msg(strncmp(p, "::", 2) || !strncmp(p, "::error title=preflight", 23) ||
				      !strncmp(p, "::warning title=preflight", 25),
			      "L1 (%s): a workflow command from a file:\n%s", what, text);
	}
}

/* L1: a report whose probe title and recipe name carry newlines, workflow
 * commands and escape sequences, read by diff and table, and a recording
 * replayed with such a title, under GitHub Actions */
START_TEST(l1_file_text_on_the_console)
{
	char healthy[4200];
	const char *base[] = { "replay", healthy, "--json", "base.json", NULL };
	const char *diff[] = { "diff", "base.json", "evil.json", NULL };
	const char *table[] = { "table", "evil.json", NULL };
	const char *env[] = { "GITHUB_ACTIONS=true", NULL };
	struct outcome o;
	cJSON *r, *p;
	char *text;

	snprintf(healthy, sizeof(healthy), "%s/fixtures/recordings/healthy.jsonl.gz", repo_root());
	outcome_mkdir(&o);
	run_preflight_in(&o, NULL, base);
	ck_assert_int_eq(o.code, 0);
	r = read_json_report(&o, "base.json");
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 0);
	cJSON_ReplaceItemInObject(
		p, "title", cJSON_CreateString("JSON\n::error title=X::pwned\n\x1b]0;pwned\a"));
	cJSON_ReplaceItemInObject(p, "verdict", cJSON_CreateString("fail"));
	cJSON_ReplaceItemInObject(p, "message", cJSON_CreateString("no\n  ::add-mask::sk-x\a"));
	cJSON_ReplaceItemInObject(cJSON_GetObjectItem(r, "endpoint"), "model",
				  cJSON_CreateString("m\n::add-mask::sk-abc\x1b]0;t\a"));
	ck_assert_ptr_nonnull(text = cJSON_Print(r));
	put_file(&o, "evil.json", text);
	free(text);
	cJSON_Delete(r);
	run_preflight_in(&o, env, diff);
	ck_assert_msg(o.code == 1, "exit %d\n%s", o.code, o.err);
	console_harmless(o.out, "diff, stdout");
	console_harmless(o.err, "diff, stderr");
	run_preflight_in(&o, env, table);
	console_harmless(o.out, "table, stdout");
	console_harmless(o.err, "table, stderr");
	outcome_release(&o);
}
END_TEST

/* --- L8: a cut inside the key ------------------------------------------------ */

/* L8: a model id that ends in "Bearer KEY", cut by the map's title (511
 * bytes) so 10, 13 or 20 characters of the key are left: no output holds
 * ten characters of the key in a row */
START_TEST(l8_cut_key_prefix_redacted)
{
	static const int left[] = { 10, 13, 20 };
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--checks",   "smoke",	"--model",
			       NULL,	 "--svg",      "m.svg", "--html",     "p.html", "--json",
			       "r.json", "--junit",    "j.xml", "--markdown", "r.md",	NULL };
	static const char *const files[] = { "m.svg", "p.html", "r.json", "j.xml",
					     "r.md",  "stdout", "stderr" };
	const char *env[] = { "OPENAI_API_KEY=" KEY, NULL };
	char model[600], prefix[16];
	struct outcome o;
	struct fake f;
	size_t i;
	int n = 483 - left[_i];

	memset(model, 'm', (size_t)n);
	snprintf(model + n, sizeof(model) - (size_t)n, " Bearer %s", KEY);
	snprintf(prefix, sizeof(prefix), "%.10s", KEY);
	argv[6] = model;
	outcome_mkdir(&o);
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight_in(&o, env, argv);
	fake_stop(&f);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *text = read_report(&o, files[i]);

		ck_assert_msg(text != NULL, "%s was not written (exit %d)\n%s", files[i], o.code,
			      o.err);
		ck_assert_msg(!strstr(text, prefix), "L8 (%d left): %s holds %s", left[_i],
			      files[i], prefix);
		free(text);
	}
	outcome_release(&o);
}
END_TEST

/* --- L4: sweep cells named apart ------------------------------------------------ */

/* L4: depths that round alike get names that tell them apart (and an
 * ordinary depth keeps its name), in the JSON, the JUnit and the metrics
 * series; a depth given twice is one cell (as a size is); a report of an older build that
 * names two cells alike is diffed cell for cell (the second's regression
 * found) */
START_TEST(l4_cell_names_unique)
{
	const char *argv[] = { "run",
			       "--endpoint",
			       NULL,
			       "--checks",
			       "needle",
			       "--needle-depth",
			       "0.501,0.504,0.25",
			       "--json",
			       "r.json",
			       "--junit",
			       "j.xml",
			       "--metrics",
			       "m.prom",
			       NULL };
	const char *twice[] = {
		"run",	   "--dry-run", "--endpoint", "http://127.0.0.1:9/v1", "--needle-depth",
		"0.5,0.5", NULL
	};
	const char *diff[] = { "diff", "a.json", "b.json", NULL };
	static const char *const names[] = { "needle@50.1%", "needle@50.4%", "needle@25%" };
	struct outcome o;
	struct fake f;
	char *text, *line, *next;
	cJSON *r, *p;
	size_t i;

	outcome_mkdir(&o);
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight_in(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	ck_assert_ptr_nonnull(text = read_report(&o, "j.xml"));
	for (i = 0; i < 3; i++) {
		char name[64];

		snprintf(name, sizeof(name), "name=\"%s ", names[i]);
		ck_assert_msg(strstr(text, name) && strstr(strstr(text, name) + 1, name) == NULL,
			      "L4: %s is not one testcase of the JUnit", names[i]);
	}
	free(text);
	/* every series of the metrics once */
	ck_assert_ptr_nonnull(text = read_report(&o, "m.prom"));
	for (line = text; line && *line; line = next) {
		char *end = strchr(line, '\n'), *val;

		next = end ? end + 1 : NULL;
		if (end)
			*end = '\0';
		if (*line == '#' || !(val = strrchr(line, ' ')))
			continue;
		*val = '\0';
		ck_assert_msg(!strstr(next ? next : "", line) ||
				      strncmp(strstr(next, line) + strlen(line), " ", 1),
			      "L4: the series %s twice", line);
	}
	free(text);
	/* the map's rows by the same names */
	{
		const char *swept[] = { "run",	    "--endpoint",     NULL,
					"--checks", "needle",	      "--needle-ctx",
					"4k,8k",    "--needle-depth", "0.501,0.504,0.25",
					"--svg",    "m.svg",	      NULL };

		fake_start(&f, "healthy");
		swept[2] = f.url;
		run_preflight_in(&o, NULL, swept);
		fake_stop(&f);
		ck_assert_ptr_nonnull(text = read_report(&o, "m.svg"));
		ck_assert_msg(strstr(text, ">50.1%<") && strstr(text, ">50.4%<"),
			      "L4: the map's rows are not named apart");
		free(text);
	}
	run_preflight_in(&o, NULL, twice);
	ck_assert_msg(o.code == 0 && strstr(o.out, "\"needle@50%\"") &&
			      !strstr(strstr(o.out, "\"needle@50%\"") + 1, "\"needle@50%\""),
		      "L4: a depth given twice is not one cell: exit %d\n%s", o.code, o.out);
	/* an older build's report: two cells named needle@50% */
	r = read_json_report(&o, "r.json");
	for (i = 0; i < 2; i++)
		cJSON_ReplaceItemInObject(
			cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), (int)i), "variant",
			cJSON_CreateString("@50%"));
	put_file(&o, "a.json", text = cJSON_Print(r));
	free(text);
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "probes"), 1);
	cJSON_ReplaceItemInObject(p, "verdict", cJSON_CreateString("fail"));
	cJSON_ReplaceItemInObject(p, "cause", cJSON_CreateString("needle-miss"));
	put_file(&o, "b.json", text = cJSON_Print(r));
	free(text);
	cJSON_Delete(r);
	run_preflight_in(&o, NULL, diff);
	ck_assert_msg(o.code == 1 && strstr(o.out, "RESULT: REGRESSION"),
		      "L4: the second cell's regression was not found: exit %d\n%s", o.code, o.out);
	outcome_release(&o);
}
END_TEST

/* --- the first audit's leftovers: a full disk, a kill -9 ------------------------ */

/* does pid hold a descriptor of a file in dir (its recording, open)? */
static bool writes_in(pid_t pid, const char *dir)
{
	char fds[64], link[600], target[4200];
	int k, fd;

	snprintf(fds, sizeof(fds), "/proc/%d/fd", (int)pid);
	for (k = 0; k < 1500; k++) {
		for (fd = 3; fd < 64; fd++) {
			ssize_t n;

			snprintf(link, sizeof(link), "%s/%d", fds, fd);
			n = readlink(link, target, sizeof(target) - 1);
			if (n <= 0)
				continue;
			target[n] = '\0'; /* its stdout and stderr are files there too */
			if (!strncmp(target, dir, strlen(dir)) && !strstr(target, "/stdout") &&
			    !strstr(target, "/stderr"))
				return true;
		}
		usleep(20 * 1000);
	}
	return false;
}

/* no temporary (.NAME.XXXXXX) in o's folder */
static void no_temporary(const struct outcome *o, const char *what)
{
	DIR *d = opendir(o->dir);
	struct dirent *e;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		ck_assert_msg(e->d_name[0] != '.' || !strcmp(e->d_name, ".") ||
				      !strcmp(e->d_name, ".."),
			      "%s left %s behind", what, e->d_name);
	closedir(d);
}

/* a kill -9 while the recording is being written leaves no temporary
 * beside it: the data is in an unnamed file until the commit */
START_TEST(kill_9_leaves_no_temporary)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	  "--record", "r.jsonl.gz",
			       "--json", "r.json",     "--junit", "j.xml",    NULL };
	struct outcome o;
	struct fake f;
	pid_t pid;
	int st;

	outcome_mkdir(&o);
	fake_start(&f, "held-forever");
	argv[2] = f.url;
	pid = start_preflight_in(&o, NULL, argv);
	ck_assert_msg(writes_in(pid, o.dir), "the run never opened its recording");
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	fake_stop(&f);
	no_temporary(&o, "kill -9");
	outcome_release(&o);
}
END_TEST

/* a recording on a full filesystem (a 64 KB tmpfs, mounted when the test
 * may) names the real error and leaves no temporary */
START_TEST(full_disk_recording)
{
	const char *argv[] = { "run",	   "--endpoint",       NULL, "--needle-ctx", "30000",
			       "--record", "small/r.jsonl.gz", NULL };
	char small[200];
	struct outcome o;
	struct outcome in;
	struct fake f;

	outcome_mkdir(&o);
	snprintf(small, sizeof(small), "%s/small", o.dir);
	ck_assert_int_eq(mkdir(small, 0755), 0);
	if (geteuid() != 0 || mount("tmpfs", small, "tmpfs", 0, "size=64k") != 0) {
		fprintf(stderr, "note: not root or no tmpfs mount here; the full-disk recording "
				"test is skipped\n");
		outcome_release(&o);
		return;
	}
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight_in(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 4 && strstr(o.err, "No space left on device"),
		      "a full disk: exit %d\n%s", o.code, o.err);
	memset(&in, 0, sizeof(in));
	snprintf(in.dir, sizeof(in.dir), "%s", small);
	no_temporary(&in, "a full disk");
	umount(small);
	outcome_release(&o);
}
END_TEST

/* --- L5, L6, L10, L11: what a command takes, it applies or refuses ---------- */

/* L5: replay applies --baseline and --max-regression (a recorded regression
 * fails the gate) or refuses a baseline it cannot read; L6: a FIFO as the
 * job summary ends at once with the reason; L10: report --html X --svg X
 * is a usage error like run's; L11: doctor and --engine are in the man page
 * and both completions, an engine's alias is taken and a made-up one
 * refused */
START_TEST(l5_l6_l10_l11_taken_or_refused)
{
	char healthy[4200], broken[4200], path[4200], fifo[4200];
	const char *base[] = { "replay", healthy, "--json", "base.json", NULL };
	const char *gate[] = { "replay", broken, "--baseline", "base.json", NULL };
	const char *gone[] = { "replay", healthy, "--baseline", "/nonexistent/b.json", NULL };
	const char *loose[] = { "replay",	    broken,	  "--baseline", "base.json",
				"--max-regression", "decode=50%", NULL };
	const char *same[] = { "report", "base.json", "--html", "x", "--svg", "x", NULL };
	const char *alias[] = { "doctor", path, "--engine", "llama.cpp", NULL };
	const char *madeup[] = { "doctor", path, "--engine", "vllm-ng", NULL };
	static const char *const docs[][3] = { { "man", NULL },
					       { "completion", "bash", NULL },
					       { "completion", "zsh", NULL } };
	const char *env[] = { fifo, NULL };
	struct outcome o;
	size_t i;
	pid_t pid;

	snprintf(healthy, sizeof(healthy), "%s/fixtures/recordings/healthy.jsonl.gz", repo_root());
	snprintf(broken, sizeof(broken), "%s/fixtures/recordings/engine-500.jsonl.gz", repo_root());
	snprintf(path, sizeof(path), "%s/fixtures/engine-logs/vllm-cute-dsl.log", repo_root());
	outcome_mkdir(&o);
	run_preflight_in(&o, NULL, base);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	run_preflight_in(&o, NULL, gate);
	ck_assert_msg(o.code == 1 && strstr(o.out, "RESULT: REGRESSION"),
		      "L5: replay --baseline: exit %d\n%s%s", o.code, o.out, o.err);
	run_preflight_in(&o, NULL, gone);
	ck_assert_msg(o.code == 2, "L5: replay --baseline of nothing: exit %d", o.code);
	run_preflight_in(&o, NULL, loose);
	ck_assert_msg(o.code == 1, "L5: --max-regression: exit %d\n%s", o.code, o.err);
	loose[5] = "nonsense=1";
	run_preflight_in(&o, NULL, loose);
	ck_assert_msg(o.code == 2, "L5: a --max-regression of nothing known: exit %d", o.code);
	snprintf(fifo, sizeof(fifo), "GITHUB_STEP_SUMMARY=%s/summary", o.dir);
	ck_assert_int_eq(mkfifo(fifo + strlen("GITHUB_STEP_SUMMARY="), 0644), 0);
	pid = start_preflight_in(&o, env, base);
	ck_assert_msg(ends_within(&o, pid, 60), "L6: a FIFO as the job summary hangs the run");
	ck_assert_msg(strstr(o.err, "FIFO"), "L6: nothing said of the FIFO\n%s", o.err);
	run_preflight_in(&o, NULL, same);
	ck_assert_msg(o.code == 2, "L10: report --html x --svg x: exit %d", o.code);
	run_preflight_in(&o, NULL, alias);
	ck_assert_msg(o.code == 0 || o.code == 1, "L11: --engine llama.cpp: exit %d\n%s", o.code,
		      o.err);
	run_preflight_in(&o, NULL, madeup);
	ck_assert_msg(o.code == 2, "L11: --engine vllm-ng: exit %d", o.code);
	for (i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) { /* as make docs writes them */
		run_preflight_in(&o, NULL, docs[i]);
		ck_assert_msg(o.code == 0 && strstr(o.out, "doctor") &&
				      (strstr(o.out, "--engine ") || strstr(o.out, "--engine[") ||
				       strstr(o.out, "--engine\"") || strstr(o.out, "--engine'") ||
				       strstr(o.out, "\\-\\-engine ")),
			      "L11: preflight %s %s lacks doctor or --engine", docs[i][0],
			      docs[i][1] ? docs[i][1] : "");
	}
	outcome_release(&o);
}
END_TEST

Suite *audit2_suite(void)
{
	Suite *s = suite_create("audit2");
	TCase *key = tcase_create("key");

	tcase_set_timeout(key, 300);
	tcase_add_loop_test(key, h1_key_in_every_ci_output, 0,
			    sizeof(echo_forms) / sizeof(echo_forms[0]));
	suite_add_tcase(s, key);
	{
		TCase *out = tcase_create("stdout");

		tcase_set_timeout(out, 300);
		tcase_add_loop_test(out, m2_report_on_stdout_stays_valid, 0, 2);
		tcase_add_test(out, m3_schema_step_budget);
		suite_add_tcase(s, out);
	}
	{
		TCase *logs = tcase_create("engine-log");

		tcase_set_timeout(logs, 300);
		tcase_add_loop_test(logs, m1_endless_engine_log, 0, 2);
		tcase_add_loop_test(logs, m1_first_ctrl_c_ends_it, 0, 2);
		tcase_add_loop_test(logs, l2_rotated_engine_log, 0, 2);
		tcase_add_test(logs, l3_regex_limit_trips);
		suite_add_tcase(s, logs);
	}
	{
		TCase *reports = tcase_create("reports");

		tcase_set_timeout(reports, 600);
		tcase_add_test(reports, m4_large_reports_within_bounds);
		tcase_add_loop_test(reports, m4_hostile_reports_refused, 0, 4);
		tcase_add_test(reports, m4_probe_folder_bounded);
		tcase_add_test(reports, l5_l6_l10_l11_taken_or_refused);
		tcase_add_test(reports, l1_file_text_on_the_console);
		tcase_add_test(reports, l4_cell_names_unique);
		tcase_add_test(reports, kill_9_leaves_no_temporary);
		tcase_add_test(reports, full_disk_recording);
		tcase_add_loop_test(reports, l8_cut_key_prefix_redacted, 0, 3);
		suite_add_tcase(s, reports);
	}
	return s;
}
