#pragma once
// Test double of registry.h: an in-memory machine state, usable on any host.

#include "platform/registry.h"

namespace cudnnsetup {

// In-memory registry for tests on any host. Key and value names compare case-insensitively, as on Windows.
class FakeRegistry : public Registry {
public:
    void setString(RegistryHive hive, const std::string& key, const std::string& name, const std::string& text,
                   bool expand = false, RegistryView view = RegistryView::Native64);
    void setDword(RegistryHive hive, const std::string& key, const std::string& name, std::uint32_t v,
                  RegistryView view = RegistryView::Native64);
    void addKey(RegistryHive hive, const std::string& key, RegistryView view = RegistryView::Native64);

    std::vector<std::string> subkeys(RegistryHive hive, const std::string& key, RegistryView view) const override;
    std::optional<RegistryValue> value(RegistryHive hive, const std::string& key, const std::string& name,
                                       RegistryView view) const override;

private:
    // "<hive>|<view>|<lowercased key>" -> (lowercased value name -> value); keys kept with original case too.
    std::map<std::string, std::map<std::string, RegistryValue>> m_values;
    std::map<std::string, std::string> m_keyNames;  // lowercased full key -> original spelling
};

}  // namespace cudnnsetup
