#!/usr/bin/env bash
# Cross-builds, once per machine, a static Qt 6 for 64-bit Windows (mingw-w64,
# posix threads) from Debian 12's own qt6-base source package: Core, Gui,
# Widgets, Concurrent, Test, the "windows" platform plugin and the
# "windowsvista" style. The wizard (app/wizard) and its Wine GUI tests link it.
# Host tools (moc, rcc, uic, lrelease) come from the host Qt 6.4.2 in /usr
# (QT_HOST_PATH), which has to be the same version as the source.
#
# Usage: scripts/build-windows-qt.sh [DEST]
#   DEST defaults to $CUDNN_SETUP_CACHE/windows-qt (CUDNN_SETUP_CACHE defaults
#   to ${XDG_CACHE_HOME:-~/.cache}/cudnn-setup): outside the repository, so a
#   fresh clone on the same machine (CI) reuses it.
# Result: DEST/prefix (lib/cmake/Qt6 for find_package); rerunning is a no-op
# while DEST/prefix/.complete holds this script's recipe number. Each step logs
# to DEST/logs/STEP.log; DEST/prefix/build-seconds records how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${CUDNN_SETUP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudnn-setup}
dest=$(realpath -m "${1:-$cache/windows-qt}")
prefix=$dest/prefix
jobs=${JOBS:-2}
recipe=5   # bump when the recipe below changes, to force a rebuild
host=x86_64-w64-mingw32

if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$recipe" ]; then
  echo "windows qt: cached in $prefix" >&2
  exit 0
fi
for tool in $host-gcc-posix $host-g++-posix $host-windres cmake ninja dpkg-source apt-get; do
  command -v "$tool" >/dev/null || { echo "windows qt: '$tool' missing; run scripts/deps.sh test" >&2; exit 2; }
done
hostqt=$(dpkg-query -W -f='${Version}' qt6-base-dev 2>/dev/null | sed 's/+.*//; s/-.*//')
[ -n "$hostqt" ] || { echo "windows qt: host qt6-base-dev missing (apt-get install qt6-base-dev)" >&2; exit 2; }

mkdir -p "$dest"
# One build at a time per cache folder (CI and a developer on the same machine).
exec 9>"$dest/.lock"
flock 9
if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$recipe" ]; then
  echo "windows qt: cached in $prefix (built meanwhile)" >&2
  exit 0
fi

# The build tree is kept (about 1 GB): a later recipe reuses its objects where nothing changed.
rm -rf "$prefix" "$dest/logs"
mkdir -p "$prefix" "$dest"/{src,build,logs}
start=$SECONDS
step() {
  local name=$1; shift
  echo "windows qt: $name ($((SECONDS - start)) s)" >&2
  if ! "$@" >"$dest/logs/$name.log" 2>&1; then
    echo "windows qt: step '$name' failed; end of $dest/logs/$name.log:" >&2
    tail -n 40 "$dest/logs/$name.log" >&2
    exit 1
  fi
}

# --- source: Debian's qt6-base source package (scripts/aptsource.sh); the unpacked
# source is kept across recipe bumps.
src=$dest/src/qt6-base-$hostqt+dfsg
if [ ! -f "$src/.unpacked" ]; then
  rm -rf "$dest/src" && mkdir -p "$dest/src"
  source scripts/aptsource.sh
  apt=$dest/apt
  apt_source "$apt" "$dest/src" qt6-base
  [ -d "$src" ] || { echo "windows qt: $src missing after apt-get source (host Qt is $hostqt)" >&2; exit 1; }
  touch "$src/.unpacked"
  rm -rf "$apt" "$dest"/src/*.orig.tar.* "$dest"/src/*.debian.tar.*
fi

# --- one source fix. Qt 6.4 compiles the DirectWrite font database into QtGui only with
# direct2d on (src/gui/CMakeLists.txt), but the Windows platform plugin refers to it under
# directwrite3 alone: with direct2d off the link fails. Guard the plugin the way QtGui is
# (GDI stays the font engine, as it is by default in 6.4).
integration=$src/src/plugins/platforms/windows/qwindowsintegration.cpp
if grep -q '^#if QT_CONFIG(directwrite3)$' "$integration"; then
  sed -i 's/^#if QT_CONFIG(directwrite3)$/#if QT_CONFIG(directwrite3) \&\& QT_CONFIG(direct2d)/' "$integration"
fi
grep -q 'QT_CONFIG(directwrite3) && QT_CONFIG(direct2d)' "$integration" \
  || { echo "windows qt: could not patch $integration" >&2; exit 1; }

# --- what no program of ours links is not built (recipe 5; about 100 of 1,780 CPU-seconds): the
# "minimal" platform plugin and the framebuffer and device-discovery helpers only it and the Linux
# plugins use (Qt builds them on every platform; the wizard's static link takes the "windows" one
# alone), and harfbuzz's font subsetter, which only a PDF writer calls (pdf is off; Qt 6.4 calls no
# hb_subset function anywhere). Text shaping, the rest of harfbuzz, stays.
sed -i 's/^    add_subdirectory(minimal)$/    # add_subdirectory(minimal): not built for cudnn-setup/' "$src/src/plugins/platforms/CMakeLists.txt"
sed -i 's/^add_subdirectory(devicediscovery)$/# add_subdirectory(devicediscovery): not built for cudnn-setup/;
        s/^add_subdirectory(fbconvenience)$/# add_subdirectory(fbconvenience): not built for cudnn-setup/' \
  "$src/src/platformsupport/CMakeLists.txt"
sed -i '/^        src\/hb-subset[-a-z0-9]*\.cc\( src\/hb-subset-repacker\.h\)\?$/d' "$src/src/3rdparty/harfbuzz-ng/CMakeLists.txt"
grep -q 'add_subdirectory(minimal): not built' "$src/src/plugins/platforms/CMakeLists.txt" \
  && [ "$(grep -c ': not built for cudnn-setup' "$src/src/platformsupport/CMakeLists.txt")" = 2 ] \
  && ! grep -q 'hb-subset.*\.cc' "$src/src/3rdparty/harfbuzz-ng/CMakeLists.txt" \
  || { echo "windows qt: could not leave out the unused parts (the source is not qt6-base 6.4's)" >&2; exit 1; }

# --- toolchain: the project's own one points CMAKE_FIND_ROOT_PATH at the core's
# deps and adds -static/_WIN32_WINNT; Qt gets a plain mingw-w64 one.
cat > "$dest/build/toolchain.cmake" <<CM
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER $host-gcc-posix)
set(CMAKE_CXX_COMPILER $host-g++-posix)
set(CMAKE_RC_COMPILER $host-windres)
set(CMAKE_AR $host-ar CACHE FILEPATH "")
set(CMAKE_RANLIB $host-ranlib CACHE FILEPATH "")
set(CMAKE_FIND_ROOT_PATH /usr/$host)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} "")
set(ENV{PKG_CONFIG_PATH} "")
CM

# --- configure: only what a Widgets wizard and its Qt Test GUI tests need.
# Every third-party library is Qt's bundled copy (nothing from the host); the
# font engine is Windows' own (GDI/DirectWrite), so no FreeType.
# tabletevent off: its wintab code is the only user of the non-KnownDLL
# wintab32 path at run time; dynamicgl/opengl off: the raster engine only, so
# no opengl32.dll import (not a KnownDLL either). direct2d off: that platform
# plugin is not used. jpeg/gif/ico off: the wizard shows only PNG (its icons are
# rasterised at build time), so those image plugins and bundled libjpeg are not built.
# The widgets and text features no page of the wizard (or its tests) uses are off too
# (56 of 921 build steps): graphics view, gestures and the kinetic scroller, calendar and
# date/time editors, MDI, docks, tool box, splash screen, font and colour dialogs, the
# error-message dialog, LCD number, dial, column view, key sequence editor, data-widget
# mapper, the undo framework, PDF, the ODF and Markdown writers, animated images (movie),
# session management and the system tray. The Markdown reader stays: the finish page shows
# the report with QTextEdit::setMarkdown. The input dialog stays too: the windowsvista style's
# precompiled header includes all of <QtWidgets>, and qinputdialog.h requires its feature.
# A new recipe configures from a clean CMake cache (a feature left out of the list must fall back
# to its default, not keep the old value), over the kept objects.
rm -f "$dest/build/qt/CMakeCache.txt"
step configure cmake -S "$src" -B "$dest/build/qt" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$dest/build/toolchain.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DBUILD_SHARED_LIBS=OFF \
  -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
  -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_BENCHMARKS=OFF \
  -DQT_USE_CCACHE=OFF \
  -DFEATURE_optimize_size=ON \
  -DFEATURE_sql=OFF -DFEATURE_network=OFF -DFEATURE_dbus=OFF -DFEATURE_xml=OFF \
  -DFEATURE_printsupport=OFF -DFEATURE_opengl=OFF -DFEATURE_opengl_dynamic=OFF -DFEATURE_dynamicgl=OFF \
  -DINPUT_opengl=no -DFEATURE_direct2d=OFF \
  -DFEATURE_vulkan=OFF -DFEATURE_tabletevent=OFF -DFEATURE_zstd=OFF \
  -DFEATURE_jpeg=OFF -DFEATURE_gif=OFF -DFEATURE_ico=OFF \
  -DFEATURE_graphicsview=OFF -DFEATURE_graphicseffect=OFF -DFEATURE_gestures=OFF -DFEATURE_scroller=OFF \
  -DFEATURE_calendarwidget=OFF -DFEATURE_datetimeedit=OFF -DFEATURE_mdiarea=OFF -DFEATURE_dockwidget=OFF \
  -DFEATURE_toolbox=OFF -DFEATURE_splashscreen=OFF -DFEATURE_fontcombobox=OFF -DFEATURE_fontdialog=OFF \
  -DFEATURE_colordialog=OFF -DFEATURE_errormessage=OFF -DFEATURE_lcdnumber=OFF \
  -DFEATURE_dial=OFF -DFEATURE_columnview=OFF -DFEATURE_keysequenceedit=OFF -DFEATURE_datawidgetmapper=OFF \
  -DFEATURE_undoview=OFF -DFEATURE_undogroup=OFF -DFEATURE_undostack=OFF -DFEATURE_undocommand=OFF \
  -DFEATURE_pdf=OFF -DFEATURE_textodfwriter=OFF \
  -DFEATURE_textmarkdownwriter=OFF -DFEATURE_movie=OFF -DFEATURE_sessionmanager=OFF \
  -DFEATURE_systemtrayicon=OFF \
  -DFEATURE_icu=OFF -DFEATURE_glib=OFF -DFEATURE_freetype=OFF -DFEATURE_fontconfig=OFF \
  -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_harfbuzz=OFF \
  -DFEATURE_system_png=OFF -DFEATURE_system_jpeg=OFF -DFEATURE_system_doubleconversion=OFF \
  -DFEATURE_system_libb2=OFF
step build nice -n 0 cmake --build "$dest/build/qt" -j"$jobs"
step install cmake --install "$dest/build/qt"

echo $((SECONDS - start)) > "$prefix/build-seconds"
echo "$recipe" > "$prefix/.complete"
echo "windows qt: done in $((SECONDS - start)) s -> $prefix" >&2
