#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"

namespace cudnnsetup::cli {

void addReportCommand(CLI::App& app, CommandContext& ctx)
{
    auto* cmd = app.add_subcommand("report", "(not available in this build yet)");
    cmd->callback([&ctx] {
        complain("cudnn-setup report: not available in this build yet");
        ctx.exitCode = static_cast<int>(ExitCode::Usage);
    });
}

}  // namespace cudnnsetup::cli
