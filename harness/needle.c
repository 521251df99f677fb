/* needle — haystack building and sizing; see needle.h. */
#include "needle.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"

char *needle_build(const struct needle_spec *s, const char *secret, double depth, long count)
{
	size_t flen = strlen(s->filler);
	long at, i;
	struct buf b = BUF_INIT(0);
	int rc = 0;

	if (count < 0)
		count = 0;
	at = (long)floor(depth * (double)count + 0.5);
	if (at > count)
		at = count;
	/* one allocation: the fillers, the secret line and the question */
	rc = buf_grow_to(&b,
			 flen * (size_t)count + strlen(s->question) + 256 +
				 (s->secret_line ? strlen(s->secret_line) + strlen(secret) : 0));
	for (i = 0; i < at && !rc; i++)
		rc = buf_append(&b, s->filler, flen);
	if (secret && s->secret_line) {
		const char *mark = strstr(s->secret_line, "{secret}");

		rc = rc || buf_puts(&b, "\n\n");
		rc = rc || buf_append(&b, s->secret_line, (size_t)(mark - s->secret_line));
		rc = rc || buf_puts(&b, secret);
		rc = rc || buf_puts(&b, mark + strlen("{secret}"));
		rc = rc || buf_puts(&b, "\n\n");
	}
	for (i = at; i < count && !rc; i++)
		rc = buf_append(&b, s->filler, flen);
	rc = rc || buf_puts(&b, "\n\n");
	rc = rc || buf_puts(&b, s->question);
	if (rc) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
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
