#include "platform/nofollow.h"
#include "platform/nofollow_p.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace cudnnsetup::nofollow {

namespace {

class DirFd {
public:
    explicit DirFd(int fd = -1) : m_fd(fd) {}
    ~DirFd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    DirFd(DirFd&& o) noexcept : m_fd(o.m_fd) { o.m_fd = -1; }
    DirFd& operator=(DirFd&& o) noexcept
    {
        std::swap(m_fd, o.m_fd);
        return *this;
    }
    DirFd(const DirFd&) = delete;
    DirFd& operator=(const DirFd&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

// The folder holding `path`, opened without following a link; `name` is the last component.
DirFd openParent(const std::string& path, std::string& name, std::error_code& ec, std::string* linkAt)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        if (end > start)
            parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    if (parts.empty()) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return DirFd();
    }
    name = parts.back();
    parts.pop_back();
    DirFd cur(::open(path.starts_with('/') ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::string at = path.starts_with('/') ? "" : ".";
    for (const std::string& p : parts) {
        at += "/" + p;
        DirFd next(::openat(cur.get(), p.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0) {
            const int err = errno;
            struct stat st {};
            if (err == ELOOP || (err == ENOTDIR && ::fstatat(cur.get(), p.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
                                 S_ISLNK(st.st_mode))) {
                ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
                if (linkAt)
                    *linkAt = at;
            } else {
                ec.assign(err, std::generic_category());
            }
            return DirFd();
        }
        cur = std::move(next);
    }
    ec.clear();
    beforeAct(path);
    return cur;
}

void result(int rc, std::error_code& ec)
{
    if (rc != 0)
        ec.assign(errno, std::generic_category());
    else
        ec.clear();
}

}  // namespace

void createDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (ec)
        return;
    result(::mkdirat(parent.get(), name.c_str(), 0755), ec);
    if (ec)
        return;
    // The umask may have taken bits away (umask 077: 0700); NVIDIA's instructions want every
    // user to read cuDNN, so the new folder is set to 0755 through its own descriptor (never
    // by name: the name could be swapped for a link meanwhile).
    const DirFd made(::openat(parent.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (made.get() < 0 || ::fchmod(made.get(), 0755) != 0) {
        ec.assign(errno, std::generic_category());
        (void)::unlinkat(parent.get(), name.c_str(), AT_REMOVEDIR);  // failed: nothing of ours is left
    }
}

void rename(const std::string& from, const std::string& to, std::error_code& ec, std::string* linkAt)
{
    std::string a, b;
    DirFd pa = openParent(from, a, ec, linkAt);
    if (ec)
        return;
    DirFd pb = openParent(to, b, ec, linkAt);
    if (!ec)
        result(::renameat(pa.get(), a.c_str(), pb.get(), b.c_str()), ec);
}

void removeFile(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (ec)
        return;
    result(::unlinkat(parent.get(), name.c_str(), 0), ec);
    if (ec == std::errc::no_such_file_or_directory)
        ec.clear();  // as std::filesystem::remove: nothing there is not an error
}

void removeDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (ec)
        return;
    result(::unlinkat(parent.get(), name.c_str(), AT_REMOVEDIR), ec);
    if (ec == std::errc::no_such_file_or_directory)
        ec.clear();
}

std::unique_ptr<DurableFile> createFile(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (ec)
        return nullptr;
    return DurableFile::createAt(parent.get(), name, ec);
}

void createSymlink(const std::string& target, const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (!ec)
        result(::symlinkat(target.c_str(), parent.get(), name.c_str()), ec);
}

namespace {

// Removes `name` inside the folder open as `dir`: a folder is opened relative to `dir` with
// O_NOFOLLOW and emptied the same way before it goes; anything else (a link included, or a
// folder swapped for a link after the fstatat) is unlinked as it is, never followed.
int removeAt(int dir, const char* name)
{
    struct stat st {};
    if (::fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : errno;
    if (S_ISDIR(st.st_mode)) {
        const int fd = ::openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) {
            DIR* d = ::fdopendir(fd);  // owns fd from here
            if (!d) {
                const int err = errno;
                ::close(fd);
                return err;
            }
            std::vector<std::string> children;  // read first: no unlinking under a running readdir
            while (const dirent* e = ::readdir(d)) {
                const std::string child = e->d_name;
                if (child != "." && child != "..")
                    children.push_back(child);
            }
            int err = 0;
            for (const std::string& child : children)
                if (const int rc = removeAt(::dirfd(d), child.c_str()); rc != 0 && err == 0)
                    err = rc;
            ::closedir(d);
            if (err != 0)
                return err;
            if (::unlinkat(dir, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
                return 0;
            return errno;
        }
        if (errno != ELOOP && errno != ENOTDIR)
            return errno == ENOENT ? 0 : errno;
        // It became a link (or something else) since the fstatat: removed as it is below.
    }
    if (::unlinkat(dir, name, 0) == 0 || errno == ENOENT)
        return 0;
    return errno;
}

}  // namespace

void removeTree(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    DirFd parent = openParent(path, name, ec, linkAt);
    if (ec == std::errc::no_such_file_or_directory) {
        ec.clear();  // as std::filesystem::remove_all: nothing there is not an error
        return;
    }
    if (ec)
        return;
    if (const int err = removeAt(parent.get(), name.c_str()); err != 0)
        ec.assign(err, std::generic_category());
    else
        ec.clear();
}

void checkParents(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    (void)openParent(path, name, ec, linkAt);
    if (ec == std::errc::no_such_file_or_directory)
        ec.clear();  // a missing folder is no link; the step itself reports it
}

bool creatableTrustedFolder(const std::string& path, std::string* why)
{
    auto no = [&](const std::string& text) {
        if (why)
            *why = text;
        return false;
    };
    if (!path.starts_with('/'))
        return no(path + " is not an absolute path");
    std::vector<std::string> parts;
    for (std::size_t start = 1; start <= path.size();) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        if (end > start)
            parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    if (parts.empty())
        return no("/ is not a folder cudnn-setup creates");
    const std::string name = parts.back();
    parts.pop_back();
    const uid_t me = ::geteuid();
    DirFd cur(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    std::string at;
    for (std::size_t i = 0;; ++i) {
        const std::string shown = at.empty() ? "/" : at;
        struct stat st {};
        if (cur.get() < 0 || ::fstat(cur.get(), &st) != 0)
            return no(shown + " cannot be opened as a folder without following a link");
        if (st.st_uid != 0 && st.st_uid != me)
            return no(shown + " belongs to another user (uid " + std::to_string(st.st_uid) + ")");
        const bool parent = i == parts.size();
        const bool othersWrite = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
        if (othersWrite && (parent || !(st.st_mode & S_ISVTX)))
            return no(shown + " can be written by other users");
        if (parent)
            break;
        at += "/" + parts[i];
        DirFd next(::openat(cur.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (next.get() < 0) {
            const int err = errno;
            if (err == ENOENT)
                return no(at + " does not exist (the prefix's parent folder must)");
            if (err == ELOOP || err == ENOTDIR)
                return no(at + " is a symbolic link or not a folder");
            return no(at + " cannot be opened: " + std::generic_category().message(err));
        }
        cur = std::move(next);
    }
    struct stat st {};
    if (::fstatat(cur.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0)
        return no(path + " already exists");
    if (errno != ENOENT)
        return no(path + " cannot be checked: " + std::generic_category().message(errno));
    return true;
}


namespace {

class FdAppendFile : public AppendFile {
public:
    explicit FdAppendFile(int fd) : m_fd(fd) {}
    ~FdAppendFile() override { ::close(m_fd); }
    bool append(std::string_view text) override
    {
        while (!text.empty()) {
            const ssize_t n = ::write(m_fd, text.data(), text.size());
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            text.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

private:
    int m_fd;
};

}  // namespace

std::unique_ptr<AppendFile> openAppendIn(const std::string& dir, const std::string& name, std::error_code& ec)
{
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
        ec = std::make_error_code(std::errc::invalid_argument);
        return nullptr;
    }
    std::string leaf;
    DirFd folder = openParent(dir + "/" + name, leaf, ec, nullptr);
    if (ec)
        return nullptr;
    const int fd = ::openat(folder.get(), leaf.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                            0600);
    if (fd < 0) {
        ec.assign(errno, std::generic_category());
        return nullptr;
    }
    auto file = std::make_unique<FdAppendFile>(fd);
    // One that was there already: a plain file of ours with no other name (a hard link to
    // /etc/shadow would have two), else nothing is written.
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1 || st.st_uid != ::geteuid()) {
        ec = std::make_error_code(std::errc::permission_denied);
        return nullptr;
    }
    ec.clear();
    return file;
}

bool isRegularFile(const std::string& path, bool noFollow, std::error_code& ec)
{
    const DirFd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0)));
    struct stat st {};
    if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0) {
        ec = errno == ELOOP && noFollow ? std::make_error_code(std::errc::too_many_symbolic_link_levels)
                                        : std::error_code(errno, std::generic_category());
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return false;
    }
    ec.clear();
    return true;
}

std::optional<std::string> readRegularFile(const std::string& path, std::uint64_t maxBytes, bool noFollow,
                                           std::error_code& ec)
{
    // O_NONBLOCK: opening a FIFO for reading would wait for a writer (forever).
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0));
    if (fd < 0) {
        ec = errno == ELOOP && noFollow ? std::make_error_code(std::errc::too_many_symbolic_link_levels)
                                        : std::error_code(errno, std::generic_category());
        return std::nullopt;
    }
    const DirFd held(fd);  // closes it on every way out
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ec.assign(errno, std::generic_category());
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return std::nullopt;
    }
    if (static_cast<std::uint64_t>(st.st_size) > maxBytes) {
        ec = std::make_error_code(std::errc::file_too_large);
        return std::nullopt;
    }
    std::string out;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            ec.assign(errno, std::generic_category());
            return std::nullopt;
        }
        if (n == 0)
            break;
        if (out.size() + static_cast<std::size_t>(n) > maxBytes) {
            ec = std::make_error_code(std::errc::file_too_large);
            return std::nullopt;
        }
        out.append(buf, static_cast<std::size_t>(n));
    }
    ec.clear();
    return out;
}

}  // namespace cudnnsetup::nofollow
