/* SPDX-License-Identifier: Apache-2.0 */
/* probe — probe definitions loaded from JSON files (format: probes/README.md).
 *
 * A probe names its request and what it expects. The loader checks every
 * field before any request is sent: unknown keys, wrong types, regexes
 * that do not compile, schemas the validator cannot use, a probe that
 * asserts nothing. Errors name the file, line and column. Never prints. */
#ifndef PREFLIGHT_PROBE_H
#define PREFLIGHT_PROBE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "conform.h"
#include "engine.h"
#include "regex.h"

#define PROBE_FILE_MAX	 (4u << 20) /* bytes */
#define PROBE_SET_MAX	 4096	    /* probe files one folder may hold */
#define PROBE_BATCH_MAX	 128
#define PROBE_REPEAT_MAX 100

enum reasoning_policy { REASONING_ANY = 0, REASONING_REQUIRED, REASONING_FORBIDDEN };

const char *reasoning_policy_name(enum reasoning_policy p);
/* Returns 0 and sets *p, or -1 for an unknown name. */
int reasoning_policy_parse(const char *name, enum reasoning_policy *p);

/* Which option sets a haystack's size in tokens. */
enum needle_size { NEEDLE_SIZE_NEEDLE_CTX = 0, NEEDLE_SIZE_LONG_TOOL_CTX };

#define NEEDLE_MAX_KEYS	  16 /* keys in one haystack: asked and distractors */
#define NEEDLE_MAX_VALUES 8  /* codes one key holds */

struct needle_spec {
	char *filler;		/* one sentence, repeated to fill the haystack */
	char *secret;		/* what must come back, or NULL for a plain haystack */
	char *secret_line;	/* the line holding the secret ({secret} in it) */
	char *question;		/* appended after the haystack */
	double depth;		/* 0..1, where the secret line goes */
	enum needle_size size;	/* --needle-ctx or --long-tool-ctx */
	long min_prompt_tokens; /* the endpoint must count at least this many, 0 = no floor */
	int keys;		/* keys in the haystack, distractors too (multi-key); 1 */
	int values;		/* codes under each key, all asked (multi-value); 1 */
	int queries;		/* keys asked at once (multi-query); 1 */
};

/* The kinds of expectation, in the order an answer is checked (the first
 * failure explains it). probe.c loads each kind from its key; grade.c
 * checks each kind present. Adding one is a value here, a loader row in
 * probe.c and a check row in grade.c. */
enum expect_kind {
	EXPECT_NO_GARBAGE = 0,	  /* default on */
	EXPECT_NO_REASONING_LEAK, /* default on */
	EXPECT_STREAM_DONE,
	EXPECT_TOOL_CALL,
	EXPECT_JSON_SCHEMA,
	EXPECT_REGEX,
	EXPECT_NOT_REGEX,
	EXPECT_NEEDLE_SECRET,
	EXPECT_CONTAINS,
	EXPECT_CONTAINS_FROM,
	EXPECT_FINISH_REASONS, /* the policy, not a check of its own */
	EXPECT_REASONING,      /* the policy, not a check of its own */
	EXPECT_KINDS
};

/* The key of a kind in a probe's "expect" ("content_regex"); static. */
const char *expect_kind_key(enum expect_kind k);

struct expect {
	unsigned kinds; /* bit k set: kind k is in force */
	char *content_regex_src;
	struct regex *content_regex;
	char *content_not_regex_src;
	struct regex *content_not_regex;
	cJSON *content_json_schema;   /* owned; content must be one JSON object */
	char *tool_name;	      /* a call to this tool is expected */
	const cJSON *tool_parameters; /* borrowed from request.tools */
	char **finish_reasons;	      /* NULL: the run's --allowed-finish-reasons */
	size_t n_finish_reasons;
	enum reasoning_policy reasoning;
	bool reasoning_set;	/* false: the run's --reasoning-evidence */
	bool needle_secret;	/* the needle's secret must be in the content */
	bool no_garbage;	/* special tokens, U+FFFD, repetition fail */
	bool no_reasoning_leak; /* <think> tags or a chain of thought in content fail */
	bool stream_done;	/* a streamed answer must end with data: [DONE] */
	char **contains;	/* each must be in the content (case and spaces ignored) */
	size_t n_contains;
	char *contains_from; /* "image-expect", "ocr-expect" or "video-expect": the
				      * texts come from that repeatable flag */
};

/* A later turn of a conversation: the previous answer goes back as the
 * assistant message, its tool call gets tool_result, then user speaks. */
struct turn {
	char *tool_result; /* the tool message's content (JSON text), or NULL */
	char *user;	   /* the next user message, or NULL */
	bool keep_tools;   /* send the tools again (default false, as anvil did) */
	struct expect expect;
};

enum probe_api { API_CHAT = 0, API_RESPONSES };

struct probe {
	char *path; /* the file it came from */
	char *text; /* the file as read (a recording carries it) */
	char *id, *title;
	char *summary_pass; /* notebook summary label templates */
	char *summary_fail;
	char *note;		    /* the notebook table's note for a passing run, or NULL */
	bool is_default;	    /* part of the set run without --checks */
	cJSON *request;		    /* owned; messages expanded */
	int batch;		    /* identical requests sent at once */
	int repeat;		    /* sequential repetitions */
	bool stream;		    /* always streamed (--stream streams every probe) */
	bool measures_speed;	    /* its decode speed is the run's speed (the notebook's tok/s) */
	struct needle_spec *needle; /* owned; NULL for other probes */
	struct expect expect;
	struct turn *turns; /* owned; later turns of a conversation */
	size_t n_turns;
	enum probe_api api;	      /* /chat/completions or /responses */
	char *media;		      /* "image" or "video": $image/$video URLs need that file */
	struct conform_spec *conform; /* owned; a conformance check, else NULL */
};

#define PROBE_MAX_TURNS 8

struct probe_set {
	struct probe **items; /* owned */
	size_t n;
};

/* Loads one probe file. Returns a new probe, or NULL with
 * "FILE:LINE:COLUMN: reason" in err. */
struct probe *probe_load_file(const char *path, char *err, size_t errlen);
/* Parses probe JSON text; path is used for messages only. */
struct probe *probe_load_text(const char *path, const char *text, size_t len, char *err,
			      size_t errlen);
/* Loads every *.json in dir, sorted by file name; fails on the first bad
 * file or on two probes with the same id. Returns 0 or -1. */
int probe_load_dir(const char *dir, struct probe_set *set, char *err, size_t errlen);
/* Keeps the probes named in csv ("smoke,json"), in that order, or the
 * default ones when csv is NULL. Unknown ids are an error. Returns 0/-1. */
int probe_set_select(struct probe_set *set, const char *csv, char *err, size_t errlen);
struct probe *probe_set_find(const struct probe_set *set, const char *id);
/* Adds p (ownership passes to the set). Returns 0, or -1 for a duplicate
 * id or out of memory (p is then still the caller's). */
int probe_set_add(struct probe_set *set, struct probe *p);
/* The "function" object of request.tools named name, or NULL. */
void probe_free(struct probe *p);
void probe_set_release(struct probe_set *set);

#endif
