// The parallel inflate (archive/parallelinflater.h) against the sequential one it must equal
// (archive/entryinflater.h). The input: one byte of options, then a raw deflate stream. The
// sequential inflate runs first with a declared size of at most kCap and learns the size and
// CRC-32 it gets, so that a valid stream is read to its end; then both run with that size and
// CRC, the parallel one with tiny segments (256 B - 4 KiB) so that even a small input has many.
// Any difference in the outcome, or in the bytes where the sequential inflate succeeds, aborts.
//   options byte: bits 0-2 segment size (256 << (b % 5)), bit 3 helpers (1 or 2), bits 4-5
//   lookahead (64 B, 1 KiB, 16 KiB, the default), bit 6 maxSegmentOutput 8 KiB, bit 7 a selective
//   consumer that needs only the first 64 bytes (the PE reader's way): its helpers keep no copy
//   of their output, and the caller joins their CRC-32 and passes their bytes over with skip();
//   its segments are 4 KiB - 64 KiB.
// The compressed bytes come in slices of random sizes (seeded by the input), each in a block
// of its own that is scribbled over when given back.
#include "archive/parallelinflater.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::uint64_t kCap = 1u << 20;  // a bomb stops at 1 MiB: quick

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

// Needs only the bytes before kWanted; what it is written must be the sequential bytes there.
class Selective : public Recorder {
public:
    static constexpr std::uint64_t kWanted = 64;
    std::uint64_t offset = 0;
    bool selective() const override { return true; }
    bool needs(std::uint64_t at, std::uint64_t) const override { return at < kWanted; }
    void skip(std::uint64_t size) override
    {
        if (offset < kWanted)
            std::abort();  // it said it needs these
        offset += size;
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        written.push_back({offset, Bytes(data, data + size)});
        offset += size;
        return true;
    }
    std::vector<std::pair<std::uint64_t, Bytes>> written;
};

struct Fed {
    std::size_t pos = 0;
    bool sawEnd = false;
};

// Slices of 1 .. 2^k bytes, k from the input's hash: the same sequence for every run. At most
// about kMaxSlices of them: ISA-L (the inflate until 2026-12) copied its 32 KiB window on every call given few bytes, so
// a 0.9 MB stream in 2-byte slices took 90 s under ASan (regression many-tiny-slices-timeout);
// a stream of up to 2 KiB still comes a byte at a time where k says so.
constexpr std::size_t kMaxSlices = 16384;
cudnnsetup::EntryInflater::NextChunk slices(const std::uint8_t* data, std::size_t size, std::uint64_t seed, Fed& fed)
{
    return [=, &fed, state = seed](cudnnsetup::ScanChunk& chunk) mutable {
        if (fed.pos == size) {
            fed.sawEnd = true;
            return false;
        }
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::size_t limit = std::size_t(1) << (1 + (seed >> 59) % 13);
        const std::size_t least = size / kMaxSlices;
        const std::size_t n = std::min<std::size_t>(size - fed.pos, least + 1 + (state >> 33) % limit);
        std::shared_ptr<std::uint8_t> block(new std::uint8_t[n], [n](std::uint8_t* p) {
            std::memset(p, 0xA5, n);
            delete[] p;
        });
        std::memcpy(block.get(), data + fed.pos, n);
        chunk = cudnnsetup::ScanChunk{block, block.get(), n};
        fed.pos += n;
        return true;
    };
}

struct Run {
    cudnnsetup::EntryOutcome outcome;
    Recorder rec;
    Fed fed;
};

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
        cudnnsetup::EntryInflater inflater;
        probe.outcome = inflater.run(info, &probe.rec, slices(stream, streamSize, seed, probe.fed), nullptr);
        info.size = std::min<std::uint64_t>(probe.outcome.actualSize, kCap);
        info.crc32 = probe.outcome.actualCrc;
    }

    Run seq, par;
    {
        cudnnsetup::EntryInflater inflater;
        seq.outcome = inflater.run(info, &seq.rec, slices(stream, streamSize, seed, seq.fed), nullptr);
    }
    cudnnsetup::ParallelInflateOptions o;
    // A selective consumer's helpers only keep no copy past a clean window (32 KiB of output without
    // a marker): its segments are 16 times larger (4 - 64 KiB), or that path would never be reached.
    o.segmentBytes = std::size_t(opt & 0x80 ? 4096 : 256) << (opt % 8 % 5);
    o.helpers = 1 + ((opt >> 3) & 1);
    static const std::size_t lookahead[] = {64, 1024, 16384, o.lookaheadBytes};
    o.lookaheadBytes = lookahead[(opt >> 4) & 3];
    if (opt & 0x40)
        o.maxSegmentOutput = 8192;
    cudnnsetup::ParallelInflater inflater(o);
    if (opt & 0x80) {
        Selective sel;
        Fed fed;
        const auto p = inflater.run(info, &sel, slices(stream, streamSize, seed, fed), nullptr);
        const auto& s = seq.outcome;
        check(fed.sawEnd && fed.pos == streamSize && sel.finishes == 1 && sel.intact == p.crcOk);
        check(p.read == s.read && p.crcOk == s.crcOk && p.error.empty() == s.error.empty());
        if (s.read) {
            check(p.actualCrc == s.actualCrc && p.actualSize == s.actualSize && sel.offset == s.actualSize);
            for (const auto& [at, bytes] : sel.written)
                check(at + bytes.size() <= seq.rec.bytes.size() &&
                      std::equal(bytes.begin(), bytes.end(), seq.rec.bytes.begin() + std::ptrdiff_t(at)));
        }
        return 0;
    }
    par.outcome = inflater.run(info, &par.rec, slices(stream, streamSize, seed, par.fed), nullptr);

    // Both: every slice taken, finish once with the outcome, never more than declared.
    for (const Run* r : {&seq, &par}) {
        check(r->fed.sawEnd && r->fed.pos == streamSize);
        check(r->rec.finishes == 1 && r->rec.intact == r->outcome.crcOk);
        check(r->rec.bytes.size() <= info.size);
        check(r->outcome.actualSize == r->rec.bytes.size());
    }
    const auto& s = seq.outcome;
    const auto& p = par.outcome;
    const auto& st = inflater.stats();
    check(st.used <= st.speculated && st.speculated <= st.segments);
    if (s.read) {
        check(p.read && p.crcOk == s.crcOk && p.actualCrc == s.actualCrc && p.actualSize == s.actualSize &&
              p.error.empty() == s.error.empty());
        check(par.rec.bytes == seq.rec.bytes);
    } else {
        // A failure: what each delivered first depends on its buffers; the common part is equal.
        check(!p.read && !p.crcOk && !p.error.empty());
        const std::size_t n = std::min(seq.rec.bytes.size(), par.rec.bytes.size());
        check(std::equal(seq.rec.bytes.begin(), seq.rec.bytes.begin() + std::ptrdiff_t(n), par.rec.bytes.begin()));
    }
    return 0;
}
