#pragma once
// File-system steps that never go through a link the plan did not expect. The elevated side
// writes as root / Administrator into a toolkit that a standard user may be able to change:
// if `bin` became a symbolic link (or a junction) while the password prompt was up, a plain
// rename would put the cuDNN files, as root, wherever the link points.
//
// POSIX: the folder that holds the target is opened from "/" one component at a time with
// openat(O_NOFOLLOW | O_DIRECTORY), and the step is done relative to that descriptor
// (mkdirat, renameat, unlinkat): there is no moment at which a swapped component is
// followed. Windows: every component is checked for a reparse point (symbolic link,
// junction, mount point) right before the step, and refused if it is one.
//
// A link on the way gives std::errc::too_many_symbolic_link_levels (ELOOP); `linkAt` names it.

#include <string>
#include <system_error>

namespace cudnnsetup::nofollow {

// POSIX: the new folder is 0755 whatever the umask (readable by every user, as NVIDIA asks).
void createDirectory(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
void rename(const std::string& from, const std::string& to, std::error_code& ec, std::string* linkAt = nullptr);
void removeFile(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
void removeDirectory(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
// Only checks: no component of path's parent is a link (before steps done by name).
void checkParents(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);

// A folder cudnn-setup may create and then trust as its own (a Linux standalone prefix):
// `path` (absolute) does not exist; every folder above it is reached from "/" with no link
// followed, is owned by root or by this process's user, and no one else can write it (a
// sticky folder such as /tmp allowed above the parent, as for the state folder); its parent
// itself is writable by its owner only, so no one else can put anything in its place.
// False with *why (a sentence naming the folder). Windows: always false (no prefixes there).
bool creatableTrustedFolder(const std::string& path, std::string* why);

}  // namespace cudnnsetup::nofollow
