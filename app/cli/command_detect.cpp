#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"
#include "detect/detector.h"
#include "detect/fsutil.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <iostream>
#include <memory>
#include <vector>

namespace cudnnsetup::cli {

namespace {
struct DetectArgs {
    std::vector<std::string> roots;
    std::vector<std::string> cudnnRoots;
};

void printHuman(const CommandContext& ctx, const DetectResult& r)
{
    say(ctx, "Driver: " + toString(r.driver.state) + (r.driver.version ? " " + *r.driver.version : "") +
                 (r.driver.cudaVersion ? " (CUDA " + cudaVersionText(*r.driver.cudaVersion) + ")" : "") +
                 (r.driver.state != DriverInfo::State::Present ? " — " + r.driver.detail : ""));
    if (r.toolkits.empty())
        say(ctx, "No CUDA toolkit found.");
    for (const auto& tk : r.toolkits) {
        std::string line = "Toolkit " + tk.path + (tk.resolvedPath ? " -> " + *tk.resolvedPath : "") + ": CUDA " +
                           (tk.versionText.empty() ? "unknown" : tk.versionText) + " (" + tk.layout + " layout)";
        say(ctx, line);
        if (tk.cudnn.present)
            say(ctx, "  cuDNN " + (tk.cudnn.version ? tk.cudnn.version->toString() : std::string("unknown")) +
                         (tk.cudnn.complete ? ", complete" : ", incomplete") + " in " + tk.cudnn.libDir);
        else
            say(ctx, "  no cuDNN");
    }
    for (const auto& c : r.copies)
        say(ctx, std::string(c.wins ? "* " : "  ") + c.path + " (" + c.version.value_or("?") + ", " + c.origin + ")");
    for (const auto& v : r.variants) {
        // Each variant folder is a copy of its own: say where it stands, and which toolkit it serves.
        say(ctx, "cuDNN " + (v.version ? v.version->toString() : std::string("unknown")) + " (" + v.origin + ") in " +
                     v.binDir + ": " +
                     (v.wins ? "loaded by a program started now"
                             : v.searchRank >= 0 ? "on the search path but shadowed" : "not on the search path"));
        say(ctx, "  " + variantFit(v, r.toolkits));
    }
    for (const auto& f : r.frameworks)  // "your frameworks": every verdict, healthy ones too
        say(ctx, "Framework " + f.package + " " + f.version + " (" + f.environmentKind + " " + f.environment + "): " +
                     f.code + (f.loads ? ", loads " + *f.loads + " (" + f.loadsVersion.value_or("?") + ")" : ""));
    for (const auto& p : r.problems)
        say(ctx, "problem " + p.code + ": " + p.message);
    for (const auto& p : r.warnings)
        say(ctx, "warning " + p.code + ": " + p.message);
    say(ctx, r.ok() ? "Healthy." : std::to_string(r.problems.size()) + " problem(s) found.");
}
}  // namespace

// Shared by detect and report: a usage error for roots that are not folders.
bool checkRoots(const std::vector<std::string>& roots, const char* what)
{
    for (const auto& r : roots)
        if (!isDirectory(r)) {
            complain(std::string("cudnn-setup ") + what + ": " + r +
                     " is not a folder; give the root of a CUDA toolkit (the folder holding bin/ and include/).");
            return false;
        }
    return true;
}

void addDetectCommand(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<DetectArgs>();
    auto* cmd = app.add_subcommand("detect", "Find CUDA toolkits, the driver, every cuDNN copy and the conflicts between them");
    cmd->add_option("--root", args->roots, "Also treat DIR as a toolkit candidate (repeatable)");
    cmd->add_option("--cudnn-root", args->cudnnRoots,
                    "Also look for cuDNN installed outside a toolkit under DIR: NVIDIA's installer folder "
                    "(C:\\Program Files\\NVIDIA\\CUDNN, looked in anyway on Windows), one v9.x folder or an extracted zip "
                    "(repeatable)");
    cmd->callback([&ctx, args] {
        if (!checkRoots(args->roots, "detect")) {
            ctx.exitCode = static_cast<int>(ExitCode::Usage);
            return;
        }
        for (const auto& d : args->cudnnRoots)
            if (!isDirectory(d)) {
                complain("cudnn-setup detect: " + d + " is not a folder; give a folder that holds cuDNN (NVIDIA\\CUDNN, v9.x or an extracted zip).");
                ctx.exitCode = static_cast<int>(ExitCode::Usage);
                return;
            }
        DetectOptions opts;
        opts.find.roots = args->roots;
        opts.cudnnRoots = args->cudnnRoots;
#ifdef _WIN32
        opts.find.windowsRules = true;
#endif
        const auto env = hostEnvironment();
        const auto reg = hostRegistry();
        const DetectResult r = detect(opts, *env, *reg);
        logLine(ctx, "detect: " + toJson(r).dump());
        if (ctx.json)
            printJson(toJson(r));
        printHuman(ctx, r);
        ctx.exitCode = static_cast<int>(r.ok() ? ExitCode::Ok : ExitCode::Bad);
    });
}

}  // namespace cudnnsetup::cli
