#include "platform/folderaccess.h"
#include "platform/uniquefd_posix_p.h"

#include "common/problemcodes.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace cudnnsetup {

namespace {


// closedir() closes the descriptor fdopendir() took over.
class Dir {
public:
    explicit Dir(DIR* d) : m_dir(d) {}
    ~Dir()
    {
        if (m_dir)
            ::closedir(m_dir);
    }
    Dir(const Dir&) = delete;
    Dir& operator=(const Dir&) = delete;
    DIR* get() const { return m_dir; }

private:
    DIR* m_dir;
};

Error refuse(const std::filesystem::path& dir, const std::string& why, const std::string& detail)
{
    return Error{codes::kStateDirAccess, "The state folder " + dir.string() + " " + why, detail};
}

bool ownedByUs(const struct stat& st)
{
    return st.st_uid == 0 || st.st_uid == ::geteuid();
}

// A folder on the way may be changed only by root or by us (a sticky folder such as /tmp
// lets others create names, never replace ours: the next component's owner check covers it).
bool safeAncestor(const struct stat& st)
{
    if (!ownedByUs(st))
        return false;
    return (st.st_mode & (S_IWGRP | S_IWOTH)) == 0 || (st.st_mode & S_ISVTX) != 0;
}

// What each name cudnn-setup writes in its state folder is; other names (a temporary of an
// atomic write, the helper's log) must at least be a plain file or folder.
bool expectedFolder(const std::string& name, int depth)
{
    return depth == 0 && name == "records";
}
bool expectedFile(const std::string& name, int depth)
{
    return depth == 0 && (name == "journal.json" || name == "lock" || name == "helper-progress.json" ||
                          name == "helper-outcome.json" || name == "summary.json");
}

Error foreignEntry(const std::filesystem::path& dir, const std::string& entry, const std::string& why)
{
    return Error{codes::kStateDirEntry,
                 "The state folder " + dir.string() + " holds " + entry + ", which " + why +
                     ". cudnn-setup trusts only what root wrote there, so it read nothing of it; move " + entry +
                     " out of the folder as root (or delete it), then try again.",
                 entry + ": " + why};
}

// Every entry below the folder, through its descriptor (fstatat with no link followed): owned by
// root (or us), writable by no one else, a plain file with one name or a folder, of the type its
// name says. A folder that once was a user's, or a file a user placed before root took the folder,
// would otherwise be read (a journal replayed, a record's created_prefix believed) as root's own.
Result<Unit> verifyEntries(const std::filesystem::path& top, int dirFd, const std::string& prefix, int depth)
{
    constexpr int kMaxDepth = 4;  // records/<id>.json is one down; nothing of ours is deeper than that
    UniqueFd own(::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (own.get() < 0)
        return refuse(top, "cannot be listed (" + std::string(std::strerror(errno)) + ").", "openat .");
    Dir list(::fdopendir(own.get()));
    if (!list.get())
        return refuse(top, "cannot be listed (" + std::string(std::strerror(errno)) + ").", "fdopendir");
    own.release();
    while (const dirent* e = ::readdir(list.get())) {
        const std::string name = e->d_name;
        if (name == "." || name == "..")
            continue;
        const std::string entry = (top / (prefix + name)).string();
        struct stat st {};
        if (::fstatat(::dirfd(list.get()), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0)
            return foreignEntry(top, entry, "cannot be examined (" + std::string(std::strerror(errno)) + ")");
        if (S_ISLNK(st.st_mode))
            return foreignEntry(top, entry, "is a symbolic link");
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return foreignEntry(top, entry, "is neither a file nor a folder");
        if (!ownedByUs(st))
            return foreignEntry(top, entry, "belongs to uid " + std::to_string(st.st_uid));
        if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
            return foreignEntry(top, entry, "other users can write");
        if (S_ISREG(st.st_mode) && st.st_nlink != 1)
            return foreignEntry(top, entry, "has other names (a hard link)");
        if (expectedFolder(name, depth) && !S_ISDIR(st.st_mode))
            return foreignEntry(top, entry, "is not a folder");
        if (expectedFile(name, depth) && !S_ISREG(st.st_mode))
            return foreignEntry(top, entry, "is not a plain file");
        if (S_ISDIR(st.st_mode)) {
            if (depth + 1 >= kMaxDepth)
                return foreignEntry(top, entry, "is nested deeper than cudnn-setup ever writes");
            UniqueFd sub(::openat(::dirfd(list.get()), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (sub.get() < 0)
                return foreignEntry(top, entry, "cannot be opened (" + std::string(std::strerror(errno)) + ")");
            if (auto r = verifyEntries(top, sub.get(), prefix + name + "/", depth + 1); !r)
                return r;
        }
    }
    return Unit{};
}

// Walked from "/" one component at a time with openat(O_NOFOLLOW): no link is followed; a missing
// component is created (mkdirat) in a parent that only root (or we) can change. *made says whether
// the last one was made here, in this call.
Result<UniqueFd> openChain(const std::filesystem::path& dir, mode_t lastMode, bool create, bool* made)
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
    UniqueFd cur(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::string at = "/";
    *made = false;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const bool last = i + 1 == parts.size();
        struct stat st {};
        if (::fstat(cur.get(), &st) != 0 || !safeAncestor(st))
            return refuse(dir, "is inside " + at + ", which users other than root can change; choose a folder whose "
                               "parents only root can write.",
                          "unsafe parent " + at + " uid " + std::to_string(st.st_uid));
        UniqueFd next(::openat(cur.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0 && errno == ENOENT && create) {
            if (::mkdirat(cur.get(), parts[i].c_str(), last ? lastMode : 0755) == 0)
                *made = last;
            else if (errno != EEXIST)
                return refuse(dir, "cannot be created (" + std::string(std::strerror(errno)) + ").",
                              "mkdirat " + parts[i]);
            next = UniqueFd(::openat(cur.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
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
    return cur;
}

}  // namespace

// A folder made here gets its mode through the open descriptor (fchmod: mkdir's mode is cut by the
// umask), then is read back. A folder that was there already is never changed (issue 29: a root
// 0700 folder given as --state-dir became world-listable, a 1777 one 0755): it is verified, and
// refused unless it is already what a state folder must be.
Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access)
{
    const mode_t wanted = access == StateDirAccess::Shared ? 0755 : 0700;
    bool made = false;
    auto opened = openChain(dir, wanted, true, &made);
    if (!opened)
        return opened.error();
    const int fd = opened->get();
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode))
        return refuse(dir, "is not a directory.", "fstat");
    if (made && (st.st_mode & 07777) != wanted && ::fchmod(fd, wanted) != 0)
        return refuse(dir, "cannot get its permissions set.", "fchmod");
    if (::fstat(fd, &st) != 0)
        return refuse(dir, "cannot be examined.", "fstat");
    if (!ownedByUs(st))
        return refuse(dir, "belongs to uid " + std::to_string(st.st_uid) +
                               ", not root; cudnn-setup uses only a folder of root's. Move it away (as root) and "
                               "run again: a new one is made.",
                      "owner uid " + std::to_string(st.st_uid));
    if ((st.st_mode & (S_IWGRP | S_IWOTH | S_ISVTX)) != 0)
        return refuse(dir, std::string((st.st_mode & S_ISVTX) ? "is a shared (sticky) folder" : "can be written by other users") +
                               "; it is left as it is. Give a folder only root can write (chmod go-w, as root, if "
                               "it is cudnn-setup's own), or move it away and run again.",
                      "mode " + std::to_string(st.st_mode & 07777));
    if (access == StateDirAccess::Private && (st.st_mode & 077) != 0)
        return refuse(dir, "can be read by other users; it is left as it is.", "mode");
    return verifyEntries(dir, fd, std::string(), 0);
}

Result<Unit> verifyStateDir(const std::filesystem::path& dir)
{
    bool made = false;
    auto opened = openChain(dir, 0755, false, &made);
    if (!opened)
        return opened.error();
    struct stat st {};
    if (::fstat(opened->get(), &st) != 0 || !ownedByUs(st) || (st.st_mode & (S_IWGRP | S_IWOTH | S_ISVTX)) != 0)
        return refuse(dir, "is not a folder only root can write.", "verify");
    return verifyEntries(dir, opened->get(), std::string(), 0);
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
        return Error{codes::kStateDirAccess, "The state folder " + dir.string() + " does not exist.", "lstat"};
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return std::string(mode) + " uid=" + std::to_string(st.st_uid);
}

}  // namespace cudnnsetup
