#pragma once
// Durable writes: a file created exclusively, written, flushed to the disk (fsync /
// FlushFileBuffers) and closed; a directory's entries flushed after a rename.

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

namespace cudnnsetup {

class DurableFile {
public:
    // Exclusive create (fails if the path exists). ec set on failure.
    static std::unique_ptr<DurableFile> create(const std::string& path, std::error_code& ec);
    // POSIX only (platform/nofollow): exclusive create of `name` inside the folder open as
    // `dirFd`, which was reached without following a link; the name is never resolved from "/".
    static std::unique_ptr<DurableFile> createAt(int dirFd, const std::string& name, std::error_code& ec);
    virtual ~DurableFile() = default;  // closes without syncing if finish() was not called
    virtual void write(const void* data, std::size_t size, std::error_code& ec) = 0;
    virtual void finish(std::error_code& ec) = 0;  // sync + close
};

// Renames `from` over `to` (a file there is replaced). Windows: MOVEFILE_WRITE_THROUGH, so the
// call returns only once the move is on the disk (POSIX: rename(2); the caller syncs the folder).
void renameDurably(const std::filesystem::path& from, const std::filesystem::path& to, std::error_code& ec);

// No-op where the platform has no directory sync (Windows: metadata is journaled by NTFS).
void syncDirectory(const std::string& path, std::error_code& ec);

}  // namespace cudnnsetup
