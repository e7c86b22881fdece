#!/usr/bin/env bash
# Packs a release cudnn-setup-cli and the shared libraries it needs (everything ldd lists except
# glibc itself) into build/gpu-bundle/, so tools/gpu-check.sh can run it on a GPU machine that
# lacks the -dev packages. build/ is git-ignored: carry build/gpu-bundle explicitly.
# Usage: tools/gpu-bundle.sh [PATH_TO_CLI]   (default: builds preset release, target cudnn-setup-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-}"
if [ -z "$cli" ]; then
  cmake --preset release -DCUDNN_SETUP_WIZARD=OFF >/dev/null
  cmake --build --preset release -j2 --target cudnn-setup-cli
  cli=build/release/app/cudnn-setup-cli
fi
out=build/gpu-bundle
rm -rf "$out"
mkdir -p "$out/lib"
cp "$cli" "$out/cudnn-setup-cli"
strip "$out/cudnn-setup-cli" 2>/dev/null || true
ldd "$cli" | awk '/=> \// {print $3}' | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*|libresolv.so.*) continue ;;
  esac
  cp -L "$lib" "$out/lib/"
done
du -sh "$out"
ls "$out/lib"
