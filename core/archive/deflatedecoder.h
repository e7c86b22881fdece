#pragma once
// A streaming raw-deflate (RFC 1951) decoder of our own, in place of ISA-L's isal_inflate for every
// sequential inflate (EntryInflater, and ParallelInflater's caller and helpers).
//
// Why: unknown-origin verify is CPU-bound and inflating is two thirds of its CPU (docs/verify.md).
// libdeflate is faster than ISA-L on these bodies but cannot stream (whole entry and output in
// memory) nor start at a block boundary with a window; this decoder does both, with libdeflate's
// way of decoding (table entries that say how many bits they use, so bits are consumed before the
// entry is tested; a branch-free 64-bit refill with one refill per match or up to four literals;
// the next entry looked up before the current match is copied; 8-byte match copies into slack).
//
// Strict as zlib is: an over-subscribed or incomplete code (except zlib's single one-bit code), a
// missing end-of-block code, too many length or distance codes, a repeat with nothing to repeat, a
// symbol or distance that cannot occur, a distance before the start of the output (or dictionary),
// a stored length whose complement does not match are all errors. tests/core/tst_deflatedecoder and
// fuzz_inflate hold it to zlib, byte for byte and error for error.
//
// Input arrives in pieces of any size. The decoder stops between items only (a symbol, a match with
// its distance, a whole block header), never inside one: what a piece leaves unfinished it keeps
// (at most kCarry bytes) and reads again with the next piece. So when the data given so far ends
// exactly at a block boundary followed by fewer bits than the next dynamic header needs, the
// decoder waits at that boundary (atBlockStart, bitPosition): the parallel inflater's landing test.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup::deflate {

class DeflateDecoder {
public:
    enum class Status {
        NeedInput,  // all of the data was used (or kept); give more
        Finished,   // the final block ended; bytes after it are not read
        Failed,     // invalid data: error() says why
        Stopped,    // the sink said stop
    };
    // Receives output in order, in pieces of up to about kPiece bytes; returns false to stop.
    using Sink = bool (*)(void* context, const std::uint8_t* data, std::size_t size);

    static constexpr std::size_t kPiece = 512u << 10;

    DeflateDecoder();
    ~DeflateDecoder();
    DeflateDecoder(const DeflateDecoder&) = delete;
    DeflateDecoder& operator=(const DeflateDecoder&) = delete;

    // Starts a stream at `bit` (a block start: bit 0 of a stream, or where a block begins in the
    // middle of one), after `dict` (the output that precedes it; its last 32 KiB are kept).
    // `byteAtBit`: the stream byte holding `bit`, read only when bit is not a multiple of 8.
    void begin(std::uint64_t bit = 0, const std::uint8_t* byteAtBit = nullptr, const std::uint8_t* dict = nullptr,
               std::size_t dictLength = 0);

    // Decodes data[0, size): the stream's bytes from fed() on.
    Status feed(const std::uint8_t* data, std::size_t size, Sink sink, void* context);
    template <class F>
    Status feed(const std::uint8_t* data, std::size_t size, F&& f)
    {
        using Fn = std::remove_reference_t<F>;
        return feed(
            data, size,
            [](void* c, const std::uint8_t* d, std::size_t n) { return (*static_cast<Fn*>(c))(d, n); },
            const_cast<void*>(static_cast<const void*>(&f)));
    }

    std::uint64_t fed() const { return m_fed; }        // stream bytes given (absolute, from the stream's byte 0)
    std::uint64_t bitPosition() const { return m_bit; }  // where decoding stands (absolute bit)
    bool atBlockStart() const { return m_state == State::Header; }
    bool finished() const { return m_state == State::Done; }
    bool failed() const { return m_state == State::Error; }
    const std::string& error() const { return m_error; }

private:
    enum class State { Header, Huffman, Stored, Done, Error };
    struct SpanEnd;
    struct Tables;

    Status decodeSpan(const std::uint8_t* span, std::size_t size, std::uint64_t spanByte, unsigned skipBits,
                      SpanEnd& end);
    bool flush(bool compact);

    std::unique_ptr<Tables> m_tables;
    std::vector<std::uint8_t> m_buffer;  // 32 KiB of history, then the piece being made, then slack
    std::size_t m_out = 0;               // where output goes next in m_buffer
    std::size_t m_flushed = 0;           // output before this has gone to the sink
    Sink m_sink = nullptr;
    void* m_context = nullptr;
    bool m_sinkStopped = false;

    State m_state = State::Header;
    bool m_final = false;          // the block being decoded is the last
    std::uint32_t m_storedLeft = 0;
    std::vector<std::uint8_t> m_carry;  // bytes a piece left unfinished, from absolute byte m_carryByte
    std::uint64_t m_carryByte = 0;
    unsigned m_carryBits = 0;           // bits of m_carry[0] already used
    std::uint64_t m_fed = 0;
    std::uint64_t m_bit = 0;
    std::string m_error;
};

}  // namespace cudnnsetup::deflate
