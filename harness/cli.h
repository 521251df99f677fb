/* SPDX-License-Identifier: Apache-2.0 */
/* cli — the command table: every command of preflight once, with its
 * synopsis, its one-line summary, its help paragraph, an example that runs
 * it, and its handler (cmd_*.c). main dispatches through it; the help, the
 * man page and both completions are made from it and from config's option
 * table (manual.c), so a command cannot be missing from any of them. The
 * handlers of the commands about preflight itself (help, man, completion,
 * version) live here too. Prints only through say.h. */
#ifndef PREFLIGHT_CLI_H
#define PREFLIGHT_CLI_H

#include "config.h"

/* The table (static storage). */
struct command_table cli_commands(void);

#endif
