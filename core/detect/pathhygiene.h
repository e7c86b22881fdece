#pragma once
// PATH hygiene (Windows): the state of the registry PATH values themselves, which the search
// model takes as given. Pure over the raw values so that every rule is table-tested.

#include "detect/model.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct PathFinding {
    std::string code;   // system-path-too-long, path-quoted-entry, path-missing-entry, toolkit-bin-user-path, cuda-path-missing
    std::string path;   // the entry / folder it is about
    std::vector<std::pair<std::string, std::string>> vars;  // placeholders of its text
};

// Not "PathState": that is install/plan.h's type, and two classes of one name in one namespace
// are one class to the linker (an ODR violation ASan caught as a use-after-free).
struct PathValues {
    std::optional<std::string> systemRaw, userRaw;  // the registry values as stored (unexpanded)
    std::vector<std::string> systemExpanded, userExpanded;  // split and expanded
    std::vector<std::pair<std::string, std::string>> cudaPathVars;  // (name, value): CUDA_PATH, CUDA_PATH_V12_6
};

// `exists` answers for a folder; `toolkitDirs` are (folder, CUDA version text) of the toolkits' cuDNN/bin folders.
std::vector<PathFinding> pathHygiene(const PathValues& state,
                                     const std::vector<std::pair<std::string, std::string>>& toolkitDirs,
                                     bool (*exists)(const std::string&));

}  // namespace cudnnsetup
