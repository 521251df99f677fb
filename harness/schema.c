/* SPDX-License-Identifier: Apache-2.0 */
/* schema — JSON Schema subset on cJSON; see schema.h for the keywords. */
#include "schema.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "regex.h"
#include "text.h"

#define PATTERN_CACHE 32

struct vctx {
	char *err;
	size_t errlen;
	char path[256];
	/* patterns compiled once per validation: an object of 100,000
	 * properties under patternProperties would otherwise compile (and
	 * JIT) a pattern 100,000 times */
	struct {
		const char *src; /* the schema's own string */
		struct regex *re;
	} cache[PATTERN_CACHE];
	int n_cache;
	const cJSON *root;	      /* the whole schema: where "$ref" pointers start */
	const struct schema_set *set; /* where a $ref to another file looks, or NULL */
	bool ref_siblings;	      /* the root's $schema is draft 2019-09 or later */
	long steps, max_steps;	      /* schemas applied so far, and the budget */
	const volatile sig_atomic_t *cancel;
};

static int fail(struct vctx *c, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct vctx *c, int rc, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s: %s", c->path[0] ? c->path : "$", msg);
	return rc;
}

static const char *type_name(const cJSON *v)
{
	if (cJSON_IsNull(v))
		return "null";
	if (cJSON_IsBool(v))
		return "boolean";
	if (cJSON_IsNumber(v))
		return "number";
	if (cJSON_IsString(v))
		return "string";
	if (cJSON_IsArray(v))
		return "array";
	if (cJSON_IsObject(v))
		return "object";
	return "invalid";
}

static bool is_integer(const cJSON *v)
{
	double d;

	if (!cJSON_IsNumber(v))
		return false;
	d = v->valuedouble;
	return isfinite(d) && floor(d) == d;
}

/* 1 matches, 0 not, -1 unknown type name */
static int type_matches(const char *t, const cJSON *v)
{
	if (!strcmp(t, "integer"))
		return is_integer(v);
	if (!strcmp(t, "number"))
		return cJSON_IsNumber(v);
	if (!strcmp(t, "string") || !strcmp(t, "object") || !strcmp(t, "array") ||
	    !strcmp(t, "boolean") || !strcmp(t, "null"))
		return !strcmp(t, type_name(v));
	return -1;
}

static int validate(struct vctx *c, const cJSON *s, const cJSON *v, int depth);

/* validates v against s at the path extended by .seg, or [index] when
 * seg is NULL; restores the path */
static int validate_at(struct vctx *c, const cJSON *s, const cJSON *v, int depth, const char *seg,
		       int index)
{
	size_t old = strlen(c->path);
	int rc;

	if (!old)
		snprintf(c->path, sizeof(c->path), "$");
	old = strlen(c->path);
	if (seg)
		snprintf(c->path + old, sizeof(c->path) - old, ".%s", seg);
	else
		snprintf(c->path + old, sizeof(c->path) - old, "[%d]", index);
	rc = validate(c, s, v, depth + 1);
	c->path[old] = '\0';
	return rc;
}

/* the compiled pattern, from the cache or compiled now (and kept while
 * the cache has room; else *owned says the caller frees it) */
static struct regex *pattern_regex(struct vctx *c, const char *pattern, bool *owned, char *err,
				   size_t errlen)
{
	struct regex *re;
	int i;

	*owned = false;
	for (i = 0; i < c->n_cache; i++)
		if (c->cache[i].src == pattern)
			return c->cache[i].re;
	if (!(re = regex_compile(pattern, err, errlen)))
		return NULL;
	if (c->n_cache == PATTERN_CACHE) {
		*owned = true;
		return re;
	}
	c->cache[c->n_cache].src = pattern;
	c->cache[c->n_cache++].re = re;
	return re;
}

static int pattern_match(struct vctx *c, const char *pattern, const char *s)
{
	char err[200];
	bool owned;
	struct regex *re = pattern_regex(c, pattern, &owned, err, sizeof(err));
	int rc;

	if (!re)
		return fail(c, -1, "bad pattern '%s': %s", pattern, err);
	rc = regex_match(re, s, strlen(s));
	if (owned)
		regex_free(re);
	if (rc == REGEX_LIMIT)
		return fail(c, SCHEMA_PATTERN_LIMIT, "pattern '%s' hit pcre2's match limit",
			    pattern);
	if (rc < 0)
		return fail(c, -1, "pattern '%s' could not be matched", pattern);
	return rc;
}

/* A hash that equal values share (cJSON_Compare, case-sensitive): member
 * order does not count, array order does. */
static uint64_t value_hash(const cJSON *v, int depth)
{
	uint64_t h = 1469598103934665603ull, m;
	const cJSON *e;
	const char *p;
	double d;

	if (depth > SCHEMA_MAX_DEPTH)
		return 0;
	h ^= (uint64_t)(v->type & 0xFF);
	if (cJSON_IsNumber(v)) {
		d = v->valuedouble == 0 ? 0 : v->valuedouble; /* -0 is 0 */
		memcpy(&m, &d, sizeof(m));
		return h ^ (m * 1099511628211ull);
	}
	if (cJSON_IsString(v)) {
		for (p = v->valuestring; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211ull;
		return h;
	}
	m = 0;
	cJSON_ArrayForEach(e, v)
	{
		uint64_t eh = value_hash(e, depth + 1);

		if (cJSON_IsObject(v)) { /* members in any order */
			for (p = e->string ? e->string : ""; *p; p++)
				eh = (eh ^ (unsigned char)*p) * 1099511628211ull;
			m += eh;
		} else {
			m = (m ^ eh) * 1099511628211ull;
		}
	}
	return h ^ m;
}

struct hashed {
	uint64_t hash;
	const cJSON *item;
};

static int cmp_hashed(const void *a, const void *b)
{
	uint64_t x = ((const struct hashed *)a)->hash, y = ((const struct hashed *)b)->hash;

	return x < y ? -1 : x > y;
}

/* 1 when no two items of array v are equal, 0 when two are, -1 out of
 * memory. Sorted by hash, so a hostile answer of a million distinct items
 * costs n log n, not n squared comparisons. */
static int all_unique(const cJSON *v)
{
	size_t n = (size_t)cJSON_GetArraySize(v), i = 0, j, k;
	struct hashed *hs;
	const cJSON *e;
	int rc = 1;

	if (n < 2)
		return 1;
	if (!(hs = xcalloc(n, sizeof(*hs))))
		return -1;
	cJSON_ArrayForEach(e, v)
	{
		hs[i].hash = value_hash(e, 0);
		hs[i++].item = e;
	}
	qsort(hs, n, sizeof(*hs), cmp_hashed);
	for (i = 0; i < n && rc; i = j) {
		for (j = i + 1; j < n && hs[j].hash == hs[i].hash; j++)
			;
		for (k = i; k < j && rc; k++) {
			size_t l;

			for (l = k + 1; l < j && rc; l++)
				rc = !cJSON_Compare(hs[k].item, hs[l].item, true);
		}
	}
	free(hs);
	return rc;
}

static int check_type(struct vctx *c, const cJSON *t, const cJSON *v)
{
	const cJSON *e;

	if (cJSON_IsString(t)) {
		int m = type_matches(t->valuestring, v);

		if (m < 0)
			return fail(c, -1, "unknown type '%s'", t->valuestring);
		return m ? 1 : fail(c, 0, "expected %s, got %s", t->valuestring, type_name(v));
	}
	if (cJSON_IsArray(t)) {
		cJSON_ArrayForEach(e, t)
		{
			int m = cJSON_IsString(e) ? type_matches(e->valuestring, v) : -1;

			if (m < 0)
				return fail(c, -1, "bad entry in type list");
			if (m)
				return 1;
		}
		return fail(c, 0, "type %s is not one of the allowed types", type_name(v));
	}
	return fail(c, -1, "'type' must be a string or an array");
}

/* Keywords that bound a number, a length or a count: one row each. */
enum bound_op { BOUND_MIN, BOUND_MAX, BOUND_EXCL_MIN, BOUND_EXCL_MAX };

static const struct bound {
	const char *keyword;
	enum bound_op op;
	const char *before, *after; /* the message around the keyword's value */
} number_bounds[] = {
	{"minimum", BOUND_MIN, "value is below the minimum", ""},
	{"maximum", BOUND_MAX, "value is above the maximum", ""},
	{"exclusiveMinimum", BOUND_EXCL_MIN, "value is not above the exclusive minimum", ""},
	{"exclusiveMaximum", BOUND_EXCL_MAX, "value is not below the exclusive maximum", ""},
	{NULL, BOUND_MIN, NULL, NULL},
}, string_bounds[] = {
	{"minLength", BOUND_MIN, "string is shorter than", " characters"},
	{"maxLength", BOUND_MAX, "string is longer than", " characters"},
	{NULL, BOUND_MIN, NULL, NULL},
}, array_bounds[] = {
	{"minItems", BOUND_MIN, "array has fewer than", " items"},
	{"maxItems", BOUND_MAX, "array has more than", " items"},
	{NULL, BOUND_MIN, NULL, NULL},
}, object_bounds[] = {
	{"minProperties", BOUND_MIN, "object has fewer than", " properties"},
	{"maxProperties", BOUND_MAX, "object has more than", " properties"},
	{NULL, BOUND_MIN, NULL, NULL},
};

/* Returns 1 when x keeps every bound of the table that s sets, else 0. */
static int check_bounds(struct vctx *c, const cJSON *s, double x, const struct bound *b)
{
	for (; b->keyword; b++) {
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(s, b->keyword);
		bool broken;

		if (!cJSON_IsNumber(k))
			continue;
		switch (b->op) {
		case BOUND_MIN:
			broken = x < k->valuedouble;
			break;
		case BOUND_MAX:
			broken = x > k->valuedouble;
			break;
		case BOUND_EXCL_MIN:
			broken = x <= k->valuedouble;
			break;
		default:
			broken = x >= k->valuedouble;
			break;
		}
		if (broken)
			return fail(c, 0, "%s %g%s", b->before, k->valuedouble, b->after);
	}
	return 1;
}

static int check_number(struct vctx *c, const cJSON *s, const cJSON *v)
{
	const cJSON *k;
	double d = v->valuedouble;
	char num[64];

	if (!check_bounds(c, s, d, number_bounds))
		return 0;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "multipleOf")) && cJSON_IsNumber(k) &&
	    k->valuedouble > 0) {
		double q = d / k->valuedouble;

		if (!isfinite(q) || fabs(q - nearbyint(q)) > 1e-9 * fmax(1.0, fabs(q))) {
			snprintf(num, sizeof(num), "%g", k->valuedouble);
			return fail(c, 0, "value is not a multiple of %s", num);
		}
	}
	return 1;
}

static int check_string(struct vctx *c, const cJSON *s, const cJSON *v)
{
	const cJSON *k;
	size_t n = text_chars(v->valuestring, strlen(v->valuestring));
	int rc;

	if (!check_bounds(c, s, (double)n, string_bounds))
		return 0;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "pattern")) && cJSON_IsString(k)) {
		rc = pattern_match(c, k->valuestring, v->valuestring);
		if (rc <= 0)
			return rc < 0 ? rc
				      : fail(c, 0, "string does not match pattern '%s'",
					     k->valuestring);
	}
	return 1;
}

static int check_array(struct vctx *c, const cJSON *s, const cJSON *v, int depth)
{
	const cJSON *k, *items, *e, *f;
	int n = cJSON_GetArraySize(v), i, rc;

	if (!check_bounds(c, s, n, array_bounds))
		return 0;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "uniqueItems")) && cJSON_IsTrue(k) &&
	    (rc = all_unique(v)) != 1)
		return rc < 0 ? fail(c, -1, "out of memory")
			      : fail(c, 0, "array items are not unique");
	items = cJSON_GetObjectItemCaseSensitive(s, "items");
	if (!items)
		return 1;
	if (!cJSON_IsArray(items)) {
		i = 0;
		cJSON_ArrayForEach(e, v)
		{
			if ((rc = validate_at(c, items, e, depth, NULL, i++)) <= 0)
				return rc;
		}
		return 1;
	}
	/* tuple form: positional schemas, then additionalItems for the rest */
	k = cJSON_GetObjectItemCaseSensitive(s, "additionalItems");
	f = items->child;
	i = 0;
	cJSON_ArrayForEach(e, v)
	{
		const cJSON *sub = f ? f : k;

		if (sub && (rc = validate_at(c, sub, e, depth, NULL, i)) <= 0)
			return rc;
		if (f)
			f = f->next;
		i++;
	}
	return 1;
}

/* propertyNames: the name itself, as a string, against the subschema */
static int property_name(struct vctx *c, const cJSON *names, const char *name, int depth)
{
	cJSON *as_value = cJSON_CreateString(name);
	int rc;

	if (!as_value)
		return fail(c, -1, "out of memory");
	rc = validate_at(c, names, as_value, depth, name, 0);
	cJSON_Delete(as_value);
	if (rc == 0)
		fail(c, 0, "property name '%s' is not allowed", name);
	return rc;
}

static int check_object(struct vctx *c, const cJSON *s, const cJSON *v, int depth)
{
	const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
	const cJSON *pprops = cJSON_GetObjectItemCaseSensitive(s, "patternProperties");
	const cJSON *addl = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
	const cJSON *names = cJSON_GetObjectItemCaseSensitive(s, "propertyNames");
	const cJSON *k, *e, *p;
	int n = cJSON_GetArraySize(v), rc;

	if ((k = cJSON_GetObjectItemCaseSensitive(s, "required")) && cJSON_IsArray(k)) {
		cJSON_ArrayForEach(e, k)
		{
			if (cJSON_IsString(e) &&
			    !cJSON_GetObjectItemCaseSensitive(v, e->valuestring))
				return fail(c, 0, "missing required property '%s'", e->valuestring);
		}
	}
	if (!check_bounds(c, s, n, object_bounds))
		return 0;
	cJSON_ArrayForEach(e, v)
	{
		bool matched = false;
		const cJSON *sub;

		if (names && (rc = property_name(c, names, e->string, depth)) <= 0)
			return rc;
		if (cJSON_IsObject(props) &&
		    (sub = cJSON_GetObjectItemCaseSensitive(props, e->string))) {
			matched = true;
			if ((rc = validate_at(c, sub, e, depth, e->string, 0)) <= 0)
				return rc;
		}
		if (cJSON_IsObject(pprops)) {
			cJSON_ArrayForEach(p, pprops)
			{
				rc = pattern_match(c, p->string, e->string);
				if (rc < 0)
					return rc;
				if (!rc)
					continue;
				matched = true;
				if ((rc = validate_at(c, p, e, depth, e->string, 0)) <= 0)
					return rc;
			}
		}
		if (!matched && addl) {
			if (cJSON_IsFalse(addl))
				return fail(c, 0, "property '%s' is not allowed", e->string);
			if ((rc = validate_at(c, addl, e, depth, e->string, 0)) <= 0)
				return rc;
		}
	}
	return 1;
}

/* draft 7's "if": the value must then hold "then" when it holds "if", and
 * "else" when it does not (either absent: nothing more); "then" and "else"
 * without "if" say nothing */
static int check_conditional(struct vctx *c, const cJSON *s, const cJSON *v, int depth)
{
	const cJSON *cond = cJSON_GetObjectItemCaseSensitive(s, "if"), *branch;
	char saved[sizeof(c->path)];
	int rc;

	if (!cond)
		return 1;
	memcpy(saved, c->path, sizeof(saved));
	if ((rc = validate(c, cond, v, depth + 1)) < 0)
		return rc;
	memcpy(c->path, saved, sizeof(saved));
	branch = cJSON_GetObjectItemCaseSensitive(s, rc ? "then" : "else");
	if (branch && (rc = validate(c, branch, v, depth + 1)) <= 0)
		return rc;
	return 1;
}

static int check_combinators(struct vctx *c, const cJSON *s, const cJSON *v, int depth)
{
	const cJSON *k, *e;
	char saved[sizeof(c->path)];
	int rc, hits;

	if ((k = cJSON_GetObjectItemCaseSensitive(s, "allOf")) && cJSON_IsArray(k)) {
		cJSON_ArrayForEach(e, k)
		{
			if ((rc = validate(c, e, v, depth + 1)) <= 0)
				return rc;
		}
	}
	memcpy(saved, c->path, sizeof(saved));
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "anyOf")) && cJSON_IsArray(k)) {
		hits = 0;
		cJSON_ArrayForEach(e, k)
		{
			if ((rc = validate(c, e, v, depth + 1)) < 0)
				return rc;
			memcpy(c->path, saved, sizeof(saved));
			if (rc) {
				hits = 1;
				break;
			}
		}
		if (!hits)
			return fail(c, 0, "value matches none of anyOf");
	}
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "oneOf")) && cJSON_IsArray(k)) {
		hits = 0;
		cJSON_ArrayForEach(e, k)
		{
			if ((rc = validate(c, e, v, depth + 1)) < 0)
				return rc;
			memcpy(c->path, saved, sizeof(saved));
			hits += rc;
		}
		if (hits != 1)
			return fail(c, 0, "value matches %s of oneOf",
				    hits ? "more than one" : "none");
	}
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "not"))) {
		if ((rc = validate(c, k, v, depth + 1)) < 0)
			return rc;
		memcpy(c->path, saved, sizeof(saved));
		if (rc)
			return fail(c, 0, "value matches a schema it must not match");
	}
	return check_conditional(c, s, v, depth);
}

/* "format": the formats of the JSON Schema Test Suite that structured
 * output engines implement; any other name is an annotation only */
static const struct {
	const char *name, *pattern;
} formats[] = {
	{ "date", "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$" },
	{ "time", "^([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?"
		  "([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$" },
	{ "date-time", "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt ]"
		       "([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?"
		       "([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$" },
	{ "email", "^[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+$" },
	{ "uuid", "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$" },
	{ "ipv4", "^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}"
		  "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$" },
	{ "hostname", "^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
		      "(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$" },
	{ "uri", "^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]*$" },
};

/* a date's day exists in its month (the pattern checked the digits) */
static bool real_day(const char *s)
{
	static const int days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	long y = strtol(s, NULL, 10), m = strtol(s + 5, NULL, 10), d = strtol(s + 8, NULL, 10);
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m >= 1 && m <= 12 && d <= days[m - 1] && !(m == 2 && d == 29 && !leap);
}

static int check_format(struct vctx *c, const char *format, const char *s)
{
	size_t i;
	int rc;

	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (strcmp(formats[i].name, format))
			continue;
		rc = pattern_match(c, formats[i].pattern, s);
		if (rc == 1 && !strncmp(format, "date", 4) && !real_day(s))
			rc = 0;
		return rc <= 0 && rc != -1 && rc != SCHEMA_PATTERN_LIMIT
			       ? fail(c, 0, "string is not a valid %s", format)
			       : rc;
	}
	return 1;
}

/* The schema "$ref" points to within root ("#", "#/$defs/x", any local
 * JSON pointer with ~0 and ~1), or NULL: remote references are not
 * fetched. */
static const cJSON *resolve_ref(const cJSON *root, const char *ref)
{
	const cJSON *at = root;
	char seg[256];

	if (ref[0] != '#' || (ref[1] && ref[1] != '/'))
		return NULL;
	for (ref += 1; *ref == '/' && at;) {
		size_t n = 0;

		for (ref++; *ref && *ref != '/' && n + 1 < sizeof(seg); ref++) {
			if (ref[0] == '~' && (ref[1] == '0' || ref[1] == '1'))
				seg[n++] = *++ref == '0' ? '~' : '/';
			else if (ref[0] == '%' && isxdigit((unsigned char)ref[1]) &&
				 isxdigit((unsigned char)ref[2])) { /* a URI fragment's %XX */
				char hex[3] = { ref[1], ref[2], '\0' };

				seg[n++] = (char)strtol(hex, NULL, 16);
				ref += 2;
			} else {
				seg[n++] = *ref;
			}
		}
		seg[n] = '\0';
		at = cJSON_IsArray(at) ? cJSON_GetArrayItem(at, (int)strtol(seg, NULL, 10))
				       : cJSON_GetObjectItemCaseSensitive(at, seg);
	}
	return *ref ? NULL : at;
}

/* A "$ref" within the schema ("#/...") or, with a set, in another of its
 * files ("report.schema.json#/..."): the schema it names, and in *root the
 * document it is in; NULL when it names nothing. */
static const cJSON *resolve_in(const struct vctx *c, const char *ref, const cJSON **root)
{
	const char *hash = strchr(ref, '#');
	size_t len = hash ? (size_t)(hash - ref) : strlen(ref), i;

	if (!len)
		return resolve_ref(*root, ref);
	for (i = 0; c->set && i < c->set->n; i++)
		if (strlen(c->set->names[i]) == len && !strncmp(c->set->names[i], ref, len)) {
			*root = c->set->docs[i];
			return resolve_ref(*root, hash ? hash : "#");
		}
	return NULL;
}

/* one step more: 1, or why validation stops here (too deep, the budget
 * spent, Ctrl-C) */
static int within_budget(struct vctx *c, int depth)
{
	if (depth > SCHEMA_MAX_DEPTH)
		return fail(c, -1, "nesting deeper than %s levels", "64");
	if (++c->steps > c->max_steps)
		return fail(c, SCHEMA_STEP_LIMIT,
			    "the schema took more than %ld steps (a $ref graph that fans out)",
			    c->max_steps);
	if (c->cancel && !(c->steps & 1023) && *c->cancel)
		return fail(c, SCHEMA_CANCELLED, "validation interrupted");
	return 1;
}

/* v against the schema ref names (in its own file, whose refs then start
 * there) */
static int apply_ref(struct vctx *c, const char *ref, const cJSON *v, int depth)
{
	const cJSON *root = c->root, *to = resolve_in(c, ref, &root), *was = c->root;
	int rc;

	if (!to)
		return fail(c, -1, "cannot resolve $ref '%s'", ref);
	c->root = root;
	rc = validate(c, to, v, depth + 1);
	c->root = was;
	return rc;
}

static int validate(struct vctx *c, const cJSON *s, const cJSON *v, int depth)
{
	const cJSON *k, *e;
	int rc;

	if ((rc = within_budget(c, depth)) <= 0)
		return rc;
	if (cJSON_IsBool(s))
		return cJSON_IsTrue(s) ? 1 : fail(c, 0, "no value is allowed here");
	if (!cJSON_IsObject(s))
		return fail(c, -1, "a schema must be an object or a boolean");
	/* "$ref": alone in draft 7, with its siblings from draft 2019-09 on */
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "$ref")) && cJSON_IsString(k) &&
	    ((rc = apply_ref(c, k->valuestring, v, depth)) <= 0 || !c->ref_siblings))
		return rc;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "type")) && (rc = check_type(c, k, v)) <= 0)
		return rc;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "const")) && !cJSON_Compare(k, v, true)) {
		char *want = cJSON_PrintUnformatted(k), *got = cJSON_PrintUnformatted(v);
		char w[64], g[64];

		snprintf(w, sizeof(w), "%s", want ? want : "?");
		snprintf(g, sizeof(g), "%s", got ? got : "?");
		free(want);
		free(got);
		return fail(c, 0, "expected %s, got %s", w, g);
	}
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "enum")) && cJSON_IsArray(k)) {
		bool found = false;

		cJSON_ArrayForEach(e, k)
		{
			if (cJSON_Compare(e, v, true)) {
				found = true;
				break;
			}
		}
		if (!found)
			return fail(c, 0, "value is not one of the enum values");
	}
	if (cJSON_IsNumber(v) && (rc = check_number(c, s, v)) <= 0)
		return rc;
	if (cJSON_IsString(v) && (rc = check_string(c, s, v)) <= 0)
		return rc;
	if (cJSON_IsString(v) && (k = cJSON_GetObjectItemCaseSensitive(s, "format")) &&
	    cJSON_IsString(k) && (rc = check_format(c, k->valuestring, v->valuestring)) <= 0)
		return rc;
	if (cJSON_IsArray(v) && (rc = check_array(c, s, v, depth)) <= 0)
		return rc;
	if (cJSON_IsObject(v) && (rc = check_object(c, s, v, depth)) <= 0)
		return rc;
	return check_combinators(c, s, v, depth);
}

/* a $schema of draft 2019-09 or 2020-12 */
static bool later_draft(const cJSON *schema)
{
	const char *uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(schema, "$schema"));

	return uri && (strstr(uri, "2019-09") || strstr(uri, "2020-12"));
}

enum schema_result schema_validate(const cJSON *schema, const cJSON *instance, char *err,
				   size_t errlen)
{
	const struct schema_options o = { 0 };

	return schema_validate_with(&o, schema, instance, err, errlen);
}

/* how many values the instance holds (itself included), up to cap */
static long values_of(const cJSON *v, long cap)
{
	long n = 1;
	const cJSON *e;

	for (e = v ? v->child : NULL; e && n < cap; e = e->next)
		n += values_of(e, cap - n);
	return n;
}

enum schema_result schema_validate_with(const struct schema_options *o, const cJSON *schema,
					const cJSON *instance, char *err, size_t errlen)
{
	struct vctx c;
	int rc, i;

	memset(&c, 0, sizeof(c));
	c.set = o ? o->set : NULL;
	c.cancel = o ? o->cancel : NULL;
	c.max_steps = SCHEMA_BASE_STEPS + SCHEMA_STEPS_PER_VALUE * values_of(instance, 1L << 24);
	c.err = err;
	c.errlen = errlen;
	c.root = schema;
	c.ref_siblings = later_draft(schema);
	if (errlen)
		err[0] = '\0';
	rc = validate(&c, schema, instance, 0);
	for (i = 0; i < c.n_cache; i++)
		regex_free(c.cache[i].re);
	return (enum schema_result)rc;
}

/* --- checking a schema before use ---------------------------------------- */

static const char *const schema_valued[] = {
	"not", "additionalProperties", "additionalItems", "propertyNames", "if", "then", "else",
	NULL
};
static const char *const schema_lists[] = { "allOf", "anyOf", "oneOf", NULL };
static const char *const schema_maps[] = { "properties", "patternProperties", "$defs",
					   "definitions", NULL };
static const char *const numeric[] = { "minimum",	   "maximum",	    "exclusiveMinimum",
				       "exclusiveMaximum", "multipleOf",    "minLength",
				       "maxLength",	   "minItems",	    "maxItems",
				       "minProperties",	   "maxProperties", NULL };

static int check(struct vctx *c, const cJSON *s, int depth);

/* "type": a known name, or a list of them */
static int check_type_keyword(struct vctx *c, const cJSON *s)
{
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(s, "type"), *e;

	if (!k)
		return 0;
	if (cJSON_IsString(k) && type_matches(k->valuestring, s) < 0)
		return fail(c, -1, "unknown type '%s'", k->valuestring);
	if (!cJSON_IsString(k) && !cJSON_IsArray(k))
		return fail(c, -1, "'type' must be a string or an array");
	if (!cJSON_IsArray(k))
		return 0;
	cJSON_ArrayForEach(e, k)
	{
		if (!cJSON_IsString(e) || type_matches(e->valuestring, s) < 0)
			return fail(c, -1, "bad entry in type list");
	}
	return 0;
}

/* the keywords that hold values: numbers, a pattern, the required list */
static int check_values(struct vctx *c, const cJSON *s)
{
	const cJSON *k;
	char err[200];
	int i;

	for (i = 0; numeric[i]; i++)
		if ((k = cJSON_GetObjectItemCaseSensitive(s, numeric[i])) && !cJSON_IsNumber(k))
			return fail(c, -1, "'%s' must be a number", numeric[i]);
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "pattern"))) {
		struct regex *re;

		if (!cJSON_IsString(k))
			return fail(c, -1, "'pattern' must be a string");
		if (!(re = regex_compile(k->valuestring, err, sizeof(err))))
			return fail(c, -1, "bad pattern: %s", err);
		regex_free(re);
	}
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "required")) && !cJSON_IsArray(k))
		return fail(c, -1, "'required' must be an array");
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "$ref")) &&
	    (!cJSON_IsString(k) || !resolve_ref(c->root, k->valuestring)))
		return fail(c, -1, "'$ref' must point inside the schema (\"#/$defs/name\")");
	return 0;
}

/* every member of list (NULL: none) as a schema */
static int check_each(struct vctx *c, const cJSON *list, int depth)
{
	const cJSON *e;
	int rc;

	cJSON_ArrayForEach(e, list)
	{
		if ((rc = check(c, e, depth + 1)))
			return rc;
	}
	return 0;
}

/* the keywords that hold schemas: one, a list, or a map of them */
static int check_subschemas(struct vctx *c, const cJSON *s, int depth)
{
	const cJSON *k, *e;
	char err[200];
	int i, rc;

	for (i = 0; schema_valued[i]; i++)
		if ((k = cJSON_GetObjectItemCaseSensitive(s, schema_valued[i])) &&
		    (rc = check(c, k, depth + 1)))
			return rc;
	if ((k = cJSON_GetObjectItemCaseSensitive(s, "items")) &&
	    (rc = cJSON_IsArray(k) ? check_each(c, k, depth) : check(c, k, depth + 1)))
		return rc;
	for (i = 0; schema_lists[i]; i++) {
		if (!(k = cJSON_GetObjectItemCaseSensitive(s, schema_lists[i])))
			continue;
		if (!cJSON_IsArray(k))
			return fail(c, -1, "'%s' must be an array", schema_lists[i]);
		if ((rc = check_each(c, k, depth)))
			return rc;
	}
	for (i = 0; schema_maps[i]; i++) {
		if (!(k = cJSON_GetObjectItemCaseSensitive(s, schema_maps[i])))
			continue;
		if (!cJSON_IsObject(k))
			return fail(c, -1, "'%s' must be an object", schema_maps[i]);
		for (e = i == 1 ? k->child : NULL; e; e = e->next) {
			struct regex *re = regex_compile(e->string, err, sizeof(err));

			if (!re)
				return fail(c, -1, "bad property pattern: %s", err);
			regex_free(re);
		}
		if ((rc = check_each(c, k, depth)))
			return rc;
	}
	return 0;
}

static int check(struct vctx *c, const cJSON *s, int depth)
{
	int rc;

	if (depth > SCHEMA_MAX_DEPTH)
		return fail(c, -1, "nesting deeper than %s levels", "64");
	if (cJSON_IsBool(s))
		return 0;
	if (!cJSON_IsObject(s))
		return fail(c, -1, "a schema must be an object or a boolean");
	if ((rc = check_type_keyword(c, s)) || (rc = check_values(c, s)))
		return rc;
	return check_subschemas(c, s, depth);
}

int schema_check(const cJSON *schema, char *err, size_t errlen)
{
	struct vctx c;

	memset(&c, 0, sizeof(c));
	c.err = err;
	c.errlen = errlen;
	c.root = schema;
	if (errlen)
		err[0] = '\0';
	return check(&c, schema, 0);
}
