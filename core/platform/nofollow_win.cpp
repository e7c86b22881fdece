#include "platform/nofollow.h"
#include "platform/nofollow_p.h"

#include "platform/durablefile.h"
#include "platform/win32.h"

#include <algorithm>
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

namespace {

class HandleAppendFile : public AppendFile {
public:
    explicit HandleAppendFile(win::FileHandle h) : m_h(std::move(h)) {}
    bool append(std::string_view text) override
    {
        while (!text.empty()) {
            DWORD n = 0;
            const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(text.size(), 1u << 20));
            if (!::WriteFile(m_h.get(), text.data(), chunk, &n, nullptr) || n == 0)
                return false;
            text.remove_prefix(n);
        }
        return true;
    }

private:
    win::FileHandle m_h;
};

}  // namespace

std::unique_ptr<AppendFile> openAppendIn(const std::string& dir, const std::string& name, std::error_code& ec)
{
    if (name.empty() || name.find_first_of("/\\:") != std::string::npos || name == "." || name == "..") {
        ec = std::make_error_code(std::errc::invalid_argument);
        return nullptr;
    }
    const std::string path = dir + "\\" + name;
    Held held;  // the folders, pinned against a rename for as long as the file is opened
    if (!parentsPlain(path, ec, nullptr, &held))
        return nullptr;
    // FILE_APPEND_DATA only: every write lands at the end. The file itself is opened as a reparse
    // point would be (not followed) and refused if it is one.
    win::FileHandle h(::CreateFileW(win::longPath(pathOf(path)).c_str(), FILE_APPEND_DATA | FILE_READ_ATTRIBUTES,
                                    FILE_SHARE_READ, nullptr, OPEN_ALWAYS,
                                    FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (!h) {
        ec.assign(static_cast<int>(::GetLastError()), std::system_category());
        return nullptr;
    }
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h.get(), &info) ||
        (info.dwFileAttributes & (FILE_ATTRIBUTE_REPARSE_POINT | FILE_ATTRIBUTE_DIRECTORY)) || info.nNumberOfLinks != 1) {
        ec = std::make_error_code(std::errc::permission_denied);
        return nullptr;
    }
    ec.clear();
    return std::make_unique<HandleAppendFile>(std::move(h));
}

bool isRegularFile(const std::string& path, bool noFollow, std::error_code& ec)
{
    win::FileHandle h(::CreateFileW(win::longPath(pathOf(path)).c_str(), FILE_READ_ATTRIBUTES,
                                    FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                    noFollow ? FILE_FLAG_OPEN_REPARSE_POINT : 0, nullptr));
    BY_HANDLE_FILE_INFORMATION info{};
    if (!h || !::GetFileInformationByHandle(h.get(), &info)) {
        ec.assign(static_cast<int>(::GetLastError()), std::system_category());
        return false;
    }
    if (noFollow && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
        return false;
    }
    if (::GetFileType(h.get()) != FILE_TYPE_DISK || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return false;
    }
    ec.clear();
    return true;
}

std::optional<std::string> readRegularFile(const std::string& path, std::uint64_t maxBytes, bool noFollow,
                                           std::error_code& ec)
{
    win::FileHandle h(::CreateFileW(win::longPath(pathOf(path)).c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr,
                                    OPEN_EXISTING, noFollow ? FILE_FLAG_OPEN_REPARSE_POINT : 0, nullptr));
    if (!h) {
        const DWORD err = ::GetLastError();
        // Said the portable way: callers tell "not there" from "cannot be read".
        if (err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND)
            ec = std::make_error_code(std::errc::no_such_file_or_directory);
        else
            ec.assign(static_cast<int>(err), std::system_category());
        return std::nullopt;
    }
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h.get(), &info)) {
        ec.assign(static_cast<int>(::GetLastError()), std::system_category());
        return std::nullopt;
    }
    if (noFollow && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
        return std::nullopt;
    }
    // A disk file only: a named pipe or a console (\\.\pipe\x, CON) is not one.
    if (::GetFileType(h.get()) != FILE_TYPE_DISK || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return std::nullopt;
    }
    const std::uint64_t size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    if (size > maxBytes) {
        ec = std::make_error_code(std::errc::file_too_large);
        return std::nullopt;
    }
    std::string out;
    char buf[65536];
    for (;;) {
        DWORD n = 0;
        if (!::ReadFile(h.get(), buf, sizeof buf, &n, nullptr)) {
            ec.assign(static_cast<int>(::GetLastError()), std::system_category());
            return std::nullopt;
        }
        if (n == 0)
            break;
        if (out.size() + n > maxBytes) {
            ec = std::make_error_code(std::errc::file_too_large);
            return std::nullopt;
        }
        out.append(buf, n);
    }
    ec.clear();
    return out;
}

}  // namespace cudnnsetup::nofollow
