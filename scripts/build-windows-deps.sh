#!/usr/bin/env bash
# Cross-builds, once, the libraries the Windows (mingw-w64) build of the core and
# the console tool needs, from Debian's own source packages, as static archives:
#   OpenSSL (libcrypto only), libzip (against libz-mingw-w64), ISA-L (nasm),
#   GoogleTest (for the Wine tests; from /usr/src/googletest),
# plus copies of the header-only nlohmann-json and CLI11 (the host /usr/include
# must never be on the cross include path).
# Usage: scripts/build-windows-deps.sh [DEST]
#   DEST defaults to $CUDNN_SETUP_CACHE/windows-deps (CUDNN_SETUP_CACHE defaults to
#   ${XDG_CACHE_HOME:-~/.cache}/cudnn-setup): outside the repository, like the Windows Qt,
#   so a fresh clone on the same machine (CI) reuses it instead of building it again.
# Result: DEST/prefix/{include,lib,lib/pkgconfig,lib/cmake}; rerunning is a no-op
# while DEST/prefix/.complete matches this script's recipe version.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${CUDNN_SETUP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-setup}
dest=$(realpath -m "${1:-$cache/windows-deps}")
prefix=$dest/prefix
jobs=${JOBS:-2}
recipe=6   # bump when the recipe below changes, to force a rebuild
host=x86_64-w64-mingw32

if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$recipe" ]; then
  echo "windows deps: cached in $prefix" >&2
  exit 0
fi
for tool in $host-gcc-posix $host-g++-posix nasm perl make cmake dpkg-source; do
  command -v "$tool" >/dev/null || { echo "windows deps: '$tool' missing; run scripts/deps.sh test" >&2; exit 2; }
done
[ -f /usr/src/googletest/CMakeLists.txt ] || { echo "windows deps: /usr/src/googletest missing (apt-get install googletest)" >&2; exit 2; }

mkdir -p "$dest"
# One build at a time per cache folder (CI and a developer on the same machine).
exec 9>"$dest/.lock"
flock 9
if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$recipe" ]; then
  echo "windows deps: cached in $prefix (built meanwhile)" >&2
  exit 0
fi

rm -rf "$prefix" "$dest/src" "$dest/build" "$dest/logs"
mkdir -p "$prefix"/{include,lib/pkgconfig,lib/cmake} "$dest"/{src,build,logs}
start=$SECONDS
# Each step's output goes to DEST/logs/STEP.log; a failure shows its end.
step() {
  local name=$1; shift
  if ! "$@" >"$dest/logs/$name.log" 2>&1; then
    echo "windows deps: step '$name' failed; end of $dest/logs/$name.log:" >&2
    tail -n 40 "$dest/logs/$name.log" >&2
    exit 1
  fi
}

# --- sources: Debian source packages (scripts/aptsource.sh).
source scripts/aptsource.sh
apt_source "$dest/apt" "$dest/src" openssl libzip libisal

# --- OpenSSL: libcrypto.a and its headers (generated ones included).
ossl=$(find "$dest/src" -maxdepth 1 -type d -name 'openssl-*' | head -n1)
# no-capieng: the CryptoAPI engine is the only user of crypt32.dll, which is not a KnownDLL and
# so, as a link-time import, would be looked up in the folder the tool was started from.
# The core uses libcrypto for SHA-256 alone (core/common/digest.cpp, EVP_sha256), so every other
# algorithm, protocol and engine is left out: the build takes 52 instead of 73 s, and the default
# provider a program pulls in no longer carries ciphers, EC or DH nobody calls.
ossl_off="no-legacy no-engine no-dso no-deprecated no-des no-dh no-dsa no-ec no-rc2 no-rc4 no-idea
  no-seed no-bf no-cast no-camellia no-aria no-sm2 no-sm3 no-sm4 no-whirlpool no-rmd160 no-md4 no-mdc2
  no-siphash no-siv no-scrypt no-ocsp no-ts no-cms no-ct no-srp no-srtp no-comp no-cmp no-ocb
  no-poly1305 no-chacha no-blake2 no-gost no-sock no-ssl no-tls no-dtls no-rfc3779 no-multiblock
  no-ui-console no-autoload-config no-async"
step openssl bash -c 'cd "$1" \
  && ./Configure mingw64 --cross-compile-prefix="$2"- no-shared no-tests no-capieng $5 --prefix="$3" --libdir=lib \
  && make -j"$4" build_generated && make -j"$4" libcrypto.a' _ "$ossl" "$host" "$prefix" "$jobs" "$(echo $ossl_off)"
cp "$ossl/libcrypto.a" "$prefix/lib/"
mkdir -p "$prefix/include/openssl"
cp "$ossl"/include/openssl/*.h "$prefix/include/openssl/"
echo "windows deps: openssl $(basename "$ossl") after $((SECONDS - start)) s" >&2

# --- zlib (Debian's libz-mingw-w64-dev) is used from the mingw sysroot.
zlib_lib=/usr/$host/lib/libz.a
zlib_inc=/usr/$host/include
[ -f "$zlib_lib" ] || { echo "windows deps: $zlib_lib missing (apt-get install libz-mingw-w64-dev)" >&2; exit 2; }

# --- libzip: static, no crypto backends (encrypted entries are refused anyway).
lz=$(find "$dest/src" -maxdepth 1 -type d -name 'libzip-*' | head -n1)
step libzip-configure cmake -S "$lz" -B "$dest/build/libzip" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF \
  -DZLIB_LIBRARY="$zlib_lib" -DZLIB_INCLUDE_DIR="$zlib_inc" \
  -DENABLE_COMMONCRYPTO=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF -DENABLE_OPENSSL=OFF \
  -DENABLE_WINDOWS_CRYPTO=OFF -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF -DENABLE_ZSTD=OFF \
  -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
step libzip-build cmake --build "$dest/build/libzip" -j"$jobs"
step libzip-install cmake --install "$dest/build/libzip"
# A static-only prefix: fold the private libraries into Libs, and tell zip.h not
# to declare its functions __declspec(dllimport).
cat > "$prefix/lib/pkgconfig/libzip.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include
Name: libzip
Description: library for handling zip archives (static, mingw-w64)
Version: $(sed -n 's/^Version: //p' "$dest/build/libzip/libzip.pc" 2>/dev/null || echo 1.7.3)
Libs: -L\${libdir} -lzip -L/usr/$host/lib -lz -lbcrypt
Cflags: -I\${includedir} -DZIP_STATIC
PC
echo "windows deps: libzip after $((SECONDS - start)) s" >&2

# --- ISA-L: its own Makefile knows mingw; nasm stands in for yasm.
isal=$(find "$dest/src" -maxdepth 1 -type d -name 'libisal-*' | head -n1)
step isa-l make -C "$isal" -f Makefile.unx arch=mingw AS=nasm -j"$jobs" lib isa-l.h
cp "$isal/bin/isa-l.a" "$prefix/lib/libisal.a"
mkdir -p "$prefix/include/isa-l"
cp "$isal"/include/{crc,crc64,erasure_code,gf_vect_mul,igzip_lib,mem_routines,raid,test,types}.h "$prefix/include/isa-l/"
cp "$isal/isa-l.h" "$prefix/include/"
cat > "$prefix/lib/pkgconfig/libisal.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include
Name: libisal
Description: Intel(R) Intelligent Storage Acceleration Library (static, mingw-w64)
Version: $(basename "$isal" | sed 's/^libisal-//')
Libs: -L\${libdir} -lisal
Cflags: -I\${includedir}
PC
echo "windows deps: isa-l after $((SECONDS - start)) s" >&2

# --- GoogleTest for the Wine tests.
step googletest-configure cmake -S /usr/src/googletest -B "$dest/build/googletest" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF -DBUILD_GMOCK=OFF \
  -Dgtest_disable_pthreads=OFF
step googletest-build cmake --build "$dest/build/googletest" -j"$jobs"
step googletest-install cmake --install "$dest/build/googletest"

# --- header-only libraries: copies, so the cross include path holds only them.
cp -r /usr/include/nlohmann "$prefix/include/"
cp -r /usr/include/CLI "$prefix/include/"
json_version=$(dpkg-query -W -f='${Version}' nlohmann-json3-dev | sed 's/-.*//')
mkdir -p "$prefix/lib/cmake/nlohmann_json"
cat > "$prefix/lib/cmake/nlohmann_json/nlohmann_jsonConfig.cmake" <<CM
# Header-only nlohmann-json copied from Debian's nlohmann-json3-dev.
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "\${CMAKE_CURRENT_LIST_DIR}/../../../include")
endif()
CM
cat > "$prefix/lib/cmake/nlohmann_json/nlohmann_jsonConfigVersion.cmake" <<CM
set(PACKAGE_VERSION "$json_version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
CM

rm -rf "$dest/build" "$dest/src" "$dest/apt"
echo "$recipe" > "$prefix/.complete"
echo "windows deps: done in $((SECONDS - start)) s -> $prefix" >&2
