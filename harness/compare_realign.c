/* SPDX-License-Identifier: Apache-2.0 */
/* compare_realign — compare's pairs after a divergence. There the two
 * contexts part; the candidate is measured on along the reference's own
 * text: where both sides can score a given text (vLLM's prompt_logprobs;
 * SGLang's prompt token ids, then /generate's input logprobs) the
 * reference's whole answer is scored on each side (teacher forcing), else
 * both continue the reference's text through the divergence greedily, up
 * to --realign rounds. See compare.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "compare.h"
#include "drift.h"
#include "engine.h"
#include "http.h"
#include "reply.h"
#include "text.h"

/* --- re-alignment ------------------------------------------------------------------- */

/* a token that shows a character split between tokens as U+FFFD (vLLM
 * names such a token by the replacement character, not its bytes): its text
 * is not the reference's */
static bool replaced(const char *token)
{
	return strstr(token, "\xEF\xBF\xBD") != NULL;
}

/* the reference's tokens [0, upto] appended to b as text: 0, or -1 when
 * that text is not the reference's whole UTF-8 (a character split between
 * tokens, or shown replaced) */
static int append_tokens(struct buf *b, const struct drift_path *ref, long upto)
{
	long i;

	for (i = 0; i <= upto && (size_t)i < ref->n; i++)
		if (replaced(ref->pos[i].token))
			return -1;
	if (upto >= 0 && drift_path_text(ref, 0, (size_t)upto + 1, b))
		return -1;
	return text_valid_utf8(b->data ? b->data : "", b->len) ? 0 : -1;
}

/* How many of the reference's leading tokens a scoring request can send as
 * the answer to continue: their text whole UTF-8, none shown replaced, and
 * not ending in white space (a chat template strips the last message's,
 * transformers' continue_final_message among them). */
static size_t score_upto(const struct drift_path *ref)
{
	struct buf b = BUF_INIT(0);
	size_t n = 0, i;

	for (i = 0; i < ref->n && !replaced(ref->pos[i].token); i++) {
		if (buf_puts(&b, ref->pos[i].token))
			break;
		if (b.len && !strchr(" \t\r\n", b.data[b.len - 1]) &&
		    text_valid_utf8(b.data, b.len))
			n = i + 1;
	}
	buf_release(&b);
	return n;
}

/* A pair that diverged at `at` (of the stretch starting at offset) with
 * tokens left is re-aligned: both sides get the reference's text through
 * the divergence. pend may be an existing one (grown), or NULL (added). */
void compare_pending_add(struct comparison *x, size_t prompt, bool floor,
			 const struct drift_path *ref, long at, long offset)
{
	struct pending *grown, p = { .prompt = prompt, .floor = floor, .prefix = BUF_INIT(0) };

	if (at < 0 || offset + at + 1 >= x->c->compare_tokens || !x->c->realign)
		return;
	if (append_tokens(&p.prefix, ref, at) ||
	    !(grown = realloc(x->pend, (x->n_pend + 1) * sizeof(*grown)))) {
		buf_release(&p.prefix);
		return;
	}
	if (x->ref.scores && (floor || x->cand.scores) &&
	    drift_path_head(ref, score_upto(ref), &p.answer))
		memset(&p.answer, 0, sizeof(p.answer)); /* short of memory: continued instead */
	p.offset = at + 1;
	x->pend = grown;
	x->pend[x->n_pend++] = p;
}

/* what one pending pair holds, released */
static void pend_drop(struct pending *p)
{
	buf_release(&p->prefix);
	drift_path_release(&p->answer);
	free(p->ids[0]);
	free(p->ids[1]);
	p->ids[0] = p->ids[1] = NULL;
}

static void pend_release(struct comparison *x)
{
	size_t i;

	for (i = 0; i < x->n_pend; i++)
		pend_drop(&x->pend[i]);
	free(x->pend);
	x->pend = NULL;
	x->n_pend = 0;
}

/* --- re-alignment, read ------------------------------------------------------------ */

/* Reads one pending pair's continuation and merges it; returns true when
 * the pair diverged again with tokens left (its prefix grown). */
static bool realign_read(struct comparison *x, struct pending *p, const struct http_exchange *a,
			 const struct http_exchange *b)
{
	struct compared *m = &x->cmp[p->prompt];
	struct drift_path pa, pb;
	struct drift_prompt seg;
	char wa[512], wb[512];
	bool again = false;

	memset(&pa, 0, sizeof(pa));
	memset(&pb, 0, sizeof(pb));
	compare_answer_read(&x->ref, a, &pa, wa, sizeof(wa));
	compare_answer_read(p->floor ? &x->ref : &x->cand, b, &pb, wb, sizeof(wb));
	if (*wa || *wb || drift_prompt(pa.pos, pa.n, pb.pos, pb.n, &seg)) {
		x->realign_failed++;
	} else {
		x->realigned++;
		drift_prompt_merge(p->floor ? &m->floor : &m->drift, &seg);
		again = seg.first_divergence >= 0 &&
			p->offset + seg.first_divergence + 1 < x->c->compare_tokens &&
			!append_tokens(&p->prefix, &pa, seg.first_divergence);
		p->offset += seg.first_divergence + 1;
	}
	drift_path_release(&pa);
	drift_path_release(&pb);
	return again;
}

/* the bodies and exchanges of one round: every pending pair's two */
static int realign_setup(struct comparison *x, struct http_exchange *rx, size_t *nr,
			 struct http_exchange *cx, size_t *nc, char **bodies, const char *ref_url,
			 const char *cand_url)
{
	char err[512];
	size_t i;

	*nr = *nc = 0;
	for (i = 0; i < x->n_pend; i++) {
		struct pending *p = &x->pend[i];
		const struct prompt *q = &x->corpus.p[p->prompt];
		long left = x->c->compare_tokens - p->offset;
		const char *text = buf_cstr(&p->prefix);

		if (!(bodies[2 * i] =
			      compare_body_for(x, &x->ref, q, text, left, err, sizeof(err))) ||
		    (!p->floor && !(bodies[2 * i + 1] = compare_body_for(x, &x->cand, q, text, left,
									 err, sizeof(err)))))
			return -1;
		p->a = *nr;
		rx[(*nr)++] = (struct http_exchange){ .url = ref_url, .body = bodies[2 * i] };
		if (p->floor) {
			p->b = *nr;
			rx[(*nr)++] =
				(struct http_exchange){ .url = ref_url, .body = bodies[2 * i] };
		} else {
			p->b = *nc;
			cx[(*nc)++] = (struct http_exchange){ .url = cand_url,
							      .body = bodies[2 * i + 1] };
		}
	}
	return 0;
}

/* One round for every pending pair; the ones that diverged again stay. */
static void realign_round(struct comparison *x, const char *ref_url, const char *cand_url)
{
	size_t n = x->n_pend, nr, nc, i, kept = 0;
	struct round r;
	struct batch rb = { &x->ref, NULL, 0, 0 }, cb = { &x->cand, NULL, 0, 0 };

	if (compare_round_init(&r, n) ||
	    realign_setup(x, r.rx, &nr, r.cx, &nc, r.bodies, ref_url, cand_url)) {
		x->realign_failed += n;
		pend_release(x);
		goto out;
	}
	rb = (struct batch){ &x->ref, r.rx, nr, 0 };
	cb = (struct batch){ &x->cand, r.cx, nc, 0 };
	x->requests += nr + nc;
	if (compare_perform_both(&rb, &cb)) {
		x->realign_failed += n;
		pend_release(x);
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct pending *p = &x->pend[i];

		if (realign_read(x, p, &r.rx[p->a], p->floor ? &r.rx[p->b] : &r.cx[p->b])) {
			x->pend[kept++] = *p;
		} else {
			pend_drop(p);
		}
	}
	x->n_pend = kept;
out:
	compare_round_release(&r);
}

/* --- re-alignment by scoring (teacher forcing) ------------------------------------ */

/* Where both sides of a pair can score a given text (vLLM's
 * prompt_logprobs), a pair that diverged is re-aligned in one request a
 * side: the reference's whole answer is sent as the answer to continue,
 * and each side's lists at every one of its positions come back at once,
 * each conditioned on the reference's text before it. Pairs a side could
 * not score stay pending, for the greedy continuation. */

/* The chat body that sends the reference's answer to side s as the
 * assistant's to continue, one token generated: asking its prompt_logprobs
 * and token ids (vLLM), or only the prompt's token ids (SGLang: the
 * /generate that scores them comes next). Caller frees; NULL with err. */
static char *score_body(const struct comparison *x, const struct side *s, const struct prompt *p,
			const struct drift_path *answer, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	cJSON *req = cJSON_Duplicate(p->request, 1);
	bool vllm = s->scoring == SCORING_PROMPT_LOGPROBS;

	if (drift_path_text(answer, 0, answer->n, &text) || !req ||
	    compare_prefill_add(req, s, buf_cstr(&text)) ||
	    (vllm && !cJSON_AddNumberToObject(req, "prompt_logprobs", x->c->top_logprobs)) ||
	    !cJSON_AddBoolToObject(req, vllm ? "return_token_ids" : "return_prompt_token_ids", 1)) {
		cJSON_Delete(req);
		req = NULL;
	}
	buf_release(&text);
	return compare_body_greedy(x, s, req, 1, err, errlen);
}

/* SGLang's /generate body scoring n prompt token ids whose last `answer`
 * are the reference's answer: the input logprobs and top lists from just
 * before it, one token generated. Caller frees; NULL out of memory. */
static char *generate_body(const struct comparison *x, const long *ids, size_t n, size_t answer)
{
	cJSON *o = cJSON_CreateObject(), *in = cJSON_AddArrayToObject(o, "input_ids"),
	      *sp = cJSON_AddObjectToObject(o, "sampling_params");
	char *body = NULL;
	size_t i;
	bool ok = in && sp && cJSON_AddNumberToObject(sp, "max_new_tokens", 1) &&
		  cJSON_AddNumberToObject(sp, "temperature", 0) &&
		  cJSON_AddBoolToObject(o, "return_logprob", 1) &&
		  cJSON_AddNumberToObject(o, "logprob_start_len",
					  n > answer ? (double)(n - answer - 1) : 0) &&
		  cJSON_AddNumberToObject(o, "top_logprobs_num", x->c->top_logprobs) &&
		  cJSON_AddBoolToObject(o, "return_text_in_logprobs", 1);

	for (i = 0; ok && i < n; i++)
		ok = cJSON_AddItemToArray(in, cJSON_CreateNumber((double)ids[i]));
	if (ok)
		body = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return body;
}

/* is pending pair p one to score: an answer kept, positions after its
 * divergence, both its sides still scoring */
static bool to_score(const struct comparison *x, const struct pending *p)
{
	return !p->score_tried && p->answer.n > (size_t)p->offset && x->ref.scores &&
	       (p->floor || x->cand.scores);
}

/* side s will not be asked to score again, for this reason */
static void score_refuse(struct side *s, const char *why)
{
	char *clean = text_excerpt(why, strlen(why), 300, true);

	s->scores = false;
	snprintf(s->score_refused, sizeof(s->score_refused), "%s", clean ? clean : "");
	free(clean);
}

/* After a scoring exchange that failed (rc, why): a side that refused the
 * asking (a 4xx, or a reply without what was asked) is not asked again. */
static void score_failed(struct side *s, const struct http_exchange *e, enum reply_result rc,
			 const char *why)
{
	if (s->scores && (rc == REPLY_NOT_OFFERED || (e->status >= 400 && e->status < 500)))
		score_refuse(s, why);
}

/* One side's scores of a pair (slot 0: the reference's) read into out:
 * true when read. */
static bool score_of(struct comparison *x, struct side *s, const struct http_exchange *e,
		     const struct pending *p, int slot, struct drift_path *out)
{
	char why[512], err[512];
	enum reply_result rc = REPLY_UNREADABLE;

	memset(out, 0, sizeof(*out));
	if (!compare_exchange_failed(e, why, sizeof(why))) {
		rc = s->scoring == SCORING_INPUT_LOGPROBS
			     ? reply_input_logprobs(e->response.data, e->response.len, &p->answer,
						    x->c->top_logprobs, !slot, out, err,
						    sizeof(err))
			     : reply_prompt_logprobs(e->response.data, e->response.len, &p->answer,
						     x->c->top_logprobs, !slot, out, err,
						     sizeof(err));
		snprintf(why, sizeof(why), "%s", rc == REPLY_OK ? "" : err);
	}
	if (rc != REPLY_OK)
		score_failed(s, e, rc, why);
	return rc == REPLY_OK;
}

/* a scored pair compared from its divergence on, a stretch at a time: each
 * later divergence is a position like any other, since both sides' lists
 * were given the reference's text */
static void score_merge(struct comparison *x, const struct pending *p, const struct drift_path *a,
			const struct drift_path *b)
{
	struct compared *m = &x->cmp[p->prompt];
	size_t off = (size_t)p->offset, n = a->n < b->n ? a->n : b->n;
	struct drift_prompt seg;

	while (off < n && !drift_prompt(a->pos + off, n - off, b->pos + off, n - off, &seg)) {
		drift_prompt_merge(p->floor ? &m->floor : &m->drift, &seg);
		if (seg.first_divergence < 0)
			break;
		off += (size_t)seg.first_divergence + 1;
	}
	x->scored++;
}

/* Which pending pairs to score this round, marked in pick (and tried):
 * every one both sides can score, or, while a side it needs has not scored
 * yet, one (a pair of both sides first), so a side that refuses costs a
 * request, not a chunk. Returns how many. */
static size_t score_pick(struct comparison *x, bool *pick)
{
	bool both = false, trial;
	size_t i, n = 0;
	int pass;

	for (i = 0; i < x->n_pend; i++)
		both |= to_score(x, &x->pend[i]) && !x->pend[i].floor;
	trial = !x->ref.scored_once || (both && !x->cand.scored_once);
	for (pass = trial && both ? 0 : 1; pass < 2 && !(trial && n); pass++)
		for (i = 0; i < x->n_pend && !(trial && n); i++)
			if (to_score(x, &x->pend[i]) && (pass || !x->pend[i].floor)) {
				pick[i] = x->pend[i].score_tried = true;
				n++;
			}
	return n;
}

/* A stage of scoring: SCORE_IDS asks SGLang sides for the prompt's token
 * ids; SCORE_LISTS asks every side for its lists (vLLM's chat, SGLang's
 * /generate of those ids). */
enum score_stage { SCORE_IDS, SCORE_LISTS };

/* one slot of a pair: its side, and where its exchange is in the round */
static struct side *slot_side(struct comparison *x, const struct pending *p, int slot)
{
	return slot && !p->floor ? &x->cand : &x->ref;
}

static struct http_exchange *slot_exchange(const struct round *r, const struct pending *p, int slot)
{
	return slot && !p->floor ? &r->cx[p->b] : &r->rx[slot ? p->b : p->a];
}

/* the URLs a scoring stage posts to: each side's chat and /generate */
struct score_urls {
	char chat[2][4096], generate[2][4096]; /* [0] the reference's, [1] the candidate's */
};

/* slot's body and URL in a stage, or NULL body when the slot asks nothing
 * there; -1 when a body could not be built */
static int slot_body(struct comparison *x, const struct pending *p, int slot,
		     enum score_stage stage, const struct score_urls *u, char **body,
		     const char **url)
{
	struct side *s = slot_side(x, p, slot);
	int side = s == &x->cand;
	bool input = s->scoring == SCORING_INPUT_LOGPROBS;
	char err[512];

	*body = NULL;
	if (stage == SCORE_IDS && !input)
		return 0;
	*url = stage == SCORE_LISTS && input ? u->generate[side] : u->chat[side];
	if (stage == SCORE_LISTS && input)
		*body = generate_body(x, p->ids[slot], p->n_ids[slot], p->answer.n);
	else
		*body = score_body(x, s, &x->corpus.p[p->prompt], &p->answer, err, sizeof(err));
	return *body ? 0 : -1;
}

/* the bodies and exchanges of a stage for the pairs picked: every slot
 * that asks something there, on its side's list */
static int stage_setup(struct comparison *x, struct round *r, const bool *pick,
		       enum score_stage stage, const struct score_urls *u, size_t *nr, size_t *nc)
{
	size_t i;
	int slot;

	*nr = *nc = 0;
	for (i = 0; i < x->n_pend; i++) {
		struct pending *p = &x->pend[i];

		for (slot = 0; pick[i] && slot < 2; slot++) {
			char **body = &r->bodies[2 * i + (size_t)slot];
			const char *url = NULL;
			bool cand = slot_side(x, p, slot) == &x->cand;

			if (slot_body(x, p, slot, stage, u, body, &url))
				return -1;
			if (!*body)
				continue;
			*(slot ? &p->b : &p->a) = cand ? *nc : *nr;
			(cand ? r->cx : r->rx)[cand ? (*nc)++ : (*nr)++] =
				(struct http_exchange){ .url = url, .body = *body };
		}
	}
	return 0;
}

/* stage SCORE_IDS read: each SGLang slot's prompt token ids kept in its
 * pair; a pair whose ids did not come is not scored */
static void ids_read(struct comparison *x, const struct round *r, bool *pick)
{
	size_t i;
	int slot;

	for (i = 0; i < x->n_pend; i++) {
		struct pending *p = &x->pend[i];

		for (slot = 0; pick[i] && slot < 2; slot++) {
			struct side *s = slot_side(x, p, slot);
			const struct http_exchange *e = slot_exchange(r, p, slot);
			char why[512];
			enum reply_result rc = REPLY_UNREADABLE;

			if (s->scoring != SCORING_INPUT_LOGPROBS ||
			    !r->bodies[2 * i + (size_t)slot])
				continue;
			if (!compare_exchange_failed(e, why, sizeof(why)))
				rc = reply_prompt_ids(e->response.data, e->response.len,
						      &p->ids[slot], &p->n_ids[slot], why,
						      sizeof(why));
			if (rc != REPLY_OK) {
				score_failed(s, e, rc, why);
				pick[i] = false;
			}
		}
	}
}

/* pair p's two scores read and, both read, compared: true then */
static bool score_read(struct comparison *x, const struct pending *p, const struct round *r)
{
	struct drift_path a, b;
	struct side *other = slot_side(x, p, 1);
	bool ra = score_of(x, &x->ref, slot_exchange(r, p, 0), p, 0, &a);
	bool rb = score_of(x, other, slot_exchange(r, p, 1), p, 1, &b);

	if (ra && rb) {
		score_merge(x, p, &a, &b);
		x->ref.scored_once = other->scored_once = true;
	}
	drift_path_release(&a);
	drift_path_release(&b);
	return ra && rb;
}

/* One stage for the pairs picked: 0, or -1 when it could not be asked
 * (the pairs are then continued instead) */
static int score_stage(struct comparison *x, bool *pick, enum score_stage stage,
		       const struct score_urls *u)
{
	size_t nr, nc, n = x->n_pend;
	struct round r;
	struct batch rb, cb;
	int rc = -1;

	if (compare_round_init(&r, n) || stage_setup(x, &r, pick, stage, u, &nr, &nc) ||
	    compare_over_cap(x, nr + nc))
		goto out;
	rb = (struct batch){ &x->ref, r.rx, nr, 0 };
	cb = (struct batch){ &x->cand, r.cx, nc, 0 };
	x->requests += nr + nc;
	if ((nr || nc) && compare_perform_both(&rb, &cb))
		goto out;
	if (stage == SCORE_IDS) {
		ids_read(x, &r, pick);
	} else {
		size_t i, kept = 0;

		for (i = 0; i < n; i++) {
			struct pending *p = &x->pend[i];

			if (pick[i] && score_read(x, p, &r))
				pend_drop(p);
			else
				x->pend[kept++] = *p;
		}
		x->n_pend = kept;
	}
	rc = 0;
out:
	compare_round_release(&r);
	return rc;
}

/* each side's URLs for scoring */
static void score_urls_of(const struct comparison *x, struct score_urls *u)
{
	const struct side *s[2] = { &x->ref, &x->cand };
	int i;

	for (i = 0; i < 2; i++) {
		snprintf(u->chat[i], sizeof(u->chat[i]), "%s/chat/completions", s[i]->ep.base);
		snprintf(u->generate[i], sizeof(u->generate[i]), "%s/generate", s[i]->ep.root);
	}
}

/* One scoring round: the pairs picked asked (the prompt's ids first where
 * a side is SGLang); the pairs scored leave the pending list, the others
 * stay for the greedy continuation. Returns the pairs scored. */
static size_t score_round(struct comparison *x, const struct score_urls *u)
{
	size_t before = x->scored;
	bool *pick = xcalloc(x->n_pend + 1, sizeof(*pick));

	if (pick && score_pick(x, pick) && !score_stage(x, pick, SCORE_IDS, u))
		(void)score_stage(x, pick, SCORE_LISTS, u);
	free(pick);
	return x->scored - before;
}

/* Scoring rounds until every pair both sides can score is scored: one
 * pair first while a side has not scored yet, then the rest at once (a
 * pair is asked once: one that fails is continued greedily). */
static void score_rounds(struct comparison *x)
{
	struct score_urls *u;

	if (!x->n_pend || !x->ref.scores || !(u = xmalloc(sizeof(*u))))
		return;
	score_urls_of(x, u);
	while (x->n_pend && !*x->stop && score_round(x, u))
		;
	free(u);
}

/* --- a chunk's pairs ---------------------------------------------------------------- */

void compare_pending_realign(struct comparison *x, const char *ref_url, const char *cand_url)
{
	int i;

	score_rounds(x);
	for (i = 0;
	     i < x->c->realign && x->n_pend && !*x->stop && !compare_over_cap(x, 2 * x->n_pend);
	     i++)
		realign_round(x, ref_url, cand_url);
	pend_release(x);
}
