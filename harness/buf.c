/* SPDX-License-Identifier: Apache-2.0 */
/* buf — growable capped buffer; see buf.h. Never prints, never aborts. */
#include "buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void buf_init(struct buf *b, size_t max)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->max = max;
	b->full = 0;
}

static int buf_grow(struct buf *b, size_t need)
{
	size_t limit = b->max ? b->max : SIZE_MAX - 1;
	size_t cap;
	char *p;

	if (need > limit) {
		b->full = 1;
		return BUF_ETOOBIG;
	}
	if (need + 1 <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need + 1)
		cap = cap > SIZE_MAX / 2 ? need + 1 : cap * 2;
	if (b->max && cap > b->max + 1)
		cap = b->max + 1;
	p = xrealloc(b->data, cap);
	if (!p)
		return BUF_ENOMEM;
	b->data = p;
	b->cap = cap;
	return 0;
}

int buf_grow_to(struct buf *b, size_t n)
{
	char *p;

	if (b->max && n > b->max) {
		b->full = 1;
		return BUF_ETOOBIG;
	}
	if (n >= SIZE_MAX - 1)
		return BUF_ENOMEM;
	if (n + 1 <= b->cap)
		return 0;
	p = xrealloc(b->data, n + 1);
	if (!p)
		return BUF_ENOMEM;
	if (!b->data)
		p[0] = '\0';
	b->data = p;
	b->cap = n + 1;
	return 0;
}

int buf_append(struct buf *b, const void *data, size_t len)
{
	int rc;

	if (len > SIZE_MAX - 2 - b->len) {
		b->full = 1;
		return BUF_ETOOBIG;
	}
	rc = buf_grow(b, b->len + len);
	if (rc)
		return rc;
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

int buf_puts(struct buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

int buf_putc(struct buf *b, char c)
{
	return buf_append(b, &c, 1);
}

int buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	char small[256];
	va_list cp;
	int n, rc;
	char *big;

	va_copy(cp, ap);
	n = vsnprintf(small, sizeof(small), fmt, cp);
	va_end(cp);
	if (n < 0)
		return BUF_ENOMEM;
	if ((size_t)n < sizeof(small))
		return buf_append(b, small, (size_t)n);
	big = xmalloc((size_t)n + 1);
	if (!big)
		return BUF_ENOMEM;
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	rc = buf_append(b, big, (size_t)n);
	free(big);
	return rc;
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

const char *buf_cstr(const struct buf *b)
{
	return b->data ? b->data : "";
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = '\0';
}

void buf_release(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

char *buf_detach(struct buf *b)
{
	char *p = b->data;

	if (!p)
		p = xstrdup("");
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	return p;
}

char *buf_strdupf(const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (rc) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}
