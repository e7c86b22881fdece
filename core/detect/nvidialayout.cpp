#include "detect/nvidialayout.h"

#include "detect/cudnninspect.h"
#include "detect/fsutil.h"
#include "formats/cudabuild.h"
#include "formats/pereader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
const std::regex& mainDllName()
{
    static const std::regex re(R"(cudnn64_(\d+)\.dll)", std::regex::icase);
    return re;
}

// The cudnn64_N.dll of a folder ("" when none).
std::string mainLibraryIn(const std::string& dir)
{
    for (const auto& n : globFiles(dir, ".dll"))
        if (std::regex_match(n, mainDllName()))
            return n;
    return {};
}

std::string firstDir(std::initializer_list<fs::path> candidates)
{
    for (const auto& c : candidates)
        if (isDirectory(c.string()))
            return c.string();
    return {};
}

std::optional<Version> headerVersionIn(const std::string& includeDir)
{
    if (includeDir.empty())
        return std::nullopt;
    std::ifstream in(fs::path(includeDir) / "cudnn_version.h", std::ios::binary);
    if (!in)
        return std::nullopt;
    std::string text(64 * 1024, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    return parseVersionHeader(text);
}

// Fills version, main library and the build's CUDA major of a variant whose folders are set.
void identify(CudnnVariant& v)
{
    const std::string name = mainLibraryIn(v.binDir);
    v.mainLibrary = (fs::path(v.binDir) / name).string();
    std::smatch m;
    const int nameMajor = std::regex_match(name, m, mainDllName()) ? std::stoi(m[1].str()) : 0;
    if ((v.version = headerVersionIn(v.includeDir)))
        v.versionSource = "cudnn_version.h";
    std::vector<InstalledFile> dlls;
    for (const auto& n : globFiles(v.binDir, ".dll")) {
        if (lowerAscii(n).rfind("cudnn", 0) != 0)
            continue;
        const std::string path = (fs::path(v.binDir) / n).string();
        InstalledFile f{path, FileKind::Dll, fileSize(path).value_or(0), std::nullopt, std::nullopt, ""};
        if (f.size > 0) {
            const PeInfo pe = readPeFile(path);
            f.version = pe.fileVersion;
            f.imports = pe.imports;
        }
        if (!v.version && n == name && f.version)
            if (const auto fv = Version::parse(*f.version); fv && fv->major == nameMajor)
                if ((v.version = fv))
                    v.versionSource = "FileVersion";
        dlls.push_back(std::move(f));
    }
    // The one rule of formats/cudabuild.h: what the DLLs import says which CUDA they were compiled
    // against; cuDNN 9 imports none, and then the folder NVIDIA named after that CUDA says it.
    v.cudaMajor = cudaMajorFromImports(dlls);
    if (!v.cudaMajor && !v.builtWith.empty())
        v.cudaMajor = cudaMajorOfText(v.builtWith);
}

// Any toolkit of the variant's CUDA major, whatever the minors; a Windows toolkit, as the variant is DLLs.
bool serves(const CudnnVariant& v, const Toolkit& tk)
{
    return v.cudaMajor && tk.version && tk.version->major == *v.cudaMajor && tk.layout == "windows";
}

bool isCudaFolderName(const std::string& n)
{
    static const std::regex re(R"(\d{1,2}\.\d{1,2})");
    return std::regex_match(n, re);
}

// One install root: NVIDIA's installer tree (bin\<cuda>[\x64]) or a zip's layout (bin[\x64]).
void scanInstallRoot(const fs::path& root, const std::string& origin, std::vector<CudnnVariant>& out)
{
    const fs::path bin = root / "bin";
    for (const auto& cuda : listDirectory(bin.string())) {
        if (!isCudaFolderName(cuda) || !isDirectory((bin / cuda).string()))
            continue;
        // Up to some 9.1x release the DLLs sit in bin\<cuda>, from then on in bin\<cuda>\x64.
        std::string dllDir;
        for (const fs::path& d : {bin / cuda / "x64", bin / cuda})
            if (dllDir.empty() && !mainLibraryIn(d.string()).empty())
                dllDir = d.string();
        if (dllDir.empty())
            continue;
        CudnnVariant v;
        v.origin = origin;
        v.root = root.string();
        v.binDir = dllDir;
        v.builtWith = cuda;
        v.includeDir = firstDir({root / "include" / cuda, root / "include"});
        v.libDir = firstDir({root / "lib" / cuda / "x64", root / "lib" / cuda, root / "lib" / "x64"});
        identify(v);
        out.push_back(std::move(v));
    }
    for (const fs::path& d : {bin / "x64", bin}) {  // an extracted zip (CUDNN_PATH often names one)
        if (mainLibraryIn(d.string()).empty())
            continue;
        CudnnVariant v;
        v.origin = origin;
        v.root = root.string();
        v.binDir = d.string();
        v.includeDir = firstDir({root / "include"});
        v.libDir = firstDir({root / "lib" / "x64", root / "lib"});
        identify(v);
        out.push_back(std::move(v));
        break;
    }
}

// A folder that holds v9.x / v8.x install roots, or is one.
void scanInstallerFolder(const fs::path& dir, const std::string& origin, std::vector<CudnnVariant>& out)
{
    if (isDirectory((dir / "bin").string())) {
        scanInstallRoot(dir, origin, out);
        return;
    }
    static const std::regex release(R"(v\d+\.\d+)", std::regex::icase);
    for (const auto& n : listDirectory(dir.string()))
        if (std::regex_match(n, release) && isDirectory((dir / n).string()))
            scanInstallRoot(dir / n, origin, out);
}

// pip wheels: nvidia-cudnn-cu12 / -cu13 put the DLLs in nvidia\cudnn\bin; the CUDA 13 wheels of the
// CUDA libraries use nvidia\cu13\bin[\x86_64] (a cuDNN there is looked for too; that shape is
// unconfirmed for cuDNN itself).
void scanSitePackages(const fs::path& sp, std::vector<CudnnVariant>& out)
{
    static const std::regex distInfo(R"(nvidia_cudnn_cu(\d+)-.*\.dist-info)", std::regex::icase);
    std::string wheelMajor;
    for (const auto& n : listDirectory(sp.string())) {
        std::smatch m;
        if (std::regex_match(n, m, distInfo))
            wheelMajor = m[1].str();
    }
    const fs::path nv = sp / "nvidia";
    const std::vector<std::pair<fs::path, std::string>> dirs = {
        {nv / "cudnn" / "bin", wheelMajor}, {nv / "cu13" / "bin" / "x86_64", "13"}, {nv / "cu13" / "bin", "13"}};
    for (const auto& [dir, major] : dirs) {
        if (mainLibraryIn(dir.string()).empty())
            continue;
        CudnnVariant v;
        v.origin = "pip wheel";
        v.root = dir.parent_path().string();
        v.binDir = dir.string();
        v.includeDir = firstDir({dir.parent_path() / "include"});
        v.libDir = firstDir({dir.parent_path() / "lib" / "x64", dir.parent_path() / "lib"});
        identify(v);
        // The wheel's name (nvidia-cudnn-cu12) is the CUDA major it was built for, when imports say nothing.
        if (!v.cudaMajor && !major.empty())
            v.cudaMajor = cudaMajorOfText(major);
        out.push_back(std::move(v));
    }
}
}  // namespace

std::vector<CudnnVariant> findVariants(const VariantRoots& roots)
{
    std::vector<CudnnVariant> found;
    for (const auto& r : roots.installer)
        scanInstallerFolder(r, "NVIDIA installer", found);
    if (roots.cudnnPath && !roots.cudnnPath->empty())
        scanInstallerFolder(*roots.cudnnPath, "CUDNN_PATH", found);
    for (const auto& sp : roots.sitePackages)
        scanSitePackages(sp, found);
    std::vector<CudnnVariant> out;
    std::set<std::string> seen;
    for (auto& v : found)
        if (seen.insert(canonicalKey(v.binDir)).second)
            out.push_back(std::move(v));
    return out;
}

void placeVariants(std::vector<CudnnVariant>& variants, std::vector<CudnnCopy>& copies,
                   const std::vector<Toolkit>& toolkits, bool windowsRules)
{
    for (auto& v : variants) {
        const std::string key = canonicalKey(v.mainLibrary);
        auto it = std::find_if(copies.begin(), copies.end(), [&](const CudnnCopy& c) {
            return windowsRules ? lowerAscii(canonicalKey(c.path)) == lowerAscii(key) : canonicalKey(c.path) == key;
        });
        if (it == copies.end()) {
            CudnnCopy c;
            c.path = v.mainLibrary;
            // The main DLL's FileVersion, as findCopies gives every searched copy: one spelling per list.
            if (fileSize(v.mainLibrary).value_or(0) > 0)
                c.version = readPeFile(v.mainLibrary).fileVersion;
            c.origin = v.origin;
            copies.push_back(std::move(c));
            it = copies.end() - 1;
        } else if (it->origin != "pip") {  // "pip" stays: conda-pip-first speaks of it
            it->origin = v.origin;
        }
        v.searchRank = it->searchRank;
        v.wins = it->wins;
        v.toolkits.clear();
        for (const auto& tk : toolkits)
            if (serves(v, tk))
                v.toolkits.push_back(tk.path);
        // What it loads by name at run time, read only for the copy programs get (a cuDNN 9 set is
        // ~500 MB; the scan is bounded, see cudaLibraryNamesOf).
        if (v.wins) {
            std::vector<InstalledFile> files;
            for (const auto& n : globFiles(v.binDir, ".dll"))
                if (lowerAscii(n).rfind("cudnn", 0) == 0) {
                    const std::string p = (fs::path(v.binDir) / n).string();
                    files.push_back({p, FileKind::Dll, fileSize(p).value_or(0), std::nullopt, std::nullopt, ""});
                }
            v.cudaLibraries = cudaLibraryNamesOf(files);
        }
    }
}

std::string variantFit(const CudnnVariant& v, const std::vector<Toolkit>& toolkits)
{
    if (!v.cudaMajor)
        return "built for an unknown CUDA major";
    const std::string major = std::to_string(*v.cudaMajor);
    std::string s = v.builtWith.empty() ? "built for CUDA " + major + ".x" : "built with CUDA " + v.builtWith;
    s += ", for any CUDA " + major + ".x toolkit";
    if (!v.builtWith.empty())
        s += " (the folder names the CUDA NVIDIA built it with, not the toolkit minor it needs)";
    std::string found;
    for (const auto& tk : toolkits)
        if (serves(v, tk))
            found += (found.empty() ? "" : ", ") + tk.path + " (CUDA " + tk.versionText + ")";
    return s + ": " + (found.empty() ? "no CUDA " + major + ".x toolkit found" : found);
}

}  // namespace cudnnsetup
