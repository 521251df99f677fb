/* SPDX-License-Identifier: Apache-2.0 */
/* markup — text for XML and HTML: the one escaper behind the JUnit XML,
 * the SVG heat map and the HTML report.
 *
 * Escapes &, <, > (and in attributes " ' and the whitespace XML would
 * normalise), and writes the characters XML 1.0 forbids (C0 controls but
 * tab, newline and return; DEL; U+FFFE, U+FFFF) as visible text (#x1B),
 * pytest-style, so an endpoint's bytes can never end a document, open an
 * element or run a script. Bytes that are not UTF-8 become U+FFFD. Reads
 * its input only; appends to the caller's buffer. */
#ifndef PREFLIGHT_MARKUP_H
#define PREFLIGHT_MARKUP_H

#include <stdbool.h>

#include "buf.h"

/* s (NULL is "") escaped onto out; attr: for an attribute value in double
 * or single quotes. Returns 0, or -1 when out of memory. */
int markup_text(struct buf *out, const char *s, bool attr);

#endif
