/* recipe — the recipe file loader; see recipe.h and the README. */
#include "recipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "jsonfile.h"

int recipe_is_recipe(const cJSON *root)
{
	return cJSON_IsObject(root) && !cJSON_GetObjectItemCaseSensitive(root, "expect") &&
	       !cJSON_GetObjectItemCaseSensitive(root, "request");
}

static int load_checks(struct jsonfile *f, const cJSON *pf, struct recipe *r)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(pf, "checks"), *e;
	struct buf b = BUF_INIT(4096);

	if (!v)
		return 0;
	if (cJSON_IsString(v))
		return jsonfile_string(f, pf, "checks", false, &r->checks);
	if (!cJSON_IsArray(v) || !cJSON_GetArraySize(v))
		return jsonfile_error(f, "checks", "'checks' must be a list of probe ids");
	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e) || !*e->valuestring || strchr(e->valuestring, ',')) {
			buf_release(&b);
			return jsonfile_error(f, "checks", "'checks' must be a list of probe ids");
		}
		if (buf_printf(&b, "%s%s", b.len ? "," : "", e->valuestring)) {
			buf_release(&b);
			return jsonfile_error(f, "checks", "'checks' is too long");
		}
	}
	r->checks = buf_detach(&b);
	return 0;
}

static int load_object(struct jsonfile *f, const cJSON *pf, const char *key, cJSON **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(pf, key);

	if (!v)
		return 0;
	if (!cJSON_IsObject(v))
		return jsonfile_error(f, key, "'%s' must be an object", key);
	*out = cJSON_Duplicate(v, 1);
	return *out ? 0 : jsonfile_error(f, NULL, "out of memory");
}

static int load_preflight(struct jsonfile *f, const cJSON *root, struct recipe *r)
{
	static const char *const keys[] = { "endpoint",
					    "model",
					    "thinking",
					    "reasoning_effort",
					    "checks",
					    "needle_ctx",
					    "needle_depth",
					    "long_tool_ctx",
					    "tool_batch",
					    "visible_answer_tokens",
					    "reasoning_headroom_tokens",
					    "allowed_finish_reasons",
					    "reasoning_evidence",
					    "timeout",
					    "wait",
					    "chat_template_kwargs",
					    "extra_body",
					    NULL };
	const cJSON *pf = cJSON_GetObjectItemCaseSensitive(root, "preflight");

	if (!pf)
		return 0;
	if (!cJSON_IsObject(pf))
		return jsonfile_error(f, "preflight", "'preflight' must be an object");
	if (jsonfile_only_keys(f, pf, "'preflight'", keys) ||
	    jsonfile_string(f, pf, "endpoint", false, &r->endpoint) ||
	    jsonfile_string(f, pf, "model", false, &r->served_model) ||
	    jsonfile_string(f, pf, "thinking", false, &r->thinking) ||
	    jsonfile_string(f, pf, "reasoning_effort", false, &r->reasoning_effort) ||
	    jsonfile_string(f, pf, "needle_depth", false, &r->needle_depth) ||
	    jsonfile_string(f, pf, "allowed_finish_reasons", false, &r->allowed_finish_reasons) ||
	    jsonfile_string(f, pf, "reasoning_evidence", false, &r->reasoning_evidence) ||
	    load_checks(f, pf, r) ||
	    jsonfile_long(f, pf, "needle_ctx", 256, 10000000, &r->needle_ctx) ||
	    jsonfile_long(f, pf, "long_tool_ctx", 1000, 10000000, &r->long_tool_ctx) ||
	    jsonfile_long(f, pf, "tool_batch", 1, 128, &r->tool_batch) ||
	    jsonfile_long(f, pf, "visible_answer_tokens", 1, 1048576, &r->visible_answer_tokens) ||
	    jsonfile_long(f, pf, "reasoning_headroom_tokens", 0, 1048576,
			  &r->reasoning_headroom_tokens) ||
	    jsonfile_long(f, pf, "timeout", 1, 86400, &r->timeout) ||
	    jsonfile_long(f, pf, "wait", 0, 86400, &r->wait) ||
	    load_object(f, pf, "chat_template_kwargs", &r->chat_template_kwargs) ||
	    load_object(f, pf, "extra_body", &r->extra_body))
		return -1;
	return 0;
}

struct recipe *recipe_load_text(const char *path, const char *text, size_t len, char *err,
				size_t errlen)
{
	static const char *const keys[] = { "name", "description", "model", "quant",	 "engine",
					    "gpu",  "key_flags",   "notes", "preflight", NULL };
	struct jsonfile f = { path, text, len, err, errlen };
	struct recipe *r = NULL;
	cJSON *root = jsonfile_parse(&f);

	if (!root)
		return NULL;
	if (!recipe_is_recipe(root)) {
		jsonfile_error(&f, NULL,
			       "a recipe file must hold one JSON object (this looks like a probe)");
		goto fail;
	}
	r = xcalloc(1, sizeof(*r));
	if (!r || !(r->path = xstrdup(path)) || !(r->text = xstrndup(text, len))) {
		jsonfile_error(&f, NULL, "out of memory");
		goto fail;
	}
	r->needle_ctx = r->long_tool_ctx = r->tool_batch = r->visible_answer_tokens = -1;
	r->reasoning_headroom_tokens = r->timeout = r->wait = -1;
	if (jsonfile_only_keys(&f, root, "the recipe", keys) ||
	    jsonfile_string(&f, root, "model", true, &r->model) ||
	    jsonfile_string(&f, root, "quant", false, &r->quant) ||
	    jsonfile_string(&f, root, "engine", false, &r->engine) ||
	    jsonfile_string(&f, root, "gpu", false, &r->gpu) ||
	    jsonfile_string(&f, root, "key_flags", false, &r->key_flags) ||
	    jsonfile_string(&f, root, "notes", false, &r->notes) ||
	    jsonfile_string(&f, root, "name", false, &r->name) || load_preflight(&f, root, r))
		goto fail;
	if (!r->name) {
		struct buf b = BUF_INIT(0);

		buf_printf(&b, "%s · %s · %s · %s", r->model, r->quant ? r->quant : "—",
			   r->engine ? r->engine : "—", r->gpu ? r->gpu : "—");
		r->name = buf_detach(&b);
	}
	cJSON_Delete(root);
	return r;
fail:
	cJSON_Delete(root);
	recipe_free(r);
	return NULL;
}

struct recipe *recipe_load_file(const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	struct recipe *r = NULL;
	char why[300];

	if (file_read(path, RECIPE_FILE_MAX, &text, why, sizeof(why)))
		snprintf(err, errlen, "%s", why);
	else
		r = recipe_load_text(path, text.data, text.len, err, errlen);
	buf_release(&text);
	return r;
}

void recipe_free(struct recipe *r)
{
	if (!r)
		return;
	free(r->path);
	free(r->text);
	free(r->name);
	free(r->model);
	free(r->quant);
	free(r->engine);
	free(r->gpu);
	free(r->key_flags);
	free(r->notes);
	free(r->endpoint);
	free(r->served_model);
	free(r->thinking);
	free(r->reasoning_effort);
	free(r->checks);
	free(r->needle_depth);
	free(r->allowed_finish_reasons);
	free(r->reasoning_evidence);
	cJSON_Delete(r->chat_template_kwargs);
	cJSON_Delete(r->extra_body);
	free(r);
}
