#include "detect/packageowners.h"

#include "common/u8path.h"
#include "platform/childprocess.h"

#include <filesystem>
#include <fstream>
#include <string_view>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

// "/a/b/libx.so" and, when a folder on the way is a link, the path dpkg would have written.
std::vector<std::string> spellings(const std::string& abs)
{
    std::vector<std::string> out{abs};
    std::error_code ec;
    const fs::path p = pathOf(abs);
    const fs::path parent = fs::canonical(p.parent_path(), ec);
    if (!ec) {
        const std::string real = utf8Of(parent / p.filename());
        if (real != abs)
            out.push_back(real);
    }
    return out;
}

}  // namespace

std::map<std::string, std::string> dpkgOwnersOf(const std::vector<std::string>& absolutePaths,
                                                const std::string& dpkgInfoDir)
{
    std::map<std::string, std::string, std::less<>> wanted;  // spelling -> the path asked about
    for (const std::string& a : absolutePaths)
        for (const std::string& s : spellings(a))
            wanted.emplace(s, a);
    std::map<std::string, std::string> owners;
    if (wanted.empty())
        return owners;
    // The database lists every file of every package (a desktop's is 150,000 lines and more), and
    // each plan of a toolkit asks: a line is looked up only when it starts with what every path
    // asked about shares (the toolkit's folder, as a rule), so most lines cost one comparison.
    std::string_view shared = wanted.begin()->first;
    for (const auto& [spelling, path] : wanted) {
        std::size_t n = 0;
        while (n < shared.size() && n < spelling.size() && shared[n] == spelling[n])
            ++n;
        shared = shared.substr(0, n);
    }
    std::error_code ec;
    std::string text;
    for (const auto& e : fs::directory_iterator(pathOf(dpkgInfoDir), ec)) {
        const std::string name = utf8Of(e.path().filename());
        if (!name.ends_with(".list"))
            continue;
        std::string package = name.substr(0, name.size() - 5);
        if (const auto colon = package.find(':'); colon != std::string::npos)
            package.resize(colon);  // libcudnn9-cuda-12:amd64
        std::ifstream in(e.path(), std::ios::binary);
        text.clear();
        char piece[1 << 16];
        while (in.read(piece, sizeof piece) || in.gcount() > 0)
            text.append(piece, static_cast<std::size_t>(in.gcount()));
        std::string_view rest = text;
        while (!rest.empty()) {
            const std::size_t end = std::min(rest.find('\n'), rest.size());
            const std::string_view line = rest.substr(0, end);
            rest.remove_prefix(std::min(end + 1, rest.size()));
            if (!line.starts_with(shared))
                continue;
            if (auto it = wanted.find(line); it != wanted.end())
                owners.emplace(it->second, package);
        }
    }
    return owners;
}

bool rpmDatabaseIn(const std::string& rpmDbDir)
{
    std::error_code ec;
    for (const char* name : {"rpmdb.sqlite", "Packages", "Packages.db"})
        if (fs::is_regular_file(pathOf(rpmDbDir) / name, ec))
            return true;
    return false;
}

std::map<std::string, std::string> rpmOwnersOf(const std::vector<std::string>& absolutePaths,
                                               const std::string& rpmDbDir)
{
    std::map<std::string, std::string> owners;
    if (absolutePaths.empty() || !rpmDatabaseIn(rpmDbDir))
        return owners;
    // An absolute program, not a PATH lookup: the elevated side runs this too.
    std::string rpm;
    std::error_code ec;
    for (const char* candidate : {"/usr/bin/rpm", "/bin/rpm"})
        if (rpm.empty() && fs::is_regular_file(candidate, ec))
            rpm = candidate;
    if (rpm.empty())
        return owners;
    std::map<std::string, std::string> wanted;  // spelling -> the path asked about
    std::vector<std::string> args{"--dbpath", rpmDbDir, "-qf", "--queryformat", "[%{FILENAMES}\t%{=NAME}\n]", "--"};
    for (const std::string& a : absolutePaths) {
        if (!fs::exists(fs::symlink_status(pathOf(a), ec)))
            continue;  // rpm -qf answers only for what is there; nothing there is nothing to overwrite
        args.push_back(a);
        for (const std::string& s : spellings(a))
            wanted.emplace(s, a);
    }
    if (wanted.empty())
        return owners;
    // Exit 1 when some path is owned by no package: the lines that were printed still count.
    const ChildResult r = runChildProcess(rpm, args, 60000);
    if (!r.started || r.timedOut || r.crashed)
        return owners;
    std::size_t start = 0;
    while (start < r.out.size()) {
        const std::size_t end = std::min(r.out.find('\n', start), r.out.size());
        const std::string line = r.out.substr(start, end - start);
        start = end + 1;
        const auto tab = line.rfind('\t');
        if (tab == std::string::npos)
            continue;  // "file X is not owned by any package"
        if (auto it = wanted.find(line.substr(0, tab)); it != wanted.end())
            owners.emplace(it->second, line.substr(tab + 1));
    }
    return owners;
}

std::map<std::string, PackageOwner> packageManagerOwnersOf(const std::vector<std::string>& absolutePaths,
                                                           const std::string& dpkgInfoDir,
                                                           const std::string& rpmDbDir)
{
    std::map<std::string, PackageOwner> out;
    for (auto& [path, package] : dpkgOwnersOf(absolutePaths, dpkgInfoDir))
        out.emplace(path, PackageOwner{package, "dpkg"});
    for (auto& [path, package] : rpmOwnersOf(absolutePaths, rpmDbDir))
        out.emplace(path, PackageOwner{package, "rpm"});
    return out;
}

std::map<std::string, PackageOwner> packageOwnersOf(const std::string& root, const std::vector<std::string>& rels,
                                                    const std::string& dpkgInfoDir, const std::string& rpmDbDir)
{
    std::vector<std::string> abs;
    std::map<std::string, std::string> relOf;
    for (const std::string& r : rels) {
        abs.push_back(root + "/" + r);
        relOf[abs.back()] = r;
    }
    std::map<std::string, PackageOwner> out;
    for (const auto& [a, owner] : packageManagerOwnersOf(abs, dpkgInfoDir, rpmDbDir))
        out[relOf.at(a)] = owner;
    return out;
}

}  // namespace cudnnsetup
