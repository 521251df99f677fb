/* cmd_engine — preflight doctor, and the rules --engine-log reads with;
 * see commands.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "commands.h"
#include "enginelog.h"
#include "result.h"
#include "say.h"

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

/* one match as doctor and the console show it */
static void show(const char *log, const struct log_match *m)
{
	say_printf(SAY_OUT, "%s:%ld: %s %s (%s): %s\n    why: %s\n    remedy: %s\n", log, m->line,
		   m->rule->fatal ? "fatal  " : "warning", m->rule->id, m->rule->cause, m->quote,
		   m->rule->explain, m->rule->remedy);
}

static int doctor_one(const struct config *c, const struct log_rules *rs, const char *log,
		      bool *fatal)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];
	struct enginelog l;
	char err[1024];
	size_t i, n;

	enginelog_init(&l, rs, c->doctor_engine);
	if (enginelog_read_file(&l, log, err, sizeof(err))) {
		say_error("%s", err);
		enginelog_release(&l);
		return -1;
	}
	n = enginelog_ranked(&l, ranked);
	for (i = 0; i < n; i++)
		show(log, ranked[i]);
	if (l.more)
		say_printf(SAY_OUT, "%s: %ld more matches not shown\n", log, l.more);
	if (n && ranked[0]->rule->fatal)
		say_printf(SAY_OUT, "doctor: %s: the engine failed: %s (%s, line %ld)\n", log,
			   ranked[0]->rule->explain, ranked[0]->rule->id, ranked[0]->line);
	else
		say_printf(SAY_OUT, "doctor: %s: no known fatal signature in %ld lines%s\n", log,
			   l.lines, n ? " (warnings above)" : "");
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

int engine_watch_open(struct engine_watch *w, const struct config *c)
{
	memset(w, 0, sizeof(*w));
	w->fd = -1;
	if (!c->engine_log)
		return 0;
	if (commands_engine_rules(c, &w->rules))
		return -1;
	w->path = c->engine_log;
	w->active = true;
	enginelog_init(&w->log, &w->rules, ENGINE_UNKNOWN);
	if (!strcmp(w->path, "-")) { /* a pipe from docker logs -f never ends: read what came */
		w->fd = STDIN_FILENO;
		w->stdin_flags = fcntl(w->fd, F_GETFL); /* shared with the shell: restored */
		if (w->stdin_flags >= 0)
			(void)fcntl(w->fd, F_SETFL, w->stdin_flags | O_NONBLOCK);
	}
	return 0; /* a file the engine has not written yet is opened when it appears */
}

/* whatever the log has gained since the last look; at the end a pipe
 * gets STDIN_SETTLE_MS of quiet to deliver what its writer still holds
 * (a pipe from docker logs -f never closes) */
#define STDIN_SETTLE_MS 500
static void drain(struct engine_watch *w, bool last)
{
	char chunk[1 << 16];
	ssize_t n;

	if (w->fd < 0 && strcmp(w->path, "-"))
		w->fd = open(w->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	while (w->fd >= 0 && !w->eof && (n = read(w->fd, chunk, sizeof(chunk))) != 0) {
		struct pollfd p = { w->fd, POLLIN, 0 };

		if (n > 0) {
			enginelog_feed(&w->log, chunk, (size_t)n);
		} else if (errno != EINTR &&
			   (errno != EAGAIN || !last || poll(&p, 1, STDIN_SETTLE_MS) <= 0)) {
			return; /* nothing more yet (or an error: what came is what there is) */
		}
	}
	/* a pipe that closed has said everything; a file may still grow */
	if (w->fd == STDIN_FILENO)
		w->eof = true;
}

bool engine_watch_poll(void *ctx)
{
	struct engine_watch *w = ctx;

	drain(w, false);
	return w->log.fatal;
}

/* one match as a finding of the report */
static void finding_of(const struct log_match *m, struct engine_finding *f)
{
	f->rule = xstrdup(m->rule->id);
	f->cause = xstrdup(m->rule->cause);
	f->quote = xstrdup(m->quote);
	f->explain = xstrdup(m->rule->explain);
	f->remedy = xstrdup(m->rule->remedy);
	f->line = m->line;
	f->fatal = m->rule->fatal;
}

bool engine_watch_explain(void *ctx, struct run_result *r)
{
	const struct log_match *ranked[ENGINELOG_MAX_MATCHES];
	struct engine_watch *w = ctx;
	size_t n, i;

	drain(w, true);
	enginelog_end(&w->log);
	if (r->findings) /* asked once a run */
		return r->findings[0].fatal;
	n = enginelog_ranked(&w->log, ranked);
	r->engine_log = xstrdup(w->path);
	if (!n || !(r->findings = xcalloc(n, sizeof(*r->findings))))
		return false;
	for (i = 0; i < n; i++)
		finding_of(ranked[i], &r->findings[i]);
	r->n_findings = n;
	return r->findings[0].fatal && r->findings[0].explain && r->findings[0].quote &&
	       r->findings[0].remedy;
}

void engine_watch_close(struct engine_watch *w)
{
	if (!w->active)
		return;
	if (w->fd >= 0 && w->fd != STDIN_FILENO)
		close(w->fd);
	if (w->fd == STDIN_FILENO && w->stdin_flags >= 0)
		(void)fcntl(w->fd, F_SETFL, w->stdin_flags);
	enginelog_release(&w->log);
	log_rules_release(&w->rules);
	memset(w, 0, sizeof(*w));
	w->fd = -1;
}
