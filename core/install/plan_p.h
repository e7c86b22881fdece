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

}  // namespace cudnnsetup::plandetail
