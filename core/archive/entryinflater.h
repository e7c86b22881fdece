#pragma once
// Inflates one zip entry from a sequence of raw slices of the archive file (our DeflateDecoder for
// deflate, pass-through for stored), computing CRC-32 and size alongside, and stops
// delivering the moment the output would exceed the declared size.

#include "archive/archivescanner.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cudnnsetup {

namespace deflate {
class DeflateDecoder;
}

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
    std::unique_ptr<deflate::DeflateDecoder> m_decoder;
};

// How every inflater ends an entry: the failure it ended in (else truncation, else a size that is
// not the declared one), the CRC check against the central directory, the consumer's finish.
EntryOutcome concludeEntry(const ZipEntryInfo& info, bool failed, std::string error, bool finished,
                           std::uint64_t size, std::uint32_t crc, EntryConsumer* consumer);

}  // namespace cudnnsetup
