#pragma once
// The wizard's way to validate: `cudnn-setup-cli validate --json` in a child process with a
// deadline, so a crash or hang inside a broken cuDNN becomes a problem code, not a dead wizard.

#include "common/problem.h"
#include "common/progress.h"
#include "validate/validator.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cudnnsetup::validate {

struct ChildValidation {
    bool ok = false;
    bool started = false;    // the child process ran at all
    bool timedOut = false;   // killed at the deadline (problem validator-timeout)
    bool crashed = false;    // ended by a signal / exception (problem validator-crashed)
    bool cancelled = false;  // killed because the cancel token was set (no problem: the user asked)
    int exitCode = -1;
    nlohmann::json report;   // the child's JSON document (null when there was none)
    Problems problems;       // the child's problems, or validator-crashed / validator-timeout / validator-output-invalid
    std::string stderrText;  // the child's human output, for the log
};

constexpr int kDefaultValidateTimeoutMs = 120000;

struct ChildRunOptions {
    int timeoutMs = kDefaultValidateTimeoutMs;
    const CancelToken* cancel = nullptr;  // checked every 50 ms; the child is killed when set
    std::string stateDir;                 // passed on as --state-dir when not empty
};

// The child's command line after the program name (for logs, and what validateInChild runs).
std::vector<std::string> validateChildArguments(const ValidateOptions& options, const std::string& stateDir = {});

ChildValidation validateInChild(const std::string& cliPath, const ValidateOptions& options,
                                const ChildRunOptions& run = {});

}  // namespace cudnnsetup::validate
