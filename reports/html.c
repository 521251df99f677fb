/* html — the HTML report; see html.h. */
#include "html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "heatmap.h"
#include "markup.h"
#include "plan.h"
#include "report.h"
#include "speed.h"
#include "table.h"
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
	"@media print{body{background:#fff}details{break-inside:avoid}}";

/* --- pieces -------------------------------------------------------------- */

static const cJSON *get(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* a number of o, none when absent; held within -1..1e15, since a report's
 * numbers are not trusted to fit a long or an int */
static double num(const cJSON *o, const char *key, double none)
{
	const cJSON *v = get(o, key);

	if (!cJSON_IsNumber(v))
		return none;
	return v->valuedouble < -1 ? -1 : v->valuedouble > 1e15 ? 1e15 : v->valuedouble;
}

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

/* any scalar member of o as text into t ("" when absent or a container) */
static const char *scalar(const cJSON *v, char *t, size_t n)
{
	if (cJSON_IsString(v))
		return v->valuestring;
	if (cJSON_IsBool(v))
		return cJSON_IsTrue(v) ? "true" : "false";
	if (cJSON_IsNumber(v)) {
		snprintf(t, n, "%.10g", v->valuedouble);
		return t;
	}
	return NULL;
}

/* every scalar member of o, name and value, as table rows */
static int member_rows(struct buf *b, const cJSON *o)
{
	const cJSON *v;
	int rc = 0;

	cJSON_ArrayForEach(v, o)
	{
		char t[64];
		const char *s = scalar(v, t, sizeof(t));

		if (s && !rc)
			rc = buf_puts(b, "<tr><th>") || esc(b, v->string) ||
			     buf_puts(b, "</th><td>") || esc(b, s) || buf_puts(b, "</td></tr>\n");
	}
	return rc;
}

/* what a report is called: its recipe, else its model at its endpoint */
static void report_name(const cJSON *r, char *out, size_t n)
{
	const cJSON *ep = get(r, "endpoint");
	const char *name = table_str(get(r, "recipe"), "name"), *model = table_str(ep, "model");

	if (name)
		snprintf(out, n, "%s", name);
	else
		snprintf(out, n, "%s at %s", model ? model : "unknown model",
			 table_str(ep, "base_url") ? table_str(ep, "base_url") : "?");
}

static void tally(const cJSON *r, int *passed, int *total)
{
	const cJSON *p;

	*passed = *total = 0;
	cJSON_ArrayForEach(p, table_items(r))
	{
		const char *v = table_str(p, table_is_conformance(r) ? "status" : "verdict");

		(*total)++;
		*passed += table_is_conformance(r) ? !cJSON_IsTrue(get(p, "fails"))
						   : (v && !strcmp(v, "pass")) ||
							     cJSON_IsTrue(get(p, "beyond_window"));
	}
}

/* --- the header of a report ---------------------------------------------- */

static int verdict_badge(struct buf *b, const cJSON *r)
{
	int passed, total;
	bool ok = cJSON_IsTrue(get(r, "passed"));

	tally(r, &passed, &total);
	return buf_printf(b, "<div class=\"verdict %s\">%s (%d/%d %s)</div>\n",
			  ok ? "pass" : "fail", ok ? "ALL PASS" : "FAILURES PRESENT", passed, total,
			  table_is_conformance(r) ? "checks without a failure" : "passed");
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

static int figure(struct buf *b, const char *value, const char *what)
{
	return buf_puts(b, "<div class=\"figure\"><b>") || esc(b, value) ||
	       buf_puts(b, "</b><span>") || esc(b, what) || buf_puts(b, "</span></div>\n");
}

/* the numbers a reader looks for first */
static int figures(struct buf *b, const cJSON *r)
{
	const cJSON *sweep = get(r, "sweep"), *speed = get(r, "speed");
	char t[64], eff[64];
	int passed, total, rc;

	tally(r, &passed, &total);
	snprintf(t, sizeof(t), "%d/%d", passed, total);
	rc = buf_puts(b, "<div class=\"figures\">\n") ||
	     figure(b, t, table_is_conformance(r) ? "checks without a failure" : "probes passed");
	if (!rc && cJSON_IsObject(sweep)) {
		double e = num(sweep, "effective_context", 0), m = num(sweep, "swept_max", 0);
		char max[24];

		plan_size_label((long)e, eff, sizeof(eff));
		plan_size_label((long)m, max, sizeof(max));
		snprintf(t, sizeof(t), "effective context of %s swept", max);
		rc = figure(b, e > 0 ? eff : "none", t);
	}
	if (!rc && num(speed, "decode_tokens_per_second", -1) > 0) {
		snprintf(t, sizeof(t), "%.1f", num(speed, "decode_tokens_per_second", 0));
		rc = figure(b, t, "decode tokens/s");
	}
	if (!rc && num(r, "seconds", -1) >= 0) {
		snprintf(t, sizeof(t), "%.1f s", num(r, "seconds", 0));
		rc = figure(b, t, "the whole run");
	}
	return rc || buf_puts(b, "</div>\n");
}

static int report_head(struct buf *b, const cJSON *r, size_t index)
{
	const cJSON *ep = get(r, "endpoint"), *recipe = get(r, "recipe");
	char name[512], t[64], *len;
	int rc;

	report_name(r, name, sizeof(name));
	len = cJSON_IsNumber(get(ep, "max_model_len")) ? t : NULL;
	if (len)
		snprintf(t, sizeof(t), "%.0f tokens", num(ep, "max_model_len", 0));
	rc = buf_printf(b, "<section class=\"report\" id=\"report-%zu\">\n<h2>", index + 1) ||
	     esc(b, name) ||
	     buf_printf(b, "</h2>\n<p class=\"meta\">%s · ",
			table_is_conformance(r) ? "preflight conform" : "preflight run") ||
	     esc(b, table_str(r, "started")) || buf_puts(b, "</p>\n") || verdict_badge(b, r) ||
	     chips(b, table_str(r, "summary")) || figures(b, r) ||
	     buf_puts(b, "<dl class=\"facts\">\n") ||
	     fact(b, "endpoint", table_str(ep, "base_url")) ||
	     fact(b, "model", table_str(ep, "model")) ||
	     fact(b, "engine", table_str(ep, "engine")) ||
	     fact(b, "engine seen by", table_str(ep, "engine_evidence")) ||
	     fact(b, "server version", table_str(ep, "server_version")) ||
	     fact(b, "context window", len) || fact(b, "endpoint note", table_str(ep, "note")) ||
	     fact(b, "unusable", table_str(ep, "detail")) ||
	     fact(b, "quantization", table_str(recipe, "quant")) ||
	     fact(b, "engine (recipe)", table_str(recipe, "engine")) ||
	     fact(b, "GPU", table_str(recipe, "gpu")) ||
	     fact(b, "key flags", table_str(recipe, "key_flags")) ||
	     fact(b, "preflight", table_str(r, "preflight_version"));
	return rc || buf_puts(b, "</dl>\n");
}

/* --- probes ------------------------------------------------------------ */

static int probe_row(struct buf *b, const cJSON *p, bool conform)
{
	const char *v = table_str(p, conform ? "status" : "verdict");
	const char *what = table_str(p, conform ? "evidence" : "message");

	return buf_puts(b, "<tr><td class=\"v ") || markup_text(b, v, true) || buf_puts(b, "\">") ||
	       esc(b, v) || buf_puts(b, "</td><td><code>") || esc(b, table_str(p, "id")) ||
	       esc(b, table_str(p, "variant")) || buf_puts(b, "</code> ") ||
	       esc(b, table_str(p, "title")) || buf_puts(b, "</td><td>") ||
	       esc(b, table_str(p, conform ? "area" : "cause")) || buf_puts(b, "</td><td>") ||
	       esc(b, what ? what : (conform ? NULL : table_str(p, "evidence"))) ||
	       buf_puts(b, "</td></tr>\n");
}

/* one answer of a probe: its label, status, finish, tokens, excerpts */
static int observation(struct buf *b, const cJSON *o)
{
	char line[256];
	const char *finish = table_str(o, "finish_reason");

	snprintf(line, sizeof(line), "%s · HTTP %.0f · finish %s · prompt %.0f · completion %.0f",
		 cJSON_IsTrue(get(o, "passed")) ? "passed" : "did not pass", num(o, "status", 0),
		 finish ? finish : "none", num(o, "prompt_tokens", -1),
		 num(o, "completion_tokens", -1));
	return buf_puts(b, "<li><code>") || esc(b, table_str(o, "label")) ||
	       buf_puts(b, "</code> ") || esc(b, line) ||
	       element(b, "div", NULL, table_str(o, "detail")) ||
	       (table_str(o, "content_excerpt") && buf_puts(b, "<div>content:</div>")) ||
	       element(b, "pre", "content", table_str(o, "content_excerpt")) ||
	       (table_str(o, "reasoning_excerpt") && buf_puts(b, "<div>reasoning:</div>")) ||
	       element(b, "pre", "reasoning", table_str(o, "reasoning_excerpt")) ||
	       element(b, "pre", "tool", table_str(o, "tool_call")) ||
	       element(b, "pre", "error", table_str(o, "error")) || buf_puts(b, "</li>\n");
}

/* a probe's story: why, the remedy, the evidence, its answers (at most
 * 24; the JSON has them all) */
static int probe_details(struct buf *b, const cJSON *p, bool conform)
{
	const char *v = table_str(p, conform ? "status" : "verdict");
	bool bad = conform ? cJSON_IsTrue(get(p, "fails")) : !v || strcmp(v, "pass");
	const cJSON *o;
	int rc, k = 0;

	rc = buf_printf(b, "<details%s><summary><span class=\"", bad ? " open" : "") ||
	     markup_text(b, v, true) || buf_puts(b, "\">") || esc(b, v) ||
	     buf_puts(b, "</span> ") || esc(b, table_str(p, "id")) ||
	     esc(b, table_str(p, "variant")) ||
	     (table_str(p, "cause") && (buf_puts(b, " — ") || esc(b, table_str(p, "cause")))) ||
	     buf_puts(b, "</summary>\n") || element(b, "p", NULL, table_str(p, "message")) ||
	     (table_str(p, "remedy") &&
	      (buf_puts(b, "<p class=\"remedy\"><b>remedy:</b> ") ||
	       esc(b, table_str(p, "remedy")) || buf_puts(b, "</p>\n"))) ||
	     (table_str(p, "evidence") &&
	      (buf_puts(b, "<p><b>evidence:</b> ") || esc(b, table_str(p, "evidence")) ||
	       buf_puts(b, "</p>"))) ||
	     buf_puts(b, "<ul>\n");
	cJSON_ArrayForEach(o, get(p, "observations")) if (!rc && k++ < 24) rc = observation(b, o);
	if (!rc && k > 24)
		rc = buf_printf(b, "<li>… %d more answers in the JSON report</li>\n", k - 24);
	return rc || buf_puts(b, "</ul></details>\n");
}

static bool swept(const cJSON *p)
{
	return cJSON_IsTrue(get(p, "swept"));
}

static bool cell_passed(const cJSON *p)
{
	const char *v = table_str(p, "verdict");

	return (v && !strcmp(v, "pass")) || cJSON_IsTrue(get(p, "beyond_window"));
}

/* do a and b have the same id (neither without one)? */
static bool same_id(const cJSON *a, const cJSON *b)
{
	const char *x = table_str(a, "id"), *y = table_str(b, "id");

	return x && y && !strcmp(x, y);
}

/* is p the first sweep cell of its probe? */
static bool first_cell(const cJSON *r, const cJSON *p)
{
	const cJSON *q;

	cJSON_ArrayForEach(q, table_items(r))
	{
		if (q == p)
			return true;
		if (swept(q) && same_id(q, p))
			return false;
	}
	return true;
}

/* one row for all the cells of p's sweep: how many passed, which did not */
static int sweep_row(struct buf *b, const cJSON *r, const cJSON *p)
{
	const char *id = table_str(p, "id");
	const cJSON *q;
	int cells = 0, passed = 0, beyond = 0, named = 0, rc;
	struct buf bad = BUF_INIT(0);

	cJSON_ArrayForEach(q, table_items(r))
	{
		if (!swept(q) || !same_id(q, p))
			continue;
		cells++;
		beyond += cJSON_IsTrue(get(q, "beyond_window"));
		passed += cell_passed(q) && !cJSON_IsTrue(get(q, "beyond_window"));
		if (!cell_passed(q) && named++ < 8)
			buf_printf(&bad, "%s%s%s (%s)", named > 1 ? ", " : "", id,
				   table_str(q, "variant") ? table_str(q, "variant") : "",
				   table_str(q, "cause") ? table_str(q, "cause") : "?");
	}
	rc = buf_printf(b, "<tr><td class=\"v %s\">%s</td><td><code>", named ? "fail" : "pass",
			named ? "fail" : "pass") ||
	     esc(b, id) || buf_puts(b, "</code> sweep — ") || esc(b, table_str(p, "title")) ||
	     buf_printf(b, "</td><td></td><td>%d/%d cells passed (the map above)", passed, cells) ||
	     (beyond && buf_printf(b, ", %d beyond the window", beyond)) ||
	     buf_puts(b, named ? "; not passed: " : "") || esc(b, buf_cstr(&bad)) ||
	     buf_puts(b, named > 8 ? ", …</td></tr>\n" : "</td></tr>\n");
	buf_release(&bad);
	return rc;
}

static int probes(struct buf *b, const cJSON *r)
{
	bool conform = table_is_conformance(r);
	const cJSON *p;
	int rc;

	rc = buf_printf(b,
			"<h3>%s</h3>\n<table class=\"probes\"><tr><th>%s</th><th>%s</th>"
			"<th>%s</th><th>%s</th></tr>\n",
			conform ? "Conformance checks" : "Probes", conform ? "status" : "verdict",
			conform ? "check" : "probe", conform ? "area" : "cause",
			conform ? "evidence" : "what happened");
	cJSON_ArrayForEach(p, table_items(r))
	{
		if (!rc && swept(p))
			rc = first_cell(r, p) ? sweep_row(b, r, p) : 0;
		else if (!rc)
			rc = probe_row(b, p, conform);
	}
	rc = rc || buf_puts(b, "</table>\n<h3>Causes, remedies and evidence</h3>\n");
	/* a sweep's passing cells are in the map: only the others have a story */
	cJSON_ArrayForEach(p, table_items(r)) if (!rc && !(swept(p) && cell_passed(p))) rc =
		probe_details(b, p, conform);
	return rc;
}

/* --- stream timing -------------------------------------------------------- */

/* the TTFT of each streamed answer of p, and its ITL histogram summed */
static void timings(const cJSON *p, double *ttft, size_t max, size_t *n,
		    double hist[SPEED_ITL_BINS])
{
	const cJSON *o, *c;
	int k;

	cJSON_ArrayForEach(o, get(p, "observations"))
	{
		const cJSON *st = get(o, "stream");

		if (!cJSON_IsObject(st))
			continue;
		if (num(st, "ttft_seconds", -1) >= 0 && *n < max)
			ttft[(*n)++] = num(st, "ttft_seconds", 0);
		k = 0;
		cJSON_ArrayForEach(c, get(get(st, "itl_histogram"), "counts"))
		{
			if (k < SPEED_ITL_BINS && cJSON_IsNumber(c) && c->valuedouble >= 0 &&
			    c->valuedouble <= 1e9)
				hist[k] += c->valuedouble;
			k++;
		}
	}
}

/* "0.25 ms", "1 s": a duration on an axis */
static void duration(double s, char *out, size_t n)
{
	if (s >= 1)
		snprintf(out, n, "%.3g s", s);
	else
		snprintf(out, n, "%.3g ms", s * 1e3);
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
	rc = svg_text(b, x0, 22, "start", "time to first token, one dot per answer") ||
	     buf_printf(
		     b,
		     "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888888\"/>\n",
		     x0, y + 10, x0 + w, y + 10);
	for (i = 0; i < n && !rc; i++)
		rc = buf_printf(b,
				"<circle class=\"ttft\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
				"fill=\"#0969da\" fill-opacity=\"0.6\"/>\n",
				x0 + w * (t[i] - lo) / (hi - lo), y - (double)(i % 6) * 10);
	duration(lo, label, sizeof(label));
	rc = rc || svg_text(b, x0, y + 26, "start", label);
	duration(hi, label, sizeof(label));
	return rc || svg_text(b, x0 + w, y + 26, "end", label);
}

/* ITL: the gaps between token arrivals, by size, over every answer */
static int itl_bars(struct buf *b, const double hist[SPEED_ITL_BINS])
{
	double most = 0, x0 = 330, w = 310, top = 34, h = 80, bw = w / SPEED_ITL_BINS;
	char label[32];
	int k, rc;

	for (k = 0; k < SPEED_ITL_BINS; k++)
		most = hist[k] > most ? hist[k] : most;
	rc = svg_text(b, x0, 22, "start", "inter-token latency, gaps by size (all answers)");
	if (!rc && most <= 0)
		rc = svg_text(b, x0 + w / 2, top + h / 2, "middle",
			      "no gaps: every answer came in one piece");
	for (k = 0; k < SPEED_ITL_BINS && !rc; k++) {
		double bh = most > 0 ? h * hist[k] / most : 0;

		rc = buf_printf(
			b,
			"<rect class=\"itl\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#8250df\"><title>%.0f gaps</title></rect>\n",
			x0 + bw * k + 1, top + h - bh, bw - 2, bh, hist[k]);
	}
	duration(speed_itl_bin_upper(0), label, sizeof(label));
	rc = rc || svg_text(b, x0, top + h + 16, "start", label);
	duration(speed_itl_bin_upper(SPEED_ITL_BINS / 2 - 1), label, sizeof(label));
	rc = rc || svg_text(b, x0 + w / 2, top + h + 16, "middle", label);
	duration(speed_itl_bin_upper(SPEED_ITL_BINS - 2), label, sizeof(label));
	return rc || svg_text(b, x0 + w, top + h + 16, "end", label);
}

/* "TTFT median 0.031 s · ITL p50 2.1 ms, p95 3.9 ms", what is known of it */
static void timing_caption(const cJSON *p, size_t n, char *out, size_t len)
{
	const cJSON *m = get(p, "metrics");
	size_t used;

	snprintf(out, len, "%zu streamed answer%s", n, n == 1 ? "" : "s");
	used = strlen(out);
	if (swept(p)) {
		snprintf(out + used, len - used, " over the sweep's cells");
		return;
	}
	if (num(m, "ttft_seconds", -1) >= 0)
		used += (size_t)snprintf(out + used, len - used, " · TTFT median %.4g s",
					 num(m, "ttft_seconds", 0));
	if (used < len && num(m, "itl_p50_seconds", -1) >= 0)
		snprintf(out + used, len - used, " · ITL p50 %.3g ms, p95 %.3g ms",
			 num(m, "itl_p50_seconds", 0) * 1e3, num(m, "itl_p95_seconds", 0) * 1e3);
}

/* the answers a chart of p draws: its own, or every cell of its sweep */
static size_t chart_data(const cJSON *r, const cJSON *p, double *ttft, size_t max,
			 double hist[SPEED_ITL_BINS])
{
	const cJSON *q;
	size_t n = 0;
	int k;

	for (k = 0; k < SPEED_ITL_BINS; k++)
		hist[k] = 0;
	if (!swept(p)) {
		timings(p, ttft, max, &n, hist);
		return n;
	}
	cJSON_ArrayForEach(q, table_items(r)) if (swept(q) && same_id(q, p))
		timings(q, ttft, max, &n, hist);
	return n;
}

static int timing_chart(struct buf *b, const cJSON *r, const cJSON *p)
{
	double ttft[512], hist[SPEED_ITL_BINS];
	size_t n = chart_data(r, p, ttft, 512, hist);
	char caption[256];

	if (!n)
		return 0;
	timing_caption(p, n, caption, sizeof(caption));
	return buf_puts(b, "<h4>") || esc(b, table_str(p, "id")) ||
	       esc(b, swept(p) ? " sweep" : table_str(p, "variant")) || buf_puts(b, " — ") ||
	       esc(b, caption) ||
	       buf_printf(b,
			  "</h4>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timing\" "
			  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
			  "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
			  "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
			  CHART_W, CHART_H, CHART_W, CHART_H) ||
	       ttft_strip(b, ttft, n) || itl_bars(b, hist) || buf_puts(b, "</svg>\n");
}

static int timing(struct buf *b, const cJSON *r)
{
	const cJSON *p;
	bool any = false;
	int rc = 0;

	cJSON_ArrayForEach(p, table_items(r)) any = any || cJSON_IsObject(get(p, "metrics"));
	if (!any)
		return 0;
	rc = buf_puts(b, "<h3>Stream timing</h3>\n");
	cJSON_ArrayForEach(p, table_items(r)) if (!rc && (!swept(p) || first_cell(r, p))) rc =
		timing_chart(b, r, p);
	return rc;
}

/* --- the rest of a report ------------------------------------------------- */

static int settings(struct buf *b, const cJSON *r)
{
	const cJSON *recipe = get(r, "recipe");

	return buf_puts(b, "<h3>Settings</h3>\n<table class=\"settings\">\n") ||
	       member_rows(b, get(r, "settings")) || member_rows(b, get(r, "inputs")) ||
	       buf_puts(b, "</table>\n") ||
	       (cJSON_IsObject(recipe) &&
		(buf_puts(b, "<h3>Recipe</h3>\n<table class=\"recipe\">\n") ||
		 member_rows(b, recipe) || buf_puts(b, "</table>\n")));
}

static int one_report(struct buf *b, const cJSON *r, size_t index)
{
	int rc = report_head(b, r, index);

	if (!rc && heatmap_has_cells(r))
		rc = buf_puts(b, "<h3>Long-context map</h3>\n") || heatmap_svg(r, false, b);
	return rc || probes(b, r) || timing(b, r) || settings(b, r) || buf_puts(b, "</section>\n");
}

/* several reports: one row each, linking to its section */
static int comparison(struct buf *b, const cJSON *const *reports, size_t n)
{
	size_t i;
	int rc = buf_puts(b, "<h2>Comparison</h2>\n<table class=\"comparison\"><tr><th>report</th>"
			     "<th>model</th><th>engine</th><th>verdict</th><th>passed</th>"
			     "<th>effective context</th><th>summary</th></tr>\n");

	for (i = 0; i < n && !rc; i++) {
		const cJSON *ep = get(reports[i], "endpoint");
		bool ok = cJSON_IsTrue(get(reports[i], "passed"));
		char name[512];
		int passed, total;

		report_name(reports[i], name, sizeof(name));
		tally(reports[i], &passed, &total);
		rc = buf_printf(b, "<tr><td><a href=\"#report-%zu\">", i + 1) || esc(b, name) ||
		     buf_puts(b, "</a></td><td>") || esc(b, table_str(ep, "model")) ||
		     buf_puts(b, "</td><td>") || esc(b, table_str(ep, "engine")) ||
		     buf_printf(b, "</td><td class=\"v %s\">%s</td><td>%d/%d</td><td>",
				ok ? "pass" : "fail", ok ? "pass" : "fail", passed, total) ||
		     esc(b, table_str(get(reports[i], "sweep"), "headline")) ||
		     buf_puts(b, "</td><td>") || esc(b, table_str(reports[i], "summary")) ||
		     buf_puts(b, "</td></tr>\n");
	}
	return rc || buf_puts(b, "</table>\n");
}

int html_render(const cJSON *const *reports, size_t n, struct buf *out)
{
	char name[480], title[512];
	size_t i;
	int rc;

	if (n == 1)
		report_name(reports[0], name, sizeof(name));
	else
		snprintf(name, sizeof(name), "%zu reports", n);
	snprintf(title, sizeof(title), "preflight — %s", name);
	rc = buf_puts(out,
		      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
		      "'none'; style-src 'unsafe-inline'\">\n<title>") ||
	     esc(out, title) ||
	     buf_printf(out,
			"</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n"
			"<h1>preflight report</h1>\n<p class=\"meta\">",
			style) ||
	     buf_printf(out, "%zu report%s · preflight %s</p>\n", n, n == 1 ? "" : "s",
			PREFLIGHT_VERSION);
	if (!rc && n > 1)
		rc = comparison(out, reports, n);
	for (i = 0; i < n && !rc; i++)
		rc = one_report(out, reports[i], i);
	return rc || buf_puts(out, "</main>\n</body>\n</html>\n") ? -1 : 0;
}

/* --- a live run's page and map: through its JSON report ------------------- */

static cJSON *tree_of(const struct run_result *r)
{
	struct buf json = BUF_INIT(0);
	cJSON *tree = NULL;

	if (report_json_render(r, &json) == 0)
		tree = cJSON_ParseWithLength(buf_cstr(&json), json.len);
	buf_release(&json);
	return tree;
}

int report_html_render(const struct run_result *r, struct buf *out)
{
	cJSON *tree = tree_of(r);
	const cJSON *one = tree;
	int rc = tree ? html_render(&one, 1, out) : -1;

	cJSON_Delete(tree);
	return rc;
}

int report_svg_render(const struct run_result *r, struct buf *out)
{
	cJSON *tree = tree_of(r);
	int rc = tree ? heatmap_svg(tree, true, out) : -1;

	cJSON_Delete(tree);
	return rc;
}
