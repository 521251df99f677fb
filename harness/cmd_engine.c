/* SPDX-License-Identifier: Apache-2.0 */
/* cmd_engine — preflight doctor, and the rules --engine-log reads with;
 * see commands.h. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "commands.h"
#include "enginelog.h"
#include "follow.h"
#include "result.h"
#include "say.h"
#include "secret.h"
#include "text.h"

int commands_engine_rules(const struct config *c, struct log_rules *rs)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], err[1024];

	memset(rs, 0, sizeof(*rs));
	snprintf(path, sizeof(path), "%s/engine/rules.json",
		 commands_probe_dir(c, dir, sizeof(dir)));
	if ((c->engine_rules && log_rules_load(rs, c->engine_rules, err, sizeof(err))) ||
	    log_rules_load(rs, path, err, sizeof(err))) {
		say_error("%s", err);
		log_rules_release(rs);
		return -1;
	}
	return 0;
}

/* one match as doctor shows it: where, how sure (its layer), what, why,
 * what to change */
static void show(const char *log, const struct enginelog *l, const struct log_match *m)
{
	char remedy[1024];

	enginelog_remedy(l, m, remedy, sizeof(remedy));
	say_printf(SAY_OUT,
		   "%s:%ld: %s %s (%s; class %s; %s layer): %s\n    why: %s\n    remedy: %s\n", log,
		   m->line, m->fatal ? "fatal  " : "warning", m->rule->id, m->rule->cause,
		   m->rule->class, enginelog_layer_name(m->rule->layer), m->quote, m->rule->explain,
		   remedy);
}

/* the n lines before line `at` of the file log, as doctor --context shows
 * them: each on one line, tokens masked (a log can echo a launcher's key) */
static void show_context(const char *log, long at, int n)
{
	char **ring = xcalloc((size_t)n, sizeof(*ring)), *line = NULL;
	size_t cap = 0;
	long no = 0, k;
	FILE *f = strcmp(log, "-") ? fopen(log, "r") : NULL;

	if (!f || !ring) {
		say_printf(SAY_OUT, "%s: no context: %s\n", log,
			   f ? "out of memory" : "the log is not a file that can be read again");
		if (f)
			fclose(f);
		free(ring);
		return;
	}
	while (no + 1 < at && getline(&line, &cap, f) >= 0) {
		line[strcspn(line, "\r\n")] = '\0';
		free(ring[no % n]);
		ring[no % n] = text_clean_line(line);
		if (ring[no % n])
			secret_mask_tokens(ring[no % n]);
		no++;
	}
	say_printf(SAY_OUT, "%s: the %ld lines before line %ld:\n", log, no < n ? no : (long)n, at);
	for (k = no < n ? 0 : no - n; k < no; k++)
		say_printf(SAY_OUT, "    %ld| %s\n", k + 1, ring[k % n] ? ring[k % n] : "");
	for (k = 0; k < n; k++)
		free(ring[k]);
	free(ring);
	free(line);
	fclose(f);
}

static int doctor_one(const struct config *c, const struct log_rules *rs, const char *log,
		      bool *fatal)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];
	struct enginelog l;
	char err[1024];
	size_t i, n;

	enginelog_init(&l, rs, c->doctor_engine);
	if (c->doctor_exited)
		enginelog_exited(&l);
	if (enginelog_read_file(&l, log, err, sizeof(err))) {
		say_error("%s", err);
		enginelog_release(&l);
		return -1;
	}
	n = enginelog_ranked(&l, ranked);
	for (i = 0; i < n; i++)
		show(log, &l, ranked[i]);
	if (l.more)
		say_printf(SAY_OUT, "%s: %ld more matches not shown\n", log, l.more);
	if (l.first_tripped)
		say_printf(SAY_OUT,
			   "%s:%ld: rule %s backtracks past pcre2's limits: not tried on the rest "
			   "of the log (rewrite its pattern without nested quantifiers)\n",
			   log, l.tripped_line, l.first_tripped->id);
	if (n && ranked[0]->fatal && c->doctor_context > 0)
		show_context(log, ranked[0]->line, c->doctor_context);
	if (n && ranked[0]->fatal)
		say_printf(SAY_OUT, "doctor: %s: the engine failed: %s (%s, line %ld)\n", log,
			   ranked[0]->rule->explain, ranked[0]->rule->id, ranked[0]->line);
	else
		say_printf(SAY_OUT, "doctor: %s: no known fatal signature in %ld lines%s\n", log,
			   enginelog_lines(&l), n ? " (warnings above)" : "");
	*fatal = *fatal || l.fatal;
	enginelog_release(&l);
	return 0;
}

int cmd_doctor(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct log_rules rs;
	bool fatal = false;
	int i, bad = 0;

	(void)stop;
	if (commands_engine_rules(c, &rs))
		return EXIT_USAGE;
	for (i = 0; i < c->n_files; i++)
		bad += doctor_one(c, &rs, c->files[i], &fatal) != 0;
	log_rules_release(&rs);
	return bad ? EXIT_USAGE : fatal ? EXIT_FAILED : EXIT_PASS;
}

/* --- --engine-log on run and conform ---------------------------------------- */

int engine_watch_open(struct engine_watch *w, const struct config *c,
		      const volatile sig_atomic_t *stop)
{
	memset(w, 0, sizeof(*w));
	w->stop = stop;
	follow_init(&w->follow, NULL);
	if (!c->engine_log)
		return 0;
	if (commands_engine_rules(c, &w->rules))
		return -1;
	w->path = c->engine_log;
	w->pid = c->engine_pid;
	w->active = true;
	enginelog_init(&w->log, &w->rules, ENGINE_UNKNOWN);
	follow_init(&w->follow, w->path); /* opened when the engine has written it */
	return 0;
}

#define LOOK_MS	  50  /* a look at the log while waiting: at most this long */
#define SETTLE_MS 500 /* at the end: what a pipe's writer still holds, at most this long */

/* has --engine-pid's process ended? (once seen, the log knows it) */
static bool pid_gone(struct engine_watch *w)
{
	if (w->pid && !w->pid_gone && kill((pid_t)w->pid, 0) < 0 && errno == ESRCH) {
		w->pid_gone = true;
		enginelog_exited(&w->log);
	}
	return w->pid_gone;
}

bool engine_watch_poll(void *ctx)
{
	struct engine_watch *w = ctx;
	bool gone = pid_gone(w); /* before the look: its last words are in the log */

	follow_drain(&w->follow, &w->log, LOOK_MS, false, w->stop);
	return w->log.fatal || gone;
}

/* one match as a finding of the report */
static void finding_of(const struct enginelog *l, const struct log_match *m,
		       struct engine_finding *f)
{
	char remedy[1024];

	enginelog_remedy(l, m, remedy, sizeof(remedy));
	f->rule = xstrdup(m->rule->id);
	f->cause = xstrdup(m->rule->cause);
	f->class = xstrdup(m->rule->class);
	f->layer = enginelog_layer_name(m->rule->layer);
	f->quote = xstrdup(m->quote);
	f->explain = xstrdup(m->rule->explain);
	f->remedy = xstrdup(remedy);
	f->line = m->line;
	f->fatal = m->fatal;
}

bool engine_watch_explain(void *ctx, struct run_result *r)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];
	struct engine_watch *w = ctx;
	size_t n, i;

	pid_gone(w);
	follow_drain(&w->follow, &w->log, SETTLE_MS, true, w->stop);
	enginelog_finish(&w->log);
	if (r->findings) /* asked once a run */
		return r->findings[0].fatal;
	n = enginelog_ranked(&w->log, ranked);
	r->engine_log = xstrdup(w->path);
	if (!n || !(r->findings = xcalloc(n, sizeof(*r->findings))))
		return false;
	for (i = 0; i < n; i++)
		finding_of(&w->log, ranked[i], &r->findings[i]);
	r->n_findings = n;
	return r->findings[0].fatal && r->findings[0].explain && r->findings[0].quote &&
	       r->findings[0].remedy;
}

void engine_watch_close(struct engine_watch *w)
{
	if (!w->active)
		return;
	follow_close(&w->follow);
	enginelog_release(&w->log);
	log_rules_release(&w->rules);
	memset(w, 0, sizeof(*w));
	follow_init(&w->follow, NULL);
}
