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

#include "engine.h"
#include "regex.h"

#define PROBE_FILE_MAX	 (4u << 20) /* bytes */
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

/* What a conformance check does with its request and how its answers are
 * judged (conform.h); the names are the "check" values of probes/README.md. */
enum conform_kind {
	CONFORM_FORMAT = 0,	  /* response_format: the content obeys it */
	CONFORM_ERROR,		  /* a bad request gets the status and an OpenAI error object */
	CONFORM_TOOL_CHOICE,	  /* tool_choice / parallel_tool_calls: which calls come */
	CONFORM_TOOL_IDS,	  /* every call has an id, no two the same */
	CONFORM_TOOL_ARGS,	  /* arguments: a JSON string valid against the tool, both ways */
	CONFORM_STOP,		  /* the request's stop strings end the answer */
	CONFORM_MAX_TOKENS,	  /* the budget ends it at exactly N tokens, finish "length" */
	CONFORM_CHOICES,	  /* n choices, or a clear 400 */
	CONFORM_REPEAT,		  /* the same request twice or more gives the same answer */
	CONFORM_LOGPROBS,	  /* logprobs and top_logprobs in the OpenAI shape */
	CONFORM_USAGE_PROMPT,	  /* prompt_tokens equals the engine's own count */
	CONFORM_USAGE_STREAM,	  /* streamed usage equals non-streamed usage */
	CONFORM_USAGE_COMPLETION, /* completion_tokens within 1 of the tokens returned */
	CONFORM_USAGE_REASONING,  /* reasoning tokens within completion tokens */
	CONFORM_STREAM,		  /* one rule of the SSE stream (conform_spec.expect) */
	CONFORM_ANSWER,		  /* the answer follows the request (answer_regex) */
	CONFORM_REASONING_FIELD,  /* reasoning comes in its own field */
	CONFORM_REASONING_SWITCH, /* enable_thinking: false stops it */
	CONFORM_REASONING_EFFORT, /* reasoning_effort low/high changes its length */
	CONFORM_KINDS
};

/* The statuses a conformance check ends in. */
enum conform_status {
	CONFORM_HONOURED = 0, /* applied as the API says */
	CONFORM_IGNORED,      /* accepted, with no effect */
	CONFORM_REJECTED,     /* refused with a 4xx */
	CONFORM_BROKEN,	      /* applied wrongly */
	CONFORM_SKIPPED,      /* a precondition was missing */
	CONFORM_STATUSES
};

const char *conform_kind_name(enum conform_kind k);
const char *conform_status_name(enum conform_status s);

#define CONFORM_MAX_REMEDIES 8

struct conform_spec {
	enum conform_kind kind;
	char *area;	/* "structured-output", "tools", ... (grouping in the matrix) */
	bool required;	/* false: a rejection does not fail the check */
	char *expect;	/* the kind's word: "json-schema", "call", "role"... or NULL */
	char *tool;	/* tool-choice "named": the function the call must name */
	int min_calls;	/* tool-choice: at least this many calls (-1: none asked) */
	int max_calls;	/* tool-choice: at most this many (-1: no bound) */
	long status;	/* error: the status expected */
	char *raw_body; /* error: sent as it is instead of a built body, or NULL */
	char *model;	/* error: the model asked for instead of the run's, or NULL */
	char *answer_regex_src;
	struct regex *answer_regex; /* answer: what the content must match */
	int times;		    /* repeat: how many identical requests */
	long max_tokens;	    /* the budget of its requests, 0: the run's */
	char *budget_field;	    /* "max_tokens" or "max_completion_tokens" */
	enum engine remedy_engine[CONFORM_MAX_REMEDIES]; /* UNKNOWN: the default */
	char *remedy_text[CONFORM_MAX_REMEDIES];
	size_t n_remedies;
};

/* How many chat requests check c sends (all at once). */
int conform_requests(const struct conform_spec *c);
/* True when status s fails check c: ignored and broken always, rejected
 * unless the check is optional; honoured and skipped never. */
bool conform_fails(const struct conform_spec *c, enum conform_status s);
/* The check's remedy for engine (UNKNOWN: none known): that engine's,
 * else the default, else NULL. */
const char *conform_remedy(const struct conform_spec *c, enum engine engine);

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
const cJSON *probe_find_tool(const cJSON *request, const char *name);
void probe_free(struct probe *p);
void probe_set_release(struct probe_set *set);

#endif
