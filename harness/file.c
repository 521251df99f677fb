/* file — capped reads and atomic writes; see file.h. */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"

/* the temp file being written, so a signal handler can remove it */
static char pending_tmp[PATH_MAX + 32];
static volatile int pending_set;

int file_read(const char *path, size_t max, struct buf *out, char *err, size_t errlen)
{
	char chunk[65536];
	struct stat st;
	int fd, rc = -1;
	ssize_t n;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot read '%s': is a directory", path);
		goto out;
	}
	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		if (out->len + (size_t)n > max) {
			snprintf(err, errlen, "'%s' is larger than %zu bytes", path, max);
			goto out;
		}
		if (buf_append(out, chunk, (size_t)n)) {
			snprintf(err, errlen, "cannot read '%s': out of memory", path);
			goto out;
		}
	}
	if (!out->data && buf_append(out, "", 0)) {
		snprintf(err, errlen, "cannot read '%s': out of memory", path);
		goto out;
	}
	rc = 0;
out:
	close(fd);
	return rc;
}

static void dir_of(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, n, ".");
	else if (slash == path)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

int file_check_writable(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;

	dir_of(path, dir, sizeof(dir));
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot write '%s': folder '%s' does not exist", path, dir);
		return -1;
	}
	if (access(dir, W_OK) != 0) {
		snprintf(err, errlen, "cannot write '%s': folder '%s' is not writable", path, dir);
		return -1;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot write '%s': is a directory", path);
		return -1;
	}
	return 0;
}

int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	const char *base = strrchr(path, '/');
	int fd = -1, rc = -1;
	size_t off = 0;

	dir_of(path, dir, sizeof(dir));
	base = base ? base + 1 : path;
	if (snprintf(pending_tmp, sizeof(pending_tmp), "%s/.%s.XXXXXX", dir, base) >=
	    (int)sizeof(pending_tmp)) {
		snprintf(err, errlen, "cannot write '%s': path too long", path);
		return -1;
	}
	fd = mkstemp(pending_tmp);
	if (fd < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	pending_set = 1;
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
			goto out;
		}
		off += (size_t)n;
	}
	if (fchmod(fd, 0644) != 0 || fsync(fd) != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	if (close(fd) != 0) {
		fd = -1;
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	fd = -1;
	if (rename(pending_tmp, path) != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	if (rc)
		unlink(pending_tmp);
	pending_set = 0;
	return rc;
}

void file_abort_pending(void)
{
	if (pending_set)
		unlink(pending_tmp);
}
