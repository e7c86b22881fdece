#include "formats/pereader.h"

#include "common/bytes.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

namespace cudnnsetup {
namespace {

// Everything the parser reads goes through this: a read either lies completely inside the
// bytes that exist or fails, so no offset from the file can take us out of bounds.
class Source {
public:
    virtual ~Source() = default;
    virtual std::uint64_t size() const = 0;
    virtual bool read(std::uint64_t offset, std::size_t n, std::uint8_t* out) const = 0;

    bool u16(std::uint64_t off, std::uint16_t& v) const
    {
        std::array<std::uint8_t, 2> b{};
        if (!read(off, 2, b.data()))
            return false;
        v = static_cast<std::uint16_t>(b[0] | (b[1] << 8));
        return true;
    }
    bool u32(std::uint64_t off, std::uint32_t& v) const
    {
        std::array<std::uint8_t, 4> b{};
        if (!read(off, 4, b.data()))
            return false;
        v = static_cast<std::uint32_t>(b[0]) | (static_cast<std::uint32_t>(b[1]) << 8)
            | (static_cast<std::uint32_t>(b[2]) << 16) | (static_cast<std::uint32_t>(b[3]) << 24);
        return true;
    }
};

bool fits(std::uint64_t offset, std::uint64_t n, std::uint64_t limit) { return offset <= limit && n <= limit - offset; }

class SpanSource : public Source {
public:
    explicit SpanSource(std::span<const std::uint8_t> bytes) : m_bytes(bytes) {}
    std::uint64_t size() const override { return m_bytes.size(); }
    bool read(std::uint64_t offset, std::size_t n, std::uint8_t* out) const override
    {
        if (!fits(offset, n, m_bytes.size()))
            return false;
        if (n > 0)  // memcpy with a null `out` (an empty vector's data()) is undefined even for 0
            std::memcpy(out, m_bytes.data() + offset, n);
        return true;
    }

private:
    std::span<const std::uint8_t> m_bytes;
};

class FileSource : public Source {
public:
    FileSource(const std::string& path, std::uint64_t maxBytes) : m_in(path, std::ios::binary)
    {
        std::error_code ec;
        const auto fileSize = std::filesystem::file_size(path, ec);
        m_size = ec ? 0 : std::min<std::uint64_t>(fileSize, maxBytes);
    }
    bool isOpen() const { return m_in.is_open(); }
    std::uint64_t size() const override { return m_size; }
    bool read(std::uint64_t offset, std::size_t n, std::uint8_t* out) const override
    {
        if (!fits(offset, n, m_size))
            return false;
        m_in.clear();
        m_in.seekg(static_cast<std::streamoff>(offset));
        m_in.read(reinterpret_cast<char*>(out), static_cast<std::streamsize>(n));
        return m_in.gcount() == static_cast<std::streamsize>(n);
    }

private:
    mutable std::ifstream m_in;
    std::uint64_t m_size = 0;
};

// A stream seen once: its first bytes and the windows captured from the rest (the resource
// section, the import descriptors, the DLL names). A read must lie inside one of them.
class WindowSource : public Source {
public:
    WindowSource(const std::vector<std::uint8_t>& head, const std::vector<PeStreamReader::Window>& windows,
                 std::uint64_t total)
        : m_head(head), m_windows(windows), m_total(total) {}
    std::uint64_t size() const override { return m_total; }
    bool read(std::uint64_t offset, std::size_t n, std::uint8_t* out) const override
    {
        if (n == 0)
            return offset <= m_total;
        if (fits(offset, n, m_head.size())) {
            std::memcpy(out, m_head.data() + offset, n);
            return true;
        }
        for (const auto& w : m_windows)
            if (offset >= w.begin && fits(offset - w.begin, n, w.bytes.size())) {
                std::memcpy(out, w.bytes.data() + (offset - w.begin), n);
                return true;
            }
        return false;
    }

private:
    const std::vector<std::uint8_t>& m_head;
    const std::vector<PeStreamReader::Window>& m_windows;
    std::uint64_t m_total;
};

struct Section {
    std::uint32_t virtualAddress = 0, virtualSize = 0, rawSize = 0, rawPointer = 0;
    std::array<std::uint8_t, 8> name{};  // NUL-padded, as the section table writes it
};

constexpr std::uint16_t kMagicPe32 = 0x10B;
constexpr std::uint16_t kMagicPe32Plus = 0x20B;
constexpr std::uint32_t kRtVersion = 16;
constexpr std::uint32_t kFixedFileInfoSignature = 0xFEEF04BD;
constexpr std::size_t kMaxVersionBlock = 64 * 1024;

struct Headers {
    std::uint64_t sectionTable = 0;
    std::uint16_t sectionCount = 0;
    std::uint32_t resourceRva = 0, resourceSize = 0;
    std::uint32_t importRva = 0, importSize = 0;
    bool importDirectoryKnown = false;  // read, or absent because the header has too few directories
    std::vector<Section> sections;
};

// Fills `info` with what the COFF/optional headers say; false (with info.error) when unreadable.
bool readHeaders(const Source& src, PeInfo& info, Headers& h)
{
    std::uint16_t mz = 0;
    if (!src.u16(0, mz) || src.size() < 64) {
        info.error = "the file is too small for a DOS header";
        return false;
    }
    if (mz != 0x5A4D) {
        info.error = "no MZ signature: not a PE image";
        return false;
    }
    std::uint32_t lfanewRaw = 0;
    src.u32(0x3C, lfanewRaw);
    const auto lfanew = static_cast<std::int32_t>(lfanewRaw);
    if (lfanew < 0) {
        info.error = "e_lfanew is negative";
        return false;
    }
    std::uint32_t peSig = 0;
    if (!src.u32(static_cast<std::uint64_t>(lfanew), peSig)) {
        info.error = "e_lfanew points outside the file";
        return false;
    }
    if (peSig != 0x00004550) {
        info.error = "no PE\\0\\0 signature at e_lfanew";
        return false;
    }
    const std::uint64_t coff = static_cast<std::uint64_t>(lfanew) + 4;
    std::uint16_t optSize = 0, characteristics = 0;
    if (!src.u16(coff, info.machine) || !src.u16(coff + 2, h.sectionCount) || !src.u16(coff + 16, optSize)
        || !src.u16(coff + 18, characteristics)) {
        info.error = "the COFF file header is truncated";
        return false;
    }
    info.isDll = (characteristics & 0x2000) != 0;
    const std::uint64_t opt = coff + 20;
    if (optSize < 2 || !src.u16(opt, info.optionalMagic)) {
        info.error = "the optional header is missing or truncated";
        return false;
    }
    info.isPe = true;
    if (info.optionalMagic != kMagicPe32 && info.optionalMagic != kMagicPe32Plus) {
        info.error = "unknown optional header magic";
        return false;
    }
    const bool plus = info.optionalMagic == kMagicPe32Plus;
    const std::uint64_t countAt = plus ? 108 : 92;
    const std::uint64_t dirsAt = plus ? 112 : 96;
    std::uint32_t dirCount = 0;
    const bool countRead = optSize >= dirsAt && src.u32(opt + countAt, dirCount);
    h.importDirectoryKnown = optSize < dirsAt + 2 * 8 || (countRead && dirCount < 2);
    if (countRead && dirCount > 2 && optSize >= dirsAt + 3 * 8) {
        if (!src.u32(opt + dirsAt + 8, h.importRva) || !src.u32(opt + dirsAt + 12, h.importSize)
            || !src.u32(opt + dirsAt + 16, h.resourceRva) || !src.u32(opt + dirsAt + 20, h.resourceSize)) {
            info.error = "the data directories are truncated";
            return false;
        }
        h.importDirectoryKnown = true;
    }
    std::uint32_t certOffset = 0, certSize = 0;
    if (countRead && dirCount > 4 && optSize >= dirsAt + 5 * 8 && src.u32(opt + dirsAt + 32, certOffset)
        && src.u32(opt + dirsAt + 36, certSize) && certOffset != 0 && certSize != 0
        && fits(certOffset, certSize, src.size()))
        info.certificateTable = std::make_pair(std::uint64_t{certOffset}, std::uint64_t{certSize});
    h.sectionTable = opt + optSize;
    // A hostile count cannot make us loop longer than the file has room for section headers.
    const std::uint64_t room = src.size() > h.sectionTable ? (src.size() - h.sectionTable) / 40 : 0;
    const std::uint64_t count = std::min<std::uint64_t>(h.sectionCount, room);
    h.sections.reserve(static_cast<std::size_t>(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        Section s;
        const std::uint64_t at = h.sectionTable + i * 40;
        if (!src.u32(at + 8, s.virtualSize) || !src.u32(at + 12, s.virtualAddress) || !src.u32(at + 16, s.rawSize)
            || !src.u32(at + 20, s.rawPointer) || !src.read(at, s.name.size(), s.name.data()))
            break;
        h.sections.push_back(s);
    }
    return true;
}

// The section holding [rva, rva+len) in its raw data, with 64-bit arithmetic so RVA+size cannot wrap.
const Section* sectionFor(const Headers& h, std::uint64_t rva, std::uint64_t len)
{
    for (const auto& s : h.sections) {
        if (rva >= s.virtualAddress && fits(rva - s.virtualAddress, len, s.rawSize))
            return &s;
    }
    return nullptr;
}

std::optional<std::uint64_t> rvaToOffset(const Headers& h, std::uint64_t rva, std::uint64_t len)
{
    const Section* s = sectionFor(h, rva, len);
    if (!s)
        return std::nullopt;
    return std::uint64_t{s->rawPointer} + (rva - s->virtualAddress);
}

struct ResourceArea {
    std::uint64_t base = 0;   // file offset of the resource directory root
    std::uint64_t limit = 0;  // bytes from base that belong to the resource section
};

// Returns the OffsetToData of the wanted entry in the directory at `dirOffset` (relative to the root),
// or nullopt. wantId < 0 takes the first entry.
std::optional<std::uint32_t> findEntry(const Source& src, const ResourceArea& area, std::uint32_t dirOffset,
                                       long wantId, std::string& error)
{
    std::uint16_t named = 0, ids = 0;
    if (!fits(dirOffset, 16, area.limit) || !src.u16(area.base + dirOffset + 12, named)
        || !src.u16(area.base + dirOffset + 14, ids)) {
        error = "a resource directory lies outside the resource section";
        return std::nullopt;
    }
    const std::uint64_t total = std::uint64_t{named} + ids;
    const std::uint64_t room = (area.limit - dirOffset - 16) / 8;
    const std::uint64_t count = std::min(total, room);
    for (std::uint64_t i = 0; i < count; ++i) {
        std::uint32_t name = 0, data = 0;
        const std::uint64_t at = area.base + dirOffset + 16 + i * 8;
        if (!src.u32(at, name) || !src.u32(at + 4, data))
            break;
        const bool isNamed = (name & 0x80000000u) != 0;
        if (wantId < 0 || (!isNamed && name == static_cast<std::uint32_t>(wantId)))
            return data;
    }
    error = wantId == static_cast<long>(kRtVersion) ? "the image has no VERSIONINFO resource"
                                                    : "an empty resource directory";
    return std::nullopt;
}

std::size_t align4(std::size_t v) { return (v + 3) & ~std::size_t{3}; }

// One node of the version tree (VS_VERSIONINFO, StringFileInfo, StringTable, String): wLength,
// wValueLength, wType, a NUL-terminated UTF-16 key, padding to 32 bits, the value, the children.
// Parsed only when it lies inside [at, limit); `end` is where it stops (at + wLength).
struct VersionNode {
    std::size_t at = 0, end = 0, valueAt = 0;
    std::uint16_t valueLength = 0;
    std::u16string key;
};
constexpr std::size_t kMaxKeyChars = 64;    // the longest standard key is "OriginalFilename"
constexpr std::size_t kMaxValueChars = 512;  // what we keep of a string value

std::optional<VersionNode> readNode(const std::uint8_t* b, std::size_t at, std::size_t limit)
{
    if (at >= limit || limit - at < 6)
        return std::nullopt;
    VersionNode n;
    n.at = at;
    const std::size_t length = le16(b + at);
    if (length < 6 || length > limit - at)
        return std::nullopt;
    n.end = at + length;
    n.valueLength = le16(b + at + 2);
    std::size_t p = at + 6;
    for (;; p += 2) {
        if (p + 2 > n.end || n.key.size() > kMaxKeyChars)
            return std::nullopt;  // a key that does not end inside its node
        const char16_t c = le16(b + p);
        if (c == 0)
            break;
        n.key.push_back(c);
    }
    n.valueAt = std::min(align4(p + 2), n.end);
    return n;
}

// The children of `parent`, which start after its value (`childrenAt`), each on a 32-bit boundary.
template <typename F>
void forEachChild(const std::uint8_t* b, std::size_t childrenAt, std::size_t end, F&& f)
{
    for (std::size_t at = align4(childrenAt); at < end;) {
        auto child = readNode(b, at, end);
        if (!child || f(*child))
            return;
        at = align4(child->end);  // wLength >= 6: always moves forward
    }
}

std::string utf8(const std::u16string& s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::uint32_t c = s[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000)
            c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
        else if (c >= 0xD800 && c < 0xE000)
            c = 0xFFFD;  // a lone surrogate
        if (c < 0x80) {
            out.push_back(static_cast<char>(c));
        } else if (c < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (c >> 6)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (c >> 12)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (c >> 18)));
            out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

// StringFileInfo -> StringTable ("040904B0", ...) -> String "FileDescription": the first one found.
// A damaged table only means no description; it never sets the reader's error.
std::optional<std::string> findFileDescription(const std::uint8_t* b, std::size_t childrenAt, std::size_t end)
{
    std::optional<std::string> found;
    forEachChild(b, childrenAt, end, [&](const VersionNode& info) {
        if (info.key != u"StringFileInfo")
            return false;  // VarFileInfo
        forEachChild(b, info.valueAt, info.end, [&](const VersionNode& table) {
            forEachChild(b, table.valueAt, table.end, [&](const VersionNode& str) {
                if (str.key != u"FileDescription")
                    return false;
                std::u16string value;
                for (std::size_t p = str.valueAt; p + 2 <= str.end && value.size() < kMaxValueChars; p += 2) {
                    const char16_t c = le16(b + p);
                    if (c == 0)
                        break;
                    value.push_back(c);
                }
                found = utf8(value);
                return true;
            });
            return found.has_value();
        });
        return found.has_value();
    });
    return found;
}

void parseVersionInfo(const std::uint8_t* block, std::size_t len, PeInfo& info)
{
    static constexpr char kKey[] = "VS_VERSION_INFO";
    if (len < 40 + 52) {
        info.error = "the VERSIONINFO resource is too small";
        return;
    }
    const std::size_t blockLen = std::min<std::size_t>(len, le16(block + 0) ? le16(block + 0) : len);
    for (std::size_t i = 0; i < sizeof kKey; ++i) {
        if (le16(block + 6 + 2 * i) != static_cast<std::uint16_t>(kKey[i])) {
            info.error = "the VERSIONINFO resource does not start with VS_VERSION_INFO";
            return;
        }
    }
    // The fixed info follows the key padded to 32 bits; tolerate writers that pad differently by
    // looking for the signature at the next few 32-bit positions. Without it (wValueLength 0) the
    // string tables start right after the key.
    const std::uint16_t valueLength = le16(block + 2);
    std::size_t childrenAt = 40 + valueLength;
    bool fixedFound = false;
    for (std::size_t at = 40; valueLength != 0 && at + 52 <= blockLen && at <= 64; at += 4) {
        if (le32(block + at) == kFixedFileInfoSignature) {
            const std::uint32_t ms = le32(block + at + 8), ls = le32(block + at + 12);
            info.fileVersion = std::to_string(ms >> 16) + "." + std::to_string(ms & 0xFFFF) + "." +
                               std::to_string(ls >> 16) + "." + std::to_string(ls & 0xFFFF);
            childrenAt = at + 52;
            fixedFound = true;
            break;
        }
    }
    info.fileDescription = findFileDescription(block, childrenAt, blockLen);
    if (!fixedFound)
        info.error = "VS_FIXEDFILEINFO signature 0xFEEF04BD not found";
}

void readVersion(const Source& src, PeInfo& info, const Headers& h)
{
    if (h.resourceRva == 0) {
        info.error = "the image has no resource directory";
        return;
    }
    const Section* rs = sectionFor(h, h.resourceRva, 16);
    if (!rs) {
        info.error = "the resource directory RVA is outside every section";
        return;
    }
    ResourceArea area;
    area.base = std::uint64_t{rs->rawPointer} + (h.resourceRva - rs->virtualAddress);
    area.limit = std::uint64_t{rs->rawSize} - (h.resourceRva - rs->virtualAddress);

    // Exactly three levels (type, name, language); a directory seen twice is a loop.
    std::set<std::uint32_t> visited{0};
    std::uint32_t dir = 0;
    std::uint32_t dataEntry = 0;
    for (int level = 0; level < 3; ++level) {
        auto entry = findEntry(src, area, dir, level == 0 ? static_cast<long>(kRtVersion) : -1, info.error);
        if (!entry)
            return;
        const bool isDir = (*entry & 0x80000000u) != 0;
        const std::uint32_t off = *entry & 0x7FFFFFFFu;
        if (level < 2) {
            if (!isDir) {
                info.error = "the resource tree has a data entry where a directory belongs";
                return;
            }
            if (!visited.insert(off).second) {
                info.error = "the resource directories form a loop";
                return;
            }
            dir = off;
        } else {
            if (isDir) {
                info.error = "the resource tree is deeper than type/name/language";
                return;
            }
            dataEntry = off;
        }
    }
    std::uint32_t dataRva = 0, dataSize = 0;
    if (!fits(dataEntry, 16, area.limit) || !src.u32(area.base + dataEntry, dataRva)
        || !src.u32(area.base + dataEntry + 4, dataSize)) {
        info.error = "the VERSIONINFO data entry lies outside the resource section";
        return;
    }
    const std::size_t want = std::min<std::size_t>(dataSize, kMaxVersionBlock);
    if (want == 0) {  // found by fuzzing: tests/fuzz/regressions/pereader/versioninfo-size-zero.pe
        info.error = "the VERSIONINFO data entry is empty";
        return;
    }
    auto offset = rvaToOffset(h, dataRva, want);
    if (!offset) {
        info.error = "the VERSIONINFO data RVA/size is outside every section";
        return;
    }
    std::vector<std::uint8_t> block(want);
    if (!src.read(*offset, want, block.data())) {
        info.error = "the VERSIONINFO data lies outside the file";
        return;
    }
    parseVersionInfo(block.data(), block.size(), info);
}

constexpr std::uint32_t kMaxImportDescriptors = 4096;
constexpr std::size_t kMaxImportName = 256;

// The import directory's first descriptor: its file offset and the bytes its section has from there.
std::optional<std::pair<std::uint64_t, std::uint64_t>> importDescriptorRange(const Headers& h)
{
    if (!h.importDirectoryKnown || h.importRva == 0)
        return std::nullopt;
    const Section* s = sectionFor(h, h.importRva, 20);
    if (!s)
        return std::nullopt;
    const std::uint64_t at = std::uint64_t{s->rawPointer} + (h.importRva - s->virtualAddress);
    return std::make_pair(at, std::uint64_t{s->rawSize} - (h.importRva - s->virtualAddress));
}

// Where the DLL name at `nameRva` is read from: its file offset and at most 256 bytes of its section.
std::optional<std::pair<std::uint64_t, std::size_t>> importNameRange(const Headers& h, std::uint32_t nameRva)
{
    const Section* s = sectionFor(h, nameRva, 1);
    if (!s)
        return std::nullopt;
    const std::size_t room = static_cast<std::size_t>(
        std::min<std::uint64_t>(kMaxImportName, std::uint64_t{s->rawSize} - (nameRva - s->virtualAddress)));
    const auto at = rvaToOffset(h, nameRva, room);
    if (!at)
        return std::nullopt;
    return std::make_pair(*at, room);
}

// The name RVA of each IMAGE_IMPORT_DESCRIPTOR (20 bytes each, ended by an all-zero one), in
// order; false when the table cannot be read to its end.
bool importNameRvas(const Source& src, const Headers& h, std::vector<std::uint32_t>& out)
{
    for (std::uint32_t i = 0; i < kMaxImportDescriptors; ++i) {
        const auto at = rvaToOffset(h, std::uint64_t{h.importRva} + std::uint64_t{i} * 20, 20);
        std::array<std::uint8_t, 20> d{};
        if (!at || !src.read(*at, d.size(), d.data()))
            return false;
        if (std::all_of(d.begin(), d.end(), [](std::uint8_t b) { return b == 0; }))
            return true;
        out.push_back(static_cast<std::uint32_t>(d[12]) | (static_cast<std::uint32_t>(d[13]) << 8)
                      | (static_cast<std::uint32_t>(d[14]) << 16) | (static_cast<std::uint32_t>(d[15]) << 24));
    }
    return false;
}

// The imported DLLs' names. A damaged table leaves importsRead false; it never sets info.error
// (the version is what verification needs most; imports tell the build's CUDA major and feed the
// dependency diagnosis).
void readImports(const Source& src, PeInfo& info, const Headers& h)
{
    if (!h.importDirectoryKnown)
        return;
    if (h.importRva == 0) {
        info.importsRead = true;
        return;
    }
    std::vector<std::uint32_t> rvas;
    if (!importNameRvas(src, h, rvas))
        return;
    std::vector<std::string> names;
    for (const std::uint32_t nameRva : rvas) {
        const auto range = importNameRange(h, nameRva);
        if (!range)
            return;
        std::string name(range->second, '\0');
        if (!src.read(range->first, range->second, reinterpret_cast<std::uint8_t*>(name.data())))
            return;
        const auto end = name.find('\0');
        if (end == std::string::npos || end == 0)
            return;  // unterminated within 256 bytes of its section, or empty: not a DLL name
        name.resize(end);
        if (!std::all_of(name.begin(), name.end(), [](char c) { return c > 0x20 && c < 0x7F; }))
            return;
        names.push_back(std::move(name));
    }
    info.imports = std::move(names);
    info.importsRead = true;
}

// The .rdata section's file range as (offset, size).
std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyDataOf(const Headers& h)
{
    for (const auto& s : h.sections)
        if (std::memcmp(s.name.data(), ".rdata\0", 7) == 0 && s.rawSize > 0)
            return std::make_pair(std::uint64_t(s.rawPointer), std::uint64_t(s.rawSize));
    return std::nullopt;
}

PeInfo parse(const Source& src)
{
    PeInfo info;
    Headers h;
    if (readHeaders(src, info, h)) {
        info.bytes = src.size();
        for (const Section& s : h.sections)
            info.rawEnd = std::max<std::uint64_t>(info.rawEnd, std::uint64_t{s.rawPointer} + s.rawSize);
        info.readOnlyData = readOnlyDataOf(h);
        readVersion(src, info, h);
        readImports(src, info, h);
    }
    return info;
}

}  // namespace

PeInfo readPe(std::span<const std::uint8_t> image)
{
    return parse(SpanSource(image));
}

PeInfo readPeFile(const std::string& path, std::uint64_t maxBytes)
{
    FileSource src(path, maxBytes);
    if (!src.isOpen()) {
        PeInfo info;
        info.error = "cannot open " + path;
        return info;
    }
    return parse(src);
}

void PeStreamReader::addWindow(std::uint64_t begin, std::uint64_t end)
{
    if (begin >= end)
        return;
    Window w{begin, end, {}};
    // What already streamed past must come from what was kept (the headers, another window);
    // a window that cannot be continued from there is lost, and so is what it would have held.
    const std::uint64_t seen = std::min(end, m_total);
    if (begin < seen) {
        w.bytes.resize(static_cast<std::size_t>(seen - begin));
        if (!WindowSource(m_head, m_windows, m_total).read(begin, w.bytes.size(), w.bytes.data()))
            return;
    }
    m_windows.push_back(std::move(w));
}

void PeStreamReader::planCaptures()
{
    const std::vector<Window> none;
    WindowSource src(m_head, none, m_head.size());
    PeInfo info;
    Headers h;
    if (!readHeaders(src, info, h)) {
        // Wait for more bytes unless the headers cannot fit in what we keep.
        m_planned = m_head.size() >= kHeadLimit;
        return;
    }
    if (h.sections.size() < h.sectionCount && m_head.size() < kHeadLimit)
        return;  // section table not complete yet
    m_planned = true;
    if (const auto rdata = readOnlyDataOf(h))
        m_readOnlyData = std::make_pair(rdata->first, rdata->first + rdata->second);
    if (const Section* rs = h.resourceRva ? sectionFor(h, h.resourceRva, 16) : nullptr)
        addWindow(rs->rawPointer, rs->rawPointer + std::min<std::uint64_t>(rs->rawSize, kResourceLimit));
    if (const auto imports = importDescriptorRange(h)) {
        const std::size_t before = m_windows.size();
        addWindow(imports->first, imports->first + std::min<std::uint64_t>(imports->second, kImportLimit));
        if (m_windows.size() > before)
            m_descriptors = before;
    }
}

void PeStreamReader::planImportNames()
{
    WindowSource src(m_head, m_windows, m_total);
    PeInfo info;
    Headers h;
    std::vector<std::uint32_t> rvas;
    if (!readHeaders(src, info, h) || !importNameRvas(src, h, rvas))
        return;
    std::size_t added = 0;
    for (const std::uint32_t nameRva : rvas) {
        const auto range = importNameRange(h, nameRva);
        if (!range || added == kImportNames)
            return;
        std::vector<std::uint8_t> probe(range->second);
        if (src.read(range->first, probe.size(), probe.data()))
            continue;  // already kept whole (the names often follow the descriptors closely)
        addWindow(range->first, range->first + range->second);
        ++added;
    }
}

void PeStreamReader::feed(const std::uint8_t* data, std::size_t size)
{
    while (size > 0) {
        // Pieces end where a plan can be made, so that it sees every byte before it decides.
        std::size_t piece = size;
        if (!m_planned && m_head.size() < kHeadLimit)
            piece = std::min(piece, kHeadLimit - m_head.size());
        if (m_descriptors && m_total < m_windows[*m_descriptors].end)
            piece = static_cast<std::size_t>(std::min<std::uint64_t>(piece, m_windows[*m_descriptors].end - m_total));
        if (m_head.size() < kHeadLimit)
            m_head.insert(m_head.end(), data, data + std::min(piece, kHeadLimit - m_head.size()));
        for (auto& w : m_windows) {
            const std::uint64_t next = w.begin + w.bytes.size();  // first offset not yet captured
            const std::uint64_t to = std::min(w.end, m_total + piece);
            if (next >= m_total && next < to)
                w.bytes.insert(w.bytes.end(), data + (next - m_total), data + (to - m_total));
        }
        m_total += piece;
        data += piece;
        size -= piece;
        if (!m_planned)
            planCaptures();
        if (m_descriptors && m_total >= m_windows[*m_descriptors].end) {
            m_descriptors.reset();
            planImportNames();
        }
    }
}

bool PeStreamReader::needs(std::uint64_t offset, std::uint64_t size) const
{
    if (!m_planned || offset < kHeadLimit || offset < m_total)
        return true;  // not sure yet; or bytes already fed (a caller mistake: say yes)
    const std::uint64_t end = size > UINT64_MAX - offset ? UINT64_MAX : offset + size;
    if (m_descriptors && end > m_windows[*m_descriptors].begin)
        return true;  // the names' places are known only once the descriptors are read
    for (const auto& w : m_windows)
        if (w.begin + w.bytes.size() < w.end && offset < w.end && w.begin < end)
            return true;
    return false;
}

void PeStreamReader::skip(std::uint64_t size)
{
    // needs() said no, so nothing of the head or the windows is in these bytes.
    m_total += size;
}

PeInfo PeStreamReader::finish() const
{
    return parse(WindowSource(m_head, m_windows, m_total));
}

}  // namespace cudnnsetup
