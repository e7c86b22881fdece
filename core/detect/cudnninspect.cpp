#include "detect/cudnninspect.h"

#include "common/problemcodes.h"
#include "detect/compat.h"
#include "detect/fsutil.h"
#include "formats/cudabuild.h"
#include "formats/elfreader.h"
#include "formats/pereader.h"
#include "releases/versionevidence.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {
std::string readHead(const fs::path& p, std::size_t limit = 256 * 1024)
{
    std::ifstream in(p, std::ios::binary);
    std::string s(limit, '\0');
    in.read(s.data(), static_cast<std::streamsize>(limit));
    s.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
    return s;
}

bool startsWithCudnn(const std::string& name)
{
    return lowerAscii(name).rfind("cudnn", 0) == 0;
}

void add(CudnnInstall& c, const std::string& code, const std::string& tpl, const std::optional<std::string>& path,
         std::map<std::string, std::string> vars)
{
    c.problems.push_back({code, path, CompatRules::builtin().text(tpl, vars)});
}

std::string archName(std::uint16_t peMachine)
{
    switch (peMachine) {
    case 0x8664: return "x64";
    case 0x14c: return "x86";
    case 0xAA64: return "arm64";
    default: return "machine 0x" + [peMachine] { char b[8]; std::snprintf(b, sizeof b, "%x", peMachine); return std::string(b); }();
    }
}

std::optional<int> cudaMajorFromDistInfo(const fs::path& root)
{
    static const std::regex re(R"(^nvidia_cudnn_cu(\d+)-.*\.dist-info$)");
    for (const auto& dir : {root / "dist-info", root})
        for (const auto& n : listDirectory(dir.string())) {
            std::smatch m;
            if (std::regex_match(n, m, re))
                return std::stoi(m[1].str());
        }
    return std::nullopt;
}

}  // namespace

std::vector<std::string> cudaLibraryNamesOf(const std::vector<InstalledFile>& files)
{
    // Smallest files first, and done as soon as the names agree on a major: a cuDNN 9 set is about
    // 500 MB, and detection must stay fast. At most 64 MiB are read for one set.
    std::vector<const InstalledFile*> libs;
    for (const auto& f : files)
        if ((f.kind == FileKind::Dll || f.kind == FileKind::SharedLib) && f.size > 0)
            libs.push_back(&f);
    std::sort(libs.begin(), libs.end(), [](const InstalledFile* a, const InstalledFile* b) { return a->size < b->size; });
    std::set<std::string> names;
    std::uint64_t budget = 64ull << 20;
    for (const auto* f : libs) {
        if (budget == 0)
            break;
        const std::uint64_t limit = std::min<std::uint64_t>(budget, 32ull << 20);
        std::uint64_t read = 0;
        for (auto& n : cudaLibraryNames(f->path, limit, &read))
            names.insert(std::move(n));
        budget -= std::min(budget, read);
        if (cudaMajorFromNames({names.begin(), names.end()}))
            break;
    }
    return {names.begin(), names.end()};
}

std::optional<int> cudaMajorFromImports(const std::vector<InstalledFile>& files)
{
    std::optional<int> major;
    for (const auto& f : files)
        for (const auto& imported : f.imports) {
            const auto found = cudaMajorOfImport(imported);  // the rule verify and the planner use too
            if (!found)
                continue;
            if (major && *major != *found)
                return std::nullopt;
            major = found;
        }
    return major;
}

namespace {

// What makes a library file no library at all, told apart from a whole library of another
// architecture (whose fix is another download, not a repair): zeros where its bytes should be (a
// copy that never finished, a disk fault), a file shorter than its own headers say, or something
// else under a library's name (an HTML page saved as a .dll). nullopt: none of these.
std::optional<std::string> damageOf(const std::string& path, bool windows, bool isImage, bool truncated,
                                    std::uint64_t rawEnd, std::uint64_t size, const std::string& why)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(static_cast<std::size_t>(std::min<std::uint64_t>(size, 64 * 1024)), '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
    if (!head.empty() && head.find_first_not_of('\0') == std::string::npos)
        return "its first " + std::to_string(head.size()) + " bytes are all zeros, where a library's headers must be";
    if (truncated)
        return "it is cut short: " + std::to_string(size) + " bytes, where its own headers describe " +
               std::to_string(rawEnd);
    if (isImage)
        return std::nullopt;
    const bool startsLikeOne = windows ? head.rfind("MZ", 0) == 0 : head.rfind("\x7f" "ELF", 0) == 0;
    if (startsLikeOne)
        return "its headers are cut short or broken (" + why + ")";
    std::string start;
    for (char ch : head.substr(0, 24))
        start += (ch >= 0x20 && ch < 0x7f) ? ch : '.';
    return std::string("it is not a ") + (windows ? "DLL" : "shared library") + " at all (it starts with \"" + start + "\")";
}

}  // namespace

std::optional<std::string> libraryDamage(const std::string& path)
{
    const auto size = fileSize(path).value_or(0);
    if (size == 0)
        return std::nullopt;  // zero bytes: its own finding (zero-size)
    const PeInfo pe = readPeFile(path);
    return damageOf(path, true, pe.isPe, pe.truncated(), pe.rawEnd, size, pe.error);
}

namespace {

void headerVersion(Toolkit& tk, const fs::path& inc)
{
    for (const char* h : {"cudnn_version.h", "cudnn.h"}) {
        const fs::path p = inc / h;
        if (!pathExists(p.string()))
            continue;
        tk.cudnn.present = true;
        if (auto v = parseVersionHeader(readHead(p))) {
            tk.cudnn.version = v;
            return;
        }
    }
}

void inspectWindows(Toolkit& tk)
{
    CudnnInstall& c = tk.cudnn;
    const fs::path root(tk.path);
    std::string mainDir;
    for (const auto& dir : tk.binDirs) {
        for (const auto& name : globFiles(dir, ".dll")) {
            if (!startsWithCudnn(name))
                continue;
            const std::string path = (fs::path(dir) / name).string();
            InstalledFile f{path, FileKind::Dll, fileSize(path).value_or(0), std::nullopt, std::nullopt, ""};
            if (f.size > 0) {
                const PeInfo pe = readPeFile(path);
                f.version = pe.fileVersion;
                f.description = pe.fileDescription;
                f.imports = pe.imports;
                f.arch = pe.isPe ? archName(pe.machine) : "not a PE image";
                if (const auto damage = damageOf(path, true, pe.isPe, pe.truncated(), pe.rawEnd, f.size, pe.error))
                    add(c, codes::kDamagedFile, codes::kDamagedFile, path,
                        {{"path", path}, {"detail", *damage}, {"toolkit", tk.path}});
                else if (!pe.isX64())
                    add(c, codes::kWrongArchitecture, codes::kWrongArchitecture, path, {{"path", path}, {"detail", f.arch}});
            }
            if (lowerAscii(name).rfind("cudnn64_", 0) == 0 && mainDir.empty())
                mainDir = dir;
            c.files.push_back(f);
        }
    }
    for (const auto& name : globFiles(tk.libDir, ".lib"))
        if (startsWithCudnn(name)) {
            const std::string path = (fs::path(tk.libDir) / name).string();
            c.files.push_back({path, FileKind::ImportLib, fileSize(path).value_or(0), std::nullopt, std::nullopt, ""});
        }
    c.libDir = !mainDir.empty() ? mainDir : (c.files.empty() ? tk.binDirs.front() : fs::path(c.files.front().path).parent_path().string());
}

void inspectLinux(Toolkit& tk)
{
    CudnnInstall& c = tk.cudnn;
    c.libDir = tk.libDir;
    // Group libcudnn_ops.so, .so.9, .so.9.19.0 into one library: the real file, its longest version.
    std::map<std::string, std::vector<std::string>> groups;
    for (const auto& name : globFiles(tk.libDir, ".so")) {
        const auto pos = name.find(".so");
        if (!startsWithCudnn(name.substr(3)) || name.rfind("lib", 0) != 0 || pos == std::string::npos)
            continue;
        if (name.size() > pos + 3 && name[pos + 3] != '.')
            continue;  // libcudnn.something_else
        groups[name.substr(0, pos)].push_back(name);
    }
    for (const auto& [base, names] : groups) {
        std::string best;
        std::optional<std::string> version;
        for (const auto& n : names) {
            const auto v = sonameVersion(n);
            if (v && (!version || v->size() > version->size())) {
                version = v;
                best = n;
            }
        }
        if (best.empty())
            best = names.front();
        const fs::path p = fs::path(tk.libDir) / best;
        std::error_code ec;
        const fs::path real = fs::canonical(p, ec);
        InstalledFile f{(ec ? p : real).string(), FileKind::SharedLib, fileSize(p.string()).value_or(0), version, std::nullopt, ""};
        if (f.size > 0) {
            const ElfFacts elf = readElfFile(f.path);
            f.soname = elf.soname;
            f.imports = elf.needed;  // DT_NEEDED: libcublas.so.11 of a cuDNN 8 build (cudaMajorFromImports)
            f.arch = !elf.isElf ? "not an ELF file" : (elf.is64 && elf.machine == 62 ? "x86-64" : "ELF machine " + std::to_string(elf.machine));
            if (const auto damage = damageOf(f.path, false, elf.isElf, false, 0, f.size, elf.error))
                add(c, codes::kDamagedFile, codes::kDamagedFile, f.path,
                    {{"path", f.path}, {"detail", *damage}, {"toolkit", tk.path}});
            else if (!elf.is64 || elf.machine != 62)
                add(c, codes::kWrongArchitecture, codes::kWrongArchitecture, f.path, {{"path", f.path}, {"detail", f.arch}});
            // The soname names the ABI major even when the file name carries no version.
            if (elf.soname && (!f.version || f.version->size() < sonameVersion(*elf.soname).value_or("").size()))
                f.version = sonameVersion(*elf.soname);
        }
        c.files.push_back(f);
    }
}

std::string fileName(const std::string& p)
{
    return fs::path(p).filename().string();
}
}  // namespace

std::optional<std::string> sonameVersion(const std::string& name)
{
    const auto pos = name.find(".so.");
    if (pos == std::string::npos)
        return std::nullopt;
    const std::string v = name.substr(pos + 4);
    static const std::regex re(R"(\d+(\.\d+)*)");
    if (!std::regex_match(v, re))
        return std::nullopt;
    return v;
}

std::vector<std::string> linuxLibraryNames(const Version& cudnn)
{
    if (cudnn.major >= 9) {
        std::vector<std::string> names{"libcudnn", "libcudnn_adv", "libcudnn_cnn", "libcudnn_engines_precompiled",
                                       "libcudnn_engines_runtime_compiled", "libcudnn_graph", "libcudnn_heuristic", "libcudnn_ops"};
        // The same two late libraries as windowsFileSet: confirmed from 9.22 (libcudnn_engines_tensor_ir.so.9.22.0).
        if (Version{cudnn.major, cudnn.minor, cudnn.patch} >= Version{9, 22, 0})
            names.insert(names.end(), {"libcudnn_engines_tensor_ir", "libcudnn_ext"});
        return names;
    }
    return {"libcudnn", "libcudnn_adv_infer", "libcudnn_adv_train", "libcudnn_cnn_infer",
            "libcudnn_cnn_train", "libcudnn_ops_infer", "libcudnn_ops_train"};
}

void inspectCudnn(Toolkit& tk)
{
    inspectCudnn(tk, (fs::path(tk.path) / "include").string());
}

void inspectCudnn(Toolkit& tk, const std::string& includeDir)
{
    tk.cudnn = CudnnInstall{};
    CudnnInstall& c = tk.cudnn;
    const fs::path inc(includeDir);
    headerVersion(tk, inc);
    const bool headerSaid = c.version.has_value();
    const bool windows = tk.layout == "windows";
    windows ? inspectWindows(tk) : inspectLinux(tk);
    for (const auto& name : globFiles(inc.string(), ".h"))
        if (startsWithCudnn(name)) {
            const std::string path = (inc / name).string();
            c.files.push_back({path, FileKind::Header, fileSize(path).value_or(0), std::nullopt, std::nullopt, ""});
        }
    bool anyLibrary = false;
    for (const auto& f : c.files)
        anyLibrary = anyLibrary || f.kind == FileKind::Dll || f.kind == FileKind::SharedLib;
    c.present = c.present || anyLibrary;
    if (!c.present)
        return;
    c.builtForCudaMajor = cudaMajorFromDistInfo(fs::path(tk.path));
    if (c.builtForCudaMajor)
        c.builtForCudaSource = "dist-info";
    if (!c.builtForCudaMajor && (c.builtForCudaMajor = cudaMajorFromImports(c.files)))
        c.builtForCudaSource = "imports";
    if (!c.builtForCudaMajor) {
        // cuDNN 9 imports no CUDA library: it names cuBLASLt / NVRTC for loading at run time.
        c.cudaLibraries = cudaLibraryNamesOf(c.files);
        if ((c.builtForCudaMajor = cudaMajorFromNames(c.cudaLibraries)))
            c.builtForCudaSource = "library strings";
    }

    // The major in the main DLL's name (cudnn64_8.dll): what programs load, and the family whose
    // version shapes a DLL's version fields may have (releases/versionevidence.h).
    std::optional<int> nameMajor;
    std::string mainDllName;
    static const std::regex mainDll(R"(cudnn64_(\d+)\.dll)", std::regex::icase);
    for (const auto& f : c.files) {
        std::smatch m;
        const std::string n = fileName(f.path);
        if (windows && f.kind == FileKind::Dll && std::regex_match(n, m, mainDll)) {
            nameMajor = std::stoi(m[1].str());
            mainDllName = n;
            break;
        }
    }
    // Without a header, the main library's own version names the release.
    std::optional<Version> releaseVersion = c.version;
    for (const auto& f : c.files)
        if (!releaseVersion && f.version && (fileName(f.path).rfind("cudnn64_", 0) == 0 || fileName(f.path).rfind("libcudnn.so", 0) == 0))
            if (auto v = Version::parse(*f.version); v && std::count(f.version->begin(), f.version->end(), '.') >= 2 &&
                                                     (f.kind != FileKind::Dll || (nameMajor && isCudnnShaped(*v, *nameMajor))))
                releaseVersion = v;
    if (!c.version)
        c.version = releaseVersion;
    const std::string tkPath = tk.path;
    const std::string cudnnText = releaseVersion ? releaseVersion->toString() : "(unknown version)";

    for (const auto& f : c.files)
        if (f.size == 0 && f.kind != FileKind::Header)
            add(c, codes::kZeroSize, codes::kZeroSize, f.path, {{"path", f.path}, {"toolkit", tkPath}});

    // Versions: the header, the main DLL's name and every library's own version, under verify's rule
    // (releases/versionevidence.h): a DLL's FileVersion or FileDescription counts only when shaped like
    // a cuDNN version of the family; all that count must agree, and the odd one out is named.
    std::vector<VersionClaim> claims;
    const std::optional<int> family = nameMajor ? nameMajor : c.version ? std::optional<int>(c.version->major) : std::nullopt;
    if (nameMajor)
        claims.push_back({mainDllName + "'s name", std::nullopt, NamedVersion{Version{*nameMajor, 0, 0, -1}, 1}});
    if (c.version && headerSaid)
        claims.push_back({"cudnn_version.h", std::nullopt, named(*c.version)});
    for (const auto& f : c.files) {
        if (f.kind == FileKind::SharedLib && f.version) {
            const std::string& text = *f.version;
            if (const auto v = Version::parse(text))
                claims.push_back({fileName(f.path), f.path, namedAsWritten(*v, text)});
            else if (text.find_first_not_of("0123456789") == std::string::npos && !text.empty() && text.size() < 4)
                claims.push_back({fileName(f.path), f.path, NamedVersion{Version{std::stoi(text), 0, 0, -1}, 1}});  // soname major
        } else if (f.kind == FileKind::Dll) {
            // Both fields, as verify reads them: a description of another patch beside an agreeing
            // FileVersion is a mix too.
            if (f.version)
                if (const auto v = versionFieldEvidence(VersionField::FileVersion, *f.version, family, c.version))
                    claims.push_back({fileName(f.path), f.path, *v});
            if (f.description)
                if (const auto v = versionFieldEvidence(VersionField::FileDescription, *f.description, family, c.version))
                    claims.push_back({fileName(f.path) + " (file description)", f.path, *v});
        }
    }
    if (const auto verdict = weighVersionClaims(claims); verdict && !verdict->disagreeing.empty()) {
        std::string detail;
        for (const std::size_t i : verdict->disagreeing) {
            const VersionClaim& odd = claims[i];
            detail += (detail.empty() ? "" : ", ") + odd.source + (odd.path ? " is " : " says ") + toString(odd.version);  // a file is, a header or name says
        }
        add(c, codes::kVersionMismatch, codes::kVersionMismatch, std::nullopt,
            {{"toolkit", tkPath}, {"detail", detail + " but " + referenceText(claims, *verdict)}});
    }

    // Completeness against the release's file set.
    if (!releaseVersion) {
        c.complete = false;
        return;
    }
    auto has = [&c](const std::string& name) {
        return std::any_of(c.files.begin(), c.files.end(), [&](const InstalledFile& f) {
            const std::string n = lowerAscii(fileName(f.path));
            return n == lowerAscii(name) || (f.kind == FileKind::SharedLib && n.rfind(lowerAscii(name) + ".so", 0) == 0);
        });
    };
    const ReleaseFileSet set = windowsFileSet(*releaseVersion);  // optional files are not required here either
    std::vector<std::pair<std::string, std::string>> missing;  // (name, folder)
    const std::string mainName = windows ? "cudnn64_" + std::to_string(releaseVersion->major) + ".dll" : "libcudnn";
    const bool mainPresent = has(mainName);
    const std::vector<std::string> libs = windows ? set.dlls : linuxLibraryNames(*releaseVersion);
    for (const auto& n : libs)
        if (!has(n)) {
            const std::string path = (fs::path(c.libDir) / (windows ? n : n + ".so." + std::to_string(releaseVersion->major))).string();
            if (mainPresent && n != mainName)
                add(c, codes::kMissingFile, "missing-sub-dll", path,
                    {{"path", (fs::path(c.libDir) / (windows ? mainName : "libcudnn.so." + std::to_string(releaseVersion->major))).string()},
                     {"missing", fs::path(path).filename().string()}, {"suffix", windows ? "64_" + std::to_string(releaseVersion->major) + ".dll" : ".so*"},
                     {"toolkit", tkPath}});
            else
                missing.push_back({fs::path(path).filename().string(), c.libDir});
        }
    for (const auto& n : set.headers)
        if (!has(n))
            missing.push_back({n, inc.string()});
    if (windows)
        for (const auto& n : set.importLibs)
            if (!has(n))
                missing.push_back({n, tk.libDir});
    for (const auto& [n, dir] : missing) {
        const std::string path = (fs::path(dir) / n).string();
        add(c, codes::kMissingFile, codes::kMissingFile, path, {{"path", path}, {"cudnn", cudnnText}, {"toolkit", tkPath}});
    }
    c.complete = std::none_of(c.problems.begin(), c.problems.end(), [](const Problem& p) {
        return p.code == codes::kMissingFile || p.code == codes::kZeroSize || p.code == codes::kDamagedFile;
    });
}

}  // namespace cudnnsetup
