#pragma once
// Test double of environment.h: an in-memory machine state, usable on any host.

#include "platform/environment.h"

namespace cudnnsetup {

// In-memory environment for tests on any host; `windowsRules` picks the naming and PATH rules.
class FakeEnvironment : public Environment {
public:
    explicit FakeEnvironment(bool windowsRules = false) : m_windows(windowsRules) {}
    void set(const std::string& name, const std::string& value);
    void unset(const std::string& name);
    void setKnownFolder(KnownFolder folder, const std::string& path) { m_folders[folder] = path; }

    std::optional<std::string> get(const std::string& name) const override;
    std::vector<std::pair<std::string, std::string>> list() const override;
    std::optional<std::string> knownFolder(KnownFolder folder) const override;
    bool windowsRules() const override { return m_windows; }

private:
    std::string key(const std::string& name) const;
    bool m_windows;
    std::map<std::string, std::pair<std::string, std::string>> m_vars;  // key -> (name as set, value)
    std::map<KnownFolder, std::string> m_folders;
};

}  // namespace cudnnsetup
