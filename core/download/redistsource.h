#pragma once
// Where cuDNN comes from: NVIDIA's public redist tree, an organisation's HTTPS mirror of it, or a
// folder (a file share) laid out the same way: the index (a listing of redistrib_<label>.json),
// the manifests, and the archives at their manifests' relative paths. One source answers all three
// through one HttpClient, so a mirror is verified exactly as NVIDIA's tree is.
#include "common/problem.h"
#include "download/chooser.h"
#include "download/httpclient.h"
#include "releases/catalog.h"
#include "releases/manifest.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

inline constexpr char kNvidiaRedist[] = "https://developer.download.nvidia.com/compute/cudnn/redist/";

class RedistSource {
public:
    // where: "" (NVIDIA's tree), an https:// address, or a folder. Error "insecure-url" for any
    // other address (http://, ftp://), "io-error" for a folder that is not there.
    static Result<std::unique_ptr<RedistSource>> open(const std::string& where, const HttpOptions& options);
    // For tests and the wizard: a source over a client of the caller's.
    RedistSource(std::string base, bool folder, std::unique_ptr<HttpClient> client);

    const std::string& base() const { return m_base; }
    bool isFolder() const { return m_folder; }
    bool isNvidia() const { return m_base == kNvidiaRedist; }
    // The catalog the source falls back on (its labels, releases before 8.5); default the built-in one.
    const Catalog& catalog() const { return m_catalog ? *m_catalog : Catalog::builtin(); }
    void setCatalog(const Catalog* catalog) { m_catalog = catalog; }
    HttpClient& client() { return *m_client; }
    // The URL (or path) of a file at a manifest's relative path ("" is the tree itself, its index);
    // Error "bad-manifest" for a path that would leave the tree (absolute, "..", a drive or a scheme).
    Result<std::string> locate(const std::string& relativePath) const;

    // The labels the tree offers, newest first (its index listing). When the index cannot be read
    // or lists none, the releases of 8.5 and later the built-in catalog knows, and fromCatalog is set.
    Result<std::vector<std::string>> labels(bool& fromCatalog);
    Result<Manifest> manifest(const std::string& label);

private:
    // A small text file (index, manifest), redirects followed to https:// only.
    Result<std::string> fetchText(const std::string& relativePath);

    std::string m_base;  // ends with '/' (a folder: its path, with '/')
    bool m_folder = false;
    std::unique_ptr<HttpClient> m_client;
    const Catalog* m_catalog = nullptr;
};

// The labels of the releases the catalog knows from 8.5 on, newest first, in the redist tree's
// naming: 9.x by major.minor.patch, 8.x with the build number too.
std::vector<std::string> catalogLabels(const Catalog& catalog);

struct SourceChoice {
    Choice choice;
    Manifest manifest;            // the one the choice came from
    bool labelsFromCatalog = false;
    // A release before 8.5 from NVIDIA's tree: the file's public address in NVIDIA's older tree (the
    // catalog's), used instead of the entry's relative path. Empty otherwise.
    std::string url;
};

// Releases before 8.5 have no manifest in NVIDIA's tree: the catalog's rows for the platform that
// carry a public address stand in for one (source "cudnn-setup's catalog"), each at the relative
// path "legacy/<file>" (where a mirror keeps them), with the catalog's SHA-256 and size, if known.
Manifest legacyManifest(const Catalog& catalog, const std::string& platform);

// The newest archive of the source that fits the request: the manifests newest first (only those
// of the release asked for, when one is), the first that yields a choice wins; for a release before
// 8.5 asked for by name, or from NVIDIA's tree when no manifest yields one, the catalog's releases
// before 8.5 (legacyManifest). A refusal of the
// newest manifest is returned when none yields one (driver-too-old at once: no release helps).
// log: one line per manifest read or passed over.
Result<SourceChoice> chooseFromSource(RedistSource& source, const ChoiceRequest& request, const CompatRules& rules,
                                      const std::function<void(const std::string&)>& log = {});

}  // namespace cudnnsetup
