#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"

namespace cudnnsetup::cli {

void addVerifyCommand(CLI::App& app, CommandContext& ctx)
{
    auto* cmd = app.add_subcommand("verify", "(not available in this build yet)");
    cmd->callback([&ctx] {
        complain("cudnn-setup verify: not available in this build yet");
        ctx.exitCode = static_cast<int>(ExitCode::Usage);
    });
}

}  // namespace cudnnsetup::cli
