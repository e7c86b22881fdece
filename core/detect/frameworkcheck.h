#pragma once
// The user's real question: will my framework load a working cuDNN? For each GPU framework
// of each Python environment: what it was built for (its own build-info files, the import
// table of its CUDA provider, else the published tables), which cudnn* file a process of that
// environment would load (its own folders first, then the loader's search), and a verdict.

#include "detect/copies.h"
#include "detect/model.h"
#include "detect/pythonenvs.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct FrameworkNeeds {
    std::optional<std::string> cuda, cudnn;  // "11.2", "12.x", "8.1", "9.x"
    std::string source;                      // "tensorflow/python/platform/build_info.py", a table row's URL, ...
    bool noGpu = false;                      // a CPU-only build, or no GPU build on this OS
    std::string noGpuDetail;
    std::string alternative;                 // what to install instead (noGpu)
    bool bundled = false;                    // ships its own cuDNN (PyTorch)
};

struct FrameworkVerdict {
    std::string environment;                 // the environment's root
    std::string environmentKind;             // "py launcher", "conda", ...
    std::optional<std::string> python;
    std::string package, version;
    FrameworkNeeds needs;
    std::optional<std::string> library;      // the file it looks for ("cudnn64_9.dll"); nullopt: any major
    std::optional<std::string> loads;        // the cudnn* main library it gets
    std::optional<std::string> loadsVersion;
    std::optional<int> loadsCudaMajor;
    std::string loadsVia;                    // "its own folder", "PATH (system)", "nvidia-cudnn-cu12 wheel", "RUNPATH of x.so", ...
    // Linux: the framework library whose DT_RUNPATH / DT_RPATH ordered the search (copies.h loaderOrderFor).
    std::optional<std::string> loaderObject;
    // ONNX Runtime 1.21+ (onnxruntime/__init__.py defines preload_dlls): the copy its
    // onnxruntime.preload_dlls() would load instead, when a program calls it before its first
    // session (Windows: torch\lib of a CUDA 12 torch, then the nvidia-cudnn wheel; Linux: the wheel),
    // and where it comes from. nullopt: no such function, or it would find none.
    std::optional<std::string> preloads;
    std::optional<std::string> preloadsVersion;
    std::string preloadsVia;
    std::string code;                        // framework-ok, framework-bundled, framework-cudnn-major, ...
    std::string severity;                    // "ok", "info", "warning", "problem"
    std::string message;                     // "sentence. Fix: what to do."
};

struct FrameworkContext {
    bool windowsRules = false;
    std::vector<SearchEntry> search;         // the loader's order for a program started now (searchOrder)
    const std::vector<Toolkit>* toolkits = nullptr;  // to know the CUDA major of a copy inside a toolkit
};

// What one framework needs, from the files of its installation (never imported) and the tables.
FrameworkNeeds frameworkNeeds(const PythonEnvironment& env, const InstalledPackage& pkg, bool windows);

std::vector<FrameworkVerdict> checkFrameworks(const std::vector<PythonEnvironment>& envs, const FrameworkContext& ctx);

}  // namespace cudnnsetup
