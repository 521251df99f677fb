/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_follow — the engine-log follower on a log that is written, rotated
 * (mv and a new file, the old one still written a while) and cut in place
 * (copytruncate), as a script read from the input: whatever the script,
 * the follower feeds the bundled rules exactly the bytes each file held,
 * in order, each file's last line ended where the file did — the same
 * lines and matches as the files read one after another. A look at the
 * log comes before each rotation (what a rotation between two looks hides
 * is hidden from any follower); the end reads everything that is left.
 *
 * Each script op is one byte, its low three bits the kind:
 *   0-2  append the next (op >> 3) bytes to the log
 *   3    the same, to the file rotated away while no new one exists yet
 *   4    look, then rotate: mv the log to log.1 (a new one comes with the
 *        next append)
 *   5    look, then cut the log to nothing, then look
 *   6    look
 *   7    append the next (op >> 3) bytes, repeated 1 + 9 × (next byte)
 *        times (lines past ENGINELOG_LINE_MAX and the reader's chunk) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "enginelog.h"
#include "follow.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_SEGMENTS 256

static struct log_rules rules;
static char dir[64], path[96], old[96];

static void cleanup(void)
{
	unlink(path);
	unlink(old);
	rmdir(dir);
}

static void setup(void)
{
	const char *root = getenv("PREFLIGHT_ROOT");
	char rpath[4096], err[512];

	snprintf(rpath, sizeof(rpath), "%s/probes/engine/rules.json", root ? root : ".");
	snprintf(dir, sizeof(dir), "/dev/shm/fuzz_follow.XXXXXX"); /* memory, when there */
	if (!mkdtemp(dir)) {
		snprintf(dir, sizeof(dir), "/tmp/fuzz_follow.XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	if (log_rules_load(&rules, rpath, err, sizeof(err)))
		abort();
	snprintf(path, sizeof(path), "%s/engine.log", dir);
	snprintf(old, sizeof(old), "%s/engine.log.1", dir);
	atexit(cleanup);
}

/* what the follower should have read: the files' bytes, in segments, each
 * segment ended (a file rotated away, or cut) */
struct script {
	struct buf seg[MAX_SEGMENTS];
	size_t n;	 /* segments; the last is the log's */
	bool current;	 /* the log exists now */
	bool rotated;	 /* log.1 exists, and the log does not yet */
	struct follow f; /* the follower, and its log */
	struct enginelog got;
};

/* text, times over, to the file and to what it should read as */
static void append(const char *file, struct buf *seg, const uint8_t *text, size_t len, size_t times)
{
	FILE *fp = fopen(file, "ab");

	if (!fp)
		abort();
	while (times--) {
		fwrite(text, 1, len, fp);
		buf_append(seg, text, len);
	}
	if (fclose(fp))
		abort();
}

static void look(struct script *s)
{
	follow_drain(&s->f, &s->got, 1000, false, NULL);
}

static size_t run_op(struct script *s, const uint8_t *data, size_t size)
{
	unsigned kind = data[0] & 7, len = data[0] >> 3, times = 1;
	size_t used = 1;

	if (s->n == MAX_SEGMENTS) /* the script is long enough */
		return size;
	switch (kind) {
	case 4:
		look(s);
		if (s->current && !rename(path, old)) {
			s->current = false, s->rotated = true;
			s->n++;
		}
		return used;
	case 5:
		look(s);
		if (s->current && !truncate(path, 0))
			s->n++;
		look(s);
		return used;
	case 6:
		look(s);
		return used;
	case 7:
		if (size > 1)
			times = 1 + 9u * data[used++];
		break;
	}
	if (len > size - used)
		len = (unsigned)(size - used);
	if (kind == 3 && s->rotated) {
		append(old, &s->seg[s->n - 2], data + used, len, times);
	} else {
		append(path, &s->seg[s->n - 1], data + used, len, times);
		s->current = true, s->rotated = false;
	}
	return used + len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct script s = { .n = 1 };
	struct enginelog want;
	size_t i;

	if (!rules.n)
		setup();
	unlink(path);
	unlink(old);
	for (i = 0; i < MAX_SEGMENTS; i++)
		s.seg[i] = (struct buf)BUF_INIT(0);
	follow_init(&s.f, path);
	enginelog_init(&s.got, &rules, ENGINE_UNKNOWN);
	for (i = 0; i < size;)
		i += run_op(&s, data + i, size - i);
	follow_drain(&s.f, &s.got, 1000, true, NULL);
	enginelog_finish(&s.got);

	enginelog_init(&want, &rules, ENGINE_UNKNOWN);
	for (i = 0; i < s.n; i++) {
		enginelog_feed(&want, s.seg[i].data, s.seg[i].len);
		enginelog_end(&want);
		buf_release(&s.seg[i]);
	}
	enginelog_finish(&want);
	if (want.lines != s.got.lines || want.n_matches != s.got.n_matches ||
	    want.fatal != s.got.fatal || want.more != s.got.more)
		abort();
	for (i = 0; i < want.n_matches; i++)
		if (want.matches[i].rule != s.got.matches[i].rule ||
		    want.matches[i].line != s.got.matches[i].line ||
		    want.matches[i].fatal != s.got.matches[i].fatal ||
		    strcmp(want.matches[i].quote, s.got.matches[i].quote))
			abort();
	follow_close(&s.f);
	enginelog_release(&want);
	enginelog_release(&s.got);
	return 0;
}
