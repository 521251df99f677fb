/* SPDX-License-Identifier: Apache-2.0 */
/* summary — labels, notes and evidence; see summary.h. */
#include "summary.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "text.h"

/* "14k", "1M", "14.5k", and "/50%" for a --needle-depth variant; a size
 * the endpoint's counts could not verify is "~14k unverified" */
static int put_ctx_k(struct buf *b, const struct probe_result *pr)
{
	long t = pr->needle_target;
	int rc = pr->needle_unverified ? buf_putc(b, '~') : 0;

	if (rc)
		return rc;
	if (t >= 1000000 && t % 1000000 == 0)
		rc = buf_printf(b, "%ldM", t / 1000000);
	else if (t % 1000 == 0)
		rc = buf_printf(b, "%ldk", t / 1000);
	else
		rc = buf_printf(b, "%.1fk", (double)t / 1000.0);
	/* a sweep's cell names its size already: "@4k@50%" adds only the depth */
	if (!rc && pr->variant[0] && pr->swept && strchr(pr->variant + 1, '@'))
		rc = buf_printf(b, "/%s", strchr(pr->variant + 1, '@') + 1);
	else if (!rc && pr->variant[0] && !pr->swept)
		rc = buf_printf(b, "/%s", pr->variant + 1);
	if (!rc && pr->needle_unverified)
		rc = buf_puts(b, " unverified");
	return rc;
}

/* one {name} of a template; returns the name's length, 0 for none */
static size_t put_field(struct buf *b, const struct probe_result *pr, const char *s, int *rc)
{
	static const char *const names[] = { "{passed}", "{total}", "{json_keys}",
					     "{secret}", "{cause}", "{ctx_k}" };
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (!strncmp(s, names[k], strlen(names[k])))
			break;
	switch (k) {
	case 0:
		*rc = buf_printf(b, "%d", pr->passed);
		break;
	case 1:
		*rc = buf_printf(b, "%d", pr->total);
		break;
	case 2:
		*rc = buf_puts(b, pr->json_keys ? pr->json_keys : "[]");
		break;
	case 3:
		*rc = buf_puts(b, pr->secret ? pr->secret : "");
		break;
	case 4:
		*rc = buf_puts(b, cause_code(pr->cause));
		break;
	case 5:
		*rc = put_ctx_k(b, pr);
		break;
	default:
		return 0;
	}
	return strlen(names[k]);
}

static char *render(const struct probe_result *pr, const char *tmpl)
{
	struct buf b = BUF_INIT(0);
	const char *s;
	int rc = 0;

	for (s = tmpl ? tmpl : ""; *s && !rc; s++) {
		size_t used = put_field(&b, pr, s, &rc);

		if (used)
			s += used - 1;
		else
			rc = buf_putc(&b, *s);
	}
	if (rc) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b);
}

char *summary_label(const struct probe_result *pr)
{
	char *label = render(pr, pr->verdict == VERDICT_PASS ? pr->probe->summary_pass
							     : pr->probe->summary_fail);
	char *more;

	if (!label || !pr->retried)
		return label;
	/* what the notebook must know about how the answers came */
	more = buf_strdupf("%s (%d retried after 429)", label, pr->retried);
	free(label);
	return more;
}

char *summary_note(const struct probe_result *pr)
{
	return pr->probe->note ? render(pr, pr->probe->note) : NULL;
}

/* the observation that best shows the verdict */
static const struct observation *example_of(const struct probe_result *pr)
{
	const struct observation *o = &pr->obs[0];
	size_t i;

	for (i = 0; i < pr->n_obs; i++) {
		const struct observation *c = &pr->obs[i];

		if (c->graded && (!o->graded || (o->pass && !c->pass)))
			o = c;
	}
	return o;
}

/* the stream's figures: ours, the engine's beside them, or why ours are
 * missing; for the probe that measures speed, which one the notebook uses */
static void put_speed(struct buf *b, const struct probe_result *pr)
{
	const struct speed *s = &pr->speed;
	bool engine;

	if (s->ttft >= 0)
		buf_printf(b, " TTFT %.3g ms", s->ttft * 1e3);
	/* each speed named by whose figure it is; one that cannot be measured
	 * says nothing, but a burst says why (a proxy hides the speed) */
	if (s->decode_tps > 0)
		buf_printf(b, " decode %.1f %s (preflight%s)", s->decode_tps, speed_unit(s),
			   s->decode_source == SPEED_SOURCE_USAGE
				   ? ", counted by the usage: the events are not tokens"
			   : s->decode_source == SPEED_SOURCE_EVENTS_ONLY
				   ? ", no usage to count tokens"
				   : "");
	else if (s->burst && speed_missing_reason(s))
		buf_printf(b, " decode %s", speed_missing_reason(s));
	if (s->engine_decode_tps > 0)
		buf_printf(b, " decode %.1f tok/s (engine)", s->engine_decode_tps);
	if (s->held_back > 0)
		buf_printf(b, " %ld tokens held back or batched (counted, not streamed one by one)",
			   s->held_back);
	if (pr->probe->measures_speed && speed_notebook(s, &engine) > 0)
		buf_printf(b, "; the notebook uses %s", engine ? "the engine's" : "preflight's");
}

static void put_answer(struct buf *b, const struct probe_result *pr, const struct observation *o)
{
	const char *content = o->content_excerpt ? o->content_excerpt : "";
	char *got = text_excerpt(content, strlen(content), 40, true);

	if (pr->probe->expect.tool_name)
		buf_printf(b, "%s ", o->tool ? o->tool : "no tool call");
	else
		buf_printf(b, "got='%s' ", got ? got : "");
	free(got);
	buf_printf(b, "finish=%s visible=%zu reasoning=%zu",
		   o->finish_reason ? o->finish_reason : "?", o->content_chars, o->reasoning_chars);
	if (o->reasoning_tokens >= 0)
		buf_printf(b, " reasoning_tokens=%ld", o->reasoning_tokens);
	if (pr->streamed)
		put_speed(b, pr);
}

char *summary_evidence(const struct probe_result *pr)
{
	const struct observation *o;
	struct buf b = BUF_INIT(0);

	if (!pr->n_obs) /* nothing was sent: why is the evidence */
		return xstrdup(pr->message ? pr->message : "");
	o = example_of(pr);
	if (pr->needle_target > 0 && pr->needle_measured > 0)
		buf_printf(&b, "target=%ld measured=%ld ", pr->needle_target, pr->needle_measured);
	else if (pr->needle_target > 0 && pr->needle_unverified)
		buf_printf(&b,
			   "target=%ld unverified (%s; sized by a 4-characters-per-token guess) ",
			   pr->needle_target, pr->needle_unverified);
	else if (pr->needle_target > 0)
		buf_printf(&b, "target=%ld ", pr->needle_target);
	if (pr->total > 1)
		buf_printf(&b, "%d/%d clean ", pr->passed, pr->total);
	if (pr->retried)
		buf_printf(&b, "%d retried after 429 ", pr->retried);
	if (o->graded)
		put_answer(&b, pr, o);
	else
		buf_printf(&b, "%s", o->detail ? o->detail : "");
	return buf_detach(&b);
}
