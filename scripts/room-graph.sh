#!/usr/bin/env bash
# The core rooms' target graph as `cmake --graphviz` draws it, the rooms and the libraries they
# link only (programs, tests, flags and system paths left out): prints the edges in dot, for
# docs/architecture.md. Configures a throwaway tree in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/b"
cat >"$tmp/b/CMakeGraphVizOptions.cmake" <<'OPTIONS'
set(GRAPHVIZ_IGNORE_TARGETS "^cudnnsetup_options$" "^cudnnsetup_cli$" "^cudnn-setup" "^cudnnsetup_core$" "CLI11"
    "^dl$" "^/usr/" "^nlohmann" "cudnnsetup_resources")
set(GRAPHVIZ_GENERATE_PER_TARGET FALSE)
set(GRAPHVIZ_GENERATE_DEPENDERS FALSE)
OPTIONS
cmake -S . -B "$tmp/b" -G Ninja -DCUDNN_SETUP_WIZARD=OFF -DBUILD_TESTING=OFF -DCUDNN_SETUP_BENCH=OFF \
  --graphviz="$tmp/rooms.dot" >/dev/null
echo 'digraph rooms {'
sed -n 's@.*// \(cudnnsetup_\)\?\([A-Za-z_:]*\) -> \(cudnnsetup_\)\?\([A-Za-z_:]*\)$@  "\2" -> "\4";@p' "$tmp/rooms.dot" | sort
echo '}'
