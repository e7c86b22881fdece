#include "archive/parallelinflater.h"

#include "archive/deflatedecoder.h"
#include "archive/deflatestream.h"

#include <isa-l/crc.h>

#include <algorithm>
#include <utility>
#include <array>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>

namespace cudnnsetup {

namespace {

constexpr std::size_t kOutputPiece = 1u << 20;
// The marker phase normally ends within a few hundred KiB of output; a segment whose window never
// clears is not worth the memory (2 bytes a symbol): it is given up and decoded in order.
constexpr std::size_t kMaxMarkerSymbols = 4u << 20;
constexpr std::uint64_t kNoTarget = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t kPastTarget = 2;  // see DecoderCursor

// CRC-32 (the zip/gzip one, reflected, polynomial 0xEDB88320) of A followed by B from crc(A),
// crc(B) and B's length: crc(A) times x^(8 |B|) modulo the polynomial, plus crc(B). A helper that
// keeps no copy of its output hands over its CRC, and this joins it to the caller's.
std::uint32_t crcMultiply(std::uint32_t a, std::uint32_t b)  // a * b mod P (bit 31 is x^0)
{
    std::uint32_t product = 0;
    for (std::uint32_t m = 1u << 31; m; m >>= 1) {
        if (a & m)
            product ^= b;
        b = (b & 1) ? (b >> 1) ^ 0xEDB88320u : b >> 1;
    }
    return product;
}
std::uint32_t crcCombine(std::uint32_t crcA, std::uint32_t crcB, std::uint64_t lengthB)
{
    std::uint32_t power = 1u << 31;         // x^0
    for (std::uint32_t square = 1u << 23;  // x^8: one byte
         lengthB; lengthB >>= 1, square = crcMultiply(square, square))
        if (lengthB & 1)
            power = crcMultiply(power, square);
    return crcMultiply(power, crcA) ^ crcB;
}

// A piece of the compressed stream the caller has taken from `next`, at its offset in the stream.
struct Piece {
    ScanChunk chunk;
    std::uint64_t offset = 0;
};

template <class Pieces>
void copyRange(const Pieces& pieces, std::uint64_t from, std::uint64_t to, std::uint8_t* dst)
{
    for (const Piece& p : pieces) {
        const std::uint64_t a = std::max(from, p.offset), b = std::min(to, p.offset + p.chunk.size);
        if (a < b)
            std::memcpy(dst + (a - from), p.chunk.data + (a - p.offset), static_cast<std::size_t>(b - a));
    }
}

// A growable byte buffer whose new room is not zero-filled (std::vector's would be: a memset of
// every output byte a helper writes).
struct ByteBuffer {
    std::unique_ptr<std::uint8_t[]> data;
    std::size_t size = 0, capacity = 0;
    void clear() { size = 0; }
    void reserve(std::size_t n)
    {
        if (n <= capacity)
            return;
        std::unique_ptr<std::uint8_t[]> p(new std::uint8_t[n]);
        if (size)
            std::memcpy(p.get(), data.get(), size);
        data = std::move(p);
        capacity = n;
    }
};

// Keeps in `tail` the last 32 KiB of the bytes passed through it: the window after a helper's
// output, when it keeps no copy of the rest.
void keepTail(ByteBuffer& tail, const std::uint8_t* data, std::size_t n)
{
    tail.reserve(deflate::kWindow);
    if (n >= deflate::kWindow) {
        std::memcpy(tail.data.get(), data + n - deflate::kWindow, deflate::kWindow);
        tail.size = deflate::kWindow;
        return;
    }
    const std::size_t keep = std::min(tail.size, deflate::kWindow - n);
    std::memmove(tail.data.get(), tail.data.get() + tail.size - keep, keep);
    std::memcpy(tail.data.get() + keep, data, n);
    tail.size = keep + n;
}

// Our DeflateDecoder started at any bit of the stream, with the window before it as dictionary.
// Its bit position is exact whenever it has used up its input: that is how a landing on a block
// boundary is checked. The decoder reads a block header whole or not at all, so a cursor fed
// kPastTarget bytes beyond a target where a block starts waits there (two bytes and the odd bits
// are fewer than the 29 bits a dynamic block header needs, and a target is always the start of a
// dynamic block); fed only up to the byte that holds the target bit it could not tell a block's
// last symbols from a longer one, so it might stop short.
class DecoderCursor {
public:
    // `byteAtBit`: the stream byte that holds `bit` (read only when bit is not byte aligned).
    void begin(std::uint64_t bit, const std::uint8_t* byteAtBit, const std::uint8_t* dict, std::size_t dictLength)
    {
        m_decoder.begin(bit, byteAtBit, dict, dictLength);
    }
    std::uint64_t fed() const { return m_decoder.fed(); }
    std::uint64_t bitPosition() const { return m_decoder.bitPosition(); }
    bool atBlockStart() const { return m_decoder.atBlockStart(); }
    bool finished() const { return m_decoder.finished(); }
    bool failed() const { return m_decoder.failed(); }
    const std::string& error() const { return m_decoder.error(); }
    // Inflates data[0, n) (the stream bytes at fed()), handing the output to sink(ptr, size) -> bool.
    // False when the data is invalid (failed()) or the sink said stop.
    template <class Sink>
    bool feed(const std::uint8_t* data, std::size_t n, Sink&& sink)
    {
        const auto status = m_decoder.feed(data, n, sink);
        return status == deflate::DeflateDecoder::Status::NeedInput || status == deflate::DeflateDecoder::Status::Finished;
    }

    // The same, appended to `out` (never past `limit` bytes in all).
    // False when the data is invalid or the output would pass the limit.
    bool feedInto(const std::uint8_t* data, std::size_t n, ByteBuffer& out, std::size_t limit)
    {
        return feed(data, n, [&](const std::uint8_t* d, std::size_t k) {
            if (k > limit - std::min(limit, out.size))
                return false;
            if (out.capacity - out.size < k)
                out.reserve(std::min(limit, std::max(out.capacity * 2, out.size + std::max(k, kOutputPiece))));
            std::memcpy(out.data.get() + out.size, d, k);
            out.size += k;
            return true;
        });
    }

private:
    deflate::DeflateDecoder m_decoder;
};

// Buffers handed back and forth between the helpers and the caller: a fresh multi-MiB buffer per
// segment costs a page fault per 4 KiB, which was a third of a helper's time.
template <class Buffer>
class Recycler {
public:
    Buffer take()
    {
        std::lock_guard lock(m_mutex);
        if (m_free.empty())
            return {};
        Buffer b = std::move(m_free.back());
        m_free.pop_back();
        b.clear();
        return b;
    }
    void give(Buffer&& b)
    {
        std::lock_guard lock(m_mutex);
        if (m_free.empty())  // one spare: what is resident stays within a task's worth
            m_free.push_back(std::move(b));
    }

private:
    std::mutex m_mutex;
    std::vector<Buffer> m_free;
};

// One segment a helper inflates ahead of the caller.
struct Task {
    std::uint64_t begin = 0, end = 0;  // the compressed bytes it reads: [begin, end)
    bool last = false;                 // no segment after it: it must reach the final block
    std::vector<Piece> pieces;         // its bytes, until the helper has copied them
    bool readAhead = false;            // its bytes come from options.readAhead, not from pieces
    ByteBuffer input;                  // read-ahead bytes, kept for the caller's comparison

    // Published by the helper, under the mutex.
    bool taken = false;                // a helper (or the caller, to skip it) has it
    bool byHelper = false;
    bool startKnown = false;
    std::optional<std::uint64_t> start;  // absolute bit where its first block starts
    bool done = false;
    bool ok = false;
    bool final = false;
    std::uint64_t endBit = 0;            // absolute bit where it stopped (a block start), unless final
    std::vector<std::uint16_t> markers;  // its first output symbols (markers for the unknown window)
    ByteBuffer bytes;                    // the rest of its output, from the decoder (unkept: its last 32 KiB)
    // When the consumer reads only parts of the entry (EntryConsumer::selective) the helper keeps no
    // copy of its decoder output: `bytes` is its last 32 KiB, and these say what all of it was.
    bool unkept = false;
    std::uint64_t unkeptLength = 0;  // bytes of decoder output in all (`bytes` are its last ones)
    std::uint32_t unkeptCrc = 0;     // their CRC-32
};

}  // namespace

ParallelInflater::ParallelInflater(ParallelInflateOptions options) : m_options(options)
{
    m_options.segmentBytes = std::max<std::size_t>(m_options.segmentBytes, 256);
    m_options.lookaheadBytes = std::clamp<std::size_t>(m_options.lookaheadBytes, 64, m_options.segmentBytes);
}

ParallelInflater::~ParallelInflater() = default;

namespace {

class Run {
public:
    Run(const ParallelInflateOptions& o, ParallelInflateStats& stats, const ZipEntryInfo& info, EntryConsumer* consumer,
        const EntryInflater::NextChunk& next, const CancelToken* cancel)
        : m_o(o), m_stats(stats), m_info(info), m_consumer(consumer), m_next(next), m_cancel(cancel)
    {
        m_total = info.compressedSize;
        m_unkept = !consumer || consumer->selective();
        m_ownStretch = static_cast<double>(o.segmentBytes);
        m_nextBegin = o.segmentBytes;
    }

    EntryOutcome go()
    {
        {
            std::vector<std::jthread> helpers;
            for (unsigned i = 0; i < m_o.helpers; ++i)
                helpers.emplace_back([this] { helperLoop(); });
            coordinate();
            {
                std::lock_guard lock(m_mutex);
                m_stop = true;
            }
            m_changed.notify_all();
        }
        drain();
        return concludeEntry(m_info, m_failed, m_error, m_finished, m_size, m_crc, m_consumer);
    }

private:
    void fail(std::string why)
    {
        if (!m_failed)
            m_error = std::move(why);
        m_failed = true;
    }

    // Every output byte passes here, in order: size bound, CRC, the consumer, the window.
    bool deliver(const std::uint8_t* data, std::size_t n)
    {
        if (!count(n))
            return false;
        m_crc = crc32_gzip_refl(m_crc, data, n);
        return pass(data, n);
    }
    bool count(std::uint64_t n)
    {
        if (n > m_info.size - m_size) {
            fail("it inflates to more than its declared " + std::to_string(m_info.size) + " bytes");
            return false;
        }
        m_size += n;
        return true;
    }
    // To the consumer and the window (counted and CRC'd already).
    bool pass(const std::uint8_t* data, std::size_t n)
    {
        if (m_consumer && n && !m_consumer->write(data, n)) {
            fail("the receiver of its data stopped");
            return false;
        }
        if (n >= deflate::kWindow) {
            std::memcpy(m_window.data(), data + n - deflate::kWindow, deflate::kWindow);
            m_windowLength = deflate::kWindow;
        } else {
            const std::size_t keep = std::min(m_windowLength, deflate::kWindow - n);
            std::memmove(m_window.data(), m_window.data() + m_windowLength - keep, keep);
            std::memcpy(m_window.data() + keep, data, n);
            m_windowLength = keep + n;
        }
        return true;
    }

    bool cancelled() const { return m_cancel && m_cancel->isCancelled(); }

    // Takes pieces from `next` until the stream is there up to `until` (or has ended).
    void pullUntil(std::uint64_t until)
    {
        while (m_pulled < until && !m_inputEnded) {
            ScanChunk c;
            if (!m_next(c)) {
                m_inputEnded = true;
                break;
            }
            if (c.size == 0)
                continue;
            m_pieces.push_back(Piece{std::move(c), m_pulled});
            m_pulled += m_pieces.back().chunk.size;
        }
    }
    void releaseBefore(std::uint64_t offset)
    {
        while (!m_pieces.empty() && m_pieces.front().offset + m_pieces.front().chunk.size <= offset)
            m_pieces.pop_front();
    }
    void drain()
    {
        m_pieces.clear();
        ScanChunk c;
        while (!m_inputEnded && m_next(c))
            c = {};
    }

    // The stream is cut into runs of `helpers` task segments of segmentBytes each, with a stretch
    // of the caller's own between runs. That stretch adapts: the caller waited for its helper, so
    // it takes more; a helper sat idle with nothing queued, so it takes clearly less; the result
    // was ready and no helper idled, so a little less: both sides are then busy all the time (a
    // helper's segment costs more than the caller's: it searches for its start and inflates its
    // first part with markers). An idle helper costs most: the reader is then often blocked too
    // (its read-ahead full of the caller's stretch) and one core does nothing.
    void adaptOwnStretch(bool callerWaited)
    {
        bool helperIdled = false;
        {
            std::lock_guard lock(m_mutex);
            std::swap(helperIdled, m_helperIdled);
        }
        const double S = static_cast<double>(m_o.segmentBytes);
        double most = S * 4;
        if (m_o.maxRetainedBytes && !m_o.readAhead)  // the caller holds its stretch and a helper segment at once
            most = std::min(most, static_cast<double>(m_o.maxRetainedBytes) - S - static_cast<double>(m_o.lookaheadBytes));
        const double factor = callerWaited ? 1.125 : helperIdled ? 0.85 : 0.97;
        m_ownStretch = std::clamp(m_ownStretch * factor, S / 4, std::max(S / 4, most));
    }

    // Launches the next helper segments while fewer than one per helper, and one more, are waiting
    // to be used (the extra one: a helper that finishes goes straight on to the next segment
    // instead of waiting for the caller to take its result), and while the caller can hold the
    // compressed bytes from its cursor to the segment's end (maxRetainedBytes).
    void launchAhead()
    {
        const std::uint64_t S = m_o.segmentBytes;
        while (!m_noLaunch && m_outstanding.size() < m_o.helpers + m_o.extraQueued && m_nextBegin + S / 2 < m_total) {
            if (!m_o.readAhead && m_o.maxRetainedBytes &&
                std::min(m_total, m_nextBegin + S + m_o.lookaheadBytes) > m_cursor.fed() + m_o.maxRetainedBytes) {
                if (S + m_o.lookaheadBytes > m_o.maxRetainedBytes)
                    m_noLaunch = true;  // not even one segment fits: sequential
                return;
            }
            const std::uint64_t begin = m_nextBegin;
            if (++m_inRun == m_o.helpers) {
                m_inRun = 0;
                m_nextBegin = begin + S + static_cast<std::uint64_t>(m_ownStretch);
                ++m_stats.segments;
            } else {
                m_nextBegin = begin + S;
            }
            ++m_stats.segments;
            if (begin < m_cursor.fed())
                continue;
            if (m_skipLaunches > 0) {
                // Recent guesses failed (stored blocks, no dynamic header in reach): inflating a few
                // segments in order costs less than helpers searching in vain.
                --m_skipLaunches;
                continue;
            }
            auto t = std::make_unique<Task>();
            t->begin = begin;
            t->last = begin + S >= m_total;
            t->end = t->last ? m_total : std::min(m_total, begin + S + m_o.lookaheadBytes);
            if (m_o.readAhead) {
                t->readAhead = true;
            } else {
                pullUntil(t->end);
                if (m_pulled < t->end)
                    return;  // truncated: nothing to speculate on
                for (const Piece& p : m_pieces)
                    if (p.offset < t->end && p.offset + p.chunk.size > t->begin)
                        t->pieces.push_back(p);
            }
            {
                std::lock_guard lock(m_mutex);
                m_queue.push_back(t.get());
            }
            m_outstanding.push_back(std::move(t));
            ++m_stats.speculated;
            m_changed.notify_all();
        }
    }

    void helperLoop()
    {
        DecoderCursor cursor;  // one per helper: its state and output buffer are reused
        for (;;) {
            Task* t = nullptr;
            {
                std::unique_lock lock(m_mutex);
                if (!m_stop && m_queue.empty() && m_started)
                    m_helperIdled = true;
                m_started = true;
                m_changed.wait(lock, [&] { return m_stop || !m_queue.empty(); });
                if (m_stop)
                    return;
                t = m_queue.front();
                m_queue.pop_front();
                if (t->taken)
                    continue;
                t->taken = t->byHelper = true;
            }
            speculate(*t, cursor);
        }
    }

    void publish(auto&& update)
    {
        {
            std::lock_guard lock(m_mutex);
            update();
        }
        m_changed.notify_all();
    }

    // The helper's part. Every result is only a proposal: the caller uses it only after landing
    // exactly on t.start itself.
    void speculate(Task& t, DecoderCursor& cursor)
    {
        const std::size_t size = static_cast<std::size_t>(t.end - t.begin);
        // Read in place when one block holds the whole range, else gathered into one buffer.
        ByteBuffer in;
        const std::uint8_t* input = nullptr;
        bool readable = true;
        if (t.readAhead) {
            in = m_inputPool.take();
            in.reserve(size);
            in.size = size;
            readable = m_o.readAhead(t.begin, in.data.get(), size);
            input = in.data.get();
        } else if (t.pieces.size() == 1) {
            input = t.pieces.front().chunk.data + (t.begin - t.pieces.front().offset);
        } else {
            in = m_inputPool.take();
            in.reserve(size);
            in.size = size;
            copyRange(t.pieces, t.begin, t.end, in.data.get());
            t.pieces.clear();
            input = in.data.get();
        }
        const std::size_t S = m_o.segmentBytes, L = m_o.lookaheadBytes;
        auto find = [&](std::size_t at, deflate::FirstBlock* first) {
            const std::size_t avail = std::min(L, size - at);
            return deflate::findBlockStart(input + at, avail, 0, std::uint64_t(avail / 2) * 8, first);
        };
        deflate::FirstBlock first;
        first.symbols = m_symbolPool.take();
        const auto start = readable ? find(0, &first) : std::nullopt;
        publish([&] {
            t.startKnown = true;
            if (start)
                t.start = t.begin * 8 + *start;
        });
        bool ok = false, final = false;
        std::uint64_t endLocal = 0;
        std::vector<std::uint16_t> markers = std::move(first.symbols);  // the first block is decoded already
        ByteBuffer bytes = m_bytePool.take();
        bool unkept = false;
        std::uint64_t unkeptLength = 0;
        std::uint32_t unkeptCrc = 0;
        std::optional<std::uint64_t> target;
        if (start && !t.last && size > S) {
            if (const auto next = find(S, nullptr))
                target = std::uint64_t(S) * 8 + *next;
        }
        if (start && (t.last || target)) {
            const std::size_t maxOut = static_cast<std::size_t>(std::min<std::uint64_t>(m_o.maxSegmentOutput, m_info.size));
            const auto run = deflate::inflateWithMarkers(input, size, first.endBit, target.value_or(kNoTarget),
                                                         std::min(maxOut, kMaxMarkerSymbols), true, markers);
            using End = deflate::MarkerRun::End;
            if (run.end == End::Target || run.end == End::Final) {
                ok = true;
                final = run.end == End::Final;
                endLocal = run.bit;
            } else if (run.end == End::Clean && !cancelled()) {
                std::vector<std::uint8_t> dict(deflate::kWindow);
                for (std::size_t i = 0; i < deflate::kWindow; ++i)
                    dict[i] = static_cast<std::uint8_t>(markers[markers.size() - deflate::kWindow + i]);
                cursor.begin(run.bit, input + run.bit / 8, dict.data(), dict.size());
                const std::size_t budget = maxOut > markers.size() ? maxOut - markers.size() : 0;
                const std::uint64_t upTo = target ? std::min<std::uint64_t>(size, (*target + 7) / 8 + kPastTarget) : size;
                const std::size_t n = cursor.fed() <= upTo ? static_cast<std::size_t>(upTo - cursor.fed()) : 0;
                bool fed = cursor.fed() <= upTo;
                if (fed && m_unkept) {
                    // Nobody reads these bytes: their CRC, their length and their last 32 KiB are all
                    // the caller needs, and the decoder writes into a piece that stays in the cache.
                    unkept = true;
                    fed = cursor.feed(input + cursor.fed(), n, [&](const std::uint8_t* d, std::size_t k) {
                        if (k > budget - std::min<std::uint64_t>(budget, unkeptLength))
                            return false;
                        unkeptLength += k;
                        unkeptCrc = crc32_gzip_refl(unkeptCrc, d, k);
                        keepTail(bytes, d, k);
                        return true;
                    });
                } else if (fed) {
                    bytes.reserve(std::min<std::size_t>(maxOut, 4 * size));  // segments are alike: usually enough
                    fed = cursor.feedInto(input + cursor.fed(), n, bytes, budget);
                }
                if (fed && cursor.finished()) {
                    ok = final = true;
                } else if (fed && target && cursor.atBlockStart() && cursor.bitPosition() == *target) {
                    ok = true;
                    endLocal = *target;
                }
            }
        }
        // Nothing of the task may be touched once it is published as done: the caller frees it.
        std::vector<Piece> held = std::move(t.pieces);
        t.pieces.clear();
        const bool readAhead = t.readAhead;
        publish([&] {
            t.done = true;
            if (t.readAhead)
                t.input = std::move(in);
            t.ok = ok;
            t.final = final;
            t.endBit = t.begin * 8 + endLocal;
            t.markers = std::move(markers);
            t.bytes = std::move(bytes);
            t.unkept = unkept;
            t.unkeptLength = unkeptLength;
            t.unkeptCrc = unkeptCrc;
        });
        held.clear();
        if (in.capacity && !readAhead)
            m_inputPool.give(std::move(in));
    }

    // Feeds the caller's cursor with the stream bytes [cursor.fed(), upTo) (kNoTarget: to the end of
    // the input), a piece at a time: what it has inflated is let go before more is taken from `next`.
    bool feedTo(std::uint64_t upTo)
    {
        auto sink = [this](const std::uint8_t* d, std::size_t n) { return deliver(d, n); };
        while (m_cursor.fed() < upTo && !m_cursor.finished() && !cancelled()) {
            const std::uint64_t at = m_cursor.fed();
            if (m_pulled <= at) {
                pullUntil(at + 1);
                if (m_pulled <= at)
                    break;  // the input has ended
            }
            releaseBefore(at > 8 ? at - 8 : 0);  // a few bytes kept: sameAsHashed looks back to a landing
            const Piece* p = nullptr;
            for (const Piece& q : m_pieces)
                if (q.offset <= at && at < q.offset + q.chunk.size) {
                    p = &q;
                    break;
                }
            if (!p)
                break;  // cannot happen: the pieces are contiguous from the cursor on
            const std::uint64_t b = std::min(upTo, p->offset + p->chunk.size);
            if (!m_cursor.feed(p->chunk.data + (at - p->offset), static_cast<std::size_t>(b - at), sink)) {
                if (m_cursor.failed())
                    fail("its deflate data is damaged (" + m_cursor.error() + ")");
                return false;
            }
        }
        return true;
    }

    // A helper that read its bytes ahead made its output from them: they must be the bytes `next`
    // gave (the hashed ones), compared in full, or the output is not used.
    // Only the bytes from its start (where the caller landed, `from`) on made its output.
    bool sameAsHashed(Task& t, std::uint64_t from)
    {
        if (!t.readAhead)
            return true;
        pullUntil(t.end);
        bool same = m_pulled >= t.end && !m_pieces.empty() && m_pieces.front().offset <= from;
        for (const Piece& p : m_pieces) {
            const std::uint64_t a = std::max(from, p.offset), b = std::min(t.end, p.offset + p.chunk.size);
            if (same && a < b)
                same = std::memcmp(p.chunk.data + (a - p.offset), t.input.data.get() + (a - t.begin), b - a) == 0;
        }
        if (!same)
            ++m_stats.readAheadDiffered;
        return same;
    }

    // False if a helper result's markers reach before the stream's start (the sequential inflate
    // fails there: the caller then carries on and fails the same way).
    bool markersFit(const Task& t) const
    {
        const std::size_t have = m_windowLength;
        for (const std::uint16_t v : t.markers)
            if (v >= deflate::kMarker && std::size_t(v - deflate::kMarker) < deflate::kWindow - have)
                return false;
        return true;
    }
    // False if its helper kept no copy of bytes the consumer turns out to need (its resources, say).
    bool consumerCanDoWithout(const Task& t) const
    {
        const std::uint64_t unseen = t.unkept ? t.unkeptLength - t.bytes.size : 0;
        return !unseen || !m_consumer || !m_consumer->needs(m_size + t.markers.size(), unseen);
    }

    // Delivers a usable helper result.
    void useResult(Task& t)
    {
        const std::size_t have = m_windowLength;
        // One table for every symbol value: a byte maps to itself, marker i to window byte i (the
        // window as it is before this output: the copy is taken first). No branch per symbol.
        const std::size_t shift = deflate::kWindow - have;  // marker i is window byte i - shift
        for (std::size_t v = 0; v < 256; ++v)
            m_resolve[v] = static_cast<std::uint8_t>(v);
        std::memcpy(m_resolve.data() + deflate::kMarker + shift, m_window.data(), have);
        std::vector<std::uint8_t>& piece = m_piece;
        for (std::size_t i = 0; i < t.markers.size(); i += kOutputPiece) {
            const std::size_t n = std::min(kOutputPiece, t.markers.size() - i);
            piece.resize(n);
            const std::uint16_t* from = t.markers.data() + i;
            for (std::size_t k = 0; k < n; ++k)
                piece[k] = m_resolve[from[k]];
            if (!deliver(piece.data(), n))
                return;
        }
        if (t.unkept) {
            // Counted and CRC'd as a whole; the consumer, which needs none of them, is told how many
            // it is not shown; the last 32 KiB go through as usual (the window).
            if (!count(t.unkeptLength))
                return;
            m_crc = crcCombine(m_crc, t.unkeptCrc, t.unkeptLength);
            m_stats.bytesPassedOver += t.unkeptLength - t.bytes.size;
            if (m_consumer && t.unkeptLength > t.bytes.size)
                m_consumer->skip(t.unkeptLength - t.bytes.size);
            pass(t.bytes.data.get(), t.bytes.size);
            return;
        }
        for (std::size_t i = 0; i < t.bytes.size; i += kOutputPiece)
            if (!deliver(t.bytes.data.get() + i, std::min(kOutputPiece, t.bytes.size - i)))
                return;
    }

    void noteFailure()
    {
        ++m_stats.rejected;
        m_failures = std::min(m_failures + 1, 6u);
        m_skipLaunches = (1u << m_failures) - 1;
    }

    void dropFront(bool failure = true)
    {
        Task& t = *m_outstanding.front();
        {
            std::lock_guard lock(m_mutex);
            if (!t.taken) {  // no helper will ever touch it: out of the queue before it is freed
                t.taken = true;
                m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), &t), m_queue.end());
            }
        }
        waitDone(t);
        if (failure)
            noteFailure();
        else
            ++m_stats.rejected;
        recycle(t);
        m_outstanding.pop_front();
    }
    void recycle(Task& t)
    {
        if (t.input.capacity)
            m_inputPool.give(std::move(t.input));
        m_symbolPool.give(std::move(t.markers));
        m_bytePool.give(std::move(t.bytes));
    }

    // The start the front task's helper found; nullopt when there is none, or when no helper has
    // got to it yet (the caller then inflates that segment itself rather than wait).
    std::optional<std::uint64_t> claimStart(Task& t, bool& untaken)
    {
        std::unique_lock lock(m_mutex);
        untaken = !t.taken;
        if (!t.taken) {
            t.taken = true;
            m_queue.erase(std::remove(m_queue.begin(), m_queue.end(), &t), m_queue.end());
            return std::nullopt;
        }
        m_changed.wait(lock, [&] { return t.startKnown; });
        return t.start;
    }

    // True when the caller had to wait.
    bool waitDone(Task& t)
    {
        std::unique_lock lock(m_mutex);
        const bool waited = t.byHelper && !t.done;
        m_changed.wait(lock, [&] { return !t.byHelper || t.done; });
        return waited;
    }

    void coordinate()
    {
        m_cursor.begin(0, nullptr, nullptr, 0);
        for (;;) {
            if (cancelled()) {
                fail("cancelled");
                return;
            }
            launchAhead();
            if (m_outstanding.empty()) {
                const std::uint64_t S = m_o.segmentBytes;
                const std::uint64_t end = std::min(m_total, m_nextBegin + S + m_o.lookaheadBytes);
                if (!m_noLaunch && m_nextBegin + S / 2 < m_total && m_o.maxRetainedBytes &&
                    end > m_cursor.fed() + m_o.maxRetainedBytes) {
                    // The next segment waits for room under maxRetainedBytes: inflate towards it.
                    if (!feedTo(end - m_o.maxRetainedBytes))
                        return;
                    if (m_cursor.finished()) {
                        m_finished = true;
                        return;
                    }
                    if (m_inputEnded && m_cursor.fed() >= m_pulled)
                        return;
                    continue;
                }
                // Nothing ahead: to the end of the input (not of compressedSize: the sequential
                // inflate does not trust it either).
                if (feedTo(kNoTarget))
                    m_finished = m_cursor.finished();
                return;
            }
            Task& t = *m_outstanding.front();
            // Up to the segment's nominal start first: by then a helper has had a segment's time to take it.
            if (!feedTo(t.begin))
                return;
            if (m_cursor.finished()) {
                m_finished = true;
                dropFront();
                return;
            }
            bool untaken = false;
            const auto target = claimStart(t, untaken);
            if (!target || *target < m_cursor.bitPosition()) {
                dropFront(!untaken);  // no helper free in time is no reason to guess less
                continue;
            }
            if (!feedTo(std::min(m_total, (*target + 7) / 8 + kPastTarget)))
                return;
            if (m_cursor.finished()) {
                m_finished = true;
                dropFront();
                return;
            }
            // Landed: the sequential inflate itself is at a block start exactly there.
            const bool landed = m_cursor.atBlockStart() && m_cursor.bitPosition() == *target;
            adaptOwnStretch(waitDone(t));
            std::unique_ptr<Task> owned = std::move(m_outstanding.front());
            m_outstanding.pop_front();
            const bool confirmed = landed && owned->ok && sameAsHashed(*owned, *target / 8) && markersFit(*owned);
            const bool used = confirmed && consumerCanDoWithout(*owned);
            if (used)
                useResult(*owned);
            recycle(*owned);
            if (!used) {
                if (confirmed)
                    ++m_stats.rejected;  // a good guess the consumer could not take: guess on as before
                else
                    noteFailure();
                if (m_inputEnded && m_cursor.fed() >= m_pulled)
                    return;  // nothing left to feed: go() reports the truncation
                continue;    // the cursor carries on from where it is
            }
            ++m_stats.used;
            m_failures = 0;
            if (m_failed)
                return;
            if (owned->final) {
                m_finished = true;
                return;
            }
            // Carry on after the helper's segment, from the block boundary it stopped at.
            const std::uint64_t at = owned->endBit;
            owned.reset();
            pullUntil(at / 8 + 1);
            std::uint8_t byte = 0;
            if (at % 8)
                copyRange(m_pieces, at / 8, at / 8 + 1, &byte);
            m_cursor.begin(at, &byte, m_window.data(), m_windowLength);
            releaseBefore(at / 8);
        }
    }

    const ParallelInflateOptions& m_o;
    ParallelInflateStats& m_stats;
    const ZipEntryInfo& m_info;
    EntryConsumer* m_consumer;
    const EntryInflater::NextChunk& m_next;
    const CancelToken* m_cancel;

    std::uint64_t m_total = 0;
    bool m_unkept = false;          // helpers keep no copy of their output (see Task::unkept)
    std::uint64_t m_nextBegin = 0;  // where the next helper segment begins
    unsigned m_inRun = 0;
    double m_ownStretch = 0;
    std::deque<Piece> m_pieces;
    std::uint64_t m_pulled = 0;
    bool m_inputEnded = false;
    DecoderCursor m_cursor;
    std::deque<std::unique_ptr<Task>> m_outstanding;
    unsigned m_failures = 0, m_skipLaunches = 0;
    bool m_noLaunch = false;

    Recycler<ByteBuffer> m_bytePool, m_inputPool;
    Recycler<std::vector<std::uint16_t>> m_symbolPool;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Task*> m_queue;
    bool m_stop = false;
    bool m_started = false;      // a helper has asked for work before (its first wait is no idling)
    bool m_helperIdled = false;  // a helper found the queue empty since the caller last adapted

    std::array<std::uint8_t, deflate::kWindow> m_window{};
    std::array<std::uint8_t, 65536> m_resolve{};
    std::vector<std::uint8_t> m_piece;
    std::size_t m_windowLength = 0;
    std::uint64_t m_size = 0;
    std::uint32_t m_crc = 0;
    bool m_failed = false, m_finished = false;
    std::string m_error;
};

}  // namespace

EntryOutcome ParallelInflater::run(const ZipEntryInfo& info, EntryConsumer* consumer,
                                   const EntryInflater::NextChunk& next, const CancelToken* cancel)
{
    if (info.method != 8 || m_options.helpers == 0 || info.compressedSize < 2 * m_options.segmentBytes) {
        EntryInflater sequential;
        return sequential.run(info, consumer, next, cancel);
    }
    Run r(m_options, m_stats, info, consumer, next, cancel);
    return r.go();
}

}  // namespace cudnnsetup
