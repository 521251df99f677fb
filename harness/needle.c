/* needle — haystack building and sizing; see needle.h. */
#include "needle.h"

#include <math.h>
#include <string.h>

#include "buf.h"

char *needle_build(const struct needle_spec *s, long count)
{
	size_t flen = strlen(s->filler);
	long at = (long)floor(s->depth * (double)count + 0.5), i;
	const char *mark = strstr(s->secret_line, "{secret}");
	struct buf b = BUF_INIT(0);
	int rc = 0;

	if (count < 0)
		count = 0;
	if (at > count)
		at = count;
	for (i = 0; i < at && !rc; i++)
		rc = buf_append(&b, s->filler, flen);
	rc = rc || buf_puts(&b, "\n\n");
	rc = rc || buf_append(&b, s->secret_line, (size_t)(mark - s->secret_line));
	rc = rc || buf_puts(&b, s->secret);
	rc = rc || buf_puts(&b, mark + strlen("{secret}"));
	rc = rc || buf_puts(&b, "\n\n");
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
