/* enginelog — engine failure signatures; see enginelog.h. */
#include "enginelog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "engine.h"
#include "file.h"
#include "jsonfile.h"
#include "regex.h"

#define RULES_FILE_MAX (4u << 20)

/* --- the rule file ---------------------------------------------------------- */

static int rule_int(struct jsonfile *f, const cJSON *o, const char *key, int lo, int hi, int *out)
{
	long v = *out;

	if (jsonfile_long(f, o, key, lo, hi, &v))
		return -1;
	*out = (int)v;
	return 0;
}

static int rule_engines(struct jsonfile *f, const cJSON *o, struct log_rule *r)
{
	const cJSON *e, *list = cJSON_GetObjectItemCaseSensitive(o, "engines");

	if (!list)
		return 0;
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > ENGINELOG_MAX_ENGINES)
		return jsonfile_error(f, "engines", "'engines' must be a list of at most %d names",
				      ENGINELOG_MAX_ENGINES);
	cJSON_ArrayForEach(e, list)
	{
		enum engine which =
			cJSON_IsString(e) ? engine_named(e->valuestring) : ENGINE_UNKNOWN;

		if (which == ENGINE_UNKNOWN)
			return jsonfile_error(
				f, "engines", "'engines' holds '%.40s', not an engine: %s",
				cJSON_IsString(e) ? e->valuestring : "?", engine_keys());
		r->engines[r->n_engines++] = which;
	}
	return 0;
}

/* "literal": a text, or a list of them; \\E would end the quoting */
static int rule_literals(struct jsonfile *f, const cJSON *o, struct log_rule *r)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "literal"), *e;

	if (!v)
		return 0;
	if (cJSON_IsString(v) && *v->valuestring && !strstr(v->valuestring, "\\E"))
		return (r->literals[r->n_literals++] = xstrdup(v->valuestring))
			       ? 0
			       : jsonfile_error(f, NULL, "out of memory");
	if (!cJSON_IsArray(v) || !cJSON_GetArraySize(v) ||
	    cJSON_GetArraySize(v) > ENGINELOG_MAX_ENGINES)
		return jsonfile_error(f, "literal",
				      "'literal' must be a text or a list of at most %d texts",
				      ENGINELOG_MAX_ENGINES);
	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e) || !*e->valuestring || strstr(e->valuestring, "\\E"))
			return jsonfile_error(f, "literal",
					      "each literal must be a text without \\E");
		if (!(r->literals[r->n_literals++] = xstrdup(e->valuestring)))
			return jsonfile_error(f, NULL, "out of memory");
	}
	return 0;
}

static int load_rule(struct jsonfile *f, const cJSON *o, struct log_rule *r)
{
	static const char *const keys[] = { "id",      "engines", "priority", "severity", "pattern",
					    "literal", "quote",	  "cause",    "explain",  "remedy",
					    "source",  "example", "lines",    NULL };
	char *severity = NULL, why[300];
	int rc;

	if (!cJSON_IsObject(o))
		return jsonfile_error(f, "rules", "each rule must be an object");
	r->priority = 500;
	r->lines = 1;
	rc = jsonfile_only_keys(f, o, "a rule", keys) ||
	     jsonfile_string(f, o, "id", true, &r->id) ||
	     jsonfile_string(f, o, "pattern", true, &r->pattern) ||
	     jsonfile_string(f, o, "cause", true, &r->cause) ||
	     jsonfile_string(f, o, "explain", true, &r->explain) ||
	     jsonfile_string(f, o, "remedy", true, &r->remedy) ||
	     jsonfile_string(f, o, "source", false, &r->source) ||
	     jsonfile_string(f, o, "example", false, &r->example) ||
	     jsonfile_string(f, o, "severity", false, &severity) ||
	     rule_int(f, o, "priority", 0, 10000, &r->priority) ||
	     rule_int(f, o, "quote", 0, 32, &r->quote) ||
	     rule_int(f, o, "lines", 1, ENGINELOG_MAX_WINDOW, &r->lines) || rule_engines(f, o, r) ||
	     rule_literals(f, o, r);
	r->fatal = !severity || !strcmp(severity, "fatal");
	if (!rc && severity && strcmp(severity, "fatal") && strcmp(severity, "warning"))
		rc = jsonfile_error(f, "severity", "'severity' must be \"fatal\" or \"warning\"");
	free(severity);
	if (rc)
		return -1;
	if (!(r->re = regex_compile(r->pattern, why, sizeof(why))) ||
	    !(r->m = regex_matcher_new(r->re)))
		return jsonfile_error(f, "pattern", "rule '%s': the pattern does not compile: %s",
				      r->id, r->re ? "out of memory" : why);
	return 0;
}

static unsigned char folded(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static unsigned bucket(uint32_t key)
{
	return (unsigned)((key * 2654435761u) >> 16); /* 16 bits: the bitmap's */
}

/* every literal of the rules in the index; a literal shorter than four
 * bytes leaves its rule unfiltered */
static int index_literals(struct log_rules *rs)
{
	size_t i, k, n = 0;

	free(rs->literals);
	rs->literals = NULL;
	rs->n_literals = 0;
	memset(rs->seen, 0, sizeof(rs->seen));
	rs->unfiltered = false;
	rs->window = 1;
	for (i = 0; i < rs->n; i++) {
		n += rs->rules[i].n_literals;
		if (rs->rules[i].lines > rs->window)
			rs->window = rs->rules[i].lines;
	}
	if (n && !(rs->literals = xcalloc(n, sizeof(*rs->literals))))
		return -1;
	for (i = 0; i < rs->n; i++) {
		struct log_rule *r = &rs->rules[i];
		bool whole = r->n_literals > 0;

		for (k = 0; k < r->n_literals; k++)
			whole = whole && strlen(r->literals[k]) >= 4;
		rs->unfiltered = rs->unfiltered || !whole;
		if (!whole) {
			r->n_literals = 0; /* tried on every line instead */
			continue;
		}
		for (k = 0; k < r->n_literals; k++) {
			struct log_literal *e = &rs->literals[rs->n_literals++];
			const unsigned char *t = (const unsigned char *)r->literals[k];

			e->text = r->literals[k];
			e->len = strlen(e->text);
			e->key = (uint32_t)folded(t[0]) | (uint32_t)folded(t[1]) << 8 |
				 (uint32_t)folded(t[2]) << 16 | (uint32_t)folded(t[3]) << 24;
			rs->seen[bucket(e->key) >> 6] |= 1ull << (bucket(e->key) & 63);
		}
	}
	return 0;
}

/* does s (n bytes) hold one of the literals, case folded? */
static bool holds_literal(const struct log_rules *rs, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t key = 0;
	size_t i, k;

	for (i = 0; i < n; i++) {
		unsigned b;

		key = key >> 8 | (uint32_t)folded(p[i]) << 24;
		if (i < 3)
			continue;
		b = bucket(key);
		if (!(rs->seen[b >> 6] & (1ull << (b & 63))))
			continue;
		for (k = 0; k < rs->n_literals; k++) {
			const struct log_literal *e = &rs->literals[k];
			size_t at = i - 3, j;

			if (e->key != key || at + e->len > n)
				continue;
			for (j = 4;
			     j < e->len && folded(p[at + j]) == folded((unsigned char)e->text[j]);
			     j++)
				;
			if (j == e->len)
				return true;
		}
	}
	return false;
}

int log_rules_load_text(struct log_rules *rs, const char *path, const char *text, size_t len,
			char *err, size_t errlen)
{
	struct jsonfile f = { path, text, len, err, errlen };
	cJSON *root = jsonfile_parse(&f);
	const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "rules"), *o;
	static const char *const keys[] = { "$schema", "description", "rules", NULL };
	struct log_rule *more;
	int rc = -1;

	if (!root)
		return -1;
	if (!cJSON_IsObject(root) || jsonfile_only_keys(&f, root, "the rule file", keys) ||
	    !cJSON_IsArray(list)) {
		if (!err[0])
			jsonfile_error(&f, NULL, "a rule file holds an object with a 'rules' list");
		goto done;
	}
	more = xrealloc(rs->rules, (rs->n + (size_t)cJSON_GetArraySize(list) + 1) * sizeof(*more));
	if (!more) {
		jsonfile_error(&f, NULL, "out of memory");
		goto done;
	}
	rs->rules = more;
	cJSON_ArrayForEach(o, list)
	{
		memset(&rs->rules[rs->n], 0, sizeof(rs->rules[rs->n]));
		if (load_rule(&f, o, &rs->rules[rs->n++]))
			goto done;
	}
	if (index_literals(rs)) {
		jsonfile_error(&f, NULL, "out of memory");
		goto done;
	}
	rc = 0;
done:
	cJSON_Delete(root);
	return rc;
}

int log_rules_load(struct log_rules *rs, const char *path, char *err, size_t errlen)
{
	struct buf text = BUF_INIT(0);
	int rc = file_read(path, RULES_FILE_MAX, &text, err, errlen)
			 ? -1
			 : log_rules_load_text(rs, path, buf_cstr(&text), text.len, err, errlen);

	buf_release(&text);
	return rc;
}

void log_rules_release(struct log_rules *rs)
{
	size_t i, k;

	for (i = 0; i < rs->n; i++) {
		struct log_rule *r = &rs->rules[i];

		free(r->id);
		free(r->pattern);
		free(r->cause);
		free(r->explain);
		free(r->remedy);
		free(r->source);
		free(r->example);
		for (k = 0; k < r->n_literals; k++)
			free(r->literals[k]);
		regex_matcher_free(r->m);
		regex_free(r->re);
	}
	free(rs->rules);
	free(rs->literals);
	memset(rs, 0, sizeof(*rs));
}

/* --- reading a log ---------------------------------------------------------- */

void enginelog_init(struct enginelog *l, const struct log_rules *rs, enum engine engine)
{
	memset(l, 0, sizeof(*l));
	l->rules = rs;
	l->engine = engine;
	l->partial = (struct buf)BUF_INIT(0);
	l->before_cr = (struct buf)BUF_INIT(0);
	l->window = (struct buf)BUF_INIT(0);
}

static bool applies(const struct log_rule *r, enum engine engine)
{
	size_t k;

	if (engine == ENGINE_UNKNOWN || !r->n_engines)
		return true;
	for (k = 0; k < r->n_engines; k++)
		if (r->engines[k] == engine)
			return true;
	return false;
}

/* s (n bytes) into out as one printable line */
static void excerpt(const char *s, size_t n, char *out, size_t size)
{
	size_t i, j = 0;

	for (i = 0; i < n && j + 1 < size; i++)
		out[j++] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? ' ' : s[i];
	out[j] = '\0';
}

static void record(struct enginelog *l, const struct log_rule *r, const char *s, size_t n,
		   size_t qs, size_t qe)
{
	struct log_match *m;

	l->fatal = l->fatal || r->fatal;
	if (l->n_matches == ENGINELOG_MAX_MATCHES) {
		l->more++;
		return;
	}
	m = &l->matches[l->n_matches++];
	m->rule = r;
	m->line = l->lines;
	excerpt(s, n, m->text, sizeof(m->text));
	if (qe > qs)
		excerpt(s + qs, qe - qs, m->quote, sizeof(m->quote));
	else
		excerpt(s, n, m->quote, sizeof(m->quote));
}

#define WINDOW_LINE_MAX 1024 /* bytes of a line a window keeps */

/* the line into the window of the last lines, the oldest dropped */
static void remember(struct enginelog *l, const char *s, size_t n)
{
	if (n > WINDOW_LINE_MAX)
		n = WINDOW_LINE_MAX;
	if (l->n_window == (size_t)l->rules->window) {
		size_t drop = l->ends[0] + 1, k;

		memmove(l->window.data, l->window.data + drop, l->window.len - drop);
		l->window.len -= drop;
		for (k = 1; k < l->n_window; k++)
			l->ends[k - 1] = l->ends[k] - drop;
		l->n_window--;
	}
	if ((l->n_window && buf_putc(&l->window, '\n')) || buf_append(&l->window, s, n)) {
		l->window.len = 0; /* out of memory: start again rather than misjoin */
		l->n_window = 0;
		return;
	}
	l->ends[l->n_window++] = l->window.len;
}

/* the last k lines of the window, joined; *len their length */
static const char *last_lines(const struct enginelog *l, int k, size_t *len)
{
	size_t first = (size_t)k >= l->n_window ? 0 : l->n_window - (size_t)k;
	size_t start = first ? l->ends[first - 1] + 1 : 0;

	*len = l->n_window ? l->window.len - start : 0;
	return l->window.data ? l->window.data + start : "";
}

/* rule i backtracked past pcre2's limits on this line: it costs the limit
 * no more on this log (a pattern that did once will again) */
static void trip(struct enginelog *l, size_t i)
{
	if (!l->tripped && !(l->tripped = xcalloc(l->rules->n, 1)))
		return;
	l->tripped[i] = 1;
	if (!l->first_tripped) {
		l->first_tripped = &l->rules->rules[i];
		l->tripped_line = l->lines;
	}
}

/* one whole line: what a progress bar left of it, cut, tried */
static bool take_line(struct enginelog *l, const char *s, size_t n)
{
	const char *cr;
	bool fatal = false, listed;
	size_t i, qs, qe;
	int rc;

	l->lines++;
	if (n && s[n - 1] == '\r')
		n--;
	while ((cr = memchr(s, '\r', n))) { /* a rewritten line: the last of its forms */
		n -= (size_t)(cr + 1 - s);
		s = cr + 1;
	}
	if (n > ENGINELOG_LINE_MAX)
		n = ENGINELOG_LINE_MAX;
	if (l->rules->window > 1)
		remember(l, s, n);
	if (!n)
		return false;
	/* none of the literals: only a rule without any can match */
	listed = holds_literal(l->rules, s, n);
	if (!listed && !l->rules->unfiltered)
		return false;
	for (i = 0; i < l->rules->n; i++) {
		const struct log_rule *r = &l->rules->rules[i];

		const char *subject = s;
		size_t len = n;

		if (!(listed || !r->n_literals) || !applies(r, l->engine))
			continue;
		if (l->tripped && l->tripped[i])
			continue;
		if (r->lines > 1)
			subject = last_lines(l, r->lines, &len);
		rc = regex_matcher_run(r->m, subject, len, r->quote, &qs, &qe);
		if (rc == 1) {
			record(l, r, subject, len, qs, qe);
			fatal = fatal || r->fatal;
		} else if (rc == REGEX_LIMIT) {
			trip(l, i);
		}
	}
	return fatal;
}

/* A line that comes in pieces is kept as the form it has so far (what
 * follows its last carriage return, its first ENGINELOG_LINE_MAX bytes)
 * and the form before that return, which is the line when the return ends
 * it (CRLF): so a line read in any pieces is the line take_line makes of
 * it whole. */
static void keep(struct buf *form, const char *data, size_t len)
{
	size_t room = ENGINELOG_LINE_MAX - form->len;

	(void)buf_append(form, data, len < room ? len : room); /* short of memory: cut */
}

static void keep_piece(struct enginelog *l, const char *data, size_t len)
{
	const char *cr;

	while ((cr = memchr(data, '\r', len))) {
		struct buf t = l->before_cr; /* the form so far is the one before a return now */

		keep(&l->partial, data, (size_t)(cr - data));
		l->before_cr = l->partial;
		l->partial = t;
		l->partial.len = 0;
		l->at_cr = true;
		len -= (size_t)(cr + 1 - data);
		data = cr + 1;
	}
	if (len) {
		keep(&l->partial, data, len);
		l->at_cr = false;
	}
}

/* the line kept in pieces, ended */
static bool take_kept(struct enginelog *l)
{
	const struct buf *form = l->at_cr ? &l->before_cr : &l->partial;
	bool fatal = take_line(l, form->data ? form->data : "", form->len);

	l->partial.len = l->before_cr.len = 0;
	l->at_cr = false;
	return fatal;
}

bool enginelog_feed(struct enginelog *l, const char *data, size_t len)
{
	bool fatal = false;

	while (len) {
		const char *nl = memchr(data, '\n', len);
		size_t piece = nl ? (size_t)(nl - data) : len;

		if (!l->partial.len && !l->at_cr && nl) {
			fatal = take_line(l, data, piece) || fatal; /* the common case: no copy */
		} else {
			keep_piece(l, data, piece);
			if (nl)
				fatal = take_kept(l) || fatal;
		}
		data += piece + (nl ? 1 : 0);
		len -= piece + (nl ? 1 : 0);
	}
	return fatal;
}

void enginelog_end(struct enginelog *l)
{
	if (l->partial.len || l->at_cr)
		take_kept(l);
}

/* does a explain the log better than b? */
static bool better(const struct log_match *a, const struct log_match *b)
{
	if (a->rule->fatal != b->rule->fatal)
		return a->rule->fatal;
	if (a->rule->priority != b->rule->priority)
		return a->rule->priority > b->rule->priority;
	return a->line < b->line;
}

size_t enginelog_ranked(const struct enginelog *l, const struct log_match **out)
{
	size_t i, j;

	for (i = 0; i < l->n_matches; i++) {
		const struct log_match *m = &l->matches[i];

		for (j = i; j > 0 && better(m, out[j - 1]); j--)
			out[j] = out[j - 1];
		out[j] = m;
	}
	return l->n_matches;
}

const struct log_match *enginelog_best(const struct enginelog *l)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];

	return enginelog_ranked(l, ranked) ? ranked[0] : NULL;
}

void enginelog_release(struct enginelog *l)
{
	buf_release(&l->partial);
	buf_release(&l->before_cr);
	buf_release(&l->window);
	free(l->tripped);
	l->tripped = NULL;
}

int enginelog_read_file(struct enginelog *l, const char *path, char *err, size_t errlen)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;
	char chunk[1 << 16];
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open the engine log '%s': %s", path, strerror(errno));
		return -1;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, errlen, "cannot read the engine log '%s': %s", path,
				 strerror(errno));
			if (fd != STDIN_FILENO)
				close(fd);
			return -1;
		}
		enginelog_feed(l, chunk, (size_t)n);
	}
	enginelog_end(l);
	if (fd != STDIN_FILENO)
		close(fd);
	return 0;
}
