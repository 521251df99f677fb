/* SPDX-License-Identifier: Apache-2.0 */
/* text — UTF-8 hygiene for text that came from an endpoint.
 *
 * Model output may hold invalid or truncated UTF-8, NUL bytes and control
 * characters. Everything that reaches a report goes through here first:
 * invalid sequences become U+FFFD, excerpts are cut on code point
 * boundaries. Never prints. */
#ifndef PREFLIGHT_TEXT_H
#define PREFLIGHT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

/* Length in bytes of the valid UTF-8 sequence at s (at most len bytes), or
 * 0 when the bytes there are not valid UTF-8. Sets *cp to the code point. */
size_t text_utf8_decode(const unsigned char *s, size_t len, unsigned long *cp);

/* Appends s to out with every invalid UTF-8 sequence replaced by U+FFFD and,
 * when oneline is set, every CR, LF and TAB replaced by a space. */
int text_sanitize(struct buf *out, const char *s, size_t len, bool oneline);

/* Returns a sanitized copy of at most max_chars code points of s, with "…"
 * appended when cut; caller frees. NULL s gives "". NULL on out of memory. */
char *text_excerpt(const char *s, size_t len, size_t max_chars, bool oneline);
/* A copy of a name the endpoint gave itself (model, version, fingerprint)
 * as valid UTF-8 on one line, at most 1024 characters; NULL stays NULL
 * (and out of memory gives NULL). Caller frees. */
char *text_clean_line(const char *s);

/* Appends the base64 of len bytes. Returns 0 or a buf error. */
int text_base64_append(struct buf *out, const unsigned char *p, size_t len);
/* Appends the bytes of base64 text s. Returns 0, -1 for a character that
 * is not base64, or a buf error. */
int text_base64_decode(struct buf *out, const char *s, size_t len);

/* True when the len bytes at s are valid UTF-8 (NUL counts as valid). */
bool text_valid_utf8(const char *s, size_t len);
/* The offset of the first byte that is not valid UTF-8, or len. */
size_t text_utf8_valid_prefix(const char *s, size_t len);

/* The UTF-8 of code point cp into out (at most 4 bytes); returns its
 * length. A surrogate or a code point past U+10FFFF is U+FFFD. */
size_t text_utf8_encode(unsigned long cp, char out[4]);

/* A UTF-16 stream read in pieces that may split a code unit or a
 * surrogate pair (zeroed to start; big_endian set by the caller). */
struct text_utf16 {
	bool big_endian;
	bool has_byte; /* the first byte of a code unit the last piece ended on */
	unsigned char byte;
	unsigned long high; /* a high surrogate waiting for its low one, 0 none */
};
/* Decodes the n bytes at in into UTF-8 at out (cap bytes, at least 8),
 * as many as fit; *used says how many bytes of in were taken. A lone
 * surrogate is U+FFFD. Returns the bytes written. */
size_t text_utf16_decode(struct text_utf16 *d, const unsigned char *in, size_t n, char *out,
			 size_t cap, size_t *used);

/* Number of code points in s (invalid bytes count one each). */
size_t text_chars(const char *s, size_t len);

/* The length of the terminal escape sequence at s (ECMA-48: ESC [ a
 * control sequence, ESC ] a string ended by BEL or by ST, ESC and its
 * intermediates and final byte), 0 when s holds none; one cut short runs
 * to the end of s. */
size_t text_escape_len(const char *s, size_t n);
/* The length of a control sequence's body at s, what follows ESC [
 * (parameters, intermediates, final byte), or 0 when s holds no whole one. */
size_t text_csi_len(const char *s, size_t n);

/* Display columns of code point cp as a terminal shows it: 2 for wide
 * (East Asian wide, most emoji: ✅ ❌), 0 for combining marks, else 1
 * (libc's wcwidth in a UTF-8 locale; 1 where that locale is missing). */
int text_cp_columns(unsigned long cp);
/* The display columns the n bytes at s take on a terminal: each code
 * point's text_cp_columns, an escape sequence (text_escape_len) none. */
size_t text_columns(const char *s, size_t n);
/* Appends s to out with every line cut to at most cols display columns,
 * a cut line ending in "…" (an ANSI escape sequence takes no column and
 * is never cut). cols < 2 appends s as it is. Returns 0 or a buf error. */
int text_fit_columns(struct buf *out, const char *s, int cols);

#endif
