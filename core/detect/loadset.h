#pragma once
// Split loading: cuDNN 8 and 9 load their sub-libraries (cudnn_ops64_9.dll, ...) by name at
// run time, through the same search as any LoadLibrary call. A folder earlier in the search that
// holds only some of them makes one process mix releases, so the winner is computed per file.

#include "detect/copies.h"
#include "detect/model.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct LoadedFile {
    std::string name;                    // "cudnn_cnn_infer64_8.dll"
    std::string path;                    // where the search finds it
    std::optional<std::string> version;
    std::string origin;                  // the search entry's origin
    int rank = -1;
};

struct LoadSet {
    std::string main;                    // the winning cudnn64_N.dll
    std::vector<LoadedFile> files;       // the main library first, then each sub-library found
    bool mixed = false;                  // the files come from more than one folder
};

// Pure: the first entry of `order` whose folder `has` each name; rank -1 when none has it.
std::vector<int> rankFiles(const std::vector<SearchEntry>& order, const std::vector<std::string>& names,
                           const std::function<bool(const std::string& dir, const std::string& name)>& has);

// For each winning main library (Windows rules): where every library of its release is found.
std::vector<LoadSet> loadSets(const std::vector<SearchEntry>& order, const std::vector<CudnnCopy>& copies);

}  // namespace cudnnsetup
