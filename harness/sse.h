/* SPDX-License-Identifier: Apache-2.0 */
/* sse — a Server-Sent Events parser (WHATWG rules) with hard limits.
 *
 * Bytes go in as they arrive; complete events come out through a callback:
 * data lines joined with "\n", the event name, and the byte offset where
 * the event ended (so the caller can look up when it arrived). Comment
 * lines (": ping") are skipped; CR, LF and CRLF all end lines; a final
 * event without its blank line is delivered by sse_finish. llama.cpp's old
 * "error: {...}" line becomes an event named "error". A line longer than
 * max_line or more than max_events events stop the parser with an error.
 * Never prints. */
#ifndef PREFLIGHT_SSE_H
#define PREFLIGHT_SSE_H

#include <stddef.h>

#include "buf.h"

#define SSE_ELINE   (-10) /* a line passed max_line */
#define SSE_EEVENTS (-11) /* more than max_events events */
#define SSE_ENOMEM  (-12)

struct sse_event {
	const char *event; /* "message" unless an event: line named it */
	const char *data;  /* NUL-terminated */
	size_t data_len;
	size_t end_offset; /* stream offset just past the event's last byte */
};

/* Returns 0 to go on, non-zero to stop (sse_feed then returns it). */
typedef int (*sse_callback)(void *ctx, const struct sse_event *ev);

struct sse_parser {
	struct buf line, data;
	char event[64];
	size_t offset; /* bytes consumed so far */
	size_t events;
	size_t max_events;
	int last_cr; /* the previous byte was CR: a following LF is part of it */
	int has_data;
};

void sse_init(struct sse_parser *p, size_t max_line, size_t max_events);
/* Feeds len bytes. Returns 0, an SSE_E* error, or what the callback returned. */
int sse_feed(struct sse_parser *p, const char *bytes, size_t len, sse_callback cb, void *ctx);
/* End of stream: delivers a pending event. Same returns. */
int sse_finish(struct sse_parser *p, sse_callback cb, void *ctx);
void sse_release(struct sse_parser *p);

#endif
