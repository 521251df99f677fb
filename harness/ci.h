/* SPDX-License-Identifier: Apache-2.0 */
/* ci — the CI systems' own channels: GitHub Actions' job summary
 * (appended to $GITHUB_STEP_SUMMARY) and its workflow-command annotations
 * (::error title=...::message on stdout when GITHUB_ACTIONS=true), escaped
 * as the runner expects (%25, %0D, %0A; in the title %3A and %2C too) so a
 * message from an endpoint cannot issue a command of its own. Owns no
 * state; writes only where the environment says. */
#ifndef PREFLIGHT_CI_H
#define PREFLIGHT_CI_H

#include <stdbool.h>
#include <stddef.h>

enum ci_level { CI_ERROR, CI_WARNING, CI_NOTICE };

/* Appends markdown to the job summary. Returns 0 (also when there is
 * none to append to), or -1 with the reason in err. */
int ci_summary_append(const char *markdown, char *err, size_t errlen);

/* Prints one annotation when running under GitHub Actions; else nothing. */
void ci_annotate(enum ci_level level, const char *title, const char *message);

/* The annotation line itself, escaped, into out (without the newline). */
void ci_annotation_line(enum ci_level level, const char *title, const char *message, char *out,
			size_t n);

#endif
