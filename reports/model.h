/* SPDX-License-Identifier: Apache-2.0 */
/* model — one finished run as every report reads it.
 *
 * A typed picture of a run or conform report: its identity, settings,
 * items (probes, sweep cells, conformance checks) with their observations,
 * and the figures. A live run builds it once from its run_result
 * (model_from_result: the labels, evidence, remedies and the notebook's
 * summary line are made there, once); `report`, `diff` and `table` load it
 * from a JSON report through the one reader (json.h). The counts (passed,
 * failed, errored, skipped, not run, beyond the window) and the verdict
 * class are computed here, once, by model_finish, and every output (the
 * console, JSON, JUnit, markdown, HTML, SVG, metrics, the CI job summary
 * and annotations, diff and table) renders from the model, so the same
 * run shows the same numbers and words everywhere. The model owns every
 * string it holds; NULL is JSON's null, -1 an unknown count or figure.
 * Never prints. */
#ifndef PREFLIGHT_MODEL_H
#define PREFLIGHT_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "probe.h"
#include "result.h"
#include "speed.h"

enum model_kind { MODEL_RUN, MODEL_CONFORM };

/* A stream's figures (an answer's, or an item's medians); a double below 0
 * and a long of -1 are unknown. */
struct model_metrics {
	double ttft, ttfc, decode_tps, itl_p50, itl_p95, prefill_tps;
	double engine_decode_tps, engine_prefill_tps;
	char *decode_note;   /* why decode_tps is unknown, or NULL */
	char *decode_source; /* what decode_tps counts (speed_source_name), or NULL */
	long window_tokens, held_back, cached_tokens, arrivals;
	bool burst;
};

/* A stream's inter-token gaps, by size. */
struct model_histogram {
	double upper_ms[SPEED_ITL_BINS]; /* -1: the open last bin */
	double counts[SPEED_ITL_BINS];
};

/* One request and what came back. */
struct model_obs {
	char *label, *outcome; /* outcome: http_outcome_name */
	long status;	       /* -1: none */
	double seconds;
	bool graded, passed, streamed;
	char *cause, *detail, *error, *finish_reason;
	char *content_excerpt, *reasoning_field, *reasoning_excerpt, *tool_call;
	long content_chars, reasoning_chars, tool_calls; /* -1: not graded */
	long prompt_tokens, completion_tokens, reasoning_tokens;
	int retries;
	bool has_stream; /* run reports: the stream's events and figures */
	long events;
	bool done;
	struct model_metrics stream;
	struct model_histogram *hist; /* the gaps between tokens, or NULL */
};

/* A needle's haystack and what its answers recalled. */
struct model_needle {
	bool present;
	long requested_tokens, measured_prompt_tokens, filler_sentences; /* -1 unknown */
	char *unverified, *secret;
	double depth;
	bool has_recall;
	int recalled, asked;
	bool has_variant; /* RULER's keys, values and queries */
	int keys, values, queries;
};

/* A probe, a sweep cell or a conformance check. */
struct model_item {
	char *id, *variant, *title; /* variant: "@50%", or NULL */
	enum verdict verdict;
	char *cause, *remedy, *message, *evidence;
	char *summary, *note; /* run: the notebook's label and note */
	double seconds;
	int passed, total, retried;
	struct model_needle needle;
	char *json_keys;
	bool swept, beyond_window;
	/* an old report may name two items alike (two depths one label): the
	 * k-th of them is matched with the k-th of the other report's */
	size_t same_rank, same_next; /* its rank among them; the next (MODEL_INDEX_EMPTY) */
	bool has_repeats;
	int reps, reps_passed;
	bool has_concurrency;
	int batch, clean_alone, clean_together;
	bool has_metrics;
	struct model_metrics metrics;
	/* a conformance check */
	char *area, *check;
	bool required, fails;
	enum conform_status status;
	struct model_obs *obs;
	size_t n_obs;
};

struct model_recipe {
	bool present;
	char *name, *path, *model, *quant, *engine, *gpu, *key_flags, *serves_note, *notes;
};

struct model_input {
	char *kind, *path, *mime, *sha256;
	long bytes;
};

struct model_finding {
	char *rule, *cause, *quote, *explain, *remedy;
	char *class, *layer; /* the kind of failure; how sure: rule, class, unknown (NULL: older) */
	bool fatal;
	long line;
};

struct model_endpoint {
	char *base_url, *model, *server_version, *system_fingerprint, *engine, *engine_evidence;
	long max_model_len; /* -1 unknown */
	bool usable;
	char *cause, *detail, *note;
	bool has_engine_log;
	char *engine_log; /* its path */
	bool engine_failed;
	struct model_finding *findings;
	size_t n_findings;
};

struct model_settings {
	char *thinking, *reasoning_effort, *allowed_finish, *reasoning_evidence;
	long visible_tokens, headroom_tokens, max_tokens, needle_ctx;
	int tool_batch;
	bool stream, stream_parity, parallel;
};

/* the run's decode speed: the notebook's figure and where it came from */
struct model_speed {
	bool present;
	double decode_tps, preflight_tps, engine_tps; /* -1 unknown */
	char *source, *note;
	char *counts; /* what preflight's figure counts (speed_source_name), or NULL */
};

struct model_sweep {
	bool present;
	long *sizes;
	size_t n_sizes;
	int cells, passed;
	long effective, swept_max;
	char *first_failing_cell, *headline;
	bool beyond_window;
};

/* How many items ended how: every item in exactly one of passed, failed,
 * errored, skipped, not run (interrupted) and beyond the window (a sweep
 * cell that was not sent); cells and probes say what the items are. */
struct model_counts {
	int items, passed, failed, errored, skipped, not_run, beyond_window;
	int cells;		      /* sweep cells among the items */
	int probes;		      /* items that are not sweep cells, and one per sweep */
	int status[CONFORM_STATUSES]; /* a conform run: checks by status */
};

/* The verdict of the whole, from one table (model.c): its words and exit
 * code. */
enum model_class {
	CLASS_SERVES,		 /* nothing failed */
	CLASS_SERVES_WITH_FIXES, /* it serves; each failure has a flag or setting to change */
	CLASS_FAILURES,		 /* failures that no setting explains */
	CLASS_UNUSABLE,		 /* the endpoint could not be used */
	CLASS_ENGINE_FAILED,	 /* the engine's log says why it never came up */
	CLASS_INTERRUPTED,	 /* a signal stopped the run */
	CLASS_COUNT
};

#define MODEL_INDEX_EMPTY ((size_t)-1)

struct model {
	enum model_kind kind;
	char *version, *started;
	double seconds;
	struct model_recipe recipe;
	struct model_input *inputs;
	size_t n_inputs;
	struct model_endpoint endpoint;
	struct model_settings settings;
	struct model_speed speed;
	struct model_item *items;
	size_t n_items;
	struct model_sweep sweep;
	bool interrupted;
	int signal;    /* the signal that stopped the run, 0: none (its exit is 128+N) */
	char *summary; /* a run's notebook summary line */
	/* made by model_finish */
	struct model_counts counts;
	enum model_class class;
	bool passed;   /* usable, and every item passed (or was beyond the window) */
	bool serves;   /* the notebook's serves?: usable, something passed, and no
		       * failure that leaves the engine unable to serve */
	size_t *index; /* items by id and variant: open addressing, n_index slots */
	size_t n_index;
};

/* A new model of r (a live run), its labels and evidence made, finished.
 * NULL when out of memory. Caller frees with model_free. */
struct model *model_from_result(const struct run_result *r);

/* An empty model of kind, for the reader to fill. NULL when out of memory. */
struct model *model_new(enum model_kind kind);
/* Computes the counts, the class and passed, and indexes the items.
 * Returns 0, or -1 when out of memory. */
int model_finish(struct model *m);
void model_free(struct model *m);

/* One past m's last item, for loops over m->items (never an offset from
 * NULL when there are none). */
static inline const struct model_item *model_end(const struct model *m)
{
	return m->n_items ? m->items + m->n_items : m->items;
}

/* The item with id and variant (NULL or "" for none), or NULL. */
const struct model_item *model_find(const struct model *m, const char *id, const char *variant);
/* The item named as it is, of its rank among those named alike, or NULL:
 * what a diff matches it with, never one item for two. */
const struct model_item *model_find_like(const struct model *m, const struct model_item *it);
/* "needle@32k@50%": an item's id and variant, into out. */
void model_item_key(const struct model_item *it, char *out, size_t n);

/* What to change: a cause and its remedy with the failed items they cover
 * (failed or errored, not beyond the window), as the console's closing
 * summary and the page's fix blocks show them. */
struct model_fix {
	const char *cause, *remedy; /* borrowed from the first item; "" when none */
	size_t first;		    /* the index of the first item it covers */
	int items, cells;	    /* the items it covers; the sweep cells among them */
};
/* The groups of a run (conform has none), in the order their first item
 * came; *n of them. Caller frees. NULL with *n 0 when none, or out of
 * memory. */
struct model_fix *model_fixes(const struct model *m, size_t *n);
/* Does f cover item p? */
bool model_fix_covers(const struct model_fix *f, const struct model_item *p);

/* The class's words ("SERVES WITH FIXES") and key ("serves-with-fixes"). */
const char *model_class_words(enum model_class c);
const char *model_class_key(enum model_class c);
/* The class's exit code: 0, 1, 3, or 130 for an interruption. */
int model_class_exit(enum model_class c);
/* The run's: 128+N after signal N, else its class's. */
int model_exit(const struct model *m);

/* Does item's failure leave the engine unable to serve (garbage, a crash,
 * a hang, an engine error) rather than a setting to change? */
bool model_item_cannot_serve(const struct model_item *it);

/* "4/4 passed", or "51/69 passed: 7 failed, 11 beyond the window", and
 * what the items are ("66 sweep cells and 3 probes"), onto out. The one
 * wording of the counts every output uses. Returns 0 or -1. */
int model_tally(const struct model *m, struct buf *out);

/* What the counted items are, "(66 sweep cells and 3 probes)", "(60
 * checks)": the part of model_tally that the notebook's short note uses
 * too. Returns 0 or -1. */
int model_tally_what(const struct model *m, struct buf *out);

/* The unit of the run's decode figure: "events/s" when it is preflight's
 * and counts events no usage checked, else "tok/s". */
const char *model_speed_unit(const struct model_speed *s);
/* The words of the result line, the page's badge and the comparison: a
 * run's verdict class in its words (SERVES, SERVES WITH FIXES, FAILURES,
 * ENDPOINT UNUSABLE, ENGINE FAILED, INTERRUPTED); conform's CONFORMANT and
 * NOT CONFORMANT where it was observed. */
const char *model_result_words(const struct model *m);

/* What a report is called: its recipe's name, else its model at its
 * endpoint. */
void model_name(const struct model *m, char *out, size_t n);

#endif
