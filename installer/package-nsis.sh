#!/usr/bin/env bash
# Builds the Windows NSIS package on Linux from a windows-mingw(-release) build: the release
# recipe (docs/deploy.md), and exactly what the Wine package test runs (tests/wine/run-wine.sh nsis).
#   installer/package-nsis.sh APP_DIR OUT_DIR VERSION
# APP_DIR holds cudnn-setup.exe (the wizard, static Qt) and cudnn-setup-cli.exe (build/<preset>/app).
# Writes OUT_DIR/cudnn-setup-VERSION-win64.exe (the payload staged in OUT_DIR/payload) and prints its
# path last. When a signing key is named (CUDNN_SETUP_SIGN_CERT + CUDNN_SETUP_SIGN_KEY, or
# CUDNN_SETUP_SIGN_PKCS12; scripts/sign-windows.sh), every PE is signed: both programs before they
# are packed, the uninstaller by makensis before it is packed (!uninstfinalize) and the installer
# once written (!finalize). Without one the package is unsigned, and says so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=package-common.sh
source "$here/package-common.sh"
package_args makensis nsis "$@"
rm -rf "$out/payload"
mkdir -p "$out/payload"
cp "$app/cudnn-setup.exe" "$app/cudnn-setup-cli.exe" "$out/payload/"
setup="$out/cudnn-setup-$version-win64.exe"
rm -f "$setup"
signing=()
if [ -n "${CUDNN_SETUP_SIGN_CERT:-}${CUDNN_SETUP_SIGN_PKCS12:-}" ]; then
  "$sign" "$out/payload/cudnn-setup.exe" "$out/payload/cudnn-setup-cli.exe"
  signing=("-DSIGN=$sign")
else
  echo "package-nsis: no signing key named (CUDNN_SETUP_SIGN_CERT/KEY or CUDNN_SETUP_SIGN_PKCS12): the package is UNSIGNED" >&2
fi
makensis -WX -V2 "-DVERSION=$version" "-DPAYLOAD_DIR=$out/payload" "-DOUTFILE=$setup" "${signing[@]}" \
  "$here/cudnn-setup.nsi"
[ -f "$setup" ] || { echo "package-nsis: makensis wrote no $setup" >&2; exit 1; }
echo "$setup"
