/* main — the command line: parse, load probes, run, report, exit code.
 *
 * The only place that maps results to an exit code: 0 all passed, 1 a
 * probe failed, 2 usage or configuration error (before any request), 3 the
 * endpoint could not be used; 130/143 when interrupted. Reports go to
 * stdout and files; progress and errors to stderr. */
#include <limits.h>
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
#include "version.h"

enum { EXIT_PASS = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_UNUSABLE = 3 };

static volatile int stop_signal;

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
		fprintf(stderr, "%s\n", text);
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
		fprintf(stderr, "preflight: %s\n", err);
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
		fprintf(stderr, "preflight: %s\n", err);
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
		fprintf(stderr, "preflight: %s\n", err);
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
	int code = EXIT_PASS;

	if (table_render(c->files, c->n_files, &table, err, sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
		code = EXIT_USAGE;
	} else if (!c->notebook) {
		fputs(buf_cstr(&table), stdout);
	} else if (table_update_notebook(c->notebook, buf_cstr(&table), c->check_only, &stale, err,
					 sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
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
		if (report_write(outs[i].format, r, outs[i].path, err, sizeof(err))) {
			fprintf(stderr, "preflight: %s\n", err);
			rc = -1;
		}
	}
	return rc;
}

/* options a recording keeps: not where reports go, not the key's name,
 * not the probe folder (the probes travel inside the recording) */
static bool kept_in_recording(const char *arg, bool *takes_value)
{
	static const char *const dropped[] = { "--record", "--junit",	    "--json", "--markdown",
					       "--probes", "--api-key-env", NULL };
	size_t i, n;

	*takes_value = false;
	for (i = 0; dropped[i]; i++) {
		n = strlen(dropped[i]);
		if (!strncmp(arg, dropped[i], n) && (arg[n] == '\0' || arg[n] == '=')) {
			*takes_value = arg[n] == '\0';
			return false;
		}
	}
	return true;
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

		if (kept_in_recording(c->argv[k], &value))
			cJSON_AddItemToArray(args, cJSON_CreateString(c->argv[k]));
		else if (value)
			k++;
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
	puts(text);
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
 * replay), prints the console report, writes the reports, and returns the
 * exit code. */
static int run_probes(const struct config *c, struct probe_set *set, struct recording *replay)
{
	const char *outs[] = { c->junit, c->json, c->markdown, c->record };
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
	size_t i;

	for (i = 0; i < 4; i++)
		if (outs[i] && file_check_writable(outs[i], err, sizeof(err))) {
			fprintf(stderr, "preflight: %s\n", err);
			return EXIT_USAGE;
		}
	if (probe_set_select(set, c->checks, err, sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
		return EXIT_USAGE;
	}
	if (check_media_flags(c, set, err, sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
		return EXIT_USAGE;
	}
	if (c->dry_run)
		return print_plan(c, set);
	if ((c->image_path && media_load(c->image_path, MEDIA_IMAGE, &image, err, sizeof(err))) ||
	    (c->video_path && media_load(c->video_path, MEDIA_VIDEO, &video, err, sizeof(err)))) {
		fprintf(stderr, "preflight: %s\n", err);
		media_release(&image);
		return EXIT_USAGE;
	}
	hooks.image = c->image_path ? &image : NULL;
	hooks.video = c->video_path ? &video : NULL;
	if (replay) {
		recording_replay_tap(replay, &tap);
		hooks.tap = &tap;
	} else if (c->record) {
		char *meta = recording_meta_json(c, set);

		rec = meta ? recording_create(c->record, c->api_key, meta, err, sizeof(err)) : NULL;
		free(meta);
		if (!rec) {
			fprintf(stderr, "preflight: %s\n", meta ? err : "out of memory");
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
		fprintf(stderr, "preflight: %s\n", err);
		run_result_release(&r);
		recording_free(rec);
		media_release(&image);
		media_release(&video);
		return EXIT_USAGE;
	}
	if (report_console_render(&r, isatty(STDOUT_FILENO) && c->color, &console) == 0)
		fputs(buf_cstr(&console), stdout);
	fflush(stdout);
	buf_release(&console);
	if (write_reports(c, &r))
		code = EXIT_USAGE;
	if (rec && recording_finish(rec, err, sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
		code = EXIT_USAGE;
	}
	if (code != EXIT_USAGE)
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
		fprintf(stderr, "preflight: %s\n", err);
		probe_set_release(&set);
		return EXIT_USAGE;
	}
	code = run_probes(c, &set, NULL);
	probe_set_release(&set);
	return code;
}

/* preflight replay RECORDING: the recorded run's options and probes,
 * every answer from the recording, this command's report files */
static int cmd_replay(const struct config *c)
{
	struct recording *rec;
	struct probe_set set = { 0 };
	struct recipe_text rt = { NULL, NULL };
	struct config rc;
	const cJSON *e, *recipe;
	cJSON *meta = NULL;
	const char **args = NULL;
	char err[1024];
	int n = 0, code = EXIT_USAGE;

	memset(&rc, 0, sizeof(rc));
	rec = recording_open(c->recording, err, sizeof(err));
	if (!rec)
		goto fail;
	meta = cJSON_Parse(recording_meta(rec));
	args = xcalloc((size_t)cJSON_GetArraySize(cJSON_GetObjectItem(meta, "args")) + 9,
		       sizeof(char *));
	if (!meta || !args) {
		snprintf(err, sizeof(err), "out of memory");
		goto fail;
	}
	args[n++] = "preflight";
	args[n++] = "run";
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(meta, "args"))
	{
		if (cJSON_IsString(e))
			args[n++] = e->valuestring;
	}
	if (c->junit) {
		args[n++] = "--junit";
		args[n++] = c->junit;
	}
	if (c->json) {
		args[n++] = "--json";
		args[n++] = c->json;
	}
	if (c->markdown) {
		args[n++] = "--markdown";
		args[n++] = c->markdown;
	}
	recipe = cJSON_GetObjectItem(meta, "recipe");
	rt.path = cJSON_GetStringValue(cJSON_GetObjectItem(recipe, "path"));
	rt.text = cJSON_GetStringValue(cJSON_GetObjectItem(recipe, "text"));
	if (config_parse_with(n, (char **)args, rt.text ? &rt : NULL, &rc, err, sizeof(err)))
		goto fail;
	cJSON_ArrayForEach(e, cJSON_GetObjectItem(meta, "probes"))
	{
		const char *path = cJSON_GetStringValue(cJSON_GetObjectItem(e, "path"));
		const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(e, "text"));
		struct probe *p =
			path && text ? probe_load_text(path, text, strlen(text), err, sizeof(err))
				     : NULL;

		if (!p || probe_set_add(&set, p)) {
			if (p)
				snprintf(err, sizeof(err), "the recording holds probe '%s' twice",
					 p->id);
			else if (!path || !text)
				snprintf(err, sizeof(err), "the recording's probe list is damaged");
			probe_free(p);
			goto fail;
		}
	}
	code = run_probes(&rc, &set, rec);
	goto out;
fail:
	fprintf(stderr, "preflight: %s\n", err);
out:
	probe_set_release(&set);
	config_release(&rc);
	free(args);
	cJSON_Delete(meta);
	recording_free(rec);
	return code;
}

int main(int argc, char **argv)
{
	cJSON_Hooks hooks = { xmalloc, free };
	struct config c;
	char err[1024];
	int code;

	alloc_init_from_env();
	cJSON_InitHooks(&hooks);
	if (config_parse(argc, argv, &c, err, sizeof(err))) {
		fprintf(stderr, "preflight: %s\n", err);
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
			fprintf(stderr, "preflight: warning: --insecure: TLS certificates are not "
					"verified\n");
		if (http_global_init()) {
			fprintf(stderr, "preflight: cannot initialise libcurl\n");
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
	config_release(&c);
	return code;
}
