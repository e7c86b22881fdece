#pragma once
// String helpers every room needs, defined once (they used to be redefined file by file).
// Unicode case folding as Windows compares file names is casefold.h; these are ASCII only.

#include <cstdint>
#include <string>
#include <string_view>

namespace cudnnsetup {

// A-Z to a-z, every other byte as it is (locale-independent: a UTF-8 name keeps its bytes).
std::string lowerAscii(std::string_view s);

// Appends the UTF-8 bytes of a code point of the Basic Multilingual Plane (≤ U+FFFF).
void putUtf8(std::string& out, std::uint32_t cp);

// Eight lowercase hex digits (a CRC-32 as zip tools print it).
std::string hex8(std::uint32_t v);

// The folder part of a '/'-separated path, "." when it names no folder: what a file
// operation on that path's folder needs (create it, sync it).
std::string parentDir(std::string_view path);

// The folder part of a '/'-separated path relative to a tree, "" for an entry at the top.
std::string parentInTree(std::string_view rel);

}  // namespace cudnnsetup
