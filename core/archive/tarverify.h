#pragma once
// `verify` for a Linux tarball (.tar.xz, .tgz): the same VerifyResult as for a zip.
// verifyArchive() calls it for files that start with the xz or gzip magic.

#include "archive/verifyresult.h"

#include <string>

namespace cudnnsetup {

VerifyResult verifyTarball(const OpenedFile& archive, const VerifyOptions& options);
bool looksLikeTarballName(const std::string& name);
// The file starts with the xz or gzip magic (what NVIDIA's .tar.xz / .tgz do).
bool looksLikeTarballFile(const OpenedFile& file);
bool looksLikeTarballFile(const std::string& path);

}  // namespace cudnnsetup
