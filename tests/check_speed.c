/* SPDX-License-Identifier: Apache-2.0 */
/* check_speed — the timing figures: paced streams, tokens held back before
 * the first event, bursts, chunks of several tokens with a running count,
 * a proxy that flushes in large pieces, prefill only from known counts,
 * and medians. Each row is a stream described by its shape. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"
#include "suites.h"

/* a stream: `n` token events, the first at `ttft`, then one every `gap`
 * seconds; `group` events arrive together in each piece (a flushing
 * proxy); with `per_event` the chunks carry a running count */
struct shape {
	const char *name;
	size_t n;
	double ttft, gap;
	size_t group;
	long per_event; /* tokens per event in the running count, 0: none */
	long completion, prompt, cached;
	double want_decode; /* -1: not measurable */
	bool want_burst;
	long want_held;
	double want_prefill;	 /* -1: unknown */
	const char *want_source; /* what the figure counts (NULL: not asked) */
};

static const struct shape shapes[] = {
	{ "paced at 200 tok/s", 512, 0.1, 0.005, 1, 0, 512, 1000, 0, 200, false, 0, 10000, NULL },
	/* llama.cpp in thinking mode: 64 whitespace tokens generated, never streamed */
	{ "64 tokens held back", 448, 0.1 + 64 * 0.005, 0.005, 1, 0, 512, 1000, 0, 200, false, 64,
	  -1, "events" },
	{ "one burst", 512, 0.3, 0.0, 1, 0, 512, 1000, 0, -1, true, 0, -1, NULL },
	{ "four arrivals", 400, 0.1, 0.001, 100, 0, 400, 1000, 0, -1, true, 0, -1, NULL },
	/* a slow reader of a buffered body: 8 pieces over 35 ms, 80 events each */
	{ "eight dense arrivals", 640, 0.1, 0.00006, 80, 0, 640, 1000, 0, -1, true, 0, -1, NULL },
	/* speculative decoding: 3 tokens a chunk, the running count tells */
	{ "3 tokens a chunk, counted", 100, 0.1, 0.015, 1, 3, 300, 1000, 0, 200, false, 2, -1,
	  NULL },
	/* a proxy flushing every 10 events: tokens of the first piece are outside */
	{ "flushed in pieces of 10", 500, 0.1, 0.005, 10, 0, 500, 1000, 0, 200, false, 0, -1,
	  NULL },
	{ "window under 10 ms", 40, 0.1, 0.0002, 1, 0, 40, 1000, 0, -1, true, 0, -1, NULL },
	/* an answer of a few tokens is too short to time, which is no burst */
	{ "eight tokens", 8, 0.1, 0.001, 1, 0, 8, 1000, 0, -1, false, 0, -1, NULL },
	{ "cache not reported", 100, 0.1, 0.005, 1, 0, 100, 1000, -1, 200, false, 0, -1, NULL },
	{ "no usage at all", 100, 0.1, 0.005, 1, 0, -1, -1, -1, 200, false, -1, -1,
	  "events-unchecked" },
	/* field-findings-2 N4: the usage and the events disagree, and the
	 * difference could not have been held back before the first event */
	{ "5 tokens an event, no running count", 100, 0.05, 0.025, 1, 0, 500, 1000, 0, 200, false,
	  0, -1, "usage" },
	{ "events that are characters", 2000, 0.05, 0.00125, 1, 0, 500, 1000, 0, 200, false, 0,
	  20000, "usage" },
	{ "8 tokens more than events: agreeing", 100, 0.1, 0.005, 1, 0, 108, 1000, 0, 200, false, 8,
	  -1, "events" },
	{ "3 tokens a chunk, counted (source)", 100, 0.1, 0.015, 1, 3, 300, 1000, 0, 200, false, 2,
	  -1, "engine" },
};

/* the event times of a shape: pieces of `group` events, `gap` apart per event */
static struct speed_event *events_of(const struct shape *sh)
{
	struct speed_event *ev = calloc(sh->n, sizeof(*ev));
	size_t i;

	ck_assert_ptr_nonnull(ev);
	for (i = 0; i < sh->n; i++) {
		size_t piece_end = (i / sh->group + 1) * sh->group - 1;

		ev[i].t = sh->ttft + sh->gap * (double)(piece_end < sh->n ? piece_end : sh->n - 1);
		if (sh->group == 1)
			ev[i].t = sh->ttft + sh->gap * (double)i;
		ev[i].tokens = sh->per_event ? sh->per_event * (long)(i + 1) : -1;
		ev[i].visible = true;
	}
	return ev;
}

START_TEST(figures_of_shapes)
{
	const struct shape *sh = &shapes[_i];
	struct speed_event *ev = events_of(sh);
	struct speed_input in = { ev, sh->n, sh->completion, sh->prompt, sh->cached, -1, -1 };
	struct speed s;

	speed_measure(&in, &s);
	ck_assert_msg(s.burst == sh->want_burst, "%s: burst %d", sh->name, s.burst);
	if (sh->want_decode < 0)
		ck_assert_msg(s.decode_tps < 0 && s.itl_p50 < 0, "%s: decode %.1f", sh->name,
			      s.decode_tps);
	else
		ck_assert_msg(fabs(s.decode_tps / sh->want_decode - 1) < 0.005, "%s: %.2f tok/s",
			      sh->name, s.decode_tps);
	ck_assert_msg(s.held_back == sh->want_held, "%s: held back %ld", sh->name, s.held_back);
	if (sh->want_prefill < 0)
		ck_assert_msg(s.prefill_tps < 0, "%s: prefill %.1f", sh->name, s.prefill_tps);
	else
		ck_assert_msg(fabs(s.prefill_tps / sh->want_prefill - 1) < 1e-9, "%s: prefill %.1f",
			      sh->name, s.prefill_tps);
	ck_assert_double_eq_tol(
		s.ttft, sh->ttft + (sh->group > 1 ? sh->gap * (double)(sh->group - 1) : 0), 1e-9);
	if (sh->want_source)
		ck_assert_msg(speed_source_name(s.decode_source) &&
				      !strcmp(speed_source_name(s.decode_source), sh->want_source),
			      "%s: counted by %s", sh->name,
			      speed_source_name(s.decode_source)
				      ? speed_source_name(s.decode_source)
				      : "nothing");
	free(ev);
}
END_TEST

/* the engine's own figure goes to the notebook; ours when there is none */
START_TEST(notebook_figure)
{
	const struct shape *sh = &shapes[0];
	struct speed_event *ev = events_of(sh);
	struct speed_input in = { ev, sh->n, sh->completion, sh->prompt, sh->cached, 203.5, 900 };
	struct speed s;
	bool engine;
	size_t i;

	speed_measure(&in, &s);
	ck_assert_double_eq_tol(speed_notebook(&s, &engine), 203.5, 1e-9);
	ck_assert(engine);
	ck_assert_double_eq_tol(s.engine_prefill_tps, 900, 1e-9);
	in.engine_decode_tps = -1;
	speed_measure(&in, &s);
	ck_assert_double_eq_tol(speed_notebook(&s, &engine), 200, 1e-6);
	ck_assert(!engine);
	for (i = 0; i < sh->n; i++) /* a burst without an engine figure: no number at all */
		ev[i].t = 2.5;
	speed_measure(&in, &s);
	ck_assert(speed_notebook(&s, &engine) < 0);
	ck_assert_str_eq(speed_missing_reason(&s), "not measurable (burst: a buffering proxy?)");
	in.n_events = 3; /* too short to time: said so, not a burst */
	speed_measure(&in, &s);
	ck_assert(!s.burst && s.too_short);
	ck_assert_str_eq(speed_missing_reason(&s), "not measurable (too few tokens)");
	free(ev);
}
END_TEST

/* medians skip unknowns; a probe is a burst only when every answer was */
START_TEST(medians)
{
	struct speed a, b, c, m;
	const struct speed *all[3] = { &a, &b, &c };

	speed_init(&a);
	speed_init(&b);
	speed_init(&c);
	a.decode_tps = 100;
	b.decode_tps = 300;
	c.burst = true;
	a.held_back = 4;
	b.held_back = 6;
	speed_median(all, 3, &m);
	ck_assert_double_eq_tol(m.decode_tps, 200, 1e-9);
	ck_assert_int_eq(m.held_back, 5);
	ck_assert(!m.burst);
	a.burst = b.burst = true;
	speed_median(all, 3, &m);
	ck_assert(m.burst);
	speed_median(all, 0, &m);
	ck_assert(m.decode_tps < 0 && !m.burst);
}
END_TEST

Suite *speed_suite(void)
{
	Suite *s = suite_create("speed");
	TCase *tc = tcase_create("figures");

	tcase_add_loop_test(tc, figures_of_shapes, 0, sizeof(shapes) / sizeof(shapes[0]));
	tcase_add_test(tc, notebook_figure);
	tcase_add_test(tc, medians);
	suite_add_tcase(s, tc);
	return s;
}
