/* config — option table and checks; see config.h. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "file.h"
#include "text.h"

enum opt_kind { OPT_STR, OPT_DOUBLE, OPT_LONG, OPT_INT, OPT_FLAG, OPT_SPECIAL };

/* where an option may come from besides a run's command line */
enum opt_where {
	OPT_RECORDED = 1, /* kept in a recording, and taken from one by replay */
	OPT_REPLAY = 2,	  /* on replay's own command line */
	OPT_MANY = 4,	  /* repeatable: values add up, never contradict */
};

struct option {
	const char *name;
	const char *arg; /* what the value is, for the help; NULL for a flag */
	enum opt_kind kind;
	size_t offset; /* into struct config; options sharing one contradict */
	double lo, hi; /* bounds for numbers */
	const char *help;
	unsigned where; /* enum opt_where bits */
};

#define REC OPT_RECORDED

#define OFF(f) offsetof(struct config, f)

/* every run option, in the order the help lists them */
static const struct option options[] = {
	{ "--endpoint", "URL", OPT_STR, OFF(endpoint), 0, 0,
	  "base URL with /v1 (or OPENAI_BASE_URL)", REC },
	{ "--base-url", "URL", OPT_STR, OFF(endpoint), 0, 0, "same as --endpoint", REC },
	{ "--model", "ID", OPT_STR, OFF(model), 0, 0, "model (default: the only one in /v1/models)",
	  REC },
	{ "--api-key-env", "NAME", OPT_STR, OFF(api_key_env), 0, 0,
	  "variable holding the key (default OPENAI_API_KEY)", 0 },
	{ "--recipe", "FILE", OPT_SPECIAL, OFF(recipe), 0, 0,
	  "settings and notebook metadata from a recipe", REC },
	{ "--probes", "DIR", OPT_STR, OFF(probes_dir), 0, 0,
	  "probe folder (default: the bundled probes)", 0 },
	{ "--checks", "ID,ID", OPT_STR, OFF(checks), 0, 0,
	  "probes to run (default: smoke,json,needle,tools)", REC },
	{ "--needle-ctx", "N", OPT_LONG, OFF(needle_ctx), 256, 10000000,
	  "needle prompt size in tokens (14000)", REC },
	{ "--needle-depth", "D,D,...", OPT_SPECIAL, OFF(needle_depths), 0, 0,
	  "one needle per depth, 0..1 (0.58)", REC },
	{ "--long-tool-ctx", "N", OPT_LONG, OFF(long_tool_ctx), 1000, 10000000,
	  "long-tools prompt size in tokens (110000)", REC },
	{ "--tool-batch", "N", OPT_INT, OFF(tool_batch), 1, PROBE_BATCH_MAX,
	  "tool requests sent at once (20, at most 128)", REC },
	{ "--no-thinking", NULL, OPT_SPECIAL, OFF(thinking), 0, 0,
	  "chat_template_kwargs.enable_thinking=false", REC },
	{ "--thinking-mode", "MODE", OPT_SPECIAL, OFF(thinking), 0, 0,
	  "default|enabled|disabled|unsupported", REC },
	{ "--reasoning-effort", "LEVEL", OPT_STR, OFF(reasoning_effort), 0, 0,
	  "send reasoning_effort", REC },
	{ "--chat-template-kwargs", "JSON", OPT_SPECIAL, OFF(chat_template_kwargs), 0, 0,
	  "merged into chat_template_kwargs", REC },
	{ "--extra-body", "JSON", OPT_SPECIAL, OFF(extra_body), 0, 0,
	  "merged into every request body", REC },
	{ "--visible-answer-tokens", "N", OPT_LONG, OFF(visible_tokens), 1, 1048576,
	  "answer budget (256)", REC },
	{ "--reasoning-headroom-tokens", "N", OPT_LONG, OFF(headroom_tokens), 0, 1048576,
	  "extra budget for thinking (0)", REC },
	{ "--allowed-finish-reasons", "LIST", OPT_SPECIAL, OFF(allowed_finish), 0, 0,
	  "(stop,tool_calls)", REC },
	{ "--reasoning-evidence", "POLICY", OPT_SPECIAL, OFF(reasoning_evidence), 0, 0,
	  "any|required|forbidden (any)", REC },
	{ "--stream", NULL, OPT_FLAG, OFF(stream), 0, 0,
	  "stream every probe (SSE), with speed metrics", REC },
	{ "--stream-parity", NULL, OPT_FLAG, OFF(stream_parity), 0, 0,
	  "every probe streamed and not; verdicts must agree", REC },
	{ "--parallel", NULL, OPT_FLAG, OFF(parallel), 0, 0, "all selected probes at once", REC },
	{ "--repeat", "K", OPT_INT, OFF(repeat), 1, PROBE_REPEAT_MAX,
	  "each probe K times (pass@k and pass^k reported)", REC },
	{ "--concurrency-diff", NULL, OPT_FLAG, OFF(concurrency_diff), 0, 0,
	  "tool batches one at a time, then all at once", REC },
	{ "--image-path", "FILE", OPT_STR, OFF(image_path), 0, 0,
	  "PNG, JPEG or WebP for the image and ocr probes", OPT_REPLAY },
	{ "--image-expect", "TEXT", OPT_SPECIAL, 0, 0, 0,
	  "the image answer must hold it (repeatable)", REC | OPT_MANY },
	{ "--ocr-expect", "TEXT", OPT_SPECIAL, 0, 0, 0, "the OCR answer must hold it (repeatable)",
	  REC | OPT_MANY },
	{ "--video-path", "FILE", OPT_STR, OFF(video_path), 0, 0,
	  "MP4, WebM or QuickTime for the video probe", OPT_REPLAY },
	{ "--video-expect", "TEXT", OPT_SPECIAL, 0, 0, 0,
	  "the video answer must hold it (repeatable)", REC | OPT_MANY },
	{ "--timeout", "SECONDS", OPT_DOUBLE, OFF(timeout), 0.001, 86400, "per request (900)",
	  REC },
	{ "--wait", "SECONDS", OPT_DOUBLE, OFF(wait), 0, 86400, "wait for a server still loading",
	  REC },
	{ "--max-response-bytes", "N", OPT_LONG, OFF(max_body), 1024, 1L << 32,
	  "cap per response body (67108864)", REC },
	{ "--max-run-bytes", "N", OPT_LONG, OFF(max_run_bytes), 1024, 1L << 34,
	  "response bytes held at once in the run (134217728)", REC | OPT_REPLAY },
	{ "--cacert", "FILE", OPT_STR, OFF(cacert), 0, 0, "CA bundle for https endpoints", 0 },
	{ "--insecure", NULL, OPT_FLAG, OFF(insecure), 0, 0,
	  "do not verify TLS certificates (warns)", REC },
	{ "--junit", "FILE", OPT_STR, OFF(junit), 0, 0, "JUnit XML (written atomically)",
	  OPT_REPLAY },
	{ "--json", "FILE", OPT_STR, OFF(json), 0, 0, "the JSON report (written atomically)",
	  OPT_REPLAY },
	{ "--markdown", "FILE", OPT_STR, OFF(markdown), 0, 0,
	  "the notebook row (written atomically)", OPT_REPLAY },
	{ "--record", "FILE.jsonl.gz", OPT_STR, OFF(record), 0, 0,
	  "record every exchange (no Authorization)", 0 },
	{ "--dry-run", NULL, OPT_FLAG, OFF(dry_run), 0, 0,
	  "print the plan as JSON; send and write nothing", 0 },
};

const char *config_usage(void)
{
	static char text[8192];
	size_t i, used;

	if (text[0])
		return text;
	snprintf(text, sizeof(text), "%s",
		 "usage: preflight run      [--endpoint URL] [--model ID] [--recipe FILE] "
		 "[options]\n"
		 "       preflight list     [--probes DIR]\n"
		 "       preflight validate FILE...            check probe and recipe files\n"
		 "       preflight table    REPORT.json... [--notebook FILE.md [--check]]\n"
		 "       preflight replay   RECORDING [--junit F] [--json F] [--markdown F]\n"
		 "                          [--max-run-bytes N] [--image-path F] [--video-path F]\n"
		 "       preflight version\n\nrun options:\n");
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		char both[64];

		snprintf(both, sizeof(both), "%s%s%s", options[i].name, options[i].arg ? " " : "",
			 options[i].arg ? options[i].arg : "");
		used = strlen(text);
		snprintf(text + used, sizeof(text) - used, "  %-36s%s\n", both, options[i].help);
	}
	used = strlen(text);
	snprintf(text + used, sizeof(text) - used, "%s",
		 "\nexit codes: 0 all passed, 1 a probe failed, 2 usage or configuration error,\n"
		 "            3 the endpoint could not be used, 4 a report could not be written,\n"
		 "            130/143 interrupted\n");
	return text;
}

static int parse_files(struct config *c, int argc, char **argv, char *err, size_t errlen);

static int set_list(struct config *c, const char *text, char *err, size_t errlen)
{
	char *copy = xstrdup(text), *tok, *save = NULL;
	size_t i;

	for (i = 0; i < c->n_allowed_finish; i++)
		free(c->allowed_finish[i]);
	free(c->allowed_finish);
	free(c->allowed_finish_text);
	c->allowed_finish = NULL;
	c->n_allowed_finish = 0;
	c->allowed_finish_text = xstrdup(text);
	if (!copy || !c->allowed_finish_text)
		goto oom;
	c->allowed_finish = xcalloc(strlen(text) / 2 + 1, sizeof(char *));
	if (!c->allowed_finish)
		goto oom;
	for (tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
		if (!(c->allowed_finish[c->n_allowed_finish++] = xstrdup(tok)))
			goto oom;
	free(copy);
	if (!c->n_allowed_finish) {
		snprintf(err, errlen, "--allowed-finish-reasons needs at least one value");
		return -1;
	}
	return 0;
oom:
	free(copy);
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int add_expect(const char **list, size_t *n, const char *name, const char *val, char *err,
		      size_t errlen)
{
	if (!*val || *n == CONFIG_MAX_EXPECT) {
		snprintf(err, errlen, "%s takes a non-empty text, at most %d times", name,
			 CONFIG_MAX_EXPECT);
		return -1;
	}
	list[(*n)++] = val;
	return 0;
}

static int set_depths(struct config *c, const char *text, char *err, size_t errlen)
{
	const char *p = text;

	c->n_needle_depths = 0;
	while (*p) {
		char *end = NULL;
		double d = strtod(p, &end);

		/* "0.5," as much as ",0.5": every item a number */
		if (end == p || !isfinite(d) || d < 0 || d > 1 || (*end && *end != ',') ||
		    (*end == ',' && !end[1])) {
			snprintf(err, errlen,
				 "--needle-depth takes numbers from 0 to 1 separated by commas, "
				 "not '%s'",
				 text);
			return -1;
		}
		if (c->n_needle_depths == CONFIG_MAX_DEPTHS) {
			snprintf(err, errlen, "--needle-depth takes at most %d depths",
				 CONFIG_MAX_DEPTHS);
			return -1;
		}
		c->needle_depths[c->n_needle_depths++] = d;
		p = *end ? end + 1 : end;
	}
	if (!c->n_needle_depths) {
		snprintf(err, errlen, "--needle-depth needs at least one depth");
		return -1;
	}
	return 0;
}

static int set_json_object(cJSON **slot, const char *name, const char *text, char *err,
			   size_t errlen)
{
	cJSON *v = cJSON_Parse(text);

	if (!cJSON_IsObject(v)) {
		cJSON_Delete(v);
		snprintf(err, errlen, "%s must be a JSON object, got '%.60s'", name, text);
		return -1;
	}
	cJSON_Delete(*slot);
	*slot = v;
	return 0;
}

static int set_special(struct config *c, const char *name, const char *val, char *err,
		       size_t errlen)
{
	static const char *const modes[] = { "default", "enabled", "disabled", "unsupported" };
	size_t i;

	if (!strcmp(name, "--no-thinking")) {
		c->thinking = THINKING_DISABLED;
		return 0;
	}
	if (!strcmp(name, "--thinking-mode")) {
		for (i = 0; i < 4; i++)
			if (!strcmp(val, modes[i])) {
				c->thinking = (enum thinking_mode)i;
				return 0;
			}
		snprintf(err, errlen,
			 "--thinking-mode must be default, enabled, disabled or unsupported, not "
			 "'%s'",
			 val);
		return -1;
	}
	if (!strcmp(name, "--chat-template-kwargs"))
		return set_json_object(&c->chat_template_kwargs, name, val, err, errlen);
	if (!strcmp(name, "--extra-body"))
		return set_json_object(&c->extra_body, name, val, err, errlen);
	if (!strcmp(name, "--allowed-finish-reasons"))
		return set_list(c, val, err, errlen);
	if (!strcmp(name, "--recipe"))
		return 0; /* loaded before the other options */
	if (!strcmp(name, "--image-expect"))
		return add_expect(c->image_expect, &c->n_image_expect, name, val, err, errlen);
	if (!strcmp(name, "--ocr-expect"))
		return add_expect(c->ocr_expect, &c->n_ocr_expect, name, val, err, errlen);
	if (!strcmp(name, "--video-expect"))
		return add_expect(c->video_expect, &c->n_video_expect, name, val, err, errlen);
	if (!strcmp(name, "--needle-depth"))
		return set_depths(c, val, err, errlen);
	if (!strcmp(name, "--reasoning-evidence")) {
		if (reasoning_policy_parse(val, &c->reasoning_evidence) == 0)
			return 0;
		snprintf(err, errlen,
			 "--reasoning-evidence must be any, required or forbidden, not '%s'", val);
		return -1;
	}
	return -1;
}

static int set_number(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen)
{
	char *end = NULL;
	double d;

	errno = 0;
	d = strtod(val, &end);
	if (errno || end == val || *end || !isfinite(d) || d < o->lo || d > o->hi ||
	    (o->kind != OPT_DOUBLE && d != floor(d))) {
		snprintf(err, errlen, "%s must be %s from %g to %g, not '%s'", o->name,
			 o->kind == OPT_DOUBLE ? "a number" : "an integer", o->lo, o->hi, val);
		return -1;
	}
	if (o->kind == OPT_DOUBLE)
		*(double *)((char *)c + o->offset) = d;
	else if (o->kind == OPT_LONG)
		*(long *)((char *)c + o->offset) = (long)d;
	else
		*(int *)((char *)c + o->offset) = (int)d;
	return 0;
}

static const struct option *find_option(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		if (!strcmp(options[i].name, name))
			return &options[i];
	return NULL;
}

static int check_endpoint(const char *url, char *err, size_t errlen)
{
	const char *host;

	if (strncmp(url, "http://", 7) && strncmp(url, "https://", 8)) {
		snprintf(err, errlen, "endpoint '%s' must start with http:// or https://", url);
		return -1;
	}
	host = strstr(url, "://") + 3;
	if (!*host || *host == '/') {
		snprintf(err, errlen, "endpoint '%s' has no host", url);
		return -1;
	}
	if (strchr(host, '@') && (!strchr(host, '/') || strchr(host, '@') < strchr(host, '/'))) {
		snprintf(err, errlen, "the endpoint must not hold credentials; use --api-key-env");
		return -1;
	}
	if (!text_valid_utf8(url, strlen(url)) || strpbrk(url, "?# \t\r\n")) {
		snprintf(err, errlen,
			 "endpoint must be a plain base URL without query, fragment or spaces");
		return -1;
	}
	return 0;
}

/* What an option sets, in a form two settings can be compared in. */
static void canonical(const struct option *o, const char *val, char *out, size_t n)
{
	char *end = NULL;
	double d;

	if (o->kind == OPT_FLAG)
		snprintf(out, n, "on");
	else if (!strcmp(o->name, "--no-thinking"))
		snprintf(out, n, "disabled");
	else if (o->kind != OPT_STR && o->kind != OPT_SPECIAL &&
		 (d = strtod(val, &end), end != val))
		snprintf(out, n, "%.17g", d);
	else
		snprintf(out, n, "%s", val ? val : "");
}

struct given {
	const struct option *o;
	char value[256]; /* canonical, to compare */
	char shown[320]; /* as the user wrote it, for the message */
};

/* Settings that cannot both be meant, beyond two values of one field: a
 * field (by offset) with a value (NULL: any), and another. */
static const struct {
	size_t a;
	const char *a_value;
	size_t b;
	const char *b_value;
} exclusive[] = {
	{ OFF(stream), NULL, OFF(stream_parity), NULL },
	{ OFF(insecure), NULL, OFF(cacert), NULL },
	{ OFF(parallel), NULL, OFF(concurrency_diff), NULL }, /* "alone" would not be */
	{ OFF(thinking), "disabled", OFF(reasoning_evidence), "required" },
	{ OFF(thinking), "enabled", OFF(reasoning_evidence), "forbidden" },
};

static bool is(const struct given *g, size_t field, const char *value)
{
	return g->o->offset == field && (!value || !strcmp(g->value, value));
}

/* A command-line option that contradicts one given before it: the same
 * setting with another value (--no-thinking and --thinking-mode enabled),
 * or an exclusive pair. Only a recipe's value is overridden silently. */
static int contradicts(struct given *seen, int *n_seen, const struct option *o, const char *val,
		       char *err, size_t errlen)
{
	struct given g = { o, "", "" };
	size_t k;
	int i;

	if (o->where & OPT_MANY)
		return 0;
	canonical(o, val, g.value, sizeof(g.value));
	snprintf(g.shown, sizeof(g.shown), "%s%s%.256s", o->name, val ? " " : "", val ? val : "");
	for (i = 0; i < *n_seen; i++) {
		const struct option *p = seen[i].o;

		if ((p->offset ? p->offset == o->offset : p == o) &&
		    strcmp(seen[i].value, g.value)) {
			snprintf(err, errlen, "%s contradicts %s: give one", seen[i].shown,
				 g.shown);
			return -1;
		}
		for (k = 0; k < sizeof(exclusive) / sizeof(exclusive[0]); k++)
			if ((is(&seen[i], exclusive[k].a, exclusive[k].a_value) &&
			     is(&g, exclusive[k].b, exclusive[k].b_value)) ||
			    (is(&seen[i], exclusive[k].b, exclusive[k].b_value) &&
			     is(&g, exclusive[k].a, exclusive[k].a_value))) {
				snprintf(err, errlen, "%s and %s cannot be used together",
					 seen[i].shown, g.shown);
				return -1;
			}
	}
	if (*n_seen < (int)(sizeof(options) / sizeof(options[0])) * 2)
		seen[(*n_seen)++] = g;
	return 0;
}

/* Parses options args[0..n): the recipe's (source "recipe 'FILE'"), then
 * the command line's, so flags override the recipe. */
static int parse_options(struct config *c, char **args, int n, const char *source, char *err,
			 size_t errlen)
{
	struct given seen[sizeof(options) / sizeof(options[0]) * 2];
	int i, n_seen = 0;
	char why[512];

	for (i = 0; i < n; i++) {
		const char *arg = args[i], *val = NULL, *eq = strchr(arg, '=');
		char name[64];
		const struct option *o;

		if (eq && eq - arg < (long)sizeof(name)) {
			snprintf(name, sizeof(name), "%.*s", (int)(eq - arg), arg);
			val = eq + 1;
		} else {
			snprintf(name, sizeof(name), "%s", arg);
		}
		if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
			c->cmd = CMD_HELP;
			return 0;
		}
		o = find_option(name);
		if (!o) {
			snprintf(err, errlen, "unknown option '%s' (try 'preflight help')", arg);
			return -1;
		}
		if (c->cmd == CMD_LIST && strcmp(name, "--probes")) {
			snprintf(err, errlen, "list takes only --probes");
			return -1;
		}
		if (c->cmd == CMD_REPLAY && !(o->where & OPT_REPLAY)) {
			snprintf(err, errlen,
				 "replay takes only --junit, --json, --markdown, --max-run-bytes, "
				 "--image-path and --video-path");
			return -1;
		}
		if (o->kind == OPT_FLAG || !strcmp(name, "--no-thinking")) {
			if (val) {
				snprintf(err, errlen, "%s takes no value", name);
				return -1;
			}
			if (!source && contradicts(seen, &n_seen, o, NULL, err, errlen))
				return -1;
			if (o->kind == OPT_FLAG) {
				*(bool *)((char *)c + o->offset) = true;
				continue;
			}
		} else {
			if (!val && i + 1 >= n) {
				snprintf(err, errlen, "option '%s' needs a value", name);
				return -1;
			}
			if (!val)
				val = args[++i];
		}
		if (!source && val && contradicts(seen, &n_seen, o, val, err, errlen))
			return -1;
		if (o->kind == OPT_STR && !*val) {
			snprintf(why, sizeof(why), "option '%s' needs a non-empty value", name);
		} else if (o->kind == OPT_STR) {
			*(const char **)((char *)c + o->offset) = val;
			continue;
		} else if (o->kind == OPT_SPECIAL ? !set_special(c, name, val, why, sizeof(why))
						  : !set_number(c, o, val, why, sizeof(why))) {
			continue;
		}
		if (source)
			snprintf(err, errlen, "%s: %s", source, why);
		else
			snprintf(err, errlen, "%s", why);
		return -1;
	}
	return 0;
}

static int add_arg(struct config *c, const char *name, const char *value)
{
	char **grown = xrealloc(c->recipe_args, (size_t)(c->n_recipe_args + 2) * sizeof(char *));

	if (!grown)
		return -1;
	c->recipe_args = grown;
	if (!(grown[c->n_recipe_args] = xstrdup(name)))
		return -1;
	c->n_recipe_args++;
	if (!value)
		return 0;
	if (!(grown[c->n_recipe_args] = xstrdup(value)))
		return -1;
	c->n_recipe_args++;
	return 0;
}

static int add_long(struct config *c, const char *name, long v)
{
	char num[32];

	if (v < 0)
		return 0;
	snprintf(num, sizeof(num), "%ld", v);
	return add_arg(c, name, num);
}

static int add_json(struct config *c, const char *name, const cJSON *v)
{
	char *text;
	int rc;

	if (!v)
		return 0;
	if (!(text = cJSON_PrintUnformatted(v)))
		return -1;
	rc = add_arg(c, name, text);
	free(text);
	return rc;
}

/* The recipe's "preflight" section as options, checked like flags. */
static int recipe_options(struct config *c)
{
	const struct recipe *r = c->recipe;

	return (r->endpoint && add_arg(c, "--endpoint", r->endpoint)) ||
	       (r->served_model && add_arg(c, "--model", r->served_model)) ||
	       (r->thinking && add_arg(c, "--thinking-mode", r->thinking)) ||
	       (r->reasoning_effort && add_arg(c, "--reasoning-effort", r->reasoning_effort)) ||
	       (r->checks && add_arg(c, "--checks", r->checks)) ||
	       (r->needle_depth && add_arg(c, "--needle-depth", r->needle_depth)) ||
	       (r->allowed_finish_reasons &&
		add_arg(c, "--allowed-finish-reasons", r->allowed_finish_reasons)) ||
	       (r->reasoning_evidence &&
		add_arg(c, "--reasoning-evidence", r->reasoning_evidence)) ||
	       add_long(c, "--needle-ctx", r->needle_ctx) ||
	       add_long(c, "--long-tool-ctx", r->long_tool_ctx) ||
	       add_long(c, "--tool-batch", r->tool_batch) ||
	       add_long(c, "--visible-answer-tokens", r->visible_answer_tokens) ||
	       add_long(c, "--reasoning-headroom-tokens", r->reasoning_headroom_tokens) ||
	       add_long(c, "--timeout", r->timeout) || add_long(c, "--wait", r->wait) ||
	       add_json(c, "--chat-template-kwargs", r->chat_template_kwargs) ||
	       add_json(c, "--extra-body", r->extra_body);
}

/* --recipe FILE anywhere among args: load it first */
static int load_recipe(struct config *c, char **args, int n, const struct recipe_text *given,
		       char *err, size_t errlen)
{
	const char *path = NULL;
	char source[512];
	int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(args[i], "--recipe") && i + 1 < n)
			path = args[++i];
		else if (!strncmp(args[i], "--recipe=", 9))
			path = args[i] + 9;
	}
	if (!path)
		return 0;
	if (given && !given->text) {
		/* a replay never reads a file its recording names */
		snprintf(err, errlen, "the recording names recipe '%s' but does not carry it",
			 path);
		return -1;
	}
	c->recipe = given ? recipe_load_text(given->path ? given->path : path, given->text,
					     strlen(given->text), err, errlen)
			  : recipe_load_file(path, err, errlen);
	if (!c->recipe)
		return -1;
	if (recipe_options(c)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(source, sizeof(source), "recipe '%s'", path);
	return parse_options(c, c->recipe_args, c->n_recipe_args, source, err, errlen);
}

int config_parse(int argc, char **argv, struct config *c, char *err, size_t errlen)
{
	return config_parse_with(argc, argv, NULL, c, err, errlen);
}

int config_parse_with(int argc, char **argv, const struct recipe_text *recipe, struct config *c,
		      char *err, size_t errlen)
{
	const char *cmd = argc > 1 ? argv[1] : "help";
	const char *nc = getenv("NO_COLOR");
	int first = 2, i;

	memset(c, 0, sizeof(*c));
	c->timeout = 900;
	c->needle_ctx = 14000;
	c->long_tool_ctx = 110000;
	c->visible_tokens = 256;
	c->max_body = 64L << 20;
	c->max_run_bytes = 128L << 20;
	c->api_key_env = "OPENAI_API_KEY";
	c->color = !(nc && *nc);
	c->argv = argv;
	c->argc = argc;
	if (set_list(c, "stop,tool_calls", err, errlen))
		return -1;
	/* every report is valid UTF-8, so every argument must be */
	for (i = 1; i < argc; i++)
		if (!text_valid_utf8(argv[i], strlen(argv[i]))) {
			snprintf(err, errlen, "argument %d is not valid UTF-8", i);
			return -1;
		}
	if (!strcmp(cmd, "run"))
		c->cmd = CMD_RUN;
	else if (!strcmp(cmd, "list"))
		c->cmd = CMD_LIST;
	else if (!strcmp(cmd, "validate"))
		c->cmd = CMD_VALIDATE;
	else if (!strcmp(cmd, "table"))
		c->cmd = CMD_TABLE;
	else if (!strcmp(cmd, "replay"))
		c->cmd = CMD_REPLAY;
	else if (!strcmp(cmd, "version") || !strcmp(cmd, "--version"))
		c->cmd = CMD_VERSION;
	else if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
		c->cmd = CMD_HELP;
	else {
		snprintf(err, errlen, "unknown command '%s' (try 'preflight help')", cmd);
		return -1;
	}
	if (c->cmd == CMD_VALIDATE || c->cmd == CMD_TABLE)
		return parse_files(c, argc, argv, err, errlen);
	if (c->cmd == CMD_REPLAY) {
		if (argc < 3 || argv[2][0] == '-') {
			snprintf(err, errlen, "replay needs a RECORDING file");
			return -1;
		}
		c->recording = argv[2];
		c->max_run_bytes = 0; /* 0: the recording reader's own bound */
		first = 3;
	}
	if (c->cmd == CMD_RUN && load_recipe(c, argv + 2, argc - 2, recipe, err, errlen))
		return -1;
	if (parse_options(c, argv + first, argc - first, NULL, err, errlen))
		return -1;
	if (c->cmd != CMD_RUN)
		return 0;
	if (!c->endpoint)
		c->endpoint = getenv("OPENAI_BASE_URL");
	if (!c->endpoint || !*c->endpoint) {
		snprintf(err, errlen,
			 "no endpoint: pass --endpoint URL, set OPENAI_BASE_URL, or use a recipe "
			 "with one");
		return -1;
	}
	if (check_endpoint(c->endpoint, err, errlen))
		return -1;
	c->api_key = getenv(c->api_key_env);
	if (!c->api_key && strcmp(c->api_key_env, "OPENAI_API_KEY")) {
		snprintf(err, errlen, "environment variable %s is not set", c->api_key_env);
		return -1;
	}
	if (c->max_run_bytes < c->max_body)
		c->max_run_bytes = c->max_body;
	if (c->cacert) {
		char why[512];
		int fd = file_open_regular(c->cacert, why, sizeof(why));

		if (fd < 0) {
			snprintf(err, errlen, "--cacert: %s", why);
			return -1;
		}
		close(fd);
	}
	if (c->visible_tokens + c->headroom_tokens > 1048576) {
		snprintf(err, errlen,
			 "--visible-answer-tokens plus --reasoning-headroom-tokens must be at most "
			 "1048576");
		return -1;
	}
	return 0;
}

/* validate FILE... and table REPORT... [--notebook FILE] [--check] */
static int parse_files(struct config *c, int argc, char **argv, char *err, size_t errlen)
{
	int i;

	c->files = xcalloc((size_t)argc, sizeof(char *));
	if (!c->files) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 2; i < argc; i++) {
		if (c->cmd == CMD_TABLE && !strcmp(argv[i], "--notebook") && i + 1 < argc) {
			c->notebook = argv[++i];
		} else if (c->cmd == CMD_TABLE && !strncmp(argv[i], "--notebook=", 11)) {
			c->notebook = argv[i] + 11;
		} else if (c->cmd == CMD_TABLE && !strcmp(argv[i], "--check")) {
			c->check_only = true;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			snprintf(err, errlen, "unknown option '%s' for %s", argv[i], argv[1]);
			return -1;
		} else {
			c->files[c->n_files++] = argv[i];
		}
	}
	if (!c->n_files) {
		snprintf(err, errlen,
			 c->cmd == CMD_TABLE ? "table needs at least one REPORT.json"
					     : "validate needs at least one FILE");
		return -1;
	}
	if (c->check_only && !c->notebook) {
		snprintf(err, errlen, "--check needs --notebook FILE");
		return -1;
	}
	return 0;
}

/* the option an argument names (--name or --name=value), or NULL */
static const struct option *option_of(const char *arg, bool *inline_value)
{
	const char *eq = strchr(arg, '=');
	char name[64];

	*inline_value = eq != NULL;
	if (eq && eq - arg < (long)sizeof(name))
		snprintf(name, sizeof(name), "%.*s", (int)(eq - arg), arg);
	else
		snprintf(name, sizeof(name), "%s", arg);
	return find_option(name);
}

bool config_recorded(const char *arg, bool *takes_value)
{
	bool inline_value;
	const struct option *o = option_of(arg, &inline_value);

	*takes_value = o && !inline_value && o->arg;
	return o && (o->where & OPT_RECORDED);
}

int config_check_recorded(const char *const *args, int n, char *err, size_t errlen)
{
	int i;

	for (i = 0; i < n; i++) {
		bool value;

		if (!config_recorded(args[i], &value)) {
			snprintf(err, errlen,
				 "the recording holds '%.60s', which a recording never carries: "
				 "replay takes outputs and files from its own command line only",
				 args[i]);
			return -1;
		}
		i += value;
	}
	return 0;
}

void config_release(struct config *c)
{
	size_t i;

	cJSON_Delete(c->chat_template_kwargs);
	cJSON_Delete(c->extra_body);
	for (i = 0; i < c->n_allowed_finish; i++)
		free(c->allowed_finish[i]);
	free(c->allowed_finish);
	free(c->allowed_finish_text);
	for (i = 0; i < (size_t)c->n_recipe_args; i++)
		free(c->recipe_args[i]);
	free(c->recipe_args);
	free(c->files);
	recipe_free(c->recipe);
	memset(c, 0, sizeof(*c));
}
