#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"
#include "detect/detector.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <iostream>
#include <memory>

namespace cudnnsetup::cli {

bool checkRoots(const std::vector<std::string>& roots, const char* what);

void addReportCommand(CLI::App& app, CommandContext& ctx)
{
    auto toolkit = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand("report", "Environment \"version profile\" for a bug report (Markdown, or JSON with --json)");
    cmd->add_option("--toolkit", *toolkit, "Also examine this toolkit root");
    cmd->callback([&ctx, toolkit] {
        DetectOptions opts;
        if (!toolkit->empty()) {
            if (!checkRoots({*toolkit}, "report")) {
                ctx.exitCode = static_cast<int>(ExitCode::Usage);
                return;
            }
            opts.find.roots.push_back(*toolkit);
        }
#ifdef _WIN32
        opts.find.windowsRules = true;
#endif
        opts.probePython = true;
        const auto env = hostEnvironment();
        const auto reg = hostRegistry();
        const DetectResult r = detect(opts, *env, *reg);
        logLine(ctx, "report: " + toJson(r).dump());
        if (ctx.json)
            printJson(toJson(r));
        else
            std::cout << toMarkdown(r);
        ctx.exitCode = static_cast<int>(r.ok() ? ExitCode::Ok : ExitCode::Bad);
    });
}

}  // namespace cudnnsetup::cli
