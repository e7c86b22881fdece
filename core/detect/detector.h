#pragma once
// `detect` and `report` in the core: everything found on the machine plus the diagnosis.

#include "detect/copies.h"
#include "detect/frameworkcheck.h"
#include "detect/loadset.h"
#include "detect/model.h"
#include "detect/nvidialayout.h"
#include "detect/pythonenvs.h"
#include "detect/toolkits.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cudnnsetup {

struct PythonInfo {
    std::string executable;
    std::string version;                      // "3.11.7"
    std::optional<std::string> torch, torchCuda, torchCudnn;
    std::optional<std::string> tensorflow, tensorflowCudnn;
};

struct DetectOptions {
    FindOptions find;
    SearchContext search;                      // windowsRules/systemPrefix are copied from `find`
    bool probeDriver = true;
    std::optional<DriverInfo> driver;          // used instead of probing (tests: a driver too old)
    bool probePython = false;                  // report: run python for versions (short timeout)
    std::optional<PythonInfo> python;          // used instead of probing
    std::chrono::milliseconds pythonTimeout{8000};
    bool scanPythonEnvironments = true;        // find Python environments and check their GPU frameworks (files only)
    bool pythonOnPath = true;                  // ... including python on PATH
    // Also look for cuDNN installs here (--cudnn-root): an NVIDIA\CUDNN folder or one v9.x / zip root.
    // Windows rules add %ProgramFiles%\NVIDIA\CUDNN, and CUDNN_PATH is always read.
    std::vector<std::string> cudnnRoots;
};

struct DetectResult {
    std::string os;
    std::vector<Toolkit> toolkits;
    DriverInfo driver;
    std::vector<CudnnCopy> copies;
    std::vector<CudnnVariant> variants;        // cuDNN outside toolkits: NVIDIA installer, CUDNN_PATH, pip wheels
    std::optional<PythonInfo> python;
    std::vector<PythonEnvironment> pythonEnvironments;
    std::vector<FrameworkVerdict> frameworks;  // "your frameworks": one verdict per framework per environment
    std::vector<LoadSet> loadSets;             // per winning cudnn64_N.dll: where each of its libraries comes from
    Problems problems;   // severity "problem" (exit 1)
    Problems warnings;   // severity "warning"
    bool ok() const;     // no problems, in the toolkits or on the machine
};

DetectResult detect(const DetectOptions& opts, const Environment& env, const Registry& reg);

// Findings about the machine (driver, search order, PATH, zlibwapi, python) added to `r`.
void diagnose(DetectResult& r, const Environment& env, const Registry& reg, bool windowsRules);

// Runs python (PATH, short timeout) for its version and the frameworks' cuDNN; nullopt when none.
std::optional<PythonInfo> probePython(const Environment& env, std::chrono::milliseconds timeout);

nlohmann::json toJson(const DetectResult& r);
std::string toMarkdown(const DetectResult& r);

}  // namespace cudnnsetup
