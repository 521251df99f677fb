/* file — reading whole files with a size cap, and writing them atomically.
 *
 * Every report, recording and notebook preflight writes goes through
 * file_write_atomic: a temporary file in the same folder, fsync, rename.
 * An interrupted run never leaves a half-written file, and a failed write
 * leaves the old file as it was and no temporary behind. Never prints. */
#ifndef PREFLIGHT_FILE_H
#define PREFLIGHT_FILE_H

#include <stddef.h>

#include "buf.h"

/* Reads path into out (appended). Fails when the file is larger than max
 * bytes. Returns 0, or -1 with the reason in err. */
int file_read(const char *path, size_t max, struct buf *out, char *err, size_t errlen);

/* Replaces path with data atomically. Returns 0, or -1 with the reason. */
int file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);

/* Checks that the folder a report will go to exists and is writable, so
 * usage errors surface before any request. Returns 0 or -1 with the reason. */
int file_check_writable(const char *path, char *err, size_t errlen);

/* Removes temporary files still being written (signal handler safe). */
void file_abort_pending(void);

#endif
