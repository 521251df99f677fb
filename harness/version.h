/* SPDX-License-Identifier: Apache-2.0 */
/* version — the version number: the VERSION file at the top of the tree,
 * which the build passes in (-DPREFLIGHT_VERSION); nothing else holds it. */
#ifndef PREFLIGHT_VERSION_H
#define PREFLIGHT_VERSION_H

#ifndef PREFLIGHT_VERSION
#error "PREFLIGHT_VERSION comes from the VERSION file: build with make"
#endif

#endif
