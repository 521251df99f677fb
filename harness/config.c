/* SPDX-License-Identifier: Apache-2.0 */
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
#include "buf.h"
#include "file.h"
#include "http.h"
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

/* how an option travels */
enum opt_flags {
	OPT_RECORDED = 1, /* kept in a recording, and taken from one by replay */
	OPT_MANY = 2,	  /* repeatable: values add up, never contradict */
	OPT_NO_VALUE = 4, /* an OPT_CALL row that takes no value */
};

/* the groups of the help, in order */
enum opt_group {
	G_TARGET,
	G_PROBES,
	G_THINKING,
	G_MODES,
	G_MEDIA,
	G_LIMITS,
	G_ENGINE,
	G_OUTPUT,
	G_GATE,
	G_NOTEBOOK,
	G_COMPARE,
	G_N
};

static const char *const group_names[G_N] = {
	[G_TARGET] = "endpoint and model",
	[G_PROBES] = "probes and needles",
	[G_THINKING] = "thinking and budget",
	[G_MODES] = "how probes are sent",
	[G_MEDIA] = "image and video",
	[G_LIMITS] = "limits and TLS",
	[G_ENGINE] = "engine logs",
	[G_OUTPUT] = "outputs",
	[G_GATE] = "the CI gate",
	[G_NOTEBOOK] = "the notebook",
	[G_COMPARE] = "the comparison",
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
	unsigned commands;	/* CMD_BIT()s of the commands that take it */
	unsigned flags;		/* enum opt_flags */
	enum opt_group group;	/* where the help lists it */
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
static int set_engine(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen);

#define OFF(f) offsetof(struct config, f)

/* who takes an option */
#define RUN	CMD_BIT(CMD_RUN)
#define CONFORM CMD_BIT(CMD_CONFORM)
#define REPLAY	CMD_BIT(CMD_REPLAY)
#define COMPARE CMD_BIT(CMD_COMPARE)
#define LIVE	(RUN | CONFORM)
#define NET	(RUN | CONFORM | COMPARE) /* the options of any command that sends requests */
#define RUNS	(RUN | CONFORM | REPLAY)
#define REC	OPT_RECORDED
/* the limit that --max-regression shows as its default; diff.h's
 * DIFF_LIMITS_DEFAULT, pinned by a test (config knows no report) */
#define GATE_LIMITS "decode=5%,ttft=10%,prefill=10%"

/* every option, in the order the help lists them within each group */
static const struct option options[] = {
	{ .name = "--endpoint",
	  .arg = "URL",
	  .kind = OPT_STR,
	  .offset = OFF(endpoint),
	  .help = "base URL with /v1, or OPENAI_BASE_URL",
	  .commands = NET,
	  .flags = REC,
	  .group = G_TARGET,
	  .recipe_key = "endpoint" },
	{ .name = "--base-url",
	  .arg = "URL",
	  .kind = OPT_STR,
	  .offset = OFF(endpoint),
	  .help = "same as --endpoint",
	  .commands = NET,
	  .flags = REC,
	  .group = G_TARGET },
	{ .name = "--model",
	  .arg = "ID",
	  .kind = OPT_STR,
	  .offset = OFF(model),
	  .help = "model; by default the only one in /v1/models",
	  .commands = NET,
	  .flags = REC,
	  .group = G_TARGET,
	  .recipe_key = "model" },
	{ .name = "--api-key-env",
	  .arg = "NAME",
	  .kind = OPT_STR,
	  .offset = OFF(api_key_env),
	  .def = "OPENAI_API_KEY",
	  .help = "variable holding the key",
	  .commands = NET,
	  .group = G_TARGET },
	{ .name = "--recipe",
	  .arg = "FILE",
	  .kind = OPT_CALL,
	  .offset = OFF(recipe),
	  .help = "settings and notebook metadata from a recipe (flags win)",
	  .commands = NET,
	  .flags = REC,
	  .group = G_TARGET,
	  .set = set_recipe },
	{ .name = "--wait",
	  .arg = "SECONDS",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(wait),
	  .lo = 0,
	  .hi = 86400,
	  .def = "0",
	  .help = "wait for a server still loading",
	  .commands = LIVE,
	  .flags = REC,
	  .group = G_TARGET,
	  .recipe_key = "wait" },
	{ .name = "--probes",
	  .arg = "DIR",
	  .kind = OPT_STR,
	  .offset = OFF(probes_dir),
	  .help = "probe folder; by default PREFLIGHT_PROBES or the bundled probes",
	  .commands = LIVE | CMD_BIT(CMD_LIST),
	  .group = G_PROBES },
	{ .name = "--checks",
	  .arg = "ID,ID",
	  .kind = OPT_STR,
	  .offset = OFF(checks),
	  .help = "probes (or checks) to run; by default the default ones",
	  .commands = LIVE,
	  .flags = REC,
	  .group = G_PROBES,
	  .recipe_key = "checks" },
	{ .name = "--needle-ctx",
	  .arg = "N,N,...",
	  .kind = OPT_CALL,
	  .offset = OFF(needle_ctxs),
	  .lo = 256,
	  .hi = 10000000,
	  .def = "14000",
	  .help = "needle prompt size in tokens (4k = 4000, 1M); several sizes sweep them",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_PROBES,
	  .set = set_ctxs,
	  .recipe_key = "needle_ctx" },
	{ .name = "--needle-depth",
	  .arg = "D,D,...",
	  .kind = OPT_CALL,
	  .offset = OFF(needle_depths),
	  .help = "one needle per depth, 0..1, or a range FROM:TO:STEP; by default the "
		  "probe's, 0.58",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_PROBES,
	  .set = set_depths,
	  .recipe_key = "needle_depth" },
	{ .name = "--sweep-concurrency",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(sweep_concurrency),
	  .lo = 1,
	  .hi = 64,
	  .def = "1",
	  .help = "a sweep's cells sent at once (long prefills share one GPU)",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_PROBES,
	  .recipe_key = "sweep_concurrency" },
	{ .name = "--long-tool-ctx",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(long_tool_ctx),
	  .lo = 1000,
	  .hi = 10000000,
	  .def = "110000",
	  .help = "long-tools prompt size in tokens",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_PROBES,
	  .recipe_key = "long_tool_ctx" },
	{ .name = "--tool-batch",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(tool_batch),
	  .lo = 1,
	  .hi = PROBE_BATCH_MAX,
	  .help = "tool requests sent at once, at most 128; by default the probe's, 20",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_PROBES,
	  .recipe_key = "tool_batch" },
	{ .name = "--no-thinking",
	  .kind = OPT_CALL,
	  .offset = OFF(thinking),
	  .help = "chat_template_kwargs.enable_thinking=false",
	  .commands = NET,
	  .flags = REC | OPT_NO_VALUE,
	  .group = G_THINKING,
	  .set = set_thinking_off },
	{ .name = "--thinking-mode",
	  .arg = "MODE",
	  .kind = OPT_CALL,
	  .offset = OFF(thinking),
	  .def = "default",
	  .help = "default|enabled|disabled|unsupported",
	  .commands = NET,
	  .flags = REC,
	  .group = G_THINKING,
	  .set = set_thinking_mode,
	  .recipe_key = "thinking" },
	{ .name = "--reasoning-effort",
	  .arg = "LEVEL",
	  .kind = OPT_STR,
	  .offset = OFF(reasoning_effort),
	  .help = "send reasoning_effort",
	  .commands = NET,
	  .flags = REC,
	  .group = G_THINKING,
	  .recipe_key = "reasoning_effort" },
	{ .name = "--chat-template-kwargs",
	  .arg = "JSON",
	  .kind = OPT_CALL,
	  .offset = OFF(chat_template_kwargs),
	  .help = "merged into chat_template_kwargs",
	  .commands = NET,
	  .flags = REC,
	  .group = G_THINKING,
	  .set = set_json_object,
	  .recipe_key = "chat_template_kwargs" },
	{ .name = "--extra-body",
	  .arg = "JSON",
	  .kind = OPT_CALL,
	  .offset = OFF(extra_body),
	  .help = "merged into every request body",
	  .commands = NET,
	  .flags = REC,
	  .group = G_THINKING,
	  .set = set_json_object,
	  .recipe_key = "extra_body" },
	{ .name = "--visible-answer-tokens",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(visible_tokens),
	  .lo = 1,
	  .hi = 1048576,
	  .def = "256",
	  .help = "answer budget",
	  .commands = LIVE,
	  .flags = REC,
	  .group = G_THINKING,
	  .recipe_key = "visible_answer_tokens" },
	{ .name = "--reasoning-headroom-tokens",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(headroom_tokens),
	  .lo = 0,
	  .hi = 1048576,
	  .def = "0",
	  .help = "extra budget for thinking; max_tokens = visible + headroom",
	  .commands = LIVE,
	  .flags = REC,
	  .group = G_THINKING,
	  .recipe_key = "reasoning_headroom_tokens" },
	{ .name = "--allowed-finish-reasons",
	  .arg = "LIST",
	  .kind = OPT_CALL,
	  .offset = OFF(allowed_finish),
	  .def = "stop,tool_calls",
	  .help = "finish reasons an answer may have",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_THINKING,
	  .set = set_finish_list,
	  .recipe_key = "allowed_finish_reasons" },
	{ .name = "--reasoning-evidence",
	  .arg = "POLICY",
	  .kind = OPT_CALL,
	  .offset = OFF(reasoning_evidence),
	  .def = "any",
	  .help = "any|required|forbidden reasoning on every answer",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_THINKING,
	  .set = set_policy,
	  .recipe_key = "reasoning_evidence" },
	{ .name = "--stream",
	  .kind = OPT_FLAG,
	  .offset = OFF(stream),
	  .help = "stream every probe (SSE), with speed metrics",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_MODES },
	{ .name = "--stream-parity",
	  .kind = OPT_FLAG,
	  .offset = OFF(stream_parity),
	  .help = "every probe streamed and not; verdicts must agree",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_MODES },
	{ .name = "--parallel",
	  .kind = OPT_FLAG,
	  .offset = OFF(parallel),
	  .help = "all selected probes at once",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_MODES },
	{ .name = "--repeat",
	  .arg = "K",
	  .kind = OPT_INT,
	  .offset = OFF(repeat),
	  .lo = 1,
	  .hi = PROBE_REPEAT_MAX,
	  .help = "each probe K times, pass@k and pass^k reported; by default the probe's, 1",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_MODES },
	{ .name = "--concurrency-diff",
	  .kind = OPT_FLAG,
	  .offset = OFF(concurrency_diff),
	  .help = "tool batches one at a time, then all at once",
	  .commands = RUN,
	  .flags = REC,
	  .group = G_MODES },
	{ .name = "--dry-run",
	  .kind = OPT_FLAG,
	  .offset = OFF(dry_run),
	  .help = "print the plan as JSON; send and write nothing",
	  .commands = LIVE,
	  .group = G_MODES },
	{ .name = "--image-path",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(image_path),
	  .help = "PNG, JPEG or WebP for the image and ocr probes",
	  .commands = RUN | REPLAY,
	  .group = G_MEDIA },
	{ .name = "--image-expect",
	  .arg = "TEXT",
	  .kind = OPT_CALL,
	  .offset = OFF(image_expect),
	  .help = "the image answer must hold it (repeatable)",
	  .commands = RUN,
	  .flags = REC | OPT_MANY,
	  .group = G_MEDIA,
	  .set = add_expect },
	{ .name = "--ocr-expect",
	  .arg = "TEXT",
	  .kind = OPT_CALL,
	  .offset = OFF(ocr_expect),
	  .help = "the OCR answer must hold it (repeatable)",
	  .commands = RUN,
	  .flags = REC | OPT_MANY,
	  .group = G_MEDIA,
	  .set = add_expect },
	{ .name = "--video-path",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(video_path),
	  .help = "MP4, WebM or QuickTime for the video probe",
	  .commands = RUN | REPLAY,
	  .group = G_MEDIA },
	{ .name = "--video-expect",
	  .arg = "TEXT",
	  .kind = OPT_CALL,
	  .offset = OFF(video_expect),
	  .help = "the video answer must hold it (repeatable)",
	  .commands = RUN,
	  .flags = REC | OPT_MANY,
	  .group = G_MEDIA,
	  .set = add_expect },
	{ .name = "--timeout",
	  .arg = "SECONDS",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(timeout),
	  .lo = 0.001,
	  .hi = 86400,
	  .def = "900",
	  .help = "per request",
	  .commands = NET,
	  .flags = REC,
	  .group = G_LIMITS,
	  .recipe_key = "timeout" },
	{ .name = "--retries",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(retries),
	  .lo = 0,
	  .hi = 10,
	  .def = "2",
	  .help = "tries again after a 429, or a 503 with Retry-After",
	  .commands = NET,
	  .flags = REC,
	  .group = G_LIMITS },
	{ .name = "--retry-wait-max",
	  .arg = "SECONDS",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(retry_wait_max),
	  .lo = 0,
	  .hi = 600,
	  .def = "60",
	  .help = "the longest wait before a retry, whatever Retry-After asks",
	  .commands = NET,
	  .flags = REC,
	  .group = G_LIMITS },
	{ .name = "--max-response-bytes",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(max_body),
	  .lo = 1024,
	  .hi = 1L << 32,
	  .def = "67108864",
	  .help = "cap per response body",
	  .commands = NET,
	  .flags = REC,
	  .group = G_LIMITS },
	{ .name = "--max-run-bytes",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(max_run_bytes),
	  .lo = 1024,
	  .hi = 1L << 34,
	  .def = "134217728",
	  .help = "response bytes held at once in the run",
	  .commands = RUNS,
	  .flags = REC,
	  .group = G_LIMITS },
	{ .name = "--cacert",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(cacert),
	  .help = "CA bundle for https endpoints",
	  .commands = NET,
	  .group = G_LIMITS },
	{ .name = "--insecure",
	  .kind = OPT_FLAG,
	  .offset = OFF(insecure),
	  .help = "do not verify TLS certificates (warns)",
	  .commands = NET,
	  .flags = REC,
	  .group = G_LIMITS },
	{ .name = "--engine-log",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(engine_log),
	  .help = "the engine's log (- for stdin): why it never came up, and the warnings it "
		  "gave",
	  .commands = LIVE,
	  .group = G_ENGINE },
	{ .name = "--engine-pid",
	  .arg = "PID",
	  .kind = OPT_LONG,
	  .offset = OFF(engine_pid),
	  .lo = 1,
	  .hi = 4194304,
	  .help = "the engine's process: when it ends, the wait ends and its log is read as "
		  "a death (with --engine-log)",
	  .commands = LIVE,
	  .group = G_ENGINE },
	{ .name = "--engine-rules",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(engine_rules),
	  .help = "more failure signatures, tried before the bundled ones",
	  .commands = LIVE | CMD_BIT(CMD_DOCTOR),
	  .group = G_ENGINE },
	{ .name = "--engine",
	  .arg = "NAME",
	  .kind = OPT_CALL,
	  .offset = OFF(doctor_engine),
	  .help = "only this engine's rules (vllm, sglang, llama.cpp, ollama, tgi, lmdeploy, "
		  "trt-llm, or another of their names)",
	  .set = set_engine,
	  .commands = CMD_BIT(CMD_DOCTOR),
	  .group = G_ENGINE },
	{ .name = "--exited",
	  .kind = OPT_FLAG,
	  .offset = OFF(doctor_exited),
	  .help = "the process that wrote the log has ended: a log that never reached its "
		  "ready line is a death",
	  .commands = CMD_BIT(CMD_DOCTOR),
	  .group = G_ENGINE },
	{ .name = "--context",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(doctor_context),
	  .lo = 0,
	  .hi = 64,
	  .def = "0",
	  .help = "the N lines before the engine's fatal line (a traceback's frames)",
	  .commands = CMD_BIT(CMD_DOCTOR),
	  .group = G_ENGINE },
	{ .name = "--junit",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "JUnit XML",
	  .commands = RUNS | COMPARE,
	  .group = G_OUTPUT,
	  .format = "junit" },
	{ .name = "--json",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "the JSON report",
	  .commands = RUNS | COMPARE,
	  .group = G_OUTPUT,
	  .format = "json" },
	{ .name = "--markdown",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "the notebook row (markdown)",
	  .commands = RUNS | COMPARE,
	  .group = G_OUTPUT,
	  .format = "markdown" },
	{ .name = "--html",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "the HTML report, one self-contained page",
	  .commands = RUNS | COMPARE | CMD_BIT(CMD_REPORT),
	  .group = G_OUTPUT,
	  .format = "html" },
	{ .name = "--svg",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "the long-context heat map, a standalone SVG",
	  .commands = RUN | REPLAY | CMD_BIT(CMD_REPORT),
	  .group = G_OUTPUT,
	  .format = "svg" },
	{ .name = "--metrics",
	  .arg = "FILE",
	  .kind = OPT_OUTPUT,
	  .help = "OpenMetrics text: GitLab's metrics report",
	  .commands = RUNS,
	  .group = G_OUTPUT,
	  .format = "metrics" },
	{ .name = "--record",
	  .arg = "FILE.jsonl.gz",
	  .kind = OPT_STR,
	  .offset = OFF(record),
	  .help = "record every exchange (no Authorization)",
	  .commands = LIVE | COMPARE,
	  .group = G_OUTPUT },
	{ .name = "--quiet",
	  .kind = OPT_FLAG,
	  .offset = OFF(quiet),
	  .help = "no console report and no progress: errors only (the exit code and files say "
		  "the rest)",
	  .commands = RUNS | COMPARE,
	  .group = G_OUTPUT },
	{ .name = "--verbose",
	  .kind = OPT_FLAG,
	  .offset = OFF(verbose),
	  .help = "a progress line per probe, on a terminal too; the stream figures that "
		  "could not be measured, and why",
	  .commands = RUNS | COMPARE,
	  .group = G_OUTPUT },
	{ .name = "--baseline",
	  .arg = "REPORT.json",
	  .kind = OPT_STR,
	  .offset = OFF(baseline),
	  .help = "gate on an earlier JSON report: exit 1 on a regression, 0 without",
	  .commands = RUNS,
	  .group = G_GATE },
	{ .name = "--max-regression",
	  .arg = "SPEC",
	  .kind = OPT_STR,
	  .offset = OFF(max_regression),
	  .def = GATE_LIMITS,
	  .help = "what the gate tolerates (decode=%,ttft=%,prefill=%,ttft_floor_ms=N)",
	  .commands = RUNS | CMD_BIT(CMD_DIFF),
	  .group = G_GATE },
	{ .name = "--markdown",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(diff_markdown),
	  .help = "the diff as markdown, for a pull-request comment",
	  .commands = CMD_BIT(CMD_DIFF),
	  .group = G_GATE },
	{ .name = "--conformance",
	  .kind = OPT_FLAG,
	  .offset = OFF(conformance),
	  .help = "the engine x check matrix of conform reports",
	  .commands = CMD_BIT(CMD_TABLE),
	  .group = G_NOTEBOOK },
	{ .name = "--notebook",
	  .arg = "FILE.md",
	  .kind = OPT_STR,
	  .offset = OFF(notebook),
	  .help = "update the marked block of this notebook",
	  .commands = CMD_BIT(CMD_TABLE),
	  .group = G_NOTEBOOK },
	{ .name = "--check",
	  .kind = OPT_FLAG,
	  .offset = OFF(check_only),
	  .help = "only compare: exit 1 when the notebook's block is stale",
	  .commands = CMD_BIT(CMD_TABLE),
	  .group = G_NOTEBOOK },
	{ .name = "--reference",
	  .arg = "URL",
	  .kind = OPT_STR,
	  .offset = OFF(reference),
	  .help = "the reference endpoint the candidate (--endpoint) is compared with",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "reference" },
	{ .name = "--reference-model",
	  .arg = "ID",
	  .kind = OPT_STR,
	  .offset = OFF(reference_model),
	  .help = "the reference's model; by default the only one it serves",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "reference_model" },
	{ .name = "--reference-api-key-env",
	  .arg = "NAME",
	  .kind = OPT_STR,
	  .offset = OFF(reference_api_key_env),
	  .help = "variable holding the reference's key; by default --api-key-env's",
	  .commands = COMPARE,
	  .group = G_COMPARE },
	{ .name = "--reference-thinking-mode",
	  .arg = "MODE",
	  .kind = OPT_CALL,
	  .offset = OFF(reference_thinking),
	  .help = "the reference's thinking, when it differs: default, enabled, disabled or "
		  "unsupported",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .set = set_thinking_mode },
	{ .name = "--reference-chat-template-kwargs",
	  .arg = "JSON",
	  .kind = OPT_CALL,
	  .offset = OFF(reference_chat_template_kwargs),
	  .help = "the reference's chat_template_kwargs, instead of --chat-template-kwargs",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .set = set_json_object },
	{ .name = "--reference-extra-body",
	  .arg = "JSON",
	  .kind = OPT_CALL,
	  .offset = OFF(reference_extra_body),
	  .help = "merged into the reference's requests, instead of --extra-body",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .set = set_json_object },
	{ .name = "--prompts",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(prompts),
	  .help = "prompts to compare on (JSONL); by default the built-in corpus",
	  .commands = COMPARE,
	  .group = G_COMPARE },
	{ .name = "--compare-tokens",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(compare_tokens),
	  .lo = 1,
	  .hi = 4096,
	  .def = "32",
	  .help = "tokens generated per prompt and side",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--top-logprobs",
	  .arg = "K",
	  .kind = OPT_INT,
	  .offset = OFF(top_logprobs),
	  .lo = 1,
	  .hi = 20,
	  .def = "20",
	  .help = "alternatives asked for at each position",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--realign",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(realign),
	  .lo = 0,
	  .hi = 64,
	  .def = "4",
	  .help = "after a divergence, give both sides the reference's text and go on, N "
		  "times a prompt",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--no-teacher-forcing",
	  .kind = OPT_FLAG,
	  .offset = OFF(no_teacher_forcing),
	  .help = "re-align by letting both sides continue the reference's text, even where "
		  "both can score it (vLLM's prompt_logprobs)",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--no-early-stop",
	  .kind = OPT_FLAG,
	  .offset = OFF(no_early_stop),
	  .help = "ask every prompt and dataset request, even once the candidate has drifted "
		  "beyond doubt",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--max-requests",
	  .arg = "N",
	  .kind = OPT_LONG,
	  .offset = OFF(max_requests),
	  .lo = 0,
	  .hi = 1e9,
	  .def = "0",
	  .help = "send at most N requests, both sides together (0: no cap)",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--resume",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(resume),
	  .help = "take the prompts and dataset answers an earlier --json report of this "
		  "comparison holds; ask the rest",
	  .commands = COMPARE,
	  .group = G_COMPARE },
	{ .name = "--max-kl",
	  .arg = "NATS",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(max_kl),
	  .lo = 1e-6,
	  .hi = 10,
	  .help = "same only when KL's upper bound is below; by default from the noise floor",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "max_kl" },
	{ .name = "--min-top1",
	  .arg = "SHARE",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(min_top1),
	  .lo = 0.01,
	  .hi = 1,
	  .help = "same only when top-1 agreement's lower bound is above; by default from "
		  "the noise floor",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "min_top1" },
	{ .name = "--dataset",
	  .arg = "FILE",
	  .kind = OPT_STR,
	  .offset = OFF(dataset),
	  .help = "also compare behaviour on these requests (JSONL, one chat request a line; "
		  "'builtin' for the bundled set): tool calls, arguments, finish reasons, answers",
	  .commands = COMPARE,
	  .group = G_COMPARE },
	{ .name = "--min-tool-agreement",
	  .arg = "F1",
	  .kind = OPT_DOUBLE,
	  .offset = OFF(min_tool_agreement),
	  .lo = 0.01,
	  .hi = 1,
	  .help = "with --dataset, same only when tool-call F1's lower bound is above; by "
		  "default from the noise floor",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "min_tool_agreement" },
	{ .name = "--allow-inconclusive",
	  .kind = OPT_FLAG,
	  .offset = OFF(allow_inconclusive),
	  .help = "exit 0 when the comparison cannot decide (it fails by default)",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE },
	{ .name = "--concurrency",
	  .arg = "N",
	  .kind = OPT_INT,
	  .offset = OFF(concurrency),
	  .lo = 1,
	  .hi = 256,
	  .def = "4",
	  .help = "requests in flight at once on each side",
	  .commands = COMPARE,
	  .flags = REC,
	  .group = G_COMPARE,
	  .recipe_key = "concurrency" },
};

#define N_OPTIONS (sizeof(options) / sizeof(options[0]))

/* the i-th option, NULL past the last */
static const struct option *option_at(size_t i)
{
	return i < N_OPTIONS ? &options[i] : NULL;
}

/* the row called name that cmd takes, else any row called name */
static const struct option *find_option(const char *name, enum command cmd)
{
	const struct option *any = NULL;
	size_t i;

	for (i = 0; i < N_OPTIONS; i++)
		if (!strcmp(options[i].name, name)) {
			if (options[i].commands & CMD_BIT(cmd))
				return &options[i];
			any = any ? any : &options[i];
		}
	return any;
}

bool config_option_info(size_t i, struct config_option_info *out)
{
	const struct option *o = option_at(i);

	if (!o)
		return false;
	out->name = o->name;
	out->arg = o->kind == OPT_FLAG || (o->flags & OPT_NO_VALUE) ? NULL : o->arg;
	out->help = o->help;
	out->def = o->def;
	out->group = group_names[o->group];
	out->group_rank = (int)o->group;
	out->recipe_key = o->recipe_key;
	out->format = o->format;
	out->commands = o->commands;
	out->takes_file = o->arg && (strstr(o->arg, "FILE") || strstr(o->arg, "DIR") ||
				     strstr(o->arg, ".json") || strstr(o->arg, ".gz"));
	return true;
}

/* a path that is this process's stdout */
static bool is_stdout(const char *path)
{
	return path && (!strcmp(path, "-") || !strcmp(path, "/dev/stdout") ||
			!strcmp(path, "/dev/fd/1") || !strcmp(path, "/proc/self/fd/1"));
}

bool config_stdout_taken(const struct config *c)
{
	size_t i;

	for (i = 0; i < c->n_outputs; i++)
		if (is_stdout(c->outputs[i].path))
			return true;
	return is_stdout(c->diff_markdown);
}

const char *config_output(const struct config *c, const char *format)
{
	size_t i;

	for (i = 0; i < c->n_outputs; i++)
		if (!strcmp(c->outputs[i].format, format))
			return c->outputs[i].path;
	return NULL;
}

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
		size_t j;

		if (c->n_needle_depths == CONFIG_MAX_DEPTHS) {
			snprintf(why, n, "at most %d depths", CONFIG_MAX_DEPTHS);
			return -1;
		}
		/* a depth given twice is one cell, as a size is (depths closer than
		 * 0.0001% too: a cell's name tells depths apart to that) */
		for (j = 0; j < c->n_needle_depths; j++)
			if (fabs(c->needle_depths[j] - (x > 1 ? 1 : x)) < 1e-6)
				break;
		if (j == c->n_needle_depths)
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
			enum thinking_mode *slot =
				(enum thinking_mode *)(void *)((char *)c + o->offset);

			*slot = (enum thinking_mode)i;
			if (slot == &c->reference_thinking)
				c->reference_thinking_given = true;
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

/* an engine by any of its names, through the registry */
static int set_engine(struct config *c, const struct option *o, const char *val, char *err,
		      size_t errlen)
{
	if ((c->doctor_engine = engine_named(val)) != ENGINE_UNKNOWN)
		return 0;
	snprintf(err, errlen, "%s: '%s' is not an engine: %s", o->name, val, engine_keys());
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
	c->outputs[c->n_outputs].option = o->name;
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

/* A base URL as libcurl reads it (http.h): http or https, a host, no
 * credentials (the key has its own variable), no query or fragment. */
static int check_endpoint(const char *url, char *err, size_t errlen)
{
	struct http_url u;
	char why[200];
	bool web = !strncmp(url, "http://", 7) || !strncmp(url, "https://", 8);

	if (!web || http_url_parse(url, &u, why, sizeof(why))) {
		if (web)
			snprintf(err, errlen, "endpoint '%s' is not a URL: %s", url, why);
		else
			snprintf(err, errlen, "endpoint '%s' must start with http:// or https://",
				 url);
		return -1;
	}
	/* libcurl reads "http:///v1" as the host "v1" */
	if (!u.has_host || url[strlen(u.scheme) + 3] == '/') {
		snprintf(err, errlen, "endpoint '%s' has no host", url);
		return -1;
	}
	if (u.has_user) {
		snprintf(err, errlen, "the endpoint must not hold credentials; use --api-key-env");
		return -1;
	}
	if (u.has_query || u.has_fragment || !text_valid_utf8(url, strlen(url))) {
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

	if (o->flags & OPT_MANY)
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
	return o->kind != OPT_FLAG && !(o->flags & OPT_NO_VALUE);
}

/* the option an argument names (--name or --name=value) for cmd, or NULL */
static const struct option *option_of(const char *arg, enum command cmd, bool *inline_value)
{
	const char *eq = strchr(arg, '=');
	char name[64];

	*inline_value = eq != NULL;
	if (eq && eq - arg < (long)sizeof(name))
		snprintf(name, sizeof(name), "%.*s", (int)(eq - arg), arg);
	else
		snprintf(name, sizeof(name), "%s", arg);
	return find_option(name, cmd);
}

/* "replay takes only --junit, ..." (a short list) or "conform takes no
 * --stream (see ...)", from the table */
static void not_taken(const struct config *c, const struct option *o, char *err, size_t errlen)
{
	const struct option *p, *last = NULL;
	struct buf b = BUF_INIT(0);
	size_t i, n = 0;

	for (i = 0; (p = option_at(i)); i++)
		n += (p->commands & CMD_BIT(c->cmd)) != 0;
	if (n > 16 || !n) {
		snprintf(err, errlen, "%s takes no %s (preflight help %s lists what it takes)",
			 c->command->name, o->name, c->command->name);
		return;
	}
	buf_printf(&b, "%s takes only", c->command->name);
	for (i = 0; (p = option_at(i)); i++)
		if (p->commands & CMD_BIT(c->cmd)) {
			if (last)
				buf_printf(&b, "%s %s", b.len > 24 ? "," : "", last->name);
			last = p;
		}
	buf_printf(&b, "%s %s", n > 1 ? " and" : "", last->name);
	snprintf(err, errlen, "%s, not %s", buf_cstr(&b), o->name);
	buf_release(&b);
}

/* args[*i] as an option of c's command and its value (the next argument,
 * or after '=') */
static const struct option *option_arg(const struct config *c, char **args, int n, int *i,
				       const char **val, char *err, size_t errlen)
{
	const char *arg = args[*i];
	const struct option *o;
	bool inline_value;

	if (!(o = option_of(arg, c->cmd, &inline_value))) {
		snprintf(err, errlen, "unknown option '%s' (try 'preflight help %s')", arg,
			 c->command->name);
		return NULL;
	}
	if (!(o->commands & CMD_BIT(c->cmd))) {
		not_taken(c, o, err, errlen);
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

/* an argument that is not an option: a file of the file commands */
static int positional(struct config *c, const char *arg, char *err, size_t errlen)
{
	if (c->command->args != ARGS_FILES) {
		snprintf(err, errlen, "%s takes no argument '%s' (try 'preflight help %s')",
			 c->command->name, arg, c->command->name);
		return -1;
	}
	c->files[c->n_files++] = arg;
	return 0;
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
		if ((args[i][0] != '-' || !args[i][1]) && !source) {
			if (positional(c, args[i], err, errlen))
				goto out;
			continue;
		}
		if (!(o = option_arg(c, args, n, &i, &val, err, errlen)))
			goto out;
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
 * error names the key's place in the file. A key whose option the command
 * does not take (a run's needle size, for conform) is the other command's
 * setting, and left alone. */
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
		if (!(o->commands & CMD_BIT(c->cmd)) ||
		    (c->cmd == CMD_CONFORM && !strcmp(st->key, "checks")))
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
	static const struct command_row run = { .name = "run", .cmd = CMD_RUN };
	struct config c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.cmd = CMD_RUN;
	c.command = &run;
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

/* Every row's default, through its own setter: the table is the only
 * place a default is written. Rows sharing a name (--markdown) set their
 * own fields. */
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

const struct command_row *config_command_named(struct command_table t, const char *name)
{
	static const struct {
		const char *alias, *name;
	} aliases[] = { { "--version", "version" }, { "--help", "help" }, { "-h", "help" } };
	size_t i;

	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcmp(name, aliases[i].alias))
			name = aliases[i].name;
	for (i = 0; i < t.n; i++)
		if (!strcmp(name, t.rows[i].name))
			return &t.rows[i];
	return NULL;
}

static int parse_command(struct config *c, const char *name, char *err, size_t errlen)
{
	const struct command_row *cmd = config_command_named(c->commands, name);

	if (!cmd) {
		snprintf(err, errlen, "unknown command '%s' (try 'preflight help')", name);
		return -1;
	}
	c->command = cmd;
	c->cmd = cmd->cmd;
	return 0;
}

/* what a run needs beyond single options: an endpoint, the key's
 * variable, a readable --cacert, a budget that fits */
static int check_run(struct config *c, char *err, size_t errlen)
{
	if (c->engine_pid && !c->engine_log) {
		snprintf(
			err, errlen,
			"--engine-pid needs --engine-log FILE: the log says why the process ended");
		return -1;
	}
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

/* what compare needs besides a run's: a reference that is a URL, its
 * key's variable, a readable --prompts */
static int check_compare(struct config *c, char *err, size_t errlen)
{
	const char *env = c->reference_api_key_env ? c->reference_api_key_env : c->api_key_env;

	if (!c->reference || !*c->reference) {
		snprintf(err, errlen,
			 "compare needs --reference URL: the endpoint the candidate is compared "
			 "with");
		return -1;
	}
	if (check_endpoint(c->reference, err, errlen))
		return -1;
	c->reference_api_key = getenv(env);
	if (!c->reference_api_key && c->reference_api_key_env) {
		snprintf(err, errlen, "environment variable %s is not set", env);
		return -1;
	}
	if (c->prompts) {
		char why[512];
		int fd = file_open_regular(c->prompts, why, sizeof(why));

		if (fd < 0) {
			snprintf(err, errlen, "--prompts: %s", why);
			return -1;
		}
		close(fd);
	}
	return 0;
}

/* what the file commands need besides their options */
static int check_files(const struct config *c, char *err, size_t errlen)
{
	const char *name = c->command->name;

	if (!c->n_files)
		snprintf(err, errlen, "%s needs at least one %s", name,
			 c->cmd == CMD_VALIDATE ? "FILE"
			 : c->cmd == CMD_DOCTOR ? "LOG"
						: "REPORT.json");
	else if (c->cmd == CMD_DIFF && c->n_files != 2)
		snprintf(err, errlen, "diff needs two reports: BASE.json NEW.json");
	else if (c->cmd == CMD_REPORT && !config_output(c, "html") && !config_output(c, "svg"))
		snprintf(err, errlen, "report needs --html FILE, --svg FILE or both");
	else if (c->cmd == CMD_REPORT && config_output(c, "svg") && c->n_files > 1)
		snprintf(err, errlen, "--svg draws one report's map: give it one REPORT.json");
	else if (c->check_only && !c->notebook)
		snprintf(err, errlen, "--check needs --notebook FILE");
	else
		return 0;
	return -1;
}

/* the arguments before the options: replay's RECORDING, completion's
 * SHELL, help's COMMAND. Returns the index of the first option, 0 when
 * nothing more is to be parsed, or -1 with err. */
static int leading_args(struct config *c, int argc, char **argv, char *err, size_t errlen)
{
	const char *first = argc > 2 ? argv[2] : NULL;
	bool asks_help = first && (!strcmp(first, "--help") || !strcmp(first, "-h"));

	switch (c->command->args) {
	case ARGS_COMMAND: /* preflight help COMMAND is COMMAND --help */
		if (first && parse_command(c, first, err, errlen))
			return -1;
		c->help = true;
		return 0;
	case ARGS_SHELL:
		c->help = asks_help;
		c->shell = first ? first : "";
		if (!asks_help && strcmp(c->shell, "bash") && strcmp(c->shell, "zsh")) {
			snprintf(err, errlen, "completion needs a shell: bash or zsh");
			return -1;
		}
		return 0;
	case ARGS_RECORDING:
		if (asks_help) {
			c->help = true;
			return 0;
		}
		if (!first || first[0] == '-') {
			snprintf(err, errlen, "replay needs a RECORDING file");
			return -1;
		}
		c->recording = first;
		c->max_run_bytes = 0; /* 0: the recording reader's own bound */
		return 3;
	default:
		return 2;
	}
}

int config_parse(struct command_table t, int argc, char **argv, struct config *c, char *err,
		 size_t errlen)
{
	return config_parse_with(t, argc, argv, NULL, c, err, errlen);
}

int config_parse_with(struct command_table t, int argc, char **argv,
		      const struct recipe_text *recipe, struct config *c, char *err, size_t errlen)
{
	int first, i;

	memset(c, 0, sizeof(*c));
	c->argv = argv;
	c->argc = argc;
	c->commands = t;
	if (set_defaults(c, err, errlen) ||
	    parse_command(c, argc > 1 ? argv[1] : "help", err, errlen))
		return -1;
	/* every report is valid UTF-8, so every argument must be */
	for (i = 1; i < argc; i++)
		if (!text_valid_utf8(argv[i], strlen(argv[i]))) {
			snprintf(err, errlen, "argument %d is not valid UTF-8", i);
			return -1;
		}
	if ((first = leading_args(c, argc, argv, err, errlen)) <= 0)
		return first;
	if (c->command->args == ARGS_FILES && !(c->files = xcalloc((size_t)argc, sizeof(char *)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if ((c->cmd == CMD_RUN || c->cmd == CMD_CONFORM || c->cmd == CMD_COMPARE) &&
	    load_recipe(c, argv + first, argc - first, recipe, err, errlen))
		return -1;
	if (parse_options(c, argv + first, argc - first, NULL, err, errlen))
		return -1;
	if (c->help)
		return 0;
	if (c->cmd == CMD_RUN || c->cmd == CMD_CONFORM)
		return check_run(c, err, errlen);
	if (c->cmd == CMD_COMPARE)
		return check_run(c, err, errlen) || check_compare(c, err, errlen) ? -1 : 0;
	return c->command->args == ARGS_FILES ? check_files(c, err, errlen) : 0;
}

bool config_recorded(const char *arg, enum command cmd, bool *next_is_value)
{
	bool inline_value;
	const struct option *o = option_of(arg, cmd, &inline_value);

	*next_is_value = o && !inline_value && takes_value(o);
	return o && (o->commands & CMD_BIT(cmd)) && (o->flags & OPT_RECORDED);
}

int config_check_recorded(const char *const *args, int n, enum command cmd, char *err,
			  size_t errlen)
{
	int i;

	for (i = 0; i < n; i++) {
		bool value;

		if (!config_recorded(args[i], cmd, &value)) {
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
	cJSON_Delete(c->reference_chat_template_kwargs);
	cJSON_Delete(c->reference_extra_body);
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
