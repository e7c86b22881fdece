#pragma once
// SHA-256 (OpenSSL) and CRC-32 (zlib) for files the install places, backs up or repairs.

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
