#include "archive/pathsafety.h"

#include "common/casefold.h"
#include "common/text.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cudnnsetup {
namespace {

char asciiUpper(char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c; }

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (asciiUpper(a[i]) != asciiUpper(b[i]))
            return false;
    return true;
}

// Win32 maps COM¹..COM³ / LPT¹..LPT³ to devices too (superscript digits, UTF-8 C2 B9/B2/B3).
bool isDeviceDigit(std::string_view s)
{
    if (s.size() == 1)
        return s[0] >= '1' && s[0] <= '9';
    return s.size() == 2 && static_cast<unsigned char>(s[0]) == 0xC2
           && (static_cast<unsigned char>(s[1]) == 0xB9 || static_cast<unsigned char>(s[1]) == 0xB2
               || static_cast<unsigned char>(s[1]) == 0xB3);
}

// Win32 treats "nul", "NUL.txt", "nul .tar.gz" and "Com1" all as devices: the part before the first
// dot, with trailing spaces removed, is what counts.
bool isReservedName(std::string_view segment)
{
    std::string_view base = segment.substr(0, segment.find('.'));
    while (!base.empty() && base.back() == ' ')
        base.remove_suffix(1);
    static constexpr std::array<std::string_view, 6> plain{"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"};
    for (auto name : plain)
        if (equalsIgnoreCase(base, name))
            return true;
    if (base.size() >= 4 && (equalsIgnoreCase(base.substr(0, 3), "COM") || equalsIgnoreCase(base.substr(0, 3), "LPT")))
        return isDeviceDigit(base.substr(3));
    return false;
}

PathCheck verdict(PathVerdict v, std::string normalized, std::string reason)
{
    return PathCheck{v, std::move(normalized), std::move(reason)};
}

std::vector<std::string_view> splitSegments(std::string_view path)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t slash = path.find('/', start);
        if (slash == std::string_view::npos)
            slash = path.size();
        out.push_back(path.substr(start, slash - start));
        start = slash + 1;
    }
    return out;
}

}  // namespace

PathCheck checkEntryPath(std::string_view rawName)
{
    if (rawName.empty())
        return verdict(PathVerdict::Empty, "", "the entry has an empty name");

    std::string slashed(rawName);
    for (char& c : slashed)
        if (c == '\\')
            c = '/';

    // Collapse runs of '/' after the first character so "a//b" reads as "a/b", but keep a leading
    // "//" visible: that is the UNC / "\\?\" / "\\.\" prefix we must reject as such.
    std::string normalized;
    normalized.reserve(slashed.size());
    for (std::size_t i = 0; i < slashed.size(); ++i) {
        if (slashed[i] == '/' && i > 1 && normalized.back() == '/')
            continue;
        normalized += slashed[i];
    }

    if (normalized.rfind("//", 0) == 0)
        return verdict(PathVerdict::Unc, normalized,
                       "the entry name is a UNC or device path (\\\\server, \\\\?\\, \\\\.\\) and would be written outside the target folder");
    if (normalized.front() == '/')
        return verdict(PathVerdict::Absolute, normalized,
                       "the entry name is an absolute path and would be written outside the target folder");
    const char first = normalized.front();
    if (normalized.size() >= 2 && normalized[1] == ':' && ((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z')))
        return verdict(PathVerdict::DriveQualified, normalized,
                       "the entry name starts with a drive letter and would be written outside the target folder");

    auto segments = splitSegments(normalized);
    if (segments.size() > 1 && segments.back().empty())
        segments.pop_back();  // a directory entry's trailing slash

    // ".." anywhere is the classic zip-slip; report it before lesser findings in the same name.
    for (auto seg : segments)
        if (seg == "..")
            return verdict(PathVerdict::ParentSegment, normalized,
                           "the entry name contains a '..' segment and could be written outside the target folder");

    for (unsigned char c : normalized) {
        if (c < 0x20 || c == 0x7F || c == '<' || c == '>' || c == '"' || c == '|' || c == '?' || c == '*')
            return verdict(PathVerdict::ControlChar, normalized,
                           "the entry name contains a control character or one of <>\"|?* that Windows does not allow");
    }
    if (normalized.find(':') != std::string::npos)
        return verdict(PathVerdict::Stream, normalized,
                       "the entry name contains ':' (an NTFS alternate data stream or drive reference)");

    for (auto seg : segments) {
        if (seg.empty())
            return verdict(PathVerdict::Empty, normalized, "the entry name has an empty path segment");
        if (seg == ".")
            return verdict(PathVerdict::DotSegment, normalized, "the entry name contains a '.' segment");
        if (seg.back() == '.' || seg.back() == ' ')
            return verdict(PathVerdict::TrailingDotSpace, normalized,
                           "a segment of the entry name ends in a dot or space, which Windows silently strips "
                           "(the file would land under another name)");
        if (isReservedName(seg))
            return verdict(PathVerdict::ReservedName, normalized,
                           "the entry name uses a Windows reserved device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$)");
    }
    return verdict(PathVerdict::Safe, normalized, "");
}

std::string collisionKey(std::string_view normalizedName)
{
    std::string_view name = normalizedName;
    while (name.size() > 1 && name.back() == '/')
        name.remove_suffix(1);
    std::string key;
    key.reserve(name.size());
    for (std::size_t i = 0; i < name.size();) {
        const auto b0 = static_cast<unsigned char>(name[i]);
        std::uint32_t cp = b0;
        std::size_t len = 1;
        if (b0 >= 0xC0 && b0 < 0xE0 && i + 1 < name.size()) {
            cp = ((b0 & 0x1Fu) << 6) | (static_cast<unsigned char>(name[i + 1]) & 0x3Fu);
            len = 2;
        } else if (b0 >= 0xE0 && b0 < 0xF0 && i + 2 < name.size()) {
            cp = ((b0 & 0x0Fu) << 12) | ((static_cast<unsigned char>(name[i + 1]) & 0x3Fu) << 6)
                 | (static_cast<unsigned char>(name[i + 2]) & 0x3Fu);
            len = 3;
        }
        if (len == 1 && b0 >= 0x80) {  // stray or 4-byte sequence byte: keep as is
            key += name[i];
        } else if (cp == '\\') {
            key += '/';
        } else {
            const std::uint32_t folded = simpleCaseFold(cp);  // NTFS: common/casefold.h
            if (folded == cp)
                key.append(name.substr(i, len));
            else
                putUtf8(key, folded);
        }
        i += len;
    }
    return key;
}

bool isWithin(const std::string& root, const std::string& child)
{
    auto norm = [](std::string s) {
        for (char& c : s)
            if (c == '\\')
                c = '/';
        while (s.size() > 1 && s.back() == '/' && !(s.size() == 3 && s[1] == ':'))
            s.pop_back();
        return s;
    };
    const std::string r = norm(root);
    const std::string c = norm(child);
#ifdef _WIN32
    auto same = [](std::string_view a, std::string_view b) { return equalsIgnoreCase(a, b); };
#else
    auto same = [](std::string_view a, std::string_view b) { return a == b; };
#endif
    if (r.empty() || c.size() < r.size() || !same(std::string_view(c).substr(0, r.size()), r))
        return false;
    if (c.size() == r.size())
        return true;
    // The next character must be a separator, so "dest-evil" is not inside "dest".
    if (r.back() != '/' && c[r.size()] != '/')
        return false;
    // Defensive: a caller that did not normalise could still climb out with "..".
    std::string rest(1, '/');
    rest.append(c, r.size(), std::string::npos);
    rest += '/';
    return rest.find("/../") == std::string::npos;
}

}  // namespace cudnnsetup
