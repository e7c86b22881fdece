#pragma once
// Glue between the install/repair/uninstall/recover subcommands and core/install:
// the PATH service for a toolkit and the JSON documents. What the elevated helper trusts is
// decided in core (install/trust.h).

#include "install/engine.h"
#include "install/installflow.h"
#include "install/plan.h"
#include "platform/systempath.h"

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace cudnnsetup::cli {

// What install, repair and uninstall are given on their command lines.
struct InstallArgs {
    std::string archive, toolkit, sha256, manifest;
    bool allowUnknown = false, noPath = false, dryRun = false, includeExtraFiles = false;
    std::string prefix;  // install --prefix: a standalone prefix to create (instead of --toolkit)
    nlohmann::json download;  // install --download: the download step's document (null without it)
    std::string useFolder;    // use: the variant bin folder that goes on PATH (toolkit: its NVIDIA root)
    bool pathFirst = false;   // use --first
    bool nvidiaLayout = false;  // install --nvidia-layout: `toolkit` an NVIDIA cuDNN root (made when missing)
    bool mergeIntoToolkit = false;  // use --toolkit: `toolkit` a CUDA toolkit the variant (useFolder) is merged into
};

struct CommandContext;
// install / repair / uninstall for one toolkit as `apply` runs it: the contract's document and its
// exit code, logged but not printed (apply prints one document for the whole machine).
std::pair<nlohmann::json, int> runInstallStep(const CommandContext& ctx, const InstallArgs& args, PlanKind kind);

// Moved to core (install/installflow.h), shared with the wizard.
using cudnnsetup::PathService;
using cudnnsetup::pathServiceFor;
using cudnnsetup::newTransactionId;

// {toolkit, actions, rolled_back, ok, problems, warnings, notes, not_restored, record}
nlohmann::json outcomeJson(const std::string& toolkit, const Outcome& outcome);
nlohmann::json planJson(const Plan& plan);  // --dry-run

// Engine hooks from the environment in a build made for tests (common/testhooks.h;
// CUDNN_SETUP_TEST_OP_DELAY_MS: a pause before each operation, so that tests can kill the
// process at a chosen phase). None in the elevated helper.
EngineHooks hooksFromEnvironment();

}  // namespace cudnnsetup::cli
