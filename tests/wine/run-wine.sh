#!/usr/bin/env bash
# Runs one step of the Wine tests (called by CTest, see tests/wine/CMakeLists.txt).
#   run-wine.sh setup          fresh WINEPREFIX (wineboot -i), registry ready
#   run-wine.sh run EXE ARGS   run a Windows program; exit 77 (= skipped) when unavailable
#   run-wine.sh shutdown       end the prefix's wineserver
# Environment: WINEPREFIX, CUDNN_SETUP_WINE64, CUDNN_SETUP_WINESERVER (from CMake).
set -uo pipefail
wine=${CUDNN_SETUP_WINE64:-}
server=${CUDNN_SETUP_WINESERVER:-}
unset DISPLAY WAYLAND_DISPLAY
export WINEDEBUG=${WINEDEBUG:--all} WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-mscoree,mshtml=}
if [ -z "$wine" ] || [ ! -x "$wine" ]; then
  echo "SKIPPED: wine64 not found (apt-get install wine64; scripts/deps.sh test installs it)" >&2
  exit 77
fi
case "${1:-}" in
  setup)
    [ -n "$server" ] && WINEPREFIX=$WINEPREFIX "$server" -k 2>/dev/null
    rm -rf "$WINEPREFIX"
    mkdir -p "$(dirname "$WINEPREFIX")"
    "$wine" wineboot -i >/dev/null 2>&1 || { echo "wineboot -i failed for $WINEPREFIX" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    [ -f "$WINEPREFIX/system.reg" ] || { echo "no registry in $WINEPREFIX after wineboot" >&2; exit 1; }
    echo "prefix ready: $WINEPREFIX"
    ;;
  run)
    shift
    exe=$1
    if [ ! -f "$exe" ]; then
      echo "SKIPPED: $exe is not built; build the windows-mingw preset first" \
           "(cmake --preset windows-mingw && cmake --build --preset windows-mingw; scripts/test.sh does both)" >&2
      exit 77
    fi
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
      echo "no Wine prefix at $WINEPREFIX: the wine.prefix test must run first" >&2
      exit 1
    fi
    cd "$(dirname "$exe")" || exit 1
    shift
    "$wine" "$exe" "$@"
    ;;
  shutdown)
    [ -n "$server" ] && "$server" -k 2>/dev/null
    exit 0
    ;;
  *)
    echo "usage: $0 setup|run EXE [ARGS]|shutdown" >&2
    exit 2
    ;;
esac
