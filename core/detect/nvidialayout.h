#pragma once
// cuDNN that lives outside every CUDA toolkit: the tree NVIDIA's exe installer leaves
// (%ProgramFiles%\NVIDIA\CUDNN\v9.<minor>\bin\<cuda>[\x64], include\<cuda>, lib\<cuda>\x64; several
// variants side by side, nothing on PATH), a CUDNN_PATH folder and pip wheels. Each variant folder is
// one copy with its own version and CUDA major (../shared/reference/cudnn9-today.md §1-2).

#include "detect/copies.h"
#include "detect/model.h"
#include "releases/releases.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct CudnnVariant {
    std::string origin;       // "NVIDIA installer", "CUDNN_PATH", "pip wheel"
    std::string root;         // the v9.x folder, the CUDNN_PATH folder, the wheel's nvidia\cudnn folder
    std::string binDir;       // the folder that holds cudnn64_N.dll (what PATH must name)
    std::string includeDir;   // "" when there is none
    std::string libDir;       // import libraries; "" when there are none
    std::string builtWith;    // the CUDA version the folder names ("12.9"); "" when the layout names none
    std::optional<int> cudaMajor;       // the build's own CUDA major (formats/cudabuild.h)
    std::optional<Version> version;
    std::string versionSource;          // "cudnn_version.h" or "FileVersion"
    std::string mainLibrary;            // path of cudnn64_N.dll
    std::vector<std::string> cudaLibraries;  // CUDA DLLs its files name for loading at run time
    int searchRank = -1;                // as CudnnCopy: -1 when no folder of the search order is binDir
    bool wins = false;                  // a program started now loads this cudnn64_N.dll
    std::vector<std::string> toolkits;  // detected toolkits of the same CUDA major (paths)
};

// Where cuDNN outside toolkits is looked for.
struct VariantRoots {
    // NVIDIA\CUDNN folders (holding v9.x folders) or single install roots (holding bin\).
    std::vector<std::string> installer;
    std::optional<std::string> cudnnPath;    // the CUDNN_PATH variable
    std::vector<std::string> sitePackages;   // Python environments' site-packages
};

// Every variant under those roots, each folder once (the first origin wins: an installer tree that
// CUDNN_PATH also names stays "NVIDIA installer"). Reads folder listings, the version header and the
// main DLL's version resource; never a whole DLL.
std::vector<CudnnVariant> findVariants(const VariantRoots& roots);

// Places each variant in the search order through `copies` (findCopies lists every folder of the
// search, so a variant it did not list is searched nowhere): its rank and whether it wins, and its
// origin on that copy; a variant not listed becomes a copy with rank -1. `toolkits` fills each
// variant's `toolkits` (same CUDA major).
void placeVariants(std::vector<CudnnVariant>& variants, std::vector<CudnnCopy>& copies,
                   const std::vector<Toolkit>& toolkits, bool windowsRules);

// One sentence saying which toolkit a variant serves and why the folder's CUDA minor is no requirement
// ("built with CUDA 12.9: serves any CUDA 12.x toolkit (found: C:\CUDA\v12.8, 12.8)").
std::string variantFit(const CudnnVariant& v, const std::vector<Toolkit>& toolkits);

}  // namespace cudnnsetup
