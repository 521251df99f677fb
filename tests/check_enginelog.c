/* SPDX-License-Identifier: Apache-2.0 */
/* check_enginelog — the failure signatures: every bundled rule finds its
 * own real log excerpt and explains it best; healthy startup logs of
 * vLLM, SGLang, llama.cpp and Ollama match nothing; a log with several
 * failures ranks them; progress bars, long lines and chunked reads; bad
 * rule files; preflight doctor's output and exit codes. */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "engine.h"
#include "enginelog.h"
#include "suites.h"
#include "testutil.h"

/* text's best finding, read as the log of engine e (known from its
 * endpoint, or --engine), or NULL */
static const struct log_match *classify_as(struct enginelog *l, const struct log_rules *rs,
					   enum engine e, const char *text)
{
	enginelog_init(l, rs, e);
	enginelog_feed(l, text, strlen(text));
	enginelog_finish(l);
	return enginelog_best(l);
}

static const struct log_match *classify(struct enginelog *l, const struct log_rules *rs,
					const char *text)
{
	return classify_as(l, rs, ENGINE_UNKNOWN, text);
}

/* text's best finding when it is fatal, else NULL */
static const struct log_match *fatal_of(struct enginelog *l, const struct log_rules *rs,
					const char *text)
{
	const struct log_match *m = classify(l, rs, text);

	return m && m->fatal ? m : NULL;
}

/* does text read the same with the literal index (rs) as without (all):
 * the same best finding, on the same line? */
static void read_alike(const struct log_rules *rs, const struct log_rules *all, const char *text,
		       const char *what, size_t i)
{
	struct enginelog a, b;
	const struct log_match *ma = classify(&a, rs, text), *mb = classify(&b, all, text);

	ck_assert_msg((!ma && !mb) || (ma && mb && !strcmp(ma->rule->id, mb->rule->id) &&
				       ma->line == mb->line && ma->fatal == mb->fatal),
		      "%s %zu: %s with the literals, %s without", what, i,
		      ma ? ma->rule->id : "nothing", mb ? mb->rule->id : "nothing");
	enginelog_release(&a);
	enginelog_release(&b);
}

/* does a hold b, case folded (as the literal index compares them)? */
static bool holds_folded(const char *a, const char *b)
{
	size_t i, k, na = strlen(a), nb = strlen(b);

	for (i = 0; i + nb <= na; i++) {
		for (k = 0;
		     k < nb && tolower((unsigned char)a[i + k]) == tolower((unsigned char)b[k]);
		     k++)
			;
		if (k == nb)
			return true;
	}
	return false;
}

START_TEST(every_rule_finds_its_excerpt)
{
	struct log_rules rs;
	size_t i;

	bundled_rules(&rs);
	ck_assert_uint_ge(rs.n, 30);
	ck_assert_uint_ge(rs.n_literals, rs.n); /* the fast first look was built */
	ck_assert(!rs.unfiltered);
	for (i = 0; i < rs.n; i++) {
		const struct log_rule *r = &rs.rules[i];
		const struct log_match *m;
		struct enginelog l;
		size_t k;

		for (k = 0; k < i; k++)
			ck_assert_str_ne(rs.rules[k].id, r->id);
		if (r->kind == LOG_QUIET) /* read only when a finding would come */
			continue;
		/* what a warning-level line is lives in the quiet markers, not
		 * in a copy a class carries */
		ck_assert_msg(r->layer != LAYER_CLASS || !strstr(r->pattern, "level=WARN"),
			      "%s tests for warnings itself: the quiet marker does", r->id);
		/* nor what a traceback's code line is: found() drops those */
		ck_assert_msg(!strstr(r->pattern, "raise |"),
			      "%s tests for code lines itself: is_code_line() does", r->id);
		ck_assert_msg(r->n_literals, "%s has no literal: every line would meet it", r->id);
		/* a pattern is sought anywhere in a line: a leading .* of one
		 * that quotes the line finds no more, but pcre2 tries the
		 * rest back from each line's end (11% of reading real logs) */
		ck_assert_msg(r->quote || (strncmp(r->pattern, ".*", 2) &&
					   strncmp(r->pattern, "(?i).*", 6)),
			      "%s begins with .*: it slows the rule and finds no more", r->id);
		/* a literal that holds another of its rule's never filters a
		 * line the other lets through: one text for one look */
		for (k = 0; k < r->n_literals * r->n_literals; k++) {
			const char *a = r->literals[k / r->n_literals];
			const char *b = r->literals[k % r->n_literals];

			ck_assert_msg(a == b || !holds_folded(a, b), "%s: literal '%s' holds '%s'",
				      r->id, a, b);
		}
		/* an engine takes its arguments at start: every rule that
		 * finds one refused says a later finding is a request's */
		ck_assert_msg(!r->class || strcmp(r->class, "bad-argument") || r->startup,
			      "%s finds a bad argument but does not say only start shows it",
			      r->id);
		if (r->kind != LOG_FATAL && r->kind != LOG_WARNING)
			continue; /* a marker: the last layer's tests read them */
		ck_assert_msg(r->class, "rule %s names no class", r->id);
		ck_assert_msg(r->example && r->source, "rule %s has no example or source", r->id);
		/* the why is told as written: only a remedy names the engine */
		ck_assert_msg(!strchr(r->explain, '{'), "rule %s's explain has a placeholder: %s",
			      r->id, r->explain);
		m = classify(&l, &rs, r->example);
		ck_assert_msg(m != NULL, "rule %s does not match its own example", r->id);
		ck_assert_msg(m->rule == r, "rule %s's example is explained by %s", r->id,
			      m->rule->id);
		{ /* the match is on the line its quote ends on: the example's
		   * last (a traceback's is several), or, for a rule of several
		   * lines, the last its quote takes (TensorRT-LLM's assertion
		   * above the frames that say what it was); a rule of frames',
		   * on what its cut traceback said it was, its first */
			long last = 1, at = 0;
			size_t q = strlen(m->quote);
			const char *c, *tail = m->quote + (q > 8 ? q - 8 : 0), *hit;

			for (c = r->example; *c; c++)
				last += *c == '\n';
			for (hit = strstr(r->example, tail); hit; hit = strstr(hit + 1, tail))
				for (at = 1, c = r->example; c < hit; c++)
					at += *c == '\n';
			ck_assert_msg(at || r->lines == 1 || !r->quote,
				      "%s: its quote ends in no line of its example: %s", r->id,
				      tail);
			ck_assert_int_eq(m->line, r->frames		     ? 1
						  : r->lines > 1 && r->quote ? at
									     : last);
		}
		ck_assert_msg(*m->quote, "rule %s quotes nothing", r->id);
		enginelog_release(&l);
	}
	log_rules_release(&rs);
}
END_TEST

static char *log_named(const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/tests/data/engine-logs/%s", repo_root(), name);
	return read_text_file(path);
}

/* real startup logs that came up: not one match, fatal or not */
START_TEST(healthy_logs_match_nothing)
{
	static const char *const logs[] = { "vllm-healthy.log", "sglang-healthy.log",
					    "llamacpp-healthy.log", "ollama-healthy.log" };
	struct log_rules rs;
	size_t i;

	bundled_rules(&rs);
	for (i = 0; i < sizeof(logs) / sizeof(logs[0]); i++) {
		char *text = log_named(logs[i]);
		struct enginelog l;

		ck_assert_ptr_nonnull(text);
		ck_assert_msg(classify(&l, &rs, text) == NULL, "%s matched %s", logs[i],
			      l.n_matches ? l.matches[0].rule->id : "?");
		ck_assert_int_gt(l.lines, 5);
		enginelog_release(&l);
		free(text);
	}
	log_rules_release(&rs);
}
END_TEST

/* the root cause outranks the warning before it, both listed; the engine
 * dying after it is an exit the root cause explains (no finding of its
 * own); the progress bar's line is read as what it ended as; the quote is
 * the whole line; a read split anywhere gives the same */
/* a rule's "run": the lines of one dump are one finding, its first line's
 * (a dump of hundreds of frames had filled the findings kept); a dump
 * further than ENGINELOG_RUN_GAP lines on is another */
START_TEST(a_dump_is_one_finding)
{
	static const char frame[] = "\twidget/run.go:12 +0x1f fp=0xc000001000 sp=0xc000000f00 "
				    "pc=0x401000\n";
	struct log_rules rs;
	struct enginelog l;
	int i;

	bundled_rules(&rs);
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	enginelog_feed(&l, "goroutine 7 gp=0xc000010000 m=nil [widget wait]:\n", 49);
	for (i = 0; i < 3 * ENGINELOG_MAX_MATCHES; i++) {
		enginelog_feed(&l, "widget.run(0x1?)\n", 17);
		enginelog_feed(&l, frame, sizeof(frame) - 1);
	}
	for (i = 0; i <= ENGINELOG_RUN_GAP; i++)
		enginelog_feed(&l, "INFO widget: waiting\n", 21);
	enginelog_feed(&l, frame, sizeof(frame) - 1);
	enginelog_finish(&l);
	ck_assert_uint_eq(l.n_matches, 2);
	ck_assert_uint_eq(l.more, 0);
	ck_assert_str_eq(l.matches[0].rule->id, "class-crashed-go-dump");
	ck_assert_int_eq(l.matches[0].line, 1);
	ck_assert_int_eq(l.matches[1].line, 3 + 6 * ENGINELOG_MAX_MATCHES + ENGINELOG_RUN_GAP);
	enginelog_release(&l);
	log_rules_release(&rs);
	/* the gap the schema and the README tell is the reader's */
	{
		static const char *const docs[] = { "probes/schemas/engine-rules.schema.json",
						    "README.md" };
		char want[64], path[4096], *text;
		size_t d;

		snprintf(want, sizeof(want), "within %d lines", ENGINELOG_RUN_GAP);
		for (d = 0; d < sizeof(docs) / sizeof(docs[0]); d++) {
			snprintf(path, sizeof(path), "%s/%s", repo_root(), docs[d]);
			text = read_text_file(path);
			ck_assert_ptr_nonnull(text);
			ck_assert_msg(strstr(text, want), "%s does not say '%s'", docs[d], want);
			free(text);
		}
	}
}
END_TEST

START_TEST(several_failures_ranked)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];
	char *text = log_named("vllm-cute-dsl.log");
	struct log_rules rs;
	struct enginelog l;
	size_t n, cut, len;

	bundled_rules(&rs);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(classify(&l, &rs, text)->rule->id, "flashinfer-cute-dsl-sm120");
	n = enginelog_ranked(&l, ranked);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(ranked[0]->rule->id, "flashinfer-cute-dsl-sm120");
	ck_assert_int_eq(ranked[0]->line, 8);
	ck_assert_str_eq(ranked[0]->quote,
			 "(EngineCore_0 pid=512) ERROR 07-04 11:01:02 [core.py:708] "
			 "flashinfer.utils.BackendSupportedError: mm_fp4 does not support backend "
			 "'cute-dsl' with capability 120");
	ck_assert_str_eq(ranked[1]->rule->id, "unknown-env-var");
	ck_assert(!ranked[1]->fatal);
	ck_assert_int_eq(l.exit.line, 9); /* the engine core's death, explained */
	ck_assert_int_eq(l.lines, 9);
	enginelog_release(&l);
	len = strlen(text);
	for (cut = 1; cut < len; cut += 37) {
		enginelog_init(&l, &rs, ENGINE_UNKNOWN);
		enginelog_feed(&l, text, cut);
		enginelog_feed(&l, text + cut, len - cut);
		enginelog_finish(&l);
		ck_assert_uint_eq(l.n_matches, 2);
		ck_assert_int_eq(enginelog_best(&l)->line, 8);
		enginelog_release(&l);
	}
	free(text);
	log_rules_release(&rs);
}
END_TEST

/* a progress bar's carriage returns, a line past the cap, a CRLF log, a
 * last line without a newline, and an engine filter */
/* A line is the same line however it comes: whole, or in pieces of any
 * size (a pipe's 64 KiB reads, a file followed as it grows) — a progress
 * bar's returns, a CRLF split between its two bytes, a line past the cap
 * before its last return. The fuzz target that follows a rotating log
 * found the last: read in pieces, the cap kept the bar's first forms and
 * the error after its return was never seen. */
START_TEST(a_line_read_in_pieces_is_the_line_read_whole)
{
	static const size_t pieces[] = { 1, 2, 3, 7, 64, 4096, 65536 };
	struct log_rules rs;
	struct buf log = BUF_INIT(0);
	struct enginelog whole, split;
	size_t i, k, at;

	bundled_rules(&rs);
	for (i = 0; i < ENGINELOG_LINE_MAX + 100; i++)
		buf_append(&log, i % 97 ? "#" : "\r", 1); /* a bar past the cap */
	buf_printf(&log, "\rtorch.OutOfMemoryError: CUDA out of memory.\r\nok\r");
	/* records run together, then rewritten: the rewrite is the line */
	buf_printf(&log, "\n(Worker_TP0 pid=1) INFO 01-14 18:55:37 [x.py:1] loading the widget "
			 "weights (Worker_TP1 pid=2) INFO 01-14 18:55:37 [x.py:1] loading the "
			 "widget weights (Worker_TP2 pid=3) INFO 01-14 18:55:37 [x.py:1] loading "
			 "the widget weights\rthree");
	buf_printf(&log, "\nNo available memory for the cache blocks\r\r\nlast\r");
	/* a colour's reset after a return rewrites nothing either */
	buf_printf(&log, "\n\x1b[31mcudaMalloc failed: out of memory\r\x1b[0m\n \r\x1b[0m");
	enginelog_init(&whole, &rs, ENGINE_UNKNOWN);
	enginelog_feed(&whole, log.data, log.len);
	enginelog_finish(&whole);
	ck_assert_int_eq(whole.lines, 7);
	/* the second error's CRLF written twice rewrites nothing: a terminal
	 * shows it (it had been read as a blank line) */
	ck_assert_uint_eq(whole.n_matches, 3);
	ck_assert_int_eq(whole.matches[0].line, 1);
	ck_assert_int_eq(whole.matches[1].line, 4);
	ck_assert_int_eq(whole.matches[2].line, 6);
	for (k = 0; k < sizeof(pieces) / sizeof(*pieces); k++) {
		enginelog_init(&split, &rs, ENGINE_UNKNOWN);
		for (at = 0; at < log.len; at += pieces[k])
			enginelog_feed(&split, log.data + at,
				       log.len - at < pieces[k] ? log.len - at : pieces[k]);
		enginelog_finish(&split);
		ck_assert_msg(split.lines == whole.lines && split.n_matches == whole.n_matches,
			      "pieces of %zu: %ld lines, %zu matches", pieces[k], split.lines,
			      split.n_matches);
		ck_assert_str_eq(split.matches[0].rule->id, whole.matches[0].rule->id);
		ck_assert_str_eq(split.matches[0].quote, whole.matches[0].quote);
		enginelog_release(&split);
	}
	enginelog_release(&whole);
	buf_release(&log);
	log_rules_release(&rs);
}
END_TEST

/* A log written in UTF-16 (PowerShell 5's `>` writes it, its BOM first;
 * some tools leave the BOM off) or in UTF-8 with a BOM is the log read
 * as UTF-8: the same finding and the same quote, the non-ASCII in it
 * (a Windows path's é, an emoji) whole, however the bytes come. */
START_TEST(a_log_in_utf16_is_read)
{
	static const char text[] =
		"time=2024-05-01 level=INFO msg=\"starting llama server\"\r\n"
		"Error: llama runner process has terminated: error loading model: "
		"unable to allocate CUDA0 buffer C:\\Users\\ren\xC3\xA9\\m "
		"\xF0\x9F\x9A\x80\r\n";
	static const size_t pieces[] = { 1, 2, 3, 5, 7, 4096 };
	static const char *const forms[] = { "utf-8 bom", "utf-16le bom", "utf-16be bom",
					     "utf-16le" };
	struct log_rules rs;
	struct enginelog whole;
	const struct log_match *want;
	size_t f, k, at, i;

	bundled_rules(&rs);
	want = classify(&whole, &rs, text);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(strstr(want->quote, "ren\xC3\xA9\\m \xF0\x9F\x9A\x80"));
	for (f = 0; f < sizeof(forms) / sizeof(*forms); f++) {
		struct buf log = BUF_INIT(0);
		bool be = f == 2;

		if (f == 0)
			buf_append(&log, "\xEF\xBB\xBF", 3);
		else if (f < 3)
			buf_append(&log, be ? "\xFE\xFF" : "\xFF\xFE", 2);
		for (i = 0; text[i]; i++) {
			unsigned char c = (unsigned char)text[i];
			unsigned long u = c;
			unsigned char unit[4];
			size_t n = 2, len = 1;

			if (f == 0) {
				buf_append(&log, text + i, 1);
				continue;
			}
			if (c >= 0xF0)
				len = 4;
			else if (c >= 0xE0)
				len = 3;
			else if (c >= 0xC0)
				len = 2;
			if (len > 1)
				u = c & (0x3F >> (len - 1));
			for (k = 1; k < len; k++)
				u = u << 6 | ((unsigned char)text[i + k] & 0x3F);
			i += len - 1;
			if (u >= 0x10000) {
				unsigned long v = u - 0x10000;

				unit[0] = (unsigned char)((0xD800 | v >> 10) >> 8);
				unit[1] = (unsigned char)((0xD800 | v >> 10) & 0xFF);
				unit[2] = (unsigned char)((0xDC00 | (v & 0x3FF)) >> 8);
				unit[3] = (unsigned char)((0xDC00 | (v & 0x3FF)) & 0xFF);
				n = 4;
			} else {
				unit[0] = (unsigned char)(u >> 8);
				unit[1] = (unsigned char)(u & 0xFF);
			}
			for (k = 0; k < n; k += 2) {
				unsigned char pair[2] = { unit[k + !be], unit[k + be] };

				buf_append(&log, (const char *)pair, 2);
			}
		}
		for (k = 0; k < sizeof(pieces) / sizeof(*pieces); k++) {
			struct enginelog l;
			const struct log_match *got;

			enginelog_init(&l, &rs, ENGINE_UNKNOWN);
			for (at = 0; at < log.len; at += pieces[k])
				enginelog_feed(&l, log.data + at,
					       log.len - at < pieces[k] ? log.len - at : pieces[k]);
			enginelog_finish(&l);
			got = enginelog_best(&l);
			ck_assert_msg(got && l.lines == whole.lines, "%s, pieces of %zu: %ld lines",
				      forms[f], pieces[k], l.lines);
			ck_assert_str_eq(got->rule->id, want->rule->id);
			ck_assert_str_eq(got->quote, want->quote);
			enginelog_release(&l);
		}
		buf_release(&log);
	}
	enginelog_release(&whole);
	log_rules_release(&rs);
}
END_TEST

START_TEST(lines_as_a_terminal_shows_them)
{
	struct log_rules rs;
	struct enginelog l;
	char *huge = malloc(ENGINELOG_LINE_MAX * 3 + 64);

	bundled_rules(&rs);
	ck_assert_str_eq(
		classify(&l, &rs,
			 "10%|#  \r50%|#####\rValueError: No available memory for the cache "
			 "blocks.\n")
			->rule->id,
		"no-kv-cache-memory");
	enginelog_release(&l);
	/* the bar rewrote the error away: what the terminal ends with counts */
	ck_assert_ptr_null(classify(&l, &rs, "No available memory for the cache blocks\r100%\n"));
	enginelog_release(&l);
	ck_assert_str_eq(
		classify(&l, &rs, "ok\r\nvllm: error: unrecognized arguments: --x 1\r\n")->quote,
		"vllm: error: unrecognized arguments: --x 1");
	ck_assert_int_eq(l.lines, 2);
	enginelog_release(&l);
	ck_assert_ptr_nonnull(
		classify(&l, &rs, "Error: model 'x' not found, try pulling it first"));
	enginelog_release(&l);
	/* colours are what a terminal shows, not text: a process's coloured
	 * prefix before its exception, a terminal title, syslog's #033[ for
	 * ESC, and what a page leaves when it drops the ESC; the quote is
	 * the plain line */
	{
		const struct log_match *m =
			classify(&l, &rs,
				 "\033]0;widget\007\033[36m(Core pid=9)\033[0m Traceback (most "
				 "recent call last):\n"
				 "\033[36m(Core pid=9)\033[0m   File \"/x/w.py\", line 3, in run\n"
				 "\033[36m(Core pid=9)\033[0m RuntimeError: the widget broke "
				 "\033[1;31m(3 != 4)\033[0m\n");

		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->quote, "(Core pid=9) RuntimeError: the widget broke (3 != 4)");
		enginelog_release(&l);
		m = classify(&l, &rs,
			     "#033[2m10:00#033[0m #033[31mERROR#033[0m shard: Shard process was "
			     "signaled to shutdown with signal 9 [2mrank[0m=0\n");
		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->quote, "10:00 ERROR shard: Shard process was signaled to "
					   "shutdown with signal 9 rank=0");
		enginelog_release(&l);
	}
	/* what a collector put before a line is not the engine's: docker logs
	 * -t's time, a page's "> ", kubectl's pod, a Compose service's name;
	 * TGI's own time, a level after it, is its own */
	{
		const struct log_match *m = classify(
			&l, &rs,
			"2026-03-11T17:57:32.372Z (Core pid=9) ERROR 10:00 [core.py:9] Exception: "
			"the widget worker failed (3 != 4)\n"
			"> 2026-03-11T17:57:32.373Z (Core pid=9) Process Core:\n"
			"[pod/widget-0/engine] 2026-03-11T17:57:32.374Z (Core pid=9) Traceback "
			"(most "
			"recent call last):\n"
			"widget  | (Core pid=9)   File \"/x/w.py\", line 3, in run\n");

		ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
		ck_assert_str_eq(m->quote, "(Core pid=9) ERROR 10:00 [core.py:9] Exception: the "
					   "widget worker failed (3 != 4)");
		enginelog_release(&l);
		/* a container runtime's log file (CRI): its stream and tag are
		 * the runtime's; a P record's line goes on in the next record */
		m = classify(&l, &rs,
			     "2025-07-25T07:53:08.2174+08:00 stdout F (Core pid=9) Traceback "
			     "(most recent call last):\n"
			     "2025-07-25T07:53:08.2175+08:00 stdout F   File \"/x/w.py\", line 3, "
			     "in run\n"
			     "2025-07-25T07:53:08.2176+08:00 stderr P RuntimeError: the widget "
			     "broke (3 != 4)\n"
			     "2025-07-25T07:53:08.2177+08:00 stderr F  Aborted (core dumped)\n"
			     "2025-07-25T07:53:08.2178+08:00 stdout F\n");
		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->quote, "RuntimeError: the widget broke (3 != 4)");
		ck_assert_int_eq(l.lines, 5);
		enginelog_release(&l);
		m = classify(&l, &rs,
			     "2024-03-06T17:53:31.052444Z ERROR shard-manager: launcher: Shard "
			     "process was signaled to shutdown with signal 9 rank=0\n");
		ck_assert(m && m->fatal);
		ck_assert_ptr_nonnull(strstr(m->quote, "2024-03-06T17:53:31.052444Z ERROR"));
		enginelog_release(&l);
	}
	/* a line a collector wrapped in JSON is what the engine wrote:
	 * Docker's json-file, one line each; TGI's --json-output, a message
	 * of several lines, in its plain form ("LEVEL TARGET: MESSAGE") */
	{
		const struct log_match *m = classify(&l, &rs,
						     "{\"log\":\"Traceback (most recent call "
						     "last):\\n\",\"stream\":\"stderr\"}\n"
						     "{\"log\":\"  File \\\"/x/w.py\\\", line 3, "
						     "in run\\n\",\"stream\":\"stderr\"}\n"
						     "{\"log\":\"\\u001b[31mRuntimeError: the "
						     "widget broke (3 != 4)\\u001b[0m\\n\"}\n");

		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->quote, "RuntimeError: the widget broke (3 != 4)");
		ck_assert_int_eq(m->line, 3);
		enginelog_release(&l);
		m = classify(
			&l, &rs,
			"{\"timestamp\":\"T1\",\"level\":\"ERROR\",\"fields\":{\"message\":"
			"\"Shard complete standard error output:\\n\\ntorch.OutOfMemoryError: CUDA "
			"out of memory. Tried to allocate 2.00 GiB\\n\"},\"target\":\"launcher\"}\n"
			"{\"timestamp\":\"T2\",\"level\":\"ERROR\",\"fields\":{\"message\":"
			"\"Shard 0 failed to start\"},\"target\":\"launcher\"}\n");
		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->rule->class, "out-of-memory");
		ck_assert_str_eq(
			m->quote,
			"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB");
		enginelog_release(&l);
		/* what other collectors put before a line or around it: the
		 * line read as written, its quote from its start (starts) */
		static const struct {
			const char *log, *quote;
			bool starts;
		} wrapped[] = {
			/* srun --label's task number before each line of a Slurm
			 * job, a traceback's frames indented after it, a JSON
			 * record too */
			{ "0: INFO starting\n0: Traceback (most recent call last):\n"
			  "0:   File \"/x/w.py\", line 3, in run\n0:     widget.start()\n"
			  "12: INFO another task\n0: RuntimeError: the widget broke (3 != 4)\n",
			  "RuntimeError: the widget broke (3 != 4)", false },
			{ "0: {\"timestamp\":\"T1\",\"level\":\"ERROR\",\"fields\":{\"message\":"
			  "\"Shard 0 failed to start\"},\"target\":\"launcher\"}\n",
			  "T1 ERROR launcher: Shard 0", true },
			/* a JSON record behind a journal's prefix, or any other
			 * collector's */
			{ "Dec 24 23:48:35 host widget[123]: {\"timestamp\":\"T1\",\"level\":"
			  "\"ERROR\",\"fields\":{\"message\":\"Shard 0 failed to start\"},"
			  "\"target\":\"launcher\"}\n",
			  "T1 ERROR launcher: Shard 0", true },
			/* aws logs tail's time and log stream before each line; a
			 * date with slashes after a time is the engine's own (Go's
			 * log) */
			{ "2025-02-08T08:40:56.161000+00:00 ecs/widget/4f2c9a8d1e Traceback (most "
			  "recent call last):\n"
			  "2025-02-08T08:40:56.161000+00:00 ecs/widget/4f2c9a8d1e   File "
			  "\"/x/w.py\", line 3, in run\n"
			  "2025-02-08T08:40:56.161000+00:00 ecs/widget/4f2c9a8d1e RuntimeError: "
			  "the "
			  "widget broke (3 != 4)\n",
			  "RuntimeError: the widget broke (3 != 4)", false },
			/* a rank's "[rank0]: " after the stream is the engine's:
			 * no journal's "host prog[pid]: " */
			{ "2025-02-08T08:40:56.161000+00:00 ecs/widget/4f2c9a8d1e [rank0]: "
			  "RuntimeError: the widget broke (3 != 4)\n",
			  "[rank0]: RuntimeError: the widget broke (3 != 4)", false },
			{ "2024-02-08T08:40:56.161Z 2024/05/12 03:51:37 ERROR unable to locate the "
			  "widget directory\n",
			  "2024/05/12 03:51:37 ERROR", true },
			/* Loki's logcli -o jsonl: each record's "line" as written */
			{ "{\"labels\":{\"app\":\"widget\"},\"line\":\"Traceback (most recent "
			  "call last):\",\"timestamp\":\"2025-02-08T08:40:56Z\"}\n"
			  "{\"labels\":{\"app\":\"widget\"},\"line\":\"RuntimeError: the widget "
			  "broke (3 != 4)\",\"timestamp\":\"2025-02-08T08:40:56Z\"}\n",
			  "RuntimeError: the widget broke (3 != 4)", false },
		};
		size_t w;

		for (w = 0; w < sizeof(wrapped) / sizeof(wrapped[0]); w++) {
			m = classify(&l, &rs, wrapped[w].log);
			ck_assert_msg(m && m->fatal, "%s: nothing fatal", wrapped[w].log);
			ck_assert_msg(wrapped[w].starts
					      ? strstr(m->quote, wrapped[w].quote) == m->quote
					      : !strcmp(m->quote, wrapped[w].quote),
				      "%s: quotes %s", wrapped[w].log, m->quote);
			enginelog_release(&l);
		}
		/* a "line" beside a logger's message is its source line */
		m = classify(&l, &rs,
			     "{\"level\":\"error\",\"line\":\"RuntimeError: x\",\"msg\":\"the "
			     "widget is gone\"}\n");
		ck_assert(!m || !strstr(m->quote, "RuntimeError: x"));
		enginelog_release(&l);
		/* JSON that wraps no log line is read as it is */
		ck_assert_ptr_null(classify(&l, &rs, "{\"error\": \"none\", \"n\": 3}\n{\"a\"\n"));
		ck_assert_int_eq(l.lines, 2);
		enginelog_release(&l);
	}
	/* a command a user typed ends where its flags end: it is not prose
	 * a writer wrapped at a word, and the error under it is quoted alone,
	 * on its own line (fresh193: llamafile's command above its error) */
	{
		const struct log_match *m = classify(
			&l, &rs,
			"./widget-server --server --nobrowser --embedding -ngl 1000 --gpu "
			"nvidia\nwidget.cu:1412: ERROR: CUDA kernel widget_dot has no device code "
			"compatible with CUDA arch 600.\n");

		ck_assert(m && m->fatal);
		ck_assert_int_eq(m->line, 2);
		ck_assert_ptr_eq(strstr(m->quote, "widget.cu:1412"), m->quote);
		enginelog_release(&l);
	}
	/* a line as long as prose that ends in a word, then one that begins
	 * as a log's record does: two lines, the error quoted on its own
	 * (fresh414: llama.cpp's "error: ..." under the download that failed;
	 * glibc's "free(): ..." under an info line, llama.cpp's "error loading
	 * model: ..." under the line naming the file, ggml's "src/x.cpp:N:
	 * GGML_ASSERT..." under an info line, Go's "time=... level=..." under
	 * ROCm's hang) */
	{
		static const char *const after[] = {
			"error: failed to download model from Hugging Face",
			"free(): invalid pointer",
			"error loading model: unexpectedly reached end of file",
			"src/widget.cpp:3504: GGML_ASSERT(widget != NULL) failed",
			"time=2026-01-02T03:04:05.678Z level=ERROR source=server.go:1 msg=\"post "
			"predict\" error=\"Post \\\"http://127.0.0.1:4/completion\\\": EOF\"",
		};
		size_t k;

		for (k = 0; k < sizeof(after) / sizeof(after[0]); k++) {
			char text[512];
			const struct log_match *m;

			snprintf(text, sizeof(text),
				 "widget_files: failed to resolve commit for "
				 "widgets/Widget-27B-GGUF\n"
				 "%s\n",
				 after[k]);
			m = classify(&l, &rs, text);
			ck_assert_msg(m && m->line == 2 && !strcmp(m->quote, after[k]), "%s: %s",
				      after[k], m ? m->quote : "nothing");
			enginelog_release(&l);
		}
	}
	/* a line as long as a level's name, NULs after its name, is no level
	 * alone: not read past the name (the enginelog fuzz target's find,
	 * under ASan a global-buffer-overflow) */
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	enginelog_feed(&l, "WARN\0\0\0\0\nwidget\n", 14);
	enginelog_finish(&l);
	ck_assert_int_eq(l.lines, 2);
	ck_assert_ptr_null(l.alone_level);
	enginelog_release(&l);
	/* a signature past the cap is cut away; the line count stays right */
	memset(huge, 'x', ENGINELOG_LINE_MAX * 3);
	strcpy(huge + ENGINELOG_LINE_MAX * 3, " cudaMalloc failed: out of memory\nnext\n");
	ck_assert_ptr_null(classify(&l, &rs, huge));
	ck_assert_int_eq(l.lines, 2);
	enginelog_release(&l);
	/* only llama.cpp's rules for a llama.cpp log, and the classes, which
	 * know every engine's wording */
	(void)classify_as(&l, &rs, ENGINE_LLAMACPP, "vllm: error: unrecognized arguments: --x\n");
	ck_assert_str_eq(enginelog_best(&l)->rule->id, "class-bad-argument");
	ck_assert_int_eq(enginelog_best(&l)->rule->layer, LAYER_CLASS);
	enginelog_release(&l);
	free(huge);
	log_rules_release(&rs);
}
END_TEST

START_TEST(bad_rule_files)
{
	static const struct {
		const char *text, *err;
	} rows[] = {
		{ "{\"rules\": [{\"id\": \"x\"}]}", "r.json:1:" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"(\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\"}]}",
		  "the pattern does not compile" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"severity\": \"loud\"}]}",
		  "'severity' must be" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"colour\": 1}]}",
		  "unknown key 'colour'" },
		{ "[1]", "a rule file holds an object" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"layer\": \"guess\"}]}",
		  "'layer' must be" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"class\": \"Out Of Memory\"}]}",
		  "a class is lower-case words" },
		{ "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"loud\", "
		  "\"pattern\": \"a\"}]}",
		  "'kind' must be" },
		{ "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"engine\", "
		  "\"pattern\": \"a\"}]}",
		  "names one engine" },
		{ "{\"rules\": [], \"markers\": 3}", "a 'markers' list" },
		/* only a ready line is a health check answered */
		{ "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"exit\", "
		  "\"pattern\": \"a\", \"literal\": [\"aaaa\"], \"health\": true}]}",
		  "only a ready marker is a health check" },
		/* only an exit says why as well as that it ended */
		{ "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"error\", "
		  "\"pattern\": \"a\", \"literal\": [\"aaaa\"], \"says\": true}]}",
		  "only an exit marker says why" },
		{ "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"exit\", "
		  "\"pattern\": \"a\", \"literal\": [\"aaaa\"], \"says\": 1}]}",
		  "says" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"startup\": \"yes\"}]}",
		  "startup" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", \"explain\": "
		  "\"e\", \"remedy\": \"r\", \"ending\": 1}]}",
		  "ending" },
		/* a remedy, or the rule before whose remedy it gives: one */
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", "
		  "\"explain\": \"e\"}]}",
		  "one of them" },
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", "
		  "\"explain\": \"e\", \"remedy\": \"r\"}, {\"id\": \"y\", \"pattern\": "
		  "\"b\", \"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\", "
		  "\"remedy_of\": \"x\"}]}",
		  "one of them" },
		{ "{\"rules\": [{\"id\": \"y\", \"pattern\": \"b\", \"cause\": \"c\", "
		  "\"explain\": \"e\", \"remedy_of\": \"x\"}, {\"id\": \"x\", \"pattern\": "
		  "\"a\", \"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\"}]}",
		  "names no rule before it in its file ('x')" },
		/* an explanation likewise: its own, or the rule's before it */
		{ "{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", "
		  "\"remedy\": \"r\"}]}",
		  "gives its 'explain', or names with 'explain_of'" },
		{ "{\"rules\": [{\"id\": \"y\", \"pattern\": \"b\", \"cause\": \"c\", "
		  "\"explain_of\": \"x\", \"remedy\": \"r\"}, {\"id\": \"x\", \"pattern\": "
		  "\"a\", \"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\"}]}",
		  "'explain_of' names no rule before it in its file ('x')" },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct log_rules rs = { 0 };
		char err[512] = "";

		ck_assert_int_eq(log_rules_load_text(&rs, "r.json", rows[i].text,
						     strlen(rows[i].text), err, sizeof(err)),
				 -1);
		ck_assert_msg(strstr(err, rows[i].err), "row %zu: %s", i, err);
		log_rules_release(&rs);
	}
	{ /* and one that names a rule before it gives that rule's remedy (or explanation) */
		static const char ok[] =
			"{\"rules\": [{\"id\": \"x\", \"pattern\": \"a\", \"cause\": \"c\", "
			"\"explain\": \"e\", \"remedy\": \"the widget's remedy\"}, {\"id\": "
			"\"y\", \"pattern\": \"b\", \"cause\": \"c\", \"explain\": \"e\", "
			"\"remedy_of\": \"x\"}, {\"id\": \"z\", \"pattern\": \"c\", "
			"\"cause\": \"c\", \"explain_of\": \"x\", \"remedy\": \"r\"}]}";
		struct log_rules rs = { 0 };
		char err[512] = "";

		ck_assert_int_eq(
			log_rules_load_text(&rs, "r.json", ok, strlen(ok), err, sizeof(err)), 0);
		ck_assert_str_eq(rs.rules[1].remedy, "the widget's remedy");
		ck_assert_str_eq(rs.rules[2].explain, "e");
		log_rules_release(&rs);
	}
}
END_TEST

/* llama-server writes its level as a letter after a timestamp,
 * "0.00.006.680 E srv  init: ...". Three markers read that letter (an
 * error line, a warning, info and debug as quiet); they spell the
 * timestamp one way, or one of them drifts from the other two. */
START_TEST(llamacpp_levels_share_one_timestamp)
{
	static const char shape[] = "^\\d+\\.\\d\\d\\.\\d{3}\\.\\d{3} ";
	const char *levels[] = { "E ", "W ", "[ID] " };
	bool seen[3] = { false, false, false };
	struct log_rules rs;
	size_t i, k, n = 0;

	bundled_rules(&rs);
	for (i = 0; i < rs.n; i++) {
		const char *p = rs.rules[i].pattern, *at;

		for (; (at = strstr(p, "\\.\\d{3}\\.\\d{3} ")); p = at + 1) {
			size_t len = strlen(shape) - strlen("\\.\\d{3}\\.\\d{3} ");

			n++;
			ck_assert_msg(at - rs.rules[i].pattern >= (ptrdiff_t)len &&
					      !strncmp(at - len, shape, strlen(shape)),
				      "%s spells llama.cpp's timestamp its own way",
				      rs.rules[i].id);
			for (k = 0; k < 3; k++)
				if (!strncmp(at + strlen("\\.\\d{3}\\.\\d{3} "), levels[k],
					     strlen(levels[k])))
					seen[k] = true;
		}
	}
	ck_assert_uint_eq(n, 3);
	for (k = 0; k < 3; k++)
		ck_assert_msg(seen[k], "no marker reads llama.cpp's level %s", levels[k]);
	log_rules_release(&rs);
}
END_TEST

/* A Python JSON logger's record keeps its traceback in "exc_info" (an
 * LLM NIM's, with "None" for what it does not know): its lines are read
 * as the log's, and the finding is told at the record's line of the
 * file, not at the count of lines read. */
START_TEST(a_json_record_of_several_lines_is_one_line)
{
	static const char log[] =
		"{\"level\": \"INFO\", \"time\": \"None\", \"message\": \"loading\", \"exc_info\": "
		"\"None\"}\n"
		"{\"level\": \"ERROR\", \"time\": \"None\", \"message\": \"\", \"exc_info\": "
		"\"Traceback (most recent call last):\\n  File \\\"/x/launch.py\\\", line 9, in "
		"main\\n    env = prepare()\\nValueError: no widget profile fits this GPU\"}\n"
		"{\"level\": \"INFO\", \"time\": \"None\", \"message\": \"shutting down\"}\n"
		"INFO the widget has stopped (exit code 1)\n";
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;

	bundled_rules(&rs);
	m = classify(&l, &rs, log);
	ck_assert_ptr_nonnull(m);
	ck_assert_msg(strstr(m->quote, "ValueError: no widget profile fits this GPU"), "%s",
		      m->quote);
	ck_assert_int_eq(m->line, 2);
	ck_assert_int_eq(enginelog_lines(&l), 4);
	ck_assert_ptr_null(strstr(m->quote, "None"));
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* the marker kinds are one list: the schema's enum is what the loader
 * takes, and what its refusal names */
START_TEST(marker_kinds_as_the_schema_names_them)
{
	static const char bad[] = "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": "
				  "\"loud\", \"pattern\": \"a\"}]}";
	char path[4096], err[512], text[512];
	char *schema;
	cJSON *root;
	const cJSON *markers, *kinds, *k;
	struct log_rules rs = { 0 };
	int n = 0;

	snprintf(path, sizeof(path), "%s/probes/schemas/engine-rules.schema.json", repo_root());
	schema = read_text_file(path);
	ck_assert_ptr_nonnull(schema);
	root = cJSON_Parse(schema);
	markers = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(root, "properties"), "markers");
	kinds = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(
				cJSON_GetObjectItemCaseSensitive(markers, "items"), "properties"),
			"kind"),
		"enum");
	ck_assert(cJSON_IsArray(kinds));
	ck_assert_int_eq(log_rules_load_text(&rs, "r.json", bad, strlen(bad), err, sizeof(err)),
			 -1);
	log_rules_release(&rs);
	cJSON_ArrayForEach(k, kinds)
	{
		char quoted[64];
		int rc;

		snprintf(quoted, sizeof(quoted), "\"%s\"", k->valuestring);
		ck_assert_msg(strstr(err, quoted), "the refusal does not name %s: %s", quoted, err);
		snprintf(text, sizeof(text),
			 "{\"rules\": [], \"markers\": [{\"id\": \"m\", \"kind\": \"%s\", "
			 "\"pattern\": \"widget\", \"literal\": \"widget\"%s}]}",
			 k->valuestring,
			 strcmp(k->valuestring, "engine") ? "" : ", \"engines\": [\"vllm\"]");
		rc = log_rules_load_text(&rs, "r.json", text, strlen(text), err + 256, 256);
		ck_assert_msg(rc == 0, "kind %s: %s", k->valuestring, err + 256);
		log_rules_release(&rs);
		memset(&rs, 0, sizeof(rs));
		n++;
	}
	ck_assert_int_ge(n, 9);
	{ /* and the refusal names no kind the schema lacks */
		const char *q = err;
		int quotes = 0;

		while ((q = strchr(q, '"'))) {
			quotes++;
			q++;
		}
		ck_assert_int_eq(quotes, 2 * n);
	}
	cJSON_Delete(root);
	free(schema);
}
END_TEST

/* a shape is written once in its file and called by name: its options its
 * own, a name or a call the file lacks refused with the rule it stops;
 * and the bundled rules write no copy of theirs */
START_TEST(shapes_are_written_once)
{
	static const char file[] =
		"{\"shapes\": {\"raised\": \"(?-i:\\\\b[A-Z]\\\\w*Error: )\"}, \"rules\": "
		"[{\"id\": "
		"\"w\", \"layer\": \"class\", \"class\": \"widget\", \"pattern\": "
		"\"(?i)(?&raised)(widget) gone\", \"quote\": 1, \"cause\": \"widget\", "
		"\"explain\": \"w\", \"remedy\": \"w\", \"literal\": [\"widget\"]}]}";
	static const char *const refused[][2] = {
		{ "{\"shapes\": {\"Raised\": \"x\"}, \"rules\": []}", "shape's name" },
		{ "{\"shapes\": {\"raised\": 3}, \"rules\": []}", "not a pattern" },
		{ "{\"shapes\": {\"raised\": \"(open\"}, \"rules\": []}", "do not compile" },
		{ "{\"rules\": [{\"id\": \"w\", \"pattern\": \"(?&raised)w\", \"cause\": \"w\", "
		  "\"explain\": \"w\", \"remedy\": \"w\"}]}",
		  "rule 'w'" },
	};
	struct log_rules rs = { 0 };
	struct enginelog l;
	const struct log_match *m;
	char err[512];
	size_t i;

	ck_assert_msg(log_rules_load_text(&rs, "r.json", file, strlen(file), err, sizeof(err)) == 0,
		      "%s", err);
	m = classify(&l, &rs, "ValueError: widget gone\n");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->rule->id, "w");
	enginelog_release(&l);
	/* the rule's (?i) is not the shape's: a lower-case name is none */
	ck_assert_ptr_null(classify(&l, &rs, "valueerror: widget gone\n"));
	enginelog_release(&l);
	log_rules_release(&rs);
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		memset(&rs, 0, sizeof(rs));
		err[0] = '\0';
		ck_assert_int_eq(log_rules_load_text(&rs, "r.json", refused[i][0],
						     strlen(refused[i][0]), err, sizeof(err)),
				 -1);
		ck_assert_msg(strstr(err, refused[i][1]), "%s: %s", refused[i][1], err);
		log_rules_release(&rs);
	}
	/* the bundled file: the start of a raised error's message, a device
	 * probe's words and a lookup of a model's metadata are its shapes,
	 * written once, not copies in a rule or a marker */
	bundled_rules(&rs);
	for (i = 0; i < rs.n; i++) {
		ck_assert_msg(!strstr(rs.rules[i].pattern, "[A-Z]\\w*(?:Error|Exception): "),
			      "%s writes 'raised' out instead of calling (?&raised)",
			      rs.rules[i].id);
		ck_assert_msg(!strstr(rs.rules[i].pattern, "list-devices") &&
				      !strstr(rs.rules[i].pattern, "device) discovery"),
			      "%s writes 'probe' out instead of calling (?&probe)", rs.rules[i].id);
		ck_assert_msg(!strstr(rs.rules[i].pattern, "pipeline[ _]tag"),
			      "%s writes 'metadata_lookup' out instead of calling "
			      "(?&metadata_lookup)",
			      rs.rules[i].id);
	}
	log_rules_release(&rs);
}
END_TEST

/* the keys of a rule and of a marker, and the most literals one lists,
 * are the schema's: what the loader takes is what the schema says */
/* a sentence rules of one kind share is written once, and the others name
 * it (explain_of, remedy_of): copies drift apart */
START_TEST(the_bundled_rules_say_each_thing_once)
{
	static const char *const said[] = { "explain", "remedy" };
	char path[4096];
	char *text;
	cJSON *root;
	const cJSON *rules, *a, *b;
	size_t k;
	int n = 0;

	snprintf(path, sizeof(path), "%s/probes/engine/rules.json", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	root = cJSON_Parse(text);
	rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
	ck_assert(cJSON_IsArray(rules));
	for (k = 0; k < sizeof(said) / sizeof(said[0]); k++)
		cJSON_ArrayForEach(a, rules)
		{
			const cJSON *x = cJSON_GetObjectItemCaseSensitive(a, said[k]);

			if (!cJSON_IsString(x))
				continue;
			n++;
			for (b = a->next; b; b = b->next) {
				const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, said[k]);

				ck_assert_msg(
					!cJSON_IsString(y) ||
						strcmp(x->valuestring, y->valuestring),
					"'%s' and '%s' write one %s twice: name it with %s_of",
					cJSON_GetObjectItemCaseSensitive(a, "id")->valuestring,
					cJSON_GetObjectItemCaseSensitive(b, "id")->valuestring,
					said[k], said[k]);
			}
		}
	ck_assert_int_gt(n, 100);
	cJSON_Delete(root);
	free(text);
}
END_TEST

START_TEST(rule_keys_as_the_schema_names_them)
{
	static const struct {
		const char *list;
		const char *const *keys;
	} lists[] = { { "rules", log_rule_keys }, { "markers", log_marker_keys } };
	char path[4096];
	char *schema;
	cJSON *root;
	size_t i, k;

	snprintf(path, sizeof(path), "%s/probes/schemas/engine-rules.schema.json", repo_root());
	schema = read_text_file(path);
	ck_assert_ptr_nonnull(schema);
	root = cJSON_Parse(schema);
	ck_assert_ptr_nonnull(root);
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		const cJSON *list = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(root, "properties"), lists[i].list);
		const cJSON *props = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(list, "items"), "properties");
		const cJSON *p, *forms;
		int n = 0;

		ck_assert_msg(cJSON_IsObject(props), "%s: no properties", lists[i].list);
		cJSON_ArrayForEach(p, props)
		{
			for (k = 0; lists[i].keys[k] && strcmp(lists[i].keys[k], p->string); k++)
				;
			ck_assert_msg(lists[i].keys[k], "%s: the loader refuses the schema's '%s'",
				      lists[i].list, p->string);
			n++;
		}
		for (k = 0; lists[i].keys[k]; k++)
			ck_assert_msg(cJSON_GetObjectItemCaseSensitive(props, lists[i].keys[k]),
				      "%s: the schema lacks the loader's '%s'", lists[i].list,
				      lists[i].keys[k]);
		ck_assert_int_eq(n, (int)k);
		forms = cJSON_GetObjectItemCaseSensitive(
			cJSON_GetObjectItemCaseSensitive(props, "literal"), "oneOf");
		ck_assert_int_eq(cJSON_GetArraySize(forms), 2);
		ck_assert_int_eq(
			cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(forms, 1), "maxItems")
				->valueint,
			ENGINELOG_MAX_LITERALS);
	}
	{ /* and the file's own keys ("shapes" among them) */
		const cJSON *props = cJSON_GetObjectItemCaseSensitive(root, "properties"), *p;
		int n = 0;

		cJSON_ArrayForEach(p, props)
		{
			for (k = 0; log_file_keys[k] && strcmp(log_file_keys[k], p->string); k++)
				;
			ck_assert_msg(log_file_keys[k], "the loader refuses the schema's '%s'",
				      p->string);
			n++;
		}
		for (k = 0; log_file_keys[k]; k++)
			ck_assert_msg(cJSON_GetObjectItemCaseSensitive(props, log_file_keys[k]),
				      "the schema lacks the loader's '%s'", log_file_keys[k]);
		ck_assert_int_eq(n, (int)k);
	}
	cJSON_Delete(root);
	free(schema);
}
END_TEST

/* the names the reading of a death looks for are names the bundled
 * rules give: a crash class's cause, a class of failed loads */
START_TEST(death_names_are_the_rules)
{
	struct log_rules rs;
	bool crash = false, load = false;
	size_t i;

	bundled_rules(&rs);
	for (i = 0; i < rs.n; i++) {
		const struct log_rule *r = &rs.rules[i];

		if (r->layer != LAYER_CLASS || !r->class)
			continue;
		crash |= r->cause && !strcmp(r->cause, ENGINELOG_CAUSE_CRASHED);
		load |= !strcmp(r->class, ENGINELOG_CLASS_LOAD_FAILED);
	}
	ck_assert_msg(crash, "no class gives the cause '%s'", ENGINELOG_CAUSE_CRASHED);
	ck_assert_msg(load, "no class is named '%s'", ENGINELOG_CLASS_LOAD_FAILED);
	log_rules_release(&rs);
}
END_TEST

/* a user's rule with a back-reference: no combined pattern, still found */
START_TEST(user_rules_come_too)
{
	static const char mine[] =
		"{\"rules\": [{\"id\": \"twice\", \"pattern\": \"(\\\\w+) \\\\1 "
		"failed\", \"quote\": 1, \"cause\": \"echo\", \"explain\": \"e\", "
		"\"remedy\": \"r\", \"priority\": 9999}]}";
	static const char short_literal[] =
		"{\"rules\": [{\"id\": \"short\", \"pattern\": \"dk \\\\d+ failed\", "
		"\"literal\": \"dk\", \"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\"}]}";
	struct log_rules rs = { 0 };
	struct enginelog l;
	char err[512];

	ck_assert_int_eq(
		log_rules_load_text(&rs, "mine.json", mine, strlen(mine), err, sizeof(err)), 0);
	ck_assert(rs.unfiltered); /* no literal: tried on every line */
	ck_assert_str_eq(classify(&l, &rs, "disk disk failed\n")->quote, "disk disk failed");
	enginelog_release(&l);
	log_rules_release(&rs);
	/* a literal shorter than the index reads: tried on every line, and
	 * still its own to free (the sanitizer run holds the release to it) */
	ck_assert_int_eq(log_rules_load_text(&rs, "mine.json", short_literal, strlen(short_literal),
					     err, sizeof(err)),
			 0);
	ck_assert(rs.unfiltered);
	ck_assert_uint_eq(rs.rules[0].n_literals, 1);
	ck_assert_str_eq(classify(&l, &rs, "dk 3 failed\n")->quote, "dk 3 failed");
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* Literals that begin alike ("load ...") are each looked up by four
 * bytes of their own, wherever in them those are: each is still found at
 * a line's start and end, in any case, and never when the line holds its
 * four bytes but not all of it */
START_TEST(literals_alike_each_found)
{
	static const char alike[] =
		"{\"rules\": [{\"id\": \"lib\", \"pattern\": \"(?i)load library \\\\w+\", "
		"\"literal\": \"load library\", \"cause\": \"c\", \"explain\": \"e\", "
		"\"remedy\": \"r\"}, {\"id\": \"gguf\", \"pattern\": \"(?i)load gguf\", "
		"\"literal\": "
		"[\"load gguf\", \"load the gguf\"], \"cause\": \"c\", \"explain\": \"e\", "
		"\"remedy\": \"r\"}, {\"id\": \"wide\", \"pattern\": \"loader x\", \"literal\": "
		"\"loader x\", \"cause\": \"c\", \"explain\": \"e\", \"remedy\": \"r\"}]}";
	static const struct {
		const char *line, *rule; /* rule NULL: nothing found */
	} cases[] = {
		{ "load library widget\n", "lib" },
		{ "error: cannot LOAD LIBRARY widget\n", "lib" },
		{ "error: load gguf\n", "gguf" },
		{ "Load GGUF at start\n", "gguf" },
		{ "the loader x\n", "wide" },
		{ "oader x\n", NULL },
		{ "ad library widget\n", NULL },
		{ "load librar\n", NULL },
		{ "library widget\n", NULL },
	};
	struct log_rules rs = { 0 };
	char err[512];
	size_t i, k;

	ck_assert_int_eq(
		log_rules_load_text(&rs, "mine.json", alike, strlen(alike), err, sizeof(err)), 0);
	ck_assert(!rs.unfiltered);
	ck_assert_uint_eq(rs.n_literals, 4);
	for (i = 0; i < rs.n_literals; i++) /* four bytes each, taken where no other's are */
		for (k = 0; k < i; k++)
			ck_assert_uint_ne(rs.literals[i].key, rs.literals[k].key);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct enginelog l;
		const struct log_match *m = classify(&l, &rs, cases[i].line);

		if (cases[i].rule)
			ck_assert_msg(m && !strcmp(m->rule->id, cases[i].rule), "%s: %s",
				      cases[i].line, m ? m->rule->id : "nothing");
		else
			ck_assert_msg(!m, "%s: %s", cases[i].line, m->rule->id);
		enginelog_release(&l);
	}
	log_rules_release(&rs);
}
END_TEST

START_TEST(doctor_command)
{
	char sick[4096], well[4096];
	const char *argv[] = { "doctor", sick, NULL };
	const char *both[] = { "doctor", well, sick, NULL };
	const char *missing[] = { "doctor", "no/such.log", NULL };
	struct outcome o;

	snprintf(sick, sizeof(sick), "%s/tests/data/engine-logs/vllm-cute-dsl.log", repo_root());
	snprintf(well, sizeof(well), "%s/tests/data/engine-logs/vllm-healthy.log", repo_root());
	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out,
				     "vllm-cute-dsl.log:8: fatal   flashinfer-cute-dsl-sm120 "
				     "(kernel-unsupported; class not-supported; rule layer): "
				     "(EngineCore_0 pid=512) ERROR"));
	ck_assert_ptr_nonnull(strstr(o.out, "mm_fp4 does not support backend 'cute-dsl'"));
	ck_assert_ptr_nonnull(strstr(o.out, "remedy: remove flashinfer's cute_dsl"));
	ck_assert_ptr_nonnull(strstr(o.out, ":2: warning unknown-env-var"));
	{ /* the lines before the fatal one, on request */
		const char *context[] = { "doctor", "--context", "2", sick, NULL };

		run_preflight_in(&o, NULL, context);
		ck_assert_int_eq(o.code, 1);
		ck_assert_ptr_nonnull(strstr(o.out,
					     "vllm-cute-dsl.log: the 2 lines before line 8:\n"
					     "    6| "));
		ck_assert_ptr_nonnull(strstr(o.out, "\n    7| "));
		ck_assert_ptr_null(strstr(o.out, "    8| "));
	}
	argv[1] = well;
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "no known fatal signature in 25 lines"));
	run_preflight_in(&o, NULL, both);
	ck_assert_int_eq(o.code, 1);
	run_preflight_in(&o, NULL, missing);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "no/such.log"));
	outcome_release(&o);
}
END_TEST

/* --wait 600 --engine-log against a server that never comes up: the wait
 * ends when its log shows the fatal line (the fake writes it after the
 * second request), exit 3, and every report carries the rule */
START_TEST(wait_ends_on_the_fatal_line)
{
	struct outcome o;
	cJSON *r;
	char *text;

	outcome_mkdir(&o);
	run_shell(&o, NULL,
		  "\"$PREFLIGHT_ROOT/fixtures/fake-endpoint\" --scenario "
		  "\"$PREFLIGHT_ROOT/fixtures/scenarios/engine-fails.json\" --engine-log eng.log "
		  "-- $PF run --endpoint 'http://127.0.0.1:{port}/v1' --wait 600 --engine-log "
		  "eng.log --json r.json --junit r.xml --markdown r.md --html r.html");
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	/* the page says why right under its verdict: the finding, then the warning */
	text = read_report(&o, "r.html");
	ck_assert_ptr_nonnull(strstr(text,
				     "ENGINE FAILED (0/4 passed: 4 errored (4 probes))</div>\n"
				     "<div class=\"fixes\"><h3>Why the engine never came up</h3>\n"
				     "<div class=\"fix\"><p class=\"meta\">fatal "
				     "<code>flashinfer-cute-dsl-sm120</code> · eng.log line 8"));
	ck_assert_ptr_nonnull(strstr(text, "<p class=\"remedy\">remove flashinfer"));
	ck_assert_ptr_nonnull(strstr(text, "<div class=\"warning\"><p class=\"meta\">warning "
					   "<code>unknown-env-var</code>"));
	free(text);
	ck_assert_ptr_nonnull(strstr(o.out,
				     "engine log eng.log:8: fatal flashinfer-cute-dsl-sm120 "
				     "(kernel-unsupported; class not-supported; rule layer): "));
	ck_assert_ptr_nonnull(strstr(o.out, "mm_fp4 does not support backend 'cute-dsl'"));
	ck_assert_ptr_nonnull(strstr(o.out, "remedy: remove flashinfer's cute_dsl"));
	ck_assert_ptr_nonnull(strstr(o.out, "eng.log:2: warning unknown-env-var"));
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(cJSON_GetStringValue(
				 cJSON_GetObjectItem(cJSON_GetObjectItem(r, "endpoint"), "cause")),
			 "kernel-unsupported");
	ck_assert_str_eq(report_cause(r, "smoke"), "engine-failed");
	cJSON_Delete(r);
	text = read_report(&o, "r.xml");
	ck_assert(strstr(text, "engine failed to start: FlashInfer&apos;s cute-dsl") ||
		  strstr(text, "engine failed to start: FlashInfer's cute-dsl"));
	free(text);
	text = read_report(&o, "r.md");
	ck_assert_ptr_nonnull(strstr(text, "❌ engine failed to start: FlashInfer"));
	free(text);
	outcome_release(&o);
}
END_TEST

/* an engine that dies of something no signature knows (a real SGLang log:
 * its warmup request fails, then it is killed): the wait ends at the
 * exit, and every report names the death with the last error before it,
 * its class unknown, its layer the last */
START_TEST(an_unknown_death_is_still_a_death)
{
	struct outcome o;
	const cJSON *f;
	cJSON *r;

	outcome_mkdir(&o);
	run_shell(&o, NULL,
		  "\"$PREFLIGHT_ROOT/fixtures/fake-endpoint\" --scenario "
		  "\"$PREFLIGHT_ROOT/fixtures/scenarios/engine-dies-unknown.json\" --engine-log "
		  "eng.log -- $PF run --endpoint 'http://127.0.0.1:{port}/v1' --wait 600 "
		  "--engine-log eng.log --json r.json");
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: ENGINE FAILED"));
	ck_assert_ptr_nonnull(strstr(o.out,
				     "fatal unknown-fatal (engine-died; class unknown; "
				     "unknown layer): AssertionError: res=<Response [502]>"));
	r = read_json_report(&o, "r.json");
	f = cJSON_GetArrayItem(
		cJSON_GetObjectItem(
			cJSON_GetObjectItem(cJSON_GetObjectItem(r, "endpoint"), "engine_log"),
			"findings"),
		0);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "layer")), "unknown");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "class")), "unknown");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "severity")), "fatal");
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* an engine taken from outside mid-run (the OOM killer): it served, its
 * log says not a word of its end, and --engine-pid saw it go. The
 * report names the death, fatal, cause unknown, its log's last line
 * quoted; the engine came up, so it did not fail to start */
START_TEST(an_engine_gone_mid_run_is_a_death)
{
	struct outcome o;
	const cJSON *el, *f;
	cJSON *r;

	outcome_mkdir(&o);
	run_shell(
		&o, NULL,
		"sh -c 'exit 0' & pid=$!; wait $pid; "
		"printf 'INFO:     Application startup complete.\\nwidget: served 2\\n' > eng.log; "
		"\"$PREFLIGHT_ROOT/fixtures/fake-endpoint\" --scenario "
		"\"$PREFLIGHT_ROOT/fixtures/scenarios/engine-gone.json\" -- $PF run --endpoint "
		"'http://127.0.0.1:{port}/v1' --engine-log eng.log --engine-pid $pid --json "
		"r.json");
	ck_assert_msg(o.code == 1, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "engine log eng.log:2: fatal unknown-fatal"));
	ck_assert_ptr_nonnull(strstr(o.out, "ended after it served"));
	/* the server's silence and the engine's death are one, told once */
	ck_assert_ptr_nonnull(strstr(o.out, "the server stopped answering at needle (3 of 4 "
					    "sent); the 1 after it that got no answer were not "
					    "observed; the engine's log says why: the engine's "
					    "process ended after it served"));
	r = read_json_report(&o, "r.json");
	el = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "endpoint"), "engine_log");
	ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(el, "engine_failed")));
	f = cJSON_GetArrayItem(cJSON_GetObjectItem(el, "findings"), 0);
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "severity")), "fatal");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "layer")), "unknown");
	ck_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(f, "quote")), "widget: served 2");
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* the log on stdin; and a server that came up: its warnings are evidence,
 * its verdicts its own */
START_TEST(stdin_and_warnings)
{
	char log[4096], warn[4096];
	const char *argv[] = { "run",	       "--endpoint", "http://127.0.0.1:9/v1",
			       "--engine-log", "-",	     "--json",
			       "r.json",       NULL };
	const char *rules[] = { "run",	 "--endpoint",	   "http://127.0.0.1:9/v1", "--engine-log",
				"x.log", "--engine-rules", "nosuch.json",	    NULL };
	struct outcome o;
	struct fake f;
	cJSON *r;
	FILE *fp;

	snprintf(log, sizeof(log),
		 "$PF run --endpoint http://127.0.0.1:9/v1 --engine-log - --json r.json < "
		 "\"$PREFLIGHT_ROOT/tests/data/engine-logs/vllm-cute-dsl.log\"");
	outcome_mkdir(&o);
	run_shell(&o, NULL, log);
	ck_assert_msg(o.code == 3, "exit %d\n%s", o.code, o.err);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "smoke"), "engine-failed");
	cJSON_Delete(r);
	snprintf(warn, sizeof(warn), "%s/w.log", o.dir);
	fp = fopen(warn, "w");
	fputs("WARNING 07-04 10:59:58 [envs.py:1200] Unknown vLLM environment variable detected: "
	      "VLLM_FOO\n",
	      fp);
	fclose(fp);
	fake_start(&f, "healthy");
	argv[2] = f.url;
	argv[4] = "w.log";
	run_preflight_in(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.out);
	ck_assert_ptr_nonnull(strstr(o.out, "w.log:1: warning unknown-env-var"));
	r = read_json_report(&o, "r.json");
	ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "passed")));
	ck_assert_int_eq(
		cJSON_GetArraySize(cJSON_GetObjectItem(
			cJSON_GetObjectItem(cJSON_GetObjectItem(r, "endpoint"), "engine_log"),
			"findings")),
		1);
	cJSON_Delete(r);
	run_preflight_in(&o, NULL, rules);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "nosuch.json"));
	outcome_release(&o);
}
END_TEST

/* a failure the engine came back from is a warning; a death no finding
 * explains is fatal with its cause unknown, quoting the last error before
 * it; a traceback that ends the log is a death, one followed by more is
 * not; an error line alone is not */
START_TEST(the_unknown_layer)
{
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;
	size_t k;

	bundled_rules(&rs);
	m = classify(&l, &rs,
		     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB\n"
		     "INFO:     Application startup complete.\n");
	ck_assert_ptr_nonnull(m);
	ck_assert(!m->fatal); /* it came up after: a warning */
	ck_assert(!l.fatal);
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "INFO loading\nValueError: the frobnicator is misaligned (17 != 12)\n"
		     "INFO cleaning up\nKilled\n");
	ck_assert_ptr_nonnull(m);
	ck_assert(m->fatal);
	ck_assert_int_eq(m->rule->layer, LAYER_UNKNOWN);
	ck_assert_str_eq(m->rule->class, "unknown");
	ck_assert_str_eq(m->quote, "ValueError: the frobnicator is misaligned (17 != 12)");
	ck_assert_int_eq(m->line, 2);
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
		     "    frob()\nFrobError: no frob\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
	ck_assert_str_eq(m->quote, "FrobError: no frob");
	enginelog_release(&l);
	ck_assert_ptr_null(classify(&l, &rs,
				    "Traceback (most recent call last):\n  File \"x.py\", line 1, "
				    "in <module>\nFrobError: no frob\nINFO: serving again\n"));
	enginelog_release(&l);
	/* a traceback whose every frame imports (a module's top level,
	 * importlib's, runpy's) died importing the engine's code: an install
	 * that is broken, whatever its exception says (fresh421-exui-61); one
	 * frame that ran a function, and it is the exception's to say */
	{
		static const char importing[] =
			"Traceback (most recent call last):\n"
			"  File \"<frozen runpy>\", line 198, in _run_module_as_main\n"
			"  File \"/x/server.py\", line 11, in <module>\n"
			"    from frob.models import load\n"
			"  File \"<frozen importlib._bootstrap>\", line 1387, in _gcd_import\n"
			"  File \"/x/site-packages/frob/ext.py\", line 291, in <module>\n"
			"    ext_c = frob_ext\n"
			"NameError: name 'frob_ext' is not defined\n";
		char ran[sizeof(importing) + 64];

		m = classify(&l, &rs, importing);
		ck_assert(m && m->fatal && m->rule->layer == LAYER_CLASS);
		ck_assert_str_eq(m->rule->class, "import-error");
		ck_assert_str_eq(m->quote, "NameError: name 'frob_ext' is not defined");
		enginelog_release(&l);
		snprintf(ran, sizeof(ran), "%.*s  File \"/x/frob/ext.py\", line 9, in build\n%s",
			 (int)(strstr(importing, "NameError") - importing), importing,
			 "NameError: name 'frob_ext' is not defined\n");
		m = classify(&l, &rs, ran);
		ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
		enginelog_release(&l);
	}
	/* a class's body runs as its module is imported: a frame "in Serve"
	 * under the code line "class Serve:" ran no function
	 * (fresh427-transformers-43824, the serve extras not installed); under
	 * another code line, a frame of that name is a function's */
	{
		static const char body[] = "Traceback (most recent call last):\n"
					   "  File \"/x/bin/widget\", line 3, in <module>\n"
					   "    from widget.cli import main\n"
					   "  File \"/x/widget/cli.py\", line 22, in <module>\n"
					   "    from widget.serve import Serve\n"
					   "  File \"/x/widget/serve.py\", line 360, in <module>\n"
					   "    class Serve:\n"
					   "  File \"/x/widget/serve.py\", line 588, in Serve\n"
					   "    validator: Adapter,\n"
					   "NameError: name 'Adapter' is not defined\n";
		char called[sizeof(body)];
		char *at;

		m = classify(&l, &rs, body);
		ck_assert(m && m->fatal && m->rule->layer == LAYER_CLASS);
		ck_assert_str_eq(m->rule->class, "import-error");
		ck_assert_str_eq(m->quote, "NameError: name 'Adapter' is not defined");
		enginelog_release(&l);
		memcpy(called, body, sizeof(body));
		at = strstr(called, "class Serve:");
		ck_assert_ptr_nonnull(at);
		memcpy(at, "Serve()     ", strlen("class Serve:"));
		m = classify(&l, &rs, called);
		ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
		enginelog_release(&l);
	}
	/* IPython's traceback (Jupyter's, Colab's): its header names the
	 * exception, its frames are places and numbered code, its message
	 * comes last; a log cut among the frames quotes the header
	 * (fresh419-vllm-17618), a whole one its message */
	{
		static const char ipython[] =
			"INFO starting\n"
			"-----------------------------------------------------------------\n"
			"FrobError                                 Traceback (most recent call "
			"last)\n"
			"[<ipython-input-14-ad5e40d804c0>](https://localhost:8080/#) in <cell "
			"line: "
			"0>()\n"
			"      2 \n"
			"----> 4 w = Widget(model=\"m\")\n"
			"      5 prompts = [\"hi\"]\n"
			"\n"
			"8 frames\n"
			"[/x/widget/utils.py](https://localhost:8080/#) in inner(*args, **kwargs)\n"
			"   1160 \n"
			"-> 1161             return fn(*args, **kwargs)\n"
			"   1162 \n"
			"/x/widget/core.py in start(self)\n"
			"Cell In[14], line 4\n"
			"File /x/widget/engine.py:88, in run(self)\n"
			"     87 def run(self):\n";
		char whole[sizeof(ipython) + 64];

		m = classify(&l, &rs, ipython);
		ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
		ck_assert_str_eq(m->quote, "FrobError                                 Traceback "
					   "(most recent call last)");
		enginelog_release(&l);
		snprintf(whole, sizeof(whole), "%s\nFrobError: the frob is gone (3 != 4)\n",
			 ipython);
		m = classify(&l, &rs, whole);
		ck_assert(m && m->fatal);
		ck_assert_str_eq(m->quote, "FrobError: the frob is gone (3 != 4)");
		enginelog_release(&l);
	}
	ck_assert_ptr_null(classify(&l, &rs,
				    "ERROR 07-16 12:08:18 api_server.py:247] Error in handling a "
				    "request: the client went away\nINFO next\n"));
	enginelog_release(&l);
	/* a traceback's code line is where, not what: the class finding is
	 * the error's own line after it, prefixed or not */
	m = classify(&l, &rs,
		     "Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\n"
		     "ERROR 04-16 [worker.py:620]     raise OutOfMemoryError(\"out of memory\")\n"
		     "[rank0]:     return alloc_out_of_memory_guard(n)\n"
		     "OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "out-of-memory");
	ck_assert_int_eq(m->line, 5);
	for (k = 0; k < l.n_matches; k++)
		ck_assert_msg(l.matches[k].line == 5, "%s found code on line %ld",
			      l.matches[k].rule->id, l.matches[k].line);
	enginelog_release(&l);
	/* so is a raise whose exception is written as its repr reads
	 * ("raise AssertionError('Only ...')"), which the raised shape takes */
	m = classify(&l, &rs,
		     "Traceback (most recent call last):\n  File \"x.py\", line 1, in run\n"
		     "    raise AssertionError('Only Widget backend is supported for now.')\n"
		     "AssertionError: Only Widget backend is supported for now.\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "not-supported");
	for (k = 0; k < l.n_matches; k++)
		ck_assert_msg(l.matches[k].line == 4, "%s found code on line %ld",
			      l.matches[k].rule->id, l.matches[k].line);
	enginelog_release(&l);
	/* a request handler's traceback, whole or an exception group's, is
	 * the request's even when the log ends on it; an exception group at
	 * start is a death, quoted from its sub-exception */
	ck_assert_ptr_null(classify(&l, &rs,
				    "INFO:     Application startup complete.\n"
				    "ERROR:    Exception in ASGI application\n"
				    "Traceback (most recent call last):\n"
				    "  File \"/x/r.py\", line 9, in wrap\n"
				    "RuntimeError: Unexpected ASGI message sent\n"));
	enginelog_release(&l);
	ck_assert_ptr_null(
		classify(&l, &rs,
			 "INFO:     Application startup complete.\n"
			 "ERROR:    Exception in ASGI application\n"
			 "  + Exception Group Traceback (most recent call last):\n"
			 "  |   File \"/x/u.py\", line 76, in collapse\n"
			 "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
			 "  +-+---------------- 1 ----------------\n"
			 "    | Traceback (most recent call last):\n"
			 "    |   File \"/x/r.py\", line 9, in wrap\n"
			 "    | RuntimeError: Unexpected ASGI message sent\n"
			 "    +------------------------------------\n"));
	enginelog_release(&l);
	/* a class a request handler's traceback ends in is that request's,
	 * its frames cut or not: a module a guided decoding backend imports,
	 * missing, answered 500 (fresh427-vllm-14401). A Python import that
	 * failed before a request was answered, at any status, was a
	 * request's too: one that failed as the engine started never
	 * answers; with no answer after it, or a death after that, it is a
	 * death; a loader's words (a native runner's library, its Go server
	 * answering the request that started it) are a death still */
	ck_assert_ptr_null(fatal_of(&l, &rs,
				    "ERROR:    Exception in ASGI application\n"
				    "Traceback (most recent call last):\n"
				    "  File \"/x/widget/enforcer.py\", line 5, in <module>\n"
				    "    from frob import Widget\n"
				    "ImportError: cannot import name 'Widget' from 'frob'\n"));
	enginelog_release(&l);
	{
		static const char lazy[] = "  File \"/x/widget/enforcer.py\", line 8, in <module>\n"
					   "    raise ImportError('frob is not installed')\n"
					   "ImportError: frob is not installed\n";
		static const char answered[] =
			"INFO:     10.0.0.2:5555 - \"POST /v1/chat/completions "
			"HTTP/1.1\" 500 Internal Server Error\n";
		char log[512];

		snprintf(log, sizeof(log), "%s%s", lazy, answered);
		ck_assert_ptr_null(fatal_of(&l, &rs, log));
		enginelog_release(&l);
		m = fatal_of(&l, &rs, lazy);
		ck_assert(m && !strcmp(m->rule->class, "import-error"));
		enginelog_release(&l);
		snprintf(log, sizeof(log), "%s%sKilled\n", lazy, answered);
		m = fatal_of(&l, &rs, log);
		ck_assert(m && !strcmp(m->rule->class, "import-error"));
		enginelog_release(&l);
		m = fatal_of(
			&l, &rs,
			"/x/runner: error while loading shared libraries: libfrob.so.1: cannot "
			"open shared object file: No such file or directory\n"
			"[GIN] 2025/01/01 - 10:00:00 | 500 |  1.2s |  127.0.0.1 | POST "
			"\"/api/chat\"\n");
		ck_assert(m && !strcmp(m->rule->class, "import-error"));
		enginelog_release(&l);
	}
	m = classify(&l, &rs,
		     "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
		     "  +-+---------------- 1 ----------------\n"
		     "    | Traceback (most recent call last):\n"
		     "    |   File \"/x/w.py\", line 3, in run\n"
		     "    | RuntimeError: the widget broke (3 != 4)\n"
		     "    +------------------------------------\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
	ck_assert_ptr_nonnull(strstr(m->quote, "RuntimeError: the widget broke (3 != 4)"));
	enginelog_release(&l);
	/* a warning a class knows says why the engine died when it is the
	 * line the last layer would quote (the words before a traceback cut
	 * short); warnings far before an unknown death do not */
	m = classify(&l, &rs,
		     "WARNING 10:00 [ops.py:20] Failed to import from widget._C with "
		     "ImportError('libwidget.so.3: cannot open shared object file: No such file or "
		     "directory')\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/x/w.py\", line 3, in run\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_CLASS);
	ck_assert_str_eq(m->rule->class, "import-error");
	ck_assert_int_eq(m->line, 1);
	enginelog_release(&l);
	m = classify(
		&l, &rs,
		"[10:00 TP0] Ignore import error when loading widget.models.x. No module named "
		"'widget_x'\n"
		"[10:01 TP0] Memory pool end.\n"
		"[10:02 TP0] Scheduler hit an exception: Traceback (most recent call last):\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
	enginelog_release(&l);
	/* behind a time (docker logs -t, a desktop's log view) a traceback is
	 * one too: its code is where, its exception line what */
	m = classify(&l, &rs,
		     "2024-02-08T08:40:56.161Z Traceback (most recent call last):\n"
		     "2024-02-08T08:40:56.161Z   File \"/x/w.py\", line 3, in run\n"
		     "2024-02-08T08:40:56.161Z     raise OutOfMemoryError(\"out of memory\")\n"
		     "2025-03-05 08:58:54 RuntimeError: the widget lost its gadget (3 != 4)\n");
	ck_assert(m && m->fatal);
	ck_assert_int_eq(m->rule->layer, LAYER_UNKNOWN);
	ck_assert_str_eq(m->quote, "RuntimeError: the widget lost its gadget (3 != 4)");
	for (k = 0; k < l.n_matches; k++)
		ck_assert_int_eq(l.matches[k].line, 4);
	enginelog_release(&l);
	/* ... its frames' code indented under the time as without it: a log
	 * that ends in one ended inside its traceback (fresh75-sglang-1751
	 * under docker logs -t had been "no known fatal signature") */
	m = classify(&l, &rs,
		     "2024-02-08T08:40:56.161Z [2024-10-22 06:31:49 TP0] Capture widget begin.\n"
		     "2024-02-08T08:40:56.161Z [2024-10-22 06:31:49 TP0] Traceback (most recent "
		     "call last):\n"
		     "2024-02-08T08:40:56.161Z   File \"/x/w.py\", line 3, in run\n"
		     "2024-02-08T08:40:56.161Z     self.capture()\n"
		     "2024-02-08T08:40:56.161Z   File \"/x/w.py\", line 9, in capture\n"
		     "2024-02-08T08:40:56.161Z     self.widget.begin(\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
	ck_assert_int_eq(m->line, 1);
	enginelog_release(&l);
	/* ... and so is a vLLM line's own level and time after it (not TGI's
	 * own time, whose level has a target after it): the line the engine
	 * wrote is quoted, not a frame's code (fresh-vllm-17431 under
	 * docker logs -t); a JSON record after it is read as its fields say
	 * (TGI's --json-output), and a Python JSON logger's "levelname" is
	 * its level: a WARNING record is no failure */
	m = classify(&l, &rs,
		     "2024-02-08T08:40:56.161Z ERROR 04-30 10:20:36 [core.py:396] EngineCore "
		     "failed to start.\n"
		     "2024-02-08T08:40:56.161Z ERROR 04-30 10:20:36 [core.py:396] Traceback (most "
		     "recent call last):\n"
		     "2024-02-08T08:40:56.161Z ERROR 04-30 10:20:36 [core.py:396]   File "
		     "\"/x/core.py\", line 1, in run\n"
		     "2024-02-08T08:40:56.161Z ERROR 04-30 10:20:36 [core.py:396]     "
		     "super().__init__(widget_config, executor_class,\n");
	ck_assert(m && m->fatal);
	ck_assert_int_eq(m->line, 1);
	ck_assert_str_eq(m->quote,
			 "ERROR 04-30 10:20:36 [core.py:396] EngineCore failed to start.");
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "2024-02-08T08:40:56.161Z {\"timestamp\":\"2023-06-02T14:12:37.201050Z\","
		     "\"level\":\"ERROR\",\"fields\":{\"message\":\"Shard 0 failed to start\"},"
		     "\"target\":\"text_generation_launcher\"}\n");
	ck_assert(m && m->fatal);
	ck_assert_ptr_null(strchr(m->quote, '{'));
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "{\"asctime\": \"2023-11-23 00:07:18,681\", \"levelname\": \"WARNING\", "
		     "\"message\": \"Failed to load the widget. Retrying...\"}\n");
	ck_assert(!m || !m->fatal);
	enginelog_release(&l);
	/* behind a journal's date in any locale's words for the month, in
	 * digits, or short-iso's time, its host and program: the shell's
	 * whole-line words are still whole lines */
	{
		static const char *const journals[] = {
			"Dec 24 23:48:35 host widget[3974]: ",
			"6月 05 13:15:31 host widget[2690]: ",
			"июн 05 13:15:31 host widget[2690]: ",
			"déc. 24 23:48:35 host widget[3974]: ",
			"06.05 13:15:31 HOST widget[2690]: ",
			"2025-06-05T13:15:31+0300 host widget[2690]: ",
		};
		for (k = 0; k < sizeof(journals) / sizeof(journals[0]); k++) {
			char text[256];

			snprintf(text, sizeof(text), "%swidget: loading\n%sKilled\n", journals[k],
				 journals[k]);
			m = classify(&l, &rs, text);
			ck_assert_msg(m && m->fatal, "%s", journals[k]);
			ck_assert_str_eq(m->quote, "Killed");
			enginelog_release(&l);
		}
	}
	/* behind the numbers cat -n or an editor put before each line */
	m = classify(&l, &rs,
		     "     1\twidget: loading\n     2\tTraceback (most recent call last):\n"
		     "     3\t  File \"/x/w.py\", line 3, in run\n     4\t    widget.go()\n"
		     "     5\tWidgetError: the widget broke\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->quote, "WidgetError: the widget broke");
	enginelog_release(&l);
	/* an exception after a level word or a bare time is one: the
	 * traceback it ends is a death told (loggers that put neither a
	 * bracket nor a colon before the message) */
	{
		static const char *const ends[] = {
			"2025-01-01 10:00:00 ERROR WidgetError: the widget broke\n",
			"ERROR WidgetError: the widget broke\n",
			"2025/01/01 10:00:00 WidgetError: the widget broke\n",
			"10:00:00.123 WidgetError: the widget broke\n",
		};
		for (k = 0; k < sizeof(ends) / sizeof(ends[0]); k++) {
			char text[512];

			snprintf(text, sizeof(text),
				 "Traceback (most recent call last):\n"
				 "  File \"/x/w.py\", line 3, in run\n    widget.go()\n%s",
				 ends[k]);
			m = classify(&l, &rs, text);
			ck_assert_msg(m && m->fatal, "%s", ends[k]);
			ck_assert_msg(strstr(m->quote, "WidgetError: the widget broke"), "%s",
				      m->quote);
			enginelog_release(&l);
		}
	}
	/* a request handler's source at info level is the server telling how
	 * it starts: a traceback after it is no request's */
	m = classify(&l, &rs,
		     "INFO 01-01 10:00:00 [api_server.py:1] widget API server version 1.0\n"
		     "Traceback (most recent call last):\n"
		     "  File \"/x/w.py\", line 3, in run\n    widget.go()\n"
		     "WidgetError: the widget broke\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->quote, "WidgetError: the widget broke");
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* fresh5's classes, in wordings of their own: a traceback whose last frame
 * loads weights quotes its exception's whole line (not the frames before
 * it); a multiprocessing child's "Process X:" before its traceback is an
 * exit; a runner or worker that terminated with a non-zero status crashed,
 * one that exited with status 0 did not */
START_TEST(classes_beyond_their_examples)
{
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;

	bundled_rules(&rs);
	m = classify(&l, &rs,
		     "[w] INFO loading\n"
		     "[w]   File \"/x/models/m.py\", line 9, in load_weights\n"
		     "[w]     param = params[name]\n"
		     "[w] KeyError: 'model.layers.3.mlp.gate.qweight'\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "model-load-failed");
	ck_assert_str_eq(m->quote, "[w] KeyError: 'model.layers.3.mlp.gate.qweight'");
	ck_assert_int_eq(m->line, 4);
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "INFO starting\nException: the widget could not start (3 of 4 up)\n"
		     "Process SpawnProcess-2:\nTraceback (most recent call last):\n");
	ck_assert(m && m->fatal && m->rule->layer == LAYER_UNKNOWN);
	ck_assert_str_eq(m->quote, "Exception: the widget could not start (3 of 4 up)");
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "level=ERROR msg=\"model runner terminated\" error=\"exit status 3\"\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "crashed");
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "INFO worker 2 exited, exit code 0\n"
		     "INFO:     Application startup complete.\n");
	ck_assert(!m || !m->fatal);
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* a signal's death in the words of the shell's locale: glibc's strsignal()
 * and bash's "(core dumped)" in fourteen languages, from Debian's
 * translations (libc.mo, bash.mo). Each name alone on its line, and with
 * the core-dumped note, is a death; its cause is the signal's (Killed has
 * none, as in English). A name inside a sentence is no death. */
START_TEST(signal_deaths_in_the_shells_locales)
{
	static const struct {
		const char *name, *core, *cause;
	} deaths[] = {
		{ "段错误", "（核心已转储）", "crashed" },				/* zh_CN */
		{ "已放弃", "（核心已转储）", "crashed" },				/* zh_CN */
		{ "非法指令", "（核心已转储）", "illegal-instruction" },		/* zh_CN */
		{ "总线错误", "（核心已转储）", "crashed" },				/* zh_CN */
		{ "已杀死", "（核心已转储）", NULL },					/* zh_CN */
		{ "程式記憶體區段錯誤", "(核心已傾印)", "crashed" },			/* zh_TW */
		{ "中止", "(核心已傾印)", "crashed" },					/* zh_TW */
		{ "無效指令", "(核心已傾印)", "illegal-instruction" },			/* zh_TW */
		{ "匯流排錯誤", "(核心已傾印)", "crashed" },				/* zh_TW */
		{ "強制結束", "(核心已傾印)", NULL },					/* zh_TW */
		{ "セグメンテーションフォルト", "(コアダンプ)", "crashed" },		/* ja */
		{ "中止", "(コアダンプ)", "crashed" },					/* ja */
		{ "不正な指定", "(コアダンプ)", "illegal-instruction" },		/* ja */
		{ "バスエラー", "(コアダンプ)", "crashed" },				/* ja */
		{ "強制終了", "(コアダンプ)", NULL },					/* ja */
		{ "세그먼테이션 오류", "(코어 덤프됨)", "crashed" },			/* ko */
		{ "세그멘테이션 오류", "(코어 덤프됨)", "crashed" },			/* ko */
		{ "중지됨", "(코어 덤프됨)", "crashed" },				/* ko */
		{ "명령어가 잘못됨", "(코어 덤프됨)", "illegal-instruction" },		/* ko */
		{ "부적절한 명령", "(코어 덤프됨)", "illegal-instruction" },		/* ko */
		{ "버스 오류", "(코어 덤프됨)", "crashed" },				/* ko */
		{ "죽었음", "(코어 덤프됨)", NULL },					/* ko */
		{ "Adressierungsfehler", "(Speicherabzug geschrieben)", "crashed" },	/* de */
		{ "Speicherzugriffsfehler", "(Speicherabzug geschrieben)", "crashed" }, /* de */
		{ "Abgebrochen", "(Speicherabzug geschrieben)", "crashed" },		/* de */
		{ "Ungültige Anweisung.", "(Speicherabzug geschrieben)",
		  "illegal-instruction" }, /* de */
		{ "Ungültiger Maschinenbefehl", "(Speicherabzug geschrieben)",
		  "illegal-instruction" },					       /* de */
		{ "Bus-Fehler", "(Speicherabzug geschrieben)", "crashed" },	       /* de */
		{ "Bus-Zugriffsfehler", "(Speicherabzug geschrieben)", "crashed" },    /* de */
		{ "Abgebrochen (Killed)", "(Speicherabzug geschrieben)", NULL },       /* de */
		{ "Getötet", "(Speicherabzug geschrieben)", NULL },		       /* de */
		{ "Erreur de segmentation", "(core dumped)", "crashed" },	       /* fr */
		{ "Abandon", "(core dumped)", "crashed" },			       /* fr */
		{ "Instruction incorrecte", "(core dumped)", "illegal-instruction" },  /* fr */
		{ "Instruction non permise", "(core dumped)", "illegal-instruction" }, /* fr */
		{ "Erreur de bus", "(core dumped)", "crashed" },		       /* fr */
		{ "Erreur du bus", "(core dumped)", "crashed" },		       /* fr */
		{ "Processus arrêté", "(core dumped)", NULL },			       /* fr */
		{ "Tué", "(core dumped)", NULL },				       /* fr */
		{ "Violación de segmento", "(`core' generado)", "crashed" },	       /* es */
		{ "Abortado", "(`core' generado)", "crashed" },			       /* es */
		{ "Instrucción ilegal", "(`core' generado)", "illegal-instruction" },  /* es */
		{ "Error del bus", "(`core' generado)", "crashed" },		       /* es */
		{ "Matado", "(`core' generado)", NULL },			       /* es */
		{ "Terminado (killed)", "(`core' generado)", NULL },		       /* es */
		{ "Falha de segmentação", "(imagem do núcleo gravada)", "crashed" },   /* pt_BR */
		{ "Abortado", "(imagem do núcleo gravada)", "crashed" },	       /* pt_BR */
		{ "Instrução ilegal", "(imagem do núcleo gravada)",
		  "illegal-instruction" },					       /* pt_BR */
		{ "Erro do barramento", "(imagem do núcleo gravada)", "crashed" },     /* pt_BR */
		{ "Erro no barramento", "(imagem do núcleo gravada)", "crashed" },     /* pt_BR */
		{ "Morto", "(imagem do núcleo gravada)", NULL },		       /* pt_BR */
		{ "Morto (Killed)", "(imagem do núcleo gravada)", NULL },	       /* pt_BR */
		{ "Ошибка сегментации", "(образ памяти сброшен на диск)", "crashed" }, /* ru */
		{ "Ошибка сегментирования", "(образ памяти сброшен на диск)", "crashed" }, /* ru */
		{ "Аварийный останов", "(образ памяти сброшен на диск)", "crashed" },	   /* ru */
		{ "Недопустимая инструкция", "(образ памяти сброшен на диск)",
		  "illegal-instruction" },					/* ru */
		{ "Ошибка шины", "(образ памяти сброшен на диск)", "crashed" }, /* ru */
		{ "Убит", "(образ памяти сброшен на диск)", NULL },		/* ru */
		{ "Убито", "(образ памяти сброшен на диск)", NULL },		/* ru */
		{ "Errore di segmentazione", "(core dump creato)", "crashed" }, /* it */
		{ "Annullato", "(core dump creato)", "crashed" },		/* it */
		{ "Istruzione non consentita", "(core dump creato)",
		  "illegal-instruction" },						 /* it */
		{ "Errore di bus", "(core dump creato)", "crashed" },			 /* it */
		{ "Ucciso", "(core dump creato)", NULL },				 /* it */
		{ "Naruszenie ochrony pamięci", "(zrzut pamięci)", "crashed" },		 /* pl */
		{ "Przerwane", "(zrzut pamięci)", "crashed" },				 /* pl */
		{ "Błędna instrukcja", "(zrzut pamięci)", "illegal-instruction" },	 /* pl */
		{ "Niedozwolona instrukcja", "(zrzut pamięci)", "illegal-instruction" }, /* pl */
		{ "Błąd szyny", "(zrzut pamięci)", "crashed" },				 /* pl */
		{ "Unicestwiony", "(zrzut pamięci)", NULL },				 /* pl */
		{ "Bölünme hatası", "(çekirdek döküldü)", "crashed" },			 /* tr */
		{ "Parçalama arızası", "(çekirdek döküldü)", "crashed" },		 /* tr */
		{ "İptal edildi", "(çekirdek döküldü)", "crashed" },			 /* tr */
		{ "Geçersiz talimat", "(çekirdek döküldü)", "illegal-instruction" },	 /* tr */
		{ "Yönerge kuraldışı", "(çekirdek döküldü)", "illegal-instruction" },	 /* tr */
		{ "Veri yolu hatası", "(çekirdek döküldü)", "crashed" },		 /* tr */
		{ "Veriyolu hatası", "(çekirdek döküldü)", "crashed" },			 /* tr */
		{ "Süreç durduruldu", "(çekirdek döküldü)", NULL },			 /* tr */
		{ "Öldürüldü", "(çekirdek döküldü)", NULL },				 /* tr */
		{ "Помилка адресування", "(збережено знімок оперативної пам’яті)",
		  "crashed" },							      /* uk */
		{ "Перервано", "(збережено знімок оперативної пам’яті)", "crashed" }, /* uk */
		{ "Помилкова інструкція", "(збережено знімок оперативної пам’яті)",
		  "illegal-instruction" }, /* uk */
		{ "Помилка каналу обміну даними", "(збережено знімок оперативної пам’яті)",
		  "crashed" },								 /* uk */
		{ "Помилка шини", "(збережено знімок оперативної пам’яті)", "crashed" }, /* uk */
		{ "Вбитий", "(збережено знімок оперативної пам’яті)", NULL },		 /* uk */
		{ "Вбито", "(збережено знімок оперативної пам’яті)", NULL },		 /* uk */
		{ "Lỗi phân đoạn", "(xuất ra core)", "crashed" },			 /* vi */
		{ "Bị hủy bỏ", "(xuất ra core)", "crashed" },				 /* vi */
		{ "Chỉ lệnh không hợp lệ", "(xuất ra core)", "illegal-instruction" },	 /* vi */
		{ "Câu lệnh không được phép", "(xuất ra core)", "illegal-instruction" }, /* vi */
		{ "Lỗi bus", "(xuất ra core)", "crashed" },				 /* vi */
		{ "Bị buộc kết thúc", "(xuất ra core)", NULL },				 /* vi */
		{ "Bị giết", "(xuất ra core)", NULL },					 /* vi */
	};
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;
	size_t i;

	bundled_rules(&rs);
	for (i = 0; i < sizeof(deaths) / sizeof(deaths[0]); i++) {
		char text[512];
		int alone;

		for (alone = 0; alone < 2; alone++) {
			snprintf(text, sizeof(text), "widget: loading\n%s%s%s\n", deaths[i].name,
				 alone ? "" : "               ", alone ? "" : deaths[i].core);
			m = classify(&l, &rs, text);
			ck_assert_msg(m && m->fatal, "%s: nothing fatal", text);
			if (deaths[i].cause && alone)
				ck_assert_msg(!strcmp(m->rule->cause, deaths[i].cause), "%s: %s",
					      deaths[i].name, m->rule->cause);
			enginelog_release(&l);
		}
	}
	/* the short ones inside a sentence say something else */
	m = classify(&l, &rs, "widget: loading\nAbandon the widget cache and rebuild it\n");
	ck_assert(!m || !m->fatal);
	enginelog_release(&l);
	m = classify(&l, &rs, "widget: loading\n中止 the old widget, then start\n");
	ck_assert(!m || !m->fatal);
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* A message its writer wrapped after a space ("... does not support the "
 * then "deployment configuration ..."), the rest going on as a sentence, is
 * quoted whole (fresh431-vllm-33416); a line that only ends in a word, or a
 * terminal's width, keeps its quote: what follows may be the log's next
 * record ("srv  operator (): cleaning up before exit...") */
START_TEST(a_wrapped_message_is_quoted_whole)
{
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;

	bundled_rules(&rs);
	m = classify(&l, &rs,
		     "ValueError: Widget MoE backend 'FROB_CUTLASS' does not support the \n"
		     "deployment configuration since its kernel does not support this device.\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "not-supported");
	ck_assert_str_eq(m->quote,
			 "ValueError: Widget MoE backend 'FROB_CUTLASS' does not support the "
			 "deployment configuration since its kernel does not support this "
			 "device.");
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "main: couldn't bind HTTP server socket, hostname: 127.0.0.1, port: 8080\n"
		     "srv   operator (): operator (): cleaning up before exit...\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->quote,
			 "main: couldn't bind HTTP server socket, hostname: 127.0.0.1, port: 8080");
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* the classes fresh6 and fresh7 found missing, each in other words than
 * its excerpt's: a log cut inside a traceback before it served (quoting
 * what the traceback said it was, under a log prefix too) but not after; a
 * component that "crashed", with its number or not; a router that cannot
 * reach its backend; any buffer that could not be allocated; a debugger's
 * EPERM after a crash is not the cause, an OS error's is; a lone exception
 * line ending a log that never served (not a warning's, not after it
 * served); an abort; an assertion that a load failed; an exit code padded
 * with spaces; a message its writer broke after ':' (fresh8), quoted whole;
 * fresh9's: a component that has died, the engine-dead exception, a named
 * signal, a collective that timed out, an operation the device lacks;
 * fresh10's: an MPI error between ranks, inside the crash it causes;
 * and the later rounds' below, each under its round */
START_TEST(held_out_classes)
{
	static const struct {
		const char *log, *class, *quote;
	} cases[] = {
		/* a parser's refusals each in its own words, so that no
		 * "error:" of every raised exception need bring the class's
		 * pattern to the line */
		{ "widget: error: the following arguments are required: --widget-path\n",
		  "bad-argument", "the following arguments are required" },
		{ "widget: error: argument --widget-size: expected one argument\n", "bad-argument",
		  "expected one argument" },
		{ "error: unexpected argument '--widget' found\n", "bad-argument",
		  "'--widget' found" },
		{ "Error: Missing option '--widget'.\n", "bad-argument", "Missing option" },
		{ "ValueError: widgets (7) is not divisible by gears (2)\n", "bad-argument",
		  "widgets (7)" },
		{ "widget: error: unrecognized arguments: --widget\n", "bad-argument", "--widget" },
		/* CANN's allocation failure under its "Possible Cause" lines,
		 * its size in brackets before "bytes" (fresh415-vllm-omni-2259):
		 * the line with the size is quoted */
		{ "E widget:1]         Possible Cause: Available memory is insufficient.\n"
		  "E widget:1]         Failed to allocate [size:8192] bytes of widget memory.\n",
		  "out-of-memory", "[size:8192] bytes" },
		{ "widget_alloc: failed to allocate 65536 bytes\n", "out-of-memory",
		  "65536 bytes" },
		/* a runtime's planned region too small for what it must hold:
		 * TVM's "storage allocation failure" under a Check failed, read
		 * as the assertion it is written as (fresh418-mlc-860) */
		{ "[05:04:00] widget/memory_manager.cc:115: InternalError: Check failed: (offset + "
		  "needed_size <= this->buffer.size) is false: storage allocation failure, "
		  "attempted to allocate 4096 at offset 0 in region that is 2048bytes\n",
		  "out-of-memory", "attempted to allocate 4096" },
		/* ROCm's runtime naming the hardware exception that ends the
		 * process (fresh332's, read right only while joined to the next
		 * line) */
		{ "HW Exception by GPU node-3 (Agent handle: 0x5a1) reason :Widget fault\n"
		  "[widget:123] *** Process received signal ***\n",
		  "crashed", "reason :Widget fault" },
		/* the not-supported class's words, each looked for as itself */
		{ "llama_model_load: error loading model: unknown pre-tokenizer type: 'widget'\n",
		  "not-supported", "pre-tokenizer type: 'widget'" },
		{ "ValueError: unknown tokenizer: 'widget'\n", "not-supported", "'widget'" },
		{ "RuntimeError: this chip only supports widget kernels\n", "not-supported",
		  "widget kernels" },
		{ "ValueError: WidgetForCausalLM is not a registered model\n", "not-supported",
		  "WidgetForCausalLM" },
		{ "ValueError: WidgetLM not found in the model registry\n", "not-supported",
		  "WidgetLM" },
		/* a build for a newer GPU than the one it runs on, in TEI's
		 * words under Rust's cause chain (fresh422-tei-137) */
		{ "Error: Could not create widget\n\nCaused by:\n"
		  "    Could not start widget: Runtime compute cap 52 is not compatible with "
		  "compile time compute cap 75\n",
		  "not-supported", "compute cap 52" },
		/* a process that ended with a plain status (1 to 127) ended on
		 * an error it reported, no crash (fresh422-tlab-213); a runner
		 * that did is a part of the engine that died; a signal's
		 * status is a crash whoever ended with it */
		{ "Failed to start widget: Process terminated prematurely with exit code 1\n",
		  "unknown", "exit code 1" },
		{ "Error: widget runner process has terminated: exit status 1\n", "crashed",
		  "exit status 1" },
		{ "Failed to start widget: Process terminated prematurely with exit code 139\n",
		  "crashed", "exit code 139" },
		{ "[p] INFO 1 [a.py:3] loading\n"
		  "[p] ERROR 1 [a.py:9] Failure in child during method warm_up.\n"
		  "[p] ERROR 1 [a.py:9] Traceback (most recent call last):\n"
		  "[p] ERROR 1 [a.py:9]   File \"/x/w.py\", line 3, in run\n"
		  "[p] ERROR 1 [a.py:9]     out = self.step(batch)\n"
		  "[p] ERROR 1 [a.py:9]           ^^^^^^^^^^^^^^^^\n",
		  "unknown", "[p] ERROR 1 [a.py:9] Failure in child during method warm_up." },
		{ "[12:00 TP3] Worker loop hit an error: Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 3, in run\n",
		  "unknown",
		  "[12:00 TP3] Worker loop hit an error: Traceback (most recent call last):" },
		{ "[X] [E] [core][RANK 2] Scheduler thread crashed; stopping every rank\n",
		  "crashed", "Scheduler thread crashed" },
		{ "ERROR router: Server error: error trying to connect: Connection refused (os "
		  "error "
		  "111)\n",
		  "crashed", "error trying to connect" },
		{ "cpu_alloc: failed to allocate Metal buffer of size 1024\n", "out-of-memory",
		  "failed to allocate Metal buffer" },
		/* a traceback under a prefix no collector is known by (stern's
		 * "pod container ", a build's step): its exception under the
		 * same prefix ends it */
		{ "widget-7f9c widget Traceback (most recent call last):\n"
		  "widget-7f9c widget   File \"/x/w.py\", line 3, in f\n"
		  "widget-7f9c widget     frob()\n"
		  "widget-7f9c widget FrobError: the widget frobbed (3 != 4)\n",
		  "unknown", "widget-7f9c widget FrobError: the widget frobbed (3 != 4)" },
		{ "#15 12.34 Traceback (most recent call last):\n"
		  "#15 12.34   File \"/x/w.py\", line 3, in f\n"
		  "#15 12.34 widget.WidgetError: no widget\n",
		  "unknown", "widget.WidgetError: no widget" },
		/* the CUDA runtime's and driver's errors of a launch gone
		 * wrong, as PyTorch and Triton raise them: a crash; its
		 * initialization error: the driver's */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "RuntimeError: CUDA error: invalid configuration argument\n",
		  "crashed", "CUDA error: invalid configuration argument" },
		{ "widget: RuntimeError: CUDA driver error: launch failure\n", "crashed",
		  "CUDA driver error: launch failure" },
		{ "widget: RuntimeError: Triton Error [CUDA]: invalid resource handle\n", "crashed",
		  "Triton Error [CUDA]: invalid resource handle" },
		{ "widget: RuntimeError: HIP error: initialization error\n", "driver-mismatch",
		  "HIP error: initialization error" },
		/* a port the engine's own check found taken, options it will
		 * not take together, a value not in its list, a kind it does
		 * not support: LMDeploy's kinds of words, in others */
		{ "widget: ValueError: Port 9123 is unavailable\n", "address-in-use",
		  "Port 9123 is unavailable" },
		{ "RuntimeError: --widget-cache and --widget-offload cannot be used at the same "
		  "time\n",
		  "bad-argument", "cannot be used at the same time" },
		{ "ValueError: the response parser wid is not in the parser list: ['a', 'b']\n",
		  "bad-argument", "is not in the parser list" },
		{ "ValueError: Invalid widget mode: turbo. Valid options are: slow, fast\n",
		  "bad-argument", "Invalid widget mode: turbo." },
		{ "RuntimeError: Unsupported widget kind: sprocket\n", "not-supported",
		  "Unsupported widget kind: sprocket" },
		{ "RuntimeError: Widget sprockets not supported.\n", "not-supported",
		  "Widget sprockets not supported." },
		/* TGI's kinds of words, in others: a feature not yet or only
		 * partly supported, options set together, a value or a model
		 * not given, a host without its devices, a framework that
		 * would not import, weights not there */
		{ "RuntimeError: Widgets with sprocket quantization are not yet supported\n",
		  "not-supported", "are not yet supported" },
		{ "ValueError: Widget kernel supports only bits=4, requested bits=3\n",
		  "not-supported", "supports only bits=4" },
		{ "RuntimeError: Only one can be set between `widget` and `sprocket`\n",
		  "bad-argument", "Only one can be set" },
		{ "Exception: No model path given! Pass --widget-model\n", "bad-argument",
		  "No model path given" },
		{ "RuntimeError: Unknown dtype float7\n", "bad-argument", "Unknown dtype float7" },
		{ "SystemError: No NeuronCores found on the widget host\n", "driver-mismatch",
		  "No NeuronCores found" },
		{ "ValueError: Trying to use the widget, but could not import widget_kernels\n",
		  "import-error", "could not import widget_kernels" },
		{ "huggingface_hub.errors.EntryNotFoundError: No pytorch weights found for model "
		  "w/widget\n",
		  "not-found", "No pytorch weights found for model" },
		/* Ollama's runner that never came up, for a cause no class
		 * knows: the model did not load, a death of unknown cause */
		{ "time=2025-12-05T10:00:00.000Z level=INFO source=server.go:1 msg=\"starting "
		  "widget runner\"\n"
		  "time=2025-12-05T10:00:03.000Z level=ERROR source=sched.go:9 msg=\"error loading "
		  "llama server\" error=\"the widget's sprocket table is empty\"\n",
		  "unknown", "error=\"the widget's sprocket table is empty\"" },
		/* an abort at a line of the engine's own C++ source (llama.cpp's
		 * GGML_ABORT outside ggml's files), with or without
		 * llama-server's log prefix; a value its loader refused */
		{ "/build/widget/src/widget-graph.cpp:512: unknown widget state\n"
		  "/lib/libwidget.so(+0x1234)[0x7f00]\nAborted (core dumped)\n",
		  "crashed", "widget-graph.cpp:512: unknown widget state" },
		{ "0.01.002.003 E /w/widget.cpp:9: fatal error\n", "crashed",
		  "/w/widget.cpp:9: fatal error" },
		{ "widget_init: invalid value for widget_gpu: 4 (available devices: 1)\n",
		  "bad-argument", "invalid value for widget_gpu: 4" },
		/* the container engine's word that the engine's container is
		 * gone (fresh214's, generalized), or its port taken */
		{ "$ widget run w\nError response from daemon: No such container: widget_1\n",
		  "unknown", "No such container: widget_1" },
		/* MPI's own errors when an engine spawns its workers
		 * (fresh215's, in other words) */
		{ "Exception in thread widget_spawn:\n"
		  "widget.MPI.Exception: MPI_ERR_SPAWN: could not spawn processes\n",
		  "distributed-init", "MPI_ERR_SPAWN: could not spawn processes" },
		{ "[node:17] PRTE ERROR: Not found in file base/widget.c at line 9\n",
		  "distributed-init", "PRTE ERROR: Not found" },
		{ "docker: Error response from daemon: driver failed programming external "
		  "connectivity on endpoint widget (1): Bind for 0.0.0.0:9000 failed: port is "
		  "already allocated.\n",
		  "address-in-use", "port is already allocated" },
		/* fresh217's, in other words: a request to a runner answered
		 * EOF or reset is an echo of its end, not why it ended (the
		 * line with its exit status or signal says more, before it or
		 * after); a Go panic whose goroutine's number the user elided;
		 * the line that names a CUDA or HIP error's kind when the
		 * error's own line was cut */
		{ "level=ERROR source=w.go:9 msg=\"widget call\" error=\"Post "
		  "\\\"http://localhost:9/widget\\\": EOF\"\n"
		  "Error: widget runner process has terminated: exit status 2\n",
		  "crashed", "exit status 2" },
		{ "time=1 level=ERROR source=server.go:3 msg=\"llama runner terminated\" "
		  "error=\"signal: killed\"\n"
		  "time=1 level=ERROR source=server.go:9 msg=\"post predict\" error=\"Post "
		  "\\\"http://127.0.0.1:7/completion\\\": read: connection reset by peer\"\n",
		  "crashed", "signal: killed" },
		{ "time=1 level=INFO msg=\"widget ready\"\npanic: the widget frobbed\n\n"
		  "goroutine ... [running]:\nmain.widget(...)\n",
		  "crashed", "panic: the widget frobbed" },
		{ "ERROR 10:00 [core.py:9] Search for `cudaErrorLaunchFailure' in "
		  "https://docs.nvidia.com/x.html for more information.\n"
		  "ERROR 10:00 [core.py:9] CUDA kernel errors might be asynchronously reported\n"
		  "ERROR 10:01 [async_llm.py:9] AsyncLLM output_handler failed.\n",
		  "crashed", "cudaErrorLaunchFailure" },
		{ "widget: Search for `hipErrorIllegalAddress' in https://rocm.docs.amd.com/"
		  "x.html for more information.\n",
		  "crashed", "hipErrorIllegalAddress" },
		/* fresh218's, in other words: a debugger's backtrace through
		 * the C library's abort (the assertion's own line not pasted),
		 * Cosmopolitan's report of an uncaught signal, and the assert()
		 * of a C library that says where it failed */
		{ "widget: loading\n[New LWP 5]\n"
		  "#0  0x00007f0000000001 in __pthread_kill_implementation ()\n"
		  "#1  0x00007f0000000002 in __GI_abort () at ./stdlib/abort.c:79\n",
		  "crashed", "__GI_abort" },
		{ "widget: serving\nerror: Uncaught SIGABRT (SI_USER) on widget pid 9 tid 9\n"
		  " /x/widget\n",
		  "crashed", "Uncaught SIGABRT (SI_USER)" },
		{ "widget: serving\n./widget/w.h:12: assert(n > 0) failed (cosmoaddr2line "
		  "/x/widget 80006 80007)\n",
		  "crashed", "assert(n > 0) failed" },
		/* the kinds LightLLM's, TabbyAPI's and ExLlamaV2's own
		 * messages taught (read in their source), in other words: a
		 * backend or a format no longer supported, an operation not
		 * supported for a part, an unsupported op, LightLLM's
		 * "Unsupport"; too little VRAM; no weight files of a kind; a
		 * chat template not found; ports in use or already used; too
		 * few devices given; a TCP store's timeout */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: The widget backend is no longer supported. Use widget3.\n",
		  "not-supported", "is no longer supported" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: tp_load not supported for the widget tower\n",
		  "not-supported", "tp_load not supported for the widget tower" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: Error: unsupported op in /m/w: frob\n",
		  "not-supported", "unsupported op in /m/w: frob" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: Unsupport dtype int3 for the widget\n",
		  "not-supported", "Unsupport dtype int3" },
		{ "widget: RuntimeError: Insufficient VRAM for the widget cache\n", "out-of-memory",
		  "Insufficient VRAM" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: No .gguf files found in /m/w\n",
		  "not-found", "No .gguf files found in /m/w" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "WidgetError: Chat template \"w\" was not found in the model folder\n",
		  "chat-template", "Chat template \"w\" was not found" },
		{ "INFO widget\nERROR Ports 7000 and 7001 are already in use; free them or pick "
		  "others.\n",
		  "address-in-use", "Ports 7000 and 7001 are already in use" },
		{ "INFO widget\nERROR 01-01 10:00:00 [w.py:9] port 7000 has already been used\n",
		  "address-in-use", "port 7000 has already been used" },
		{ "INFO widget\nERROR 01-01 10:00:00 [w.py:9] Not enough devices given: need 4, "
		  "got 2.\n",
		  "bad-argument", "Not enough devices given: need 4, got 2." },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "Exception: TCPStore rank 2 state time out\n",
		  "distributed-init", "TCPStore rank 2 state time out" },
		/* KTransformers', llama-swap's and LocalAI's own messages
		 * (read in their source), in other words: memory requirements
		 * not met; a build that needs a newer processor; a file of a
		 * known kind not found; a build without a feature of two
		 * words; a flag a launcher requires; a feature not supported
		 * yet; a checkpoint's path not found; a library's ABI; and
		 * zerolog's levels: its ERR line is the error that says why a
		 * process ended, its FTL an exit */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: Device memory requirements are not met for the widget\n",
		  "out-of-memory", "memory requirements are not met" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "RuntimeError: this widget build requires a newer GPU than the one found\n",
		  "not-supported", "requires a newer GPU" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: widget.yaml was not found in /m/w\n",
		  "not-found", "widget.yaml was not found in /m/w" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "RuntimeError: widget_ext was not compiled with FROB WIDE support\n",
		  "not-supported", "not compiled with FROB WIDE support" },
		{ "INF starting\nERR --widget-port is required\nexit status 1\n", "bad-argument",
		  "--widget-port is required" },
		{ "INF starting\nERR at least one of -widget or -widget-dir must be set\n"
		  "exit status 1\n",
		  "bad-argument", "at least one of -widget or -widget-dir must be set" },
		{ "INF starting\nERR failed to start error=\"widget streaming is not "
		  "supported yet\"\nexit status 1\n",
		  "not-supported", "is not supported yet" },
		{ "INF starting\nERR failed to start error=\"widget: checkpoint /m/w.bin not "
		  "found\"\nexit status 1\n",
		  "not-found", "checkpoint /m/w.bin not found" },
		{ "INF starting\nERR failed to start error=\"widget: ABI mismatch: libwidget "
		  "v4, built for v3\"\nexit status 1\n",
		  "import-error", "ABI mismatch" },
		{ "10:02AM INF starting\n10:02AM ERR the widget frobbed error=\"bad frob\"\n"
		  "exit status 1\n",
		  "unknown", "ERR the widget frobbed" },
		/* fresh220's, in other words: a runtime's registry without
		 * the symbol a package calls, under the terminate it causes */
		{ "widget: loading\nterminate called after throwing an instance of "
		  "'widget::Error'\n  what():  Symbol widget.frob_v2 not found\n"
		  "Aborted (core dumped)\n",
		  "import-error", "Symbol widget.frob_v2 not found" },
		/* fresh221's, in other words: of two lines of one class, the
		 * last exception's is the decisive one, whichever came first */
		{ "widget: start\nFailed to load model.\nError loading model: WidgetError: the "
		  "frob broke at layer 3\n",
		  "model-load-failed", "WidgetError: the frob broke at layer 3" },
		{ "widget: start\nFailed to load model.\n\nError while loading the model: "
		  "WidgetError: the frob broke at layer 3\n",
		  "model-load-failed", "WidgetError: the frob broke at layer 3" },
		/* fresh222's, in other words: a launcher that could not
		 * spawn its server at all, as its user quotes it */
		{ "widget-launcher: failed to spawn widget-server, not such file or directory\n",
		  "not-found", "failed to spawn widget-server" },
		/* fresh223's, in other words: a Vulkan device lost, with no
		 * terminate after it; a GPU runtime that could not be loaded */
		{ "0.10.000.001 I slot widget: processing\n0.10.000.002 E ggml_vulkan: device lost "
		  "on Vulkan1\n0.10.000.003 E srv  update_slots: decode() failed: widget\n",
		  "crashed", "device lost on Vulkan1" },
		{ "ERROR 01-01 10:00:00 [core.py:9] cuda runtime could not be loaded.\n",
		  "driver-mismatch", "cuda runtime could not be loaded" },
		/* fresh224's, in other words: a part that gives no response */
		{ "2026-01-01T00:00:00Z ERROR widget::engine: [Engine Loop] Step error: worker 3 "
		  "step failed, no response!\n",
		  "crashed", "worker 3 step failed, no response!" },
		/* fresh226's, in other words: an exit 127 whose next line names
		 * the library missing; a backend that needs another format */
		{ "widget-runner exited with code 127\nwidget-runner: error while loading shared "
		  "libraries: libwidget.so.3: cannot open shared object file: No such file or "
		  "directory\n",
		  "import-error", "libwidget.so.3: cannot open shared object file" },
		{ "Error: cannot start the widget: safetensors weights required by the widget "
		  "backend\n",
		  "not-supported", "safetensors weights required" },
		/* fresh227's, in other words: a reload that failed; a Rust
		 * error's Debug form ending the log; a launcher that gives up
		 * serving, then says why at Python logging's dashed level */
		{ "widget-app: Failed to reload model after update\n", "model-load-failed",
		  "Failed to reload model after update" },
		{ "WidgetLaunchError { message: \"the widget runner stopped\" }\n", "unknown",
		  "the widget runner stopped" },
		{ "2026-01-01 10:00:00 - INFO - starting widget\n2026-01-01 10:00:05 - CRITICAL - "
		  "Failed to serve the model widget-7b\n2026-01-01 10:00:05 - ERROR - widget "
		  "server "
		  "did not answer its health check within 30 s\n",
		  "unknown", "did not answer its health check within 30 s" },
		/* fresh228's, in other words: a weights format named alone as
		 * not found; a config without a key every model's has */
		{ "widget-serve ERROR loading: No gguf found under /srv/models/widget\n",
		  "not-found", "No gguf found under /srv/models/widget" },
		{ "Traceback (most recent call last):\n  File \"/x/load.py\", line 3, in load\n"
		  "    cls = MODELS[cfg[\"architectures\"]]\nKeyError: 'architectures'\n",
		  "model-load-failed", "KeyError: 'architectures'" },
		/* fresh230's, in other words: an engine that could not launch
		 * its workers; a negative KV cache budget */
		{ "widget-engine ERROR failed to launch workers; see widget-worker.log\n",
		  "unknown", "failed to launch workers" },
		{ "INFO 01-01 10:00:00 [worker.py:9] Weights took 30.1 GiB\nINFO 01-01 10:00:00 "
		  "[worker.py:9] Available KV cache memory: -2.50 GiB\n",
		  "out-of-memory", "Available KV cache memory: -2.50 GiB" },
		/* fresh231's, in other words: an operation of a type the device
		 * lacks; a serving graph that failed; spdlog's bracketed error
		 * level says why the process then exited */
		{ "[2026-01-01 10:00:00.000][7][widgets][error][widget.cpp:12] Cannot build the "
		  "widget; error: Exception from w.cpp:3:\nLayer: Sprocket_12 of type "
		  "Sprocket(custom) is not supported\n",
		  "not-supported", "of type Sprocket(custom) is not supported" },
		{ "[2026-01-01 10:00:00.000][1][widgets][error][graph.cpp:4] Failed to process "
		  "node "
		  "graph for widget-7b\n[2026-01-01 10:00:00.001][1][widgets][info][w.cpp:9] "
		  "widget "
		  "manager running\n",
		  "model-load-failed", "Failed to process node graph for widget-7b" },
		{ "[2026-01-01 10:00:00.000][1][serving][error][w.cpp:9] the widget manager gave "
		  "up\nwidget-server exited with code 1\n",
		  "unknown", "the widget manager gave up" },
		/* the own messages of six more servers (read in their source:
		 * Docker Model Runner, OpenVINO Model Server, Lemonade, vLLM
		 * Ascend, mlx-lm, FastDeploy), in other words: an operating
		 * system or platform not supported; a model's directory or a
		 * path missing; a load that failed, of a model of any kind; a
		 * symbol or library that did not load, a module to install;
		 * no free port; a chat template the renderer cannot read */
		{ "widget-runner: unsupported operating system: plan9\n", "not-supported",
		  "unsupported operating system: plan9" },
		{ "widget: Metal sprocket only supported on macOS\n", "not-supported",
		  "Metal sprocket only supported on macOS" },
		{ "[2026-01-01 10:00:00.000][1][serving][error][w.cpp:3] Missing model dir "
		  "/srv/widget\n",
		  "not-found", "Missing model dir /srv/widget" },
		{ "ERROR widget: weights_path: /srv/w does not exist\n", "not-found",
		  "weights_path: /srv/w does not exist" },
		{ "ERROR widget: Error occurred while loading model widget-7b: bad header\n",
		  "model-load-failed", "Error occurred while loading model widget-7b" },
		{ "ERROR: Cannot load symbol widget_init from libwidget.so\n", "import-error",
		  "Cannot load symbol widget_init" },
		{ "widget: Can't import sprocket, please install it with pip\n", "import-error",
		  "Can't import sprocket, please install it" },
		{ "widget-router: failed to find 2 free ports for the workers\n", "address-in-use",
		  "failed to find 2 free ports" },
		{ "widget: Failed to load speech model: widget-tts\n", "model-load-failed",
		  "Failed to load speech model" },
		{ "[2026-01-01 10:00:00.000] [error] The chat template is not compatible with the "
		  "widget renderer\n",
		  "chat-template", "chat template is not compatible" },
		/* the error level in the shapes loggers write it (loguru's, Python's
		 * default, a bracketed one, Spring's, glog's, zap's, structlog's,
		 * a logger's name and pid before it): the last error line before
		 * the death is quoted, not the exit */
		{ "widget: starting\n2026-01-01 10:00:00.000 | ERROR    | widget.server:start:42 - "
		  "the sprocket pool ran dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\nERROR:widget.server:the sprocket pool ran dry\nwidget-server "
		  "exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\n2026-01-01 10:00:00,000 [ERROR] widget: the sprocket pool ran "
		  "dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\n2026-01-01 10:00:00.000 ERROR 1 --- [main] w.Server : the "
		  "sprocket pool ran dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\nE0101 10:00:00.000000 12345 server.cc:42] the sprocket pool "
		  "ran dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\n2026-01-01T10:00:00.000Z\terror\twidget/server.go:42\tthe "
		  "sprocket pool ran dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\n2026-01-01T10:00:00Z [error    ] the sprocket pool ran "
		  "dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		{ "widget: starting\n2026-01-01 10:00:00 widget.core 4242 ERROR    the sprocket "
		  "pool ran dry\nwidget-server exited with code 1\n",
		  "unknown", "the sprocket pool ran dry" },
		/* an exit at the fatal level that says why itself, after an
		 * error line: its words (the exit marker's "says") */
		{ "2026-01-01 10:00:00.000  INFO  starting widget\n2026-01-01 10:00:00.001  ERROR "
		  "stage failed | planning | 2 ms\n2026-01-01 10:00:00.002  FATAL widget failed "
		  "during startup | the sprocket is missing\n",
		  "unknown", "the sprocket is missing" },
		/* fresh233's, in other words: a traceback cut after frames a
		 * paste flattened behind their prefix, blank lines between */
		{ "Sprocket failed to start.\n(w-3 pid=7) ERROR 01-01 10:00:00 [sprocket.py:9] "
		  "Traceback (most recent call last):\n\n(w-3 pid=7) ERROR 01-01 10:00:00 "
		  "[sprocket.py:9] File \"/x/s.py\", line 4, in main\n\n(w-3 pid=7) ERROR 01-01 "
		  "10:00:00 [sprocket.py:9] s = Sprocket(cfg)\n",
		  "unknown", "Sprocket failed to start." },
		/* a server's own request lines, the status right after the path
		 * (tracing's, Lemonade's): every chat request failing */
		{ "widget: serving\n2026-01-01T10:00:00Z  INFO widget::http: POST "
		  "/v1/chat/completions 500 3ms\n2026-01-01T10:00:01Z  INFO widget::http: POST "
		  "/v1/chat/completions 500 2ms\n2026-01-01T10:00:02Z  INFO widget::http: POST "
		  "/v1/chat/completions 503 2ms\n",
		  "request-failures", "POST /v1/chat/completions 500" },
		/* fresh234's, in other words: ptxas's error line says why, before
		 * its fatal one */
		{ "[rank0]:E0101 10:00:00.000000 7 w.py:9] ptxas /tmp/w.ptx, line 3; error   : "
		  "Feature 'widget' does not support .target sm_130\n[rank0]:E0101 "
		  "10:00:00.000000 7 w.py:9] ptxas fatal   : Ptx assembly aborted due to errors\n",
		  "driver-mismatch", "Feature 'widget' does not support .target sm_130" },
		/* other runtimes' memory words: Metal's largest buffer (MLX's),
		 * a tensor no memory was left for (TensorFlow's, XLA's) */
		{ "widget: loading\n[metal::malloc] Attempting to allocate 9000000000 bytes which "
		  "is "
		  "greater than the maximum allowed buffer size of 8000000000 bytes.\n",
		  "out-of-memory", "greater than the maximum allowed buffer size of 8000000000" },
		{ "widget: loading\nResourceExhaustedError: OOM when allocating tensor with "
		  "shape[8,1024]\n",
		  "out-of-memory", "OOM when allocating tensor with shape[8,1024]" },
		/* a GPU too old for the build; a machine without a CUDA device */
		{ "widget: loading\nRuntimeError: widget kernels: GPU is too old (compute "
		  "capability "
		  "5.2 < 7.5)\n",
		  "not-supported", "GPU is too old" },
		{ "widget: loading\nRuntimeError: the widget host has no CUDA devices\n",
		  "driver-mismatch", "has no CUDA devices" },
		/* other runtimes' words: clap's old refusal of an argument; a
		 * value that must be a positive number; Go's read-only file
		 * system; torch's write that failed */
		{ "widget: loading\nerror: Found argument '--sprockets' which wasn't expected, or "
		  "isn't valid in this context\n",
		  "bad-argument", "Found argument '--sprockets' which wasn't expected" },
		{ "widget: loading\nValueError: sprocket_count must be a positive integer\n",
		  "bad-argument", "sprocket_count must be a positive integer" },
		{ "widget: loading\nError: open /srv/widget/cache: read-only file system\n",
		  "permission-denied", "open /srv/widget/cache: read-only file system" },
		{ "widget: loading\nRuntimeError: [enforce fail at inline_container.cc:9] . "
		  "PytorchStreamWriter failed writing file data/3: file write failed\n",
		  "no-space", "PytorchStreamWriter failed writing file data/3" },
		/* fresh235's, in other words: a runtime's config it cannot parse,
		 * said after the load's headline; an error that sends its reader
		 * to install a package; a model its runtime could not create */
		{ "widget: loading\n[10:00:01 ERR] Failed loading model widget-7b\nwidget-runtime: "
		  "Error encountered while parsing '/m/w/runtime_config.json' JSON Error: decoder: "
		  "Unknown value \"rope_kind\" at line 9 index 4\n",
		  "model-load-failed", "Unknown value \"rope_kind\"" },
		{ "widget: loading\nwidget: Error loading ONNX models, please refer to the manual "
		  "to "
		  "install widget-rt package\n",
		  "import-error", "please refer to the manual to install widget-rt package" },
		{ "widget: loading\nwidget: sprocket model creation failed (code 12)\n",
		  "model-load-failed", "sprocket model creation failed (code 12)" },
		/* after the engine came up, a traceback whose own exception ends
		 * the log is still a death (the other side of a plain error
		 * line after one, which is not) */
		{ "INFO:     Application startup complete.\nTraceback (most recent call last):\n  "
		  "File \"/x/w.py\", line 3, in f\n    g()\nWidgetError: the widget engine is "
		  "gone\n",
		  "unknown", "WidgetError: the widget engine is gone" },
		/* fresh239's: a C extension's exception class in lower camel case
		 * under its module (NIXL's binding), and a plain error line
		 * another part writes after a traceback's exception with other
		 * lines between (Ray's unhandled error as its executor shuts down):
		 * the exception says why */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\nwidget._native.widgetSpinError: WIDGET_ERR_SPIN\n",
		  "unknown", "widgetSpinError: WIDGET_ERR_SPIN" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\nRuntimeError: the widget spun out\n"
		  "INFO 01-01 10:00:00 [pool.py:9] Shutting down the widget pool.\n"
		  "2026-01-01 10:00:00,001\tERROR pool.py:42 -- Unhandled error: "
		  "widget.Worker.run()\n",
		  "unknown", "the widget spun out" },
		/* fresh240's: a worker that died of SIGTERM (-15) was stopped by
		 * its parent, no crash; and the info line before a traceback cut
		 * short, after a worker's death or an error, does not say what
		 * the traceback is: the death or error does */
		{ "2026-01-01T10:00:00.000Z ERROR pool.run: Widget worker pid 7 died, exit code: "
		  "-15\n"
		  "2026-01-01T10:00:00.001Z  INFO pool.run: Stopping the other widget workers\n"
		  "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\n",
		  "unknown", "died, exit code: -15" },
		{ "2026-01-01 10:00:00,000 - widget - ERROR - The widget refused to spin\n"
		  "2026-01-01 10:00:00,001 - widget - INFO - Cleaning up the widgets\n"
		  "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\n",
		  "unknown", "The widget refused to spin" },
		/* GPUStack's and text-generation-webui's own messages (read in
		 * their source), in other words: a repository whose access is
		 * restricted, ports taken or none left, a path to the model that
		 * does not exist, no models of a format in a folder, an
		 * architecture not recognised, a kernel supported only on other
		 * GPUs, a model file of an outdated format, a library not found
		 * with the pip command that installs it, an extension's
		 * requirements, a pretrained config that failed to load */
		{ "ValueError: Access to this repository is restricted. Ask its owner.\n",
		  "model-access", "Access to this repository is restricted" },
		{ "RuntimeError: No open ports left in the widget range 7000-7010\n",
		  "address-in-use", "No open ports left" },
		{ "RuntimeError: Port conflict: 7001 is taken by the widget\n", "address-in-use",
		  "Port conflict: 7001" },
		{ "RuntimeError: Port 7001 required for service 'widget' is not available.\n",
		  "address-in-use", "Port 7001 required" },
		{ "RuntimeError: One or more required ports are in use.\n", "address-in-use",
		  "required ports are in use" },
		{ "RuntimeError: The path to the weights does not exist: /x/widget\n", "not-found",
		  "path to the weights does not exist" },
		{ "RuntimeError: No GGUF models found under /x/widget\n", "not-found",
		  "No GGUF models found under" },
		{ "ValueError: Unrecognized model architecture: WidgetForCausalLM\n",
		  "not-supported", "Unrecognized model architecture" },
		{ "RuntimeError: The widget kernel is supported only on AMD GPUs.\n",
		  "not-supported", "supported only on AMD GPUs" },
		{ "Exception: This is an outdated GGML file, please convert it again\n",
		  "not-supported", "outdated GGML file" },
		{ "RuntimeError: The widget_kit library was not found. Please run pip install "
		  "widget-kit\n",
		  "import-error", "widget_kit library was not found" },
		{ "RuntimeError: Extension widget failed. Make sure to install the requirements "
		  "of widget.\n",
		  "import-error", "Make sure to install the requirements" },
		{ "RuntimeError: Failed to load pretrained config for /x/widget\n",
		  "model-load-failed", "Failed to load pretrained config" },
		/* KoboldCpp's own warning that its port seems taken, in other
		 * words */
		{ "Warning: Port 7001 already seems to be in use by another widget.\nwidget: "
		  "loading\n",
		  "address-in-use", "Port 7001 already seems to be in use" },
		/* fresh243's: a C++ exception's what() read like a raised
		 * message (MLX's CPU matmul only in one type), MLX's distributed
		 * transports failing, a download that cannot reach the hub */
		{ "terminate called after throwing an instance of 'std::runtime_error'\n"
		  "  what():  [Widget::spin] Currently only supports int8.\nAborted (core "
		  "dumped)\n",
		  "not-supported", "Currently only supports int8" },
		{ "RuntimeError: [ring] Send failed with errno=104\n", "distributed-init",
		  "[ring] Send failed" },
		{ "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host "
		  "huggingface.co:443 ssl:default [Network is unreachable]\n",
		  "model-access", "Cannot connect to host huggingface.co" },
		/* fresh245's: a shared library by its file not found (Ollama's
		 * MLX runner), and the driver's own library so */
		{ "RuntimeError: failed to initialize widget: libwidget.dylib not found\n",
		  "import-error", "libwidget.dylib not found" },
		{ "Error: libcuda.so.1 not found\n", "driver-mismatch", "libcuda.so.1 not found" },
		/* fresh246's: an address to listen on this machine does not have
		 * (Go's bind, Windows' WSAEADDRNOTAVAIL), a port a gRPC server
		 * failed to bind, a kernel's source the CUDA driver cannot build */
		{ "Error: listen tcp 10.9.8.7:7070: bind: cannot assign requested address\n",
		  "bad-argument", "cannot assign requested address" },
		{ "OSError: [WinError 10049] The requested address is not valid in its context\n",
		  "bad-argument", "The requested address is not valid in its context" },
		{ "RuntimeError: Failed to bind to port 7070 for the widget service\n",
		  "address-in-use", "Failed to bind to port 7070" },
		{ "widget: spin kernel: cudaErrorInvalidSource\n", "driver-mismatch",
		  "cudaErrorInvalidSource" },
		/* fresh247's: an exception that ends with ':' to announce what
		 * follows (pybind11's overloads, a list under a rank's prefix)
		 * is still the last words; vLLM's engine core dumping what it
		 * ran when it failed */
		{ "TypeError: spin(): incompatible function arguments. The following argument "
		  "types are supported:\n    1. (self: widget.Spinner, arg0: int) -> None\n\n"
		  "Invoked with: <widget.Spinner object at 0x7f00>, 'x'\n",
		  "unknown", "spin(): incompatible function arguments" },
		{ "[rank3]: ValueError: these widgets failed to spin:\n[rank3]:   - w1\n"
		  "[rank3]:\n[rank3]:   - w2\n",
		  "unknown", "[rank3]: ValueError: these widgets failed to spin:" },
		/* fresh248's: a vLLM worker's last words at its start, cut
		 * after them */
		{ "(Worker_TP3 pid=9) INFO 03-01 10:00:00 [w.py:1] Loading widget model...\n"
		  "(Worker_TP3 pid=9) ERROR 03-01 10:00:01 [multiproc_executor.py:9] WorkerProc "
		  "failed to start.\n(Worker_TP3 pid=9) ERROR 03-01 10:00:01 [w\n",
		  "unknown", "WorkerProc failed to start." },
		/* fresh249's: an adapter that failed to load; ggml's report of a
		 * GPU runtime's error, the device and function under it, cut
		 * before its abort */
		{ "ValueError: LoRA adapter widget-7 could not be loaded: rank 64\n",
		  "model-load-failed", "LoRA adapter widget-7 could not be loaded" },
		{ "MUSA error: invalid widget handle\n  current device: 1, in function widget_spin "
		  "at /x/ggml-musa/w.cu:9\n  widgetSpin(w)\n",
		  "crashed", "MUSA error: invalid widget handle" },
		/* fresh250's: Triton's Python backend whose stub cannot start,
		 * at info level, after a plainer exit: its words */
		{ "E0101 10:00:00.000000 7 model.py:9] \"[widget] Failed to start engine: "
		  "NoneType: None\"\nI0101 10:00:00.000001 7 pb_stub.cc:9] \"Failed to initialize "
		  "Python stub: ValueError: no widget in /x\"\n",
		  "unknown", "Failed to initialize Python stub: ValueError: no widget in /x" },
		/* fresh251's: Windows' refusal of a port, its words cut */
		{ "Error: listen tcp 0.0.0.0:7070: bind: An attempt was made to access a socket in "
		  "a way forbidden by its access perm\n",
		  "permission-denied", "forbidden by its access perm" },
		/* fresh252's: a death whose traceback, cut short, ran through a
		 * kernel build (its frame's function); one whose exception came
		 * is that exception's; the word before what crashed */
		{ "ERROR widget: the sampler failed to build\nTraceback (most recent call "
		  "last):\n  File \"/x/jit/core.py\", line 9, in _jit_compile\n    run(cmd)\n",
		  "driver-mismatch", "the sampler failed to build" },
		{ "ERROR widget: the sampler failed to build\nTraceback (most recent call "
		  "last):\n  File \"/x/jit/core.py\", line 9, in _jit_compile\n    run(cmd)\n"
		  "KeyError: 'sprocket'\n",
		  "unknown", "KeyError: 'sprocket'" },
		{ "widget: serving\n10:00:01 - Crashed worker in replica widget-3\n", "crashed",
		  "Crashed worker in replica widget-3" },
		/* fresh253's: a key or an index that was not there, a number;
		 * a chat template the server cannot use at its start */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n    "
		  "spin(w[7])\nIndexError: 7\n",
		  "unknown", "IndexError: 7" },
		{ "srv  init: init: chat template parsing error: unknown filter 'widget' at row "
		  "3\n",
		  "chat-template", "unknown filter 'widget' at row 3" },
		/* fresh254's: macOS's crash report, another exception type */
		{ "Process:               widget-server [4242]\nException Type:        "
		  "EXC_BAD_ACCESS "
		  "(SIGSEGV)\nException Codes:       KERN_INVALID_ADDRESS at 0x10\n\nThread 3 "
		  "Crashed:\n0   libwidget.dylib  0x1 spin + 8\n",
		  "crashed", "EXC_BAD_ACCESS (SIGSEGV)" },
		/* fresh255's: vLLM's records run together on one line, their
		 * line ends lost in a paste: each read as its own line, so a
		 * warning's words do not explain a later record's death */
		{ "(Worker_TP0 pid=7) INFO 01-01 10:00:00 [w.py:1] Loading the widget model took 3 "
		  "GiB (Worker_TP0 pid=7) WARNING 01-01 10:00:01 [w.py:2] Using the default widget "
		  "config. Config file not found at /x/widget.json (Worker_TP1 pid=8) ERROR 01-01 "
		  "10:00:02 [m.py:9] WorkerProc hit an exception. (Worker_TP1 pid=8) ERROR 01-01 "
		  "10:00:02 [m.py:9] Traceback (most recent call last):\n",
		  "unknown", "WorkerProc hit an exception." },
		{ "(EngineCore_DP0 pid=7) ERROR 03-01 10:00:00 [dump_input.py:72] Dumping input "
		  "data for V1 LLM engine (v0.9.0) with config: model='w/widget'\n",
		  "unknown", "Dumping input data for V1 LLM engine" },
		/* exo's and vLLM-Omni's own messages (read in their source), in
		 * other words: downloads failed or rate-limited by the hub, disk
		 * space that cannot be freed, no placement with memory enough, a
		 * module not found, a class a model registry does not hold */
		{ "RuntimeError: Failed to download weights widget/w-7b from the mirror\n",
		  "model-access", "Failed to download weights" },
		/* NVSHMEM's exit when its API is used before it started
		 * (DeepEP's in other words than fresh440-sglang-7888's) */
		{ "widget: nvshmem API called before nvshmem_init\n", "distributed-init",
		  "before nvshmem_init" },
		/* a supervisor's memory monitor killing a worker over its
		 * threshold, in its own line (Ray's under vLLM,
		 * fresh439-vllm-2669) */
		{ "Memory on the node (IP: 10.0.0.2, ID: ab12) where the task (actor ID: cd34, "
		  "name=Widget.__init__, pid=9, memory used=7.10GB) was running was 7.70GB / "
		  "8.00GB (0.962500), which exceeds the memory usage threshold of 0.95. Ray "
		  "killed this worker (ID: ef56) because it was the most recently scheduled task\n",
		  "out-of-memory", "(0.962500), which exceeds the memory usage threshold" },
		/* torch's failed device count read by the CUDA runtime's
		 * number when its words are cut (fresh437-vllm-gpustack-2691's
		 * 803, here 804: forward compatibility) */
		{ "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
		  "functions before calling NumCudaDevices() that might have already set an error? "
		  "Error 804: forward compat\n",
		  "driver-mismatch", "Error 804" },
		/* a credential refused, in the hub client's words; its twin
		 * in the alive logs below is a vocabulary's token */
		{ "OSError: Invalid token passed!\n", "model-access", "Invalid token passed" },
		{ "RuntimeError: Download failed on widget-node-2: timeout\n", "model-access",
		  "Download failed on widget-node-2" },
		{ "WidgetRateLimitError: HF rate limit reached for widget/w\n", "model-access",
		  "HF rate limit reached" },
		{ "RuntimeError: Could not free enough disk space on /models\n", "no-space",
		  "Could not free enough disk space" },
		{ "ValueError: No placement found with sufficient free memory\n", "out-of-memory",
		  "with sufficient free memory" },
		{ "ValueError: WIDGET_BACKEND is set to SPIN, but spin module was not found.\n",
		  "import-error", "spin module was not found" },
		{ "ValueError: Model class WidgetPipeline not found in the image model registry.\n",
		  "not-supported", "not found in the image model registry" },
		/* the own messages of vLLM's TPU, Metal and Gaudi plugins (read
		 * in their source), in other words: weights that failed to load,
		 * not enough of a device's memory, a model that could not be
		 * downloaded (but one that could not for a package not installed
		 * is that package's), a prebuilt library missing, a tool to
		 * install with brew, a quantization not yet supported, an
		 * architecture that is not a supported one */
		{ "RuntimeError: Failed to load weights for widget.w with shape (3, 4)\n",
		  "model-load-failed", "Failed to load weights for widget.w" },
		{ "ValueError: not enough Widget memory for the KV cache\n", "out-of-memory",
		  "not enough Widget memory" },
		{ "ValueError: Could not download model widget/w-7b\n", "model-access",
		  "Could not download model" },
		{ "ImportError: Could not download model widget/w: widget_hub is not installed\n",
		  "import-error", "widget_hub is not installed" },
		{ "RuntimeError: Prebuilt widget kernels missing under /x/lib\n", "import-error",
		  "Prebuilt widget kernels missing" },
		{ "RuntimeError: sox not found. Install it with: apt-get install sox\n",
		  "import-error", "apt-get install sox" },
		{ "ValueError: INT3 widget quantization not yet supported on this card\n",
		  "not-supported", "quantization not yet supported" },
		{ "WidgetLoadError: Architecture spinner is not a supported decoder\n",
		  "not-supported", "is not a supported decoder" },
		/* fresh243's: an exception's name and colon alone, its message
		 * on the lines after (a narrow terminal wrapped the traceback) */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\nwidget.errors.\nWidgetSpinError: \nthe widget could not "
		  "\nspin\n",
		  "unknown", "WidgetSpinError: the widget could not" },
		/* MLC-LLM's own messages (read in its source), in other words:
		 * only one kind supported, a size not split evenly */
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: Only SiLU is supported as the activation for widgets.\n",
		  "not-supported", "Only SiLU is supported" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in f\n"
		  "ValueError: Cannot shard 10 widget heads evenly across 4 GPUs.\n",
		  "bad-argument", "Cannot shard 10 widget heads evenly across 4 GPUs." },
		/* vLLM's kinds of words (read in its source), in others: values
		 * out of bounds, flags that need another, options that do not
		 * go together, a feature or a value not supported, the KV
		 * cache's memory gone, a dependency's version, a model or its
		 * weights not there, a node without a GPU */
		{ "ValueError: Widget size 9 cannot be larger than sprocket size 4\n",
		  "bad-argument", "cannot be larger than" },
		{ "TypeError: Error: --enable-widgets requires --widget-parser\n", "bad-argument",
		  "--enable-widgets requires --widget-parser" },
		{ "ValueError: Sprocket bias cannot be used for w without "
		  "--enable-sprocket-bias.\n",
		  "bad-argument", "without --enable-sprocket-bias" },
		{ "ValueError: Widget size must be a multiple of 32.\n", "bad-argument",
		  "must be a multiple of 32" },
		{ "RuntimeError: widget caching cannot be used with sprocket offload.\n",
		  "bad-argument", "cannot be used with sprocket offload" },
		{ "ValueError: The widget size is not aligned with the quantized weight shape.\n",
		  "bad-argument", "not aligned with the quantized weight shape" },
		{ "ValueError: Expert parallel size 16 is greater than the number of widgets 8.\n",
		  "bad-argument", "Expert parallel size 16 is greater than" },
		{ "ValueError: Sprocket mode must be enabled to set max_sprockets > 1.\n",
		  "bad-argument", "must be enabled to set max_sprockets" },
		{ "ValueError: Invalid widget dtype: float7\n", "bad-argument",
		  "Invalid widget dtype: float7" },
		{ "ValueError: Currently, only 3-bit widget quantization is supported for WQ, but "
		  "got 5 bits.\n",
		  "not-supported", "only 3-bit widget quantization is supported" },
		{ "ValueError: w not supported for attention backend: WIDGET_ATTN.\n",
		  "not-supported", "not supported for attention backend" },
		{ "ValueError: Found unknown quantization='wq8' in config\n", "not-supported",
		  "unknown quantization='wq8'" },
		{ "TypeError: Unknown model type: widgetlm\n", "not-supported",
		  "Unknown model type: widgetlm" },
		{ "ValueError: No usable cache memory left\n", "out-of-memory",
		  "No usable cache memory left" },
		{ "ValueError: Sprocket version 2.9 is required, but found 2.5\n", "import-error",
		  "version 2.9 is required, but found 2.5" },
		{ "ValueError: The model `w/widget` does not exist.\n", "not-found",
		  "The model `w/widget` does not exist." },
		{ "RuntimeError: Cannot find any gguf model weights with `w`\n", "not-found",
		  "Cannot find any gguf model weights" },
		{ "ValueError: Current widget node has no GPU available. The widget cannot start "
		  "without GPU.\n",
		  "driver-mismatch", "has no GPU available" },
		/* SGLang's own raises, read in sglang-jax's source: an exception
		 * naming the --flag to change is a bad argument, whatever its other
		 * words; below every other class of its line */
		{ "ValueError: Sprocket offload needs --widget-pool-size >= 2 (got 0).\n",
		  "bad-argument", "Sprocket offload needs --widget-pool-size >= 2 (got 0)." },
		{ "RuntimeError: Asked for 6 TPU devices, requested 6 TPU devices but only 2 "
		  "exist\n",
		  "bad-argument", "requested 6 TPU devices but only 2 exist" },
		{ "RuntimeError: Widget pool too small. Please try to increase "
		  "--mem-fraction-static. Out of memory.\n",
		  "out-of-memory", "Out of memory" },
		{ "ValueError: sprocket_mode must be one of fast/slow, got medium\n",
		  "bad-argument", "must be one of fast/slow, got medium" },
		{ "OSError: No *.gguf files found under /srv/widgets\n", "not-found",
		  "No *.gguf files found under /srv/widgets" },
		{ "RuntimeError: No TPU devices were detected by the widget runtime\n",
		  "driver-mismatch", "No TPU devices were detected" },
		{ "RuntimeError: Missing dependency 'sprockets'; pip install sprockets\n",
		  "import-error", "Missing dependency 'sprockets'" },
		{ "RuntimeError: the sprocket backend is enabled but sprocketlib is not "
		  "installed\n",
		  "import-error", "sprocketlib is not installed" },
		{ "ValueError: WidgetForCausalLM has no vLLM implementation.\n", "not-supported",
		  "has no vLLM implementation" },
		{ "ValueError: The remote code of widget-7b is not compatible with LMDeploy.\n",
		  "not-supported", "is not compatible with LMDeploy" },
		{ "TypeError: No support for kv_cache_dtype=fp4 on this widget\n", "not-supported",
		  "No support for kv_cache_dtype=fp4" },
		/* TensorRT-LLM's own checks (its C++ TLLM_CHECK_WITH_INFO, its
		 * Python raises, read in its 0.5 source): an assertion's words say
		 * what kind of failure it is, its (file:line) after them */
		{ "  what():  [TensorRT-LLM][ERROR] Assertion failed: Unsupported sprocket layout "
		  "(/src/w/sprocket.cpp:40)\nAborted (core dumped)\n",
		  "not-supported", "Unsupported sprocket layout" },
		{ "[TensorRT-LLM][ERROR] Assertion failed: Sprocket layout 'zigzag' not supported "
		  "(/src/w/widget.cpp:9)\n",
		  "not-supported", "Sprocket layout 'zigzag' not supported" },
		{ "[TensorRT-LLM][ERROR] Assertion failed: Error reading widget engine file "
		  "/w/rank0.engine (/src/w/io.cpp:7)\n",
		  "model-load-failed", "Error reading widget engine file" },
		{ "[E] Error loading the engine file /w/rank1.engine\n", "model-load-failed",
		  "Error loading the engine file" },
		{ "[w:12] MPI_Init failed with code 17\n", "distributed-init",
		  "MPI_Init failed with code 17" },
		{ "RuntimeError: cannot allocate a new block for the KV cache (pool exhausted)\n",
		  "out-of-memory", "cannot allocate a new block for the KV cache" },
		{ "[TensorRT-LLM][ERROR] Assertion failed: Cannot allocate temporary workspace "
		  "for the sprocket tactic (/src/w/t.cpp:3)\n",
		  "out-of-memory", "Cannot allocate temporary workspace" },
		{ "ValueError: sprocket_count must equal widget_count * 2\n", "bad-argument",
		  "sprocket_count must equal widget_count * 2" },
		{ "[TensorRT-LLM][ERROR] Assertion failed: hidden_size (4096) is not a multiple of "
		  "widget_para_size (3) (/src/w/m.cpp:5)\n",
		  "bad-argument", "hidden_size (4096) is not a multiple of widget_para_size (3)" },
		/* mistral.rs's and Xinference's own errors, read in their source:
		 * a Rust launcher's bare "Error: " and Python's bare "Exception: "
		 * carry a kind as a named exception does */
		{ "Error: Sprocket attention is not supported for this widget.\n", "not-supported",
		  "Sprocket attention is not supported" },
		{ "Exception: WidgetTTS does not support stream mode.\n", "not-supported",
		  "WidgetTTS does not support stream mode" },
		{ "Error: File widget.gguf not found at /srv/models\n", "not-found",
		  "File widget.gguf not found at /srv/models" },
		{ "Error: Worker could not connect to the head node after 30s\n",
		  "distributed-init", "could not connect to the head node" },
		{ "Error: GGUF file is missing required metadata `widget.block_count`\n",
		  "model-load-failed", "GGUF file is missing required metadata" },
		{ "Error: GGUF metadata missing `tokenizer.ggml.merges`\n", "model-load-failed",
		  "GGUF metadata missing" },
		{ "RuntimeError: Please upgrade sprocketlib to >= 2.0\n", "import-error",
		  "Please upgrade sprocketlib" },
		{ "RuntimeError: Requested NPUs exceeds the number of available NPUs\n",
		  "bad-argument", "exceeds the number of available NPUs" },
		/* vLLM's own raises of 2026 (a fork's snapshot of August) */
		{ "RuntimeError: Could not find a free port after 9 tries from 7000\n",
		  "address-in-use", "Could not find a free port" },
		{ "KeyError: Tool-call parser 'widgetx' not found. Known: hermes\n", "bad-argument",
		  "parser 'widgetx' not found" },
		{ "RuntimeError: Sprocket node is not in the group. You don't have enough GPUs "
		  "available here.\n",
		  "bad-argument", "You don't have enough GPUs available" },
		{ "RuntimeError: sprocketaudio is needed for widgets. Install it with pip install "
		  "sprocketaudio\n",
		  "import-error", "Install it with pip install sprocketaudio" },
		{ "RuntimeError: Widget transfer is off. Please ensure that the sprocket library "
		  "is "
		  "installed.\n",
		  "import-error", "Please ensure that the sprocket library is installed" },
		{ "x.c:10: GGML_ASSERT(k > 0) failed\nptrace: Operation not permitted.\n",
		  "crashed", "GGML_ASSERT(k > 0) failed" },
		{ "PermissionError: [Errno 1] Operation not permitted: '/models/m'\n",
		  "permission-denied", "Operation not permitted: '/models/m'" },
		/* fresh119's: a traceback relayed by Python logging's default
		 * format, its raise line naming a known death in its string */
		{ "10:00:01,5 - relay - DEBUG -   File \"/x/widget.py\", line 9, in start\n"
		  "10:00:01,5 - relay - DEBUG -     raise SystemError(\"EngineDeadError in "
		  "widget\")\n"
		  "10:00:01,5 - relay - DEBUG - SystemError: the widget's engine never s\n",
		  "unknown", "SystemError: the widget's engine never s" },
		/* fresh120's: a launcher's exit code of a signal's death
		 * (128 + SIGSEGV), a flag refused without "error:", a raise
		 * line behind a process's tag */
		{ "widget: loading\nWidget stopped (Exit code: 139)\n", "crashed",
		  "Exit code: 139" },
		{ "widget-server: unrecognized option '--ctx-sise'\nTry --help\n", "bad-argument",
		  "unrecognized option '--ctx-sise'" },
		{ "(Widget pid=7)   File \"/x/w.py\", line 3, in start\n"
		  "(Widget pid=7)     raise SystemError(\"EngineCore failed to start: \"\n"
		  "(Widget pid=7) SystemError: EngineCore failed to start: no widget\n",
		  "unknown", "SystemError: EngineCore failed to start: no widget" },
		/* fresh121's: a file named in quotes at the line's start (no
		 * traceback's frame: it says no line), a load with the model's
		 * kind between the verb and "model" */
		{ "File \"tokenizer.model\" was not found in /models/widget\n", "not-found",
		  "File \"tokenizer.model\" was not found" },
		{ "widget: could not load a GGUF model from /x/w.gguf\n", "model-load-failed",
		  "could not load a GGUF model" },
		/* fresh124's: an image registry that wants credentials, a
		 * hub a Rust client could not reach */
		{ "docker: Error response from daemon: pull access denied for widget/server, "
		  "repository does not exist or may require 'docker login'\n",
		  "model-access", "pull access denied for widget/server" },
		{ "2025-01-01 ERROR hub: error sending request for url "
		  "(https://hub.example.org/api/models/w/files)\n",
		  "model-access", "error sending request for url (https://hub.example.org" },
		/* a failure a subsystem says in two lines, the numbers
		 * then the error's name: the quote holds both (fresh121's
		 * Vulkan excerpt) */
		{ "cuda_widget: memory allocation of size 2147483648 failed.\n"
		  "cuda_widget: cudaErrorMemoryAllocation: out of memory\n",
		  "out-of-memory", "2147483648 failed. cuda_widget: cudaErrorMemoryAllocation" },
		/* fresh128's: a traceback pasted as one line, its newlines
		 * lost (no frame's code line: its end says what it is) */
		{ "Traceback (most recent call last): File \"/x/w.py\", line 3, in load w = "
		  "Llama(**p) File \"/x/llama.py\", line 9, in __init__ assert self.model is not "
		  "None AssertionError\n",
		  "model-load-failed", "assert self.model is not None AssertionError" },
		/* fresh129's: a Node host's child killed by a signal, whose
		 * exit code is null */
		{ "widget host: starting the widget server\n"
		  "widget host: widget-server exited with code null\n",
		  "crashed", "widget-server exited with code null" },
		/* fresh189's: an exception of a library's exceptions module
		 * whose name ends in neither Error nor Exception, the last line
		 * of a traceback's frames; and one whose message goes on with
		 * the user code torch's compiler names, a blank line and frames
		 * after "from user code:" */
		{ "(W pid=9) ERROR 01-01 [core.py:7]   File \"/x/exc.py\", line 5, in f\n"
		  "(W pid=9) ERROR 01-01 [core.py:7]     raise Unsupported(msg)\n"
		  "(W pid=9) ERROR 01-01 [core.py:7] widget._compile.exc.Unsupported: no "
		  "handler for the widget\n",
		  "unknown", "widget._compile.exc.Unsupported: no handler for the widget" },
		{ "(W pid=9) widget._compile.exc.Unsupported: the widget logs in its forward\n"
		  "(W pid=9) \n(W pid=9) from user code:\n"
		  "(W pid=9)    File \"/x/widget.py\", line 3, in forward\n"
		  "(W pid=9)     y = self.attn(\n",
		  "unknown", "Unsupported: the widget logs in its forward" },
		/* fresh132's: a parent's traceback (no process tag) after its
		 * child's last words (tagged): they do not say what it is */
		{ "(Widget pid=9) ValueError: the widget has no weights\n"
		  "(Widget pid=9) INFO widget: all workers exited gracefully\n"
		  "Traceback (most recent call last):\n  File \"/x/main.py\", line 3, in "
		  "<module>\n    run()\n",
		  "unknown", "ValueError: the widget has no weights" },
		/* fresh134's: vLLM V1's front end saying its engine core is
		 * gone, its traceback cut: the exception before it says why */
		{ "ERROR 01-01 00:00:01 [core.py:9] RuntimeError: the widget kernel faulted on "
		  "device "
		  "0\n"
		  "ERROR 01-01 00:00:01 [async_llm.py:4] AsyncLLM output_handler failed.\n"
		  "ERROR 01-01 00:00:01 [async_llm.py:4] Traceback (most recent call last):\n"
		  "ERROR 01-01 00:00:01 [async_llm.py:4]   File \"/x/async_llm.py\", line 3, in "
		  "output_handler\n",
		  "crashed", "RuntimeError: the widget kernel faulted on device 0" },
		/* fresh136's: a folder a launcher could not locate, with
		 * words between the verb and what it looked for */
		{ "widget: unable to find the widget plugin folder under /opt/w\n", "not-found",
		  "unable to find the widget plugin folder" },
		/* fresh140's: a wrapper saying an engine named for LLMs did
		 * not start */
		{ "widget: loading\nTensorRT-LLM failed to start: see its log\n", "unknown",
		  "TensorRT-LLM failed to start" },
		/* fresh141's: pydantic's headline over a failure of another
		 * class, which says what failed */
		{ "Traceback (most recent call last):\n  File \"/x/app.py\", line 3, in <module>\n"
		  "    w = Widget(path)\nValidationError: 1 validation error for Widget\n__root__\n"
		  "  Could not load the widget model from path: /m/w.gguf (type=value_error)\n",
		  "model-load-failed", "Could not load the widget model from path" },
		/* fresh143's: .NET's access violation, the runtime's own
		 * crash */
		{ "Widget.Host: loading the widget\nUnhandled exception. "
		  "System.AccessViolationException: Attempted to read or write protected memory.\n"
		  "   at Widget.Native.load(String)\n",
		  "crashed", "System.AccessViolationException" },
		/* fresh7's */
		{ "ERROR launcher: Worker 3 crashed\nINFO launcher: stopping\n", "crashed",
		  "Worker 3 crashed" },
		{ "INFO loading the widget\nRuntimeError: the widget tokenizer has no end token\n",
		  "unknown", "RuntimeError: the widget tokenizer has no end token" },
		{ "x 10:00 Abort was called at 12 line in file:\nx 10:00 ../../driver/os.h\n",
		  "crashed", "Abort was called at 12 line" },
		{ "E10 loader.cc:5] [W][ERROR] Assertion failed: Failed to deserialize cuda engine "
		  "(/x/rt.cpp:74)\n",
		  "model-load-failed", "Failed to deserialize cuda engine" },
		{ "error: creating server: Internal - failed to load all models\n"
		  "  Exit code:    1\n",
		  "model-load-failed", "failed to load all models" },
		/* fresh8's: a message broken after ':' is quoted whole */
		{ "W: load: error loading model: \nerror reading the header: \nkey missing: "
		  "widget.heads\nmain: exiting due to model loading error\n",
		  "model-load-failed",
		  "error loading model: error reading the header: key missing: widget.heads" },
		/* fresh9's: a component that "has died", the engine-dead exception,
		 * a runner ended by a named signal, a collective that timed out, an
		 * operation the device does not support */
		{ "E 10:00 [c.py:3] RuntimeError: Worker process has died\n"
		  "C 10:01 [l.py:9] the server stops\n",
		  "crashed", "Worker process has died" },
		{ "E 10:00 [r.py:7] widget.EngineDeadError: the core stopped answering\n",
		  "crashed", "EngineDeadError: the core stopped answering" },
		{ "level=ERROR msg=\"worker exited\" error=\"signal: illegal instruction\"\n"
		  "level=INFO msg=\"loading again\"\n",
		  "crashed", "signal: illegal instruction" },
		{ "[E x.cpp:1] [Rank 3] caught collective operation timeout after 600000 ms\n",
		  "distributed-init", "collective operation timeout" },
		{ "RuntimeError: CUDA error: operation not supported (at widget.cu:20)\n",
		  "not-supported", "operation not supported" },
		/* fresh10's: an MPI error between ranks, also inside a crash */
		{ "terminate called after throwing an instance of 'w::Error'\n"
		  "  what():  [W][ERROR] Assertion failed: MPI error 5 (/x/mpi.cpp:9)\n",
		  "distributed-init", "MPI error 5" },
		/* fresh11's: Go's runtime panic and fatal error over their dump,
		 * a cuDNN/cuBLAS execution failure, an error telling which setting
		 * to change or give, clap's error with the quotes a copy keeps */
		{ "panic: assignment to entry in nil map\n\ngoroutine 7 [running]:\n"
		  "main.load(0xc0001)\n",
		  "crashed", "panic: assignment to entry in nil map" },
		{ "fatal error: concurrent map writes\n\ngoroutine 12 gp=0xc0 m=3 [running]:\n",
		  "crashed", "fatal error: concurrent map writes" },
		{ "RuntimeError: cuDNN error: CUDNN_STATUS_MAPPING_ERROR\n", "crashed",
		  "CUDNN_STATUS_MAPPING_ERROR" },
		{ "ValueError: the page (32) holds more than block_size (16). Please increase "
		  "block_size.\n",
		  "bad-argument", "Please increase block_size" },
		{ "Please provide a served_model_name for a local path\n"
		  "Traceback (most recent call last):\n  File \"/x/s.py\", line 2, in serve\n",
		  "bad-argument", "Please provide a served_model_name" },
		{ "error: invalid value \u2018abc\u2019 for \u2018--port <PORT>\u2019\n",
		  "bad-argument", "invalid value" },
		/* fresh12's: a port the OS will not let it bind, an assertion
		 * inside the deserialization of a compiled engine */
		{ "level=ERROR msg=\"serve\" error=\"listen tcp :80: bind: permission denied\"\n",
		  "permission-denied", "bind: permission denied" },
		{ "[W][ERROR] Assertion failed: mSize == want (/x/plugin.cpp:9)\n"
		  "1  0x7f w::Plugin::Plugin(void const*)\n"
		  "2  0x7f w::PluginCreator::deserializePlugin(char const*)\n",
		  "model-load-failed", "Assertion failed: mSize == want" },
		/* fresh13's: a build without the feature asked */
		{ "RuntimeError: the widget was not compiled with bf16 support\n", "not-supported",
		  "not compiled with bf16 support" },
		/* fresh14's: a GPU's hardware fault, an API's out-of-memory
		 * status, Go's Windows exception over its frames, the C runtime's
		 * abort dialog, an exit code that names SIGILL, an engine loop
		 * that timed out, the what() line under a terminate */
		{ "queue 0x1 aborting with error : HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: "
		  "the widget touched memory\n",
		  "crashed", "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION" },
		{ "Memory access fault by GPU node-2 (Agent handle: 0x1) on address 0x2. Reason: "
		  "Page not present.\n",
		  "crashed", "Memory access fault by GPU node-2" },
		{ "widget.cc:9: Check failed: r == 0: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY\n",
		  "out-of-memory", "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY" },
		{ "hipMalloc returned hipErrorOutOfMemory for the widget\n", "out-of-memory",
		  "hipErrorOutOfMemory" },
		{ "Exception 0xc0000005 0x0 0x10 0x7ff1\n"
		  "PC=0x7ff1\n"
		  "signal arrived during external code execution\n"
		  "\n"
		  "main.widget()\n",
		  "crashed", "Exception 0xc0000005" },
		{ "Debug Error!\nProgram: C:\\w\\widget.exe\nabort() has been called\n", "crashed",
		  "abort() has been called" },
		{ "widget-server: the runner stopped (exit code 132)\n", "crashed",
		  "exit code 132" },
		{ "ERROR 10:00 [engine.py:5] Engine step timed out. The widget hung.\n", "crashed",
		  "Engine step timed out" },
		{ "terminate called after throwing an instance of 'widget::Error'\n"
		  "  what():  widget queue is full at w.cc:3\n"
		  "Aborted (core dumped)\n",
		  "crashed", "widget queue is full" },
		/* fresh15's (a real llama-server): the GGUF reader's reason above
		 * the load failure, a missing file an argument names, a chat
		 * template that would not parse */
		{ "E gguf_init_from_file_impl: tensor 'blk.0.widget' has invalid ggml type 99\n"
		  "E llama_model_load: error loading model: failed to load model from w.gguf\n",
		  "model-load-failed", "has invalid ggml type 99" },
		{ "error while handling argument \"--widget-file\": error: failed to open file "
		  "'/x/w.txt'\n",
		  "not-found", "failed to open file '/x/w.txt'" },
		{ "E common_chat_templates_init: failed to initialize chat template\n",
		  "chat-template", "failed to initialize chat template" },
		/* fresh16's: a cache type that does not divide the head size */
		{ "E llama_init_from_model: V cache type q4_0 with block size 32 does not divide "
		  "n_embd_head_v=8\n"
		  "E srv  llama_server: exiting due to model loading error\n",
		  "bad-argument", "does not divide n_embd_head_v=8" },
		/* fresh17's: a process that ended unexpectedly, a server a wrapper
		 * started that failed to, a runtime not installed, a download
		 * that gave up */
		{ "the widget engine process stopped unexpectedly\n", "crashed",
		  "stopped unexpectedly" },
		{ "[Info] waiting for the widget\nwidget-backend failed to start within 30 s\n",
		  "unknown", "widget-backend failed to start within 30 s" },
		{ "Error: the widget runtime (widget-server) is not installed. Run setup.\n",
		  "not-found", "is not installed" },
		{ "Error: max retries exceeded: Get \"https://registry.example/w\": i/o timeout\n",
		  "model-access", "max retries exceeded" },
		/* fresh19's: no GPU the engine can see, a systemd unit's exit, a
		 * crash a supervisor reports at WARN as it respawns the server */
		{ "RuntimeError: No CUDA GPUs are available to the widget\n", "driver-mismatch",
		  "No CUDA GPUs are available" },
		{ "ValueError: Failed to infer device type for the widget\n", "driver-mismatch",
		  "Failed to infer device type" },
		{ "widget.service: Main process exited, code=exited, status=3/NOTIMPLEMENTED\n",
		  "unknown", "code=exited, status=3" },
		{ "level=WARN msg=\"widget server crashed - exit code 3 - restarting\"\n",
		  "crashed", "exit code 3" },
		/* fresh20's: Metal's buffer that could not be had */
		{ "widget_get_buffer: error: buffer is nil\n", "out-of-memory", "buffer is nil" },
		/* fresh21's: a configuration that did not validate, its field and
		 * value quoted, else its header */
		{ "widget_core.ValidationError: 1 validation error for WidgetConfig\n"
		  "max_widgets\n"
		  "  Input should be greater than 0 [type=greater_than, input_value=-3, "
		  "input_type=int]\n",
		  "bad-argument", "max_widgets   Input should be greater than 0" },
		{ "widget_core.ValidationError: 1 validation error for WidgetConfig\n"
		  "max_widgets\n"
		  "  Input should be greater than 0 [type=greater_than, input_value=-3, "
		  "input_type=int]\n",
		  "bad-argument", "input_value=-3" },
		{ "ValidationError: 2 validation errors for WidgetConfig\n", "bad-argument",
		  "2 validation errors for WidgetConfig" },
		/* fresh22's (a real llama-server): an adapter or projector that is
		 * not one, a download that failed */
		{ "E widget_adapter_init: failed to apply lora adapter: expect general.type to be "
		  "'adapter', but got: 'widget'\n"
		  "E srv  widget: exiting due to model loading error\n",
		  "model-load-failed", "expect general.type to be 'adapter'" },
		{ "E widget_init: error: Failed to load CLIP model from /x/w.gguf\n",
		  "model-load-failed", "Failed to load CLIP model from /x/w.gguf" },
		{ "E srv  widget: failed to download model: Download 'http://x/w.gguf' failed with "
		  "status code: 404\n",
		  "model-access", "failed to download model" },
		/* fresh24's: TGI's warmup that failed after its shard was ready */
		{ "INFO shard-manager: widget_launcher: Shard ready in 9.3s rank=0\n"
		  "INFO widget_router: Warming up model\n"
		  "ERROR widget_launcher: Method Warmup encountered an error.\n"
		  "Traceback (most recent call last):\n",
		  "unknown", "Method Warmup encountered an error" },
		/* fresh25's: an engine core that says it met a fatal error */
		{ "ERROR 10:00 [core.py:9] Widget EngineCore encountered a fatal error.\n"
		  "ERROR 10:00 [core.py:9] Traceback (most recent call last):\n",
		  "crashed", "encountered a fatal error" },
		/* fresh26's: a runner gone in the middle of a request, a ROCm with no
		 * device it can use */
		{ "Error: POST predict: Post \"http://127.0.0.1:9/completion\": EOF\n", "crashed",
		  "POST predict" },
		{ "widgetBLAS error: Could not initialize Tensile host: No devices found.\n",
		  "driver-mismatch", "Tensile host: No devices found" },
		/* fresh28's (a real llama-server): values that cannot be zero */
		{ "E widget_init: n_widgets and n_gadgets cannot both be zero\n"
		  "E srv  widget: exiting due to model loading error\n",
		  "bad-argument", "cannot both be zero" },
		{ "ValueError: max_widgets must be positive, got -1\n", "bad-argument",
		  "max_widgets must be positive" },
		/* fresh30's: a kernel compiled at start that did not build; a
		 * repository's own code nobody allowed (lower-cased, or the older
		 * prompt); a chained traceback cut short after a bare prefix line */
		{ "[w] nvcc fatal   : Unsupported gpu architecture 'compute_130'\n"
		  "[w] Compilation terminated.\n",
		  "driver-mismatch", "Unsupported gpu architecture 'compute_130'" },
		{ "RuntimeError: Error building extension 'widget_kernels'\n", "driver-mismatch",
		  "Error building extension 'widget_kernels'" },
		{ "valueerror: loading widget/ requires you to execute the configuration file in "
		  "that repo on your local machine.\n",
		  "bad-argument", "requires you to execute the configuration file" },
		{ "The repository for org/widget contains custom code which must be executed to "
		  "correctly load the model.\nEOFError: EOF when reading a line\n",
		  "bad-argument", "contains custom code which must be executed" },
		{ "(Worker pid=7) Traceback (most recent call last):\n"
		  "(Worker pid=7)   File \"/x/w.py\", line 3, in run\n"
		  "(Worker pid=7) RuntimeError: the widget lost its gadget (3 != 4)\n"
		  "(Worker pid=7)\n"
		  "(Worker pid=7) During handling of the above exception, another exception "
		  "occurred:\n"
		  "(Worker pid=7)\n"
		  "(Worker pid=7) Traceback (most recent call last):\n",
		  "unknown", "RuntimeError: the widget lost its gadget (3 != 4)" },
		/* fresh31's: an option a cache type needs, a tokenizer that did
		 * not load, a backend a layer does not support, a runner gone
		 * while it loaded, a scheduler that is dead (its exit quoted
		 * first when there is one) */
		{ "0.01 E widget_init: K cache quantization requires flash_attn\n"
		  "0.02 Segmentation fault (core dumped)\n",
		  "bad-argument", "K cache quantization requires flash_attn" },
		{ "RuntimeError: Failed to load the tokenizer of org/widget\n", "model-load-failed",
		  "Failed to load the tokenizer of org/widget" },
		{ "ValueError: Attention backend 'widget' is not supported by the gadget layer\n",
		  "not-supported", "'widget' is not supported by the gadget layer" },
		{ "level=INFO msg=\"Load failed\" error=\"do load request: Post "
		  "\\\"http://127.0.0.1:9/load\\\": EOF\"\n",
		  "crashed", "do load request" },
		{ "[10:00] Rank 3 scheduler is dead. Please check the logs.\n", "crashed",
		  "Rank 3 scheduler is dead" },
		/* fresh39's: a Metal buffer past the device's maximum; two workers'
		 * tracebacks interleaved, one's code behind vLLM's prefix */
		{ "ggml_metal_add_buffer: buffer 'kv' size 900 is larger than buffer maximum of "
		  "800\n",
		  "out-of-memory", "buffer maximum of 800" },
		{ "(W1 pid=5) ERROR 10:00 [executor.py:9] RuntimeError: the widget runner failed "
		  "(3 != 4)\n"
		  "(W0 pid=4) ERROR 10:00 [executor.py:9]     widget_bytes = "
		  "self.runner.capture()\n"
		  "(W1 pid=5) ERROR 10:00 [executor.py:9] Traceback (most recent call last):\n"
		  "(W0 pid=4) ERROR 10:00 [executor.py:9]   File \"/x/w.py\", line 3, in run\n",
		  "unknown", "the widget runner failed (3 != 4)" },
		/* fresh38's: a kernel not built for the GPU (ROCm's words), a shared
		 * library that is not there */
		{ "RuntimeError: HIP error: invalid device function\nHIP kernel errors might be "
		  "asynchronously reported at some other API call.\n",
		  "not-supported", "HIP error: invalid device function" },
		{ "ImportError: libwidget.so.3: cannot open shared object file: No such file or "
		  "directory\n",
		  "import-error", "libwidget.so.3" },
		/* fresh37's: a driver older than the toolkit that built the kernels */
		{ "RuntimeError: CUDA error: the provided PTX was compiled with an unsupported "
		  "toolchain.\n",
		  "driver-mismatch", "unsupported toolchain" },
		/* TGI's launcher refusing its arguments or its download; a GPU
		 * short of a feature; features that do not go together; a file
		 * the engine cannot find */
		{ "Error: ArgumentValidation(\"`max_widgets` must be < `max_gadgets`\")\n",
		  "bad-argument", "ArgumentValidation" },
		{ "Error: DownloadError\n", "model-access", "DownloadError" },
		{ "RuntimeError: the widget kernel requires sm90+\n", "not-supported",
		  "requires sm90+" },
		{ "ValueError: fp8 widgets are not supported with prefix caching\n",
		  "not-supported", "not supported with prefix caching" },
		{ "ValueError: your GPU does not support the widget kernel\n", "not-supported",
		  "GPU does not support" },
		{ "OSError: cannot find widget_config.json in /models/widget\n", "not-found",
		  "cannot find widget_config.json" },
		/* Ollama's own words: a command line's unknown flag, a runner gone
		 * mid-answer, a pull that arrived broken */
		{ "Error: unknown shorthand flag: 'z' in -z\n", "bad-argument",
		  "unknown shorthand flag" },
		{ "Error: an error was encountered while running the model: read tcp "
		  "127.0.0.1:5->127.0.0.1:9: read: connection reset by peer\n",
		  "crashed", "while running the model" },
		{ "Error: digest mismatch, file must be downloaded again: want sha256:1, got "
		  "sha256:2\n",
		  "model-access", "digest mismatch" },
		/* fresh32's: the client that lost its server mid-request */
		{ "Error: Post \"http://127.0.0.1:9/api/generate\": read tcp "
		  "127.0.0.1:5->127.0.0.1:9: read: connection reset by peer\n",
		  "crashed", "connection reset by peer" },
		/* the libraries' own words: transformers too old for an
		 * architecture, torch's store that no peer joined, the Hub's
		 * rate limit and gated repository, a CPU build of torch */
		{ "ValueError: ... has model type `widget9` but Transformers does not recognize "
		  "this architecture.\n",
		  "not-supported", "does not recognize this architecture" },
		{ "torch.distributed.DistStoreError: Timed out after 900 seconds waiting for "
		  "clients. 3/4 clients joined.\n",
		  "distributed-init", "3/4 clients joined" },
		{ "HfHubHTTPError: 429 Client Error: Too Many Requests for url: "
		  "https://huggingface.co/api/models/org/widget\n",
		  "model-access", "429 Client Error" },
		{ "AssertionError: Torch not compiled with CUDA enabled\n", "driver-mismatch",
		  "Torch not compiled with CUDA enabled" },
		{ "RuntimeError: [3] is setting up NCCL communicator and retrieving ncclUniqueId "
		  "from [0] via c10d key-value store by key 0, but store->get(0) got error: "
		  "Connection reset by peer\n",
		  "distributed-init", "setting up NCCL communicator" },
		{ "RuntimeError: CUDA driver initialization failed, you might not have a CUDA "
		  "gpu.\n",
		  "driver-mismatch", "CUDA driver initialization failed" },
		{ "OSError: [Errno 122] Disk quota exceeded: '/cache/widget'\n", "no-space",
		  "Disk quota exceeded" },
		{ "    State:          Terminated\n      Reason:       OOMKilled\n"
		  "      Exit Code:    137\n",
		  "out-of-memory", "OOMKilled" },
		{ "[10:00] Rank 3 scheduler is dead. Please check the logs.\n[10:00] Exit code: "
		  "-9\n",
		  "crashed", "Exit code: -9" },
		/* fresh42's: a CUDA driver call's error code; the kernel's report
		 * of a GPU fault (a journal's "kernel:", dmesg's time) is not the
		 * line to quote when the engine says it too */
		{ "INFO:     Application startup complete.\n"
		  "widget.cc:12 cuMemcpyDtoH failed, error: CUDA_ERROR_LAUNCH_FAILED\n"
		  "*** Begin stack trace ***\n",
		  "crashed", "CUDA_ERROR_LAUNCH_FAILED" },
		/* weights vLLM cannot find where it was sent: a path without
		 * weight files of the format it loads (fresh188) */
		{ "Runner failed with exception: RuntimeError('Cannot find any model weights "
		  "with /x/widget')\nWARNING 01-01 config.py:1] slow\n",
		  "not-found", "Cannot find any model weights with /x/widget" },
		/* a GPU's hardware fault said by the engine, alone or inside
		 * Ollama's word that its runner did not start; the amdgpu
		 * driver's word that it reset a GPU that hung (fresh186) */
		{ "RuntimeError: CUDA error: uncorrectable ECC error encountered\n", "crashed",
		  "uncorrectable ECC error encountered" },
		{ "level=ERROR msg=\"error loading llama server\" error=\"timed out waiting for "
		  "llama runner to start: CUDA error: uncorrectable ECC error encountered\"\n",
		  "crashed", "uncorrectable ECC error" },
		{ "[drm:widget_job_submit [amdgpu]] *ERROR* Trying to push to a killed entity\n",
		  "crashed", "killed entity" },
		{ "[drm:widget_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled "
		  "seq=1, emitted seq=2\n",
		  "crashed", "ring gfx_0.0.0 timeout" },
		/* a model path that is empty (a relative path an app's import
		 * lost); LMDeploy's check of a module it imports (fresh191) */
		{ "widget_init_from_file: failed to open '': 'Invalid argument'\n"
		  "widget: Model failed to load with status code: 500\n",
		  "not-found", "failed to open ''" },
		{ "2024-01-01 10:00:00,1 - widget - ERROR - <Widget> test failed!\n"
		  "Please ensure it has been installed correctly.\n",
		  "import-error", "<Widget> test failed!" },
		/* its check of the model is no module's: the line after says
		 * why (its config one LMDeploy cannot build, fresh427-lmdeploy-
		 * 1721); its newer wording of a module's */
		{ "widget serve api_server Widget-4B --backend pytorch\n"
		  " <Model> test failed!\n"
		  "(\"Checking failed with error 'WidgetConfig' object has no attribute "
		  "'hidden_size'\", 'Please send issue to Widget with error logs.')\n",
		  "not-supported", "Checking failed with error 'WidgetConfig'" },
		{ "2026-01-01 10:00:00,1 - widget - ERROR - base.py:54 - <Widget> check failed!\n",
		  "import-error", "<Widget> check failed!" },
		/* a library of the environment another one is incompatible
		 * with is an environment's fault, no argument's (MKL's threading
		 * layer against a wheel's libgomp, fresh427-vllm-9678); an
		 * option incompatible with another stays the argument's */
		{ "ERROR 10-25 10:55:54 registry.py:267] Error: widget-service: "
		  "WIDGET_THREADING_LAYER=INTEL is incompatible with libfrob-a34b.so.1 library.\n",
		  "import-error", "is incompatible with libfrob-a34b.so.1" },
		{ "ValueError: --widget-mode is incompatible with --frob\n", "bad-argument",
		  "--widget-mode is incompatible with --frob" },
		/* an exception logged as its repr, "AssertionError('...')", is
		 * raised as "AssertionError: ..." is (vLLM V0's engine loop,
		 * fresh427-lmcache-412); the_unknown_layer holds that a raise
		 * written so in a traceback's code is where, not what */
		{ "ERROR 03-19 11:54:51 [engine.py:158] AssertionError('Only Widget backend is "
		  "supported for now.')\n"
		  "Killed\n",
		  "not-supported", "AssertionError('Only Widget backend is supported for now.')" },
		/* a log whose lines llama.cpp stamps with its time and level
		 * begins a record on each: the abort's bare "CUDA error" before
		 * them is not wrapped into the next, and the runtime's error is
		 * quoted (fresh429-llamacpp-24489) */
		{ "/home/user/widget.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:103: CUDA error\n"
		  "0.32.264.409 E ggml_cuda_compute_forward: MUL_MAT failed\n"
		  "0.32.264.420 E CUDA error: an illegal memory access was encountered\n"
		  "0.32.264.421 E   current device: 0, in function ggml_cuda_compute_forward\n",
		  "crashed", "E CUDA error: an illegal memory access was encountered" },
		/* an image or binary of another CPU architecture than the
		 * host's, as Docker and the kernel say it; a deployment that
		 * failed to start, its traceback cut before its end (fresh192) */
		{ "docker: no matching manifest for linux/riscv64 in the manifest list "
		  "entries.\n",
		  "not-supported", "no matching manifest for linux/riscv64" },
		{ "widget-1  | exec /usr/bin/widget-server: exec format error\n"
		  "widget-1 exited with code 1\n",
		  "not-supported", "exec /usr/bin/widget-server: exec format error" },
		{ "RuntimeError: Deployment widget is UNHEALTHY: The Deployment failed to start "
		  "3 times in a row. This may be due to\n"
		  "its constructor failing. Retrying after 1 seconds. Error:\n"
		  "  File \"/x/w.py\", line 3, in result\n    raise self._exception\n",
		  "unknown", "The Deployment failed to start 3 times in a row" },
		/* ggml's words for a CUDA build without this GPU's architecture
		 * (fresh193: llamafile's kernel without device code for it; a
		 * build whose lookup of its architectures regressed) */
		{ "widget.cu:9: ERROR: CUDA kernel widget_mm has no device code compatible "
		  "with CUDA arch 520. widget.cu was compiled for: 600,700\n",
		  "not-supported", "has no device code compatible with CUDA arch 520" },
		{ "common.cuh:1: widget was not compiled with any CUDA arch <= 610\n",
		  "not-supported", "not compiled with any CUDA arch <= 610" },
		/* an operation a CUDA graph's capture refused, tensor
		 * parallelism's all-reduce inside it (fresh194) */
		{ "ERROR 01-01 [w.py:9]     work = group.allreduce([t])\n"
		  "ERROR 01-01 [w.py:9] RuntimeError: CUDA error: operation not permitted when "
		  "stream is capturing\n",
		  "crashed", "operation not permitted when stream is capturing" },
		/* Windows' code of a process its runtime killed, as an IDE says
		 * it; a configuration that left the model's paths empty, under
		 * an assertion (fresh195) */
		{ "Loading Model: [2/3]\tBuild widget engine\n\nProcess finished with exit "
		  "code -1073741819 (0xC0000005)\n",
		  "crashed", "exit code -1073741819 (0xC0000005)" },
		{ "E1113 widget.cc:692] \"ERROR: Failed to create instance: [Widget][ERROR] "
		  "Assertion failed: Both draft and target engine paths are empty (w.cc:5)\n",
		  "not-found", "engine paths are empty" },
		/* CUDA's runtime name for a driver older than it; a kernel's
		 * compile that failed, in nvcc's words and in the compiler's for
		 * a header the toolkit lacks (not a missing model) (fresh196) */
		{ "RuntimeError: CUDA error code=35(b'cudaErrorInsufficientDriver')\n",
		  "driver-mismatch", "cudaErrorInsufficientDriver" },
		{ "3 errors detected in the compilation of \"/x/.cache/widget/kernel.cu\".\n"
		  "[4/5] /usr/local/cuda/bin/nvcc -c kernel.cu\n",
		  "driver-mismatch", "errors detected in the compilation of" },
		{ "/x/widget/fill.h:3:10: fatal error: widget_rand.h: No such file or directory\n",
		  "driver-mismatch", "fatal error: widget_rand.h" },
		/* NVML refusing a driver of another version than the loaded
		 * module; a kernel the watchdog stopped, the abort line of
		 * ggml's new log format before its message (fresh198) */
		{ "nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\n",
		  "driver-mismatch", "Driver/library version mismatch" },
		{ "/x/widget-cuda.cu:106: CUDA error\n0.01.000.123 E CUDA error: the launch timed "
		  "out and was terminated\n0.01.000.124 E   current device: 0\n",
		  "crashed", "the launch timed out and was terminated" },
		/* ggml's word that a Metal command buffer failed; CANN's
		 * refusal of an operator's layout on a chip, its failure to read
		 * the chip's platform, and an NPU runtime's device fault
		 * (fresh199) */
		{ "widget_metal_compute: command buffer 2 failed with status 5\n", "crashed",
		  "command buffer 2 failed with status 5" },
		{ "RuntimeError: call aclnnWidget failed, detail:E69999: Inner Error!\n"
		  "E69999: [PID: 1] op[Widget], this platform only support output widgets\n",
		  "not-supported", "this platform only support output widgets" },
		{ "EH9999: [PID: 1] [Init][PlatformInfo]init runtime platform info failed, "
		  "SocVersion = Widget910\n",
		  "driver-mismatch", "init runtime platform info failed" },
		{ "NPU function error: acl::AclWidgetStatus(event_), error code is 507011\n"
		  "[ERROR] (PID:1) ERR00100 PTA call acl api failed\n",
		  "crashed", "error code is 507011" },
		/* the Neuron runtime's allocation failure, status 4, and XLA's
		 * RESOURCE_EXHAUSTED when it cannot reserve device memory
		 * (fresh200) */
		{ "RuntimeError: nrt_widget_allocate status=4 message=\"Allocation Failure\"\n",
		  "out-of-memory", "nrt_widget_allocate status=4" },
		{ "E 12:00:00 Failure: NRT_RESOURCE in nrt_widget()\n", "out-of-memory",
		  "Failure: NRT_RESOURCE in nrt_widget()" },
		{ "ValueError: RESOURCE_EXHAUSTED: Error loading program 'jit_widget': "
		  "Attempting to reserve 6.14G at the bottom of memory.\n",
		  "out-of-memory", "Attempting to reserve 6.14G" },
		/* a TPU the runtime could not open; a flag it calls invalid,
		 * and a mesh wider than the devices (fresh203) */
		{ "widget.XlaRuntimeError: UNKNOWN: TPU initialization failed: open(/dev/widget0): "
		  "Device or resource busy\n",
		  "driver-mismatch", "open(/dev/widget0): Device or resource busy" },
		{ "RuntimeError: TPU initialization failed: Invalid --widget_addresses specified. "
		  "Expected 4, got 1.\n",
		  "bad-argument", "Invalid --widget_addresses specified" },
		{ "ValueError: Number of devices 2 must equal the product of mesh_shape (1, 4)\n",
		  "bad-argument",
		  "Number of devices 2 must equal the product of mesh_shape (1, 4)" },
		/* CANN's own name for a device gone or never there (fresh206) */
		{ "[PID: 7] 2026-01-01-00:00:00.000.000 Device_Absent/Abnormal(EL0001): "
		  "Device not found or invalid.\n"
		  "        Possible Cause: Device does not exist or is abnormal.\n",
		  "driver-mismatch", "Device_Absent/Abnormal(EL0001)" },
		/* another stage's model loaded after one stage died is not the
		 * server's ready line (fresh206) */
		{ "[Stage-0] ERROR 1 [w.py:9] ValueError: Free memory on device widget:0 "
		  "(1.0/8.0 GiB) on startup is less than desired GPU memory utilization (0.9, "
		  "7.2 GiB).\n"
		  "[Stage-1] INFO 1 [runner.py:9] Widget runner: Model loaded successfully.\n",
		  "out-of-memory", "Free memory on device widget:0 (1.0/8.0 GiB)" },
		/* a KV pool's or an allocator's own "failed to allocate" of
		 * memory, indices or slots; a runtime library without a
		 * function its caller needs; an exception after a cloud
		 * logger's ISO time (fresh207) */
		{ "ValueError: Failed to allocate widget prealloc indices\n", "out-of-memory",
		  "Failed to allocate widget prealloc indices" },
		{ "widget_pool: Failed to allocate memory for 9 widgets\nAborted\n",
		  "out-of-memory", "Failed to allocate memory for 9 widgets" },
		{ "2026-01-01 00:00:00.1: F widget_init.inc:9] WidgetManager_Read not available "
		  "in this library.\nAborted (core dumped)\n",
		  "import-error", "WidgetManager_Read not available in this library." },
		{ "ERROR 2026-01-01T00:00:00.000000001Z WidgetError: the widget pool ran dry\n"
		  "ERROR 2026-01-01T00:00:00.000000002Z [TP0] Scheduler hit an exception: "
		  "Traceback (most recent call last):\n",
		  "unknown", "WidgetError: the widget pool ran dry" },
		/* HCCL's failures under torch_npu; a Rust launcher's panic at
		 * a Python module it could not import; torch_npu's error code
		 * on the line after an exception's message, which still ends
		 * the traceback (fresh208) */
		{ "RuntimeError: widget.cpp:9 HCCL function error: hcclWidgetInit(1), error code "
		  "is 7\n",
		  "distributed-init", "HCCL function error: hcclWidgetInit(1)" },
		{ "thread 'main' panicked at src/widget.rs:9:5:\n"
		  "Failed to import python 'widget' module. Are we running in the correct venv?\n",
		  "import-error", "Failed to import python 'widget' module." },
		{ "(W pid=1) ERROR 1 [m.py:5] Traceback (most recent call last):\n"
		  "(W pid=1) ERROR 1 [m.py:5]   File \"/x/w.py\", line 3, in run\n"
		  "(W pid=1) ERROR 1 [m.py:5]     widget.go()\n"
		  "(W pid=1) ERROR 1 [m.py:5] RuntimeError: the widget went wrong\n"
		  "(W pid=1) ERROR 1 [m.py:5] [ERROR] 2025-01-01-00:00:00 (PID:1, Device:0, "
		  "RankID:-1) ERR99999 UNKNOWN applicaiton exception\n",
		  "unknown", "RuntimeError: the widget went wrong" },
		/* the kernel's OOM killer as systemd and Kubernetes tell it; a
		 * container Kubernetes keeps restarting died, cause unknown */
		{ "Dec 05 10:00:00 host systemd[1]: widget.service: Failed with result "
		  "'oom-kill'.\n",
		  "out-of-memory", "Failed with result 'oom-kill'" },
		{ "Dec 05 10:00:00 host systemd[1]: widget.service: A process of this unit has "
		  "been killed by the OOM killer.\n",
		  "out-of-memory", "killed by the OOM killer" },
		{ "  Warning  Evicted  1m  kubelet  The node was low on resource: memory. "
		  "Container widget was using 7Ki, which exceeds its request of 0.\n",
		  "out-of-memory", "The node was low on resource: memory." },
		{ "  Warning  BackOff  3s (x9 over 2m)  kubelet  Back-off restarting failed "
		  "container widget in pod widget-0_default(1)\n",
		  "unknown", "Back-off restarting failed container widget" },
		/* a process supervisor's word that it gave up on the engine
		 * (supervisord) or that the engine exited (PM2): a death,
		 * cause unknown */
		{ "2025-12-05 10:00:00,100 INFO spawned: 'widget' with pid 7\n"
		  "2025-12-05 10:00:03,200 INFO gave up: widget entered FATAL state, too many "
		  "start retries too quickly\n",
		  "unknown", "gave up: widget entered FATAL state" },
		{ "PM2        | App [widget:0] starting in -fork mode-\n"
		  "PM2        | App [widget:0] exited with code [1] via signal [SIGINT]\n",
		  "unknown", "exited with code [1]" },
		/* zsh's, fish's and bash's job lines for a signal's death (the
		 * shells of macOS and of a desktop), a kill's cause unknown */
		{ "zsh: abort      ./widget-server -m w.gguf\n", "crashed", "zsh: abort" },
		{ "zsh: illegal hardware instruction  ./widget-server -m w.gguf\n", "crashed",
		  "illegal hardware instruction" },
		{ "zsh: bus error  ./widget-server -m w.gguf\n", "crashed", "zsh: bus error" },
		{ "fish: Job 1, './widget-server' terminated by signal SIGABRT (Abort)\n",
		  "crashed", "terminated by signal SIGABRT" },
		{ "fish: Job 1, 'widget serve' terminated by signal SIGKILL (Forced quit)\n",
		  "unknown", "terminated by signal SIGKILL" },
		{ "zsh: killed     widget serve\n", "unknown", "zsh: killed" },
		{ "[1]+  Killed                  widget serve --port 1\n", "unknown",
		  "[1]+  Killed" },
		/* Rust's allocator, Windows' commit limit and Python's
		 * MemoryError: out of memory */
		{ "memory allocation of 4096 bytes failed\nAborted (core dumped)\n",
		  "out-of-memory", "memory allocation of 4096 bytes failed" },
		{ "widget.exe: The paging file is too small for this operation to complete. (os "
		  "error 1455)\n",
		  "out-of-memory", "(os error 1455)" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in load\n"
		  "    w = bytearray(n)\nMemoryError\n",
		  "out-of-memory", "MemoryError" },
		/* a batch scheduler's OOM kill: Slurm's and PBS's words */
		{ "slurmstepd: error: Detected 1 oom_kill event in StepId=7.0. Some of the step "
		  "tasks have been OOM Killed.\n",
		  "out-of-memory", "Detected 1 oom_kill event" },
		{ "=>> PBS: job killed: mem 9000kb exceeded limit 8000kb\n", "out-of-memory",
		  "job killed: mem 9000kb exceeded limit" },
		/* a logger's prefix alone on the line after the traceback (its
		 * blank line), with or without the space after it (fresh209) */
		{ "ERROR 01-01 10:00:00 [core.py:700] Traceback (most recent call last):\n"
		  "ERROR 01-01 10:00:00 [core.py:700]   File \"/x/w.py\", line 3, in run\n"
		  "ERROR 01-01 10:00:00 [core.py:700]     widget.go()\n"
		  "ERROR 01-01 10:00:00 [core.py:700] WidgetError: the widget broke\n"
		  "ERROR 01-01 10:00:00 [core.py:700] \n",
		  "unknown", "WidgetError: the widget broke" },
		{ "[2024-01-01 10:00:00,1] [ERROR] [widget] >>>   File \"/x/w.py\", line 3, in "
		  "run\n"
		  "[2024-01-01 10:00:00,1] [ERROR] [widget] >>>     assert k in {1, 2}\n"
		  "[2024-01-01 10:00:00,1] [ERROR] [widget] >>> AssertionError\n"
		  "[2024-01-01 10:00:00,1] [ERROR] [widget] >>>\n",
		  "unknown", "AssertionError" },
		{ "2024-01-01 10:00:00,1 - ERROR - Traceback (most recent call last):\n"
		  "2024-01-01 10:00:00,1 - ERROR -   File \"/x/w.py\", line 3, in run\n"
		  "2024-01-01 10:00:00,1 - ERROR - WidgetError: the widget broke\n"
		  "2024-01-01 10:00:00,1 - ERROR - \n",
		  "unknown", "WidgetError: the widget broke" },
		/* a runtime's own fatal abort: Go's, Rust's, C++'s, glibc's */
		{ "fatal error: concurrent map writes\n\ngoroutine 7 [running]:\n", "crashed",
		  "fatal error: concurrent map writes" },
		{ "thread 'widget' has overflowed its stack\nfatal runtime error: stack "
		  "overflow\n",
		  "crashed", "overflowed its stack" },
		{ "terminate called without an active exception\n", "crashed",
		  "terminate called without an active exception" },
		{ "*** stack smashing detected ***: terminated\n", "crashed",
		  "stack smashing detected" },
		{ "malloc(): unaligned tcache chunk detected\n", "crashed",
		  "malloc(): unaligned tcache chunk detected" },
		{ "double free detected in tcache 2\n", "crashed", "double free detected" },
		{ "widget: loading\nfatal error: runtime: out of memory\n", "out-of-memory",
		  "fatal error: runtime: out of memory" },
		/* an info line of 80 columns that ends in a number is no wrapped
		 * sentence: the line under it is its own (the other side of
		 * fresh210's) */
		{ "0.01.000.000 I slot launch_slot_: id  3 | task 0 | processing task, is_child = "
		  "0\nwidget backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)\n"
		  "Aborted (core dumped)\n",
		  "crashed", "UR_RESULT_ERROR_DEVICE_LOST" },
		/* free memory too little, in an assertion's words
		 * (TensorRT-LLM's KV cache manager): memory, not a crash */
		{ "[Widget][ERROR] Assertion failed: Insufficient free memory for KV cache "
		  "(/src/widget/kvCacheManager.cpp:123)\n",
		  "out-of-memory", "Insufficient free memory for KV cache" },
		/* Gaudi's device memory and an environment variable refused
		 * (fresh202) */
		{ "RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for "
		  "size::1024 (1)MB\n",
		  "out-of-memory", "PT_DEVMEM Allocation failed for size::1024 (1)MB" },
		{ "RuntimeError: Invalid WIDGET_VISIBLE_MODULES=5. Module IDs should be between 0 "
		  "and 0.\n",
		  "bad-argument", "Invalid WIDGET_VISIBLE_MODULES=5" },
		/* Level Zero out of resources: memory, not a crash (fresh201) */
		{ "RuntimeError: Native API failed. Native API returns: 40 "
		  "(UR_RESULT_ERROR_OUT_OF_RESOURCES)\n",
		  "out-of-memory", "(UR_RESULT_ERROR_OUT_OF_RESOURCES)" },
		{ "[ 8812.000001] NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.\n"
		  "widget-server: CUDA error: an illegal memory access was encountered\n",
		  "crashed", "widget-server: CUDA error" },
		{ "Jan 02 10:00:01 gpu1 kernel: NVRM: Xid (PCI:0000:3b:00): 13, Graphics "
		  "Exception\n"
		  "Jan 02 10:00:01 gpu1 widgetd[77]: GGML_ASSERT(n > 0) failed\n",
		  "crashed", "GGML_ASSERT(n > 0) failed" },
		/* fresh43's: a load that failed on an assertion, the load's words
		 * first; an assertion deep in frames that deserialize the engine */
		{ "E1203 10:00:00.1 7 lifecycle.cc:9] \"failed to load 'widget' version 2: "
		  "Internal: [W][ERROR] Assertion failed: a == b (w.cpp:9)\"\n",
		  "model-load-failed", "failed to load 'widget'" },
		{ "[W][ERROR] Assertion failed: n <= left (cubin.cpp:34)\n"
		  "1 0x1 w::throwRuntimeError() + 95\n2 0x2 w::Cubin::Cubin() + 4\n"
		  "3 0x3 w::Registry::Registry() + 4\n4 0x4 w::Runner::Runner() + 4\n"
		  "5 0x5 w::PluginCommon::PluginCommon() + 4\n6 0x6 w::Plugin::Plugin() + 4\n"
		  "7 0x7 w::PluginCreator::deserializeWidget(char const*) + 50\n",
		  "model-load-failed", "Assertion failed: n <= left" },
		/* fresh44's: systemd-coredump's words; Windows' access violation,
		 * a crash wherever it happens; a crash after the model failed to
		 * load is the load's doing */
		{ "Jan 02 10:00:01 gpu1 systemd-coredump[99]: Process 1234 (widgetd) of user 0 "
		  "dumped core.\n",
		  "crashed", "dumped core" },
		{ "  File \"w.py\", line 3, in load_model\n    ret = h.load_model(x)\n"
		  "OSError: exception: access violation writing 0x0000000000000010\n",
		  "crashed", "access violation writing" },
		{ "widget_load: error loading model: unknown tensor type 99\n"
		  "Traceback (most recent call last):\n  File \"w.py\", line 3, in main\n"
		  "    ret = h.start(x)\nOSError: exception: access violation reading 0x0\n",
		  "model-load-failed", "unknown tensor type 99" },
		/* fresh45's: a load's error chain, its cause under it */
		{ "2026-01-02 [error] widget load_model failed: Error: worker said no\n"
		  "    at Worker.emit (node:events:518:28)\n"
		  "    at Worker.onMessage (/opt/w/main.js:9:1)\n"
		  "  - Caused By: RangeError: the widget's tensor 7 is too short\n",
		  "model-load-failed", "tensor 7 is too short" },
		/* fresh46's: Triton's backend that is not there; a C compiler a
		 * kernel build ran that failed; an exception with its cause in
		 * parentheses, its frames under a process's prefix with no
		 * "Traceback" line before them */
		{ "E0101 10:00:00.1 9 lifecycle.cc:9] \"failed to load 'widget' version 3: "
		  "Invalid argument: unable to locate backend library for backend 'widgetrt'\"\n",
		  "not-found", "unable to locate backend library" },
		{ "subprocess.CalledProcessError: Command '['/usr/bin/cc', '/tmp/x/main.c', "
		  "'-lcuda']' returned non-zero exit status 1.\n",
		  "driver-mismatch", "returned non-zero exit status 1" },
		{ "(Worker pid=3)   File \"/x/a.py\", line 9, in run\n(Worker pid=3)     raise e\n"
		  "(Worker pid=3) widget.WidgetTaskError(KeyError): widget::run() failed\n"
		  "(Worker pid=3)     ^^^^^^^^\n(Worker pid=3)   File \"/x/b.py\", line 3, in go\n"
		  "(Worker pid=3)     return self.step()\n",
		  "unknown", "WidgetTaskError(KeyError)" },
		/* fresh47's: glibc's assert, its expression between the words */
		{ "widgetd: src/w.c:12: void w_apply(int): Assertion `n > 0 && n < 9' failed.\n",
		  "crashed", "Assertion `n > 0 && n < 9' failed" },
		/* fresh49's: absl's and glog's failure signal handlers */
		{ "*** SIGBUS received by PID 77 (TID 77) on cpu 1 from PID 77; stack trace: ***\n",
		  "crashed", "SIGBUS received by PID 77" },
		{ "*** Aborted at 1700000000 (unix time) try \"date -d @1700000000\" if you are "
		  "using GNU date ***\n",
		  "crashed", "Aborted at 1700000000" },
		/* fresh50's, from a real llama-server: a build without a feature
		 * asked for; a grammar given at start that does not parse; a
		 * warning that says why the model failed to load when the
		 * errors after it say only that it did */
		{ "0.00.006.680 E srv          init: the widget server is built without TLS "
		  "support\n0.00.006.740 E srv  widget_server: failed to initialize HTTP server\n",
		  "not-supported", "built without TLS support" },
		{ "parse: error parsing grammar: unexpected end of input\n"
		  "0.00.785.501 E failed to parse grammar\n"
		  "terminate called after throwing an instance of 'std::runtime_error'\n"
		  "  what():  failed to parse grammar\n",
		  "bad-argument", "failed to parse grammar" },
		{ "0.01.104.947 W widget_init: draft type EAGLE requested but model doesn't "
		  "contain "
		  "EAGLE heads\n0.01.104.969 E srv    load_model: failed to create draft context\n"
		  "0.01.106.552 E srv  widget_server: exiting due to model loading error\n",
		  "not-supported", "model doesn't contain EAGLE heads" },
		/* fresh51's: glibc's heap checks; vLLM's architecture that could
		 * not be inspected, under a validation error's header */
		{ "free(): invalid pointer\nAborted (core dumped)\n", "crashed",
		  "free(): invalid pointer" },
		{ "pydantic_core._pydantic_core.ValidationError: 1 validation error for "
		  "ModelConfig\n"
		  "  Value error, Model architectures ['WidgetLM'] failed to be inspected. Please "
		  "check the logs.\n",
		  "model-load-failed", "failed to be inspected" },
		/* fresh54's: a shell's report of the job it lost; and an ending
		 * says how, the error before it why */
		{ "./serve.sh: line 9:  4242 Killed                  widget-server --port 1\n",
		  "crashed", "4242 Killed" },
		{ "[1]    68916 abort      widget-server --port 8080\n", "crashed", "68916 abort" },
		{ "RuntimeError: the widget pool leaked 3 pages\n"
		  "[10:00] Received sigquit from a child process. It usually means the child "
		  "failed.\n",
		  "crashed", "the widget pool leaked 3 pages" },
		/* fresh56's: a tokenizer this build does not know is one it does
		 * not support; weights that do not fit their shape did not load */
		{ "E loader: error loading model vocabulary: unknown tokenizer: 'widget7'\n",
		  "not-supported", "unknown tokenizer: 'widget7'" },
		/* fresh59's: an exception whose message begins with a space, a
		 * checkpoint without the weights asked for; a Rust panic, its
		 * message on the next line */
		{ "  File \"/x/w.py\", line 3, in load\n"
		  "    raise KeyError(\" ## no widget\")\n"
		  "ERROR:    KeyError:  ## no widget.* in this checkpoint\n",
		  "unknown", "KeyError:  ## no widget.* in this checkpoint" },
		{ "ERROR loader: could not find widget.tokens.* in the model\n",
		  "model-load-failed", "could not find widget.tokens.* in the model" },
		{ "thread 'widget-rt' panicked at src/widget.rs:10:5:\nindex out of bounds\n",
		  "crashed", "panicked at src/widget.rs:10:5" },
		/* fresh60's: libc++'s terminate; an internal check that failed,
		 * its stack trace after it; a request to a local service that
		 * was refused is no Hub, its message a logger cut in lines */
		{ "libc++abi: terminating due to uncaught exception of type widget::Error: "
		  "the widget broke\n",
		  "crashed", "terminating due to uncaught exception of type widget::Error" },
		{ "Check failed: (widget != nullptr) is false: no widget here\n"
		  "Stack trace:\n"
		  "  File \"/x/widget.cc\", line 9\n",
		  "crashed", "Check failed: (widget != nullptr) is false: no widget here" },
		{ "| ERROR | stderr | requests.exceptions.ConnectionError: "
		  "HTTPConnectionPool(host='127.0.0.1', port=9): Max retries exceeded with url: "
		  "/widget\n"
		  "| ERROR | stderr | (Caused by NewConnectionError('<x>: Failed to establish a "
		  "new \n"
		  "| ERROR | stderr | connection: [Errno 111] Connection refused'))\n",
		  "unknown", "Max retries exceeded with url: /widget" },
		/* fresh73's: a model this version of the engine does not know,
		 * in its words for it (a version too old, an assertion's) */
		{ "Error: widget runner has terminated: this widget is not supported by your "
		  "version of WidgetServe. You may need to upgrade\n",
		  "not-supported", "not supported by your version of WidgetServe" },
		{ "Error: pull widget manifest: 412:\n"
		  "The widget you are attempting to pull requires a newer version of "
		  "WidgetServe.\n",
		  "not-supported", "requires a newer version of WidgetServe" },
		{ "Error: runner has terminated: GGML_ASSERT(false && \"unsupported widgetv "
		  "version\") failed\n",
		  "not-supported", "unsupported widgetv version" },
		/* fresh71's: a kernel to compile at start and no toolkit to
		 * compile it */
		{ "RuntimeError: Could not find nvcc and default cuda_home='/opt/widget' "
		  "doesn't exist\n",
		  "driver-mismatch", "Could not find nvcc" },
		/* fresh69's: a CUDA kernel's device-side assertion, its
		 * condition between backticks (here none) */
		{ "/x/Widget.cu:112: widget_kernel: block: [0,0,0], thread: [0,0,0] Assertion "
		  "`` failed.\n",
		  "crashed", "widget_kernel: block: [0,0,0], thread: [0,0,0] Assertion `` failed" },
		/* fresh65's: a dtype not supported for a quantization, the
		 * quantization named after it */
		{ "widget.float8 is not supported for quantization method wx4. Supported "
		  "dtypes: [widget.bf16] [type=value_error]\n",
		  "not-supported", "widget.float8 is not supported for quantization method wx4" },
		/* fresh64's: an assertion that says what is not supported; a
		 * KV cache too small for one sequence */
		{ " what():  [Widget][ERROR] Assertion failed: paged widgets are only supported "
		  "for decode (w.cpp:9)\n",
		  "not-supported", "paged widgets are only supported for decode" },
		{ "E0101 10:00:00.000 9 backend.cc:1] ERROR: widgetCache (64) must be large "
		  "enough to process at least 1 sequence to completion\n",
		  "out-of-memory", "widgetCache (64) must be large enough" },
		/* fresh61's: transformers' weights not in the directory; a Ray
		 * worker its raylet never registered (its "No such file" is the
		 * socket's, not a model's) */
		{ "OSError: Error no file named widget.safetensors found in directory "
		  "models/widget.\n",
		  "not-found", "no file named widget.safetensors" },
		{ "[2025-01-01 10:00:00,000 E 9 9] core_worker.cc:9: Failed to register worker "
		  "00ff to Raylet. IOError: [RayletClient] Unable to register worker with "
		  "raylet. No such file or directory\n",
		  "distributed-init", "Unable to register worker with raylet" },
		{ "ERROR worker: ValueError: cannot reshape array of size 640 into shape "
		  "(32,24)\nTraceback (most recent call last):\n",
		  "model-load-failed", "cannot reshape array of size 640 into shape (32,24)" },
		/* fresh79's: SGLang's handler of a child's SIGQUIT in its newer
		 * words, under a Compose prefix */
		{ "widget-1  | [10:00] SIGQUIT received. signum=3, frame=None. It usually means "
		  "one child failed.\n",
		  "crashed", "SIGQUIT received" },
		/* the child says why after its parent said it ended (fresh11's,
		 * fresh79's): its exception, or what its traceback cut short said
		 * it was; a traceback under a log level alone says nothing */
		{ "[10:00] Received sigquit from a child process. It usually means the child "
		  "failed.\n"
		  "[10:00 TP0] Widget loop hit an exception: Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 9, in run\n"
		  "KeyError: 'widget 7'\n",
		  "crashed", "KeyError: 'widget 7'" },
		{ "[10:00] Received sigquit from a child process. It usually means the child "
		  "failed.\n"
		  "[10:00 TP0] Widget loop hit an exception: Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 9, in run\n",
		  "crashed", "Widget loop hit an exception" },
		{ "[10:00] Received sigquit from a child process. It usually means the child "
		  "failed.\n"
		  "ERROR:    Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 9, in run\n",
		  "crashed", "Received sigquit" },
		/* a negative exit code is Python's for a signal, 134 to 139 a
		 * shell's (128 + the signal) */
		{ "RuntimeError: the widget server exited with code -11\n", "crashed",
		  "exited with code -11" },
		{ "widget-1 exited with code 137\n", "crashed", "widget-1 exited with code 137" },
		/* fresh80's: an assertion as DeepGEMM and TVM word it, its file and
		 * line in parentheses; a CUDA launch that failed, whatever words
		 * come before its code */
		{ "RuntimeError: Assertion error (widget/inc/shape.hpp:12):\n  n % 4 == 0\n",
		  "crashed", "Assertion error (widget/inc/shape.hpp:12)" },
		{ "widget driver error (/x/launch.hpp:9): 700 CUDA_ERROR_ILLEGAL_ADDRESS\n",
		  "crashed", "CUDA_ERROR_ILLEGAL_ADDRESS" },
		/* fresh81's: a thing not supported, the list of what is after it;
		 * a model class not supported */
		{ "ValueError: the gizmo mode is not supported. Supported values: [a, b]\n",
		  "not-supported", "the gizmo mode is not supported" },
		{ "RuntimeError: Currently, calibration of WidgetLMModel is not supported.\n",
		  "not-supported", "WidgetLMModel is not supported" },
		/* fresh82's: a build without a feature asked for, and what to
		 * rebuild with */
		{ "E widget_fetch: error: TLS is not supported, please rebuild with "
		  "-DWIDGET_TLS=ON\n",
		  "not-supported", "TLS is not supported, please rebuild" },
		/* fresh83's: a registry that failed the pull on its side */
		{ "Error: pull model manifest: 503: service unavailable\n", "model-access",
		  "pull model manifest: 503" },
		/* fresh88's: vLLM V1's KV cache too small for one sequence, and
		 * another engine's in like words */
		{ "ValueError: To serve at least one request with the models's max seq len "
		  "(4096), (2.00 GiB KV cache is needed, which is larger than the available KV "
		  "cache memory (1.50 GiB).\n",
		  "out-of-memory", "(2.00 GiB KV cache is needed" },
		{ "RuntimeError: the widget needs 3 GiB, larger than the available KV cache "
		  "memory (1 GiB)\n",
		  "out-of-memory", "larger than the available KV cache memory (1 GiB)" },
		/* more devices asked for than there are; a model's estimate larger
		 * than what is free (vLLM's config checks, in other words) */
		{ "RuntimeError: widget shard count (6) cannot be larger than the number of "
		  "available devices (2).\n",
		  "bad-argument", "widget shard count (6)" },
		{ "error: the widget requires 12 GiB of VRAM but only 7.5 GiB is free\n",
		  "out-of-memory", "requires 12 GiB of VRAM but only 7.5 GiB" },
		/* Ollama's newer words (its runner now llama-server), from its
		 * source, in other words */
		{ "Error: the widget runner has unexpectedly stopped, check the logs\n", "crashed",
		  "widget runner has unexpectedly stopped" },
		{ "Error: widget-server reported out-of-memory during startup: no room\n",
		  "out-of-memory", "reported out-of-memory during startup" },
		{ "Error: this widget is incompatible with your version of Widgetd\n",
		  "not-supported", "incompatible with your version of Widgetd" },
		{ "Error: widget-server binary not found (checked: /x/lib)\n", "not-found",
		  "widget-server binary not found" },
		{ "level=ERROR msg=\"error loading llama server\" error=\"timed out waiting for "
		  "llama-server to start - progress 0.50 - \"\n",
		  "model-load-failed", "timed out waiting for llama-server to start" },
		{ "level=ERROR msg=\"llama-server terminated\" error=\"exit status 7\"\n",
		  "crashed", "llama-server terminated" },
		/* llama.cpp's own words, from its source, in other words: a file
		 * that is not the model it should be, buffers it could not
		 * allocate, a download it could not make or find */
		{ "E widget_loader: tensor 'blk.9.ffn_up' not found in the widget\n",
		  "model-load-failed", "tensor 'blk.9.ffn_up' not found" },
		{ "E widget: blob data is not within the file bounds, the widget is corrupted or "
		  "incomplete\n",
		  "model-load-failed", "not within the file bounds" },
		{ "E widget: failed to allocate widget scratch buffers\n", "out-of-memory",
		  "failed to allocate widget scratch buffers" },
		{ "E widget_fetch: required file is not available in cache (offline mode): "
		  "w.gguf\n",
		  "model-access", "not available in cache (offline mode)" },
		{ "E widget_fetch: file 'w.gguf' not found in repository widgets/w\n", "not-found",
		  "not found in repository widgets/w" },
		/* newer vLLM names the device whose free memory was short; in
		 * other words, the class knows it too */
		{ "ValueError: Free memory on device xpu:1 (3.0/16.0 GiB) on startup is less "
		  "than desired GPU memory utilization (0.9, 14.4 GiB).\n",
		  "out-of-memory", "Free memory on device xpu:1" },
		{ "ValueError: the widget pool wants more: free memory (3.1/8.0 GiB) is less than "
		  "desired GPU memory utilization (0.9, 7.2 GiB)\n",
		  "out-of-memory", "is less than desired GPU memory utilization (0.9, 7.2 GiB)" },
		/* Ollama's newer words for a model that does not fit, from its
		 * source */
		{ "level=INFO source=sched.go:1 msg=\"model is too large for system memory\" "
		  "requireFull=false\n",
		  "out-of-memory", "model is too large for system memory" },
		{ "Error: 500 Internal Server Error: unable to load full model on GPU\n",
		  "out-of-memory", "unable to load full model on GPU" },
		/* fresh89's: a part that died, "has" or not (TorchServe's worker,
		 * under a wrapper's INFO) */
		{ "2025-01-01 10:00:00,000 [INFO ] W-1-widget MODEL_LOG - Widget worker process "
		  "died.\n",
		  "crashed", "Widget worker process died" },
		/* from the libraries' own words, in other words: Triton without a
		 * C compiler; cuBLAS on a GPU it has no kernels for; a model type
		 * transformers does not know; a torch operator a library did not
		 * register */
		{ "RuntimeError: Failed to find C compiler for the widget kernels\n",
		  "driver-mismatch", "Failed to find C compiler" },
		{ "RuntimeError: widget GEMM failed: CUBLAS_STATUS_ARCH_MISMATCH\n",
		  "not-supported", "CUBLAS_STATUS_ARCH_MISMATCH" },
		{ "ValueError: 'WidgetLM' is not a registered model in this library\n",
		  "not-supported", "is not a registered model" },
		{ "RuntimeError: operator widgetvision::roi_align does not exist\n", "import-error",
		  "operator widgetvision::roi_align does not exist" },
		/* a value that must be below another; a context longer than the
		 * model's, as SGLang words it; a quantization not supported; a
		 * meta tensor never loaded (in other words) */
		{ "ValueError: `widget_min` must be < `widget_max`\n", "bad-argument",
		  "`widget_min` must be < `widget_max`" },
		{ "ValueError: User-specified widget_len (9000) is greater than the derived "
		  "widget_len (4096).\n",
		  "bad-argument", "User-specified widget_len (9000)" },
		{ "RuntimeError: Unsupported quantization: w3 on this widget\n", "not-supported",
		  "Unsupported quantization: w3" },
		{ "NotImplementedError: Cannot copy out of meta tensor; no widget!\n",
		  "model-load-failed", "Cannot copy out of meta tensor" },
		/* fresh90's: a value greater than the engine's own max_ setting;
		 * a chat template name that is not built in, the exception line
		 * quoted by a thread */
		{ "ValueError: widget rank 9 is greater than max_widget_rank 4.\n", "bad-argument",
		  "widget rank 9 is greater than max_widget_rank 4" },
		{ "\"RuntimeError: Chat template widget.jinja is not a built-in template name\n",
		  "chat-template", "is not a built-in template name" },
		/* vLLM's profiling that found more memory free after it than
		 * before: another process's memory moved under it (from its
		 * source) */
		{ "AssertionError: Error in memory profiling. Initial free memory 100, current "
		  "free memory 200. The widget was not cleaned up.\n",
		  "out-of-memory", "Initial free memory 100, current free memory 200" },
		/* TGI's launcher, from its source, in other words: more shards
		 * than devices; a program it runs not installed */
		{ "Error: NotEnoughCUDADevices(\"the widget wants 4 but only found 2\")\n",
		  "bad-argument", "NotEnoughCUDADevices" },
		{ "ERROR widget_launcher: widget-server not found in PATH\n", "not-found",
		  "widget-server not found in PATH" },
		/* LMDeploy's words, from its source, in other words */
		{ "RuntimeError: No enough device memory for the widget cache.\n", "out-of-memory",
		  "No enough device memory" },
		{ "RuntimeError: Your widget does not supports fp8 (float8), use fp16.\n",
		  "not-supported", "does not supports fp8" },
		{ "RuntimeError: Widget (v1) support has been removed from Widgetd.\n",
		  "not-supported", "support has been removed from Widgetd" },
		{ "ValueError: Unsupported rope type: spiral\n", "not-supported",
		  "Unsupported rope type: spiral" },
		/* TensorRT-LLM's engine built elsewhere; a CUDA call the device
		 * does not support (in other words) */
		{ "[W][E] Failed to start: the widget plan was generated on an incompatible "
		  "device, please rebuild.\n",
		  "not-supported", "generated on an incompatible device" },
		{ "[W][ERROR] CUDA runtime error in widgetPoolGet(&pool): operation not "
		  "supported\n",
		  "not-supported", "widgetPoolGet(&pool): operation not supported" },
		/* fresh92's: a math library without kernels for this GPU's arch
		 * (its file missing is the GPU not supported) */
		{ "widgetBLAS error: Cannot read /x/lib/Kernels.dat: No such file or directory "
		  "for GPU arch : gfx1099\n",
		  "not-supported", "for GPU arch : gfx1099" },
		/* fresh94's: a quoted path that does not exist (llama-server's
		 * router and its --models-dir) */
		{ "E widget: failed to start: error: '/srv/widgets' does not exist or is not a "
		  "directory\n",
		  "not-found", "'/srv/widgets' does not exist" },
		/* fresh95's: a traceback cut short whose header is under an error
		 * level: what was said before it is the quote, not the header */
		{ "[10:00] [widget] [E] Failed to start the widget on rank 0: no attribute 'x'\n"
		  "[10:00] [widget] [E] Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 3, in run\n",
		  "unknown", "Failed to start the widget on rank 0" },
		/* fresh96's: a kernel library's HIP call that failed, AITER's way */
		{ "[WIDGET] /x/kern.cpp:9 fail to call hipLaunchWidget(f, 1, 1) ---> [HIP "
		  "error](invalid resource handle)\n",
		  "crashed", "fail to call hipLaunchWidget" },
		/* SGLang's ranks that did not all load; transformers' model it does
		 * not recognize (their words, in other words) */
		{ "RuntimeError: widget rank 0 loaded, but there are other ranks that didn't "
		  "finish loading.\n",
		  "model-load-failed", "other ranks that didn't finish loading" },
		{ "ValueError: Unrecognized model in /x/widget. Should have a `model_type` key.\n",
		  "not-supported", "Unrecognized model in /x/widget" },
		/* fresh99's: a LoRA adapter llama.cpp could not read is the
		 * adapter's failure, not the model's (the chain's first line is
		 * only how it failed); a context it could not create says why
		 * after the colon; an unknown tool named in quotes is a bad
		 * argument */
		{ "E widget_init: invalid magic characters: 'ABCD', expected 'GGUF'\n"
		  "E common_init: failed to load lora adapter '/srv/widget.safetensors'\n"
		  "E srv widget: exiting due to model loading error\n",
		  "model-load-failed", "failed to load lora adapter '/srv/widget.safetensors'" },
		{ "E llama_init_from_model: failed to initialize the context: widget pool is "
		  "empty\nE srv widget: exiting due to model loading error\n",
		  "model-load-failed", "failed to initialize the context: widget pool is empty" },
		{ "E srv widget: setup failed: unknown option 'frobnicate'. known options: a, b\n",
		  "bad-argument", "unknown option 'frobnicate'" },
		/* fresh101's: a traceback pasted where its indentation was lost
		 * is still told (each location's code on the next line), up
		 * to an exception that ends it; a server's own words that it
		 * failed to start end it */
		{ "Task exception was never retrieved\n"
		  "future: <Task finished exception=RuntimeError('widget pool drained')>\n"
		  "Traceback (most recent call last):\n"
		  "File \"/srv/w/loop.py\", line 9, in run_loop\n"
		  "await self.step()\n"
		  "File \"/srv/w/loop.py\", line 20, in step\n"
		  "self.pool.take(n)\n",
		  "unknown", "widget pool drained" },
		{ "Traceback (most recent call last):\n"
		  "File \"/srv/w/a.py\", line 3, in <module>\n"
		  "main()\n"
		  "File \"<frozen runpy>\", line 88, in _run_code\n"
		  "WidgetError: the widget broke\n",
		  "unknown", "WidgetError: the widget broke" },
		{ "2025-01-01 10:00:00.000 7 widgetd ERROR [main.py:run():9] Failed to start model "
		  "server: list index out of range\n",
		  "unknown", "Failed to start model server: list index out of range" },
		/* fresh102's: an exception without a message is its bare name
		 * ("AssertionError"), llama-cpp-python's load that got no model
		 * is one; Ray Serve's replica it stops ends it (its proxy's
		 * "listening on" is no engine's readiness); Ray's control store
		 * that cannot be reached is a distributed init */
		{ "Traceback (most recent call last):\n"
		  "  File \"/srv/w/boot.py\", line 4, in <module>\n"
		  "    start()\n"
		  "  File \"/srv/w/boot.py\", line 9, in start\n"
		  "    raise WidgetError\n"
		  "WidgetError\n",
		  "unknown", "WidgetError" },
		{ "  File \"/x/llama_cpp/llama.py\", line 300, in __init__\n"
		  "    assert self.model is not None\n"
		  "           ^^^^^^^^^^^^^^^^^^^^^^\n"
		  "AssertionError\n",
		  "model-load-failed", "assert self.model is not None" },
		{ "INFO 2025-01-01 10:00:00,000 controller 9 proxy_state.py:1 - Starting proxy on "
		  "node 'n1' listening on '0.0.0.0:8000'.\n"
		  "ERROR 2025-01-01 10:00:02,000 controller 9 deployment_state.py:600 - Exception "
		  "in Replica(id='w1', deployment='Widget', app='x'), the replica will be "
		  "stopped.\n",
		  "unknown", "the replica will be stopped" },
		{ "RuntimeError: Failed to connect to GCS at address 10.0.0.1:6379 within 60 "
		  "seconds.\n",
		  "distributed-init", "Failed to connect to GCS" },
		/* fresh103's: a death a logger wrote at its warning level is
		 * still an ending (TorchServe's); a model library built by
		 * another TVM is a load failure, not a crash */
		{ "2025-01-01T10:00:00,000 [WARN ] W-9000-widget org.example.Batcher - Load model "
		  "failed: widget, error: Worker died.\n",
		  "model-load-failed", "Load model failed: widget" },
		/* a log that ends inside a Java stack trace before it served
		 * is a death, its last exception why (DJL Serving's worker
		 * that did not start, fresh469-unknown-djl28) */
		{ "\tat ai.widget.WorkerPool.initWorkers(WorkerPool.java:214) ~[wlm-0.29.0.jar:?]\n"
		  "\t... 6 more\n"
		  "Caused by: java.util.concurrent.TimeoutException\n"
		  "\tat java.base/java.util.concurrent.CompletableFuture.timedGet("
		  "CompletableFuture.java:1960) ~[?:?]\n"
		  "\tat ai.widget.PyProcess.startPythonProcess(PyProcess.java:195) "
		  "~[python.jar:?]\n",
		  "unknown", "java.util.concurrent.TimeoutException" },
		/* and so it stays when the worker's death is told again after
		 * it (TorchServe's "Backend worker process died.",
		 * fresh469-unknown-torchserve838): the load that failed is why */
		{ "2025-01-01T10:00:00,000 [WARN ] W-9000-widget org.example.Batcher - Load model "
		  "failed: widget, error: Worker died.\n"
		  "2025-01-01T10:00:00,001 [INFO ] W-9000-widget org.example.Thread - Retry "
		  "worker: "
		  "9000 in 1 seconds.\n"
		  "2025-01-01T10:00:00,002 [INFO ] W-9000-widget-stdout org.example.LifeCycle - "
		  "Backend worker process died.\n",
		  "model-load-failed", "Load model failed: widget" },
		{ "InternalError: Check failed: (version == \"0.2\") is false: Invalid VM file "
		  "format in the version section.\n",
		  "model-load-failed", "Invalid VM file format" },
		/* fresh104's: a library the engine could not load is an
		 * import error; values a server says it does not know are a
		 * bad argument */
		{ "E widgetd: Could not load the shared library \"libwidget.so.3\"\n",
		  "import-error", "Could not load the shared library" },
		{ "ERROR: Not all of the provided widgets are supported. Unknown widgets: {'x'}\n",
		  "bad-argument", "Not all of the provided widgets are supported" },
		/* fresh105's: an error object's cause on the line after its
		 * title is the quote's too; another process's line before a
		 * traceback does not say what it is (JAX's note after a
		 * worker's exception); a wrapper's other verbs for a model it
		 * could not load, and a backend whose gRPC service never came
		 * up */
		{ "{\n  \"title\": \"Failed to load model\",\n  \"cause\": \"widget error: 'bad "
		  "header; expected 7, got 3'\",\n  \"data\": {}\n}\n",
		  "model-load-failed", "bad header; expected 7, got 3" },
		{ "(Worker pid=7)   File \"/srv/w/step.py\", line 3, in step\n"
		  "(Worker pid=7)     y = x + z\n"
		  "(Worker pid=7) WidgetError: the widget would not turn\n"
		  "(Worker pid=7) Set WIDGET_DEBUG=1 to see every frame of the exception above.\n"
		  "(Frontend pid=1) Traceback (most recent call last):\n"
		  "(Frontend pid=1)   File \"/srv/w/main.py\", line 6, in <module>\n",
		  "unknown", "WidgetError: the widget would not turn" },
		{ "10:00AM INF [widget-cpp] Fails: couldn't load the model: rpc error: code = "
		  "Unknown\n",
		  "model-load-failed", "couldn't load the model" },
		{ "10:00AM ERR failed to start the gRPC service error=\"dial tcp 127.0.0.1:9: "
		  "connect: "
		  "connection refused\"\n",
		  "model-load-failed", "failed to start the gRPC service" },
		/* fresh106's: the engine's own words of its death before a
		 * supervisor's exit; a raise's source is no exit; a line a
		 * terminal wrapped at its width is read with its rest; a
		 * tensor of the wrong size or shape is a load failure */
		{ "ERROR 10:00 [core.py:9] EngineCore failed to start.\n"
		  "[supervisor] widget exited with code 1\n",
		  "unknown", "EngineCore failed to start" },
		{ "  File \"/x/u.py\", line 9, in wait\n"
		  "    raise RuntimeError(\"EngineCore failed to start. \"\n"
		  "RuntimeError: EngineCore failed to start. See the worker's log above.\n",
		  "unknown", "See the worker's log above" },
		{ "(Worker pid=3) ValueError: Free memory on device cuda:1 (20.10/23.99 GiB) on "
		  "sta\n"
		  "rtup is less than desired GPU memory utilization (0.95, 22.79 GiB). Decrease "
		  "GPU "
		  "memory utilization or reduce GPU memory used by other processes.\n",
		  "out-of-memory", "Free memory on device cuda:1" },
		{ "widget_load: tensor 'blk.3.ffn_up.weight' has wrong shape; expected 4096, got "
		  "11008\n",
		  "model-load-failed", "has wrong shape; expected 4096, got 11008" },
		/* fresh108's: TensorRT-LLM started on another number of ranks
		 * than its engine was built for; llama-server's --host it
		 * cannot listen on (a valid one is still a port in use); its
		 * own error level before its exit; a server setting that does
		 * not parse; a path it was given that is not there */
		{ "[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp "
		  "(/src/runtime/worldConfig.cpp:90)\n",
		  "bad-argument", "mpiSize == tp * pp" },
		{ "0.00.010.000 E srv         start: couldn't bind HTTP server socket, hostname: "
		  "localhost:9000, port: 9000\n",
		  "bad-argument", "hostname: localhost:9000" },
		{ "0.00.010.000 E srv         start: couldn't bind HTTP server socket, hostname: "
		  "127.0.0.1, port: 8080\n",
		  "address-in-use", "hostname: 127.0.0.1" },
		{ "0.00.001.000 E srv          init: widget cache could not be read: /x/cache\n"
		  "0.00.001.100 E srv  llama_server: failed to initialize HTTP server\n",
		  "unknown", "widget cache could not be read" },
		{ "0.00.001.000 E srv          init: failed to parse web UI settings: "
		  "[json.exception.parse_error.101] parse error at line 1\n",
		  "bad-argument", "failed to parse web UI settings" },
		{ "0.00.001.000 E srv          init: static files path not found: /srv/www\n"
		  "0.00.001.100 E srv  llama_server: failed to initialize HTTP server\n",
		  "not-found", "static files path not found: /srv/www" },
		/* fresh110's: a model without a chat template fails every
		 * chat request, not one */
		{ "ERROR 01-01 10:00:00 [serving_chat.py:9] ValueError: Cannot use chat template "
		  "functions because tokenizer.chat_template is not set and no template argument "
		  "was passed!\n"
		  "INFO:     10.0.0.1:5000 - \"POST /v1/chat/completions HTTP/1.1\" 400 Bad "
		  "Request\n",
		  "chat-template", "tokenizer.chat_template is not set" },
		/* fresh111's: a model that "failed to load", in those words */
		{ "Error: 500 Internal Server Error: the widget model failed to load, check the "
		  "server logs\n",
		  "model-load-failed", "model failed to load" },
		/* fresh116's: a model load that failed, in that order; a
		 * panic whose message is a config it could not read */
		{ "Error: the widget server answered 500: {\"error\":{\"message\":\"Model load "
		  "failed\"}}\n",
		  "model-load-failed", "Model load failed" },
		{ "thread 'main' panicked at src/server.rs:12:5:\n"
		  "Error(\"missing field `hidden_size` at line 3 column 1\")\n",
		  "model-load-failed", "missing field `hidden_size`" },
		/* fresh118's: a process that says only that it ends, after a
		 * warning a class knows (its KV cache had no room) */
		{ "W widget update: failed to find free space in the KV cache, retrying with a "
		  "smaller batch\n"
		  "unexpected error in the widget loop - exiting\n",
		  "out-of-memory", "failed to find free space in the KV cache" },
		/* fresh85's: PyTorch's own handler of a segfault */
		{ "  File \"<unknown>\", line 0, in _start\n\n!!!!!!! Segfault encountered "
		  "!!!!!!!\n  File \"<unknown>\", line 0, in widget_copy\n",
		  "crashed", "Segfault encountered" },
		/* fresh144's: a GGUF holding a tensor type its reader does not
		 * know; a warning a terminal wrapped on a space does not make
		 * the error after it quiet */
		{ "gguf_init: tensor 'blk.0.widget' has invalid ggml type 42 (NONE)\n",
		  "model-load-failed", "has invalid ggml type 42" },
		{ "WARNING:  the widget cache is larger than its pool, so it will be trimmed "
		  "\nRuntimeError: CUDA error: out of memory\n",
		  "out-of-memory", "CUDA error: out of memory" },
		/* a raised exception that says its thing is not supported, does
		 * not support one, or is only supported another way, whatever the
		 * thing (TGI's server's own raises) */
		{ "ValueError: Widgets with folded gears are not supported\n", "not-supported",
		  "Widgets with folded gears are not supported" },
		{ "RuntimeError: Paged widgets don't support folding\n", "not-supported",
		  "Paged widgets don't support folding" },
		{ "ValueError: folding is only available with the widget backend\n",
		  "not-supported", "folding is only available with the widget backend" },
		/* a raised exception that asks for a package, or a newer one */
		{ "ValueError: Please install widgetlib>=2 to fold widgets\n", "import-error",
		  "Please install widgetlib>=2" },
		{ "RuntimeError: this widget requires torch 9.0 or newer\n", "import-error",
		  "requires torch 9.0 or newer" },
		/* Ollama's words for a model file it cannot read */
		{ "level=ERROR msg=\"load failed\" error=\"split GGUF widget.gguf is missing "
		  "shard 2\"\nError: 500 Internal Server Error: split GGUF widget.gguf is missing "
		  "shard 2\n",
		  "model-load-failed", "split GGUF widget.gguf is missing shard 2" },
		{ "Error: widget.bin: invalid file magic\n", "model-load-failed",
		  "invalid file magic" },
		/* a request's failure the engine died at, or after: the engine's */
		{ "2024-06-10T10:00:01.000000Z ERROR chat_completions{widget=1}: "
		  "widget_router::infer: src/infer.rs:9: `widgets` tokens + `max_new_tokens` "
		  "must be <= 4. Given: 9 `widgets` tokens\nError: the widget router died (exit "
		  "status 2)\n",
		  "bad-argument", "must be <= 4" },
		/* LMDeploy's words for the same: opening on "Not supported" or
		 * "Only support", a library it "requires ... to be installed" */
		{ "RuntimeError: Not supported widget type: folded\n", "not-supported",
		  "Not supported widget type: folded" },
		{ "ValueError: Only 3 and 5 widgets are supported for now.\n", "not-supported",
		  "Only 3 and 5 widgets are supported for now." },
		{ "RuntimeError: The widget requires <widget_kernels> to be installed.\n",
		  "import-error", "requires <widget_kernels> to be installed" },
		/* not a Python comparison's words: a bug, an unknown death */
		{ "TypeError: '<' not supported between instances of 'Widget' and 'int'\n",
		  "unknown", "'<' not supported between instances" },
		/* fresh176's: the NVIDIA container toolkit's refusals as Docker
		 * relays them: no NVIDIA runtime, an image's CUDA above the driver */
		{ "Attaching to widget-1\nError response from daemon: could not select device "
		  "driver \"\" with capabilities: [[gpu]]\n",
		  "driver-mismatch", "could not select device driver" },
		{ "docker: Error response from daemon: failed to create shim task: stderr: "
		  "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=13.1, "
		  "please update your driver: unknown\n",
		  "driver-mismatch", "unsatisfied condition: cuda>=13.1" },
		/* fresh177's: podman's, with no CDI specification to inject */
		{ "Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=0\n",
		  "driver-mismatch", "unresolvable CDI devices nvidia.com/gpu=0" },
		/* fresh178's: a kernel tuned for more shared memory a block than
		 * this GPU has, at an info level and as a traceback's last line
		 * without its header; CUDA's word for the same of registers */
		{ "[10:00] stdout/INFO  widget.errors.OutOfResources: out of resource: shared "
		  "memory, Required: 70000, Hardware limit: 65536. Try smaller widgets.\n",
		  "not-supported",
		  "out of resource: shared memory, Required: 70000, Hardware "
		  "limit: 65536" },
		{ "  File \"/x/widget/jit.py\", line 9, in run\n"
		  "    kernel.run(grid)\n"
		  "OutOfResources: out of resource: shared memory, Required: 99, Hardware limit: "
		  "9\n",
		  "not-supported", "Required: 99, Hardware limit: 9" },
		{ "RuntimeError: CUDA error: too many resources requested for launch\n",
		  "not-supported", "too many resources requested for launch" },
		/* fresh179's: Triton's launcher build without the Python headers
		 * or the driver's libcuda.so where the linker looks, quoted over
		 * the compiler's exit status */
		{ "subprocess.CalledProcessError: Command '['/usr/bin/cc', '/tmp/w/main.c']' "
		  "returned non-zero exit status 1.\n"
		  "/tmp/w/main.c:5:10: fatal error: Python.h: No such file or directory\n",
		  "driver-mismatch", "Python.h: No such file or directory" },
		{ "/usr/bin/ld: cannot find -lcuda: No such file or directory\n"
		  "collect2: error: ld returned 1 exit status\n"
		  "ERROR 10:00 widget.py:9] Widget background task failed\n",
		  "driver-mismatch", "cannot find -lcuda" },
		{ "ERROR 10:00 w.py:1] AssertionError: libcuda.so cannot found!\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/x/w.py\", line 3, in <module>\n",
		  "driver-mismatch", "libcuda.so cannot found" },
		/* fresh180's: shared memory a container did not give: NCCL's
		 * segment (quoted over the failure to extend it and the system
		 * error that reports it), a bus error (Python's fatal line over
		 * the signal handler's dump) */
		{ "w:1:1 [0] misc/shmutils.cc:72 NCCL WARN Error: failed to extend "
		  "/dev/shm/nccl-Wid to 99 bytes\n"
		  "w:1:1 [0] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory "
		  "segment /dev/shm/nccl-Wid (size 95)\n"
		  "ncclSystemError: System call (e.g. socket, malloc) or external library call "
		  "failed.\n",
		  "distributed-init",
		  "Error while creating shared memory segment /dev/shm/nccl-Wid" },
		{ "(Widget pid=9) *** SIGBUS received at time=1 on cpu 2 ***\n"
		  "(Widget pid=9) PC: @ 0x7f00 (unknown) memcpy\n"
		  "(Widget pid=9) Fatal Python error: Bus error\n",
		  "crashed", "Fatal Python error: Bus error" },
		/* fresh183's: a Vulkan driver that cannot run the backend: no
		 * instance, an extension the build asks of the device */
		{ "terminate called after throwing an instance of 'vk::IncompatibleDriverError'\n"
		  "  what():  vk::createInstance: ErrorIncompatibleDriver\n",
		  "driver-mismatch", "ErrorIncompatibleDriver" },
		{ "E widget_load: error loading model: vk::PhysicalDevice::createDevice: "
		  "ErrorFeatureNotPresent\n"
		  "E widget_init: failed to load model\n",
		  "driver-mismatch", "ErrorFeatureNotPresent" },
		/* fresh181's: a model type the library's mapping does not know,
		 * told by the frame that raised it (a KeyError alone is as
		 * often a weight's name) */
		{ "E 1] File \"/x/transformers/models/auto/configuration_auto.py\", line 9, in "
		  "__getitem__\n"
		  "E 1]     raise KeyError(key)\n"
		  "E 1] KeyError: 'widget_v9'\n"
		  "E 1] During handling of the above exception, another exception occurred:\n",
		  "not-supported", "KeyError: 'widget_v9'" },
		{ "Traceback (most recent call last):\n"
		  "  File \"/x/widget/loader.py\", line 9, in load\n"
		  "    raise KeyError(key)\n"
		  "KeyError: 'lm_head.weight'\n",
		  "model-load-failed", "KeyError: 'lm_head.weight'" },
		/* llama-server's router relays its child's lines behind the
		 * child's port: the engine's line is quoted without it */
		{ "[39015] 0.00.050.000 E llama_model_load: error loading model: no widget\n"
		  "[39015] 0.00.050.003 E main: exiting due to model loading error\n",
		  "model-load-failed", "0.00.050.000 E llama_model_load: error loading model" },
		/* huggingface_hub's 404 for the model a server loads: its
		 * message's URL line, two below the exception, is the
		 * model not found (the twin of a metadata lookup's, below) */
		{ "huggingface_hub.errors.RepositoryNotFoundError: 404 Client Error. (Request ID: "
		  "Root=1-x)\n\n"
		  "Repository Not Found for url: https://huggingface.co/widget/w-7b/resolve/main/"
		  "config.json.\n",
		  "not-found", "Repository Not Found for url: https://huggingface.co/widget/w-7b" },
		/* a request Triton's Python backend failed, then the server's
		 * own crash: the crash is the death */
		{ "E1118 19:56:24.568955 1 pb_stub.cc:737] \"Failed to process the request(s) for "
		  "model 'widget_0_0', message: ValueError: the prompt is too long\\n\"\n"
		  "Segmentation fault (core dumped)\n",
		  "crashed", "Segmentation fault" },
		/* a container's exit status of a SIGKILL (ScaleLLM's, as
		 * Compose tells it) */
		{ "widget  | ./entrypoint.sh: line 28:     7 Killed   /app/bin/widget\n"
		  "widget exited with code 137\n",
		  "crashed", "Killed   /app/bin/widget" },
		{ "widget exited with code 137\n", "crashed", "exited with code 137" },
		/* fresh455's twin: a cancellation is no failure of its own,
		 * but the error raised from it still is */
		{ "Traceback (most recent call last):\n"
		  "  File \"/x/widget/engine.py\", line 9, in step\n"
		  "    await self.spin()\n"
		  "asyncio.exceptions.CancelledError\n\n"
		  "The above exception was the direct cause of the following exception:\n\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/x/widget/engine.py\", line 12, in loop\n"
		  "    raise WidgetDeadError(\"the widget loop stopped\") from e\n"
		  "widget.WidgetDeadError: the widget loop stopped\n",
		  "unknown", "WidgetDeadError: the widget loop stopped" },
		/* fresh451's: a KV cache sized to a negative number of blocks
		 * (torch refusing any other negative size is no memory's); Go's
		 * panic while panicking; a feature a build lacks, said with the
		 * tag to build it with */
		{ "RuntimeError: Trying to create tensor with negative dimension -12: [-12, 16, 8, "
		  "64]\n",
		  "out-of-memory", "negative dimension -12: [-12, 16, 8, 64]" },
		{ "RuntimeError: Trying to create tensor with negative dimension -1: [-1, 4096]\n",
		  "unknown", "negative dimension -1: [-1, 4096]" },
		{ "panic: widget: no stream in current thread. at .../w.cpp:73\n"
		  "\tpanic: widget: no stream in current thread. at .../w.cpp:15\n",
		  "crashed", "panic: widget: no stream in current thread. at .../w.cpp:73" },
		{ "time=2026-03-12T13:05:21.148+01:00 level=WARN source=server.go:139 "
		  "msg=mlx-runner msg=\"Error: widget runner not available: build with widget "
		  "tag\"\n",
		  "not-supported", "build with widget tag" },
		/* fresh449's: torch's store its client could not reach, in
		 * the last error's words without c10d's prefix; vLLM's V0
		 * callback that reports its engine loop's death is no
		 * callback the loop outlives (handler-asyncio) */
		{ "RuntimeError: The client socket has failed to connect to any network address "
		  "of (10.0.0.9,39213).\n",
		  "distributed-init",
		  "failed to connect to any network address of (10.0.0.9,39213)" },
		{ "Exception in callback _log_task_completion(error_callback=<w>)(<Task finished>) "
		  "at /x/vllm/engine/async_llm_engine.py:48\n"
		  "handle: <Handle _log_task_completion(error_callback=<w>)(<Task finished>) at "
		  "/x/vllm/engine/async_llm_engine.py:48>\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/x/vllm/engine/async_llm_engine.py\", line 38, in "
		  "_log_task_completion\n"
		  "    return_value = task.result()\n"
		  "RuntimeError: the widget broke\n",
		  "unknown", "RuntimeError: the widget broke" },
		/* fresh447's: a library that would not load, the dynamic
		 * loader's reason on the line under it (a message with a line
		 * break in it); the literals of the class see the first line */
		{ "RuntimeError: Failed to load dynamic shared library /x/widget/_C.so\n"
		  "libwidget.so.13: cannot open shared object file: No such file or directory\n",
		  "import-error", "libwidget.so.13: cannot open shared object file" },
		{ "OSError: could not load shared library /x/widget/_C.so\n"
		  "/x/widget/_C.so: undefined symbol: widget_spin\n",
		  "import-error", "undefined symbol: widget_spin" },
		/* fresh173's: Level Zero's failure above ggml's SYCL exception;
		 * that exception's "SYCL error:" line, which says what failed; a
		 * process that could not start (127: no program or library) */
		{ "level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)\n"
		  "Exception caught at file:/x/ggml-sycl/w.cpp, line:9, func:operator()\n"
		  "SYCL error: CHECK_TRY_ERROR(w.wait()): Exception caught in this line of code.\n",
		  "crashed", "UR_RESULT_ERROR_DEVICE_LOST" },
		{ "Exception caught at file:/x/ggml-sycl/w.cpp, line:9, func:operator()\n"
		  "SYCL error: CHECK_TRY_ERROR(widget_op(ctx)): Exception caught in this line of "
		  "code.\n",
		  "crashed", "CHECK_TRY_ERROR(widget_op(ctx))" },
		{ "Error: the widget runner has terminated: exit status 127\n", "import-error",
		  "exit status 127" },
		/* fresh172's: an Ascend NPU's kernel fault and an operator's
		 * refused dtype, as torch_npu and CANN say them; CANN's lines of
		 * detail after the exception, the last of which says why */
		{ "RuntimeError: spin:build/w.ts:1 NPU function error: "
		  "c10_npu::acl::AclrtSynchronizeStreamWithTimeout(widget), error code is 507035\n",
		  "crashed", "AclrtSynchronizeStreamWithTimeout(widget)" },
		{ "[Error]: The cube core execution is abnormal.\n", "crashed",
		  "The cube core execution is abnormal." },
		{ "[PID: 7] Widget_Error(EZ1001): Tensor w not implemented for DT_INT4, should be "
		  "in dtype support list [DT_FLOAT,].\n",
		  "not-supported", "not implemented for DT_INT4" },
		{ "Traceback (most recent call last):\n  File \"/x/w.py\", line 3, in run\n"
		  "    widget.spin()\nRuntimeError: NPU function error: call aclnnWidget failed, "
		  "error code is 1\n[PID: 7] 2026-01-28-17:23:40.368.749 Widget_Error(EZ1001): "
		  "the widget is wrong.\n",
		  "unknown", "the widget is wrong" },
		/* a message its writer wrapped at words: the count of devices
		 * that is nought on the second line, the memory's words broken
		 * after "desired" */
		{ "AssertionError: widget_world_size (4) must be less than or equal to the number\n"
		  "of visible devices (0).\n",
		  "driver-mismatch", "widget_world_size (4)" },
		{ "ValueError: Free memory on device (1.0/8.0 GiB) on startup is less than "
		  "desired\n"
		  "widget memory utilization (0.9, 7.2 GiB).\n",
		  "out-of-memory", "Free memory on device (1.0/8.0 GiB)" },
		/* fresh171's: ggml's HIP build names its errors by ROCm, above
		 * the abort that reports them; HSA's code object it cannot load */
		{ "widget_forward: NORM failed\nROCm error: invalid device function\n  current "
		  "device: 0\n/x/widget/ggml-cuda.cu:73: ROCm error\n",
		  "not-supported", "ROCm error: invalid device function" },
		{ "widget: HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code object is invalid.\n",
		  "driver-mismatch", "HSA_STATUS_ERROR_INVALID_CODE_OBJECT" },
		/* fresh168's: a projector of a kind this build does not know,
		 * above the load failure that reports it */
		{ "widget_init: failed to load model 'w.gguf': load_hparams: unknown projector "
		  "type: widget\nmain: exiting due to model loading error\n",
		  "not-supported", "unknown projector type" },
		/* fresh166's: a tokenizer file newer than its library; a
		 * checkpoint torch cannot read */
		{ "loading the widget's tokenizer\nException: data did not match any variant of "
		  "untagged enum ModelWrapper at line 7 column 1\n",
		  "model-load-failed", "untagged enum ModelWrapper at line 7" },
		{ "RuntimeError: PytorchStreamReader failed reading file data/0: the widget is "
		  "short\n",
		  "model-load-failed", "PytorchStreamReader failed reading file data/0" },
		/* fresh165's: ggml's words for a BLAS handle it could not
		 * allocate; ROCm's runtime that cannot start */
		{ "Error: widget ended: CUDA error: the resource allocation failed\n  in "
		  "widget_handle\n/x/ggml-cuda.cu:101: CUDA error\n",
		  "out-of-memory", "the resource allocation failed" },
		{ "widget: Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: no widget queue\n",
		  "driver-mismatch", "HSA_STATUS_ERROR_OUT_OF_RESOURCES" },
		/* fresh164's: a BLAS library with no GPU memory for its
		 * workspace; CUDA's driver library not the kernel driver's, behind
		 * the check that reports it; the driver API's name for no kernel
		 * image */
		{ "RuntimeError: widget: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate`\n",
		  "out-of-memory", "CUBLAS_STATUS_ALLOC_FAILED" },
		{ "widget.cc:9: Check failed: e == 0 (803 vs. 0) : system has unsupported display "
		  "driver / cuda driver combination\n",
		  "driver-mismatch", "unsupported display driver / cuda driver combination" },
		{ "widget: CUDA_ERROR_NO_BINARY_FOR_GPU in widget_kernel\n", "not-supported",
		  "CUDA_ERROR_NO_BINARY_FOR_GPU" },
		/* fresh163's: a read-only file system the engine must write,
		 * raised as Python's exception */
		{ "OSError: [Errno 30] Read-only file system: '/widgets/cache'\n",
		  "permission-denied", "Read-only file system: '/widgets/cache'" },
		/* fresh162's: Windows' errors as Python tells them, in any
		 * language: a DLL that would not load, the page file spent, the
		 * disk full, access denied */
		{ "OSError: [WinError 126] Le module est introuvable. Error loading "
		  "\"C:\\w\\widget.dll\" or one of its dependencies.\n",
		  "import-error", "[WinError 126]" },
		{ "OSError: [WinError 1455] The paging file is too small. Error loading "
		  "\"C:\\w\\widget.dll\" or one of its dependencies.\n",
		  "out-of-memory", "[WinError 1455]" },
		{ "OSError: [WinError 112] No room for the widget\n", "no-space",
		  "[WinError 112]" },
		/* the same disk full as Rust tells it, in any language (its
		 * "(os error 112)"; fresh465's three, Vibe's downloads), and
		 * ENOSPC's own number from a localized C library */
		{ "Error: widget download failed\n\nCaused by:\n    "
		  "\xd0\x9d\xd0\xb5\xd1\x82 \xd0\xbc\xd0\xb5\xd1\x81\xd1\x82\xd0\xb0. "
		  "(os error 112)\n",
		  "no-space", "(os error 112)" },
		{ "Error: writing /w/widget.gguf: Kein Platz auf dem Widget (os error 28)\n",
		  "no-space", "(os error 28)" },
		{ "PermissionError: [WinError 5] The widget is locked: 'C:\\w'\n",
		  "permission-denied", "[WinError 5]" },
		/* the same refusal as Go tells it on Windows, its operation and
		 * path before Windows' own words (fresh467-ollama-9094: Ollama's
		 * app refused its own server); a web page's "access is denied"
		 * is no operation's (alive) */
		{ "time=2025-02-14T15:49:53.501+08:00 level=ERROR source=server.go:145 "
		  "msg=\"failed to start server fork/exec C:\\\\w\\\\widget.exe: Access is "
		  "denied.\"\n",
		  "permission-denied", "fork/exec C:" },
		{ "Error: open C:\\w\\widget.gguf: Access is denied.\n", "permission-denied",
		  "Access is denied" },
		/* fresh161's: Windows' loader's statuses for a DLL missing or
		 * without a function, in hex and in signed decimal */
		{ "Error: widget runner ended: exit status 0xc0000139\n", "import-error",
		  "exit status 0xc0000139" },
		{ "widget-server.exe exited with code -1073741515\n", "import-error",
		  "exited with code -1073741515" },
		/* a log pasted through cat -v or less: its colours in caret
		 * notation ("^[[0;36m"), read and quoted without them */
		{ "^[[0;36m(Widget pid=1)^[[0;0m ERROR 01-01 10:00:00 [w.py:9] RuntimeError: CUDA "
		  "error: out of memory\n",
		  "out-of-memory", "(Widget pid=1) ERROR 01-01 10:00:00 [w.py:9] RuntimeError" },
		/* a death told with its status at a warning's level, after an
		 * error that says why: crashed (the class is loud), the error
		 * quoted; the quiet marker had held a copy of these phrases */
		{ "RuntimeError: the widget stalled\n12:00:00Z  WARN widget::supervisor: "
		  "widget-server <chat> exited with status code -9\n",
		  "crashed", "RuntimeError: the widget stalled" },
		{ "error: the widget stalled\nlevel=WARN msg=\"widget server crashed - exit code "
		  "3 - restarting\"\n",
		  "crashed", "error: the widget stalled" },
		/* fresh159's: a rank that failed the barrier the others reached */
		{ "Received sigquit from a widget child.\n[rank2]:[E0101 10:00:00.000 "
		  "Widget.cpp:9] "
		  "Rank 2 reached monitoredBarrier, but received errors while waiting for "
		  "send/recv from rank 0.\n",
		  "distributed-init", "received errors while waiting for send/recv from rank 0" },
		/* fresh157's: the Go runtime's dump of a crash with its start
		 * cut off: a goroutine waiting (a dump of every goroutine), a
		 * frame with its fp=, sp= and pc= (a crash's traceback only) */
		{ "Jan 01 10:00:00 h widget[7]: goroutine 7 gp=0xc000010000 m=nil [widget "
		  "wait]:\nJan 01 10:00:00 h widget[7]: runtime.gopark(0x0?)\n",
		  "crashed", "goroutine 7 gp=0xc000010000" },
		{ "widget.run()\n\twidget/run.go:12 +0x1f fp=0xc000001000 sp=0xc000000f00 "
		  "pc=0x401000\n",
		  "crashed", "run.go:12 +0x1f" },
		/* fresh155's: a kernel compiler's command given as one string;
		 * a kernel image the driver cannot load; no architecture of this
		 * GPU for a kernel; a line at a fatal or critical level */
		{ "subprocess.CalledProcessError: Command '/x/bin/ptxas -v --gpu-name=sm_99 "
		  "/tmp/w.ptx' returned non-zero exit status 255.\n",
		  "driver-mismatch", "--gpu-name=sm_99" },
		{ "RuntimeError: the widget launcher: device kernel image is invalid\n",
		  "driver-mismatch", "device kernel image is invalid" },
		{ "RuntimeError: widget kernels: No supported CUDA architectures found for major "
		  "versions [9].\n",
		  "not-supported", "No supported CUDA architectures found" },
		{ "2026-01-01 10:00:00.000  INFO  starting widget\n2026-01-01 10:00:00.100  FATAL "
		  "widget failed to come up | no widget plan\n",
		  "unknown", "widget failed to come up" },
		{ "INFO 01-01 [w.py:3] loading widget\nCRITICAL 01-01 [w.py:9] the widget pool is "
		  "gone, stopping\n",
		  "unknown", "the widget pool is gone" },
		/* fresh154's: a headline whose lines say what failed ranks after
		 * every finding, one before it too (a load's error, then
		 * pydantic's); a supervisor's child that exited with a status
		 * code, at warning level, by a signal too; llama.cpp's assertion
		 * of 2023; a wrapper's worker that failed to start */
		{ "error loading model: the widget file is cut short\nwidget_init: failed to "
		  "load model\n  File \"pydantic\\main.py\", line 341, in __init__\n"
		  "pydantic.error_wrappers.ValidationError: 1 validation error for Widget\n"
		  "__root__\n  Could not load Widget model from path: w.bin. Received error  "
		  "(type=value_error)\n",
		  "model-load-failed", "error loading model: the widget file is cut short" },
		{ "12:00:00Z  WARN widget::supervisor: src/supervisor.rs:9: widget-server "
		  "<chat> exited with status code 1, args: `Command { std: \"w\" }`\n",
		  "unknown", "widget-server <chat> exited with status code 1" },
		{ "12:00:00Z  WARN widget::supervisor: src/supervisor.rs:9: widget-server "
		  "<chat> exited with status code -9\n",
		  "crashed", "exited with status code -9" },
		{ "widget_load: n_layer = 3\nLLAMA_ASSERT: /x/widget.cpp:12: n_widgets > 0\n",
		  "crashed", "LLAMA_ASSERT: /x/widget.cpp:12" },
		{ "2024-01-01 00:00:00 host widget.manager[1] ERROR Error starting model "
		  "server: widget@w(1.2.3.4:5) start failed, Traceback (most recent call "
		  "last):\n  File \"/x/widget.py\", line 3, in start\n    w.run()\n",
		  "unknown", "Error starting model server: widget@w(1.2.3.4:5) start failed" },
		/* fresh152's: a compiler's failure that ends the engine; a
		 * weight that cannot be read from its file */
		{ "(task) compiling widget\n(task) 2024-01-01 00:00:00.000001:  7  ERROR "
		  "||NEURON_CC_WRAPPER||: Failed compilation with ['neuronx-cc', 'compile']\n",
		  "unknown", "Failed compilation with ['neuronx-cc'" },
		{ "An unhandled exception of type 'Widget.WidgetException' occurred in "
		  "Widget.dll: 'the widget left'\n   at Widget.Run()\n",
		  "unknown", "An unhandled exception of type 'Widget.WidgetException'" },
		{ "Unhandled: Deserialize tensor blk.0.widget failed. offset 9 size 4 are out "
		  "of bounds\n",
		  "model-load-failed", "Deserialize tensor blk.0.widget failed" },
		/* fresh151's: an exception's bare name behind a log's prefix,
		 * before a process's traceback a paste cut */
		{ "(W pid=1) ERROR 06-23 06:27:21 [w.py:9]     assert a == b\n(W pid=1) ERROR "
		  "06-23 06:27:21 [w.py:9] widget.PageSizeError\n(W pid=1) Process "
		  "WidgetCore:\n(W pid=1) Traceback (most recent call last):\n",
		  "unknown", "[w.py:9] widget.PageSizeError" },
		/* fresh150's: a gRPC backend gone under its caller */
		{ "10:00AM ERR widget failed error=\"rpc error: code = Unavailable desc = "
		  "connection error: desc = transport is closing\"\n",
		  "crashed", "code = Unavailable desc = connection error" },
		/* fresh149's: torch's elastic launcher's worker that a signal
		 * killed */
		{ "> starting widget\nE0101 00:00:00.000000 1 torch/distributed/elastic/"
		  "multiprocessing/api.py:9] failed (exitcode: -11) local_rank: 1 (pid: 7) of "
		  "binary: widget\n",
		  "crashed", "failed (exitcode: -11)" },
		/* fresh148's: a tensor the loader did not find, told as a
		 * router's error's cause */
		{ "Error: Could not create widget\n\nCaused by:\n    Could not start "
		  "widget: unable to find tensor blk.0.widget.weight\n",
		  "model-load-failed", "unable to find tensor blk.0.widget.weight" },
		/* fresh147's: SYCL's failure, and a SYCL build without a
		 * kernel for this GPU */
		{ "slot widget: done\nNative API failed. Native API returns: -30 "
		  "(PI_ERROR_INVALID_VALUE)\nException caught at file:/x/ggml-sycl/widget.cpp, "
		  "line:12, func:operator()\n",
		  "crashed", "Native API failed. Native API returns: -30" },
		{ "No kernel named _ZTS6widget was found -46 (PI_ERROR_INVALID_KERNEL_NAME)\n",
		  "not-supported", "No kernel named _ZTS6widget" },
		/* fresh146's: ggml's abort (its file and line, then what); a
		 * backend's buffer that cannot run an operation */
		{ "load: widgets 3\n/src/ggml/src/ggml-widget.cpp:42: the widget view "
		  "outgrew its source\n[New LWP 7]\n",
		  "crashed", "ggml-widget.cpp:42: the widget view" },
		{ "Loading... /x/ggml/src/ggml-backend.cpp:77: tensor (w) in a buffer "
		  "(WIDGET0) that cannot run the operation (ADD)\n",
		  "not-supported", "cannot run the operation (ADD)" },
		/* fresh260's: a model the loader could not build, a layer
		 * missing what its architecture needs */
		{ "time=1 level=INFO msg=\"starting runner\"\nError: the widget server answered "
		  "500: failed to initialise the widget model: sprocket: bad header\n",
		  "model-load-failed", "failed to initialise the widget model" },
		{ "load: widgetnet: layer 12 missing ffn_gate_exps tensors\n", "model-load-failed",
		  "layer 12 missing ffn_gate_exps" },
		/* fresh261's: a front end that names the part a signal
		 * killed; a device's lack of memory, before the cache's */
		{ "widget front end: startup failed; parts that ended: {'Core': 'pid=7 killed "
		  "by signal 6'}\n",
		  "crashed", "killed by signal 6" },
		{ "E widget: the kernel compile failed: lack of NPU memory (code 12)\n"
		  "E widget: Not enough memory for 8 blocks of cache\n",
		  "out-of-memory", "lack of NPU memory" },
		/* fresh263's: bindings that end the process when the engine's
		 * step fails, the line its only word */
		{ "widget: generated 4 tokens\n2025-01-01T00:00:00Z ERROR widget_bindings::engine: "
		  "src/engine.rs:12: Failed to step: vector::_M_range_check: __n (which is 9) >= "
		  "this->size() (which is 3)\n",
		  "unknown", "Failed to step: vector::_M_range_check" },
		/* fresh267's: Windows' exception code for a process it
		 * ended, as a wrapper relays the report at its info level */
		{ "12:00:01 [Info] (Widget) slot 2: prompt processed\n12:00:02 [Info] (Widget) "
		  "Exception code: 0xc0000409\n",
		  "crashed", "Exception code: 0xc0000409" },
		/* fresh266's: an NPU's runtime that could not run a command
		 * (its control code rejected, its state aborted or timed out) */
		{ "[W]  Start prefill...\nERROR: Invalid Control Code. No block-read opcode "
		  "present before the patch opcode for address 0x1000\n[W]  Dequeuing request\n",
		  "crashed", "Invalid Control Code" },
		{ "widget: command 12 on the NPU ended in state ERT_CMD_STATE_TIMEOUT\n", "crashed",
		  "ERT_CMD_STATE_TIMEOUT" },
		/* fresh268's: HIP's fat binary without code for the GPU,
		 * then the segfault it leads to */
		{ ":1:hip_fatbin.cpp :700 : 1 us:  No compatible code objects found for: gfx1036\n"
		  "Segmentation fault (core dumped)\n",
		  "not-supported", "No compatible code objects found for: gfx1036" },
		/* fresh269's: an engine that failed to initialise, in
		 * MindIE's bracketed log, and its start marked failed */
		{ "[2026-01-01 10:00:00] [1] [2] [server] [ERROR] [core.cpp:9] : [W1] [core] "
		  "widget tokenizer could not be parsed\n[2026-01-01 10:00:00] [1] [2] [server] "
		  "[ERROR] "
		  "[endpoint.cpp:45] : [W2] [endpoint] Failed to initialize the engine.\n"
		  "[2026-01-01 10:00:00] [1] [h] [system] [server] [Start widget server] [fail]\n",
		  "unknown", "Failed to initialize the engine." },
		/* fresh270's: a value outside the range it must be in */
		{ "widget: cannot start: --widget-ratio must be within range [0.1, 0.9], got 2\n",
		  "bad-argument", "--widget-ratio must be within range" },
		/* fresh271's: a compiled model's context its NPU runtime could
		 * not create, the first of the failures it leads to */
		{ "[INFO]  \"Allocated total size = 1 across 1 buffers\"\n[ERROR] \"Could not "
		  "create context from binary for context index = 2 : err 5005\"\n"
		  "widget: failure to initialise model\n",
		  "model-load-failed",
		  "Could not create context from binary for context index = 2" },
		/* fresh145's: a kernel's assertion cut after its block */
		{ "DEBUG widget step 3\n../aten/src/ATen/native/cuda/Indexing.cu:1290: "
		  "indexSelectLargeIndex: block: [3\n",
		  "crashed",
		  "indexSelectLargeIndex: block: [3" }, /* fresh276's: the Neuron runtime refusing a compiled graph
		 * of another version, failing to load one past its loader's
		 * size, and failing to load one at all, in other words */
		{ "2025-Mar-02 10:11:12.000001 1234:1240 ERROR  NEFF:neff_parse   NEFF version: "
		  "3.1, features: 0x200 is not supported. Currently supporting: 0x1ff\n",
		  "driver-mismatch", "NEFF version: 3.1, features: 0x200 is not supported" },
		{ "2025-Mar-02 10:11:12.000001 1234:1240 ERROR  NMGR:kmgr_load_nn  Failed to load "
		  "NN: /tmp/w/model.neff, err: 4\n2025-Mar-02 10:11:12.000002 1234:1240 ERROR  "
		  "NEFF:json_parse_load_elements  File sg01/Weights.json size (5000000000) exceeds "
		  "the maximum (4294967295)\n",
		  "model-load-failed", "size (5000000000) exceeds the maximum" },
		{ "2025-Mar-02 10:11:12.000001 1234:1240 ERROR  NRT:nrt_load_model  Failed to load "
		  "the widget graph from /tmp/w/model.neff\n",
		  "model-load-failed", "Failed to load the widget graph" },
		/* fresh277's: the Neuron runtime's own error lines ("ERROR
		 * <MODULE>:<function>  message") begin a message the
		 * classes read as a raised one's */
		{ "2025-Jan-01 10:00:00.000001 11:12 ERROR  NRT:nrt_widget_init  Unsupported "
		  "widget "
		  "layout for 3 cores; use 4\n",
		  "not-supported", "Unsupported widget layout for 3 cores" },
		/* fresh279's: a file a server's arguments name that is not
		 * there, and a model manager that could not create what
		 * would serve, in other words */
		{ "widget: cannot start: missing config file: /etc/widget/w.yaml\n", "not-found",
		  "missing config file: /etc/widget/w.yaml" },
		{ "2026-01-01 10:00:00 - sprocket.worker - INFO - starting "
		  "widget-server\n2026-01-01 "
		  "10:00:01 - sprocket.worker - ERROR - launching widget-server: Failed to create "
		  "container sprocket-7\n",
		  "unknown", "Failed to create container sprocket-7" },
		/* fresh280's: the interpreter's own words when python -m
		 * names a module its environment lacks */
		{ "widget-server: starting\nC:\\envs\\w\\python.exe: No module named "
		  "sprocket.serve\n",
		  "import-error", "No module named sprocket.serve" },
		/* fresh284's: an engine's death as Ray wraps it for the task
		 * that called it */
		{ "ray.exceptions.RayTaskError(AsyncEngineDeadError): ray::Widget.generate() "
		  "(pid=41, ip=10.0.0.7)\n  File \"/x/w.py\", line 3, in generate\n",
		  "crashed", "RayTaskError(AsyncEngineDeadError)" },
		/* fresh285's: a Ray actor whose constructor raised, as the
		 * actor logs it before its frames (cut) */
		{ "(WidgetActor pid=77) Exception raised in creation task: The actor died because "
		  "of an error raised in its creation task, ray::WidgetActor.__init__() (pid=77, "
		  "ip=10.0.0.9)\n(WidgetActor pid=77)   File \"/x/w.py\", line 3, in __init__\n"
		  "(WidgetActor pid=77)     self.engine = make_engine()\n",
		  "unknown", "The actor died because of an error raised in its creation task" },
		/* fresh287's: a bare NotImplementedError, a method the
		 * configured backend lacks */
		{ "Traceback (most recent call last):\n  File \"/x/backends/widget.py\", line 9, "
		  "in "
		  "cache_cls\n    raise NotImplementedError\nNotImplementedError\nwidget: worker "
		  "exited with code 1\n",
		  "not-supported", "NotImplementedError" },
		/* fresh289's: a node's memory monitor killing a worker, then
		 * advice that names out-of-memory too: the kill is quoted */
		{ "(supervisor) 2 widget workers were terminated due to memory pressure on host "
		  "h7\n"
		  "(supervisor) See the guide on how to avoid running out of memory: raise the "
		  "host's limit\n",
		  "out-of-memory", "terminated due to memory pressure on host h7" },
		/* fresh290's: an adapter whose target modules the model does
		 * not have, then the engine's death */
		{ "ValueError: While loading /a/widget-lora, expected target modules in ['q', 'v'] "
		  "but received ['vision.fc9']\nEngineDeadError: EngineCore encountered an "
		  "issue.\n",
		  "model-load-failed", "expected target modules in ['q', 'v'] but received" },
		/* fresh294's: NCCL failing because a CUDA call it made ran
		 * out of memory, in NCCL's own numbered words */
		{ "[rank3]: torch.distributed.DistBackendError: NCCL error in: x.cpp:9, unhandled "
		  "cuda "
		  "error, NCCL version 2.26.2\nwidget-node:12:40 [3] NCCL INFO Cuda failure 2 'out "
		  "of "
		  "memory'\n",
		  "out-of-memory", "Cuda failure 2 'out of memory'" },
		/* fresh276's: a worker's traceback its parent raises again
		 * under an exception named alone ("_RemoteTraceback: "),
		 * cut before its own exception: what failed is the error
		 * before them, not the bare name */
		{ "INFO widget: building\nERROR widget: kernel build failed for gemm_fp8 after 2 "
		  "attempts\nconcurrent.futures.process._RemoteTraceback: \n\"\"\"\nTraceback "
		  "(most recent call last):\n  File \"/x/w.py\", line 3, in build\n    "
		  "make()\n",
		  "unknown", "kernel build failed for gemm_fp8 after 2 attempts" },
		/* fresh306's: the engine's error takes the server down, and a
		 * traceback cut after its words of stopping: the error is
		 * what happened, not the server's last word */
		{ "ERROR 10:00 engine.py:9] Exception: Sprocket Return Error\nINFO:     "
		  "Shutting down\nINFO:     Finished server process [77]\n[rank0]: Traceback "
		  "(most recent call last):\n[rank0]:   File \"<string>\", line 1, in <module>\n",
		  "unknown", "Exception: Sprocket Return Error" },
		/* fresh308's: a child process's header, its colon full-width
		 * or lost to '?' in a paste, after the exception it died of */
		{ "    assert widgets == sprockets\nAssertionError\nProcess "
		  "SpawnProcess-3\xef\xbc\x9a\n",
		  "unknown", "AssertionError" },
		{ "ValueError: the sprocket is bent\nProcess EngineCore_0?\n", "unknown",
		  "ValueError: the sprocket is bent" },
		/* fresh309's: an actor or an actor pool gone (Ray's, on its own
		 * line; xoscar's, as Xinference's supervisor finds it), and
		 * uvicorn's last words when an application's startup raised */
		{ "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing "
		  "this task.\n",
		  "crashed", "The actor died unexpectedly" },
		{ "xoscar.errors.ServerClosed: Remote server unixsocket:///4242 closed: 0 bytes "
		  "read on a total of 8 expected bytes\n",
		  "crashed", "Remote server unixsocket:///4242 closed" },
		{ "INFO:     Waiting for application startup.\nERROR:    Application startup "
		  "failed. Exiting.\n",
		  "unknown", "Application startup failed" },
		/* fresh313's: ggml's abort line pasted above the lines of the
		 * error it aborted on: those say which; alone, it is the crash */
		{ "/src/ggml/src/ggml-hip/ggml-hip.cpp:88: HIP error\nHIP error: invalid "
		  "argument\n  current device: 1, in function ggml_hip_op_mul_mat at "
		  "/src/ggml/src/ggml-hip/mmq.cpp:12\n  hipMemcpyAsync(dst, src, n)\n",
		  "crashed", "HIP error: invalid argument" },
		{ "/opt/llama.cpp/ggml/src/ggml-cann/ggml-cann.cpp:61: CANN error\nCANN error: "
		  "EE9999: Inner Error!\n  current device: 0, in function ggml_cann_mul_mat at "
		  "/opt/llama.cpp/ggml/src/ggml-cann/aclnn_ops.cpp:2190\n",
		  "crashed", "CANN error: EE9999: Inner Error!" },
		{ "llama-server[12]: /x/ggml/src/ggml-cuda/ggml-cuda.cu:106: CUDA error\n",
		  "crashed", "ggml-cuda.cu:106: CUDA error" },
		/* fresh314's: a death a class knows at warning level, said twice
		 * (two lines of one end): the first of its words, not the unknown */
		{ "2024-01-01T00:00:00,100 [WARN ] W-9000-model_1.0 "
		  "org.pytorch.serve.wlm.WorkerThread - Backend worker process "
		  "died.\n2024-01-01T00:00:00,200 "
		  "[WARN ] W-9000-model_1.0 org.pytorch.serve.wlm.WorkerThread - Backend worker "
		  "process "
		  "died.\n",
		  "crashed", "Backend worker process died." },
		{ "time=2025-01-01T10:00:00.000Z level=WARN source=sched.go:9 msg=\"llama runner "
		  "process no "
		  "longer running: -1\"\ntime=2025-01-01T10:00:00.001Z level=WARN "
		  "source=sched.go:9 "
		  "msg=\"llama runner process no longer running: -1\"\n",
		  "crashed", "no longer running: -1" },
		/* and C++'s terminate with no "what():" under it: the runtime's
		 * error after it says which exception; alone, it is the crash */
		{ "terminate called after throwing an instance of 'std::runtime_error'\nHIP error: "
		  "an "
		  "illegal memory access was encountered\n",
		  "crashed", "HIP error: an illegal memory access" },
		{ "terminate called after throwing an instance of 'widget::Jam'\n", "crashed",
		  "terminate called after throwing an instance of 'widget::Jam'" },
		{ "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  "
		  "std::bad_alloc\n",
		  "out-of-memory", "std::bad_alloc" },
		/* fresh318's: a traceback a warning-level line begins (an engine
		 * tearing down what already failed) says nothing of why; and the
		 * GPU runtime's own name of a kernel's failure is a crash */
		{ "ERROR    2026-01-01 10:00:00,000 77  engine.py[line:160] Failed to launch "
		  "worker "
		  "processes, check log/workerlog.* for more details.\nERROR    2026-01-01 "
		  "10:00:01,000 77  engine.py[line:447] Error shutting down workers: [Errno 3] No "
		  "such "
		  "process, Traceback (most recent call last):\n  File \"/x/engine.py\", line 444, "
		  "in "
		  "_exit_sub_services\n    os.killpg(pgid, 9)\nProcessLookupError: [Errno 3] No "
		  "such "
		  "process\n",
		  "unknown", "Failed to launch worker processes" },
		{ "Error: hipErrorLaunchFailure returned by hipStreamSynchronize(stream)\n",
		  "crashed", "hipErrorLaunchFailure" },
		/* fresh320's: a weight file read short, told with the bytes read
		 * and the bytes expected */
		{ "[2025-01-01 10:00:00] ERROR loader.cc:88] Failed to read tensor shard "
		  "/models/widget/part-00003.bin read: 1048576, expected: 4194304\n",
		  "model-load-failed", "Failed to read tensor shard" },
		/* fresh323's: macOS's words for an app's uncaught exception, with
		 * its name and reason, and Metal's validation failure in a crash
		 * report's frames */
		{ "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', "
		  "reason: "
		  "'-[WidgetDevice newBuffer:] bad size'\nlibc++abi: terminating due to uncaught "
		  "exception of type NSException\n",
		  "crashed", "NSInvalidArgumentException" },
		{ "0   libsystem_kernel.dylib        0x000000018e2a2720 __pthread_kill + 8\n1   "
		  "Metal    "
		  "                     0x000000019a1b2c3c MTLReportFailure + 120\n",
		  "crashed", "MTLReportFailure" },
		/* fresh325's: a part that could not start or load, because what
		 * it was given is not supported, with no exception's name */
		{ "2026-01-01T10:00:00Z ERROR widget_backend: failed to load sprocket backend: "
		  "rope "
		  "scaling type 'yarn' is not supported\n",
		  "not-supported", "rope scaling type 'yarn' is not supported" },
		/* fresh326's fallback, held to its two lines: an error with no
		 * fallback right after it, or one the engine dies of later, stays */
		{ "ValueError: Model type sprocket not supported\nINFO widget: step 1\nINFO "
		  "widget: step "
		  "2\nINFO widget: step 3\nWARNING widget: falling back to the default chat "
		  "template\n",
		  "not-supported", "Model type sprocket not supported" },
		{ "ERROR 10:00:00 loader.py:9] vision tower failed: Model type sprocket not "
		  "supported\nWARNING 10:00:00 pool.py:3] falling back to text-only\nERROR "
		  "10:00:05 "
		  "runner.py:40] RuntimeError: CUDA error: an illegal memory access was "
		  "encountered\n",
		  "crashed", "an illegal memory access was encountered" },
		/* fresh327's: a kernel library the build left out, in the words of
		 * why it was not compiled */
		{ "RuntimeError: widget_attn_C is not available: it was not compiled because sm_89 "
		  "was "
		  "not in the list of target architectures\n",
		  "not-supported", "it was not compiled because" },
		/* fresh328's: Ascend's words that the process exits for an NPU's
		 * inner error, with nothing after them */
		{ "ERROR 10:00:00 [worker.py:9] RuntimeError: The Inner error is reported as "
		  "above. The "
		  "process exits for this inner error, and the current working operator name is "
		  "WidgetMatMul.\n",
		  "crashed", "The process exits for this inner error" },
		/* fresh374's: a crash, then health checks answered: the API
		 * server answers them until it learns its worker died */
		{ "(Worker_TP1 pid=3) ERROR 03-02 10:00:00 [w.py:9] RuntimeError: CUDA error: an "
		  "illegal memory access was encountered\n"
		  "(APIServer pid=9) INFO:     10.0.0.1:5000 - \"GET /health HTTP/1.0\" 200 OK\n"
		  "(APIServer pid=9) INFO:     10.0.0.1:5001 - \"GET /health HTTP/1.0\" 200 OK\n",
		  "crashed", "an illegal memory access was encountered" },
		/* fresh385's: a runner refusing one of the model's layers;
		 * a runtime's library and its symbols that would not load,
		 * relayed by the server at its own warning level but saying
		 * "Error:" */
		{ "Error: 500 Internal Server Error: mlx runner failed: Error: layer 12: expected "
		  "widget weight of shape [64, 64], got [32] (exit: exit status 1)\n",
		  "model-load-failed",
		  "layer 12: expected widget weight of shape [64, 64], got [32]" },
		{ "time=2026-03-01T10:00:00.000Z level=WARN source=server.go:150 msg=mlx-runner "
		  "msg=\"Widget: Failed to load symbol: widget_device_info\"\n"
		  "time=2026-03-01T10:00:00.001Z level=WARN source=server.go:150 msg=mlx-runner "
		  "msg=\"Error: failed to load Widget function symbols\"\n"
		  "time=2026-03-01T10:00:00.002Z level=INFO source=server.go:370 msg=\"stopping "
		  "mlx "
		  "runner subprocess\" pid=42\n",
		  "import-error", "failed to load Widget function symbols" },
		{ "RuntimeError: unable to start: failed to load widgetrt dynamic library "
		  "(searched: "
		  "[/opt/widget/lib])\n",
		  "import-error", "failed to load widgetrt dynamic library" },
		/* fresh384's: a collective library's own log of a port it
		 * could not listen on, and of ranks that could not connect */
		{ "[ERROR] WIDGETCOMM(12,python3):2026-02-03-04:05:06.000.001 [sock.cc:9] "
		  "[12][Listen] "
		  "listen on ip[10.0.0.7] and specific port[17777] fail. Please check the port "
		  "status "
		  "and whether the port is been using by other process.\n",
		  "address-in-use", "specific port[17777] fail" },
		{ "[PID: 12] 2026-02-03-04:05:06.000.001 Get_Socket_Timeout(EI0006): Getting "
		  "socket "
		  "times out. Reason: the remote did not connect.\n",
		  "distributed-init", "Getting socket times out" },
		{ "[ERROR] HCCL(12,):2026-02-03-04:05:06.000.001 [mgr.cc:9] "
		  "[34][Wait][LinkEstablish]wait socket establish timeout, role[1] rank[3] "
		  "timeout[300 s]\n",
		  "distributed-init", "wait socket establish timeout, role[1] rank[3]" },
		/* fresh382's: an accelerator's driver refusing its runtime's
		 * ioctl, in another vendor's words */
		{ "[10:00:00.001][WIDGETK][E]ring.c :12 : [widgetMapQueue]ioctl map queue failed "
		  "-22\n",
		  "driver-mismatch", "ioctl map queue failed -22" },
		/* fresh381's: Kunlunxin's collective library in its own
		 * words; its XPU runtime's failed call before a worker's
		 * death; an operator's own check with its operands */
		{ "[XCCL][comm.cpp:88] rank 1 failed to register the widget buffer\n"
		  "ValueError: [INVALID PARAMETER]: error code=1\n",
		  "distributed-init", "failed to register the widget buffer" },
		{ "XX: (pid 12,tid 34)widget/src/api/apimem.cc:9:cuapiMalloc_common cuapiMalloc() "
		  "failed in cuiInitCheckCtx, status= 700\n"
		  "(Core pid=3) ERROR 02-03 04:05:06 [w.py:9] Worker proc Widget-0 died "
		  "unexpectedly, "
		  "shutting down executor.\n",
		  "crashed", "cuapiMalloc() failed in cuiInitCheckCtx, status= 700" },
		{ "ValueError: Check 4 == n failed, left operand=4, right operand=3, "
		  "widget_attention "
		  "failed\n"
		  "RuntimeError: Engine core initialization failed.\n",
		  "crashed", "widget_attention failed" },
		/* fresh380's: CANN's graph engine failing to build an
		 * operator, under a process's prefix, then its error's end;
		 * torch_npu's unknown exception as a process ends on one,
		 * after the error that says why and alone */
		{ "(Widget_DP0 pid=7)         [Build][Op]Fail to build op model[FUNC:Widget]\n"
		  "(Widget_DP0 pid=7)         build op model failed, result = 500001[FUNC:Widget]\n"
		  "(Widget_DP0 pid=7) ', please check the stack trace above for the root cause\n",
		  "crashed", "Fail to build op model" },
		{ "RuntimeError: the widget broke (3 != 4)\n"
		  "[ERROR] 2026-02-03-04:05:06 (PID:12, Device:-1, RankID:-1) ERR99999 UNKNOWN "
		  "application exception\n",
		  "unknown", "RuntimeError: the widget broke (3 != 4)" },
		{ "INFO 02-03 04:05:05 [w.py:3] loading the widget\n"
		  "[ERROR] 2026-02-03-04:05:06 (PID:12, Device:1, RankID:-1) ERR99999 UNKNOWN "
		  "applicaiton exception\n",
		  "unknown", "ERR99999 UNKNOWN applicaiton exception" },
		/* fresh379's: an NPU operator whose kernel could not be
		 * launched, in aclnn's words, with or without its error's
		 * header, then the worker's exit */
		{ "(Widget_TP2 pid=5) ERROR 02-03 04:05:06 [w.py:7]         GroupedWidget launch "
		  "kernel failed.\n"
		  "(Widget_TP2 pid=5) ERROR 02-03 04:05:06 [w.py:7]         widgetOut is null\n"
		  "(Widget_TP0 pid=4) ERROR 02-03 04:05:06 [w.py:7] WorkerProc hit an exception.\n",
		  "crashed", "GroupedWidget launch kernel failed" },
		{ "RuntimeError: widget_op: AclNN_Parameter_Error(EZ1001): the widget's shape "
		  "[3, 4] is not valid.\n",
		  "crashed", "AclNN_Parameter_Error(EZ1001)" },
		/* fresh374's: Ascend's runtime errors of a device task (5070xx)
		 * in the words of torch_npu's stream synchronize and of CANN's
		 * inner error, a device's event wait that timed out, and the
		 * runtime's own "Task run failed" line, which yields to the line
		 * after it that says how the task failed */
		{ "(Widget_TP3 pid=8) ERROR 02-03 04:05:06 [w.py:7] RuntimeError: ACL stream "
		  "synchronize failed, error code:507035\n",
		  "crashed", "ACL stream synchronize failed, error code:507035" },
		{ "EZ9999: [PID: 12] 2026-02-03-04:05:06.000.001 synchronize stream failed, "
		  "runtime "
		  "result = 507018[FUNC:ReportCallError][FILE:widget.cc][LINE:9]\n",
		  "crashed", "synchronize stream failed, runtime result = 507018" },
		{ "[ERROR] RUNTIME(77,):2026-02-03-04:05:06.000.001 [device_error_proc.cc:10]9 "
		  "ProcessStarsWaitTimeoutErrorInfo:The error from device(chipId:1, dieId:0), "
		  "serial "
		  "number is 3, event wait timeout occurred during task execution, stream_id:2, "
		  "sq_id:1, task_id:5, event_id=1, timeout=100s.\n",
		  "crashed", "event wait timeout occurred during task execution, stream_id:2" },
		{ "[ERROR] RUNTIME(77,):2026-02-03-04:05:06.000.001 [stars_engine.cc:10]9 "
		  "ProcLogicCqReport:Task run failed, device_id=1, stream_id=2, task_id=5, "
		  "sqe_type=0(ffts), errType=0x1(task exception), sqSwStatus=0\n",
		  "crashed", "Task run failed, device_id=1" },
		{ "[ERROR] RUNTIME(77,):2026-02-03-04:05:06.000.001 [stars_engine.cc:10]9 "
		  "ProcLogicCqReport:Task run failed, device_id=1, stream_id=2, task_id=5\n"
		  "[ERROR] RUNTIME(77,):2026-02-03-04:05:06.000.002 [core.cc:11]9 "
		  "CheckSmmuFault:Get "
		  "isSmmuFault is 0.\n"
		  "[ERROR] RUNTIME(77,):2026-02-03-04:05:06.000.003 [core.cc:12]9 "
		  "PrintCoreInfo:The "
		  "error from device(chipId:1, dieId:0), serial number is 4, there is an exception "
		  "of "
		  "aicore error, core id is 3, error code = 0x800000\n",
		  "crashed", "there is an exception of aicore error, core id is 3" },
		/* fresh337's: a Rust panic whose header names the thread's id
		 * (Rust 1.89 on), and a message run into the source line number
		 * before it (Synapse's "graph.cpp: 599Graph compile failed") */
		{ "thread 'tokio-runtime-worker' (4242) panicked at src/widget/runner.rs:88:12:\n"
		  "index out of bounds: the len is 3 but the index is 7\n",
		  "crashed", "panicked at src/widget/runner.rs:88:12" },
		{ "[10:00:00.000001][PT_BRIDGE   ][error][tid:1A2B] /stack/widget/graph.cpp: "
		  "1234Graph compile failed. synStatus=synStatus 26 [Generic failure]. launch\n",
		  "crashed", "Graph compile failed" },
		/* fresh339's: MLX's allocator out of buffers or memory, in its
		 * two words besides the buffer too large */
		{ "ERROR widget_server: generation thread died: RuntimeError: [metal::malloc] "
		  "Resource limit (250000) exceeded.\n",
		  "out-of-memory", "Resource limit (250000) exceeded" },
		{ "RuntimeError: [malloc] Unable to allocate 2147483648 bytes.\n", "out-of-memory",
		  "Unable to allocate 2147483648 bytes" },
		/* fresh340's: a native module Windows would not load, in Node's
		 * words under a launcher's headline, and a load a guardrail refused
		 * for want of memory */
		{ "Could not load the model\nFailed to load backend from path: "
		  "C:\\\\widget\\\\backend_cuda.node. The specified module could not be found.\n",
		  "import-error", "The specified module could not be found" },
		{ "[2026-01-01 10:00:00.000] [error] [Widget] Error in handler: Error: Loading "
		  "refused due to insufficient system resources. Free some memory and retry.\n",
		  "out-of-memory", "due to insufficient system resources" },
		/* fresh341's: a launcher's word that the model's process crashed
		 * and said nothing, under a chain of causes */
		{ "[error] [Widget][Endpoint=chat] Error in handler: Error: Channel Error\n"
		  "- Caused By: Error: The model has crashed without additional information. (Exit "
		  "code: 3221226505)\n",
		  "crashed", "The model has crashed" },
		/* the same native module on a Windows set to another language */
		{ "Failed to load backend from path: C:\\\\widget\\\\backend_cuda.node. "
		  "\xe6\x89\xbe\xe4\xb8\x8d\xe5\x88\xb0\xe6\x8c\x87\xe5\xae\x9a\xe7\x9a\x84\xe6\xa8"
		  "\xa1\xe5\x9d\x97\xe3\x80\x82\n",
		  "import-error", "backend_cuda.node" },
		{ "Error: Das angegebene Modul wurde nicht "
		  "gefunden.\n\\\\?\\C:\\widget\\addon.node\n",
		  "import-error", "Das angegebene Modul wurde nicht gefunden" },
		/* macOS's loader: a library a native module links is missing */
		{ "Error: dlopen(/Applications/Widget.app/Contents/Resources/backend.node, "
		  "0x0001): "
		  "Library not loaded: @rpath/libwidget.dylib\n  Referenced from: <0A1B> "
		  "/Applications/Widget.app/Contents/Resources/backend.node\n",
		  "import-error", "Library not loaded: @rpath/libwidget.dylib" },
		{ "dyld[4242]: Symbol not found: _widget_init\n  Referenced from: "
		  "/opt/widget/bin/widget-server\n",
		  "import-error", "Symbol not found: _widget_init" },
		/* the loader: a binary built against a newer C library */
		{ "./widget-server: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.39' not "
		  "found "
		  "(required by ./widget-server)\n",
		  "import-error", "version `GLIBC_2.39' not found" },
		/* fresh348's: a proxy's words that the server it starts did not
		 * start, or exited while it was starting */
		{ "[INFO] <widget-7b> starting upstream\n"
		  "unable to start process: upstream exited with no answer on /health\n",
		  "unknown", "unable to start process" },
		{ "[INFO] <widget-7b> health check: 503 (loading)\n"
		  "[INFO] <widget-7b> process exited but not StateStopping, current state: "
		  "starting\n",
		  "unknown", "process exited but not StateStopping" },
		/* fresh350's: a launcher's headline that a model failed to load,
		 * said twice, then the runtime's own words why; and ONNX Runtime's
		 * word that Windows would not load a provider's DLL */
		{ "Loading model... [10:00:00 ERR] Failed loading model:widget-7b\n"
		  "Exception: Failed: Loading model widget-7b from "
		  "http://127.0.0.1:5000/load/widget-7b\n"
		  "Internal Server Error\n"
		  "Failed loading model widget-7b\n"
		  "Failed to load from compiled model. widget.cc:12 Widget::Load could not map the "
		  "context\n",
		  "model-load-failed", "Failed to load from compiled model" },
		{ "[10:00:00 ERR] Failed loading model:widget-7b\n"
		  "Failed loading model widget-7b\n"
		  "Widget EP failed to deserialize engine for fused node: graph_7\n",
		  "model-load-failed", "failed to deserialize engine" },
		{ "Failed loading model widget-7b\n"
		  "widget.cc:9 Widget::Get [ONNXRuntimeError] : 1 : FAIL : LoadLibrary failed with "
		  "error 126 \"\" when trying to load \"C:\\\\w\\\\providers_widget.dll\"\n",
		  "import-error", "LoadLibrary failed with error 126" },
		/* fresh352's: a launcher's word that a part died while it started,
		 * with a plain exit code, names no crash; a signal's code does */
		{ "Traceback (most recent call last):\n"
		  "  File \"/srv/widget/launch.py\", line 9, in wait_ready\n"
		  "    raise dead_error(i)\n"
		  "RuntimeError: Rank 2 worker died during warmup (exit code: 3). Check the logs "
		  "above.\n",
		  "unknown", "Rank 2 worker died during warmup (exit code: 3)" },
		{ "Traceback (most recent call last):\n"
		  "  File \"/srv/widget/launch.py\", line 9, in wait_ready\n"
		  "    raise dead_error(i)\n"
		  "RuntimeError: Rank 1 scheduler died during loading (exit code: 139).\n",
		  "crashed", "scheduler died during loading (exit code: 139)" },
		/* fresh354's: a server that gives up its own start, then shuts
		 * down as it would on any stop */
		{ "[10:00:00] Widget warmup failed; aborting startup: the model server did not "
		  "answer on /ready\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/srv/widget/serve.py\", line 40, in warm\n"
		  "    raise TimeoutError(msg)\n"
		  "TimeoutError: the model server did not answer on /ready\n"
		  "INFO:     Shutting down\n"
		  "INFO:     Finished server process [9]\n",
		  "unknown", "did not answer on /ready" },
		/* fresh358's: a Go program's crashing goroutine pasted without
		 * the dump's header: its signal frame names the crash */
		{ "goroutine 7 gp=0xc000102a80 m=4 mp=0xc000080008 [running]:\n"
		  "runtime.throw({0x9a1b2c?, 0x0?})\n"
		  "\t/usr/lib/go/src/runtime/panic.go:1101 +0x48 fp=0xc000091c20 sp=0xc000091bf0 "
		  "pc=0x43a1c8\n"
		  "runtime.sigpanic()\n"
		  "\t/usr/lib/go/src/runtime/signal_unix.go:917 +0x285 fp=0xc000091c80 "
		  "sp=0xc000091c20 pc=0x451e25\n"
		  "main._Cfunc_widget_render(0x7f3a10000b70)\n"
		  "\t_cgo_gotypes.go:88 +0x47 fp=0xc000091ca8 sp=0xc000091c80 pc=0x6b2d47\n",
		  "crashed", "runtime.sigpanic()" },
		/* fresh359's: a chat template that does not compile, told on
		 * a request: every chat request will fail the same way */
		{ "INFO:     Application startup complete.\n"
		  "ERROR 01-01 10:00:00 [chat.py:9] jinja2.exceptions.TemplateSyntaxError: "
		  "unexpected char '!' at 88\n"
		  "INFO:     127.0.0.1:5 - \"POST /v1/chat/completions HTTP/1.1\" 400 Bad "
		  "Request\n",
		  "chat-template", "TemplateSyntaxError: unexpected char '!' at 88" },
		/* fresh360's: transformers' auto classes not mapping a config
		 * class a model's own code brings */
		{ "  File \"/opt/py/transformers/models/auto/auto_factory.py\", line 700, in "
		  "__getitem__\n"
		  "    model_type = self._reverse_config_mapping[key.__name__]\n"
		  "KeyError: 'WidgetVisionConfig'\n"
		  "TimeoutError: the widget server did not answer\n",
		  "not-supported", "KeyError: 'WidgetVisionConfig'" },
		/* fresh361's: a model with more experts than the llama.cpp build
		 * was compiled to hold */
		{ "llama_model_loader: - type q6_K:   12 tensors\n"
		  "/build/widget/llama.cpp/src/llama-model.cpp:901: GGML_ASSERT(hp.n_expert_total "
		  "<= LLAMA_MAX_EXPERTS) failed\n"
		  "/usr/lib/libggml-base.so(ggml_abort+0x11)[0x7f00aa]\n",
		  "not-supported", "GGML_ASSERT(hp.n_expert_total <= LLAMA_MAX_EXPERTS) failed" },
		/* fresh368's: a call the GPU cannot record, made during CUDA
		 * graph capture, under advice that one could fall back (advice is
		 * no fallback) */
		{ "widget.exc.CompileError: RuntimeError: Cannot call WidgetRng::seed during CUDA "
		  "graph capture. Current cudaStreamCaptureStatus: cudaStreamCaptureStatusActive\n"
		  "\n"
		  "You can silence this error and fall back to eager mode by setting:\n"
		  "    widget.config.eager = True\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/srv/widget/runner.py\", line 20, in capture\n",
		  "crashed", "Cannot call WidgetRng::seed during CUDA graph capture" },
		/* fresh299's: a tokenizer whose files transformers, tokenizers
		 * or sentencepiece will not read, in their own words */
		{ "ValueError: Non-consecutive added token '<pad>' found. Should have index 50257 "
		  "but has index 1 in saved vocabulary.\n",
		  "model-load-failed", "Non-consecutive added token '<pad>' found" },
		{ "OSError: Couldn't instantiate the backend tokenizer from one of: (1) a "
		  "`tokenizers` library serialization file\n",
		  "model-load-failed", "Couldn't instantiate the backend tokenizer" },
		{ "RuntimeError: Internal: src/sentencepiece_processor.cc(1102) "
		  "[model_proto->ParseFromArray(serialized.c_str(), serialized.size())]\n",
		  "model-load-failed", "sentencepiece_processor.cc(1102)" },
		/* fresh303's: a KeyError naming a parameter of a numbered
		 * layer that the checkpoint has and the model does not, a
		 * quantization's scale or index as well as a weight */
		{ "(Worker pid=9) ERROR 10:00 [w.py:3] KeyError: "
		  "'model.decoder.layers.7.fc1.qzeros'\n",
		  "model-load-failed", "KeyError: 'model.decoder.layers.7.fc1.qzeros'" },
		{ "KeyError: 'transformer.h.3.attn.c_attn.g_idx'\n", "model-load-failed",
		  "KeyError: 'transformer.h.3.attn.c_attn.g_idx'" },
		/* fresh299's: a death that sends its reader to the error above
		 * for the cause ("See stack trace above for root cause issue"),
		 * an exit's words or an exception's: the error above is why */
		{ "ERROR 10:00 [core.py:9] RuntimeError: Failed to apply WidgetProcessor on "
		  "data={}\nCRITICAL 10:00 [client.py:3] Fatal signal from the widget workers, "
		  "shutting down. See the stack trace above for the cause.\n",
		  "unknown", "Failed to apply WidgetProcessor on data={}" },
		{ "INFO 10:00 [core.py:9] loading\nERROR 10:00 [w.py:1] ValueError: the zorp is "
		  "flibbed\nERROR 10:00 [api.py:1] RuntimeError: Engine stopped, please check "
		  "the traceback above\nProcess exited with code 1\n",
		  "unknown", "ValueError: the zorp is flibbed" },
		{ "INFO 10:00 [core.py:9] loading\nERROR 10:00 [w.py:1] ValueError: the sprocket "
		  "is bent\nERROR 10:00 [api.py:1] RuntimeError: Widget core initialization "
		  "failed. See root cause above. Failed core proc(s): {}\nProcess exited with "
		  "code 1\n",
		  "unknown", "ValueError: the sprocket is bent" },
		/* fresh386's: an NPU's graph capture that did not end, in
		 * torch_npu's words for AscendCL's capture call, and a Marlin
		 * kernel with no thread configuration for a layer's shape */
		{ "(Widget pid=3) ERROR 10:00 [w.py:5] RuntimeError: "
		  "capture_begin:widget/npu/Graph.cpp:40 NPU function error: "
		  "c10_npu::acl::AclmdlRICaptureBegin(stream, mode), error code is 107003\n",
		  "crashed", "AclmdlRICaptureBegin(stream, mode), error code is 107003" },
		{ "ERROR 10:00 [widget.py:2] RuntimeError: Invalid thread config: thread_m_blocks "
		  "= 2, thread_k = -1, thread_n = -1, num_threads = -1 for MKN = [32, 768, 1536] "
		  "and num_bits = 8\n",
		  "crashed", "Invalid thread config: thread_m_blocks = 2" },
		/* fresh387's: an ATB operator that could not be set up, said
		 * alone, and a C++ error logged with the stack it was raised
		 * from, its message on the line above the stack */
		{ "[rank1]: RuntimeError: LinearWidgetOperation setup failed!\n", "crashed",
		  "LinearWidgetOperation setup failed!" },
		{ "INFO 10:00 [w.py:3] Added request widget-1.\n"
		  "[rank0]:[E101 10:00:01.000000001 widget_depend.ts:20] the sprocket's "
		  "tensor has 3 dims, not 4\n"
		  "Exception raised from sprocket_check at build/widget/sprocket.cpp:88 (most "
		  "recent call first):\n"
		  "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x1 (0x1 in "
		  "/w/libc10.so)\n",
		  "crashed", "the sprocket's tensor has 3 dims, not 4" },
		/* fresh388's: kernels built for another NPU chip, the
		 * runtime's wait for the device ending in a device error, and
		 * a child Python saw die of a signal */
		{ "[ERROR] the socversion Ascend910B4 of bin package does not match the current "
		  "device socverison Ascend310P1.\n",
		  "not-supported", "does not match the current device socverison Ascend310P1" },
		{ "ERROR 10:00 [w.py:2]         wait for compute device to finish failed, runtime "
		  "result = 507035.[FUNC:ReportCallError][FILE:widget.cpp][LINE:1]\n",
		  "crashed", "wait for compute device to finish failed, runtime result = 507035" },
		{ "ERROR 10:00 [w.py:2] subprocess.CalledProcessError: Command '['widget', "
		  "'--probe']' died with <Signals.SIGKILL: 9>.\n",
		  "crashed", "died with <Signals.SIGKILL: 9>" },
		/* fresh389's: ggml's abort that names the backend's error,
		 * then the error on the line under it, which the quote takes
		 * in; an NPU chip the runtime has no support for, said there;
		 * and an ACL call of a server's own kernels that failed */
		{ "/w/ggml/src/ggml-musa/widget.cu:40: MUSA error\n"
		  "MUSA error: the widget stream was lost\n"
		  "        Solution: try again.\n",
		  "crashed", "MUSA error: the widget stream was lost" },
		{ "/w/ggml/src/ggml-cann/widget.cpp:9: CANN error\n"
		  "CANN error: EZ9903: [PID: 1] 2026-01-02-03:04:05.000.000 support for "
		  "Ascend310B4 "
		  "is not implemented\n",
		  "not-supported", "support for Ascend310B4 is not implemented" },
		{ "[FATAL]  Acl return error widget/kernels/rope.cc:12, with ERROR 507035\n",
		  "crashed", "Acl return error widget/kernels/rope.cc:12, with ERROR 507035" },
		/* fresh391's: HCCL's transport between two ranks that did
		 * not come up, in its own words */
		{ "[rank3]: EI0009: [PID: 7] 2026-01-02-03:04:05.000.000 Transport init error. "
		  "Reason: [Create][SrcLink]Create Src error! rank[3] dst_rank[2]\n",
		  "distributed-init", "Transport init error" },
		/* fresh392's: tokenizers' serde error for a tokenizer.json's
		 * other parts, said alone and as a Rust panic's message (the
		 * panic is that failure); Ascend's LLM-DataDist that would not
		 * start, under glog's fatal check */
		{ "widget-server: tokenizer.json: data did not match any variant of untagged "
		  "enum NormalizerWrapper at line 40 column 3\n",
		  "model-load-failed", "untagged enum NormalizerWrapper" },
		{ "thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: "
		  "Error(\"data did not match any variant of untagged enum DecoderWrapper\", line: "
		  "12, column: 1)', src/widget.rs:9:5\n",
		  "model-load-failed", "untagged enum DecoderWrapper" },
		{ "F20260102 03:04:05.000001 12 widget_transfer.cpp:9] Check failed: ret == 0 "
		  "Initialize LlmDataDist failed, ret = 7\n",
		  "distributed-init", "Initialize LlmDataDist failed, ret = 7" },
		/* fresh395's: a JIT compiler's temporary object it could not
		 * rename is no missing file the server was asked for, and a
		 * runtime library's failed assertion on a call's status is a
		 * crash */
		{ "error: unable to rename temporary '/tmp/jit/widget.o.tmp' to output file "
		  "'/tmp/jit/widget.o': 'No such file or directory'\n"
		  "1 error generated when compiling for widget3.\n"
		  "[ASSERT-FAIL](ret(WIDGET_STATUS_EXECUTION_FAILED)==WBLAS "
		  "SUCCESS)[/src/wblas/launcher.h:38]\n",
		  "crashed", "[ASSERT-FAIL](ret(WIDGET_STATUS_EXECUTION_FAILED)==WBLAS SUCCESS)" },
		/* fresh396's: Ascend's runtime codes of a device fault as the
		 * runtime's own call report and its error-code line say them,
		 * whatever call failed */
		{ "(Widget pid=3) ERROR 01-02 03:04:05 [widget.py:9]        copy widget failed, "
		  "runtime result = 507054[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:9]\n",
		  "crashed", "copy widget failed, runtime result = 507054" },
		{ "[ERROR] RUNTIME(7,widget):2026-01-02-03:04:05.000.000 [api_c.cc:9]7 "
		  "rtWidgetSync:ErrCode=507053, desc=[device mem error], InnerCode=0x7010001\n",
		  "crashed", "ErrCode=507053, desc=[device mem error]" },
		/* fresh397's: serde's missing field said alone, as a Rust
		 * server's config reader ends it */
		{ "widget-svc | 2026-01-02T03:04:05Z  WARN widget: reading config.json\n"
		  "widget-svc | Error: missing field `num_widget_layers`\n"
		  "widget-svc |    0: <widget::Error>::new\n",
		  "model-load-failed", "missing field `num_widget_layers`" },
		/* fresh398's: a log viewer's table copied a column to a line
		 * (time, level, message), the level alone giving the next line
		 * its own; a server said at an error level to have exited is a
		 * death; transformers newer than the engine's per-layer config
		 * reading; a model type that neither of two libraries supports */
		{ "[10:00:00]\nDEBUG\nthe widget router is starting\n[10:00:01]\nERROR\n"
		  "the widget backend exited.\n",
		  "unknown", "ERROR: the widget backend exited." },
		{ "widget_config.WidgetAmbiguousAttr: 'rope_theta' is a per-layer attribute "
		  "and may vary across layers.\n",
		  "not-supported", "'rope_theta' is a per-layer attribute" },
		{ "ValueError: acme/widget-9B: target model_type 'widget3' is supported by neither "
		  "this widget-lm nor widget-vlm\n",
		  "not-supported", "is supported by neither" },
		/* fresh399's: ggml's Metal library that did not compile (the
		 * tensor API's headers refusing its types), and the amdgpu
		 * driver's report of a wave's error */
		{ "widget_metal_init: loading the widget kernels\n"
		  "widget_metal_init: error: Error Domain=MTLLibraryErrorDomain Code=3 "
		  "\"program_source:9:1: error: unknown type\"\n",
		  "not-supported", "Error Domain=MTLLibraryErrorDomain Code=3" },
		{ "/Sys/Headers/WidgetOps.h:12:5: error: static_assert failed due to requirement "
		  "'__tensor_ops_detail::__is_same_v<half, float>' \"Input types must match\"\n",
		  "not-supported", "__tensor_ops_detail::__is_same_v<half, float>" },
		{ "[Mon Jan  2 03:04:05 2026] amdgpu: sq_intr: error, se 0, data 0x1, sh 1, "
		  "priv 1, wave_id 3, simd_id 2, cu_id 7, err_type 1\n",
		  "crashed", "amdgpu: sq_intr: error" },
		/* fresh400's: systemd-coredump's signal field, above the
		 * message it ends with; a model format said not to be
		 * supported */
		{ "           PID: 7 (widget)\n"
		  "        Signal: 6 (ABRT)\n"
		  "       Message: Process 7 (widget) of user 1000 dumped core.\n",
		  "crashed", "Signal: 6 (ABRT)" },
		{ "10:00AM DBG GRPC(w.bin-127.0.0.1:1): stderr widget_load: model format not "
		  "supported by the widget loader\n",
		  "not-supported", "model format not supported" },
		/* fresh401's: ptxas refusing an instruction on a target it
		 * knows is a kernel this GPU cannot run, not the toolkit's
		 * mismatch */
		{ "ptxas /tmp/widget.ptx, line 12; error   : Feature '.widget::scatter' not "
		  "supported on .target 'sm_121a'\n"
		  "ptxas fatal   : Ptx assembly aborted due to errors\n",
		  "not-supported",
		  "Feature '.widget::scatter' not supported on .target 'sm_121a'" },
		/* fresh403's: the Qualcomm NPU that would not open (a
		 * session, its queue, QNN's device), above the assertion it
		 * ends in; the DSP's process crashed, in FastRPC's words */
		{ "ggml-hex: allocating new session: HTP2\n"
		  "ggml-hex: failed to reserve new session 2 : error 0x3b\n"
		  "/src/widget/ggml-backend.cpp:12: GGML_ASSERT(widget) failed\n",
		  "driver-mismatch", "failed to reserve new session 2 : error 0x3b" },
		{ "ggml-hex: HTP1 dspqueue_create failed: 0x0000000e\n", "driver-mismatch",
		  "dspqueue_create failed: 0x0000000e" },
		{ "[E] 2026-01-02 03:04:05 [/src/widget/qnn_widget.cc:31] Failed to create "
		  "device for HTP\n",
		  "driver-mismatch", "Failed to create device for HTP" },
		{ "01-02 03:04:05.678  100  200 E adsprpc : widget_rpc.c:9: Process on aDSP "
		  "CRASHED!!!\n",
		  "crashed", "Process on aDSP CRASHED" },
		/* fresh404's: an accelerator's memory its runtime could not
		 * allocate; an OpenCL path with no OpenCL driver */
		{ "E WIDGET: [10:00:00.000] failed to malloc dsp memory, size: 1024, flags: 0x1\n"
		  "E widget: widget_init failed\n",
		  "out-of-memory", "failed to malloc dsp memory, size: 1024" },
		{ "I widget: runtime 2.0, gpu on\nE WIDGET: [10:00:00.000] Cannot load "
		  "clGetPlatformIDs!\nwidget: no OpenCL platforms found\n",
		  "driver-mismatch", "widget: no OpenCL platforms found" },
		/* fresh405's: the GPU's driver resetting a context that
		 * locked up; a failure raised again over its cause, the
		 * cause quoted */
		{ "[12.000001] MTGPU:(Error): 7:  PID 9 experienced error Innocent Lockup (0x2) "
		  "caller[widget] [1]\n",
		  "crashed", "experienced error Innocent Lockup (0x2)" },
		{ "Traceback (most recent call last):\n"
		  "  File \"/x/widget/__init__.py\", line 3, in <module>\n"
		  "    import widget._C\n"
		  "ImportError: /opt/widget/lib/libwidget.so: undefined symbol: widget_init\n"
		  "\n"
		  "The above exception was the direct cause of the following exception:\n"
		  "\n"
		  "Traceback (most recent call last):\n"
		  "  File \"/x/serve.py\", line 1, in <module>\n"
		  "    import widget\n"
		  "  File \"/x/widget/__init__.py\", line 5, in <module>\n"
		  "    raise ImportError(\"widget failed to load\") from err\n"
		  "ImportError: widget failed to load\n",
		  "import-error", "undefined symbol: widget_init" },
		/* fresh407's: a device call the Windows graphics kernel
		 * refused (its 0xC01Exxxx status), the load it ends */
		{ "[widget] Loading model: C:\\m\\widget-1B\n"
		  "[widget] ERROR: could not load the model: error while creating the queue "
		  "(0xC01E0005)\n",
		  "driver-mismatch", "error while creating the queue (0xC01E0005)" },
		/* fresh408's: a panic whose message is a kernel's
		 * precondition on a tensor's layout (the engine's fault, no
		 * model it does not support); vLLM's dump of a failed step,
		 * its config on a line of its own */
		{ "Serving on http://0.0.0.0:9000.\n"
		  "thread 'widget' panicked at widget-core/src/step.rs:12:9:\n"
		  "Step failed with error `gather is only supported for contiguous tensors`\n",
		  "crashed", "gather is only supported for contiguous tensors" },
		{ "INFO 01-02 03:04:05 [async_llm.py:1] Added request cmpl-1.\n"
		  "ERROR 01-02 03:04:05 [dump_input.py:69] Dumping input data\n"
		  "ERROR 01-02 03:04:05 [dump_input.py:71] V1 LLM engine (v0.9.1) with config: "
		  "model='/m/widget', tokenizer='/m/widget'\n",
		  "unknown", "Dumping input data" },
		/* fresh409's: a TPU kernel Mosaic has not implemented; a
		 * traceback a paste indented whole, its exception at the
		 * column "Traceback" began */
		{ "(Worker pid=3) ERROR 01-02 03:04:05 [w.py:9] RuntimeError: Mosaic failed to "
		  "compile TPU kernel: Unsupported widget layout in reduction\n",
		  "not-supported",
		  "Mosaic failed to compile TPU kernel: Unsupported widget layout" },
		{ "    INFO 01-02 03:04:05 loading the widget\n"
		  "    Traceback (most recent call last):\n"
		  "      File \"/x/widget/serve.py\", line 7, in <module>\n"
		  "        widget.start()\n"
		  "        ^^^^^^^^^^^^^^\n"
		  "    KeyError: 'widget_size'\n",
		  "unknown", "KeyError: 'widget_size'" },
		/* llama-server's router refusing a preset for a key this
		 * build does not know (written before a held-out excerpt) */
		{ "0.01.000.001 E srv  widget: failed to initialize router models: option "
		  "'widget-cache' not recognized in preset 'w7'\n"
		  "0.01.000.002 I srv  shutting down\n",
		  "bad-argument", "option 'widget-cache' not recognized in preset 'w7'" },
		/* fresh410's: a projector that does not fit its text model */
		{ "I widget_load: loading the projector /m/w-proj.gguf\n"
		  "E widget_init: error: mismatch between text model (n_embd = 4096) and mmproj "
		  "(n_embd = 1152)\n"
		  "E srv  widget: failed to load multimodal model, '/m/w-proj.gguf'\n",
		  "model-load-failed", "mismatch between text model (n_embd = 4096)" },
		/* fresh411's: an attention backend refusing the engine's
		 * configuration, whatever reason it gives */
		{ "(EngineCore pid=7) ERROR 01-02 03:04:05 [core.py:9] ValueError: Selected "
		  "backend WidgetBackend.WIDGET_ATTN is not valid for this configuration. "
		  "Reason: ['widget size mismatched']\n",
		  "not-supported", "WIDGET_ATTN is not valid for this configuration" },
		/* the runtimes' own crash words the general class does not
		 * quote (written before a held-out excerpt met them) */
		{ "load_tensors: offloaded 9/9 layers to GPU\nMUSA error: an illegal memory access "
		  "was encountered\n",
		  "crashed", "MUSA error: an illegal memory access" },
		{ "slot launch_slot_: id  0 | task 0 | processing task\n"
		  "ggml_cuda_compute_forward: SOFT_MAX failed\n",
		  "crashed", "ggml_cuda_compute_forward: SOFT_MAX failed" },
		{ "INFO:     Started server process [9]\nWindows fatal exception: stack overflow\n",
		  "crashed", "Windows fatal exception: stack overflow" },
	};
	struct log_rules rs, all;
	struct enginelog l;
	const struct log_match *m;
	/* under valgrind, every 3rd row is read, as the corpus reads every
	 * 4th: the plain and sanitized passes read and judge each; valgrind's
	 * is the reader's memory on a sample of every shape (the rows took
	 * most of the suite's valgrind time, and grow every stop) */
	size_t i, step = getenv("PREFLIGHT_VALGRIND") ? 3 : 1;

	bundled_rules(&rs);
	unindexed_rules(&all);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i += step) {
		read_alike(&rs, &all, cases[i].log, "case", i);
		m = classify(&l, &rs, cases[i].log);
		ck_assert_msg(m && m->fatal, "case %zu: nothing fatal", i);
		ck_assert_msg(!strcmp(m->rule->class, cases[i].class), "case %zu: %s", i,
			      m->rule->class);
		ck_assert_msg(strstr(m->quote, cases[i].quote), "case %zu: %s", i, m->quote);
		enginelog_release(&l);
	}
	/* logs of an engine that did not die, whatever their words say */
	{
		static const char *const alive[] = {
			/* a Java stack trace the server went on after is a
			 * handled exception's */
			"Caused by: java.io.IOException: Broken pipe\n"
			"\tat ai.widget.Server.write(Server.java:12)\n"
			"INFO widget: request 7 done\n",
			"INFO:     10.0.0.2:5000 - \"GET /admin HTTP/1.1\" 403 Forbidden: access "
			"is "
			"denied to this widget\n",
			/* Linux's errno 112 is a host that is down, not a
			 * Windows disk that is full (fresh465's twin) */
			"WARN widget: peer 10.0.0.2 unreachable: Host is down (os error 112); "
			"retrying\n",
			/* a process that died and is relaunched is its
			 * supervisor's to bring back; the source line Python
			 * echoes under a warning it prints is the warning's
			 * (multiprocessing's resource tracker as vLLM's workers
			 * stop, fresh429-qwenomni-288) */
			"(Widget rank=3 pid=1150) /x/multiprocessing/resource_tracker.py:104: "
			"UserWarning: resource_tracker: process died unexpectedly, relaunching.\n",
			"(Widget rank=3 pid=1150)   warnings.warn('resource_tracker: process died "
			"unexpectedly, '\n",
			/* a symbol the runner could not load, relayed at the
			 * server's warning level with no error of its own, then
			 * the runner up (fresh385's, in other words) */
			"time=2026-03-01T10:00:00.000Z level=WARN source=server.go:150 "
			"msg=mlx-runner "
			"msg=\"Widget: Failed to load symbol: widget_device_info\"\n"
			"time=2026-03-01T10:00:01.000Z level=INFO source=server.go:400 msg=\"llama "
			"runner "
			"started in 1.00 seconds\"\n",
			/* a request's traceback through Flask's dispatch and a
			 * handler named for the API it answers; ggml's OpenCL
			 * backend with no device, the CPU loading on (fresh404's
			 * rules must not read them) */
			"[2026-01-02 03:04:05,000] ERROR in app: Exception on /v1/chat/completions "
			"[POST]\n"
			"Traceback (most recent call last):\n"
			"  File \"/x/flask/app.py\", line 1, in full_dispatch_request\n"
			"    rv = self.dispatch_request()\n"
			"  File \"/x/widget/server.py\", line 9, in chat_openai\n"
			"    w = body['widget']\n"
			"KeyError: 'widget'\n",
			"ggml_opencl: could find any OpenCL devices.\n"
			"load_tensors:   CPU_Mapped model buffer size =   100.00 MiB\n",
			/* the Hexagon backend's warnings that fall back (a
			 * session's URI, FastRPC's QoS mode), then its session
			 * open (fresh403's rule must not read them) */
			"ggml-hex: failed to get URI for session 1 : error 0x3b. Falling back to "
			"single session URI: file:///libggml-htp-v79.so\n"
			"ggml-hex: failed to enable fastrpc QOS mode: 0x0000000e\n"
			"ggml-hex: new session: HTP1 : session-id 1 domain-id 3 uri widget\n",
			/* a terminal's ioctl, no driver's (fresh382's
			 * driver rule must not read it) */
			"widget: ioctl(TIOCGWINSZ) failed: Inappropriate ioctl for device\n"
			"INFO 02-03 04:05:06 [w.py:3] loading the widget\n",
			/* a request's out of memory, then a health check
			 * answered: the server lives (a health check outlives
			 * what is no crash); a crash, then the server up again */
			"(APIServer pid=9) ERROR 03-02 10:00:00 [serving.py:9] "
			"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
			"(APIServer pid=9) INFO:     10.0.0.1:5000 - \"GET /health HTTP/1.0\" 200 "
			"OK\n",
			"(Worker_TP1 pid=3) ERROR 03-02 10:00:00 [w.py:9] RuntimeError: CUDA "
			"error: an "
			"illegal memory access was encountered\n"
			"(APIServer pid=10) INFO:     Application startup complete.\n",
			/* hipBLASLt with no library file for the GPU: it is
			 * optional, and the runner goes on loading (fresh376's,
			 * in other words) */
			"Mar 02 10:00:00 box widget[77]: rocblaslt error: Cannot read "
			"/opt/widget/hipblaslt/library/TensileLibrary_lazy_gfx1151.dat: No such "
			"file or directory\n"
			"Mar 02 10:00:00 box widget[77]: rocblaslt error: Could not load "
			"/opt/widget/hipblaslt/library/TensileLibrary_lazy_gfx1151.dat\n"
			"Mar 02 10:00:00 box widget[77]: hipBLASLt error: Heuristic Fetch Failed!\n"
			"Mar 02 10:00:01 box widget[77]: load_tensors: offloading 32 layers to "
			"GPU\n",
			/* TensorRT-LLM's verbose and info levels, whatever
			 * they cannot load on the way (fresh353's, in other
			 * words) */
			"[01/01/2026-10:00:00] [TRT-LLM] [I] Unable to load the widget tokenizer "
			"config from None: model_dir is None. Cannot load the config without a "
			"valid directory.\n"
			"[01/01/2026-10:00:00] [TRT-LLM] [V] Unable to load widget weights from "
			"cache: cache is cold\n",
			/* a chat template that did not compile, then a chat
			 * request served: the template was changed or another
			 * one answered, and serving goes on */
			"INFO:     Application startup complete.\n"
			"ERROR 01-01 10:00:00 [chat.py:9] jinja2.exceptions.TemplateSyntaxError: "
			"unexpected char '!' at 88\n"
			"INFO:     127.0.0.1:6 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n",
			/* a warning's traceback, the log cut inside it before
			 * the engine served (fresh372's, in other words: an
			 * optional module that did not import) */
			"INFO 01-01 10:00:00 [cache.py:9] KV cache sized\n"
			"WARNING 01-01 10:00:01 [imports.py:4] Module widget.fastpath was found "
			"but "
			"failed to import\n"
			"WARNING 01-01 10:00:01 [imports.py:4] Traceback (most recent call last):\n"
			"WARNING 01-01 10:00:01 [imports.py:4]   File \"/srv/widget/imports.py\", "
			"line 20, in load\n",
			/* an error, then the engine saying it will fall back
			 * (its own words, not advice to) */
			"widget: starting\nwidget: Unable to load the sprocket config: Cannot load "
			"model config without a valid directory.\nwidget: will fall back to the "
			"default config\n",
			/* a fallback said at a sentence's start */
			"widget: starting\nwidget: Unable to load the sprocket config: Cannot load "
			"model config without a valid directory. Falling back.\n",
			/* a container tool that pulls what it did not find
			 * locally (fresh226's, in other words) */
			"Unable to find model 'hf.co/widget/sprocket-GGUF:Q4' locally; pulling it\n"
			"widget: pulled 3 layers\n",
			/* optional kernels that did not import, logged at
			 * ERROR, then the engine goes on (fresh232's, in other
			 * words) */
			"ERROR 01-01 10:00:00 [moe.py:9] Failed to import fused widget kernels. "
			"Error: No module named 'widget_kernels.gemm'\nINFO 01-01 10:00:01 "
			"[api.py:3] widget server version 1.0\n",
			/* a backend that could not start for want of support,
			 * at warning level, and another taken (fresh325's
			 * alternative, held quiet) */
			"WARN widget_backend: could not start flash backend: FlashAttention is "
			"not supported on this GPU, falling back to SDPA\n",
			/* a load refused at ERROR, then the engine saying it
			 * falls back (fresh326's, in other words) */
			"2026-01-01 10:00:00,000 - root - ERROR - Model type sprocket not "
			"supported. "
			"Error: No module named 'widget_vlm.sprocket'\n2026-01-01 10:00:00,001 - "
			"widget.pool - WARNING - vision load failed for sprocket-7b, falling back "
			"to "
			"text-only: Model type sprocket not supported\n",
			/* an attention backend's version refused at ERROR,
			 * then another chosen (fresh300's, in other words) */
			"ERROR 01-01 10:00:00 [fa_utils.py:9] Cannot use FA version 3 is not "
			"supported due to FA3 is only supported on devices with compute capability "
			">= 9\nINFO 01-01 10:00:01 [widget.py:3] Using WIDGET_ATTN backend\n",
			/* an error the engine came up after, in other
			 * servers' ready words */
			"widget: loading\nwidget: CUDA error: out of memory while warming the "
			"cache\nwidget: Ready to serve requests\n",
			"widget: loading\nwidget: CUDA error: out of memory while warming the "
			"cache\n * Running on http://127.0.0.1:5000\n",
			/* a plain error line after a request's traceback, once the
			 * engine came up: the server going on, not a death */
			"INFO:     Application startup complete.\nTraceback (most recent call "
			"last):\n"
			"  File \"/x/w.py\", line 3, in f\n    g()\nBrokenPipeError: [Errno 32] "
			"Broken "
			"pipe\nERROR:    widget: the client went away mid-stream\n",
			/* KoboldCpp's own ready words, in other words: the
			 * port warning and the error before them are not its
			 * death */
			"Warning: Port 7001 appears to be in use\nwidget: loading\n"
			"Starting Widget API on port 7002 at http://localhost:7002/api/\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"Please connect to custom endpoint at http://localhost:7002\n",
			/* other servers' ready words (Triton's, OpenVINO Model
			 * Server's, mlx-lm's, LocalAI's, Gradio's,
			 * text-generation-webui's, text-embeddings-inference's),
			 * in other words: an error before them is not a death */
			"widget: CUDA error: out of memory while warming the cache\n"
			"I0101 10:00:00.000000 7 grpc_server.cc:1] Started GRPCInferenceService at "
			"0.0.0.0:9001\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"[2026-01-01 10:00:00.000][1][serving][info][x.cpp:1] Started REST server "
			"at 0.0.0.0:9000\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"2026-01-01 10:00:00,000 - INFO - Starting httpd at 127.0.0.1 on port "
			"9000...\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"10:00AM INF Widget API is listening! endpoint=http://0.0.0.0:9000\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"* Running on local URL:  http://127.0.0.1:9000\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"10:00:00-000000 INFO     OpenAI-compatible API URL:\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"2026-01-01T10:00:00.000Z  INFO widget_router: router/src/lib.rs:1: "
			"Ready\n",
			/* ready words the corpus's logs hold (Ollama's runner,
			 * LMDeploy's hint, llamafile's and cortex's listening at),
			 * in other words */
			"widget: CUDA error: out of memory while warming the cache\n"
			"time=2026-01-01T10:00:00.000Z level=INFO source=server.go:1 msg=\"llama "
			"runner started in 2.00 seconds\"\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"HINT:    Please open http://0.0.0.0:9000 in a browser for detailed api "
			"usage!!!\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"widget server listening at http://127.0.0.1:9000\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"Widget started, listening at: 127.0.0.1:9000\n",
			/* llama.cpp's older listening line, TGI's numbered
			 * shard, TorchServe's start, in other words */
			"widget: CUDA error: out of memory while warming the cache\n"
			"main: HTTP server is listening, hostname: 127.0.0.1, port: 9000\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"2026-01-01T10:00:00.000Z  INFO widget_launcher: Shard 0 ready in 3.2s\n",
			"widget: CUDA error: out of memory while warming the cache\n"
			"Model server started.\n",
			/* an exception's name and colon alone, then the server's
			 * own log line: that line is no message of it */
			"ValueError: \nINFO 01-01 10:00:00 [w.py:1] the widget server goes on\n",
			/* llama-server's own ready line, at the end of its line
			 * or a JSON message, outlives an error before it (the
			 * other side of fresh206's narrowing) */
			"Error: failed to open /x/w.bin\nmain: model loaded\n",
			/* a request's failure whose traceback was raised from
			 * another's: the cause's class is the request's too
			 * (fresh249's, in other words) */
			"Error in create_chat_completion\nTraceback (most recent call last):\n"
			"  File \"/x/w.py\", line 3, in load\n    open(p)\nFileNotFoundError: "
			"[Errno 2] No such file or directory: '/x/widget.json'\n\nThe above "
			"exception was the direct cause of the following exception:\n\n"
			"Traceback (most recent call last):\n  File \"/x/api.py\", line 9, in "
			"create_chat_completion\n",
			/* an exception whose message is a number only, a status
			 * (the other side of fresh253's key) */
			"widget: fetching\nwidget.hub.HTTPError: 404\nwidget: serving\n",
			/* a compiler's warning at a line of C++ (a build's log) */
			"widget.cpp:12: warning: unused variable 'w'\n",
			/* a library's warning at a line of its C++, the level
			 * in capitals (xgrammar's, fresh248's in other words) */
			"widget_matcher.cc:12: Warning: the widget stopped; the next turn is "
			"ignored\n",
			/* a load its client gave up on: nothing failed */
			"time=2025-12-05T10:00:03.000Z level=ERROR source=sched.go:9 msg=\"error "
			"loading llama server\" error=\"context canceled\"\n",
			/* a warning that two options are exclusive: the engine
			 * dropped one and goes on */
			"WARNING 12-05 10:00:00 [w.py:1] --widget-a and --widget-b are mutually "
			"exclusive; ignoring --widget-b\n",
			/* under a prefix no collector is known by, a traceback
			 * whose last line is no exception, then a warning's */
			"widget-7f9c widget Traceback (most recent call last):\n"
			"widget-7f9c widget   File \"/x/w.py\", line 3, in f\n"
			"widget-7f9c widget the widget retries in 5 s\n",
			"widget-7f9c widget Traceback (most recent call last):\n"
			"widget-7f9c widget   File \"/x/w.py\", line 3, in f\n"
			"widget-7f9c widget UserWarning: the widget is old\n",
			"Error: failed to open /x/w.bin\n"
			"{\"level\":\"INFO\",\"msg\":\"model loaded\"}\n",
			/* ggml's pinned host memory it could not get: it goes
			 * on without (the other side of fresh207's widening) */
			"ggml_widget: Failed to allocate pinned memory.\n"
			"ggml_widget: Null Pointer: ErrorInitializationFailed\n"
			"widget_ctx: graph splits = 100\n",
			/* an info line a terminal wrapped at 120 columns after a
			 * word: its rest is its message, whatever it says
			 * (fresh210) */
			"widget: loading\nINFO:     Using widget data type to store the cache. It "
			"reduces the widget footprint and boosts the speed of it. But it\n"
			"may cause a slight drop. FP8 (without scaling) is only supported on cuda "
			"version\ngreater than 11.8.\n",
			/* JAX's backend discovery at Python's default info
			 * format: the backends it could not start (fresh203) */
			"INFO:widget._src.bridge:Unable to initialize backend 'tpu': INTERNAL: "
			"Failed "
			"to open libwidget.so: libwidget.so: cannot open shared object file: No "
			"such "
			"file or directory\nINFO:rank:Detected 2 devices in mesh\n",
			/* a lower-case name=value an engine calls invalid is
			 * not an environment variable it refused (fresh202's
			 * rule takes capitals only) */
			"widget: invalid request_id=5 in batch\nwidget: done\n",
			/* a library's exception whose name ends in neither
			 * Error nor Exception, then the engine served: an
			 * exception it outlived (the shape of fresh189's) */
			"Traceback (most recent call last):\n  File \"/x/hub.py\", line 3, in get\n"
			"    raise ReadTimeout(e)\nwidget.exceptions.ReadTimeout: read timed "
			"out\nINFO:     Application startup complete.\n",
			/* a kernel library that warns a config does not fit
			 * this GPU's shared memory and falls back (the class
			 * of fresh178 stands at an error level, not a warning) */
			"WARNING 01-01 10:00:00 [widget.py:9] Triton: out of resource: shared "
			"memory, Required: 9, Hardware limit: 8; falling back\n",
			/* a request's frames through an endpoint's call, the
			 * traceback's header not in the excerpt (fresh103) */
			"  File \"/x/fastapi/routing.py\", line 191, in run_endpoint_function\n"
			"    return await dependant.call(**values)\n"
			"  File \"/x/widget/worker.py\", line 9, in api_widget\n"
			"    return widget.get()\n"
			"NameError: name 'widget' is not defined\n",
			/* a line that says itself it may not matter; a
			 * traceback Python ignored (a destructor's); a request's
			 * traceback a logger wrapped inside a frame's location
			 * (fresh121) */
			"widget_alloc: cuMemMap failed: out of memory (this can be safely "
			"ignored)\n",
			"INFO loading widget\nException ignored in: <function Widget.__del__ at "
			"0x1>\n"
			"Traceback (most recent call last):\n"
			"  File \"/x/w.py\", line 3, in __del__\n"
			"TypeError: 'NoneType' object is not callable\n",
			"ERROR:    Exception in ASGI application\n"
			"ERROR:    Traceback (most recent call last):\nERROR:      File\n"
			"\"/x/uvicorn/h11.py\", line 40,\nin run_asgi\n"
			"ERROR:        result = await app(scope)\n",
			/* a template the server cannot read, a default used
			 * instead: a warning, whatever reads it (fresh120) */
			"widget_init: failed to load the chat template (defaulting to llama2): "
			"unexpected end of block at row 3\n",
			/* KV cache space a request could not get, retried and
			 * given up, the server going on (fresh118) */
			"W widget update: failed to find free space in the KV cache, retrying with "
			"a smaller batch\n"
			"widget update: failed to decode the batch, n_batch = 1, ret = 1\n",
			/* Python's socketserver telling of a request it could
			 * not answer, cut as pasted; and its frames without the
			 * intro, ended by the request's exception (fresh117) */
			"Exception occurred during processing of request from ('10.0.0.2', 5555)\n"
			"Traceback (most recent call last):\n"
			"  File \"/x/http/server.py\", line 9, in handle\n"
			"    self.handle_one_request()\n",
			"Traceback (most recent call last):\n"
			"  File \"/x/socketserver.py\", line 361, in finish_request\n"
			"    self.RequestHandlerClass(request, client_address, self)\n"
			"  File \"/x/widget/server.py\", line 40, in do_POST\n"
			"    self.wfile.write(body)\n"
			"BrokenPipeError: [Errno 32] Broken pipe\n",
			/* a chat request refused for want of a template, then
			 * one answered (the template came with the request) */
			"ValueError: Cannot use chat template functions because "
			"tokenizer.chat_template is not set\n"
			"INFO:     10.0.0.1:5000 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n",
			/* a death at a warning's level, then the engine came up */
			"WARN widget: worker died, restarting it\n"
			"INFO:     Application startup complete.\n",
			/* a request's traceback, its frames through the web
			 * framework's call of the endpoint, ended on a bare
			 * exception name (fresh102, after fresh20's) */
			"Exception: \n"
			"Traceback (most recent call last):\n"
			"  File \"/x/fastapi/routing.py\", line 212, in run_endpoint_function\n"
			"    return await dependant.call(**values)\n"
			"  File \"/x/widget/app.py\", line 9, in create_widget\n"
			"    assert len(body.widgets) <= 1\n"
			"AssertionError\n",
			/* a line that says what it uses instead (fresh145) */
			"widget: hidden size is not divisible by 128; using the slow path "
			"instead\n",
			/* a warning a terminal wrapped on a space, its rest on lines
			 * of their own; the info level of a server that pads it after
			 * a colon (fresh144) */
			"WARNING:  The widget runs in int4 to save memory, though the kernel "
			"it picks \nis only supported on GPUs with compute capability 8.0 and "
			"newer, so \n8.0 or newer is faster.\n",
			"INFO:     The widget's attention backend is not supported on this GPU, "
			"using xformers\n",
			/* a request's traceback a logger wrapped at its width, inside its
			 * frames' locations, is still the request's (fresh59) */
			"INFO:     1.2.3.4:5 - \"POST /v1/chat/completions HTTP/1.1\" 500\n"
			"ERROR:    Exception in ASGI application\n"
			"ERROR:    Traceback (most recent call last):\n"
			"ERROR:      File\n"
			"\"/x/widget/app.py\", line 9, in run\n"
			"ERROR:        out = await widget(scope)\n"
			"ERROR:      File \"/x/widget/handlers.py\",\n"
			"line 12, in __call__\n"
			"ERROR:        await self.inner(scope, receive, send)\n",
			/* a llama-server stopped after it served cleans up as it would after
			 * an error: not a death (fresh15) */
			"I srv  llama_server: listening on http://127.0.0.1:8080\n"
			"E srv    send_error: task id = 9, error: the widget grammar did not "
			"parse\n"
			"I srv    operator(): operator(): cleaning up before exit...\n",
			/* a health check that failed is no internal check that failed (fresh66:
			 * glog's and TVM's "Check failed: " had met a router's words) */
			"2025-10-07 23:31:33 DEBUG widget_rs::pool: src/pool.rs:9: Worker w1 "
			"health check failed: Connection failed for worker w1: transport "
			"error\n",
			/* advice about memory is no event: "if you are running out of
			 * memory" (fresh75: vLLM says so at INFO before it captures CUDA
			 * graphs), for the rule of graph capture and the class alike */
			"INFO 10:00 [w.py:9] CUDA graphs take 2 GiB more a widget. If you are "
			"running out of memory, lower the widget count.\n"
			"INFO 10:01 [w.py:9] If it runs out of memory, the widget pool shrinks.\n",
			/* what an engine says at its own info or debug level is no
			 * death: vLLM's, llama-server's, TGI's */
			"INFO 01-01 10:00:00 [w.py:9] The widget kernel is not supported for this "
			"GPU; using the slow path.\n",
			"(EngineCore pid=1) DEBUG 01-01 10:00:00 [w.py:9] widget: out of memory in "
			"the probe, shrinking it\n",
			"0.00.100.000 I widget: the fast path is not supported on this device\n",
			"2025-01-01T10:00:00.000000Z  INFO widget_router: the widget is not "
			"supported on this GPU, skipping\n",
			/* a request handler under its newer prefix, [serving.py:N]
			 * (fresh83) */
			"(APIServer pid=1) ERROR 10:00 [serving.py:9] Error in preprocessing the "
			"widget\n"
			"(APIServer pid=1) ERROR 10:00 [serving.py:9] Traceback (most recent call "
			"last):\n"
			"(APIServer pid=1) ERROR 10:00 [serving.py:9]   File \"/x/w.py\", line 3, "
			"in "
			"render\n",
			/* an engine's info level behind the time Kibana's Discover
			 * puts before a line it copies (fresh160) */
			"May 16, 2026 @ 20:46:57.892    INFO 01-01 10:00:00 [w.py:9] The widget "
			"kernel is not supported for this GPU; using the slow path.\n",
			/* an engine's info and debug levels behind colours in caret
			 * notation, as cat -v and less show them */
			"^[[0;36m(Widget pid=1)^[[0;0m INFO 01-01 10:00:00 [w.py:9] The widget "
			"kernel "
			"is not supported for this GPU; using the slow path.\n"
			"^[[0;36m(Widget pid=1)^[[0;0m DEBUG 01-01 10:00:00 [w.py:9] widget: out "
			"of "
			"memory in the probe, shrinking it\n",
			/* a request's panic a server recovered: net/http's, its own
			 * running goroutine only, frames without fp= (fresh157) */
			"2024/01/01 10:00:00 http: panic serving 127.0.0.1:5000: widget gone\n"
			"goroutine 33 [running]:\nnet/http.(*conn).serve.func1()\n"
			"\t/usr/lib/go/src/net/http/server.go:1868 +0xb9\n",
			/* a class a request handler's line meets (TGI's request span) is
			 * one request's failure, not the engine's, whatever came before */
			"2024-06-10T10:00:01.000000Z ERROR chat_completions{widget=1}: "
			"widget_router::infer: src/infer.rs:9: `widgets` tokens + `max_new_tokens` "
			"must be <= 4. Given: 9 `widgets` tokens\n",
			/* the same errno inside a message that goes on (fresh163) */
			"Could not set the widget's mode. Error: [Errno 30] Read-only file system: "
			"'/w'.\nContinuing without it.\n",
			/* a number that is a status's only after an exit, a code or
			 * a status (fresh161) */
			"INFO widget: read 3221225781 bytes of the widget file\n",
			/* the word fatal in a message, not as its level (fresh155) */
			"INFO widget: set FATAL as the kernels' level\nINFO widget: fatal "
			"errors of a request are retried\n",
			/* a lone exception line ends a death only before the engine served,
			 * and never as a warning */
			"INFO:     Application startup complete.\n"
			"RuntimeError: the widget tokenizer has no end token\n",
			"WARNING 10:00 [w.py:3] ImportError: no widget kernels, slower\n",
			/* a request handler's traceback, under its prefix: a request's */
			"ERROR 10:00 [serving_completion.py:9] Error in preprocessing the widget\n"
			"ERROR 10:00 [serving_completion.py:9] Traceback (most recent call last):\n"
			"ERROR 10:00 [serving_completion.py:9]   File \"/x/h.py\", line 3, in "
			"run\n",
			/* a request handler's lone exception: a request refused */
			"ERROR 10:00 [serving_completion.py:9] ValueError: the widget asked 900 "
			"tokens, more than 512\n",
			/* uvicorn's request that failed, its traceback chained (fresh29) */
			"ERROR:    Exception in ASGI application\n"
			"Traceback (most recent call last):\n"
			"  File \"/x/h.py\", line 3, in run\n"
			"    await widget()\n"
			"widget.CancelledError: the client went away\n"
			"\n"
			"During handling of the above exception, another exception occurred:\n"
			"\n"
			"Traceback (most recent call last):\n",
			/* the same cut, once it served: a request's */
			"INFO:     Application startup complete.\n"
			"ERROR:    Exception in ASGI application\n"
			"Traceback (most recent call last):\n"
			"  File \"/x/h.py\", line 3, in run\n",
			/* a warning-level line makes no class finding, in any engine's way of
			 * saying so (the quiet markers): llama-server's W, glog's W1226,
			 * TensorRT-LLM's [W], WARNING, level=WARN, a fallback */
			"0.00.484.378 W operator(): failed to load model, fitting without it\n",
			"/x/w.py:9: FutureWarning: the widget kernel is not supported on this GPU, "
			"using the slow path\n",
			/* a tally of errors by type (fresh54) */
			"[2026-01-03 02:40:24,151] [INFO] [root]   WidgetError: 57\n",
			/* a warning's message broken after ':' (fresh51) */
			"/x/w.py:3: RuntimeWarning: could not read the widget's version:\n"
			"No module named 'widget._version'\n",
			"[W1226 15:44:24.796 TCPStore.cpp:358] out of memory in the widget, "
			"retrying\n",
			"[TRT-LLM] [W] the widget ran out of memory, trying a smaller batch\n",
			"WARNING 10:00 [w.py:3] CUDA out of memory for the widget, retrying\n",
			"level=WARN msg=\"failed to allocate widget buffer\"\n",
			"the widget is out of memory, falling back to the CPU\n",
			"INFO [p.py:4] GPU platform is not available because: No module named "
			"'widget'\n",
			"[W socket.cpp:697] [c10d] The client socket has failed to connect to "
			"[localhost]:29500 (errno: 99 - Cannot assign requested address).\n",
			"OSError: the widget hub is out of memory, retrying in 2 seconds\n",
			"ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is "
			"detected\n",
			/* a warning relayed by llama-server's router behind its
			 * child's port: still a warning */
			"[39015] 0.00.044.706 W llama_context: the widget is not supported on "
			"this device\n[39015] 0.00.050.100 I srv  load_model: loading\n",
			/* a client's errors against a serving endpoint, as Python
			 * reprs after "Error: " (fresh220's, in other words) */
			"Error: HTTPConnectionPool(host='10.0.0.5', port=8000): Max retries "
			"exceeded with url: /v1/completions (Caused by NewConnectionError('x: "
			"[Errno 111] Connection refused'))\n",
			"Error: ('Connection aborted.', ConnectionResetError(104, 'Connection "
			"reset by peer'))\n",
			/* a device probe's crash its server outlives, going on
			 * without that GPU (fresh224's, in other words) */
			"time=1 level=INFO msg=\"starting runner\"\ntime=2 level=WARN "
			"msg=\"widget-server --list-devices failed\" error=\"exit status "
			"0xc0000409\"\ntime=3 level=INFO msg=\"failure during GPU discovery\" "
			"error=\"widget-server --list-devices failed: exit status 0xc0000409\"\n"
			"time=4 level=INFO msg=\"inference compute\" id=cpu library=cpu\n",
			/* a parser's error on one response, which the
			 * server answers and serves on (fresh257's, in other
			 * words) */
			"ERROR [widget_reasoning_parser.py:40] Error in extracting the reasoning "
			"from the response.\nTraceback (most recent call last):\n  File "
			"\"/x/widget_reasoning_parser.py\", line 31, in extract\n    "
			"json.loads(text)\njson.decoder.JSONDecodeError: Expecting value: line 1 "
			"column 1 (char 0)\n",
			"ERROR [widget_tool_parser.py:9] Traceback (most recent call last):\n"
			"ERROR [widget_tool_parser.py:9]   File \"/x/widget_tool_parser.py\", line "
			"5, in extract_widgets\nERROR [widget_tool_parser.py:9]     calls = [\n"
			"ERROR [widget_tool_parser.py:9] IndexError: list index out of range\n",
			/* a streamed response's wait for its client, the
			 * traceback's head cut, and the one chained to it,
			 * cut too (fresh264's, in other words) */
			"  File \"/x/starlette/responses.py\", line 9, in listen_for_disconnect\n"
			"    message = await receive()\n  File \"/x/asyncio/locks.py\", line 3, in "
			"wait\n    await fut\nasyncio.exceptions.CancelledError\n\nDuring handling "
			"of the above exception, another exception occurred:\n\nTraceback (most "
			"recent call last):\n  File \"/x/widget/app.py\", line 4, in __call__\n"
			"    await self.app(scope, receive, send)\n",
			/* zerolog's warning level (LocalAI's) */
			"10:02AM INF serving\n10:02AM WRN the widget is out of memory\n"
			"10:02AM INF done\n",
			/* a child stopped as asked, SIGTERM, is no crash
			 * (fresh388's Signals shape, in other words) */
			"INFO 10:00 [w.py:1] the probe ended: Command '['widget', '--probe']' died "
			"with <Signals.SIGTERM: 15>.\nINFO 10:01 [w.py:1] serving the widget\n",
			/* a request's traceback in a handler that names the
			 * completion it generates, cut at the paste's end
			 * (fresh393's, in other words) */
			"2026-01-02 10:00:00.001 INFO:     Received chat completion request abc\n"
			"2026-01-02 10:00:00.002 ERROR:    Traceback (most recent call last):\n"
			"2026-01-02 10:00:00.002 ERROR:      File "
			"\"/srv/widget/endpoints/chat.py\", line "
			"9, in generate_chat_completion\n"
			"2026-01-02 10:00:00.002 ERROR:        raise generation\n",
			/* a level alone on its line gives the next its own: a
			 * server said to have exited at an info level is no
			 * death (fresh398's table copy, in other words) */
			"[10:00:00]\nINFO\nthe widget server exited\n",
			/* NVSHMEM going on after one way to start failed */
			"host:1:1 [3] NVSHMEM INFO nvshmemi_common_init failed, continuing\n",
			/* the memory monitor's advice alone, its threshold a
			 * variable's name */
			"To adjust the kill threshold, set the environment variable "
			"`RAY_memory_usage_threshold` when starting Ray.\n",
			/* the same count failing under a warning a program
			 * goes on after, on the CPU */
			"/x/torch/cuda/__init__.py:82: UserWarning: CUDA initialization: "
			"Unexpected "
			"error from cudaGetDeviceCount(). Did you run some cuda functions before "
			"calling NumCudaDevices() that might have already set an error? Error 803: "
			"system has unsupported display driver / cuda driver combination\n"
			"WARNING: No compatible GPU found. Using the CPU, but this will be very "
			"slow!\n",
			/* a token that is a vocabulary's, not a credential: ggml
			 * refusing a batch's out-of-vocabulary id, one request's
			 * failure (fresh434-llamacpp-gpustack-1359) */
			"0.01.002.003 E widget_prepare_batch: invalid token[11] = 74429\n"
			"0.01.002.004 E widget_decode: failed to decode, ret = -1\n",
			/* a lookup of a model's metadata on the Hub that
			 * failed, which an app logs and goes on from
			 * (fresh460-unknown-tlab741's, in other words) */
			"ERROR:root:Error fetching pipeline tag for widget/w-7b: "
			"RepositoryNotFoundError: "
			"404 Client Error. (Request ID: Root=1-x)\n\n"
			"Repository Not Found for url: "
			"https://huggingface.co/api/models/widget/w-7b.\n",
			/* one request Triton's Python backend failed, its
			 * exception inside the line (fresh459-trtllm-9277's,
			 * in other words) */
			"E1118 19:56:24.568955 1 pb_stub.cc:737] \"Failed to process the "
			"request(s) "
			"for model 'widget_0_0', message: ValueError: the prompt is too long for "
			"the widget\\n\\nAt:\\n  /x/widget.py(60): execute\\n\"\n",
			/* a server's lifespan task cancelled as it stops
			 * (fresh455-unknown-litserve11's, in other words) */
			"ERROR:    Traceback (most recent call last):\n"
			"  File \"/x/starlette/routing.py\", line 743, in lifespan\n"
			"    await receive()\n"
			"  File \"/x/asyncio/queues.py\", line 159, in get\n"
			"    await getter\n"
			"asyncio.exceptions.CancelledError\n",
			/* a feature said to be off, with the flag that turns
			 * it on: the engine runs without it */
			"INFO: flash attention not enabled; build with the FA flag for speed\n",
			/* asyncio's report of a callback's exception, a client
			 * that closed its connection, the loop running on
			 * (fresh449-unknown-barktts13's, in other words) */
			"ERROR:Exception in callback "
			"_ProactorBasePipeTransport._call_connection_lost("
			"None)\n"
			"handle: <Handle _ProactorBasePipeTransport._call_connection_lost(None)>\n"
			"Traceback (most recent call last):\n"
			"  File \"C:\\x\\asyncio\\events.py\", line 80, in _run\n"
			"    self._context.run(self._callback, *self._args)\n"
			"ConnectionResetError: [WinError 10054] An existing connection was "
			"forcibly "
			"closed by the remote host\n",
		};

		for (i = 0; i < sizeof(alive) / sizeof(alive[0]); i += step) {
			read_alike(&rs, &all, alive[i], "alive", i);
			m = classify(&l, &rs, alive[i]);
			ck_assert_msg(!m || !m->fatal, "alive %zu: %s", i, m->rule->id);
			enginelog_release(&l);
		}
	}
	log_rules_release(&all);
	/* a request refused while serving, and a chat request answered after
	 * it, is no death; one answered before the engine died is no
	 * reprieve (a stream begun before a death logs its 200 too) */
	m = classify(
		&l, &rs,
		"INFO:     Application startup complete.\n"
		"ERROR 10:00 [serving_chat.py:9] ValueError: max_widgets must be at least 1, "
		"got 0.\n"
		"INFO:     127.0.0.1:5 - \"POST /v1/chat/completions HTTP/1.1\" 400 Bad Request\n"
		"INFO:     127.0.0.1:5 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n");
	ck_assert(m && !m->fatal);
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "INFO:     Application startup complete.\n"
		     "ERROR 10:00 [core.py:9] RuntimeError: Worker process has died\n"
		     "INFO:     127.0.0.1:5 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n"
		     "CRITICAL 10:01 [launcher.py:9] the widget engine crashed, stopping\n");
	ck_assert(m && m->fatal);
	ck_assert_int_eq(m->line, 2);
	enginelog_release(&l);
	/* nor one logged after the engine said it died: a stream begun before
	 * (fresh42); only a ready line says it lives again */
	m = classify(&l, &rs,
		     "INFO:     Application startup complete.\n"
		     "ERROR 10:00 [serving.py:9] widget.AsyncEngineDeadError: Background loop has "
		     "errored already.\n"
		     "INFO:     127.0.0.1:5 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n");
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "crashed");
	enginelog_release(&l);
	/* an argument refused after the engine came up is a request's, even
	 * with nothing after it; the same line before it came up is fatal */
	m = classify(&l, &rs,
		     "INFO:     Application startup complete.\n"
		     "ERROR 10:00 [serving_chat.py:9] ValueError: max_widgets must be at least 1, "
		     "got 0.\n");
	ck_assert(m && !m->fatal);
	enginelog_release(&l);
	m = classify(&l, &rs,
		     "ERROR 10:00 [arg_utils.py:9] ValueError: max_widgets must be at least 1, "
		     "got 0.\n");
	ck_assert(m && m->fatal);
	enginelog_release(&l);
	/* an illegal instruction says why it died, and what to do */
	m = classify(&l, &rs, "Error: the widget runner exited with code 132\n");
	ck_assert(m && m->fatal && !strcmp(m->rule->cause, "illegal-instruction"));
	enginelog_release(&l);
	/* a build without a feature says to use a build with it: not another
	 * checkpoint (fresh82) */
	m = classify(&l, &rs, "widget was not compiled with TLS support\n");
	ck_assert(m && m->fatal && !strcmp(m->rule->cause, "build-lacks-feature"));
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* a process known to have ended (--engine-pid saw it go, doctor --exited)
 * that never served died, its last line its last words; one that served
 * and then ended without an error since only stopped */
START_TEST(a_known_exit_without_its_ready_line)
{
	static const char served[] = "INFO:     Application startup complete.\n"
				     "INFO:     Shutting down\n";
	/* after the engine's last line, what it did not write: a page's
	 * elision and fence, a shell's prompt, cmd's pause (fresh420) */
	static const char wordless[] = "widget_loader: - type w4: 12 tensors\n[...]\n```\n$\n"
				       "Press any key to continue . . .\n";
	char *text = log_named("ollama-loading-stops.log");
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;

	bundled_rules(&rs);
	ck_assert_ptr_null(classify(&l, &rs, text)); /* not known to end */
	enginelog_release(&l);
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	enginelog_exited(&l);
	enginelog_feed(&l, text, strlen(text));
	enginelog_finish(&l);
	m = enginelog_best(&l);
	ck_assert(m && m->fatal && l.fatal);
	ck_assert_int_eq(m->rule->layer, LAYER_UNKNOWN);
	ck_assert_int_eq(m->line, 9);
	/* the engine's line, without the journal's time, host and program */
	ck_assert_str_eq(m->quote, "llm_load_tensors: offloaded 57/57 layers to GPU");
	ck_assert_ptr_nonnull(strstr(m->rule->explain, "ended before it served"));
	enginelog_release(&l);
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	enginelog_exited(&l);
	enginelog_feed(&l, served, strlen(served));
	enginelog_finish(&l);
	ck_assert(!l.fatal); /* it was asked to stop, and said so */
	enginelog_release(&l);
	/* one that served and then was gone without a word was taken from
	 * outside (the OOM killer mid-batch): a death, its last line quoted;
	 * a shutdown before a later start is no word of this end */
	{
		static const char *const gone[] = {
			"INFO:     Application startup complete.\n"
			"INFO:     127.0.0.1:9 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK\n"
			"widget: batch 20 of 20\n",
			"srv  update_slots: all slots are idle\nINFO:     Shutting down\n"
			"INFO:     Application startup complete.\nwidget: batch 20 of 20\n",
		};
		size_t k;

		for (k = 0; k < sizeof(gone) / sizeof(gone[0]); k++) {
			enginelog_init(&l, &rs, ENGINE_UNKNOWN);
			enginelog_exited(&l);
			enginelog_feed(&l, gone[k], strlen(gone[k]));
			enginelog_finish(&l);
			m = enginelog_best(&l);
			ck_assert_msg(m && m->fatal && l.fatal, "case %zu", k);
			ck_assert_int_eq(m->rule->layer, LAYER_UNKNOWN);
			ck_assert_str_eq(m->quote, "widget: batch 20 of 20");
			ck_assert_ptr_nonnull(strstr(m->rule->explain, "ended after it served"));
			enginelog_release(&l);
			ck_assert_ptr_null(classify(&l, &rs, gone[k])); /* not known to end */
			enginelog_release(&l);
		}
	}
	enginelog_init(&l, &rs, ENGINE_UNKNOWN); /* an empty log has no last words */
	enginelog_exited(&l);
	enginelog_finish(&l);
	ck_assert(!l.fatal && !enginelog_best(&l));
	enginelog_release(&l);
	/* nor has a line without a word: the prompt its shell printed after
	 * it, a pasted log's fence or elision (fresh80) */
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	enginelog_exited(&l);
	enginelog_feed(&l, wordless, strlen(wordless));
	enginelog_finish(&l);
	m = enginelog_best(&l);
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->quote, "widget_loader: - type w4: 12 tensors");
	enginelog_release(&l);
	log_rules_release(&rs);
	free(text);
}
END_TEST

/* --engine-pid: a process that has ended ends the wait at once, and the
 * log it left is read as its death (exit 3, ENGINE FAILED, its last line
 * quoted); doctor --exited says the same of the file; --engine-pid
 * without a log to read is a usage error */
START_TEST(engine_pid_ends_the_wait)
{
	char log[4096];
	const char *doctor[] = { "doctor", "--exited", log, NULL };
	const char *nolog[] = { "run",		"--endpoint", "http://127.0.0.1:9/v1",
				"--engine-pid", "1",	      NULL };
	struct outcome o;

	snprintf(log, sizeof(log), "%s/tests/data/engine-logs/ollama-loading-stops.log",
		 repo_root());
	outcome_mkdir(&o);
	run_shell(
		&o, NULL,
		"sh -c 'exit 1' & pid=$!; wait $pid; "
		"$PF run --endpoint http://127.0.0.1:9/v1 --wait 600 --engine-pid $pid "
		"--engine-log \"$PREFLIGHT_ROOT/tests/data/engine-logs/ollama-loading-stops.log\" "
		"--json r.json");
	ck_assert_msg(o.code == 3, "exit %d\n%s%s", o.code, o.out, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: ENGINE FAILED"));
	ck_assert_ptr_nonnull(strstr(o.out, "offloaded 57/57 layers to GPU"));
	ck_assert_ptr_null(strstr(o.out, "waiting for"));
	run_preflight_in(&o, NULL, doctor);
	ck_assert_int_eq(o.code, 1);
	ck_assert_ptr_nonnull(strstr(o.out, ":9: fatal   unknown-fatal (engine-died; class "
					    "unknown; unknown layer): llm_load_tensors"));
	doctor[1] = log;
	doctor[2] = NULL;
	run_preflight_in(&o, NULL, doctor);
	ck_assert_int_eq(o.code, 0);
	run_preflight_in(&o, NULL, nolog);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "--engine-pid needs --engine-log"));
	outcome_release(&o);
}
END_TEST

/* while a log is followed only a rule or an exit ends a wait early: a
 * class is sure enough to report, not to stop waiting */
START_TEST(what_ends_a_wait)
{
	static const char oom[] = "RuntimeError: [TM][ERROR] CUDA runtime error: out of memory\n";
	static const char kv[] = "ValueError: No available memory for the cache blocks.\n";
	struct log_rules rs;
	struct enginelog l;

	bundled_rules(&rs);
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	ck_assert(!enginelog_feed(&l, oom, strlen(oom))); /* a class */
	ck_assert(!l.fatal);
	ck_assert(enginelog_feed(&l, "Aborted (core dumped)\n", 22)); /* an exit */
	enginelog_finish(&l);
	ck_assert_str_eq(enginelog_best(&l)->rule->class, "out-of-memory");
	enginelog_release(&l);
	enginelog_init(&l, &rs, ENGINE_UNKNOWN);
	ck_assert(enginelog_feed(&l, kv, strlen(kv))); /* a rule */
	enginelog_release(&l);
	log_rules_release(&rs);
}
END_TEST

/* three chat requests in a row answered 4xx/5xx with none served are
 * fatal for serving, quoting the first; two are not, and one served
 * starts the count again */
START_TEST(every_chat_request_failing)
{
	static const char bad[] = "INFO:     10.0.0.1:4242 - \"POST /v1/chat/completions "
				  "HTTP/1.1\" 400 Bad Request\n";
	static const char good[] = "INFO:     10.0.0.1:4242 - \"POST /v1/chat/completions "
				   "HTTP/1.1\" 200 OK\n";
	static const char gin[] = "[GIN] 2025/02/04 - 16:56:25 | 500 |  19.7884ms |  127.0.0.1 "
				  "| POST     \"/api/chat\"\n";
	/* llama-server logs no access line, but a request it refuses with
	 * send_error (its slot released after it, as after an answer) or one
	 * its handler threw on, answered with the error's code; and one it
	 * answered, timing it (the markers' fixed statuses) */
	static const struct {
		const char *failed, *why;
	} refusals[] = {
		{ "E srv    send_error: task id = 4, error: the widget grammar did not parse\n"
		  "I slot      release: id  0 | task 6 | stop processing: n_tokens = 0, "
		  "truncated = 0\n",
		  "the widget grammar did not parse" },
		{ "W srv    operator(): got exception: {\"error\":{\"code\":400,\"message\":"
		  "\"the widget template raised\"}}\n",
		  "the widget template raised" },
		/* in words a start-only class knows too: a request's, and the
		 * refusals fail every request all the same (fresh50) */
		{ "E srv    send_error: task id = 4, error: Failed to initialize samplers: "
		  "failed to parse grammar\n"
		  "I slot      release: id  0 | task 6 | stop processing: n_tokens = 0, "
		  "truncated = 0\n",
		  "failed to parse grammar" },
	};
	static const char served[] =
		"I slot print_timing: id  0 | task 5 |       total time =      "
		"85.53 ms /    17 tokens\n"
		"I slot      release: id  0 | task 5 | stop processing: "
		"n_tokens = 17, truncated = 0\n";
	struct log_rules rs;
	struct enginelog l;
	struct buf log = BUF_INIT(0);
	const struct log_match *m;
	size_t i;

	bundled_rules(&rs);
	buf_printf(&log, "INFO:     Application startup complete.\n%s%s%s", bad, bad, bad);
	m = classify(&l, &rs, buf_cstr(&log));
	ck_assert(m && m->fatal);
	ck_assert_str_eq(m->rule->class, "request-failures");
	ck_assert_int_eq(m->line, 2);
	ck_assert_ptr_nonnull(strstr(m->quote, "400 Bad Request"));
	enginelog_release(&l);
	log.len = 0;
	buf_printf(&log, "%s%s%s%s%s", bad, bad, good, bad, bad);
	ck_assert_ptr_null(classify(&l, &rs, buf_cstr(&log)));
	enginelog_release(&l);
	log.len = 0;
	buf_printf(&log, "%s%s%s", gin, gin, gin); /* Ollama's access log */
	m = classify(&l, &rs, buf_cstr(&log));
	ck_assert(m && m->fatal && !strcmp(m->rule->class, "request-failures"));
	enginelog_release(&l);
	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const char *f = refusals[i].failed;

		log.len = 0;
		buf_printf(&log, "I srv  llama_server: listening on http://127.0.0.1:8080\n%s%s%s",
			   f, f, f);
		m = classify(&l, &rs, buf_cstr(&log));
		ck_assert_msg(m && m->fatal && !strcmp(m->rule->class, "request-failures"),
			      "refusal %zu", i);
		ck_assert_ptr_nonnull(strstr(m->quote, refusals[i].why));
		enginelog_release(&l);
		log.len = 0;
		buf_printf(&log,
			   "I srv  llama_server: listening on http://127.0.0.1:8080\n%s%s%s%s", f,
			   f, served, f);
		m = classify(&l, &rs, buf_cstr(&log));
		ck_assert_msg(!m || !m->fatal, "refusal %zu", i);
		enginelog_release(&l);
	}
	buf_release(&log);
	log_rules_release(&rs);
}
END_TEST

/* the engine a log names, and a class's remedy in its flags; without an
 * engine, every engine's */
/* every remedy, filled for every engine its rule applies to (and for
 * none known), names a flag the registry has: no placeholder left, no
 * "its port setting" where an engine has no word for one */
START_TEST(every_remedy_fills_for_its_engines)
{
	struct log_rules rs;
	size_t i;

	bundled_rules(&rs);
	for (i = 0; i < rs.n; i++) {
		const struct log_rule *r = &rs.rules[i];
		int e;

		if (!r->remedy)
			continue;
		for (e = 0; e < ENGINE_COUNT; e++) {
			char out[2048];
			size_t k;
			bool applies = !r->n_engines || e == ENGINE_UNKNOWN;

			for (k = 0; k < r->n_engines; k++)
				applies = applies || r->engines[k] == (enum engine)e;
			if (!applies)
				continue;
			engine_fill((enum engine)e, r->remedy, out, sizeof(out));
			ck_assert_msg(!strchr(out, '{') && !strstr(out, " setting)") &&
					      !strstr(out, " setting,") &&
					      !strstr(out, " setting;"),
				      "%s for %s: %s", r->id,
				      e ? engine_name((enum engine)e) : "none", out);
		}
	}
	log_rules_release(&rs);
}
END_TEST

START_TEST(remedies_in_the_engines_words)
{
	static const char tgi[] = "2024-05-01T01:17:02Z INFO text_generation_launcher: Starting "
				  "shard rank=0\nRuntimeError: Not enough memory to handle 4096 "
				  "tokens\nError: ShardCannotStart\n";
	/* a class told for the engine and the platform it happened on: each
	 * log's remedy holds every word of has, and neither its remedy nor
	 * its explanation says lacks */
	static const struct {
		const char *log, *class, *has[3], *lacks;
	} told[] = {
		/* llama.cpp's allocation under Ollama, which runs it: Ollama's
		 * settings, not llama-server's flags (fresh5-ollama-9562 and
		 * seven more had been told --n-gpu-layers and --ctx-size) */
		{ "time=2026-01-02T03:04:05.000Z level=INFO source=server.go:1 msg=\"starting "
		  "runner\"\nggml_backend_cuda_buffer_type_alloc_buffer: allocating 3257.82 MiB on "
		  "device 0: cudaMalloc failed: out of memory\n",
		  "out-of-memory",
		  { "num_gpu", "num_ctx", "OLLAMA_KV_CACHE_TYPE" },
		  "-ngl" },
		{ "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 3257.82 MiB on device 0: "
		  "cudaMalloc failed: out of memory\n",
		  "out-of-memory",
		  { "-ngl", "-c", "-ctk q8_0 -ctv q8_0" },
		  "num_gpu" },
		/* the engine a collector's prefix names: a Compose service's
		 * "ollama  | ", journalctl -u ollama's "ollama[N]: " (their
		 * lines alone are llama.cpp's; fresh415-ollama-14402 had been
		 * told to rebuild llama.cpp) */
		{ "ollama  | llama_model_load: error loading model: error loading model "
		  "architecture: unknown model architecture: 'widget'\n",
		  "not-supported",
		  { "update Ollama" },
		  "llama.cpp (" },
		{ "Dec 24 23:48:35 host ollama[3974]: widget_alloc: allocating 3257.82 MiB on "
		  "device 0: cudaMalloc failed: out of memory\n",
		  "out-of-memory",
		  { "num_gpu" },
		  "-ngl" },
		{ "vllm-1  | torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 "
		  "GiB\n",
		  "out-of-memory",
		  { "--gpu-memory-utilization" },
		  "(SGLang)" },
		/* a SIGKILL: the OOM killer or a supervisor, not a kernel of
		 * the engine's (the kills of fresh54, fresh63 and fresh178
		 * had been told to retry without CUDA graphs) */
		{ "./run.sh: line 3:  4242 Killed                  widget serve --port 1\n",
		  "crashed",
		  { "OOM killer", "dmesg", "grace period" },
		  "CUDA graphs" },
		/* a KV cache of a negative number of blocks: room for it is
		 * more of the memory the cache is given, not less (fresh451,
		 * LMDeploy's, had been told to lower --cache-max-entry-count) */
		{ "  File \"/x/lmdeploy/pytorch/engine/model_agent.py\", line 9, in build\n"
		  "RuntimeError: Trying to create tensor with negative dimension -56: [-56, 8, 20, "
		  "128]\n",
		  "out-of-memory",
		  { "raise --cache-max-entry-count", "--max-prefill-token-num" },
		  "lower --cache-max-entry-count" },
		/* the weights each engine loads: llama.cpp's a GGUF file, not
		 * safetensors and vLLM's --load-format (fresh378's fifteen and
		 * six more of Ollama, LMDeploy and TensorRT-LLM had been told
		 * vLLM's) */
		{ "gguf_init_from_file: failed to open GGUF file '/m/widget.gguf' (No such file or "
		  "directory)\n",
		  "not-found",
		  { "a whole GGUF file" },
		  "--load-format" },
		/* Windows' commit limit (RAM and page file together), in any
		 * language: its page file, not a GPU's memory (fresh464's three
		 * had been told to lower --gpu-memory-utilization) */
		{ "INFO 01-01 00:00:00 [widget.py:1] Loading weights\n"
		  "OSError: [WinError 1455] \xe9\xa1\xb5\xe9\x9d\xa2\xe6\x96\x87\xe4\xbb\xb6"
		  "\xe5\xa4\xaa\xe5\xb0\x8f\xe3\x80\x82 Error loading \"C:\\torch\\lib\\"
		  "cudnn64_8.dll\" or one of its dependencies.\n",
		  "out-of-memory",
		  { "page file", "Virtual memory" },
		  "--gpu-memory-utilization" },
		/* a chat template of one's own, in each engine's words: TGI's
		 * tokenizer config, llama.cpp's template file, not vLLM's and
		 * SGLang's --chat-template for every engine */
		{ "2024-05-01T01:17:02Z INFO text_generation_launcher: Starting shard rank=0\n"
		  "ValueError: Cannot use chat template functions because "
		  "tokenizer.chat_template is not set\nError: ShardCannotStart\n",
		  "chat-template",
		  { "--tokenizer-config-path" },
		  "--chat-template" },
		/* a log that names no engine, read by a rule of three: the
		 * three engines' words, not the first's alone ("give vLLM") */
		{ "ValueError: Cannot use chat template functions because "
		  "tokenizer.chat_template is not set\n",
		  "chat-template",
		  { "give the engine", "(vLLM, SGLang)", "tokenizer_config.json (TGI)" },
		  "give vLLM" },
		{ "0.00.001.000 I srv    load_model: loading model '/m/widget.gguf'\n"
		  "0.00.002.519 E common_chat_templates_init: failed to initialize chat template\n",
		  "chat-template",
		  { "--chat-template-file" },
		  "(vLLM" },
		/* a crash told in the crashed engine's words for CUDA graphs:
		 * TGI's and llama.cpp's, not vLLM's and SGLang's */
		{ "2024-05-01T01:17:02Z INFO text_generation_launcher: Starting shard rank=0\n"
		  "Segmentation fault (core dumped)\n",
		  "crashed",
		  { "--cuda-graphs 0", "TGI" },
		  "--enforce-eager" },
		{ "llama_model_loader: loaded meta data\nSegmentation fault (core dumped)\n",
		  "crashed",
		  { "GGML_CUDA_DISABLE_GRAPHS=1", "llama.cpp" },
		  "--disable-cuda-graph" },
		/* a log that names no engine, read by llama.cpp's rule: the
		 * rule's engine's words, not every engine's
		 * (fresh172-llamacpp-23732) */
		{ "cudaMalloc failed: out of memory\n", "out-of-memory", { "-ngl" }, "(vLLM)" },
		/* a driver's class told in its vendor's words: ROCm's runtime
		 * is not NVIDIA's (fresh171: a ROCm user had been sent to
		 * nvidia-smi), nor Vulkan's (fresh183) */
		{ "ggml_widget: ROCm error: device kernel image is invalid\n",
		  "driver-mismatch",
		  { "rocminfo" },
		  "nvidia-smi" },
		{ "widget: CUDA error: device kernel image is invalid\n",
		  "driver-mismatch",
		  { "nvidia-smi", "NVIDIA Container Toolkit", "cdi generate" },
		  "rocminfo" },
		{ "E w: vk::createInstance: ErrorIncompatibleDriver\n",
		  "driver-mismatch",
		  { "vulkaninfo" },
		  "nvidia-smi" },
		/* a Hub the engine could not reach through a proxy that
		 * re-signs its certificates: the CA to give */
		{ "requests.exceptions.SSLError: HTTPSConnectionPool(host='hub.widget', "
		  "port=443): Max retries exceeded (Caused by SSLError('[SSL: "
		  "CERTIFICATE_VERIFY_FAILED] certificate verify failed'))\n",
		  "model-access",
		  { "REQUESTS_CA_BUNDLE" },
		  NULL },
		/* a native engine's missing library is no Python environment's */
		{ "./llama-server: error while loading shared libraries: libwidget.so.12: "
		  "cannot open shared object file: No such file or directory\n",
		  "import-error",
		  { "ldd" },
		  "Python environment" },
		/* a GPU library that could not allocate: out of memory, or on a
		 * Jetson a discrete GPU's library (fresh172: Ollama's
		 * maintainer) */
		{ "widget: CUDA error: the resource allocation failed\n",
		  "out-of-memory",
		  { "JetPack", "--gpu-memory-utilization" },
		  NULL },
		/* a kernel library without this GPU is a build for the GPU to
		 * find, not another checkpoint (fresh171) */
		{ "rocBLAS error: Cannot read /x/TensileLibrary.dat: Illegal seek for GPU arch "
		  ": gfx1999\n",
		  "not-supported",
		  { "gfx target" },
		  "checkpoint" },
		/* a kernel beyond this GPU's shared memory wants another kernel,
		 * not another build for the GPU; a launcher that could not
		 * build wants the Python headers and the driver's library, not
		 * another CUDA toolkit (fresh178, fresh179) */
		{ "OutOfResources: out of resource: shared memory, Required: 9, Hardware "
		  "limit: 8\n",
		  "not-supported",
		  { "attention backend" },
		  "gfx target" },
		{ "/tmp/w/main.c:5:10: fatal error: Python.h: No such file or directory\n",
		  "driver-mismatch",
		  { "python3-dev", "TRITON_LIBCUDA_PATH" },
		  "CUDA_HOME" },
		/* a model newer than the library that reads its config wants
		 * that library upgraded, not another quantization (fresh181) */
		{ "ValueError: The checkpoint you are trying to load has model type `widget9` "
		  "but Transformers does not recognize this architecture.\n",
		  "not-supported",
		  { "upgrade transformers" },
		  "quantization" },
		/* shared memory a container did not give is its --shm-size, not
		 * the disk the model is on nor another engine version
		 * (fresh180) */
		{ "RuntimeError: unable to write to file </torch_1_2_0>: No space left on "
		  "device (28)\n",
		  "no-space",
		  { "--shm-size" },
		  "HF_HOME" },
		{ "(Widget pid=9) *** SIGBUS received at time=1 on cpu 2 ***\n",
		  "crashed",
		  { "--ipc=host" },
		  "--enforce-eager" },
		{ "Fatal Python error: Bus error\n",
		  "crashed",
		  { "--ipc=host" },
		  "--enforce-eager" },
		/* a program of the engine's that is not there wants the engine
		 * installed again, not the model's path checked; a kernel whose
		 * link failed wants the library it links (fresh185) */
		{ "Error: 500 Internal Server Error: error starting widget-server: "
		  "widget-server binary not found\n",
		  "not-found",
		  { "reinstall" },
		  "model id" },
		{ "collect2: error: ld returned 1 exit status\n",
		  "driver-mismatch",
		  { "libcuda.so" },
		  "model" },
		{ "RuntimeError: Cannot find any model weights with `/x/widget`\n",
		  "not-found",
		  { "--load-format" },
		  NULL },
		/* a GPU's hardware fault wants the card checked, not the
		 * engine's kernels changed (fresh186) */
		{ "RuntimeError: CUDA error: uncorrectable ECC error encountered\n",
		  "crashed",
		  { "nvidia-smi -q -d ECC", "CUDA_VISIBLE_DEVICES" },
		  "--enforce-eager" },
		/* a GPU kernel's illegal instruction is not the CPU's, and a
		 * kernel the display's watchdog stopped wants a GPU without a
		 * display (fresh198) */
		{ "RuntimeError: CUDA error: an illegal instruction was encountered\n",
		  "crashed",
		  { "CUDA_LAUNCH_BLOCKING" },
		  "instruction set" },
		{ "RuntimeError: CUDA error: the launch timed out and was terminated\n",
		  "crashed",
		  { "TdrDelay", "no display" },
		  NULL },
		/* a runtime's own abort is a bug to update past and report,
		 * not a kernel to retry without CUDA graphs */
		{ "fatal error: concurrent map writes\n",
		  "crashed",
		  { "update", "report", "reinstall" },
		  "CUDA graphs" },
		/* a Gaudi card another process holds wants it freed, not an
		 * NVIDIA driver; a graph Synapse cannot compile wants eager
		 * mode (fresh202) */
		{ "RuntimeError: synStatus=20 [Device already acquired] Device acquire failed.\n",
		  "driver-mismatch",
		  { "hl-smi", "HABANA_VISIBLE_DEVICES" },
		  "NVIDIA" },
		{ "RuntimeError: Graph compile failed. synStatus=synStatus 26 [Generic failure].\n",
		  "crashed",
		  { "--enforce-eager", "--use_hpu_graphs" },
		  "CUDA" },
		/* a GPU another process holds, or in an exclusive compute
		 * mode, wants freeing, not a new driver (stop 49's untrue
		 * remedy) */
		{ "widget: CUDA error: all CUDA-capable devices are busy or unavailable\n",
		  "driver-mismatch",
		  { "nvidia-smi -c DEFAULT", "CUDA_VISIBLE_DEVICES" },
		  "upgrade the NVIDIA driver" },
		/* the host's memory, not the GPU's: a supervisor that killed
		 * a worker for it is answered with host memory, not a GPU
		 * memory flag (fresh439's Ray kills under vLLM) */
		{ "INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.9.0\n"
		  "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on "
		  "memory.\n",
		  "out-of-memory",
		  { "host memory", "RAY_memory_usage_threshold" },
		  "--gpu-memory-utilization" },
		/* a GPU without kernels, or an environment to install again,
		 * in the words of the engine at hand: Ollama's users have no
		 * torch to rebuild, vLLM's no CMake, llama.cpp's no pip */
		{ "time=2025-01-01T00:00:00.000Z level=INFO source=routes.go:1 msg=\"widget\"\n"
		  "CUDA error: no kernel image is available for execution on the device\n",
		  "not-supported",
		  { "Ollama release", "HSA_OVERRIDE_GFX_VERSION" },
		  "TORCH_CUDA_ARCH_LIST" },
		{ "INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.9.0\n"
		  "RuntimeError: CUDA error: no kernel image is available for execution on the "
		  "device\n",
		  "not-supported",
		  { "vLLM release", "TORCH_CUDA_ARCH_LIST" },
		  "CMAKE_CUDA_ARCHITECTURES" },
		{ "./llama-server: error while loading shared libraries: libcudart.so.12: cannot "
		  "open shared object file: No such file or directory\n",
		  "import-error",
		  { "reinstall llama.cpp: rebuild", "ldd llama-server" },
		  "pip install" },
		{ "INFO 01-01 00:00:00 [api_server.py:1] vLLM API server version 0.9.0\n"
		  "ImportError: libcudart.so.12: cannot open shared object file: No such file or "
		  "directory\n",
		  "import-error",
		  { "pip install vllm", "vllm/vllm-openai" },
		  "ldd" },
		/* cuDNN that could not start: memory first, then its version
		 * (fresh204) */
		{ "widget: cuDNN failed with status CUDNN_STATUS_NOT_INITIALIZED\n",
		  "driver-mismatch",
		  { "nvidia-smi", "torch.backends.cudnn.version()", "--gpu-memory-utilization" },
		  "NVIDIA Container Toolkit" },
	};
	struct log_rules rs;
	struct enginelog l;
	const struct log_match *m;
	char remedy[1024];
	size_t i;

	bundled_rules(&rs);
	m = classify(&l, &rs, tgi);
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_TGI);
	ck_assert_str_eq(m->rule->class, "out-of-memory");
	enginelog_remedy(&l, m, remedy, sizeof(remedy));
	ck_assert_msg(strstr(remedy, "--cuda-memory-fraction") &&
			      strstr(remedy, "--max-total-tokens"),
		      "%s", remedy);
	enginelog_release(&l);
	m = classify(&l, &rs, "RuntimeError: CUDA error: out of memory\n");
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_UNKNOWN);
	enginelog_remedy(&l, m, remedy, sizeof(remedy));
	ck_assert_msg(strstr(remedy, "--gpu-memory-utilization (vLLM)") &&
			      strstr(remedy, "--mem-fraction-static (SGLang)") &&
			      strstr(remedy, "--kv_cache_free_gpu_memory_fraction (TensorRT-LLM)"),
		      "%s", remedy);
	enginelog_release(&l);
	/* each engine's own word for its port: Ollama has no --port */
	m = classify(&l, &rs,
		     "time=2025-01-01T00:00:00.000Z level=INFO source=routes.go:1 msg=\"widget\"\n"
		     "Error: listen tcp 127.0.0.1:11434: bind: address already in use\n");
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_OLLAMA);
	enginelog_remedy(&l, m, remedy, sizeof(remedy));
	ck_assert_msg(strstr(remedy, "OLLAMA_HOST") && !strstr(remedy, "--port"), "%s", remedy);
	enginelog_release(&l);
	for (i = 0; i < sizeof(told) / sizeof(told[0]); i++) {
		size_t k;

		m = classify(&l, &rs, told[i].log);
		ck_assert_msg(m && !strcmp(m->rule->class, told[i].class), "%s: class %s",
			      told[i].log, m ? m->rule->class : "none");
		enginelog_remedy(&l, m, remedy, sizeof(remedy));
		for (k = 0; k < sizeof(told[i].has) / sizeof(told[i].has[0]) && told[i].has[k]; k++)
			ck_assert_msg(strstr(remedy, told[i].has[k]), "%s: lacks %s: %s",
				      told[i].log, told[i].has[k], remedy);
		ck_assert_msg(!told[i].lacks || (!strstr(remedy, told[i].lacks) &&
						 !strstr(m->rule->explain, told[i].lacks)),
			      "%s: says %s: %s / %s", told[i].log, told[i].lacks, m->rule->explain,
			      remedy);
		enginelog_release(&l);
	}
	/* the Hub's words for a model id it lacks are the library's, whichever
	 * engine loads it: an LMDeploy known from its endpoint is told to check
	 * the id (it had been told vLLM's --load-format) */
	{
		static const char hub[] = "OSError: widget/widget-7b is not a local folder and is "
					  "not a valid model identifier listed on "
					  "'https://huggingface.co/models'\n";

		m = classify_as(&l, &rs, ENGINE_LMDEPLOY, hub);
		ck_assert_ptr_nonnull(m);
		enginelog_remedy(&l, m, remedy, sizeof(remedy));
		ck_assert_msg(strstr(remedy, "owner/name") && !strstr(remedy, "--load-format"),
			      "%s", remedy);
		enginelog_release(&l);
	}
	/* and so are the Hub's gate, safetensors' torn header and Python's
	 * port in use: their precise rules read them under every engine */
	{
		static const char *const library[] = {
			"huggingface_hub.errors.GatedRepoError: 403 Client Error.\n",
			"safetensors_rust.SafetensorError: Error while deserializing header: "
			"MetadataIncompleteBuffer\n",
			"OSError: [Errno 98] Address already in use\n",
		};
		static const enum engine engines[] = { ENGINE_LMDEPLOY, ENGINE_TRTLLM };
		size_t e;

		for (i = 0; i < sizeof(library) / sizeof(library[0]); i++)
			for (e = 0; e < sizeof(engines) / sizeof(engines[0]); e++) {
				m = classify_as(&l, &rs, engines[e], library[i]);
				ck_assert_msg(m && m->rule->layer == LAYER_RULE, "%s: %s",
					      library[i], m ? m->rule->id : "nothing");
				enginelog_release(&l);
			}
	}
	/* a GGUF file names no engine: vLLM, Aphrodite, Ollama and LM Studio
	 * read them too (fresh144: Aphrodite had been told llama.cpp's flags);
	 * llama.cpp's own functions do */
	(void)classify(&l, &rs,
		       "WARNING:  gguf quantization is not fully optimized yet.\n"
		       "INFO:     Loading /m/widget.Q4_K_M.gguf\n"
		       "RuntimeError: CUDA error: out of memory\n");
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_UNKNOWN);
	enginelog_release(&l);
	(void)classify(&l, &rs,
		       "common_init_from_params: failed to create context with model "
		       "'/m/widget.gguf'\n");
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_LLAMACPP);
	enginelog_release(&l);
	(void)classify(&l, &rs, "gguf_init_from_file: invalid magic characters 'wdgt'\n");
	ck_assert_int_eq(enginelog_engine(&l), ENGINE_LLAMACPP);
	enginelog_release(&l);
	ck_assert(!engine_fill(ENGINE_OLLAMA, "{prefill} of {engine}; {nosuch}", remedy,
			       sizeof(remedy)));
	ck_assert_str_eq(remedy, "its prefill setting of Ollama; {nosuch}");
	ck_assert(engine_fill(ENGINE_OLLAMA, "{context} of {engine}", remedy, sizeof(remedy)));
	ck_assert_str_eq(remedy, "num_ctx of Ollama");
	ck_assert(!engine_fill(ENGINE_TRTLLM, "{kv_cache}", remedy, sizeof(remedy)));
	ck_assert_str_eq(remedy, "its kv cache setting");
	engine_fill(ENGINE_UNKNOWN, "{layers}", remedy, sizeof(remedy));
	ck_assert_str_eq(remedy, "-ngl (llama.cpp), num_gpu (Ollama)");
	/* a set of engines: each flag with those of the set that have it,
	 * and none of theirs when none has one */
	ck_assert(engine_fill_among(1u << ENGINE_VLLM | 1u << ENGINE_SGLANG | 1u << ENGINE_TGI,
				    "{chat_template} for {engine}", remedy, sizeof(remedy)));
	ck_assert_str_eq(remedy, "--chat-template FILE (vLLM, SGLang), --tokenizer-config-path "
				 "tokenizer_config.json (TGI) for the engine");
	ck_assert(!engine_fill_among(1u << ENGINE_OLLAMA | 1u << ENGINE_TGI, "{tool_parser}",
				     remedy, sizeof(remedy)));
	ck_assert_str_eq(remedy, "its tool parser setting");
	ck_assert(
		engine_fill_among(1u << ENGINE_TGI, "{engine}: {prefill}", remedy, sizeof(remedy)));
	ck_assert_str_eq(remedy, "TGI: --max-batch-prefill-tokens");
	/* a flag engines share is said once, with each of them */
	engine_fill(ENGINE_UNKNOWN, "{cuda_graphs}", remedy, sizeof(remedy));
	ck_assert_ptr_nonnull(strstr(remedy, "GGML_CUDA_DISABLE_GRAPHS=1 (llama.cpp, Ollama)"));
	ck_assert_ptr_null(strstr(strstr(remedy, "GGML") + 1, "GGML"));
	engine_fill(ENGINE_UNKNOWN, "{reasoning_parser}", remedy, sizeof(remedy));
	ck_assert_str_eq(remedy, "--reasoning-parser (vLLM, SGLang, LMDeploy), --reasoning-format "
				 "(llama.cpp), --reasoning_parser (TensorRT-LLM)");
	/* a clause is the engine's own, and for several engines one said
	 * for them all, not each engine's in a list */
	ck_assert(engine_fill(ENGINE_OLLAMA, "{gpu_build}", remedy, sizeof(remedy)));
	ck_assert_ptr_nonnull(strstr(remedy, "HSA_OVERRIDE_GFX_VERSION"));
	ck_assert_ptr_null(strstr(remedy, "TORCH_CUDA_ARCH_LIST"));
	ck_assert(engine_fill(ENGINE_UNKNOWN, "{reinstall}", remedy, sizeof(remedy)));
	ck_assert_ptr_nonnull(strstr(remedy, "the engine's container image"));
	ck_assert_ptr_null(strstr(remedy, "(vLLM"));
	ck_assert(engine_fill_among(1u << ENGINE_VLLM | 1u << ENGINE_LLAMACPP, "{gpu_build}",
				    remedy, sizeof(remedy)));
	ck_assert_ptr_nonnull(strstr(remedy, "a release of the engine built for the GPU"));
	engine_fill(ENGINE_VLLM, "{memory}", remedy, 8); /* cut to fit */
	ck_assert_str_eq(remedy, "--gpu-m");
	log_rules_release(&rs);
}
END_TEST

Suite *enginelog_suite(void)
{
	Suite *s = suite_create("enginelog");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, every_rule_finds_its_excerpt);
	tcase_add_test(tc, healthy_logs_match_nothing);
	tcase_add_test(tc, several_failures_ranked);
	tcase_add_test(tc, lines_as_a_terminal_shows_them);
	tcase_add_test(tc, a_line_read_in_pieces_is_the_line_read_whole);
	tcase_add_test(tc, a_log_in_utf16_is_read);
	tcase_add_test(tc, bad_rule_files);
	tcase_add_test(tc, marker_kinds_as_the_schema_names_them);
	tcase_add_test(tc, a_json_record_of_several_lines_is_one_line);
	tcase_add_test(tc, llamacpp_levels_share_one_timestamp);
	tcase_add_test(tc, user_rules_come_too);
	tcase_add_test(tc, literals_alike_each_found);
	tcase_add_test(tc, doctor_command);
	tcase_add_test(tc, wait_ends_on_the_fatal_line);
	tcase_add_test(tc, stdin_and_warnings);
	tcase_add_test(tc, the_unknown_layer);
	tcase_add_test(tc, classes_beyond_their_examples);
	tcase_add_test(tc, held_out_classes);
	tcase_add_test(tc, a_wrapped_message_is_quoted_whole);
	tcase_add_test(tc, shapes_are_written_once);
	tcase_add_test(tc, signal_deaths_in_the_shells_locales);
	tcase_add_test(tc, every_remedy_fills_for_its_engines);
	tcase_add_test(tc, a_dump_is_one_finding);
	tcase_add_test(tc, rule_keys_as_the_schema_names_them);
	tcase_add_test(tc, the_bundled_rules_say_each_thing_once);
	tcase_add_test(tc, death_names_are_the_rules);
	tcase_add_test(tc, a_known_exit_without_its_ready_line);
	tcase_add_test(tc, engine_pid_ends_the_wait);
	tcase_add_test(tc, an_unknown_death_is_still_a_death);
	tcase_add_test(tc, an_engine_gone_mid_run_is_a_death);
	tcase_add_test(tc, what_ends_a_wait);
	tcase_add_test(tc, every_chat_request_failing);
	tcase_add_test(tc, remedies_in_the_engines_words);
	tcase_set_timeout(
		tc, 300); /* a cap for a hung test, not a speed test: a loaded CI machine is slow */
	suite_add_tcase(s, tc);
	return s;
}
