#include "platform/statelock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

namespace cudnnsetup {

namespace {

class PosixStateLock : public StateLock {
public:
    explicit PosixStateLock(int fd) : m_fd(fd) {}
    ~PosixStateLock() override { ::close(m_fd); }  // closing the last descriptor drops the flock

private:
    int m_fd;
};

std::string holderOf(int fd)
{
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text.find_first_not_of("0123456789") == std::string::npos ? text : std::string();
}

}  // namespace

Result<std::unique_ptr<StateLock>> StateLock::tryAcquire(const std::string& stateDir, bool create)
{
    std::error_code ec;
    if (create)
        std::filesystem::create_directories(stateDir, ec);
    const std::string path = lockPathIn(stateDir);
    // Owner-only: flock works on a descriptor opened for reading, so a lock file others can
    // read is a lock any user can take (and block every install with).
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    const bool writable = fd >= 0;
    if (writable) {
        struct stat st {};
        if (::fstat(fd, &st) == 0 && st.st_uid == ::geteuid() && (st.st_mode & 077) != 0)
            (void)::fchmod(fd, 0600);
    }
    if (fd < 0)  // someone else's state folder: lockable only if its owner let us read it
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        const int err = errno;
        return Error{"state-dir-access", "The state folder " + stateDir + " cannot be used (" + std::strerror(err) +
                                      "); run as an administrator or give --state-dir.",
                     "open " + path + ": " + std::strerror(err)};
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        const std::string holder = holderOf(fd);
        ::close(fd);
        if (err == EWOULDBLOCK)
            return Error{"busy",
                         "Another cudnn-setup" + (holder.empty() ? std::string() : " (process " + holder + ")") +
                             " is changing a toolkit with the state folder " + stateDir +
                             ". Nothing was changed; wait for it to finish, then try again.",
                         "flock " + path + ": " + std::strerror(err)};
        return Error{"state-dir-access", "The state folder " + stateDir + " cannot be locked (" + std::strerror(err) + ").",
                     "flock " + path + ": " + std::strerror(err)};
    }
    if (writable) {
        const std::string pid = std::to_string(::getpid()) + "\n";
        if (::ftruncate(fd, 0) == 0)
            (void)!::pwrite(fd, pid.data(), pid.size(), 0);
    }
    return std::unique_ptr<StateLock>(new PosixStateLock(fd));
}

}  // namespace cudnnsetup
