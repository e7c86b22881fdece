#pragma once
// A redist tree like NVIDIA's for the CLI tests (download, apply): redistrib_<label>.json beside
// cudnn/<platform>/<archive>, the archive a generated Linux release (fixtures/tarbuilder.h).
#include "fixtures/tarbuilder.h"

#include <QString>

// The archive's path (empty on failure); *sha its SHA-256.
QString writeRelease(const QString& root, const cudnnsetup::fixtures::LinuxReleaseSpec& spec,
                     cudnnsetup::fixtures::TarCompression compression, QString* sha);
