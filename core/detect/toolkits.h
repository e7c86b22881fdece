#pragma once
// Finding CUDA toolkits (registry, environment, well-known folders, nvcc on PATH, --root)
// and identifying each: version, layout and where its binaries are.

#include "detect/model.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <chrono>
#include <string>
#include <vector>

namespace cudnnsetup {

struct FindOptions {
    std::vector<std::string> roots;           // --root DIR (repeatable)
    bool windowsRules = false;                // search like Windows (registry, CUDA_PATH_V*, ProgramFiles)
    std::string systemPrefix = "/";           // where /usr/local and /opt are looked for (tests move it)
    bool scanSystem = true;                   // false: only --root and the environment (tests, offline images)
    bool runNvcc = true;                      // last-resort version from `nvcc --version`
    std::chrono::milliseconds nvccTimeout{3000};
};

// Every toolkit found, each once (symlinks and repeated sources merged), in discovery order.
std::vector<Toolkit> findToolkits(const Environment& env, const Registry& reg, const FindOptions& opts);

// Version (version.json, version.txt, CUDART_VERSION, dist-info, nvcc), layout and folders of one root.
void identifyToolkit(Toolkit& tk, const FindOptions& opts);

// True when `dir` has something only a CUDA toolkit has (nvcc, cuda_runtime_api.h, version.json/txt).
bool looksLikeToolkit(const std::string& dir);

}  // namespace cudnnsetup
