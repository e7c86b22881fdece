#include "detect/pythonenvs.h"

#include "detect/fsutil.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
// What the verdicts look at: the frameworks and the NVIDIA wheels that carry CUDA / cuDNN.
bool interesting(const std::string& name)
{
    static const std::set<std::string> names = {"tensorflow", "tensorflow-gpu", "tensorflow-intel", "onnxruntime-gpu",
                                                "paddlepaddle-gpu", "torch", "jax", "jaxlib"};
    return names.count(name) || name.rfind("nvidia-cudnn-cu", 0) == 0 || name.rfind("nvidia-cublas-cu", 0) == 0 ||
           name.rfind("nvidia-cuda-runtime-cu", 0) == 0 || name.rfind("jax-cuda", 0) == 0;
}

std::string normaliseName(std::string n)
{
    n = lowerAscii(n);
    std::string out;
    for (char c : n) {
        const bool sep = c == '-' || c == '_' || c == '.';
        if (sep) {
            if (out.empty() || out.back() != '-')
                out += '-';
        } else {
            out += c;
        }
    }
    return out;
}

std::string readHead(const std::string& file, std::size_t limit)
{
    std::ifstream in(file, std::ios::binary);
    std::string s(limit, '\0');
    in.read(s.data(), static_cast<std::streamsize>(limit));
    s.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    return s;
}

struct Finder {
    const Environment& env;
    const Registry& reg;
    const PythonFindOptions& opts;
    std::vector<PythonEnvironment> out;
    std::set<std::string> seen;

    bool win() const { return opts.windowsRules; }

    std::vector<std::string> sitePackagesOf(const fs::path& root) const
    {
        std::vector<std::string> dirs;
        auto add = [&dirs](const fs::path& p) {
            if (isDirectory(p.string()))
                dirs.push_back(p.string());
        };
        if (win()) {
            add(root / "Lib" / "site-packages");
            return dirs;
        }
        std::vector<fs::path> libs = {root / "lib"};
        if (root.filename() == "usr")
            libs.push_back(root / "local" / "lib");  // /usr/local/lib/python3.X/dist-packages: Debian's pip folder for /usr
        for (const auto& lib : libs) {
            for (const auto& py : listDirectory(lib.string()))
                if (py.rfind("python3", 0) == 0) {
                    add(lib / py / "site-packages");
                    add(lib / py / "dist-packages");
                }
        }
        return dirs;
    }

    std::optional<std::string> versionOf(const fs::path& root) const
    {
        std::ifstream cfg(root / "pyvenv.cfg");
        std::string line;
        static const std::regex ver(R"(^\s*version(?:_info)?\s*=\s*(\d+\.\d+(?:\.\d+)?))");
        while (std::getline(cfg, line)) {
            std::smatch m;
            if (std::regex_search(line, m, ver))
                return m[1].str();
        }
        static const std::regex meta(R"(^python-(\d+\.\d+\.\d+)-.*\.json$)");
        for (const auto& n : listDirectory((root / "conda-meta").string())) {
            std::smatch m;
            if (std::regex_match(n, m, meta))
                return m[1].str();
        }
        if (win()) {
            static const std::regex dll(R"(^python3(\d+)\.dll$)", std::regex::icase);
            for (const auto& n : globFiles(root.string(), ".dll")) {
                std::smatch m;
                if (std::regex_match(n, m, dll))
                    return "3." + m[1].str();
            }
        } else {
            static const std::regex lib(R"(^python(3\.\d+)$)");
            for (const auto& n : listDirectory((root / "lib").string())) {
                std::smatch m;
                if (std::regex_match(n, m, lib))
                    return m[1].str();
            }
        }
        return std::nullopt;
    }

    void add(const fs::path& root, const std::string& kind, std::optional<std::string> version = std::nullopt)
    {
        if (!isDirectory(root.string()))
            return;
        const std::string key = canonicalKey(root.string());
        if (!seen.insert(win() ? lowerAscii(key) : key).second)
            return;
        PythonEnvironment e;
        e.root = root.string();
        e.kind = kind;
        e.pythonVersion = version ? version : versionOf(root);
        e.sitePackages = sitePackagesOf(root);
        e.isConda = isDirectory((root / "conda-meta").string());
        for (const auto& sp : e.sitePackages)
            for (auto& p : readSitePackages(sp))
                e.packages.push_back(std::move(p));
        out.push_back(std::move(e));
    }

    // A user-site folder set: one environment per site-packages, the interpreter is elsewhere.
    void addUserSite(const fs::path& sp, const std::string& version)
    {
        if (!isDirectory(sp.string()) || !seen.insert(canonicalKey(sp.string())).second)
            return;
        PythonEnvironment e;
        e.root = sp.string();
        e.kind = "user site";
        e.pythonVersion = version;
        e.sitePackages = {sp.string()};
        e.packages = readSitePackages(sp.string());
        out.push_back(std::move(e));
    }

    void pep514()
    {
        // HKCU first, then HKLM (64-bit view): the order the py launcher lists them.
        for (const auto hive : {RegistryHive::CurrentUser, RegistryHive::LocalMachine})
            for (const auto& company : reg.subkeys(hive, R"(SOFTWARE\Python)", RegistryView::Native64)) {
                if (company == "PyLauncher")
                    continue;
                const std::string base = std::string(R"(SOFTWARE\Python\)") + company;
                for (const auto& tag : reg.subkeys(hive, base, RegistryView::Native64)) {
                    const std::string key = base + "\\" + tag + R"(\InstallPath)";
                    const auto dir = reg.value(hive, key, "", RegistryView::Native64);
                    if (!dir || dir->type == RegistryValue::Type::Dword || dir->text.empty())
                        continue;
                    const auto sys = reg.value(hive, base + "\\" + tag, "SysVersion", RegistryView::Native64);
                    add(fs::path(env.expand(dir->text)), "py launcher",
                        sys && sys->type != RegistryValue::Type::Dword ? std::optional<std::string>(sys->text) : std::nullopt);
                }
            }
    }

    void onPath()
    {
        for (const auto& dir : env.splitList(env.get("PATH").value_or(""))) {
            const fs::path d(win() ? env.expand(dir) : dir);
            if (win()) {
                // The Store's python.exe alias is a 0-byte stub that opens the Store, not a Python.
                if (lowerAscii(d.string()).find("windowsapps") != std::string::npos)
                    continue;
                if (fileSize((d / "python.exe").string()).value_or(0) > 0)
                    add(d, "PATH");
            } else if (pathExists((d / "python3").string()) || pathExists((d / "python").string())) {
                add(d.parent_path(), "PATH");
            }
        }
    }

    void conda()
    {
        std::vector<fs::path> bases;
        if (const auto p = env.get("CONDA_PREFIX"))
            add(fs::path(*p), "CONDA_PREFIX");
        const auto home = env.knownFolder(KnownFolder::Home);
        if (home) {
            std::ifstream list(fs::path(*home) / ".conda" / "environments.txt");
            std::string line;
            while (std::getline(list, line)) {
                while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
                    line.pop_back();
                if (!line.empty())
                    add(fs::path(line), "conda");
            }
        }
        std::vector<fs::path> roots;
        if (home)
            roots.emplace_back(*home);
        if (win())
            if (const auto pd = env.knownFolder(KnownFolder::ProgramData))
                roots.emplace_back(*pd);
        if (!win())
            roots.emplace_back("/opt");
        for (const auto& r : roots)
            for (const char* dist : {"miniconda3", "anaconda3", "miniforge3", "mambaforge", "micromamba"}) {
                const fs::path base = r / dist;
                if (!isDirectory(base.string()))
                    continue;
                // conda-meta marks a real environment (an empty envs/ parent folder is not one).
                if (isDirectory((base / "conda-meta").string()))
                    add(base, "conda");
                for (const auto& e : listDirectory((base / "envs").string()))
                    if (isDirectory((base / "envs" / e / "conda-meta").string()))
                        add(base / "envs" / e, "conda");
            }
    }

    void userSites()
    {
        const auto home = env.knownFolder(KnownFolder::Home);
        if (win()) {
            const auto appdata = env.get("APPDATA");
            const fs::path base = appdata ? fs::path(*appdata) : home ? fs::path(*home) / "AppData" / "Roaming" : fs::path();
            if (base.empty())
                return;
            static const std::regex tag(R"(^Python3(\d+)$)", std::regex::icase);
            for (const auto& n : listDirectory((base / "Python").string())) {
                std::smatch m;
                if (std::regex_match(n, m, tag))
                    addUserSite(base / "Python" / n / "site-packages", "3." + m[1].str());
            }
            if (home) {  // the python.org installer's per-user default, when no registry names it
                const fs::path progs = fs::path(*home) / "AppData" / "Local" / "Programs" / "Python";
                for (const auto& n : listDirectory(progs.string()))
                    add(progs / n, "py launcher");
            }
            return;
        }
        if (!home)
            return;
        const fs::path lib = fs::path(*home) / ".local" / "lib";
        for (const auto& py : listDirectory(lib.string()))
            if (py.rfind("python3", 0) == 0)
                addUserSite(lib / py / "site-packages", py.substr(6));
    }
};
}  // namespace

const InstalledPackage* PythonEnvironment::find(const std::string& name) const
{
    for (const auto& p : packages)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::optional<std::pair<std::string, std::string>> parseDistInfoName(const std::string& folderName)
{
    static const std::regex re(R"(^([A-Za-z0-9][A-Za-z0-9_.]*)-([0-9][^-]*?)(?:-py\d[^-]*)?\.(?:dist-info|egg-info)$)");
    std::smatch m;
    if (!std::regex_match(folderName, m, re))
        return std::nullopt;
    return std::make_pair(normaliseName(m[1].str()), m[2].str());
}

std::vector<InstalledPackage> readSitePackages(const std::string& dir)
{
    std::vector<InstalledPackage> out;
    for (const auto& n : listDirectory(dir)) {
        const auto parsed = parseDistInfoName(n);
        if (!parsed || !interesting(parsed->first))
            continue;
        InstalledPackage p{parsed->first, parsed->second, dir, (fs::path(dir) / n).string()};
        // METADATA (PKG-INFO for eggs) names the version pip installed; it wins over the folder name.
        for (const char* meta : {"METADATA", "PKG-INFO"}) {
            const std::string head = readHead((fs::path(p.distInfo) / meta).string(), 4096);
            static const std::regex ver(R"((?:^|\n)Version:\s*([^\s]+))");
            std::smatch m;
            if (std::regex_search(head, m, ver)) {
                p.version = m[1].str();
                break;
            }
        }
        out.push_back(std::move(p));
    }
    return out;
}

std::map<std::string, std::string> readPythonAssignments(const std::string& file)
{
    std::map<std::string, std::string> out;
    const std::string text = readHead(file, 64 * 1024);
    static const std::regex assign(R"((?:^|\n)[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*['"]([^'"\n]*)['"])");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), assign); it != std::sregex_iterator(); ++it)
        out.emplace((*it)[1].str(), (*it)[2].str());
    // Dict entries ('cuda_version': '64_112'), as in TensorFlow's build_info.py.
    static const std::regex entry(R"(['"]([A-Za-z_]\w*)['"][ \t]*:[ \t]*['"]([^'"\n]*)['"])");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), entry); it != std::sregex_iterator(); ++it)
        out.emplace((*it)[1].str(), (*it)[2].str());
    return out;
}

std::vector<PythonEnvironment> findPythonEnvironments(const Environment& env, const Registry& reg,
                                                      const PythonFindOptions& opts)
{
    Finder f{env, reg, opts, {}, {}};
    if (opts.windowsRules)
        f.pep514();
    if (opts.scanPath)
        f.onPath();
    f.conda();
    if (const auto venv = env.get("VIRTUAL_ENV"))
        f.add(fs::path(*venv), "VIRTUAL_ENV");
    f.userSites();
    return std::move(f.out);
}

}  // namespace cudnnsetup
