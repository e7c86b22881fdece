#pragma once
// StageFiles for a Linux tarball (ArchiveStagingSource hands Linux archives here).

#include "install/engine.h"

namespace cudnnsetup {

Result<StageOutcome> stageFromTarball(const Plan& plan, FileOps& files, const CancelToken* cancel,
                                      ProgressSink* progress);

}  // namespace cudnnsetup
