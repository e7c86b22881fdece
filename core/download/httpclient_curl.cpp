// HttpClient over libcurl (Linux): the distribution's CA bundle (or --ca-file), the standard proxy
// variables (https_proxy, no_proxy), which libcurl reads itself. See httpclient.h.
#include "download/httpclient.h"

#include "common/problemcodes.h"

#include <curl/curl.h>

#include <cctype>
#include <chrono>
#include <memory>
#include <mutex>

namespace cudnnsetup {

namespace {

struct EasyDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct SlistDeleter {
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
using Easy = std::unique_ptr<CURL, EasyDeleter>;
using Slist = std::unique_ptr<curl_slist, SlistDeleter>;

void initOnce()
{
    // curl_global_init is not thread-safe before 7.84 and must come first; once per process.
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string lower(std::string s)
{
    for (auto& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string hostOf(const std::string& url)
{
    const auto start = url.find("://");
    if (start == std::string::npos)
        return url;
    const auto end = url.find_first_of("/?#", start + 3);
    return url.substr(start + 3, end == std::string::npos ? std::string::npos : end - start - 3);
}

// One exchange's state, shared with libcurl's callbacks.
struct Exchange {
    const HttpRequest* request = nullptr;
    HttpSink* sink = nullptr;
    HttpHead head;
    bool headSent = false;
    bool sinkStopped = false;
    bool sawStatus = false;

    void headerLine(std::string_view line)
    {
        if (line.substr(0, 5) == "HTTP/") {
            // A new response (after a 100 Continue, say): start over.
            head = HttpHead{};
            sawStatus = true;
            const auto sp = line.find(' ');
            if (sp != std::string_view::npos)
                head.status = std::atoi(std::string(line.substr(sp + 1, 3)).c_str());
            return;
        }
        const auto colon = line.find(':');
        if (colon == std::string_view::npos)
            return;
        const std::string name = lower(std::string(line.substr(0, colon)));
        std::string value(line.substr(colon + 1));
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
            value.erase(value.begin());
        while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' '))
            value.pop_back();
        if (name == "content-length") {
            char* end = nullptr;
            const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
            if (end && *end == '\0' && !value.empty())
                head.contentLength = n;
        } else if (name == "content-range") {
            std::uint64_t start = 0;
            std::optional<std::uint64_t> total;
            if (parseContentRange(value, start, total)) {
                head.rangeStart = start;
                head.rangeTotal = total;
            }
        } else if (name == "accept-ranges") {
            head.acceptRanges = lower(value).find("bytes") != std::string::npos;
        } else if (name == "etag") {
            head.etag = value;
        } else if (name == "last-modified") {
            head.lastModified = value;
        } else if (name == "retry-after") {
            const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
            head.retryAfterSeconds = parseRetryAfter(value, now);
        } else if (name == "location") {
            head.location = resolveUrl(request->url, value);
        }
    }

    bool sendHead()
    {
        if (headSent)
            return !sinkStopped;
        headSent = true;
        if (!sink->onHead(head))
            sinkStopped = true;
        return !sinkStopped;
    }
};

size_t onHeader(char* data, size_t size, size_t count, void* user)
{
    static_cast<Exchange*>(user)->headerLine(std::string_view(data, size * count));
    return size * count;
}

size_t onBody(char* data, size_t size, size_t count, void* user)
{
    auto* x = static_cast<Exchange*>(user);
    // A redirect's or an error page's body is not the file: only its head matters.
    if (x->head.status >= 300 && x->head.status < 400)
        return size * count;
    if (!x->sendHead())
        return 0;
    if (!x->sink->onData(data, size * count)) {
        x->sinkStopped = true;
        return 0;
    }
    return size * count;
}

int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    auto* x = static_cast<Exchange*>(user);
    if (x->sink->stopRequested()) {
        x->sinkStopped = true;
        return 1;
    }
    return 0;
}

class CurlClient : public HttpClient {
public:
    explicit CurlClient(HttpOptions options) : m_options(std::move(options)) { initOnce(); }

    Result<HttpHead> get(const HttpRequest& request, HttpSink& sink) override
    {
        if (lower(request.url).rfind("https://", 0) != 0)
            return Error{codes::kInsecureUrl,
                         request.url + " is not an https:// address: cudnn-setup downloads only over HTTPS.", ""};
        if (const std::string why = proxyError(m_options.proxy); !m_options.proxy.empty() && !why.empty())
            return Error{codes::kUnsupported, "The proxy " + m_options.proxy + " cannot be used: " + why + ".", "--proxy"};
        const std::string proxyUrl = "http://" + proxyHostPort(m_options.proxy);
        Easy easy(curl_easy_init());
        if (!easy)
            return Error{codes::kInternal, "libcurl could not start a transfer.", "curl_easy_init"};
        Exchange x;
        x.request = &request;
        x.sink = &sink;
        char errorText[CURL_ERROR_SIZE] = {};
        CURL* c = easy.get();
        curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errorText);
        curl_easy_setopt(c, CURLOPT_URL, request.url.c_str());
        // HTTPS only, for the request and for anything libcurl might be asked to follow (nothing:
        // redirects come back to the downloader, which takes only https:// ones).
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "https");
        curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "https");
        curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
        curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
        curl_easy_setopt(c, CURLOPT_SSLVERSION, static_cast<long>(CURL_SSLVERSION_TLSv1_2));
        if (!m_options.caFile.empty())
            curl_easy_setopt(c, CURLOPT_CAINFO, m_options.caFile.c_str());
        if (!m_options.proxy.empty()) {
            // --proxy: that proxy for every address (no_proxy does not apply to what was named).
            curl_easy_setopt(c, CURLOPT_PROXY, proxyUrl.c_str());
            curl_easy_setopt(c, CURLOPT_NOPROXY, "");
        }
        curl_easy_setopt(c, CURLOPT_USERAGENT, m_options.userAgent.c_str());
        curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, m_options.connectTimeoutSeconds);
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, m_options.stallTimeoutSeconds);
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
        // A proxy's own "200 Connection established" is not the server's answer.
        curl_easy_setopt(c, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
        curl_easy_setopt(c, CURLOPT_BUFFERSIZE, 256L * 1024);
        curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(c, CURLOPT_HEADERDATA, &x);
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, onBody);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, &x);
        curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, onProgress);
        curl_easy_setopt(c, CURLOPT_XFERINFODATA, &x);
        curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        Slist headers;
        std::string range;
        if (request.from > 0) {
            range = std::to_string(request.from) + "-";
            curl_easy_setopt(c, CURLOPT_RANGE, range.c_str());
            if (!request.ifRange.empty()) {
                const std::string line = "If-Range: " + request.ifRange;
                headers.reset(curl_slist_append(nullptr, line.c_str()));
                curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
            }
        }
        const CURLcode rc = curl_easy_perform(c);
        long connectCode = 0;
        curl_easy_getinfo(c, CURLINFO_HTTP_CONNECTCODE, &connectCode);
        if (connectCode == 407 || x.head.status == 407)
            return Error{codes::kProxyAuthRequired,
                         "The proxy asked for a sign-in (HTTP 407) before " + hostOf(request.url) +
                             " could be reached: put the user name and password in the proxy variable "
                             "(https_proxy=http://user:password@host:port), or download on another network.",
                         "libcurl: " + std::string(errorText)};
        if (rc == CURLE_OK) {
            if (x.head.status >= 300 && x.head.status < 400)
                return x.head;
            if (!x.sendHead())  // a body of no bytes still has its head
                return aborted(request);
            return x.head;
        }
        return failure(rc, x, request, errorText);
    }

private:
    static Error aborted(const HttpRequest& request)
    {
        return Error{codes::kDownloadAborted, "The transfer of " + request.url + " was stopped.", ""};
    }

    Error failure(CURLcode rc, const Exchange& x, const HttpRequest& request, const char* errorText) const
    {
        const std::string host = hostOf(request.url);
        const std::string detail =
            "libcurl " + std::to_string(static_cast<int>(rc)) + " (" + curl_easy_strerror(rc) + "): " + errorText;
        switch (rc) {
        case CURLE_WRITE_ERROR:
        case CURLE_ABORTED_BY_CALLBACK:
            if (x.sinkStopped)
                return aborted(request);
            break;
        case CURLE_UNSUPPORTED_PROTOCOL:
            return Error{codes::kInsecureUrl, request.url + " is not an https:// address: cudnn-setup downloads only over HTTPS.",
                         detail};
        case CURLE_COULDNT_RESOLVE_HOST:
        case CURLE_COULDNT_RESOLVE_PROXY:
        case CURLE_COULDNT_CONNECT:
            return Error{codes::kNetworkUnreachable,
                         "Could not reach " + host + ": check the network connection (and the proxy, if this network "
                         "needs one), then download again.",
                         detail};
        case CURLE_PEER_FAILED_VERIFICATION:
            return Error{codes::kCertificateUntrusted,
                         "The certificate of " + host + " is not trusted (" + errorText +
                             "). Checks are never switched off: a mirror of your organisation needs its CA "
                             "certificate, given with --ca-file.",
                         detail};
        case CURLE_SSL_CACERT_BADFILE:
            return Error{codes::kCertificateUntrusted,
                         "The CA certificate file " + m_options.caFile + " could not be read as PEM certificates: give "
                         "the PEM file of the CA that signed the mirror's certificate.",
                         detail};
        default:
            break;
        }
        // Everything else broke the transfer after it had started (a reset, a stall past the limit,
        // a body shorter than its Content-Length, a TLS error on the way): the downloader retries.
        return Error{codes::kConnectionDropped, "The connection to " + host + " broke: " + std::string(errorText), detail};
    }

    HttpOptions m_options;
};

}  // namespace

std::unique_ptr<HttpClient> makeHttpClient(const HttpOptions& options)
{
    return std::make_unique<CurlClient>(options);
}

}  // namespace cudnnsetup
