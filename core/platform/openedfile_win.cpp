#include "platform/openedfile.h"

#include "platform/win32.h"

#include <algorithm>
#include <filesystem>

namespace cudnnsetup {

std::shared_ptr<const OpenedFile> OpenedFile::open(const std::string& path, bool noFollow, std::error_code& ec)
{
    // Shared for writing and deleting as the CRT's "rb" was: a browser that still holds its
    // download does not make the archive unreadable, and a rename over the name changes nothing
    // that is read through this handle.
    const std::filesystem::path p(std::u8string(path.begin(), path.end()));
    win::FileHandle h(::CreateFileW(win::longPath(p).c_str(), GENERIC_READ,
                                    FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                    noFollow ? FILE_FLAG_OPEN_REPARSE_POINT : 0, nullptr));
    if (!h) {
        const DWORD err = ::GetLastError();
        if (err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND)
            ec = std::make_error_code(std::errc::no_such_file_or_directory);
        else
            ec.assign(static_cast<int>(err), std::system_category());
        return nullptr;
    }
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h.get(), &info)) {
        ec.assign(static_cast<int>(::GetLastError()), std::system_category());
        return nullptr;
    }
    if (noFollow && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
        ec = std::make_error_code(std::errc::too_many_symbolic_link_levels);
        return nullptr;
    }
    // A disk file only: a named pipe or a console (\\.\pipe\x, CON) is not one.
    if (::GetFileType(h.get()) != FILE_TYPE_DISK || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) {
        ec = std::make_error_code(std::errc::invalid_argument);
        return nullptr;
    }
    std::shared_ptr<OpenedFile> file(new OpenedFile());
    file->m_path = path;
    file->m_size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    file->m_native = reinterpret_cast<std::intptr_t>(h.release());
    ec.clear();
    return file;
}

OpenedFile::~OpenedFile()
{
    if (m_native != -1)
        ::CloseHandle(reinterpret_cast<HANDLE>(m_native));
}

// ReadFile with an OVERLAPPED offset on a handle opened for synchronous I/O reads at that offset
// (the handle's own file pointer, which nothing here uses, moves too); calls from several threads
// are serialised by the system, each at its own offset.
long long OpenedFile::readSome(std::uint64_t offset, void* buffer, std::size_t size) const
{
    if (offset >= m_size)
        return 0;
    const DWORD want = static_cast<DWORD>(std::min<std::uint64_t>({size, m_size - offset, 1u << 30}));
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    DWORD got = 0;
    if (!::ReadFile(reinterpret_cast<HANDLE>(m_native), buffer, want, &got, &at))
        return ::GetLastError() == ERROR_HANDLE_EOF ? 0 : -1;
    return got;
}

bool OpenedFile::readAt(std::uint64_t offset, void* buffer, std::size_t size) const
{
    if (offset > m_size || size > m_size - offset)
        return false;
    auto* p = static_cast<unsigned char*>(buffer);
    while (size > 0) {
        const long long n = readSome(offset, p, size);
        if (n <= 0)
            return false;  // an error, or the file shrank under us
        p += n;
        offset += static_cast<std::uint64_t>(n);
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace cudnnsetup
