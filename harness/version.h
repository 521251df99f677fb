/* version — the one place the version number lives. */
#ifndef PREFLIGHT_VERSION_H
#define PREFLIGHT_VERSION_H

#define PREFLIGHT_VERSION "0.1.0"

#endif
