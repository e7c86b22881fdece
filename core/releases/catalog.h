#pragma once
// The official cuDNN archives known by hash (resources/catalog.json, compiled in).

#include "common/problem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

struct CatalogEntry {
    std::string file;       // official archive name
    std::string cudnn;      // "8.2.0.53"
    std::string cuda;       // "11.3", "12"
    std::string platform;   // "windows-x86_64", "linux-x86_64"
    std::string sha256;     // lowercase hex
    std::optional<std::uint64_t> size;
    std::string source;     // where the hash comes from
    // Before 8.5 (no manifest in NVIDIA's tree): the public address of the file in NVIDIA's older
    // tree (resources/catalog/legacy_urls.tsv); "" from 8.5 on, where the manifests say where.
    std::string url;
};

class Catalog {
public:
    // The catalog compiled into the binary (parsed once; aborts the test suite, not users,
    // if the embedded file were ever malformed: tst_catalog parses it).
    static const Catalog& builtin();
    static Result<Catalog> parse(std::string_view json);

    const std::vector<CatalogEntry>& entries() const { return m_entries; }
    const CatalogEntry* findBySha256(std::string_view sha256) const;     // case-insensitive hex
    // By official file name (base name, case-insensitive; a browser's " (1)" suffix ignored).
    const CatalogEntry* findByFileName(std::string_view fileName) const;

private:
    std::vector<CatalogEntry> m_entries;
};

// The file name of a path, lowercase, without a browser's " (1)" copy suffix:
// "C:\Downloads\cudnn-...zip" or "dir/cudnn-... (1).zip" -> "cudnn-...zip".
std::string comparableArchiveName(std::string_view path);

// Lowercase, trimmed; empty when `text` is not exactly 64 hex digits.
std::string normalizeSha256(std::string_view text);

}  // namespace cudnnsetup
