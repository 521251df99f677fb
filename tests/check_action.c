/* SPDX-License-Identifier: Apache-2.0 */
/* check_action — action.yml, the GitHub Action: valid against the
 * published action metadata schema (SchemaStore's, vendored in
 * tests/data) by preflight's own validator, whose draft-7 if/then/else is
 * what makes a composite action's output need its "value" (a copy
 * without one fails); no input reaches a shell as an expression inside
 * run: (only through env:); every action it uses pinned by a commit. The
 * YAML is read by Debian's python3-yaml into JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "schema.h"
#include "suites.h"
#include "testutil.h"

/* action.yml as JSON (caller deletes) */
static cJSON *action_json(void)
{
	char cmd[4096];
	struct buf out = BUF_INIT(0);
	char chunk[4096];
	size_t n;
	FILE *p;
	cJSON *doc;

	snprintf(cmd, sizeof(cmd),
		 "/usr/bin/python3 -c 'import json, sys, yaml; "
		 "json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)' '%s/action.yml'",
		 repo_root());
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0)
		buf_append(&out, chunk, n);
	ck_assert_msg(pclose(p) == 0, "python3-yaml could not read action.yml (make test-deps)");
	doc = cJSON_Parse(buf_cstr(&out));
	buf_release(&out);
	ck_assert_ptr_nonnull(doc);
	return doc;
}

static cJSON *published_schema(void)
{
	char path[4096], *text;
	cJSON *s;

	snprintf(path, sizeof(path), "%s/tests/data/github-action.schema.json", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	s = cJSON_Parse(text);
	free(text);
	ck_assert_ptr_nonnull(s);
	return s;
}

START_TEST(the_action_holds_the_published_schema)
{
	cJSON *action = action_json(), *schema = published_schema();
	cJSON *outputs = cJSON_GetObjectItem(action, "outputs"), *o;
	char err[512];

	ck_assert_int_eq(schema_check(schema, err, sizeof(err)), 0);
	ck_assert_msg(schema_validate(schema, action, err, sizeof(err)) == SCHEMA_VALID,
		      "action.yml: %s", err);
	/* a composite action's output without its value: the schema's if/then
	 * (runs.using is composite) demands one */
	cJSON_ArrayForEach(o, outputs)
	{
		ck_assert_ptr_nonnull(cJSON_GetObjectItem(o, "value"));
	}
	cJSON_DeleteItemFromObject(cJSON_GetObjectItem(outputs, "verdict"), "value");
	ck_assert_int_eq(schema_validate(schema, action, err, sizeof(err)), SCHEMA_INVALID);
	cJSON_Delete(action);
	cJSON_Delete(schema);
}
END_TEST

/* is s a commit SHA: 40 hexadecimal digits */
static bool commit_sha(const char *s)
{
	size_t i;

	for (i = 0; i < 40; i++)
		if (!s[i] || !strchr("0123456789abcdef", s[i]))
			return false;
	return s[40] == '\0';
}

START_TEST(no_input_reaches_a_shell_but_through_env)
{
	cJSON *action = action_json();
	const cJSON *steps = cJSON_GetObjectItem(cJSON_GetObjectItem(action, "runs"), "steps");
	const cJSON *step;
	int runs = 0, uses = 0;

	ck_assert_str_eq(cJSON_GetStringValue(
				 cJSON_GetObjectItem(cJSON_GetObjectItem(action, "runs"), "using")),
			 "composite");
	cJSON_ArrayForEach(step, steps)
	{
		const char *run = cJSON_GetStringValue(cJSON_GetObjectItem(step, "run"));
		const char *use = cJSON_GetStringValue(cJSON_GetObjectItem(step, "uses"));

		if (run) {
			runs++;
			ck_assert_msg(!strstr(run, "${{"), "an expression inside run: %s", run);
			ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(step, "shell")),
					 "bash");
		}
		if (use) {
			const char *at = strchr(use, '@');

			uses++;
			ck_assert_msg(at && commit_sha(at + 1), "not pinned by a commit: %s", use);
		}
	}
	ck_assert_int_ge(runs, 3);
	ck_assert_int_ge(uses, 1);
	cJSON_Delete(action);
}
END_TEST

Suite *action_suite(void)
{
	Suite *s = suite_create("action");
	TCase *tc = tcase_create("action");

	tcase_add_test(tc, the_action_holds_the_published_schema);
	tcase_add_test(tc, no_input_reaches_a_shell_but_through_env);
	suite_add_tcase(s, tc);
	return s;
}
