#!/usr/bin/env bash
# Builds the release preset and runs the verify benchmark (generates ~737 MB in a temp
# folder, times verify / 7z t + openssl / sha256sum + unzip -tq, deletes the file).
# Usage: bench/run-verify-bench.sh [--runs N] [--dir TMPDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target cudnn-setup-cli bench_verify
exec build/release/bench/bench_verify "$@"
