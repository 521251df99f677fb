/* SPDX-License-Identifier: Apache-2.0 */
/* secret — the key's checks and its scrubber; see secret.h. */
#include "secret.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "text.h"

/* a prefix of the key this long is redacted wherever it stands (a cut
 * into a fixed field followed by markup: an SVG title, a table cell); a
 * shorter one (of at least SECRET_MIN_LEN) only where a text ends or was
 * cut with an ellipsis. Ten code points: "sk-proj-" and two of the key's
 * own, so what a cut leaves of a key is never more than that. */
#define PREFIX_ANYWHERE 10
#define ELLIPSIS	"\xE2\x80\xA6"

int secret_check(const char *key, char *why, size_t whylen)
{
	const unsigned char *p = (const unsigned char *)key;
	size_t len = strlen(key), i = 0;
	unsigned long cp;

	if (len > SECRET_MAX_LEN) {
		snprintf(why, whylen, "is longer than %d bytes", SECRET_MAX_LEN);
		return -1;
	}
	while (i < len) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		if (!n) {
			snprintf(why, whylen, "is not valid UTF-8 (byte %zu)", i + 1);
			return -1;
		}
		if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
			snprintf(why, whylen,
				 "holds a control character (byte %zu): a key read from a file "
				 "with CR/LF line endings?",
				 i + 1);
			return -1;
		}
		i += n;
	}
	return 0;
}

/* The base64 characters that depend on the key's bytes alone when the key
 * stands at byte offset align (0..2) of a longer encoded text. */
static char *base64_core(const char *key, size_t klen, size_t align, bool url)
{
	struct buf in = BUF_INIT(0), enc = BUF_INIT(0);
	size_t first = (8 * align + 5) / 6, end = 8 * (align + klen) / 6, i;
	char *core = NULL;

	if (!buf_append(&in, "\0\0", align) && !buf_append(&in, key, klen) &&
	    !text_base64_append(&enc, (const unsigned char *)in.data, in.len) && end > first &&
	    end <= enc.len && (core = xmalloc(end - first + 1))) {
		memcpy(core, enc.data + first, end - first);
		core[end - first] = '\0';
		for (i = 0; url && core[i]; i++)
			core[i] = core[i] == '+' ? '-' : core[i] == '/' ? '_' : core[i];
	}
	buf_release(&in);
	buf_release(&enc);
	return core;
}

static int add_needle(struct secret *s, char *n)
{
	size_t i;

	if (!n)
		return -1;
	for (i = 0; i < s->n_needles; i++)
		if (!strcmp(s->needles[i], n)) {
			free(n);
			return 0;
		}
	s->needles[s->n_needles++] = n;
	s->first_byte[(unsigned char)n[0]] = true;
	return 0;
}

int secret_init(struct secret *s, const char *key)
{
	size_t klen = key ? strlen(key) : 0, a;

	memset(s, 0, sizeof(*s));
	if (klen < SECRET_MIN_LEN)
		return 0;
	if (add_needle(s, xstrdup(key)))
		goto oom;
	for (a = 0; a < 3; a++)
		if (add_needle(s, base64_core(key, klen, a, false)) ||
		    add_needle(s, base64_core(key, klen, a, true)))
			goto oom;
	/* escapes start with these, whatever the character */
	s->first_byte['%'] = s->first_byte['\\'] = s->first_byte['&'] = true;
	return 0;
oom:
	secret_release(s);
	return -1;
}

void secret_release(struct secret *s)
{
	size_t i;

	for (i = 0; i < s->n_needles; i++)
		free(s->needles[i]);
	memset(s, 0, sizeof(*s));
}

bool secret_active(const struct secret *s)
{
	return s && s->n_needles > 0;
}

/* --- matching ------------------------------------------------------------------ */

static const char *memmem_simple(const char *h, size_t hl, const char *n, size_t nl)
{
	size_t i;

	for (i = 0; nl && i + nl <= hl; i++)
		if (h[i] == n[0] && !memcmp(h + i, n, nl))
			return h + i;
	return NULL;
}

static int hex(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static long hex_n(const unsigned char *t, size_t n, size_t digits)
{
	long v = 0;
	size_t i;

	if (n < digits)
		return -1;
	for (i = 0; i < digits; i++) {
		int h = hex(t[i]);

		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* Text bytes at t that spell byte b: raw, or %HH percent-encoded any
 * number of times (%2F, %252F...). 0 when they do not. */
static size_t byte_at(const unsigned char *t, size_t n, unsigned char b)
{
	size_t j = 1;

	if (!n)
		return 0;
	if (t[0] == b)
		return 1;
	if (t[0] != '%')
		return 0;
	while (b != '%' && hex_n(t + j, n - j, 2) == 0x25)
		j += 2;
	return hex_n(t + j, n - j, 2) == b ? j + 2 : 0;
}

/* \uXXXX after one or more backslashes (escaped once or more); -1 when
 * the text there is not one */
static long json_u_at(const unsigned char *t, size_t n, size_t *used)
{
	size_t k = 0;
	long v;

	while (k < n && t[k] == '\\')
		k++;
	if (!k || k >= n || (t[k] != 'u' && t[k] != 'U'))
		return -1;
	if ((v = hex_n(t + k + 1, n - k - 1, 4)) < 0)
		return -1;
	*used = k + 5;
	return v;
}

/* A JSON escape of code point cp: \/ \" \\ \uXXXX (a surrogate pair past
 * U+FFFF), behind any number of backslashes. */
static size_t json_escape_at(const unsigned char *t, size_t n, unsigned long cp)
{
	size_t k = 0, used, used2;
	long u, lo;

	while (k < n && t[k] == '\\')
		k++;
	if (!k)
		return 0;
	if (cp == '\\' && k >= 2)
		return k;
	if (k < n && t[k] == cp && (cp == '/' || cp == '"' || cp == '\''))
		return k + 1;
	if ((u = json_u_at(t, n, &used)) < 0)
		return 0;
	if (cp <= 0xFFFF)
		return (unsigned long)u == cp ? used : 0;
	if ((unsigned long)u != 0xD800 + ((cp - 0x10000) >> 10))
		return 0;
	lo = json_u_at(t + used, n - used, &used2);
	return lo >= 0 && (unsigned long)lo == 0xDC00 + ((cp - 0x10000) & 0x3FF) ? used + used2 : 0;
}

/* An XML character reference or one of the five entities. */
static size_t xml_at(const unsigned char *t, size_t n, unsigned long cp)
{
	static const struct {
		const char *name;
		unsigned long cp;
	} named[] = { { "&amp;", '&' },
		      { "&lt;", '<' },
		      { "&gt;", '>' },
		      { "&quot;", '"' },
		      { "&apos;", '\'' } };
	unsigned long v = 0;
	size_t i = 2, k;
	bool hx;

	if (n < 4 || t[0] != '&')
		return 0;
	for (k = 0; k < sizeof(named) / sizeof(named[0]); k++)
		if (named[k].cp == cp && n >= strlen(named[k].name) &&
		    !memcmp(t, named[k].name, strlen(named[k].name)))
			return strlen(named[k].name);
	if (t[1] != '#')
		return 0;
	hx = t[2] == 'x' || t[2] == 'X';
	i += hx;
	for (k = i; k < n && k < i + 8; k++) {
		int d = hx ? hex(t[k]) : (t[k] >= '0' && t[k] <= '9' ? t[k] - '0' : -1);

		if (d < 0)
			break;
		v = v * (hx ? 16 : 10) + (unsigned long)d;
	}
	return k > i && k < n && t[k] == ';' && v == cp ? k + 1 : 0;
}

/* Text bytes at t that spell one code point of the key (its UTF-8 bytes
 * u8), in any form; 0 when they do not. */
static size_t cp_at(const unsigned char *t, size_t n, const unsigned char *u8, size_t u8len,
		    unsigned long cp)
{
	size_t i = 0, j, m;

	if (cp == '\\' && (m = json_escape_at(t, n, cp)))
		return m;
	for (j = 0; j < u8len && (m = byte_at(t + i, n - i, u8[j])); j++)
		i += m;
	if (j == u8len)
		return i;
	if ((m = json_escape_at(t, n, cp)))
		return m;
	return xml_at(t, n, cp);
}

/* The length of text at t that echoes needle: the whole of it or, when
 * prefixes count, a long enough prefix (a shorter one where the text was
 * cut). 0 when none. */
static size_t match_at(const char *needle, bool prefixes, const unsigned char *t, size_t n)
{
	const unsigned char *u = (const unsigned char *)needle;
	size_t ni = 0, ti = 0, cps = 0, nlen = strlen(needle);

	while (ni < nlen) {
		unsigned long cp = u[ni];
		size_t ul = text_utf8_decode(u + ni, nlen - ni, &cp), m;

		ul = ul ? ul : 1;
		m = ti < n ? cp_at(t + ti, n - ti, u + ni, ul, cp) : 0;
		if (!m)
			break;
		ni += ul;
		ti += m;
		cps++;
	}
	if (ni == nlen)
		return ti;
	if (!prefixes || cps < SECRET_MIN_LEN)
		return 0;
	if (cps >= PREFIX_ANYWHERE || ti == n || (n - ti >= 3 && !memcmp(t + ti, ELLIPSIS, 3)))
		return ti;
	return 0;
}

/* The first echo at or after from; sets *len. n when there is none. */
static size_t find(const struct secret *s, const unsigned char *t, size_t n, size_t from,
		   size_t *len)
{
	size_t i, k;

	for (i = from; i < n; i++) {
		if (!s->first_byte[t[i]])
			continue;
		for (k = 0; k < s->n_needles; k++)
			if ((*len = match_at(s->needles[k], k == 0, t + i, n - i)))
				return i;
	}
	return n;
}

size_t secret_echo_max(const struct secret *s)
{
	/* a code point is at most 12 bytes in any form matched: \\u00XX
	 * escaped twice, &#x10FFFF;, %25XX%25XX... */
	return secret_active(s) ? 12 * strlen(s->needles[0]) + 16 : 0;
}

size_t secret_safe_cut(const struct secret *s, const char *text, size_t len, size_t want)
{
	const unsigned char *t = (const unsigned char *)text;
	size_t at = 0, m = 0;

	if (!secret_active(s) || want >= len)
		return want < len ? want : len;
	while ((at = find(s, t, len, at, &m)) < want) {
		if (at + m > want)
			return at;
		at += m ? m : 1;
	}
	return want;
}

bool secret_found(const struct secret *s, const char *text, size_t len)
{
	size_t m;

	return secret_active(s) && text && find(s, (const unsigned char *)text, len, 0, &m) < len;
}

int secret_scrub(const struct secret *s, struct buf *b)
{
	const unsigned char *t = (const unsigned char *)b->data;
	struct buf out;
	size_t i = 0, at, m = 0;
	int rc = 0;

	if (!secret_active(s) || !b->data || (at = find(s, t, b->len, 0, &m)) == b->len)
		return 0;
	buf_init(&out, b->max);
	while (!rc && i < b->len) {
		rc = buf_append(&out, b->data + i, at - i);
		if (!rc && at < b->len)
			rc = buf_puts(&out, SECRET_MARK);
		i = at < b->len ? at + m : b->len;
		if (i < b->len)
			at = find(s, t, b->len, i, &m);
	}
	if (!rc && !out.data)
		rc = buf_puts(&out, "");
	buf_release(b);
	if (rc) {
		buf_release(&out);
		return rc;
	}
	*b = out;
	return 0;
}

void secret_scrub_str(const struct secret *s, char *str, size_t n)
{
	struct buf b = BUF_INIT(0);

	if (!secret_found(s, str, strlen(str)))
		return;
	if (buf_puts(&b, str) || secret_scrub(s, &b))
		snprintf(str, n, "%s", SECRET_MARK);
	else
		snprintf(str, n, "%s", buf_cstr(&b));
	buf_release(&b);
}

/* --- keys spread over a stream's events ------------------------------------------ */

#define MAX_GROUPS	   32 /* string members by name: a chunk has a dozen */
#define FRAGMENTS_MAX_BODY (16u << 20)

/* the decoded values of one member name, and where each byte came from */
struct group {
	char name[32];
	struct buf text;
	unsigned *from, *to; /* source byte range of each decoded byte */
	size_t cap;
};

static int group_add(struct group *g, char ch, size_t from, size_t to)
{
	if (g->text.len == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 256;
		unsigned *f = xrealloc(g->from, cap * sizeof(*f)), *t;

		if (!f)
			return -1;
		g->from = f;
		if (!(t = xrealloc(g->to, cap * sizeof(*t))))
			return -1;
		g->to = t;
		g->cap = cap;
	}
	g->from[g->text.len] = (unsigned)from;
	g->to[g->text.len] = (unsigned)to;
	return buf_putc(&g->text, ch);
}

/* Decodes the JSON string whose opening quote is at t[i] into g; returns
 * the offset after the closing quote, or 0 when it is not one. */
static size_t decode_string(const unsigned char *t, size_t n, size_t i, struct group *g, int *rc)
{
	static const char esc_in[] = "\"\\/bfnrt", esc_out[] = "\"\\/\b\f\n\r\t";

	for (i++; i < n && t[i] != '"' && !*rc;) {
		size_t at = i;
		char ch = (char)t[i];

		if (t[i] == '\\' && i + 1 < n) {
			long u = t[i + 1] == 'u' ? hex_n(t + i + 2, n - i - 2, 4) : -1;
			const char *e = u < 0 ? strchr(esc_in, t[i + 1]) : NULL;

			/* the key is printable: a non-ASCII escape can only end a match */
			ch = u >= 0 ? (u < 0x80 ? (char)u : '\0')
			     : e    ? esc_out[e - esc_in]
				    : (char)t[i + 1];
			i += u >= 0 ? 6 : 2;
		} else {
			i++;
		}
		*rc = group_add(g, ch, at, i);
	}
	return i < n ? i + 1 : 0;
}

static struct group *group_for(struct group *gs, size_t *n, const unsigned char *name, size_t len)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strlen(gs[i].name) == len && !memcmp(gs[i].name, name, len))
			return &gs[i];
	if (*n == MAX_GROUPS || len >= sizeof(gs[0].name))
		return NULL;
	memcpy(gs[*n].name, name, len);
	gs[*n].name[len] = '\0';
	buf_init(&gs[*n].text, 0);
	return &gs[(*n)++];
}

/* Where the string value of a "name": "value" pair that starts at t[i]
 * (a quote) begins: *name and *name_len get the name. Returns the
 * position of the value's opening quote, or 0 when t[i] starts no pair
 * (*skip then says where to go on). */
static size_t pair_at(const unsigned char *t, size_t len, size_t i, const unsigned char **name,
		      size_t *name_len, size_t *skip)
{
	size_t start = i + 1, end, v;

	*skip = i;
	for (end = start; end < len && t[end] != '"' && t[end] != '\\' && end - start < 32; end++)
		;
	if (end >= len || t[end] != '"')
		return 0;
	*skip = end;
	for (v = end + 1; v < len && (t[v] == ' ' || t[v] == '\t'); v++)
		;
	if (v >= len || t[v] != ':')
		return 0;
	for (v++; v < len && (t[v] == ' ' || t[v] == '\t'); v++)
		;
	if (v >= len || t[v] != '"')
		return 0;
	*name = t + start;
	*name_len = end - start;
	return v;
}

/* the bytes of b behind every match of the key in group g, as '*' */
static void mask_group(const struct secret *s, const struct group *g, struct buf *b)
{
	const char *key = s->needles[0], *hit;
	size_t klen = strlen(key), at = 0, d, j;

	while (g->text.len >= klen &&
	       (hit = memmem_simple(g->text.data + at, g->text.len - at, key, klen))) {
		d = (size_t)(hit - g->text.data);
		for (j = d; j < d + klen; j++)
			memset(b->data + g->from[j], '*', g->to[j] - g->from[j]);
		at = d + klen;
	}
}

int secret_mask_fragments(const struct secret *s, struct buf *b)
{
	struct group gs[MAX_GROUPS];
	const unsigned char *t = (const unsigned char *)b->data;
	size_t n_groups = 0, i, k;
	int rc = 0;

	if (!secret_active(s) || !b->data || b->len > FRAGMENTS_MAX_BODY)
		return 0;
	memset(gs, 0, sizeof(gs));
	/* "name": "value" pairs; values of one name are joined in order */
	for (i = 0; i < b->len && !rc; i++) {
		const unsigned char *name;
		size_t name_len, skip, v;
		struct group *g;

		if (t[i] != '"')
			continue;
		if (!(v = pair_at(t, b->len, i, &name, &name_len, &skip))) {
			i = skip;
			continue;
		}
		if ((g = group_for(gs, &n_groups, name, name_len))) {
			size_t after = decode_string(t, b->len, v, g, &rc);

			i = after ? after - 1 : b->len;
		} else {
			i = v;
		}
	}
	for (k = 0; k < n_groups && !rc; k++)
		mask_group(s, &gs[k], b);
	for (k = 0; k < n_groups; k++) {
		buf_release(&gs[k].text);
		free(gs[k].from);
		free(gs[k].to);
	}
	return rc;
}

/* the value after name at p: its length (quotes included), 0 when none */
static size_t value_len(const char *p)
{
	const char *q = p;
	char quote = *q == '\'' || *q == '"' ? *q++ : 0;

	while (*q && (quote ? *q != quote : !strchr(" \t,)\"'", *q)))
		q++;
	if (quote && *q == quote)
		q++;
	return (size_t)(q - p);
}

static bool token_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

void secret_mask_tokens(char *s)
{
	static const char *const names[] = {
		"--api-key=", "--api-key ", "--api_key=", "--api_key ",
		"api_key=",   "api_key: ",  "HF_TOKEN=",  "HUGGING_FACE_HUB_TOKEN="
	};
	size_t i, k, n;
	char *p;

	for (p = s; (p = strstr(p, "hf_"));) { /* hf_ and 20+ letters and digits */
		for (n = 0; token_char(p[3 + n]); n++)
			;
		if (n >= 20 && (p == s || !token_char(p[-1]))) {
			memmove(p + 6, p + 3 + n, strlen(p + 3 + n) + 1);
			memcpy(p + 3, "***", 3);
		}
		p += 3;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		for (p = s; (p = strstr(p, names[i]));) {
			char *v = p + strlen(names[i]);

			n = value_len(v);
			if (n >= 3 && strncmp(v, "None", 4) && strncmp(v, "***", 3)) {
				memmove(v + 3, v + n, strlen(v + n) + 1);
				memcpy(v, "***", 3);
			} else if (n < 3) {
				memset(v, '*', n); /* never longer than it was */
			}
			p = v;
			for (k = 0; k < 3 && *p; k++)
				p++;
		}
}
