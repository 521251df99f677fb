/* chat — the wire format of /v1/chat/completions.
 *
 * Builds request bodies (model, messages, budget, thinking controls, extra
 * fields) and reads replies from vLLM, SGLang, llama.cpp, Ollama and TGI
 * into one struct chat_reply: content, reasoning from either field name,
 * tool calls, finish reason and usage with both reasoning-token places.
 * cJSON stays inside this module's .c file except for the request template
 * a probe hands in. Never prints. */
#ifndef PREFLIGHT_CHAT_H
#define PREFLIGHT_CHAT_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

enum thinking_mode {
	THINKING_DEFAULT = 0, /* send nothing; the template decides */
	THINKING_ENABLED,     /* chat_template_kwargs.enable_thinking = true */
	THINKING_DISABLED,    /* chat_template_kwargs.enable_thinking = false */
	THINKING_UNSUPPORTED, /* the model has no switch; send nothing */
};

const char *thinking_mode_name(enum thinking_mode m);

struct chat_settings {
	const char *model; /* borrowed */
	long max_tokens;   /* completion budget */
	enum thinking_mode thinking;
	const char *reasoning_effort;	   /* borrowed; NULL = not sent */
	const cJSON *chat_template_kwargs; /* borrowed; merged */
	const cJSON *extra_body;	   /* borrowed; merged last */
	bool stream;			   /* stream: true, with the usage chunk */
	const char *last_user;		   /* borrowed; a last user message (a haystack) */
	const char *image_url, *video_url; /* borrowed; data: URLs for "$image", "$video" */
};

/* Builds the JSON body for request (a probe's "request" object: messages,
 * tools, tool_choice, extra_body...). messages, when not NULL, replaces the
 * request's messages; the settings' last_user follows them, and "$image"
 * and "$video" URLs become the settings' data: URLs. Returns a string the
 * caller frees, or NULL with the reason in err. */
char *chat_body_build(const cJSON *request, const cJSON *messages, const struct chat_settings *s,
		      char *err, size_t errlen);
/* The /tokenize twin of the chat request for request and s: the same
 * model, messages (last_user included), tools and template switches, so
 * the template renders the same prompt. Caller frees; NULL when out of
 * memory. */
char *chat_tokenize_body(const cJSON *request, const struct chat_settings *s);

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
	char *fingerprint; /* owned; system_fingerprint or NULL */
	bool had_nul;	   /* the body held \u0000, which cJSON drops with what follows */
};

#define CHAT_MAX_TOOL_CALLS 64

/* The Responses API (/v1/responses): request is a probe's request with a
 * string "input"; the budget goes in max_output_tokens. Returns a string
 * the caller frees, or NULL with the reason. */
char *chat_responses_body(const cJSON *request, const struct chat_settings *s, char *err,
			  size_t errlen);
/* Reads a Responses reply: output_text parts are the content, reasoning_text
 * parts the reasoning, status completed is finish "stop" (else the status).
 * Same contract as chat_reply_parse. */
int chat_responses_parse(const char *body, size_t len, struct chat_reply *r, char *err,
			 size_t errlen);
/* A conversation of several turns: each answer goes back as the assistant
 * message, its first tool call gets the tool's result, then the user
 * speaks again. Everything is owned by the struct. */
struct chat_turns {
	cJSON *request;	 /* the probe's request; tools dropped once a turn says so */
	cJSON *messages; /* the conversation so far */
	cJSON *answer;	 /* the last answer, until the next turn takes it */
};

/* Starts from request's messages. Returns 0, or -1 when out of memory
 * (release t either way). */
int chat_turns_init(struct chat_turns *t, const cJSON *request);
/* Keeps r as the answer the next turn sends back. Returns 0 or -1. */
int chat_turns_answer(struct chat_turns *t, const struct chat_reply *r);
/* The next turn's body (caller frees): the last answer, tool_result for
 * its first call (when both are there), then user (when not NULL); the
 * tools go unless keep_tools. NULL with err when there is no answer to
 * continue from or memory ran out. */
char *chat_turns_next(struct chat_turns *t, const char *tool_result, const char *user,
		      bool keep_tools, const struct chat_settings *s, char *err, size_t errlen);
void chat_turns_release(struct chat_turns *t);
#define CHAT_STREAM_MAX_EVENTS 100000
#define CHAT_STREAM_MAX_LINE   (8u << 20)

/* What a streamed answer showed besides the answer itself. Times are
 * seconds since the request started; -1 when not seen. */
struct stream_stats {
	size_t events;		 /* data events, [DONE] included */
	int done;		 /* data: [DONE] arrived */
	double ttft;		 /* first token: content or reasoning */
	double ttfc;		 /* first visible content */
	double t_last;		 /* last token */
	size_t token_events;	 /* events that carried a token */
	double itl_p50, itl_p95; /* inter-token latency */
	double decode_tps;	 /* completion tokens per second after the first */
	double prefill_tps;	 /* prompt tokens per second until the first token */
};

struct http_mark;

/* Reassembles a streamed chat completion (SSE body) into r: content,
 * reasoning under either name, tool calls by index (id and name from the
 * first fragment, arguments concatenated), finish reason, the usage chunk.
 * marks (may be NULL) time the events. Returns 0; -2 with the endpoint's
 * message in err when the stream carried an error object; -1 with the
 * reason when it could not be read. The reply and stats are filled as far
 * as the stream went, and r must be released. */
int chat_stream_parse(const char *body, size_t len, const struct http_mark *marks, size_t n_marks,
		      struct chat_reply *r, struct stream_stats *st, char *err, size_t errlen);

/* Parses a chat completion body. Returns 0, or -1 with the reason in err
 * (not JSON, no choices, no message). The reply is filled either way and
 * must be released. */
int chat_reply_parse(const char *body, size_t len, struct chat_reply *r, char *err, size_t errlen);
void chat_reply_release(struct chat_reply *r);

#endif
