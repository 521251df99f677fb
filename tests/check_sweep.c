/* SPDX-License-Identifier: Apache-2.0 */
/* check_sweep — a needle sweep over sizes and depths: the summary on
 * made-up cells (effective context, first failing cell, the window), and
 * end to end against a fake that loses the needle in a depth band beyond
 * a size, where the console, the JSON, the JUnit and the notebook agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "suites.h"
#include "sweep.h"
#include "testutil.h"

/* a run of cells: sizes[i] with verdict v[i] ('p' pass, 'f' fail, 'w' beyond
 * the window) */
static void cells(struct run_result *r, struct probe_result *pr, struct probe *p, const long *sizes,
		  const char *v, size_t n)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	memset(p, 0, sizeof(*p));
	p->id = "needle";
	for (i = 0; i < n; i++) {
		memset(&pr[i], 0, sizeof(pr[i]));
		pr[i].probe = p;
		pr[i].swept = true;
		pr[i].needle_target = sizes[i];
		pr[i].verdict = v[i] == 'p'   ? VERDICT_PASS
				: v[i] == 'f' ? VERDICT_FAIL
					      : VERDICT_SKIPPED;
		pr[i].beyond_window = v[i] == 'w';
		snprintf(pr[i].variant, sizeof(pr[i].variant), "@%ldk@%zu", sizes[i] / 1000, i);
	}
	r->probes = pr;
	r->n_probes = n;
}

START_TEST(summaries)
{
	static const long sizes[] = { 4000, 4000, 8000, 8000, 16000, 16000 };
	static const struct {
		const char *v;
		long effective;
		const char *first; /* variant of the first cell short of a pass, "" none */
		bool cut;
		long swept; /* the largest size a cell was sent at */
		const char *headline;
	} rows[] = {
		{ "pppppp", 16000, "", false, 16000, "effective context 16k of 16k swept" },
		{ "pppfpp", 4000, "@8k@3", false, 16000, "effective context 4k of 16k swept" },
		{ "fppppp", 0, "@4k@0", false, 16000, "effective context none of 16k swept" },
		/* field-findings-2: cells beyond the window were never sent */
		{ "ppppww", 8000, "@16k@4", true, 8000, "effective context 8k of 8k swept" },
		/* a failure above a smaller one: the smaller one decides */
		{ "pfppfp", 0, "@4k@1", false, 16000, "effective context none of 16k swept" },
		{ "wwwwww", 0, "@4k@0", true, 0, "effective context unknown: no cell was sent" },
	};
	struct probe_result pr[6];
	struct sweep_summary s;
	struct run_result r;
	struct probe p;
	char head[96];

	cells(&r, pr, &p, sizes, rows[_i].v, 6);
	sweep_summarize(&r, &s);
	ck_assert(s.present);
	ck_assert_uint_eq(s.n_sizes, 3);
	ck_assert_int_eq(s.effective, rows[_i].effective);
	ck_assert_int_eq(s.swept_max, rows[_i].swept);
	ck_assert_str_eq(s.first_fail ? s.first_fail->variant : "", rows[_i].first);
	ck_assert(s.window_cut == rows[_i].cut);
	sweep_headline(&s, head, sizeof(head));
	ck_assert_str_eq(head, rows[_i].headline);
}
END_TEST

/* the cells of a JSON report that did not pass, "needle@16k@50%" a line */
static char *failing(const cJSON *report)
{
	const cJSON *p;
	char *out = calloc(1, 4096);

	cJSON_ArrayForEach(p, cJSON_GetObjectItem(report, "probes"))
	{
		if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "verdict")), "pass"))
			snprintf(out + strlen(out), 4096 - strlen(out), "%s%s\n",
				 cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")),
				 cJSON_GetStringValue(cJSON_GetObjectItem(p, "variant")));
	}
	return out;
}

/* recall lost beyond 10,000 tokens at depths 0.4 to 0.6: exactly the
 * middle cells of 16k and 32k fail, the effective context is 8k, and the
 * console, JSON, JUnit and the notebook row say so */
START_TEST(band_is_mapped)
{
	const char *argv[] = { "run",
			       "--endpoint",
			       NULL,
			       "--checks",
			       "needle",
			       "--needle-ctx",
			       "4k,8k,16k,32k",
			       "--needle-depth",
			       "0:1:0.25",
			       "--json",
			       "r.json",
			       "--junit",
			       "r.xml",
			       NULL };
	const char *table[] = { "table", "r.json", NULL };
	const cJSON *sweep;
	char xml[4096], *fails, *junit;
	struct outcome o;
	struct fake f;
	cJSON *r;

	fake_start(&f, "needle-band");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out, "sweep: effective context 8k of 32k swept · 18/20 "
					    "cells passed · first failing cell needle@16k@50%"));
	r = read_json_report(&o, "r.json");
	sweep = cJSON_GetObjectItem(r, "sweep");
	ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(sweep, "effective_context")),
			 8000);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(sweep, "first_failing_cell")),
			 "needle@16k@50%");
	fails = failing(r);
	ck_assert_str_eq(fails, "needle@16k@50%\nneedle@32k@50%\n");
	free(fails);
	cJSON_Delete(r);
	snprintf(xml, sizeof(xml), "%s/r.xml", o.dir);
	ck_assert_int_ne(junit_validate(xml), 0);
	junit = read_report(&o, "r.xml");
	ck_assert_ptr_nonnull(strstr(junit, "tests=\"20\""));
	ck_assert_ptr_nonnull(strstr(junit, "failures=\"2\""));
	ck_assert_ptr_nonnull(strstr(junit, "name=\"needle@32k@50% — needle in a haystack\""));
	free(junit);
	run_preflight_in(&o, NULL, table);
	ck_assert_ptr_nonnull(
		strstr(o.out, "| preflight 18/20 (20 sweep cells) · effective context 8k of 32k "
			      "swept |"));
	outcome_release(&o);
}
END_TEST

/* a size beyond the endpoint's window (32768) is not sent: its cells are
 * skipped with the reason, the map ends there, and the run passes */
START_TEST(window_ends_the_map)
{
	const char *argv[] = { "run",	    "--endpoint",   NULL,	   "--checks",
			       "needle",    "--needle-ctx", "16k,32k,64k", "--needle-depth",
			       "0.25,0.75", "--json",	    "r.json",	   NULL };
	const cJSON *sweep, *p;
	struct outcome o;
	struct fake f;
	long requests, most;
	int skipped = 0;
	cJSON *r;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&f, &requests, &most);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_ptr_nonnull(
		strstr(o.out, "RESULT: SERVES (4/6 passed: 2 beyond the window (6 sweep cells)"));
	r = read_json_report(&o, "r.json");
	sweep = cJSON_GetObjectItem(r, "sweep");
	ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(sweep, "effective_context")),
			 32000);
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(sweep, "beyond_window")));
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "passed")));
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes")) skipped +=
		!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "verdict")), "skipped");
	ck_assert_int_eq(skipped, 2);
	ck_assert_int_eq(requests, 4); /* the 64k cells were never sent */
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* distractor sensitivity: the single needle passes at every cell, the
 * multi-key needle fails at every one, naming the distractor it answered;
 * the effective context is none, and the first failing cell is the
 * multi-key one */
START_TEST(distractors_fail_multi_key)
{
	const char *argv[] = { "run",
			       "--endpoint",
			       NULL,
			       "--checks",
			       "needle,needle-multikey",
			       "--needle-ctx",
			       "4k,8k",
			       "--needle-depth",
			       "0.25,0.75",
			       "--json",
			       "r.json",
			       NULL };
	const cJSON *p;
	struct outcome o;
	struct fake f;
	char *fails;
	cJSON *r;

	fake_start(&f, "needle-distracted");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out, "the code of the distractor"));
	ck_assert_ptr_nonnull(strstr(o.out, "sweep: effective context none of 8k swept · 4/8 "
					    "cells passed · first failing cell "
					    "needle-multikey@4k@25% (wrong-answer)"));
	r = read_json_report(&o, "r.json");
	fails = failing(r);
	ck_assert_str_eq(fails, "needle-multikey@4k@25%\nneedle-multikey@4k@75%\n"
				"needle-multikey@8k@25%\nneedle-multikey@8k@75%\n");
	free(fails);
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes"))
	{
		const cJSON *n = cJSON_GetObjectItem(p, "needle");
		bool multi = !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")),
				     "needle-multikey");

		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(n, "asked")), 1);
		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(n, "recalled")), !multi);
		if (multi)
			ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(n, "keys")), 6);
	}
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* partial recall: two of four values, two of three queries, as fractions
 * in the JSON; beyond 6k the last quarter loses every code */
START_TEST(partial_recall_is_a_fraction)
{
	const char *argv[] = { "run",
			       "--endpoint",
			       NULL,
			       "--checks",
			       "needle-multivalue,needle-multiquery",
			       "--needle-ctx",
			       "4k,8k",
			       "--needle-depth",
			       "0.5,0.9",
			       "--json",
			       "r.json",
			       NULL };
	static const struct {
		const char *cell;
		int recalled, asked;
	} want[] = {
		{ "needle-multivalue@4k@50%", 2, 4 }, { "needle-multivalue@4k@90%", 2, 4 },
		{ "needle-multivalue@8k@50%", 2, 4 }, { "needle-multivalue@8k@90%", 0, 4 },
		{ "needle-multiquery@4k@50%", 2, 3 }, { "needle-multiquery@4k@90%", 2, 3 },
		{ "needle-multiquery@8k@50%", 2, 3 }, { "needle-multiquery@8k@90%", 0, 3 },
	};
	const cJSON *p;
	struct outcome o;
	struct fake f;
	size_t i = 0;
	cJSON *r;

	fake_start(&f, "needle-partial");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out, "recalled 2 of 4 codes"));
	r = read_json_report(&o, "r.json");
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes"))
	{
		const cJSON *n = cJSON_GetObjectItem(p, "needle");
		char cell[64];

		ck_assert_uint_lt(i, sizeof(want) / sizeof(want[0]));
		snprintf(cell, sizeof(cell), "%s%s",
			 cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")),
			 cJSON_GetStringValue(cJSON_GetObjectItem(p, "variant")));
		ck_assert_str_eq(cell, want[i].cell);
		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(n, "recalled")),
				 want[i].recalled);
		ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(n, "asked")),
				 want[i].asked);
		i++;
	}
	ck_assert_uint_eq(i, 8);
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* --sweep-concurrency 3: three cells in flight together (the fake holds
 * every answer until three are), never more; by default one at a time */
START_TEST(cells_in_flight_are_bounded)
{
	const char *argv[] = { "run",	  "--endpoint",		 NULL,	  "--checks",
			       "needle",  "--needle-ctx",	 "4k,8k", "--needle-depth",
			       "0:1:0.5", "--sweep-concurrency", "3",	  NULL };
	struct outcome o;
	struct fake f;
	long requests, most;

	fake_start(&f, "held-sweep");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(fake_stat(&f, "held_batches"), 1);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_int_eq(requests, 6);
	ck_assert_int_eq(most, 3);
	ck_assert_ptr_nonnull(strstr(o.err, "sweep: 6 cells over 2 sizes, 6 answers"));
	ck_assert_ptr_nonnull(strstr(o.err, "3 at a time"));
	outcome_release(&o);

	argv[9] = NULL; /* the default: one at a time */
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stats(&f, &requests, &most);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_int_eq(requests, 6);
	ck_assert_int_eq(most, 1);
	outcome_release(&o);
}
END_TEST

Suite *sweep_suite(void)
{
	Suite *s = suite_create("sweep");
	TCase *tc = tcase_create("map");

	tcase_add_loop_test(tc, summaries, 0, 6);
	tcase_add_test(tc, band_is_mapped);
	tcase_add_test(tc, window_ends_the_map);
	tcase_add_test(tc, distractors_fail_multi_key);
	tcase_add_test(tc, partial_recall_is_a_fraction);
	tcase_add_test(tc, cells_in_flight_are_bounded);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}
