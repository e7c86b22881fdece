#include "archive/verifier.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "common/problem.h"
#include "releases/catalog.h"
#include "releases/manifest.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>

namespace cudnnsetup::cli {

namespace {

struct VerifyArgs {
    std::string archive;
    std::string sha256;
    std::string manifest;
};

// A one-line bar on stderr, redrawn at most ten times a second (workers report often).
class TerminalProgress : public ProgressSink {
public:
    void onProgress(std::uint64_t done, std::uint64_t total) override
    {
        std::lock_guard lock(m_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - m_last < std::chrono::milliseconds(100))
            return;
        m_last = now;
        const int width = 30;
        const double f = total ? static_cast<double>(done) / static_cast<double>(total) : 0.0;
        std::string bar(static_cast<std::size_t>(f * width), '#');
        bar.resize(width, ' ');
        std::string item = m_item.size() > 40 ? "..." + m_item.substr(m_item.size() - 37) : m_item;
        std::fprintf(stderr, "\r[%s] %3d%% %6.1f/%.1f MB  %-40s", bar.c_str(), static_cast<int>(f * 100),
                     static_cast<double>(done) / 1e6, static_cast<double>(total) / 1e6, item.c_str());
        std::fflush(stderr);
        m_drawn = true;
    }
    void onItem(const std::string& item) override
    {
        std::lock_guard lock(m_mutex);
        const auto slash = item.find_last_of('/');
        m_item = slash == std::string::npos ? item : item.substr(slash + 1);
    }
    ~TerminalProgress() override
    {
        if (m_drawn)
            std::fprintf(stderr, "\r%*s\r", 100, "");
    }

private:
    std::mutex m_mutex;
    std::chrono::steady_clock::time_point m_last{};
    std::string m_item;
    bool m_drawn = false;
};

void printHuman(const CommandContext& ctx, const VerifyResult& r)
{
    say(ctx, "Archive:      " + r.archive + " (" + std::to_string(r.size) + " bytes)");
    if (r.release)
        say(ctx, "Release:      cuDNN " + r.release->cudnn.toString() +
                     (r.release->cuda.empty() ? std::string(" (CUDA version unknown)") : " for CUDA " + r.release->cuda) +
                     ", " + r.release->platform);
    else
        say(ctx, "Release:      not identified");
    if (r.layout)
        say(ctx, "Layout:       " + (r.layout->root.empty() ? std::string("(no top folder)") : r.layout->root) + "  bin=" +
                     r.layout->bin + " include=" + r.layout->include + " lib=" + r.layout->lib);
    say(ctx, "Files:        " + std::to_string(r.entries.size()));
    if (!r.sha256.empty())
        say(ctx, "SHA-256:      " + r.sha256);
    say(ctx, "Authenticity: " + std::string(toString(r.authenticity)) +
                 (r.authenticityDetail.empty() ? std::string() : " (" + r.authenticityDetail + ")"));
    for (const auto& w : r.warnings)
        say(ctx, "warning [" + w.code + "] " + w.message);
    for (const auto& p : r.problems)
        say(ctx, "problem [" + p.code + "] " + p.message);
    say(ctx, r.ok() ? "Result: OK, the archive is complete and intact."
                    : "Result: NOT OK, " + std::to_string(r.problems.size()) + " problem(s) found.");
}

int runVerify(const CommandContext& ctx, const VerifyArgs& args)
{
    std::error_code ec;
    const auto status = std::filesystem::status(args.archive, ec);
    if (ec || !std::filesystem::exists(status)) {
        complain("cudnn-setup verify: " + args.archive + ": no such file. Give the path of the downloaded cuDNN .zip (Windows) or .tar.xz / .tgz (Linux).");
        return static_cast<int>(ExitCode::Usage);
    }
    if (!std::filesystem::is_regular_file(status)) {
        complain("cudnn-setup verify: " + args.archive + " is not a regular file. Give the path of the cuDNN .zip itself.");
        return static_cast<int>(ExitCode::Usage);
    }
    if (std::FILE* f = std::fopen(args.archive.c_str(), "rb"))
        std::fclose(f);
    else {
        complain("cudnn-setup verify: cannot read " + args.archive + ". Check its permissions.");
        return static_cast<int>(ExitCode::Usage);
    }

    VerifyOptions options;
    if (!args.sha256.empty()) {
        if (normalizeSha256(args.sha256).empty()) {
            complain("cudnn-setup verify: --sha256 " + args.sha256 +
                     " is not a SHA-256 (64 hexadecimal digits). Copy it from the download page.");
            return static_cast<int>(ExitCode::Usage);
        }
        options.sha256 = args.sha256;
    }
    if (!args.manifest.empty()) {
        auto manifest = readManifestFile(args.manifest);
        if (!manifest) {
            complain("cudnn-setup verify: " + manifest.error().message);
            return static_cast<int>(ExitCode::Usage);
        }
        options.manifestPath = args.manifest;
    }
    std::unique_ptr<TerminalProgress> bar;
    if (!ctx.json && stderrIsTerminal()) {
        bar = std::make_unique<TerminalProgress>();
        options.progress = bar.get();
    }
    logLine(ctx, "verify " + args.archive);
    const VerifyResult r = verifyArchive(args.archive, options);
    bar.reset();
    for (const auto& p : r.problems)
        logLine(ctx, "problem " + p.code + ": " + p.message);
    if (ctx.json)
        printJson(toJson(r));
    else
        printHuman(ctx, r);
    return static_cast<int>(r.ok() ? ExitCode::Ok : ExitCode::Bad);
}

}  // namespace

void addVerifyCommand(CLI::App& app, CommandContext& ctx)
{
    auto args = std::make_shared<VerifyArgs>();
    auto* cmd = app.add_subcommand("verify", "Identify and fully verify a cuDNN archive (writes nothing)");
    cmd->add_option("ARCHIVE", args->archive, "The cuDNN .zip to verify")->required();
    cmd->add_option("--sha256", args->sha256, "Expected SHA-256 of the archive (64 hex digits)");
    cmd->add_option("--manifest", args->manifest, "NVIDIA redistrib_<version>.json listing the archive");
    cmd->callback([&ctx, args] { ctx.exitCode = runVerify(ctx, *args); });
}

}  // namespace cudnnsetup::cli
