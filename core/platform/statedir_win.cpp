#include "platform/statedir.h"

#include "platform/win32.h"

#include <aclapi.h>
#include <sddl.h>

#include <vector>

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

Error linkError(const std::filesystem::path& dir, const std::filesystem::path& at)
{
    return Error{"state-dir-access",
                 (at == dir ? "The state folder " + win::utf8(dir)
                            : win::utf8(at) + ", on the way to the state folder " + win::utf8(dir) + ",") +
                     " is a symbolic link or junction; links are not followed. Remove it (an administrator's folder "
                     "is made in its place) or pass --state-dir.",
                 "reparse point at " + win::utf8(at)};
}

// Every component of `dir` from its drive, opened without following a reparse point
// (FILE_FLAG_OPEN_REPARSE_POINT) and refused if it is one, made where it is missing. The
// handles are kept (no FILE_SHARE_DELETE) until the folder's DACL is set and read back, so
// that no component can be renamed or replaced by a link in the meantime.
Result<std::vector<win::FileHandle>> openChain(const std::filesystem::path& dir)
{
    std::vector<win::FileHandle> held;
    std::filesystem::path at;
    for (const auto& part : dir) {
        at /= part;
        if (at == at.root_path() || at == at.root_name() || at == at.root_name() / at.root_directory())
            continue;
        auto open = [&at] {
            // Data access (listing) so that the missing FILE_SHARE_DELETE binds: no rename meanwhile.
            return win::FileHandle(::CreateFileW(win::longPath(at).c_str(), FILE_LIST_DIRECTORY | FILE_READ_ATTRIBUTES,
                                                 FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                                 FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
        };
        win::FileHandle h = open();
        if (!h) {
            const DWORD err = ::GetLastError();
            if (err != ERROR_FILE_NOT_FOUND && err != ERROR_PATH_NOT_FOUND)
                return aclError(at, "CreateFileW", err);
            if (!::CreateDirectoryW(win::longPath(at).c_str(), nullptr) && ::GetLastError() != ERROR_ALREADY_EXISTS)
                return Error{"state-dir-access", "Cannot create the state folder " + win::utf8(dir) + ": " +
                                                     win::systemMessage(::GetLastError()) + ".",
                             "CreateDirectoryW " + win::utf8(at)};
            h = open();
            if (!h)
                return aclError(at, "CreateFileW", ::GetLastError());
        }
        BY_HANDLE_FILE_INFORMATION info{};
        if (!::GetFileInformationByHandle(h.get(), &info))
            return aclError(at, "GetFileInformationByHandle", ::GetLastError());
        if (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
            return linkError(dir, at);
        if (!(info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
            return Error{"state-dir-access", win::utf8(at) + " is a file where the state folder " + win::utf8(dir) +
                                                 " needs a folder. Move it or pass --state-dir.",
                         "not a directory"};
        held.push_back(std::move(h));
    }
    return held;
}

}  // namespace

Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access)
{
    auto chain = openChain(std::filesystem::absolute(dir));
    if (!chain)
        return chain.error();

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

    // Through a handle opened without following a reparse point (symbolic link, junction):
    // a folder a user replaced by a junction would otherwise give ProgramData's child's DACL
    // to wherever it points.
    win::FileHandle h(::CreateFileW(win::longPath(dir).c_str(), READ_CONTROL | WRITE_DAC | WRITE_OWNER,
                                    FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                    FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
    if (!h)
        return aclError(dir, "CreateFileW", ::GetLastError());
    BY_HANDLE_FILE_INFORMATION info{};
    if (!::GetFileInformationByHandle(h.get(), &info))
        return aclError(dir, "GetFileInformationByHandle", ::GetLastError());
    if (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
        return linkError(dir, dir);
    // Shared: owned by Administrators, so that a user who made the folder first (and owned it,
    // with the right to change its DACL back) no longer does.
    PSID admins = nullptr;
    SID_IDENTIFIER_AUTHORITY nt = SECURITY_NT_AUTHORITY;
    if (access == StateDirAccess::Shared &&
        !::AllocateAndInitializeSid(&nt, 2, SECURITY_BUILTIN_DOMAIN_RID, DOMAIN_ALIAS_RID_ADMINS, 0, 0, 0, 0, 0, 0,
                                    &admins))
        return aclError(dir, "AllocateAndInitializeSid", ::GetLastError());
    SECURITY_INFORMATION what = DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION;
    if (admins)
        what |= OWNER_SECURITY_INFORMATION;
    const DWORD rc = ::SetSecurityInfo(h.get(), SE_FILE_OBJECT, what, admins, nullptr, dacl, nullptr);
    if (admins)
        ::FreeSid(admins);
    if (rc != ERROR_SUCCESS)
        return aclError(dir, "SetSecurityInfo", rc);
    // Verified, not assumed: read back and refuse an entry that lets a standard user write.
    PSECURITY_DESCRIPTOR now = nullptr;
    PACL nowDacl = nullptr;
    if (const DWORD got = ::GetSecurityInfo(h.get(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr,
                                            &nowDacl, nullptr, &now);
        got != ERROR_SUCCESS)
        return aclError(dir, "GetSecurityInfo", got);
    win::LocalMemory nowOwner(now);
    if (access == StateDirAccess::Shared && nowDacl) {
        // This elevated process's own user is an administrator (Wine also reads the owner's
        // Unix mode bits back as an entry for it).
        const std::wstring me = currentUserSid();
        auto isMe = [&me](PSID sid) {
            wchar_t* text = nullptr;
            if (me.empty() || !::ConvertSidToStringSidW(sid, &text))
                return false;
            win::LocalMemory owner(text);
            return me == text;
        };
        for (DWORD i = 0; i < nowDacl->AceCount; ++i) {
            ACE_HEADER* ace = nullptr;
            if (!::GetAce(nowDacl, i, reinterpret_cast<void**>(&ace)) || ace->AceType != ACCESS_ALLOWED_ACE_TYPE)
                continue;
            auto* allowed = reinterpret_cast<ACCESS_ALLOWED_ACE*>(ace);
            const PSID sid = &allowed->SidStart;
            const bool privileged = ::IsWellKnownSid(sid, WinLocalSystemSid) ||
                                    ::IsWellKnownSid(sid, WinBuiltinAdministratorsSid) ||
                                    ::IsWellKnownSid(sid, WinCreatorOwnerSid) || isMe(sid);
            const ACCESS_MASK writes = FILE_WRITE_DATA | FILE_APPEND_DATA | FILE_WRITE_EA | FILE_WRITE_ATTRIBUTES |
                                       FILE_DELETE_CHILD | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_WRITE |
                                       GENERIC_ALL;
            if (!privileged && (allowed->Mask & writes))
                return Error{"state-dir-access",
                             "The state folder " + win::utf8(dir) + " still lets users other than administrators "
                             "change it after its permissions were set; check it by hand.",
                             "verify: ACE " + std::to_string(i) + " mask " + std::to_string(allowed->Mask)};
        }
    }
    return Unit{};
}

bool writableByNonAdmins(const std::filesystem::path& dir, std::string* who)
{
    PSECURITY_DESCRIPTOR sd = nullptr;
    PACL dacl = nullptr;
    std::wstring name = dir.wstring();
    if (::GetNamedSecurityInfoW(name.data(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, &dacl,
                                nullptr, &sd) != ERROR_SUCCESS)
        return false;
    win::LocalMemory owner(sd);
    if (!dacl) {
        if (who)
            *who = win::utf8(dir) + " has no access list (everyone may write it)";
        return true;
    }
    for (DWORD i = 0; i < dacl->AceCount; ++i) {
        ACE_HEADER* ace = nullptr;
        if (!::GetAce(dacl, i, reinterpret_cast<void**>(&ace)) || ace->AceType != ACCESS_ALLOWED_ACE_TYPE)
            continue;
        auto* allowed = reinterpret_cast<ACCESS_ALLOWED_ACE*>(ace);
        const PSID sid = &allowed->SidStart;
        const bool user = ::IsWellKnownSid(sid, WinBuiltinUsersSid) || ::IsWellKnownSid(sid, WinWorldSid) ||
                          ::IsWellKnownSid(sid, WinAuthenticatedUserSid) || ::IsWellKnownSid(sid, WinInteractiveSid);
        const ACCESS_MASK writes =
            FILE_WRITE_DATA | FILE_APPEND_DATA | FILE_DELETE_CHILD | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_WRITE | GENERIC_ALL;
        if (user && (allowed->Mask & writes)) {
            if (who)
                *who = win::utf8(dir) + " can be written by standard users";
            return true;
        }
    }
    return false;
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
