#!/usr/bin/env bash
# bench_archive with an older build beside ours: builds REV's cudnn-setup-cli (release preset) in a git
# worktree under build/, then times it, ours and `7z t` + `openssl` in turn on the generated shapes.
# Why: issue 11's "unknown verify <= 0.34x" was the ratio its author measured for the code of that day
# ("no slower than today") on another machine; the same code timed here in the same rounds says what
# that target means on this one. 5b09857 is the last commit before the issue (end of round 1).
# Usage: bench/run-baseline-bench.sh [REV] [bench_archive arguments...]   (REV defaults to 5b09857)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=5b09857
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then rev=$1; shift; fi
scripts/deps.sh test
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target cudnn-setup-cli bench_archive
tree=build/baseline-$rev
if [ ! -d "$tree" ]; then
  git worktree add --detach "$tree" "$rev"
fi
(cd "$tree" && cmake --preset release >/dev/null && cmake --build --preset release -j2 --target cudnn-setup-cli)
exec build/release/bench/bench_archive --baseline "$tree/build/release/app/cudnn-setup-cli" "$@"
