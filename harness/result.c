/* SPDX-License-Identifier: Apache-2.0 */
/* result — freeing what the runner built; see result.h. */
#include "result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

const char *verdict_name(enum verdict v)
{
	static const char *const names[] = { "pass", "fail", "error", "skipped" };

	return (unsigned)v < 4 ? names[v] : "?";
}

static void observation_release(struct observation *o)
{
	free(o->detail);
	free(o->error);
	free(o->finish_reason);
	free(o->content_excerpt);
	free(o->reasoning_excerpt);
	free(o->tool);
}

void probe_result_release(struct probe_result *p)
{
	size_t j;

	for (j = 0; j < p->n_obs; j++)
		observation_release(&p->obs[j]);
	free(p->obs);
	free(p->message);
	free(p->json_keys);
	free(p->secret);
	free(p->needle_unverified);
	memset(p, 0, sizeof(*p));
}

void run_result_release(struct run_result *r)
{
	size_t i;

	for (i = 0; i < r->n_probes; i++)
		probe_result_release(&r->probes[i]);
	free(r->probes);
	free(r->endpoint);
	free(r->model);
	free(r->server);
	free(r->server_version);
	free(r->reasoning_effort);
	free(r->allowed_finish);
	free(r->unusable_detail);
	free(r->endpoint_note);
	for (i = 0; i < r->n_findings; i++) {
		free(r->findings[i].rule);
		free(r->findings[i].cause);
		free(r->findings[i].quote);
		free(r->findings[i].class);
		free(r->findings[i].explain);
		free(r->findings[i].remedy);
	}
	free(r->findings);
	free(r->engine_log);
	memset(r, 0, sizeof(*r));
}

struct observation *probe_result_add_obs(struct probe_result *p, const char *label)
{
	struct observation *o = xrealloc(p->obs, (p->n_obs + 1) * sizeof(*o));

	if (!o)
		return NULL;
	p->obs = o;
	o = &p->obs[p->n_obs++];
	memset(o, 0, sizeof(*o));
	snprintf(o->label, sizeof(o->label), "%s", label);
	o->prompt_tokens = o->completion_tokens = o->reasoning_tokens = -1;
	return o;
}
