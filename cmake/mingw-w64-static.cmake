# Included after project() by the mingw-w64 toolchain (CMAKE_PROJECT_INCLUDE): the
# Windows-GNU platform file, loaded after the toolchain, prefers import libraries
# (.dll.a). Static archives first, so a -lz that pkg-config hands to CMake becomes
# libz.a and no zlib1.dll has to ship next to the exe.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a .lib .dll.a)
