#include "platform/statedir.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace cudnnsetup {

namespace {

class Fd {
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    Fd& operator=(Fd&& o) noexcept
    {
        std::swap(m_fd, o.m_fd);
        return *this;
    }
    int get() const { return m_fd; }

private:
    int m_fd;
};

Error refuse(const std::filesystem::path& dir, const std::string& why, const std::string& detail)
{
    return Error{"state-dir-access", "The state folder " + dir.string() + " " + why, detail};
}

// A folder on the way may be changed only by root or by us (a sticky folder such as /tmp
// lets others create names, never replace ours: the next component's owner check covers it).
bool safeAncestor(const struct stat& st)
{
    if (st.st_uid != 0 && st.st_uid != ::geteuid())
        return false;
    return (st.st_mode & (S_IWGRP | S_IWOTH)) == 0 || (st.st_mode & S_ISVTX) != 0;
}

}  // namespace

// Walked from "/" one component at a time with openat(O_NOFOLLOW): no link is followed, the
// folder is created (mkdirat) in a parent that only root (or we) can change, its mode is set
// through the open descriptor (fchmod, never chmod through a name) and then read back.
Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access)
{
    if (!dir.is_absolute())
        return refuse(dir, "must be an absolute path.", "relative");
    std::vector<std::string> parts;
    for (const auto& p : dir.relative_path())
        if (!p.empty())
            parts.push_back(p.string());
    if (parts.empty())
        return refuse(dir, "must name a folder below /.", "empty");
    for (const std::string& p : parts)
        if (p == "." || p == "..")
            return refuse(dir, "must not contain . or .. components.", p);
    const mode_t wanted = access == StateDirAccess::Shared ? 0755 : 0700;
    Fd cur(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::string at = "/";
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const bool last = i + 1 == parts.size();
        struct stat st {};
        if (::fstat(cur.get(), &st) != 0 || !safeAncestor(st))
            return refuse(dir, "is inside " + at + ", which users other than root can change; choose a folder whose "
                               "parents only root can write.",
                          "unsafe parent " + at + " uid " + std::to_string(st.st_uid));
        Fd next(::openat(cur.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0 && errno == ENOENT) {
            if (::mkdirat(cur.get(), parts[i].c_str(), last ? wanted : 0755) != 0 && errno != EEXIST)
                return refuse(dir, "cannot be created (" + std::string(std::strerror(errno)) + ").",
                              "mkdirat " + parts[i]);
            next = Fd(::openat(cur.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        }
        if (next.get() < 0) {
            const int err = errno;
            return refuse(dir, err == ELOOP || err == ENOTDIR
                                   ? "is reached through a symbolic link or a file (" + parts[i] +
                                         "); links are not followed. Give the real folder."
                                   : "cannot be opened (" + std::string(std::strerror(err)) + ").",
                          "openat " + parts[i] + ": " + std::strerror(err));
        }
        at = (at == "/" ? at : at + "/") + parts[i];
        cur = std::move(next);
    }
    struct stat st {};
    if (::fstat(cur.get(), &st) != 0 || !S_ISDIR(st.st_mode))
        return refuse(dir, "is not a directory.", "fstat");
    // Someone else's folder cannot be made safe from here: refuse rather than trust it.
    if (st.st_uid != ::geteuid() && st.st_uid != 0)
        return refuse(dir, "belongs to another user; pass --state-dir with a folder you own.",
                      "owner uid " + std::to_string(st.st_uid));
    if ((st.st_mode & 07777) != wanted && ::fchmod(cur.get(), wanted) != 0)
        return refuse(dir, "cannot get its permissions set; run as its owner.", "fchmod");
    // Verified, not assumed: read back what the folder is now.
    if (::fstat(cur.get(), &st) != 0 || (st.st_mode & 07777) != wanted ||
        (st.st_uid != ::geteuid() && st.st_uid != 0))
        return refuse(dir, "does not have the permissions it was given; check it by hand.", "verify");
    return Unit{};
}

bool writableByNonAdmins(const std::filesystem::path& dir, std::string* who)
{
    std::filesystem::path at;
    for (const auto& part : dir) {
        at /= part;
        struct stat st {};
        if (::lstat(at.c_str(), &st) != 0)
            return false;  // missing: nothing can be planted there yet
        const bool foreignOwner = st.st_uid != 0;
        const bool othersWrite = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && !(S_ISDIR(st.st_mode) && (st.st_mode & S_ISVTX));
        if (foreignOwner || othersWrite || S_ISLNK(st.st_mode)) {
            if (who)
                *who = at.string() + (S_ISLNK(st.st_mode) ? " is a symbolic link"
                                      : foreignOwner      ? " belongs to uid " + std::to_string(st.st_uid)
                                                          : " can be written by other users");
            return true;
        }
    }
    return false;
}

Result<std::string> describeStateDirAccess(const std::filesystem::path& dir)
{
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0)
        return Error{"state-dir-access", "The state folder " + dir.string() + " does not exist.", "lstat"};
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return std::string(mode) + " uid=" + std::to_string(st.st_uid);
}

}  // namespace cudnnsetup
