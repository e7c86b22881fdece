#pragma once
// Reads what the plan needs to know about a toolkit: the type of each path it asks
// about, every cuDNN file in the cuDNN folders (with size, CRC-32 and SHA-256), and
// the install record. The plan itself never touches the disk.

#include "install/fileops.h"
#include "install/plan.h"

#include <string>
#include <vector>

namespace cudnnsetup {

// `root` must already be absolute; it is made canonical ('/' separated, links resolved).
Result<ToolkitState> snapshotToolkit(const std::string& root, const std::vector<std::string>& relPaths,
                                     const std::string& stateDir);

// Toolkit-relative paths a plan for `archive` (or for the toolkit's record) asks about.
std::vector<std::string> pathsOfInterest(const ArchiveInfo* archive, const nlohmann::json* record,
                                         const std::string& root);

Result<std::optional<nlohmann::json>> loadRecord(const std::string& path);

}  // namespace cudnnsetup
