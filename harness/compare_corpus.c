/* SPDX-License-Identifier: Apache-2.0 */
/* compare_corpus — compare's prompts (--prompts, or the built-in corpus)
 * and its dataset (--dataset, or the built-in one): JSON lines read into
 * a struct corpus, the file's text kept whole for a recording. See
 * compare.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "buf.h"
#include "commands.h"
#include "compare.h"
#include "file.h"
#include "text.h"

#define COMPARE_MAX_PROMPTS 10000 /* in a --prompts file */

/* --- the corpus ------------------------------------------------------------------ */

void compare_corpus_release(struct corpus *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->p[i].id);
		free(k->p[i].kind);
		cJSON_Delete(k->p[i].request);
	}
	free(k->p);
	buf_release(&k->text);
	memset(k, 0, sizeof(*k));
}

/* One line: {"id", "kind", "messages": [...]} or {"id", "prompt": "..."}.
 * Returns 0, or -1 with the reason. */
static int read_prompt(const char *line, size_t len, struct prompt *p, char *err, size_t errlen)
{
	cJSON *j = cJSON_ParseWithLength(line, len), *msgs, *m;
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(j, "id");
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(j, "kind");
	const cJSON *text = cJSON_GetObjectItemCaseSensitive(j, "prompt");
	int rc = -1;

	memset(p, 0, sizeof(*p));
	if (!cJSON_IsObject(j)) {
		snprintf(err, errlen, "not a JSON object");
		goto out;
	}
	msgs = cJSON_GetObjectItemCaseSensitive(j, "messages");
	if (cJSON_IsString(text) && !msgs) {
		msgs = cJSON_CreateArray();
		m = cJSON_CreateObject();
		cJSON_AddItemToArray(msgs, m);
		cJSON_AddStringToObject(m, "role", "user");
		cJSON_AddStringToObject(m, "content", text->valuestring);
		cJSON_AddItemToObject(j, "messages", msgs);
	}
	if (!cJSON_IsArray(msgs) || !cJSON_GetArraySize(msgs)) {
		snprintf(err, errlen,
			 "needs \"messages\" (a non-empty array) or \"prompt\" (a string)");
		goto out;
	}
	cJSON_ArrayForEach(m,
			   msgs) if (!cJSON_IsObject(m) ||
				     !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(m, "role")))
	{
		snprintf(err, errlen, "every message needs a \"role\"");
		goto out;
	}
	if ((id && !cJSON_IsString(id)) || (kind && !cJSON_IsString(kind))) {
		snprintf(err, errlen, "\"id\" and \"kind\" are strings");
		goto out;
	}
	p->id = text_clean_line(id ? id->valuestring : "");
	p->kind = text_clean_line(kind ? kind->valuestring : "");
	p->request = cJSON_CreateObject();
	if (!p->id || !p->kind || !p->request ||
	    !cJSON_AddItemToObject(p->request, "messages", cJSON_DetachItemViaPointer(j, msgs))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	cJSON_Delete(j);
	return rc;
}

/* a dataset line: one chat request (behave.h); its id is its line */
static int read_request(const char *line, size_t len, struct prompt *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	if (!(p->request = behave_request(line, len, err, errlen)))
		return -1;
	p->id = strdup("");
	p->kind = strdup("");
	if (!p->id || !p->kind) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

typedef int line_reader(const char *line, size_t len, struct prompt *p, char *err, size_t errlen);

/* k->source's text into text: the file's, or the copy a recording
 * carried (given), each at most COMPARE_FILE_MAX bytes. Returns 0, or -1
 * with "FILE: reason". */
static int corpus_text(const struct corpus *k, const char *given, struct buf *text, char *err,
		       size_t errlen)
{
	char why[512];

	if (given && strlen(given) > COMPARE_FILE_MAX)
		snprintf(why, sizeof(why), "the recording's copy is larger than %u bytes",
			 COMPARE_FILE_MAX);
	else if (given ? buf_puts(text, given) == 0
		       : file_read(k->source, COMPARE_FILE_MAX, text, why, sizeof(why)) == 0)
		return 0;
	else if (given)
		snprintf(why, sizeof(why), "out of memory");
	snprintf(err, errlen, "%s: %s", k->source, why);
	return -1;
}

/* Reads k->source (or the text a recording carried of it, given) a line
 * at a time through read, keeping the text. Returns 0, or -1 with
 * "FILE:LINE: reason". */
static int lines_load(struct corpus *k, const char *given, line_reader *read, char *err,
		      size_t errlen)
{
	struct buf text = BUF_INIT(0);
	char why[512];
	size_t at = 0, line = 0;
	int rc = -1;

	if (corpus_text(k, given, &text, err, errlen))
		goto out;
	while (at < text.len) {
		const char *s = text.data + at, *nl = memchr(s, '\n', text.len - at);
		size_t len = nl ? (size_t)(nl - s) : text.len - at;
		struct prompt *grown;

		at += len + 1;
		line++;
		while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
			len--;
		if (!len)
			continue;
		if (k->n == COMPARE_MAX_PROMPTS) {
			snprintf(err, errlen, "%s:%zu: more than %d lines", k->source, line,
				 COMPARE_MAX_PROMPTS);
			goto out;
		}
		if (!(grown = realloc(k->p, (k->n + 1) * sizeof(*grown)))) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		k->p = grown;
		if (read(s, len, &k->p[k->n], why, sizeof(why))) {
			struct prompt *p = &k->p[k->n];

			free(p->id);
			free(p->kind);
			cJSON_Delete(p->request);
			snprintf(err, errlen, "%s:%zu: %s", k->source, line, why);
			goto out;
		}
		if (!*k->p[k->n].id) {
			free(k->p[k->n].id);
			k->p[k->n].id = buf_strdupf("line %zu", line);
		}
		k->n++;
	}
	if (!k->n) {
		snprintf(err, errlen, "%s: nothing in it", k->source);
		goto out;
	}
	rc = 0;
	k->text = text;
	buf_init(&text, 0);
out:
	buf_release(&text);
	return rc;
}

/* --prompts FILE, else the built-in corpus beside the probes; its text
 * the one a recording carried when given. Returns 0, or -1 with
 * "FILE:LINE: reason". */
int compare_corpus_load(const struct config *c, const char *given, struct corpus *k, char *err,
			size_t errlen)
{
	char dir[4096];

	if (c->prompts)
		snprintf(k->source, sizeof(k->source), "%s", c->prompts);
	else
		snprintf(k->source, sizeof(k->source), "%s/compare/prompts.jsonl",
			 commands_probe_dir(c, dir, sizeof(dir)));
	return lines_load(k, given, read_prompt, err, errlen);
}

/* --dataset FILE, or "builtin": the bundled one beside the probes; its
 * text the one a recording carried when given */
int compare_dataset_load(const struct config *c, const char *given, struct corpus *k, char *err,
			 size_t errlen)
{
	char dir[4096];

	if (strcmp(c->dataset, "builtin"))
		snprintf(k->source, sizeof(k->source), "%s", c->dataset);
	else
		snprintf(k->source, sizeof(k->source), "%s/compare/behaviour.jsonl",
			 commands_probe_dir(c, dir, sizeof(dir)));
	return lines_load(k, given, read_request, err, errlen);
}
