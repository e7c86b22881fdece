#include "platform/longpath.h"

#include <vector>

namespace cudnnsetup {

namespace {

bool isSep(char c) { return c == '\\' || c == '/'; }

bool isDriveAbsolute(std::string_view p)
{
    return p.size() >= 3 && ((p[0] >= 'A' && p[0] <= 'Z') || (p[0] >= 'a' && p[0] <= 'z')) && p[1] == ':' &&
           isSep(p[2]);
}

// Joins `rest` onto `head` after resolving "." and ".."; ".." never climbs above
// the root, as Windows itself does for C:\..\x.
std::string normalised(std::string head, std::string_view rest)
{
    std::vector<std::string_view> parts;
    size_t i = 0;
    while (i <= rest.size()) {
        size_t j = i;
        while (j < rest.size() && !isSep(rest[j]))
            ++j;
        const std::string_view part = rest.substr(i, j - i);
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        i = j + 1;
    }
    for (size_t k = 0; k < parts.size(); ++k) {
        if (k > 0)
            head += '\\';
        head += parts[k];
    }
    // Keep a trailing separator the caller gave ("C:\dir\" stays a directory form).
    if (!rest.empty() && isSep(rest.back()) && !parts.empty())
        head += '\\';
    return head;
}

}  // namespace

bool hasExtendedPrefix(std::string_view p)
{
    return p.size() >= 4 && isSep(p[0]) && isSep(p[1]) && (p[2] == '?' || p[2] == '.') && isSep(p[3]);
}

std::string extendedLengthPath(std::string_view p)
{
    if (hasExtendedPrefix(p))
        return std::string(p);
    if (isDriveAbsolute(p))
        return normalised(std::string("\\\\?\\") + p[0] + ":\\", p.substr(3));
    if (p.size() >= 3 && isSep(p[0]) && isSep(p[1]) && !isSep(p[2])) {
        // UNC: \\server\share\rest — server and share are kept, the rest normalised.
        size_t server = 2;
        while (server < p.size() && !isSep(p[server]))
            ++server;
        size_t share = server + 1;
        while (share < p.size() && !isSep(p[share]))
            ++share;
        if (server >= p.size() || share == server + 1)
            return std::string(p);  // "\\server" alone is not a file path
        std::string head = "\\\\?\\UNC\\" + std::string(p.substr(2, server - 2)) + "\\" +
                           std::string(p.substr(server + 1, share - server - 1)) + "\\";
        if (share >= p.size())
            return head.substr(0, head.size() - 1);
        return normalised(head, p.substr(share + 1));
    }
    return std::string(p);
}

}  // namespace cudnnsetup
