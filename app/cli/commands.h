#pragma once
// One file per subcommand; each adds itself to the parser and sets ctx.exitCode.

#include <CLI/CLI.hpp>

#include <string>

namespace cudnnsetup::cli {

struct CommandContext {
    bool json = false;
    std::string logFile;
    std::string stateDir;
    int exitCode = 0;
};

void addVerifyCommand(CLI::App& app, CommandContext& ctx);
void addDetectCommand(CLI::App& app, CommandContext& ctx);
// install, repair, uninstall, recover
void addInstallCommands(CLI::App& app, CommandContext& ctx);
void addValidateCommand(CLI::App& app, CommandContext& ctx);
void addReportCommand(CLI::App& app, CommandContext& ctx);

}  // namespace cudnnsetup::cli
