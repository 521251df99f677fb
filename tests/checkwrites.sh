#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# checkwrites — every byte leaves preflight through one writer (harness/say.c)
# or the atomic file sink (harness/file.c): no other object may call a
# function that writes to a FILE *, a descriptor or a gzFile.
#
# It reads what the compiler made, not the source (nm -u on the objects),
# so a call hidden in a macro, a function pointer, or one the compiler
# turned into another (printf -> puts, fprintf -> fwrite, the _chk forms
# of _FORTIFY_SOURCE) is found as well; comments and strings never match.
#
#   tests/checkwrites.sh OBJECT...     fails naming each object and call
#   tests/checkwrites.sh --self-test   plants one call of each banned
#                                      function and expects every one found
set -u

# the issue's list, then what the compiler and glibc turn them into, and
# the other ways of writing to a stream or descriptor
BANNED="printf fprintf vfprintf vprintf dprintf fputs puts fputc putc putchar fwrite
write perror gzwrite gzputs gzputc gzprintf
vdprintf writev pwrite pwritev send sendto sendmsg fputs_unlocked fwrite_unlocked
fputc_unlocked putc_unlocked putchar_unlocked _IO_putc fputws fputwc putwc putwchar
wprintf fwprintf vwprintf vfwprintf psignal psiginfo herror err errx warn warnx verr
verrx vwarn vwarnx error error_at_line syslog vsyslog
__printf_chk __fprintf_chk __vprintf_chk __vfprintf_chk __dprintf_chk __vdprintf_chk
__fwprintf_chk __wprintf_chk __vfwprintf_chk __vwprintf_chk gzfwrite"

ALLOWED="harness/say.o harness/file.o"

check() {
	bad=0
	for o in "$@"; do
		case " $ALLOWED " in *" $o "*) continue ;; esac
		for sym in $(nm -u "$o" 2>/dev/null | awk '{print $NF}' | sed 's/@.*//'); do
			for b in $BANNED; do
				if [ "$sym" = "$b" ]; then
					echo "$o: calls $sym: write through the writer (harness/say.h)"
					bad=1
				fi
			done
		done
	done
	return $bad
}

self_test() {
	cc=${CC:-cc}
	d=$(mktemp -d) || exit 2
	trap 'rm -rf "$d"' EXIT
	cat > "$d/planted.c" <<'EOF'
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include <zlib.h>
void planted(FILE *f, gzFile gz, va_list ap);
void planted(FILE *f, gzFile gz, va_list ap)
{
	printf("x");
	fprintf(f, "x");
	vfprintf(f, "x", ap);
	vprintf("x", ap);
	dprintf(1, "x");
	fputs("x", f);
	puts("x");
	fputc('x', f);
	putc('x', f);
	putchar('x');
	fwrite("x", 1, 1, f);
	write(1, "x", 1);
	perror("x");
	gzwrite(gz, "x", 1);
	gzputs(gz, "x");
	gzputc(gz, 'x');
	gzprintf(gz, "x");
}
EOF
	if ! "$cc" -O0 -fno-builtin -c -o "$d/planted.o" "$d/planted.c" 2>"$d/cc.err"; then
		echo "checkwrites: cannot compile the planted file:"; cat "$d/cc.err"; exit 2
	fi
	check "$d/planted.o" > "$d/found" && {
		echo "checkwrites: self-test: nothing was found in the planted calls"; exit 1
	}
	missed=""
	for f in printf fprintf vfprintf vprintf dprintf fputs puts fputc putc putchar fwrite \
		 write perror gzwrite gzputs gzputc gzprintf; do
		grep -q "calls $f:" "$d/found" || missed="$missed $f"
	done
	if [ -n "$missed" ]; then
		echo "checkwrites: self-test: planted calls not found:$missed"; exit 1
	fi
	echo "checkwrites: self-test: all 17 planted calls found"
}

if [ "${1:-}" = "--self-test" ]; then
	self_test
	exit $?
fi
if [ $# -eq 0 ]; then
	echo "usage: tests/checkwrites.sh OBJECT... | --self-test" >&2
	exit 2
fi
check "$@" || exit 1
echo "checkwrites: no write outside the writer and the file sink ($# objects)"
