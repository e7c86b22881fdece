#pragma once
// Where records and journals live (contract): --state-dir, else CUDNN_SETUP_STATE_DIR,
// else %ProgramData%\cudnn-setup (Windows), /var/lib/cudnn-setup (root), or
// $XDG_STATE_HOME/cudnn-setup (~/.local/state/cudnn-setup).
#include <string>

namespace cudnnsetup {

std::string defaultStateDir();

}  // namespace cudnnsetup
