#pragma once
// What `verify` reports (VerifyResult) and is asked (VerifyOptions): the types the zip verifier
// (verifier.h), the tarball verifier (tarverify.h) and their shared checks (verifychecks.h) use,
// apart from both so that neither includes the other.

#include "archive/archivescanner.h"
#include "common/problem.h"
#include "common/progress.h"
#include "releases/manifest.h"
#include "releases/releases.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

enum class Authenticity { Official, Manifest, User, Unknown, Mismatch };
std::string_view toString(Authenticity a);  // "official", "manifest", "user", "unknown", "mismatch"

struct VerifiedEntry {
    std::string path;           // normalised entry name ("cuda/bin/cudnn64_8.dll")
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
    FileKind kind = FileKind::Other;
    std::optional<std::string> version;  // DLL FileVersion / soname version
    std::optional<std::string> linkTarget;  // tarballs: a symbolic link and where it points
    std::uint32_t mode = 0;                 // tarballs: permission bits as stored
};

// Limits on what the central directory may declare, checked before anything is inflated
// (a real cuDNN zip: < 100 entries, largest file ~2.2 GB in 9.27 and growing, no file better than
// ~10:1). The sizes leave room for DLLs past 4 GiB (zip64); the ratio is what stops a bomb.
struct VerifyLimits {
    std::uint64_t maxEntries = 10000;
    std::uint64_t maxEntrySize = 16ull << 30;    // declared uncompressed size of one entry
    std::uint64_t maxTotalSize = 32ull << 30;    // sum of declared uncompressed sizes
    std::uint64_t maxRatio = 100;                // uncompressed : compressed, per entry ...
    std::uint64_t ratioFloor = 1ull << 20;       // ... for entries declaring at least this many bytes
};

struct VerifyOptions {
    std::optional<std::string> sha256;        // --sha256
    std::optional<std::string> manifestPath;  // --manifest
    // The manifest as read (or refused) once, through one bounded handle: the elevated helper reads
    // it while it checks its request and hands it here, so no later step opens the name again
    // (issue 29). Empty: verifyArchive reads manifestPath once itself, for all its checks.
    std::shared_ptr<const Result<Manifest>> manifestRead;
    ProgressSink* progress = nullptr;
    const CancelToken* cancel = nullptr;
    VerifyLimits limits;
    unsigned threads = 0;                     // scanner workers; 0: one per core
    // A tee: asked once per entry that is inflated (never for a hostile archive, a
    // directory or a link); the consumer it returns receives the same inflated bytes, from
    // the same read that is hashed and CRC-checked, then finish(intact). Install stages
    // files with it. A tee that fails (returns false) is not fed again but does not stop
    // the verification. Called from the scanner's threads.
    // Tarballs (archive/tarverify.h) too: each regular file's header as a ZipEntryInfo (name,
    // declared size; crc32 0: a tar header has none), before any later entry is known. A hostile
    // entry later in the tarball fails the verification; whatever was consumed until then is the
    // caller's to throw away (install removes its work folder).
    std::function<std::unique_ptr<EntryConsumer>(const ZipEntryInfo&)> alsoConsume;
};

// Feeds one entry's bytes to `own` (may be null) and to `tee`; a failing tee is not fed again
// and does not stop `own` (the verification).
std::unique_ptr<EntryConsumer> teeConsumer(std::unique_ptr<EntryConsumer> own, std::unique_ptr<EntryConsumer> tee);

struct ReleaseId {
    Version cudnn;
    std::string cuda;      // "11.3", "12"; empty when unknown (JSON null)
    std::string platform;  // "windows-x86_64"
};

struct VerifyResult {
    std::string archive;   // path as given
    std::uint64_t size = 0;
    std::string sha256;
    Authenticity authenticity = Authenticity::Unknown;
    std::string authenticityDetail;  // "official: cuDNN 8.2.0.53 for CUDA 11.3", manifest file, ...
    std::optional<ReleaseId> release;
    std::optional<Layout> layout;
    std::vector<VerifiedEntry> entries;
    Problems problems;
    Problems warnings;
    bool cancelled = false;
    // false: the SHA-256 is official (catalog or manifest), so no entry was inflated for its CRC-32;
    // the structure, the names and each DLL's headers were checked (JSON "crc_checked").
    bool crcChecked = true;
    // The CUDA major this build is for (issue 30, rule 4; the planner refuses another toolkit's):
    // the official catalog's (or manifest's) when the hash is NVIDIA's, else what the DLLs import
    // (cublasLt64_12.dll), else the archive's name; nullopt when nothing says (JSON "build_cuda").
    std::optional<int> buildCudaMajor;
    // "catalog", "manifest", "imports", "library strings" (named for loading at run time, as detect
    // says too: formats/cudabuild.h), "name"
    std::string buildCudaSource;
    bool ok() const { return problems.empty() && !cancelled; }
};

nlohmann::json toJson(const VerifyResult& r);  // the contract's verify document

}  // namespace cudnnsetup
