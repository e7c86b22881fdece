#pragma once
// Access to the state folder (install records and journals; where it is: install/statedir.h). An
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

// The state folder an administrator's process is about to trust. A missing one is made here
// (and parents), with `access`, and read back. One that exists is never changed (not its mode,
// not its owner, not its DACL: a folder cudnn-setup did not make in this run is someone's),
// only verified: owned by root / Administrators, writable by no one else, not sticky, its parents
// likewise; refused otherwise ("state-dir-access"), with a sentence naming it and the fix.
// Then every entry below it is verified before any is read: owned by root / Administrators,
// writable by no one else, no link (symbolic, hard, reparse point), the type its name says
// (records/ a folder; journal.json, lock, helper-*.json plain files). A foreign one is refused
// ("state-dir-entry"), naming it and how to take it away.
Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access);

// prepareStateDir's checks of an existing folder, making nothing: an Error also when it is missing.
Result<Unit> verifyStateDir(const std::filesystem::path& dir);

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
