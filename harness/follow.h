/* SPDX-License-Identifier: Apache-2.0 */
/* follow — an engine's log read as it grows: a file followed across its
 * rotations, or a pipe on stdin, fed to an enginelog.
 *
 * A file that is not there yet is opened when it appears. A new file at
 * the path (logrotate's mv and create) is read from its start once the old
 * one is read to its end; a file cut shorter than what was read
 * (copytruncate) is read again from its start. Either way the line the old
 * file left open ends there (enginelog_end), so two files never make one
 * line. A pipe ("-") is read only as far as poll says it has data, so stdin
 * stays as the shell left it. Owns its descriptor (never stdin); borrows
 * the path, the log and the stop flag; never prints. */
#ifndef PREFLIGHT_FOLLOW_H
#define PREFLIGHT_FOLLOW_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

struct enginelog;

struct follow {
	const char *path; /* borrowed; "-" is stdin */
	int fd;		  /* -1 until the file appears */
	bool eof;	  /* the pipe closed: it has said everything */
	dev_t dev;	  /* the file open now (a rotated log is a new one) */
	ino_t ino;
};

void follow_init(struct follow *f, const char *path);
/* Feeds log whatever the log has gained, for at most budget_ms however
 * fast it grows, and nothing once *stop is set (stop may be NULL). With
 * wait, a pipe gets until the budget ends to deliver what its writer still
 * holds; a file is read to its end (and into the file that replaced it). */
void follow_drain(struct follow *f, struct enginelog *log, double budget_ms, bool wait,
		  const volatile sig_atomic_t *stop);
void follow_close(struct follow *f);

#endif
