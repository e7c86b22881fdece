#include "install/pathedit.h"

#include "common/problemcodes.h"

#include <algorithm>
#include <cctype>

namespace cudnnsetup {

std::vector<std::string> splitPathValue(std::string_view raw)
{
    std::vector<std::string> out;
    if (raw.empty())
        return out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t semi = raw.find(';', start);
        if (semi == std::string_view::npos) {
            out.emplace_back(raw.substr(start));
            return out;
        }
        out.emplace_back(raw.substr(start, semi - start));
        start = semi + 1;
    }
}

std::string joinPathValue(const std::vector<std::string>& entries)
{
    std::string out;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i)
            out += ';';
        out += entries[i];
    }
    return out;
}

namespace {

std::string expandOnce(std::string_view entry, const VariableLookup& lookup)
{
    if (!lookup)
        return std::string(entry);
    std::string out;
    std::size_t i = 0;
    while (i < entry.size()) {
        const std::size_t open = entry.find('%', i);
        if (open == std::string_view::npos)
            break;
        const std::size_t close = entry.find('%', open + 1);
        if (close == std::string_view::npos)
            break;
        out.append(entry.substr(i, open - i));
        const std::string_view name = entry.substr(open + 1, close - open - 1);
        const auto value = name.empty() ? std::nullopt : lookup(name);
        if (value) {
            out += *value;
            i = close + 1;
        } else {
            // Unknown variables stay as written, like the shell does.
            out.append(entry.substr(open, close - open));
            i = close;
        }
    }
    out.append(entry.substr(std::min(i, entry.size())));
    return out;
}

}  // namespace

std::string normalizePathEntry(std::string_view entry, const VariableLookup& lookup)
{
    std::string s = expandOnce(entry, lookup);
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        if (c == '"')
            continue;
        out += c == '/' ? '\\' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == '\t'))
        out.pop_back();
    std::size_t lead = 0;
    while (lead < out.size() && (out[lead] == ' ' || out[lead] == '\t'))
        ++lead;
    out.erase(0, lead);
    // "C:\" keeps its separator: "C:" alone means the current directory of drive C.
    while (out.size() > 3 && out.back() == '\\')
        out.pop_back();
    return out;
}

bool isCudaBinEntry(std::string_view n)
{
    std::string_view rest = n;
    if (rest.ends_with("\\bin\\x64"))
        rest.remove_suffix(8);
    else if (rest.ends_with("\\bin"))
        rest.remove_suffix(4);
    else
        return false;
    // ...\cuda\v<major>[.<minor>]
    const std::size_t slash = rest.rfind('\\');
    if (slash == std::string_view::npos)
        return false;
    const std::string_view ver = rest.substr(slash + 1);
    const std::string_view parent = rest.substr(0, slash);
    if (ver.size() < 2 || ver[0] != 'v' || !std::isdigit(static_cast<unsigned char>(ver[1])))
        return false;
    for (char c : ver.substr(1))
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.')
            return false;
    return parent.ends_with("\\cuda") || parent == "cuda";
}

Result<PathEdit> addToolkitBins(std::string_view raw, const std::vector<std::string>& bins,
                                const VariableLookup& lookup)
{
    PathEdit edit;
    edit.before = std::string(raw);
    std::vector<std::string> entries = splitPathValue(raw);

    for (const std::string& bin : bins) {
        const std::string want = normalizePathEntry(bin, lookup);
        std::vector<std::string> ownNorm;
        for (const std::string& b : bins)
            ownNorm.push_back(normalizePathEntry(b, lookup));

        std::optional<std::size_t> mine, firstOther;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const std::string n = normalizePathEntry(entries[i], lookup);
            if (!mine && n == want)
                mine = i;
            const bool own = std::find(ownNorm.begin(), ownNorm.end(), n) != ownNorm.end();
            if (!firstOther && !own && isCudaBinEntry(n))
                firstOther = i;
        }
        if (mine && (!firstOther || *mine < *firstOther))
            continue;  // already ahead of every other CUDA bin
        if (mine) {
            const std::string spelled = entries[*mine];
            entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(*mine));
            entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(*firstOther), spelled);
            edit.moved.push_back({spelled, *mine, *firstOther});
            edit.changes.push_back("moved \"" + spelled + "\" from position " + std::to_string(*mine + 1) +
                                   " to " + std::to_string(*firstOther + 1) + ", ahead of \"" +
                                   entries[*firstOther + 1] + "\"");
            continue;
        }
        std::size_t at = 0;
        if (firstOther) {
            at = *firstOther;
        } else {
            // After the last non-empty entry, so that a trailing ';' stays trailing.
            at = entries.size();
            while (at > 0 && entries[at - 1].empty())
                --at;
        }
        entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(at), bin);
        edit.inserted.push_back({bin, at});
        edit.changes.push_back("added \"" + bin + "\" at position " + std::to_string(at + 1) +
                               (firstOther ? ", ahead of \"" + entries[at + 1] + "\"" : std::string()));
    }

    edit.after = joinPathValue(entries);
    if (edit.after.size() > kPathHardLimit) {
        return Error{codes::kPathTooLong,
                     "The system PATH would be " + std::to_string(edit.after.size()) +
                         " characters long, over the Windows limit of 32,767; nothing was changed. "
                         "Remove unused entries from PATH, or install with --no-path.",
                     "addToolkitBins: result length " + std::to_string(edit.after.size())};
    }
    if (edit.after.size() > kPathSoftLimit && edit.changed()) {
        edit.warnings.push_back({codes::kPathLong, std::nullopt,
                                 "The system PATH is " + std::to_string(edit.after.size()) +
                                     " characters long; past 2,047 some programs stop expanding entries such as "
                                     "%SystemRoot%. Consider removing unused entries."});
    }
    return edit;
}

namespace {
Result<PathEdit> finishEdit(PathEdit edit, const std::vector<std::string>& entries, const char* who)
{
    edit.after = joinPathValue(entries);
    if (edit.after.size() > kPathHardLimit)
        return Error{codes::kPathTooLong,
                     "The system PATH would be " + std::to_string(edit.after.size()) +
                         " characters long, over the Windows limit of 32,767; nothing was changed. "
                         "Remove unused entries from PATH first.",
                     std::string(who) + ": result length " + std::to_string(edit.after.size())};
    if (edit.after.size() > kPathSoftLimit && edit.changed())
        edit.warnings.push_back({codes::kPathLong, std::nullopt,
                                 "The system PATH is " + std::to_string(edit.after.size()) +
                                     " characters long; past 2,047 some programs stop expanding entries such as "
                                     "%SystemRoot%. Consider removing unused entries."});
    return edit;
}
}  // namespace

Result<PathEdit> addPathEntry(std::string_view raw, const std::string& entry, bool first, const VariableLookup& lookup)
{
    PathEdit edit;
    edit.before = std::string(raw);
    std::vector<std::string> entries = splitPathValue(raw);
    const std::string want = normalizePathEntry(entry, lookup);
    std::optional<std::size_t> mine, firstNonEmpty;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!firstNonEmpty && !entries[i].empty())
            firstNonEmpty = i;
        if (!mine && !entries[i].empty() && normalizePathEntry(entries[i], lookup) == want)
            mine = i;
    }
    if (mine && (!first || *mine == firstNonEmpty.value_or(0)))
        return finishEdit(std::move(edit), entries, "addPathEntry");  // already where asked
    if (mine) {
        const std::string spelled = entries[*mine];
        entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(*mine));
        entries.insert(entries.begin(), spelled);
        edit.moved.push_back({spelled, *mine, 0});
        edit.changes.push_back("moved \"" + spelled + "\" from position " + std::to_string(*mine + 1) +
                               " to 1, ahead of every other entry");
        return finishEdit(std::move(edit), entries, "addPathEntry");
    }
    std::size_t at = 0;
    if (!first) {
        // After the last non-empty entry, so that a trailing ';' stays trailing.
        at = entries.size();
        while (at > 0 && entries[at - 1].empty())
            --at;
    }
    entries.insert(entries.begin() + static_cast<std::ptrdiff_t>(at), entry);
    edit.inserted.push_back({entry, at});
    edit.changes.push_back("added \"" + entry + "\" at position " + std::to_string(at + 1) +
                           (first && entries.size() > 1 ? ", ahead of every other entry" : std::string()));
    return finishEdit(std::move(edit), entries, "addPathEntry");
}

PathRemoval removeToolkitBins(std::string_view current, const PathEdit& edit)
{
    PathRemoval out;
    if (current == edit.after) {
        out.value = edit.before;
        if (edit.changed())
            out.changes.push_back("restored PATH exactly as it was before the install");
        return out;
    }
    std::vector<std::string> entries = splitPathValue(current);
    for (auto it = edit.inserted.rbegin(); it != edit.inserted.rend(); ++it) {
        auto found = std::find(entries.begin(), entries.end(), it->entry);
        if (found == entries.end()) {
            out.notes.push_back("\"" + it->entry + "\" is no longer on PATH; nothing to remove");
            continue;
        }
        entries.erase(found);
        out.changes.push_back("removed \"" + it->entry + "\" that the install had added");
    }
    for (const PathMove& m : edit.moved)
        out.notes.push_back("PATH was changed since the install; \"" + m.entry +
                            "\" was left where it is now instead of moving it back to position " +
                            std::to_string(m.from + 1));
    out.value = joinPathValue(entries);
    return out;
}

}  // namespace cudnnsetup
