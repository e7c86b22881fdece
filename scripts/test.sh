#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
# The Windows console tool and its Wine test programs (label "wine"): the first run
# cross-builds libcrypto, libzip, ISA-L and GoogleTest (minutes), later runs reuse
# build/windows-deps. CUDNN_SETUP_NO_WINDOWS=1 leaves it out (the wine tests then
# report "skipped", not "passed").
if [ "${CUDNN_SETUP_NO_WINDOWS:-0}" != 1 ]; then
  scripts/build-windows-deps.sh
  cmake --preset windows-mingw >/dev/null
  cmake --build --preset windows-mingw
fi
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci -j2 "$@"
