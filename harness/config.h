/* config — the command line and the environment, checked into one struct.
 *
 * Options live in one table (name, argument, where it goes, bounds); every
 * value is checked here, so a usage error exits 2 before any request. The
 * API key is read from the environment and kept only in memory. Never
 * prints. */
#ifndef PREFLIGHT_CONFIG_H
#define PREFLIGHT_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "chat.h"
#include "probe.h"
#include "recipe.h"

#define CONFIG_MAX_DEPTHS 16
#define CONFIG_MAX_EXPECT 16

enum command { CMD_HELP = 0, CMD_RUN, CMD_LIST, CMD_VALIDATE, CMD_TABLE, CMD_REPLAY, CMD_VERSION };

/* A recipe given as text (a replay carries the recipe it was run with). */
struct recipe_text {
	const char *path;
	const char *text;
};

struct config {
	enum command cmd;
	const char *endpoint; /* borrowed from argv or the environment */
	const char *model;
	const char *api_key_env; /* the variable's name */
	const char *api_key;	 /* its value; never printed or written */
	const char *probes_dir;	 /* NULL: found next to the binary */
	const char *checks;	 /* comma list, NULL for the defaults */
	const char *junit, *json, *markdown;
	double timeout; /* seconds per request */
	double wait;	/* seconds to wait for readiness, 0 = none */
	long needle_ctx;
	long long_tool_ctx;			 /* size of the long-tools haystack */
	double needle_depths[CONFIG_MAX_DEPTHS]; /* --needle-depth; none: the probe's */
	size_t n_needle_depths;
	int tool_batch; /* 0: the probe's own batch size */
	enum thinking_mode thinking;
	const char *reasoning_effort;
	cJSON *chat_template_kwargs; /* owned */
	cJSON *extra_body;	     /* owned */
	long visible_tokens, headroom_tokens;
	long max_body;
	long max_run_bytes;    /* response bytes held at once, whole run */
	const char *cacert;    /* --cacert FILE */
	bool insecure;	       /* --insecure */
	char **allowed_finish; /* owned */
	size_t n_allowed_finish;
	char *allowed_finish_text; /* owned, as given */
	enum reasoning_policy reasoning_evidence;
	bool color;	       /* colour and live progress allowed */
	bool stream;	       /* --stream: every probe streamed */
	bool stream_parity;    /* --stream-parity: every probe both ways */
	bool parallel;	       /* --parallel: all probes at once */
	bool dry_run;	       /* --dry-run: print the plan, send nothing */
	bool concurrency_diff; /* --concurrency-diff: batches alone and at once */
	int repeat;	       /* --repeat K, 0: each probe's own */
	const char *image_path, *video_path;
	const char *image_expect[CONFIG_MAX_EXPECT], *ocr_expect[CONFIG_MAX_EXPECT],
		*video_expect[CONFIG_MAX_EXPECT]; /* borrowed; repeatable flags */
	size_t n_image_expect, n_ocr_expect, n_video_expect;
	const char **files; /* owned array of borrowed argv: validate's and table's files */
	int n_files;
	const char *notebook;  /* table --notebook FILE */
	bool check_only;       /* table --check */
	const char *record;    /* run --record FILE */
	const char *recording; /* replay RECORDING */
	struct recipe *recipe; /* owned; --recipe */
	char **recipe_args;    /* owned; the recipe's settings as options */
	int n_recipe_args;
	char **argv; /* borrowed; as given, for recordings */
	int argc;
};

/* Parses argv and the environment. Returns 0, or -1 with a message for the
 * user in err (a usage error, exit 2). */
int config_parse(int argc, char **argv, struct config *c, char *err, size_t errlen);
/* The same, with the --recipe file's text given instead of read (replay). */
int config_parse_with(int argc, char **argv, const struct recipe_text *recipe, struct config *c,
		      char *err, size_t errlen);
void config_release(struct config *c);

/* True when a recording keeps this argument (an option of the run, not
 * an output, a key's name or a local file); sets *takes_value when the
 * next argument is its value. */
bool config_recorded(const char *arg, bool *takes_value);
/* Checks a recording's arguments: every one must be an option a recording
 * keeps. Returns 0, or -1 naming the first one that is not. */
int config_check_recorded(const char *const *args, int n, char *err, size_t errlen);

/* The help text (static). */
const char *config_usage(void);

#endif
