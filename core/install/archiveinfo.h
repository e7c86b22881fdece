#pragma once
// The verified archive as the plan sees it: entries mapped into the toolkit.

#include "archive/verifier.h"
#include "install/plan.h"
#include "releases/releases.h"

namespace cudnnsetup {

ArchiveFolders foldersOf(const Layout& layout);

// From a verify result (release and layout identified): every entry under bin,
// include and lib mapped into the toolkit; the rest listed as not placed.
ArchiveInfo archiveInfoFrom(const VerifyResult& verified);

// The same from the central directory alone (no verification, no hashing of the
// data): used by the elevated helper to re-check that a plan matches the archive.
Result<ArchiveInfo> describeArchive(const std::string& path, const Layout& layout);

}  // namespace cudnnsetup
