#pragma once
// Reads what the plan needs to know about a toolkit: the type of each path it asks
// about, every cuDNN file in the cuDNN folders (with size, CRC-32 and SHA-256), and
// the install record. The plan itself never touches the disk.

#include "detect/packageowners.h"
#include "install/fileops.h"
#include "install/plan.h"

#include <string>
#include <vector>

namespace cudnnsetup {

inline constexpr const char* kDpkgInfoDir = "/var/lib/dpkg/info";

// The real folders of a Linux toolkit or prefix (links inside the root resolved): lib64,
// or what lib64 points to (lib, targets/x86_64-linux/lib), or targets/<arch>-linux/lib; the
// same for include. A folder that does not exist yet is lib64 / include.
LinuxFolders linuxFoldersOf(const std::string& canonicalRoot);

// `root` must already be absolute; it is made canonical ('/' separated, links resolved).
// dpkgInfoDir: where dpkg keeps its <package>.list files, rpmDbDir rpm's database; every path
// the plan asks about that a package owns is named in ToolkitState::packageOwners.
// nvidiaLayout: `root` is an NVIDIA cuDNN root and only that variant's folders (bin/<cuda>[/x64],
// include/<cuda>, lib/<cuda>/x64) are searched for cuDNN files, each DLL also by detect's damaged-
// file rule (ExistingNode::damage); nullopt: the record's "nvidia_layout" when it has one, else a
// toolkit's cuDNN folders (cudnnFolders()).
Result<ToolkitState> snapshotToolkit(const std::string& root, const std::vector<std::string>& relPaths,
                                     const std::string& stateDir,
                                     const std::string& dpkgInfoDir = kDpkgInfoDir,
                                     const std::string& rpmDbDir = kRpmDbDir,
                                     const std::optional<NvidiaVariantLayout>& nvidiaLayout = std::nullopt);

// Toolkit-relative paths a plan for `archive` (or for the toolkit's record) asks about.
std::vector<std::string> pathsOfInterest(const ArchiveInfo* archive, const nlohmann::json* record,
                                         const std::string& root);

Result<std::optional<nlohmann::json>> loadRecord(const std::string& path);

}  // namespace cudnnsetup
