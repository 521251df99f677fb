/* SPDX-License-Identifier: Apache-2.0 */
/* cmd_run — run and replay: checks before any request, the plan, the
 * runner, then the reports (files first, the console last); see
 * commands.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "commands.h"
#include "diff.h"
#include "file.h"
#include "json.h"
#include "media.h"
#include "model.h"
#include "plan.h"
#include "recording.h"
#include "render.h"
#include "report.h"
#include "runner.h"
#include "say.h"
#include "secret.h"
#include "table.h"
#include "text.h"

/* what one run holds besides the config, released in one place */
struct session {
	const struct config *c;
	const volatile sig_atomic_t *stop;
	struct media image, video;
	struct recording *rec; /* --record */
	struct plan plan;
	struct runner_hooks hooks;
	struct http_tap tap;
	struct model *baseline;	   /* --baseline, read before anything is sent */
	struct engine_watch watch; /* --engine-log */
	bool tty;		   /* live progress on stderr */
	size_t done;		   /* items finished, for the progress line */
};

static void session_release(struct session *s)
{
	media_release(&s->image);
	media_release(&s->video);
	recording_free(s->rec);
	plan_release(&s->plan);
	model_free(s->baseline);
	engine_watch_close(&s->watch);
}

/* runner_hooks.event; called under the runner's lock */
static void progress(void *ctx, enum runner_event ev, const struct run_result *r, size_t i,
		     const char *text)
{
	struct session *s = ctx;
	bool tty = s->tty && !s->c->verbose;
	const struct probe_result *p = &r->probes[i];

	if (ev == RUNNER_PROBE_DONE)
		s->done++;
	if (s->c->quiet)
		return;
	if (ev == RUNNER_WAITING) {
		struct buf b = BUF_INIT(0);

		if (!buf_printf(&b, "%s\n", text))
			say(SAY_ERR, buf_cstr(&b));
		buf_release(&b);
	} else if (tty && ev == RUNNER_PROBE_START) {
		say_printf(SAY_ERR, "\r\033[K[%zu/%zu] %s%s%s ...", s->done, r->n_probes,
			   p->probe->title, p->variant[0] ? " " : "", p->variant);
		say_flush(SAY_ERR);
	} else if (tty && ev == RUNNER_PROBE_DONE) {
		say_printf(SAY_ERR, "\r\033[K");
		say_flush(SAY_ERR);
	} else if (!tty && ev == RUNNER_PROBE_DONE) {
		say_printf(SAY_ERR, "[%zu/%zu] %s%s: %s\n", s->done, r->n_probes, p->probe->id,
			   p->variant,
			   p->probe->conform ? conform_status_name(p->conform)
					     : verdict_name(p->verdict));
	}
}

/* Writes every report asked for. Returns 0, or -1 when one could not be
 * written (each named, with the reason; the others are still written). */
static int write_reports(const struct config *c, const struct model *m)
{
	char err[1024];
	size_t i;
	int rc = 0;

	for (i = 0; i < c->n_outputs; i++) {
		const struct report_format *f = report_format_named(c->outputs[i].format);

		if (!f || (!m->endpoint.usable && !f->on_unusable))
			continue;
		if (report_write(f->name, m, c->outputs[i].path, err, sizeof(err))) {
			say_error("%s", err);
			rc = -1;
		}
	}
	return rc;
}

/* every file the run will write: the reports, then the recording */
static size_t output_files(const struct config *c, const char *flags[], const char *paths[])
{
	size_t i, n = 0;

	for (i = 0; i < c->n_outputs; i++) {
		flags[n] = c->outputs[i].option;
		paths[n++] = c->outputs[i].path;
	}
	if (c->record) {
		flags[n] = "--record";
		paths[n++] = c->record;
	}
	return n;
}

/* a notebook given as --markdown would lose everything but one row */
static int check_not_notebook(const struct config *c, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	const char *md = NULL;
	char why[600];
	size_t i;
	int rc = 0;

	for (i = 0; i < c->n_outputs; i++)
		if (!strcmp(c->outputs[i].format, "markdown"))
			md = c->outputs[i].path;
	if (md && file_read(md, 256u << 20, &text, why, sizeof(why)) == 0) {
		bool results = strstr(buf_cstr(&text), TABLE_BEGIN) != NULL;
		bool matrix = strstr(buf_cstr(&text), TABLE_CONFORMANCE_BEGIN) != NULL;

		if (results || matrix) {
			snprintf(err, errlen,
				 "'%s' holds a %s block (%s): --markdown would replace the whole "
				 "notebook; update it with: preflight table %sREPORT.json "
				 "--notebook %s",
				 md, results ? "results" : "conformance",
				 results ? TABLE_BEGIN : TABLE_CONFORMANCE_BEGIN,
				 results ? "" : "--conformance ", md);
			rc = -1;
		}
	}
	buf_release(&text);
	return rc;
}

int commands_check_outputs(const struct config *c, const char *input, char *err, size_t errlen)
{
	const char *flags[CONFIG_MAX_OUTPUTS + 1], *paths[CONFIG_MAX_OUTPUTS + 1];
	size_t n = output_files(c, flags, paths), i, k;

	for (i = 0; i < n; i++) {
		if (!strcmp(paths[i], "-")) { /* stdout: one report there, never the recording */
			for (k = 0; k < i; k++)
				if (!strcmp(paths[k], "-")) {
					snprintf(err, errlen,
						 "%s and %s both write to stdout ('-')", flags[k],
						 flags[i]);
					return -1;
				}
			if (!strcmp(flags[i], "--record")) {
				snprintf(err, errlen, "--record needs a file, not stdout");
				return -1;
			}
			continue;
		}
		if (file_check_writable(paths[i], err, errlen))
			return -1;
		for (k = 0; k < i; k++)
			if (file_same(paths[k], paths[i])) {
				snprintf(err, errlen, "%s and %s name the same file '%s'", flags[k],
					 flags[i], paths[i]);
				return -1;
			}
		if (input && file_same(input, paths[i])) {
			snprintf(err, errlen,
				 "%s would overwrite the recording '%s' being replayed", flags[i],
				 input);
			return -1;
		}
	}
	return check_not_notebook(c, err, errlen);
}

/* The key of a live run: refused when it cannot be sent safely (exit 2
 * before any request), warned about when too short to scrub. */
static int check_key(const struct config *c, char *err, size_t errlen)
{
	char why[256];

	if (!c->api_key || !*c->api_key)
		return 0;
	if (secret_check(c->api_key, why, sizeof(why))) {
		snprintf(err, errlen, "the key in %s %s", c->api_key_env, why);
		return -1;
	}
	if (strlen(c->api_key) < SECRET_MIN_LEN)
		say_error("warning: the key in %s is shorter than %d characters: it is sent, but "
			  "never searched for in what the endpoint sends back",
			  c->api_key_env, SECRET_MIN_LEN);
	return 0;
}

/* image, ocr and video probes need their files and expectations, and a
 * needle its minimum size: a usage error before any request otherwise */
static int check_media_flags(const struct plan *pl, char *err, size_t errlen)
{
	const struct config *c = pl->c;
	size_t i;

	for (i = 0; i < pl->n; i++) {
		const struct probe *p = pl->items[i].probe;
		const long target = pl->items[i].needle_target;
		struct grade_policy pol;

		/* a haystack asked smaller than the probe's own floor cannot pass */
		if (p->needle && target < p->needle->min_prompt_tokens) {
			snprintf(err, errlen,
				 "probe '%s' needs a haystack of at least %ld tokens; %s %ld is "
				 "below it",
				 p->id, p->needle->min_prompt_tokens,
				 p->needle->size == NEEDLE_SIZE_LONG_TOOL_CTX ? "--long-tool-ctx"
									      : "--needle-ctx",
				 target);
			return -1;
		}
		if (p->media && !strcmp(p->media, "image") && !c->image_path) {
			snprintf(err, errlen, "probe '%s' needs --image-path FILE", p->id);
			return -1;
		}
		if (p->media && !strcmp(p->media, "video") && !c->video_path) {
			snprintf(err, errlen, "probe '%s' needs --video-path FILE", p->id);
			return -1;
		}
		plan_policy(pl, &pl->items[i], &p->expect, &pol);
		if (p->expect.contains_from && !pol.n_expected) {
			snprintf(err, errlen, "probe '%s' needs at least one --%s TEXT", p->id,
				 p->expect.contains_from);
			return -1;
		}
	}
	return 0;
}

int commands_header_start(const struct config *c, struct recording_header *h)
{
	int k;

	memset(h, 0, sizeof(*h));
	h->conform = c->cmd == CMD_CONFORM;
	h->compare = c->cmd == CMD_COMPARE;
	if (!(h->args = xcalloc((size_t)c->argc + 1, sizeof(char *))))
		return -1;
	for (k = 2; k < c->argc; k++) {
		bool value;

		if (config_recorded(c->argv[k], c->cmd, &value)) {
			h->args[h->n_args++] = c->argv[k];
			if (value && k + 1 < c->argc)
				h->args[h->n_args++] = c->argv[++k];
		} else if (value) {
			k++;
		}
	}
	if (c->recipe) {
		h->recipe.path = c->recipe->path;
		h->recipe.text = c->recipe->text;
	}
	return 0;
}

/* the recording's first line: the options a recording keeps, the recipe
 * and the probes, whole */
static char *header_of(const struct config *c, const struct probe_set *set)
{
	struct recording_header h;
	char *text = NULL;
	size_t i;

	if (commands_header_start(c, &h))
		return NULL;
	h.probes = xcalloc(set->n + 1, sizeof(*h.probes));
	for (i = 0; h.probes && i < set->n; i++, h.n_probes++) {
		h.probes[i].path = set->items[i]->path;
		h.probes[i].text = set->items[i]->text;
	}
	if (h.args && h.probes)
		text = recording_header_json(&h);
	free(h.args); /* the strings are borrowed */
	free(h.probes);
	return text;
}

/* --baseline: the earlier report, read before anything is sent, so a
 * missing or broken one is exit 2 (as a bad --max-regression is) */
static int read_baseline(struct session *s)
{
	struct diff_limits l;
	char err[1024];

	diff_limits_default(&l);
	if (diff_limits_parse(s->c->max_regression, &l, err, sizeof(err))) {
		say_error("%s", err);
		return -1;
	}
	if (!s->c->baseline)
		return 0;
	if (!(s->baseline = json_read_file(s->c->baseline, err, sizeof(err)))) {
		say_error("--baseline %s", err);
		return -1;
	}
	return 0;
}

/* Checks, the plan, media and the tap, all before any request. Returns 0,
 * or EXIT_USAGE after saying why. A dry run stops after the checks. */
static int prepare(struct session *s, struct probe_set *set, struct recording *replay,
		   const char *input)
{
	const struct config *c = s->c;
	char err[1024];

	if ((!replay && check_key(c, err, sizeof(err))) ||
	    commands_check_outputs(c, input, err, sizeof(err)) ||
	    probe_set_select(set, c->checks, err, sizeof(err)))
		goto usage;
	if (plan_build(c, set, &s->plan)) {
		snprintf(err, sizeof(err), "out of memory");
		goto usage;
	}
	if (check_media_flags(&s->plan, err, sizeof(err)))
		goto usage;
	if (read_baseline(s) || engine_watch_open(&s->watch, c, s->stop))
		return EXIT_USAGE;
	if (s->watch.active) {
		s->hooks.engine_poll = engine_watch_poll;
		s->hooks.engine_explain = engine_watch_explain;
		s->hooks.engine_ctx = &s->watch;
	}
	if (c->dry_run)
		return 0;
	if ((c->image_path &&
	     media_load(c->image_path, MEDIA_IMAGE, &s->image, err, sizeof(err))) ||
	    (c->video_path && media_load(c->video_path, MEDIA_VIDEO, &s->video, err, sizeof(err))))
		goto usage;
	if (replay) {
		recording_replay_tap(replay, &s->tap);
		s->hooks.offline = true;
	} else if (c->record) {
		const struct secret *keys[RECORDING_MAX_KEYS];
		size_t n = say_keys(keys);
		char *meta = header_of(c, set);

		s->rec = meta ? recording_create(c->record, keys, n, meta, err, sizeof(err)) : NULL;
		if (!meta)
			snprintf(err, sizeof(err), "out of memory");
		free(meta);
		if (!s->rec)
			goto usage;
		recording_tap(s->rec, &s->tap);
	}
	s->hooks.tap = replay || s->rec ? &s->tap : NULL;
	return 0;
usage:
	say_error("%s", err);
	return EXIT_USAGE;
}

/* --dry-run: the plan as JSON on stdout; nothing is sent or written */
static int print_plan(const struct plan *pl)
{
	char *text = plan_json(pl);

	if (!text) {
		say_error("out of memory");
		return EXIT_USAGE;
	}
	say(SAY_OUT, text); /* --chat-template-kwargs may hold anything */
	say(SAY_OUT, "\n");
	free(text);
	return EXIT_PASS;
}

/* the exit code of a finished run whose reports were written: the
 * class's, or 128+N after signal N */
static int exit_code(const struct session *s, const struct model *m)
{
	return *s->stop ? 128 + *s->stop : model_exit(m);
}

/* The run for the CI it runs in, then --baseline's gate: a regression is
 * exit 1 and none 0, whatever the verdicts; an unusable endpoint (3), a
 * lost report (4) and a signal keep their codes. */
static int ci_and_gate(struct session *s, const struct model *m, int code)
{
	int gate;

	commands_ci_report(m);
	if (!s->baseline)
		return code;
	gate = commands_gate(s->baseline, m, s->c->max_regression, NULL, s->c->quiet, 0);
	return code == EXIT_PASS || code == EXIT_FAILED ? gate : code;
}

/* A sweep says what it will send before it sends anything. */
static void announce_sweep(const struct plan *pl)
{
	struct plan_totals t;
	struct buf b = BUF_INIT(0);

	plan_totals(pl, &t);
	if (!t.cells || pl->c->quiet)
		return;
	if (!buf_printf(&b,
			"sweep: %d cells over %d sizes, %.0f answers and up to %d sizing counts, "
			"%.0f haystack tokens in all, %d at a time\n",
			t.cells, t.sizes, t.answers, 3 * t.sizing, t.needle_tokens,
			pl->c->sweep_concurrency > 1 ? pl->c->sweep_concurrency : 1))
		say(SAY_ERR, buf_cstr(&b));
	buf_release(&b);
}

/* The run itself, its model, then the files, then the console. */
static int execute(struct session *s)
{
	struct buf console = BUF_INIT(0), fitted = BUF_INIT(0);
	struct run_result r;
	struct model *m;
	char err[1024];
	int code = EXIT_PASS,
	    console_fd = config_stdout_taken(s->c) ? STDERR_FILENO : STDOUT_FILENO;

	s->hooks.image = s->c->image_path ? &s->image : NULL;
	s->hooks.video = s->c->video_path ? &s->video : NULL;
	s->hooks.event = progress;
	s->hooks.ctx = s;
	announce_sweep(&s->plan);
	s->hooks.cancel = s->stop;
	if (runner_run(&s->plan, &s->hooks, &r, err, sizeof(err)) != RUNNER_OK) {
		say_error("%s", err);
		run_result_release(&r);
		return EXIT_USAGE;
	}
	/* one model of the run, every output rendered from it */
	r.signal = *s->stop;
	if (!(m = model_from_result(&r))) {
		say_error("cannot render the reports: out of memory");
		recording_free(s->rec);
		s->rec = NULL;
		run_result_release(&r);
		return *s->stop ? 128 + *s->stop : EXIT_WRITE;
	}
	/* the files first: a closed stdout must not cost a report */
	if (write_reports(s->c, m))
		code = EXIT_WRITE;
	if (s->rec && recording_finish(s->rec, err, sizeof(err))) {
		say_error("%s", err);
		code = EXIT_WRITE;
	}
	s->rec = NULL; /* finished or not, recording_finish freed it */
	/* a report on stdout ('-') keeps it: the console report goes to stderr;
	 * on a terminal (or with $COLUMNS) its lines fit, the reports hold all */
	if (!s->c->quiet && report_console_render(m, isatty(console_fd) && s->c->color,
						  s->c->verbose, &console) == 0) {
		int cols = say_columns(console_fd);

		if (cols && text_fit_columns(&fitted, buf_cstr(&console), cols) == 0)
			say(SAY_OUT, buf_cstr(&fitted)); /* stderr when a report holds stdout */
		else
			say(SAY_OUT, buf_cstr(&console));
	}
	buf_release(&console);
	buf_release(&fitted);
	if (code != EXIT_WRITE)
		code = exit_code(s, m);
	code = ci_and_gate(s, m, code);
	model_free(m);
	run_result_release(&r);
	return code;
}

/* Runs the selected probes of set (live, recorded, or replayed from
 * replay, whose file is input) and returns the exit code. */
static int run_probes(const struct config *c, const volatile sig_atomic_t *stop,
		      struct probe_set *set, struct recording *replay, const char *input)
{
	struct session s;
	int code;

	memset(&s, 0, sizeof(s));
	s.c = c;
	s.stop = stop;
	s.tty = isatty(STDERR_FILENO) && c->color;
	code = prepare(&s, set, replay, input);
	if (!code)
		code = c->dry_run ? print_plan(&s.plan) : execute(&s);
	session_release(&s);
	return code;
}

static int check_kind(const struct probe_set *set, bool conform, char *err, size_t errlen);

int cmd_run(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX], err[1024];
	int code = EXIT_USAGE;

	if (probe_load_dir(commands_probe_dir(c, dir, sizeof(dir)), &set, err, sizeof(err)) ||
	    check_kind(&set, false, err, sizeof(err)))
		say_error("%s", err);
	else
		code = run_probes(c, stop, &set, NULL, NULL);
	probe_set_release(&set);
	return code;
}

/* Every probe of set is a conformance check when conform, none is when
 * not: the two commands read different folders. */
static int check_kind(const struct probe_set *set, bool conform, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (!set->items[i]->conform != !conform) {
			snprintf(err, errlen,
				 conform ? "%s: probe '%s' is not a conformance check (it has no "
					   "\"conformance\" block): preflight run runs it"
					 : "%s: probe '%s' is a conformance check: preflight "
					   "conform "
					   "runs it",
				 set->items[i]->path, set->items[i]->id);
			return -1;
		}
	return 0;
}

/* the checks' folder: DIR/conformance, or --probes DIR itself when it
 * has no such folder */
static const char *conform_dir(const struct config *c, char *buf, size_t n)
{
	char dir[PATH_MAX];
	struct stat st;

	snprintf(buf, n, "%s/conformance", commands_probe_dir(c, dir, sizeof(dir)));
	if (c->probes_dir && (stat(buf, &st) || !S_ISDIR(st.st_mode)))
		snprintf(buf, n, "%s", c->probes_dir);
	return buf;
}

int cmd_conform(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX + 16], err[1024];
	int code = EXIT_USAGE;

	if (probe_load_dir(conform_dir(c, dir, sizeof(dir)), &set, err, sizeof(err)) ||
	    check_kind(&set, true, err, sizeof(err)))
		say_error("%s", err);
	else
		code = run_probes(c, stop, &set, NULL, NULL);
	probe_set_release(&set);
	return code;
}

/* The arguments of a replayed run: "preflight run", the recording's
 * options (each one a recording may carry), then this command's outputs
 * and media files. Returns a NULL-terminated array of borrowed strings,
 * or NULL with err. */
static const char **replay_args(const struct config *c, const struct recording_header *h, int *n,
				char *err, size_t errlen)
{
	/* what replay's own command line gives: media files and the gate */
	const char *own_args[][2] = { { "--image-path", c->image_path },
				      { "--video-path", c->video_path },
				      { "--baseline", c->baseline },
				      { "--max-regression", c->max_regression } };
	const size_t own = c->n_outputs + sizeof(own_args) / sizeof(own_args[0]);
	const char **args = xcalloc(2 + (size_t)h->n_args + 2 * own + 1, sizeof(char *));
	enum command cmd = h->compare ? CMD_COMPARE : h->conform ? CMD_CONFORM : CMD_RUN;
	size_t i;
	int k;

	*n = 0;
	if (!args) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	args[(*n)++] = "preflight";
	args[(*n)++] = h->compare ? "compare" : h->conform ? "conform" : "run";
	for (k = 0; k < h->n_args; k++)
		args[(*n)++] = h->args[k];
	if (config_check_recorded(args + 2, *n - 2, cmd, err, errlen)) {
		free(args);
		return NULL;
	}
	for (i = 0; i < c->n_outputs; i++) {
		args[(*n)++] = c->outputs[i].option;
		args[(*n)++] = c->outputs[i].path;
	}
	for (i = 0; cmd != CMD_COMPARE && i < sizeof(own_args) / sizeof(own_args[0]); i++)
		if (own_args[i][1]) {
			args[(*n)++] = own_args[i][0];
			args[(*n)++] = own_args[i][1];
		}
	return args;
}

/* the recorded probes, as the set to run */
static int replay_probes(const struct recording_header *h, struct probe_set *set, char *err,
			 size_t errlen)
{
	size_t i;

	for (i = 0; i < h->n_probes; i++) {
		const struct recording_file *f = &h->probes[i];
		struct probe *p = probe_load_text(f->path, f->text, strlen(f->text), err, errlen);

		if (!p)
			return -1;
		if (probe_set_add(set, p)) {
			snprintf(err, errlen, "the recording holds probe '%s' twice", p->id);
			probe_free(p);
			return -1;
		}
	}
	return 0;
}

/* preflight replay RECORDING: the recorded run's options and probes,
 * every answer from the recording, and only this command's outputs; it
 * never waits and never sends a request */
int cmd_replay(const struct config *c, const volatile sig_atomic_t *stop)
{
	size_t cap = c->max_run_bytes > 0 ? (size_t)c->max_run_bytes : 0;
	struct recording_header h = { 0 };
	struct probe_set set = { 0 };
	struct recipe_text rt;
	struct recording *rec;
	struct config rc;
	const char **args = NULL;
	char err[1024], why[256];
	int n = 0, code = EXIT_USAGE;

	memset(&rc, 0, sizeof(rc));
	rec = recording_open(c->recording, cap ? cap : RECORDING_MAX_BYTES,
			     cap ? cap : RECORDING_MAX_LINE, err, sizeof(err));
	if (!rec || recording_header_read(rec, &h, err, sizeof(err)) ||
	    !(args = replay_args(c, &h, &n, err, sizeof(err))))
		goto fail;
	rt.path = h.recipe.path;
	rt.text = h.recipe.text;
	if (config_parse_with(c->commands, n, (char **)args, &rt, &rc, err, sizeof(err)) ||
	    replay_probes(&h, &set, err, sizeof(err)))
		goto fail;
	if (rc.api_key && !secret_check(rc.api_key, why, sizeof(why)))
		say_scrub_key(rc.api_key);
	rc.api_key = rc.reference_api_key = NULL; /* nothing is sent, so no key is either */
	if (c->max_run_bytes > 0)
		rc.max_run_bytes = c->max_run_bytes;
	if (h.compare) {
		/* the files it compared on, as it named them; their texts are h's */
		rc.prompts =
			h.prompts.path && strcmp(h.prompts.path, "builtin") ? h.prompts.path : NULL;
		rc.dataset = h.dataset.path;
		code = compare_replay(&rc, stop, rec, &h, c->recording);
	} else
		code = run_probes(&rc, stop, &set, rec, c->recording);
	goto out;
fail:
	say_error("%s", err);
out:
	probe_set_release(&set);
	config_release(&rc);
	free(args);
	recording_header_release(&h);
	recording_free(rec);
	return code;
}
