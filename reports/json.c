/* json — the evidence report, schema "preflight-report/v1": endpoint
 * identity, settings, per-probe verdict and cause, per-request
 * observations. Never holds the API key. */
#include <math.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "report.h"
#include "version.h"

static void add_str(cJSON *o, const char *k, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, k, v);
	else
		cJSON_AddNullToObject(o, k);
}

static void add_count(cJSON *o, const char *k, long v)
{
	if (v >= 0)
		cJSON_AddNumberToObject(o, k, (double)v);
	else
		cJSON_AddNullToObject(o, k);
}

static void add_seconds(cJSON *o, const char *k, double s)
{
	cJSON_AddNumberToObject(o, k, round(s * 1000.0) / 1000.0);
}

/* seconds and rates, rounded; null when unknown */
static void add_metric(cJSON *o, const char *k, double v, double scale)
{
	if (v >= 0)
		cJSON_AddNumberToObject(o, k, round(v * scale) / scale);
	else
		cJSON_AddNullToObject(o, k);
}

static void add_metrics(cJSON *o, double ttft, double ttfc, double tps, double p50, double p95,
			double prefill)
{
	add_metric(o, "ttft_seconds", ttft, 1e4);
	add_metric(o, "ttfc_seconds", ttfc, 1e4);
	add_metric(o, "decode_tokens_per_second", tps, 10);
	add_metric(o, "itl_p50_seconds", p50, 1e5);
	add_metric(o, "itl_p95_seconds", p95, 1e5);
	add_metric(o, "prefill_tokens_per_second", prefill, 10);
}

static cJSON *observation(const struct observation *ob)
{
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	add_str(o, "label", ob->label);
	add_str(o, "outcome", http_outcome_name(ob->outcome));
	add_count(o, "status", ob->status ? ob->status : -1);
	add_seconds(o, "seconds", ob->seconds);
	cJSON_AddBoolToObject(o, "graded", ob->graded);
	cJSON_AddBoolToObject(o, "passed", ob->pass);
	add_str(o, "cause", ob->cause ? cause_code(ob->cause) : NULL);
	add_str(o, "detail", ob->detail);
	add_str(o, "error", ob->error);
	add_str(o, "finish_reason", ob->finish_reason);
	add_str(o, "content_excerpt", ob->content_excerpt);
	add_count(o, "content_chars", ob->graded ? (long)ob->content_chars : -1);
	add_str(o, "reasoning_field", ob->reasoning_field);
	add_str(o, "reasoning_excerpt", ob->reasoning_excerpt);
	add_count(o, "reasoning_chars", ob->graded ? (long)ob->reasoning_chars : -1);
	add_count(o, "prompt_tokens", ob->prompt_tokens);
	add_count(o, "completion_tokens", ob->completion_tokens);
	add_count(o, "reasoning_tokens", ob->reasoning_tokens);
	add_str(o, "tool_call", ob->tool);
	add_count(o, "tool_calls", ob->graded ? (long)ob->n_tool_calls : -1);
	if (ob->streamed) {
		cJSON *st = cJSON_AddObjectToObject(o, "stream");

		cJSON_AddNumberToObject(st, "events", (double)ob->stream.events);
		cJSON_AddBoolToObject(st, "done", ob->stream.done);
		add_metrics(st, ob->stream.ttft, ob->stream.ttfc, ob->stream.decode_tps,
			    ob->stream.itl_p50, ob->stream.itl_p95, ob->stream.prefill_tps);
	}
	return o;
}

static cJSON *probe(const struct probe_result *p)
{
	cJSON *o = cJSON_CreateObject(), *obs;
	size_t i;

	if (!o)
		return NULL;
	add_str(o, "id", p->probe->id);
	if (p->variant[0])
		add_str(o, "variant", p->variant);
	add_str(o, "title", p->probe->title);
	add_str(o, "verdict", verdict_name(p->verdict));
	add_str(o, "cause", p->cause ? cause_code(p->cause) : NULL);
	add_str(o, "remedy", p->cause && *probe_remedy(p) ? probe_remedy(p) : NULL);
	add_str(o, "message", p->message);
	add_str(o, "summary", p->summary);
	add_str(o, "note", p->note);
	add_str(o, "evidence", p->evidence);
	add_seconds(o, "seconds", p->seconds);
	cJSON_AddNumberToObject(o, "passed", p->passed);
	cJSON_AddNumberToObject(o, "total", p->total);
	if (p->needle_target > 0) {
		cJSON *n = cJSON_AddObjectToObject(o, "needle");

		add_count(n, "requested_tokens", p->needle_target);
		add_count(n, "measured_prompt_tokens", p->needle_measured);
		add_count(n, "filler_sentences", p->needle_fillers);
		cJSON_AddNumberToObject(n, "depth", p->depth);
		add_str(n, "secret", p->secret);
	}
	add_str(o, "json_keys", p->json_keys);
	if (p->reps > 1) {
		cJSON *rp = cJSON_AddObjectToObject(o, "repeats");

		cJSON_AddNumberToObject(rp, "k", p->reps);
		cJSON_AddNumberToObject(rp, "passed", p->reps_passed);
		cJSON_AddBoolToObject(rp, "pass_at_k", p->reps_passed > 0);
		cJSON_AddBoolToObject(rp, "pass_pow_k", p->reps_passed == p->reps);
	}
	if (p->solo_total) {
		cJSON *cd = cJSON_AddObjectToObject(o, "concurrency");

		cJSON_AddNumberToObject(cd, "batch", p->solo_total);
		cJSON_AddNumberToObject(cd, "clean_one_at_a_time", p->solo_passed);
		cJSON_AddNumberToObject(cd, "clean_all_at_once", p->passed - p->solo_passed);
	}
	if (p->streamed)
		add_metrics(cJSON_AddObjectToObject(o, "metrics"), p->ttft, p->ttfc, p->decode_tps,
			    p->itl_p50, p->itl_p95, p->prefill_tps);
	obs = cJSON_AddArrayToObject(o, "observations");
	for (i = 0; i < p->n_obs; i++)
		cJSON_AddItemToArray(obs, observation(&p->obs[i]));
	return o;
}

int report_json_render(const struct run_result *r, struct buf *out)
{
	cJSON *root = cJSON_CreateObject(), *ep, *st, *arr;
	int passed = 0, rc = -1;
	char *text;
	size_t i;

	if (!root)
		return -1;
	cJSON_AddStringToObject(root, "schema", "preflight-report/v1");
	cJSON_AddStringToObject(root, "preflight_version", PREFLIGHT_VERSION);
	cJSON_AddStringToObject(root, "started", r->started);
	add_seconds(root, "seconds", r->seconds);
	if (r->recipe) {
		cJSON *rc_ = cJSON_AddObjectToObject(root, "recipe");

		add_str(rc_, "name", r->recipe->name);
		add_str(rc_, "path", r->recipe->path);
		add_str(rc_, "model", r->recipe->model);
		add_str(rc_, "quant", r->recipe->quant);
		add_str(rc_, "engine", r->recipe->engine);
		add_str(rc_, "gpu", r->recipe->gpu);
		add_str(rc_, "key_flags", r->recipe->key_flags);
		add_str(rc_, "notes", r->recipe->notes);
	} else {
		cJSON_AddNullToObject(root, "recipe");
	}
	if (r->image || r->video) {
		cJSON *in = cJSON_AddArrayToObject(root, "inputs");
		const struct media *m[2] = { r->image, r->video };
		size_t k;

		for (k = 0; k < 2; k++) {
			cJSON *o;

			if (!m[k] || !(o = cJSON_CreateObject()))
				continue;
			cJSON_AddStringToObject(o, "kind",
						m[k]->kind == MEDIA_IMAGE ? "image" : "video");
			add_str(o, "path", m[k]->path);
			add_str(o, "mime", m[k]->mime);
			cJSON_AddNumberToObject(o, "bytes", (double)m[k]->bytes);
			add_str(o, "sha256", m[k]->sha256);
			cJSON_AddItemToArray(in, o);
		}
	}
	ep = cJSON_AddObjectToObject(root, "endpoint");
	add_str(ep, "base_url", r->endpoint);
	add_str(ep, "model", r->model);
	add_count(ep, "max_model_len", r->max_model_len);
	add_str(ep, "server_version", r->server_version);
	add_str(ep, "system_fingerprint", r->server);
	cJSON_AddBoolToObject(ep, "usable", !r->unusable);
	add_str(ep, "cause", r->unusable ? cause_code(r->unusable_cause) : NULL);
	add_str(ep, "detail", r->unusable_detail);
	st = cJSON_AddObjectToObject(root, "settings");
	add_str(st, "thinking", r->thinking);
	add_str(st, "reasoning_effort", r->reasoning_effort);
	cJSON_AddNumberToObject(st, "visible_answer_tokens", (double)r->visible_tokens);
	cJSON_AddNumberToObject(st, "reasoning_headroom_tokens", (double)r->headroom_tokens);
	cJSON_AddNumberToObject(st, "max_tokens", (double)r->max_tokens);
	cJSON_AddNumberToObject(st, "needle_ctx", (double)r->needle_ctx);
	cJSON_AddNumberToObject(st, "tool_batch", r->tool_batch);
	add_str(st, "allowed_finish_reasons", r->allowed_finish);
	add_str(st, "reasoning_evidence", r->reasoning_evidence);
	cJSON_AddBoolToObject(st, "stream", r->stream);
	cJSON_AddBoolToObject(st, "stream_parity", r->stream_parity);
	cJSON_AddBoolToObject(st, "parallel", r->parallel);
	if (r->decode_tps > 0)
		add_metric(cJSON_AddObjectToObject(root, "speed"), "decode_tokens_per_second",
			   r->decode_tps, 10);
	arr = cJSON_AddArrayToObject(root, "probes");
	for (i = 0; i < r->n_probes; i++) {
		passed += r->probes[i].verdict == VERDICT_PASS;
		cJSON_AddItemToArray(arr, probe(&r->probes[i]));
	}
	cJSON_AddBoolToObject(root, "interrupted", r->interrupted);
	cJSON_AddBoolToObject(root, "passed", !r->unusable && passed == (int)r->n_probes);
	{
		struct buf line = BUF_INIT(0);

		report_summary_line(r, &line);
		cJSON_AddStringToObject(root, "summary", buf_cstr(&line));
		buf_release(&line);
	}
	text = cJSON_Print(root);
	if (text) {
		rc = buf_puts(out, text) || buf_putc(out, '\n') ? -1 : 0;
		free(text);
	}
	cJSON_Delete(root);
	return rc;
}
