#pragma once
// Which files a package manager owns. cudnn-setup never overwrites, moves or removes them
// (NVIDIA's libcudnn9-cuda-12 .deb puts cuDNN in /usr/lib/x86_64-linux-gnu and
// /usr/include; a hand-copied file over it breaks the next apt upgrade and dpkg --verify).
// dpkg: every /var/lib/dpkg/info/<package>[:<arch>].list names the paths of a package.

#include <map>
#include <string>
#include <vector>

namespace cudnnsetup {

// For each toolkit-relative path of `rels` that a dpkg package owns (spelled as given, or
// with its folder's links resolved): rel -> the package's name ("libcudnn9-cuda-12").
std::map<std::string, std::string> packageOwnersOf(const std::string& root, const std::vector<std::string>& rels,
                                                   const std::string& dpkgInfoDir);

// The same for absolute paths (detect: where a cuDNN copy came from).
std::map<std::string, std::string> dpkgOwnersOf(const std::vector<std::string>& absolutePaths,
                                                const std::string& dpkgInfoDir);

}  // namespace cudnnsetup
