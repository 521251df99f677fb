/* SPDX-License-Identifier: Apache-2.0 */
/* check_endpoint — discovery, max_model_len, /tokenize, readiness. */
#include <stdio.h>
#include <string.h>

#include "endpoint.h"
#include "suites.h"
#include "testutil.h"

START_TEST(discovers_and_counts)
{
	struct fake f;
	struct endpoint e;
	struct http_options o = { .api_key = NULL, .timeout = 10, .max_body = 1 << 20 };
	enum cause cause = CAUSE_NONE;
	char detail[256], base[96];
	long n;

	fake_start(&f, "healthy");
	snprintf(base, sizeof(base), "%s/", f.url); /* a trailing slash is fine */
	ck_assert_int_eq(endpoint_init(&e, base), 0);
	ck_assert_int_eq(endpoint_discover(&e, &o, &cause, detail, sizeof(detail)), ENDPOINT_READY);
	ck_assert_uint_eq(e.n_models, 1);
	ck_assert_str_eq(e.models[0], "fake-model");
	ck_assert_int_eq(e.max_model_len, 32768);
	/* the fake counts 3 + (4 + ceil(len/4)) per message */
	n = endpoint_tokenize(&e, &o,
			      "{\"model\":\"fake-model\",\"messages\":[{\"role\":\"user\","
			      "\"content\":\"abcdefgh\"}]}");
	ck_assert_int_eq(n, 9);
	ck_assert(e.tokenize_works);
	endpoint_release(&e);
	fake_stop(&f);
}
END_TEST

START_TEST(states)
{
	struct fake f;
	struct endpoint e;
	struct http_options o = { .api_key = NULL, .timeout = 10, .max_body = 1 << 20 };
	struct http_options key = { .api_key = "wrong", .timeout = 10, .max_body = 1 << 20 };
	enum cause cause = CAUSE_NONE;
	char detail[256];

	fake_start(&f, "loading");
	ck_assert_int_eq(endpoint_init(&e, f.url), 0);
	ck_assert_int_eq(endpoint_discover(&e, &o, &cause, detail, sizeof(detail)),
			 ENDPOINT_NOT_READY);
	ck_assert_ptr_nonnull(strstr(detail, "503"));
	endpoint_release(&e);
	fake_stop(&f);
	fake_start(&f, "auth");
	ck_assert_int_eq(endpoint_init(&e, f.url), 0);
	ck_assert_int_eq(endpoint_discover(&e, &key, &cause, detail, sizeof(detail)),
			 ENDPOINT_UNUSABLE);
	ck_assert_int_eq(cause, CAUSE_AUTH_ERROR);
	ck_assert_ptr_null(strstr(detail, "wrong"));
	endpoint_release(&e);
	fake_stop(&f);
	/* nothing listening: not ready (may come up later) */
	ck_assert_int_eq(endpoint_init(&e, f.url), 0);
	ck_assert_int_eq(endpoint_discover(&e, &o, &cause, detail, sizeof(detail)),
			 ENDPOINT_NOT_READY);
	ck_assert_int_eq(cause, CAUSE_TRANSPORT_ERROR);
	endpoint_release(&e);
}
END_TEST

Suite *endpoint_suite(void)
{
	Suite *s = suite_create("endpoint");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	tcase_add_test(tc, discovers_and_counts);
	tcase_add_test(tc, states);
	suite_add_tcase(s, tc);
	return s;
}
