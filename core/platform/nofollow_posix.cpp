#include "platform/nofollow.h"

#include <cerrno>
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
    if (!ec)
        result(::mkdirat(parent.get(), name.c_str(), 0755), ec);
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

void checkParents(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    std::string name;
    (void)openParent(path, name, ec, linkAt);
    if (ec == std::errc::no_such_file_or_directory)
        ec.clear();  // a missing folder is no link; the step itself reports it
}

}  // namespace cudnnsetup::nofollow
