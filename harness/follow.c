/* SPDX-License-Identifier: Apache-2.0 */
/* follow — an engine's log read as it grows; see follow.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "enginelog.h"
#include "follow.h"

void follow_init(struct follow *f, const char *path)
{
	memset(f, 0, sizeof(*f));
	f->path = path;
	f->fd = path && !strcmp(path, "-") ? STDIN_FILENO : -1;
}

static double ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* opens the file at the path when it is there, and knows it by the open
 * descriptor's own identity (not the path's, which may be a newer file) */
static bool open_file(struct follow *f)
{
	struct stat st;

	f->fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (f->fd < 0)
		return false; /* not there (yet, or between a rotation's mv and create) */
	if (fstat(f->fd, &st)) {
		close(f->fd);
		f->fd = -1;
		return false;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	return true;
}

/* Looks at the path: true when there is a file to read from a new place
 * (it appeared, replaced the one read to its end, or was cut shorter) */
static bool look(struct follow *f, struct enginelog *log)
{
	struct stat at, open_now;
	off_t read_so_far;

	if (f->fd == STDIN_FILENO)
		return false;
	if (f->fd < 0)
		return open_file(f);
	if (stat(f->path, &at) || fstat(f->fd, &open_now))
		return false; /* keep reading the one open, if it grows */
	read_so_far = lseek(f->fd, 0, SEEK_CUR);
	if (at.st_dev != f->dev || at.st_ino != f->ino) {
		if (read_so_far < open_now.st_size)
			return false; /* the old file's tail first */
		enginelog_end(log);
		close(f->fd);
		return open_file(f);
	}
	if (at.st_size < read_so_far) {
		enginelog_end(log);
		return lseek(f->fd, 0, SEEK_SET) == 0;
	}
	return false;
}

void follow_drain(struct follow *f, struct enginelog *log, double budget_ms, bool wait,
		  const volatile sig_atomic_t *stop)
{
	const double end = ms_now() + budget_ms;
	char chunk[1 << 16];

	look(f, log);
	while (f->fd >= 0 && !f->eof && !(stop && *stop)) {
		double left = end - ms_now();
		struct pollfd p = { f->fd, POLLIN, 0 };
		ssize_t n;

		if (left <= 0)
			return;
		if (f->fd == STDIN_FILENO && poll(&p, 1, wait ? (int)left + 1 : 0) <= 0)
			return; /* nothing more yet */
		n = read(f->fd, chunk, sizeof(chunk));
		if (n > 0)
			enginelog_feed(log, chunk, (size_t)n);
		else if (n == 0 && f->fd == STDIN_FILENO)
			f->eof = true; /* a pipe that closed has said everything */
		else if (n == 0 && look(f, log))
			continue; /* read to its end: the file that replaced it next */
		else if (n == 0 || errno != EINTR)
			return; /* a file's end for now, or an error: what came is what there is */
	}
}

void follow_close(struct follow *f)
{
	if (f->fd >= 0 && f->fd != STDIN_FILENO)
		close(f->fd);
	f->fd = -1;
}
