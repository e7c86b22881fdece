#include "machinestate.h"

#include "install/machinesummary.h"
#include "platform/win32.h"
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

}  // namespace cudnnsetup::winetest
