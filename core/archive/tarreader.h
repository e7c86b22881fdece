#pragma once
// Reads a cuDNN Linux tarball (.tar.xz, .tgz, plain .tar) once, front to back, with
// libarchive: every byte of the file is hashed with SHA-256 from the same reads that are
// decompressed, every entry header is shown to the caller before its data, and the data of
// the entries the caller wants go to an EntryConsumer with their size and CRC-32 computed.
// Memory stays bounded (one read block plus libarchive's decoder window). Tar has no
// central directory: hostile input is decided header by header, and the decompression
// itself is bounded (total and ratio) so that a bomb is stopped while it inflates.
//
// Linux only (tarreader_posix.cpp); on Windows tarReaderAvailable() is false and every
// call fails with "unsupported" (NVIDIA's Windows archives are zips).

#include "archive/archivescanner.h"
#include "common/problem.h"
#include "common/progress.h"
#include "platform/openedfile.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

enum class TarEntryType { File, Directory, Symlink, Hardlink, CharDevice, BlockDevice, Fifo, Socket, Other };
std::string_view toString(TarEntryType t);  // "file", "directory", "symlink", "hardlink", ...

struct TarEntryInfo {
    std::uint64_t index = 0;
    std::string name;             // as libarchive resolves it (pax `path`, GNU long name), raw bytes
    TarEntryType type = TarEntryType::Other;
    std::uint64_t size = 0;       // declared data size
    std::uint32_t mode = 0;       // permission bits incl. setuid/setgid/sticky (07777)
    std::string linkTarget;       // symlink target, or the hard link's target name
    bool sparse = false;          // a GNU/pax sparse file (holes in the map)
    bool headerWarning = false;   // libarchive read the header with ARCHIVE_WARN (malformed pax/GNU data)
    std::string warning;          // its message
};

// What to do with one entry, decided from its header.
struct TarDecision {
    bool stop = false;                        // stop decompressing (the rest of the file is still hashed)
    std::unique_ptr<EntryConsumer> consumer;  // null: the data is decompressed and dropped
};

struct TarLimits {
    std::uint64_t maxEntries = 10000;
    std::uint64_t maxEntrySize = 4ull << 30;      // declared size of one entry
    std::uint64_t maxTotalSize = 8ull << 30;      // decompressed tar stream
    std::uint64_t maxRatio = 100;                 // decompressed : compressed bytes ...
    std::uint64_t ratioFloor = 64ull << 20;       // ... checked once this much is decompressed
};

struct TarScanOptions {
    std::function<TarDecision(const TarEntryInfo&)> onEntry;  // required
    TarLimits limits;
    ProgressSink* progress = nullptr;  // bytes of the file read / its size; onItem per entry
    const CancelToken* cancel = nullptr;
    std::size_t blockSize = 1u << 20;
};

struct TarEntryOutcome {
    std::uint64_t actualSize = 0;  // bytes delivered (sparse holes included)
    std::uint32_t crc32 = 0;       // of those bytes
    bool read = false;             // data read to its end
};

struct TarScanResult {
    std::string sha256;            // lowercase hex of the whole file
    std::uint64_t fileSize = 0;
    std::string filter;            // "xz", "gzip", "none"
    std::vector<TarEntryInfo> entries;
    std::vector<TarEntryOutcome> outcomes;  // indexed like entries
    bool stoppedByCaller = false;
    bool cancelled = false;
    // Set when decompression was stopped by a limit (code "size-limit", message names it) or the
    // tar data is unreadable (code "corrupt-archive"); the file was still hashed to its end.
    std::optional<Problem> failure;
};

bool tarReaderAvailable();

// Errors: "io" (cannot open/read), "unsupported" (no tar reader on this platform).
Result<TarScanResult> scanTarFile(const std::string& path, const TarScanOptions& options);
// The archive already open (platform/openedfile.h): read through it from its first byte.
Result<TarScanResult> scanTarFile(const OpenedFile& file, const TarScanOptions& options);
// The same over a buffer (for the fuzz target and tests); the name is used in messages.
Result<TarScanResult> scanTarMemory(const std::uint8_t* data, std::size_t size, const std::string& name,
                                    const TarScanOptions& options);

}  // namespace cudnnsetup
