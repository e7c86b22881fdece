#pragma once
// Small, non-throwing filesystem helpers for detection (a machine's folders may be
// unreadable, dangling or vanish while we look).

#include "archive/cudabuild.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

bool pathExists(const std::string& p);
bool isDirectory(const std::string& p);
std::string absolutePath(const std::string& p);
// A key that is equal for two spellings of the same folder (symlinks resolved; case folded on Windows hosts).
std::string canonicalKey(const std::string& p);
// Entry names of a folder (files, folders and links), empty when unreadable.
std::vector<std::string> listDirectory(const std::string& dir);
// Names in `dir` that contain `needle` (case-insensitive), e.g. ".dll", ".so".
std::vector<std::string> globFiles(const std::string& dir, const std::string& needle);
std::optional<std::uint64_t> fileSize(const std::string& p);
std::string lowerAscii(std::string s);
bool sameFolder(const std::string& a, const std::string& b);

// ELF64 facts read from the headers and the dynamic section only (never the whole file).
struct ElfInfo {
    bool isElf = false;
    bool is64 = false;
    std::uint16_t machine = 0;  // 62 = x86-64
    std::optional<std::string> soname;
    std::vector<std::string> needed;  // DT_NEEDED names, in order
    // DT_RPATH / DT_RUNPATH, split on ':' as written ($ORIGIN not expanded; copies.h loaderOrderFor).
    std::vector<std::string> rpath, runpath;
    bool hasRunpath = false;  // a DT_RUNPATH entry exists (then glibc ignores DT_RPATH)
};
ElfInfo readElf(const std::string& path);

// PE machine and FileVersion from the headers and the resource section only (a 600 MB DLL
// costs a few kilobytes of I/O: detection must stay fast).
struct PeQuick {
    bool isPe = false;
    bool isX64 = false;
    std::uint16_t machine = 0;
    std::optional<std::string> fileVersion;
    std::optional<std::string> fileDescription;  // StringFileInfo FileDescription
    std::vector<std::string> imports;  // the import directory's DLL names (empty when !importsRead)
    bool importsRead = false;
};
PeQuick readPeQuick(const std::string& path);

// Names of CUDA libraries a binary loads at run time by name (libcublasLt.so.13, libnvrtc.so.13,
// cublasLt64_12.dll, nvrtc64_120_0.dll), found in its read-only data: the ELF .rodata / PE
// .rdata section when the section table names one, else the first bytes; never more than
// `limit` bytes of one file. cuDNN 9 imports none of them, so this is how its CUDA major shows.
// What counts as a name, and the major the names agree on (cudaMajorFromNames), is the rule verify
// uses too: archive/cudabuild.h.
std::vector<std::string> cudaLibraryNames(const std::string& path, std::uint64_t limit = kCudaNameScanLimit,
                                          std::uint64_t* bytesRead = nullptr);

}  // namespace cudnnsetup
