#!/usr/bin/env bash
# Quick start 2: install what is missing, build everything, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci -j2 "$@"
