/* SPDX-License-Identifier: Apache-2.0 */
/* markup — XML and HTML text; see markup.h. */
#include "markup.h"

#include <string.h>

#include "text.h"

/* a character XML 1.0 does not allow, even escaped */
static bool forbidden(unsigned long cp)
{
	return (cp < 0x20 && cp != '\n' && cp != '\t' && cp != '\r') || cp == 0x7F ||
	       cp == 0xFFFE || cp == 0xFFFF;
}

int markup_text(struct buf *out, const char *s, bool attr)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t len = strlen((const char *)p), i = 0;
	unsigned long cp;
	int rc = 0;

	while (i < len && !rc) {
		size_t n = text_utf8_decode(p + i, len - i, &cp);

		if (!n) { /* not expected after sanitizing; stay valid anyway */
			rc = buf_puts(out, "\xEF\xBF\xBD");
			i++;
			continue;
		}
		if (cp == '&')
			rc = buf_puts(out, "&amp;");
		else if (cp == '<')
			rc = buf_puts(out, "&lt;");
		else if (cp == '>')
			rc = buf_puts(out, "&gt;");
		else if (cp == '"' && attr)
			rc = buf_puts(out, "&quot;");
		else if (cp == '\'' && attr)
			rc = buf_puts(out, "&#39;");
		else if ((cp == '\n' || cp == '\t' || cp == '\r') && attr)
			rc = buf_printf(out, "&#%lu;", cp);
		else if (forbidden(cp))
			rc = buf_printf(out, "#x%02lX", cp);
		else
			rc = buf_append(out, p + i, n);
		i += n;
	}
	return rc;
}
