#include "archive/tarreader.h"

#include "common/problemcodes.h"

// NVIDIA's Windows archives are zips; the tar reader (libarchive) is built for Linux only.
namespace cudnnsetup {

namespace {

Error unsupported(const std::string& name)
{
    return Error{codes::kUnsupported,
                 name + " is a tar archive (NVIDIA's Linux packaging); the Windows build reads the Windows cuDNN "
                        "zip only: download the windows-x86_64 .zip instead.",
                 "no tar reader on Windows"};
}

}  // namespace

bool tarReaderAvailable() { return false; }

Result<TarScanResult> scanTarFile(const std::string& path, const TarScanOptions&) { return unsupported(path); }

Result<TarScanResult> scanTarFile(const OpenedFile& file, const TarScanOptions&) { return unsupported(file.path()); }

Result<TarScanResult> scanTarMemory(const std::uint8_t*, std::size_t, const std::string& name, const TarScanOptions&)
{
    return unsupported(name);
}

}  // namespace cudnnsetup
