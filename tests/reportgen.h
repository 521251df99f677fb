/* SPDX-License-Identifier: Apache-2.0 */
/* reportgen — large reports made from a small one, for the tests and the
 * benchmarks of the report readers (diff, report, table). Needs no Check,
 * so tests/bench links it too. Never prints. */
#ifndef PREFLIGHT_REPORTGEN_H
#define PREFLIGHT_REPORTGEN_H

#include <cjson/cJSON.h>

/* The run report run with n probes, each a copy of its first named p00000,
 * p00001, ..., the one at fail (-1: none) failing; unformatted JSON, the
 * caller frees. NULL when run holds no probe or memory ran out. */
char *reportgen_grown(const cJSON *run, int n, int fail);

#endif
