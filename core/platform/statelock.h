#pragma once
// One transaction per state folder at a time. Every command that changes a toolkit
// (install, repair, uninstall, recover, the elevated helper, the wizard's operations)
// holds this lock from its automatic recover to its commit. Without it a second
// `install` would take the first one's live journal for an interrupted one and roll it
// back under its feet.
//
// The lock belongs to the open file: the system drops it when the process ends, however
// it ends (SIGKILL, TerminateProcess, power loss), so a crash never leaves a stale lock
// and `recover` can always run afterwards. POSIX: flock(2) on <state>/lock. Windows:
// LockFileEx on a byte far past the end of the same file, so the holder's process id
// written at its start stays readable for the message.

#include "common/problem.h"

#include <memory>
#include <string>

namespace cudnnsetup {

class StateLock {
public:
    // Not waiting: Error "busy" (naming the holder's process id when known) while another
    // process holds it; "state-dir-access" when the lock file cannot be opened at all. create:
    // make the state folder first. An unelevated caller whose work the elevated helper
    // will do passes false, so that the folder is made (and its access set) by the helper.
    static Result<std::unique_ptr<StateLock>> tryAcquire(const std::string& stateDir, bool create = true);
    virtual ~StateLock() = default;

    static std::string lockPathIn(const std::string& stateDir);

protected:
    StateLock() = default;
};

}  // namespace cudnnsetup
