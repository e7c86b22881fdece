#pragma once
// A small, bounds-checked reader of a zip's end record, central directory and local
// headers. libzip (1.7) does not expose where an entry's data starts, and overlap
// detection and the single-pass scanner need exactly that; everything read here is
// checked against the file size before use, whatever the archive claims.

#include "common/problem.h"
#include "platform/openedfile.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

// An open archive (platform/openedfile.h) with a position for sequential reads. Every
// RandomAccessFile over the same OpenedFile reads the same file, whatever its name names by then.
class RandomAccessFile {
public:
    // By name, links followed (a user's own `verify`, tests): one OpenedFile of its own.
    static Result<std::unique_ptr<RandomAccessFile>> open(const std::string& path);
    explicit RandomAccessFile(std::shared_ptr<const OpenedFile> file);
    RandomAccessFile(const RandomAccessFile&) = delete;
    RandomAccessFile& operator=(const RandomAccessFile&) = delete;

    std::uint64_t size() const { return m_file->size(); }
    const std::shared_ptr<const OpenedFile>& opened() const { return m_file; }
    // Reads exactly `size` bytes at `offset`; false on a short read or error.
    bool readAt(std::uint64_t offset, void* buffer, std::size_t size);
    // Sequential reads from the current position (after seek()); returns bytes read.
    bool seek(std::uint64_t offset);
    std::size_t read(void* buffer, std::size_t size);
    // Reads exactly `size` bytes at `offset` without moving the position read() goes on from, safe
    // from any thread while read() runs on another: every read is positional (OpenedFile).
    bool readShared(std::uint64_t offset, void* buffer, std::size_t size) const;

private:
    std::shared_ptr<const OpenedFile> m_file;
    std::uint64_t m_position = 0;
};

struct CentralRecord {
    std::string name;                 // raw bytes as stored
    std::uint16_t versionMadeBy = 0;
    std::uint16_t flags = 0;
    std::uint16_t method = 0;
    std::uint32_t crc32 = 0;
    std::uint64_t compressedSize = 0;
    std::uint64_t size = 0;
    std::uint32_t externalAttributes = 0;
    std::uint64_t localHeaderOffset = 0;
    std::uint64_t dataOffset = 0;     // first byte of the entry's (compressed) data
    std::uint16_t localFlags = 0;
    std::uint16_t localMethod = 0;
    std::string localName;
};

struct ZipDirectory {
    std::uint64_t centralDirectoryOffset = 0;
    std::uint64_t centralDirectorySize = 0;
    std::vector<CentralRecord> records;
};

// Largest central directory read into memory; a real cuDNN zip's is a few KiB.
inline constexpr std::uint64_t kMaxCentralDirectoryBytes = 16ull << 20;

// The error of an archive that is not what it claims to be: code "corrupt-archive" and why.
Error corruptArchive(const std::string& why);

// Fails with code "corrupt-archive" and a sentence saying what is wrong.
Result<ZipDirectory> readZipDirectory(RandomAccessFile& file);

}  // namespace cudnnsetup
