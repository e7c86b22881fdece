#include "platform/environment.h"

#include "platform/win32.h"

#include <knownfolders.h>
#include <shlobj.h>

namespace cudnnsetup {

namespace {

std::optional<std::string> shellFolder(const KNOWNFOLDERID& id)
{
    PWSTR raw = nullptr;
    const HRESULT hr = ::SHGetKnownFolderPath(id, KF_FLAG_DEFAULT, nullptr, &raw);
    // The shell allocates with CoTaskMemAlloc even when the call fails.
    std::wstring text = raw ? raw : L"";
    ::CoTaskMemFree(raw);
    if (FAILED(hr) || text.empty())
        return std::nullopt;
    return win::narrow(text);
}

class Win32Environment : public Environment {
public:
    std::optional<std::string> get(const std::string& name) const override
    {
        const std::wstring wname = win::widen(name);
        std::wstring value(256, L'\0');
        for (;;) {
            ::SetLastError(ERROR_SUCCESS);
            const DWORD n = ::GetEnvironmentVariableW(wname.c_str(), value.data(), static_cast<DWORD>(value.size()));
            if (n == 0) {
                // An empty variable exists (n == 0, no error); an absent one sets ERROR_ENVVAR_NOT_FOUND.
                if (::GetLastError() == ERROR_ENVVAR_NOT_FOUND)
                    return std::nullopt;
                return std::string();
            }
            if (n < value.size()) {
                value.resize(n);
                return win::narrow(value);
            }
            value.resize(n);
        }
    }

    std::vector<std::pair<std::string, std::string>> list() const override
    {
        std::vector<std::pair<std::string, std::string>> out;
        wchar_t* block = ::GetEnvironmentStringsW();
        if (!block)
            return out;
        for (const wchar_t* p = block; *p; p += wcslen(p) + 1) {
            const std::wstring_view entry(p);
            // Entries like "=C:=C:\dir" (per-drive current folders) start with '='.
            const size_t eq = entry.find(L'=', 1);
            if (eq == std::wstring_view::npos || entry.front() == L'=')
                continue;
            out.emplace_back(win::narrow(entry.substr(0, eq)), win::narrow(entry.substr(eq + 1)));
        }
        ::FreeEnvironmentStringsW(block);
        return out;
    }

    std::optional<std::string> knownFolder(KnownFolder folder) const override
    {
        switch (folder) {
        case KnownFolder::ProgramFiles:
            // FOLDERID_ProgramFilesX64 is not available to 32-bit processes; this
            // tool is 64-bit only, where FOLDERID_ProgramFiles is the native one.
            return shellFolder(FOLDERID_ProgramFiles);
        case KnownFolder::ProgramFilesX86:
            return shellFolder(FOLDERID_ProgramFilesX86);
        case KnownFolder::ProgramData:
            return shellFolder(FOLDERID_ProgramData);
        case KnownFolder::System32:
            return shellFolder(FOLDERID_System);
        case KnownFolder::SysWow64:
            return shellFolder(FOLDERID_SystemX86);
        case KnownFolder::Home:
            return shellFolder(FOLDERID_Profile);
        }
        return std::nullopt;
    }

    bool windowsRules() const override { return true; }
};

}  // namespace

std::unique_ptr<Environment> hostEnvironment()
{
    return std::make_unique<Win32Environment>();
}

}  // namespace cudnnsetup
