/* SPDX-License-Identifier: Apache-2.0 */
/* heatmap — the long-context map as SVG; see heatmap.h. */
#include "heatmap.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "markup.h"
#include "model.h"
#include "plan.h"
#include "text.h"

#define MAX_AXIS   24 /* sizes or depths a panel draws; a hand-made report may hold more */
#define MAX_PANELS 8
#define CELL_W	   78
#define CELL_H	   38
#define LEFT	   70 /* the depth labels */
#define PANEL_HEAD 40 /* a panel's own title on one line, and room for the effective line's label */
#define HEAD_LINES 4  /* lines a title may wrap to; the last of a longer one ends in … */
#define PANEL_FOOT 52 /* the column labels and the axis caption */
#define LEGEND_H   50
#define MIN_WIDTH  640

enum look { LOOK_PASS, LOOK_PARTIAL, LOOK_FAIL, LOOK_FOUND_BUT, LOOK_SKIPPED, LOOK_ERROR, LOOKS };

/* Each look: its class, the glyph that says it without colour, and what
 * the legend calls it. Cells with a recall take their colour from it on
 * cividis (colour-blind safe, its lightness rising with recall: a pass is
 * light, a miss dark); the others are greys. */
static const struct {
	const char *name, *glyph, *legend;
} looks[LOOKS] = {
	[LOOK_PASS] = { "pass", "✓", "pass" },
	[LOOK_PARTIAL] = { "partial", "✗", "partial recall" },
	[LOOK_FAIL] = { "fail", "✗", "fail" },
	[LOOK_FOUND_BUT] = { "fail found-but", "!", "found, but failed" },
	[LOOK_SKIPPED] = { "skipped", "–", "beyond the window" },
	[LOOK_ERROR] = { "error", "?", "error" },
};

/* cividis at recall r in [0, 1]: five of its stops, between them linear */
static void cividis(double r, int rgb[3])
{
	static const int stops[5][3] = {
		{ 0x00, 0x22, 0x4e }, { 0x35, 0x45, 0x6c }, { 0x66, 0x69, 0x70 },
		{ 0xa5, 0x9c, 0x74 }, { 0xfe, 0xe8, 0x38 },
	};
	double at = (r < 0 ? 0 : r > 1 ? 1 : r) * 4;
	int i = at >= 4 ? 3 : (int)at, k;

	for (k = 0; k < 3; k++)
		rgb[k] = (int)lround(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * (at - i));
}

/* a cell's fill and ink (the text on it): by recall, else grey */
static void colours(enum look k, double recall, char fill[8], char ink[8])
{
	int rgb[3] = { 0xd9, 0xd9, 0xd9 };

	if (k == LOOK_ERROR)
		rgb[0] = rgb[1] = rgb[2] = 0x8c;
	else if (k != LOOK_SKIPPED)
		cividis(recall, rgb);
	snprintf(fill, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
	/* light ground, dark ink: the relative luminance decides */
	snprintf(ink, 8, "%s",
		 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140 ? "#111111" : "#ffffff");
}

/* a title broken into lines (wrap) */
struct lines {
	size_t n, start[HEAD_LINES], len[HEAD_LINES];
	bool cut; /* more than HEAD_LINES: the last ends in … */
};

/* one needle probe's cells on its own axes */
struct panel {
	const char *id, *title;
	char head[1200]; /* "title (id)" */
	struct lines head_lines;
	long sizes[MAX_AXIS];
	double depths[MAX_AXIS];
	size_t n_sizes, n_depths;
	const struct model_item *cell[MAX_AXIS][MAX_AXIS]; /* [depth][size], NULL: none */
};

struct map {
	struct panel panels[MAX_PANELS];
	size_t n;
	long effective; /* the sweep's effective context, 0 none or no sweep */
	int width, height;
	char title[1200], subtitle[1200], none[200]; /* none: why there are no panels */
	struct lines title_lines, subtitle_lines, none_lines;
	size_t link;			  /* in a page: the report's number, cells link; 0 none */
	const struct model *report_model; /* whose items the links count */
};

/* a probe of the report that is a needle cell */
static bool is_cell(const struct model_item *p)
{
	return p->needle.present && p->needle.secret && p->needle.requested_tokens > 0;
}

bool heatmap_has_cells(const struct model *m)
{
	size_t i;

	for (i = 0; m->kind == MODEL_RUN && i < m->n_items; i++)
		if (is_cell(&m->items[i]))
			return true;
	return false;
}

/* v's place on an ascending axis of *n, inserted when new; -1 when full */
static int axis_place(double *axis, size_t *n, double v)
{
	size_t i, k;

	for (i = 0; i < *n && axis[i] < v; i++)
		;
	if (i < *n && axis[i] == v)
		return (int)i;
	if (*n == MAX_AXIS)
		return -1;
	for (k = (*n)++; k > i; k--)
		axis[k] = axis[k - 1];
	axis[i] = v;
	return (int)i;
}

static struct panel *panel_for(struct map *m, const struct model_item *probe)
{
	const char *id = probe->id;
	size_t i;

	for (i = 0; i < m->n; i++)
		if (id && m->panels[i].id && !strcmp(m->panels[i].id, id))
			return &m->panels[i];
	if (m->n == MAX_PANELS)
		return NULL;
	m->panels[m->n].id = id;
	m->panels[m->n].title = probe->title;
	return &m->panels[m->n++];
}

/* the axes first (sizes and depths of every cell), then the cells on them */
static void collect(struct map *m, const struct model *r)
{
	size_t i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; r->kind == MODEL_RUN && i < r->n_items; i++) {
			const struct model_item *p = &r->items[i];
			struct panel *pn = is_cell(p) ? panel_for(m, p) : NULL;
			double sizes[MAX_AXIS];
			size_t k;
			int s, d;

			if (!pn)
				continue;
			for (k = 0; k < pn->n_sizes; k++)
				sizes[k] = (double)pn->sizes[k];
			s = axis_place(sizes, &pn->n_sizes, (double)p->needle.requested_tokens);
			for (k = 0; k < pn->n_sizes; k++)
				pn->sizes[k] = (long)sizes[k];
			d = axis_place(pn->depths, &pn->n_depths, p->needle.depth);
			if (pass == 1 && s >= 0 && d >= 0)
				pn->cell[d][s] = p;
		}
}

/* the share of the needles recalled: a pass all, a miss none */
static double recall_of(const struct model_item *p)
{
	if (p->needle.has_recall && p->needle.asked > 0)
		return (double)p->needle.recalled / p->needle.asked;
	return p->verdict == VERDICT_PASS ? 1 : 0;
}

static enum look look_of(const struct model_item *p)
{
	int got = p->needle.has_recall ? p->needle.recalled : -1;
	int asked = p->needle.has_recall ? p->needle.asked : -1;

	switch (p->verdict) {
	case VERDICT_PASS:
		return LOOK_PASS;
	case VERDICT_SKIPPED:
		return LOOK_SKIPPED;
	case VERDICT_FAIL:
		/* every needle came back, and still a failure: another cause */
		if (asked > 0 && got >= asked)
			return LOOK_FOUND_BUT;
		return got > 0 && got < asked ? LOOK_PARTIAL : LOOK_FAIL;
	default:
		return p->beyond_window ? LOOK_SKIPPED : LOOK_ERROR;
	}
}

/* 128021 as "128,021" */
static void thousands(long v, char *out, size_t n)
{
	char raw[32];
	size_t len, i, j = 0;

	snprintf(raw, sizeof(raw), "%ld", v);
	len = strlen(raw);
	for (i = 0; i < len && j + 2 < n; i++) {
		out[j++] = raw[i];
		if (raw[i] != '-' && (len - i - 1) % 3 == 0 && i + 1 < len)
			out[j++] = ',';
	}
	out[j] = '\0';
}

/* text at x, y: size, anchor, weight and colour, escaped */
static int text(struct buf *b, double x, double y, int size, const char *anchor, const char *fill,
		bool bold, const char *s)
{
	return buf_printf(b,
			  "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\" "
			  "fill=\"%s\"%s>",
			  x, y, size, anchor, fill, bold ? " font-weight=\"bold\"" : "") ||
	       markup_text(b, s, false) || buf_puts(b, "</text>\n");
}

/* A character's advance in em, as DejaVu Sans draws it and a little over
 * (its metrics, by class: i .28, t .39, a .61, digits .64, N .75, m .97);
 * wide characters one em a column. */
static double em_of(unsigned long cp)
{
	if (cp >= 0x80)
		return text_cp_columns(cp) > 0 ? text_cp_columns(cp) : 0;
	if (cp >= '0' && cp <= '9')
		return 0.64;
	if (strchr(" .,:;'|!ijlI", (int)cp))
		return 0.32;
	if (strchr("ftr-/()[]", (int)cp))
		return 0.41;
	if (strchr("mwMW", (int)cp))
		return 0.99;
	if (cp >= 'A' && cp <= 'Z')
		return 0.79;
	return 0.64;
}

/* The width the n bytes at s take at size, 3% over the sum of their
 * advances, bold 12% wider; make check-browser measures the real boxes. */
static double width_of(const char *s, size_t n, int size, bool bold)
{
	const unsigned char *p = (const unsigned char *)s;
	double em = 0;
	size_t i = 0;

	while (i < n) {
		unsigned long cp;
		size_t k = text_utf8_decode(p + i, n - i, &cp);

		em += k ? em_of(cp) : 1;
		i += k ? k : 1;
	}
	return em * size * 1.03 * (bold ? 1.12 : 1);
}

/* s at the largest size up to size that fits width, down to 7 */
static int fit(struct buf *b, double x, double y, double width, int size, const char *anchor,
	       const char *fill, bool bold, const char *s)
{
	while (size > 7 && width_of(s, strlen(s), size, bold) > width)
		size--;
	return text(b, x, y, size, anchor, fill, bold, s);
}

static bool breaks_after(char c)
{
	return c == ' ' || c == '/' || c == '-' || c == '_' || c == ',' || c == ':' || c == '.';
}

/* s broken into lines no wider than width: after a space or a separator
 * (/ - _ , : .) where one is in the line's second half, else where the
 * width ends (a long model id may have none); past HEAD_LINES the last
 * line leaves room for its … */
static void wrap(const char *s, double width, int size, bool bold, struct lines *out)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), at = 0;

	memset(out, 0, sizeof(*out));
	while (at < len && out->n < HEAD_LINES) {
		double room = width - (out->n + 1 == HEAD_LINES ? size : 0), used = 0, at_brk = 0;
		size_t i = at, brk = 0, n;
		unsigned long cp;

		while (i < len) {
			double w;

			n = text_utf8_decode(p + i, len - i, &cp);
			n = n ? n : 1;
			w = width_of(s + i, n, size, bold);
			if (used + w > room && i > at)
				break;
			used += w;
			i += n;
			if (breaks_after(s[i - 1])) {
				brk = i;
				at_brk = used;
			}
		}
		if (i < len && brk > at && at_brk >= room / 2)
			i = brk;
		out->start[out->n] = at;
		for (n = i; n > at && s[n - 1] == ' '; n--)
			;
		out->len[out->n++] = n - at;
		for (at = i; at < len && s[at] == ' '; at++)
			;
	}
	out->cut = at < len;
}

/* the lines of s as wrap broke them, from baseline y, step apart */
static int text_lines(struct buf *b, double x, double y, double step, int size, const char *fill,
		      bool bold, const char *s, const struct lines *l)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < l->n && !rc; i++) {
		char line[1210];

		snprintf(line, sizeof(line), "%.*s%s", (int)l->len[i], s + l->start[i],
			 l->cut && i + 1 == l->n ? "…" : "");
		rc = text(b, x, y + step * (double)i, size, "start", fill, bold, line);
	}
	return rc;
}

/* how far below a panel's top its cells begin: its title's lines */
static double panel_head(const struct panel *p)
{
	return PANEL_HEAD + 17.0 * (double)(p->head_lines.n > 1 ? p->head_lines.n - 1 : 0);
}

/* how far down the first panel begins: the title's and subtitle's lines */
static double map_head(const struct map *m)
{
	size_t t = m->title_lines.n, u = m->subtitle_lines.n;

	return 70.0 + 22.0 * (double)(t > 1 ? t - 1 : 0) + 16.0 * (double)(u > 1 ? u - 1 : 0);
}

/* the two lines of a cell: the measured prompt, then the recall or why */
static void cell_lines(const struct model_item *p, char *one, char *two, size_t n)
{
	long measured = p->needle.measured_prompt_tokens;
	char t[32];

	if (measured >= 0) {
		thousands(measured, t, sizeof(t));
		snprintf(one, n, "%s tok", t);
		if (width_of(one, strlen(one), 11, false) > CELL_W - 14)
			snprintf(one, n, "%s", t); /* the axis says they are tokens */
	} else {
		snprintf(one, n, "not measured");
	}
	if (p->beyond_window)
		snprintf(two, n, "not sent");
	else if (look_of(p) == LOOK_FOUND_BUT)
		snprintf(two, n, "found, but");
	else if (p->needle.has_recall && p->needle.asked > 1)
		snprintf(two, n, "recall %d/%d", p->needle.recalled, p->needle.asked);
	else
		snprintf(two, n, "%s", verdict_name(p->verdict));
}

/* a cell's hover text: its name, verdict and why */
static int cell_title(struct buf *b, const struct model_item *p)
{
	const char *why = p->message;

	return buf_puts(b, "<title>") || markup_text(b, p->id, false) ||
	       markup_text(b, p->variant, false) || buf_puts(b, ": ") ||
	       markup_text(b, verdict_name(p->verdict), false) ||
	       (why && (buf_puts(b, " — ") || markup_text(b, why, false))) ||
	       buf_puts(b, "</title>");
}

/* one cell: its colour by recall, its glyph, its two lines, its hover
 * text; in a page a failed cell links to its evidence (#rR-iK) */
static int cell(struct buf *b, const struct model_item *probe, double x, double y,
		const struct map *m)
{
	enum look k = look_of(probe);
	char one[48], two[48], fill[8], ink[8];
	bool link = m->link && probe->verdict != VERDICT_PASS && m->report_model &&
		    !(probe->swept && probe->beyond_window);

	cell_lines(probe, one, two, sizeof(one));
	colours(k, recall_of(probe), fill, ink);
	return (link && buf_printf(b, "<a href=\"#r%zu-i%zu\">", m->link,
				   (size_t)(probe - m->report_model->items))) ||
	       buf_printf(b,
			  "<g class=\"cell %s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" "
			  "height=\"%d\" rx=\"3\" fill=\"%s\" stroke=\"#ffffff\" "
			  "stroke-width=\"2\"/>",
			  looks[k].name, x, y, CELL_W, CELL_H, fill) ||
	       cell_title(b, probe) ||
	       text(b, x + CELL_W - 6, y + 13, 11, "middle", ink, true, looks[k].glyph) ||
	       fit(b, x + CELL_W / 2.0 - 3.5, y + 16, CELL_W - 14, 11, "middle", ink, false, one) ||
	       fit(b, x + CELL_W / 2.0, y + 30, CELL_W - 6, 10, "middle", ink, false, two) ||
	       buf_puts(b, "</g>") || (link && buf_puts(b, "</a>")) || buf_puts(b, "\n");
}

/* "◀ effective context 8k" right of the line at x; left of it, pointing
 * at it, where the map ends too soon */
static int effective_label(struct buf *b, long size, double x, double y, int map_width)
{
	char label[48], k[24];

	plan_size_label(size, k, sizeof(k));
	snprintf(label, sizeof(label), "◀ effective context %s", k);
	if (x + 4 + width_of(label, strlen(label), 10, true) <= map_width - 4)
		return text(b, x + 4, y, 10, "start", "#111111", true, label);
	snprintf(label, sizeof(label), "effective context %s ▶", k);
	return text(b, x - 4, y, 10, "end", "#111111", true, label);
}

#define CAPTION "context length (prompt tokens; k = 1,000)"

/* the column labels, the axis caption and the effective context's line */
static int panel_axes(struct buf *b, const struct map *m, const struct panel *p, double top)
{
	double bottom = top + (double)p->n_depths * CELL_H;
	double caption = width_of(CAPTION, strlen(CAPTION), 12, false);
	size_t s;
	int rc = 0;

	for (s = 0; s < p->n_sizes && !rc; s++) {
		char label[24];

		plan_size_label(p->sizes[s], label, sizeof(label));
		rc = text(b, LEFT + (double)s * CELL_W + CELL_W / 2.0, bottom + 16, 12, "middle",
			  "#222222", false, label);
		if (!rc && m->effective == p->sizes[s] && s + 1 < p->n_sizes)
			rc = buf_printf(b,
					"<line class=\"effective\" x1=\"%.1f\" y1=\"%.1f\" "
					"x2=\"%.1f\" y2=\"%.1f\" stroke=\"#111111\" "
					"stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n",
					LEFT + (double)(s + 1) * CELL_W, top - 6,
					LEFT + (double)(s + 1) * CELL_W, bottom + 4) ||
			     effective_label(b, p->sizes[s], LEFT + (double)(s + 1) * CELL_W,
					     top - 8, m->width);
	}
	/* under the columns, or as far right as it needs under one */
	return rc || text(b, fmax(LEFT + (double)p->n_sizes * CELL_W / 2.0, 16 + caption / 2.0),
			  bottom + 34, 12, "middle", "#444444", false, CAPTION);
}

static int panel(struct buf *b, const struct map *m, const struct panel *p, double top)
{
	static const char caption[] = "needle depth";
	char depth[16];
	double tall;
	size_t d, s;
	int rc;

	rc = text_lines(b, 16, top + 18, 17, 13, "#111111", true, p->head, &p->head_lines);
	top += panel_head(p);
	tall = (double)p->n_depths * CELL_H;
	for (d = 0; d < p->n_depths && !rc; d++) {
		plan_depth_label(p->depths[d], p->depths, p->n_depths, depth, sizeof(depth));
		rc = text(b, LEFT - 8, top + (double)d * CELL_H + CELL_H / 2.0 + 4, 12, "end",
			  "#222222", false, depth);
		for (s = 0; s < p->n_sizes && !rc; s++)
			if (p->cell[d][s])
				rc = cell(b, p->cell[d][s], LEFT + (double)s * CELL_W,
					  top + (double)d * CELL_H, m);
	}
	/* the caption turned along the depths, shortened to stay beside them */
	return rc || panel_axes(b, m, p, top) ||
	       buf_printf(b,
			  "<text x=\"14\" y=\"%.1f\" font-size=\"12\" fill=\"#444444\" "
			  "text-anchor=\"middle\" transform=\"rotate(-90 14 %.1f)\">%s</text>\n",
			  top + tall / 2.0, top + tall / 2.0,
			  width_of(caption, strlen(caption), 12, false) <= tall - 4 ? caption
										    : "depth");
}

/* the recall scale, then each glyph and what it says */
static int legend(struct buf *b, double top)
{
	int k, rc = 0, x = 16, step;
	char fill[8], ink[8];

	for (step = 0; step <= 10 && !rc; step++) {
		colours(LOOK_PARTIAL, step / 10.0, fill, ink);
		rc = buf_printf(b,
				"<rect x=\"%d\" y=\"%.1f\" width=\"9\" height=\"14\" "
				"fill=\"%s\"/>\n",
				x + step * 9, top + 12, fill);
	}
	rc = rc || text(b, x, top + 40, 10, "start", "#222222", false, "recall 0") ||
	     text(b, x + 99, top + 40, 10, "end", "#222222", false, "1");
	x += 116;
	for (k = 0; k < LOOKS && !rc; k++) {
		if (k == LOOK_PARTIAL)
			continue; /* the scale says it */
		rc = text(b, x + 5, top + 24, 12, "middle", "#111111", true, looks[k].glyph) ||
		     text(b, x + 14, top + 24, 12, "start", "#222222", false, looks[k].legend);
		x += 30 + 7 * (int)strlen(looks[k].legend);
	}
	return rc;
}

/* "Long-context map · model", then "recipe · engine · date · the
 * sweep's headline", each wrapped to the map's width */
static int titles(struct buf *b, const struct map *m)
{
	return text_lines(b, 16, 28, 22, 17, "#111111", true, m->title, &m->title_lines) ||
	       text_lines(b, 16, 28 + 22.0 * (double)m->title_lines.n, 16, 12, "#444444", false,
			  m->subtitle, &m->subtitle_lines);
}

/* the map's width from its widest panel, then every title wrapped to it
 * and the height they and the panels take */
static void measure(struct map *m, const struct model *r)
{
	const char *model = r->endpoint.model, *name = r->recipe.name;
	const char *engine = r->endpoint.engine, *started = r->started;
	const char *head = r->sweep.headline;
	double room;
	size_t i;
	int width = MIN_WIDTH;

	for (i = 0; i < m->n; i++) {
		int w = LEFT + (int)m->panels[i].n_sizes * CELL_W + 40;

		width = w > width ? w : width;
	}
	m->width = width;
	room = width - 32;
	snprintf(m->title, sizeof(m->title), "Long-context map · %s",
		 model ? model : "unknown model");
	wrap(m->title, room, 17, true, &m->title_lines);
	snprintf(m->subtitle, sizeof(m->subtitle), "%s%s%s · %.10s%s%s", name ? name : "no recipe",
		 engine ? " · " : "", engine ? engine : "", started ? started : "undated",
		 head ? " · " : "", head ? head : "");
	wrap(m->subtitle, room, 12, false, &m->subtitle_lines);
	m->height = (int)map_head(m) + LEGEND_H + 10;
	for (i = 0; i < m->n; i++) {
		struct panel *p = &m->panels[i];

		snprintf(p->head, sizeof(p->head), "%s (%s)", p->title ? p->title : "needle",
			 p->id ? p->id : "?");
		wrap(p->head, room, 13, true, &p->head_lines);
		m->height += (int)panel_head(p) + (int)p->n_depths * CELL_H + PANEL_FOOT;
	}
	if (m->n)
		return;
	snprintf(m->none, sizeof(m->none), "%s",
		 r->kind == MODEL_CONFORM
			 ? "a conformance report has no needle cells: the map is of preflight run "
			   "--needle-ctx 4k,8k,... --needle-depth 0:1:0.25"
			 : "no needle cells in this report: run with --needle-ctx 4k,8k,... and "
			   "--needle-depth 0:1:0.25 to map the context");
	wrap(m->none, room, 13, false, &m->none_lines);
	m->height += 13 + 17 * (int)m->none_lines.n;
}

static int draw(const struct model *report, bool standalone, size_t link, struct buf *out)
{
	struct map m;
	double top;
	size_t i;
	int rc;

	memset(&m, 0, sizeof(m));
	m.link = link;
	m.report_model = report;
	collect(&m, report);
	m.effective = report->sweep.present ? report->sweep.effective : 0;
	measure(&m, report);
	top = map_head(&m);
	rc = (standalone && buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
					  "<!-- preflight: the long-context map -->\n")) ||
	     buf_printf(out,
			"<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"heatmap\" width=\"%d\" "
			"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
			"font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
			"<title>long-context map</title>\n"
			"<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
			m.width, m.height, m.width, m.height) ||
	     titles(out, &m);
	for (i = 0; i < m.n && !rc; i++) {
		rc = panel(out, &m, &m.panels[i], top);
		top += panel_head(&m.panels[i]) + (double)m.panels[i].n_depths * CELL_H +
		       PANEL_FOOT;
	}
	if (!m.n && !rc)
		rc = text_lines(out, 16, top + 20, 17, 13, "#444444", false, m.none, &m.none_lines);
	if (!m.n)
		top += 13.0 + 17.0 * (double)m.none_lines.n;
	return rc || legend(out, top) || buf_puts(out, "</svg>\n") ? -1 : 0;
}

int heatmap_svg(const struct model *report, bool standalone, struct buf *out)
{
	return draw(report, standalone, 0, out);
}

int heatmap_svg_in_page(const struct model *report, size_t n, struct buf *out)
{
	return draw(report, false, n, out);
}
