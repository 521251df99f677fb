/* main — the command line: parse, load probes, run, report, exit code.
 *
 * The only place that maps results to an exit code: 0 all passed, 1 a
 * probe failed, 2 usage or configuration error (only before any request),
 * 3 the endpoint could not be used, 4 a report could not be written at the
 * end; 130/143 when interrupted. Reports go to stdout and files; progress
 * and errors to stderr, and everything printed or written passes the key
 * scrubber first. A closed or broken stdout or stderr changes nothing but
 * what is shown there. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "config.h"
#include "file.h"
#include "http.h"
#include "media.h"
#include "probe.h"
#include "recording.h"
#include "recipe.h"
#include "report.h"
#include "table.h"
#include "runner.h"
#include "secret.h"
#include "version.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_UNUSABLE = 3, EXIT_WRITE = 4 };

static volatile int stop_signal;

/* the key as the scrubber looks for it in all that main prints */
static struct secret shown_key = SECRET_INIT;

/* Prints text to f with the key scrubbed; a write error (a closed pipe)
 * is ignored: it changes no verdict and no report. */
static void show(FILE *f, const char *text)
{
	struct buf b = BUF_INIT(0);

	if (!buf_puts(&b, text) && !secret_scrub(&shown_key, &b) && !report_utf8(&b))
		fputs(buf_cstr(&b), f);
	buf_release(&b);
	fflush(f);
}

static void complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void complain(const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;

	va_start(ap, fmt);
	if (!buf_puts(&b, "preflight: ") && !buf_vprintf(&b, fmt, ap) && !buf_putc(&b, '\n'))
		show(stderr, buf_cstr(&b));
	va_end(ap);
	buf_release(&b);
}

/* The first signal asks the run to stop and write its reports; a second
 * one ends the process at once, removing a report half-written. */
static void on_signal(int sig)
{
	if (stop_signal) {
		file_abort_pending();
		_exit(128 + sig);
	}
	stop_signal = sig;
}

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* --probes, else $PREFLIGHT_PROBES, else probes/ beside the binary, else
 * the installed copy */
static const char *probe_dir(const struct config *c, char *buf, size_t n)
{
	const char *env = getenv("PREFLIGHT_PROBES");
	char exe[PATH_MAX];
	ssize_t len;

	if (c->probes_dir)
		return c->probes_dir;
	if (env && *env)
		return env;
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		char *slash;

		exe[len] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			snprintf(buf, n, "%s/probes", exe);
			if (is_dir(buf))
				return buf;
		}
	}
	snprintf(buf, n, "%s/probes", PREFLIGHT_DATADIR);
	return buf;
}

static void progress(void *ctx, enum runner_event ev, const struct run_result *r, size_t i,
		     const char *text)
{
	bool tty = *(bool *)ctx;

	if (ev == RUNNER_WAITING) {
		struct buf b = BUF_INIT(0);

		if (!buf_printf(&b, "%s\n", text))
			show(stderr, buf_cstr(&b));
		buf_release(&b);
	} else if (tty && ev == RUNNER_PROBE_START) {
		fprintf(stderr, "\r\033[K[%zu/%zu] %s ...", i + 1, r->n_probes,
			r->probes[i].probe->title);
	} else if (tty && ev == RUNNER_PROBE_DONE) {
		fprintf(stderr, "\r\033[K");
	} else if (!tty && ev == RUNNER_PROBE_DONE) {
		fprintf(stderr, "[%zu/%zu] %s: %s\n", i + 1, r->n_probes, r->probes[i].probe->id,
			verdict_name(r->probes[i].verdict));
	}
	fflush(stderr);
}

static int cmd_list(const struct config *c)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX], err[1024];
	size_t i;

	if (probe_load_dir(probe_dir(c, dir, sizeof(dir)), &set, err, sizeof(err))) {
		complain("%s", err);
		return EXIT_USAGE;
	}
	for (i = 0; i < set.n; i++)
		printf("%-18s %-8s %s\n", set.items[i]->id,
		       set.items[i]->is_default ? "default" : "opt-in", set.items[i]->title);
	probe_set_release(&set);
	return EXIT_PASS;
}

/* probe or recipe, by what the file holds */
static int validate_one(const char *path)
{
	struct buf text = BUF_INIT(0);
	char err[1024];
	cJSON *root = NULL;
	int rc = -1;

	if (file_read(path, PROBE_FILE_MAX, &text, err, sizeof(err))) {
		complain("%s", err);
		goto out;
	}
	root = cJSON_ParseWithLength(text.data, text.len);
	if (recipe_is_recipe(root)) {
		struct recipe *r = recipe_load_text(path, text.data, text.len, err, sizeof(err));

		if (r)
			printf("%s: ok (recipe '%s')\n", path, r->name);
		rc = r ? 0 : -1;
		recipe_free(r);
	} else {
		struct probe *p = probe_load_text(path, text.data, text.len, err, sizeof(err));

		if (p)
			printf("%s: ok (probe '%s')\n", path, p->id);
		rc = p ? 0 : -1;
		probe_free(p);
	}
	if (rc)
		complain("%s", err);
out:
	cJSON_Delete(root);
	buf_release(&text);
	return rc;
}

static int cmd_validate(const struct config *c)
{
	int i, bad = 0;

	for (i = 0; i < c->n_files; i++)
		bad += validate_one(c->files[i]) != 0;
	return bad ? EXIT_USAGE : EXIT_PASS;
}

static int cmd_table(const struct config *c)
{
	struct buf table = BUF_INIT(0);
	char err[1024];
	bool stale = false;
	int code = EXIT_PASS, i;

	for (i = 0; c->notebook && i < c->n_files; i++)
		if (file_same(c->notebook, c->files[i])) {
			complain("--notebook '%s' is also a report to read", c->notebook);
			return EXIT_USAGE;
		}
	if (table_render(c->files, c->n_files, &table, err, sizeof(err))) {
		complain("%s", err);
		code = EXIT_USAGE;
	} else if (!c->notebook) {
		fputs(buf_cstr(&table), stdout);
	} else if (table_update_notebook(c->notebook, buf_cstr(&table), c->check_only, &stale, err,
					 sizeof(err))) {
		complain("%s", err);
		code = EXIT_USAGE;
	} else if (c->check_only && stale) {
		fprintf(stderr,
			"preflight: the results table in '%s' is stale; run: preflight table "
			"REPORT.json... --notebook %s\n",
			c->notebook, c->notebook);
		code = EXIT_FAILED;
	} else {
		printf("%s: results table %s\n", c->notebook,
		       c->check_only ? "is up to date"
		       : stale	     ? "updated"
				     : "already up to date");
	}
	buf_release(&table);
	return code;
}

/* Writes the reports. Returns 0, or -1 when one could not be written
 * (each named, with the reason). */
static int write_reports(const struct config *c, const struct run_result *r)
{
	const struct {
		const char *format, *path;
	} outs[] = { { "junit", c->junit }, { "json", c->json }, { "markdown", c->markdown } };
	char err[1024];
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(outs) / sizeof(outs[0]); i++) {
		if (!outs[i].path)
			continue;
		if (report_write(outs[i].format, r, &shown_key, outs[i].path, err, sizeof(err))) {
			complain("%s", err);
			rc = -1;
		}
	}
	return rc;
}

/* Every output can be written, no two name the same file, none is the
 * recording being replayed (input), and --markdown is not a notebook.
 * Checked before any request. */
static int check_outputs(const struct config *c, const char *input, char *err, size_t errlen)
{
	const struct {
		const char *flag, *path;
	} outs[] = { { "--junit", c->junit },
		     { "--json", c->json },
		     { "--markdown", c->markdown },
		     { "--record", c->record } };
	const size_t n = sizeof(outs) / sizeof(outs[0]);
	struct buf text = BUF_INIT(0);
	char why[600];
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (!outs[i].path)
			continue;
		if (file_check_writable(outs[i].path, err, errlen))
			return -1;
		for (k = 0; k < i; k++)
			if (outs[k].path && file_same(outs[k].path, outs[i].path)) {
				snprintf(err, errlen, "%s and %s name the same file '%s'",
					 outs[k].flag, outs[i].flag, outs[i].path);
				return -1;
			}
		if (input && file_same(input, outs[i].path)) {
			snprintf(err, errlen,
				 "%s would overwrite the recording '%s' being replayed",
				 outs[i].flag, input);
			return -1;
		}
	}
	/* a notebook given as --markdown would lose everything but one row */
	if (c->markdown && file_read(c->markdown, 256u << 20, &text, why, sizeof(why)) == 0 &&
	    strstr(buf_cstr(&text), TABLE_BEGIN)) {
		snprintf(err, errlen,
			 "'%s' holds a results block (" TABLE_BEGIN "): --markdown would replace "
			 "the whole notebook; update it with: preflight table REPORT.json "
			 "--notebook %s",
			 c->markdown, c->markdown);
		buf_release(&text);
		return -1;
	}
	buf_release(&text);
	return 0;
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
		complain("warning: the key in %s is shorter than %d characters: it is sent, but "
			 "never searched for in what the endpoint sends back",
			 c->api_key_env, SECRET_MIN_LEN);
	return 0;
}

/* the recording's first line: how to run this again, offline */
static char *recording_meta_json(const struct config *c, const struct probe_set *set)
{
	cJSON *meta = cJSON_CreateObject(), *args, *probes;
	char *text = NULL;
	size_t i;
	int k;

	if (!meta)
		return NULL;
	cJSON_AddStringToObject(meta, "recording", "preflight-recording/v1");
	cJSON_AddStringToObject(meta, "preflight_version", PREFLIGHT_VERSION);
	args = cJSON_AddArrayToObject(meta, "args");
	for (k = 2; k < c->argc; k++) {
		bool value;

		if (config_recorded(c->argv[k], &value)) {
			cJSON_AddItemToArray(args, cJSON_CreateString(c->argv[k]));
			if (value && k + 1 < c->argc)
				cJSON_AddItemToArray(args, cJSON_CreateString(c->argv[++k]));
		} else if (value) {
			k++;
		}
	}
	if (c->recipe) {
		cJSON *r = cJSON_AddObjectToObject(meta, "recipe");

		cJSON_AddStringToObject(r, "path", c->recipe->path);
		cJSON_AddStringToObject(r, "text", c->recipe->text);
	}
	probes = cJSON_AddArrayToObject(meta, "probes");
	for (i = 0; i < set->n; i++) {
		cJSON *p = cJSON_CreateObject();

		cJSON_AddStringToObject(p, "path", set->items[i]->path);
		cJSON_AddStringToObject(p, "text", set->items[i]->text);
		cJSON_AddItemToArray(probes, p);
	}
	text = cJSON_PrintUnformatted(meta);
	cJSON_Delete(meta);
	return text;
}

/* image, ocr and video probes need their files and expectations: a usage
 * error before any request when one is missing */
static int check_media_flags(const struct config *c, const struct probe_set *set, char *err,
			     size_t errlen)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		const struct probe *p = set->items[i];
		const char *from = p->expect.contains_from;

		if (p->media && !strcmp(p->media, "image") && !c->image_path) {
			snprintf(err, errlen, "probe '%s' needs --image-path FILE", p->id);
			return -1;
		}
		if (p->media && !strcmp(p->media, "video") && !c->video_path) {
			snprintf(err, errlen, "probe '%s' needs --video-path FILE", p->id);
			return -1;
		}
		if (from && ((!strcmp(from, "image-expect") && !c->n_image_expect) ||
			     (!strcmp(from, "ocr-expect") && !c->n_ocr_expect) ||
			     (!strcmp(from, "video-expect") && !c->n_video_expect))) {
			snprintf(err, errlen, "probe '%s' needs at least one --%s TEXT", p->id,
				 from);
			return -1;
		}
	}
	return 0;
}

/* --dry-run: the plan as JSON on stdout; nothing is sent or written */
static int print_plan(const struct config *c, const struct probe_set *set)
{
	cJSON *plan = cJSON_CreateObject(), *o, *probes;
	char *text;
	size_t i;

	if (!plan)
		return EXIT_USAGE;
	cJSON_AddStringToObject(plan, "schema", "preflight-plan/v1");
	o = cJSON_AddObjectToObject(plan, "target");
	cJSON_AddStringToObject(o, "endpoint", c->endpoint);
	if (c->model)
		cJSON_AddStringToObject(o, "model", c->model);
	else
		cJSON_AddStringToObject(o, "model", "(the only model of /v1/models)");
	cJSON_AddStringToObject(o, "api_key", c->api_key ? "set (not shown)" : "none");
	if (c->recipe)
		cJSON_AddStringToObject(o, "recipe", c->recipe->path);
	o = cJSON_AddObjectToObject(plan, "thinking");
	cJSON_AddStringToObject(o, "mode", thinking_mode_name(c->thinking));
	if (c->reasoning_effort)
		cJSON_AddStringToObject(o, "reasoning_effort", c->reasoning_effort);
	if (c->chat_template_kwargs)
		cJSON_AddItemToObject(o, "chat_template_kwargs",
				      cJSON_Duplicate(c->chat_template_kwargs, 1));
	o = cJSON_AddObjectToObject(plan, "budget");
	cJSON_AddNumberToObject(o, "visible_answer_tokens", (double)c->visible_tokens);
	cJSON_AddNumberToObject(o, "reasoning_headroom_tokens", (double)c->headroom_tokens);
	cJSON_AddNumberToObject(o, "max_tokens", (double)(c->visible_tokens + c->headroom_tokens));
	cJSON_AddNumberToObject(plan, "timeout_seconds", c->timeout);
	cJSON_AddNumberToObject(plan, "needle_ctx", (double)c->needle_ctx);
	cJSON_AddNumberToObject(plan, "long_tool_ctx", (double)c->long_tool_ctx);
	probes = cJSON_AddArrayToObject(plan, "probes");
	for (i = 0; i < set->n; i++) {
		const struct probe *p = set->items[i];
		int batch =
			p->batch > 1 && c->tool_batch && cJSON_GetObjectItem(p->request, "tools")
				? c->tool_batch
				: p->batch;

		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", p->id);
		cJSON_AddStringToObject(o, "title", p->title);
		cJSON_AddNumberToObject(o, "requests_at_once", batch);
		cJSON_AddNumberToObject(o, "repeat", c->repeat ? c->repeat : p->repeat);
		cJSON_AddBoolToObject(o, "stream", c->stream || p->stream);
		cJSON_AddNumberToObject(o, "turns", 1 + (double)p->n_turns);
		cJSON_AddItemToArray(probes, o);
	}
	o = cJSON_AddObjectToObject(plan, "outputs");
	if (c->junit)
		cJSON_AddStringToObject(o, "junit", c->junit);
	if (c->json)
		cJSON_AddStringToObject(o, "json", c->json);
	if (c->markdown)
		cJSON_AddStringToObject(o, "markdown", c->markdown);
	if (c->record)
		cJSON_AddStringToObject(o, "record", c->record);
	o = cJSON_AddArrayToObject(plan, "deferred");
	cJSON_AddItemToArray(o, cJSON_CreateString("endpoint identity"));
	cJSON_AddItemToArray(o, cJSON_CreateString("model requests"));
	cJSON_AddItemToArray(o, cJSON_CreateString("report writes"));
	text = cJSON_Print(plan);
	cJSON_Delete(plan);
	if (!text)
		return EXIT_USAGE;
	show(stdout, text); /* --chat-template-kwargs may hold anything */
	show(stdout, "\n");
	free(text);
	return EXIT_PASS;
}

/* the exit code of a finished run whose reports were written */
static int exit_code(const struct run_result *r)
{
	size_t i;

	if (stop_signal)
		return 128 + stop_signal;
	if (r->unusable)
		return EXIT_UNUSABLE;
	for (i = 0; i < r->n_probes; i++)
		if (r->probes[i].verdict != VERDICT_PASS)
			return EXIT_FAILED;
	return EXIT_PASS;
}

/* Runs the selected probes of set (live, recorded, or replayed from
 * replay, whose file is input), writes the reports, prints the console
 * report, and returns the exit code. */
static int run_probes(const struct config *c, struct probe_set *set, struct recording *replay,
		      const char *input)
{
	struct media image = { 0 }, video = { 0 };
	struct recording *rec = NULL;
	struct run_result r;
	struct runner_hooks hooks = { 0 };
	struct http_tap tap;
	struct buf console = BUF_INIT(0);
	struct sigaction sa;
	char err[1024];
	bool tty = isatty(STDERR_FILENO) && c->color;
	int code = EXIT_PASS;

	if ((!replay && check_key(c, err, sizeof(err))) ||
	    check_outputs(c, input, err, sizeof(err)) ||
	    probe_set_select(set, c->checks, err, sizeof(err)) ||
	    check_media_flags(c, set, err, sizeof(err))) {
		complain("%s", err);
		return EXIT_USAGE;
	}
	if (c->dry_run)
		return print_plan(c, set);
	if ((c->image_path && media_load(c->image_path, MEDIA_IMAGE, &image, err, sizeof(err))) ||
	    (c->video_path && media_load(c->video_path, MEDIA_VIDEO, &video, err, sizeof(err)))) {
		complain("%s", err);
		media_release(&image);
		return EXIT_USAGE;
	}
	hooks.image = c->image_path ? &image : NULL;
	hooks.video = c->video_path ? &video : NULL;
	if (replay) {
		recording_replay_tap(replay, &tap);
		hooks.tap = &tap;
		hooks.offline = true;
	} else if (c->record) {
		char *meta = recording_meta_json(c, set);

		rec = meta ? recording_create(c->record, &shown_key, meta, err, sizeof(err)) : NULL;
		free(meta);
		if (!rec) {
			complain("%s", meta ? err : "out of memory");
			media_release(&image);
			media_release(&video);
			return EXIT_USAGE;
		}
		recording_tap(rec, &tap);
		hooks.tap = &tap;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = 0;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	hooks.event = progress;
	hooks.ctx = &tty;
	hooks.cancel = &stop_signal;
	if (runner_run(c, set, &hooks, &r, err, sizeof(err)) != RUNNER_OK) {
		complain("%s", err);
		run_result_release(&r);
		recording_free(rec);
		media_release(&image);
		media_release(&video);
		return EXIT_USAGE;
	}
	/* the files first: a closed stdout must not cost a report */
	if (write_reports(c, &r))
		code = EXIT_WRITE;
	if (rec && recording_finish(rec, err, sizeof(err))) {
		complain("%s", err);
		code = EXIT_WRITE;
	}
	if (report_console_render(&r, isatty(STDOUT_FILENO) && c->color, &console) == 0)
		show(stdout, buf_cstr(&console));
	buf_release(&console);
	if (code != EXIT_WRITE)
		code = exit_code(&r);
	run_result_release(&r);
	media_release(&image);
	media_release(&video);
	return code;
}

static int cmd_run(const struct config *c)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX], err[1024];
	int code;

	if (probe_load_dir(probe_dir(c, dir, sizeof(dir)), &set, err, sizeof(err))) {
		complain("%s", err);
		probe_set_release(&set);
		return EXIT_USAGE;
	}
	code = run_probes(c, &set, NULL, NULL);
	probe_set_release(&set);
	return code;
}

/* The arguments of a replayed run: the recording's options (each one a
 * recording may carry), then this command's outputs and media files.
 * Returns a NULL-terminated array of borrowed strings, or NULL with err. */
static const char **replay_args(const struct config *c, const cJSON *meta, int *n, char *err,
				size_t errlen)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(meta, "args"), *e;
	const char *own[][2] = { { "--junit", c->junit },
				 { "--json", c->json },
				 { "--markdown", c->markdown },
				 { "--image-path", c->image_path },
				 { "--video-path", c->video_path } };
	const size_t n_own = sizeof(own) / sizeof(own[0]);
	/* "preflight run", the recorded ones, each own flag and value, NULL */
	const char **args =
		xcalloc(2 + (size_t)cJSON_GetArraySize(list) + 2 * n_own + 1, sizeof(char *));
	size_t i;

	*n = 0;
	if (!args) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	args[(*n)++] = "preflight";
	args[(*n)++] = "run";
	cJSON_ArrayForEach(e, list)
	{
		if (!cJSON_IsString(e)) {
			snprintf(err, errlen, "the recording's argument list is damaged");
			free(args);
			return NULL;
		}
		args[(*n)++] = e->valuestring;
	}
	if (config_check_recorded(args + 2, *n - 2, err, errlen)) {
		free(args);
		return NULL;
	}
	for (i = 0; i < n_own; i++)
		if (own[i][1]) {
			args[(*n)++] = own[i][0];
			args[(*n)++] = own[i][1];
		}
	return args;
}

/* the recorded probes, as the set to run */
static int replay_probes(const cJSON *meta, struct probe_set *set, char *err, size_t errlen)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(meta, "probes"))
	{
		const char *path =
			cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "path"));
		const char *text =
			cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "text"));
		struct probe *p = path && text
					  ? probe_load_text(path, text, strlen(text), err, errlen)
					  : NULL;

		if (!p || probe_set_add(set, p)) {
			if (p)
				snprintf(err, errlen, "the recording holds probe '%s' twice",
					 p->id);
			else if (!path || !text)
				snprintf(err, errlen, "the recording's probe list is damaged");
			probe_free(p);
			return -1;
		}
	}
	return 0;
}

/* preflight replay RECORDING: the recorded run's options and probes,
 * every answer from the recording, and only this command's outputs; it
 * never waits and never sends a request */
static int cmd_replay(const struct config *c)
{
	struct recording *rec;
	struct probe_set set = { 0 };
	struct recipe_text rt = { NULL, NULL };
	struct config rc;
	const cJSON *recipe;
	cJSON *meta = NULL;
	const char **args = NULL;
	char err[1024], why[256];
	int n = 0, code = EXIT_USAGE;

	memset(&rc, 0, sizeof(rc));
	rec = recording_open(c->recording,
			     c->max_run_bytes > 0 ? (size_t)c->max_run_bytes : RECORDING_MAX_BYTES,
			     c->max_run_bytes > 0 ? (size_t)c->max_run_bytes : RECORDING_MAX_LINE,
			     err, sizeof(err));
	if (!rec)
		goto fail;
	meta = cJSON_Parse(recording_meta(rec));
	if (!meta) {
		snprintf(err, sizeof(err), "out of memory");
		goto fail;
	}
	if (!(args = replay_args(c, meta, &n, err, sizeof(err))))
		goto fail;
	recipe = cJSON_GetObjectItemCaseSensitive(meta, "recipe");
	rt.path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(recipe, "path"));
	rt.text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(recipe, "text"));
	if (config_parse_with(n, (char **)args, &rt, &rc, err, sizeof(err)) ||
	    replay_probes(meta, &set, err, sizeof(err)))
		goto fail;
	if (rc.api_key && !secret_check(rc.api_key, why, sizeof(why)))
		secret_init(&shown_key, rc.api_key);
	rc.api_key = NULL; /* nothing is sent, so no key is either */
	if (c->max_run_bytes > 0)
		rc.max_run_bytes = c->max_run_bytes;
	code = run_probes(&rc, &set, rec, c->recording);
	goto out;
fail:
	complain("%s", err);
out:
	probe_set_release(&set);
	config_release(&rc);
	free(args);
	cJSON_Delete(meta);
	recording_free(rec);
	return code;
}

/* Descriptors 0-2 are taken at start, so a closed one is never reused
 * for a report or recording; SIGPIPE is ignored, so a closed pipe only
 * fails the writes to it. */
static void guard_streams(void)
{
	int fd;

	do
		fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	while (fd >= 0 && fd <= STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
	signal(SIGPIPE, SIG_IGN);
}

int main(int argc, char **argv)
{
	cJSON_Hooks hooks = { xmalloc, free };
	struct config c;
	char err[1024];
	int code;

	guard_streams();
	alloc_init_from_env();
	cJSON_InitHooks(&hooks);
	if (config_parse(argc, argv, &c, err, sizeof(err))) {
		complain("%s", err);
		config_release(&c);
		return EXIT_USAGE;
	}
	if (c.cmd == CMD_RUN && c.api_key && !secret_check(c.api_key, err, sizeof(err)) &&
	    secret_init(&shown_key, c.api_key)) {
		complain("out of memory");
		config_release(&c);
		return EXIT_USAGE;
	}
	switch (c.cmd) {
	case CMD_VERSION:
		printf("preflight %s\n", PREFLIGHT_VERSION);
		code = EXIT_PASS;
		break;
	case CMD_LIST:
		code = cmd_list(&c);
		break;
	case CMD_VALIDATE:
		code = cmd_validate(&c);
		break;
	case CMD_TABLE:
		code = cmd_table(&c);
		break;
	case CMD_RUN:
	case CMD_REPLAY:
		if (c.insecure)
			complain("warning: --insecure: TLS certificates are not verified");
		if (http_global_init()) {
			complain("cannot initialise libcurl");
			code = EXIT_UNUSABLE;
			break;
		}
		code = c.cmd == CMD_RUN ? cmd_run(&c) : cmd_replay(&c);
		http_global_cleanup();
		break;
	default:
		fputs(config_usage(), stdout);
		code = argc > 1 ? EXIT_PASS : EXIT_USAGE;
		break;
	}
	secret_release(&shown_key);
	config_release(&c);
	return code;
}
