#pragma once
// Where a toolkit keeps its cuDNN library, which sibling files that release needs,
// and the versions the toolkit's own files claim (to compare with what the library says).

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup::validate {

// The host the check runs on: what it looks for (DLLs or shared objects, nvcuda.dll or libcuda).
#ifdef _WIN32
inline constexpr bool kWindows = true;
#else
inline constexpr bool kWindows = false;
#endif

struct CudnnLocation {
    std::string library;   // full path of libcudnn.so.N / cudnn64_N.dll
    std::string directory; // its folder (the sub-libraries live beside it)
    int major = 0;
};

// The toolkit `validate` uses without --toolkit: $CUDA_PATH, else /usr/local/cuda on Linux.
std::string defaultToolkit();

// Linux: lib64, lib, targets/<arch>-linux/lib; Windows: bin\x64, bin. cuDNN 9 before 8.
std::optional<CudnnLocation> locateCudnn(const std::string& toolkit);
// Every place locateCudnn looked, for the "not found" message.
std::vector<std::string> cudnnSearchFolders(const std::string& toolkit);

// The sub-library files of a release (names only), e.g. libcudnn_cnn.so.9 / cudnn_cnn64_9.dll.
std::vector<std::string> expectedSubLibraries(int major);

// Folders of the toolkit that hold runtime libraries (cuBLAS lives there).
std::vector<std::string> toolkitLibraryFolders(const std::string& toolkit);

// "9.19.0" from include/cudnn_version.h (or _v9/_v8 variants) under the toolkit or beside the library.
std::optional<std::string> headerCudnnVersion(const std::string& toolkit, const std::string& libraryDir);
// CUDA major version of the toolkit (version.json, version.txt or CUDART_VERSION), if it says.
std::optional<int> toolkitCudaMajor(const std::string& toolkit);

}  // namespace cudnnsetup::validate
