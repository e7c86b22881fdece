#pragma once
// What cuDNN a toolkit holds: header version, every library with its own version, and
// completeness against the release's file set. Reads headers only, never hashes.

#include "detect/model.h"

namespace cudnnsetup {

// Fills tk.cudnn (files, version, complete, problems: missing-file, zero-size,
// version-mismatch, wrong-architecture). tk.layout / binDirs / libDir must be set.
void inspectCudnn(Toolkit& tk);
// The same with the headers in `includeDir` rather than <tk.path>/include: a variant folder set of
// NVIDIA's installer (include\<cuda>), which `use --toolkit` checks with detect's own reasoning
// (zero-size, damaged-file, version-mismatch, missing-file) before copying it anywhere.
void inspectCudnn(Toolkit& tk, const std::string& includeDir);

// A Windows cuDNN DLL that is no library at all, by the rule inspectCudnn reports "damaged-file"
// with (all zeros where its headers must be, shorter than its own headers say, not a DLL): why;
// nullopt for a sound one (another architecture included) and for a zero-byte or missing file.
// install's repair of an NVIDIA root decides with it which of NVIDIA's files to restore.
std::optional<std::string> libraryDamage(const std::string& path);

// "libcudnn_ops.so.9.19.0" -> "9.19.0", "libcudnn.so.9" -> "9", "libcudnn.so" -> nullopt.
std::optional<std::string> sonameVersion(const std::string& fileName);

// The CUDA major a cuDNN build links against, from the CUDA libraries its libraries import (PE
// import table, ELF DT_NEEDED): cublas64_11.dll, cublasLt64_12.dll, cudart64_110.dll (10.x/11.x
// spell major+minor), libcublas.so.11 (formats/cudabuild.h cudaMajorOfImport, verify's rule).
// nullopt when none is imported (cuDNN 9 loads cuBLAS at run time) or the imports disagree.
std::optional<int> cudaMajorFromImports(const std::vector<InstalledFile>& files);

// The CUDA libraries the cuDNN libraries name for run-time loading (bounded scan of each file's
// read-only data, see cudaLibraryNames), sorted, each once.
std::vector<std::string> cudaLibraryNamesOf(const std::vector<InstalledFile>& files);

// Sub-library base names a Linux release has (libcudnn, libcudnn_ops, ...).
std::vector<std::string> linuxLibraryNames(const Version& cudnn);

}  // namespace cudnnsetup
