#pragma once
// A mirror folder (a file share, a USB disk) laid out like NVIDIA's redist tree, read through the
// same HttpClient interface as a server, so that a folder's archive goes through the very same
// downloader: the .part, the resume, the size and SHA-256 checks. The "URL" is the file's path;
// a missing file answers 404. No link is followed out of the folder: paths come from the
// source (redistsource.h), which refuses relative paths that leave it.
#include "download/httpclient.h"
#include <memory>

namespace cudnnsetup {

std::unique_ptr<HttpClient> makeFolderClient();

}  // namespace cudnnsetup
