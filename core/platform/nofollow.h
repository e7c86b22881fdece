#pragma once
// File-system steps that never go through a link the plan did not expect. The elevated side
// writes as root / Administrator into a toolkit that a standard user may be able to change:
// if `bin` became a symbolic link (or a junction) while the password prompt was up, a plain
// rename would put the cuDNN files, as root, wherever the link points.
//
// POSIX: the folder that holds the target is opened from "/" one component at a time with
// openat(O_NOFOLLOW | O_DIRECTORY), and the step is done relative to that descriptor
// (mkdirat, renameat, unlinkat, symlinkat, openat(O_CREAT | O_EXCL) for a new file, and a
// tree removed folder by folder from its parent's descriptor): there is no moment at which a
// swapped component is followed. Windows: every component is checked for a reparse point (symbolic link,
// junction, mount point) right before the step, and refused if it is one.
//
// A link on the way gives std::errc::too_many_symbolic_link_levels (ELOOP); `linkAt` names it.

#include "platform/durablefile.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace cudnnsetup::nofollow {

// POSIX: the new folder is 0755 whatever the umask (readable by every user, as NVIDIA asks).
void createDirectory(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
void rename(const std::string& from, const std::string& to, std::error_code& ec, std::string* linkAt = nullptr);
void removeFile(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
void removeDirectory(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
// Exclusive create of a file, written and synced through the returned DurableFile.
std::unique_ptr<DurableFile> createFile(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
// A symbolic link at `path` that reads `target` (the target is never resolved).
void createSymlink(const std::string& target, const std::string& path, std::error_code& ec,
                   std::string* linkAt = nullptr);
// rm -r: a folder and everything below it; a link met inside is removed, never followed. POSIX:
// each folder is opened relative to its parent's descriptor (O_NOFOLLOW) and emptied with
// unlinkat, so a folder swapped for a link mid-way is removed as a link. Nothing there: no error.
void removeTree(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);
// Only checks: no component of path's parent is a link (before steps done by name).
void checkParents(const std::string& path, std::error_code& ec, std::string* linkAt = nullptr);

// A log the elevated helper appends to: `name` (one component) in the folder `dir`, which the
// caller has verified. POSIX: the folder is reached from "/" with no link followed and the file
// opened relative to its descriptor (openat, O_NOFOLLOW | O_APPEND, made 0600 when missing); an
// existing one must be a plain file with one name, owned by this process's user. Windows: no
// component and not the file itself a reparse point, FILE_APPEND_DATA only. Never a file the
// caller names: `--log FILE` as root would append to /root/.bashrc or /etc/ld.so.preload.
class AppendFile {
public:
    virtual ~AppendFile() = default;
    virtual bool append(std::string_view text) = 0;
};
std::unique_ptr<AppendFile> openAppendIn(const std::string& dir, const std::string& name, std::error_code& ec);

// The whole of a plain file of at most maxBytes, read through one handle: opened once without
// waiting for a writer (a FIFO), the last component not followed where noFollow (POSIX
// O_NOFOLLOW; Windows: no reparse point), fstat'ed (a FIFO, a device such as /dev/zero or a folder:
// std::errc::invalid_argument; larger than maxBytes: std::errc::file_too_large), then read with
// the bound applied to what arrives, not to what the size said (a file that grows is caught too).
// A link at the last component with noFollow: std::errc::too_many_symbolic_link_levels.
std::optional<std::string> readRegularFile(const std::string& path, std::uint64_t maxBytes, bool noFollow,
                                           std::error_code& ec);

// readRegularFile's checks only (opened without waiting, the last component not followed where
// noFollow, fstat'ed: a plain file), reading nothing: for an archive read later in parts.
bool isRegularFile(const std::string& path, bool noFollow, std::error_code& ec);

// Tests only (tests/core/platform/tst_nofollow): called with the step's path once its folder
// has been opened (POSIX) or checked (Windows), right before the step acts; that is where a
// component swapped for a link must no longer change where the step lands. The product never
// sets it, and nothing outside the process can.
void setBeforeActForTests(std::function<void(const std::string& path)> hook);

// A folder cudnn-setup may create and then trust as its own (a Linux standalone prefix):
// `path` (absolute) does not exist; every folder above it is reached from "/" with no link
// followed, is owned by root or by this process's user, and no one else can write it (a
// sticky folder such as /tmp allowed above the parent, as for the state folder); its parent
// itself is writable by its owner only, so no one else can put anything in its place.
// False with *why (a sentence naming the folder). Windows: always false (no prefixes there).
bool creatableTrustedFolder(const std::string& path, std::string* why);

}  // namespace cudnnsetup::nofollow
