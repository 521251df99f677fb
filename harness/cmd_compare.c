/* SPDX-License-Identifier: Apache-2.0 */
/* cmd_compare — compare: the same prompts to the reference twice and to
 * the candidate once, greedy, with each token's top alternatives; the
 * reference against itself is the noise floor, the reference against the
 * candidate the drift (drift.h); the verdict, the JSON report, the
 * console, the exit code. See commands.h.
 *
 * Prompts go in chunks of COMPARE_CHUNK: the bodies of one chunk are all
 * that is held at once, so memory follows the chunk, not the corpus. The
 * two sides are asked at the same time, each at --concurrency. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "apierror.h"
#include "behave.h"
#include "buf.h"
#include "chat.h"
#include "commands.h"
#include "comparison.h"
#include "drift.h"
#include "endpoint.h"
#include "file.h"
#include "jsonfile.h"
#include "http.h"
#include "markup.h"
#include "recording.h"
#include "table.h"
#include "reply.h"
#include "say.h"
#include "text.h"
#include "version.h"

#define COMPARE_CHUNK	    16		/* prompts asked at once */
#define COMPARE_CHUNK_MAX   256		/* --concurrency's most: a chunk of the early stop */
#define COMPARE_MAX_PROMPTS 10000	/* in a --prompts file */
#define COMPARE_FILE_MAX    (16u << 20) /* bytes of a --prompts file */
#define COMPARE_RESAMPLES   2000	/* bootstrap resamples */
#define COMPARE_ALPHA	    0.05	/* both metrics together */
#define COMPARE_SEED	    20261203UL
/* logprobs of another kind: a side whose lists give one token all the
 * probability at this share of its positions or more, the other at this
 * share or less, both with this many positions listed */
#define COMPARE_KIND_AFTER     0.9
#define COMPARE_KIND_BEFORE    0.5
#define COMPARE_KIND_POSITIONS 16
/* the early stop's bets on "drifted" (top-1 disagreement above its limit,
 * the KL's low end above its limit), both together; a comparison that runs
 * to its end is judged by the bootstrap, so a false "drifted" has at most
 * SEQ_ALPHA + COMPARE_ALPHA */
#define SEQ_ALPHA 0.01
/* the default thresholds: never tighter than the reference's own noise
 * (the floor's bound times FLOOR_MARGIN, its top-1 bound less
 * FLOOR_TOP1_SLACK), never looser than these */
#define DEFAULT_MAX_KL	 0.01
#define DEFAULT_MIN_TOP1 0.95
#define FLOOR_MARGIN	 2.0
#define FLOOR_TOP1_SLACK 0.02
/* --dataset: the tool-call F1 limit by default (never tighter than the
 * floor's lower bound less FLOOR_TOOL_SLACK), and the answer budget of a
 * request that names none */
#define DEFAULT_MIN_TOOL  0.90
#define FLOOR_TOOL_SLACK  0.05
#define BEHAVE_MAX_TOKENS 1024

/* one prompt of the corpus */
struct prompt {
	char *id;	/* owned */
	char *kind;	/* owned; "" when the line names none */
	cJSON *request; /* owned: {"messages": [...]} */
};

struct corpus {
	struct prompt *p; /* owned */
	size_t n;
	char source[4096]; /* the file read */
	struct buf text;   /* the file as read: a recording carries it whole */
};

/* one endpoint and how it is asked */
struct side {
	const char *label;		   /* "reference", "candidate" */
	enum thinking_mode thinking;	   /* what its requests ask */
	const cJSON *chat_template_kwargs; /* borrowed */
	const cJSON *extra_body;	   /* borrowed */
	const char *url;
	const char *model; /* borrowed: given, or the endpoint's */
	struct endpoint ep;
	struct http_options http;
	struct http_budget budget;
	size_t errors; /* prompts it failed */
	char first_error[512];
	bool reasoning;		     /* an answer carried reasoning */
	int k_seen;		     /* the most alternatives it listed at a position */
	enum engine_scoring scoring; /* how its engine scores a given text */
	bool scores;		 /* asked to score the reference's text after a divergence (teacher
			 * forcing: its engine offers prompt_logprobs, and it has not refused) */
	bool scored_once;	 /* and it did: until then it is asked one pair at a time */
	char score_refused[512]; /* why it stopped being asked, "" when it never did */
};

/* one prompt compared */
struct compared {
	bool done;			  /* both comparisons were made */
	struct drift_prompt drift;	  /* the reference against the candidate */
	struct drift_prompt floor;	  /* the reference against itself */
	long ref_tokens, cand_tokens;	  /* prompt tokens as each side counts them */
	size_t ref_listed, cand_listed;	  /* positions with a list of alternatives */
	size_t ref_sampled, cand_sampled; /* of them, lists reported after sampling */
	char *ref_at, *cand_at;		  /* owned: the tokens chosen at the first divergence */
	char *before;			  /* owned: the reference's text just before it */
	struct drift_prompt reasoning;	  /* with reasoning_positions > 0: its positions, apart */
	long reasoning_positions; /* the reference's leading reasoning tokens; -1 unplaced */
	char *error;		  /* owned: why it was not compared */
	bool resumed;		  /* its figures came from --resume's report */
};

/* a pair to re-align: after its divergence both sides are given the
 * reference's text so far and continue from there */
struct pending {
	size_t prompt;		  /* its index in the corpus */
	bool floor;		  /* the pair is the reference's two answers */
	struct buf prefix;	  /* the reference's text so far */
	long offset;		  /* the answer's tokens the prefix holds */
	size_t a, b;		  /* its exchanges: a the reference's, b the other's */
	struct drift_path answer; /* the reference's answer's tokens a scoring request sends
				   * (drift_path_head), none when the pair is not scored */
	bool score_tried;	  /* asked once: not again, whatever came of it */
	long *ids[2];		  /* owned: the prompt's token ids with the answer, as the
				   * reference's side (0) and the other (1) tokenise it, for
				   * SGLang's /generate */
	size_t n_ids[2];
};

struct comparison {
	const struct config *c;
	const volatile sig_atomic_t *stop;
	struct side ref, cand;
	struct corpus corpus;
	struct compared *cmp; /* one per prompt */
	struct pending *pend; /* the chunk's pairs to re-align */
	size_t n_pend;
	size_t requests;	/* sent, both sides */
	bool capped;		/* --max-requests stopped the asking */
	bool early;		/* the bets decided "drifted" before the corpus ended */
	size_t looks;		/* times the bets were looked at */
	double seq_dis, seq_kl; /* their log wealths at the last look */
	size_t realigned;	/* re-alignment requests answered */
	size_t realign_failed;	/* and not (the pair is then compared as far as it was) */
	size_t scored;		/* pairs re-aligned by scoring the reference's text */
	size_t asked;		/* prompts asked so far */
	struct drift_summary drift, floor;
	bool has_drift, has_floor;
	struct drift_summary reasoning; /* the reasoning positions, apart (no verdict) */
	bool has_reasoning;
	size_t reasoning_only; /* prompts whose answers were not reached or parted in it */
	double max_kl, min_top1;
	const char *max_kl_from, *min_top1_from; /* "given", "noise floor", "default" */
	enum drift_verdict verdict;
	const char *unusable;	  /* set when the comparison could not be made */
	struct report_in *resume; /* owned: --resume's report, until its prompts are taken */
	size_t resumed;		  /* prompts taken from it */
	char resume_note[512];	  /* why none was, when it compared other models */
	/* --dataset: its requests, three answers to each (the reference's
	 * two, the candidate's), asked after the prompts */
	struct corpus dataset;
	struct behave_answer *beh;	 /* owned: 3 per request */
	size_t beh_asked;		 /* requests asked */
	struct behave_answer *beh_prior; /* owned: --resume's answers, three a request */
	size_t beh_resumed;		 /* the dataset's first requests they answer */
	size_t beh_ref_errors, beh_cand_errors;
	char beh_error[512];			 /* the first answer not read, with its side */
	const char *beh_skipped;		 /* why the dataset was not asked, or NULL */
	struct behave_summary behave, beh_floor; /* candidate, and the reference's second pass */
	bool has_behave;
	bool beh_early;		   /* the dataset's bets decided "drifted" before its end */
	struct behave_seq beh_seq; /* their state at the last look */
	double min_tool;
	const char *min_tool_from;
	char why[1024]; /* the reason, for the report and the console */
};

/* --- the corpus ------------------------------------------------------------------ */

static void corpus_release(struct corpus *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->p[i].id);
		free(k->p[i].kind);
		cJSON_Delete(k->p[i].request);
	}
	free(k->p);
	buf_release(&k->text);
	memset(k, 0, sizeof(*k));
}

/* One line: {"id", "kind", "messages": [...]} or {"id", "prompt": "..."}.
 * Returns 0, or -1 with the reason. */
static int read_prompt(const char *line, size_t len, struct prompt *p, char *err, size_t errlen)
{
	cJSON *j = cJSON_ParseWithLength(line, len), *msgs, *m;
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(j, "id");
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(j, "kind");
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(j, "prompt");
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (!cJSON_IsObject(j)) {
		snprintf(err, errlen, "not a JSON object");
		goto out;
	}
	msgs = cJSON_GetObjectItemCaseSensitive(j, "messages");
	if (cJSON_IsString(text) && !msgs) {
		msgs = cJSON_CreateArray();
		m = cJSON_CreateObject();
		cJSON_AddItemToArray(msgs, m);
		cJSON_AddStringToObject(m, "role", "user");
		cJSON_AddStringToObject(m, "content", text->valuestring);
		cJSON_AddItemToObject(j, "messages", msgs);
	}
	if (!cJSON_IsArray(msgs) || !cJSON_GetArraySize(msgs)) {
		snprintf(err, errlen,
			 "needs \"messages\" (a non-empty array) or \"prompt\" (a string)");
		goto out;
	}
	cJSON_ArrayForEach(m,
			   msgs) if (!cJSON_IsObject(m) ||
				     !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(m, "role")))
	{
		snprintf(err, errlen, "every message needs a \"role\"");
		goto out;
	}
	if ((id && !cJSON_IsString(id)) || (kind && !cJSON_IsString(kind))) {
		snprintf(err, errlen, "\"id\" and \"kind\" are strings");
		goto out;
	}
	p->id = text_clean_line(id ? id->valuestring : "");
	p->kind = text_clean_line(kind ? kind->valuestring : "");
	p->request = cJSON_CreateObject();
	if (!p->id || !p->kind || !p->request ||
	    !cJSON_AddItemToObject(p->request, "messages", cJSON_DetachItemViaPointer(j, msgs))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	cJSON_Delete(j);
	return rc;
}

/* a dataset line: one chat request (behave.h); its id is its line */
static int read_request(const char *line, size_t len, struct prompt *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	if (!(p->request = behave_request(line, len, err, errlen)))
		return -1;
	p->id = strdup("");
	p->kind = strdup("");
	if (!p->id || !p->kind) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

typedef int line_reader(const char *line, size_t len, struct prompt *p, char *err, size_t errlen);

/* k->source's text into text: the file's, or the copy a recording
 * carried (given), each at most COMPARE_FILE_MAX bytes. Returns 0, or -1
 * with "FILE: reason". */
static int corpus_text(const struct corpus *k, const char *given, struct buf *text, char *err,
		       size_t errlen)
{
	char why[512];

	if (given && strlen(given) > COMPARE_FILE_MAX)
		snprintf(why, sizeof(why), "the recording's copy is larger than %u bytes",
			 COMPARE_FILE_MAX);
	else if (given ? buf_puts(text, given) == 0
		       : file_read(k->source, COMPARE_FILE_MAX, text, why, sizeof(why)) == 0)
		return 0;
	else if (given)
		snprintf(why, sizeof(why), "out of memory");
	snprintf(err, errlen, "%s: %s", k->source, why);
	return -1;
}

/* Reads k->source (or the text a recording carried of it, given) a line
 * at a time through read, keeping the text. Returns 0, or -1 with
 * "FILE:LINE: reason". */
static int lines_load(struct corpus *k, const char *given, line_reader *read, char *err,
		      size_t errlen)
{
	struct buf text = BUF_INIT(0);
	char why[512];
	size_t at = 0, line = 0;
	int rc = -1;

	if (corpus_text(k, given, &text, err, errlen))
		goto out;
	while (at < text.len) {
		const char *s = text.data + at, *nl = memchr(s, '\n', text.len - at);
		size_t len = nl ? (size_t)(nl - s) : text.len - at;
		struct prompt *grown;

		at += len + 1;
		line++;
		while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
			len--;
		if (!len)
			continue;
		if (k->n == COMPARE_MAX_PROMPTS) {
			snprintf(err, errlen, "%s:%zu: more than %d lines", k->source, line,
				 COMPARE_MAX_PROMPTS);
			goto out;
		}
		if (!(grown = realloc(k->p, (k->n + 1) * sizeof(*grown)))) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		k->p = grown;
		if (read(s, len, &k->p[k->n], why, sizeof(why))) {
			struct prompt *p = &k->p[k->n];

			free(p->id);
			free(p->kind);
			cJSON_Delete(p->request);
			snprintf(err, errlen, "%s:%zu: %s", k->source, line, why);
			goto out;
		}
		if (!*k->p[k->n].id) {
			free(k->p[k->n].id);
			k->p[k->n].id = buf_strdupf("line %zu", line);
		}
		k->n++;
	}
	if (!k->n) {
		snprintf(err, errlen, "%s: nothing in it", k->source);
		goto out;
	}
	rc = 0;
	k->text = text;
	buf_init(&text, 0);
out:
	buf_release(&text);
	return rc;
}

/* --prompts FILE, else the built-in corpus beside the probes; its text
 * the one a recording carried when given. Returns 0, or -1 with
 * "FILE:LINE: reason". */
static int corpus_load(const struct config *c, const char *given, struct corpus *k, char *err,
		       size_t errlen)
{
	char dir[4096];

	if (c->prompts)
		snprintf(k->source, sizeof(k->source), "%s", c->prompts);
	else
		snprintf(k->source, sizeof(k->source), "%s/compare/prompts.jsonl",
			 commands_probe_dir(c, dir, sizeof(dir)));
	return lines_load(k, given, read_prompt, err, errlen);
}

/* --dataset FILE, or "builtin": the bundled one beside the probes; its
 * text the one a recording carried when given */
static int dataset_load(const struct config *c, const char *given, struct corpus *k, char *err,
			size_t errlen)
{
	char dir[4096];

	if (strcmp(c->dataset, "builtin"))
		snprintf(k->source, sizeof(k->source), "%s", c->dataset);
	else
		snprintf(k->source, sizeof(k->source), "%s/compare/behaviour.jsonl",
			 commands_probe_dir(c, dir, sizeof(dir)));
	return lines_load(k, given, read_request, err, errlen);
}

/* --- the two sides --------------------------------------------------------------- */

static void side_setup(struct side *s, const struct config *c, const char *label, const char *url,
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
static int side_discover(struct side *s, char *err, size_t errlen)
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
static int add_prefill(cJSON *req, const struct side *s, const char *prefill)
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
static char *greedy_body(const struct comparison *x, const struct side *s, cJSON *req, long tokens,
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
static char *body_for(const struct comparison *x, const struct side *s, const struct prompt *p,
		      const char *prefill, long tokens, char *err, size_t errlen)
{
	cJSON *req = cJSON_Duplicate(p->request, 1);

	if (req && prefill && add_prefill(req, s, prefill)) {
		cJSON_Delete(req);
		req = NULL;
	}
	if (req && (!cJSON_AddBoolToObject(req, "logprobs", 1) ||
		    !cJSON_AddNumberToObject(req, "top_logprobs", x->c->top_logprobs))) {
		cJSON_Delete(req);
		req = NULL;
	}
	return greedy_body(x, s, req, tokens, err, errlen);
}

struct batch {
	struct side *side;
	struct http_exchange *x;
	size_t n;
	int rc;
};

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
static bool exchange_failed(const struct http_exchange *x, char *why, size_t n)
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

static void answer_of(struct side *s, const struct http_exchange *x, struct drift_path *p,
		      char *why, size_t n)
{
	char err[512];

	if (exchange_failed(x, why, n)) {
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

#define BEFORE_MAX 80 /* bytes of the text before a divergence the report keeps */

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
static void pend_add(struct comparison *x, size_t prompt, bool floor, const struct drift_path *ref,
		     long at, long offset)
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
		answer_of(&x->ref, &rx[2 * i], &a, wa, sizeof(wa));
		answer_of(&x->ref, &rx[2 * i + 1], &b, wb, sizeof(wb));
		answer_of(&x->cand, &cx[i], &c, wc, sizeof(wc));
		if (*wa)
			side_failed(&x->ref, wa);
		if (*wc)
			side_failed(&x->cand, wc);
		compare_one(x, k, &a, &b, &c, wa, wb, wc);
		if (x->cmp[k].done && !a.reasoning && !b.reasoning && !c.reasoning) {
			pend_add(x, k, false, &a, x->cmp[k].drift.first_divergence, 0);
			if (x->cmp[k].floor.positions)
				pend_add(x, k, true, &a, x->cmp[k].floor.first_divergence, 0);
		}
		drift_path_release(&a);
		drift_path_release(&b);
		drift_path_release(&c);
	}
}

/* both sides' exchanges at once, each side at its own concurrency: 0, or
 * -1 when they could not even be set up */
static int perform_both(struct batch *rb, struct batch *cb)
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

/* the exchanges and bodies of one round of requests for n prompts or
 * pairs: the reference's 2n, the candidate's n, 2n bodies */
struct round {
	struct http_exchange *rx, *cx;
	char **bodies;
	size_t n;
};

static int round_init(struct round *r, size_t n)
{
	r->n = n;
	r->rx = xcalloc(2 * n, sizeof(*r->rx));
	r->cx = xcalloc(n, sizeof(*r->cx));
	r->bodies = xcalloc(2 * n, sizeof(char *));
	return r->rx && r->cx && r->bodies ? 0 : -1;
}

static void round_release(struct round *r)
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
	answer_of(&x->ref, a, &pa, wa, sizeof(wa));
	answer_of(p->floor ? &x->ref : &x->cand, b, &pb, wb, sizeof(wb));
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

		if (!(bodies[2 * i] = body_for(x, &x->ref, q, text, left, err, sizeof(err))) ||
		    (!p->floor &&
		     !(bodies[2 * i + 1] = body_for(x, &x->cand, q, text, left, err, sizeof(err)))))
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

	if (round_init(&r, n) ||
	    realign_setup(x, r.rx, &nr, r.cx, &nc, r.bodies, ref_url, cand_url)) {
		x->realign_failed += n;
		pend_release(x);
		goto out;
	}
	rb = (struct batch){ &x->ref, r.rx, nr, 0 };
	cb = (struct batch){ &x->cand, r.cx, nc, 0 };
	x->requests += nr + nc;
	if (perform_both(&rb, &cb)) {
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
	round_release(&r);
}

/* true when sending n more requests would pass --max-requests */
static bool over_cap(const struct comparison *x, size_t n)
{
	return x->c->max_requests > 0 && x->requests + n > (size_t)x->c->max_requests;
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
	    add_prefill(req, s, buf_cstr(&text)) ||
	    (vllm && !cJSON_AddNumberToObject(req, "prompt_logprobs", x->c->top_logprobs)) ||
	    !cJSON_AddBoolToObject(req, vllm ? "return_token_ids" : "return_prompt_token_ids", 1)) {
		cJSON_Delete(req);
		req = NULL;
	}
	buf_release(&text);
	return greedy_body(x, s, req, 1, err, errlen);
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
	if (!exchange_failed(e, why, sizeof(why))) {
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
			if (!exchange_failed(e, why, sizeof(why)))
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

	if (round_init(&r, n) || stage_setup(x, &r, pick, stage, u, &nr, &nc) ||
	    over_cap(x, nr + nc))
		goto out;
	rb = (struct batch){ &x->ref, r.rx, nr, 0 };
	cb = (struct batch){ &x->cand, r.cx, nc, 0 };
	x->requests += nr + nc;
	if ((nr || nc) && perform_both(&rb, &cb))
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
	round_release(&r);
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

/* --- the chunks -------------------------------------------------------------------- */

/* Asks prompts [from, to) of both sides and compares them. Returns 0, or
 * -1 when the requests could not even be set up (x->why says why). */
static int ask_chunk(struct comparison *x, size_t from, size_t to)
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
	bad = round_init(&r, n);
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

		if (!(bodies[2 * i] = body_for(x, &x->ref, p, NULL, x->c->compare_tokens, err,
					       sizeof(err))) ||
		    !(bodies[2 * i + 1] = body_for(x, &x->cand, p, NULL, x->c->compare_tokens, err,
						   sizeof(err)))) {
			snprintf(x->why, sizeof(x->why), "%s", err);
			goto out;
		}
		rx[2 * i] = (struct http_exchange){ .url = ref_url, .body = bodies[2 * i] };
		rx[2 * i + 1] = rx[2 * i]; /* the floor: the same request again */
		cx[i] = (struct http_exchange){ .url = cand_url, .body = bodies[2 * i + 1] };
	}
	x->requests += 3 * n;
	if (perform_both(&rb, &cb)) {
		snprintf(x->why, sizeof(x->why), "the requests could not be set up: %s",
			 rb.rc ? rx[0].error : cx[0].error);
		goto out;
	}
	read_chunk(x, idx, n, rx, cx);
	score_rounds(x);
	for (i = 0; (int)i < x->c->realign && x->n_pend && !*x->stop && !over_cap(x, 2 * x->n_pend);
	     i++)
		realign_round(x, ref_url, cand_url);
	pend_release(x);
	rc = 0;
out:
	round_release(&r);
	return rc;
}

/* --- behaviour (--dataset) ---------------------------------------------------------- */

/* the body for dataset request p on side s: the request as it is, greedy,
 * the run's model, thinking and extra settings, its own max_tokens or
 * BEHAVE_MAX_TOKENS. Caller frees; NULL with err. */
static char *behave_body(const struct comparison *x, const struct side *s, const struct prompt *p,
			 char *err, size_t errlen)
{
	const cJSON *own = cJSON_GetObjectItemCaseSensitive(p->request, "max_tokens");

	return greedy_body(x, s, cJSON_Duplicate(p->request, 1),
			   cJSON_IsNumber(own) && own->valuedouble >= 1 ? (long)own->valuedouble
									: BEHAVE_MAX_TOKENS,
			   err, errlen);
}

/* one answer read into a, its failure counted against its side */
static void behave_take(struct comparison *x, const struct prompt *p, const struct http_exchange *e,
			bool reference, size_t *errors, struct behave_answer *a)
{
	char why[512];

	memset(a, 0, sizeof(*a));
	if (!exchange_failed(e, why, sizeof(why)))
		(void)behave_read(p->request, e->response.data, e->response.len, a, why,
				  sizeof(why));
	if (!*why)
		return;
	if (!(*errors)++ && !*x->beh_error) {
		char *clean = text_excerpt(why, strlen(why), 300, true);

		snprintf(x->beh_error, sizeof(x->beh_error), "%s, %s: %s",
			 reference ? "reference" : "candidate", p->id, clean ? clean : "");
		free(clean);
	}
}

/* Asks dataset requests [from, to) of both sides, the reference twice.
 * Returns 0, or -1 when the requests could not be set up (x->why). */
static int behave_chunk(struct comparison *x, size_t from, size_t to)
{
	size_t n = to - from, i;
	struct round r;
	char ref_url[4096], cand_url[4096], err[512];
	struct batch rb, cb;
	int rc = -1;

	if (round_init(&r, n)) {
		snprintf(x->why, sizeof(x->why), "out of memory");
		goto out;
	}
	rb = (struct batch){ &x->ref, r.rx, 2 * n, 0 };
	cb = (struct batch){ &x->cand, r.cx, n, 0 };
	snprintf(ref_url, sizeof(ref_url), "%s/chat/completions", x->ref.ep.base);
	snprintf(cand_url, sizeof(cand_url), "%s/chat/completions", x->cand.ep.base);
	for (i = 0; i < n; i++) {
		const struct prompt *p = &x->dataset.p[from + i];

		if (!(r.bodies[2 * i] = behave_body(x, &x->ref, p, err, sizeof(err))) ||
		    !(r.bodies[2 * i + 1] = behave_body(x, &x->cand, p, err, sizeof(err)))) {
			snprintf(x->why, sizeof(x->why), "%s: %s", p->id, err);
			goto out;
		}
		r.rx[2 * i] = (struct http_exchange){ .url = ref_url, .body = r.bodies[2 * i] };
		r.rx[2 * i + 1] = r.rx[2 * i];
		r.cx[i] = (struct http_exchange){ .url = cand_url, .body = r.bodies[2 * i + 1] };
	}
	x->requests += 3 * n;
	if (perform_both(&rb, &cb)) {
		snprintf(x->why, sizeof(x->why), "the requests could not be set up: %s",
			 rb.rc ? r.rx[0].error : r.cx[0].error);
		goto out;
	}
	for (i = 0; i < n; i++) {
		const struct prompt *p = &x->dataset.p[from + i];
		struct behave_answer *a = &x->beh[3 * (from + i)];

		behave_take(x, p, &r.rx[2 * i], true, &x->beh_ref_errors, &a[0]);
		behave_take(x, p, &r.rx[2 * i + 1], true, &x->beh_ref_errors, &a[1]);
		behave_take(x, p, &r.cx[i], false, &x->beh_cand_errors, &a[2]);
	}
	rc = 0;
out:
	round_release(&r);
	return rc;
}

/* prompts asked at once: COMPARE_CHUNK, or --concurrency (at least 4)
 * while the early stop looks */
static size_t chunk_of(const struct config *c)
{
	if (c->no_early_stop)
		return COMPARE_CHUNK;
	return (size_t)c->concurrency < 4 ? 4 : (size_t)c->concurrency;
}

static void behave_judge(struct comparison *x);
static void floor_so_far(struct comparison *x);

/* the dataset's answers of one side so far (0 the reference, 1 its second
 * pass, 2 the candidate), in request order: a new array of x->beh_asked
 * (one more, never NULL-sized), or NULL out of memory. Caller frees. */
static struct behave_answer *beh_side(const struct comparison *x, int side)
{
	struct behave_answer *a = xcalloc(x->beh_asked + 1, sizeof(*a));
	size_t i;

	for (i = 0; a && i < x->beh_asked; i++)
		a[i] = x->beh[3 * i + (size_t)side];
	return a;
}

/* A look at the dataset's bets after a chunk: true when the candidate's
 * tool-call F1 is below its limit beyond doubt (its recall or precision
 * below the limit's share, at SEQ_ALPHA/2 each), the limit from the floor
 * of the requests so far as the verdict's is. */
static bool behave_look(struct comparison *x)
{
	struct behave_answer *ref = beh_side(x, 0), *cand = beh_side(x, 2);
	bool decided = false;

	behave_judge(x);
	floor_so_far(x);
	x->looks++;
	if (ref && cand)
		decided =
			!behave_seq(ref, cand, x->beh_asked, x->min_tool, SEQ_ALPHA, &x->beh_seq) &&
			fmax(x->beh_seq.log_miss, x->beh_seq.log_extra) >= log(2 / SEQ_ALPHA);
	free(ref);
	free(cand);
	return decided;
}

/* The dataset, a chunk at a time, after the prompts: not when they could
 * not be compared or already drifted beyond doubt (x->beh_skipped says);
 * with the early stop on, its own bets are looked at after 4, 8, 16...
 * requests and stop the asking once they decide. */
static int behave_round(struct comparison *x)
{
	size_t i, n = x->dataset.n, chunk = COMPARE_CHUNK, next_look = 0;

	if (!n)
		return 0;
	if (x->early) {
		x->beh_skipped = "the prompts had already shown drift beyond doubt";
		return 0;
	}
	if (!(x->beh = xcalloc(3 * n, sizeof(*x->beh)))) {
		snprintf(x->why, sizeof(x->why), "out of memory");
		return -1;
	}
	if (x->beh_resumed) /* --resume's first requests: not asked again */
		memcpy(x->beh, x->beh_prior, 3 * x->beh_resumed * sizeof(*x->beh));
	x->beh_asked = x->beh_resumed;
	if (!x->c->no_early_stop)
		chunk = next_look = chunk_of(x->c);
	for (i = x->beh_resumed; i < n && !*x->stop; i += chunk) {
		size_t to = i + chunk < n ? i + chunk : n;

		if (over_cap(x, 3 * (to - i))) {
			x->capped = true;
			break;
		}
		if (behave_chunk(x, i, to))
			return -1;
		x->beh_asked = to;
		if (next_look && to >= next_look && to < n) {
			next_look *= 2;
			if ((x->beh_early = behave_look(x)))
				break;
		}
	}
	return 0;
}

/* --- the verdict ------------------------------------------------------------------- */

/* the metrics tested: the tool-call F1 too with a dataset where a side
 * called a tool (in the report's order, comparison.h's) */
enum metric {
	METRIC_KL = COMPARISON_KL,
	METRIC_TOP1 = COMPARISON_TOP1,
	METRIC_TOOL = COMPARISON_TOOLS,
	METRIC_N = COMPARISON_METRICS,
};

static bool tool_tested(const struct comparison *x)
{
	return x->has_behave && x->behave.f1_defined;
}

/* the tool-call F1 against its limit (drifted when the dataset's bets
 * decided so) */
static enum drift_verdict tool_verdict(const struct comparison *x)
{
	if (x->beh_early)
		return DRIFT_DRIFTED;
	if (x->behave.f1_ci.low > x->min_tool)
		return DRIFT_SAME;
	return x->behave.f1_ci.high < x->min_tool ? DRIFT_DRIFTED : DRIFT_INCONCLUSIVE;
}

/* A metric's verdict against its threshold, and its one line: what the
 * interval shows against the threshold. */
static enum drift_verdict metric_of(const struct comparison *x, enum metric m, char *line, size_t n)
{
	const struct drift_summary *d = &x->drift;
	enum drift_verdict v = m == METRIC_KL	  ? drift_kl_verdict(d, x->max_kl)
			       : m == METRIC_TOP1 ? drift_top1_verdict(d, x->min_top1)
						  : tool_verdict(x);
	static const char *const kl_word[] = { "up to", "at least", "up to" };
	static const char *const top1_word[] = { "at least", "at most", "down to" };

	if (m == METRIC_TOOL)
		snprintf(line, n, "tool-call F1 %s %.2f against at least %.2f", top1_word[v],
			 v == DRIFT_DRIFTED ? x->behave.f1_ci.high : x->behave.f1_ci.low,
			 x->min_tool);
	else if (m == METRIC_KL)
		snprintf(line, n, "KL %s %.3g nats against a limit of %.3g", kl_word[v],
			 v == DRIFT_DRIFTED ? d->kl_ci.low : d->kl_ci.high, x->max_kl);
	else
		snprintf(line, n, "top-1 agreement %s %.1f%% against at least %.1f%%", top1_word[v],
			 100 * (v == DRIFT_DRIFTED ? d->top1_ci.high : d->top1_ci.low),
			 100 * x->min_top1);
	return v;
}

/* what decided the verdict, in x->why: the metrics on the wrong side, or
 * (inconclusive) those whose intervals straddle their thresholds */
static void say_why(struct comparison *x)
{
	struct buf b = BUF_INIT(0);
	int m;

	for (m = 0; m < METRIC_N; m++) {
		char line[256];

		if (m == METRIC_TOOL && !tool_tested(x))
			continue;
		if (metric_of(x, (enum metric)m, line, sizeof(line)) == x->verdict)
			buf_printf(&b, "%s%s", b.len ? "; " : "", line);
	}
	snprintf(x->why, sizeof(x->why), "%s", buf_cstr(&b));
	buf_release(&b);
}

/* The per-prompt values the sequential bets read, the prompts compared so
 * far in corpus order, each on [0, 1]: top-1 disagreement, the KL's low and
 * (when hi is not NULL) high end over its cap. Returns how many. */
static size_t seq_values(const struct comparison *x, double *dis, double *lo, double *hi)
{
	size_t i, n = 0;

	for (i = 0; i < x->asked; i++)
		if (x->cmp[i].done) {
			dis[n] = 1 - x->cmp[i].drift.top1;
			lo[n] = fmin(1, x->cmp[i].drift.kl_low / DRIFT_KL_CAP);
			if (hi)
				hi[n] = fmin(1, x->cmp[i].drift.kl_high / DRIFT_KL_CAP);
			n++;
		}
	return n;
}

/* An early stop: the intervals become the confidence sequence's (a
 * bootstrap is not valid after a stop the data chose), and the reason
 * says which bet decided. */
static void say_early(struct comparison *x)
{
	double *dis = xcalloc(x->asked + 1, sizeof(double));
	double *lo = xcalloc(x->asked + 1, sizeof(double)),
	       *hi = xcalloc(x->asked + 1, sizeof(double));
	struct drift_interval d, l, h;
	size_t n = dis && lo && hi ? seq_values(x, dis, lo, hi) : 0;

	d = drift_seq_interval(dis, n, SEQ_ALPHA);
	l = drift_seq_interval(lo, n, SEQ_ALPHA);
	h = drift_seq_interval(hi, n, SEQ_ALPHA);
	x->drift.confidence = 1 - SEQ_ALPHA;
	x->drift.top1_ci = (struct drift_interval){ 1 - d.high, 1 - d.low };
	x->drift.kl_ci = (struct drift_interval){ l.low * DRIFT_KL_CAP, h.high * DRIFT_KL_CAP };
	snprintf(x->why, sizeof(x->why),
		 "stopped after %zu of %zu prompts: %s beyond doubt (sequential, %.0f%%): top-1 "
		 "agreement %.1f-%.1f%% against at least %.1f%%, KL %.3g-%.3g nats against a limit "
		 "of %.3g",
		 x->asked, x->corpus.n,
		 x->seq_dis >= log(2 / SEQ_ALPHA) ? "top-1 disagreement" : "KL",
		 100 * (1 - SEQ_ALPHA), 100 * x->drift.top1_ci.low, 100 * x->drift.top1_ci.high,
		 100 * x->min_top1, x->drift.kl_ci.low, x->drift.kl_ci.high, x->max_kl);
	free(dis);
	free(lo);
	free(hi);
}

/* An early stop of the dataset: the F1's interval becomes the one its
 * recall's and precision's confidence sequences give, and the reason says
 * which bet decided (the prompts' metrics beside it, as judged). */
static void say_behave_early(struct comparison *x)
{
	struct buf b = BUF_INIT(0);
	int m;

	x->behave.f1_ci = x->beh_seq.f1;
	x->behave.confidence = 1 - 2 * SEQ_ALPHA;
	buf_printf(&b,
		   "stopped after %zu of %zu requests: the candidate's tool-call %s beyond doubt "
		   "(sequential, %.0f%%): tool-call F1 %.2f-%.2f against at least %.2f",
		   x->beh_asked, x->dataset.n,
		   x->beh_seq.log_miss >= x->beh_seq.log_extra ? "recall" : "precision",
		   100 * x->behave.confidence, x->behave.f1_ci.low, x->behave.f1_ci.high,
		   x->min_tool);
	for (m = METRIC_KL; m < METRIC_TOOL; m++) {
		char line[256];

		if (metric_of(x, (enum metric)m, line, sizeof(line)) == DRIFT_DRIFTED)
			buf_printf(&b, "; %s", line);
	}
	snprintf(x->why, sizeof(x->why), "%s", buf_cstr(&b));
	buf_release(&b);
}

/* the thresholds: given, else from the floor, else the defaults */
static void set_thresholds(struct comparison *x)
{
	x->max_kl = DEFAULT_MAX_KL;
	x->min_top1 = DEFAULT_MIN_TOP1;
	x->max_kl_from = x->min_top1_from = "default";
	if (x->has_floor && FLOOR_MARGIN * x->floor.kl_ci.high > DEFAULT_MAX_KL) {
		x->max_kl = FLOOR_MARGIN * x->floor.kl_ci.high;
		x->max_kl_from = "noise floor";
	}
	if (x->has_floor && x->floor.top1_ci.low - FLOOR_TOP1_SLACK < DEFAULT_MIN_TOP1) {
		x->min_top1 = fmax(0, x->floor.top1_ci.low - FLOOR_TOP1_SLACK);
		x->min_top1_from = "noise floor";
	}
	if (x->c->max_kl > 0) {
		x->max_kl = x->c->max_kl;
		x->max_kl_from = "given";
	}
	if (x->c->min_top1 > 0) {
		x->min_top1 = x->c->min_top1;
		x->min_top1_from = "given";
	}
	x->min_tool = DEFAULT_MIN_TOOL;
	x->min_tool_from = "default";
	if (x->has_behave && x->beh_floor.f1_defined &&
	    x->beh_floor.f1_ci.low - FLOOR_TOOL_SLACK < DEFAULT_MIN_TOOL) {
		x->min_tool = fmax(0, x->beh_floor.f1_ci.low - FLOOR_TOOL_SLACK);
		x->min_tool_from = "noise floor";
	}
	if (x->c->min_tool_agreement > 0) {
		x->min_tool = x->c->min_tool_agreement;
		x->min_tool_from = "given";
	}
}

/* the chance of a false verdict is shared by the metrics tested: two
 * with prompts alone, three with a dataset (Bonferroni) */
static double metric_alpha(const struct comparison *x)
{
	return x->dataset.n ? COMPARE_ALPHA / 3 : COMPARE_ALPHA / 2;
}

/* The summaries, the thresholds and the verdict; x->unusable when nothing
 * could be compared or the sides render prompts differently. */
/* which figures of a compared prompt a summary reads */
enum part { PART_DRIFT, PART_FLOOR, PART_REASONING };

/* m's figures of part p, NULL when it has none: the drift once both
 * comparisons were made, the floor when the reference's second answer was
 * compared too, the reasoning when it was told apart */
static const struct drift_prompt *part_of(const struct compared *m, enum part p)
{
	switch (p) {
	case PART_DRIFT:
		return m->done ? &m->drift : NULL;
	case PART_FLOOR:
		return m->done && m->floor.positions ? &m->floor : NULL;
	default:
		return m->reasoning_positions > 0 && m->reasoning.positions ? &m->reasoning : NULL;
	}
}

/* part p of every prompt asked so far, summarised into out (*summarised
 * says whether it was). Returns how many prompts had it, -1 when out of
 * memory. */
static long summarise_part(struct comparison *x, enum part p, struct drift_summary *out,
			   bool *summarised)
{
	struct drift_prompt *f = xcalloc(x->asked + 1, sizeof(*f));
	const struct drift_prompt *one;
	size_t i, n = 0;

	*summarised = false;
	if (!f)
		return -1;
	for (i = 0; i < x->asked; i++)
		if ((one = part_of(&x->cmp[i], p)))
			f[n++] = *one;
	*summarised = n && !drift_summarise(f, n, COMPARE_SEED, COMPARE_RESAMPLES,
					    2 * metric_alpha(x), out);
	free(f);
	return (long)n;
}

/* The floor of the prompts so far and the thresholds it gives. */
static void floor_so_far(struct comparison *x)
{
	summarise_part(x, PART_FLOOR, &x->floor, &x->has_floor);
	set_thresholds(x);
}

/* the share of the positions asked so far whose lists one side reported
 * after sampling, of n listed (the reference's when ref) */
static double sampled_share(const struct comparison *x, bool ref, size_t *n)
{
	size_t i, sampled = 0;

	*n = 0;
	for (i = 0; i < x->asked; i++) {
		*n += ref ? x->cmp[i].ref_listed : x->cmp[i].cand_listed;
		sampled += ref ? x->cmp[i].ref_sampled : x->cmp[i].cand_sampled;
	}
	return *n ? (double)sampled / (double)*n : 0;
}

/* True (x->unusable set) when one side reports its logprobs after
 * sampling and the other before: a distribution cut to the token chosen
 * is not drift. Told once both have COMPARE_KIND_POSITIONS listed, from
 * lists that put all the probability on one token at nearly every
 * position on one side and at few on the other. */
static bool kinds_differ(struct comparison *x)
{
	size_t nr, nc;
	double r = sampled_share(x, true, &nr), c = sampled_share(x, false, &nc);
	bool ref_after = r >= COMPARE_KIND_AFTER && c <= COMPARE_KIND_BEFORE;

	if (nr < COMPARE_KIND_POSITIONS || nc < COMPARE_KIND_POSITIONS ||
	    (!ref_after && !(c >= COMPARE_KIND_AFTER && r <= COMPARE_KIND_BEFORE)))
		return false;
	x->unusable = "not comparable";
	snprintf(x->why, sizeof(x->why),
		 "the %s reports its logprobs after sampling (%.0f%% of its %zu positions give "
		 "the chosen token all the probability: llama.cpp's post_sampling_probs, vLLM's "
		 "--logprobs-mode processed_logprobs), the %s before it (%.0f%% of %zu): a "
		 "comparison needs logprobs of the same kind",
		 ref_after ? "reference" : "candidate", 100 * (ref_after ? r : c),
		 ref_after ? nr : nc, ref_after ? "candidate" : "reference",
		 100 * (ref_after ? c : r), ref_after ? nc : nr);
	return true;
}

/* True (x->unusable set, once) when the two sides rendered a prompt
 * asked so far into different numbers of tokens: another chat template or
 * tokenizer is not drift, and nothing after it is compared; or when they
 * report logprobs of different kinds. */
static bool not_comparable(struct comparison *x)
{
	size_t i;

	for (i = 0; i < x->asked && !x->unusable; i++) {
		const struct compared *m = &x->cmp[i];

		if (m->done && m->ref_tokens >= 0 && m->cand_tokens >= 0 &&
		    m->ref_tokens != m->cand_tokens) {
			x->unusable = "not comparable";
			snprintf(x->why, sizeof(x->why),
				 "the two sides render the prompts differently ('%s': %ld prompt "
				 "tokens on the reference, %ld on the candidate): a comparison "
				 "needs the same chat template and tokenizer",
				 x->corpus.p[i].id, m->ref_tokens, m->cand_tokens);
		}
	}
	return x->unusable != NULL || kinds_differ(x);
}

/* the dataset's answers summarised: the candidate against the reference,
 * the reference's second pass against its first (the floor) */
static void behave_judge(struct comparison *x)
{
	size_t n = x->beh_asked;
	struct behave_answer *ref = beh_side(x, 0), *again = beh_side(x, 1), *cand = beh_side(x, 2);

	if (n && ref && again && cand) {
		behave_summarise(ref, cand, n, COMPARE_SEED, COMPARE_RESAMPLES, metric_alpha(x),
				 &x->behave);
		behave_summarise(ref, again, n, COMPARE_SEED + 1, COMPARE_RESAMPLES,
				 metric_alpha(x), &x->beh_floor);
		x->has_behave = x->behave.n > 0;
	}
	free(ref);
	free(again);
	free(cand);
}

/* the reasoning positions of every prompt, summarised apart: figures
 * only, the verdict is the answers' */
static void reasoning_judge(struct comparison *x)
{
	size_t i;

	summarise_part(x, PART_REASONING, &x->reasoning, &x->has_reasoning);
	for (i = 0; i < x->asked; i++)
		x->reasoning_only += part_of(&x->cmp[i], PART_REASONING) && !x->cmp[i].done;
}

/* two verdicts as one: drifted when either is, same when both are */
static enum drift_verdict both_verdicts(enum drift_verdict a, enum drift_verdict b)
{
	if (a == DRIFT_DRIFTED || b == DRIFT_DRIFTED)
		return DRIFT_DRIFTED;
	return a == DRIFT_SAME && b == DRIFT_SAME ? DRIFT_SAME : DRIFT_INCONCLUSIVE;
}

static void judge(struct comparison *x)
{
	size_t i, nd = 0;

	not_comparable(x);
	for (i = 0; i < x->asked; i++)
		nd += part_of(&x->cmp[i], PART_DRIFT) != NULL;
	reasoning_judge(x);
	if (!x->unusable && !nd && x->reasoning_only) {
		x->unusable = "nothing compared";
		snprintf(x->why, sizeof(x->why),
			 "no answer could be compared: in %zu prompts the reasoning took the %ld "
			 "tokens asked or the sides parted inside it; raise --compare-tokens, or "
			 "compare with --no-thinking (the reasoning's own figures are in the "
			 "report)",
			 x->reasoning_only, x->c->compare_tokens);
	}
	if (!x->unusable && !nd) {
		const struct side *s = x->cand.errors >= x->ref.errors ? &x->cand : &x->ref;

		x->unusable = "nothing compared";
		snprintf(x->why, sizeof(x->why),
			 "no prompt could be compared: the %s's answers: %s", s->label,
			 s->errors ? s->first_error : "no position listed alternatives");
	}
	behave_judge(x);
	if (!x->unusable && summarise_part(x, PART_DRIFT, &x->drift, &x->has_drift) < 0) {
		x->unusable = "out of memory";
		snprintf(x->why, sizeof(x->why), "out of memory");
	}
	if (!x->unusable)
		floor_so_far(x); /* the floor of every prompt, and its thresholds */
	else
		set_thresholds(x);
	if (x->has_drift && x->early) {
		x->verdict = DRIFT_DRIFTED;
		say_early(x);
	} else if (x->has_drift && x->beh_early && tool_tested(x)) {
		x->verdict = DRIFT_DRIFTED;
		say_behave_early(x);
	} else if (x->has_drift) {
		x->verdict = drift_verdict_of(&x->drift, x->max_kl, x->min_top1);
		if (tool_tested(x))
			x->verdict = both_verdicts(x->verdict, tool_verdict(x));
		say_why(x);
	}
}

static cJSON *interval(double low, double high)
{
	cJSON *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cJSON_CreateNumber(low));
	cJSON_AddItemToArray(a, cJSON_CreateNumber(high));
	return a;
}

static cJSON *summary_json(const struct drift_summary *s)
{
	cJSON *o = cJSON_CreateObject(), *kl, *top1, *ppl;

	cJSON_AddNumberToObject(o, "prompts", (double)s->prompts);
	cJSON_AddNumberToObject(o, "positions", (double)s->positions);
	cJSON_AddNumberToObject(o, "diverged", (double)s->diverged);
	cJSON_AddNumberToObject(o, "confidence", s->confidence);
	kl = cJSON_AddObjectToObject(o, "kl");
	cJSON_AddItemToObject(kl, "estimate", interval(s->kl_low, s->kl_high));
	cJSON_AddItemToObject(kl, "interval", interval(s->kl_ci.low, s->kl_ci.high));
	top1 = cJSON_AddObjectToObject(o, "top1");
	cJSON_AddNumberToObject(top1, "estimate", s->top1);
	cJSON_AddItemToObject(top1, "interval", interval(s->top1_ci.low, s->top1_ci.high));
	cJSON_AddNumberToObject(o, "rank_mean", s->rank_mean);
	ppl = cJSON_AddObjectToObject(o, "perplexity");
	cJSON_AddNumberToObject(ppl, "reference", s->ppl_ref);
	cJSON_AddItemToObject(ppl, "other", interval(s->ppl_cand_low, s->ppl_cand_high));
	return o;
}

/* how side s scored the reference's text, as the report names it */
static const char *scoring_key(const struct side *s)
{
	if (!s->scored_once)
		return "none";
	return s->scoring == SCORING_INPUT_LOGPROBS ? "input_logprobs" : "prompt_logprobs";
}

static cJSON *side_json(const struct side *s)
{
	cJSON *o = cJSON_CreateObject();
	char *url = text_clean_line(s->url), *model = text_clean_line(s->model ? s->model : "");

	cJSON_AddStringToObject(o, "endpoint", url ? url : "");
	if (s->model)
		cJSON_AddStringToObject(o, "model", model ? model : "");
	else
		cJSON_AddNullToObject(o, "model");
	cJSON_AddStringToObject(o, "engine", engine_key(s->ep.engine));
	cJSON_AddStringToObject(o, "thinking", thinking_mode_name(s->thinking));
	cJSON_AddNumberToObject(o, "alternatives", s->k_seen);
	cJSON_AddStringToObject(o, "scoring", scoring_key(s));
	cJSON_AddNumberToObject(o, "errors", (double)s->errors);
	cJSON_AddBoolToObject(o, "reasoning", s->reasoning);
	free(url);
	free(model);
	return o;
}

/* a prompt's figures, as the report writes them and --resume reads them
 * back (read_figures): the one place both know */
static void add_figures(cJSON *o, const struct drift_prompt *d)
{
	cJSON *nll = cJSON_CreateArray();

	cJSON_AddNumberToObject(o, "positions", (double)d->positions);
	cJSON_AddNumberToObject(o, "segments", (double)d->segments);
	cJSON_AddNumberToObject(o, "divergences", (double)d->divergences);
	cJSON_AddItemToObject(o, "kl", interval(d->kl_low, d->kl_high));
	cJSON_AddBoolToObject(o, "clipped", d->clipped);
	cJSON_AddNumberToObject(o, "top1", d->top1);
	cJSON_AddNumberToObject(o, "rank_mean", d->rank_mean);
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_ref));
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_cand_low));
	cJSON_AddItemToArray(nll, cJSON_CreateNumber(d->nll_cand_high));
	cJSON_AddItemToObject(o, "nll", nll);
}

static cJSON *prompt_json(const struct prompt *p, const struct compared *m)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", p->id);
	cJSON_AddStringToObject(o, "kind", p->kind);
	if (m->reasoning_positions > 0 && m->reasoning.positions) {
		cJSON *rs = cJSON_AddObjectToObject(o, "reasoning");

		cJSON_AddNumberToObject(rs, "tokens", (double)m->reasoning_positions);
		add_figures(rs, &m->reasoning);
		cJSON_AddNumberToObject(rs, "first_divergence",
					(double)m->reasoning.first_divergence);
	}
	if (m->error) {
		cJSON_AddStringToObject(o, "error", m->error);
		return o;
	}
	cJSON_AddNumberToObject(o, "prompt_tokens", (double)m->ref_tokens);
	if (m->resumed)
		cJSON_AddBoolToObject(o, "resumed", true);
	add_figures(o, &m->drift);
	if (m->drift.first_divergence >= 0) {
		cJSON *dv = cJSON_AddObjectToObject(o, "first_divergence");

		cJSON_AddNumberToObject(dv, "position", (double)m->drift.first_divergence);
		cJSON_AddStringToObject(dv, "reference", m->ref_at ? m->ref_at : "");
		cJSON_AddStringToObject(dv, "candidate", m->cand_at ? m->cand_at : "");
		cJSON_AddStringToObject(dv, "before", m->before ? m->before : "");
	} else {
		cJSON_AddNullToObject(o, "first_divergence");
	}
	if (m->floor.positions) {
		cJSON *fl = cJSON_AddObjectToObject(o, "floor");

		add_figures(fl, &m->floor);
		cJSON_AddNumberToObject(fl, "first_divergence", (double)m->floor.first_divergence);
	}
	return o;
}

/* the finish reasons of one side, by kind */
static cJSON *finish_json(const size_t *f)
{
	cJSON *o = cJSON_CreateObject();
	int k;

	for (k = 0; k < BEHAVE_FINISH_N; k++)
		cJSON_AddNumberToObject(o, behave_finish_name((enum behave_finish)k), (double)f[k]);
	return o;
}

/* a share, or null when there is nothing to share */
static cJSON *share_json(double v)
{
	return v < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(v);
}

/* one side's behaviour against the reference's */
static cJSON *behave_json(const struct behave_summary *b)
{
	cJSON *o = cJSON_CreateObject(), *t, *u;

	cJSON_AddNumberToObject(o, "requests", (double)b->n);
	t = cJSON_AddObjectToObject(o, "trigger");
	cJSON_AddNumberToObject(t, "both", (double)b->tp);
	cJSON_AddNumberToObject(t, "other_only", (double)b->fp);
	cJSON_AddNumberToObject(t, "reference_only", (double)b->fn);
	cJSON_AddNumberToObject(t, "neither", (double)b->tn);
	cJSON_AddItemToObject(t, "precision", share_json(b->precision));
	cJSON_AddItemToObject(t, "recall", share_json(b->recall));
	cJSON_AddItemToObject(t, "f1", share_json(b->f1));
	if (b->f1_defined)
		cJSON_AddItemToObject(t, "interval", interval(b->f1_ci.low, b->f1_ci.high));
	else
		cJSON_AddNullToObject(t, "interval");
	cJSON_AddNumberToObject(t, "confidence", b->confidence);
	u = cJSON_AddObjectToObject(o, "same_tool");
	cJSON_AddNumberToObject(u, "both_called", (double)b->both_called);
	cJSON_AddNumberToObject(u, "same", (double)b->same_tool);
	u = cJSON_AddObjectToObject(o, "arguments");
	cJSON_AddNumberToObject(u, "calls", (double)b->calls);
	cJSON_AddNumberToObject(u, "valid", (double)b->args_valid);
	cJSON_AddNumberToObject(o, "exact", (double)b->exact);
	u = cJSON_AddObjectToObject(o, "structured");
	cJSON_AddNumberToObject(u, "asked", (double)b->structured);
	cJSON_AddNumberToObject(u, "valid", (double)b->structured_valid);
	u = cJSON_AddObjectToObject(o, "finish");
	cJSON_AddItemToObject(u, "reference", finish_json(b->finish_a));
	cJSON_AddItemToObject(u, "other", finish_json(b->finish_b));
	return o;
}

/* one answer of a dataset request, briefly */
static cJSON *answer_json(const struct behave_answer *a)
{
	cJSON *o = cJSON_CreateObject();
	char digest[24];

	if (!a->answered) {
		cJSON_AddBoolToObject(o, "answered", false);
		return o;
	}
	cJSON_AddBoolToObject(o, "answered", true);
	if (a->called)
		cJSON_AddStringToObject(o, "tool", a->tool);
	else
		cJSON_AddNullToObject(o, "tool");
	if (a->args_valid >= 0)
		cJSON_AddBoolToObject(o, "arguments_valid", a->args_valid == 1);
	if (a->structured >= 0)
		cJSON_AddBoolToObject(o, "structured_valid", a->structured == 1);
	cJSON_AddStringToObject(o, "finish", behave_finish_name(a->finish));
	snprintf(digest, sizeof(digest), "%016llx", (unsigned long long)a->digest);
	cJSON_AddStringToObject(o, "digest", digest);
	return o;
}

/* an answer as answer_json wrote it, back; false when it is not one a
 * resumed comparison can take (not answered, or from a report without
 * digests) */
static bool answer_read(const cJSON *o, struct behave_answer *a)
{
	const cJSON *tool = cJSON_GetObjectItemCaseSensitive(o, "tool");
	const cJSON *args = cJSON_GetObjectItemCaseSensitive(o, "arguments_valid");
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "structured_valid");
	const char *digest = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "digest"));
	char *end;

	memset(a, 0, sizeof(*a));
	if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "answered")) || !digest ||
	    strlen(digest) != 16 || (!cJSON_IsString(tool) && !cJSON_IsNull(tool)))
		return false;
	a->digest = (uint64_t)strtoull(digest, &end, 16);
	if (*end)
		return false;
	a->answered = true;
	a->called = cJSON_IsString(tool);
	snprintf(a->tool, sizeof(a->tool), "%s", a->called ? tool->valuestring : "");
	a->args_valid = cJSON_IsBool(args) ? cJSON_IsTrue(args) : -1;
	a->structured = cJSON_IsBool(st) ? cJSON_IsTrue(st) : -1;
	a->finish = behave_finish_named(
		cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "finish")));
	return true;
}

/* the report's "behaviour": null without --dataset */
static cJSON *behaviour_json(const struct comparison *x)
{
	cJSON *o, *list;
	char *src;
	size_t i;

	if (!x->c->dataset)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	src = text_clean_line(x->dataset.source);
	cJSON_AddStringToObject(o, "dataset",
				strcmp(x->c->dataset, "builtin") ? (src ? src : "") : "built-in");
	free(src);
	cJSON_AddNumberToObject(o, "requests", (double)x->dataset.n);
	cJSON_AddNumberToObject(o, "asked", (double)x->beh_asked);
	if (x->beh_skipped)
		cJSON_AddStringToObject(o, "skipped", x->beh_skipped);
	if (x->beh_resumed)
		cJSON_AddNumberToObject(o, "resumed", (double)x->beh_resumed);
	cJSON_AddNumberToObject(o, "reference_errors", (double)x->beh_ref_errors);
	cJSON_AddNumberToObject(o, "candidate_errors", (double)x->beh_cand_errors);
	if (*x->beh_error)
		cJSON_AddStringToObject(o, "first_error", x->beh_error);
	cJSON_AddItemToObject(o, "floor",
			      x->has_behave ? behave_json(&x->beh_floor) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "drift",
			      x->has_behave ? behave_json(&x->behave) : cJSON_CreateNull());
	list = cJSON_AddArrayToObject(o, "items");
	for (i = 0; i < x->beh_asked; i++) {
		const struct behave_answer *a = &x->beh[3 * i];
		cJSON *it = cJSON_CreateObject();

		cJSON_AddStringToObject(it, "id", x->dataset.p[i].id);
		cJSON_AddItemToObject(it, "reference", answer_json(&a[0]));
		cJSON_AddItemToObject(it, "again", answer_json(&a[1]));
		cJSON_AddItemToObject(it, "candidate", answer_json(&a[2]));
		cJSON_AddBoolToObject(it, "exact",
				      a[0].answered && a[2].answered && a[0].digest == a[2].digest);
		cJSON_AddItemToArray(list, it);
	}
	return o;
}

/* the metrics a report shows: the tool-call F1's with a dataset */
static int metrics_shown(const struct comparison *x)
{
	return x->c->dataset ? METRIC_N : METRIC_TOOL;
}

/* why the tool-call F1 was not tested, with a dataset */
static void tool_untested_why(const struct comparison *x, char *line, size_t n)
{
	if (x->beh_skipped)
		snprintf(line, n, "the dataset was not asked: %s", x->beh_skipped);
	else if (!x->has_behave)
		snprintf(line, n, "no dataset request was answered by both sides%s%s",
			 *x->beh_error ? ": " : "", x->beh_error);
	else
		snprintf(line, n, "neither side called a tool on any of the %zu requests",
			 x->behave.n);
}

/* each metric tested: its verdict, interval, limit and the sentence that
 * says them (the one place the page and the JUnit read them from) */
static cJSON *metrics_json(const struct comparison *x)
{
	cJSON *list = cJSON_CreateArray();
	int m;

	for (m = 0; x->has_drift && m < metrics_shown(x); m++) {
		cJSON *o = cJSON_CreateObject();
		char line[600];
		struct drift_interval ci = m == METRIC_KL     ? x->drift.kl_ci
					   : m == METRIC_TOP1 ? x->drift.top1_ci
							      : x->behave.f1_ci;
		bool tested = m != METRIC_TOOL || tool_tested(x);
		enum drift_verdict v = tested ? metric_of(x, (enum metric)m, line, sizeof(line))
					      : DRIFT_INCONCLUSIVE;

		if (!tested)
			tool_untested_why(x, line, sizeof(line));
		cJSON_AddStringToObject(o, "name",
					comparison_metric_key((enum comparison_metric)m));
		cJSON_AddStringToObject(o, "verdict",
					tested ? drift_verdict_name(v) : "not tested");
		if (tested)
			cJSON_AddItemToObject(o, "interval", interval(ci.low, ci.high));
		else
			cJSON_AddNullToObject(o, "interval");
		cJSON_AddNumberToObject(o, "limit",
					m == METRIC_KL	   ? x->max_kl
					: m == METRIC_TOP1 ? x->min_top1
							   : x->min_tool);
		cJSON_AddStringToObject(o, "why", line);
		cJSON_AddItemToArray(list, o);
	}
	return list;
}

/* how the reasoning was compared: "separate" (its positions apart from the
 * answer's, which the verdict reads), "included" (an answer's reasoning
 * could not be told from its content), "none" */
static const char *reasoning_word(const struct comparison *x)
{
	size_t i;

	for (i = 0; i < x->asked; i++)
		if (x->cmp[i].reasoning_positions < 0)
			return "included";
	if (x->has_reasoning)
		return "separate";
	return x->ref.reasoning || x->cand.reasoning ? "included" : "none";
}

static const char *verdict_word(const struct comparison *x)
{
	if (*x->stop)
		return "interrupted";
	return x->unusable ? "unusable" : drift_verdict_name(x->verdict);
}

/* the report's settings and thresholds */
static void add_settings(const struct comparison *x, cJSON *o)
{
	const struct config *c = x->c;
	char *src = text_clean_line(x->corpus.source);
	cJSON *set, *th;

	set = cJSON_AddObjectToObject(o, "settings");
	cJSON_AddStringToObject(set, "prompts", c->prompts ? (src ? src : "") : "built-in");
	cJSON_AddNumberToObject(set, "prompts_asked", (double)x->asked);
	cJSON_AddNumberToObject(set, "tokens", (double)c->compare_tokens);
	cJSON_AddNumberToObject(set, "top_logprobs", c->top_logprobs);
	cJSON_AddNumberToObject(set, "realign", c->realign);
	cJSON_AddBoolToObject(set, "teacher_forcing", !c->no_teacher_forcing);
	cJSON_AddNumberToObject(set, "resumed", (double)x->resumed);
	cJSON_AddStringToObject(set, "thinking", thinking_mode_name(c->thinking));
	cJSON_AddNumberToObject(set, "kl_cap", DRIFT_KL_CAP);
	cJSON_AddNumberToObject(set, "floor_logprob", DRIFT_FLOOR_LOGPROB);
	cJSON_AddNumberToObject(set, "resamples", COMPARE_RESAMPLES);
	cJSON_AddNumberToObject(set, "alpha", COMPARE_ALPHA);
	cJSON_AddBoolToObject(set, "allow_inconclusive", c->allow_inconclusive);
	th = cJSON_AddObjectToObject(o, "thresholds");
	cJSON_AddNumberToObject(th, "max_kl", x->max_kl);
	cJSON_AddNumberToObject(th, "min_top1", x->min_top1);
	cJSON_AddStringToObject(th, "max_kl_from", x->max_kl_from ? x->max_kl_from : "default");
	cJSON_AddStringToObject(th, "min_top1_from",
				x->min_top1_from ? x->min_top1_from : "default");
	if (c->dataset) {
		cJSON_AddNumberToObject(th, "min_tool_agreement", x->min_tool);
		cJSON_AddStringToObject(th, "min_tool_agreement_from",
					x->min_tool_from ? x->min_tool_from : "default");
	}
	free(src);
}

/* why side s stopped being asked to score, under realignments.not_scored */
static void add_refusal(cJSON *re, const char *key, const struct side *s)
{
	cJSON *o = cJSON_GetObjectItemCaseSensitive(re, "not_scored");

	if (!*s->score_refused)
		return;
	if (!o)
		o = cJSON_AddObjectToObject(re, "not_scored");
	cJSON_AddStringToObject(o, key, s->score_refused);
}

/* The comparison's report (preflight-comparison/v1), the one document
 * every format is drawn from. Caller deletes. */
static cJSON *report_doc(const struct comparison *x)
{
	const struct config *c = x->c;
	cJSON *o = cJSON_CreateObject(), *ps, *re, *sq;
	size_t i;

	cJSON_AddStringToObject(o, "schema", "preflight-comparison/v1");
	cJSON_AddStringToObject(o, "preflight", PREFLIGHT_VERSION);
	cJSON_AddItemToObject(o, "reference", side_json(&x->ref));
	cJSON_AddItemToObject(o, "candidate", side_json(&x->cand));
	add_settings(x, o);
	if (x->has_floor)
		cJSON_AddItemToObject(o, "floor", summary_json(&x->floor));
	else
		cJSON_AddNullToObject(o, "floor");
	if (x->has_drift)
		cJSON_AddItemToObject(o, "drift", summary_json(&x->drift));
	else
		cJSON_AddNullToObject(o, "drift");
	cJSON_AddStringToObject(o, "verdict", verdict_word(x));
	if (x->unusable || *x->stop || (x->has_drift && x->verdict != DRIFT_SAME))
		cJSON_AddStringToObject(o, "reason", *x->stop ? "interrupted" : x->why);
	cJSON_AddItemToObject(o, "metrics", metrics_json(x));
	sq = cJSON_AddObjectToObject(o, "sequential");
	cJSON_AddBoolToObject(sq, "enabled", !c->no_early_stop);
	cJSON_AddNumberToObject(sq, "alpha", SEQ_ALPHA);
	cJSON_AddNumberToObject(sq, "looks", (double)x->looks);
	cJSON_AddBoolToObject(sq, "stopped_early", x->early);
	cJSON_AddNumberToObject(sq, "prompts_not_asked", (double)(x->corpus.n - x->asked));
	if (c->dataset) {
		cJSON_AddBoolToObject(sq, "dataset_stopped_early", x->beh_early);
		cJSON_AddNumberToObject(sq, "requests_not_asked",
					(double)(x->dataset.n - x->beh_asked));
	}
	cJSON_AddNumberToObject(sq, "requests", (double)x->requests);
	cJSON_AddBoolToObject(sq, "capped", x->capped);
	re = cJSON_AddObjectToObject(o, "realignments");
	cJSON_AddNumberToObject(re, "answered", (double)x->realigned);
	cJSON_AddNumberToObject(re, "failed", (double)x->realign_failed);
	cJSON_AddNumberToObject(re, "scored", (double)x->scored);
	add_refusal(re, "reference", &x->ref);
	add_refusal(re, "candidate", &x->cand);
	cJSON_AddStringToObject(o, "reasoning", reasoning_word(x));
	cJSON_AddItemToObject(o, "reasoning_drift",
			      x->has_reasoning ? summary_json(&x->reasoning) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "behaviour", behaviour_json(x));
	ps = cJSON_AddArrayToObject(o, "prompts");
	for (i = 0; i < x->asked; i++)
		cJSON_AddItemToArray(ps, prompt_json(&x->corpus.p[i], &x->cmp[i]));
	return o;
}

/* every report asked for (--json, --junit, --markdown, --html; "-" is stdout): 0,
 * or -1 after saying which could not be written (the others still are) */
static int write_reports(const struct comparison *x)
{
	cJSON *doc = x->c->n_outputs ? report_doc(x) : NULL;
	char *json = NULL; /* printed once, when --json asks */
	int rc = 0;
	size_t i;

	for (i = 0; i < x->c->n_outputs; i++) {
		const struct config_output *o = &x->c->outputs[i];
		struct buf text = BUF_INIT(0);
		char err[512];
		int bad;

		if (!doc)
			bad = -1;
		else if (!strcmp(o->format, "json"))
			bad = !(json = json ? json : cJSON_Print(doc)) || buf_puts(&text, json);
		else if (!strcmp(o->format, "html"))
			bad = comparison_html_render(doc, &text);
		else if (!strcmp(o->format, "junit"))
			bad = comparison_junit_render(doc, &text);
		else
			bad = comparison_markdown_render(doc, &text);
		if (bad)
			snprintf(err, sizeof(err), "out of memory");
		else if (!strcmp(o->path, "-"))
			bad = say_document_stdout(o->option, text.data, text.len, err, sizeof(err));
		else
			bad = say_file(o->path, text.data, text.len, err, sizeof(err));
		if (bad) {
			say_error("%s %s: %s", o->option, o->path, err);
			rc = -1;
		}
		buf_release(&text);
	}
	cJSON_Delete(doc);
	free(json);
	return rc;
}

/* --- the console ------------------------------------------------------------------- */

static void say_row(const char *label, const struct drift_summary *s)
{
	char est[80], ci[80];

	comparison_kl_text(est, sizeof(est), s->kl_low, s->kl_high);
	comparison_kl_text(ci, sizeof(ci), s->kl_ci.low, s->kl_ci.high);
	say_printf(SAY_OUT,
		   "  %-22s KL %s nats (CI %s)   top-1 %.1f%% (CI %.1f-%.1f)   "
		   "diverged %zu of %zu\n",
		   label, est, ci, 100 * s->top1, 100 * s->top1_ci.low, 100 * s->top1_ci.high,
		   s->diverged, s->prompts);
}

/* what was not compared, and why the asking stopped */
static void console_notes(const struct comparison *x)
{
	if (x->resumed)
		say_printf(SAY_OUT, "  resumed: %zu prompts taken from %s\n", x->resumed,
			   x->c->resume);
	if (*x->resume_note)
		say_printf(SAY_OUT, "  %s\n", x->resume_note);
	if (x->ref.errors)
		say_printf(SAY_OUT,
			   "  not compared: %zu of %zu prompts, the reference failed (%s)\n",
			   x->ref.errors, x->asked, x->ref.first_error);
	if (x->cand.errors)
		say_printf(SAY_OUT,
			   "  not compared: %zu of %zu prompts, the candidate failed (%s)\n",
			   x->cand.errors, x->asked, x->cand.first_error);
	if (x->scored)
		say_printf(SAY_OUT,
			   "  teacher-forced: %zu diverged pairs re-aligned by scoring the "
			   "reference's answer on both sides (reference: %s, candidate: %s)\n",
			   x->scored, scoring_key(&x->ref), scoring_key(&x->cand));
	if (*x->ref.score_refused || *x->cand.score_refused)
		say_printf(SAY_OUT,
			   "  not teacher-forced: the %s would not score a given text (%s); its "
			   "pairs were continued greedily\n",
			   *x->ref.score_refused ? "reference" : "candidate",
			   *x->ref.score_refused ? x->ref.score_refused : x->cand.score_refused);
	if (x->reasoning_only)
		say_printf(
			SAY_OUT,
			"  answers not compared: %zu of %zu prompts, the reasoning took the tokens "
			"asked or the sides parted inside it\n",
			x->reasoning_only, x->asked);
	if (x->early)
		say_printf(SAY_OUT,
			   "  stopped early: %zu of %zu prompts asked, %zu requests sent; the "
			   "candidate had drifted beyond doubt\n",
			   x->asked, x->corpus.n, x->requests);
	else if (x->beh_early)
		say_printf(SAY_OUT,
			   "  stopped early: %zu of %zu dataset requests asked, %zu requests sent; "
			   "the candidate's tool calls had drifted beyond doubt\n",
			   x->beh_asked, x->dataset.n, x->requests);
	else if (x->capped)
		say_printf(SAY_OUT, "  --max-requests reached: %zu of %zu prompts asked\n",
			   x->asked, x->corpus.n);
}

/* one side's behaviour: "tool calls F1 0.93 (CI 0.85-1.00), ..." */
static void say_behave_row(const char *label, const struct behave_summary *b)
{
	char f1[96] = "no tool called";

	if (b->f1_defined)
		snprintf(f1, sizeof(f1), "F1 %.2f (CI %.2f-%.2f)", b->f1, b->f1_ci.low,
			 b->f1_ci.high);
	say_printf(SAY_OUT,
		   "  %-22s tool calls %s   same tool %zu of %zu   arguments valid %zu of %zu   "
		   "exact %zu of %zu\n",
		   label, f1, b->same_tool, b->both_called, b->args_valid, b->calls, b->exact,
		   b->n);
}

/* the dataset's lines: what was asked, the floor and the candidate */
static void console_behaviour(const struct comparison *x)
{
	const struct behave_summary *b = &x->behave;
	int k;

	if (!x->c->dataset)
		return;
	if (x->beh_skipped || !x->has_behave) {
		char line[600];

		tool_untested_why(x, line, sizeof(line));
		say_printf(SAY_OUT, "  dataset: %s\n", line);
		return;
	}
	say_printf(SAY_OUT,
		   "  dataset: %zu requests (%s), temperature 0, each side's answer and tool "
		   "calls (reasoning left out)\n",
		   b->n, strcmp(x->c->dataset, "builtin") ? "--dataset" : "built-in");
	if (x->beh_resumed)
		say_printf(SAY_OUT,
			   "  %-22s the first %zu requests' answers from --resume's report\n", "",
			   x->beh_resumed);
	say_behave_row("noise floor (ref, ref)", &x->beh_floor);
	say_behave_row("candidate", b);
	say_printf(SAY_OUT, "  %-22s", "finish reasons");
	for (k = 0; k < BEHAVE_FINISH_N; k++)
		if (b->finish_a[k] || b->finish_b[k])
			say_printf(SAY_OUT, " %s %zu→%zu",
				   behave_finish_name((enum behave_finish)k), b->finish_a[k],
				   b->finish_b[k]);
	say(SAY_OUT, " (reference→candidate)\n");
	if (b->structured)
		say_printf(SAY_OUT, "  %-22s %zu of %zu valid\n", "structured output",
			   b->structured_valid, b->structured);
	if (x->beh_ref_errors || x->beh_cand_errors)
		say_printf(SAY_OUT, "  not answered: reference %zu, candidate %zu (%s)\n",
			   x->beh_ref_errors, x->beh_cand_errors, x->beh_error);
}

/* the console's last line: the verdict and why */
static void console_verdict(const struct comparison *x)
{
	const struct config *c = x->c;

	if (*x->stop) /* whatever the prompts asked so far say */
		say_printf(SAY_OUT, "COMPARE: INTERRUPTED - %zu of %zu prompts asked\n", x->asked,
			   x->corpus.n);
	else if (x->unusable)
		say_printf(SAY_OUT, "COMPARE: UNUSABLE - %s\n", x->why);
	else if (x->verdict == DRIFT_SAME && tool_tested(x))
		say_printf(SAY_OUT,
			   "COMPARE: SAME - the candidate's distributions are within "
			   "%.3g nats and %.1f%% top-1 of the reference's, its tool calls above "
			   "F1 %.2f\n",
			   x->max_kl, 100 * x->min_top1, x->min_tool);
	else if (x->verdict == DRIFT_SAME)
		say_printf(SAY_OUT,
			   "COMPARE: SAME - the candidate's distributions are within "
			   "%.3g nats and %.1f%% top-1 of the reference's\n",
			   x->max_kl, 100 * x->min_top1);
	else if (x->verdict == DRIFT_DRIFTED)
		say_printf(SAY_OUT, "COMPARE: DRIFTED - %s\n", x->why);
	else
		say_printf(SAY_OUT,
			   "COMPARE: INCONCLUSIVE%s - %s: the interval straddles the "
			   "threshold; %s narrow it\n",
			   c->allow_inconclusive ? " (allowed)" : "", x->why,
			   drift_verdict_of(&x->drift, x->max_kl, x->min_top1) == DRIFT_SAME
				   ? "more dataset requests (--dataset)"
				   : "more prompts (--prompts) or more tokens (--compare-tokens)");
}

static void console(const struct comparison *x)
{
	const struct config *c = x->c;
	char *rm = text_clean_line(x->ref.model ? x->ref.model : "");
	char *cm = text_clean_line(x->cand.model ? x->cand.model : "");

	say_printf(SAY_OUT, "compare: candidate %s%s%s%s against reference %s%s%s%s\n", x->cand.url,
		   cm && *cm ? " (" : "", cm ? cm : "", cm && *cm ? ")" : "", x->ref.url,
		   rm && *rm ? " (" : "", rm ? rm : "", rm && *rm ? ")" : "");
	free(rm);
	free(cm);
	if (x->asked)
		say_printf(SAY_OUT,
			   "  %zu prompts (%s), %ld tokens each, top-%d alternatives asked; "
			   "%zu positions compared\n",
			   x->asked, c->prompts ? "--prompts" : "built-in", c->compare_tokens,
			   c->top_logprobs, x->has_drift ? x->drift.positions : 0);
	if (x->has_floor)
		say_row("noise floor (ref, ref)", &x->floor);
	if (x->has_drift)
		say_row("candidate", &x->drift);
	console_notes(x);
	console_behaviour(x);
	if (x->has_reasoning)
		say_row("reasoning, apart", &x->reasoning);
	if (!strcmp(reasoning_word(x), "separate"))
		say(SAY_OUT, "  the answers carried reasoning: its tokens are compared apart (the "
			     "row above); the verdict reads the answers'\n");
	else if (!strcmp(reasoning_word(x), "included"))
		say(SAY_OUT, "  the answers carried reasoning that could not be told from their "
			     "content: its tokens are compared with the answer's (--no-thinking "
			     "compares answers alone)\n");
	if (x->has_drift && x->ref.k_seen && x->cand.k_seen &&
	    (x->ref.k_seen < c->top_logprobs || x->cand.k_seen < c->top_logprobs))
		say_printf(SAY_OUT,
			   "  alternatives listed: reference %d, candidate %d of %d asked; "
			   "the KL is bounded over the fewer\n",
			   x->ref.k_seen, x->cand.k_seen, c->top_logprobs);
	if (!x->unusable && !*x->stop)
		say_printf(SAY_OUT,
			   "  thresholds: KL below %.3g nats (%s), top-1 above %.1f%% (%s)%s\n",
			   x->max_kl, x->max_kl_from, 100 * x->min_top1, x->min_top1_from,
			   tool_tested(x) ? "," : "");
	if (!x->unusable && !*x->stop && tool_tested(x))
		say_printf(SAY_OUT, "              tool-call F1 above %.2f (%s)\n", x->min_tool,
			   x->min_tool_from);
	console_verdict(x);
}

/* --- reading a comparison report back ------------------------------------------- */

/* A compare --json report read as jsonfile reads large ones: its head (the
 * prompts left out) as a tree, its prompts one at a time, so a hostile
 * file costs its text and one prompt's tree. */
struct report_in {
	struct buf text;
	char err[512];
	struct jsonfile f;
	struct jsonfile_split split;
	bool has_split;
};

static void report_in_release(struct report_in *r)
{
	if (r->has_split)
		jsonfile_split_release(&r->split);
	buf_release(&r->text);
	memset(r, 0, sizeof(*r));
}

/* 1 when path holds a comparison report (r->split.head its head), 0 when
 * it holds something else, -1 when it cannot be read (r->err says why) */
static int report_in_open(struct report_in *r, const char *path)
{
	static const char *const keys[] = { "prompts", NULL };
	const char *schema;

	memset(r, 0, sizeof(*r));
	if (file_read(path, COMPARE_FILE_MAX * 4, &r->text, r->err, sizeof(r->err)))
		return -1;
	r->f = (struct jsonfile){ .path = path,
				  .text = buf_cstr(&r->text),
				  .len = r->text.len,
				  .err = r->err,
				  .errlen = sizeof(r->err) };
	if (jsonfile_split(&r->f, keys, r->text.len + (1u << 20), &r->split))
		return 0;
	r->has_split = true;
	schema = cJSON_GetStringValue(cJSON_GetObjectItem(r->split.head, "schema"));
	return schema && !strcmp(schema, "preflight-comparison/v1") ? 1 : 0;
}

/* --- resuming ----------------------------------------------------------------------- */

static double num_at(const cJSON *o, const char *key, int i)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_GetNumberValue(i < 0 ? v : cJSON_GetArrayItem(v, i));
}

static size_t count_at(const cJSON *o, const char *key)
{
	double v = num_at(o, key, -1);

	return isfinite(v) && v >= 0 && v < 1e12 ? (size_t)v : 0;
}

/* a prompt's figures as add_figures wrote them: 0, or -1 when one is
 * missing or out of its range (then the prompt is asked again) */
static int read_figures(const cJSON *o, struct drift_prompt *d)
{
	memset(d, 0, sizeof(*d));
	d->positions = count_at(o, "positions");
	d->segments = count_at(o, "segments");
	d->divergences = count_at(o, "divergences");
	d->kl_low = num_at(o, "kl", 0);
	d->kl_high = num_at(o, "kl", 1);
	d->clipped = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "clipped"));
	d->top1 = num_at(o, "top1", -1);
	d->rank_mean = num_at(o, "rank_mean", -1);
	d->nll_ref = num_at(o, "nll", 0);
	d->nll_cand_low = num_at(o, "nll", 1);
	d->nll_cand_high = num_at(o, "nll", 2);
	d->first_divergence = -1;
	return d->positions && d->segments && d->kl_low >= 0 && d->kl_low <= d->kl_high &&
			       d->kl_high <= DRIFT_KL_CAP && d->top1 >= 0 && d->top1 <= 1 &&
			       d->rank_mean >= 1 && isfinite(d->nll_ref) &&
			       d->nll_cand_low <= d->nll_cand_high
		       ? 0
		       : -1;
}

/* one prompt of --resume's report into m: 0, or -1 (asked again) */
static int take_prompt(const cJSON *o, struct compared *m)
{
	const cJSON *dv = cJSON_GetObjectItemCaseSensitive(o, "first_divergence");
	const cJSON *fl = cJSON_GetObjectItemCaseSensitive(o, "floor");
	const cJSON *rs = cJSON_GetObjectItemCaseSensitive(o, "reasoning");
	double at = num_at(dv, "position", -1);

	if (cJSON_GetObjectItemCaseSensitive(o, "error") || read_figures(o, &m->drift) ||
	    (fl && read_figures(fl, &m->floor)))
		return -1;
	m->drift.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
	if (fl) {
		at = num_at(fl, "first_divergence", -1);
		m->floor.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
	}
	m->ref_tokens = m->cand_tokens = (long)count_at(o, "prompt_tokens");
	if (rs && !read_figures(rs, &m->reasoning)) {
		at = num_at(rs, "first_divergence", -1);
		m->reasoning.first_divergence = isfinite(at) && at >= 0 && at < 1e9 ? (long)at : -1;
		m->reasoning_positions = (long)count_at(rs, "tokens");
	}
	m->ref_at = text_clean_line(cJSON_GetStringValue(cJSON_GetObjectItem(dv, "reference")));
	m->cand_at = text_clean_line(cJSON_GetStringValue(cJSON_GetObjectItem(dv, "candidate")));
	if (cJSON_IsString(cJSON_GetObjectItem(dv, "before")))
		m->before = text_excerpt(cJSON_GetObjectItem(dv, "before")->valuestring,
					 strlen(cJSON_GetObjectItem(dv, "before")->valuestring),
					 BEFORE_MAX + 4, true);
	m->done = m->resumed = true;
	return 0;
}

/* what a setting of --resume's report must equal, or why not */
static int same_setting(const cJSON *doc, const char *obj, const char *key, const char *want,
			double want_n, char *err, size_t errlen)
{
	const cJSON *v =
		cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, obj), key);
	char got[128];

	if (want ? cJSON_IsString(v) && !strcmp(v->valuestring, want)
		 : cJSON_IsNumber(v) && v->valuedouble == want_n)
		return 0;
	if (cJSON_IsString(v))
		snprintf(got, sizeof(got), "'%.100s'", v->valuestring);
	else if (cJSON_IsNumber(v))
		snprintf(got, sizeof(got), "%g", v->valuedouble);
	else
		snprintf(got, sizeof(got), "nothing");
	if (want)
		snprintf(err, errlen, "its %s.%s is %s, this comparison's '%.200s'", obj, key, got,
			 want);
	else
		snprintf(err, errlen, "its %s.%s is %s, this comparison's %g", obj, key, got,
			 want_n);
	return -1;
}

/* --resume FILE, before any request: a report of this comparison (the
 * endpoints, the prompts, the tokens, the alternatives, the
 * re-alignments, the thinking). 0, or -1 with the reason (exit 2). */
/* --resume's dataset answers: the longest run of the dataset's first
 * requests the report holds whole (the three answers, each with its
 * digest); a request that failed or was cut there, and every one after
 * it, is asked again. Returns 0, or -1 (why) when the report compared
 * another dataset. */
static int resume_dataset(struct comparison *x, const cJSON *head, char *why, size_t whylen)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(head, "behaviour"), *it;
	static const char *const sides[] = { "reference", "again", "candidate" };
	char *src;
	size_t n = 0, k;
	int rc;

	if (!x->c->dataset || !cJSON_IsObject(b))
		return 0; /* none then: every request is asked */
	src = text_clean_line(x->dataset.source);
	rc = same_setting(head, "behaviour", "dataset",
			  strcmp(x->c->dataset, "builtin") ? (src ? src : "") : "built-in", 0, why,
			  whylen) ||
	     same_setting(head, "behaviour", "requests", NULL, (double)x->dataset.n, why, whylen);
	free(src);
	if (rc || !(x->beh_prior = xcalloc(3 * x->dataset.n + 1, sizeof(*x->beh_prior))))
		return rc ? -1 : 0; /* short of memory: asked again */
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(b, "items"))
	{
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "id"));

		if (n == x->dataset.n || !id || strcmp(id, x->dataset.p[n].id))
			break;
		for (k = 0; k < 3; k++)
			if (!answer_read(cJSON_GetObjectItemCaseSensitive(it, sides[k]),
					 &x->beh_prior[3 * n + k]))
				break;
		if (k < 3)
			break;
		n++;
	}
	x->beh_resumed = n;
	return 0;
}

static int resume_read(struct comparison *x, char *err, size_t errlen)
{
	const struct config *c = x->c;
	char why[512], *ref = text_clean_line(c->reference), *cand = text_clean_line(c->endpoint);
	char *src = text_clean_line(x->corpus.source);
	const cJSON *head;
	int rc = -1, is;

	if (!(x->resume = xcalloc(1, sizeof(*x->resume)))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if ((is = report_in_open(x->resume, c->resume)) <= 0) {
		snprintf(err, errlen, "--resume %s: %s", c->resume,
			 is < 0 ? x->resume->err : "not a report of preflight compare --json");
		goto out;
	}
	head = x->resume->split.head;
	if (same_setting(head, "reference", "endpoint", ref ? ref : "", 0, why, sizeof(why)) ||
	    same_setting(head, "candidate", "endpoint", cand ? cand : "", 0, why, sizeof(why)) ||
	    same_setting(head, "settings", "prompts", c->prompts ? (src ? src : "") : "built-in", 0,
			 why, sizeof(why)) ||
	    same_setting(head, "settings", "tokens", NULL, (double)c->compare_tokens, why,
			 sizeof(why)) ||
	    same_setting(head, "settings", "top_logprobs", NULL, c->top_logprobs, why,
			 sizeof(why)) ||
	    same_setting(head, "settings", "realign", NULL, c->realign, why, sizeof(why)) ||
	    same_setting(head, "settings", "thinking", thinking_mode_name(c->thinking), 0, why,
			 sizeof(why)) ||
	    same_setting(head, "reference", "thinking", thinking_mode_name(x->ref.thinking), 0, why,
			 sizeof(why)) ||
	    resume_dataset(x, head, why, sizeof(why))) {
		snprintf(err, errlen, "--resume %s is another comparison: %s", c->resume, why);
		goto out;
	}
	rc = 0;
out:
	free(ref);
	free(cand);
	free(src);
	return rc;
}

/* After discovery: the prompts of --resume's report whose figures are
 * whole are taken (by id, in corpus order), and its dataset answers
 * (resume_dataset), unless it compared other models (then none is, and
 * the console says so). */
static void resume_take(struct comparison *x)
{
	const cJSON *head;
	cJSON *o;
	char why[512];

	if (!x->resume)
		return;
	head = x->resume->split.head;
	if (same_setting(head, "reference", "model", x->ref.model ? x->ref.model : "", 0, why,
			 sizeof(why)) ||
	    same_setting(head, "candidate", "model", x->cand.model ? x->cand.model : "", 0, why,
			 sizeof(why))) {
		snprintf(x->resume_note, sizeof(x->resume_note),
			 "--resume: nothing taken, the report compared other models (%s)", why);
		x->beh_resumed = 0; /* nor its dataset answers */
		goto out;
	}
	jsonfile_split_select(&x->resume->split, 0);
	while ((o = jsonfile_next(&x->resume->f, &x->resume->split))) {
		const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(o, "id"));
		size_t i;

		for (i = 0; id && i < x->corpus.n; i++)
			if (!x->cmp[i].done && !strcmp(x->corpus.p[i].id, id)) {
				x->resumed += !take_prompt(o, &x->cmp[i]);
				break;
			}
		cJSON_Delete(o);
	}
out:
	report_in_release(x->resume);
	free(x->resume);
	x->resume = NULL;
}

/* --- diff of two comparisons ---------------------------------------------------- */

/* what a diff reads of a comparison report */
struct compared_report {
	cJSON *doc; /* owned */
	const char *verdict;
	double kl_high, top1; /* the drift's estimate: the KL's high end, top-1 */
	bool has_drift;
};

/* verdicts from best to worst; anything else (unusable, interrupted) last */
static int verdict_rank(const char *v)
{
	static const char *const order[] = { "same", "inconclusive", "drifted" };
	int i;

	for (i = 0; i < 3; i++)
		if (v && !strcmp(v, order[i]))
			return i;
	return 3;
}

/* path's report's head, when it is a comparison: 1; 0 when it is not
 * (another kind of report); -1 when it cannot be read (err says why) */
static int read_compared(const char *path, struct compared_report *r, char *err, size_t errlen)
{
	struct report_in in;
	const cJSON *drift, *kl;
	int is = report_in_open(&in, path);

	memset(r, 0, sizeof(*r));
	if (is < 0)
		snprintf(err, errlen, "%s", in.err);
	if (is == 1) {
		r->doc = in.split.head;
		in.split.head = NULL; /* kept: the strings below point into it */
		r->verdict = cJSON_GetStringValue(cJSON_GetObjectItem(r->doc, "verdict"));
		drift = cJSON_GetObjectItem(r->doc, "drift");
		kl = cJSON_GetObjectItem(cJSON_GetObjectItem(drift, "kl"), "estimate");
		r->kl_high = cJSON_GetNumberValue(cJSON_GetArrayItem(kl, 1));
		r->top1 = cJSON_GetNumberValue(
			cJSON_GetObjectItem(cJSON_GetObjectItem(drift, "top1"), "estimate"));
		r->has_drift = cJSON_IsObject(drift) && isfinite(r->kl_high) && isfinite(r->top1);
	}
	report_in_release(&in);
	return is;
}

/* The gate of two comparisons: a regression when the verdict got worse,
 * the KL's high end more than doubled (and rose by more than
 * DIFF_KL_RISE nats), or top-1 agreement fell by more than a point. */
#define DIFF_KL_RISE 0.001
static int gate_compared(const struct compared_report *b, const struct compared_report *n,
			 struct buf *out)
{
	int regressions = 0;
	bool worse = verdict_rank(n->verdict) > verdict_rank(b->verdict);

	buf_printf(out, "| | base | new | |\n|---|---|---|---|\n| verdict | %s | %s | %s |\n",
		   b->verdict ? b->verdict : "?", n->verdict ? n->verdict : "?",
		   worse ? "❌ worse" : "✅");
	regressions += worse;
	if (b->has_drift && n->has_drift) {
		bool kl = n->kl_high > 2 * b->kl_high && n->kl_high - b->kl_high > DIFF_KL_RISE;
		bool top1 = n->top1 < b->top1 - 0.01;

		buf_printf(out, "| KL (nats, high end) | %.3g | %.3g | %s |\n", b->kl_high,
			   n->kl_high, kl ? "❌ more than doubled" : "✅");
		buf_printf(out, "| top-1 agreement | %.1f%% | %.1f%% | %s |\n", 100 * b->top1,
			   100 * n->top1, top1 ? "❌ fell by more than a point" : "✅");
		regressions += kl + top1;
	}
	buf_printf(out, "\n%s\n",
		   regressions ? "REGRESSION: the candidate drifted further from its reference"
			       : "no regression");
	return regressions;
}

int compare_diff(const struct config *c, const char *base, const char *now)
{
	struct compared_report b, n;
	struct buf out = BUF_INIT(0);
	char err[512], eb[512], en[512];
	int rb = read_compared(base, &b, eb, sizeof(eb)),
	    rn = read_compared(now, &n, en, sizeof(en));
	int code;

	if (rb != 1 && rn != 1) /* neither: the reports of run or conform, diffed as such */
		return COMPARE_NOT_COMPARISONS;
	if (rb != 1 || rn != 1) {
		if (rb < 0 || rn < 0)
			say_error("%s", rb < 0 ? eb : en);
		else
			say_error("%s and %s are not both comparisons (compare --json)", base, now);
		cJSON_Delete(b.doc);
		cJSON_Delete(n.doc);
		return EXIT_USAGE;
	}
	buf_printf(&out, "compare diff: base %s, new %s\n\n", base, now);
	code = gate_compared(&b, &n, &out) ? EXIT_FAILED : EXIT_PASS;
	if (!c->quiet)
		say(SAY_OUT, buf_cstr(&out));
	if (c->diff_markdown &&
	    (!strcmp(c->diff_markdown, "-")
		     ? say_document_stdout("--markdown", out.data, out.len, err, sizeof(err))
		     : say_file(c->diff_markdown, out.data, out.len, err, sizeof(err)))) {
		say_error("--markdown %s: %s", c->diff_markdown, err);
		code = EXIT_WRITE;
	}
	buf_release(&out);
	cJSON_Delete(b.doc);
	cJSON_Delete(n.doc);
	return code;
}

/* --- the command ------------------------------------------------------------------- */

static int exit_code(const struct comparison *x)
{
	if (*x->stop)
		return 128 + *x->stop;
	if (x->unusable)
		return EXIT_UNUSABLE;
	if (x->verdict == DRIFT_SAME)
		return EXIT_PASS;
	if (x->verdict == DRIFT_INCONCLUSIVE && x->c->allow_inconclusive)
		return EXIT_PASS;
	return EXIT_FAILED;
}

/* A look at the bets after a chunk: true when the candidate has drifted
 * beyond doubt (top-1 disagreement above 1 - min_top1, or the KL's low
 * end above max_kl, at SEQ_ALPHA/2 each), the prompts in corpus order. */
static bool look(struct comparison *x)
{
	double *dis = xcalloc(x->asked + 1, sizeof(double));
	double *kl = xcalloc(x->asked + 1, sizeof(double));
	double limit = log(2 / SEQ_ALPHA);
	size_t n;

	floor_so_far(x);
	n = dis && kl ? seq_values(x, dis, kl, NULL) : 0;
	x->looks++;
	x->seq_dis = n ? drift_seq_log_wealth(dis, n, 1 - x->min_top1, true) : 0;
	x->seq_kl = n ? drift_seq_log_wealth(kl, n, x->max_kl / DRIFT_KL_CAP, true) : 0;
	free(dis);
	free(kl);
	return x->seq_dis >= limit || x->seq_kl >= limit;
}

/* Both sides found, the prompts asked a chunk at a time (a side that
 * failed every prompt so far is not asked again; the bets are looked at
 * after 4, 8, 16... prompts and stop the asking once they decide), the
 * verdict. */
static void run_comparison(struct comparison *x)
{
	size_t i, n = x->corpus.n, next_look = 0, chunk = COMPARE_CHUNK;

	if (side_discover(&x->ref, x->why, sizeof(x->why)) ||
	    side_discover(&x->cand, x->why, sizeof(x->why))) {
		x->unusable = "not ready";
		return;
	}
	if (x->c->no_teacher_forcing)
		x->ref.scores = x->cand.scores = false;
	resume_take(x);
	if (!x->c->no_early_stop) /* small chunks, so a clear case stops early */
		chunk = next_look = chunk_of(x->c);
	for (i = 0; i < n && !*x->stop; i += chunk) {
		size_t to = i + chunk < n ? i + chunk : n;

		if (over_cap(x, 3 * (to - i))) {
			x->capped = true;
			break;
		}
		if (ask_chunk(x, i, to)) {
			x->unusable = "setup";
			return;
		}
		x->asked = to;
		if (x->ref.errors == to || x->cand.errors == to || not_comparable(x))
			break;
		if (next_look && to >= next_look && to < n) {
			next_look *= 2;
			if ((x->early = look(x)))
				break;
		}
	}
	if (x->asked && x->ref.errors < x->asked && x->cand.errors < x->asked && !x->unusable &&
	    !x->capped && !*x->stop && behave_round(x)) {
		x->unusable = "setup";
		return;
	}
	judge(x);
}

static void comparison_release(struct comparison *x)
{
	size_t i;

	for (i = 0; x->cmp && i < x->corpus.n; i++) {
		free(x->cmp[i].ref_at);
		free(x->cmp[i].cand_at);
		free(x->cmp[i].before);
		free(x->cmp[i].error);
	}
	free(x->cmp);
	free(x->beh);
	free(x->beh_prior);
	corpus_release(&x->dataset);
	if (x->resume)
		report_in_release(x->resume);
	free(x->resume);
	corpus_release(&x->corpus);
	endpoint_release(&x->ref.ep);
	endpoint_release(&x->cand.ep);
}

/* the recording's first line: the options a recording keeps, the recipe,
 * the prompts and the dataset whole (NULL when out of memory) */
static char *compare_header(const struct comparison *x)
{
	const struct config *c = x->c;
	struct recording_header h;
	char *text;

	if (commands_header_start(c, &h))
		return NULL;
	h.prompts.path = (char *)(c->prompts ? c->prompts : "builtin");
	h.prompts.text = (char *)buf_cstr(&x->corpus.text);
	if (c->dataset) {
		h.dataset.path = (char *)c->dataset;
		h.dataset.text = (char *)buf_cstr(&x->dataset.text);
	}
	text = recording_header_json(&h);
	free(h.args); /* the strings are borrowed */
	return text;
}

/* --record: both sides' exchanges into one recording, both keys kept out;
 * or a replay: every answer from it. Returns 0, or -1 with the reason. */
static int compare_tap(struct comparison *x, struct recording *replay, struct recording **rec,
		       struct http_tap *tap, char *err, size_t errlen)
{
	const struct secret *keys[RECORDING_MAX_KEYS];
	size_t n = say_keys(keys);
	char *meta;

	*rec = NULL;
	if (replay) {
		recording_replay_tap(replay, tap);
	} else if (x->c->record) {
		if (!(meta = compare_header(x))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		*rec = recording_create(x->c->record, keys, n, meta, err, errlen);
		free(meta);
		if (!*rec)
			return -1;
		recording_tap(*rec, tap);
	} else {
		return 0;
	}
	x->ref.http.tap = x->cand.http.tap = tap;
	return 0;
}

/* Everything read and checked before any request: the outputs, the
 * prompts and the dataset (a replay's from its header h), the budget,
 * --resume's report. Returns 0, or -1 with the reason. */
static int compare_prepare(struct comparison *x, const struct recording_header *h,
			   const char *input, char *err, size_t errlen)
{
	const struct config *c = x->c;
	size_t first;

	if (commands_check_outputs(c, input, err, errlen) ||
	    corpus_load(c, h ? h->prompts.text : NULL, &x->corpus, err, errlen) ||
	    (c->dataset && dataset_load(c, h ? h->dataset.text : NULL, &x->dataset, err, errlen)))
		return -1;
	first = chunk_of(c) < x->corpus.n ? chunk_of(c) : x->corpus.n;
	if (c->max_requests > 0 && (size_t)c->max_requests < 3 * first) {
		snprintf(err, errlen,
			 "--max-requests %ld is fewer than the first prompts' requests (%zu: %zu "
			 "prompts, the reference twice and the candidate once)",
			 c->max_requests, 3 * first, first);
		return -1;
	}
	if (c->record && c->resume) {
		snprintf(err, errlen,
			 "--record and --resume do not go together: a recording holds "
			 "a whole comparison, every request it made");
		return -1;
	}
	if (c->resume && resume_read(x, err, errlen))
		return -1;
	if (endpoint_init(&x->ref.ep, x->ref.url) || endpoint_init(&x->cand.ep, x->cand.url) ||
	    !(x->cmp = xcalloc(x->corpus.n, sizeof(*x->cmp)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* a comparison, live (replay NULL) or replayed from a recording (its
 * header h, read from input) */
static int compare_run(const struct config *c, const volatile sig_atomic_t *stop,
		       struct recording *replay, const struct recording_header *h,
		       const char *input)
{
	struct comparison x = { .c = c, .stop = stop };
	struct recording *rec = NULL;
	struct http_tap tap;
	char err[1024];
	int code;

	side_setup(&x.ref, c, "reference", c->reference, c->reference_model, c->reference_api_key,
		   stop);
	side_setup(&x.cand, c, "candidate", c->endpoint, c->model, c->api_key, stop);
	if (c->reference_thinking_given)
		x.ref.thinking = c->reference_thinking;
	if (c->reference_chat_template_kwargs)
		x.ref.chat_template_kwargs = c->reference_chat_template_kwargs;
	if (c->reference_extra_body)
		x.ref.extra_body = c->reference_extra_body;
	if (compare_prepare(&x, h, input, err, sizeof(err)) ||
	    compare_tap(&x, replay, &rec, &tap, err, sizeof(err))) {
		say_error("%s", err);
		comparison_release(&x);
		return EXIT_USAGE;
	}
	run_comparison(&x);
	code = exit_code(&x);
	if (write_reports(&x))
		code = *stop ? 128 + *stop : EXIT_WRITE;
	if (rec && recording_finish(rec, err, sizeof(err))) {
		say_error("%s", err);
		code = *stop ? 128 + *stop : EXIT_WRITE;
	}
	if (!c->quiet)
		console(&x);
	else if (x.unusable && !*stop)
		say_error("compare: %s", x.why);
	comparison_release(&x);
	return code;
}

int cmd_compare(const struct config *c, const volatile sig_atomic_t *stop)
{
	return compare_run(c, stop, NULL, NULL, NULL);
}

int compare_replay(const struct config *c, const volatile sig_atomic_t *stop, struct recording *rec,
		   const struct recording_header *h, const char *input)
{
	return compare_run(c, stop, rec, h, input);
}
