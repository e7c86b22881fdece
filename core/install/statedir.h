#pragma once
// Where records and journals live (contract): --state-dir, else CUDNN_SETUP_STATE_DIR,
// else %ProgramData%\cudnn-setup (Windows), /var/lib/cudnn-setup (root), or
// $XDG_STATE_HOME/cudnn-setup (~/.local/state/cudnn-setup).
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

}  // namespace cudnnsetup
