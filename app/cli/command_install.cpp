// install, repair, uninstall, recover, and the hidden elevated-apply helper mode.
#include "cli/commands.h"
#include "platform/statedir.h"
#include "cli/installsupport.h"
#include "cli/output.h"

#include "archive/verifier.h"
#include "common/problem.h"
#include "install/archiveinfo.h"
#include "install/helperprogress.h"
#include "install/installflow.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "platform/elevation.h"
#include "platform/statelock.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <variant>

namespace cudnnsetup::cli {

namespace {

struct InstallArgs {
    std::string archive, toolkit, sha256, manifest, planFile;
    bool allowUnknown = false, noPath = false, dryRun = false;
};

std::string stateDirOf(const CommandContext& ctx)
{
    return ctx.stateDir.empty() ? defaultStateDir() : ctx.stateDir;
}

int finish(const CommandContext& ctx, const nlohmann::json& doc, int code)
{
    if (ctx.json) {
        printJson(doc);
    } else {
        for (const auto& a : doc.value("actions", nlohmann::json::array()))
            say(ctx, "  " + a.value("status", std::string()) + ": " + a.value("description", std::string()));
        for (const auto& n : doc.value("notes", nlohmann::json::array()))
            say(ctx, "  note: " + n.get<std::string>());
        for (const auto& w : doc.value("warnings", nlohmann::json::array()))
            complain("warning: " + w.value("message", std::string()));
        for (const auto& p : doc.value("problems", nlohmann::json::array()))
            complain("problem [" + p.value("code", std::string()) + "]: " + p.value("message", std::string()));
    }
    logLine(ctx, doc.dump());
    return code;
}

int usage(const CommandContext& ctx, const std::string& toolkit, const std::string& code, const std::string& message)
{
    nlohmann::json doc{{"ok", false}, {"toolkit", toolkit}, {"actions", nlohmann::json::array()},
                       {"rolled_back", false}, {"problems", toJson(Problems{{code, std::nullopt, message}})}};
    return finish(ctx, doc, static_cast<int>(ExitCode::Usage));
}

// Before anything else that changes a toolkit: an interrupted transaction is rolled back.
std::optional<int> autoRecover(const CommandContext& ctx, const std::string& toolkit)
{
    const std::optional<Outcome> recovered = recoverBeforeChanging(stateDirOf(ctx));
    if (!recovered)
        return std::nullopt;
    for (const std::string& n : recovered->notes)
        say(ctx, "recover: " + n);
    if (!recoverFailed(*recovered))
        return std::nullopt;
    return finish(ctx, outcomeJson(toolkit, *recovered), static_cast<int>(ExitCode::NotRolledBack));
}

class StderrProgress : public ProgressSink {
public:
    explicit StderrProgress(bool enabled) : m_enabled(enabled) {}
    void onProgress(std::uint64_t done, std::uint64_t total) override
    {
        if (!m_enabled || total == 0)
            return;
        const int pct = int(done * 100 / total);
        if (pct != m_last) {
            m_last = pct;
            std::fprintf(stderr, "\rextracting %3d%%", pct);
            if (pct == 100)
                std::fputc('\n', stderr);
        }
    }

private:
    bool m_enabled;
    int m_last = -1;
};

// The elevated helper applies the plan: it re-reads, re-checks and re-stages everything.
int applyElevated(const CommandContext& ctx, const Plan& plan, Elevator& elevator, ProgressSink* progress)
{
    const std::string planFile =
        (std::filesystem::temp_directory_path() / ("cudnn-setup-plan-" + plan.transactionId + ".json")).string();
    {
        std::ofstream out(planFile, std::ios::trunc);
        out << toJson(plan).dump(1);
    }
    std::string output;
    HelperProgressReader helperProgress(plan.stateDir, plan.transactionId, progress);
    auto rc = elevator.run(currentExecutable(), {"--json", "--state-dir", plan.stateDir, "elevated-apply", planFile},
                           &output, [&helperProgress] { helperProgress.poll(); });
    std::filesystem::remove(planFile);
    if (!rc) {
        Outcome o;
        o.problems.push_back({rc.error().code, std::nullopt, rc.error().message});
        return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(ExitCode::NeedsAdmin));
    }
    try {
        return finish(ctx, nlohmann::json::parse(output), *rc);
    } catch (const nlohmann::json::exception&) {
        Outcome o;
        o.problems.push_back({"elevation-failed", std::nullopt,
                              "The elevated helper gave no result (exit " + std::to_string(*rc) +
                                  "); run `cudnn-setup recover` as an administrator."});
        return finish(ctx, outcomeJson(plan.toolkit, o), *rc == 0 ? 5 : *rc);
    }
}

// The flow's result as the contract's document and exit code.
int report(const CommandContext& ctx, const InstallArgs& a, const FlowResult& r, Elevator& elevator,
           ProgressSink* progress)
{
    const int code = static_cast<int>(r.exitCode());
    if (r.recovered)
        for (const std::string& n : r.recovered->notes)
            say(ctx, "recover: " + n);
    switch (r.status) {
    case FlowStatus::Usage:
        return usage(ctx, r.toolkit, r.problems.at(0).code, r.problems.at(0).message);
    case FlowStatus::Unrecovered:
        return finish(ctx, outcomeJson(r.toolkit, *r.outcome), code);
    case FlowStatus::BadArchive: {
        nlohmann::json doc{{"ok", false}, {"toolkit", a.toolkit}, {"actions", nlohmann::json::array()},
                           {"rolled_back", false}, {"problems", toJson(r.problems)}};
        if (r.verify)
            doc["verify"] = toJson(*r.verify);
        return finish(ctx, doc, code);
    }
    case FlowStatus::Cancelled:
    case FlowStatus::Refused: {
        Outcome o;
        o.problems = r.problems;
        if (r.plan)
            o.notes = r.plan->notes;
        return finish(ctx, outcomeJson(r.plan ? r.plan->toolkit : r.toolkit, o), code);
    }
    case FlowStatus::Planned:
        if (a.dryRun)
            return finish(ctx, planJson(*r.plan), code);
        return applyElevated(ctx, *r.plan, elevator, progress);
    case FlowStatus::NothingToDo: {
        Outcome o;
        o.ok = true;
        o.notes = r.plan->notes;
        return finish(ctx, outcomeJson(r.plan->toolkit, o), code);
    }
    case FlowStatus::Applied:
        return finish(ctx, outcomeJson(r.plan->toolkit, *r.outcome), code);
    }
    return code;
}

int runInstall(const CommandContext& ctx, const InstallArgs& a, PlanKind kind)
{
    FlowOptions o;
    o.stateDir = stateDirOf(ctx);
    if (!a.sha256.empty())
        o.sha256 = a.sha256;
    if (!a.manifest.empty())
        o.manifestPath = a.manifest;
    o.allowUnknown = a.allowUnknown;
    o.noPath = a.noPath;
    o.dryRun = a.dryRun;
    o.hooks = hooksFromEnvironment();
    StderrProgress progress(!ctx.json && stderrIsTerminal());
    o.progress = &progress;
    // Elevation is decided before the archive is read: only an apply in this process stages
    // while verifying; the elevated helper re-reads the archive itself.
    auto elevator = makeElevator();
    std::error_code ec;
    const std::string root = std::filesystem::weakly_canonical(std::filesystem::absolute(a.toolkit, ec), ec).generic_string();
    o.applyHere = !elevator->needed({root, o.stateDir});
    if (!a.archive.empty())
        say(ctx, "verifying " + a.archive + " ...");
    const FlowResult r = kind == PlanKind::Install ? installArchive(a.archive, a.toolkit, o)
                         : kind == PlanKind::Repair
                             ? repairToolkit(a.toolkit, a.archive.empty() ? std::nullopt : std::optional(a.archive), o)
                             : uninstallToolkit(a.toolkit, o);
    return report(ctx, a, r, *elevator, &progress);
}

int runRecover(const CommandContext& ctx, const std::string& toolkit)
{
    const std::string stateDir = stateDirOf(ctx);
    std::string root = toolkit;
    if (root.empty()) {
        auto files = makeRealFileOps();
        if (auto journal = loadJournal(*files, journalPathIn(stateDir)); journal && *journal)
            root = (*journal)->plan.toolkit;
    }
    std::optional<std::string> only;
    if (!toolkit.empty()) {
        std::error_code ec;
        only = std::filesystem::weakly_canonical(toolkit, ec).generic_string();
    }
    const Outcome o = recoverInterrupted(stateDir, only);
    // "busy": the journal is another process's live transaction, left alone; nothing changed.
    const bool busy = !o.problems.empty() && o.problems.front().code == "busy";
    return finish(ctx, outcomeJson(root, o),
                  static_cast<int>(o.ok ? ExitCode::Ok : busy ? ExitCode::RolledBack : ExitCode::NotRolledBack));
}

// The elevated side: re-reads the plan, checks every target, re-hashes the archive while staging.
int runElevatedApply(const CommandContext& ctx, const std::string& planFile)
{
    const std::string stateDir = stateDirOf(ctx);
    // This side runs with rights and trusts the journal and records it finds there:
    // only administrators (root) may write the state folder.
    if (auto guard = prepareStateDir(stateDir, StateDirAccess::Shared); !guard.ok())
        return usage(ctx, "", guard.error().code, guard.error().message);
    std::ifstream in(planFile, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    Plan plan;
    try {
        plan = planFromJson(nlohmann::json::parse(text.str()));
    } catch (const nlohmann::json::exception& e) {
        return usage(ctx, "", "unsafe-plan", "The plan " + planFile + " cannot be read: " + e.what());
    }
    std::error_code ec;
    const auto canonical = std::filesystem::canonical(plan.toolkit, ec);
    if (ec || canonical.generic_string() != plan.toolkit)
        return usage(ctx, plan.toolkit, "unsafe-plan", "The plan's toolkit " + plan.toolkit + " is not a canonical folder.");
    auto lock = StateLock::tryAcquire(stateDir);
    if (!lock) {
        Outcome o;
        o.problems.push_back({lock.error().code, stateDir, lock.error().message});
        return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(ExitCode::RolledBack));
    }
    if (auto rc = autoRecover(ctx, plan.toolkit))
        return *rc;
    auto state = snapshotToolkit(plan.toolkit, {}, stateDir);
    if (!state)
        return usage(ctx, plan.toolkit, state.error().code, state.error().message);
    PathService path = pathServiceFor(*state);
    const Problems refused = checkPlanForHelper(plan, stateDir, path);
    if (!refused.empty()) {
        Outcome o;
        o.problems = refused;
        return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(ExitCode::Usage));
    }
    auto files = makeRealFileOps();
    auto source = makeArchiveStagingSource();
    Engine engine(*files, path.system.get(), source.get());
    engine.setHooks(hooksFromEnvironment());
    // Read by the unelevated side, which cannot see this process's output until it ends.
    HelperProgressWriter progress(stateDir, plan.transactionId);
    const Outcome o = engine.apply(plan, nullptr, &progress);
    return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(o.exitCode()));
}

}  // namespace

void addInstallCommands(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<InstallArgs>();

    auto* install = app.add_subcommand("install", "Verify, then merge the archive into the toolkit as one transaction");
    install->add_option("ARCHIVE", args->archive, "The cuDNN .zip")->required();
    install->add_option("--toolkit", args->toolkit, "Toolkit root (holds bin, include, lib)")->required();
    install->add_option("--sha256", args->sha256, "Expected SHA-256 of the archive");
    install->add_option("--manifest", args->manifest, "NVIDIA redistrib_<version>.json listing the archive");
    install->add_flag("--allow-unknown", args->allowUnknown, "Install an intact archive of unknown origin");
    install->add_flag("--no-path", args->noPath, "Leave PATH (ld.so.conf.d) alone");
    install->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    install->callback([&ctx, args] { ctx.exitCode = runInstall(ctx, *args, PlanKind::Install); });

    auto* repair = app.add_subcommand("repair", "Bring an installed cuDNN back to the recorded (or archive's) state");
    repair->add_option("--toolkit", args->toolkit, "Toolkit root")->required();
    repair->add_option("--archive", args->archive, "The archive to restore files from");
    repair->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    // Without --archive: the recorded archive if it still hashes the same (repairToolkit).
    repair->callback([&ctx, args] { ctx.exitCode = runInstall(ctx, *args, PlanKind::Repair); });

    auto* uninstall = app.add_subcommand("uninstall", "Undo a recorded install: toolkit files and PATH as before");
    uninstall->add_option("--toolkit", args->toolkit, "Toolkit root")->required();
    uninstall->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    uninstall->callback([&ctx, args] { ctx.exitCode = runInstall(ctx, *args, PlanKind::Uninstall); });

    auto* recover = app.add_subcommand("recover", "Finish the rollback of an interrupted transaction");
    recover->add_option("--toolkit", args->toolkit, "Only if the interrupted transaction is for this toolkit");
    recover->callback([&ctx, args] { ctx.exitCode = runRecover(ctx, args->toolkit); });

    auto* helper = app.add_subcommand("elevated-apply", "");  // empty description: hidden from --help
    helper->group("");
    helper->add_option("PLAN", args->planFile)->required();
    helper->callback([&ctx, args] { ctx.exitCode = runElevatedApply(ctx, args->planFile); });
}

}  // namespace cudnnsetup::cli
