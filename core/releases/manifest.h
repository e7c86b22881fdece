#pragma once
// NVIDIA's redistrib_<version>.json manifests (developer.download.nvidia.com/compute/cudnn/redist/):
// per component, per platform, either {relative_path, sha256, md5, size} directly or nested by
// CUDA variant ("cuda11", "cuda12", "cuda13"). `size` is a decimal string.

#include "common/problem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace cudnnsetup {

struct ManifestEntry {
    std::string component;     // "cudnn"
    std::string version;       // the component's "version", e.g. "8.9.7.29"
    std::string platform;      // "windows-x86_64"
    std::string variant;       // "cuda12", or "" in the direct form
    std::string relativePath;  // "cudnn/windows-x86_64/cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip"
    std::string sha256;        // lowercase hex
    std::string md5;
    std::optional<std::uint64_t> size;
    std::string fileName() const;  // base name of relativePath
};

struct Manifest {
    std::string source;        // file it was read from
    std::string releaseLabel;  // "8.9.7.29"
    std::string releaseProduct;
    std::string releaseDate;
    std::vector<ManifestEntry> entries;

    // By the base name of relative_path (case-insensitive; a browser's " (1)" ignored).
    const ManifestEntry* findByFileName(std::string_view archiveName) const;
    const ManifestEntry* findBySha256(std::string_view sha256) const;
};

// Errors have code "bad-manifest" and a message naming `sourceName` and what to do.
Result<Manifest> parseManifest(std::string_view json, const std::string& sourceName);
// readError, when given, gets why the file could not be read at all (not a plain file, a link,
// missing: the elevated helper refuses those as missing-file), or stays clear.
Result<Manifest> readManifestFile(const std::string& path, std::error_code* readError = nullptr);

}  // namespace cudnnsetup
