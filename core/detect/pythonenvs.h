#pragma once
// The Python environments of a machine and the GPU frameworks installed in each, read from
// the files pip and conda leave (dist-info folders, pyvenv.cfg, conda-meta, the frameworks'
// generated build-info modules). Nothing is imported and no Python runs: a broken framework
// cannot hang or crash detection, and a hostile one cannot run code through it.

#include "platform/environment.h"
#include "platform/registry.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct InstalledPackage {
    std::string name;         // normalised: lower case, '-' ("onnxruntime-gpu", "nvidia-cudnn-cu12")
    std::string version;      // "1.19.2", "2.5.1+cu124", "2.6.1.post120"
    std::string sitePackages; // the folder it is installed in
    std::string distInfo;     // its .dist-info / .egg-info folder
};

struct PythonEnvironment {
    std::string root;                        // sys.prefix: the folder of python.exe (Windows), of bin/ (Linux)
    std::string kind;                        // "py launcher", "PATH", "conda", "CONDA_PREFIX", "VIRTUAL_ENV", "user site"
    std::optional<std::string> pythonVersion;  // "3.11" or "3.11.7" when a file says so
    std::vector<std::string> sitePackages;   // that exist
    std::vector<InstalledPackage> packages;  // the GPU frameworks and nvidia-* wheels only
    bool isConda = false;                    // conda-meta is there: activation puts Library\bin on PATH
    const InstalledPackage* find(const std::string& name) const;
};

struct PythonFindOptions {
    bool windowsRules = false;
    bool scanPath = true;  // python on PATH
};

// Every environment, each once (by canonical root), in the order found: PEP 514 registry keys
// (what `py -0p` lists), python on PATH, CONDA_PREFIX, conda's environments.txt and the usual
// conda roots with their envs, VIRTUAL_ENV, then the user site (~/.local, %APPDATA%\Python).
std::vector<PythonEnvironment> findPythonEnvironments(const Environment& env, const Registry& reg,
                                                      const PythonFindOptions& opts);

// One site-packages folder: the packages cudnn-setup cares about, from their dist-info names
// (confirmed by METADATA's Version when it is there).
std::vector<InstalledPackage> readSitePackages(const std::string& dir);

// "onnxruntime_gpu-1.19.2.dist-info" -> ("onnxruntime-gpu", "1.19.2"); nullopt for other names.
std::optional<std::pair<std::string, std::string>> parseDistInfoName(const std::string& folderName);

// Simple `name = 'value'` assignments of a generated Python module (torch/version.py,
// paddle/version/__init__.py, tensorflow's build_info.py dict, onnxruntime's
// build_and_package_info.py), read as text from its first 64 KiB; never executed.
std::map<std::string, std::string> readPythonAssignments(const std::string& file);

}  // namespace cudnnsetup
