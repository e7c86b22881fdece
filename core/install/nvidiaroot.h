#pragma once
// The third kind of root a plan may name, besides a CUDA toolkit and a standalone prefix of ours:
// an NVIDIA cuDNN root, the v<major>.<minor> folder NVIDIA's exe installer makes
// (%ProgramFiles%\NVIDIA\CUDNN\v9.19, ../shared/reference/cudnn9-today.md §1-2). It holds one
// variant per CUDA version the release was built with, bin\<cuda> (v9.3: bin\12.6) or
// bin\<cuda>\x64 (9.1x on), and the installer puts none of them on PATH.
//
// One rule for everything that acts on such a root (`use`, its uninstall, the elevated helper,
// checkPlanInvariants; later an install of a zip into that layout): the root is recognised here,
// once, and its variants are the ones detect finds (detect/nvidialayout.h findVariants), never a
// second reading of the tree.

#include "common/problem.h"
#include "install/nvidiamapping.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

// "not-a-toolkit" (the code every refused install root has) unless `root` is a canonical absolute
// folder (no link on the way, no . or ..; '/' separated as utf8Of writes it), with no character
// that could split or expand a PATH entry (; % " control characters), whose last three
// components are NVIDIA/CUDNN/v<digits>.<digits> (case-insensitive) and which holds at least one
// variant (bin/<x.y>[/x64] with cudnn64_<N>.dll). On Windows it must also lie directly in
// %ProgramFiles% (programFiles: that folder; nullopt: the host's); elsewhere any parent will do
// (tests build the tree in a temporary folder).
std::optional<Problem> checkNvidiaCudnnRoot(const std::string& root,
                                            const std::optional<std::string>& programFiles = std::nullopt);
bool isNvidiaCudnnRoot(const std::string& root);
// The same rule without the variant: the root of an install of ours (install --nvidia-layout, whose
// record names it) or an emptied v9.x folder.
std::optional<Problem> checkNvidiaRootShape(const std::string& root,
                                            const std::optional<std::string>& programFiles = std::nullopt);
// install --nvidia-layout into a root that does not exist yet: a plain absolute path (no . or ..,
// '/' separated) named .../NVIDIA/CUDNN/v<digits>.<digits> (in %ProgramFiles% on Windows), without
// PATH-splitting characters, whose missing part is at most NVIDIA/CUDNN/v9.x and whose nearest
// existing folder is reached with no link followed. The folders to make, outermost first;
// "not-a-toolkit" when not. (Who may write that folder is the elevated side's own check.)
Result<std::vector<std::string>> checkNewNvidiaRoot(const std::string& root,
                                                    const std::optional<std::string>& programFiles = std::nullopt);

// The root's variants as install --nvidia-layout copies their shape (install/nvidiamapping.h).
std::vector<PresentNvidiaVariant> nvidiaVariantsOf(const std::string& root);

// The root's variant bin folders as detect finds them: canonical, '/' separated, sorted.
std::vector<std::string> nvidiaVariantBins(const std::string& root);
// `folder` is exactly one of the root's variant bin folders (compared as the file system does:
// case-insensitively on Windows), with no link in it.
bool isNvidiaVariantBin(const std::string& root, const std::string& folder);

// How a folder goes on the Windows PATH: '\' separated ("C:\Program Files\NVIDIA\CUDNN\v9.19\bin\12.9\x64").
std::string pathEntryOf(const std::string& folder);

// The elevated side's extra rule for a variant folder it puts on the system PATH: the folder, the
// root and their parents changeable by administrators only (platform/folderaccess.h
// writableByNonAdmins) and the folder reached with no link followed. "search-path-writable" or
// "not-a-toolkit" when not; the helper refuses with it, a user's own run warns.
std::optional<Problem> checkNvidiaVariantFolder(const std::string& root, const std::string& folder);

// The NVIDIA cuDNN root `dir` is or lies in (its canonical v9.x folder, by the name rule; not
// checked further), nullopt when there is none: `uninstall --cudnn-root` takes a variant folder too.
std::optional<std::string> nvidiaCudnnRootOf(const std::string& dir);

// What `use --cudnn-root DIR [--cuda X.Y]` names: the root and one variant.
struct NvidiaUseChoice {
    std::string root;       // canonical v9.x folder
    std::string binDir;     // canonical variant bin folder (what goes on PATH)
    std::string builtWith;  // "12.9"
    std::optional<int> cudaMajor;
};
// dir: the v9.x root or one of its variant bin folders (any spelling that resolves to it). cuda:
// a variant's folder name ("12.9"), "" to choose: the variant of toolkitMajor (the newest
// detected toolkit's CUDA major) when exactly one has it, else the only variant. Errors:
// "not-a-toolkit" (not in an NVIDIA root, or a folder of it that holds no DLL, e.g. v9.7\bin:
// the message names the folders to use), "variant-ambiguous" (several, none chosen: listed).
Result<NvidiaUseChoice> chooseNvidiaVariant(const std::string& dir, const std::string& cuda,
                                            std::optional<int> toolkitMajor);

}  // namespace cudnnsetup
