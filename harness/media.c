/* SPDX-License-Identifier: Apache-2.0 */
/* media — files to data URLs with their identity; see media.h. */
#include "media.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

/* --- SHA-256 (FIPS 180-4) ------------------------------------------------------ */

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
	0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
	0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
	0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
	0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
	0xc67178f2,
};

/* the low n bits are masked before they move up, so no bit is shifted out
 * (clean under -fsanitize=integer too) */
#define ROR(x, n) (((x) >> (n)) | (((x) & ((1u << (n)) - 1)) << (32 - (n))))

static void sha256_block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, hh, t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
	/* sums modulo 2^32, taken in 64 bits and cut explicitly: no wrap that
	 * -fsanitize=integer would flag */
	for (i = 16; i < 64; i++)
		w[i] = (uint32_t)((uint64_t)w[i - 16] +
				  (ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3)) +
				  w[i - 7] +
				  (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10)));
	a = h[0];
	b = h[1];
	c = h[2];
	d = h[3];
	e = h[4];
	f = h[5];
	g = h[6];
	hh = h[7];
	for (i = 0; i < 64; i++) {
		t1 = (uint32_t)((uint64_t)hh + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
				((e & f) ^ (~e & g)) + K[i] + w[i]);
		t2 = (uint32_t)((uint64_t)(ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
				((a & b) ^ (a & c) ^ (b & c)));
		hh = g;
		g = f;
		f = e;
		e = (uint32_t)((uint64_t)d + t1);
		d = c;
		c = b;
		b = a;
		a = (uint32_t)((uint64_t)t1 + t2);
	}
	h[0] = (uint32_t)((uint64_t)h[0] + a);
	h[1] = (uint32_t)((uint64_t)h[1] + b);
	h[2] = (uint32_t)((uint64_t)h[2] + c);
	h[3] = (uint32_t)((uint64_t)h[3] + d);
	h[4] = (uint32_t)((uint64_t)h[4] + e);
	h[5] = (uint32_t)((uint64_t)h[5] + f);
	h[6] = (uint32_t)((uint64_t)h[6] + g);
	h[7] = (uint32_t)((uint64_t)h[7] + hh);
}

void media_sha256_hex(const unsigned char *data, size_t len, char hex[65])
{
	uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	unsigned char tail[128];
	size_t full = len / 64 * 64, rest = len - full, n, i;
	uint64_t bits = (uint64_t)len * 8;

	for (i = 0; i < full; i += 64)
		sha256_block(h, data + i);
	memset(tail, 0, sizeof(tail));
	memcpy(tail, data + full, rest);
	tail[rest] = 0x80;
	n = rest < 56 ? 64 : 128;
	for (i = 0; i < 8; i++)
		tail[n - 1 - i] = (unsigned char)(bits >> (8 * i));
	for (i = 0; i < n; i += 64)
		sha256_block(h, tail + i);
	for (i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", h[i]);
}

/* --- types and loading --------------------------------------------------------- */

static const char *sniff(const unsigned char *p, size_t n, enum media_kind kind)
{
	if (kind == MEDIA_IMAGE) {
		if (n >= 8 && !memcmp(p, "\x89PNG\r\n\x1a\n", 8))
			return "image/png";
		if (n >= 3 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF)
			return "image/jpeg";
		if (n >= 12 && !memcmp(p, "RIFF", 4) && !memcmp(p + 8, "WEBP", 4))
			return "image/webp";
		return NULL;
	}
	if (n >= 4 && !memcmp(p, "\x1a\x45\xdf\xa3", 4))
		return "video/webm";
	if (n >= 12 && !memcmp(p + 4, "ftyp", 4))
		return !memcmp(p + 8, "qt  ", 4) ? "video/quicktime" : "video/mp4";
	return NULL;
}

/* Opens what (an image or a video) at path: a regular file, never a
 * symlink or a FIFO, of 1 to max bytes. Returns the descriptor and its
 * stat in *st, or -1 with the reason. */
static int open_media(const char *path, const char *what, size_t max, struct stat *st, char *err,
		      size_t errlen)
{
	struct stat link;
	int fd;

	if (lstat(path, &link) != 0) {
		snprintf(err, errlen, "cannot read %s '%s': %s", what, path, strerror(errno));
		return -1;
	}
	if (S_ISLNK(link.st_mode)) {
		snprintf(err, errlen, "%s '%s' is a symlink; give the file itself", what, path);
		return -1;
	}
	/* O_NONBLOCK: a FIFO is refused below, never waited on */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0 || fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		snprintf(err, errlen, "cannot read %s '%s': %s", what, path,
			 fd < 0 ? strerror(errno) : "not a regular file");
	} else if (st->st_size <= 0 || (size_t)st->st_size > max) {
		snprintf(err, errlen, "%s '%s' has %lld bytes; it must have 1 to %zu", what, path,
			 (long long)st->st_size, max);
	} else {
		return fd;
	}
	if (fd >= 0)
		close(fd);
	return -1;
}

/* Reads fd whole into data, refusing a file that changes meanwhile (its
 * size or time against before). Returns 0 or -1 with the reason. */
static int read_stable(int fd, const char *path, const char *what, size_t max,
		       const struct stat *before, struct buf *data, char *err, size_t errlen)
{
	unsigned char chunk[65536];
	struct stat after;
	ssize_t n;

	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		if (data->len + (size_t)n > max || buf_append(data, chunk, (size_t)n)) {
			snprintf(err, errlen, "%s '%s' grew past %zu bytes while being read", what,
				 path, max);
			return -1;
		}
	if (n < 0 || fstat(fd, &after) != 0) {
		snprintf(err, errlen, "cannot read %s '%s': %s", what, path, strerror(errno));
		return -1;
	}
	if (after.st_size != before->st_size || after.st_mtim.tv_sec != before->st_mtim.tv_sec ||
	    after.st_mtim.tv_nsec != before->st_mtim.tv_nsec ||
	    data->len != (size_t)before->st_size) {
		snprintf(err, errlen, "%s '%s' changed while being read", what, path);
		return -1;
	}
	return 0;
}

int media_load(const char *path, enum media_kind kind, struct media *m, char *err, size_t errlen)
{
	size_t max = kind == MEDIA_IMAGE ? MEDIA_IMAGE_MAX : MEDIA_VIDEO_MAX;
	const char *what = kind == MEDIA_IMAGE ? "image" : "video";
	struct buf data = BUF_INIT(0), url = BUF_INIT(0);
	struct stat before;
	int fd, rc = -1;

	memset(m, 0, sizeof(*m));
	m->kind = kind;
	if ((fd = open_media(path, what, max, &before, err, errlen)) < 0)
		return -1;
	if (read_stable(fd, path, what, max, &before, &data, err, errlen))
		goto out;
	m->mime = sniff((const unsigned char *)data.data, data.len, kind);
	if (!m->mime) {
		snprintf(err, errlen, "%s '%s' is not %s", what, path,
			 kind == MEDIA_IMAGE ? "PNG, JPEG or WebP" : "MP4, WebM or QuickTime");
		goto out;
	}
	m->bytes = data.len;
	media_sha256_hex((const unsigned char *)data.data, data.len, m->sha256);
	if (buf_printf(&url, "data:%s;base64,", m->mime) ||
	    text_base64_append(&url, (const unsigned char *)data.data, data.len) ||
	    !(m->path = xstrdup(path))) {
		snprintf(err, errlen, "cannot load %s '%s': out of memory", what, path);
		goto out;
	}
	m->data_url = buf_detach(&url);
	rc = 0;
out:
	close(fd);
	buf_release(&data);
	buf_release(&url);
	if (rc)
		media_release(m);
	return rc;
}

void media_release(struct media *m)
{
	free(m->path);
	free(m->data_url);
	m->path = m->data_url = NULL;
}
