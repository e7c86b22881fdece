#pragma once
// The elevated helper's command line (`cudnn-setup elevated-apply ...`): the intent of
// install/trust.h as options, and the checks the helper runs on it before it reads anything
// else. The one input the helper takes from the user, so kept apart from the command: the
// `intent` fuzz target (tests/fuzz/fuzz_intent.cpp) parses exactly this.

#include "common/problem.h"
#include "install/plan.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace cudnnsetup::cli {

// What install, repair, uninstall and elevated-apply are given on their command lines.
struct InstallArgs {
    std::string archive, toolkit, sha256, manifest;
    bool allowUnknown = false, noPath = false, dryRun = false, includeExtraFiles = false;
    std::string prefix;      // install --prefix: a standalone prefix to create (instead of --toolkit)
    bool newPrefix = false;  // elevated-apply --new-prefix
    // elevated-apply: the rest of the intent (install/trust.h)
    std::string operation, transaction, planDigest;
};

// The options of `elevated-apply`, with the names install/trust.h intentArguments writes.
void addElevatedApplyOptions(CLI::App& helper, InstallArgs& args);

// The request as the helper checks it first: a known operation, a transaction id that can name
// a work folder, a digest of 64 characters, an archive exactly where the operation needs one
// ("unsafe-plan"), and the root (checkInstallRoot: a toolkit, a new prefix for --new-prefix
// installs, or a prefix the record in stateDir names; "not-a-toolkit"). On success, *kind is
// the operation.
std::optional<Problem> checkElevatedRequest(const InstallArgs& args, const std::string& stateDir, PlanKind* kind);

}  // namespace cudnnsetup::cli
