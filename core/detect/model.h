#pragma once
// What detection finds on a machine: toolkits, the cuDNN inside each, the driver and every
// cuDNN copy a program could load. Plain data; JSON per contract/cli.md in detector.h.

#include "common/problem.h"
#include "releases/releases.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct InstalledFile {
    std::string path;                    // absolute
    FileKind kind = FileKind::Other;
    std::uint64_t size = 0;
    std::optional<std::string> version;  // PE FileVersion, or the soname / file-name version ("9", "9.19.0")
    std::optional<std::string> soname;   // Linux only
    std::string arch;                    // "x64", "x86", "arm64", "x86-64", ... ("" unknown)
    std::vector<std::string> imports;    // the DLLs its import table names (Windows), its DT_NEEDED (Linux)
    std::optional<std::string> description;  // Windows DLLs: the VERSIONINFO FileDescription
};

struct CudnnInstall {
    std::optional<Version> version;      // from cudnn_version.h (or the libraries when there is no header)
    std::optional<int> builtForCudaMajor;  // when something says so (dist-info cu13, archive folder name)
    std::string builtForCudaSource;      // "dist-info", "imports", "library strings" ("" when unknown)
    std::vector<std::string> cudaLibraries;  // CUDA libraries its files name for run-time loading (libcublasLt.so.13)
    bool present = false;                // any cuDNN file at all
    bool complete = false;               // every file of the release's set is there and non-empty
    std::string libDir;                  // where its DLLs / shared libraries are (absolute)
    std::vector<InstalledFile> files;
    Problems problems;
};

struct Toolkit {
    std::string path;                    // the root, as found (not resolved), absolute
    std::optional<std::string> resolvedPath;  // where a symlinked root points
    std::optional<Version> version;
    std::string versionText;             // "13.0", "11.8.89"
    std::string versionSource;           // "version.json", "version.txt", "cuda_runtime_api.h", "dist-info", "nvcc"
    std::string layout;                  // "windows" or "linux"
    std::vector<std::string> sources;    // "registry", "CUDA_PATH", "CUDA_PATH_V12_6", "ProgramFiles", "/usr/local/cuda", "--root", ...
    std::vector<std::string> binDirs;    // where the toolkit's DLLs / programs are (bin, bin/x64)
    std::string libDir;                  // lib/x64, lib64 or lib
    CudnnInstall cudnn;
};

struct DriverInfo {
    enum class State { None, Stub, Present };
    State state = State::None;
    std::optional<std::string> version;  // "465.89" from NVML
    std::optional<int> cudaVersion;      // 11030 from cuDriverGetVersion
    std::string library;                 // the driver library that answered
    std::string detail;                  // why none / which stub
};
std::string toString(DriverInfo::State s);  // "none", "stub", "present"
std::string cudaVersionText(int v);          // 11030 -> "11.3"

struct CudnnCopy {
    std::string path;
    std::optional<std::string> version;
    std::string origin;  // "PATH (system)", "PATH (user)", "System32", "SysWOW64", "LD_LIBRARY_PATH", "ldconfig", "ld.so.conf.d", "conda", "pip", "torch", "toolkit", "default"
    bool wins = false;
    int searchRank = -1;  // position of its folder in the search order; -1 when not searched at all
    // Linux: the dpkg package that owns the file ("libcudnn9-cuda-12"): a package manager's copy,
    // which cudnn-setup never overwrites (update it with apt instead).
    std::optional<std::string> package;
    std::optional<std::string> packageManager;  // "dpkg" or "rpm" when `package` is set
};

}  // namespace cudnnsetup
