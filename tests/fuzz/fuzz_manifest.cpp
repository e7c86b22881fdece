// What NVIDIA's redist tree (or a mirror) returns: a redistrib_<version>.json (releases/manifest.h),
// given with --manifest, found beside the download or fetched by `download`, and the tree's index
// listing (download/redistindex.h). Any bytes give a manifest or a "bad-manifest" error, a list of
// labels, and a choice or a refusal (download/chooser.h), never a crash or an exception. The same
// bytes as what a server's headers say (Content-Range, Retry-After, a Location to resolve) and as a
// manifest's relative_path (download/redistsource.h: only paths inside the tree are located).
#include "detect/compat.h"
#include "download/chooser.h"
#include "download/httpclient.h"
#include "download/redistindex.h"
#include "download/redistsource.h"
#include "releases/manifest.h"

#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace cudnnsetup;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    // The same bytes as an index listing: every label names a release, newest first, once.
    const auto labels = redistIndexLabels(text);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto v = Version::parse(labels[i]);
        if (!v || text.find(manifestFileName(labels[i])) == std::string_view::npos)
            std::abort();
        if (i > 0 && !(*v < *Version::parse(labels[i - 1])))
            std::abort();
    }

    // As header values: a range is inside its total, a wait is at most a day.
    std::uint64_t start = 0;
    std::optional<std::uint64_t> total;
    if (parseContentRange(text, start, total) && total && start >= *total)
        std::abort();
    if (const auto wait = parseRetryAfter(text, 1'800'000'000); wait && (*wait < 0 || *wait > 86400))
        std::abort();
    const std::string reference(text.substr(0, 4096));
    const std::string resolved = resolveUrl("https://a.example/compute/cudnn/redist/x.json", reference);
    if (reference.find("://") == std::string::npos && reference.rfind("//", 0) != 0 &&
        resolved.rfind("https://a.example/", 0) != 0)
        std::abort();  // a relative Location never leaves the server it came from
    // As a manifest's relative_path: located only inside the tree, never above it.
    RedistSource source("https://mirror.example/redist/", false, nullptr);
    if (const auto located = source.locate(reference)) {
        const std::string& url = located.value();
        if (url.rfind("https://mirror.example/redist/", 0) != 0 || url.find("/../") != std::string::npos ||
            url.find('\\') != std::string::npos || url.ends_with("/.."))
            std::abort();
    }

    auto m = parseManifest(text, "fuzz.json");
    if (!m) {
        if (m.error().code != "bad-manifest")
            std::abort();
        return 0;
    }
    for (const auto& e : m->entries) {
        (void)e.fileName();
        if (m->findByFileName(e.fileName()) == nullptr && !e.fileName().empty())
            std::abort();  // every entry is found by its own name
    }
    // Whatever the manifest lists, a choice is one of its archives, for the platform and major asked.
    const auto candidates = candidatesFrom({*m});
    for (const char* platform : {"windows-x86_64", "linux-x86_64"}) {
        ChoiceRequest request;
        request.platform = platform;
        request.toolkitCuda = Version{12, 4, 0, -1};
        request.driver = "551.61";
        const auto choice = chooseArchive(request, candidates, CompatRules::builtin());
        if (choice.ok() && (choice->candidate.entry.platform != platform || choice->candidate.cudaMajor != 12 ||
                            m->findByFileName(choice->candidate.entry.fileName()) == nullptr))
            std::abort();
        if (!choice.ok() && choice.error().code != "no-matching-release")
            std::abort();
    }
    return 0;
}
