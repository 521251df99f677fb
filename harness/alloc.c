/* SPDX-License-Identifier: Apache-2.0 */
/* alloc — allocation wrappers with a fail-the-Nth switch; see alloc.h. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

/* fail_at is set before any thread starts; count is shared by every
 * --parallel thread, so it is incremented atomically: exactly one
 * allocation is the Nth */
static unsigned long fail_at; /* 0 = never */
static unsigned long count;
static unsigned long failures; /* allocations that returned NULL */

static void *counted(void *p)
{
	if (!p)
		__atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
	return p;
}

unsigned long alloc_failures(void)
{
	return __atomic_load_n(&failures, __ATOMIC_RELAXED);
}

static int should_fail(void)
{
	if (!fail_at)
		return 0;
	return __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED) == fail_at;
}

void alloc_fail_at(unsigned long n)
{
	fail_at = n;
	count = 0;
}

void alloc_init_from_env(void)
{
	const char *s = getenv("PREFLIGHT_FAIL_ALLOC");

	if (s && *s)
		alloc_fail_at(strtoul(s, NULL, 10));
}

void *xmalloc(size_t n)
{
	if (should_fail())
		return counted(NULL);
	return counted(malloc(n ? n : 1));
}

void *xcalloc(size_t n, size_t size)
{
	if (should_fail())
		return counted(NULL);
	return counted(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
	if (should_fail())
		return counted(NULL);
	return counted(realloc(p, n ? n : 1));
}

char *xstrndup(const char *s, size_t n)
{
	char *p;

	if (!s)
		return NULL;
	p = xmalloc(n + 1);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}
