/* SPDX-License-Identifier: Apache-2.0 */
/* jsonfile — reading a user's JSON file (a probe, a recipe) with errors a
 * person can act on: "FILE:LINE:COLUMN: reason".
 *
 * Parse errors point at the failing character; a problem with a member
 * points at the first occurrence of its "key" in the file, which is where
 * a reader will look. The typed getters check a value and say what was
 * wanted. Never prints. */
#ifndef PREFLIGHT_JSONFILE_H
#define PREFLIGHT_JSONFILE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

struct jsonfile {
	const char *path; /* borrowed; for messages */
	const char *text; /* borrowed; NUL-terminated */
	size_t len;
	char *err; /* borrowed; where errors go */
	size_t errlen;
};

/* Sends every cJSON allocation through alloc.h (so PREFLIGHT_FAIL_ALLOC
 * reaches them); once, before any other cJSON call. */
void jsonfile_use_alloc(void);

/* cJSON's version, "1.7.15". */
const char *jsonfile_library_version(void);

/* Parses the text. Returns the root (caller deletes) or NULL with
 * "PATH:LINE:COL: invalid JSON" in err. */
cJSON *jsonfile_parse(struct jsonfile *f);
/* A document too large to hold as one tree, read a piece at a time: a
 * top-level object whose large arrays (the members keys names) are left
 * out of the head and parsed an element at a time, so memory holds the
 * text and one element's tree, never the whole document's (a tree costs
 * some 80 bytes a value: 64 MB of "0," would take gigabytes). Every piece
 * is checked as jsonfile_parse checks a document, errors located in the
 * whole text, and a piece whose tree would cost more than tree_max bytes
 * is refused before it is parsed. */
#define JSONFILE_SPLIT_KEYS 4
struct jsonfile_split {
	cJSON *head;			      /* the document, keys' arrays empty */
	size_t from[JSONFILE_SPLIT_KEYS];     /* each key's elements: text[from..to) */
	size_t to[JSONFILE_SPLIT_KEYS];	      /* (from == to: absent or empty) */
	size_t elements[JSONFILE_SPLIT_KEYS]; /* how many each holds */
	size_t tree_max;		      /* bytes a piece's tree may cost */
	size_t at, end;			      /* the elements jsonfile_next gives */
	size_t given;			      /* elements given of them so far */
};

/* Parses f's head; keys is NULL-terminated, at most JSONFILE_SPLIT_KEYS.
 * Returns 0, or -1 with "PATH:LINE:COL: reason" in err. */
int jsonfile_split(struct jsonfile *f, const char *const *keys, size_t tree_max,
		   struct jsonfile_split *s);
/* Makes jsonfile_next give the elements of keys[k]'s array. */
void jsonfile_split_select(struct jsonfile_split *s, size_t k);
/* The next element, parsed (caller deletes), or NULL: at the end with err
 * empty, or on an error with the reason in err. */
cJSON *jsonfile_next(struct jsonfile *f, struct jsonfile_split *s);
/* Frees the head. */
void jsonfile_split_release(struct jsonfile_split *s);

/* "PATH:LINE:COL" of key's first appearance (NULL: the start) into out. */
void jsonfile_where(const struct jsonfile *f, const char *key, char *out, size_t n);
/* Writes "PATH:LINE:COL: message" locating key (NULL: the start) and
 * returns -1. */
int jsonfile_error(struct jsonfile *f, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The k names as a refusal lists what it takes, each between quote
 * ("" for none): "a, b or c", into out (n bytes, cut to fit). */
void jsonfile_names(char *out, size_t n, const char *const *names, size_t k, const char *quote);
/* Fails on a member of obj not in allowed (NULL-terminated). */
int jsonfile_only_keys(struct jsonfile *f, const cJSON *obj, const char *where,
		       const char *const *allowed);
/* A non-empty string member, copied to *out (NULL when absent and not
 * required). Returns 0 or -1. */
int jsonfile_string(struct jsonfile *f, const cJSON *obj, const char *key, bool required,
		    char **out);
/* An integer member from lo to hi; *out untouched when absent. */
int jsonfile_long(struct jsonfile *f, const cJSON *obj, const char *key, long lo, long hi,
		  long *out);

/* A boolean member; *out untouched when absent. Returns 0 or -1. */
int jsonfile_bool(struct jsonfile *f, const cJSON *obj, const char *key, bool *out);
/* An int member from lo to hi; *out untouched when absent. */
int jsonfile_int(struct jsonfile *f, const cJSON *obj, const char *key, int lo, int hi, int *out);

#endif
