// `download [RELEASE]` and the download step of `install --download` (issue 26): the licence,
// the choice for the toolkit (or a CUDA major), the download with its checks, then the normal
// verify of the file. Runs as the user, never elevated: the helper receives the file as any zip.
#include "archive/verifier.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "detect/detector.h"
#include "download/fetch.h"
#include "download/licence.h"
#include "download/transferrate.h"
#include "install/statedir.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <mutex>

namespace cudnnsetup::cli {

namespace {

// A one-line bar on stderr with speed and time left, redrawn at most five times a second.
class DownloadBar : public ProgressSink {
public:
    void onProgress(std::uint64_t done, std::uint64_t total) override
    {
        std::lock_guard lock(m_mutex);
        const auto now = TransferRate::Clock::now();
        m_rate.add(done, now);
        if (done < total && now - m_last < std::chrono::milliseconds(200))
            return;
        m_last = now;
        const double f = total ? static_cast<double>(done) / static_cast<double>(total) : 0.0;
        std::string bar(static_cast<std::size_t>(f * 30), '#');
        bar.resize(30, ' ');
        const auto left = m_rate.secondsLeft(total);
        std::fprintf(stderr, "\r[%s] %3d%% %7.1f/%.1f MB  %-11s %s   ", bar.c_str(), static_cast<int>(f * 100),
                     static_cast<double>(done) / 1e6, static_cast<double>(total) / 1e6,
                     rateText(m_rate.bytesPerSecond()).c_str(), left ? (durationText(*left) + " left").c_str() : "");
        std::fflush(stderr);
        m_drawn = true;
    }
    ~DownloadBar() override
    {
        if (m_drawn)
            std::fprintf(stderr, "\r%*s\r", 100, "");
    }

private:
    std::mutex m_mutex;
    TransferRate m_rate;
    TransferRate::Clock::time_point m_last{};
    bool m_drawn = false;
};

int exitCodeFor(const std::string& code)
{
    if (code == codes::kLicenseNotAccepted || code == codes::kInsecureUrl || code == codes::kNoMatchingRelease)
        return static_cast<int>(ExitCode::Usage);
    if (code == codes::kDownloadMismatch || code == codes::kManifestCatalogDisagree || code == codes::kDriverTooOld ||
        code == codes::kBadManifest)
        return static_cast<int>(ExitCode::Bad);
    return static_cast<int>(ExitCode::DownloadFailed);
}

std::string absoluteOf(const std::string& path)
{
    std::error_code ec;
    const auto abs = std::filesystem::absolute(std::filesystem::u8path(path), ec).lexically_normal();
    const std::u8string u = abs.u8string();
    return ec ? path : std::string(u.begin(), u.end());
}

DownloadStep failed(const CommandContext& ctx, const Error& e)
{
    logLine(ctx, "download: " + e.code + ": " + e.message + (e.detail.empty() ? "" : " (" + e.detail + ")"));
    DownloadStep step;
    step.exitCode = exitCodeFor(e.code);
    step.document = {{"ok", false},
                     {"problems", nlohmann::json::array({{{"code", e.code}, {"path", nullptr}, {"message", e.message}}})}};
    if (!ctx.json)
        complain("cudnn-setup download: [" + e.code + "] " + e.message);
    return step;
}

}  // namespace

DownloadStep runDownloadStep(const CommandContext& ctx, const DownloadArgs& args)
{
    const std::string stateDir = ctx.stateDir.empty() ? defaultStateDir() : absoluteOf(ctx.stateDir);
    // The licence first: nothing of NVIDIA's is fetched before it is accepted.
    auto accepted = recordedLicenceAcceptance(stateDir);
    if (!accepted) {
        if (!args.acceptLicense)
            return failed(ctx, licenceNotAccepted());
        auto recorded = recordLicenceAcceptance(stateDir);
        if (!recorded)
            return failed(ctx, recorded.error());
        accepted = recorded.value();
        say(ctx, std::string("Accepted ") + kCudnnLicenceName + " (" + kCudnnLicenceUrl + ") on " + accepted->date +
                     "; recorded in " + licenceRecordPath(stateDir) + ".");
    }

    FetchRequest request;
    request.choice.platform = args.platform.empty() ? hostPlatform() : args.platform;
    request.choice.release = args.release;
    request.mirror = args.mirror.empty() || args.mirror.find("://") != std::string::npos ? args.mirror
                                                                                         : absoluteOf(args.mirror);
    request.http.caFile = args.caFile.empty() ? std::string() : absoluteOf(args.caFile);
    request.http.proxy = args.proxy;

    // The machine: the toolkit's CUDA version, the driver, the frameworks (files only, no import).
    DetectOptions detectOptions;
    if (!args.toolkit.empty())
        detectOptions.find.roots = {absoluteOf(args.toolkit)};
#ifdef _WIN32
    detectOptions.find.windowsRules = true;
#endif
    const auto env = hostEnvironment();
    const auto reg = hostRegistry();
    const DetectResult machine = detect(detectOptions, *env, *reg);
    std::string toolkitPath;
    if (args.cudaMajor > 0) {
        request.choice.cudaMajor = args.cudaMajor;
    } else {
        const Toolkit* chosen = nullptr;
        for (const auto& tk : machine.toolkits)
            if (tk.version && (args.toolkit.empty() || tk.path == absoluteOf(args.toolkit)))
                if (!chosen)
                    chosen = &tk;
        if (!chosen)
            return failed(ctx, Error{args.toolkit.empty() ? codes::kNoMatchingRelease : codes::kNotAToolkit,
                                     args.toolkit.empty()
                                         ? "No CUDA toolkit was found to choose a cuDNN for: give --toolkit DIR, or "
                                           "--cuda MAJOR for the CUDA major it is for."
                                         : args.toolkit + " is not a CUDA toolkit whose version can be read: give the "
                                                          "toolkit's root (the folder holding bin/ and include/).",
                                     ""});
        toolkitPath = chosen->path;
        request.choice.toolkitCuda = *chosen->version;
        if (args.toolkit.empty())
            say(ctx, "For the toolkit " + chosen->path + " (CUDA " + chosen->versionText + "), the first detect found; "
                     "--toolkit or --cuda chooses another.");
    }
    if (machine.driver.state == DriverInfo::State::Present && machine.driver.version)
        request.choice.driver = machine.driver.version;

    DownloadSettings& settings = request.download;
    settings.folder = absoluteOf(args.to.empty() ? defaultDownloadFolder(*env) : args.to);
    settings.log = [&ctx](const std::string& line) {
        logLine(ctx, "download: " + line);
        say(ctx, "  " + line);
    };
    if (const auto ms = testhooks::get("CUDNN_SETUP_TEST_DOWNLOAD_BACKOFF_MS"))
        settings.backoff = std::chrono::milliseconds(std::atol(ms->c_str()));
    std::unique_ptr<DownloadBar> bar;
    if (!ctx.json && stderrIsTerminal()) {
        bar = std::make_unique<DownloadBar>();
        settings.progress = bar.get();
    }
    auto fetched = fetchArchive(request, CompatRules::builtin());
    bar.reset();
    if (!fetched)
        return failed(ctx, fetched.error());
    const Candidate& c = fetched->chosen.choice.candidate;
    say(ctx, "Chose:    " + c.entry.fileName() + " — " + fetched->chosen.choice.reason);
    const auto fits = frameworkFits(c, machine.frameworks);
    for (const auto& fit : fits)
        say(ctx, "Framework: " + fit.sentence);
    say(ctx, std::string(fetched->file.alreadyThere ? "Already there, verified: " : "Downloaded and verified: ") +
                 fetched->file.path);

    // The normal verify, on the official-hash path: the manifest's SHA-256 is the expected one.
    VerifyOptions verifyOptions;
    verifyOptions.sha256 = c.entry.sha256;
    const VerifyResult verified = verifyArchive(fetched->file.path, verifyOptions);

    DownloadStep step;
    step.archive = fetched->file.path;
    step.sha256 = c.entry.sha256;
    step.toolkit = toolkitPath;
    nlohmann::json frameworks = nlohmann::json::array();
    for (const auto& fit : fits)
        frameworks.push_back({{"package", fit.framework->package},
                              {"version", fit.framework->version},
                              {"environment", fit.framework->environment},
                              {"helps", fit.helps},
                              {"sentence", fit.sentence}});
    step.document = {{"ok", verified.ok()},
                     {"path", fetched->file.path},
                     {"file", c.entry.fileName()},
                     {"release", c.cudnn.toString()},
                     {"cuda_major", c.cudaMajor},
                     {"platform", request.choice.platform},
                     {"url", fetched->url},
                     {"manifest", fetched->chosen.manifest.source},
                     {"size", c.entry.size.value_or(0)},
                     {"sha256", c.entry.sha256},
                     {"reason", fetched->chosen.choice.reason},
                     {"passed_over", fetched->chosen.choice.passedOver},
                     {"releases_from_catalog", fetched->chosen.labelsFromCatalog},
                     {"already_there", fetched->file.alreadyThere},
                     {"resumed_from", fetched->file.resumedFrom},
                     {"exchanges", fetched->file.exchanges},
                     {"license", {{"name", kCudnnLicenceName}, {"url", kCudnnLicenceUrl}, {"accepted", accepted->date}}},
                     {"frameworks", frameworks},
                     {"verify", toJson(verified)},
                     {"problems", toJson(verified.problems)}};
    step.exitCode = static_cast<int>(verified.ok() ? ExitCode::Ok : ExitCode::Bad);
    if (!verified.ok())
        for (const auto& p : verified.problems)
            complain("cudnn-setup download: verify [" + p.code + "] " + p.message);
    return step;
}

void addDownloadOptions(CLI::App* cmd, DownloadArgs& args)
{
    cmd->add_option("--cuda", args.cudaMajor, "Choose for this CUDA major (11, 12, 13) instead of a toolkit")
        ->check(CLI::Range(11, 99));
    cmd->add_option("--platform", args.platform, "windows-x86_64, linux-x86_64 or linux-sbsa (default: this one)")
        ->check(CLI::IsMember({"windows-x86_64", "linux-x86_64", "linux-sbsa"}));
    cmd->add_option("--to", args.to, "Folder to download into (default: your Downloads folder)");
    cmd->add_option("--mirror", args.mirror,
                    "An https:// mirror of NVIDIA's redist tree, or a folder laid out like it (default: NVIDIA's)");
    cmd->add_option("--ca-file", args.caFile, "Linux: PEM file of the CA that signed a mirror's certificate");
    cmd->add_option("--proxy", args.proxy,
                    "host:port of an http proxy to use instead of the system's (for tools that run as SYSTEM or root)")
        ->check([](const std::string& value) {
            const std::string why = proxyError(value);
            return why.empty() ? std::string() : value + ": " + why;
        });
    cmd->add_flag("--accept-license", args.acceptLicense,
                  "Accept NVIDIA's cuDNN licence (recorded with the date) before the first download");
}

void addDownloadCommand(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<DownloadArgs>();
    auto* cmd = app.add_subcommand(
        "download", "Choose the cuDNN for a toolkit, download it from NVIDIA's redist (or a mirror) and verify it");
    cmd->add_option("RELEASE", args->release, "A release: 9.13, 9.13.0 or 9.13.0.50 (default: the newest that fits)");
    auto* toolkit = cmd->add_option("--toolkit", args->toolkit, "The toolkit to choose for (default: the one detect finds)");
    addDownloadOptions(cmd, *args);
    cmd->get_option("--cuda")->excludes(toolkit);
    cmd->callback([&ctx, args] {
        const DownloadStep step = runDownloadStep(ctx, *args);
        if (ctx.json)
            printJson(step.document);
        else if (step.exitCode == 0)
            std::printf("%s\n", step.archive.c_str());
        ctx.exitCode = step.exitCode;
    });
}

}  // namespace cudnnsetup::cli
