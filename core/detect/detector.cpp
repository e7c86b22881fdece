#include "detect/detector.h"

#include "detect/cudnninspect.h"
#include "detect/driver.h"
#include "detect/fsutil.h"
#include "platform/childprocess.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#ifndef _WIN32
#include <sys/utsname.h>
#endif

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
std::string hostOs()
{
#ifdef _WIN32
    return "Windows";
#else
    std::string os = "Linux";
    std::ifstream rel("/etc/os-release");
    std::string line;
    while (std::getline(rel, line))
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            os = line.substr(12);
            if (os.size() >= 2 && os.front() == '"')
                os = os.substr(1, os.size() - 2);
        }
    utsname u{};
    if (::uname(&u) == 0)
        os += std::string(" (") + u.sysname + " " + u.release + " " + u.machine + ")";
    return os;
#endif
}

nlohmann::json optJson(const std::optional<std::string>& s)
{
    return s ? nlohmann::json(*s) : nlohmann::json(nullptr);
}
}  // namespace

bool DetectResult::ok() const
{
    return problems.empty();
}

std::optional<PythonInfo> probePython(const Environment& env, std::chrono::milliseconds timeout)
{
    // One child, one short script: every import is optional and guarded.
    static const char* kScript = R"PY(
import json, sys
out = {"version": "%d.%d.%d" % sys.version_info[:3], "executable": sys.executable}
try:
    import torch
    out["torch"] = torch.__version__
    out["torch_cuda"] = torch.version.cuda
    c = torch.backends.cudnn.version()
    out["torch_cudnn"] = None if c is None else str(c)
except Exception:
    pass
try:
    import tensorflow as tf
    out["tensorflow"] = tf.__version__
    out["tensorflow_cudnn"] = str(tf.sysconfig.get_build_info().get("cudnn_version"))
except Exception:
    pass
print("CUDNN_SETUP_PY=" + json.dumps(out))
)PY";
    (void)env;
    for (const char* py : {"python3", "python"}) {
        const auto r = runChildProcess(py, {"-c", kScript}, static_cast<int>(timeout.count()));
        if (!r.started || r.timedOut)
            continue;
        const auto pos = r.out.find("CUDNN_SETUP_PY=");
        if (pos == std::string::npos)
            continue;
        const auto end = r.out.find('\n', pos);
        const auto j = nlohmann::json::parse(r.out.substr(pos + 15, end == std::string::npos ? std::string::npos : end - pos - 15),
                                             nullptr, false);
        if (j.is_discarded())
            continue;
        PythonInfo info;
        info.executable = j.value("executable", py);
        info.version = j.value("version", "");
        auto opt = [&j](const char* k) -> std::optional<std::string> {
            if (!j.contains(k) || j[k].is_null())
                return std::nullopt;
            return j[k].get<std::string>();
        };
        info.torch = opt("torch");
        info.torchCuda = opt("torch_cuda");
        info.torchCudnn = opt("torch_cudnn");
        info.tensorflow = opt("tensorflow");
        info.tensorflowCudnn = opt("tensorflow_cudnn");
        return info;
    }
    return std::nullopt;
}

DetectResult detect(const DetectOptions& opts, const Environment& env, const Registry& reg)
{
    DetectResult r;
    r.os = opts.find.windowsRules ? "Windows" : hostOs();
    r.toolkits = findToolkits(env, reg, opts.find);
    for (auto& tk : r.toolkits)
        inspectCudnn(tk);
    if (opts.driver)
        r.driver = *opts.driver;
    else if (opts.probeDriver)
        r.driver = probeDriver(env);
    SearchContext sc = opts.search;
    sc.windowsRules = opts.find.windowsRules;
    sc.systemPrefix = opts.find.systemPrefix;
    for (const auto& tk : r.toolkits)
        if (tk.cudnn.present)
            sc.extraDirs.push_back(tk.cudnn.libDir);
    r.copies = findCopies(env, reg, sc);
    const auto order = searchOrder(env, reg, sc);
    if (sc.windowsRules)
        r.loadSets = loadSets(order, r.copies);
    if (opts.scanPythonEnvironments) {
        PythonFindOptions po;
        po.windowsRules = sc.windowsRules;
        po.scanPath = opts.pythonOnPath;
        r.pythonEnvironments = findPythonEnvironments(env, reg, po);
        FrameworkContext fc;
        fc.windowsRules = sc.windowsRules;
        fc.search = order;
        fc.toolkits = &r.toolkits;
        r.frameworks = checkFrameworks(r.pythonEnvironments, fc);
    }
    // After the Python environments: their site-packages are where the pip wheels are.
    VariantRoots roots;
    roots.installer = opts.cudnnRoots;
    if (sc.windowsRules)
        if (const auto pf = env.knownFolder(KnownFolder::ProgramFiles))
            roots.installer.push_back((fs::path(*pf) / "NVIDIA" / "CUDNN").string());
    roots.cudnnPath = env.get("CUDNN_PATH");
    for (const auto& e : r.pythonEnvironments)
        roots.sitePackages.insert(roots.sitePackages.end(), e.sitePackages.begin(), e.sitePackages.end());
    r.variants = findVariants(roots);
    placeVariants(r.variants, r.copies, r.toolkits, sc.windowsRules);
    if (opts.python)
        r.python = opts.python;
    else if (opts.probePython)
        r.python = probePython(env, opts.pythonTimeout);
    diagnose(r, env, reg, opts.find.windowsRules);
    return r;
}

nlohmann::json toJson(const DetectResult& r)
{
    nlohmann::json doc;
    doc["ok"] = r.ok();
    doc["os"] = r.os;
    doc["toolkits"] = nlohmann::json::array();
    for (const auto& tk : r.toolkits) {
        nlohmann::json files = nlohmann::json::array();
        for (const auto& f : tk.cudnn.files)
            files.push_back({{"path", f.path}, {"kind", std::string(toString(f.kind))}, {"size", f.size},
                             {"version", optJson(f.version)}, {"soname", optJson(f.soname)}, {"arch", f.arch},
                             {"imports", f.imports}});
        nlohmann::json cudnn = {
            {"version", tk.cudnn.version ? nlohmann::json(tk.cudnn.version->toString()) : nlohmann::json(nullptr)},
            {"present", tk.cudnn.present},
            {"complete", tk.cudnn.complete},
            {"built_for_cuda", tk.cudnn.builtForCudaMajor ? nlohmann::json(*tk.cudnn.builtForCudaMajor) : nlohmann::json(nullptr)},
            {"built_for_cuda_source", tk.cudnn.builtForCudaSource.empty() ? nlohmann::json(nullptr) : nlohmann::json(tk.cudnn.builtForCudaSource)},
            {"cuda_libraries", tk.cudnn.cudaLibraries},
            {"library_dir", tk.cudnn.present ? nlohmann::json(tk.cudnn.libDir) : nlohmann::json(nullptr)},
            {"files", files},
            {"problems", toJson(tk.cudnn.problems)}};
        doc["toolkits"].push_back({{"path", tk.path},
                                   {"resolved_path", optJson(tk.resolvedPath)},
                                   {"version", tk.versionText.empty() ? nlohmann::json(nullptr) : nlohmann::json(tk.versionText)},
                                   {"version_source", tk.versionSource.empty() ? nlohmann::json(nullptr) : nlohmann::json(tk.versionSource)},
                                   {"layout", tk.layout},
                                   {"sources", tk.sources},
                                   {"bin_dirs", tk.binDirs},
                                   {"lib_dir", tk.libDir},
                                   {"cudnn", cudnn}});
    }
    doc["driver"] = {{"present", r.driver.state == DriverInfo::State::Present},
                     {"state", toString(r.driver.state)},
                     {"version", optJson(r.driver.version)},
                     {"cuda_version", r.driver.cudaVersion ? nlohmann::json(cudaVersionText(*r.driver.cudaVersion)) : nlohmann::json(nullptr)},
                     {"library", r.driver.library.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.driver.library)},
                     {"detail", r.driver.detail}};
    doc["cudnn_copies"] = nlohmann::json::array();
    for (const auto& c : r.copies)
        doc["cudnn_copies"].push_back({{"path", c.path}, {"version", optJson(c.version)}, {"origin", c.origin},
                                       {"wins", c.wins}, {"search_rank", c.searchRank},
                                       {"package", optJson(c.package)},
                                       {"package_manager", optJson(c.packageManager)}});
    doc["cudnn_installs"] = nlohmann::json::array();
    for (const auto& v : r.variants)
        doc["cudnn_installs"].push_back(
            {{"origin", v.origin}, {"root", v.root}, {"bin_dir", v.binDir},
             {"include_dir", v.includeDir.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.includeDir)},
             {"lib_dir", v.libDir.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.libDir)},
             {"version", v.version ? nlohmann::json(v.version->toString()) : nlohmann::json(nullptr)},
             {"version_source", v.versionSource.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.versionSource)},
             {"built_with_cuda", v.builtWith.empty() ? nlohmann::json(nullptr) : nlohmann::json(v.builtWith)},
             {"cuda_major", v.cudaMajor ? nlohmann::json(*v.cudaMajor) : nlohmann::json(nullptr)},
             {"main_library", v.mainLibrary}, {"search_rank", v.searchRank}, {"wins", v.wins},
             {"toolkits", v.toolkits}, {"fit", variantFit(v, r.toolkits)}});
    doc["cudnn_load_sets"] = nlohmann::json::array();
    for (const auto& set : r.loadSets) {
        nlohmann::json files = nlohmann::json::array();
        for (const auto& f : set.files)
            files.push_back({{"name", f.name}, {"path", f.path}, {"version", optJson(f.version)}, {"origin", f.origin},
                             {"search_rank", f.rank}});
        doc["cudnn_load_sets"].push_back({{"main", set.main}, {"mixed", set.mixed}, {"files", files}});
    }
    doc["python_environments"] = nlohmann::json::array();
    for (const auto& e : r.pythonEnvironments) {
        nlohmann::json pkgs = nlohmann::json::array();
        for (const auto& p : e.packages)
            pkgs.push_back({{"name", p.name}, {"version", p.version}, {"dist_info", p.distInfo}});
        doc["python_environments"].push_back({{"root", e.root}, {"kind", e.kind}, {"python", optJson(e.pythonVersion)},
                                              {"conda", e.isConda}, {"site_packages", e.sitePackages}, {"packages", pkgs}});
    }
    doc["frameworks"] = nlohmann::json::array();
    for (const auto& f : r.frameworks) {
        nlohmann::json loads = nullptr;
        if (f.loads)
            loads = {{"path", *f.loads}, {"version", optJson(f.loadsVersion)},
                     {"cuda_major", f.loadsCudaMajor ? nlohmann::json(*f.loadsCudaMajor) : nlohmann::json(nullptr)},
                     {"via", f.loadsVia}, {"loader_object", optJson(f.loaderObject)}};
        // ONNX Runtime 1.21+: what its preload_dlls() would load instead (null: no such function, or none).
        nlohmann::json preload = nullptr;
        if (f.preloads)
            preload = {{"path", *f.preloads}, {"version", optJson(f.preloadsVersion)}, {"via", f.preloadsVia}};
        doc["frameworks"].push_back({{"environment", f.environment}, {"environment_kind", f.environmentKind},
                                     {"python", optJson(f.python)}, {"package", f.package}, {"version", f.version},
                                     {"needs", {{"cuda", optJson(f.needs.cuda)}, {"cudnn", optJson(f.needs.cudnn)},
                                                {"source", f.needs.source}, {"bundles_cudnn", f.needs.bundled},
                                                {"gpu_build", !f.needs.noGpu}}},
                                     {"library", optJson(f.library)}, {"loads", loads}, {"preload_dlls", preload},
                                     {"verdict", f.code},
                                     {"severity", f.severity}, {"message", f.message}});
    }
    if (r.python) {
        const auto& p = *r.python;
        doc["python"] = {{"executable", p.executable}, {"version", p.version}, {"torch", optJson(p.torch)},
                         {"torch_cuda", optJson(p.torchCuda)}, {"torch_cudnn", optJson(p.torchCudnn)},
                         {"tensorflow", optJson(p.tensorflow)}, {"tensorflow_cudnn", optJson(p.tensorflowCudnn)}};
    } else {
        doc["python"] = nullptr;
    }
    doc["problems"] = toJson(r.problems);
    doc["warnings"] = toJson(r.warnings);
    return doc;
}

std::string toMarkdown(const DetectResult& r)
{
    std::ostringstream md;
    auto orNone = [](const std::optional<std::string>& s) { return s ? *s : std::string("—"); };
    md << "## cuDNN / CUDA version profile\n\n";
    md << "| item | value |\n|---|---|\n";
    md << "| OS | " << r.os << " |\n";
    md << "| NVIDIA driver | " << toString(r.driver.state);
    if (r.driver.version)
        md << ", " << *r.driver.version;
    if (r.driver.cudaVersion)
        md << " (CUDA " << cudaVersionText(*r.driver.cudaVersion) << ")";
    if (r.driver.state != DriverInfo::State::Present && !r.driver.detail.empty())
        md << " — " << r.driver.detail;
    md << " |\n";
    if (r.python) {
        md << "| Python | " << r.python->version << " (" << r.python->executable << ") |\n";
        md << "| PyTorch | " << orNone(r.python->torch) << " (CUDA " << orNone(r.python->torchCuda) << ", cuDNN "
           << orNone(r.python->torchCudnn) << ") |\n";
        md << "| TensorFlow | " << orNone(r.python->tensorflow) << " (cuDNN " << orNone(r.python->tensorflowCudnn) << ") |\n";
    } else {
        md << "| Python | not found |\n";
    }
    md << "\n### CUDA toolkits\n\n";
    if (r.toolkits.empty())
        md << "None found.\n";
    else {
        md << "| path | CUDA | layout | found via | cuDNN | complete |\n|---|---|---|---|---|---|\n";
        for (const auto& tk : r.toolkits) {
            std::string sources;
            for (const auto& s : tk.sources)
                sources += (sources.empty() ? "" : ", ") + s;
            md << "| " << tk.path << (tk.resolvedPath ? " → " + *tk.resolvedPath : "") << " | "
               << (tk.versionText.empty() ? "unknown" : tk.versionText) << " | " << tk.layout << " | " << sources << " | "
               << (tk.cudnn.present ? (tk.cudnn.version ? tk.cudnn.version->toString() : "unknown") : "none") << " | "
               << (tk.cudnn.present ? (tk.cudnn.complete ? "yes" : "no") : "—") << " |\n";
        }
    }
    md << "\n### cuDNN copies (search order)\n\n";
    if (r.copies.empty())
        md << "None found.\n";
    else {
        md << "| path | version | origin | loaded by a new program |\n|---|---|---|---|\n";
        for (const auto& c : r.copies)
            md << "| " << c.path << " | " << orNone(c.version) << " | " << c.origin << " | "
               << (c.wins ? "**yes**" : (c.searchRank >= 0 ? "no (shadowed)" : "no (not searched)")) << " |\n";
    }
    if (!r.variants.empty()) {
        md << "\n### cuDNN outside toolkits\n\n| folder | cuDNN | origin | CUDA | loaded by a new program |\n|---|---|---|---|---|\n";
        for (const auto& v : r.variants)
            md << "| " << v.binDir << " | " << (v.version ? v.version->toString() : "unknown") << " | " << v.origin << " | "
               << variantFit(v, r.toolkits) << " | "
               << (v.wins ? "**yes**" : (v.searchRank >= 0 ? "no (shadowed)" : "no (not on the search path)")) << " |\n";
    }
    md << "\n### Your frameworks\n\n";
    if (r.frameworks.empty())
        md << "No GPU framework (TensorFlow, ONNX Runtime, PaddlePaddle, PyTorch, JAX) found in "
           << r.pythonEnvironments.size() << " Python environment(s).\n";
    else {
        md << "| environment | framework | needs | loads | verdict |\n|---|---|---|---|---|\n";
        for (const auto& f : r.frameworks) {
            std::string needs = f.needs.noGpu ? std::string("no GPU build")
                                              : "CUDA " + f.needs.cuda.value_or("?") + ", cuDNN " +
                                                    (f.needs.bundled ? std::string("bundled") : f.needs.cudnn.value_or("?"));
            std::string loads = f.loads ? *f.loads + " (" + f.loadsVersion.value_or("?") + ", " + f.loadsVia + ")" : "—";
            md << "| " << f.environmentKind << " " << f.environment << " | " << f.package << " " << f.version << " | "
               << needs << " | " << loads << " | **" << f.code << "**: " << f.message << " |\n";
        }
    }
    for (const auto& set : r.loadSets)
        if (set.mixed) {
            md << "\nMixed cuDNN load set for " << set.main << ":\n\n| file | loaded from | version |\n|---|---|---|\n";
            for (const auto& f : set.files)
                md << "| " << f.name << " | " << f.path << " (" << f.origin << ") | " << f.version.value_or("—") << " |\n";
        }
    md << "\n### Findings\n\n";
    if (r.problems.empty() && r.warnings.empty())
        md << "No problems found.\n";
    for (const auto& p : r.problems)
        md << "- **" << p.code << "**: " << p.message << "\n";
    for (const auto& p : r.warnings)
        md << "- " << p.code << " (warning): " << p.message << "\n";
    return md.str();
}

}  // namespace cudnnsetup
