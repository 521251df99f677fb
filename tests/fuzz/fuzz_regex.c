/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_regex — the pcre2 wrapper on arbitrary patterns and subjects (a
 * probe's content_regex, a schema's pattern, a rule file's): the input is
 * a pattern, a NUL, then the subject. Whatever they hold, nothing crashes,
 * and where a pattern compiles it compiles with the JIT as without; on a
 * subject of valid UTF-8 both find the same first match (the JIT of some
 * pcre2 versions missed characters of more than one byte: regex.c writes
 * around it), unless one of them hit a limit. On invalid UTF-8 the two
 * may start a match at other bytes, which pcre2 leaves to each. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "regex.h"
#include "text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t plen = nul ? (size_t)(nul - data) : size;
	const char *subject = nul ? (const char *)nul + 1 : "";
	size_t slen = nul ? size - plen - 1 : 0;
	struct regex *jit, *interp;
	char *pattern, err[256];
	size_t a = 0, b = 0, c = 0, d = 0;
	int r1, r2;

	if (plen > 512 || slen > 4096)
		return 0;
	pattern = malloc(plen + 1);
	memcpy(pattern, data, plen);
	pattern[plen] = '\0';
	setenv("PREFLIGHT_PCRE2_JIT", "1", 1);
	jit = regex_compile(pattern, err, sizeof(err));
	setenv("PREFLIGHT_PCRE2_JIT", "0", 1);
	interp = regex_compile(pattern, err, sizeof(err));
	if (!jit != !interp)
		abort();
	if (jit && text_valid_utf8(subject, slen)) {
		r1 = regex_search(jit, subject, slen, &a, &b);
		r2 = regex_search(interp, subject, slen, &c, &d);
		if (r1 != REGEX_LIMIT && r2 != REGEX_LIMIT && r1 >= 0 && r2 >= 0 &&
		    (r1 != r2 || (r1 == 1 && (a != c || b != d))))
			abort();
	} else if (jit) {
		(void)regex_search(jit, subject, slen, &a, &b);
		(void)regex_search(interp, subject, slen, &c, &d);
	}
	regex_free(jit);
	regex_free(interp);
	free(pattern);
	return 0;
}
