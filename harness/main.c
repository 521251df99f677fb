/* SPDX-License-Identifier: Apache-2.0 */
/* main — the process: descriptors, the allocation switch, signals, and
 * dispatch through the command table (cli.h).
 *
 * The command bodies live in cmd_*.c (commands.h) and cli.c, and
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
#include "cli.h"
#include "commands.h"
#include "config.h"
#include "file.h"
#include "http.h"
#include "jsonfile.h"
#include "say.h"
#include "secret.h"

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

/* The command's handler; one that talks HTTP gets libcurl and the signal
 * handler first. */
static int dispatch(const struct config *c)
{
	const struct command_row *cmd =
		c->help ? config_command_named(c->commands, "help") : c->command;
	int code;

	if (!cmd->network)
		return cmd->run(c, &stop_signal);
	if (c->insecure)
		say_error("warning: --insecure: TLS certificates are not verified");
	if (http_global_init()) {
		say_error("cannot initialise libcurl");
		return EXIT_UNUSABLE;
	}
	catch_signals();
	code = cmd->run(c, &stop_signal);
	http_global_cleanup();
	return code;
}

int main(int argc, char **argv)
{
	struct config c;
	char err[1024];
	int code;

	guard_streams();
	alloc_init_from_env();
	jsonfile_use_alloc();
	if (config_parse(cli_commands(), argc, argv, &c, err, sizeof(err))) {
		say_error("%s", err);
		code = EXIT_USAGE;
	} else if ((c.cmd == CMD_RUN || c.cmd == CMD_CONFORM || c.cmd == CMD_COMPARE) &&
		   ((c.api_key && !secret_check(c.api_key, err, sizeof(err)) &&
		     say_scrub_key(c.api_key)) ||
		    (c.reference_api_key && !secret_check(c.reference_api_key, err, sizeof(err)) &&
		     say_scrub_key(c.reference_api_key)))) {
		say_error("out of memory");
		code = EXIT_USAGE;
	} else {
		if (config_stdout_taken(&c))
			say_reserve_stdout(); /* a report is alone there: the rest to stderr */
		code = dispatch(&c);
	}
	say_release();
	config_release(&c);
	return code;
}
