#include "archive/deflatedecoder.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace cudnnsetup::deflate {

static_assert(std::endian::native == std::endian::little, "the refill loads 8 stream bytes as one little-endian word");

namespace {

constexpr std::size_t kHistory = 32768;
// A match (258) and the overrun of its 8-byte copies (at most 40 - 3), or four literals: what the
// fast loop may write past its bound; the slow path keeps to the same bound.
constexpr std::size_t kSlack = 258 + 64;
// More than the longest block header (3 + 14 + 57 + 316 x 14 bits: 567 bytes) and a refill.
constexpr std::size_t kCarry = 2048;

// A table entry (32 bits), as libdeflate lays them out so that the bits an entry uses can be
// consumed before the entry is even tested:
//   bits 0-7   bits to consume: the codeword (in this table) and, for lengths and distances, the extra bits
//   bits 8-11  the codeword's length in this table (where the extra bits start); a subtable's index bits
//   bits 12-15 flags: kExceptional (end of block, subtable, invalid), kSubtable, kEndOfBlock
//   bits 16-31 literal byte | length or distance base | subtable start
//   bit 31     kLiteral (a literal's byte sits in bits 16-23)
constexpr std::uint32_t kLiteral = 1u << 31;
constexpr std::uint32_t kExceptional = 1u << 15;
constexpr std::uint32_t kSubtable = 1u << 14;
constexpr std::uint32_t kEndOfBlock = 1u << 13;
constexpr std::uint32_t kInvalid = kExceptional;
// Where an incomplete code (zlib's one-bit or empty code) has no codeword: zlib decides that with
// one bit, and so does the decoder (the low byte: the bits this entry needs to be certain).
constexpr std::uint32_t kNoCodeword = kInvalid | 1;

constexpr unsigned kLitBits = 11;   // libdeflate's choice: literal codes fit, the table stays in L1
constexpr unsigned kDistBits = 8;
constexpr unsigned kPreBits = 7;
constexpr std::uint64_t kLitMask = (1u << kLitBits) - 1;
constexpr std::uint64_t kDistMask = (1u << kDistBits) - 1;
// Main table, then one subtable (of the longest code's remaining bits) per long prefix.
constexpr std::size_t kLitTable = (1u << kLitBits) + 288 * (1u << (15 - kLitBits));
constexpr std::size_t kDistTable = (1u << kDistBits) + 32 * (1u << (15 - kDistBits));

constexpr std::uint16_t kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,  15,  17,  19,  23, 27,
                                           31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::uint8_t kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::uint16_t kDistBase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                         193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::uint8_t kDistExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                         6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::uint8_t kPrecodeOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

std::uint32_t litlenEntry(unsigned s, unsigned len)
{
    if (s < 256)
        return kLiteral | (s << 16) | len;
    if (s == 256)
        return kExceptional | kEndOfBlock | len;
    if (s >= 286)
        return kInvalid | len;
    const unsigned i = s - 257;
    return (std::uint32_t(kLengthBase[i]) << 16) | (len << 8) | (len + kLengthExtra[i]);
}

std::uint32_t distEntry(unsigned s, unsigned len)
{
    if (s >= 30)
        return kInvalid | len;
    return (std::uint32_t(kDistBase[s]) << 16) | (len << 8) | (len + kDistExtra[s]);
}

std::uint32_t precodeEntry(unsigned s, unsigned len) { return (s << 16) | len; }

constexpr auto kByteReversed = [] {
    std::array<std::uint8_t, 256> r{};
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned i = 0; i < 8; ++i)
            if (b & (1u << i))
                r[b] |= static_cast<std::uint8_t>(0x80u >> i);
    return r;
}();

// A canonical code's bits in deflate's order (its first bit is the stream's first): len <= 15.
inline unsigned reverseBits(unsigned code, unsigned len)
{
    return ((unsigned(kByteReversed[code & 0xff]) << 8) | kByteReversed[(code >> 8) & 0xff]) >> (16 - len);
}

// The decoding table of a canonical Huffman code. False where zlib's inflate_table refuses the
// code: over-subscribed, or incomplete unless it is a single one-bit code (never for the precode).
// A code with no symbols at all is accepted (every entry invalid): zlib accepts it for distances.
template <class EntryFn>
bool buildTable(const std::uint8_t* lens, unsigned n, unsigned tableBits, std::uint32_t* table, std::size_t capacity,
                bool precode, EntryFn entry)
{
    unsigned count[16] = {};
    for (unsigned s = 0; s < n; ++s)
        ++count[lens[s]];
    count[0] = 0;
    unsigned maxLen = 15;
    while (maxLen > 0 && count[maxLen] == 0)
        --maxLen;
    const std::size_t mainSize = std::size_t(1) << tableBits;
    int left = 1;
    for (unsigned len = 1; len <= 15; ++len) {
        left = (left << 1) - static_cast<int>(count[len]);
        if (left < 0)
            return false;
    }
    if (left > 0) {
        // Incomplete: the entries no code reaches stay invalid. (A complete code writes them all.)
        std::fill(table, table + mainSize, kNoCodeword);
        if (maxLen == 0)
            return !precode;  // a precode without symbols can only end in "missing end-of-block"
        if (precode || maxLen != 1)
            return false;
    }
    // Symbols in canonical order (by length, then symbol): codes then simply count up, and the
    // long codes that share a main-table prefix come one after another.
    unsigned offset[16] = {};
    for (unsigned len = 1; len < 15; ++len)
        offset[len + 1] = offset[len] + count[len];
    std::uint16_t sorted[320];
    for (unsigned s = 0; s < n; ++s)
        if (lens[s])
            sorted[offset[lens[s]]++] = static_cast<std::uint16_t>(s);
    const unsigned symbols = offset[15];
    const unsigned subBits = maxLen > tableBits ? maxLen - tableBits : 0;
    std::size_t used = mainSize;
    std::size_t start = 0;
    unsigned lastPrefix = ~0u;
    unsigned code = 0;
    unsigned len = 1;
    unsigned left2 = count[1];
    for (unsigned k = 0; k < symbols; ++k, ++code) {
        while (left2 == 0) {  // to the next length in use: the code gains a bit
            code <<= 1;
            left2 = count[++len];
        }
        --left2;
        const unsigned s = sorted[k];
        const unsigned rev = reverseBits(code, len);
        if (len <= tableBits) {
            const std::uint32_t e = entry(s, len);
            for (std::size_t i = rev; i < mainSize; i += std::size_t(1) << len)
                table[i] = e;
            continue;
        }
        const unsigned prefix = code >> (len - tableBits);
        if (prefix != lastPrefix) {
            if (used + (std::size_t(1) << subBits) > capacity)
                return false;  // cannot happen with the capacities above; refused rather than overrun
            lastPrefix = prefix;
            start = used;
            table[rev & (mainSize - 1)] = kExceptional | kSubtable | (std::uint32_t(start) << 16) | (subBits << 8) | tableBits;
            used += std::size_t(1) << subBits;
            if (left > 0)
                std::fill(table + start, table + used, kNoCodeword);
        }
        const unsigned r = len - tableBits;
        const std::uint32_t e = entry(s, r);
        for (std::size_t i = rev >> tableBits; i < (std::size_t(1) << subBits); i += std::size_t(1) << r)
            table[start + i] = e;
    }
    return true;
}

inline std::uint64_t load64(const std::uint8_t* p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

inline void store64(std::uint8_t* p, std::uint64_t v) { std::memcpy(p, &v, 8); }

inline std::uint64_t lowBits(std::uint64_t v, unsigned n) { return v & ((std::uint64_t(1) << n) - 1); }

// A length's or distance's value: its entry's base plus the extra bits that follow the codeword in
// `saved` (the bit buffer as it was before the entry's bits were consumed).
inline unsigned valueOf(std::uint32_t entry, std::uint64_t saved)
{
    return (entry >> 16) + static_cast<unsigned>(lowBits(saved, static_cast<std::uint8_t>(entry)) >> ((entry >> 8) & 0xf));
}

// Copies a match of `length` bytes from `distance` back, 8 bytes at a time: may write up to 37
// bytes past its end (the slack). Bytes past the end get garbage, later overwritten.
inline void copyMatch(std::uint8_t* out, unsigned length, unsigned distance)
{
    const std::uint8_t* src = out - distance;
    std::uint8_t* const end = out + length;
    if (distance >= 8) {
        // Most matches are short: five words cover them without a loop.
        store64(out, load64(src));
        store64(out + 8, load64(src + 8));
        store64(out + 16, load64(src + 16));
        store64(out + 24, load64(src + 24));
        store64(out + 32, load64(src + 32));
        if (length > 40) {
            out += 40;
            src += 40;
            do {
                store64(out, load64(src));
                out += 8;
                src += 8;
            } while (out < end);
        }
    } else if (distance == 1) {
        const std::uint64_t v = 0x0101010101010101ull * *src;
        do {
            store64(out, v);
            out += 8;
        } while (out < end);
    } else {
        // A period of 2-7 bytes: each word's first `distance` bytes are right (the rest is garbage
        // the next word, `distance` further on, overwrites), so the pattern repeats to the end.
        do {
            store64(out, load64(src));
            out += distance;
            src += distance;
        } while (out < end);
    }
}

// The fast loop: at least 8 stream bytes and kSlack output bytes ahead, so nothing is checked but
// the data. Each pass refills once (56+ bits) and then uses at most 48: four literals of at most 11
// bits, or a length (15 + 5) and a distance (15 + 13). The next entry is looked up from bits that
// are always real: the refill loads all 64. A function of its own with its state in locals, so
// that the compiler keeps it in registers (the slow path's lambdas take their addresses).
enum class FastEnd { Bounds, EndOfBlock, BadLiteralLength, BadDistance, TooFarBack };
struct FastState {
    const std::uint8_t* in;
    std::uint64_t bitbuf;
    unsigned bitsleft;
    std::uint8_t* out;
};

#if defined(__GNUC__) || defined(__clang__)
#define CUDNN_SETUP_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define CUDNN_SETUP_ALWAYS_INLINE inline
#endif

CUDNN_SETUP_ALWAYS_INLINE FastEnd fastLoopBody(FastState& st, const std::uint8_t* inFastEnd, std::uint8_t* outFastEnd,
                                                   const std::uint8_t* buf, const std::uint32_t* lt, const std::uint32_t* dt)
{
    const std::uint8_t* in = st.in;
    std::uint64_t bitbuf = st.bitbuf;
    unsigned bitsleft = st.bitsleft;
    std::uint8_t* out = st.out;
    bitbuf |= load64(in) << bitsleft;
    in += (63 - bitsleft) >> 3;
    bitsleft |= 56;
    std::uint32_t entry = lt[bitbuf & kLitMask];
    while (in <= inFastEnd && out <= outFastEnd) {
        bitbuf |= load64(in) << bitsleft;
        in += (63 - bitsleft) >> 3;
        bitsleft |= 56;
        if (entry & kLiteral) {
            // Up to four literals on one refill (4 x 11 bits); each next entry comes from bits that
            // are real (64 - 44 > 11).
            unsigned more = 3;
            do {
                bitbuf >>= static_cast<std::uint8_t>(entry);
                bitsleft -= static_cast<std::uint8_t>(entry);
                *out++ = static_cast<std::uint8_t>(entry >> 16);
                entry = lt[bitbuf & kLitMask];
            } while ((entry & kLiteral) && more--);
            continue;
        }
        std::uint64_t saved = bitbuf;
        bitbuf >>= static_cast<std::uint8_t>(entry);
        bitsleft -= static_cast<std::uint8_t>(entry);
        if (entry & kExceptional) [[unlikely]] {
            if (entry & kSubtable) {
                entry = lt[(entry >> 16) + lowBits(bitbuf, (entry >> 8) & 0xf)];
                saved = bitbuf;
                bitbuf >>= static_cast<std::uint8_t>(entry);
                bitsleft -= static_cast<std::uint8_t>(entry);
                if (entry & kLiteral) {
                    *out++ = static_cast<std::uint8_t>(entry >> 16);
                    entry = lt[bitbuf & kLitMask];
                    continue;
                }
            }
            if (entry & kExceptional) {
                if (entry & kEndOfBlock) {
                    st.in = in;
                st.bitbuf = bitbuf;
                st.bitsleft = bitsleft;
                st.out = out;
                return FastEnd::EndOfBlock;
                }
                return FastEnd::BadLiteralLength;
            }
        }
        const unsigned length = valueOf(entry, saved);
        entry = dt[bitbuf & kDistMask];
        saved = bitbuf;
        bitbuf >>= static_cast<std::uint8_t>(entry);
        bitsleft -= static_cast<std::uint8_t>(entry);
        if (entry & kExceptional) [[unlikely]] {
            if (entry & kSubtable) {
                entry = dt[(entry >> 16) + lowBits(bitbuf, (entry >> 8) & 0xf)];
                saved = bitbuf;
                bitbuf >>= static_cast<std::uint8_t>(entry);
                bitsleft -= static_cast<std::uint8_t>(entry);
            }
            if (entry & kExceptional)
                return FastEnd::BadDistance;
        }
        const unsigned distance = valueOf(entry, saved);
        entry = lt[bitbuf & kLitMask];
        if (distance > static_cast<std::size_t>(out - buf)) [[unlikely]]
            return FastEnd::TooFarBack;
        copyMatch(out, length, distance);
        out += length;
    }
    // Bits loaded but not counted are the bytes at `in`: the slow path's byte refill ORs the same
    // bits again, so nothing needs undoing.
    st.in = in;
    st.bitbuf = bitbuf;
    st.bitsleft = bitsleft;
    st.out = out;
    return FastEnd::Bounds;
}

// The same loop compiled for BMI2 (shifts by a register without the flags dependency), chosen at run
// time: every x86-64 CPU since 2013 has it; the baseline build must still run on those without.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
[[gnu::target("bmi2")]] FastEnd fastLoopBmi2(FastState& st, const std::uint8_t* inFastEnd, std::uint8_t* outFastEnd,
                                             const std::uint8_t* buf, const std::uint32_t* lt, const std::uint32_t* dt)
{
    return fastLoopBody(st, inFastEnd, outFastEnd, buf, lt, dt);
}
#endif

FastEnd fastLoopBaseline(FastState& st, const std::uint8_t* inFastEnd, std::uint8_t* outFastEnd, const std::uint8_t* buf,
                         const std::uint32_t* lt, const std::uint32_t* dt)
{
    return fastLoopBody(st, inFastEnd, outFastEnd, buf, lt, dt);
}

using FastLoop = FastEnd (*)(FastState&, const std::uint8_t*, std::uint8_t*, const std::uint8_t*, const std::uint32_t*,
                             const std::uint32_t*);
const FastLoop fastLoop = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("bmi2"))
        return &fastLoopBmi2;
#endif
    return &fastLoopBaseline;
}();

}  // namespace

struct DeflateDecoder::Tables {
    std::uint32_t litlen[kLitTable];
    std::uint32_t dist[kDistTable];
    std::uint32_t precode[1u << kPreBits];
    bool fixed = false;  // litlen and dist hold the fixed codes
};

struct DeflateDecoder::SpanEnd {
    std::size_t byte = 0;  // where decoding stands in the span: this byte, of which
    unsigned bit = 0;      // this many bits are used
};

DeflateDecoder::DeflateDecoder() : m_tables(std::make_unique<Tables>()), m_buffer(kHistory + kPiece + kSlack) {}
DeflateDecoder::~DeflateDecoder() = default;

void DeflateDecoder::begin(std::uint64_t bit, const std::uint8_t* byteAtBit, const std::uint8_t* dict,
                           std::size_t dictLength)
{
    m_state = State::Header;
    m_final = false;
    m_storedLeft = 0;
    m_sinkStopped = false;
    m_error.clear();
    m_carry.clear();
    m_carryBits = 0;
    m_fed = bit / 8;
    m_bit = bit;
    if (bit % 8) {
        m_carry.assign(byteAtBit, byteAtBit + 1);
        m_carryByte = bit / 8;
        m_carryBits = static_cast<unsigned>(bit % 8);
        ++m_fed;
    }
    const std::size_t keep = std::min(dictLength, kHistory);
    if (keep)
        std::memcpy(m_buffer.data(), dict + dictLength - keep, keep);
    m_out = m_flushed = keep;
}

bool DeflateDecoder::flush(bool compact)
{
    if (m_out > m_flushed && !m_sinkStopped && !m_sink(m_context, m_buffer.data() + m_flushed, m_out - m_flushed))
        m_sinkStopped = true;
    m_flushed = m_out;
    if (m_sinkStopped)
        return false;
    if (compact && m_out > kHistory) {
        std::memmove(m_buffer.data(), m_buffer.data() + m_out - kHistory, kHistory);
        m_out = m_flushed = kHistory;
    }
    return true;
}

DeflateDecoder::Status DeflateDecoder::feed(const std::uint8_t* data, std::size_t size, Sink sink, void* context)
{
    m_sink = sink;
    m_context = context;
    const std::uint64_t dataByte = m_fed;
    m_fed += size;
    if (m_state == State::Done)
        return Status::Finished;
    if (m_state == State::Error)
        return Status::Failed;
    if (m_sinkStopped)
        return Status::Stopped;

    std::size_t offset = 0;  // where in data decoding goes on, and the bits of that byte already used
    unsigned skip = 0;
    Status status = Status::NeedInput;
    if (!m_carry.empty()) {
        // The unfinished item the last piece left, completed with this piece's first bytes.
        const std::size_t old = m_carry.size();
        const std::size_t take = std::min(size, kCarry - std::min(old, kCarry));
        m_carry.insert(m_carry.end(), data, data + take);
        SpanEnd end;
        status = decodeSpan(m_carry.data(), m_carry.size(), m_carryByte, m_carryBits, end);
        if (status == Status::NeedInput && end.byte < old) {
            if (take < size) {
                m_state = State::Error;
                m_error = "an item longer than the decoder holds (internal limit)";
                status = Status::Failed;
            } else {
                m_carry.erase(m_carry.begin(), m_carry.begin() + static_cast<std::ptrdiff_t>(end.byte));
                m_carryByte += end.byte;
                m_carryBits = end.bit;
            }
            flush(false);
            return status;
        }
        offset = end.byte - old;
        skip = end.bit;
        m_carry.clear();
        m_carryBits = 0;
    }
    if (status == Status::NeedInput && (offset < size || skip)) {
        SpanEnd end;
        status = decodeSpan(data + offset, size - offset, dataByte + offset, skip, end);
        if (status == Status::NeedInput) {
            m_carry.assign(data + offset + end.byte, data + size);
            m_carryByte = dataByte + offset + end.byte;
            m_carryBits = end.bit;
        }
    }
    if (!flush(false) && status != Status::Failed)
        status = Status::Stopped;
    return status;
}

DeflateDecoder::Status DeflateDecoder::decodeSpan(const std::uint8_t* span, std::size_t size, std::uint64_t spanByte,
                                                  unsigned skipBits, SpanEnd& spanEnd)
{
    Tables& t = *m_tables;
    const std::uint8_t* in = span;
    const std::uint8_t* const inEnd = span + size;
    std::uint64_t bitbuf = 0;
    unsigned bitsleft = 0;
    unsigned pad = 0;  // zero bits put in past the span's end, to decode an item that may fit; never used
    if (skipBits) {
        bitbuf = *in++ >> skipBits;
        bitsleft = 8 - skipBits;
    }
    std::uint8_t* const buf = m_buffer.data();
    std::uint8_t* out = buf + m_out;
    std::uint8_t* const outFastEnd = buf + m_buffer.size() - kSlack;

    auto refillSlow = [&] {
        while (bitsleft <= 48) {
            if (in < inEnd)
                bitbuf |= std::uint64_t(*in++) << bitsleft;
            else
                pad += 8;
            bitsleft += 8;
        }
    };
    auto take = [&](unsigned n) {
        if (bitsleft < n)
            refillSlow();
        const std::uint32_t v = static_cast<std::uint32_t>(lowBits(bitbuf, n));
        bitbuf >>= n;
        bitsleft -= n;
        return v;
    };
    auto overread = [&] { return bitsleft < pad; };
    // Where decoding stands: every bit before it is used, none after it.
    auto stand = [&](Status s) {
        const std::size_t pos = static_cast<std::size_t>(in - span) * 8 - (bitsleft - pad);
        spanEnd.byte = pos / 8;
        spanEnd.bit = static_cast<unsigned>(pos % 8);
        m_bit = spanByte * 8 + pos;
        m_out = static_cast<std::size_t>(out - buf);
        return s;
    };
    auto fail = [&](const char* why) {
        m_state = State::Error;
        m_error = why;
        m_out = static_cast<std::size_t>(out - buf);
        return Status::Failed;
    };
    // Output room for one more item (or a run of the fast loop); false when the sink said stop.
    auto room = [&] {
        if (out <= outFastEnd)
            return true;
        m_out = static_cast<std::size_t>(out - buf);
        const bool ok = flush(true);
        out = buf + m_out;
        return ok;
    };

    // An item's start, to go back to when the item turns out to need bits that have not arrived.
    struct Mark {
        const std::uint8_t* in;
        std::uint64_t bitbuf;
        unsigned bitsleft, pad;
    };
    auto mark = [&] { return Mark{in, bitbuf, bitsleft, pad}; };
    auto backTo = [&](const Mark& m) {
        in = m.in;
        bitbuf = m.bitbuf;
        bitsleft = m.bitsleft;
        pad = m.pad;
        return stand(Status::NeedInput);
    };
    // One symbol of `table` (main table, then its subtable), consumed: its entry. `saved` receives
    // the bits its extra bits are read from.
    auto symbol = [&](const std::uint32_t* table, std::uint64_t mask, std::uint64_t& saved) {
        std::uint32_t entry = table[bitbuf & mask];
        saved = bitbuf;
        bitbuf >>= static_cast<std::uint8_t>(entry);
        bitsleft -= static_cast<std::uint8_t>(entry);
        if ((entry & kSubtable) && (entry & kExceptional)) {
            entry = table[(entry >> 16) + lowBits(bitbuf, (entry >> 8) & 0xf)];
            saved = bitbuf;
            bitbuf >>= static_cast<std::uint8_t>(entry);
            bitsleft -= static_cast<std::uint8_t>(entry);
        }
        return entry;
    };

    for (;;) {
        switch (m_state) {
        case State::Done:
            return stand(Status::Finished);
        case State::Error:
            return Status::Failed;

        case State::Header: {
            // A whole header or nothing: with the bits it needs missing, decoding waits at its start.
            const Mark start = mark();
            auto wait = [&] { return backTo(start); };
            // An error seen in bits past the span's end is not one yet: wait for them.
            auto refuse = [&](const char* why) { return overread() ? wait() : fail(why); };
            const unsigned header = take(3);
            const bool final = header & 1;
            const unsigned type = header >> 1;
            if (type == 0) {
                take(bitsleft % 8);  // to the byte boundary (pad and the span's start keep byte alignment)
                const unsigned len = take(16);
                const unsigned nlen = take(16);
                if (overread())
                    return wait();
                if (len != (~nlen & 0xffffu))
                    return fail("invalid stored block lengths");
                // The stored bytes are read straight from the span: give back whole bytes not used.
                in -= (bitsleft - pad) / 8;
                bitbuf = 0;
                bitsleft = pad = 0;
                m_storedLeft = len;
                m_final = final;
                m_state = State::Stored;
                break;
            }
            if (type == 3)
                return refuse("invalid block type");
            if (type == 1) {
                if (overread())
                    return wait();
                if (!t.fixed) {
                    std::uint8_t lens[288 + 32];
                    std::fill(lens, lens + 144, 8);
                    std::fill(lens + 144, lens + 256, 9);
                    std::fill(lens + 256, lens + 280, 7);
                    std::fill(lens + 280, lens + 288, 8);
                    std::fill(lens + 288, lens + 320, 5);
                    buildTable(lens, 288, kLitBits, t.litlen, kLitTable, false, litlenEntry);
                    buildTable(lens + 288, 32, kDistBits, t.dist, kDistTable, false, distEntry);
                    t.fixed = true;
                }
                m_final = final;
                m_state = State::Huffman;
                break;
            }
            const unsigned nlit = take(5) + 257;
            const unsigned ndist = take(5) + 1;
            const unsigned ncode = take(4) + 4;
            if (nlit > 286 || ndist > 30)
                return refuse("too many length or distance symbols");
            std::uint8_t pre[19] = {};
            for (unsigned i = 0; i < ncode; ++i)
                pre[kPrecodeOrder[i]] = static_cast<std::uint8_t>(take(3));
            if (overread())
                return wait();
            if (!buildTable(pre, 19, kPreBits, t.precode, 1u << kPreBits, true, precodeEntry))
                return fail("invalid code lengths set");
            std::uint8_t lens[286 + 30];
            unsigned i = 0;
            while (i < nlit + ndist) {
                if (bitsleft < 14)
                    refillSlow();
                const std::uint32_t e = t.precode[bitbuf & ((1u << kPreBits) - 1)];
                bitbuf >>= e & 0xff;
                bitsleft -= e & 0xff;
                const unsigned sym = e >> 16;
                if (sym < 16) {
                    lens[i++] = static_cast<std::uint8_t>(sym);
                    continue;
                }
                unsigned repeat = 0;
                std::uint8_t value = 0;
                if (sym == 16) {
                    if (i == 0)
                        return refuse("invalid bit length repeat");
                    value = lens[i - 1];
                    repeat = 3 + take(2);
                } else if (sym == 17) {
                    repeat = 3 + take(3);
                } else {
                    repeat = 11 + take(7);
                }
                if (i + repeat > nlit + ndist)
                    return refuse("invalid bit length repeat");
                std::fill(lens + i, lens + i + repeat, value);
                i += repeat;
                if (overread())
                    return wait();
            }
            if (overread())
                return wait();
            if (lens[256] == 0)
                return fail("invalid code -- missing end-of-block");
            if (!buildTable(lens, nlit, kLitBits, t.litlen, kLitTable, false, litlenEntry))
                return fail("invalid literal/lengths set");
            if (!buildTable(lens + nlit, ndist, kDistBits, t.dist, kDistTable, false, distEntry))
                return fail("invalid distances set");
            t.fixed = false;
            m_final = final;
            m_state = State::Huffman;
            break;
        }

        case State::Stored:
            while (m_storedLeft) {
                if (in == inEnd)
                    return stand(Status::NeedInput);
                if (!room())
                    return stand(Status::Stopped);
                const std::size_t n = std::min<std::size_t>(
                    {m_storedLeft, static_cast<std::size_t>(inEnd - in), static_cast<std::size_t>(outFastEnd + kSlack - out)});
                std::memcpy(out, in, n);
                out += n;
                in += n;
                m_storedLeft -= static_cast<std::uint32_t>(n);
            }
            m_state = m_final ? State::Done : State::Header;
            break;

        case State::Huffman: {
            const std::uint32_t* const lt = t.litlen;
            const std::uint32_t* const dt = t.dist;
            bool blockEnded = false;
            if (pad == 0 && inEnd - in >= 8) {
                FastState st{in, bitbuf, bitsleft, out};
                const FastEnd e = fastLoop(st, inEnd - 8, outFastEnd, buf, t.litlen, t.dist);
                in = st.in;
                bitbuf = st.bitbuf;
                bitsleft = st.bitsleft;
                out = st.out;
                if (e == FastEnd::BadLiteralLength)
                    return fail("invalid literal/length code");
                if (e == FastEnd::BadDistance)
                    return fail("invalid distance code");
                if (e == FastEnd::TooFarBack)
                    return fail("invalid distance too far back");
                blockEnded = e == FastEnd::EndOfBlock;
            }
            if (blockEnded) {
                m_state = m_final ? State::Done : State::Header;
                break;
            }
            // The slow path: one item at a time, near the span's end or the output piece's end.
            for (;;) {
                if (!room())
                    return stand(Status::Stopped);
                refillSlow();
                const Mark start = mark();
                std::uint64_t saved = 0;
                std::uint32_t entry = symbol(lt, kLitMask, saved);
                if (overread())
                    return backTo(start);
                if (entry & kLiteral) {
                    *out++ = static_cast<std::uint8_t>(entry >> 16);
                    continue;
                }
                if (entry & kExceptional) {
                    if (entry & kEndOfBlock)
                        break;
                    return fail("invalid literal/length code");
                }
                const unsigned length = valueOf(entry, saved);
                entry = symbol(dt, kDistMask, saved);
                if (overread())
                    return backTo(start);
                if (entry & kExceptional)
                    return fail("invalid distance code");
                const unsigned distance = valueOf(entry, saved);
                if (distance > static_cast<std::size_t>(out - buf))
                    return fail("invalid distance too far back");
                copyMatch(out, length, distance);
                out += length;
            }
            m_state = m_final ? State::Done : State::Header;
            break;
        }
        }
    }
}

}  // namespace cudnnsetup::deflate
