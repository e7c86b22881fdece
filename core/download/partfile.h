#pragma once
// The file a download writes: "<name>.part" beside the final name. Opened for writing by one
// process only: a second download of the same file (another console, the wizard) gets Error
// "busy" instead of interleaving its bytes. POSIX: flock(2) on the open file, no link followed;
// Windows: opened with FILE_SHARE_READ only, so the second open for writing fails with a sharing
// violation (partfile_posix.cpp, partfile_win.cpp). The lock goes with the handle: a killed
// download leaves no stale lock, only a .part a later run resumes.
#include "common/problem.h"
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace cudnnsetup {

class PartFile {
public:
    // Opens (or creates, empty) `path` for reading and writing, no link followed, a plain file only.
    // Errors: "busy" (another process has it open for writing), "no-permission", "io-error".
    static Result<std::unique_ptr<PartFile>> open(const std::string& path);
    virtual ~PartFile() = default;

    virtual std::uint64_t size() const = 0;                 // as it is now
    // Cuts the file to `size` bytes; later appends go after them.
    virtual bool truncate(std::uint64_t size) = 0;
    // Appends at the end. Error "disk-full" when the disk is full (ENOSPC / ERROR_DISK_FULL),
    // "io-error" otherwise; what was written before stays.
    virtual Result<bool> append(const void* data, std::size_t size) = 0;
    // Up to `size` bytes at `offset`: the count, 0 at the end, -1 on an error.
    virtual long long readAt(std::uint64_t offset, void* buffer, std::size_t size) const = 0;
    virtual bool sync() = 0;                                 // fsync / FlushFileBuffers
    // Starts writing `length` bytes at `offset` to the disk without waiting (Linux
    // sync_file_range; elsewhere nothing): the sync() before the rename then has little left to do,
    // instead of the whole file (about 0.6 s of a 700 MB download, measured).
    virtual void startWriteback(std::uint64_t offset, std::uint64_t length) = 0;
    virtual void close() = 0;                                // lets go of the file (and the lock)
    const std::string& path() const { return m_path; }

protected:
    explicit PartFile(std::string path) : m_path(std::move(path)) {}
    std::string m_path;
};

}  // namespace cudnnsetup
