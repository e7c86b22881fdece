#include "platform/folderaccess.h"

#include "common/problemcodes.h"
#include "platform/elevation.h"
#include "platform/folderaccess_win_p.h"
#include "platform/win32.h"

#include <aclapi.h>
#include <sddl.h>

#include <vector>

namespace cudnnsetup {

namespace {

Error aclError(const std::filesystem::path& dir, const char* what, DWORD code)
{
    return Error{codes::kStateDirAccess,
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
    return Error{codes::kStateDirAccess,
                 (at == dir ? "The state folder " + win::utf8(dir)
                            : win::utf8(at) + ", on the way to the state folder " + win::utf8(dir) + ",") +
                     " is a symbolic link or junction; links are not followed. Remove it (an administrator's folder "
                     "is made in its place) or pass --state-dir.",
                 "reparse point at " + win::utf8(at)};
}

// Who may change a file or folder as an administrator may: Administrators, SYSTEM, TrustedInstaller,
// and this process's own user when it has administrator rights (the elevated helper is one; Wine
// also names the owner of every file by it). Decided once per public call.
class Privileged {
public:
    Privileged() : m_me(processHasAdminRights() ? currentUserSid() : std::wstring()) {}
    bool operator()(PSID sid) const
    {
        if (::IsWellKnownSid(sid, WinLocalSystemSid) || ::IsWellKnownSid(sid, WinBuiltinAdministratorsSid))
            return true;
        const std::wstring text = sidString(sid);
        return text == L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464" ||  // TrustedInstaller
               (!m_me.empty() && text == m_me);
    }
    static std::wstring sidString(PSID sid)
    {
        wchar_t* text = nullptr;
        if (!::ConvertSidToStringSidW(sid, &text))
            return {};
        win::LocalMemory owner(text);
        return text;
    }

private:
    std::wstring m_me;
};

// "DOMAIN\name (S-1-…)" for a message, or the SID alone when it has no name here.
std::string describeSid(PSID sid)
{
    wchar_t name[256] = {}, domain[256] = {};
    DWORD nameLen = 256, domainLen = 256;
    SID_NAME_USE use{};
    const std::string text = win::narrow(Privileged::sidString(sid));
    if (!::LookupAccountSidW(nullptr, sid, name, &nameLen, domain, &domainLen, &use))
        return text;
    return win::narrow(std::wstring(domain) + (domainLen ? L"\\" : L"") + name) + " (" + text + ")";
}

// What lets someone change an object itself: write or add to it, its attributes, its DACL or owner,
// delete it or (a folder) its children.
constexpr ACCESS_MASK kChangesObject = FILE_WRITE_DATA | FILE_APPEND_DATA | FILE_WRITE_EA | FILE_WRITE_ATTRIBUTES |
                                       FILE_DELETE_CHILD | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_WRITE | GENERIC_ALL;
// On a parent: what lets someone take the next component away or replace it (delete or rename a child, or
// rewrite the parent's DACL so that they may). Adding new names does not: C:\ and ProgramData let every user
// create folders, the Windows twin of a sticky /tmp, and a name already there stays its owner's.
constexpr ACCESS_MASK kReplacesChild = FILE_DELETE_CHILD | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_ALL;

}  // namespace

namespace win {

// Every entry of the DACL is read, not a few well-known SIDs: a named user's write entry counts as
// much as Users' or Everyone's (issue 29). Deny entries are not subtracted (an allow that a deny
// hides still counts: refused rather than trusted).
std::string foreignWriter(PSECURITY_DESCRIPTOR sd, Reach reach)
{
    const Privileged privileged;
    PSID owner = nullptr;
    BOOL ownerDefaulted = FALSE;
    if (::GetSecurityDescriptorOwner(sd, &owner, &ownerDefaulted) && owner && !privileged(owner))
        return "belongs to " + describeSid(owner) + ", who may change its permissions";
    BOOL present = FALSE, defaulted = FALSE;
    PACL dacl = nullptr;
    if (!::GetSecurityDescriptorDacl(sd, &present, &dacl, &defaulted))
        return "has an access list that cannot be read";
    if (!present || !dacl)
        return "has no access list (everyone may change it)";
    const ACCESS_MASK rights = reach == Reach::Parent ? kReplacesChild : kChangesObject;
    for (DWORD i = 0; i < dacl->AceCount; ++i) {
        ACE_HEADER* ace = nullptr;
        if (!::GetAce(dacl, i, reinterpret_cast<void**>(&ace)) || ace->AceType != ACCESS_ALLOWED_ACE_TYPE)
            continue;
        // Inherit-only entries give nothing on the object itself; in a state folder they are what the
        // files the helper writes there would get, so they count there.
        if ((ace->AceFlags & INHERIT_ONLY_ACE) && reach != Reach::Contents)
            continue;
        auto* allowed = reinterpret_cast<ACCESS_ALLOWED_ACE*>(ace);
        const PSID sid = &allowed->SidStart;
        // CREATOR OWNER / CREATOR GROUP stand for whoever makes a child: only an administrator can here.
        if (::IsWellKnownSid(sid, WinCreatorOwnerSid) || ::IsWellKnownSid(sid, WinCreatorGroupSid))
            continue;
        if ((allowed->Mask & rights) && !privileged(sid))
            return "can be changed by " + describeSid(sid);
    }
    return {};
}

}  // namespace win

namespace {

// The owner and DACL of an open handle, through win::foreignWriter; the reason when it cannot be read.
std::string foreignWriterOf(HANDLE h, win::Reach reach)
{
    PSECURITY_DESCRIPTOR sd = nullptr;
    if (const DWORD rc = ::GetSecurityInfo(h, SE_FILE_OBJECT, OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                                           nullptr, nullptr, nullptr, nullptr, &sd);
        rc != ERROR_SUCCESS)
        return "cannot have its permissions read (" + win::systemMessage(rc) + ")";
    win::LocalMemory owner(sd);
    return win::foreignWriter(sd, reach);
}

win::FileHandle openNoFollow(const std::filesystem::path& p, DWORD access)
{
    return win::FileHandle(::CreateFileW(win::longPath(p).c_str(), access,
                                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                         FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
}

struct FindTraits {
    static HANDLE invalid() { return INVALID_HANDLE_VALUE; }
    static void close(HANDLE h) { ::FindClose(h); }
};
using FindHandle = win::Unique<FindTraits>;

Error foreignEntry(const std::filesystem::path& dir, const std::filesystem::path& entry, const std::string& why)
{
    return Error{codes::kStateDirEntry,
                 "The state folder " + win::utf8(dir) + " holds " + win::utf8(entry) + ", which " + why +
                     ". cudnn-setup trusts only what administrators wrote there, so it read nothing of it; move " +
                     win::utf8(entry) + " out of the folder as an administrator (or delete it), then try again.",
                 win::utf8(entry) + ": " + why};
}

// Every entry below the state folder, each opened without following a reparse point: owned by an
// administrator and changeable by no one else, no reparse point, no second name, of the type its name
// says. A child a user made first, with a protected DACL of their own, keeps it whoever owns the
// folder: it is refused here, never trusted.
Result<Unit> verifyEntries(const std::filesystem::path& top, const std::filesystem::path& dir, int depth)
{
    constexpr int kMaxDepth = 4;
    WIN32_FIND_DATAW found{};
    FindHandle find(::FindFirstFileExW(win::longPath(dir / L"*").c_str(), FindExInfoBasic, &found,
                                       FindExSearchNameMatch, nullptr, 0));
    if (!find) {
        const DWORD err = ::GetLastError();
        if (err == ERROR_FILE_NOT_FOUND)
            return Unit{};
        return aclError(top, "FindFirstFileExW", err);
    }
    do {
        const std::wstring name = found.cFileName;
        if (name == L"." || name == L"..")
            continue;
        const std::filesystem::path entry = dir / name;
        win::FileHandle h = openNoFollow(entry, READ_CONTROL | FILE_READ_ATTRIBUTES);
        if (!h)
            return foreignEntry(top, entry, "cannot be opened (" + win::systemMessage(::GetLastError()) + ")");
        BY_HANDLE_FILE_INFORMATION info{};
        if (!::GetFileInformationByHandle(h.get(), &info))
            return foreignEntry(top, entry, "cannot be examined (" + win::systemMessage(::GetLastError()) + ")");
        const bool folder = info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY;
        if (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
            return foreignEntry(top, entry, "is a symbolic link, junction or other reparse point");
        if (!folder && info.nNumberOfLinks != 1)
            return foreignEntry(top, entry, "has other names (a hard link)");
        if (const std::string w = foreignWriterOf(h.get(), folder ? win::Reach::Contents : win::Reach::Object);
            !w.empty())
            return foreignEntry(top, entry, w);
        if (depth == 0 && name == L"records" && !folder)
            return foreignEntry(top, entry, "is not a folder");
        if (depth == 0 && folder &&
            (name == L"journal.json" || name == L"lock" || name == L"helper-progress.json" || name == L"helper-outcome.json" ||
             name == L"summary.json"))
            return foreignEntry(top, entry, "is not a plain file");
        if (folder) {
            if (depth + 1 >= kMaxDepth)
                return foreignEntry(top, entry, "is nested deeper than cudnn-setup ever writes");
            if (auto r = verifyEntries(top, entry, depth + 1); !r)
                return r;
        }
    } while (::FindNextFileW(find.get(), &found));
    return Unit{};
}

// Every component of `dir` from its drive, opened without following a reparse point
// (FILE_FLAG_OPEN_REPARSE_POINT) and refused if it is one, made where it is missing. The
// handles are kept (no FILE_SHARE_DELETE) until the folder's DACL is set and read back, so
// that no component can be renamed or replaced by a link in the meantime.
Result<std::vector<win::FileHandle>> openChain(const std::filesystem::path& dir, bool create, bool* made)
{
    std::vector<win::FileHandle> held;
    std::filesystem::path at;
    *made = false;
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
            if ((err != ERROR_FILE_NOT_FOUND && err != ERROR_PATH_NOT_FOUND) || !create)
                return aclError(at, "CreateFileW", err);
            if (::CreateDirectoryW(win::longPath(at).c_str(), nullptr))
                *made = at == dir;
            else if (::GetLastError() != ERROR_ALREADY_EXISTS)
                return Error{codes::kStateDirAccess, "Cannot create the state folder " + win::utf8(dir) + ": " +
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
            return Error{codes::kStateDirAccess, win::utf8(at) + " is a file where the state folder " + win::utf8(dir) +
                                                 " needs a folder. Move it or pass --state-dir.",
                         "not a directory"};
        // A parent a standard user could take the next component out of (or replace) makes every check
        // below it moot. Read through a second handle: `h` has no READ_CONTROL.
        if (at != dir) {
            win::FileHandle acl = openNoFollow(at, READ_CONTROL | FILE_READ_ATTRIBUTES);
            const std::string w = acl ? foreignWriterOf(acl.get(), win::Reach::Parent)
                                      : "cannot be opened (" + win::systemMessage(::GetLastError()) + ")";
            if (!w.empty())
                return Error{codes::kStateDirAccess,
                             "The state folder " + win::utf8(dir) + " is inside " + win::utf8(at) + ", which " + w +
                                 "; choose a folder whose parents only administrators can change.",
                             "unsafe parent " + win::utf8(at) + ": " + w};
        }
        held.push_back(std::move(h));
    }
    return held;
}

// An existing state folder, as it is: owned by an administrator, changeable by no one else (inherit-only
// entries included: the helper's files would get them), then every entry in it.
Result<Unit> verifyExisting(const std::filesystem::path& dir)
{
    win::FileHandle h = openNoFollow(dir, READ_CONTROL | FILE_READ_ATTRIBUTES);
    if (!h)
        return aclError(dir, "CreateFileW", ::GetLastError());
    if (const std::string w = foreignWriterOf(h.get(), win::Reach::Contents); !w.empty())
        return Error{codes::kStateDirAccess,
                     "The state folder " + win::utf8(dir) + " " + w +
                         "; it is left as it is. Move it away as an administrator (a new one is made, administrators "
                         "only) or pass --state-dir with a folder only administrators can change.",
                     "verify: " + w};
    return verifyEntries(dir, dir, 0);
}

}  // namespace

// A folder made here gets its protected DACL and owner; one that was there is never changed (issue 29:
// taking a user's folder over kept the children they had made in it, with DACLs of their own), only
// verified, with every entry in it.
Result<Unit> prepareStateDir(const std::filesystem::path& dirIn, StateDirAccess access)
{
    const std::filesystem::path dir = std::filesystem::absolute(dirIn);
    bool made = false;
    auto chain = openChain(dir, true, &made);
    if (!chain)
        return chain.error();
    if (!made)
        return verifyExisting(dir);

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
    // Shared: owned by Administrators rather than by this process's user.
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
                return Error{codes::kStateDirAccess,
                             "The state folder " + win::utf8(dir) + " still lets users other than administrators "
                             "change it after its permissions were set; check it by hand.",
                             "verify: ACE " + std::to_string(i) + " mask " + std::to_string(allowed->Mask)};
        }
    }
    return Unit{};
}

Result<Unit> verifyStateDir(const std::filesystem::path& dirIn)
{
    const std::filesystem::path dir = std::filesystem::absolute(dirIn);
    bool made = false;
    auto chain = openChain(dir, false, &made);
    if (!chain)
        return chain.error();
    return verifyExisting(dir);
}

// The owner and every entry of the DACL of the folder and of each parent up to the drive, each opened
// without following a reparse point (one on the way counts as writable: it can point anywhere). Before
// issue 29 only four well-known SIDs of the folder itself were looked at: a named user's write entry,
// a user as owner, or a parent they could change passed.
bool writableByNonAdmins(const std::filesystem::path& dirIn, std::string* who)
{
    const std::filesystem::path dir = std::filesystem::absolute(dirIn);
    std::filesystem::path at;
    for (const auto& part : dir) {
        at /= part;
        if (at == at.root_name())
            continue;  // "C:" alone names the current folder of that drive
        win::FileHandle h = openNoFollow(at, READ_CONTROL | FILE_READ_ATTRIBUTES);
        if (!h)
            return false;  // missing: nothing can be planted there yet
        BY_HANDLE_FILE_INFORMATION info{};
        if (::GetFileInformationByHandle(h.get(), &info) && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
            if (who)
                *who = win::utf8(at) + " is a symbolic link or junction";
            return true;
        }
        const bool last = at == dir || (at / "") == (dir / "");
        if (const std::string w = foreignWriterOf(h.get(), last ? win::Reach::Object : win::Reach::Parent);
            !w.empty()) {
            if (who)
                *who = win::utf8(at) + " " + w;
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
