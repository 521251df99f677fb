/* SPDX-License-Identifier: Apache-2.0 */
/* runner — executes a run plan; see runner.h. */
#include "runner.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "chat.h"
#include "conform.h"
#include "endpoint.h"
#include "grade.h"
#include "observe.h"
#include "needle.h"
#include "text.h"
#include "verdict.h"

struct run {
	const struct plan *plan;
	const struct config *c; /* the plan's */
	const struct runner_hooks *hooks;
	struct run_result *r;
	struct endpoint ep;
	struct http_options http;	/* for probe requests */
	struct http_options probe_http; /* for discovery: a shorter timeout */
	const char *model;
	pthread_mutex_t lock;	   /* --parallel: the result's shared fields and the hooks */
	struct http_budget budget; /* response bytes held at once, whole run */
	char *sent_extra;	   /* owned: what the user added to every body, or NULL */
	enum engine engine_hint;   /* what the first telling error body pointed to */
};

/* one plan item being executed: its result and how its requests go */
struct job {
	struct run *run;
	const struct plan_item *it;
	struct probe_result *pr;
	struct chat_settings cs;
	char *haystack; /* owned; a needle's last user message */
	char url[2048];
};

/* how an item is sent: as its file and the flags say, or forced */
enum stream_mode { STREAM_AS_SET = -1, STREAM_OFF = 0, STREAM_ON = 1 };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool cancelled(const struct run *run)
{
	return run->hooks->cancel && *run->hooks->cancel;
}

/* the hook runs under the run's lock (runner.h) */
static void emit(struct run *run, enum runner_event ev, size_t index, const char *text)
{
	pthread_mutex_lock(&run->lock);
	if (run->hooks->event)
		run->hooks->event(run->hooks->ctx, ev, run->r, index, text);
	pthread_mutex_unlock(&run->lock);
}

/* one exchange into o, and what it told into the result */
static void observe_one(struct job *j, const struct expect *xp, const struct grade_policy *pol,
			const struct http_exchange *x, struct observation *o,
			struct chat_turns *turns)
{
	struct observe_ctx ctx = { j->it, j->cs.stream, &j->run->ep, j->run->model,
				   j->run->sent_extra };
	struct observe_extra extra = { NULL, NULL, ERROR_SHAPE_OTHER, 0 };
	struct grade_policy with_window = *pol;

	pthread_mutex_lock(&j->run->ep.lock);
	with_window.window = j->run->ep.max_model_len;
	with_window.cancel = j->run->hooks->cancel; /* grading stops at Ctrl-C too */
	pthread_mutex_unlock(&j->run->ep.lock);
	observe_exchange(&ctx, xp, &with_window, x, o, turns, &extra);
	if (extra.json_keys && !j->pr->json_keys) {
		j->pr->json_keys = extra.json_keys;
		extra.json_keys = NULL;
	}
	pthread_mutex_lock(&j->run->ep.lock);
	if (extra.window > 0 &&
	    j->run->ep.max_model_len < 0) { /* inferred: later answers know it */
		j->run->ep.max_model_len = extra.window;
		j->run->ep.window_seen = "a context error's own numbers";
	}
	pthread_mutex_unlock(&j->run->ep.lock);
	pthread_mutex_lock(&j->run->lock);
	if (!j->run->engine_hint)
		j->run->engine_hint = engine_from_error_shape(extra.error_shape);
	if (extra.fingerprint && !j->run->r->server) {
		j->run->r->server = extra.fingerprint;
		extra.fingerprint = NULL;
	}
	pthread_mutex_unlock(&j->run->lock);
	free(extra.fingerprint);
	free(extra.json_keys);
}

/* --- sending -------------------------------------------------------------- */

/* One round: n copies of body, at most limit at once (0: all), each read
 * and graded into an observation labelled label#k (label alone when
 * first_index is 0). Returns the answers that passed; the first answer
 * joins turns when given. */
static int send_round(struct job *j, const struct expect *xp, const struct grade_policy *pol,
		      const char *body, int n, int limit, const char *label, int first_index,
		      struct chat_turns *turns)
{
	struct http_exchange *xs = xcalloc((size_t)n, sizeof(*xs));
	struct http_options opt = j->run->http;
	int i, passed = 0;

	if (!xs)
		return 0;
	opt.max_parallel = limit;
	for (i = 0; i < n; i++) {
		xs[i].url = j->url;
		xs[i].body = body;
		xs[i].want_marks = j->cs.stream;
	}
	http_perform(xs, (size_t)n, &opt);
	for (i = 0; i < n; i++) {
		char name[48];
		struct observation *o;

		if (first_index)
			snprintf(name, sizeof(name), "%s#%d", label, first_index + i);
		else
			snprintf(name, sizeof(name), "%s", label);
		j->pr->total++;
		if ((o = probe_result_add_obs(j->pr, name)) && cancelled(j->run)) {
			/* Ctrl-C acts between graded answers too */
			o->outcome = HTTP_CANCELLED;
			o->cause = CAUSE_INTERRUPTED;
			o->detail = xstrdup("interrupted before grading");
		} else if (o) {
			observe_one(j, xp, pol, &xs[i], o, i == 0 ? turns : NULL);
			o->retries = xs[i].retries;
			j->pr->retried += xs[i].retries > 0;
			passed += o->pass;
			j->pr->passed += o->pass;
			/* counts that could not size the haystack cannot measure it */
			if (j->it->needle_target > 0 && o->prompt_tokens > 0 &&
			    !j->pr->needle_unverified)
				j->pr->needle_measured = o->prompt_tokens;
		}
		http_exchange_release(&xs[i]);
	}
	free(xs);
	return passed;
}

/* The later turns: the answer and the tool's result go back, the next
 * user message follows, each answer graded by its turn's expectations. */
static void run_turns(struct job *j, struct chat_turns *turns)
{
	const struct probe *p = j->it->probe;
	char label[48], err[256];
	size_t t;

	for (t = 0; t < p->n_turns && !cancelled(j->run); t++) {
		const struct turn *tn = &p->turns[t];
		struct grade_policy pol;
		char *body = chat_turns_next(turns, tn->tool_result, tn->user, tn->keep_tools,
					     &j->cs, err, sizeof(err));
		int ok;

		if (!body)
			break;
		plan_policy(j->run->plan, j->it, &tn->expect, &pol);
		snprintf(label, sizeof(label), "%s/turn%zu", p->id, t + 2);
		ok = send_round(j, &tn->expect, &pol, body, 1, 0, label, 0,
				t + 1 < p->n_turns ? turns : NULL);
		free(body);
		if (!ok)
			break;
	}
}

/* --concurrency-diff: the batch one at a time after all at once; clean
 * alone but not together is the load-dependent corruption vLLM has shown */
static void concurrency_diff(struct job *j, const struct grade_policy *pol, const char *body,
			     int together)
{
	int batch = j->it->batch, alone;
	char label[48];
	struct observation *o;

	snprintf(label, sizeof(label), "%s@1", j->it->probe->id);
	alone = send_round(j, &j->it->probe->expect, pol, body, batch, 1, label, 1, NULL);
	j->pr->solo_passed = alone;
	j->pr->solo_total = batch;
	if (alone == batch && together < batch &&
	    (o = probe_result_add_obs(j->pr, "concurrency"))) {
		o->cause = CAUSE_CONCURRENCY_CORRUPTION;
		o->detail = buf_strdupf(
			"clean one at a time (%d/%d), %d/%d clean with all %d in flight", alone,
			batch, together, batch, batch);
	}
}

/* One repetition: the batch, the batch alone (--concurrency-diff), the
 * later turns. True when every answer of it passed. */
static bool run_repetition(struct job *j, const struct grade_policy *pol, const char *body, int rep)
{
	const struct plan_item *it = j->it;
	struct chat_turns turns = { 0 };
	bool talk = it->probe->n_turns && chat_turns_init(&turns, it->probe->request) == 0;
	size_t before = j->pr->n_obs, i;
	int together = send_round(j, &it->probe->expect, pol, body, it->batch, 0, it->probe->id,
				  it->batch > 1 || it->reps > 1 ? rep * it->batch + 1 : 0,
				  talk ? &turns : NULL);

	if (it->solo && !cancelled(j->run))
		concurrency_diff(j, pol, body, together);
	if (talk && together == it->batch)
		run_turns(j, &turns);
	chat_turns_release(&turns);
	for (i = before; i < j->pr->n_obs && j->pr->obs[i].pass; i++)
		;
	return together == it->batch && i == j->pr->n_obs;
}

/* --- needles -------------------------------------------------------------- */

/* needle_count_fn: the prompt of a haystack of count fillers, as the
 * endpoint counts it (its I/O through the endpoint module) */
static long count_fillers(void *ctx, long count, bool *cheap)
{
	struct job *j = ctx;
	struct chat_settings cs = j->cs;
	char err[256], *tok = NULL, *chat = NULL;
	char *text = needle_build(j->it->probe->needle, j->it->needles, j->it->depth, count);
	long n = -1;

	cs.max_tokens = 1;
	cs.stream = false;
	cs.last_user = text;
	if (text) {
		tok = chat_tokenize_body(j->it->probe->request, &cs);
		chat = chat_body_build(j->it->probe->request, NULL, &cs, err, sizeof(err));
		n = endpoint_prompt_tokens(&j->run->ep, &j->run->http, tok, chat);
	}
	*cheap = endpoint_counts_cheaply(&j->run->ep);
	free(text);
	free(tok);
	free(chat);
	return n;
}

/* A needle's haystack, sized by the endpoint's own counts, as the last
 * user message of j's requests. Returns 0, or -1 when it cannot
 * fit the endpoint's context (an observation says so) or memory ran out. */
static int size_haystack(struct job *j)
{
	const struct plan_item *it = j->it;
	struct probe_result *pr = j->pr;
	struct observation *o;
	char why[200];

	pr->needle_target = it->needle_target;
	if (j->run->ep.max_model_len > 0 &&
	    it->needle_target + it->max_tokens > j->run->ep.max_model_len) {
		pr->total = it->answers;
		if ((o = probe_result_add_obs(pr, it->probe->id))) {
			o->cause = CAUSE_CONTEXT_OVERFLOW;
			o->detail = buf_strdupf("not sent: the endpoint's context is %ld tokens "
						"(%s), less than the %ld-token prompt asked for "
						"and %ld for the answer",
						j->run->ep.max_model_len,
						j->run->ep.window_seen ? j->run->ep.window_seen
								       : "max_model_len",
						it->needle_target, it->max_tokens);
		}
		return -1;
	}
	pr->needle_fillers = needle_calibrate(it->probe->needle, it->needle_target, count_fillers,
					      j, why, sizeof(why));
	if (why[0])
		pr->needle_unverified = xstrdup(why);
	j->haystack = needle_build(it->probe->needle, it->needles, it->depth, pr->needle_fillers);
	j->cs.last_user = j->haystack;
	if (!j->haystack && (o = probe_result_add_obs(pr, it->probe->id))) {
		o->cause = CAUSE_TRANSPORT_ERROR;
		o->detail = xstrdup("cannot build the haystack: out of memory");
	}
	return j->haystack ? 0 : -1;
}

/* --- one item --------------------------------------------------------------- */

static void job_init(struct job *j, struct run *run, const struct plan_item *it,
		     struct probe_result *pr, enum stream_mode mode)
{
	const struct config *c = run->c;

	memset(j, 0, sizeof(*j));
	j->run = run;
	j->it = it;
	j->pr = pr;
	j->cs.model = run->model;
	j->cs.max_tokens = it->max_tokens;
	j->cs.thinking = c->thinking;
	j->cs.reasoning_effort = c->reasoning_effort;
	j->cs.chat_template_kwargs = c->chat_template_kwargs;
	j->cs.extra_body = c->extra_body;
	j->cs.stream = mode == STREAM_AS_SET ? it->stream : mode == STREAM_ON;
	j->cs.running_usage =
		engine_info(run->ep.engine) && engine_info(run->ep.engine)->running_usage;
	j->cs.image_url = run->hooks->image ? run->hooks->image->data_url : NULL;
	j->cs.video_url = run->hooks->video ? run->hooks->video->data_url : NULL;
	snprintf(j->url, sizeof(j->url), "%s/%s", run->ep.base, it->path);
	pr->needle_target = pr->needle_measured = pr->needle_fillers = -1;
	speed_init(&pr->speed);
}

/* the first request's body, or NULL with an observation saying why */
static char *first_body(struct job *j)
{
	const struct probe *p = j->it->probe;
	char err[256];
	char *body = p->api == API_RESPONSES
			     ? chat_responses_body(p->request, &j->cs, err, sizeof(err))
			     : chat_body_build(p->request, NULL, &j->cs, err, sizeof(err));
	struct observation *o;

	if (!body && (o = probe_result_add_obs(j->pr, p->id))) {
		o->cause = CAUSE_TRANSPORT_ERROR;
		o->detail = xstrdup(err);
	}
	return body;
}

/* A sweep's cell whose haystack and budget do not fit the endpoint's
 * window is skipped, not sent: the map shows where the window ends.
 * Returns true when it was. */
static bool beyond_window(struct run *run, const struct plan_item *it, struct probe_result *pr)
{
	long window;
	char why[160];

	pthread_mutex_lock(&run->ep.lock);
	window = run->ep.max_model_len;
	pthread_mutex_unlock(&run->ep.lock);
	if (!it->swept || window <= 0 || it->needle_target + it->max_tokens <= window)
		return false;
	snprintf(why, sizeof(why),
		 "not sent: %ld haystack tokens and a %ld-token budget do not fit the %ld-token "
		 "window",
		 it->needle_target, it->max_tokens, window);
	verdict_not_run(pr, it, VERDICT_SKIPPED, CAUSE_NONE, why);
	pr->beyond_window = true;
	return true;
}

static void run_item(struct run *run, const struct plan_item *it, struct probe_result *pr,
		     enum stream_mode mode)
{
	struct job j;
	struct grade_policy pol;
	char *body = NULL;
	double t0 = now();
	int rep;

	job_init(&j, run, it, pr, mode);
	plan_policy(run->plan, it, &it->probe->expect, &pol);
	if (beyond_window(run, it, pr))
		return;
	if ((it->probe->needle && size_haystack(&j)) || !(body = first_body(&j)))
		goto done;
	for (rep = 0; rep < it->reps && !cancelled(run); rep++)
		pr->reps_passed += run_repetition(&j, &pol, body, rep);
	pr->reps = it->reps;
	if (it->probe->needle)
		verdict_check_prompt_size(pr);
	if (j.cs.stream)
		verdict_stream_medians(pr);
	pthread_mutex_lock(&run->lock);
	if (it->probe->measures_speed && pr->streamed)
		run->r->speed = pr->speed;
	pthread_mutex_unlock(&run->lock);
done:
	pr->seconds = now() - t0;
	verdict_conclude(pr);
	free(body);
	free(j.haystack);
}

/* The engine's own count of a check's prompt (usage-prompt), -1 when it
 * has none; how says how it was counted. */
static long check_own_count(struct job *j, const char *body, const char **how)
{
	const struct probe *p = j->it->probe;
	char *tok = p->conform->kind == CONFORM_USAGE_PROMPT
			    ? chat_tokenize_body(p->request, &j->cs)
			    : NULL;
	long n = tok ? endpoint_own_count(&j->run->ep, &j->run->http, tok, body, how) : -1;

	free(tok);
	return n;
}

/* A check's answers, read and observed like a probe's, judged together by
 * its kind into status and evidence (how the engine's own count was
 * taken joins the evidence of a count it agreed with). */
static void judge_check(struct job *j, const struct conform_variant *v,
			const struct http_exchange *x, size_t n, enum conform_status *st,
			char *evidence, size_t len)
{
	struct observe_ctx ctx = { j->it, false, &j->run->ep, j->run->model, j->run->sent_extra };
	struct conform_answer a[CONFORM_MAX_ANSWERS];
	struct conform_input in = { j->it->probe->conform, j->it->probe->request, a, n, -1 };
	const char *how = NULL;
	size_t i, used;

	for (i = 0; i < n; i++) {
		struct observation *o = probe_result_add_obs(j->pr, v[i].label);

		a[i] = (struct conform_answer){
			.label = v[i].label,
			.stream = v[i].stream,
			.control = v[i].control,
			.status = x[i].status,
			.transport = x[i].outcome == HTTP_DONE ? NULL : x[i].error,
			.failed = diagnose_exchange(x[i].outcome, x[i].status),
			.body = buf_cstr(&x[i].response),
			.len = x[i].response.len
		};
		if (a[i].transport && !*a[i].transport)
			a[i].transport = http_outcome_name(x[i].outcome);
		conform_answer_read(&a[i], x[i].marks, x[i].n_marks);
		if (o) {
			ctx.stream = v[i].stream;
			observe_check_answer(&ctx, &x[i], &a[i], o);
			o->retries = x[i].retries;
		}
	}
	in.own = check_own_count(j, x[0].body, &how);
	conform_judge(&in, st, evidence, len);
	used = strlen(evidence);
	if (in.own > 0 && *st == CONFORM_HONOURED && how)
		snprintf(evidence + used, len - used, " (%s)", how);
	for (i = 0; i < n; i++)
		conform_answer_release(&a[i]);
}

/* A check whose exchange failed (no answer, a 429 still after the
 * retries, a 5xx) has the failure's cause, so its remedy is about the
 * server's failure, never the feature's. */
static void exchange_cause(const struct http_exchange *x, size_t n, struct probe_result *pr)
{
	size_t i;

	for (i = 0; i < n; i++) {
		enum cause c = diagnose_exchange(x[i].outcome, x[i].status);

		if (c != CAUSE_NONE) {
			pr->cause = c;
			if (x[i].outcome == HTTP_DONE)
				pr->context.status = x[i].status;
			return;
		}
	}
}

/* a conformance check: its requests (as its kind varies them) at once,
 * each answer observed, the answers judged by its kind (conform.h) */
static void run_check(struct run *run, const struct plan_item *it, struct probe_result *pr)
{
	const struct conform_spec *c = it->probe->conform;
	struct conform_variant v[CONFORM_MAX_ANSWERS];
	struct http_exchange x[CONFORM_MAX_ANSWERS];
	enum conform_status st = CONFORM_SKIPPED;
	char err[300], evidence[600];
	struct job j;
	size_t n, i, made;
	double t0 = now();

	job_init(&j, run, it, pr, STREAM_OFF);
	n = conform_variants(c, j.cs.thinking != THINKING_UNSUPPORTED, v);
	memset(x, 0, sizeof(x));
	snprintf(evidence, sizeof(evidence), "%s", "no request could be built");
	for (made = 0; made < n; made++) {
		x[made].url = j.url;
		x[made].want_marks = v[made].stream;
		x[made].body =
			conform_body(c, it->probe->request, &j.cs, &v[made], err, sizeof(err));
		if (!x[made].body) {
			snprintf(evidence, sizeof(evidence), "%s", err);
			break;
		}
	}
	if (made == n && http_perform(x, n, &run->http))
		snprintf(evidence, sizeof(evidence), "%s", x[0].error);
	else if (made == n)
		judge_check(&j, v, x, n, &st, evidence, sizeof(evidence));
	pr->total = (int)n;
	verdict_check(c, pr, st, evidence);
	exchange_cause(x, made, pr);
	for (i = 0; i < n; i++) {
		free((char *)x[i].body);
		http_exchange_release(&x[i]);
	}
	pr->seconds = now() - t0;
}

/* one result: announced, run (both ways under --stream-parity), skipped
 * when the run was interrupted under it */
static void run_one(struct run *run, size_t i)
{
	const struct plan_item *it = &run->plan->items[i];
	struct probe_result *pr = &run->r->probes[i];

	emit(run, RUNNER_PROBE_START, i, NULL);
	if (it->probe->conform) {
		run_check(run, it, pr);
	} else if (it->parity) {
		struct probe_result st = *pr;

		st.obs = NULL;
		st.n_obs = 0;
		st.secret = pr->secret ? xstrdup(pr->secret) : NULL;
		run_item(run, it, pr, STREAM_OFF);
		run_item(run, it, &st, STREAM_ON);
		verdict_merge_parity(pr, &st);
		probe_result_release(&st);
	} else {
		run_item(run, it, pr, STREAM_AS_SET);
	}
	if (cancelled(run)) {
		/* its answers are incomplete: no verdict on a probe cut short */
		pr->verdict = VERDICT_SKIPPED;
		pr->cause = CAUSE_INTERRUPTED;
		free(pr->message);
		pr->message = xstrdup("interrupted");
		pr->conform = CONFORM_SKIPPED;
		pthread_mutex_lock(&run->lock);
		run->r->interrupted = true;
		pthread_mutex_unlock(&run->lock);
		return;
	}
	emit(run, RUNNER_PROBE_DONE, i, NULL);
}

/* --- the run -------------------------------------------------------------- */

struct worker {
	struct run *run;
	const size_t *order; /* the items to take, in this order */
	size_t n;
	size_t *next; /* the next of order no worker has taken, under the run's lock */
	pthread_t thread;
	int started;
};

/* takes items until none is left; once the run is interrupted, the items
 * not started are not sent */
static void *worker_main(void *arg)
{
	struct worker *w = arg;

	for (;;) {
		size_t k, i;

		pthread_mutex_lock(&w->run->lock);
		k = (*w->next)++;
		pthread_mutex_unlock(&w->run->lock);
		if (k >= w->n)
			return NULL;
		i = w->order[k];
		if (!cancelled(w->run)) {
			run_one(w->run, i);
			continue;
		}
		verdict_not_run(&w->run->r->probes[i], &w->run->plan->items[i], VERDICT_SKIPPED,
				CAUSE_INTERRUPTED, "interrupted");
		pthread_mutex_lock(&w->run->lock);
		w->run->r->interrupted = true;
		pthread_mutex_unlock(&w->run->lock);
	}
}

/* the n items of order in threads of their own, each with its own event
 * loop, at most limit at once (0: all; 1: here, one after another) */
static void run_pool(struct run *run, const size_t *order, size_t n, size_t limit)
{
	size_t threads = limit && limit < n ? limit : n, next = 0, i;
	struct worker *w = threads > 1 ? xcalloc(threads, sizeof(*w)) : NULL;

	for (i = 0; w && i < threads; i++) {
		w[i] = (struct worker){ run, order, n, &next, 0, 0 };
		w[i].started = pthread_create(&w[i].thread, NULL, worker_main, &w[i]) == 0;
	}
	if (!w || !w[0].started) {
		struct worker self = { run, order, n, &next, 0, 0 };

		worker_main(&self); /* one at a time, or no thread to be had: here */
	}
	for (i = 0; w && i < threads; i++)
		if (w[i].started)
			pthread_join(w[i].thread, NULL);
	free(w);
}

/* the plan's send order: each run of a sweep's cells --sweep-concurrency
 * at a time, the other items one after another */
static void run_in_order(struct run *run)
{
	const size_t *order = run->plan->order;
	size_t n = run->r->n_probes, i, j;
	size_t at_once = run->c->sweep_concurrency > 1 ? (size_t)run->c->sweep_concurrency : 1;

	for (i = 0; i < n; i = j) {
		for (j = i + 1;
		     run->plan->items[order[i]].swept && j < n && run->plan->items[order[j]].swept;
		     j++)
			;
		run_pool(run, order + i, j - i, at_once);
	}
}

static void wait_until_ready(struct run *run, enum endpoint_state *st, enum cause *cause,
			     char *detail, size_t len)
{
	double start = now(), last = -100;

	while (*st == ENDPOINT_NOT_READY && now() - start < run->c->wait && !cancelled(run)) {
		/* the engine's log says it will never come up: no use waiting */
		if (run->hooks->engine_poll && run->hooks->engine_poll(run->hooks->engine_ctx))
			break;
		/* replay follows the recorded polls without sleeping or saying so */
		if (run->hooks->offline) {
			*st = endpoint_discover(&run->ep, &run->probe_http, cause, detail, len);
			continue;
		}
		if (now() - last >= 5) {
			char msg[700];

			snprintf(msg, sizeof(msg), "waiting for %s (%.0fs of %.0fs): %s",
				 run->ep.base, now() - start, run->c->wait, detail);
			emit(run, RUNNER_WAITING, 0, msg);
			last = now();
		}
		usleep(500 * 1000); /* polling interval, not synchronisation */
		*st = endpoint_discover(&run->ep, &run->probe_http, cause, detail, len);
	}
}

/* ISO 8601 UTC with milliseconds: reports of one second still order */
static void utc_now(char *out, size_t n)
{
	struct timespec ts;
	struct tm tm;
	char day[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(day, sizeof(day), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out, n, "%s.%03ldZ", day, ts.tv_nsec / 1000000);
}

/* The run's settings and one result per plan item. Returns 0 or -1. */
static int result_init(struct run_result *r, const struct plan *pl,
		       const struct runner_hooks *hooks)
{
	const struct config *c = pl->c;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->recipe = c->recipe;
	r->conformance = c->cmd == CMD_CONFORM;
	r->image = hooks->image;
	r->video = hooks->video;
	utc_now(r->started, sizeof(r->started));
	r->endpoint = xstrdup(c->endpoint);
	r->thinking = thinking_mode_name(c->thinking);
	r->reasoning_effort = xstrdup(c->reasoning_effort);
	r->visible_tokens = c->visible_tokens;
	r->headroom_tokens = c->headroom_tokens;
	r->max_tokens = c->visible_tokens + c->headroom_tokens;
	r->needle_ctx = c->needle_ctx;
	r->tool_batch = c->tool_batch ? c->tool_batch : PLAN_TOOL_BATCH;
	r->allowed_finish = xstrdup(c->allowed_finish_text);
	r->stream = c->stream;
	r->stream_parity = c->stream_parity;
	r->parallel = c->parallel;
	speed_init(&r->speed);
	r->reasoning_evidence = reasoning_policy_name(c->reasoning_evidence);
	r->max_model_len = -1;
	if (!(r->probes = xcalloc(pl->n + 1, sizeof(*r->probes))))
		return -1;
	for (i = 0; i < pl->n; i++, r->n_probes++) {
		struct probe_result *pr = &r->probes[i];
		const struct plan_item *it = &pl->items[i];

		pr->probe = it->probe;
		pr->conform = CONFORM_SKIPPED; /* until a check runs */
		pr->depth = it->depth;
		pr->swept = it->swept;
		memcpy(pr->variant, it->variant, sizeof(pr->variant));
		if (it->secret && !(pr->secret = xstrdup(it->secret)))
			return -1;
	}
	return 0;
}

static void http_setup(struct run *run, const struct runner_hooks *hooks)
{
	const struct config *c = run->c;

	run->http.api_key = c->api_key;
	run->http.timeout = c->timeout;
	run->http.max_body = (size_t)c->max_body;
	run->http.cancel = hooks->cancel;
	run->http.tap = hooks->tap;
	run->http.budget = &run->budget;
	run->http.cacert = c->cacert;
	run->http.insecure = c->insecure;
	run->http.retries = c->retries;
	run->http.retry_wait_max = c->retry_wait_max;
	/* discovery and readiness polls answer fast or not at all */
	run->probe_http = run->http;
	if (run->probe_http.timeout > 30)
		run->probe_http.timeout = 30;
}

/* A proxy in front that does not pass /v1/models on (502, 504) stops
 * nothing when --model names the model: the chat requests tell. Sets *st
 * ready and returns true then. A 503 still means "loading". */
static bool behind_proxy(const struct run *run, enum endpoint_state *st)
{
	long s = run->ep.models_status;

	if (*st != ENDPOINT_NOT_READY || !run->c->model || (s != 502 && s != 504))
		return false;
	*st = ENDPOINT_READY;
	return true;
}

/* interrupted before anything was sent: every item skipped, said so */
static void mark_interrupted(struct run *run)
{
	size_t i;

	for (i = 0; i < run->r->n_probes; i++)
		verdict_not_run(&run->r->probes[i], &run->plan->items[i], VERDICT_SKIPPED,
				CAUSE_INTERRUPTED, "interrupted while waiting for the endpoint");
	run->r->interrupted = true;
}

/* the endpoint cannot be used: every item says why (the engine's log, when
 * it names a fatal signature, says it best) */
static void mark_unusable(struct run *run, enum cause cause, const char *detail)
{
	const struct engine_finding *f = NULL;
	char *why = NULL;
	size_t i;

	if (run->hooks->engine_explain &&
	    run->hooks->engine_explain(run->hooks->engine_ctx, run->r)) {
		f = &run->r->findings[0];
		why = buf_strdupf("engine failed to start: %s (%s:%ld: %s); before that: %s",
				  f->explain, run->r->engine_log, f->line, f->quote, detail);
		cause = CAUSE_ENGINE_FAILED;
		detail = why ? why : detail;
	}
	run->r->unusable = true;
	run->r->unusable_cause = cause;
	run->r->unusable_detail = xstrdup(detail);
	for (i = 0; i < run->r->n_probes; i++)
		verdict_not_run(&run->r->probes[i], &run->plan->items[i], VERDICT_ERROR, cause,
				detail);
	free(why);
}

/* The model to ask: --model, else the only one served. NULL when it
 * cannot be chosen (detail says why). */
static const char *choose_model(struct run *run, char *detail, size_t len)
{
	bool v1 = strcmp(run->ep.base, run->ep.root) != 0; /* the base ends in /v1 */
	char *list;

	if (run->c->model)
		return run->c->model;
	if (run->ep.n_models == 1)
		return run->ep.models[0];
	list = endpoint_models_text(&run->ep);
	if (run->ep.n_models)
		snprintf(detail, len,
			 "the endpoint serves several models (%s): choose one with --model",
			 list ? list : "");
	else
		snprintf(detail, len, "the endpoint lists no model at %s/models: pass --model%s",
			 run->ep.base,
			 v1 ? "" : ", and check the base URL (it usually ends in /v1)");
	free(list);
	return NULL;
}

/* A check whose descriptor depends on another (depends_on) is not judged
 * when that one failed: the feature's failure is said once, by that check
 * with its remedy, not again by each keyword that could not work without
 * it. */
static void settle_dependents(struct run_result *r)
{
	size_t i, j;

	for (i = 0; i < r->n_probes; i++) {
		struct probe_result *p = &r->probes[i];
		const char *dep = p->probe->conform ? p->probe->conform->depends_on : NULL;

		if (!dep || p->conform == CONFORM_HONOURED || p->conform == CONFORM_SKIPPED ||
		    p->cause != CAUSE_NONE) /* its own exchange failed: that is its verdict */
			continue;
		for (j = 0; j < r->n_probes && strcmp(r->probes[j].probe->id, dep); j++)
			;
		if (j == r->n_probes || r->probes[j].conform == CONFORM_HONOURED ||
		    r->probes[j].conform == CONFORM_SKIPPED)
			continue; /* not run, or it worked: this one's own verdict stands */
		p->conform = CONFORM_SKIPPED;
		p->verdict = VERDICT_SKIPPED;
		free(p->message);
		p->message = buf_strdupf("not judged: %s is %s, so this keyword cannot be told "
					 "apart from it (its remedy applies)",
					 dep, conform_status_name(r->probes[j].conform));
	}
}

/* a result that observed nothing of the server: no answer, the key
 * refused, or rate-limited still after the retries */
static bool unobserved(const struct probe_result *p)
{
	return !p->passed && cause_unobserved(p->cause);
}

/* Nothing observed at all (every answer refused the key, every request
 * rate-limited or unanswered): the endpoint cannot be used, exit 3. */
static void check_nothing_observed(struct run_result *r)
{
	static const char *const why[CAUSE_COUNT] = {
		[CAUSE_RATE_LIMITED] = "nothing was observed: every request was rate-limited",
		[CAUSE_TRANSPORT_ERROR] = "nothing was observed: no request got an answer",
	};
	enum cause first = r->n_probes ? r->probes[0].cause : CAUSE_NONE;
	size_t i;

	for (i = 0; i < r->n_probes && unobserved(&r->probes[i]); i++)
		;
	if (!r->n_probes || i < r->n_probes || r->unusable)
		return;
	r->unusable = true;
	r->unusable_cause = first;
	r->unusable_detail = first == CAUSE_AUTH_ERROR || !why[first]
				     ? xstrdup(r->probes[0].message)
				     : buf_strdupf("%s: %s", why[first], r->probes[0].message);
}

/* the endpoint's note goes on with sentence (owned; NULL, out of memory,
 * adds nothing): "note; sentence" */
static void note_more(struct run_result *r, char *sentence)
{
	char *both;

	if (!r->endpoint_note) {
		r->endpoint_note = sentence;
		return;
	}
	if (!sentence)
		return;
	both = buf_strdupf("%s; %s", r->endpoint_note, sentence);
	free(sentence);
	if (both) {
		free(r->endpoint_note);
		r->endpoint_note = both;
	}
}

/* A server that stopped answering mid-run: from some result on (in the
 * order they were sent), none got an answer. Those in flight then were
 * lost too, and which were in flight depends on timing: every result with
 * no answer counts as lost to the death. The first of them in the order
 * sent is judged (its request may be what killed the server); the rest
 * were not observed, and the run says so once. */
static bool check_server_died(struct run *run)
{
	struct run_result *r = run->r;
	const size_t *order = run->plan->order;
	size_t k = r->n_probes, j, i, lost = 0;

	while (k > 0 && r->probes[order[k - 1]].cause == CAUSE_TRANSPORT_ERROR)
		k--;
	if (k == 0 || r->n_probes - k < 2)
		return false; /* nothing answered at all, or one failure: not a death */
	for (j = 0; r->probes[order[j]].cause != CAUSE_TRANSPORT_ERROR;)
		j++;
	for (i = j + 1; i < r->n_probes; i++) {
		struct probe_result *p = &r->probes[order[i]];

		if (p->cause != CAUSE_TRANSPORT_ERROR)
			continue;
		p->verdict = VERDICT_SKIPPED;
		p->conform = CONFORM_SKIPPED;
		free(p->message);
		p->message = xstrdup("not observed: the server had stopped answering");
		lost++;
	}
	note_more(r, buf_strdupf("the server stopped answering at %s (%zu of %zu sent); the %zu "
				 "after it that got no answer were not observed",
				 r->probes[order[j]].probe->id, j + 1, r->n_probes, lost));
	return true;
}

/* the server stopped answering and the engine's log says it died: the
 * note says where, so the one death is told once, with its cause */
static void note_engine_death(struct run_result *r)
{
	const struct engine_finding *f = r->n_findings ? &r->findings[0] : NULL;

	if (f && f->fatal && r->endpoint_note)
		note_more(r, buf_strdupf("the engine's log says why: %s (%s:%ld: %s)", f->explain,
					 r->engine_log, f->line, f->quote));
}

/* The engine that answered: as discovery saw it, else its answers'
 * fingerprint, else its error bodies' envelope, else the recipe's
 * engine_id (the remedies are made from it and the causes, remedy.h) */
static void name_engine(struct run *run)
{
	struct run_result *r = run->r;
	enum engine e = run->ep.engine;

	r->engine_evidence = run->ep.engine_seen;
	if (e == ENGINE_UNKNOWN && (e = engine_from_fingerprint(r->server)))
		r->engine_evidence = "system_fingerprint";
	if (e == ENGINE_UNKNOWN && (e = run->engine_hint))
		r->engine_evidence = "the shape of its error bodies";
	if (e == ENGINE_UNKNOWN && r->recipe && (e = r->recipe->engine_id))
		r->engine_evidence = "the recipe's engine_id";
	r->engine = e;
}

/* the endpoint is usable: every item, as many at once as the command
 * and flags allow */
static void run_items(struct run *run)
{
	struct run_result *r = run->r;
	bool died;

	if (!r->model) /* the raw name goes in requests */
		r->model = text_clean_line(run->model);
	if (run->c->cmd == CMD_CONFORM)
		run_pool(run, run->plan->order, r->n_probes, RUNNER_CHECKS_AT_ONCE);
	else if (run->c->parallel)
		run_pool(run, run->plan->order, r->n_probes, 0);
	else
		run_in_order(run);
	settle_dependents(r);
	died = check_server_died(run);
	check_nothing_observed(r);
	/* warnings the engine logged, or its death mid-run: evidence */
	if (run->hooks->engine_explain)
		run->hooks->engine_explain(run->hooks->engine_ctx, r);
	if (died)
		note_engine_death(r);
}

enum runner_status runner_run(const struct plan *pl, const struct runner_hooks *hooks,
			      struct run_result *r, char *err, size_t errlen)
{
	struct run run = {
		.plan = pl,
		.c = pl->c,
		.hooks = hooks,
		.r = r,
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.budget = HTTP_BUDGET_INIT((size_t)pl->c->max_run_bytes),
	};
	enum endpoint_state st;
	enum cause cause = CAUSE_NONE;
	char detail[1024] = "";
	double t0 = now();

	/* r first: the caller releases it whatever happens; the endpoint is
	 * initialised (its lock too) before anything can fail */
	memset(r, 0, sizeof(*r));
	if (endpoint_init(&run.ep, pl->c->endpoint) || result_init(r, pl, hooks)) {
		snprintf(err, errlen, "out of memory");
		endpoint_release(&run.ep);
		return RUNNER_CONFIG_ERROR;
	}
	http_setup(&run, hooks);
	run.sent_extra = chat_extras_text(run.c->extra_body, run.c->chat_template_kwargs);
	st = endpoint_discover(&run.ep, &run.probe_http, &cause, detail, sizeof(detail));
	if (behind_proxy(&run, &st))
		r->endpoint_note = buf_strdupf("GET %s/models answered HTTP %ld (a proxy?): going "
					       "on with --model; the model's context is unknown",
					       run.ep.base, run.ep.models_status);
	if (st == ENDPOINT_NOT_READY && run.c->wait > 0)
		wait_until_ready(&run, &st, &cause, detail, sizeof(detail));
	if (st == ENDPOINT_READY && !r->endpoint_note && run.ep.models_status != 200 &&
	    run.ep.models_status != 0)
		r->endpoint_note = buf_strdupf("GET %s/models answered HTTP %ld: the model and "
					       "its context are unknown",
					       run.ep.base, run.ep.models_status);
	r->max_model_len = run.ep.max_model_len;
	r->server_version = text_clean_line(run.ep.version);
	if (run.c->model && !r->model) /* the name the user gave, whatever the endpoint did */
		r->model = text_clean_line(run.c->model);
	if (st != ENDPOINT_READY && cancelled(&run)) {
		mark_interrupted(&run); /* Ctrl-C while waiting: not the endpoint's verdict */
	} else if (st != ENDPOINT_READY) {
		mark_unusable(&run, cause, detail);
	} else if (!(run.model = choose_model(&run, detail, sizeof(detail)))) {
		/* found by talking to the endpoint: it cannot be used as asked */
		mark_unusable(&run, CAUSE_NO_MODEL, detail);
	} else {
		run_items(&run);
	}
	name_engine(&run);
	r->seconds = now() - t0;
	endpoint_release(&run.ep);
	free(run.sent_extra);
	return RUNNER_OK;
}
