/* SPDX-License-Identifier: Apache-2.0 */
/* check_retry — which refusals go again and how long preflight waits:
 * Retry-After in seconds and as a date, backoff without one, the cap,
 * and the count of retries. */
#include <string.h>

#include "http.h"
#include "retry.h"
#include "suites.h"

START_TEST(retry_after_values)
{
	const time_t now = 1790000000; /* 2026-09-21T14:13:20Z */

	ck_assert_double_eq(http_retry_after("3", now), 3);
	ck_assert_double_eq(http_retry_after(" 120 ", now), 120);
	ck_assert_double_eq(http_retry_after("0", now), 0);
	ck_assert_double_eq(http_retry_after("Mon, 21 Sep 2026 14:13:50 GMT", now), 30);
	ck_assert_double_eq(http_retry_after("Mon, 21 Sep 2026 14:00:00 GMT", now), 0);
	ck_assert_double_eq(http_retry_after("soon", now), -1);
	ck_assert_double_eq(http_retry_after("3 s", now), -1);
	ck_assert_double_eq(http_retry_after("99999999999", now), -1);
	ck_assert_double_eq(http_retry_after(NULL, now), -1);
	/* RFC 9110's obsolete forms, which a recipient must accept */
	ck_assert_double_eq(http_retry_after("Monday, 21-Sep-26 14:13:50 GMT", now), 30);
	ck_assert_double_eq(http_retry_after("Mon Sep 21 14:13:50 2026", now), 30);
}
END_TEST

static const struct {
	enum http_outcome outcome;
	long status;
	const char *retry_after;
	int attempt;
	double want;
} waits[] = {
	{ HTTP_DONE, 429, "", 0, 0.5 }, /* no header: 0.5 s, doubling */
	{ HTTP_DONE, 429, "", 1, 1.0 },	  { HTTP_DONE, 429, "", 2, -1 },     /* spent */
	{ HTTP_DONE, 429, "7", 0, 7 },	  { HTTP_DONE, 429, "3600", 0, 60 }, /* capped */
	{ HTTP_DONE, 503, "2", 0, 2 },	  { HTTP_DONE, 503, "", 0, -1 },     /* loading */
	{ HTTP_DONE, 500, "2", 0, -1 },	  { HTTP_DONE, 200, "", 0, -1 },
	{ HTTP_TRANSPORT, 0, "", 0, -1 }, { HTTP_TIMEOUT, 0, "", 0, -1 },
};

START_TEST(waits_by_status)
{
	const struct retry_policy p = { RETRY_DEFAULT_RETRIES, RETRY_DEFAULT_WAIT_MAX };
	struct http_exchange x;

	memset(&x, 0, sizeof(x));
	x.outcome = waits[_i].outcome;
	x.status = waits[_i].status;
	strcpy(x.retry_after, waits[_i].retry_after);
	ck_assert_double_eq(retry_wait(x.outcome == HTTP_DONE, x.status,
				       http_retry_after(x.retry_after[0] ? x.retry_after : NULL, 0),
				       waits[_i].attempt, &p),
			    waits[_i].want);
}
END_TEST

Suite *retry_suite(void)
{
	Suite *s = suite_create("retry");
	TCase *tc = tcase_create("policy");

	tcase_add_test(tc, retry_after_values);
	tcase_add_loop_test(tc, waits_by_status, 0, sizeof(waits) / sizeof(waits[0]));
	suite_add_tcase(s, tc);
	return s;
}
