#include "formats/elfreader.h"

#include "common/bytes.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace cudnnsetup {

namespace {

constexpr std::uint64_t kMaxDynamic = 1u << 20;
constexpr std::size_t kMaxSoname = 256;
constexpr std::size_t kMaxNeeded = 256;
constexpr std::size_t kMaxSearchPath = 4096;

// The fields of the 64-byte ELF header both forms read further.
struct Head {
    std::uint64_t phoff = 0, shoff = 0;
    std::uint16_t phentsize = 0, phnum = 0, shentsize = 0, shnum = 0, shstrndx = 0;
};

// Fills facts from the header; false when nothing more can be read (not ELF, not 64-bit
// little-endian, no program headers), with facts.error saying why where there is a why.
bool parseHeader(const std::uint8_t* h, ElfFacts& facts, Head& head)
{
    facts.isElf = std::memcmp(h, "\x7f" "ELF", 4) == 0;
    if (!facts.isElf)
        return false;
    facts.is64 = h[4] == 2;
    facts.littleEndian = h[5] == 1;
    if (!facts.is64 || !facts.littleEndian) {
        facts.machine = facts.littleEndian ? le16(h + 18) : std::uint16_t((h[18] << 8) | h[19]);
        return false;
    }
    facts.type = le16(h + 16);
    facts.machine = le16(h + 18);
    head.phoff = le64(h + 32);
    head.shoff = le64(h + 40);
    head.phentsize = le16(h + 54);
    head.phnum = le16(h + 56);
    head.shentsize = le16(h + 58);
    head.shnum = le16(h + 60);
    head.shstrndx = le16(h + 62);
    if (head.phentsize < 56 || head.phnum == 0 || head.phnum > 512) {
        facts.error = "no program headers";
        return false;
    }
    return true;
}

// PT_DYNAMIC gives the dynamic section; the PT_LOAD segments map addresses to file offsets.
struct Segments {
    std::vector<std::uint64_t> loads;  // vaddr, offset, filesz triples
    std::uint64_t dynOff = 0, dynSize = 0;
};

Segments parseProgramHeaders(const std::uint8_t* ph, const Head& head)
{
    Segments s;
    for (std::size_t i = 0; i < head.phnum; ++i) {
        const std::uint8_t* p = ph + i * head.phentsize;
        const std::uint32_t type = le32(p);
        if (type == 2) {
            s.dynOff = le64(p + 8);
            s.dynSize = le64(p + 32);
        } else if (type == 1) {
            s.loads.insert(s.loads.end(), {le64(p + 16), le64(p + 8), le64(p + 32)});
        }
    }
    return s;
}

struct DynamicTags {
    std::optional<std::uint64_t> strtab, soname, rpath, runpath;
    std::vector<std::uint64_t> needed;
};

DynamicTags parseDynamicTags(const std::uint8_t* dyn, std::size_t size)
{
    DynamicTags t;
    for (std::size_t i = 0; i + 16 <= size; i += 16) {
        const std::uint64_t tag = le64(dyn + i), val = le64(dyn + i + 8);
        if (tag == 0)
            break;
        if (tag == 5)
            t.strtab = val;
        else if (tag == 14)
            t.soname = val;
        else if (tag == 1 && t.needed.size() < kMaxNeeded)
            t.needed.push_back(val);
        else if (tag == 15)  // DT_RPATH
            t.rpath = val;
        else if (tag == 29)  // DT_RUNPATH
            t.runpath = val;
    }
    return t;
}

// The file offset of an address inside a loaded segment.
std::optional<std::uint64_t> fileOffsetOf(std::uint64_t vaddr, const std::vector<std::uint64_t>& loads)
{
    for (std::size_t i = 0; i + 3 <= loads.size(); i += 3)
        if (vaddr >= loads[i] && vaddr < loads[i] + loads[i + 2])
            return loads[i + 1] + (vaddr - loads[i]);
    return std::nullopt;
}

std::vector<std::string> splitSearchPath(const std::string& list)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(':', start), list.size());
        if (end > start)
            out.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

// Reads [offset, offset + length) of a file; a read cut short at the end keeps what there was.
class FileBytes {
public:
    explicit FileBytes(const std::string& path) : m_in(path, std::ios::binary) {}
    bool isOpen() const { return static_cast<bool>(m_in); }
    std::size_t read(std::uint64_t offset, std::size_t length, std::vector<std::uint8_t>& out)
    {
        out.resize(length);
        m_in.clear();
        m_in.seekg(static_cast<std::streamoff>(offset));
        m_in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(length));
        const auto got = static_cast<std::size_t>(std::max<std::streamsize>(0, m_in.gcount()));
        out.resize(got);
        return got;
    }
    bool readAll(std::uint64_t offset, std::size_t length, std::vector<std::uint8_t>& out)
    {
        return read(offset, length, out) == length;
    }
    std::optional<std::string> string(std::uint64_t offset, std::size_t limit)
    {
        std::vector<std::uint8_t> bytes;
        read(offset, limit, bytes);
        const auto end = std::find(bytes.begin(), bytes.end(), std::uint8_t(0));
        if (end == bytes.end())
            return std::nullopt;
        return std::string(bytes.begin(), end);
    }

private:
    std::ifstream m_in;
};

// The .rodata section's file range, from the section table and its names.
std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyDataOf(FileBytes& file, const Head& head)
{
    if (head.shoff == 0 || head.shentsize < 64 || head.shnum == 0 || head.shnum > 4096 || head.shstrndx >= head.shnum)
        return std::nullopt;
    std::vector<std::uint8_t> sh;
    if (!file.readAll(head.shoff, std::size_t(head.shentsize) * head.shnum, sh))
        return std::nullopt;
    const std::uint8_t* names = &sh[std::size_t(head.shstrndx) * head.shentsize];
    const std::uint64_t namesOff = le64(names + 24), namesSize = le64(names + 32);
    std::vector<std::uint8_t> strs;
    if (namesSize == 0 || namesSize > (1u << 20) || !file.readAll(namesOff, static_cast<std::size_t>(namesSize), strs))
        return std::nullopt;
    for (std::size_t i = 0; i < head.shnum; ++i) {
        const std::uint8_t* s = &sh[i * head.shentsize];
        const std::uint32_t nameOff = le32(s);
        if (nameOff >= strs.size())
            continue;
        const char* n = reinterpret_cast<const char*>(&strs[nameOff]);
        if (std::strncmp(n, ".rodata", std::min<std::size_t>(8, strs.size() - nameOff)) == 0)
            return std::make_pair(le64(s + 24), le64(s + 32));
    }
    return std::nullopt;
}

}  // namespace

std::string elfMachineName(std::uint16_t machine)
{
    switch (machine) {
    case 62: return "x86-64";
    case 183: return "AArch64";
    case 3: return "i386";
    case 21: return "PowerPC64";
    case 40: return "ARM (32-bit)";
    default: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "machine 0x%04x", machine);
        return buf;
    }
    }
}

void ElfStreamReader::copyInto(Capture& c, const std::uint8_t* data, std::size_t size, std::uint64_t at)
{
    // [at, at+size) against [c.offset + have, c.offset + length)
    const std::uint64_t want = c.offset + c.bytes.size();
    const std::uint64_t end = c.offset + c.length;
    if (c.done() || at + size <= want || at >= end || at > want)
        return;
    const std::uint64_t from = want - at;
    const std::uint64_t n = std::min<std::uint64_t>(size - from, end - want);
    c.bytes.insert(c.bytes.end(), data + from, data + from + n);
}

bool ElfStreamReader::readAt(std::uint64_t offset, std::size_t length, std::vector<std::uint8_t>& out) const
{
    if (offset > m_head.size() || length > m_head.size() - offset)
        return false;
    out.assign(m_head.begin() + std::ptrdiff_t(offset), m_head.begin() + std::ptrdiff_t(offset + length));
    return true;
}

void ElfStreamReader::feed(const std::uint8_t* data, std::size_t size)
{
    const std::uint64_t at = m_pos;
    if (m_head.size() < kHeadBytes && at == m_head.size()) {
        const std::size_t take = std::min(size, kHeadBytes - m_head.size());
        m_head.insert(m_head.end(), data, data + take);
    }
    m_pos += size;
    if (!m_headParsed && (m_head.size() >= 64 || m_head.size() == kHeadBytes))
        parseHead();
    if (m_dynamic && !m_dynamicParsed) {
        copyInto(*m_dynamic, data, size, at);
        if (m_dynamic->done())
            parseDynamic(m_dynamic->bytes);
    }
    if (m_soname && !m_soname->done())
        copyInto(*m_soname, data, size, at);
}

void ElfStreamReader::parseHead()
{
    // Header first (64 bytes), then the program headers once they are in m_head.
    if (m_phnum == 0) {
        Head head;
        if (!parseHeader(m_head.data(), m_facts, head)) {
            m_headParsed = true;
            return;
        }
        m_phoff = head.phoff;
        m_phentsize = head.phentsize;
        m_phnum = head.phnum;
    }
    std::vector<std::uint8_t> ph;
    if (!readAt(m_phoff, std::size_t(m_phentsize) * m_phnum, ph)) {
        if (m_head.size() == kHeadBytes || m_phoff > kHeadBytes) {
            m_facts.error = "program headers beyond the first 4 MiB";
            m_headParsed = true;
        }
        return;
    }
    m_headParsed = true;
    Head head;
    head.phentsize = m_phentsize;
    head.phnum = m_phnum;
    Segments segments = parseProgramHeaders(ph.data(), head);
    m_loads = std::move(segments.loads);
    const std::uint64_t dynOff = segments.dynOff, dynSize = segments.dynSize;
    if (dynSize == 0 || dynSize > kMaxDynamic) {
        m_facts.error = "no dynamic section";
        return;
    }
    m_dynamic = Capture{dynOff, dynSize, {}};
    std::vector<std::uint8_t> dyn;
    if (readAt(dynOff, static_cast<std::size_t>(dynSize), dyn))
        parseDynamic(dyn);
    else if (dynOff < m_pos)
        copyInto(*m_dynamic, m_head.data(), m_head.size(), 0);  // partly in the head; the rest streams
}

void ElfStreamReader::parseDynamic(const std::vector<std::uint8_t>& dyn)
{
    m_dynamicParsed = true;
    const DynamicTags tags = parseDynamicTags(dyn.data(), dyn.size());
    if (!tags.soname) {
        m_facts.error = "no DT_SONAME";
        return;
    }
    if (!tags.strtab) {
        m_facts.error = "no DT_STRTAB";
        return;
    }
    const auto strtab = fileOffsetOf(*tags.strtab, m_loads);
    if (!strtab) {
        m_facts.error = "DT_STRTAB is in no loaded segment";
        return;
    }
    const std::uint64_t at = *strtab + *tags.soname;
    m_soname = Capture{at, kMaxSoname, {}};
    if (at < m_head.size()) {
        const std::size_t n = std::min<std::size_t>(kMaxSoname, m_head.size() - static_cast<std::size_t>(at));
        m_soname->bytes.assign(m_head.begin() + std::ptrdiff_t(at), m_head.begin() + std::ptrdiff_t(at + n));
    } else if (at < m_pos) {
        m_facts.error = "the SONAME string lies before the dynamic section, beyond the first 4 MiB";
        m_soname.reset();
    }
}

ElfFacts ElfStreamReader::finish()
{
    if (m_head.size() < 64) {
        m_facts.isElf = m_head.size() >= 4 && std::memcmp(m_head.data(), "\x7f" "ELF", 4) == 0;
        m_facts.error = "shorter than an ELF header";
        return m_facts;
    }
    if (!m_headParsed)
        parseHead();
    if (m_dynamic && !m_dynamicParsed && m_facts.error.empty())
        m_facts.error = "the dynamic section is cut off";
    if (m_soname) {
        const auto end = std::find(m_soname->bytes.begin(), m_soname->bytes.end(), std::uint8_t(0));
        if (end != m_soname->bytes.end())
            m_facts.soname = std::string(m_soname->bytes.begin(), end);
        else if (m_facts.error.empty())
            m_facts.error = "the SONAME string is cut off";
    }
    return m_facts;
}

ElfFacts readElfFile(const std::string& path)
{
    ElfFacts facts;
    FileBytes file(path);
    std::vector<std::uint8_t> h;
    if (!file.isOpen() || !file.readAll(0, 64, h)) {
        facts.isElf = h.size() >= 4 && std::memcmp(h.data(), "\x7f" "ELF", 4) == 0;
        facts.error = "shorter than an ELF header";
        return facts;
    }
    Head head;
    if (!parseHeader(h.data(), facts, head))
        return facts;
    facts.readOnlyData = readOnlyDataOf(file, head);
    std::vector<std::uint8_t> ph;
    if (!file.readAll(head.phoff, std::size_t(head.phentsize) * head.phnum, ph)) {
        facts.error = "the program headers are cut off";
        return facts;
    }
    const Segments segments = parseProgramHeaders(ph.data(), head);
    if (segments.dynSize == 0 || segments.dynSize > kMaxDynamic) {
        facts.error = "no dynamic section";
        return facts;
    }
    std::vector<std::uint8_t> dyn;
    if (!file.readAll(segments.dynOff, static_cast<std::size_t>(segments.dynSize), dyn)) {
        facts.error = "the dynamic section is cut off";
        return facts;
    }
    const DynamicTags tags = parseDynamicTags(dyn.data(), dyn.size());
    const auto strtab = tags.strtab ? fileOffsetOf(*tags.strtab, segments.loads) : std::nullopt;
    if (!strtab) {
        facts.error = tags.strtab ? "DT_STRTAB is in no loaded segment" : "no DT_STRTAB";
        return facts;
    }
    if (tags.soname)
        facts.soname = file.string(*strtab + *tags.soname, kMaxSoname);
    else
        facts.error = "no DT_SONAME";
    for (const std::uint64_t off : tags.needed)
        if (auto n = file.string(*strtab + off, kMaxSoname))
            facts.needed.push_back(std::move(*n));
    if (tags.rpath)
        if (auto r = file.string(*strtab + *tags.rpath, kMaxSearchPath))
            facts.rpath = splitSearchPath(*r);
    if (tags.runpath) {
        facts.hasRunpath = true;
        if (auto r = file.string(*strtab + *tags.runpath, kMaxSearchPath))
            facts.runpath = splitSearchPath(*r);
    }
    return facts;
}

}  // namespace cudnnsetup
