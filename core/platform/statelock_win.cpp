#include "platform/statelock.h"

#include "platform/win32.h"

#include <filesystem>
#include <string>

namespace cudnnsetup {

namespace {

// Past any content the file will ever have: locking it never blocks reading the pid.
constexpr DWORD kLockOffsetHigh = 0x7fffffff;

class WinStateLock : public StateLock {
public:
    explicit WinStateLock(win::FileHandle file) : m_file(std::move(file)) {}
    ~WinStateLock() override
    {
        OVERLAPPED at{};
        at.OffsetHigh = kLockOffsetHigh;
        ::UnlockFileEx(m_file.get(), 0, 1, 0, &at);
    }

private:
    win::FileHandle m_file;
};

std::string holderOf(HANDLE file)
{
    char buf[32] = {};
    DWORD got = 0;
    OVERLAPPED at{};
    if (!::ReadFile(file, buf, sizeof buf - 1, &got, &at))
        return {};
    std::string text(buf, got);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos ? text : std::string();
}

}  // namespace

Result<std::unique_ptr<StateLock>> StateLock::tryAcquire(const std::string& stateDir, bool create)
{
    std::error_code ec;
    if (create)
        std::filesystem::create_directories(std::filesystem::u8path(stateDir), ec);
    const std::string path = lockPathIn(stateDir);
    const std::wstring wide = win::longPath(std::filesystem::u8path(path));
    constexpr DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    win::FileHandle file(::CreateFileW(wide.c_str(), GENERIC_READ | GENERIC_WRITE, share, nullptr, OPEN_ALWAYS,
                                       FILE_ATTRIBUTE_NORMAL, nullptr));
    const bool writable = bool(file);
    if (!file)  // a state folder only administrators write: still lockable for reading
        file = win::FileHandle(
            ::CreateFileW(wide.c_str(), GENERIC_READ, share, nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
    if (!file) {
        const DWORD err = ::GetLastError();
        return Error{"state-dir-access", "The state folder " + stateDir + " cannot be used (" + win::systemMessage(err) +
                                      "); run as an administrator or give --state-dir.",
                     "CreateFileW " + path + ": error " + std::to_string(err)};
    }
    OVERLAPPED at{};
    at.OffsetHigh = kLockOffsetHigh;
    if (!::LockFileEx(file.get(), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)) {
        const DWORD err = ::GetLastError();
        if (err == ERROR_LOCK_VIOLATION || err == ERROR_IO_PENDING) {
            const std::string holder = holderOf(file.get());
            return Error{"busy",
                         "Another cudnn-setup" + (holder.empty() ? std::string() : " (process " + holder + ")") +
                             " is changing a toolkit with the state folder " + stateDir +
                             ". Nothing was changed; wait for it to finish, then try again.",
                         "LockFileEx " + path + ": error " + std::to_string(err)};
        }
        return Error{"state-dir-access", "The state folder " + stateDir + " cannot be locked (" + win::systemMessage(err) + ").",
                     "LockFileEx " + path + ": error " + std::to_string(err)};
    }
    if (writable) {
        const std::string pid = std::to_string(::GetCurrentProcessId()) + "\r\n";
        DWORD written = 0;
        ::SetFilePointer(file.get(), 0, nullptr, FILE_BEGIN);
        ::SetEndOfFile(file.get());
        ::WriteFile(file.get(), pid.data(), static_cast<DWORD>(pid.size()), &written, nullptr);
    }
    return std::unique_ptr<StateLock>(new WinStateLock(std::move(file)));
}

}  // namespace cudnnsetup
