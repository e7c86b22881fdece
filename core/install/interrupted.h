#pragma once
// An interrupted transaction (the journal of a process that was killed) as a caller sees it
// before it changes anything. A standard user can read the journal an elevated helper left (the
// state folder is readable by all) but cannot roll it back: that folder and the toolkit are the
// administrators'. Rolling it back in the user's process stops half way with no-permission (and
// `recover` in the user's own state folder finds nothing at all), so such a journal is rolled back
// by `recover` run through the elevated helper, as the apply step is.
#include "common/problem.h"
#include "platform/elevation.h"

#include <functional>
#include <optional>
#include <string>

namespace cudnnsetup {

struct InterruptedTransaction {
    std::string stateDir;        // the folder that holds its journal
    std::string toolkit;         // the journal's toolkit ("" when the journal cannot be read)
    std::string transaction;     // the journal's transaction id ("" likewise)
    bool needsElevation = false; // this process may not roll it back: the elevated helper must
};

// The journal in `stateDir`, else in elevatedStateDirFor(stateDir) where that is another folder.
// A process with administrator rights rolls every journal back itself (needsElevation false).
std::optional<InterruptedTransaction> findInterrupted(const std::string& stateDir, const Elevator& elevator);

struct ElevatedRecovery {
    int exitCode = -1;
    std::string document;  // the helper's JSON document ("" when it gave none)
};

// `program elevated-recover [--toolkit T]` through the elevator (install/helperargs.h). The helper
// trusts only its own state folder, the machine's (checked to be administrators-only), and the
// journal in it, validated like a plan; the toolkit is only a filter compared with the journal. On Windows
// ("runas": no pipe) the document comes from the folder (install/helperprogress.h). An Error when
// it could not be started or the rights were refused (elevation-refused, exit 4).
Result<ElevatedRecovery> recoverElevated(Elevator& elevator, const std::string& program,
                                         const InterruptedTransaction& interrupted,
                                         const std::optional<std::string>& toolkit,
                                         const std::function<void()>& whileWaiting = {});

}  // namespace cudnnsetup
