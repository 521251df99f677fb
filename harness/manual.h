/* SPDX-License-Identifier: Apache-2.0 */
/* manual — the help, the man page (roff) and the bash and zsh completions,
 * all made from the command table (cli.h) and config's option table, so
 * none can drift from the commands: every command appears in each, and a
 * command's help lists exactly the options it accepts, grouped as the
 * table groups them, in 80 columns. Builds text; never prints. */
#ifndef PREFLIGHT_MANUAL_H
#define PREFLIGHT_MANUAL_H

#include "buf.h"
#include "config.h"

#define MANUAL_COLUMNS 80 /* the help's width */

/* preflight --help (cmd NULL: the commands with their one-liners), or
 * help CMD (what CMD takes, grouped, and an example of CMD) onto b.
 * Returns 0, or -1 when out of memory. */
int manual_help(struct command_table t, const struct command_row *cmd, struct buf *b);

/* preflight.1 onto b. Returns 0, or -1 when out of memory. */
int manual_page(struct command_table t, struct buf *b);

/* The completion script for shell ("bash" or "zsh") onto b. */
int manual_completion(struct command_table t, const char *shell, struct buf *b);

#endif
