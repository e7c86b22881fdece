#pragma once
// The plan: a pure function of (verified archive, toolkit state, PATH state,
// options) -> operations with their undo data. Nothing here touches the disk, so
// every case (fresh, upgrade, reinstall, 9.x bin/x64, CUDA 13) is a table test.

#include "common/problem.h"
#include "detect/packageowners.h"
#include "install/operation.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

// One archive entry that the install places, already mapped into the toolkit.
struct ArchiveFile {
    std::string entry;    // normalised entry name in the zip ("cuda/bin/cudnn64_8.dll")
    std::string target;   // toolkit-relative, '/' separated ("bin/cudnn64_8.dll")
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
};

// Archive layout folder names (relative to the archive root) -> toolkit folders:
// bin -> bin, bin/x64 -> bin/x64, include -> include, lib and lib/x64 -> lib/x64
// (the 8.3-8.7 zips keep import libraries in lib/, the toolkit always in lib/x64).
struct ArchiveFolders {
    std::string root, bin, include, lib;
};
std::optional<std::string> toolkitTargetFor(std::string_view entry, const ArchiveFolders& folders);

// One variant folder set of an NVIDIA cuDNN root (install/nvidiaroot.h), the shape NVIDIA's exe
// installer makes for a release (install/nvidiamapping.h chooses it).
struct NvidiaVariantLayout {
    std::string cuda;     // the folder name: the CUDA version the variant was built with ("12.9")
    bool binX64 = false;  // the DLLs in bin\<cuda>\x64 (9.19 on) rather than bin\<cuda> (9.3)
    std::string source;   // where the shape comes from, for the report (not compared, not in the plan)
    // Root-relative, '/' separated: "bin/12.9/x64", "include/12.9", "lib/12.9/x64".
    std::string binDir() const;
    std::string includeDir() const;
    std::string libDir() const;
    bool operator==(const NvidiaVariantLayout& o) const { return cuda == o.cuda && binX64 == o.binX64; }
};

// A symbolic link of a Linux tarball (libcudnn.so -> libcudnn.so.9), mapped like a file.
struct ArchiveLink {
    std::string entry;       // normalised entry name
    std::string target;      // toolkit-relative path of the link itself
    std::string linkTarget;  // what it points to: a file name in the same folder
};

// Where a Linux toolkit keeps libraries and headers, as real folders (a CUDA toolkit from
// NVIDIA's runfile has lib64 -> targets/x86_64-linux/lib; a standalone prefix has neither).
struct LinuxFolders {
    std::string lib = "lib64";
    std::string include = "include";
};

struct ArchiveInfo {
    std::string path;             // as given
    ArchiveFolders folders;       // the layout the files were mapped with
    std::string sha256;           // of the whole file, from verify
    std::uint64_t size = 0;
    std::string authenticity;     // "official", ...
    std::string cudnn, cuda, platform;  // release
    std::vector<ArchiveFile> files;
    std::vector<ArchiveLink> links;      // Linux tarballs: the symlink chains
    std::vector<std::string> notPlaced;  // entries outside bin/include/lib (licence): listed, not copied
    // The CUDA major the build is for (VerifyResult::buildCudaMajor: catalog, its DLLs' imports, else
    // its name) and where that comes from; the plan refuses a toolkit of another major.
    std::optional<int> buildCudaMajor;
    std::string buildCudaSource;
    bool isLinux() const { return platform.rfind("linux", 0) == 0; }
};

// Linux tarball targets are made as "include/..." and "lib64/..."; this maps them into the
// toolkit's real folders (idempotent for targets already mapped).
void placeInLinuxFolders(ArchiveInfo& archive, const LinuxFolders& folders);
// A Linux tarball entry's toolkit target: <root>include/x -> include/x, <root>lib(64)/x ->
// lib64/x, each then mapped by `folders`; nullopt for anything else (the licence) or deeper.
std::optional<std::string> linuxTargetFor(std::string_view entry, const ArchiveFolders& archive,
                                          const LinuxFolders& folders);

enum class NodeType { Missing, File, Directory, Symlink, Other };

struct ExistingNode {
    NodeType type = NodeType::Missing;
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;      // files the plan may keep or repair: filled by the snapshot
    std::string sha256;
    std::string linkTarget;       // Symlink: where it points (not followed)
    // An NVIDIA root's DLL that detect's damaged-file rule calls damaged (all zeros, cut short, no
    // DLL at all; detect/cudnninspect.h libraryDamage): why. Empty otherwise, and for toolkits.
    std::string damage;
};

struct ToolkitState {
    std::string root;             // absolute, '/' separated, no trailing '/'
    bool windowsLayout = true;    // bin/*.dll, lib/x64 (vs lib64, *.so)
    // Every toolkit-relative path the plan asks about (targets, their parents, cuDNN files found).
    std::map<std::string, ExistingNode> nodes;
    std::vector<std::string> cudnnFiles;  // toolkit-relative cuDNN files found in bin, bin/x64, include, lib, lib/x64
    std::optional<nlohmann::json> record;  // this toolkit's install record, if any
    LinuxFolders linuxFolders;    // Linux toolkits: where libraries and headers really go
    // Toolkit-relative paths a package manager owns -> the package and its manager (never overwritten).
    std::map<std::string, PackageOwner> packageOwners;
    // The toolkit's CUDA version (version.json, version.txt, cuda_runtime_api.h; never nvcc), "13.0";
    // empty when unknown (a standalone prefix): then no CUDA major is compared.
    std::string cudaVersion;
    // An NVIDIA cuDNN root: the version detect reads from the files of the variant the plan is about
    // ("9.19.0"; cudnn_version.h or the main DLL), empty when unknown or when there are none.
    std::string cudnnVersion;
    ExistingNode node(const std::string& rel) const;
};

// The machine-wide search path as it is now, read before planning.
struct PathState {
    bool available = false;       // false: skip, with `note`
    std::string note;             // why it is skipped
    PathMechanism mechanism = PathMechanism::WindowsPath;
    std::string location;
    std::optional<std::string> value;  // raw value (PATH) or file content (ld.so.conf.d); nullopt: absent
    VariableLookup lookup;
};

struct PlanOptions {
    std::string stateDir;
    std::string transactionId;    // names the work folders; unique per transaction
    bool noPath = false;
    // --include-extra-files / the wizard's checkbox: also copy files under bin/include/lib that
    // are not part of the release (an official archive's are copied anyway).
    bool includeExtraFiles = false;
    // Install into a standalone prefix that does not exist yet (install/trust.h checkNewPrefix):
    // the plan's first steps write a record naming the prefix as created, then make the folder.
    bool newPrefix = false;
    // Install into / repair of an NVIDIA cuDNN root (install --nvidia-layout): the variant the archive's
    // files were mapped into (install/nvidiamapping.h). The plan only touches that variant's folders.
    std::optional<NvidiaVariantLayout> nvidiaLayout;
    // An NVIDIA root that does not exist yet: the folders to make, outermost first, absolute (the
    // missing ones of ...\NVIDIA, ...\NVIDIA\CUDNN, the root; install/nvidiaroot.h checkNewNvidiaRoot).
    std::vector<std::string> createFolders;
};

// What an install copies, one rule for the plan, the pre-stager, the elevated helper and the
// wizard: the release's own files (its file set in core/releases/releases.h, optional ones
// included); any other file under bin/include/lib only when the archive is official (its hash is
// in the catalog or the given manifest) or the user opted in -- and never over a file the toolkit
// already has, unless it is a cuDNN file.
bool isReleaseFileOf(const ArchiveInfo& archive, std::string_view fileName);
bool installsExtraFiles(const ArchiveInfo& archive, bool userOptIn);
// Could the archive entry be placed at all (under a bin, include or lib folder, or a cuDNN
// file name)? The pre-stager writes these while verifying, before the release is known.
bool mayBePlaced(std::string_view normalizedEntry);

// Use: put one variant bin folder of an NVIDIA cuDNN root (install/nvidiaroot.h) on the system PATH,
// recorded, copying nothing; its uninstall takes away only that entry.
enum class PlanKind { Install, Uninstall, Repair, Use };
std::string_view toString(PlanKind k);

struct Plan {
    PlanKind kind = PlanKind::Install;
    std::string toolkit;
    std::string stateDir;
    std::string transactionId;
    std::string workDir;          // <toolkit>/.cudnn-setup/<txid>: staging + backups, same file system
    std::string stagingDir;
    std::string backupDir;
    std::string recordPath;
    std::optional<ArchiveInfo> archive;
    bool includeExtraFiles = false;  // the user opted in (PlanOptions)
    // The root is a standalone prefix cudnn-setup made (or makes now): its record says
    // created_prefix, and the uninstall that removes the last record takes the folder away.
    bool standalonePrefix = false;
    // Use: the variant bin folder that goes on PATH (canonical, '/' separated) and whether ahead of
    // every entry (else at the end). Empty for the other kinds (their plans and digests as before).
    std::string useFolder;
    bool pathFirst = false;
    // Install / repair / uninstall in NVIDIA's layout: the variant whose folders the plan may touch
    // (from PlanOptions, or the record's "nvidia_layout"). nullopt for every other plan (as before).
    std::optional<NvidiaVariantLayout> nvidiaLayout;
    std::vector<Operation> ops;
    std::vector<std::string> notes;  // PATH skipped, unchanged files, licence not copied, ...
    Problems problems;               // the plan cannot be applied (exit 3, nothing changed)
    Problems warnings;
    // Removed after the commit, best effort: staging, an uninstalled record's backups.
    std::vector<std::string> cleanup;
};

nlohmann::json toJson(const Plan& plan);
// toJson(plan) without its "operations" (the journal writer adds them, each kept from its last write).
nlohmann::json planHeaderToJson(const Plan& plan);
Plan planFromJson(const nlohmann::json& j);  // throws nlohmann::json::exception
nlohmann::json toJson(const ArchiveInfo& a);
ArchiveInfo archiveInfoFromJson(const nlohmann::json& j);

// Where this toolkit's record lives: <stateDir>/records/<first 16 hex of SHA-256(toolkit)>.json
std::string recordPathFor(const std::string& stateDir, const std::string& toolkitRoot);
bool isCudnnFileName(std::string_view fileName);
// The toolkit folders that hold cuDNN files (for the snapshot and stray detection).
const std::vector<std::string>& cudnnFolders();

// options.nvidiaLayout: `toolkit` is an NVIDIA cuDNN root (maybe still to be made: createFolders)
// and the archive's targets are that variant's. Its folder holding cuDNN files the record does not
// list is NVIDIA's install: of the same release (toolkit.cudnnVersion) nothing to do (a note naming
// repair), of another one refused ("target-blocked"); a record of ours for another variant of the
// root is refused too (one recorded install per root). Records say "nvidia_layout" (and
// "created_root": the folders made, which the last uninstall takes away again when empty).
Plan planInstall(const ArchiveInfo& archive, const ToolkitState& toolkit, const PathState& path,
                 const PlanOptions& options);
Plan planUninstall(const ToolkitState& toolkit, const PathState& path, const PlanOptions& options);
// "Use this cuDNN": `root` is an NVIDIA cuDNN root (its state: root, record; nothing else is read),
// useFolder one of its variant bin folders (both checked by the caller: install/nvidiaroot.h). Ops:
// the record (kind "use", naming the folder and the position), then the PATH change adding exactly
// that folder: at the end, or with `first` ahead of every entry (moved there when it is on PATH
// already). No work folder, nothing copied. Already on PATH where asked: no ops (a note). PATH not
// available: a problem (wiring is nothing but the PATH change).
Plan planUse(const ToolkitState& root, const std::string& useFolder, bool first, const PathState& path,
             const PlanOptions& options);
// With a record: bring files back to it (`archive` must be the recorded one, or null when
// nothing needs its bytes). Without one: like an install over a hand-copied cuDNN; in an NVIDIA
// root (options.nvidiaLayout, NVIDIA's own install) only the variant's missing, zero-byte and
// damaged (ExistingNode::damage) files come from the archive, which must be of the same release
// (toolkit.cudnnVersion); everything else of NVIDIA's stays as it is (recorded: uninstall puts the
// damaged bytes back and takes away what was missing).
Plan planRepair(const std::optional<ArchiveInfo>& archive, const ToolkitState& toolkit, const PathState& path,
                const PlanOptions& options);

// package-owned for every step that would replace, move or set aside a file a package owns
// (the plan builders add them; the elevated helper checks a plan against its own snapshot).
Problems packageOwnedProblems(const Plan& plan, const ToolkitState& toolkit);
// A Linux archive makes the toolkit (or an empty prefix) a Linux one for PATH purposes.
void adoptArchiveLayout(ToolkitState& toolkit, const ArchiveInfo* archive);

// Files of the record that need the archive's bytes (missing, zero-byte, or not the recorded SHA-256).
std::vector<std::string> filesNeedingRepair(const ToolkitState& toolkit);

}  // namespace cudnnsetup
