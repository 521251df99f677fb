/* SPDX-License-Identifier: Apache-2.0 */
/* secret — the API key: checked before it is sent, and found again in any
 * text preflight is about to show or write, in every form an endpoint can
 * echo it.
 *
 * An endpoint or proxy may echo the key raw, JSON-escaped (`\/`, `\uXXXX`
 * for any character, escaped twice), percent-encoded (also twice), as XML
 * entities, in base64 or base64url (at any alignment), or cut at the edge
 * of an excerpt. Scrubbing runs on what leaves the process (console,
 * stderr, reports, recordings), never on what is graded, so a healthy
 * answer is graded as it came. Keys shorter than SECRET_MIN_LEN are never
 * searched for: too many innocent bytes would match. Never prints. */
#ifndef PREFLIGHT_SECRET_H
#define PREFLIGHT_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

#define SECRET_MIN_LEN 8
#define SECRET_MAX_LEN 65536
#define SECRET_MARK    "[REDACTED]"

#define SECRET_NEEDLES 7 /* the key, three base64 and three base64url cores */

struct secret {
	char *needles[SECRET_NEEDLES]; /* owned; NULL past the last */
	size_t n_needles;
	bool first_byte[256]; /* bytes a match can start with */
};

#define SECRET_INIT                                                                                \
	{                                                                                          \
		{ NULL }, 0,                                                                       \
		{                                                                                  \
			false                                                                      \
		}                                                                                  \
	}

/* Checks a key before anything is sent: at most SECRET_MAX_LEN bytes,
 * valid UTF-8, no control characters (CR, LF, NUL, DEL...). Returns 0, or
 * -1 with the reason in why (the key itself is never quoted). */
int secret_check(const char *key, char *why, size_t whylen);

/* Sets s up to find key (copied). A NULL key, or one shorter than
 * SECRET_MIN_LEN, leaves s empty: nothing is ever redacted. Returns 0, or
 * -1 on out of memory (s is then empty). */
int secret_init(struct secret *s, const char *key);
void secret_release(struct secret *s);
/* True when s searches for something. */
bool secret_active(const struct secret *s);

/* Replaces every echo of the key in b by SECRET_MARK. Returns 0, or a buf
 * error (b then holds nothing: better empty than leaking). */
int secret_scrub(const struct secret *s, struct buf *b);
/* The same on a NUL-terminated string in a fixed array of size n; the
 * result is cut to fit. */
void secret_scrub_str(const struct secret *s, char *str, size_t n);
/* Masks the key where a stream spread it over the JSON strings of many
 * events ("content" deltas of 4 characters each): the values of each
 * member name are joined in order, and every byte of the string literals
 * that spell the key becomes '*', so the JSON stays valid. Bodies past
 * 16 MiB are left to secret_scrub. Returns 0 or -1 (out of memory). */
int secret_mask_fragments(const struct secret *s, struct buf *b);

/* The longest text that can echo the key, in any form it is searched
 * for (0 when s is inactive). */
size_t secret_echo_max(const struct secret *s);
/* The largest cut at or before want where text can be split without
 * splitting an echo of the key: want, or the start of the echo that
 * spans it. */
size_t secret_safe_cut(const struct secret *s, const char *text, size_t len, size_t want);

/* Masks, in place, the tokens a log or a launcher's echo of its command
 * line may hold, whatever key preflight was given: Hugging Face tokens
 * (hf_ and 20 or more letters and digits), and the values of --api-key,
 * api_key=, HF_TOKEN= and HUGGING_FACE_HUB_TOKEN= (each becomes ***). */
void secret_mask_tokens(char *s);

/* True when text holds an echo of the key (tests and checks). */
bool secret_found(const struct secret *s, const char *text, size_t len);

#endif
