#!/usr/bin/env bash
# Native side of wine.tst_win_download (tests/wine/CMakeLists.txt): the Windows build's WinHTTP
# download path against the same HTTPS fault server as the native downloader tests (issue 26).
#   run-download.sh EXE WORKDIR [GTEST ARGS]
# Makes the test CA (tests/download/maketestca.sh) and a test file in WORKDIR, starts two
# faultserver.py instances (the test CA's certificate, and the rogue CA's) and runs EXE under Wine
# through run-wine.sh's "run" mode, with the servers' URLs and the file's size and SHA-256 in
# CUDNN_SETUP_DL_* (tests/wine/programs/tst_win_download.cpp reads them).
#
# Trust: Wine's WinHTTP checks certificates against the host's GnuTLS bundle
# (/etc/ssl/certs/ca-certificates.crt), not a file a program can name. So Wine runs in a private
# mount namespace (unshare -m) where a copy of that bundle plus the test CA is bind-mounted over
# it: only this run sees it, nothing on the host or in the shared prefix's files changes. That
# needs root (or a user namespace with CAP_SYS_ADMIN); without it the program checks that the
# test CA is refused and skips what needs a trusted server (exit 77 through run-wine.sh).
# Environment: as run-wine.sh (WINEPREFIX, CUDNN_SETUP_WINE64, CUDNN_SETUP_WINESERVER);
# CUDNN_SETUP_WINE_NO_TEST_CA=1 runs as a non-root user would, without the test CA.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
exe=${1:?usage: run-download.sh EXE WORKDIR [GTEST ARGS]}
work=${2:?usage: run-download.sh EXE WORKDIR [GTEST ARGS]}
shift 2

# The same skips as run-wine.sh, before any server is started for nothing.
if [ -z "${CUDNN_SETUP_WINE64:-}" ] || [ ! -x "${CUDNN_SETUP_WINE64:-}" ]; then
  echo "SKIPPED: wine64 not found (apt-get install wine64; scripts/deps.sh test installs it)" >&2
  exit 77
fi
if [ ! -f "$exe" ]; then
  echo "SKIPPED: $exe is not built; build the windows-mingw preset first" \
       "(cmake --preset windows-mingw && cmake --build --preset windows-mingw; scripts/test.sh does both)" >&2
  exit 77
fi
for tool in python3 openssl; do
  command -v $tool >/dev/null || { echo "SKIPPED: $tool not found (the HTTPS fault server needs it)" >&2; exit 77; }
done

rm -rf "$work"
mkdir -p "$work/root/cudnn" || exit 1
bash "$source_dir/tests/download/maketestca.sh" "$work/ca" || exit 1

# 3 MiB and a bit, random: several of WinHTTP's reads, and a drop at 400000 bytes falls mid-file.
file=cudnn/cudnn-windows-x86_64-9.99.0.1_cuda12-archive.zip
head -c $((3 * 1024 * 1024 + 123)) /dev/urandom >"$work/root/$file" || exit 1

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null; done
}
trap cleanup EXIT

# start NAME [ARGS]: a fault server with NAME.pem / NAME.key (and faultserver.py ARGS), its port in $work/port-NAME once it listens.
start() {
  python3 "$source_dir/tests/download/faultserver.py" --root "$work/root" \
    --cert "$work/ca/$1.pem" --key "$work/ca/$1.key" --port-file "$work/port-$1" \
    --log "$work/requests-$1.jsonl" "${@:2}" &
  pids+=($!)
}
start server --proxy-port-file "$work/port-proxy"
start rogue
for _ in $(seq 1 300); do
  [ -s "$work/port-server" ] && [ -s "$work/port-rogue" ] && [ -s "$work/port-proxy" ] && break
  sleep 0.1
done
if [ ! -s "$work/port-server" ] || [ ! -s "$work/port-rogue" ]; then
  echo "faultserver.py did not listen within 30 s" >&2
  exit 1
fi

# localhost: Wine's WinHTTP fails the name check of https://127.0.0.1 even with an IP subjectAltName.
CUDNN_SETUP_DL_URL="https://localhost:$(cat "$work/port-server")/"
CUDNN_SETUP_DL_ROGUE_URL="https://localhost:$(cat "$work/port-rogue")/"
CUDNN_SETUP_DL_FILE=$file
CUDNN_SETUP_DL_PROXY="127.0.0.1:$(cat "$work/port-proxy")"
CUDNN_SETUP_DL_SIZE=$(stat -c %s "$work/root/$file") || exit 1
CUDNN_SETUP_DL_SHA256=$(sha256sum "$work/root/$file" | cut -d' ' -f1) || exit 1
export CUDNN_SETUP_DL_URL CUDNN_SETUP_DL_ROGUE_URL CUDNN_SETUP_DL_PROXY CUDNN_SETUP_DL_FILE CUDNN_SETUP_DL_SIZE CUDNN_SETUP_DL_SHA256
# Wine's Z: is the host's /.
log_unix="$work/requests-server.jsonl"
export CUDNN_SETUP_DL_LOG="Z:${log_unix//\//\\}"
: >"$log_unix"

system_bundle=/etc/ssl/certs/ca-certificates.crt
why=""
if [ "${CUDNN_SETUP_WINE_NO_TEST_CA:-}" = 1 ]; then
  why="CUDNN_SETUP_WINE_NO_TEST_CA=1 asked for the run without the test CA"
elif [ ! -f "$system_bundle" ]; then
  why="no $system_bundle on this host to stand in for"
elif [ "$(id -u)" != 0 ]; then
  why="not root: a private mount namespace with the test CA in $system_bundle needs root (unshare -m)"
elif ! unshare -m true 2>/dev/null; then
  why="unshare -m is not allowed here (a container without CAP_SYS_ADMIN?)"
fi

if [ -n "$why" ]; then
  echo "run-download: Wine will not trust the test CA: $why"
  export CUDNN_SETUP_DL_TRUSTED=0 CUDNN_SETUP_DL_UNTRUSTED_WHY="$why"
  "$here/run-wine.sh" run "$exe" "$@"
  exit $?
fi

cat "$system_bundle" "$work/ca/ca.pem" >"$work/bundle.crt" || exit 1
export CUDNN_SETUP_DL_TRUSTED=1
echo "run-download: the test CA is trusted through a bind mount of $work/bundle.crt over $system_bundle," \
     "in this run's mount namespace only"
# The wineserver Wine starts in there would live on in that namespace for the tests after this
# one: wait for it to end (a few seconds after its last client) before leaving.
# shellcheck disable=SC2016  # the inner script expands its own arguments
unshare -m --propagation private bash -c '
  mount --bind "$1" "$2" || exit 1
  shift 2
  "$@"; rc=$?
  [ -n "${CUDNN_SETUP_WINESERVER:-}" ] && "$CUDNN_SETUP_WINESERVER" -w
  exit $rc' unshare-download "$work/bundle.crt" "$system_bundle" "$here/run-wine.sh" run "$exe" "$@"
