#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz.sh SECONDS JOBS TARGET... — runs each libFuzzer target of fuzz-build/
# for SECONDS, JOBS at a time, each with its own corpus folder and the
# seeds of tests/fuzz/corpus/TARGET; prints each target's final counts in
# order, and fails naming the crash a target found (a crash, a timeout, a
# leak or running out of memory; a unit that was only slow is named, since
# a loaded machine makes any unit slow, but fails nothing). A unit past 30 s
# is a hang: the slowest honest one (the schema validator's whole step
# budget, twice, under ASan) takes about a second alone, and several times
# that on a machine busy with other work.
set -u
seconds=$1 jobs=$2
shift 2
logs=$(mktemp -d) || exit 2
trap 'rm -rf "$logs"' EXIT
for t in "$@"; do echo "$t"; done | xargs -P "$jobs" -I{} sh -c '
	t=$1 seconds=$2 logs=$3
	mkdir -p fuzz-build/corpus-$t
	./fuzz-build/fuzz_$t -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
	  -print_final_stats=1 -artifact_prefix=fuzz-build/$t- fuzz-build/corpus-$t \
	  tests/fuzz/corpus/$t > "$logs/$t" 2>&1
	echo "exit $?" >> "$logs/$t"' _ {} "$seconds" "$logs"
rc=0
for t in "$@"; do
	echo "fuzz: $t for $seconds s"
	grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|Done)' "$logs/$t"
	for a in fuzz-build/"$t"-*; do
		case "$a" in
		*"$t-slow-unit-"*) echo "fuzz: $t: a slow unit (not a failure): $a" ;;
		*"$t-"*-*) echo "fuzz: $t found a crash: $a"; rc=1 ;;
		esac
	done
done
exit $rc
