/* SPDX-License-Identifier: Apache-2.0 */
/* check_follow — an engine's log followed as the engine writes it: a file
 * that appears late, one rotated by mv (its tail still written) and the
 * new one, one cut in place (copytruncate), and a pipe that has nothing
 * yet. Each drain's lines are counted by the bundled rules' reader. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "enginelog.h"
#include "follow.h"
#include "suites.h"
#include "testutil.h"

struct watched {
	char dir[64], path[96], old[96];
	struct log_rules rules;
	struct enginelog log;
	struct follow f;
};

static void watch(struct watched *w)
{
	memset(w, 0, sizeof(*w));
	snprintf(w->dir, sizeof(w->dir), "/tmp/check_follow.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(w->dir));
	snprintf(w->path, sizeof(w->path), "%s/engine.log", w->dir);
	snprintf(w->old, sizeof(w->old), "%s/engine.log.1", w->dir);
	bundled_rules(&w->rules);
	enginelog_init(&w->log, &w->rules, ENGINE_UNKNOWN);
	follow_init(&w->f, w->path);
}

static void unwatch(struct watched *w)
{
	follow_close(&w->f);
	enginelog_release(&w->log);
	log_rules_release(&w->rules);
	unlink(w->path);
	unlink(w->old);
	rmdir(w->dir);
}

static void append(const char *path, const char *text)
{
	FILE *fp = fopen(path, "a");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

static long drained(struct watched *w, bool at_end)
{
	follow_drain(&w->f, &w->log, 1000, at_end, NULL);
	return w->log.lines;
}

/* a log that is not there yet is read once it appears, from its start */
START_TEST(a_log_that_appears_late)
{
	struct watched w;

	watch(&w);
	ck_assert_int_eq(drained(&w, false), 0);
	append(w.path, "INFO one\nINFO two\n");
	ck_assert_int_eq(drained(&w, false), 2);
	append(w.path, "INFO three\n");
	ck_assert_int_eq(drained(&w, false), 3);
	unwatch(&w);
}
END_TEST

/* mv and a new file: the old file's tail (the engine still held it) comes
 * first, its open line ends with it, then the new file from its start —
 * in one drain, the one at the end of a run too */
START_TEST(a_log_rotated_by_mv)
{
	struct watched w;

	watch(&w);
	append(w.path, "INFO one\n");
	ck_assert_int_eq(drained(&w, false), 1);
	ck_assert_int_eq(rename(w.path, w.old), 0);
	append(w.old, "INFO the tail, left open");
	append(w.path, "ValueError: The model's max seq len (32768) is larger than the maximum "
		       "number of tokens that can be stored in KV cache (7344).\n");
	ck_assert_int_eq(drained(&w, true), 3);
	ck_assert_msg(w.log.fatal, "the new file's fatal line was read");
	unwatch(&w);
}
END_TEST

/* copytruncate: a file cut shorter than what was read is read again */
START_TEST(a_log_cut_in_place)
{
	struct watched w;

	watch(&w);
	append(w.path, "INFO one\nINFO two\nINFO open");
	ck_assert_int_eq(drained(&w, false), 2);
	ck_assert_int_eq(truncate(w.path, 0), 0);
	append(w.path, "INFO again\n");
	ck_assert_int_eq(drained(&w, false), 4); /* the open line ended at the cut */
	unwatch(&w);
}
END_TEST

/* a pipe with nothing in it yet: the drain returns within its budget */
START_TEST(a_quiet_pipe)
{
	struct watched w;
	int fds[2], saved = dup(STDIN_FILENO);

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
	watch(&w);
	follow_init(&w.f, "-");
	ck_assert_int_eq(write(fds[1], "INFO one\nINFO t", 15), 15);
	follow_drain(&w.f, &w.log, 50, true, NULL);
	ck_assert_int_eq(w.log.lines, 1);
	ck_assert(!w.f.eof);
	close(fds[1]);
	follow_drain(&w.f, &w.log, 1000, true, NULL);
	ck_assert(w.f.eof);
	enginelog_end(&w.log);
	ck_assert_int_eq(w.log.lines, 2);
	follow_close(&w.f); /* never stdin */
	ck_assert_int_ne(fcntl(STDIN_FILENO, F_GETFD), -1);
	dup2(saved, STDIN_FILENO);
	close(saved);
	close(fds[0]);
	unwatch(&w);
}
END_TEST

Suite *follow_suite(void)
{
	Suite *s = suite_create("follow");
	TCase *tc = tcase_create("follow");

	tcase_add_test(tc, a_log_that_appears_late);
	tcase_add_test(tc, a_log_rotated_by_mv);
	tcase_add_test(tc, a_log_cut_in_place);
	tcase_add_test(tc, a_quiet_pipe);
	tcase_set_timeout(tc, 300); /* a cap for a hung test, not a speed test */
	suite_add_tcase(s, tc);
	return s;
}
