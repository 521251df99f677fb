/* recipe — one serving recipe: what the notebook row says about it (model,
 * quant, engine, GPU, key flags, notes) and how to reach and probe it
 * (endpoint, served model, thinking mode, needle size, checks...).
 *
 * `preflight run --recipe FILE` takes its settings from the "preflight"
 * section (flags override) and copies the metadata into the JSON report,
 * so `preflight table` can fill the notebook's columns. Never prints. */
#ifndef PREFLIGHT_RECIPE_H
#define PREFLIGHT_RECIPE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define RECIPE_FILE_MAX (1u << 20)

struct recipe {
	char *path;
	char *text; /* the file as read, kept so a recording can carry it */
	/* the notebook row */
	char *name; /* identity across reports; default "model · quant · engine · gpu" */
	char *model, *quant, *engine, *gpu, *key_flags, *notes;
	/* the "preflight" section, NULL/-1 where not set */
	char *endpoint, *served_model, *thinking, *reasoning_effort, *checks;
	char *needle_depth, *allowed_finish_reasons, *reasoning_evidence;
	long needle_ctx, long_tool_ctx, tool_batch, visible_answer_tokens,
		reasoning_headroom_tokens, timeout, wait;
	cJSON *chat_template_kwargs, *extra_body; /* owned */
};

/* Loads a recipe. Returns it, or NULL with "FILE:LINE:COL: reason". */
struct recipe *recipe_load_file(const char *path, char *err, size_t errlen);
struct recipe *recipe_load_text(const char *path, const char *text, size_t len, char *err,
				size_t errlen);
void recipe_free(struct recipe *r);

/* True when the JSON object looks like a recipe rather than a probe. */
int recipe_is_recipe(const cJSON *root);

#endif
