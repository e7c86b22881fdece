#!/usr/bin/env bash
# Fuzzes the parsers of tests/fuzz with libFuzzer, built in the "sanitize" tree (clang,
# ASan + UBSan: the tree CI's sanitized suite runs in, so the core is compiled once for both).
#   scripts/fuzz.sh TARGET SECONDS   one target, e.g. scripts/fuzz.sh pereader 600
#   scripts/fuzz.sh all SECONDS      every target, SECONDS each (CI: scripts/ci-extra.sh)
#   CUDNN_SETUP_FUZZ_JOBS=N          targets fuzzed at once (default: the number of cores);
#                                    each still gets SECONDS of its own
# Targets: zipdirectory pereader manifest catalog pathvalue plan journal intent inflate cudabuild tar elfreader.
# The working corpus grows in build/fuzz/corpus/TARGET; the seeds (tests/fuzz/corpus/TARGET,
# and build/fuzz/seeds/TARGET written by fuzz_makeseeds) are read, never written.
# A crash, leak, timeout or UBSan report stops the run: its input is copied to
# tests/fuzz/regressions/TARGET/ (give it a name that says what broke, commit it, fix the
# bug: fuzz.replay.TARGET then runs it in every build) and the script fails.
# One line per target: "fuzz: TARGET: S s, N execs, R execs/s, C inputs in the corpus, ok".
set -euo pipefail
cd "$(dirname "$0")/.."
all=(zipdirectory pereader manifest catalog pathvalue plan journal intent inflate cudabuild)
all+=(tar elfreader)

if [ $# -ne 2 ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
if [ "$1" = all ]; then targets=("${all[@]}"); else targets=("$1"); fi
seconds=$2
for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz: no target '$t' (one of: ${all[*]})" >&2; exit 2; }
done

cmake --preset sanitize >/dev/null
cmake --build --preset sanitize --target fuzz_makeseeds "${targets[@]/#/fuzz_}"
build/sanitize/tests/fuzz/fuzz_makeseeds build/fuzz/seeds >/dev/null
jobs=${CUDNN_SETUP_FUZZ_JOBS:-$(nproc)}

# UBSan is built to recover; here every report is a finding. Leaks are findings too.
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
# fuzzOne TARGET: one bounded run; prints its line, fails on a finding. Its output goes to
# its own log, so runs side by side do not mix.
fuzzOne() {
  local t=$1 work artifacts log rc execs rate inputs seeds d a
  work=build/fuzz/corpus/$t artifacts=build/fuzz/artifacts/$t log=build/fuzz/logs/$t.log
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  rm -f "$artifacts"/*
  rc=0
  seeds=()
  for d in "tests/fuzz/corpus/$t" "build/fuzz/seeds/$t"; do [ -d "$d" ] && seeds+=("$d"); done
  build/sanitize/tests/fuzz/fuzz_$t -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" "$work" "${seeds[@]}" >"$log" 2>&1 || rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  inputs=$(find "$work" -type f | wc -l)
  if [ "$rc" -ne 0 ]; then
    tail -40 "$log" >&2
    mkdir -p "tests/fuzz/regressions/$t"
    for a in "$artifacts"/*; do
      [ -f "$a" ] || continue
      cp "$a" "tests/fuzz/regressions/$t/"
      echo "fuzz: $t: FOUND $(basename "$a"): copied to tests/fuzz/regressions/$t/; name it after the bug and fix it" >&2
    done
    echo "fuzz: $t: ${seconds} s, ${execs:-?} execs, ${rate:-?} execs/s, $inputs inputs in the corpus, FAILED (exit $rc, log $log)"
    return 1
  else
    echo "fuzz: $t: ${seconds} s, ${execs:-?} execs, ${rate:-?} execs/s, $inputs inputs in the corpus, ok"
  fi
}
failed=0
pids=()
for t in "${targets[@]}"; do
  # At most $jobs at once: wait for the oldest before starting another.
  if [ ${#pids[@]} -ge "$jobs" ]; then wait "${pids[0]}" || failed=1; pids=("${pids[@]:1}"); fi
  fuzzOne "$t" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit $failed
