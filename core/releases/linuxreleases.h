#pragma once
// What a cuDNN Linux tarball contains, per release family, and where. Kept apart from the
// Windows table (releases.h) so that each can follow its own sources. Sources, from
// ../shared/reference/cudnn-facts.md §1c: 8.0-8.2 .tgz with cuda/include and cuda/lib64 and
// NVIDIA_SLA_cuDNN_Support.txt (Yggdrasil common.jl, conda-forge 7548196); 8.3.1 and up
// .tar.xz with cudnn-linux-<arch>-<ver>_cuda<X>-archive/{include,lib} and LICENSE
// (conda-forge 14f3b2d); the libcudnn.so -> .so.<major> -> .so.<major.minor.patch> chain
// for every library (conda-forge HEAD tests); 9.x libraries libcudnn{,_adv,_cnn,
// _engines_precompiled,_engines_runtime_compiled,_graph,_heuristic,_ops} (conda-forge HEAD).

#include "releases/releases.h"

#include <string>
#include <vector>

namespace cudnnsetup {

struct LinuxFileSet {
    // Library stems ("libcudnn", "libcudnn_adv"): each ships as <stem>.so.<M.m.p> (the file)
    // with the links <stem>.so.<M> and <stem>.so.
    std::vector<std::string> libraries;
    std::vector<std::string> headers;  // in include/ (the _v<M>.h copies are optional)
    std::string license;               // at the root
};

LinuxFileSet linuxFileSet(const Version& cudnn);
// cuda/ with lib64 before 8.3.1; the -archive/ folder with lib from 8.3.1.
Layout linuxLayoutFor(const Version& cudnn, std::string_view rootFolder);
// "cudnn-11.3-linux-x64-v8.2.0.53.tgz" before 8.3.1, else
// "cudnn-linux-<arch>-<ver>_cuda<X>-archive.tar.xz" (arch "x86_64" or "sbsa").
std::string officialLinuxArchiveName(const Version& cudnn, std::string_view cuda, std::string_view arch = "x86_64");
// The ELF machine the libraries of a platform must have (62 x86-64, 183 AArch64).
std::uint16_t elfMachineFor(std::string_view platform);

}  // namespace cudnnsetup
