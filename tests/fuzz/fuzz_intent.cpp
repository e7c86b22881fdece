// The elevated helper's command line: the one input it takes from the user (install/trust.h,
// app/cli/elevatedargs.h). The bytes are split at NUL into argv (as a command line arrives),
// parsed by the same CLI11 options as `cudnn-setup elevated-apply`, then checked as the helper
// checks them (checkElevatedRequest: operation, transaction id, digest, archive, and
// checkInstallRoot on the real file system). What must hold, whatever the bytes:
//  - the parser either throws a CLI11 error or fills the arguments; nothing else escapes;
//  - a request the checks accept names a toolkit as trust.h promises it, checked here apart:
//    absolute, canonical, no ';' '%' '"' or control character, not a drive root, a transaction
//    id of [0-9A-Za-z-]{1,64}, a 64-character digest, an archive where the operation needs one;
//  - intentArguments() of the accepted intent parses back to the same request.
// "@TK@" in an argument is replaced by a real toolkit folder made at start (with a link to
// it, and folders named with ';' and '%' that are toolkits too), so that inputs get past
// canonical() to the checks behind it; the seeds (makeseeds.cpp) use it.
#include "cli/elevatedargs.h"
#include "install/trust.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using cudnnsetup::cli::InstallArgs;

// <tmp>/fuzz-intent-<pid>/tk: a toolkit (version.json, bin/, include/cuda_runtime_api.h), and
// beside it a link to it and toolkits named "tk;evil" and "tk%PATH%"; removed at exit.
class ToolkitFixture {
public:
    ToolkitFixture() : m_base(std::filesystem::temp_directory_path() / ("fuzz-intent-" + std::to_string(::getpid())))
    {
        namespace fs = std::filesystem;
        for (const char* name : {"tk", "tk;evil", "tk%PATH%"}) {
            const fs::path tk = m_base / name;
            fs::create_directories(tk / "bin");
            fs::create_directories(tk / "include");
            std::ofstream(tk / "version.json") << R"({"cuda":{"version":"11.3.1"}})";
            std::ofstream(tk / "include" / "cuda_runtime_api.h") << "#define CUDART_VERSION 11030\n";
        }
        std::error_code ec;
        fs::create_directory_symlink(m_base / "tk", m_base / "tk-link", ec);
        m_root = fs::canonical(m_base / "tk").string();
    }
    ~ToolkitFixture()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_base, ec);
    }
    const std::string& root() const { return m_root; }

private:
    std::filesystem::path m_base;
    std::string m_root;
};

const std::string& toolkitFixture()
{
    static const ToolkitFixture fixture;
    return fixture.root();
}

std::vector<std::string> split(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> out{"cudnn-setup"};
    std::string cur;
    for (std::size_t i = 0; i < size && out.size() < 64; ++i) {
        if (data[i] == 0) {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += char(data[i]);
        }
    }
    out.push_back(cur);
    for (std::string& a : out)
        for (std::size_t at; (at = a.find("@TK@")) != std::string::npos;)
            a.replace(at, 4, toolkitFixture());
    return out;
}

// The parser of app/cli/cli.cpp with the elevated-apply subcommand only: its global options
// too (they may come after the subcommand). True when the subcommand was given and parsed.
bool parse(std::vector<std::string> argv, InstallArgs& args)
{
    CLI::App app{"cudnn-setup", "cudnn-setup"};
    app.require_subcommand(0, 1);
    bool json = false;
    std::string log, stateDir;
    app.add_flag("--json", json)->configurable(false);
    app.add_option("--log", log);
    app.add_option("--state-dir", stateDir);
    app.fallthrough();
    auto* helper = app.add_subcommand("elevated-apply", "");
    helper->group("");
    cudnnsetup::cli::addElevatedApplyOptions(*helper, args);
    bool ran = false;
    helper->callback([&ran] { ran = true; });
    std::vector<char*> ptrs;
    for (std::string& a : argv)
        ptrs.push_back(a.data());
    try {
        app.parse(int(ptrs.size()), ptrs.data());
    } catch (const CLI::Error&) {
        return false;  // a usage error (exit 2), or --help
    }
    return ran;
}

bool accepted(const InstallArgs& a, cudnnsetup::PlanKind* kind)
{
    // A state folder with no record: only a toolkit, or a new prefix (--new-prefix), passes.
    return !cudnnsetup::cli::checkElevatedRequest(a, "/nonexistent/cudnn-setup-fuzz-state", kind);
}

bool sameRequest(const InstallArgs& a, const InstallArgs& b)
{
    return a.operation == b.operation && a.toolkit == b.toolkit && a.transaction == b.transaction &&
           a.planDigest == b.planDigest && a.archive == b.archive && a.sha256 == b.sha256 &&
           a.manifest == b.manifest && a.allowUnknown == b.allowUnknown && a.noPath == b.noPath &&
           a.includeExtraFiles == b.includeExtraFiles && a.newPrefix == b.newPrefix;
}

void require(bool ok)
{
    if (!ok)
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    InstallArgs args;
    if (!parse(split(data, size), args))
        return 0;
    cudnnsetup::PlanKind kind = cudnnsetup::PlanKind::Install;
    if (!accepted(args, &kind))
        return 0;

    // The promises of trust.h, checked apart from trust.cpp.
    const std::string& tk = args.toolkit;
    std::error_code ec;
    require(std::filesystem::path(tk).is_absolute());
    if (args.newPrefix && kind == cudnnsetup::PlanKind::Install) {
        // A standalone prefix to be made (trust.h checkNewPrefix): not there yet, and its
        // spelling already the canonical one of where it will be.
        require(!std::filesystem::exists(tk, ec));
        require(std::filesystem::weakly_canonical(tk, ec).generic_string() == tk && !ec);
    } else {
        require(std::filesystem::canonical(tk, ec).generic_string() == tk && !ec);
    }
    require(tk.find_first_of(";%\"") == std::string::npos);
    for (unsigned char c : tk)
        require(c >= 0x20 && c != 0x7f);
    require(std::filesystem::path(tk) != std::filesystem::path(tk).root_path());
    require(cudnnsetup::validTransactionId(args.transaction));
    for (unsigned char c : args.transaction)
        require((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-');
    require(!args.transaction.empty() && args.transaction.size() <= 64 && args.planDigest.size() == 64);
    require(kind != cudnnsetup::PlanKind::Install || !args.archive.empty());
    require(kind != cudnnsetup::PlanKind::Uninstall || args.archive.empty());

    // What the unelevated side would write for this request parses back to the same request.
    cudnnsetup::Intent intent;
    intent.kind = kind;
    intent.archive = args.archive;
    intent.toolkit = args.toolkit;
    intent.noPath = args.noPath;
    if (!args.sha256.empty())
        intent.sha256 = args.sha256;
    if (!args.manifest.empty())
        intent.manifest = args.manifest;
    intent.allowUnknown = args.allowUnknown;
    intent.includeExtraFiles = args.includeExtraFiles;
    intent.newPrefix = args.newPrefix;
    intent.transactionId = args.transaction;
    intent.planDigest = args.planDigest;
    std::vector<std::string> again{"cudnn-setup", "--json", "--state-dir", "/var/lib/cudnn-setup", "elevated-apply"};
    for (std::string& a : cudnnsetup::intentArguments(intent))
        again.push_back(std::move(a));
    InstallArgs back;
    require(parse(again, back));
    require(sameRequest(args, back));
    cudnnsetup::PlanKind kindBack = cudnnsetup::PlanKind::Install;
    require(accepted(back, &kindBack) && kindBack == kind);
    return 0;
}
