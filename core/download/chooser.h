#pragma once
// Which cuDNN archive of NVIDIA's redist tree fits a toolkit (or a CUDA major) and the installed
// driver: the newest release whose support data covers the toolkit's CUDA version, in the variant
// of its CUDA major, for the platform, whose driver floor the driver meets; each choice with its
// reason in one sentence (issue 26). Pure data in, data out: the manifests come from the network,
// a mirror or a test, the rules from resources/compat.json.

#include "common/problem.h"
#include "detect/compat.h"
#include "releases/manifest.h"
#include "releases/releases.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

// One downloadable archive: a cuDNN release built for one CUDA major on one platform.
struct Candidate {
    Version cudnn;
    int cudaMajor = 0;        // the variant ("cuda12"), or the archive name's "_cuda12" in the direct form
    ManifestEntry entry;      // where it is, its SHA-256 and size
    std::string manifest;     // the manifest it was listed in (its source name)
};

// Every cuDNN archive the manifests list, newest release first (then the higher CUDA major);
// entries whose version or CUDA major cannot be read are left out.
std::vector<Candidate> candidatesFrom(const std::vector<Manifest>& manifests);

struct ChoiceRequest {
    std::string platform;                 // "windows-x86_64", "linux-x86_64", "linux-sbsa"
    std::optional<Version> toolkitCuda;   // the toolkit's CUDA version (major.minor), or
    std::optional<int> cudaMajor;         // only a major (--cuda 12)
    std::optional<std::string> driver;    // the installed driver ("551.61"); none when there is none
    std::string release;                  // "" (the newest), "9.13", "9.13.0" or "9.13.0.50"
};

// Does `release` ("9.13", "9.13.0.50") name this version? Every part given must be equal.
bool releaseMatches(const std::string& release, const Version& cudnn);

struct Choice {
    Candidate candidate;
    std::string reason;                   // one sentence for a person
    // Newer archives of the platform and variant passed over, each with why (for --json and the log).
    std::vector<std::string> passedOver;
};

// The archive to download, or why there is none (code "no-matching-release" or "driver-too-old",
// a message that says what would help).
Result<Choice> chooseArchive(const ChoiceRequest& request, const std::vector<Candidate>& candidates,
                             const CompatRules& rules);

}  // namespace cudnnsetup
