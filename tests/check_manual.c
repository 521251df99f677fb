/* SPDX-License-Identifier: Apache-2.0 */
/* check_manual — the command table and everything made from it agree: every
 * command is in --help, the man page and both completions; every option
 * help CMD lists is one CMD accepts, and none it refuses is listed; the
 * report formats' options and writers are one list; the help fits 80
 * columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "config.h"
#include "diff.h"
#include "manual.h"
#include "report.h"
#include "suites.h"
#include "testutil.h"

static char *made(int (*fn)(struct command_table, struct buf *))
{
	struct buf b = BUF_INIT(0);

	ck_assert_int_eq(fn(cli_commands(), &b), 0);
	return buf_detach(&b);
}

static char *help_of(const struct command_row *cmd)
{
	struct buf b = BUF_INIT(0);

	ck_assert_int_eq(manual_help(cli_commands(), cmd, &b), 0);
	return buf_detach(&b);
}

static char *completion(const char *shell)
{
	struct buf b = BUF_INIT(0);

	ck_assert_int_eq(manual_completion(cli_commands(), shell, &b), 0);
	return buf_detach(&b);
}

static int man(struct command_table t, struct buf *b)
{
	return manual_page(t, b);
}

START_TEST(every_command_everywhere)
{
	struct command_table t = cli_commands();
	char *all = help_of(NULL), *page = made(man), *bash = completion("bash"),
	     *zsh = completion("zsh");
	size_t i;

	ck_assert_uint_ge(t.n, 13);
	for (i = 0; i < t.n; i++) {
		const char *name = t.rows[i].name;
		char want[96];

		snprintf(want, sizeof(want), "\n  %s ", name);
		ck_assert_msg(strstr(all, want), "preflight --help lacks %s", name);
		snprintf(want, sizeof(want), ".B preflight %s\n", name);
		ck_assert_msg(strstr(page, want), "the man page's synopsis lacks %s", name);
		snprintf(want, sizeof(want), ".TP\n\\fB%s\\fR\n", name);
		ck_assert_msg(strstr(page, want), "the man page's commands lack %s", name);
		snprintf(want, sizeof(want), "\n  %s) opts=", name);
		ck_assert_msg(strstr(bash, want), "the bash completion lacks %s", name);
		snprintf(want, sizeof(want), "\n    '%s:", name);
		ck_assert_msg(strstr(zsh, want), "the zsh completion lacks %s", name);
		snprintf(want, sizeof(want), "\n  %s)\n", name);
		ck_assert_msg(strstr(zsh, want), "the zsh completion has no case for %s", name);
		ck_assert_ptr_nonnull(t.rows[i].run);
		ck_assert_ptr_nonnull(t.rows[i].summary);
		ck_assert_ptr_nonnull(t.rows[i].about);
		ck_assert_ptr_nonnull(t.rows[i].example);
		ck_assert_msg(!strncmp(t.rows[i].example, "preflight ", 10) ||
				      strstr(t.rows[i].example, "| preflight "),
			      "%s's example does not run preflight", name);
		ck_assert_ptr_eq(config_command_named(t, name), &t.rows[i]);
	}
	/* every enum value has exactly one row */
	for (i = 0; i < CMD_COUNT; i++) {
		size_t k, n = 0;

		for (k = 0; k < t.n; k++)
			n += t.rows[k].cmd == (enum command)i;
		ck_assert_msg(n == 1, "command %zu has %zu rows", i, n);
	}
	free(all);
	free(page);
	free(bash);
	free(zsh);
}
END_TEST

/* argv for cmd with one option (and a value when it takes one), plus
 * what the command needs besides */
static int argv_for(const struct command_row *cmd, const char *opt, bool value, const char **argv)
{
	int n = 0;

	argv[n++] = "preflight";
	argv[n++] = cmd->name;
	if (cmd->args == ARGS_RECORDING)
		argv[n++] = "rec.jsonl.gz";
	if (cmd->cmd == CMD_RUN || cmd->cmd == CMD_CONFORM) {
		argv[n++] = "--endpoint";
		argv[n++] = "http://127.0.0.1:9/v1";
	}
	if (cmd->args == ARGS_FILES) {
		argv[n++] = "a.json";
		argv[n++] = "b.json";
	}
	argv[n++] = opt;
	if (value)
		argv[n++] = "1";
	argv[n] = NULL;
	return n;
}

/* does any row called name take cmd? (--markdown has two rows) */
static bool takes_name(enum command cmd, const char *name)
{
	struct config_option_info o;
	size_t i;

	for (i = 0; config_option_info(i, &o); i++)
		if (!strcmp(o.name, name) && (o.commands & CMD_BIT(cmd)))
			return true;
	return false;
}

/* README.md's command block names every command, and every option it
 * shows on a command's lines is one that command takes */
START_TEST(readme_commands_agree)
{
	struct command_table t = cli_commands();
	char path[4096];
	char *guide, *block, *end, *line;
	const struct command_row *cmd = NULL;
	size_t i;

	snprintf(path, sizeof(path), "%s/README.md", repo_root());
	ck_assert_ptr_nonnull(guide = read_text_file(path));
	ck_assert_ptr_nonnull(block = strstr(guide, "## Commands\n\n```\n"));
	ck_assert_ptr_nonnull(end = strstr(block + 16, "\n```"));
	*end = '\0';
	for (i = 0; i < t.n; i++) {
		char want[64];

		snprintf(want, sizeof(want), "\npreflight %s ", t.rows[i].name);
		ck_assert_msg(strstr(block, want), "README.md's commands lack %s", t.rows[i].name);
	}
	for (line = strchr(block, '\n'); line; line = strchr(line + 1, '\n')) {
		char *eol = strchr(line + 1, '\n'), *q, name[48];

		if (!strncmp(line + 1, "preflight ", 10) && sscanf(line + 11, "%47s", name) == 1)
			cmd = config_command_named(t, name);
		for (q = strstr(line + 1, "[--"); q && (!eol || q < eol);
		     q = strstr(q + 1, "[--")) {
			size_t n = strcspn(q + 1, " ]|");
			char opt[48];

			snprintf(opt, sizeof(opt), "%.*s", (int)n, q + 1);
			ck_assert_msg(cmd && takes_name(cmd->cmd, opt),
				      "README.md shows %s on %s's line, which %s does not take",
				      opt, cmd ? cmd->name : "?", cmd ? cmd->name : "it");
		}
	}
	free(guide);
}
END_TEST

/* CMD's help lists exactly the options CMD accepts */
START_TEST(help_lists_what_each_command_takes)
{
	struct command_table t = cli_commands();
	struct config_option_info o;
	size_t i, k;

	for (i = 0; i < t.n; i++) {
		char *help = help_of(&t.rows[i]);

		for (k = 0; config_option_info(k, &o); k++) {
			const char *argv[12];
			char want[96], err[512];
			struct config c;
			bool listed, taken;
			int argc = argv_for(&t.rows[i], o.name, o.arg != NULL, argv);

			snprintf(want, sizeof(want), "\n  %s%s", o.name, o.arg ? " " : "");
			listed = strstr(help, want) != NULL;
			if (!o.arg) {
				snprintf(want, sizeof(want), "\n  %s ", o.name);
				listed = listed || strstr(help, want);
				snprintf(want, sizeof(want), "\n  %s\n", o.name);
				listed = listed || strstr(help, want);
			}
			err[0] = '\0';
			config_parse(t, argc, (char **)argv, &c, err, sizeof(err));
			taken = !strstr(err, "takes no") && !strstr(err, "takes only") &&
				!strstr(err, "unknown option");
			config_release(&c);
			if (o.commands & CMD_BIT(t.rows[i].cmd)) {
				ck_assert_msg(listed, "help %s lacks %s", t.rows[i].name, o.name);
				ck_assert_msg(taken, "%s %s: %s", t.rows[i].name, o.name, err);
			} else if (!(t.rows[i].args == ARGS_COMMAND ||
				     t.rows[i].args == ARGS_SHELL) &&
				   !takes_name(t.rows[i].cmd, o.name)) {
				ck_assert_msg(!taken, "%s takes %s, which its row does not list",
					      t.rows[i].name, o.name);
			}
		}
		free(help);
	}
}
END_TEST

static void assert_fits(const char *text, const char *what)
{
	const char *line = text, *end;

	for (; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		ck_assert_msg(end - line <= MANUAL_COLUMNS, "%s: a line of %d columns: %.*s", what,
			      (int)(end - line), (int)(end - line), line);
	}
}

START_TEST(help_fits_80_columns)
{
	struct command_table t = cli_commands();
	char *all = help_of(NULL);
	size_t i;

	assert_fits(all, "preflight --help");
	free(all);
	for (i = 0; i < t.n; i++) {
		char *help = help_of(&t.rows[i]);

		assert_fits(help, t.rows[i].name);
		free(help);
	}
}
END_TEST

/* the man page lists every option once in its group */
START_TEST(man_page_lists_each_option_once)
{
	struct config_option_info o;
	char *page = made(man);
	size_t i;

	for (i = 0; config_option_info(i, &o); i++) {
		struct buf want = BUF_INIT(0);
		const char *p, *q;
		size_t n = 0;

		/* roff writes - as \- */
		buf_puts(&want, ".TP\n\\fB");
		for (p = o.name; *p; p++)
			*p == '-' ? buf_puts(&want, "\\-") : buf_putc(&want, *p);
		buf_puts(&want, "\\fR");
		for (q = page; (q = strstr(q, buf_cstr(&want))); q++)
			n++;
		ck_assert_msg(n >= 1, "the man page lacks %s", o.name);
		buf_release(&want);
	}
	/* and each group once */
	for (i = 0; config_option_info(i, &o); i++) {
		char head[96];
		const char *q = page;
		size_t n = 0;

		snprintf(head, sizeof(head), ".SS %s\n", o.group);
		while ((q = strstr(q, head)) && ++n)
			q++;
		ck_assert_msg(n == 1, "the man page heads '%s' %zu times", o.group, n);
	}
	free(page);
}
END_TEST

/* two rows of one name never share a command; the report formats' option
 * rows and writers are one list; the gate's default is diff's */
START_TEST(tables_pinned)
{
	struct config_option_info a, b;
	const struct report_format *f;
	size_t i, k, outputs = 0;

	for (i = 0; config_option_info(i, &a); i++)
		for (k = i + 1; config_option_info(k, &b); k++)
			ck_assert_msg(strcmp(a.name, b.name) || !(a.commands & b.commands),
				      "two rows of %s share a command", a.name);
	for (i = 0; config_option_info(i, &a); i++) {
		if (!a.format)
			continue;
		outputs++;
		ck_assert_msg(report_format_named(a.format), "%s writes '%s', which has no writer",
			      a.name, a.format);
		if (!strcmp(a.name, "--max-regression"))
			ck_assert_str_eq(a.def, DIFF_LIMITS_DEFAULT);
	}
	for (i = 0; (f = report_format_at(i)); i++) {
		bool asked = false;

		for (k = 0; config_option_info(k, &a); k++)
			asked = asked || (a.format && !strcmp(a.format, f->name));
		ck_assert_msg(asked, "format %s has no option", f->name);
	}
	ck_assert_uint_eq(outputs, i);
	ck_assert_uint_le(outputs, CONFIG_MAX_OUTPUTS);
	for (i = 0; config_option_info(i, &a); i++)
		if (!strcmp(a.name, "--max-regression"))
			ck_assert_str_eq(a.def, DIFF_LIMITS_DEFAULT);
}
END_TEST

Suite *manual_suite(void)
{
	Suite *s = suite_create("manual");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_command_everywhere);
	tcase_add_test(tc, help_lists_what_each_command_takes);
	tcase_add_test(tc, readme_commands_agree);
	tcase_add_test(tc, help_fits_80_columns);
	tcase_add_test(tc, man_page_lists_each_option_once);
	tcase_add_test(tc, tables_pinned);
	suite_add_tcase(s, tc);
	return s;
}
