#include "platform/statedir.h"

#include "platform/win32.h"

#include <aclapi.h>
#include <sddl.h>

namespace cudnnsetup {

namespace {

Error aclError(const std::filesystem::path& dir, const char* what, DWORD code)
{
    return Error{"state-dir-access",
                 "Cannot secure the state folder " + win::utf8(dir) + " (" + win::systemMessage(code) +
                     "); run as administrator or pass --state-dir with a folder you own.",
                 std::string(what) + " failed with " + std::to_string(code)};
}

// The SID string of the user running this process, for the Private DACL.
std::wstring currentUserSid()
{
    win::Handle token;
    if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, token.put()))
        return {};
    DWORD size = 0;
    ::GetTokenInformation(token.get(), TokenUser, nullptr, 0, &size);
    std::string buffer(size, '\0');
    if (!::GetTokenInformation(token.get(), TokenUser, buffer.data(), size, &size))
        return {};
    wchar_t* text = nullptr;
    if (!::ConvertSidToStringSidW(reinterpret_cast<TOKEN_USER*>(buffer.data())->User.Sid, &text))
        return {};
    win::LocalMemory owner(text);
    return text;
}

}  // namespace

Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return Error{"state-dir-access", "Cannot create the state folder " + win::utf8(dir) + ": " + ec.message() + ".",
                     "create_directories"};

    // "P" protects the DACL from inheriting the parent's entries: ProgramData lets
    // every user create files in new subfolders, which is exactly what must not
    // happen to a folder whose journals an elevated process replays.
    std::wstring sddl = L"D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)";
    if (access == StateDirAccess::Shared) {
        sddl += L"(A;OICI;FRFX;;;BU)";
    } else {
        const std::wstring me = currentUserSid();
        if (me.empty())
            return aclError(dir, "GetTokenInformation", ::GetLastError());
        sddl += L"(A;OICI;FA;;;" + me + L")";
    }
    PSECURITY_DESCRIPTOR sd = nullptr;
    if (!::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &sd, nullptr))
        return aclError(dir, "ConvertStringSecurityDescriptorToSecurityDescriptorW", ::GetLastError());
    win::LocalMemory sdOwner(sd);
    BOOL present = FALSE, defaulted = FALSE;
    PACL dacl = nullptr;
    if (!::GetSecurityDescriptorDacl(sd, &present, &dacl, &defaulted))
        return aclError(dir, "GetSecurityDescriptorDacl", ::GetLastError());

    std::wstring name = dir.wstring();
    const DWORD rc = ::SetNamedSecurityInfoW(name.data(), SE_FILE_OBJECT,
                                             DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
                                             nullptr, nullptr, dacl, nullptr);
    if (rc != ERROR_SUCCESS)
        return aclError(dir, "SetNamedSecurityInfoW", rc);
    return Unit{};
}

Result<std::string> describeStateDirAccess(const std::filesystem::path& dir)
{
    PSECURITY_DESCRIPTOR sd = nullptr;
    std::wstring name = dir.wstring();
    const DWORD rc = ::GetNamedSecurityInfoW(name.data(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr,
                                             nullptr, nullptr, nullptr, &sd);
    if (rc != ERROR_SUCCESS)
        return aclError(dir, "GetNamedSecurityInfoW", rc);
    win::LocalMemory sdOwner(sd);
    wchar_t* text = nullptr;
    if (!::ConvertSecurityDescriptorToStringSecurityDescriptorW(sd, SDDL_REVISION_1, DACL_SECURITY_INFORMATION,
                                                                &text, nullptr))
        return aclError(dir, "ConvertSecurityDescriptorToStringSecurityDescriptorW", ::GetLastError());
    win::LocalMemory textOwner(text);
    return win::narrow(text);
}

}  // namespace cudnnsetup
