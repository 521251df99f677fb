/* SPDX-License-Identifier: Apache-2.0 */
/* say — the one writer; see say.h. */
#include "say.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "file.h"
#include "secret.h"
#include "text.h"

/* the keys as the scrubber looks for them in all that is written: the
 * endpoint's, and compare's reference's */
#define SAY_KEYS 2
static struct secret shown_keys[SAY_KEYS] = { SECRET_INIT, SECRET_INIT };
static size_t n_keys;

int say_scrub_key(const char *key)
{
	if (n_keys == SAY_KEYS)
		return -1;
	return secret_init(&shown_keys[n_keys++], key);
}

const struct secret *say_key(void)
{
	return &shown_keys[0];
}

size_t say_keys(const struct secret *keys[SAY_KEYS])
{
	size_t i;

	for (i = 0; i < n_keys; i++)
		keys[i] = &shown_keys[i];
	return n_keys;
}

/* the longest echo of any key */
static size_t echo_max(void)
{
	size_t i, most = 0;

	for (i = 0; i < n_keys; i++)
		if (secret_echo_max(&shown_keys[i]) > most)
			most = secret_echo_max(&shown_keys[i]);
	return most;
}

/* --- one writer -------------------------------------------------------------- */

/* b scrubbed and made valid UTF-8, in place: 0, or -1 (b then empty:
 * better nothing than a leak) */
/* the replacements a console gets for what it must not see */
#define REPLACEMENT "\xEF\xBF\xBD" /* U+FFFD */
#define FULL_COLON  "\xEF\xBC\x9A" /* U+FF1A */

/* b made harmless on a console (say.h), after the byte before; command:
 * its first line is the writer's own workflow command */
static int terminal_safe(struct buf *b, char before, bool command)
{
	struct buf out = BUF_INIT(0);
	size_t i;
	int rc = buf_grow_to(&out, b->len + 16);
	bool line_start = before == '\n' && !command;

	for (i = 0; !rc && i < b->len; i++) {
		unsigned char c = (unsigned char)b->data[i];
		char prev = i ? b->data[i - 1] : before;

		if (line_start && (c == ' ' || c == '\t')) {
			rc = buf_putc(&out, (char)c);
			continue;
		}
		if (line_start && c == ':' && i + 1 < b->len && b->data[i + 1] == ':')
			rc = buf_puts(&out, FULL_COLON);
		else if (c == 0x1b && prev == '\r' && i + 2 < b->len && b->data[i + 1] == '[' &&
			 b->data[i + 2] == 'K')
			rc = buf_putc(&out, (char)c); /* the progress line's erase */
		else if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f)
			rc = buf_puts(&out, REPLACEMENT);
		else if (c == 0xc2 && i + 1 < b->len && (unsigned char)b->data[i + 1] >= 0x80 &&
			 (unsigned char)b->data[i + 1] <= 0x9f) {
			rc = buf_puts(&out, REPLACEMENT); /* a C1 control: CSI, OSC as one byte */
			i++;
		} else
			rc = buf_putc(&out, (char)c);
		line_start = c == '\n';
	}
	buf_release(b);
	if (rc) {
		buf_release(&out);
		return -1;
	}
	*b = out;
	return 0;
}

static int clean(struct buf *b)
{
	struct buf fixed = BUF_INIT(0);
	size_t i;

	for (i = 0; i < n_keys; i++)
		if (secret_scrub(&shown_keys[i], b)) {
			buf_release(b);
			return -1;
		}
	if (!b->data || text_valid_utf8(b->data, b->len))
		return 0;
	if (text_sanitize(&fixed, b->data, b->len, false)) {
		buf_release(&fixed);
		buf_release(b);
		return -1;
	}
	buf_release(b);
	*b = fixed;
	return 0;
}

/* the first n held bytes, cleaned, to the sink; the rest stays held */
static int send_held(struct say_writer *w, size_t n)
{
	struct buf part = BUF_INIT(0);
	int rc = 0;

	if (!n)
		return 0;
	if (buf_append(&part, w->held.data, n) || clean(&part) ||
	    (w->terminal && terminal_safe(&part, w->last, w->command))) {
		snprintf(w->err, sizeof(w->err), "out of memory");
		rc = -1;
	} else if (part.len && w->sink(w->ctx, part.data, part.len, w->err, sizeof(w->err))) {
		rc = -1;
	}
	if (part.len)
		w->last = part.data[part.len - 1];
	buf_release(&part);
	memmove(w->held.data, w->held.data + n, w->held.len - n);
	w->held.len -= n;
	w->held.data[w->held.len] = '\0';
	if (rc)
		w->failed = true;
	return rc;
}

/* where the held text may be cut: after its last line end, else, for a
 * line past SAY_HOLD_MAX, before a tail that could still begin an echo of
 * the key (never inside an echo); 0 when all of it must wait */
static size_t cut_point(const struct say_writer *w)
{
	size_t i = w->held.len, tail = echo_max() + 1, cut, k;

	while (i > 0 && w->held.data[i - 1] != '\n' && w->held.data[i - 1] != '\r')
		i--;
	if (i > 0 || w->held.len <= SAY_HOLD_MAX)
		return i;
	if (tail >= w->held.len)
		return 0;
	cut = w->held.len - tail;
	for (k = 0; k < n_keys; k++) /* before an echo of any key */
		cut = secret_safe_cut(&shown_keys[k], w->held.data, w->held.len, cut);
	return cut;
}

int say_put(struct say_writer *w, const char *text, size_t len)
{
	if (w->failed)
		return -1;
	if (buf_append(&w->held, text, len)) {
		snprintf(w->err, sizeof(w->err), "out of memory");
		w->failed = true;
		return -1;
	}
	return send_held(w, cut_point(w));
}

int say_writer_flush(struct say_writer *w)
{
	if (w->failed)
		return -1;
	return send_held(w, w->held.len);
}

void say_writer_release(struct say_writer *w)
{
	buf_release(&w->held);
}

/* --- stdout and stderr ----------------------------------------------------------- */

/* a descriptor, whole; a closed pipe (EPIPE, SIGPIPE ignored) drops it */
static int fd_sink(void *ctx, const char *data, size_t len, char *err, size_t errlen)
{
	int fd = *(const int *)ctx;
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "%s", strerror(n < 0 ? errno : EIO));
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

static const int out_fd = STDOUT_FILENO, err_fd = STDERR_FILENO;
static struct say_writer streams[2] = {
	{ .sink = fd_sink,
	  .ctx = (void *)&out_fd,
	  .held = BUF_INIT(0),
	  .terminal = true,
	  .last = '\n' },
	{ .sink = fd_sink,
	  .ctx = (void *)&err_fd,
	  .held = BUF_INIT(0),
	  .terminal = true,
	  .last = '\n' },
};
static pthread_mutex_t streams_lock = PTHREAD_MUTEX_INITIALIZER;
static bool stdout_reserved;

void say_reserve_stdout(void)
{
	pthread_mutex_lock(&streams_lock);
	say_writer_flush(&streams[SAY_OUT]);
	stdout_reserved = true;
	pthread_mutex_unlock(&streams_lock);
}

bool say_stdout_reserved(void)
{
	return stdout_reserved;
}

void say(enum say_stream to, const char *text)
{
	struct say_writer *w = &streams[to == SAY_OUT && !stdout_reserved ? SAY_OUT : SAY_ERR];

	pthread_mutex_lock(&streams_lock);
	/* a failed stream (a closed pipe) is tried again: the next reader may
	 * be there */
	w->failed = false;
	say_put(w, text, strlen(text));
	pthread_mutex_unlock(&streams_lock);
}

void say_command(const char *line)
{
	struct say_writer *w = &streams[stdout_reserved ? SAY_ERR : SAY_OUT];

	pthread_mutex_lock(&streams_lock);
	w->failed = false;
	if (w->held.len || w->last != '\n')
		say_put(w, "\n", 1); /* on a line of its own */
	say_writer_flush(w);
	w->command = true;
	say_put(w, line, strlen(line));
	say_writer_flush(w);
	w->command = false;
	pthread_mutex_unlock(&streams_lock);
}

void say_flush(enum say_stream to)
{
	pthread_mutex_lock(&streams_lock);
	say_writer_flush(&streams[to == SAY_OUT && !stdout_reserved ? SAY_OUT : SAY_ERR]);
	pthread_mutex_unlock(&streams_lock);
}

static void say_va(enum say_stream to, const char *head, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void say_va(enum say_stream to, const char *head, const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT(0);

	if (!buf_puts(&b, head) && !buf_vprintf(&b, fmt, ap))
		say(to, buf_cstr(&b));
	buf_release(&b);
}

void say_printf(enum say_stream to, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_va(to, "", fmt, ap);
	va_end(ap);
}

void say_error(const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;

	va_start(ap, fmt);
	if (!buf_puts(&b, "preflight: ") && !buf_vprintf(&b, fmt, ap) && !buf_putc(&b, '\n'))
		say(SAY_ERR, buf_cstr(&b));
	va_end(ap);
	buf_release(&b);
}

void say_release(void)
{
	pthread_mutex_lock(&streams_lock);
	say_writer_flush(&streams[SAY_OUT]);
	say_writer_flush(&streams[SAY_ERR]);
	say_writer_release(&streams[SAY_OUT]);
	say_writer_release(&streams[SAY_ERR]);
	pthread_mutex_unlock(&streams_lock);
	while (n_keys > 0)
		secret_release(&shown_keys[--n_keys]);
}

/* --- whole documents ------------------------------------------------------------- */

/* a copy of data, cleaned, in out: 0, or -1 with err */
static int cleaned(const char *data, size_t len, struct buf *out, char *err, size_t errlen)
{
	if (buf_grow_to(out, len) || buf_append(out, data, len) || buf_puts(out, "") ||
	    clean(out)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

int say_document_stdout(const char *what, const char *data, size_t len, char *err, size_t errlen)
{
	struct buf doc = BUF_INIT(0);
	int rc = -1;

	if (!cleaned(data, len, &doc, err, errlen)) {
		pthread_mutex_lock(&streams_lock);
		say_writer_flush(&streams[SAY_OUT]);
		rc = fd_sink((void *)&out_fd, doc.data, doc.len, err, errlen);
		pthread_mutex_unlock(&streams_lock);
		if (rc)
			snprintf(err, errlen, "cannot write the %s report to stdout", what);
	}
	buf_release(&doc);
	return rc;
}

int say_file(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	struct buf doc = BUF_INIT(0);
	int rc = -1;

	if (!cleaned(data, len, &doc, err, errlen))
		rc = file_write_atomic(path, doc.data, doc.len, err, errlen);
	buf_release(&doc);
	return rc;
}

int say_append(const char *path, const char *text, char *err, size_t errlen)
{
	struct buf doc = BUF_INIT(0);
	int rc = -1;

	if (!cleaned(text, strlen(text), &doc, err, errlen))
		rc = file_append(path, doc.data, doc.len, err, errlen);
	buf_release(&doc);
	return rc;
}

int say_columns(int fd)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	char *end;
	long n = env ? strtol(env, &end, 10) : 0;

	if (env && *env && !*end && n >= 20 && n <= 10000)
		return (int)n;
	if (!isatty(fd))
		return 0;
	return ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20 ? ws.ws_col : 80;
}
