/* SPDX-License-Identifier: Apache-2.0 */
/* check_release — what a release is made of agrees: the one VERSION file
 * against --version, the man page, a report, the tarball's name,
 * debian/changelog and CHANGELOG.md; the licence at the root and an SPDX
 * line in every source file, the vendored schema keeping its own. Reads
 * the tree by walking it (a tarball has no .git). */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "suites.h"
#include "testutil.h"
#include "version.h"

static char *tree_file(const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", repo_root(), rel);
	return read_text_file(path);
}

/* the VERSION file's one line */
static void version_of_tree(char *out, size_t n)
{
	char *v = tree_file("VERSION");

	ck_assert_ptr_nonnull(v);
	v[strcspn(v, "\r\n")] = '\0';
	ck_assert_msg(*v && strlen(v) < n, "VERSION is empty or too long");
	snprintf(out, n, "%s", v);
	free(v);
}

START_TEST(one_version_everywhere)
{
	const char *version_argv[] = { "--version", NULL };
	const char *man_argv[] = { "man", NULL };
	const char *run_argv[] = { "run",   "--endpoint", NULL,	    "--checks",
				   "smoke", "--json",	  "r.json", NULL };
	char v[64], want[256];
	char *make = tree_file("Makefile"), *deb = tree_file("debian/changelog");
	char *log = tree_file("CHANGELOG.md");
	struct outcome o;
	struct fake f;
	cJSON *r;

	version_of_tree(v, sizeof(v));
	ck_assert_str_eq(PREFLIGHT_VERSION, v); /* what the build passed in */
	run_preflight(&o, NULL, version_argv);
	snprintf(want, sizeof(want), "preflight %s\n", v);
	ck_assert_msg(!strncmp(o.out, want, strlen(want)), "--version says %s", o.out);
	outcome_release(&o);
	run_preflight(&o, NULL, man_argv);
	snprintf(want, sizeof(want), "\"preflight %s\"", v);
	ck_assert_msg(strstr(o.out, want) != NULL, "the man page's .TH lacks %s", want);
	outcome_release(&o);
	fake_start(&f, "healthy");
	run_argv[2] = f.url;
	run_preflight(&o, NULL, run_argv);
	fake_stop(&f);
	r = read_json_report(&o, "r.json");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(r, "preflight_version")), v);
	cJSON_Delete(r);
	outcome_release(&o);
	/* the tarball is named from the file, the package's changelog and
	 * CHANGELOG.md name it */
	ck_assert_ptr_nonnull(make);
	ck_assert_ptr_nonnull(strstr(make, "VERSION := $(shell cat VERSION"));
	ck_assert_ptr_nonnull(strstr(make, "DIST := preflight-$(VERSION)"));
	snprintf(want, sizeof(want), "preflight (%s) ", v);
	ck_assert_msg(deb && !strncmp(deb, want, strlen(want)), "debian/changelog: %.60s", deb);
	snprintf(want, sizeof(want), "\n## [%s] - ", v);
	ck_assert_msg(log && strstr(log, want), "CHANGELOG.md has no section %s", want + 1);
	ck_assert_ptr_nonnull(strstr(log, "\n## [Unreleased]"));
	free(make);
	free(deb);
	free(log);
}
END_TEST

/* is name a source file: code the licence line goes in */
static bool is_source(const char *name)
{
	static const char *const ends[] = {
		".c", ".h", ".sh", ".py", ".jq", ".html", ".cjs", ".yml"
	};
	size_t n = strlen(name), i;

	if (!strcmp(name, "Makefile") || !strcmp(name, "run") || !strcmp(name, "rules"))
		return true;
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
		if (n > strlen(ends[i]) && !strcmp(name + n - strlen(ends[i]), ends[i]))
			return true;
	return false;
}

/* every source file under rel (not descending into what the build makes)
 * holds the SPDX line within its first three lines; missing ones onto why */
static int spdx_walk(const char *rel, struct buf *why)
{
	char path[4096];
	DIR *d;
	struct dirent *e;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%s", repo_root(), rel);
	ck_assert_msg((d = opendir(path)) != NULL, "%s", path);
	while ((e = readdir(d))) {
		char sub[4096];

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "corpus") ||
		    !strcmp(e->d_name, "preflight") || !strcmp(e->d_name, "fake-endpoint"))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", rel, e->d_name);
		if (e->d_type == DT_DIR) {
			n += spdx_walk(sub, why);
		} else if (is_source(e->d_name)) {
			char *text = tree_file(sub), *third;
			size_t lines = 0;

			ck_assert_ptr_nonnull(text);
			for (third = text; *third && lines < 3; third++)
				lines += *third == '\n';
			*third = '\0';
			if (!strstr(text, "SPDX-License-Identifier: Apache-2.0"))
				buf_printf(why, "%s ", sub);
			free(text);
			n++;
		}
	}
	closedir(d);
	return n;
}

/* is name a word of the Makefile's FUZZ_TARGETS line (make holds one) */
static bool fuzz_listed(const char *make, const char *name)
{
	const char *line = strstr(make, "\nFUZZ_TARGETS := ");
	const char *end, *p;
	size_t n = strlen(name);

	ck_assert_ptr_nonnull(line);
	line += strlen("\nFUZZ_TARGETS := ");
	end = strchr(line, '\n');
	for (p = line; p && p < end; p = strchr(p, ' '), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, n) && (p[n] == ' ' || p + n == end))
			return true;
	return false;
}

/* every libFuzzer target in tests/fuzz is one make fuzz runs, with its
 * seeds; one left off the list would build and never run */
START_TEST(every_fuzz_target_runs)
{
	char *make = tree_file("Makefile"), dir[4096], seeds[4096];
	const struct dirent *e;
	DIR *d;
	int n = 0;

	ck_assert_ptr_nonnull(make);
	snprintf(dir, sizeof(dir), "%s/tests/fuzz", repo_root());
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char name[256];
		DIR *s;

		if (len < 8 || strncmp(e->d_name, "fuzz_", 5) || strcmp(e->d_name + len - 2, ".c"))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)(len - 7), e->d_name + 5);
		ck_assert_msg(fuzz_listed(make, name), "tests/fuzz/%s is not in FUZZ_TARGETS",
			      e->d_name);
		snprintf(seeds, sizeof(seeds), "%s/corpus/%s", dir, name);
		s = opendir(seeds);
		ck_assert_msg(s != NULL, "fuzz target %s has no seeds in tests/fuzz/corpus", name);
		closedir(s);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 17);
	free(make);
}
END_TEST

START_TEST(the_licence_in_every_source_file)
{
	static const char *const dirs[] = { "harness", "reports", "tests",   "fixtures",
					    "debian",  ".ci",	  "examples" };
	struct buf why = BUF_INIT(0);
	char *licence = tree_file("LICENSE"), *xsd = tree_file("tests/data/junit-10.xsd");
	char *make = tree_file("Makefile"), *action = tree_file("action.yml");
	size_t i;
	int n = 0;

	ck_assert_ptr_nonnull(licence);
	ck_assert_ptr_nonnull(strstr(licence, "Apache License"));
	ck_assert_ptr_nonnull(strstr(licence, "Version 2.0, January 2004"));
	ck_assert_ptr_nonnull(strstr(xsd, "The MIT License")); /* vendored: its own */
	ck_assert_ptr_nonnull(strstr(make, "SPDX-License-Identifier: Apache-2.0"));
	ck_assert_ptr_nonnull(strstr(action, "SPDX-License-Identifier: Apache-2.0"));
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		n += spdx_walk(dirs[i], &why);
	ck_assert_msg(n > 150, "only %d source files found", n);
	ck_assert_msg(!why.len, "no SPDX line in: %s", buf_cstr(&why));
	buf_release(&why);
	free(licence);
	free(xsd);
	free(make);
	free(action);
}
END_TEST

Suite *release_suite(void)
{
	Suite *s = suite_create("release");
	TCase *tc = tcase_create("release");

	tcase_add_test(tc, one_version_everywhere);
	tcase_add_test(tc, the_licence_in_every_source_file);
	tcase_add_test(tc, every_fuzz_target_runs);
	suite_add_tcase(s, tc);
	return s;
}
