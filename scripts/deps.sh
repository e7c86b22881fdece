#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need (idempotent).
# Usage: scripts/deps.sh [build|test]
set -euo pipefail
want=(cmake ninja-build g++ pkg-config
      libzip-dev zlib1g-dev libssl-dev nlohmann-json3-dev libcli11-dev libisal-dev
      qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev libgl-dev)
if [ "${1:-build}" = test ]; then
  # fonts-wqy-microhei: CJK glyphs for the wizard's 简体中文 screenshots (offscreen tests).
  want+=(p7zip-full unzip zip openssl xvfb xauth fonts-wqy-microhei)
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
