#pragma once
// ELF facts of a shared library read from its bytes as they stream past (a tarball entry
// is read once, front to back): the header, the program headers, the dynamic section and
// the DT_SONAME string. Keeps the first kHeadBytes and a few small captured ranges only,
// so a 250 MB library costs a few megabytes of memory at most.

#include <cstdint>
#include <optional>
#include <string>
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
};

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
