/* SPDX-License-Identifier: Apache-2.0 */
/* check_remedy — a remedy belongs to its cause: every cause on every
 * engine, for every kind of probe (a plain one, a needle cell that lost its
 * code or gave a distractor's, a tool batch, a conformance check), gets
 * the cause's remedy; the only refinements are the documented ones, each
 * for its own cause (a needle miss for wrong-answer, the pattern for
 * pattern-limit, a 404 for http-error, the engine's finding for
 * engine-failed). End to end, needle cells that fail by thinking or a
 * reasoning leak carry that cause's remedy, never the needle's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "diagnose.h"
#include "engine.h"
#include "probe.h"
#include "remedy.h"
#include "suites.h"
#include "testutil.h"

/* a check of its own words, for the conformance kind */
static struct conform_spec check = {
	.remedy_engine = { ENGINE_UNKNOWN },
	.remedy_text = { "the check's own remedy" },
	.n_remedies = 1,
};

enum kind {
	K_PLAIN,
	K_NEEDLE_LOST,
	K_NEEDLE_DISTRACTED,
	K_PATTERN,
	K_404,
	K_FINDING,
	K_CHECK,
	K_N
};

static void context_of(enum kind k, struct remedy_context *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	switch (k) {
	case K_NEEDLE_LOST:
		ctx->recall = RECALL_LOST;
		break;
	case K_NEEDLE_DISTRACTED:
		ctx->recall = RECALL_DISTRACTED;
		break;
	case K_PATTERN:
		snprintf(ctx->pattern, sizeof(ctx->pattern), "pattern '(a|aa)+'");
		break;
	case K_404:
		ctx->status = 404;
		break;
	case K_FINDING:
		ctx->finding = "the engine log's remedy";
		break;
	case K_CHECK:
		ctx->check = &check;
		break;
	default:
		break;
	}
}

/* the documented refinements: a kind's context changes only its cause's */
static bool refines(enum cause c, enum kind k)
{
	return (c == CAUSE_WRONG_ANSWER && (k == K_NEEDLE_LOST || k == K_NEEDLE_DISTRACTED)) ||
	       (c == CAUSE_PATTERN_LIMIT && k == K_PATTERN) ||
	       ((c == CAUSE_HTTP_ERROR || c == CAUSE_REQUEST_REJECTED) && k == K_404) ||
	       (c == CAUSE_ENGINE_FAILED && k == K_FINDING);
}

START_TEST(remedy_belongs_to_the_cause)
{
	int c, e, k, refined = 0;

	for (c = 1; c < CAUSE_COUNT; c++)
		for (e = 0; e < ENGINE_COUNT; e++)
			for (k = 0; k < K_N; k++) {
				struct remedy_context ctx;
				char a[512], b[512];
				const char *own = remedy_for((enum cause)c, (enum engine)e, NULL, a,
							     sizeof(a));
				const char *got;

				context_of((enum kind)k, &ctx);
				got = remedy_for((enum cause)c, (enum engine)e, &ctx, b, sizeof(b));
				if (refines((enum cause)c, (enum kind)k)) {
					ck_assert_msg(strcmp(got, own), "%s, kind %d: not refined",
						      cause_code((enum cause)c), k);
					refined++;
				} else {
					ck_assert_msg(
						!strcmp(got, own),
						"%s on %s, kind %d: '%s', not the cause's '%s'",
						cause_code((enum cause)c),
						engine_name((enum engine)e), k, got, own);
				}
			}
	ck_assert_int_eq(refined, 6 * ENGINE_COUNT);
	/* a check that found its feature wanting has its own words; the cause
	 * of an exchange that failed has the failure's */
	{
		struct remedy_context ctx;
		char t[256];

		context_of(K_CHECK, &ctx);
		ck_assert_str_eq(remedy_for(CAUSE_NONE, ENGINE_VLLM, &ctx, t, sizeof(t)),
				 "the check's own remedy");
		ck_assert_str_eq(remedy_for(CAUSE_TRANSPORT_ERROR, ENGINE_VLLM, &ctx, t, sizeof(t)),
				 cause_remedy(CAUSE_TRANSPORT_ERROR));
	}
}
END_TEST

/* every needle cell's remedy is its own cause's: never the needle's when
 * the cause is thinking or a reasoning leak */
START_TEST(needle_cells_get_their_causes_remedy)
{
	static const struct {
		const char *scenario, *cause;
	} runs[] = { { "thinking-starved", "thinking-starvation" },
		     { "think-tags", "reasoning-bleed" } };
	const char *argv[] = { "run",	  "--endpoint",	  NULL,	    "--checks",
			       "needle",  "--needle-ctx", "4k,8k",  "--needle-depth",
			       "0:1:0.5", "--json",	  "r.json", NULL };
	size_t i;

	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct outcome o;
		struct fake f;
		const cJSON *p;
		cJSON *r;
		int checked = 0;

		fake_start(&f, runs[i].scenario);
		argv[2] = f.url;
		run_preflight(&o, NULL, argv);
		fake_stop(&f);
		r = read_json_report(&o, "r.json");
		cJSON_ArrayForEach(p, cJSON_GetObjectItem(r, "probes"))
		{
			const char *cause = cJSON_GetStringValue(cJSON_GetObjectItem(p, "cause"));
			const char *remedy = cJSON_GetStringValue(cJSON_GetObjectItem(p, "remedy"));

			if (!cause || strcmp(cause, runs[i].cause))
				continue;
			checked++;
			ck_assert_msg(remedy && !strstr(remedy, "rope scaling"),
				      "%s: a %s cell has the needle's remedy: %s", runs[i].scenario,
				      cause, remedy ? remedy : "none");
		}
		ck_assert_msg(checked > 0, "%s: no cell failed by %s", runs[i].scenario,
			      runs[i].cause);
		cJSON_Delete(r);
		outcome_release(&o);
	}
}
END_TEST

Suite *remedy_suite(void)
{
	Suite *s = suite_create("remedy");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	tcase_add_test(tc, remedy_belongs_to_the_cause);
	tcase_add_test(tc, needle_cells_get_their_causes_remedy);
	suite_add_tcase(s, tc);
	return s;
}
