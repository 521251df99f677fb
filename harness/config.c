/* config — option table and checks; see config.h. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "diff.h"
#include "file.h"
#include "report.h"
#include "text.h"

enum opt_kind {
	OPT_STR,    /* a borrowed string */
	OPT_DOUBLE, /* numbers within [lo, hi] */
	OPT_LONG,
	OPT_INT,
	OPT_FLAG,   /* true when given; takes no value */
	OPT_CALL,   /* the row's setter decides */
	OPT_OUTPUT, /* a report: the row's format gets the path */
};

/* which commands take an option, and how it travels */
enum opt_where {
	ON_RUN = 1,	   /* preflight run */
	ON_REPLAY = 2,	   /* on replay's own command line */
	ON_LIST = 4,	   /* preflight list */
	OPT_RECORDED = 8,  /* kept in a recording, and taken from one by replay */
	OPT_MANY = 16,	   /* repeatable: values add up, never contradict */
	OPT_NO_VALUE = 32, /* an OPT_CALL row that takes no value */
	OPT_SHAPES = 64,   /* shapes run's probes: conform's checks decide it themselves */
};

/* the groups of `preflight run --help`, in order */
enum opt_group { G_TARGET, G_PROBES, G_THINKING, G_MODES, G_MEDIA, G_LIMITS, G_OUTPUT, G_N };

static const char *const group_names[G_N] = {
	"endpoint and model",
	"probes and needles",
	"thinking and budget",
	"how probes are sent",
	"image and video",
	"limits and TLS",
	"outputs",
};

struct option;
typedef int (*opt_setter)(struct config *c, const struct option *o, const char *val, char *err,
			  size_t errlen);

struct option {
	const char *name;
	const char *arg; /* what the value is, for the help; NULL for a flag */
	enum opt_kind kind;
	size_t offset;	 /* into struct config; options sharing one contradict */
	double lo, hi;	 /* bounds for numbers */
	const char *def; /* the default, set before parsing and shown in the help */
	const char *help;
	unsigned where;		/* enum opt_where bits */
	enum opt_group group;	/* where --help lists it */
	opt_setter set;		/* OPT_CALL */
	const char *recipe_key; /* the recipe's "preflight" key that sets it, or NULL */
	const char *format;	/* OPT_OUTPUT: the report format */
};

static int set_thinking_off(struct config *c, const struct option *o, const char *val, char *err,
			    size_t errlen);
static int set_thinking_mode(struct config *c, const struct option *o, const char *val, char *err,
			     size_t errlen);
static int set_json_object(struct config *c, const struct option *o, const char *val, char *err,
			   size_t errlen);
static int set_finish_list(struct config *c, const struct option *o, const char *val, char *err,
			   size_t errlen);
static int set_policy(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen);
static int set_ctxs(struct config *c, const struct option *o, const char *val, char *err,
		    size_t errlen);
static int set_depths(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen);
static int add_expect(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen);
static int set_recipe(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen);

#define RUN	     ON_RUN
#define REC	     (ON_RUN | OPT_RECORDED)
#define OFF(f)	     offsetof(struct config, f)
#define EXPECT(list) OFF(list), 0, 0, NULL

/* every option, in the order the help lists them within each group */
static const struct option options[] = {
	{ "--endpoint", "URL", OPT_STR, OFF(endpoint), 0, 0, NULL,
	  "base URL with /v1, or OPENAI_BASE_URL", REC, G_TARGET, NULL, "endpoint", NULL },
	{ "--base-url", "URL", OPT_STR, OFF(endpoint), 0, 0, NULL, "same as --endpoint", REC,
	  G_TARGET, NULL, NULL, NULL },
	{ "--model", "ID", OPT_STR, OFF(model), 0, 0, NULL,
	  "model; by default the only one in /v1/models", REC, G_TARGET, NULL, "model", NULL },
	{ "--api-key-env", "NAME", OPT_STR, OFF(api_key_env), 0, 0, "OPENAI_API_KEY",
	  "variable holding the key", RUN, G_TARGET, NULL, NULL, NULL },
	{ "--recipe", "FILE", OPT_CALL, OFF(recipe), 0, 0, NULL,
	  "settings and notebook metadata from a recipe (flags win)", REC, G_TARGET, set_recipe,
	  NULL, NULL },
	{ "--wait", "SECONDS", OPT_DOUBLE, OFF(wait), 0, 86400, "0",
	  "wait for a server still loading", REC, G_TARGET, NULL, "wait", NULL },
	{ "--probes", "DIR", OPT_STR, OFF(probes_dir), 0, 0, NULL,
	  "probe folder; by default PREFLIGHT_PROBES or the bundled probes", ON_RUN | ON_LIST,
	  G_PROBES, NULL, NULL, NULL },
	{ "--checks", "ID,ID", OPT_STR, OFF(checks), 0, 0, NULL,
	  "probes to run; by default the default probes", REC, G_PROBES, NULL, "checks", NULL },
	{ "--needle-ctx", "N,N,...", OPT_CALL, OFF(needle_ctxs), 256, 10000000, "14000",
	  "needle prompt size in tokens (4k = 4000, 1M); several sizes sweep them", REC, G_PROBES,
	  set_ctxs, "needle_ctx", NULL },
	{ "--needle-depth", "D,D,...", OPT_CALL, OFF(needle_depths), 0, 0, NULL,
	  "one needle per depth, 0..1, or a range FROM:TO:STEP; by default the probe's, 0.58",
	  REC | OPT_SHAPES, G_PROBES, set_depths, "needle_depth", NULL },
	{ "--sweep-concurrency", "N", OPT_INT, OFF(sweep_concurrency), 1, 64, "1",
	  "a sweep's cells sent at once (long prefills share one GPU)", REC | OPT_SHAPES, G_PROBES,
	  NULL, "sweep_concurrency", NULL },
	{ "--long-tool-ctx", "N", OPT_LONG, OFF(long_tool_ctx), 1000, 10000000, "110000",
	  "long-tools prompt size in tokens", REC, G_PROBES, NULL, "long_tool_ctx", NULL },
	{ "--tool-batch", "N", OPT_INT, OFF(tool_batch), 1, PROBE_BATCH_MAX, NULL,
	  "tool requests sent at once, at most 128; by default the probe's, 20", REC | OPT_SHAPES,
	  G_PROBES, NULL, "tool_batch", NULL },
	{ "--no-thinking", NULL, OPT_CALL, OFF(thinking), 0, 0, NULL,
	  "chat_template_kwargs.enable_thinking=false", REC | OPT_NO_VALUE, G_THINKING,
	  set_thinking_off, NULL, NULL },
	{ "--thinking-mode", "MODE", OPT_CALL, OFF(thinking), 0, 0, "default",
	  "default|enabled|disabled|unsupported", REC, G_THINKING, set_thinking_mode, "thinking",
	  NULL },
	{ "--reasoning-effort", "LEVEL", OPT_STR, OFF(reasoning_effort), 0, 0, NULL,
	  "send reasoning_effort", REC, G_THINKING, NULL, "reasoning_effort", NULL },
	{ "--chat-template-kwargs", "JSON", OPT_CALL, OFF(chat_template_kwargs), 0, 0, NULL,
	  "merged into chat_template_kwargs", REC, G_THINKING, set_json_object,
	  "chat_template_kwargs", NULL },
	{ "--extra-body", "JSON", OPT_CALL, OFF(extra_body), 0, 0, NULL,
	  "merged into every request body", REC, G_THINKING, set_json_object, "extra_body", NULL },
	{ "--visible-answer-tokens", "N", OPT_LONG, OFF(visible_tokens), 1, 1048576, "256",
	  "answer budget", REC, G_THINKING, NULL, "visible_answer_tokens", NULL },
	{ "--reasoning-headroom-tokens", "N", OPT_LONG, OFF(headroom_tokens), 0, 1048576, "0",
	  "extra budget for thinking; max_tokens = visible + headroom", REC, G_THINKING, NULL,
	  "reasoning_headroom_tokens", NULL },
	{ "--allowed-finish-reasons", "LIST", OPT_CALL, OFF(allowed_finish), 0, 0,
	  "stop,tool_calls", "finish reasons an answer may have", REC, G_THINKING, set_finish_list,
	  "allowed_finish_reasons", NULL },
	{ "--reasoning-evidence", "POLICY", OPT_CALL, OFF(reasoning_evidence), 0, 0, "any",
	  "any|required|forbidden reasoning on every answer", REC, G_THINKING, set_policy,
	  "reasoning_evidence", NULL },
	{ "--stream", NULL, OPT_FLAG, OFF(stream), 0, 0, NULL,
	  "stream every probe (SSE), with speed metrics", REC | OPT_SHAPES, G_MODES, NULL, NULL,
	  NULL },
	{ "--stream-parity", NULL, OPT_FLAG, OFF(stream_parity), 0, 0, NULL,
	  "every probe streamed and not; verdicts must agree", REC | OPT_SHAPES, G_MODES, NULL,
	  NULL, NULL },
	{ "--parallel", NULL, OPT_FLAG, OFF(parallel), 0, 0, NULL, "all selected probes at once",
	  REC | OPT_SHAPES, G_MODES, NULL, NULL, NULL },
	{ "--repeat", "K", OPT_INT, OFF(repeat), 1, PROBE_REPEAT_MAX, NULL,
	  "each probe K times, pass@k and pass^k reported; by default the probe's, 1",
	  REC | OPT_SHAPES, G_MODES, NULL, NULL, NULL },
	{ "--concurrency-diff", NULL, OPT_FLAG, OFF(concurrency_diff), 0, 0, NULL,
	  "tool batches one at a time, then all at once", REC | OPT_SHAPES, G_MODES, NULL, NULL,
	  NULL },
	{ "--dry-run", NULL, OPT_FLAG, OFF(dry_run), 0, 0, NULL,
	  "print the plan as JSON; send and write nothing", RUN, G_MODES, NULL, NULL, NULL },
	{ "--quiet", NULL, OPT_FLAG, OFF(quiet), 0, 0, NULL,
	  "no console report and no progress: errors only (the exit code and files say the rest)",
	  ON_RUN | ON_REPLAY, G_OUTPUT, NULL, NULL, NULL },
	{ "--verbose", NULL, OPT_FLAG, OFF(verbose), 0, 0, NULL,
	  "a progress line per probe, on a terminal too", ON_RUN | ON_REPLAY, G_OUTPUT, NULL, NULL,
	  NULL },
	{ "--image-path", "FILE", OPT_STR, OFF(image_path), 0, 0, NULL,
	  "PNG, JPEG or WebP for the image and ocr probes", ON_RUN | ON_REPLAY | OPT_SHAPES,
	  G_MEDIA, NULL, NULL, NULL },
	{ "--image-expect", "TEXT", OPT_CALL, EXPECT(image_expect),
	  "the image answer must hold it (repeatable)", REC | OPT_MANY | OPT_SHAPES, G_MEDIA,
	  add_expect, NULL, NULL },
	{ "--ocr-expect", "TEXT", OPT_CALL, EXPECT(ocr_expect),
	  "the OCR answer must hold it (repeatable)", REC | OPT_MANY | OPT_SHAPES, G_MEDIA,
	  add_expect, NULL, NULL },
	{ "--video-path", "FILE", OPT_STR, OFF(video_path), 0, 0, NULL,
	  "MP4, WebM or QuickTime for the video probe", ON_RUN | ON_REPLAY | OPT_SHAPES, G_MEDIA,
	  NULL, NULL, NULL },
	{ "--video-expect", "TEXT", OPT_CALL, EXPECT(video_expect),
	  "the video answer must hold it (repeatable)", REC | OPT_MANY | OPT_SHAPES, G_MEDIA,
	  add_expect, NULL, NULL },
	{ "--timeout", "SECONDS", OPT_DOUBLE, OFF(timeout), 0.001, 86400, "900", "per request", REC,
	  G_LIMITS, NULL, "timeout", NULL },
	{ "--retries", "N", OPT_INT, OFF(retries), 0, 10, "2",
	  "tries again after a 429, or a 503 with Retry-After", REC, G_LIMITS, NULL, NULL, NULL },
	{ "--retry-wait-max", "SECONDS", OPT_DOUBLE, OFF(retry_wait_max), 0, 600, "60",
	  "the longest wait before a retry, whatever Retry-After asks", REC, G_LIMITS, NULL, NULL,
	  NULL },
	{ "--max-response-bytes", "N", OPT_LONG, OFF(max_body), 1024, 1L << 32, "67108864",
	  "cap per response body", REC, G_LIMITS, NULL, NULL, NULL },
	{ "--max-run-bytes", "N", OPT_LONG, OFF(max_run_bytes), 1024, 1L << 34, "134217728",
	  "response bytes held at once in the run", REC | ON_REPLAY, G_LIMITS, NULL, NULL, NULL },
	{ "--cacert", "FILE", OPT_STR, OFF(cacert), 0, 0, NULL, "CA bundle for https endpoints",
	  RUN, G_LIMITS, NULL, NULL, NULL },
	{ "--insecure", NULL, OPT_FLAG, OFF(insecure), 0, 0, NULL,
	  "do not verify TLS certificates (warns)", REC, G_LIMITS, NULL, NULL, NULL },
	{ "--record", "FILE.jsonl.gz", OPT_STR, OFF(record), 0, 0, NULL,
	  "record every exchange (no Authorization)", RUN, G_OUTPUT, NULL, NULL, NULL },
	{ "--engine-log", "FILE", OPT_STR, OFF(engine_log), 0, 0, NULL,
	  "the engine's log (- for stdin): why it never came up, and the warnings it gave", ON_RUN,
	  G_TARGET, NULL, NULL, NULL },
	{ "--engine-rules", "FILE", OPT_STR, OFF(engine_rules), 0, 0, NULL,
	  "more failure signatures, tried with the bundled ones", ON_RUN, G_TARGET, NULL, NULL,
	  NULL },
	{ "--baseline", "REPORT.json", OPT_STR, OFF(baseline), 0, 0, NULL,
	  "gate on an earlier JSON report: exit 1 on a regression, 0 without", RUN | ON_REPLAY,
	  G_OUTPUT, NULL, NULL, NULL },
	{ "--max-regression", "SPEC", OPT_STR, OFF(max_regression), 0, 0, DIFF_LIMITS_DEFAULT,
	  "what --baseline tolerates (decode=%,ttft=%,prefill=%,ttft_floor_ms=N)", RUN | ON_REPLAY,
	  G_OUTPUT, NULL, NULL, NULL },
};

#define N_OPTIONS (sizeof(options) / sizeof(options[0]))

/* The rows of the report formats' options (--junit FILE ...), made once
 * from the format table: a new format needs no row here. */
static struct option output_rows[REPORT_MAX_FORMATS];
static size_t n_output_rows;
static pthread_once_t output_rows_once = PTHREAD_ONCE_INIT;

static void make_output_rows(void)
{
	const struct report_format *f;

	for (n_output_rows = 0;
	     n_output_rows < REPORT_MAX_FORMATS && (f = report_format_at(n_output_rows));
	     n_output_rows++) {
		struct option *o = &output_rows[n_output_rows];

		o->name = f->option;
		o->arg = "FILE";
		o->kind = OPT_OUTPUT;
		o->help = f->help;
		o->where = ON_RUN | ON_REPLAY;
		o->group = G_OUTPUT;
		o->format = f->name;
	}
}

/* the i-th option of the whole table (rows, then formats), NULL past it */
static const struct option *option_at(size_t i)
{
	pthread_once(&output_rows_once, make_output_rows);
	if (i < N_OPTIONS)
		return &options[i];
	return i - N_OPTIONS < n_output_rows ? &output_rows[i - N_OPTIONS] : NULL;
}

static const struct option *find_option(const char *name)
{
	const struct option *o;
	size_t i;

	for (i = 0; (o = option_at(i)); i++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

/* one help line: "  --name ARG   help (default: D; recipe: key)" */
static int usage_line(struct buf *b, const struct option *o)
{
	char both[64], extra[160] = "";

	snprintf(both, sizeof(both), "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
	if (o->def || o->recipe_key)
		snprintf(extra, sizeof(extra), " (%s%s%s%s%s)", o->def ? "default: " : "",
			 o->def ? o->def : "", o->def && o->recipe_key ? "; " : "",
			 o->recipe_key ? "recipe: " : "", o->recipe_key ? o->recipe_key : "");
	return buf_printf(b, "  %-34s %s%s\n", both, o->help, extra);
}

static const char usage_head[] =
	"usage: preflight run      [--endpoint URL] [--model ID] [--recipe FILE] [options]\n"
	"       preflight conform  [--endpoint URL] [--model ID] [--recipe FILE] [options]\n"
	"       preflight list     [--probes DIR]\n"
	"       preflight validate FILE...            check probe and recipe files\n"
	"       preflight table    [--conformance] REPORT.json... [--notebook FILE.md [--check]]\n"
	"       preflight report   REPORT.json... [--html FILE] [--svg FILE]\n"
	"       preflight diff     BASE.json NEW.json [--max-regression SPEC] [--markdown FILE]\n"
	"       preflight doctor   LOG... [--engine-rules FILE] [--engine NAME]\n"
	"       preflight replay   RECORDING [--junit F] [--json F] [--markdown F] [--html F]\n"
	"                          [--svg F]\n"
	"                          [--max-run-bytes N] [--image-path F] [--video-path F]\n"
	"       preflight version\n"
	"       preflight COMMAND --help\n";

static const char usage_tail[] =
	"\nenvironment:\n"
	"  OPENAI_BASE_URL    the endpoint when --endpoint is not given\n"
	"  OPENAI_API_KEY     the key (or the variable --api-key-env names); never shown\n"
	"  PREFLIGHT_PROBES   the probe folder when --probes is not given\n"
	"  NO_COLOR           no colour and no live progress\n"
	"\nexample:\n"
	"  preflight run --endpoint http://127.0.0.1:30004/v1 --no-thinking --needle-ctx 14000 \\\n"
	"                --junit preflight.xml --json preflight.json\n"
	"\nexit codes: 0 all passed, 1 a probe failed, 2 usage or configuration error,\n"
	"            3 the endpoint could not be used, 4 a report could not be written,\n"
	"            130/143 interrupted\n";

/* The options of one command, grouped as the table groups them. */
static int usage_options(struct buf *b, unsigned on)
{
	const struct option *o;
	int g, rc = 0;
	size_t i;

	for (g = 0; g < G_N && !rc; g++) {
		bool head = false;

		for (i = 0; (o = option_at(i)) && !rc; i++) {
			if ((int)o->group != g || !(o->where & on))
				continue;
			if (!head)
				rc = buf_printf(b, "\n%s:\n", group_names[g]);
			head = true;
			rc = rc || usage_line(b, o);
		}
	}
	return rc;
}

bool config_option_info(size_t i, struct config_option_info *out)
{
	const struct option *o = option_at(i);

	if (!o)
		return false;
	out->name = o->name;
	out->arg = o->kind == OPT_FLAG || (o->where & OPT_NO_VALUE) ? NULL : o->arg;
	out->help = o->help;
	out->def = o->def;
	out->group = group_names[o->group];
	out->recipe_key = o->recipe_key;
	out->on_run = (o->where & ON_RUN) != 0;
	out->on_replay = (o->where & ON_REPLAY) != 0;
	out->on_list = (o->where & ON_LIST) != 0;
	out->takes_file = o->arg && (strstr(o->arg, "FILE") || strstr(o->arg, "DIR") ||
				     strstr(o->arg, ".json") || strstr(o->arg, ".gz"));
	return true;
}

const char *config_usage_tail(void)
{
	return usage_tail;
}

/* the usage of the commands that read files: their text alone */
static const struct {
	enum command cmd;
	const char *text;
} file_usage[] = {
	{ CMD_VALIDATE, "usage: preflight validate FILE...\n\n"
			"Checks probe and recipe files; exit 2 on the first error of each.\n" },
	{ CMD_DOCTOR,
	  "usage: preflight doctor LOG... [--engine-rules FILE] [--engine NAME]\n\n"
	  "Reads engine logs (- for stdin) for known failure signatures "
	  "(probes/engine/rules.json, then --engine-rules): every match in priority order with "
	  "its line, cause, explanation and remedy. --engine vllm|sglang|llamacpp|ollama|tgi "
	  "tries only that engine's rules. Exit 1 when a fatal signature matched, 0 when none "
	  "did.\n" },
	{ CMD_DIFF,
	  "usage: preflight diff BASE.json NEW.json [--max-regression SPEC] [--markdown FILE]\n\n"
	  "What changed from BASE to NEW (two JSON reports of run, or two of conform): "
	  "verdicts, causes, sweep cells, conformance checks, the effective context, decode "
	  "speed and TTFT beyond --max-regression (default " DIFF_LIMITS_DEFAULT
	  ", ttft_floor_ms=10). Exit 1 on a regression, 0 without, whatever the verdicts. "
	  "--markdown writes the diff for a pull-request comment.\n" },
	{ CMD_REPORT,
	  "usage: preflight report REPORT.json... [--html FILE] [--svg FILE]\n\n"
	  "Renders JSON reports of run or conform after the fact: --html one self-contained "
	  "page (several reports: one section each and a comparison table), --svg the "
	  "long-context heat map of one report.\n" },
	{ CMD_TABLE, "usage: preflight table [--conformance] REPORT.json... "
		     "[--notebook FILE.md [--check]]\n\n"
		     "Renders the notebook's results table from JSON reports, or updates "
		     "(--check: verifies) the block in a notebook. With --conformance: the "
		     "engine x check matrix of conform reports, between its own markers.\n" },
};

int config_usage(enum command cmd, struct buf *out)
{
	size_t i;

	for (i = 0; i < sizeof(file_usage) / sizeof(file_usage[0]); i++)
		if (file_usage[i].cmd == cmd)
			return buf_puts(out, file_usage[i].text);
	switch (cmd) {
	case CMD_RUN:
		return buf_puts(out, "usage: preflight run [--endpoint URL] [--model ID] "
				     "[--recipe FILE] [options]\n\n"
				     "Runs the probes against an OpenAI-compatible endpoint and "
				     "says why each failed.\n") ||
		       usage_options(out, ON_RUN) || buf_puts(out, usage_tail);
	case CMD_CONFORM:
		return buf_puts(out,
				"usage: preflight conform [--endpoint URL] [--model ID] "
				"[--recipe FILE] [options]\n\n"
				"Runs the conformance checks (probes/conformance/): which parts "
				"of the OpenAI API the endpoint honours, ignores, rejects or "
				"breaks.\n") ||
		       usage_options(out, ON_RUN) || buf_puts(out, usage_tail);
	case CMD_REPLAY:
		return buf_puts(out, "usage: preflight replay RECORDING [options]\n\n"
				     "Re-grades a recording offline with its own options; only "
				     "these may be given:\n") ||
		       usage_options(out, ON_REPLAY);
	case CMD_LIST:
		return buf_puts(out, "usage: preflight list [--probes DIR]\n\n"
				     "Lists the probes with ids and titles.\n") ||
		       usage_options(out, ON_LIST);
	default:
		return buf_puts(out, usage_head) || buf_puts(out, "\nrun options:\n") ||
		       usage_options(out, ON_RUN) || buf_puts(out, usage_tail);
	}
}

static int parse_files(struct config *c, int argc, char **argv, char *err, size_t errlen);

static int set_finish_list(struct config *c, const struct option *o, const char *text, char *err,
			   size_t errlen)
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
		snprintf(err, errlen, "%s needs at least one value", o->name);
		return -1;
	}
	return 0;
oom:
	free(copy);
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* --image-expect TEXT and friends: the row's offset is a struct config_texts */
static int add_expect(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen)
{
	struct config_texts *t = (struct config_texts *)(void *)((char *)c + o->offset);

	if (!*val || t->n == CONFIG_MAX_EXPECT) {
		snprintf(err, errlen, "%s takes a non-empty text, at most %d times", o->name,
			 CONFIG_MAX_EXPECT);
		return -1;
	}
	t->text[t->n++] = val;
	return 0;
}

const struct config_texts *config_texts_of(const struct config *c, const char *flag)
{
	const struct option *o;
	size_t i;

	for (i = 0; flag && (o = option_at(i)); i++)
		if (o->set == add_expect && !strcmp(o->name + 2, flag))
			return (const struct config_texts *)(const void *)((const char *)c +
									   o->offset);
	return NULL;
}

/* one depth or a range FROM:TO:STEP (TO included, to within a part in a
 * million) into the list; returns 0, or -1 with why */
static int add_depths(struct config *c, const char *item, size_t len, char *why, size_t n)
{
	double d[3] = { 0, 0, 1 }, x;
	char text[64], *at, *end;
	int k;

	if (len >= sizeof(text)) {
		snprintf(why, n, "'%.*s' is too long", (int)len, item);
		return -1;
	}
	memcpy(text, item, len);
	text[len] = '\0';
	for (k = 0, at = text; k < 3; k++, at = end + 1) {
		d[k] = strtod(at, &end);
		if (end == at || !isfinite(d[k]) || (*end != ':' && *end != '\0'))
			break;
		if (*end == '\0')
			break;
	}
	if (k == 0 && end != at && *end == '\0') {
		d[1] = d[0]; /* one depth */
	} else if (k != 2 || end == at || *end != '\0') {
		snprintf(why, n, "'%s' is neither a depth nor FROM:TO:STEP", text);
		return -1;
	}
	if (d[0] < 0 || d[1] > 1 || d[0] > d[1] || d[2] <= 0) {
		snprintf(why, n, "'%s': depths go from 0 to 1, FROM up to TO, STEP above 0", text);
		return -1;
	}
	for (x = d[0]; x <= d[1] + 1e-6; x += d[2]) {
		if (c->n_needle_depths == CONFIG_MAX_DEPTHS) {
			snprintf(why, n, "at most %d depths", CONFIG_MAX_DEPTHS);
			return -1;
		}
		c->needle_depths[c->n_needle_depths++] = x > 1 ? 1 : x;
	}
	return 0;
}

static int set_depths(struct config *c, const struct option *o, const char *text, char *err,
		      size_t errlen)
{
	const char *p = text;
	char why[160];

	c->n_needle_depths = 0;
	do {
		size_t len = strcspn(p, ",");

		if (!len || add_depths(c, p, len, why, sizeof(why))) {
			snprintf(err, errlen,
				 "%s takes depths from 0 to 1 or ranges FROM:TO:STEP, separated by "
				 "commas, not '%s'%s%s",
				 o->name, text, len ? ": " : "", len ? why : "");
			return -1;
		}
		p += len;
	} while (*p++ == ',');
	return 0;
}

/* "14000", "4k" (4,000), "1.5M" (1,500,000), within the option's bounds */
static int parse_size(const struct option *o, const char *item, size_t len, long *out)
{
	char text[32], *end;
	double v;

	if (!len || len >= sizeof(text))
		return -1;
	memcpy(text, item, len);
	text[len] = '\0';
	v = strtod(text, &end);
	if (end != text && (*end == 'k' || *end == 'K')) {
		v *= 1e3;
		end++;
	} else if (end != text && *end == 'M') {
		v *= 1e6;
		end++;
	}
	if (end == text || *end || !isfinite(v) || v < o->lo || v > o->hi || v != floor(v))
		return -1;
	*out = (long)v;
	return 0;
}

static int set_ctxs(struct config *c, const struct option *o, const char *text, char *err,
		    size_t errlen)
{
	const char *p = text;
	size_t i;

	c->n_needle_ctxs = 0;
	do {
		size_t len = strcspn(p, ",");
		long v;

		if (c->n_needle_ctxs == CONFIG_MAX_CTXS || parse_size(o, p, len, &v)) {
			snprintf(err, errlen,
				 "%s takes up to %d sizes from %.0f to %.0f tokens (4k, 128k, 1M), "
				 "separated by commas, not '%s'",
				 o->name, CONFIG_MAX_CTXS, o->lo, o->hi, text);
			return -1;
		}
		for (i = 0; i < c->n_needle_ctxs && c->needle_ctxs[i] != v; i++)
			;
		if (i == c->n_needle_ctxs)
			c->needle_ctxs[c->n_needle_ctxs++] = v;
		p += len;
	} while (*p++ == ',');
	c->needle_ctx = 0;
	for (i = 0; i < c->n_needle_ctxs; i++)
		if (c->needle_ctxs[i] > c->needle_ctx)
			c->needle_ctx = c->needle_ctxs[i];
	return 0;
}

static int set_json_object(struct config *c, const struct option *o, const char *text, char *err,
			   size_t errlen)
{
	cJSON **slot = (cJSON **)(void *)((char *)c + o->offset);
	cJSON *v = cJSON_Parse(text);

	if (!cJSON_IsObject(v)) {
		cJSON_Delete(v);
		snprintf(err, errlen, "%s must be a JSON object, got '%.60s'", o->name, text);
		return -1;
	}
	cJSON_Delete(*slot);
	*slot = v;
	return 0;
}

static int set_thinking_off(struct config *c, const struct option *o, const char *val, char *err,
			    size_t errlen)
{
	(void)o;
	(void)val;
	(void)err;
	(void)errlen;
	c->thinking = THINKING_DISABLED;
	return 0;
}

static int set_thinking_mode(struct config *c, const struct option *o, const char *val, char *err,
			     size_t errlen)
{
	static const char *const modes[] = { "default", "enabled", "disabled", "unsupported" };
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(val, modes[i])) {
			c->thinking = (enum thinking_mode)i;
			return 0;
		}
	snprintf(err, errlen, "%s must be default, enabled, disabled or unsupported, not '%s'",
		 o->name, val);
	return -1;
}

static int set_policy(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen)
{
	if (reasoning_policy_parse(val, &c->reasoning_evidence) == 0)
		return 0;
	snprintf(err, errlen, "%s must be any, required or forbidden, not '%s'", o->name, val);
	return -1;
}

/* loaded before the other options (load_recipe) */
static int set_recipe(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen)
{
	(void)c;
	(void)o;
	(void)val;
	(void)err;
	(void)errlen;
	return 0;
}

/* a report format's path: one per format */
static int set_output(struct config *c, const struct option *o, const char *val)
{
	size_t i;

	for (i = 0; i < c->n_outputs; i++)
		if (!strcmp(c->outputs[i].format, o->format)) {
			c->outputs[i].path = val;
			return 0;
		}
	if (c->n_outputs == CONFIG_MAX_OUTPUTS)
		return -1;
	c->outputs[c->n_outputs].format = o->format;
	c->outputs[c->n_outputs++].path = val;
	return 0;
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

static bool is_number(const char *val, double *d)
{
	char *end = NULL;

	*d = strtod(val, &end);
	return end != val;
}

/* What an option sets, in a form two settings can be compared in. */
static void canonical(const struct option *o, const char *val, char *out, size_t n)
{
	double d;

	if (o->kind == OPT_FLAG)
		snprintf(out, n, "on");
	else if (o->set == set_thinking_off)
		snprintf(out, n, "disabled");
	else if (o->kind != OPT_STR && o->kind != OPT_CALL && o->kind != OPT_OUTPUT &&
		 is_number(val, &d))
		snprintf(out, n, "%.17g", d);
	else
		snprintf(out, n, "%s", val ? val : "");
}

/* options remembered to find contradictions; beyond, they are not looked
 * for (a command line of hundreds of flags) */
#define CONFIG_MAX_GIVEN 128

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
	if (*n_seen < CONFIG_MAX_GIVEN)
		seen[(*n_seen)++] = g;
	return 0;
}

static unsigned command_bit(enum command cmd)
{
	return cmd == CMD_REPLAY ? ON_REPLAY : cmd == CMD_LIST ? ON_LIST : ON_RUN;
}

/* "list takes only --probes", from the table */
static void only_these(enum command cmd, char *err, size_t errlen)
{
	const struct option *o, *last = NULL;
	struct buf b = BUF_INIT(0);
	size_t i;

	buf_printf(&b, "%s takes only", cmd == CMD_LIST ? "list" : "replay");
	for (i = 0; (o = option_at(i)); i++)
		if (o->where & command_bit(cmd)) {
			if (last)
				buf_printf(&b, "%s %s", b.len > 20 ? "," : "", last->name);
			last = o;
		}
	if (last)
		buf_printf(&b, "%s %s", b.len > 20 ? " and" : "", last->name);
	snprintf(err, errlen, "%s", buf_cstr(&b));
	buf_release(&b);
}

/* Sets o from val (NULL for a flag). Returns 0, or -1 with why. */
static int apply(struct config *c, const struct option *o, const char *val, char *why, size_t n)
{
	switch (o->kind) {
	case OPT_FLAG:
		*(bool *)((char *)c + o->offset) = true;
		return 0;
	case OPT_STR:
		if (!*val) {
			snprintf(why, n, "option '%s' needs a non-empty value", o->name);
			return -1;
		}
		*(const char **)(void *)((char *)c + o->offset) = val;
		return 0;
	case OPT_OUTPUT:
		if (!*val) {
			snprintf(why, n, "option '%s' needs a non-empty value", o->name);
			return -1;
		}
		if (set_output(c, o, val)) {
			snprintf(why, n, "more than %d report outputs", CONFIG_MAX_OUTPUTS);
			return -1;
		}
		return 0;
	case OPT_CALL:
		return o->set(c, o, val, why, n);
	default:
		return set_number(c, o, val, why, n);
	}
}

static bool takes_value(const struct option *o)
{
	return o->kind != OPT_FLAG && !(o->where & OPT_NO_VALUE);
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

/* args[*i] as an option and its value (the next argument, or after '=') */
static const struct option *option_arg(char **args, int n, int *i, const char **val, char *err,
				       size_t errlen)
{
	const char *arg = args[*i];
	const struct option *o;
	bool inline_value;

	if (!(o = option_of(arg, &inline_value))) {
		snprintf(err, errlen, "unknown option '%s' (try 'preflight help')", arg);
		return NULL;
	}
	*val = inline_value ? strchr(arg, '=') + 1 : NULL;
	if (!takes_value(o) && *val) {
		snprintf(err, errlen, "%s takes no value", o->name);
		return NULL;
	}
	if (takes_value(o) && !*val) {
		if (*i + 1 >= n) {
			snprintf(err, errlen, "option '%s' needs a value", o->name);
			return NULL;
		}
		*val = args[++*i];
	}
	return o;
}

/* Parses options args[0..n): the recipe's (source "recipe 'FILE'"), then
 * the command line's, so flags override the recipe. */
static int parse_options(struct config *c, char **args, int n, const char *source, char *err,
			 size_t errlen)
{
	struct given *seen = xcalloc(CONFIG_MAX_GIVEN, sizeof(*seen));
	int i, n_seen = 0, rc = -1;
	char why[512];

	if (!seen) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		const struct option *o;
		const char *val;

		if (!strcmp(args[i], "-h") || !strcmp(args[i], "--help")) {
			c->help = true;
			rc = 0;
			goto out;
		}
		if (!(o = option_arg(args, n, &i, &val, err, errlen)))
			goto out;
		if (!(o->where & command_bit(c->cmd))) {
			only_these(c->cmd, err, errlen);
			goto out;
		}
		/* a recipe's run settings are left to run; a flag is a mistake */
		if (c->cmd == CMD_CONFORM && !source && (o->where & OPT_SHAPES)) {
			snprintf(
				err, errlen,
				"conform takes no %s: each check decides how its requests are sent",
				o->name);
			goto out;
		}
		if (!source && contradicts(seen, &n_seen, o, val, err, errlen))
			goto out;
		if (apply(c, o, val, why, sizeof(why))) {
			if (source)
				snprintf(err, errlen, "%s: %s", source, why);
			else
				snprintf(err, errlen, "%s", why);
			goto out;
		}
	}
	rc = 0;
out:
	free(seen);
	return rc;
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

static int set_defaults(struct config *c, char *err, size_t errlen);

/* the option a recipe's "preflight" key sets, or NULL */
static const struct option *recipe_option(const char *key)
{
	const struct option *o;
	size_t i;

	for (i = 0; (o = option_at(i)); i++)
		if (o->recipe_key && !strcmp(o->recipe_key, key))
			return o;
	return NULL;
}

/* The recipe's "preflight" section through the option table: each key
 * names an option, each value is checked as that option's would be. An
 * error names the key's place in the file. */
static int recipe_options(struct config *c, const struct recipe *r, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < r->n_settings; i++) {
		const struct recipe_setting *st = &r->settings[i];
		const struct option *o = recipe_option(st->key);
		int at = c->n_recipe_args;

		if (!o) {
			snprintf(err, errlen, "%s: unknown key '%s' in 'preflight'", st->where,
				 st->key);
			return -1;
		}
		/* a recipe's checks name run's probes; conform runs its own */
		if (c->cmd == CMD_CONFORM && !strcmp(st->key, "checks"))
			continue;
		if (add_arg(c, o->name, st->value)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (parse_options(c, c->recipe_args + at, c->n_recipe_args - at, st->where, err,
				  errlen))
			return -1;
	}
	return 0;
}

int config_check_recipe(const struct recipe *r, char *err, size_t errlen)
{
	struct config c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.cmd = CMD_RUN;
	rc = set_defaults(&c, err, errlen) || recipe_options(&c, r, err, errlen) ? -1 : 0;
	config_release(&c);
	return rc;
}

/* --recipe FILE anywhere among args: load it first */
static int load_recipe(struct config *c, char **args, int n, const struct recipe_text *given,
		       char *err, size_t errlen)
{
	const char *path = NULL;
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
	return recipe_options(c, c->recipe, err, errlen);
}

int config_parse(int argc, char **argv, struct config *c, char *err, size_t errlen)
{
	return config_parse_with(argc, argv, NULL, c, err, errlen);
}

/* Every row's default, through its own setter: the table is the only
 * place a default is written. */
static int set_defaults(struct config *c, char *err, size_t errlen)
{
	const struct option *o;
	const char *nc = getenv("NO_COLOR");
	size_t i;

	for (i = 0; (o = option_at(i)); i++)
		if (o->def && apply(c, o, o->def, err, errlen))
			return -1;
	c->color = !(nc && *nc);
	return 0;
}

static const struct {
	const char *name;
	enum command cmd;
} commands[] = {
	{ "run", CMD_RUN },	      { "list", CMD_LIST },   { "validate", CMD_VALIDATE },
	{ "conform", CMD_CONFORM },   { "table", CMD_TABLE }, { "replay", CMD_REPLAY },
	{ "report", CMD_REPORT },     { "diff", CMD_DIFF },   { "version", CMD_VERSION },
	{ "--version", CMD_VERSION }, { "help", CMD_HELP },   { "--help", CMD_HELP },
	{ "-h", CMD_HELP },	      { "man", CMD_MAN },     { "completion", CMD_COMPLETION },
	{ "doctor", CMD_DOCTOR },
};

static int parse_command(struct config *c, const char *name, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(name, commands[i].name)) {
			c->cmd = commands[i].cmd;
			return 0;
		}
	snprintf(err, errlen, "unknown command '%s' (try 'preflight help')", name);
	return -1;
}

/* what a run needs beyond single options: an endpoint, the key's
 * variable, a readable --cacert, a budget that fits */
static int check_run(struct config *c, char *err, size_t errlen)
{
	if (c->quiet && c->verbose) {
		snprintf(err, errlen, "--quiet and --verbose contradict each other");
		return -1;
	}
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

int config_parse_with(int argc, char **argv, const struct recipe_text *recipe, struct config *c,
		      char *err, size_t errlen)
{
	int first = 2, i;

	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->argc = argc;
	if (set_defaults(c, err, errlen) ||
	    parse_command(c, argc > 1 ? argv[1] : "help", err, errlen))
		return -1;
	/* preflight help COMMAND is COMMAND --help */
	if (c->cmd == CMD_HELP && argc > 2) {
		if (parse_command(c, argv[2], err, errlen))
			return -1;
		c->help = true;
		return 0;
	}
	/* every report is valid UTF-8, so every argument must be */
	for (i = 1; i < argc; i++)
		if (!text_valid_utf8(argv[i], strlen(argv[i]))) {
			snprintf(err, errlen, "argument %d is not valid UTF-8", i);
			return -1;
		}
	if (c->cmd == CMD_VALIDATE || c->cmd == CMD_TABLE || c->cmd == CMD_REPORT ||
	    c->cmd == CMD_DIFF || c->cmd == CMD_DOCTOR)
		return parse_files(c, argc, argv, err, errlen);
	if (c->cmd == CMD_REPLAY) {
		if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
			c->help = true;
			return 0;
		}
		if (argc < 3 || argv[2][0] == '-') {
			snprintf(err, errlen, "replay needs a RECORDING file");
			return -1;
		}
		c->recording = argv[2];
		c->max_run_bytes = 0; /* 0: the recording reader's own bound */
		first = 3;
	}
	if ((c->cmd == CMD_RUN || c->cmd == CMD_CONFORM) &&
	    load_recipe(c, argv + 2, argc - 2, recipe, err, errlen))
		return -1;
	if (c->cmd == CMD_HELP || c->cmd == CMD_VERSION || c->cmd == CMD_MAN)
		return 0;
	if (c->cmd == CMD_COMPLETION) {
		c->shell = argc > 2 ? argv[2] : "";
		if (strcmp(c->shell, "bash") && strcmp(c->shell, "zsh")) {
			snprintf(err, errlen, "completion needs a shell: bash or zsh");
			return -1;
		}
		return 0;
	}
	if (parse_options(c, argv + first, argc - first, NULL, err, errlen))
		return -1;
	return (c->cmd == CMD_RUN || c->cmd == CMD_CONFORM) && !c->help ? check_run(c, err, errlen)
									: 0;
}

/* one of the two value options names[] of a file command (report's --html
 * and --svg, diff's --max-regression and --markdown), as --opt V or
 * --opt=V, into its slot: 1 when argv[*i] is one (*i moves past its
 * value), 0 when not, -1 without a value */
static int value_option(const char *const names[2], const char **slots[2], int argc, char **argv,
			int *i)
{
	size_t k, n;

	for (k = 0; k < 2; k++) {
		n = strlen(names[k]);
		if (strncmp(argv[*i], names[k], n) || (argv[*i][n] && argv[*i][n] != '='))
			continue;
		if (argv[*i][n] == '=')
			*slots[k] = argv[*i] + n + 1;
		else if (*i + 1 < argc)
			*slots[k] = argv[++*i];
		else
			return -1;
		return **slots[k] ? 1 : -1;
	}
	return 0;
}

static int report_output(struct config *c, int argc, char **argv, int *i)
{
	static const char *const names[2] = { "--html", "--svg" };
	const char **slots[2] = { &c->html_out, &c->svg_out };

	return value_option(names, slots, argc, argv, i);
}

static int doctor_option(struct config *c, int argc, char **argv, int *i)
{
	static const char *const names[2] = { "--engine-rules", "--engine" };
	const char **slots[2] = { &c->engine_rules, &c->doctor_engine };

	return value_option(names, slots, argc, argv, i);
}

static int diff_option(struct config *c, int argc, char **argv, int *i)
{
	static const char *const names[2] = { "--max-regression", "--markdown" };
	const char **slots[2] = { &c->max_regression, &c->diff_markdown };

	return value_option(names, slots, argc, argv, i);
}

/* validate FILE..., table REPORT... [--notebook FILE] [--check], and
 * report REPORT... --html FILE --svg FILE */
/* table's --notebook FILE, --check and --conformance, as value_option */
static int table_option(struct config *c, int argc, char **argv, int *i)
{
	if (!strcmp(argv[*i], "--check"))
		c->check_only = true;
	else if (!strcmp(argv[*i], "--conformance"))
		c->conformance = true;
	else if (!strncmp(argv[*i], "--notebook=", 11))
		c->notebook = argv[*i] + 11;
	else if (strcmp(argv[*i], "--notebook"))
		return 0;
	else if (*i + 1 < argc)
		c->notebook = argv[++*i];
	else
		return -1;
	return 1;
}

/* an option of the file command's own, as value_option */
static int command_option(struct config *c, int argc, char **argv, int *i)
{
	switch (c->cmd) {
	case CMD_TABLE:
		return table_option(c, argc, argv, i);
	case CMD_DOCTOR:
		return doctor_option(c, argc, argv, i);
	case CMD_DIFF:
		return diff_option(c, argc, argv, i);
	case CMD_REPORT:
		return report_output(c, argc, argv, i);
	default:
		return 0;
	}
}

/* what the file commands need besides their options */
static int check_files(const struct config *c, const char *name, char *err, size_t errlen)
{
	if (!c->n_files)
		snprintf(err, errlen, "%s needs at least one %s", name,
			 c->cmd == CMD_VALIDATE ? "FILE"
			 : c->cmd == CMD_DOCTOR ? "LOG"
						: "REPORT.json");
	else if (c->cmd == CMD_DIFF && c->n_files != 2)
		snprintf(err, errlen, "diff needs two reports: BASE.json NEW.json");
	else if (c->cmd == CMD_REPORT && !c->html_out && !c->svg_out)
		snprintf(err, errlen, "report needs --html FILE, --svg FILE or both");
	else if (c->cmd == CMD_REPORT && c->svg_out && c->n_files > 1)
		snprintf(err, errlen, "--svg draws one report's map: give it one REPORT.json");
	else if (c->check_only && !c->notebook)
		snprintf(err, errlen, "--check needs --notebook FILE");
	else
		return 0;
	return -1;
}

static int parse_files(struct config *c, int argc, char **argv, char *err, size_t errlen)
{
	int i, out;

	c->files = xcalloc((size_t)argc, sizeof(char *));
	if (!c->files) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			c->help = true;
			return 0;
		}
		if ((out = command_option(c, argc, argv, &i)) < 0) {
			snprintf(err, errlen, "'%s' needs a value", argv[i]);
			return -1;
		} else if (out) {
			continue;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			snprintf(err, errlen, "unknown option '%s' for %s", argv[i], argv[1]);
			return -1;
		}
		c->files[c->n_files++] = argv[i];
	}
	return check_files(c, argv[1], err, errlen);
}

bool config_recorded(const char *arg, bool *next_is_value)
{
	bool inline_value;
	const struct option *o = option_of(arg, &inline_value);

	*next_is_value = o && !inline_value && takes_value(o);
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
