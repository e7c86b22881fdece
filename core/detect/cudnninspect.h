#pragma once
// What cuDNN a toolkit holds: header version, every library with its own version, and
// completeness against the release's file set. Reads headers only, never hashes.

#include "detect/model.h"

namespace cudnnsetup {

// Fills tk.cudnn (files, version, complete, problems: missing-file, zero-size,
// version-mismatch, wrong-architecture). tk.layout / binDirs / libDir must be set.
void inspectCudnn(Toolkit& tk);

// "libcudnn_ops.so.9.19.0" -> "9.19.0", "libcudnn.so.9" -> "9", "libcudnn.so" -> nullopt.
std::optional<std::string> sonameVersion(const std::string& fileName);

// Sub-library base names a Linux release has (libcudnn, libcudnn_ops, ...).
std::vector<std::string> linuxLibraryNames(const Version& cudnn);

}  // namespace cudnnsetup
