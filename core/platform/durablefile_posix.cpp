#include "platform/durablefile.h"

#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cudnnsetup {

namespace {

class PosixFile : public DurableFile {
public:
    explicit PosixFile(int fd) : m_fd(fd) {}
    ~PosixFile() override
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    void write(const void* data, std::size_t size, std::error_code& ec) override
    {
        const char* p = static_cast<const char*>(data);
        while (size > 0) {
            const ssize_t n = ::write(m_fd, p, size);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                ec.assign(errno, std::generic_category());
                return;
            }
            p += n;
            size -= static_cast<std::size_t>(n);
            m_written += static_cast<std::uint64_t>(n);
        }
        // Start the write-back of each finished 8 MiB as we go, so that the final fsync finds little
        // left to do: the disk works while the next bytes are inflated (a 1 GB DLL otherwise waits
        // for all of it at the end).
        constexpr std::uint64_t kWindow = 8u << 20;
        if (m_written - m_flushed >= kWindow) {
#ifdef __linux__
            ::sync_file_range(m_fd, static_cast<off_t>(m_flushed), static_cast<off_t>(m_written - m_flushed),
                              SYNC_FILE_RANGE_WRITE);
#endif
            m_flushed = m_written;
        }
    }
    void finish(std::error_code& ec) override
    {
        if (::fsync(m_fd) != 0)
            ec.assign(errno, std::generic_category());
        if (::close(m_fd) != 0 && !ec)
            ec.assign(errno, std::generic_category());
        m_fd = -1;
    }

private:
    int m_fd;
    std::uint64_t m_written = 0, m_flushed = 0;
};

}  // namespace

std::unique_ptr<DurableFile> DurableFile::create(const std::string& path, std::error_code& ec)
{
    return createAt(AT_FDCWD, path, ec);
}

std::unique_ptr<DurableFile> DurableFile::createAt(int dirFd, const std::string& name, std::error_code& ec)
{
    const int fd = ::openat(dirFd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        ec.assign(errno, std::generic_category());
        return nullptr;
    }
    // Readable by every user whatever the umask (NVIDIA: `chmod a+r`): a library only root can
    // read makes every program of everyone else fail to load cuDNN.
    (void)::fchmod(fd, 0644);
    return std::make_unique<PosixFile>(fd);
}

void renameDurably(const std::filesystem::path& from, const std::filesystem::path& to, std::error_code& ec)
{
    std::filesystem::rename(from, to, ec);
}

void syncDirectory(const std::string& path, std::error_code& ec)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        ec.assign(errno, std::generic_category());
        return;
    }
    if (::fsync(fd) != 0)
        ec.assign(errno, std::generic_category());
    ::close(fd);
}

}  // namespace cudnnsetup
