#pragma once
// The individual checks behind verifyArchive (internal to core/archive, tested through it).

#include "archive/archivescanner.h"
#include "archive/verifyresult.h"
#include "formats/cudabuild.h"
#include "releases/releases.h"
#include "releases/versionevidence.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup::verifycheck {

// A header (cudnn_version.h) is read at most this far: its defines sit in its first lines.
constexpr std::size_t kMaxHeaderBytes = 1u << 20;

// Keeps an entry's first kMaxHeaderBytes as text, handed over only when the entry was intact.
class HeaderTextConsumer : public EntryConsumer {
public:
    explicit HeaderTextConsumer(std::optional<std::string>& out) : m_out(out) {}
    bool write(const std::uint8_t* data, std::size_t size) override;
    void finish(bool intact) override;

private:
    std::string m_text;
    std::optional<std::string>& m_out;
};

std::string baseName(std::string_view path);

// Hostile input, decided from the central directory alone: unsafe-path, duplicate-entry,
// size-limit, overlapping entries (corrupt-archive), encrypted-entry. Returns true when the
// archive must not be inflated at all.
bool checkCentralDirectory(const ArchiveScanner& scanner, const VerifyLimits& limits,
                           const std::string& archiveName, Problems& problems);

// Where bin/include/lib sit, from the entry names; nullopt when nothing looks like cuDNN.
// `dllMajor` is the major version in the main DLL's name (cudnn64_8.dll -> 8), if any.
struct DetectedLayout {
    Layout layout;
    std::optional<int> dllMajor;
};
std::optional<DetectedLayout> detectLayout(const std::vector<ZipEntryInfo>& entries);

// missing-file for each file of the release family absent from the archive; a warning
// for each file that no release of the family has.
// `official`: the hash is NVIDIA's, so install copies the extra files too (the warning says so).
void checkCompleteness(const std::vector<ZipEntryInfo>& entries, const Layout& layout, const Version& family,
                       bool versionKnown, bool official, const std::string& archiveName, Problems& problems,
                       Problems& warnings);

// version-mismatch for every claim that disagrees with the release (weighVersionClaims: an official
// hash, else the version most evidence agrees on), naming both; returns the verdict (nullopt: no claims).
std::optional<VersionVerdict> checkVersionAgreement(const std::vector<VersionClaim>& claims,
                                                    const std::string& archiveName, Problems& problems);

// The build's own CUDA major (issue 30, rule 4): what the libraries' imports or run-time names say
// (one CudaImport per file that says, formats/cudabuild.h cudaEvidenceOf), against each other (the
// major most files name is the build's; each file of another is a mix) and against the CUDA the
// archive's name says (`nameCuda`, "13", "11.3"; empty when unknown): cuda-major-mismatch for each,
// naming both. Returns the first file that names the build's major (its witness), nullopt when no
// file names a CUDA library.
std::optional<CudaImport> checkCudaBuild(const std::vector<CudaImport>& imports, const std::string& nameCuda,
                                        const std::string& archiveName, Problems& problems);

// Authenticity from the catalog, --manifest and --sha256; adds hash-mismatch problems.
struct AuthenticityVerdict {
    Authenticity authenticity = Authenticity::Unknown;
    std::string detail;
    // From the catalog, when the hash is official, or from the --manifest entry that lists it.
    std::optional<ReleaseId> officialRelease;
    // The bytes are NVIDIA's (catalog or manifest hash): outranks every heuristic.
    bool isOfficial() const
    {
        return officialRelease && (authenticity == Authenticity::Official || authenticity == Authenticity::Manifest);
    }
};
AuthenticityVerdict checkAuthenticity(const std::string& archivePath, std::uint64_t size, const std::string& sha256,
                                      const VerifyOptions& options, Problems& problems, Problems& warnings);

}  // namespace cudnnsetup::verifycheck
