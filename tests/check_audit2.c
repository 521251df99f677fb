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
#include <sys/stat.h>
#include <unistd.h>

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

Suite *audit2_suite(void)
{
	Suite *s = suite_create("audit2");
	TCase *key = tcase_create("key");

	tcase_set_timeout(key, 300);
	tcase_add_loop_test(key, h1_key_in_every_ci_output, 0,
			    sizeof(echo_forms) / sizeof(echo_forms[0]));
	suite_add_tcase(s, key);
	return s;
}
