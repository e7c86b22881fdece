#pragma once
// `verify`: identify and fully verify a cuDNN archive, writing nothing.

#include "archive/verifyresult.h"
#include "platform/openedfile.h"

#include <memory>
#include <string>

namespace cudnnsetup {

// By name, links followed (`verify`, the wizard): opened once, then as below.
VerifyResult verifyArchive(const std::string& archivePath, const VerifyOptions& options);
// The archive already open (platform/openedfile.h): every read of it, the SHA-256 included, goes
// through `file`; its path() is only named. The install flow passes the handle it stages from.
VerifyResult verifyArchive(const std::shared_ptr<const OpenedFile>& file, const VerifyOptions& options);

}  // namespace cudnnsetup
