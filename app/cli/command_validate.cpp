#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"
#include "common/testhooks.h"
#include "validate/validator.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace cudnnsetup::cli {

namespace {

struct ValidateArgs {
    std::string toolkit;
    int device = 0;
    bool quick = false;
    bool tensorOps = false;
    uint64_t seed = 0;
};

std::string fmt(const char* format, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

void printHuman(const CommandContext& ctx, const validate::ValidationReport& r)
{
    say(ctx, "toolkit: " + r.toolkit);
    say(ctx, "cuDNN:   " + (r.cudnnVersion.empty() ? std::string("not loaded") : r.cudnnVersion + " (" + r.cudnnPath + ")"));
    say(ctx, "driver:  " + (r.driverPresent ? r.driverPath + (r.driverCudaVersion ? ", CUDA " + validate::cudaVersionString(r.driverCudaVersion) : "")
                                            : std::string("not loaded")));
    if (r.device)
        say(ctx, "device:  " + std::to_string(r.device->index) + ": " + r.device->name + ", compute capability " +
                     std::to_string(r.device->ccMajor) + "." + std::to_string(r.device->ccMinor) + ", " +
                     fmt("%.1f GiB", double(r.device->memoryBytes) / (1024.0 * 1024.0 * 1024.0)));
    for (const auto& f : r.loadedFiles)
        say(ctx, "loaded:  " + f);
    auto table = [&](const std::vector<validate::AlgoCheck>& checks) {
        for (const auto& c : checks) {
            std::string line = (c.ok ? "PASS " : "FAIL ") + c.name + " " + c.algo + " [" + c.math + "]";
            line += "  rel.err " + (c.relError ? fmt("%.2e", *c.relError) : std::string("-"));
            if (c.timeMs)
                line += "  " + fmt("%.3f ms", *c.timeMs);
            if (c.gflops)
                line += "  " + fmt("%.0f GFLOP/s", *c.gflops);
            if (!c.error.empty())
                line += "  " + c.error;
            say(ctx, line);
        }
    };
    table(r.checks);
    table(r.tensorOpChecks);
    for (const auto& w : r.warnings)
        say(ctx, "warning [" + w.code + "]: " + w.message);
    for (const auto& p : r.problems)
        say(ctx, "problem [" + p.code + "]: " + p.message);
    say(ctx, std::string(r.ok() ? "validation passed" : "validation FAILED") + fmt(" in %.0f ms", r.wallMs) +
                 " (seed " + std::to_string(r.seed) + ")");
}

}  // namespace

void addValidateCommand(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<ValidateArgs>();
    auto* cmd = app.add_subcommand("validate", "Load cuDNN from a toolkit and run the on-GPU convolution check");
    cmd->add_option("--toolkit", args->toolkit, "CUDA toolkit root (or a folder whose lib/ holds libcudnn); default $CUDA_PATH, else /usr/local/cuda");
    cmd->add_option("--device", args->device, "CUDA device ordinal")->check(CLI::NonNegativeNumber);
    cmd->add_flag("--quick", args->quick, "Small shapes only (a fast smoke test)");
    cmd->add_flag("--tensor-ops", args->tensorOps, "Also run the TF32 and FP16 tensor-core passes (looser tolerances)");
    cmd->add_option("--seed", args->seed, "Seed for the random inputs (default: fresh each run; printed for reproduction)");
    cmd->callback([&ctx, args] {
        namespace fs = std::filesystem;
        std::error_code ec;
        if (!args->toolkit.empty() && !fs::is_directory(args->toolkit, ec)) {
            complain("cudnn-setup validate: --toolkit " + args->toolkit + " is not a folder");
            ctx.exitCode = static_cast<int>(ExitCode::Usage);
            return;
        }
        validate::ValidateOptions opt;
        opt.toolkit = args->toolkit;
        opt.device = args->device;
        opt.quick = args->quick;
        opt.tensorOps = args->tensorOps;
        opt.seed = args->seed;
        // Test / diagnostic only: load this file as the CUDA driver instead of the system's.
        if (const auto drv = testhooks::get("CUDNN_SETUP_LIBCUDA"))
            opt.driverLibrary = *drv;
        const validate::ValidationReport report = validate::runValidation(opt);
        logLine(ctx, "validate: " + validate::toJson(report).dump());
        if (ctx.json)
            printJson(validate::toJson(report));
        else
            printHuman(ctx, report);
        ctx.exitCode = static_cast<int>(report.ok() ? ExitCode::Ok : ExitCode::Bad);
    });
}

}  // namespace cudnnsetup::cli
