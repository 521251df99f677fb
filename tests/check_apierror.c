/* SPDX-License-Identifier: Apache-2.0 */
/* check_apierror — both error shapes, and every context-overflow wording. */
#include <string.h>

#include "apierror.h"
#include "suites.h"

static const struct {
	const char *body;
	const char *message_part;
	bool overflow;
	long limit, requested;
} cases[] = {
	/* an error name and its message, both kept (Express-style servers) */
	{ "{\"error\":\"TypeError\",\"message\":\"Cannot read properties of undefined\"}",
	  "TypeError: Cannot read properties of undefined", false, -1, -1 },
	/* the same shape carrying a context wording */
	{ "{\"error\":\"BadRequestError\",\"message\":\"This model's maximum context length is "
	  "2048 "
	  "tokens. However, you requested 2723 tokens (1699 in the messages, 1024 in the "
	  "completion). Please reduce the length of the messages or completion.\"}",
	  "BadRequestError: This model's", true, 2048, 2723 },
	/* FastAPI: a detail string, with a context wording */
	{ "{\"detail\":\"This model's maximum context length is 2048 tokens. However, you "
	  "requested "
	  "2723 tokens (1699 in the messages, 1024 in the completion). Please reduce the length of "
	  "the messages or completion.\"}",
	  "maximum context length is 2048", true, 2048, 2723 },
	/* FastAPI: a validation error list */
	{ "{\"detail\":[{\"loc\":[\"body\",\"messages\"],\"msg\":\"field required\",\"type\":"
	  "\"value_error.missing\"},{\"loc\":[\"body\",\"model\"],\"msg\":\"str type expected\"}]}",
	  "field required; str type expected", false, -1, -1 },
	/* plain text with a context wording */
	{ "This model's maximum context length is 2048 tokens. However, you requested 2723 tokens "
	  "(1699 in the messages, 1024 in the completion). Please reduce the length of the "
	  "messages "
	  "or completion.",
	  "maximum context length", true, 2048, 2723 },
	/* vLLM E (current) */
	{ "{\"error\":{\"message\":\"This model's maximum context length is 40960 tokens. However, "
	  "you requested 0 output tokens and your prompt contains at least 40961 input tokens, for "
	  "a total of at least 40961 tokens. Please reduce the length of the input prompt or the "
	  "number of requested output tokens. (parameter=input_tokens, "
	  "value=40961)\",\"type\":\"BadRequestError\",\"param\":\"input_tokens\",\"code\":400}}",
	  "maximum context length is 40960", true, 40960, 40961 },
	/* vLLM A, flat */
	{ "{\"object\":\"error\",\"message\":\"This model's maximum context length is 2048 tokens. "
	  "However, you requested 2723 tokens (1699 in the messages, 1024 in the completion). "
	  "Please reduce the length of the messages or "
	  "completion.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}",
	  "2048", true, 2048, 2723 },
	/* vLLM C */
	{ "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens. However, "
	  "you requested 256 output tokens and your prompt contains 9000 input tokens, for a total "
	  "of 9256 tokens (9000 + 256 = 9256 > 8192). Please reduce the length of the input prompt "
	  "or the number of requested output "
	  "tokens.\",\"type\":\"BadRequestError\",\"param\":\"max_tokens\",\"code\":400}}",
	  "8192", true, 8192, 9256 },
	/* vLLM D */
	{ "{\"error\":{\"message\":\"You passed 9000 input tokens and requested 256 output tokens. "
	  "However, the model's context length is only 8192 tokens, resulting in a maximum input "
	  "length of 7936 tokens. Please reduce the length of the input "
	  "prompt.\",\"type\":\"BadRequestError\",\"code\":400}}",
	  "You passed", true, 8192, 9256 },
	/* vLLM engine-side */
	{ "{\"object\":\"error\",\"message\":\"The decoder prompt (length 10127) is longer than "
	  "the maximum model length of 8192. Make sure that `max_model_len` is no smaller than the "
	  "number of text tokens plus multimodal "
	  "tokens.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}",
	  "decoder prompt", true, 8192, 10127 },
	/* SGLang */
	{ "{\"object\": \"error\", \"message\": \"The input (20000 tokens) is longer than the "
	  "model's context length (8192 tokens).\", \"type\": \"BadRequestError\", \"param\": "
	  "null, \"code\": 400}",
	  "The input", true, 8192, 20000 },
	/* llama.cpp */
	{ "{\"error\":{\"code\":400,\"message\":\"request (36017 tokens) exceeds the available "
	  "context size (32768 tokens), try increasing "
	  "it\",\"type\":\"exceed_context_size_error\",\"n_prompt_tokens\":36017,\"n_ctx\":32768}}",
	  "exceeds the available", true, 32768, 36017 },
	/* TGI */
	{ "{\"error\":\"Input validation error: `inputs` tokens + `max_new_tokens` must be <= "
	  "4096. Given: 4000 `inputs` tokens and 200 "
	  "`max_new_tokens`\",\"error_type\":\"validation\"}",
	  "Input validation error", true, 4096, 4200 },
	/* vLLM B, max_tokens too large: input + output */
	{ "{\"error\":{\"message\":\"'max_tokens' or 'max_completion_tokens' is too large: 8000. "
	  "This model's maximum context length is 4096 tokens and your request has 2778 input "
	  "tokens (8000 > 4096 - 2778). "
	  "None\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}}",
	  "is too large", true, 4096, 10778 },
	/* vLLM B, prompt alone */
	{ "{\"error\":{\"message\":\"This model's maximum context length is 32768 tokens. However, "
	  "you requested 39197 tokens in the messages, Please reduce the length of the messages. "
	  "None\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}}",
	  "39197", true, 32768, 39197 },
	/* vLLM C, the 0.15.0rc bug: the printed limit is already reduced */
	{ "{\"error\":{\"message\":\"This model's maximum context length is 3 tokens. However, "
	  "your request has 8 input tokens. Please reduce the length of the input messages. "
	  "(parameter=input_tokens, "
	  "value=8)\",\"type\":\"BadRequestError\",\"param\":\"input_tokens\",\"code\":400}}",
	  "your request has", true, 3, 8 },
	/* vLLM D, the character pre-check: no token count */
	{ "{\"error\":{\"message\":\"You passed 90000 input characters and requested 256 output "
	  "tokens. However, the model's context length is only 8192 tokens, resulting in a maximum "
	  "input length of 7936 tokens (at most 31744 characters). Please reduce the length of the "
	  "input prompt.\",\"type\":\"BadRequestError\",\"code\":400}}",
	  "input characters", true, 8192, -1 },
	/* vLLM D, output budget larger than the context */
	{ "{\"error\":{\"message\":\"max_tokens=9000 cannot be greater than max_model_len=8192. "
	  "Please request fewer output tokens.\",\"type\":\"BadRequestError\",\"code\":400}}",
	  "cannot be greater", true, 8192, 9000 },
	/* vLLM engine ValueError */
	{ "{\"error\":{\"message\":\"Input length (9000) exceeds model's maximum context length "
	  "(8192).\",\"type\":\"BadRequestError\",\"code\":400}}",
	  "Input length", true, 8192, 9000 },
	/* SGLang total */
	{ "{\"object\":\"error\",\"message\":\"Requested token count exceeds the model's maximum "
	  "context length of 8192 tokens. You requested a total of 9000 tokens: 8744 tokens from "
	  "the input messages and 256 tokens for the completion. Please reduce the number of "
	  "tokens in the input messages or the completion to fit within the "
	  "limit.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}",
	  "Requested token count", true, 8192, 9000 },
	/* SGLang completion budget */
	{ "{\"object\":\"error\",\"message\":\"max_completion_tokens is too large: 40000.This "
	  "model supports at most 32768 completion "
	  "tokens.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}",
	  "supports at most", true, 32768, 40000 },
	/* llama.cpp, old wording without numbers */
	{ "{\"error\":{\"code\":400,\"message\":\"the request exceeds the available context size. "
	  "try increasing the context size or enable context "
	  "shift\",\"type\":\"invalid_request_error\"}}",
	  "exceeds the available", true, -1, -1 },
	/* Ollama with context shift off */
	{ "{\"error\":{\"message\":\"the prompt is longer than the context length currently "
	  "available to the model; shorten the prompt, adjust the context length in settings, or "
	  "use a model with a longer context "
	  "length\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":null}}",
	  "the prompt is longer", true, -1, -1 },
	/* OpenAI */
	{ "{\"error\": {\"message\": \"This model's maximum context length is 200000 tokens. "
	  "However, your messages resulted in 245630 tokens. Please reduce the length of the "
	  "messages.\", \"type\": \"invalid_request_error\", \"param\": \"messages\", \"code\": "
	  "\"context_length_exceeded\"}}",
	  "245630", true, 200000, 245630 },
	/* LM Studio, a string error */
	{ "{\"error\":\"The number of tokens to keep from the initial prompt is greater than the "
	  "context length (n_keep: 13055>= n_ctx: 4096). Try to load the model with a larger "
	  "context length, or provide a shorter input.\"}",
	  "n_keep", true, 4096, 13055 },
	/* vLLM EngineCore 500: not an overflow */
	{ "{\"error\":{\"message\":\"EngineCore encountered an issue. See stack trace (above) for "
	  "the root cause.\",\"type\":\"InternalServerError\",\"param\":null,\"code\":500}}",
	  "EngineCore", false, -1, -1 },
	/* plain text */
	{ "Bad Gateway", "Bad Gateway", false, -1, -1 },
};

START_TEST(parses_error_bodies)
{
	struct api_error e;

	apierror_parse(cases[_i].body, strlen(cases[_i].body), &e);
	ck_assert_ptr_nonnull(e.message);
	ck_assert_msg(strstr(e.message, cases[_i].message_part) != NULL, "message '%s'", e.message);
	ck_assert_int_eq(e.context_overflow, cases[_i].overflow);
	ck_assert_int_eq(e.ctx_limit, cases[_i].limit);
	ck_assert_int_eq(e.ctx_requested, cases[_i].requested);
	apierror_release(&e);
}
END_TEST

START_TEST(excerpt_is_bounded)
{
	char big[5000];
	struct api_error e;

	memset(big, 'x', sizeof(big));
	apierror_parse(big, sizeof(big), &e);
	ck_assert_uint_lt(strlen(e.message), 700);
	apierror_release(&e);
}
END_TEST

/* fuzz finding: two saturated strtol values summed (signed overflow) */
START_TEST(fuzz_huge_numbers)
{
	const char *body =
		"{`inputs` tokens + `max_new_tokens` must be <= 8193. Given: 40tokens and "
		"888888888888888888888888888888888888888888888888888";
	struct api_error e;

	apierror_parse(body, strlen(body), &e);
	ck_assert(e.context_overflow);
	ck_assert_int_eq(e.ctx_limit, 8193);
	ck_assert_int_eq(e.ctx_requested, -1);
	apierror_release(&e);
}
END_TEST

/* the envelope tells whose error it is, where only one engine writes it */
START_TEST(shapes)
{
	static const struct {
		const char *body;
		enum error_shape want;
	} rows[] = {
		{ "{\"error\":{\"message\":\"x\",\"type\":\"BadRequestError\",\"code\":400}}",
		  ERROR_SHAPE_NESTED },
		{ "{\"object\":\"error\",\"message\":\"x\",\"type\":\"BadRequestError\"}",
		  ERROR_SHAPE_FLAT },
		/* LMDeploy's create_error_response: ErrorResponse's fields in order */
		{ "{\"message\":\"The model 'm' does not exist.\",\"type\":"
		  "\"invalid_request_error\",\"code\":404,\"param\":null,\"object\":\"error\"}",
		  ERROR_SHAPE_LMDEPLOY },
		/* the flat envelope with SGLang's own context wording */
		{ "{\"object\":\"error\",\"message\":\"The input (20000 tokens) is longer than "
		  "the model's context length (8192 tokens).\",\"type\":\"BadRequestError\","
		  "\"param\":null,\"code\":400}",
		  ERROR_SHAPE_SGLANG },
		/* message first but object not last: not LMDeploy's model */
		{ "{\"message\":\"x\",\"object\":\"error\",\"code\":400}", ERROR_SHAPE_FLAT },
		{ "{\"error\":\"Input validation error\",\"error_type\":\"validation\"}",
		  ERROR_SHAPE_TGI },
		{ "{\"error\":{\"code\":400,\"message\":\"request (9 tokens) exceeds the available "
		  "context size (8 tokens)\",\"type\":\"exceed_context_size_error\","
		  "\"n_prompt_tokens\":9,\"n_ctx\":8}}",
		  ERROR_SHAPE_LLAMACPP },
		{ "{\"error\":\"TypeError\",\"message\":\"x\"}", ERROR_SHAPE_OTHER },
		{ "<html>502</html>", ERROR_SHAPE_OTHER },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct api_error e;

		apierror_parse(rows[i].body, strlen(rows[i].body), &e);
		ck_assert_msg(e.shape == rows[i].want, "%s: shape %d", rows[i].body, e.shape);
		apierror_release(&e);
	}
}
END_TEST

Suite *apierror_suite(void)
{
	Suite *s = suite_create("apierror");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, parses_error_bodies, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, excerpt_is_bounded);
	tcase_add_test(tc, fuzz_huge_numbers);
	tcase_add_test(tc, shapes);
	suite_add_tcase(s, tc);
	return s;
}
