/* SPDX-License-Identifier: Apache-2.0 */
/* plan — the run plan and its dry-run JSON; see plan.h. */
#include "plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "needle.h"

/* Requests a probe sends at once: --tool-batch resizes tool batches. */
static int item_batch(const struct config *c, const struct probe *p)
{
	if (p->batch > 1 && c->tool_batch && cJSON_GetObjectItemCaseSensitive(p->request, "tools"))
		return c->tool_batch;
	return p->batch;
}

static long item_max_tokens(const struct config *c, const struct probe *p)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(p->request, "max_tokens");

	return cJSON_IsNumber(mt) ? (long)mt->valuedouble : c->visible_tokens + c->headroom_tokens;
}

/* the sizes a needle of probe p sweeps: --needle-ctx's list for a
 * --needle-ctx haystack with a secret, else none (one size) */
static size_t swept_sizes(const struct config *c, const struct probe *p)
{
	return p->needle && p->needle->secret && p->needle->size == NEEDLE_SIZE_NEEDLE_CTX &&
			       c->n_needle_ctxs > 1
		       ? c->n_needle_ctxs
		       : 0;
}

/* a needle with a secret runs once per cell of --needle-ctx x
 * --needle-depth, else once */
static size_t variants_of(const struct config *c, const struct probe *p)
{
	size_t sizes = swept_sizes(c, p), depths = c->n_needle_depths;

	if (!p->needle || !p->needle->secret || (!sizes && !depths))
		return 0;
	return (sizes ? sizes : 1) * (depths ? depths : 1);
}

/* "32k", "1.5M", "14500": a size as its cell is named */
void plan_size_label(long tokens, char *out, size_t n)
{
	if (tokens >= 1000000 && tokens % 100000 == 0)
		snprintf(out, n, "%gM", (double)tokens / 1e6);
	else if (tokens >= 1000 && tokens % 1000 == 0)
		snprintf(out, n, "%ldk", tokens / 1000);
	else
		snprintf(out, n, "%ld", tokens);
}

void plan_depth_label(double depth, const double *all, size_t n_all, char *out, size_t n)
{
	char mine[24], other[24];
	int prec;
	size_t k;

	for (prec = 0; prec < 4; prec++) {
		bool clash = false;

		snprintf(mine, sizeof(mine), "%.*f", prec, depth * 100.0);
		for (k = 0; k < n_all && !clash; k++) {
			snprintf(other, sizeof(other), "%.*f", prec, all[k] * 100.0);
			clash = all[k] != depth && !strcmp(mine, other);
		}
		if (!clash)
			break;
	}
	snprintf(out, n, "%.*f%%", prec, depth * 100.0);
}

/* variant j's size and depth, and its name: "@50%" (one size), "@32k" (the
 * probe's depth) or "@32k@50%" */
static void cell_of(const struct config *c, const struct probe *p, size_t j, struct plan_item *it)
{
	size_t sizes = swept_sizes(c, p), depths = c->n_needle_depths;
	char size[24] = "", depth[16] = "";

	if (sizes) /* else the size item_init chose: --needle-ctx or --long-tool-ctx */
		it->needle_target = c->needle_ctxs[j / (depths ? depths : 1)];
	it->depth = depths ? c->needle_depths[j % depths] : p->needle->depth;
	it->swept = sizes > 0;
	if (sizes) {
		size[0] = '@';
		plan_size_label(it->needle_target, size + 1, sizeof(size) - 1);
	}
	if (depths) {
		depth[0] = '@';
		plan_depth_label(it->depth, c->needle_depths, depths, depth + 1, sizeof(depth) - 1);
	}
	snprintf(it->variant, sizeof(it->variant), "%s%s", size, depth);
}

/* One item of probe p: cell j of the --needle-ctx x --needle-depth grid,
 * or the probe itself when variants is 0. Returns 0 or -1 (out of
 * memory). */
static int item_init(const struct config *c, const struct probe *p, size_t variants, size_t j,
		     struct plan_item *it)
{
	char secret[64];
	int per_rep;

	memset(it, 0, sizeof(*it));
	it->probe = p;
	it->path = p->api == API_RESPONSES ? "responses" : "chat/completions";
	it->batch = item_batch(c, p);
	it->reps = c->repeat ? c->repeat : p->repeat;
	it->stream = c->stream || p->stream;
	it->parity = c->stream_parity;
	it->solo = c->concurrency_diff && it->batch > 1;
	it->max_tokens = item_max_tokens(c, p);
	it->needle_target = -1;
	/* every answer of the batch, the batch again alone, then one per turn */
	per_rep = it->batch * (it->solo ? 2 : 1) + (int)p->n_turns;
	it->answers = per_rep * it->reps * (it->parity ? 2 : 1);
	if (p->conform) { /* its requests go at once, as its kind decides */
		struct conform_variant v[CONFORM_MAX_ANSWERS];

		it->batch = it->answers =
			(int)conform_variants(p->conform, c->thinking != THINKING_UNSUPPORTED, v);
		it->reps = 1;
		it->parity = it->solo = it->stream = false;
	}
	if (!p->needle)
		return 0;
	it->needle_target =
		p->needle->size == NEEDLE_SIZE_LONG_TOOL_CTX ? c->long_tool_ctx : c->needle_ctx;
	it->depth = p->needle->depth;
	if (variants)
		cell_of(c, p, j, it);
	if (!p->needle->secret)
		return 0;
	needle_secret_for(p->needle->secret, it->depth, variants ? (int)j : -1, secret,
			  sizeof(secret));
	it->secret = xstrdup(secret);
	it->needles = xmalloc(sizeof(*it->needles));
	if (!it->secret || !it->needles)
		return -1;
	needle_set_init(p->needle, secret, it->needles);
	return 0;
}

/* does item a go before item b of the same run of sweep cells? */
static bool sent_before(const struct plan *pl, size_t a, size_t b)
{
	const struct plan_item *x = &pl->items[a], *y = &pl->items[b];

	if (x->needle_target != y->needle_target)
		return x->needle_target < y->needle_target;
	if (x->probe != y->probe)
		return a < b; /* the probes in their order */
	return x->depth > y->depth;
}

static void send_order(struct plan *pl)
{
	size_t i, j, k, m;

	for (i = 0; i < pl->n; i++)
		pl->order[i] = i;
	for (i = 0; i < pl->n; i = j) {
		for (j = i + 1; pl->items[i].swept && j < pl->n && pl->items[j].swept; j++)
			;
		for (k = i + 1; k < j; k++) { /* insertion: stable, and a sweep is small */
			size_t it = pl->order[k];

			for (m = k; m > i && sent_before(pl, it, pl->order[m - 1]); m--)
				pl->order[m] = pl->order[m - 1];
			pl->order[m] = it;
		}
	}
}

int plan_build(const struct config *c, const struct probe_set *set, struct plan *pl)
{
	size_t i, j, n = 0;

	memset(pl, 0, sizeof(*pl));
	pl->c = c;
	for (i = 0; i < set->n; i++)
		n += variants_of(c, set->items[i]) ? variants_of(c, set->items[i]) : 1;
	pl->items = xcalloc(n + 1, sizeof(*pl->items));
	pl->order = xcalloc(n + 1, sizeof(*pl->order));
	if (!pl->items || !pl->order) {
		plan_release(pl);
		return -1;
	}
	for (i = 0; i < set->n; i++) {
		size_t variants = variants_of(c, set->items[i]);

		for (j = 0; j < (variants ? variants : 1); j++)
			if (item_init(c, set->items[i], variants, j, &pl->items[pl->n++])) {
				plan_release(pl);
				return -1;
			}
	}
	send_order(pl);
	return 0;
}

void plan_release(struct plan *pl)
{
	size_t i;

	for (i = 0; i < pl->n; i++) {
		free(pl->items[i].secret);
		free(pl->items[i].needles);
	}
	free(pl->items);
	free(pl->order);
	memset(pl, 0, sizeof(*pl));
}

void plan_policy(const struct plan *pl, const struct plan_item *it, const struct expect *x,
		 struct grade_policy *pol)
{
	const struct config *c = pl->c;
	const struct config_texts *t = config_texts_of(c, x->contains_from);

	memset(pol, 0, sizeof(*pol));
	if (t) {
		pol->expected = t->text;
		pol->n_expected = t->n;
	}
	pol->finish_reasons = x->finish_reasons ? x->finish_reasons : c->allowed_finish;
	pol->n_finish_reasons = x->finish_reasons ? x->n_finish_reasons : c->n_allowed_finish;
	pol->reasoning = x->reasoning_set ? x->reasoning : c->reasoning_evidence;
	pol->max_tokens = it->max_tokens;
	pol->needles = it->needles;
	pol->window = -1; /* the endpoint's, once discovered (runner) */
}

/* Each builder returns false when out of memory; a false anywhere fails
 * the whole document, so a plan is never printed with parts missing. */
static bool add_str(cJSON *o, const char *name, const char *value)
{
	return !value || cJSON_AddStringToObject(o, name, value) != NULL;
}

static bool add_num(cJSON *o, const char *name, double value)
{
	return cJSON_AddNumberToObject(o, name, value) != NULL;
}

static bool add_target(cJSON *plan, const struct config *c)
{
	cJSON *o = cJSON_AddObjectToObject(plan, "target");

	return o && add_str(o, "endpoint", c->endpoint) &&
	       add_str(o, "model", c->model ? c->model : "(the only model of /v1/models)") &&
	       add_str(o, "api_key", c->api_key ? "set (not shown)" : "none") &&
	       add_str(o, "recipe", c->recipe ? c->recipe->path : NULL);
}

static bool add_thinking(cJSON *plan, const struct config *c)
{
	cJSON *o = cJSON_AddObjectToObject(plan, "thinking");
	cJSON *kw = c->chat_template_kwargs ? cJSON_Duplicate(c->chat_template_kwargs, 1) : NULL;

	if (!o || (c->chat_template_kwargs && !kw) ||
	    (kw && !cJSON_AddItemToObject(o, "chat_template_kwargs", kw))) {
		cJSON_Delete(kw);
		return false;
	}
	return add_str(o, "mode", thinking_mode_name(c->thinking)) &&
	       add_str(o, "reasoning_effort", c->reasoning_effort);
}

static bool add_budget(cJSON *plan, const struct config *c)
{
	cJSON *o = cJSON_AddObjectToObject(plan, "budget");

	return o && add_num(o, "visible_answer_tokens", (double)c->visible_tokens) &&
	       add_num(o, "reasoning_headroom_tokens", (double)c->headroom_tokens) &&
	       add_num(o, "max_tokens", (double)(c->visible_tokens + c->headroom_tokens)) &&
	       add_num(plan, "timeout_seconds", c->timeout) &&
	       (c->cmd == CMD_CONFORM || /* conform has no needles */
		(add_num(plan, "needle_ctx", (double)c->needle_ctx) &&
		 add_num(plan, "long_tool_ctx", (double)c->long_tool_ctx)));
}

/* a conformance check's requests as its kind sends them: each one's label,
 * whether it streams, and what a control leaves out */
static bool add_check_requests(cJSON *o, const struct plan_item *it, bool has_switch, bool *stream)
{
	struct conform_variant v[CONFORM_MAX_ANSWERS];
	size_t n = conform_variants(it->probe->conform, has_switch, v), i;
	cJSON *list = cJSON_AddArrayToObject(o, "requests");

	*stream = false;
	for (i = 0; list && i < n; i++) {
		cJSON *r = cJSON_CreateObject();

		if (!r || !cJSON_AddItemToArray(list, r) || !add_str(r, "label", v[i].label) ||
		    !cJSON_AddBoolToObject(r, "stream", v[i].stream) ||
		    (v[i].without && !add_str(r, "without", v[i].without)))
			return false;
		*stream = *stream || v[i].stream;
	}
	return list != NULL;
}

static bool add_item(cJSON *list, const struct plan_item *it, bool has_switch)
{
	cJSON *o = cJSON_CreateObject();
	bool stream = it->stream;
	char id[160];

	if (!o || !cJSON_AddItemToArray(list, o)) {
		cJSON_Delete(o);
		return false;
	}
	snprintf(id, sizeof(id), "%s%s", it->probe->id, it->variant);
	return add_str(o, "id", id) && add_str(o, "title", it->probe->title) &&
	       add_num(o, "requests_at_once", it->batch) && add_num(o, "repeat", it->reps) &&
	       (!it->probe->conform || add_check_requests(o, it, has_switch, &stream)) &&
	       cJSON_AddBoolToObject(o, "stream", stream) &&
	       add_num(o, "turns", 1 + (double)it->probe->n_turns) &&
	       add_num(o, "answers", it->answers) &&
	       (it->needle_target < 0 || add_num(o, "needle_target", (double)it->needle_target));
}

/* what the run will send before it sends anything: the answers asked
 * for, and the haystack tokens of the needles' (a sweep's cells) */
void plan_totals(const struct plan *pl, struct plan_totals *t)
{
	long sizes[CONFIG_MAX_CTXS];
	size_t i;
	int k;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < pl->n; i++) {
		const struct plan_item *it = &pl->items[i];

		t->answers += it->answers;
		if (it->needle_target <= 0)
			continue;
		t->needle_tokens += (double)it->needle_target * it->answers;
		t->sizing++;
		if (!it->swept)
			continue;
		t->cells++;
		for (k = 0; k < t->sizes && sizes[k] != it->needle_target; k++)
			;
		if (k == t->sizes && t->sizes < CONFIG_MAX_CTXS)
			sizes[t->sizes++] = it->needle_target;
	}
}

/* the order a sweep's cells go in, by name */
static bool add_sweep_order(cJSON *o, const struct plan *pl)
{
	cJSON *list = cJSON_AddArrayToObject(o, "sweep_order");
	size_t i;

	for (i = 0; list && i < pl->n; i++) {
		const struct plan_item *it = &pl->items[pl->order[i]];
		char name[96];

		snprintf(name, sizeof(name), "%s%s", it->probe->id, it->variant);
		if (it->swept && !cJSON_AddItemToArray(list, cJSON_CreateString(name)))
			return false;
	}
	return list != NULL;
}

static bool add_totals(cJSON *plan, const struct plan *pl)
{
	cJSON *o = cJSON_AddObjectToObject(plan, "totals");
	struct plan_totals t;

	plan_totals(pl, &t);
	return o && add_num(o, "answers", t.answers) && add_num(o, "sweep_cells", t.cells) &&
	       add_num(o, "needle_prompt_tokens", t.needle_tokens) &&
	       add_num(o, "sizing_requests_max", 3.0 * t.sizing) &&
	       (!t.cells || (add_num(o, "sweep_concurrency", pl->c->sweep_concurrency) &&
			     add_sweep_order(o, pl)));
}

static bool add_outputs(cJSON *plan, const struct config *c)
{
	cJSON *o = cJSON_AddObjectToObject(plan, "outputs"), *later;
	size_t i;

	for (i = 0; o && i < c->n_outputs; i++)
		if (!add_str(o, c->outputs[i].format, c->outputs[i].path))
			return false;
	if (!o || !add_str(o, "record", c->record))
		return false;
	later = cJSON_AddArrayToObject(plan, "deferred");
	return later && cJSON_AddItemToArray(later, cJSON_CreateString("endpoint identity")) &&
	       cJSON_AddItemToArray(later, cJSON_CreateString("model requests")) &&
	       cJSON_AddItemToArray(later, cJSON_CreateString("report writes"));
}

char *plan_json(const struct plan *pl)
{
	cJSON *plan = cJSON_CreateObject(), *list = NULL;
	char *text = NULL;
	bool ok;
	size_t i;

	ok = plan && add_str(plan, "schema", "preflight-plan/v1") && add_target(plan, pl->c) &&
	     add_thinking(plan, pl->c) && add_budget(plan, pl->c) &&
	     (list = cJSON_AddArrayToObject(plan, "probes")) != NULL;
	for (i = 0; ok && i < pl->n; i++)
		ok = add_item(list, &pl->items[i], pl->c->thinking != THINKING_UNSUPPORTED);
	ok = ok && add_totals(plan, pl);
	if (ok && add_outputs(plan, pl->c))
		text = cJSON_Print(plan);
	cJSON_Delete(plan);
	return text;
}
