#pragma once
// A small, bounds-checked reader of PE images: machine, optional-header magic and the
// VS_VERSIONINFO FileVersion from the resource section. It works on a byte span and
// never reads outside it, whatever the file claims (hostile input is expected).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace cudnnsetup {

struct PeInfo {
    bool isPe = false;              // "MZ" + e_lfanew -> "PE\0\0"
    std::uint16_t machine = 0;      // 0x8664 x64, 0x14c i386, 0xAA64 arm64
    std::uint16_t optionalMagic = 0;  // 0x20B PE32+, 0x10B PE32
    bool isDll = false;             // IMAGE_FILE_DLL characteristic
    std::optional<std::string> fileVersion;  // "8.2.0.53" from VS_FIXEDFILEINFO (dwFileVersionMS/LS)
    std::string error;              // why parsing stopped early, if it did
    bool isX64() const { return isPe && machine == 0x8664 && optionalMagic == 0x20B; }
};

// `image` is the whole file (DLL resources can sit anywhere in it).
PeInfo readPe(std::span<const std::uint8_t> image);
PeInfo readPeFile(const std::string& path, std::uint64_t maxBytes = 1ull << 31);

}  // namespace cudnnsetup
