/* SPDX-License-Identifier: Apache-2.0 */
/* check_notebook — the notebook's whole results table, regenerated: six
 * recipes (fixtures/notebook/recipes/) and six recorded runs that
 * reproduce each row's situation (all passing, decoding at its speed; the
 * NVFP4-MoE kernel's garbage; Nemotron's JSON without its reasoning
 * parser) are replayed and rendered by preflight table, and every cell is
 * compared with the notebook's row (tests/data/notebook-rows.md): the
 * same text, the notes column allowed to add preflight's summary after
 * the recipe's notes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "suites.h"
#include "table.h"
#include "testutil.h"

#define ROWS  6
#define CELLS 7

static const char *const names[ROWS] = {
	"gpt-oss-120b-mxfp4",	    "qwen36-27b-nvfp4",	     "qwen3-32b-nvfp4",
	"qwen35-122b-mxfp4-marlin", "qwen35-122b-nvfp4-moe", "nemotron-3-super-nvfp4",
};

/* the cells of a table row "| a | b |" into cells (each malloc'd), the
 * entities a renderer writes for <, > and & read back */
static int split_row(const char *line, char **cells, int max)
{
	const char *p = line + 1;
	int n = 0;

	while (*p && *p != '\n' && n < max) {
		const char *end = strstr(p, " |");
		char *c, *amp;

		if (!end)
			break;
		c = strndup(p + 1, (size_t)(end - p - 1));
		while ((amp = strstr(c, "&gt;")) || (amp = strstr(c, "&lt;")) ||
		       (amp = strstr(c, "&amp;"))) {
			size_t skip = amp[1] == 'a' ? 4 : 3;

			*amp = amp[1] == 'g' ? '>' : amp[1] == 'l' ? '<' : '&';
			memmove(amp + 1, amp + 1 + skip, strlen(amp + 1 + skip) + 1);
		}
		cells[n++] = c;
		p = end + 2;
	}
	return n;
}

/* the rows of a markdown table in text after its header and rule */
static int rows_of(const char *text, char *rows[ROWS][CELLS])
{
	const char *p = strstr(text, "|---");
	int n = 0;

	ck_assert_ptr_nonnull(p);
	p = strchr(p, '\n');
	while (p && p[1] == '|' && n < ROWS) {
		ck_assert_int_eq(split_row(p + 1, rows[n], CELLS), CELLS);
		n++;
		p = strchr(p + 1, '\n');
	}
	return n;
}

/* each recipe's recorded run replayed into o's folder as json[i] */
static void replay_rows(struct outcome *o, char json[ROWS][32])
{
	char path[4096];
	int i;

	for (i = 0; i < ROWS; i++) {
		const char *argv[] = { "replay", path, "--json", json[i], NULL };

		snprintf(path, sizeof(path), "%s/fixtures/notebook/recordings/%s.jsonl.gz",
			 repo_root(), names[i]);
		snprintf(json[i], 32, "row%d.json", i);
		run_preflight_in(o, NULL, argv);
		ck_assert_msg(o->code == 0 || o->code == 1, "%s: exit %d\n%s", names[i], o->code,
			      o->err);
	}
}

START_TEST(six_rows_regenerated)
{
	const char *table[ROWS + 2] = { "table" };
	char *want[ROWS][CELLS], *got[ROWS][CELLS], path[4096], json[ROWS][32], *text;
	struct outcome o;
	int i, k;

	outcome_mkdir(&o);
	replay_rows(&o, json);
	for (i = 0; i < ROWS; i++)
		table[i + 1] = json[i];
	run_preflight_in(&o, NULL, table);
	ck_assert_msg(o.code == 0, "%s", o.err);
	snprintf(path, sizeof(path), "%s/tests/data/notebook-rows.md", repo_root());
	text = read_text_file(path);
	ck_assert_int_eq(rows_of(text, want), ROWS);
	ck_assert_int_eq(rows_of(o.out, got), ROWS);
	for (i = 0; i < ROWS; i++) {
		for (k = 0; k < CELLS - 1; k++)
			ck_assert_msg(!strcmp(got[i][k], want[i][k]), "%s, cell %d: '%s', not '%s'",
				      names[i], k + 1, got[i][k], want[i][k]);
		/* the notes: the notebook's, then at most preflight's summary */
		ck_assert_msg(
			!strncmp(got[i][6], want[i][6], strlen(want[i][6])) &&
				(!got[i][6][strlen(want[i][6])] ||
				 !strncmp(got[i][6] + strlen(want[i][6]), "; preflight ", 12)),
			"%s notes: '%s', not '%s'", names[i], got[i][6], want[i][6]);
		for (k = 0; k < CELLS; k++) {
			free(want[i][k]);
			free(got[i][k]);
		}
	}
	free(text);
	outcome_release(&o);
}
END_TEST

/* the k-th row line (0: the first after the header's rule) of a table in
 * text, without its newline; caller frees */
static char *row_line(const char *text, int k)
{
	const char *p = strstr(text, "|---"), *end;

	ck_assert_ptr_nonnull(p);
	p = strchr(p, '\n');
	while (p && k-- > 0)
		p = strchr(p + 1, '\n');
	ck_assert_ptr_nonnull(p);
	end = strchr(p + 1, '\n');
	return strndup(p + 1, end ? (size_t)(end - p - 1) : strlen(p + 1));
}

/* regenerating the notebook's block keeps its rows where they are: a
 * recipe's row is renewed in its place, a row no report renews stays,
 * new recipes come after, in the order of their reports; and it is then
 * up to date */
START_TEST(notebook_keeps_its_order)
{
	const char *table[ROWS + 2] = { "table" }, *merge[ROWS + 5] = { "table" };
	char path[4096], json[ROWS][32], *old, *fresh[ROWS], *hand, *block, *want;
	static const int appended[] = { 5, 4, 2, 1 };
	struct outcome o;
	struct buf nb = BUF_INIT(0), exp = BUF_INIT(0);
	int i;

	outcome_mkdir(&o);
	replay_rows(&o, json);
	for (i = 0; i < ROWS; i++) {
		table[i + 1] = json[i];
		merge[ROWS - i] = json[i]; /* the reports in another order */
	}
	run_preflight_in(&o, NULL, table);
	ck_assert_msg(o.code == 0, "%s", o.err);
	for (i = 0; i < ROWS; i++)
		fresh[i] = row_line(o.out, i);
	snprintf(path, sizeof(path), "%s/tests/data/notebook-rows.md", repo_root());
	old = read_text_file(path);
	hand = strdup("| my-model | Q4 | llama.cpp | 3090 | ✅ | `-c 8192` | written by hand |");
	block = row_line(old, 3);
	buf_printf(&nb, "# notes\n\n" TABLE_BEGIN "\n%s\n|---|---|---|---|---|---|---|\n%s\n%s\n",
		   TABLE_HEADER, block, hand);
	free(block);
	block = row_line(old, 0);
	buf_printf(&nb, "%s\n" TABLE_END "\nafter\n", block);
	free(block);
	snprintf(path, sizeof(path), "%s/nb.md", o.dir);
	ck_assert(write_text_file(path, buf_cstr(&nb)));
	merge[ROWS + 1] = "--notebook";
	merge[ROWS + 2] = "nb.md";
	run_preflight_in(&o, NULL, merge);
	ck_assert_msg(o.code == 0, "exit %d: %s", o.code, o.err);
	buf_printf(&exp, "%s\n%s\n%s\n", fresh[3], hand, fresh[0]);
	for (i = 0; i < 4; i++)
		buf_printf(&exp, "%s\n", fresh[appended[i]]);
	block = read_report(&o, "nb.md");
	want = strstr(block, "|---|---|---|---|---|---|---|\n");
	ck_assert_ptr_nonnull(want);
	want += strlen("|---|---|---|---|---|---|---|\n");
	ck_assert_msg(!strncmp(want, buf_cstr(&exp), exp.len) &&
			      !strncmp(want + exp.len, TABLE_END "\nafter\n", 8),
		      "the block:\n%s\nwant rows:\n%s", want, buf_cstr(&exp));
	merge[ROWS + 3] = "--check";
	run_preflight_in(&o, NULL, merge);
	ck_assert_msg(o.code == 0, "--check after the update: exit %d: %s", o.code, o.err);
	free(block);
	for (i = 0; i < ROWS; i++)
		free(fresh[i]);
	free(hand);
	free(old);
	buf_release(&nb);
	buf_release(&exp);
	outcome_release(&o);
}
END_TEST

Suite *notebook_suite(void)
{
	Suite *s = suite_create("notebook");
	TCase *tc = tcase_create("rows");

	tcase_add_test(tc, six_rows_regenerated);
	tcase_add_test(tc, notebook_keeps_its_order);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
