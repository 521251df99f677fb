/* SPDX-License-Identifier: Apache-2.0 */
/* html — the HTML report; see html.h. */
#include "html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heatmap.h"
#include "markup.h"
#include "model.h"
#include "plan.h"
#include "render.h"
#include "speed.h"
#include "version.h"

#define CHART_W 660
#define CHART_H 170

static const char style[] =
	"body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;"
	"margin:0;color:#1b1f24;background:#f6f7f9}"
	"main{max-width:1120px;margin:0 auto;padding:24px}"
	"h1{font-size:24px;margin:0 0 4px}h2{font-size:20px;margin:0 0 8px}"
	"h3{font-size:16px;margin:28px 0 8px;border-bottom:1px solid #d8dce1;padding-bottom:4px}"
	"section.report{background:#fff;border:1px solid #d8dce1;border-radius:8px;padding:20px;"
	"margin:20px 0}"
	".meta{color:#57606a;font-size:13px}"
	".verdict{display:inline-block;font-weight:700;padding:6px 12px;border-radius:6px;"
	"margin:6px 0}"
	".verdict.pass{background:#dafbe1;color:#116329}.verdict.fail{background:#ffebe9;"
	"color:#a40e26}"
	".summary{font-size:15px;margin:8px 0}"
	"dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0;"
	"font-size:13px}dl.facts dt{color:#57606a}dl.facts dd{margin:0;word-break:break-all}"
	"table{border-collapse:collapse;width:100%;font-size:13px;margin:6px 0}"
	"th,td{border:1px solid #d8dce1;padding:4px 8px;text-align:left;vertical-align:top}"
	"th{background:#f0f2f5}"
	".pass{color:#116329}.fail,.error,.broken,.ignored{color:#a40e26}"
	".skipped,.rejected{color:#6e5600}.honoured{color:#116329}"
	"td.v{font-weight:700;white-space:nowrap}"
	"details{border:1px solid #d8dce1;border-radius:6px;margin:6px 0;padding:4px 10px;"
	"background:#fcfcfd}"
	"details summary{cursor:pointer;font-weight:600}"
	".remedy{background:#fff8c5;border-left:4px solid #d4a72c;padding:4px 8px;margin:6px 0}"
	"pre{white-space:pre-wrap;word-break:break-word;background:#f0f2f5;padding:6px 8px;"
	"border-radius:4px;margin:4px 0;font-size:12px;max-height:240px;overflow:auto}"
	"svg{max-width:100%;height:auto;display:block;margin:6px 0}"
	"code{font-size:12px}"
	".chips{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0;padding:0;list-style:none}"
	".chip{border-radius:12px;padding:2px 10px;font-size:13px;border:1px solid}"
	".chip.pass{background:#dafbe1;border-color:#4ac26b}"
	".chip.fail{background:#ffebe9;border-color:#ff8182}"
	".figures{display:flex;flex-wrap:wrap;gap:10px;margin:10px 0}"
	".figure{border:1px solid #d8dce1;border-radius:6px;padding:6px 12px;min-width:120px;"
	"background:#fcfcfd}.figure b{display:block;font-size:20px}"
	".figure span{color:#57606a;font-size:12px}"
	".fixes{margin:8px 0}.fixes h3{margin-top:12px}"
	".fix{border:1px solid #d4a72c;border-radius:6px;padding:6px 10px;margin:6px 0;"
	"background:#fffdf0}.fix p{margin:4px 0}.fix .remedy{margin:4px 0;font-weight:600}"
	".warning{border:1px solid #d8dce1;border-radius:6px;padding:6px 10px;margin:6px 0}"
	/* a comparison's text at its divergence: the shared text, then each side's token */
	".parted{font-family:ui-monospace,monospace;font-size:12px;word-break:break-word}"
	".parted .ref{background:#dafbe1;border-radius:3px;padding:0 2px}"
	".parted .cand{background:#ffebe9;border-radius:3px;padding:0 2px}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
	"section.report{overflow-wrap:anywhere}"
	/* failures only: a link's :target hides what passed, no script needed */
	"#failures-only:target~section details.item.ok,#failures-only:target~section tr.ok,"
	"#failures-only:target~section .timing{display:none}"
	/* narrow: every wide table scrolls inside its card, nothing wider than the screen */
	"@media (max-width:720px){main{padding:8px}section.report{padding:12px;margin:12px 0}"
	"table{display:block;overflow-x:auto;max-width:100%}dl.facts{grid-template-columns:1fr}"
	"dl.facts dt{margin-top:4px}.figure{min-width:0;flex:1 1 40%}}"
	/* dark: the same contrast on a dark ground; charts stay on their white card */
	"@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}"
	"section.report,details,.figure,.warning{background:#161b22;border-color:#30363d}"
	"h3,th,td{border-color:#30363d}th{background:#21262d}.meta,dl.facts dt,.figure span"
	"{color:#9da7b3}pre{background:#21262d;color:#e6edf3}"
	".verdict.pass,.chip.pass{background:#033a16;color:#7ee2a8;border-color:#2ea043}"
	".verdict.fail,.chip.fail{background:#4c0b13;color:#ffb1b8;border-color:#f85149}"
	".pass,.honoured{color:#7ee2a8}.fail,.error,.broken,.ignored{color:#ff9ba3}"
	".skipped,.rejected{color:#e3b341}"
	".parted .ref{background:#033a16}.parted .cand{background:#4c0b13}"
	".remedy{background:#2e2600;border-left-color:#d4a72c}.fix{background:#1f1a05;"
	"border-color:#9e7a1c}svg{background:#fff;border-radius:6px}a{color:#79c0ff}}"
	"@media print{body{background:#fff}details{break-inside:avoid}}";

/* --- pieces -------------------------------------------------------------- */

static int esc(struct buf *b, const char *s)
{
	return markup_text(b, s, false);
}

/* <tag class="cls">text</tag>, the text escaped; nothing when text is NULL */
static int element(struct buf *b, const char *tag, const char *cls, const char *text)
{
	if (!text)
		return 0;
	return buf_printf(b, "<%s%s%s%s>", tag, cls ? " class=\"" : "", cls ? cls : "",
			  cls ? "\"" : "") ||
	       esc(b, text) || buf_printf(b, "</%s>", tag);
}

/* a <dt>/<dd> pair of a definition list, when value is set */
static int fact(struct buf *b, const char *name, const char *value)
{
	if (!value)
		return 0;
	return buf_puts(b, "<dt>") || esc(b, name) || buf_puts(b, "</dt><dd>") || esc(b, value) ||
	       buf_puts(b, "</dd>\n");
}

/* a <tr> of a settings table, when value is set */
static int row(struct buf *b, const char *name, const char *value)
{
	if (!value)
		return 0;
	return buf_puts(b, "<tr><th>") || esc(b, name) || buf_puts(b, "</th><td>") ||
	       esc(b, value) || buf_puts(b, "</td></tr>\n");
}

static int row_long(struct buf *b, const char *name, long v)
{
	char t[32];

	snprintf(t, sizeof(t), "%ld", v);
	return row(b, name, t);
}

static const char *verdict_class(const struct model *m, const struct model_item *p)
{
	return m->kind == MODEL_CONFORM ? conform_status_name(p->status) : verdict_name(p->verdict);
}

/* --- the header of a report ---------------------------------------------- */

static int verdict_badge(struct buf *b, const struct model *m)
{
	return buf_printf(b, "<div class=\"verdict %s\">%s (", m->passed ? "pass" : "fail",
			  model_result_words(m)) ||
	       model_tally(m, b) || buf_puts(b, ")</div>\n");
}

/* the notebook's summary line, "✅ smoke · ❌ needle (cause)", as chips
 * coloured by their mark (emoji fonts are not everywhere) */
static int chips(struct buf *b, const char *line)
{
	static const char pass[] = "✅ ", fail[] = "❌ ", sep[] = " · ";
	const char *item = line;
	int rc;

	if (!line)
		return 0;
	rc = buf_puts(b, "<ul class=\"chips\">");
	while (item && !rc) {
		const char *end = strstr(item, sep), *cls = "";
		size_t n = end ? (size_t)(end - item) : strlen(item);
		char *text;

		bool ok = !strncmp(item, pass, strlen(pass)),
		     bad = !strncmp(item, fail, strlen(fail));

		if (ok || bad) { /* the two marks are as long */
			cls = ok ? "pass" : "fail";
			item += strlen(pass);
			n -= strlen(pass);
		}
		if (!(text = strndup(item, n)))
			return -1;
		rc = buf_printf(b, "<li class=\"chip %s\">", cls) || esc(b, text) ||
		     buf_puts(b, "</li>");
		free(text);
		item = end ? end + strlen(sep) : NULL;
	}
	return rc || buf_puts(b, "</ul>\n");
}

int html_figure(struct buf *b, const char *value, const char *what)
{
	return buf_puts(b, "<div class=\"figure\"><b>") || esc(b, value) ||
	       buf_puts(b, "</b><span>") || esc(b, what) || buf_puts(b, "</span></div>\n");
}

/* "7 failed, 11 beyond the window (66 sweep cells and 3 probes)": the
 * tally after its "P/N passed" */
static int tally_rest(const struct model *m, char *out, size_t n)
{
	struct buf t = BUF_INIT(0);
	const char *rest;
	int rc = model_tally(m, &t);

	rest = strstr(buf_cstr(&t), " passed");
	snprintf(out, n, "passed%s", rest ? rest + strlen(" passed") : "");
	buf_release(&t);
	return rc;
}

/* the numbers a reader looks for first */
static int figures(struct buf *b, const struct model *m)
{
	char t[64], what[256], eff[64];
	int rc;

	snprintf(t, sizeof(t), "%d/%d", m->counts.passed, m->counts.items);
	rc = tally_rest(m, what, sizeof(what)) || buf_puts(b, "<div class=\"figures\">\n") ||
	     html_figure(b, t, what);
	if (!rc && m->sweep.present) {
		char max[24];

		plan_size_label(m->sweep.effective, eff, sizeof(eff));
		plan_size_label(m->sweep.swept_max, max, sizeof(max));
		snprintf(t, sizeof(t), "effective context of %s swept", max);
		rc = html_figure(b, m->sweep.effective > 0 ? eff : "none", t);
	}
	if (!rc && m->speed.present && m->speed.decode_tps > 0) {
		snprintf(t, sizeof(t), "%.1f", m->speed.decode_tps);
		rc = html_figure(b, t,
				 strcmp(model_speed_unit(&m->speed), "tok/s")
					 ? "decode events/s (preflight's; no usage)"
				 : m->speed.source && !strcmp(m->speed.source, "engine")
					 ? "decode tokens/s (the engine's)"
					 : "decode tokens/s (preflight's)");
	}
	if (!rc && m->seconds >= 0) {
		snprintf(t, sizeof(t), "%.1f s", m->seconds);
		rc = html_figure(b, t, "the whole run");
	}
	return rc || buf_puts(b, "</div>\n");
}

/* An engine's log, when the run read one: its fatal finding first (where,
 * how sure, the quoted line, why, the remedy), then the warnings. An
 * engine that never came up is the first thing its page says. */
static int engine_log_block(struct buf *b, const struct model *m)
{
	const struct model_endpoint *e = &m->endpoint;
	size_t i;
	int rc;

	if (!e->n_findings)
		return 0;
	rc = buf_printf(b, "<div class=\"fixes\"><h3>%s</h3>\n",
			e->engine_failed ? "Why the engine never came up" : "The engine's log");
	for (i = 0; i < e->n_findings && !rc; i++) {
		const struct model_finding *f = &e->findings[i];

		rc = buf_printf(b, "<div class=\"%s\"><p class=\"meta\">%s <code>",
				f->fatal ? "fix" : "warning", f->fatal ? "fatal" : "warning") ||
		     esc(b, f->rule) || buf_puts(b, "</code> · ") || esc(b, e->engine_log) ||
		     buf_printf(b, " line %ld", f->line) ||
		     (f->class && (buf_puts(b, " · class ") || esc(b, f->class))) ||
		     (f->layer &&
		      (buf_puts(b, " · ") || esc(b, f->layer) || buf_puts(b, " layer"))) ||
		     buf_puts(b, "</p>\n<pre>") || esc(b, f->quote) || buf_puts(b, "</pre>\n") ||
		     element(b, "p", NULL, f->explain) ||
		     (f->fatal && f->remedy &&
		      (buf_puts(b, "<p class=\"remedy\">") || esc(b, f->remedy) ||
		       buf_puts(b, "</p>\n"))) ||
		     buf_puts(b, "</div>\n");
	}
	return rc || buf_puts(b, "</div>\n");
}

/* "28 cells and 2 probes", "1 probe": what a fix covers */
static int covers(struct buf *b, const struct model_fix *f)
{
	int probes = f->items - f->cells;

	return (f->cells && buf_printf(b, "%d cell%s", f->cells, f->cells == 1 ? "" : "s")) ||
	       (f->cells && probes && buf_puts(b, " and ")) ||
	       (probes && buf_printf(b, "%d probe%s", probes, probes == 1 ? "" : "s"));
}

#define FIX_LINKS 24 /* the items a fix block links to before "N more" */

/* What to change, first: one block per cause and remedy (model_fixes),
 * what it covers, then the items it covers as links to their evidence */
static int fix_blocks(struct buf *b, const struct model *m, size_t index)
{
	size_t n, g, j;
	struct model_fix *fixes = model_fixes(m, &n);
	int rc = n && buf_puts(b, "<div class=\"fixes\"><h3>What to change</h3>\n");

	for (g = 0; g < n && !rc; g++) {
		const struct model_fix *f = &fixes[g];
		int linked = 0;

		rc = buf_puts(b, "<div class=\"fix\"><p class=\"remedy\">") ||
		     (*f->remedy
			      ? esc(b, f->remedy)
			      : buf_puts(b,
					 "no remedy is known for this cause: read the evidence")) ||
		     buf_puts(b, "</p>\n<p class=\"meta\">") ||
		     buf_puts(b, *f->remedy ? "fixes " : "covers ") || covers(b, f) ||
		     buf_puts(b, " · cause <code>") || esc(b, *f->cause ? f->cause : "?") ||
		     buf_printf(b, "</code></p>\n<details><summary>the %d failed</summary><p>",
				f->items);
		for (j = f->first; j < m->n_items && linked < FIX_LINKS && !rc; j++) {
			char key[192];

			if (!model_fix_covers(f, &m->items[j]))
				continue;
			model_item_key(&m->items[j], key, sizeof(key));
			rc = buf_printf(b, "%s<a href=\"#r%zu-i%zu\">", linked++ ? " · " : "",
					index + 1, j) ||
			     esc(b, key) || buf_puts(b, "</a>");
		}
		rc = rc ||
		     (f->items > FIX_LINKS &&
		      buf_printf(b, " · %d more below", f->items - FIX_LINKS)) ||
		     buf_puts(b, "</p></details></div>\n");
	}
	free(fixes);
	return rc || (n && buf_puts(b, "</div>\n"));
}

static int report_head(struct buf *b, const struct model *m, size_t index)
{
	const struct model_endpoint *ep = &m->endpoint;
	const struct model_recipe *recipe = &m->recipe;
	char name[512], t[64];
	int rc;

	model_name(m, name, sizeof(name));
	if (ep->max_model_len >= 0)
		snprintf(t, sizeof(t), "%ld tokens", ep->max_model_len);
	rc = buf_printf(b, "<section class=\"report\" id=\"report-%zu\">\n<h2>", index + 1) ||
	     esc(b, name) ||
	     buf_printf(b, "</h2>\n<p class=\"meta\">%s · ",
			m->kind == MODEL_CONFORM ? "preflight conform" : "preflight run") ||
	     esc(b, m->started) || buf_puts(b, "</p>\n") || verdict_badge(b, m) ||
	     (ep->engine_failed && engine_log_block(b, m)) ||
	     (!ep->engine_failed && fix_blocks(b, m, index)) || chips(b, m->summary) ||
	     figures(b, m) || buf_puts(b, "<dl class=\"facts\">\n") ||
	     fact(b, "endpoint", ep->base_url) || fact(b, "model", ep->model) ||
	     fact(b, "engine", ep->engine) || fact(b, "engine seen by", ep->engine_evidence) ||
	     fact(b, "server version", ep->server_version) ||
	     fact(b, "context window", ep->max_model_len >= 0 ? t : NULL) ||
	     fact(b, "endpoint note", ep->note) || fact(b, "unusable", ep->detail) ||
	     fact(b, "quantization", recipe->quant) || fact(b, "engine (recipe)", recipe->engine) ||
	     fact(b, "GPU", recipe->gpu) || fact(b, "key flags", recipe->key_flags) ||
	     fact(b, "preflight", m->version);
	return rc || buf_puts(b, "</dl>\n");
}

/* --- probes ------------------------------------------------------------ */

static bool item_failed(const struct model *m, const struct model_item *p)
{
	return m->kind == MODEL_CONFORM ? p->fails : p->verdict != VERDICT_PASS;
}

/* a row of the probe table, its name a link to its story below */
static int probe_row(struct buf *b, const struct model *m, const struct model_item *p,
		     size_t report)
{
	bool conform = m->kind == MODEL_CONFORM;
	const char *v = verdict_class(m, p);
	const char *what = conform ? p->evidence : p->message ? p->message : p->evidence;

	return buf_printf(b, "<tr%s><td class=\"v ", item_failed(m, p) ? "" : " class=\"ok\"") ||
	       markup_text(b, v, true) || buf_puts(b, "\">") || esc(b, v) ||
	       buf_printf(b, "</td><td><a href=\"#r%zu-i%zu\"><code>", report + 1,
			  (size_t)(p - m->items)) ||
	       esc(b, p->id) || esc(b, p->variant) || buf_puts(b, "</code></a> ") ||
	       esc(b, p->title) || buf_puts(b, "</td><td>") ||
	       esc(b, conform ? p->area : p->cause) || buf_puts(b, "</td><td>") || esc(b, what) ||
	       buf_puts(b, "</td></tr>\n");
}

/* one answer of a probe: its label, status, finish, tokens, excerpts */
static int observation(struct buf *b, const struct model_obs *o)
{
	char line[256];

	snprintf(line, sizeof(line), "%s · HTTP %ld · finish %s · prompt %ld · completion %ld",
		 o->passed ? "passed" : "did not pass", o->status < 0 ? 0 : o->status,
		 o->finish_reason ? o->finish_reason : "none", o->prompt_tokens,
		 o->completion_tokens);
	return buf_puts(b, "<li><code>") || esc(b, o->label) || buf_puts(b, "</code> ") ||
	       esc(b, line) || element(b, "div", NULL, o->detail) ||
	       (o->content_excerpt && buf_puts(b, "<div>content:</div>")) ||
	       element(b, "pre", "content", o->content_excerpt) ||
	       (o->reasoning_excerpt && buf_puts(b, "<div>reasoning:</div>")) ||
	       element(b, "pre", "reasoning", o->reasoning_excerpt) ||
	       element(b, "pre", "tool", o->tool_call) || element(b, "pre", "error", o->error) ||
	       buf_puts(b, "</li>\n");
}

#define ANSWERS_SHOWN 24 /* answers a story lists; the JSON has them all */

/* An item's answers: the ones that did not pass first and open (the one
 * broken call of a tool batch is not lost among 19 clean ones), then the
 * passing ones folded */
static int answers(struct buf *b, const struct model_item *p)
{
	size_t k, shown = 0, passed = 0;
	int rc = buf_puts(b, "<ul>\n");

	for (k = 0; k < p->n_obs && shown < ANSWERS_SHOWN && !rc; k++)
		if (!p->obs[k].passed) {
			rc = observation(b, &p->obs[k]);
			shown++;
		}
	for (k = 0; k < p->n_obs; k++)
		passed += p->obs[k].passed;
	rc = rc || buf_puts(b, "</ul>\n");
	if (!rc && passed && passed < p->n_obs)
		rc = buf_printf(b, "<details><summary>%zu answer%s that passed</summary><ul>\n",
				passed, passed == 1 ? "" : "s");
	else if (!rc && passed)
		rc = buf_puts(b, "<ul>\n");
	for (k = 0; k < p->n_obs && shown < ANSWERS_SHOWN && !rc; k++)
		if (p->obs[k].passed) {
			rc = observation(b, &p->obs[k]);
			shown++;
		}
	rc = rc || (passed && buf_puts(b, passed < p->n_obs ? "</ul></details>\n" : "</ul>\n"));
	if (!rc && p->n_obs > shown)
		rc = buf_printf(b, "<p>… %zu more answers in the JSON report</p>\n",
				p->n_obs - shown);
	return rc;
}

/* a probe's story: why, the remedy, the evidence, its answers */
static int probe_details(struct buf *b, const struct model *m, const struct model_item *p,
			 size_t report)
{
	const char *v = verdict_class(m, p);
	int rc;

	rc = buf_printf(b, "<details id=\"r%zu-i%zu\" class=\"item%s\"%s><summary><span class=\"",
			report + 1, (size_t)(p - m->items), item_failed(m, p) ? "" : " ok",
			item_failed(m, p) ? " open" : "") ||
	     markup_text(b, v, true) || buf_puts(b, "\">") || esc(b, v) ||
	     buf_puts(b, "</span> ") || esc(b, p->id) || esc(b, p->variant) ||
	     (p->cause && (buf_puts(b, " — ") || esc(b, p->cause))) ||
	     buf_puts(b, "</summary>\n") ||
	     element(b, "p", NULL, m->kind == MODEL_CONFORM ? NULL : p->message) ||
	     (p->remedy && (buf_puts(b, "<p class=\"remedy\"><b>remedy:</b> ") ||
			    esc(b, p->remedy) || buf_puts(b, "</p>\n"))) ||
	     (p->evidence && (buf_puts(b, "<p><b>evidence:</b> ") || esc(b, p->evidence) ||
			      buf_puts(b, "</p>"))) ||
	     answers(b, p);
	return rc || buf_puts(b, "</details>\n");
}

static bool cell_passed(const struct model_item *p)
{
	return p->verdict == VERDICT_PASS || p->beyond_window;
}

static bool same_id(const struct model_item *a, const struct model_item *b)
{
	return a->id && b->id && !strcmp(a->id, b->id);
}

/* is p the first sweep cell of its probe? */
static bool first_cell(const struct model *m, const struct model_item *p)
{
	const struct model_item *q;

	for (q = m->items; q < model_end(m); q++) {
		if (q == p)
			return true;
		if (q->swept && same_id(q, p))
			return false;
	}
	return true;
}

/* one row for all the cells of p's sweep: how many passed, which did not */
static int sweep_row(struct buf *b, const struct model *m, const struct model_item *p)
{
	const struct model_item *q;
	int cells = 0, passed = 0, beyond = 0, named = 0, rc;
	struct buf bad = BUF_INIT(0);

	for (q = m->items; q < model_end(m); q++) {
		if (!q->swept || !same_id(q, p))
			continue;
		cells++;
		beyond += q->beyond_window;
		passed += cell_passed(q) && !q->beyond_window;
		if (!cell_passed(q) && named++ < 8)
			buf_printf(&bad, "%s%s%s (%s)", named > 1 ? ", " : "", p->id,
				   q->variant ? q->variant : "", q->cause ? q->cause : "?");
	}
	rc = buf_printf(b, "<tr><td class=\"v %s\">%s</td><td><code>", named ? "fail" : "pass",
			named ? "fail" : "pass") ||
	     esc(b, p->id) || buf_puts(b, "</code> sweep — ") || esc(b, p->title) ||
	     buf_printf(b, "</td><td></td><td>%d/%d cells passed (the map above)", passed, cells) ||
	     (beyond && buf_printf(b, ", %d beyond the window", beyond)) ||
	     buf_puts(b, named ? "; not passed: " : "") || esc(b, buf_cstr(&bad)) ||
	     buf_puts(b, named > 8 ? ", …</td></tr>\n" : "</td></tr>\n");
	buf_release(&bad);
	return rc;
}

static int probes(struct buf *b, const struct model *m, size_t report)
{
	bool conform = m->kind == MODEL_CONFORM;
	const struct model_item *p;
	int rc;

	rc = buf_printf(b,
			"<h3>%s</h3>\n<table class=\"probes\"><tr><th>%s</th><th>%s</th>"
			"<th>%s</th><th>%s</th></tr>\n",
			conform ? "Conformance checks" : "Probes", conform ? "status" : "verdict",
			conform ? "check" : "probe", conform ? "area" : "cause",
			conform ? "evidence" : "what happened");
	for (p = m->items; p < model_end(m) && !rc; p++)
		rc = p->swept ? (first_cell(m, p) ? sweep_row(b, m, p) : 0)
			      : probe_row(b, m, p, report);
	rc = rc || buf_puts(b, "</table>\n<h3>Causes, remedies and evidence</h3>\n");
	/* a sweep's passing cells are in the map: only the others have a story */
	for (p = m->items; p < model_end(m) && !rc; p++)
		if (!(p->swept && cell_passed(p)))
			rc = probe_details(b, m, p, report);
	return rc;
}

/* --- stream timing -------------------------------------------------------- */

/* the TTFT of each streamed answer of p, and its ITL histogram summed */
static void timings(const struct model_item *p, double *ttft, size_t max, size_t *n,
		    double hist[SPEED_ITL_BINS])
{
	size_t i;
	int k;

	for (i = 0; i < p->n_obs; i++) {
		const struct model_obs *o = &p->obs[i];

		if (!o->has_stream)
			continue;
		if (o->stream.ttft >= 0 && *n < max)
			ttft[(*n)++] = o->stream.ttft;
		for (k = 0; o->hist && k < SPEED_ITL_BINS; k++)
			if (o->hist->counts[k] >= 0 && o->hist->counts[k] <= 1e9)
				hist[k] += o->hist->counts[k];
	}
}
/* a duration in milliseconds, the one unit of the timing charts: "0.25",
 * "41.2", "4.1e+03" never (4096) */
static void ms(double s, char *out, size_t n)
{
	double v = s * 1e3;

	snprintf(out, n, v >= 100 ? "%.0f" : "%.3g", v);
}

static int svg_text(struct buf *b, double x, double y, const char *anchor, const char *s)
{
	return buf_printf(b,
			  "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#333333\" "
			  "text-anchor=\"%s\">",
			  x, y, anchor) ||
	       esc(b, s) || buf_puts(b, "</text>\n");
}

/* TTFT: one dot per answer on a time axis from a little below the fastest
 * to a little above the slowest */
static int ttft_strip(struct buf *b, const double *t, size_t n)
{
	double lo = t[0], hi = t[0], x0 = 20, w = 260, y = 96, mid, half;
	char label[32];
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		lo = t[i] < lo ? t[i] : lo;
		hi = t[i] > hi ? t[i] : hi;
	}
	mid = (lo + hi) / 2;
	half = (hi - lo) / 2 > hi * 0.05 ? (hi - lo) / 2 : (hi > 0 ? hi * 0.05 : 0.0005);
	lo = mid - half * 1.2 > 0 ? mid - half * 1.2 : 0;
	hi = mid + half * 1.2;
	rc = svg_text(b, x0, 22, "start", "time to first token (ms), one dot per answer") ||
	     buf_printf(
		     b,
		     "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888888\"/>\n",
		     x0, y + 10, x0 + w, y + 10);
	for (i = 0; i < n && !rc; i++)
		rc = buf_printf(b,
				"<circle class=\"ttft\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
				"fill=\"#0969da\" fill-opacity=\"0.6\"/>\n",
				x0 + w * (t[i] - lo) / (hi - lo), y - (double)(i % 6) * 10);
	ms(lo, label, sizeof(label));
	rc = rc || svg_text(b, x0, y + 26, "start", label);
	ms(hi, label, sizeof(label));
	return rc || svg_text(b, x0 + w, y + 26, "end", label);
}

/* ITL: the gaps between token arrivals, by size, over every answer; no
 * bars for a burst (a buffering proxy): its "gaps" are the proxy's, and a
 * bar would draw the ITL the report says is unknown. A stream too short to
 * time still shows the few gaps it had. */
/* "–0.5 ms": where bin k ends, or " ms or more" for the last */
static int itl_range(struct buf *b, int k)
{
	char label[32];

	if (k + 1 >= SPEED_ITL_BINS)
		return buf_puts(b, " ms or more");
	ms(speed_itl_bin_upper(k), label, sizeof(label));
	return buf_printf(b, "–%s ms", label);
}

static int itl_bars(struct buf *b, const double hist[SPEED_ITL_BINS], const char *unknown)
{
	double most = 0, x0 = 330, w = 310, top = 40, h = 80, bw = w / SPEED_ITL_BINS;
	char label[32];
	int k, rc;

	for (k = 0; k < SPEED_ITL_BINS; k++)
		most = hist[k] > most ? hist[k] : most;
	rc = svg_text(b, x0, 22, "start", "gaps between tokens (ms, bins double), with counts");
	if (!rc && unknown)
		return svg_text(b, x0 + w / 2, top + h / 2, "middle", unknown);
	if (!rc && most <= 0)
		rc = svg_text(b, x0 + w / 2, top + h / 2, "middle",
			      "no gaps: every answer came in one piece");
	rc = rc || buf_printf(b,
			      "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			      "stroke=\"#888888\"/>\n",
			      x0, top + h, x0 + w, top + h);
	for (k = 0; k < SPEED_ITL_BINS && !rc; k++) {
		double bh = most > 0 ? h * hist[k] / most : 0;
		char count[24];

		ms(k ? speed_itl_bin_upper(k - 1) : 0, label, sizeof(label));
		snprintf(count, sizeof(count), "%.0f", hist[k]);
		rc = buf_printf(b,
				"<rect class=\"itl\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" fill=\"#8250df\"><title>%.0f gaps of %s",
				x0 + bw * k + 1, top + h - bh, bw - 2, bh, hist[k], label) ||
		     itl_range(b, k) || buf_puts(b, "</title></rect>\n") ||
		     (hist[k] > 0 &&
		      buf_printf(b,
				 "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" fill=\"#333333\" "
				 "text-anchor=\"middle\">%s</text>\n",
				 x0 + bw * k + bw / 2, top + h - bh - 3, count));
	}
	/* the bins' edges: every third, from the first */
	for (k = 0; k < SPEED_ITL_BINS - 1 && !rc; k += 3) {
		ms(speed_itl_bin_upper(k), label, sizeof(label));
		rc = svg_text(b, x0 + bw * (k + 1), top + h + 14, "middle", label);
	}
	return rc;
}

/* "TTFT median 31 ms · ITL p50 2.1 ms, p95 3.9 ms", what is known of it */
static void timing_caption(const struct model_item *p, size_t n, char *out, size_t len)
{
	const struct model_metrics *mt = &p->metrics;
	size_t used;

	snprintf(out, len, "%zu streamed answer%s", n, n == 1 ? "" : "s");
	used = strlen(out);
	if (p->swept) {
		snprintf(out + used, len - used, " over the sweep's cells");
		return;
	}
	if (p->has_metrics && mt->ttft >= 0)
		used += (size_t)snprintf(out + used, len - used, " · TTFT median %.3g ms",
					 mt->ttft * 1e3);
	if (used < len && p->has_metrics && mt->itl_p50 >= 0)
		snprintf(out + used, len - used, " · ITL p50 %.3g ms, p95 %.3g ms",
			 mt->itl_p50 * 1e3, mt->itl_p95 * 1e3);
}

/* the answers a chart of p draws: its own, or every cell of its sweep */
static size_t chart_data(const struct model *m, const struct model_item *p, double *ttft,
			 size_t max, double hist[SPEED_ITL_BINS])
{
	const struct model_item *q;
	size_t n = 0;
	int k;

	for (k = 0; k < SPEED_ITL_BINS; k++)
		hist[k] = 0;
	if (!p->swept) {
		timings(p, ttft, max, &n, hist);
		return n;
	}
	for (q = m->items; q < model_end(m); q++)
		if (q->swept && same_id(q, p))
			timings(q, ttft, max, &n, hist);
	return n;
}

static int timing_chart(struct buf *b, const struct model *m, const struct model_item *p)
{
	double ttft[512], hist[SPEED_ITL_BINS];
	size_t n = chart_data(m, p, ttft, 512, hist);
	char caption[256];

	if (!n)
		return 0;
	timing_caption(p, n, caption, sizeof(caption));
	return buf_puts(b, "<h4>") || esc(b, p->id) || esc(b, p->swept ? " sweep" : p->variant) ||
	       buf_puts(b, " — ") || esc(b, caption) ||
	       buf_printf(b,
			  "</h4>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timing\" "
			  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
			  "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
			  "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
			  CHART_W, CHART_H, CHART_W, CHART_H) ||
	       ttft_strip(b, ttft, n) ||
	       itl_bars(b, hist,
			!p->metrics.burst ? NULL
			: p->metrics.decode_note
				? p->metrics.decode_note
				: "no inter-token latency: the stream came in bursts") ||
	       buf_puts(b, "</svg>\n");
}

static int timing(struct buf *b, const struct model *m)
{
	const struct model_item *p;
	bool any = false;
	int rc = 0;

	for (p = m->items; p < model_end(m); p++)
		any = any || p->has_metrics;
	if (!any)
		return 0;
	rc = buf_puts(b, "<h3>Stream timing</h3>\n");
	for (p = m->items; p < model_end(m) && !rc; p++)
		if (!p->swept || first_cell(m, p))
			rc = timing_chart(b, m, p);
	return rc;
}

/* --- the rest of a report ------------------------------------------------- */

static int settings(struct buf *b, const struct model *m)
{
	const struct model_settings *s = &m->settings;
	const struct model_recipe *r = &m->recipe;
	size_t i;
	int rc = buf_puts(b, "<h3>Settings</h3>\n<table class=\"settings\">\n") ||
		 row(b, "thinking", s->thinking) || row(b, "reasoning_effort", s->reasoning_effort);

	if (!rc && m->kind == MODEL_RUN)
		rc = row_long(b, "visible_answer_tokens", s->visible_tokens) ||
		     row_long(b, "reasoning_headroom_tokens", s->headroom_tokens);
	rc = rc || row_long(b, "max_tokens", s->max_tokens);
	if (!rc && m->kind == MODEL_RUN)
		rc = row_long(b, "needle_ctx", s->needle_ctx) ||
		     row_long(b, "tool_batch", s->tool_batch) ||
		     row(b, "allowed_finish_reasons", s->allowed_finish) ||
		     row(b, "reasoning_evidence", s->reasoning_evidence) ||
		     row(b, "stream", s->stream ? "true" : "false") ||
		     row(b, "stream_parity", s->stream_parity ? "true" : "false") ||
		     row(b, "parallel", s->parallel ? "true" : "false");
	for (i = 0; i < m->n_inputs && !rc; i++)
		rc = row(b, m->inputs[i].kind, m->inputs[i].path) ||
		     row(b, "sha256", m->inputs[i].sha256);
	rc = rc || buf_puts(b, "</table>\n");
	if (rc || !r->present)
		return rc;
	return buf_puts(b, "<h3>Recipe</h3>\n<table class=\"recipe\">\n") ||
	       row(b, "name", r->name) || row(b, "path", r->path) || row(b, "model", r->model) ||
	       row(b, "quant", r->quant) || row(b, "engine", r->engine) || row(b, "gpu", r->gpu) ||
	       row(b, "key_flags", r->key_flags) || row(b, "serves_note", r->serves_note) ||
	       row(b, "notes", r->notes) || buf_puts(b, "</table>\n");
}

static int one_report(struct buf *b, const struct model *m, size_t index)
{
	int rc = report_head(b, m, index);

	if (!rc && heatmap_has_cells(m))
		rc = buf_puts(b, "<h3>Long-context map</h3>\n") ||
		     heatmap_svg_in_page(m, index + 1, b);
	return rc || probes(b, m, index) ||
	       (!m->endpoint.engine_failed && engine_log_block(b, m)) || timing(b, m) ||
	       settings(b, m) || buf_puts(b, "</section>\n");
}

/* several reports: one row each, linking to its section */
static int comparison(struct buf *b, const struct model *const *ms, size_t n)
{
	size_t i;
	int rc = buf_puts(b, "<h2>Comparison</h2>\n<table class=\"comparison\"><tr><th>report</th>"
			     "<th>model</th><th>engine</th><th>verdict</th><th>passed</th>"
			     "<th>effective context</th><th>summary</th></tr>\n");

	for (i = 0; i < n && !rc; i++) {
		const struct model *m = ms[i];
		char name[512];

		model_name(m, name, sizeof(name));
		rc = buf_printf(b, "<tr><td><a href=\"#report-%zu\">", i + 1) || esc(b, name) ||
		     buf_puts(b, "</a></td><td>") || esc(b, m->endpoint.model) ||
		     buf_puts(b, "</td><td>") || esc(b, m->endpoint.engine) ||
		     buf_printf(b, "</td><td class=\"v %s\">%s</td><td>%d/%d</td><td>",
				m->passed ? "pass" : "fail", model_result_words(m),
				m->counts.passed, m->counts.items) ||
		     esc(b, m->sweep.headline) || buf_puts(b, "</td><td>") || esc(b, m->summary) ||
		     buf_puts(b, "</td></tr>\n");
	}
	return rc || buf_puts(b, "</table>\n");
}

int html_page_open(struct buf *out, const char *title, const char *heading)
{
	return buf_puts(out,
			"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
			"'none'; style-src 'unsafe-inline'\">\n<title>") ||
			       esc(out, title) ||
			       buf_printf(
				       out,
				       "</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n<h1>",
				       style) ||
			       esc(out, heading) || buf_puts(out, "</h1>\n<p class=\"meta\">")
		       ? -1
		       : 0;
}

int html_page_close(struct buf *out)
{
	return buf_puts(out, "</main>\n</body>\n</html>\n") ? -1 : 0;
}

int html_render(const struct model *const *ms, size_t n, struct buf *out)
{
	char name[480], title[512];
	size_t i;
	int rc;

	if (n == 1)
		model_name(ms[0], name, sizeof(name));
	else
		snprintf(name, sizeof(name), "%zu reports", n);
	snprintf(title, sizeof(title), "preflight — %s", name);
	rc = html_page_open(out, title, "preflight report") ||
	     buf_printf(out,
			"%zu report%s · preflight %s · <a href=\"#failures-only\">failures "
			"only</a> · <a href=\"#everything\">everything</a></p>\n"
			"<span id=\"failures-only\"></span><span id=\"everything\"></span>\n",
			n, n == 1 ? "" : "s", PREFLIGHT_VERSION);
	if (!rc && n > 1)
		rc = comparison(out, ms, n);
	for (i = 0; i < n && !rc; i++)
		rc = one_report(out, ms[i], i);
	return rc || html_page_close(out) ? -1 : 0;
}

/* --- a live run's page and map: from its model, as `preflight report`
 * draws them from the model its JSON reads back into -------------------- */

int report_html_render(const struct model *m, struct buf *out)
{
	return html_render(&m, 1, out);
}

int report_svg_render(const struct model *m, struct buf *out)
{
	return heatmap_svg(m, true, out);
}
