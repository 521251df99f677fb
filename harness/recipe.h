/* SPDX-License-Identifier: Apache-2.0 */
/* recipe — one serving recipe: what the notebook row says about it (model,
 * quant, engine, GPU, key flags, notes) and how to reach and probe it
 * (endpoint, served model, thinking mode, needle size, checks...).
 *
 * `preflight run --recipe FILE` takes its settings from the "preflight"
 * section (flags override) and copies the metadata into the JSON report,
 * so `preflight table` can fill the notebook's columns. This module reads
 * the settings as text; which keys exist and what values they take is
 * the option table's (config.c). Never prints. */
#ifndef PREFLIGHT_RECIPE_H
#define PREFLIGHT_RECIPE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "engine.h"

#define RECIPE_FILE_MAX (1u << 20)

/* One key of the "preflight" section, as the text of the option it sets
 * (config maps keys to options through its option table, which checks
 * the values): a string as written, a number in decimal, an object as
 * JSON, a list of names joined by commas. */
struct recipe_setting {
	char *key;	 /* owned */
	char *value;	 /* owned */
	char where[300]; /* "FILE:LINE:COL" of the key, for messages */
};

struct recipe {
	char *path;
	char *text; /* the file as read, kept so a recording can carry it */
	/* the notebook row */
	char *name; /* identity across reports; default "model · quant · engine · gpu" */
	char *model, *quant, *engine, *gpu, *key_flags, *notes; /* engine: display text */
	enum engine engine_id; /* "engine_id": the registry's engine, or UNKNOWN */
	char *serves_note;     /* after the serves? mark: "✅ (T016)" */
	/* the "preflight" section, in file order */
	struct recipe_setting *settings;
	size_t n_settings;
};

/* Loads a recipe. Returns it, or NULL with "FILE:LINE:COL: reason". */
struct recipe *recipe_load_file(const char *path, char *err, size_t errlen);
struct recipe *recipe_load_text(const char *path, const char *text, size_t len, char *err,
				size_t errlen);
void recipe_free(struct recipe *r);

/* The value of setting key, or NULL when the recipe does not set it. */
const char *recipe_setting(const struct recipe *r, const char *key);

/* True when the JSON object looks like a recipe rather than a probe. */
bool recipe_is_recipe(const cJSON *root);
/* The same for a file's text (false when it is not JSON at all). */
bool recipe_text_is_recipe(const char *text, size_t len);

#endif
