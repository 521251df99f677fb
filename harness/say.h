/* SPDX-License-Identifier: Apache-2.0 */
/* say — the one writer: every byte preflight sends out of the process
 * passes here first, whatever it goes to (stdout, stderr, a report file,
 * the CI job summary, the recording's compressor).
 *
 * A writer scrubs every echo of the key (secret.h) and makes the text
 * valid UTF-8 before its sink sees a byte. Text is held back to the end of
 * its line (LF or CR: neither can be part of a key or of any echo of one)
 * or to an explicit flush, so a key split across two writes is still
 * found; a line longer than SAY_HOLD_MAX is let out but for a tail that
 * could still begin an echo. The key is process-wide, set once by main
 * before any command runs. `make lint` fails on any function that writes
 * to a FILE *, a descriptor or a gzFile outside this module and the
 * atomic file sink (file.c). A write error on stdout or stderr (a closed
 * pipe) is ignored: it changes no verdict and no report.
 *
 * On the console (stdout and stderr) text is also made harmless to the
 * terminal and to the CI that reads it, whatever file it came from (a
 * probe's title, a recipe's name, a recorded message): every control
 * character but newline, tab and carriage return, and every escape
 * sequence but the progress line's erase (CR ESC [K), becomes U+FFFD, and
 * a line that would begin a GitHub workflow command ("::") has its first
 * colon made a fullwidth one. Only say_command writes a workflow command. */
#ifndef PREFLIGHT_SAY_H
#define PREFLIGHT_SAY_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct secret;

#define SAY_HOLD_MAX (64u << 10) /* bytes of one line held before some go out */

/* Scrub echoes of key (borrowed; copied into the scrubber) from all that
 * is written; a second call adds a second key (compare's reference's).
 * Returns 0, or -1 when out of memory or past two keys. */
int say_scrub_key(const char *key);
/* The scrubber's first key, for writers that scrub fields on their own before
 * cutting them (never NULL; inactive until set). */
const struct secret *say_key(void);
/* Every key the scrubber has (at most two: compare's second is the
 * reference's), into keys; returns how many. */
size_t say_keys(const struct secret *keys[2]);
/* Flushes stdout and stderr and forgets the key. */
void say_release(void);

/* Where a writer's scrubbed bytes go: 0, or -1 with the reason in err. */
typedef int (*say_sink)(void *ctx, const char *data, size_t len, char *err, size_t errlen);

/* One stream of text being written. */
struct say_writer {
	say_sink sink;
	void *ctx;	 /* the sink's */
	struct buf held; /* written, not yet out: the rest of a line */
	bool failed;	 /* a sink write failed: the rest is dropped */
	char err[512];	 /* why */
	bool terminal;	 /* a console: no control sequence, no workflow command */
	bool command;	 /* what is sent now is a workflow command (say_command) */
	char last;	 /* the last byte sent */
};

#define SAY_WRITER_INIT(sink_, ctx_)                                                               \
	{                                                                                          \
		.sink = (sink_), .ctx = (ctx_), .held = BUF_INIT(0), .last = '\n'                  \
	}

/* Appends len bytes of text; what ends a line goes out at once. Returns 0,
 * or -1 once the sink failed or memory ran out (w->err says why). */
int say_put(struct say_writer *w, const char *text, size_t len);
/* Sends what is held. Returns 0 or -1 as say_put. */
int say_writer_flush(struct say_writer *w);
/* Frees what is held without sending it. */
void say_writer_release(struct say_writer *w);

enum say_stream { SAY_OUT, SAY_ERR };

/* Writes text to stdout or stderr: whole lines at once, the rest of a line
 * when it ends, at say_flush or at say_release. While stdout carries a
 * report (say_reserve_stdout), what is meant for stdout goes to stderr. */
void say(enum say_stream to, const char *text);
/* A GitHub workflow command line ("::error title=...::...\n", ci.h) to
 * stdout (stderr while a report holds it), scrubbed, on a line of its own. */
void say_command(const char *line);
/* Sends the end of a line not yet ended (a progress line). */
void say_flush(enum say_stream to);
void say_printf(enum say_stream to, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "preflight: MESSAGE\n" on stderr. */
void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* stdout carries a report ('-') from now on: nothing else is written
 * there, so the document stays valid whatever else is said. */
void say_reserve_stdout(void);
bool say_stdout_reserved(void);

/* A whole document (a report) to stdout, scrubbed. Returns 0, or -1 with
 * the reason in err. */
int say_document_stdout(const char *what, const char *data, size_t len, char *err, size_t errlen);
/* A whole document written atomically to path (file.h), scrubbed. Returns
 * 0, or -1 with the reason in err. */
int say_file(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* text appended to the file at path (the CI job summary), scrubbed.
 * Returns 0, or -1 with the reason in err. */
int say_append(const char *path, const char *text, char *err, size_t errlen);

/* The columns a report on fd may use: $COLUMNS when it is a number from
 * 20 to 10000, else the terminal's width when fd is one (80 when it will
 * not say), else 0: a pipe or a file gets every line whole. */
int say_columns(int fd);

#endif
