#include "detect/copies.h"

#include "detect/fsutil.h"
#include "detect/packageowners.h"
#include "formats/elfreader.h"
#include "formats/pereader.h"
#include "platform/childprocess.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
const char* kSystemEnvKey = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";

bool isMainLibrary(const std::string& name, bool windows)
{
    static const std::regex dll(R"(cudnn64_\d+\.dll)", std::regex::icase);
    static const std::regex so(R"(libcudnn\.so\.\d+)");
    return std::regex_match(name, windows ? dll : so);
}

std::optional<std::string> registryPath(const Environment& env, const Registry& reg, RegistryHive hive, const char* key)
{
    const auto v = reg.value(hive, key, "Path", RegistryView::Native64);
    if (!v || v->type == RegistryValue::Type::Dword)
        return std::nullopt;
    return v->type == RegistryValue::Type::ExpandString ? env.expand(v->text) : v->text;
}

// Parses `ldconfig -p`: "\tlibcudnn.so.9 (libc6,x86-64) => /usr/local/cuda-13.0/lib/libcudnn.so.9".
std::vector<std::pair<std::string, std::string>> ldconfigCache()
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const char* prog : {"/sbin/ldconfig", "/usr/sbin/ldconfig", "ldconfig"}) {
        const auto r = runChildProcess(prog, {"-p"}, 3000);
        if (!r.started || r.timedOut || r.exitCode != 0)
            continue;
        static const std::regex line(R"(^\s+(\S+) \(([^)]*)\) => (\S+)$)");
        std::size_t start = 0;
        while (start < r.out.size()) {
            std::size_t end = r.out.find('\n', start);
            if (end == std::string::npos)
                end = r.out.size();
            const std::string l = r.out.substr(start, end - start);
            std::smatch m;
            if (std::regex_match(l, m, line) && m[1].str().rfind("libcudnn", 0) == 0 &&
                m[2].str().find("x86-64") != std::string::npos)
                out.emplace_back(m[1].str(), m[3].str());
            start = end + 1;
        }
        break;
    }
    return out;
}

std::vector<std::string> ldSoConfDirs(const std::string& prefix)
{
    std::vector<std::string> out;
    const fs::path confd = fs::path(prefix) / "etc" / "ld.so.conf.d";
    for (const auto& n : listDirectory(confd.string())) {
        if (n.size() < 5 || n.substr(n.size() - 5) != ".conf")
            continue;
        std::ifstream in(confd / n);
        std::string line;
        while (std::getline(in, line)) {
            const auto hash = line.find('#');
            if (hash != std::string::npos)
                line.erase(hash);
            while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
                line.pop_back();
            if (!line.empty() && line[0] == '/')
                out.push_back((fs::path(prefix) / line.substr(1)).string());
        }
    }
    return out;
}

// conda environments and pip/torch folders that ship cuDNN.
std::vector<std::pair<std::string, std::string>> pythonDirs(const Environment& env)
{
    std::vector<std::pair<std::string, std::string>> out;  // (dir, origin)
    const bool win = env.windowsRules();
    std::vector<fs::path> envRoots;
    if (const auto p = env.get("CONDA_PREFIX"))
        envRoots.emplace_back(*p);
    if (const auto home = env.knownFolder(KnownFolder::Home))
        for (const char* dist : {"miniconda3", "anaconda3", "miniforge3"}) {
            const fs::path base = fs::path(*home) / dist;
            if (!isDirectory(base.string()))
                continue;
            envRoots.push_back(base);
            for (const auto& e : listDirectory((base / "envs").string()))
                envRoots.push_back(base / "envs" / e);
        }
    std::vector<fs::path> sitePackages;
    for (const auto& root : envRoots) {
        out.emplace_back((win ? root / "Library" / "bin" : root / "lib").string(), "conda");
        if (win)
            sitePackages.push_back(root / "Lib" / "site-packages");
        else
            for (const auto& py : listDirectory((root / "lib").string()))
                if (py.rfind("python3", 0) == 0)
                    sitePackages.push_back(root / "lib" / py / "site-packages");
    }
    if (const auto home = env.knownFolder(KnownFolder::Home)) {
        if (win) {
            const fs::path progs = fs::path(*home) / "AppData" / "Local" / "Programs" / "Python";
            for (const auto& py : listDirectory(progs.string()))
                sitePackages.push_back(progs / py / "Lib" / "site-packages");
        } else {
            for (const auto& py : listDirectory((fs::path(*home) / ".local" / "lib").string()))
                sitePackages.push_back(fs::path(*home) / ".local" / "lib" / py / "site-packages");
        }
    }
    if (const auto venv = env.get("VIRTUAL_ENV")) {
        if (win)
            sitePackages.push_back(fs::path(*venv) / "Lib" / "site-packages");
        else
            for (const auto& py : listDirectory((fs::path(*venv) / "lib").string()))
                sitePackages.push_back(fs::path(*venv) / "lib" / py / "site-packages");
    }
    for (const auto& sp : sitePackages) {
        out.emplace_back((sp / "nvidia" / "cudnn" / (win ? "bin" : "lib")).string(), "pip");
        out.emplace_back((sp / "torch" / "lib").string(), "torch");
    }
    return out;
}
}  // namespace

std::string normalizeDir(const std::string& dir, bool caseInsensitive)
{
    std::string s = dir;
    std::replace(s.begin(), s.end(), '\\', '/');
    while (s.size() > 1 && s.back() == '/')
        s.pop_back();
    return caseInsensitive ? lowerAscii(s) : s;
}

std::vector<Ranking> rankCopies(const std::vector<SearchEntry>& order, const std::vector<CopyCandidate>& copies,
                                bool caseInsensitive)
{
    std::vector<Ranking> out(copies.size());
    std::map<std::string, std::pair<int, std::size_t>> best;  // file name -> (rank, copy index)
    for (std::size_t c = 0; c < copies.size(); ++c) {
        const std::string dir = normalizeDir(copies[c].dir, caseInsensitive);
        const std::string name = caseInsensitive ? lowerAscii(copies[c].fileName) : copies[c].fileName;
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (order[i].onlyName && (caseInsensitive ? lowerAscii(*order[i].onlyName) : *order[i].onlyName) != name)
                continue;
            if (normalizeDir(order[i].dir, caseInsensitive) == dir) {
                out[c].rank = static_cast<int>(i);
                break;
            }
        }
        if (out[c].rank < 0)
            continue;
        const auto it = best.find(name);
        if (it == best.end() || out[c].rank < it->second.first)
            best[name] = {out[c].rank, c};
    }
    for (const auto& [name, rc] : best)
        out[rc.second].wins = true;
    return out;
}

std::vector<std::pair<std::string, std::string>> programPath(const Environment& env, const Registry& reg)
{
    std::vector<std::pair<std::string, std::string>> out;
    if (env.windowsRules()) {
        const auto sys = registryPath(env, reg, RegistryHive::LocalMachine, kSystemEnvKey);
        const auto user = registryPath(env, reg, RegistryHive::CurrentUser, "Environment");
        if (sys || user) {
            for (const auto& d : env.splitList(sys.value_or("")))
                out.emplace_back(d, "PATH (system)");
            for (const auto& d : env.splitList(user.value_or("")))
                out.emplace_back(d, "PATH (user)");
            return out;
        }
    }
    // No registry (Linux, or Wine without one): the PATH this process was given.
    for (const auto& d : env.splitList(env.get("PATH").value_or("")))
        out.emplace_back(env.windowsRules() ? env.expand(d) : d, "PATH");
    return out;
}

std::vector<SearchEntry> searchOrder(const Environment& env, const Registry& reg, const SearchContext& ctx)
{
    std::vector<SearchEntry> order;
    if (ctx.windowsRules) {
        // LoadLibrary's standard order for a 64-bit program: its own folder (unknown here),
        // System32, the Windows folder, the current folder, then PATH.
        if (const auto sys = env.knownFolder(KnownFolder::System32))
            order.push_back({*sys, "System32", std::nullopt});
        for (const auto& [d, origin] : programPath(env, reg))
            order.push_back({d, origin, std::nullopt});
        return order;
    }
    for (const auto& d : env.splitList(env.get("LD_LIBRARY_PATH").value_or("")))
        order.push_back({d, "LD_LIBRARY_PATH", std::nullopt});
    if (ctx.useLdconfig)
        for (const auto& [name, path] : ldconfigCache())
            order.push_back({fs::path(path).parent_path().string(), "ldconfig", name});
    for (const char* d : {"lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu", "lib64", "usr/lib64", "lib", "usr/lib"})
        order.push_back({(fs::path(ctx.systemPrefix) / d).string(), "default", std::nullopt});
    return order;
}

std::vector<SearchEntry> loaderOrderFor(const std::vector<SearchEntry>& systemOrder, const std::string& objectPath,
                                        const ElfFacts& elf)
{
    const fs::path object(objectPath);
    const std::string origin = object.parent_path().string();
    const std::string name = object.filename().string();
    auto expanded = [&](const std::vector<std::string>& list, const std::string& what) {
        std::vector<SearchEntry> out;
        for (std::string d : list) {
            for (const char* token : {"${ORIGIN}", "$ORIGIN"})
                for (std::size_t at; (at = d.find(token)) != std::string::npos;)
                    d.replace(at, std::string_view(token).size(), origin);
            if (d.find('$') != std::string::npos || !d.starts_with('/'))
                continue;
            out.push_back({fs::path(d).lexically_normal().string(), what + " of " + name, std::nullopt});
        }
        return out;
    };
    std::vector<SearchEntry> order;
    if (!elf.hasRunpath)
        order = expanded(elf.rpath, "RPATH");
    std::size_t i = 0;
    for (; i < systemOrder.size() && systemOrder[i].origin == "LD_LIBRARY_PATH"; ++i)
        order.push_back(systemOrder[i]);
    for (auto& e : expanded(elf.runpath, "RUNPATH"))
        order.push_back(std::move(e));
    order.insert(order.end(), systemOrder.begin() + long(i), systemOrder.end());
    return order;
}

std::vector<CudnnCopy> findCopies(const Environment& env, const Registry& reg, const SearchContext& ctx)
{
    const bool win = ctx.windowsRules;
    const auto order = searchOrder(env, reg, ctx);
    // Folders to look in, each with what it is; the first description of a folder is kept,
    // except that a specific one (conda, pip, toolkit, System32) beats a search-path one.
    std::vector<std::pair<std::string, std::string>> dirs;
    for (const auto& e : order)
        dirs.emplace_back(e.dir, e.origin);
    if (win) {
        if (const auto s = env.knownFolder(KnownFolder::SysWow64))
            dirs.emplace_back(*s, "SysWOW64");
    } else {
        for (const auto& d : ldSoConfDirs(ctx.systemPrefix))
            dirs.emplace_back(d, "ld.so.conf.d");
    }
    for (const auto& pd : pythonDirs(env))
        dirs.push_back(pd);
    for (const auto& d : ctx.extraDirs)
        dirs.emplace_back(d, "toolkit");
    const std::set<std::string> specific = {"System32", "SysWOW64", "conda", "pip", "torch", "toolkit"};

    std::map<std::string, std::size_t> byKey;  // canonical file -> index in copies
    std::vector<CudnnCopy> copies;
    std::vector<CopyCandidate> cands;
    for (const auto& [dir, origin] : dirs) {
        for (const auto& name : globFiles(dir, win ? ".dll" : ".so.")) {
            if (!isMainLibrary(name, win))
                continue;
            const std::string path = (fs::path(dir) / name).string();
            const std::string key = canonicalKey(path) + "|" + name;
            if (const auto it = byKey.find(key); it != byKey.end()) {
                if (specific.count(origin) && !specific.count(copies[it->second].origin))
                    copies[it->second].origin = origin;
                continue;
            }
            CudnnCopy c;
            c.path = path;
            c.origin = origin;
            if (win) {
                if (const auto sz = fileSize(path); sz && *sz > 0)
                    c.version = readPeFile(path).fileVersion;
            } else {
                std::error_code ec;
                const auto real = fs::canonical(path, ec);
                const auto v = ec ? std::nullopt : std::optional<std::string>(real.filename().string());
                // libcudnn.so.9 -> libcudnn.so.9.19.0 gives the full version when the chain has it.
                c.version = v ? [&]() -> std::optional<std::string> {
                    const auto pos = v->find(".so.");
                    return pos == std::string::npos ? std::nullopt : std::optional<std::string>(v->substr(pos + 4));
                }() : std::nullopt;
            }
            byKey[key] = copies.size();
            copies.push_back(c);
            cands.push_back({canonicalKey(dir), name});
        }
    }
    std::vector<SearchEntry> canonicalOrder = order;
    for (auto& e : canonicalOrder)
        e.dir = canonicalKey(e.dir);
    const auto ranks = rankCopies(canonicalOrder, cands, win);
    for (std::size_t i = 0; i < copies.size(); ++i) {
        copies[i].searchRank = ranks[i].rank;
        copies[i].wins = ranks[i].wins;
    }
    if (!win) {
        std::vector<std::string> paths;
        for (const auto& c : copies)
            paths.push_back(c.path);
        const std::string prefix = ctx.systemPrefix == "/" ? std::string() : ctx.systemPrefix;
        const auto owners = packageManagerOwnersOf(paths, prefix + "/var/lib/dpkg/info", prefix + "/var/lib/rpm");
        for (auto& c : copies)
            if (const auto it = owners.find(c.path); it != owners.end()) {
                c.package = it->second.package;
                c.packageManager = it->second.manager;
            }
    }
    return copies;
}

}  // namespace cudnnsetup
