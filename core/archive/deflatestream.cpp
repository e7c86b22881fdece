#include "archive/deflatestream.h"

#include <array>
#include <bit>
#include <cstring>
#include <limits>

namespace cudnnsetup::deflate {

namespace {

static_assert(std::endian::native == std::endian::little, "the bit reader loads 8 bytes as one little-endian word");

constexpr std::array<std::uint16_t, 29> kLengthBase{3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> kLengthExtra{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                    2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::uint16_t, 30> kDistanceBase{1,    2,    3,    4,    5,    7,     9,     13,    17,    25,
                                                      33,   49,   65,   97,   129,  193,   257,   385,   513,   769,
                                                      1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::uint8_t, 30> kDistanceExtra{0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                      6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::array<std::uint8_t, 19> kCodeLengthOrder{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// LSB-first bit reader over a bounded buffer. Past the end it reads zero bits and says so
// (overrun), so the hot loop needs no bounds check per symbol.
class BitReader {
public:
    BitReader(const std::uint8_t* data, std::size_t size, std::uint64_t bit) : m_data(data), m_size(size) { seek(bit); }
    void seek(std::uint64_t bit)
    {
        m_byte = bit / 8;
        m_buf = 0;
        m_count = 0;
        refill();
        drop(static_cast<unsigned>(bit % 8));
    }
    // Afterwards at least 56 bits are buffered.
    void refill()
    {
        if (m_byte + 8 <= m_size) {
            std::uint64_t w;
            std::memcpy(&w, m_data + m_byte, 8);
            m_buf |= w << m_count;
            const unsigned take = (63 - m_count) >> 3;
            m_byte += take;
            m_count += take * 8;
            return;
        }
        while (m_count <= 56) {
            const std::uint64_t b = m_byte < m_size ? m_data[m_byte] : 0;
            m_buf |= b << m_count;
            ++m_byte;
            m_count += 8;
        }
    }
    std::uint32_t peek(unsigned n) const { return static_cast<std::uint32_t>(m_buf & ((std::uint64_t(1) << n) - 1)); }
    void drop(unsigned n)
    {
        m_buf >>= n;
        m_count -= n;
    }
    std::uint32_t take(unsigned n)
    {
        if (m_count < n)
            refill();
        const std::uint32_t v = peek(n);
        drop(n);
        return v;
    }
    unsigned buffered() const { return m_count; }
    std::uint64_t position() const { return m_byte * 8 - m_count; }
    bool overrun() const { return position() > std::uint64_t(m_size) * 8; }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::uint64_t m_byte = 0;  // next byte to load (may run past m_size: zeros)
    std::uint64_t m_buf = 0;
    unsigned m_count = 0;
};

// A canonical Huffman code as one flat table indexed by the next `bits` input bits.
struct Table {
    std::vector<std::uint32_t> entries;  // symbol | length << 16; length 0: no such code
    unsigned bits = 0;
};

std::uint32_t reverseBits(std::uint32_t code, unsigned length)
{
    std::uint32_t r = 0;
    for (unsigned i = 0; i < length; ++i) {
        r = (r << 1) | (code & 1);
        code >>= 1;
    }
    return r;
}

// Only complete codes: an incomplete or over-subscribed one is refused (stricter than zlib, which
// allows one lone code: see the header comment for why strict is the safe side).
bool build(const std::uint8_t* lengths, unsigned n, Table& t)
{
    std::array<unsigned, 16> count{};
    for (unsigned i = 0; i < n; ++i)
        ++count[lengths[i]];
    count[0] = 0;
    unsigned maxLength = 0;
    int left = 1;
    for (unsigned l = 1; l < 16; ++l) {
        left = (left << 1) - static_cast<int>(count[l]);
        if (left < 0)
            return false;
        if (count[l])
            maxLength = l;
    }
    if (left != 0 || maxLength == 0)
        return false;
    std::array<std::uint32_t, 16> next{};
    std::uint32_t code = 0;
    for (unsigned l = 1; l < 16; ++l) {
        code = (code + count[l - 1]) << 1;
        next[l] = code;
    }
    t.bits = maxLength;
    t.entries.assign(std::size_t(1) << maxLength, 0);
    for (unsigned sym = 0; sym < n; ++sym) {
        const unsigned l = lengths[sym];
        if (!l)
            continue;
        const std::uint32_t r = reverseBits(next[l]++, l);
        for (std::uint32_t i = r; i < t.entries.size(); i += std::uint32_t(1) << l)
            t.entries[i] = sym | (l << 16);
    }
    return true;
}

struct FixedTables {
    Table literal, distance;
    FixedTables()
    {
        std::array<std::uint8_t, 288> l{};
        for (unsigned i = 0; i < 288; ++i)
            l[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
        build(l.data(), 288, literal);
        std::array<std::uint8_t, 32> d{};
        d.fill(5);
        build(d.data(), 32, distance);
    }
};

const FixedTables& fixedTables()
{
    static const FixedTables t;
    return t;
}

bool decodeSymbol(BitReader& br, const Table& t, unsigned& symbol)
{
    if (br.buffered() < 15)
        br.refill();
    const std::uint32_t e = t.entries[br.peek(t.bits)];
    const unsigned length = e >> 16;
    if (!length)
        return false;
    br.drop(length);
    symbol = e & 0xffff;
    return true;
}

// The header of a dynamic block, after BFINAL and BTYPE.
bool readDynamicHeader(BitReader& br, Table& literal, Table& distance)
{
    const unsigned nlit = br.take(5) + 257, ndist = br.take(5) + 1, ncode = br.take(4) + 4;
    if (nlit > 286 || ndist > 30)
        return false;
    std::array<std::uint8_t, 19> codeLengths{};
    for (unsigned i = 0; i < ncode; ++i)
        codeLengths[kCodeLengthOrder[i]] = static_cast<std::uint8_t>(br.take(3));
    thread_local Table codes;  // reused: the block finder tries many headers
    if (!build(codeLengths.data(), 19, codes))
        return false;
    std::array<std::uint8_t, 286 + 30> lengths{};
    unsigned i = 0;
    while (i < nlit + ndist) {
        unsigned sym = 0;
        if (!decodeSymbol(br, codes, sym))
            return false;
        if (sym < 16) {
            lengths[i++] = static_cast<std::uint8_t>(sym);
            continue;
        }
        unsigned repeat = 0;
        std::uint8_t value = 0;
        if (sym == 16) {
            if (i == 0)
                return false;
            value = lengths[i - 1];
            repeat = 3 + br.take(2);
        } else if (sym == 17) {
            repeat = 3 + br.take(3);
        } else {
            repeat = 11 + br.take(7);
        }
        if (i + repeat > nlit + ndist)
            return false;
        for (unsigned k = 0; k < repeat; ++k)
            lengths[i++] = value;
    }
    if (lengths[256] == 0)
        return false;
    return build(lengths.data(), nlit, literal) && build(lengths.data() + nlit, ndist, distance) && !br.overrun();
}

constexpr std::uint64_t kNoTarget = std::numeric_limits<std::uint64_t>::max();
constexpr std::size_t kMaxFirstBlock = 1u << 20;

// True when the last kWindow symbols of out[0, n) hold no marker (and there are that many).
bool windowClean(const std::uint16_t* out, std::size_t n)
{
    if (n < kWindow)
        return false;
    std::uint16_t any = 0;
    for (std::size_t i = n - kWindow; i < n; ++i)  // vectorised: an OR of the high bits
        any |= out[i];
    return (any & kMarker) == 0;
}

// `out` holds the output since the segment's start (markers count from there); decoding goes on
// at `bit`, a block start. `checkFirst`: the stop conditions apply at `bit` already.
MarkerRun runBlocks(const std::uint8_t* data, std::size_t size, std::uint64_t bit, std::uint64_t targetBit,
                    std::size_t maxOutput, bool stopWhenClean, unsigned maxBlocks, bool checkFirst,
                    std::vector<std::uint16_t>& out)
{
    MarkerRun r;
    BitReader br(data, size, bit);
    // Written through a raw pointer into room made ahead (a push_back per symbol cost a third of the time).
    std::size_t n = out.size();
    auto finish = [&](MarkerRun::End end, std::uint64_t at) {
        out.resize(n);
        r.end = end;
        r.bit = at;
        return r;
    };
    auto failed = [&] {
        out.resize(n);
        return r;
    };
    constexpr std::size_t kMaxSymbolsPerStep = 258;
    // Grown a step at a time (the vector's own growth amortises the copies): a doubled size would
    // zero-fill, and so make resident, twice what a segment needs.
    auto room = [&](std::size_t need) {
        if (n + need > out.size())
            out.resize(n + need + (64u << 10));
    };
    bool final = false;
    thread_local Table literal, distance;  // reused: a fresh table per block header cost more than the block
    for (unsigned block = 0;; ++block) {
        const std::uint64_t pos = br.position();
        if (br.overrun())
            return failed();
        if (block > 0 || checkFirst) {
            if (final && block > 0)
                return finish(MarkerRun::End::Final, pos);
            if (targetBit != kNoTarget && pos >= targetBit) {
                if (pos > targetBit)
                    return failed();
                return finish(MarkerRun::End::Target, pos);
            }
            if (stopWhenClean && windowClean(out.data(), n))
                return finish(MarkerRun::End::Clean, pos);
            if (block >= maxBlocks && block > 0)
                return finish(MarkerRun::End::Target, pos);  // the caller's "one block decoded" (see findBlockStart)
        }
        final = br.take(1) != 0;
        const unsigned type = br.take(2);
        if (type == 0) {
            const std::uint64_t aligned = (br.position() + 7) & ~std::uint64_t(7);
            br.seek(aligned);
            const std::uint32_t length = br.take(16), complement = br.take(16);
            const std::uint64_t first = aligned / 8 + 4;
            if ((length ^ 0xffff) != complement || first + length > size || n + length > maxOutput)
                return failed();
            room(length);
            std::uint16_t* o = out.data();
            for (std::uint32_t k = 0; k < length; ++k)
                o[n + k] = data[first + k];
            n += length;
            br.seek((first + length) * 8);
            continue;
        }
        const Table* lit = &fixedTables().literal;
        const Table* dist = &fixedTables().distance;
        if (type == 2) {
            if (!readDynamicHeader(br, literal, distance))
                return failed();
            lit = &literal;
            dist = &distance;
        } else if (type != 1) {
            return failed();
        }
        const std::uint32_t* litEntries = lit->entries.data();
        const std::uint32_t* distEntries = dist->entries.data();
        const unsigned litBits = lit->bits, distBits = dist->bits;
        for (;;) {
            if (br.buffered() < 48)
                br.refill();
            if (br.overrun() || n > maxOutput)
                return failed();
            room(kMaxSymbolsPerStep);
            std::uint16_t* o = out.data();
            std::uint32_t e = litEntries[br.peek(litBits)];
            unsigned length = e >> 16;
            if (!length)
                return failed();
            br.drop(length);
            unsigned sym = e & 0xffff;
            if (sym < 256) {
                if (n >= maxOutput)
                    return failed();
                o[n++] = static_cast<std::uint16_t>(sym);
                continue;
            }
            if (sym == 256)
                break;
            sym -= 257;
            if (sym >= kLengthBase.size())
                return failed();
            const unsigned copyLength = kLengthBase[sym] + br.take(kLengthExtra[sym]);
            e = distEntries[br.peek(distBits)];
            length = e >> 16;
            if (!length)
                return failed();
            br.drop(length);
            const unsigned dsym = e & 0xffff;
            if (dsym >= kDistanceBase.size())
                return failed();
            const std::size_t back = kDistanceBase[dsym] + br.take(kDistanceExtra[dsym]);
            if (n + copyLength > maxOutput)
                return failed();
            std::uint16_t* to = o + n;
            if (back <= n) {
                const std::uint16_t* from = to - back;
                if (back >= copyLength) {
                    std::memcpy(to, from, copyLength * sizeof(std::uint16_t));
                } else {
                    for (unsigned k = 0; k < copyLength; ++k)  // overlapping: a run
                        to[k] = from[k];
                }
            } else {
                for (unsigned k = 0; k < copyLength; ++k) {
                    const std::size_t at = n + k;
                    // Before the start: byte (kWindow - (back - at)) of the unknown window.
                    to[k] = at >= back ? o[at - back] : static_cast<std::uint16_t>(kMarker | (kWindow - (back - at)));
                }
            }
            n += copyLength;
        }
    }
}

// The Kraft sum (in 1/128ths) of four 3-bit code-length-code lengths packed in 12 bits.
const std::array<std::uint16_t, 4096>& precodeKraftTable()
{
    static const std::array<std::uint16_t, 4096> t = [] {
        std::array<std::uint16_t, 4096> v{};
        for (unsigned x = 0; x < 4096; ++x)
            for (unsigned k = 0; k < 4; ++k) {
                const unsigned l = (x >> (3 * k)) & 7;
                v[x] = static_cast<std::uint16_t>(v[x] + (l ? 1u << (7 - l) : 0u));
            }
        return v;
    }();
    return t;
}

std::uint64_t bitsAt(const std::uint8_t* data, std::size_t size, std::uint64_t bit)
{
    const std::size_t byte = bit / 8;
    std::uint64_t w = 0;
    if (byte + 8 <= size)
        std::memcpy(&w, data + byte, 8);
    else if (byte < size)
        std::memcpy(&w, data + byte, size - byte);
    return w >> (bit % 8);
}

}  // namespace

std::optional<std::uint64_t> findBlockStart(const std::uint8_t* data, std::size_t size, std::uint64_t fromBit,
                                            std::uint64_t toBit, FirstBlock* first)
{
    const auto& kraft = precodeKraftTable();
    toBit = std::min<std::uint64_t>(toBit, std::uint64_t(size) * 8);
    std::vector<std::uint16_t> own;
    std::vector<std::uint16_t>& scratch = first ? first->symbols : own;
    std::uint64_t b = fromBit;
    while (b < toBit) {
        // One load serves the next 40-odd positions. The first 13 header bits are tested for all of
        // them at once, as a bit mask: BFINAL 0, BTYPE 2 (bits 0 1 = 0, bit 2 = 1), HLIT <= 29 and
        // HDIST <= 29 (their top four bits not all set). About one position in nine is left.
        const std::uint64_t w = bitsAt(data, size, b);
        const unsigned steps = static_cast<unsigned>(std::min<std::uint64_t>(64 - b % 8 - 13, toBit - b));
        std::uint64_t mask = ~w & ~(w >> 1) & (w >> 2) & ~((w >> 4) & (w >> 5) & (w >> 6) & (w >> 7)) &
                             ~((w >> 9) & (w >> 10) & (w >> 11) & (w >> 12));
        mask &= steps >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << steps) - 1;
        while (mask) {
            const std::uint64_t at = b + static_cast<unsigned>(std::countr_zero(mask));
            mask &= mask - 1;
            // The code-length code: its HCLEN + 4 lengths (3 bits each) must form a complete code.
            const unsigned ncode = static_cast<unsigned>(bitsAt(data, size, at + 13) & 15) + 4;
            std::uint64_t lengths = bitsAt(data, size, at + 17);
            lengths &= (std::uint64_t(1) << (3 * ncode)) - 1;
            const unsigned sum = kraft[lengths & 4095] + kraft[(lengths >> 12) & 4095] + kraft[(lengths >> 24) & 4095] +
                                 kraft[(lengths >> 36) & 4095] + kraft[(lengths >> 48) & 4095];
            if (sum != 128)
                continue;
            // Then the whole first block has to decode. Its output is bounded: a real block rarely holds
            // more than 64 Ki symbols; a false start that decodes on and on is given up.
            scratch.clear();
            const MarkerRun one = runBlocks(data, size, at, kNoTarget, kMaxFirstBlock, false, 1, false, scratch);
            if (one.end == MarkerRun::End::Target) {
                if (first)
                    first->endBit = one.bit;
                return at;
            }
        }
        b += steps;
    }
    return std::nullopt;
}

MarkerRun inflateWithMarkers(const std::uint8_t* data, std::size_t size, std::uint64_t bit,
                             std::uint64_t targetBit, std::size_t maxOutput, bool stopWhenClean,
                             std::vector<std::uint16_t>& out)
{
    return runBlocks(data, size, bit, targetBit, maxOutput, stopWhenClean, std::numeric_limits<unsigned>::max(),
                     !out.empty(), out);
}

}  // namespace cudnnsetup::deflate
