/* SPDX-License-Identifier: Apache-2.0 */
/* check_recording — the replay reader: a bounded stream that refuses
 * truncated, corrupt, oversized and crafted recordings with a reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recording.h"
#include "suites.h"

#define META "{\"recording\":\"preflight-recording/v1\",\"args\":[],\"probes\":[]}\n"
#define EXCHANGE                                                                                   \
	"{\"kind\":\"exchange\",\"method\":\"GET\",\"url\":\"http://h/v1/models\","                \
	"\"outcome\":\"done\",\"status\":200,\"response_body\":\"{}\"}\n"

static char dir[64], path[128];

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/preflight-rec-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.jsonl.gz", dir);
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* writes text gzip-compressed to path, then cuts cut bytes off its end */
static void write_gz(const char *text, size_t len, long cut)
{
	char plain[160], cmd[512];
	FILE *f;

	snprintf(plain, sizeof(plain), "%s/plain", dir);
	f = fopen(plain, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "gzip -c '%s' > '%s' && truncate -s -%ld '%s'", plain, path, cut,
		 path);
	ck_assert_int_eq(system(cmd), 0);
}

static void expect_refused(size_t max, size_t line, const char *why)
{
	char err[512];
	struct recording *r = recording_open(path, max, line, err, sizeof(err));

	ck_assert_msg(r == NULL, "accepted");
	ck_assert_msg(strstr(err, why) != NULL, "'%s' does not say '%s'", err, why);
}

START_TEST(a_whole_recording_opens)
{
	char err[512];
	struct recording *r;

	write_gz(META EXCHANGE EXCHANGE, strlen(META EXCHANGE EXCHANGE), 0);
	r = recording_open(path, 1 << 20, 1 << 20, err, sizeof(err));
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_ptr_nonnull(strstr(recording_meta(r), "preflight-recording/v1"));
	recording_free(r);
}
END_TEST

START_TEST(truncated_gzip_is_refused)
{
	write_gz(META EXCHANGE, strlen(META EXCHANGE), 4); /* the ISIZE trailer */
	expect_refused(1 << 20, 1 << 20, "truncated");
	write_gz(META EXCHANGE EXCHANGE, strlen(META EXCHANGE EXCHANGE), 40);
	expect_refused(1 << 20, 1 << 20, "truncated");
}
END_TEST

START_TEST(sizes_and_counts_are_bounded)
{
	char *text = malloc(1 << 20);
	size_t n = 0;

	memcpy(text, META, strlen(META));
	n = strlen(META);
	memset(text + n, 'A', (1 << 20) - n - 1); /* one line without an end */
	write_gz(text, (1 << 20) - 1, 0);
	expect_refused(4 << 20, 64 << 10, "a line is longer than 65536 bytes");
	expect_refused(64 << 10, 4 << 20, "holds more than 65536 bytes");
	free(text);
}
END_TEST

START_TEST(exchanges_are_counted)
{
	const char *tiny = "{\"method\":\"GET\",\"url\":\"x\"}\n";
	size_t per = strlen(tiny), n = RECORDING_MAX_EXCHANGES + 1, i;
	char *text = malloc(strlen(META) + n * per);
	char *p = text;

	memcpy(p, META, strlen(META));
	p += strlen(META);
	for (i = 0; i < n; i++, p += per)
		memcpy(p, tiny, per);
	write_gz(text, (size_t)(p - text), 0);
	expect_refused(64u << 20, 1 << 20, "holds more than 200000 exchanges");
	free(text);
}
END_TEST

START_TEST(crafted_lines_are_refused)
{
	static const char *const bad[][2] = {
		{ META "{\"method\":\"GET\"}\n", "not an exchange" }, /* no url */
		{ META "{\"method\":\"GET\",\"url\":\"x\"} trailing\n", "not a JSON object" },
		{ META "[1,2]\n", "not a JSON object" },
		{ "{\"args\":[]}\n", "is not a preflight recording" },
		{ "", "is empty" },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_gz(bad[i][0], strlen(bad[i][0]), 0);
		expect_refused(1 << 20, 1 << 20, bad[i][1]);
	}
}
END_TEST

Suite *recording_suite(void)
{
	Suite *s = suite_create("recording");
	TCase *tc = tcase_create("reader");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	tcase_add_test(tc, a_whole_recording_opens);
	tcase_add_test(tc, truncated_gzip_is_refused);
	tcase_add_test(tc, sizes_and_counts_are_bounded);
	tcase_add_test(tc, exchanges_are_counted);
	tcase_add_test(tc, crafted_lines_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
