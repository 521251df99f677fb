/* SPDX-License-Identifier: Apache-2.0 */
/* json — the model's JSON form, both ways; see json.h.
 *
 * Each object of the report is a table of its members (name, type, where
 * in the model), read by the writer and the reader alike, so the two
 * cannot disagree on a name, a type or the order. The blocks a report has
 * only sometimes (a needle, a stream, the engine log, the sweep) are code
 * around those tables. */
#include "json.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "file.h"
#include "jsonfile.h"
#include "plan.h"
#include "render.h"

#define SCHEMA_RUN     "preflight-report/v1"
#define SCHEMA_CONFORM "preflight-conformance/v1"
#define NUMBER_MAX     1e15 /* a report's numbers are held within this */

enum type {
	T_STR,	  /* char *, NULL: null */
	T_OPT,	  /* char *, written only when not NULL */
	T_COUNT,  /* long, -1: null */
	T_LONG,	  /* long, always a number */
	T_INT,	  /* int, always a number */
	T_NUM,	  /* double, always a number */
	T_METRIC, /* double, below 0: null */
	T_BOOL,
};

struct member {
	const char *key;
	enum type type;
	size_t offset;
};

#define M(s, key, type, field)                                                                     \
	{                                                                                          \
		key, type, offsetof(struct s, field)                                               \
	}

static const struct member metrics_members[] = {
	M(model_metrics, "ttft_seconds", T_METRIC, ttft),
	M(model_metrics, "ttfc_seconds", T_METRIC, ttfc),
	M(model_metrics, "decode_tokens_per_second", T_METRIC, decode_tps),
	M(model_metrics, "decode_note", T_STR, decode_note),
	M(model_metrics, "decode_source", T_STR, decode_source),
	M(model_metrics, "itl_p50_seconds", T_METRIC, itl_p50),
	M(model_metrics, "itl_p95_seconds", T_METRIC, itl_p95),
	M(model_metrics, "prefill_tokens_per_second", T_METRIC, prefill_tps),
	M(model_metrics, "engine_decode_tokens_per_second", T_METRIC, engine_decode_tps),
	M(model_metrics, "engine_prefill_tokens_per_second", T_METRIC, engine_prefill_tps),
	M(model_metrics, "decode_window_tokens", T_COUNT, window_tokens),
	M(model_metrics, "held_back_tokens", T_COUNT, held_back),
	M(model_metrics, "cached_tokens", T_COUNT, cached_tokens),
	M(model_metrics, "arrivals", T_LONG, arrivals),
	M(model_metrics, "burst", T_BOOL, burst),
	{ NULL, T_STR, 0 },
};

static const struct member run_obs_members[] = {
	M(model_obs, "label", T_STR, label),
	M(model_obs, "outcome", T_STR, outcome),
	M(model_obs, "status", T_COUNT, status),
	M(model_obs, "seconds", T_NUM, seconds),
	M(model_obs, "graded", T_BOOL, graded),
	M(model_obs, "passed", T_BOOL, passed),
	M(model_obs, "cause", T_STR, cause),
	M(model_obs, "detail", T_STR, detail),
	M(model_obs, "error", T_STR, error),
	M(model_obs, "finish_reason", T_STR, finish_reason),
	M(model_obs, "content_excerpt", T_STR, content_excerpt),
	M(model_obs, "content_chars", T_COUNT, content_chars),
	M(model_obs, "reasoning_field", T_STR, reasoning_field),
	M(model_obs, "reasoning_excerpt", T_STR, reasoning_excerpt),
	M(model_obs, "reasoning_chars", T_COUNT, reasoning_chars),
	M(model_obs, "prompt_tokens", T_COUNT, prompt_tokens),
	M(model_obs, "completion_tokens", T_COUNT, completion_tokens),
	M(model_obs, "reasoning_tokens", T_COUNT, reasoning_tokens),
	M(model_obs, "tool_call", T_STR, tool_call),
	M(model_obs, "tool_calls", T_COUNT, tool_calls),
	M(model_obs, "retries", T_INT, retries),
	{ NULL, T_STR, 0 },
};

static const struct member check_obs_members[] = {
	M(model_obs, "label", T_STR, label),
	M(model_obs, "outcome", T_STR, outcome),
	M(model_obs, "status", T_COUNT, status),
	M(model_obs, "seconds", T_NUM, seconds),
	M(model_obs, "streamed", T_BOOL, streamed),
	M(model_obs, "error", T_STR, error),
	M(model_obs, "detail", T_STR, detail),
	M(model_obs, "finish_reason", T_STR, finish_reason),
	M(model_obs, "content_excerpt", T_STR, content_excerpt),
	M(model_obs, "reasoning_field", T_STR, reasoning_field),
	M(model_obs, "tool_call", T_STR, tool_call),
	M(model_obs, "prompt_tokens", T_COUNT, prompt_tokens),
	M(model_obs, "completion_tokens", T_COUNT, completion_tokens),
	M(model_obs, "reasoning_tokens", T_COUNT, reasoning_tokens),
	M(model_obs, "tool_calls", T_COUNT, tool_calls),
	{ NULL, T_STR, 0 },
};

static const struct member stream_members[] = {
	M(model_obs, "events", T_LONG, events),
	M(model_obs, "done", T_BOOL, done),
	{ NULL, T_STR, 0 },
};

/* a run's item, up to its needle; then the blocks, then these */
static const struct member item_head[] = {
	M(model_item, "id", T_STR, id),
	M(model_item, "variant", T_OPT, variant),
	M(model_item, "title", T_STR, title),
	{ NULL, T_STR, 0 },
};

static const struct member item_story[] = {
	M(model_item, "cause", T_STR, cause),
	M(model_item, "remedy", T_STR, remedy),
	M(model_item, "message", T_STR, message),
	M(model_item, "summary", T_STR, summary),
	M(model_item, "note", T_STR, note),
	M(model_item, "evidence", T_STR, evidence),
	M(model_item, "seconds", T_NUM, seconds),
	M(model_item, "passed", T_INT, passed),
	M(model_item, "total", T_INT, total),
	M(model_item, "retried", T_INT, retried),
	{ NULL, T_STR, 0 },
};

static const struct member needle_members[] = {
	M(model_needle, "requested_tokens", T_COUNT, requested_tokens),
	M(model_needle, "measured_prompt_tokens", T_COUNT, measured_prompt_tokens),
	M(model_needle, "unverified", T_STR, unverified),
	M(model_needle, "filler_sentences", T_COUNT, filler_sentences),
	M(model_needle, "depth", T_NUM, depth),
	M(model_needle, "secret", T_STR, secret),
	{ NULL, T_STR, 0 },
};

static const struct member recall_members[] = {
	M(model_needle, "recalled", T_INT, recalled),
	M(model_needle, "asked", T_INT, asked),
	{ NULL, T_STR, 0 },
};

static const struct member ruler_members[] = {
	M(model_needle, "keys", T_INT, keys),
	M(model_needle, "values", T_INT, values),
	M(model_needle, "queries", T_INT, queries),
	{ NULL, T_STR, 0 },
};

static const struct member concurrency_members[] = {
	M(model_item, "batch", T_INT, batch),
	M(model_item, "clean_one_at_a_time", T_INT, clean_alone),
	M(model_item, "clean_all_at_once", T_INT, clean_together),
	{ NULL, T_STR, 0 },
};

static const struct member check_members[] = {
	M(model_item, "id", T_STR, id),
	M(model_item, "title", T_STR, title),
	M(model_item, "area", T_STR, area),
	M(model_item, "check", T_STR, check),
	M(model_item, "required", T_BOOL, required),
	{ NULL, T_STR, 0 },
};

static const struct member check_story[] = {
	M(model_item, "fails", T_BOOL, fails),	    M(model_item, "cause", T_STR, cause),
	M(model_item, "evidence", T_STR, evidence), M(model_item, "remedy", T_STR, remedy),
	M(model_item, "seconds", T_NUM, seconds),   { NULL, T_STR, 0 },
};

static const struct member recipe_members[] = {
	M(model_recipe, "name", T_STR, name),
	M(model_recipe, "path", T_STR, path),
	M(model_recipe, "model", T_STR, model),
	M(model_recipe, "quant", T_STR, quant),
	M(model_recipe, "engine", T_STR, engine),
	M(model_recipe, "gpu", T_STR, gpu),
	M(model_recipe, "key_flags", T_STR, key_flags),
	M(model_recipe, "serves_note", T_STR, serves_note),
	M(model_recipe, "notes", T_STR, notes),
	{ NULL, T_STR, 0 },
};

static const struct member input_members[] = {
	M(model_input, "kind", T_STR, kind),	 M(model_input, "path", T_STR, path),
	M(model_input, "mime", T_STR, mime),	 M(model_input, "bytes", T_LONG, bytes),
	M(model_input, "sha256", T_STR, sha256), { NULL, T_STR, 0 },
};

static const struct member endpoint_members[] = {
	M(model_endpoint, "base_url", T_STR, base_url),
	M(model_endpoint, "model", T_STR, model),
	M(model_endpoint, "max_model_len", T_COUNT, max_model_len),
	M(model_endpoint, "server_version", T_STR, server_version),
	M(model_endpoint, "system_fingerprint", T_STR, system_fingerprint),
	M(model_endpoint, "engine", T_STR, engine),
	M(model_endpoint, "engine_evidence", T_STR, engine_evidence),
	M(model_endpoint, "usable", T_BOOL, usable),
	M(model_endpoint, "cause", T_STR, cause),
	M(model_endpoint, "detail", T_STR, detail),
	M(model_endpoint, "note", T_STR, note),
	{ NULL, T_STR, 0 },
};

static const struct member engine_log_members[] = {
	M(model_endpoint, "path", T_STR, engine_log),
	M(model_endpoint, "engine_failed", T_BOOL, engine_failed),
	{ NULL, T_STR, 0 },
};

static const struct member finding_members[] = {
	M(model_finding, "rule", T_STR, rule),
	{ NULL, T_STR, 0 },
};

static const struct member finding_tail[] = {
	M(model_finding, "cause", T_STR, cause),   M(model_finding, "line", T_LONG, line),
	M(model_finding, "quote", T_STR, quote),   M(model_finding, "explain", T_STR, explain),
	M(model_finding, "remedy", T_STR, remedy), M(model_finding, "class", T_STR, class),
	M(model_finding, "layer", T_STR, layer),   { NULL, T_STR, 0 },
};

static const struct member run_settings_members[] = {
	M(model_settings, "thinking", T_STR, thinking),
	M(model_settings, "reasoning_effort", T_STR, reasoning_effort),
	M(model_settings, "visible_answer_tokens", T_LONG, visible_tokens),
	M(model_settings, "reasoning_headroom_tokens", T_LONG, headroom_tokens),
	M(model_settings, "max_tokens", T_LONG, max_tokens),
	M(model_settings, "needle_ctx", T_LONG, needle_ctx),
	M(model_settings, "tool_batch", T_INT, tool_batch),
	M(model_settings, "allowed_finish_reasons", T_STR, allowed_finish),
	M(model_settings, "reasoning_evidence", T_STR, reasoning_evidence),
	M(model_settings, "stream", T_BOOL, stream),
	M(model_settings, "stream_parity", T_BOOL, stream_parity),
	M(model_settings, "parallel", T_BOOL, parallel),
	{ NULL, T_STR, 0 },
};

static const struct member check_settings_members[] = {
	M(model_settings, "thinking", T_STR, thinking),
	M(model_settings, "reasoning_effort", T_STR, reasoning_effort),
	M(model_settings, "max_tokens", T_LONG, max_tokens),
	{ NULL, T_STR, 0 },
};

static const struct member speed_members[] = {
	M(model_speed, "decode_tokens_per_second", T_METRIC, decode_tps),
	M(model_speed, "source", T_STR, source),
	M(model_speed, "preflight_decode_tokens_per_second", T_METRIC, preflight_tps),
	M(model_speed, "engine_decode_tokens_per_second", T_METRIC, engine_tps),
	M(model_speed, "note", T_STR, note),
	M(model_speed, "preflight_counts", T_STR, counts),
	{ NULL, T_STR, 0 },
};

static const struct member sweep_members[] = {
	M(model_sweep, "cells", T_INT, cells),
	M(model_sweep, "passed", T_INT, passed),
	M(model_sweep, "effective_context", T_LONG, effective),
	M(model_sweep, "swept_max", T_LONG, swept_max),
	M(model_sweep, "first_failing_cell", T_STR, first_failing_cell),
	M(model_sweep, "beyond_window", T_BOOL, beyond_window),
	M(model_sweep, "headline", T_STR, headline),
	{ NULL, T_STR, 0 },
};

static const struct member counts_members[] = {
	M(model_counts, "items", T_INT, items),
	M(model_counts, "passed", T_INT, passed),
	M(model_counts, "failed", T_INT, failed),
	M(model_counts, "errored", T_INT, errored),
	M(model_counts, "skipped", T_INT, skipped),
	M(model_counts, "not_run", T_INT, not_run),
	M(model_counts, "beyond_window", T_INT, beyond_window),
	M(model_counts, "cells", T_INT, cells),
	M(model_counts, "probes", T_INT, probes),
	{ NULL, T_STR, 0 },
};

#define AT(base, m, t)	 ((t *)(void *)((char *)(base) + (m)->offset))
#define AT_C(base, m, t) ((const t *)(const void *)((const char *)(base) + (m)->offset))

static const char *const verdicts[] = { "pass", "fail", "error", "skipped" };
static const char *const statuses[CONFORM_STATUSES] = { "honoured", "ignored", "rejected", "broken",
							"skipped" };

/* --- writing ------------------------------------------------------------------ */

/* Every builder below records a failed cJSON allocation in *bad (SQLite's
 * sqlite3_str idea): a report that lost a field to memory is an error,
 * never a report with parts missing. */
static void check(bool *bad, const void *added)
{
	if (!added)
		*bad = true;
}

static void put_str(bool *bad, cJSON *o, const char *k, const char *v)
{
	check(bad, v ? cJSON_AddStringToObject(o, k, v) : cJSON_AddNullToObject(o, k));
}

static void put_num(bool *bad, cJSON *o, const char *k, double v)
{
	check(bad, cJSON_AddNumberToObject(o, k, v));
}

static void put_members(bool *bad, cJSON *o, const void *base, const struct member *ms)
{
	for (; o && ms->key; ms++) {
		switch (ms->type) {
		case T_STR:
			put_str(bad, o, ms->key, *AT_C(base, ms, char *const));
			break;
		case T_OPT:
			if (*AT_C(base, ms, char *const))
				put_str(bad, o, ms->key, *AT_C(base, ms, char *const));
			break;
		case T_COUNT:
			if (*AT_C(base, ms, long) >= 0)
				put_num(bad, o, ms->key, (double)*AT_C(base, ms, long));
			else
				check(bad, cJSON_AddNullToObject(o, ms->key));
			break;
		case T_LONG:
			put_num(bad, o, ms->key, (double)*AT_C(base, ms, long));
			break;
		case T_INT:
			put_num(bad, o, ms->key, *AT_C(base, ms, int));
			break;
		case T_NUM:
			put_num(bad, o, ms->key, *AT_C(base, ms, double));
			break;
		case T_METRIC:
			if (*AT_C(base, ms, double) >= 0)
				put_num(bad, o, ms->key, *AT_C(base, ms, double));
			else
				check(bad, cJSON_AddNullToObject(o, ms->key));
			break;
		case T_BOOL:
			check(bad, cJSON_AddBoolToObject(o, ms->key, *AT_C(base, ms, bool)));
			break;
		}
	}
}

static cJSON *put_obj(bool *bad, cJSON *o, const char *k)
{
	cJSON *v = o ? cJSON_AddObjectToObject(o, k) : NULL;

	check(bad, v);
	return v;
}

static cJSON *put_arr(bool *bad, cJSON *o, const char *k)
{
	cJSON *v = o ? cJSON_AddArrayToObject(o, k) : NULL;

	check(bad, v);
	return v;
}

/* a new object in arr (NULL when out of memory, *bad set) */
static cJSON *put_elem(bool *bad, cJSON *arr)
{
	cJSON *o = cJSON_CreateObject();

	if (!o || !arr || !cJSON_AddItemToArray(arr, o)) {
		cJSON_Delete(o);
		*bad = true;
		return NULL;
	}
	return o;
}

static void put_histogram(bool *bad, cJSON *st, const struct model_obs *o)
{
	cJSON *h = put_obj(bad, st, "itl_histogram");
	cJSON *upper = put_arr(bad, h, "upper_ms"), *counts = put_arr(bad, h, "counts");
	int b;

	for (b = 0; upper && counts && b < SPEED_ITL_BINS; b++) {
		cJSON *u = o->hist->upper_ms[b] < 0 ? cJSON_CreateNull()
						    : cJSON_CreateNumber(o->hist->upper_ms[b]);
		cJSON *c = cJSON_CreateNumber(o->hist->counts[b]);

		if (!u || !cJSON_AddItemToArray(upper, u)) {
			cJSON_Delete(u);
			*bad = true;
		}
		if (!c || !cJSON_AddItemToArray(counts, c)) {
			cJSON_Delete(c);
			*bad = true;
		}
	}
}

static void put_obs(bool *bad, cJSON *arr, const struct model *m, const struct model_obs *ob)
{
	cJSON *o = put_elem(bad, arr), *st;

	put_members(bad, o, ob, m->kind == MODEL_CONFORM ? check_obs_members : run_obs_members);
	if (!ob->has_stream)
		return;
	st = put_obj(bad, o, "stream");
	put_members(bad, st, ob, stream_members);
	put_members(bad, st, &ob->stream, metrics_members);
	if (ob->hist)
		put_histogram(bad, st, ob);
}

static void put_needle(bool *bad, cJSON *o, const struct model_needle *n)
{
	cJSON *nd = put_obj(bad, o, "needle");

	put_members(bad, nd, n, needle_members);
	if (n->has_recall)
		put_members(bad, nd, n, recall_members);
	if (n->has_variant)
		put_members(bad, nd, n, ruler_members);
}

static void put_run_item(bool *bad, cJSON *o, const struct model_item *it)
{
	put_members(bad, o, it, item_head);
	put_str(bad, o, "verdict", verdicts[it->verdict]);
	put_members(bad, o, it, item_story);
	if (it->needle.present)
		put_needle(bad, o, &it->needle);
	put_str(bad, o, "json_keys", it->json_keys);
	if (it->swept) {
		check(bad, cJSON_AddBoolToObject(o, "swept", true));
		check(bad, cJSON_AddBoolToObject(o, "beyond_window", it->beyond_window));
	}
	if (it->has_repeats) {
		cJSON *rp = put_obj(bad, o, "repeats");

		put_num(bad, rp, "k", it->reps);
		put_num(bad, rp, "passed", it->reps_passed);
		check(bad, rp ? cJSON_AddBoolToObject(rp, "pass_at_k", it->reps_passed > 0) : NULL);
		check(bad, rp ? cJSON_AddBoolToObject(rp, "pass_pow_k", it->reps_passed == it->reps)
			      : NULL);
	}
	if (it->has_concurrency)
		put_members(bad, put_obj(bad, o, "concurrency"), it, concurrency_members);
	if (it->has_metrics)
		put_members(bad, put_obj(bad, o, "metrics"), &it->metrics, metrics_members);
}

static void put_item(bool *bad, cJSON *arr, const struct model *m, const struct model_item *it)
{
	cJSON *o = put_elem(bad, arr), *obs;
	size_t i;

	if (m->kind == MODEL_CONFORM) {
		put_members(bad, o, it, check_members);
		put_str(bad, o, "status", statuses[it->status]);
		put_members(bad, o, it, check_story);
	} else {
		put_run_item(bad, o, it);
	}
	obs = put_arr(bad, o, "observations");
	for (i = 0; obs && i < it->n_obs; i++)
		put_obs(bad, obs, m, &it->obs[i]);
}

static void put_endpoint(bool *bad, cJSON *root, const struct model_endpoint *e)
{
	cJSON *ep = put_obj(bad, root, "endpoint"), *log, *list;
	size_t i;

	put_members(bad, ep, e, endpoint_members);
	if (!e->has_engine_log)
		return;
	log = put_obj(bad, ep, "engine_log");
	put_members(bad, log, e, engine_log_members);
	list = put_arr(bad, log, "findings");
	for (i = 0; list && i < e->n_findings; i++) {
		cJSON *f = put_elem(bad, list);

		put_members(bad, f, &e->findings[i], finding_members);
		put_str(bad, f, "severity", e->findings[i].fatal ? "fatal" : "warning");
		put_members(bad, f, &e->findings[i], finding_tail);
	}
}

static void put_head(bool *bad, cJSON *root, const struct model *m)
{
	size_t i;

	put_str(bad, root, "schema", m->kind == MODEL_CONFORM ? SCHEMA_CONFORM : SCHEMA_RUN);
	put_str(bad, root, "preflight_version", m->version);
	put_str(bad, root, "started", m->started);
	put_num(bad, root, "seconds", m->seconds);
	if (m->recipe.present)
		put_members(bad, put_obj(bad, root, "recipe"), &m->recipe, recipe_members);
	else
		check(bad, cJSON_AddNullToObject(root, "recipe"));
	if (m->n_inputs) {
		cJSON *in = put_arr(bad, root, "inputs");

		for (i = 0; in && i < m->n_inputs; i++)
			put_members(bad, put_elem(bad, in), &m->inputs[i], input_members);
	}
	put_endpoint(bad, root, &m->endpoint);
	put_members(bad, put_obj(bad, root, "settings"), &m->settings,
		    m->kind == MODEL_CONFORM ? check_settings_members : run_settings_members);
	if (m->speed.present)
		put_members(bad, put_obj(bad, root, "speed"), &m->speed, speed_members);
}

/* the verdict and the counts every output shows, as written once */
static void put_outcome(bool *bad, cJSON *root, const struct model *m)
{
	cJSON *v = put_obj(bad, root, "verdict");

	put_str(bad, v, "class", model_class_key(m->class));
	put_str(bad, v, "words", model_class_words(m->class));
	put_num(bad, v, "exit", model_exit(m));
	put_members(bad, put_obj(bad, root, "totals"), &m->counts, counts_members);
}

static void put_tail(bool *bad, cJSON *root, const struct model *m)
{
	size_t i;

	if (m->kind == MODEL_CONFORM) {
		cJSON *counts = put_obj(bad, root, "counts");
		int s;

		for (s = 0; counts && s < CONFORM_STATUSES; s++)
			put_num(bad, counts, statuses[s], m->counts.status[s]);
	} else if (m->sweep.present) {
		cJSON *o = put_obj(bad, root, "sweep"), *sizes = put_arr(bad, o, "sizes");

		for (i = 0; sizes && i < m->sweep.n_sizes; i++) {
			cJSON *n = cJSON_CreateNumber((double)m->sweep.sizes[i]);

			if (!n || !cJSON_AddItemToArray(sizes, n)) {
				cJSON_Delete(n);
				*bad = true;
			}
		}
		put_members(bad, o, &m->sweep, sweep_members);
	}
	put_outcome(bad, root, m);
	check(bad, cJSON_AddBoolToObject(root, "interrupted", m->interrupted));
	check(bad, cJSON_AddBoolToObject(root, "passed", m->passed));
	if (m->kind == MODEL_RUN)
		put_str(bad, root, "summary", m->summary);
}

int json_render(const struct model *m, struct buf *out)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	bool failed = !root, *bad = &failed;
	char *text;
	int rc = -1;
	size_t i;

	put_head(bad, root, m);
	arr = put_arr(bad, root, m->kind == MODEL_CONFORM ? "checks" : "probes");
	for (i = 0; arr && i < m->n_items; i++)
		put_item(bad, arr, m, &m->items[i]);
	put_tail(bad, root, m);
	text = failed ? NULL : cJSON_Print(root);
	if (text)
		rc = buf_puts(out, text) || buf_putc(out, '\n') ? -1 : 0;
	free(text);
	cJSON_Delete(root);
	return rc;
}

/* what a run writes, this reader reads: as many items, as many bytes
 * (report.c holds the JSON report to JSON_REPORT_MAX) */
_Static_assert(JSON_ITEMS_MAX >= PLAN_ITEMS_MAX,
	       "a run can write more items than a report may hold");

/* --- reading ------------------------------------------------------------------- */

/* One read: the model it fills and what the model may cost. A report's
 * model is held to JSON_MODEL_FACTOR times its text (and a floor), so a
 * report of empty objects or zeros cannot make a model far larger than
 * itself; the tree of each piece is held to the text's size the same way
 * (jsonfile_split). */
struct reader {
	struct model *m;
	size_t spent, budget;
	bool bad;	/* memory ran out, or the budget */
	bool too_dense; /* the budget */
};

#define MALLOC_OVERHEAD 16

static void *reader_calloc(struct reader *r, size_t n, size_t size)
{
	size_t left =
		r->budget > r->spent + MALLOC_OVERHEAD ? r->budget - r->spent - MALLOC_OVERHEAD : 0;
	void *p;

	if (n > left / size) {
		r->bad = r->too_dense = true;
		return NULL;
	}
	r->spent += n * size + MALLOC_OVERHEAD;
	if (!(p = xcalloc(n, size)))
		r->bad = true;
	return p;
}

static char *reader_strdup(struct reader *r, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = reader_calloc(r, n, 1);

	if (p)
		memcpy(p, s, n);
	return p;
}

static const cJSON *get(const cJSON *o, const char *key)
{
	return cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

/* a number held within -1..NUMBER_MAX, or none */
static double number(const cJSON *v, double none)
{
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
		return none;
	return v->valuedouble < -1 ? -1 : v->valuedouble > NUMBER_MAX ? NUMBER_MAX : v->valuedouble;
}

static int whole(const cJSON *v)
{
	double d = number(v, 0);

	return d < 0 ? 0 : d > 1e9 ? 1000000000 : (int)d;
}

/* the members of o into base; *bad when memory ran out */
static void get_members(const cJSON *o, void *base, const struct member *ms, struct reader *r)
{
	for (; ms->key; ms++) {
		const cJSON *v = get(o, ms->key);

		switch (ms->type) {
		case T_STR:
		case T_OPT:
			if (cJSON_IsString(v)) {
				*AT(base, ms, char *) = reader_strdup(r, v->valuestring);
			}
			break;
		case T_COUNT:
			*AT(base, ms, long) = (long)floor(number(v, -1) < 0 ? -1 : number(v, -1));
			break;
		case T_LONG:
			*AT(base, ms, long) = (long)floor(number(v, 0) < 0 ? 0 : number(v, 0));
			break;
		case T_INT:
			*AT(base, ms, int) = whole(v);
			break;
		case T_NUM:
			*AT(base, ms, double) = number(v, 0);
			break;
		case T_METRIC:
			*AT(base, ms, double) = number(v, -1);
			break;
		case T_BOOL:
			*AT(base, ms, bool) = cJSON_IsTrue(v);
			break;
		}
	}
}

static int named(const cJSON *v, const char *const *names, int n, int none)
{
	int i;

	for (i = 0; cJSON_IsString(v) && i < n; i++)
		if (!strcmp(v->valuestring, names[i]))
			return i;
	return none;
}

static void get_obs(const cJSON *o, const struct model *m, struct model_obs *ob, struct reader *r)
{
	const cJSON *st = get(o, "stream"), *h, *c;
	int b;

	get_members(o, ob, m->kind == MODEL_CONFORM ? check_obs_members : run_obs_members, r);
	ob->stream.ttft = ob->stream.ttfc = ob->stream.decode_tps = -1;
	ob->stream.itl_p50 = ob->stream.itl_p95 = ob->stream.prefill_tps = -1;
	ob->stream.engine_decode_tps = ob->stream.engine_prefill_tps = -1;
	ob->stream.window_tokens = ob->stream.held_back = ob->stream.cached_tokens = -1;
	if (!cJSON_IsObject(st))
		return;
	ob->has_stream = ob->streamed = true;
	get_members(st, ob, stream_members, r);
	get_members(st, &ob->stream, metrics_members, r);
	h = get(st, "itl_histogram");
	if (!cJSON_IsObject(h) || !(ob->hist = reader_calloc(r, 1, sizeof(*ob->hist))))
		return;
	b = 0;
	cJSON_ArrayForEach(c, get(h, "upper_ms"))
	{
		if (b < SPEED_ITL_BINS)
			ob->hist->upper_ms[b] = cJSON_IsNumber(c) ? number(c, -1) : -1;
		b++;
	}
	b = 0;
	cJSON_ArrayForEach(c, get(h, "counts"))
	{
		if (b < SPEED_ITL_BINS)
			ob->hist->counts[b] = number(c, 0) < 0 ? 0 : number(c, 0);
		b++;
	}
}

static void get_needle(const cJSON *nd, struct model_needle *n, struct reader *r)
{
	n->present = cJSON_IsObject(nd);
	if (!n->present)
		return;
	get_members(nd, n, needle_members, r);
	n->has_recall = get(nd, "asked") != NULL;
	if (n->has_recall)
		get_members(nd, n, recall_members, r);
	n->has_variant = get(nd, "keys") != NULL;
	if (n->has_variant)
		get_members(nd, n, ruler_members, r);
}

static void get_run_item(const cJSON *o, struct model_item *it, struct reader *r)
{
	const cJSON *rp = get(o, "repeats"), *cd = get(o, "concurrency"), *mt = get(o, "metrics");

	get_members(o, it, item_head, r);
	it->verdict = (enum verdict)named(get(o, "verdict"), verdicts, 4, VERDICT_ERROR);
	get_members(o, it, item_story, r);
	get_needle(get(o, "needle"), &it->needle, r);
	get_members(o, it,
		    (const struct member[]){ M(model_item, "json_keys", T_STR, json_keys),
					     { NULL, T_STR, 0 } },
		    r);
	it->swept = cJSON_IsTrue(get(o, "swept"));
	it->beyond_window = it->swept && cJSON_IsTrue(get(o, "beyond_window"));
	if ((it->has_repeats = cJSON_IsObject(rp))) {
		it->reps = whole(get(rp, "k"));
		it->reps_passed = whole(get(rp, "passed"));
	}
	if ((it->has_concurrency = cJSON_IsObject(cd)))
		get_members(cd, it, concurrency_members, r);
	it->metrics.ttft = it->metrics.ttfc = it->metrics.decode_tps = -1;
	it->metrics.itl_p50 = it->metrics.itl_p95 = it->metrics.prefill_tps = -1;
	it->metrics.engine_decode_tps = it->metrics.engine_prefill_tps = -1;
	it->metrics.window_tokens = it->metrics.held_back = it->metrics.cached_tokens = -1;
	if ((it->has_metrics = cJSON_IsObject(mt)))
		get_members(mt, &it->metrics, metrics_members, r);
}

static void get_item(const cJSON *o, const struct model *m, struct model_item *it, struct reader *r)
{
	const cJSON *list = get(o, "observations"), *ob;
	int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
	size_t i = 0;

	if (m->kind == MODEL_CONFORM) {
		get_members(o, it, check_members, r);
		it->status = (enum conform_status)named(get(o, "status"), statuses,
							CONFORM_STATUSES, CONFORM_SKIPPED);
		get_members(o, it, check_story, r);
		it->verdict = it->status == CONFORM_SKIPPED ? VERDICT_SKIPPED
			      : it->fails		    ? VERDICT_FAIL
							    : VERDICT_PASS;
		it->message = it->evidence ? reader_strdup(r, it->evidence) : NULL;
	} else {
		get_run_item(o, it, r);
	}
	if (n > 0 && !(it->obs = reader_calloc(r, (size_t)n, sizeof(*it->obs)))) {
		return;
	}
	cJSON_ArrayForEach(ob, list)
	{
		if (cJSON_IsObject(ob))
			get_obs(ob, m, &it->obs[i++], r);
	}
	it->n_obs = i;
}

static void get_endpoint(const cJSON *ep, struct model_endpoint *e, struct reader *r)
{
	const cJSON *log = get(ep, "engine_log"), *list = get(log, "findings"), *f;
	int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;

	get_members(ep, e, endpoint_members, r);
	e->usable = !cJSON_IsFalse(get(ep, "usable"));
	if (!(e->has_engine_log = cJSON_IsObject(log)))
		return;
	get_members(log, e, engine_log_members, r);
	if (n > 0 && !(e->findings = reader_calloc(r, (size_t)n, sizeof(*e->findings)))) {
		return;
	}
	cJSON_ArrayForEach(f, list)
	{
		struct model_finding *g;

		if (!cJSON_IsObject(f))
			continue;
		g = &e->findings[e->n_findings++];
		get_members(f, g, finding_members, r);
		g->fatal = !cJSON_IsString(get(f, "severity")) ||
			   strcmp(get(f, "severity")->valuestring, "warning");
		get_members(f, g, finding_tail, r);
	}
}

static void get_inputs(const cJSON *list, struct model *m, struct reader *r)
{
	int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0;
	const cJSON *in;

	if (n <= 0)
		return;
	if (!(m->inputs = reader_calloc(r, (size_t)n, sizeof(*m->inputs)))) {
		return;
	}
	cJSON_ArrayForEach(in, list)
	{
		if (cJSON_IsObject(in))
			get_members(in, &m->inputs[m->n_inputs++], input_members, r);
	}
}

static void get_sweep(const cJSON *o, struct model_sweep *s, struct reader *r)
{
	const cJSON *sizes = get(o, "sizes"), *v;
	int n = cJSON_IsArray(sizes) ? cJSON_GetArraySize(sizes) : 0;

	if (!(s->present = cJSON_IsObject(o)))
		return;
	get_members(o, s, sweep_members, r);
	if (n > 0 && !(s->sizes = reader_calloc(r, (size_t)n, sizeof(*s->sizes)))) {
		return;
	}
	cJSON_ArrayForEach(v, sizes)
	{
		s->sizes[s->n_sizes++] = (long)number(v, 0);
	}
}

static void get_speed(const cJSON *o, struct model_speed *s, struct reader *r)
{
	if ((s->present = cJSON_IsObject(o)))
		get_members(o, s, speed_members, r);
}

/* what a report holds besides its items */
static void get_head(const cJSON *root, struct model *m, struct reader *r)
{
	bool conform = m->kind == MODEL_CONFORM;

	get_members(root, m,
		    (const struct member[]){ M(model, "preflight_version", T_STR, version),
					     M(model, "started", T_STR, started),
					     M(model, "seconds", T_NUM, seconds),
					     { NULL, T_STR, 0 } },
		    r);
	if ((m->recipe.present = cJSON_IsObject(get(root, "recipe"))))
		get_members(get(root, "recipe"), &m->recipe, recipe_members, r);
	get_inputs(get(root, "inputs"), m, r);
	get_endpoint(get(root, "endpoint"), &m->endpoint, r);
	get_members(get(root, "settings"), &m->settings,
		    conform ? check_settings_members : run_settings_members, r);
	get_speed(get(root, "speed"), &m->speed, r);
	get_sweep(get(root, "sweep"), &m->sweep, r);
	m->interrupted = cJSON_IsTrue(get(root, "interrupted"));
	/* the signal is known by the exit it gave (reports before "verdict": none) */
	if (m->interrupted && whole(get(get(root, "verdict"), "exit")) > 128)
		m->signal = (int)whole(get(get(root, "verdict"), "exit")) - 128;
	if (!conform && cJSON_IsString(get(root, "summary")))
		m->summary = reader_strdup(r, get(root, "summary")->valuestring);
}

/* the items, an element of the array at a time; -1 with the reason in
 * f's err when the text is not JSON */
static int get_items(struct jsonfile *f, struct jsonfile_split *sp, size_t k, struct reader *r)
{
	struct model *m = r->m;
	cJSON *el;

	if (sp->elements[k] && !(m->items = reader_calloc(r, sp->elements[k], sizeof(*m->items))))
		return 0;
	jsonfile_split_select(sp, k);
	while (!r->bad && (el = jsonfile_next(f, sp))) {
		if (cJSON_IsObject(el) && m->n_items < sp->elements[k])
			get_item(el, m, &m->items[m->n_items++], r);
		cJSON_Delete(el);
	}
	return f->err[0] ? -1 : 0;
}

/* the model of a report's text; NULL with the reason in f's err */
static struct model *from_text(struct jsonfile *f)
{
	static const char *const keys[] = { "probes", "checks", NULL };
	struct reader r = { NULL, 0, JSON_MODEL_FACTOR * f->len + JSON_MODEL_FLOOR, false, false };
	struct jsonfile_split sp;
	const char *schema;
	size_t k;

	if (jsonfile_split(f, keys, f->len + JSON_MODEL_FLOOR, &sp))
		return NULL;
	schema = cJSON_GetStringValue(get(sp.head, "schema"));
	k = schema && !strcmp(schema, SCHEMA_CONFORM);
	if (!schema || (!k && strcmp(schema, SCHEMA_RUN)))
		snprintf(f->err, f->errlen,
			 "%s: not a JSON report of preflight run or conform (schema %s)", f->path,
			 schema ? schema : "missing");
	else if (sp.elements[k] > JSON_ITEMS_MAX)
		snprintf(f->err, f->errlen,
			 "%s: holds %zu items, more than the %u a report may hold", f->path,
			 sp.elements[k], JSON_ITEMS_MAX);
	else if (!(r.m = model_new(k ? MODEL_CONFORM : MODEL_RUN)))
		snprintf(f->err, f->errlen, "%s: out of memory", f->path);
	else {
		get_head(sp.head, r.m, &r);
		if (!r.bad && !get_items(f, &sp, k, &r) && (r.bad || model_finish(r.m)))
			snprintf(f->err, f->errlen,
				 r.too_dense
					 ? "%s: holds more than a report of its size can (its "
					   "model would pass %zu bytes): not a report preflight "
					   "wrote"
					 : "%s: out of memory",
				 f->path, r.budget);
	}
	jsonfile_split_release(&sp);
	if (r.m && f->err[0]) {
		model_free(r.m);
		r.m = NULL;
	}
	return r.m;
}

struct model *json_read_text(const char *name, const char *text, size_t len, char *err,
			     size_t errlen)
{
	struct jsonfile f = { name, text, len, err, errlen };

	err[0] = '\0';
	return from_text(&f);
}

struct model *json_read_file(const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	struct model *m = NULL;
	char why[600];

	if (file_read(path, JSON_REPORT_MAX, &text, why, sizeof(why)))
		snprintf(err, errlen, "%s", why);
	else
		m = json_read_text(path, buf_cstr(&text), text.len, err, errlen);
	buf_release(&text);
	return m;
}
