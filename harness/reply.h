/* SPDX-License-Identifier: Apache-2.0 */
/* reply — what the endpoint answered, read into one struct chat_reply.
 *
 * Whole chat completions, streamed ones (SSE, reassembled: content,
 * reasoning under either name, tool calls by index, finish, usage) with
 * the stream's timing (speed.h), and Responses API replies whole or as
 * their event stream, from vLLM, SGLang, llama.cpp, Ollama and TGI:
 * reasoning from either field name, tool calls, finish reason, usage with
 * both reasoning-token places and cached tokens, llama.cpp's timings.
 * Every field read is checked against its OpenAI type; the first a strict
 * client could not consume is named in violation. cJSON stays inside.
 * Never prints. */
#ifndef PREFLIGHT_REPLY_H
#define PREFLIGHT_REPLY_H

#include <stdbool.h>
#include <stddef.h>

#include "speed.h"

struct tool_call {
	char *id;	 /* owned; may be NULL */
	char *name;	 /* owned; "" when absent */
	char *arguments; /* owned; the argument text as sent (objects are printed) */
};

struct chat_reply {
	char *content; /* owned; "" when null or absent */
	size_t content_len;
	char *reasoning; /* owned; "" when none */
	size_t reasoning_len;
	const char *reasoning_field; /* static: "reasoning", "reasoning_content" or NULL */
	struct tool_call *calls;     /* owned */
	size_t n_calls;
	char *finish_reason;					 /* owned; NULL when absent */
	long prompt_tokens, completion_tokens, reasoning_tokens; /* -1 when absent */
	char *model;						 /* owned; NULL when absent */
	char *fingerprint;  /* owned; system_fingerprint or NULL */
	bool had_nul;	    /* the body held \u0000, which cJSON drops with what follows */
	long cached_tokens; /* prompt_tokens_details.cached_tokens or timings.cache_n, -1 */
	double engine_decode_tps, engine_prefill_tps; /* llama.cpp timings, -1 when absent */
	char *violation; /* owned; the first field a strict OpenAI client could not consume
			  * (name, what it is, what the spec says), or NULL */
};

#define CHAT_MAX_TOOL_CALLS 64

#define CHAT_STREAM_MAX_EVENTS 100000
#define CHAT_STREAM_MAX_LINE   (8u << 20)

/* What a streamed answer showed besides the answer itself. */
struct stream_stats {
	size_t events;	     /* data events, [DONE] included */
	int done;	     /* data: [DONE] arrived */
	size_t token_events; /* events that carried a token */
	struct speed speed;  /* its timing figures (speed.h) */
};

struct http_mark;

/* What the reply readers return. */
enum reply_result {
	REPLY_OK = 0,
	REPLY_UNREADABLE = -1,	/* not a reply of its shape; err says why */
	REPLY_ERROR_EVENT = -2, /* a stream carried the endpoint's error; err is its message */
	REPLY_NOT_OFFERED = -3, /* the reply lacks what was asked: the endpoint does not offer it */
};

/* Reassembles a streamed chat completion (SSE body) into r: content,
 * reasoning under either name, tool calls by index (id and name from the
 * first fragment, arguments concatenated), finish reason, the usage chunk.
 * marks (may be NULL) time the events. Returns REPLY_OK; REPLY_ERROR_EVENT
 * with the endpoint's message in err when the stream carried an error
 * object; REPLY_UNREADABLE with the reason when it could not be read. The reply and stats are filled as far
 * as the stream went, and r must be released. */
enum reply_result reply_stream_parse(const char *body, size_t len, const struct http_mark *marks,
				     size_t n_marks, struct chat_reply *r, struct stream_stats *st,
				     char *err, size_t errlen);

/* Parses a chat completion body. Returns REPLY_OK, or REPLY_UNREADABLE
 * with the reason in err
 * (not JSON, no choices, no message). The reply is filled either way and
 * must be released. */
enum reply_result reply_parse(const char *body, size_t len, struct chat_reply *r, char *err,
			      size_t errlen);
void reply_release(struct chat_reply *r);

/* The logprobs of a whole chat completion (choices[0].logprobs.content:
 * each generated token with its logprob and top_logprobs, OpenAI's shape
 * as vLLM, SGLang, llama.cpp, Ollama and TGI write it) into p: a token is
 * named by its bytes where listed, else its text; at most DRIFT_MAX_TOP
 * alternatives a position and DRIFT_MAX_POSITIONS positions are read.
 * Returns REPLY_OK, or REPLY_UNREADABLE with the reason (not a chat
 * completion, no logprobs). p is released by the caller either way. */
struct drift_path;
enum reply_result reply_logprobs(const char *body, size_t len, struct drift_path *p, char *err,
				 size_t errlen);
/* The scores of a given text: a chat completion asked with the text as
 * the assistant's answer to continue and vLLM's `prompt_logprobs` (k), its
 * top-level list with an entry a prompt token (null, or a token id →
 * {"logprob", "rank", "decoded_token"}: the top k and the prompt's own
 * token) and, when returned, `prompt_token_ids`. The last expect->n
 * positions are read as those of expect's tokens, each checked to be the
 * token the text has there (by its id where the ids are given, else by its
 * text): a text the endpoint tokenised otherwise is not read. Each position
 * of p gets its k most likely tokens, and as its chosen token the text's
 * own (own_chosen: the reference's answer, what it chose) or the most
 * likely (what this side would have chosen). Returns REPLY_OK,
 * REPLY_NOT_OFFERED when the reply has no prompt_logprobs list, or
 * REPLY_UNREADABLE with the reason. p is released by the caller. */
enum reply_result reply_prompt_logprobs(const char *body, size_t len,
					const struct drift_path *expect, int k, bool own_chosen,
					struct drift_path *p, char *err, size_t errlen);
/* The same from SGLang's native /generate asked with input_ids,
 * return_logprob, logprob_start_len, top_logprobs_num and
 * return_text_in_logprobs: meta_info.input_token_logprobs (the prompt's
 * own tokens, [logprob, id, text] each) and input_top_logprobs (the top
 * list at each, triples too), from logprob_start_len on; their last
 * expect->n positions are the text's, each checked by its text. Same
 * contract as reply_prompt_logprobs. */
enum reply_result reply_input_logprobs(const char *body, size_t len,
				       const struct drift_path *expect, int k, bool own_chosen,
				       struct drift_path *p, char *err, size_t errlen);
/* The prompt's token ids a chat completion returns when asked
 * (choices[0].prompt_token_ids: SGLang's return_prompt_token_ids; or the
 * top-level prompt_token_ids: vLLM's return_token_ids) into *ids (owned by
 * the caller), n of them. REPLY_OK, REPLY_NOT_OFFERED when the reply has
 * none, or REPLY_UNREADABLE with the reason. */
enum reply_result reply_prompt_ids(const char *body, size_t len, long **ids, size_t *n, char *err,
				   size_t errlen);
/* body as one JSON document, or NULL: anything but whitespace after it (a
 * raw NUL, a second document, prose) makes it none. Caller deletes. */
struct cJSON;
struct cJSON *reply_json_document(const char *body, size_t len);
/* True when finish is one of the OpenAI spec's finish_reason values (stop,
 * length, tool_calls, content_filter, function_call). */
bool reply_finish_is_openai(const char *finish);

/* Reads a Responses reply: output_text parts are the content, reasoning_text
 * parts the reasoning, status completed is finish "stop", incomplete at
 * max_output_tokens "length" (else the status). Same contract as
 * reply_parse. */
enum reply_result reply_responses_parse(const char *body, size_t len, struct chat_reply *r,
					char *err, size_t errlen);

/* Reads a streamed Responses reply (response.output_text.delta,
 * response.reasoning_text.delta, then response.completed or .incomplete
 * with the whole response; response.failed and error events are the
 * endpoint's message). Same contract as reply_stream_parse; a stream that
 * never completes is REPLY_UNREADABLE. */
enum reply_result reply_responses_stream_parse(const char *body, size_t len,
					       const struct http_mark *marks, size_t n_marks,
					       struct chat_reply *r, struct stream_stats *st,
					       char *err, size_t errlen);

#endif
