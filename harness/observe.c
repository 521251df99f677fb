/* SPDX-License-Identifier: Apache-2.0 */
/* observe — exchanges into observations; see observe.h. */
#include "observe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "apierror.h"
#include "buf.h"
#include "text.h"

#define EXCERPT_CHARS	200
#define TOOL_ARGS_CHARS 120

/* A context overflow in the engine's numbers only: its window, and the
 * prompt as it counted it or the total it says the request needs. */
static char *overflow_detail(long status, const struct api_error *ae, long max_tokens,
			     const char *msg)
{
	if (ae->ctx_limit > 0 && ae->ctx_prompt > 0)
		return buf_strdupf(
			"HTTP %ld: the endpoint's context is %ld tokens; the prompt alone "
			"is %ld tokens as it counts them, and %ld more were asked for "
			"the answer: %s",
			status, ae->ctx_limit, ae->ctx_prompt, max_tokens, msg);
	if (ae->ctx_limit > 0 && ae->ctx_requested > 0)
		return buf_strdupf("HTTP %ld: the endpoint's context is %ld tokens; it says the "
				   "request needs %s%ld with the answer: %s",
				   status, ae->ctx_limit, ae->ctx_at_least ? "at least " : "",
				   ae->ctx_requested, msg);
	if (ae->ctx_limit > 0)
		return buf_strdupf("HTTP %ld: the endpoint's context is %ld tokens: %s", status,
				   ae->ctx_limit, msg);
	return buf_strdupf("HTTP %ld: %s", status, msg);
}

/* a non-2xx answer: the cause from the status and the error body */
static void observe_status(const struct observe_ctx *ctx, const struct http_exchange *x,
			   struct observation *o, struct observe_extra *extra)
{
	struct api_error ae;
	const char *msg;

	apierror_parse(buf_cstr(&x->response), x->response.len, &ae);
	o->error = ae.message;
	ae.message = NULL;
	extra->error_shape = ae.shape;
	msg = o->error ? o->error : "";
	o->cause = diagnose_status(x->status, ae.context_overflow, ae.json);
	o->context.status = x->status;
	if (o->cause == CAUSE_CONTEXT_OVERFLOW) {
		extra->window = ae.ctx_limit > 0 ? ae.ctx_limit : 0;
		if (ae.ctx_prompt > 0)
			o->prompt_tokens = ae.ctx_prompt; /* the engine's own count */
		o->detail = overflow_detail(x->status, &ae, ctx->it->max_tokens, msg);
	} else if (o->cause == CAUSE_REQUEST_REJECTED) {
		o->detail = buf_strdupf("HTTP %ld: the server refused the request preflight sent: "
					"%s%s%s",
					x->status, msg, ctx->sent_extra ? "; it carried " : "",
					ctx->sent_extra ? ctx->sent_extra : "");
	} else if (o->cause == CAUSE_HTTP_REDIRECT) {
		o->detail = buf_strdupf("HTTP %ld: a redirect%s%s", x->status,
					x->location[0] ? " to " : "", x->location);
	} else if (x->status == 404 && endpoint_serves_other(ctx->ep, ctx->model)) {
		char *list = endpoint_models_text(ctx->ep);

		o->detail = buf_strdupf("HTTP 404: %s (the endpoint serves: %s)", msg,
					list ? list : "");
		free(list);
	} else {
		o->detail = buf_strdupf("HTTP %ld: %s", x->status, msg);
	}
	apierror_release(&ae);
}

/* The answer of a 2xx exchange into reply. Returns 0, or -1 with the
 * observation's cause set (a stream or body that could not be read). */
static int read_reply(const struct observe_ctx *ctx, const struct http_exchange *x,
		      struct chat_reply *reply, struct observation *o)
{
	const char *body = buf_cstr(&x->response);
	char err[256];
	enum reply_result rc;

	if (ctx->stream) {
		o->streamed = true;
		rc = ctx->it->probe->api == API_RESPONSES
			     ? reply_responses_stream_parse(body, x->response.len, x->marks,
							    x->n_marks, reply, &o->stream, err,
							    sizeof(err))
			     : reply_stream_parse(body, x->response.len, x->marks, x->n_marks,
						  reply, &o->stream, err, sizeof(err));
		if (rc == REPLY_OK)
			return 0;
		o->cause = rc == REPLY_ERROR_EVENT ? CAUSE_HTTP_ERROR : CAUSE_MALFORMED_RESPONSE;
		o->error = xstrdup(err);
		o->detail = buf_strdupf("%s (after %zu events)", err, o->stream.events);
		return -1;
	}
	rc = ctx->it->probe->api == API_RESPONSES
		     ? reply_responses_parse(body, x->response.len, reply, err, sizeof(err))
		     : reply_parse(body, x->response.len, reply, err, sizeof(err));
	if (rc == REPLY_OK)
		return 0;
	o->cause = CAUSE_MALFORMED_RESPONSE;
	o->error = text_excerpt(body, x->response.len, EXCERPT_CHARS, true);
	o->detail = buf_strdupf("%s; body starts '%s'", err, o->error ? o->error : "");
	return -1;
}

/* A Responses reply whose output reached max_output_tokens was cut there,
 * whatever its status says (llama.cpp answers "completed"). */
static void budget_reached(const struct observe_ctx *ctx, struct chat_reply *reply)
{
	if (ctx->it->probe->api != API_RESPONSES || ctx->it->max_tokens <= 0 ||
	    reply->completion_tokens < ctx->it->max_tokens)
		return;
	free(reply->finish_reason);
	reply->finish_reason = xstrdup("length");
}

/* What a read reply showed, into o: the one place an observation is
 * filled from a reply, for a probe's answer and a check's alike. */
static void observe_reply(const struct chat_reply *reply, struct observation *o)
{
	o->finish_reason = xstrdup(reply->finish_reason);
	o->content_excerpt = text_excerpt(reply->content, reply->content_len, EXCERPT_CHARS, false);
	o->content_chars = text_chars(reply->content, reply->content_len);
	o->reasoning_excerpt =
		text_excerpt(reply->reasoning, reply->reasoning_len, EXCERPT_CHARS, false);
	o->reasoning_chars = text_chars(reply->reasoning, reply->reasoning_len);
	o->reasoning_field = reply->reasoning_field;
	o->prompt_tokens = reply->prompt_tokens;
	o->completion_tokens = reply->completion_tokens;
	o->reasoning_tokens = reply->reasoning_tokens;
	o->n_tool_calls = reply->n_calls;
	if (reply->n_calls) {
		const struct tool_call *c = &reply->calls[0];
		const char *args = c->arguments ? c->arguments : "";
		char *ex = text_excerpt(args, strlen(args), TOOL_ARGS_CHARS, true);

		o->tool = buf_strdupf("%s(%s)", c->name ? c->name : "", ex ? ex : "");
		free(ex);
	}
}

/* a read answer, graded against xp under pol, into o */
static void observe_answer(const struct observe_ctx *ctx, const struct expect *xp,
			   const struct grade_policy *pol, const struct chat_reply *reply,
			   struct observation *o, struct observe_extra *extra)
{
	struct grade g;

	grade_answer(xp, pol, reply, ctx->stream ? &o->stream : NULL, &g);
	o->graded = true;
	o->pass = g.pass;
	o->recalled = g.recalled;
	o->asked = g.asked;
	o->cause = g.cause;
	o->detail = xstrdup(g.detail);
	o->context.recall = g.recall;
	snprintf(o->context.pattern, sizeof(o->context.pattern), "%s", g.pattern);
	observe_reply(reply, o);
	if (g.json_keys[0])
		extra->json_keys = xstrdup(g.json_keys);
}

/* a transport failure: its cause and libcurl's words */
static void observe_transport(const struct http_exchange *x, struct observation *o)
{
	o->cause = diagnose_outcome(x->outcome);
	o->error = text_excerpt(x->error, strlen(x->error), EXCERPT_CHARS, true);
	o->detail = xstrdup(o->error ? o->error : "");
}

void observe_exchange(const struct observe_ctx *ctx, const struct expect *xp,
		      const struct grade_policy *pol, const struct http_exchange *x,
		      struct observation *o, struct chat_turns *turns, struct observe_extra *extra)
{
	struct chat_reply reply;

	memset(&reply, 0, sizeof(reply));
	o->outcome = x->outcome;
	o->status = x->status;
	o->seconds = x->seconds;
	if (x->outcome != HTTP_DONE) {
		observe_transport(x, o);
		return;
	}
	if (x->status < 200 || x->status >= 300) {
		observe_status(ctx, x, o, extra);
		return;
	}
	if (read_reply(ctx, x, &reply, o) == 0) {
		budget_reached(ctx, &reply);
		observe_answer(ctx, xp, pol, &reply, o, extra);
		if (turns)
			chat_turns_answer(turns, &reply);
		extra->fingerprint = text_clean_line(reply.fingerprint);
	}
	reply_release(&reply);
}

void observe_check_answer(const struct observe_ctx *ctx, const struct http_exchange *x,
			  const struct conform_answer *a, struct observation *o)
{
	struct observe_extra extra = { NULL, NULL, ERROR_SHAPE_OTHER, 0 };

	o->outcome = x->outcome;
	o->status = x->status;
	o->seconds = x->seconds;
	o->streamed = a->stream;
	if (x->outcome != HTTP_DONE) {
		observe_transport(x, o);
		return;
	}
	if (x->status < 200 || x->status >= 300) {
		observe_status(ctx, x, o, &extra);
		return;
	}
	o->stream = a->st;
	o->graded = a->read;
	observe_reply(&a->r, o);
	if (!a->read)
		o->detail = xstrdup(a->why);
}
