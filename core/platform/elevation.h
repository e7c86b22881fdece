#pragma once
// Runs the apply step with administrator rights: the same program in its helper mode
// (`elevated-apply INTENT`, `elevated-recover`; install/helperargs.h), started through pkexec on
// Linux (in a session of its own: the caller's terminal cannot stop or hang it up) or
// ShellExecuteEx "runas" on Windows. The unelevated side never writes the toolkit itself.

#include "common/problem.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

class Elevator {
public:
    virtual ~Elevator() = default;
    // True when writing these folders needs rights this process lacks.
    virtual bool needed(const std::vector<std::string>& writableFolders) const = 0;
    // Runs `program args...` elevated and waits; its stdout is returned in *output (the
    // helper's JSON outcome), its stderr goes to ours. Its exit code, or
    // "elevation-refused" (UAC / polkit dialog refused or unavailable: exit 4).
    // whileWaiting: called about every 100 ms until the helper ends (the caller forwards the
    // helper's progress, install/helperprogress.h).
    virtual Result<int> run(const std::string& program, const std::vector<std::string>& args, std::string* output,
                            const std::function<void()>& whileWaiting = {}) = 0;
};

// POSIX: pkexec (or the command in CUDNN_SETUP_ELEVATOR, for tests). Windows: runas.
std::unique_ptr<Elevator> makeElevator();

// True when this process already has administrator rights (root; an elevated token):
// then it is the elevated side itself and guards the state folder as the helper does.
bool processHasAdminRights();

// True when a launcher that elevates for another user started this process: pkexec (it clears
// the environment and sets PKEXEC_UID itself). Then the caller chose the arguments and someone
// else's rule let them run as root, so only the helper's own command line is accepted
// (install/helperargs.h); everything else is refused. Windows: false (UAC asks an administrator).
bool startedByElevator();

// The elevated helper, first thing: the terminal's signals no longer reach it. POSIX: SIGTSTP,
// SIGTTIN, SIGTTOU, SIGHUP and SIGINT blocked (for the rest of its life, threads and children it
// starts included: a stop or a hang-up must not freeze or end it between journal and commit) and
// SIGPIPE ignored (a caller that went away does not end it before its outcome is written).
// A kill by root (SIGKILL, SIGTERM) still ends it; its journal makes that recoverable. Windows:
// Ctrl+C and Ctrl+Break ignored.
void holdSignalsForHelper();

// The path of the running executable (/proc/self/exe, GetModuleFileNameW).
std::string currentExecutable();

}  // namespace cudnnsetup
