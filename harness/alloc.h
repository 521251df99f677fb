/* SPDX-License-Identifier: Apache-2.0 */
/* alloc — the one place preflight allocates memory.
 *
 * Every allocation goes through these wrappers (cJSON's hooks too), so a
 * test can make the Nth allocation fail and prove that the whole run
 * unwinds cleanly. They return NULL on failure and never abort. */
#ifndef PREFLIGHT_ALLOC_H
#define PREFLIGHT_ALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* Returns a copy of s (NULL stays NULL), caller frees. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Fail the Nth allocation from now on (1 = the next one); 0 disables.
 * Read from PREFLIGHT_FAIL_ALLOC by alloc_init_from_env(). */
void alloc_fail_at(unsigned long n);
void alloc_init_from_env(void);
/* How many allocations have failed so far (injected or real): a caller
 * tells "out of memory" from a library's other failures with it. */
unsigned long alloc_failures(void);

#endif
