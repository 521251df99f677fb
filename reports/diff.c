/* SPDX-License-Identifier: Apache-2.0 */
/* diff — two reports compared; see diff.h. */
#include "diff.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "model.h"
#include "plan.h"
#include "table.h"

/* --- limits ----------------------------------------------------------------- */

void diff_limits_default(struct diff_limits *l)
{
	*l = (struct diff_limits){ 5, 10, 10, 0.010 };
}

int diff_limits_parse(const char *spec, struct diff_limits *l, char *err, size_t errlen)
{
	const char *p = spec;

	while (p && *p) {
		char key[32], *end;
		size_t n = strcspn(p, "=,");
		double v;

		if (n == 0 || n >= sizeof(key) || p[n] != '=') {
			snprintf(err, errlen,
				 "--max-regression: '%s' is not KEY=N%% (keys decode, ttft, "
				 "prefill, "
				 "ttft_floor_ms)",
				 p);
			return -1;
		}
		memcpy(key, p, n);
		key[n] = '\0';
		v = strtod(p + n + 1, &end);
		if (end == p + n + 1 || v < 0 || v > 1000 || !isfinite(v) ||
		    (*end && *end != '%' && *end != ',') ||
		    (*end == '%' && end[1] && end[1] != ',')) {
			snprintf(err, errlen, "--max-regression: %s wants a number from 0 to 1000",
				 key);
			return -1;
		}
		if (!strcmp(key, "decode"))
			l->decode = v;
		else if (!strcmp(key, "ttft"))
			l->ttft = v;
		else if (!strcmp(key, "prefill"))
			l->prefill = v;
		else if (!strcmp(key, "ttft_floor_ms"))
			l->ttft_floor = v / 1000;
		else {
			snprintf(err, errlen,
				 "--max-regression: unknown key '%s' (decode, ttft, prefill, "
				 "ttft_floor_ms)",
				 key);
			return -1;
		}
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

/* --- items ---------------------------------------------------------------- */

static struct diff_item *add(struct diff *d, enum diff_kind kind, const char *what)
{
	struct diff_item *it;

	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 16;
		struct diff_item *more = xrealloc(d->items, cap * sizeof(*more));

		if (!more)
			return NULL;
		d->items = more;
		d->cap = cap;
	}
	it = &d->items[d->n++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	snprintf(it->what, sizeof(it->what), "%s", what);
	d->regressions += kind == DIFF_REGRESSION;
	d->improvements += kind == DIFF_IMPROVEMENT;
	return it;
}

/* "fail (wrong-answer)" */
static void state_of(const struct model_item *p, bool conform, char *out, size_t n)
{
	const char *v = conform ? conform_status_name(p->status) : verdict_name(p->verdict);

	snprintf(out, n, "%s%s%s%s", v, p->cause && !conform ? " (" : "",
		 p->cause && !conform ? p->cause : "", p->cause && !conform ? ")" : "");
}

static bool passed(const struct model_item *p, bool conform)
{
	if (conform)
		return !p->fails && p->status != CONFORM_SKIPPED;
	return p->verdict == VERDICT_PASS;
}

static bool skipped(const struct model_item *p, bool conform)
{
	return conform ? p->status == CONFORM_SKIPPED : p->verdict == VERDICT_SKIPPED;
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* one item in both reports: its verdict (or status) compared */
static int compare_item(struct diff *d, const char *key, const struct model_item *b,
			const struct model_item *n, bool conform)
{
	bool pb = passed(b, conform), pn = passed(n, conform);
	enum diff_kind kind;
	struct diff_item *it;
	const char *note = "";

	if (skipped(b, conform) || skipped(n, conform)) {
		if (skipped(b, conform) && skipped(n, conform)) {
			d->unchanged++;
			return 0;
		}
		kind = DIFF_INCOMPARABLE;
		note = n->beyond_window ? "not sent: beyond the new endpoint's window (see the "
					  "effective context)"
		       : skipped(b, conform) ? "skipped in the baseline"
					     : "skipped in the new report";
	} else if (pb && pn) {
		d->unchanged++;
		return 0;
	} else if (pb != pn) {
		kind = pb ? DIFF_REGRESSION : DIFF_IMPROVEMENT;
		note = pb ? ((conform ? n->evidence : n->message)
				     ? (conform ? n->evidence : n->message)
				     : "")
			  : "passes now";
	} else if (!same_str(b->cause, n->cause) || (conform && b->status != n->status)) {
		kind = DIFF_REGRESSION;
		note = "still fails, for a new cause";
	} else {
		d->unchanged++;
		return 0;
	}
	if (!(it = add(d, kind, key)))
		return -1;
	state_of(b, conform, it->base, sizeof(it->base));
	state_of(n, conform, it->now, sizeof(it->now));
	snprintf(it->note, sizeof(it->note), "%s", note);
	return 0;
}

/* every item of base against now's by id and variant (through the
 * model's index, never a scan), then now's items base lacks */
static int compare_items(struct diff *d, const struct model *base, const struct model *now)
{
	bool conform = base->kind == MODEL_CONFORM;
	const struct model_item *p, *q;
	char key[192];
	struct diff_item *it;

	for (p = base->items; p < model_end(base); p++) {
		model_item_key(p, key, sizeof(key));
		q = model_find_like(now, p);
		if (q && compare_item(d, key, p, q, conform))
			return -1;
		if (!q && !(it = add(d, DIFF_ONLY_ONE, key)))
			return -1;
		if (!q) {
			state_of(p, conform, it->base, sizeof(it->base));
			snprintf(it->note, sizeof(it->note), "not in the new report");
		}
	}
	for (p = now->items; p < model_end(now); p++) {
		if (model_find_like(base, p))
			continue;
		model_item_key(p, key, sizeof(key));
		if (!(it = add(d, DIFF_ONLY_ONE, key)))
			return -1;
		state_of(p, conform, it->now, sizeof(it->now));
		snprintf(it->note, sizeof(it->note), "new: not in the baseline");
	}
	return 0;
}

/* --- the sweep and the speed ------------------------------------------------ */

static void size_text(double tokens, char *out, size_t n)
{
	if (tokens > 0)
		plan_size_label((long)tokens, out, n);
	else
		snprintf(out, n, "none");
}

static int compare_context(struct diff *d, const struct model *base, const struct model *now)
{
	const struct model_sweep *sb = &base->sweep, *sn = &now->sweep;
	double eb = sb->present ? (double)sb->effective : -1;
	double en = sn->present ? (double)sn->effective : -1, reach = (double)sn->swept_max;
	struct diff_item *it;
	enum diff_kind kind;

	if (sb->present != sn->present) {
		if (!(it = add(d, DIFF_INCOMPARABLE, "effective context")))
			return -1;
		size_text(eb, it->base, sizeof(it->base));
		size_text(en, it->now, sizeof(it->now));
		snprintf(it->note, sizeof(it->note), "not compared: only one of them swept");
		return 0;
	}
	if (!sb->present || eb < 0 || en < 0 || eb == en) {
		d->unchanged += sb->present && sn->present;
		return 0;
	}
	kind = en > eb ? DIFF_IMPROVEMENT : reach < eb ? DIFF_INCOMPARABLE : DIFF_REGRESSION;
	if (!(it = add(d, kind, "effective context")))
		return -1;
	size_text(eb, it->base, sizeof(it->base));
	size_text(en, it->now, sizeof(it->now));
	snprintf(it->note, sizeof(it->note), "%s",
		 kind == DIFF_INCOMPARABLE ? "the new sweep did not reach the baseline's size"
		 : kind == DIFF_REGRESSION ? "shrank"
					   : "grew");
	return 0;
}

/* why the two runs' decode figures cannot be compared, or NULL */
static const char *decode_mismatch(const struct model *base, const struct model *now)
{
	const struct model_speed *sb = &base->speed, *sn = &now->speed;

	if (sb->note || sn->note)
		return "not measurable in one of them (a burst stream, or too few tokens)";
	if (!sb->present || !sn->present || sb->decode_tps <= 0 || sn->decode_tps < 0)
		return "measured in only one of them";
	if (!same_str(sb->source, sn->source))
		return "engine-reported in one, measured by preflight in the other";
	if (base->settings.max_tokens != now->settings.max_tokens)
		return "a different max_tokens";
	return NULL;
}

/* a figure that should not fall (decode) or rise (ttft) beyond limit % */
static int compare_figure(struct diff *d, const char *what, double b, double n, double limit,
			  bool higher_is_better, const char *unit)
{
	double change = (n - b) / b * 100;
	bool worse = higher_is_better ? change < -limit : change > limit;
	bool better = higher_is_better ? change > limit : change < -limit;
	struct diff_item *it;

	if (!worse && !better) {
		d->unchanged++;
		return 0;
	}
	if (!(it = add(d, worse ? DIFF_REGRESSION : DIFF_IMPROVEMENT, what)))
		return -1;
	snprintf(it->base, sizeof(it->base), "%.4g%s", b, unit);
	snprintf(it->now, sizeof(it->now), "%.4g%s", n, unit);
	snprintf(it->note, sizeof(it->note), "%+.1f%% (limit %s%.4g%%)", change,
		 higher_is_better ? "-" : "+", limit);
	return 0;
}

static int compare_decode(struct diff *d, const struct model *base, const struct model *now,
			  const struct diff_limits *l)
{
	const struct model_speed *sb = &base->speed, *sn = &now->speed;
	const char *why;
	struct diff_item *it;

	if (!sb->present && !sn->present)
		return 0;
	if (!(why = decode_mismatch(base, now)))
		return compare_figure(d, "decode tok/s", sb->decode_tps, sn->decode_tps, l->decode,
				      true, "");
	if (!(it = add(d, DIFF_INCOMPARABLE, "decode tok/s")))
		return -1;
	if (sb->present && sb->decode_tps >= 0)
		snprintf(it->base, sizeof(it->base), "%.4g (%s)", sb->decode_tps,
			 sb->source ? sb->source : "?");
	if (sn->present && sn->decode_tps >= 0)
		snprintf(it->now, sizeof(it->now), "%.4g (%s)", sn->decode_tps,
			 sn->source ? sn->source : "?");
	snprintf(it->note, sizeof(it->note), "not compared: %s", why);
	return 0;
}

/* one streamed probe's TTFT and prefill speed, where both runs timed it
 * the same way (no burst, the same haystack) */
static int compare_timing(struct diff *d, const char *key, const struct model_item *p,
			  const struct model_item *q, const struct diff_limits *l)
{
	const struct model_metrics *mb = &p->metrics, *mn = &q->metrics;
	double tb = p->has_metrics ? mb->ttft : -1, tn = q->has_metrics ? mn->ttft : -1;
	double fb = p->has_metrics ? mb->prefill_tps : -1;
	double fn = q->has_metrics ? mn->prefill_tps : -1;
	char what[224];

	if ((p->has_metrics && mb->burst) || (q->has_metrics && mn->burst) ||
	    p->needle.present != q->needle.present ||
	    p->needle.requested_tokens != q->needle.requested_tokens)
		return 0; /* not timed alike */
	snprintf(what, sizeof(what), "%s TTFT", key);
	if (tb > 0 && tn >= 0 && fabs(tn - tb) >= l->ttft_floor && /* else jitter */
	    compare_figure(d, what, tb, tn, l->ttft, false, " s"))
		return -1;
	snprintf(what, sizeof(what), "%s prefill tok/s", key);
	if (fb > 0 && fn >= 0 && compare_figure(d, what, fb, fn, l->prefill, true, ""))
		return -1;
	return 0;
}

static int compare_ttft(struct diff *d, const struct model *base, const struct model *now,
			const struct diff_limits *l)
{
	const struct model_item *p, *q;
	char key[192];

	for (p = base->items; p < model_end(base); p++) {
		model_item_key(p, key, sizeof(key));
		if ((q = model_find_like(now, p)) && compare_timing(d, key, p, q, l))
			return -1;
	}
	return 0;
}

/* --- the whole ------------------------------------------------------------ */

static void name_of(const struct model *m, char *out, size_t n)
{
	const char *recipe = m->recipe.present ? m->recipe.name : NULL, *model = m->endpoint.model;

	snprintf(out, n, "%s (%s)",
		 recipe	 ? recipe
		 : model ? model
			 : "unknown model",
		 m->started ? m->started : "undated");
}

/* regressions, improvements, not comparable, only in one: stable */
static int by_kind(const void *a, const void *b)
{
	const struct diff_item *x = a, *y = b;

	return (int)x->kind - (int)y->kind;
}

static void order(struct diff *d)
{
	size_t i, j;

	for (i = 1; i < d->n; i++) /* insertion: stable */
		for (j = i; j > 0 && by_kind(&d->items[j - 1], &d->items[j]) > 0; j--) {
			struct diff_item t = d->items[j];

			d->items[j] = d->items[j - 1];
			d->items[j - 1] = t;
		}
}

static bool differ(const char *a, const char *b)
{
	return a && b && strcmp(a, b);
}

/* what sets two reports apart when they are not of one recipe (or one
 * model at one endpoint): the diff then compares two things, not two runs */
static void apart(const struct model *base, const struct model *now, struct diff *d)
{
	const char *what = NULL;

	if (base->recipe.present && now->recipe.present)
		what = differ(base->recipe.name, now->recipe.name) ? "recipes" : NULL;
	else if (differ(base->endpoint.model, now->endpoint.model))
		what = "models";
	else if (differ(base->endpoint.base_url, now->endpoint.base_url))
		what = "endpoints";
	else if (differ(base->endpoint.engine, now->endpoint.engine))
		what = "engines";
	if (what)
		snprintf(d->apart, sizeof(d->apart),
			 "two different %s: this compares them, not two runs of one recipe", what);
}

int diff_reports(const struct model *base, const struct model *now, const struct diff_limits *l,
		 struct diff *d, char *err, size_t errlen)
{
	memset(d, 0, sizeof(*d));
	name_of(base, d->base_name, sizeof(d->base_name));
	name_of(now, d->new_name, sizeof(d->new_name));
	apart(base, now, d);
	if (base->kind != now->kind) {
		snprintf(err, errlen,
			 "one report is of preflight run, the other of preflight conform: "
			 "compare like with like");
		return -1;
	}
	if (compare_items(d, base, now) || compare_context(d, base, now) ||
	    compare_decode(d, base, now, l) || compare_ttft(d, base, now, l)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	order(d);
	return 0;
}

void diff_release(struct diff *d)
{
	free(d->items);
	memset(d, 0, sizeof(*d));
}

/* --- rendering ------------------------------------------------------------ */

static const char *const kind_names[] = { "regression", "improvement", "not compared",
					  "in one report" };

int diff_console(const struct diff *d, struct buf *out)
{
	size_t i;
	int rc = buf_printf(out, "diff: %s\n   → %s\n", d->base_name, d->new_name) ||
		 (*d->apart && buf_printf(out, "note: %s\n", d->apart));

	for (i = 0; i < d->n && !rc; i++) {
		const struct diff_item *it = &d->items[i];

		rc = buf_printf(out, "  %-12s %-28s %s → %s%s%s\n", kind_names[it->kind], it->what,
				*it->base ? it->base : "-", *it->now ? it->now : "-",
				*it->note ? "  " : "", it->note);
	}
	return rc ||
	       buf_printf(out, "RESULT: %s (%d regression%s, %d improvement%s, %d unchanged)\n",
			  d->regressions ? "REGRESSION" : "NO REGRESSION", d->regressions,
			  d->regressions == 1 ? "" : "s", d->improvements,
			  d->improvements == 1 ? "" : "s", d->unchanged);
}

/* a markdown cell: one line, pipes escaped (table.h's rule) */
static int md_cell(struct buf *out, const char *s)
{
	return table_cell(out, s && *s ? s : "—");
}

int diff_markdown(const struct diff *d, struct buf *out)
{
	size_t i;
	int rc = buf_printf(out, "### preflight diff: %s\n\n",
			    d->regressions ? "❌ regression" : "✅ no regression") ||
		 buf_puts(out, "Baseline: ") || md_cell(out, d->base_name) ||
		 buf_puts(out, "  \nNew: ") || md_cell(out, d->new_name) ||
		 (*d->apart && (buf_puts(out, "  \n**Note:** ") || md_cell(out, d->apart))) ||
		 buf_printf(out, "\n\n%d regression%s, %d improvement%s, %d unchanged.\n",
			    d->regressions, d->regressions == 1 ? "" : "s", d->improvements,
			    d->improvements == 1 ? "" : "s", d->unchanged);

	if (!rc && d->n)
		rc = buf_puts(out, "\n| | what | baseline | new | note |\n|---|---|---|---|---|\n");
	for (i = 0; i < d->n && !rc; i++) {
		const struct diff_item *it = &d->items[i];

		rc = buf_printf(out, "| %s | ",
				it->kind == DIFF_REGRESSION    ? "❌ regression"
				: it->kind == DIFF_IMPROVEMENT ? "✅ improvement"
							       : kind_names[it->kind]) ||
		     md_cell(out, it->what) || buf_puts(out, " | ") || md_cell(out, it->base) ||
		     buf_puts(out, " | ") || md_cell(out, it->now) || buf_puts(out, " | ") ||
		     md_cell(out, it->note) || buf_puts(out, " |\n");
	}
	return rc;
}
