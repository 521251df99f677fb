/* conformance — the reports of preflight conform: the JSON evidence
 * (schema "preflight-conformance/v1"), the console matrix and the
 * markdown matrix, each check under its area with its status and one line
 * of evidence. The JUnit report is junit.c's, one testcase per check. */
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "report.h"
#include "table.h"
#include "version.h"

#define RULE "------------------------------------------------------------------------\n"

/* the areas in the order the matrix shows them; others follow */
static const char *const areas[] = {
	"structured-output", "tools",  "sampling",  "usage", "streaming",
	"messages",	     "errors", "reasoning", NULL
};

int conformance_area_rank(const char *area)
{
	int i;

	for (i = 0; areas[i]; i++)
		if (area && !strcmp(area, areas[i]))
			return i;
	return i;
}

const char *conformance_mark(const char *status)
{
	static const struct {
		const char *status, *mark;
	} marks[] = { { "honoured", "✅" },
		      { "ignored", "➖" },
		      { "rejected", "⛔" },
		      { "broken", "❌" },
		      { "skipped", "·" } };
	size_t i;

	for (i = 0; status && i < sizeof(marks) / sizeof(marks[0]); i++)
		if (!strcmp(status, marks[i].status))
			return marks[i].mark;
	return "?";
}

/* the checks of r in matrix order: by area, then as loaded */
static size_t *matrix_order(const struct run_result *r)
{
	size_t *order = xcalloc(r->n_probes + 1, sizeof(*order)), n = 0, i;
	int rank;

	if (!order)
		return NULL;
	for (rank = 0; rank <= (int)(sizeof(areas) / sizeof(areas[0])); rank++)
		for (i = 0; i < r->n_probes; i++)
			if (conformance_area_rank(r->probes[i].probe->conform->area) == rank)
				order[n++] = i;
	return order;
}

static const char *status_of(const struct probe_result *p)
{
	return conform_status_name(p->conform);
}

/* "honoured 40, ignored 2, ..." */
static int counts_line(struct buf *out, const struct run_result *r)
{
	int counts[CONFORM_STATUSES] = { 0 }, rc = 0, s;
	size_t i;

	for (i = 0; i < r->n_probes; i++)
		counts[r->probes[i].conform]++;
	for (s = 0; s < CONFORM_STATUSES; s++)
		rc |= buf_printf(out, "%s%s %d", s ? ", " : "",
				 conform_status_name((enum conform_status)s), counts[s]);
	return rc;
}

static int failing(const struct run_result *r)
{
	size_t i;
	int n = 0;

	for (i = 0; i < r->n_probes; i++)
		n += r->probes[i].verdict == VERDICT_FAIL || r->probes[i].verdict == VERDICT_ERROR;
	return n;
}

/* --- console ----------------------------------------------------------------- */

static const char *colour(enum conform_status s)
{
	static const char *const c[] = { "\033[32m", "\033[33m", "\033[35m", "\033[31m",
					 "\033[2m" };

	return c[s];
}

static int console_check(struct buf *out, const struct probe_result *p, bool color)
{
	const struct conform_spec *c = p->probe->conform;
	int rc = buf_printf(out, "  %s %s%-8s%s %-28s %s%s\n", conformance_mark(status_of(p)),
			    color ? colour(p->conform) : "", status_of(p), color ? "\033[0m" : "",
			    p->probe->id, p->message ? p->message : "",
			    p->verdict == VERDICT_FAIL	     ? ""
			    : conform_fails(c, p->conform)   ? ""
			    : p->conform == CONFORM_REJECTED ? " (optional)"
							     : "");

	if (p->remedy && p->conform != CONFORM_HONOURED)
		rc |= buf_printf(out, "%40s remedy: %s\n", "", p->remedy);
	return rc;
}

int conformance_console_render(const struct run_result *r, bool color, struct buf *out)
{
	size_t *order = matrix_order(r), i;
	const char *area = NULL;
	int rc = !order, fails = failing(r);

	rc |= buf_printf(out, "PREFLIGHT CONFORM  %s  model=%s  thinking=%s", r->endpoint,
			 r->model ? r->model : "?", r->thinking);
	rc |= report_console_head_end(r, out);
	for (i = 0; order && !r->unusable && i < r->n_probes; i++) {
		const struct probe_result *p = &r->probes[order[i]];

		if (!area || strcmp(area, p->probe->conform->area))
			rc |= buf_printf(out, "%s\n", area = p->probe->conform->area);
		rc |= console_check(out, p, color);
	}
	free(order);
	if (r->unusable) {
		rc |= buf_printf(out, "RESULT: ENDPOINT UNUSABLE (%zu checks not run, %.1fs)\n",
				 r->n_probes, r->seconds);
	} else {
		rc |= buf_puts(out, RULE);
		rc |= buf_printf(out, "RESULT: %s (",
				 r->interrupted ? "INTERRUPTED"
				 : fails	? "NOT CONFORMANT"
						: "CONFORMANT");
		rc |= counts_line(out, r);
		rc |= buf_printf(out, "; %d failing, %.1fs)\n", fails, r->seconds);
	}
	if (r->unusable)
		rc |= buf_printf(out, "endpoint: %s: %s\n", cause_code(r->unusable_cause),
				 r->unusable_detail ? r->unusable_detail : "");
	return rc ? -1 : 0;
}

/* --- markdown ---------------------------------------------------------------- */

int conformance_markdown_render(const struct run_result *r, struct buf *out)
{
	size_t *order = matrix_order(r), i;
	int rc = !order;

	rc |= buf_puts(out, "| area | check | status | evidence |\n|---|---|---|---|\n");
	for (i = 0; order && i < r->n_probes; i++) {
		const struct probe_result *p = &r->probes[order[i]];

		rc |= buf_puts(out, "| ") || table_cell(out, p->probe->conform->area);
		rc |= buf_puts(out, " | ") || table_cell(out, p->probe->id);
		rc |= buf_printf(out, " | %s %s | ", conformance_mark(status_of(p)), status_of(p));
		rc |= table_cell(out, p->message);
		rc |= buf_puts(out, " |\n");
	}
	free(order);
	return rc ? -1 : 0;
}

/* --- JSON -------------------------------------------------------------------- */

static void add(bool *bad, const void *added)
{
	if (!added)
		*bad = true;
}

static void add_str(bool *bad, cJSON *o, const char *k, const char *v)
{
	add(bad, v ? cJSON_AddStringToObject(o, k, v) : cJSON_AddNullToObject(o, k));
}

static cJSON *observation(bool *bad, const struct observation *ob)
{
	cJSON *o = cJSON_CreateObject();

	add(bad, o);
	add_str(bad, o, "label", ob->label);
	add_str(bad, o, "outcome", http_outcome_name(ob->outcome));
	add(bad, ob->status ? cJSON_AddNumberToObject(o, "status", (double)ob->status)
			    : cJSON_AddNullToObject(o, "status"));
	add(bad, cJSON_AddNumberToObject(o, "seconds", (double)(long)(ob->seconds * 1000) / 1000));
	add(bad, cJSON_AddBoolToObject(o, "streamed", ob->streamed));
	add_str(bad, o, "error", ob->error);
	add_str(bad, o, "detail", ob->detail);
	add_str(bad, o, "finish_reason", ob->finish_reason);
	add_str(bad, o, "content_excerpt", ob->content_excerpt);
	add_str(bad, o, "reasoning_field", ob->reasoning_field);
	add_str(bad, o, "tool_call", ob->tool);
#define COUNT(k, v)                                                                                \
	add(bad,                                                                                   \
	    (v) >= 0 ? cJSON_AddNumberToObject(o, k, (double)(v)) : cJSON_AddNullToObject(o, k))
	COUNT("prompt_tokens", ob->prompt_tokens);
	COUNT("completion_tokens", ob->completion_tokens);
	COUNT("reasoning_tokens", ob->reasoning_tokens);
	COUNT("tool_calls", ob->graded ? (long)ob->n_tool_calls : -1);
#undef COUNT
	return o;
}

static cJSON *check_json(bool *bad, const struct probe_result *p)
{
	const struct conform_spec *c = p->probe->conform;
	cJSON *o = cJSON_CreateObject(), *obs;
	size_t i;

	add(bad, o);
	add_str(bad, o, "id", p->probe->id);
	add_str(bad, o, "title", p->probe->title);
	add_str(bad, o, "area", c->area);
	add_str(bad, o, "check", conform_kind_name(c->kind));
	add(bad, cJSON_AddBoolToObject(o, "required", c->required));
	add_str(bad, o, "status", status_of(p));
	add(bad, cJSON_AddBoolToObject(o, "fails", p->verdict == VERDICT_FAIL));
	add_str(bad, o, "evidence", p->message);
	add_str(bad, o, "remedy", p->conform == CONFORM_HONOURED ? NULL : p->remedy);
	add(bad, cJSON_AddNumberToObject(o, "seconds", (double)(long)(p->seconds * 1000) / 1000));
	add(bad, obs = cJSON_AddArrayToObject(o, "observations"));
	for (i = 0; obs && i < p->n_obs; i++)
		add(bad, cJSON_AddItemToArray(obs, observation(bad, &p->obs[i])) ? obs : NULL);
	return o;
}

static void add_head(bool *bad, cJSON *root, const struct run_result *r)
{
	cJSON *st;

	add_str(bad, root, "schema", "preflight-conformance/v1");
	add_str(bad, root, "preflight_version", PREFLIGHT_VERSION);
	add_str(bad, root, "started", r->started);
	add(bad,
	    cJSON_AddNumberToObject(root, "seconds", (double)(long)(r->seconds * 1000) / 1000));
	*bad |= report_json_identity(root, r);
	add(bad, st = cJSON_AddObjectToObject(root, "settings"));
	add_str(bad, st, "thinking", r->thinking);
	add_str(bad, st, "reasoning_effort", r->reasoning_effort);
	add(bad, cJSON_AddNumberToObject(st, "max_tokens", (double)r->max_tokens));
}

int conformance_json_render(const struct run_result *r, struct buf *out)
{
	cJSON *root = cJSON_CreateObject(), *arr, *counts;
	int n[CONFORM_STATUSES] = { 0 }, s, rc = -1;
	size_t *order = matrix_order(r), i;
	bool failed = !root || !order;
	char *text;

	add_head(&failed, root, r);
	add(&failed, arr = cJSON_AddArrayToObject(root, "checks"));
	for (i = 0; order && arr && i < r->n_probes; i++) {
		n[r->probes[order[i]].conform]++;
		add(&failed, cJSON_AddItemToArray(arr, check_json(&failed, &r->probes[order[i]]))
				     ? arr
				     : NULL);
	}
	add(&failed, counts = cJSON_AddObjectToObject(root, "counts"));
	for (s = 0; s < CONFORM_STATUSES; s++)
		add(&failed, cJSON_AddNumberToObject(
				     counts, conform_status_name((enum conform_status)s), n[s]));
	add(&failed, cJSON_AddBoolToObject(root, "interrupted", r->interrupted));
	add(&failed, cJSON_AddBoolToObject(root, "passed", !r->unusable && !failing(r)));
	text = failed ? NULL : cJSON_Print(root);
	if (text)
		rc = buf_puts(out, text) || buf_putc(out, '\n') ? -1 : 0;
	free(text);
	free(order);
	cJSON_Delete(root);
	return rc;
}
