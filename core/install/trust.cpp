#include "install/trust.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/text.h"
#include "common/u8path.h"
#include "detect/toolkits.h"
#include "install/foldersource.h"
#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/installflow.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "install/pathedit.h"
#include "install/toolkitscan.h"
#include "platform/folderaccess.h"
#include "platform/nofollow.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

namespace cudnnsetup {

namespace {

// `path` below `root` by whole components, none of them empty, "." or "..", and none with a
// character another host would read as a separator or a stream: the toolkit-relative rest.
std::optional<std::string> relativeBelow(const std::string& root, const std::string& path)
{
    if (root.empty() || !path.starts_with(root + "/"))
        return std::nullopt;
    const std::string rel = path.substr(root.size() + 1);
    std::size_t start = 0;
    while (start <= rel.size()) {
        const std::size_t end = std::min(rel.find('/', start), rel.size());
        const std::string part = rel.substr(start, end - start);
        if (part.empty() || part == "." || part == ".." || part.find_first_of("\\:") != std::string::npos)
            return std::nullopt;
        for (unsigned char c : part)
            if (c < 0x20 || c == 0x7f)
                return std::nullopt;
        start = end + 1;
    }
    return rel;
}

std::string nameOf(const std::string& rel)
{
    const auto slash = rel.rfind('/');
    return slash == std::string::npos ? rel : rel.substr(slash + 1);
}

// A cuDNN file name (plan.h), or the Linux library shape libcudnn*.so[.N...] / libcudnn*.a.
bool cudnnName(const std::string& name)
{
    return isCudnnFileName(name) || (name.starts_with("libcudnn") && isCudnnFileName(name.substr(3)));
}

bool isCudnnFolder(const std::string& rel)
{
    const auto& folders = cudnnFolders();
    return std::find(folders.begin(), folders.end(), rel) != folders.end();
}

bool hasControl(std::string_view s)
{
    return std::any_of(s.begin(), s.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\n') || u == 0x7f;
    });
}

// The PATH entries that are not the toolkit's bin folders, in their order.
std::vector<std::string> otherEntries(const std::string& value, const std::set<std::string>& bins)
{
    std::vector<std::string> out;
    for (const std::string& e : splitPathValue(value))
        if (!bins.count(normalizePathEntry(e)))
            out.push_back(e);
    return out;
}

}  // namespace

std::vector<std::string> intentArguments(const Intent& in)
{
    std::vector<std::string> args{"--operation", std::string(toString(in.kind)), "--toolkit", in.toolkit,
                                  "--transaction", in.transactionId, "--plan-digest", in.planDigest};
    if (!in.archive.empty())
        args.insert(args.end(), {"--archive", in.archive});
    if (in.sha256)
        args.insert(args.end(), {"--sha256", *in.sha256});
    if (in.manifest)
        args.insert(args.end(), {"--manifest", *in.manifest});
    if (in.allowUnknown)
        args.push_back("--allow-unknown");
    if (in.noPath)
        args.push_back("--no-path");
    if (in.includeExtraFiles)
        args.push_back("--include-extra-files");
    if (in.newPrefix)
        args.push_back("--new-prefix");
    if (!in.useFolder.empty())
        args.insert(args.end(), {"--use-folder", in.useFolder});
    if (in.pathFirst)
        args.push_back("--path-first");
    if (in.nvidiaLayout)
        args.push_back("--nvidia-layout");
    if (in.merge)
        args.push_back("--merge");
    return args;
}

Intent intentFor(const Plan& reviewed, bool noPath, const std::optional<std::string>& sha256,
                 const std::optional<std::string>& manifest, bool allowUnknown)
{
    Intent in;
    in.kind = reviewed.kind;
    in.toolkit = reviewed.toolkit;
    if (reviewed.archive && reviewed.kind != PlanKind::Uninstall)
        in.archive = reviewed.archive->path;
    in.noPath = noPath;
    in.sha256 = sha256;
    in.manifest = manifest;
    in.allowUnknown = allowUnknown;
    in.includeExtraFiles = reviewed.includeExtraFiles;
    in.newPrefix = createsPrefix(reviewed);
    in.nvidiaLayout = reviewed.kind == PlanKind::Install && reviewed.nvidiaLayout.has_value();
    if (reviewed.kind == PlanKind::Use) {
        in.useFolder = reviewed.useFolder;
        in.pathFirst = reviewed.pathFirst;
    }
    // Its repair names the folder the same way (never as --archive: the helper opens an archive as a
    // plain file), and nothing else about the source: the helper takes the folder only if its own
    // copy of the record names it, and the record's hashes are the check (install/helperargs.h).
    if (reviewed.kind == PlanKind::Repair && reviewed.archive && isNvidiaFolderSource(*reviewed.archive)) {
        in.archive.clear();
        in.useFolder = reviewed.archive->path;
        in.sha256.reset();
        in.manifest.reset();
        in.allowUnknown = false;
        in.includeExtraFiles = false;
    }
    // A merge of NVIDIA's variant folder into a toolkit is planned as an install from that folder; the
    // helper is told "use" with the folder, which it reads itself (install/foldersource.h).
    if (reviewed.kind == PlanKind::Install && reviewed.archive && isNvidiaFolderSource(*reviewed.archive)) {
        in.kind = PlanKind::Use;
        in.archive.clear();
        in.useFolder = reviewed.archive->path;
        in.merge = true;
        in.allowUnknown = false;
    }
    in.transactionId = reviewed.transactionId;
    in.planDigest = planDigest(reviewed);
    return in;
}

std::string planDigest(const Plan& plan)
{
    nlohmann::json j = toJson(plan);
    for (const char* words : {"notes", "warnings", "problems", "cleanup"})
        j.erase(words);
    return sha256Hex(j.dump());
}

bool samePlan(const Plan& reviewed, const Plan& now)
{
    return planDigest(reviewed) == planDigest(now);
}

FlowResult applyIntent(const Intent& in, const std::string& stateDir)
{
    FlowOptions o;
    // The archive is opened there, once, with no link followed; the flow reads it only through that
    // handle (hash, verify, staging), never by its name, which the user may have pointed elsewhere since.
    if (auto bad = checkElevatedRequest(in, stateDir, &o.archiveFile, &o.manifestRead)) {
        FlowResult refused;
        refused.toolkit = in.toolkit;
        refused.problems.push_back(std::move(*bad));
        return refused;  // FlowStatus::Usage
    }
    o.stateDir = stateDir;
    o.sha256 = in.sha256;
    o.manifestPath = in.manifest;
    o.allowUnknown = in.allowUnknown;
    o.noPath = in.noPath;
    o.includeExtraFiles = in.includeExtraFiles;
    o.newPrefix = in.newPrefix;
    o.useFolder = in.useFolder;
    o.pathFirst = in.pathFirst;
    o.nvidiaLayout = in.nvidiaLayout;
    // A repair that names a variant folder is the repair of a merge: from that folder, read here.
    o.mergeIntoToolkit = in.merge || (in.kind == PlanKind::Repair && !in.useFolder.empty());
    o.transactionId = in.transactionId;
    o.reviewedDigest = in.planDigest;
    o.applyHere = true;
    o.asHelper = true;
    // Read by the unelevated side, which cannot see this process's output until it ends.
    HelperProgressWriter progress(stateDir, in.transactionId);
    o.progress = &progress;
    return runFlow(in.kind, in.archive, in.toolkit, o);
}

bool validTransactionId(const std::string& id)
{
    return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
    });
}

std::optional<Problem> checkToolkitRoot(const std::string& root)
{
    auto refuse = [&](const std::string& why) {
        return Problem{codes::kNotAToolkit, root, root + " " + why + "; the elevated helper installs only into a CUDA toolkit."};
    };
    std::error_code ec;
    const std::filesystem::path p(root);
    if (root.empty() || !p.is_absolute())
        return refuse("is not an absolute folder");
    const std::string canonical = std::filesystem::canonical(p, ec).generic_string();
    if (ec || canonical != root)
        return refuse("is not a canonical folder (a link, or a path with . or ..)");
    if (root.find_first_of(";%\"") != std::string::npos || hasControl(root) || root.find('\n') != std::string::npos)
        return refuse("has a character that would split or expand a PATH entry (; % \" or a control character)");
    if (p == p.root_path())
        return refuse("is the root of a drive");
    if (!looksLikeToolkit(root))
        return refuse("is not a CUDA toolkit (no bin/nvcc, include/cuda_runtime_api.h, version.json or version.txt)");
    return std::nullopt;
}

std::optional<Problem> checkNewPrefix(const std::string& prefix)
{
    auto refuse = [&](const std::string& why) {
        return Problem{codes::kNotAToolkit, prefix,
                       prefix + " " + why + "; cudnn-setup makes a standalone prefix only as a new folder of its own "
                                            "(e.g. --prefix /opt/cudnn-9.19 where /opt is root's and writable by root "
                                            "only), or installs into a CUDA toolkit (--toolkit)."};
    };
    const std::filesystem::path p = pathOf(prefix);
    if (prefix.empty() || !p.is_absolute())
        return refuse("is not an absolute folder");
    if (prefix.ends_with('/') || utf8Of(p.lexically_normal()) != prefix)
        return refuse("is not a plain path (no . or .., no doubled or trailing /)");
    if (prefix.find_first_of(";%\"\\") != std::string::npos || hasControl(prefix) || prefix.find('\n') != std::string::npos)
        return refuse("has a character that would split or expand a search path (; % \" \\ or a control character)");
    if (p == p.root_path())
        return refuse("is the root of a drive");
    if (std::string why; !nofollow::creatableTrustedFolder(prefix, &why))
        return refuse("cannot be made as a folder of cudnn-setup's own: " + why);
    return std::nullopt;
}

namespace {
bool namesCreatedPrefix(const std::optional<nlohmann::json>& record, const std::string& root)
{
    return record && record->is_object() && record->value("created_prefix", false) == true &&
           record->contains("toolkit") && (*record)["toolkit"].is_string() && (*record)["toolkit"] == root;
}

// A record as root reads it: one handle, a plain file that is no link, with a bound.
nlohmann::json readRecordJson(const std::string& path)
{
    std::error_code ec;
    const auto text = nofollow::readRegularFile(path, 64u << 20, true, ec);
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json(nlohmann::json::value_t::discarded);
}
}  // namespace

bool recordNamesNvidiaLayout(const std::string& stateDir, const std::string& root)
{
    const nlohmann::json record = readRecordJson(recordPathFor(stateDir, root));
    return !record.is_discarded() && record.is_object() && record.contains("nvidia_layout") &&
           nvidiaLayoutFromJson(record["nvidia_layout"]) && record.contains("toolkit") &&
           record["toolkit"].is_string() && record["toolkit"] == root;
}

bool recordNamesNvidiaFolder(const std::string& stateDir, const std::string& root, const std::string& folder)
{
    const nlohmann::json record = readRecordJson(recordPathFor(stateDir, root));
    if (record.is_discarded() || !record.is_object() || !record.contains("toolkit") || record["toolkit"] != root ||
        !record.contains("archive") || !record["archive"].is_object())
        return false;
    const nlohmann::json& a = record["archive"];
    return a.value("authenticity", std::string()) == kNvidiaInstallerSource && a.contains("path") &&
           a["path"].is_string() && !folder.empty() && a["path"] == folder;
}

bool recordNamesCreatedPrefix(const std::string& stateDir, const std::string& root)
{
    const nlohmann::json record = readRecordJson(recordPathFor(stateDir, root));
    return !record.is_discarded() && namesCreatedPrefix(record, root);
}

std::optional<Problem> checkInstallRoot(const std::string& root, const std::string& stateDir, bool newPrefix)
{
    if (newPrefix)
        return checkNewPrefix(root);
    auto bad = checkToolkitRoot(root);
    // NVIDIA's installer tree (install/nvidiaroot.h): its own rule, as strict as a toolkit's; an
    // install of ours in that layout (its admin-only record says so) also when no variant is left.
    if (bad && (isNvidiaCudnnRoot(root) || (recordNamesNvidiaLayout(stateDir, root) && !checkNvidiaRootShape(root))))
        bad.reset();
    // A prefix cudnn-setup made: still canonical and without PATH-splitting characters, and
    // named by its admin-only record; an existing folder is never taken for one otherwise.
    if (bad && recordNamesCreatedPrefix(stateDir, root)) {
        std::error_code ec;
        const std::string canonical = utf8Of(std::filesystem::canonical(pathOf(root), ec));
        if (!ec && canonical == root && root.find_first_of(";%\"\\") == std::string::npos && !hasControl(root) &&
            root.find('\n') == std::string::npos)
            bad.reset();
    }
    return bad;
}

bool createsPrefix(const Plan& plan)
{
    return plan.standalonePrefix && plan.kind == PlanKind::Install && plan.ops.size() >= 2 &&
           plan.ops[0].kind == OpKind::WriteRecord && plan.ops[0].path == plan.recordPath &&
           namesCreatedPrefix(plan.ops[0].record, plan.toolkit) && plan.ops[1].kind == OpKind::CreateDirectory &&
           plan.ops[1].path == plan.toolkit && !plan.ops[1].workDir;
}

bool createsNvidiaRoot(const Plan& plan)
{
    if (!plan.nvidiaLayout || plan.kind != PlanKind::Install || plan.ops.empty() ||
        plan.ops[0].kind != OpKind::WriteRecord || plan.ops[0].path != plan.recordPath || !plan.ops[0].record)
        return false;
    const nlohmann::json& claim = *plan.ops[0].record;
    if (!claim.is_object() || !claim.contains("created_root") || !claim["created_root"].is_array() ||
        claim.value("toolkit", std::string()) != plan.toolkit)
        return false;
    const nlohmann::json& made = claim["created_root"];
    if (made.empty() || made.size() > 3 || plan.ops.size() < made.size() + 1)
        return false;
    for (std::size_t i = 0; i < made.size(); ++i) {
        const Operation& op = plan.ops[i + 1];
        if (!made[i].is_string() || op.kind != OpKind::CreateDirectory || op.workDir || op.path != made[i])
            return false;
        const std::string next = i + 1 < made.size() ? made[i + 1].get<std::string>() : std::string();
        if (i + 1 < made.size() ? parentInTree(next) != op.path : op.path != plan.toolkit)
            return false;
    }
    return true;
}

bool isRealToolkit(const std::string& root)
{
    auto plainFile = [&](const char* rel) {
        std::error_code ec;
        const auto st = std::filesystem::symlink_status(pathOf(root + "/" + rel), ec);
        return !ec && std::filesystem::is_regular_file(st);
    };
    return (plainFile("bin/nvcc") || plainFile("bin/nvcc.exe")) && plainFile("include/cuda_runtime_api.h");
}

std::optional<Problem> checkSearchPathFolder(const std::string& folder, const std::string& root, bool standalonePrefix)
{
    // The folder the linker (or PATH lookup) ends up in: a toolkit's lib64 is a link to lib. The
    // link itself lies in the toolkit, whose own chain the walk from the target's parents does not
    // cover when it points elsewhere, so both are checked.
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(pathOf(folder), ec);
    const std::filesystem::path where = ec ? pathOf(folder) : real;
    std::string who;
    if (writableByNonAdmins(where, &who) || writableByNonAdmins(pathOf(root), &who))
        return Problem{codes::kSearchPathWritable, folder,
                       folder + " would go on the system search path, but " + who +
                           ": anything planted there would be loaded by every program of every user. Make it "
                           "writable by administrators only (Windows: remove the Users write entry; Linux: chown "
                           "root and chmod 755 it and its parents), or install with --no-path."};
    if (!standalonePrefix && !isRealToolkit(root))
        return Problem{codes::kNotAToolkit, root,
                       root + " has no bin/nvcc and include/cuda_runtime_api.h: a version file alone does not make "
                              "a CUDA toolkit that goes on the system search path. Install into the real toolkit "
                              "(e.g. /usr/local/cuda), or with --no-path."};
    return std::nullopt;
}

bool pathValueClean(const std::string& value)
{
    return !hasControl(value) && value.find('\n') == std::string::npos;
}

namespace {
// A standalone prefix's plan or journal: the record names the prefix as created (a repair, a
// second install, an uninstall, or the recover of an install whose first step wrote that
// record); or the plan creates it and it is not there yet (an install about to run, or one
// rolled back past its folder); or, for a committed journal only (nothing of it is undone any
// more), an uninstall that deleted the record naming it (its clean-up after the commit).
bool prefixAccepted(const Plan& plan, const std::string& stateDir, bool committedJournal)
{
    if (!plan.standalonePrefix)
        return false;
    if (createsPrefix(plan) && !checkNewPrefix(plan.toolkit))
        return true;
    if (recordNamesCreatedPrefix(stateDir, plan.toolkit) && !checkInstallRoot(plan.toolkit, stateDir, false))
        return true;
    if (committedJournal && plan.kind == PlanKind::Uninstall &&
        !std::filesystem::exists(pathOf(recordPathFor(stateDir, plan.toolkit))))
        for (const Operation& op : plan.ops)
            if (op.kind == OpKind::WriteRecord && !op.record && namesCreatedPrefix(op.previousRecord, plan.toolkit))
                return true;
    return false;
}
}  // namespace

namespace {
// A plan (or journal) whose root is an NVIDIA cuDNN root: `use` and its uninstall change nothing
// in NVIDIA's tree, only the system PATH (one of the root's variant bin folders added, moved or
// taken away, every other entry in the same order) and the record. An install of a zip into that
// layout would add its file rules here.
void checkNvidiaRootPlan(const Plan& plan, const std::string& stateDir, const std::string& systemPathLocation,
                         const std::function<void(const std::string&, const std::string&)>& refuse)
{
    const std::string& root = plan.toolkit;
    if (plan.kind != PlanKind::Use && plan.kind != PlanKind::Uninstall)
        refuse(root, "a " + std::string(toString(plan.kind)) + " in NVIDIA's cuDNN tree (only use and its uninstall)");
    if (plan.stateDir != stateDir)
        refuse(plan.stateDir, "a state folder other than " + stateDir);
    if (!validTransactionId(plan.transactionId))
        refuse(plan.transactionId, "a transaction id that cannot name a work folder");
    if (plan.recordPath != recordPathFor(stateDir, root))
        refuse(plan.recordPath, "an install record in an unexpected place");
    for (const std::string& c : plan.cleanup)
        refuse(c, "removing a folder in NVIDIA's cuDNN tree");
    const bool use = plan.kind == PlanKind::Use;
    if (use && !isNvidiaVariantBin(root, plan.useFolder))
        refuse(plan.useFolder, "putting on PATH a folder that is not one of " + root + "'s variant bin folders");
    std::set<std::string> bins;
    for (const std::string& b : nvidiaVariantBins(root))
        bins.insert(normalizePathEntry(pathEntryOf(b)));
    const std::string mine = normalizePathEntry(pathEntryOf(plan.useFolder));
    for (const Operation& op : plan.ops) {
        if (op.kind == OpKind::WriteRecord) {
            if (op.path != plan.recordPath)
                refuse(op.path, "writing a record in an unexpected place");
            continue;
        }
        if (op.kind != OpKind::PathChange) {
            refuse(op.path, "a change to NVIDIA's cuDNN tree (only its PATH entry and the record may change)");
            continue;
        }
        if (systemPathLocation.empty() || op.location != systemPathLocation || op.path != systemPathLocation ||
            op.mechanism != PathMechanism::WindowsPath) {
            refuse(op.location, "changing a search path other than the system PATH");
            continue;
        }
        for (const auto& v : {op.before, op.after})
            if (v && !pathValueClean(*v))
                refuse(op.location, "a search path with control characters");
        if (otherEntries(op.before.value_or(""), bins) != otherEntries(op.after.value_or(""), bins)) {
            refuse(op.location, "a PATH change beyond adding or moving one of NVIDIA's cuDNN variant folders");
            continue;
        }
        // Which variant folders come: use adds (or moves) its own only; its uninstall adds none.
        std::set<std::string> had;
        for (const std::string& e : splitPathValue(op.before.value_or("")))
            had.insert(normalizePathEntry(e));
        for (const std::string& e : splitPathValue(op.after.value_or(""))) {
            const std::string n = normalizePathEntry(e);
            if (bins.count(n) && !had.count(n) && !(use && n == mine))
                refuse(op.location, "putting on PATH a variant folder the plan is not about (" + e + ")");
        }
    }
}
}  // namespace

Problems checkPlanInvariants(const Plan& plan, const std::string& stateDir, const std::string& systemPathLocation,
                             bool committedJournal)
{
    Problems out;
    auto refuse = [&](const std::string& p, const std::string& why) {
        out.push_back({codes::kUnsafePlan, p, "The plan asks for " + why + " (" + p + "); it was refused and nothing was done."});
    };
    const std::optional<NvidiaVariantLayout>& nv = plan.kind == PlanKind::Use ? std::nullopt : plan.nvidiaLayout;
    if (nv) {
        // NVIDIA's layout: the root by its own rule (existing), or made by this very plan.
        bool accepted = !plan.standalonePrefix && !checkNvidiaRootShape(plan.toolkit);
        if (!accepted && !plan.standalonePrefix && createsNvidiaRoot(plan))
            if (auto made = checkNewNvidiaRoot(plan.toolkit)) {
                accepted = true;
                for (const std::string& dir : *made)
                    accepted = accepted && std::any_of(plan.ops.begin(), plan.ops.end(), [&](const Operation& op) {
                                   return op.kind == OpKind::CreateDirectory && op.path == dir;
                               });
            }
        if (!accepted) {
            refuse(plan.toolkit, "a root that is neither an NVIDIA cuDNN root (...\\NVIDIA\\CUDNN\\v<x.y>, no link on the "
                                 "way) nor one the plan itself makes");
            return out;
        }
    } else if (auto bad = checkToolkitRoot(plan.toolkit); bad && !prefixAccepted(plan, stateDir, committedJournal)) {
        if (!plan.standalonePrefix && isNvidiaCudnnRoot(plan.toolkit)) {
            checkNvidiaRootPlan(plan, stateDir, systemPathLocation, refuse);
            return out;
        }
        out.push_back({codes::kUnsafePlan, plan.toolkit, bad->message});
        return out;  // nothing below means anything without a toolkit
    }
    if (plan.kind == PlanKind::Use) {
        refuse(plan.toolkit, "wiring a folder of a root that is not NVIDIA's cuDNN installer tree");
        return out;
    }
    const std::string& tk = plan.toolkit;
    const std::string top = tk + "/.cudnn-setup";
    if (plan.stateDir != stateDir)
        refuse(plan.stateDir, "a state folder other than " + stateDir);
    if (!validTransactionId(plan.transactionId) || plan.workDir != top + "/" + plan.transactionId ||
        plan.stagingDir != plan.workDir + "/staging" || plan.backupDir != plan.workDir + "/backup")
        refuse(plan.workDir, "work folders other than <toolkit>/.cudnn-setup/<transaction>");
    if (plan.recordPath != recordPathFor(stateDir, tk))
        refuse(plan.recordPath, "an install record in an unexpected place");
    // Any transaction's work folder of this toolkit (an uninstall takes back the install's backups).
    auto inWork = [&](const std::string& p, bool ownOnly) {
        const auto rel = relativeBelow(top, p);
        if (!rel)
            return false;
        const std::string tx = rel->substr(0, rel->find('/'));
        return validTransactionId(tx) && (!ownOnly || tx == plan.transactionId);
    };
    // A Linux toolkit's real library and header folders (lib64 -> lib, targets/x86_64-linux/lib),
    // as this process sees them on disk.
    const LinuxFolders linuxDirs = linuxFoldersOf(tk);
    // NVIDIA's layout: the variant's three folders hold files; they and their parents may be made.
    std::set<std::string> nvFileFolders, nvFolders;
    if (nv) {
        nvFileFolders = {nv->binDir(), nv->includeDir(), nv->libDir()};
        nvFolders = {"bin", "bin/" + nv->cuda, "include", "lib", "lib/" + nv->cuda};
        nvFolders.insert(nvFileFolders.begin(), nvFileFolders.end());
    }
    auto folderOk = [&](const std::string& rel) {
        if (nv)
            return nvFolders.count(rel) > 0;
        return isCudnnFolder(rel) || rel == linuxDirs.lib || rel == linuxDirs.include;
    };
    auto fileFolderOk = [&](const std::string& rel) {
        return nv ? nvFileFolders.count(rel) > 0 : folderOk(rel);
    };
    auto cudnnTarget = [&](const std::string& p) {
        const auto rel = relativeBelow(tk, p);
        return rel && fileFolderOk(parentInTree(*rel)) && cudnnName(nameOf(*rel));
    };
    auto extraTarget = [&](const std::string& p) {
        const auto rel = relativeBelow(tk, p);
        return rel && (nv ? nvFileFolders.count(parentInTree(*rel)) > 0 : isCudnnFolder(parentInTree(*rel)));
    };
    std::set<std::string> recordedFiles;
    if (plan.recordPath == recordPathFor(stateDir, tk)) {
        const auto record = readRecordJson(plan.recordPath);
        if (record.is_object() && record.contains("files") && record["files"].is_array())
            for (const auto& f : record["files"])
                if (f.is_object() && f.contains("path") && f["path"].is_string())
                    recordedFiles.insert(tk + "/" + f["path"].get<std::string>());
    }
    auto recorded = [&](const std::string& p) { return recordedFiles.count(p) > 0; };
    std::set<std::string> releaseTargets;
    if (plan.archive)
        for (const ArchiveFile& f : plan.archive->files)
            releaseTargets.insert(tk + "/" + f.target);
    for (const std::string& c : plan.cleanup)
        if (!inWork(c, false))
            refuse(c, "removing a folder outside the work folders");
    std::set<std::string> bins;
    for (const std::string& rel : nv ? std::vector<std::string>{"/" + nv->binDir()} : std::vector<std::string>{"/bin", "/bin/x64"}) {
        std::string win = tk + rel;
        std::replace(win.begin(), win.end(), '/', '\\');
        bins.insert(normalizePathEntry(win));
    }
    for (const Operation& op : plan.ops) {
        switch (op.kind) {
        case OpKind::CreateDirectory:
        case OpKind::RemoveDirectory: {
            if (op.workDir && op.kind == OpKind::CreateDirectory) {
                // Its undo is a recursive delete: only this transaction's own folder.
                if (op.path != plan.workDir)
                    refuse(op.path, "deleting a folder recursively that is not this transaction's work folder");
                break;
            }
            if (op.path == tk && op.kind == OpKind::CreateDirectory && createsPrefix(plan) && &op == &plan.ops[1])
                break;  // the new prefix itself (prefixAccepted)
            if (op.kind == OpKind::CreateDirectory && createsNvidiaRoot(plan) && &op > &plan.ops[0] &&
                &op <= &plan.ops[plan.ops[0].record->at("created_root").size()])
                break;  // the new NVIDIA root and its missing parents (checked above)
            const auto rel = relativeBelow(tk, op.path);
            if (!rel || !(folderOk(*rel) || *rel == ".cudnn-setup" || inWork(op.path, true)))
                refuse(op.path, "a folder that is not one of the toolkit's cuDNN folders");
            break;
        }
        case OpKind::StageFiles:
            if (op.path != plan.stagingDir)
                refuse(op.path, "staging outside the work folder");
            break;
        case OpKind::PlaceFile:
            // A file that is not cuDNN's own only by the install rule (plan.h installsExtraFiles):
            // from the archive, into a cuDNN folder, where nothing was (no backup), and only when
            // the archive is official or the user opted in. The helper's plan has its own verdict
            // on the archive, so the authenticity here is the helper's, not the caller's.
            if (!cudnnTarget(op.path) &&
                !(extraTarget(op.path) && !op.entry.empty() && op.backup.empty() && plan.archive &&
                  installsExtraFiles(*plan.archive, plan.includeExtraFiles)))
                refuse(op.path, "writing a file that is not a cuDNN file of the toolkit");
            if (!op.entry.empty()) {
                // From the archive: exactly one of the release's files, staged in this transaction.
                auto target = !plan.archive ? std::nullopt
                              : plan.archive->isLinux()
                                  ? linuxTargetFor(op.entry, plan.archive->folders, linuxDirs)
                              : isNvidiaFolderSource(*plan.archive)
                                  ? nvidiaVariantTargetFor(op.entry, plan.archive->folders)
                                  : toolkitTargetFor(op.entry, plan.archive->folders);
                if (nv && target)
                    target = plan.archive->isLinux() ? std::nullopt : nvidiaTargetFor(*target, *nv);
                if (!target || tk + "/" + *target != op.path || !releaseTargets.count(op.path) ||
                    op.source != plan.stagingDir + "/" + *target)
                    refuse(op.path, "a target that does not follow from the archive entry " + op.entry);
            } else if (!inWork(op.source, false)) {
                refuse(op.source, "restoring a file from outside the work folders");
            }
            if (!op.backup.empty() && !inWork(op.backup, true))
                refuse(op.backup, "setting a file aside outside this transaction's work folder");
            break;
        case OpKind::RemoveFile:
            // An extra file may be taken out again only when the toolkit's record (admin-only
            // state folder) lists it as one the install placed.
            if (!(cudnnTarget(op.path) || (extraTarget(op.path) && recorded(op.path))) || !inWork(op.backup, true))
                refuse(op.path, "removing a file that is not a cuDNN file of the toolkit");
            break;
        case OpKind::PathChange: {
            if (systemPathLocation.empty() || op.location != systemPathLocation || op.path != systemPathLocation) {
                refuse(op.location, "changing a search path other than the system one");
                break;
            }
            for (const auto& v : {op.before, op.after}) {
                // An ld.so.conf.d file is one line and ends with its newline.
                const bool ld = op.mechanism == PathMechanism::LdSoConf && v && v->ends_with('\n');
                if (v && !pathValueClean(ld ? v->substr(0, v->size() - 1) : *v))
                    refuse(op.location, "a search path with control characters");
            }
            if (op.mechanism == PathMechanism::LdSoConf && nv) {
                refuse(op.location, "registering a library folder for NVIDIA's layout (Windows DLLs: the system PATH)");
                break;
            }
            if (op.mechanism == PathMechanism::LdSoConf) {
                for (const auto& v : {op.before, op.after})
                    if (v && *v != tk + "/lib64\n" && *v != tk + "/" + linuxDirs.lib + "\n")
                        refuse(op.location, "registering a library folder other than the toolkit's");
                break;
            }
            // Only the toolkit's bin folders may come, go or move; everything else stays, in order.
            if (otherEntries(op.before.value_or(""), bins) != otherEntries(op.after.value_or(""), bins))
                refuse(op.location, nv ? "a PATH change beyond adding or moving the variant's bin folder"
                                       : "a PATH change beyond adding or moving the toolkit's bin folders");
            break;
        }
        case OpKind::WriteRecord:
            if (op.path != plan.recordPath)
                refuse(op.path, "writing a record in an unexpected place");
            break;
        case OpKind::PlaceLink:
        case OpKind::RemoveLink:
            // A cuDNN link of the toolkit to a cuDNN file name beside it; backups in work folders.
            if (!cudnnTarget(op.path) || op.linkTarget.find('/') != std::string::npos || !cudnnName(op.linkTarget))
                refuse(op.path, "a link that is not a cuDNN link of the toolkit to a file beside it");
            if (!op.backup.empty() && !inWork(op.backup, true))
                refuse(op.backup, "setting a file aside outside this transaction's work folder");
            if (!op.source.empty() && !inWork(op.source, false))
                refuse(op.source, "restoring a file from outside the work folders");
            break;
        }
    }
    return out;
}

}  // namespace cudnnsetup
