#pragma once
// Replacing a file that a running program holds. On Windows a DLL loaded by a
// process, or any file opened without FILE_SHARE_DELETE, cannot be replaced: the
// install must say which program to close. POSIX rename(2) replaces open files
// (the holder keeps the old inode), so there the replace never reports holders;
// both hosts call these functions.

#include "common/problem.h"
#include "common/problemcodes.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cudnnsetup {

struct FileHolder {
    std::uint32_t pid = 0;
    std::string name;  // the application's name as the Restart Manager gives it, else ""
};

// Error code returned when the target is held open by another process.
inline constexpr const char* kFileInUse = codes::kFileInUse;

// Atomically puts `source` in place of `target` (same volume; `source` is gone
// afterwards). When a process holds `target`, the Error has code kFileInUse and a
// message naming the holders found.
Result<Unit> replaceFile(const std::filesystem::path& source, const std::filesystem::path& target);

// Whether `file` is open in a way that blocks replacing it (Windows: an open
// without FILE_SHARE_DELETE, or a loaded image). Always false on POSIX.
bool isFileLocked(const std::filesystem::path& file);

// The processes holding `file` (Windows Restart Manager: RmStartSession,
// RmRegisterResources, RmGetList). Empty on POSIX. An Error when the system
// cannot tell (e.g. the Restart Manager is unavailable).
Result<std::vector<FileHolder>> processesUsing(const std::filesystem::path& file);

// "cudnn-setup.exe (pid 42), python.exe (pid 7)"; "" for none.
std::string describeHolders(const std::vector<FileHolder>& holders);

}  // namespace cudnnsetup
