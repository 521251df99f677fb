#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# modules — the module graph (harness/ and reports/): an edge A -> B for
# every `#include "B.h"` in A.c or A.h. It must have no cycle (tsort finds
# one), and below the commands nothing in harness/ may include a header of
# reports/: the reports read the run, the run never reads the reports.
#
#   tests/modules.sh              check (make lint runs it)
#   tests/modules.sh --graph      print the edges, "A B" a line
#   tests/modules.sh --self-test  plant a cycle and an upward include; both
#                                 must be found
set -euo pipefail
cd "$(dirname "$0")/.."

# the commands: the only harness files that may read the reports
commands='^harness/(cmd_[a-z_]+|main)\.c$'

edges() {
  local f m d
  for f in harness/*.[ch] reports/*.[ch]; do
    m=$(basename "${f%.*}")
    sed -n 's/^#include "\([a-z0-9_]*\)\.h".*/\1/p' "$f" | while read -r d; do
      if [ "$d" != "$m" ]; then echo "$m $d"; fi
    done
  done | sort -u
}

# check PLANTED FILES...: the real edges with PLANTED's joined ("A B"
# lines), and the harness files with FILES besides (the self-test's)
check() {
  local planted="$1" rc=0 loops reports f
  shift
  loops=$( { edges; printf '%s' "$planted"; } | tsort 2>&1 >/dev/null || true)
  if [ -n "$loops" ]; then
    echo "modules: a cycle between modules:" >&2
    sed -n 's/^tsort: \([a-z0-9_]*\)$/  \1/p' <<<"$loops" | sort -u >&2
    rc=1
  fi
  reports=$(cd reports && ls *.h | sed 's/\.h$//' | paste -sd'|')
  for f in harness/*.[ch] "$@"; do
    [[ $f =~ $commands ]] && continue
    if grep -qE "^#include \"($reports)\.h\"" "$f"; then
      echo "modules: $f reads the reports (only the commands may)" >&2
      rc=1
    fi
  done
  return $rc
}

case "${1:-}" in
--graph)
  edges
  ;;
--self-test)
  if check "render json"$'\n' 2>/dev/null; then
    echo "modules: self-test: a planted cycle (json -> render -> json) was not found" >&2
    exit 1
  fi
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  mkdir "$scratch/harness"
  printf '#include "plan.h"\n#include "json.h"\n' >"$scratch/harness/plan.c"
  if check "" "$scratch/harness/plan.c" 2>/dev/null; then
    echo "modules: self-test: a planted upward include (plan.c -> json.h) was not found" >&2
    exit 1
  fi
  echo "modules: self-test: the planted cycle and upward include were found"
  ;;
*)
  check ""
  echo "modules: $(edges | wc -l) edges between $(edges | tr ' ' '\n' | sort -u | wc -l) modules, no cycle; only the commands read the reports"
  ;;
esac
