/* SPDX-License-Identifier: Apache-2.0 */
/* testutil — see testutil.h. */
#define _GNU_SOURCE
#include "testutil.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "enginelog.h"
#include "file.h"
#include "json.h"
#include "http.h"
#include "schema.h"

const char *repo_root(void)
{
	const char *r = getenv("PREFLIGHT_ROOT");

	return r && *r ? r : ".";
}

void fake_start(struct fake *f, const char *scenario)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/fixtures/scenarios/%s.json", repo_root(), scenario);
	fake_start_file(f, path);
}

void fake_start_file(struct fake *f, const char *path)
{
	char exe[4096], line[64];
	const char *scenario = path;
	int fds[2];
	FILE *in;

	snprintf(exe, sizeof(exe), "%s/fixtures/fake-endpoint", repo_root());
	ck_assert_int_eq(pipe(fds), 0);
	f->pid = fork();
	ck_assert_int_ge(f->pid, 0);
	if (f->pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execl(exe, exe, "--scenario", path, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	ck_assert_ptr_nonnull(in);
	ck_assert_msg(fgets(line, sizeof(line), in) && sscanf(line, "PORT=%u", &f->port) == 1,
		      "fake endpoint did not report its port (scenario %s)", scenario);
	fclose(in);
	snprintf(f->url, sizeof(f->url), "http://127.0.0.1:%u/v1", f->port);
}

void fake_stop(struct fake *f)
{
	int st;

	if (f->pid > 0) {
		kill(f->pid, SIGTERM);
		waitpid(f->pid, &st, 0);
		f->pid = 0;
	}
}

void fake_stats(const struct fake *f, long *requests, long *max_in_flight)
{
	long off;

	fake_stats_thinking(f, requests, max_in_flight, &off);
}

long fake_stat(const struct fake *f, const char *key)
{
	struct http_exchange x = { 0 };
	struct http_options o = { .api_key = NULL, .timeout = 10, .max_body = 1 << 20 };
	char url[128];
	cJSON *j;
	long v;

	snprintf(url, sizeof(url), "http://127.0.0.1:%u/fake/stats", f->port);
	x.url = url;
	ck_assert_int_eq(http_perform(&x, 1, &o), 0);
	ck_assert_int_eq(x.status, 200);
	j = cJSON_Parse(buf_cstr(&x.response));
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(j, key));
	v = (long)cJSON_GetObjectItem(j, key)->valuedouble;
	cJSON_Delete(j);
	http_exchange_release(&x);
	return v;
}

void fake_stats_thinking(const struct fake *f, long *requests, long *max_in_flight,
			 long *thinking_off)
{
	struct http_exchange x = { 0 };
	struct http_options o = { .api_key = NULL, .timeout = 10, .max_body = 1 << 20 };
	char url[128];
	cJSON *j;

	snprintf(url, sizeof(url), "http://127.0.0.1:%u/fake/stats", f->port);
	x.url = url;
	ck_assert_int_eq(http_perform(&x, 1, &o), 0);
	ck_assert_int_eq(x.status, 200);
	j = cJSON_Parse(buf_cstr(&x.response));
	ck_assert_ptr_nonnull(j);
	*requests = (long)cJSON_GetObjectItem(j, "chat_requests")->valuedouble;
	*max_in_flight = (long)cJSON_GetObjectItem(j, "max_in_flight")->valuedouble;
	*thinking_off = (long)cJSON_GetObjectItem(j, "thinking_off_requests")->valuedouble;
	cJSON_Delete(j);
	http_exchange_release(&x);
}

char *read_text_file(const char *path)
{
	struct buf b = BUF_INIT(0);
	char err[256];

	if (file_read(path, 1u << 28, &b, err, sizeof(err))) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

void bundled_rules(struct log_rules *rs)
{
	char path[4096], err[1024];

	memset(rs, 0, sizeof(*rs));
	snprintf(path, sizeof(path), "%s/probes/engine/rules.json", repo_root());
	ck_assert_msg(log_rules_load(rs, path, err, sizeof(err)) == 0, "%s", err);
}

void unindexed_rules(struct log_rules *rs)
{
	size_t i;

	bundled_rules(rs);
	for (i = 0; i < rs->n; i++)
		rs->rules[i].filtered = false;
	rs->unfiltered = true;
}

struct model *model_of(const char *json)
{
	char err[512];
	struct model *m = json_read_text("made-up report", json, strlen(json), err, sizeof(err));

	ck_assert_msg(m != NULL, "%s", err);
	return m;
}

char *fanout_schema(int defs, int fanout)
{
	struct buf b = BUF_INIT(0);
	int i, k;

	buf_puts(&b, "{\"$ref\": \"#/$defs/d0\", \"$defs\": {");
	for (i = 0; i + 1 < defs; i++) {
		buf_printf(&b, "\"d%d\": {\"anyOf\": [", i);
		for (k = 0; k < fanout; k++)
			buf_printf(&b, "%s{\"$ref\": \"#/$defs/d%d\"}", k ? ", " : "", i + 1);
		buf_puts(&b, "]}, ");
	}
	buf_printf(&b, "\"d%d\": {\"type\": \"integer\"}}}", defs - 1);
	return buf_detach(&b);
}

bool write_text_file(const char *path, const char *text)
{
	char err[256];

	return file_write_atomic(path, text, strlen(text), err, sizeof(err)) == 0;
}

/* PREFLIGHT_BIN: another build's binary (an absolute path) the
 * integration tests run instead of this tree's — how a test is shown to
 * fail on an older commit (a worktree build of it) */
static const char *other_build(void)
{
	const char *bin = getenv("PREFLIGHT_BIN");

	return bin && bin[0] == '/' ? bin : NULL;
}

/* make check VALGRIND=1: the valgrind command line the Makefile runs the
 * test runner with (its VALGRIND_CMD, in PREFLIGHT_VALGRIND), for the
 * preflight a test starts now; "1" alone is valgrind with its defaults.
 * NULL when the tests do not run under valgrind, and for three starts
 * in four of a unit's process (all but the first, fifth, ninth, ...):
 * each start still runs and is judged, and the plain and sanitized
 * passes run every one; valgrind's pass, the longest of CI, watches a
 * quarter of them, another quarter as tests are added. Called once a
 * start. */
static const char *valgrind_cmd(void)
{
	static unsigned long starts;
	const char *v = getenv("PREFLIGHT_VALGRIND");

	if (!v || !*v || starts++ % 4)
		return NULL;
	return strcmp(v, "1") ? v : "valgrind";
}

/* that command line split at its spaces into args (at most max words);
 * the count, 0 without valgrind */
static int valgrind_argv(const char **args, int max)
{
	static char copy[512];
	const char *cmd = valgrind_cmd();
	char *word, *save = NULL;
	int n = 0;

	if (!cmd)
		return 0;
	snprintf(copy, sizeof(copy), "%s", cmd);
	for (word = strtok_r(copy, " ", &save); word && n < max; word = strtok_r(NULL, " ", &save))
		args[n++] = word;
	return n;
}

static pid_t start_in(struct outcome *o, const char *const *env, const char *program,
		      const char *const *argv);

void run_preflight(struct outcome *o, const char *const *env, const char *const *argv)
{
	run_program(o, env, "preflight", argv);
}

void run_program(struct outcome *o, const char *const *env, const char *program,
		 const char *const *argv)
{
	outcome_wait(o, start_program(o, env, program, argv));
}

pid_t start_program(struct outcome *o, const char *const *env, const char *program,
		    const char *const *argv)
{
	outcome_mkdir(o);
	return start_in(o, env, program, argv);
}

void run_preflight_in(struct outcome *o, const char *const *env, const char *const *argv)
{
	free(o->out);
	free(o->err);
	o->out = o->err = NULL;
	outcome_wait(o, start_in(o, env, "preflight", argv));
}

pid_t start_preflight_in(struct outcome *o, const char *const *env, const char *const *argv)
{
	free(o->out);
	free(o->err);
	o->out = o->err = NULL;
	return start_in(o, env, "preflight", argv);
}

static pid_t start_in(struct outcome *o, const char *const *env, const char *program,
		      const char *const *argv)
{
	char exe[4096], outp[128], errp[128];
	const char *args[64];
	int i, n = 0;
	pid_t pid;

	snprintf(exe, sizeof(exe), "%s/%s", repo_root(), program);
	if (program[0] == '/')
		snprintf(exe, sizeof(exe), "%s", program);
	else if (!strcmp(program, "preflight") && other_build())
		snprintf(exe, sizeof(exe), "%s", other_build());
	else if (exe[0] != '/') {
		char cwd[2048];

		ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
		snprintf(exe, sizeof(exe), "%s/%s/%s", cwd, repo_root(), program);
	}
	/* make check VALGRIND=1 runs the binary itself under valgrind too */
	if (!strcmp(program, "preflight"))
		n = valgrind_argv(args, 16);
	args[n++] = exe;
	for (i = 0; argv[i] && n < 62; i++)
		args[n++] = argv[i];
	args[n] = NULL;
	snprintf(outp, sizeof(outp), "%s/stdout", o->dir);
	snprintf(errp, sizeof(errp), "%s/stderr", o->dir);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fo = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int fe = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fo < 0 || fe < 0 || chdir(o->dir))
			_exit(126);
		dup2(fo, STDOUT_FILENO);
		dup2(fe, STDERR_FILENO);
		if (o->has_stdin)
			dup2(o->stdin_fd, STDIN_FILENO);
		unsetenv("OPENAI_API_KEY");
		unsetenv("OPENAI_BASE_URL");
		for (i = 0; env && env[i]; i++)
			putenv((char *)env[i]);
		execvp(args[0], (char *const *)args);
		_exit(127);
	}
	return pid;
}

void outcome_mkdir(struct outcome *o)
{
	memset(o, 0, sizeof(*o));
	snprintf(o->dir, sizeof(o->dir), "/tmp/preflight-test-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(o->dir));
}

void run_shell(struct outcome *o, const char *const *env, const char *script)
{
	char pf[4096], envpf[4200], cwd[2048];
	const char *envs[16], *valgrind;
	const char *argv[] = { "-c", script, NULL };
	int n = 0;

	if (other_build())
		snprintf(pf, sizeof(pf), "%s", other_build());
	else if (repo_root()[0] == '/')
		snprintf(pf, sizeof(pf), "%s/preflight", repo_root());
	else
		snprintf(pf, sizeof(pf), "%s/%s/preflight", getcwd(cwd, sizeof(cwd)), repo_root());
	/* make check VALGRIND=1: the script's preflight runs under valgrind
	 * too when this start is one valgrind watches, logging to a file (a
	 * script may close stderr); an error still shows as exit 99 */
	if ((valgrind = valgrind_cmd()))
		snprintf(envpf, sizeof(envpf), "PF=%s --log-file=%s/valgrind-%%p.log %s", valgrind,
			 o->dir, pf);
	else
		snprintf(envpf, sizeof(envpf), "PF=%s", pf);
	envs[n++] = envpf;
	while (env && *env && n < 15)
		envs[n++] = *env++;
	envs[n] = NULL;
	free(o->out);
	free(o->err);
	o->out = o->err = NULL;
	outcome_wait(o, start_in(o, envs, "/bin/bash", argv));
}

void outcome_collect(struct outcome *o, int status)
{
	char outp[128], errp[128];

	snprintf(outp, sizeof(outp), "%s/stdout", o->dir);
	snprintf(errp, sizeof(errp), "%s/stderr", o->dir);
	o->code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	o->out = read_text_file(outp);
	o->err = read_text_file(errp);
	ck_assert_ptr_nonnull(o->out);
	ck_assert_ptr_nonnull(o->err);
}

void outcome_wait(struct outcome *o, pid_t pid)
{
	int st;

	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	outcome_collect(o, st);
}

char *read_report(const struct outcome *o, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", o->dir, name);
	return read_text_file(path);
}

/* the published report schemas, loaded once: a $ref between them
 * resolves in this set */
static struct schema_set *report_schemas(void)
{
	static const char *const names[] = { "report.schema.json", "conformance.schema.json",
					     "plan.schema.json", "recording-line.schema.json",
					     "comparison.schema.json" };
	static const cJSON *docs[5];
	static struct schema_set set = { names, docs, 5 };
	char path[4096], *text;
	size_t i;

	for (i = 0; i < set.n && !docs[i]; i++) {
		snprintf(path, sizeof(path), "%s/reports/schemas/%s", repo_root(), names[i]);
		text = read_text_file(path);
		ck_assert_msg(text != NULL, "%s is missing", path);
		docs[i] = cJSON_Parse(text);
		free(text);
		ck_assert_msg(docs[i] != NULL, "%s is not JSON", path);
	}
	return &set;
}

enum schema_result report_schema_validate(const char *file, const cJSON *doc, char *err,
					  size_t errlen)
{
	struct schema_set *set = report_schemas();
	char name[64];
	size_t i;

	snprintf(name, sizeof(name), "%s.schema.json", file);
	for (i = 0; i < set->n; i++)
		if (!strcmp(set->names[i], name)) {
			const struct schema_options o = { .set = set };

			return schema_validate_with(&o, set->docs[i], doc, err, errlen);
		}
	ck_abort_msg("no published schema %s", name);
	return SCHEMA_UNUSABLE;
}

void assert_schema_valid(const cJSON *doc, const char *what)
{
	const char *schema = cJSON_GetStringValue(cJSON_GetObjectItem(doc, "schema"));
	const char *file = !schema					 ? NULL
			   : !strcmp(schema, "preflight-report/v1")	 ? "report"
			   : !strcmp(schema, "preflight-conformance/v1") ? "conformance"
			   : !strcmp(schema, "preflight-plan/v1")	 ? "plan"
			   : !strcmp(schema, "preflight-comparison/v1")	 ? "comparison"
									 : NULL;
	char err[512];

	ck_assert_msg(file != NULL, "%s: no known schema member", what);
	ck_assert_msg(report_schema_validate(file, doc, err, sizeof(err)) == SCHEMA_VALID,
		      "%s does not validate against %s.schema.json: %s", what, file, err);
}

void run_against(struct outcome *o, const char *scenario, const char *const *argv)
{
	const char *args[64];
	struct fake f;
	size_t i;

	fake_start(&f, scenario);
	for (i = 0; argv[i]; i++) {
		ck_assert_uint_lt(i + 1, sizeof(args) / sizeof(args[0]));
		args[i] = strcmp(argv[i], "{url}") ? argv[i] : f.url;
	}
	args[i] = NULL;
	run_preflight_in(o, NULL, args);
	fake_stop(&f);
}

int checks_all(const cJSON *report, const char *status)
{
	const cJSON *c;
	int n = 0;

	cJSON_ArrayForEach(c, cJSON_GetObjectItem(report, "checks"))
	{
		const char *st = cJSON_GetStringValue(cJSON_GetObjectItem(c, "status"));

		ck_assert_msg(st && !strcmp(st, status), "check %s is %s, not %s",
			      cJSON_GetStringValue(cJSON_GetObjectItem(c, "id")),
			      st ? st : "(no status)", status);
		n++;
	}
	return n;
}

cJSON *report_against(struct outcome *o, const char *scenario, const char *command,
		      const char *checks)
{
	const char *argv[] = { command,	 "--endpoint", "{url}", "--json",
			       "r.json", "--checks",   checks,	NULL };

	if (!checks)
		argv[5] = NULL;
	outcome_mkdir(o);
	run_against(o, scenario, argv);
	return read_json_report(o, "r.json");
}

cJSON *read_json_report(const struct outcome *o, const char *name)
{
	char *text = read_report(o, name);
	cJSON *j;

	ck_assert_msg(text != NULL, "report %s was not written", name);
	j = cJSON_Parse(text);
	free(text);
	ck_assert_msg(j != NULL, "report %s is not valid JSON", name);
	/* every report the suite reads is one its published schema admits */
	assert_schema_valid(j, name);
	return j;
}

static const cJSON *find_probe(const cJSON *report, const char *id)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, cJSON_GetObjectItem(report, "probes"))
	{
		if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")), id))
			return p;
	}
	ck_abort_msg("probe %s not in the report", id);
	return NULL;
}

const char *report_verdict(const cJSON *report, const char *id)
{
	return cJSON_GetStringValue(cJSON_GetObjectItem(find_probe(report, id), "verdict"));
}

const char *report_cause(const cJSON *report, const char *id)
{
	const char *c = cJSON_GetStringValue(cJSON_GetObjectItem(find_probe(report, id), "cause"));

	return c ? c : "none";
}

int junit_validate(const char *path)
{
	char xsd[4096], cmd[8192];
	int rc;

	/* the Jenkins xUnit plugin's schema, vendored with its license */
	snprintf(xsd, sizeof(xsd), "%s/tests/data/junit-10.xsd", repo_root());
	/* make check says once that these checks are skipped (no xmllint) */
	if (access(xsd, R_OK) != 0 || system("command -v xmllint >/dev/null 2>&1") != 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "xmllint --noout --schema '%s' '%s' 2>/dev/null", xsd, path);
	rc = system(cmd);
	return rc == 0 ? 1 : 0;
}

void outcome_release(struct outcome *o)
{
	char cmd[128];

	free(o->out);
	free(o->err);
	if (o->dir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", o->dir);
		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", o->dir);
	}
	memset(o, 0, sizeof(*o));
}

static const char *attr(const char *tag, const char *end, const char *name, char *out, size_t n)
{
	char key[64];
	const char *p, *q;

	snprintf(key, sizeof(key), " %s=\"", name);
	p = strstr(tag, key);
	if (!p || p > end) {
		snprintf(out, n, "-");
		return out;
	}
	p += strlen(key);
	q = strchr(p, '"');
	snprintf(out, n, "%.*s", (int)(q - p), p);
	return out;
}

char *junit_outcomes(const char *xml)
{
	struct buf b = BUF_INIT(0);
	const char *p = xml;

	while ((p = strstr(p, "<testcase "))) {
		const char *end = strstr(p, "</testcase>"), *f, *kind = "pass";
		char name[256], type[64] = "-";

		attr(p, strchr(p, '>'), "name", name, sizeof(name));
		if ((f = strstr(p, "<failure ")) && f < end)
			kind = "failure";
		else if ((f = strstr(p, "<error ")) && f < end)
			kind = "error";
		else if ((f = strstr(p, "<skipped")) && f < end)
			kind = "skipped";
		if (strcmp(kind, "pass"))
			attr(f, strchr(f, '>'), "type", type, sizeof(type));
		buf_printf(&b, "%s:%s:%s\n", name, kind, type);
		p = end ? end : p + 1;
	}
	return buf_detach(&b);
}

char *report_outcomes(const cJSON *report)
{
	struct buf b = BUF_INIT(0);
	const cJSON *p;

	cJSON_ArrayForEach(p, cJSON_GetObjectItem(report, "probes"))
	{
		const char *variant = cJSON_GetStringValue(cJSON_GetObjectItem(p, "variant"));
		const char *cause = cJSON_GetStringValue(cJSON_GetObjectItem(p, "cause"));

		buf_printf(&b, "%s%s=%s:%s\n", cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")),
			   variant ? variant : "",
			   cJSON_GetStringValue(cJSON_GetObjectItem(p, "verdict")),
			   cause ? cause : "none");
	}
	return buf_detach(&b);
}
