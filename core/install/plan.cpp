#include "install/plan.h"

#include "common/casefold.h"
#include "common/digest.h"
#include "common/problemcodes.h"
#include "formats/cudabuild.h"
#include "install/foldersource.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "install/plan_p.h"
#include "releases/releases.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace cudnnsetup {

namespace plandetail {

// Names compared as NTFS does (common/casefold.h): full simple case folding, not only ASCII.
std::string fileNameOf(const std::string& rel)
{
    const auto slash = rel.rfind('/');
    return slash == std::string::npos ? rel : rel.substr(slash + 1);
}

std::string join(const std::string& dir, const std::string& rel)
{
    return rel.empty() ? dir : dir + "/" + rel;
}

Problem blocked(const std::string& abs, const std::string& what)
{
    return {codes::kTargetBlocked, abs, abs + " " + what + "; nothing was changed. Move it out of the way and run the command again."};
}

// Everything an install, repair or uninstall shares: the work folders.

void addWorkDirs(Plan& plan, const ToolkitState& toolkit)
{
    const std::string top = toolkit.root + "/.cudnn-setup";
    if (toolkit.node(".cudnn-setup").type == NodeType::Missing)
        plan.ops.push_back({.kind = OpKind::CreateDirectory, .path = top});
    else if (toolkit.node(".cudnn-setup").type != NodeType::Directory)
        plan.problems.push_back(blocked(top, "is not a folder, but cudnn-setup keeps its work files there"));
    Operation work{.kind = OpKind::CreateDirectory, .path = plan.workDir};
    work.workDir = true;
    plan.ops.push_back(work);
}

// Folders a target needs, parents first; problems where a file or link sits in the way.
void addParentDirs(Plan& plan, const ToolkitState& toolkit, const std::string& rel, std::set<std::string>& planned)
{
    std::vector<std::string> chain;
    for (std::string p = parentInTree(rel); !p.empty(); p = parentInTree(p))
        chain.push_back(p);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (planned.count(*it))
            continue;
        planned.insert(*it);
        const ExistingNode n = toolkit.node(*it);
        const std::string abs = join(toolkit.root, *it);
        if (n.type == NodeType::Missing)
            plan.ops.push_back({.kind = OpKind::CreateDirectory, .path = abs});
        else if (n.type == NodeType::Symlink)
            plan.problems.push_back({codes::kUnsafeTarget, abs,
                                     abs + " is a symbolic link or junction; cudnn-setup does not write through links "
                                           "inside a toolkit. Replace it with a real folder."});
        else if (n.type != NodeType::Directory)
            plan.problems.push_back(blocked(abs, "is a file where a folder is needed"));
    }
}

nlohmann::json releaseJson(const ArchiveInfo& a)
{
    return {{"cudnn", a.cudnn}, {"cuda", a.cuda}, {"platform", a.platform}};
}

Operation placeFileOp(const Plan& plan, const ArchiveFile& f, const std::string& abs, bool backup)
{
    Operation op{.kind = OpKind::PlaceFile, .path = abs};
    op.source = join(plan.stagingDir, f.target);
    op.entry = f.entry;
    op.size = f.size;
    op.crc32 = f.crc32;
    if (backup)
        op.backup = join(plan.backupDir, f.target);
    return op;
}

nlohmann::json installRecord(const Plan& plan, PlanKind kind, const ToolkitState& toolkit, const PlanOptions& options,
                             const ArchiveInfo& archive, const RecordLists& lists)
{
    return nlohmann::json{
        {"format", 1},
        {"kind", std::string(toString(kind))},
        {"toolkit", toolkit.root},
        {"transaction", options.transactionId},
        {"archive", {{"name", fileNameOf(archive.path)}, {"path", archive.path}, {"sha256", archive.sha256},
                     {"size", archive.size}, {"authenticity", archive.authenticity}}},
        {"release", releaseJson(archive)},
        {"backup_dir", plan.backupDir},
        {"files", lists.files},
        {"links", lists.links},
        {"removed", lists.removed},
        {"created_directories", lists.created},
        {"path", lists.path},
        {"previous", lists.previous},
    };
}

std::optional<Operation> pathOperation(Plan& plan, const ToolkitState& toolkit, const PathState& path,
                                       const std::vector<std::string>& binRels, bool noPath)
{
    if (noPath) {
        plan.notes.push_back("PATH left alone (--no-path)");
        return std::nullopt;
    }
    if (!path.available) {
        plan.notes.push_back(path.note.empty() ? "PATH left alone" : path.note);
        return std::nullopt;
    }
    Operation op{.kind = OpKind::PathChange};
    op.mechanism = path.mechanism;
    op.location = path.location;
    op.path = path.location;
    op.before = path.value;
    if (path.mechanism == PathMechanism::LdSoConf) {
        const std::string content = toolkit.root + "/" + toolkit.linuxFolders.lib + "\n";
        if (path.value == content) {
            plan.notes.push_back(path.location + " already registers " + toolkit.root + "/" + toolkit.linuxFolders.lib);
            return std::nullopt;
        }
        op.after = content;
        return op;
    }
    std::vector<std::string> bins;
    for (const std::string& rel : binRels) {
        std::string win = join(toolkit.root, rel);
        std::replace(win.begin(), win.end(), '/', '\\');
        bins.push_back(win);
    }
    auto edit = addToolkitBins(path.value.value_or(""), bins, path.lookup);
    if (!edit) {
        plan.problems.push_back({edit.error().code, std::nullopt, edit.error().message});
        return std::nullopt;
    }
    for (const Problem& w : edit->warnings)
        plan.warnings.push_back(w);
    if (!edit->changed()) {
        plan.notes.push_back("PATH already has the toolkit's bin folder ahead of other CUDA versions");
        return std::nullopt;
    }
    op.after = edit->after;
    op.edit = *edit;
    return op;
}

nlohmann::json pathRecord(const Operation& op)
{
    nlohmann::json j{{"mechanism", std::string(toString(op.mechanism))},
                     {"location", op.location},
                     {"before", op.before ? nlohmann::json(*op.before) : nlohmann::json(nullptr)},
                     {"after", op.after ? nlohmann::json(*op.after) : nlohmann::json(nullptr)}};
    if (op.mechanism == PathMechanism::WindowsPath)
        j["edit"] = toJson(op.edit);
    return j;
}

void initPlan(Plan& plan, PlanKind kind, const ToolkitState& toolkit, const PlanOptions& options)
{
    plan.kind = kind;
    plan.toolkit = toolkit.root;
    plan.stateDir = options.stateDir;
    plan.transactionId = options.transactionId;
    plan.workDir = toolkit.root + "/.cudnn-setup/" + options.transactionId;
    plan.stagingDir = plan.workDir + "/staging";
    plan.backupDir = plan.workDir + "/backup";
    plan.recordPath = recordPathFor(options.stateDir, toolkit.root);
    plan.cleanup.push_back(plan.stagingDir);
    plan.standalonePrefix = (options.newPrefix && kind == PlanKind::Install) ||
                            (toolkit.record && toolkit.record->is_object() &&
                             toolkit.record->value("created_prefix", false) == true);
    // NVIDIA's layout: the variant the caller mapped the archive into, else the one the record names.
    plan.nvidiaLayout = options.nvidiaLayout;
    if (!plan.nvidiaLayout && toolkit.record && toolkit.record->is_object() && toolkit.record->contains("nvidia_layout"))
        plan.nvidiaLayout = nvidiaLayoutFromJson(toolkit.record->at("nvidia_layout"));
}

// A cuDNN build loads only with the CUDA major it was built for, whatever else its release
// supports (issue 30, rule 4): a build for another major than the toolkit's is refused, with the
// fix. No override: --allow-unknown is about where an archive comes from, not what it fits.
void checkCudaMajor(Plan& plan, const ArchiveInfo& archive, const ToolkitState& toolkit)
{
    const std::optional<int> toolkitMajor = cudaMajorOfText(toolkit.cudaVersion);
    if (!archive.buildCudaMajor || !toolkitMajor || *archive.buildCudaMajor == *toolkitMajor)
        return;
    const std::string n = std::to_string(*archive.buildCudaMajor), t = std::to_string(*toolkitMajor);
    // A variant folder of NVIDIA's installer (use --toolkit) is named whole: "x64" alone says nothing.
    const std::string name = isNvidiaFolderSource(archive) ? "NVIDIA's " + pathEntryOf(archive.path)
                                                           : archive.path.substr(archive.path.find_last_of("/\\") + 1);
    const std::string why = archive.buildCudaSource == "imports" ? " (its DLLs import the CUDA " + n + " libraries)"
                            : archive.buildCudaSource == "library strings"
                                ? " (its libraries name the CUDA " + n + " libraries they load at run time)"
                            : archive.buildCudaSource == "name" ? " (its name says so)"
                                                                : " (NVIDIA's " + archive.buildCudaSource + " says so)";
    plan.problems.push_back({codes::kCudaMajorMismatch, toolkit.root,
                             name + " is cuDNN " + (archive.cudnn.empty() ? std::string("(version unknown)") : archive.cudnn) +
                                 " built for CUDA " + n + why + ", but " + toolkit.root + " is CUDA " +
                                 toolkit.cudaVersion + "; a cuDNN build works only with the CUDA major it was built "
                                 "for. Install the cuDNN build for CUDA " + t + ", an archive named ..._cuda" + t +
                                 "-archive, into this toolkit (or this archive into a CUDA " + n + " toolkit)."});
}

// Install and record-less repair: merge the archive, keep identical files, set strays aside.
Plan mergePlan(PlanKind kind, const ArchiveInfo& archive, const ToolkitState& toolkit, const PathState& path,
               const PlanOptions& options)
{
    Plan plan;
    initPlan(plan, kind, toolkit, options);
    plan.archive = archive;
    addWorkDirs(plan, toolkit);
    checkCudaMajor(plan, archive, toolkit);

    std::set<std::string> planned, targets;
    std::vector<Operation> places, strays;
    nlohmann::json files = nlohmann::json::array(), created = nlohmann::json::array(),
                   removed = nlohmann::json::array();
    const std::size_t dirOpsBefore = plan.ops.size();
    const bool extras = installsExtraFiles(archive, options.includeExtraFiles);
    plan.includeExtraFiles = options.includeExtraFiles;
    std::vector<const ArchiveFile*> chosen;
    for (const ArchiveFile& f : archive.files) {
        const std::string name = fileNameOf(f.target);
        if (isReleaseFileOf(archive, name)) {
            chosen.push_back(&f);
        } else if (!extras) {
            plan.notes.push_back(f.entry + " is not part of cuDNN " + archive.cudnn +
                                 " and is not copied (--include-extra-files copies it)");
        } else if (!isCudnnFileName(name) && toolkit.node(f.target).type != NodeType::Missing) {
            plan.warnings.push_back({codes::kExtraFile, join(toolkit.root, f.target),
                                     f.entry + " is not part of cuDNN " + archive.cudnn + " and " +
                                         join(toolkit.root, f.target) +
                                         " already exists; the toolkit's own file is kept, the archive's is not copied."});
        } else {
            chosen.push_back(&f);
        }
    }
    for (const ArchiveFile* fp : chosen) {
        const ArchiveFile& f = *fp;
        targets.insert(foldCaseUtf8(f.target));
        addParentDirs(plan, toolkit, f.target, planned);
        const ExistingNode n = toolkit.node(f.target);
        const std::string abs = join(toolkit.root, f.target);
        if (n.type == NodeType::Directory) {
            plan.problems.push_back(blocked(abs, "is a folder where the file " + fileNameOf(f.target) + " must go"));
            continue;
        }
        if (n.type == NodeType::Other) {
            plan.problems.push_back(blocked(abs, "is not a regular file"));
            continue;
        }
        if (n.type == NodeType::File && n.size == f.size && n.crc32 == f.crc32 && !n.sha256.empty()) {
            plan.notes.push_back(abs + " is already this release's file; left as it is");
            files.push_back({{"path", f.target}, {"sha256", n.sha256}, {"size", f.size}, {"backup", nullptr},
                             {"preexisting", true}});
            continue;
        }
        Operation op = placeFileOp(plan, f, abs, n.type != NodeType::Missing);
        files.push_back({{"path", f.target}, {"sha256", ""}, {"size", f.size},
                         {"backup", op.backup.empty() ? nlohmann::json(nullptr) : nlohmann::json(op.backup)},
                         {"preexisting", false}});
        places.push_back(op);
    }
    nlohmann::json links = nlohmann::json::array();
    std::vector<Operation> linkOps;
    addLinkOps(plan, archive, toolkit, planned, linkOps, links);
    for (const ArchiveLink& l : archive.links)
        targets.insert(foldCaseUtf8(l.target));
    for (std::size_t i = dirOpsBefore; i < plan.ops.size(); ++i)
        created.push_back(plan.ops[i].path.substr(toolkit.root.size() + 1));
    for (const std::string& rel : toolkit.cudnnFiles) {
        if (targets.count(foldCaseUtf8(rel)))
            continue;
        Operation op{.kind = OpKind::RemoveFile, .path = join(toolkit.root, rel)};
        op.backup = join(plan.backupDir, rel);
        op.sha256 = toolkit.node(rel).sha256;
        plan.notes.push_back(op.path + " is a cuDNN file the new release does not have; set aside");
        removed.push_back({{"path", rel}, {"backup", op.backup}});
        strays.push_back(op);
    }
    if (!places.empty() || !strays.empty())
        plan.ops.push_back({.kind = OpKind::StageFiles, .path = plan.stagingDir});
    plan.ops.insert(plan.ops.end(), strays.begin(), strays.end());
    plan.ops.insert(plan.ops.end(), places.begin(), places.end());
    plan.ops.insert(plan.ops.end(), linkOps.begin(), linkOps.end());
    for (const std::string& n : archive.notPlaced)
        plan.notes.push_back(n + " is not copied (only bin, include and lib are)");

    std::set<std::string> binRels;
    for (const ArchiveFile* f : chosen)
        if (f->target.starts_with("bin/"))
            binRels.insert(parentInTree(f->target));
    std::vector<std::string> bins(binRels.begin(), binRels.end());  // "bin" sorts before "bin/x64"
    if (bins.empty())
        bins.push_back("bin");
    if (!toolkit.windowsLayout && path.mechanism == PathMechanism::WindowsPath && path.available) {
        plan.notes.push_back("PATH left alone: " + toolkit.root + " is not a Windows toolkit");
    } else if (auto op = pathOperation(plan, toolkit, path, bins, options.noPath)) {
        plan.ops.push_back(*op);
    }
    const Operation* pathOp = nullptr;
    for (const Operation& op : plan.ops)
        if (op.kind == OpKind::PathChange)
            pathOp = &op;

    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.previousRecord = toolkit.record;
    rec.record = installRecord(plan, kind, toolkit, options, archive,
                               {.files = files,
                                .links = links,
                                .removed = removed,
                                .created = created,
                                .path = pathOp ? pathRecord(*pathOp) : nlohmann::json(nullptr),
                                .previous = toolkit.record ? *toolkit.record : nlohmann::json(nullptr)});
    if (plan.standalonePrefix)
        (*rec.record)["created_prefix"] = true;
    std::vector<std::string> makes;  // the root (and its missing parents) this install makes
    if (options.newPrefix && kind == PlanKind::Install)
        makes.push_back(toolkit.root);
    if (plan.nvidiaLayout) {
        (*rec.record)["nvidia_layout"] = toJson(*plan.nvidiaLayout);
        if (kind == PlanKind::Install && !options.createFolders.empty()) {
            (*rec.record)["created_root"] = options.createFolders;
            makes = options.createFolders;
        }
    }
    if (!makes.empty()) {
        // The root is named in the admin-only record before it exists, so that whatever is
        // left of a crash is accepted by recover because the record says so (install/trust.h).
        nlohmann::json claim = *rec.record;
        for (const char* list : {"files", "links", "removed", "created_directories"})
            claim[list] = nlohmann::json::array();
        claim["path"] = nullptr;
        claim["pending"] = true;
        Operation first{.kind = OpKind::WriteRecord, .path = plan.recordPath};
        first.previousRecord = toolkit.record;
        first.record = claim;
        rec.previousRecord = claim;
        std::vector<Operation> front{first};
        for (const std::string& dir : makes)
            front.push_back({.kind = OpKind::CreateDirectory, .path = dir});
        plan.ops.insert(plan.ops.begin(), front.begin(), front.end());
    }
    plan.ops.push_back(rec);
    refusePackageFiles(plan, toolkit);
    return plan;
}

}  // namespace plandetail

using namespace plandetail;

ExistingNode ToolkitState::node(const std::string& rel) const
{
    auto it = nodes.find(rel);
    return it == nodes.end() ? ExistingNode{} : it->second;
}

std::string_view toString(PlanKind k)
{
    switch (k) {
    case PlanKind::Install: return "install";
    case PlanKind::Uninstall: return "uninstall";
    case PlanKind::Repair: return "repair";
    case PlanKind::Use: return "use";
    }
    return "install";
}

const std::vector<std::string>& cudnnFolders()
{
    static const std::vector<std::string> folders{"bin", "bin/x64", "include", "lib", "lib/x64", "lib64"};
    return folders;
}

bool isReleaseFileOf(const ArchiveInfo& archive, std::string_view fileName)
{
    const auto version = Version::parse(archive.cudnn);
    // Only the Windows tables exist so far; elsewhere (and without a version) cuDNN's own names.
    if (!version || !archive.platform.starts_with("windows"))
        return isCudnnFileName(fileName);
    return releaseFileSet(archive.platform, *version).isReleaseFile(fileName);
}

bool installsExtraFiles(const ArchiveInfo& archive, bool userOptIn)
{
    return userOptIn || archive.authenticity == "official" || archive.authenticity == "manifest";
}

bool mayBePlaced(std::string_view entry)
{
    const auto slash = entry.rfind('/');
    if (isCudnnFileName(slash == std::string_view::npos ? entry : entry.substr(slash + 1)))
        return true;
    // bin/, include/, lib/ at the top or right below the archive's top folder.
    const std::string e = foldCaseUtf8(entry);
    const auto first = e.find('/');
    for (std::string_view folder : {"bin/", "include/", "lib/"})
        if (e.starts_with(folder) || (first != std::string::npos && e.compare(first + 1, folder.size(), folder) == 0))
            return true;
    return false;
}

bool isCudnnFileName(std::string_view fileName)
{
    // Exact shapes, not a prefix and a substring: cudnn.so.sh or cudnn.so.bat are not
    // cuDNN files (the elevated helper's checks rely on this).
    std::string n = foldCaseUtf8(fileName);
    if (n.starts_with("libcudnn"))  // Linux: libcudnn_ops.so.9.19.0, libcudnn_adv_static.a
        n = n.substr(3);
    auto word = [](std::string_view s) {
        return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    };
    if (!n.starts_with("cudnn"))
        return false;
    const std::string_view rest = std::string_view(n).substr(5);
    for (std::string_view ext : {".dll", ".lib", ".h", ".a"})
        if (rest.ends_with(ext))
            return word(rest.substr(0, rest.size() - ext.size()));
    // cudnn*.so with an optional numeric version (.so.8, .so.8.2.0)
    const auto so = rest.find(".so");
    if (so == std::string_view::npos || !word(rest.substr(0, so)))
        return false;
    std::string_view version = rest.substr(so + 3);
    while (!version.empty()) {
        if (version.size() < 2 || version[0] != '.' || !std::isdigit(static_cast<unsigned char>(version[1])))
            return false;
        version.remove_prefix(1);
        while (!version.empty() && std::isdigit(static_cast<unsigned char>(version[0])))
            version.remove_prefix(1);
    }
    return true;
}

std::optional<std::string> toolkitTargetFor(std::string_view entry, const ArchiveFolders& folders)
{
    std::string_view rel = entry;
    if (!folders.root.empty()) {
        std::string root = folders.root;
        if (!root.ends_with('/'))
            root += '/';
        if (!rel.starts_with(root))
            return std::nullopt;
        rel.remove_prefix(root.size());
    }
    auto under = [&](const std::string& folder) -> std::optional<std::string_view> {
        if (folder.empty() || !rel.starts_with(folder + "/") || rel.size() == folder.size() + 1)
            return std::nullopt;
        return rel.substr(folder.size() + 1);
    };
    if (auto r = under(folders.bin))
        return folders.bin + "/" + std::string(*r);
    if (auto r = under(folders.include))
        return "include/" + std::string(*r);
    if (auto r = under(folders.lib))
        return "lib/x64/" + std::string(*r);
    return std::nullopt;
}

std::string recordPathFor(const std::string& stateDir, const std::string& toolkitRoot)
{
#ifdef _WIN32
    const std::string key = foldCaseUtf8(toolkitRoot);
#else
    const std::string& key = toolkitRoot;
#endif
    return stateDir + "/records/" + sha256Hex(key).substr(0, 16) + ".json";
}

Plan planInstall(const ArchiveInfo& archive, const ToolkitState& toolkit, const PathState& path,
                 const PlanOptions& options)
{
    if (options.nvidiaLayout)
        if (auto verdict = nvidiaInstallVerdict(archive, toolkit, options))
            return *verdict;
    return mergePlan(PlanKind::Install, archive, toolkit, path, options);
}

std::vector<std::string> filesNeedingRepair(const ToolkitState& toolkit)
{
    std::vector<std::string> out;
    if (!toolkit.record)
        return out;
    for (const auto& f : toolkit.record->at("files")) {
        const std::string rel = f.at("path").get<std::string>();
        const ExistingNode n = toolkit.node(rel);
        if (n.type != NodeType::File || n.size == 0 || n.sha256 != f.at("sha256").get<std::string>())
            out.push_back(rel);
    }
    return out;
}

Plan planRepair(const std::optional<ArchiveInfo>& archive, const ToolkitState& toolkit, const PathState& path,
                const PlanOptions& options)
{
    if (!toolkit.record) {
        if (!archive) {
            Plan plan;
            initPlan(plan, PlanKind::Repair, toolkit, options);
            plan.problems.push_back({codes::kNoRecord, std::nullopt,
                                     "No install record for " + toolkit.root +
                                         ": cudnn-setup did not install this cuDNN. Give the archive to repair "
                                         "from with --archive."});
            return plan;
        }
        if (options.nvidiaLayout)
            return planNvidiaRepair(*archive, toolkit, options);
        return mergePlan(PlanKind::Repair, *archive, toolkit, path, options);
    }
    Plan plan;
    initPlan(plan, PlanKind::Repair, toolkit, options);
    plan.archive = archive;
    const nlohmann::json& record = *toolkit.record;
    addWorkDirs(plan, toolkit);
    std::set<std::string> planned, recorded;
    std::vector<Operation> places, strays;
    nlohmann::json replaced = nlohmann::json::array(), removed = nlohmann::json::array();
    for (const auto& f : record.at("files"))
        recorded.insert(foldCaseUtf8(f.at("path").get<std::string>()));
    for (const auto& l : record.value("links", nlohmann::json::array()))
        recorded.insert(foldCaseUtf8(l.at("path").get<std::string>()));
    for (const std::string& rel : filesNeedingRepair(toolkit)) {
        const ArchiveFile* src = nullptr;
        if (archive)
            for (const ArchiveFile& f : archive->files)
                if (foldCaseUtf8(f.target) == foldCaseUtf8(rel))
                    src = &f;
        const std::string abs = join(toolkit.root, rel);
        if (!src) {
            plan.problems.push_back({codes::kMissingFile, abs,
                                     abs + " is missing or damaged and no archive to restore it from was given; "
                                           "pass the archive it came from with --archive."});
            continue;
        }
        addParentDirs(plan, toolkit, rel, planned);
        const ExistingNode n = toolkit.node(rel);
        if (n.type == NodeType::Directory) {
            plan.problems.push_back(blocked(abs, "is a folder where a file must go"));
            continue;
        }
        Operation op{.kind = OpKind::PlaceFile, .path = abs};
        op.source = join(plan.stagingDir, rel);
        op.entry = src->entry;
        op.size = src->size;
        op.crc32 = src->crc32;
        for (const auto& f : record.at("files"))
            if (f.at("path").get<std::string>() == rel)
                op.sha256 = f.at("sha256").get<std::string>();
        if (n.type != NodeType::Missing)
            op.backup = join(plan.backupDir, rel);
        const char* why = n.type == NodeType::Missing ? "missing" : n.size == 0 ? "zero bytes" : "not the recorded file";
        plan.notes.push_back(abs + " is " + why + "; restored from the archive");
        replaced.push_back({{"path", rel}, {"reason", why}, {"backup", op.backup}});
        places.push_back(op);
    }
    for (const std::string& rel : toolkit.cudnnFiles) {
        if (recorded.count(foldCaseUtf8(rel)))
            continue;
        Operation op{.kind = OpKind::RemoveFile, .path = join(toolkit.root, rel)};
        op.backup = join(plan.backupDir, rel);
        plan.notes.push_back(op.path + " is a cuDNN file that is not part of the installed release; set aside");
        removed.push_back({{"path", rel}, {"backup", op.backup}});
        strays.push_back(op);
    }
    std::vector<Operation> linkOps;
    addLinkRepairs(plan, toolkit, linkOps);
    if (!places.empty())
        plan.ops.push_back({.kind = OpKind::StageFiles, .path = plan.stagingDir});
    plan.ops.insert(plan.ops.end(), strays.begin(), strays.end());
    plan.ops.insert(plan.ops.end(), places.begin(), places.end());
    plan.ops.insert(plan.ops.end(), linkOps.begin(), linkOps.end());
    if (places.empty() && strays.empty() && linkOps.empty()) {
        plan.ops.clear();  // healthy: nothing to do, not even work folders
        plan.notes.push_back("every recorded file has its recorded SHA-256; nothing to repair");
        return plan;
    }
    nlohmann::json updated = record;
    updated["repairs"].push_back({{"transaction", options.transactionId}, {"backup_dir", plan.backupDir},
                                  {"replaced", replaced}, {"removed", removed}});
    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.previousRecord = record;
    rec.record = updated;
    plan.ops.push_back(rec);
    refusePackageFiles(plan, toolkit);
    return plan;
}

}  // namespace cudnnsetup
