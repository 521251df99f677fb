/* main — sub-command dispatch and signals.
 *
 * The command bodies live in cmd_run.c and cmd_files.c (commands.h), and
 * everything they print goes through say.h. main takes descriptors 0-2 so
 * a closed one is never reused for a report, installs the allocation
 * failure switch (cJSON's allocations included), parses the command line, and owns
 * the signal flag: the first SIGINT or SIGTERM asks the run to stop and
 * write its reports (exit 128+N), a second ends the process at once. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alloc.h"
#include "commands.h"
#include "config.h"
#include "file.h"
#include "http.h"
#include "jsonfile.h"
#include "manual.h"
#include "recording.h"
#include "regex.h"
#include "say.h"
#include "secret.h"
#include "version.h"

static volatile sig_atomic_t stop_signal;

/* The first signal asks the run to stop and write its reports; a second
 * one ends the process at once, removing a report half-written. */
static void on_signal(int sig)
{
	if (stop_signal) {
		file_abort_pending();
		_exit(128 + sig);
	}
	stop_signal = sig;
}

static void catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Descriptors 0-2 are taken at start, so a closed one is never reused
 * for a report or recording; SIGPIPE is ignored, so a closed pipe only
 * fails the writes to it. */
static void guard_streams(void)
{
	int fd;

	do
		fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	while (fd >= 0 && fd <= STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
	signal(SIGPIPE, SIG_IGN);
}

/* preflight man, preflight completion SHELL */
static int manual(const struct config *c)
{
	struct buf text = BUF_INIT(0);
	int rc = c->cmd == CMD_MAN ? manual_page(&text) : manual_completion(c->shell, &text);

	if (rc)
		say_error("out of memory");
	else
		say(SAY_OUT, buf_cstr(&text));
	buf_release(&text);
	return rc ? EXIT_USAGE : EXIT_PASS;
}

/* preflight's version, then each library's as it runs */
static int version(void)
{
	char curl[160], pcre[64], zlib[64];

	http_library_version(curl, sizeof(curl));
	regex_library_version(pcre, sizeof(pcre));
	recording_zlib_version(zlib, sizeof(zlib));
	say_printf(SAY_OUT, "preflight %s\n%s\ncJSON %s\n%s\n%s\n", PREFLIGHT_VERSION, curl,
		   jsonfile_library_version(), pcre, zlib);
	return EXIT_PASS;
}

static int help(const struct config *c, int argc)
{
	struct buf text = BUF_INIT(0);

	if (config_usage(c->cmd, &text)) {
		buf_release(&text);
		say_error("out of memory");
		return EXIT_USAGE;
	}
	say(SAY_OUT, buf_cstr(&text));
	buf_release(&text);
	/* a bare `preflight` is a usage error; asking for help is not */
	return c->cmd == CMD_HELP && argc < 2 ? EXIT_USAGE : EXIT_PASS;
}

/* run and replay talk to the network (replay only to its recording) */
static int networked(const struct config *c)
{
	int code;

	if (c->insecure)
		say_error("warning: --insecure: TLS certificates are not verified");
	if (http_global_init()) {
		say_error("cannot initialise libcurl");
		return EXIT_UNUSABLE;
	}
	catch_signals();
	code = c->cmd == CMD_RUN       ? cmd_run(c, &stop_signal)
	       : c->cmd == CMD_CONFORM ? cmd_conform(c, &stop_signal)
				       : cmd_replay(c, &stop_signal);
	http_global_cleanup();
	return code;
}

static int dispatch(const struct config *c, int argc)
{
	if (c->help || c->cmd == CMD_HELP)
		return help(c, argc);
	switch (c->cmd) {
	case CMD_VERSION:
		return version();
	case CMD_LIST:
		return cmd_list(c);
	case CMD_VALIDATE:
		return cmd_validate(c);
	case CMD_TABLE:
		return cmd_table(c);
	case CMD_REPORT:
		return cmd_report(c);
	case CMD_DIFF:
		return cmd_diff(c);
	case CMD_DOCTOR:
		return cmd_doctor(c);
	case CMD_MAN:
	case CMD_COMPLETION:
		return manual(c);
	default:
		return networked(c);
	}
}

int main(int argc, char **argv)
{
	struct config c;
	char err[1024];
	int code;

	guard_streams();
	alloc_init_from_env();
	jsonfile_use_alloc();
	if (config_parse(argc, argv, &c, err, sizeof(err))) {
		say_error("%s", err);
		config_release(&c);
		return EXIT_USAGE;
	}
	if ((c.cmd == CMD_RUN || c.cmd == CMD_CONFORM) && c.api_key &&
	    !secret_check(c.api_key, err, sizeof(err)) && say_scrub_key(c.api_key)) {
		say_error("out of memory");
		config_release(&c);
		return EXIT_USAGE;
	}
	code = dispatch(&c, argc);
	say_release();
	config_release(&c);
	return code;
}
