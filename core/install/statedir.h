#pragma once
// Where records and journals live (contract): --state-dir, else CUDNN_SETUP_STATE_DIR,
// else %ProgramData%\cudnn-setup (Windows), /var/lib/cudnn-setup (root), or
// $XDG_STATE_HOME/cudnn-setup (~/.local/state/cudnn-setup).
#include "common/problem.h"

#include <optional>
#include <string>

namespace cudnnsetup {

std::string defaultStateDir();

// The state folder of a transaction the elevated helper applies, when nobody chose one (no
// --state-dir, no CUDNN_SETUP_STATE_DIR): the elevated side's own default, root's
// /var/lib/cudnn-setup (%ProgramData%\cudnn-setup on Windows, everyone's default there). Never a
// standard user's ~/.local/state: the helper refuses a folder its user can change
// (state-dir-access), so that default would make every elevated install on Linux fail.
std::string elevatedStateDir();

// The state folder for a transaction the elevated helper applies: `current` when someone chose
// it (--state-dir, CUDNN_SETUP_STATE_DIR, a folder other than the default), else elevatedStateDir().
std::string elevatedStateDirFor(const std::string& current);

// True when `dir` is elevatedStateDir() or a folder below it (lexically; no `..`; Windows: case
// folded, either slash).
bool isBelowElevatedStateDir(const std::string& dir);

// "state-dir-outside", naming the folder and the fix, when `dir` is not below elevatedStateDir().
std::optional<Error> outsideElevatedStateDir(const std::string& dir);

// The state folder of a process with administrator rights (root's install, repair, uninstall and
// recover, the elevated helper), before anything in it is read or written: the machine's,
// elevatedStateDir(), or a folder below it, never one elsewhere ("state-dir-outside"). Under a
// polkit rule or a sudoers line the person who chose a root cudnn-setup's arguments is not the one
// who approved it (docs/install.md, "Threat model"): a folder of their choosing would be read as
// root's (/etc/sudoers.d would get a `lock`). Then platform/folderaccess.h's prepareStateDir (Shared):
// made when missing, else verified with every entry in it, never changed. A build with test hooks
// (never shipped: testhooks::builtForTests) may use any folder, so that tests run in scratch folders;
// the verification applies there too.
Result<Unit> prepareAdminStateDir(const std::string& dir);

}  // namespace cudnnsetup
