// install, repair, uninstall, recover, use, and the hidden elevated-apply helper mode.
#include "archive/verifier.h"
#include "cli/commands.h"
#include "cli/installsupport.h"
#include "cli/output.h"
#include "common/problem.h"
#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "detect/toolkits.h"
#include "install/archiveinfo.h"
#include "install/helperprogress.h"
#include "install/installflow.h"
#include "install/interrupted.h"
#include "install/machinesummary.h"
#include "install/nvidiaroot.h"
#include "install/privilegedflow.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "install/trust.h"
#include "releases/releases.h"
#include "platform/elevation.h"
#include "platform/environment.h"
#include "platform/folderaccess.h"
#include "platform/registry.h"
#include "platform/statelock.h"

#include <algorithm>
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

// A document of the contract and the exit code that goes with it.
struct Reply {
    nlohmann::json document;
    int exitCode = 0;
};

int finish(const CommandContext& ctx, const Reply& reply)
{
    const nlohmann::json& doc = reply.document;
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
    return reply.exitCode;
}

Reply usage(const std::string& toolkit, const Problem& problem)
{
    return {{{"ok", false}, {"toolkit", toolkit}, {"actions", nlohmann::json::array()},
             {"rolled_back", false}, {"problems", toJson(Problems{{problem.code, std::nullopt, problem.message}})}},
            static_cast<int>(ExitCode::Usage)};
}

// The helper's own document as it wrote it, else ours for why there is none.
Reply helperReply(const std::string& toolkit, const HelperOutcome& h)
{
    return {h.document.is_null() ? outcomeJson(toolkit, h.outcome) : h.document, h.exitCode};
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

void sayRecovered(const CommandContext& ctx, const FlowResult& r)
{
    if (r.recovered)
        for (const std::string& n : r.recovered->notes)
            say(ctx, "recover: " + n);
}

// What the workflow (install/privilegedflow.h) is about to do, on the terminal.
class TerminalPrompt : public ElevationPrompt {
public:
    TerminalPrompt(const CommandContext& ctx, std::string archive) : m_ctx(ctx), m_archive(std::move(archive)) {}
    void recoverNeedsRights(const InterruptedTransaction& t) override
    {
        say(m_ctx, "an interrupted transaction of " + t.toolkit + " (" + t.stateDir +
                       ") needs administrator rights to be rolled back: asking for them ...");
    }
    void recoveredFirst(const InterruptedTransaction& t) override
    {
        say(m_ctx, "rolled back the interrupted transaction of " + t.toolkit);
    }
    void flowStarts() override
    {
        if (!m_archive.empty())
            say(m_ctx, "verifying " + m_archive + " ...");
    }
    void flowFinished(const FlowResult& r) override { sayRecovered(m_ctx, r); }

private:
    const CommandContext& m_ctx;
    std::string m_archive;
};

// The flow's result as the contract's document and exit code; `applied`: the helper's apply of
// the plan (FlowStatus::Planned without --dry-run).
Reply reply(const InstallArgs& a, const FlowResult& r, const std::optional<HelperOutcome>& applied)
{
    const int code = static_cast<int>(r.exitCode());
    switch (r.status) {
    case FlowStatus::Usage:
        return usage(r.toolkit, r.problems.at(0));
    case FlowStatus::Unrecovered:
        return {outcomeJson(r.toolkit, *r.outcome), code};
    case FlowStatus::BadArchive: {
        nlohmann::json doc{{"ok", false}, {"toolkit", a.toolkit}, {"actions", nlohmann::json::array()},
                           {"rolled_back", false}, {"problems", toJson(r.problems)}};
        if (r.verify)
            doc["verify"] = toJson(*r.verify);
        return {doc, code};
    }
    case FlowStatus::Cancelled:
    case FlowStatus::Refused: {
        Outcome o;
        o.problems = r.problems;
        if (r.plan)
            o.notes = r.plan->notes;
        return {outcomeJson(r.plan ? r.plan->toolkit : r.toolkit, o), code};
    }
    case FlowStatus::Planned:
        if (applied)
            return helperReply(r.plan->toolkit, *applied);
        return {planJson(*r.plan), code};
    case FlowStatus::NothingToDo: {
        Outcome o;
        o.ok = true;
        o.notes = r.plan->notes;
        return {outcomeJson(r.plan->toolkit, o), code};
    }
    case FlowStatus::Applied:
        return {outcomeJson(r.plan->toolkit, *r.outcome), code};
    }
    return {nlohmann::json::object(), code};
}

Reply installReply(const CommandContext& ctx, const InstallArgs& a, PlanKind kind)
{
    std::error_code ec;
    PrivilegedRequest request;
    request.kind = kind;
    FlowOptions& o = request.options;
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
    o.useFolder = a.useFolder;
    o.pathFirst = a.pathFirst;
    o.nvidiaLayout = a.nvidiaLayout;
    o.mergeIntoToolkit = a.mergeIntoToolkit;
    o.hooks = hooksFromEnvironment();
    // Absolute: the elevated helper (another working folder under pkexec / runas) reads the same file.
    // Without "." or "..": the helper takes no other path (install/helperargs.h).
    InstallArgs args = a;
    if (!args.archive.empty())
        args.archive = std::filesystem::absolute(args.archive, ec).lexically_normal().string();
    args.toolkit = o.newPrefix ? a.prefix : a.toolkit;
    request.archive = args.archive;
    request.toolkit = args.toolkit;
    StderrProgress progress(!ctx.json && stderrIsTerminal());
    TerminalPrompt prompt(ctx, a.archive);
    auto elevator = makeElevator();
    PrivilegedFlow flow(*elevator, currentExecutable(), &progress, prompt);
    const PrivilegedResult r = flow.run(request);
    if (!r.flow) {  // the interrupted transaction before it could not be rolled back
        Reply failed = helperReply(r.interrupted->toolkit, *r.recovered);
        if (failed.exitCode == 0)
            failed.exitCode = static_cast<int>(ExitCode::NotRolledBack);
        return failed;
    }
    Reply done = reply(args, *r.flow, r.applied);
    if (!a.download.is_null())
        done.document["download"] = a.download;
    return done;
}

int runInstall(const CommandContext& ctx, const InstallArgs& a, PlanKind kind)
{
    return finish(ctx, installReply(ctx, a, kind));
}

// uninstall --all: every recorded install undone, newest first, each its own transaction; the first
// failure stops (what is left stays recorded, for a second run). {"uninstalled": [documents], "ok"}.
int runUninstallAll(const CommandContext& ctx, const InstallArgs& a)
{
    std::vector<SummaryEntry> recorded = summarizeRecords(stateDirOf(ctx));
    std::sort(recorded.begin(), recorded.end(),
              [](const SummaryEntry& x, const SummaryEntry& y) { return x.time > y.time; });
    nlohmann::json docs = nlohmann::json::array();
    int code = 0;
    for (const auto& e : recorded) {
        InstallArgs one = a;
        one.toolkit = e.toolkit;
        Reply r = installReply(ctx, one, PlanKind::Uninstall);
        if (!ctx.json)
            say(ctx, e.toolkit + ": " + (r.exitCode == 0 ? "uninstalled" : "not uninstalled (exit " + std::to_string(r.exitCode) + ")"));
        docs.push_back(r.document);
        if (r.exitCode != 0) {
            code = r.exitCode;
            break;
        }
    }
    if (recorded.empty())
        say(ctx, "Nothing recorded in " + stateDirOf(ctx) + ": nothing to uninstall.");
    const nlohmann::json doc{{"ok", code == 0}, {"uninstalled", docs}};
    if (ctx.json)
        printJson(doc);
    logLine(ctx, doc.dump());
    return code;
}

// The CUDA major of the newest toolkit detect finds (Windows-layout ones: the variants are DLLs),
// which chooses among a root's variants when --cuda does not.
std::optional<int> newestToolkitMajor()
{
    FindOptions find;
    find.runNvcc = false;
#ifdef _WIN32
    find.windowsRules = true;
#endif
    const auto env = hostEnvironment();
    const auto reg = hostRegistry();
    std::optional<Version> newest;
    for (const Toolkit& tk : findToolkits(*env, *reg, find))
        if (tk.version && tk.layout == "windows" && (!newest || *newest < *tk.version))
            newest = tk.version;
    return newest ? std::optional<int>(newest->major) : std::nullopt;
}

// install --nvidia-layout: --cudnn-root as given (absolute, no . or ..), else NVIDIA's own place for
// the archive's release, %ProgramFiles%\NVIDIA\CUDNN\v<major>.<minor> (the release from the
// archive's official name; the flow checks it against the verified one).
std::string nvidiaRootFor(const InstallArgs& a, const std::string& cudnnRoot)
{
    std::error_code ec;
    if (!cudnnRoot.empty())
        return std::filesystem::absolute(cudnnRoot, ec).lexically_normal().string();
    const NameInfo name = parseArchiveName(std::filesystem::path(a.archive).filename().string());
    const std::optional<std::string> programFiles = hostEnvironment()->knownFolder(KnownFolder::ProgramFiles);
    if (!programFiles || !name.cudnn)
        throw CLI::RequiredError(std::string("--cudnn-root DIR (") +
                                 (!programFiles ? "there is no %ProgramFiles% here"
                                                : "the archive's name does not say its release") +
                                 ": the NVIDIA cuDNN root, ...\\NVIDIA\\CUDNN\\v<major>.<minor>)");
    return (std::filesystem::path(*programFiles) / "NVIDIA" / "CUDNN" /
            ("v" + std::to_string(name.cudnn->major) + "." + std::to_string(name.cudnn->minor)))
        .lexically_normal()
        .string();
}

// The CUDA major of the toolkit at `root` as detect reads it (never by running nvcc).
std::optional<int> toolkitMajorOf(const std::string& root)
{
    Toolkit tk;
    tk.path = root;
    FindOptions find;
    find.runNvcc = false;
    identifyToolkit(tk, find);
    return tk.version ? std::optional<int>(tk.version->major) : std::nullopt;
}

// use --cudnn-root DIR: the variant chosen (install/nvidiaroot.h), then the flow as install's, with
// elevation, the same document and exit codes. intoToolkit (use --toolkit T): the variant is merged
// into T instead, chosen by T's CUDA major (install/foldersource.h).
int runUse(const CommandContext& ctx, const InstallArgs& a, const std::string& cuda, const std::string& intoToolkit)
{
    std::error_code ec;
    const std::string dir = std::filesystem::absolute(a.toolkit, ec).lexically_normal().string();
    const std::string into =
        intoToolkit.empty() ? std::string() : std::filesystem::absolute(intoToolkit, ec).lexically_normal().string();
    // Only when the root itself is given and --cuda does not say: the toolkit merged into, else
    // detect's newest toolkit, chooses.
    std::optional<int> major;
    if (cuda.empty())
        if (const auto root = nvidiaCudnnRootOf(dir); root && nvidiaVariantBins(*root).size() > 1)
            major = into.empty() ? newestToolkitMajor() : toolkitMajorOf(into);
    auto choice = chooseNvidiaVariant(dir, cuda, major);
    if (!choice)
        return finish(ctx, usage(a.toolkit, {choice.error().code, std::nullopt, choice.error().message}));
    if (!ctx.json)
        say(ctx, "using " + pathEntryOf(choice->binDir) + " (cuDNN built with CUDA " + choice->builtWith + ")");
    InstallArgs use = a;
    use.toolkit = into.empty() ? choice->root : into;
    use.useFolder = choice->binDir;
    use.mergeIntoToolkit = !into.empty();
    return finish(ctx, installReply(ctx, use, PlanKind::Use));
}

}  // namespace

std::pair<nlohmann::json, int> runInstallStep(const CommandContext& ctx, const InstallArgs& args, PlanKind kind)
{
    Reply r = installReply(ctx, args, kind);
    logLine(ctx, r.document.dump());
    return {std::move(r.document), r.exitCode};
}

int runRecover(const CommandContext& ctx, const std::string& toolkit)
{
    TerminalPrompt prompt(ctx, std::string());
    auto elevator = makeElevator();
    PrivilegedFlow flow(*elevator, currentExecutable(), nullptr, prompt);
    const PrivilegedRecovery r =
        flow.recover(stateDirOf(ctx), toolkit.empty() ? std::nullopt : std::optional(toolkit));
    const std::string toolkitOf = r.interrupted ? r.interrupted->toolkit : std::string();
    if (r.throughHelper)
        return finish(ctx, helperReply(toolkitOf, *r.throughHelper));
    const Outcome& o = r.here;
    const std::string root = toolkit.empty() ? toolkitOf : toolkit;
    // "busy": the journal is another process's live transaction, left alone; nothing changed.
    const bool busy = !o.problems.empty() && o.problems.front().code == codes::kBusy;
    const Reply done{outcomeJson(root, o),
                     static_cast<int>(o.ok ? ExitCode::Ok : busy ? ExitCode::RolledBack : ExitCode::NotRolledBack)};
    const int code = finish(ctx, done);
    // Started through "runas" (recover through the helper on Windows), this process has no pipe to its
    // caller. Written only into a folder checked to be administrators-only: never, as root, into a user's.
    if (processHasAdminRights() && r.interrupted && !r.interrupted->transaction.empty() &&
        prepareAdminStateDir(r.stateDir).ok())
        writeHelperOutcome(r.stateDir, r.interrupted->transaction, done.document.dump());
    return code;
}

// The elevated side, started by helper.cpp once its own command line passed (install/helperargs.h),
// hooks are off, the state folder (the machine's) is checked and its log opened. What it trusts is
// decided in core (install/trust.h applyIntent); here it only prints, and leaves the document in
// its state folder for a caller without a pipe (runas).
int runElevatedApply(const CommandContext& ctx, const Intent& in)
{
    InstallArgs a;
    a.toolkit = in.toolkit;
    a.archive = in.archive;
    const FlowResult r = applyIntent(in, ctx.stateDir);
    sayRecovered(ctx, r);
    const Reply done = reply(a, r, std::nullopt);
    const int code = finish(ctx, done);
    writeHelperOutcome(ctx.stateDir, in.transactionId, done.document.dump());
    return code;
}

void addInstallCommands(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<InstallArgs>();

    auto* install = app.add_subcommand("install", "Verify, then merge the archive into the toolkit as one transaction");
    install->add_option("ARCHIVE", args->archive, "The cuDNN .zip (or --download)");
    // --download [RELEASE]: download the cuDNN for the toolkit first (command_download.cpp), then
    // install that file as any other: verified again here, and again by the elevated helper.
    auto download = std::make_shared<DownloadArgs>();
    auto downloadWanted = std::make_shared<bool>(false);
    install
        ->add_option_function<std::vector<std::string>>(
            "--download",
            [download, downloadWanted](const std::vector<std::string>& release) {
                *downloadWanted = true;
                download->release = release.empty() ? std::string() : release.front();
            },
            "Download the cuDNN for the toolkit from NVIDIA's redist (or --mirror) first; optionally a RELEASE")
        ->expected(0, 1);
    addDownloadOptions(install, *download);
    auto* toolkitOpt = install->add_option("--toolkit", args->toolkit, "Toolkit root (holds bin, include, lib)");
    auto* prefixOpt = install->add_option("--prefix", args->prefix,
                        "Linux: a new standalone prefix to create (e.g. /opt/cudnn-9.19), made visible through "
                        "ld.so.conf.d")
        ->excludes(toolkitOpt);
    // --nvidia-layout: into NVIDIA's installer tree, beside (never over) NVIDIA's own variants.
    auto cudnnRoot = std::make_shared<std::string>();
    auto* nvidiaOpt = install->add_flag("--nvidia-layout", args->nvidiaLayout,
                        "Windows archives: install into NVIDIA's cuDNN layout (v9.x\\bin\\<cuda>[\\x64], include\\<cuda>, "
                        "lib\\<cuda>\\x64) instead of a toolkit; the root is %ProgramFiles%\\NVIDIA\\CUDNN\\v<major>.<minor> "
                        "of the archive's release unless --cudnn-root says")
        ->excludes(toolkitOpt)
        ->excludes(prefixOpt);
    install->add_option("--cudnn-root", *cudnnRoot,
                        "With --nvidia-layout: the NVIDIA cuDNN root (its v<major>.<minor> folder; made when missing)")
        ->needs(nvidiaOpt);
    install->add_option("--sha256", args->sha256, "Expected SHA-256 of the archive");
    install->add_option("--manifest", args->manifest, "NVIDIA redistrib_<version>.json listing the archive");
    install->add_flag("--allow-unknown", args->allowUnknown, "Install an intact archive of unknown origin");
    install->add_flag("--no-path", args->noPath, "Leave PATH (ld.so.conf.d) alone");
    install->add_flag("--include-extra-files", args->includeExtraFiles,
                      "Also copy files under bin/include/lib that are not part of the cuDNN release");
    install->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    install->callback([&ctx, args, download, downloadWanted, cudnnRoot] {
        if (args->nvidiaLayout) {
            if (*downloadWanted)
                throw CLI::ValidationError("--download", "does not go with --nvidia-layout: give the archive");
            args->toolkit = nvidiaRootFor(*args, *cudnnRoot);
        } else if (args->toolkit.empty() == args->prefix.empty()) {
            throw CLI::RequiredError("--toolkit DIR (a CUDA toolkit), --prefix DIR (a new standalone prefix) or "
                                     "--nvidia-layout (NVIDIA's cuDNN layout)");
        }
        if (args->archive.empty() == !*downloadWanted)
            throw CLI::RequiredError("ARCHIVE (the cuDNN archive) or --download (to download it first), one of them");
        if (*downloadWanted) {
            download->toolkit = args->toolkit;
            if (!args->prefix.empty() && download->cudaMajor == 0)
                throw CLI::RequiredError("--cuda MAJOR: which CUDA major the cuDNN for the new prefix is for");
            const DownloadStep step = runDownloadStep(ctx, *download);
            if (step.exitCode != 0) {
                if (ctx.json)
                    printJson(step.document);
                ctx.exitCode = step.exitCode;
                return;
            }
            args->archive = step.archive;
            args->sha256 = step.sha256;
            args->download = step.document;
        }
        ctx.exitCode = runInstall(ctx, *args, PlanKind::Install);
    });

    auto* repair = app.add_subcommand("repair", "Bring an installed cuDNN back to the recorded (or archive's) state");
    auto* repairToolkit = repair->add_option("--toolkit", args->toolkit, "Toolkit root");
    auto repairCudnnRoot = std::make_shared<std::string>();
    repair->add_option("--cudnn-root", *repairCudnnRoot,
                       "An NVIDIA cuDNN root (v9.x, or a variant folder of it): ours (install --nvidia-layout) or "
                       "NVIDIA's own, whose missing, zero-byte or damaged files come from --archive")
        ->excludes(repairToolkit);
    repair->add_option("--archive", args->archive, "The archive to restore files from");
    repair->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    // Without --archive: the recorded archive if it still hashes the same (repairToolkit).
    repair->callback([&ctx, args, repairCudnnRoot] {
        if (args->toolkit.empty() && repairCudnnRoot->empty())
            throw CLI::RequiredError("--toolkit DIR (a toolkit) or --cudnn-root DIR (an NVIDIA cuDNN root)");
        if (!repairCudnnRoot->empty()) {
            std::error_code ec;
            const std::string dir = std::filesystem::absolute(*repairCudnnRoot, ec).lexically_normal().string();
            args->toolkit = nvidiaCudnnRootOf(dir).value_or(dir);
        }
        ctx.exitCode = runInstall(ctx, *args, PlanKind::Repair);
    });

    auto* uninstall = app.add_subcommand("uninstall", "Undo a recorded install: toolkit files and PATH as before");
    auto* uninstallToolkit = uninstall->add_option("--toolkit", args->toolkit, "Toolkit root");
    auto uninstallCudnnRoot = std::make_shared<std::string>();
    auto* uninstallCudnn = uninstall
        ->add_option("--cudnn-root", *uninstallCudnnRoot,
                     "NVIDIA's cuDNN folder (v9.x, or the variant folder) that `use` put on PATH: only its entry goes")
        ->excludes(uninstallToolkit);
    auto all = std::make_shared<bool>(false);
    uninstall->add_flag("--all", *all, "Undo every install recorded in the state folder, newest first (a package's uninstaller)")
        ->excludes(uninstallToolkit)
        ->excludes(uninstallCudnn);
    uninstall->add_flag("--dry-run", args->dryRun, "Print the plan; change nothing");
    uninstall->callback([&ctx, args, all, uninstallCudnnRoot] {
        if (!*all && args->toolkit.empty() && uninstallCudnnRoot->empty())
            throw CLI::RequiredError("--toolkit DIR (the toolkit whose install to undo), --cudnn-root DIR or --all");
        if (!uninstallCudnnRoot->empty()) {
            // A variant folder names its root, whose record says what `use` added.
            std::error_code ec;
            const std::string dir = std::filesystem::absolute(*uninstallCudnnRoot, ec).lexically_normal().string();
            args->toolkit = nvidiaCudnnRootOf(dir).value_or(dir);
        }
        ctx.exitCode = *all ? runUninstallAll(ctx, *args) : runInstall(ctx, *args, PlanKind::Uninstall);
    });

    // use: one variant of NVIDIA's installer tree on the system PATH, recorded (uninstall --cudnn-root).
    auto useArgs = std::make_shared<InstallArgs>();
    auto useCuda = std::make_shared<std::string>();
    auto* use = app.add_subcommand("use", "Put a cuDNN variant of NVIDIA's installer on the system PATH, recorded (undone by uninstall --cudnn-root), or merge it into a toolkit (--toolkit)");
    use->add_option("--cudnn-root", useArgs->toolkit,
                    "NVIDIA's cuDNN folder: the v9.x folder (C:\\Program Files\\NVIDIA\\CUDNN\\v9.19) or a variant's bin folder")
        ->required();
    use->add_option("--cuda", *useCuda, "The variant built with this CUDA (its folder name under bin: 12.9)");
    use->add_flag("--first", useArgs->pathFirst, "Ahead of every PATH entry (older copies included); default: at the end");
    auto useToolkit = std::make_shared<std::string>();
    auto* useInto = use->add_option("--toolkit", *useToolkit,
                                     "Merge the variant's files into this CUDA toolkit instead (as an install of a zip: "
                                     "recorded, undone by uninstall --toolkit); its CUDA major chooses the variant");
    use->add_flag("--no-path", useArgs->noPath, "With --toolkit: leave PATH alone (as install --no-path)")->needs(useInto);
    use->add_flag("--dry-run", useArgs->dryRun, "Print the plan; change nothing");
    use->callback([&ctx, useArgs, useCuda, useToolkit] {
        if (!useToolkit->empty() && useArgs->pathFirst)
            throw CLI::ValidationError("--first", "goes with PATH wiring only, not with --toolkit (the toolkit's own bin goes on PATH as install puts it)");
        ctx.exitCode = runUse(ctx, *useArgs, *useCuda, *useToolkit);
    });

    auto* recover = app.add_subcommand("recover", "Finish the rollback of an interrupted transaction");
    recover->add_option("--toolkit", args->toolkit, "Only if the interrupted transaction is for this toolkit");
    recover->callback([&ctx, args] { ctx.exitCode = runRecover(ctx, args->toolkit); });
}

}  // namespace cudnnsetup::cli
