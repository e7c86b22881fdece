#pragma once
// A small, bounds-checked reader of PE images: machine, optional-header magic, the
// VS_VERSIONINFO FileVersion and FileDescription from the resource section and the names of the
// imported DLLs. It works on a byte span and never reads outside it, whatever the file claims
// (hostile input is expected).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cudnnsetup {

struct PeInfo {
    bool isPe = false;              // "MZ" + e_lfanew -> "PE\0\0"
    std::uint16_t machine = 0;      // 0x8664 x64, 0x14c i386, 0xAA64 arm64
    std::uint16_t optionalMagic = 0;  // 0x20B PE32+, 0x10B PE32
    bool isDll = false;             // IMAGE_FILE_DLL characteristic
    std::optional<std::string> fileVersion;  // "8.2.0.53" from VS_FIXEDFILEINFO (dwFileVersionMS/LS)
    // The StringFileInfo's FileDescription (first string table that has one), as UTF-8, at most 512
    // UTF-16 units: "NVIDIA CUDA Deep Neural Network Library 8.2.0.53" or whatever the vendor wrote.
    std::optional<std::string> fileDescription;
    // The DLL names of the import directory ("cublasLt64_11.dll"), as written. importsRead: the
    // table was read to its end (an image without one has none); false when it could not be
    // (a stream keeps only headers and resources, or the table is damaged).
    std::vector<std::string> imports;
    bool importsRead = false;
    std::string error;              // why parsing stopped early, if it did
    // The .rdata section as (file offset, size): where MSVC puts string literals, such as the
    // "cublasLt64_12.dll" cuDNN 9 loads by name (formats/cudabuild.h). nullopt: no such section.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyData;
    // Where the sections' raw data ends by the image's own section table, and how many bytes the
    // image has: one shorter than its table says is cut short (a copy or download that stopped).
    // Both 0 when the headers were not read (and for a stream).
    std::uint64_t rawEnd = 0;
    std::uint64_t bytes = 0;
    // The certificate table (data directory 4, the "security directory") as (file offset, size):
    // where an Authenticode signature (WIN_CERTIFICATE records) lies; its address is a file offset,
    // not an RVA. nullopt: the entry is empty (an unsigned image) or does not lie inside the file.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> certificateTable;
    bool isX64() const { return isPe && machine == 0x8664 && optionalMagic == 0x20B; }
    bool truncated() const { return isPe && rawEnd > bytes; }
};

// `image` is the whole file (DLL resources can sit anywhere in it).
PeInfo readPe(std::span<const std::uint8_t> image);
PeInfo readPeFile(const std::string& path, std::uint64_t maxBytes = 1ull << 31);

// Reads a PE image that arrives as a stream (an entry being inflated) while keeping only the
// headers, the resource section and the import directory with its DLL names: memory stays
// bounded by the limits below, whatever the size. The imports are what tell a build's own CUDA
// major (cublasLt64_12.dll), so verify must see them too, not only detect.
class PeStreamReader {
public:
    static constexpr std::size_t kHeadLimit = 64 * 1024;          // DOS + PE headers + section table
    static constexpr std::size_t kResourceLimit = 16 * 1024 * 1024;  // .rsrc bytes kept at most
    static constexpr std::size_t kImportLimit = 64 * 1024;        // import descriptors kept at most
    static constexpr std::size_t kImportNames = 256;              // DLL names captured at most
    void feed(const std::uint8_t* data, std::size_t size);
    // Whether feed() would keep any of the bytes [offset, offset + size) of the image: false only
    // once the headers are read and the range misses them, the resource section, the import
    // descriptors and their names. Bytes it does not need may be passed over with skip(size)
    // instead of feed().
    bool needs(std::uint64_t offset, std::uint64_t size) const;
    void skip(std::uint64_t size);
    PeInfo finish() const;
    // The file range [first, second) of the .rdata section (where MSVC puts string literals, such as
    // the "cublasLt64_12.dll" cuDNN 9 loads by name), once the section table has streamed past;
    // nullopt before that and for an image without one. The reader itself keeps none of it.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyData() const { return m_readOnlyData; }
    bool headersRead() const { return m_planned; }

    // A range of the image kept while it streams past (internal; public for the parser's source).
    struct Window {
        std::uint64_t begin = 0, end = 0;  // file offsets
        std::vector<std::uint8_t> bytes;   // [begin, begin + bytes.size()) captured so far
    };

private:
    void planCaptures();     // once the headers are read: the resources and the import descriptors
    void planImportNames();  // once the descriptors are read: each DLL name they point at
    void addWindow(std::uint64_t begin, std::uint64_t end);
    std::vector<std::uint8_t> m_head;
    std::vector<Window> m_windows;
    std::optional<std::size_t> m_descriptors;  // the window whose names are not planned yet
    bool m_planned = false;
    std::uint64_t m_total = 0;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> m_readOnlyData;
};

}  // namespace cudnnsetup
