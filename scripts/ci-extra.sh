#!/usr/bin/env bash
# What .ci/run does after the CTest suite (scripts/test.sh, which built the sanitize tree and ran
# every suite in it): every fuzz target for a bounded time, and one summary line per kind
# (the suite, fuzz, crash points, skips), each with its wall time; the fuzz phase's wall time also
# goes to build/ci-phases.txt, which scripts/test.sh prints at the end.
#   scripts/ci-extra.sh LOG      LOG: the CTest run's log (a copy of its LastTest.log); CTest's
#                                own output is read from build/sanitize/ctest-output.txt
#   CUDNN_SETUP_FUZZ_SECONDS=N   seconds per fuzz target (default 30; 0 leaves fuzzing out)
# The sanitize tree: clang, ASan + UBSan at -O1 for core, leaks checked, a UBSan report a
# failure, and libFuzzer's coverage instrumentation (the fuzz targets need it; the suites do not
# mind it), so the core is compiled once for the suites and the fuzzers. Every native suite runs
# there, once: core, CLI, the wizard's GUI suites offscreen, the fuzz replays, the archives past
# 2 and 4 GiB (tst_bigarchive, its memory bound with a 16 MB ASan quarantine), the crash points
# (tst_cli_crashpoints; the elevated rows' helper under ptrace runs without the leak check, which
# needs ptrace itself) and the Wine suites' driver (the Windows programs are the windows-mingw
# tree's: mingw has no ASan). The sanitizers' first run (then with gcc) found an ODR violation
# (two PathState classes) that showed as a use-after-free. Leaks are checked;
# tests/sanitizers/lsan.supp holds the only suppression (glibc's per-thread dlerror buffer,
# freed at thread exit) and says why.
set -uo pipefail
cd "$(dirname "$0")/.."
log=${1:-build/sanitize/ctest-sanitize.log}
mkdir -p build
summary=build/ci-summary.txt
phases=build/ci-phases.txt
: >"$summary"
rc=0
say() { echo "summary: $*" | tee -a "$summary"; }
phaseLine() { printf 'phase: %-44s %5d s%s\n' "$1" "$2" "${3:+  ($3)}" >>"$phases"; }

result=$(grep -E '^[0-9]+% tests passed' build/sanitize/ctest-output.txt 2>/dev/null | tail -1)
say "suite (sanitize tree: clang ASan+UBSan+leaks; every CTest suite: core, CLI, wizard offscreen, fuzz replays, big archives, crash points, the Wine suites): ${result:-no result (see the CTest output above)}"
# scripts/test.sh runs this only after the sanitize tree built, fuzz targets included.
built=no
ls build/sanitize/tests/fuzz/fuzz_* >/dev/null 2>&1 && built=yes

seconds=${CUDNN_SETUP_FUZZ_SECONDS:-30}
if [ "$seconds" -gt 0 ]; then
  start=$SECONDS
  # A new finding of this bounded discovery run is reported loudly (the input is saved under
  # tests/fuzz/regressions/<target>/ in the build's checkout) but does not fail CI: a random
  # 30 s search would make CI fail by chance. What fails CI is every named regression and seed,
  # replayed deterministically as fuzz.replay.<target> in the CTest suite; a fuzz build that
  # does not build fails CI.
  if [ $built = yes ] && scripts/fuzz.sh all "$seconds" 2>&1 | tee build/fuzz-summary.txt; then status=ok
  elif grep -q '^fuzz: [a-z]*: FOUND' build/fuzz-summary.txt 2>/dev/null; then status="NEW FINDING, see above (not failing CI)"
  else status=FAILED; rc=1; fi
  phaseLine "fuzz (every target x ${seconds} s, $(nproc) at once)" $((SECONDS - start)) "$([ "$status" != FAILED ] || echo FAILED)"
  targets=$(grep -c '^fuzz: ' build/fuzz-summary.txt 2>/dev/null)
  failed=$(grep -c 'FAILED' build/fuzz-summary.txt 2>/dev/null)
  execs=$(sed -n 's/^fuzz: [a-z]*: [0-9]* s, \([0-9]*\) execs.*/\1/p' build/fuzz-summary.txt 2>/dev/null | awk '{s += $1} END {print s + 0}')
  say "fuzz: ${targets:-0} targets x ${seconds} s (libFuzzer, ASan+UBSan, $(nproc) at once): ${execs:-0} execs in all, ${failed:-0} failed: $status ($((SECONDS - start)) s wall)"
else
  say "fuzz: SKIPPED (CUDNN_SETUP_FUZZ_SECONDS=0)"
fi

# Crash points and skips come from the CTest run of scripts/test.sh (LOG): one line per row
# of tst_cli_crashpoints (the hook rows and the elevated helper's, killed from outside by tests/cli/syscallkill) and of the
# Wine program wine.tst_win_crashpoints (TerminateProcess), whose output the run's log holds too.
points=$(tr -d '\r' <"$log" 2>/dev/null | sed -n 's/.*crash points: //p')
if [ -n "$points" ]; then
  while IFS= read -r line; do say "crash points: $line"; done <<<"$points"
else
  say "crash points: none reported (tst_cli_crashpoints and wine.tst_win_crashpoints did not run or were skipped)"
fi
scripts/ci-skips.sh "$log" | tee build/ci-skips.txt
grep '^summary: ' build/ci-skips.txt >>"$summary"
echo
echo "=== summary ==="
cat "$summary"
exit $rc
