/* SPDX-License-Identifier: Apache-2.0 */
/* observe — one finished exchange into one observation.
 *
 * A transport failure becomes its cause (diagnose_outcome); a status
 * outside 2xx its cause with the engine's own message (diagnose_status,
 * apierror), with the numbers of a context overflow and the models served
 * after a 404; a 2xx body is read as the request asked (whole, streamed,
 * Responses) and graded (grade); a conformance check's answer, read by
 * conform.h and judged with its siblings there, is observed the same way.
 * An observation is filled from a reply in one place. Never sends, never
 * prints. */
#ifndef PREFLIGHT_OBSERVE_H
#define PREFLIGHT_OBSERVE_H

#include <stdbool.h>

#include "apierror.h"
#include "chat.h"
#include "conform.h"
#include "endpoint.h"
#include "grade.h"
#include "http.h"
#include "plan.h"
#include "result.h"

/* what an exchange is read against */
struct observe_ctx {
	const struct plan_item *it; /* the item the request belongs to */
	bool stream;		    /* the request asked for a stream */
	const struct endpoint *ep;  /* the models it serves, for a 404 */
	const char *model;	    /* the model asked for */
	const char *sent_extra; /* what the user added to the body (--extra-body ...), or NULL */
};

/* what an answer told besides its observation; owned by the caller */
struct observe_extra {
	char *fingerprint;	      /* system_fingerprint, cleaned, or NULL */
	char *json_keys;	      /* the JSON object's keys, when one parsed, or NULL */
	enum error_shape error_shape; /* an error body's envelope, OTHER when none */
	long window;		      /* the context a context error states, 0 none */
};

/* Fills o from x (o is fresh from probe_result_add_obs); an answer is
 * graded against xp under pol and, when turns is not NULL, becomes the
 * answer the conversation goes on from. */
void observe_exchange(const struct observe_ctx *ctx, const struct expect *xp,
		      const struct grade_policy *pol, const struct http_exchange *x,
		      struct observation *o, struct chat_turns *turns, struct observe_extra *extra);

/* Fills o from exchange x, a conformance check's answer a (read by
 * conform_answer_read): a transport failure or a refusal as a probe's, else
 * what the reply showed. Not graded: conform_judge judges the answers. */
void observe_check_answer(const struct observe_ctx *ctx, const struct http_exchange *x,
			  const struct conform_answer *a, struct observation *o);

#endif
