/* SPDX-License-Identifier: Apache-2.0 */
/* retry — the retry policy; see retry.h. */
#include "retry.h"

double retry_wait(bool answered, long status, double after, int attempt,
		  const struct retry_policy *p)
{
	double wait;

	if (!answered || attempt >= p->retries)
		return -1;
	if (status != 429 && !(status == 503 && after >= 0))
		return -1;
	wait = after >= 0 ? after : 0.5 * (double)(1 << (attempt < 10 ? attempt : 10));
	return wait < p->wait_max ? wait : p->wait_max;
}
