#include "archive/entryinflater.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

namespace cudnnsetup {

namespace {

// Output per isal_inflate call: large enough that ISA-L's copy of its 32 KiB window after each call
// costs little, small enough to stay in cache from the inflate through the CRC to the consumer.
constexpr std::size_t kOutputPiece = 1u << 20;

std::string isalError(int rc)
{
    switch (rc) {
    case ISAL_INVALID_BLOCK:
        return "an invalid block";
    case ISAL_INVALID_SYMBOL:
        return "an invalid Huffman symbol";
    case ISAL_INVALID_LOOKBACK:
        return "a distance before the start of the data";
    default:
        return "ISA-L error " + std::to_string(rc);
    }
}

// How an entry ends: the failure it ended in (else truncation, else a size that is not the declared
// one), the CRC check against the central directory, the consumer's finish.
EntryOutcome conclude(const ZipEntryInfo& info, bool failed, std::string error, bool finished, std::uint64_t size,
                      std::uint32_t crc, EntryConsumer* consumer)
{
    auto fail = [&](std::string why) {
        if (!failed)
            error = std::move(why);
        failed = true;
    };
    if (!failed && !finished)
        fail("its deflate data ends early (truncated)");
    if (!failed && size != info.size)
        fail("it holds " + std::to_string(size) + " bytes, not the declared " + std::to_string(info.size));
    EntryOutcome o;
    o.read = !failed;
    o.actualSize = size;
    o.actualCrc = crc;
    o.crcOk = o.read && crc == info.crc32;
    o.error = o.read && !o.crcOk ? "its CRC-32 does not match" : std::move(error);
    if (consumer)
        consumer->finish(o.crcOk);
    return o;
}

}  // namespace

EntryInflater::EntryInflater() : m_state(std::make_unique<inflate_state>()), m_out(kOutputPiece) {}
EntryInflater::~EntryInflater() = default;

EntryOutcome EntryInflater::run(const ZipEntryInfo& info, EntryConsumer* consumer, const NextChunk& next,
                                const CancelToken* cancel)
{
    std::string error;
    const bool deflated = info.method == 8;
    bool finished = !deflated;  // a stored entry ends where its data ends
    bool failed = false;
    std::uint32_t crc = 0;
    std::uint64_t size = 0;
    auto fail = [&](std::string why) {
        if (!failed)
            error = std::move(why);
        failed = true;
    };
    // Counts output against the declared size and passes it on; false when the entry must not be
    // inflated further.
    auto deliver = [&](const std::uint8_t* data, std::size_t n) {
        if (n > info.size - size) {
            fail("it inflates to more than its declared " + std::to_string(info.size) + " bytes");
            return false;
        }
        size += n;
        if (consumer && n && !consumer->write(data, n)) {
            fail("the receiver of its data stopped");
            return false;
        }
        return true;
    };
    inflate_state* s = m_state.get();
    if (deflated) {
        isal_inflate_init(s);
        s->crc_flag = ISAL_GZIP_NO_HDR;  // raw deflate; ISA-L keeps the CRC-32 of the output for us
    }

    // One slice through ISA-L, in output pieces of kOutputPiece.
    auto inflateSlice = [&](const ScanChunk& c) {
        s->next_in = const_cast<std::uint8_t*>(c.data);
        s->avail_in = static_cast<std::uint32_t>(c.size);  // slices are a read block at most (MiBs)
        do {
            const std::uint32_t inBefore = s->avail_in;
            s->next_out = m_out.data();
            s->avail_out = static_cast<std::uint32_t>(m_out.size());
            const int rc = isal_inflate(s);
            if (rc < 0) {
                fail("its deflate data is damaged (" + isalError(rc) + ")");
                return;
            }
            const std::size_t made = m_out.size() - s->avail_out;
            if (!deliver(m_out.data(), made))
                return;
            // Bytes after the end of the stream are ignored, as unzip does; size and CRC still have to match.
            finished = s->block_state == ISAL_BLOCK_FINISH;
            if (!finished && made == 0 && s->avail_in == inBefore) {
                fail("its deflate data is damaged (ISA-L made no progress)");  // never loop on it
                return;
            }
        } while (!finished && (s->avail_in > 0 || s->avail_out == 0));
    };

    ScanChunk chunk;
    while (next(chunk)) {
        // Checked between slices (a read block at most): a cancel is seen within one of them.
        if (!failed && cancel && cancel->isCancelled())
            fail(codes::kCancelled);
        if (!failed && chunk.size > 0) {
            if (!deflated) {
                if (deliver(chunk.data, chunk.size))
                    crc = crc32Update(crc, chunk.data, chunk.size);
            } else if (!finished) {
                inflateSlice(chunk);
            }
        }
        chunk = {};  // give the block back as soon as possible
    }
    if (deflated)
        crc = s->crc;
    return conclude(info, failed, std::move(error), finished, size, crc, consumer);
}

}  // namespace cudnnsetup
