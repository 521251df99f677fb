/* SPDX-License-Identifier: Apache-2.0 */
/* comparison — a comparison's page, JUnit and markdown. See comparison.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "comparison.h"
#include "html.h"
#include "markup.h"
#include "table.h"
#include "version.h"

#define STRIP_ROWS  200 /* prompts drawn in the divergence strip at most */
#define STRIP_LABEL 150 /* px for a prompt's name */
#define STRIP_W	    700 /* px for its answer */
#define STRIP_ROW   16	/* px a prompt */

/* --- reading the document ------------------------------------------------------- */

static const cJSON *at(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

static const char *str(const cJSON *o, const char *key)
{
	return cJSON_GetStringValue(at(o, key));
}

/* a number, NAN when absent */
static double num(const cJSON *o, const char *key)
{
	const cJSON *v = at(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

/* an interval's end (0 low, 1 high), NAN when absent */
static double end(const cJSON *o, const char *key, int i)
{
	const cJSON *v = cJSON_GetArrayItem(at(o, key), i);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

/* each metric: its report key, its label on the page, its JUnit testcase */
static const struct {
	const char *key, *label, *testcase;
} metric_kinds[COMPARISON_METRICS] = {
	[COMPARISON_KL] = { "kl", "KL (nats), at most",
			    "kl: KL(reference || candidate) under the limit" },
	[COMPARISON_TOP1] = { "top1", "top-1 agreement, at least",
			      "top1: top-1 agreement over the limit" },
	[COMPARISON_TOOLS] = { "tools", "tool-call F1, at least",
			       "tools: tool-call F1 over the limit" },
};

const char *comparison_metric_key(enum comparison_metric m)
{
	return (unsigned)m < COMPARISON_METRICS ? metric_kinds[m].key : "?";
}

/* the metric a report names: kl, top1, anything else the tool-call F1 */
static enum comparison_metric metric_named_kind(const char *name)
{
	int m;

	for (m = 0; name && m < COMPARISON_TOOLS; m++)
		if (!strcmp(name, metric_kinds[m].key))
			return (enum comparison_metric)m;
	return COMPARISON_TOOLS;
}

/* the verdict's word in capitals: "SAME", "DRIFTED", ... */
static void verdict_upper(const cJSON *doc, char *out, size_t n)
{
	size_t i;

	snprintf(out, n, "%s", str(doc, "verdict") ? str(doc, "verdict") : "?");
	for (i = 0; out[i]; i++)
		out[i] = (char)(out[i] >= 'a' && out[i] <= 'z' ? out[i] - 32 : out[i]);
}

bool comparison_is(const cJSON *doc)
{
	const char *s = str(doc, "schema");

	return s && !strncmp(s, "preflight-comparison/", 21);
}

/* --- pieces ------------------------------------------------------------------- */

static int esc(struct buf *b, const char *s)
{
	return markup_text(b, s ? s : "", false);
}

/* a side's name: its model, else its endpoint */
static const char *side_name(const cJSON *side)
{
	const char *m = str(side, "model");

	return m && *m ? m : str(side, "endpoint") ? str(side, "endpoint") : "?";
}

static int cell(struct buf *b, const char *s)
{
	return buf_puts(b, "<td>") || esc(b, s) || buf_puts(b, "</td>");
}

/* how a number prints in a cell */
enum shown { COUNT, G3, F2, F3 };

static int cell_num(struct buf *b, enum shown how, double v)
{
	char t[40];

	if (isnan(v))
		snprintf(t, sizeof(t), "-");
	else if (how == COUNT)
		snprintf(t, sizeof(t), "%.0f", v);
	else if (how == G3)
		snprintf(t, sizeof(t), "%.3g", v);
	else if (how == F2)
		snprintf(t, sizeof(t), "%.2f", v);
	else
		snprintf(t, sizeof(t), "%.3f", v);
	return buf_puts(b, "<td class=\"n\">") || esc(b, t) || buf_puts(b, "</td>");
}

/* --- the head: verdict, reason, figures, sides -------------------------------------- */

static int head(struct buf *b, const cJSON *doc)
{
	const char *v = str(doc, "verdict");
	const char *reason = str(doc, "reason");
	bool same = v && !strcmp(v, "same");
	char word[32];

	verdict_upper(doc, word, sizeof(word));
	return buf_puts(b, "<section class=\"report\">\n<h2>") ||
	       esc(b, side_name(at(doc, "candidate"))) || buf_puts(b, " against ") ||
	       esc(b, side_name(at(doc, "reference"))) || buf_puts(b, "</h2>\n") ||
	       buf_printf(b, "<div class=\"verdict %s\">COMPARE: %s</div>\n",
			  same ? "pass" : "fail", word) ||
	       (reason &&
		(buf_puts(b, "<p class=\"summary\">") || esc(b, reason) || buf_puts(b, "</p>\n")));
}

static int figures(struct buf *b, const cJSON *doc)
{
	const cJSON *d = at(doc, "drift"),
		    *tools = at(at(at(doc, "behaviour"), "drift"), "trigger");
	char v[96], w[96];
	int rc = buf_puts(b, "<div class=\"figures\">\n");

	if (cJSON_IsObject(d)) {
		snprintf(v, sizeof(v), "%.3g nats", end(at(d, "kl"), "interval", 1));
		rc = rc || html_figure(b, v, "KL(reference ‖ candidate), its bound");
		snprintf(v, sizeof(v), "%.1f%%", 100 * num(at(d, "top1"), "estimate"));
		snprintf(w, sizeof(w), "top-1 agreement (CI %.1f-%.1f)",
			 100 * end(at(d, "top1"), "interval", 0),
			 100 * end(at(d, "top1"), "interval", 1));
		rc = rc || html_figure(b, v, w);
		snprintf(v, sizeof(v), "%.0f of %.0f", num(d, "diverged"), num(d, "prompts"));
		rc = rc || html_figure(b, v, "prompts that parted");
	}
	if (cJSON_IsNumber(at(tools, "f1"))) {
		snprintf(v, sizeof(v), "%.2f", num(tools, "f1"));
		snprintf(w, sizeof(w), "tool-call F1 (CI %.2f-%.2f)", end(tools, "interval", 0),
			 end(tools, "interval", 1));
		rc = rc || html_figure(b, v, w);
	}
	return rc || buf_puts(b, "</div>\n");
}

/* how a side's lists were had after a divergence, as the page says it:
 * its scoring of the reference's text (teacher forcing), or continuing */
static const char *after_divergence(const char *scoring)
{
	if (!scoring)
		return ""; /* a report from before the field */
	if (!strcmp(scoring, "prompt_logprobs"))
		return "scored (prompt_logprobs)";
	if (!strcmp(scoring, "input_logprobs"))
		return "scored (/generate input logprobs)";
	return "continued";
}

static int side_row(struct buf *b, const char *label, const cJSON *s)
{
	return buf_puts(b, "<tr><th>") || esc(b, label) || buf_puts(b, "</th>") ||
	       cell(b, str(s, "endpoint")) || cell(b, str(s, "model")) ||
	       cell(b, str(s, "engine")) || cell(b, str(s, "thinking")) ||
	       cell_num(b, COUNT, num(s, "alternatives")) || cell_num(b, COUNT, num(s, "errors")) ||
	       cell(b, after_divergence(str(s, "scoring"))) || buf_puts(b, "</tr>\n");
}

/* the pairs re-aligned after a divergence, and how */
static int realigned(struct buf *b, const cJSON *doc)
{
	const cJSON *re = at(doc, "realignments");

	if (!cJSON_IsObject(re))
		return 0;
	return buf_printf(b,
			  "<p>After a divergence: %.0f pairs scored on the reference's text "
			  "(teacher-forced), %.0f continued greedily, %.0f failed.</p>\n",
			  num(re, "scored"), num(re, "answered"), num(re, "failed"));
}

static int sides(struct buf *b, const cJSON *doc)
{
	return buf_puts(b, "<h3>The two sides</h3>\n<table><tr><th></th><th>endpoint</th>"
			   "<th>model</th><th>engine</th><th>thinking</th><th>alternatives</th>"
			   "<th>prompts failed</th><th>after a divergence</th></tr>\n") ||
	       side_row(b, "reference", at(doc, "reference")) ||
	       side_row(b, "candidate", at(doc, "candidate")) || buf_puts(b, "</table>\n") ||
	       realigned(b, doc);
}

/* --- the metrics, the floor beside the candidate ---------------------------------- */

/* a metric's figure as it reads best: KL to 3 digits, top-1 in %, F1 */
static void metric_figure(enum comparison_metric m, double v, char *out, size_t n)
{
	if (m == COMPARISON_KL)
		snprintf(out, n, "%.3g", v);
	else if (m == COMPARISON_TOP1)
		snprintf(out, n, "%.1f%%", 100 * v);
	else
		snprintf(out, n, "%.2f", v);
}

static int metrics(struct buf *b, const cJSON *doc)
{
	const cJSON *m;
	int rc =
		buf_puts(b, "<h3>The verdict, metric by metric</h3>\n<table><tr><th>metric</th>"
			    "<th>measured (interval)</th><th>limit</th><th>verdict</th><th>why</th>"
			    "</tr>\n");

	cJSON_ArrayForEach(m, at(doc, "metrics"))
	{
		const char *v = str(m, "verdict");
		enum comparison_metric k = metric_named_kind(str(m, "name"));
		char range[64] = "-", lo[24], hi[24], limit[24];

		metric_figure(k, end(m, "interval", 0), lo, sizeof(lo));
		metric_figure(k, end(m, "interval", 1), hi, sizeof(hi));
		metric_figure(k, num(m, "limit"), limit, sizeof(limit));
		if (cJSON_IsArray(at(m, "interval")))
			snprintf(range, sizeof(range), "%s-%s", lo, hi);
		rc = rc || buf_puts(b, "<tr>") || cell(b, metric_kinds[k].label) ||
		     cell(b, range) || buf_puts(b, "<td class=\"n\">") || esc(b, limit) ||
		     buf_puts(b, "</td>") ||
		     buf_printf(b, "<td class=\"v %s\">",
				v && !strcmp(v, "same")	     ? "pass"
				: v && !strcmp(v, "drifted") ? "fail"
							     : "skipped") ||
		     esc(b, v) || buf_puts(b, "</td>") || cell(b, str(m, "why")) ||
		     buf_puts(b, "</tr>\n");
	}
	return rc || buf_puts(b, "</table>\n");
}

static int summary_row(struct buf *b, const char *label, const cJSON *s)
{
	const cJSON *kl = at(s, "kl"), *t = at(s, "top1"), *p = at(s, "perplexity");

	if (!cJSON_IsObject(s))
		return 0;
	return buf_puts(b, "<tr><th>") || esc(b, label) || buf_puts(b, "</th>") ||
	       cell_num(b, G3, end(kl, "estimate", 1)) ||
	       buf_printf(b, "<td class=\"n\">%.3g-%.3g</td>", end(kl, "interval", 0),
			  end(kl, "interval", 1)) ||
	       buf_printf(b, "<td class=\"n\">%.1f%% (%.1f-%.1f)</td>", 100 * num(t, "estimate"),
			  100 * end(t, "interval", 0), 100 * end(t, "interval", 1)) ||
	       cell_num(b, F2, num(s, "rank_mean")) ||
	       buf_printf(b, "<td class=\"n\">%.3g / %.3g</td>", num(p, "reference"),
			  end(p, "other", 1)) ||
	       buf_printf(b, "<td class=\"n\">%.0f of %.0f</td>", num(s, "diverged"),
			  num(s, "prompts")) ||
	       buf_puts(b, "</tr>\n");
}

static int floor_and_drift(struct buf *b, const cJSON *doc)
{
	return buf_puts(b, "<h3>The noise floor beside the candidate</h3>\n<table><tr><th></th>"
			   "<th>KL, its bound</th><th>KL interval</th><th>top-1 (interval)</th>"
			   "<th>mean rank</th><th>perplexity, reference / other</th>"
			   "<th>parted</th></tr>\n") ||
	       summary_row(b, "the reference against itself", at(doc, "floor")) ||
	       summary_row(b, "the candidate", at(doc, "drift")) ||
	       summary_row(b, "the candidate's reasoning, apart (no verdict)",
			   at(doc, "reasoning_drift")) ||
	       buf_puts(b, "</table>\n");
}

/* --- where the answers part --------------------------------------------------------- */

/* one prompt's strip: the shared path, then a mark where it parts */
static int strip_row(struct buf *b, const cJSON *p, int row, double tokens)
{
	const cJSON *dv = at(p, "first_divergence");
	double y = row * STRIP_ROW, pos = num(dv, "position");
	double len = isnan(pos) ? STRIP_W : STRIP_W * fmin(1, pos / tokens);
	int rc = buf_printf(b, "<text x=\"%d\" y=\"%.0f\" font-size=\"10\" text-anchor=\"end\">",
			    STRIP_LABEL - 6, y + 12);

	rc = rc || esc(b, str(p, "id")) || buf_puts(b, "</text>");
	if (str(p, "error"))
		return rc || buf_printf(b,
					"<text x=\"%d\" y=\"%.0f\" font-size=\"11\" "
					"fill=\"#a40e26\">not compared</text>\n",
					STRIP_LABEL, y + 12);
	rc = rc || buf_printf(b,
			      "<rect x=\"%d\" y=\"%.0f\" width=\"%.1f\" height=\"10\" "
			      "fill=\"#4ac26b\"><title>shared for %.0f tokens</title></rect>",
			      STRIP_LABEL, y + 3, len, isnan(pos) ? tokens : pos);
	if (!isnan(pos))
		rc = rc || buf_printf(b,
				      "<rect x=\"%.1f\" y=\"%.0f\" width=\"3\" height=\"14\" "
				      "fill=\"#cf222e\"><title>parts at token %.0f</title></rect>",
				      STRIP_LABEL + len, y + 1, pos);
	return rc || buf_puts(b, "\n");
}

static int strip(struct buf *b, const cJSON *doc)
{
	const cJSON *ps = at(doc, "prompts"), *p;
	double tokens = num(at(doc, "settings"), "tokens");
	int n = cJSON_GetArraySize(ps), rows = n < STRIP_ROWS ? n : STRIP_ROWS, i = 0;
	int rc;

	if (!n || isnan(tokens) || tokens < 1)
		return 0;
	rc = buf_printf(
		b,
		"<h3>Where the answers part</h3>\n<p class=\"meta\">Each prompt's answer "
		"(%.0f tokens): green while both sides chose the same tokens, red where they "
		"first part%s.</p>\n<svg viewBox=\"0 0 %d %d\" role=\"img\" "
		"aria-label=\"first divergence of each prompt\">\n",
		tokens, n > rows ? "; the first prompts only" : "", STRIP_LABEL + STRIP_W + 10,
		rows * STRIP_ROW + 4);
	cJSON_ArrayForEach(p, ps)
	{
		if (i == rows)
			break;
		rc = rc || strip_row(b, p, i++, tokens);
	}
	return rc || buf_puts(b, "</svg>\n");
}

/* the reference's text at the divergence, then each side's token */
static int parted(struct buf *b, const cJSON *dv)
{
	return buf_puts(b, "<td class=\"parted\">…") || esc(b, str(dv, "before")) ||
	       buf_puts(b, "<span class=\"ref\" title=\"the reference chose\">") ||
	       esc(b, str(dv, "reference")) ||
	       buf_puts(b, "</span><span class=\"cand\" title=\"the candidate chose\">") ||
	       esc(b, str(dv, "candidate")) || buf_puts(b, "</span></td>");
}

static int divergences(struct buf *b, const cJSON *doc)
{
	const cJSON *p;
	int rc =
		buf_puts(b, "<details open><summary>Every prompt: where it parts, and its "
			    "figures</summary>\n<table><tr><th>prompt</th><th>kind</th><th>parts at"
			    "</th><th>the text there: reference, candidate</th><th>KL</th>"
			    "<th>top-1</th></tr>\n");

	cJSON_ArrayForEach(p, at(doc, "prompts"))
	{
		const cJSON *dv = at(p, "first_divergence");

		rc = rc || buf_puts(b, "<tr>") || cell(b, str(p, "id")) || cell(b, str(p, "kind"));
		if (str(p, "error")) {
			rc = rc || buf_puts(b, "<td colspan=\"4\" class=\"fail\">") ||
			     esc(b, str(p, "error")) || buf_puts(b, "</td></tr>\n");
			continue;
		}
		rc = rc || cell_num(b, COUNT, num(dv, "position")) ||
		     (cJSON_IsObject(dv) ? parted(b, dv) : cell(b, "the same throughout")) ||
		     buf_printf(b, "<td class=\"n\">%.3g-%.3g</td>", end(p, "kl", 0),
				end(p, "kl", 1)) ||
		     cell_num(b, F3, num(p, "top1")) || buf_puts(b, "</tr>\n");
	}
	return rc || buf_puts(b, "</table>\n</details>\n");
}

/* --- behaviour on the dataset ------------------------------------------------------ */

static int confusion(struct buf *b, const char *caption, const cJSON *s)
{
	const cJSON *t = at(s, "trigger");

	if (!cJSON_IsObject(t))
		return 0;
	return buf_puts(b, "<table><caption>") || esc(b, caption) ||
	       buf_puts(b, "</caption><tr><th></th><th>it called a tool</th><th>it answered "
			   "in words</th></tr>\n<tr><th>the reference called a tool</th>") ||
	       cell_num(b, COUNT, num(t, "both")) || cell_num(b, COUNT, num(t, "reference_only")) ||
	       buf_puts(b, "</tr>\n<tr><th>the reference answered in words</th>") ||
	       cell_num(b, COUNT, num(t, "other_only")) || cell_num(b, COUNT, num(t, "neither")) ||
	       buf_puts(b, "</tr>\n</table>\n");
}

static int behaviour_facts(struct buf *b, const cJSON *s)
{
	const cJSON *st = at(s, "structured");

	return buf_printf(b,
			  "<p>Same tool chosen: %.0f of %.0f calls both made. Arguments valid "
			  "against the tool's schema: %.0f of %.0f. The same answer, byte for "
			  "byte: %.0f of %.0f.",
			  num(at(s, "same_tool"), "same"), num(at(s, "same_tool"), "both_called"),
			  num(at(s, "arguments"), "valid"), num(at(s, "arguments"), "calls"),
			  num(s, "exact"), num(s, "requests")) ||
	       (num(st, "asked") > 0 && buf_printf(b, " Structured answers valid: %.0f of %.0f.",
						   num(st, "valid"), num(st, "asked"))) ||
	       buf_puts(b, "</p>\n");
}

/* the finish reasons as the report counts them, a row each: the
 * reference's in its order, then any only the candidate gave */
static int finishes(struct buf *b, const cJSON *s)
{
	const cJSON *f = at(s, "finish"), *kind;
	const cJSON *const sides[] = { at(f, "reference"), at(f, "other") };
	size_t k;
	int rc = buf_puts(b, "<table><tr><th>finish reason</th><th>reference</th>"
			     "<th>candidate</th></tr>\n");

	for (k = 0; k < 2; k++)
		cJSON_ArrayForEach(kind, sides[k])
		{
			if (k && cJSON_GetObjectItemCaseSensitive(sides[0], kind->string))
				continue; /* its row is written */
			rc = rc || buf_puts(b, "<tr>") || cell(b, kind->string) ||
			     cell_num(b, COUNT, num(sides[0], kind->string)) ||
			     cell_num(b, COUNT, num(sides[1], kind->string)) ||
			     buf_puts(b, "</tr>\n");
		}
	return rc || buf_puts(b, "</table>\n");
}

/* a side's choice: its tool, "words", or "no answer" */
static const char *choice(const cJSON *a)
{
	if (!cJSON_IsTrue(at(a, "answered")))
		return "no answer";
	return str(a, "tool") ? str(a, "tool") : "words";
}

static int disagreements(struct buf *b, const cJSON *items)
{
	const cJSON *it;
	int rc = 0, n = 0;

	cJSON_ArrayForEach(it, items)
	{
		const char *r = choice(at(it, "reference")), *c = choice(at(it, "candidate"));

		if (!strcmp(r, c))
			continue;
		if (!n++)
			rc = rc || buf_puts(b, "<table><tr><th>request</th><th>reference</th>"
					       "<th>candidate</th></tr>\n");
		rc = rc || buf_puts(b, "<tr class=\"fail\">") || cell(b, str(it, "id")) ||
		     cell(b, r) || cell(b, c) || buf_puts(b, "</tr>\n");
	}
	if (!n)
		return rc || buf_puts(b, "<p>Both sides chose alike on every request.</p>\n");
	return rc || buf_puts(b, "</table>\n");
}

static int behaviour(struct buf *b, const cJSON *doc)
{
	const cJSON *be = at(doc, "behaviour"), *d = at(be, "drift");

	if (!cJSON_IsObject(be))
		return 0;
	if (!cJSON_IsObject(d))
		return buf_puts(b, "<h3>Behaviour on the dataset</h3>\n<p>") ||
		       esc(b, str(be, "skipped") ? str(be, "skipped")
						 : "no request was answered by both sides") ||
		       buf_puts(b, "</p>\n");
	return buf_puts(b, "<h3>Behaviour on the dataset</h3>\n<p class=\"meta\">") ||
	       esc(b, str(be, "dataset")) ||
	       buf_printf(b,
			  ": %.0f requests, each asked of the reference twice and the candidate "
			  "once at temperature 0.</p>\n",
			  num(be, "asked")) ||
	       confusion(b, "The candidate against the reference", d) ||
	       confusion(b, "The reference against itself (the floor)", at(be, "floor")) ||
	       behaviour_facts(b, d) || finishes(b, d) ||
	       buf_puts(b, "<h3>Requests where the two sides chose differently</h3>\n") ||
	       disagreements(b, at(be, "items"));
}

/* --- the page ------------------------------------------------------------------------ */

int comparison_html_render(const cJSON *doc, struct buf *out)
{
	char title[512];
	const cJSON *set = at(doc, "settings");

	snprintf(title, sizeof(title), "preflight — %.200s against %.200s",
		 side_name(at(doc, "candidate")), side_name(at(doc, "reference")));
	return html_page_open(out, title, "preflight compare") ||
			       buf_printf(out, "preflight %s · ", PREFLIGHT_VERSION) ||
			       esc(out, str(set, "prompts")) ||
			       buf_printf(out,
					  " prompts, %.0f asked, %.0f tokens each, top-%.0f "
					  "alternatives</p>\n",
					  num(set, "prompts_asked"), num(set, "tokens"),
					  num(set, "top_logprobs")) ||
			       head(out, doc) || figures(out, doc) || metrics(out, doc) ||
			       sides(out, doc) || floor_and_drift(out, doc) || strip(out, doc) ||
			       divergences(out, doc) || behaviour(out, doc) ||
			       buf_puts(out, "</section>\n") || html_page_close(out)
		       ? -1
		       : 0;
}

/* --- JUnit and markdown --------------------------------------------------------- */

void comparison_kl_text(char *out, size_t n, double low, double high)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%.3g", low);
	snprintf(b, sizeof(b), "%.3g", high);
	if (!strcmp(a, b))
		snprintf(out, n, "%s", a);
	else
		snprintf(out, n, "%s-%s", a, b);
}

/* the metrics tested: kl and top1, tools with a dataset */
static int metrics_tested(const cJSON *doc)
{
	return cJSON_IsObject(at(doc, "behaviour")) ? COMPARISON_METRICS : COMPARISON_TOOLS;
}

/* the report's entry of the metric named name, NULL when it has none
 * (a comparison that could not be made lists none) */
static const cJSON *metric_named(const cJSON *doc, const char *name)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, at(doc, "metrics"))
	{
		const char *n = str(m, "name");

		if (n && !strcmp(n, name))
			return m;
	}
	return NULL;
}

/* how the named metric's testcase ends: its element ("failure", "skipped",
 * "error", NULL when it passed), its type and message */
struct case_end {
	const char *elem, *type, *message;
};

static struct case_end metric_outcome(const cJSON *doc, const char *name)
{
	const cJSON *m = metric_named(doc, name);
	const char *v = str(m, "verdict"), *verdict = str(doc, "verdict");
	bool allow = cJSON_IsTrue(at(at(doc, "settings"), "allow_inconclusive"));
	struct case_end o = { NULL, NULL, str(m, "why") ? str(m, "why") : "" };

	if (!m || !v ||
	    (verdict && (!strcmp(verdict, "unusable") || !strcmp(verdict, "interrupted")))) {
		o.elem = "error";
		o.type = verdict && !strcmp(verdict, "interrupted") ? "interrupted" : "unusable";
		o.message = str(doc, "reason") ? str(doc, "reason") : o.type;
	} else if (!strcmp(v, "not tested")) {
		o.elem = "skipped";
		o.type = "not tested";
	} else if (!strcmp(v, "drifted")) {
		o.elem = "failure";
		o.type = "drifted";
	} else if (strcmp(v, "same")) {
		o.elem = allow ? "skipped" : "failure";
		o.type = "inconclusive";
	}
	return o;
}

static int junit_case(struct buf *out, const cJSON *doc, int k, const char *classname)
{
	struct case_end o = metric_outcome(doc, metric_kinds[k].key);
	int rc = buf_puts(out, "    <testcase classname=\"");

	rc |= markup_text(out, classname, true);
	rc |= buf_printf(out, "\" name=\"%s\" time=\"0\"", metric_kinds[k].testcase);
	if (!o.elem)
		return rc | buf_puts(out, "/>\n");
	rc |= buf_printf(out, ">\n      <%s type=\"%s\" message=\"", o.elem, o.type);
	rc |= markup_text(out, o.message, true);
	rc |= buf_puts(out, "\">");
	rc |= markup_text(out, o.message, false);
	rc |= buf_printf(out, "</%s>\n    </testcase>\n", o.elem);
	return rc;
}

static int junit_property(struct buf *out, const char *name, const char *value)
{
	int rc = buf_printf(out, "      <property name=\"%s\" value=\"", name);

	rc |= markup_text(out, value ? value : "", true);
	return rc | buf_puts(out, "\"/>\n");
}

/* the suite's properties: the command, the verdict, both sides, the version */
static int junit_properties(struct buf *out, const cJSON *doc)
{
	const cJSON *r = at(doc, "reference"), *c = at(doc, "candidate");
	char word[32];
	int rc;

	verdict_upper(doc, word, sizeof(word));
	rc = buf_puts(out, "    <properties>\n");
	rc |= junit_property(out, "command", "compare");
	rc |= junit_property(out, "verdict", word);
	rc |= junit_property(out, "reference", str(r, "endpoint"));
	rc |= junit_property(out, "reference_model", str(r, "model"));
	rc |= junit_property(out, "endpoint", str(c, "endpoint"));
	rc |= junit_property(out, "model", str(c, "model"));
	rc |= junit_property(out, "preflight_version", str(doc, "preflight"));
	return rc | buf_puts(out, "    </properties>\n");
}

int comparison_junit_render(const cJSON *doc, struct buf *out)
{
	int failures = 0, errors = 0, skipped = 0, k, n = metrics_tested(doc), rc;
	struct buf name = BUF_INIT(0);

	for (k = 0; k < n; k++) {
		struct case_end o = metric_outcome(doc, metric_kinds[k].key);

		failures += o.elem && !strcmp(o.elem, "failure");
		errors += o.elem && !strcmp(o.elem, "error");
		skipped += o.elem && !strcmp(o.elem, "skipped");
	}
	rc = buf_printf(&name, "compare %s against %s", side_name(at(doc, "candidate")),
			side_name(at(doc, "reference")));
	rc |= buf_printf(out,
			 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "
			 "name=\"preflight\" tests=\"%d\" failures=\"%d\" errors=\"%d\">\n  "
			 "<testsuite name=\"",
			 n, failures, errors);
	rc |= markup_text(out, buf_cstr(&name), true);
	rc |= buf_printf(out, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\">\n", n,
			 failures, errors, skipped);
	rc |= junit_properties(out, doc);
	for (k = 0; k < n; k++)
		rc |= junit_case(out, doc, k, buf_cstr(&name));
	rc |= buf_puts(out, "  </testsuite>\n</testsuites>\n");
	buf_release(&name);
	return rc ? -1 : 0;
}

/* the notebook's notes cell: "drift vs ref: top-1 99.2%, KL ≤ 0.004 (same)" */
static void notes_cell(const cJSON *doc, char *out, size_t n)
{
	const cJSON *d = at(doc, "drift"),
		    *tools = metric_named(doc, metric_kinds[COMPARISON_TOOLS].key);
	const char *v = str(doc, "verdict") ? str(doc, "verdict") : "?";
	double f1 = num(at(at(at(doc, "behaviour"), "drift"), "trigger"), "f1");

	if (!cJSON_IsObject(d))
		snprintf(out, n, "drift vs ref: %s",
			 strcmp(v, "interrupted") ? "not compared" : "interrupted");
	else if (tools && strcmp(str(tools, "verdict") ? str(tools, "verdict") : "", "not tested"))
		snprintf(out, n, "drift vs ref: top-1 %.1f%%, KL ≤ %.3g, tool F1 %.2f (%s)",
			 100 * num(at(d, "top1"), "estimate"), end(at(d, "kl"), "interval", 1), f1,
			 v);
	else
		snprintf(out, n, "drift vs ref: top-1 %.1f%%, KL ≤ %.3g (%s)",
			 100 * num(at(d, "top1"), "estimate"), end(at(d, "kl"), "interval", 1), v);
}

/* the row's figures: KL, top-1, prompts diverged */
static int markdown_figures(struct buf *out, const cJSON *d)
{
	const cJSON *kl = at(d, "kl"), *top1 = at(d, "top1");
	char est[64], ci[64];

	if (!cJSON_IsObject(d))
		return buf_puts(out, "- | - | - | ");
	comparison_kl_text(est, sizeof(est), end(kl, "estimate", 0), end(kl, "estimate", 1));
	comparison_kl_text(ci, sizeof(ci), end(kl, "interval", 0), end(kl, "interval", 1));
	return buf_printf(out, "%s (CI %s) | %.1f%% (CI %.1f-%.1f) | %.0f of %.0f | ", est, ci,
			  100 * num(top1, "estimate"), 100 * end(top1, "interval", 0),
			  100 * end(top1, "interval", 1), num(d, "diverged"), num(d, "prompts"));
}

int comparison_markdown_render(const cJSON *doc, struct buf *out)
{
	const cJSON *th = at(doc, "thresholds");
	const char *v = str(doc, "verdict");
	char notes[256], word[32];
	int rc;

	notes_cell(doc, notes, sizeof(notes));
	verdict_upper(doc, word, sizeof(word));
	rc = buf_puts(out, "| reference | candidate | verdict | KL (nats) | top-1 | diverged | "
			   "limits |\n|---|---|---|---|---|---|---|\n| ");
	rc |= table_cell(out, side_name(at(doc, "reference")));
	rc |= buf_puts(out, " | ");
	rc |= table_cell(out, side_name(at(doc, "candidate")));
	rc |= buf_printf(out, " | %s %s | ", v && !strcmp(v, "same") ? "✅" : "❌", word);
	rc |= markdown_figures(out, at(doc, "drift"));
	rc |= buf_printf(out, "KL < %.3g, top-1 > %.1f%%", num(th, "max_kl"),
			 100 * num(th, "min_top1"));
	if (cJSON_IsNumber(at(th, "min_tool_agreement")))
		rc |= buf_printf(out, ", tool F1 > %.2f", num(th, "min_tool_agreement"));
	rc |= buf_printf(out, " |\n\n%s\n", notes);
	return rc ? -1 : 0;
}
