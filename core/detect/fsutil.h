#pragma once
// Small, non-throwing filesystem helpers for detection (a machine's folders may be
// unreadable, dangling or vanish while we look).

#include "common/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

bool pathExists(const std::string& p);
bool isDirectory(const std::string& p);
std::string absolutePath(const std::string& p);
// A key that is equal for two spellings of the same folder (symlinks resolved; case folded on Windows hosts).
std::string canonicalKey(const std::string& p);
// Entry names of a folder (files, folders and links), empty when unreadable.
std::vector<std::string> listDirectory(const std::string& dir);
// Names in `dir` that contain `needle` (case-insensitive), e.g. ".dll", ".so".
std::vector<std::string> globFiles(const std::string& dir, const std::string& needle);
std::optional<std::uint64_t> fileSize(const std::string& p);
bool sameFolder(const std::string& a, const std::string& b);
// The folder `p` names a file in (its parent path).
std::string dirOf(const std::string& p);

}  // namespace cudnnsetup
