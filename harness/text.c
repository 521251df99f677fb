/* SPDX-License-Identifier: Apache-2.0 */
/* text — UTF-8 sanitizing and excerpts; see text.h. */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "text.h"

#include <locale.h>
#include <wchar.h>

#include <string.h>

size_t text_utf8_decode(const unsigned char *s, size_t len, unsigned long *cp)
{
	unsigned long c;
	size_t n, i;

	if (!len)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	} else if ((s[0] & 0xE0) == 0xC0) {
		n = 2;
		c = s[0] & 0x1F;
	} else if ((s[0] & 0xF0) == 0xE0) {
		n = 3;
		c = s[0] & 0x0F;
	} else if ((s[0] & 0xF8) == 0xF0) {
		n = 4;
		c = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3F);
	}
	/* overlong forms, surrogates and values past U+10FFFF are invalid */
	if ((n == 2 && c < 0x80) || (n == 3 && c < 0x800) || (n == 4 && c < 0x10000) ||
	    c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

int text_sanitize(struct buf *out, const char *s, size_t len, bool oneline)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, run = 0;
	unsigned long cp;
	int rc;

	while (i < len) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		if (n && !(oneline && (cp == '\n' || cp == '\r' || cp == '\t')) && cp != 0) {
			i += n;
			run += n;
			continue;
		}
		if ((rc = buf_append(out, p + i - run, run)))
			return rc;
		run = 0;
		if (n && cp) { /* a newline or tab on a one-line excerpt */
			if ((rc = buf_putc(out, ' ')))
				return rc;
			i += n;
		} else { /* invalid byte or NUL */
			if ((rc = buf_puts(out, "\xEF\xBF\xBD")))
				return rc;
			i++;
		}
	}
	return buf_append(out, p + i - run, run);
}

size_t text_utf8_valid_prefix(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;
	unsigned long cp;

	while (i < len && (n = text_utf8_decode(p + i, len - i, &cp)))
		i += n;
	return i;
}

bool text_valid_utf8(const char *s, size_t len)
{
	return text_utf8_valid_prefix(s, len) == len;
}

size_t text_chars(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, chars = 0;
	unsigned long cp;

	while (i < len) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		i += n ? n : 1;
		chars++;
	}
	return chars;
}

char *text_excerpt(const char *s, size_t len, size_t max_chars, bool oneline)
{
	const unsigned char *p = (const unsigned char *)s;
	struct buf out = BUF_INIT(0);
	size_t i = 0, chars = 0;
	unsigned long cp;

	if (!s)
		len = 0;
	while (i < len && chars < max_chars) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		i += n ? n : 1;
		chars++;
	}
	if (text_sanitize(&out, s ? s : "", i, oneline) ||
	    (i < len && buf_puts(&out, "\xE2\x80\xA6"))) {
		buf_release(&out);
		return NULL;
	}
	return buf_detach(&out);
}

/* base64: media files in data: URLs, bodies with NUL in recordings */
static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int text_base64_append(struct buf *out, const unsigned char *p, size_t len)
{
	size_t i;
	char q[4];

	if (buf_grow_to(out, out->len + (len + 2) / 3 * 4))
		return -1;
	for (i = 0; i + 3 <= len; i += 3) {
		q[0] = abc[p[i] >> 2];
		q[1] = abc[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
		q[2] = abc[((p[i + 1] & 15) << 2) | (p[i + 2] >> 6)];
		q[3] = abc[p[i + 2] & 63];
		if (buf_append(out, q, 4))
			return -1;
	}
	if (len - i == 1) {
		q[0] = abc[p[i] >> 2];
		q[1] = abc[(p[i] & 3) << 4];
		q[2] = q[3] = '=';
		return buf_append(out, q, 4);
	}
	if (len - i == 2) {
		q[0] = abc[p[i] >> 2];
		q[1] = abc[((p[i] & 3) << 4) | (p[i + 1] >> 4)];
		q[2] = abc[(p[i + 1] & 15) << 2];
		q[3] = '=';
		return buf_append(out, q, 4);
	}
	return 0;
}

int text_base64_decode(struct buf *out, const char *s, size_t len)
{
	unsigned long acc = 0;
	int bits = 0, rc;
	size_t i;

	for (i = 0; i < len && s[i] != '='; i++) {
		const char *p = memchr(abc, s[i], 64);

		if (!p || !s[i])
			return -1;
		acc = (acc << 6) | (unsigned long)(p - abc);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if ((rc = buf_putc(out, (char)((acc >> bits) & 0xFF))))
				return rc;
			acc &= (1ul << bits) - 1; /* only the bits not yet written */
		}
	}
	return 0;
}

char *text_clean_line(const char *s)
{
	return s ? text_excerpt(s, strlen(s), 1024, true) : NULL;
}

int text_cp_columns(unsigned long cp)
{
	static locale_t utf8;
	static int tried;
	locale_t was;
	int w;

	if (cp < 0x7f)
		return cp >= 0x20;
	if (!tried++) /* once: the terminal's width table is libc's */
		utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	if (!utf8)
		return 1;
	was = uselocale(utf8);
	w = wcwidth((wchar_t)cp);
	uselocale(was);
	return w < 0 ? 1 : w;
}

size_t text_utf8_encode(unsigned long cp, char out[4])
{
	if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		cp = 0xFFFD;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

size_t text_utf16_decode(struct text_utf16 *d, const unsigned char *in, size_t n, char *out,
			 size_t cap, size_t *used)
{
	size_t i = 0, k = 0;

	while (i < n && k + 8 <= cap) {
		unsigned b0, b1;
		unsigned long u;

		if (!d->has_byte) {
			d->byte = in[i++];
			d->has_byte = true;
			continue;
		}
		b0 = d->byte;
		b1 = in[i++];
		d->has_byte = false;
		u = d->big_endian ? (b0 << 8 | b1) : (b1 << 8 | b0);
		if (d->high && (u < 0xDC00 || u > 0xDFFF)) { /* a high one alone */
			k += text_utf8_encode(0xFFFD, out + k);
			d->high = 0;
		}
		if (u >= 0xD800 && u <= 0xDBFF) {
			d->high = u;
			continue;
		}
		if (u >= 0xDC00 && u <= 0xDFFF) {
			u = d->high ? 0x10000 + ((d->high - 0xD800) << 10) + (u - 0xDC00) : 0xFFFD;
			d->high = 0;
		}
		k += text_utf8_encode(u, out + k);
	}
	*used = i;
	return k;
}

size_t text_csi_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i] >= 0x30 && s[i] <= 0x3f) /* parameters */
		i++;
	while (i < n && s[i] >= 0x20 && s[i] <= 0x2f) /* intermediates */
		i++;
	return i < n && s[i] >= 0x40 && s[i] <= 0x7e ? i + 1 : 0;
}

size_t text_escape_len(const char *s, size_t n)
{
	size_t i, k;

	if (!n || s[0] != 0x1b)
		return 0;
	if (n > 1 && s[1] == '[')
		return (k = text_csi_len(s + 2, n - 2)) ? k + 2 : n;
	if (n > 1 && s[1] == ']') { /* a string: a title, a link */
		for (i = 2; i < n && s[i] != 0x07 && s[i] != 0x1b; i++)
			;
		if (i < n && s[i] == 0x07)
			return i + 1;
		return i + 1 < n && s[i + 1] == '\\' ? i + 2 : i;
	}
	for (i = 1; i < n && s[i] >= 0x20 && s[i] <= 0x2f; i++) /* ESC ( B */
		;
	return i < n ? i + 1 : n;
}

/* the columns of the piece at s (an escape sequence, a code point, or an
 * invalid byte as U+FFFD) and, in *len, its bytes */
static int piece_columns(const char *s, size_t n, size_t *len)
{
	unsigned long cp = 0xfffd;

	if ((*len = text_escape_len(s, n)))
		return 0;
	*len = text_utf8_decode((const unsigned char *)s, n, &cp);
	*len = *len ? *len : 1;
	return text_cp_columns(cp);
}

size_t text_columns(const char *s, size_t n)
{
	size_t i = 0, k, w = 0;

	while (i < n) {
		w += (size_t)piece_columns(s + i, n - i, &k);
		i += k;
	}
	return w;
}

int text_fit_columns(struct buf *out, const char *s, int cols)
{
	int rc = 0;

	while (*s && !rc) {
		size_t n = strcspn(s, "\n"), i = n, k, used = 0, w;

		if (cols >= 2 && text_columns(s, n) > (size_t)cols) /* cut, room for "…" */
			for (i = 0; i < n; i += k) {
				w = (size_t)piece_columns(s + i, n - i, &k);
				if (used + w > (size_t)cols - 1)
					break;
				used += w;
			}
		rc = buf_append(out, s, i) || (i < n && buf_puts(out, "…"));
		s += n;
		if (*s == '\n') {
			rc = rc || buf_putc(out, '\n');
			s++;
		}
	}
	return rc;
}
