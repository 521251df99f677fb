/* SPDX-License-Identifier: Apache-2.0 */
/* check_plan — the run plan: one item per result, answers asked for in
 * every mode, and the same count in every path of the real binary (a
 * live run, an unreachable endpoint, the dry run, a replay). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "config.h"
#include "plan.h"
#include "probe.h"
#include "suites.h"
#include "testutil.h"

/* the plan of the bundled probes named by checks under the flags in args */
static void plan_of(const char *const *args, struct config *c, struct probe_set *set,
		    struct plan *pl)
{
	char dir[1024], err[512];
	const char *argv[32] = { "preflight", "run", "--endpoint", "http://127.0.0.1:9/v1" };
	int n = 4;

	while (*args && n < 31)
		argv[n++] = *args++;
	snprintf(dir, sizeof(dir), "%s/probes", repo_root());
	ck_assert_msg(config_parse(cli_commands(), n, (char **)argv, c, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_msg(probe_load_dir(dir, set, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(probe_set_select(set, c->checks, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(plan_build(c, set, pl), 0);
}

static void plan_done(struct config *c, struct probe_set *set, struct plan *pl)
{
	plan_release(pl);
	probe_set_release(set);
	config_release(c);
}

/* answers per item: batch x repetitions, the batch again alone, one per
 * later turn, twice under --stream-parity */
static const struct {
	const char *args[8];
	const char *id;
	int answers;
} answer_cases[] = {
	{ { "--checks", "smoke", NULL }, "smoke", 1 },
	{ { "--checks", "smoke", "--repeat", "3", NULL }, "smoke", 3 },
	{ { "--checks", "tools", NULL }, "tools", 20 },
	{ { "--checks", "tools", "--tool-batch", "4", "--repeat", "2", NULL }, "tools", 8 },
	{ { "--checks", "tools", "--tool-batch", "4", "--concurrency-diff", NULL }, "tools", 8 },
	{ { "--checks", "tool-result", NULL }, "tool-result", 2 },
	{ { "--checks", "tool-result", "--stream-parity", "--repeat", "2", NULL },
	  "tool-result",
	  8 },
};

START_TEST(answers_per_item)
{
	struct config c;
	struct probe_set set = { 0 };
	struct plan pl;

	plan_of(answer_cases[_i].args, &c, &set, &pl);
	ck_assert_uint_eq(pl.n, 1);
	ck_assert_str_eq(pl.items[0].probe->id, answer_cases[_i].id);
	ck_assert_int_eq(pl.items[0].answers, answer_cases[_i].answers);
	plan_done(&c, &set, &pl);
}
END_TEST

/* a needle with a secret: one item per depth, each its own secret */
START_TEST(depth_variants)
{
	const char *args[] = { "--checks", "needle,smoke", "--needle-depth", "0.1,0.5", NULL };
	struct config c;
	struct probe_set set = { 0 };
	struct plan pl;

	plan_of(args, &c, &set, &pl);
	ck_assert_uint_eq(pl.n, 3);
	ck_assert_str_eq(pl.items[0].variant, "@10%");
	ck_assert_str_eq(pl.items[1].variant, "@50%");
	ck_assert_str_eq(pl.items[2].variant, "");
	ck_assert_str_ne(pl.items[0].secret, pl.items[1].secret);
	ck_assert_int_eq(pl.items[0].needle_target, 14000);
	ck_assert_int_eq(pl.items[2].needle_target, -1);
	ck_assert_ptr_null(pl.items[2].secret);
	plan_done(&c, &set, &pl);
}
END_TEST

/* --needle-ctx with several sizes x --needle-depth: a cell per pair, by
 * size then depth, each named @SIZE@DEPTH with its own secret and target;
 * one size with depths keeps the names it always had; the dry run counts
 * the cells and their haystack tokens */
START_TEST(sweep_grid)
{
	const char *args[] = { "--checks", "needle", "--needle-ctx", "4k,8k,16k", "--needle-depth",
			       "0:1:0.5",  NULL };
	const char *one[] = { "--checks", "needle", "--needle-ctx", "8k", NULL };
	struct config c;
	struct probe_set set = { 0 };
	struct plan pl;
	cJSON *dry;
	char *text;
	size_t i, k;

	plan_of(args, &c, &set, &pl);
	ck_assert_uint_eq(pl.n, 9);
	ck_assert_str_eq(pl.items[0].variant, "@4k@0%");
	ck_assert_str_eq(pl.items[4].variant, "@8k@50%");
	ck_assert_str_eq(pl.items[8].variant, "@16k@100%");
	ck_assert_int_eq(pl.items[8].needle_target, 16000);
	ck_assert(pl.items[8].swept && pl.items[8].depth == 1.0);
	for (i = 0; i < pl.n; i++)
		for (k = 0; k < i; k++)
			ck_assert_str_ne(pl.items[i].secret, pl.items[k].secret);
	text = plan_json(&pl);
	dry = cJSON_Parse(text);
	assert_schema_valid(dry, "the sweep's plan");
	ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(dry, "totals"), "needle_prompt_tokens")),
			 3 * (4000 + 8000 + 16000));
	ck_assert_int_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(
				 cJSON_GetObjectItem(dry, "totals"), "sweep_cells")),
			 9);
	/* sent by size, the deepest first: each haystack's fillers up to its
	 * needle are a prefix of the previous one's */
	{
		static const char *const sent[] = { "@4k@100%",	 "@4k@50%",  "@4k@0%",
						    "@8k@100%",	 "@8k@50%",  "@8k@0%",
						    "@16k@100%", "@16k@50%", "@16k@0%" };
		const cJSON *order =
			cJSON_GetObjectItem(cJSON_GetObjectItem(dry, "totals"), "sweep_order");
		char want[32];

		ck_assert_int_eq(cJSON_GetArraySize(order), 9);
		for (i = 0; i < 9; i++) {
			ck_assert_str_eq(pl.items[pl.order[i]].variant, sent[i]);
			snprintf(want, sizeof(want), "needle%s", sent[i]);
			ck_assert_str_eq(cJSON_GetArrayItem(order, (int)i)->valuestring, want);
		}
	}
	cJSON_Delete(dry);
	free(text);
	plan_done(&c, &set, &pl);
	plan_of(one, &c, &set, &pl);
	ck_assert_uint_eq(pl.n, 1);
	ck_assert_str_eq(pl.items[0].variant, "");
	ck_assert(!pl.items[0].swept);
	ck_assert_int_eq(pl.items[0].needle_target, 8000);
	plan_done(&c, &set, &pl);
}
END_TEST

/* "total" of probe id in a JSON report */
static int total_of(const cJSON *report, const char *id)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, cJSON_GetObjectItem(report, "probes"))
	{
		if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")), id))
			return (int)cJSON_GetNumberValue(cJSON_GetObjectItem(p, "total"));
	}
	return -1;
}

/* --repeat 3: three answers asked for, counted the same whether the run
 * went, the endpoint was unreachable, it was only planned, or replayed
 * (the unreachable path once reported 1) */
START_TEST(repeat_total_in_every_path)
{
	struct fake f;
	struct outcome live = { 0 }, dead = { 0 }, dry = { 0 }, replay = { 0 };
	const char *live_argv[] = {
		"run",	    "--endpoint", NULL,		  "--checks", "smoke,tools",
		"--repeat", "3",	  "--tool-batch", "2",	      "--json",
		"r.json",   "--record",	  "rec.jsonl.gz", NULL
	};
	const char *dead_argv[] = { "run",	"--endpoint",	"http://127.0.0.1:9/v1",
				    "--checks", "smoke,tools",	"--repeat",
				    "3",	"--tool-batch", "2",
				    "--json",	"r.json",	NULL };
	const char *replay_argv[] = { "replay", NULL, "--json", "r.json", NULL };
	char rec[256];
	cJSON *r, *plan;
	const cJSON *p;

	fake_start(&f, "healthy");
	live_argv[2] = f.url;
	run_preflight(&live, NULL, live_argv);
	fake_stop(&f);
	ck_assert_msg(live.code == 0, "live: exit %d\n%s", live.code, live.err);
	r = read_json_report(&live, "r.json");
	ck_assert_int_eq(total_of(r, "smoke"), 3);
	ck_assert_int_eq(total_of(r, "tools"), 6);
	cJSON_Delete(r);

	run_preflight(&dead, NULL, dead_argv);
	ck_assert_int_eq(dead.code, 3);
	r = read_json_report(&dead, "r.json");
	ck_assert_int_eq(total_of(r, "smoke"), 3);
	ck_assert_int_eq(total_of(r, "tools"), 6);
	cJSON_Delete(r);

	dead_argv[9] = "--dry-run";
	dead_argv[10] = NULL;
	run_preflight(&dry, NULL, dead_argv);
	ck_assert_int_eq(dry.code, 0);
	plan = cJSON_Parse(dry.out);
	ck_assert_ptr_nonnull(plan);
	assert_schema_valid(plan, "the dry run's plan");
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(plan, "probes"), 1);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(p, "id")), "tools");
	ck_assert_int_eq((int)cJSON_GetNumberValue(cJSON_GetObjectItem(p, "answers")), 6);
	cJSON_Delete(plan);

	snprintf(rec, sizeof(rec), "%s/rec.jsonl.gz", live.dir);
	replay_argv[1] = rec;
	run_preflight(&replay, NULL, replay_argv);
	ck_assert_msg(replay.code == 0, "replay: exit %d\n%s", replay.code, replay.err);
	r = read_json_report(&replay, "r.json");
	ck_assert_int_eq(total_of(r, "smoke"), 3);
	ck_assert_int_eq(total_of(r, "tools"), 6);
	cJSON_Delete(r);
	outcome_release(&live);
	outcome_release(&dead);
	outcome_release(&dry);
	outcome_release(&replay);
}
END_TEST

Suite *plan_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *t = tcase_create("core");

	tcase_add_loop_test(t, answers_per_item, 0,
			    (int)(sizeof(answer_cases) / sizeof(answer_cases[0])));
	tcase_add_test(t, depth_variants);
	tcase_add_test(t, sweep_grid);
	tcase_add_test(t, repeat_total_in_every_path);
	suite_add_tcase(s, t);
	return s;
}
