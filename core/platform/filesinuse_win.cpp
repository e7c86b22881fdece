#include "platform/filesinuse.h"

#include "common/problemcodes.h"
#include "platform/dynlib.h"
#include "platform/win32.h"

#include <restartmanager.h>

namespace cudnnsetup {

namespace {

// The Restart Manager is loaded at run time from System32 only. As a link-time import,
// rstrtmgr.dll (not a KnownDLL) would be looked up first in the folder the program was
// started from, before main() runs: Downloads, for a downloaded tool (DLL planting).
struct RestartManager {
    decltype(&::RmStartSession) start = nullptr;
    decltype(&::RmRegisterResources) registerResources = nullptr;
    decltype(&::RmGetList) getList = nullptr;
    decltype(&::RmEndSession) end = nullptr;
    DynLib lib;

    static const RestartManager& get()
    {
        static const RestartManager rm = [] {
            RestartManager r;
            r.lib = DynLib::openSystem("rstrtmgr.dll");
            r.start = reinterpret_cast<decltype(&::RmStartSession)>(r.lib.symbol("RmStartSession"));
            r.registerResources = reinterpret_cast<decltype(&::RmRegisterResources)>(r.lib.symbol("RmRegisterResources"));
            r.getList = reinterpret_cast<decltype(&::RmGetList)>(r.lib.symbol("RmGetList"));
            r.end = reinterpret_cast<decltype(&::RmEndSession)>(r.lib.symbol("RmEndSession"));
            return r;
        }();
        return rm;
    }
    bool usable() const { return start && registerResources && getList && end; }
};

// RmEndSession on scope exit.
struct RmSession {
    DWORD handle = 0;
    bool open = false;
    ~RmSession()
    {
        if (open)
            RestartManager::get().end(handle);
    }
};

}  // namespace

bool isFileLocked(const std::filesystem::path& file)
{
    // Asking for DELETE access with every sharing flag fails exactly when some
    // other open lacks FILE_SHARE_DELETE, or the file is a mapped image.
    const std::wstring name = win::longPath(file);
    win::FileHandle h(::CreateFileW(name.c_str(), DELETE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                    nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
    if (h)
        return false;
    const DWORD code = ::GetLastError();
    return code == ERROR_SHARING_VIOLATION || code == ERROR_LOCK_VIOLATION || code == ERROR_USER_MAPPED_FILE;
}

Result<std::vector<FileHolder>> processesUsing(const std::filesystem::path& file)
{
    const RestartManager& rm = RestartManager::get();
    if (!rm.usable())
        return Error{codes::kRestartManager, "Windows cannot tell which program holds " + win::utf8(file) + ".",
                     "rstrtmgr.dll from System32: " + rm.lib.error()};
    RmSession session;
    WCHAR key[CCH_RM_SESSION_KEY + 1] = {};
    DWORD rc = rm.start(&session.handle, 0, key);
    if (rc != ERROR_SUCCESS)
        return Error{codes::kRestartManager, "Windows cannot tell which program holds " + win::utf8(file) + ".",
                     "RmStartSession failed with " + std::to_string(rc)};
    session.open = true;
    const std::wstring name = file.wstring();  // the Restart Manager does not take "\\?\" names
    LPCWSTR names[] = {name.c_str()};
    rc = rm.registerResources(session.handle, 1, names, 0, nullptr, 0, nullptr);
    if (rc != ERROR_SUCCESS)
        return Error{codes::kRestartManager, "Windows cannot tell which program holds " + win::utf8(file) + ".",
                     "RmRegisterResources failed with " + std::to_string(rc)};
    std::vector<RM_PROCESS_INFO> info(8);
    for (int attempt = 0; attempt < 4; ++attempt) {
        UINT needed = 0;
        UINT count = static_cast<UINT>(info.size());
        DWORD reasons = 0;
        rc = rm.getList(session.handle, &needed, &count, info.data(), &reasons);
        if (rc == ERROR_MORE_DATA) {
            // The list can grow between calls; retry with what it asked for.
            info.resize(needed + 4);
            continue;
        }
        if (rc != ERROR_SUCCESS)
            return Error{codes::kRestartManager, "Windows cannot tell which program holds " + win::utf8(file) + ".",
                         "RmGetList failed with " + std::to_string(rc)};
        std::vector<FileHolder> holders;
        for (UINT i = 0; i < count; ++i)
            holders.push_back({info[i].Process.dwProcessId, win::narrow(info[i].strAppName)});
        return holders;
    }
    return Error{codes::kRestartManager, "Windows cannot tell which program holds " + win::utf8(file) + ".",
                 "RmGetList kept growing"};
}

Result<Unit> replaceFile(const std::filesystem::path& source, const std::filesystem::path& target)
{
    const std::wstring from = win::longPath(source);
    const std::wstring to = win::longPath(target);
    if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return Unit{};
    const DWORD code = ::GetLastError();
    // A held target shows up as a sharing violation, or as "access denied" when it
    // is a loaded DLL; the DELETE probe tells the latter from a real permission issue.
    if (code == ERROR_SHARING_VIOLATION || code == ERROR_LOCK_VIOLATION ||
        (code == ERROR_ACCESS_DENIED && isFileLocked(target))) {
        std::string who;
        if (auto holders = processesUsing(target); holders && !holders->empty())
            who = describeHolders(*holders);
        return Error{kFileInUse,
                     win::utf8(target) + " is in use" + (who.empty() ? std::string() : " by " + who) +
                         "; close " + (who.empty() ? std::string("the program using it") : std::string("it")) +
                         " and try again.",
                     "MoveFileExW failed with " + std::to_string(code)};
    }
    return Error{codes::kReplaceFailed,
                 "Cannot replace " + win::utf8(target) + " (" + win::systemMessage(code) + ").",
                 "MoveFileExW failed with " + std::to_string(code)};
}

}  // namespace cudnnsetup
