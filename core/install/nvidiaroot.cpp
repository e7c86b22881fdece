#include "install/nvidiaroot.h"

#include "common/casefold.h"
#include "common/problemcodes.h"
#include "common/u8path.h"
#include "detect/nvidialayout.h"
#include "install/nvidiamapping.h"
#include "platform/environment.h"
#include "platform/folderaccess.h"

#include <algorithm>
#include <filesystem>
#include <regex>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

// NTFS compares names case-insensitively; every other host exactly.
std::string keyOfNvidiaPath(const std::string& p)
{
#ifdef _WIN32
    return foldCaseUtf8(p);
#else
    return p;
#endif
}

// As the user's system writes folders, for messages ("C:\...\bin\12.9\x64" on Windows).
std::string shownNvidiaPath(const std::string& p)
{
    const std::u8string s = pathOf(p).make_preferred().u8string();
    return std::string(s.begin(), s.end());
}

bool hasPathSplitter(const std::string& s)
{
    return s.find_first_of(";%\"") != std::string::npos ||
           std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

// The name rule alone: .../NVIDIA/CUDNN/v<digits>.<digits>, case-insensitive.
bool nvidiaRootName(const fs::path& p)
{
    static const std::regex release(R"(v\d{1,3}\.\d{1,3})", std::regex::icase);
    const fs::path cudnn = p.parent_path(), nvidia = cudnn.parent_path();
    if (!p.has_filename() || cudnn == p || nvidia == cudnn)
        return false;
    return std::regex_match(utf8Of(p.filename()), release) && foldCaseUtf8(utf8Of(cudnn.filename())) == "cudnn" &&
           foldCaseUtf8(utf8Of(nvidia.filename())) == "nvidia";
}

std::string canonicalOrEmpty(const std::string& p)
{
    std::error_code ec;
    const fs::path c = fs::canonical(pathOf(p), ec);
    return ec ? std::string() : utf8Of(c);
}

struct FoundVariant {
    std::string binDir, builtWith;
    std::optional<int> cudaMajor;
    std::string version;  // "9.19.0", "" when detect cannot tell
};

// The installer's variants of the root (bin/<x.y>[/x64]), as detect finds them; a zip's layout
// (bin[/x64] holding the DLL) is not one.
std::vector<FoundVariant> installerVariants(const std::string& root)
{
    VariantRoots roots;
    roots.installer = {root};
    std::vector<FoundVariant> out;
    for (const CudnnVariant& v : findVariants(roots))
        if (!v.builtWith.empty())
            out.push_back({utf8Of(pathOf(v.binDir).lexically_normal()), v.builtWith, v.cudaMajor,
                           v.version ? v.version->toString() : std::string()});
    std::sort(out.begin(), out.end(), [](const FoundVariant& a, const FoundVariant& b) { return a.binDir < b.binDir; });
    return out;
}

std::string variantList(const std::vector<FoundVariant>& variants)
{
    std::string out;
    for (const FoundVariant& v : variants)
        out += (out.empty() ? "" : ", ") + shownNvidiaPath(v.binDir) + " (--cuda " + v.builtWith + ")";
    return out;
}

// "12.10" after "12.9": folder names compared as numbers.
bool newerCuda(const std::string& a, const std::string& b)
{
    auto parts = [](const std::string& s) {
        const auto dot = s.find('.');
        return std::pair{std::stoi(s.substr(0, dot)), dot == std::string::npos ? 0 : std::stoi(s.substr(dot + 1))};
    };
    return parts(a) > parts(b);
}

}  // namespace

namespace {

Problem notNvidiaRoot(const std::string& root, const std::string& why)
{
    return Problem{codes::kNotAToolkit, root,
                   root + " " + why + "; an NVIDIA cuDNN root is the v<major>.<minor> folder NVIDIA's cuDNN "
                                      "installer makes (...\\NVIDIA\\CUDNN\\v9.19, holding bin\\<cuda>)."};
}

// Windows: ...\NVIDIA\CUDNN lies directly in %ProgramFiles% (`nvidia`: the NVIDIA folder).
bool inProgramFiles(const fs::path& nvidia, const std::optional<std::string>& programFiles)
{
#ifdef _WIN32
    const std::optional<std::string> pf =
        programFiles ? programFiles : hostEnvironment()->knownFolder(KnownFolder::ProgramFiles);
    const std::string pfCanonical = pf ? canonicalOrEmpty(utf8Of(pathOf(*pf))) : std::string();
    return !pfCanonical.empty() && keyOfNvidiaPath(utf8Of(nvidia.parent_path())) == keyOfNvidiaPath(pfCanonical);
#else
    (void)nvidia;
    (void)programFiles;  // no Program Files here: any parent (the tests' temporary trees)
    return true;
#endif
}

}  // namespace

std::optional<Problem> checkNvidiaRootShape(const std::string& root, const std::optional<std::string>& programFiles)
{
    const fs::path p = pathOf(root);
    if (root.empty() || !p.is_absolute())
        return notNvidiaRoot(root, "is not an absolute folder");
    if (hasPathSplitter(root))
        return notNvidiaRoot(root, "has a character that would split or expand a PATH entry (; % \" or a control character)");
    if (canonicalOrEmpty(root) != root)
        return notNvidiaRoot(root, "is not a canonical folder (missing, a link on the way, or a path with . or ..)");
    if (!nvidiaRootName(p))
        return notNvidiaRoot(root, "is not a folder NVIDIA\\CUDNN\\v<major>.<minor>");
    if (!inProgramFiles(p.parent_path().parent_path(), programFiles))
        return notNvidiaRoot(root, "is not in %ProgramFiles%\\NVIDIA\\CUDNN, where NVIDIA's installer puts it");
    return std::nullopt;
}

std::optional<Problem> checkNvidiaCudnnRoot(const std::string& root, const std::optional<std::string>& programFiles)
{
    if (auto bad = checkNvidiaRootShape(root, programFiles))
        return bad;
    if (installerVariants(root).empty())
        return notNvidiaRoot(root, "holds no cuDNN variant (no bin\\<cuda> or bin\\<cuda>\\x64 folder with cudnn64_<N>.dll)");
    return std::nullopt;
}

Result<std::vector<std::string>> checkNewNvidiaRoot(const std::string& root,
                                                    const std::optional<std::string>& programFiles)
{
    auto refuse = [&](const std::string& why) {
        const Problem bad = notNvidiaRoot(root, why);
        return Error{bad.code, bad.message, "checkNewNvidiaRoot"};
    };
    const fs::path p = pathOf(root);
    if (root.empty() || !p.is_absolute())
        return refuse("is not an absolute folder");
    if (root.ends_with('/') || utf8Of(p.lexically_normal()) != root)
        return refuse("is not a plain path (no . or .., no doubled or trailing separator)");
    if (hasPathSplitter(root))
        return refuse("has a character that would split or expand a PATH entry (; % \" or a control character)");
    if (!nvidiaRootName(p))
        return refuse("is not a folder NVIDIA\\CUDNN\\v<major>.<minor>");
    // The missing part is at most NVIDIA\CUDNN\v9.x; what exists above it is reached with no link.
    std::vector<std::string> missing;
    fs::path at = p;
    std::error_code ec;
    for (int level = 0; level < 3; ++level, at = at.parent_path()) {
        const auto st = fs::symlink_status(at, ec);
        if (st.type() != fs::file_type::not_found)
            break;
        missing.insert(missing.begin(), utf8Of(at));
    }
    if (missing.empty())
        return refuse("exists already (a new root is made, never taken over)");
    if (canonicalOrEmpty(utf8Of(at)) != utf8Of(at) || !fs::is_directory(fs::symlink_status(at, ec)))
        return refuse("would be made in " + utf8Of(at) + ", which is not a folder reached with no link followed");
    if (!inProgramFiles(p.parent_path().parent_path(), programFiles))
        return refuse("is not in %ProgramFiles%\\NVIDIA\\CUDNN, where NVIDIA's installer puts it");
    return missing;
}

std::vector<PresentNvidiaVariant> nvidiaVariantsOf(const std::string& root)
{
    std::vector<PresentNvidiaVariant> out;
    for (const FoundVariant& v : installerVariants(root)) {
        const std::string rel = v.binDir.starts_with(root + "/") ? v.binDir.substr(root.size() + 1) : std::string();
        if (const auto l = nvidiaLayoutOfBin(rel))
            out.push_back({l->cuda, l->binX64, v.cudaMajor, v.version});
    }
    return out;
}

bool isNvidiaCudnnRoot(const std::string& root)
{
    return !checkNvidiaCudnnRoot(root);
}

std::vector<std::string> nvidiaVariantBins(const std::string& root)
{
    std::vector<std::string> out;
    for (const FoundVariant& v : installerVariants(root))
        out.push_back(v.binDir);
    return out;
}

bool isNvidiaVariantBin(const std::string& root, const std::string& folder)
{
    // No link in the folder's chain: what is checked is what PATH will name.
    if (folder.empty() || canonicalOrEmpty(folder) != folder)
        return false;
    const std::string key = keyOfNvidiaPath(folder);
    for (const std::string& bin : nvidiaVariantBins(root))
        if (keyOfNvidiaPath(bin) == key)
            return true;
    return false;
}

std::string pathEntryOf(const std::string& folder)
{
    std::string s = folder;
    std::replace(s.begin(), s.end(), '/', '\\');
    return s;
}

std::optional<Problem> checkNvidiaVariantFolder(const std::string& root, const std::string& folder)
{
    if (!isNvidiaVariantBin(root, folder))
        return Problem{codes::kNotAToolkit, folder,
                       folder + " is not one of the cuDNN variant folders of " + root + " (or a link leads there); "
                                "nothing goes on the system PATH."};
    std::string who;
    if (writableByNonAdmins(pathOf(folder), &who) || writableByNonAdmins(pathOf(root), &who))
        return Problem{codes::kSearchPathWritable, folder,
                       folder + " would go on the system search path, but " + who +
                           ": anything planted there would be loaded by every program of every user. Make it "
                           "writable by administrators only (as NVIDIA's installer leaves it under Program Files)."};
    return std::nullopt;
}

std::optional<std::string> nvidiaCudnnRootOf(const std::string& dir)
{
    const std::string canonical = canonicalOrEmpty(dir);
    if (canonical.empty())
        return std::nullopt;
    for (fs::path p = pathOf(canonical); p.has_relative_path(); p = p.parent_path())
        if (nvidiaRootName(p))
            return utf8Of(p);
    return std::nullopt;
}

Result<NvidiaUseChoice> chooseNvidiaVariant(const std::string& dir, const std::string& cuda,
                                            std::optional<int> toolkitMajor)
{
    auto notRoot = [&](const std::string& why) {
        return Error{codes::kNotAToolkit, shownNvidiaPath(dir) + " " + why, "chooseNvidiaVariant"};
    };
    const std::string canonical = canonicalOrEmpty(dir);
    if (canonical.empty())
        return notRoot("is not a folder.");
    const std::string root = nvidiaCudnnRootOf(canonical).value_or(std::string());
    if (root.empty())
        return notRoot("is not in NVIDIA's cuDNN installer tree; give its v<major>.<minor> folder "
                       "(...\\NVIDIA\\CUDNN\\v9.19) or one of its bin\\<cuda> folders.");
    if (auto bad = checkNvidiaCudnnRoot(root))
        return Error{bad->code, bad->message, "chooseNvidiaVariant"};
    const std::vector<FoundVariant> variants = installerVariants(root);
    auto chosen = [&](const FoundVariant& v) {
        return NvidiaUseChoice{root, v.binDir, v.builtWith, v.cudaMajor};
    };
    if (keyOfNvidiaPath(canonical) != keyOfNvidiaPath(root)) {
        for (const FoundVariant& v : variants)
            if (keyOfNvidiaPath(v.binDir) == keyOfNvidiaPath(canonical)) {
                if (!cuda.empty() && cuda != v.builtWith)
                    return notRoot("is the variant for CUDA " + v.builtWith + ", not --cuda " + cuda + ".");
                return chosen(v);
            }
        // ...\v9.7\bin, ...\bin\12.9 when the DLLs are in x64: PATH must name the folder with the DLLs.
        return notRoot("holds no cudnn64_*.dll, so it would load nothing from PATH; use the folder that holds "
                       "them: " + variantList(variants) + ".");
    }
    if (!cuda.empty()) {
        for (const FoundVariant& v : variants)
            if (v.builtWith == cuda)
                return chosen(v);
        return Error{codes::kVariantAmbiguous,
                     shownNvidiaPath(root) + " has no variant built with CUDA " + cuda + "; its variants: " +
                         variantList(variants) + ".",
                     "chooseNvidiaVariant: --cuda"};
    }
    const FoundVariant* best = nullptr;
    if (toolkitMajor)
        for (const FoundVariant& v : variants)
            if (v.cudaMajor == toolkitMajor && (!best || newerCuda(v.builtWith, best->builtWith)))
                best = &v;  // any minor of the major serves; the newest build of it
    if (!best && variants.size() == 1)
        best = &variants.front();
    if (best)
        return chosen(*best);
    return Error{codes::kVariantAmbiguous,
                 shownNvidiaPath(root) + " holds several cuDNN variants" +
                     (toolkitMajor ? " and none for the CUDA " + std::to_string(*toolkitMajor) + " toolkit found"
                                   : std::string()) +
                     "; say which with --cuda: " + variantList(variants) + ".",
                 "chooseNvidiaVariant: several"};
}

}  // namespace cudnnsetup
