# shellcheck shell=bash
# Sourced by installer/package-nsis.sh and installer/package-msi.sh: their arguments
# (APP_DIR OUT_DIR VERSION into $app, $out, $version; usage and exit 2 otherwise), the signer
# ($sign), and the checks both make: TOOL (named by $1, the Debian package by $2) installed, both
# programs built in APP_DIR. $0 is the sourcing script, whose name prefixes every message.
# shellcheck disable=SC2034  # app, out, version, sign: read by the sourcing script
package_args() {
  local tool=$1 debian=$2
  shift 2
  if [ $# -ne 3 ]; then
    echo "usage: $0 APP_DIR OUT_DIR VERSION" >&2
    exit 2
  fi
  app=$1; out=$2; version=$3
  sign=$(cd "$(dirname "${BASH_SOURCE[0]}")/../scripts" && pwd)/sign-windows.sh
  local me
  me=$(basename "$0" .sh)
  command -v "$tool" >/dev/null || { echo "$me: $tool not found (apt-get install $debian)" >&2; exit 1; }
  for f in cudnn-setup.exe cudnn-setup-cli.exe; do
    [ -f "$app/$f" ] || { echo "$me: $app/$f is not built" >&2; exit 1; }
  done
}
