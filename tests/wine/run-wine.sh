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
    # GoogleTest exits 0 after a GTEST_SKIP: a run that passed with skips is "Skipped" (77)
    # for CTest, its "[  SKIPPED ]" lines (and reasons above them) stay in the output.
    log=$(mktemp)
    "$wine" "$exe" "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    skipped=$(tr -d '\r' <"$log" | sed -n 's/^\[  SKIPPED \] \([0-9][0-9]*\) tests\{0,1\}, listed below.*/\1/p' | tail -1)
    skipped=${skipped:-0}
    rm -f "$log"
    if [ "$rc" -eq 0 ] && [ "$skipped" -gt 0 ]; then
      echo "run-wine: passed with $skipped GoogleTest test(s) skipped, reported to CTest as skipped"
      exit 77
    fi
    exit "$rc"
    ;;
  nsis)
    # nsis NSI CLI_EXE WORKDIR VERSION: compile the installer script with the
    # console tool as stand-in payload (warnings are errors), then install it
    # silently in the prefix, check files and the uninstall key, and uninstall.
    nsi=$2; cli=$3; work=$4; version=$5
    command -v makensis >/dev/null || { echo "SKIPPED: makensis not found (apt-get install nsis)" >&2; exit 77; }
    [ -f "$cli" ] || { echo "SKIPPED: $cli is not built; build the windows-mingw preset first" >&2; exit 77; }
    rm -rf "$work"; mkdir -p "$work/payload"
    cp "$cli" "$work/payload/"
    setup="$work/cudnn-setup-$version-win64.exe"
    makensis -WX -V2 "-DVERSION=$version" "-DPAYLOAD_DIR=$work/payload" "-DOUTFILE=$setup" "$nsi" || exit 1
    target='C:\cudnn-setup-nsis-test'
    unix_target="$WINEPREFIX/drive_c/cudnn-setup-nsis-test"
    key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\cudnn-setup'
    "$wine" "$setup" /S "/D=$target" || { echo "silent install failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    [ -f "$unix_target/cudnn-setup-cli.exe" ] || { echo "installer did not place cudnn-setup-cli.exe" >&2; exit 1; }
    [ -f "$unix_target/uninstall.exe" ] || { echo "installer did not write uninstall.exe" >&2; exit 1; }
    "$wine" reg query "$key" /v DisplayVersion /reg:64 2>/dev/null | grep -q "$version" \
      || { echo "uninstall key $key lacks DisplayVersion $version" >&2; exit 1; }
    "$wine" "$unix_target/uninstall.exe" /S || { echo "silent uninstall failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    [ ! -e "$unix_target/cudnn-setup-cli.exe" ] || { echo "uninstall left cudnn-setup-cli.exe" >&2; exit 1; }
    if "$wine" reg query "$key" /reg:64 >/dev/null 2>&1; then echo "uninstall left $key" >&2; exit 1; fi
    echo "installer built, installed, checked and uninstalled: $setup"
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
