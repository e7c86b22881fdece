#include "platform/openedfile.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cudnnsetup {

std::shared_ptr<const OpenedFile> OpenedFile::open(const std::string& path, bool noFollow, std::error_code& ec)
{
    // O_NONBLOCK: opening a FIFO for reading would wait for a writer (for ever).
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0));
    if (fd < 0) {
        ec = errno == ELOOP && noFollow ? std::make_error_code(std::errc::too_many_symbolic_link_levels)
                                        : std::error_code(errno, std::generic_category());
        return nullptr;
    }
    std::shared_ptr<OpenedFile> file(new OpenedFile());  // owns fd from here, on every way out
    file->m_native = fd;
    file->m_path = path;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ec.assign(errno, std::generic_category());
        return nullptr;
    }
    if (!S_ISREG(st.st_mode)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return nullptr;
    }
    // A plain file now: reads of it wait for the disk as usual (a network file system may honour the flag).
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        ec.assign(errno, std::generic_category());
        return nullptr;
    }
    file->m_size = static_cast<std::uint64_t>(st.st_size);
    ec.clear();
    return file;
}

OpenedFile::~OpenedFile()
{
    if (m_native >= 0)
        ::close(static_cast<int>(m_native));
}

long long OpenedFile::readSome(std::uint64_t offset, void* buffer, std::size_t size) const
{
    if (offset >= m_size)
        return 0;
    size = static_cast<std::size_t>(std::min<std::uint64_t>(size, m_size - offset));
    for (;;) {
        const ssize_t n = ::pread(static_cast<int>(m_native), buffer, size, static_cast<off_t>(offset));
        if (n >= 0)
            return n;
        if (errno != EINTR)
            return -1;
    }
}

bool OpenedFile::readAt(std::uint64_t offset, void* buffer, std::size_t size) const
{
    if (offset > m_size || size > m_size - offset)
        return false;
    auto* p = static_cast<unsigned char*>(buffer);
    while (size > 0) {
        const long long n = readSome(offset, p, size);
        if (n <= 0)
            return false;  // an error, or the file shrank under us
        p += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace cudnnsetup
