/* SPDX-License-Identifier: Apache-2.0 */
/* sse — incremental SSE parsing; see sse.h. */
#include "sse.h"

#include <stdio.h>
#include <string.h>

void sse_init(struct sse_parser *p, size_t max_line, size_t max_events)
{
	memset(p, 0, sizeof(*p));
	buf_init(&p->line, max_line);
	buf_init(&p->data, max_line * 4 > max_line ? max_line * 4 : max_line);
	p->max_events = max_events;
	snprintf(p->event, sizeof(p->event), "message");
}

static int dispatch(struct sse_parser *p, sse_callback cb, void *ctx)
{
	struct sse_event ev;
	int rc;

	if (!p->has_data) {
		snprintf(p->event, sizeof(p->event), "message");
		return 0;
	}
	if (++p->events > p->max_events)
		return SSE_EEVENTS;
	/* the data buffer ends with the "\n" of its last line */
	if (p->data.len && p->data.data[p->data.len - 1] == '\n')
		p->data.data[--p->data.len] = '\0';
	ev.event = p->event;
	ev.data = buf_cstr(&p->data);
	ev.data_len = p->data.len;
	ev.end_offset = p->offset;
	rc = cb(ctx, &ev);
	buf_reset(&p->data);
	p->has_data = 0;
	snprintf(p->event, sizeof(p->event), "message");
	return rc;
}

static int field(struct sse_parser *p, const char *name, size_t nlen, const char *value,
		 size_t vlen, sse_callback cb, void *ctx)
{
	if (nlen == 4 && !memcmp(name, "data", 4)) {
		p->has_data = 1;
		if (buf_append(&p->data, value, vlen) || buf_putc(&p->data, '\n'))
			return SSE_ELINE;
	} else if (nlen == 5 && !memcmp(name, "event", 5)) {
		snprintf(p->event, sizeof(p->event), "%.*s", (int)vlen, value);
	} else if (nlen == 5 && !memcmp(name, "error", 5)) {
		/* llama.cpp before b6500: "error: {json}" in a 200 stream */
		int rc = dispatch(p, cb, ctx);

		if (rc)
			return rc;
		snprintf(p->event, sizeof(p->event), "error");
		p->has_data = 1;
		if (buf_append(&p->data, value, vlen))
			return SSE_ELINE;
		return dispatch(p, cb, ctx);
	}
	/* id:, retry: and unknown fields are ignored */
	return 0;
}

static int end_line(struct sse_parser *p, sse_callback cb, void *ctx)
{
	const char *s = buf_cstr(&p->line), *colon;
	size_t len = p->line.len, nlen, vstart;
	int rc;

	if (!len)
		rc = dispatch(p, cb, ctx);
	else if (s[0] == ':')
		rc = 0; /* a comment or keep-alive */
	else {
		colon = memchr(s, ':', len);
		nlen = colon ? (size_t)(colon - s) : len;
		vstart = colon ? nlen + 1 : len;
		if (vstart < len && s[vstart] == ' ')
			vstart++;
		rc = field(p, s, nlen, s + vstart, len - vstart, cb, ctx);
	}
	buf_reset(&p->line);
	return rc;
}

int sse_feed(struct sse_parser *p, const char *bytes, size_t len, sse_callback cb, void *ctx)
{
	size_t i, start = 0;
	int rc;

	for (i = 0; i < len; i++) {
		char c = bytes[i];

		if (c != '\n' && c != '\r') {
			p->last_cr = 0;
			continue;
		}
		if (c == '\n' && p->last_cr) { /* the LF of a CRLF */
			p->last_cr = 0;
			start = i + 1;
			p->offset++;
			continue;
		}
		if (buf_append(&p->line, bytes + start, i - start))
			return SSE_ELINE;
		p->offset += i - start + 1;
		start = i + 1;
		p->last_cr = c == '\r';
		if ((rc = end_line(p, cb, ctx)))
			return rc;
	}
	if (buf_append(&p->line, bytes + start, len - start))
		return SSE_ELINE;
	p->offset += len - start;
	return 0;
}

int sse_finish(struct sse_parser *p, sse_callback cb, void *ctx)
{
	int rc = 0;

	if (p->line.len)
		rc = end_line(p, cb, ctx);
	if (!rc)
		rc = dispatch(p, cb, ctx);
	return rc;
}

void sse_release(struct sse_parser *p)
{
	buf_release(&p->line);
	buf_release(&p->data);
}
