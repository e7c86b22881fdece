#include "download/redistsource.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "download/folderclient.h"
#include "download/redistindex.h"
#include "releases/releases.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

constexpr std::size_t kLongestText = 8u << 20;  // an index or a manifest is a few kB
constexpr int kMostTextRedirects = 10;

class TextSink : public HttpSink {
public:
    bool onHead(const HttpHead& head) override
    {
        m_status = head.status;
        return true;
    }
    bool onData(const char* data, std::size_t size) override
    {
        if (m_text.size() + size > kLongestText)
            return false;
        m_text.append(data, size);
        return true;
    }
    int status() const { return m_status; }
    std::string& text() { return m_text; }

private:
    int m_status = 0;
    std::string m_text;
};

bool startsWithNoCase(const std::string& s, const char* prefix)
{
    const std::size_t n = std::char_traits<char>::length(prefix);
    if (s.size() < n)
        return false;
    for (std::size_t i = 0; i < n; ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i])
            return false;
    return true;
}

// Does a label ("9.13.0", "8.9.7.29") belong to the release asked for ("9.13", "9.13.0.50")?
// Every part both name must be equal.
bool labelFits(const std::string& label, const std::string& release)
{
    if (release.empty())
        return true;
    const auto a = Version::parse(label);
    const auto b = Version::parse(release);
    if (!a || !b)
        return false;
    const int parts = static_cast<int>(std::count(release.begin(), release.end(), '.')) + 1;
    const int labelParts = static_cast<int>(std::count(label.begin(), label.end(), '.')) + 1;
    const int common = std::min(parts, labelParts);
    return a->major == b->major && a->minor == b->minor && (common < 3 || a->patch == b->patch) &&
           (common < 4 || a->build == b->build);
}

}  // namespace

RedistSource::RedistSource(std::string base, bool folder, std::unique_ptr<HttpClient> client)
    : m_base(std::move(base)), m_folder(folder), m_client(std::move(client))
{
    if (m_base.empty() || m_base.back() != '/')
        m_base += '/';
}

Result<std::unique_ptr<RedistSource>> RedistSource::open(const std::string& where, const HttpOptions& options)
{
    if (where.empty())
        return std::make_unique<RedistSource>(kNvidiaRedist, false, makeHttpClient(options));
    if (startsWithNoCase(where, "https://"))
        return std::make_unique<RedistSource>(where, false, makeHttpClient(options));
    if (where.find("://") != std::string::npos)
        return Error{codes::kInsecureUrl,
                     "--mirror " + where + " is neither an https:// address nor a folder: cudnn-setup downloads only "
                     "over HTTPS (or copies from a folder laid out like NVIDIA's redist).",
                     ""};
    std::error_code ec;
    if (!fs::is_directory(pathOf(where), ec))
        return Error{codes::kIoError,
                     "--mirror " + where + " is not a folder: give the folder that holds the redistrib_<version>.json "
                     "manifests and the cudnn/ tree beside them (docs/download.md shows how to make one).",
                     ec ? ec.message() : std::string()};
    return std::make_unique<RedistSource>(utf8Of(fs::absolute(pathOf(where), ec)), true, makeFolderClient());
}

Result<std::string> RedistSource::locate(const std::string& relativePath) const
{
    if (relativePath.empty())
        return m_base;  // the tree's own index
    const bool leaves = relativePath.front() == '/' || relativePath.front() == '\\' ||
                        relativePath.find(':') != std::string::npos || relativePath.find('\\') != std::string::npos ||
                        relativePath == ".." || relativePath.rfind("../", 0) == 0 ||
                        relativePath.find("/../") != std::string::npos ||
                        (relativePath.size() >= 3 && relativePath.substr(relativePath.size() - 3) == "/..");
    if (leaves)
        return Error{codes::kBadManifest,
                     "A manifest of " + m_base + " names " + relativePath +
                         ", which is not a path inside the tree: the manifest is not NVIDIA's, or it is damaged.",
                     ""};
    return m_base + relativePath;
}

Result<std::string> RedistSource::fetchText(const std::string& relativePath)
{
    auto url = locate(relativePath);
    if (!url)
        return url.error();
    std::string at = url.value();
    for (int hop = 0; hop <= kMostTextRedirects; ++hop) {
        TextSink sink;
        auto got = m_client->get(HttpRequest{at, 0, ""}, sink);
        if (!got) {
            if (got.error().code == codes::kDownloadAborted)
                return Error{codes::kBadManifest, at + " is larger than a manifest or an index can be.", ""};
            return got.error();
        }
        const HttpHead& head = got.value();
        if (head.status >= 300 && head.status < 400 && !head.location.empty()) {
            if (!startsWithNoCase(head.location, "https://"))
                return Error{codes::kInsecureUrl,
                             at + " redirected to " + head.location +
                                 ", which is not an https:// address: cudnn-setup downloads only over HTTPS.",
                             ""};
            at = head.location;
            continue;
        }
        if (head.status != 200)
            return Error{codes::kHttpStatus, at + ": the server answered HTTP " + std::to_string(head.status) + ".", ""};
        return std::move(sink.text());
    }
    return Error{codes::kHttpStatus, url.value() + " redirected too often: the server or mirror is misconfigured.", ""};
}

Result<std::vector<std::string>> RedistSource::labels(bool& fromCatalog)
{
    fromCatalog = false;
    std::string listing;
    if (m_folder) {
        // A folder lists itself: its file names are what an HTML index would link.
        std::error_code ec;
        for (fs::directory_iterator it(pathOf(m_base), ec), end; !ec && it != end; it.increment(ec))
            listing += utf8Of(it->path().filename()) + "\n";
    } else if (auto page = fetchText("")) {
        listing = std::move(page.value());
    } else if (page.error().code == codes::kCertificateUntrusted || page.error().code == codes::kProxyAuthRequired ||
               page.error().code == codes::kInsecureUrl) {
        return page.error();  // the catalog's list would only defer the same refusal to the manifest
    }
    auto found = redistIndexLabels(listing);
    if (found.empty()) {
        fromCatalog = true;
        found = catalogLabels(catalog());
    }
    return found;
}

Result<Manifest> RedistSource::manifest(const std::string& label)
{
    const std::string name = manifestFileName(label);
    auto text = fetchText(name);
    if (!text)
        return text.error();
    return parseManifest(text.value(), m_base + name);
}

Manifest legacyManifest(const Catalog& catalog, const std::string& platform)
{
    Manifest m;
    m.source = "cudnn-setup's catalog (releases before 8.5)";
    for (const auto& e : catalog.entries()) {
        if (e.url.empty() || e.platform != platform)
            continue;
        ManifestEntry entry;
        entry.component = "cudnn";
        entry.version = e.cudnn;
        entry.platform = e.platform;
        entry.variant = "cuda" + e.cuda.substr(0, e.cuda.find('.'));
        entry.relativePath = "legacy/" + e.file;
        entry.sha256 = e.sha256;
        entry.size = e.size;
        m.entries.push_back(std::move(entry));
    }
    return m;
}

std::vector<std::string> catalogLabels(const Catalog& catalog)
{
    std::set<Version> releases;
    for (const auto& e : catalog.entries())
        if (auto v = Version::parse(e.cudnn); v && (v->major > 8 || (v->major == 8 && v->minor >= 5)))
            releases.insert(*v);
    std::vector<std::string> labels;
    for (auto it = releases.rbegin(); it != releases.rend(); ++it) {
        Version label = *it;
        if (label.major >= 9)
            label.build = -1;  // NVIDIA names 9.x manifests by major.minor.patch
        const std::string text = label.toString();
        if (std::find(labels.begin(), labels.end(), text) == labels.end())
            labels.push_back(text);
    }
    return labels;
}

Result<SourceChoice> chooseFromSource(RedistSource& source, const ChoiceRequest& request, const CompatRules& rules,
                                      const std::function<void(const std::string&)>& log)
{
    if (!request.release.empty() && !isReleaseText(request.release))
        return Error{codes::kNoMatchingRelease,
                     request.release + " is not a cuDNN release: give two to four numbers, such as 9.13 or 9.13.0.50.",
                     ""};
    bool fromCatalog = false;
    auto labels = source.labels(fromCatalog);
    if (!labels)
        return labels.error();
    if (fromCatalog && log)
        log("the index of " + source.base() + " could not be read; using the releases cudnn-setup's catalog knows");
    std::optional<Error> first;
    for (const auto& label : labels.value()) {
        if (!labelFits(label, request.release))
            continue;
        auto manifest = source.manifest(label);
        if (!manifest) {
            if (log)
                log("passed over " + label + ": " + manifest.error().message);
            if (manifest.error().code == codes::kCertificateUntrusted ||
                manifest.error().code == codes::kProxyAuthRequired || manifest.error().code == codes::kInsecureUrl ||
                manifest.error().code == codes::kNetworkUnreachable)
                return manifest.error();
            if (!first)
                first = manifest.error();
            continue;
        }
        const std::vector<Manifest> one{manifest.value()};
        auto choice = chooseArchive(request, candidatesFrom(one), rules);
        if (choice) {
            if (log)
                log("chose " + choice->candidate.entry.fileName() + " from " + manifest->source);
            return SourceChoice{std::move(choice.value()), std::move(manifest.value()), fromCatalog, {}};
        }
        if (choice.error().code == codes::kDriverTooOld)
            return choice.error();
        if (log)
            log("passed over " + label + ": " + choice.error().message);
        if (!first)
            first = choice.error();
    }
    // Before 8.5: only the catalog knows these files (name, SHA-256, NVIDIA's address). Asked for by
    // release, or from NVIDIA's own tree when no manifest fits (a CUDA 10 toolkit); a mirror without
    // a fitting manifest is not quietly answered with a release years older.
    const auto asked = Version::parse(request.release);
    const bool before85 = asked && (asked->major < 8 || (asked->major == 8 && asked->minor < 5));
    if ((before85 || (request.release.empty() && source.isNvidia())) &&
        (!first || first->code == codes::kNoMatchingRelease)) {
        const Manifest legacy = legacyManifest(source.catalog(), request.platform);
        const std::vector<Manifest> one{legacy};
        auto choice = legacy.entries.empty() ? Result<Choice>(Error{codes::kNoMatchingRelease, "", ""})
                                             : chooseArchive(request, candidatesFrom(one), rules);
        if (choice) {
            const std::string file = choice->candidate.entry.fileName();
            const CatalogEntry* known = source.catalog().findByFileName(file);
            choice->reason += " NVIDIA's redist tree has no manifest for releases before 8.5: this file is checked "
                              "against the SHA-256 in cudnn-setup's catalog (" +
                              (known ? known->source : std::string("catalog")) + ").";
            if (log)
                log("chose " + file + " from cudnn-setup's catalog (releases before 8.5)");
            SourceChoice chosen{std::move(choice.value()), legacy, false, {}};
            if (source.isNvidia() && known)
                chosen.url = known->url;
            return chosen;
        }
        if (choice.error().code == codes::kDriverTooOld)
            return choice.error();
        if (!first && !choice.error().message.empty())
            first = choice.error();
    }
    if (first)
        return *first;
    return Error{codes::kNoMatchingRelease,
                 source.base() + " lists no cuDNN release" +
                     (request.release.empty() ? std::string() : " " + request.release) +
                     ": check the release, or the mirror's contents.",
                 ""};
}

}  // namespace cudnnsetup
