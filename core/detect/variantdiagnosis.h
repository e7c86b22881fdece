#pragma once
// Findings about cuDNN outside toolkits (detect/nvidialayout.h) and about what cuDNN 9 loads by name
// at run time (Windows): installed but not on the search path, a PATH entry naming the folder above
// the DLLs, the wrong CUDA variant first, an older copy shadowing NVIDIA's install, and cuBLASLt /
// NVRTC that no folder of the search order has.

#include "detect/detector.h"

namespace cudnnsetup {

void variantFindings(DetectResult& r, const Environment& env, const Registry& reg);

// Pure: the CUDA DLLs a cuDNN 9 build of that CUDA major loads by name, from the names its files
// carry (`scanned`) when they name any, else NVIDIA's names for that major (cublasLt64_12.dll,
// nvrtc64_120_0.dll).
std::vector<std::string> runtimeLibrariesFor(int cudaMajor, const std::vector<std::string>& scanned);

}  // namespace cudnnsetup
