#include "install/machinesummary.h"

#include "common/problemcodes.h"
#include "platform/win32.h"

#include <windows.h>

#include <set>

namespace cudnnsetup {

namespace {

using Key = win::Unique<win::KeyTraits>;

Error registryError(const std::string& what, LONG rc)
{
    return Error{codes::kRegistryError,
                 "Cannot write the cuDNN summary for deployment tools under HKLM\\" + std::string(kSummaryRegistryKey) +
                     " (" + what + "); the install itself is done.",
                 what + ": error " + std::to_string(rc)};
}

LONG setText(HKEY key, const wchar_t* name, const std::string& value)
{
    const std::wstring w = win::widen(value);
    return ::RegSetValueExW(key, name, 0, REG_SZ, reinterpret_cast<const BYTE*>(w.c_str()),
                            static_cast<DWORD>((w.size() + 1) * sizeof(wchar_t)));
}

}  // namespace

// One key per toolkit, in the 64-bit view (what a deployment tool's 64-bit agent reads). Each
// value is written whole by the registry; CudnnVersion, what a detection rule compares, comes last,
// so a rule never matches a key still being filled. Keys of toolkits no longer recorded go.
Result<Unit> publishSummaryToRegistry(const std::vector<SummaryEntry>& entries)
{
    const std::wstring base = win::widen(kSummaryRegistryKey);
    {
        HKEY raw = nullptr;
        LONG rc = ::RegCreateKeyExW(HKEY_LOCAL_MACHINE, base.c_str(), 0, nullptr, 0,
                                    KEY_READ | KEY_WRITE | KEY_WOW64_64KEY, nullptr, &raw, nullptr);
        if (rc != ERROR_SUCCESS)
            return registryError("RegCreateKeyExW", rc);
        Key root(raw);
        std::set<std::wstring> keep;
        for (const auto& e : entries) {
            const std::wstring id = win::widen(e.id);
            keep.insert(id);
            HKEY sub = nullptr;
            rc = ::RegCreateKeyExW(root.get(), id.c_str(), 0, nullptr, 0, KEY_WRITE | KEY_WOW64_64KEY, nullptr, &sub,
                                   nullptr);
            if (rc != ERROR_SUCCESS)
                return registryError("RegCreateKeyExW " + e.id, rc);
            Key k(sub);
            for (const auto& [name, value] : {std::pair{L"Toolkit", e.toolkit}, {L"CudaVersion", e.cuda},
                                              {L"ArchiveSha256", e.archiveSha256}, {L"State", e.state},
                                              {L"Time", e.time}, {L"CudnnVersion", e.cudnn}})
                if ((rc = setText(k.get(), name, value)) != ERROR_SUCCESS)
                    return registryError("RegSetValueExW " + e.id, rc);
        }
        // Subkeys of toolkits no longer recorded: collected first, then deleted (deleting while
        // enumerating shifts the indices).
        std::vector<std::wstring> stale;
        for (DWORD i = 0;; ++i) {
            wchar_t name[256];
            DWORD len = 256;
            if (::RegEnumKeyExW(root.get(), i, name, &len, nullptr, nullptr, nullptr, nullptr) != ERROR_SUCCESS)
                break;
            if (!keep.count(std::wstring(name, len)))
                stale.emplace_back(name, len);
        }
        for (const auto& name : stale)
            if ((rc = ::RegDeleteKeyExW(root.get(), name.c_str(), KEY_WOW64_64KEY, 0)) != ERROR_SUCCESS)
                return registryError("RegDeleteKeyExW", rc);
    }
    // Nothing recorded: the Toolkits key goes too (its parent may hold the package's own values).
    if (entries.empty())
        ::RegDeleteKeyExW(HKEY_LOCAL_MACHINE, base.c_str(), KEY_WOW64_64KEY, 0);
    return Unit{};
}

}  // namespace cudnnsetup
