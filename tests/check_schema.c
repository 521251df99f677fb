/* SPDX-License-Identifier: Apache-2.0 */
/* check_schema — the JSON Schema subset, against the official
 * JSON-Schema-Test-Suite (Debian package json-schema-test-suite, draft7
 * files of the supported keywords) and our own cases. */
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "file.h"
#include "schema.h"
#include "suites.h"
#include "testutil.h"

#define SUITE_DIR "/usr/share/json-schema-test-suite/tests/draft7/"

static const char *const suite_files[] = {
	"type",
	"enum",
	"const",
	"properties",
	"patternProperties",
	"additionalProperties",
	"propertyNames",
	"required",
	"minProperties",
	"maxProperties",
	"items",
	"additionalItems",
	"minItems",
	"maxItems",
	"uniqueItems",
	"minLength",
	"maxLength",
	"pattern",
	"minimum",
	"maximum",
	"exclusiveMinimum",
	"exclusiveMaximum",
	"multipleOf",
	"allOf",
	"anyOf",
	"oneOf",
	"not",
	"if-then-else",
	"boolean_schema",
	"ref",
	"optional/format/date-time",
};

/* groups that need what the validator does not do by design: fetch a
 * remote schema, or resolve a $ref through an $id */
static const char *const skipped_groups[] = {
	"remote ref, containing refs itself",
	"Recursive references between schemas",
};

static bool skipped(const cJSON *group)
{
	const char *d = cJSON_GetStringValue(cJSON_GetObjectItem(group, "description"));
	size_t i;

	for (i = 0; d && i < sizeof(skipped_groups) / sizeof(skipped_groups[0]); i++)
		if (!strcmp(d, skipped_groups[i]))
			return true;
	return false;
}

/* every case of one official file passes */
START_TEST(official_suite)
{
	char path[256], err[256];
	struct buf text = BUF_INIT(0);
	cJSON *doc, *group, *test;
	int cases = 0, bad = 0;

	snprintf(path, sizeof(path), SUITE_DIR "%s.json", suite_files[_i]);
	ck_assert_msg(file_read(path, 1 << 24, &text, err, sizeof(err)) == 0,
		      "%s (install json-schema-test-suite)", err);
	doc = cJSON_Parse(buf_cstr(&text));
	ck_assert_ptr_nonnull(doc);
	cJSON_ArrayForEach(group, doc)
	{
		const cJSON *schema = cJSON_GetObjectItem(group, "schema");

		if (skipped(group))
			continue;
		cJSON_ArrayForEach(test, cJSON_GetObjectItem(group, "tests"))
		{
			int want = cJSON_IsTrue(cJSON_GetObjectItem(test, "valid"));
			int got = schema_validate(schema, cJSON_GetObjectItem(test, "data"), err,
						  sizeof(err));

			cases++;
			if (got != want) {
				bad++;
				fprintf(stderr, "%s: '%s' / '%s': want %d got %d (%s)\n",
					suite_files[_i],
					cJSON_GetStringValue(
						cJSON_GetObjectItem(group, "description")),
					cJSON_GetStringValue(
						cJSON_GetObjectItem(test, "description")),
					want, got, err);
			}
		}
	}
	cJSON_Delete(doc);
	buf_release(&text);
	ck_assert_int_gt(cases, 0);
	ck_assert_msg(bad == 0, "%s: %d of %d cases failed", suite_files[_i], bad, cases);
}
END_TEST

static int validate_text(const char *schema, const char *inst, char *err, size_t n)
{
	cJSON *s = cJSON_Parse(schema), *v = cJSON_Parse(inst);
	int rc;

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(v);
	rc = schema_validate(s, v, err, n);
	cJSON_Delete(s);
	cJSON_Delete(v);
	return rc;
}

START_TEST(error_names_the_path)
{
	char err[256];
	const char *tool = "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
			   "\"required\":[\"city\"]}";

	ck_assert_int_eq(validate_text(tool, "{\"city\":\"Oakland\"}", err, sizeof(err)), 1);
	ck_assert_int_eq(validate_text(tool, "{\"city\":7}", err, sizeof(err)), 0);
	ck_assert_str_eq(err, "$.city: expected string, got number");
	ck_assert_int_eq(validate_text(tool, "{}", err, sizeof(err)), 0);
	ck_assert_str_eq(err, "$: missing required property 'city'");
}
END_TEST

START_TEST(depth_is_bounded)
{
	struct buf s = BUF_INIT(0), v = BUF_INIT(0);
	char err[256];
	int i;

	for (i = 0; i < 200; i++)
		buf_puts(&s, "{\"items\":");
	buf_puts(&s, "true");
	for (i = 0; i < 200; i++)
		buf_puts(&s, "}");
	for (i = 0; i < 200; i++)
		buf_puts(&v, "[");
	for (i = 0; i < 200; i++)
		buf_puts(&v, "]");
	ck_assert_int_eq(validate_text(buf_cstr(&s), buf_cstr(&v), err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "nesting deeper"));
	buf_release(&s);
	buf_release(&v);
}
END_TEST

/* M3 (audit 2): a schema whose $refs fan out costs its step budget, not
 * 4^29 evaluations, and fails as the step limit naming it; a cancel flag
 * stops a validation too */
START_TEST(steps_are_bounded)
{
	char *text = fanout_schema(30, 4), err[256];
	cJSON *s = cJSON_Parse(text), *v = cJSON_Parse("{\"language\": \"python\"}");
	volatile sig_atomic_t stop = 1;
	const struct schema_options cancelled = { .cancel = &stop };

	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(schema_check(s, err, sizeof(err)), 0);
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), SCHEMA_STEP_LIMIT);
	ck_assert_ptr_nonnull(strstr(err, "steps"));
	ck_assert_int_eq(schema_validate_with(&cancelled, s, v, err, sizeof(err)),
			 SCHEMA_CANCELLED);
	/* an integer takes one path through: valid, well within the budget */
	cJSON_Delete(v);
	v = cJSON_CreateNumber(7);
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), SCHEMA_VALID);
	cJSON_Delete(v);
	cJSON_Delete(s);
	free(text);
}
END_TEST

/* uniqueItems over a hostile answer of 200,000 items: sorted by hash, not
 * compared pairwise (40 billion comparisons would stall the grading) */
START_TEST(unique_items_scale)
{
	cJSON *s = cJSON_Parse("{\"uniqueItems\":true}"), *v = cJSON_CreateArray();
	char err[256];
	int i;

	for (i = 0; i < 200000; i++)
		cJSON_AddItemToArray(v, cJSON_CreateNumber(i));
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), 1);
	cJSON_AddItemToArray(v, cJSON_CreateNumber(199999));
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(err, "not unique"));
	cJSON_Delete(v);
	cJSON_Delete(s);
	/* members in another order are the same object; -0 is 0 */
	ck_assert_int_eq(validate_text("{\"uniqueItems\":true}",
				       "[{\"a\":1,\"b\":[1,2]},{\"b\":[1,2],\"a\":1}]", err,
				       sizeof(err)),
			 0);
	ck_assert_int_eq(validate_text("{\"uniqueItems\":true}", "[0,-0]", err, sizeof(err)), 0);
	ck_assert_int_eq(validate_text("{\"uniqueItems\":true}",
				       "[{\"a\":1,\"b\":[1,2]},{\"a\":1,\"b\":[2,1]},\"1\",1]", err,
				       sizeof(err)),
			 1);
	/* 100,000 members under patternProperties: each pattern compiled once
	 * per validation, not once per member */
	s = cJSON_Parse("{\"patternProperties\":{\"^k[0-9]+$\":{\"type\":\"number\"},"
			"\"^x\":{\"type\":\"string\"}},\"additionalProperties\":false}");
	v = cJSON_CreateObject();
	for (i = 0; i < 100000; i++) {
		char key[16];

		snprintf(key, sizeof(key), "k%d", i);
		cJSON_AddItemToObject(v, key, cJSON_CreateNumber(i));
	}
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), 1);
	cJSON_AddItemToObject(v, "y", cJSON_CreateNumber(1));
	ck_assert_int_eq(schema_validate(s, v, err, sizeof(err)), 0);
	cJSON_Delete(v);
	cJSON_Delete(s);
}
END_TEST

START_TEST(check_rejects_bad_schemas)
{
	static const char *const bad[] = {
		"{\"type\":\"strin\"}",
		"{\"pattern\":\"(\"}",
		"{\"minLength\":\"3\"}",
		"{\"properties\":[]}",
		"{\"anyOf\":{}}",
		"3",
		"{\"items\":{\"type\":7}}",
		"{\"patternProperties\":{\"[\":{}}}",
		"{\"$ref\":\"#/$defs/nope\"}",
		"{\"$ref\":\"https://example.com/s.json\"}",
		"{\"$defs\":{\"a\":{\"type\":\"nope\"}}}",
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cJSON *s = cJSON_Parse(bad[i]);

		ck_assert_ptr_nonnull(s);
		ck_assert_msg(schema_check(s, err, sizeof(err)) == -1, "accepted %s", bad[i]);
		ck_assert_str_ne(err, "");
		cJSON_Delete(s);
	}
}
END_TEST

/* $ref into $defs and definitions, a recursive tree that ends only at a
 * leaf, a $ref to itself that never ends, and the formats engines
 * constrain: each instance valid or not as it should be */
/* A $ref to another file resolves only in the set the caller hands in,
 * and a local $ref inside that file starts at that file */
START_TEST(refs_across_files)
{
	cJSON *common = cJSON_Parse("{\"$defs\":{\"pos\":{\"$ref\":\"#/$defs/n\"},"
				    "\"n\":{\"type\":\"integer\",\"minimum\":1}}}");
	cJSON *main_s = cJSON_Parse("{\"properties\":{\"k\":{\"$ref\":"
				    "\"common.schema.json#/$defs/pos\"}}}");
	cJSON *good = cJSON_Parse("{\"k\":3}"), *bad = cJSON_Parse("{\"k\":0}");
	const char *const names[] = { "common.schema.json" };
	const cJSON *docs[] = { common };
	const struct schema_set set = { names, docs, 1 }, none = { names, docs, 0 };
	const struct schema_options in_set = { .set = &set }, other = { .set = &none };
	char err[256];

	ck_assert_int_eq(schema_validate_with(&in_set, main_s, good, err, sizeof(err)),
			 SCHEMA_VALID);
	ck_assert_int_eq(schema_validate_with(&in_set, main_s, bad, err, sizeof(err)),
			 SCHEMA_INVALID);
	ck_assert_ptr_nonnull(strstr(err, "$.k"));
	/* no set, or a set without the file: never a file read, an unusable schema */
	ck_assert_int_eq(schema_validate(main_s, good, err, sizeof(err)), SCHEMA_UNUSABLE);
	ck_assert_ptr_nonnull(strstr(err, "cannot resolve $ref 'common.schema.json#/$defs/pos'"));
	ck_assert_int_eq(schema_validate_with(&other, main_s, good, err, sizeof(err)),
			 SCHEMA_UNUSABLE);
	cJSON_Delete(common);
	cJSON_Delete(main_s);
	cJSON_Delete(good);
	cJSON_Delete(bad);
}
END_TEST

START_TEST(refs_and_formats)
{
	static const struct {
		const char *schema, *instance;
		int want;
		const char *err; /* part of the reason, when not valid */
	} cases[] = {
		{ "{\"$defs\":{\"p\":{\"type\":\"integer\"}},\"properties\":{\"x\":{\"$ref\":"
		  "\"#/$defs/p\"}}}",
		  "{\"x\":3}", 1, NULL },
		{ "{\"definitions\":{\"p\":{\"type\":\"integer\"}},\"properties\":{\"x\":{"
		  "\"$ref\":\"#/definitions/p\"}}}",
		  "{\"x\":\"3\"}", 0, "$.x: expected integer" },
		{ "{\"$defs\":{\"n\":{\"type\":\"object\",\"properties\":{\"kids\":{\"type\":"
		  "\"array\",\"items\":{\"$ref\":\"#/$defs/n\"}}},\"required\":[\"kids\"]}},"
		  "\"$ref\":\"#/$defs/n\"}",
		  "{\"kids\":[{\"kids\":[]},{\"kids\":[{\"kids\":[]}]}]}", 1, NULL },
		{ "{\"$defs\":{\"n\":{\"type\":\"object\",\"properties\":{\"kids\":{\"type\":"
		  "\"array\",\"items\":{\"$ref\":\"#/$defs/n\"}}},\"required\":[\"kids\"]}},"
		  "\"$ref\":\"#/$defs/n\"}",
		  "{\"kids\":[{\"kids\":[\"leaf\"]}]}", 0, "$.kids[0].kids[0]" },
		{ "{\"$ref\":\"#\"}", "1", -1, "nesting deeper" },
		{ "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$defs\":{\"a\":"
		  "{\"type\":\"array\"}},\"$ref\":\"#/$defs/a\",\"maxItems\":1}",
		  "[1,2]", 0, "more than 1 items" },
		{ "{\"format\":\"date\"}", "\"2024-02-29\"", 1, NULL },
		{ "{\"format\":\"date\"}", "\"2026-02-29\"", 0, "not a valid date" },
		{ "{\"format\":\"date\"}", "\"December 25\"", 0, "not a valid date" },
		{ "{\"format\":\"email\"}", "\"ada@example.com\"", 1, NULL },
		{ "{\"format\":\"email\"}", "\"555-0100\"", 0, "not a valid email" },
		{ "{\"format\":\"uuid\"}", "\"123e4567-e89b-12d3-a456-426614174000\"", 1, NULL },
		{ "{\"format\":\"uuid\"}", "\"42\"", 0, "not a valid uuid" },
		{ "{\"format\":\"ipv4\"}", "\"256.1.1.1\"", 0, "not a valid ipv4" },
		{ "{\"format\":\"date-time\"}", "\"2026-12-01T12:00:00Z\"", 1, NULL },
		{ "{\"format\":\"color\"}", "\"anything\"", 1, NULL },
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = validate_text(cases[i].schema, cases[i].instance, err, sizeof(err));

		ck_assert_msg(got == cases[i].want, "case %zu: got %d (%s)", i, got, err);
		if (cases[i].err)
			ck_assert_msg(strstr(err, cases[i].err) != NULL, "case %zu: %s", i, err);
	}
}
END_TEST

Suite *schema_suite(void)
{
	Suite *s = suite_create("schema");
	TCase *tc = tcase_create("official");
	TCase *own = tcase_create("own");

	tcase_add_loop_test(tc, official_suite, 0, sizeof(suite_files) / sizeof(suite_files[0]));
	tcase_add_test(own, error_names_the_path);
	tcase_add_test(own, depth_is_bounded);
	tcase_add_test(own, check_rejects_bad_schemas);
	tcase_add_test(own, unique_items_scale);
	tcase_add_test(own, refs_and_formats);
	tcase_add_test(own, refs_across_files);
	tcase_add_test(own, steps_are_bounded);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, own);
	return s;
}
