#include "platform/registry.h"

#include "platform/win32.h"

namespace cudnnsetup {

namespace {

HKEY root(RegistryHive hive)
{
    return hive == RegistryHive::LocalMachine ? HKEY_LOCAL_MACHINE : HKEY_CURRENT_USER;
}

REGSAM viewFlag(RegistryView view)
{
    switch (view) {
    case RegistryView::Native64:
        return KEY_WOW64_64KEY;
    case RegistryView::Wow32:
        return KEY_WOW64_32KEY;
    case RegistryView::Default:
        break;
    }
    return 0;
}

win::Key openKey(RegistryHive hive, const std::string& key, RegistryView view)
{
    win::Key k;
    const std::wstring name = win::widen(key);
    if (::RegOpenKeyExW(root(hive), name.c_str(), 0, KEY_READ | viewFlag(view), k.put()) != ERROR_SUCCESS)
        return win::Key();
    return k;
}

class Win32Registry : public Registry {
public:
    std::vector<std::string> subkeys(RegistryHive hive, const std::string& key, RegistryView view) const override
    {
        std::vector<std::string> out;
        win::Key k = openKey(hive, key, view);
        if (!k)
            return out;
        // Key names are at most 255 characters.
        wchar_t name[256];
        for (DWORD i = 0;; ++i) {
            DWORD length = 256;
            const LONG rc = ::RegEnumKeyExW(k.get(), i, name, &length, nullptr, nullptr, nullptr, nullptr);
            if (rc != ERROR_SUCCESS)
                break;
            out.push_back(win::narrow(std::wstring_view(name, length)));
        }
        return out;
    }

    std::optional<RegistryValue> value(RegistryHive hive, const std::string& key, const std::string& name,
                                       RegistryView view) const override
    {
        win::Key k = openKey(hive, key, view);
        if (!k)
            return std::nullopt;
        const std::wstring valueName = win::widen(name);
        // RegGetValueW with RRF_NOEXPAND returns REG_EXPAND_SZ unexpanded: the
        // caller decides, and a PATH must be written back as it was read.
        DWORD type = 0, bytes = 0;
        LONG rc = ::RegGetValueW(k.get(), nullptr, valueName.c_str(), RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ |
                                 RRF_RT_REG_DWORD | RRF_NOEXPAND, &type, nullptr, &bytes);
        if (rc != ERROR_SUCCESS)
            return std::nullopt;
        if (type == REG_DWORD) {
            DWORD v = 0;
            bytes = sizeof v;
            if (::RegGetValueW(k.get(), nullptr, valueName.c_str(), RRF_RT_REG_DWORD, nullptr, &v, &bytes) !=
                ERROR_SUCCESS)
                return std::nullopt;
            RegistryValue out;
            out.type = RegistryValue::Type::Dword;
            out.dword = v;
            return out;
        }
        // The value can change size between the two calls; retry on ERROR_MORE_DATA.
        std::wstring text;
        for (int attempt = 0; attempt < 4; ++attempt) {
            text.assign(bytes / sizeof(wchar_t) + 1, L'\0');
            bytes = static_cast<DWORD>(text.size() * sizeof(wchar_t));
            rc = ::RegGetValueW(k.get(), nullptr, valueName.c_str(),
                                RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND, &type, text.data(), &bytes);
            if (rc != ERROR_MORE_DATA)
                break;
        }
        if (rc != ERROR_SUCCESS)
            return std::nullopt;
        text.resize(bytes / sizeof(wchar_t));
        while (!text.empty() && text.back() == L'\0')
            text.pop_back();
        RegistryValue out;
        out.type = type == REG_EXPAND_SZ ? RegistryValue::Type::ExpandString : RegistryValue::Type::String;
        out.text = win::narrow(text);
        return out;
    }
};

}  // namespace

std::unique_ptr<Registry> hostRegistry()
{
    return std::make_unique<Win32Registry>();
}

}  // namespace cudnnsetup
