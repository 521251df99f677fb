/* SPDX-License-Identifier: Apache-2.0 */
/* speed — the timing figures of one answer, each defined once.
 *
 * The definitions follow the benchmark tools users know (vllm bench
 * serve, genai-perf), measured on the client from event arrival times:
 *   TTFT   request sent -> the first event carrying a generated token
 *          (content, reasoning or a tool-call delta)
 *   TTFC   request sent -> the first event carrying visible content
 *   ITL    the gaps between arrivals of token-carrying events (p50, p95)
 *   decode tokens that arrived after the first arrival, over the time
 *          from the first arrival to the last; counted by the engine's
 *          running usage when every chunk carries one (vLLM and SGLang
 *          continuous_usage_stats), else one per event, so tokens the
 *          engine held back or never streamed (llama.cpp strips leading
 *          whitespace in thinking mode) are outside the window and do not
 *          inflate it. Where the final usage and the event count disagree
 *          by more than SPEED_USAGE_TOLERANCE and SPEED_USAGE_SLACK tokens,
 *          and the difference cannot have been held back (too many tokens
 *          to generate before the first event at the stream's own rate),
 *          the events are not tokens (a server that streams characters, or
 *          several tokens to a chunk): the usage is spread over them. With
 *          no usage at all, the figure counts events: events/s, not tok/s.
 *          Every decode figure names its source (enum speed_source)
 *   prefill uncached prompt tokens over TTFT; unknown when the cached
 *          count is not reported or tokens were held back (TTFT then holds
 *          decode time too)
 * A stream whose token events arrive at fewer than SPEED_MIN_ARRIVALS
 * distinct times, within SPEED_MIN_WINDOW seconds, or SPEED_BURST_DENSITY
 * or more events to an arrival on average, came in bursts (a buffering
 * proxy, an unpaced server): no decode speed or ITL of ours. Neither has
 * an answer of fewer than SPEED_SHORT_STREAM token events: too short to
 * time, which is not a burst.
 * The engine's own figures (llama.cpp `timings`) are carried beside ours.
 * Pure computation: no I/O, never prints. */
#ifndef PREFLIGHT_SPEED_H
#define PREFLIGHT_SPEED_H

#include <stdbool.h>
#include <stddef.h>

#define SPEED_MIN_ARRIVALS  5	    /* distinct arrival times a measurable stream has */
#define SPEED_MIN_WINDOW    0.010   /* seconds from the first arrival to the last */
#define SPEED_SAME_ARRIVAL  0.00015 /* events this close arrived together */
#define SPEED_BURST_DENSITY 32	    /* events per arrival, on average, of a buffered stream */
#define SPEED_SHORT_STREAM  16	    /* token events: fewer cannot be timed, burst or not */
#define SPEED_ITL_BINS	    16	    /* the ITL histogram: bin b ends at 0.25 ms x 2^b */

#define SPEED_USAGE_TOLERANCE 0.10 /* usage and events may differ by this share... */
#define SPEED_USAGE_SLACK     8	   /* ...or by this many tokens, and still agree */

/* What a decode figure counts. */
enum speed_source {
	SPEED_SOURCE_NONE = 0,	  /* no figure */
	SPEED_SOURCE_ENGINE,	  /* the engine's running usage on the chunks */
	SPEED_SOURCE_USAGE,	  /* the final usage spread over the events (they disagreed) */
	SPEED_SOURCE_EVENTS,	  /* one token per event, the usage agreeing */
	SPEED_SOURCE_EVENTS_ONLY, /* one per event, no usage to check them: events/s */
	SPEED_SOURCES
};

/* "engine", "usage", "events", "events-unchecked"; NULL for none. */
const char *speed_source_name(enum speed_source s);
/* What the figures are; -1 (or false) where unknown. */
struct speed {
	double ttft, ttfc;			      /* seconds since the request was sent */
	double itl_p50, itl_p95;		      /* seconds; unknown for a burst */
	double decode_tps;			      /* ours; unknown for a burst */
	double prefill_tps;			      /* ours */
	double engine_decode_tps, engine_prefill_tps; /* the engine's own (llama.cpp timings) */
	long window_tokens;			      /* tokens inside the decode window */
	enum speed_source decode_source;	      /* what decode_tps counts */
	long held_back;	    /* tokens the usage counts beyond the events (held back, or
			     * several to an event); with a running count, those before
			     * the first event but its first */
	long cached_tokens; /* prompt tokens served from the engine's cache */
	long arrivals;	    /* distinct arrival times of token events */
	bool burst;	    /* too few arrivals, too short a window, too dense to measure */
	bool too_short;	    /* fewer than SPEED_SHORT_STREAM token events: nothing to time */
	unsigned itl_hist[SPEED_ITL_BINS]; /* the gaps between token events, by size, burst
					    * or short streams too; the last bin is open */
};

/* The upper edge of ITL bin b in seconds (0.25 ms x 2^b); -1 for the last,
 * which is open. */
double speed_itl_bin_upper(int b);

/* One token-carrying event of a stream. */
struct speed_event {
	double t;     /* seconds since the request was sent */
	long tokens;  /* the engine's running completion_tokens with it, -1 none */
	bool visible; /* it carried content */
};

/* What the figures are computed from. */
struct speed_input {
	const struct speed_event *events; /* in arrival order */
	size_t n_events;
	long completion_tokens, prompt_tokens, cached_tokens; /* usage; -1 unknown */
	double engine_decode_tps, engine_prefill_tps;	      /* -1 unknown */
};

/* Sets every figure unknown. */
void speed_init(struct speed *s);
/* The unit of s's decode figure: "events/s" when it counts events no
 * usage checked, else "tok/s". */
const char *speed_unit(const struct speed *s);
/* The figures of one streamed answer. */
void speed_measure(const struct speed_input *in, struct speed *s);
/* The reason a decode speed is missing, for reports: "not measurable
 * (burst: a buffering proxy?)" for a burst, "not measurable (too few
 * tokens)" for a short answer, else NULL. Static storage. */
const char *speed_missing_reason(const struct speed *s);
/* The decode speed the notebook uses: the engine's own when it reports
 * one (*engine set), else ours; -1 when neither is known (a burst). */
double speed_notebook(const struct speed *s, bool *engine);
/* Median of each figure over n answers (a burst when every one was a burst
 * or too short and one was a burst; too short when every one was). */
void speed_median(const struct speed *const *all, size_t n, struct speed *out);

#endif
