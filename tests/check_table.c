/* SPDX-License-Identifier: Apache-2.0 */
/* check_table — the notebook table, tried as a new user would: reports of
 * several recipes, passing and failing, regenerate the marked block of a
 * notebook with the seed's structure; every other byte stays; --check
 * catches a stale table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "json.h"
#include "model.h"

#include "suites.h"
#include "table.h"
#include "testutil.h"

/* runs a recipe against a scenario, leaving NAME.json in o's folder */
static void run_recipe(struct outcome *o, const char *scenario, const char *recipe, const char *out)
{
	char recipe_path[4096];
	struct fake f;
	const char *argv[] = { "run",	  "--recipe",	recipe_path, "--endpoint", NULL,
			       "--model", "fake-model", "--json",    out,	   NULL };

	snprintf(recipe_path, sizeof(recipe_path), "%s/fixtures/recipes/%s.json", repo_root(),
		 recipe);
	fake_start(&f, scenario);
	argv[4] = f.url;
	run_preflight(o, NULL, argv);
	fake_stop(&f);
}

static char *slurp_path(const char *path)
{
	char *text = read_text_file(path);

	ck_assert_ptr_nonnull(text);
	return text;
}

START_TEST(notebook_regenerated)
{
	struct outcome a, b, c, t;
	char src[4096], nb[256], ra[256], rb[256], rc[256], cmd[8192];
	char *before, *after, *tail_before, *tail_after;
	const char *check[] = { "table", ra, rb, "--notebook", nb, "--check", NULL };
	const char *update[] = { "table", ra, rb, rc, "--notebook", nb, NULL };

	run_recipe(&a, "healthy", "qwen35-122b-mxfp4-marlin", "a.json");
	ck_assert_int_eq(a.code, 0);
	run_recipe(&b, "cot-untagged", "nemotron-3-super-nvfp4", "b.json");
	ck_assert_int_eq(b.code, 1);
	/* a newer report of the first recipe, now failing: it wins */
	run_recipe(&c, "tools-args-some", "qwen35-122b-mxfp4-marlin", "c.json");
	ck_assert_int_eq(c.code, 1);
	snprintf(ra, sizeof(ra), "%s/a.json", a.dir);
	snprintf(rb, sizeof(rb), "%s/b.json", b.dir);
	snprintf(rc, sizeof(rc), "%s/c.json", c.dir);
	snprintf(src, sizeof(src), "%s/fixtures/notebook/lab-notebook.md", repo_root());
	snprintf(nb, sizeof(nb), "%s/notebook.md", a.dir);
	snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", src, nb);
	ck_assert_int_eq(system(cmd), 0);
	before = slurp_path(nb);

	/* the hand-written table is stale: --check says so and writes nothing */
	run_preflight(&t, NULL, check);
	ck_assert_msg(t.code == 1, "exit %d: %s", t.code, t.err);
	ck_assert_ptr_nonnull(strstr(t.err, "stale"));
	outcome_release(&t);
	after = slurp_path(nb);
	ck_assert_str_eq(before, after);
	free(after);

	/* regenerate from three reports of two recipes */
	run_preflight(&t, NULL, update);
	ck_assert_msg(t.code == 0, "exit %d: %s", t.code, t.err);
	outcome_release(&t);
	after = slurp_path(nb);
	/* the hand-written row no report renews keeps its place; the new
	 * recipes come after it, in the order of their reports */
	ck_assert_ptr_nonnull(
		strstr(after, "<!-- BEGIN_PREFLIGHT_RESULTS -->\n| model | quant | engine | GPU | "
			      "serves? | key flags | notes |\n|---|---|---|---|---|---|---|\n| "
			      "gpt-oss-120b | MXFP4 (W4A16) |"));
	ck_assert_ptr_nonnull(strstr(after, "183 tok/s; MoE backend = Marlin |\n| "
					    "Qwen3.5-122B-A10B | MXFP4 (W4A4) |"));
	ck_assert(strstr(after, "| Qwen3.5-122B-A10B") < strstr(after, "| Nemotron-3-Super"));
	ck_assert_ptr_nonnull(strstr(
		after, "| ✅ | remove `flashinfer/cute_dsl` → forces Marlin fallback | hybrid GDN "
		       "(T016); preflight 3/4 · needle @14k · ❌ tools (invalid-tool-arguments) |"));
	ck_assert_ptr_nonnull(strstr(after, "| Nemotron-3-Super-120B-A12B | NVFP4 (native) |"));
	ck_assert_ptr_nonnull(strstr(after, "❌ json (reasoning-bleed)"));
	/* one row per recipe: the newer report of the first recipe won */
	ck_assert_ptr_null(strstr(after, "preflight 4/4"));
	/* every byte outside the block is as it was */
	ck_assert_int_eq(strncmp(before, after, (size_t)(strstr(before, "-->") + 3 - before)), 0);
	tail_before = strstr(before, "<!-- END_PREFLIGHT_RESULTS -->");
	tail_after = strstr(after, "<!-- END_PREFLIGHT_RESULTS -->");
	ck_assert_str_eq(tail_before, tail_after);
	free(after);

	/* now it is current */
	run_preflight(&t, NULL,
		      (const char *[]){ "table", ra, rb, rc, "--notebook", nb, "--check", NULL });
	ck_assert_msg(t.code == 0, "exit %d: %s", t.code, t.err);
	outcome_release(&t);
	free(before);
	outcome_release(&a);
	outcome_release(&b);
	outcome_release(&c);
}
END_TEST

START_TEST(missing_markers_and_bad_reports)
{
	struct outcome a, t;
	char nb[256], ra[256];
	FILE *f;

	run_recipe(&a, "healthy", "qwen3-32b-nvfp4", "a.json");
	snprintf(ra, sizeof(ra), "%s/a.json", a.dir);
	snprintf(nb, sizeof(nb), "%s/plain.md", a.dir);
	f = fopen(nb, "w");
	fputs("# notes\nno markers here\n", f);
	fclose(f);
	run_preflight(&t, NULL, (const char *[]){ "table", ra, "--notebook", nb, NULL });
	ck_assert_int_eq(t.code, 2);
	ck_assert_ptr_nonnull(strstr(t.err, "put a line <!-- BEGIN_PREFLIGHT_RESULTS -->"));
	outcome_release(&t);
	/* without --notebook the table goes to stdout */
	run_preflight(&t, NULL, (const char *[]){ "table", ra, NULL });
	ck_assert_int_eq(t.code, 0);
	ck_assert_ptr_nonnull(
		strstr(t.out, "| Qwen3-32B | NVFP4 | vLLM :latest | 5090/PRO6000 | ✅ |"));
	outcome_release(&t);
	/* not a report */
	run_preflight(&t, NULL, (const char *[]){ "table", nb, NULL });
	ck_assert_int_eq(t.code, 2);
	outcome_release(&t);
	outcome_release(&a);
}
END_TEST

static char *splice(const char *text, const char *table, bool *stale, int *rc)
{
	struct buf out = BUF_INIT(0);
	char err[256];

	*rc = table_splice(text, strlen(text), table, &out, stale, err, sizeof(err));
	return *rc ? strdup(err) : buf_detach(&out);
}

/* markers count as whole lines outside code fences; CRLF stays CRLF; a
 * second update changes nothing */
START_TEST(markers_are_lines_outside_fences)
{
	const char *nb = "# NB\r\n"
			 "Put `<!-- BEGIN_PREFLIGHT_RESULTS -->` on a line of its own.\r\n"
			 "```\r\n<!-- BEGIN_PREFLIGHT_RESULTS -->\r\n<!-- END_PREFLIGHT_RESULTS "
			 "-->\r\n```\r\n"
			 "  <!-- BEGIN_PREFLIGHT_RESULTS -->\r\nold\r\n<!-- END_PREFLIGHT_RESULTS "
			 "-->\r\ntail\r\n";
	const char *table = "| a |\n|---|\n| b |\n";
	bool stale;
	int rc;
	char *once = splice(nb, table, &stale, &rc), *twice;

	ck_assert_msg(rc == 0, "%s", once);
	ck_assert(stale);
	ck_assert_ptr_nonnull(strstr(once,
				     "  <!-- BEGIN_PREFLIGHT_RESULTS -->\r\n| a |\r\n|---|\r\n"
				     "| b |\r\n<!-- END_PREFLIGHT_RESULTS -->\r\ntail\r\n"));
	ck_assert_ptr_nonnull(strstr(once, "```\r\n<!-- BEGIN_PREFLIGHT_RESULTS -->\r\n<!-- "
					   "END_PREFLIGHT_RESULTS -->\r\n```\r\n"));
	twice = splice(once, table, &stale, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert(!stale);
	ck_assert_str_eq(twice, once);
	free(once);
	free(twice);
	once = splice("<!-- BEGIN_PREFLIGHT_RESULTS -->\n<!-- BEGIN_PREFLIGHT_RESULTS -->\n"
		      "<!-- END_PREFLIGHT_RESULTS -->\n",
		      table, &stale, &rc);
	ck_assert_int_eq(rc, -1);
	ck_assert_ptr_nonnull(strstr(once, "more than one"));
	free(once);
}
END_TEST

/* the notes carry the decode speed the report says the notebook uses,
 * marked when it is the engine's own; a burst leaves no number at all */
START_TEST(speed_in_notes)
{
	static const struct {
		const char *speed, *want, *not ;
	} rows[] = {
		{ "{\"decode_tokens_per_second\":203.4,\"source\":\"engine\","
		  "\"preflight_decode_tokens_per_second\":201}",
		  " · 203 tok/s (engine)", "201" },
		{ "{\"decode_tokens_per_second\":187.6,\"source\":\"preflight\"}", " · 188 tok/s |",
		  "(engine)" },
		{ "{\"decode_tokens_per_second\":null,\"note\":\"not measurable (burst: a "
		  "buffering proxy?)\"}",
		  NULL, "tok/s" },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct buf report = BUF_INIT(0), out = BUF_INIT(0);
		char err[256];
		struct model *r;

		buf_printf(
			&report,
			"{\"schema\":\"preflight-report/v1\",\"started\":\"2026-12-01T00:00:00Z\","
			"\"passed\":true,\"endpoint\":{\"model\":\"m\"},\"probes\":[],"
			"\"speed\":%s}",
			rows[i].speed);
		ck_assert_ptr_nonnull(r = model_of(buf_cstr(&report)));
		ck_assert_int_eq(table_render_model(r, &out, err, sizeof(err)), 0);
		if (rows[i].want)
			ck_assert_msg(strstr(buf_cstr(&out), rows[i].want), "row %zu: %s", i,
				      buf_cstr(&out));
		ck_assert_msg(!strstr(buf_cstr(&out), rows[i].not ), "row %zu: %s", i,
			      buf_cstr(&out));
		model_free(r);
		buf_release(&report);
		buf_release(&out);
	}
}
END_TEST

/* report text can neither break the table nor forge a marker, and report
 * numbers are range-checked before they become ints */
START_TEST(hostile_reports_render_safely)
{
	const char *report =
		"{\"schema\":\"preflight-report/v1\",\"started\":\"2026-12-01T00:00:00Z\","
		"\"passed\":false,\"endpoint\":{\"model\":\"m <!-- END_PREFLIGHT_RESULTS --> "
		"x | y\\n z `a\"},\"recipe\":{\"key_flags\":\"`--max-model-len 8192` & <b>\"},"
		"\"probes\":[{\"id\":\"tools\",\"verdict\":\"fail\",\"cause\":\"x\","
		"\"repeats\":{\"pass_at_k\":true,\"passed\":1e300,\"k\":-5}}],"
		"\"speed\":{\"decode_tokens_per_second\":1e300}}";
	struct buf out = BUF_INIT(0);
	char err[256];
	struct model *r = model_of(report);
	bool stale;
	int rc;
	char *nb;

	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(table_render_model(r, &out, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out),
				     "| m &lt;!-- END_PREFLIGHT_RESULTS --&gt; x \\| y  "
				     "z \\`a |"));
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "| `--max-model-len 8192` &amp; &lt;b&gt; |"));
	ck_assert_ptr_null(strstr(buf_cstr(&out), "2147483648"));
	ck_assert_ptr_null(strstr(buf_cstr(&out), "tok/s"));
	nb = splice("<!-- BEGIN_PREFLIGHT_RESULTS -->\n<!-- END_PREFLIGHT_RESULTS -->\n",
		    buf_cstr(&out), &stale, &rc);
	ck_assert_int_eq(rc, 0);
	{
		char *again = splice(nb, buf_cstr(&out), &stale, &rc);

		ck_assert(!stale);
		ck_assert_str_eq(again, nb);
		free(again);
	}
	free(nb);
	buf_release(&out);
	model_free(r);
}
END_TEST

/* a model served by its file path lands in the row by the file's name */
START_TEST(model_paths_become_names)
{
	const char *report = "{\"schema\":\"preflight-report/v1\",\"started\":\"2026-12-01\","
			     "\"passed\":true,\"endpoint\":{\"model\":"
			     "\"/srv/models/Qwen3-8B-Q4_K_M.gguf\"},\"probes\":[]}";
	struct buf out = BUF_INIT(0);
	char err[256];
	struct model *r = model_of(report);

	ck_assert_int_eq(table_render_model(r, &out, err, sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(buf_cstr(&out), "| Qwen3-8B-Q4_K_M.gguf |"));
	ck_assert_ptr_null(strstr(buf_cstr(&out), "/srv/models"));
	buf_release(&out);
	model_free(r);
}
END_TEST

/* the notebook's serves?: failures a flag fixes still serve; garbage,
 * crashes, hangs, engine errors and an unusable endpoint do not */
START_TEST(serves_rule)
{
	static const struct {
		const char *probes, *usable;
		const char *mark;
	} rows[] = {
		{ "{\"verdict\":\"pass\"}", "true", "✅" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"fail\",\"cause\":\"reasoning-bleed\"}",
		  "true", "✅" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"fail\",\"cause\":"
		  "\"thinking-starvation\"}",
		  "true", "✅" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"fail\",\"cause\":\"garbage-output\"}",
		  "true", "❌" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"error\",\"cause\":\"transport-error\"}",
		  "true", "❌" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"error\",\"cause\":\"http-error\","
		  "\"observations\":[{\"status\":500}]}",
		  "true", "❌" },
		{ "{\"verdict\":\"pass\"},{\"verdict\":\"error\",\"cause\":\"http-error\","
		  "\"observations\":[{\"status\":400}]}",
		  "true", "✅" },
		{ "{\"verdict\":\"fail\",\"cause\":\"wrong-answer\"}", "true", "❌" },
		{ "{\"verdict\":\"error\",\"cause\":\"auth-error\"}", "false", "❌" },
	};
	char text[1024], want[64];
	struct buf out = BUF_INIT(0);
	struct model *r;

	snprintf(text, sizeof(text),
		 "{\"schema\":\"preflight-report/v1\",\"endpoint\":{\"model\":\"m\","
		 "\"usable\":%s},\"probes\":[%s]}",
		 rows[_i].usable, rows[_i].probes);
	r = model_of(text);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(table_render_model(r, &out, text, sizeof(text)), 0);
	snprintf(want, sizeof(want), "| %s |", rows[_i].mark);
	ck_assert_msg(strstr(buf_cstr(&out), want), "row %d: %s", _i, buf_cstr(&out));
	buf_release(&out);
	model_free(r);
}
END_TEST

Suite *table_suite(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("notebook");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, notebook_regenerated);
	tcase_add_test(tc, missing_markers_and_bad_reports);
	tcase_add_test(tc, markers_are_lines_outside_fences);
	tcase_add_test(tc, hostile_reports_render_safely);
	tcase_add_test(tc, speed_in_notes);
	tcase_add_test(tc, model_paths_become_names);
	tcase_add_loop_test(tc, serves_rule, 0, 9);
	suite_add_tcase(s, tc);
	return s;
}
