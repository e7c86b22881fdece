#pragma once
// One HTTPS GET, through the platform's own stack: libcurl on Linux (httpclient_curl.cpp: the
// distribution's CA bundle, the standard proxy variables), WinHTTP on Windows (httpclient_win.cpp:
// the system proxy, the system certificate store). HTTPS only, the certificate and the host name
// always checked; no redirect is followed here: a 3xx comes back with its Location, and the
// downloader (downloader.h) decides once, for both stacks, that only an https:// one is taken.
//
// The client knows nothing of files, hashes or retries: it streams one response's body to a sink
// and says how the exchange ended, as a stable code the downloader maps to its retries and to the
// user's message.
#include "common/problem.h"
#include "common/progress.h"
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cudnnsetup {

struct HttpRequest {
    std::string url;                 // https://… (anything else is refused as insecure-url)
    std::uint64_t from = 0;          // > 0: "Range: bytes=<from>-"
    std::string ifRange;             // with a Range: "If-Range: <ETag or Last-Modified>"
};

// What the response's status line and headers said.
struct HttpHead {
    int status = 0;
    std::optional<std::uint64_t> contentLength;
    std::optional<std::uint64_t> rangeStart;  // 206: Content-Range's first byte
    std::optional<std::uint64_t> rangeTotal;  // 206: Content-Range's complete length, when given
    bool acceptRanges = false;                // "Accept-Ranges: bytes"
    std::string etag;                         // strong or weak, as sent
    std::string lastModified;
    std::optional<long> retryAfterSeconds;    // 429/503 "Retry-After" (seconds, or an HTTP date made relative)
    std::string location;                     // 3xx: the Location header, resolved against the request's URL
};

// The body's receiver. onHead comes once, before any data; returning false from either ends the
// exchange (kDownloadAborted, the sink's own reason is the caller's to keep).
class HttpSink {
public:
    virtual ~HttpSink() = default;
    virtual bool onHead(const HttpHead& head) = 0;
    virtual bool onData(const char* data, std::size_t size) = 0;
    // Polled while no data arrives (a stalled or slow server), so that a cancel ends the exchange
    // at once instead of at the next byte: true ends it as a false from onData does.
    virtual bool stopRequested() const { return false; }
};

struct HttpOptions {
    // A PEM file of CA certificates trusted instead of the system's (an organisation's own mirror:
    // --ca-file). Empty: the system store. Checks are never switched off.
    std::string caFile;
    // A proxy named for this run (--proxy), "host:port" or "http://host:port", used instead of the
    // system's: deployment tools run as SYSTEM or root, whose proxy settings are often empty.
    // Empty: the system's (Windows' proxy settings, WPAD/PAC; the proxy variables on Linux). A
    // name with a user or password in it is refused (proxyError): the command line is public.
    std::string proxy;
    std::string userAgent = "cudnn-setup";
    long connectTimeoutSeconds = 30;
    // A transfer slower than 1 byte/s for this long is dropped (and retried by the downloader).
    long stallTimeoutSeconds = 60;
};

// How an exchange failed (Error::code), each a code of the registry:
//   kNetworkUnreachable  the host name did not resolve, or no connection could be made
//   kConnectionDropped   the connection broke or stalled after it was made (retryable)
//   kCertificateUntrusted the server's certificate chain or host name did not check out
//   kProxyAuthRequired   the proxy answered 407
//   kInsecureUrl         the URL is not https://
//   kDownloadAborted     the sink returned false (cancel, a full disk: the sink knows which)
// Any HTTP status is not an error here: the head comes back and the caller judges it.
// Why a --proxy value cannot be used ("" when it can): only plain http:// proxies (the transfer to
// the server stays TLS end to end through CONNECT), with a host and a port, and no credentials.
std::string proxyError(const std::string& proxy);
// "host:port" of a usable proxy value.
std::string proxyHostPort(const std::string& proxy);

class HttpClient {
public:
    virtual ~HttpClient() = default;
    virtual Result<HttpHead> get(const HttpRequest& request, HttpSink& sink) = 0;
};

// The platform's client (libcurl / WinHTTP).
std::unique_ptr<HttpClient> makeHttpClient(const HttpOptions& options);

// Header values both clients read alike (httpclient.cpp).
// "bytes 100-199/1000" -> start 100, total 1000 ("*" total: none). False when it is not that shape.
bool parseContentRange(std::string_view value, std::uint64_t& start, std::optional<std::uint64_t>& total);
// "120" -> 120; an HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT") -> seconds from `now` (0 when past);
// none when it is neither.
std::optional<long> parseRetryAfter(std::string_view value, std::int64_t nowUnixSeconds);

// "https://a.example/x/y.json" + "../z.zip" -> "https://a.example/z.zip"; an absolute reference is
// returned as it is. Only what a Location header or a manifest's relative_path needs.
std::string resolveUrl(const std::string& base, const std::string& reference);

}  // namespace cudnnsetup
