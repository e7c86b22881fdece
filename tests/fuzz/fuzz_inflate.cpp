// EntryInflater (archive/entryinflater.h: ISA-L's inflate behind our slice, size and CRC-32 rules)
// on hostile raw deflate. The input: one byte of options, then the stream. A first run takes the
// stream in one slice with a declared size of at most kCap and learns the size and CRC-32 it gets,
// so that a valid stream is read to its end; then the same entry is inflated whole and in slices of
// random sizes (seeded by the input, at most 2^(1 + options % 13) bytes), each in a block of its own
// that is scribbled over when given back. The two must agree: how the bytes are cut may change
// nothing. Either must take every slice, finish once, never deliver more than declared, and report
// the size and CRC-32 of what it delivered.
#include "archive/entryinflater.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::uint64_t kCap = 1u << 20;  // a bomb stops at 1 MiB: quick
// ISA-L keeps what a slice leaves unfinished and reads it again with the next: a 0.9 MB stream in
// 2-byte slices took 90 s under ASan (regressions/inflate/many-tiny-slices-timeout). At most about
// this many slices then; a stream of up to 2 KiB still comes a byte at a time where the options say so.
constexpr std::size_t kMaxSlices = 16384;

class Recorder : public cudnnsetup::EntryConsumer {
public:
    Bytes bytes;
    int finishes = 0;
    bool intact = false;
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        bytes.insert(bytes.end(), data, data + size);
        return true;
    }
    void finish(bool ok) override
    {
        ++finishes;
        intact = ok;
    }
};

std::uint32_t crcOf(const Bytes& b)
{
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::uint8_t byte : b) {
        c ^= byte;
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

struct Run {
    cudnnsetup::EntryOutcome outcome;
    Recorder rec;
    std::size_t taken = 0;
    bool sawEnd = false;
};

// maxSlice 0: the whole stream in one slice.
void inflate(Run& r, const cudnnsetup::ZipEntryInfo& info, const std::uint8_t* data, std::size_t size,
             std::size_t maxSlice, std::uint64_t seed)
{
    auto next = [&, state = seed](cudnnsetup::ScanChunk& chunk) mutable {
        if (r.taken == size) {
            r.sawEnd = true;
            return false;
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::size_t n = maxSlice ? std::min<std::size_t>(size - r.taken, size / kMaxSlices + 1 + (state >> 33) % maxSlice)
                                       : size;
        std::shared_ptr<std::uint8_t> block(new std::uint8_t[n], [n](std::uint8_t* p) {
            std::memset(p, 0xA5, n);
            delete[] p;
        });
        std::memcpy(block.get(), data + r.taken, n);
        chunk = cudnnsetup::ScanChunk{block, block.get(), n};
        r.taken += n;
        return true;
    };
    cudnnsetup::EntryInflater inflater;
    r.outcome = inflater.run(info, &r.rec, next, nullptr);
}

void check(bool ok)
{
    if (!ok)
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::uint8_t opt = data[0];
    const std::uint8_t* stream = data + 1;
    const std::size_t streamSize = size - 1;
    std::uint64_t seed = 1469598103934665603ull;  // FNV-1a of the input
    for (std::size_t i = 0; i < size; ++i)
        seed = (seed ^ data[i]) * 1099511628211ull;

    cudnnsetup::ZipEntryInfo info;
    info.name = "fuzz.dll";
    info.method = 8;
    info.size = kCap;
    info.compressedSize = streamSize;
    {
        Run probe;
        inflate(probe, info, stream, streamSize, 0, seed);
        info.size = std::min<std::uint64_t>(probe.outcome.actualSize, kCap);
        info.crc32 = probe.outcome.actualCrc;
    }
    Run whole, sliced;
    inflate(whole, info, stream, streamSize, 0, seed);
    inflate(sliced, info, stream, streamSize, std::size_t(1) << (1 + opt % 13), seed);

    for (const Run* r : {&whole, &sliced}) {
        check(r->sawEnd && r->taken == streamSize);
        check(r->rec.finishes == 1 && r->rec.intact == r->outcome.crcOk);
        check(r->rec.bytes.size() <= info.size && r->outcome.actualSize == r->rec.bytes.size());
        check(r->outcome.read ? r->outcome.crcOk == r->outcome.error.empty() : !r->outcome.error.empty());
        if (r->outcome.read)
            check(r->outcome.actualCrc == crcOf(r->rec.bytes));
    }
    const auto& w = whole.outcome;
    const auto& s = sliced.outcome;
    check(w.read == s.read && w.crcOk == s.crcOk);
    if (w.read) {
        check(w.actualSize == s.actualSize && w.actualCrc == s.actualCrc && whole.rec.bytes == sliced.rec.bytes);
    } else {
        // A failure: what each delivered first depends on its pieces; the common part is equal.
        const std::size_t n = std::min(whole.rec.bytes.size(), sliced.rec.bytes.size());
        check(std::equal(whole.rec.bytes.begin(), whole.rec.bytes.begin() + std::ptrdiff_t(n), sliced.rec.bytes.begin()));
    }
    return 0;
}
