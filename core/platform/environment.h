#pragma once
// The process environment and the well-known folders, as the core reads them. Abstract so
// that detection can be tested with any machine state on any host.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudnnsetup {

enum class KnownFolder {
    ProgramFiles,     // C:\Program Files (native 64-bit)
    ProgramFilesX86,  // C:\Program Files (x86)
    ProgramData,      // C:\ProgramData
    System32,         // C:\Windows\System32 (the 64-bit one, whatever the process bitness)
    SysWow64,         // C:\Windows\SysWOW64
    Home,             // %USERPROFILE% on Windows, $HOME elsewhere
};

class Environment {
public:
    virtual ~Environment() = default;
    // One variable; case-insensitive on Windows, exact elsewhere.
    virtual std::optional<std::string> get(const std::string& name) const = 0;
    // Every variable as (name, value), in no particular order.
    virtual std::vector<std::pair<std::string, std::string>> list() const = 0;
    // A well-known folder, or nullopt where the host has no such thing.
    virtual std::optional<std::string> knownFolder(KnownFolder folder) const = 0;
    // True when names compare case-insensitively and PATH lists are ';'-separated (Windows rules).
    virtual bool windowsRules() const = 0;

    // %VAR% expansion with get(); unknown variables stay as written (like ExpandEnvironmentStrings).
    std::string expand(const std::string& text) const;
    // PATH-style list split on ';' (Windows rules) or ':' ; empty items dropped.
    std::vector<std::string> splitList(const std::string& list) const;
    char listSeparator() const { return windowsRules() ? ';' : ':'; }
};

// The real process environment of this host.
std::unique_ptr<Environment> hostEnvironment();

}  // namespace cudnnsetup
