#include "archive/entryinflater.h"

#include "archive/deflatedecoder.h"

#include <isa-l/crc.h>

namespace cudnnsetup {

EntryInflater::EntryInflater() : m_decoder(std::make_unique<deflate::DeflateDecoder>()) {}
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
    if (deflated)
        m_decoder->begin();
    // The decoder's output, in pieces: counted against the declared size, checksummed, passed on.
    auto inflated = [&](const std::uint8_t* data, std::size_t n) {
        if (!deliver(data, n))
            return false;
        crc = crc32_gzip_refl(crc, data, n);
        return true;
    };

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
            const auto status = m_decoder->feed(chunk.data, chunk.size, inflated);
            if (status == deflate::DeflateDecoder::Status::Failed)
                fail("its deflate data is damaged (" + m_decoder->error() + ")");
            // Bytes after the end of the stream are ignored, as unzip does; size and CRC still have
            // to match. (Stopped: deliver() has said why.)
            finished = status == deflate::DeflateDecoder::Status::Finished;
        }
        chunk = {};  // give the block back as soon as possible
    }
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
