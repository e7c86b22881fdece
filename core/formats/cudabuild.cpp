#include "formats/cudabuild.h"

#include "formats/elfreader.h"
#include "formats/pereader.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>

namespace cudnnsetup {

namespace {

// The libraries whose numbers follow the CUDA major, longest first where one is a prefix of another.
constexpr std::array<std::string_view, 4> kStems{"cublasLt", "cublas", "cudart", "nvrtc"};
constexpr int kMinMajor = 9, kMaxMajor = 30;  // the CUDA majors cuDNN 8/9 were or may be built for

bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }
bool isWordChar(unsigned char c) { return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_'; }
// What may continue a name: after a whole name, none of these may follow.
bool isNameChar(unsigned char c) { return isWordChar(c) || c == '.' || c == '-'; }
unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c | 0x20) : c; }

struct Match {
    std::size_t length = 0;
    int major = 0;
};

// Reads one name at the start of [p, p + n); bytes past n are the end. Never reads more than
// CudaNameScanner::kMaxNameLength + 1 bytes (the name and the byte that must end it).
class Cursor {
public:
    Cursor(const unsigned char* p, std::size_t n) : m_p(p), m_n(n) {}
    std::size_t at() const { return m_i; }
    bool literal(std::string_view s, bool foldCase)
    {
        if (m_n - m_i < s.size())
            return false;
        for (std::size_t k = 0; k < s.size(); ++k) {
            const unsigned char c = m_p[m_i + k], want = static_cast<unsigned char>(s[k]);
            if (foldCase ? lower(c) != lower(want) : c != want)
                return false;
        }
        m_i += s.size();
        return true;
    }
    // A run of min..max digits (a longer run is no match: it is not a number we know); -1 if none.
    int number(std::size_t min, std::size_t max, std::size_t* digits = nullptr)
    {
        std::size_t k = 0;
        int v = 0;
        while (m_i + k < m_n && isDigit(m_p[m_i + k])) {
            if (++k > max)
                return -1;
            v = v * 10 + (m_p[m_i + k - 1] - '0');
        }
        if (k < min)
            return -1;
        m_i += k;
        if (digits)
            *digits = k;
        return v;
    }
    bool peek(char c) const { return m_i < m_n && m_p[m_i] == static_cast<unsigned char>(c); }
    bool ended() const { return m_i >= m_n || !isNameChar(m_p[m_i]); }

private:
    const unsigned char* m_p;
    std::size_t m_n;
    std::size_t m_i = 0;
};

std::optional<Match> checked(const Cursor& c, int major)
{
    if (!c.ended() || major < kMinMajor || major > kMaxMajor || c.at() > CudaNameScanner::kMaxNameLength)
        return std::nullopt;
    return Match{c.at(), major};
}

// cublasLt64_12.dll, cudart64_110.dll, nvrtc64_120_0.dll: the loader folds case on Windows.
std::optional<Match> dllNameAt(const unsigned char* p, std::size_t n)
{
    for (const std::string_view stem : kStems) {
        Cursor c(p, n);
        if (!c.literal(stem, true) || !c.literal("64_", false))
            continue;
        std::size_t digits = 0;
        const int v = c.number(2, 3, &digits);
        if (v < 0)
            return std::nullopt;
        if (c.peek('_') && (!c.literal("_", false) || c.number(1, 2) < 0))  // NVRTC's "_0"
            return std::nullopt;
        if (!c.literal(".dll", true))
            return std::nullopt;
        return checked(c, digits == 3 ? v / 10 : v);  // "110" is 11.0, "12" is 12
    }
    return std::nullopt;
}

// libcublasLt.so.12, libcudart.so.11.0, libnvrtc.so.12.8: Linux names are case-sensitive.
std::optional<Match> soNameAt(const unsigned char* p, std::size_t n)
{
    for (const std::string_view stem : kStems) {
        Cursor c(p, n);
        if (!c.literal("lib", false) || !c.literal(stem, false) || !c.literal(".so.", false))
            continue;
        const int major = c.number(1, 3);
        if (major < 0)
            return std::nullopt;
        for (int part = 0; part < 3 && c.peek('.'); ++part)
            if (!c.literal(".", false) || c.number(1, 4) < 0)
                return std::nullopt;
        return checked(c, major);
    }
    return std::nullopt;
}

std::optional<Match> nameAt(const unsigned char* p, std::size_t n)
{
    return p[0] == 'l' ? soNameAt(p, n) : dllNameAt(p, n);
}

// The first bytes a name can begin with: c/C (cublas, cudart), n/N (nvrtc), l (lib...).
constexpr std::array<bool, 256> kStarts = [] {
    std::array<bool, 256> t{};
    for (const unsigned char c : {'c', 'C', 'n', 'N', 'l'})
        t[c] = true;
    return t;
}();

}  // namespace

std::optional<int> cudaMajorOfImport(std::string_view libraryName)
{
    if (libraryName.empty())
        return std::nullopt;
    const auto* p = reinterpret_cast<const unsigned char*>(libraryName.data());
    const auto m = nameAt(p, libraryName.size());
    if (!m || m->length != libraryName.size())
        return std::nullopt;
    return m->major;
}

std::optional<int> cudaMajorOfText(std::string_view cuda)
{
    int major = 0;
    std::size_t i = 0;
    for (; i < cuda.size() && i < 3 && cuda[i] >= '0' && cuda[i] <= '9'; ++i)
        major = major * 10 + (cuda[i] - '0');
    if (i == 0 || (i < cuda.size() && cuda[i] != '.'))
        return std::nullopt;
    return major;
}

std::optional<int> cudaMajorFromNames(const std::vector<std::string>& names)
{
    std::optional<int> major;
    for (const auto& n : names) {
        const auto found = cudaMajorOfImport(n);
        if (!found)
            continue;
        if (major && *major != *found)
            return std::nullopt;  // two majors: no verdict (see the header)
        major = found;
    }
    return major;
}

void CudaNameScanner::feed(const std::uint8_t* data, std::size_t size)
{
    while (size > 0) {
        const std::size_t take = std::min(size, kBlock);
        m_buffer.append(reinterpret_cast<const char*>(data), take);
        scan(false);
        data += take;
        size -= take;
    }
}

void CudaNameScanner::gap()
{
    finish();
}

void CudaNameScanner::finish()
{
    scan(true);
    m_buffer.clear();
    m_from = 0;
}

void CudaNameScanner::scan(bool atEnd)
{
    const auto* b = reinterpret_cast<const unsigned char*>(m_buffer.data());
    const std::size_t n = m_buffer.size();
    // A position is decided once a whole name and the byte after it could be seen from it, or at the end.
    const std::size_t decidable = atEnd ? n : (n > kMaxNameLength ? n - kMaxNameLength : 0);
    if (decidable > m_from) {
        auto tryAt = [&](std::size_t anchor, std::size_t back) {
            if (anchor < back)
                return;
            const std::size_t p = anchor - back;
            if (p < m_from || p >= decidable || !kStarts[b[p]] || (p > 0 && isWordChar(b[p - 1])))
                return;
            if (const auto m = nameAt(b + p, n - p); m && m_names.size() < kMaxNames)
                m_names.emplace(m_buffer.substr(p, m->length));
        };
        // Every name has an anchor a fixed distance from its start: cublasLt64_12.dll the '_' after
        // "<stem>64", libnvrtc.so.12 the '.' after "lib<stem>". memchr finds those far faster than a
        // test of every byte (a tarball's libraries are scanned whole: a gigabyte and more).
        const std::size_t end = std::min(n, decidable + kMaxNameLength);
        for (const char anchor : {'_', '.'})
            for (const unsigned char* at = b + m_from;
                 (at = static_cast<const unsigned char*>(std::memchr(at, anchor, end - std::size_t(at - b)))); ++at)
                for (const std::string_view stem : kStems)
                    tryAt(std::size_t(at - b), stem.size() + (anchor == '_' ? 2 : 3));
    }
    if (atEnd)
        return;
    // Keep the undecided bytes and the one before them (it says whether a name may start there).
    const std::size_t from = std::max(decidable, m_from);
    const std::size_t keep = from > 0 ? from - 1 : 0;
    m_buffer.erase(0, keep);
    m_from = from - keep;
}

std::optional<CudaImport> cudaEvidenceOf(const std::string& file, const std::vector<std::string>& imports,
                                         const std::vector<std::string>& namesInData)
{
    for (const auto& imported : imports)
        if (const auto major = cudaMajorOfImport(imported))
            return CudaImport{*major, file, imported, false};
    const auto major = cudaMajorFromNames(namesInData);
    if (!major)
        return std::nullopt;
    for (const auto& n : namesInData)  // sorted: cublasLt.. before nvrtc.., the one users know
        if (cudaMajorOfImport(n) == major)
            return CudaImport{*major, file, n, true};
    return std::nullopt;
}

std::vector<std::string> cudaLibraryNames(const std::string& path, std::uint64_t limit, std::uint64_t* bytesRead)
{
    if (bytesRead)
        *bytesRead = 0;
    // The read-only data section from the section table of whichever format it is.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> range;
    if (const ElfFacts elf = readElfFile(path); elf.isElf)
        range = elf.readOnlyData;
    else
        range = readPeFile(path).readOnlyData;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return {};
    const std::uint64_t begin = range ? range->first : 0;
    const std::uint64_t size = std::min<std::uint64_t>(range ? range->second : limit, limit);
    CudaNameScanner scanner;
    constexpr std::size_t kChunk = 1u << 20;
    std::vector<char> buf(kChunk);
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

}  // namespace cudnnsetup
