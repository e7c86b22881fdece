#pragma once
// Runs a program as a child process with a deadline, capturing stdout and stderr, so that a crash
// or a hang inside what it loads (a broken cuDNN) cannot take the caller down.

#include "common/progress.h"

#include <string>
#include <utility>
#include <vector>

namespace cudnnsetup {

struct ChildResult {
    bool started = false;   // false: the program could not be started (see error)
    bool timedOut = false;  // killed at the deadline
    bool cancelled = false; // killed because the cancel token was set
    bool crashed = false;   // ended by a signal (POSIX) or an exception code 0xC0000000+ (Windows)
    int exitCode = -1;      // valid when it exited normally
    int signal = 0;         // POSIX signal, or the Windows exception code
    std::string out, err;
    std::string error;      // why it could not be started
};

using EnvironmentOverrides = std::vector<std::pair<std::string, std::string>>;

// cancel: checked every 50 ms; when set, the child (POSIX: its whole process group) is killed.
ChildResult runChildProcess(const std::string& program, const std::vector<std::string>& args, int timeoutMs,
                            const EnvironmentOverrides& env = {}, const CancelToken* cancel = nullptr);

}  // namespace cudnnsetup
