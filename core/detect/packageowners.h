#pragma once
// Which files a package manager owns. cudnn-setup never overwrites, moves or removes them
// (NVIDIA's libcudnn9-cuda-12 .deb puts cuDNN in /usr/lib/x86_64-linux-gnu and
// /usr/include; a hand-copied file over it breaks the next apt upgrade and dpkg --verify).
// dpkg: every /var/lib/dpkg/info/<package>[:<arch>].list names the paths of a package.
// rpm (Fedora, RHEL, SUSE; also Debian's `rpm` package): its database is rpm's own business
// (sqlite, Berkeley DB or ndb by version), so the `rpm` program is asked, without a shell.

#include <map>
#include <string>
#include <vector>

namespace cudnnsetup {

inline constexpr const char* kRpmDbDir = "/var/lib/rpm";

struct PackageOwner {
    std::string package;  // "libcudnn9-cuda-12"
    std::string manager;  // "dpkg" or "rpm"
    bool operator==(const PackageOwner&) const = default;
};

// For each toolkit-relative path of `rels` that a dpkg or rpm package owns (spelled as given,
// or with its folder's links resolved): rel -> the package and its manager. rpm is asked only
// when `rpmDbDir` holds a database (rpmdb.sqlite, Packages or Packages.db).
std::map<std::string, PackageOwner> packageOwnersOf(const std::string& root, const std::vector<std::string>& rels,
                                                    const std::string& dpkgInfoDir,
                                                    const std::string& rpmDbDir = kRpmDbDir);

// The same for absolute paths (detect: where a cuDNN copy came from).
std::map<std::string, std::string> dpkgOwnersOf(const std::vector<std::string>& absolutePaths,
                                                const std::string& dpkgInfoDir);

// rpm: `rpm --dbpath DB -qf --queryformat '[%{FILENAMES}\t%{=NAME}\n]' -- PATH...` (every file of
// each owning package, so that the answer names its path; "not owned" lines are not), for the
// paths that exist, only when DB holds a database and an rpm program is installed.
bool rpmDatabaseIn(const std::string& rpmDbDir);
std::map<std::string, std::string> rpmOwnersOf(const std::vector<std::string>& absolutePaths,
                                               const std::string& rpmDbDir);
// Both, dpkg first: absolute path -> owner.
std::map<std::string, PackageOwner> packageManagerOwnersOf(const std::vector<std::string>& absolutePaths,
                                                           const std::string& dpkgInfoDir,
                                                           const std::string& rpmDbDir = kRpmDbDir);

}  // namespace cudnnsetup
