#!/usr/bin/env bash
# Runs one step of the Wine tests (called by CTest, see tests/wine/CMakeLists.txt).
#   run-wine.sh setup          fresh WINEPREFIX (wineboot -i), registry ready
#   run-wine.sh run EXE ARGS   run a Windows program; exit 77 (= skipped) when unavailable
#   run-wine.sh gui EXE ARGS   the same on an X server of its own (xvfb-run), for GUI programs
#   run-wine.sh start EXE      start the wizard, wait until its window is on screen, print the time
#   run-wine.sh nsis PACKAGE_SH APP_DIR WORK VERSION   the NSIS package, signed, installed and uninstalled
#   run-wine.sh msi PACKAGE_SH APP_DIR WORK VERSION    the MSI, signed, msiexec /i and /x
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
# The start of the package modes (nsis, msi): skipped (77) without one of the tools named or the
# two programs of the windows-mingw build ($app); the prefix must exist; a fresh $work with a
# certificate made for the run in $work/cert ($here: this folder).
package_start() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "SKIPPED: $tool not found (scripts/deps.sh test installs it)" >&2; exit 77; }
  done
  for f in cudnn-setup.exe cudnn-setup-cli.exe; do
    [ -f "$app/$f" ] || { echo "SKIPPED: $app/$f is not built; build the windows-mingw preset first" >&2; exit 77; }
  done
  [ -f "$WINEPREFIX/system.reg" ] || { echo "no Wine prefix at $WINEPREFIX: the wine.prefix test must run first" >&2; exit 1; }
  rm -rf "$work"; mkdir -p "$work"
  "$here/make-test-cert.sh" "$work/cert" || exit 1
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
    # nsis PACKAGE_SH APP_DIR WORKDIR VERSION: build the installer with the release recipe
    # (installer/package-nsis.sh, warnings are errors), signed with a certificate made for this run
    # (make-test-cert.sh): every PE verified (osslsigncode, the test CA as trust anchor). Then in
    # the prefix: /CONFIG= naming no file exits 2 and installs nothing; a plain silent install; the
    # same again with /CONFIG=fleet.json (beside the installer) places the programs, the config,
    # the shortcut and the uninstall key with the values
    # winget and Intune read (DisplayVersion, Publisher, EstimatedSize = the folder's KiB,
    # QuietUninstallString); the installed wizard starts; the QuietUninstallString, run as a
    # deployment tool runs it, leaves no file, shortcut or key of ours.
    package=$2; app=$3; work=$4; version=$5
    here=$(cd "$(dirname "$0")" && pwd)
    package_start makensis osslsigncode openssl
    ca=$work/cert/ca.pem
    setup=$(CUDNN_SETUP_SIGN_CERT=$work/cert/sign.pem CUDNN_SETUP_SIGN_KEY=$work/cert/sign.key CUDNN_SETUP_SIGN_TIMESTAMP='' \
            "$package" "$app" "$work" "$version" | tail -n1) || { echo "installer/package-nsis.sh failed" >&2; exit 1; }
    [ -f "$setup" ] || { echo "no installer at '$setup'" >&2; exit 1; }
    verified() {  # verified FILE: its Authenticode signature verifies against the test CA
      local out
      out=$(osslsigncode verify -CAfile "$ca" -in "$1" 2>&1) && grep -q "^Signature verification: ok" <<<"$out" \
        || { echo "$out" >&2; echo "$1: the signature does not verify" >&2; return 1; }
      echo "signature ok: $1"
    }
    verified "$setup" || exit 1
    target='C:\cudnn-setup-nsis-test'
    unix_target="$WINEPREFIX/drive_c/cudnn-setup-nsis-test"
    key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\cudnn-setup'
    shortcut="$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/cudnn-setup.lnk"
    # A desired state naming a toolkit this prefix lacks: the installer places the programs and the
    # config, runs apply, and ends with apply's exit code, 2 (not-a-toolkit); package.fleet runs one
    # that converges.
    printf '{\n  "schema": 1,\n  "toolkits": ["C:\\\\no-such-toolkit"]\n}\n' >"$work/fleet.json"
    winpath() { printf 'Z:%s' "${1//\//\\}"; }
    # A /CONFIG= that names no file: exit 2 (usage), nothing installed.
    "$wine" "$setup" /S "/CONFIG=$(winpath "$work/absent.json")" "/D=$target"
    rc=$?
    [ -n "$server" ] && "$server" -w
    [ "$rc" -eq 2 ] || { echo "/CONFIG= naming no file: exit $rc, expected 2" >&2; exit 1; }
    [ ! -e "$unix_target" ] || { echo "/CONFIG= naming no file still installed into $unix_target" >&2; exit 1; }
    echo "/CONFIG= naming no file: exit 2, nothing installed"
    # A plain silent install (no /CONFIG=): no config.json.
    "$wine" "$setup" /S "/D=$target" || { echo "silent install failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    [ -f "$unix_target/cudnn-setup-cli.exe" ] || { echo "the plain silent install placed no cudnn-setup-cli.exe" >&2; exit 1; }
    [ ! -e "$unix_target/config.json" ] || { echo "an install without /CONFIG= wrote config.json" >&2; exit 1; }
    echo "plain silent install: exit 0, no config.json"
    # The same package again over it (the repair and reconfigure of docs/deploy.md) with a config
    # named relative to the installer's folder, as Intune and MECM give it (their working folder is
    # the content folder; here it is not, so the installer must look beside itself).
    "$wine" "$setup" /S /CONFIG=fleet.json "/D=$target"
    rc=$?
    [ "$rc" -eq 2 ] || { echo "silent reinstall with /CONFIG=fleet.json: exit $rc, expected apply's 2 (no such toolkit)" >&2; exit 1; }
    echo "reinstall with /CONFIG=fleet.json: apply ran and refused the toolkit it names (exit 2); programs and config in place"
    [ -n "$server" ] && "$server" -w
    for f in cudnn-setup.exe cudnn-setup-cli.exe uninstall.exe config.json; do
      [ -f "$unix_target/$f" ] || { echo "installer did not place $f" >&2; exit 1; }
    done
    cmp -s "$work/payload/cudnn-setup.exe" "$unix_target/cudnn-setup.exe" || { echo "installed cudnn-setup.exe differs from the package's payload" >&2; exit 1; }
    cmp -s "$work/fleet.json" "$unix_target/config.json" || { echo "installed config.json differs from the /CONFIG file" >&2; exit 1; }
    for f in cudnn-setup.exe cudnn-setup-cli.exe uninstall.exe; do verified "$unix_target/$f" || exit 1; done
    [ -f "$shortcut" ] || { echo "no Start-menu shortcut at $shortcut" >&2; exit 1; }
    values=$("$wine" reg query "$key" /reg:64 2>/dev/null | tr -d '\r')
    value() { sed -n "s/^ *$1 \{2,\}REG_[A-Z_]* \{2,\}//p" <<<"$values"; }
    echo "$values"
    [ "$(value DisplayVersion)" = "$version" ] || { echo "uninstall key $key: DisplayVersion is not $version" >&2; exit 1; }
    [ "$(value Publisher)" = "cudnn-setup project" ] || { echo "uninstall key: no Publisher" >&2; exit 1; }
    [ "$(value DisplayName)" = "cudnn-setup" ] || { echo "uninstall key: no DisplayName" >&2; exit 1; }
    [ "$(value InstallLocation)" = "$target" ] || { echo "uninstall key: InstallLocation is not $target" >&2; exit 1; }
    quiet=$(value QuietUninstallString)
    [ "$quiet" = "\"$target\\uninstall.exe\" /S" ] || { echo "uninstall key: QuietUninstallString is '$quiet'" >&2; exit 1; }
    # EstimatedSize: the installed folder in KiB, as Apps & Features shows it (GetSize rounds down).
    estimated=$(value EstimatedSize)
    [[ "$estimated" =~ ^0x[0-9a-fA-F]+$ ]] || { echo "uninstall key: EstimatedSize is '$estimated', not a DWORD" >&2; exit 1; }
    bytes=$(find "$unix_target" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
    kib=$((estimated)); want=$((bytes / 1024))
    [ "$kib" -ge $((want - 4)) ] && [ "$kib" -le $((want + 4)) ] \
      || { echo "uninstall key: EstimatedSize $kib KiB, the folder holds $want KiB" >&2; exit 1; }
    echo "EstimatedSize $kib KiB for $bytes bytes installed"
    # The installed wizard starts (the shortcut's target) and shows its window.
    if command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null; then
      "$0" start "$unix_target/cudnn-setup.exe" || { echo "the installed wizard did not start" >&2; exit 1; }
    else
      echo "note: xvfb-run/xwininfo missing, the installed wizard was not started" >&2
    fi
    # The QuietUninstallString as winget and Intune run it: the quoted program, then its arguments.
    quiet_exe=$(sed -n 's/^"\([^"]*\)".*/\1/p' <<<"$quiet")
    quiet_args=$(sed -n 's/^"[^"]*" *//p' <<<"$quiet")
    # shellcheck disable=SC2086  # the arguments split as Windows would split them (here: "/S")
    "$wine" "$quiet_exe" $quiet_args || { echo "silent uninstall ($quiet) failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    # NSIS's uninstaller copies itself to %TEMP% and runs from there: wait for it to finish.
    for _ in $(seq 1 100); do [ -e "$unix_target" ] || break; sleep 0.1; done
    [ ! -e "$unix_target" ] || { echo "uninstall left $unix_target: $(ls -A "$unix_target")" >&2; exit 1; }
    [ ! -e "$shortcut" ] || { echo "uninstall left the Start-menu shortcut" >&2; exit 1; }
    if "$wine" reg query "$key" /reg:64 >/dev/null 2>&1; then echo "uninstall left $key" >&2; exit 1; fi
    echo "installer built and signed ($(stat -c %s "$setup") bytes), installed, reinstalled with /CONFIG, checked, wizard started, uninstalled by its QuietUninstallString: $setup"
    ;;
  msi)
    # msi PACKAGE_SH APP_DIR WORKDIR VERSION: build the MSI with the release recipe
    # (installer/package-msi.sh: wixl), signed with a certificate made for this run and verified;
    # per-machine (ALLUSERS=1, no custom action); msiexec /i /qn in the prefix places both programs in
    # Program Files, the Start-menu shortcut and the product's uninstall key (HKLM); msiexec /x /qn
    # leaves no file, shortcut or key of ours.
    package=$2; app=$3; work=$4; version=$5
    here=$(cd "$(dirname "$0")" && pwd)
    package_start wixl msiinfo osslsigncode openssl
    msi=$(CUDNN_SETUP_SIGN_CERT=$work/cert/sign.pem CUDNN_SETUP_SIGN_KEY=$work/cert/sign.key CUDNN_SETUP_SIGN_TIMESTAMP='' \
          "$package" "$app" "$work" "$version" | tail -n1) || { echo "installer/package-msi.sh failed" >&2; exit 1; }
    [ -f "$msi" ] || { echo "no MSI at '$msi'" >&2; exit 1; }
    out=$(osslsigncode verify -CAfile "$work/cert/ca.pem" -in "$msi" 2>&1) && grep -q "^Signature verification: ok" <<<"$out" \
      || { echo "$out" >&2; echo "the MSI's signature does not verify" >&2; exit 1; }
    echo "signature ok: $msi"
    props=$(msiinfo export "$msi" Property | tr -d '\r')
    prop() { awk -F'\t' -v k="$1" '$1 == k {print $2}' <<<"$props"; }
    [ "$(prop ALLUSERS)" = 1 ] || { echo "the MSI is not per-machine (ALLUSERS is '$(prop ALLUSERS)')" >&2; exit 1; }
    [ "$(prop UpgradeCode)" = "{FE6640EC-D59C-4622-93CD-6F9130E5D89E}" ] || { echo "the MSI's UpgradeCode changed: '$(prop UpgradeCode)'" >&2; exit 1; }
    actions=$(msiinfo export "$msi" CustomAction 2>/dev/null | tail -n +4)
    [ -z "$actions" ] || { echo "the MSI has custom actions: $actions" >&2; exit 1; }
    product=$(prop ProductCode)
    echo "per-machine MSI, no custom action, ProductCode $product, UpgradeCode $(prop UpgradeCode)"
    unix_target="$WINEPREFIX/drive_c/Program Files/cudnn-setup"
    key="HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$product"
    common_lnk="$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs/cudnn-setup.lnk"
    [ ! -e "$unix_target" ] || { echo "$unix_target exists before the MSI is installed" >&2; exit 1; }
    msi_win="Z:${msi//\//\\}"
    "$wine" msiexec /i "$msi_win" /qn || { echo "msiexec /i /qn failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    for f in cudnn-setup.exe cudnn-setup-cli.exe; do
      cmp -s "$work/msi-src/payload/$f" "$unix_target/$f" || { echo "msiexec /i did not place $f (signed, as packed) in $unix_target" >&2; exit 1; }
    done
    user_lnk=$(ls "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Microsoft/Windows/"Start Menu"/Programs/cudnn-setup.lnk 2>/dev/null | head -n1)
    if [ -f "$common_lnk" ]; then
      echo "Start-menu shortcut for all users: $common_lnk"
    elif [ -n "$user_lnk" ]; then
      # Wine's msi resolves ProgramMenuFolder to the user's folder even with ALLUSERS=1; Windows
      # puts a per-machine install's shortcut in the all-users Start menu.
      echo "Start-menu shortcut (Wine puts it in the user's Start menu): $user_lnk"
    else
      echo "msiexec /i made no Start-menu shortcut" >&2; exit 1
    fi
    values=$("$wine" reg query "$key" /reg:64 2>/dev/null | tr -d '\r')
    grep -q "DisplayVersion *REG_SZ *$version" <<<"$values" || { echo "no uninstall key $key with DisplayVersion $version" >&2; exit 1; }
    echo "installed: $(ls "$unix_target" | tr '\n' ' ')and $key"
    "$wine" msiexec /x "$msi_win" /qn || { echo "msiexec /x /qn failed" >&2; exit 1; }
    [ -n "$server" ] && "$server" -w
    [ ! -e "$unix_target" ] || { echo "msiexec /x left $unix_target: $(ls -A "$unix_target")" >&2; exit 1; }
    [ ! -e "$common_lnk" ] || { echo "msiexec /x left $common_lnk" >&2; exit 1; }
    if ls "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Microsoft/Windows/"Start Menu"/Programs/cudnn-setup.lnk >/dev/null 2>&1; then
      echo "msiexec /x left the user's Start-menu shortcut" >&2; exit 1
    fi
    if "$wine" reg query "$key" /reg:64 >/dev/null 2>&1; then echo "msiexec /x left $key" >&2; exit 1; fi
    echo "MSI built and signed ($(stat -c %s "$msi") bytes), installed and uninstalled by msiexec /qn: $msi"
    ;;
  shutdown)
    [ -n "$server" ] && "$server" -k 2>/dev/null
    exit 0
    ;;
  *)
    echo "usage: $0 setup|run EXE [ARGS]|gui EXE [ARGS]|start EXE [TITLE]|nsis PACKAGE_SH APP_DIR WORK VERSION|msi PACKAGE_SH APP_DIR WORK VERSION|shutdown" >&2
    exit 2
    ;;
esac
