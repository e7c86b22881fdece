#!/usr/bin/env bash
# Lists every skipped test of the last CTest run in BUILD_DIR with its reason:
# Qt Test's "SKIP   :" lines, GoogleTest's skips (under Wine) and whole programs that
# reported "SKIPPED:" (not built, no Wine). A suite that passed nothing says so.
#   scripts/ci-skips.sh [BUILD_DIR | LOG]   (default build/ci; LOG: a copy of a LastTest.log)
set -uo pipefail
if [ $# -ge 1 ] && [ -f "$1" ]; then log=$1
elif [ $# -ge 1 ]; then log=$1/Testing/Temporary/LastTest.log; else cd "$(dirname "$0")/.." && log=build/ci/Testing/Temporary/LastTest.log; fi
[ -f "$log" ] || { echo "skips: no $log"; exit 0; }
tr -d '\r' <"$log" | awk '
  /^[0-9]+\/[0-9]+ Test: / { test = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", test); next }
  /^SKIP   : / {
    line = $0; sub(/^SKIP   : /, "", line)
    printf "  %-22s %s\n", test, line; n++; next }
  /^Totals: 0 passed, 0 failed, [1-9]/ { whole[test] = 1; next }
  /(\)|:[0-9]+): Skipped$/ { gskip = 1; next }  # GoogleTest: "file(line): Skipped" or "file:line: Skipped"
  gskip && /^\[  SKIPPED \] / { name = $0; sub(/^\[  SKIPPED \] /, "", name); sub(/ \(.*/, "", name)
    printf "  %-22s %s: %s\n", test, name, reason; n++; gskip = 0; reason = ""; next }
  gskip { reason = reason (reason == "" ? "" : " ") $0; next }
  /^SKIPPED: / { line = $0; sub(/^SKIPPED: /, "", line); program[test] = line; next }
  END {
    for (t in whole) { printf "  %-22s every function skipped: this suite proves nothing here\n", t; n++ }
    for (t in program) { printf "  %-22s whole program: %s\n", t, program[t]; w++ }
    printf "summary: skips: %d skipped test function(s), %d program(s) reported skipped\n", n, w
  }'
