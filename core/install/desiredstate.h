#pragma once
// A machine's desired cuDNN state, as a fleet writes it once for a thousand machines
// (`cudnn-setup-cli apply --config FILE`; docs/apply.md; the schema in docs/apply-config.schema.json):
// which cuDNN, from where, into which toolkits, PATH or not, and what to do with an older cuDNN
// found there. Pure: the file's text in, the decisions out; the command line does the acts.

#include "common/problem.h"
#include "detect/model.h"
#include "releases/releases.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct DesiredState {
    // "newest" (the newest release that fits each toolkit and the driver) or a release: "9.13",
    // "9.13.0", "9.13.0.50".
    std::string cudnn = "newest";
    enum class Source { Nvidia, Mirror, Archive };
    Source source = Source::Nvidia;
    std::string mirror;   // Mirror: an https:// address or a folder laid out like NVIDIA's tree
    std::string caFile;   // Mirror (Linux): the CA of its certificate
    std::string archive;  // Archive: the cuDNN archive's path
    std::string sha256;   // Archive: its SHA-256 (required: a fleet never installs what it cannot check)
    // Which toolkits: "newest" (the highest CUDA version detect finds), "all", "cuda N.x" (every
    // toolkit of that CUDA major), or paths.
    std::string toolkits = "newest";
    std::vector<std::string> toolkitPaths;
    bool path = true;               // put the toolkit's bin folder on the system PATH (Linux: ld.so.conf.d)
    bool replaceOlder = true;       // "older_cudnn": "replace" (true) or "report" (leave it, and fail)
    bool acceptLicense = false;     // NVIDIA's cuDNN licence, for a download (recorded with the date)
    std::string downloadTo;         // where a download goes (default: the state folder's downloads)
};

// The config file's text; file names it in errors. "usage" naming the field and what it may be.
Result<DesiredState> parseDesiredState(const std::string& text, const std::string& file);

// The toolkits the state is about, among those detect found (in detect's order); "usage" when
// none matches, or a path given is not a toolkit detect found.
Result<std::vector<const Toolkit*>> desiredToolkits(const DesiredState& state, const std::vector<Toolkit>& found);

// Where one toolkit stands against the release it should have.
enum class Standing {
    InState,         // that release, complete
    Missing,         // no cuDNN
    Older,           // an older release
    Other,           // a newer or unknown release, or an incomplete / damaged install
};
Standing standingOf(const Toolkit& toolkit, const Version& wanted);
// "in the desired state", "no cuDNN", "an older cuDNN (9.1.0)", ...
std::string standingText(Standing standing, const Toolkit& toolkit);

}  // namespace cudnnsetup
