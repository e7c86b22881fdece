// install, repair, uninstall, recover, and the hidden elevated-apply helper mode.
#include "cli/commands.h"
#include "cli/installsupport.h"
#include "cli/output.h"

#include "archive/verifier.h"
#include "common/problem.h"
#include "install/archiveinfo.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "platform/elevation.h"

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
std::optional<int> autoRecover(const CommandContext& ctx, const std::string& stateDir, const std::string& toolkit)
{
    auto files = makeRealFileOps();
    if (files->type(journalPathIn(stateDir)) == NodeType::Missing)
        return std::nullopt;
    auto journal = loadJournal(*files, journalPathIn(stateDir));
    std::unique_ptr<SystemPath> sys;
    if (journal && *journal) {
        ToolkitState t;
        t.root = (*journal)->plan.toolkit;
        t.windowsLayout = true;
        for (const Operation& op : (*journal)->plan.ops)
            if (op.kind == OpKind::PathChange && op.mechanism == PathMechanism::LdSoConf)
                t.windowsLayout = false;
        sys = std::move(pathServiceFor(t).system);
    }
    Engine engine(*files, sys.get(), nullptr);
    const Outcome o = engine.recover(stateDir);
    for (const std::string& n : o.notes)
        say(ctx, "recover: " + n);
    if (!o.notRestored.empty() || !o.problems.empty())
        return finish(ctx, outcomeJson(toolkit, o), static_cast<int>(ExitCode::NotRolledBack));
    return std::nullopt;
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

// Applies here, or through the elevated helper when the toolkit is not writable.
int applyPlan(const CommandContext& ctx, const Plan& plan, PathService& path)
{
    if (!plan.problems.empty()) {
        Outcome o;
        o.problems = plan.problems;
        o.notes = plan.notes;
        return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(ExitCode::RolledBack));
    }
    auto elevator = makeElevator();
    if (elevator->needed({plan.toolkit, plan.stateDir})) {
        const std::string planFile =
            (std::filesystem::temp_directory_path() / ("cudnn-setup-plan-" + plan.transactionId + ".json")).string();
        {
            std::ofstream out(planFile, std::ios::trunc);
            out << toJson(plan).dump(1);
        }
        std::string output;
        auto rc = elevator->run(currentExecutable(),
                                {"--json", "--state-dir", plan.stateDir, "elevated-apply", planFile}, &output);
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
    auto files = makeRealFileOps();
    auto source = makeArchiveStagingSource();
    Engine engine(*files, path.system.get(), source.get());
    engine.setHooks(hooksFromEnvironment());
    StderrProgress progress(!ctx.json && stderrIsTerminal());
    const Outcome o = engine.apply(plan, nullptr, &progress);
    return finish(ctx, outcomeJson(plan.toolkit, o), static_cast<int>(o.exitCode()));
}

// verify -> ArchiveInfo, or the exit code with the document already printed.
std::variant<ArchiveInfo, int> verified(const CommandContext& ctx, const InstallArgs& a, bool allowUnknown)
{
    VerifyOptions vo;
    if (!a.sha256.empty())
        vo.sha256 = a.sha256;
    if (!a.manifest.empty())
        vo.manifestPath = a.manifest;
    say(ctx, "verifying " + a.archive + " ...");
    const VerifyResult v = verifyArchive(a.archive, vo);
    if (!v.ok() || v.authenticity == Authenticity::Mismatch || !v.layout) {
        nlohmann::json doc{{"ok", false}, {"toolkit", a.toolkit}, {"actions", nlohmann::json::array()},
                           {"rolled_back", false}, {"problems", toJson(v.problems)}, {"verify", toJson(v)}};
        if (v.problems.empty())
            doc["problems"] = toJson(Problems{{"hash-mismatch", a.archive,
                                               a.archive + " is not the archive its name or the given hash promises (" +
                                                   v.authenticityDetail + "); it is not installed."}});
        return finish(ctx, doc, static_cast<int>(ExitCode::Bad));
    }
    if (v.authenticity == Authenticity::Unknown && !allowUnknown)
        return usage(ctx, a.toolkit, "unknown-archive",
                     a.archive + " is intact but its origin cannot be checked (not in the catalog of official "
                                 "hashes). Give --sha256 or --manifest, or --allow-unknown to install it anyway.");
    return archiveInfoFrom(v);
}

int runInstall(const CommandContext& ctx, const InstallArgs& a, PlanKind kind)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(a.toolkit, ec))
        return usage(ctx, a.toolkit, "not-a-toolkit",
                     a.toolkit + " is not a folder. Give the toolkit root (the folder with bin, include, lib).");
    if (!a.archive.empty() && !std::filesystem::is_regular_file(a.archive, ec))
        return usage(ctx, a.toolkit, "missing-file", a.archive + " does not exist or is not a file.");
    const std::string stateDir = stateDirOf(ctx);
    if (!a.dryRun)
        if (auto rc = autoRecover(ctx, stateDir, a.toolkit))
            return *rc;
    std::optional<ArchiveInfo> archive;
    if (!a.archive.empty()) {
        auto v = verified(ctx, a, a.allowUnknown || kind == PlanKind::Repair);
        if (std::holds_alternative<int>(v))
            return std::get<int>(v);
        archive = std::get<ArchiveInfo>(v);
    }
    auto state = snapshotToolkit(std::filesystem::absolute(a.toolkit).string(),
                                 pathsOfInterest(archive ? &*archive : nullptr, nullptr, a.toolkit), stateDir);
    if (!state)
        return usage(ctx, a.toolkit, state.error().code, state.error().message);
    PathService path = pathServiceFor(*state);
    const PlanOptions options{stateDir, newTransactionId(), a.noPath};
    Plan plan = kind == PlanKind::Install  ? planInstall(*archive, *state, path.state, options)
                : kind == PlanKind::Repair ? planRepair(archive, *state, path.state, options)
                                           : planUninstall(*state, path.state, options);
    if (kind != PlanKind::Install && !plan.problems.empty() && plan.problems[0].code == "no-record")
        return usage(ctx, state->root, "no-record", plan.problems[0].message);
    if (a.dryRun)
        return finish(ctx, planJson(plan), plan.problems.empty() ? 0 : static_cast<int>(ExitCode::RolledBack));
    if (plan.ops.empty()) {
        Outcome o;
        o.ok = true;
        o.notes = plan.notes;
        return finish(ctx, outcomeJson(plan.toolkit, o), 0);
    }
    return applyPlan(ctx, plan, path);
}

int runRecover(const CommandContext& ctx, const std::string& toolkit)
{
    const std::string stateDir = stateDirOf(ctx);
    auto files = makeRealFileOps();
    auto journal = loadJournal(*files, journalPathIn(stateDir));
    std::unique_ptr<SystemPath> sys;
    std::string root = toolkit;
    if (journal && *journal) {
        ToolkitState t;
        t.root = (*journal)->plan.toolkit;
        for (const Operation& op : (*journal)->plan.ops)
            if (op.kind == OpKind::PathChange && op.mechanism == PathMechanism::LdSoConf)
                t.windowsLayout = false;
        sys = std::move(pathServiceFor(t).system);
        if (root.empty())
            root = t.root;
    }
    std::optional<std::string> only;
    if (!toolkit.empty()) {
        std::error_code ec;
        only = std::filesystem::weakly_canonical(toolkit, ec).generic_string();
    }
    Engine engine(*files, sys.get(), nullptr);
    const Outcome o = engine.recover(stateDir, only);
    return finish(ctx, outcomeJson(root, o), static_cast<int>(o.ok ? ExitCode::Ok : ExitCode::NotRolledBack));
}

// The elevated side: re-reads the plan, checks every target, re-hashes the archive while staging.
int runElevatedApply(const CommandContext& ctx, const std::string& planFile)
{
    const std::string stateDir = stateDirOf(ctx);
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
    if (auto rc = autoRecover(ctx, stateDir, plan.toolkit))
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
    const Outcome o = engine.apply(plan);
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
    repair->callback([&ctx, args] {
        // Without --archive, the recorded archive if it still hashes the same.
        if (args->archive.empty()) {
            auto state = snapshotToolkit(std::filesystem::absolute(args->toolkit).string(), {}, stateDirOf(ctx));
            if (state && state->record && !filesNeedingRepair(*state).empty()) {
                const auto& rec = state->record->at("archive");
                args->archive = rec.value("path", std::string());
                args->sha256 = rec.value("sha256", std::string());
                std::error_code ec;
                if (!std::filesystem::is_regular_file(args->archive, ec))
                    args->archive.clear();
            }
        }
        ctx.exitCode = runInstall(ctx, *args, PlanKind::Repair);
    });

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
