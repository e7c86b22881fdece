#include "detect/loadset.h"

#include "detect/fsutil.h"
#include "formats/pereader.h"
#include "releases/releases.h"

#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

std::vector<int> rankFiles(const std::vector<SearchEntry>& order, const std::vector<std::string>& names,
                           const std::function<bool(const std::string& dir, const std::string& name)>& has)
{
    std::vector<int> out(names.size(), -1);
    for (std::size_t n = 0; n < names.size(); ++n)
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (order[i].onlyName && lowerAscii(*order[i].onlyName) != lowerAscii(names[n]))
                continue;
            if (has(order[i].dir, names[n])) {
                out[n] = static_cast<int>(i);
                break;
            }
        }
    return out;
}

std::vector<LoadSet> loadSets(const std::vector<SearchEntry>& order, const std::vector<CudnnCopy>& copies)
{
    std::map<std::string, std::set<std::string>> listings;  // folder -> lower-case names
    auto has = [&listings](const std::string& dir, const std::string& name) {
        auto it = listings.find(dir);
        if (it == listings.end()) {
            std::set<std::string> names;
            for (const auto& n : listDirectory(dir))
                names.insert(lowerAscii(n));
            it = listings.emplace(dir, std::move(names)).first;
        }
        return it->second.count(lowerAscii(name)) > 0;
    };
    std::vector<LoadSet> out;
    for (const auto& c : copies) {
        if (!c.wins || c.searchRank < 0)
            continue;
        const std::string mainName = fs::path(c.path).filename().string();
        // The release's file set, from the winner's own version (its major when nothing more is known).
        std::optional<Version> v = c.version ? Version::parse(*c.version) : std::nullopt;
        if (!v) {
            const auto pos = lowerAscii(mainName).find("cudnn64_");
            if (pos == std::string::npos)
                continue;
            v = Version{std::atoi(mainName.c_str() + pos + 8), 0, 0, -1};
        }
        if (v->major < 8)
            continue;  // cuDNN 7 is one DLL
        const auto dlls = windowsFileSet(*v).dlls;
        const auto ranks = rankFiles(order, dlls, has);
        LoadSet set;
        set.main = c.path;
        std::set<std::string> folders;
        for (std::size_t i = 0; i < dlls.size(); ++i) {
            if (ranks[i] < 0)
                continue;  // not found at all: missing-file / dependency findings say it
            const auto& e = order[static_cast<std::size_t>(ranks[i])];
            LoadedFile f;
            f.name = dlls[i];
            for (const auto& n : listDirectory(e.dir))  // the spelling on disk
                if (lowerAscii(n) == lowerAscii(dlls[i]))
                    f.name = n;
            f.path = (fs::path(e.dir) / f.name).string();
            if (fileSize(f.path).value_or(0) > 0)
                f.version = readPeFile(f.path).fileVersion;
            f.origin = e.origin;
            f.rank = ranks[i];
            folders.insert(normalizeDir(e.dir, true));
            const bool isMain = lowerAscii(f.name) == lowerAscii(mainName);
            set.files.insert(isMain ? set.files.begin() : set.files.end(), std::move(f));
        }
        set.mixed = folders.size() > 1;
        out.push_back(std::move(set));
    }
    return out;
}

}  // namespace cudnnsetup
