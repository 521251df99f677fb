/* SPDX-License-Identifier: Apache-2.0 */
/* check_engine — the engine registry: every name of every engine resolves
 * to its row and to no other; the schemas' engine names are the
 * registry's; every engine name in the bundled rule and conformance files
 * resolves; an unknown one is an error with its place, in a rule file, a
 * conformance file, a recipe and doctor --engine; a remedy in an engine's
 * own flags. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "diagnose.h"
#include "engine.h"
#include "remedy.h"
#include "enginelog.h"
#include "probe.h"
#include "recipe.h"
#include "suites.h"
#include "testutil.h"

/* calls fn on every name of every engine */
static void each_name(void (*fn)(enum engine e, const char *name, void *ctx), void *ctx)
{
	int e;
	size_t i;

	for (e = 1; e < ENGINE_COUNT; e++) {
		const struct engine_info *r = engine_info((enum engine)e);

		fn((enum engine)e, r->key, ctx);
		fn((enum engine)e, r->name, ctx);
		for (i = 0; r->aliases && r->aliases[i]; i++)
			fn((enum engine)e, r->aliases[i], ctx);
	}
}

static void resolves(enum engine e, const char *name, void *ctx)
{
	char upper[64];
	size_t i;

	(void)ctx;
	ck_assert_msg(engine_named(name) == e, "'%s' resolves to %d, not %d", name,
		      engine_named(name), e);
	for (i = 0; name[i] && i + 1 < sizeof(upper); i++)
		upper[i] = (char)toupper((unsigned char)name[i]);
	upper[i] = '\0';
	ck_assert_msg(engine_named(upper) == e, "'%s' resolves to another engine", upper);
}

START_TEST(every_name_resolves_to_its_row)
{
	int e;

	each_name(resolves, NULL);
	for (e = 1; e < ENGINE_COUNT; e++) {
		const struct engine_info *r = engine_info((enum engine)e);

		ck_assert_int_eq(r->id, e);
		ck_assert_ptr_nonnull(r->key);
		ck_assert_ptr_nonnull(r->name);
		ck_assert_ptr_nonnull(r->owners);
		ck_assert_msg(r->flags.context && r->flags.concurrency && r->flags.memory &&
				      r->flags.port,
			      "%s lacks the flags a remedy needs", r->name);
		ck_assert_ptr_nonnull(strstr(engine_keys(), r->key));
	}
	ck_assert_int_eq(engine_named("llama-server"), ENGINE_LLAMACPP);
	ck_assert_int_eq(engine_named("vLLM"), ENGINE_VLLM);
	ck_assert_int_eq(engine_named("trtllm-serve"), ENGINE_TRTLLM);
	ck_assert_int_eq(engine_named("nosuch"), ENGINE_UNKNOWN);
	ck_assert_int_eq(engine_named(NULL), ENGINE_UNKNOWN);
	ck_assert_ptr_null(engine_info(ENGINE_UNKNOWN));
	ck_assert_int_eq(engine_from_owner("lmdeploy"), ENGINE_LMDEPLOY);
	ck_assert_int_eq(engine_from_owner("tensorrt_llm"), ENGINE_TRTLLM);
	ck_assert_int_eq(engine_from_owner("library"), ENGINE_OLLAMA);
}
END_TEST

/* the names a schema's enum holds: exactly the registry's, lower case */
static void in_enum(enum engine e, const char *name, void *ctx)
{
	const cJSON *list = ctx, *v;
	char lower[64];
	size_t i;
	bool found = false;

	(void)e;
	for (i = 0; name[i] && i + 1 < sizeof(lower); i++)
		lower[i] = (char)tolower((unsigned char)name[i]);
	lower[i] = '\0';
	cJSON_ArrayForEach(v, list)
	{
		found = found || !strcmp(v->valuestring, lower);
	}
	ck_assert_msg(found || strcmp(name, lower),
		      "the schema's engine names lack '%s' (harness/engine.c has it)", lower);
}

static const cJSON *find_key(const cJSON *o, const char *key)
{
	const cJSON *c, *hit;

	if (!cJSON_IsObject(o) && !cJSON_IsArray(o))
		return NULL;
	if (cJSON_IsObject(o) && (hit = cJSON_GetObjectItemCaseSensitive(o, key)))
		return hit;
	cJSON_ArrayForEach(c, o)
	{
		if ((hit = find_key(c, key)))
			return hit;
	}
	return NULL;
}

START_TEST(schemas_name_the_registrys_engines)
{
	static const struct {
		const char *file, *where;
	} schemas[] = {
		{ "probes/schemas/engine-rules.schema.json", "engine" },
		{ "probes/schemas/recipe.schema.json", "engine_id" },
		{ "probes/schemas/probe.schema.json", "propertyNames" },
	};
	size_t i;

	for (i = 0; i < sizeof(schemas) / sizeof(schemas[0]); i++) {
		char path[4096];
		char *text;
		cJSON *root;
		const cJSON *list, *v;

		snprintf(path, sizeof(path), "%s/%s", repo_root(), schemas[i].file);
		text = read_text_file(path);
		ck_assert_ptr_nonnull(text);
		root = cJSON_Parse(text);
		list = cJSON_GetObjectItemCaseSensitive(find_key(root, schemas[i].where), "enum");
		ck_assert_msg(cJSON_IsArray(list), "%s has no engine enum", schemas[i].file);
		each_name(in_enum, (void *)list);
		cJSON_ArrayForEach(v, list)
		{
			ck_assert_msg(engine_named(v->valuestring) != ENGINE_UNKNOWN ||
					      !strcmp(v->valuestring, "default"),
				      "%s names '%s', which the registry does not know",
				      schemas[i].file, v->valuestring);
		}
		cJSON_Delete(root);
		free(text);
	}
}
END_TEST

/* the rule file's schema names every placeholder a remedy may hold, and
 * none the registry lacks */
START_TEST(schema_names_every_placeholder)
{
	static const char *const at[] = { "properties", "rules", "items", "properties", "layer" };
	char path[4096], name[64];
	char *text;
	cJSON *schema;
	const cJSON *o;
	const char *d, *p, *end;
	size_t i;

	snprintf(path, sizeof(path), "%s/probes/schemas/engine-rules.schema.json", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	schema = cJSON_Parse(text);
	ck_assert_ptr_nonnull(schema);
	for (o = schema, i = 0; o && i < sizeof(at) / sizeof(at[0]); i++)
		o = cJSON_GetObjectItemCaseSensitive(o, at[i]);
	d = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "description"));
	ck_assert_ptr_nonnull(d);
	d = strstr(d, "its remedy a template where");
	ck_assert_ptr_nonnull(d);
	for (i = 0; engine_slot(i); i++) {
		snprintf(name, sizeof(name), "{%s}", engine_slot(i));
		ck_assert_msg(strstr(d, name), "the schema does not name %s", name);
	}
	for (p = d; (p = strchr(p, '{')); p++) {
		size_t n;
		bool known;

		end = strchr(p, '}');
		n = end ? (size_t)(end - p - 1) : 0;
		known = n == 6 && !memcmp(p + 1, "engine", 6);
		for (i = 0; !known && engine_slot(i); i++)
			known = strlen(engine_slot(i)) == n && !memcmp(p + 1, engine_slot(i), n);
		ck_assert_msg(known, "the schema names %.*s, no placeholder", (int)n + 2, p);
	}
	cJSON_Delete(schema);
	free(text);
}
END_TEST

START_TEST(unknown_names_are_errors_with_their_place)
{
	static const char rules[] = "{\"rules\": [{\"id\": \"x\", \"engines\": [\"vllm\", "
				    "\"vlm\"], \"pattern\": \"boom\", \"literal\": \"boom\", "
				    "\"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\"}]}";
	static const char check[] =
		"{\"id\": \"c-x\", \"title\": \"t\", \"conformance\": {\"area\": \"a\", "
		"\"check\": \"answer\", \"answer_regex\": \"x\", \"remedy\": {\"llama-sever\": "
		"\"r\", \"default\": \"d\"}}, \"request\": {\"messages\": [{\"role\": \"user\", "
		"\"content\": \"hi\"}]}}";
	static const char recipe[] = "{\"model\": \"m\", \"engine\": \"vLLM :nightly\",\n"
				     " \"engine_id\": \"vllmm\"}";
	static const char good_recipe[] = "{\"model\": \"m\", \"engine\": \"x\", \"engine_id\": "
					  "\"llama-server\"}";
	struct log_rules rs;
	struct probe *p;
	struct recipe *r;
	char err[1024];

	memset(&rs, 0, sizeof(rs));
	ck_assert_int_eq(
		log_rules_load_text(&rs, "mine.json", rules, strlen(rules), err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "mine.json:1:") && strstr(err, "'vlm'"), "%s", err);
	log_rules_release(&rs);
	p = probe_load_text("c.json", check, strlen(check), err, sizeof(err));
	ck_assert_ptr_null(p);
	ck_assert_msg(strstr(err, "c.json:1:") && strstr(err, "llama-sever"), "%s", err);
	r = recipe_load_text("r.json", recipe, strlen(recipe), err, sizeof(err));
	ck_assert_ptr_null(r);
	ck_assert_msg(strstr(err, "r.json:2:") && strstr(err, "vllmm"), "%s", err);
	r = recipe_load_text("r.json", good_recipe, strlen(good_recipe), err, sizeof(err));
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(r->engine_id, ENGINE_LLAMACPP);
	recipe_free(r);
}
END_TEST

/* doctor --engine takes every name of an engine (L11), and refuses an
 * unknown one with exit 2 */
START_TEST(doctor_engine_names)
{
	static const char *const names[] = { "llama.cpp", "llamacpp", "llama-server", "LLaMA.cpp" };
	char log[4096];
	const char *argv[] = { "doctor", log, "--engine", NULL, NULL };
	struct outcome o;
	size_t i;

	outcome_mkdir(&o);
	snprintf(log, sizeof(log), "%s/llama.log", o.dir);
	ck_assert(write_text_file(log, "llama_model_load: error loading model: error loading model "
				       "architecture: unknown model architecture: 'qwen9'\n"));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		argv[3] = names[i];
		run_preflight_in(&o, NULL, argv);
		ck_assert_msg(o.code == 1, "--engine %s: exit %d\n%s%s", names[i], o.code, o.out,
			      o.err);
		ck_assert_ptr_nonnull(strstr(o.out, "llamacpp-unknown-architecture"));
	}
	argv[3] = "vllm"; /* not a vLLM rule: the class that knows every wording */
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_null(strstr(o.out, "llamacpp-unknown-architecture"));
	ck_assert_ptr_nonnull(strstr(o.out, "class-not-supported"));
	argv[3] = "llama";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "'llama' is not an engine"));
	outcome_release(&o);
}
END_TEST

/* an engine without rows of its own gets remedies in its own flags */
START_TEST(remedies_from_the_flag_vocabulary)
{
	ck_assert_str_eq(remedy_of_engine(ENGINE_LMDEPLOY, CAUSE_CONTEXT_OVERFLOW),
			 "serve with a larger --session-len, or run with a smaller --needle-ctx");
	ck_assert_ptr_nonnull(
		strstr(remedy_of_engine(ENGINE_TRTLLM, CAUSE_HTTP_ERROR), "--max_batch_size"));
	ck_assert_ptr_nonnull(strstr(remedy_of_engine(ENGINE_LMDEPLOY, CAUSE_REASONING_BLEED),
				     "--reasoning-parser"));
	/* a template that needs a flag the engine lacks gives way to the cause's
	 * (remedies_fit_the_engine: no remedy says "its ... setting") */
	ck_assert_ptr_null(remedy_of_engine(ENGINE_UNKNOWN, CAUSE_CONTEXT_OVERFLOW));
}
END_TEST

/* --engine's help names every engine by its key (the help is written by
 * hand; the registry is the list) */
START_TEST(engine_help_names_every_engine)
{
	struct config_option_info o;
	const char *help = NULL;
	size_t i;
	int e;

	for (i = 0; config_option_info(i, &o); i++)
		if (!strcmp(o.name, "--engine"))
			help = o.help;
	ck_assert_ptr_nonnull(help);
	for (e = 1; e < ENGINE_COUNT; e++)
		ck_assert_msg(strstr(help, engine_key((enum engine)e)) != NULL,
			      "--engine's help does not name %s", engine_key((enum engine)e));
}
END_TEST

Suite *engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("registry");

	tcase_add_test(tc, every_name_resolves_to_its_row);
	tcase_add_test(tc, schemas_name_the_registrys_engines);
	tcase_add_test(tc, schema_names_every_placeholder);
	tcase_add_test(tc, unknown_names_are_errors_with_their_place);
	tcase_add_test(tc, doctor_engine_names);
	tcase_add_test(tc, remedies_from_the_flag_vocabulary);
	tcase_add_test(tc, engine_help_names_every_engine);
	suite_add_tcase(s, tc);
	return s;
}
