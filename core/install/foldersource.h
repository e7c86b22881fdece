#pragma once
// "Use this cuDNN" by merging (issue 27): one variant of NVIDIA's installer tree (install/nvidiaroot.h)
// as the source of an install into a CUDA toolkit, in place of a zip. The variant is described as an
// ArchiveInfo, so the plan (planInstall: only cuDNN files, backups, the record, PATH, the CUDA-major
// and package-owned rules), the engine, uninstall and repair are the zip's, unchanged; only where the
// bytes come from differs: a staging source that copies from the folder instead of inflating.
//
// The folder is read here, never trusted from elsewhere: each file through one handle with no link
// followed (platform/openedfile.h; a link inside the variant's folders is refused), its size, CRC-32
// and SHA-256 from that one read. The "archive" SHA-256 is a digest over the variant's listing (each
// entry, size and SHA-256), which staging computes again from its own reads: a file changed between
// the plan and the copy is "archive-changed", nothing installed.

#include "common/problem.h"
#include "install/engine.h"
#include "install/plan.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cudnnsetup {

// ArchiveInfo::authenticity of a variant folder of NVIDIA's installer (the record says it too).
inline constexpr const char* kNvidiaInstallerSource = "nvidia-installer";
bool isNvidiaFolderSource(const ArchiveInfo& archive);

// root: a canonical NVIDIA cuDNN root, binDir one of its variant bin folders (both checked by the
// caller, install/nvidiaroot.h). The variant's bin/<cuda>[/x64]/*, include/<cuda>/* and
// lib/<cuda>/x64/* with toolkit targets as a zip of that CUDA major places them (bin, bin/x64 for
// CUDA 13 on; include; lib/x64); entries are root-relative ("bin/12.9/x64/cudnn64_9.dll"), `path`
// the bin folder, folders.root the root. The release and CUDA major are detect's reading of the
// files (detect/cudnninspect.h). Refused: a link or anything not a plain file in those folders
// ("unsafe-path"), and a variant detect calls damaged or mixed (zero-size, damaged-file,
// version-mismatch, missing-file: the file named, the fix "repair NVIDIA's install or reinstall it").
Result<ArchiveInfo> describeNvidiaVariant(const std::string& root, const std::string& binDir);

// The one mapping of a variant's entry (root-relative, `folders` as describeNvidiaVariant sets them)
// to its toolkit target: bin/<cuda>[/x64]/x -> bin/x (bin/x64/x for CUDA 13 on, as that major's zip
// has it), include/<cuda>/x -> include/x, lib/<cuda>/x64/x -> lib/x64/x; nullopt for anything else
// (deeper, or outside those folders). The plan's invariants (install/trust.h) check targets with it.
std::optional<std::string> nvidiaVariantTargetFor(std::string_view entry, const ArchiveFolders& folders);

// Copies each PlaceFile's entry from plan.archive (a variant described above) into staging, checking
// its size and CRC-32, and re-reads every listed file for the listing digest.
std::unique_ptr<StagingSource> makeFolderStagingSource();

}  // namespace cudnnsetup
