#pragma once
// Deflate (RFC 1951) at the bit level, for the parallel inflater: finding where a block starts in
// the middle of a stream, and inflating from there without the 32 KiB that came before.
// Strict on purpose: a Huffman code that is incomplete or over-subscribed, a symbol or distance
// that cannot occur, a stored length whose complement does not match are all refused, so that
// whatever this accepts the sequential DeflateDecoder (zlib's rules) accepts too (a refusal here only means "not
// used": the sequential chain carries on).
//
// Bit positions count from bit 0 (the least significant) of data[0], in deflate's order.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace cudnnsetup::deflate {

// An output symbol of inflateWithMarkers: 0..255 is a byte; kMarker + i (i in 0..32767) is byte i
// of the 32 KiB window that precedes the start (window byte 32767 is the last byte before it).
constexpr std::uint16_t kMarker = 0x8000;
constexpr std::size_t kWindow = 32768;

// What findBlockStart decoded to prove a start: that block's output (with markers) and its end.
struct FirstBlock {
    std::vector<std::uint16_t> symbols;
    std::uint64_t endBit = 0;
};

// The first bit in [fromBit, toBit) at which a non-final dynamic-Huffman block starts: the header
// is fully valid and the whole block decodes inside data[0, size) (to at most 1 Mi symbols).
// Deterministic in those bytes alone, so two threads looking at the same bytes agree. nullopt
// when there is none. `first`, if given, receives the block it decoded.
std::optional<std::uint64_t> findBlockStart(const std::uint8_t* data, std::size_t size, std::uint64_t fromBit,
                                            std::uint64_t toBit, FirstBlock* first = nullptr);

struct MarkerRun {
    enum class End {
        Clean,   // at a block start, and the last 32 KiB of output hold no marker: the DeflateDecoder can take over
        Target,  // at a block start exactly at targetBit
        Final,   // the final block ended (bit: just after it)
        Failed,  // invalid data, the data ran out, targetBit passed inside a block, or output over maxOutput
    };
    End end = End::Failed;
    std::uint64_t bit = 0;
};

// Inflates from the block that starts at `bit`. `out` holds the output since the start of the
// stretch (empty: `bit` is that start; else, say, a FirstBlock's symbols with bit its endBit) and
// receives the new symbols. Stops at the first block boundary where one of the ends above holds
// (Final first, then Target, then Clean; Clean only when stopWhenClean).
MarkerRun inflateWithMarkers(const std::uint8_t* data, std::size_t size, std::uint64_t bit,
                             std::uint64_t targetBit, std::size_t maxOutput, bool stopWhenClean,
                             std::vector<std::uint16_t>& out);

}  // namespace cudnnsetup::deflate
