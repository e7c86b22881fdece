#include "detect/pathhygiene.h"

#include "common/problemcodes.h"
#include "detect/copies.h"

#include <algorithm>

namespace cudnnsetup {

namespace {
// The system PATH a dialog or setx can still edit whole (older Windows: 2,047 characters per value).
constexpr std::size_t kEditableLength = 2047;

std::vector<std::string> rawEntries(const std::string& raw)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= raw.size()) {
        const auto end = std::min(raw.find(';', start), raw.size());
        const std::string e = raw.substr(start, end - start);
        if (!e.empty())
            out.push_back(e);
        start = end + 1;
    }
    return out;
}

bool quoted(const std::string& e)
{
    return e.find('"') != std::string::npos;
}

std::string unquoted(std::string e)
{
    e.erase(std::remove(e.begin(), e.end(), '"'), e.end());
    return e;
}

bool listed(const std::vector<std::string>& list, const std::string& dir)
{
    const std::string d = normalizeDir(unquoted(dir), true);
    return std::any_of(list.begin(), list.end(), [&](const std::string& e) { return normalizeDir(unquoted(e), true) == d; });
}
}  // namespace

std::vector<PathFinding> pathHygiene(const PathValues& s, const std::vector<std::pair<std::string, std::string>>& toolkitDirs,
                                     bool (*exists)(const std::string&))
{
    std::vector<PathFinding> out;
    if (s.systemRaw && s.systemRaw->size() > kEditableLength)
        out.push_back({codes::kSystemPathTooLong, "", {{"length", std::to_string(s.systemRaw->size())}}});
    const struct {
        const char* scope;
        const std::optional<std::string>& raw;
        const std::vector<std::string>& expanded;
    } scopes[] = {{"system", s.systemRaw, s.systemExpanded}, {"user", s.userRaw, s.userExpanded}};
    for (const auto& sc : scopes) {
        for (const auto& e : rawEntries(sc.raw.value_or("")))
            if (quoted(e))
                out.push_back({codes::kPathQuotedEntry, e, {{"scope", sc.scope}, {"entry", e}, {"dir", unquoted(e)}}});
        std::string missing, first;
        for (const auto& e : sc.expanded) {
            const std::string d = unquoted(e);
            if (d.empty() || exists(d))
                continue;
            missing += (missing.empty() ? "" : "; ") + d;
            if (first.empty())
                first = d;
        }
        if (!missing.empty())
            out.push_back({codes::kPathMissingEntry, first, {{"scope", sc.scope}, {"entries", missing}}});
    }
    for (const auto& [dir, cuda] : toolkitDirs)
        if (listed(s.userExpanded, dir) && !listed(s.systemExpanded, dir))
            out.push_back({codes::kToolkitBinUserPath, dir, {{"dir", dir}, {"cuda", cuda}}});
    for (const auto& [name, value] : s.cudaPathVars)
        if (!value.empty() && !exists(unquoted(value)))
            out.push_back({codes::kCudaPathMissing, value, {{"var", name}, {"cuda_path", value}}});
    return out;
}

}  // namespace cudnnsetup
