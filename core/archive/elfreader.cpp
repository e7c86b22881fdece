#include "archive/elfreader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace cudnnsetup {

namespace {

std::uint16_t le16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t le32(const std::uint8_t* p) { return std::uint32_t(le16(p)) | (std::uint32_t(le16(p + 2)) << 16); }
std::uint64_t le64(const std::uint8_t* p) { return std::uint64_t(le32(p)) | (std::uint64_t(le32(p + 4)) << 32); }

constexpr std::uint64_t kMaxDynamic = 1u << 20;
constexpr std::size_t kMaxSoname = 256;

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
        const std::uint8_t* h = m_head.data();
        m_facts.isElf = std::memcmp(h, "\x7f" "ELF", 4) == 0;
        if (!m_facts.isElf) {
            m_headParsed = true;
            return;
        }
        m_facts.is64 = h[4] == 2;
        m_facts.littleEndian = h[5] == 1;
        if (!m_facts.is64 || !m_facts.littleEndian) {
            m_facts.machine = m_facts.littleEndian ? le16(h + 18) : std::uint16_t((h[18] << 8) | h[19]);
            m_headParsed = true;
            return;
        }
        m_facts.type = le16(h + 16);
        m_facts.machine = le16(h + 18);
        m_phoff = le64(h + 32);
        m_phentsize = le16(h + 54);
        m_phnum = le16(h + 56);
        if (m_phentsize < 56 || m_phnum == 0 || m_phnum > 512) {
            m_facts.error = "no program headers";
            m_headParsed = true;
            return;
        }
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
    std::uint64_t dynOff = 0, dynSize = 0;
    for (std::size_t i = 0; i < m_phnum; ++i) {
        const std::uint8_t* p = &ph[i * m_phentsize];
        const std::uint32_t type = le32(p);
        if (type == 2) {
            dynOff = le64(p + 8);
            dynSize = le64(p + 32);
        } else if (type == 1) {
            m_loads.insert(m_loads.end(), {le64(p + 16), le64(p + 8), le64(p + 32)});
        }
    }
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
    std::optional<std::uint64_t> strtab, soname;
    for (std::size_t i = 0; i + 16 <= dyn.size(); i += 16) {
        const std::uint64_t tag = le64(&dyn[i]), val = le64(&dyn[i + 8]);
        if (tag == 0)
            break;
        if (tag == 5)
            strtab = val;
        else if (tag == 14)
            soname = val;
    }
    if (!soname) {
        m_facts.error = "no DT_SONAME";
        return;
    }
    if (!strtab) {
        m_facts.error = "no DT_STRTAB";
        return;
    }
    for (std::size_t i = 0; i + 3 <= m_loads.size(); i += 3) {
        const std::uint64_t vaddr = m_loads[i], off = m_loads[i + 1], filesz = m_loads[i + 2];
        if (*strtab < vaddr || *strtab >= vaddr + filesz)
            continue;
        const std::uint64_t at = off + (*strtab - vaddr) + *soname;
        m_soname = Capture{at, kMaxSoname, {}};
        std::vector<std::uint8_t> head;
        if (at < m_head.size()) {
            const std::size_t n = std::min<std::size_t>(kMaxSoname, m_head.size() - static_cast<std::size_t>(at));
            m_soname->bytes.assign(m_head.begin() + std::ptrdiff_t(at), m_head.begin() + std::ptrdiff_t(at + n));
        } else if (at < m_pos) {
            m_facts.error = "the SONAME string lies before the dynamic section, beyond the first 4 MiB";
            m_soname.reset();
        }
        return;
    }
    m_facts.error = "DT_STRTAB is in no loaded segment";
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

}  // namespace cudnnsetup
