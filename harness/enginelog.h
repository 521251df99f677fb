/* enginelog — why an engine never came up, read from its log.
 *
 * A rule file (probes/engine/rules.json, and the user's --engine-rules
 * FILE first) lists known failure signatures, data not code: each rule an
 * id, the engines it applies to, a priority, fatal or warning, a pcre2
 * pattern, the capture group to quote, a cause code, an explanation, a
 * remedy with real flags, and where it comes from. The log is read as a
 * stream: lines longer than ENGINELOG_LINE_MAX are cut, a line that a
 * progress bar rewrote with carriage returns counts as what it ended as,
 * and every line is first searched for the rules' literals (text each of
 * their matches holds, case folded) with one rolling four-byte hash: only
 * a line holding one meets the rules' own patterns, so a 200 MB log costs
 * well under a second. A rule of several "lines" (a Python traceback:
 * where it was, then what) meets the last lines joined by newlines, its
 * literal on the last one. The best match is the highest-priority fatal
 * one (the earliest of equals), else the highest-priority warning. Memory
 * stays bounded: at most ENGINELOG_MAX_MATCHES matches are kept. Never
 * prints. */
#ifndef PREFLIGHT_ENGINELOG_H
#define PREFLIGHT_ENGINELOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "engine.h"

#define ENGINELOG_LINE_MAX    8192 /* bytes of a line kept; the rest is cut */
#define ENGINELOG_MAX_MATCHES 64   /* matches kept; the rest only counted */
#define ENGINELOG_MAX_ENGINES 8
#define ENGINELOG_MAX_WINDOW  16 /* lines a rule may look back over */

struct regex;
struct regex_matcher;

struct log_rule {
	char *id, *pattern, *cause, *explain, *remedy, *source, *example;
	enum engine engines[ENGINELOG_MAX_ENGINES]; /* none: every engine */
	size_t n_engines;
	char *literals[ENGINELOG_MAX_ENGINES]; /* text every match holds (one of them), or none */
	size_t n_literals;
	int priority, quote; /* quote: the capture group shown (0: the whole match) */
	int lines;	     /* the pattern meets this many last lines, joined by \n (a
			      * traceback); its literal is on the last. 1 by default */
	bool fatal;
	struct regex *re;
	struct regex_matcher *m;
};

struct log_rules {
	struct log_rule *rules; /* owned, in file order (the user's first) */
	size_t n;
	/* every rule's literals at once, the fast first look: their first four
	 * bytes (case folded) hashed into a bitmap, then compared whole */
	uint64_t seen[1024];
	struct log_literal {
		uint32_t key; /* the first four bytes, folded */
		const char *text;
		size_t len;
	} * literals;
	size_t n_literals;
	bool unfiltered; /* a rule without literals: tried on every line */
	int window;	 /* the most lines a rule looks back over */
};

/* Adds the rules of the file at path (FILE:LINE:COL errors) to rs, then
 * builds the combined pattern. rs starts zeroed. Returns 0 or -1. */
int log_rules_load(struct log_rules *rs, const char *path, char *err, size_t errlen);
int log_rules_load_text(struct log_rules *rs, const char *path, const char *text, size_t len,
			char *err, size_t errlen);
void log_rules_release(struct log_rules *rs);

struct log_match {
	const struct log_rule *rule; /* borrowed from the rules */
	long line;		     /* 1-based */
	char quote[256];	     /* the capture quoted */
	char text[512];		     /* the line, cut */
};

/* One log being read. */
struct enginelog {
	const struct log_rules *rules; /* borrowed */
	enum engine engine;	       /* only its rules (and the engine-less); UNKNOWN all */
	struct buf partial;	       /* a line not ended yet: its form since its last \r */
	struct buf before_cr;	       /* the form before that \r: the line, if \n follows it */
	bool at_cr;		       /* the last byte read was that \r */
	long lines;
	struct log_match matches[ENGINELOG_MAX_MATCHES];
	size_t n_matches;
	long more; /* matches beyond the kept */
	bool fatal;
	struct buf window; /* the last lines, for rules of several (each cut at 1 KiB) */
	/* rules whose pattern hit pcre2's limits on this log: not tried again
	 * (owned, one flag a rule, NULL until one trips); the first of them */
	unsigned char *tripped;
	const struct log_rule *first_tripped;
	long tripped_line;
	size_t ends[ENGINELOG_MAX_WINDOW]; /* where each line of the window ends */
	size_t n_window;
};

void enginelog_init(struct enginelog *l, const struct log_rules *rs, enum engine engine);
/* Reads len bytes more of the log. Returns true when a fatal rule matched
 * a line they ended. */
bool enginelog_feed(struct enginelog *l, const char *data, size_t len);
/* The last line, when the log does not end with a newline. */
void enginelog_end(struct enginelog *l);
/* The match that explains the log best, or NULL. */
const struct log_match *enginelog_best(const struct enginelog *l);
/* The kept matches in priority order (fatal first), into out (room for
 * ENGINELOG_MAX_MATCHES); returns how many. */
size_t enginelog_ranked(const struct enginelog *l, const struct log_match **out);
void enginelog_release(struct enginelog *l);

/* Reads the file at path (or fd when path is "-": stdin) to its end into
 * l. Returns 0, or -1 with the reason in err. */
int enginelog_read_file(struct enginelog *l, const char *path, char *err, size_t errlen);

#endif
