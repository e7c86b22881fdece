#include "download/downloader.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/u8path.h"
#include "download/bodywriter.h"
#include "download/jsonread_p.h"
#include "download/partfile.h"
#include "platform/durablefile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

constexpr int kMostRedirects = 10;

std::string megabytes(std::uint64_t bytes)
{
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(bytes < 10'000'000 ? 1 : 0);
    s << static_cast<double>(bytes) / 1e6 << " MB";
    return s.str();
}

// What the .part's side file says: enough to resume, and to know the .part is this file's.
struct Sidecar {
    std::string url;
    std::uint64_t size = 0;
    std::string sha256;
    std::string etag;
    std::string lastModified;
};

std::optional<Sidecar> readSidecar(const std::string& path)
{
    std::ifstream in(pathOf(path), std::ios::binary);
    if (!in)
        return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    const auto doc = nlohmann::json::parse(text.str(), nullptr, false);
    if (!doc.is_object())
        return std::nullopt;
    Sidecar s;
    s.url = jsonread::text(doc, "url");
    s.size = jsonread::count(doc, "size");
    s.sha256 = jsonread::text(doc, "sha256");
    s.etag = jsonread::text(doc, "etag");
    s.lastModified = jsonread::text(doc, "last_modified");
    return s;
}

// Written whole to a new file and renamed over the old one: a kill never leaves half of it.
bool writeSidecar(const std::string& path, const Sidecar& s)
{
    const nlohmann::json doc = {{"url", s.url},   {"size", s.size},          {"sha256", s.sha256},
                                {"etag", s.etag}, {"last_modified", s.lastModified}};
    const std::string text = doc.dump(1) + "\n";
    const std::string tmp = path + ".new";
    std::error_code ec;
    fs::remove(pathOf(tmp), ec);
    auto file = DurableFile::create(tmp, ec);
    if (!file)
        return false;
    file->write(text.data(), text.size(), ec);
    if (!ec)
        file->finish(ec);
    if (!ec)
        renameDurably(pathOf(tmp), pathOf(path), ec);
    if (ec)
        fs::remove(pathOf(tmp), ec);
    return !ec;
}

// The sink of one exchange: appends to the .part and hashes the same bytes.
class PartSink : public HttpSink {
public:
    PartSink(PartFile& part, BodyWriter& writer, const DownloadItem& item, const DownloadSettings& settings,
             std::uint64_t from, Sidecar& side, const std::string& url)
        : m_part(part), m_writer(writer), m_item(item), m_settings(settings), m_from(from), m_side(side), m_url(url)
    {
    }

    bool onHead(const HttpHead& head) override
    {
        m_head = head;
        m_sawHead = true;
        if (head.status == 200 && m_from > 0) {
            // The whole file again: the server cannot resume, or the file changed (If-Range).
            m_restarted = true;
            if (!restart())
                return false;
        } else if (head.status == 206 && head.rangeStart.value_or(~0ULL) != m_from) {
            m_wrongRange = true;
            return false;
        }
        if (head.status != 200 && head.status != 206)
            return false;
        m_accepted = true;
        // The validators of what the .part is about to hold, on the disk before its first byte: a
        // connection dropped (or a process killed) a moment later still resumes with If-Range.
        if (head.status == 200 || head.etag != m_side.etag || head.lastModified != m_side.lastModified) {
            m_side.etag = head.etag;
            m_side.lastModified = head.lastModified;
            m_side.url = m_url;
            if (!writeSidecar(partSidecarPath(m_part.path()), m_side) && m_settings.log)
                m_settings.log("cannot write " + partSidecarPath(m_part.path()) + "; a later run will start over");
        }
        return true;
    }

    bool onData(const char* data, std::size_t size) override
    {
        if (stopRequested()) {
            m_stop = Error{codes::kCancelled, "", ""};
            return false;
        }
        if (m_writer.size() + size > m_item.size) {
            m_tooLong = true;
            return false;
        }
        if (!m_writer.write(data, size)) {
            m_stop = m_writer.drain();
            return false;
        }
        if (m_settings.progress)
            m_settings.progress->onProgress(m_writer.size(), m_item.size);
        return true;
    }

    bool stopRequested() const override { return m_settings.cancel && m_settings.cancel->isCancelled(); }
    void fail(Error error) { m_stop = std::move(error); }

    bool restart()
    {
        if (!m_writer.restart()) {
            m_stop = Error{codes::kIoError, "Cannot empty " + m_part.path() + " to download it again.", "truncate"};
            return false;
        }
        return true;
    }

    const HttpHead& head() const { return m_head; }
    bool sawHead() const { return m_sawHead; }
    bool accepted() const { return m_accepted; }
    bool restarted() const { return m_restarted; }
    bool wrongRange() const { return m_wrongRange; }
    bool tooLong() const { return m_tooLong; }
    const std::optional<Error>& stop() const { return m_stop; }

private:
    PartFile& m_part;
    BodyWriter& m_writer;
    const DownloadItem& m_item;
    const DownloadSettings& m_settings;
    std::uint64_t m_from;
    Sidecar& m_side;
    const std::string& m_url;
    HttpHead m_head;
    bool m_sawHead = false;
    bool m_accepted = false;
    bool m_restarted = false;
    bool m_wrongRange = false;
    bool m_tooLong = false;
    std::optional<Error> m_stop;
};

// Sleeps in small steps so that a cancel is not kept waiting. False when cancelled.
bool pause(std::chrono::milliseconds how, const CancelToken* cancel)
{
    const auto until = std::chrono::steady_clock::now() + how;
    while (std::chrono::steady_clock::now() < until) {
        if (cancel && cancel->isCancelled())
            return false;
        std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(
            std::chrono::milliseconds(50),
            std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()) +
                std::chrono::milliseconds(1)));
    }
    return !(cancel && cancel->isCancelled());
}

void say(const DownloadSettings& settings, const std::string& line)
{
    if (settings.log)
        settings.log(line);
}

Error cancelled(const std::string& partPath, std::uint64_t kept)
{
    return Error{codes::kCancelled,
                 "The download was cancelled; the " + megabytes(kept) + " already there are kept in " + partPath +
                     ": download again to resume.",
                 ""};
}

// An existing file under the final name: verified, it is the download; otherwise it is someone's
// file, which is never replaced or deleted.
std::optional<Result<Downloaded>> existingFinal(const std::string& finalPath, const DownloadItem& item)
{
    std::error_code ec;
    if (!fs::exists(pathOf(finalPath), ec))
        return std::nullopt;
    auto digest = digestFile(finalPath);
    if (digest && digest->size == item.size && digest->sha256 == item.sha256) {
        Downloaded d;
        d.path = finalPath;
        d.alreadyThere = true;
        return Result<Downloaded>(d);
    }
    return Result<Downloaded>(Error{codes::kIoError,
                                    finalPath + " already exists and is not the file " + item.manifest +
                                        " describes: move it away (it is left as it is), or download to another "
                                        "folder with --to.",
                                    digest ? "sha256 " + digest->sha256 : digest.error().message});
}

Result<Downloaded> transfer(HttpClient& client, const DownloadItem& item, const DownloadSettings& settings,
                            PartFile& part, const std::string& finalPath);

}  // namespace

std::string partSidecarPath(const std::string& partPath)
{
    return partPath + ".json";
}

std::optional<Error> crossCheckCatalog(const DownloadItem& item, const Catalog& catalog)
{
    const CatalogEntry* known = catalog.findByFileName(item.fileName);
    if (!known)
        return std::nullopt;
    const bool hashDiffers = !known->sha256.empty() && known->sha256 != normalizeSha256(item.sha256);
    const bool sizeDiffers = known->size && *known->size != item.size;
    if (!hashDiffers && !sizeDiffers)
        return std::nullopt;
    return Error{codes::kManifestCatalogDisagree,
                 item.manifest + " gives " + item.fileName + " SHA-256 " + item.sha256 + " and " +
                     std::to_string(item.size) + " bytes; cudnn-setup's catalog (" + known->source + ") gives SHA-256 " +
                     known->sha256 + (known->size ? " and " + std::to_string(*known->size) + " bytes" : std::string()) +
                     ". Nothing was downloaded: one of the two is wrong, or the manifest is not NVIDIA's. Report it, "
                     "and do not install this file.",
                 "manifest " + item.sha256 + " / catalog " + known->sha256};
}

namespace {

// Takes the head and refuses the body: what remoteSize needs.
class HeadOnlySink final : public HttpSink {
public:
    bool onHead(const HttpHead& head) override
    {
        m_head = head;
        return head.status >= 300 && head.status < 400;  // a redirect's courtesy page ends by itself
    }
    bool onData(const char*, std::size_t) override { return false; }
    const std::optional<HttpHead>& head() const { return m_head; }

private:
    std::optional<HttpHead> m_head;
};

}  // namespace

Result<std::uint64_t> remoteSize(HttpClient& client, const std::string& start)
{
    std::string url = start;
    for (int redirects = 0; redirects <= kMostRedirects; ++redirects) {
        HeadOnlySink sink;
        auto got = client.get(HttpRequest{url, 0, {}}, sink);
        if (!sink.head())
            return got ? Error{codes::kHttpStatus, url + " sent no answer.", ""} : got.error();
        const HttpHead& head = *sink.head();
        if (head.status >= 300 && head.status < 400) {
            if (head.location.rfind("https://", 0) != 0)
                return Error{codes::kInsecureUrl,
                             url + " redirected to " + (head.location.empty() ? "nowhere" : head.location) +
                                 ", which is not an https:// address: cudnn-setup downloads only over HTTPS.",
                             ""};
            url = head.location;
            continue;
        }
        if (head.status != 200)
            return Error{codes::kHttpStatus,
                         url + " answered HTTP " + std::to_string(head.status) +
                             (head.status == 404 ? ": NVIDIA no longer serves this file there; download it by hand "
                                                   "and give the zip."
                                                 : "."),
                         ""};
        if (!head.contentLength || *head.contentLength == 0)
            return Error{codes::kBadManifest,
                         url + " does not say how large the file is: cudnn-setup cannot download it safely; download it "
                               "by hand and give the zip.",
                         ""};
        return *head.contentLength;
    }
    return Error{codes::kHttpStatus, start + " redirected too often: the server is misconfigured.", ""};
}

Result<Downloaded> downloadArchive(HttpClient& client, const DownloadItem& wanted, const DownloadSettings& settings)
{
    DownloadItem item = wanted;
    item.sha256 = normalizeSha256(wanted.sha256);  // the digest computed here is lowercase hex
    if (item.size == 0 || item.sha256.empty())
        return Error{codes::kBadManifest,
                     item.manifest + " gives no size or no SHA-256 for " + item.fileName +
                         ": cudnn-setup downloads only what it can check. Use another release or mirror.",
                     ""};
    const Catalog& catalog = settings.catalog ? *settings.catalog : Catalog::builtin();
    if (auto disagree = crossCheckCatalog(item, catalog))
        return *disagree;
    const std::string finalPath = utf8Of(pathOf(settings.folder) / pathOf(item.fileName));
    const std::string partPath = finalPath + ".part";
    if (auto existing = existingFinal(finalPath, item))
        return *existing;

    std::error_code ec;
    fs::create_directories(pathOf(settings.folder), ec);
    auto opened = PartFile::open(partPath);
    if (!opened)
        return opened.error();
    PartFile& part = **opened;
    auto result = transfer(client, item, settings, part, finalPath);
    // A failure before the first byte leaves nothing behind; a .part with bytes stays for a resume.
    if (!result && result.error().code != codes::kDownloadMismatch && part.size() == 0) {
        part.close();
        fs::remove(pathOf(partPath), ec);
        fs::remove(pathOf(partSidecarPath(partPath)), ec);
    }
    return result;
}

namespace {

Result<Downloaded> transfer(HttpClient& client, const DownloadItem& item, const DownloadSettings& settings,
                            PartFile& part, const std::string& finalPath)
{
    const std::string partPath = part.path();
    const std::string sidecarPath = partSidecarPath(partPath);
    std::error_code ec;

    // Resume only a .part of this very file (same hash and size), and never one longer than it.
    Sidecar side;
    side.url = item.url;
    side.size = item.size;
    side.sha256 = item.sha256;
    if (const auto old = readSidecar(sidecarPath);
        old && old->sha256 == item.sha256 && old->size == item.size && part.size() <= item.size) {
        side.etag = old->etag;
        side.lastModified = old->lastModified;
    } else if (part.size() > 0 && !part.truncate(0)) {
        return Error{codes::kIoError, "Cannot empty " + partPath + " to start the download.", "truncate"};
    }
    Downloaded result;
    result.resumedFrom = part.size();
    if (result.resumedFrom > 0)
        say(settings, "resuming " + item.fileName + " at byte " + std::to_string(result.resumedFrom));

    // The rest of the file, and room for its side file and the folder's entries.
    constexpr std::uint64_t kMargin = 1u << 20;
    const auto space = fs::space(pathOf(settings.folder), ec);
    if (!ec && space.available < item.size - part.size() + kMargin)
        return Error{codes::kDiskFull,
                     settings.folder + " has " + megabytes(space.available) + " free; the rest of " + item.fileName +
                         " needs " + megabytes(item.size - part.size()) +
                         ": free some space, or download to another folder with --to.",
                     "space available " + std::to_string(space.available)};

    BodyWriter writer(part);
    if (!writer.hashExisting()) {
        say(settings, "cannot read back " + partPath + "; starting over");
        if (!writer.restart())
            return Error{codes::kIoError, "Cannot read or empty " + partPath + ".", "readAt"};
    }
    if (settings.progress) {
        settings.progress->onStage("download");
        settings.progress->onProgress(part.size(), item.size);
    }

    std::string url = item.url;
    int redirects = 0;
    auto backoff = settings.backoff;
    std::optional<Error> lastError;
    bool tooLong = false;
    // A .part already complete (a run killed before its rename) is only verified below.
    while (part.size() < item.size) {
        if (settings.cancel && settings.cancel->isCancelled())
            return cancelled(partPath, part.size());
        if (result.exchanges >= settings.attempts)
            break;
        ++result.exchanges;
        const std::uint64_t from = part.size();
        HttpRequest request{url, from, from > 0 ? (side.etag.empty() ? side.lastModified : side.etag) : std::string()};
        PartSink sink(part, writer, item, settings, from, side, url);
        auto got = client.get(request, sink);
        // Everything received is on the disk before the exchange is judged (part.size() below).
        if (const auto failed = writer.drain(); failed && !sink.stop())
            sink.fail(*failed);
        if (settings.cancel && settings.cancel->isCancelled())
            return cancelled(partPath, part.size());
        // The sink turned down a head (an error status, a redirect, another range): the client
        // reports the exchange as stopped, the head is judged below as any other.
        if (!got && got.error().code == codes::kDownloadAborted && sink.sawHead() && !sink.stop() && !sink.tooLong())
            got = sink.head();
        if (sink.stop()) {
            if (sink.stop()->code == codes::kCancelled)
                return cancelled(partPath, part.size());
            if (sink.stop()->code == codes::kDiskFull)
                return Error{codes::kDiskFull,
                             "The disk holding " + settings.folder + " filled up while downloading " + item.fileName +
                                 ": free some space and download again (the " + megabytes(part.size()) +
                                 " already there are kept), or download to another folder with --to.",
                             sink.stop()->message};
            return *sink.stop();  // a write error: the .part stays for a resume
        }
        if (sink.tooLong()) {
            tooLong = true;
            break;  // more bytes than the manifest's size: judged below as a mismatch
        }
        if (!got) {
            const auto& e = got.error();
            if (e.code == codes::kConnectionDropped || e.code == codes::kNetworkUnreachable) {
                lastError = e;
                say(settings, "try " + std::to_string(result.exchanges) + ": " + e.message + " (" +
                                  std::to_string(part.size()) + " bytes so far)");
                if (result.exchanges < settings.attempts && !pause(backoff, settings.cancel))
                    return cancelled(partPath, part.size());
                backoff = std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(30));
                continue;
            }
            if (e.code == codes::kInsecureUrl && url != item.url)
                return Error{e.code, item.url + " redirected to " + url + ", " + e.message, e.detail};
            return e;
        }
        const HttpHead& head = got.value();
        if (head.status >= 300 && head.status < 400 && head.status != 304) {
            if (head.location.empty() || ++redirects > kMostRedirects)
                return Error{codes::kHttpStatus,
                             url + " answered HTTP " + std::to_string(head.status) +
                                 (head.location.empty() ? " without a Location" : " once too often") +
                                 ": the server or mirror is misconfigured.",
                             ""};
            if (head.location.rfind("https://", 0) != 0)
                return Error{codes::kInsecureUrl,
                             url + " redirected to " + head.location +
                                 ", which is not an https:// address: cudnn-setup downloads only over HTTPS, so it "
                                 "stopped there. Use another mirror, or ask its owner to redirect to https://.",
                             ""};
            say(settings, url + " redirected to " + head.location);
            url = head.location;
            --result.exchanges;  // following a redirect is not a retry
            continue;
        }
        if (head.status == 416 && from > 0) {
            say(settings, "the server cannot serve from byte " + std::to_string(from) + "; starting over");
            if (!sink.restart())
                return *sink.stop();
            side.etag.clear();
            side.lastModified.clear();
            continue;
        }
        if ((head.status == 503 || head.status == 429) && head.retryAfterSeconds) {
            if (*head.retryAfterSeconds > settings.longestRetryAfterSeconds)
                return Error{codes::kHttpStatus,
                             url + " is busy (HTTP " + std::to_string(head.status) + ") and asks to wait " +
                                 std::to_string(*head.retryAfterSeconds) + " s: download again later.",
                             ""};
            say(settings, "the server is busy; waiting " + std::to_string(*head.retryAfterSeconds) + " s as it asks");
            lastError = Error{codes::kHttpStatus, url + " answered HTTP " + std::to_string(head.status) + ".", ""};
            if (!pause(std::chrono::seconds(*head.retryAfterSeconds), settings.cancel))
                return cancelled(partPath, part.size());
            continue;
        }
        if (sink.wrongRange()) {
            say(settings, "the server sent another range than asked; starting over");
            if (!sink.restart())
                return *sink.stop();
            continue;
        }
        if (!sink.accepted()) {
            const bool retryable = head.status >= 500;
            lastError = Error{codes::kHttpStatus,
                              url + ": the server answered HTTP " + std::to_string(head.status) +
                                  (head.status == 404 ? " (not found): check the release, and that the mirror has it."
                                                      : "."),
                              ""};
            if (!retryable)
                return *lastError;
            if (result.exchanges < settings.attempts && !pause(backoff, settings.cancel))
                return cancelled(partPath, part.size());
            backoff = std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(30));
            continue;
        }
        if (sink.restarted())
            say(settings, "the server sent the whole file again; starting over from byte 0");
        if (part.size() < item.size) {
            lastError = Error{codes::kConnectionDropped,
                              "The connection to " + url + " ended after " + std::to_string(part.size()) + " of " +
                                  std::to_string(item.size) + " bytes.",
                              ""};
            say(settings, "try " + std::to_string(result.exchanges) + ": the body ended at byte " +
                              std::to_string(part.size()));
            if (result.exchanges < settings.attempts && !pause(backoff, settings.cancel))
                return cancelled(partPath, part.size());
            backoff = std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(30));
        }
    }

    if (part.size() < item.size && !tooLong) {
        const std::string why = lastError ? lastError->message : std::string("the transfer did not complete.");
        return Error{lastError && lastError->code != codes::kConnectionDropped ? lastError->code
                                                                                : codes::kConnectionDropped,
                     "The download of " + item.fileName + " did not complete in " + std::to_string(result.exchanges) +
                         " tries (" + why + "). The " + megabytes(part.size()) + " already there are kept in " +
                         partPath + ": download again to resume.",
                     lastError ? lastError->detail : std::string()};
    }

    // Size and hash of exactly the bytes written, against the manifest (and so the catalog).
    const std::string gotHash = writer.finishHex();
    const std::uint64_t gotSize = part.size();
    if (tooLong || gotSize != item.size || gotHash != item.sha256) {
        part.close();
        fs::remove(pathOf(partPath), ec);
        fs::remove(pathOf(sidecarPath), ec);
        return Error{codes::kDownloadMismatch,
                     url + (tooLong ? " gave more than " + std::to_string(item.size) + " bytes"
                                    : " gave " + std::to_string(gotSize) + " bytes with SHA-256 " + gotHash) +
                         "; " + item.manifest + " says " + std::to_string(item.size) + " bytes with SHA-256 " +
                         item.sha256 + ". The download was deleted; download again, and if it happens again use "
                         "another network or mirror (something on the way changes the file).",
                     ""};
    }
    if (!part.sync())
        return Error{codes::kIoError, "Cannot write " + partPath + " to the disk.", "sync"};
    part.close();
    renameDurably(pathOf(partPath), pathOf(finalPath), ec);
    if (ec)
        return Error{codes::kIoError, "Cannot rename " + partPath + " to " + finalPath + ": " + ec.message() + ".",
                     "rename"};
    syncDirectory(settings.folder, ec);
    fs::remove(pathOf(sidecarPath), ec);
    result.path = finalPath;
    if (settings.progress)
        settings.progress->onProgress(item.size, item.size);
    return result;
}

}  // namespace

}  // namespace cudnnsetup
