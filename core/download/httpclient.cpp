#include "download/httpclient.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace cudnnsetup {

namespace {

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

std::string_view trimmedProxy(const std::string& proxy)
{
    return trimmed(proxy);
}

bool readNumber(std::string_view s, std::uint64_t& out)
{
    if (s.empty())
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

// "Wed, 21 Oct 2026 07:28:00 GMT" (RFC 9110's IMF-fixdate, the only form a server may send now).
std::optional<std::int64_t> imfFixdate(std::string_view s)
{
    static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                              "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (s.size() != 29 || s.substr(3, 2) != ", " || s.substr(25) != " GMT")
        return std::nullopt;
    std::uint64_t day = 0, year = 0, hour = 0, minute = 0, second = 0;
    if (!readNumber(s.substr(5, 2), day) || !readNumber(s.substr(12, 4), year) || !readNumber(s.substr(17, 2), hour) ||
        !readNumber(s.substr(20, 2), minute) || !readNumber(s.substr(23, 2), second))
        return std::nullopt;
    int month = -1;
    for (int i = 0; i < 12; ++i)
        if (s.substr(8, 3) == kMonths[i])
            month = i;
    if (month < 0 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60 || year < 1970)
        return std::nullopt;
    // Days from the civil date (H. Hinnant's algorithm): no timegm on mingw, no time zone involved.
    const std::int64_t y = static_cast<std::int64_t>(year) - (month < 2 ? 1 : 0);
    const std::int64_t era = y / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t mp = (month + 9) % 12;
    const std::int64_t doy = (153 * mp + 2) / 5 + static_cast<std::int64_t>(day) - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const std::int64_t days = era * 146097 + doe - 719468;
    return days * 86400 + static_cast<std::int64_t>(hour * 3600 + minute * 60 + second);
}

}  // namespace

bool parseContentRange(std::string_view value, std::uint64_t& start, std::optional<std::uint64_t>& total)
{
    value = trimmed(value);
    if (value.substr(0, 6) != "bytes ")
        return false;
    value.remove_prefix(6);
    const auto dash = value.find('-');
    const auto slash = value.find('/');
    if (dash == std::string_view::npos || slash == std::string_view::npos || slash < dash)
        return false;
    std::uint64_t first = 0, last = 0;
    if (!readNumber(value.substr(0, dash), first) || !readNumber(value.substr(dash + 1, slash - dash - 1), last) ||
        last < first)
        return false;
    const auto totalText = value.substr(slash + 1);
    std::uint64_t t = 0;
    if (totalText == "*")
        total.reset();
    else if (readNumber(totalText, t) && t > last)
        total = t;
    else
        return false;
    start = first;
    return true;
}

std::optional<long> parseRetryAfter(std::string_view value, std::int64_t nowUnixSeconds)
{
    value = trimmed(value);
    std::uint64_t seconds = 0;
    if (readNumber(value, seconds))
        return static_cast<long>(std::min<std::uint64_t>(seconds, 86400));
    if (const auto when = imfFixdate(value))
        return static_cast<long>(std::clamp<std::int64_t>(*when - nowUnixSeconds, 0, 86400));
    return std::nullopt;
}

std::string resolveUrl(const std::string& base, const std::string& reference)
{
    if (reference.find("://") != std::string::npos)
        return reference;
    const auto schemeEnd = base.find("://");
    if (schemeEnd == std::string::npos)
        return reference;
    const auto pathStart = base.find('/', schemeEnd + 3);
    const std::string origin = pathStart == std::string::npos ? base : base.substr(0, pathStart);
    if (reference.rfind("//", 0) == 0)
        return base.substr(0, schemeEnd + 1) + reference;
    std::string path;
    if (!reference.empty() && reference.front() == '/') {
        path = reference;
    } else {
        std::string basePath = pathStart == std::string::npos ? "/" : base.substr(pathStart);
        if (const auto q = basePath.find_first_of("?#"); q != std::string::npos)
            basePath.resize(q);
        path = basePath.substr(0, basePath.rfind('/') + 1) + reference;
    }
    // Remove "." and ".." segments (RFC 3986 §5.2.4), the query left alone.
    std::string query;
    if (const auto q = path.find_first_of("?#"); q != std::string::npos) {
        query = path.substr(q);
        path.resize(q);
    }
    std::vector<std::string> segments;
    std::size_t i = 1;
    while (i <= path.size()) {
        const auto next = path.find('/', i);
        const std::string segment = path.substr(i, next == std::string::npos ? std::string::npos : next - i);
        const bool last = next == std::string::npos;
        if (segment == "..") {
            if (!segments.empty())
                segments.pop_back();
            if (last)
                segments.emplace_back();
        } else if (segment == ".") {
            if (last)
                segments.emplace_back();
        } else {
            segments.push_back(segment);
        }
        if (last)
            break;
        i = next + 1;
    }
    std::string out;
    for (const auto& s : segments)
        out += "/" + s;
    if (out.empty())
        out = "/";
    return origin + out + query;
}

std::string proxyHostPort(const std::string& proxy)
{
    std::string_view rest = trimmedProxy(proxy);
    if (rest.substr(0, 7) == "http://")
        rest.remove_prefix(7);
    if (!rest.empty() && rest.back() == '/')
        rest.remove_suffix(1);
    return std::string(rest);
}

std::string proxyError(const std::string& proxy)
{
    const std::string_view text = trimmedProxy(proxy);
    if (text.find("://") != std::string_view::npos && text.substr(0, 7) != "http://")
        return "only an http:// proxy is supported (the connection to the server through it is still TLS, end to "
               "end); give it as host:port or http://host:port";
    const std::string hostPort = proxyHostPort(proxy);
    if (hostPort.find('@') != std::string::npos)
        return "a user name or password in --proxy would be visible to every user of this computer: on Linux put "
               "them in the https_proxy variable, on Windows let the proxy sign you in with Windows";
    const auto colon = hostPort.rfind(':');
    std::uint64_t port = 0;
    if (colon == std::string::npos || colon == 0 || !readNumber(std::string_view(hostPort).substr(colon + 1), port) ||
        port == 0 || port > 65535)
        return "give the proxy as host:port, e.g. proxy.example.com:8080";
    if (hostPort.find_first_of("/ \t\r\n?#") != std::string::npos)
        return "a proxy is a host and a port only (host:port), without a path";
    return {};
}

}  // namespace cudnnsetup
