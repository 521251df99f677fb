/* SPDX-License-Identifier: Apache-2.0 */
/* remedy — the one way to a remedy: from the final cause, the engine that
 * answered, and the probe's context where the cause needs it (a needle's
 * lost code for wrong-answer, the pattern that hit pcre2's limit, a 404's
 * status, the engine log's finding, a conformance check's own words).
 * Never from the probe's kind: a needle cell that failed by
 * thinking-starvation gets thinking-starvation's remedy. The engines' own
 * words for a cause are rows here; a cause an engine has no row for gets
 * the template of its flag vocabulary (engine.h), else the cause's generic
 * remedy (diagnose.h). Tables only; never prints. */
#ifndef PREFLIGHT_REMEDY_H
#define PREFLIGHT_REMEDY_H

#include <stddef.h>

#include "diagnose.h"
#include "engine.h"
#include "probe.h"

/* The remedy for cause c on engine e (ENGINE_UNKNOWN: the generic words)
 * in ctx (may be NULL); a text that needs filling in goes into out. Static
 * storage, ctx's, or out; "" when there is none. */
const char *remedy_for(enum cause c, enum engine e, const struct remedy_context *ctx, char *out,
		       size_t n);

/* The engine's own words for cause c (a row, else its flag vocabulary's
 * template), or NULL when the generic remedy is all there is. */
const char *remedy_of_engine(enum engine e, enum cause c);

#endif
