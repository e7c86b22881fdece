#include "platform/statelock.h"

#include "common/problemcodes.h"
#include "platform/win32.h"

#include <aclapi.h>
#include <sddl.h>

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

// LockFileEx works on a handle opened for reading: a lock file standard users may read
// (the state folder lets them read) is a lock any of them can take, blocking every install.
// Only SYSTEM, Administrators and this process's user may open it. Best effort: a prefix or
// file system without ACLs keeps what it has.
void restrictToOwnerAndAdmins(const std::wstring& file)
{
    win::Handle token;
    if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, token.put()))
        return;
    DWORD size = 0;
    ::GetTokenInformation(token.get(), TokenUser, nullptr, 0, &size);
    std::string buffer(size, '\0');
    if (!::GetTokenInformation(token.get(), TokenUser, buffer.data(), size, &size))
        return;
    wchar_t* me = nullptr;
    if (!::ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(buffer.data())->User.Sid, &me))
        return;
    win::LocalMemory meOwner(me);
    const std::wstring sddl = L"D:P(A;;FA;;;SY)(A;;FA;;;BA)(A;;FA;;;" + std::wstring(me) + L")";
    PSECURITY_DESCRIPTOR sd = nullptr;
    if (!::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &sd, nullptr))
        return;
    win::LocalMemory sdOwner(sd);
    BOOL present = FALSE, defaulted = FALSE;
    PACL dacl = nullptr;
    if (!::GetSecurityDescriptorDacl(sd, &present, &dacl, &defaulted))
        return;
    win::FileHandle h(::CreateFileW(file.c_str(), WRITE_DAC, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                    nullptr, OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (h)
        ::SetSecurityInfo(h.get(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
                          nullptr, nullptr, dacl, nullptr);
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
        return Error{codes::kStateDirAccess, "The state folder " + stateDir + " cannot be used (" + win::systemMessage(err) +
                                      "); run as an administrator or give --state-dir.",
                     "CreateFileW " + path + ": error " + std::to_string(err)};
    }
    if (writable)
        restrictToOwnerAndAdmins(wide);
    OVERLAPPED at{};
    at.OffsetHigh = kLockOffsetHigh;
    if (!::LockFileEx(file.get(), LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)) {
        const DWORD err = ::GetLastError();
        if (err == ERROR_LOCK_VIOLATION || err == ERROR_IO_PENDING) {
            const std::string holder = holderOf(file.get());
            return Error{codes::kBusy,
                         "Another cudnn-setup" + (holder.empty() ? std::string() : " (process " + holder + ")") +
                             " is changing a toolkit with the state folder " + stateDir +
                             ". Nothing was changed; wait for it to finish, then try again.",
                         "LockFileEx " + path + ": error " + std::to_string(err)};
        }
        return Error{codes::kStateDirAccess, "The state folder " + stateDir + " cannot be locked (" + win::systemMessage(err) + ").",
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
