#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make check-browser: the HTML report and the heat map in a real browser.
#
# Generates pages against the fake endpoint (the demo's small sweep, a band
# that loses needles, an endpoint whose words hold <script>, a conform run),
# loads each in headless Chromium, dumps the DOM and checks the elements a
# reader needs and that the hostile text is inert; any console message is a
# failure (the pages hold no script, so one means a refused load or an
# error). Each map's text is measured (tests/browser-check.html): inside
# the picture, none over another, on the examples and on two made-up maps
# under long names (tests/map-grid.jq: one cell, 16 sizes by 21 depths).
# Every SVG is checked as XML with xmllint. Ends with a screenshot of the
# demo report, its path printed for CI to keep.
#
# Usage: tests/browser.sh OUT_DIR   (run from the repository root)
set -uo pipefail

out=${1:-browser-out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "check-browser: skipped: chromium is not installed and could not be installed here"
  exit 0
fi

checks=0
failures=0
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run
       --hide-scrollbars --user-data-dir="$profile" --enable-logging=stderr --v=0)

check() { # check WHAT COMMAND...: one named check
  local what=$1
  shift
  checks=$((checks + 1))
  if "$@"; then
    echo "  ok   $what"
  else
    echo "  FAIL $what"
    failures=$((failures + 1))
  fi
}

has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qiF -- "$2" "$1"; }
count_is() { [ "$(grep -oF -- "$2" "$1" | wc -l)" -eq "$3" ]; }
no_console() { ! grep -q ':CONSOLE' "$1"; }

# load PAGE: its DOM into PAGE.dom, the browser's log into PAGE.log
load() {
  timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$1" >"$1.dom" 2>"$1.log"
}

fake() { # fake SCENARIO ARGS...: preflight against the fake endpoint
  local scenario=$1
  shift
  ./fixtures/fake-endpoint --scenario "fixtures/scenarios/$scenario.json" -- \
    ./preflight "$@" >/dev/null 2>&1
}

echo "check-browser: $("$browser" --version 2>/dev/null | head -1)"
fake demo run --endpoint 'http://127.0.0.1:{port}/v1' --needle-ctx 4k,8k,16k \
  --needle-depth 0:1:0.5 --stream --json "$out/demo.json" --html "$out/demo.html" \
  --svg "$out/demo.svg"
fake needle-band run --endpoint 'http://127.0.0.1:{port}/v1' --checks needle,needle-multikey \
  --needle-ctx 4k,8k,16k,32k --needle-depth 0:1:0.25 --json "$out/band.json" \
  --html "$out/band.html" --svg "$out/band.svg"
fake html-hostile run --endpoint 'http://127.0.0.1:{port}/v1' --checks smoke,needle \
  --needle-ctx 4k,8k --html "$out/hostile.html" --svg "$out/hostile.svg"
fake conform-vllm conform --endpoint 'http://127.0.0.1:{port}/v1' --json "$out/conform.json" \
  --html "$out/conform.html"
fake cot-untagged run --endpoint 'http://127.0.0.1:{port}/v1' --html "$out/failures.html"
rm -f "$out/engine.log"
./fixtures/fake-endpoint --scenario fixtures/scenarios/engine-fails.json \
  --engine-log "$out/engine.log" -- ./preflight run --endpoint 'http://127.0.0.1:{port}/v1' \
  --wait 600 --engine-log "$out/engine.log" --html "$out/engine.html" >/dev/null 2>&1
./preflight report "$out/demo.json" "$out/band.json" "$out/conform.json" \
  --html "$out/several.html" >/dev/null
# two made-up maps under long names: one cell, and 16 sizes by 21 depths
fake healthy run --endpoint 'http://127.0.0.1:{port}/v1' --checks needle --needle-ctx 4k \
  --needle-depth 0.5 --recipe tests/data/long-name-recipe.json --json "$out/cell.json"
maps="demo band"
for grid in 1x1 16x21; do
  command -v jq >/dev/null || { echo "check-browser: the $grid map skipped: no jq"; continue; }
  maps="$maps map-$grid"
  jq --argjson sizes "${grid%x*}" --argjson depths "${grid#*x}" -f tests/map-grid.jq \
    "$out/cell.json" >"$out/map-$grid.json" &&
    ./preflight report "$out/map-$grid.json" --svg "$out/map-$grid.svg" >/dev/null
done

for page in demo band hostile conform several failures engine; do
  f="$out/$page.html"
  echo "$page.html"
  if [ ! -s "$f" ]; then
    check "written" false
    continue
  fi
  load "$f"
  check "loads, and the DOM has the report" has "$f.dom" '<section class="report"'
  check "no console message" no_console "$f.log"
  check "no script element" lacks "$f.dom" '<script'
done
echo "checks of what each page shows"
check "demo: the verdict" has "$out/demo.html.dom" 'SERVES'
check "demo: the summary chips" has "$out/demo.html.dom" '<ul class="chips">'
check "demo: the map" has "$out/demo.html.dom" 'class="heatmap"'
check "demo: nine cells passed" count_is "$out/demo.html.dom" 'class="cell pass"' 9
check "demo: the timing charts" has "$out/demo.html.dom" 'class="timing"'
check "demo: ITL bars" has "$out/demo.html.dom" 'class="itl"'
check "band: two single-needle and two multi-key cells failed" \
  count_is "$out/band.html.dom" 'class="cell fail"' 4
check "band: the effective context" has "$out/band.html.dom" 'effective context 8k of 32k swept'
check "hostile: the answer's script is text" has "$out/hostile.html.dom" \
  "&lt;script&gt;document.title='pwned'&lt;/script&gt;"
check "hostile: no image element" lacks "$out/hostile.html.dom" '<img'
check "hostile: the title did not change" lacks "$out/hostile.html.dom" '<title>pwned'
check "conform: the checks table" has "$out/conform.html.dom" '<h3>Conformance checks</h3>'
# compare's page: the reference and a twin whose tool calls flip, two
# fakes nested; the outer fills the first {port} of the argument, the
# inner the second
./fixtures/fake-endpoint --scenario fixtures/scenarios/logits-reference.json -- \
  ./fixtures/fake-endpoint --scenario fixtures/scenarios/logits-tools-flip.json -- \
  sh -c './preflight compare --reference "http://127.0.0.1:${1%%:*}/v1" \
    --endpoint "http://127.0.0.1:${1#*:}/v1" --dataset builtin --html "$2" --quiet' \
  sh '{port}:{port}' "$out/compare.html" >/dev/null 2>&1
load "$out/compare.html"
check "compare: no console message" no_console "$out/compare.html.log"
check "compare: the verdict" has "$out/compare.html.dom" 'COMPARE: DRIFTED'
check "compare: where the answers part" has "$out/compare.html.dom" \
  '<h3>Where the answers part</h3>'
check "compare: the tool-call confusion table" has "$out/compare.html.dom" \
  'The candidate against the reference'
check "compare: the requests chosen differently" has "$out/compare.html.dom" \
  '<h3>Requests where the two sides chose differently</h3>'
check "several: the comparison table" has "$out/several.html.dom" '<h2>Comparison</h2>'
check "several: three sections" count_is "$out/several.html.dom" '<section class="report"' 3
check "failures: what to change, first" has "$out/failures.html.dom" '<h3>What to change</h3>'
check "engine: why it never came up" has "$out/engine.html.dom" \
  '<h3>Why the engine never came up</h3>'

# each example page measured in a frame of a desktop's and a phone's size
# (tests/browser-check.html), then again with the dark scheme asked for;
# a screenshot of each at both sizes for review
measure() { # measure PAGE W H FIX [FLAG] [EXT]: the harness's lines into PAGE-W[FLAG].check
  local page=$1 w=$2 h=$3 fix=$4 flag=${5:-} ext=${6:-html} tag=$1-$2${5:+-dark}
  timeout 120 "$browser" "${flags[@]}" --allow-file-access-from-files \
    --virtual-time-budget=5000 --window-size=1500,1000 ${flag:+"$flag"} --dump-dom \
    "file://$here/tests/browser-check.html?page=file://$out/$page.$ext&w=$w&h=$h&fix=$fix" \
    >"$out/$tag.check.dom" 2>/dev/null
  sed -n '/<pre id="out">/,/<\/pre>/p' "$out/$tag.check.dom" | sed 's/<[^>]*>//g' >"$out/$tag.check"
}
checks_of() { # checks_of FILE WHAT: each ok/FAIL line the harness wrote, a check
  local line
  while IFS= read -r line; do
    case $line in
    ok*) check "$2: ${line#ok   }" true ;;
    FAIL*) check "$2: ${line#FAIL }" false ;;
    esac
  done <"$1"
}
here=$(pwd)
echo "the example pages at 1400x900 and 390x844"
for spec in demo: failures:1 band:1 conform: engine:1 compare:; do
  page=${spec%%:*}
  fix=${spec#*:}
  for size in 1400x900 390x844; do
    w=${size%x*}
    h=${size#*x}
    measure "$page" "$w" "$h" "$fix"
    check "$page at $size: measured" grep -q '^ok   the verdict\|^FAIL the verdict' "$out/$page-$w.check"
    checks_of "$out/$page-$w.check" "$page at $size"
    timeout 120 "$browser" "${flags[@]}" --window-size="$w,$h" \
      --screenshot="$out/$page-$w.png" "file://$out/$page.html" >/dev/null 2>&1
  done
done
measure demo 1400 900 "" --force-dark-mode
light=$(grep '^background' "$out/demo-1400.check")
dark=$(grep '^background' "$out/demo-1400-dark.check")
check "dark: the scheme changes the background ($light, dark: ${dark#background })" \
  test -n "$dark" -a "$light" != "$dark"

echo "the maps' text: inside the picture, nothing over anything"
for map in $maps; do
  measure "$map" 1400 900 "" "" svg
  check "$map.svg: measured" grep -q 'every text inside' "$out/$map-1400.check"
  checks_of "$out/$map-1400.check" "$map.svg"
done

echo "the SVGs as XML"
for svg in $maps hostile; do
  check "$svg.svg is well-formed" xmllint --noout "$out/$svg.svg"
done

shot="$out/demo-report.png"
timeout 120 "$browser" "${flags[@]}" --window-size=1280,2600 --screenshot="$shot" \
  "file://$out/demo.html" >/dev/null 2>&1
check "a screenshot of the demo report" test -s "$shot"
echo "check-browser: $checks checks, $failures failures; screenshot of the demo report: $shot"
[ "$failures" -eq 0 ]
