#!/usr/bin/env bash
# The winget manifests (schema 1.10.0: version, defaultLocale, installer) of a built NSIS package,
# from the templates beside this script (*.yaml.in).
#   installer/winget/make-manifests.sh PACKAGE_EXE VERSION INSTALLER_URL OUT_DIR
# PACKAGE_EXE: the package as it will be published (installer/package-nsis.sh, signed: signing
# changes the hash, so sign first). INSTALLER_URL: where it will be downloaded from (https).
# InstallerSha256 is the package's SHA-256; ProductCode and AppsAndFeaturesEntries are the uninstall
# key's name and values as installer/cudnn-setup.nsi writes them (read from that script, so the two
# cannot drift). Environment: CUDNN_SETUP_WINGET_ID (default CudnnSetup.CudnnSetup) and
# CUDNN_SETUP_LICENSE (the licence named in the manifest; required: the repository names none).
# Writes OUT_DIR/ID.yaml, OUT_DIR/ID.locale.en-US.yaml, OUT_DIR/ID.installer.yaml (winget's file
# names; `winget validate OUT_DIR` and `winget install --manifest OUT_DIR` take the folder) and
# prints their paths. tests/wine/check-winget.py validates them against the schemas in schemas/.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 PACKAGE_EXE VERSION INSTALLER_URL OUT_DIR" >&2
  exit 2
fi
package=$1; version=$2; url=$3; out=$4
here=$(cd "$(dirname "$0")" && pwd)
nsi=$here/../cudnn-setup.nsi
[ -f "$package" ] || { echo "make-manifests: no package at $package" >&2; exit 1; }
[ -n "${CUDNN_SETUP_LICENSE:-}" ] || { echo "make-manifests: set CUDNN_SETUP_LICENSE (the licence the manifest names)" >&2; exit 1; }
[[ "$url" =~ ^https:// ]] || { echo "make-manifests: the installer URL must be https://" >&2; exit 1; }
id=${CUDNN_SETUP_WINGET_ID:-CudnnSetup.CudnnSetup}
# The uninstall key's name (!define APP) and the Publisher value, as the installer writes them.
product=$(sed -n 's/^!define APP "\([^"]*\)".*/\1/p' "$nsi")
publisher=$(sed -n 's/^ *WriteRegStr HKLM "${UNINST_KEY}" "Publisher" "\([^"]*\)".*/\1/p' "$nsi")
[ -n "$product" ] && [ -n "$publisher" ] || { echo "make-manifests: cannot read APP or Publisher from $nsi" >&2; exit 1; }
grep -q '^!define UNINST_KEY "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\${APP}"' "$nsi" \
  || { echo "make-manifests: $nsi no longer names its uninstall key after APP: ProductCode would be wrong" >&2; exit 1; }
sha=$(sha256sum "$package" | cut -d' ' -f1 | tr a-f A-F)
mkdir -p "$out"
escape() { printf '%s' "$1" | sed -e 's/[\\&|]/\\&/g'; }
for kind in version locale.en-US installer; do
  name=$id.$kind.yaml
  [ $kind = version ] && name=$id.yaml
  sed -e "s|@IDENTIFIER@|$(escape "$id")|g" -e "s|@VERSION@|$(escape "$version")|g" \
      -e "s|@PUBLISHER@|$(escape "$publisher")|g" -e "s|@PRODUCT_CODE@|$(escape "$product")|g" \
      -e "s|@LICENSE@|$(escape "$CUDNN_SETUP_LICENSE")|g" -e "s|@URL@|$(escape "$url")|g" \
      -e "s|@SHA256@|$sha|g" "$here/cudnn-setup.$kind.yaml.in" >"$out/$name"
  if grep -n '@[A-Z_0-9]*@' "$out/$name" >&2; then
    echo "make-manifests: $out/$name keeps a placeholder" >&2
    exit 1
  fi
  echo "$out/$name"
done
