/* SPDX-License-Identifier: Apache-2.0 */
/* check_text — UTF-8 sanitizing and excerpts. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "suites.h"
#include "text.h"

static const struct {
	const char *in;
	size_t len;
	int oneline;
	const char *out;
} sanitize_cases[] = {
	{ "plain", 5, 0, "plain" },
	{ "a\xff"
	  "b",
	  3, 0,
	  "a\xEF\xBF\xBD"
	  "b" },
	{ "caf\xC3\xA9", 5, 0, "caf\xC3\xA9" },
	{ "cut \xE2\x82", 6, 0, "cut \xEF\xBF\xBD\xEF\xBF\xBD" },
	{ "a\nb\tc", 5, 1, "a b c" },
	{ "a\nb", 3, 0, "a\nb" },
	{ "n\0ul", 4, 0, "n\xEF\xBF\xBDul" },
	{ "\xED\xA0\x80", 3, 0, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" }, /* surrogate */
	{ "\xC0\xAF", 2, 0, "\xEF\xBF\xBD\xEF\xBF\xBD" },		  /* overlong */
};

START_TEST(sanitize_table)
{
	struct buf b = BUF_INIT(0);

	ck_assert_int_eq(text_sanitize(&b, sanitize_cases[_i].in, sanitize_cases[_i].len,
				       sanitize_cases[_i].oneline),
			 0);
	ck_assert_str_eq(buf_cstr(&b), sanitize_cases[_i].out);
	buf_release(&b);
}
END_TEST

START_TEST(excerpt_cuts_on_code_points)
{
	char *e = text_excerpt("h\xC3\xA9llo world", 12, 3, true);

	ck_assert_str_eq(e, "h\xC3\xA9l\xE2\x80\xA6");
	free(e);
	e = text_excerpt("short", 5, 10, true);
	ck_assert_str_eq(e, "short");
	free(e);
	e = text_excerpt(NULL, 0, 10, true);
	ck_assert_str_eq(e, "");
	free(e);
	ck_assert_uint_eq(text_chars("h\xC3\xA9", 3), 2);
}
END_TEST

START_TEST(base64_round_trip)
{
	static const struct {
		const char *in, *out;
	} v[] = { { "", "" },
		  { "f", "Zg==" },
		  { "fo", "Zm8=" },
		  { "foo", "Zm9v" },
		  { "foobar", "Zm9vYmFy" } };
	struct buf b = BUF_INIT(0), back = BUF_INIT(0);
	const char bin[] = "a\0b\xff";
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		buf_reset(&b);
		ck_assert_int_eq(
			text_base64_append(&b, (const unsigned char *)v[i].in, strlen(v[i].in)), 0);
		ck_assert_str_eq(buf_cstr(&b), v[i].out);
	}
	buf_reset(&b);
	ck_assert_int_eq(text_base64_append(&b, (const unsigned char *)bin, 4), 0);
	ck_assert_int_eq(text_base64_decode(&back, b.data, b.len), 0);
	ck_assert_uint_eq(back.len, 4);
	ck_assert_int_eq(memcmp(back.data, bin, 4), 0);
	ck_assert_int_eq(text_base64_decode(&back, "a*b", 3), -1);
	buf_release(&b);
	buf_release(&back);
}
END_TEST

/* lines cut to the terminal's columns, counted as it shows them: ✅ and CJK
 * two wide, an ANSI escape none, a cut line ending in "…"; a line that fits
 * exactly stays whole */
START_TEST(lines_fit_columns)
{
	static const struct {
		const char *in;
		int cols;
		const char *want;
	} rows[] = {
		{ "short\n", 80, "short\n" },
		{ "xxxxxxxxxxxxxxxxxxxxxxxxx\nyy", 20, "xxxxxxxxxxxxxxxxxxx…\nyy" },
		{ "xxxxxxxxxxxxxxxxxxxx", 20, "xxxxxxxxxxxxxxxxxxxx" },
		{ "✅✅✅✅✅✅✅✅✅✅✅", 20, "✅✅✅✅✅✅✅✅✅…" },
		{ "✅✅✅✅✅✅✅✅✅✅", 20, "✅✅✅✅✅✅✅✅✅✅" },
		{ "\033[31m[FAIL]\033[0m xxxxxxxxxxxxxxxxxxxxxxxx", 20,
		  "\033[31m[FAIL]\033[0m xxxxxxxxxxxx…" },
		{ "日本語のテキストはとても長いです", 12, "日本語のテ…" },
		{ "anything", 0, "anything" },
		/* fits exactly, an escape after its last column: whole */
		{ "\033[31mxxxxxxxxxxxxxxxxxxxx\033[0m", 20,
		  "\033[31mxxxxxxxxxxxxxxxxxxxx\033[0m" },
	};
	size_t i;

	ck_assert_int_eq(text_cp_columns(0x2705), 2); /* ✅ */
	ck_assert_int_eq(text_cp_columns('a'), 1);
	ck_assert_int_eq(text_cp_columns(0x0301), 0); /* a combining accent */
	{
		static const char coloured[] = "\033[31m✅ ok\033[0m";

		ck_assert_uint_eq(text_columns(coloured, strlen(coloured)), 5);
	}
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct buf out = BUF_INIT(0);
		const char *p, *line;

		ck_assert_int_eq(text_fit_columns(&out, rows[i].in, rows[i].cols), 0);
		ck_assert_msg(!strcmp(buf_cstr(&out), rows[i].want), "row %zu: '%s', not '%s'", i,
			      buf_cstr(&out), rows[i].want);
		for (line = p = buf_cstr(&out); rows[i].cols && *line; line = p + (*p == '\n')) {
			p = line + strcspn(line, "\n");
			ck_assert_int_le((int)text_columns(line, (size_t)(p - line)), rows[i].cols);
		}
		buf_release(&out);
	}
}
END_TEST

/* a terminal's escape sequences, whole: a colour, a cursor move with an
 * intermediate, a title ended by BEL or by ESC \\, a charset switch; one cut
 * short runs to the end; text is none */
START_TEST(escape_sequences)
{
	static const struct {
		const char *s;
		size_t len;
	} rows[] = {
		{ "\033[1;36mINFO", 7 },
		{ "\033[0m", 4 },
		{ "\033[?25lx", 6 },
		{ "\033[2 qx", 5 },
		{ "\033]0;title\007x", 10 },
		{ "\033]8;;http://a\033\\x", 15 },
		{ "\033(Bx", 3 },
		{ "\033[31", 4 },
		{ "\033", 1 },
		{ "[0m", 0 },
		{ "x\033[0m", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		ck_assert_msg(text_escape_len(rows[i].s, strlen(rows[i].s)) == rows[i].len,
			      "row %zu: %zu, not %zu", i,
			      text_escape_len(rows[i].s, strlen(rows[i].s)), rows[i].len);
	ck_assert_uint_eq(text_csi_len("1;36mINFO", 9), 5);
	ck_assert_uint_eq(text_csi_len("1;36", 4), 0);
}
END_TEST

/* UTF-16 read in pieces of any size: a code unit or a surrogate pair split
 * between two pieces is the same character; a lone surrogate is U+FFFD */
START_TEST(utf16_in_pieces)
{
	/* "é🚀a", a lone high surrogate, then "b", little-endian */
	static const unsigned char le[] = { 0xE9, 0x00, 0x3D, 0xD8, 0x80, 0xDE,
					    0x61, 0x00, 0x3D, 0xD8, 0x62, 0x00 };
	static const char want[] = "\xC3\xA9\xF0\x9F\x9A\x80"
				   "a\xEF\xBF\xBD"
				   "b";
	unsigned char be[sizeof(le)];
	size_t piece, at, used, i;
	int endian;

	for (i = 0; i < sizeof(le); i += 2) {
		be[i] = le[i + 1];
		be[i + 1] = le[i];
	}
	for (endian = 0; endian < 2; endian++)
		for (piece = 1; piece <= sizeof(le); piece++) {
			struct text_utf16 d = { .big_endian = endian };
			char out[64];
			size_t k = 0;

			for (at = 0; at < sizeof(le); at += used) {
				size_t n = sizeof(le) - at < piece ? sizeof(le) - at : piece;

				k += text_utf16_decode(&d, (endian ? be : le) + at, n, out + k,
						       sizeof(out) - k, &used);
				ck_assert_uint_eq(used, n);
			}
			ck_assert_msg(k == strlen(want) && !memcmp(out, want, k),
				      "%s-endian, pieces of %zu: %.*s", endian ? "big" : "little",
				      piece, (int)k, out);
		}
}
END_TEST

Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, sanitize_table, 0,
			    sizeof(sanitize_cases) / sizeof(sanitize_cases[0]));
	tcase_add_test(tc, excerpt_cuts_on_code_points);
	tcase_add_test(tc, base64_round_trip);
	tcase_add_test(tc, lines_fit_columns);
	tcase_add_test(tc, escape_sequences);
	tcase_add_test(tc, utf16_in_pieces);
	suite_add_tcase(s, tc);
	return s;
}
