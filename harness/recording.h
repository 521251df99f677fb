/* SPDX-License-Identifier: Apache-2.0 */
/* recording — every exchange of a run, gzip-compressed JSON lines; the only
 * module that includes zlib.h.
 *
 * `--record FILE.jsonl.gz` writes a first line describing the run (its
 * options, recipe and probe files, so the recording stands on its own),
 * then one line per exchange: method, URL, request headers (never
 * Authorization) and body, outcome, status, response body. The API key is
 * replaced by [REDACTED] wherever an endpoint echoed it. The file appears
 * atomically when the run ends; probes that run at once record through one
 * lock. `preflight replay` answers every request
 * from it, in the order recorded, and re-grades offline. Never prints. */
#ifndef PREFLIGHT_RECORDING_H
#define PREFLIGHT_RECORDING_H

#include <stdbool.h>
#include <stddef.h>

#include "http.h"

struct recording;

struct secret;

#define RECORDING_MAX_KEYS 2 /* compare's: the candidate's and the reference's */

/* Starts a recording at path (it appears on recording_finish, through
 * file_out: symlinks followed, devices written through). redact holds the
 * n keys to keep out of the file (borrowed, each may be inactive; at most
 * RECORDING_MAX_KEYS). meta_json is the first line. Returns NULL with the
 * reason in err. */
struct recording *recording_create(const char *path, const struct secret *const *redact, size_t n,
				   const char *meta_json, char *err, size_t errlen);
/* The tap that records into r. */
void recording_tap(struct recording *r, struct http_tap *tap);
/* Writes the file and frees r. Returns 0, or -1 with the reason. */
int recording_finish(struct recording *r, char *err, size_t errlen);

#define RECORDING_MAX_EXCHANGES 200000
#define RECORDING_MAX_BYTES	(512ul << 20) /* decompressed, by default */
#define RECORDING_MAX_LINE	(128ul << 20) /* one exchange, by default */

/* Opens a recording to replay: a regular file, read as a stream, at most
 * max_bytes decompressed, max_line bytes a line and
 * RECORDING_MAX_EXCHANGES exchanges; a truncated or corrupt gzip is an
 * error. Returns NULL with the reason. */
struct recording *recording_open(const char *path, size_t max_bytes, size_t max_line, char *err,
				 size_t errlen);
/* The first line (borrowed; valid while r lives). */
const char *recording_meta(const struct recording *r);

/* "zlib 1.2.13": the library's own version. */
void recording_zlib_version(char *out, size_t n);
/* The tap that answers from r. */
void recording_replay_tap(struct recording *r, struct http_tap *tap);
/* A file a recording carries whole, so a replay never reads the disk. */
struct recording_file {
	char *path, *text;
};

/* The recording's first line, as data: how to run it again offline. */
struct recording_header {
	bool conform; /* recorded by preflight conform ("command": "conform") */
	bool compare; /* recorded by preflight compare ("command": "compare") */
	char **args;  /* the run's options that a recording keeps */
	int n_args;
	struct recording_file recipe; /* NULLs when the run had none */
	struct recording_file *probes;
	size_t n_probes;
	/* compare's prompts and its --dataset (NULLs when none) */
	struct recording_file prompts, dataset;
};

/* The header line for h (borrowed); caller frees. NULL when out of memory. */
char *recording_header_json(const struct recording_header *h);
/* Reads r's header into h (all owned by h; release it either way).
 * Returns 0, or -1 with the reason when it is damaged. */
int recording_header_read(const struct recording *r, struct recording_header *h, char *err,
			  size_t errlen);
void recording_header_release(struct recording_header *h);

/* Frees a recording (either kind); an unfinished one leaves no file. */
void recording_free(struct recording *r);

#endif
