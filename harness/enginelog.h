/* SPDX-License-Identifier: Apache-2.0 */
/* enginelog — why an engine never came up, read from its log.
 *
 * A rule file (probes/engine/rules.json, and the user's --engine-rules
 * FILE first) is data, not code. Its "rules" are findings: each an id, the
 * engines it applies to, a priority, fatal or warning, a pcre2 pattern, a
 * cause code, the class of failure it belongs to, an explanation, a remedy
 * and where it comes from. A rule's layer says how certain it is: "rule"
 * names a precise cause and its own remedy; "class" recognises a kind of
 * failure in any wording (out of memory, not supported, a bad argument, an
 * address in use...) and its remedy is a template the engine's own flags
 * fill ({memory}, {context}, {concurrency}, {prefill}: engine.h). Its
 * "markers" are what the last layer reads: "error" lines (the last one
 * before an exit is the decisive line), "exit" lines (the process died),
 * "ready" lines (the engine serves: an earlier fatal finding becomes a
 * warning), "traceback" lines (one begins), "engine" lines (which engine
 * wrote the log) and "request" lines (an access log's status: three chat
 * requests in a row that failed with none served are fatal for serving;
 * a fatal finding before one served is a warning, unless the engine died
 * after it). A log that shows an exit, or
 * ends in a traceback, with no finding that explains it, is "fatal, cause
 * unknown", quoting its decisive line: the unknown layer. So is one whose
 * process is known to have ended (enginelog_exited) before it served.
 * Its "shapes" are patterns its rules and markers call by name
 * ("(?&raised)": the start of a raised error's message), written once.
 *
 * The log is read as a stream, each line as the engine wrote it and a
 * terminal shows it: lines longer than ENGINELOG_LINE_MAX are cut, a line
 * that a progress bar rewrote with carriage returns counts as what it
 * ended as, colour codes and what a collector put before a line (docker
 * logs -t's time, a Compose service's name, a journal's host and
 * program) are left off, a line a collector wrapped in JSON (Docker's
 * json-file, TGI's --json-output) is its message's lines, one that ran
 * vLLM's records together (a paste that lost their line ends) is its
 * records, and every line
 * is first searched for the rules'
 * literals (text each of their matches holds, case folded) with one
 * rolling four-byte hash: only a line holding one meets the patterns, so a
 * 200 MB log costs well under a second. A rule of several "lines" (a
 * traceback: where it was, then what) meets the last lines joined by
 * newlines, its literal on the last. A finding quotes its whole line
 * (tokens masked: secret.h). The best finding is the highest-priority
 * fatal one (the earliest of equals), else the highest-priority warning.
 * Memory stays bounded: at most ENGINELOG_MAX_MATCHES matches are kept.
 * Never prints. */
#ifndef PREFLIGHT_ENGINELOG_H
#define PREFLIGHT_ENGINELOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "engine.h"
#include "text.h"

#define ENGINELOG_LINE_MAX     8192	 /* bytes of a line kept; the rest is cut */
#define ENGINELOG_JSON_MAX     (1 << 20) /* a JSON-wrapped line unwrapped, at most */
#define ENGINELOG_MAX_MATCHES  64	 /* matches kept; the rest only counted */
#define ENGINELOG_MAX_ENGINES  8
#define ENGINELOG_BUCKETS      65536 /* four bytes of each literal hash to 16 bits */
#define ENGINELOG_MAX_WINDOW   16    /* lines a rule may look back over */
#define ENGINELOG_MAX_LITERALS 48    /* literals a rule may list */
#define ENGINELOG_RUN_GAP      8     /* lines between two findings of one run (a rule's "run") */
#define ENGINELOG_MAX_RECORDS  256   /* records a line that ran them together is split into */

/* names probes/engine/rules.json gives that the reading of a death needs:
 * the cause of a crash (the engine died there; a crash after another
 * failure is that failure's doing) and the class of a model that failed
 * to load (a warning before it may say why) */
#define ENGINELOG_CAUSE_CRASHED	    "crashed"
#define ENGINELOG_CLASS_LOAD_FAILED "model-load-failed"
#define ENGINELOG_CLASS_IMPORT	    "import-error"

struct regex;
struct regex_matcher;

/* What a rule's match is: a finding, or a marker the last layer reads. */
enum log_kind {
	LOG_FATAL,     /* a finding: the engine cannot serve */
	LOG_WARNING,   /* a finding: it serves, with this to know */
	LOG_EXIT,      /* a marker: the process ended (Aborted, exit status 1...) */
	LOG_ERROR,     /* a marker: an error or exception line (the decisive one is the last) */
	LOG_READY,     /* a marker: the engine serves (or recovered) */
	LOG_SHUTDOWN,  /* a marker: the engine was asked to stop and stops ("Shutting down") */
	LOG_ENGINE,    /* a marker: the engine that wrote the log */
	LOG_REQUEST,   /* a marker: an access log's chat request; its capture is the status */
	LOG_TRACEBACK, /* a marker: a traceback begins (its error, last in the log, is a death) */
	LOG_EXCEPTION, /* a marker: an exception line, a traceback's end ("ValueError: x"):
			* an error line that, last in a log that never served, is a death */
	LOG_HANDLER,   /* a marker: a line a request handler wrote ("[serving_chat.py:200]"):
			* a traceback that begins on one is a request's, not a death */
	LOG_QUIET,     /* a marker: a warning-level line ("WARNING", "level=WARN", "falling
			* back"): no class finding nor exception line comes from it. Read
			* only when one would (never through the literals' index) */
	LOG_FALLBACK,  /* a marker: the engine goes on another way ("falling back to
			* LLM"): a finding on the two lines before it is one it outlived */
};

/* How certain a finding is. */
enum log_layer {
	LAYER_RULE,    /* a precise cause, its own remedy */
	LAYER_CLASS,   /* a kind of failure in any wording, the engine's flags for it */
	LAYER_UNKNOWN, /* the process died; no signature says why */
};

struct log_rule {
	char *id, *pattern, *cause, *explain, *remedy, *source, *example;
	char *class; /* the kind of failure ("out-of-memory"), NULL for markers */
	enum log_kind kind;
	enum log_layer layer;
	enum engine engines[ENGINELOG_MAX_ENGINES]; /* none: every engine */
	size_t n_engines;
	char *literals[ENGINELOG_MAX_LITERALS]; /* text every match holds (one of them), or none */
	size_t n_literals;
	bool filtered;	     /* its literals are in the index: tried only on a line holding one */
	int priority, quote; /* quote: the capture group shown (0: the whole match) */
	int status;	     /* a request marker without a status to capture: the one its
			      * line means (llama-server's send_error: a refusal) */
	int lines;	     /* the pattern meets this many last lines, joined by \n (a
			      * traceback); its literal is on the last. 1 by default */
	bool fatal;
	bool startup; /* only start shows it: after a ready line, a request's (a warning) */
	bool ending;  /* it says how the process ended, not why: the error before it is
		       * quoted in its place */
	int heads;    /* its finding heads this many lines after it (pydantic's "1
		       * validation error for X"): a finding there says what failed */
	bool loud;    /* its finding stands at any level: what it tells (a death with
		       * its status) is no warning whoever says it */
	bool run;     /* a run of its findings, each within ENGINELOG_RUN_GAP lines of
		       * the last (a dump's frames), is one finding: the run's first */
	bool says;    /* an exit marker whose line says why as well as that it ended
		       * (a fatal-level log line with its message): quoted over an
		       * error line before it */
	bool health;  /* a ready marker that is a health check answered: the server
		       * is up, but a crash before it may not have reached it yet */
	bool frames;  /* it meets a traceback's frames (where the code ran), not a
		       * message: a death of no known cause whose traceback, cut
		       * short, ran through it is of its class */
	struct regex *re;
	struct regex_matcher *m;
};

struct log_rules {
	struct log_rule *rules; /* owned, in file order (the user's first) */
	size_t n;
	/* every rule's literals at once, the fast first look: four bytes of
	 * each (case folded) hashed into a bitmap, then compared whole. The
	 * bitmap says no more than starts below (bucket b is empty when
	 * starts[b] == starts[b + 1]), but in 8 KiB, not 256: most bytes of a
	 * log stop at it */
	uint64_t seen[ENGINELOG_BUCKETS / 64];
	struct log_literal {
		uint32_t key; /* the four bytes from at, folded */
		const char *text;
		size_t len;
		size_t at;	    /* where in text the four bytes begin */
		unsigned char last; /* its last byte, folded: most lines that hold
				     * the key but not the literal differ there */
		size_t rule;	    /* the rule it belongs to */
	} * literals;
	size_t n_literals;
	/* owned, ENGINELOG_BUCKETS + 1 entries: the literals of bucket b are
	 * literals[starts[b]] to literals[starts[b + 1]] (sorted by bucket);
	 * NULL when there are none */
	uint32_t *starts;
	bool unfiltered; /* a rule without literals: tried on every line */
	int window;	 /* the most lines a rule looks back over */
};

/* Adds the rules of the file at path (FILE:LINE:COL errors) to rs, then
 * builds the combined pattern. rs starts zeroed. Returns 0 or -1. */
int log_rules_load(struct log_rules *rs, const char *path, char *err, size_t errlen);
int log_rules_load_text(struct log_rules *rs, const char *path, const char *text, size_t len,
			char *err, size_t errlen);
void log_rules_release(struct log_rules *rs);
/* The keys a rule file, a rule and a marker of it may hold, NULL-ended: the
 * schema's properties (probes/schemas/engine-rules.schema.json), to which
 * a test holds them. */
extern const char *const log_file_keys[];
extern const char *const log_rule_keys[];
extern const char *const log_marker_keys[];

#define ENGINELOG_QUOTE_MAX 1024 /* bytes of a quoted line kept */

struct log_match {
	const struct log_rule *rule; /* borrowed from the rules (or the module's own) */
	long line;		     /* 1-based */
	long last;		     /* the last line of its run (its rule's "run"), else line */
	bool fatal;		     /* the rule's, unless a later ready line made it a warning */
	char quote[ENGINELOG_QUOTE_MAX]; /* the whole line (a rule of several: the lines) */
	int joined;	/* lines after it its quote took in (a message broken after ':') */
	bool kernel;	/* the operating system's kernel wrote the line, not the engine */
	bool why;	/* the line that says why: an ending's finding at the error before
		       * it, or a finding on the last exception line (it wins a tie) */
	bool request;	/* a request handler wrote its line: a request's failure */
	bool headed;	/* a headline whose own lines (its rule's heads) hold a fatal
			finding: they say what failed (set by enginelog_finish) */
	bool fell_back; /* a fallback line came within two lines after it */
};

/* The lines one line of the file held (a JSON-wrapped line's), as read:
 * first..last, told as the file's line `file`; `extra` lines read beyond
 * the file's own up to its end. */
struct log_span {
	long first, last, file, extra;
};

/* A line the last layer remembers. */
struct log_mark {
	long line; /* 0: none */
	char text[ENGINELOG_QUOTE_MAX];
	int joined; /* lines after it its text took in (as a log_match's) */
};

/* One log being read. */
struct enginelog {
	const struct log_rules *rules; /* borrowed */
	enum engine engine;	       /* only its rules (and the engine-less); UNKNOWN all */
	struct buf partial;	       /* a line not ended yet: its form since its last \r */
	struct buf before_cr;	       /* the form before that \r: the line, if \n follows it */
	bool at_cr;		       /* the last byte read was that \r */
	bool saw_cr;		       /* the line read so far has one */
	long lines;
	struct log_match matches[ENGINELOG_MAX_MATCHES];
	size_t n_matches;
	long more; /* matches beyond the kept */
	bool fatal;
	struct buf window;  /* the last lines, for rules of several (each cut at 1 KiB) */
	struct buf wrapped; /* the last line, when a terminal's width: its rest may follow */
	bool wrap_space;    /* that line is one narrower: the space it wrapped on is gone */
	bool wrap_words; /* ... or one a writer wrapped at a word: its rest goes on as a sentence */
	bool wrap_at_space; /* ... after a space it kept at its end */
	bool wrap_quiet;    /* that line went on with a warning's message (quiet_continued) */
	bool rewrapped;	    /* the rules now read such a line wrapped after a space and its
			     * rest, joined (take_unwrapped) */
	char plain[ENGINELOG_LINE_MAX]; /* the line read now without its colours, or
					 * with the level a line alone gave it */
	const char *alone_level;	/* the line read last was this level's name alone */
	bool kernel_line; /* the kernel wrote the line read now (a journal's "kernel:",
			   * dmesg's "[ 1234.567890] ") */
	bool cri_partial; /* a container runtime split the line read now: it goes on */
	char writer[32];  /* the service or program a collector named last, looked up */
	bool unwrapping;  /* reading the lines of a JSON-wrapped line */
	/* JSON-wrapped lines that held several (a traceback in "exc_info"):
	 * each is read as lines of its own, and its findings are told at the
	 * file's line (owned, grown as they come; NULL none) */
	struct log_span *spans;
	size_t n_spans, cap_spans;
	long extra; /* lines read beyond the file's own, so far */
	/* rules whose pattern hit pcre2's limits on this log: not tried again
	 * (owned, one flag a rule, NULL until one trips); the first of them */
	unsigned char *tripped;
	unsigned char *hit; /* owned, one flag a rule: its literal is on this line */
	size_t *hits;	    /* owned: the rules flagged, to clear them */
	const struct log_rule *first_tripped;
	long tripped_line;
	size_t ends[ENGINELOG_MAX_WINDOW]; /* where each line of the window ends */
	size_t n_window;
	/* the last layer */
	struct log_mark error; /* the last error line */
	bool error_exception;  /* it is an exception line (LOG_EXCEPTION) */
	long error_ends;    /* the last line of its message (urllib3's "(Caused by" may follow) */
	int error_open;	    /* the parentheses its message opened and has not closed */
	bool error_trailer; /* its message goes on with the code it names (torch's
			     * compiler: "from user code:", then frames) */
	bool error_handled; /* it ends a request handler's traceback */
	bool error_pending; /* it is an exception's name and colon alone: its message
			     * is on the lines after (a narrow terminal wrapped it) */
	struct log_mark exception; /* the last exception line just after a traceback's frames */
	struct log_mark exit;	   /* the last exit marker */
	struct log_mark ended;	   /* the first exit marker since the last error or ready
				    * line: the engine's own words of its death before a
				    * supervisor's ("Process exited with code 1") */
	const struct log_rule *ended_rule;  /* the class whose warning-level line it is
					    * (an ending one), NULL an exit marker's */
	long exit_says;			    /* the last line an exit marker that says why met */
	struct log_mark warned;		    /* the last warning-level line a class met */
	const struct log_rule *warned_rule; /* that class */
	long ready;			    /* the last ready line, 0 none */
	long came_up;			    /* the last ready line that is no health
					     * check's answer, 0 none */
	long shutdown;			    /* the last line saying it stops as asked, 0 none */
	long served;			    /* the last chat request answered 2xx/3xx, 0 none */
	long answered;			    /* the last chat request answered at all, 0 none */
	long traceback;			    /* the last line a traceback began on, 0 none */
	const struct log_rule *tb_through;  /* a rule of frames the open traceback ran
					     * through, NULL none */
	long tb_chain;	    /* the line the first traceback of its chain began on (one
			     * "The above exception was the direct cause of" another) */
	long chain_cause;   /* the exception line that traceback ended on, when the
			     * ones after it were raised from it (its direct cause),
			     * 0 none */
	long frame;	    /* the last traceback frame ('File "x.py", line 3'), 0 none */
	long frame_flat;    /* the last such frame at its line's start (a paste that lost
			     * the indentation), 0 none */
	bool frame_wrapped; /* the line read last is a frame a logger wrapped */
	/* the last two lines not blank nor a traceback's frame, raw: the last
	 * is said[said_at], the one before it the other */
	struct log_mark said[2];
	int said_at;
	/* what came before the last traceback's words on their line (its
	 * first tb_col bytes, kept when fewer than this: tb_lead_len), and
	 * the line that ended it under that same lead (0: none) */
	char tb_lead[96];
	long tb_end;
	size_t tb_col;		  /* where the last traceback's words began on their line: its
			* frames under a log prefix begin there too */
	bool tb_open;		  /* every line since that traceback began was one of its frames */
	long tb_closed;		  /* the line that ended it (its exception's), 0 none yet */
	bool tb_handler;	  /* and it began on a request handler's line, or went
				   * through a web framework's call of an endpoint */
	long handler;		  /* the last line a request handler wrote, 0 none */
	long handler_frame;	  /* the last frame of a web framework's call of an
				   * endpoint, 0 none: the exception after it is a request's */
	struct log_mark tb_intro; /* what that traceback said it was: the words before
				   * it on its line, else the line before it */
	bool tb_foreign;	  /* that line before it is another process's (its tag,
				   * "(EngineCore pid=530)", is not the traceback's) */
	bool tb_ignored;	  /* that line is Python's "Exception ignored in: ...":
				   * what the traceback ends in did not stop anything */
	int tb_modules;		  /* that traceback's frames at a module's top level
				   * ('File "x.py", line 3, in <module>') */
	bool tb_ran;		  /* and one of its frames ran a function that is no
				   * import's: not only importing failed */
	char tb_class[64];	  /* the class the code line under its last frame
				   * defines ("class Serve:"), "" none: a frame "in
				   * Serve" next is that class's body, run as its
				   * module is imported */
	/* a Java stack trace: its last exception line ("Caused by: a.b.X"),
	 * and whether every line said since it is one of its frames */
	struct log_mark java_exception;
	bool java_open;
	bool exited;	       /* the process has ended (enginelog_exited) */
	unsigned engines_seen; /* a bit per enum engine its markers named */
	int failed_requests;   /* chat requests failed in a row, none served since */
	struct log_mark first_failed;
	long quiet_line;       /* the line quiet is of, 0 none yet */
	bool encoding_known;   /* the first bytes said how the log is written */
	unsigned char head[4]; /* the first bytes, until they do */
	size_t n_head;
	bool utf16; /* in UTF-16: read through u16 */
	struct text_utf16 u16;
	bool quiet_goes_on;   /* the line read last is a warning's that ends with ':' */
	bool quiet_wrapped;   /* ... or that a terminal wrapped on a space */
	bool quiet_wide;      /* ... or at its width after a lower-case word (its rest one on) */
	bool quiet_continued; /* so the line read now goes on with its message */
	bool quiet;	      /* that line is warning-level (a LOG_QUIET marker met it) */
	bool settled;	      /* enginelog_end has drawn the conclusions */
};

void enginelog_init(struct enginelog *l, const struct log_rules *rs, enum engine engine);
/* Reads len bytes more of the log. Returns true when a fatal rule matched
 * a line they ended. */
bool enginelog_feed(struct enginelog *l, const char *data, size_t len);
/* The last line, when the log (or one file of it: a rotated log is read
 * on) does not end with a newline. */
void enginelog_end(struct enginelog *l);
/* The process that writes the log has ended: preflight saw it go
 * (--engine-pid) or the user says so (doctor --exited). Then a log that
 * never reached its ready line, or erred since, is a death even without
 * an exit marker: the unknown layer quotes its last error line, else its
 * last line. Call it before enginelog_finish. */
void enginelog_exited(struct enginelog *l);
/* The end of the whole log (enginelog_end), then the last layer's
 * conclusions: findings before a later ready line become warnings, a death
 * no finding explains becomes the unknown layer's finding, three failed
 * chat requests in a row a fatal one. Further calls do nothing. */
void enginelog_finish(struct enginelog *l);
/* The engine the log is from: the one it was read for, else the one its
 * markers name (UNKNOWN when none did). */
enum engine enginelog_engine(const struct enginelog *l);
/* the lines of the file read so far (a JSON-wrapped line of several is
 * one); its findings' lines are the file's once enginelog_finish ran */
long enginelog_lines(const struct enginelog *l);
/* m's remedy as this log's engine words it: a rule's own, a class's
 * template filled with the engine's flags (all engines' when unknown). */
void enginelog_remedy(const struct enginelog *l, const struct log_match *m, char *out, size_t size);
/* "rule", "class", "unknown" */
const char *enginelog_layer_name(enum log_layer layer);
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
