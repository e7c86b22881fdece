#!/usr/bin/env bash
# Builds the release preset and runs bench_archive: generates the 737 MB 8.2 shape and the ~1.9 GB
# 9.27 shape in a temp folder (about 5 GB of disk while it runs), prints every ratio, deletes them.
# Usage: bench/run-archive-bench.sh [--runs N] [--dir TMPDIR] [--shapes 82,927]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target cudnn-setup-cli bench_archive
exec build/release/bench/bench_archive "$@"
