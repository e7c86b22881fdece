#!/usr/bin/env bash
# Quick start 1: install what is missing, build (release), and run the tool.
# Usage: scripts/run.sh [cudnn-setup arguments...]   (no arguments: the wizard, or help)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake --preset release >/dev/null
cmake --build --preset release --target cudnn-setup cudnn-setup-cli
exec build/release/app/cudnn-setup "$@"
