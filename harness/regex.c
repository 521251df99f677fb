/* regex — pcre2 behind one small interface; see regex.h. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "regex.h"

#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"

struct regex {
	pcre2_code *code;
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

struct regex *regex_compile(const char *pattern, char *err, size_t errlen)
{
	pcre2_general_context *gctx = NULL;
	pcre2_compile_context *cctx = NULL;
	struct regex *re = NULL;
	PCRE2_SIZE off = 0;
	int code = 0;

	re = xcalloc(1, sizeof(*re));
	gctx = pcre2_general_context_create(re_malloc, re_free, NULL);
	if (gctx)
		cctx = pcre2_compile_context_create(gctx);
	if (!re || !gctx || !cctx) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
				 PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code, &off, cctx);
	if (!re->code) {
		PCRE2_UCHAR msg[160];

		pcre2_get_error_message(code, msg, sizeof(msg));
		snprintf(err, errlen, "%s at offset %zu", (char *)msg, (size_t)off);
		goto fail;
	}
	pcre2_compile_context_free(cctx);
	pcre2_general_context_free(gctx);
	return re;
fail:
	pcre2_compile_context_free(cctx);
	pcre2_general_context_free(gctx);
	free(re);
	return NULL;
}

int regex_search(const struct regex *re, const char *subject, size_t len, size_t *start,
		 size_t *end)
{
	pcre2_match_data *md;
	int rc;

	md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (!md)
		return -1;
	rc = pcre2_match(re->code, (PCRE2_SPTR)(subject ? subject : ""), len, 0, 0, md, NULL);
	if (rc >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

		if (start)
			*start = ov[0];
		if (end)
			*end = ov[1];
		rc = 1;
	} else if (rc == PCRE2_ERROR_NOMATCH) {
		rc = 0;
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
