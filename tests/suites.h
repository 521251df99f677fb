/* SPDX-License-Identifier: Apache-2.0 */
/* suites — one Check suite per module; check_main.c runs them all. */
#ifndef PREFLIGHT_SUITES_H
#define PREFLIGHT_SUITES_H

#include <check.h>

/* one per tests/check_NAME.c, listed by the Makefile from the file names */
#define SUITE(name) Suite *name##_suite(void);
#include "suites.inc"
#undef SUITE

#endif
