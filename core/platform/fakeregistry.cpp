#include "platform/fakeregistry.h"

#include <algorithm>
#include <cctype>

namespace cudnnsetup {

namespace {
std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}
std::string trimSlashes(std::string s)
{
    while (!s.empty() && s.back() == '\\')
        s.pop_back();
    while (!s.empty() && s.front() == '\\')
        s.erase(s.begin());
    return s;
}
std::string prefix(RegistryHive hive, RegistryView view)
{
    // Default and Native64 are the same view for a 64-bit process, which is all the tool ships as.
    const char* v = view == RegistryView::Wow32 ? "32" : "64";
    return std::string(hive == RegistryHive::LocalMachine ? "HKLM" : "HKCU") + "|" + v + "|";
}
}  // namespace

void FakeRegistry::addKey(RegistryHive hive, const std::string& key, RegistryView view)
{
    // Every ancestor exists too, as in a real registry.
    const std::string k = trimSlashes(key);
    std::size_t pos = 0;
    while (true) {
        pos = k.find('\\', pos);
        const std::string part = k.substr(0, pos);
        const std::string full = prefix(hive, view) + lower(part);
        m_keyNames.emplace(full, part);
        m_values[full];
        if (pos == std::string::npos)
            break;
        ++pos;
    }
}

void FakeRegistry::setString(RegistryHive hive, const std::string& key, const std::string& name,
                             const std::string& text, bool expand, RegistryView view)
{
    addKey(hive, key, view);
    RegistryValue v;
    v.type = expand ? RegistryValue::Type::ExpandString : RegistryValue::Type::String;
    v.text = text;
    m_values[prefix(hive, view) + lower(trimSlashes(key))][lower(name)] = v;
}

void FakeRegistry::setDword(RegistryHive hive, const std::string& key, const std::string& name, std::uint32_t d,
                            RegistryView view)
{
    addKey(hive, key, view);
    RegistryValue v;
    v.type = RegistryValue::Type::Dword;
    v.dword = d;
    m_values[prefix(hive, view) + lower(trimSlashes(key))][lower(name)] = v;
}

std::vector<std::string> FakeRegistry::subkeys(RegistryHive hive, const std::string& key, RegistryView view) const
{
    const std::string parent = prefix(hive, view) + lower(trimSlashes(key)) + "\\";
    std::vector<std::string> out;
    for (const auto& [full, spelled] : m_keyNames) {
        if (full.size() <= parent.size() || full.compare(0, parent.size(), parent) != 0)
            continue;
        if (full.find('\\', parent.size()) != std::string::npos)
            continue;  // a grandchild
        out.push_back(spelled.substr(spelled.rfind('\\') + 1));
    }
    return out;
}

std::optional<RegistryValue> FakeRegistry::value(RegistryHive hive, const std::string& key, const std::string& name,
                                                 RegistryView view) const
{
    const auto k = m_values.find(prefix(hive, view) + lower(trimSlashes(key)));
    if (k == m_values.end())
        return std::nullopt;
    const auto v = k->second.find(lower(name));
    if (v == k->second.end())
        return std::nullopt;
    return v->second;
}

}  // namespace cudnnsetup
