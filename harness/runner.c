/* runner — one run from discovery to results; see runner.h. */
#include "runner.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "alloc.h"
#include "apierror.h"
#include "chat.h"
#include "endpoint.h"
#include "grade.h"
#include "needle.h"
#include "text.h"

#define EXCERPT_CHARS	 200
#define NEEDLE_TOLERANCE 0.03

struct run {
	const struct config *c;
	const struct runner_hooks *hooks;
	struct run_result *r;
	struct endpoint ep;
	struct http_options http;	/* for probe requests */
	struct http_options probe_http; /* for discovery: a shorter timeout */
	const char *model;
	pthread_mutex_t lock;	   /* --parallel: the result's shared fields, the endpoint, hooks */
	struct http_budget budget; /* response bytes held at once, whole run */
};

/* how a probe is sent: as its file and the flags say, or forced */
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

static void emit(struct run *run, enum runner_event ev, size_t index, const char *text)
{
	pthread_mutex_lock(&run->lock);
	if (run->hooks->event)
		run->hooks->event(run->hooks->ctx, ev, run->r, index, text);
	pthread_mutex_unlock(&run->lock);
}

static char *dupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dupf(const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return buf_detach(&b);
}

static struct observation *add_obs(struct probe_result *pr, const char *label)
{
	struct observation *o = xrealloc(pr->obs, (pr->n_obs + 1) * sizeof(*o));

	if (!o)
		return NULL;
	pr->obs = o;
	o = &pr->obs[pr->n_obs++];
	memset(o, 0, sizeof(*o));
	snprintf(o->label, sizeof(o->label), "%s", label);
	o->prompt_tokens = o->completion_tokens = o->reasoning_tokens = -1;
	return o;
}

/* true when the endpoint lists models and the one asked for is not among them */
static bool served_elsewhere(const struct run *run)
{
	size_t i;

	for (i = 0; i < run->ep.n_models; i++)
		if (!strcmp(run->ep.models[i], run->model))
			return false;
	return run->ep.n_models > 0;
}

static const char *served_list(const struct run *run, char *out, size_t n)
{
	size_t i, used = 0;

	out[0] = '\0';
	for (i = 0; i < run->ep.n_models && used + 1 < n; i++) {
		snprintf(out + used, n - used, "%s%s", i ? ", " : "", run->ep.models[i]);
		used = strlen(out);
	}
	return out;
}

/* A copy of what the endpoint named itself (model, version, fingerprint)
 * as valid UTF-8 on one line, for the reports; NULL stays NULL. */
static char *clean_copy(const char *s)
{
	return s ? text_excerpt(s, strlen(s), 1024, true) : NULL;
}

/* Reads one finished exchange into o: outcome, status, answer, grade. */
static void observe(struct run *run, const struct probe *p, const struct expect *xp,
		    const struct grade_policy *pol, bool stream, const struct http_exchange *x,
		    struct observation *o, struct grade *g, cJSON **assistant)
{
	struct chat_reply reply;
	char err[256];

	memset(g, 0, sizeof(*g));
	o->outcome = x->outcome;
	o->status = x->status;
	o->seconds = x->seconds;
	if (x->outcome != HTTP_DONE) {
		o->cause = x->outcome == HTTP_TIMEOUT	  ? CAUSE_TIMEOUT
			   : x->outcome == HTTP_TOO_LARGE ? CAUSE_RESPONSE_TOO_LARGE
			   : x->outcome == HTTP_CANCELLED ? CAUSE_INTERRUPTED
							  : CAUSE_TRANSPORT_ERROR;
		o->error = text_excerpt(x->error, strlen(x->error), EXCERPT_CHARS, true);
		o->detail = dupf("%s", o->error ? o->error : "");
		return;
	}
	if (x->status < 200 || x->status >= 300) {
		struct api_error ae;
		char needle_note[96], list[512];

		snprintf(needle_note, sizeof(needle_note),
			 " (the prompt is %ld tokens + %ld for the answer)",
			 p->needle && p->needle->size == NEEDLE_SIZE_LONG_TOOL_CTX
				 ? run->c->long_tool_ctx
				 : run->c->needle_ctx,
			 pol->max_tokens);

		apierror_parse(buf_cstr(&x->response), x->response.len, &ae);
		o->error = ae.message;
		ae.message = NULL;
		if (x->status >= 300 && x->status < 400) {
			o->cause = CAUSE_HTTP_REDIRECT;
		} else if (x->status == 401 || x->status == 403) {
			o->cause = CAUSE_AUTH_ERROR;
		} else if (ae.context_overflow) {
			o->cause = CAUSE_CONTEXT_OVERFLOW;
		} else {
			o->cause = CAUSE_HTTP_ERROR;
			if (x->status < 500)
				o->remedy = xstrdup(cause_http_remedy(x->status));
		}
		if (o->cause == CAUSE_CONTEXT_OVERFLOW && ae.ctx_limit > 0)
			o->detail =
				dupf("HTTP %ld: the endpoint's context is %ld tokens, the request "
				     "needed %s%ld%s: %s",
				     x->status, ae.ctx_limit,
				     ae.ctx_requested > 0 && !ae.ctx_at_least ? "" : "more than ",
				     ae.ctx_requested > 0 ? ae.ctx_requested - ae.ctx_at_least
							  : ae.ctx_limit,
				     p->needle ? needle_note : "", o->error ? o->error : "");
		else if (o->cause == CAUSE_HTTP_REDIRECT)
			o->detail = dupf("HTTP %ld: a redirect%s%s", x->status,
					 x->location[0] ? " to " : "", x->location);
		else if (x->status == 404 && served_elsewhere(run))
			o->detail = dupf("HTTP 404: %s (the endpoint serves: %s)",
					 o->error ? o->error : "",
					 served_list(run, list, sizeof(list)));
		else
			o->detail = dupf("HTTP %ld: %s", x->status, o->error ? o->error : "");
		apierror_release(&ae);
		return;
	}
	if (stream) {
		int rc = chat_stream_parse(buf_cstr(&x->response), x->response.len, x->marks,
					   x->n_marks, &reply, &o->stream, err, sizeof(err));

		o->streamed = true;
		if (rc) {
			o->cause = rc == -2 ? CAUSE_HTTP_ERROR : CAUSE_MALFORMED_RESPONSE;
			o->error = xstrdup(err);
			o->detail = dupf("%s (after %zu events)", err, o->stream.events);
			chat_reply_release(&reply);
			return;
		}
	} else if ((p->api == API_RESPONSES
			    ? chat_responses_parse(buf_cstr(&x->response), x->response.len, &reply,
						   err, sizeof(err))
			    : chat_reply_parse(buf_cstr(&x->response), x->response.len, &reply, err,
					       sizeof(err)))) {
		o->cause = CAUSE_MALFORMED_RESPONSE;
		o->error =
			text_excerpt(buf_cstr(&x->response), x->response.len, EXCERPT_CHARS, true);
		o->detail = dupf("%s; body starts '%s'", err, o->error ? o->error : "");
		chat_reply_release(&reply);
		return;
	}
	grade_answer(xp, pol, &reply, stream ? &o->stream : NULL, g);
	if (assistant)
		*assistant = chat_assistant_message(&reply);
	o->graded = true;
	o->pass = g->pass;
	o->cause = g->cause;
	o->detail = xstrdup(g->detail);
	o->remedy = g->remedy[0] ? xstrdup(g->remedy) : NULL;
	o->finish_reason = xstrdup(reply.finish_reason);
	o->content_excerpt = text_excerpt(reply.content, reply.content_len, EXCERPT_CHARS, false);
	o->content_chars = text_chars(reply.content, reply.content_len);
	o->reasoning_excerpt =
		text_excerpt(reply.reasoning, reply.reasoning_len, EXCERPT_CHARS, false);
	o->reasoning_chars = text_chars(reply.reasoning, reply.reasoning_len);
	o->reasoning_field = reply.reasoning_field;
	o->prompt_tokens = reply.prompt_tokens;
	o->completion_tokens = reply.completion_tokens;
	o->reasoning_tokens = reply.reasoning_tokens;
	o->n_tool_calls = reply.n_calls;
	o->tool = g->tool[0] ? xstrdup(g->tool) : NULL;
	pthread_mutex_lock(&run->lock);
	if (reply.fingerprint && !run->r->server)
		run->r->server = clean_copy(reply.fingerprint);
	pthread_mutex_unlock(&run->lock);
	chat_reply_release(&reply);
}

/* The /tokenize request for a chat request: the same model, messages,
 * tools and template switches, so the template renders the same prompt. */
static char *tokenize_body(const struct run *run, const struct probe *p, const cJSON *msgs)
{
	const struct config *c = run->c;
	const cJSON *tools = cJSON_GetObjectItemCaseSensitive(p->request, "tools");
	cJSON *req = cJSON_CreateObject(), *kw = NULL;
	char *text = NULL;

	if (!req || !cJSON_AddStringToObject(req, "model", run->model) ||
	    !cJSON_AddItemToObject(req, "messages", cJSON_Duplicate(msgs, 1)) ||
	    (tools && !cJSON_AddItemToObject(req, "tools", cJSON_Duplicate(tools, 1))))
		goto out;
	if (c->thinking == THINKING_ENABLED || c->thinking == THINKING_DISABLED ||
	    c->chat_template_kwargs) {
		kw = c->chat_template_kwargs ? cJSON_Duplicate(c->chat_template_kwargs, 1)
					     : cJSON_CreateObject();
		if (!kw || !cJSON_AddItemToObject(req, "chat_template_kwargs", kw)) {
			cJSON_Delete(kw);
			goto out;
		}
		if (c->thinking == THINKING_ENABLED || c->thinking == THINKING_DISABLED) {
			cJSON_DeleteItemFromObjectCaseSensitive(kw, "enable_thinking");
			cJSON_AddBoolToObject(kw, "enable_thinking",
					      c->thinking == THINKING_ENABLED);
		}
	}
	text = cJSON_PrintUnformatted(req);
out:
	cJSON_Delete(req);
	return text;
}

/* The probe's own messages, then the haystack as the last user message. */
static cJSON *needle_messages(const struct probe *p, const struct probe_result *pr, long count)
{
	const cJSON *own = cJSON_GetObjectItemCaseSensitive(p->request, "messages");
	char *text = needle_build(p->needle, pr->secret, pr->depth, count);
	cJSON *msgs = own ? cJSON_Duplicate(own, 1) : cJSON_CreateArray();
	cJSON *m = cJSON_CreateObject();

	if (!text || !msgs || !m || !cJSON_AddStringToObject(m, "role", "user") ||
	    !cJSON_AddStringToObject(m, "content", text)) {
		free(text);
		cJSON_Delete(msgs);
		cJSON_Delete(m);
		return NULL;
	}
	free(text);
	cJSON_AddItemToArray(msgs, m);
	return msgs;
}

/* The prompt size of count fillers as the endpoint counts it: /tokenize
 * when offered, else a one-token chat request. -1 when unknown. */
static long needle_measure(struct run *run, const struct probe *p, const struct probe_result *pr,
			   long count)
{
	cJSON *msgs = needle_messages(p, pr, count);
	struct chat_settings cs = { run->model,
				    1,
				    run->c->thinking,
				    run->c->reasoning_effort,
				    run->c->chat_template_kwargs,
				    run->c->extra_body,
				    false };
	char url[2048], err[256], *text = msgs ? tokenize_body(run, p, msgs) : NULL;
	struct http_exchange x = { 0 };
	struct chat_reply reply;
	long n = -1;

	memset(&reply, 0, sizeof(reply));
	if (!text)
		goto out;
	pthread_mutex_lock(&run->lock); /* the endpoint remembers what /tokenize did */
	n = endpoint_tokenize(&run->ep, &run->http, text);
	pthread_mutex_unlock(&run->lock);
	if (n > 0)
		goto out;
	n = -1;
	x.body = chat_body_build(p->request, msgs, &cs, err, sizeof(err));
	snprintf(url, sizeof(url), "%s/chat/completions", run->ep.base);
	x.url = url;
	if (x.body && http_perform(&x, 1, &run->http) == 0 && x.outcome == HTTP_DONE &&
	    x.status == 200 &&
	    chat_reply_parse(buf_cstr(&x.response), x.response.len, &reply, err, sizeof(err)) == 0)
		n = reply.prompt_tokens;
	chat_reply_release(&reply);
	free((char *)x.body);
	http_exchange_release(&x);
out:
	free(text);
	cJSON_Delete(msgs);
	return n;
}

/* Chooses the filler count for the target from the endpoint's own counts:
 * two small haystacks give tokens per filler and the fixed overhead; where
 * /tokenize makes counting cheap, one count at full size corrects the rest. */
static long needle_calibrate(struct run *run, const struct probe *p, const struct probe_result *pr,
			     long target)
{
	long a = 32, b = 160, ta, tb, n;

	ta = needle_measure(run, p, pr, a);
	tb = ta > 0 ? needle_measure(run, p, pr, b) : -1;
	n = tb > 0 ? needle_count_for(target, a, ta, b, tb) : -1;
	if (n < 0)
		return needle_count_guess(p->needle, target);
	if (run->ep.tokenize_works && n != b) {
		long tn = needle_measure(run, p, pr, n);
		long fix = tn > 0 ? needle_count_for(target, b, tb, n, tn) : -1;

		if (fix >= 0)
			n = fix;
	}
	return n;
}

/* A summary or note template with {passed}, {total}, {json_keys},
 * {secret}, {cause} and {ctx_k} filled in; caller frees. */
static char *render(const struct probe_result *pr, const char *tmpl)
{
	struct buf b = BUF_INIT(0);
	const char *s;

	for (s = tmpl; *s; s++) {
		if (!strncmp(s, "{passed}", 8)) {
			buf_printf(&b, "%d", pr->passed);
			s += 7;
		} else if (!strncmp(s, "{total}", 7)) {
			buf_printf(&b, "%d", pr->total);
			s += 6;
		} else if (!strncmp(s, "{json_keys}", 11)) {
			buf_puts(&b, pr->json_keys ? pr->json_keys : "[]");
			s += 10;
		} else if (!strncmp(s, "{secret}", 8)) {
			buf_puts(&b, pr->secret ? pr->secret : "");
			s += 7;
		} else if (!strncmp(s, "{cause}", 7)) {
			buf_puts(&b, cause_code(pr->cause));
			s += 6;
		} else if (!strncmp(s, "{ctx_k}", 7)) {
			long t = pr->needle_target;

			if (t >= 1000000 && t % 1000000 == 0)
				buf_printf(&b, "%ldM", t / 1000000);
			else if (t % 1000 == 0)
				buf_printf(&b, "%ldk", t / 1000);
			else
				buf_printf(&b, "%.1fk", (double)t / 1000.0);
			if (pr->variant[0]) /* a --needle-depth variant: "14k/50%" */
				buf_printf(&b, "/%s", pr->variant + 1);
			s += 6;
		} else {
			buf_putc(&b, *s);
		}
	}
	return buf_detach(&b);
}

static void render_summary(struct probe_result *pr, const char *tmpl)
{
	pr->summary = render(pr, tmpl);
	if (pr->probe->note)
		pr->note = render(pr, pr->probe->note);
}

/* The verdict, cause and message of a probe from its observations: the
 * most frequent cause among the failed answers, and one of them as the
 * example. Graded failures make a FAIL; only failed exchanges, an ERROR. */
static void conclude(struct probe_result *pr)
{
	size_t counts[CAUSE_COUNT] = { 0 }, i, best = 0;
	int graded_fail = 0;
	const struct observation *example = NULL;

	for (i = 0; i < pr->n_obs; i++) {
		const struct observation *o = &pr->obs[i];

		if (o->pass || o->cause == CAUSE_NONE)
			continue;
		counts[o->cause]++;
		graded_fail += !cause_is_exchange_error(o->cause);
	}
	for (i = 1; i < CAUSE_COUNT; i++)
		if (counts[i] > counts[best])
			best = i;
	/* corruption only under load explains the failed answers it caused */
	if (counts[CAUSE_CONCURRENCY_CORRUPTION])
		best = CAUSE_CONCURRENCY_CORRUPTION;
	if (!best) {
		pr->verdict = VERDICT_PASS;
		return;
	}
	pr->cause = (enum cause)best;
	pr->verdict = graded_fail ? VERDICT_FAIL : VERDICT_ERROR;
	for (i = 0; i < pr->n_obs && !example; i++)
		if (!pr->obs[i].pass && pr->obs[i].cause == pr->cause)
			example = &pr->obs[i];
	if (example->remedy)
		pr->remedy = xstrdup(example->remedy);
	if (pr->cause == CAUSE_CONCURRENCY_CORRUPTION) {
		const struct observation *bad = NULL;

		for (i = 0; i < pr->n_obs && !bad; i++)
			if (!pr->obs[i].pass && pr->obs[i].graded)
				bad = &pr->obs[i];
		pr->message = dupf("%s; under load: %s", example->detail ? example->detail : "",
				   bad && bad->detail ? bad->detail : "");
	} else if (pr->total > 1)
		pr->message = dupf("%d/%d passed; %s in %zu of %d: %s", pr->passed, pr->total,
				   cause_code(pr->cause), counts[pr->cause], pr->total,
				   example->detail ? example->detail : "");
	else
		pr->message = dupf("%s", example->detail ? example->detail : "");
}

/* The console's short evidence: sizes, counts, and the answer that best
 * shows the verdict (the first failed graded one, else the first graded). */
static void evidence(struct probe_result *pr, const struct probe *p)
{
	const struct observation *o = pr->n_obs ? &pr->obs[0] : NULL;
	struct buf b = BUF_INIT(0);
	size_t i;

	for (i = 0; i < pr->n_obs; i++) {
		const struct observation *c = &pr->obs[i];

		if (c->graded && (!o->graded || (o->pass && !c->pass)))
			o = c;
	}
	if (pr->needle_target > 0 && pr->needle_measured > 0)
		buf_printf(&b, "target=%ld measured=%ld ", pr->needle_target, pr->needle_measured);
	else if (pr->needle_target > 0)
		buf_printf(&b, "target=%ld ", pr->needle_target);
	if (pr->total > 1)
		buf_printf(&b, "%d/%d clean ", pr->passed, pr->total);
	if (o && o->graded) {
		char *got = text_excerpt(o->content_excerpt, strlen(o->content_excerpt), 40, true);

		if (p->expect.tool_name)
			buf_printf(&b, "%s ", o->tool ? o->tool : "no tool call");
		else
			buf_printf(&b, "got='%s' ", got ? got : "");
		free(got);
		buf_printf(&b, "finish=%s visible=%zu reasoning=%zu",
			   o->finish_reason ? o->finish_reason : "?", o->content_chars,
			   o->reasoning_chars);
		if (o->reasoning_tokens >= 0)
			buf_printf(&b, " reasoning_tokens=%ld", o->reasoning_tokens);
		if (pr->streamed && pr->ttft >= 0)
			buf_printf(&b, " ttft=%.3fs", pr->ttft);
		if (pr->streamed && pr->decode_tps > 0)
			buf_printf(&b, " %.1f tok/s", pr->decode_tps);
	} else if (o) {
		buf_printf(&b, "%s", o->detail ? o->detail : "");
	}
	pr->evidence = buf_detach(&b);
}

/* Requests a probe sends per repetition: --tool-batch resizes tool batches. */
static int planned_batch(const struct config *c, const struct probe *p)
{
	if (p->batch > 1 && c->tool_batch && cJSON_GetObjectItemCaseSensitive(p->request, "tools"))
		return c->tool_batch;
	return p->batch;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* the median of one stream metric over the probe's streamed answers */
static double median_of(const struct probe_result *pr, size_t field)
{
	double *v = xcalloc(pr->n_obs + 1, sizeof(double)), m = -1;
	size_t i, n = 0;

	if (!v)
		return -1;
	for (i = 0; i < pr->n_obs; i++) {
		double x = *(const double *)((const char *)&pr->obs[i].stream + field);

		if (pr->obs[i].streamed && x >= 0)
			v[n++] = x;
	}
	if (n) {
		qsort(v, n, sizeof(double), cmp_double);
		m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	}
	free(v);
	return m;
}

static void stream_medians(struct probe_result *pr)
{
	pr->streamed = true;
	pr->ttft = median_of(pr, offsetof(struct stream_stats, ttft));
	pr->ttfc = median_of(pr, offsetof(struct stream_stats, ttfc));
	pr->decode_tps = median_of(pr, offsetof(struct stream_stats, decode_tps));
	pr->itl_p50 = median_of(pr, offsetof(struct stream_stats, itl_p50));
	pr->itl_p95 = median_of(pr, offsetof(struct stream_stats, itl_p95));
	pr->prefill_tps = median_of(pr, offsetof(struct stream_stats, prefill_tps));
}

static long needle_target(const struct config *c, const struct probe *p)
{
	return p->needle->size == NEEDLE_SIZE_LONG_TOOL_CTX ? c->long_tool_ctx : c->needle_ctx;
}

/* The haystack must be the size that was asked for, as the endpoint
 * counts it, and at least the probe's floor. */
static void check_prompt_size(const struct probe *p, struct probe_result *pr)
{
	long got = pr->needle_measured, want = pr->needle_target;
	struct observation *o;

	if (got <= 0)
		return;
	if (got < p->needle->min_prompt_tokens && (o = add_obs(pr, "prompt-size"))) {
		o->cause = CAUSE_CONTEXT_OVERFLOW;
		o->detail = dupf(
			"the endpoint counted %ld prompt tokens; this probe needs at least %ld",
			got, p->needle->min_prompt_tokens);
	}
	if (fabs((double)got - (double)want) > NEEDLE_TOLERANCE * (double)want &&
	    (o = add_obs(pr, "prompt-size"))) {
		o->cause = got < want ? CAUSE_CONTEXT_OVERFLOW : CAUSE_WRONG_ANSWER;
		o->detail = dupf(
			"the endpoint counted %ld prompt tokens for a %ld-token prompt (%+.1f%%)%s",
			got, want, 100.0 * ((double)got / (double)want - 1.0),
			got < want ? ": it truncated the prompt"
				   : ": the haystack could not be sized");
	}
}

/* The evidence policy for expectations x: theirs where set, the run's else. */
static void policy_for(const struct config *c, const struct expect *x, long max_tokens,
		       const char *secret, struct grade_policy *pol)
{
	if (x->contains_from && !strcmp(x->contains_from, "image-expect")) {
		pol->expected = c->image_expect;
		pol->n_expected = c->n_image_expect;
	} else if (x->contains_from && !strcmp(x->contains_from, "ocr-expect")) {
		pol->expected = c->ocr_expect;
		pol->n_expected = c->n_ocr_expect;
	} else if (x->contains_from) {
		pol->expected = c->video_expect;
		pol->n_expected = c->n_video_expect;
	}
	pol->finish_reasons = x->finish_reasons ? x->finish_reasons : c->allowed_finish;
	pol->n_finish_reasons = x->finish_reasons ? x->n_finish_reasons : c->n_allowed_finish;
	pol->reasoning = x->reasoning_set ? x->reasoning : c->reasoning_evidence;
	pol->max_tokens = max_tokens;
	pol->secret = secret;
}

/* One round: n copies of body, at most limit at once (0: all), each read
 * and graded into an observation labelled label#k. Returns the answers
 * that passed; *assistant gets the first answer as a message (turns). */
static int send_round(struct run *run, const struct probe *p, struct probe_result *pr,
		      const struct expect *x, const struct grade_policy *pol, bool stream,
		      const char *url, const char *body, int n, int limit, const char *label,
		      int first_index, cJSON **assistant)
{
	struct http_exchange *xs = xcalloc((size_t)n, sizeof(*xs));
	struct http_options opt = run->http;
	int i, passed = 0;

	if (!xs)
		return 0;
	opt.max_parallel = limit;
	for (i = 0; i < n; i++) {
		xs[i].url = url;
		xs[i].body = body;
		xs[i].want_marks = stream;
	}
	http_perform(xs, (size_t)n, &opt);
	for (i = 0; i < n; i++) {
		char name[48];
		struct observation *o;
		struct grade g;

		if (first_index)
			snprintf(name, sizeof(name), "%s#%d", label, first_index + i);
		else
			snprintf(name, sizeof(name), "%s", label);
		pr->total++;
		if ((o = add_obs(pr, name)) && cancelled(run)) {
			/* Ctrl-C acts between graded answers too */
			o->outcome = HTTP_CANCELLED;
			o->cause = CAUSE_INTERRUPTED;
			o->detail = dupf("interrupted before grading");
		} else if (o) {
			observe(run, p, x, pol, stream, &xs[i], o, &g, i == 0 ? assistant : NULL);
			passed += o->pass;
			pr->passed += o->pass;
			if (g.json_keys[0] && !pr->json_keys)
				pr->json_keys = xstrdup(g.json_keys);
			if (p->needle && o->prompt_tokens > 0)
				pr->needle_measured = o->prompt_tokens;
		}
		http_exchange_release(&xs[i]);
	}
	free(xs);
	return passed;
}

/* The later turns: the answer and the tool's result go back, the next
 * user message follows, each answer graded by its turn's expectations. */
static void run_turns(struct run *run, const struct probe *p, struct probe_result *pr,
		      struct chat_settings *cs, const char *url, cJSON *assistant)
{
	const cJSON *own = cJSON_GetObjectItemCaseSensitive(p->request, "messages");
	cJSON *msgs = cJSON_Duplicate(own, 1), *req = cJSON_Duplicate(p->request, 1);
	char label[48], err[256];
	size_t t;

	for (t = 0; t < p->n_turns && msgs && req && assistant && !cancelled(run); t++) {
		const struct turn *tn = &p->turns[t];
		const cJSON *call = cJSON_GetArrayItem(
			cJSON_GetObjectItemCaseSensitive(assistant, "tool_calls"), 0);
		struct grade_policy pol;
		cJSON *m, *next = NULL;
		char *body;
		int ok;

		cJSON_AddItemToArray(msgs, assistant);
		assistant = NULL;
		if (tn->tool_result && call) {
			m = cJSON_CreateObject();
			cJSON_AddStringToObject(m, "role", "tool");
			cJSON_AddStringToObject(
				m, "tool_call_id",
				cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(call, "id"))
					? cJSON_GetStringValue(
						  cJSON_GetObjectItemCaseSensitive(call, "id"))
					: "call_0");
			cJSON_AddStringToObject(m, "content", tn->tool_result);
			cJSON_AddItemToArray(msgs, m);
		}
		if (tn->user) {
			m = cJSON_CreateObject();
			cJSON_AddStringToObject(m, "role", "user");
			cJSON_AddStringToObject(m, "content", tn->user);
			cJSON_AddItemToArray(msgs, m);
		}
		if (!tn->keep_tools) {
			cJSON_DeleteItemFromObjectCaseSensitive(req, "tools");
			cJSON_DeleteItemFromObjectCaseSensitive(req, "tool_choice");
		}
		body = chat_body_build(req, msgs, cs, err, sizeof(err));
		if (!body)
			break;
		policy_for(run->c, &tn->expect, cs->max_tokens, pr->secret, &pol);
		snprintf(label, sizeof(label), "%s/turn%zu", p->id, t + 2);
		ok = send_round(run, p, pr, &tn->expect, &pol, cs->stream, url, body, 1, 0, label,
				0, t + 1 < p->n_turns ? &next : NULL);
		free(body);
		assistant = next;
		if (!ok)
			break;
	}
	cJSON_Delete(assistant);
	cJSON_Delete(msgs);
	cJSON_Delete(req);
}

/* --concurrency-diff: the batch one at a time first; clean alone but not
 * together is the load-dependent corruption vLLM has shown */
static void concurrency_diff(struct run *run, const struct probe *p, struct probe_result *pr,
			     const struct grade_policy *pol, bool stream, const char *url,
			     const char *body, int batch, int together)
{
	char label[48];
	int alone;
	struct observation *o;

	snprintf(label, sizeof(label), "%s@1", p->id);
	alone = send_round(run, p, pr, &p->expect, pol, stream, url, body, batch, 1, label, 1,
			   NULL);
	pr->solo_passed = alone;
	pr->solo_total = batch;
	if (alone == batch && together < batch && (o = add_obs(pr, "concurrency"))) {
		o->cause = CAUSE_CONCURRENCY_CORRUPTION;
		o->detail = dupf("clean one at a time (%d/%d), %d/%d clean with all %d in flight",
				 alone, batch, together, batch, batch);
	}
}

/* the probe's request with "$image" and "$video" URLs made data: URLs */
static cJSON *with_media(const struct run *run, const cJSON *request)
{
	cJSON *req = cJSON_Duplicate(request, 1), *m, *part;

	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(req, "messages"))
	{
		cJSON_ArrayForEach(part, cJSON_GetObjectItemCaseSensitive(m, "content"))
		{
			static const char *const kinds[] = { "image_url", "video_url" };
			size_t k;

			for (k = 0; k < 2; k++) {
				cJSON *holder = cJSON_GetObjectItemCaseSensitive(part, kinds[k]);
				cJSON *url = cJSON_GetObjectItemCaseSensitive(holder, "url");
				const struct media *md = k ? run->hooks->video : run->hooks->image;

				if (cJSON_IsString(url) && md &&
				    !strcmp(url->valuestring, k ? "$video" : "$image"))
					cJSON_SetValuestring(url, md->data_url);
			}
		}
	}
	return req;
}

static void run_probe(struct run *run, const struct probe *p, struct probe_result *pr,
		      enum stream_mode mode)
{
	const struct config *c = run->c;
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(p->request, "max_tokens");
	long max_tokens =
		cJSON_IsNumber(mt) ? (long)mt->valuedouble : c->visible_tokens + c->headroom_tokens;
	int batch = planned_batch(c, p), rep, i, reps = c->repeat ? c->repeat : p->repeat;
	bool stream = mode == STREAM_AS_SET ? c->stream || p->stream : mode == STREAM_ON;
	struct chat_settings cs = { run->model,
				    max_tokens,
				    c->thinking,
				    c->reasoning_effort,
				    c->chat_template_kwargs,
				    c->extra_body,
				    stream };
	struct grade_policy pol = { 0 };
	cJSON *msgs = NULL;
	char *body = NULL, url[2048], err[256];
	double t0 = now();

	pr->needle_target = pr->needle_measured = pr->needle_fillers = -1;
	pr->ttft = pr->ttfc = pr->decode_tps = pr->itl_p50 = pr->itl_p95 = pr->prefill_tps = -1;
	policy_for(c, &p->expect, max_tokens, pr->secret, &pol);
	snprintf(url, sizeof(url), "%s/%s", run->ep.base,
		 p->api == API_RESPONSES ? "responses" : "chat/completions");

	if (p->needle) {
		struct observation *o;

		pr->needle_target = needle_target(c, p);
		if (run->ep.max_model_len > 0 &&
		    pr->needle_target + max_tokens > run->ep.max_model_len) {
			pr->total = 1;
			if ((o = add_obs(pr, p->id))) {
				o->cause = CAUSE_CONTEXT_OVERFLOW;
				o->detail =
					dupf("not sent: the endpoint's context is %ld tokens "
					     "(max_model_len), the prompt needs %ld + %ld for the "
					     "answer",
					     run->ep.max_model_len, pr->needle_target, max_tokens);
			}
			goto done;
		}
		pr->needle_fillers = needle_calibrate(run, p, pr, pr->needle_target);
		msgs = needle_messages(p, pr, pr->needle_fillers);
	}
	if (p->media) {
		cJSON *req = with_media(run, p->request);

		body = req ? chat_body_build(req, msgs, &cs, err, sizeof(err)) : NULL;
		if (!req)
			snprintf(err, sizeof(err), "out of memory");
		cJSON_Delete(req);
	} else {
		body = p->api == API_RESPONSES
			       ? chat_responses_body(p->request, &cs, err, sizeof(err))
			       : chat_body_build(p->request, msgs, &cs, err, sizeof(err));
	}
	if (!body) {
		struct observation *o = add_obs(pr, p->id);

		if (o) {
			o->cause = CAUSE_TRANSPORT_ERROR;
			o->detail = dupf("%s", err);
		}
		goto done;
	}
	for (rep = 0; rep < reps && !cancelled(run); rep++) {
		cJSON *assistant = NULL;
		int together = send_round(run, p, pr, &p->expect, &pol, stream, url, body, batch, 0,
					  p->id, batch > 1 || reps > 1 ? rep * batch + 1 : 0,
					  p->n_turns ? &assistant : NULL);
		size_t before = pr->n_obs;

		if (c->concurrency_diff && batch > 1 && !cancelled(run))
			concurrency_diff(run, p, pr, &pol, stream, url, body, batch, together);
		if (p->n_turns && together == batch)
			run_turns(run, p, pr, &cs, url, assistant);
		else
			cJSON_Delete(assistant);
		/* a repetition passes when all its answers (and turns) passed */
		for (i = (int)before; i < (int)pr->n_obs && pr->obs[i].pass; i++)
			;
		pr->reps_passed += together == batch && i == (int)pr->n_obs;
	}
	pr->reps = reps;
	if (p->needle)
		check_prompt_size(p, pr);
	if (stream)
		stream_medians(pr);
	pthread_mutex_lock(&run->lock);
	if (p->measures_speed && pr->decode_tps > 0)
		run->r->decode_tps = pr->decode_tps;
	pthread_mutex_unlock(&run->lock);
done:
	pr->seconds = now() - t0;
	conclude(pr);
	render_summary(pr, pr->verdict == VERDICT_PASS ? p->summary_pass : p->summary_fail);
	evidence(pr, p);
	free(body);
	cJSON_Delete(msgs);
}

static void mark_all(const struct config *c, struct run_result *r, size_t from, enum verdict v,
		     enum cause cause, const char *detail)
{
	size_t i;

	for (i = from; i < r->n_probes; i++) {
		struct probe_result *pr = &r->probes[i];
		const struct probe *p = pr->probe;

		pr->verdict = v;
		pr->cause = cause;
		pr->total = planned_batch(c, p) * p->repeat;
		pr->message = xstrdup(detail);
		pr->needle_target = p->needle ? needle_target(c, p) : -1;
		pr->needle_measured = pr->needle_fillers = -1;
		render_summary(pr, p->summary_fail);
		pr->evidence = xstrdup(detail);
	}
}

/* --stream-parity: the probe ran plain into pr and streamed into st; the
 * streamed answers join pr, and verdicts that differ fail the probe */
static void merge_parity(struct probe_result *pr, struct probe_result *st)
{
	struct observation *obs = xrealloc(pr->obs, (pr->n_obs + st->n_obs + 1) * sizeof(*obs));
	bool differ = pr->verdict != st->verdict || pr->cause != st->cause;
	size_t i;

	if (obs) {
		pr->obs = obs;
		for (i = 0; i < st->n_obs; i++) {
			char label[48];

			pr->obs[pr->n_obs] = st->obs[i];
			snprintf(label, sizeof(label), "stream:%s", st->obs[i].label);
			snprintf(pr->obs[pr->n_obs].label, sizeof(pr->obs[pr->n_obs].label), "%s",
				 label);
			pr->n_obs++;
		}
		st->n_obs = 0;
	}
	pr->streamed = st->streamed;
	pr->ttft = st->ttft;
	pr->ttfc = st->ttfc;
	pr->decode_tps = st->decode_tps;
	pr->itl_p50 = st->itl_p50;
	pr->itl_p95 = st->itl_p95;
	pr->prefill_tps = st->prefill_tps;
	if (differ) {
		char *msg =
			dupf("verdicts differ: non-streamed %s%s%s%s, streamed %s%s%s%s",
			     verdict_name(pr->verdict), pr->cause ? " (" : "",
			     cause_code(pr->cause), pr->cause ? ")" : "", verdict_name(st->verdict),
			     st->cause ? " (" : "", cause_code(st->cause), st->cause ? ")" : "");
		struct buf full = BUF_INIT(0);

		buf_printf(&full, "%s: %s", msg ? msg : "",
			   st->message	 ? st->message
			   : pr->message ? pr->message
					 : "");
		free(msg);
		free(pr->message);
		pr->message = buf_detach(&full);
		pr->verdict = VERDICT_FAIL;
		pr->cause = CAUSE_STREAM_PARITY;
		free(pr->summary);
		free(pr->note);
		pr->note = NULL;
		render_summary(pr, pr->probe->summary_fail);
	}
	pr->total += st->total;
	pr->passed += st->passed;
}

/* one probe result: announced, run (both ways under --stream-parity),
 * skipped when the run was interrupted under it */
static void run_one(struct run *run, size_t i)
{
	struct probe_result *pr = &run->r->probes[i];

	emit(run, RUNNER_PROBE_START, i, NULL);
	if (run->c->stream_parity) {
		struct probe_result st = *pr;

		st.obs = NULL;
		st.n_obs = 0;
		st.secret = pr->secret ? xstrdup(pr->secret) : NULL;
		run_probe(run, pr->probe, pr, STREAM_OFF);
		run_probe(run, pr->probe, &st, STREAM_ON);
		merge_parity(pr, &st);
		probe_result_release(&st);
	} else {
		run_probe(run, pr->probe, pr, STREAM_AS_SET);
	}
	if (cancelled(run)) {
		/* its answers are incomplete: no verdict on a probe cut short */
		pr->verdict = VERDICT_SKIPPED;
		pr->cause = CAUSE_INTERRUPTED;
		free(pr->message);
		pr->message = xstrdup("interrupted");
		pthread_mutex_lock(&run->lock);
		run->r->interrupted = true;
		pthread_mutex_unlock(&run->lock);
		return;
	}
	emit(run, RUNNER_PROBE_DONE, i, NULL);
}

struct worker {
	struct run *run;
	size_t index;
	pthread_t thread;
	int started;
};

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	run_one(w->run, w->index);
	return NULL;
}

/* --parallel: every probe in its own thread, each with its own event loop */
static void run_parallel(struct run *run)
{
	struct worker *w = xcalloc(run->r->n_probes, sizeof(*w));
	size_t i;

	for (i = 0; i < run->r->n_probes; i++) {
		if (w) {
			w[i].run = run;
			w[i].index = i;
			w[i].started = pthread_create(&w[i].thread, NULL, worker_main, &w[i]) == 0;
		}
		if (!w || !w[i].started)
			run_one(run, i); /* no thread to be had: run it here */
	}
	for (i = 0; w && i < run->r->n_probes; i++)
		if (w[i].started)
			pthread_join(w[i].thread, NULL);
	free(w);
}

static void wait_until_ready(struct run *run, enum endpoint_state *st, enum cause *cause,
			     char *detail, size_t len)
{
	double start = now(), last = -100;

	while (*st == ENDPOINT_NOT_READY && now() - start < run->c->wait && !cancelled(run)) {
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

/* One result per probe, and one per depth for a needle with a secret when
 * --needle-depth lists depths: "needle@10%", "needle@50%", each with its
 * own secret. */
static int plan_results(const struct config *c, const struct probe_set *set, struct run_result *r)
{
	size_t i, j, n = 0;

	for (i = 0; i < set->n; i++) {
		const struct probe *p = set->items[i];

		n += p->needle && p->needle->secret && c->n_needle_depths ? c->n_needle_depths : 1;
	}
	r->probes = xcalloc(n, sizeof(*r->probes));
	if (!r->probes)
		return -1;
	for (i = 0; i < set->n; i++) {
		const struct probe *p = set->items[i];
		size_t variants = p->needle && p->needle->secret && c->n_needle_depths
					  ? c->n_needle_depths
					  : 0;

		for (j = 0; j < (variants ? variants : 1); j++) {
			struct probe_result *pr = &r->probes[r->n_probes++];
			char secret[64];

			pr->probe = p;
			if (!p->needle)
				continue;
			pr->depth = variants ? c->needle_depths[j] : p->needle->depth;
			if (variants)
				snprintf(pr->variant, sizeof(pr->variant), "@%.0f%%",
					 pr->depth * 100.0);
			if (p->needle->secret) {
				needle_secret_for(p->needle->secret, pr->depth,
						  variants ? (int)j : -1, secret, sizeof(secret));
				if (!(pr->secret = xstrdup(secret)))
					return -1;
			}
		}
	}
	return 0;
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

enum runner_status runner_run(const struct config *c, const struct probe_set *set,
			      const struct runner_hooks *hooks, struct run_result *r, char *err,
			      size_t errlen)
{
	struct run run = {
		.c = c,
		.hooks = hooks,
		.r = r,
		.lock = PTHREAD_MUTEX_INITIALIZER,
		.budget = HTTP_BUDGET_INIT((size_t)c->max_run_bytes),
	};
	enum endpoint_state st;
	enum cause cause = CAUSE_NONE;
	char detail[1024] = "";
	double t0 = now();
	size_t i;

	memset(r, 0, sizeof(*r));
	r->recipe = c->recipe;
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
	r->tool_batch = c->tool_batch ? c->tool_batch : 20;
	r->allowed_finish = xstrdup(c->allowed_finish_text);
	r->stream = c->stream;
	r->stream_parity = c->stream_parity;
	r->parallel = c->parallel;
	r->decode_tps = -1;
	r->reasoning_evidence = reasoning_policy_name(c->reasoning_evidence);
	r->max_model_len = -1;
	if (plan_results(c, set, r) || endpoint_init(&run.ep, c->endpoint)) {
		snprintf(err, errlen, "out of memory");
		endpoint_release(&run.ep);
		return RUNNER_CONFIG_ERROR;
	}
	run.http.api_key = c->api_key;
	run.http.timeout = c->timeout;
	run.http.max_body = (size_t)c->max_body;
	run.http.cancel = hooks->cancel;
	run.http.tap = hooks->tap;
	run.http.budget = &run.budget;
	run.http.cacert = c->cacert;
	run.http.insecure = c->insecure;

	/* discovery and readiness polls answer fast or not at all */
	run.probe_http = run.http;
	if (run.probe_http.timeout > 30)
		run.probe_http.timeout = 30;
	st = endpoint_discover(&run.ep, &run.probe_http, &cause, detail, sizeof(detail));
	if (st == ENDPOINT_NOT_READY && c->wait > 0)
		wait_until_ready(&run, &st, &cause, detail, sizeof(detail));
	r->max_model_len = run.ep.max_model_len;
	r->server_version = clean_copy(run.ep.version);
	if (st != ENDPOINT_READY) {
		r->unusable = true;
		r->unusable_cause = cause;
		r->unusable_detail = xstrdup(detail);
		mark_all(c, r, 0, VERDICT_ERROR, cause, detail);
		goto out;
	}
	run.model = c->model;
	if (!run.model && run.ep.n_models == 1)
		run.model = run.ep.models[0];
	if (!run.model) {
		/* found by talking to the endpoint: it cannot be used as asked */
		struct buf b = BUF_INIT(0);
		bool v1 = strcmp(run.ep.base, run.ep.root) != 0; /* the base ends in /v1 */

		for (i = 0; i < run.ep.n_models; i++) {
			char *name = clean_copy(run.ep.models[i]);

			buf_printf(&b, "%s%s", i ? ", " : "", name ? name : "");
			free(name);
		}
		if (run.ep.n_models)
			snprintf(detail, sizeof(detail),
				 "the endpoint serves several models (%s): choose one with --model",
				 buf_cstr(&b));
		else
			snprintf(detail, sizeof(detail),
				 "the endpoint lists no model at %s/models: pass --model%s",
				 run.ep.base,
				 v1 ? "" : ", and check the base URL (it usually ends in /v1)");
		buf_release(&b);
		r->unusable = true;
		r->unusable_cause = CAUSE_NO_MODEL;
		r->unusable_detail = xstrdup(detail);
		mark_all(c, r, 0, VERDICT_ERROR, CAUSE_NO_MODEL, detail);
		goto out;
	}
	r->model = clean_copy(run.model); /* the raw name goes in requests */
	if (c->parallel) {
		run_parallel(&run);
	} else {
		for (i = 0; i < r->n_probes; i++) {
			if (cancelled(&run)) {
				r->interrupted = true;
				mark_all(c, r, i, VERDICT_SKIPPED, CAUSE_INTERRUPTED,
					 "interrupted");
				break;
			}
			run_one(&run, i);
		}
	}
	/* every answer refused the key: the endpoint cannot be used at all */
	for (i = 0;
	     i < r->n_probes && r->probes[i].cause == CAUSE_AUTH_ERROR && r->probes[i].passed == 0;
	     i++)
		;
	if (r->n_probes && i == r->n_probes) {
		r->unusable = true;
		r->unusable_cause = CAUSE_AUTH_ERROR;
		r->unusable_detail = xstrdup(r->probes[0].message);
	}
out:
	r->seconds = now() - t0;
	endpoint_release(&run.ep);
	return RUNNER_OK;
}
