#!/usr/bin/env bash
# Runs one step of the Wine tests (called by CTest, see tests/wine/CMakeLists.txt).
#   run-wine.sh setup          fresh WINEPREFIX (wineboot -i), registry ready
#   run-wine.sh run EXE ARGS   run a Windows program; exit 77 (= skipped) when unavailable
#   run-wine.sh gui EXE ARGS   the same on an X server of its own (xvfb-run), for GUI programs
#   run-wine.sh start EXE      start the wizard, wait until its window is on screen, print the time
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
# A program that ran without a display (an installer, a console test) may have left Wine's
# desktop process behind without one: end the prefix's processes, so that a GUI program
# gets a desktop on the X server xvfb-run gives it.
fresh_desktop() {
  [ -n "$server" ] && { "$server" -k 2>/dev/null; "$server" -w; }
  return 0
}
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
  gui)
    shift
    exe=$1
    shift
    [ -f "$exe" ] && exe=$(realpath "$exe")
    [ -f "$exe" ] || { echo "SKIPPED: $exe is not built; build the windows-mingw preset first (scripts/test.sh does)" >&2; exit 77; }
    command -v xvfb-run >/dev/null || { echo "SKIPPED: xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 77; }
    [ -f "$WINEPREFIX/system.reg" ] || { echo "no Wine prefix at $WINEPREFIX: the wine.prefix test must run first" >&2; exit 1; }
    fresh_desktop
    cd "$(dirname "$exe")" || exit 1
    # A GUI-linked Qt program under Wine has no console to print to: its Qt Test log goes to a
    # file, shown here whatever the outcome.
    log=$(mktemp --suffix=.txt)
    xvfb-run -a -s "-screen 0 1280x1024x24" "$wine" "$exe" -o "$log,txt" "$@"
    rc=$?
    cat "$log"; rm -f "$log"
    exit $rc
    ;;
  start)
    # start EXE [TITLE]: the time from starting the program to its window (TITLE, default
    # "cuDNN Setup") being mapped on the X server, then the program is ended.
    exe=$2; title=${3:-cuDNN Setup}
    [ -f "$exe" ] && exe=$(realpath "$exe")
    [ -f "$exe" ] || { echo "SKIPPED: $exe is not built; build the windows-mingw preset first (scripts/test.sh does)" >&2; exit 77; }
    for tool in xvfb-run xwininfo; do
      command -v $tool >/dev/null || { echo "SKIPPED: $tool not found (scripts/deps.sh test installs it)" >&2; exit 77; }
    done
    [ -f "$WINEPREFIX/system.reg" ] || { echo "no Wine prefix at $WINEPREFIX: the wine.prefix test must run first" >&2; exit 1; }
    fresh_desktop
    cd "$(dirname "$exe")" || exit 1
    CUDNN_SETUP_TITLE=$title xvfb-run -a -s "-screen 0 1280x1024x24" bash -c '
      start=$(date +%s%N)
      "$0" "$1" --lang en & pid=$!
      shown=""
      for _ in $(seq 1 600); do
        if xwininfo -root -tree 2>/dev/null | grep -q "\"$CUDNN_SETUP_TITLE"; then shown=1; break; fi
        kill -0 $pid 2>/dev/null || break
        sleep 0.1
      done
      ms=$(( ($(date +%s%N) - start) / 1000000 ))
      line=$(xwininfo -root -tree 2>/dev/null | grep "\"$CUDNN_SETUP_TITLE" | head -n1)
      kill $pid 2>/dev/null; wait $pid 2>/dev/null
      [ -n "$shown" ] || { echo "no window titled \"$CUDNN_SETUP_TITLE…\" within 60 s (exit of $1 above, if any)" >&2; exit 1; }
      echo "window on screen after $ms ms: $line"' "$wine" "$exe"
    ;;
  nsis)
    # nsis NSI APP_DIR WORKDIR VERSION: compile the installer script with the wizard and the
    # console twin from APP_DIR as payload (warnings are errors), install it silently in the
    # prefix, check files, shortcut and uninstall key, start the installed wizard, uninstall.
    nsi=$2; app=$3; work=$4; version=$5
    command -v makensis >/dev/null || { echo "SKIPPED: makensis not found (apt-get install nsis)" >&2; exit 77; }
    for f in cudnn-setup.exe cudnn-setup-cli.exe; do
      [ -f "$app/$f" ] || { echo "SKIPPED: $app/$f is not built; build the windows-mingw preset first" >&2; exit 77; }
    done
    rm -rf "$work"; mkdir -p "$work/payload"
    cp "$app/cudnn-setup.exe" "$app/cudnn-setup-cli.exe" "$work/payload/"
    setup="$work/cudnn-setup-$version-win64.exe"
    makensis -WX -V2 "-DVERSION=$version" "-DPAYLOAD_DIR=$work/payload" "-DOUTFILE=$setup" "$nsi" || exit 1
    target='C:\cudnn-setup-nsis-test'
    unix_target="$WINEPREFIX/drive_c/cudnn-setup-nsis-test"
    key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\cudnn-setup'
    shortcut="$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/cudnn-setup.lnk"
    "$wine" "$setup" /S "/D=$target" || { echo "silent install failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    for f in cudnn-setup.exe cudnn-setup-cli.exe uninstall.exe; do
      [ -f "$unix_target/$f" ] || { echo "installer did not place $f" >&2; exit 1; }
    done
    cmp -s "$app/cudnn-setup.exe" "$unix_target/cudnn-setup.exe" || { echo "installed cudnn-setup.exe differs from the build" >&2; exit 1; }
    [ -f "$shortcut" ] || { echo "no Start-menu shortcut at $shortcut" >&2; exit 1; }
    "$wine" reg query "$key" /v DisplayVersion /reg:64 2>/dev/null | grep -q "$version" \
      || { echo "uninstall key $key lacks DisplayVersion $version" >&2; exit 1; }
    # The installed wizard starts (the shortcut's target) and shows its window.
    if command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null; then
      "$0" start "$unix_target/cudnn-setup.exe" || { echo "the installed wizard did not start" >&2; exit 1; }
    else
      echo "note: xvfb-run/xwininfo missing, the installed wizard was not started" >&2
    fi
    "$wine" "$unix_target/uninstall.exe" /S || { echo "silent uninstall failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    # NSIS's uninstaller copies itself to %TEMP% and runs from there: wait for it to finish.
    for _ in $(seq 1 100); do [ -e "$unix_target" ] || break; sleep 0.1; done
    [ ! -e "$unix_target" ] || { echo "uninstall left $unix_target: $(ls -A "$unix_target")" >&2; exit 1; }
    [ ! -e "$shortcut" ] || { echo "uninstall left the Start-menu shortcut" >&2; exit 1; }
    if "$wine" reg query "$key" /reg:64 >/dev/null 2>&1; then echo "uninstall left $key" >&2; exit 1; fi
    echo "installer built ($(stat -c %s "$setup") bytes), installed, checked, wizard started, uninstalled: $setup"
    ;;
  shutdown)
    [ -n "$server" ] && "$server" -k 2>/dev/null
    exit 0
    ;;
  *)
    echo "usage: $0 setup|run EXE [ARGS]|gui EXE [ARGS]|start EXE [TITLE]|nsis NSI APP_DIR WORK VERSION|shutdown" >&2
    exit 2
    ;;
esac
