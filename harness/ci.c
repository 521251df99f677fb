/* SPDX-License-Identifier: Apache-2.0 */
/* ci — GitHub Actions' summary and annotations; see ci.h. */
#include "ci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "say.h"

/* s escaped onto out at *at: % CR LF always, : and , in a property */
static void escape(const char *s, bool property, char *out, size_t n, size_t *at)
{
	for (; s && *s && *at + 4 < n; s++) {
		const char *e = *s == '%'		? "%25"
				: *s == '\r'		? "%0D"
				: *s == '\n'		? "%0A"
				: property && *s == ':' ? "%3A"
				: property && *s == ',' ? "%2C"
							: NULL;

		if (e) {
			memcpy(out + *at, e, 3);
			*at += 3;
		} else {
			out[(*at)++] = *s;
		}
	}
	out[*at] = '\0';
}

void ci_annotation_line(enum ci_level level, const char *title, const char *message, char *out,
			size_t n)
{
	static const char *const names[] = { "error", "warning", "notice" };
	size_t at;

	snprintf(out, n, "::%s title=", names[level]);
	at = strlen(out);
	escape(title, true, out, n, &at);
	if (at + 3 < n) {
		memcpy(out + at, "::", 3);
		at += 2;
	}
	escape(message, false, out, n, &at);
}

void ci_annotate(enum ci_level level, const char *title, const char *message)
{
	const char *gha = getenv("GITHUB_ACTIONS");
	char line[2048];

	if (!gha || strcmp(gha, "true"))
		return;
	ci_annotation_line(level, title, message, line, sizeof(line) - 1);
	strcat(line, "\n");
	say_command(line); /* stderr while a report holds stdout: the runner reads both */
}

int ci_summary_append(const char *markdown, char *err, size_t errlen)
{
	const char *path = getenv("GITHUB_STEP_SUMMARY");
	char why[1024];

	if (!path || !*path)
		return 0;
	if (say_append(path, markdown, why, sizeof(why))) {
		snprintf(err, errlen, "GITHUB_STEP_SUMMARY: %s", why);
		return -1;
	}
	return 0;
}
