// install, repair, uninstall, recover, and the hidden elevated-apply helper mode.
#include "archive/verifier.h"
#include "cli/commands.h"
#include "cli/installsupport.h"
#include "cli/output.h"
#include "common/problem.h"
#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "install/archiveinfo.h"
#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/installflow.h"
#include "install/interrupted.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "install/trust.h"
#include "platform/elevation.h"
#include "platform/folderaccess.h"
#include "platform/statelock.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <variant>

namespace cudnnsetup::cli {

namespace {

// Absolute: the elevated helper (another working folder) must name the same folder.
std::string stateDirOf(const CommandContext& ctx)
{
    if (ctx.stateDir.empty())
        return defaultStateDir();
    std::error_code ec;
    const auto abs = std::filesystem::absolute(std::filesystem::u8path(ctx.stateDir), ec);
    const std::u8string u = abs.lexically_normal().u8string();
    return ec ? ctx.stateDir : std::string(u.begin(), u.end());
}

// The helper's document, also left in its state folder for a caller without a pipe (runas).
nlohmann::json g_lastDocument;

int finish(const CommandContext& ctx, const nlohmann::json& doc, int code)
{
    g_lastDocument = doc;
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

// The helper reports; it never elevates again.
class NoElevator : public Elevator {
public:
    bool needed(const std::vector<std::string>&) const override { return false; }
    Result<int> run(const std::string&, const std::vector<std::string>&, std::string*,
                    const std::function<void()>&) override
    {
        return Error{codes::kElevationFailed, "The elevated helper does not elevate again.", "NoElevator"};
    }
};

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

// The elevated helper gets only the intent (install/trust.h) on its command line, never a plan:
// it verifies, scans and plans for itself and applies only a plan with the reviewed digest.
int applyElevated(const CommandContext& ctx, const InstallArgs& a, const FlowResult& r, Elevator& elevator,
                  ProgressSink* progress)
{
    const Plan& plan = *r.plan;
    const Intent intent = intentFor(plan, a.noPath, a.sha256.empty() ? std::nullopt : std::optional(a.sha256),
                                    a.manifest.empty() ? std::nullopt : std::optional(a.manifest), a.allowUnknown);
    // Its own command line only (install/helperargs.h): no --json, --state-dir or --log of ours.
    const std::vector<std::string> args = helperApplyArguments(intent);
    passStateDirToTestHelper(plan.stateDir);
    std::string output;
    HelperProgressReader helperProgress(plan.stateDir, plan.transactionId, progress);
    auto rc = elevator.run(currentExecutable(), args, &output, [&helperProgress] { helperProgress.poll(); });
    if (!rc) {
        Outcome o;
        o.problems.push_back({rc.error().code, std::nullopt, rc.error().message});
        return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(ExitCode::NeedsAdmin));
    }
    if (output.empty())  // Windows: no pipe from a "runas" process; its state folder has it
        output = readHelperOutcome(plan.stateDir, plan.transactionId).value_or(std::string());
    try {
        return finish(ctx, nlohmann::json::parse(output), *rc);
    } catch (const nlohmann::json::exception&) {
        Outcome o;
        o.problems.push_back({codes::kElevationFailed, std::nullopt,
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
        return applyElevated(ctx, a, r, elevator, progress);
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

// A journal only the elevated side may roll back (a killed helper's, install/interrupted.h):
// `recover` through the elevated helper. Its exit code and document, or ours for a refusal.
std::pair<int, nlohmann::json> recoverThroughHelper(const CommandContext& ctx, const InterruptedTransaction& t,
                                                    const std::optional<std::string>& only, Elevator& elevator)
{
    say(ctx, "an interrupted transaction of " + t.toolkit + " (" + t.stateDir +
                 ") needs administrator rights to be rolled back: asking for them ...");
    auto r = recoverElevated(elevator, currentExecutable(), t, only);
    Outcome o;
    if (!r) {
        o.problems.push_back({r.error().code, std::nullopt, r.error().message});
        return {static_cast<int>(ExitCode::NeedsAdmin), outcomeJson(t.toolkit, o)};
    }
    try {
        return {r->exitCode, nlohmann::json::parse(r->document)};
    } catch (const nlohmann::json::exception&) {
        o.problems.push_back({codes::kElevationFailed, std::nullopt,
                              "The elevated helper gave no result (exit " + std::to_string(r->exitCode) +
                                  "); run `cudnn-setup recover` as an administrator."});
        return {r->exitCode == 0 ? static_cast<int>(ExitCode::NotRolledBack) : r->exitCode, outcomeJson(t.toolkit, o)};
    }
}

std::string canonicalOf(const std::string& path)
{
    std::error_code ec;
    return std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).generic_string();
}

int runInstall(const CommandContext& ctx, const InstallArgs& a, PlanKind kind)
{
    std::error_code ec;
    FlowOptions o;
    o.stateDir = stateDirOf(ctx);
    if (!a.sha256.empty())
        o.sha256 = a.sha256;
    if (!a.manifest.empty())
        o.manifestPath = std::filesystem::absolute(a.manifest, ec).lexically_normal().string();
    o.allowUnknown = a.allowUnknown;
    o.noPath = a.noPath;
    o.includeExtraFiles = a.includeExtraFiles;
    o.dryRun = a.dryRun;
    o.newPrefix = !a.prefix.empty();
    o.hooks = hooksFromEnvironment();
    StderrProgress progress(!ctx.json && stderrIsTerminal());
    o.progress = &progress;
    // Elevation is decided before the archive is read: only an apply in this process stages
    // while verifying; the elevated helper re-reads the archive itself.
    auto elevator = makeElevator();
    const std::string target = o.newPrefix ? a.prefix : a.toolkit;
    const std::string root = std::filesystem::weakly_canonical(std::filesystem::absolute(target, ec), ec).generic_string();
    o.applyHere = !elevator->needed({root, o.stateDir});
    if (!o.applyHere)
        o.stateDir = elevatedStateDirFor(o.stateDir);
    // A killed helper's journal first, through the helper: the flow would try it here and stop
    // half way (no-permission), and a plan of the half-changed toolkit is not what the helper finds.
    if (!o.applyHere && !o.dryRun)
        if (auto t = findInterrupted(o.stateDir, *elevator); t && t->needsElevation) {
            auto [code, doc] = recoverThroughHelper(ctx, *t, std::nullopt, *elevator);
            if (code != 0 || !doc.value("ok", false))
                return finish(ctx, doc, code == 0 ? static_cast<int>(ExitCode::NotRolledBack) : code);
            say(ctx, "rolled back the interrupted transaction of " + t->toolkit);
        }
    if (!a.archive.empty())
        say(ctx, "verifying " + a.archive + " ...");
    // Absolute: the elevated helper (another working folder under pkexec / runas) reads the same file.
    // Without "." or "..": the helper takes no other path (install/helperargs.h).
    InstallArgs args = a;
    if (!args.archive.empty())
        args.archive = std::filesystem::absolute(args.archive, ec).lexically_normal().string();
    if (!args.manifest.empty())
        args.manifest = std::filesystem::absolute(args.manifest, ec).lexically_normal().string();
    args.toolkit = target;
    const FlowResult r = kind == PlanKind::Install ? installArchive(args.archive, target, o)
                         : kind == PlanKind::Repair
                             ? repairToolkit(a.toolkit, args.archive.empty() ? std::nullopt : std::optional(args.archive), o)
                             : uninstallToolkit(a.toolkit, o);
    return report(ctx, args, r, *elevator, &progress);
}

}  // namespace

int runRecover(const CommandContext& ctx, const std::string& toolkit)
{
    const std::string stateDir = stateDirOf(ctx);
    std::optional<std::string> only;
    if (!toolkit.empty())
        only = canonicalOf(toolkit);
    auto elevator = makeElevator();
    const auto interrupted = findInterrupted(stateDir, *elevator);
    // Elevated only for a journal this command acts on (no --toolkit, or the journal's).
    if (interrupted && interrupted->needsElevation &&
        (!only || interrupted->toolkit.empty() || canonicalOf(interrupted->toolkit) == *only)) {
        auto [code, doc] = recoverThroughHelper(ctx, *interrupted, only, *elevator);
        return finish(ctx, doc, code);
    }
    const std::string dir = interrupted ? interrupted->stateDir : stateDir;
    const std::string root = toolkit.empty() && interrupted ? interrupted->toolkit : toolkit;
    const Outcome o = recoverInterrupted(dir, only);
    // "busy": the journal is another process's live transaction, left alone; nothing changed.
    const bool busy = !o.problems.empty() && o.problems.front().code == codes::kBusy;
    const int code = finish(ctx, outcomeJson(root, o),
                            static_cast<int>(o.ok ? ExitCode::Ok : busy ? ExitCode::RolledBack : ExitCode::NotRolledBack));
    // Started through "runas" (recoverThroughHelper on Windows), this process has no pipe to its caller.
    // Written only into a folder checked to be administrators-only: never, as root, into a user's.
    if (processHasAdminRights() && interrupted && !interrupted->transaction.empty() &&
        prepareAdminStateDir(dir).ok())
        writeHelperOutcome(dir, interrupted->transaction, g_lastDocument.dump());
    return code;
}

// The elevated side (WiX burn's elevated engine), started by helper.cpp once its own command line
// passed (install/helperargs.h), hooks are off, the state folder (the machine's) is checked and its
// log opened: told what the user asked for, it trusts nothing else. The archive is verified from
// this process's own read of the one handle it opened, the toolkit scanned, the plan made here and
// applied only if its digest is the reviewed one.
int runElevatedApply(const CommandContext& ctx, const Intent& in)
{
    InstallArgs a;
    a.toolkit = in.toolkit;
    a.archive = in.archive;
    const std::string& stateDir = ctx.stateDir;
    FlowOptions o;
    // The archive is opened there, once, with no link followed; the flow reads it only through that
    // handle (hash, verify, staging), never by its name, which the user may have pointed elsewhere since.
    if (auto bad = checkElevatedRequest(in, stateDir, &o.archiveFile, &o.manifestRead))
        return usage(ctx, a.toolkit, bad->code, bad->message);
    o.stateDir = stateDir;
    o.sha256 = in.sha256;
    o.manifestPath = in.manifest;
    o.allowUnknown = in.allowUnknown;
    o.noPath = in.noPath;
    o.includeExtraFiles = in.includeExtraFiles;
    o.newPrefix = in.newPrefix;
    o.transactionId = in.transactionId;
    o.reviewedDigest = in.planDigest;
    o.applyHere = true;
    o.asHelper = true;
    // Read by the unelevated side, which cannot see this process's output until it ends.
    HelperProgressWriter progress(stateDir, in.transactionId);
    o.progress = &progress;
    const FlowResult r = in.kind == PlanKind::Install ? installArchive(in.archive, in.toolkit, o)
                         : in.kind == PlanKind::Repair
                             ? repairToolkit(in.toolkit, in.archive.empty() ? std::nullopt : std::optional(in.archive), o)
                             : uninstallToolkit(in.toolkit, o);
    NoElevator none;
    const int code = report(ctx, a, r, none, nullptr);
    writeHelperOutcome(stateDir, in.transactionId, g_lastDocument.dump());
    return code;
}

void addInstallCommands(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<InstallArgs>();

    auto* install = app.add_subcommand("install", "Verify, then merge the archive into the toolkit as one transaction");
    install->add_option("ARCHIVE", args->archive, "The cuDNN .zip")->required();
    auto* toolkitOpt = install->add_option("--toolkit", args->toolkit, "Toolkit root (holds bin, include, lib)");
    install->add_option("--prefix", args->prefix,
                        "Linux: a new standalone prefix to create (e.g. /opt/cudnn-9.19), made visible through "
                        "ld.so.conf.d")
        ->excludes(toolkitOpt);
    install->add_option("--sha256", args->sha256, "Expected SHA-256 of the archive");
    install->add_option("--manifest", args->manifest, "NVIDIA redistrib_<version>.json listing the archive");
    install->add_flag("--allow-unknown", args->allowUnknown, "Install an intact archive of unknown origin");
    install->add_flag("--no-path", args->noPath, "Leave PATH (ld.so.conf.d) alone");
    install->add_flag("--include-extra-files", args->includeExtraFiles,
                      "Also copy files under bin/include/lib that are not part of the cuDNN release");
    install->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    install->callback([&ctx, args] {
        if (args->toolkit.empty() == args->prefix.empty())
            throw CLI::RequiredError("--toolkit DIR (a CUDA toolkit) or --prefix DIR (a new standalone prefix)");
        ctx.exitCode = runInstall(ctx, *args, PlanKind::Install);
    });

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
}

}  // namespace cudnnsetup::cli
