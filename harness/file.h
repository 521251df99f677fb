/* SPDX-License-Identifier: Apache-2.0 */
/* file — reading the user's files with a size cap, and writing reports,
 * recordings and notebooks safely.
 *
 * Reads take regular files only: a FIFO, a device or a directory is
 * refused at once, never read until EOF or blocked on. Every output goes
 * through struct file_out: a symlink is followed to the file it names; a
 * regular file is replaced atomically (a temporary in the same folder,
 * fsync, rename, the folder fsync'd) keeping its mode and, where allowed,
 * its owner; a file with other hard links gets the new bytes copied into
 * its own inode at commit, so every name keeps seeing it; a character
 * device or FIFO (/dev/null,
 * /dev/stdout, a pipe) is written through, never replaced. A failed write
 * leaves the old file as it was and no temporary behind. On Linux the
 * temporary is an unnamed file (O_TMPFILE) given its name only at commit
 * (linked in through /proc/self/fd, then renamed over the target), so even
 * a kill -9 leaves nothing beside the output; elsewhere, or without /proc,
 * it is a named .NAME.XXXXXX. Never prints. */
#ifndef PREFLIGHT_FILE_H
#define PREFLIGHT_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "buf.h"

/* Reads the regular file at path into out (appended). Fails when the file
 * is larger than max bytes. Returns 0, or -1 with the reason in err. */
int file_read(const char *path, size_t max, struct buf *out, char *err, size_t errlen);
/* Reads at most n bytes from the start of the regular file at path into
 * out (not terminated): a look at what a file is before reading it whole.
 * Returns the bytes read, or -1 with the reason in err. */
ssize_t file_read_start(const char *path, char *out, size_t n, char *err, size_t errlen);
/* Opens path for reading when it is a regular file, without ever blocking
 * on a FIFO. Returns the descriptor, or -1 with the reason. */
int file_open_regular(const char *path, char *err, size_t errlen);

/* The size of the file at path (symlinks followed), or -1. */
long long file_size(const char *path);

/* Checks, before any request, that an output can be written there: its
 * folder exists and is writable, and it is not a directory, a read-only
 * file or something other than a regular file, a character device or a
 * FIFO. Returns 0 or -1 with the reason. */
int file_check_writable(const char *path, char *err, size_t errlen);
/* True when two paths name the same file (after symlinks, or the same
 * inode). A character device is never "the same": writing it twice is
 * harmless (/dev/null). */
bool file_same(const char *a, const char *b);

/* An output being written. */
struct file_out {
	int fd;
	int slot;	      /* the temporary's place in the abort list, -1 none */
	bool through;	      /* written through: a device, a FIFO, a descriptor */
	bool in_place;	      /* hard-linked: the temporary is copied in at commit */
	char path[PATH_MAX];  /* the file that gets the data (symlinks followed) */
	char shown[PATH_MAX]; /* the path as the user gave it, for messages */
	char tmp[PATH_MAX];   /* the temporary, when not written through */
	bool unnamed;	      /* tmp is only the pattern: the data is in an O_TMPFILE */
	mode_t mode;
	uid_t uid;
	gid_t gid;
	bool keep_owner;
};

/* Starts writing path. Returns 0, or -1 with the reason in err. */
int file_out_open(struct file_out *o, const char *path, char *err, size_t errlen);
/* Appends len bytes. Returns 0, or -1 with the reason (errno named). */
int file_out_write(struct file_out *o, const void *data, size_t len, char *err, size_t errlen);
/* Makes the file appear: fsync, rename, fsync the folder. Returns 0, or -1
 * with the reason; either way o is finished. */
int file_out_commit(struct file_out *o, char *err, size_t errlen);
/* Gives up: the old file stays, the temporary goes. */
void file_out_abort(struct file_out *o);

/* file_out_open + write + commit. Returns 0, or -1 with the reason. */
int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);

/* Appends len bytes to the file at path, created when missing (the CI job
 * summary). A FIFO or anything but a regular file or a character device
 * fails at once, never blocks. Returns 0, or -1 with the reason. */
int file_append(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Removes temporary files still being written (signal handler safe). */
void file_abort_pending(void);

#endif
