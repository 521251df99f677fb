/* SPDX-License-Identifier: Apache-2.0 */
/* check_http — the multi client: refused connections, the body cap,
 * timeouts, and concurrent exchanges against the fake endpoint. */
#include <stdio.h>
#include <string.h>

#include "http.h"
#include "suites.h"
#include "testutil.h"

START_TEST(refused_is_transport_error)
{
	struct fake f;
	struct http_exchange x = { 0 };
	struct http_options o = { .api_key = NULL, .timeout = 5, .max_body = 1 << 20 };
	char url[128];

	fake_start(&f, "healthy");
	snprintf(url, sizeof(url), "%s/models", f.url);
	fake_stop(&f);
	x.url = url;
	ck_assert_int_eq(http_perform(&x, 1, &o), 0);
	ck_assert_int_eq(x.outcome, HTTP_TRANSPORT);
	ck_assert_str_ne(x.error, "");
	http_exchange_release(&x);
}
END_TEST

START_TEST(body_cap_and_timeout)
{
	struct fake f;
	struct http_exchange x[3];
	struct http_options o = { .api_key = NULL, .timeout = 5, .max_body = 64 };
	const char *body = "{\"model\":\"fake-model\",\"messages\":[{\"role\":\"user\",\"content\":"
			   "\"hi\"}],\"max_tokens\":8}";
	char models[128], chat[128];

	memset(x, 0, sizeof(x));
	fake_start(&f, "slow-batch");
	snprintf(models, sizeof(models), "%s/models", f.url);
	snprintf(chat, sizeof(chat), "%s/chat/completions", f.url);
	x[0].url = models; /* the models list is longer than 64 bytes */
	ck_assert_int_eq(http_perform(x, 1, &o), 0);
	ck_assert_int_eq(x[0].outcome, HTTP_TOO_LARGE);
	ck_assert_uint_eq(x[0].response.len, 0);
	http_exchange_release(&x[0]);
	/* 400 ms per answer against a 0.1 s timeout */
	o.max_body = 1 << 20;
	o.timeout = 0.1;
	memset(x, 0, sizeof(x));
	x[0].url = chat;
	x[0].body = body;
	ck_assert_int_eq(http_perform(x, 1, &o), 0);
	ck_assert_int_eq(x[0].outcome, HTTP_TIMEOUT);
	http_exchange_release(&x[0]);
	/* three at once all complete */
	o.timeout = 10;
	memset(x, 0, sizeof(x));
	x[0].url = x[1].url = x[2].url = chat;
	x[0].body = x[1].body = x[2].body = body;
	ck_assert_int_eq(http_perform(x, 3, &o), 0);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(x[i].outcome, HTTP_DONE);
		ck_assert_int_eq(x[i].status, 200);
		ck_assert_ptr_nonnull(strstr(buf_cstr(&x[i].response), "chat.completion"));
		http_exchange_release(&x[i]);
	}
	fake_stop(&f);
}
END_TEST

Suite *http_suite(void)
{
	Suite *s = suite_create("http");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	tcase_add_test(tc, refused_is_transport_error);
	tcase_add_test(tc, body_cap_and_timeout);
	suite_add_tcase(s, tc);
	return s;
}
