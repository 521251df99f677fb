/* SPDX-License-Identifier: Apache-2.0 */
/* regex — pcre2 behind one small interface; see regex.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* Bounds on one match, so no pattern can stall grading: ~5 ms with the
 * JIT at the match limit on this kind of machine, ~25 ms without. */
#define MATCH_LIMIT 1000000u
#define DEPTH_LIMIT 100000u
#define HEAP_LIMIT  20480u /* KiB */

struct regex {
	pcre2_code *code;
	bool jit;
	int tripped; /* a match hit a limit: later ones fail at once */
};

/* pcre2 allocates through these so fault injection reaches it too */
static void *re_malloc(PCRE2_SIZE n, void *ctx)
{
	(void)ctx;
	return xmalloc(n);
}

static void re_free(void *p, void *ctx)
{
	(void)ctx;
	free(p);
}

static bool jit_wanted(void)
{
	const char *v = getenv("PREFLIGHT_PCRE2_JIT");

	return !v || strcmp(v, "0") != 0;
}

/* The pattern with each \S, \W and \D outside a character class written
 * as a class of one ([\S]), which means the same: pcre2 10.42's JIT, under
 * PCRE2_MATCH_INVALID_UTF, matches no character of more than one byte with
 * those three types (PCRE2Project/pcre2#224, fixed in 10.43; Debian 12
 * ships 10.42), so "x\S" missed "xé" and a rule's ": +\S" every message
 * that begins in Chinese; in a class they match. What a \Q...\E quote or
 * a (?#...) comment holds is copied as it is, and a class's items are
 * read as pcre2 reads them (a ']' first is one, [:alpha:] is one). The
 * caller frees it; NULL when out of memory. */
static char *classed_types(const char *p)
{
	size_t n = strlen(p), i, j = 0;
	char *out = xmalloc(2 * n + 1); /* a two-byte escape becomes four */
	bool in_class = false, quoted = false;
	size_t class_at = 0; /* where the open class's items begin */

	if (!out)
		return NULL;
	for (i = 0; i < n; i++) {
		char c = p[i];
		size_t k;

		if (quoted) {
			quoted = !(c == '\\' && p[i + 1] == 'E');
		} else if (c == '\\' && i + 1 < n) {
			char e = p[i + 1];

			if (!in_class && (e == 'S' || e == 'W' || e == 'D')) {
				out[j++] = '[';
				out[j++] = c;
				out[j++] = e;
				out[j++] = ']';
				i++;
				continue;
			}
			quoted = e == 'Q';
			out[j++] = c;
			c = p[++i];
		} else if (!in_class && c == '(' && p[i + 1] == '?' && p[i + 2] == '#') {
			const char *end = strchr(p + i, ')');

			k = end ? (size_t)(end - p) : n - 1;
			memcpy(out + j, p + i, k - i + 1);
			j += k - i + 1;
			i = k;
			continue;
		} else if (!in_class && c == '[') {
			in_class = true;
			class_at = i + 1 + (p[i + 1] == '^');
		} else if (in_class && c == '[' && p[i + 1] == ':') {
			/* a POSIX class, "[:alpha:]" or "[:^space:]": one item */
			for (k = i + 2 + (p[i + 2] == '^'); p[k] >= 'a' && p[k] <= 'z'; k++)
				;
			if (p[k] == ':' && p[k + 1] == ']') {
				memcpy(out + j, p + i, k + 2 - i);
				j += k + 2 - i;
				i = k + 1;
				continue;
			}
		} else if (in_class && c == ']' && i > class_at) {
			in_class = false; /* a ']' first in a class is one of its items */
		}
		out[j++] = c;
	}
	out[j] = '\0';
	return out;
}

struct regex *regex_compile(const char *pattern, char *err, size_t errlen)
{
	pcre2_general_context *gctx = NULL;
	pcre2_compile_context *cctx = NULL;
	struct regex *re = NULL;
	/* UTF, and text that is not UTF-8 matched, not refused: a model's
	 * output and an engine's log may hold any bytes */
	const uint32_t options = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF;
	char *classed = NULL;
	PCRE2_SIZE off = 0;
	int code = 0;

	re = xcalloc(1, sizeof(*re));
	gctx = pcre2_general_context_create(re_malloc, re_free, NULL);
	if (gctx)
		cctx = pcre2_compile_context_create(gctx);
	if (re && gctx && cctx)
		classed = classed_types(pattern);
	if (!re || !gctx || !cctx || !classed) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	re->code = pcre2_compile((PCRE2_SPTR)classed, PCRE2_ZERO_TERMINATED, options, &code, &off,
				 cctx);
	if (!re->code) {
		PCRE2_UCHAR msg[160];

		/* the error as the pattern written says it, at its offset */
		pcre2_code_free(pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, options,
					      &code, &off, cctx));
		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(err, errlen, "%s at offset %zu", (char *)msg, (size_t)off);
		goto fail;
	}
	free(classed);
	/* the JIT is faster by 5-10x; without it (no support, or
	 * PREFLIGHT_PCRE2_JIT=0 for valgrind, which cannot follow JIT code)
	 * the interpreter runs under the same limits */
	re->jit = jit_wanted() && pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE) == 0;
	pcre2_compile_context_free(cctx);
	pcre2_general_context_free(gctx);
	return re;
fail:
	free(classed);
	pcre2_compile_context_free(cctx);
	pcre2_general_context_free(gctx);
	free(re);
	return NULL;
}

static int run_match(const pcre2_code *code, const char *subject, size_t len, pcre2_match_data *md,
		     uint32_t options)
{
	pcre2_match_context *mc = pcre2_match_context_create(NULL);
	int rc;

	if (!mc)
		return PCRE2_ERROR_NOMEMORY;
	pcre2_set_match_limit(mc, MATCH_LIMIT);
	pcre2_set_depth_limit(mc, DEPTH_LIMIT);
	pcre2_set_heap_limit(mc, HEAP_LIMIT);
	rc = pcre2_match(code, (PCRE2_SPTR)(subject ? subject : ""), len, 0, options, md, mc);
	pcre2_match_context_free(mc);
	return rc;
}

int regex_search(const struct regex *re, const char *subject, size_t len, size_t *start,
		 size_t *end)
{
	struct regex *mut = (struct regex *)re; /* the tripped flag only */
	pcre2_match_data *md;
	int rc;

	if (__atomic_load_n(&re->tripped, __ATOMIC_RELAXED))
		return REGEX_LIMIT;
	md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!md)
		return -1;
	rc = run_match(re->code, subject, len, md, 0);
	/* the JIT's own stack ran out: the interpreter, on the heap, decides */
	if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
		rc = run_match(re->code, subject, len, md, PCRE2_NO_JIT);
	if (rc >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

		if (start)
			*start = ov[0];
		if (end)
			*end = ov[1];
		rc = 1;
	} else if (rc == PCRE2_ERROR_NOMATCH) {
		rc = 0;
	} else if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
		   rc == PCRE2_ERROR_HEAPLIMIT) {
		__atomic_store_n(&mut->tripped, 1, __ATOMIC_RELAXED);
		rc = REGEX_LIMIT;
	} else {
		rc = -1;
	}
	pcre2_match_data_free(md);
	return rc;
}

int regex_match(const struct regex *re, const char *subject, size_t len)
{
	return regex_search(re, subject, len, NULL, NULL);
}

void regex_free(struct regex *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	free(re);
}

void regex_library_version(char *out, size_t n)
{
	char v[64] = "";

	if (pcre2_config(PCRE2_CONFIG_VERSION, v) < 0)
		snprintf(v, sizeof(v), "unknown");
	snprintf(out, n, "pcre2 %s", v);
}

struct regex_matcher {
	const struct regex *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
};

struct regex_matcher *regex_matcher_new(const struct regex *re)
{
	struct regex_matcher *m = xcalloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->re = re;
	m->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	m->mc = pcre2_match_context_create(NULL);
	if (!m->md || !m->mc) {
		regex_matcher_free(m);
		return NULL;
	}
	pcre2_set_match_limit(m->mc, MATCH_LIMIT);
	pcre2_set_depth_limit(m->mc, DEPTH_LIMIT);
	pcre2_set_heap_limit(m->mc, HEAP_LIMIT);
	return m;
}

int regex_matcher_run(struct regex_matcher *m, const char *subject, size_t len, int g, size_t *gs,
		      size_t *ge)
{
	int rc = pcre2_match(m->re->code, (PCRE2_SPTR)(subject ? subject : ""), len, 0, 0, m->md,
			     m->mc);
	PCRE2_SIZE *ov;

	if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
		rc = pcre2_match(m->re->code, (PCRE2_SPTR)(subject ? subject : ""), len, 0,
				 PCRE2_NO_JIT, m->md, m->mc);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT ||
	    rc == PCRE2_ERROR_HEAPLIMIT)
		return REGEX_LIMIT;
	if (rc < 0)
		return -1;
	ov = pcre2_get_ovector_pointer(m->md);
	*gs = *ge = 0;
	if (g >= 0 && (uint32_t)g < pcre2_get_ovector_count(m->md) && ov[2 * g] != PCRE2_UNSET) {
		*gs = ov[2 * g];
		*ge = ov[2 * g + 1];
	}
	return 1;
}

void regex_matcher_free(struct regex_matcher *m)
{
	if (!m)
		return;
	pcre2_match_data_free(m->md);
	pcre2_match_context_free(m->mc);
	free(m);
}
