#include "detect/toolkits.h"

#include "detect/compat.h"
#include "detect/fsutil.h"
#include "platform/childprocess.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
const char* kRegistryKey = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";

void addCandidate(std::vector<Toolkit>& out, const std::string& path, const std::string& source, bool force = false)
{
    if (path.empty())
        return;
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        return;
    if (!force && !looksLikeToolkit(path))
        return;
    const std::string key = canonicalKey(path);
    for (auto& tk : out) {
        if (canonicalKey(tk.path) == key) {
            if (std::find(tk.sources.begin(), tk.sources.end(), source) == tk.sources.end())
                tk.sources.push_back(source);
            return;
        }
    }
    Toolkit tk;
    tk.path = absolutePath(path);
    tk.sources.push_back(source);
    if (fs::is_symlink(tk.path, ec))
        tk.resolvedPath = fs::canonical(tk.path, ec).string();
    out.push_back(std::move(tk));
}

void windowsSources(std::vector<Toolkit>& out, const Environment& env, const Registry& reg)
{
    for (const auto& sub : reg.subkeys(RegistryHive::LocalMachine, kRegistryKey, RegistryView::Native64)) {
        if (sub.empty() || (sub[0] != 'v' && sub[0] != 'V'))
            continue;
        const auto v = reg.value(RegistryHive::LocalMachine, std::string(kRegistryKey) + "\\" + sub, "InstallDir",
                                 RegistryView::Native64);
        if (v && v->type != RegistryValue::Type::Dword)
            addCandidate(out, v->type == RegistryValue::Type::ExpandString ? env.expand(v->text) : v->text, "registry");
    }
    if (const auto p = env.get("CUDA_PATH"))
        addCandidate(out, *p, "CUDA_PATH");
    static const std::regex versioned(R"(CUDA_PATH_V\d+_\d+)", std::regex::icase);
    auto vars = env.list();
    std::sort(vars.begin(), vars.end());
    for (const auto& [name, value] : vars)
        if (std::regex_match(name, versioned))
            addCandidate(out, value, name);
    if (const auto pf = env.knownFolder(KnownFolder::ProgramFiles)) {
        const fs::path base = fs::path(*pf) / "NVIDIA GPU Computing Toolkit" / "CUDA";
        for (const auto& dir : listDirectory(base.string()))
            if (!dir.empty() && (dir[0] == 'v' || dir[0] == 'V'))
                addCandidate(out, (base / dir).string(), "ProgramFiles");
    }
}

void linuxSources(std::vector<Toolkit>& out, const Environment& env, const FindOptions& opts)
{
    if (opts.scanSystem) {
        const fs::path usrLocal = fs::path(opts.systemPrefix) / "usr" / "local";
        addCandidate(out, (usrLocal / "cuda").string(), "/usr/local/cuda");
        auto names = listDirectory(usrLocal.string());
        std::sort(names.begin(), names.end());
        for (const auto& n : names)
            if (n.rfind("cuda-", 0) == 0)
                addCandidate(out, (usrLocal / n).string(), "/usr/local/cuda-*");
        addCandidate(out, (fs::path(opts.systemPrefix) / "opt" / "cuda").string(), "/opt/cuda");
    }
    if (const auto p = env.get("CUDA_HOME"))
        addCandidate(out, *p, "CUDA_HOME");
    if (const auto p = env.get("CUDA_PATH"))
        addCandidate(out, *p, "CUDA_PATH");
}

void nvccOnPath(std::vector<Toolkit>& out, const Environment& env)
{
    const auto path = env.get("PATH");
    if (!path)
        return;
    const char* exe = env.windowsRules() ? "nvcc.exe" : "nvcc";
    for (const auto& dir : env.splitList(*path)) {
        const fs::path nvcc = fs::path(dir) / exe;
        std::error_code ec;
        if (!fs::is_regular_file(nvcc, ec))
            continue;
        // Follow a /usr/bin/nvcc -> /usr/local/cuda-12.6/bin/nvcc link to the toolkit it belongs to.
        const fs::path real = fs::canonical(nvcc, ec);
        const fs::path bin = fs::path(dir).filename() == "x64" ? fs::path(dir).parent_path() : fs::path(dir);
        const fs::path root = (!ec ? real.parent_path() : bin).parent_path();
        addCandidate(out, root.string(), "PATH (nvcc)");
        return;  // only the first nvcc is the one that runs
    }
}

std::string readSmallFile(const fs::path& p, std::size_t limit = 1 << 20)
{
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return {};
    std::string s(limit, '\0');
    in.read(s.data(), static_cast<std::streamsize>(limit));
    s.resize(static_cast<std::size_t>(in.gcount()));
    return s;
}

bool setVersion(Toolkit& tk, const std::string& text, const char* source)
{
    const auto v = parseCudaVersion(text);
    if (!v)
        return false;
    tk.version = v;
    std::ostringstream s;
    s << v->major << '.' << v->minor;
    // Keep the patch only when the source had one (the header knows major.minor only).
    if (std::count(text.begin(), text.end(), '.') >= 2 && v->patch != 0)
        s << '.' << v->patch;
    tk.versionText = s.str();
    tk.versionSource = source;
    return true;
}

bool fromVersionJson(Toolkit& tk, const fs::path& root)
{
    const std::string text = readSmallFile(root / "version.json");
    if (text.empty())
        return false;
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return false;
    for (const char* key : {"cuda", "cuda_cudart", "cuda_nvcc"}) {
        if (j.contains(key) && j[key].is_object() && j[key].contains("version") && j[key]["version"].is_string())
            if (setVersion(tk, j[key]["version"].get<std::string>(), "version.json"))
                return true;
    }
    return false;
}

bool fromVersionTxt(Toolkit& tk, const fs::path& root)
{
    const std::string text = readSmallFile(root / "version.txt", 4096);
    static const std::regex re(R"(CUDA Version\s+(\d+\.\d+(\.\d+)?))");
    std::smatch m;
    return std::regex_search(text, m, re) && setVersion(tk, m[1].str(), "version.txt");
}

bool fromCudartHeader(Toolkit& tk, const fs::path& root)
{
    const std::string text = readSmallFile(root / "include" / "cuda_runtime_api.h", 64 * 1024);
    static const std::regex re(R"(#define\s+CUDART_VERSION\s+(\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, re))
        return false;
    const int v = std::stoi(m[1].str());
    return setVersion(tk, std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10), "cuda_runtime_api.h");
}

bool fromDistInfo(Toolkit& tk, const fs::path& root)
{
    // pip-assembled toolkits carry nvidia_cuda_runtime-13.0.96.dist-info folders.
    for (const auto& dir : {root / "dist-info", root}) {
        for (const char* prefix : {"nvidia_cuda_runtime", "nvidia_cuda_nvcc"}) {
            for (const auto& n : listDirectory(dir.string())) {
                static const std::regex re(R"(^([a-z_]+?)(_cu\d+)?-(\d+\.\d+(\.\d+)*)\.dist-info$)");
                std::smatch m;
                if (std::regex_match(n, m, re) && m[1].str() == prefix)
                    return setVersion(tk, m[3].str(), "dist-info");
            }
        }
    }
    return false;
}

bool fromNvcc(Toolkit& tk, const fs::path& root, const FindOptions& opts)
{
    for (const auto& nvcc : {root / "bin" / "nvcc", root / "bin" / "nvcc.exe"}) {
        std::error_code ec;
        if (!fs::is_regular_file(nvcc, ec))
            continue;
        const auto r = runChildProcess(nvcc.string(), {"--version"}, static_cast<int>(opts.nvccTimeout.count()));
        static const std::regex re(R"(release (\d+\.\d+), V(\d+\.\d+\.\d+))");
        std::smatch m;
        if (r.started && !r.timedOut && std::regex_search(r.out, m, re))
            return setVersion(tk, m[2].str(), "nvcc");
    }
    return false;
}
}  // namespace

bool looksLikeToolkit(const std::string& dir)
{
    const fs::path d(dir);
    for (const auto& rel : {"bin/nvcc", "bin/nvcc.exe", "include/cuda_runtime_api.h", "version.json", "version.txt"})
        if (pathExists((d / rel).string()))
            return true;
    return false;
}

void identifyToolkit(Toolkit& tk, const FindOptions& opts)
{
    const fs::path root(tk.path);
    if (!fromVersionJson(tk, root) && !fromVersionTxt(tk, root) && !fromCudartHeader(tk, root) &&
        !fromDistInfo(tk, root) && opts.runNvcc)
        fromNvcc(tk, root, opts);

    const bool winFiles = isDirectory((root / "lib" / "x64").string()) || isDirectory((root / "bin" / "x64").string()) ||
                          !globFiles((root / "bin").string(), ".dll").empty();
    const bool linuxFiles = isDirectory((root / "lib64").string()) || isDirectory((root / "targets").string()) ||
                            !globFiles((root / "lib").string(), ".so").empty();
    tk.layout = winFiles && !linuxFiles ? "windows" : (linuxFiles && !winFiles ? "linux" : (opts.windowsRules ? "windows" : "linux"));

    tk.binDirs.clear();
    if (tk.layout == "windows") {
        const int x64Major = CompatRules::builtin().binX64FromCudaMajor();
        if (isDirectory((root / "bin" / "x64").string()) || (tk.version && tk.version->major >= x64Major))
            tk.binDirs.push_back((root / "bin" / "x64").string());
        tk.binDirs.push_back((root / "bin").string());
        tk.libDir = (root / (isDirectory((root / "lib" / "x64").string()) ? "lib/x64" : "lib")).make_preferred().string();
    } else {
        tk.binDirs.push_back((root / "bin").string());
        tk.libDir = (root / (isDirectory((root / "lib64").string()) ? "lib64" : "lib")).string();
    }
}

std::vector<Toolkit> findToolkits(const Environment& env, const Registry& reg, const FindOptions& opts)
{
    std::vector<Toolkit> out;
    if (opts.windowsRules)
        windowsSources(out, env, reg);
    else
        linuxSources(out, env, opts);
    nvccOnPath(out, env);
    for (const auto& r : opts.roots)
        addCandidate(out, r, "--root", true);
    for (auto& tk : out)
        identifyToolkit(tk, opts);
    return out;
}

}  // namespace cudnnsetup
