// The Linux parts of planning: links as operations, the toolkit's real folders, and the
// refusal to touch what a package manager owns.
#include "common/problemcodes.h"
#include "install/plan.h"
#include "install/plan_p.h"

namespace cudnnsetup {

void placeInLinuxFolders(ArchiveInfo& archive, const LinuxFolders& folders)
{
    auto map = [&](std::string& target) {
        if (target.starts_with("lib64/") && folders.lib != "lib64")
            target = folders.lib + target.substr(5);
        else if (target.starts_with("include/") && folders.include != "include")
            target = folders.include + target.substr(7);
    };
    for (ArchiveFile& f : archive.files)
        map(f.target);
    for (ArchiveLink& l : archive.links)
        map(l.target);
}

std::optional<std::string> linuxTargetFor(std::string_view entry, const ArchiveFolders& archive,
                                          const LinuxFolders& folders)
{
    if (!entry.starts_with(archive.root))
        return std::nullopt;
    const std::string rel(entry.substr(archive.root.size()));
    auto below = [&](const std::string& dir) -> std::optional<std::string> {
        if (dir.empty() || !rel.starts_with(dir + "/"))
            return std::nullopt;
        const std::string name = rel.substr(dir.size() + 1);
        if (name.empty() || name.find('/') != std::string::npos)
            return std::nullopt;  // nothing NVIDIA ships sits deeper
        return name;
    };
    if (auto name = below(archive.include))
        return folders.include + "/" + *name;
    if (auto name = below(archive.lib))
        return folders.lib + "/" + *name;
    return std::nullopt;
}

Problems packageOwnedProblems(const Plan& plan, const ToolkitState& toolkit)
{
    Problems out;
    for (const Operation& op : plan.ops) {
        if (op.kind != OpKind::PlaceFile && op.kind != OpKind::PlaceLink && op.kind != OpKind::RemoveFile)
            continue;
        if (!op.path.starts_with(toolkit.root + "/"))
            continue;
        const std::string rel = op.path.substr(toolkit.root.size() + 1);
        const auto it = toolkit.packageOwners.find(rel);
        if (it == toolkit.packageOwners.end())
            continue;
        const std::string& pkg = it->second.package;
        const bool rpm = it->second.manager == "rpm";
        out.push_back(
            {codes::kPackageOwned, op.path,
             op.path + (rpm ? " belongs to the rpm package " : " belongs to the Debian package ") + pkg +
                 (rpm ? " (rpm)" : " (dpkg)") +
                 "; cudnn-setup never overwrites a package manager's files. Either keep that cuDNN and update it "
                 "with `" + (rpm ? "sudo dnf upgrade " : "sudo apt-get install --only-upgrade ") + pkg +
                 "`, or remove it first with `" + (rpm ? "sudo dnf remove " : "sudo apt-get remove ") + pkg +
                 "`" + (rpm ? " (or `sudo rpm -e " + pkg + "`)" : "") +
                 ", or install into another folder (e.g. --prefix /opt/cudnn)."});
    }
    return out;
}

void adoptArchiveLayout(ToolkitState& toolkit, const ArchiveInfo* archive)
{
    // A Linux tarball goes into a Linux toolkit, or into a standalone prefix (maybe still empty).
    if (archive && archive->isLinux() && toolkit.node("lib/x64").type != NodeType::Directory)
        toolkit.windowsLayout = false;
}

namespace plandetail {

void addLinkOps(Plan& plan, const ArchiveInfo& archive, const ToolkitState& toolkit, std::set<std::string>& planned,
                std::vector<Operation>& ops, nlohmann::json& record)
{
    for (const ArchiveLink& l : archive.links) {
        const std::string abs = join(toolkit.root, l.target);
        if (l.linkTarget.empty() || l.linkTarget.find('/') != std::string::npos || l.linkTarget == ".." ||
            l.linkTarget == ".") {
            // verify keeps links inside the archive; in a toolkit only a sibling name stays inside.
            plan.problems.push_back({codes::kUnsafeLink, abs,
                                     "The archive's link " + l.entry + " points to " + l.linkTarget +
                                         ", not to a file beside it; cudnn-setup only places such links."});
            continue;
        }
        addParentDirs(plan, toolkit, l.target, planned);
        const ExistingNode n = toolkit.node(l.target);
        if (n.type == NodeType::Directory) {
            plan.problems.push_back(blocked(abs, "is a folder where the link " + fileNameOf(l.target) + " must go"));
            continue;
        }
        if (n.type == NodeType::Other) {
            plan.problems.push_back(blocked(abs, "is not a regular file or link"));
            continue;
        }
        if (n.type == NodeType::Symlink && n.linkTarget == l.linkTarget) {
            plan.notes.push_back(abs + " already links to " + l.linkTarget + "; left as it is");
            record.push_back({{"path", l.target}, {"target", l.linkTarget}, {"backup", nullptr}, {"preexisting", true}});
            continue;
        }
        Operation op{.kind = OpKind::PlaceLink, .path = abs};
        op.entry = l.entry;
        op.linkTarget = l.linkTarget;
        if (n.type != NodeType::Missing)
            op.backup = join(plan.backupDir, l.target);
        record.push_back({{"path", l.target},
                          {"target", l.linkTarget},
                          {"backup", op.backup.empty() ? nlohmann::json(nullptr) : nlohmann::json(op.backup)},
                          {"preexisting", false}});
        ops.push_back(op);
    }
}

void addLinkRepairs(Plan& plan, const ToolkitState& toolkit, std::vector<Operation>& ops)
{
    if (!toolkit.record)
        return;
    for (const auto& l : toolkit.record->value("links", nlohmann::json::array())) {
        const std::string rel = l.at("path").get<std::string>();
        const std::string target = l.at("target").get<std::string>();
        const ExistingNode n = toolkit.node(rel);
        if (n.type == NodeType::Symlink && n.linkTarget == target)
            continue;
        const std::string abs = join(toolkit.root, rel);
        if (n.type == NodeType::Directory) {
            plan.problems.push_back(blocked(abs, "is a folder where a link must go"));
            continue;
        }
        Operation op{.kind = OpKind::PlaceLink, .path = abs};
        op.linkTarget = target;
        if (n.type != NodeType::Missing)
            op.backup = join(plan.backupDir, rel);
        plan.notes.push_back(abs + (n.type == NodeType::Missing ? " is missing" : " is not the recorded link") +
                             "; linked to " + target + " again");
        ops.push_back(op);
    }
}

void refusePackageFiles(Plan& plan, const ToolkitState& toolkit)
{
    for (Problem& p : packageOwnedProblems(plan, toolkit))
        plan.problems.push_back(std::move(p));
}

}  // namespace plandetail

}  // namespace cudnnsetup
