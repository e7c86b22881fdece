#include "machinestate.h"

#include "clirun.h"
#include "install/machinesummary.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"
#include "winetest.h"

#include <windows.h>

namespace cudnnsetup::winetest {

std::map<std::string, std::string> snapshotFiles(const std::filesystem::path& root)
{
    std::map<std::string, std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root))
        if (e.is_regular_file())
            out[std::filesystem::relative(e.path(), root).string()] = readFile(e.path());
    return out;
}

std::string machineText(const std::wstring& key, const wchar_t* name)
{
    win::Key k;
    if (::RegOpenKeyExW(HKEY_LOCAL_MACHINE, key.c_str(), 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, k.put()) != ERROR_SUCCESS)
        return {};
    wchar_t buffer[2048] = {};
    DWORD bytes = sizeof buffer - sizeof(wchar_t);
    if (::RegQueryValueExW(k.get(), name, nullptr, nullptr, reinterpret_cast<BYTE*>(buffer), &bytes) != ERROR_SUCCESS)
        return {};
    return win::narrow(buffer);
}

std::string summaryValue(const std::string& toolkit, const wchar_t* name)
{
    const std::wstring base = win::widen(kSummaryRegistryKey);
    win::Key root;
    if (::RegOpenKeyExW(HKEY_LOCAL_MACHINE, base.c_str(), 0, KEY_READ | KEY_WOW64_64KEY, root.put()) != ERROR_SUCCESS)
        return {};
    for (DWORD i = 0;; ++i) {
        wchar_t sub[256];
        DWORD len = 256;
        if (::RegEnumKeyExW(root.get(), i, sub, &len, nullptr, nullptr, nullptr, nullptr) != ERROR_SUCCESS)
            return {};
        const std::wstring key = base + L"\\" + sub;
        if (machineText(key, L"Toolkit") == toolkit)
            return machineText(key, name);
    }
}

std::wstring readSystemPath(DWORD* type)
{
    win::Key key;
    ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, key.put());
    DWORD bytes = 0;
    ::RegQueryValueExW(key.get(), L"Path", nullptr, type, nullptr, &bytes);
    std::wstring text(bytes / sizeof(wchar_t), L'\0');
    ::RegQueryValueExW(key.get(), L"Path", nullptr, type, reinterpret_cast<BYTE*>(text.data()), &bytes);
    while (!text.empty() && text.back() == L'\0')
        text.pop_back();
    return text;
}

void writeSystemPath(const std::wstring& text, DWORD type)
{
    win::Key key;
    ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_SET_VALUE | KEY_WOW64_64KEY, key.put());
    ::RegSetValueExW(key.get(), L"Path", 0, type, reinterpret_cast<const BYTE*>(text.c_str()),
                     static_cast<DWORD>((text.size() + 1) * sizeof(wchar_t)));
}

std::string loadedByNewProgram(const std::string& dllName)
{
    DWORD type = 0;
    const std::wstring raw = readSystemPath(&type);
    std::wstring expanded(32768, L'\0');
    expanded.resize(::ExpandEnvironmentStringsW(raw.c_str(), expanded.data(), 32768));
    while (!expanded.empty() && expanded.back() == L'\0')
        expanded.pop_back();
    std::wstring saved(32768, L'\0');
    saved.resize(::GetEnvironmentVariableW(L"PATH", saved.data(), 32768));
    ::SetEnvironmentVariableW(L"PATH", expanded.c_str());
    const auto r = runProgram(thisProgram(), {"--load", dllName});
    ::SetEnvironmentVariableW(L"PATH", saved.c_str());
    std::string out = r.out;
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
        out.pop_back();
    return r.exitCode == 0 ? out : "(not loaded: " + out + ")";
}

std::map<std::string, std::string> treeOf(const std::filesystem::path& root)
{
    std::map<std::string, std::string> out;
    std::error_code ec;
    if (!std::filesystem::exists(root, ec))
        return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root))
        out[std::filesystem::relative(e.path(), root).string()] = e.is_directory() ? "<dir>" : readFile(e.path());
    return out;
}

}  // namespace cudnnsetup::winetest
