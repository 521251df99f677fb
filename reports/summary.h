/* SPDX-License-Identifier: Apache-2.0 */
/* summary — the short texts made from a probe result: the notebook's
 * summary label and note (the probe's templates filled in) and the
 * console's evidence line. Read-only on the result; every text is new and
 * the caller's to free (NULL when out of memory). Never prints. */
#ifndef PREFLIGHT_SUMMARY_H
#define PREFLIGHT_SUMMARY_H

#include "result.h"

/* The probe's pass or fail label, by the verdict, with {passed}, {total},
 * {json_keys}, {secret}, {cause} and {ctx_k} filled in. */
char *summary_label(const struct probe_result *pr);
/* The notebook note, the same way; NULL when the probe has none. */
char *summary_note(const struct probe_result *pr);
/* Sizes, counts and the answer that best shows the verdict (the first
 * failed graded one, else the first graded), or the message of a probe
 * that sent nothing. */
char *summary_evidence(const struct probe_result *pr);

#endif
