#pragma once
// The whole "get the right cuDNN" step the console tool and the wizard share: choose from a source
// (NVIDIA's redist, a mirror), then download and check it against its manifest and the catalog
// (issue 26). The licence is the caller's to ask about first (licence.h); the normal verify of the
// file (archive/verifier.h) follows in the caller, as for a zip the user brought.
#include "common/problem.h"
#include "common/progress.h"
#include "detect/frameworkcheck.h"
#include "download/downloader.h"
#include "download/redistsource.h"
#include "platform/environment.h"
#include <functional>
#include <string>
#include <vector>

namespace cudnnsetup {

// "windows-x86_64", "linux-x86_64" or "linux-sbsa": the platform this build runs on.
std::string hostPlatform();
// Where a download goes unless told: the user's Downloads folder (%USERPROFILE%\Downloads,
// $HOME/Downloads); the current folder when neither variable is set.
std::string defaultDownloadFolder(const Environment& env);

struct FetchRequest {
    ChoiceRequest choice;
    std::string mirror;              // "" (NVIDIA), an https:// address or a folder
    HttpOptions http;
    DownloadSettings download;       // folder, progress, cancel, log, retries
};

struct Fetched {
    SourceChoice chosen;
    std::string url;                 // where it came from
    Downloaded file;
};

// Chooses, then downloads. log (request.download.log) gets the manifests read and the retries.
Result<Fetched> fetchArchive(const FetchRequest& request, const CompatRules& rules);
// Downloads what chooseFromSource chose: the wizard shows the choice (release, reason, size) and
// asks for the licence before it downloads, so the two steps are apart there.
Result<Fetched> fetchChosen(RedistSource& source, SourceChoice chosen, const DownloadSettings& settings);

// What the download means for each framework detect found: one sentence each, e.g.
// "tensorflow 2.10.1 (conda env tf) needs cuDNN 8.1: this download (cuDNN 9.13.0.50) will not help it."
struct FrameworkFit {
    const FrameworkVerdict* framework = nullptr;
    bool helps = false;
    std::string sentence;
};
std::vector<FrameworkFit> frameworkFits(const Candidate& chosen, const std::vector<FrameworkVerdict>& frameworks);

}  // namespace cudnnsetup
