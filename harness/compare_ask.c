/* SPDX-License-Identifier: Apache-2.0 */
/* compare_ask — compare's two sides found and asked: each prompt to the
 * reference twice and to the candidate once, greedy, with its top
 * alternatives, both sides at once; the answers read and compared position
 * by position (drift.h), the reasoning apart; the pairs that diverged handed
 * to compare_realign.c. See compare.h. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "apierror.h"
#include "buf.h"
#include "chat.h"
#include "compare.h"
#include "drift.h"
#include "endpoint.h"
#include "engine.h"
#include "http.h"
#include "reply.h"
#include "text.h"

/* --- the two sides --------------------------------------------------------------- */

void compare_side_setup(struct side *s, const struct config *c, const char *label, const char *url,
			const char *model, const char *key, const volatile sig_atomic_t *stop)
{
	s->label = label;
	s->url = url;
	s->model = model;
	s->thinking = c->thinking;
	s->chat_template_kwargs = c->chat_template_kwargs;
	s->extra_body = c->extra_body;
	s->budget = (struct http_budget)HTTP_BUDGET_INIT((size_t)c->max_run_bytes);
	s->http = (struct http_options){
		.api_key = key && *key ? key : NULL,
		.timeout = c->timeout,
		.max_body = (size_t)c->max_body,
		.cancel = stop,
		.budget = &s->budget,
		.cacert = c->cacert,
		.insecure = c->insecure,
		.max_parallel = c->concurrency,
		.retries = c->retries,
		.retry_wait_max = c->retry_wait_max,
	};
}

/* GET /models and the model to ask. Returns 0, or -1 with the reason. */
int compare_side_discover(struct side *s, char *err, size_t errlen)
{
	enum cause cause = CAUSE_NONE;
	char detail[768] = "";
	char *list;

	if (endpoint_discover(&s->ep, &s->http, &cause, detail, sizeof(detail)) != ENDPOINT_READY) {
		snprintf(err, errlen, "the %s (%s) cannot be used: %s", s->label, s->url, detail);
		return -1;
	}
	s->scoring = engine_info(s->ep.engine) ? engine_info(s->ep.engine)->scoring : SCORING_NONE;
	s->scores = s->scoring != SCORING_NONE;
	if (s->model)
		return 0;
	if (s->ep.n_models == 1) {
		s->model = s->ep.models[0];
		return 0;
	}
	list = endpoint_models_text(&s->ep);
	snprintf(err, errlen,
		 s->ep.n_models ? "the %s (%s) serves several models (%s): choose one with %s"
				: "the %s (%s) lists no model%s: pass %s",
		 s->label, s->url, s->ep.n_models ? (list ? list : "") : "",
		 strcmp(s->label, "reference") ? "--model" : "--reference-model");
	free(list);
	return -1;
}

/* --- asking ------------------------------------------------------------------------ */

/* the reference's text so far as the answer to continue: the last
 * message an assistant's (llama.cpp and Ollama continue it; vLLM and
 * SGLang when told, continue_final_message). 0, or -1 out of memory. */
int compare_prefill_add(cJSON *req, const struct side *s, const char *prefill)
{
	cJSON *m = cJSON_CreateObject();
	bool tell = s->ep.engine == ENGINE_VLLM || s->ep.engine == ENGINE_SGLANG;

	if (!m || !cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(req, "messages"), m)) {
		cJSON_Delete(m);
		return -1;
	}
	if (!cJSON_AddStringToObject(m, "role", "assistant") ||
	    !cJSON_AddStringToObject(m, "content", prefill))
		return -1;
	if (tell && (!cJSON_AddBoolToObject(req, "continue_final_message", 1) ||
		     !cJSON_AddBoolToObject(req, "add_generation_prompt", 0)))
		return -1;
	return 0;
}

/* The body of req (taken: deleted here) on side s: greedy (temperature 0,
 * seed 0), tokens at most, the side's model, thinking and extra settings.
 * Caller frees; NULL with err. */
char *compare_body_greedy(const struct comparison *x, const struct side *s, cJSON *req, long tokens,
			  char *err, size_t errlen)
{
	struct chat_settings cs = {
		.model = s->model,
		.max_tokens = tokens,
		.thinking = s->thinking,
		.reasoning_effort = x->c->reasoning_effort,
		.chat_template_kwargs = s->chat_template_kwargs,
		.extra_body = s->extra_body,
	};
	char *body = NULL;

	if (req && cJSON_AddNumberToObject(req, "temperature", 0) &&
	    cJSON_AddNumberToObject(req, "seed", 0))
		body = chat_body_build(req, NULL, &cs, err, errlen);
	else
		snprintf(err, errlen, "out of memory");
	cJSON_Delete(req);
	return body;
}

/* the body for prompt p on side s (a prefill to continue, or NULL): greedy,
 * the top alternatives, the run's thinking and extra settings. Caller
 * frees; NULL with err. */
char *compare_body_for(const struct comparison *x, const struct side *s, const struct prompt *p,
		       const char *prefill, long tokens, char *err, size_t errlen)
{
	cJSON *req = cJSON_Duplicate(p->request, 1);

	if (req && prefill && compare_prefill_add(req, s, prefill)) {
		cJSON_Delete(req);
		req = NULL;
	}
	if (req && (!cJSON_AddBoolToObject(req, "logprobs", 1) ||
		    !cJSON_AddNumberToObject(req, "top_logprobs", x->c->top_logprobs))) {
		cJSON_Delete(req);
		req = NULL;
	}
	return compare_body_greedy(x, s, req, tokens, err, errlen);
}

static void *perform(void *arg)
{
	struct batch *b = arg;

	b->rc = http_perform(b->x, b->n, &b->side->http);
	return NULL;
}

/* why an exchange gave no answer to compare, or "" when it did (p read) */
/* Did the exchange bring no reply to read: it failed, or the endpoint
 * answered an error status? Then true with the reason in why; else false,
 * why empty. */
bool compare_exchange_failed(const struct http_exchange *x, char *why, size_t n)
{
	struct api_error e;

	*why = '\0';
	if (x->outcome != HTTP_DONE) {
		snprintf(why, n, "%s: %s", http_outcome_name(x->outcome), x->error);
	} else if (x->status != 200) {
		apierror_parse(x->response.data, x->response.len, &e);
		snprintf(why, n, "HTTP %ld: %s", x->status, e.message ? e.message : "");
		apierror_release(&e);
	}
	return *why != '\0';
}

void compare_answer_read(struct side *s, const struct http_exchange *x, struct drift_path *p,
			 char *why, size_t n)
{
	char err[512];

	if (compare_exchange_failed(x, why, n)) {
		/* why says it */
	} else if (reply_logprobs(x->response.data, x->response.len, p, err, sizeof(err))) {
		snprintf(why, n, "%s", err);
	} else {
		size_t i;

		s->reasoning |= p->reasoning;
		for (i = 0; i < p->n; i++)
			if ((int)p->pos[i].n_top > s->k_seen)
				s->k_seen = (int)p->pos[i].n_top;
	}
	if (*why) {
		char *clean = text_excerpt(why, strlen(why), 300, true);

		snprintf(why, n, "%s", clean ? clean : "");
		free(clean);
	}
}

/* a prompt side s could not answer: counted, the first reason kept */
static void side_failed(struct side *s, const char *why)
{
	if (!s->errors++)
		snprintf(s->first_error, sizeof(s->first_error), "%s", why);
}

/* the chosen token at the first divergence, cleaned for reports */
static char *token_at(const struct drift_path *p, long at)
{
	if (at < 0 || (size_t)at >= p->n)
		return NULL;
	return text_excerpt(p->pos[at].token, strlen(p->pos[at].token), 40, true);
}

/* the reference's answer before position at, its last BEFORE_MAX bytes
 * (from a character's start), cleaned for reports; NULL when none */
static char *text_before(const struct drift_path *p, long at)
{
	struct buf b = BUF_INIT(0);
	const char *s;
	char *out;

	if (at > 0)
		(void)drift_path_text(p, 0, (size_t)at, &b); /* short of memory: less of it */
	if (!b.len) {
		buf_release(&b);
		return NULL;
	}
	s = b.data + (b.len > BEFORE_MAX ? b.len - BEFORE_MAX : 0);
	while (s > b.data && ((unsigned char)*s & 0xC0) == 0x80)
		s--; /* not from inside a character */
	out = text_excerpt(s, b.len - (size_t)(s - b.data), BEFORE_MAX + 4, true);
	buf_release(&b);
	return out;
}

/* A thinking answer's reasoning (the reference's first r positions)
 * compared apart from its answer: its figures kept in m->reasoning. Returns
 * true (m->error set) when the answers cannot be compared position by
 * position after it: the sides parted inside the reasoning, or the answer
 * had not started within the tokens asked. */
static bool reasoning_apart(struct compared *m, const struct drift_path *a,
			    const struct drift_path *cand, long r)
{
	size_t ra = (size_t)r < a->n ? (size_t)r : a->n,
	       rc = (size_t)r < cand->n ? (size_t)r : cand->n;

	if (drift_prompt(a->pos, ra, cand->pos, rc, &m->reasoning)) {
		memset(&m->reasoning, 0, sizeof(m->reasoning));
		m->reasoning_positions = 0;
		return false;
	}
	if (m->reasoning.first_divergence >= 0)
		m->error =
			buf_strdupf("the answers parted inside the reasoning (token %ld of %ld): "
				    "what follows is not compared position by position",
				    m->reasoning.first_divergence, r);
	else if ((size_t)r >= a->n || (size_t)r >= cand->n)
		m->error = buf_strdupf("the answer had not started within the %zu tokens asked "
				       "(%ld of reasoning)",
				       a->n, r);
	return m->error != NULL;
}

/* compares prompt i from its three answers */
static void compare_one(struct comparison *x, size_t i, struct drift_path *a, struct drift_path *b,
			struct drift_path *cand, const char *why_a, const char *why_b,
			const char *why_c)
{
	struct compared *m = &x->cmp[i];
	long r;

	m->ref_tokens = a->prompt_tokens;
	m->cand_tokens = cand->prompt_tokens;
	m->ref_sampled = drift_path_sampled(a, &m->ref_listed);
	m->cand_sampled = drift_path_sampled(cand, &m->cand_listed);
	if (*why_a || *why_c) {
		m->error = buf_strdupf("%s: %s", *why_a ? "reference" : "candidate",
				       *why_a ? why_a : why_c);
		return;
	}
	r = a->reasoning ? a->reasoning_positions : 0;
	m->reasoning_positions = r;
	if (r > 0 && reasoning_apart(m, a, cand, r))
		return;
	if (r < 0)
		r = 0; /* not told apart: compared with the answer, and the report says so */
	if (drift_prompt(a->pos + r, a->n - (size_t)r, cand->pos + r, cand->n - (size_t)r,
			 &m->drift)) {
		m->error = buf_strdupf("no position could be compared (a side listed no "
				       "alternatives)");
		return;
	}
	if (m->drift.first_divergence >= 0)
		m->drift.first_divergence += r; /* counted from the answer's start */
	/* the floor may be missing alone: a second answer that failed, or one
	 * that parted from the first inside its reasoning */
	if (*why_b || (size_t)r >= b->n ||
	    (r && drift_prompt(a->pos, (size_t)r, b->pos, (size_t)r, &m->floor)) ||
	    (r && m->floor.first_divergence >= 0) ||
	    drift_prompt(a->pos + r, a->n - (size_t)r, b->pos + r, b->n - (size_t)r, &m->floor))
		memset(&m->floor, 0, sizeof(m->floor));
	else if (m->floor.first_divergence >= 0)
		m->floor.first_divergence += r;
	m->ref_at = token_at(a, m->drift.first_divergence);
	m->cand_at = token_at(cand, m->drift.first_divergence);
	m->before = text_before(a, m->drift.first_divergence);
	m->done = true;
}

/* Reads and compares the answers to prompts [from, from + n): rx holds
 * the reference's two answers to each, cx the candidate's. */
static void read_chunk(struct comparison *x, const size_t *idx, size_t n,
		       const struct http_exchange *rx, const struct http_exchange *cx)
{
	size_t i;

	for (i = 0; i < n; i++) {
		size_t k = idx[i];
		struct drift_path a, b, c;
		char wa[512], wb[512], wc[512];

		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		memset(&c, 0, sizeof(c));
		compare_answer_read(&x->ref, &rx[2 * i], &a, wa, sizeof(wa));
		compare_answer_read(&x->ref, &rx[2 * i + 1], &b, wb, sizeof(wb));
		compare_answer_read(&x->cand, &cx[i], &c, wc, sizeof(wc));
		if (*wa)
			side_failed(&x->ref, wa);
		if (*wc)
			side_failed(&x->cand, wc);
		compare_one(x, k, &a, &b, &c, wa, wb, wc);
		if (x->cmp[k].done && !a.reasoning && !b.reasoning && !c.reasoning) {
			compare_pending_add(x, k, false, &a, x->cmp[k].drift.first_divergence, 0);
			if (x->cmp[k].floor.positions)
				compare_pending_add(x, k, true, &a,
						    x->cmp[k].floor.first_divergence, 0);
		}
		drift_path_release(&a);
		drift_path_release(&b);
		drift_path_release(&c);
	}
}

/* both sides' exchanges at once, each side at its own concurrency: 0, or
 * -1 when they could not even be set up */
int compare_perform_both(struct batch *rb, struct batch *cb)
{
	pthread_t t;
	bool threaded = !pthread_create(&t, NULL, perform, rb);

	if (!threaded)
		perform(rb);
	perform(cb);
	if (threaded)
		pthread_join(t, NULL);
	return rb->rc || cb->rc ? -1 : 0;
}

int compare_round_init(struct round *r, size_t n)
{
	r->n = n;
	r->rx = xcalloc(2 * n, sizeof(*r->rx));
	r->cx = xcalloc(n, sizeof(*r->cx));
	r->bodies = xcalloc(2 * n, sizeof(char *));
	return r->rx && r->cx && r->bodies ? 0 : -1;
}

void compare_round_release(struct round *r)
{
	size_t i;

	for (i = 0; r->rx && i < 2 * r->n; i++)
		http_exchange_release(&r->rx[i]);
	for (i = 0; r->cx && i < r->n; i++)
		http_exchange_release(&r->cx[i]);
	for (i = 0; r->bodies && i < 2 * r->n; i++)
		free(r->bodies[i]);
	free(r->rx);
	free(r->cx);
	free(r->bodies);
}

/* true when sending n more requests would pass --max-requests */
bool compare_over_cap(const struct comparison *x, size_t n)
{
	return x->c->max_requests > 0 && x->requests + n > (size_t)x->c->max_requests;
}

/* --- the chunks -------------------------------------------------------------------- */

/* Asks prompts [from, to) of both sides and compares them. Returns 0, or
 * -1 when the requests could not even be set up (x->why says why). */
int compare_chunk_ask(struct comparison *x, size_t from, size_t to)
{
	size_t n = 0, i, idx[COMPARE_CHUNK_MAX];
	struct round r;
	char ref_url[4096], cand_url[4096], err[512];
	int rc = -1, bad;
	struct http_exchange *rx, *cx;
	char **bodies;
	struct batch rb, cb;

	for (i = from; i < to; i++) /* a prompt --resume brought is not asked again */
		if (!x->cmp[i].done)
			idx[n++] = i;
	if (!n)
		return 0;
	bad = compare_round_init(&r, n);
	rx = r.rx;
	cx = r.cx;
	bodies = r.bodies;
	rb = (struct batch){ &x->ref, rx, 2 * n, 0 };
	cb = (struct batch){ &x->cand, cx, n, 0 };
	if (bad) {
		snprintf(x->why, sizeof(x->why), "out of memory");
		goto out;
	}
	snprintf(ref_url, sizeof(ref_url), "%s/chat/completions", x->ref.ep.base);
	snprintf(cand_url, sizeof(cand_url), "%s/chat/completions", x->cand.ep.base);
	for (i = 0; i < n; i++) {
		const struct prompt *p = &x->corpus.p[idx[i]];

		if (!(bodies[2 * i] = compare_body_for(x, &x->ref, p, NULL, x->c->compare_tokens,
						       err, sizeof(err))) ||
		    !(bodies[2 * i + 1] = compare_body_for(
			      x, &x->cand, p, NULL, x->c->compare_tokens, err, sizeof(err)))) {
			snprintf(x->why, sizeof(x->why), "%s", err);
			goto out;
		}
		rx[2 * i] = (struct http_exchange){ .url = ref_url, .body = bodies[2 * i] };
		rx[2 * i + 1] = rx[2 * i]; /* the floor: the same request again */
		cx[i] = (struct http_exchange){ .url = cand_url, .body = bodies[2 * i + 1] };
	}
	x->requests += 3 * n;
	if (compare_perform_both(&rb, &cb)) {
		snprintf(x->why, sizeof(x->why), "the requests could not be set up: %s",
			 rb.rc ? rx[0].error : cx[0].error);
		goto out;
	}
	read_chunk(x, idx, n, rx, cx);
	compare_pending_realign(x, ref_url, cand_url);
	rc = 0;
out:
	compare_round_release(&r);
	return rc;
}
