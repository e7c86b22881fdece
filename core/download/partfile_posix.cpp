// PartFile on POSIX: flock(2) on the open file (partfile.h says why).
#include "download/partfile.h"

#include "common/problemcodes.h"
#include "platform/uniquefd_posix_p.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cudnnsetup {

namespace {

class PosixPartFile : public PartFile {
public:
    PosixPartFile(std::string path, UniqueFd fd, std::uint64_t size)
        : PartFile(std::move(path)), m_fd(std::move(fd)), m_size(size)
    {
    }

    std::uint64_t size() const override { return m_size; }

    bool truncate(std::uint64_t size) override
    {
        if (::ftruncate(m_fd.get(), static_cast<off_t>(size)) != 0)
            return false;
        m_size = size;
        return true;
    }

    Result<bool> append(const void* data, std::size_t size) override
    {
        const char* p = static_cast<const char*>(data);
        while (size > 0) {
            const ssize_t n = ::pwrite(m_fd.get(), p, size, static_cast<off_t>(m_size));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                const int err = n < 0 ? errno : ENOSPC;
                return Error{err == ENOSPC || err == EDQUOT ? codes::kDiskFull : codes::kIoError,
                             "Cannot write " + m_path + ": " + std::strerror(err) + ".", "pwrite"};
            }
            p += n;
            size -= static_cast<std::size_t>(n);
            m_size += static_cast<std::uint64_t>(n);
        }
        return true;
    }

    long long readAt(std::uint64_t offset, void* buffer, std::size_t size) const override
    {
        for (;;) {
            const ssize_t n = ::pread(m_fd.get(), buffer, size, static_cast<off_t>(offset));
            if (n < 0 && errno == EINTR)
                continue;
            return n;
        }
    }

    bool sync() override { return ::fsync(m_fd.get()) == 0; }
    void startWriteback(std::uint64_t offset, std::uint64_t length) override
    {
#ifdef __linux__
        (void)::sync_file_range(m_fd.get(), static_cast<off_t>(offset), static_cast<off_t>(length), SYNC_FILE_RANGE_WRITE);
#else
        (void)offset;
        (void)length;
#endif
    }
    void close() override { m_fd.reset(); }

private:
    UniqueFd m_fd;
    std::uint64_t m_size;
};

}  // namespace

Result<std::unique_ptr<PartFile>> PartFile::open(const std::string& path)
{
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644));
    if (!fd) {
        const int err = errno;
        return Error{err == EACCES || err == EPERM ? codes::kNoPermission : codes::kIoError,
                     "Cannot open " + path + " for the download: " + std::strerror(err) + ".", "open"};
    }
    struct stat st {};
    // A second name of the same file (a hard link planted as the .part) would have the download
    // write into that other file.
    if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1)
        return Error{codes::kIoError,
                     path + " is not a plain file of its own: remove it, or download to another folder (--to).",
                     "fstat"};
    if (::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK) != 0)
        return Error{codes::kIoError, "Cannot use " + path + ": " + std::strerror(errno) + ".", "fcntl"};
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0)
        return Error{codes::kBusy,
                     "Another download is writing " + path + ": wait for it to finish (or cancel it), then try again.",
                     std::string("flock: ") + std::strerror(errno)};
    std::unique_ptr<PartFile> file =
        std::make_unique<PosixPartFile>(path, std::move(fd), static_cast<std::uint64_t>(st.st_size));
    return file;
}

}  // namespace cudnnsetup
