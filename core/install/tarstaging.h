#pragma once
// StageFiles for a Linux tarball (ArchiveStagingSource hands Linux archives here).

#include "install/engine.h"

namespace cudnnsetup {

// `archive`: the plan's archive, open (read from its first byte, never by name).
Result<StageOutcome> stageFromTarball(const Plan& plan, const OpenedFile& archive, FileOps& files,
                                      const CancelToken* cancel, ProgressSink* progress);

}  // namespace cudnnsetup
