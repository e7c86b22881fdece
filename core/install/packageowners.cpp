#include "install/packageowners.h"

#include "install/u8path.h"

#include <filesystem>
#include <fstream>

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
    std::map<std::string, std::string> wanted;  // spelling -> the path asked about
    for (const std::string& a : absolutePaths)
        for (const std::string& s : spellings(a))
            wanted.emplace(s, a);
    std::map<std::string, std::string> owners;
    if (wanted.empty())
        return owners;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(pathOf(dpkgInfoDir), ec)) {
        const std::string name = utf8Of(e.path().filename());
        if (!name.ends_with(".list"))
            continue;
        std::string package = name.substr(0, name.size() - 5);
        if (const auto colon = package.find(':'); colon != std::string::npos)
            package.resize(colon);  // libcudnn9-cuda-12:amd64
        std::ifstream in(e.path());
        std::string line;
        while (std::getline(in, line))
            if (auto it = wanted.find(line); it != wanted.end())
                owners.emplace(it->second, package);
    }
    return owners;
}

std::map<std::string, std::string> packageOwnersOf(const std::string& root, const std::vector<std::string>& rels,
                                                   const std::string& dpkgInfoDir)
{
    std::vector<std::string> abs;
    std::map<std::string, std::string> relOf;
    for (const std::string& r : rels) {
        abs.push_back(root + "/" + r);
        relOf[abs.back()] = r;
    }
    std::map<std::string, std::string> out;
    for (const auto& [a, package] : dpkgOwnersOf(abs, dpkgInfoDir))
        out[relOf.at(a)] = package;
    return out;
}

}  // namespace cudnnsetup
