// apply --config FILE [--check]: the machine brought to (or checked against) a desired cuDNN state
// (core/install/desiredstate.h; docs/cli.md "apply", docs/apply.md). Each toolkit's change is an
// install as `install` makes it (one transaction, rolled back on failure); a run that fails part
// way uninstalls what it installed before, so a machine that cannot get there is left as it was.
#include "archive/verifier.h"
#include "cli/commands.h"
#include "cli/installsupport.h"
#include "cli/output.h"
#include "common/problem.h"
#include "common/problemcodes.h"
#include "detect/detector.h"
#include "download/fetch.h"
#include "download/redistsource.h"
#include "install/desiredstate.h"
#include "platform/environment.h"
#include "platform/registry.h"
#include "releases/releases.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

namespace cudnnsetup::cli {

namespace {

struct ApplyArgs {
    std::string config;
    bool check = false;
};

// One toolkit's row of the apply document.
struct Target {
    const Toolkit* toolkit = nullptr;
    std::optional<Version> wanted;
    std::string wantedFrom;  // why that release ("the archive's", the choice's reason)
    Standing standing = Standing::Missing;
    std::string state;       // "in-desired-state", "installed", "to-install", "kept-older", "failed", "undone"
    nlohmann::json install;  // the install's document, when one ran
};

// The toolkits a config names by path are examined even where detect would not look (a toolkit
// outside the usual folders); whether each is a toolkit is still detect's call.
DetectResult detectMachine(const std::vector<std::string>& roots)
{
    DetectOptions options;
    options.find.roots = roots;
#ifdef _WIN32
    options.find.windowsRules = true;
#endif
    const auto env = hostEnvironment();
    const auto reg = hostRegistry();
    return detect(options, *env, *reg);
}

Result<std::string> readConfig(const std::string& path)
{
    std::ifstream in(std::filesystem::u8path(path), std::ios::binary);
    if (!in)
        return Error{codes::kBadConfig, "Cannot read the config " + path + ": check the path given to --config.", ""};
    std::string text;
    text.reserve(4096);
    char buffer[4096];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > (1u << 20))
            return Error{codes::kBadConfig, path + " is larger than 1 MiB: it is not a desired-state config.", ""};
    }
    return text;
}

// The release a toolkit should have: the archive's own, or the choice for this toolkit and driver
// from NVIDIA's tree or the mirror (manifests only: nothing is downloaded to decide).
Result<std::pair<Version, std::string>> wantedRelease(const DesiredState& s, const Toolkit& tk, const DetectResult& machine,
                                                      const std::optional<ReleaseId>& archiveRelease)
{
    if (s.source == DesiredState::Source::Archive)
        return std::pair{archiveRelease->cudnn, std::string("the release of ") + s.archive};
    HttpOptions http;
    http.caFile = s.caFile;
    auto source = RedistSource::open(s.mirror, http);
    if (!source)
        return source.error();
    ChoiceRequest request;
    request.platform = hostPlatform();
    request.toolkitCuda = tk.version;
    request.driver = machine.driver.version;
    request.release = s.cudnn == "newest" ? std::string() : s.cudnn;
    auto chosen = chooseFromSource(**source, request, CompatRules::builtin());
    if (!chosen)
        return chosen.error();
    return std::pair{chosen->choice.candidate.cudnn, chosen->choice.reason};
}

nlohmann::json targetJson(const Target& t)
{
    return {{"toolkit", t.toolkit->path},
            {"cudnn_found", t.toolkit->cudnn.version ? nlohmann::json(t.toolkit->cudnn.version->toString()) : nlohmann::json()},
            {"cudnn_wanted", t.wanted ? nlohmann::json(t.wanted->toString()) : nlohmann::json()},
            {"why", t.wantedFrom},
            {"found", standingText(t.standing, *t.toolkit)},
            {"state", t.state},
            {"install", t.install}};
}

int runApply(const CommandContext& ctx, const ApplyArgs& args)
{
    std::error_code ec;
    const auto absConfig = std::filesystem::absolute(std::filesystem::u8path(args.config), ec).lexically_normal().u8string();
    const std::string configPath = ec ? args.config : std::string(absConfig.begin(), absConfig.end());
    nlohmann::json apply{{"schema_version", 1}, {"config", configPath}, {"check", args.check}};
    auto fail = [&](const Error& e, ExitCode code) {
        apply["in_desired_state"] = false;
        apply["problems"] = toJson(Problems{{e.code, std::nullopt, e.message}});
        if (ctx.json)
            printJson(nlohmann::json{{"apply", apply}});
        else
            complain("problem [" + e.code + "]: " + e.message);
        logLine(ctx, apply.dump());
        return static_cast<int>(code);
    };
    auto text = readConfig(configPath);
    if (!text)
        return fail(text.error(), ExitCode::Usage);
    auto state = parseDesiredState(text.value(), configPath);
    if (!state)
        return fail(state.error(), ExitCode::Usage);
    const DesiredState& s = state.value();

    // The archive is verified once, before anything: its release is what every toolkit should have.
    std::optional<ReleaseId> archiveRelease;
    std::string archivePath;
    if (s.source == DesiredState::Source::Archive) {
        const auto abs = std::filesystem::absolute(std::filesystem::u8path(s.archive), ec).lexically_normal().u8string();
        archivePath = std::string(abs.begin(), abs.end());
        VerifyOptions vo;
        vo.sha256 = s.sha256;
        const VerifyResult v = verifyArchive(archivePath, vo);
        if (!v.ok() || !v.release)
            return fail(Error{v.problems.empty() ? codes::kUnknownLayout : v.problems.front().code,
                              archivePath + " did not verify: " +
                                  (v.problems.empty() ? std::string("its release is not known") : v.problems.front().message),
                              ""},
                        ExitCode::Bad);
        archiveRelease = v.release;
    }

    std::vector<std::string> roots;
    for (const auto& p : s.toolkitPaths) {
        const auto u = std::filesystem::absolute(std::filesystem::u8path(p), ec).lexically_normal().u8string();
        roots.push_back(std::string(u.begin(), u.end()));
    }
    DetectResult machine = detectMachine(roots);
    DesiredState asFound = s;
    asFound.toolkitPaths = roots;  // absolute, as detect names them
    auto chosen = desiredToolkits(asFound, machine.toolkits);
    if (!chosen)
        return fail(chosen.error(), ExitCode::Usage);
    std::vector<Target> targets;
    for (const Toolkit* tk : chosen.value()) {
        Target t;
        t.toolkit = tk;
        auto wanted = wantedRelease(s, *tk, machine, archiveRelease);
        if (!wanted)
            return fail(wanted.error(), wanted.error().code == codes::kNoMatchingRelease || wanted.error().code == codes::kDriverTooOld
                                            ? ExitCode::Bad
                                            : ExitCode::DownloadFailed);
        t.wanted = wanted->first;
        t.wantedFrom = wanted->second;
        t.standing = standingOf(*tk, *t.wanted);
        t.state = t.standing == Standing::InState                       ? "in-desired-state"
                  : t.standing == Standing::Older && !s.replaceOlder ? "kept-older"
                                                                      : "to-install";
        targets.push_back(std::move(t));
    }

    auto document = [&](bool inState, const Problems& problems) {
        apply["in_desired_state"] = inState;
        apply["toolkits"] = nlohmann::json::array();
        for (const auto& t : targets)
            apply["toolkits"].push_back(targetJson(t));
        apply["problems"] = toJson(problems);
        nlohmann::json doc = toJson(detectMachine(roots));  // the report --json document, as the machine is now
        doc["apply"] = apply;
        if (ctx.json)
            printJson(doc);
        for (const auto& t : targets)
            say(ctx, t.toolkit->path + ": " + t.state + " (" + standingText(t.standing, *t.toolkit) + "; wanted cuDNN " +
                         (t.wanted ? t.wanted->toString() : std::string("?")) + ")");
        for (const auto& p : problems)
            complain("problem [" + p.code + "]: " + p.message);
        say(ctx, inState ? "In the desired state." : "Not in the desired state.");
        logLine(ctx, apply.dump());
    };

    Problems notThere;
    for (const auto& t : targets)
        if (t.state != "in-desired-state")
            notThere.push_back({codes::kNotInDesiredState, t.toolkit->path,
                                t.toolkit->path + " has " + standingText(t.standing, *t.toolkit) + "; the config wants cuDNN " +
                                    t.wanted->toString() +
                                    (t.state == "kept-older" ? " and says to leave an older cuDNN in place (\"older_cudnn\": \"report\")" : "") +
                                    "."});
    if (args.check || notThere.empty()) {
        document(notThere.empty(), notThere);
        if (notThere.empty())
            say(ctx, "Already in the desired state: nothing to change.");
        return notThere.empty() ? 0 : static_cast<int>(ExitCode::Bad);
    }
    // The config's own rule forbids getting there: nothing is changed.
    for (const auto& t : targets)
        if (t.state == "kept-older") {
            Problems refused;
            for (const auto& p : notThere)
                if (p.path == t.toolkit->path)
                    refused.push_back(p);
            document(false, refused);
            return static_cast<int>(ExitCode::Bad);
        }

    std::vector<Target*> installed;
    for (auto& t : targets) {
        if (t.state != "to-install")
            continue;
        InstallArgs in;
        in.toolkit = t.toolkit->path;
        in.noPath = !s.path;
        if (s.source == DesiredState::Source::Archive) {
            in.archive = archivePath;
            in.sha256 = s.sha256;
        } else {
            DownloadArgs d;
            d.release = t.wanted->toString();
            d.toolkit = t.toolkit->path;
            d.mirror = s.mirror;
            d.caFile = s.caFile;
            d.to = s.downloadTo;
            d.acceptLicense = s.acceptLicense;
            const DownloadStep step = runDownloadStep(ctx, d);
            if (step.exitCode != 0) {
                t.state = "failed";
                t.install = step.document;
                int code = step.exitCode;
                for (auto it = installed.rbegin(); it != installed.rend(); ++it) {
                    InstallArgs undo;
                    undo.toolkit = (*it)->toolkit->path;
                    (*it)->state = runInstallStep(ctx, undo, PlanKind::Uninstall).second == 0 ? "undone" : "failed";
                }
                document(false, {{step.document.value("problems", nlohmann::json::array()).empty()
                                      ? std::string(codes::kDownloadAborted)
                                      : step.document["problems"][0].value("code", std::string(codes::kDownloadAborted)),
                                  t.toolkit->path, "The download for " + t.toolkit->path + " failed; nothing was changed."}});
                return code;
            }
            in.archive = step.archive;
            in.sha256 = step.sha256;
            in.download = step.document;
        }
        auto [doc, code] = runInstallStep(ctx, in, PlanKind::Install);
        t.install = doc;
        if (code != 0) {
            t.state = "failed";
            // What this run installed before goes again, newest first: the machine as it was.
            for (auto it = installed.rbegin(); it != installed.rend(); ++it) {
                InstallArgs undo;
                undo.toolkit = (*it)->toolkit->path;
                (*it)->state = runInstallStep(ctx, undo, PlanKind::Uninstall).second == 0 ? "undone" : "failed";
            }
            Problems problems;
            for (const auto& p : doc.value("problems", nlohmann::json::array()))
                problems.push_back({p.value("code", std::string(codes::kInternal)), t.toolkit->path, p.value("message", std::string())});
            document(false, problems);
            return code;
        }
        t.state = "installed";
        installed.push_back(&t);
    }
    document(true, {});
    return 0;
}

}  // namespace

void addApplyCommand(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<ApplyArgs>();
    auto* cmd = app.add_subcommand(
        "apply", "Bring the machine to the cuDNN state a config file describes (for deployment tools), or --check it");
    cmd->add_option("--config", args->config, "The desired-state config (JSON; docs/apply.md)")->required();
    cmd->add_flag("--check", args->check, "Change nothing: exit 0 when the machine is in that state, 1 when not");
    cmd->callback([&ctx, args] { ctx.exitCode = runApply(ctx, *args); });
}

}  // namespace cudnnsetup::cli
