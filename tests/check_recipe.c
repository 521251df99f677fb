/* SPDX-License-Identifier: Apache-2.0 */
/* check_recipe — recipe files, and how their settings meet the flags. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "config.h"
#include "recipe.h"
#include "suites.h"

static const char good[] =
	"{\"model\":\"Qwen3.5-122B-A10B\",\"quant\":\"MXFP4\",\"engine\":\"vLLM\",\"gpu\":\"PRO "
	"6000\",\n"
	" \"key_flags\":\"`--max-model-len 16384`\",\"notes\":\"hybrid GDN\",\n"
	" \"preflight\":{\"endpoint\":\"http://127.0.0.1:30004/v1\",\"model\":\"qwen35-122b\",\n"
	"   \"thinking\":\"disabled\",\"needle_ctx\":20000,\"checks\":[\"smoke\",\"needle\"],\n"
	"   \"chat_template_kwargs\":{\"x\":1}}}";

START_TEST(loads_recipe)
{
	char err[512];
	struct recipe *r = recipe_load_text("r.json", good, strlen(good), err, sizeof(err));

	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_str_eq(r->name, "Qwen3.5-122B-A10B · MXFP4 · vLLM · PRO 6000");
	ck_assert_str_eq(recipe_setting(r, "model"), "qwen35-122b");
	ck_assert_str_eq(recipe_setting(r, "checks"), "smoke,needle");
	ck_assert_str_eq(recipe_setting(r, "needle_ctx"), "20000");
	ck_assert_str_eq(recipe_setting(r, "chat_template_kwargs"), "{\"x\":1}");
	ck_assert_ptr_null(recipe_setting(r, "tool_batch"));
	recipe_free(r);
}
END_TEST

static const struct {
	const char *text, *want;
} bad[] = {
	{ "{\"quant\":\"x\"}", "r.json:1:1: missing required key 'model'" },
	{ "{\"model\":\"m\",\n\"gpus\":\"x\"}", "r.json:2:1: unknown key 'gpus' in the recipe" },
	{ "{\"model\":\"m\",\"preflight\":{\"checks\":[1]}}",
	  "r.json:1:27: 'checks' must be a list of names" },
	{ "{\"model\":\"m\",\"preflight\":{\"wait\":true}}",
	  "'wait' must be a non-empty string, a number, an object or a list" },
	{ "{\"id\":\"p\",\"expect\":{}}", "this looks like a probe" },
};

START_TEST(rejects_bad_recipe)
{
	char err[512];
	struct recipe *r =
		recipe_load_text("r.json", bad[_i].text, strlen(bad[_i].text), err, sizeof(err));

	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(err, bad[_i].want) != NULL, "got '%s'", err);
}
END_TEST

static char *write_temp(const char *text)
{
	static char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/pf-recipe-XXXXXX");
	f = fdopen(mkstemp(path), "w");
	fputs(text, f);
	fclose(f);
	return path;
}

/* the recipe sets defaults; flags on the command line win */
START_TEST(flags_override_recipe)
{
	char *path = write_temp(good), err[512];
	const char *argv[] = {
		"preflight", "run", "--recipe", path, "--needle-ctx", "30000", NULL
	};
	struct config c;

	ck_assert_msg(config_parse(cli_commands(), 6, (char **)argv, &c, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_str_eq(c.endpoint, "http://127.0.0.1:30004/v1");
	ck_assert_str_eq(c.model, "qwen35-122b");
	ck_assert_int_eq(c.thinking, THINKING_DISABLED);
	ck_assert_int_eq(c.needle_ctx, 30000);
	ck_assert_str_eq(c.checks, "smoke,needle");
	ck_assert_ptr_nonnull(c.chat_template_kwargs);
	ck_assert_ptr_nonnull(c.recipe);
	config_release(&c);
	unlink(path);
}
END_TEST

/* every key is an option of the table and every value is checked as
 * that option's, with the key's place in the file */
static const struct {
	const char *text, *want;
} bad_values[] = {
	{ "{\"model\":\"m\",\"preflight\":{\"thinking\":\"sometimes\"}}",
	  ":1:27: --thinking-mode must be default, enabled" },
	{ "{\"model\":\"m\",\n\"preflight\":{\"needle_ctx\":5}}",
	  ":2:14: --needle-ctx takes up to 16 sizes from 256" },
	{ "{\"model\":\"m\",\"preflight\":{\"port\":1}}",
	  ":1:27: unknown key 'port' in 'preflight'" },
	{ "{\"model\":\"m\",\"preflight\":{\"extra_body\":\"x\"}}",
	  "--extra-body must be a JSON object" },
};

START_TEST(recipe_values_are_checked_like_flags)
{
	char *path = write_temp(bad_values[_i].text), err[512];
	const char *argv[] = { "preflight", "run", "--recipe", path, NULL };
	struct recipe *r;
	struct config c;

	ck_assert_int_eq(config_parse(cli_commands(), 4, (char **)argv, &c, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, path) && strstr(err, bad_values[_i].want), "%s", err);
	config_release(&c);
	/* validate says the same without a run */
	r = recipe_load_file(path, err, sizeof(err));
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(config_check_recipe(r, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, bad_values[_i].want), "%s", err);
	recipe_free(r);
	unlink(path);
}
END_TEST

Suite *recipe_suite(void)
{
	Suite *s = suite_create("recipe");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, loads_recipe);
	tcase_add_loop_test(tc, rejects_bad_recipe, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, flags_override_recipe);
	tcase_add_loop_test(tc, recipe_values_are_checked_like_flags, 0,
			    sizeof(bad_values) / sizeof(bad_values[0]));
	suite_add_tcase(s, tc);
	return s;
}
