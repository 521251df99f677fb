/* SPDX-License-Identifier: Apache-2.0 */
/* file — capped reads of regular files and safe writes; see file.h. */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH */
#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"

#define MAX_PENDING 4 /* temporaries alive at once: a recording and a report */
#define MAX_LINKS   40

/* the temporaries being written, so a signal handler can remove them */
static char pending_tmp[MAX_PENDING][PATH_MAX];
static volatile sig_atomic_t pending_set[MAX_PENDING];

static const char *kind_name(mode_t m)
{
	return S_ISDIR(m)    ? "a directory"
	       : S_ISFIFO(m) ? "a FIFO"
	       : S_ISCHR(m)  ? "a character device"
	       : S_ISBLK(m)  ? "a block device"
	       : S_ISSOCK(m) ? "a socket"
			     : "not a regular file";
}

int file_open_regular(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd;

	/* O_NONBLOCK: opening a FIFO for reading must not wait for a writer */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "cannot read '%s': %s, not a regular file", path,
			 kind_name(st.st_mode));
		close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

int file_read(const char *path, size_t max, struct buf *out, char *err, size_t errlen)
{
	char chunk[65536];
	int fd, rc = -1;
	ssize_t n;

	struct stat st;

	if ((fd = file_open_regular(path, err, errlen)) < 0)
		return -1;
	/* room for what the file holds now, at once (a file that grows meanwhile
	 * still reads whole, or up to max) */
	if (fstat(fd, &st) == 0 && st.st_size > 0 && (size_t)st.st_size <= max)
		buf_grow_to(out, out->len + (size_t)st.st_size);
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

ssize_t file_read_start(const char *path, char *out, size_t n, char *err, size_t errlen)
{
	size_t got = 0;
	ssize_t r = 0;
	int fd;

	if ((fd = file_open_regular(path, err, errlen)) < 0)
		return -1;
	while (got < n && ((r = read(fd, out + got, n - got)) > 0 || (r < 0 && errno == EINTR)))
		got += r > 0 ? (size_t)r : 0;
	if (r < 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return (ssize_t)got;
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

/* The descriptor a path names: "-" and /dev/stdout, /dev/stderr,
 * /dev/fd/N, /proc/self/fd/N; -1 for any other path. */
static int std_fd(const char *path)
{
	static const char *const dirs[] = { "/dev/fd/", "/proc/self/fd/" };
	char *end;
	size_t i;
	long n;

	if (!strcmp(path, "-") || !strcmp(path, "/dev/stdout"))
		return 1;
	if (!strcmp(path, "/dev/stderr"))
		return 2;
	for (i = 0; i < 2; i++)
		if (!strncmp(path, dirs[i], strlen(dirs[i]))) {
			n = strtol(path + strlen(dirs[i]), &end, 10);
			if (end != path + strlen(dirs[i]) && !*end && n >= 0 && n < 1 << 20)
				return (int)n;
		}
	return -1;
}

/* The file path names once symlinks are followed (the last name may not
 * exist yet), or in *fd the descriptor a hop names (/dev/stdout...), which
 * is written through. Returns 0, or -1 with the reason. */
static int resolve(const char *path, char *out, size_t n, int *fd, char *err, size_t errlen)
{
	char link[PATH_MAX], dir[PATH_MAX];
	struct stat st;
	int hops;

	*fd = -1;
	if (snprintf(out, n, "%s", path) >= (int)n) {
		snprintf(err, errlen, "cannot write '%s': path too long", path);
		return -1;
	}
	for (hops = 0; hops < MAX_LINKS; hops++) {
		ssize_t len;

		if ((*fd = std_fd(out)) >= 0)
			return 0;
		if (lstat(out, &st) != 0 || !S_ISLNK(st.st_mode))
			return 0;
		len = readlink(out, link, sizeof(link) - 1);
		if (len < 0) {
			snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
			return -1;
		}
		link[len] = '\0';
		dir_of(out, dir, sizeof(dir));
		if ((link[0] == '/' ? snprintf(out, n, "%s", link)
				    : snprintf(out, n, "%s/%s", dir, link)) >= (int)n) {
			snprintf(err, errlen, "cannot write '%s': path too long", path);
			return -1;
		}
	}
	snprintf(err, errlen, "cannot write '%s': too many levels of symbolic links", path);
	return -1;
}

/* What writing path means: the resolved file, whether it exists, and its
 * stat, or in *fd a descriptor to write through. Refuses what cannot be
 * written. */
static int plan(const char *path, char *target, size_t n, struct stat *st, bool *exists, int *fd,
		char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct stat dst;
	int fl;

	if (resolve(path, target, n, fd, err, errlen))
		return -1;
	if (*fd >= 0) {
		fl = fcntl(*fd, F_GETFL);
		if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY) {
			snprintf(err, errlen,
				 "cannot write '%s': descriptor %d is not open for writing", path,
				 *fd);
			return -1;
		}
		return 0;
	}
	*exists = stat(target, st) == 0;
	if (!*exists && errno != ENOENT) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	if (*exists && (S_ISCHR(st->st_mode) || S_ISFIFO(st->st_mode))) {
		if (access(target, W_OK) != 0) {
			snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (*exists && !S_ISREG(st->st_mode)) {
		snprintf(err, errlen, "cannot write '%s': it is %s", path, kind_name(st->st_mode));
		return -1;
	}
	/* root passes access(W_OK) on a 0444 file: the mode says read-only */
	if (*exists && (access(target, W_OK) != 0 || !(st->st_mode & 0222))) {
		snprintf(err, errlen, "cannot write '%s': the file is read-only", path);
		return -1;
	}
	dir_of(target, dir, sizeof(dir));
	if (stat(dir, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
		snprintf(err, errlen, "cannot write '%s': folder '%s' does not exist", path, dir);
		return -1;
	}
	if (access(dir, W_OK) != 0) {
		snprintf(err, errlen, "cannot write '%s': folder '%s' is not writable", path, dir);
		return -1;
	}
	return 0;
}

int file_check_writable(const char *path, char *err, size_t errlen)
{
	char target[PATH_MAX];
	struct stat st;
	bool exists;
	int fd;

	return plan(path, target, sizeof(target), &st, &exists, &fd, err, errlen);
}

long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* the identity of a path: its inode when it exists, else the resolved
 * folder's inode and the name */
bool file_same(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX], why[64];
	struct stat sa, sb;
	bool ea, eb;
	int fa, fb;

	if (resolve(a, ra, sizeof(ra), &fa, why, sizeof(why)) ||
	    resolve(b, rb, sizeof(rb), &fb, why, sizeof(why)))
		return !strcmp(a, b);
	if (fa >= 0 || fb >= 0) /* a stream: what reaches it twice is the user's wish */
		return false;
	ea = stat(ra, &sa) == 0;
	eb = stat(rb, &sb) == 0;
	if (ea && eb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && !S_ISCHR(sa.st_mode);
	if (ea != eb)
		return false;
	{
		char da[PATH_MAX], db[PATH_MAX];
		const char *na = strrchr(ra, '/'), *nb = strrchr(rb, '/');

		dir_of(ra, da, sizeof(da));
		dir_of(rb, db, sizeof(db));
		if (stat(da, &sa) != 0 || stat(db, &sb) != 0)
			return !strcmp(ra, rb);
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino &&
		       !strcmp(na ? na + 1 : ra, nb ? nb + 1 : rb);
	}
}

/* ".NAME.XXXXXX" beside the target, the name cut so the whole stays
 * within NAME_MAX */
static int temp_name(const char *target, char *out, size_t n)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(target, '/'), *base = slash ? slash + 1 : target;
	size_t keep = strlen(base), room = NAME_MAX - strlen("..XXXXXX");

	dir_of(target, dir, sizeof(dir));
	if (keep > room) {
		keep = room;
		while (keep && ((unsigned char)base[keep] & 0xC0) == 0x80)
			keep--; /* not inside a UTF-8 sequence */
	}
	return snprintf(out, n, "%s/.%.*s.XXXXXX", dir, (int)keep, base) >= (int)n ? -1 : 0;
}

/* an unnamed file in target's folder (O_TMPFILE), which commit can link
 * in through /proc/self/fd; -1 where either is missing */
static int open_unnamed(const char *target)
{
#ifdef O_TMPFILE
	char dir[PATH_MAX];

	if (access("/proc/self/fd", X_OK) != 0)
		return -1;
	dir_of(target, dir, sizeof(dir));
	return open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#else
	(void)target;
	return -1;
#endif
}

static int claim_slot(const char *tmp);

/* the unnamed file given a name beside the target (tmp's pattern made
 * unique), to be renamed over it: 0, or -1 with errno */
static int link_unnamed(struct file_out *o)
{
	char proc[64], name[PATH_MAX];
	size_t stem = strlen(o->tmp) - strlen("XXXXXX");
	unsigned k;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", o->fd);
	for (k = 0; k < 100; k++) {
		snprintf(name, sizeof(name), "%.*s%06x", (int)stem, o->tmp,
			 ((unsigned)getpid() * 2654435761u + k) & 0xffffffu);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0) {
			snprintf(o->tmp, sizeof(o->tmp), "%s", name);
			o->unnamed = false; /* named now: abort, or a signal, removes it */
			o->slot = claim_slot(o->tmp);
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

static int claim_slot(const char *tmp)
{
	int i;

	for (i = 0; i < MAX_PENDING; i++)
		if (!pending_set[i]) {
			snprintf(pending_tmp[i], sizeof(pending_tmp[i]), "%s", tmp);
			pending_set[i] = 1;
			return i;
		}
	return -1;
}

static void release_slot(struct file_out *o)
{
	if (o->slot >= 0)
		pending_set[o->slot] = 0;
	o->slot = -1;
}

static int open_through(struct file_out *o, const struct stat *st, char *err, size_t errlen)
{
	int flags = O_WRONLY | O_CLOEXEC | O_NOCTTY;

	/* a FIFO nobody reads fails at once (ENXIO) instead of blocking */
	if (S_ISFIFO(st->st_mode))
		flags |= O_NONBLOCK;
	o->fd = open(o->path, flags);
	if (o->fd < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", o->shown,
			 errno == ENXIO ? "no process is reading the FIFO" : strerror(errno));
		return -1;
	}
	if (S_ISFIFO(st->st_mode))
		fcntl(o->fd, F_SETFL, fcntl(o->fd, F_GETFL) & ~O_NONBLOCK);
	o->through = true;
	return 0;
}

int file_out_open(struct file_out *o, const char *path, char *err, size_t errlen)
{
	struct stat st;
	bool exists;
	mode_t mask;
	int fd;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->slot = -1;
	snprintf(o->shown, sizeof(o->shown), "%s", path);
	if (plan(path, o->path, sizeof(o->path), &st, &exists, &fd, err, errlen))
		return -1;
	if (fd >= 0) { /* /dev/stdout and friends: the stream itself */
		o->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		o->through = true;
		if (o->fd < 0) {
			snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (exists && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
		return open_through(o, &st, err, errlen);
	/* other names see this inode: the data goes to a temporary first and
	 * into the inode itself only at commit, so every name sees it */
	o->in_place = exists && st.st_nlink > 1;
	if (temp_name(o->path, o->tmp, sizeof(o->tmp))) {
		snprintf(err, errlen, "cannot write '%s': path too long", path);
		return -1;
	}
	mask = umask(0);
	umask(mask);
	o->mode = exists ? st.st_mode & 07777 : 0666 & ~mask;
	o->uid = st.st_uid;
	o->gid = st.st_gid;
	o->keep_owner = exists;
	/* on Linux the data goes to an unnamed file, named only at commit, so a
	 * kill -9 leaves nothing behind; elsewhere a named temporary */
	if ((o->fd = open_unnamed(o->path)) >= 0) {
		o->unnamed = true;
		return 0;
	}
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		o->tmp[0] = '\0';
		return -1;
	}
	o->slot = claim_slot(o->tmp);
	return 0;
}

/* at commit, a hard-linked file gets the temporary's bytes in place */
static int copy_in_place(struct file_out *o)
{
	char chunk[65536];
	off_t total = 0;
	ssize_t n;
	int t, rc = -1;

	if (lseek(o->fd, 0, SEEK_SET) != 0 ||
	    (t = open(o->path, O_WRONLY | O_CLOEXEC | O_NOCTTY)) < 0)
		return -1;
	while ((n = read(o->fd, chunk, sizeof(chunk))) > 0) {
		ssize_t off = 0;

		while (off < n) {
			ssize_t w = write(t, chunk + off, (size_t)(n - off));

			if (w < 0 && errno == EINTR)
				continue;
			if (w < 0)
				goto out;
			off += w;
		}
		total += n;
	}
	if (n == 0 && ftruncate(t, total) == 0 && fsync(t) == 0)
		rc = 0;
out:
	if (close(t) != 0)
		rc = -1;
	return rc;
}

int file_out_write(struct file_out *o, const void *data, size_t len, char *err, size_t errlen)
{
	const char *p = data;
	size_t off = 0;

	while (off < len) {
		ssize_t n = write(o->fd, p + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot write '%s': %s", o->shown, strerror(errno));
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

static void sync_dir(const char *target)
{
	char dir[PATH_MAX];
	int fd;

	dir_of(target, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int file_out_commit(struct file_out *o, char *err, size_t errlen)
{
	int rc = -1;

	if (o->fd < 0) {
		snprintf(err, errlen, "cannot write '%s'", o->shown);
		goto out;
	}
	if (o->in_place) {
		if (copy_in_place(o) != 0)
			goto fail;
	} else if (!o->through) {
		if (fchmod(o->fd, o->mode) != 0)
			goto fail;
		/* keeps the owner where allowed (root, or the group one is in) */
		if (o->keep_owner && fchown(o->fd, o->uid, o->gid) != 0 &&
		    fchown(o->fd, (uid_t)-1, o->gid) != 0) {
			/* not allowed: the file becomes the writer's own */
		}
	}
	if (fsync(o->fd) != 0 && errno != EINVAL && errno != EROFS)
		goto fail;
	if (!o->through && !o->in_place && o->unnamed && link_unnamed(o) != 0)
		goto fail;
	if (close(o->fd) != 0) {
		o->fd = -1;
		goto fail;
	}
	o->fd = -1;
	if (!o->through && !o->in_place) {
		if (rename(o->tmp, o->path) != 0)
			goto fail;
		o->tmp[0] = '\0';
		release_slot(o);
		sync_dir(o->path);
	}
	rc = 0;
	goto out;
fail:
	snprintf(err, errlen, "cannot write '%s': %s", o->shown, strerror(errno));
out:
	file_out_abort(o);
	return rc;
}

void file_out_abort(struct file_out *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->tmp[0] && !o->unnamed) /* an unnamed file is gone with its descriptor */
		unlink(o->tmp);
	o->tmp[0] = '\0';
	release_slot(o);
}

int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
	struct file_out o;

	if (file_out_open(&o, path, err, errlen))
		return -1;
	if (file_out_write(&o, data, len, err, errlen)) {
		file_out_abort(&o);
		return -1;
	}
	return file_out_commit(&o, err, errlen);
}

int file_append(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
	struct file_out o;
	struct stat st;
	int rc;

	memset(&o, 0, sizeof(o));
	snprintf(o.shown, sizeof(o.shown), "%s", path);
	o.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0644);
	if (o.fd < 0) {
		snprintf(err, errlen, "cannot append to '%s': %s", path,
			 errno == ENXIO ? "a FIFO nobody reads" : strerror(errno));
		return -1;
	}
	if (fstat(o.fd, &st) || !(S_ISREG(st.st_mode) || S_ISCHR(st.st_mode))) {
		snprintf(err, errlen, "cannot append to '%s': not a regular file", path);
		close(o.fd);
		return -1;
	}
	rc = file_out_write(&o, data, len, err, errlen);
	if (close(o.fd) && !rc) {
		snprintf(err, errlen, "cannot append to '%s': %s", path, strerror(errno));
		rc = -1;
	}
	return rc;
}

void file_abort_pending(void)
{
	int i;

	for (i = 0; i < MAX_PENDING; i++)
		if (pending_set[i])
			unlink(pending_tmp[i]);
}
