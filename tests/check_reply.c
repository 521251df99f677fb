/* SPDX-License-Identifier: Apache-2.0 */
/* check_reply — reply_logprobs and reply_prompt_logprobs, the readers of
 * compare's top-k lists (the other readers of reply.c are held by
 * check_chat and check_grade). */
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

/* the reference's answer " a b" as a scoring request sends it */
static struct drift_position answer_pos[2] = { { .token = " a" }, { .token = " b" } };
static const struct drift_path answer = { .pos = answer_pos, .n = 2 };

static enum reply_result read_scored(const char *body, int k, bool own, struct drift_path *p,
				     char *err)
{
	return reply_prompt_logprobs(body, strlen(body), &answer, k, own, p, err, 256);
}

/* vLLM's prompt_logprobs (vllm/logprobs.py: a token id -> {logprob, rank,
 * decoded_token}, null first) with prompt_token_ids: the last positions
 * are the answer's, each checked by its id; the top k kept in order, the
 * prompt's own token beside them (rank past k) not among them; chosen the
 * text's own token or, for the other side, the most likely */
START_TEST(prompt_logprobs_read_as_the_answers_positions)
{
	static const char body[] =
		"{\"choices\":[{\"message\":{\"content\":\" c\"}}],\"prompt_logprobs\":[null,"
		"{\"7\":{\"logprob\":-0.5,\"rank\":1,\"decoded_token\":\"user\"}},"
		"{\"10\":{\"logprob\":-1.2,\"rank\":2,\"decoded_token\":\" z\"},"
		"\"11\":{\"logprob\":-0.4,\"rank\":1,\"decoded_token\":\" a\"}},"
		"{\"12\":{\"logprob\":-0.3,\"rank\":1,\"decoded_token\":\" c\"},"
		"\"13\":{\"logprob\":-2.0,\"rank\":2,\"decoded_token\":\" d\"},"
		"\"14\":{\"logprob\":-4.5,\"rank\":7,\"decoded_token\":\" b\"}}],"
		"\"prompt_token_ids\":[1,7,11,14],\"usage\":{\"prompt_tokens\":4}}";
	struct drift_path p;
	char err[256];

	ck_assert_int_eq(read_scored(body, 2, true, &p, err), REPLY_OK);
	ck_assert_uint_eq(p.n, 2);
	ck_assert_str_eq(p.pos[0].token, " a");
	ck_assert_double_eq(p.pos[0].logprob, -0.4);
	ck_assert_uint_eq(p.pos[0].n_top, 2);
	ck_assert_str_eq(p.pos[0].top[0].token, " a"); /* most likely first */
	ck_assert_str_eq(p.pos[0].top[1].token, " z");
	ck_assert_str_eq(p.pos[1].token, " b"); /* the text's, with its own figure */
	ck_assert_double_eq(p.pos[1].logprob, -4.5);
	ck_assert_uint_eq(p.pos[1].n_top, 2); /* rank 7 is not of the top 2 */
	ck_assert_str_eq(p.pos[1].top[1].token, " d");
	ck_assert_int_eq(p.prompt_tokens, 4);
	drift_path_release(&p);
	ck_assert_int_eq(read_scored(body, 2, false, &p, err), REPLY_OK);
	ck_assert_str_eq(p.pos[1].token, " c"); /* what this side would have chosen */
	ck_assert_double_eq(p.pos[1].logprob, -0.3);
	drift_path_release(&p);
	ck_assert_int_eq(read_scored(body, 1, true, &p, err), REPLY_OK);
	ck_assert_uint_eq(p.pos[0].n_top, 1);
	drift_path_release(&p);
}
END_TEST

/* without ids the answer's tokens are found by their text; a text the
 * endpoint tokenised otherwise, a reply without the list (an engine that
 * ignores it: REPLY_NOT_OFFERED) and hostile lists are not read */
START_TEST(prompt_logprobs_not_offered_or_otherwise_tokenised)
{
	static const char by_text[] =
		"{\"prompt_logprobs\":[null,{\"3\":{\"logprob\":-0.1,\"decoded_token\":\" a\"}},"
		"{\"4\":{\"logprob\":-0.2,\"decoded_token\":\" b\"},"
		"\"5\":{\"logprob\":-0.1,\"decoded_token\":\" q\"}}],\"prompt_token_ids\":[1]}";
	static const char split[] =
		"{\"prompt_logprobs\":[null,{\"3\":{\"logprob\":-0.1,\"decoded_token\":\" a\"}},"
		"{\"4\":{\"logprob\":-0.2,\"decoded_token\":\" \"}}],\"prompt_token_ids\":[0,3,4]}";
	static const char *const refused[] = {
		"{\"choices\":[],\"prompt_logprobs\":null}",
		"{\"choices\":[]}",
	};
	static const char *const hostile[] = {
		"{\"prompt_logprobs\":[null,{\"3\":{\"logprob\":-0.1,\"decoded_token\":\" a\"}}]}",
		"{\"prompt_logprobs\":[null,7,{\"4\":{\"logprob\":-0.2,\"decoded_token\":\" "
		"b\"}}]}",
		"{\"prompt_logprobs\":[null,{\"3\":{\"logprob\":5,\"decoded_token\":\" a\"}},"
		"{\"4\":{\"logprob\":-0.2,\"decoded_token\":\" b\"}}]}",
		"{\"prompt_logprobs\":[null,{\"3\":{\"logprob\":-0.1,\"decoded_token\":null}},"
		"{\"4\":{\"logprob\":-0.2,\"decoded_token\":\" b\"}}]}",
		"[1,2]",
		"not json",
	};
	struct drift_path p;
	char err[256];
	size_t i;

	ck_assert_int_eq(read_scored(by_text, 5, false, &p, err), REPLY_OK);
	ck_assert_str_eq(p.pos[1].token, " q"); /* the most likely: this side's choice */
	ck_assert_uint_eq(p.pos[1].n_top, 2);
	drift_path_release(&p);
	ck_assert_int_eq(read_scored(split, 5, true, &p, err), REPLY_UNREADABLE);
	ck_assert_ptr_nonnull(strstr(err, "other tokens"));
	ck_assert_ptr_null(p.pos);
	for (i = 0; i < sizeof(refused) / sizeof(*refused); i++) {
		ck_assert_int_eq(read_scored(refused[i], 5, true, &p, err), REPLY_NOT_OFFERED);
		ck_assert_ptr_nonnull(strstr(err, "does not score a given text"));
	}
	for (i = 0; i < sizeof(hostile) / sizeof(*hostile); i++) {
		ck_assert_msg(read_scored(hostile[i], 5, true, &p, err) == REPLY_UNREADABLE, "%s",
			      hostile[i]);
		ck_assert_ptr_null(p.pos);
	}
}
END_TEST

/* SGLang's /generate (meta_info.input_token_logprobs and
 * input_top_logprobs, [logprob, id, text] triples from logprob_start_len
 * on): the last positions are the answer's, each checked by its text; and
 * the chat's prompt_token_ids, SGLang's in the choice, vLLM's at the top */
START_TEST(input_logprobs_and_prompt_ids_read)
{
	static const char generate[] =
		"{\"text\":\" x\",\"meta_info\":{\"prompt_tokens\":5,\"input_token_logprobs\":["
		"[-0.01,9,\"\\n\"],[-0.4,11,\" a\"],[-4.5,14,\" b\"]],\"input_top_logprobs\":["
		"[[-0.01,9,\"\\n\"]],[[-1.2,10,\" z\"],[-0.4,11,\" a\"]],"
		"[[-0.3,12,\" c\"],[-2.0,13,\" d\"],[-3.0,15,\" e\"]]]}}";
	static const char other[] =
		"{\"meta_info\":{\"input_token_logprobs\":[[-0.4,11,\" a\"],[-0.1,16,\" bb\"]],"
		"\"input_top_logprobs\":[null,null]}}";
	static const char sglang_ids[] = "{\"choices\":[{\"message\":{\"content\":\".\"},\"prompt_"
					 "token_ids\":[1,7,11,14]}]}";
	static const char vllm_ids[] = "{\"choices\":[{}],\"prompt_token_ids\":[1,7]}";
	static const char *const none[] = { "{\"choices\":[{}]}",
					    "{\"choices\":[{}],\"prompt_token_ids\":null}" };
	struct drift_path p;
	char err[256];
	long *ids;
	size_t n;

	ck_assert_int_eq(reply_input_logprobs(generate, strlen(generate), &answer, 2, true, &p, err,
					      sizeof(err)),
			 REPLY_OK);
	ck_assert_uint_eq(p.n, 2);
	ck_assert_str_eq(p.pos[0].token, " a");
	ck_assert_str_eq(p.pos[0].top[0].token, " a"); /* sorted, most likely first */
	ck_assert_str_eq(p.pos[1].token, " b");
	ck_assert_double_eq(p.pos[1].logprob, -4.5);
	ck_assert_uint_eq(p.pos[1].n_top, 2); /* the top 2 of 3 */
	ck_assert_int_eq(p.prompt_tokens, 5);
	drift_path_release(&p);
	ck_assert_int_eq(reply_input_logprobs(generate, strlen(generate), &answer, 2, false, &p,
					      err, sizeof(err)),
			 REPLY_OK);
	ck_assert_str_eq(p.pos[1].token, " c");
	drift_path_release(&p);
	ck_assert_int_eq(
		reply_input_logprobs(other, strlen(other), &answer, 2, true, &p, err, sizeof(err)),
		REPLY_UNREADABLE);
	ck_assert_ptr_nonnull(strstr(err, "other tokens"));
	ck_assert_int_eq(reply_input_logprobs(sglang_ids, strlen(sglang_ids), &answer, 2, true, &p,
					      err, sizeof(err)),
			 REPLY_UNREADABLE); /* a chat reply is not a /generate one */
	ck_assert_int_eq(reply_input_logprobs("{\"meta_info\":{}}", 16, &answer, 2, true, &p, err,
					      sizeof(err)),
			 REPLY_NOT_OFFERED);

	ck_assert_int_eq(
		reply_prompt_ids(sglang_ids, strlen(sglang_ids), &ids, &n, err, sizeof(err)),
		REPLY_OK);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(ids[3], 14);
	free(ids);
	ck_assert_int_eq(reply_prompt_ids(vllm_ids, strlen(vllm_ids), &ids, &n, err, sizeof(err)),
			 REPLY_OK);
	ck_assert_uint_eq(n, 2);
	free(ids);
	for (n = 0; n < 2; n++) {
		size_t got;

		ck_assert_int_eq(
			reply_prompt_ids(none[n], strlen(none[n]), &ids, &got, err, sizeof(err)),
			REPLY_NOT_OFFERED);
		ck_assert_ptr_null(ids);
	}
	ck_assert_int_eq(reply_prompt_ids("{\"prompt_token_ids\":[1,\"x\"]}", 28, &ids, &n, err,
					  sizeof(err)),
			 REPLY_UNREADABLE);
	ck_assert_ptr_null(ids);
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
	tcase_add_test(tc, prompt_logprobs_read_as_the_answers_positions);
	tcase_add_test(tc, prompt_logprobs_not_offered_or_otherwise_tokenised);
	tcase_add_test(tc, input_logprobs_and_prompt_ids_read);
	suite_add_tcase(s, tc);
	return s;
}
