/* cmd_engine — preflight doctor, and the rules --engine-log reads with;
 * see commands.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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
	if (l.first_tripped)
		say_printf(SAY_OUT,
			   "%s:%ld: rule %s backtracks past pcre2's limits: not tried on the rest "
			   "of the log (rewrite its pattern without nested quantifiers)\n",
			   log, l.tripped_line, l.first_tripped->id);
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

int engine_watch_open(struct engine_watch *w, const struct config *c,
		      const volatile sig_atomic_t *stop)
{
	memset(w, 0, sizeof(*w));
	w->fd = -1;
	w->stop = stop;
	if (!c->engine_log)
		return 0;
	if (commands_engine_rules(c, &w->rules))
		return -1;
	w->path = c->engine_log;
	w->active = true;
	enginelog_init(&w->log, &w->rules, ENGINE_UNKNOWN);
	/* a pipe from docker logs -f never ends: it is read as far as poll
	 * says it has data, so stdin stays as the shell left it */
	if (!strcmp(w->path, "-"))
		w->fd = STDIN_FILENO;
	return 0; /* a file the engine has not written yet is opened when it appears */
}

#define LOOK_MS	  50  /* a look at the log while waiting: at most this long */
#define SETTLE_MS 500 /* at the end: what a pipe's writer still holds, at most this long */

static double ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The log file, opened when it appears, and again when it was rotated:
 * a new file at the path (mv and a new one) is read from its start once
 * the old one is read to its end; a file cut shorter than what was read
 * (copytruncate) is read again from its start. */
static void follow_file(struct engine_watch *w)
{
	struct stat at, open_now;
	off_t read_so_far;

	if (w->fd == STDIN_FILENO)
		return;
	if (stat(w->path, &at))
		return; /* not there (yet, or between a rotation's mv and create) */
	if (w->fd < 0 || fstat(w->fd, &open_now)) {
		if (w->fd >= 0)
			close(w->fd);
		w->fd = open(w->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		w->dev = at.st_dev;
		w->ino = at.st_ino;
		return;
	}
	read_so_far = lseek(w->fd, 0, SEEK_CUR);
	if (at.st_dev != w->dev || at.st_ino != w->ino) {
		if (read_so_far < open_now.st_size)
			return; /* the old file's tail first */
		enginelog_end(&w->log);
		close(w->fd);
		w->fd = -1;
		follow_file(w);
	} else if (at.st_size < read_so_far) {
		enginelog_end(&w->log);
		(void)lseek(w->fd, 0, SEEK_SET);
	}
}

/* Whatever the log has gained, for at most budget_ms however fast it
 * grows (yes | preflight ... --engine-log - costs no more), and nothing
 * once the run is stopped. With wait, a pipe gets until the budget ends
 * to deliver what its writer still holds. */
static void drain(struct engine_watch *w, double budget_ms, bool wait)
{
	const double end = ms_now() + budget_ms;
	char chunk[1 << 16];

	follow_file(w);
	while (w->fd >= 0 && !w->eof && !(w->stop && *w->stop)) {
		double left = end - ms_now();
		struct pollfd p = { w->fd, POLLIN, 0 };
		ssize_t n;

		if (left <= 0)
			return;
		if (w->fd == STDIN_FILENO && poll(&p, 1, wait ? (int)left + 1 : 0) <= 0)
			return; /* nothing more yet */
		n = read(w->fd, chunk, sizeof(chunk));
		if (n > 0)
			enginelog_feed(&w->log, chunk, (size_t)n);
		else if (n == 0 && w->fd == STDIN_FILENO)
			w->eof = true; /* a pipe that closed has said everything */
		else if (n == 0 || errno != EINTR)
			return; /* a file's end for now, or an error: what came is what there is */
	}
}

bool engine_watch_poll(void *ctx)
{
	struct engine_watch *w = ctx;

	drain(w, LOOK_MS, false);
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

	drain(w, SETTLE_MS, true);
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
	enginelog_release(&w->log);
	log_rules_release(&w->rules);
	memset(w, 0, sizeof(*w));
	w->fd = -1;
}
