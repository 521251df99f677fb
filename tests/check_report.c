/* SPDX-License-Identifier: Apache-2.0 */
/* check_report — the writers: JUnit stays valid whatever the endpoint
 * said, counts add up, the JSON report parses, files are atomic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "file.h"
#include "model.h"
#include "render.h"
#include "report.h"
#include "schema.h"
#include "suites.h"
#include "testutil.h"

static struct probe probe_a = { .id = "smoke",
				.title = "smoke <&> \"quoted\"",
				.summary_pass = "smoke",
				.summary_fail = "smoke" };
static struct probe probe_b = { .id = "json",
				.title = "structured JSON",
				.summary_pass = "structured JSON",
				.summary_fail = "structured JSON" };

static void hostile_result(struct run_result *r, struct probe_result *pr, struct observation *ob)
{
	static char hostile[] = "a]]>b <tag> & \x01\x1b[31m ctl \x7f end \xef\xbf\xbe";

	memset(r, 0, sizeof(*r));
	memset(pr, 0, 2 * sizeof(*pr));
	memset(ob, 0, sizeof(*ob));
	r->endpoint = "http://127.0.0.1:1/v1";
	r->model = "m\"odel";
	r->thinking = "default";
	r->max_model_len = -1;
	snprintf(r->started, sizeof(r->started), "2026-11-30T12:00:00Z");
	r->probes = pr;
	r->n_probes = 2;
	pr[0].probe = &probe_a;
	pr[0].verdict = VERDICT_FAIL;
	pr[0].cause = CAUSE_WRONG_ANSWER;
	pr[0].message = hostile;
	pr[0].obs = ob;
	pr[0].n_obs = 1;
	pr[0].needle_target = -1;
	ob->content_excerpt = hostile;
	ob->detail = hostile;
	ob->prompt_tokens = ob->completion_tokens = ob->reasoning_tokens = -1;
	pr[1].probe = &probe_b;
	pr[1].verdict = VERDICT_ERROR;
	pr[1].cause = CAUSE_HTTP_ERROR;
	pr[1].message = "HTTP 500: EngineCore encountered an issue";
	pr[1].needle_target = -1;
}

START_TEST(junit_survives_hostile_text)
{
	struct run_result r;
	struct probe_result pr[2];
	struct observation ob;
	struct buf out = BUF_INIT(0);
	char dir[] = "/tmp/pf-report-XXXXXX", path[128], err[256];
	struct model *m;
	int v;

	hostile_result(&r, pr, &ob);
	m = model_from_result(&r);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(report_junit_render(m, &out), 0);
	model_free(m);
	ck_assert_ptr_null(strstr(buf_cstr(&out), "]]>"));
	ck_assert_ptr_null(strstr(buf_cstr(&out), "\x1b"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "#x1B"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "failures=\"1\" errors=\"1\""));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "<failure type=\"wrong-answer\""));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "<error type=\"http-error\""));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "name=\"smoke — "));
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/junit.xml", dir);
	ck_assert_int_eq(file_write_atomic(path, buf_cstr(&out), out.len, err, sizeof(err)), 0);
	v = junit_validate(path);
	ck_assert_msg(v != 0, "hostile JUnit does not validate:\n%s", buf_cstr(&out));
	unlink(path);
	rmdir(dir);
	buf_release(&out);
}
END_TEST

START_TEST(json_report_parses)
{
	struct run_result r;
	struct probe_result pr[2];
	struct observation ob;
	struct buf out = BUF_INIT(0);
	struct model *m;
	cJSON *j, *p;

	hostile_result(&r, pr, &ob);
	m = model_from_result(&r);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(report_json_render(m, &out), 0);
	model_free(m);
	j = cJSON_Parse(buf_cstr(&out));
	ck_assert_ptr_nonnull(j);
	ck_assert_str_eq(cJSON_GetObjectItem(j, "schema")->valuestring, "preflight-report/v1");
	p = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "probes"), 1);
	ck_assert_str_eq(cJSON_GetObjectItem(p, "verdict")->valuestring, "error");
	ck_assert_str_eq(cJSON_GetObjectItem(p, "cause")->valuestring, "http-error");
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(j, "passed")));
	assert_schema_valid(j, "the hostile result's report");
	/* the schema is no formality: what preflight never writes is refused */
	{
		char err[256];

		cJSON_ReplaceItemInObject(p, "verdict", cJSON_CreateString("maybe"));
		ck_assert_int_eq(report_schema_validate("report", j, err, sizeof(err)),
				 SCHEMA_INVALID);
		ck_assert_ptr_nonnull(strstr(err, "verdict"));
		cJSON_ReplaceItemInObject(p, "verdict", cJSON_CreateString("pass"));
		cJSON_DeleteItemFromObject(j, "endpoint");
		ck_assert_int_eq(report_schema_validate("report", j, err, sizeof(err)),
				 SCHEMA_INVALID);
	}
	cJSON_Delete(j);
	buf_release(&out);
}
END_TEST

START_TEST(markdown_escapes_cells)
{
	struct run_result r;
	struct probe_result pr[2];
	struct observation ob;
	struct buf out = BUF_INIT(0);
	struct model *m;

	hostile_result(&r, pr, &ob);
	r.model = "a|b\nc";
	m = model_from_result(&r);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(report_markdown_render(m, &out), 0);
	model_free(m);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "| a\\|b c |"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "| ❌ |"));
	buf_release(&out);
}
END_TEST

START_TEST(atomic_write_keeps_old_file_on_failure)
{
	char dir[] = "/tmp/pf-atomic-XXXXXX", path[128], sub[128], err[256];
	struct buf b = BUF_INIT(0);

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	ck_assert_int_eq(file_write_atomic(path, "old\n", 4, err, sizeof(err)), 0);
	ck_assert_int_eq(file_write_atomic(path, "new\n", 4, err, sizeof(err)), 0);
	ck_assert_int_eq(file_read(path, 100, &b, err, sizeof(err)), 0);
	ck_assert_str_eq(buf_cstr(&b), "new\n");
	/* a target that is a directory: the rename fails, nothing is left */
	snprintf(sub, sizeof(sub), "%s/d", dir);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	ck_assert_int_eq(file_write_atomic(sub, "x", 1, err, sizeof(err)), -1);
	ck_assert_int_eq(file_check_writable(sub, err, sizeof(err)), -1);
	snprintf(sub, sizeof(sub), "%s/missing/r.json", dir);
	ck_assert_int_eq(file_check_writable(sub, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "does not exist"));
	ck_assert_int_eq(file_read(path, 2, &b, err, sizeof(err)), -1);
	{
		char cmd[256];
		FILE *ls;
		char line[256];
		int n = 0;

		snprintf(cmd, sizeof(cmd), "ls -A '%s'", dir);
		ls = popen(cmd, "r");
		while (fgets(line, sizeof(line), ls))
			n++;
		pclose(ls);
		ck_assert_int_eq(n, 2); /* r.json and d: no temporary left */
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		ck_assert_int_eq(system(cmd), 0);
	}
	buf_release(&b);
}
END_TEST

Suite *report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, junit_survives_hostile_text);
	tcase_add_test(tc, json_report_parses);
	tcase_add_test(tc, markdown_escapes_cells);
	tcase_add_test(tc, atomic_write_keeps_old_file_on_failure);
	suite_add_tcase(s, tc);
	return s;
}
