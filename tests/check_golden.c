/* SPDX-License-Identifier: Apache-2.0 */
/* check_golden — recordings of fake-endpoint scenarios kept under
 * fixtures/recordings (made by `make recordings`) replay offline to the
 * verdicts and causes they were recorded with. A change in grading shows
 * up here as a changed verdict, with no endpoint running. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"

static const struct {
	const char *name;
	int code;
	const char *outcomes;
} golden[] = {
	{ "healthy", 0, "smoke=pass:none\njson=pass:none\nneedle=pass:none\ntools=pass:none\n" },
	{ "thinking-starved", 1,
	  "smoke=fail:thinking-starvation\njson=fail:thinking-starvation\n"
	  "needle=fail:thinking-starvation\ntools=fail:thinking-starvation\n" },
	{ "think-tags", 1,
	  "smoke=fail:reasoning-bleed\njson=fail:reasoning-bleed\n"
	  "needle=fail:reasoning-bleed\ntools=fail:reasoning-bleed\n" },
	{ "cot-untagged", 1,
	  "smoke=fail:reasoning-bleed\njson=fail:reasoning-bleed\n"
	  "needle=fail:reasoning-bleed\ntools=fail:reasoning-bleed\n" },
	{ "tools-args-some", 1,
	  "smoke=pass:none\njson=pass:none\nneedle=pass:none\ntools=fail:invalid-tool-"
	  "arguments\n" },
	{ "tools-text", 1,
	  "smoke=pass:none\njson=pass:none\nneedle=pass:none\ntools=fail:tool-call-as-text\n" },
	{ "garbage", 1,
	  "smoke=fail:garbage-output\njson=fail:garbage-output\n"
	  "needle=fail:garbage-output\ntools=fail:garbage-output\n" },
	{ "engine-500", 1,
	  "smoke=error:http-error\njson=error:http-error\nneedle=error:http-error\ntools=error:"
	  "http-error\n" },
	{ "context-sglang", 1,
	  "smoke=pass:none\njson=pass:none\nneedle=fail:context-overflow\ntools=pass:none\n" },
	{ "json-type", 1,
	  "smoke=pass:none\njson=fail:wrong-answer\nneedle=pass:none\ntools=pass:none\n" },
};

START_TEST(golden_replay)
{
	char rec[4096], path[256];
	const char *argv[] = { "replay", rec, "--json", "r.json", "--junit", "j.xml", NULL };
	struct outcome o;
	cJSON *report;
	char *got;

	snprintf(rec, sizeof(rec), "%s/fixtures/recordings/%s.jsonl.gz", repo_root(),
		 golden[_i].name);
	run_preflight(&o, NULL, argv);
	ck_assert_msg(o.code == golden[_i].code, "%s: exit %d\n%s\n%s", golden[_i].name, o.code,
		      o.out, o.err);
	report = read_json_report(&o, "r.json");
	got = report_outcomes(report);
	ck_assert_str_eq(got, golden[_i].outcomes);
	snprintf(path, sizeof(path), "%s/j.xml", o.dir);
	ck_assert_int_ne(junit_validate(path), 0);
	free(got);
	cJSON_Delete(report);
	outcome_release(&o);
}
END_TEST

/* a damaged or foreign file is a clear usage error */
START_TEST(bad_recordings)
{
	const char *missing[] = { "replay", "/nonexistent.jsonl.gz", NULL };
	char probe[4096];
	const char *foreign[] = { "replay", probe, NULL };
	struct outcome o;

	run_preflight(&o, NULL, missing);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "cannot open '/nonexistent.jsonl.gz'"));
	outcome_release(&o);
	snprintf(probe, sizeof(probe), "%s/probes/10-smoke.json", repo_root());
	run_preflight(&o, NULL, foreign);
	ck_assert_int_eq(o.code, 2);
	outcome_release(&o);
}
END_TEST

Suite *golden_suite(void)
{
	Suite *s = suite_create("golden");
	TCase *tc = tcase_create("replay");

	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	tcase_add_loop_test(tc, golden_replay, 0, sizeof(golden) / sizeof(golden[0]));
	tcase_add_test(tc, bad_recordings);
	suite_add_tcase(s, tc);
	return s;
}
