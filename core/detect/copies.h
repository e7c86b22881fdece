#pragma once
// Every cuDNN copy a process could load, and which one a program started now gets.

#include "detect/model.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

// One folder of the loader's search, in order. `onlyName` limits an entry to one file name
// (an ld.so cache line maps one soname to one file).
struct SearchEntry {
    std::string dir;
    std::string origin;  // "System32", "PATH (system)", "PATH (user)", "PATH", "LD_LIBRARY_PATH", "ldconfig", "default"
    std::optional<std::string> onlyName;
};

// A copy: the main library (cudnn64_N.dll / libcudnn.so.N) in one folder.
struct CopyCandidate {
    std::string dir;
    std::string fileName;
};

struct Ranking {
    int rank = -1;     // first search entry that finds it, -1 when none does
    bool wins = false; // the first match for its file name
};

// Pure: for each candidate, where the search finds it and whether it wins its name. Folder
// names are compared after normalising separators and trailing slashes (and case when
// `caseInsensitive`); callers pass canonical folders.
std::vector<Ranking> rankCopies(const std::vector<SearchEntry>& order, const std::vector<CopyCandidate>& copies,
                                bool caseInsensitive);
std::string normalizeDir(const std::string& dir, bool caseInsensitive);

struct SearchContext {
    bool windowsRules = false;
    std::string systemPrefix = "/";      // where /etc/ld.so.conf.d and the default folders are
    bool useLdconfig = true;             // run `ldconfig -p` (Linux)
    std::vector<std::string> extraDirs;  // toolkit cuDNN folders, listed even if not searched
};

// Windows: System32, then PATH system then user (expanded, from the registry; the process
// PATH when the registry has none). Linux: LD_LIBRARY_PATH, the ld.so cache, the default folders.
std::vector<SearchEntry> searchOrder(const Environment& env, const Registry& reg, const SearchContext& ctx);

// Linux: where glibc's loader looks for a library that `object` needs (DT_NEEDED, or a dlopen
// without a slash): the object's DT_RPATH when it has no DT_RUNPATH, then LD_LIBRARY_PATH, then
// its DT_RUNPATH, then the ld.so cache and the default folders (the rest of `systemOrder`, as
// searchOrder makes it). $ORIGIN / ${ORIGIN} become the object's folder; an entry with another
// token ($LIB, $PLATFORM) or a relative one (the working folder's business) is left out.
// Origins: "RPATH of <file name>", "RUNPATH of <file name>".
struct ElfFacts;
std::vector<SearchEntry> loaderOrderFor(const std::vector<SearchEntry>& systemOrder, const std::string& objectPath,
                                        const ElfFacts& elf);

// The PATH a program started now gets (Windows: system + user from the registry), split.
std::vector<std::pair<std::string, std::string>> programPath(const Environment& env, const Registry& reg);

// Every copy in the search order, System32/SysWOW64, conda, pip, torch and toolkit folders,
// each once, ranked and with the winners marked.
std::vector<CudnnCopy> findCopies(const Environment& env, const Registry& reg, const SearchContext& ctx);

}  // namespace cudnnsetup
