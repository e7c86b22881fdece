#include "releases/releases.h"

#include "common/text.h"

#include <array>
#include <charconv>
#include <regex>

namespace cudnnsetup {
namespace {

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view baseName(std::string_view path)
{
    while (!path.empty() && (path.back() == '/' || path.back() == '\\'))
        path.remove_suffix(1);
    const auto slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::optional<int> parseNumber(std::string_view s)
{
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    int v = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

}  // namespace

std::optional<Version> Version::parse(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r'))
        text.remove_suffix(1);
    std::array<int, 4> parts{0, 0, 0, -1};
    std::size_t n = 0;
    while (true) {
        const auto dot = text.find('.');
        if (n == parts.size())
            return std::nullopt;
        auto num = parseNumber(text.substr(0, dot));
        if (!num)
            return std::nullopt;
        parts[n++] = *num;
        if (dot == std::string_view::npos)
            break;
        text.remove_prefix(dot + 1);
    }
    if (n < 2)
        return std::nullopt;
    return Version{parts[0], parts[1], parts[2], parts[3]};
}

std::string Version::toString() const
{
    std::string s = std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
    if (build >= 0)
        s += "." + std::to_string(build);
    return s;
}

bool Version::agreesWith(const Version& other) const
{
    if (major != other.major || minor != other.minor || patch != other.patch)
        return false;
    return build < 0 || other.build < 0 || build == other.build;
}

std::string_view toString(FileKind k)
{
    switch (k) {
    case FileKind::Dll: return "dll";
    case FileKind::SharedLib: return "shared-lib";
    case FileKind::ImportLib: return "import-lib";
    case FileKind::StaticLib: return "static-lib";
    case FileKind::Header: return "header";
    case FileKind::License: return "license";
    case FileKind::Other: return "other";
    }
    return "other";
}

FileKind classifyFile(std::string_view fileName)
{
    const std::string name(baseName(fileName));
    if (name == "NVIDIA_SLA_cuDNN_Support.txt" || name == "LICENSE")
        return FileKind::License;
    const std::string l = lowerAscii(name);
    if (endsWith(l, ".dll"))
        return FileKind::Dll;
    if (endsWith(l, ".lib"))
        return FileKind::ImportLib;
    if (endsWith(l, ".a"))
        return FileKind::StaticLib;
    if (endsWith(l, ".h") || endsWith(l, ".hpp"))
        return FileKind::Header;
    // libcudnn.so, libcudnn.so.8, libcudnn.so.8.2.0
    static const std::regex soname(R"(.+\.so(\.[0-9]+)*)");
    if (std::regex_match(l, soname))
        return FileKind::SharedLib;
    return FileKind::Other;
}

ReleaseFileSet windowsFileSet(const Version& cudnn)
{
    ReleaseFileSet set;
    const Version v{cudnn.major, cudnn.minor, cudnn.patch};
    const std::string suffix = "64_" + std::to_string(cudnn.major);
    // 9.x split the library differently; 8.x (and the 7-DLL scheme before it) used infer/train pairs.
    static const std::array<const char*, 6> v8Subs{"adv_infer", "adv_train", "cnn_infer", "cnn_train", "ops_infer", "ops_train"};
    static const std::array<const char*, 7> v9Subs{"adv", "cnn", "engines_precompiled", "engines_runtime_compiled",
                                                   "graph", "heuristic", "ops"};
    // In 9.22-9.25 archives (layout_evidence.md), absent from the 9.20.0.48 wheel; 9.21 is unconfirmed.
    static const std::array<const char*, 2> v9LateSubs{"engines_tensor_ir", "ext"};
    std::vector<std::string> subs;
    if (cudnn.major >= 9)
        subs.assign(v9Subs.begin(), v9Subs.end());
    else
        subs.assign(v8Subs.begin(), v8Subs.end());

    set.dlls.push_back("cudnn" + suffix + ".dll");
    set.importLibs.push_back("cudnn.lib");
    set.importLibs.push_back("cudnn" + suffix + ".lib");
    set.headers.push_back("cudnn.h");
    for (const auto& s : subs) {
        set.dlls.push_back("cudnn_" + s + suffix + ".dll");
        set.importLibs.push_back("cudnn_" + s + ".lib");
        set.importLibs.push_back("cudnn_" + s + suffix + ".lib");
    }
    if (cudnn.major == 9 && v >= Version{9, 21, 0}) {
        const bool confirmed = v >= Version{9, 22, 0};
        for (const char* s : v9LateSubs) {
            (confirmed ? set.dlls : set.optionalDlls).push_back("cudnn_" + std::string(s) + suffix + ".dll");
            // No public listing names their import libraries.
            set.optionalImportLibs.push_back("cudnn_" + std::string(s) + ".lib");
            set.optionalImportLibs.push_back("cudnn_" + std::string(s) + suffix + ".lib");
        }
    }
    if (cudnn.major >= 9) {
        for (const char* h : {"cudnn_adv.h", "cudnn_backend.h", "cudnn_cnn.h", "cudnn_graph.h", "cudnn_ops.h"})
            set.headers.push_back(h);
    } else {
        for (const auto& s : subs)
            set.headers.push_back("cudnn_" + s + ".h");
        set.headers.insert(set.headers.begin() + 3, "cudnn_backend.h");
    }
    set.headers.push_back("cudnn_version.h");
    // LICENSE from 8.3.1 (Yggdrasil @2f288b3, conda-forge @01cf302); 8.3.0 still had the old
    // packaging (cuda/ root) and its licence name is not confirmed.
    if (v < Version{8, 3, 0}) {
        set.license = "NVIDIA_SLA_cuDNN_Support.txt";
    } else if (v < Version{8, 3, 1}) {
        set.license = "NVIDIA_SLA_cuDNN_Support.txt";
        set.licenseAlternatives = {"LICENSE"};
    } else {
        set.license = "LICENSE";
    }
    return set;
}

ReleaseFileSet releaseFileSet(std::string_view platform, const Version& cudnn)
{
    // Only Windows x86_64 has a table so far; Linux tarballs get theirs beside it.
    (void)platform;
    return windowsFileSet(cudnn);
}

bool ReleaseFileSet::isReleaseFile(std::string_view fileName) const
{
    const std::string name = lowerAscii(baseName(fileName));
    for (const auto* list : {&dlls, &headers, &importLibs, &optionalDlls, &optionalHeaders, &optionalImportLibs,
                             &licenseAlternatives})
        for (const auto& n : *list)
            if (lowerAscii(n) == name)
                return true;
    return lowerAscii(license) == name;
}

bool isNvidiaDriverStyleVersion(const Version& v)
{
    // 6.14.11.x (cuDNN 7 DLLs, waifu2x-caffe pull request #129); NVIDIA's display-driver DLLs share the 6.14 prefix.
    return v.major == 6 && v.minor == 14;
}

Layout windowsLayoutFor(const Version& cudnn, std::string_view rootFolder)
{
    const Version v{cudnn.major, cudnn.minor, cudnn.patch};
    Layout layout;
    layout.root = std::string(rootFolder);
    for (char& c : layout.root)
        if (c == '\\')
            c = '/';
    if (!layout.root.empty() && layout.root.back() != '/')
        layout.root += '/';
    layout.bin = v >= Version{9, 18, 0} ? "bin/x64" : "bin";
    layout.include = "include";
    layout.lib = (v >= Version{8, 3, 1} && v < Version{8, 8, 0}) ? "lib" : "lib/x64";
    layout.platform = "windows-x86_64";
    return layout;
}

std::string windowsRootFolderFor(const Version& cudnn, std::string_view cuda)
{
    if (Version{cudnn.major, cudnn.minor, cudnn.patch} < Version{8, 3, 1})
        return "cuda/";
    return "cudnn-windows-x86_64-" + cudnn.toString() + "_cuda" + std::string(cuda) + "-archive/";
}

std::string officialWindowsArchiveName(const Version& cudnn, std::string_view cuda)
{
    if (Version{cudnn.major, cudnn.minor, cudnn.patch} < Version{8, 3, 1}) {
        // CUDA 10.x builds were labelled "windows10", the 11.x ones plain "windows".
        const bool cuda10 = cuda.rfind("10.", 0) == 0 || cuda == "10";
        return "cudnn-" + std::string(cuda) + (cuda10 ? "-windows10-x64-v" : "-windows-x64-v") + cudnn.toString() + ".zip";
    }
    std::string root = windowsRootFolderFor(cudnn, cuda);
    root.pop_back();
    return root + ".zip";
}

NameInfo parseArchiveName(std::string_view fileOrFolderName)
{
    std::string name(baseName(fileOrFolderName));
    for (std::string_view ext : {".zip", ".tgz", ".tar.xz", ".tar.gz", ".tar"}) {
        if (endsWith(lowerAscii(name), ext)) {
            name.resize(name.size() - ext.size());
            break;
        }
    }
    // A browser's second download: "cudnn-...-archive (1).zip".
    static const std::regex copySuffix(R"( \([0-9]+\)$)");
    name = std::regex_replace(name, copySuffix, "");

    auto platformOf = [](const std::string& os, const std::string& arch) -> std::string {
        const bool windows = os.rfind("windows", 0) == 0;
        if (os == "osx")  // cuDNN 7.6.5 still had macOS builds
            return "macos-" + std::string(arch == "x64" ? "x86_64" : arch);
        if (arch == "x64" || arch == "x86_64")
            return windows ? "windows-x86_64" : "linux-x86_64";
        if (arch == "aarch64sbsa" || arch == "sbsa")
            return "linux-sbsa";
        return (windows ? "windows-" : "linux-") + arch;
    };

    NameInfo info;
    std::smatch m;
    static const std::regex oldScheme(
        R"(cudnn-([0-9]+(?:\.[0-9]+)?)-(windows[0-9]*|linux|osx)-(x64|ppc64le|aarch64sbsa|sbsa|aarch64)-v([0-9]+(?:\.[0-9]+){1,3}))",
        std::regex::icase);
    static const std::regex newScheme(
        R"(cudnn-(windows|linux)-(x86_64|sbsa|ppc64le|aarch64|arm64)-([0-9]+(?:\.[0-9]+){2,3})_cuda([0-9]+(?:\.[0-9]+)?)-archive)",
        std::regex::icase);
    if (std::regex_match(name, m, oldScheme)) {
        info.cuda = m[1].str();
        info.platform = platformOf(lowerAscii(m[2].str()), lowerAscii(m[3].str()));
        info.cudnn = Version::parse(m[4].str());
    } else if (std::regex_match(name, m, newScheme)) {
        info.platform = platformOf(lowerAscii(m[1].str()), lowerAscii(m[2].str()));
        info.cudnn = Version::parse(m[3].str());
        info.cuda = m[4].str();
    }
    return info;
}

std::optional<Version> parseVersionHeader(std::string_view headerText)
{
    // Drop comments first so "// #define CUDNN_MAJOR 7" or a /* */ block cannot count.
    std::string text;
    text.reserve(headerText.size());
    for (std::size_t i = 0; i < headerText.size();) {
        if (headerText.compare(i, 2, "/*") == 0) {
            const auto end = headerText.find("*/", i + 2);
            i = end == std::string_view::npos ? headerText.size() : end + 2;
            text += ' ';
        } else if (headerText.compare(i, 2, "//") == 0) {
            const auto end = headerText.find('\n', i);
            i = end == std::string_view::npos ? headerText.size() : end;
        } else {
            text += headerText[i++];
        }
    }
    static const std::regex define(R"((?:^|\n)[ \t]*#[ \t]*define[ \t]+CUDNN_(MAJOR|MINOR|PATCHLEVEL)[ \t]+\(?[ \t]*([0-9]+)[ \t]*\)?[ \t]*(?=\r?\n|$))");
    std::optional<int> major, minor, patch;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), define); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        auto value = parseNumber(m[2].str());
        if (!value)
            continue;
        const std::string which = m[1].str();
        auto& slot = which == "MAJOR" ? major : which == "MINOR" ? minor : patch;
        if (!slot)
            slot = value;
    }
    if (!major || !minor || !patch)
        return std::nullopt;
    return Version{*major, *minor, *patch, -1};
}

bool isReleaseText(const std::string& release)
{
    return !release.empty() && release.find_first_not_of("0123456789.") == std::string::npos &&
           Version::parse(release).has_value();
}

}  // namespace cudnnsetup
