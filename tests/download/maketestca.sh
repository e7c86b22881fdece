#!/usr/bin/env bash
# Makes the certificates the download tests serve and trust. The tests have no internet,
# so they talk TLS to tests/download/faultserver.py on 127.0.0.1 instead:
#   ca.pem, ca.key                the test CA: the only one the client under test trusts
#   server.pem, server.key        127.0.0.1 and localhost, signed by the test CA
#   server-chain.pem              server.pem then ca.pem, for servers that send the chain
#   rogue-ca.pem, rogue-ca.key    a CA the client does not trust
#   rogue.pem, rogue.key          127.0.0.1 and localhost, signed by the rogue CA
#   wrongname.pem, wrongname.key  signed by the test CA, but for example.invalid only
# Usage: tests/download/maketestca.sh DIR
# Recreates everything on each run; prints nothing unless it fails.
# Certificates start now (openssl 3.0's x509 cannot backdate) and last 30 days.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$1
mkdir -p "$dir"
# Built aside, then moved in, so a failure never leaves a mixed set of old and new files.
work=$(mktemp -d "$dir/.maketestca.XXXXXX")
trap 'rm -rf "$work"' EXIT

# openssl talks on stderr even when it succeeds: show that only when it fails.
ossl() {
  local out
  if ! out=$(openssl "$@" 2>&1); then
    printf 'maketestca: openssl %s failed:\n%s\n' "$1" "$out" >&2
    exit 1
  fi
}

# Our own configuration, so the machine's openssl.cnf adds no extensions of its own.
cat > "$work/req.cnf" <<'EOF'
[req]
distinguished_name = dn
prompt = no
[dn]
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
EOF

newkey() { ossl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/$1.key"; }

# ca NAME COMMON-NAME
ca() {
  newkey "$1"
  ossl req -new -x509 -config "$work/req.cnf" -extensions ca_ext -key "$work/$1.key" \
    -subj "/CN=$2" -days 30 -sha256 -out "$work/$1.pem"
}

# leaf NAME CA COMMON-NAME SUBJECT-ALT-NAMES
leaf() {
  newkey "$1"
  printf '%s\n' 'basicConstraints = critical, CA:FALSE' 'keyUsage = critical, digitalSignature' \
    'extendedKeyUsage = serverAuth' "subjectAltName = $4" 'subjectKeyIdentifier = hash' \
    'authorityKeyIdentifier = keyid' > "$work/$1.ext"
  ossl req -new -config "$work/req.cnf" -key "$work/$1.key" -subj "/CN=$3" -out "$work/$1.csr"
  # No serial file is given, so openssl picks a random serial.
  ossl x509 -req -in "$work/$1.csr" -CA "$work/$2.pem" -CAkey "$work/$2.key" \
    -days 30 -sha256 -extfile "$work/$1.ext" -out "$work/$1.pem"
}

ca ca "cudnn-setup test CA"
ca rogue-ca "cudnn-setup rogue CA"
leaf server ca localhost "IP:127.0.0.1, DNS:localhost"
leaf rogue rogue-ca localhost "IP:127.0.0.1, DNS:localhost"
# Its common name does not match either, so no client can fall back on it.
leaf wrongname ca example.invalid "DNS:example.invalid"
cat "$work/server.pem" "$work/ca.pem" > "$work/server-chain.pem"

for name in ca rogue-ca server rogue wrongname; do
  mv -f "$work/$name.key" "$work/$name.pem" "$dir/"
done
mv -f "$work/server-chain.pem" "$dir/"
