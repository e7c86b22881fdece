#pragma once
// Helpers shared by the plan builders (install/repair in plan.cpp, uninstall in planuninstall.cpp).

#include "common/casefold.h"
#include "common/text.h"
#include "install/plan.h"

#include <set>
#include <string>

namespace cudnnsetup::plandetail {

std::string fileNameOf(const std::string& rel);
std::string join(const std::string& dir, const std::string& rel);
Problem blocked(const std::string& abs, const std::string& what);
void initPlan(Plan& plan, PlanKind kind, const ToolkitState& toolkit, const PlanOptions& options);
void addWorkDirs(Plan& plan, const ToolkitState& toolkit);
nlohmann::json pathRecord(const Operation& op);
void addParentDirs(Plan& plan, const ToolkitState& toolkit, const std::string& rel, std::set<std::string>& planned);
// linuxplan.cpp
void addLinkOps(Plan& plan, const ArchiveInfo& archive, const ToolkitState& toolkit, std::set<std::string>& planned,
                std::vector<Operation>& ops, nlohmann::json& record);
void addLinkRepairs(Plan& plan, const ToolkitState& toolkit, std::vector<Operation>& ops);
void refusePackageFiles(Plan& plan, const ToolkitState& toolkit);
nlohmann::json releaseJson(const ArchiveInfo& a);
// The op that places archive file `f` at `abs` from the staging folder; `backup`: the file there
// is kept in the backup folder first.
Operation placeFileOp(const Plan& plan, const ArchiveFile& f, const std::string& abs, bool backup);
// The lists and links of an install's or repair's record (installRecord).
struct RecordLists {
    nlohmann::json files = nlohmann::json::array();
    nlohmann::json links = nlohmann::json::array();
    nlohmann::json removed = nlohmann::json::array();
    nlohmann::json created = nlohmann::json::array();  // "created_directories"
    nlohmann::json path = nullptr;                      // pathRecord of the PATH change, or null
    nlohmann::json previous = nullptr;                  // the record this one replaces, or null
};
// The record an install or repair writes (format 1): the toolkit, the archive and release, and lists.
nlohmann::json installRecord(const Plan& plan, PlanKind kind, const ToolkitState& toolkit, const PlanOptions& options,
                             const ArchiveInfo& archive, const RecordLists& lists);
// plannvidia.cpp (an NVIDIA cuDNN root, options.nvidiaLayout set)
// An install that must not go ahead (NVIDIA's own files in the variant folder, another variant
// recorded): the plan saying so (no ops); nullopt: plan the merge.
std::optional<Plan> nvidiaInstallVerdict(const ArchiveInfo& archive, const ToolkitState& toolkit,
                                         const PlanOptions& options);
// Repair of NVIDIA's own install (no record): only missing, zero-byte and damaged files.
Plan planNvidiaRepair(const ArchiveInfo& archive, const ToolkitState& toolkit, const PlanOptions& options);

}  // namespace cudnnsetup::plandetail
