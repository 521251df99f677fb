/* SPDX-License-Identifier: Apache-2.0 */
/* config — the command line and the environment, checked into one struct.
 *
 * Options live in one table (config.c): each row a name, its argument,
 * where the value goes, its bounds or its setter, its default, its help,
 * the commands that take it, its help group and its recipe key. The
 * commands live in one table too (cli.c: struct command_row rows, handed to
 * config_parse), and the help, the man page and the completions are made
 * from the two (manual.c). Every value is checked here, so a usage error
 * exits 2 before any request. The API key is read from the environment
 * and kept only in memory. Never prints. */
#ifndef PREFLIGHT_CONFIG_H
#define PREFLIGHT_CONFIG_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "chat.h"
#include "engine.h"
#include "probe.h"
#include "recipe.h"

#define CONFIG_MAX_DEPTHS 16
#define CONFIG_MAX_CTXS	  16
#define CONFIG_MAX_EXPECT 16

enum command {
	CMD_HELP = 0,
	CMD_RUN,
	CMD_CONFORM,
	CMD_REPLAY,
	CMD_LIST,
	CMD_VALIDATE,
	CMD_TABLE,
	CMD_REPORT,
	CMD_DIFF,
	CMD_DOCTOR,
	CMD_COMPARE,
	CMD_MAN,
	CMD_COMPLETION,
	CMD_VERSION,
	CMD_COUNT
};

#define CMD_BIT(cmd) (1u << (cmd))

/* What follows a command's name besides its options. */
enum command_args {
	ARGS_NONE,	/* options only */
	ARGS_FILES,	/* FILE... among the options (validate, table, report, diff, doctor) */
	ARGS_RECORDING, /* one RECORDING first (replay) */
	ARGS_SHELL,	/* bash or zsh (completion) */
	ARGS_COMMAND,	/* an optional COMMAND (help) */
};

struct config;

/* One row of the command table (cli.c): every command once. Dispatch,
 * --help, help CMD, the man page and the completions all read it. */
struct command_row {
	const char *name;
	enum command cmd;
	enum command_args args;
	const char *synopsis; /* what follows "preflight NAME" in the usage */
	const char *summary;  /* one line: preflight --help, the man page, zsh */
	const char *about;    /* the paragraph help NAME starts with */
	const char *example;  /* one line that runs NAME */
	bool network;	      /* talks HTTP: libcurl set up, signals caught */
	/* the exit code; stop is set by the signal handler (its number) */
	int (*run)(const struct config *c, const volatile sig_atomic_t *stop);
};

/* The commands, as the command table lists them: rows[0..n). */
struct command_table {
	const struct command_row *rows;
	size_t n;
};

/* A recipe given as text (a replay carries the recipe it was run with). */
struct recipe_text {
	const char *path;
	const char *text;
};

#define CONFIG_MAX_OUTPUTS 8 /* one per format: report.c asserts every format fits */

/* the values of a repeatable flag (--image-expect TEXT ...) */
struct config_texts {
	const char *text[CONFIG_MAX_EXPECT]; /* borrowed from argv */
	size_t n;
};

/* A report asked for: its format (a report_format name) and its path. */
struct config_output {
	const char *format; /* static */
	const char *option; /* static: "--junit" */
	const char *path;   /* borrowed from argv */
};

struct config {
	enum command cmd;
	const struct command_row *command; /* its row of the table */
	struct command_table commands;	   /* borrowed: the table parsed against */
	bool help;			   /* COMMAND --help: print cmd's help, nothing else */
	const char *endpoint;		   /* borrowed from argv or the environment */
	const char *model;
	const char *api_key_env;			  /* the variable's name */
	const char *api_key;				  /* its value; never printed or written */
	const char *probes_dir;				  /* NULL: found next to the binary */
	const char *checks;				  /* comma list, NULL for the defaults */
	struct config_output outputs[CONFIG_MAX_OUTPUTS]; /* --junit FILE ...: one per format */
	size_t n_outputs;
	double timeout;			   /* seconds per request */
	double wait;			   /* seconds to wait for readiness, 0 = none */
	int retries;			   /* tries again after a 429 (or a 503 with Retry-After) */
	double retry_wait_max;		   /* seconds, the cap on one wait before a retry */
	long needle_ctx;		   /* the largest of needle_ctxs */
	long needle_ctxs[CONFIG_MAX_CTXS]; /* --needle-ctx 4k,8k,...: a sweep's sizes */
	size_t n_needle_ctxs;
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
	int sweep_concurrency; /* a sweep's cells in flight at once */
	bool quiet;	       /* --quiet: no console report, no progress */
	bool verbose;	       /* --verbose: a progress line per probe, terminal or not */
	bool dry_run;	       /* --dry-run: print the plan, send nothing */
	bool concurrency_diff; /* --concurrency-diff: batches alone and at once */
	int repeat;	       /* --repeat K, 0: each probe's own */
	const char *image_path, *video_path;
	struct config_texts image_expect, ocr_expect, video_expect; /* repeatable flags */
	const char **files; /* owned array of borrowed argv: validate's and table's files */
	int n_files;
	const char *notebook;	    /* table --notebook FILE */
	bool check_only;	    /* table --check */
	bool conformance;	    /* table --conformance: the conformance matrix */
	const char *baseline;	    /* run --baseline REPORT.json */
	const char *max_regression; /* --max-regression SPEC (diff and --baseline) */
	const char *diff_markdown;  /* diff --markdown FILE */
	const char *shell;	    /* completion SHELL: bash or zsh */
	const char *about;	    /* help COMMAND: its name, NULL for all */
	const char *engine_log;	    /* --engine-log FILE ("-": stdin) */
	const char *engine_rules;   /* --engine-rules FILE: the user's rules, before ours */
	long engine_pid;	    /* --engine-pid PID: the engine's process, 0 unknown */
	bool doctor_exited;	    /* doctor --exited: the log's process has ended */
	enum engine doctor_engine;  /* doctor --engine NAME: only its rules; UNKNOWN all */
	int doctor_context;	    /* doctor --context N: lines shown before the fatal line */
	const char *record;	    /* run --record FILE */
	const char *recording;	    /* replay RECORDING */
	struct recipe *recipe;	    /* owned; --recipe */
	char **recipe_args;	    /* owned; the recipe's settings as options */
	int n_recipe_args;
	/* compare: the reference and the test */
	const char *reference;		       /* --reference URL */
	const char *reference_model;	       /* --reference-model ID */
	const char *reference_api_key_env;     /* NULL: api_key_env's */
	const char *reference_api_key;	       /* its value; never printed or written */
	enum thinking_mode reference_thinking; /* with reference_thinking_given */
	bool reference_thinking_given;	       /* else the candidate's */
	cJSON *reference_chat_template_kwargs; /* owned; NULL: the candidate's */
	cJSON *reference_extra_body;	       /* owned; NULL: the candidate's */
	const char *prompts;	   /* --prompts FILE (JSONL), NULL: the built-in corpus */
	long compare_tokens;	   /* generated per prompt and side */
	int top_logprobs;	   /* alternatives asked for */
	int realign;		   /* re-alignments after divergences, a prompt */
	bool no_teacher_forcing;   /* re-align by continuing, even where a side scores */
	bool no_early_stop;	   /* ask every prompt whatever the bets say */
	long max_requests;	   /* requests at most, both sides; 0 unbounded */
	const char *resume;	   /* --resume FILE: an earlier report of this comparison */
	double max_kl, min_top1;   /* 0: derived from the noise floor */
	const char *dataset;	   /* --dataset FILE (JSONL requests), "builtin", NULL: none */
	double min_tool_agreement; /* 0: derived from the noise floor */
	bool allow_inconclusive;   /* an undecided comparison exits 0 */
	int concurrency;	   /* requests in flight per side */
	char **argv;		   /* borrowed; as given, for recordings */
	int argc;
};

/* Parses argv against the command table and the environment. Returns 0,
 * or -1 with a message for the user in err (a usage error, exit 2). */
int config_parse(struct command_table t, int argc, char **argv, struct config *c, char *err,
		 size_t errlen);
/* The same, with the --recipe file's text given instead of read (replay). */
int config_parse_with(struct command_table t, int argc, char **argv,
		      const struct recipe_text *recipe, struct config *c, char *err, size_t errlen);
/* The row called name (or an alias: --version, --help, -h), or NULL. */
const struct command_row *config_command_named(struct command_table t, const char *name);
void config_release(struct config *c);

/* True when a recording keeps this argument of command cmd (one of its
 * options, not an output, a key's name or a local file); sets
 * *takes_value when the next argument is its value. */
bool config_recorded(const char *arg, enum command cmd, bool *takes_value);
/* Checks a recording's arguments for command cmd: every one must be an
 * option a recording keeps. Returns 0, or -1 naming the first one that is
 * not. */
int config_check_recorded(const char *const *args, int n, enum command cmd, char *err,
			  size_t errlen);

/* Checks a recipe's "preflight" settings as a run would take them (each
 * key an option, each value that option's). Returns 0, or -1 with
 * "FILE:LINE:COL: reason". */
int config_check_recipe(const struct recipe *r, char *err, size_t errlen);

/* The texts of the repeatable flag named flag ("image-expect"), or NULL
 * when there is no such flag. */
const struct config_texts *config_texts_of(const struct config *c, const char *flag);

/* The path of the report format (a report_format name) asked for, or
 * NULL. */
/* True when a report (or diff's markdown) goes to stdout ("-",
 * /dev/stdout): it must be alone there. */
bool config_stdout_taken(const struct config *c);
const char *config_output(const struct config *c, const char *format);

/* One row of the option table, for the help, the man page and the
 * completions. */
struct config_option_info {
	const char *name, *arg, *help, *def; /* arg NULL: a flag; def NULL: none */
	const char *group;		     /* "outputs", as the help heads it */
	int group_rank;			     /* where the group comes */
	const char *recipe_key;		     /* the recipe's "preflight" key, or NULL */
	const char *format;		     /* a report format's option: its name */
	unsigned commands;		     /* CMD_BIT()s of the commands taking it */
	bool takes_file;		     /* its value is a path */
};

/* Row i of the table into out: true, or false past the last. */
bool config_option_info(size_t i, struct config_option_info *out);

#endif
