/* SPDX-License-Identifier: Apache-2.0 */
/* speed — the timing figures of one answer; see speed.h. */
#include "speed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void speed_init(struct speed *s)
{
	s->ttft = s->ttfc = s->itl_p50 = s->itl_p95 = -1;
	s->decode_tps = s->prefill_tps = s->engine_decode_tps = s->engine_prefill_tps = -1;
	s->window_tokens = s->held_back = s->cached_tokens = -1;
	s->arrivals = 0;
	s->burst = s->too_short = false;
	s->decode_source = SPEED_SOURCE_NONE;
	memset(s->itl_hist, 0, sizeof(s->itl_hist));
}

double speed_itl_bin_upper(int b)
{
	return b >= SPEED_ITL_BINS - 1 ? -1 : 0.00025 * (double)(1u << b);
}

/* the bin of a gap of g seconds */
static int itl_bin(double g)
{
	int b = 0;

	while (b < SPEED_ITL_BINS - 1 && g >= speed_itl_bin_upper(b))
		b++;
	return b;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* the gaps between arrivals, p50 and p95 */
static void latencies(const struct speed_event *ev, size_t n, struct speed *s)
{
	double *gaps = n > 1 ? xcalloc(n - 1, sizeof(double)) : NULL;
	size_t i, k = 0;

	if (!gaps)
		return;
	for (i = 1; i < n; i++)
		gaps[k++] = ev[i].t - ev[i - 1].t;
	qsort(gaps, k, sizeof(double), cmp_double);
	s->itl_p50 = gaps[(k - 1) / 2];
	s->itl_p95 = gaps[(size_t)((double)(k - 1) * 0.95 + 0.5)];
	free(gaps);
}

/* the events that arrived together with the first one */
static size_t first_arrival(const struct speed_event *ev, size_t n)
{
	size_t i = 1;

	while (i < n && ev[i].t - ev[i - 1].t < SPEED_SAME_ARRIVAL)
		i++;
	return i;
}

static long count_arrivals(const struct speed_event *ev, size_t n)
{
	long a = n ? 1 : 0;
	size_t i;

	for (i = 1; i < n; i++)
		a += ev[i].t - ev[i - 1].t >= SPEED_SAME_ARRIVAL;
	return a;
}

const char *speed_source_name(enum speed_source s)
{
	static const char *const names[SPEED_SOURCES] = {
		[SPEED_SOURCE_ENGINE] = "engine",
		[SPEED_SOURCE_USAGE] = "usage",
		[SPEED_SOURCE_EVENTS] = "events",
		[SPEED_SOURCE_EVENTS_ONLY] = "events-unchecked",
	};

	return (unsigned)s < SPEED_SOURCES ? names[s] : NULL;
}

const char *speed_unit(const struct speed *s)
{
	return s->decode_source == SPEED_SOURCE_EVENTS_ONLY ? "events/s" : "tok/s";
}

/* the tokens after the first arrival, and what counted them: the engine's
 * running count when both ends carry one; else one per event, unless the
 * usage shows the events are not tokens */
static long window_tokens(const struct speed_input *in, size_t first, double window,
			  enum speed_source *from)
{
	const struct speed_event *ev = in->events;
	size_t n = in->n_events;
	long u = in->completion_tokens, e = (long)n, diff = labs(u - e);
	double rate = (double)(n - first) / window; /* events a second */

	if (ev[first - 1].tokens >= 0 && ev[n - 1].tokens >= ev[first - 1].tokens) {
		*from = SPEED_SOURCE_ENGINE;
		return ev[n - 1].tokens - ev[first - 1].tokens;
	}
	*from = u < 0 ? SPEED_SOURCE_EVENTS_ONLY : SPEED_SOURCE_EVENTS;
	if (u < 0 || diff <= SPEED_USAGE_SLACK ||
	    (double)diff <= SPEED_USAGE_TOLERANCE * (double)(u > e ? u : e))
		return (long)(n - first);
	/* more tokens than events, and time before the first event to have
	 * generated them at this rate: held back (excluded, as above) */
	if (u > e && ev[0].t >= (double)(u - e) / rate)
		return (long)(n - first);
	*from = SPEED_SOURCE_USAGE;
	return lround((double)u * (double)(n - first) / (double)n);
}

/* tokens the usage counts that no event carried */
static long held_back(const struct speed_input *in)
{
	const struct speed_event *ev = in->events;

	if (ev[0].tokens >= 0)
		return ev[0].tokens > 1 ? ev[0].tokens - 1 : 0;
	if (in->completion_tokens < 0)
		return -1;
	return in->completion_tokens > (long)in->n_events
		       ? in->completion_tokens - (long)in->n_events
		       : 0;
}

/* prefill from TTFT: only when the first event came alone, right after the
 * first token (no burst, nothing held back before it) and the cache is known */
static void prefill(const struct speed_input *in, struct speed *s, bool first_alone)
{
	s->cached_tokens = in->cached_tokens;
	s->engine_decode_tps = in->engine_decode_tps;
	s->engine_prefill_tps = in->engine_prefill_tps;
	if (first_alone && !s->burst && !s->too_short && s->ttft > 0 && in->prompt_tokens > 0 &&
	    in->cached_tokens >= 0 && in->cached_tokens <= in->prompt_tokens && s->held_back == 0)
		s->prefill_tps = (double)(in->prompt_tokens - in->cached_tokens) / s->ttft;
}

void speed_measure(const struct speed_input *in, struct speed *s)
{
	const struct speed_event *ev = in->events;
	size_t n = in->n_events, i, first;
	double window;

	speed_init(s);
	if (!n) {
		prefill(in, s, false);
		return;
	}
	s->ttft = ev[0].t;
	for (i = 0; i < n && s->ttfc < 0; i++)
		if (ev[i].visible)
			s->ttfc = ev[i].t;
	s->held_back = held_back(in);
	s->arrivals = count_arrivals(ev, n);
	first = first_arrival(ev, n);
	window = ev[n - 1].t - ev[first - 1].t;
	s->too_short = n < SPEED_SHORT_STREAM;
	s->burst =
		!s->too_short && (s->arrivals < SPEED_MIN_ARRIVALS || window < SPEED_MIN_WINDOW ||
				  (long)n >= SPEED_BURST_DENSITY * s->arrivals);
	prefill(in, s, first == 1);
	/* the gaps as they came, burst or short too: the histogram shows it */
	for (i = 1; i < n; i++)
		s->itl_hist[itl_bin(ev[i].t - ev[i - 1].t)]++;
	if (s->burst || s->too_short)
		return;
	latencies(ev, n, s);
	s->window_tokens = window_tokens(in, first, window, &s->decode_source);
	if (s->decode_source == SPEED_SOURCE_USAGE)
		s->held_back = 0; /* several to an event, not held back */
	if (s->window_tokens > 0)
		s->decode_tps = (double)s->window_tokens / window;
	else
		s->decode_source = SPEED_SOURCE_NONE;
}

double speed_notebook(const struct speed *s, bool *engine)
{
	*engine = s->engine_decode_tps > 0;
	return *engine ? s->engine_decode_tps : s->decode_tps;
}

const char *speed_missing_reason(const struct speed *s)
{
	return s->burst	      ? "not measurable (burst: a buffering proxy?)"
	       : s->too_short ? "not measurable (too few tokens)"
			      : NULL;
}

/* every figure as a number, to take medians of them all alike */
enum figure {
	F_TTFT,
	F_TTFC,
	F_ITL50,
	F_ITL95,
	F_DECODE,
	F_PREFILL,
	F_ENGINE_DECODE,
	F_ENGINE_PREFILL,
	F_WINDOW,
	F_HELD,
	F_CACHED,
	F_ARRIVALS,
	F_N
};

static void figures_of(const struct speed *s, double v[F_N])
{
	v[F_TTFT] = s->ttft;
	v[F_TTFC] = s->ttfc;
	v[F_ITL50] = s->itl_p50;
	v[F_ITL95] = s->itl_p95;
	v[F_DECODE] = s->decode_tps;
	v[F_PREFILL] = s->prefill_tps;
	v[F_ENGINE_DECODE] = s->engine_decode_tps;
	v[F_ENGINE_PREFILL] = s->engine_prefill_tps;
	v[F_WINDOW] = (double)s->window_tokens;
	v[F_HELD] = (double)s->held_back;
	v[F_CACHED] = (double)s->cached_tokens;
	v[F_ARRIVALS] = (double)s->arrivals;
}

static long whole(double v)
{
	return v >= 0 ? (long)(v + 0.5) : -1;
}

static void figures_to(struct speed *s, const double v[F_N])
{
	s->ttft = v[F_TTFT];
	s->ttfc = v[F_TTFC];
	s->itl_p50 = v[F_ITL50];
	s->itl_p95 = v[F_ITL95];
	s->decode_tps = v[F_DECODE];
	s->prefill_tps = v[F_PREFILL];
	s->engine_decode_tps = v[F_ENGINE_DECODE];
	s->engine_prefill_tps = v[F_ENGINE_PREFILL];
	s->window_tokens = whole(v[F_WINDOW]);
	s->held_back = whole(v[F_HELD]);
	s->cached_tokens = whole(v[F_CACHED]);
	s->arrivals = v[F_ARRIVALS] >= 0 ? whole(v[F_ARRIVALS]) : 0;
}

/* the median of the n known (>= 0) values of v, -1 when none; sorts v */
static double median(double *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i] >= 0)
			v[k++] = v[i];
	if (!k)
		return -1;
	qsort(v, k, sizeof(double), cmp_double);
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

void speed_median(const struct speed *const *all, size_t n, struct speed *out)
{
	double *col = xcalloc(n + 1, sizeof(double)), m[F_N], v[F_N];
	size_t i;
	int f;

	speed_init(out);
	if (!col || !n) {
		free(col);
		return;
	}
	out->burst = out->too_short = true;
	for (f = 0; f < F_N; f++) {
		for (i = 0; i < n; i++) {
			figures_of(all[i], v);
			col[i] = v[f];
		}
		m[f] = median(col, n);
	}
	for (i = 0; i < n; i++) {
		out->burst = out->burst && (all[i]->burst || all[i]->too_short);
		out->too_short = out->too_short && all[i]->too_short;
	}
	out->burst = out->burst && !out->too_short;
	figures_to(out, m);
	/* the source of the figures the median is made of (the first with one) */
	for (i = 0; i < n && !out->decode_source; i++)
		out->decode_source = all[i]->decode_source;
	free(col);
}
