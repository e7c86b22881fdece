#pragma once
// What a cuDNN release must contain, per family, and how to recognise the layout
// of an archive (or an installed toolkit) from its file names. Data from
// ../shared/reference/cudnn-facts.md §1.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

struct Version {
    int major = 0, minor = 0, patch = 0, build = -1;  // build -1 when unknown (e.g. header only)
    static std::optional<Version> parse(std::string_view text);  // "8.2.0.53", "9.10.0", "8.2"
    std::string toString() const;                                // omits build when -1
    // Equal in the fields both sides know (a header's 8.2.0 agrees with a DLL's 8.2.0.53).
    bool agreesWith(const Version& other) const;
    auto operator<=>(const Version&) const = default;
};
// A release as a user names one (download, apply): "9.13", "9.13.0", "9.13.0.50", two to four numbers.
bool isReleaseText(const std::string& release);

enum class FileKind { Dll, SharedLib, ImportLib, StaticLib, Header, License, Other };
std::string_view toString(FileKind k);  // "dll", "shared-lib", "import-lib", ...
FileKind classifyFile(std::string_view fileName);

// Where each kind of file sits relative to the archive root / toolkit root.
struct Layout {
    std::string root;     // "cuda/" or "cudnn-windows-x86_64-8.9.7.29_cuda12-archive/" ("" for a toolkit)
    std::string bin;      // "bin" or "bin/x64"
    std::string include;  // "include"
    std::string lib;      // "lib/x64" or "lib"
    std::string platform; // "windows-x86_64" or "linux-x86_64"
};

// The expected file set of a release, relative to the layout's folders. Required files are
// `missing-file` when absent; optional ones are files that public data does not confirm either way for
// this release (a genuine archive may or may not have them): never missing, never extra.
struct ReleaseFileSet {
    std::vector<std::string> dlls;        // in layout.bin
    std::vector<std::string> headers;     // in layout.include
    std::vector<std::string> importLibs;  // in layout.lib
    std::string license;                  // at the root (the name this release is known to use)
    std::vector<std::string> optionalDlls, optionalHeaders, optionalImportLibs;
    // Other licence names that satisfy `license` where the name is not confirmed (8.3.0).
    std::vector<std::string> licenseAlternatives;
    std::size_t total() const { return dlls.size() + headers.size() + importLibs.size() + (license.empty() ? 0 : 1); }
    // Every name the release may ship in one of its folders (required or optional, licence included).
    bool isReleaseFile(std::string_view fileName) const;
};

// 8.0–8.x: 7 DLLs, 9 headers, 14 libs (+licence: NVIDIA_SLA_cuDNN_Support.txt before 8.3.1, LICENSE
// from 8.3.1, either for 8.3.0); 9.x: 8 DLLs, 7 headers, 16 libs; from 9.22 ten DLLs
// (+cudnn_engines_tensor_ir64_9.dll, cudnn_ext64_9.dll; optional in 9.21, whose contents are not
// confirmed; their import libraries are optional everywhere). Sources: cudnn-facts.md §1 and §7.
ReleaseFileSet windowsFileSet(const Version& cudnn);
// The set for a platform ("windows-x86_64"; other platforms get their own tables here).
ReleaseFileSet releaseFileSet(std::string_view platform, const Version& cudnn);

// NVIDIA's driver-style version scheme (6.14.11.x on cuDNN 7 DLLs), which is not the cuDNN version.
// What a DLL's version fields prove is decided in releases/versionevidence.h.
bool isNvidiaDriverStyleVersion(const Version& v);
// The Windows layout a given cuDNN version ships with (cuda/ root before 8.3.1, lib/ for 8.3–8.7, bin/x64 from 9.18).
Layout windowsLayoutFor(const Version& cudnn, std::string_view rootFolder);
// The top folder NVIDIA's zip for this release has: "cuda/" before 8.3.1, else
// "cudnn-windows-x86_64-<ver>_cuda<X>-archive/".
std::string windowsRootFolderFor(const Version& cudnn, std::string_view cuda);
// The official zip name: "cudnn-11.3-windows-x64-v8.2.0.53.zip", "cudnn-10.2-windows10-x64-v8.2.0.53.zip",
// "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip".
std::string officialWindowsArchiveName(const Version& cudnn, std::string_view cuda);

// Parsed from an archive or folder name:
// "cudnn-11.3-windows-x64-v8.2.0.53.zip", "cudnn-windows-x86_64-8.9.7.29_cuda12-archive".
struct NameInfo {
    std::optional<Version> cudnn;
    std::optional<std::string> cuda;   // "11.3", "12", "11.5"
    std::optional<std::string> platform;
};
NameInfo parseArchiveName(std::string_view fileOrFolderName);

// cudnn_version.h contents -> version (8.x and 9.x formulas both give MAJOR.MINOR.PATCHLEVEL).
std::optional<Version> parseVersionHeader(std::string_view headerText);

}  // namespace cudnnsetup
