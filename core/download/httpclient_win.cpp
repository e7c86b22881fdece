#include "download/httpclient.h"

#include "common/problemcodes.h"
#include "platform/dynlib.h"
#include "platform/win32.h"

#include <winhttp.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudnnsetup {

namespace {

// WinHTTP's functions, loaded from System32 at run time instead of imported: the console tool also
// runs elevated, and winhttp.dll is not a KnownDLL, so an import of it would be looked for beside
// the exe first, where a DLL planted in Downloads would then run as administrator
// (tests/wine/tst_knowndlls.cpp).
struct WinHttpApi {
    decltype(&::WinHttpCloseHandle) CloseHandle = nullptr;
    decltype(&::WinHttpConnect) Connect = nullptr;
    decltype(&::WinHttpCrackUrl) CrackUrl = nullptr;
    decltype(&::WinHttpOpen) Open = nullptr;
    decltype(&::WinHttpOpenRequest) OpenRequest = nullptr;
    decltype(&::WinHttpQueryAuthSchemes) QueryAuthSchemes = nullptr;
    decltype(&::WinHttpQueryDataAvailable) QueryDataAvailable = nullptr;
    decltype(&::WinHttpQueryHeaders) QueryHeaders = nullptr;
    decltype(&::WinHttpReadData) ReadData = nullptr;
    decltype(&::WinHttpReceiveResponse) ReceiveResponse = nullptr;
    decltype(&::WinHttpSendRequest) SendRequest = nullptr;
    decltype(&::WinHttpSetCredentials) SetCredentials = nullptr;
    decltype(&::WinHttpSetOption) SetOption = nullptr;
    decltype(&::WinHttpSetStatusCallback) SetStatusCallback = nullptr;
    decltype(&::WinHttpSetTimeouts) SetTimeouts = nullptr;
    bool loaded = false;
};

const WinHttpApi& winHttp()
{
    static const WinHttpApi api = [] {
        WinHttpApi a;
        static const DynLib lib = DynLib::openSystem("winhttp.dll");  // for the process's lifetime
        a.loaded = lib && lib.resolve(a.CloseHandle, "WinHttpCloseHandle") &&
               lib.resolve(a.Connect, "WinHttpConnect") &&
               lib.resolve(a.CrackUrl, "WinHttpCrackUrl") &&
               lib.resolve(a.Open, "WinHttpOpen") &&
               lib.resolve(a.OpenRequest, "WinHttpOpenRequest") &&
               lib.resolve(a.QueryAuthSchemes, "WinHttpQueryAuthSchemes") &&
               lib.resolve(a.QueryDataAvailable, "WinHttpQueryDataAvailable") &&
               lib.resolve(a.QueryHeaders, "WinHttpQueryHeaders") &&
               lib.resolve(a.ReadData, "WinHttpReadData") &&
               lib.resolve(a.ReceiveResponse, "WinHttpReceiveResponse") &&
               lib.resolve(a.SendRequest, "WinHttpSendRequest") &&
               lib.resolve(a.SetCredentials, "WinHttpSetCredentials") &&
               lib.resolve(a.SetOption, "WinHttpSetOption") &&
               lib.resolve(a.SetStatusCallback, "WinHttpSetStatusCallback") &&
               lib.resolve(a.SetTimeouts, "WinHttpSetTimeouts");
        return a;
    }();
    return api;
}

struct WinHttpHandleTraits {
    static HINTERNET invalid() { return nullptr; }
    static void close(HINTERNET h) { winHttp().CloseHandle(h); }
};
using WinHttpHandle = win::Unique<WinHttpHandleTraits>;

// Large enough that a fast link costs few calls into the sink (each may hash and write).
constexpr DWORD kWinHttpReadChunk = 256 * 1024;

constexpr char kWinHttpCaFileRefused[] =
    "--ca-file is for Linux; on Windows, trust your organisation's CA the way Windows does (Group Policy, or "
    "`certutil -addstore Root <file>` as an administrator), then run again without --ca-file.";

// What the status callback learns while one request runs (synchronous WinHTTP calls it on this thread).
struct WinHttpExchange {
    DWORD certificateFlags = 0;  // WINHTTP_CALLBACK_STATUS_FLAG_*
    bool connected = false;      // a connection to the server (or the proxy) was made
};

void CALLBACK onWinHttpStatus(HINTERNET, DWORD_PTR context, DWORD status, LPVOID info, DWORD infoLength)
{
    auto* exchange = reinterpret_cast<WinHttpExchange*>(context);
    if (!exchange)
        return;
    if (status == WINHTTP_CALLBACK_STATUS_SECURE_FAILURE && info && infoLength >= sizeof(DWORD))
        exchange->certificateFlags |= *static_cast<const DWORD*>(info);
    else if (status == WINHTTP_CALLBACK_STATUS_CONNECTED_TO_SERVER || status == WINHTTP_CALLBACK_STATUS_SENDING_REQUEST)
        exchange->connected = true;  // SENDING_REQUEST alone on a pooled connection
}

// The certificate error a WinHTTP error number names, as the callback's flag for it;
// 0 for ERROR_WINHTTP_SECURE_FAILURE (the callback says which) and any other error.
DWORD winHttpCertificateFlagOf(DWORD error)
{
    switch (error) {
    case ERROR_WINHTTP_SECURE_INVALID_CA: return WINHTTP_CALLBACK_STATUS_FLAG_INVALID_CA;
    case ERROR_WINHTTP_SECURE_CERT_CN_INVALID: return WINHTTP_CALLBACK_STATUS_FLAG_CERT_CN_INVALID;
    case ERROR_WINHTTP_SECURE_CERT_DATE_INVALID: return WINHTTP_CALLBACK_STATUS_FLAG_CERT_DATE_INVALID;
    case ERROR_WINHTTP_SECURE_CERT_REVOKED: return WINHTTP_CALLBACK_STATUS_FLAG_CERT_REVOKED;
    case ERROR_WINHTTP_SECURE_CERT_REV_FAILED: return WINHTTP_CALLBACK_STATUS_FLAG_CERT_REV_FAILED;
    case ERROR_WINHTTP_SECURE_CERT_WRONG_USAGE: return WINHTTP_CALLBACK_STATUS_FLAG_CERT_WRONG_USAGE;
    case ERROR_WINHTTP_SECURE_INVALID_CERT: return WINHTTP_CALLBACK_STATUS_FLAG_INVALID_CERT;
    case ERROR_WINHTTP_SECURE_CHANNEL_ERROR: return WINHTTP_CALLBACK_STATUS_FLAG_SECURITY_CHANNEL_ERROR;
    default: return 0;
    }
}

// Wine reports a receive timeout as the socket's WSAETIMEDOUT where Windows says ERROR_WINHTTP_TIMEOUT.
bool isWinHttpTimeout(DWORD error)
{
    return error == ERROR_WINHTTP_TIMEOUT || error == WSAETIMEDOUT;
}

bool isWinHttpCertificateError(DWORD error)
{
    return error == ERROR_WINHTTP_SECURE_FAILURE || error == ERROR_WINHTTP_SECURE_FAILURE_PROXY ||
           winHttpCertificateFlagOf(error) != 0;
}

struct WinHttpCertificateFault {
    DWORD flag;
    const char* tag;      // for the log
    const char* meaning;  // for the user: "the certificate is …"
};

constexpr WinHttpCertificateFault kWinHttpCertificateFaults[] = {
    {WINHTTP_CALLBACK_STATUS_FLAG_INVALID_CA, "invalid CA", "issued by an authority Windows does not trust"},
    {WINHTTP_CALLBACK_STATUS_FLAG_CERT_CN_INVALID, "name mismatch", "made out to another host name"},
    {WINHTTP_CALLBACK_STATUS_FLAG_CERT_DATE_INVALID, "expired", "expired or not yet valid"},
    {WINHTTP_CALLBACK_STATUS_FLAG_CERT_REVOKED, "revoked", "revoked"},
    {WINHTTP_CALLBACK_STATUS_FLAG_CERT_REV_FAILED, "revocation unknown", "of unknown revocation status"},
    {WINHTTP_CALLBACK_STATUS_FLAG_CERT_WRONG_USAGE, "wrong usage", "not meant for a web server"},
    {WINHTTP_CALLBACK_STATUS_FLAG_INVALID_CERT, "invalid certificate", "malformed"},
};

std::string joinWinHttpCertificateFaults(DWORD flags, bool forUser)
{
    std::string out;
    for (const WinHttpCertificateFault& fault : kWinHttpCertificateFaults) {
        if (!(flags & fault.flag))
            continue;
        if (!out.empty())
            out += forUser ? " and " : ", ";
        out += forUser ? fault.meaning : fault.tag;
    }
    return out;
}

// Windows names the faults it found (the callback's flags, or the error itself); Wine only says the
// handshake failed (ERROR_WINHTTP_SECURE_CHANNEL_ERROR), which a protocol mismatch says too.
Error winHttpCertificateError(DWORD error, DWORD callbackFlags, const std::string& host, std::string detail)
{
    const DWORD flags = callbackFlags | winHttpCertificateFlagOf(error);
    const std::string faults = joinWinHttpCertificateFaults(flags, true);
    if (flags & WINHTTP_CALLBACK_STATUS_FLAG_SECURITY_CHANNEL_ERROR)
        detail += "; TLS handshake failed";
    if (!faults.empty())
        detail += "; certificate: " + joinWinHttpCertificateFaults(flags, false);
    const std::string who = error == ERROR_WINHTTP_SECURE_FAILURE_PROXY ? "the proxy in front of " + host : host;
    const std::string what = faults.empty()
                                 ? "No secure connection to " + who +
                                       " could be made: its certificate or its TLS settings did not pass Windows' checks"
                                 : "The certificate of " + who + " is not trusted (it is " + faults + ")";
    return Error{codes::kCertificateUntrusted,
                 what + "; nothing was downloaded, and the checks are never switched off. If this is your "
                        "organisation's server, have Windows trust its CA (Group Policy, or certutil -addstore Root).",
                 std::move(detail)};
}

// The log's name for the errors this file tells apart; WinHTTP's own texts live in winhttp.dll,
// which FormatMessage's system table does not know.
std::string winHttpErrorText(DWORD error)
{
    switch (error) {
    case ERROR_WINHTTP_NAME_NOT_RESOLVED: return "ERROR_WINHTTP_NAME_NOT_RESOLVED";
    case ERROR_WINHTTP_CANNOT_CONNECT: return "ERROR_WINHTTP_CANNOT_CONNECT";
    case ERROR_WINHTTP_CONNECTION_ERROR: return "ERROR_WINHTTP_CONNECTION_ERROR";
    case ERROR_WINHTTP_TIMEOUT: return "ERROR_WINHTTP_TIMEOUT";
    case WSAETIMEDOUT: return "WSAETIMEDOUT";
    case ERROR_WINHTTP_INVALID_SERVER_RESPONSE: return "ERROR_WINHTTP_INVALID_SERVER_RESPONSE";
    case ERROR_WINHTTP_OPERATION_CANCELLED: return "ERROR_WINHTTP_OPERATION_CANCELLED";
    case ERROR_WINHTTP_SECURE_FAILURE: return "ERROR_WINHTTP_SECURE_FAILURE";
    case ERROR_WINHTTP_SECURE_FAILURE_PROXY: return "ERROR_WINHTTP_SECURE_FAILURE_PROXY";
    case ERROR_WINHTTP_SECURE_CHANNEL_ERROR: return "ERROR_WINHTTP_SECURE_CHANNEL_ERROR";
    case ERROR_WINHTTP_AUTODETECTION_FAILED: return "ERROR_WINHTTP_AUTODETECTION_FAILED";
    case ERROR_WINHTTP_UNABLE_TO_DOWNLOAD_SCRIPT: return "ERROR_WINHTTP_UNABLE_TO_DOWNLOAD_SCRIPT";
    default: break;
    }
    if (winHttpCertificateFlagOf(error) != 0)
        return "certificate error";
    return error >= WINHTTP_ERROR_BASE && error <= WINHTTP_ERROR_BASE + 999 ? "WinHTTP error" : win::systemMessage(error);
}

std::string winHttpDetail(const char* function, DWORD error)
{
    return std::string(function) + ": error " + std::to_string(error) + " (" + winHttpErrorText(error) + ")";
}

// The parts of an https:// URL WinHttpConnect and WinHttpOpenRequest take.
struct WinHttpTarget {
    std::wstring host;
    INTERNET_PORT port = INTERNET_DEFAULT_HTTPS_PORT;
    std::wstring object;  // path and query, without the fragment
    std::string hostName;  // UTF-8, for messages
};

Error winHttpInsecureUrl(const std::string& url, const char* why)
{
    return Error{codes::kInsecureUrl,
                 url + " is not an https:// address: cudnn-setup downloads only over HTTPS, with the server's "
                       "certificate checked.",
                 why};
}

Result<WinHttpTarget> crackHttpsUrl(const std::string& url)
{
    // Checked before WinHttpCrackUrl, which fails on schemes it does not know (ftp://) instead of naming them.
    constexpr std::string_view kHttps = "https://";
    const bool https = url.size() > kHttps.size() &&
                       std::equal(kHttps.begin(), kHttps.end(), url.begin(), [](char a, char b) {
                           return a == (b >= 'A' && b <= 'Z' ? char(b - 'A' + 'a') : b);
                       });
    if (!https)
        return winHttpInsecureUrl(url, "scheme is not https");
    // A control character would end up in the request line as it is.
    if (std::any_of(url.begin(), url.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return winHttpInsecureUrl(url, "control character in the URL");
    const std::wstring wide = win::widen(url);
    URL_COMPONENTS parts{};
    parts.dwStructSize = sizeof parts;
    // Nonzero lengths with null pointers: WinHTTP points into `wide` instead of copying.
    parts.dwSchemeLength = parts.dwHostNameLength = parts.dwUrlPathLength = parts.dwExtraInfoLength = DWORD(-1);
    if (!winHttp().CrackUrl(wide.c_str(), static_cast<DWORD>(wide.size()), 0, &parts))
        return winHttpInsecureUrl(url, winHttpDetail("WinHttpCrackUrl", ::GetLastError()).c_str());
    if (parts.nScheme != INTERNET_SCHEME_HTTPS || parts.dwHostNameLength == 0)
        return winHttpInsecureUrl(url, "WinHttpCrackUrl: not an https URL with a host");
    WinHttpTarget target;
    target.host.assign(parts.lpszHostName, parts.dwHostNameLength);
    target.port = parts.nPort;
    if (parts.lpszUrlPath)
        target.object.assign(parts.lpszUrlPath, parts.dwUrlPathLength);
    if (parts.lpszExtraInfo)
        target.object.append(parts.lpszExtraInfo, parts.dwExtraInfoLength);
    if (const auto hash = target.object.find(L'#'); hash != std::wstring::npos)
        target.object.erase(hash);  // a fragment is the client's, never sent
    if (target.object.empty())
        target.object = L"/";
    target.hostName = win::narrow(target.host);
    return target;
}

// WinHttpSetTimeouts: 0 waits for ever, as a non-positive option asks.
int winHttpMilliseconds(long seconds)
{
    if (seconds <= 0)
        return 0;
    return seconds >= INT_MAX / 1000 ? INT_MAX : static_cast<int>(seconds * 1000);
}

// The proxy, as far as WinHTTP finds it by itself: AUTOMATIC_PROXY (Windows 8.1 and later, so every
// Windows this tool runs on) follows the user's proxy settings, a fixed proxy, a PAC script and WPAD
// alike. Wine may refuse it; DEFAULT_PROXY then sees only the machine's WinHTTP proxy (netsh winhttp
// set proxy). The user's IE settings are not read by hand for that fallback: only Wine needs it.
WinHttpHandle openWinHttpSession(const std::string& userAgent, const std::string& proxy, DWORD& error)
{
    if (!winHttp().loaded) {
        error = ERROR_MOD_NOT_FOUND;
        return WinHttpHandle();
    }
    const std::wstring agent = win::widen(userAgent);
    if (!proxy.empty()) {
        // --proxy: that proxy for every address, local ones too (nothing bypasses what was named).
        const std::wstring named = win::widen(proxyHostPort(proxy));
        WinHttpHandle session(winHttp().Open(agent.c_str(), WINHTTP_ACCESS_TYPE_NAMED_PROXY, named.c_str(),
                                            WINHTTP_NO_PROXY_BYPASS, 0));
        error = session ? 0 : ::GetLastError();
        return session;
    }
    WinHttpHandle session(winHttp().Open(agent.c_str(), WINHTTP_ACCESS_TYPE_AUTOMATIC_PROXY, WINHTTP_NO_PROXY_NAME,
                                        WINHTTP_NO_PROXY_BYPASS, 0));
    if (!session)
        session = WinHttpHandle(winHttp().Open(agent.c_str(), WINHTTP_ACCESS_TYPE_DEFAULT_PROXY, WINHTTP_NO_PROXY_NAME,
                                              WINHTTP_NO_PROXY_BYPASS, 0));
    error = session ? 0 : ::GetLastError();
    return session;
}

void restrictWinHttpProtocols(HINTERNET session)
{
    // TLS 1.3 is refused as an unknown flag before Windows 11 and by Wine: 1.2 alone then. Should even
    // that fail, the system's defaults stay, which still check the certificate.
    DWORD protocols = WINHTTP_FLAG_SECURE_PROTOCOL_TLS1_2 | WINHTTP_FLAG_SECURE_PROTOCOL_TLS1_3;
    if (!winHttp().SetOption(session, WINHTTP_OPTION_SECURE_PROTOCOLS, &protocols, sizeof protocols)) {
        protocols = WINHTTP_FLAG_SECURE_PROTOCOL_TLS1_2;
        winHttp().SetOption(session, WINHTTP_OPTION_SECURE_PROTOCOLS, &protocols, sizeof protocols);
    }
}

// WinHTTP's receive timeout is per read, so "no byte for stallTimeoutSeconds" stands in for the
// contract's "slower than 1 byte/s for that long".
void setWinHttpTimeouts(HINTERNET session, const HttpOptions& options)
{
    const int connect = winHttpMilliseconds(options.connectTimeoutSeconds);
    const int stall = winHttpMilliseconds(options.stallTimeoutSeconds);
    winHttp().SetTimeouts(session, connect, connect, stall, stall);
    DWORD headers = static_cast<DWORD>(stall);  // waiting for the status line and headers (default 90 s)
    winHttp().SetOption(session, WINHTTP_OPTION_RECEIVE_RESPONSE_TIMEOUT, &headers, sizeof headers);
}

std::optional<std::wstring> queryWinHttpHeader(HINTERNET request, DWORD which)
{
    DWORD size = 0;
    winHttp().QueryHeaders(request, which, WINHTTP_HEADER_NAME_BY_INDEX, WINHTTP_NO_OUTPUT_BUFFER, &size,
                          WINHTTP_NO_HEADER_INDEX);
    if (::GetLastError() != ERROR_INSUFFICIENT_BUFFER || size == 0)
        return std::nullopt;  // ERROR_WINHTTP_HEADER_NOT_FOUND
    std::wstring value(size / sizeof(wchar_t) + 1, L'\0');
    size = static_cast<DWORD>(value.size() * sizeof(wchar_t));
    if (!winHttp().QueryHeaders(request, which, WINHTTP_HEADER_NAME_BY_INDEX, value.data(), &size,
                               WINHTTP_NO_HEADER_INDEX))
        return std::nullopt;
    value.resize(size / sizeof(wchar_t));
    return value;
}

std::string winHttpHeaderText(HINTERNET request, DWORD which)
{
    const auto value = queryWinHttpHeader(request, which);
    return value ? win::narrow(*value) : std::string();
}

// Content-Length as a string: WINHTTP_QUERY_FLAG_NUMBER is 32 bits, and archives pass 4 GiB.
std::optional<std::uint64_t> winHttpDecimal(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    if (text.empty() || text.size() > 19)  // 19 digits never overflow 64 bits
        return std::nullopt;
    std::uint64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return n;
}

bool winHttpHasBytesToken(std::string value)
{
    std::transform(value.begin(), value.end(), value.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    return value.find("bytes") != std::string::npos;
}

std::int64_t winHttpUnixNow()
{
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

HttpHead readWinHttpHead(HINTERNET request, const HttpRequest& asked, DWORD status)
{
    HttpHead head;
    head.status = static_cast<int>(status);
    head.contentLength = winHttpDecimal(winHttpHeaderText(request, WINHTTP_QUERY_CONTENT_LENGTH));
    if (const auto range = queryWinHttpHeader(request, WINHTTP_QUERY_CONTENT_RANGE)) {
        std::uint64_t start = 0;
        std::optional<std::uint64_t> total;
        if (parseContentRange(win::narrow(*range), start, total)) {
            head.rangeStart = start;
            head.rangeTotal = total;
        }
    }
    head.acceptRanges = winHttpHasBytesToken(winHttpHeaderText(request, WINHTTP_QUERY_ACCEPT_RANGES));
    head.etag = winHttpHeaderText(request, WINHTTP_QUERY_ETAG);
    head.lastModified = winHttpHeaderText(request, WINHTTP_QUERY_LAST_MODIFIED);
    if (const auto retry = queryWinHttpHeader(request, WINHTTP_QUERY_RETRY_AFTER))
        head.retryAfterSeconds = parseRetryAfter(win::narrow(*retry), winHttpUnixNow());
    if (const auto location = queryWinHttpHeader(request, WINHTTP_QUERY_LOCATION))
        head.location = resolveUrl(asked.url, win::narrow(*location));
    return head;
}

std::wstring winHttpRequestHeaders(const HttpRequest& request)
{
    if (request.from == 0)
        return {};
    std::wstring headers = L"Range: bytes=" + std::to_wstring(request.from) + L"-\r\n";
    // The validator comes from an earlier response's header; one with a line break in it would add
    // headers of its own. Left out then: the final SHA-256 still catches a file that changed.
    const bool clean = std::none_of(request.ifRange.begin(), request.ifRange.end(),
                                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
    if (!request.ifRange.empty() && clean)
        headers += L"If-Range: " + win::widen(request.ifRange) + L"\r\n";
    return headers;
}

// After a proxy's 407: offers the logged-on user's Windows credentials when the proxy takes them
// (Negotiate first, then NTLM; null user and password mean "the logged-on user"), with the
// autologon policy lowered for this request only so WinHTTP really sends them. What happened, for
// the detail: "signed in with Negotiate", or why not.
std::string winHttpSignInWithLogon(HINTERNET handle)
{
    DWORD supported = 0, first = 0, target = 0;
    if (!winHttp().QueryAuthSchemes(handle, &supported, &first, &target))
        return "the proxy named no sign-in scheme (" + winHttpDetail("WinHttpQueryAuthSchemes", ::GetLastError()) + ")";
    if (target != WINHTTP_AUTH_TARGET_PROXY)
        return "the sign-in was asked for by the server, not a proxy";
    const DWORD scheme = (supported & WINHTTP_AUTH_SCHEME_NEGOTIATE) ? WINHTTP_AUTH_SCHEME_NEGOTIATE
                         : (supported & WINHTTP_AUTH_SCHEME_NTLM)    ? WINHTTP_AUTH_SCHEME_NTLM
                                                                     : 0;
    if (scheme == 0)
        return "the proxy takes only a typed password (schemes 0x" + [&] {
            char hex[16];
            std::snprintf(hex, sizeof hex, "%lx", static_cast<unsigned long>(supported));
            return std::string(hex);
        }() + "), which this tool does not send";
    DWORD low = WINHTTP_AUTOLOGON_SECURITY_LEVEL_LOW;
    winHttp().SetOption(handle, WINHTTP_OPTION_AUTOLOGON_POLICY, &low, sizeof low);
    if (!winHttp().SetCredentials(handle, WINHTTP_AUTH_TARGET_PROXY, scheme, nullptr, nullptr, nullptr))
        return "Windows sign-in could not be offered (" + winHttpDetail("WinHttpSetCredentials", ::GetLastError()) + ")";
    return scheme == WINHTTP_AUTH_SCHEME_NEGOTIATE ? "signed in with Negotiate, refused" : "signed in with NTLM, refused";
}

class WinHttpClient final : public HttpClient {
public:
    explicit WinHttpClient(const HttpOptions& options) : m_options(options)
    {
        if (!m_options.caFile.empty() || (!m_options.proxy.empty() && !proxyError(m_options.proxy).empty()))
            return;  // every get() refuses: no session needed
        m_session = openWinHttpSession(m_options.userAgent, m_options.proxy, m_openError);
        if (!m_session)
            return;
        restrictWinHttpProtocols(m_session.get());
        setWinHttpTimeouts(m_session.get(), m_options);
        DWORD never = WINHTTP_OPTION_REDIRECT_POLICY_NEVER;
        m_redirectsOff =
            winHttp().SetOption(m_session.get(), WINHTTP_OPTION_REDIRECT_POLICY, &never, sizeof never) != FALSE;
    }

    Result<HttpHead> get(const HttpRequest& request, HttpSink& sink) override;

private:
    Error failure(const char* function, DWORD error, const WinHttpTarget& target, const WinHttpExchange& exchange,
                  bool responseStarted) const;
    Result<Unit> streamBody(HINTERNET handle, const HttpHead& head, const WinHttpTarget& target,
                            const WinHttpExchange& exchange, HttpSink& sink) const;

    HttpOptions m_options;
    WinHttpHandle m_session;
    DWORD m_openError = 0;
    bool m_redirectsOff = false;  // by the session's policy; each request also turns them off itself
};

// One sentence per way an exchange fails, each naming the host; the Win32 number goes to the detail.
Error WinHttpClient::failure(const char* function, DWORD error, const WinHttpTarget& target,
                             const WinHttpExchange& exchange, bool responseStarted) const
{
    const std::string& host = target.hostName;
    std::string detail = winHttpDetail(function, error);
    if (error == ERROR_WINHTTP_OPERATION_CANCELLED)
        return Error{codes::kDownloadAborted, "The download from " + host + " was cancelled.", detail};
    if (isWinHttpCertificateError(error))
        return winHttpCertificateError(error, exchange.certificateFlags, host, std::move(detail));
    // Before the response, these three say the server was never reached (a reset during the TLS
    // handshake is a firewall's answer as often as a flaky link); anything else, a timeout included,
    // is a drop once a connection stood, and unreachable before.
    const bool neverReached = error == ERROR_WINHTTP_NAME_NOT_RESOLVED || error == ERROR_WINHTTP_CANNOT_CONNECT ||
                              error == ERROR_WINHTTP_CONNECTION_ERROR;
    if (responseStarted || (exchange.connected && !neverReached)) {
        const std::string why = isWinHttpTimeout(error)
                                    ? "nothing arrived for " + std::to_string(m_options.stallTimeoutSeconds) + " seconds"
                                    : "the server or the network closed it";
        return Error{codes::kConnectionDropped, "The connection to " + host + " broke (" + why + ").", detail};
    }
    const std::string why = error == ERROR_WINHTTP_NAME_NOT_RESOLVED ? "its name does not resolve"
                            : isWinHttpTimeout(error)                ? "it did not answer in time"
                                                                     : "no connection could be made";
    return Error{codes::kNetworkUnreachable,
                 "Could not reach " + host + " (" + why +
                     "): check the network connection, Windows' proxy settings and the address.",
                 detail};
}

Result<Unit> WinHttpClient::streamBody(HINTERNET handle, const HttpHead& head, const WinHttpTarget& target,
                                       const WinHttpExchange& exchange, HttpSink& sink) const
{
    std::vector<char> buffer(kWinHttpReadChunk);
    std::uint64_t received = 0;
    for (;;) {
        // A cancel is seen between pieces: a slow server still sends some, and a silent one ends
        // at the stall timeout (WinHTTP has no wait to interrupt from here).
        if (sink.stopRequested())
            return Error{codes::kDownloadAborted, "The download from " + target.hostName + " was stopped.",
                         "stop requested after " + std::to_string(received) + " bytes"};
        // Asking what is there first hands each piece on as it arrives: a ReadData for the whole
        // buffer may wait to fill it (Wine does), and a stall would then lose what it held.
        DWORD available = 0;
        if (!winHttp().QueryDataAvailable(handle, &available))
            return failure("WinHttpQueryDataAvailable", ::GetLastError(), target, exchange, true);
        if (available == 0)
            break;
        DWORD got = 0;
        if (!winHttp().ReadData(handle, buffer.data(), std::min(available, kWinHttpReadChunk), &got))
            return failure("WinHttpReadData", ::GetLastError(), target, exchange, true);
        if (got == 0)
            break;
        received += got;
        if (!sink.onData(buffer.data(), got))
            return Error{codes::kDownloadAborted, "The download from " + target.hostName + " was stopped.",
                         "sink refused the data after " + std::to_string(received) + " bytes"};
    }
    // A server or proxy that closes early ends the body without an error: the length tells.
    if (head.contentLength && received < *head.contentLength)
        return Error{codes::kConnectionDropped,
                     "The connection to " + target.hostName + " broke after " + std::to_string(received) + " of " +
                         std::to_string(*head.contentLength) + " bytes.",
                     "WinHttpQueryDataAvailable: body ended at " + std::to_string(received) + " bytes, Content-Length " +
                         std::to_string(*head.contentLength)};
    return Unit{};
}

Result<HttpHead> WinHttpClient::get(const HttpRequest& request, HttpSink& sink)
{
    if (!m_options.caFile.empty())
        return Error{codes::kCertificateUntrusted, kWinHttpCaFileRefused, "--ca-file " + m_options.caFile + " on Windows"};
    if (const std::string why = proxyError(m_options.proxy); !m_options.proxy.empty() && !why.empty())
        return Error{codes::kUnsupported, "The proxy " + m_options.proxy + " cannot be used: " + why + ".", "--proxy"};
    auto cracked = crackHttpsUrl(request.url);
    if (!cracked)
        return cracked.error();
    const WinHttpTarget& target = *cracked;
    if (!m_session)
        return Error{codes::kNetworkUnreachable,
                     "Could not reach " + target.hostName + ": Windows' HTTP service (WinHTTP) could not be started.",
                     winHttpDetail("WinHttpOpen", m_openError)};

    // Before the handles: the callback writes into it until the request handle is closed.
    WinHttpExchange exchange;
    WinHttpHandle connection(winHttp().Connect(m_session.get(), target.host.c_str(), target.port, 0));
    if (!connection)
        return failure("WinHttpConnect", ::GetLastError(), target, exchange, false);
    WinHttpHandle handle(winHttp().OpenRequest(connection.get(), L"GET", target.object.c_str(), nullptr,
                                              WINHTTP_NO_REFERER, WINHTTP_DEFAULT_ACCEPT_TYPES, WINHTTP_FLAG_SECURE));
    if (!handle)
        return failure("WinHttpOpenRequest", ::GetLastError(), target, exchange, false);

    // A 3xx comes back as it is; the downloader alone decides whether to follow it (httpclient.h).
    DWORD noRedirects = WINHTTP_DISABLE_REDIRECTS;
    if (!winHttp().SetOption(handle.get(), WINHTTP_OPTION_DISABLE_FEATURE, &noRedirects, sizeof noRedirects) &&
        !m_redirectsOff)
        return Error{codes::kInternal, "WinHTTP could not be told not to follow redirects for " + target.hostName + ".",
                     winHttpDetail("WinHttpSetOption(WINHTTP_OPTION_DISABLE_FEATURE)", ::GetLastError())};
    // Only to learn why a certificate failed and whether a connection was made: the detail and the
    // code depend on it, the outcome does not (a missing callback still fails the same way).
    winHttp().SetStatusCallback(handle.get(), onWinHttpStatus,
                               WINHTTP_CALLBACK_FLAG_SECURE_FAILURE | WINHTTP_CALLBACK_FLAG_CONNECT_TO_SERVER |
                                   WINHTTP_CALLBACK_FLAG_SEND_REQUEST,
                               0);

    const std::wstring headers = winHttpRequestHeaders(request);
    DWORD status = 0;
    std::string proxySignIn;  // how a 407 was answered, for its error's detail
    for (int attempt = 0;; ++attempt) {
        if (!winHttp().SendRequest(handle.get(), headers.empty() ? WINHTTP_NO_ADDITIONAL_HEADERS : headers.c_str(),
                                  static_cast<DWORD>(headers.size()), WINHTTP_NO_REQUEST_DATA, 0, 0,
                                  reinterpret_cast<DWORD_PTR>(&exchange)))
            return failure("WinHttpSendRequest", ::GetLastError(), target, exchange, false);
        if (!winHttp().ReceiveResponse(handle.get(), nullptr))
            return failure("WinHttpReceiveResponse", ::GetLastError(), target, exchange, false);
        DWORD size = sizeof status;
        if (!winHttp().QueryHeaders(handle.get(), WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER,
                                   WINHTTP_HEADER_NAME_BY_INDEX, &status, &size, WINHTTP_NO_HEADER_INDEX))
            return failure("WinHttpQueryHeaders(WINHTTP_QUERY_STATUS_CODE)", ::GetLastError(), target, exchange,
                           true);
        if (status != 407 || attempt > 0)
            break;
        // A company proxy that signs users in with Windows (Negotiate/Kerberos or NTLM) takes the
        // logged-on user's own credentials: WinHTTP sends them only when told to, once. A proxy
        // that wants a typed password (Basic, Digest) is not answered: this tool never asks for or
        // stores one, and the error below says where the sign-in belongs.
        proxySignIn = winHttpSignInWithLogon(handle.get());
        if (proxySignIn.rfind("signed in", 0) != 0)
            break;
    }
    if (status == 407)
        return Error{codes::kProxyAuthRequired,
                     "The proxy between this computer and " + target.hostName + " wants a sign-in (HTTP 407) before it "
                         "gives " + request.url + ": sign in to it through Windows' proxy settings (or ask who runs "
                         "it to let this computer through, or to accept Windows sign-in), then try again.",
                     "HTTP 407 from the proxy for " + request.url + "; " + proxySignIn};

    const HttpHead head = readWinHttpHead(handle.get(), request, status);
    if (!sink.onHead(head))
        return Error{codes::kDownloadAborted, "The download from " + target.hostName + " was stopped.",
                     "sink refused the head (HTTP " + std::to_string(status) + ")"};
    // A redirect's body is a courtesy page nobody reads.
    if (status >= 300 && status < 400)
        return head;
    const auto body = streamBody(handle.get(), head, target, exchange, sink);
    if (!body)
        return body.error();
    return head;
}

}  // namespace

std::unique_ptr<HttpClient> makeHttpClient(const HttpOptions& options)
{
    return std::make_unique<WinHttpClient>(options);
}

}  // namespace cudnnsetup
