/* SPDX-License-Identifier: Apache-2.0 */
/* model — the one model of a run; see model.h. */
#include "model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "engine.h"
#include "remedy.h"
#include "render.h"
#include "summary.h"
#include "sweep.h"
#include "version.h"

/* --- the class table ------------------------------------------------------- */

static const struct {
	const char *key, *words;
	int exit;
} classes[CLASS_COUNT] = {
	[CLASS_SERVES] = { "serves", "SERVES", 0 },
	[CLASS_SERVES_WITH_FIXES] = { "serves-with-fixes", "SERVES WITH FIXES", 1 },
	[CLASS_FAILURES] = { "failures", "FAILURES", 1 },
	[CLASS_UNUSABLE] = { "endpoint-unusable", "ENDPOINT UNUSABLE", 3 },
	[CLASS_ENGINE_FAILED] = { "engine-failed", "ENGINE FAILED", 3 },
	[CLASS_INTERRUPTED] = { "interrupted", "INTERRUPTED", 130 },
};

const char *model_class_words(enum model_class c)
{
	return (unsigned)c < CLASS_COUNT ? classes[c].words : "?";
}

const char *model_class_key(enum model_class c)
{
	return (unsigned)c < CLASS_COUNT ? classes[c].key : "?";
}

int model_exit(const struct model *m)
{
	return m->signal > 0 ? 128 + m->signal : model_class_exit(m->class);
}

int model_class_exit(enum model_class c)
{
	return (unsigned)c < CLASS_COUNT ? classes[c].exit : 1;
}

/* --- lifetime ---------------------------------------------------------------- */

struct model *model_new(enum model_kind kind)
{
	struct model *m = xcalloc(1, sizeof(*m));

	if (m) {
		m->kind = kind;
		m->endpoint.max_model_len = -1;
		m->speed.decode_tps = m->speed.preflight_tps = m->speed.engine_tps = -1;
	}
	return m;
}

static void metrics_release(struct model_metrics *mt)
{
	free(mt->decode_note);
	free(mt->decode_source);
}

static void obs_release(struct model_obs *o)
{
	char *strings[] = { o->label,		o->outcome,	    o->cause,
			    o->detail,		o->error,	    o->finish_reason,
			    o->content_excerpt, o->reasoning_field, o->reasoning_excerpt,
			    o->tool_call };
	size_t i;

	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		free(strings[i]);
	metrics_release(&o->stream);
	free(o->hist);
}

static void item_release(struct model_item *it)
{
	char *strings[] = { it->id,
			    it->variant,
			    it->title,
			    it->cause,
			    it->remedy,
			    it->message,
			    it->evidence,
			    it->summary,
			    it->note,
			    it->json_keys,
			    it->area,
			    it->check,
			    it->needle.unverified,
			    it->needle.secret };
	size_t i;

	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		free(strings[i]);
	metrics_release(&it->metrics);
	for (i = 0; i < it->n_obs; i++)
		obs_release(&it->obs[i]);
	free(it->obs);
}

static void endpoint_release(struct model_endpoint *e)
{
	char *strings[] = { e->base_url,       e->model,
			    e->server_version, e->system_fingerprint,
			    e->engine,	       e->engine_evidence,
			    e->cause,	       e->detail,
			    e->note,	       e->engine_log };
	size_t i;

	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		free(strings[i]);
	for (i = 0; i < e->n_findings; i++) {
		struct model_finding *f = &e->findings[i];

		free(f->rule);
		free(f->cause);
		free(f->quote);
		free(f->explain);
		free(f->remedy);
		free(f->class);
		free(f->layer);
	}
	free(e->findings);
}

void model_free(struct model *m)
{
	struct model_recipe *r;
	size_t i;

	if (!m)
		return;
	r = &m->recipe;
	free(r->name);
	free(r->path);
	free(r->model);
	free(r->quant);
	free(r->engine);
	free(r->gpu);
	free(r->key_flags);
	free(r->serves_note);
	free(r->notes);
	for (i = 0; i < m->n_inputs; i++) {
		free(m->inputs[i].kind);
		free(m->inputs[i].path);
		free(m->inputs[i].mime);
		free(m->inputs[i].sha256);
	}
	free(m->inputs);
	endpoint_release(&m->endpoint);
	free(m->settings.thinking);
	free(m->settings.reasoning_effort);
	free(m->settings.allowed_finish);
	free(m->settings.reasoning_evidence);
	free(m->speed.source);
	free(m->speed.note);
	free(m->speed.counts);
	for (i = 0; i < m->n_items; i++)
		item_release(&m->items[i]);
	free(m->items);
	free(m->sweep.sizes);
	free(m->sweep.first_failing_cell);
	free(m->sweep.headline);
	free(m->version);
	free(m->started);
	free(m->summary);
	free(m->index);
	free(m);
}

/* --- counts, class, index ----------------------------------------------------- */

bool model_item_cannot_serve(const struct model_item *it)
{
	enum cause c = cause_named(it->cause);
	size_t i;

	if (cause_cannot_serve(c))
		return true;
	if (c != CAUSE_HTTP_ERROR)
		return false;
	for (i = 0; i < it->n_obs; i++)
		if (it->obs[i].status >= 500)
			return true; /* the engine's own error, not the request's */
	return false;
}

static void count_item(struct model *m, const struct model_item *it)
{
	struct model_counts *c = &m->counts;

	c->items++;
	c->cells += it->swept;
	if (m->kind == MODEL_CONFORM && (unsigned)it->status < CONFORM_STATUSES)
		c->status[it->status]++;
	if (it->beyond_window) {
		c->beyond_window++;
		return;
	}
	switch (it->verdict) {
	case VERDICT_PASS:
		c->passed++;
		break;
	case VERDICT_FAIL:
		c->failed++;
		break;
	case VERDICT_ERROR:
		c->errored++;
		break;
	default:
		if (it->cause && !strcmp(it->cause, "interrupted"))
			c->not_run++;
		else
			c->skipped++;
	}
}

/* a sweep is one probe however many cells it has */
static int distinct_sweeps(const struct model *m)
{
	size_t i, k;
	int n = 0;

	for (i = 0; i < m->n_items; i++) {
		if (!m->items[i].swept)
			continue;
		for (k = 0; k < i && !(m->items[k].swept && m->items[k].id && m->items[i].id &&
				       !strcmp(m->items[k].id, m->items[i].id));
		     k++)
			;
		n += k == i;
	}
	return n;
}

/* a passed item whose answers carried visible text */
static bool passed_with_text(const struct model_item *it)
{
	size_t i;

	for (i = 0; it->verdict == VERDICT_PASS && i < it->n_obs; i++)
		if (it->obs[i].content_chars > 0)
			return true;
	return false;
}

/* usable, something passed, no failure that leaves it unable to serve,
 * and not wrong in every text it wrote: an endpoint whose only passes are
 * tool calls while its text answers are wrong (random filler) serves no
 * sensible answer, whatever the count */
static bool serves(const struct model *m)
{
	bool wrong = false, right_text = false;
	size_t i;

	if (!m->endpoint.usable || !m->counts.passed)
		return false;
	for (i = 0; i < m->n_items; i++) {
		if (model_item_cannot_serve(&m->items[i]))
			return false;
		wrong = wrong || cause_named(m->items[i].cause) == CAUSE_WRONG_ANSWER;
		right_text = right_text || passed_with_text(&m->items[i]);
	}
	return !wrong || right_text;
}

static enum model_class class_of(const struct model *m)
{
	const struct model_counts *c = &m->counts;

	if (m->interrupted)
		return CLASS_INTERRUPTED;
	if (!m->endpoint.usable)
		return m->endpoint.engine_failed ? CLASS_ENGINE_FAILED : CLASS_UNUSABLE;
	if (!c->failed && !c->errored && (m->kind == MODEL_CONFORM || !c->skipped))
		return CLASS_SERVES;
	return m->serves && m->kind == MODEL_RUN ? CLASS_SERVES_WITH_FIXES : CLASS_FAILURES;
}

static unsigned long hash_key(const char *id, const char *variant)
{
	unsigned long h = 1469598103934665603ul;
	const char *parts[2] = { id ? id : "", variant ? variant : "" };
	int k;

	for (k = 0; k < 2; k++)
		for (const unsigned char *p = (const unsigned char *)parts[k]; *p; p++)
			h = (h ^ *p) * 1099511628211ul;
	return h;
}

static bool same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int build_index(struct model *m)
{
	size_t cap = 16, i;

	while (cap < 2 * m->n_items)
		cap *= 2;
	free(m->index);
	if (!(m->index = xmalloc(cap * sizeof(*m->index))))
		return -1;
	m->n_index = cap;
	for (i = 0; i < cap; i++)
		m->index[i] = MODEL_INDEX_EMPTY;
	for (i = 0; i < m->n_items; i++) {
		struct model_item *it = &m->items[i];
		size_t at = hash_key(it->id, it->variant) & (cap - 1);

		it->same_rank = 0;
		it->same_next = MODEL_INDEX_EMPTY;
		while (m->index[at] != MODEL_INDEX_EMPTY) {
			struct model_item *o = &m->items[m->index[at]];

			if (same(o->id, it->id) && same(o->variant, it->variant)) {
				/* the first of those alike is the one found; the rest follow it */
				for (it->same_rank = 1; o->same_next != MODEL_INDEX_EMPTY;
				     it->same_rank++)
					o = &m->items[o->same_next];
				o->same_next = i;
				break;
			}
			at = (at + 1) & (cap - 1);
		}
		if (m->index[at] == MODEL_INDEX_EMPTY)
			m->index[at] = i;
	}
	return 0;
}

const struct model_item *model_find_like(const struct model *m, const struct model_item *it)
{
	const struct model_item *q = model_find(m, it->id, it->variant);
	size_t k;

	for (k = 0; q && k < it->same_rank; k++)
		q = q->same_next == MODEL_INDEX_EMPTY ? NULL : &m->items[q->same_next];
	return q;
}

const struct model_item *model_find(const struct model *m, const char *id, const char *variant)
{
	size_t at;

	if (!m->n_index)
		return NULL;
	at = hash_key(id, variant) & (m->n_index - 1);
	for (; m->index[at] != MODEL_INDEX_EMPTY; at = (at + 1) & (m->n_index - 1)) {
		const struct model_item *it = &m->items[m->index[at]];

		if (same(it->id, id) && same(it->variant, variant))
			return it;
	}
	return NULL;
}

void model_item_key(const struct model_item *it, char *out, size_t n)
{
	snprintf(out, n, "%s%s", it->id ? it->id : "?", it->variant ? it->variant : "");
}

int model_finish(struct model *m)
{
	const struct model_counts *c = &m->counts;
	size_t i;

	memset(&m->counts, 0, sizeof(m->counts));
	for (i = 0; i < m->n_items; i++)
		count_item(m, &m->items[i]);
	m->counts.probes = c->items - c->cells + distinct_sweeps(m);
	m->serves = serves(m);
	m->class = class_of(m);
	m->passed = m->endpoint.usable && !c->failed && !c->errored &&
		    (m->kind == MODEL_CONFORM || (!c->skipped && !c->not_run));
	return build_index(m);
}

/* does p need fixing, in the group of (cause, remedy)? */
static bool fix_has(const struct model_item *p, const char *cause, const char *remedy)
{
	return p->verdict != VERDICT_PASS && p->verdict != VERDICT_SKIPPED && !p->beyond_window &&
	       !strcmp(p->cause ? p->cause : "", cause) &&
	       !strcmp(p->remedy ? p->remedy : "", remedy);
}

bool model_fix_covers(const struct model_fix *f, const struct model_item *p)
{
	return fix_has(p, f->cause, f->remedy);
}

struct model_fix *model_fixes(const struct model *m, size_t *n)
{
	struct model_fix *fixes = NULL;
	size_t i, j;

	*n = 0;
	for (i = 0; m->kind == MODEL_RUN && i < m->n_items; i++) {
		const struct model_item *p = &m->items[i];
		const char *cause = p->cause ? p->cause : "", *remedy = p->remedy ? p->remedy : "";

		if (!fix_has(p, cause, remedy))
			continue;
		for (j = 0; j < *n && !model_fix_covers(&fixes[j], p); j++)
			;
		if (j == *n) {
			struct model_fix *grown = fixes ? realloc(fixes, (*n + 1) * sizeof(*fixes))
							: xcalloc(1, sizeof(*fixes));

			if (!grown) {
				free(fixes);
				*n = 0;
				return NULL;
			}
			fixes = grown;
			fixes[(*n)++] = (struct model_fix){ cause, remedy, i, 0, 0 };
		}
		fixes[j].items++;
		fixes[j].cells += p->swept;
	}
	return fixes;
}

int model_tally(const struct model *m, struct buf *out)
{
	const struct model_counts *c = &m->counts;
	const struct {
		int n;
		const char *what;
	} rest[] = { { c->failed, "failed" },
		     { c->errored, "errored" },
		     { c->skipped, "skipped" },
		     { c->beyond_window, "beyond the window" },
		     { c->not_run, "not run" } };
	size_t k;
	int rc = buf_printf(out, "%d/%d passed", c->passed, c->items), first = 1;

	for (k = 0; k < sizeof(rest) / sizeof(rest[0]) && !rc; k++)
		if (rest[k].n) {
			rc = buf_printf(out, "%s %d %s", first ? ":" : ",", rest[k].n,
					rest[k].what);
			first = 0;
		}
	return rc || buf_puts(out, " ") || model_tally_what(m, out);
}

int model_tally_what(const struct model *m, struct buf *out)
{
	const struct model_counts *c = &m->counts;

	if (m->kind == MODEL_CONFORM)
		return buf_printf(out, "(%d checks)", c->items);
	if (c->cells && c->items > c->cells)
		return buf_printf(out, "(%d sweep cell%s and %d probe%s)", c->cells,
				  c->cells == 1 ? "" : "s", c->items - c->cells,
				  c->items - c->cells == 1 ? "" : "s");
	if (c->cells)
		return buf_printf(out, "(%d sweep cell%s)", c->cells, c->cells == 1 ? "" : "s");
	return buf_printf(out, "(%d probe%s)", c->items, c->items == 1 ? "" : "s");
}

const char *model_result_words(const struct model *m)
{
	if (m->kind != MODEL_CONFORM) /* run: the verdict class's own words */
		return model_class_words(m->class);
	switch (m->class) {
	case CLASS_SERVES:
		return "CONFORMANT";
	case CLASS_SERVES_WITH_FIXES:
	case CLASS_FAILURES:
		return "NOT CONFORMANT";
	default:
		return model_class_words(m->class);
	}
}

void model_name(const struct model *m, char *out, size_t n)
{
	if (m->recipe.present && m->recipe.name)
		snprintf(out, n, "%s", m->recipe.name);
	else
		snprintf(out, n, "%s at %s",
			 m->endpoint.model ? m->endpoint.model : "unknown model",
			 m->endpoint.base_url ? m->endpoint.base_url : "?");
}

/* --- from a live run ------------------------------------------------------------ */

/* a copy the model owns; *bad when memory ran out for a non-NULL s */
static char *copy(const char *s, bool *bad)
{
	char *d = s ? xstrdup(s) : NULL;

	*bad = *bad || (s && !d);
	return d;
}

/* the caller's new string (NULL: out of memory, when one was due) */
static char *own(char *s, bool due, bool *bad)
{
	*bad = *bad || (due && !s);
	return s;
}

static double rounded(double v, double scale)
{
	return v >= 0 ? round(v * scale) / scale : -1;
}

static void metrics_of(const struct speed *s, struct model_metrics *mt, bool *bad)
{
	mt->ttft = rounded(s->ttft, 1e4);
	mt->ttfc = rounded(s->ttfc, 1e4);
	mt->decode_tps = rounded(s->decode_tps, 10);
	mt->decode_note = copy(speed_missing_reason(s), bad);
	mt->decode_source = copy(speed_source_name(s->decode_source), bad);
	mt->itl_p50 = rounded(s->itl_p50, 1e5);
	mt->itl_p95 = rounded(s->itl_p95, 1e5);
	mt->prefill_tps = rounded(s->prefill_tps, 10);
	mt->engine_decode_tps = rounded(s->engine_decode_tps, 10);
	mt->engine_prefill_tps = rounded(s->engine_prefill_tps, 10);
	mt->window_tokens = s->window_tokens >= 0 ? s->window_tokens : -1;
	mt->held_back = s->held_back >= 0 ? s->held_back : -1;
	mt->cached_tokens = s->cached_tokens >= 0 ? s->cached_tokens : -1;
	mt->arrivals = s->arrivals;
	mt->burst = s->burst;
}

/* a run's seconds are rounded to the millisecond, conform's cut to it (as
 * each has always written them) */
static double ms(const struct model *m, double s)
{
	return m->kind == MODEL_CONFORM ? (double)(long)(s * 1000) / 1000
					: round(s * 1000.0) / 1000.0;
}

/* 0, or -1 when out of memory */
static int histogram_of(const struct speed *s, struct model_obs *o)
{
	unsigned total = 0;
	int b;

	for (b = 0; b < SPEED_ITL_BINS; b++)
		total += s->itl_hist[b];
	if (!total)
		return 0;
	if (!(o->hist = xcalloc(1, sizeof(*o->hist))))
		return -1;
	for (b = 0; b < SPEED_ITL_BINS; b++) {
		double u = speed_itl_bin_upper(b);

		o->hist->upper_ms[b] = u < 0 ? -1 : u * 1e3;
		o->hist->counts[b] = s->itl_hist[b];
	}
	return 0;
}

static void obs_of(const struct model *m, const struct observation *ob, struct model_obs *o,
		   bool *bad)
{
	o->label = copy(ob->label, bad);
	o->outcome = copy(http_outcome_name(ob->outcome), bad);
	o->status = ob->status ? ob->status : -1;
	o->seconds = ms(m, ob->seconds);
	o->graded = ob->graded;
	o->passed = ob->pass;
	o->streamed = ob->streamed;
	o->cause = copy(ob->cause ? cause_code(ob->cause) : NULL, bad);
	o->detail = copy(ob->detail, bad);
	o->error = copy(ob->error, bad);
	o->finish_reason = copy(ob->finish_reason, bad);
	o->content_excerpt = copy(ob->content_excerpt, bad);
	o->reasoning_field = copy(ob->reasoning_field, bad);
	o->reasoning_excerpt = copy(ob->reasoning_excerpt, bad);
	o->tool_call = copy(ob->tool, bad);
	o->content_chars = ob->graded ? (long)ob->content_chars : -1;
	o->reasoning_chars = ob->graded ? (long)ob->reasoning_chars : -1;
	o->tool_calls = ob->graded ? (long)ob->n_tool_calls : -1;
	o->prompt_tokens = ob->prompt_tokens;
	o->completion_tokens = ob->completion_tokens;
	o->reasoning_tokens = ob->reasoning_tokens;
	o->retries = ob->retries;
	o->has_stream = ob->streamed && m->kind == MODEL_RUN;
	o->events = (long)ob->stream.events;
	o->done = ob->stream.done;
	metrics_of(&ob->stream.speed, &o->stream, bad);
	*bad = *bad || histogram_of(&ob->stream.speed, o);
}

static void needle_of(const struct probe_result *p, struct model_needle *n, bool *bad)
{
	const struct needle_spec *s = p->probe->needle;

	n->present = p->needle_target > 0;
	n->requested_tokens = p->needle_target;
	n->measured_prompt_tokens = p->needle_measured;
	n->unverified = copy(p->needle_unverified, bad);
	n->filler_sentences = p->needle_fillers;
	n->depth = p->depth;
	n->secret = copy(p->secret, bad);
	n->has_recall = p->asked > 0;
	n->recalled = p->recalled;
	n->asked = p->asked;
	n->has_variant = s && (s->keys > 1 || s->values > 1);
	n->keys = s ? s->keys : 0;
	n->values = s ? s->values : 0;
	n->queries = s ? s->queries : 0;
}

/* the remedy of p's final cause on the run's engine, in p's context (the
 * one way, remedy.h); NULL when there is none */
static char *remedy_of(const struct run_result *r, const struct probe_result *p, bool *bad)
{
	struct remedy_context ctx = p->context;
	char text[512];
	const char *s;

	if (p->cause == CAUSE_ENGINE_FAILED && r->n_findings && r->findings[0].fatal)
		ctx.finding = r->findings[0].remedy;
	ctx.check = p->probe->conform;
	if (ctx.check && (p->conform == CONFORM_HONOURED || p->conform == CONFORM_SKIPPED))
		return NULL; /* nothing to change */
	s = remedy_for(p->cause, r->engine, &ctx, text, sizeof(text));
	return copy(*s ? s : NULL, bad);
}

static void run_item_of(const struct run_result *r, const struct probe_result *p,
			struct model_item *it, bool *bad)
{
	it->message = copy(p->message, bad);
	it->remedy = remedy_of(r, p, bad);
	it->summary = own(summary_label(p), true, bad);
	it->note = own(p->probe->note ? summary_note(p) : NULL, p->probe->note != NULL, bad);
	it->evidence = own(summary_evidence(p), true, bad);
	it->passed = p->passed;
	it->total = p->total;
	it->retried = p->retried;
	if (p->needle_target > 0)
		needle_of(p, &it->needle, bad);
	it->json_keys = copy(p->json_keys, bad);
	it->swept = p->swept;
	it->beyond_window = p->beyond_window;
	it->has_repeats = p->reps > 1;
	it->reps = p->reps;
	it->reps_passed = p->reps_passed;
	it->has_concurrency = p->solo_total > 0;
	it->batch = p->solo_total;
	it->clean_alone = p->solo_passed;
	it->clean_together = p->passed - p->solo_passed;
	it->has_metrics = p->streamed;
	metrics_of(&p->speed, &it->metrics, bad);
}

static void check_item_of(const struct run_result *r, const struct probe_result *p,
			  struct model_item *it, bool *bad)
{
	const struct conform_spec *c = p->probe->conform;

	it->area = copy(c->area, bad);
	it->check = copy(conform_kind_name(c->kind), bad);
	it->required = c->required;
	it->status = p->conform;
	it->fails = p->verdict == VERDICT_FAIL;
	it->evidence = copy(p->message, bad);
	it->remedy = remedy_of(r, p, bad);
}

static void item_of(const struct model *m, const struct run_result *r, const struct probe_result *p,
		    struct model_item *it, bool *bad)
{
	size_t i;

	it->id = copy(p->probe->id, bad);
	it->variant = copy(p->variant[0] ? p->variant : NULL, bad);
	it->title = copy(p->probe->title, bad);
	it->verdict = p->verdict;
	it->cause = copy(p->cause ? cause_code(p->cause) : NULL, bad);
	it->seconds = ms(m, p->seconds);
	if (m->kind == MODEL_CONFORM)
		check_item_of(r, p, it, bad);
	else
		run_item_of(r, p, it, bad);
	if (p->n_obs && !(it->obs = xcalloc(p->n_obs, sizeof(*it->obs)))) {
		*bad = true;
		return;
	}
	it->n_obs = p->n_obs;
	for (i = 0; i < p->n_obs; i++)
		obs_of(m, &p->obs[i], &it->obs[i], bad);
}

/* the endpoint's cause: why it could not be used, in the engine log's
 * words when it named a fatal signature; for an endpoint that answered,
 * then errored, the log's fatal signature (the engine died mid-run) */
static const char *endpoint_cause(const struct run_result *r)
{
	bool fatal = r->n_findings && r->findings[0].fatal, errored = false;
	size_t i;

	if (r->unusable)
		return r->unusable_cause == CAUSE_ENGINE_FAILED && fatal
			       ? r->findings[0].cause
			       : cause_code(r->unusable_cause);
	for (i = 0; i < r->n_probes; i++)
		errored = errored || r->probes[i].verdict == VERDICT_ERROR;
	return fatal && errored ? r->findings[0].cause : NULL;
}

static void endpoint_of(const struct run_result *r, struct model_endpoint *e, bool *bad)
{
	size_t i;

	e->base_url = copy(r->endpoint, bad);
	e->model = copy(r->model, bad);
	e->max_model_len = r->max_model_len >= 0 ? r->max_model_len : -1;
	e->server_version = copy(r->server_version, bad);
	e->system_fingerprint = copy(r->server, bad);
	e->engine = copy(engine_name(r->engine), bad);
	e->engine_evidence = copy(r->engine_evidence, bad);
	e->usable = !r->unusable;
	e->cause = copy(endpoint_cause(r), bad);
	e->detail = copy(r->unusable_detail, bad);
	e->note = copy(r->endpoint_note, bad);
	e->has_engine_log = r->engine_log != NULL;
	e->engine_log = copy(r->engine_log, bad);
	e->engine_failed = r->unusable && r->unusable_cause == CAUSE_ENGINE_FAILED;
	if (r->n_findings && !(e->findings = xcalloc(r->n_findings, sizeof(*e->findings)))) {
		*bad = true;
		return;
	}
	e->n_findings = r->n_findings;
	for (i = 0; i < r->n_findings; i++) {
		const struct engine_finding *f = &r->findings[i];
		struct model_finding *g = &e->findings[i];

		g->rule = copy(f->rule, bad);
		g->cause = copy(f->cause, bad);
		g->quote = copy(f->quote, bad);
		g->explain = copy(f->explain, bad);
		g->remedy = copy(f->remedy, bad);
		g->class = copy(f->class, bad);
		g->layer = copy(f->layer, bad);
		g->fatal = f->fatal;
		g->line = f->line;
	}
}

static void recipe_of(const struct recipe *rp, struct model_recipe *o, bool *bad)
{
	if (!rp)
		return;
	o->present = true;
	o->name = copy(rp->name, bad);
	o->path = copy(rp->path, bad);
	o->model = copy(rp->model, bad);
	o->quant = copy(rp->quant, bad);
	o->engine = copy(rp->engine, bad);
	o->gpu = copy(rp->gpu, bad);
	o->key_flags = copy(rp->key_flags, bad);
	o->serves_note = copy(rp->serves_note, bad);
	o->notes = copy(rp->notes, bad);
}

static void inputs_of(const struct run_result *r, struct model *m, bool *bad)
{
	const struct media *media[2] = { r->image, r->video };
	size_t k;

	if (!r->image && !r->video)
		return;
	if (!(m->inputs = xcalloc(2, sizeof(*m->inputs)))) {
		*bad = true;
		return;
	}
	for (k = 0; k < 2; k++) {
		struct model_input *in = &m->inputs[m->n_inputs];

		if (!media[k])
			continue;
		m->n_inputs++;
		in->kind = copy(media[k]->kind == MEDIA_IMAGE ? "image" : "video", bad);
		in->path = copy(media[k]->path, bad);
		in->mime = copy(media[k]->mime, bad);
		in->bytes = (long)media[k]->bytes;
		in->sha256 = copy(media[k]->sha256, bad);
	}
}

static void settings_of(const struct run_result *r, struct model_settings *s, bool *bad)
{
	s->thinking = copy(r->thinking, bad);
	s->reasoning_effort = copy(r->reasoning_effort, bad);
	s->visible_tokens = r->visible_tokens;
	s->headroom_tokens = r->headroom_tokens;
	s->max_tokens = r->max_tokens;
	s->needle_ctx = r->needle_ctx;
	s->tool_batch = r->tool_batch;
	s->allowed_finish = copy(r->allowed_finish, bad);
	s->reasoning_evidence = copy(r->reasoning_evidence, bad);
	s->stream = r->stream;
	s->stream_parity = r->stream_parity;
	s->parallel = r->parallel;
}

/* the run's decode speed: the figure the notebook uses and its source */
static void speed_of(const struct speed *s, struct model_speed *o, bool *bad)
{
	bool engine;
	double tps = speed_notebook(s, &engine);

	if (tps < 0 && !s->burst && !s->too_short)
		return;
	o->present = true;
	o->decode_tps = rounded(tps, 10);
	o->source = copy(tps < 0 ? NULL : engine ? "engine" : "preflight", bad);
	o->preflight_tps = rounded(s->decode_tps, 10);
	o->engine_tps = rounded(s->engine_decode_tps, 10);
	o->note = copy(speed_missing_reason(s), bad);
	o->counts = copy(speed_source_name(s->decode_source), bad);
}

const char *model_speed_unit(const struct model_speed *s)
{
	return s->source && !strcmp(s->source, "preflight") && s->counts &&
			       !strcmp(s->counts, speed_source_name(SPEED_SOURCE_EVENTS_ONLY))
		       ? "events/s"
		       : "tok/s";
}

static void sweep_of(const struct run_result *r, struct model_sweep *o, bool *bad)
{
	struct sweep_summary s;
	char head[96], cell[160];
	size_t i;

	sweep_summarize(r, &s);
	if (!s.present)
		return;
	o->present = true;
	if (!(o->sizes = xcalloc(s.n_sizes + 1, sizeof(*o->sizes)))) {
		*bad = true;
		return;
	}
	for (i = 0; i < s.n_sizes; i++)
		o->sizes[i] = s.sizes[i];
	o->n_sizes = s.n_sizes;
	o->cells = s.cells;
	o->passed = s.passed;
	o->effective = s.effective;
	o->swept_max = s.swept_max;
	if (s.first_fail)
		snprintf(cell, sizeof(cell), "%s%s", s.first_fail->probe->id,
			 s.first_fail->variant);
	o->first_failing_cell = copy(s.first_fail ? cell : NULL, bad);
	o->beyond_window = s.window_cut;
	sweep_headline(&s, head, sizeof(head));
	o->headline = copy(head, bad);
}

/* a conform run's checks in matrix order: by area, then as run (stable) */
static void matrix_order(struct model *m)
{
	size_t i, j;

	for (i = 1; i < m->n_items; i++)
		for (j = i; j > 0 && conformance_area_rank(m->items[j - 1].area) >
					     conformance_area_rank(m->items[j].area);
		     j--) {
			struct model_item t = m->items[j];

			m->items[j] = m->items[j - 1];
			m->items[j - 1] = t;
		}
}

struct model *model_from_result(const struct run_result *r)
{
	struct model *m = model_new(r->conformance ? MODEL_CONFORM : MODEL_RUN);
	struct buf line = BUF_INIT(0);
	bool bad = !m;
	size_t i;

	if (bad)
		return NULL;
	m->version = copy(PREFLIGHT_VERSION, &bad);
	m->started = copy(r->started, &bad);
	m->seconds = ms(m, r->seconds);
	recipe_of(r->recipe, &m->recipe, &bad);
	if (m->kind == MODEL_RUN)
		inputs_of(r, m, &bad);
	endpoint_of(r, &m->endpoint, &bad);
	settings_of(r, &m->settings, &bad);
	if (m->kind == MODEL_RUN)
		speed_of(&r->speed, &m->speed, &bad);
	if (r->n_probes && !(m->items = xcalloc(r->n_probes, sizeof(*m->items))))
		bad = true;
	for (i = 0; m->items && i < r->n_probes; i++, m->n_items++)
		item_of(m, r, &r->probes[i], &m->items[i], &bad);
	if (m->kind == MODEL_CONFORM)
		matrix_order(m);
	if (m->kind == MODEL_RUN) {
		sweep_of(r, &m->sweep, &bad);
		bad = bad || report_summary_line(r, &line);
		m->summary = copy(buf_cstr(&line), &bad);
	}
	buf_release(&line);
	m->interrupted = r->interrupted;
	m->signal = r->signal;
	if (bad || model_finish(m)) {
		model_free(m);
		return NULL;
	}
	return m;
}
