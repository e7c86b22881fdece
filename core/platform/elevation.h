#pragma once
// Runs the apply step with administrator rights: the same program in its helper mode
// (`--elevated-apply PLAN`), started through pkexec on Linux or ShellExecuteEx "runas"
// on Windows. The unelevated side never writes the toolkit itself.

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

// The path of the running executable (/proc/self/exe, GetModuleFileNameW).
std::string currentExecutable();

}  // namespace cudnnsetup
