#include "download/partfile.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "platform/win32.h"

#include <algorithm>
#include <string>
#include <utility>

namespace cudnnsetup {

namespace {

// One WriteFile/ReadFile moves at most a DWORD; a gigabyte keeps well under it.
constexpr DWORD kPartFileChunk = 1u << 30;

Error partFileError(const char* code, std::string message, const char* function, const std::string& path, DWORD err)
{
    return Error{code, std::move(message),
                 std::string(function) + " " + path + ": error " + std::to_string(err) + " (" +
                     win::systemMessage(err) + ")"};
}

Error partFileOpenError(const std::string& path, const std::wstring& wide, DWORD err)
{
    // CreateFileW says "access denied" for a folder too, which no permission would fix.
    const DWORD attributes = err == ERROR_ACCESS_DENIED ? ::GetFileAttributesW(wide.c_str()) : INVALID_FILE_ATTRIBUTES;
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY))
        return partFileError(codes::kIoError, path + " is a folder, not a file: remove or rename it, then download again.",
                             "CreateFileW", path, err);
    switch (err) {
    case ERROR_SHARING_VIOLATION:
        return partFileError(codes::kBusy, "Another download is writing " + path + ": wait for it, or cancel it.",
                             "CreateFileW", path, err);
    case ERROR_ACCESS_DENIED:
        return partFileError(codes::kNoPermission,
                             "cudnn-setup may not write " + path + ": choose a folder you can write to, or fix its "
                                                                   "permissions (a read-only .part counts too).",
                             "CreateFileW", path, err);
    default:
        return partFileError(codes::kIoError, path + " cannot be opened for the download (" + win::systemMessage(err) + ").",
                             "CreateFileW", path, err);
    }
}

class WinPartFile final : public PartFile {
public:
    WinPartFile(std::string path, win::FileHandle file, std::uint64_t size)
        : PartFile(std::move(path)), m_file(std::move(file)), m_size(size)
    {
    }

    std::uint64_t size() const override
    {
        LARGE_INTEGER now{};
        if (m_file && ::GetFileSizeEx(m_file.get(), &now))
            return static_cast<std::uint64_t>(now.QuadPart);
        return m_size;
    }

    bool truncate(std::uint64_t size) override
    {
        LARGE_INTEGER at{};
        at.QuadPart = static_cast<LONGLONG>(size);
        if (!m_file || !::SetFilePointerEx(m_file.get(), at, nullptr, FILE_BEGIN) || !::SetEndOfFile(m_file.get()))
            return false;
        m_size = size;
        return true;
    }

    Result<bool> append(const void* data, std::size_t size) override
    {
        if (!m_file)
            return partFileError(codes::kIoError, path() + " was already closed.", "WriteFile", path(),
                                 ERROR_INVALID_HANDLE);
        const auto* p = static_cast<const char*>(data);
        while (size > 0) {
            // The offset, not the handle's file pointer: a readAt in between moves that one.
            OVERLAPPED at{};
            at.Offset = static_cast<DWORD>(m_size);
            at.OffsetHigh = static_cast<DWORD>(m_size >> 32);
            const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(size, kPartFileChunk));
            DWORD written = 0;
            if (!::WriteFile(m_file.get(), p, chunk, &written, &at))
                return writeError(::GetLastError());
            if (written == 0)
                return writeError(ERROR_WRITE_FAULT);  // no progress and no error: do not spin
            p += written;
            size -= written;
            m_size += written;
        }
        return true;
    }

    long long readAt(std::uint64_t offset, void* buffer, std::size_t size) const override
    {
        if (!m_file)
            return -1;
        OVERLAPPED at{};
        at.Offset = static_cast<DWORD>(offset);
        at.OffsetHigh = static_cast<DWORD>(offset >> 32);
        DWORD got = 0;
        // A synchronous handle reads 0 bytes past the end; ERROR_HANDLE_EOF is what an offset there may say.
        if (!::ReadFile(m_file.get(), buffer, static_cast<DWORD>(std::min<std::size_t>(size, kPartFileChunk)), &got, &at))
            return ::GetLastError() == ERROR_HANDLE_EOF ? 0 : -1;
        return got;
    }

    bool sync() override { return m_file && ::FlushFileBuffers(m_file.get()); }
    // Windows writes dirty pages out on its own schedule; FlushFileBuffers waits for the rest.
    void startWriteback(std::uint64_t, std::uint64_t) override {}

    void close() override { m_file.reset(); }

private:
    Error writeError(DWORD err) const
    {
        if (err == ERROR_DISK_FULL || err == ERROR_HANDLE_DISK_FULL)
            return partFileError(codes::kDiskFull,
                                 "The disk holding " + path() + " is full: free some space, then download again to "
                                                                "resume (what arrived is kept).",
                                 "WriteFile", path(), err);
        return partFileError(codes::kIoError,
                             "Writing " + path() + " failed (" + win::systemMessage(err) +
                                 "); what arrived before is kept.",
                             "WriteFile", path(), err);
    }

    win::FileHandle m_file;
    std::uint64_t m_size;  // where the next append goes
};

}  // namespace

Result<std::unique_ptr<PartFile>> PartFile::open(const std::string& path)
{
    // FILE_SHARE_READ only: a second writer (another console, the wizard) fails with a sharing
    // violation, the lock that dies with the process. No link followed: a .part planted as a link
    // would otherwise have the download write wherever it points.
    const std::wstring wide = win::longPath(pathOf(path));
    win::FileHandle file(::CreateFileW(wide.c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ, nullptr,
                                       OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (!file)
        return partFileOpenError(path, wide, ::GetLastError());
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(file.get(), &info)) {
        const DWORD err = ::GetLastError();
        return partFileError(codes::kIoError, path + " cannot be examined (" + win::systemMessage(err) + ").",
                             "GetFileInformationByHandle", path, err);
    }
    if (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
        return Error{codes::kIoError, path + " is a link or junction, not a file: remove it, then download again.",
                     "CreateFileW " + path + ": reparse point, attributes " + std::to_string(info.dwFileAttributes)};
    // A disk file only: a name like CON or \\.\pipe\x opens a device or a pipe instead.
    if (::GetFileType(file.get()) != FILE_TYPE_DISK || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
        return Error{codes::kIoError, path + " is not a plain file: remove it, then download again.",
                     "CreateFileW " + path + ": not a disk file, attributes " + std::to_string(info.dwFileAttributes)};
    const std::uint64_t size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    return std::unique_ptr<PartFile>(std::make_unique<WinPartFile>(path, std::move(file), size));
}

}  // namespace cudnnsetup
