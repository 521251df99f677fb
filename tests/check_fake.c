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

/* what fake-endpoint --behaviours lists */
static void listed(struct names *out)
{
	char cmd[4200], line[128];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "'%s/fixtures/fake-endpoint' --behaviours", repo_root());
	p = popen(cmd, "r");
	ck_assert_ptr_nonnull(p);
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = '\0';
		add(out, line, strlen(line));
	}
	ck_assert_int_eq(pclose(p), 0);
	ck_assert_uint_gt(out->n, 60);
}

/* the backquoted names, letters, digits and hyphens only, in the
 * behaviours section of fixtures/README.md: the table after its "| `wrong`
 * |" header and the paragraph that starts "`wrong` behaviours:" */
static void documented(const char *guide, struct names *out)
{
	const char *parts[][2] = { { "| `wrong` | behaviour |", "\n\n" },
				   { "`wrong` behaviours:", "\n\n" } };
	size_t k;

	for (k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
		const char *at = strstr(guide, parts[k][0]), *end, *q;

		ck_assert_msg(at != NULL, "fixtures/README.md lacks '%s'", parts[k][0]);
		at += strlen(parts[k][0]);
		end = strstr(at, parts[k][1]);
		ck_assert_ptr_nonnull(end);
		for (q = at; (q = memchr(q, '`', (size_t)(end - q))) && q < end;) {
			const char *close = memchr(q + 1, '`', (size_t)(end - q - 1));
			size_t len, i;
			bool name = islower((unsigned char)q[1]);

			if (!close)
				break;
			len = (size_t)(close - q - 1);
			for (i = 0; i < len; i++)
				name = name &&
				       (islower((unsigned char)q[1 + i]) ||
					isdigit((unsigned char)q[1 + i]) || q[1 + i] == '-');
			/* a row's first cell, or a name in the paragraph (not a value) */
			if (name && len &&
			    (k == 1 || (q[-1] == ' ' && q[-2] == '|' && q[-3] == '\n')))
				add(out, q + 1, len);
			q = close + 1;
		}
	}
}

/* The fake's list and the guide's are the same list; the keywords a
 * grammar backend may ignore are one documented row. */
START_TEST(behaviours_are_one_list)
{
	struct names list = { 0 }, docs = { 0 };
	char path[4096];
	char *guide;
	size_t i;

	snprintf(path, sizeof(path), "%s/fixtures/README.md", repo_root());
	ck_assert_ptr_nonnull(guide = read_text_file(path));
	listed(&list);
	documented(guide, &docs);
	for (i = 0; i < list.n; i++) {
		if (!strncmp(list.v[i], "schema-ignores-", 15))
			continue;
		ck_assert_msg(has(&docs, list.v[i]), "fixtures/README.md does not describe '%s'",
			      list.v[i]);
	}
	for (i = 0; i < docs.n; i++)
		ck_assert_msg(has(&list, docs.v[i]),
			      "fixtures/README.md describes '%s', which the fake does not play",
			      docs.v[i]);
	ck_assert_ptr_nonnull(strstr(guide, "| `schema-ignores-KEYWORD` |"));
	ck_assert(has(&list, "schema-ignores-uniqueItems"));
	free(guide);
	release(&list);
	release(&docs);
}
END_TEST

/* A misspelt behaviour is an error naming it, exit 2, no port printed. */
START_TEST(unknown_behaviour_is_refused)
{
	static const char *const bad[] = {
		"{\"wrong\": [\"ignores-stopp\"]}",
		"{\"wrong\": [\"schema-ignores-notAKeyword\"]}",
		"{\"wrong\": [42]}",
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
		ck_assert_msg(strstr(out, "not a behaviour") && !strstr(out, "PORT="), "%s: %s",
			      bad[i], out);
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
	tcase_add_test(t, unknown_behaviour_is_refused);
	suite_add_tcase(s, t);
	return s;
}
