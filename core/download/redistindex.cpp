#include "download/redistindex.h"

#include "releases/releases.h"

#include <algorithm>
#include <map>

namespace cudnnsetup {

std::vector<std::string> redistIndexLabels(std::string_view listing)
{
    static constexpr std::string_view kPrefix = "redistrib_", kSuffix = ".json";
    // One label per major.minor.patch; the one with the build number wins.
    std::map<Version, std::string> byRelease;
    for (std::size_t at = listing.find(kPrefix); at != std::string_view::npos; at = listing.find(kPrefix, at + 1)) {
        const std::size_t start = at + kPrefix.size();
        std::size_t end = start;
        while (end < listing.size() && end - start < 48 &&
               ((listing[end] >= '0' && listing[end] <= '9') || listing[end] == '.'))
            ++end;
        // The run of digits and dots took the dot of ".json" too.
        if (end == start || listing.substr(end - 1, kSuffix.size()) != kSuffix)
            continue;
        --end;
        std::string_view label = listing.substr(start, end - start);
        const auto version = Version::parse(label);  // two to four numbers, no empty part
        if (!version)
            continue;
        Version release = *version;
        release.build = -1;
        auto [it, added] = byRelease.emplace(release, std::string(label));
        if (!added && Version::parse(it->second)->build < version->build)
            it->second = std::string(label);
    }
    std::vector<std::string> labels;
    for (auto it = byRelease.rbegin(); it != byRelease.rend(); ++it)
        labels.push_back(it->second);
    return labels;
}

std::string manifestFileName(std::string_view label)
{
    return "redistrib_" + std::string(label) + ".json";
}

}  // namespace cudnnsetup
