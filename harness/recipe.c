/* SPDX-License-Identifier: Apache-2.0 */
/* recipe — the recipe file loader; see recipe.h and the README. */
#include "recipe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "engine.h"
#include "buf.h"
#include "file.h"
#include "jsonfile.h"

bool recipe_is_recipe(const cJSON *root)
{
	return cJSON_IsObject(root) && !cJSON_GetObjectItemCaseSensitive(root, "expect") &&
	       !cJSON_GetObjectItemCaseSensitive(root, "request");
}

bool recipe_text_is_recipe(const char *text, size_t len)
{
	cJSON *root = cJSON_ParseWithLength(text, len);
	bool is = recipe_is_recipe(root);

	cJSON_Delete(root);
	return is;
}

/* a list of names ("checks": ["smoke", "json"]) as "smoke,json" */
static char *join_names(struct jsonfile *f, const char *key, const cJSON *v)
{
	struct buf b = BUF_INIT(4096);
	const cJSON *e;

	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e) || !*e->valuestring || strchr(e->valuestring, ',') ||
		    buf_printf(&b, "%s%s", b.len ? "," : "", e->valuestring)) {
			buf_release(&b);
			jsonfile_error(f, key, "'%s' must be a list of names (probe ids)", key);
			return NULL;
		}
	}
	if (!b.len) {
		jsonfile_error(f, key, "'%s' must be a list of names (probe ids)", key);
		return NULL;
	}
	return buf_detach(&b);
}

/* one setting's value as option text, or NULL with the reason */
static char *setting_text(struct jsonfile *f, const cJSON *v)
{
	char num[64], *text;

	if (cJSON_IsString(v) && *v->valuestring)
		text = xstrdup(v->valuestring);
	else if (cJSON_IsNumber(v) && snprintf(num, sizeof(num), "%.17g", v->valuedouble) > 0)
		text = xstrdup(num);
	else if (cJSON_IsObject(v))
		text = cJSON_PrintUnformatted(v);
	else if (cJSON_IsArray(v))
		return join_names(f, v->string, v);
	else {
		jsonfile_error(f, v->string,
			       "'%s' must be a non-empty string, a number, an object or a list",
			       v->string);
		return NULL;
	}
	if (!text)
		jsonfile_error(f, NULL, "out of memory");
	return text;
}

static int load_preflight(struct jsonfile *f, const cJSON *root, struct recipe *r)
{
	const cJSON *pf = cJSON_GetObjectItemCaseSensitive(root, "preflight"), *e;

	if (!pf)
		return 0;
	if (!cJSON_IsObject(pf))
		return jsonfile_error(f, "preflight", "'preflight' must be an object");
	r->settings = xcalloc((size_t)cJSON_GetArraySize(pf) + 1, sizeof(*r->settings));
	if (!r->settings)
		return jsonfile_error(f, NULL, "out of memory");
	cJSON_ArrayForEach(e, pf)
	{
		struct recipe_setting *st = &r->settings[r->n_settings];

		if (!(st->value = setting_text(f, e)))
			return -1;
		r->n_settings++;
		if (!(st->key = xstrdup(e->string)))
			return jsonfile_error(f, NULL, "out of memory");
		jsonfile_where(f, e->string, st->where, sizeof(st->where));
	}
	return 0;
}

const char *recipe_setting(const struct recipe *r, const char *key)
{
	size_t i;

	for (i = 0; r && i < r->n_settings; i++)
		if (!strcmp(r->settings[i].key, key))
			return r->settings[i].value;
	return NULL;
}

/* "engine_id": a name of the engine registry; the display "engine" text
 * selects nothing */
static int load_engine_id(struct jsonfile *f, const cJSON *root, struct recipe *r)
{
	char *id = NULL;

	if (jsonfile_string(f, root, "engine_id", false, &id))
		return -1;
	r->engine_id = id ? engine_named(id) : ENGINE_UNKNOWN;
	if (id && r->engine_id == ENGINE_UNKNOWN) {
		jsonfile_error(f, "engine_id", "'engine_id' is '%.40s', not an engine: %s", id,
			       engine_keys());
		free(id);
		return -1;
	}
	free(id);
	return 0;
}

struct recipe *recipe_load_text(const char *path, const char *text, size_t len, char *err,
				size_t errlen)
{
	static const char *const keys[] = { "name",	 "description", "model",       "quant",
					    "engine",	 "gpu",		"key_flags",   "notes",
					    "preflight", "$schema",	"serves_note", "engine_id",
					    NULL };
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
	if (jsonfile_only_keys(&f, root, "the recipe", keys) ||
	    jsonfile_string(&f, root, "model", true, &r->model) ||
	    jsonfile_string(&f, root, "quant", false, &r->quant) ||
	    jsonfile_string(&f, root, "engine", false, &r->engine) ||
	    jsonfile_string(&f, root, "gpu", false, &r->gpu) ||
	    jsonfile_string(&f, root, "key_flags", false, &r->key_flags) ||
	    jsonfile_string(&f, root, "serves_note", false, &r->serves_note) ||
	    jsonfile_string(&f, root, "notes", false, &r->notes) ||
	    jsonfile_string(&f, root, "name", false, &r->name) || load_engine_id(&f, root, r) ||
	    load_preflight(&f, root, r))
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
	size_t i;

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
	free(r->serves_note);
	free(r->notes);
	for (i = 0; i < r->n_settings; i++) {
		free(r->settings[i].key);
		free(r->settings[i].value);
	}
	free(r->settings);
	free(r);
}
