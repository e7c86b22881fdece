#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, and run every test.
#   scripts/test.sh            the whole proof (what .ci/run runs): the Windows build, the
#                              sanitized native tree and every suite in it (the Wine suites
#                              too), fuzzing
#   scripts/test.sh --quick    the everyday tier: the native build and every suite that needs no
#                              Wine, fuzzing or sanitizers (labels wine and windows left out)
#   scripts/test.sh ARGS...    the native build and CTest with ARGS (-R, -L ...): a partial run
# Each phase's wall time is printed at the end (docs/testing.md has the table of a fresh and a
# warm run). Caches outside the clone, shared by every clone on the machine: the compiler cache
# (ccache, ~/.cache/ccache), the Windows libraries and the static Qt for Windows
# (~/.cache/cudnn-setup).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = --quick ]; then quick=1; shift; fi
# The compiler cache hits across clones in other folders: paths below the clone are hashed
# relative to it, and the working directory is not part of the hash (debug info may then name
# the other clone's folder, which no test reads). The test programs' precompiled header
# (tests/CMakeLists.txt) is cached only with the sloppiness ccache's manual asks for: it then hashes
# the header's own bytes instead of giving up on a source that uses one.
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
mkdir -p build
phases=build/ci-phases.txt
: >"$phases"
total_start=$SECONDS
# phase NAME COMMAND...: runs COMMAND and records its wall time; returns its status.
phase() {
  local name=$1; shift
  local start=$SECONDS rc=0
  "$@" || rc=$?
  printf 'phase: %-44s %5d s%s\n' "$name" $((SECONDS - start)) "$([ $rc -eq 0 ] || echo "  (FAILED, exit $rc)")" >>"$phases"
  return $rc
}
finish() {
  local rc=$1
  printf 'phase: %-44s %5d s\n' "total" $((SECONDS - total_start)) >>"$phases"
  echo
  echo "=== phases (wall time) ==="
  cat "$phases"
  exit "$rc"
}

phase "packages (scripts/deps.sh test)" scripts/deps.sh test
windows=1
if [ $quick = 1 ] || [ $# -gt 0 ] || [ "${CUDNN_SETUP_NO_WINDOWS:-0}" = 1 ]; then windows=0; fi
# One native tree per run. The whole proof builds the sanitize tree (clang, ASan + UBSan, warnings
# are errors): it runs every CTest suite, the Wine suites among them, and then the fuzz targets
# (scripts/ci-extra.sh); each native suite runs once, sanitized. A partial run (--quick, or
# arguments for CTest) builds the ci tree (gcc -O1, unsanitized: quicker to build and to run).
# Either tree links app/hooks-off/cudnn-setup-cli, the console tool with the test hooks compiled
# out (only core/common/testhooks.cpp differs), which tst_cli_release and tst_cli_pkexec run as
# the release build.
full=0
if [ $quick = 0 ] && [ $# -eq 0 ]; then full=1; fi
tree=ci
[ $full = 1 ] && tree=sanitize
# The native tree builds side by side with the Windows chain below (it needs nothing of it until
# CTest runs the Wine suites): the chain's configure scripts, links and the mingw build's Wine
# steps leave a core idle about a quarter of the time (docs/testing.md), and the native build
# fills it. Its output goes to build/build-TREE.log and is shown when it has ended.
native_log=build/build-$tree.log
native_took=build/build-$tree.seconds
native_name="build $tree"
[ $tree = sanitize ] && native_name="build sanitize (clang, ASan+UBSan, fuzzers)"
[ $tree = sanitize ] && [ $windows = 1 ] && native_name="build sanitize (beside the Windows chain)"
build_native() {
  local start=$SECONDS rc=0
  { cmake --preset $tree >/dev/null && cmake --build --preset $tree; } >"$native_log" 2>&1 || rc=$?
  echo $((SECONDS - start)) >"$native_took"
  return $rc
}
# native_done RC: shows the native build's output and records its phase line.
native_done() {
  local rc=$1
  if [ "$rc" -eq 0 ]; then tail -n 3 "$native_log"; else cat "$native_log"; fi
  printf 'phase: %-44s %5d s%s\n' "$native_name" "$(cat "$native_took" 2>/dev/null || echo 0)" \
    "$([ "$rc" -eq 0 ] || echo "  (FAILED, exit $rc)")" >>"$phases"
  return "$rc"
}
# The Windows wizard, the console tool and their Wine test programs (label "wine"): the first
# run on a machine cross-builds libcrypto, libzip, ISA-L and GoogleTest and a static Qt 6
# (scripts/build-windows-deps.sh, scripts/build-windows-qt.sh); later runs reuse both.
# CUDNN_SETUP_NO_WINDOWS=1 leaves it out (the wine tests then report "skipped", not "passed").
if [ $windows = 1 ]; then
  # Its own process group (job control on for the launch), so a failure of the chain stops the
  # whole native build, compilers included.
  # Its own group also keeps a Ctrl-C at the terminal from reaching it, so whatever ends this
  # script before the wait below (an interrupt, a failed step) ends the native build too.
  set -m; build_native & native_pid=$!; set +m
  trap 'kill -- "-$native_pid" 2>/dev/null' EXIT
  trap 'exit 130' INT TERM
  stop_native() { kill -- "-$native_pid" 2>/dev/null; wait "$native_pid" 2>/dev/null || true; finish 1; }
  side_start=$SECONDS
  phase "windows libraries (cached)" scripts/build-windows-deps.sh || stop_native
  phase "windows qt (cached)" scripts/build-windows-qt.sh || stop_native
  cmake --preset windows-mingw >/dev/null || stop_native
  phase "build windows-mingw" cmake --build --preset windows-mingw || stop_native
  native=0
  wait "$native_pid" || native=$?
  trap - EXIT INT TERM
  native_done $native || finish 1
  printf 'phase: %-44s %5d s\n' "  the chain and the native build (wall)" $((SECONDS - side_start)) >>"$phases"
else
  build_native && native=0 || native=$?
  native_done $native || finish 1
fi
suite=0
if [ $quick = 1 ]; then
  phase "ctest ci (quick: no wine, windows)" ctest --preset ci -j2 -LE 'wine|windows' || suite=$?
elif [ $full = 1 ]; then
  # Its output is kept too (build/sanitize/ctest-output.txt): the summary quotes CTest's verdict.
  # One suite more than cores: the suites wait on their child processes, Wine's start and the
  # disk, and at -j2 a core was idle 18 % of the phase (docs/testing.md).
  phase "ctest sanitize (every suite)" bash -c 'ctest --preset sanitize -j$(( $(nproc) + 1 )) 2>&1 | tee build/sanitize/ctest-output.txt; exit "${PIPESTATUS[0]}"' || suite=$?
else
  phase "ctest ci" ctest --preset ci -j2 "$@" || suite=$?
fi
# The run's full log, kept before anything else runs CTest in the tree (even --show-only
# writes LastTest.log anew): the per-label times, the skips and the crash-point lines are read
# from it.
log=build/$tree/ctest-$tree.log
cp build/$tree/Testing/Temporary/LastTest.log "$log" 2>/dev/null || : >"$log"
python3 scripts/ctest-labels.py build/$tree "$log" >>"$phases" || true
# Fuzzing and one summary line per kind (scripts/ci-extra.sh), on a full run only.
# CUDNN_SETUP_NO_EXTRA=1 leaves them out.
extra=0
if [ $full = 1 ] && [ "${CUDNN_SETUP_NO_EXTRA:-0}" != 1 ]; then
  scripts/ci-extra.sh "$log" || extra=$?
fi
[ "$suite" -eq 0 ] || finish "$suite"
finish "$extra"
