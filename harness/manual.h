/* manual — the man page (roff) and the bash and zsh completions, made
 * from config's option table and the list of commands, so that neither can
 * drift from --help. `preflight man` and `preflight completion SHELL`
 * print them; make builds and installs them. Never prints itself. */
#ifndef PREFLIGHT_MANUAL_H
#define PREFLIGHT_MANUAL_H

#include "buf.h"

/* preflight.1 onto b. Returns 0, or -1 when out of memory. */
int manual_page(struct buf *b);

/* The completion script for shell ("bash" or "zsh") onto b. */
int manual_completion(const char *shell, struct buf *b);

#endif
