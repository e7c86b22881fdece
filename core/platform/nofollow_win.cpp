#include "platform/nofollow.h"
#include "platform/nofollow_p.h"

#include "platform/durablefile.h"
#include "platform/win32.h"

#include <filesystem>
#include <vector>

namespace cudnnsetup::nofollow {

namespace {

std::filesystem::path pathOf(const std::string& utf8)
{
    return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

// Every existing component above `path` must be a plain folder: a reparse point (symbolic
// link, junction, mount point) is opened with FILE_FLAG_OPEN_REPARSE_POINT and refused. With
// `held`, each component's handle is kept, opened without FILE_SHARE_DELETE, for as long as the
// caller acts: no component can then be renamed away and replaced by a link between this check
// and the step (the step itself still goes by name, which now names the folders checked).
using Held = std::vector<win::FileHandle>;
bool parentsPlain(const std::string& path, std::error_code& ec, std::string* linkAt, Held* held = nullptr)
{
    const std::filesystem::path p = pathOf(path);
    std::filesystem::path at;
    std::filesystem::path parent = p.parent_path();
    const DWORD share = held ? FILE_SHARE_READ | FILE_SHARE_WRITE : FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    // A handle counts for sharing only with data access: FILE_LIST_DIRECTORY makes the missing
    // FILE_SHARE_DELETE bind (attributes alone would not stop a rename).
    const DWORD access = held ? FILE_LIST_DIRECTORY | FILE_READ_ATTRIBUTES : FILE_READ_ATTRIBUTES;
    for (const auto& part : parent) {
        at /= part;
        if (at == at.root_path() || at == at.root_name() || at == at.root_name() / at.root_directory())
            continue;
        const auto open = [&at](DWORD a, DWORD sh) {
            return win::FileHandle(::CreateFileW(win::longPath(at).c_str(), a, sh, nullptr, OPEN_EXISTING,
                                                 FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
        };
        win::FileHandle h = open(access, share);
        bool pinned = held != nullptr;
        if (!h) {
            const DWORD err = ::GetLastError();
            if (err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND)
                break;  // missing from here on: nothing to follow
            if (held && err == ERROR_SHARING_VIOLATION) {
                // Someone holds it open for deletion or renaming right now: refuse rather than race.
                ec = std::make_error_code(std::errc::device_or_resource_busy);
                return false;
            }
            // A folder this user may not list (access denied): still checked for a reparse point
            // through its attributes, only not held.
            h = open(FILE_READ_ATTRIBUTES, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE);
            pinned = false;
            if (!h)
                break;
        }
        BY_HANDLE_FILE_INFORMATION info{};
        if (::GetFileInformationByHandle(h.get(), &info) && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
            ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
            if (linkAt)
                *linkAt = win::utf8(at);
            return false;
        }
        if (pinned)
            held->push_back(std::move(h));
    }
    ec.clear();
    beforeAct(path);
    return true;
}

}  // namespace

void createDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (!parentsPlain(path, ec, linkAt, &held))
        return;
    if (!std::filesystem::create_directory(pathOf(path), ec) && !ec)
        ec = std::make_error_code(std::errc::file_exists);
}

void rename(const std::string& from, const std::string& to, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (parentsPlain(from, ec, linkAt, &held) && parentsPlain(to, ec, linkAt, &held))
        renameDurably(pathOf(from), pathOf(to), ec);
}

void removeFile(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (parentsPlain(path, ec, linkAt, &held))
        std::filesystem::remove(pathOf(path), ec);
}

void removeDirectory(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (parentsPlain(path, ec, linkAt, &held))
        std::filesystem::remove(pathOf(path), ec);
}

std::unique_ptr<DurableFile> createFile(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (!parentsPlain(path, ec, linkAt, &held))
        return nullptr;
    return DurableFile::create(path, ec);
}

void createSymlink(const std::string& target, const std::string& path, std::error_code& ec, std::string* linkAt)
{
    Held held;
    if (parentsPlain(path, ec, linkAt, &held))
        std::filesystem::create_symlink(pathOf(target), pathOf(path), ec);
}

void removeTree(const std::string& path, std::error_code& ec, std::string* linkAt)
{
    // remove_all removes a reparse point met inside as itself, never what it points to.
    Held held;
    if (parentsPlain(path, ec, linkAt, &held))
        std::filesystem::remove_all(pathOf(path), ec);
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
