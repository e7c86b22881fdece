#include "download/chooser.h"

#include "common/problemcodes.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace cudnnsetup {

namespace {

// "cuda12" -> 12; the direct form's archive name "..._cuda11-archive.zip" -> 11.
std::optional<int> variantMajor(const ManifestEntry& e)
{
    std::string_view digits;
    if (e.variant.rfind("cuda", 0) == 0)
        digits = std::string_view(e.variant).substr(4);
    std::string fromName;
    if (digits.empty()) {
        const NameInfo info = parseArchiveName(e.fileName());
        if (!info.cuda)
            return std::nullopt;
        fromName = info.cuda->substr(0, info.cuda->find('.'));
        digits = fromName;
    }
    int major = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), major);
    if (ec != std::errc() || end != digits.data() + digits.size() || major <= 0)
        return std::nullopt;
    return major;
}

// How many numbers a release names ("9.13" two, "9.13.0.50" four), 0 when it is not a release:
// the numbers themselves are read by Version::parse, as everywhere else.
std::size_t releasePartCount(const std::string& release)
{
    if (!isReleaseText(release))
        return 0;
    return std::size_t(std::count(release.begin(), release.end(), '.')) + 1;
}

// major.minor only: a toolkit's 12.4.131 is CUDA 12.4 in the support data.
std::pair<int, int> majorMinor(const Version& v) { return {v.major, v.minor}; }

std::string osName(bool windows) { return windows ? "Windows" : "Linux"; }

}  // namespace

std::vector<Candidate> candidatesFrom(const std::vector<Manifest>& manifests)
{
    std::vector<Candidate> out;
    std::set<std::string> seen;  // 8.x is listed under a 3-part and a 4-part label alike
    for (const Manifest& m : manifests) {
        for (const ManifestEntry& e : m.entries) {
            if (e.component != "cudnn")
                continue;
            const auto version = Version::parse(e.version);
            const auto major = variantMajor(e);
            if (!version || !major || !seen.insert(e.platform + "/" + e.relativePath).second)
                continue;
            out.push_back({*version, *major, e, m.source});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
        if (a.cudnn != b.cudnn)
            return a.cudnn > b.cudnn;
        return a.cudaMajor > b.cudaMajor;
    });
    return out;
}

bool releaseMatches(const std::string& release, const Version& cudnn)
{
    const std::size_t n = releasePartCount(release);
    if (n == 0)
        return false;
    const Version named = *Version::parse(release);
    const int want[4] = {named.major, named.minor, named.patch, named.build};
    const int have[4] = {cudnn.major, cudnn.minor, cudnn.patch, cudnn.build};
    return std::equal(want, want + n, have);
}

Result<Choice> chooseArchive(const ChoiceRequest& request, const std::vector<Candidate>& candidates,
                             const CompatRules& rules)
{
    auto refuse = [](const char* code, std::string message) {
        return Error{code, std::move(message), {}};
    };
    if (!request.release.empty() && !isReleaseText(request.release))
        return refuse(codes::kNoMatchingRelease,
                      "\"" + request.release + "\" is not a cuDNN release: give two to four numbers, such as 9.13 or 9.13.0.50.");
    if (!request.toolkitCuda && !request.cudaMajor)
        return refuse(codes::kNoMatchingRelease,
                      "Say which CUDA the cuDNN is for: a toolkit folder (--toolkit DIR) or a CUDA major (--cuda 12).");
    const int major = request.toolkitCuda ? request.toolkitCuda->major : *request.cudaMajor;
    const bool windows = request.platform.rfind("windows", 0) == 0;
    const std::string which = request.release.empty() ? std::string("cuDNN") : "cuDNN " + request.release;

    std::vector<const Candidate*> named;
    bool platformListed = false;
    for (const Candidate& c : candidates) {
        if (c.entry.platform != request.platform)
            continue;
        platformListed = true;
        if (request.release.empty() || releaseMatches(request.release, c.cudnn))
            named.push_back(&c);
    }
    if (!platformListed)
        return refuse(codes::kNoMatchingRelease,
                      "NVIDIA's manifests list no cuDNN archive for " + request.platform + ".");
    if (named.empty())
        return refuse(codes::kNoMatchingRelease,
                      "NVIDIA's manifests list no " + which + " for " + request.platform +
                          ": name a release they list, or leave the release out for the newest.");

    const std::optional<std::string> floor = rules.minorFloor(major, windows);
    if (request.driver && floor && compareDriverVersions(*request.driver, *floor) < 0)
        return refuse(codes::kDriverTooOld,
                      "The installed driver " + *request.driver + " is older than " + *floor +
                          ", the oldest that runs a cuDNN built for CUDA " + std::to_string(major) + " on " +
                          osName(windows) + ": update the NVIDIA driver first (nvidia.com/drivers).");

    Choice choice;
    const Candidate* chosen = nullptr;
    std::string supports;
    bool anyOfMajor = false;
    for (const Candidate* c : named) {
        if (c->cudaMajor != major)
            continue;
        anyOfMajor = true;
        const auto builds = rules.buildsFor(c->cudnn);
        const auto build = std::find_if(builds.begin(), builds.end(),
                                        [major](const CudnnBuild& b) { return b.cudaMajor == major; });
        if (build == builds.end()) {
            choice.passedOver.push_back("cuDNN " + c->cudnn.toString() + " for CUDA " + std::to_string(major) +
                                        ": the built-in support data has no row for it");
            continue;
        }
        const std::string range = build->cudaMin + "–" + build->cudaMax;
        if (request.toolkitCuda) {
            const auto lo = parseCudaVersion(build->cudaMin), hi = parseCudaVersion(build->cudaMax);
            const auto t = majorMinor(*request.toolkitCuda);
            if (!lo || !hi || t < majorMinor(*lo) || majorMinor(*hi) < t) {
                choice.passedOver.push_back("cuDNN " + c->cudnn.toString() + " for CUDA " + std::to_string(major) +
                                            " supports CUDA " + range + ", not " + std::to_string(t.first) + "." +
                                            std::to_string(t.second));
                if (supports.empty())
                    supports = "the newest, " + c->cudnn.toString() + ", supports CUDA " + range;
                continue;
            }
        }
        chosen = c;
        supports = range;
        break;
    }
    if (!anyOfMajor)
        return refuse(codes::kNoMatchingRelease,
                      "NVIDIA's manifests list no " + which + " built for CUDA " + std::to_string(major) + " on " +
                          request.platform + ": install a CUDA toolkit of a major it is built for, or name another release.");
    if (!chosen) {
        const auto t = majorMinor(*request.toolkitCuda);
        return refuse(codes::kNoMatchingRelease,
                      "No " + which + " for CUDA " + std::to_string(major) + " on " + request.platform +
                          " supports CUDA " + std::to_string(t.first) + "." + std::to_string(t.second) + " (" + supports +
                          "): choose another release, or a toolkit of a CUDA version it supports.");
    }

    std::string reason = "cuDNN " + chosen->cudnn.toString() + " (built for CUDA " + std::to_string(major) +
                         ") is the newest " + (request.release.empty() ? std::string("release") : request.release + " release");
    if (request.toolkitCuda)
        reason += " whose support data covers CUDA " + std::to_string(request.toolkitCuda->major) + "." +
                  std::to_string(request.toolkitCuda->minor) + " (it supports " + supports + ")";
    else
        reason += " for CUDA " + std::to_string(major) + " (it supports " + supports + ")";
    if (!floor)
        reason += ", and NVIDIA publishes no minimum driver for CUDA " + std::to_string(major) + " on " + osName(windows) + ".";
    else if (!request.driver)
        reason += "; no NVIDIA driver was found: it will need " + *floor + " or newer.";
    else
        reason += ", and driver " + *request.driver + " meets its floor, " + *floor + ".";
    choice.candidate = *chosen;
    choice.reason = std::move(reason);
    return choice;
}

}  // namespace cudnnsetup
