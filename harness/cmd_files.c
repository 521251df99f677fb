/* SPDX-License-Identifier: Apache-2.0 */
/* cmd_files — list, validate, table and report: the commands that read
 * files and send nothing; see commands.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "ci.h"
#include "commands.h"
#include "comparison.h"
#include "diff.h"
#include "file.h"
#include "heatmap.h"
#include "html.h"
#include "json.h"
#include "jsonfile.h"
#include "probe.h"
#include "recipe.h"
#include "say.h"
#include "schema.h"
#include "matrix.h"
#include "render.h"
#include "model.h"
#include "table.h"

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *commands_probe_dir(const struct config *c, char *buf, size_t n)
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
			/* installed under any prefix: BINDIR/../share/preflight */
			snprintf(buf, n, "%s/../share/preflight/probes", exe);
			if (is_dir(buf))
				return buf;
		}
	}
	snprintf(buf, n, "%s/probes", PREFLIGHT_DATADIR);
	return buf;
}

int cmd_list(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX], err[1024];
	size_t i;

	(void)stop;
	if (probe_load_dir(commands_probe_dir(c, dir, sizeof(dir)), &set, err, sizeof(err))) {
		say_error("%s", err);
		return EXIT_USAGE;
	}
	for (i = 0; i < set.n; i++)
		say_printf(SAY_OUT, "%-18s %-8s %s\n", set.items[i]->id,
			   set.items[i]->is_default ? "default" : "opt-in", set.items[i]->title);
	probe_set_release(&set);
	return EXIT_PASS;
}

/* probe or recipe, by what the file holds */
/* "$.request.messages[0].role: ..." -> "role": the member a schema error
 * names, for its FILE:LINE:COL */
static void last_member(const char *why, char *out, size_t n)
{
	const char *end = strchr(why, ':'), *p;
	size_t len;

	*out = '\0';
	if (!end)
		return;
	for (p = end; p > why && p[-1] != '.'; p--)
		;
	len = (size_t)(end - p);
	if (p == why || len == 0 || len >= n)
		return;
	memcpy(out, p, len);
	out[len] = '\0';
	if (strchr(out, '['))
		*strchr(out, '[') = '\0';
}

/* text against the published schema named (probe or recipe) in the probe
 * folder's schemas/: 0 when it validates or there is no schema to hand
 * (the loader has checked it anyway), -1 with FILE:LINE:COL said */
static int against_schema(const struct config *c, const char *path, const struct buf *text,
			  const char *name)
{
	char dir[PATH_MAX], file[PATH_MAX + 64], err[1024], why[512], key[128],
		where[PATH_MAX + 64];
	struct buf s = BUF_INIT(0);
	struct jsonfile f = { path, text->data, text->len, err, sizeof(err) };
	cJSON *schema = NULL, *doc = NULL;
	int rc = 0;

	snprintf(file, sizeof(file), "%s/schemas/%s.schema.json",
		 commands_probe_dir(c, dir, sizeof(dir)), name);
	if (file_read(file, 1 << 20, &s, err, sizeof(err)) == 0)
		schema = cJSON_ParseWithLength(buf_cstr(&s), s.len);
	doc = schema ? jsonfile_parse(&f) : NULL;
	if (doc && schema_validate(schema, doc, why, sizeof(why)) == SCHEMA_INVALID) {
		last_member(why, key, sizeof(key));
		jsonfile_where(&f, *key ? key : NULL, where, sizeof(where));
		say_error("%s: does not match %s.schema.json: %s", where, name, why);
		rc = -1;
	}
	cJSON_Delete(schema);
	cJSON_Delete(doc);
	buf_release(&s);
	return rc;
}

static int validate_one(const struct config *c, const char *path)
{
	struct buf text = BUF_INIT(0);
	char err[1024];
	int rc = -1;

	if (file_read(path, PROBE_FILE_MAX, &text, err, sizeof(err))) {
		say_error("%s", err);
		goto out;
	}
	if (recipe_text_is_recipe(text.data, text.len)) {
		struct recipe *r = recipe_load_text(path, text.data, text.len, err, sizeof(err));

		if (r && config_check_recipe(r, err, sizeof(err))) {
			recipe_free(r);
			r = NULL;
		}
		if (r && against_schema(c, path, &text, "recipe")) {
			recipe_free(r);
			goto out;
		}
		if (r)
			say_printf(SAY_OUT, "%s: ok (recipe '%s')\n", path, r->name);
		rc = r ? 0 : -1;
		recipe_free(r);
	} else {
		struct probe *p = probe_load_text(path, text.data, text.len, err, sizeof(err));

		if (p && against_schema(c, path, &text, "probe")) {
			probe_free(p);
			goto out;
		}
		if (p)
			say_printf(SAY_OUT, "%s: ok (probe '%s')\n", path, p->id);
		rc = p ? 0 : -1;
		probe_free(p);
	}
	if (rc)
		say_error("%s", err);
out:
	buf_release(&text);
	return rc;
}

int cmd_validate(const struct config *c, const volatile sig_atomic_t *stop)
{
	int i, bad = 0;

	(void)stop;
	for (i = 0; i < c->n_files; i++)
		bad += validate_one(c, c->files[i]) != 0;
	return bad ? EXIT_USAGE : EXIT_PASS;
}

/* what a command that reads reports may write: JSON_OUTPUT_FACTOR times
 * what it reads, and a floor (a report of 64 MB of zeros must not become
 * a page of gigabytes) */
static size_t output_max(const struct config *c)
{
	size_t total = 0;
	int i;

	for (i = 0; i < c->n_files; i++)
		if (file_size(c->files[i]) > 0)
			total += (size_t)file_size(c->files[i]);
	return JSON_OUTPUT_FACTOR * total + JSON_OUTPUT_FLOOR;
}

/* why a rendering failed: its cap (out->full), or memory */
static void say_unrendered(const char *what, const struct buf *out)
{
	if (out->full)
		say_error("the %s would pass %zu bytes, %d times the reports it comes from: "
			  "refused (not reports preflight wrote?)",
			  what, out->max, JSON_OUTPUT_FACTOR);
	else
		say_error("cannot render the %s: out of memory", what);
}

int cmd_table(const struct config *c, const volatile sig_atomic_t *stop)
{
	static const struct table_block blocks[] = {
		{ TABLE_BEGIN, TABLE_END, "results", true },
		{ TABLE_CONFORMANCE_BEGIN, TABLE_CONFORMANCE_END, "conformance", false },
	};
	const struct table_block *block = &blocks[c->conformance];
	struct buf table = BUF_INIT(output_max(c));
	char err[1024];
	bool stale = false;
	int code = EXIT_PASS, i;

	(void)stop;
	for (i = 0; c->notebook && i < c->n_files; i++)
		if (file_same(c->notebook, c->files[i])) {
			say_error("--notebook '%s' is also a report to read", c->notebook);
			return EXIT_USAGE;
		}
	if ((c->conformance ? matrix_render(c->files, c->n_files, &table, err, sizeof(err))
			    : table_render(c->files, c->n_files, &table, err, sizeof(err)))) {
		if (table.full)
			say_unrendered("table", &table);
		else
			say_error("%s", err);
		code = EXIT_USAGE;
	} else if (!c->notebook) {
		say(SAY_OUT, buf_cstr(&table));
	} else if (table_update_block(c->notebook, buf_cstr(&table), block, c->check_only, &stale,
				      err, sizeof(err))) {
		say_error("%s", err);
		code = EXIT_USAGE;
	} else if (c->check_only && stale) {
		say_error("the %s table in '%s' is stale; run: preflight table %sREPORT.json... "
			  "--notebook %s",
			  block->what, c->notebook, c->conformance ? "--conformance " : "",
			  c->notebook);
		code = EXIT_FAILED;
	} else {
		say_printf(SAY_OUT, "%s: %s table %s\n", c->notebook, block->what,
			   c->check_only ? "is up to date"
			   : stale	 ? "updated"
					 : "already up to date");
	}
	buf_release(&table);
	return code;
}

/* one rendered page or map, written atomically: 0, or EXIT_WRITE said */
static int write_rendered(const char *path, struct buf *b, const char *what)
{
	char err[1024];

	if (say_file(path, buf_cstr(b), b->len, err, sizeof(err))) {
		say_error("%s", err);
		return EXIT_WRITE;
	}
	if (strcmp(path, "-"))
		say_printf(SAY_OUT, "%s: %s written\n", path, what);
	return EXIT_PASS;
}

/* the models of the reports in files, each a run's or conform's JSON
 * report; NULL with the reason said */
static struct model **read_models(const struct config *c)
{
	struct model **ms = xcalloc((size_t)c->n_files + 1, sizeof(*ms));
	char err[1024];
	int i;

	for (i = 0; ms && i < c->n_files; i++)
		if (!(ms[i] = json_read_file(c->files[i], err, sizeof(err)))) {
			say_error("%s", err);
			break;
		}
	if (ms && i == c->n_files)
		return ms;
	if (!ms)
		say_error("out of memory");
	for (i = 0; ms && ms[i]; i++)
		model_free(ms[i]);
	free(ms);
	return NULL;
}

static void free_models(struct model **ms, int n)
{
	int i;

	for (i = 0; i < n; i++)
		model_free(ms[i]);
	free(ms);
}

#define COMPARISON_MAX	    (32u << 20) /* bytes of a comparison report `report` draws */
#define COMPARISON_TREE_MAX (64u << 20) /* bytes its head's tree, or a prompt's, may cost */
#define COMPARISON_PROMPTS  10000	/* prompts a comparison holds at most */
#define COMPARISON_LOOK	    256		/* bytes where its schema is looked for */

/* A comparison's head, then its prompts one at a time into it (jsonfile.h:
 * a run's report, or a file that is neither, costs its text and its head's
 * tree, never a whole tree). Returns the document, NULL when the file is
 * not a comparison (*bad false) or is a broken one (*bad, err says why). */
static cJSON *read_comparison(struct jsonfile *f, bool *bad)
{
	static const char *const keys[] = { "prompts", "probes", "inputs", NULL };
	struct jsonfile_split sp;
	cJSON *doc, *list, *e;
	size_t n = 0;

	*bad = false;
	if (jsonfile_split(f, keys, COMPARISON_TREE_MAX, &sp))
		return NULL; /* not for this reader to judge: json_read_file says */
	if (!comparison_is(sp.head)) {
		jsonfile_split_release(&sp);
		return NULL;
	}
	doc = sp.head;
	sp.head = NULL;
	list = cJSON_GetObjectItemCaseSensitive(doc, "prompts");
	jsonfile_split_select(&sp, 0);
	while (cJSON_IsArray(list) && (e = jsonfile_next(f, &sp))) {
		if (n++ == COMPARISON_PROMPTS) {
			cJSON_Delete(e);
			snprintf(f->err, f->errlen, "%s: more than %d prompts", f->path,
				 COMPARISON_PROMPTS);
			break;
		}
		cJSON_AddItemToArray(list, e);
	}
	jsonfile_split_release(&sp);
	if (*f->err) {
		*bad = true;
		cJSON_Delete(doc);
		return NULL;
	}
	return doc;
}

/* One comparison report (compare --json) drawn as its page: EXIT_PASS
 * when written, -1 when the file is not a comparison (a run's report), else
 * the exit code of what went wrong. */
static int report_comparison(const char *path, const char *html, size_t max)
{
	struct buf text = BUF_INIT(0), page = BUF_INIT(max);
	char err[512] = "";
	struct jsonfile f = { .path = path, .err = err, .errlen = sizeof(err) };
	cJSON *doc;
	bool bad;
	int code;

	/* a look first: only a file that names the comparison schema at its
	 * start (as compare writes it) is read whole here */
	char start[COMPARISON_LOOK + 1];
	ssize_t n = file_read_start(path, start, COMPARISON_LOOK, err, sizeof(err));

	start[n > 0 ? n : 0] = '\0';
	if (n <= 0 || !strstr(start, "\"preflight-comparison/"))
		return -1; /* json_read_file reads it, or says why not */
	if (file_read(path, COMPARISON_MAX, &text, err, sizeof(err))) {
		say_error("%s", err);
		buf_release(&text);
		return EXIT_USAGE;
	}
	f.text = buf_cstr(&text);
	f.len = text.len;
	doc = read_comparison(&f, &bad);
	buf_release(&text);
	if (!doc) {
		if (bad)
			say_error("%s", err);
		return bad ? EXIT_USAGE : -1;
	}
	if (!html) {
		say_error("%s is a comparison: its page is --html's", path);
		code = EXIT_USAGE;
	} else if (comparison_html_render(doc, &page)) {
		say_unrendered("HTML report", &page);
		code = page.full ? EXIT_USAGE : EXIT_WRITE;
	} else {
		code = write_rendered(html, &page, "HTML report");
	}
	cJSON_Delete(doc);
	buf_release(&page);
	return code;
}

int cmd_report(const struct config *c, const volatile sig_atomic_t *stop)
{
	const size_t max = output_max(c);
	struct buf page = BUF_INIT(max), map = BUF_INIT(max);
	const char *html = config_output(c, "html"), *svg = config_output(c, "svg");
	struct model **ms;
	int code = EXIT_PASS, i;

	(void)stop;
	if (html && svg && file_same(html, svg)) {
		say_error("--html and --svg name the same file '%s'", html);
		return EXIT_USAGE;
	}
	for (i = 0; i < c->n_files; i++)
		if ((html && file_same(html, c->files[i])) ||
		    (svg && file_same(svg, c->files[i]))) {
			say_error("'%s' is a report to read and an output to write", c->files[i]);
			return EXIT_USAGE;
		}
	if (c->n_files == 1 && (code = report_comparison(c->files[0], html, max)) >= 0)
		return code;
	code = EXIT_PASS;
	if (!(ms = read_models(c)))
		return EXIT_USAGE;
	if (html && html_render((const struct model *const *)ms, (size_t)c->n_files, &page)) {
		say_unrendered("HTML report", &page);
		code = page.full ? EXIT_USAGE : EXIT_WRITE;
	}
	if (svg && code == EXIT_PASS && heatmap_svg(ms[0], true, &map)) {
		say_unrendered("heat map", &map);
		code = map.full ? EXIT_USAGE : EXIT_WRITE;
	}
	free_models(ms, c->n_files); /* what is written no longer needs them */
	if (html && code == EXIT_PASS)
		code = write_rendered(html, &page, "HTML report");
	buf_release(&page);
	if (svg && code == EXIT_PASS)
		code = write_rendered(svg, &map, "heat map");
	buf_release(&map);
	return code;
}

/* --- diff, and the gate of run --baseline ---------------------------------- */

/* what a report's failures are to GitHub: one annotation each */
static void annotate_failures(const struct model *m)
{
	size_t i;

	for (i = 0; i < m->n_items; i++) {
		const struct model_item *p = &m->items[i];
		const char *v = m->kind == MODEL_CONFORM ? conform_status_name(p->status)
							 : verdict_name(p->verdict);
		const char *why = m->kind == MODEL_CONFORM ? p->evidence : p->message;
		char title[256], msg[1024], key[192];

		if (m->kind == MODEL_CONFORM
			    ? !p->fails
			    : p->verdict == VERDICT_PASS || p->verdict == VERDICT_SKIPPED)
			continue;
		model_item_key(p, key, sizeof(key));
		snprintf(title, sizeof(title), "preflight: %s %s", key, v);
		snprintf(msg, sizeof(msg), "%s%s%s", p->cause ? p->cause : "", p->cause ? ": " : "",
			 why ? why : "");
		ci_annotate(CI_ERROR, title, msg);
	}
}

/* conform's part of the job summary: its result, each status counted on
 * its own (a skipped check is no pass), and every check's row */
static int conform_summary(const struct model *m, struct buf *out)
{
	char name[300];
	int rc, s;

	model_name(m, name, sizeof(name));
	rc = buf_puts(out, "### preflight conform · ") || table_cell(out, name) ||
	     buf_printf(out, "\n\n**%s** (", model_result_words(m));
	for (s = 0; s < CONFORM_STATUSES && !rc; s++)
		rc = buf_printf(out, "%s%s %d", s ? ", " : "",
				conform_status_name((enum conform_status)s), m->counts.status[s]);
	return rc || buf_puts(out, ")\n\n") || conformance_markdown_render(m, out);
}

void commands_ci_report(const struct model *m)
{
	struct buf table = BUF_INIT(0);
	char err[1024] = "out of memory";

	annotate_failures(m);
	if (!getenv("GITHUB_STEP_SUMMARY"))
		return;
	if ((m->kind == MODEL_CONFORM ? conform_summary(m, &table)
				      : buf_puts(&table, "### preflight\n\n") ||
						table_render_model(m, &table, err, sizeof(err))) ||
	    buf_puts(&table, "\n") || ci_summary_append(buf_cstr(&table), err, sizeof(err)))
		say_error("the job summary: %s", err);
	buf_release(&table);
}

int commands_gate(const struct model *base, const struct model *now, const char *spec,
		  const char *markdown, bool quiet, size_t out_max)
{
	struct diff_limits l;
	struct buf text = BUF_INIT(out_max), md = BUF_INIT(out_max);
	struct diff d;
	char err[1024];
	size_t i;
	int code;

	memset(&d, 0, sizeof(d));
	diff_limits_default(&l);
	if (diff_limits_parse(spec, &l, err, sizeof(err)) ||
	    diff_reports(base, now, &l, &d, err, sizeof(err))) {
		say_error("%s", err);
		diff_release(&d);
		return EXIT_USAGE;
	}
	code = d.regressions ? EXIT_FAILED : EXIT_PASS;
	if (!quiet && diff_console(&d, &text) == 0) {
		say(SAY_OUT, buf_cstr(&text));
	} else if (!quiet) {
		say_unrendered("diff", &text);
		code = text.full ? EXIT_USAGE : EXIT_WRITE;
	}
	for (i = 0; i < d.n; i++)
		if (d.items[i].kind == DIFF_REGRESSION || d.items[i].kind == DIFF_INCOMPARABLE) {
			char title[192], msg[640];

			snprintf(title, sizeof(title), "preflight %s: %s",
				 d.items[i].kind == DIFF_REGRESSION ? "regression" : "not compared",
				 d.items[i].what);
			snprintf(msg, sizeof(msg), "%s → %s %s", d.items[i].base, d.items[i].now,
				 d.items[i].note);
			ci_annotate(d.items[i].kind == DIFF_REGRESSION ? CI_ERROR : CI_WARNING,
				    title, msg);
		}
	snprintf(err, sizeof(err), "out of memory");
	if (diff_markdown(&d, &md)) {
		say_unrendered("diff's markdown", &md);
		code = md.full ? EXIT_USAGE : EXIT_WRITE;
	} else if (getenv("GITHUB_STEP_SUMMARY") &&
		   (buf_puts(&md, "\n") || ci_summary_append(buf_cstr(&md), err, sizeof(err)))) {
		say_error("the job summary: %s", err);
	} else if (markdown && write_rendered(markdown, &md, "diff") != EXIT_PASS) {
		code = EXIT_WRITE;
	}
	diff_release(&d);
	buf_release(&text);
	buf_release(&md);
	return code;
}

int cmd_diff(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct model **ms;
	int code, i;

	(void)stop;
	if (c->diff_markdown)
		for (i = 0; i < c->n_files; i++)
			if (file_same(c->diff_markdown, c->files[i])) {
				say_error("'%s' is a report to read and the markdown to write",
					  c->files[i]);
				return EXIT_USAGE;
			}
	if (c->n_files == 2 &&
	    (code = compare_diff(c, c->files[0], c->files[1])) != COMPARE_NOT_COMPARISONS)
		return code;
	if (!(ms = read_models(c)))
		return EXIT_USAGE;
	code = commands_gate(ms[0], ms[1], c->max_regression, c->diff_markdown, false,
			     output_max(c));
	free_models(ms, c->n_files);
	return code;
}
