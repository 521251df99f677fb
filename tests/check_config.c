/* check_config — the option table and its checks. */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "suites.h"

static int parse(struct config *c, char *err, size_t n, const char *const *argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	return config_parse(argc, (char **)argv, c, err, n);
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
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--timeout", NULL }, "needs a value" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--timeout=0", NULL },
	  "--timeout must be a number" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--thinking-mode=on", NULL },
	  "--thinking-mode must be" },
	{ { "preflight", "run", "--endpoint", "http://h/v1", "--visible-answer-tokens=1.5", NULL },
	  "must be an integer" },
	{ { "preflight", "run", NULL }, "no endpoint" },
	{ { "preflight", "validate", NULL }, "validate needs at least one FILE" },
};

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

Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, defaults_and_flags);
	tcase_add_loop_test(tc, usage_errors, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, environment);
	suite_add_tcase(s, tc);
	return s;
}
