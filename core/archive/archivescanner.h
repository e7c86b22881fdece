#pragma once
// Reads a zip once: parses the central directory (libzip with ZIP_CHECKCONS, plus our
// own bounds-checked reader for the data offsets libzip does not expose), then one
// reader thread streams the file front to back in large blocks, hashes every byte with
// SHA-256 and hands each entry's slice of raw deflate data to worker threads that
// inflate it (entryinflater.h: ISA-L) and check its CRC-32. Memory stays bounded (a few blocks in
// flight). Used by verify and by install (which stages files from the same open file
// it hashes: no verify-then-reopen window).

#include "common/problem.h"
#include "common/progress.h"
#include "platform/openedfile.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

struct ZipEntryInfo {
    std::uint64_t index = 0;
    std::string name;             // as stored (UTF-8), not normalised
    std::uint64_t size = 0;       // declared uncompressed size
    std::uint64_t compressedSize = 0;
    std::uint32_t crc32 = 0;      // declared
    std::uint16_t method = 0;     // 0 stored, 8 deflate
    bool encrypted = false;
    bool isDirectory = false;     // name ends in '/'
    bool isSymlink = false;       // from the external attributes (unix mode S_IFLNK)
    std::uint32_t unixMode = 0;   // 0 when the archive was not made on unix
    std::uint16_t flags = 0;      // general-purpose bit flags of the central record
    std::uint64_t localHeaderOffset = 0;
    std::uint64_t dataOffset = 0; // first byte of the compressed data in the file
};

// Receives one entry's inflated bytes, in order, on one worker thread.
class EntryConsumer {
public:
    virtual ~EntryConsumer() = default;
    virtual bool write(const std::uint8_t* data, std::size_t size) = 0;  // false: stop (error told via finish)
    // Called once at the end, with whether size and CRC matched the central directory.
    virtual void finish(bool intact) = 0;
};

struct EntryOutcome {
    bool read = false;            // inflated to the end
    bool crcOk = false;
    std::uint32_t actualCrc = 0;
    std::uint64_t actualSize = 0;
    std::string error;            // inflate/IO error, empty when fine
    bool unsupported = false;     // encrypted or an unknown compression method: not inflated
};

struct ScanOptions {
    // Which entries to inflate (default: all non-directories); returning nullptr skips the consumer but
    // the entry is still inflated and CRC-checked.
    std::function<bool(const ZipEntryInfo&)> select;
    std::function<std::unique_ptr<EntryConsumer>(const ZipEntryInfo&)> consumerFor;
    unsigned threads = 0;         // 0: hardware concurrency
    // onProgress: bytes of the archive file read so far / file size; onItem: the entry whose
    // bytes are being read now (only entries that will be inflated).
    ProgressSink* progress = nullptr;
    const CancelToken* cancel = nullptr;
    // The read-ahead: blockSize * maxBlocksInFlight is the buffer memory (16 MiB), well inside the
    // 64 MiB bound with a worker's 1 MiB of inflate output each.
    std::size_t blockSize = 2u << 20;  // bytes per sequential read
    unsigned maxBlocksInFlight = 8;
};

struct ScanResult {
    std::string sha256;           // lowercase hex of the whole file
    std::uint64_t fileSize = 0;
    std::vector<EntryOutcome> outcomes;  // indexed like entries()
    bool cancelled = false;
};

class ArchiveScanner {
public:
    // Fails with code "corrupt-archive" (not a zip, truncated, bad central directory, inconsistent).
    // By name, links followed (tests, a user's own files): one OpenedFile of its own.
    static Result<std::unique_ptr<ArchiveScanner>> open(const std::string& path);
    // The archive already open: the directory, libzip's check, scan() and readHead() all read it.
    static Result<std::unique_ptr<ArchiveScanner>> open(std::shared_ptr<const OpenedFile> file);
    ~ArchiveScanner();

    const std::vector<ZipEntryInfo>& entries() const;
    const std::string& path() const;
    std::uint64_t fileSize() const;
    // Entries whose local data ranges overlap each other (a "zip bomb by overlap").
    std::vector<std::uint64_t> overlappingEntries() const;
    // True when libzip saw two entries with byte-identical names (it refuses those under
    // ZIP_CHECKCONS; the archive is still opened so that verify can name them).
    bool hasExactDuplicateNames() const;

    Result<ScanResult> scan(const ScanOptions& options);
    // The first `maxBytes` inflated bytes of one entry (fewer when it is shorter), reading only as much
    // of its compressed data as that needs: the PE headers of a DLL, a small header file. No CRC check
    // (the entry is not read to its end). Fails with "corrupt-archive" when its data cannot be read.
    Result<std::vector<std::uint8_t>> readHead(const ZipEntryInfo& entry, std::size_t maxBytes);

private:
    ArchiveScanner();
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// SHA-256 of a whole file, streamed (for files that are not readable zips). Error code
// "cancelled" when the token was set, "io" when the file cannot be read.
Result<std::string> sha256File(const std::string& path, ProgressSink* progress = nullptr,
                               const CancelToken* cancel = nullptr);
Result<std::string> sha256File(const std::shared_ptr<const OpenedFile>& file, ProgressSink* progress = nullptr,
                               const CancelToken* cancel = nullptr);

}  // namespace cudnnsetup
