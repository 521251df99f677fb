/* SPDX-License-Identifier: Apache-2.0 */
/* check_reply — reply_logprobs, the reader of compare's top-k lists (the
 * other readers of reply.c are held by check_chat and check_grade). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drift.h"
#include "reply.h"
#include "suites.h"

static enum reply_result read_text(const char *body, struct drift_path *p)
{
	char err[256];

	return reply_logprobs(body, strlen(body), p, err, sizeof(err));
}

/* OpenAI's shape: the chosen token, its logprob, the alternatives; a
 * token is named by its bytes where they are listed */
START_TEST(a_completion_read_position_by_position)
{
	static const char body[] =
		"{\"choices\":[{\"message\":{\"content\":\"Hi!\"},\"logprobs\":{\"content\":["
		"{\"token\":\"Hi\",\"logprob\":-0.1,\"bytes\":[72,105],\"top_logprobs\":["
		"{\"token\":\"Hi\",\"logprob\":-0.1},{\"token\":\"Hello\",\"logprob\":-2.5}]},"
		"{\"token\":\"\\ufffd\",\"logprob\":-0.2,\"bytes\":[226,128],\"top_logprobs\":[]}]}"
		"}],"
		"\"usage\":{\"prompt_tokens\":12}}";
	struct drift_path p;

	ck_assert_int_eq(read_text(body, &p), REPLY_OK);
	ck_assert_uint_eq(p.n, 2);
	ck_assert_str_eq(p.pos[0].token, "Hi");
	ck_assert_uint_eq(p.pos[0].n_top, 2);
	ck_assert_str_eq(p.pos[0].top[1].token, "Hello");
	ck_assert_str_eq(p.pos[1].token, "\xe2\x80"); /* its bytes, not U+FFFD */
	ck_assert_int_eq(p.prompt_tokens, 12);
	drift_path_release(&p);
}
END_TEST

/* llama.cpp asked post_sampling_probs names its figures probabilities
 * ("prob", "top_probs", as its server-task.cpp writes them): read as their
 * logs (0 as the floor, past 1 not read), the path marked as reported
 * after sampling, every listed position counted so */
START_TEST(llamacpp_probabilities_after_sampling)
{
	static const char body[] =
		"{\"choices\":[{\"message\":{\"content\":\"a b\"},\"logprobs\":{\"content\":["
		"{\"id\":64,\"token\":\"a\",\"bytes\":[97],\"prob\":1,\"top_probs\":["
		"{\"id\":64,\"token\":\"a\",\"bytes\":[97],\"prob\":1}]},"
		"{\"id\":65,\"token\":\" b\",\"prob\":0.5,\"top_probs\":["
		"{\"token\":\" b\",\"prob\":0.5},{\"token\":\" c\",\"prob\":0},"
		"{\"token\":\" d\",\"prob\":1.5}]}]}}]}";
	struct drift_path p;
	size_t listed;

	ck_assert_int_eq(read_text(body, &p), REPLY_OK);
	ck_assert_uint_eq(p.n, 2);
	ck_assert(p.post_sampling);
	ck_assert_double_eq(p.pos[0].logprob, 0);
	ck_assert_double_eq_tol(p.pos[1].logprob, -0.693147, 1e-5);
	ck_assert_uint_eq(p.pos[1].n_top, 2); /* prob 1.5 is no probability */
	ck_assert(p.pos[1].top[1].logprob <= -1e5);
	ck_assert_uint_eq(drift_path_sampled(&p, &listed), 2);
	ck_assert_uint_eq(listed, 2);
	drift_path_release(&p);
}
END_TEST

/* what cannot be read ends the path where it stands: a position without
 * a token or a logprob (and nothing after it is held: the fuzzer found a
 * write past the texts there), a usage past any count, no logprobs */
START_TEST(a_hostile_completion_is_read_safely)
{
	static const char cut[] =
		"{\"choices\":[{\"message\":{\"content\":\"x\"},\"logprobs\":{\"content\":["
		"{\"token\":\"a\",\"logprob\":-0.1},"
		"{\"token\":\"a-long-token-after-the-cut\",\"logprob\":\"bad\"}]}}],"
		"\"usage\":{\"prompt_tokens\":3.3e123}}";
	static const char none[] =
		"{\"choices\":[{\"message\":{\"content\":\"x\"},\"logprobs\":null}]}";
	struct drift_path p;

	ck_assert_int_eq(read_text(cut, &p), REPLY_OK);
	ck_assert_uint_eq(p.n, 1);
	ck_assert_int_eq(p.prompt_tokens, -1);
	drift_path_release(&p);
	ck_assert_int_eq(read_text(none, &p), REPLY_UNREADABLE);
	drift_path_release(&p);
	ck_assert_int_eq(read_text("[1,2]", &p), REPLY_UNREADABLE);
	drift_path_release(&p);
}
END_TEST

/* a thinking answer: the tokens hold the reasoning with its markers, then
 * the content; its leading reasoning positions are told apart (the token
 * that crosses into the answer is the answer's), and a content the tokens
 * do not end with leaves them untold (-1) */
#define THINKING(content)                                                                          \
	"{\"choices\":[{\"message\":{\"reasoning_content\":\"Add them.\",\"content\":"             \
	"\"" content "\"},\"logprobs\":{\"content\":[{\"token\":\"<think>\",\"logprob\":-0.1},"    \
	"{\"token\":\"Add\",\"logprob\":-0.1},{\"token\":\" them.\",\"logprob\":-0.1},"            \
	"{\"token\":\"</think>\",\"logprob\":-0.1},{\"token\":\"\\n\\n4\",\"logprob\":-0.1},"      \
	"{\"token\":\" apples\",\"logprob\":-0.1}]}}]}"

START_TEST(reasoning_positions_told_apart)
{
	struct drift_path p;

	ck_assert_int_eq(read_text(THINKING("4 apples"), &p), REPLY_OK);
	ck_assert(p.reasoning);
	ck_assert_int_eq(p.reasoning_positions, 4);
	drift_path_release(&p);
	ck_assert_int_eq(read_text(THINKING(""), &p), REPLY_OK);
	ck_assert_int_eq(p.reasoning_positions, 6); /* no content: all of it reasoning */
	drift_path_release(&p);
	ck_assert_int_eq(read_text(THINKING("5 pears"), &p), REPLY_OK);
	ck_assert_int_eq(p.reasoning_positions, -1);
	drift_path_release(&p);
}
END_TEST

Suite *reply_suite(void)
{
	Suite *s = suite_create("reply");
	TCase *tc = tcase_create("logprobs");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, a_completion_read_position_by_position);
	tcase_add_test(tc, a_hostile_completion_is_read_safely);
	tcase_add_test(tc, llamacpp_probabilities_after_sampling);
	tcase_add_test(tc, reasoning_positions_told_apart);
	suite_add_tcase(s, tc);
	return s;
}
