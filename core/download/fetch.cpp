#include "download/fetch.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "releases/releases.h"

#include <cctype>
#include <cstdlib>

namespace cudnnsetup {

namespace {

std::string who(const FrameworkVerdict& f)
{
    return f.package + " " + f.version + " (" + (f.environmentKind.empty() ? "" : f.environmentKind + " ") +
           f.environment + ")";
}

// "8.1", "9.x", "12.x", "11.2" -> its major, when it has one.
std::optional<int> majorOf(const std::optional<std::string>& text)
{
    if (!text || text->empty() || !std::isdigit(static_cast<unsigned char>(text->front())))
        return std::nullopt;
    return std::atoi(text->c_str());
}

}  // namespace

std::string hostPlatform()
{
#if defined(_WIN32)
    return "windows-x86_64";
#elif defined(__aarch64__)
    return "linux-sbsa";
#else
    return "linux-x86_64";
#endif
}

std::string defaultDownloadFolder(const Environment& env)
{
    for (const char* home : {"USERPROFILE", "HOME"})
        if (const auto dir = env.get(home); dir && !dir->empty())
            return utf8Of(pathOf(*dir) / "Downloads");
    return ".";
}

Result<Fetched> fetchArchive(const FetchRequest& request, const CompatRules& rules)
{
    auto source = RedistSource::open(request.mirror, request.http);
    if (!source)
        return source.error();
    (*source)->setCatalog(request.download.catalog);
    auto chosen = chooseFromSource(**source, request.choice, rules, request.download.log);
    if (!chosen)
        return chosen.error();
    return fetchChosen(**source, std::move(chosen.value()), request.download);
}

Result<Fetched> fetchChosen(RedistSource& source, SourceChoice chosen, const DownloadSettings& settings)
{
    const ManifestEntry& entry = chosen.choice.candidate.entry;
    auto url = chosen.url.empty() ? source.locate(entry.relativePath) : Result<std::string>(chosen.url);
    if (!url)
        return url.error();
    DownloadItem item;
    item.url = url.value();
    item.fileName = entry.fileName();
    item.size = entry.size.value_or(0);
    // Only a release before 8.5 can come without a size (its catalog row): the server tells it,
    // for the transfer; the bytes are judged by the catalog's SHA-256 alone.
    if (!entry.size) {
        auto size = remoteSize(source.client(), item.url);
        if (!size)
            return size.error();
        item.size = size.value();
    }
    item.sha256 = entry.sha256;
    item.manifest = chosen.manifest.source;
    auto file = downloadArchive(source.client(), item, settings);
    if (!file)
        return file.error();
    return Fetched{std::move(chosen), item.url, std::move(file.value())};
}

std::vector<FrameworkFit> frameworkFits(const Candidate& chosen, const std::vector<FrameworkVerdict>& frameworks)
{
    std::vector<FrameworkFit> fits;
    const std::string download = "this download (cuDNN " + chosen.cudnn.toString() + " for CUDA " +
                                 std::to_string(chosen.cudaMajor) + ")";
    for (const auto& f : frameworks) {
        FrameworkFit fit;
        fit.framework = &f;
        const auto cudnnMajor = majorOf(f.needs.cudnn);
        const auto cudaMajor = majorOf(f.needs.cuda);
        if (f.needs.noGpu) {
            fit.sentence = who(f) + " runs on the CPU only here: no cuDNN helps it" +
                           (f.needs.alternative.empty() ? std::string(".") : " (" + f.needs.alternative + ").");
        } else if (f.needs.bundled) {
            fit.sentence = who(f) + " brings its own cuDNN and loads that one: " + download + " does not change it.";
        } else if (cudnnMajor && *cudnnMajor != chosen.cudnn.major) {
            fit.sentence = who(f) + " needs cuDNN " + *f.needs.cudnn + ": " + download + " will not help it.";
        } else if (cudaMajor && *cudaMajor != chosen.cudaMajor) {
            fit.sentence = who(f) + " is built for CUDA " + *f.needs.cuda + ": " + download + " will not help it.";
        } else if (cudnnMajor) {
            fit.helps = true;
            fit.sentence = who(f) + " needs cuDNN " + *f.needs.cudnn +
                           (f.needs.cuda ? " for CUDA " + *f.needs.cuda : std::string()) + ": " + download +
                           " fits it, once it is where it looks for cuDNN (" +
                           (f.loadsVia.empty() ? std::string("the toolkit on PATH") : f.loadsVia) + ").";
        } else {
            fit.sentence = who(f) + ": what it needs is not known, so whether " + download + " helps it is not known.";
        }
        fits.push_back(std::move(fit));
    }
    return fits;
}

}  // namespace cudnnsetup
