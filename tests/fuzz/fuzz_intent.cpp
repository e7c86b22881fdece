// The elevated helper's command line: the one input it takes from the user
// (install/helperargs.h). The bytes are split at NUL into argv (as a command line arrives) and
// parsed by the helper's own parser (parseHelperCommandLine), then checked as the helper checks
// them next (checkElevatedRequest: checkInstallRoot on the real file system). What must hold,
// whatever the bytes:
//  - the parser returns a request or "helper-usage"; nothing escapes;
//  - an accepted command line holds no global option (--log, --state-dir, --json, --lang,
//    --version, --help, in any spelling with '='), no argument the helper did not consume as an
//    option or its value, and no option twice;
//  - every accepted value passes the Intent's check, checked here apart: an operation name, a
//    transaction id of [0-9A-Za-z-]{1,64}, 64 hex digits for the digest and sha256, paths absolute
//    without "." / ".." or ';' '%' '"' or a control character; an archive where the operation
//    needs one and none for an uninstall or a use; --new-prefix only for an install; --use-folder
//    (a path as above) with a use, always, or with a repair (of a merged toolkit: then no archive,
//    --sha256, --manifest or an install's or use's flag), --path-first only with a use;
//    --nvidia-layout only for an install without --new-prefix; --merge only with a use, never with
//    --path-first (a use takes --no-path only with --merge);
//  - a request whose root passes checkInstallRoot names a toolkit as trust.h promises it:
//    canonical, not a drive root (or, for --new-prefix, a folder not there yet);
//  - helperApplyArguments() of the accepted intent parses back to the same request.
// "@TK@" in an argument is replaced by a real toolkit folder made at start (with a link to
// it, and folders named with ';' and '%' that are toolkits too), so that inputs get past
// canonical() to the checks behind it; the seeds (makeseeds.cpp) use it.
#include "install/helperargs.h"
#include "install/nvidiaroot.h"
#include "install/trust.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

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
    std::vector<std::string> out;
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

bool sameIntent(const cudnnsetup::Intent& a, const cudnnsetup::Intent& b)
{
    return a.kind == b.kind && a.toolkit == b.toolkit && a.transactionId == b.transactionId &&
           a.planDigest == b.planDigest && a.archive == b.archive && a.sha256 == b.sha256 &&
           a.manifest == b.manifest && a.allowUnknown == b.allowUnknown && a.noPath == b.noPath &&
           a.includeExtraFiles == b.includeExtraFiles && a.newPrefix == b.newPrefix && a.useFolder == b.useFolder &&
           a.pathFirst == b.pathFirst && a.nvidiaLayout == b.nvidiaLayout && a.merge == b.merge;
}

void require(bool ok)
{
    if (!ok)
        std::abort();
}

bool isHex64(const std::string& v)
{
    return v.size() == 64 && v.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
}

void requirePath(const std::string& p)
{
    require(!p.empty() && std::filesystem::path(p).is_absolute());
    require(p.find_first_of(";%\"") == std::string::npos);
    for (unsigned char c : p)
        require(c >= 0x20 && c != 0x7f);
    for (const auto& part : std::filesystem::path(p))
        require(part != "." && part != "..");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::vector<std::string> argv = split(data, size);
    const auto parsed = cudnnsetup::parseHelperCommandLine(argv);
    if (!parsed) {
        require(parsed.error().code == "helper-usage");
        return 0;
    }
    // No global option, in any spelling, and every argument an option of the helper's or its value.
    static const std::set<std::string> flags{"--allow-unknown", "--no-path", "--include-extra-files", "--new-prefix",
                                             "--path-first", "--nvidia-layout", "--merge"};
    static const std::set<std::string> valued{"--operation", "--toolkit",  "--transaction", "--plan-digest",
                                              "--archive",   "--sha256",   "--manifest",    "--use-folder"};
    const auto& globals = cudnnsetup::globalOptionNames();
    require(argv[0] == cudnnsetup::kHelperApply || argv[0] == cudnnsetup::kHelperRecover);
    std::set<std::string> seen;
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        for (const std::string& g : globals)
            require(a != g && !a.starts_with(g + "="));
        require(flags.count(a) || valued.count(a));
        require(seen.insert(a).second);
        if (valued.count(a))
            ++i;  // its value: checked below, as the request holds it
    }
    if (parsed->mode == cudnnsetup::HelperRequest::Mode::Recover) {
        require(seen.size() <= 1 && (seen.empty() || seen.count("--toolkit")));
        if (parsed->toolkit)
            requirePath(*parsed->toolkit);
        return 0;
    }
    const cudnnsetup::Intent& in = parsed->intent;
    using cudnnsetup::PlanKind;
    require(in.kind == PlanKind::Install || in.kind == PlanKind::Repair || in.kind == PlanKind::Uninstall ||
            in.kind == PlanKind::Use);
    requirePath(in.toolkit);
    require(!in.transactionId.empty() && in.transactionId.size() <= 64);
    for (unsigned char c : in.transactionId)
        require((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-');
    require(isHex64(in.planDigest));
    if (!in.archive.empty())
        requirePath(in.archive);
    if (in.manifest)
        requirePath(*in.manifest);
    require(!in.sha256 || isHex64(*in.sha256));
    require(in.kind != PlanKind::Install || !in.archive.empty());
    require(in.kind != PlanKind::Uninstall || in.archive.empty());
    require(!in.newPrefix || in.kind == PlanKind::Install);
    // use: an NVIDIA root's variant folder on PATH, nothing read from an archive.
    require(in.kind != PlanKind::Use || !in.useFolder.empty());
    require(in.useFolder.empty() || in.kind == PlanKind::Use || in.kind == PlanKind::Repair);
    // repair --use-folder (a toolkit merged from NVIDIA's variant): the folder the record names, nothing else.
    if (in.kind == PlanKind::Repair && !in.useFolder.empty()) {
        requirePath(in.useFolder);
        require(in.archive.empty() && !in.sha256 && !in.manifest && !in.allowUnknown && !in.includeExtraFiles &&
                !in.merge && !in.nvidiaLayout);
    }
    require(!in.pathFirst || in.kind == PlanKind::Use);
    require(!in.nvidiaLayout || (in.kind == PlanKind::Install && !in.newPrefix));
    // use --merge: the variant's files into the toolkit (install's --no-path allowed, --path-first not).
    require(!in.merge || (in.kind == PlanKind::Use && !in.pathFirst && !in.allowUnknown && !in.includeExtraFiles));
    if (in.kind == PlanKind::Use) {
        requirePath(in.useFolder);
        require(in.archive.empty() && !in.sha256 && !in.manifest && (in.merge || !in.noPath));
    }

    // What the unelevated side would write for this request parses back to the same request.
    const auto back = cudnnsetup::parseHelperCommandLine(cudnnsetup::helperApplyArguments(in));
    require(back && back->mode == cudnnsetup::HelperRequest::Mode::Apply && sameIntent(back->intent, in));

    // The next check, on the disk (a state folder with no record: only a toolkit or a new prefix).
    if (cudnnsetup::checkElevatedRequest(in, "/nonexistent/cudnn-setup-fuzz-state"))
        return 0;
    const std::string& tk = in.toolkit;
    std::error_code ec;
    if (in.nvidiaLayout && !std::filesystem::exists(std::filesystem::symlink_status(tk, ec))) {
        // An NVIDIA root to be made (nvidiaroot.h checkNewNvidiaRoot): its spelling already the
        // canonical one of where it will be, and named .../NVIDIA/CUDNN/v<x.y>.
        require(std::filesystem::weakly_canonical(tk, ec).generic_string() == tk && !ec);
        std::string cudnn = std::filesystem::path(tk).parent_path().filename().string();
        std::transform(cudnn.begin(), cudnn.end(), cudnn.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        require(cudnn == "cudnn");
    } else if (in.merge) {
        // The toolkit merged into passed checkInstallRoot (canonical, a toolkit), and the folder is
        // a variant of an NVIDIA root (the fixture has none, so nothing gets here by construction).
        require(std::filesystem::canonical(tk, ec).generic_string() == tk && !ec);
        require(cudnnsetup::nvidiaCudnnRootOf(in.useFolder).has_value());
    } else if (in.newPrefix) {
        // A standalone prefix to be made (trust.h checkNewPrefix): not there yet, and its
        // spelling already the canonical one of where it will be.
        require(!std::filesystem::exists(tk, ec));
        require(std::filesystem::weakly_canonical(tk, ec).generic_string() == tk && !ec);
    } else {
        require(std::filesystem::canonical(tk, ec).generic_string() == tk && !ec);
    }
    require(std::filesystem::path(tk) != std::filesystem::path(tk).root_path());
    return 0;
}
