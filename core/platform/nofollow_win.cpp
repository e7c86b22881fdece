#include "platform/nofollow.h"

#include "platform/durablefile.h"
#include "platform/win32.h"

#include <filesystem>

namespace cudnnsetup::nofollow {

namespace {

std::filesystem::path pathOf(const std::string& utf8)
{
    return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

// Every existing component above `path` must be a plain folder: a reparse point (symbolic
// link, junction, mount point) is opened with FILE_FLAG_OPEN_REPARSE_POINT and refused.
bool parentsPlain(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    const std::filesystem::path p = pathOf(path);
    std::filesystem::path at;
    std::filesystem::path parent = p.parent_path();
    for (const auto& part : parent) {
        at /= part;
        if (at == at.root_path() || at == at.root_name())
            continue;
        win::FileHandle h(::CreateFileW(win::longPath(at).c_str(), FILE_READ_ATTRIBUTES,
                                        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                        FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
        if (!h)
            break;  // missing from here on: nothing to follow
        BY_HANDLE_FILE_INFORMATION info{};
        if (::GetFileInformationByHandle(h.get(), &info) && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
            ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
            if (linkAt)
                *linkAt = win::utf8(at);
            return false;
        }
    }
    ec.clear();
    return true;
}

}  // namespace

void createDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    if (!parentsPlain(path, ec, linkAt))
        return;
    if (!std::filesystem::create_directory(pathOf(path), ec) && !ec)
        ec = std::make_error_code(std::errc::file_exists);
}

void rename(const std::string& from, const std::string& to, std::error_code& ec, std::string* linkAt)
{
    if (parentsPlain(from, ec, linkAt) && parentsPlain(to, ec, linkAt))
        renameDurably(pathOf(from), pathOf(to), ec);
}

void removeFile(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    if (parentsPlain(path, ec, linkAt))
        std::filesystem::remove(pathOf(path), ec);
}

void removeDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    if (parentsPlain(path, ec, linkAt))
        std::filesystem::remove(pathOf(path), ec);
}

void checkParents(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    parentsPlain(path, ec, linkAt);
}

bool creatableTrustedFolder(const std::string& path, std::string* why)
{
    if (why)
        *why = path + ": a standalone prefix is a Linux install (ld.so.conf.d); on Windows cuDNN goes into a CUDA toolkit";
    return false;
}

}  // namespace cudnnsetup::nofollow
