#include "archive/zipdirectory.h"

#include <unistd.h>

#include <cerrno>

namespace cudnnsetup {

// pread leaves the descriptor's offset alone: the sequential reader on another thread is not disturbed.
bool RandomAccessFile::readShared(std::uint64_t offset, void* buffer, std::size_t size)
{
    if (offset > m_size || size > m_size - offset)
        return false;
    const int fd = fileno(m_file);
    auto* p = static_cast<unsigned char*>(buffer);
    while (size > 0) {
        const ssize_t n = ::pread(fd, p, size, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

void RandomAccessFile::closeShared() {}

}  // namespace cudnnsetup
