#!/usr/bin/env bash
# Durability of the Windows install as Wine sees the calls (issue 12): runs one Wine test
# program's case that installs and uninstalls through cudnn-setup-cli.exe (the real registry
# PATH of the prefix, no test hook for it) with Wine's relay trace on, limited by
# HKCU\Software\Wine\Debug\RelayInclude to the calls that matter, and checks in the trace of
# every cudnn-setup-cli.exe process (those that write a journal.json):
#  - every MoveFileExW has MOVEFILE_WRITE_THROUGH (8) in its flags (the call returns only once
#    the move is on the disk), and some of them put files into the toolkit;
#  - every RegSetValueExW of "Path" is followed on the same thread by RegFlushKey of the same
#    key before that thread moves a file or writes another value, and at least one was seen.
#   relay-durability.sh EXE GTEST_FILTER
# Environment as for run-wine.sh (CUDNN_SETUP_WINE64, WINEPREFIX); exit 77 = skipped.
set -uo pipefail
exe=$1
filter=$2
here=$(cd "$(dirname "$0")" && pwd)
wine=${CUDNN_SETUP_WINE64:-}
if [ -z "$wine" ] || [ ! -x "$wine" ]; then
  echo "SKIPPED: wine64 not found (apt-get install wine64; scripts/deps.sh test installs it)" >&2
  exit 77
fi
key='HKCU\Software\Wine\Debug'
log=$(mktemp)
cleanup() {
  "$wine" reg delete "$key" /v RelayInclude /f >/dev/null 2>&1
  rm -f "$log"
}
trap cleanup EXIT
"$wine" reg add "$key" /v RelayInclude /t REG_SZ /d 'MoveFileExW;RegSetValueExW;RegFlushKey' /f >/dev/null 2>&1 ||
  { echo "cannot set $key\\RelayInclude in $WINEPREFIX" >&2; exit 1; }
WINEDEBUG=+pid,+relay "$here/run-wine.sh" run "$exe" "--gtest_filter=$filter" --gtest_color=no >"$log" 2>&1
rc=$?
# The test's own output, without the trace.
grep -v -E '^[0-9a-f]{4}:[0-9a-f]{4}:(Call|Ret|trace)' "$log"
[ "$rc" -eq 0 ] || exit "$rc"
tr -d '\r' <"$log" | awk '
  # 00e8:00ec:Call KERNEL32.MoveFileExW(00c8f5c0 L"from",00c8f560 L"to",00000009) ret=140138d76
  function pidOf(line) { return substr(line, 1, 4) }
  function tidOf(line) { return substr(line, 1, 9) }
  /:Call [A-Za-z0-9_]+\.MoveFileExW\(/ {
    n++; pid[n] = pidOf($0); kind[n] = "move"; text[n] = $0; tid[n] = tidOf($0)
    if (match($0, /,[0-9a-f]+\) ret=/)) flags[n] = substr($0, RSTART + 1, RLENGTH - 7); else flags[n] = ""
    if ($0 ~ /journal\.json",[0-9a-f]+\) ret=/) cli[pidOf($0)] = 1
    next
  }
  /:Call [A-Za-z0-9_]+\.RegSetValueExW\(/ {
    n++; pid[n] = pidOf($0); kind[n] = "set"; text[n] = $0; tid[n] = tidOf($0)
    split(substr($0, index($0, "RegSetValueExW(") + 15), a, ",")
    hkey[n] = a[1]; isPath[n] = ($0 ~ /L"Path",/)
    next
  }
  /:Call [A-Za-z0-9_]+\.RegFlushKey\(/ {
    n++; pid[n] = pidOf($0); kind[n] = "flush"; text[n] = $0; tid[n] = tidOf($0)
    s = substr($0, index($0, "RegFlushKey(") + 12); hkey[n] = substr(s, 1, index(s, ")") - 1)
    next
  }
  END {
    bad = 0; moves = 0; intoToolkit = 0; pathWrites = 0; clis = 0
    for (p in cli) clis++
    for (i = 1; i <= n; i++) {
      if (!(pid[i] in cli)) continue
      if (kind[i] == "move") {
        moves++
        # MOVEFILE_WRITE_THROUGH is 0x8: the last hex digit is 8-f (plain POSIX awk, no bit ops).
        if (flags[i] !~ /[89a-f]$/) { print "no MOVEFILE_WRITE_THROUGH (flags " flags[i] "): " text[i]; bad = 1 }
        if (text[i] ~ /CUDA\/v[0-9.]+\/(bin|include|lib)\// && text[i] ~ /\.cudnn-setup\//) intoToolkit++
      }
      if (kind[i] == "flush" && (tid[i] in pending) && pending[tid[i]] == hkey[i]) delete pending[tid[i]]
      if ((kind[i] == "move" || kind[i] == "set") && (tid[i] in pending)) {
        print "the PATH write was not flushed (RegFlushKey) before: " text[i]; bad = 1; delete pending[tid[i]]
      }
      if (kind[i] == "set" && isPath[i]) { pathWrites++; pending[tid[i]] = hkey[i] }
    }
    for (t in pending) { print "the PATH write of thread " t " was never flushed (RegFlushKey)"; bad = 1 }
    if (clis == 0) { print "no cudnn-setup-cli.exe process (none wrote a journal.json) in the relay trace"; bad = 1 }
    if (intoToolkit == 0) { print "no MoveFileExW into the toolkit in the trace"; bad = 1 }
    if (pathWrites == 0) { print "no RegSetValueExW of Path by cudnn-setup-cli.exe in the trace"; bad = 1 }
    printf "relay: %d cudnn-setup-cli.exe processes, %d MoveFileExW (%d into the toolkit), %d PATH writes: %s\n",
           clis, moves, intoToolkit, pathWrites, bad ? "FAILED" : "all write-through, every PATH write flushed"
    exit bad
  }'
