/* SPDX-License-Identifier: Apache-2.0 */
/* chat — every request body preflight sends.
 *
 * Chat completions (model, messages, budget, thinking controls, extra
 * fields, a haystack as the last user message, media as data: URLs), the
 * Responses API, the /tokenize twin of a chat request, and the turns of a
 * conversation. Replies are read by reply.h. cJSON stays inside this
 * module's .c file except for the request template a probe hands in.
 * Never prints. */
#ifndef PREFLIGHT_CHAT_H
#define PREFLIGHT_CHAT_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "reply.h"

enum thinking_mode {
	THINKING_DEFAULT = 0, /* send nothing; the template decides */
	THINKING_ENABLED,     /* chat_template_kwargs.enable_thinking = true */
	THINKING_DISABLED,    /* chat_template_kwargs.enable_thinking = false */
	THINKING_UNSUPPORTED, /* the model has no switch; send nothing */
};

const char *thinking_mode_name(enum thinking_mode m);

struct chat_settings {
	const char *model;	  /* borrowed */
	long max_tokens;	  /* completion budget */
	const char *budget_field; /* static; the field it goes in, NULL: "max_tokens" */
	enum thinking_mode thinking;
	const char *reasoning_effort;	   /* borrowed; NULL = not sent */
	const cJSON *chat_template_kwargs; /* borrowed; merged */
	const cJSON *extra_body;	   /* borrowed; merged last */
	bool stream;			   /* stream: true, with the usage chunk */
	bool running_usage;		   /* and a running count on every chunk (vLLM, SGLang) */
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

/* The Responses API (/v1/responses): request is a probe's request with a
 * string "input"; the budget goes in max_output_tokens. Returns a string
 * the caller frees, or NULL with the reason. */
char *chat_responses_body(const cJSON *request, const struct chat_settings *s, char *err,
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

/* What the user adds to every body (--extra-body, --chat-template-kwargs)
 * as one line to quote when a server refuses a request, or NULL when
 * nothing is added; caller frees. */
char *chat_extras_text(const cJSON *extra_body, const cJSON *chat_template_kwargs);

/* The "function" object of request's tool called name, or NULL. */
const cJSON *chat_find_tool(const cJSON *request, const char *name);

#endif
