#pragma once
// The one reader of ELF shared libraries, in two forms over the same parsing: as bytes stream
// past (ElfStreamReader: a tarball entry is read once, front to back; the first kHeadBytes and a
// few small captured ranges are kept, so a 250 MB library costs a few megabytes of memory at
// most) and from an installed file (readElfFile: seeks to the headers, the dynamic section, its
// strings and the section table only, a few kilobytes of I/O whatever the size).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudnnsetup {

struct ElfFacts {
    bool isElf = false;
    bool is64 = false;
    bool littleEndian = false;
    std::uint16_t type = 0;      // 3 = ET_DYN
    std::uint16_t machine = 0;   // 62 = x86-64, 183 = AArch64
    std::optional<std::string> soname;
    std::string error;           // why the SONAME could not be read, when it could not
    // readElfFile only (a stream keeps no more than the SONAME):
    std::vector<std::string> needed;  // DT_NEEDED names, in order (at most 256)
    // DT_RPATH / DT_RUNPATH, split on ':' as written ($ORIGIN not expanded; detect/copies.h loaderOrderFor).
    std::vector<std::string> rpath, runpath;
    bool hasRunpath = false;  // a DT_RUNPATH entry exists (then glibc ignores DT_RPATH)
    // The file range [first, second) of the .rodata section (string literals, such as the
    // "libcublasLt.so.13" a library loads by name), from the section table.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyData;
};

// An installed library's facts, read with seeks (never the whole file). Not ELF, or a file that
// cannot be read: isElf false.
ElfFacts readElfFile(const std::string& path);

// "x86-64", "AArch64", "i386", "machine 0x..".
std::string elfMachineName(std::uint16_t machine);

class ElfStreamReader {
public:
    static constexpr std::size_t kHeadBytes = 4u << 20;
    void feed(const std::uint8_t* data, std::size_t size);
    ElfFacts finish();

private:
    struct Capture {
        std::uint64_t offset = 0, length = 0;
        std::vector<std::uint8_t> bytes;
        bool done() const { return bytes.size() == length; }
    };
    void parseHead();
    void parseDynamic(const std::vector<std::uint8_t>& dyn);
    bool readAt(std::uint64_t offset, std::size_t length, std::vector<std::uint8_t>& out) const;
    void copyInto(Capture& c, const std::uint8_t* data, std::size_t size, std::uint64_t at);

    std::uint64_t m_pos = 0;
    std::vector<std::uint8_t> m_head;
    bool m_headParsed = false;
    ElfFacts m_facts;
    std::uint64_t m_phoff = 0;
    std::uint16_t m_phentsize = 0, m_phnum = 0;
    std::vector<std::uint64_t> m_loads;  // vaddr, offset, filesz triples
    std::optional<Capture> m_dynamic, m_soname;
    bool m_dynamicParsed = false;
};

}  // namespace cudnnsetup
