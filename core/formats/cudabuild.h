#pragma once
// A cuDNN build's own CUDA major, one rule for verify, the install planner and detect: the CUDA
// libraries its DLLs and shared libraries import (cublasLt64_12.dll, DT_NEEDED libcublas.so.11)
// or name for loading at run time (cuDNN 9 has "libcublasLt.so.13" in its .rodata and loads it
// with dlopen / LoadLibraryA) say which CUDA it was compiled against, whatever the release's
// support matrix or the archive's name claims (issue 30, rule 4; docs/verify.md).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

// The bytes of one file's read-only data searched for names at most (verify and detect alike: a
// cuDNN 9 .rodata is 1-4 MiB; the names sit in it).
constexpr std::uint64_t kCudaNameScanLimit = 32ull << 20;

// The CUDA major one CUDA library name spells, the whole string being the name: cublas64_11.dll and
// cublasLt64_12.dll name the major, cudart64_110.dll and nvrtc64_120_0.dll (10.x/11.x, NVRTC) major
// and minor; libcublasLt.so.12, libcudart.so.11.0 and libnvrtc.so.13 the major first. Only cuBLAS,
// cuBLASLt, the CUDA runtime and NVRTC: their numbers follow the CUDA major (cuFFT's cufft64_11.dll
// ships with CUDA 12). nullopt for any other name (cudnn64_9.dll, libcuda.so.1, cublasLt64_%d.dll).
std::optional<int> cudaMajorOfImport(std::string_view libraryName);

// The major of a CUDA version as a release or archive name writes it: "11.3" -> 11, "12" -> 12.
std::optional<int> cudaMajorOfText(std::string_view cuda);

// The CUDA major a set of CUDA library names agrees on; nullopt when there are none or they name
// more than one major. NVIDIA's files name only their own major (the real 9.19 CUDA 13
// libcudnn_engines_precompiled.so.9 names libcublasLt.so.13 and libnvrtc.so.13 and nothing else),
// so names of two majors in one file are not NVIDIA's shape; but a loader that tries one major
// after another is a legitimate design, so such a file says nothing about its build rather than
// getting an archive refused on a guess (the other files and the name still decide).
std::optional<int> cudaMajorFromNames(const std::vector<std::string>& names);

// Finds CUDA library names (see cudaMajorOfImport) in a binary's bytes as they stream past, in
// chunks of any size: a name split across chunks is found, and memory stays bounded (one block,
// the bytes of a name that may continue, at most kMaxNames names). A name counts only where it
// stands alone: no letter, digit or '_' before it, none of those nor '.' or '-' after it, so
// "mycublas64_12.dll", "cublasLt64_12.dll.bak" and prose such as "nvrtc 12.8" are not names.
// Windows names match case-insensitively (the loader folds case), Linux names exactly.
class CudaNameScanner {
public:
    static constexpr std::size_t kMaxNameLength = 40;  // "libcublasLt.so.12.9.1.4" and longer, none near it
    static constexpr std::size_t kMaxNames = 32;
    static constexpr std::size_t kBlock = 64 * 1024;

    void feed(const std::uint8_t* data, std::size_t size);
    // Bytes not shown (outside the range scanned): what came before cannot continue into what follows.
    void gap();
    // The end of the bytes: a name at the very end counts. Idempotent; feed() after it starts afresh.
    void finish();
    const std::set<std::string>& names() const { return m_names; }
    std::vector<std::string> nameList() const { return {m_names.begin(), m_names.end()}; }

private:
    void scan(bool atEnd);
    std::string m_buffer;     // carried bytes (a name's start and the byte before it) + the current block
    std::size_t m_from = 0;   // first position in m_buffer not yet decided
    std::set<std::string> m_names;
};

// One file's evidence of the CUDA major, for messages ("cudnn_ops64_9.dll imports cublasLt64_12.dll").
struct CudaImport {
    int major = 0;
    std::string file;     // the cuDNN DLL or shared library (entry name)
    std::string import;   // the CUDA library as the file spells it
    bool byName = false;  // named in its data for loading at run time, not in its import table / DT_NEEDED
};

// One file's CUDA evidence: its imports first (the loader needs them, whatever else the file says),
// else the names in its data when they agree on one major. nullopt when neither says.
std::optional<CudaImport> cudaEvidenceOf(const std::string& file, const std::vector<std::string>& imports,
                                         const std::vector<std::string>& namesInData);

// Names of CUDA libraries an installed binary loads at run time by name (libcublasLt.so.13,
// libnvrtc.so.13, cublasLt64_12.dll, nvrtc64_120_0.dll), found in its read-only data: the ELF
// .rodata / PE .rdata section the file's section table names (formats/elfreader.h,
// formats/pereader.h), else the first bytes; never more than `limit` bytes of one file. The same
// scanner verify feeds from an archive, so detect and verify read a build the same way.
std::vector<std::string> cudaLibraryNames(const std::string& path, std::uint64_t limit = kCudaNameScanLimit,
                                          std::uint64_t* bytesRead = nullptr);

}  // namespace cudnnsetup
