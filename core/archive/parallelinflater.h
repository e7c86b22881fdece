#pragma once
// Inflates ONE raw deflate stream (one big zip entry) with several threads, and gives exactly
// what a sequential inflate (EntryInflater) gives: the same bytes to the consumer, in order, the
// same outcome (size, CRC-32, read/crcOk), a failure wherever the sequential inflate fails.
//
// Why: the largest entry of a current cuDNN archive is one 2 GiB DLL (9.27: 80 % of the archive);
// inflated on one core it is the whole wall time of a verify. Its compressed bytes still arrive
// once, in file order, from the scanner's single read (the bytes hashed are the bytes inflated).
//
// How (the idea of pugz / rapidgzip, kept small): the compressed stream is cut into segments of
// `segmentBytes`. A helper thread takes a segment ahead of the caller, finds the first dynamic
// Huffman block header in it (deflatestream.h: a fully valid header whose block decodes), and
// inflates from there without knowing the 32 KiB before it: a back-reference into that unknown
// window is kept as a marker, and once the last 32 KiB of its output holds no marker it hands over
// to the DeflateDecoder with that output as the dictionary. It stops exactly where the next segment's block
// starts. The caller inflates its own segments in order with the DeflateDecoder, each up to the next segment's
// start; only when its own, sequential inflate lands exactly on a block boundary at that bit does it
// take the helper's output (markers resolved from its real window). Anything else (no header found,
// a false one, a helper error, too much output) just makes the caller carry on sequentially: a guess
// is never trusted, only confirmed by the sequential chain.

#include "archive/entryinflater.h"

#include <cstddef>
#include <cstdint>
#include <functional>

namespace cudnnsetup {

struct ParallelInflateOptions {
    // Compressed bytes per helper segment. Each costs a block search and a marker phase (about a
    // million symbols on DLL bodies) whatever its size: 6 MiB spends half of what 3 MiB did on them.
    std::size_t segmentBytes = 6u << 20;
    unsigned helpers = 1;                     // threads besides the caller (0: sequential, as EntryInflater)
    // Segments handed out beyond one per helper: with one, a helper that finishes starts on the next
    // at once instead of waiting for the caller to take its result, at the price of one more
    // segment's buffers (its input, segmentBytes + lookaheadBytes; its markers, 2 bytes a symbol,
    // about 2 MiB; its output too unless the consumer is selective: see EntryConsumer::selective).
    unsigned extraQueued = 1;
    std::size_t lookaheadBytes = 256u << 10;  // how far past a segment's nominal start a block start is looked for
    std::size_t maxSegmentOutput = 32u << 20; // a helper whose segment inflates to more gives it up
    // The most compressed bytes the caller may hold at once, from where its own inflate is to the end
    // of the furthest segment it has handed out (0: no bound). The scanner's read-ahead pool must
    // have room for them, or its reader would wait for blocks only this inflater can give back.
    std::size_t maxRetainedBytes = 0;
    // Reads the entry's compressed bytes [offset, offset + size) straight from where they come from
    // (the scanner: a positional read of the same open archive), so that a helper can start on a
    // segment before the caller has its bytes from `next`. Trusted for nothing: before the caller
    // uses any output made from them it compares them, byte for byte, with the bytes `next` gave it
    // (the ones the scanner hashed). Empty: helpers get their bytes from `next`, through the caller.
    std::function<bool(std::uint64_t offset, std::uint8_t* buffer, std::size_t size)> readAhead;
};

// What happened, for tests and the bench: a test that expects parallelism checks `used`.
struct ParallelInflateStats {
    std::uint64_t segments = 0;    // segments the stream was cut into
    std::uint64_t speculated = 0;  // segments handed to a helper
    std::uint64_t used = 0;        // helper results the caller's chain confirmed and delivered
    std::uint64_t rejected = 0;    // helper results the chain did not confirm (or that failed)
    std::uint64_t readAheadDiffered = 0;  // helper segments whose read-ahead bytes were not `next`'s
    std::uint64_t bytesPassedOver = 0;    // output of used results a selective consumer was not shown
};

class ParallelInflater {
public:
    explicit ParallelInflater(ParallelInflateOptions options = {});
    ~ParallelInflater();
    ParallelInflater(const ParallelInflater&) = delete;
    ParallelInflater& operator=(const ParallelInflater&) = delete;

    // Same contract as EntryInflater::run. A stored entry (method 0) is passed to EntryInflater.
    EntryOutcome run(const ZipEntryInfo& info, EntryConsumer* consumer, const EntryInflater::NextChunk& next,
                     const CancelToken* cancel);
    const ParallelInflateStats& stats() const { return m_stats; }

private:
    ParallelInflateOptions m_options;
    ParallelInflateStats m_stats;
};

}  // namespace cudnnsetup
