#include "common/problemcodes.h"
#include "install/plan.h"
#include "install/plan_p.h"

#include <set>

namespace cudnnsetup {

using namespace plandetail;

namespace {

std::optional<std::string> optString(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key) || j.at(key).is_null())
        return std::nullopt;
    return j.at(key).get<std::string>();
}

// Where a backup lives, relative to the toolkit (the snapshot looks there too).
std::string relativeTo(const std::string& root, const std::string& abs)
{
    return abs.starts_with(root + "/") ? abs.substr(root.size() + 1) : abs;
}

// The Windows PATH change that takes out the bin entries a record's PATH edit added
// (removeToolkitBins), with its notes; no op when PATH already lacks them.
void addToolkitBinsRemoval(Plan& plan, const nlohmann::json& recordedEdit, const PathState& path)
{
    const PathEdit edit = pathEditFromJson(recordedEdit);
    const PathRemoval removal = removeToolkitBins(path.value.value_or(""), edit);
    for (const std::string& n : removal.notes)
        plan.notes.push_back(n);
    if (removal.value == path.value.value_or(""))
        return;
    Operation op{.kind = OpKind::PathChange, .path = path.location};
    op.mechanism = PathMechanism::WindowsPath;
    op.location = path.location;
    op.before = path.value;
    op.after = removal.value;
    op.edit.before = *op.before;
    op.edit.after = removal.value;
    op.edit.changes = removal.changes;
    plan.ops.push_back(op);
}

// The undo of `use`: only the PATH entry it added (removeToolkitBins: exactly the value before when
// PATH is as `use` left it; else that entry alone, or a note when the user took it away meanwhile),
// then the record. No work folder: nothing of NVIDIA's tree is touched.
void planUninstallUse(Plan& plan, const nlohmann::json& record, const PathState& path)
{
    const nlohmann::json p = record.value("path", nlohmann::json());
    if (!p.is_object() || !p.contains("edit")) {
        plan.notes.push_back("the record names no PATH change; only the record goes");
    } else if (!path.available) {
        plan.notes.push_back("`use` changed " + p.value("location", std::string("PATH")) +
                             " but it cannot be read here; left alone");
    } else {
        addToolkitBinsRemoval(plan, p.at("edit"), path);
    }
    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.previousRecord = record;
    plan.ops.push_back(rec);
}

}  // namespace

Plan planUninstall(const ToolkitState& toolkit, const PathState& path, const PlanOptions& options)
{
    Plan plan;
    initPlan(plan, PlanKind::Uninstall, toolkit, options);
    if (!toolkit.record) {
        plan.problems.push_back({codes::kNoRecord, std::nullopt,
                                 "No install record for " + toolkit.root +
                                     ": cudnn-setup did not install cuDNN there (or it was already uninstalled)."});
        return plan;
    }
    const nlohmann::json& record = *toolkit.record;
    if (record.is_object() && record.value("kind", std::string()) == toString(PlanKind::Use)) {
        plan.cleanup.clear();
        planUninstallUse(plan, record, path);
        return plan;
    }
    addWorkDirs(plan, toolkit);
    const std::string trash = plan.workDir + "/removed";
    // Files changed after the install are the user's: moved here, never deleted (named in notes).
    const std::string kept = plan.workDir + "/kept";

    for (const auto& f : record.at("files")) {
        if (f.value("preexisting", false))
            continue;  // was there before the install: stays
        const std::string rel = f.at("path").get<std::string>();
        const std::string abs = join(toolkit.root, rel);
        const ExistingNode now = toolkit.node(rel);
        const auto backup = optString(f, "backup");
        if (now.type == NodeType::Directory) {
            plan.problems.push_back(blocked(abs, "is now a folder; cudnn-setup placed a file there"));
            continue;
        }
        const bool changed = now.type == NodeType::File && now.sha256 != f.at("sha256").get<std::string>();
        const std::string aside = join(changed ? kept : trash, rel);
        if (changed)
            plan.notes.push_back(abs + " was changed after the install; it is kept as " + aside);
        if (backup) {
            if (toolkit.node(relativeTo(toolkit.root, *backup)).type != NodeType::File) {
                plan.warnings.push_back({codes::kBackupMissing, *backup,
                                         "The backup " + *backup + " of the file the install replaced is gone; " + abs +
                                             " is removed and cannot be put back."});
            } else {
                Operation op{.kind = OpKind::PlaceFile, .path = abs};
                op.source = *backup;
                if (now.type != NodeType::Missing)
                    op.backup = aside;
                plan.ops.push_back(op);
                continue;
            }
        }
        if (now.type == NodeType::Missing) {
            plan.notes.push_back(abs + " is already gone");
            continue;
        }
        Operation op{.kind = OpKind::RemoveFile, .path = abs};
        op.backup = aside;
        plan.ops.push_back(op);
    }
    // What the install and every later repair set aside comes back (latest repair first, so
    // that a file set aside twice ends as it was before the install).
    std::set<std::string> restored, keepFolders;
    const std::string top = toolkit.root + "/.cudnn-setup/";
    auto txFolderOf = [&](const std::string& p) {
        return p.starts_with(top) ? top + p.substr(top.size(), p.find('/', top.size()) - top.size()) : std::string();
    };
    auto putBack = [&](const nlohmann::json& list) {
        for (const auto& r : list) {
            const std::string rel = r.at("path").get<std::string>();
            const std::string abs = join(toolkit.root, rel);
            const std::string backup = r.at("backup").get<std::string>();
            if (toolkit.node(relativeTo(toolkit.root, backup)).type != NodeType::File) {
                plan.warnings.push_back({codes::kBackupMissing, backup,
                                         "The backup " + backup + " of " + abs + " is gone; it cannot be put back."});
                continue;
            }
            if (!restored.insert(rel).second) {
                plan.notes.push_back(backup + " (an older copy of " + abs + ") is kept");
                keepFolders.insert(txFolderOf(backup));
                continue;
            }
            Operation op{.kind = OpKind::PlaceFile, .path = abs};
            op.source = backup;
            if (toolkit.node(rel).type != NodeType::Missing)
                op.backup = join(kept, rel);
            plan.ops.push_back(op);
        }
    };
    const auto repairs = record.value("repairs", nlohmann::json::array());
    for (auto it = repairs.rbegin(); it != repairs.rend(); ++it)
        putBack(it->value("removed", nlohmann::json::array()));
    putBack(record.value("removed", nlohmann::json::array()));
    // The install's links go; what they replaced (a file or another link) comes back.
    for (const auto& l : record.value("links", nlohmann::json::array())) {
        if (l.value("preexisting", false))
            continue;
        const std::string rel = l.at("path").get<std::string>();
        const std::string abs = join(toolkit.root, rel);
        const std::string target = l.at("target").get<std::string>();
        const ExistingNode now = toolkit.node(rel);
        Operation op{.kind = OpKind::RemoveLink, .path = abs};
        op.linkTarget = target;
        if (const auto backup = optString(l, "backup")) {
            if (toolkit.node(relativeTo(toolkit.root, *backup)).type == NodeType::Missing)
                plan.warnings.push_back({codes::kBackupMissing, *backup,
                                         "The backup " + *backup + " of what the link " + abs +
                                             " replaced is gone; the link is removed and it cannot be put back."});
            else
                op.source = *backup;
        }
        if (now.type != NodeType::Missing && !(now.type == NodeType::Symlink && now.linkTarget == target)) {
            plan.notes.push_back(abs + " is no longer the link the install made (-> " + target + "); left as it is");
            continue;
        }
        if (now.type == NodeType::Missing && op.source.empty()) {
            plan.notes.push_back(abs + " is already gone");
            continue;
        }
        plan.ops.push_back(op);
    }
    const auto dirs = record.value("created_directories", nlohmann::json::array());
    for (auto it = dirs.rbegin(); it != dirs.rend(); ++it) {
        const std::string rel = it->get<std::string>();
        if (toolkit.node(rel).type == NodeType::Directory)
            plan.ops.push_back({.kind = OpKind::RemoveDirectory, .path = join(toolkit.root, rel)});
    }

    if (record.contains("path") && !record.at("path").is_null()) {
        const nlohmann::json& p = record.at("path");
        const bool ld = p.at("mechanism").get<std::string>() == "ld.so.conf";
        const auto recordedBefore = optString(p, "before");
        const auto recordedAfter = optString(p, "after");
        if (!path.available) {
            plan.notes.push_back("the install changed " + p.at("location").get<std::string>() +
                                 " but it cannot be read here; left alone");
        } else if (ld) {
            if (path.value == recordedAfter) {
                Operation op{.kind = OpKind::PathChange, .path = path.location};
                op.mechanism = PathMechanism::LdSoConf;
                op.location = path.location;
                op.before = path.value;
                op.after = recordedBefore;
                plan.ops.push_back(op);
            } else {
                plan.notes.push_back(path.location + " was changed after the install; left as it is");
            }
        } else {
            addToolkitBinsRemoval(plan, p.at("edit"), path);
        }
    }

    Operation rec{.kind = OpKind::WriteRecord, .path = plan.recordPath};
    rec.previousRecord = record;
    if (record.contains("previous") && !record.at("previous").is_null())
        rec.record = record.at("previous");
    plan.ops.push_back(rec);

    // After the commit the install's own backups (now moved back) and set-aside files go; a
    // folder that still holds something of the user's stays (and is named in the notes).
    const std::string installBackup = record.value("backup_dir", std::string());
    if (!installBackup.empty() && !keepFolders.count(txFolderOf(installBackup)))
        plan.cleanup.push_back(parentInTree(installBackup));
    // A repair's folder also holds the damaged files it replaced (maybe the user's edits): kept.
    // A backup that is an empty file (a truncated DLL) holds nothing of anyone's: it goes with the
    // record, so that the toolkit ends as it was before the install. Its type and size are the
    // snapshot's (the record only says why the file was replaced, and a record can be edited); one
    // the snapshot did not see (or gone, which looks the same) keeps the folder, as before.
    for (const auto& r : repairs) {
        const std::string dir = r.at("backup_dir").get<std::string>();
        bool holdsReplaced = false;
        for (const auto& x : r.value("replaced", nlohmann::json::array())) {
            if (!x.contains("backup") || !x.at("backup").is_string() || x.at("backup").get<std::string>().empty())
                continue;
            const ExistingNode b = toolkit.node(relativeTo(toolkit.root, x.at("backup").get<std::string>()));
            const bool nothingOfAnyones = b.type == NodeType::File && b.size == 0;
            holdsReplaced = holdsReplaced || !nothingOfAnyones;
        }
        if (holdsReplaced || keepFolders.count(txFolderOf(dir)))
            plan.notes.push_back("what repair " + r.value("transaction", std::string()) +
                                 " set aside or replaced and is not restored stays in " + parentInTree(dir));
        else
            plan.cleanup.push_back(parentInTree(dir));
    }
    plan.cleanup.push_back(trash);
    plan.cleanup.push_back(plan.stagingDir);
    return plan;
}

}  // namespace cudnnsetup
