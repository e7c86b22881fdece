#include "detect/frameworkcheck.h"

#include "common/problemcodes.h"
#include "detect/compat.h"
#include "detect/cudnninspect.h"
#include "detect/frameworks.h"
#include "detect/fsutil.h"
#include "formats/cudabuild.h"
#include "formats/elfreader.h"
#include "formats/pereader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
using Vars = std::map<std::string, std::string>;

// "64_112" (TensorFlow's Windows build_info) -> "11.2"; "64_8" -> "8"; Linux's "12.3" stays.
std::string buildInfoVersion(const std::string& v, bool cuda)
{
    if (v.rfind("64_", 0) != 0)
        return v;
    const std::string d = v.substr(3);
    return cuda && d.size() == 3 ? d.substr(0, 2) + "." + d.substr(2) : d;
}

std::optional<int> majorOf(const std::optional<std::string>& v)
{
    return v ? leadingNumber(*v) : std::nullopt;
}

// The CUDA major named by the CUDA-runtime / cuBLAS / NVRTC names in `names` (others ignored).
std::optional<int> cudaMajorOfRuntimeNames(const std::vector<std::string>& names)
{
    static const std::regex cuda(R"(^(?:lib)?(?:cublaslt|cublas|cudart|nvrtc)(?:64_\d+(?:_0)?\.dll|\.so\.\d+)$)", std::regex::icase);
    std::vector<std::string> keep;
    for (const auto& n : names)
        if (std::regex_match(n, cuda))
            keep.push_back(n);
    return cudaMajorFromNames(keep);
}

std::optional<int> cudnnMajorOfNames(const std::vector<std::string>& names)
{
    static const std::regex re(R"(^(?:cudnn64_(\d+)\.dll|libcudnn\.so\.(\d+))$)", std::regex::icase);
    for (const auto& n : names) {
        std::smatch m;
        if (std::regex_match(n, m, re))
            return std::stoi(m[1].matched ? m[1].str() : m[2].str());
    }
    return std::nullopt;
}

void fromTable(FrameworkNeeds& n, const std::string& package, const std::string& version, bool windows,
               const std::string& variant)
{
    auto rows = FrameworkTable::builtin().find(package, version, windows, variant);
    if (rows.empty() && !variant.empty())
        rows = FrameworkTable::builtin().find(package, version, windows, "");
    if (rows.empty())
        return;
    const FrameworkBuild& r = *rows.front();
    if (r.cuda.empty()) {
        n.noGpu = true;
        n.noGpuDetail = r.note;
        n.source = r.source;
        return;
    }
    // Evidence from the installation wins over the table; the table fills in what it lacks
    // (the minor of a cuDNN major a file named, or everything).
    if (!n.cuda || (majorOf(n.cuda) == leadingNumber(r.cuda) && n.cuda->find('.') == std::string::npos))
        n.cuda = r.cuda;
    if (!r.cudnn.empty() && (!n.cudnn || (majorOf(n.cudnn) == leadingNumber(r.cudnn) && n.cudnn->find('.') == std::string::npos)))
        n.cudnn = r.cudnn;
    n.source = n.source.empty() ? r.source : n.source + "; " + r.source;
}

std::string pinned(const FrameworkBuild& r)
{
    const std::string v = r.to == "*" ? r.from : r.to;
    return std::count(v.begin(), v.end(), '.') >= 2 ? v : v + ".*";
}
}  // namespace

FrameworkNeeds frameworkNeeds(const PythonEnvironment& env, const InstalledPackage& pkg, bool windows)
{
    FrameworkNeeds n;
    const fs::path sp(pkg.sitePackages);
    if (pkg.name == "tensorflow" || pkg.name == "tensorflow-gpu") {
        const fs::path bi = sp / "tensorflow" / "python" / "platform" / "build_info.py";
        const auto a = readPythonAssignments(bi.string());
        if (const auto it = a.find("cuda_version"); it != a.end() && !it->second.empty()) {
            n.cuda = buildInfoVersion(it->second, true);
            n.source = "tensorflow/python/platform/build_info.py";
        }
        if (const auto it = a.find("cudnn_version"); it != a.end() && !it->second.empty())
            n.cudnn = buildInfoVersion(it->second, false);
        fromTable(n, "tensorflow", pkg.version, windows, "");
        if (n.noGpu && windows) {
            if (const auto* r = FrameworkTable::builtin().newestFor("tensorflow", true, 8, std::nullopt))
                n.alternative = "pip install \"tensorflow==" + pinned(*r) + "\" (the last native Windows GPU build, CUDA " +
                                r->cuda + " / cuDNN " + r->cudnn + "), or run TensorFlow in WSL2";
        }
    } else if (pkg.name == "onnxruntime-gpu") {
        const fs::path capi = sp / "onnxruntime" / "capi";
        std::vector<std::string> names;
        std::string from;
        if (windows) {
            const fs::path dll = capi / "onnxruntime_providers_cuda.dll";
            const auto pe = readPeFile(dll.string());
            if (pe.importsRead) {
                names = pe.imports;
                from = "the imports of onnxruntime/capi/onnxruntime_providers_cuda.dll";
            }
        } else {
            const fs::path so = capi / "libonnxruntime_providers_cuda.so";
            const auto elf = readElfFile(so.string());
            if (!elf.needed.empty()) {
                names = elf.needed;
                from = "the DT_NEEDED of onnxruntime/capi/libonnxruntime_providers_cuda.so";
            }
        }
        if (const auto c = cudnnMajorOfNames(names))
            n.cudnn = std::to_string(*c);
        if (const auto c = cudaMajorOfRuntimeNames(names))
            n.cuda = std::to_string(*c);
        const auto info = readPythonAssignments((capi / "build_and_package_info.py").string());
        if (const auto it = info.find("cuda_version"); it != info.end() && !n.cuda && !it->second.empty()) {
            n.cuda = it->second;
            from = "onnxruntime/capi/build_and_package_info.py";
        }
        n.source = from;
        fromTable(n, "onnxruntime-gpu", pkg.version, windows, n.cuda ? "cuda" + std::to_string(*majorOf(n.cuda)) : "");
    } else if (pkg.name == "paddlepaddle-gpu") {
        const auto a = readPythonAssignments((sp / "paddle" / "version" / "__init__.py").string());
        const auto cuda = a.find("cuda_version");
        const auto cudnn = a.find("cudnn_version");
        if (cuda != a.end() && cuda->second == "False") {
            n.noGpu = true;
            n.noGpuDetail = "this paddlepaddle-gpu build was compiled without CUDA";
            n.source = "paddle/version/__init__.py";
            return n;
        }
        if (cuda != a.end() && leadingNumber(cuda->second)) {
            n.cuda = cuda->second;
            n.source = "paddle/version/__init__.py";
        }
        if (cudnn != a.end() && leadingNumber(cudnn->second))
            n.cudnn = cudnn->second;
        static const std::regex post(R"(\.(post\d+)$)");
        std::smatch m;
        fromTable(n, "paddlepaddle-gpu", pkg.version, windows, std::regex_search(pkg.version, m, post) ? m[1].str() : "");
    } else if (pkg.name == "torch") {
        n.bundled = true;
        const auto a = readPythonAssignments((sp / "torch" / "version.py").string());
        if (const auto it = a.find("cuda"); it != a.end() && leadingNumber(it->second)) {
            n.cuda = it->second;
            n.source = "torch/version.py";
        } else if (pkg.version.find("+cpu") != std::string::npos || pathExists((sp / "torch" / "version.py").string())) {
            n.noGpu = true;
            n.noGpuDetail = "torch " + pkg.version + " is a CPU-only build (torch/version.py names no CUDA)";
            n.alternative = "pip install torch --index-url https://download.pytorch.org/whl/cu126 (a CUDA 12.6 build "
                            "that brings its own cuDNN)";
            n.source = "torch/version.py";
        }
    } else if (pkg.name == "jax") {
        static const std::regex local(R"(\+cuda(\d+)\.cudnn(\d)(\d+)$)");
        std::smatch m;
        for (const auto& p : env.packages) {
            if (p.sitePackages != pkg.sitePackages)
                continue;
            static const std::regex plugin(R"(^jax-cuda(\d+)-(?:plugin|pjrt)$)");
            std::smatch pm;
            if (std::regex_match(p.name, pm, plugin)) {
                n.cuda = pm[1].str() + ".x";
                n.source = p.name + " " + p.version;
            }
            if (p.name == "jaxlib" && std::regex_search(p.version, m, local)) {
                n.cuda = m[1].str();
                n.cudnn = m[2].str() + "." + m[3].str();
                n.source = "jaxlib " + p.version;
            }
        }
        if (windows || !n.cuda) {
            FrameworkNeeds t;
            fromTable(t, "jax", pkg.version, windows, "");
            if (windows || !n.cuda) {
                n.noGpu = true;
                n.noGpuDetail = windows && t.noGpu ? t.noGpuDetail : "no jax CUDA plugin (jax-cuda12-plugin) or CUDA jaxlib is installed";
                n.alternative = windows ? "Run JAX in WSL2 with pip install \"jax[cuda12]\"" : "pip install \"jax[cuda12]\"";
                n.source = t.source.empty() ? "the jax dist-info folders" : t.source;
            }
        }
    }
    return n;
}

namespace {
struct Searcher {
    const FrameworkContext& ctx;
    std::map<std::string, std::vector<std::string>> listings;

    const std::vector<std::string>& list(const std::string& dir)
    {
        auto it = listings.find(dir);
        if (it == listings.end())
            it = listings.emplace(dir, listDirectory(dir)).first;
        return it->second;
    }
    // The name as the folder spells it, when the folder has it.
    std::optional<std::string> has(const std::string& dir, const std::string& name)
    {
        for (const auto& n : list(dir))
            if (ctx.windowsRules ? lowerAscii(n) == lowerAscii(name) : n == name)
                return n;
        return std::nullopt;
    }
    std::optional<std::string> anyMain(const std::string& dir)
    {
        static const std::regex dll(R"(^cudnn64_\d+\.dll$)", std::regex::icase), so(R"(^libcudnn\.so\.\d+$)");
        for (const auto& n : list(dir))
            if (std::regex_match(n, ctx.windowsRules ? dll : so))
                return n;
        return std::nullopt;
    }
};

// The CUDA runtime library of a CUDA major as a process loads it by name: cudart64_110.dll for every
// 11.x on Windows, cudart64_12.dll / cudart64_13.dll after; libcudart.so.11.0 / libcudart.so.12 on Linux.
std::string cudartName(int major, bool windows)
{
    const std::string m = std::to_string(major);
    if (windows)
        return "cudart64_" + (major == 11 ? std::string("110") : m) + ".dll";
    return "libcudart.so." + (major == 11 ? std::string("11.0") : m);
}

// A fix that names only a cuDNN archive is incomplete on a machine that also lacks the CUDA runtime of
// the major the framework needs: no detected toolkit of that major, no cudart of it in a folder the
// process searches, nor in the environment's nvidia-cuda-runtime wheel. Then the fix starts with the
// toolkit ("" when the runtime is there, or the major is unknown).
std::string toolkitStep(std::optional<int> major, const std::vector<SearchEntry>& order, const fs::path& sitePackages,
                        const FrameworkContext& ctx, Searcher& searcher)
{
    if (!major)
        return "";
    if (ctx.toolkits)
        for (const auto& tk : *ctx.toolkits)
            if (tk.version && tk.version->major == *major)
                return "";
    const std::string name = cudartName(*major, ctx.windowsRules);
    for (const auto& e : order)
        if (searcher.has(e.dir, name))
            return "";
    if (searcher.has((sitePackages / "nvidia" / "cuda_runtime" / (ctx.windowsRules ? "bin" : "lib")).string(), name))
        return "";
    const std::string m = std::to_string(*major);
    return "This machine has no CUDA " + m + " runtime either (no CUDA " + m + ".x toolkit, no " + name +
           " in a folder this environment searches): install the CUDA " + m +
           ".x toolkit first (developer.nvidia.com/cuda-toolkit-archive; its installer puts its bin folder on PATH), then: ";
}

std::string versionOfCopy(const std::string& path, bool windows, const PythonEnvironment& env)
{
    if (windows) {
        if (fileSize(path).value_or(0) > 0)
            if (const auto v = readPeFile(path).fileVersion)
                return *v;
    } else {
        std::error_code ec;
        const auto real = fs::canonical(path, ec);
        if (!ec)
            if (const auto v = sonameVersion(real.filename().string()); v && v->find('.') != std::string::npos)
                return *v;
    }
    // A pip wheel's folder: its dist-info says the release.
    for (const auto& p : env.packages)
        if (p.name.rfind("nvidia-cudnn-cu", 0) == 0 &&
            sameFolder((fs::path(p.sitePackages) / "nvidia" / "cudnn").string(), fs::path(path).parent_path().parent_path().string()))
            return p.version;
    if (!windows)
        if (const auto v = sonameVersion(fs::path(path).filename().string()))
            return *v;
    return "unknown version";
}

std::optional<int> cudaMajorOfCopy(const std::string& path, bool windows, const FrameworkContext& ctx,
                                   const PythonEnvironment& env, std::map<std::string, std::optional<int>>& scanned)
{
    const std::string dir = fs::path(path).parent_path().string();
    if (ctx.toolkits)
        for (const auto& tk : *ctx.toolkits)
            if (tk.cudnn.present && sameFolder(tk.cudnn.libDir, dir)) {
                if (tk.cudnn.builtForCudaMajor)
                    return tk.cudnn.builtForCudaMajor;
                return std::nullopt;
            }
    for (const auto& p : env.packages) {
        static const std::regex cu(R"(^nvidia-cudnn-cu(\d+)$)");
        std::smatch m;
        if (std::regex_match(p.name, m, cu) &&
            sameFolder((fs::path(p.sitePackages) / "nvidia" / "cudnn").string(), fs::path(dir).parent_path().string()))
            return std::stoi(m[1].str());
    }
    // Any other folder: what its cuDNN files import or name (bounded reads, once per folder).
    if (const auto it = scanned.find(dir); it != scanned.end())
        return it->second;
    std::vector<InstalledFile> files;
    for (const auto& n : globFiles(dir, windows ? ".dll" : ".so"))
        if (lowerAscii(n).find("cudnn") != std::string::npos) {
            InstalledFile f;
            f.path = (fs::path(dir) / n).string();
            f.kind = windows ? FileKind::Dll : FileKind::SharedLib;
            f.size = fileSize(f.path).value_or(0);
            if (windows && f.size > 0)
                f.imports = readPeFile(f.path).imports;
            files.push_back(std::move(f));
        }
    auto major = cudaMajorFromImports(files);
    if (!major)
        major = cudaMajorFromNames(cudaLibraryNamesOf(files));
    scanned[dir] = major;
    return major;
}

std::string envLabel(const PythonEnvironment& e)
{
    return e.kind + " " + e.root;
}
// Linux: the framework's library that loads cuDNN (its RUNPATH decides where from).
std::optional<std::string> frameworkBinary(const fs::path& sp, const std::string& package)
{
    std::vector<fs::path> candidates;
    if (package == "onnxruntime-gpu")
        candidates = {sp / "onnxruntime" / "capi" / "libonnxruntime_providers_cuda.so"};
    else if (package == "torch")
        candidates = {sp / "torch" / "lib" / "libtorch_cuda.so"};
    else if (package == "tensorflow" || package == "tensorflow-gpu")
        candidates = {sp / "tensorflow" / "libtensorflow_cc.so.2", sp / "tensorflow" / "libtensorflow_framework.so.2"};
    else if (package == "paddlepaddle-gpu")
        candidates = {sp / "paddle" / "base" / "libpaddle.so", sp / "paddle" / "fluid" / "libpaddle.so"};
    for (const auto& c : candidates)
        if (pathExists(c.string()))
            return c.string();
    return std::nullopt;
}

}  // namespace

// ONNX Runtime's preload_dlls() (1.21 and later), seen in its own files, never imported.
bool hasPreloadDlls(const fs::path& sitePackages)
{
    std::ifstream in(sitePackages / "onnxruntime" / "__init__.py", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return text.find("def preload_dlls(") != std::string::npos;
}

// A torch in the same site-packages built for CUDA 12 (its version's "+cu12x" tag), whose lib
// folder preload_dlls() prefers on Windows.
bool torchForCuda12(const PythonEnvironment& env, const std::string& sitePackages)
{
    for (const auto& p : env.packages)
        if (p.name == "torch" && p.sitePackages == sitePackages && p.version.find("+cu12") != std::string::npos)
            return true;
    return false;
}

std::vector<FrameworkVerdict> checkFrameworks(const std::vector<PythonEnvironment>& envs, const FrameworkContext& ctx)
{
    std::vector<FrameworkVerdict> out;
    const bool win = ctx.windowsRules;
    const auto& rules = CompatRules::builtin();
    Searcher searcher{ctx, {}};
    std::map<std::string, std::optional<int>> scanned;  // folder -> the CUDA major its cuDNN files name
    for (const auto& env : envs) {
        std::set<std::string> done;  // tensorflow and tensorflow-gpu of one site-packages: one verdict
        for (const auto& pkg : env.packages) {
            static const std::set<std::string> frameworks = {"tensorflow", "tensorflow-gpu", "onnxruntime-gpu",
                                                             "paddlepaddle-gpu", "torch", "jax"};
            if (!frameworks.count(pkg.name))
                continue;
            const std::string family = pkg.name == "tensorflow-gpu" ? "tensorflow" : pkg.name;
            if (!done.insert(family + "|" + pkg.sitePackages).second)
                continue;
            FrameworkVerdict v;
            v.environment = env.root;
            v.environmentKind = env.kind;
            v.python = env.pythonVersion;
            v.package = pkg.name;
            v.version = pkg.version;
            v.needs = frameworkNeeds(env, pkg, win);
            Vars vars = {{"package", pkg.name}, {"version", pkg.version}, {"env", envLabel(env)}};
            auto finish = [&](const std::string& code) {
                v.code = code;
                v.severity = rules.severity(code);
                v.message = rules.text(code, vars);
                if (v.preloads && v.preloads != v.loads) {
                    // Beside what the loader finds, before the fix: what ONNX Runtime's own rule loads.
                    const std::string sentence = " A program that calls onnxruntime.preload_dlls() before its first "
                                                 "session loads " + *v.preloads + " (cuDNN " +
                                                 v.preloadsVersion.value_or("?") + ", " + v.preloadsVia + ") instead.";
                    const auto fix = v.message.find(" Fix: ");
                    v.message.insert(fix == std::string::npos ? v.message.size() : fix, sentence);
                }
                out.push_back(v);
            };
            if (v.needs.noGpu) {
                vars["detail"] = v.needs.noGpuDetail;
                vars["alternative"] = v.needs.alternative.empty() ? "Install a GPU build of " + pkg.name + "." : v.needs.alternative + ".";
                finish(codes::kFrameworkNoGpuBuild);
                continue;
            }
            // The folders a process of this environment looks in, in order.
            const fs::path sp(pkg.sitePackages);
            std::vector<SearchEntry> order;
            const char* nvidiaSub = win ? "bin" : "lib";
            auto own = [&](const fs::path& p, const std::string& origin) { order.push_back({p.string(), origin, std::nullopt}); };
            std::string nvidiaOrigin = "nvidia-cudnn wheel";
            for (const auto& p : env.packages)
                if (p.name.rfind("nvidia-cudnn-cu", 0) == 0 && p.sitePackages == pkg.sitePackages)
                    nvidiaOrigin = p.name + " " + p.version + " wheel";
            if (pkg.name == "torch") {
                if (!win)
                    own(sp / "nvidia" / "cudnn" / nvidiaSub, nvidiaOrigin);
                own(sp / "torch" / "lib", "its own folder (torch" + std::string(win ? "\\" : "/") + "lib)");
            } else if (pkg.name == "onnxruntime-gpu") {
                own(sp / "onnxruntime" / "capi", "its own folder (onnxruntime/capi)");
            } else if (pkg.name == "paddlepaddle-gpu") {
                own(sp / "paddle" / "libs", "its own folder (paddle/libs)");
                own(sp / "nvidia" / "cudnn" / nvidiaSub, nvidiaOrigin);
            } else if (!win) {  // tensorflow[and-cuda], jax[cuda12]: the nvidia wheels
                own(sp / "nvidia" / "cudnn" / nvidiaSub, nvidiaOrigin);
            }
            if (win)
                own(fs::path(env.root), "the Python folder");
            // Linux: the framework's library that loads cuDNN, when it names folders (DT_RUNPATH /
            // DT_RPATH, e.g. $ORIGIN/../../nvidia/cudnn/lib): glibc's order for it (copies.h
            // loaderOrderFor), the folders modelled above after its RUNPATH, before the ld.so cache.
            bool elfOrdered = false;
            if (!win)
                if (const auto binary = frameworkBinary(sp, pkg.name)) {
                    const ElfFacts elf = readElfFile(*binary);
                    if (!elf.rpath.empty() || !elf.runpath.empty()) {
                        v.loaderObject = *binary;
                        std::vector<SearchEntry> elfOrder = loaderOrderFor(ctx.search, *binary, elf);
                        auto firstSystem = std::find_if(elfOrder.begin(), elfOrder.end(), [](const SearchEntry& e) {
                            return e.origin == "ldconfig" || e.origin == "default";
                        });
                        elfOrder.insert(firstSystem, order.begin(), order.end());
                        order = std::move(elfOrder);
                        elfOrdered = true;
                    }
                }
            bool condaAdded = false;
            for (const auto& e : elfOrdered ? std::vector<SearchEntry>{} : ctx.search) {
                if (win && env.isConda && !condaAdded && e.origin.rfind("PATH", 0) == 0) {
                    own(fs::path(env.root) / "Library" / "bin", "the conda environment (on PATH once activated)");
                    condaAdded = true;
                }
                order.push_back(e);
            }
            if (win && env.isConda && !condaAdded)
                own(fs::path(env.root) / "Library" / "bin", "the conda environment (on PATH once activated)");

            const auto needMajor = majorOf(v.needs.cudnn);
            if (needMajor)
                v.library = win ? "cudnn64_" + std::to_string(*needMajor) + ".dll" : "libcudnn.so." + std::to_string(*needMajor);
            if (pkg.name == "onnxruntime-gpu" && hasPreloadDlls(sp)) {
                // Its own order (onnxruntime PR 23744, ONNX Runtime 1.21): a CUDA 12 torch's lib folder
                // first on Windows, then the nvidia wheel's folder; the loader's order only after that.
                std::vector<std::pair<fs::path, std::string>> preloadOrder;
                if (win && torchForCuda12(env, pkg.sitePackages))
                    preloadOrder.push_back({sp / "torch" / "lib", "torch\\lib, which preload_dlls() tries first"});
                preloadOrder.push_back({sp / "nvidia" / "cudnn" / nvidiaSub, nvidiaOrigin});
                for (const auto& [dir, origin] : preloadOrder) {
                    const auto name = v.library ? searcher.has(dir.string(), *v.library) : searcher.anyMain(dir.string());
                    if (name) {
                        v.preloads = (dir / *name).string();
                        v.preloadsVersion = versionOfCopy(*v.preloads, win, env);
                        v.preloadsVia = origin;
                        break;
                    }
                }
            }
            const SearchEntry* hit = nullptr;
            std::string hitName;
            for (const auto& e : order) {
                const auto name = v.library ? (e.onlyName && *e.onlyName != *v.library ? std::nullopt : searcher.has(e.dir, *v.library))
                                            : searcher.anyMain(e.dir);
                if (name && (!e.onlyName || *e.onlyName == *name)) {
                    hit = &e;
                    hitName = *name;
                    break;
                }
            }
            const SearchEntry* other = nullptr;
            std::string otherName;
            if (!hit)
                for (const auto& e : order)
                    if (const auto name = searcher.anyMain(e.dir); name && (!e.onlyName || *e.onlyName == *name)) {
                        other = &e;
                        otherName = *name;
                        break;
                    }
            const SearchEntry* got = hit ? hit : other;
            if (got) {
                v.loads = (fs::path(got->dir) / (hit ? hitName : otherName)).string();
                v.loadsVersion = versionOfCopy(*v.loads, win, env);
                v.loadsCudaMajor = cudaMajorOfCopy(*v.loads, win, ctx, env, scanned);
                v.loadsVia = got->origin;
            }
            const std::string cudaText = v.needs.cuda.value_or("?");
            const std::string cudnnText = v.needs.cudnn.value_or("(any release)");
            vars["cuda"] = cudaText;
            vars["cudnn"] = cudnnText;
            vars["cuda_major"] = majorOf(v.needs.cuda) ? std::to_string(*majorOf(v.needs.cuda)) : "?";
            // Without a stated cuDNN (JAX): the major of the copy it gets is the one to keep.
            const auto foundMajor = v.loadsVersion ? leadingNumber(*v.loadsVersion) : std::nullopt;
            vars["cudnn_major"] = needMajor ? std::to_string(*needMajor) : foundMajor ? std::to_string(*foundMajor) : "9";
            vars["library"] = v.library ? *v.library : got ? (hit ? hitName : otherName) : (win ? "cudnn64_*.dll" : "libcudnn.so.*");
            vars["path"] = v.loads.value_or("");
            vars["found"] = v.loadsVersion.value_or("");
            vars["via"] = v.loadsVia;
            vars["found_cuda"] = v.loadsCudaMajor ? std::to_string(*v.loadsCudaMajor) : "?";
            vars["alternative"] = "";
            vars["toolkit_step"] = v.needs.bundled ? "" : toolkitStep(majorOf(v.needs.cuda), order, sp, ctx, searcher);
            if (v.loads) {
                const auto fCudnn = leadingNumber(*v.loadsVersion);
                if (fCudnn && !v.needs.bundled)
                    if (const auto* r = FrameworkTable::builtin().newestFor(family, win, *fCudnn, v.loadsCudaMajor))
                        if (!needMajor || leadingNumber(r->cudnn) != needMajor || leadingNumber(r->cuda) != majorOf(v.needs.cuda))
                            vars["alternative"] = ", or pip install \"" + pkg.name + "==" + pinned(*r) + "\" (built for CUDA " +
                                                  r->cuda + " / cuDNN " + r->cudnn + ") to use the cuDNN " + *v.loadsVersion +
                                                  " this environment finds";
            }
            if (v.needs.bundled && v.loads && (v.loadsVia.rfind("its own", 0) == 0 || v.loadsVia.rfind("nvidia", 0) == 0)) {
                finish(codes::kFrameworkBundled);
                continue;
            }
            if (!v.needs.cuda && !v.needs.cudnn && !v.needs.bundled) {
                finish(codes::kFrameworkUnknown);
                continue;
            }
            if (!got) {
                std::vector<std::string> origins;
                for (const auto& e : order)
                    if (std::find(origins.begin(), origins.end(), e.origin) == origins.end())
                        origins.push_back(e.origin);
                std::string searched;
                for (const auto& o : origins)
                    searched += (searched.empty() ? "" : ", ") + o;
                vars["searched"] = searched;
                finish(codes::kFrameworkCudnnMissing);
                continue;
            }
            if (!hit) {
                vars["found_library"] = otherName;
                finish(codes::kFrameworkCudnnMajor);
                continue;
            }
            // Same major: a minor older than the build's is refused (TensorFlow: "Loaded runtime CuDNN
            // library: 8.0.5 but source was compiled with: 8.1.0").
            if (v.needs.cudnn && v.needs.cudnn->find(".x") == std::string::npos && v.needs.cudnn->find('.') != std::string::npos) {
                const auto need = Version::parse(*v.needs.cudnn + (std::count(v.needs.cudnn->begin(), v.needs.cudnn->end(), '.') == 1 ? ".0" : ""));
                const auto have = Version::parse(*v.loadsVersion);
                if (need && have && std::count(v.loadsVersion->begin(), v.loadsVersion->end(), '.') >= 1 &&
                    Version{have->major, have->minor, 0, -1} < Version{need->major, need->minor, 0, -1}) {
                    finish(codes::kFrameworkCudnnOlder);
                    continue;
                }
            }
            if (v.loadsCudaMajor && majorOf(v.needs.cuda) && *v.loadsCudaMajor != *majorOf(v.needs.cuda)) {
                finish(codes::kFrameworkCudaMajor);
                continue;
            }
            finish(v.needs.bundled ? codes::kFrameworkBundled : codes::kFrameworkOk);
        }
    }
    return out;
}

}  // namespace cudnnsetup
