// The tar reader (archive/tarreader.h): libarchive's decompressors (xz, gzip, none) and its
// ustar/pax/GNU header parsing behind scanTarMemory(), with our own SHA-256, size/CRC and
// bomb limits around them. Every entry's data is read (a consumer for each), so that the
// sizes and CRCs are checked against what was delivered; small limits keep a bomb quick.
#include "archive/tarreader.h"

#include <cstdlib>

namespace {
class Counting : public cudnnsetup::EntryConsumer {
public:
    bool write(const std::uint8_t*, std::size_t size) override
    {
        m_size += size;
        return true;
    }
    void finish(bool) override {}

private:
    std::uint64_t m_size = 0;
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    cudnnsetup::TarScanOptions o;
    o.limits.maxEntries = 256;
    o.limits.maxEntrySize = 8u << 20;
    o.limits.maxTotalSize = 16u << 20;
    o.limits.ratioFloor = 1u << 20;
    o.blockSize = 4096;
    o.onEntry = [](const cudnnsetup::TarEntryInfo& e) {
        cudnnsetup::TarDecision d;
        if (e.type == cudnnsetup::TarEntryType::File)
            d.consumer = std::make_unique<Counting>();
        return d;
    };
    const auto r = cudnnsetup::scanTarMemory(data, size, "fuzz.tar", o);
    if (!r)
        return 0;
    // One outcome per entry; what was read to its end is never more than the limits allow.
    if (r->outcomes.size() != r->entries.size() || r->fileSize != size || r->sha256.size() != 64)
        std::abort();
    std::uint64_t total = 0;
    for (const auto& out : r->outcomes)
        total += out.actualSize;
    if (total > o.limits.maxTotalSize)
        std::abort();
    return 0;
}
