/* say — what preflight prints: the only way text reaches stdout or stderr.
 *
 * Every text passes the key scrubber (secret.h) and the UTF-8 guard first,
 * so no echo of the key and no invalid byte is ever shown. A write error
 * (a closed pipe) is ignored: it changes no verdict and no report. The key
 * to scrub is process-wide, set once by main before any command runs and
 * read only from the main thread. */
#ifndef PREFLIGHT_SAY_H
#define PREFLIGHT_SAY_H

#include <stdio.h>

struct secret;

/* Scrub echoes of key (borrowed; copied into the scrubber) from all that
 * is shown. Returns 0, or -1 when out of memory. */
int say_scrub_key(const char *key);
/* The scrubber's key, for report writers (never NULL; inactive until set). */
const struct secret *say_key(void);
void say_release(void);

/* Prints text to f, scrubbed. */
void say(FILE *f, const char *text);
/* "preflight: MESSAGE\n" on stderr, scrubbed. */
void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
