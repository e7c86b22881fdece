#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"

namespace cudnnsetup::cli {

void addInstallCommands(CLI::App& app, CommandContext& ctx)
{
    for (const char* name : {"install", "repair", "uninstall", "recover"}) {
        auto* cmd = app.add_subcommand(name, "(not available in this build yet)");
        cmd->allow_extras();
        cmd->callback([&ctx, name] {
            complain(std::string("cudnn-setup ") + name + ": not available in this build yet");
            ctx.exitCode = static_cast<int>(ExitCode::Usage);
        });
    }
}

}  // namespace cudnnsetup::cli
