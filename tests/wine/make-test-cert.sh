#!/usr/bin/env bash
# make-test-cert.sh DIR: a code-signing certificate made for one test run (never a real one):
# DIR/ca.pem (a throwaway CA, the trust anchor `osslsigncode verify -CAfile` is given),
# DIR/sign.pem + DIR/sign.key (a leaf it issued: digitalSignature, extended key usage codeSigning),
# DIR/tsa.pem + DIR/tsa.key (a timestamping leaf it issued, for tsa-server.py).
# RSA 2048 and two days of validity; the keys are unencrypted and live only in the build tree.
set -euo pipefail
dir=$1
mkdir -p "$dir"
cd "$dir"
rm -f ca.pem ca.key sign.pem sign.key sign.csr leaf.ext ca.srl tsa.pem tsa.key tsa.csr tsa.ext
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=cudnn-setup test CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout sign.key -out sign.csr -subj "/CN=cudnn-setup test signer" 2>/dev/null
printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
  "extendedKeyUsage=codeSigning" "subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" >leaf.ext
openssl x509 -req -in sign.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile leaf.ext -out sign.pem 2>/dev/null
openssl verify -CAfile ca.pem sign.pem >/dev/null && openssl x509 -in sign.pem -noout -ext extendedKeyUsage | grep -q "Code Signing" \
  || { echo "make-test-cert: the leaf does not verify as a code-signing certificate of the CA" >&2; exit 1; }
openssl req -newkey rsa:2048 -nodes -keyout tsa.key -out tsa.csr -subj "/CN=cudnn-setup test TSA" 2>/dev/null
printf '%s\n' "basicConstraints=critical,CA:FALSE" "keyUsage=critical,digitalSignature" \
  "extendedKeyUsage=critical,timeStamping" "subjectKeyIdentifier=hash" "authorityKeyIdentifier=keyid" >tsa.ext
openssl x509 -req -in tsa.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile tsa.ext -out tsa.pem 2>/dev/null
