#pragma once
// The wizard's way to validate: `cudnn-setup-cli validate --json` in a child process with a
// deadline, so a crash or hang inside a broken cuDNN becomes a problem code, not a dead wizard.

#include "common/problem.h"
#include "validate/validator.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cudnnsetup::validate {

struct ChildValidation {
    bool ok = false;
    int exitCode = -1;
    nlohmann::json report;   // the child's JSON document (null when there was none)
    Problems problems;       // the child's problems, or validator-crashed / validator-timeout / validator-output-invalid
    std::string stderrText;  // the child's human output, for the log
};

constexpr int kDefaultValidateTimeoutMs = 120000;

ChildValidation validateInChild(const std::string& cliPath, const ValidateOptions& options,
                                int timeoutMs = kDefaultValidateTimeoutMs);

}  // namespace cudnnsetup::validate
