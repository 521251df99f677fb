/* SPDX-License-Identifier: Apache-2.0 */
/* buf — one growable byte buffer with a hard cap (curl's dynbuf).
 *
 * Response bodies, report text and error excerpts all live in a struct buf.
 * The data is always NUL-terminated once anything was appended; appending
 * past the cap fails with BUF_ETOOBIG instead of growing, so a hostile
 * endpoint can never make a buffer larger than its owner allowed. */
#ifndef PREFLIGHT_BUF_H
#define PREFLIGHT_BUF_H

#include <stdarg.h>
#include <stddef.h>

#define BUF_ENOMEM  (-1) /* allocation failed */
#define BUF_ETOOBIG (-2) /* the append would exceed the cap */

struct buf {
	char *data; /* owned; NULL until the first append */
	size_t len; /* bytes used, excluding the trailing NUL */
	size_t cap; /* bytes allocated */
	size_t max; /* hard cap on len; 0 means SIZE_MAX */
	int full;   /* an append was refused for the cap (its owner says so) */
};

#define BUF_INIT(maxbytes)                                                                         \
	{                                                                                          \
		NULL, 0, 0, (maxbytes), 0                                                          \
	}

/* Sets up caller memory; max 0 = uncapped. */
void buf_init(struct buf *b, size_t max);
/* Makes room for at least n bytes in all (one allocation for a buffer whose
 * final size is known). Returns 0, BUF_ENOMEM or BUF_ETOOBIG. */
int buf_grow_to(struct buf *b, size_t n);
/* Appends len bytes (copied). Returns 0, BUF_ENOMEM or BUF_ETOOBIG; on
 * failure the buffer is unchanged. */
int buf_append(struct buf *b, const void *data, size_t len);
int buf_puts(struct buf *b, const char *s);
int buf_putc(struct buf *b, char c);
int buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int buf_vprintf(struct buf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* A new string printed as printf would; caller frees. NULL when out of
 * memory. */
char *buf_strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Returns the text, "" when empty; borrowed, valid until the next append. */
const char *buf_cstr(const struct buf *b);
/* Keeps the allocation, forgets the content. */
void buf_reset(struct buf *b);
/* Frees what the buffer holds; the struct may be reused after buf_init. */
void buf_release(struct buf *b);
/* Hands the NUL-terminated data to the caller (never NULL unless out of
 * memory) and leaves the buffer empty. */
char *buf_detach(struct buf *b);

#endif
