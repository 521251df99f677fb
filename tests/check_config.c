/* SPDX-License-Identifier: Apache-2.0 */
/* check_config — the option table and its checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "config.h"
#include "suites.h"
#include "testutil.h"

static int parse(struct config *c, char *err, size_t n, const char *const *argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	return config_parse(cli_commands(), argc, (char **)argv, c, err, n);
}

START_TEST(defaults_and_flags)
{
	const char *argv[] = { "preflight",
			       "run",
			       "--endpoint",
			       "http://127.0.0.1:1/v1",
			       "--no-thinking",
			       "--needle-ctx=20000",
			       "--tool-batch",
			       "5",
			       "--allowed-finish-reasons",
			       "stop",
			       "--chat-template-kwargs",
			       "{\"a\":1}",
			       NULL };
	struct config c;
	char err[256];

	unsetenv("OPENAI_API_KEY");
	ck_assert_msg(parse(&c, err, sizeof(err), argv) == 0, "%s", err);
	ck_assert_int_eq(c.cmd, CMD_RUN);
	ck_assert_int_eq(c.thinking, THINKING_DISABLED);
	ck_assert_int_eq(c.needle_ctx, 20000);
	ck_assert_int_eq(c.tool_batch, 5);
	ck_assert_int_eq(c.visible_tokens, 256);
	ck_assert_uint_eq(c.n_allowed_finish, 1);
	ck_assert(c.timeout == 900);
	ck_assert_ptr_nonnull(c.chat_template_kwargs);
	config_release(&c);
}
END_TEST

static const struct {
	const char *argv[6];
	const char *want;
} bad[] = {
	{ { "preflight", "fly", NULL }, "unknown command 'fly'" },
	{ { "preflight", "run", "--endpoint", "ftp://x/v1", NULL }, "must start with http" },
	{ { "preflight", "run", "--endpoint", "http://u:p@h/v1", NULL },
	  "must not hold credentials" },
	/* read by libcurl's URL API: a port out of range, no host, a query */
	{ { "preflight", "run", "--endpoint", "http://h:99999/v1", NULL }, "is not a URL: Port" },
	{ { "preflight", "run", "--endpoint", "http:///v1", NULL }, "has no host" },
	{ { "preflight", "run", "--endpoint", "http://h/v1?k=1", NULL }, "without query" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--timeout", NULL }, "needs a value" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--timeout=0", NULL },
	  "--timeout must be a number" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--thinking-mode=on", NULL },
	  "--thinking-mode must be" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--visible-answer-tokens=1.5", NULL },
	  "must be an integer" },
	{ { "preflight", "run", NULL }, "no endpoint" },
	{ { "preflight", "validate", NULL }, "validate needs at least one FILE" },
	/* two flags of one command line that cannot both be meant */
	{ { "preflight", "run", "--endpoint=http://h/v1", "--no-thinking",
	    "--thinking-mode=enabled", NULL },
	  "--no-thinking contradicts --thinking-mode enabled" },
	{ { "preflight", "run", "--endpoint=http://a/v1", "--base-url", "http://b/v1", NULL },
	  "--endpoint http://a/v1 contradicts --base-url http://b/v1" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--model=a", "--model=b", NULL },
	  "--model a contradicts --model b" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--stream", "--stream-parity", NULL },
	  "--stream and --stream-parity cannot be used together" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--tool-batch=4", "--tool-batch=5",
	    NULL },
	  "--tool-batch 4 contradicts --tool-batch 5" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--no-thinking",
	    "--reasoning-evidence=required", NULL },
	  "--no-thinking and --reasoning-evidence required cannot be used together" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--concurrency-diff", "--parallel",
	    NULL },
	  "--concurrency-diff and --parallel cannot be used together" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--model", "bad\xff", NULL },
	  "argument 4 is not valid UTF-8" },
	{ { "preflight", "replay", "r.gz", "--record", "x.gz", NULL }, "replay takes only" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-depth", "0.5,", NULL },
	  "--needle-depth takes depths from 0 to 1 or ranges FROM:TO:STEP" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-depth", "0.2:0.1:0.1", NULL },
	  "FROM up to TO" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-depth", "0:1:0", NULL },
	  "STEP above 0" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-depth", "0:1:0.05", NULL },
	  "at most 16 depths" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-ctx", "4k,,8k", NULL },
	  "--needle-ctx takes up to 16 sizes from 256 to 10000000 tokens" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-ctx", "4.5", NULL },
	  "--needle-ctx takes up to 16 sizes" },
	{ { "preflight", "run", "--endpoint=http://h/v1", "--needle-ctx", "20M", NULL },
	  "--needle-ctx takes up to 16 sizes" },
};

/* sizes with k and M, once each, the largest as needle_ctx; depths as a
 * range and a list */
START_TEST(sweep_values)
{
	const char *argv[] = { "preflight",	 "run",		 "--endpoint",
			       "http://h/v1",	 "--needle-ctx", "4k,8000,1.5M,8k",
			       "--needle-depth", "0:1:0.25,0.9", NULL };
	struct config c;
	char err[256];

	ck_assert_msg(parse(&c, err, sizeof(err), argv) == 0, "%s", err);
	ck_assert_uint_eq(c.n_needle_ctxs, 3);
	ck_assert_int_eq(c.needle_ctxs[0], 4000);
	ck_assert_int_eq(c.needle_ctxs[1], 8000);
	ck_assert_int_eq(c.needle_ctxs[2], 1500000);
	ck_assert_int_eq(c.needle_ctx, 1500000);
	ck_assert_uint_eq(c.n_needle_depths, 6);
	ck_assert(c.needle_depths[4] == 1.0 && c.needle_depths[5] == 0.9);
	config_release(&c);
}
END_TEST

START_TEST(usage_errors)
{
	struct config c;
	char err[256];

	unsetenv("OPENAI_BASE_URL");
	ck_assert_int_eq(parse(&c, err, sizeof(err), bad[_i].argv), -1);
	ck_assert_msg(strstr(err, bad[_i].want) != NULL, "got '%s'", err);
	config_release(&c);
}
END_TEST

START_TEST(environment)
{
	const char *argv[] = { "preflight", "run", "--api-key-env", "PF_TEST_KEY", NULL };
	struct config c;
	char err[256];

	setenv("OPENAI_BASE_URL", "http://127.0.0.1:8000/v1", 1);
	setenv("PF_TEST_KEY", "k", 1);
	ck_assert_int_eq(parse(&c, err, sizeof(err), argv), 0);
	ck_assert_str_eq(c.endpoint, "http://127.0.0.1:8000/v1");
	ck_assert_str_eq(c.api_key, "k");
	config_release(&c);
	unsetenv("PF_TEST_KEY");
	ck_assert_int_eq(parse(&c, err, sizeof(err), argv), -1);
	ck_assert_str_eq(err, "environment variable PF_TEST_KEY is not set");
	config_release(&c);
	unsetenv("OPENAI_BASE_URL");
}
END_TEST

/* the same setting twice, or a recipe's value under a flag: no conflict */
START_TEST(agreeing_flags_and_recipe_overrides)
{
	const char *argv[] = { "preflight",
			       "run",
			       "--endpoint=http://h/v1",
			       "--no-thinking",
			       "--thinking-mode",
			       "disabled",
			       "--tool-batch",
			       "20",
			       "--tool-batch=20.0",
			       "--image-expect",
			       "cat",
			       "--image-expect=dog",
			       NULL };
	struct config c;
	char err[256];

	ck_assert_msg(parse(&c, err, sizeof(err), argv) == 0, "%s", err);
	ck_assert_int_eq(c.thinking, THINKING_DISABLED);
	ck_assert_uint_eq(c.image_expect.n, 2);
	config_release(&c);
}
END_TEST

/* what a recording may carry: options of the run, never outputs, media,
 * the probe folder, the CA file or the key's name */
START_TEST(recorded_arguments)
{
	static const char *const good[] = { "--endpoint",    "http://h/v1",
					    "--no-thinking", "--needle-ctx=8000",
					    "--recipe",	     "r.json",
					    "--wait",	     "900" };
	static const char *const refused[] = { "--json",    "--junit=j.xml", "--markdown",
					       "--record",  "--image-path",  "--video-path",
					       "--probes",  "--cacert",	     "--api-key-env",
					       "--dry-run", "--nosuch",	     "stray" };
	char err[256];
	size_t i;

	static const char *const compared[] = { "--reference",	    "http://r/v1",
						"--compare-tokens", "16",
						"--max-kl",	    "0.01",
						"--no-early-stop" };
	static const char *const not_compared[] = { "--prompts", "--dataset", "--resume",
						    "--reference-api-key-env", "--record" };

	ck_assert_int_eq(config_check_recorded(good, 8, CMD_RUN, err, sizeof(err)), 0);
	/* compare's own: its options kept, its files and key names never */
	ck_assert_int_eq(config_check_recorded(compared, 7, CMD_COMPARE, err, sizeof(err)), 0);
	ck_assert_int_eq(config_check_recorded(compared, 2, CMD_RUN, err, sizeof(err)), -1);
	for (i = 0; i < sizeof(not_compared) / sizeof(not_compared[0]); i++) {
		const char *args[] = { "--model", "m", not_compared[i], "x" };

		ck_assert_int_eq(config_check_recorded(args, 4, CMD_COMPARE, err, sizeof(err)), -1);
	}
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		const char *args[] = { "--model", "m", refused[i], "x" };

		ck_assert_int_eq(config_check_recorded(args, 4, CMD_RUN, err, sizeof(err)), -1);
		ck_assert_ptr_nonnull(strstr(err, refused[i]));
	}
}
END_TEST

/* The README's options table and its recipe keys say what the option
 * table says: every option of `preflight run --help` has a row and every
 * row names a real option, each default in the help is in the row's
 * default cell, and the recipe keys listed are the table's. */

/* the next "--name" token in s at or after *at, into out; false at the end */
static bool next_option(const char *s, const char **at, char *out, size_t n)
{
	const char *p = strstr(*at, "--"), *e;

	if (!p)
		return false;
	for (e = p + 2; (*e >= 'a' && *e <= 'z') || *e == '-'; e++)
		;
	snprintf(out, n, "%.*s", (int)(e - p), p);
	*at = e;
	(void)s;
	return true;
}

/* true when the first cell of row names option name */
static bool cell_names(const char *row, const char *name)
{
	const char *end = strchr(row + 1, '|');
	char a[96], b[96];
	const char *hit;

	snprintf(a, sizeof(a), "`%s ", name);
	snprintf(b, sizeof(b), "`%s`", name);
	hit = strstr(row, a);
	if (!hit || hit > end)
		hit = strstr(row, b);
	return hit && hit < end;
}

/* the README row of option name (one line of the options table), or NULL */
static const char *readme_row(const char *readme, const char *name, char *row, size_t n)
{
	const char *p = strstr(readme, "### `run` options"), *end;

	while (p && (p = strstr(p, "\n|")) && (end = strchr(p + 1, '\n'))) {
		snprintf(row, n, "%.*s", (int)(end - p - 1), p + 1);
		if (cell_names(row, name))
			return row;
		p = end;
		if (end[1] != '|')
			break; /* the table ended */
	}
	return NULL;
}

START_TEST(readme_agrees_with_the_option_table)
{
	struct config_option_info o;
	char path[4096], name[80], row[1024], want[160], *readme;
	const char *p;
	size_t i;
	int rows = 0;

	snprintf(path, sizeof(path), "%s/README.md", repo_root());
	readme = read_text_file(path);
	ck_assert_ptr_nonnull(readme);
	/* every option run takes has a row, with its default and recipe key */
	for (i = 0; config_option_info(i, &o); i++) {
		if (!(o.commands & CMD_BIT(CMD_RUN)))
			continue;
		ck_assert_msg(readme_row(readme, o.name, row, sizeof(row)),
			      "README.md's options table has no row for %s", o.name);
		rows++;
		ck_assert_msg(!o.def || strstr(row, o.def),
			      "README.md: %s defaults to '%s' (the table), row: %s", o.name, o.def,
			      row);
		if (o.recipe_key) {
			snprintf(want, sizeof(want), "`%s`", o.recipe_key);
			ck_assert_msg(strstr(strstr(readme, "the `preflight` section:"), want),
				      "README.md's recipe keys lack %s", want);
		}
	}
	/* and every option the table's rows name is one run takes */
	for (p = strstr(readme, "### `run` options");
	     (p = strstr(p, "\n| `--")) && p < strstr(readme, "## Exit codes");) {
		const char *cell_end = strchr(p + 3, '|');

		p += 3;
		while (next_option(p, &p, name, sizeof(name)) && p < cell_end) {
			bool taken = false;

			for (i = 0; config_option_info(i, &o); i++)
				taken = taken ||
					(!strcmp(o.name, name) && (o.commands & CMD_BIT(CMD_RUN)));
			ck_assert_msg(taken,
				      "README.md names %s, which preflight run does not take",
				      name);
		}
	}
	ck_assert_int_gt(rows, 40);
	free(readme);
}
END_TEST

Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, defaults_and_flags);
	tcase_add_test(tc, readme_agrees_with_the_option_table);
	tcase_add_loop_test(tc, usage_errors, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, sweep_values);
	tcase_add_test(tc, environment);
	tcase_add_test(tc, agreeing_flags_and_recipe_overrides);
	tcase_add_test(tc, recorded_arguments);
	suite_add_tcase(s, tc);
	return s;
}
