#pragma once
// The digests, one library each: SHA-256 (OpenSSL) and CRC-32 (ISA-L, the zip/gzip polynomial, as
// zlib's crc32 computes it), for archives, their entries and the files an install places.

#include "common/problem.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace cudnnsetup {

class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(const void* data, std::size_t size);
    std::string finishHex();  // lowercase hex; the object is spent afterwards

private:
    struct Ctx;
    std::unique_ptr<Ctx> m_ctx;
};

std::string sha256Hex(std::string_view bytes);

// CRC-32 of `size` more bytes after the CRC `crc` of what came before (0 to start).
std::uint32_t crc32Update(std::uint32_t crc, const void* data, std::size_t size);

struct FileDigest {
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
    std::string sha256;
};
// Reads the file once for both digests.
Result<FileDigest> digestFile(const std::string& path);

// Frees the calling thread's OpenSSL state (its error queue) now. A pooled worker thread
// (the wizard's QtConcurrent tasks) otherwise keeps it until the thread ends, and
// QThread::wait() returns before a thread's TLS destructors have run, so at exit the leak
// checker of the sanitized suite could find it still allocated. Harmless to call any time:
// OpenSSL makes it again when the thread next needs it.
void releaseThreadDigestState();

}  // namespace cudnnsetup
