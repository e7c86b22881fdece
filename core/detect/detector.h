#pragma once
// `detect` and `report` in the core: everything found on the machine plus the diagnosis.

#include "detect/copies.h"
#include "detect/model.h"
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
};

struct DetectResult {
    std::string os;
    std::vector<Toolkit> toolkits;
    DriverInfo driver;
    std::vector<CudnnCopy> copies;
    std::optional<PythonInfo> python;
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
