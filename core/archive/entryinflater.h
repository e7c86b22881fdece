#pragma once
// Inflates one zip entry from a sequence of raw slices of the archive file (ISA-L's isal_inflate for
// deflate, pass-through for stored), computing CRC-32 and size alongside, and stops delivering the
// moment the output would exceed the declared size.
//
// Why ISA-L and one thread: the only archives inflated here are those of unknown origin (an official
// one is checked at hashing speed) and install's staging; a library fuzzed continuously upstream parses
// this hostile input, also in the root helper, and one streaming pass keeps memory bounded.

#include "archive/archivescanner.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

struct inflate_state;

namespace cudnnsetup {

// A slice of one read block; holding it keeps the block alive.
struct ScanChunk {
    std::shared_ptr<std::uint8_t> block;
    const std::uint8_t* data = nullptr;
    std::size_t size = 0;
};

class EntryInflater {
public:
    EntryInflater();
    ~EntryInflater();
    EntryInflater(const EntryInflater&) = delete;
    EntryInflater& operator=(const EntryInflater&) = delete;

    // `next` yields the entry's compressed bytes in order and returns false at the end.
    // Every slice is taken even after a failure, so the reader never waits on us.
    using NextChunk = std::function<bool(ScanChunk&)>;
    EntryOutcome run(const ZipEntryInfo& info, EntryConsumer* consumer, const NextChunk& next,
                     const CancelToken* cancel);

private:
    // ISA-L's state holds its tables and a 64 KiB window: allocated once, reused for every entry.
    std::unique_ptr<inflate_state> m_state;
    std::vector<std::uint8_t> m_out;
};

}  // namespace cudnnsetup
