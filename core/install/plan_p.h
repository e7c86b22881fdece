#pragma once
// Helpers shared by the plan builders (install/repair in plan.cpp, uninstall in planuninstall.cpp).

#include "install/plan.h"

#include <set>
#include <string>

namespace cudnnsetup::plandetail {

std::string lower(std::string_view s);
std::string parentOf(const std::string& rel);
std::string fileNameOf(const std::string& rel);
std::string join(const std::string& dir, const std::string& rel);
Problem blocked(const std::string& abs, const std::string& what);
void initPlan(Plan& plan, PlanKind kind, const ToolkitState& toolkit, const PlanOptions& options);
void addWorkDirs(Plan& plan, const ToolkitState& toolkit);
nlohmann::json pathRecord(const Operation& op);

}  // namespace cudnnsetup::plandetail
