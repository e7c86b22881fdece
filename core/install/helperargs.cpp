#include "install/helperargs.h"

#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "common/u8path.h"
#include "install/nvidiaroot.h"
#include "install/statedir.h"
#include "platform/folderaccess.h"
#include "platform/nofollow.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>

namespace cudnnsetup {

namespace {

constexpr const char* kTestStateDirHook = "CUDNN_SETUP_TEST_HELPER_STATE_DIR";
constexpr std::size_t kMaxPathBytes = 4096;

Error usage(const std::string& why)
{
    return Error{codes::kHelperUsage,
                 "The elevated helper refused its command line: " + why +
                     ". Nothing was opened or changed. Start it only through cudnn-setup install, repair, "
                     "uninstall or recover (never with options of your own).",
                 why};
}

// The values each option takes, and the flags (no value).
enum class Value { Operation, Path, Transaction, Digest, Flag };

const std::map<std::string, Value>& applyOptions()
{
    static const std::map<std::string, Value> options{
        {"--operation", Value::Operation}, {"--toolkit", Value::Path},       {"--transaction", Value::Transaction},
        {"--plan-digest", Value::Digest},  {"--archive", Value::Path},       {"--sha256", Value::Digest},
        {"--manifest", Value::Path},       {"--allow-unknown", Value::Flag}, {"--no-path", Value::Flag},
        {"--include-extra-files", Value::Flag}, {"--new-prefix", Value::Flag},
        {"--use-folder", Value::Path},     {"--path-first", Value::Flag},
        {"--nvidia-layout", Value::Flag},  {"--merge", Value::Flag}};
    return options;
}

bool valueOk(Value kind, const std::string& v)
{
    switch (kind) {
    case Value::Operation:
        return v == toString(PlanKind::Install) || v == toString(PlanKind::Repair) ||
               v == toString(PlanKind::Uninstall) || v == toString(PlanKind::Use);
    case Value::Path:
        return helperPathValue(v);
    case Value::Transaction:
        return validTransactionId(v);
    case Value::Digest:
        return hexDigest(v);
    case Value::Flag:
        return true;
    }
    return false;
}

// Shown in an error: a caller's argument, cut short and with control characters as '?'.
std::string shown(const std::string& arg)
{
    std::string s = arg.substr(0, 80);
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return "'" + s + (arg.size() > 80 ? "...'" : "'");
}

// The source of a merge (use --toolkit) and of its repair, by one rule: a variant of an NVIDIA root
// by that root's rule, no link followed, changeable by administrators only (what is copied into the
// toolkit runs in every program that loads it).
std::optional<Problem> checkNvidiaMergeSource(const std::string& folder)
{
    const std::optional<std::string> root = nvidiaCudnnRootOf(folder);
    if (!root)
        return Problem{codes::kNotAToolkit, folder, folder + " is not in NVIDIA's cuDNN installer tree; nothing was changed."};
    if (auto bad = checkNvidiaCudnnRoot(*root))
        return bad;
    return checkNvidiaVariantFolder(*root, folder);
}

}  // namespace

const std::vector<std::string>& globalOptionNames()
{
    static const std::vector<std::string> names{"--log", "--state-dir", "--json", "--lang", "--version", "--help", "-h"};
    return names;
}

bool helperPathValue(const std::string& v)
{
    if (v.empty() || v.size() > kMaxPathBytes || v.find_first_of(";%\"") != std::string::npos)
        return false;
    if (std::any_of(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return false;
    // Absolute, and no "." or ".." to walk out of what it names (the helper runs in another folder).
    const std::filesystem::path p = pathOf(v);
    if (!p.is_absolute())
        return false;
    for (const auto& part : p.relative_path())
        if (part == "." || part == "..")
            return false;
    return true;
}

bool hexDigest(const std::string& v)
{
    return v.size() == 64 && std::all_of(v.begin(), v.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
           });
}

Result<HelperRequest> parseHelperCommandLine(const std::vector<std::string>& args)
{
    if (args.empty() || (args[0] != kHelperApply && args[0] != kHelperRecover))
        return usage("its first argument must be " + std::string(kHelperApply) + " or " + kHelperRecover +
                     (args.empty() ? std::string() : ", not " + shown(args[0])));
    HelperRequest r;
    r.mode = args[0] == kHelperApply ? HelperRequest::Mode::Apply : HelperRequest::Mode::Recover;
    std::map<std::string, std::string> seen;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& name = args[i];
        const bool global = std::find(globalOptionNames().begin(), globalOptionNames().end(),
                                      name.substr(0, name.find('='))) != globalOptionNames().end();
        if (global)
            return usage(shown(name) + " is an option of the command line, never of the helper (its log and state "
                                       "folder are fixed, its answer always JSON)");
        const auto& options = applyOptions();
        const auto it = r.mode == HelperRequest::Mode::Apply ? options.find(name)
                        : name == "--toolkit"               ? options.find(name)
                                                            : options.end();
        if (it == options.end())
            return usage("it does not take " + shown(name));
        if (seen.count(name))
            return usage(shown(name) + " is given twice");
        std::string value;
        if (it->second != Value::Flag) {
            if (i + 1 >= args.size())
                return usage(shown(name) + " needs a value");
            value = args[++i];
            if (!valueOk(it->second, value))
                return usage(shown(value) + " is not a valid value of " + name);
        }
        seen[name] = value;
    }
    auto has = [&](const char* n) { return seen.count(n) > 0; };
    if (r.mode == HelperRequest::Mode::Recover) {
        if (has("--toolkit"))
            r.toolkit = seen["--toolkit"];
        return r;
    }
    for (const char* required : {"--operation", "--toolkit", "--transaction", "--plan-digest"})
        if (!has(required))
            return usage(std::string("it needs ") + required);
    Intent& in = r.intent;
    in.kind = seen["--operation"] == toString(PlanKind::Repair)      ? PlanKind::Repair
              : seen["--operation"] == toString(PlanKind::Uninstall) ? PlanKind::Uninstall
              : seen["--operation"] == toString(PlanKind::Use)       ? PlanKind::Use
                                                                     : PlanKind::Install;
    in.toolkit = seen["--toolkit"];
    in.transactionId = seen["--transaction"];
    in.planDigest = seen["--plan-digest"];
    in.archive = has("--archive") ? seen["--archive"] : std::string();
    if (has("--sha256"))
        in.sha256 = seen["--sha256"];
    if (has("--manifest"))
        in.manifest = seen["--manifest"];
    in.allowUnknown = has("--allow-unknown");
    in.noPath = has("--no-path");
    in.includeExtraFiles = has("--include-extra-files");
    in.newPrefix = has("--new-prefix");
    in.useFolder = has("--use-folder") ? seen["--use-folder"] : std::string();
    in.pathFirst = has("--path-first");
    in.nvidiaLayout = has("--nvidia-layout");
    in.merge = has("--merge");
    // Each operation with exactly the options it can have (an uninstall reads no archive).
    if (in.kind == PlanKind::Install && in.archive.empty())
        return usage("an install needs --archive");
    if (in.kind == PlanKind::Uninstall && !in.archive.empty())
        return usage("an uninstall takes no --archive");
    if ((in.sha256 || in.manifest) && in.archive.empty())
        return usage("--sha256 and --manifest only go with --archive");
    if (in.newPrefix && in.kind != PlanKind::Install)
        return usage("--new-prefix only goes with an install");
    // A repair or an uninstall in NVIDIA's layout is told by the root and its record, not by a flag.
    if (in.nvidiaLayout && (in.kind != PlanKind::Install || in.newPrefix))
        return usage("--nvidia-layout only goes with an install (and not with --new-prefix)");
    // use: a variant folder of an NVIDIA cuDNN root on PATH; it reads no archive and copies nothing.
    if (in.kind == PlanKind::Use && in.useFolder.empty())
        return usage("a use needs --use-folder");
    // use --merge: the variant's files into the toolkit `--toolkit` names, as an install (--no-path
    // as install's); the source is the folder, never an archive, and nothing goes first on PATH.
    if (in.merge && in.kind != PlanKind::Use)
        return usage("--merge only goes with --operation use");
    if (in.merge && (!in.archive.empty() || in.pathFirst || in.allowUnknown || in.includeExtraFiles))
        return usage("a use with --merge takes only --toolkit, --use-folder and --no-path (no archive, no --path-first)");
    if (in.kind == PlanKind::Use && !in.merge &&
        (!in.archive.empty() || in.noPath || in.allowUnknown || in.includeExtraFiles))
        return usage("a use takes only --toolkit, --use-folder and --path-first (no archive, no --no-path)");
    // repair of a toolkit merged from NVIDIA's variant (use --toolkit): the folder its record names,
    // which the helper reads itself as the merge did; never an archive, a hash or a manifest (the
    // record's hashes are the check), and never a flag only an install or a use has.
    if (in.kind == PlanKind::Repair && !in.useFolder.empty() &&
        (!in.archive.empty() || in.sha256 || in.manifest || in.allowUnknown || in.includeExtraFiles ||
         in.pathFirst || in.merge || in.nvidiaLayout))
        return usage("a repair with --use-folder takes only --toolkit and --no-path (no archive, --sha256, --manifest "
                     "or flag of an install or a use)");
    if (in.kind == PlanKind::Repair && in.pathFirst)
        return usage("--path-first only goes with --operation use");
    if (in.kind != PlanKind::Use && in.kind != PlanKind::Repair && (!in.useFolder.empty() || in.pathFirst))
        return usage("--use-folder only goes with --operation use or repair, --path-first only with use");
    return r;
}

std::vector<std::string> helperApplyArguments(const Intent& intent)
{
    std::vector<std::string> args{kHelperApply};
    for (std::string& a : intentArguments(intent))
        args.push_back(std::move(a));
    return args;
}

std::vector<std::string> helperRecoverArguments(const std::optional<std::string>& toolkit)
{
    std::vector<std::string> args{kHelperRecover};
    if (toolkit)
        args.insert(args.end(), {"--toolkit", *toolkit});
    return args;
}

std::optional<Problem> checkElevatedRequest(const Intent& in, const std::string& stateDir,
                                            std::shared_ptr<const OpenedFile>* archive,
                                            std::shared_ptr<const Result<Manifest>>* manifest)
{
    // The archive and the manifest: plain files, the last component no link (a FIFO would hold the
    // helper, and the state folder's lock, for ever; /dev/zero never ends). The archive is read
    // through the handle opened here; the manifest is read here, once, through one handle with a
    // bound (releases/manifest.h), and verification uses what was read.
    auto refused = [](const std::string& file, const std::error_code& ec) {
        return Problem{codes::kMissingFile, file,
                       file + " is not a plain file the elevated helper reads (" +
                           (ec == std::errc::too_many_symbolic_link_levels ? std::string("a symbolic link")
                            : ec == std::errc::invalid_argument            ? std::string("a device, FIFO or folder")
                                                                           : ec.message()) +
                           "); nothing was changed. Give the archive or manifest file itself."};
    };
    std::error_code ec;
    if (!in.archive.empty()) {
        auto opened = OpenedFile::open(in.archive, true, ec);
        if (!opened)
            return refused(in.archive, ec);
        if (archive)
            *archive = std::move(opened);
    }
    if (in.manifest && !in.manifest->empty()) {
        if (manifest) {  // one open, no link followed (the helper runs with its hooks off)
            std::error_code unread;
            auto read = std::make_shared<const Result<Manifest>>(readManifestFile(*in.manifest, &unread));
            if (unread)
                return refused(*in.manifest, unread);
            *manifest = std::move(read);  // a bad one is reported by verify as today (bad-manifest)
        } else if (!nofollow::isRegularFile(*in.manifest, true, ec)) {
            return refused(*in.manifest, ec);
        }
    }
    if (in.kind == PlanKind::Use && in.merge) {
        // The source: a variant of an NVIDIA root by that root's rule, no link followed, changeable
        // by administrators only (what is copied into the toolkit runs in every program that loads
        // it); the toolkit: a CUDA toolkit by checkInstallRoot, never an NVIDIA root.
        if (auto bad = checkNvidiaMergeSource(in.useFolder))
            return bad;
        if (isNvidiaCudnnRoot(in.toolkit) || nvidiaCudnnRootOf(in.toolkit))
            return Problem{codes::kNotAToolkit, in.toolkit,
                           in.toolkit + " is NVIDIA's cuDNN installer tree, not a CUDA toolkit; nothing was changed."};
        return checkInstallRoot(in.toolkit, stateDir, false);
    }
    if (in.kind == PlanKind::Repair && !in.useFolder.empty()) {
        // The repair of a merged toolkit: the folder must be the one the record (the helper's own,
        // in its state folder) names as the source of that toolkit's install, and still pass the
        // rules the merge passed (the NVIDIA root, the variant admin-only with no link). The files
        // are read by the flow itself; only the reviewed digest is applied.
        if (auto bad = checkInstallRoot(in.toolkit, stateDir, false))
            return bad;
        if (!recordNamesNvidiaFolder(stateDir, in.toolkit, in.useFolder))
            return Problem{codes::kNotAToolkit, in.useFolder,
                           in.useFolder + " is not the NVIDIA cuDNN folder the install record of " + in.toolkit +
                               " names as its source; the elevated helper repairs only from that folder. Nothing was "
                               "changed."};
        return checkNvidiaMergeSource(in.useFolder);
    }
    if (in.kind == PlanKind::Use) {
        // The root by its own rule, never a toolkit; the folder one of its variants, no link followed,
        // changeable by administrators only (install/nvidiaroot.h).
        if (auto bad = checkNvidiaCudnnRoot(in.toolkit))
            return bad;
        return checkNvidiaVariantFolder(in.toolkit, in.useFolder);
    }
    if (in.nvidiaLayout) {
        // NVIDIA's layout: an NVIDIA root by its own rule (no link on the way), or a new one made
        // where only administrators can write (install/nvidiaroot.h); never a toolkit.
        std::string at = in.toolkit;
        if (std::filesystem::exists(std::filesystem::symlink_status(pathOf(in.toolkit), ec))) {
            if (auto bad = checkNvidiaRootShape(in.toolkit))
                return bad;
        } else if (auto made = checkNewNvidiaRoot(in.toolkit); !made) {
            return Problem{made.error().code, in.toolkit, made.error().message};
        } else {
            at = utf8Of(pathOf(made->front()).parent_path());
        }
        if (std::string who; writableByNonAdmins(pathOf(at), &who))
            return Problem{codes::kSearchPathWritable, in.toolkit,
                           in.toolkit + " is an NVIDIA cuDNN root the elevated helper would install into, but " + who +
                               ": anything planted there would be loaded by every program that uses that cuDNN. "
                               "Make it writable by administrators only (as %ProgramFiles% is); nothing was changed."};
        return std::nullopt;
    }
    return checkInstallRoot(in.toolkit, stateDir, in.newPrefix && in.kind == PlanKind::Install);
}

std::string helperStateDir()
{
    // Read before the helper calls testhooks::disable(); a release build reads nothing here.
    if (const auto dir = testhooks::get(kTestStateDirHook))
        return *dir;
    return elevatedStateDir();
}

void passStateDirToTestHelper(const std::string& dir)
{
    if (!testhooks::enabled())
        return;
#ifdef _WIN32
    ::_putenv_s(kTestStateDirHook, dir.c_str());
#else
    ::setenv(kTestStateDirHook, dir.c_str(), 1);
#endif
}

}  // namespace cudnnsetup
