#pragma once
// The state directory holds install records and journals (contract/cli.md). An
// elevated install trusts what it reads there, so a normal user must not be able
// to write it; both hosts call these functions.

#include "common/problem.h"

#include <filesystem>

namespace cudnnsetup {

// Where the folder is by default is install/statedir.h's defaultStateDir().

enum class StateDirAccess {
    Shared,   // administrators/SYSTEM (root) write, everybody reads: the machine-wide default
    Private,  // only the current user (and, on Windows, SYSTEM and administrators)
};

// Creates `dir` (and parents) and sets its access. An existing directory that
// others could write is tightened (Windows: a protected DACL replaces inherited
// entries) or, when that is not allowed, refused with a sentence naming it.
Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access);

// True when a user other than root / an administrator can change `dir` or replace it (a
// non-root owner, or group/other write without the sticky bit, on it or any parent; Windows:
// an entry of its DACL that lets a non-administrator write). *who says which folder and why.
// A folder like that must not go on the system search path (PATH, ld.so.conf.d): anything
// planted there would be loaded by every program of every user.
bool writableByNonAdmins(const std::filesystem::path& dir, std::string* who = nullptr);

// The directory's access in a host-specific text (Windows SDDL "D:P(A;OICI;FA;;;SY)...",
// POSIX "0755 uid=0"), for logs and tests.
Result<std::string> describeStateDirAccess(const std::filesystem::path& dir);

}  // namespace cudnnsetup
