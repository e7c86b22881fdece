#include "common/problemcodes.h"
#include "detect/compat.h"
#include "detect/detector.h"
#include "detect/fsutil.h"
#include "detect/pathhygiene.h"
#include "detect/variantdiagnosis.h"
#include "formats/pereader.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
using Vars = std::map<std::string, std::string>;

void report(DetectResult& r, const std::string& code, const std::optional<std::string>& path, const Vars& vars,
            const std::string& tpl = "")
{
    const auto& rules = CompatRules::builtin();
    Problem p{code, path, rules.text(tpl.empty() ? code : tpl, vars)};
    (rules.severity(code) == "warning" ? r.warnings : r.problems).push_back(std::move(p));
}

// The toolkit whose bin folder `dir` is, or nullptr.
const Toolkit* toolkitOfBin(const DetectResult& r, const std::string& dir)
{
    for (const auto& tk : r.toolkits)
        for (const auto& b : tk.binDirs)
            if (sameFolder(b, dir))
                return &tk;
    return nullptr;
}

std::string mainLibraryName(const Toolkit& tk)
{
    const int major = tk.cudnn.version ? tk.cudnn.version->major : 0;
    return tk.layout == "windows" ? "cudnn64_" + std::to_string(major) + ".dll" : "libcudnn.so." + std::to_string(major);
}

void driverFindings(DetectResult& r, bool windows)
{
    const auto& d = r.driver;
    if (d.state == DriverInfo::State::None) {
        report(r, codes::kNoDriver, std::nullopt, {{"detail", d.detail}});
        return;
    }
    if (d.state == DriverInfo::State::Stub) {
        report(r, codes::kStubDriver, d.library, {{"detail", d.library}});
        return;
    }
    const auto& rules = CompatRules::builtin();
    for (const auto& tk : r.toolkits) {
        if (!tk.version)
            continue;
        const Version& cuda = *tk.version;
        const std::string cudaText = std::to_string(cuda.major) + "." + std::to_string(cuda.minor);
        if (d.version) {
            const auto needed = rules.minDriver(cuda, windows);
            const auto floor = rules.minorFloor(cuda.major, windows);
            if (floor && compareDriverVersions(*d.version, *floor) < 0) {
                report(r, codes::kDriverTooOld, std::nullopt,
                       {{"driver", *d.version}, {"needed", needed.value_or(*floor)}, {"cuda", cudaText}, {"toolkit", tk.path}});
            } else if (needed && compareDriverVersions(*d.version, *needed) < 0) {
                report(r, codes::kDriverMinorCompat, std::nullopt,
                       {{"driver", *d.version}, {"needed", *needed}, {"cuda", cudaText}, {"cuda_major", std::to_string(cuda.major)},
                        {"floor", floor.value_or("?")}});
            }
        } else if (d.cudaVersion && *d.cudaVersion / 1000 < cuda.major) {
            report(r, codes::kDriverTooOld, std::nullopt,
                   {{"driver", "supporting CUDA " + cudaVersionText(*d.cudaVersion)},
                    {"needed", "a driver for CUDA " + std::to_string(cuda.major) + ".x"}, {"cuda", cudaText}, {"toolkit", tk.path}});
        }
    }
}

void cudnnVsCuda(DetectResult& r)
{
    const auto& rules = CompatRules::builtin();
    for (const auto& tk : r.toolkits) {
        if (!tk.cudnn.present || !tk.cudnn.version || !tk.version)
            continue;
        const Version& cuda = *tk.version;
        const std::string cudaText = std::to_string(cuda.major) + "." + std::to_string(cuda.minor);
        const Vars base = {{"cudnn", tk.cudnn.version->toString()}, {"toolkit", tk.path}, {"cuda", cudaText},
                           {"cuda_major", std::to_string(cuda.major)}};
        if (tk.cudnn.builtForCudaMajor && *tk.cudnn.builtForCudaMajor != cuda.major) {
            Vars v = base;
            v["cudnn_cuda"] = std::to_string(*tk.cudnn.builtForCudaMajor) + ".x";
            report(r, codes::kCudaMajorMismatch, tk.cudnn.libDir, v);
            continue;
        }
        const auto builds = rules.buildsFor(*tk.cudnn.version);
        if (builds.empty())
            continue;  // a release the table does not cover: no verdict
        const CudnnBuild* same = nullptr;
        std::string majors;
        for (const auto& b : builds) {
            majors += (majors.empty() ? "" : " or ") + std::to_string(b.cudaMajor) + ".x";
            if (b.cudaMajor == cuda.major)
                same = &b;
        }
        if (!same) {
            Vars v = base;
            v["cudnn_cuda"] = majors;
            report(r, codes::kCudaMajorMismatch, tk.cudnn.libDir, v);
            continue;
        }
        const auto lo = parseCudaVersion(same->cudaMin), hi = parseCudaVersion(same->cudaMax);
        const Version mm{cuda.major, cuda.minor, 0, -1};
        if (lo && hi && (mm < Version{lo->major, lo->minor, 0, -1} || Version{hi->major, hi->minor, 0, -1} < mm)) {
            Vars v = base;
            v["range"] = same->cudaMin + " to " + same->cudaMax;
            report(r, codes::kCudaMinorUntested, tk.path, v);
        }
    }
}

void searchFindings(DetectResult& r, bool windows)
{
    for (const auto& c : r.copies)
        if (c.origin == "System32" || c.origin == "SysWOW64")
            report(r, codes::kSystem32Copy, c.path, {{"path", c.path}, {"version", c.version.value_or("unknown version")}});
    for (const auto& c : r.copies)
        if (c.wins && (c.origin == "conda" || c.origin == "pip" || c.origin == "torch"))
            report(r, codes::kCondaPipFirst, c.path,
                   {{"origin", c.origin}, {"path", c.path}, {"version", c.version.value_or("unknown version")}, {"dir", dirOf(c.path)}});
    for (const auto& tk : r.toolkits) {
        if (!tk.cudnn.present || !tk.cudnn.version)
            continue;
        const std::string name = mainLibraryName(tk);
        const std::string mine = (fs::path(tk.cudnn.libDir) / name).string();
        const CudnnCopy* own = nullptr;
        const CudnnCopy* winner = nullptr;
        for (const auto& c : r.copies) {
            if (fs::path(c.path).filename().string() != name && lowerAscii(fs::path(c.path).filename().string()) != lowerAscii(name))
                continue;
            if (sameFolder(dirOf(c.path), tk.cudnn.libDir))
                own = &c;
            if (c.wins)
                winner = &c;
        }
        if (!own)
            continue;  // the main library itself is missing: reported as missing-file
        // Linux: a toolkit the loader does not search loses to whatever copy it finds first
        // (a stale one in /usr/lib/x86_64-linux-gnu, say): that copy is what programs get.
        if ((own->searchRank >= 0 || !windows) && winner && winner != own) {
            report(r, codes::kShadowed, own->path,
                   {{"winner", winner->path}, {"winner_version", winner->version.value_or("unknown version")},
                    {"path", own->path}, {"version", own->version.value_or(tk.cudnn.version->toString())},
                    {"toolkit", tk.path}, {"dir", tk.cudnn.libDir}, {"winner_dir", dirOf(winner->path)}});
        } else if (own->searchRank < 0) {
            report(r, codes::kNotOnSearchPath, tk.cudnn.libDir,
                   {{"cudnn", tk.cudnn.version->toString()}, {"toolkit", tk.path}, {"dir", tk.cudnn.libDir},
                    {"path_var", windows ? "PATH" : "LD_LIBRARY_PATH or /etc/ld.so.conf.d (then run ldconfig)"}});
        }
    }
}

void pathFindings(DetectResult& r, const Environment& env, const Registry& reg, bool windows)
{
    const auto path = programPath(env, reg);
    const Toolkit* first = nullptr;
    std::string firstDir;
    std::vector<std::pair<const Toolkit*, std::string>> seen;  // toolkits in PATH order
    for (const auto& [dir, origin] : path) {
        const Toolkit* tk = toolkitOfBin(r, dir);
        if (!tk)
            continue;
        if (!first) {
            first = tk;
            firstDir = dir;
        }
        if (std::none_of(seen.begin(), seen.end(), [tk](const auto& s) { return s.first == tk; }))
            seen.emplace_back(tk, dir);
    }
    for (const auto& [tk, dir] : seen) {
        if (tk == first || !tk->cudnn.present || !tk->version || !first->version ||
            first->versionText == tk->versionText)
            continue;
        report(r, codes::kCudaPathOrder, dir,
               {{"other_dir", firstDir}, {"other_cuda", first->versionText}, {"dir", dir}, {"cuda", tk->versionText},
                {"cudnn", tk->cudnn.version ? tk->cudnn.version->toString() : "?"}});
    }
    if (const auto cudaPath = env.get("CUDA_PATH"); cudaPath && first && !sameFolder(*cudaPath, first->path)) {
        report(r, codes::kCudaPathVarMismatch, *cudaPath, {{"var", "CUDA_PATH"}, {"cuda_path", *cudaPath}, {"dir", firstDir}});
    }
    if (!windows)
        return;
    const int x64Major = CompatRules::builtin().binX64FromCudaMajor();
    for (const auto& tk : r.toolkits) {
        if (tk.layout != "windows" || !tk.version || tk.version->major < x64Major)
            continue;
        const std::string binX64 = (fs::path(tk.path) / "bin" / "x64").string();
        const std::string bin = (fs::path(tk.path) / "bin").string();
        const Vars base = {{"toolkit", tk.path}, {"cuda", tk.versionText}, {"dir", binX64}};
        bool hasBin = false, hasX64 = false;
        for (const auto& [d, o] : path) {
            hasBin = hasBin || sameFolder(d, bin);
            hasX64 = hasX64 || sameFolder(d, binX64);
        }
        if (hasBin && !hasX64) {
            Vars v = base;
            v["detail"] = "PATH names " + bin + " and not " + binX64;
            report(r, codes::kCuda13BinX64, bin, v);
        }
        for (const auto& f : tk.cudnn.files)
            if (f.kind == FileKind::Dll && sameFolder(dirOf(f.path), bin)) {
                Vars v = base;
                v["detail"] = "the cuDNN DLLs are in " + bin;
                report(r, codes::kCuda13BinX64, f.path, v);
                break;
            }
    }
}

void zlibFindings(DetectResult& r, const Environment& env, const Registry& reg)
{
    const auto& rules = CompatRules::builtin();
    for (const auto& tk : r.toolkits) {
        if (tk.layout != "windows" || !tk.cudnn.present || !tk.cudnn.version || !rules.needsZlibwapi(*tk.cudnn.version))
            continue;
        std::vector<std::string> dirs = {tk.cudnn.libDir};
        dirs.insert(dirs.end(), tk.binDirs.begin(), tk.binDirs.end());
        if (const auto s = env.knownFolder(KnownFolder::System32))
            dirs.push_back(*s);
        for (const auto& [d, o] : programPath(env, reg))
            dirs.push_back(d);
        bool found = false;
        for (const auto& d : dirs) {
            const std::string p = (fs::path(d) / "zlibwapi.dll").string();
            if (fileSize(p).value_or(0) > 0 && readPeFile(p).isX64()) {
                found = true;
                break;
            }
        }
        if (!found)
            report(r, codes::kZlibwapiMissing, tk.cudnn.libDir,
                   {{"cudnn", tk.cudnn.version->toString()}, {"toolkit", tk.path}, {"dir", tk.cudnn.libDir}});
    }
}
// Where an import of `name` comes from, for the fix sentence.
std::string providerOf(const std::string& name)
{
    static const std::regex cuda(R"(^(?:cublas|cublaslt|cudart|cufft|curand|cusolver|cusparse)64_(\d{2,3})\.dll$)");
    std::smatch m;
    if (std::regex_match(name, m, cuda)) {
        const int n = std::stoi(m[1].str());
        return "the CUDA " + std::to_string(m[1].length() == 3 ? n / 10 : n) + ".x toolkit (its bin folder)";
    }
    if (name.rfind("cudnn", 0) == 0)
        return "the same cuDNN release (the DLLs of its bin folder)";
    if (name.rfind("vcruntime", 0) == 0 || name.rfind("msvcp", 0) == 0 || name.rfind("concrt", 0) == 0 ||
        name.rfind("vcomp", 0) == 0)
        return "the Microsoft Visual C++ Redistributable (x64)";
    if (name.rfind("nvrtc", 0) == 0 || name.rfind("nvjitlink", 0) == 0)
        return "the CUDA toolkit of the matching version (its bin folder)";
    return "the program that provides it";
}

// The DLLs a cuDNN library imports must be where Windows looks for them: its own folder, the
// toolkit's bin (on PATH after an install), System32 and PATH. The static form of "error 126".
// On another host only the NVIDIA/cuDNN family is checked: there is no System32 to look in.
void dependencyFindings(DetectResult& r, const Environment& env, const Registry& reg, bool windows)
{
    static const std::regex family(R"(^(?:cudnn|cublas|cudart|cufft|curand|cusolver|cusparse|nvrtc|nvjitlink|nvblas).*\.dll$)");
    std::vector<std::string> common;
    if (windows) {
        if (const auto s = env.knownFolder(KnownFolder::System32))
            common.push_back(*s);
        for (const auto& [d, o] : programPath(env, reg))
            common.push_back(d);
    }
    std::map<std::string, std::set<std::string>> listings;  // folder -> lower-case file names
    auto holds = [&listings](const std::string& dir, const std::string& lowerName) {
        auto it = listings.find(dir);
        if (it == listings.end()) {
            std::set<std::string> names;
            for (const auto& n : listDirectory(dir))
                names.insert(lowerAscii(n));
            it = listings.emplace(dir, std::move(names)).first;
        }
        return it->second.count(lowerName) > 0;
    };
    for (const auto& tk : r.toolkits) {
        if (tk.layout != "windows" || !tk.cudnn.present)
            continue;
        std::map<std::string, std::pair<std::string, std::vector<std::string>>> missing;  // import -> (dir, files)
        for (const auto& f : tk.cudnn.files) {
            if (f.kind != FileKind::Dll)
                continue;
            const std::string own = dirOf(f.path);
            for (const auto& imported : f.imports) {
                const std::string name = lowerAscii(imported);
                if (name.rfind("api-ms-win-", 0) == 0 || name.rfind("ext-ms-", 0) == 0)
                    continue;  // API sets: resolved by the loader, not files
                if (name == "zlibwapi.dll" || name == "nvcuda.dll" || name == "nvml.dll")
                    continue;  // zlibwapi-missing and the driver findings say it better
                if (!windows && !std::regex_match(name, family))
                    continue;
                bool found = holds(own, name);
                for (const auto& d : tk.binDirs)
                    found = found || holds(d, name);
                for (const auto& d : common)
                    found = found || holds(d, name);
                if (!found) {
                    auto& entry = missing[name];
                    entry.first = own;
                    entry.second.push_back(fs::path(f.path).filename().string());
                }
            }
        }
        for (const auto& [name, where] : missing) {
            std::string files;
            for (const auto& f : where.second)
                files += (files.empty() ? "" : ", ") + f;
            std::string imported = name;
            for (const auto& f : tk.cudnn.files)  // the spelling the import table uses
                for (const auto& i : f.imports)
                    if (lowerAscii(i) == name)
                        imported = i;
            report(r, codes::kDependencyMissing, (fs::path(where.first) / where.second.front()).string(),
                   {{"files", files}, {"import", imported}, {"dir", where.first}, {"toolkit", tk.path},
                    {"provider", providerOf(name)}});
        }
    }
}

// One process, one cuDNN: a sub-library found in an earlier folder than the main library's.
void splitLoadingFindings(DetectResult& r)
{
    for (const auto& set : r.loadSets) {
        if (!set.mixed || set.files.empty())
            continue;
        const std::string mainDir = dirOf(set.main);
        std::string files, dirs, versions;
        std::set<std::string> seenDirs, seenVersions;
        for (const auto& f : set.files) {
            const std::string v = f.version.value_or("unknown version");
            if (seenVersions.insert(v).second)
                versions += (versions.empty() ? "" : " and ") + v;
            if (sameFolder(dirOf(f.path), mainDir))
                continue;
            files += (files.empty() ? "" : ", ") + f.name;
            if (seenDirs.insert(normalizeDir(dirOf(f.path), true)).second)
                dirs += (dirs.empty() ? "" : ", ") + dirOf(f.path) + " (" + f.origin + ")";
        }
        if (seenVersions.size() < 2)
            versions = "files of " + versions + " from different folders";
        report(r, codes::kMixedCudnn, set.main,
               {{"main", fs::path(set.main).filename().string()}, {"main_dir", mainDir}, {"files", files},
                {"other_dirs", dirs}, {"versions", versions}});
    }
}

void frameworkFindings(DetectResult& r)
{
    for (const auto& f : r.frameworks) {
        if (f.severity != "problem" && f.severity != "warning")
            continue;
        Problem p{f.code, f.loads ? f.loads : std::optional<std::string>(f.environment), f.message};
        (f.severity == "warning" ? r.warnings : r.problems).push_back(std::move(p));
    }
}

void pathHygieneFindings(DetectResult& r, const Environment& env, const Registry& reg, bool windows)
{
    PathValues s;
    auto raw = [&reg](RegistryHive hive, const char* key, const char* name) -> std::optional<std::string> {
        const auto v = reg.value(hive, key, name, RegistryView::Native64);
        if (!v || v->type == RegistryValue::Type::Dword)
            return std::nullopt;
        return v->text;
    };
    const char* sysKey = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";
    if (windows) {
        s.systemRaw = raw(RegistryHive::LocalMachine, sysKey, "Path");
        s.userRaw = raw(RegistryHive::CurrentUser, "Environment", "Path");
        for (const auto& [d, origin] : programPath(env, reg))
            (origin == "PATH (user)" ? s.userExpanded : s.systemExpanded).push_back(d);
    }
    // CUDA_PATH as this process sees it, and as the registry gives it to programs started now.
    std::set<std::string> names;
    for (const auto& [name, value] : env.list()) {
        // A plain loop, not a lambda: clang 14 (the fuzz/sanitize build) cannot capture a structured binding.
        std::string upper = name;
        for (auto& c : upper)
            c = char(std::toupper(static_cast<unsigned char>(c)));
        if ((upper == "CUDA_PATH" || upper.rfind("CUDA_PATH_V", 0) == 0) && names.insert(upper).second)
            s.cudaPathVars.emplace_back(upper, windows ? env.expand(value) : value);
    }
    if (windows)
        if (const auto v = raw(RegistryHive::LocalMachine, sysKey, "CUDA_PATH"); v && !names.count("CUDA_PATH"))
            s.cudaPathVars.emplace_back("CUDA_PATH", env.expand(*v));
    std::vector<std::pair<std::string, std::string>> toolkitDirs;
    for (const auto& tk : r.toolkits)
        if (tk.cudnn.present && tk.layout == "windows")
            toolkitDirs.emplace_back(tk.cudnn.libDir, tk.versionText.empty() ? "?" : tk.versionText);
    for (const auto& f : pathHygiene(s, toolkitDirs, [](const std::string& d) { return isDirectory(d); })) {
        Vars v(f.vars.begin(), f.vars.end());
        report(r, f.code, f.path.empty() ? std::nullopt : std::optional<std::string>(f.path), v);
    }
}

}  // namespace

void diagnose(DetectResult& r, const Environment& env, const Registry& reg, bool windows)
{
    for (const auto& tk : r.toolkits)
        for (const auto& p : tk.cudnn.problems)
            (CompatRules::builtin().severity(p.code) == "warning" ? r.warnings : r.problems).push_back(p);
    driverFindings(r, windows);
    cudnnVsCuda(r);
    searchFindings(r, windows);
    pathFindings(r, env, reg, windows);
    if (windows)
        zlibFindings(r, env, reg);
    dependencyFindings(r, env, reg, windows);
    if (windows)
        variantFindings(r, env, reg);  // cuDNN outside toolkits, and what cuDNN 9 loads by name
    splitLoadingFindings(r);
    pathHygieneFindings(r, env, reg, windows);
    frameworkFindings(r);
    if (windows && r.python) {
        const auto v = parseCudaVersion(r.python->version);
        const bool anyCudnn = std::any_of(r.toolkits.begin(), r.toolkits.end(), [](const Toolkit& t) { return t.cudnn.present; });
        if (v && (v->major > 3 || (v->major == 3 && v->minor >= 8)) && anyCudnn) {
            std::string dir;
            for (const auto& t : r.toolkits)
                if (t.cudnn.present && dir.empty())
                    dir = t.cudnn.libDir;
            report(r, codes::kPythonDllSearch, std::nullopt, {{"python", r.python->version}, {"dir", dir}});
        }
    }
}

}  // namespace cudnnsetup
