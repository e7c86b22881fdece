#pragma once
// Install from a zip into NVIDIA's layout (issue 27): where each file of a Windows cuDNN 9 zip goes
// under an NVIDIA cuDNN root (install/nvidiaroot.h) so that the tree looks exactly as NVIDIA's exe
// installer leaves it for that release: bin\<cuda x.y>[\x64], include\<cuda x.y>, lib\<cuda x.y>\x64.
// Which <cuda x.y> folder a release's CUDA major gets and whether bin has x64 are facts about
// NVIDIA's installer, kept as data (resources/catalog/nvidia_layout.tsv -> resources/nvidialayout.json,
// generate.py), never guessed: a release the table lacks copies the shape of the variant of the same
// CUDA major already under the root, or is refused. Pure functions: no disk.

#include "common/problem.h"
#include "install/plan.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

// NvidiaVariantLayout (the variant folder set) is in install/plan.h: plans carry it.

// A row of resources/nvidialayout.json.
struct NvidiaLayoutRow {
    std::string cudnn;  // "9.19" (the v9.x folder's name without the v)
    int cudaMajor = 0;
    std::string folder;  // "12.9"
    bool binX64 = false;
    std::string source;
};
// The embedded table (resources/nvidialayout.json); empty when it cannot be read.
const std::vector<NvidiaLayoutRow>& nvidiaLayoutTable();
// The same from a text (tests); rows that do not have the table's shape are skipped.
std::vector<NvidiaLayoutRow> parseNvidiaLayoutTable(std::string_view json);

// A variant already under the root (detect's findVariants, install/nvidiaroot.h nvidiaVariantsOf).
struct PresentNvidiaVariant {
    std::string cuda;  // its folder name under bin ("12.9")
    bool binX64 = false;
    std::optional<int> cudaMajor;  // the build's own CUDA major when detect knows it, else the folder's
    std::string version;           // its cuDNN version as detect reads it ("9.19.0"), "" when unknown
};

// The variant folders a zip of cuDNN `cudnn` ("9.19.0.56") built for `cudaMajor` goes into:
// a variant of that CUDA major already under the root (`present`: NVIDIA made that shape on this
// machine, and two variants of one major side by side would only compete on PATH), else the
// table's row for the release's major.minor and that major. Errors: "nvidia-layout-unknown"
// (neither; the message names the fix), "not-a-toolkit" (not cuDNN 9, CUDA major unknown).
// shownRoot: how messages name the root.
Result<NvidiaVariantLayout> nvidiaLayoutFor(const std::string& cudnn, std::optional<int> cudaMajor,
                                            const std::vector<PresentNvidiaVariant>& present,
                                            const std::string& shownRoot,
                                            const std::vector<NvidiaLayoutRow>& table = nvidiaLayoutTable());

// A toolkit target as toolkitTargetFor makes it (bin/x, bin/x64/x, include/x, lib/x64/x) moved into
// the variant's folders: bin/<cuda>[/x64]/x, include/<cuda>/x, lib/<cuda>/x64/x. nullopt for anything
// else (nothing of a zip goes elsewhere in NVIDIA's tree).
std::optional<std::string> nvidiaTargetFor(std::string_view toolkitTarget, const NvidiaVariantLayout& layout);

// Every file of `archive` (a Windows zip, targets from toolkitTargetFor) moved with nvidiaTargetFor;
// one that has no place there joins notPlaced. The archive's own identity (hash, entries) is kept.
void mapIntoNvidiaLayout(ArchiveInfo& archive, const NvidiaVariantLayout& layout);

// The variant a root-relative folder names: "bin/12.9/x64" -> {12.9, x64}, "bin/12.6" -> {12.6};
// nullopt for any other shape.
std::optional<NvidiaVariantLayout> nvidiaLayoutOfBin(std::string_view rootRelativeBin);

// Record field "nvidia_layout" ({"cuda": "12.9", "bin_x64": true}) and back (nullopt: not that shape).
nlohmann::json toJson(const NvidiaVariantLayout& layout);
std::optional<NvidiaVariantLayout> nvidiaLayoutFromJson(const nlohmann::json& j);

}  // namespace cudnnsetup
