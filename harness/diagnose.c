/* SPDX-License-Identifier: Apache-2.0 */
/* diagnose — the cause table and the classifier; see diagnose.h. */
#include "diagnose.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* each cause: its code, its generic remedy, whether the exchange itself
 * failed (JUnit <error>), whether it leaves the engine unable to serve
 * (garbage, a crash, a hang) rather than naming a setting to change, and
 * whether it means nothing of the server was observed (no answer, the key
 * refused, rate-limited still after the retries) */
static const struct {
	const char *code;
	const char *remedy;
	bool exchange;
	bool dead;
	bool unobserved;
} causes[CAUSE_COUNT] = {
	[CAUSE_NONE] = { .code = "", .remedy = "", .exchange = false },
	[CAUSE_REASONING_BLEED] = { .code = "reasoning-bleed",
				    .remedy =
					    "serve with the model's reasoning parser (vLLM/SGLang "
					    "--reasoning-parser qwen3|deepseek_r1|super_v3..., "
					    "llama.cpp --reasoning-format deepseek)",
				    .exchange = false },
	[CAUSE_THINKING_STARVATION] = { .code = "thinking-starvation",
					.remedy = "thinking used the whole budget: run with "
						  "--no-thinking, or give it room with "
						  "--reasoning-headroom-tokens 4096",
					.exchange = false },
	[CAUSE_ANSWER_TRUNCATED] = { .code = "answer-truncated",
				     .remedy = "the answer hit the token budget: raise "
					       "--visible-answer-tokens",
				     .exchange = false },
	[CAUSE_TOOL_CALL_AS_TEXT] = { .code = "tool-call-as-text",
				      .remedy =
					      "serve with --enable-auto-tool-choice "
					      "--tool-call-parser "
					      "<hermes|qwen3_coder|llama3_json|mistral...> (vLLM), "
					      "--tool-call-parser (SGLang), --jinja (llama.cpp)",
				      .exchange = false },
	[CAUSE_INVALID_TOOL_ARGUMENTS] = { .code = "invalid-tool-arguments",
					   .remedy = "tool arguments are broken: check the "
						     "--tool-call-parser matches the model, and "
						     "disable speculative decoding "
						     "(--speculative-config) to rule it out",
					   .exchange = false },
	[CAUSE_WRONG_TOOL] = { .code = "wrong-tool",
			       .remedy = "the model called a function that was not offered: check "
					 "the chat template passes the tools (--chat-template)",
			       .exchange = false },
	[CAUSE_NO_TOOL_CALL] = { .code = "no-tool-call",
				 .remedy = "the model answered in prose: check "
					   "--enable-auto-tool-choice and that the chat template "
					   "renders tools",
				 .exchange = false },
	[CAUSE_GARBAGE_OUTPUT] = { .code = "garbage-output",
				   .remedy = "the decode is broken: suspect the kernel or "
					     "quantization path (try another --quantization, "
					     "--kv-cache-dtype auto, --enforce-eager)",
				   .exchange = false,
				   .dead = true },
	[CAUSE_CONTEXT_OVERFLOW] = { .code = "context-overflow",
				     .remedy = "serve with a larger --max-model-len (vLLM), "
					       "--context-length (SGLang), -c (llama.cpp), "
					       "OLLAMA_CONTEXT_LENGTH or PARAMETER num_ctx "
					       "(Ollama), or run with a smaller --needle-ctx",
				     .exchange = false },
	[CAUSE_WRONG_ANSWER] = { .code = "wrong-answer",
				 .remedy = "read the answer in the report; check the chat template "
					   "(--chat-template) and the sampling defaults the server "
					   "applies (vLLM --generation-config)",
				 .exchange = false },
	[CAUSE_HTTP_ERROR] = { .code = "http-error",
			       .remedy = "read the server log around this request: it failed on it "
					 "(a vLLM 500 'EngineCore encountered an issue' means the "
					 "engine died: restart it, and lower "
					 "--gpu-memory-utilization or --max-num-seqs if it ran out "
					 "of memory; a stack trace or TypeError in the message is "
					 "the server's own bug)",
			       .exchange = true },
	[CAUSE_AUTH_ERROR] = { .code = "auth-error",
			       .remedy = "the endpoint refused the credentials: set OPENAI_API_KEY "
					 "(or --api-key-env NAME) to the key the server was "
					 "started with (--api-key)",
			       .unobserved = true,
			       .exchange = true },
	[CAUSE_MALFORMED_RESPONSE] = { .code = "malformed-response",
				       .remedy = "the body is not an OpenAI chat completion: check "
						 "--endpoint points at the /v1 base of an "
						 "OpenAI-compatible server",
				       .exchange = true,
				       .dead = true },
	[CAUSE_TRANSPORT_ERROR] = { .code = "transport-error",
				    .remedy = "the connection failed: check the endpoint is up and "
					      "reachable (--wait SECONDS waits for a server still "
					      "loading)",
				    .unobserved = true,
				    .exchange = true,
				    .dead = true },
	[CAUSE_RESPONSE_TOO_LARGE] = { .code = "response-too-large",
				       .remedy = "the body passed --max-response-bytes: the server "
						 "may be ignoring max_tokens or streaming without "
						 "end",
				       .exchange = true },
	[CAUSE_TIMEOUT] = { .code = "timeout",
			    .remedy = "no complete answer within --timeout: raise it, or check the "
				      "server is not stalled or overloaded",
			    .exchange = true,
			    .dead = true },
	[CAUSE_STREAM_PARITY] = { .code = "stream-parity",
				  .remedy =
					  "the streamed and non-streamed answers disagree: the "
					  "server's streaming path (its tool or reasoning parser, "
					  "which engines run apart on a stream) differs from the "
					  "whole reply's; compare the two in the JSON report",
				  .exchange = false },
	[CAUSE_ANSWER_IN_REASONING] = { .code = "answer-in-reasoning",
					.remedy = "the reasoning parser put the answer in the "
						  "reasoning channel: check --reasoning-parser "
						  "matches the model and its chat template (vLLM, "
						  "SGLang), or --reasoning-format (llama.cpp)",
					.exchange = false },
	[CAUSE_CONCURRENCY_CORRUPTION] = { .code = "concurrency-corruption",
					   .remedy =
						   "answers are clean one at a time and corrupt "
						   "under load: suspect batched kernels or the "
						   "tool parser's shared state; retry with "
						   "--max-num-seqs 1, without "
						   "--speculative-config, or with --enforce-eager",
					   .exchange = false,
					   .dead = true },
	[CAUSE_INTERRUPTED] = { .code = "interrupted", .remedy = "", .exchange = true },
	[CAUSE_ANSWER_CUT_SHORT] = { .code = "answer-cut-short",
				     .remedy =
					     "the answer ended below its token budget: the "
					     "context window ran out, or the server (or a proxy) "
					     "caps answers: raise the window or the cap; an "
					     "endpoint "
					     "that shows its window (/props, max_model_len) tells "
					     "which",
				     .exchange = false },
	[CAUSE_SCHEMA_LIMIT] = { .code = "schema-limit",
				 .remedy =
					 "the probe's JSON Schema takes more steps than any answer "
					 "needs (anyOf or oneOf of $refs that refer on): simplify "
					 "it, or inline what its $refs repeat",
				 .exchange = false },
	[CAUSE_PATTERN_LIMIT] = { .code = "pattern-limit",
				  .remedy = "a pattern of the probe backtracks without end: "
					    "rewrite it without nested or overlapping quantifiers",
				  .exchange = false },
	[CAUSE_HTTP_REDIRECT] = { .code = "http-redirect",
				  .remedy = "the endpoint answered with a redirect, which "
					    "preflight does not follow (the key would go along): "
					    "pass the URL it redirects to as --endpoint",
				  .exchange = true },
	[CAUSE_NO_MODEL] = { .code = "no-model",
			     .remedy = "pass --model with a model the endpoint serves; a base URL "
				       "without /v1 (or one a proxy rewrites) lists nothing",
			     .exchange = true },
	[CAUSE_EMPTY_ANSWER] = { .code = "empty-answer",
				 .remedy = "tokens were generated but nothing visible came back "
					   "and no reasoning anywhere: read the raw answer "
					   "(--record); the engine may strip whitespace or special "
					   "tokens (llama.cpp strips leading whitespace while "
					   "thinking), the chat template may end the turn at once, "
					   "or a proxy may drop fields",
				 .exchange = false },
	[CAUSE_NONCONFORMANT_REPLY] = { .code = "nonconformant-reply",
					.remedy = "a strict OpenAI client (the openai SDKs, agent "
						  "frameworks) cannot read this reply: the server "
						  "or a proxy in between writes the field named "
						  "here against the spec; upgrade it or report it "
						  "upstream",
					.exchange = false,
					.dead = true },
	[CAUSE_RATE_LIMITED] = { .code = "rate-limited",
				 .remedy = "the endpoint rate-limits: lower --tool-batch, run the "
					   "probes one after another (no --parallel), or raise the "
					   "server's or proxy's limit; --retries and "
					   "--retry-wait-max bound the retries",
				 .unobserved = true,
				 .exchange = true },
	[CAUSE_REQUEST_REJECTED] = { .code = "request-rejected",
				     .remedy = "the server refused what preflight sent: read its "
					       "message; a field it does not take (--extra-body, "
					       "--chat-template-kwargs, or the probe's request) "
					       "needs another server flag, or drop it",
				     .exchange = true },
	[CAUSE_REQUEST_TOO_LARGE] = { .code = "request-too-large",
				      .remedy = "the request body was refused as too large (413), "
						"usually by a proxy's limit: raise it (nginx "
						"client_max_body_size, the gateway's request size "
						"limit), or run with a smaller --needle-ctx",
				      .exchange = true },
	[CAUSE_PROXY_ERROR] = { .code = "proxy-error",
				.remedy = "a proxy or gateway between preflight and the engine "
					  "failed (a 502-504 without the engine's error body): "
					  "check the engine behind it is up, and the proxy's read "
					  "timeout (a long prefill outlasts a 60 s default)",
				.exchange = true,
				.dead = true },
	[CAUSE_ENGINE_FAILED] = { .code = "engine-failed",
				  .remedy = "the engine's log names why it never came up (the "
					    "quoted line); preflight doctor LOG lists every known "
					    "signature in it",
				  .exchange = true },
};

const char *cause_code(enum cause c)
{
	return (unsigned)c < CAUSE_COUNT ? causes[c].code : "";
}

const char *cause_remedy(enum cause c)
{
	return (unsigned)c < CAUSE_COUNT ? causes[c].remedy : "";
}

const char *cause_http_remedy(long status)
{
	return status == 404 ? "check that --endpoint is the base URL with /v1 and that --model "
			       "is a model the endpoint serves (GET /v1/models)"
			     : NULL;
}

bool cause_cannot_serve(enum cause c)
{
	return (unsigned)c < CAUSE_COUNT && causes[c].dead;
}

enum cause cause_named(const char *code)
{
	int c;

	for (c = 1; code && c < CAUSE_COUNT; c++)
		if (!strcmp(causes[c].code, code))
			return (enum cause)c;
	return CAUSE_NONE;
}

bool cause_is_exchange_error(enum cause c)
{
	return (unsigned)c < CAUSE_COUNT && causes[c].exchange;
}

enum cause diagnose_outcome(enum http_outcome o)
{
	switch (o) {
	case HTTP_TIMEOUT:
		return CAUSE_TIMEOUT;
	case HTTP_TOO_LARGE:
		return CAUSE_RESPONSE_TOO_LARGE;
	case HTTP_CANCELLED:
		return CAUSE_INTERRUPTED;
	default:
		return CAUSE_TRANSPORT_ERROR;
	}
}

bool cause_unobserved(enum cause c)
{
	return (unsigned)c < CAUSE_COUNT && causes[c].unobserved;
}

enum cause diagnose_exchange(enum http_outcome o, long status)
{
	if (o != HTTP_DONE)
		return diagnose_outcome(o);
	if (status == 429)
		return CAUSE_RATE_LIMITED;
	return status >= 500 ? CAUSE_HTTP_ERROR : CAUSE_NONE;
}

enum cause diagnose_status(long status, bool overflow, bool engine_body)
{
	if (status >= 300 && status < 400)
		return CAUSE_HTTP_REDIRECT;
	if (status == 401 || status == 403)
		return CAUSE_AUTH_ERROR;
	if (overflow)
		return CAUSE_CONTEXT_OVERFLOW;
	if (status == 413)
		return CAUSE_REQUEST_TOO_LARGE;
	if (status == 429)
		return CAUSE_RATE_LIMITED;
	if ((status == 502 || status == 503 || status == 504) && !engine_body)
		return CAUSE_PROXY_ERROR;
	if (status >= 400 && status < 500 && status != 404)
		return CAUSE_REQUEST_REJECTED;
	return CAUSE_HTTP_ERROR;
}

static const char *memfind(const char *h, size_t hl, const char *n)
{
	size_t nl = strlen(n), i;

	if (!h || nl > hl)
		return NULL;
	for (i = 0; i + nl <= hl; i++)
		if (h[i] == n[0] && !memcmp(h + i, n, nl))
			return h + i;
	return NULL;
}

bool diagnose_think_tags(const char *content, size_t len)
{
	return memfind(content, len, "<think>") || memfind(content, len, "</think>");
}

bool diagnose_tool_markup(const char *content, size_t len)
{
	static const char *const marks[] = {
		"<tool_call>",
		"[TOOL_CALLS]",
		"<|python_start|>",
		"<|tool_call|>",
		"<|tool_call>",
		"<function=",
		"<|tool_calls_section_begin|>",
	};
	const char *p;
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (memfind(content, len, marks[i]))
			return true;
	/* a bare {"name": ..., "arguments"|"parameters": ...} object */
	p = memfind(content, len, "\"name\"");
	return p && (memfind(p, len - (size_t)(p - content), "\"arguments\"") ||
		     memfind(p, len - (size_t)(p - content), "\"parameters\""));
}

/* one piece of 1..64 bytes repeated to fill most of a long tail */
static bool degenerate_repetition(const char *s, size_t len)
{
	size_t period, tail = len > 2048 ? 2048 : len, start = len - tail, i;

	if (tail < 256)
		return false;
	for (period = 1; period <= 64; period++) {
		size_t same = 0;

		for (i = start + period; i < len; i++)
			same += s[i] == s[i - period];
		if (same >= (tail - period) * 99 / 100)
			return true;
	}
	return false;
}

static bool utf8_valid(const char *s, size_t len)
{
	size_t i = 0;
	unsigned long cp;

	while (i < len) {
		size_t n = text_utf8_decode((const unsigned char *)s + i, len - i, &cp);

		if (!n)
			return false;
		i += n;
	}
	return true;
}

bool diagnose_garbage(const char *content, size_t len, char *what, size_t whatlen)
{
	static const char *const tokens[] = {
		"<|im_start|>",
		"<|im_end|>",
		"<|endoftext|>",
		"<|eot_id|>",
		"<|start_header_id|>",
		"<|end_of_text|>",
		"<｜end▁of▁sentence｜>",
		"<|begin_of_text|>",
		"</s><s>",
		"<unk>",
		"<pad>",
		"<|reserved_special_token",
	};
	size_t i;

	for (i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++)
		if (memfind(content, len, tokens[i])) {
			snprintf(what, whatlen, "special token %s in content", tokens[i]);
			return true;
		}
	if (memfind(content, len, "\xEF\xBF\xBD")) {
		snprintf(what, whatlen, "U+FFFD replacement characters in content");
		return true;
	}
	if (!utf8_valid(content, len)) {
		snprintf(what, whatlen, "invalid UTF-8 in content");
		return true;
	}
	if (degenerate_repetition(content, len)) {
		snprintf(what, whatlen, "degenerate repetition in content");
		return true;
	}
	return false;
}

static bool blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

/* the answer stopped short of its budget where prompt and answer fill the
 * endpoint's window: the context ran out while generating */
/* finish length with fewer completion tokens than the budget: the
 * budget did not end it */
static bool below_budget(const struct answer_evidence *ev)
{
	return ev->completion_tokens >= 0 && ev->max_tokens > 0 &&
	       ev->completion_tokens < ev->max_tokens;
}

static bool window_ran_out(const struct answer_evidence *ev)
{
	return below_budget(ev) && ev->window > 0 && ev->prompt_tokens > 0 &&
	       ev->prompt_tokens + ev->completion_tokens >= ev->window - 1;
}

enum cause diagnose_answer(const struct answer_evidence *ev)
{
	char what[128];
	bool length = ev->finish_reason && !strcmp(ev->finish_reason, "length");
	bool reasoned = ev->reasoning_chars > 0 || ev->reasoning_tokens > 0;
	bool tags = diagnose_think_tags(ev->content, ev->content_len);

	/* the probe itself could not be graded: nothing else is known */
	if (ev->interrupted)
		return CAUSE_INTERRUPTED;
	if (ev->pattern_limit)
		return CAUSE_PATTERN_LIMIT;
	if (ev->schema_limit)
		return CAUSE_SCHEMA_LIMIT;
	if (ev->nul_bytes || diagnose_garbage(ev->content, ev->content_len, what, sizeof(what)))
		return CAUSE_GARBAGE_OUTPUT;
	if (ev->stream_incomplete)
		return CAUSE_MALFORMED_RESPONSE;
	if (ev->expects_tool && ev->n_tool_calls == 0 &&
	    diagnose_tool_markup(ev->content, ev->content_len))
		return CAUSE_TOOL_CALL_AS_TEXT;
	if (tags || ev->untagged_reasoning)
		return CAUSE_REASONING_BLEED;
	if (ev->answer_in_reasoning)
		return CAUSE_ANSWER_IN_REASONING;
	if (length && window_ran_out(ev))
		return CAUSE_CONTEXT_OVERFLOW;
	if (length && below_budget(ev))
		return CAUSE_ANSWER_CUT_SHORT; /* not the budget: the window unknown, or a cap */
	/* nothing visible and no reasoning anywhere: not a thinking problem */
	if (!reasoned && ev->n_tool_calls == 0 && blank(ev->content, ev->content_len))
		return CAUSE_EMPTY_ANSWER;
	if (length)
		return reasoned ? CAUSE_THINKING_STARVATION : CAUSE_ANSWER_TRUNCATED;
	if (ev->expects_tool) {
		if (ev->wrong_tool)
			return CAUSE_WRONG_TOOL;
		if (ev->n_tool_calls == 0)
			return CAUSE_NO_TOOL_CALL;
		if (ev->bad_arguments)
			return CAUSE_INVALID_TOOL_ARGUMENTS;
	}
	return CAUSE_WRONG_ANSWER;
}

bool diagnose_untagged_reasoning(const char *content, size_t len)
{
	/* openers seen from reasoning models whose thinking reached content
	 * (MiniMax, Nemotron, Qwen3 without --reasoning-parser) */
	static const char *const openers[] = {
		"We need to ",
		"We are asked",
		"We have to ",
		"The user asks",
		"The user wants",
		"The user is asking",
		"The user requests",
		"The user said",
		"The user has asked",
		"Okay, so ",
		"Okay, the user",
		"Okay, let's",
		"Okay, let me",
		"Alright, the user",
		"Alright, let's",
		"Alright, so",
		"Let me think",
		"Let's think",
		"Hmm,",
		"Hmm.",
		"First, I need to",
		"I need to figure",
		"I need to respond",
		"Here's a thinking process",
	};
	size_t i = 0, k;

	while (i < len && isspace((unsigned char)content[i]))
		i++;
	for (k = 0; k < sizeof(openers) / sizeof(openers[0]); k++) {
		size_t n = strlen(openers[k]);

		if (len - i >= n && !memcmp(content + i, openers[k], n))
			return true;
	}
	return false;
}

/* the causes of an answer that stopped short or came back empty; false
 * for any other */
static bool explain_short(enum cause c, const struct answer_evidence *ev, const char *tokens,
			  char *out, size_t outlen)
{
	const char *finish = ev->finish_reason ? ev->finish_reason : "none";

	if (c == CAUSE_THINKING_STARVATION)
		snprintf(out, outlen,
			 "finish=length after %zu reasoning chars%s of a %ld-token budget; visible "
			 "answer %zu chars",
			 ev->reasoning_chars, tokens, ev->max_tokens,
			 text_chars(ev->content, ev->content_len));
	else if (c == CAUSE_CONTEXT_OVERFLOW)
		snprintf(
			out, outlen,
			"finish=length after %ld of %ld answer tokens: the prompt's %ld and the "
			"answer's %ld fill the endpoint's %ld-token window, so the context ran out "
			"while answering",
			ev->completion_tokens, ev->max_tokens, ev->prompt_tokens,
			ev->completion_tokens, ev->window);
	else if (c == CAUSE_EMPTY_ANSWER)
		snprintf(out, outlen,
			 "finish=%s with nothing visible (%s) and no reasoning anywhere, after %ld "
			 "completion tokens",
			 finish, ev->content_len ? "only whitespace" : "empty",
			 ev->completion_tokens);
	else
		return false;
	return true;
}

/* an answer that ended below its budget: the window's end (unknown to us)
 * or a cap the server sets; the numbers that tell them apart */
static void cut_short(const struct answer_evidence *ev, char *out, size_t outlen)
{
	char prompt[48] = "an uncounted prompt";

	if (ev->prompt_tokens > 0)
		snprintf(prompt, sizeof(prompt), "prompt %ld", ev->prompt_tokens);
	if (ev->window > 0)
		snprintf(out, outlen,
			 "finish=length after %ld of the %ld-token budget, with %s + completion "
			 "%ld below the endpoint's %ld-token window: a server-side cap ended it "
			 "(llama-server -n, Ollama num_predict, a proxy's limit), not the budget",
			 ev->completion_tokens, ev->max_tokens, prompt, ev->completion_tokens,
			 ev->window);
	else
		snprintf(out, outlen,
			 "finish=length after %ld of the %ld-token budget, so the budget did not "
			 "end "
			 "it: either the context window ran out (%s + completion %ld; the endpoint "
			 "does not say its window) or a server-side cap did (llama-server -n, "
			 "Ollama num_predict, a proxy's limit)",
			 ev->completion_tokens, ev->max_tokens, prompt, ev->completion_tokens);
}

void diagnose_explain(enum cause c, const struct answer_evidence *ev, char *out, size_t outlen)
{
	char *head = text_excerpt(ev->content, ev->content_len, 60, true);
	const char *finish = ev->finish_reason ? ev->finish_reason : "none";
	char what[128], tokens[64] = "";

	if (ev->reasoning_tokens >= 0)
		snprintf(tokens, sizeof(tokens), ", %ld reasoning tokens", ev->reasoning_tokens);
	if (explain_short(c, ev, tokens, out, outlen)) {
		free(head);
		return;
	}
	switch (c) {
	case CAUSE_REASONING_BLEED:
		snprintf(out, outlen, "%s in content%s: '%s'",
			 diagnose_think_tags(ev->content, ev->content_len) ? "<think> tags"
									   : "a chain of thought",
			 ev->json_after_prose ? " before the JSON answer" : "", head ? head : "");
		break;
	case CAUSE_ANSWER_TRUNCATED:
		snprintf(out, outlen,
			 "finish=length with no reasoning: the answer was cut at the %ld-token "
			 "budget after %zu chars: '%s'",
			 ev->max_tokens, text_chars(ev->content, ev->content_len),
			 head ? head : "");
		break;
	case CAUSE_ANSWER_CUT_SHORT:
		cut_short(ev, out, outlen);
		break;
	case CAUSE_TOOL_CALL_AS_TEXT:
		snprintf(out, outlen,
			 "tool-call markup in content, no tool_calls (finish=%s): '%s'", finish,
			 head ? head : "");
		break;
	case CAUSE_ANSWER_IN_REASONING:
		snprintf(out, outlen,
			 "no visible answer (finish=%s); the reasoning channel holds it (%zu "
			 "chars%s)",
			 finish, ev->reasoning_chars, tokens);
		break;
	case CAUSE_NO_TOOL_CALL:
		snprintf(out, outlen, "a prose answer, no tool_calls (finish=%s): '%s'", finish,
			 head ? head : "");
		break;
	case CAUSE_GARBAGE_OUTPUT:
		if (ev->nul_bytes)
			snprintf(what, sizeof(what), "NUL characters in the answer");
		else if (!diagnose_garbage(ev->content, ev->content_len, what, sizeof(what)))
			snprintf(what, sizeof(what), "broken output");
		snprintf(out, outlen, "%s: '%s'", what, head ? head : "");
		break;
	default:
		snprintf(out, outlen, "finish=%s, %zu visible chars, %zu reasoning chars%s: '%s'",
			 finish, text_chars(ev->content, ev->content_len), ev->reasoning_chars,
			 tokens, head ? head : "");
		break;
	}
	free(head);
}
