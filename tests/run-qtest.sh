#!/usr/bin/env bash
# CTest's launcher for a Qt Test program (tests/CMakeLists.txt): Qt Test exits 0 when a
# function called QSKIP, so CTest would say "Passed". This says "Skipped" (exit 77, the
# tests' SKIP_RETURN_CODE) when the program passed with at least one skip, and keeps
# every failure a failure (a crash, a failed check or a sanitizer report after the
# totals line all exit non-zero first). The skip lines stay in the output, which
# scripts/ci-skips.sh lists at the end of the CI run.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if [ "$rc" -eq 0 ] && grep -aq '^SKIP   : ' "$log"; then
  totals=$(grep -a '^Totals: ' "$log" | tail -1)
  echo "run-qtest: passed with $(grep -ac "^SKIP   : " "$log") skipped function(s), reported to CTest as skipped; ${totals:-no totals line}"
  exit 77
fi
exit "$rc"
