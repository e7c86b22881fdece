#pragma once
// Pure logic for the Windows system PATH: no registry, no environment. The raw,
// unexpanded value goes in and comes out; odd entries are kept as they are, and
// every change is reported. Anchors: NSIS scripts that truncated PATH, winget's
// substring matching, IFW's "key changed, don't undo".

#include "common/problem.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

// A single variable may hold at most 32,767 characters; past ~2,047 some programs
// stop expanding %windir%.
inline constexpr std::size_t kPathHardLimit = 32767;
inline constexpr std::size_t kPathSoftLimit = 2047;

// Looks a variable up for comparison only (the written value keeps %VAR%).
using VariableLookup = std::function<std::optional<std::string>(std::string_view name)>;

// "a;;b;" -> {"a", "", "b", ""}; "" -> {}. join(split(x)) == x for every x.
std::vector<std::string> splitPathValue(std::string_view raw);
std::string joinPathValue(const std::vector<std::string>& entries);

// Case-insensitive, '/' as '\', quotes and trailing '\' dropped, %VAR% expanded.
std::string normalizePathEntry(std::string_view entry, const VariableLookup& lookup = {});

// A CUDA toolkit bin folder: "...\CUDA\v11.3\bin" or "...\bin\x64" (normalised form).
bool isCudaBinEntry(std::string_view normalizedEntry);

struct PathInsert {
    std::string entry;       // exactly as written
    std::size_t index = 0;   // position in the result
    bool operator==(const PathInsert&) const = default;
};
struct PathMove {
    std::string entry;       // exactly as it was spelled
    std::size_t from = 0;    // position before
    std::size_t to = 0;      // position after
    bool operator==(const PathMove&) const = default;
};

// What adding did, kept in the install record so that removing can undo exactly that.
struct PathEdit {
    std::string before;
    std::string after;
    std::vector<PathInsert> inserted;
    std::vector<PathMove> moved;
    std::vector<std::string> changes;  // one sentence per change, for the report
    Problems warnings;                 // "path-long"
    bool changed() const { return before != after; }
    bool operator==(const PathEdit&) const = default;
};

// Puts each of `bins` (the toolkit's bin, then bin\x64 where used) ahead of every
// other CUDA bin folder: already there -> unchanged; present but behind another
// CUDA bin -> moved; absent -> inserted before the first other CUDA bin, else after
// the last non-empty entry. Fails with "path-too-long" past kPathHardLimit.
Result<PathEdit> addToolkitBins(std::string_view raw, const std::vector<std::string>& bins,
                                const VariableLookup& lookup = {});

// One folder (`use`: an NVIDIA cuDNN variant's bin folder), spelled `entry`: first = ahead of every
// entry (moved there when it is elsewhere already), else at the end (after the last non-empty
// entry; anywhere on PATH already counts). Unchanged when it is already where asked. The same
// record as addToolkitBins, so removeToolkitBins undoes it. "path-too-long" past kPathHardLimit.
Result<PathEdit> addPathEntry(std::string_view raw, const std::string& entry, bool first,
                              const VariableLookup& lookup = {});

struct PathRemoval {
    std::string value;
    std::vector<std::string> changes;  // what was done
    std::vector<std::string> notes;    // what was left alone and why
};

// Undoes `edit` on the value found now. Unchanged since the install -> exactly
// edit.before. Otherwise each inserted entry still spelled and placed as the install
// left it is removed, moved entries are left where they are, and each is said.
PathRemoval removeToolkitBins(std::string_view current, const PathEdit& edit);

}  // namespace cudnnsetup
