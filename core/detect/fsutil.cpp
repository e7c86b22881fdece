#include "detect/fsutil.h"

#include "archive/pereader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

bool pathExists(const std::string& p)
{
    std::error_code ec;
    return fs::exists(p, ec);
}

bool isDirectory(const std::string& p)
{
    std::error_code ec;
    return fs::is_directory(p, ec);
}

std::string absolutePath(const std::string& p)
{
    std::error_code ec;
    auto a = fs::absolute(p, ec);
    return ec ? p : a.lexically_normal().string();
}

std::string lowerAscii(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string canonicalKey(const std::string& p)
{
    std::error_code ec;
    auto c = fs::weakly_canonical(fs::absolute(p, ec), ec);
    std::string s = (ec ? fs::path(p) : c).lexically_normal().string();
    while (s.size() > 1 && (s.back() == '/' || s.back() == '\\'))
        s.pop_back();
#ifdef _WIN32
    s = lowerAscii(s);  // NTFS names compare case-insensitively
#endif
    return s;
}

bool sameFolder(const std::string& a, const std::string& b)
{
    return canonicalKey(a) == canonicalKey(b);
}

std::vector<std::string> listDirectory(const std::string& dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec))
        out.push_back(it->path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> globFiles(const std::string& dir, const std::string& needle)
{
    std::vector<std::string> out;
    const std::string n = lowerAscii(needle);
    for (const auto& name : listDirectory(dir))
        if (lowerAscii(name).find(n) != std::string::npos)
            out.push_back(name);
    return out;
}

std::optional<std::uint64_t> fileSize(const std::string& p)
{
    std::error_code ec;
    const auto s = fs::file_size(p, ec);
    if (ec)
        return std::nullopt;
    return s;
}

namespace {
template <typename T>
bool readAt(std::ifstream& in, std::uint64_t off, T& out)
{
    in.clear();
    in.seekg(static_cast<std::streamoff>(off));
    in.read(reinterpret_cast<char*>(&out), sizeof out);
    return static_cast<std::size_t>(in.gcount()) == sizeof out;
}

bool readBytes(std::ifstream& in, std::uint64_t off, std::size_t n, std::vector<std::uint8_t>& out)
{
    out.resize(n);
    in.clear();
    in.seekg(static_cast<std::streamoff>(off));
    in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(n));
    return static_cast<std::size_t>(in.gcount()) == n;
}

std::uint16_t le16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t le32(const std::uint8_t* p) { return std::uint32_t(p[0]) | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) | (std::uint32_t(p[3]) << 24); }
std::uint64_t le64(const std::uint8_t* p) { return std::uint64_t(le32(p)) | (std::uint64_t(le32(p + 4)) << 32); }
}  // namespace

ElfInfo readElf(const std::string& path)
{
    ElfInfo info;
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> eh;
    if (!in || !readBytes(in, 0, 64, eh))
        return info;
    if (std::memcmp(eh.data(), "\x7f" "ELF", 4) != 0)
        return info;
    info.isElf = true;
    info.is64 = eh[4] == 2;
    if (!info.is64 || eh[5] != 1)  // only little-endian ELF64 is read further
        return info;
    info.machine = le16(&eh[18]);
    const std::uint64_t phoff = le64(&eh[32]);
    const std::uint16_t phentsize = le16(&eh[54]), phnum = le16(&eh[56]);
    if (phentsize < 56 || phnum == 0 || phnum > 512)
        return info;
    std::vector<std::uint8_t> ph;
    if (!readBytes(in, phoff, std::size_t(phentsize) * phnum, ph))
        return info;
    // PT_DYNAMIC gives the dynamic section; PT_LOAD maps the DT_STRTAB address to a file offset.
    std::uint64_t dynOff = 0, dynSize = 0;
    std::vector<std::array<std::uint64_t, 3>> loads;  // vaddr, offset, filesz
    for (std::size_t i = 0; i < phnum; ++i) {
        const std::uint8_t* p = &ph[i * phentsize];
        const std::uint32_t type = le32(p);
        if (type == 2) {
            dynOff = le64(p + 8);
            dynSize = le64(p + 32);
        } else if (type == 1) {
            loads.push_back({le64(p + 16), le64(p + 8), le64(p + 32)});
        }
    }
    if (dynSize == 0 || dynSize > (1u << 20))
        return info;
    std::vector<std::uint8_t> dyn;
    if (!readBytes(in, dynOff, static_cast<std::size_t>(dynSize), dyn))
        return info;
    std::optional<std::uint64_t> strtab, soname, rpath, runpath;
    std::vector<std::uint64_t> needed;
    for (std::size_t i = 0; i + 16 <= dyn.size(); i += 16) {
        const std::uint64_t tag = le64(&dyn[i]), val = le64(&dyn[i + 8]);
        if (tag == 0)
            break;
        if (tag == 5)
            strtab = val;
        else if (tag == 14)
            soname = val;
        else if (tag == 1 && needed.size() < 256)
            needed.push_back(val);
        else if (tag == 15)  // DT_RPATH
            rpath = val;
        else if (tag == 29)  // DT_RUNPATH
            runpath = val;
    }
    if (!strtab)
        return info;
    auto stringAt = [&](std::uint64_t offset, std::size_t limit = 256) -> std::optional<std::string> {
        for (const auto& l : loads) {
            if (*strtab >= l[0] && *strtab < l[0] + l[2]) {
                std::vector<std::uint8_t> name;
                const std::uint64_t off = l[1] + (*strtab - l[0]) + offset;
                readBytes(in, off, limit, name);
                const auto end = std::find(name.begin(), name.end(), 0);
                if (end != name.end())
                    return std::string(name.begin(), end);
                return std::nullopt;
            }
        }
        return std::nullopt;
    };
    if (soname)
        info.soname = stringAt(*soname);
    for (const auto off : needed)
        if (auto n = stringAt(off))
            info.needed.push_back(std::move(*n));
    auto split = [](const std::string& list) {
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start <= list.size()) {
            const std::size_t end = std::min(list.find(':', start), list.size());
            if (end > start)
                out.push_back(list.substr(start, end - start));
            start = end + 1;
        }
        return out;
    };
    if (rpath)
        if (auto r = stringAt(*rpath, 4096))
            info.rpath = split(*r);
    if (runpath) {
        info.hasRunpath = true;
        if (auto r = stringAt(*runpath, 4096))
            info.runpath = split(*r);
    }
    return info;
}

namespace {
// File range of the read-only data section (.rodata / .rdata), from the section table.
std::optional<std::pair<std::uint64_t, std::uint64_t>> readOnlyDataRange(std::ifstream& in)
{
    std::vector<std::uint8_t> h;
    if (!readBytes(in, 0, 64, h))
        return std::nullopt;
    if (std::memcmp(h.data(), "\x7f" "ELF", 4) == 0) {
        if (h[4] != 2 || h[5] != 1)
            return std::nullopt;
        const std::uint64_t shoff = le64(&h[40]);
        const std::uint16_t shentsize = le16(&h[58]), shnum = le16(&h[60]), shstrndx = le16(&h[62]);
        if (shoff == 0 || shentsize < 64 || shnum == 0 || shnum > 4096 || shstrndx >= shnum)
            return std::nullopt;
        std::vector<std::uint8_t> sh;
        if (!readBytes(in, shoff, std::size_t(shentsize) * shnum, sh))
            return std::nullopt;
        const std::uint8_t* names = &sh[std::size_t(shstrndx) * shentsize];
        const std::uint64_t namesOff = le64(names + 24), namesSize = le64(names + 32);
        std::vector<std::uint8_t> strs;
        if (namesSize == 0 || namesSize > (1u << 20) || !readBytes(in, namesOff, static_cast<std::size_t>(namesSize), strs))
            return std::nullopt;
        for (std::size_t i = 0; i < shnum; ++i) {
            const std::uint8_t* s = &sh[i * shentsize];
            const std::uint32_t nameOff = le32(s);
            if (nameOff >= strs.size())
                continue;
            const char* n = reinterpret_cast<const char*>(&strs[nameOff]);
            if (std::strncmp(n, ".rodata", std::min<std::size_t>(8, strs.size() - nameOff)) == 0)
                return std::make_pair(le64(s + 24), le64(s + 32));
        }
        return std::nullopt;
    }
    if (h[0] != 'M' || h[1] != 'Z')
        return std::nullopt;
    const std::uint32_t peOff = le32(&h[60]);
    std::vector<std::uint8_t> fh;
    if (peOff > (1u << 20) || !readBytes(in, peOff, 24, fh) || std::memcmp(fh.data(), "PE\0\0", 4) != 0)
        return std::nullopt;
    const std::uint16_t count = le16(&fh[6]), optSize = le16(&fh[20]);
    std::vector<std::uint8_t> sec;
    if (count == 0 || count > 96 || !readBytes(in, peOff + 24 + optSize, std::size_t(count) * 40, sec))
        return std::nullopt;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t* s = &sec[i * 40];
        if (std::memcmp(s, ".rdata\0", 7) == 0)
            return std::make_pair(std::uint64_t(le32(s + 20)), std::uint64_t(le32(s + 16)));
    }
    return std::nullopt;
}
}  // namespace

std::vector<std::string> cudaLibraryNames(const std::string& path, std::uint64_t limit, std::uint64_t* bytesRead)
{
    if (bytesRead)
        *bytesRead = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    const auto range = readOnlyDataRange(in);
    const std::uint64_t begin = range ? range->first : 0;
    const std::uint64_t size = std::min<std::uint64_t>(range ? range->second : limit, limit);
    // The scanner verify uses on the same bytes as they stream out of an archive (archive/cudabuild.h).
    CudaNameScanner scanner;
    constexpr std::size_t kChunk = 1u << 20;
    std::vector<char> buf(kChunk);
    in.clear();
    in.seekg(static_cast<std::streamoff>(begin));
    for (std::uint64_t done = 0; done < size;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, size - done));
        in.read(buf.data(), static_cast<std::streamsize>(n));
        const auto got = static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount()));
        if (got == 0)
            break;
        scanner.feed(reinterpret_cast<const std::uint8_t*>(buf.data()), got);
        done += got;
        if (bytesRead)
            *bytesRead = done;
        if (got < n)
            break;
    }
    scanner.finish();
    return scanner.nameList();
}

PeQuick readPeQuick(const std::string& path)
{
    // readPeFile seeks to the headers and the resource section only; it never reads the body.
    const PeInfo info = readPeFile(path);
    PeQuick q;
    q.isPe = info.isPe;
    q.isX64 = info.isX64();
    q.machine = info.machine;
    q.fileVersion = info.fileVersion;
    q.fileDescription = info.fileDescription;
    q.imports = info.imports;
    q.importsRead = info.importsRead;
    return q;
}

}  // namespace cudnnsetup
