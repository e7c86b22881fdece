#!/usr/bin/env bash
# package.sign (tests/wine/CMakeLists.txt): Authenticode signing of the Windows programs by the
# release signer, scripts/sign-windows.sh, with a certificate made for this run (make-test-cert.sh).
#   run-sign.sh PECERT APP_DIR WORK
# For the wizard and the console twin of the windows-mingw build (APP_DIR): signed copies verify
# with the test CA as trust anchor (osslsigncode verify) and not without it, the unsigned images do
# not verify, core's PE reader (PECERT, tests/wine/pecert.cpp) finds a certificate table in each
# signed image and none in the unsigned ones, and one flipped byte in a signed image fails
# verification. No timestamp when no server is named; with one (a TSA of this run, tsa-server.py)
# an RFC 3161 timestamp that verifies; with one that cannot be reached, no signature and the file
# unchanged. Needs no Wine (the installer's and the uninstaller's signatures: package.nsis).
set -uo pipefail
pecert=$1; app=$2; work=$3
here=$(cd "$(dirname "$0")" && pwd)
sign=$here/../../scripts/sign-windows.sh
for tool in osslsigncode openssl; do
  command -v $tool >/dev/null || { echo "SKIPPED: $tool not found (scripts/deps.sh test installs it)" >&2; exit 77; }
done
programs=(cudnn-setup.exe cudnn-setup-cli.exe)
for f in "${programs[@]}"; do
  [ -f "$app/$f" ] || { echo "SKIPPED: $app/$f is not built; build the windows-mingw preset first (scripts/test.sh does)" >&2; exit 77; }
done
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"; mkdir -p "$work/unsigned" "$work/signed"
"$here/make-test-cert.sh" "$work/cert" || fail "could not make the test certificate"
ca=$work/cert/ca.pem
for f in "${programs[@]}"; do
  cp "$app/$f" "$work/unsigned/$f"
  cp "$app/$f" "$work/signed/$f"
done

# Without a key named, the signer refuses and leaves the file as it was.
if CUDNN_SETUP_SIGN_CERT='' CUDNN_SETUP_SIGN_KEY='' CUDNN_SETUP_SIGN_PKCS12='' "$sign" "$work/signed/cudnn-setup-cli.exe" 2>/dev/null; then
  fail "sign-windows.sh signed without a key"
fi
cmp -s "$app/cudnn-setup-cli.exe" "$work/signed/cudnn-setup-cli.exe" || fail "a refused signing changed the file"

CUDNN_SETUP_SIGN_CERT=$work/cert/sign.pem CUDNN_SETUP_SIGN_KEY=$work/cert/sign.key CUDNN_SETUP_SIGN_TIMESTAMP='' \
  "$sign" "${programs[@]/#/$work/signed/}" || fail "sign-windows.sh failed"

for f in "${programs[@]}"; do
  out=$(osslsigncode verify -CAfile "$ca" -in "$work/signed/$f" 2>&1) || { echo "$out"; fail "$f: the signed image does not verify"; }
  grep -q "^Signature verification: ok" <<<"$out" || { echo "$out"; fail "$f: no 'Signature verification: ok'"; }
  grep -q "Subject: /CN=cudnn-setup test signer" <<<"$out" || { echo "$out"; fail "$f: not signed by the test signer"; }
  # No timestamp server was named: none is asked for.
  grep -q "Timestamp is not available" <<<"$out" || { echo "$out"; fail "$f: a timestamp without a timestamp URL"; }
  echo "$f (signed): $(grep -E '^(Signature verification|Number of verified signatures)' <<<"$out" | tr '\n' ' ')"
  # The same signature with the system's CAs only: the chain is not trusted.
  osslsigncode verify -CAfile /etc/ssl/certs/ca-certificates.crt -in "$work/signed/$f" >/dev/null 2>&1 \
    && fail "$f: verified without the test CA as trust anchor"
  osslsigncode verify -CAfile "$ca" -in "$work/unsigned/$f" >/dev/null 2>&1 && fail "$f: the unsigned image verifies"
  echo "$f (unsigned): osslsigncode verify fails, as it must"
done

"$pecert" signed "${programs[@]/#/$work/signed/}" || fail "core's PE reader finds no (well-formed) certificate table in a signed image"
"$pecert" unsigned "${programs[@]/#/$work/unsigned/}" || fail "core's PE reader finds a certificate table in an unsigned image"

# One byte flipped in the middle of the signed console twin (its code, far before the table).
flipped=$work/flipped-cudnn-setup-cli.exe
cp "$work/signed/cudnn-setup-cli.exe" "$flipped"
size=$(stat -c %s "$flipped")
at=$((size / 2))
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(int(sys.argv[2])); b = f.read(1)[0]; f.seek(int(sys.argv[2])); f.write(bytes([b ^ 1]))' \
  "$flipped" "$at" || fail "could not flip a byte"
changed=$(cmp -l "$work/signed/cudnn-setup-cli.exe" "$flipped" | wc -l)
[ "$changed" -eq 1 ] || fail "the flip changed $changed bytes, not one"
out=$(osslsigncode verify -CAfile "$ca" -in "$flipped" 2>&1) && { echo "$out"; fail "a signed image with one flipped byte (offset $at) still verifies"; }
grep -q "MISMATCH" <<<"$out" || { echo "$out"; fail "the flipped image failed, but not on its digest"; }
echo "one byte flipped at offset $at of $size: $(grep -m1 'Calculated message digest' <<<"$out" | tr -s ' ') -> verification fails"
# With a timestamp server named: an RFC 3161 timestamp, here from a TSA of this run (tsa-server.py,
# `openssl ts -reply` on 127.0.0.1), which verification checks against the test CA.
python3 "$here/tsa-server.py" "$work/cert" >"$work/tsa.port" 2>"$work/tsa.log" &
tsa_pid=$!
trap 'kill "$tsa_pid" 2>/dev/null' EXIT
for _ in $(seq 1 100); do [ -s "$work/tsa.port" ] && break; sleep 0.05; done
port=$(head -n1 "$work/tsa.port")
[ -n "$port" ] || { cat "$work/tsa.log" >&2; fail "the test timestamp server did not start"; }
stamped=$work/timestamped-cudnn-setup-cli.exe
cp "$app/cudnn-setup-cli.exe" "$stamped"
# A timestamp server that cannot be reached: no signature at all, the file as it was.
if CUDNN_SETUP_SIGN_CERT=$work/cert/sign.pem CUDNN_SETUP_SIGN_KEY=$work/cert/sign.key \
   CUDNN_SETUP_SIGN_TIMESTAMP=http://127.0.0.1:9 "$sign" "$stamped" >/dev/null 2>&1; then
  fail "signed although the timestamp server could not be reached"
fi
cmp -s "$app/cudnn-setup-cli.exe" "$stamped" || fail "a failed timestamped signing changed the file"
echo "timestamp server unreachable: signing fails, the file is unchanged"
said=$(CUDNN_SETUP_SIGN_CERT=$work/cert/sign.pem CUDNN_SETUP_SIGN_KEY=$work/cert/sign.key \
       CUDNN_SETUP_SIGN_TIMESTAMP="http://127.0.0.1:$port" "$sign" "$stamped") || { cat "$work/tsa.log" >&2; fail "timestamped signing failed"; }
grep -q "(timestamped)" <<<"$said" || fail "the signer did not say it timestamped: $said"
out=$(osslsigncode verify -CAfile "$ca" -TSA-CAfile "$ca" -in "$stamped" 2>&1) || { echo "$out"; fail "the timestamped image does not verify"; }
grep -q "^Timestamp Server Signature verification: ok" <<<"$out" || { echo "$out"; fail "no verified timestamp in the signature"; }
echo "timestamped (RFC 3161, test TSA on port $port): $(grep -m1 'Timestamp time:' <<<"$out" | tr -s ' \t' ' ')," \
     "$(grep -m1 '^Timestamp Server Signature verification' <<<"$out")"
echo "package.sign: both programs signed and verified; certificate tables found by core's PE reader; tampering detected; timestamp only when a server is named"
