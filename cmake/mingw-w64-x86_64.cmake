# Cross toolchain: 64-bit Windows console programs built on Debian with mingw-w64
# (package g++-mingw-w64-x86-64-posix). The posix flavour gives std::thread and
# std::mutex through winpthread; -static folds libgcc, libstdc++ and winpthread
# into each exe so it runs under Wine or on Windows without any extra DLL.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${_mingw}-windres)
set(CMAKE_AR ${_mingw}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${_mingw}-ranlib CACHE FILEPATH "")

# Dependencies cross-built by scripts/build-windows-deps.sh (libzip, libcrypto,
# ISA-L, GoogleTest, copies of the header-only nlohmann-json and CLI11). The
# host's /usr/include is never searched: its headers belong to the Linux build. Cached outside
# the tree like the Qt below, so that every clone on this machine shares them.
if(DEFINED ENV{CUDNN_SETUP_WINDOWS_DEPS})
  set(CUDNN_SETUP_WINDOWS_DEPS "$ENV{CUDNN_SETUP_WINDOWS_DEPS}")
elseif(DEFINED ENV{CUDNN_SETUP_CACHE})
  set(CUDNN_SETUP_WINDOWS_DEPS "$ENV{CUDNN_SETUP_CACHE}/windows-deps/prefix")
elseif(DEFINED ENV{XDG_CACHE_HOME})
  set(CUDNN_SETUP_WINDOWS_DEPS "$ENV{XDG_CACHE_HOME}/cudnn-setup/windows-deps/prefix")
else()
  set(CUDNN_SETUP_WINDOWS_DEPS "$ENV{HOME}/.cache/cudnn-setup/windows-deps/prefix")
endif()
# The static Qt 6 for Windows (scripts/build-windows-qt.sh), cached outside the tree
# so that every clone on this machine shares it; the wizard and its Wine GUI tests
# link it. Its host tools (moc, rcc, uic, lrelease) are the host's Qt 6.4.2.
if(DEFINED ENV{CUDNN_SETUP_WINDOWS_QT})
  set(CUDNN_SETUP_WINDOWS_QT "$ENV{CUDNN_SETUP_WINDOWS_QT}")
elseif(DEFINED ENV{CUDNN_SETUP_CACHE})
  set(CUDNN_SETUP_WINDOWS_QT "$ENV{CUDNN_SETUP_CACHE}/windows-qt/prefix")
elseif(DEFINED ENV{XDG_CACHE_HOME})
  set(CUDNN_SETUP_WINDOWS_QT "$ENV{XDG_CACHE_HOME}/cudnn-setup/windows-qt/prefix")
else()
  set(CUDNN_SETUP_WINDOWS_QT "$ENV{HOME}/.cache/cudnn-setup/windows-qt/prefix")
endif()
set(CMAKE_FIND_ROOT_PATH "${CUDNN_SETUP_WINDOWS_DEPS}" "${CUDNN_SETUP_WINDOWS_QT}" /usr/${_mingw})
set(QT_HOST_PATH /usr CACHE PATH "")
set(QT_HOST_PATH_CMAKE_DIR /usr/lib/x86_64-linux-gnu/cmake CACHE PATH "")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (libzip, libisal) must see only the cross prefix.
set(ENV{PKG_CONFIG_LIBDIR} "${CUDNN_SETUP_WINDOWS_DEPS}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/mingw-w64-static.cmake")

# Debian's libz-mingw-w64-dev ships libz.a beside libz.dll.a; FindZLIB would take
# the import library and the exe would need zlib1.dll.
set(ZLIB_LIBRARY /usr/${_mingw}/lib/libz.a CACHE FILEPATH "")
set(ZLIB_INCLUDE_DIR /usr/${_mingw}/include CACHE PATH "")
set(OPENSSL_ROOT_DIR "${CUDNN_SETUP_WINDOWS_DEPS}" CACHE PATH "")
set(OPENSSL_USE_STATIC_LIBS TRUE CACHE BOOL "")

# -static also makes the linker pick libz.a over libz.dll.a for -lz, so no
# zlib1.dll has to ship next to the exe.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
# Unicode Win32 API everywhere (…W functions); Windows 10 as the floor.
set(CMAKE_C_FLAGS_INIT "-DUNICODE -D_UNICODE -D_WIN32_WINNT=0x0A00")
set(CMAKE_CXX_FLAGS_INIT "-DUNICODE -D_UNICODE -D_WIN32_WINNT=0x0A00")
