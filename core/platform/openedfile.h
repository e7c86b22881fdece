#pragma once
// An archive the tool reads, opened once and read only through that one handle. Every reader of
// an archive (its SHA-256, the zip directory and libzip's check of it, the scanner and the
// parallel inflater's helper threads, the tar reader, staging) is handed the same OpenedFile,
// never the name again: a file renamed over the name after the open (the elevated helper's
// archive is in a folder the user may write) changes nothing that is read.
//
// Opened as nofollow::readRegularFile opens (platform/nofollow.h): POSIX O_NONBLOCK (a FIFO has
// no writer to wait for; cleared once it is known to be a plain file), O_NOFOLLOW where noFollow,
// fstat'ed, a plain file only; Windows FILE_FLAG_OPEN_REPARSE_POINT where noFollow, no reparse
// point, a disk file and no folder. Reads are positional (pread; ReadFile with an OVERLAPPED
// offset): any thread may read at any offset, there is no position to share. The size is the
// one fstat gave at the open; nothing past it is read (openedfile_posix.cpp, openedfile_win.cpp).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <system_error>

namespace cudnnsetup {

class OpenedFile {
public:
    // ec as nofollow::readRegularFile: std::errc::too_many_symbolic_link_levels (a link, noFollow),
    // std::errc::invalid_argument (a FIFO, a device, a folder), no_such_file_or_directory, or the
    // system's own error.
    static std::shared_ptr<const OpenedFile> open(const std::string& path, bool noFollow, std::error_code& ec);
    ~OpenedFile();
    OpenedFile(const OpenedFile&) = delete;
    OpenedFile& operator=(const OpenedFile&) = delete;

    const std::string& path() const { return m_path; }  // as given: for messages and names only
    std::uint64_t size() const { return m_size; }
    // Exactly `size` bytes at `offset`; false past the end, on a short read or an error.
    bool readAt(std::uint64_t offset, void* buffer, std::size_t size) const;
    // Up to `size` bytes at `offset` (fewer at the end): the count, 0 at the end, -1 on an error.
    long long readSome(std::uint64_t offset, void* buffer, std::size_t size) const;

private:
    OpenedFile() = default;
    std::string m_path;
    std::uint64_t m_size = 0;
    std::intptr_t m_native = -1;  // the descriptor; Windows: the HANDLE (INVALID_HANDLE_VALUE is -1 too)
};

}  // namespace cudnnsetup
