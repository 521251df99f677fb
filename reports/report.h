/* SPDX-License-Identifier: Apache-2.0 */
/* report — the table of report formats and the one way a report is
 * written.
 *
 * Each format is a row: its name (the option that asks for it is a row of
 * config's table with the same name) and its renderer (render.h); a
 * report is rendered from the one model of a run and written atomically
 * through the writer (say.h), which scrubs the key. */
#ifndef PREFLIGHT_REPORT_H
#define PREFLIGHT_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct model;

struct secret;

/* A report format: its name and its writer. The option that asks for it
 * (--junit FILE) is a row of config's option table with the same name in
 * its format; a test pins the two lists to each other. */
struct report_format {
	const char *name; /* "junit"; the key in the dry-run plan's outputs */
	int (*render)(const struct model *m, struct buf *out);
	bool on_unusable; /* written too when the endpoint could not be used (exit 3) */
	size_t max;	  /* bytes it may take (0: any): what the reader takes back */
};

/* The i-th format; NULL past the last. */
const struct report_format *report_format_at(size_t i);
/* The format called name, or NULL. */
const struct report_format *report_format_named(const char *name);

/* Renders m as format ("junit", "json", "markdown") and writes it to path
 * ("-": stdout) through the writer (say.h), which scrubs the key. Returns
 * 0, or -1 with the reason in err. */
int report_write(const char *format, const struct model *m, const char *path, char *err,
		 size_t errlen);

#endif
