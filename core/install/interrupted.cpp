#include "install/interrupted.h"

#include "common/u8path.h"
#include "install/fileops.h"
#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/journal.h"
#include "install/statedir.h"
#include "platform/folderaccess.h"

namespace cudnnsetup {

std::optional<InterruptedTransaction> findInterrupted(const std::string& stateDir, const Elevator& elevator)
{
    auto files = makeRealFileOps();
    std::vector<std::string> dirs{stateDir};
    if (const std::string elevated = elevatedStateDirFor(stateDir); elevated != stateDir)
        dirs.push_back(elevated);
    for (const std::string& dir : dirs) {
        if (files->type(journalPathIn(dir)) == NodeType::Missing)
            continue;
        InterruptedTransaction t;
        t.stateDir = dir;
        // As root, nothing of a folder is read before it and every entry in it is verified: the
        // recover that follows refuses it, naming what is wrong (a user's folder or a planted journal).
        const bool readable = !processHasAdminRights() || verifyStateDir(pathOf(dir)).ok();
        if (auto journal = readable ? loadJournal(*files, journalPathIn(dir)) : Result<std::optional<JournalDoc>>(std::nullopt);
            journal && *journal) {
            t.toolkit = (*journal)->plan.toolkit;
            t.transaction = (*journal)->plan.transactionId;
        }
        std::vector<std::string> folders{dir};
        if (!t.toolkit.empty())
            folders.push_back(t.toolkit);
        t.needsElevation = !processHasAdminRights() && elevator.needed(folders);
        return t;
    }
    return std::nullopt;
}

Result<ElevatedRecovery> recoverElevated(Elevator& elevator, const std::string& program,
                                         const InterruptedTransaction& interrupted,
                                         const std::optional<std::string>& toolkit,
                                         const std::function<void()>& whileWaiting)
{
    // The helper's own command line (install/helperargs.h): its state folder is the machine's.
    const std::vector<std::string> args = helperRecoverArguments(toolkit);
    passStateDirToTestHelper(interrupted.stateDir);
    ElevatedRecovery out;
    auto rc = elevator.run(program, args, &out.document, whileWaiting);
    if (!rc)
        return rc.error();
    out.exitCode = *rc;
    if (out.document.empty() && !interrupted.transaction.empty())
        out.document = readHelperOutcome(interrupted.stateDir, interrupted.transaction).value_or(std::string());
    return out;
}

}  // namespace cudnnsetup
