#include "detect/variantdiagnosis.h"

#include "common/problemcodes.h"
#include "detect/compat.h"
#include "detect/cudnninspect.h"
#include "detect/fsutil.h"
#include "releases/releases.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
using Vars = std::map<std::string, std::string>;

void report(DetectResult& r, const std::string& code, const std::string& path, const Vars& vars)
{
    const auto& rules = CompatRules::builtin();
    Problem p{code, path, rules.text(code, vars)};
    (rules.severity(code) == "warning" ? r.warnings : r.problems).push_back(std::move(p));
}

std::string lowerName(const std::string& path)
{
    return lowerAscii(fs::path(path).filename().string());
}

// Folder names compared as Windows does (separators, trailing slash, case).
std::string folderKey(const std::string& dir)
{
    return normalizeDir(canonicalKey(dir), true);
}

// Installed by someone for programs to use: a pip wheel is one environment's business.
bool machineWide(const CudnnVariant& v)
{
    return v.origin != "pip wheel";
}

// The toolkit programs use: the first whose bin folder is on PATH, else CUDA_PATH's, else the only one.
const Toolkit* toolkitInUse(const DetectResult& r, const Environment& env, const Registry& reg)
{
    for (const auto& [dir, origin] : programPath(env, reg))
        for (const auto& tk : r.toolkits)
            for (const auto& b : tk.binDirs)
                if (tk.version && sameFolder(b, dir))
                    return &tk;
    if (const auto cp = env.get("CUDA_PATH"))
        for (const auto& tk : r.toolkits)
            if (tk.version && sameFolder(tk.path, *cp))
                return &tk;
    if (r.toolkits.size() == 1 && r.toolkits.front().version)
        return &r.toolkits.front();
    return nullptr;
}

// Of one install's variants, the one to name in a fix: the variant for the toolkit in use, else the first.
const CudnnVariant* preferred(const std::vector<const CudnnVariant*>& variants, const Toolkit* inUse)
{
    for (const auto* v : variants)
        if (inUse && v->cudaMajor && *v->cudaMajor == inUse->version->major)
            return v;
    return variants.empty() ? nullptr : variants.front();
}

std::string versionText(const CudnnVariant& v)
{
    return v.version ? v.version->toString() : std::string("(unknown version)");
}

std::string cudaText(const CudnnVariant& v)
{
    return v.builtWith.empty() ? (v.cudaMajor ? std::to_string(*v.cudaMajor) + ".x" : std::string("?")) : v.builtWith;
}

// True when a folder holds a file of that name (listings read once).
class Listings {
public:
    bool holds(const std::string& dir, const std::string& lowerFileName)
    {
        auto it = m_names.find(dir);
        if (it == m_names.end()) {
            std::set<std::string> names;
            for (const auto& n : listDirectory(dir))
                names.insert(lowerAscii(n));
            it = m_names.emplace(dir, std::move(names)).first;
        }
        return it->second.count(lowerFileName) > 0;
    }
    bool holdsMainLibrary(const std::string& dir)
    {
        holds(dir, "");
        const auto& names = m_names[dir];
        return std::any_of(names.begin(), names.end(), [](const std::string& n) {
            return n.rfind("cudnn64_", 0) == 0 && n.size() > 12 && n.substr(n.size() - 4) == ".dll";
        });
    }

private:
    std::map<std::string, std::set<std::string>> m_names;
};

// (b) PATH names a folder above the DLLs (`...\v9.7\bin`): the search does not look into subfolders.
// Returns the install roots it spoke about.
std::set<std::string> parentEntryFindings(DetectResult& r, const Environment& env, const Registry& reg,
                                          const Toolkit* inUse, Listings& listings)
{
    std::set<std::string> roots;
    std::set<std::string> reported;
    for (const auto& [entry, origin] : programPath(env, reg)) {
        if (!isDirectory(entry) || listings.holdsMainLibrary(entry))
            continue;
        const std::string key = folderKey(entry) + "/";
        std::vector<const CudnnVariant*> below;
        for (const auto& v : r.variants)
            if (machineWide(v) && folderKey(v.binDir).rfind(key, 0) == 0)
                below.push_back(&v);
        const CudnnVariant* v = preferred(below, inUse);
        if (!v || !reported.insert(key).second)
            continue;
        roots.insert(folderKey(v->root));
        report(r, codes::kPathEntryAboveCudnn, entry,
               {{"entry", entry}, {"scope", origin}, {"dir", v->binDir}, {"cudnn", versionText(*v)},
                {"built", cudaText(*v)}, {"cuda_major", v->cudaMajor ? std::to_string(*v->cudaMajor) : "?"},
                {"main", fs::path(v->mainLibrary).filename().string()}});
    }
    return roots;
}

// The winning copy of a main library name, or nullptr.
const CudnnCopy* winnerOf(const DetectResult& r, const std::string& lowerMainName)
{
    for (const auto& c : r.copies)
        if (c.wins && lowerName(c.path) == lowerMainName)
            return &c;
    return nullptr;
}

// (a) installed but on no search path, and (d) an older copy loaded instead: one finding per install.
void placementFindings(DetectResult& r, const Toolkit* inUse, const std::set<std::string>& spokenOf)
{
    std::map<std::string, std::vector<const CudnnVariant*>> byRoot;  // install root -> its variants, in order
    std::vector<std::string> rootOrder;
    for (const auto& v : r.variants) {
        if (!machineWide(v) || v.mainLibrary.empty())
            continue;
        const std::string key = folderKey(v.root);
        if (!byRoot.count(key))
            rootOrder.push_back(key);
        byRoot[key].push_back(&v);
    }
    for (const auto& key : rootOrder) {
        const auto& variants = byRoot[key];
        if (std::any_of(variants.begin(), variants.end(), [](const CudnnVariant* v) { return v->wins; }))
            continue;  // one of its variants is what programs load
        const CudnnVariant* v = preferred(variants, inUse);
        const CudnnCopy* winner = winnerOf(r, lowerName(v->mainLibrary));
        if (winner) {
            const auto theirs = winner->version ? Version::parse(*winner->version) : std::nullopt;
            // As new or newer, or the same release spelt with fewer parts (9.19.0 vs 9.19.0.56): nothing is lost.
            if (!v->version || !theirs || !(*theirs < *v->version) || theirs->agreesWith(*v->version))
                continue;
            report(r, codes::kOlderCudnnShadowsInstall, winner->path,
                   {{"winner", winner->path}, {"winner_version", theirs->toString()}, {"winner_dir", dirOf(winner->path)},
                    {"cudnn", versionText(*v)}, {"origin", v->origin}, {"dir", v->binDir}});
        } else if (!spokenOf.count(key)) {
            std::string others;
            for (const auto* o : variants)
                if (o != v)
                    others += (others.empty() ? "" : ", ") + o->binDir + " (CUDA " + cudaText(*o) + ")";
            report(r, codes::kCudnnInstallNotOnPath, v->binDir,
                   {{"cudnn", versionText(*v)}, {"origin", v->origin}, {"root", v->root}, {"dir", v->binDir},
                    {"built", cudaText(*v)}, {"cuda_major", v->cudaMajor ? std::to_string(*v->cudaMajor) : "?"},
                    {"main", fs::path(v->mainLibrary).filename().string()},
                    {"others", others.empty() ? "" : " Its other variants: " + others + "."}});
        }
    }
}

// (c) The variant first on the search path was built for another CUDA major than the toolkit in use.
void variantMajorFindings(DetectResult& r, const Toolkit* inUse)
{
    if (!inUse)
        return;
    const int want = inUse->version->major;
    for (const auto& v : r.variants) {
        if (!v.wins || !machineWide(v) || !v.cudaMajor || *v.cudaMajor == want)
            continue;
        const CudnnVariant* right = nullptr;
        for (const auto& o : r.variants)
            if (o.cudaMajor && *o.cudaMajor == want && machineWide(o) && (!right || sameFolder(o.root, v.root)))
                right = &o;
        report(r, codes::kCudnnVariantCudaMismatch, v.binDir,
               {{"dir", v.binDir}, {"cudnn", versionText(v)}, {"built", cudaText(v)},
                {"cudnn_major", std::to_string(*v.cudaMajor)}, {"toolkit", inUse->path}, {"cuda", inUse->versionText},
                {"cuda_major", std::to_string(want)},
                {"remedy", right ? "Put " + right->binDir + " (built with CUDA " + cudaText(*right) + ") on PATH in place of " + v.binDir
                                 : "Install the cuDNN build for CUDA " + std::to_string(want) + " and put its bin folder on PATH in place of " + v.binDir}});
    }
}

// The CUDA major a winning copy was built for: its variant's, else the toolkit it sits in.
std::optional<int> cudaMajorOfCopy(const DetectResult& r, const CudnnCopy& c, std::vector<std::string>* scanned)
{
    for (const auto& v : r.variants)
        if (sameFolder(v.binDir, dirOf(c.path))) {
            *scanned = v.cudaLibraries;
            return v.cudaMajor;
        }
    for (const auto& tk : r.toolkits)
        if (tk.cudnn.present && sameFolder(tk.cudnn.libDir, dirOf(c.path))) {
            *scanned = tk.cudnn.cudaLibraries;
            if (tk.cudnn.builtForCudaMajor)
                return tk.cudnn.builtForCudaMajor;
            return tk.version ? std::optional<int>(tk.version->major) : std::nullopt;
        }
    return std::nullopt;
}

// (e) cuDNN 9 loads cuBLASLt and NVRTC of its CUDA major by name when it runs (not through its import
// table): a process finds them only in its own folder, System32 and PATH. None there -> error 126.
void runtimeLibraryFindings(DetectResult& r, const Environment& env, const Registry& reg, Listings& listings)
{
    SearchContext ctx;
    ctx.windowsRules = true;
    const auto order = searchOrder(env, reg, ctx);
    for (const auto& c : r.copies) {
        if (!c.wins || lowerName(c.path) != "cudnn64_9.dll")
            continue;  // cuDNN 8 imports cuBLAS: dependency-missing speaks of it
        std::vector<std::string> scanned;
        const auto major = cudaMajorOfCopy(r, c, &scanned);
        if (!major)
            continue;
        const Toolkit* same = nullptr;
        for (const auto& tk : r.toolkits)
            if (tk.version && tk.version->major == *major && !tk.binDirs.empty() && (!same || *same->version < *tk.version))
                same = &tk;
        for (const auto& lib : runtimeLibrariesFor(*major, scanned)) {
            const bool found = std::any_of(order.begin(), order.end(),
                                           [&](const SearchEntry& e) { return listings.holds(e.dir, lowerAscii(lib)); });
            if (found)
                continue;
            const std::string m = std::to_string(*major);
            std::string remedy;
            if (same) {
                std::string bin = same->binDirs.front();
                for (const auto& b : same->binDirs)  // the folder that holds it, when one does (bin\x64 from CUDA 13)
                    if (listings.holds(b, lowerAscii(lib)))
                        bin = b;
                remedy = "Add " + bin + " (the bin folder of CUDA " + same->versionText + ", " + same->path + ") to the system PATH";
            } else {
                remedy = "Install the CUDA " + m + ".x toolkit (any " + m + ".x; its installer puts its bin folder on PATH), "
                         "or put a folder holding " + lib + " on the system PATH";
            }
            report(r, codes::kCudaRuntimeDllMissing, c.path,
                   {{"path", c.path}, {"version", c.version.value_or("unknown version")}, {"cuda_major", m}, {"library", lib},
                    {"remedy", remedy}});
        }
    }
}
}  // namespace

std::vector<std::string> runtimeLibrariesFor(int cudaMajor, const std::vector<std::string>& scanned)
{
    std::vector<std::string> out;
    for (const auto& n : scanned) {
        const std::string l = lowerAscii(n);
        if ((l.rfind("cublaslt64_", 0) == 0 || l.rfind("nvrtc64_", 0) == 0) && l.size() > 4 && l.substr(l.size() - 4) == ".dll")
            out.push_back(n);
    }
    if (!out.empty())
        return out;
    // NVIDIA's names: cuBLASLt carries the major; NVRTC major and minor, with the minor 0 from CUDA 12
    // on (nvrtc64_120_0.dll for every 12.x) and 2 for the 11.2+ builds cuDNN 9 was made with.
    const int nvrtc = cudaMajor * 10 + (cudaMajor == 11 ? 2 : 0);
    return {"cublasLt64_" + std::to_string(cudaMajor) + ".dll", "nvrtc64_" + std::to_string(nvrtc) + "_0.dll"};
}

// (f) NVIDIA's installer layout, file by file as a toolkit's cuDNN is (detect/cudnninspect.h): each DLL of
// the release's set that the variant folder lacks, holds empty or damaged. `repair --cudnn-root` restores
// exactly these (install/nvidiaroot.h); without this a variant with a zero-filled or deleted DLL was
// reported healthy (found by tests/wine/programs/tst_win_nvidialayout.cpp). DLLs only: they are what a
// program loads, and the set of headers and import libraries NVIDIA's installer lays out is not
// confirmed (../shared/reference/cudnn9-today.md §1).
void installFileFindings(DetectResult& r)
{
    const auto& rules = CompatRules::builtin();
    for (const auto& v : r.variants) {
        if (v.origin != "NVIDIA installer" || !v.version || v.builtWith.empty())
            continue;
        for (const auto& name : windowsFileSet(*v.version).dlls) {
            const std::string path = (fs::path(v.binDir) / name).string();
            std::string code, state;
            if (!pathExists(path)) {
                code = codes::kMissingFile;
                state = "missing";
            } else if (fileSize(path).value_or(0) == 0) {
                code = codes::kZeroSize;
                state = "empty (0 bytes)";
            } else if (const auto damage = libraryDamage(path)) {
                code = codes::kDamagedFile, state = "damaged: " + *damage;
            } else {
                continue;
            }
            const Vars vars{{"path", path}, {"state", state}, {"cudnn", versionText(v)}, {"root", v.root},
                            {"built", v.builtWith}, {"cuda_major", v.cudaMajor ? std::to_string(*v.cudaMajor) : "?"}};
            Problem p{code, path, rules.text("cudnn-install-file", vars)};
            (rules.severity(code) == "warning" ? r.warnings : r.problems).push_back(std::move(p));
        }
    }
}

void variantFindings(DetectResult& r, const Environment& env, const Registry& reg)
{
    installFileFindings(r);
    Listings listings;
    const Toolkit* inUse = toolkitInUse(r, env, reg);
    const auto spokenOf = parentEntryFindings(r, env, reg, inUse, listings);
    placementFindings(r, inUse, spokenOf);
    variantMajorFindings(r, inUse);
    runtimeLibraryFindings(r, env, reg, listings);
}

}  // namespace cudnnsetup
