#pragma once
// The machine-wide library search registration an install changes: the Windows
// system PATH (HKLM ...\Session Manager\Environment\Path, kept REG_EXPAND_SZ,
// WM_SETTINGCHANGE broadcast), or on Linux a file in /etc/ld.so.conf.d plus ldconfig.
// Behind an interface so tests never touch the real one.

#include "common/problem.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cudnnsetup {

enum class PathMechanism { WindowsPath, LdSoConf };
std::string_view toString(PathMechanism m);  // "windows-path", "ld.so.conf"

class SystemPath {
public:
    virtual ~SystemPath() = default;
    virtual PathMechanism mechanism() const = 0;
    virtual std::string location() const = 0;  // for messages and the record
    // The raw value (PATH unexpanded) or the file's content; nullopt when absent.
    virtual Result<std::optional<std::string>> read() = 0;
    // Writes it back (nullopt: delete). Windows keeps REG_EXPAND_SZ and broadcasts;
    // Linux runs ldconfig.
    virtual Result<Unit> write(const std::optional<std::string>& value) = 0;
    // %VAR% lookup used only to compare PATH entries.
    virtual std::optional<std::string> lookupVariable(std::string_view name) const = 0;
};

// Win32: HKLM ...\Environment\Path (systempath_win.cpp).
std::unique_ptr<SystemPath> makeWindowsSystemPath();
// POSIX: <confDir>/<fileName>, then `ldconfigCommand` (empty: not run).
std::unique_ptr<SystemPath> makeLdSoConfPath(std::string confDir, std::string fileName, std::string ldconfigCommand);
// A PATH kept in a plain file (REG_EXPAND_SZ semantics, no broadcast): tests and
// the CUDNN_SETUP_TEST_SYSTEM_PATH_FILE hook of the command line.
std::unique_ptr<SystemPath> makeFileSystemPath(std::string file);

}  // namespace cudnnsetup
