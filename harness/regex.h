/* SPDX-License-Identifier: Apache-2.0 */
/* regex — the only module that includes pcre2.h.
 *
 * Probe expectations and JSON Schema "pattern" compile here (with the JIT
 * where pcre2 has it). Patterns are UTF-8; subjects may hold invalid UTF-8
 * (model output) and still match safely. Every match runs under match,
 * depth and heap limits, so a catastrophic pattern (^(a|aa)+$) costs a few
 * milliseconds, not minutes; once a pattern hit a limit, its later matches
 * fail at once. Never prints. */
#ifndef PREFLIGHT_REGEX_H
#define PREFLIGHT_REGEX_H

#include <stddef.h>

struct regex;

/* Compiles pattern. Returns a new regex the caller frees with regex_free, or
 * NULL with the reason and the offset written to err. */
struct regex *regex_compile(const char *pattern, char *err, size_t errlen);
#define REGEX_LIMIT (-2) /* a match limit was hit: the pattern backtracks without end */

/* Returns 1 when the regex matches somewhere in subject, 0 when not,
 * REGEX_LIMIT when a limit was hit, -1 on another failure (memory). */
int regex_match(const struct regex *re, const char *subject, size_t len);

/* "pcre2 10.42 2022-12-11": the library's own version. */
void regex_library_version(char *out, size_t n);
/* Finds the first match; sets *start and *end (byte offsets). Same returns. */
int regex_search(const struct regex *re, const char *subject, size_t len, size_t *start,
		 size_t *end);
void regex_free(struct regex *re);

/* A match of one regex made many times from one thread (an engine log,
 * line by line): its match data and limits allocated once. Borrows re. */
struct regex_matcher;
struct regex_matcher *regex_matcher_new(const struct regex *re);
/* As regex_search, with capture group g's span in *gs, *ge (g 0: the whole
 * match; a group that took no part, or beyond the pattern's: 0, 0). */
int regex_matcher_run(struct regex_matcher *m, const char *subject, size_t len, int g, size_t *gs,
		      size_t *ge);
void regex_matcher_free(struct regex_matcher *m);

#endif
