/* SPDX-License-Identifier: Apache-2.0 */
/* check_secret — the key's checks, and the scrubber against every form an
 * endpoint can echo the key in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "secret.h"
#include "suites.h"
#include "text.h"

#define KEY "sk-SLASH/secret+KEY="

static char *scrubbed(const struct secret *s, const char *text)
{
	struct buf b = BUF_INIT(0);

	ck_assert_int_eq(buf_puts(&b, text), 0);
	ck_assert_int_eq(secret_scrub(s, &b), 0);
	return buf_detach(&b);
}

static void expect_scrub(const char *key, const char *text, const char *want)
{
	struct secret s;
	char *got;

	ck_assert_int_eq(secret_init(&s, key), 0);
	got = scrubbed(&s, text);
	ck_assert_msg(!strcmp(got, want), "scrub of '%s':\n got '%s'\nwant '%s'", text, got, want);
	ck_assert(!secret_found(&s, got, strlen(got)));
	free(got);
	secret_release(&s);
}

START_TEST(keys_refused_before_sending)
{
	static const char *const bad[] = { "sk-abc\r\nX-Injected: yes",
					   "sk-abc\r",
					   "sk\tabc",
					   "sk-\x7f",
					   "sk-\xc2\x85",
					   "sk-\xff\xfe" };
	char why[256], *huge;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(secret_check(bad[i], why, sizeof(why)) == -1, "accepted key %zu", i);
		ck_assert_ptr_null(strstr(why, "sk-"));
	}
	huge = malloc(SECRET_MAX_LEN + 2);
	memset(huge, 'k', SECRET_MAX_LEN + 1);
	huge[SECRET_MAX_LEN + 1] = '\0';
	ck_assert_int_eq(secret_check(huge, why, sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "65536"));
	huge[SECRET_MAX_LEN] = '\0'; /* exactly the limit: a long JWT is fine */
	ck_assert_int_eq(secret_check(huge, why, sizeof(why)), 0);
	free(huge);
	ck_assert_int_eq(secret_check("sk-no-key-required", why, sizeof(why)), 0);
	ck_assert_int_eq(secret_check("clé-ünïcode-κλειδί", why, sizeof(why)), 0);
}
END_TEST

/* every form an endpoint or proxy may echo the key in */
static const struct {
	const char *text, *want;
} forms[] = {
	{ "invalid: Bearer " KEY "!", "invalid: Bearer [REDACTED]!" },
	{ "{\"m\":\"Bearer sk-SLASH\\/secret+KEY=\"}", "{\"m\":\"Bearer [REDACTED]\"}" },
	{ "\"sk-SLASH\\u002fsecret\\u002BKEY\\u003d\"", "\"[REDACTED]\"" },
	{ "\"\\u0073\\u006B-SLASH/secret+KEY=\"", "\"[REDACTED]\"" },
	{ "\"sk-SLASH\\\\\\/secret+KEY=\"", "\"[REDACTED]\"" },	    /* escaped twice */
	{ "url=sk-SLASH%2Fsecret%2BKEY%3D&x", "url=[REDACTED]&x" }, /* percent */
	{ "url=sk-SLASH%2fsecret%2bKEY%3d&x", "url=[REDACTED]&x" },
	{ "url=sk%2DSLASH%252Fsecret%252BKEY%253D", "url=[REDACTED]" }, /* twice */
	{ "<m>sk-SLASH&#47;secret&#x2B;KEY&#61;</m>", "<m>[REDACTED]</m>" },
	{ "a=\"sk-SLASH/secret+KEY&#x3D;\"", "a=\"[REDACTED]\"" },
	/* base64 of "Bearer KEY", of "KEY" and of "x:KEY" (three alignments) */
	{ "auth QmVhcmVyIHNrLVNMQVNIL3NlY3JldCtLRVk9 end", "auth QmVhcmVyIH[REDACTED] end" },
	{ "c2stU0xBU0gvc2VjcmV0K0tFWT0=", "[REDACTED]0=" },
	{ "eDpzay1TTEFTSC9zZWNyZXQrS0VZPQ==", "eDp[REDACTED]Q==" },
	{ "eHg6c2stU0xBU0gvc2VjcmV0K0tFWT0=", "eHg6[REDACTED]0=" },
	/* an excerpt cut inside the key, and a long prefix anywhere */
	{ "'invalid key sk-SLASH/secr…'", "'invalid key [REDACTED]…'" },
	{ "ends with sk-SLASH/sec", "ends with [REDACTED]" },
	{ "sk-SLASH/secret+KE) and more", "[REDACTED]) and more" },
	/* L8: a fixed field cut inside the key, markup after it */
	{ "<title>mmm Bearer sk-SLASH/secr</title>", "<title>mmm Bearer [REDACTED]</title>" },
	{ "<title>mmm Bearer sk-SLASH/s</title>", "<title>mmm Bearer [REDACTED]</title>" },
};

START_TEST(every_echo_form_is_redacted)
{
	expect_scrub(KEY, forms[_i].text, forms[_i].want);
}
END_TEST

START_TEST(base64url_and_base64_of_the_same_key)
{
	/* '?' and '>' make the '/' and '+' that base64url writes as '_' and '-' */
	expect_scrub("sk-?\?\?>>>key-body", "in url: c2stPz8_Pj4-a2V5LWJvZHk",
		     "in url: [REDACTED]k");
	expect_scrub("sk-?\?\?>>>key-body",
		     "in body: c2stPz8/Pj4+a2V5LWJvZHk=", "in body: [REDACTED]k=");
}
END_TEST

START_TEST(non_ascii_keys_in_unicode_escapes)
{
	/* U+00E9 and U+1F511 (a surrogate pair in JSON) */
	expect_scrub("key-\xc3\xa9-\xf0\x9f\x94\x91-tail",
		     "x \"key-\\u00e9-\\ud83d\\udd11-tail\" y", "x \"[REDACTED]\" y");
	expect_scrub("key-\xc3\xa9-\xf0\x9f\x94\x91-tail", "x key-%C3%A9-%F0%9F%94%91-tail y",
		     "x [REDACTED] y");
}
END_TEST

START_TEST(innocent_text_is_left_alone)
{
	static const char *const texts[] = {
		"sk-SLASH is a prefix of 8, not an echo",
		"SLASH/secret+KEY= without its start",
		"{\"created\":1796098145,\"content\":\"sum(xs)\"}",
		"",
		"sk-SLASH/s",
	};
	struct secret s;
	size_t i;

	ck_assert_int_eq(secret_init(&s, KEY), 0);
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		char *got = scrubbed(&s, texts[i]);

		/* "sk-SLASH/s" is a cut prefix of 10: redacted; the rest unchanged */
		if (i == 4)
			ck_assert_str_eq(got, "[REDACTED]");
		else
			ck_assert_str_eq(got, texts[i]);
		free(got);
	}
	secret_release(&s);
}
END_TEST

START_TEST(short_keys_are_never_searched)
{
	static const char *const keys[] = { "a", "4", "python", "EMPTY", "1234567" };
	struct secret s;
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		char *got;

		ck_assert_int_eq(secret_init(&s, keys[i]), 0);
		ck_assert(!secret_active(&s));
		got = scrubbed(&s, "{\"created\":1796098145,\"model\":\"python\",\"a\":4}");
		ck_assert_str_eq(got, "{\"created\":1796098145,\"model\":\"python\",\"a\":4}");
		free(got);
		secret_release(&s);
	}
	ck_assert_int_eq(secret_init(&s, NULL), 0);
	ck_assert(!secret_active(&s));
}
END_TEST

START_TEST(a_key_of_64_kib)
{
	struct buf b = BUF_INIT(0);
	struct secret s;
	char *key = malloc(SECRET_MAX_LEN + 1);
	size_t i;

	for (i = 0; i < SECRET_MAX_LEN; i++)
		key[i] = "eyJhbGciOiJSUzI1NiJ9"[i % 20];
	key[SECRET_MAX_LEN] = '\0';
	ck_assert_int_eq(secret_init(&s, key), 0);
	ck_assert_int_eq(buf_printf(&b, "{\"error\":\"bad token %s\"}", key), 0);
	ck_assert_int_eq(secret_scrub(&s, &b), 0);
	ck_assert_str_eq(buf_cstr(&b), "{\"error\":\"bad token [REDACTED]\"}");
	buf_release(&b);
	/* its first 1,000 bytes, as a proxy that cuts headers would echo */
	ck_assert_int_eq(buf_printf(&b, "got %.1000s...", key), 0);
	ck_assert_int_eq(secret_scrub(&s, &b), 0);
	ck_assert_str_eq(buf_cstr(&b), "got [REDACTED]...");
	buf_release(&b);
	secret_release(&s);
	free(key);
}
END_TEST

START_TEST(fixed_strings_are_scrubbed_in_place)
{
	struct secret s;
	char err[48];

	ck_assert_int_eq(secret_init(&s, KEY), 0);
	snprintf(err, sizeof(err), "curl: token %s rejected", KEY);
	secret_scrub_str(&s, err, sizeof(err));
	ck_assert_str_eq(err, "curl: token [REDACTED] rejected");
	secret_release(&s);
}
END_TEST

/* a stream that spreads the key over its content deltas: every byte of it
 * is masked, and the body stays valid JSON lines */
START_TEST(a_key_spread_over_stream_events_is_masked)
{
	/* a dozen string members come first, as in a vLLM chunk with a tool call */
	const char *stream =
		"data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\","
		"\"model\":\"m\",\"system_fingerprint\":\"fp\",\"a\":\"1\",\"b\":\"2\","
		"\"c\":\"3\",\"d\":\"4\",\"e\":\"5\",\"choices\":[{\"delta\":{\"role\":"
		"\"assistant\",\"type\":\"function\",\"name\":\"f\"}}]}\n\n"
		"data: {\"choices\":[{\"delta\":{\"content\":\"key: sk-SL\"}}]}\n\n"
		"data: {\"choices\":[{\"delta\":{\"content\":\"ASH\\/sec\"}}]}\n\n"
		"data: {\"choices\":[{\"delta\":{\"content\":\"ret+KEY= ok\"}}]}\n\n"
		"data: [DONE]\n\n";
	struct buf b = BUF_INIT(0);
	struct secret s;

	ck_assert_int_eq(secret_init(&s, KEY), 0);
	ck_assert_int_eq(buf_puts(&b, stream), 0);
	ck_assert_int_eq(secret_mask_fragments(&s, &b), 0);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&b), "\"content\":\"key: *****\""));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&b), "\"content\":\"********\""));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&b), "\"content\":\"******** ok\""));
	ck_assert_uint_eq(b.len, strlen(stream));
	buf_release(&b);
	secret_release(&s);
}
END_TEST

/* a log's tokens, whatever key preflight has: Hugging Face tokens and the
 * values of --api-key, api_key=, HF_TOKEN=; never longer than it was */
START_TEST(tokens_in_engine_logs_are_masked)
{
	static const struct {
		const char *in, *out;
	} rows[] = {
		{ "token hf_AbCdEfGhIjKlMnOpQrStUvWx12 used", "token hf_*** used" },
		{ "hf_short is a name", "hf_short is a name" },
		{ "vllm serve m --api-key sk-123456 --port 1",
		  "vllm serve m --api-key *** --port 1" },
		{ "--api-key=abcdef", "--api-key=***" },
		{ "Namespace(api_key='s3cr3t-key', port=8000)",
		  "Namespace(api_key=***, port=8000)" },
		{ "api_key=None, host", "api_key=None, host" },
		{ "HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWx12 x", "HF_TOKEN=*** x" },
		{ "--api-key ab end", "--api-key ** end" },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char s[256];

		snprintf(s, sizeof(s), "%s", rows[i].in);
		secret_mask_tokens(s);
		ck_assert_str_eq(s, rows[i].out);
	}
}
END_TEST

Suite *secret_suite(void)
{
	Suite *s = suite_create("secret");
	TCase *tc = tcase_create("secret");

	tcase_add_test(tc, keys_refused_before_sending);
	tcase_add_loop_test(tc, every_echo_form_is_redacted, 0, sizeof(forms) / sizeof(forms[0]));
	tcase_add_test(tc, base64url_and_base64_of_the_same_key);
	tcase_add_test(tc, non_ascii_keys_in_unicode_escapes);
	tcase_add_test(tc, innocent_text_is_left_alone);
	tcase_add_test(tc, short_keys_are_never_searched);
	tcase_add_test(tc, a_key_of_64_kib);
	tcase_add_test(tc, fixed_strings_are_scrubbed_in_place);
	tcase_add_test(tc, tokens_in_engine_logs_are_masked);
	tcase_add_test(tc, a_key_spread_over_stream_events_is_masked);
	suite_add_tcase(s, tc);
	return s;
}
