/* recording — gzip JSONL recordings of exchanges; see recording.h. */
#include "recording.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

#define LINE_MAX_BYTES (512u << 20)

struct entry {
	char *method, *url, *request; /* the key a replayed request must match */
	cJSON *line;		      /* the whole exchange */
	int used;
};

struct recording {
	/* writing */
	gzFile gz;
	char path[PATH_MAX];
	char tmp[PATH_MAX + 16];
	char *redact;
	int failed;
	/* reading */
	char *meta;
	struct entry *entries;
	size_t n_entries;
};

static const char *const outcome_names[] = { "done", "transport-error", "timeout",
					     "response-too-large", "cancelled" };

/* --- writing ------------------------------------------------------------------ */

/* a copy of s in out (caller releases) with every occurrence of the key
 * replaced: a second guard, after the one at the HTTP layer */
static int redacted(const struct recording *r, const char *s, size_t len, struct buf *out)
{
	buf_init(out, 0);
	if (buf_append(out, s ? s : "", s ? len : 0) || buf_putc(out, '\0'))
		return -1;
	out->len--; /* the data stays NUL-terminated, even when empty */
	return text_redact(out, r->redact) ? -1 : 0;
}

static void write_line(struct recording *r, const char *text)
{
	size_t len = strlen(text);

	if (r->failed)
		return;
	if ((len && gzwrite(r->gz, text, (unsigned)len) != (int)len) || gzputc(r->gz, '\n') < 0)
		r->failed = 1;
}

struct recording *recording_create(const char *path, const char *redact, const char *meta_json,
				   char *err, size_t errlen)
{
	struct recording *r = xcalloc(1, sizeof(*r));
	const char *slash = strrchr(path, '/');
	int fd;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	if (slash)
		snprintf(r->tmp, sizeof(r->tmp), "%.*s/.%s.XXXXXX", (int)(slash - path), path,
			 slash + 1);
	else
		snprintf(r->tmp, sizeof(r->tmp), ".%s.XXXXXX", path);
	fd = mkstemp(r->tmp);
	if (fd >= 0)
		fchmod(fd, 0644);
	if (fd < 0 || !(r->gz = gzdopen(fd, "wb6"))) {
		snprintf(err, errlen, "cannot write recording '%s': %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(r->tmp);
		}
		free(r);
		return NULL;
	}
	r->redact = redact && *redact ? xstrdup(redact) : NULL;
	write_line(r, meta_json);
	return r;
}

static void add_text(cJSON *o, const char *key, struct recording *r, const char *s, size_t len)
{
	struct buf clean;

	if (redacted(r, s, len, &clean))
		r->failed = 1;
	cJSON_AddStringToObject(o, key, buf_cstr(&clean));
	buf_release(&clean);
}

static void on_seen(void *ctx, const struct http_exchange *x)
{
	struct recording *r = ctx;
	cJSON *o = cJSON_CreateObject(), *h;
	char *line;

	if (!o) {
		r->failed = 1;
		return;
	}
	cJSON_AddStringToObject(o, "kind", "exchange");
	cJSON_AddStringToObject(o, "method", x->body ? "POST" : "GET");
	add_text(o, "url", r, x->url, strlen(x->url));
	h = cJSON_AddArrayToObject(o, "headers"); /* never Authorization */
	cJSON_AddItemToArray(h, cJSON_CreateString("Content-Type: application/json"));
	if (x->body)
		add_text(o, "request_body", r, x->body, strlen(x->body));
	cJSON_AddStringToObject(o, "outcome", outcome_names[x->outcome]);
	cJSON_AddNumberToObject(o, "status", (double)x->status);
	add_text(o, "error", r, x->error, strlen(x->error));
	if (x->response.data && memchr(x->response.data, '\0', x->response.len)) {
		/* a JSON string cannot hold NUL: such a body is kept in base64 */
		struct buf clean, b64 = BUF_INIT(0);

		if (redacted(r, x->response.data, x->response.len, &clean) ||
		    text_base64_append(&b64, (const unsigned char *)clean.data, clean.len))
			r->failed = 1;
		cJSON_AddStringToObject(o, "response_body_base64", buf_cstr(&b64));
		buf_release(&clean);
		buf_release(&b64);
	} else {
		add_text(o, "response_body", r, x->response.data, x->response.len);
	}
	cJSON_AddNumberToObject(o, "seconds", x->seconds);
	line = cJSON_PrintUnformatted(o);
	if (line)
		write_line(r, line);
	else
		r->failed = 1;
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

	if (gzclose(r->gz) != Z_OK || r->failed) {
		snprintf(err, errlen, "cannot write recording '%s'", r->path);
		rc = -1;
	} else if (rename(r->tmp, r->path) != 0) {
		snprintf(err, errlen, "cannot write recording '%s': %s", r->path, strerror(errno));
		rc = -1;
	}
	r->gz = NULL;
	if (rc)
		unlink(r->tmp);
	recording_free(r);
	return rc;
}

/* --- reading ------------------------------------------------------------------ */

static int add_entry(struct recording *r, cJSON *line)
{
	struct entry *grown = xrealloc(r->entries, (r->n_entries + 1) * sizeof(*grown));
	struct entry *e;

	if (!grown)
		return -1;
	r->entries = grown;
	e = &r->entries[r->n_entries++];
	memset(e, 0, sizeof(*e));
	e->line = line;
	e->method = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "method"));
	e->url = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "url"));
	e->request = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(line, "request_body"));
	return e->method && e->url ? 0 : -1;
}

struct recording *recording_open(const char *path, char *err, size_t errlen)
{
	struct recording *r = xcalloc(1, sizeof(*r));
	struct buf line = BUF_INIT(LINE_MAX_BYTES);
	char chunk[65536];
	gzFile gz = gzopen(path, "rb"); /* reads plain files too */
	size_t lineno = 0;
	int n;

	if (!r || !gz) {
		snprintf(err, errlen, "cannot open recording '%s': %s", path,
			 r ? strerror(errno) : "out of memory");
		goto fail;
	}
	for (;;) {
		char *nl, *p;

		n = gzread(gz, chunk, sizeof(chunk));
		if (n < 0) {
			snprintf(err, errlen, "cannot read recording '%s': not gzip or corrupt",
				 path);
			goto fail;
		}
		if (n == 0 && !line.len)
			break;
		if (n > 0 && buf_append(&line, chunk, (size_t)n)) {
			snprintf(err, errlen, "recording '%s': a line is longer than %u bytes",
				 path, LINE_MAX_BYTES);
			goto fail;
		}
		while ((nl = memchr(line.data, '\n', line.len)) || (n == 0 && line.len)) {
			size_t used = nl ? (size_t)(nl - line.data) + 1 : line.len;
			cJSON *o;

			lineno++;
			o = cJSON_ParseWithLength(line.data,
						  nl ? (size_t)(nl - line.data) : line.len);
			if (!cJSON_IsObject(o)) {
				cJSON_Delete(o);
				snprintf(err, errlen, "recording '%s':%zu: not a JSON object", path,
					 lineno);
				goto fail;
			}
			if (lineno == 1) {
				if (!cJSON_IsString(
					    cJSON_GetObjectItemCaseSensitive(o, "recording"))) {
					cJSON_Delete(o);
					snprintf(err, errlen, "'%s' is not a preflight recording",
						 path);
					goto fail;
				}
				r->meta = cJSON_PrintUnformatted(o);
				cJSON_Delete(o);
			} else if (add_entry(r, o)) {
				cJSON_Delete(o);
				snprintf(err, errlen, "recording '%s':%zu: not an exchange", path,
					 lineno);
				goto fail;
			}
			p = line.data;
			memmove(p, p + used, line.len - used);
			line.len -= used;
			line.data[line.len] = '\0';
		}
		if (n == 0)
			break;
	}
	if (!r->meta) {
		snprintf(err, errlen, "recording '%s' is empty", path);
		goto fail;
	}
	gzclose(gz);
	buf_release(&line);
	return r;
fail:
	if (gz)
		gzclose(gz);
	buf_release(&line);
	recording_free(r);
	return NULL;
}

const char *recording_meta(const struct recording *r)
{
	return r->meta;
}

static enum http_outcome outcome_of(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(outcome_names) / sizeof(outcome_names[0]); i++)
		if (name && !strcmp(name, outcome_names[i]))
			return (enum http_outcome)i;
	return HTTP_TRANSPORT;
}

/* the first unused exchange with the same method, URL and body */
static int on_answer(void *ctx, struct http_exchange *x)
{
	struct recording *r = ctx;
	const char *method = x->body ? "POST" : "GET";
	size_t i;

	for (i = 0; i < r->n_entries; i++) {
		struct entry *e = &r->entries[i];
		const char *body, *b64;

		if (e->used || strcmp(e->method, method) || strcmp(e->url, x->url) ||
		    (x->body && (!e->request || strcmp(e->request, x->body))))
			continue;
		e->used = 1;
		x->outcome = outcome_of(
			cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e->line, "outcome")));
		{
			double st = cJSON_GetNumberValue(
				cJSON_GetObjectItemCaseSensitive(e->line, "status"));

			x->status = st >= 0 && st < 1000 ? (long)st : 0;
		}
		x->seconds =
			cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(e->line, "seconds"));
		snprintf(x->error, sizeof(x->error), "%s",
			 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e->line, "error"))
				 ? cJSON_GetStringValue(
					   cJSON_GetObjectItemCaseSensitive(e->line, "error"))
				 : "");
		body = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(e->line, "response_body"));
		b64 = cJSON_GetStringValue(
			cJSON_GetObjectItemCaseSensitive(e->line, "response_body_base64"));
		buf_init(&x->response, 0);
		if ((body && buf_puts(&x->response, body)) ||
		    (b64 && text_base64_decode(&x->response, b64, strlen(b64)))) {
			x->outcome = HTTP_TRANSPORT;
			snprintf(x->error, sizeof(x->error),
				 "the recorded body cannot be read back");
		}
		return 1;
	}
	x->outcome = HTTP_TRANSPORT;
	x->status = 0;
	buf_init(&x->response, 0);
	snprintf(x->error, sizeof(x->error), "not in the recording: %s %s", method, x->url);
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
	if (r->gz) {
		gzclose(r->gz);
		unlink(r->tmp);
	}
	for (i = 0; i < r->n_entries; i++)
		cJSON_Delete(r->entries[i].line);
	free(r->entries);
	free(r->meta);
	free(r->redact);
	free(r);
}
