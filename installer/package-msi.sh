#!/usr/bin/env bash
# Builds the Windows MSI on Linux by Debian's wixl (msitools) from a windows-mingw(-release) build,
# for Group Policy and MECM (installer/cudnn-setup.wxs says what is in it): the release recipe
# (docs/deploy.md) and what package.msi runs (tests/wine/run-wine.sh msi).
#   installer/package-msi.sh APP_DIR OUT_DIR VERSION
# Writes OUT_DIR/cudnn-setup-VERSION-win64.msi (sources staged in OUT_DIR/msi-src) and prints its path
# last. With a signing key named (scripts/sign-windows.sh) the two programs are signed before they
# are packed and the MSI once built; without one it is unsigned, and says so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=package-common.sh
source "$here/package-common.sh"
package_args wixl wixl "$@"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "package-msi: an MSI version is MAJOR.MINOR.PATCH, not '$version'" >&2; exit 1; }
# wixl reads File/@Source relative to the .wxs: the script and the payload are staged together.
src=$out/msi-src
rm -rf "$src"
mkdir -p "$src/payload"
cp "$here/cudnn-setup.wxs" "$src/"
cp "$app/cudnn-setup.exe" "$app/cudnn-setup-cli.exe" "$src/payload/"
signed=0
if [ -n "${CUDNN_SETUP_SIGN_CERT:-}${CUDNN_SETUP_SIGN_PKCS12:-}" ]; then
  "$sign" "$src/payload/cudnn-setup.exe" "$src/payload/cudnn-setup-cli.exe"
  signed=1
else
  echo "package-msi: no signing key named (CUDNN_SETUP_SIGN_CERT/KEY or CUDNN_SETUP_SIGN_PKCS12): the MSI is UNSIGNED" >&2
fi
msi=$out/cudnn-setup-$version-win64.msi
rm -f "$msi"
wixl -a x64 -D "Version=$version" -D PayloadDir=payload -o "$msi" "$src/cudnn-setup.wxs"
[ -f "$msi" ] || { echo "package-msi: wixl wrote no $msi" >&2; exit 1; }
[ $signed = 1 ] && "$sign" "$msi"
echo "$msi"
