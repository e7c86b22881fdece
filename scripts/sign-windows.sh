#!/usr/bin/env bash
# Signs Windows files in place with Authenticode (SHA-256), by osslsigncode (Debian package
# osslsigncode): the wizard and the console twin, the NSIS installer and its uninstaller (the
# installer script calls this through !finalize and !uninstfinalize, installer/package-nsis.sh),
# an MSI. docs/windows.md, "Signing", says how a release is signed.
#   scripts/sign-windows.sh FILE...
# The key and the certificate never live in the repository; they are named by the environment:
#   CUDNN_SETUP_SIGN_CERT        the certificate chain, PEM (or DER/SPC), the signer's certificate first
#   CUDNN_SETUP_SIGN_KEY         the private key: a file (PEM or DER), or with a PKCS#11 module a key id
#                                or RFC 7512 URI on the token ("pkcs11:token=...;object=...;type=private")
#   CUDNN_SETUP_SIGN_PKCS12      instead of the two above: one PKCS#12 file (.pfx) with key and chain
#   CUDNN_SETUP_SIGN_PKCS11_MODULE  a hardware token's or HSM's PKCS#11 module (opensc-pkcs11.so, the
#                                vendor's); the key then never leaves the device
#   CUDNN_SETUP_SIGN_PKCS11_ENGINE  the OpenSSL engine that speaks PKCS#11 (libp11, Debian's
#                                libengine-pkcs11-openssl), when osslsigncode does not find it itself
#   CUDNN_SETUP_SIGN_PASSFILE    a file holding the key's passphrase or the token's PIN (optional)
#   CUDNN_SETUP_SIGN_TIMESTAMP   an RFC 3161 timestamp server URL (repeatable: space-separated, tried
#                                in turn); unset: no timestamp (the signature then stops being valid
#                                when the certificate expires)
#   CUDNN_SETUP_SIGN_URL         a URL shown in the signature's details (optional)
# Exit 0 when every FILE is signed; 1 at the first that is not (that file is left as it was).
set -euo pipefail
if [ $# -eq 0 ]; then
  echo "usage: $0 FILE... (the key and certificate by environment: see the head of this script)" >&2
  exit 2
fi
command -v osslsigncode >/dev/null || { echo "sign-windows: osslsigncode not found (apt-get install osslsigncode)" >&2; exit 1; }

creds=()
if [ -n "${CUDNN_SETUP_SIGN_PKCS12:-}" ]; then
  creds=(-pkcs12 "$CUDNN_SETUP_SIGN_PKCS12")
elif [ -n "${CUDNN_SETUP_SIGN_PKCS11_MODULE:-}" ]; then
  [ -n "${CUDNN_SETUP_SIGN_KEY:-}" ] && [ -n "${CUDNN_SETUP_SIGN_CERT:-}" ] \
    || { echo "sign-windows: a PKCS#11 module needs CUDNN_SETUP_SIGN_KEY (the key's id or URI) and CUDNN_SETUP_SIGN_CERT" >&2; exit 1; }
  [ -n "${CUDNN_SETUP_SIGN_PKCS11_ENGINE:-}" ] && creds+=(-pkcs11engine "$CUDNN_SETUP_SIGN_PKCS11_ENGINE")
  creds+=(-pkcs11module "$CUDNN_SETUP_SIGN_PKCS11_MODULE" -certs "$CUDNN_SETUP_SIGN_CERT" -key "$CUDNN_SETUP_SIGN_KEY")
else
  [ -n "${CUDNN_SETUP_SIGN_KEY:-}" ] && [ -n "${CUDNN_SETUP_SIGN_CERT:-}" ] \
    || { echo "sign-windows: set CUDNN_SETUP_SIGN_CERT and CUDNN_SETUP_SIGN_KEY (or CUDNN_SETUP_SIGN_PKCS12)" >&2; exit 1; }
  for f in "$CUDNN_SETUP_SIGN_CERT" "$CUDNN_SETUP_SIGN_KEY"; do
    [ -r "$f" ] || { echo "sign-windows: cannot read $f" >&2; exit 1; }
  done
  creds=(-certs "$CUDNN_SETUP_SIGN_CERT" -key "$CUDNN_SETUP_SIGN_KEY")
fi
[ -n "${CUDNN_SETUP_SIGN_PASSFILE:-}" ] && creds+=(-readpass "$CUDNN_SETUP_SIGN_PASSFILE")
info=(-n "cudnn-setup")
[ -n "${CUDNN_SETUP_SIGN_URL:-}" ] && info+=(-i "$CUDNN_SETUP_SIGN_URL")
stamp=()
for url in ${CUDNN_SETUP_SIGN_TIMESTAMP:-}; do
  stamp+=(-ts "$url")
done

for file in "$@"; do
  [ -f "$file" ] || { echo "sign-windows: $file: no such file" >&2; exit 1; }
  out="$file.signing"
  rm -f "$out"
  if ! osslsigncode sign "${creds[@]}" -h sha256 "${info[@]}" "${stamp[@]}" -in "$file" -out "$out" >"$out.log" 2>&1; then
    cat "$out.log" >&2
    rm -f "$out" "$out.log"
    echo "sign-windows: $file was not signed" >&2
    exit 1
  fi
  rm -f "$out.log"
  # The signed copy replaces the file whole (same folder, so a rename), keeping its mode.
  chmod --reference="$file" "$out"
  mv -f "$out" "$file"
  echo "signed: $file${stamp:+ (timestamped)}"
done
