/* SPDX-License-Identifier: Apache-2.0 */
/* check_schemas — the published JSON Schemas (probes/schemas/,
 * reports/schemas/) agree with preflight: every bundled probe, check and
 * recipe validates against its schema, the recipe schema names exactly the
 * option table's recipe keys, every line of every recording validates,
 * and preflight validate names FILE:LINE:COL for what only the schema
 * refuses while accepting a "$schema" member. (Every report and plan the
 * suite reads is validated in testutil.c.) */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "schema.h"
#include "suites.h"
#include "testutil.h"

static cJSON *load_json(const char *path)
{
	char *text = read_text_file(path);
	cJSON *j;

	ck_assert_msg(text != NULL, "%s is missing", path);
	j = cJSON_Parse(text);
	free(text);
	ck_assert_msg(j != NULL, "%s is not JSON", path);
	return j;
}

static cJSON *schema_named(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s/schemas/%s.schema.json", repo_root(), dir, name);
	return load_json(path);
}

/* every *.json of dir (under the root) against schema; returns how many */
static int all_valid(const char *dir, const cJSON *schema)
{
	char path[4096], full[8192], err[512];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%s", repo_root(), dir);
	d = opendir(path);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		cJSON *doc;

		if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
			continue;
		snprintf(full, sizeof(full), "%s/%s", path, e->d_name);
		doc = load_json(full);
		ck_assert_msg(schema_validate(schema, doc, err, sizeof(err)) == 1, "%s: %s", full,
			      err);
		cJSON_Delete(doc);
		n++;
	}
	closedir(d);
	return n;
}

START_TEST(bundled_files_validate)
{
	cJSON *probe = schema_named("probes", "probe"), *recipe = schema_named("probes", "recipe");
	char err[256];

	ck_assert_int_eq(schema_check(probe, err, sizeof(err)), 0);
	ck_assert_int_eq(schema_check(recipe, err, sizeof(err)), 0);
	ck_assert_int_ge(all_valid("probes", probe), 15);
	ck_assert_int_eq(all_valid("probes/conformance", probe), 60);
	ck_assert_int_ge(all_valid("fixtures/recipes", recipe), 6);
	ck_assert_int_ge(all_valid("fixtures/notebook/recipes", recipe), 6);
	{
		cJSON *rules = schema_named("probes", "engine-rules");
		char path[4096];
		cJSON *doc;

		snprintf(path, sizeof(path), "%s/probes/engine/rules.json", repo_root());
		doc = load_json(path);
		ck_assert_msg(schema_validate(rules, doc, err, sizeof(err)) == 1, "%s", err);
		cJSON_Delete(doc);
		cJSON_Delete(rules);
	}
	cJSON_Delete(probe);
	cJSON_Delete(recipe);
}
END_TEST

/* the recipe schema's preflight keys are the option table's, both ways */
START_TEST(recipe_keys_agree)
{
	cJSON *recipe = schema_named("probes", "recipe");
	const cJSON *props = cJSON_GetObjectItem(
			    cJSON_GetObjectItem(cJSON_GetObjectItem(recipe, "properties"),
						"preflight"),
			    "properties"),
		    *k;
	struct config_option_info o;
	size_t i;
	int table = 0;

	for (i = 0; config_option_info(i, &o); i++)
		if (o.recipe_key) {
			table++;
			ck_assert_msg(cJSON_GetObjectItem(props, o.recipe_key) != NULL,
				      "recipe.schema.json lacks %s", o.recipe_key);
		}
	cJSON_ArrayForEach(k, props)
	{
		bool known = false;

		for (i = 0; config_option_info(i, &o); i++)
			known = known || (o.recipe_key && !strcmp(o.recipe_key, k->string));
		ck_assert_msg(known, "recipe.schema.json has %s, which no option sets", k->string);
	}
	ck_assert_int_eq(cJSON_GetArraySize(props), table);
	cJSON_Delete(recipe);
}
END_TEST

/* every line of path (gzip JSON lines) against schema; returns the count */
static int lines_valid(const char *path, const cJSON *schema)
{
	char cmd[4200], err[512], *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int n = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "zcat '%s'", path);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while ((len = getline(&line, &cap, p)) > 0) {
		cJSON *doc = cJSON_ParseWithLength(line, (size_t)len);

		ck_assert_msg(doc != NULL, "%s line %d is not JSON", path, n + 1);
		ck_assert_msg(schema_validate(schema, doc, err, sizeof(err)) == 1, "%s line %d: %s",
			      path, n + 1, err);
		cJSON_Delete(doc);
		n++;
	}
	free(line);
	ck_assert_int_eq(pclose(p), 0);
	return n;
}

START_TEST(recordings_validate)
{
	cJSON *schema = schema_named("reports", "recording-line");
	const char *argv[] = { "run",	      "--endpoint", NULL,	  "--checks",
			       "smoke,tools", "--record",   "r.jsonl.gz", NULL };
	char dir[4096], path[8192];
	struct dirent *e;
	struct outcome o;
	struct fake f;
	DIR *d;
	int files = 0;

	snprintf(dir, sizeof(dir), "%s/fixtures/recordings", repo_root());
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".jsonl.gz")) {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			ck_assert_int_ge(lines_valid(path, schema), 2);
			files++;
		}
	closedir(d);
	ck_assert_int_ge(files, 5);
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	snprintf(path, sizeof(path), "%s/r.jsonl.gz", o.dir);
	ck_assert_int_ge(lines_valid(path, schema), 20);
	outcome_release(&o);
	cJSON_Delete(schema);
}
END_TEST

/* validate: a "$schema" member is welcome; what the loader lets through
 * and the schema does not (an unknown role) is exit 2 at FILE:LINE:COL */
START_TEST(validate_uses_the_schema)
{
	static const char good[] = "{\n  \"$schema\": \"probes/schemas/probe.schema.json\",\n"
				   "  \"id\": \"t\", \"title\": \"T\",\n"
				   "  \"request\": {\"messages\": [{\"role\": \"user\", "
				   "\"content\": \"hi\"}]},\n"
				   "  \"expect\": {\"content_regex\": \"x\"}\n}\n";
	static const char bad[] = "{\n  \"id\": \"t\", \"title\": \"T\",\n"
				  "  \"request\": {\"messages\": [{\"role\": \"moderator\", "
				  "\"content\": \"hi\"}]},\n"
				  "  \"expect\": {\"content_regex\": \"x\"}\n}\n";
	const char *argv[] = { "validate", "good.json", NULL };
	char path[4096];
	struct outcome o;
	FILE *fp;

	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/good.json", o.dir);
	fp = fopen(path, "w");
	fputs(good, fp);
	fclose(fp);
	snprintf(path, sizeof(path), "%s/bad.json", o.dir);
	fp = fopen(path, "w");
	fputs(bad, fp);
	fclose(fp);
	run_preflight_in(&o, NULL, argv);
	ck_assert_msg(o.code == 0, "%s", o.err);
	argv[1] = "bad.json";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_msg(strstr(o.err, "bad.json:3:29: does not match probe.schema.json: "
				    "$.request.messages[0].role"),
		      "%s", o.err);
	outcome_release(&o);
}
END_TEST

Suite *schemas_suite(void)
{
	Suite *s = suite_create("schemas");
	TCase *tc = tcase_create("published");

	tcase_add_test(tc, bundled_files_validate);
	tcase_add_test(tc, recipe_keys_agree);
	tcase_add_test(tc, recordings_validate);
	tcase_add_test(tc, validate_uses_the_schema);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
