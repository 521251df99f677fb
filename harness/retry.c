/* retry — the retry policy; see retry.h. */
#define _GNU_SOURCE /* timegm, strptime */
#include "retry.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

double retry_after_seconds(const char *value, time_t now)
{
	struct tm tm;
	const char *end;
	char *stop;
	double secs;

	if (!value)
		return -1;
	while (isspace((unsigned char)*value))
		value++;
	if (isdigit((unsigned char)*value)) {
		secs = strtod(value, &stop);
		while (isspace((unsigned char)*stop))
			stop++;
		return *stop || secs > 1e9 ? -1 : secs;
	}
	memset(&tm, 0, sizeof(tm));
	end = strptime(value, "%a, %d %b %Y %H:%M:%S GMT", &tm);
	if (!end || *end)
		return -1;
	secs = difftime(timegm(&tm), now);
	return secs > 0 ? secs : 0;
}

double retry_wait(const struct http_exchange *x, int attempt, const struct retry_policy *p,
		  time_t now)
{
	double after, wait;

	if (x->outcome != HTTP_DONE || attempt >= p->retries)
		return -1;
	after = retry_after_seconds(x->retry_after[0] ? x->retry_after : NULL, now);
	if (x->status != 429 && !(x->status == 503 && after >= 0))
		return -1;
	wait = after >= 0 ? after : 0.5 * (double)(1 << (attempt < 10 ? attempt : 10));
	return wait < p->wait_max ? wait : p->wait_max;
}
