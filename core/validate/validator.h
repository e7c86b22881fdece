#pragma once
// validate: load cuDNN from a toolkit and the CUDA driver from the system, run forward
// convolutions with every usable algorithm and compare them with a CPU reference.

#include "common/problem.h"
#include "validate/convreference.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup::validate {

struct ValidateOptions {
    std::string toolkit;        // toolkit root (bin/, lib/...) or a folder whose lib/ holds libcudnn; empty = default
    std::string driverLibrary;  // test/diagnostic override of the driver library path (env CUDNN_SETUP_LIBCUDA)
    int device = 0;
    bool quick = false;         // small shapes only (seconds on a CPU double; a smoke test on a GPU)
    bool tensorOps = false;     // also the TF32 and FP16 passes on the ResNet layer
    int warmupRuns = 2;
    int timedRuns = 5;
    uint64_t seed = 0;          // 0: a fresh random seed (reported, so a failure can be reproduced)
};

struct AlgoCheck {
    std::string name;           // shape name
    std::string shape;          // human description
    std::string algo;           // IMPLICIT_GEMM ...
    int algoId = -1;
    std::string math;           // "fma" (FP32, no TF32), "tf32", "fp16"
    bool ok = false;
    double tolerance = 0;
    std::optional<double> relError;  // ||y - ref|| / ||ref|| of the checked elements
    double maxAbsError = 0;
    size_t checked = 0;
    bool fullCheck = false;
    size_t nonFinite = 0;
    std::optional<double> timeMs;    // median of timedRuns after warm-up
    std::optional<double> gflops;
    size_t workspaceBytes = 0;
    std::string error;          // cuDNN/CUDA status text when a call failed
};

struct DeviceInfo {
    int index = 0;
    std::string name;
    int ccMajor = 0, ccMinor = 0;
    size_t memoryBytes = 0;
    int multiprocessors = 0;
};

struct ValidationReport {
    std::string toolkit;
    bool driverPresent = false;
    std::string driverPath;
    int driverCudaVersion = 0;      // cuDriverGetVersion: 1000*major + 10*minor
    bool driverIsStub = false;
    std::optional<DeviceInfo> device;
    std::string cudnnPath;          // the file actually loaded
    size_t cudnnVersionNumber = 0;  // cudnnGetVersion
    std::string cudnnVersion;       // "9.19.0"
    size_t cudartVersion = 0;       // cudnnGetCudartVersion
    std::string headerVersion;      // from cudnn_version.h beside the library, if any
    std::vector<std::string> loadedFiles; // every cuDNN / cuBLAS / driver module mapped after the run
    std::vector<AlgoCheck> checks;
    std::vector<AlgoCheck> tensorOpChecks;
    Problems problems;
    Problems warnings;
    uint64_t seed = 0;
    double wallMs = 0;
    bool ok() const { return problems.empty(); }
};

// Decodes cudnnGetVersion: 8.x is M*1000+m*100+p, 9.x is M*10000+m*100+p.
std::string cudnnVersionString(size_t v);
// 13000 -> "13.0"
std::string cudaVersionString(int v);

// Runs the whole check in this process (the CLI's `validate`; the wizard goes through validateInChild).
ValidationReport runValidation(const ValidateOptions& options);

nlohmann::json toJson(const ValidationReport& r);

}  // namespace cudnnsetup::validate
