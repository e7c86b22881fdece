// Plans in an NVIDIA cuDNN root (install --nvidia-layout, repair of NVIDIA's own install): what is
// NVIDIA's there stays NVIDIA's.
#include "common/problemcodes.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "install/plan.h"
#include "install/plan_p.h"
#include "releases/releases.h"

#include <set>

namespace cudnnsetup {

namespace plandetail {

namespace {

// The variant's cuDNN files that cudnn-setup did not place: NVIDIA's (or the user's). A file the
// record lists as preexisting was there before us, so it counts too.
std::vector<std::string> foreignFiles(const ToolkitState& root)
{
    std::set<std::string> ours;
    if (root.record && root.record->is_object())
        for (const auto& f : root.record->value("files", nlohmann::json::array()))
            if (f.is_object() && !f.value("preexisting", false) && f.contains("path") && f["path"].is_string())
                ours.insert(foldCaseUtf8(f["path"].get<std::string>()));
    std::vector<std::string> out;
    for (const std::string& rel : root.cudnnFiles)
        if (!ours.count(foldCaseUtf8(rel)))
            out.push_back(rel);
    return out;
}

// The archive's release is the one NVIDIA's files there are (as far as detect can tell).
bool sameNvidiaRelease(const ArchiveInfo& archive, const ToolkitState& root)
{
    const auto a = Version::parse(archive.cudnn);
    const auto there = Version::parse(root.cudnnVersion);
    return !there || (a && a->agreesWith(*there));
}

std::string shownInRoot(const std::string& rootPath, const std::string& rel)
{
    return pathEntryOf(join(rootPath, rel));
}

}  // namespace

std::optional<Plan> nvidiaInstallVerdict(const ArchiveInfo& archive, const ToolkitState& toolkit,
                                         const PlanOptions& options)
{
    Plan plan;
    initPlan(plan, PlanKind::Install, toolkit, options);
    plan.archive = archive;
    plan.cleanup.clear();
    const NvidiaVariantLayout& layout = *options.nvidiaLayout;
    if (toolkit.record) {
        const nlohmann::json& r = *toolkit.record;
        const auto recorded = r.is_object() && r.contains("nvidia_layout") ? nvidiaLayoutFromJson(r["nvidia_layout"])
                                                                            : std::nullopt;
        if (!recorded || !(*recorded == layout)) {
            // One record per root: a second variant of ours could not be undone on its own.
            plan.problems.push_back(
                {codes::kTargetBlocked, toolkit.root,
                 "cudnn-setup already recorded a change for " + pathEntryOf(toolkit.root) + " (" +
                     r.value("kind", std::string("install")) +
                     (recorded ? " of the variant " + shownInRoot(toolkit.root, recorded->binDir()) : std::string()) +
                     "); nothing was changed. Undo it first with uninstall --cudnn-root " + pathEntryOf(toolkit.root) +
                     ", or install into another root with --cudnn-root."});
            return plan;
        }
    }
    const std::vector<std::string> foreign = foreignFiles(toolkit);
    if (foreign.empty()) {
        // Our own install of this very release, every file as recorded: nothing to do (a second
        // record layer would only make its uninstall take two runs).
        const nlohmann::json* r = toolkit.record ? &*toolkit.record : nullptr;
        if (r && r->value("kind", std::string()) == toString(PlanKind::Install) && r->contains("release") &&
            (*r)["release"].is_object() && (*r)["release"].value("cudnn", std::string()) == archive.cudnn &&
            (*r)["release"].value("cuda", std::string()) == archive.cuda && filesNeedingRepair(toolkit).empty()) {
            plan.notes.push_back("cuDNN " + archive.cudnn + " is already installed in " +
                                 shownInRoot(toolkit.root, layout.binDir()) + " by cudnn-setup, every file as recorded; "
                                 "nothing to do");
            return plan;
        }
        return std::nullopt;
    }
    const std::string bin = shownInRoot(toolkit.root, layout.binDir());
    const std::string version = toolkit.cudnnVersion.empty() ? std::string("(version unknown)") : toolkit.cudnnVersion;
    if (sameNvidiaRelease(archive, toolkit)) {
        plan.notes.push_back(bin + " already holds cuDNN " + version + " for CUDA " + layout.cuda +
                             " that cudnn-setup did not install (NVIDIA's installer's); nothing to do. If files of "
                             "it are missing or damaged, `repair --cudnn-root " + pathEntryOf(toolkit.root) +
                             " --archive " + archive.path + "` restores them.");
        return plan;
    }
    plan.problems.push_back(
        {codes::kTargetBlocked, bin,
         bin + " holds cuDNN " + version + " that cudnn-setup did not install (NVIDIA's installer's), not " +
             archive.cudnn + "; cudnn-setup never replaces another installer's files. Uninstall that cuDNN with "
             "NVIDIA's uninstaller (Settings > Apps) first, or install this archive into a new root with "
             "--cudnn-root, or into the CUDA toolkit with --toolkit. Nothing was changed."});
    return plan;
}

Plan planNvidiaRepair(const ArchiveInfo& archive, const ToolkitState& toolkit, const PlanOptions& options)
{
    Plan plan;
    initPlan(plan, PlanKind::Repair, toolkit, options);
    plan.archive = archive;
    const NvidiaVariantLayout& layout = *options.nvidiaLayout;
    const std::string bin = shownInRoot(toolkit.root, layout.binDir());
    if (toolkit.cudnnFiles.empty()) {
        std::string variants;
        for (const std::string& b : nvidiaVariantBins(toolkit.root))
            variants += (variants.empty() ? "" : ", ") + pathEntryOf(b);
        plan.problems.push_back({codes::kCudaMajorMismatch, toolkit.root,
                                 pathEntryOf(toolkit.root) + " has no cuDNN variant for CUDA " + layout.cuda.substr(0, layout.cuda.find('.')) +
                                     " to repair from " + fileNameOf(archive.path) + " (its variants: " +
                                     (variants.empty() ? std::string("none") : variants) +
                                     "); nothing was changed. Give the archive built for the CUDA major of a variant "
                                     "there, or install this one with install --nvidia-layout."});
        return plan;
    }
    if (!sameNvidiaRelease(archive, toolkit)) {
        plan.problems.push_back({codes::kVersionMismatch, bin,
                                 bin + " holds cuDNN " + toolkit.cudnnVersion + ", but " + fileNameOf(archive.path) +
                                     " is cuDNN " + archive.cudnn + "; a repair restores files of the same release "
                                     "only. Give the archive of cuDNN " + toolkit.cudnnVersion + " for CUDA " +
                                     layout.cuda.substr(0, layout.cuda.find('.')) + "; nothing was changed."});
        return plan;
    }
    addWorkDirs(plan, toolkit);
    std::set<std::string> planned;
    std::vector<Operation> places;
    nlohmann::json files = nlohmann::json::array(), created = nlohmann::json::array();
    const std::size_t dirOpsBefore = plan.ops.size();
    for (const ArchiveFile& f : archive.files) {
        if (!isReleaseFileOf(archive, fileNameOf(f.target)))
            continue;  // only the release's own files: a repair adds nothing else to NVIDIA's tree
        const ExistingNode n = toolkit.node(f.target);
        const std::string abs = join(toolkit.root, f.target);
        if (n.type == NodeType::Directory || n.type == NodeType::Other || n.type == NodeType::Symlink) {
            plan.problems.push_back(blocked(abs, "is not a regular file where " + fileNameOf(f.target) + " must go"));
            continue;
        }
        if (n.type == NodeType::File && n.size > 0 && n.damage.empty()) {
            // Sound (identical, or another build of the same release): NVIDIA's, left as it is.
            if (n.size != f.size || n.crc32 != f.crc32)
                plan.notes.push_back(abs + " differs from the archive's file but is not damaged; left as it is");
            files.push_back({{"path", f.target}, {"sha256", n.sha256}, {"size", n.size}, {"backup", nullptr},
                             {"preexisting", true}});
            continue;
        }
        addParentDirs(plan, toolkit, f.target, planned);
        // A damaged file there is backed up first: uninstall puts its bytes back.
        Operation op = placeFileOp(plan, f, abs, n.type != NodeType::Missing);
        const std::string why = n.type == NodeType::Missing ? "missing" : n.size == 0 ? "zero bytes" : "damaged (" + n.damage + ")";
        plan.notes.push_back(abs + " is " + why + "; restored from the archive");
        files.push_back({{"path", f.target}, {"sha256", ""}, {"size", f.size},
                         {"backup", op.backup.empty() ? nlohmann::json(nullptr) : nlohmann::json(op.backup)},
                         {"preexisting", false}});
        places.push_back(op);
    }
    if (places.empty() && plan.problems.empty()) {
        plan.ops.clear();
        plan.notes.push_back("every file of cuDNN " + archive.cudnn + " in " + bin +
                             " is there and sound; nothing to repair");
        return plan;
    }
    for (std::size_t i = dirOpsBefore; i < plan.ops.size(); ++i)
        created.push_back(plan.ops[i].path.substr(toolkit.root.size() + 1));
    plan.ops.push_back({.kind = OpKind::StageFiles, .path = plan.stagingDir});
    plan.ops.insert(plan.ops.end(), places.begin(), places.end());
    for (const std::string& n : archive.notPlaced)
        plan.notes.push_back(n + " is not copied (only bin, include and lib are)");
    // NVIDIA's install was not on PATH and a repair does not put it there (`use` does).
    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.record = installRecord(plan, PlanKind::Repair, toolkit, options, archive,
                               {.files = files, .created = created});
    (*rec.record)["nvidia_layout"] = toJson(layout);
    plan.ops.push_back(rec);
    return plan;
}

}  // namespace plandetail

}  // namespace cudnnsetup
