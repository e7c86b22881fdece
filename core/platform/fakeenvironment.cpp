#include "platform/fakeenvironment.h"

#include <algorithm>
#include <cctype>

namespace cudnnsetup {

std::string FakeEnvironment::key(const std::string& name) const
{
    if (!m_windows)
        return name;
    std::string k = name;
    std::transform(k.begin(), k.end(), k.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    return k;
}

void FakeEnvironment::set(const std::string& name, const std::string& value)
{
    m_vars[key(name)] = {name, value};
}

void FakeEnvironment::unset(const std::string& name)
{
    m_vars.erase(key(name));
}

std::optional<std::string> FakeEnvironment::get(const std::string& name) const
{
    const auto it = m_vars.find(key(name));
    if (it == m_vars.end())
        return std::nullopt;
    return it->second.second;
}

std::vector<std::pair<std::string, std::string>> FakeEnvironment::list() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [k, v] : m_vars)
        out.push_back(v);
    return out;
}

std::optional<std::string> FakeEnvironment::knownFolder(KnownFolder folder) const
{
    const auto it = m_folders.find(folder);
    if (it != m_folders.end())
        return it->second;
    if (folder == KnownFolder::Home)
        return get(m_windows ? "USERPROFILE" : "HOME");
    return std::nullopt;
}

}  // namespace cudnnsetup
