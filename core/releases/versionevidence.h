#pragma once
// Version evidence, one rule for verify (zip and tarball) and detect: what a header, a file or folder
// name, a DLL's FileVersion or FileDescription, or a library's file name says about the cuDNN release,
// how much of a version it names, and which of several claims is the release (the others are a mix).
// Why the rule is shaped this way: docs/verify.md "Identity", cudnn-facts.md §7.

#include "releases/releases.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

// A version as a source names it: "8.4" names major.minor (named 2) and agrees with every patch of
// 8.4; a header names three parts; a FileVersion or archive name four.
struct NamedVersion {
    Version version;
    int named = 4;  // 1..4: major, minor, patch, build; a build of -1 is never compared
};
// Equal in the parts both name.
bool agreesAsNamed(const NamedVersion& a, const NamedVersion& b);
// How many parts a version's text names ("8.4" -> 2, "8.4.1" -> 3, "8.2.0.53" -> 4).
NamedVersion namedAsWritten(const Version& v, std::string_view text);
// A header names three parts; anything else with a build number four.
NamedVersion named(const Version& v);
// Only the parts it names: "8.4", "8.4.1", "8.2.0.53".
std::string toString(const NamedVersion& v);

// Shaped like a cuDNN release of the family `major`: same major, a patch level below 20 (real
// releases go up to 8.9.7 and 9.23.2), and not NVIDIA's driver-style 6.14.x. CUDA versions that
// share the major (8.0.61, 9.2.148) have patch levels far above that; CUDA 10-13 have other majors.
bool isCudnnShaped(const Version& v, int familyMajor);

// What a DLL's version field says, or nothing when it is no evidence. `familyMajor`: the release
// family, from the header or the main DLL's name (cudnn64_8.dll); unknown: no evidence at all.
// `expected`: the version the names or header say (may be unknown), to pick among prose numbers.
// - FileVersion (VS_FIXEDFILEINFO, always four parts): evidence when cuDNN-shaped; zero fields at
//   its end are padding, not a claim ("8.9.0.0" names 8.9, "9.0.0.0" only the major).
// - FileDescription (prose): the first dotted number that agrees with `expected`; otherwise the
//   first cuDNN-shaped one of three or more parts (a two-part number that disagrees could be a
//   compute capability such as 8.6, so it is no evidence).
enum class VersionField { FileVersion, FileDescription };
std::optional<NamedVersion> versionFieldEvidence(VersionField field, std::string_view text,
                                                 std::optional<int> familyMajor,
                                                 const std::optional<Version>& expected);

struct VersionClaim {
    std::string source;               // "cudnn_version.h", "cudnn64_8.dll (file version)", "the file name", ...
    std::optional<std::string> path;  // entry path (or file), or nullopt for names
    NamedVersion version;
    bool authoritative = false;       // an official hash: the release, whatever else says
};

// Which claim is the release: an authoritative one, else the one most claims agree with (ties: the
// earlier in the list, so callers list the stronger kinds of evidence first). Every claim that
// disagrees with it is a mix; `supporters` counts the other claims that agree with the reference.
struct VersionVerdict {
    std::size_t reference = 0;
    std::size_t supporters = 0;
    std::vector<std::size_t> disagreeing;
};
std::optional<VersionVerdict> weighVersionClaims(const std::vector<VersionClaim>& claims);
// "cudnn64_8.dll (file version) and 6 other sources say 8.2.0.53" style: the reference and its support.
std::string referenceText(const std::vector<VersionClaim>& claims, const VersionVerdict& verdict);
// The most specific version of the reference and the claims that agree with it (8.2.0 completed by
// a DLL's 8.2.0.53).
NamedVersion mostSpecific(const std::vector<VersionClaim>& claims, const VersionVerdict& verdict);

}  // namespace cudnnsetup
