#pragma once
// Windows only: a DLL's VERSIONINFO as Windows itself reads it (GetFileVersionInfoW).
// The core reads versions with its own bounds-checked PE reader on both hosts
// (formats/pereader.h) — that is what verify/detect use, also inside archives.
// This one exists so the Wine tests can cross-check readPe against the system's
// reader, and for diagnostics on Windows; the Linux build never calls it.

#include "common/problem.h"

#include <filesystem>
#include <string>

namespace cudnnsetup {

struct FileVersionInfo {
    std::string fileVersion;     // "8.2.0.53" from VS_FIXEDFILEINFO dwFileVersionMS/LS
    std::string productVersion;  // same form, from dwProductVersionMS/LS
};

Result<FileVersionInfo> systemFileVersion(const std::filesystem::path& file);

}  // namespace cudnnsetup
