#include "archive/entryinflater.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

namespace cudnnsetup {

namespace {
constexpr std::size_t kOutputBuffer = 1u << 20;
}

EntryInflater::EntryInflater() : m_state(std::make_unique<inflate_state>()), m_out(kOutputBuffer) {}
EntryInflater::~EntryInflater() = default;

EntryOutcome EntryInflater::run(const ZipEntryInfo& info, EntryConsumer* consumer, const NextChunk& next,
                                const CancelToken* cancel)
{
    EntryOutcome o;
    const bool deflated = info.method == 8;
    bool finished = !deflated;  // a stored entry ends where its data ends
    bool failed = false;
    std::uint32_t crc = 0;
    std::uint64_t size = 0;
    auto fail = [&](std::string why) {
        failed = true;
        if (o.error.empty())
            o.error = std::move(why);
    };
    // Returns false when the entry must not be inflated further.
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
    if (deflated) {
        isal_inflate_init(m_state.get());
        m_state->crc_flag = ISAL_GZIP_NO_HDR;  // ISA-L keeps the CRC-32 of the output for us
    }

    ScanChunk chunk;
    while (next(chunk)) {
        if (!failed && cancel && cancel->isCancelled())
            fail("cancelled");
        if (failed || chunk.size == 0) {
            chunk = {};
            continue;
        }
        if (!deflated) {
            if (deliver(chunk.data, chunk.size))
                crc = crc32_gzip_refl(crc, chunk.data, chunk.size);
        } else if (!finished) {
            inflate_state* s = m_state.get();
            s->next_in = const_cast<std::uint8_t*>(chunk.data);
            s->avail_in = static_cast<std::uint32_t>(chunk.size);
            do {
                s->next_out = m_out.data();
                s->avail_out = static_cast<std::uint32_t>(m_out.size());
                const int rc = isal_inflate(s);
                if (rc < 0) {
                    fail("its deflate data is damaged (ISA-L error " + std::to_string(rc) + ")");
                    break;
                }
                if (!deliver(m_out.data(), m_out.size() - s->avail_out))
                    break;
                if (s->block_state == ISAL_BLOCK_FINISH) {
                    // Bytes after the end of the stream are ignored, as unzip does; size
                    // and CRC still have to match.
                    finished = true;
                    break;
                }
            } while (s->avail_in > 0 || s->avail_out == 0);
        }
        chunk = {};  // give the block back as soon as possible
    }
    if (deflated)
        crc = m_state->crc;
    return concludeEntry(info, failed, std::move(o.error), finished, size, crc, consumer);
}

EntryOutcome concludeEntry(const ZipEntryInfo& info, bool failed, std::string error, bool finished,
                           std::uint64_t size, std::uint32_t crc, EntryConsumer* consumer)
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

}  // namespace cudnnsetup
