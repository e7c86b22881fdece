#pragma once
// One file per subcommand; each adds itself to the parser and sets ctx.exitCode.

#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>

#include <string>

namespace cudnnsetup {
struct Intent;
namespace nofollow {
class AppendFile;
}
}  // namespace cudnnsetup

namespace cudnnsetup::cli {

struct CommandContext {
    bool json = false;
    std::string logFile;  // --log FILE: the user's own process only, never the helper
    std::string stateDir;
    int exitCode = 0;
    nofollow::AppendFile* helperLog = nullptr;  // the helper's log in its state folder (helper.cpp)
};

void addVerifyCommand(CLI::App& app, CommandContext& ctx);
void addDetectCommand(CLI::App& app, CommandContext& ctx);
// install, repair, uninstall, recover
void addInstallCommands(CLI::App& app, CommandContext& ctx);
void addValidateCommand(CLI::App& app, CommandContext& ctx);
void addReportCommand(CLI::App& app, CommandContext& ctx);
void addDownloadCommand(CLI::App& app, CommandContext& ctx);
void addApplyCommand(CLI::App& app, CommandContext& ctx);

// The download step of `download` and `install --download` (command_download.cpp).
struct DownloadArgs {
    std::string release;     // "9.13", "9.13.0.50"; empty: the newest that fits
    std::string toolkit;     // empty: the first toolkit detect finds (unless cudaMajor)
    int cudaMajor = 0;
    std::string platform, to, mirror, caFile, proxy;
    bool acceptLicense = false;
};
struct DownloadStep {
    int exitCode = 0;
    std::string archive;     // the verified file
    std::string sha256;      // its SHA-256, from NVIDIA's manifest
    std::string toolkit;     // the toolkit it was chosen for (empty with --cuda)
    nlohmann::json document; // the `download --json` document
};
DownloadStep runDownloadStep(const CommandContext& ctx, const DownloadArgs& args);
// --cuda, --platform, --to, --mirror, --ca-file, --proxy, --accept-license
void addDownloadOptions(CLI::App* cmd, DownloadArgs& args);

// The elevated helper's two modes (helper.cpp parses their command line; command_install.cpp runs
// them): apply the intent, or roll back the journal of ctx.stateDir (only `toolkit`'s, if given).
int runElevatedApply(const CommandContext& ctx, const Intent& intent);
int runRecover(const CommandContext& ctx, const std::string& toolkit);

}  // namespace cudnnsetup::cli
