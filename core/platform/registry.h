#pragma once
// Read-only access to the Windows registry, as the core needs it to find CUDA toolkits
// and the persistent PATH. Hosts without a registry return nothing.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

enum class RegistryHive { LocalMachine, CurrentUser };  // HKLM, HKCU
// Which WOW64 view to open: the 64-bit one (KEY_WOW64_64KEY), the 32-bit one, or the process default.
enum class RegistryView { Native64, Wow32, Default };

struct RegistryValue {
    enum class Type { String, ExpandString, Dword };  // REG_SZ, REG_EXPAND_SZ, REG_DWORD
    Type type = Type::String;
    std::string text;          // UTF-8, unexpanded for ExpandString; empty for Dword
    std::uint32_t dword = 0;   // only for Dword
};

class Registry {
public:
    virtual ~Registry() = default;
    // Names of the direct subkeys of `key` (backslash-separated, no hive prefix); empty if the key is absent.
    virtual std::vector<std::string> subkeys(RegistryHive hive, const std::string& key,
                                             RegistryView view = RegistryView::Native64) const = 0;
    // One named value ("" = the default value); nullopt if absent or of another type.
    virtual std::optional<RegistryValue> value(RegistryHive hive, const std::string& key, const std::string& name,
                                               RegistryView view = RegistryView::Native64) const = 0;
};

// The machine's registry (Win32 on Windows; an always-empty one elsewhere).
std::unique_ptr<Registry> hostRegistry();

}  // namespace cudnnsetup
