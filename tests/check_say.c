/* SPDX-License-Identifier: Apache-2.0 */
/* check_say — the one writer: a key split across writes, a line longer
 * than the hold, the sink's failure, appends that never block. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "file.h"
#include "say.h"
#include "suites.h"
#include "testutil.h"

#define KEY "sk-LEAKTESTKEY-0123456789abcdef"

/* a sink that keeps what it got, and counts its calls */
struct got {
	struct buf b;
	int calls;
	bool fail;
};

static int keep(void *ctx, const char *data, size_t len, char *err, size_t errlen)
{
	struct got *g = ctx;

	g->calls++;
	if (g->fail) {
		snprintf(err, errlen, "No space left on device");
		return -1;
	}
	return buf_append(&g->b, data, len);
}

static void setup(void)
{
	ck_assert_int_eq(say_scrub_key(KEY), 0);
}

static void teardown(void)
{
	say_release();
}

START_TEST(key_split_across_writes)
{
	struct got g = { BUF_INIT(0), 0, false };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);
	static const char *const cuts[] = { "Bearer sk-LEAK", "TESTKEY-0123", "456789abcdef ok\n" };
	size_t i;

	for (i = 0; i < 3; i++)
		ck_assert_int_eq(say_put(&w, cuts[i], strlen(cuts[i])), 0);
	ck_assert_int_eq(say_writer_flush(&w), 0);
	ck_assert_str_eq(buf_cstr(&g.b), "Bearer [REDACTED] ok\n");
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

START_TEST(a_byte_at_a_time)
{
	struct got g = { BUF_INIT(0), 0, false };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);
	const char *text = "x=" KEY "\nand %73k-LEAKTESTKEY-0123456789abcdef\n";
	size_t i;

	for (i = 0; text[i]; i++)
		ck_assert_int_eq(say_put(&w, text + i, 1), 0);
	ck_assert_int_eq(say_writer_flush(&w), 0);
	ck_assert_ptr_null(strstr(buf_cstr(&g.b), "LEAKTEST"));
	ck_assert_ptr_null(strstr(buf_cstr(&g.b), "456789abcdef"));
	ck_assert_int_eq(g.calls, 2); /* a line at a time */
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

/* a line past the hold goes out in parts, and the key at the cut stays
 * whole in the part that is held */
START_TEST(long_line_cut_outside_the_key)
{
	struct got g = { BUF_INIT(0), 0, false };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);
	size_t n = SAY_HOLD_MAX + 4096, k;
	char *line = malloc(n + 1);

	ck_assert_ptr_nonnull(line);
	memset(line, 'a', n);
	line[n] = '\0';
	for (k = 0; k < n; k += 997) { /* keys everywhere, across every cut */
		if (k + strlen(KEY) < n)
			memcpy(line + k + 500, KEY, strlen(KEY));
	}
	for (k = 0; k < n; k += 1000)
		ck_assert_int_eq(say_put(&w, line + k, n - k < 1000 ? n - k : 1000), 0);
	ck_assert_int_gt(g.calls, 0); /* some went out before the line ended */
	ck_assert_int_eq(say_writer_flush(&w), 0);
	ck_assert_ptr_null(strstr(buf_cstr(&g.b), "LEAK"));
	ck_assert_ptr_null(strstr(buf_cstr(&g.b), "0123456789abcdef"));
	ck_assert_ptr_null(strstr(buf_cstr(&g.b), "sk-"));
	free(line);
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

START_TEST(sink_failure_is_kept)
{
	struct got g = { BUF_INIT(0), 0, true };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);

	ck_assert_int_eq(say_put(&w, "one\n", 4), -1);
	ck_assert_str_eq(w.err, "No space left on device");
	ck_assert_int_eq(say_put(&w, "two\n", 4), -1);
	ck_assert_int_eq(g.calls, 1);
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

START_TEST(invalid_utf8_is_replaced)
{
	struct got g = { BUF_INIT(0), 0, false };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);

	ck_assert_int_eq(say_put(&w, "a\xff", 2), 0);
	ck_assert_int_eq(say_writer_flush(&w), 0);
	ck_assert_str_eq(buf_cstr(&g.b), "a\xEF\xBF\xBD");
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

/* L1: on a console, text from files cannot start a workflow command or
 * send an escape sequence, written whole or a byte at a time; the
 * progress line's erase and the writer's own commands still go out */
START_TEST(console_text_is_harmless)
{
	static const char evil[] = "title JSON\n::error title=X::pwned\n  ::add-mask::k\n"
				   "\x1b]0;pwned\x07 bell \xc2\x9b"
				   "31m c1 \x7f\r\x1b[K[1/4] ok\n";
	static const char want[] =
		"title JSON\n\xEF\xBC\x9A:error title=X::pwned\n  "
		"\xEF\xBC\x9A:add-mask::k\n\xEF\xBF\xBD]0;pwned\xEF\xBF\xBD bell "
		"\xEF\xBF\xBD"
		"31m c1 \xEF\xBF\xBD\r\x1b[K[1/4] ok\n";
	struct got g = { BUF_INIT(0), 0, false };
	struct say_writer w = SAY_WRITER_INIT(keep, &g);
	size_t i;

	w.terminal = true;
	if (_i == 0) {
		ck_assert_int_eq(say_put(&w, evil, strlen(evil)), 0);
	} else {
		for (i = 0; evil[i]; i++)
			ck_assert_int_eq(say_put(&w, evil + i, 1), 0);
	}
	ck_assert_int_eq(say_writer_flush(&w), 0);
	ck_assert_msg(!strcmp(buf_cstr(&g.b), want), "got:\n%s", buf_cstr(&g.b));
	say_writer_release(&w);
	buf_release(&g.b);
}
END_TEST

/* GITHUB_STEP_SUMMARY: scrubbed, appended, and a FIFO refused at once */
START_TEST(append_scrubs_and_never_blocks)
{
	char dir[] = "/tmp/pf-say-XXXXXX", path[64], fifo[64], err[512];
	struct buf b = BUF_INIT(0);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/summary.md", dir);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	ck_assert_int_eq(say_append(path, "one " KEY "\n", err, sizeof(err)), 0);
	ck_assert_int_eq(say_append(path, "two\n", err, sizeof(err)), 0);
	ck_assert_int_eq(file_read(path, 1 << 20, &b, err, sizeof(err)), 0);
	ck_assert_str_eq(buf_cstr(&b), "one [REDACTED]\ntwo\n");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(say_append(fifo, "x\n", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "FIFO"));
	unlink(path);
	unlink(fifo);
	rmdir(dir);
	buf_release(&b);
}
END_TEST

Suite *say_suite(void)
{
	Suite *s = suite_create("say");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, key_split_across_writes);
	tcase_add_test(tc, a_byte_at_a_time);
	tcase_add_test(tc, long_line_cut_outside_the_key);
	tcase_add_test(tc, sink_failure_is_kept);
	tcase_add_test(tc, invalid_utf8_is_replaced);
	tcase_add_loop_test(tc, console_text_is_harmless, 0, 2);
	tcase_add_test(tc, append_scrubs_and_never_blocks);
	suite_add_tcase(s, tc);
	return s;
}
