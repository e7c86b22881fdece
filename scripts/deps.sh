#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need (idempotent).
# Usage: scripts/deps.sh [build|test]
set -euo pipefail
want=(cmake ninja-build g++ pkg-config ccache mold
      libzip-dev zlib1g-dev libarchive-dev libssl-dev nlohmann-json3-dev libcli11-dev libisal-dev
      libcurl4-openssl-dev
      qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libgl-dev)
if [ "${1:-build}" = test ]; then
  # fonts-wqy-microhei: CJK glyphs for the wizard's 简体中文 screenshots (offscreen tests).
  want+=(p7zip-full unzip zip openssl xvfb xauth fonts-wqy-microhei)
  # libdeflate-dev: bench_inflate's libdeflate row (the fastest whole-buffer decoder, for comparison only).
  want+=(libdeflate-dev)
  # curl: bench_download's reference (curl -o of the same URL on loopback, issue 26).
  want+=(curl)
  # Windows cross build and its tests under Wine (scripts/build-windows-deps.sh,
  # preset windows-mingw, tests/wine): mingw-w64 (64-bit, and 32-bit for the
  # "wrong architecture" DLL), nasm for ISA-L, Debian sources via dpkg-dev,
  # GoogleTest sources, Wine, and makensis for the installer script check.
  want+=(g++-mingw-w64-x86-64-posix g++-mingw-w64-i686-posix mingw-w64-tools libz-mingw-w64-dev
         nasm make perl dpkg-dev googletest wine64 wine nsis)
  # The Windows wizard (scripts/build-windows-qt.sh: static Qt 6 from qt6-base's source; the
  # host's Qt 6.4.2 tools above), its icons rasterised by rsvg-convert (no Qt Svg for Windows).
  # x11-utils: xwininfo, to see the wizard's window appear under Wine (tests/wine/run-wine.sh start).
  want+=(librsvg2-bin x11-utils)
  # strace: lists the elevated helper's journal steps, at which tests/cli/syscallkill then kills
  # it from outside (it reads no test hook; tests/cli/tst_cli_crashpoints.cpp), and reads the
  # install's fsync/rename calls (tests/cli/tst_cli_durability).
  want+=(strace)
  # pkexec (with polkitd), dbus-daemon, dbus-send: the real Linux elevation, on a bus of the
  # test's own in a mount namespace (tests/cli/tst_cli_pkexec.cpp).
  want+=(pkexec dbus-daemon dbus-bin)
  # rpm (rpm, rpmbuild): a real rpm database in a scratch --dbpath for the rpm-ownership tests.
  want+=(rpm)
  # osslsigncode: Authenticode signing and verification of the Windows programs and packages
  # (scripts/sign-windows.sh; tests package.sign, package.nsis).
  want+=(osslsigncode)
  # python3-jsonschema, python3-yaml: the winget manifests validated against winget-cli's published
  # JSON schemas (tests/wine/check-winget.py, test package.winget), and the apply config's JSON Schema
  # checked against the parser (CTest apply.schema).
  want+=(python3-jsonschema python3-yaml)
  # wixl (the MSI from installer/cudnn-setup.wxs) and msitools (msiinfo reads its tables): package.msi.
  want+=(wixl msitools)
fi
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
