/* SPDX-License-Identifier: Apache-2.0 */
/* schema — a JSON Schema (draft 7) subset validator on cJSON.
 *
 * Supported keywords: type, enum, const; properties, patternProperties,
 * additionalProperties, propertyNames, required, minProperties,
 * maxProperties; items (one
 * schema or a tuple), additionalItems, minItems, maxItems, uniqueItems;
 * minLength, maxLength (code points), pattern (pcre2); minimum, maximum,
 * exclusiveMinimum, exclusiveMaximum, multipleOf; allOf, anyOf, oneOf, not;
 * if, then, else;
 * boolean schemas; $ref to a local JSON pointer ("#", "#/$defs/name",
 * "#/definitions/name": recursion included; alone as draft 7 reads it,
 * with its siblings when $schema names 2019-09 or 2020-12); format date,
 * time, date-time, email, uuid, ipv4, hostname, uri. Remote references
 * and $id are not resolved (the schema is then unusable). Other keywords
 * are ignored, as the draft says for unknown ones. Schema and instance nesting are bounded by
 * SCHEMA_MAX_DEPTH, so a hostile document cannot exhaust the stack.
 * Borrows everything; never prints. */
#ifndef PREFLIGHT_SCHEMA_H
#define PREFLIGHT_SCHEMA_H

#include <signal.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#define SCHEMA_MAX_DEPTH 64

/* What schema_validate finds. */
enum schema_result {
	SCHEMA_CANCELLED = -4,	   /* the caller's cancel flag was set */
	SCHEMA_STEP_LIMIT = -3,	   /* more than the step budget: a $ref graph that fans out */
	SCHEMA_PATTERN_LIMIT = -2, /* a "pattern" backtracked past the regex limits */
	SCHEMA_UNUSABLE = -1,	   /* the schema itself cannot be used (bad pattern, too deep) */
	SCHEMA_INVALID = 0,	   /* not valid: err holds the first reason with its JSON
				    * path, e.g. "$.city: expected string, got number" */
	SCHEMA_VALID = 1,
};

/* The schemas a "$ref" may name by file ("report.schema.json#/$defs/x"):
 * the published ones of one folder, loaded by the caller. This module
 * never reads a file: a schema from an endpoint or a probe file has no set,
 * and a $ref to another file in it cannot be resolved. */
struct schema_set {
	const char *const *names; /* file names, "report.schema.json" */
	const cJSON *const *docs;
	size_t n;
};

/* Validates instance against schema (draft 7, with the later drafts'
 * keywords this module knows); no other file, no cancel flag. */
enum schema_result schema_validate(const cJSON *schema, const cJSON *instance, char *err,
				   size_t errlen);

/* Every validation has a step budget, as a regex has a match limit: one
 * step is one schema applied to one value; the budget is
 * SCHEMA_BASE_STEPS plus SCHEMA_STEPS_PER_VALUE for each value of the
 * instance, so a schema whose $refs fan out (4^29 evaluations) fails at
 * once with SCHEMA_STEP_LIMIT, and no honest schema comes near it. */
#define SCHEMA_BASE_STEPS      1000000L
#define SCHEMA_STEPS_PER_VALUE 256L

/* schema_validate, a "$ref" to another file resolved in o->set, o->cancel
 * looked at on every step. */
struct schema_options {
	const struct schema_set *set;	     /* NULL: no other file */
	const volatile sig_atomic_t *cancel; /* set: stop (SCHEMA_CANCELLED); NULL: none */
};
enum schema_result schema_validate_with(const struct schema_options *o, const cJSON *schema,
					const cJSON *instance, char *err, size_t errlen);

/* Checks that schema is usable: an object or boolean, known type names,
 * compilable patterns, numbers where numbers belong. Returns 0 or -1 with
 * the reason in err. */
int schema_check(const cJSON *schema, char *err, size_t errlen);

#endif
