/* cmd_files — list, validate and table: the commands that read files and
 * send nothing; see commands.h. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "file.h"
#include "probe.h"
#include "recipe.h"
#include "say.h"
#include "matrix.h"
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
		}
	}
	snprintf(buf, n, "%s/probes", PREFLIGHT_DATADIR);
	return buf;
}

int cmd_list(const struct config *c)
{
	struct probe_set set = { 0 };
	char dir[PATH_MAX], err[1024];
	size_t i;

	if (probe_load_dir(commands_probe_dir(c, dir, sizeof(dir)), &set, err, sizeof(err))) {
		say_error("%s", err);
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
		say_error("%s", err);
out:
	buf_release(&text);
	return rc;
}

int cmd_validate(const struct config *c)
{
	int i, bad = 0;

	for (i = 0; i < c->n_files; i++)
		bad += validate_one(c->files[i]) != 0;
	return bad ? EXIT_USAGE : EXIT_PASS;
}

int cmd_table(const struct config *c)
{
	static const struct table_block blocks[] = {
		{ TABLE_BEGIN, TABLE_END, "results" },
		{ TABLE_CONFORMANCE_BEGIN, TABLE_CONFORMANCE_END, "conformance" },
	};
	const struct table_block *block = &blocks[c->conformance];
	struct buf table = BUF_INIT(0);
	char err[1024];
	bool stale = false;
	int code = EXIT_PASS, i;

	for (i = 0; c->notebook && i < c->n_files; i++)
		if (file_same(c->notebook, c->files[i])) {
			say_error("--notebook '%s' is also a report to read", c->notebook);
			return EXIT_USAGE;
		}
	if ((c->conformance ? matrix_render(c->files, c->n_files, &table, err, sizeof(err))
			    : table_render(c->files, c->n_files, &table, err, sizeof(err)))) {
		say_error("%s", err);
		code = EXIT_USAGE;
	} else if (!c->notebook) {
		fputs(buf_cstr(&table), stdout);
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
		printf("%s: %s table %s\n", c->notebook, block->what,
		       c->check_only ? "is up to date"
		       : stale	     ? "updated"
				     : "already up to date");
	}
	buf_release(&table);
	return code;
}
