/* SPDX-License-Identifier: Apache-2.0 */
/* recording — gzip JSONL recordings of exchanges; see recording.h. */
#include "recording.h"

#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "file.h"
#include "say.h"
#include "secret.h"
#include "text.h"
#include "version.h"

struct entry {
	char *method, *url, *request; /* the key a replayed request must match */
	cJSON *line;		      /* the whole exchange */
	int used;
};

struct recording {
	/* writing: each line through the writer (say.h), which scrubs it and
	 * hands it to deflate, whose output goes to the file sink */
	z_stream z;
	bool z_open;
	struct say_writer w;
	struct file_out out;
	const struct secret *redact[RECORDING_MAX_KEYS]; /* borrowed */
	size_t n_redact;
	bool writing;  /* out holds a file being written */
	int failed;    /* 0, or the errno of the first failure */
	char why[768]; /* the first failure's reason, when the sink gave one */
	/* reading */
	char *meta;
	struct entry *entries;
	size_t n_entries, cap_entries;
	size_t hint;	      /* where the next replayed request is looked for first */
	pthread_mutex_t lock; /* probes that run at once record and replay through it */
};

/* --- writing ------------------------------------------------------------------ */

/* a copy of s in out (caller releases) with every echo of the key
 * replaced (secret.c); in a response body also where a stream spread it
 * over its events */
static int redacted(const struct recording *r, const char *s, size_t len, bool response,
		    struct buf *out)
{
	buf_init(out, 0);
	if (buf_append(out, s ? s : "", s ? len : 0) || buf_putc(out, '\0'))
		return -1;
	out->len--; /* the data stays NUL-terminated, even when empty */
	size_t i;

	for (i = 0; i < r->n_redact; i++)
		if ((response && secret_mask_fragments(r->redact[i], out)) ||
		    secret_scrub(r->redact[i], out))
			return -1;
	return 0;
}

/* deflates what the writer lets out, with flush (Z_NO_FLUSH, Z_FINISH),
 * into the file: 0, or -1 with the reason */
static int deflate_out(struct recording *r, const char *data, size_t len, int flush, char *err,
		       size_t errlen)
{
	unsigned char chunk[65536];
	int zrc;

	r->z.next_in = (unsigned char *)(uintptr_t)data;
	r->z.avail_in = (uInt)len;
	do {
		r->z.next_out = chunk;
		r->z.avail_out = sizeof(chunk);
		zrc = deflate(&r->z, flush);
		if (zrc == Z_STREAM_ERROR) {
			snprintf(err, errlen, "cannot write recording '%s': zlib: %s", r->out.shown,
				 r->z.msg ? r->z.msg : "stream error");
			return -1;
		}
		if (file_out_write(&r->out, chunk, sizeof(chunk) - r->z.avail_out, err, errlen))
			return -1;
	} while (r->z.avail_out == 0 || (flush == Z_FINISH && zrc != Z_STREAM_END));
	return 0;
}

/* the writer's sink; lines are far below 4 GiB (RECORDING_MAX_LINE) */
static int deflate_sink(void *ctx, const char *data, size_t len, char *err, size_t errlen)
{
	return deflate_out(ctx, data, len, Z_NO_FLUSH, err, errlen);
}

static void write_line(struct recording *r, const char *text)
{
	if (r->failed)
		return;
	if (say_put(&r->w, text, strlen(text)) || say_put(&r->w, "\n", 1)) {
		r->failed = EIO;
		snprintf(r->why, sizeof(r->why), "%s", r->w.err);
	}
}

struct recording *recording_create(const char *path, const struct secret *const *redact, size_t n,
				   const char *meta_json, char *err, size_t errlen)
{
	struct recording *r = xcalloc(1, sizeof(*r));
	struct buf meta = BUF_INIT(0);

	if (r)
		pthread_mutex_init(&r->lock, NULL);
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (file_out_open(&r->out, path, err, errlen)) {
		free(r);
		return NULL;
	}
	r->writing = true;
	/* gzip (window 15 + 16), level 6 */
	if (deflateInit2(&r->z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		snprintf(err, errlen, "cannot write recording '%s': out of memory", path);
		file_out_abort(&r->out);
		pthread_mutex_destroy(&r->lock);
		free(r);
		return NULL;
	}
	r->z_open = true;
	r->w = (struct say_writer)SAY_WRITER_INIT(deflate_sink, r);
	for (; redact && r->n_redact < n && r->n_redact < RECORDING_MAX_KEYS; r->n_redact++)
		r->redact[r->n_redact] = redact[r->n_redact];
	if (redacted(r, meta_json, strlen(meta_json), false, &meta))
		r->failed = ENOMEM;
	write_line(r, buf_cstr(&meta));
	buf_release(&meta);
	return r;
}

/* a cJSON addition that failed fails the recording: a line with a field
 * missing would replay as another exchange */
static void need(struct recording *r, const void *added)
{
	if (!added)
		r->failed = ENOMEM;
}

static void add_text(cJSON *o, const char *key, struct recording *r, const char *s, size_t len)
{
	struct buf clean;

	if (redacted(r, s, len, !strcmp(key, "response_body"), &clean))
		r->failed = ENOMEM;
	need(r, cJSON_AddStringToObject(o, key, buf_cstr(&clean)));
	buf_release(&clean);
}

static void on_seen_locked(struct recording *r, const struct http_exchange *x);

/* exchanges of probes that run at once come one at a time */
static void on_seen(void *ctx, const struct http_exchange *x)
{
	struct recording *r = ctx;

	pthread_mutex_lock(&r->lock);
	on_seen_locked(r, x);
	pthread_mutex_unlock(&r->lock);
}

static void on_seen_locked(struct recording *r, const struct http_exchange *x)
{
	cJSON *o = cJSON_CreateObject(), *h;
	char *line;

	if (!o) {
		r->failed = ENOMEM;
		return;
	}
	need(r, cJSON_AddStringToObject(o, "kind", "exchange"));
	need(r, cJSON_AddStringToObject(o, "method", x->body ? "POST" : "GET"));
	add_text(o, "url", r, x->url, strlen(x->url));
	h = cJSON_AddArrayToObject(o, "headers"); /* never Authorization */
	need(r, h && cJSON_AddItemToArray(h, cJSON_CreateString("Content-Type: application/json"))
			? h
			: NULL);
	if (x->body)
		add_text(o, "request_body", r, x->body, strlen(x->body));
	need(r, cJSON_AddStringToObject(o, "outcome", http_outcome_name(x->outcome)));
	need(r, cJSON_AddNumberToObject(o, "status", (double)x->status));
	add_text(o, "error", r, x->error, strlen(x->error));
	if (x->location[0])
		add_text(o, "location", r, x->location, strlen(x->location));
	if (x->retry_after[0])
		add_text(o, "retry_after", r, x->retry_after, strlen(x->retry_after));
	if (x->response.data && memchr(x->response.data, '\0', x->response.len)) {
		/* a JSON string cannot hold NUL: such a body is kept in base64 */
		struct buf clean, b64 = BUF_INIT(0);

		if (redacted(r, x->response.data, x->response.len, true, &clean) ||
		    text_base64_append(&b64, (const unsigned char *)clean.data, clean.len))
			r->failed = ENOMEM;
		need(r, cJSON_AddStringToObject(o, "response_body_base64", buf_cstr(&b64)));
		buf_release(&clean);
		buf_release(&b64);
	} else {
		add_text(o, "response_body", r, x->response.data, x->response.len);
	}
	need(r, cJSON_AddNumberToObject(o, "seconds", x->seconds));
	line = r->failed ? NULL : cJSON_PrintUnformatted(o);
	if (line)
		write_line(r, line);
	else
		r->failed = ENOMEM;
	free(line);
	cJSON_Delete(o);
}

void recording_tap(struct recording *r, struct http_tap *tap)
{
	tap->answer = NULL;
	tap->seen = on_seen;
	tap->ctx = r;
}

int recording_finish(struct recording *r, char *err, size_t errlen)
{
	int rc = 0;

	if (!r->failed && say_writer_flush(&r->w)) {
		r->failed = EIO;
		snprintf(r->why, sizeof(r->why), "%s", r->w.err);
	}
	if (!r->failed && deflate_out(r, NULL, 0, Z_FINISH, r->why, sizeof(r->why)))
		r->failed = EIO;
	if (r->failed && r->why[0]) {
		snprintf(err, errlen, "%s", r->why);
		rc = -1;
	} else if (r->failed) {
		snprintf(err, errlen, "cannot write recording '%s': %s", r->out.shown,
			 strerror(r->failed));
		rc = -1;
	} else if (file_out_commit(&r->out, err, errlen)) {
		rc = -1;
	}
	/* committed: nothing to undo; else recording_free removes the temporary */
	r->writing = rc != 0;
	recording_free(r);
	return rc;
}

/* --- reading ------------------------------------------------------------------ */

static int add_entry(struct recording *r, cJSON *line)
{
	struct entry *e;

	if (r->n_entries == r->cap_entries) {
		size_t cap = r->cap_entries ? r->cap_entries * 2 : 64;
		struct entry *grown = xrealloc(r->entries, cap * sizeof(*grown));

		if (!grown)
			return -1;
		r->entries = grown;
		r->cap_entries = cap;
	}
	e = &r->entries[r->n_entries++];
	memset(e, 0, sizeof(*e));
	e->line = line;
	e->method = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "method"));
	e->url = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "url"));
	e->request = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "request_body"));
	if (e->method && e->url)
		return 0;
	r->n_entries--; /* the caller frees the line */
	return -1;
}

/* a line as one JSON object and nothing after it */
static cJSON *parse_line(const char *p, size_t len)
{
	const char *end = NULL;
	cJSON *o = cJSON_ParseWithLengthOpts(p, len, &end, false);

	while (o && end && end < p + len && (*end == ' ' || *end == '\t' || *end == '\r'))
		end++;
	if (o && (!cJSON_IsObject(o) || end != p + len)) {
		cJSON_Delete(o);
		o = NULL;
	}
	return o;
}

static int take_line(struct recording *r, const char *p, size_t len, size_t lineno,
		     const char *path, char *err, size_t errlen)
{
	unsigned long failures = alloc_failures();
	cJSON *o = parse_line(p, len);

	if (!o) {
		snprintf(err, errlen, "recording '%s':%zu: %s", path, lineno,
			 alloc_failures() != failures ? "out of memory" : "not a JSON object");
		return -1;
	}
	if (lineno == 1) {
		if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "recording"))) {
			cJSON_Delete(o);
			snprintf(err, errlen, "'%s' is not a preflight recording", path);
			return -1;
		}
		r->meta = cJSON_PrintUnformatted(o);
		cJSON_Delete(o);
		if (!r->meta) {
			snprintf(err, errlen, "recording '%s': out of memory", path);
			return -1;
		}
		return 0;
	}
	if (r->n_entries == RECORDING_MAX_EXCHANGES) {
		cJSON_Delete(o);
		snprintf(err, errlen, "recording '%s' holds more than %d exchanges", path,
			 RECORDING_MAX_EXCHANGES);
		return -1;
	}
	if (add_entry(r, o)) {
		cJSON_Delete(o);
		snprintf(err, errlen, "recording '%s':%zu: not an exchange", path, lineno);
		return -1;
	}
	return 0;
}

/* Reads as a stream: each line is parsed once its newline arrives, a
 * newline is searched for only in bytes not searched before, and the
 * whole is bounded by max_bytes decompressed. */
/* a recording being read: the gzip stream and the unfinished line */
struct reader {
	struct recording *r;
	const char *path;
	gzFile gz;
	struct buf pending; /* capped at the longest line allowed */
	size_t lineno, total, scanned, max_bytes, max_line;
	char *err;
	size_t errlen;
};

/* Reads one chunk more into pending. Returns the bytes read (0 at the
 * end of the stream), or -1 with the reason. */
static int read_chunk(struct reader *rd)
{
	char chunk[65536];
	int n = gzread(rd->gz, chunk, sizeof(chunk)), zerr = Z_OK;

	if (n < 0) {
		snprintf(rd->err, rd->errlen,
			 "cannot read recording '%s': not gzip or corrupt (%s)", rd->path,
			 gzerror(rd->gz, &zerr));
		return -1;
	}
	if (n == 0)
		gzerror(rd->gz, &zerr);
	if (n == 0 && zerr != Z_OK) {
		snprintf(rd->err, rd->errlen,
			 "recording '%s' is truncated: the gzip stream ends early", rd->path);
		return -1;
	}
	rd->total += (size_t)n;
	if (rd->total > rd->max_bytes) {
		snprintf(rd->err, rd->errlen,
			 "recording '%s' holds more than %zu bytes (raise --max-run-bytes)",
			 rd->path, rd->max_bytes);
		return -1;
	}
	if (n > 0 && buf_append(&rd->pending, chunk, (size_t)n)) {
		snprintf(rd->err, rd->errlen,
			 "recording '%s':%zu: a line is longer than %zu bytes (raise "
			 "--max-run-bytes)",
			 rd->path, rd->lineno + 1, rd->max_line);
		return -1;
	}
	return n;
}

/* Takes every whole line of pending (and, at the end, the last one
 * without a newline), keeping only the unfinished one. Returns 0 or -1. */
static int take_lines(struct reader *rd, bool at_end)
{
	struct buf *b = &rd->pending;
	size_t start = 0;
	char *nl;

	while ((nl = rd->scanned < b->len
			     ? memchr(b->data + rd->scanned, '\n', b->len - rd->scanned)
			     : NULL)) {
		size_t end = (size_t)(nl - b->data);

		if (end > start && take_line(rd->r, b->data + start, end - start, ++rd->lineno,
					     rd->path, rd->err, rd->errlen))
			return -1;
		start = rd->scanned = end + 1;
	}
	if (at_end)
		return start < b->len && take_line(rd->r, b->data + start, b->len - start,
						   ++rd->lineno, rd->path, rd->err, rd->errlen)
			       ? -1
			       : 0;
	memmove(b->data, b->data + start, b->len - start);
	b->len -= start;
	rd->scanned = b->len;
	if (b->data)
		b->data[b->len] = '\0';
	return 0;
}

struct recording *recording_open(const char *path, size_t max_bytes, size_t max_line, char *err,
				 size_t errlen)
{
	struct reader rd = { xcalloc(1, sizeof(struct recording)),
			     path,
			     NULL,
			     BUF_INIT(max_line),
			     0,
			     0,
			     0,
			     max_bytes,
			     max_line,
			     err,
			     errlen };
	int fd, n;

	if (rd.r)
		pthread_mutex_init(&rd.r->lock, NULL);
	if (!rd.r) {
		snprintf(err, errlen, "cannot open recording '%s': out of memory", path);
		return NULL;
	}
	if ((fd = file_open_regular(path, err, errlen)) < 0)
		goto fail;
	if (!(rd.gz = gzdopen(fd, "rb"))) { /* reads plain files too */
		close(fd);
		snprintf(err, errlen, "cannot open recording '%s': out of memory", path);
		goto fail;
	}
	do {
		if ((n = read_chunk(&rd)) < 0 || take_lines(&rd, n == 0))
			goto fail;
	} while (n > 0);
	if (!rd.r->meta) {
		snprintf(err, errlen, "recording '%s' is empty", path);
		goto fail;
	}
	gzclose(rd.gz);
	buf_release(&rd.pending);
	return rd.r;
fail:
	if (rd.gz)
		gzclose(rd.gz);
	buf_release(&rd.pending);
	recording_free(rd.r);
	return NULL;
}

const char *recording_meta(const struct recording *r)
{
	return r->meta;
}

static enum http_outcome outcome_of(const char *name)
{
	size_t i;

	for (i = 0; i <= HTTP_CANCELLED; i++)
		if (name && !strcmp(name, http_outcome_name((enum http_outcome)i)))
			return (enum http_outcome)i;
	return HTTP_TRANSPORT;
}

static const char *str_of(const cJSON *line, const char *key)
{
	const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, key));

	return v ? v : "";
}

/* a recorded number, range-checked before any conversion */
static double num_of(const cJSON *line, const char *key, double max)
{
	double v = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(line, key));

	return isfinite(v) && v >= 0 && v <= max ? v : 0;
}

static bool matches(const struct entry *e, const char *method, const struct http_exchange *x)
{
	return !e->used && !strcmp(e->method, method) && !strcmp(e->url, x->url) &&
	       (!x->body || (e->request && !strcmp(e->request, x->body)));
}

/* the first unused exchange with the same method, URL and body; requests
 * come back in the order they were recorded, so the search starts where
 * the last one ended */
static int on_answer_locked(struct recording *r, struct http_exchange *x);

static int on_answer(void *ctx, struct http_exchange *x)
{
	struct recording *r = ctx;
	int rc;

	pthread_mutex_lock(&r->lock);
	rc = on_answer_locked(r, x);
	pthread_mutex_unlock(&r->lock);
	return rc;
}

static int on_answer_locked(struct recording *r, struct http_exchange *x)
{
	const char *method = x->body ? "POST" : "GET";
	const char *body, *b64;
	struct entry *e = NULL;
	size_t k;

	for (k = 0; k < r->n_entries && !e; k++) {
		struct entry *c = &r->entries[(r->hint + k) % r->n_entries];

		if (matches(c, method, x))
			e = c;
	}
	buf_init(&x->response, 0);
	if (!e) {
		x->outcome = HTTP_NOT_RECORDED;
		x->status = 0;
		snprintf(x->error, sizeof(x->error), "not in the recording: %s %s", method, x->url);
		return 1;
	}
	e->used = 1;
	r->hint = (size_t)(e - r->entries) + 1;
	x->outcome = outcome_of(str_of(e->line, "outcome"));
	x->status = (long)num_of(e->line, "status", 999);
	x->seconds = num_of(e->line, "seconds", 1e9);
	snprintf(x->error, sizeof(x->error), "%s", str_of(e->line, "error"));
	snprintf(x->location, sizeof(x->location), "%s", str_of(e->line, "location"));
	snprintf(x->retry_after, sizeof(x->retry_after), "%s", str_of(e->line, "retry_after"));
	body = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e->line, "response_body"));
	b64 = cJSON_GetStringValue(
		cJSON_GetObjectItemCaseSensitive(e->line, "response_body_base64"));
	if ((body && buf_puts(&x->response, body)) ||
	    (b64 && text_base64_decode(&x->response, b64, strlen(b64)))) {
		x->outcome = HTTP_TRANSPORT;
		snprintf(x->error, sizeof(x->error), "the recorded body cannot be read back");
	}
	return 1;
}

void recording_replay_tap(struct recording *r, struct http_tap *tap)
{
	tap->answer = on_answer;
	tap->seen = NULL;
	tap->ctx = r;
}

void recording_free(struct recording *r)
{
	size_t i;

	if (!r)
		return;
	if (r->z_open)
		deflateEnd(&r->z);
	say_writer_release(&r->w);
	if (r->writing)
		file_out_abort(&r->out);
	for (i = 0; i < r->n_entries; i++)
		cJSON_Delete(r->entries[i].line);
	free(r->entries);
	free(r->meta);
	pthread_mutex_destroy(&r->lock);
	free(r);
}

/* --- the header line ------------------------------------------------------ */

static bool add_file(cJSON *o, const struct recording_file *f)
{
	return cJSON_AddStringToObject(o, "path", f->path) &&
	       cJSON_AddStringToObject(o, "text", f->text);
}

char *recording_header_json(const struct recording_header *h)
{
	cJSON *meta = cJSON_CreateObject(), *args, *probes, *o;
	char *text = NULL;
	bool ok;
	size_t i;
	int k;

	ok = meta && cJSON_AddStringToObject(meta, "recording", "preflight-recording/v1") &&
	     cJSON_AddStringToObject(meta, "preflight_version", PREFLIGHT_VERSION) &&
	     (!h->conform || cJSON_AddStringToObject(meta, "command", "conform")) &&
	     (!h->compare || cJSON_AddStringToObject(meta, "command", "compare")) &&
	     (args = cJSON_AddArrayToObject(meta, "args"));
	for (k = 0; ok && k < h->n_args; k++)
		ok = cJSON_AddItemToArray(args, cJSON_CreateString(h->args[k]));
	if (ok && h->recipe.path)
		ok = (o = cJSON_AddObjectToObject(meta, "recipe")) && add_file(o, &h->recipe);
	if (ok && h->prompts.path)
		ok = (o = cJSON_AddObjectToObject(meta, "prompts")) && add_file(o, &h->prompts);
	if (ok && h->dataset.path)
		ok = (o = cJSON_AddObjectToObject(meta, "dataset")) && add_file(o, &h->dataset);
	ok = ok && (probes = cJSON_AddArrayToObject(meta, "probes"));
	for (i = 0; ok && i < h->n_probes; i++)
		ok = (o = cJSON_CreateObject()) && cJSON_AddItemToArray(probes, o) &&
		     add_file(o, &h->probes[i]);
	if (ok)
		text = cJSON_PrintUnformatted(meta);
	cJSON_Delete(meta);
	return text;
}

/* a string member of o, copied; *ok falls when it is not a string */
static char *copy_member(const cJSON *o, const char *key, bool *ok)
{
	const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
	char *copy = v ? xstrdup(v) : NULL;

	if (!copy)
		*ok = false;
	return copy;
}

static int read_args(const cJSON *meta, struct recording_header *h)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(meta, "args"), *e;

	h->args = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(char *));
	if (!h->args || (list && !cJSON_IsArray(list)))
		return -1;
	cJSON_ArrayForEach(e, list)
	{
		if (!cJSON_IsString(e) || !(h->args[h->n_args] = xstrdup(e->valuestring)))
			return -1;
		h->n_args++;
	}
	return 0;
}

static int read_probes(const cJSON *meta, struct recording_header *h)
{
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(meta, "probes"), *e;
	bool ok = true;

	h->probes = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof(*h->probes));
	if (!h->probes)
		return -1;
	cJSON_ArrayForEach(e, list)
	{
		struct recording_file *f = &h->probes[h->n_probes++];

		f->path = copy_member(e, "path", &ok);
		f->text = copy_member(e, "text", &ok);
		if (!ok)
			return -1;
	}
	return 0;
}

/* the file meta carries under key into f (owned); none is no error, one
 * without its path or text is */
static int read_file(const cJSON *meta, const char *key, struct recording_file *f)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(meta, key);
	bool ok = true;

	if (!o)
		return 0;
	f->path = copy_member(o, "path", &ok);
	f->text = copy_member(o, "text", &ok);
	return ok ? 0 : -1;
}

int recording_header_read(const struct recording *r, struct recording_header *h, char *err,
			  size_t errlen)
{
	cJSON *meta = cJSON_Parse(recording_meta(r));
	const cJSON *recipe = cJSON_GetObjectItemCaseSensitive(meta, "recipe");
	const char *command;
	bool ok = true;
	int rc = -1;

	memset(h, 0, sizeof(*h));
	if (!meta)
		snprintf(err, errlen, "the recording's first line is damaged");
	else if (read_args(meta, h))
		snprintf(err, errlen, "the recording's argument list is damaged");
	else if (read_probes(meta, h))
		snprintf(err, errlen, "the recording's probe list is damaged");
	else
		rc = 0;
	command = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(meta, "command"));
	h->conform = !rc && command && !strcmp(command, "conform");
	h->compare = !rc && command && !strcmp(command, "compare");
	if (!rc &&
	    (read_file(meta, "prompts", &h->prompts) || read_file(meta, "dataset", &h->dataset))) {
		snprintf(err, errlen, "the recording's prompts or dataset are damaged");
		rc = -1;
	}
	if (!rc && recipe) {
		/* a path without its text is refused later, by name */
		h->recipe.path = copy_member(recipe, "path", &ok);
		h->recipe.text =
			cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(recipe, "text"))
				? copy_member(recipe, "text", &ok)
				: NULL;
	}
	cJSON_Delete(meta);
	return rc;
}

void recording_header_release(struct recording_header *h)
{
	size_t i;
	int k;

	for (k = 0; k < h->n_args; k++)
		free(h->args[k]);
	free(h->args);
	free(h->recipe.path);
	free(h->recipe.text);
	for (i = 0; i < h->n_probes; i++) {
		free(h->probes[i].path);
		free(h->probes[i].text);
	}
	free(h->probes);
	free(h->prompts.path);
	free(h->prompts.text);
	free(h->dataset.path);
	free(h->dataset.text);
	memset(h, 0, sizeof(*h));
}

void recording_zlib_version(char *out, size_t n)
{
	snprintf(out, n, "zlib %s", zlibVersion());
}
