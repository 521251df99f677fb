/* SPDX-License-Identifier: Apache-2.0 */
/* needle — haystack building and sizing; see needle.h. */
#include "needle.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"

/* a line planted in the haystack: key k's value v after filler at */
struct plant {
	long at;
	int k, v;
};

/* the plants of ns, in haystack order: the asked ones at depth, each
 * distractor key at its own evenly spread depth; n returned */
static size_t plants_of(const struct needle_set *ns, double depth, long count, struct plant *out)
{
	int nd = ns->keys - ns->queries, k, v;
	size_t n = 0, j;

	for (k = 0; k < ns->keys; k++) {
		double d = k < ns->queries ? depth : (double)(k - ns->queries + 1) / (nd + 1);
		long at = (long)floor(d * (double)count + 0.5);

		for (v = 0; v < ns->values; v++) {
			struct plant p = { at > count ? count : at, k, v };

			/* stable: the asked lines come first where positions tie */
			for (j = n++; j > 0 && out[j - 1].at > p.at; j--)
				out[j] = out[j - 1];
			out[j] = p;
		}
	}
	return n;
}

/* template t with {key} as key and {secret} as code appended to b */
static int expand(struct buf *b, const char *t, const char *key, const char *code)
{
	int rc = 0;

	while (*t && !rc) {
		if (!strncmp(t, "{key}", 5) && key) {
			rc = buf_puts(b, key);
			t += 5;
		} else if (!strncmp(t, "{secret}", 8) && code) {
			rc = buf_puts(b, code);
			t += 8;
		} else {
			rc = buf_append(b, t++, 1);
		}
	}
	return rc;
}

/* "A", "A and B", "A, B and C": the keys asked */
static void asked_keys(const struct needle_set *ns, char *out, size_t n)
{
	size_t len = 0;
	int k;

	out[0] = '\0';
	for (k = 0; k < ns->queries && len < n; k++) {
		const char *sep = k == 0 ? "" : k == ns->queries - 1 ? " and " : ", ";
		int w = snprintf(out + len, n - len, "%s%s", sep, ns->key[k]);

		len += w > 0 ? (size_t)w : 0;
	}
}

char *needle_build(const struct needle_spec *s, const struct needle_set *ns, double depth,
		   long count)
{
	size_t flen = strlen(s->filler), n = 0, i;
	struct plant plants[NEEDLE_MAX_KEYS * NEEDLE_MAX_VALUES];
	char keys[NEEDLE_MAX_KEYS * 18];
	struct buf b = BUF_INIT(0);
	long f = 0;
	int rc = 0;

	if (count < 0)
		count = 0;
	if (ns && s->secret_line)
		n = plants_of(ns, depth, count, plants);
	/* one allocation: the fillers, the lines and the question */
	rc = buf_grow_to(&b, flen * (size_t)count + strlen(s->question) + 256 +
				     n * ((s->secret_line ? strlen(s->secret_line) : 0) + 80));
	for (i = 0; i <= n && !rc; i++) {
		long to = i < n ? plants[i].at : count;

		for (; f < to && !rc; f++)
			rc = buf_append(&b, s->filler, flen);
		if (i == n)
			break;
		rc = rc || buf_puts(&b, "\n\n");
		rc = rc || expand(&b, s->secret_line, ns->key[plants[i].k],
				  ns->code[plants[i].k][plants[i].v]);
		rc = rc || buf_puts(&b, "\n\n");
	}
	rc = rc || buf_puts(&b, "\n\n");
	if (ns)
		asked_keys(ns, keys, sizeof(keys));
	rc = rc || expand(&b, s->question, ns ? keys : NULL, NULL);
	if (rc) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

void needle_set_init(const struct needle_spec *s, const char *secret, struct needle_set *ns)
{
	static const char *const stars[NEEDLE_MAX_KEYS] = {
		"Rigel", "Deneb",  "Vega",   "Altair",	"Sirius",    "Capella",	 "Mizar", "Antares",
		"Spica", "Pollux", "Castor", "Regulus", "Bellatrix", "Achernar", "Hadar", "Acrux"
	};
	static const char *const first[] = { "ZEBRA", "OTTER", "FALCON", "BISON",
					     "HERON", "LYNX",  "MARLIN", "IBIS" };
	static const char *const last[] = { "QUARTZ", "AMBER",	"COBALT", "JADE",
					    "ONYX",   "GARNET", "TOPAZ",  "BASALT" };
	unsigned h = 5381;
	const char *c;
	int k, v;

	memset(ns, 0, sizeof(*ns));
	ns->keys = s->keys > 0 ? s->keys : 1;
	ns->values = s->values > 0 ? s->values : 1;
	ns->queries = s->queries > 0 ? s->queries : 1;
	for (c = secret; *c; c++)
		h = h * 33u + (unsigned char)*c;
	for (k = 0; k < ns->keys; k++) {
		snprintf(ns->key[k], sizeof(ns->key[k]), "%s", stars[(h + (unsigned)k) % 16u]);
		/* distinct: 911 and 7919 are prime, and k, v too small to wrap */
		for (v = 0; v < ns->values; v++)
			snprintf(ns->code[k][v], NEEDLE_CODE_LEN, "%s-%05u-%s",
				 first[(h + (unsigned)k) % 8u],
				 10000u + (h % 90000u + (unsigned)k * 911u + (unsigned)v * 7919u) %
						  90000u,
				 last[(h / 8u + (unsigned)(v + 3 * k)) % 8u]);
	}
	snprintf(ns->code[0][0], NEEDLE_CODE_LEN, "%s", secret);
}

void needle_set_codes(const struct needle_set *ns, const char **asked, size_t *n_asked,
		      const char **decoys, size_t *n_decoys)
{
	int k, v;

	*n_asked = *n_decoys = 0;
	for (k = 0; k < ns->keys; k++)
		for (v = 0; v < ns->values; v++) {
			if (k < ns->queries)
				asked[(*n_asked)++] = ns->code[k][v];
			else
				decoys[(*n_decoys)++] = ns->code[k][v];
		}
}

long needle_count_for(long target, long a, long ta, long b, long tb)
{
	double per, fixed, n;

	if (b <= a || tb <= ta)
		return -1;
	per = (double)(tb - ta) / (double)(b - a);
	fixed = (double)ta - per * (double)a;
	n = floor(((double)target - fixed) / per + 0.5);
	return n < 0 ? 0 : (long)n;
}

long needle_count_guess(const struct needle_spec *s, long target)
{
	size_t flen = strlen(s->filler);

	return flen ? (long)((double)target * 4.0 / (double)flen) : 0;
}

void needle_secret_for(const char *base, double depth, int index, char *out, size_t n)
{
	static const char *const first[] = { "ZEBRA", "OTTER", "FALCON", "BISON",
					     "HERON", "LYNX",  "MARLIN", "IBIS" };
	static const char *const last[] = { "QUARTZ", "AMBER",	"COBALT", "JADE",
					    "ONYX",   "GARNET", "TOPAZ",  "BASALT" };
	unsigned pct = (unsigned)floor(depth * 100.0 + 0.5);

	if (index < 0) {
		snprintf(out, n, "%s", base);
		return;
	}
	/* distinct per depth, stable across runs so recordings compare */
	snprintf(out, n, "%s-%05u-%s", first[(unsigned)index % 8],
		 10000 + (pct * 7919u + (unsigned)index * 104729u) % 90000u,
		 last[(pct + (unsigned)index) % 8]);
}

long needle_calibrate(const struct needle_spec *s, long target, needle_count_fn count, void *ctx,
		      char *why, size_t whylen)
{
	long a = 32, b = 160, ta, tb, n;
	bool cheap;

	*why = '\0';
	ta = count(ctx, a, &cheap);
	tb = ta > 0 ? count(ctx, b, &cheap) : -1;
	n = tb > 0 ? needle_count_for(target, a, ta, b, tb) : -1;
	if (ta <= 0 || tb <= 0)
		snprintf(why, whylen, "the endpoint reported no prompt token count (none, or 0)");
	else if (n < 0)
		snprintf(why, whylen,
			 "the endpoint's counts do not grow with the prompt (%ld tokens for %ld "
			 "fillers, %ld for %ld)",
			 ta, a, tb, b);
	if (n < 0)
		return needle_count_guess(s, target);
	if (cheap && n != b) {
		long tn = count(ctx, n, &cheap);
		long fix = tn > 0 ? needle_count_for(target, b, tb, n, tn) : -1;

		if (fix >= 0)
			n = fix;
	}
	return n;
}
