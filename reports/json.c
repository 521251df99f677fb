/* json — the evidence report, schema "preflight-report/v1": endpoint
 * identity, settings, per-probe verdict and cause, per-request
 * observations. Never holds the API key. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "summary.h"
#include "sweep.h"
#include "version.h"

/* Every builder below records a failed cJSON allocation in the caller's
 * sticky *bad (SQLite's sqlite3_str idea): a report that lost a field to
 * memory is an error, never a report with parts missing. */
static void check(bool *bad, const void *added)
{
	if (!added)
		*bad = true;
}

static void add_str(bool *bad, cJSON *o, const char *k, const char *v)
{
	check(bad, v ? cJSON_AddStringToObject(o, k, v) : cJSON_AddNullToObject(o, k));
}

/* v is the caller's new string (NULL: out of memory), freed here */
static void add_owned(bool *bad, cJSON *o, const char *k, char *v)
{
	check(bad, v);
	add_str(bad, o, k, v);
	free(v);
}

static void add_num(bool *bad, cJSON *o, const char *k, double v)
{
	check(bad, cJSON_AddNumberToObject(o, k, v));
}

static void add_bool(bool *bad, cJSON *o, const char *k, bool v)
{
	check(bad, cJSON_AddBoolToObject(o, k, v));
}

static cJSON *add_obj(bool *bad, cJSON *o, const char *k)
{
	cJSON *v = cJSON_AddObjectToObject(o, k);

	check(bad, v);
	return v;
}

static void add_item(bool *bad, cJSON *arr, cJSON *item)
{
	if (!item || !cJSON_AddItemToArray(arr, item)) {
		cJSON_Delete(item);
		*bad = true;
	}
}

static void add_count(bool *bad, cJSON *o, const char *k, long v)
{
	if (v >= 0)
		add_num(bad, o, k, (double)v);
	else
		check(bad, cJSON_AddNullToObject(o, k));
}

static void add_seconds(bool *bad, cJSON *o, const char *k, double s)
{
	add_num(bad, o, k, round(s * 1000.0) / 1000.0);
}

/* seconds and rates, rounded; null when unknown */
static void add_metric(bool *bad, cJSON *o, const char *k, double v, double scale)
{
	if (v >= 0)
		add_num(bad, o, k, round(v * scale) / scale);
	else
		check(bad, cJSON_AddNullToObject(o, k));
}

static void add_metrics(bool *bad, cJSON *o, const struct speed *s)
{
	add_metric(bad, o, "ttft_seconds", s->ttft, 1e4);
	add_metric(bad, o, "ttfc_seconds", s->ttfc, 1e4);
	add_metric(bad, o, "decode_tokens_per_second", s->decode_tps, 10);
	add_str(bad, o, "decode_note", speed_missing_reason(s));
	add_metric(bad, o, "itl_p50_seconds", s->itl_p50, 1e5);
	add_metric(bad, o, "itl_p95_seconds", s->itl_p95, 1e5);
	add_metric(bad, o, "prefill_tokens_per_second", s->prefill_tps, 10);
	add_metric(bad, o, "engine_decode_tokens_per_second", s->engine_decode_tps, 10);
	add_metric(bad, o, "engine_prefill_tokens_per_second", s->engine_prefill_tps, 10);
	add_count(bad, o, "decode_window_tokens", s->window_tokens);
	add_count(bad, o, "held_back_tokens", s->held_back);
	add_count(bad, o, "cached_tokens", s->cached_tokens);
	add_num(bad, o, "arrivals", (double)s->arrivals);
	add_bool(bad, o, "burst", s->burst);
}

/* the gaps an answer's ITL is taken of, by size: bins ending at 0.25 ms x
 * 2^b, the last one open (null) */
static void add_itl_histogram(bool *bad, cJSON *o, const struct speed *s)
{
	cJSON *h, *upper, *counts;
	unsigned total = 0;
	int b;

	for (b = 0; b < SPEED_ITL_BINS; b++)
		total += s->itl_hist[b];
	if (!total)
		return;
	h = add_obj(bad, o, "itl_histogram");
	check(bad, upper = h ? cJSON_AddArrayToObject(h, "upper_ms") : NULL);
	check(bad, counts = h ? cJSON_AddArrayToObject(h, "counts") : NULL);
	for (b = 0; upper && counts && b < SPEED_ITL_BINS; b++) {
		double u = speed_itl_bin_upper(b);

		add_item(bad, upper, u < 0 ? cJSON_CreateNull() : cJSON_CreateNumber(u * 1e3));
		add_item(bad, counts, cJSON_CreateNumber(s->itl_hist[b]));
	}
}

static cJSON *observation(bool *bad, const struct observation *ob)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	add_str(bad, o, "label", ob->label);
	add_str(bad, o, "outcome", http_outcome_name(ob->outcome));
	add_count(bad, o, "status", ob->status ? ob->status : -1);
	add_seconds(bad, o, "seconds", ob->seconds);
	add_bool(bad, o, "graded", ob->graded);
	add_bool(bad, o, "passed", ob->pass);
	add_str(bad, o, "cause", ob->cause ? cause_code(ob->cause) : NULL);
	add_str(bad, o, "detail", ob->detail);
	add_str(bad, o, "error", ob->error);
	add_str(bad, o, "finish_reason", ob->finish_reason);
	add_str(bad, o, "content_excerpt", ob->content_excerpt);
	add_count(bad, o, "content_chars", ob->graded ? (long)ob->content_chars : -1);
	add_str(bad, o, "reasoning_field", ob->reasoning_field);
	add_str(bad, o, "reasoning_excerpt", ob->reasoning_excerpt);
	add_count(bad, o, "reasoning_chars", ob->graded ? (long)ob->reasoning_chars : -1);
	add_count(bad, o, "prompt_tokens", ob->prompt_tokens);
	add_count(bad, o, "completion_tokens", ob->completion_tokens);
	add_count(bad, o, "reasoning_tokens", ob->reasoning_tokens);
	add_str(bad, o, "tool_call", ob->tool);
	add_count(bad, o, "tool_calls", ob->graded ? (long)ob->n_tool_calls : -1);
	add_num(bad, o, "retries", ob->retries);
	if (ob->streamed) {
		cJSON *st = add_obj(bad, o, "stream");

		add_num(bad, st, "events", (double)ob->stream.events);
		add_bool(bad, st, "done", ob->stream.done);
		add_metrics(bad, st, &ob->stream.speed);
		add_itl_histogram(bad, st, &ob->stream.speed);
	}
	return o;
}

/* a needle's haystack, and what its answers recalled (a fraction for the
 * map) */
static void add_needle(bool *bad, cJSON *n, const struct probe_result *p)
{
	const struct needle_spec *s = p->probe->needle;

	add_count(bad, n, "requested_tokens", p->needle_target);
	add_count(bad, n, "measured_prompt_tokens", p->needle_measured);
	add_str(bad, n, "unverified", p->needle_unverified);
	add_count(bad, n, "filler_sentences", p->needle_fillers);
	add_num(bad, n, "depth", p->depth);
	add_str(bad, n, "secret", p->secret);
	if (p->asked) {
		add_num(bad, n, "recalled", p->recalled);
		add_num(bad, n, "asked", p->asked);
	}
	if (s->keys > 1 || s->values > 1) {
		add_num(bad, n, "keys", s->keys);
		add_num(bad, n, "values", s->values);
		add_num(bad, n, "queries", s->queries);
	}
}

static cJSON *probe(bool *bad, const struct probe_result *p)
{
	cJSON *o = cJSON_CreateObject(), *obs;
	size_t i;

	if (!o)
		return NULL;
	add_str(bad, o, "id", p->probe->id);
	if (p->variant[0])
		add_str(bad, o, "variant", p->variant);
	add_str(bad, o, "title", p->probe->title);
	add_str(bad, o, "verdict", verdict_name(p->verdict));
	add_str(bad, o, "cause", p->cause ? cause_code(p->cause) : NULL);
	add_str(bad, o, "remedy", p->cause && *probe_remedy(p) ? probe_remedy(p) : NULL);
	add_str(bad, o, "message", p->message);
	add_owned(bad, o, "summary", summary_label(p));
	if (p->probe->note)
		add_owned(bad, o, "note", summary_note(p));
	else
		add_str(bad, o, "note", NULL);
	add_owned(bad, o, "evidence", summary_evidence(p));
	add_seconds(bad, o, "seconds", p->seconds);
	add_num(bad, o, "passed", p->passed);
	add_num(bad, o, "total", p->total);
	add_num(bad, o, "retried", p->retried);
	if (p->needle_target > 0)
		add_needle(bad, add_obj(bad, o, "needle"), p);
	add_str(bad, o, "json_keys", p->json_keys);
	if (p->swept) {
		add_bool(bad, o, "swept", true);
		add_bool(bad, o, "beyond_window", p->beyond_window);
	}
	if (p->reps > 1) {
		cJSON *rp = add_obj(bad, o, "repeats");

		add_num(bad, rp, "k", p->reps);
		add_num(bad, rp, "passed", p->reps_passed);
		add_bool(bad, rp, "pass_at_k", p->reps_passed > 0);
		add_bool(bad, rp, "pass_pow_k", p->reps_passed == p->reps);
	}
	if (p->solo_total) {
		cJSON *cd = add_obj(bad, o, "concurrency");

		add_num(bad, cd, "batch", p->solo_total);
		add_num(bad, cd, "clean_one_at_a_time", p->solo_passed);
		add_num(bad, cd, "clean_all_at_once", p->passed - p->solo_passed);
	}
	if (p->streamed)
		add_metrics(bad, add_obj(bad, o, "metrics"), &p->speed);
	check(bad, obs = cJSON_AddArrayToObject(o, "observations"));
	for (i = 0; i < p->n_obs; i++)
		add_item(bad, obs, observation(bad, &p->obs[i]));
	return o;
}

/* the run's decode speed: the figure the notebook uses and where it came from */
static void add_speed(bool *bad, cJSON *root, const struct speed *s)
{
	bool engine;
	double tps = speed_notebook(s, &engine);
	cJSON *o;

	if (tps < 0 && !s->burst && !s->too_short)
		return;
	o = add_obj(bad, root, "speed");
	add_metric(bad, o, "decode_tokens_per_second", tps, 10);
	add_str(bad, o, "source", tps < 0 ? NULL : engine ? "engine" : "preflight");
	add_metric(bad, o, "preflight_decode_tokens_per_second", s->decode_tps, 10);
	add_metric(bad, o, "engine_decode_tokens_per_second", s->engine_decode_tps, 10);
	add_str(bad, o, "note", speed_missing_reason(s));
}

static void add_recipe(bool *bad, cJSON *root, const struct recipe *rp)
{
	cJSON *o;

	if (!rp) {
		add_str(bad, root, "recipe", NULL);
		return;
	}
	o = add_obj(bad, root, "recipe");
	add_str(bad, o, "name", rp->name);
	add_str(bad, o, "path", rp->path);
	add_str(bad, o, "model", rp->model);
	add_str(bad, o, "quant", rp->quant);
	add_str(bad, o, "engine", rp->engine);
	add_str(bad, o, "gpu", rp->gpu);
	add_str(bad, o, "key_flags", rp->key_flags);
	add_str(bad, o, "serves_note", rp->serves_note);
	add_str(bad, o, "notes", rp->notes);
}

/* the image and video files sent, when there were any */
static void add_inputs(bool *bad, cJSON *root, const struct run_result *r)
{
	const struct media *m[2] = { r->image, r->video };
	cJSON *in;
	size_t k;

	if (!r->image && !r->video)
		return;
	check(bad, in = cJSON_AddArrayToObject(root, "inputs"));
	for (k = 0; k < 2; k++) {
		cJSON *o;

		if (!m[k])
			continue;
		o = cJSON_CreateObject();
		add_str(bad, o, "kind", m[k]->kind == MEDIA_IMAGE ? "image" : "video");
		add_str(bad, o, "path", m[k]->path);
		add_str(bad, o, "mime", m[k]->mime);
		add_num(bad, o, "bytes", (double)m[k]->bytes);
		add_str(bad, o, "sha256", m[k]->sha256);
		add_item(bad, in, o);
	}
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

/* --engine-log's signatures, the best first */
static void add_engine_log(bool *bad, cJSON *o, const struct run_result *r)
{
	cJSON *list;
	size_t i;

	add_str(bad, o, "path", r->engine_log);
	add_bool(bad, o, "engine_failed", r->unusable && r->unusable_cause == CAUSE_ENGINE_FAILED);
	check(bad, list = o ? cJSON_AddArrayToObject(o, "findings") : NULL);
	for (i = 0; list && i < r->n_findings; i++) {
		const struct engine_finding *f = &r->findings[i];
		cJSON *e = cJSON_CreateObject();

		add_item(bad, list, e);
		add_str(bad, e, "rule", f->rule);
		add_str(bad, e, "severity", f->fatal ? "fatal" : "warning");
		add_str(bad, e, "cause", f->cause);
		add_num(bad, e, "line", (double)f->line);
		add_str(bad, e, "quote", f->quote);
		add_str(bad, e, "explain", f->explain);
		add_str(bad, e, "remedy", f->remedy);
	}
}

static void add_endpoint(bool *bad, cJSON *root, const struct run_result *r)
{
	cJSON *ep = add_obj(bad, root, "endpoint");

	add_str(bad, ep, "base_url", r->endpoint);
	add_str(bad, ep, "model", r->model);
	add_count(bad, ep, "max_model_len", r->max_model_len);
	add_str(bad, ep, "server_version", r->server_version);
	add_str(bad, ep, "system_fingerprint", r->server);
	add_str(bad, ep, "engine", engine_name(r->engine));
	add_str(bad, ep, "engine_evidence", r->engine_evidence);
	add_bool(bad, ep, "usable", !r->unusable);
	/* the engine's own word for it, when its log named a fatal signature */
	add_str(bad, ep, "cause", endpoint_cause(r));
	add_str(bad, ep, "detail", r->unusable_detail);
	add_str(bad, ep, "note", r->endpoint_note);
	if (r->engine_log)
		add_engine_log(bad, add_obj(bad, ep, "engine_log"), r);
}

bool report_json_identity(cJSON *root, const struct run_result *r)
{
	bool bad = false;

	add_recipe(&bad, root, r->recipe);
	add_endpoint(&bad, root, r);
	return bad;
}

/* a needle sweep: its sizes, cells, effective context, first cell short */
static void add_sweep(bool *bad, cJSON *root, const struct run_result *r)
{
	struct sweep_summary s;
	cJSON *o, *sizes;
	char head[96], cell[160];
	size_t i;

	sweep_summarize(r, &s);
	if (!s.present)
		return;
	o = add_obj(bad, root, "sweep");
	check(bad, sizes = cJSON_AddArrayToObject(o, "sizes"));
	for (i = 0; sizes && i < s.n_sizes; i++)
		add_item(bad, sizes, cJSON_CreateNumber((double)s.sizes[i]));
	add_num(bad, o, "cells", s.cells);
	add_num(bad, o, "passed", s.passed);
	add_num(bad, o, "effective_context", (double)s.effective);
	add_num(bad, o, "swept_max", (double)s.swept_max);
	if (s.first_fail)
		snprintf(cell, sizeof(cell), "%s%s", s.first_fail->probe->id,
			 s.first_fail->variant);
	add_str(bad, o, "first_failing_cell", s.first_fail ? cell : NULL);
	add_bool(bad, o, "beyond_window", s.window_cut);
	sweep_headline(&s, head, sizeof(head));
	add_str(bad, o, "headline", head);
}

static void add_settings(bool *bad, cJSON *root, const struct run_result *r)
{
	cJSON *st = add_obj(bad, root, "settings");

	add_str(bad, st, "thinking", r->thinking);
	add_str(bad, st, "reasoning_effort", r->reasoning_effort);
	add_num(bad, st, "visible_answer_tokens", (double)r->visible_tokens);
	add_num(bad, st, "reasoning_headroom_tokens", (double)r->headroom_tokens);
	add_num(bad, st, "max_tokens", (double)r->max_tokens);
	add_num(bad, st, "needle_ctx", (double)r->needle_ctx);
	add_num(bad, st, "tool_batch", r->tool_batch);
	add_str(bad, st, "allowed_finish_reasons", r->allowed_finish);
	add_str(bad, st, "reasoning_evidence", r->reasoning_evidence);
	add_bool(bad, st, "stream", r->stream);
	add_bool(bad, st, "stream_parity", r->stream_parity);
	add_bool(bad, st, "parallel", r->parallel);
	add_speed(bad, root, &r->speed);
}

int report_json_render(const struct run_result *r, struct buf *out)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	struct buf line = BUF_INIT(0);
	bool failed = !root, *bad = &failed;
	int passed = 0, rc = -1;
	char *text;
	size_t i;

	if (r->conformance) {
		cJSON_Delete(root);
		return conformance_json_render(r, out);
	}
	add_str(bad, root, "schema", "preflight-report/v1");
	add_str(bad, root, "preflight_version", PREFLIGHT_VERSION);
	add_str(bad, root, "started", r->started);
	add_seconds(bad, root, "seconds", r->seconds);
	add_recipe(bad, root, r->recipe);
	add_inputs(bad, root, r);
	add_endpoint(bad, root, r);
	add_settings(bad, root, r);
	check(bad, arr = cJSON_AddArrayToObject(root, "probes"));
	for (i = 0; i < r->n_probes; i++) {
		/* a sweep's cell beyond the window was not sent: it fails nothing */
		passed += r->probes[i].verdict == VERDICT_PASS || r->probes[i].beyond_window;
		add_item(bad, arr, probe(bad, &r->probes[i]));
	}
	add_sweep(bad, root, r);
	add_bool(bad, root, "interrupted", r->interrupted);
	add_bool(bad, root, "passed", !r->unusable && passed == (int)r->n_probes);
	failed |= report_summary_line(r, &line) != 0;
	add_str(bad, root, "summary", buf_cstr(&line));
	buf_release(&line);
	text = failed ? NULL : cJSON_Print(root);
	if (text)
		rc = buf_puts(out, text) || buf_putc(out, '\n') ? -1 : 0;
	free(text);
	cJSON_Delete(root);
	return rc;
}
