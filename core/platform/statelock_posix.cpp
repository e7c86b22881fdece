#include "platform/statelock.h"
#include "platform/uniquefd_posix_p.h"

#include "common/problemcodes.h"

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
    explicit PosixStateLock(UniqueFd fd) : m_fd(std::move(fd)) {}

private:
    UniqueFd m_fd;
};

constexpr const char* kName = "lock";

std::string holderOf(int fd)
{
    char buf[32] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    std::string text = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string();
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text.find_first_not_of("0123456789") == std::string::npos ? text : std::string();
}

// Only its owner (us) can open it: flock works on a descriptor opened for reading, so a lock file
// others can read is a lock any user can take and hold, blocking every install (issue 29).
bool trustworthy(const struct stat& st)
{
    return S_ISREG(st.st_mode) && st.st_uid == ::geteuid() && (st.st_mode & 077) == 0 && st.st_nlink == 1;
}

// A new lock file, locked before anyone else can open it, put in the old one's place with one
// rename: whoever holds the old inode (or opened it earlier, to lock it later) holds a file
// that no longer has the name. Relative to the folder's descriptor; no link followed.
UniqueFd replaceLock(int dirFd)
{
    const std::string tmp = std::string(kName) + ".new-" + std::to_string(::getpid());
    (void)::unlinkat(dirFd, tmp.c_str(), 0);  // a leftover of a crashed run of this pid
    UniqueFd fd(::openat(dirFd, tmp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd || ::fchmod(fd.get(), 0600) != 0 || ::flock(fd.get(), LOCK_EX | LOCK_NB) != 0 ||
        ::renameat(dirFd, tmp.c_str(), dirFd, kName) != 0) {
        (void)::unlinkat(dirFd, tmp.c_str(), 0);
        return UniqueFd();
    }
    return fd;
}

// The name still leads to the inode we locked: another process may have replaced it since we
// opened it (replaceLock), and a lock on a file without the name excludes no one.
bool stillNamed(int dirFd, int fd)
{
    struct stat mine {}, named {};
    return ::fstat(fd, &mine) == 0 && ::fstatat(dirFd, kName, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
           mine.st_dev == named.st_dev && mine.st_ino == named.st_ino;
}

Error busy(const std::string& stateDir, int fd, int err)
{
    const std::string holder = holderOf(fd);
    return Error{codes::kBusy,
                 "Another cudnn-setup" + (holder.empty() ? std::string() : " (process " + holder + ")") +
                     " is changing a toolkit with the state folder " + stateDir +
                     ". Nothing was changed; wait for it to finish, then try again.",
                 "flock " + StateLock::lockPathIn(stateDir) + ": " + std::strerror(err)};
}

Error unusable(const std::string& stateDir, const std::string& what, int err)
{
    return Error{codes::kStateDirAccess,
                 "The state folder " + stateDir + " cannot be used (" + std::strerror(err) +
                     "); run as an administrator or give --state-dir.",
                 what + " " + StateLock::lockPathIn(stateDir) + ": " + std::strerror(err)};
}

// Replaces a lock file others could open, one process at a time: two processes that both found the
// old file could otherwise each rename a new one over it, and the first would hold a nameless file.
// Serialised by <state>/lock.replace, which only ever exists owner-only (no earlier version made it;
// refused otherwise), held for the moment of the check and the rename.
Result<UniqueFd> replaceUntrustedLock(const std::string& stateDir, int dirFd)
{
    UniqueFd mutex(::openat(dirFd, "lock.replace", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!mutex)
        return unusable(stateDir, "open lock.replace", errno);
    struct stat st {};
    if (::fstat(mutex.get(), &st) != 0 || !trustworthy(st))
        return Error{codes::kStateDirEntry,
                     "The state folder " + stateDir + " holds lock.replace, which other users can open. Delete it "
                     "as root (cudnn-setup makes it again, owner-only), then try again.",
                     "lock.replace mode " + std::to_string(st.st_mode & 07777) + " uid " + std::to_string(st.st_uid)};
    if (::flock(mutex.get(), LOCK_EX) != 0)  // waits: only a process of ours holds it, for a rename's time
        return unusable(stateDir, "flock lock.replace", errno);
    UniqueFd now(::openat(dirFd, kName, O_RDWR | O_CLOEXEC | O_NOFOLLOW));
    if (now && ::fstat(now.get(), &st) == 0 && trustworthy(st))
        return now;  // replaced by another process meanwhile: that one is the lock now
    UniqueFd fresh = replaceLock(dirFd);
    if (!fresh)
        return unusable(stateDir, "replace", errno);
    return fresh;
}

}  // namespace

// The lock file the folder already holds is not trusted for what it is (issue 29): one that others
// can open (earlier versions made it 0644, so every upgraded machine has one) may be held by any
// user through a read-only descriptor. It is replaced by a new file, owner-only and locked before it
// gets the name; whoever holds the old one holds a nameless file, and root's install goes ahead.
Result<std::unique_ptr<StateLock>> StateLock::tryAcquire(const std::string& stateDir, bool create)
{
    std::error_code ec;
    if (create)
        std::filesystem::create_directories(stateDir, ec);
    UniqueFd dir(::open(stateDir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dir)
        return unusable(stateDir, "open", errno);
    for (int attempt = 0; attempt < 8; ++attempt) {
        UniqueFd fd(::openat(dir.get(), kName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
        if (!fd) {
            // Someone else's state folder (an administrator's, seen by a standard user): lockable only
            // where its owner lets us read the lock, which this version never does. The elevated
            // helper locks it; this process only reads.
            UniqueFd readOnly(::openat(dir.get(), kName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
            if (!readOnly)
                return unusable(stateDir, "open", errno);
            if (::flock(readOnly.get(), LOCK_EX | LOCK_NB) != 0)
                return errno == EWOULDBLOCK ? busy(stateDir, readOnly.get(), errno) : unusable(stateDir, "flock", errno);
            return std::unique_ptr<StateLock>(new PosixStateLock(std::move(readOnly)));
        }
        struct stat st {};
        if (::fstat(fd.get(), &st) != 0)
            return unusable(stateDir, "fstat", errno);
        if (!trustworthy(st)) {
            auto replaced = replaceUntrustedLock(stateDir, dir.get());
            if (!replaced)
                return replaced.error();
            fd = std::move(*replaced);
        }
        if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
            const int err = errno;
            return err == EWOULDBLOCK ? busy(stateDir, fd.get(), err) : unusable(stateDir, "flock", err);
        }
        if (!stillNamed(dir.get(), fd.get()))
            continue;  // replaced after we opened it: lock the new one
        const std::string pid = std::to_string(::getpid()) + "\n";
        if (::ftruncate(fd.get(), 0) == 0)
            (void)!::pwrite(fd.get(), pid.data(), pid.size(), 0);
        return std::unique_ptr<StateLock>(new PosixStateLock(std::move(fd)));
    }
    return unusable(stateDir, "replaced too often", EAGAIN);
}

}  // namespace cudnnsetup
