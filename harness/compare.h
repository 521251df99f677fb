/* SPDX-License-Identifier: Apache-2.0 */
/* compare — one comparison's state, shared by the modules of `preflight
 * compare`: cmd_compare.c (the command, the behaviour on a dataset, the
 * verdict and its reports), compare_corpus.c (the prompts and the dataset
 * read), compare_ask.c (the two sides found and asked, their answers read
 * and compared position by position) and compare_realign.c (the pairs
 * re-aligned after a divergence: by scoring the reference's text where both
 * sides can, else by continuing it). A comparison owns what its pointers
 * name unless a field says borrowed; nothing here prints. */
#ifndef PREFLIGHT_COMPARE_H
#define PREFLIGHT_COMPARE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "behave.h"
#include "buf.h"
#include "chat.h"
#include "config.h"
#include "drift.h"
#include "endpoint.h"
#include "http.h"

#define COMPARE_CHUNK	  16	      /* prompts asked at once */
#define COMPARE_CHUNK_MAX 256	      /* --concurrency's most: a chunk of the early stop */
#define COMPARE_FILE_MAX  (16u << 20) /* bytes of a --prompts file */
#define BEFORE_MAX	  80	      /* bytes of the text before a divergence the report keeps */

struct report_in;

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

/* one side's exchanges of a round, performed together */
struct batch {
	struct side *side;
	struct http_exchange *x;
	size_t n;
	int rc;
};

/* the exchanges and bodies of one round of requests for n prompts or
 * pairs: the reference's 2n, the candidate's n, 2n bodies */
struct round {
	struct http_exchange *rx, *cx;
	char **bodies;
	size_t n;
};

/* --- compare_corpus.c: the prompts and the dataset ---------------------------------- */

void compare_corpus_release(struct corpus *k);
/* the corpus --prompts names (given: its text when a recording brought it,
 * else NULL), or the built-in one: 0, or -1 with err */
int compare_corpus_load(const struct config *c, const char *given, struct corpus *k, char *err,
			size_t errlen);
/* the --dataset requests (given as compare_corpus_load's): 0, or -1 with err */
int compare_dataset_load(const struct config *c, const char *given, struct corpus *k, char *err,
			 size_t errlen);

/* --- compare_ask.c: the two sides, asked ---------------------------------------------- */

void compare_side_setup(struct side *s, const struct config *c, const char *label, const char *url,
			const char *model, const char *key, const volatile sig_atomic_t *stop);
/* GET /models and the model to ask. Returns 0, or -1 with the reason. */
int compare_side_discover(struct side *s, char *err, size_t errlen);
/* the reference's text so far as the assistant's answer to continue (vLLM
 * and SGLang told so): 0, or -1 out of memory */
int compare_prefill_add(cJSON *req, const struct side *s, const char *prefill);
/* req (taken) as side s asks it: greedy, tokens at most, its model, thinking
 * and extra settings. Caller frees; NULL with err. */
char *compare_body_greedy(const struct comparison *x, const struct side *s, cJSON *req, long tokens,
			  char *err, size_t errlen);
/* prompt p on side s with its top alternatives (a prefill to continue, or
 * NULL). Caller frees; NULL with err. */
char *compare_body_for(const struct comparison *x, const struct side *s, const struct prompt *p,
		       const char *prefill, long tokens, char *err, size_t errlen);
/* Did the exchange bring no reply to read? Then true with the reason in
 * why; else false, why empty. */
bool compare_exchange_failed(const struct http_exchange *x, char *why, size_t n);
/* an answer's logprobs read into p, why set when it could not be (the
 * side's largest list kept) */
void compare_answer_read(struct side *s, const struct http_exchange *x, struct drift_path *p,
			 char *why, size_t n);
/* both sides' exchanges at once, each at its own concurrency: 0, or -1 */
int compare_perform_both(struct batch *rb, struct batch *cb);
int compare_round_init(struct round *r, size_t n);
void compare_round_release(struct round *r);
/* true when n more requests would pass --max-requests */
bool compare_over_cap(const struct comparison *x, size_t n);
/* Asks prompts [from, to) of both sides, compares and re-aligns them.
 * Returns 0, or -1 when the requests could not even be set up (x->why). */
int compare_chunk_ask(struct comparison *x, size_t from, size_t to);

/* --- compare_realign.c: the pairs after a divergence ---------------------------------- */

/* A pair that diverged at `at` (of the stretch starting at offset) with
 * tokens left is kept to re-align: the reference's text through the
 * divergence, and its whole answer when both sides can score it. */
void compare_pending_add(struct comparison *x, size_t prompt, bool floor,
			 const struct drift_path *ref, long at, long offset);
/* Every pending pair re-aligned: scored where both its sides can (teacher
 * forcing), else continued greedily up to --realign rounds; then released. */
void compare_pending_realign(struct comparison *x, const char *ref_url, const char *cand_url);

#endif
