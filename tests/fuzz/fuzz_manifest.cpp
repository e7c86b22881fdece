// What NVIDIA's redist tree (or a mirror) returns: a redistrib_<version>.json (releases/manifest.h),
// given with --manifest, found beside the download or fetched by `download`, and the tree's index
// listing (download/redistindex.h). Any bytes give a manifest or a "bad-manifest" error, a list of
// labels, and a choice or a refusal (download/chooser.h), never a crash or an exception.
#include "detect/compat.h"
#include "download/chooser.h"
#include "download/redistindex.h"
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
