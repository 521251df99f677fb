/* say — scrubbed printing; see say.h. */
#include "say.h"

#include <stdarg.h>

#include "buf.h"
#include "report.h"
#include "secret.h"

/* the key as the scrubber looks for it in all that is shown */
static struct secret shown_key = SECRET_INIT;

int say_scrub_key(const char *key)
{
	return secret_init(&shown_key, key);
}

const struct secret *say_key(void)
{
	return &shown_key;
}

void say_release(void)
{
	secret_release(&shown_key);
}

void say(FILE *f, const char *text)
{
	struct buf b = BUF_INIT(0);

	if (!buf_puts(&b, text) && !secret_scrub(&shown_key, &b) && !report_utf8(&b))
		fputs(buf_cstr(&b), f);
	buf_release(&b);
	fflush(f);
}

void say_error(const char *fmt, ...)
{
	struct buf b = BUF_INIT(0);
	va_list ap;

	va_start(ap, fmt);
	if (!buf_puts(&b, "preflight: ") && !buf_vprintf(&b, fmt, ap) && !buf_putc(&b, '\n'))
		say(stderr, buf_cstr(&b));
	va_end(ap);
	buf_release(&b);
}
