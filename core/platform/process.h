#pragma once
// Runs a short-lived helper program (nvcc --version, python -c ...) and captures its output,
// killing it when it overruns: detection must never hang on a broken tool.

#include <chrono>
#include <string>
#include <vector>

namespace cudnnsetup {

struct ProcessResult {
    bool started = false;   // false: not found or not executable
    bool timedOut = false;  // killed after the timeout
    int exitCode = -1;      // valid when started && !timedOut
    std::string output;     // stdout and stderr together, truncated at 1 MiB
};

// `program` is a path or a name looked up on PATH; no shell is involved.
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout);

}  // namespace cudnnsetup
