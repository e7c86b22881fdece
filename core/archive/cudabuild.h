#pragma once
// A cuDNN build's own CUDA major, one rule for verify, the install planner and detect: the CUDA
// libraries its DLLs import (cublasLt64_12.dll) say which CUDA it was compiled against, whatever the
// release's support matrix or the archive's name claims (issue 30, rule 4; docs/verify.md).

#include <optional>
#include <string>
#include <string_view>

namespace cudnnsetup {

// The CUDA major one imported DLL spells: cublas64_11.dll and cublasLt64_12.dll name the major,
// cudart64_110.dll (10.x/11.x) major and minor; nullopt for any other DLL.
std::optional<int> cudaMajorOfImport(std::string_view dllName);

// The major of a CUDA version as a release or archive name writes it: "11.3" -> 11, "12" -> 12.
std::optional<int> cudaMajorOfText(std::string_view cuda);

// One DLL's import that names a CUDA major, for messages ("cudnn_ops64_9.dll imports cublasLt64_12.dll").
struct CudaImport {
    int major = 0;
    std::string file;    // the cuDNN DLL (base name)
    std::string import;  // as its import table spells it
};

}  // namespace cudnnsetup
