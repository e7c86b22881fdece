#include "platform/systempath.h"

#include "common/problemcodes.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"

namespace cudnnsetup {

namespace {

Error registryError(const char* what, LONG rc)
{
    const bool denied = rc == ERROR_ACCESS_DENIED;
    return Error{denied ? codes::kNoPermission : codes::kRegistryError,
                 denied ? "Changing the system PATH needs administrator rights."
                        : "Cannot change the system PATH in the registry (" + win::systemMessage(static_cast<DWORD>(rc)) + ").",
                 std::string(what) + " HKLM\\SYSTEM\\...\\Session Manager\\Environment\\Path failed with " +
                     std::to_string(rc)};
}

class WindowsSystemPath : public SystemPath {
public:
    PathMechanism mechanism() const override { return PathMechanism::WindowsPath; }
    std::string location() const override
    {
        return "HKLM\\" + win::narrow(kSystemEnvironmentKey) + "\\Path";
    }

    Result<std::optional<std::string>> read() override
    {
        win::Key key;
        LONG rc = ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY,
                                  key.put());
        if (rc != ERROR_SUCCESS)
            return registryError("RegOpenKeyExW", rc);
        // Raw bytes, no expansion: the value goes back exactly as it was, %SystemRoot% included.
        DWORD type = 0, bytes = 0;
        rc = ::RegQueryValueExW(key.get(), L"Path", nullptr, &type, nullptr, &bytes);
        if (rc == ERROR_FILE_NOT_FOUND)
            return std::optional<std::string>();
        if (rc != ERROR_SUCCESS)
            return registryError("RegQueryValueExW", rc);
        std::wstring text;
        for (int attempt = 0; attempt < 4; ++attempt) {
            text.assign(bytes / sizeof(wchar_t) + 1, L'\0');
            bytes = static_cast<DWORD>(text.size() * sizeof(wchar_t));
            rc = ::RegQueryValueExW(key.get(), L"Path", nullptr, &type, reinterpret_cast<BYTE*>(text.data()), &bytes);
            if (rc != ERROR_MORE_DATA)
                break;
        }
        if (rc != ERROR_SUCCESS)
            return registryError("RegQueryValueExW", rc);
        if (type != REG_EXPAND_SZ && type != REG_SZ)
            return Error{codes::kRegistryError, "The system PATH in the registry is not text; repair it in System Properties.",
                         "Path has registry type " + std::to_string(type)};
        text.resize(bytes / sizeof(wchar_t));
        // RegQueryValueExW does not promise a terminator; it may also include one.
        while (!text.empty() && text.back() == L'\0')
            text.pop_back();
        return std::optional<std::string>(win::narrow(text));
    }

    Result<Unit> write(const std::optional<std::string>& value) override
    {
        win::Key key;
        LONG rc = ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_SET_VALUE | KEY_WOW64_64KEY,
                                  key.put());
        if (rc != ERROR_SUCCESS)
            return registryError("RegOpenKeyExW", rc);
        if (!value) {
            rc = ::RegDeleteValueW(key.get(), L"Path");
            if (rc != ERROR_SUCCESS && rc != ERROR_FILE_NOT_FOUND)
                return registryError("RegDeleteValueW", rc);
        } else {
            const std::wstring text = win::widen(*value);
            // Always REG_EXPAND_SZ: a REG_SZ PATH would stop expanding %SystemRoot%
            // and leave Windows without System32 on its search path.
            rc = ::RegSetValueExW(key.get(), L"Path", 0, REG_EXPAND_SZ, reinterpret_cast<const BYTE*>(text.c_str()),
                                  static_cast<DWORD>((text.size() + 1) * sizeof(wchar_t)));
            if (rc != ERROR_SUCCESS)
                return registryError("RegSetValueExW", rc);
        }
        // On the disk before the journal calls the step done: a power cut must not lose it.
        if (rc = ::RegFlushKey(key.get()); rc != ERROR_SUCCESS)
            return registryError("RegFlushKey", rc);
        // The value is stored; a window that ignores the broadcast only delays when
        // Explorer sees it, so that is not a failure of the write.
        broadcastEnvironmentChange();
        return Unit{};
    }

    std::optional<std::string> lookupVariable(std::string_view name) const override
    {
        const std::wstring wname = win::widen(name);
        const DWORD n = ::GetEnvironmentVariableW(wname.c_str(), nullptr, 0);
        if (n == 0)
            return std::nullopt;
        std::wstring value(n, L'\0');
        value.resize(::GetEnvironmentVariableW(wname.c_str(), value.data(), n));
        return win::narrow(value);
    }
};

}  // namespace

BroadcastResult broadcastEnvironmentChange(std::chrono::milliseconds timeoutPerWindow)
{
    const auto start = std::chrono::steady_clock::now();
    DWORD_PTR result = 0;
    BroadcastResult out;
    out.delivered = ::SendMessageTimeoutW(HWND_BROADCAST, WM_SETTINGCHANGE, 0,
                                          reinterpret_cast<LPARAM>(L"Environment"), SMTO_ABORTIFHUNG,
                                          static_cast<UINT>(timeoutPerWindow.count()), &result) != 0;
    if (!out.delivered)
        out.error = ::GetLastError();
    out.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    return out;
}

std::unique_ptr<SystemPath> makeWindowsSystemPath()
{
    return std::make_unique<WindowsSystemPath>();
}

}  // namespace cudnnsetup
