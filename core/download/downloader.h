#pragma once
// Downloads one archive the way a download manager does, and verifies it before its final name
// exists (issue 26):
//  - the body goes to "<name>.part" beside the final name, with "<name>.part.json" holding what a
//    resume needs (URL, expected size and SHA-256, ETag / Last-Modified); one process at a time
//    writes a .part (partfile.h);
//  - a dropped connection is retried with backoff and resumed with Range + If-Range where the
//    server allows it, from zero where it does not (a 200 to a ranged request, a changed file);
//    Retry-After is honoured; redirects are followed to https:// only;
//  - free disk space is checked first; a cancel keeps the .part for a later resume;
//  - the size and the SHA-256 computed over the bytes as they arrive must equal the manifest's and
//    the built-in catalog's where it knows the file (a disagreement between the two is refused
//    before anything is fetched); a mismatch deletes the .part and says which URL gave what.
// The client is any HttpClient: the platform's (libcurl / WinHTTP) or a mirror folder's.
#include "common/problem.h"
#include "common/progress.h"
#include "download/httpclient.h"
#include "releases/catalog.h"
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace cudnnsetup {

struct DownloadItem {
    std::string url;       // where the archive is (https://…, or a mirror folder's path)
    std::string fileName;  // the final name, in DownloadSettings::folder
    std::uint64_t size = 0;
    std::string sha256;    // lowercase hex
    std::string manifest;  // which manifest gave size and hash (for messages)
};

struct DownloadSettings {
    std::string folder;
    ProgressSink* progress = nullptr;     // done/total in bytes; onStage("download")
    const CancelToken* cancel = nullptr;
    int attempts = 6;                                 // exchanges in all, retries included
    std::chrono::milliseconds backoff{1000};          // before the first retry, doubled up to 30 s
    long longestRetryAfterSeconds = 300;              // a server asking for more is an error
    std::function<void(const std::string&)> log;      // one line per event (retries, resumes)
    const Catalog* catalog = nullptr;                 // default: Catalog::builtin()
};

struct Downloaded {
    std::string path;               // the verified file, under its final name
    bool alreadyThere = false;      // it was there and verified: nothing was fetched
    std::uint64_t resumedFrom = 0;  // bytes a .part already had when this run started
    int exchanges = 0;              // requests made (1 when nothing went wrong)
};

// The catalog's word on the item: Error "manifest-catalog-disagree" naming both when the catalog
// knows the file by name with another SHA-256 or size; nothing otherwise.
std::optional<Error> crossCheckCatalog(const DownloadItem& item, const Catalog& catalog);

// The size of the file at `url` as its server gives it (Content-Length of a 200), redirects to
// https:// followed, no body read: for a release before 8.5, whose catalog row may have no size.
// Only the transfer uses it (space, progress, resume); the file is still judged by its SHA-256.
Result<std::uint64_t> remoteSize(HttpClient& client, const std::string& url);

Result<Downloaded> downloadArchive(HttpClient& client, const DownloadItem& item, const DownloadSettings& settings);

// The side file a resume needs ("<part>.json").
std::string partSidecarPath(const std::string& partPath);

}  // namespace cudnnsetup
