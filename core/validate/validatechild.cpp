#include "validate/validatechild.h"

#include "common/problemcodes.h"
#include "platform/childprocess.h"

namespace cudnnsetup::validate {

std::vector<std::string> validateChildArguments(const ValidateOptions& options, const std::string& stateDir)
{
    std::vector<std::string> args = {"validate", "--json", "--device", std::to_string(options.device)};
    if (!options.toolkit.empty())
        args.insert(args.end(), {"--toolkit", options.toolkit});
    if (!stateDir.empty())
        args.insert(args.end(), {"--state-dir", stateDir});
    if (options.quick)
        args.emplace_back("--quick");
    if (options.tensorOps)
        args.emplace_back("--tensor-ops");
    if (options.seed)
        args.insert(args.end(), {"--seed", std::to_string(options.seed)});
    return args;
}

ChildValidation validateInChild(const std::string& cliPath, const ValidateOptions& options, const ChildRunOptions& run)
{
    const std::vector<std::string> args = validateChildArguments(options, run.stateDir);
    EnvironmentOverrides env;
    if (!options.driverLibrary.empty())
        env.emplace_back("CUDNN_SETUP_LIBCUDA", options.driverLibrary);
    const int timeoutMs = run.timeoutMs;

    const ChildResult child = runChildProcess(cliPath, args, timeoutMs, env, run.cancel);
    ChildValidation out;
    out.stderrText = child.err;
    out.started = child.started;
    out.timedOut = child.timedOut;
    out.crashed = child.crashed;
    out.cancelled = child.cancelled;
    auto fail = [&](const char* code, std::string message) {
        out.problems.push_back(Problem{code, cliPath, std::move(message)});
        return out;
    };
    if (child.cancelled)
        return out;
    if (!child.started)
        return fail(codes::kValidatorOutputInvalid, "The validation could not be started: " + child.error + ".");
    if (child.timedOut)
        return fail(codes::kValidatorTimeout,
                    "The validation did not finish within " + std::to_string((timeoutMs + 999) / 1000) +
                        " s and was stopped: cuDNN or the driver hangs. Update the NVIDIA driver, reinstall cuDNN, and run `cudnn-setup validate` in a terminal to see where it stops.");
    if (child.crashed)
        return fail(codes::kValidatorCrashed,
                    "The validation crashed (signal/exception " + std::to_string(child.signal) +
                        ") inside cuDNN or the driver. Reinstall cuDNN and update the NVIDIA driver; `cudnn-setup validate --log FILE` records how far it got.");
    out.exitCode = child.exitCode;
    try {
        out.report = nlohmann::json::parse(child.out);
        for (const auto& p : out.report.at("problems")) {
            Problem pr;
            pr.code = p.at("code").get<std::string>();
            if (!p.at("path").is_null())
                pr.path = p.at("path").get<std::string>();
            pr.message = p.at("message").get<std::string>();
            out.problems.push_back(std::move(pr));
        }
        out.ok = out.report.at("ok").get<bool>() && child.exitCode == 0;
    } catch (const std::exception& e) {
        out.report = nullptr;
        out.problems.clear();
        return fail(codes::kValidatorOutputInvalid,
                    "The validation ended with exit code " + std::to_string(child.exitCode) + " but printed no valid report (" + e.what() + ").");
    }
    if (!out.ok && out.problems.empty())
        return fail(codes::kValidatorOutputInvalid, "The validation failed (exit code " + std::to_string(child.exitCode) + ") without naming a problem.");
    return out;
}

}  // namespace cudnnsetup::validate
