/* SPDX-License-Identifier: Apache-2.0 */
/* check_fake — the fake endpoint's own contract: its behaviours are one
 * list (fake-endpoint --behaviours), fixtures/README.md describes exactly
 * those, and a scenario naming any other is refused at load with the
 * name, not played as a healthy server. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "suites.h"
#include "testutil.h"

#define MAX_NAMES 256

struct names {
	char *v[MAX_NAMES];
	size_t n;
};

static bool has(const struct names *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], name))
			return true;
	return false;
}

static void add(struct names *s, const char *name, size_t len)
{
	ck_assert_uint_lt(s->n, MAX_NAMES);
	s->v[s->n] = strndup(name, len);
	ck_assert_ptr_nonnull(s->v[s->n]);
	s->n++;
}

static void release(struct names *s)
{
	while (s->n)
		free(s->v[--s->n]);
}

/* what fake-endpoint --behaviours (or --keys) lists */
static void listed(const char *what, struct names *out)
{
	char cmd[4200], line[128];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "'%s/fixtures/fake-endpoint' --%s", repo_root(), what);
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = '\0';
		add(out, line, strlen(line));
	}
	ck_assert_int_eq(pclose(p), 0);
	ck_assert_uint_gt(out->n, 40);
}

/* q is in the first cell of a table row: "| `a`, `b` |" */
static bool first_cell(const char *q)
{
	while (q[-1] != '\n' && q[-1] != '|')
		q--;
	return q[-1] == '|' && q[-2] == '\n';
}

/* The backquoted names (a lower-case letter, then letters, digits, '-'
 * and '_' only) in the part of fixtures/README.md that starts with head
 * and ends at a blank line: in a table, those of each row's first cell;
 * in prose, all. */
static void documented(const char *guide, const char *head, bool table, struct names *out)
{
	const char *at = strstr(guide, head), *end, *q, *close;

	ck_assert_msg(at != NULL, "fixtures/README.md lacks '%s'", head);
	at += strlen(head);
	end = strstr(at, "\n\n");
	ck_assert_ptr_nonnull(end);
	for (q = at; (q = memchr(q, '`', (size_t)(end - q))); q = close + 1) {
		size_t len, i;
		bool name = islower((unsigned char)q[1]);

		if (!(close = memchr(q + 1, '`', (size_t)(end - q - 1))))
			break;
		len = (size_t)(close - q - 1);
		for (i = 1; i <= len; i++)
			name = name &&
			       (islower((unsigned char)q[i]) || isdigit((unsigned char)q[i]) ||
				q[i] == '-' || (table && q[i] == '_'));
		if (name && (!table || first_cell(q)))
			add(out, q + 1, len);
	}
}

/* each of a and b has the other's names, what the lists are called */
static void same(const struct names *fake, const struct names *docs, const char *what)
{
	size_t i;

	for (i = 0; i < fake->n; i++) {
		if (!strncmp(fake->v[i], "schema-ignores-", 15))
			continue;
		ck_assert_msg(has(docs, fake->v[i]), "fixtures/README.md does not describe %s '%s'",
			      what, fake->v[i]);
	}
	for (i = 0; i < docs->n; i++)
		ck_assert_msg(has(fake, docs->v[i]),
			      "fixtures/README.md describes %s '%s', which the fake does not know",
			      what, docs->v[i]);
}

/* The fake's behaviours and the guide's are the same list; the keywords a
 * grammar backend may ignore are one documented row. */
START_TEST(behaviours_are_one_list)
{
	struct names list = { 0 }, docs = { 0 };
	char path[4096];
	char *guide;

	snprintf(path, sizeof(path), "%s/fixtures/README.md", repo_root());
	ck_assert_ptr_nonnull(guide = read_text_file(path));
	listed("behaviours", &list);
	documented(guide, "| `wrong` | behaviour | source |", true, &docs);
	documented(guide, "`wrong` behaviours:", false, &docs);
	same(&list, &docs, "the behaviour");
	ck_assert_ptr_nonnull(strstr(guide, "| `schema-ignores-KEYWORD` |"));
	ck_assert(has(&list, "schema-ignores-uniqueItems"));
	free(guide);
	release(&list);
	release(&docs);
}
END_TEST

/* The keys a scenario file may hold: the fake's table and the guide's. */
START_TEST(keys_are_one_list)
{
	struct names list = { 0 }, docs = { 0 };
	char path[4096];
	char *guide;

	snprintf(path, sizeof(path), "%s/fixtures/README.md", repo_root());
	ck_assert_ptr_nonnull(guide = read_text_file(path));
	listed("keys", &list);
	documented(guide, "| key | default | meaning |", true, &docs);
	same(&list, &docs, "the scenario key");
	free(guide);
	release(&list);
	release(&docs);
}
END_TEST

/* A misspelt behaviour or key, or a value of the wrong type, is an error
 * naming it: exit 2, no port printed. */
START_TEST(unknown_behaviour_is_refused)
{
	static const char *const bad[] = {
		"{\"wrong\": [\"ignores-stopp\"]}",
		"{\"wrong\": [\"schema-ignores-notAKeyword\"]}",
		"{\"wrong\": [42]}",
		"{\"wrong\": \"smoke\"}",
		"{\"max_model_len\": \"4096\"}",
		"{\"max_model_lenn\": 4096}",
	};
	char dir[] = "/tmp/preflight-fake-XXXXXX", path[4200], cmd[8600], out[512];
	size_t i;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		FILE *p;
		size_t got;
		int st;

		ck_assert(write_text_file(path, bad[i]));
		snprintf(cmd, sizeof(cmd), "'%s/fixtures/fake-endpoint' --scenario '%s' 2>&1",
			 repo_root(), path);
		p = popen(cmd, "r");
		ck_assert_ptr_nonnull(p);
		got = fread(out, 1, sizeof(out) - 1, p);
		out[got] = '\0';
		st = pclose(p);
		ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 2, "%s: exit %d", bad[i], st);
		ck_assert_msg((strstr(out, "not a behaviour") || strstr(out, "no such key") ||
			       strstr(out, "wrong type")) &&
				      !strstr(out, "PORT="),
			      "%s: %s", bad[i], out);
	}
	unlink(path);
	rmdir(dir);
}
END_TEST

Suite *fake_suite(void)
{
	Suite *s = suite_create("fake");
	TCase *t = tcase_create("behaviours");

	tcase_add_test(t, behaviours_are_one_list);
	tcase_add_test(t, keys_are_one_list);
	tcase_add_test(t, unknown_behaviour_is_refused);
	suite_add_tcase(s, t);
	return s;
}
