/* SPDX-License-Identifier: Apache-2.0 */
/* media — image and video inputs as data URLs.
 *
 * A file given with --image-path or --video-path is read whole, its type
 * taken from its first bytes (PNG, JPEG, WebP; MP4, WebM, QuickTime), its
 * size bounded (10 MiB for images, 128 MiB for videos), and it becomes a
 * data: URL. Symlinks and files that change while being read are refused.
 * Reports record the size, type and SHA-256, never the bytes. No library
 * of ours hashes or encodes base64, so both are here. Never prints. */
#ifndef PREFLIGHT_MEDIA_H
#define PREFLIGHT_MEDIA_H

#include <stddef.h>

enum media_kind { MEDIA_IMAGE = 0, MEDIA_VIDEO };

#define MEDIA_IMAGE_MAX (10u << 20)
#define MEDIA_VIDEO_MAX (128u << 20)

struct media {
	enum media_kind kind;
	char *path;	  /* owned */
	const char *mime; /* static */
	size_t bytes;
	char sha256[65]; /* hex */
	char *data_url;	 /* owned: data:MIME;base64,... */
};

/* Loads path as kind. Returns 0, or -1 with the reason in err. */
int media_load(const char *path, enum media_kind kind, struct media *m, char *err, size_t errlen);
void media_release(struct media *m);

/* SHA-256 of data as 64 hex digits into hex[65]. */
void media_sha256_hex(const unsigned char *data, size_t len, char hex[65]);

#endif
