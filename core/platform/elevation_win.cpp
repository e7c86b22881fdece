#include "platform/elevation.h"

#include "common/problemcodes.h"
#include "platform/uac.h"
#include "platform/win32.h"

#include <filesystem>

namespace cudnnsetup {

namespace {

// Same quoting rule as CommandLineToArgvW: backslashes double only before a quote.
// Whether this process can create a file in `folder` (the nearest existing
// ancestor decides): a real probe, since ACL evaluation by hand misses group
// memberships, deny entries and virtualisation.
bool canWriteIn(const std::filesystem::path& folder)
{
    std::filesystem::path p = folder;
    std::error_code ec;
    while (!p.empty() && !std::filesystem::exists(p, ec) && p != p.parent_path())
        p = p.parent_path();
    if (p.empty())
        return false;
    const std::wstring probe = win::longPath(p / (L".cudnn-setup-probe-" + std::to_wstring(::GetCurrentProcessId())));
    win::FileHandle h(::CreateFileW(probe.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                    FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, nullptr));
    return static_cast<bool>(h);
}

class RunasElevator : public Elevator {
public:
    explicit RunasElevator(ShellExecuteFn shellExecute) : m_shellExecute(std::move(shellExecute)) {}

    bool needed(const std::vector<std::string>& writableFolders) const override
    {
        if (processIsElevated())
            return false;
        for (const std::string& folder : writableFolders)
            if (!canWriteIn(std::filesystem::path(win::widen(folder))))
                return true;
        return false;
    }

    Result<int> run(const std::string& program, const std::vector<std::string>& args, std::string* output,
                    const std::function<void()>& whileWaiting) override
    {
        if (!processIsElevated() && uacEnabled() == std::optional<bool>(false))
            return Error{codes::kElevationRefused,
                         "Administrator rights are needed, and with User Account Control turned off Windows cannot "
                         "ask for them. Run the command from an administrator command prompt.",
                         "EnableLUA=0"};
        // An elevated process started through "runas" inherits no handles from us, so its
        // stdout cannot be a pipe. It is not redirected into a file either (a predictable name
        // in the user's %TEMP% would be the user's to replace): the helper leaves its outcome in
        // its admin-only state folder (install/helperprogress.h), which the caller reads.
        std::wstring parameters;
        for (const std::string& a : args)
            parameters += (parameters.empty() ? L"" : L" ") + win::quoteArgument(win::widen(a));
        const std::wstring file = win::widen(program);

        SHELLEXECUTEINFOW info{};
        info.cbSize = sizeof info;
        // NOASYNC: the call returns only once the process exists (no DDE leftovers);
        // NOCLOSEPROCESS: we wait for it and read its exit code.
        info.fMask = SEE_MASK_NOCLOSEPROCESS | SEE_MASK_NOASYNC | SEE_MASK_FLAG_NO_UI;
        info.lpVerb = L"runas";
        info.lpFile = file.c_str();
        info.lpParameters = parameters.c_str();
        info.nShow = SW_HIDE;
        if (!m_shellExecute(&info)) {
            const DWORD code = ::GetLastError();
            if (code == ERROR_CANCELLED)
                return Error{codes::kElevationRefused,
                             "Administrator rights were not granted (the Windows prompt was declined). Nothing was "
                             "changed; run the command again and accept the prompt, or use an administrator "
                             "command prompt.",
                             "ShellExecuteExW runas: ERROR_CANCELLED"};
            return Error{codes::kElevationFailed,
                         "The elevated helper could not be started (" + win::systemMessage(code) + ").",
                         "ShellExecuteExW runas failed with " + std::to_string(code)};
        }
        win::Handle process(info.hProcess);
        if (!process)
            return Error{codes::kElevationFailed, "The elevated helper was started but cannot be waited for.",
                         "ShellExecuteExW returned no process handle"};
        while (::WaitForSingleObject(process.get(), whileWaiting ? 100 : INFINITE) == WAIT_TIMEOUT)
            whileWaiting();
        DWORD exitCode = 0;
        const bool gotCode = ::GetExitCodeProcess(process.get(), &exitCode) != 0;
        if (output)
            output->clear();
        if (!gotCode)
            return Error{codes::kElevationFailed, "The elevated helper's result cannot be read.", "GetExitCodeProcess"};
        return static_cast<int>(exitCode);
    }

private:
    ShellExecuteFn m_shellExecute;
};

}  // namespace

bool processIsElevated()
{
    win::Handle token;
    if (!::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, token.put()))
        return false;
    TOKEN_ELEVATION elevation{};
    DWORD size = 0;
    if (!::GetTokenInformation(token.get(), TokenElevation, &elevation, sizeof elevation, &size))
        return false;
    return elevation.TokenIsElevated != 0;
}

std::optional<bool> uacEnabled()
{
    win::Key key;
    LONG rc = ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, L"SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System", 0,
                              KEY_QUERY_VALUE | KEY_WOW64_64KEY, key.put());
    DWORD value = 0;
    DWORD size = sizeof value;
    if (rc == ERROR_SUCCESS)
        rc = ::RegGetValueW(key.get(), nullptr, L"EnableLUA", RRF_RT_REG_DWORD, nullptr, &value, &size);
    if (rc == ERROR_FILE_NOT_FOUND)
        return true;  // absent means the default: UAC on
    if (rc != ERROR_SUCCESS)
        return std::nullopt;
    return value != 0;
}

std::unique_ptr<Elevator> makeRunasElevator(ShellExecuteFn shellExecute)
{
    return std::make_unique<RunasElevator>(std::move(shellExecute));
}

std::unique_ptr<Elevator> makeElevator()
{
    return makeRunasElevator([](SHELLEXECUTEINFOW* info) { return ::ShellExecuteExW(info); });
}

bool processHasAdminRights()
{
    return processIsElevated();
}

bool startedByElevator()
{
    return false;  // UAC's "runas" asks an administrator; no rule lets a standard user elevate us
}

void holdSignalsForHelper()
{
    ::SetConsoleCtrlHandler(nullptr, TRUE);  // Ctrl+C / Ctrl+Break of the console: ignored
}

std::string currentExecutable()
{
    std::wstring buffer(512, L'\0');
    for (;;) {
        const DWORD n = ::GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
        if (n == 0)
            return {};
        if (n < buffer.size()) {
            buffer.resize(n);
            return win::narrow(buffer);
        }
        buffer.resize(buffer.size() * 2);
    }
}

}  // namespace cudnnsetup
