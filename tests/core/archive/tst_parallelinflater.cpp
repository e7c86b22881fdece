// ParallelInflater against EntryInflater, the sequential inflate (DeflateDecoder) it must equal: raw
// deflate streams written at test time by zlib (every level and strategy, stored, fixed and
// dynamic blocks, flush points, streams whose stored blocks hold another stream's block headers),
// then broken (truncated, a bit flipped, garbage after the end, a wrong declared size or CRC),
// cancelled and refused by the consumer. The same bytes must reach the consumer in the same
// order, the outcome must be the same field for field, and a failure must be a failure.
//
// The compressed bytes arrive in pieces of a row's size (1 byte to 4 MiB, or random sizes, some
// empty), each in its own heap block that is scribbled over when its last holder lets it go: an
// inflater that keeps reading a slice after giving back its block reads garbage (and ASan says so).
#include "archive/parallelinflater.h"
#include "common/progress.h"
#include "fixtures/pebuilder.h"
#include "fixtures/rawdeflate.h"

#include <QTest>

#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace cudnnsetup;

namespace {

using Bytes = std::vector<std::uint8_t>;

// ---- content -------------------------------------------------------------------------------

enum class Kind { Random, Text, Dll, Zeros, Mix, Nested };

Bytes randomBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < n; i += 8) {
        const std::uint64_t v = rng();
        for (std::size_t k = 0; k < 8 && i + k < n; ++k)
            b[i + k] = static_cast<std::uint8_t>(v >> (8 * k));
    }
    return b;
}

// Header-like text (deflate: about 4:1), varied enough that no two blocks are alike.
Bytes textBytes(std::size_t n, std::uint64_t seed)
{
    static const char* const words[] = {"CONVOLUTION", "TENSOR", "HANDLE", "STATUS", "FORWARD", "BACKWARD",
                                        "DESCRIPTOR", "WORKSPACE", "ALGO", "MATH", "REDUCE", "POOLING",
                                        "ACTIVATION", "DROPOUT", "RNN", "ATTENTION", "NORM", "FUSED"};
    std::mt19937_64 rng(seed);
    std::string s;
    s.reserve(n + 128);
    while (s.size() < n) {
        const auto w1 = words[rng() % std::size(words)], w2 = words[rng() % std::size(words)];
        if (rng() % 3)
            s += std::string("#define CUDNN_") + w1 + "_" + w2 + " " + std::to_string(rng() % 100000) + "\n";
        else
            s += std::string("cudnnStatus_t CUDNNWINAPI cudnn") + w1 + w2 + "(cudnnHandle_t handle, const void *" +
                 w2 + ", size_t " + std::to_string(rng() % 64) + ");\n";
    }
    s.resize(n);
    return Bytes(s.begin(), s.end());
}

// Code-like bytes as the fixtures' DLLs have them (30 % random runs, recurring snippets), and
// now and then a run copied from 16-32 KiB back: back-references that reach across the whole
// window, so a helper's output holds markers that only the real window resolves.
Bytes dllBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    if (n == 0)
        return b;
    fixtures::PeBodyGenerator(seed, 0.30).fill(b.data(), n);
    std::mt19937_64 rng(seed ^ 0x5eed);
    for (std::size_t at = 32768; at + 512 < n; at += 2048 + rng() % 4096) {
        const std::size_t from = at - 16384 - rng() % 16000, len = 64 + rng() % 400;
        std::memmove(b.data() + at, b.data() + from, len);
    }
    return b;
}

using cudnnsetup::fixtures::deflateRaw;

// Switches every 1-8 KiB between random, text, code-like and zero bytes: stored, fixed and
// dynamic blocks of every size side by side.
Bytes mixBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b;
    b.reserve(n);
    std::mt19937_64 rng(seed);
    while (b.size() < n) {
        const std::size_t len = std::min<std::size_t>(n - b.size(), 1024 + rng() % 7168);
        Bytes part;
        switch (rng() % 4) {
        case 0: part = randomBytes(len, rng()); break;
        case 1: part = textBytes(len, rng()); break;
        case 2: part = dllBytes(len, rng()); break;
        default: part.assign(len, 0); break;
        }
        b.insert(b.end(), part.begin(), part.end());
    }
    return b;
}

// Another deflate stream's bytes as content: deflated again, they become stored blocks full of
// bit patterns that are valid dynamic block headers (and decode) but are no block starts.
Bytes nestedBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b;
    std::uint64_t s = seed;
    while (b.size() < n) {
        const Bytes inner = deflateRaw(dllBytes(1u << 20, s++), 6);
        b.insert(b.end(), inner.begin(), inner.end());
    }
    b.resize(n);
    return b;
}

Bytes makeContent(Kind kind, std::size_t n, std::uint64_t seed)
{
    switch (kind) {
    case Kind::Random: return randomBytes(n, seed);
    case Kind::Text: return textBytes(n, seed);
    case Kind::Dll: return dllBytes(n, seed);
    case Kind::Zeros: return Bytes(n, 0);
    case Kind::Mix: return mixBytes(n, seed);
    case Kind::Nested: return nestedBytes(n, seed);
    }
    return {};
}

// What zlib decodes of a (damaged) raw stream before it stops: the bytes a failed inflate may
// rightly have delivered.
Bytes zlibPrefix(const Bytes& stream, std::size_t cap)
{
    z_stream s{};
    inflateInit2(&s, -15);
    Bytes out;
    std::uint8_t buf[1 << 16];
    s.next_in = const_cast<Bytef*>(stream.data());
    s.avail_in = static_cast<uInt>(stream.size());
    int rc = Z_OK;
    while (rc == Z_OK && out.size() < cap) {
        s.next_out = buf;
        s.avail_out = sizeof buf;
        rc = inflate(&s, Z_NO_FLUSH);
        out.insert(out.end(), buf, buf + (sizeof buf - s.avail_out));
        if (rc == Z_BUF_ERROR && s.avail_in == 0)
            break;  // truncated
        if (rc == Z_BUF_ERROR)
            rc = Z_OK;
    }
    inflateEnd(&s);
    return out;
}

std::uint32_t crcOf(const Bytes& b)
{
    uLong c = crc32(0, nullptr, 0);
    for (std::size_t i = 0; i < b.size(); i += 1u << 30)
        c = crc32(c, b.data() + i, static_cast<uInt>(std::min<std::size_t>(1u << 30, b.size() - i)));
    return static_cast<std::uint32_t>(c);
}

// Generating and deflating 64 MiB takes seconds: rows that share content or a stream share it
// (small ones only, so that the big ones do not sit in memory for the rest of the run).
struct Cache {
    std::map<std::string, std::shared_ptr<const Bytes>> items;
    template <class F>
    std::shared_ptr<const Bytes> get(const std::string& key, F make)
    {
        if (auto it = items.find(key); it != items.end())
            return it->second;
        auto value = std::make_shared<const Bytes>(make());
        if (value->size() <= (16u << 20))
            items[key] = value;
        return value;
    }
};
Cache& cache()
{
    static Cache c;
    return c;
}

struct StreamSpec {
    Kind kind = Kind::Dll;
    qint64 size = 0;
    int level = 6;
    int strategy = Z_DEFAULT_STRATEGY;
    int memLevel = 8;
    qint64 flushEvery = 0;
    int flushMode = Z_NO_FLUSH;
    std::uint64_t seed = 1;
};

std::shared_ptr<const Bytes> contentOf(const StreamSpec& s)
{
    const std::string key = "c" + std::to_string(int(s.kind)) + "/" + std::to_string(s.size) + "/" + std::to_string(s.seed);
    return cache().get(key, [&] { return makeContent(s.kind, std::size_t(s.size), s.seed); });
}

std::shared_ptr<const Bytes> streamOf(const StreamSpec& s)
{
    const std::string key = "s" + std::to_string(int(s.kind)) + "/" + std::to_string(s.size) + "/" + std::to_string(s.seed) +
                            "/" + std::to_string(s.level) + "/" + std::to_string(s.strategy) + "/" +
                            std::to_string(s.memLevel) + "/" + std::to_string(s.flushEvery) + "/" + std::to_string(s.flushMode);
    return cache().get(key, [&] {
        return deflateRaw(*contentOf(s), s.level, s.strategy, s.memLevel, std::size_t(s.flushEvery), s.flushMode);
    });
}

// ---- feeding and receiving ------------------------------------------------------------------

// Piece sizes: > 0 fixed; these for random ones.
constexpr qint64 kRandomSmall = 0;   // 1 .. 64 KiB
constexpr qint64 kRandomLarge = -1;  // 1 .. 4 MiB
constexpr qint64 kRandomTiny = -2;   // 1 .. 300 bytes
constexpr qint64 kWithEmpty = -3;    // 1 .. 64 KiB, every fourth slice empty

std::atomic<long> g_liveBlocks{0};
std::atomic<std::uint64_t> g_liveBytes{0};

// Hands out the stream in slices, each in a heap block of its own, as the scanner does.
class Source {
public:
    Source(const Bytes& stream, qint64 piece, std::uint64_t seed) : m_stream(stream), m_piece(piece), m_rng(seed) {}

    EntryInflater::NextChunk next()
    {
        return [this](ScanChunk& chunk) { return take(chunk); };
    }
    bool drained() const { return m_pos == m_stream.size() && m_sawEnd; }
    std::uint64_t peakHeld() const { return m_peakHeld; }  // compressed bytes given out and not yet given back
    std::size_t largestSlice() const { return m_largest; }
    int overlaps() const { return m_overlaps; }
    std::size_t slices() const { return m_slices; }

private:
    bool take(ScanChunk& chunk)
    {
        if (m_inside.fetch_add(1) != 0)
            ++m_overlaps;  // NextChunk is no thread-safe callback
        const bool got = fill(chunk);
        m_inside.fetch_sub(1);
        return got;
    }
    bool fill(ScanChunk& chunk)
    {
        if (m_pos == m_stream.size()) {
            m_sawEnd = true;
            return false;
        }
        std::size_t n;
        if (m_piece > 0)
            n = std::size_t(m_piece);
        else if (m_piece == kRandomLarge)
            n = 1 + m_rng() % (4u << 20);
        else if (m_piece == kRandomTiny)
            n = 1 + m_rng() % 300;
        else if (m_piece == kWithEmpty && m_rng() % 4 == 0)
            n = 0;
        else
            n = 1 + m_rng() % (64u << 10);
        n = std::min(n, m_stream.size() - m_pos);
        const std::size_t alloc = std::max<std::size_t>(n, 1);
        ++g_liveBlocks;
        m_peakHeld = std::max<std::uint64_t>(m_peakHeld, g_liveBytes += n);
        m_largest = std::max(m_largest, n);
        std::shared_ptr<std::uint8_t> block(new std::uint8_t[alloc], [alloc, n](std::uint8_t* p) {
            std::memset(p, 0xA5, alloc);  // whoever still reads this slice reads garbage
            delete[] p;
            --g_liveBlocks;
            g_liveBytes -= n;
        });
        if (n)
            std::memcpy(block.get(), m_stream.data() + m_pos, n);
        chunk = ScanChunk{block, block.get(), n};
        m_pos += n;
        ++m_slices;
        return true;
    }

    const Bytes& m_stream;
    qint64 m_piece;
    std::mt19937_64 m_rng;
    std::size_t m_pos = 0;
    std::size_t m_slices = 0;
    std::uint64_t m_peakHeld = 0;
    std::size_t m_largest = 0;
    bool m_sawEnd = false;
    std::atomic<int> m_inside{0};
    int m_overlaps = 0;
};

class Recorder : public EntryConsumer {
public:
    Bytes bytes;
    int finishes = 0;
    bool intact = false;
    int writesAfterRefusal = 0;
    int overlaps = 0;
    std::set<std::thread::id> threads;
    // Knobs: refuse (return false) once this many bytes arrived; cancel once that many did.
    std::uint64_t refuseAt = UINT64_MAX;
    CancelToken* cancel = nullptr;
    std::uint64_t cancelAt = UINT64_MAX;

    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (m_inside.fetch_add(1) != 0)
            ++overlaps;
        threads.insert(std::this_thread::get_id());
        if (m_refused)
            ++writesAfterRefusal;
        bytes.insert(bytes.end(), data, data + size);
        if (cancel && bytes.size() >= cancelAt)
            cancel->cancel();
        m_refused = m_refused || bytes.size() >= refuseAt;
        m_inside.fetch_sub(1);
        return !m_refused;
    }
    void finish(bool ok) override
    {
        threads.insert(std::this_thread::get_id());
        ++finishes;
        intact = ok;
    }

private:
    std::atomic<int> m_inside{0};
    bool m_refused = false;
};

// A consumer that, like the verifier's PE reader, reads only some ranges of an entry: it says
// selective(), answers needs() from its ranges, and records what reached it, written or skipped.
// Its helpers then keep no copy of their output (only its CRC and last 32 KiB).
class PartsRecorder : public EntryConsumer {
public:
    std::vector<std::pair<std::uint64_t, std::uint64_t>> wanted;  // [begin, end)
    bool wantsAll = false;  // needs() always true: every helper result must then be given up
    Bytes bytes;            // what was written, at its offset (zero where skipped)
    std::uint64_t offset = 0, skipped = 0;
    int skips = 0, skippedWanted = 0, finishes = 0;
    bool intact = false;

    bool selective() const override { return true; }
    bool needs(std::uint64_t at, std::uint64_t size) const override
    {
        if (wantsAll)
            return true;
        for (const auto& [b, e] : wanted)
            if (at < e && b < at + size)
                return true;
        return false;
    }
    void skip(std::uint64_t size) override
    {
        if (needs(offset, size))
            ++skippedWanted;
        offset += size;
        skipped += size;
        ++skips;
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (bytes.size() < offset + size)
            bytes.resize(offset + size);
        std::memcpy(bytes.data() + offset, data, size);
        offset += size;
        return true;
    }
    void finish(bool ok) override
    {
        ++finishes;
        intact = ok;
    }
};

struct Knobs {
    std::uint64_t refuseAt = UINT64_MAX;
    std::uint64_t cancelAt = UINT64_MAX;  // 0: cancelled before the start
};

struct RunResult {
    EntryOutcome outcome;
    Recorder rec;
    bool drained = false;
    int nextOverlaps = 0;
    std::size_t slices = 0;
    std::uint64_t peakHeld = 0;
    std::size_t largestSlice = 0;
    long liveAfter = 0;
    std::uint64_t declared = UINT64_MAX;  // set by sequential() and parallel()
    ParallelInflateStats stats;
};

ZipEntryInfo entryFor(std::uint64_t size, std::uint32_t crc, std::uint64_t compressed, std::uint16_t method = 8)
{
    ZipEntryInfo info;
    info.name = "cuda/bin/cudnn_big64_9.dll";
    info.method = method;
    info.size = size;
    info.crc32 = crc;
    info.compressedSize = compressed;
    return info;
}

// Runs `inflate(info, consumer, next, cancel)` over the stream in the row's pieces.
template <class F>
void runOnce(RunResult& r, const Bytes& stream, qint64 piece, std::uint64_t seed, const Knobs& k, F inflate)
{
    Source src(stream, piece, seed);
    CancelToken token;
    r.rec.refuseAt = k.refuseAt;
    if (k.cancelAt == 0)
        token.cancel();
    else if (k.cancelAt != UINT64_MAX) {
        r.rec.cancel = &token;
        r.rec.cancelAt = k.cancelAt;
    }
    r.outcome = inflate(src.next(), &token);
    r.drained = src.drained();
    r.nextOverlaps = src.overlaps();
    r.slices = src.slices();
    r.peakHeld = src.peakHeld();
    r.largestSlice = src.largestSlice();
    r.liveAfter = g_liveBlocks.load();
}

void sequential(RunResult& r, const ZipEntryInfo& info, const Bytes& stream, qint64 piece, std::uint64_t seed,
                const Knobs& k = {})
{
    EntryInflater inflater;
    runOnce(r, stream, piece, seed, k, [&](const EntryInflater::NextChunk& next, const CancelToken* cancel) {
        return inflater.run(info, &r.rec, next, cancel);
    });
    r.declared = info.size;
}

void parallel(RunResult& r, const ZipEntryInfo& info, const Bytes& stream, qint64 piece, std::uint64_t seed,
              const ParallelInflateOptions& o, const Knobs& k = {})
{
    ParallelInflater inflater(o);
    runOnce(r, stream, piece, seed, k, [&](const EntryInflater::NextChunk& next, const CancelToken* cancel) {
        return inflater.run(info, &r.rec, next, cancel);
    });
    r.stats = inflater.stats();
    r.declared = info.size;
}

QString describe(const EntryOutcome& o)
{
    return QString("read=%1 crcOk=%2 actualCrc=%3 actualSize=%4 error=\"%5\"")
        .arg(o.read)
        .arg(o.crcOk)
        .arg(o.actualCrc, 8, 16, QChar('0'))
        .arg(o.actualSize)
        .arg(QString::fromStdString(o.error));
}

QString describe(const ParallelInflateStats& s)
{
    return QString("segments=%1 speculated=%2 used=%3 rejected=%4").arg(s.segments).arg(s.speculated).arg(s.used).arg(s.rejected);
}

// Where `a` and `b` first differ in their common length (npos: one is a prefix of the other).
std::size_t firstDifference(const Bytes& a, const Bytes& b)
{
    const std::size_t n = std::min(a.size(), b.size());
    const auto m = std::mismatch(a.begin(), a.begin() + std::ptrdiff_t(n), b.begin());
    return m.first == a.begin() + std::ptrdiff_t(n) ? std::string::npos : std::size_t(m.first - a.begin());
}

// What holds for every run, whatever the input: the slices were all taken (and given back), no
// callback ran on two threads at once, the consumer heard finish once, with the outcome.
QString commonProblems(const RunResult& r, const char* who)
{
    QStringList p;
    if (!r.drained)
        p << "did not take every slice";
    if (r.nextOverlaps)
        p << QString("called next() on two threads at once (%1 times)").arg(r.nextOverlaps);
    if (r.rec.overlaps)
        p << QString("called the consumer on two threads at once (%1 times)").arg(r.rec.overlaps);
    if (r.rec.threads.size() > 1)
        p << QString("called the consumer from %1 threads").arg(r.rec.threads.size());
    if (r.rec.finishes != 1)
        p << QString("called finish() %1 times").arg(r.rec.finishes);
    else if (r.rec.intact != r.outcome.crcOk)
        p << "finish() was told otherwise than the outcome's crcOk";
    if (r.rec.writesAfterRefusal)
        p << QString("wrote %1 more times after the consumer refused").arg(r.rec.writesAfterRefusal);
    if (r.liveAfter != 0)
        p << QString("still holds %1 slices after run()").arg(r.liveAfter);
    if (r.outcome.read != r.outcome.error.empty() && !(r.outcome.read && !r.outcome.crcOk))
        p << "read and error disagree";
    if (r.rec.bytes.size() > r.declared)
        p << QString("delivered %1 bytes, more than the declared %2").arg(r.rec.bytes.size()).arg(r.declared);
    if (r.outcome.actualSize != r.rec.bytes.size())
        p << QString("actualSize %1 but %2 bytes delivered").arg(r.outcome.actualSize).arg(r.rec.bytes.size());
    return p.isEmpty() ? QString() : QString(who) + ": " + p.join("; ");
}

// Parallel against sequential. Where the sequential inflate reads the entry to its end (CRC
// right or wrong) everything must be equal. Where it fails, the parallel one must fail too;
// what each delivered before failing depends on its buffers, so there the delivered bytes must
// only be a prefix of `good` (the bytes a correct inflate of this input may produce).
QString compare(const RunResult& seq, const RunResult& par, const Bytes* good = nullptr)
{
    if (QString c = commonProblems(seq, "sequential"); !c.isEmpty())
        return "test broken: " + c;
    if (QString c = commonProblems(par, "parallel"); !c.isEmpty())
        return c + " [" + describe(par.outcome) + "]";
    const QString both = "\n  sequential: " + describe(seq.outcome) + "\n  parallel:   " + describe(par.outcome) +
                         "\n  " + describe(par.stats);
    if (seq.outcome.read) {
        if (par.outcome.read != seq.outcome.read || par.outcome.crcOk != seq.outcome.crcOk ||
            par.outcome.actualCrc != seq.outcome.actualCrc || par.outcome.actualSize != seq.outcome.actualSize ||
            par.outcome.error.empty() != seq.outcome.error.empty())
            return "outcomes differ:" + both;
        if (const std::size_t at = firstDifference(seq.rec.bytes, par.rec.bytes); at != std::string::npos)
            return QString("bytes differ first at offset %1 of %2:").arg(at).arg(seq.rec.bytes.size()) + both;
        return {};
    }
    if (par.outcome.read || par.outcome.crcOk || par.outcome.error.empty())
        return "the sequential inflate fails, the parallel one does not:" + both;
    // zlib and the inflaters may stop at different places in damaged data: the longer one is the reference.
    const Bytes* refp = good ? good : &seq.rec.bytes;
    if (seq.rec.bytes.size() > refp->size() && firstDifference(seq.rec.bytes, *refp) == std::string::npos)
        refp = &seq.rec.bytes;
    const Bytes& ref = *refp;
    if (par.rec.bytes.size() > ref.size())
        return QString("delivered %1 bytes, more than the %2 a correct inflate can give:")
                   .arg(par.rec.bytes.size())
                   .arg(ref.size()) +
               both;
    if (const std::size_t at = firstDifference(ref, par.rec.bytes); at != std::string::npos)
        return QString("delivered wrong bytes before failing, first at offset %1:").arg(at) + both;
    if (const std::size_t at = firstDifference(seq.rec.bytes, par.rec.bytes); at != std::string::npos)
        return QString("delivered other bytes than the sequential inflate before failing, first at %1:").arg(at) + both;
    return {};
}

constexpr qint64 KiB = 1024, MiB = 1024 * 1024;
// A segment size relative to the stream's size: kRelative + 1 is one byte more than the stream.
constexpr qint64 kRelative = qint64(1) << 50;

// Columns shared by the rows that build a stream and inflate it.
void streamColumns()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("memLevel");
    QTest::addColumn<qint64>("flushEvery");
    QTest::addColumn<int>("flushMode");
    QTest::addColumn<qint64>("segment");  // compressed bytes per segment; near kRelative: the stream's size plus (segment - kRelative)
    QTest::addColumn<int>("helpers");
    QTest::addColumn<qint64>("lookahead");  // 0: the default
    QTest::addColumn<qint64>("maxOutput");  // 0: the default
    QTest::addColumn<qint64>("maxRetained");  // 0: no bound
    QTest::addColumn<qint64>("piece");
}

StreamSpec fetchSpec()
{
    QFETCH(int, kind);
    QFETCH(qint64, size);
    QFETCH(int, level);
    QFETCH(int, strategy);
    QFETCH(int, memLevel);
    QFETCH(qint64, flushEvery);
    QFETCH(int, flushMode);
    StreamSpec s;
    s.kind = Kind(kind);
    s.size = size;
    s.level = level;
    s.strategy = strategy;
    s.memLevel = memLevel;
    s.flushEvery = flushEvery;
    s.flushMode = flushMode;
    return s;
}

ParallelInflateOptions fetchOptions(std::size_t streamSize)
{
    QFETCH(qint64, segment);
    QFETCH(int, helpers);
    QFETCH(qint64, lookahead);
    QFETCH(qint64, maxOutput);
    QFETCH(qint64, maxRetained);
    ParallelInflateOptions o;
    o.maxRetainedBytes = std::size_t(maxRetained);
    o.segmentBytes = segment > kRelative / 2 ? std::size_t(std::max<qint64>(1, qint64(streamSize) + segment - kRelative))
                                             : std::size_t(segment);
    o.helpers = unsigned(helpers);
    if (lookahead)
        o.lookaheadBytes = std::size_t(lookahead);
    if (maxOutput)
        o.maxSegmentOutput = std::size_t(maxOutput);
    return o;
}

struct Row {
    Kind kind = Kind::Dll;
    qint64 size = 0;
    int level = 6;
    int strategy = Z_DEFAULT_STRATEGY;
    int memLevel = 8;
    qint64 flushEvery = 0;
    int flushMode = Z_NO_FLUSH;
    qint64 segment = 64 * KiB;
    int helpers = 2;
    qint64 lookahead = 0;
    qint64 maxOutput = 0;
    qint64 maxRetained = 0;
    qint64 piece = kRandomSmall;
};

QTestData& addRow(const char* name, const Row& r)
{
    return QTest::newRow(name) << int(r.kind) << r.size << r.level << r.strategy << r.memLevel << r.flushEvery
                               << r.flushMode << r.segment << r.helpers << r.lookahead << r.maxOutput << r.maxRetained << r.piece;
}

enum class Damage { None, Truncate, FlipBit, Trailing, TrailingStream, DeclaredSize, DeclaredCrc, CompressedSize };

}  // namespace

class TestParallelInflater : public QObject {
    Q_OBJECT

private slots:
    // ---- valid streams: equal, and parallel where it should be ----
    void matchesSequential_data()
    {
        streamColumns();
        QTest::addColumn<int>("expectUsed");  // 1: used > 0 (parallelism is real), -1: used == 0, 0: either
        auto row = [](const char* name, Row r, int expectUsed = 0) { addRow(name, r) << expectUsed; };
        using K = Kind;

        // Sizes: nothing, one byte, the stream just inside, exactly at and just past one segment.
        row("empty", {.kind = K::Dll, .size = 0, .segment = 4 * KiB, .helpers = 1, .piece = 1});
        row("one-byte", {.kind = K::Text, .size = 1, .segment = 4 * KiB, .helpers = 2, .piece = 1});
        row("100-bytes-level9", {.kind = K::Text, .size = 100, .level = 9, .segment = 4 * KiB, .piece = 1});
        row("stream-1-byte-under-a-segment", {.kind = K::Dll, .size = 300 * KiB, .segment = kRelative + 1, .piece = kRandomTiny});
        row("stream-exactly-a-segment", {.kind = K::Dll, .size = 300 * KiB, .segment = kRelative, .piece = kRandomTiny});
        row("stream-1-byte-over-a-segment", {.kind = K::Dll, .size = 300 * KiB, .segment = kRelative - 1, .piece = kRandomTiny});
        row("stream-100-bytes-over-a-segment", {.kind = K::Dll, .size = 300 * KiB, .segment = kRelative - 100, .piece = kRandomTiny});

        // Levels and strategies (4 MiB of code-like bytes, 64 KiB segments: about 35 of them).
        row("dll-level1", {.kind = K::Dll, .size = 4 * MiB, .level = 1});
        row("dll-level6", {.kind = K::Dll, .size = 4 * MiB, .level = 6}, 1);
        row("dll-level9", {.kind = K::Dll, .size = 4 * MiB, .level = 9});
        row("dll-filtered", {.kind = K::Dll, .size = 4 * MiB, .strategy = Z_FILTERED});
        row("dll-huffman-only", {.kind = K::Dll, .size = 4 * MiB, .strategy = Z_HUFFMAN_ONLY});
        row("dll-rle", {.kind = K::Dll, .size = 4 * MiB, .strategy = Z_RLE});
        // Fixed-Huffman blocks only: nothing for the finder to find; still right.
        row("dll-fixed-blocks-only", {.kind = K::Dll, .size = 4 * MiB, .strategy = Z_FIXED});
        row("text-fixed-blocks-only", {.kind = K::Text, .size = 4 * MiB, .strategy = Z_FIXED, .helpers = 3});
        row("text-level1", {.kind = K::Text, .size = 8 * MiB, .level = 1});
        row("text-level6", {.kind = K::Text, .size = 8 * MiB, .level = 6}, 1);
        row("text-level9", {.kind = K::Text, .size = 8 * MiB, .level = 9});
        // memLevel 1: blocks of 128 symbols, hundreds of headers per segment; 9: the largest blocks.
        row("dll-memlevel1-tiny-blocks", {.kind = K::Dll, .size = 2 * MiB, .memLevel = 1});
        // memLevel 9: blocks of about 64 KB; found where the lookahead holds a whole one.
        row("text-memlevel9-large-blocks", {.kind = K::Text, .size = 8 * MiB, .memLevel = 9, .segment = 128 * KiB}, 1);
        row("text-memlevel9-blocks-as-large-as-a-segment", {.kind = K::Text, .size = 8 * MiB, .memLevel = 9});

        // Content: stored blocks, a huge ratio, block kinds switching every few KiB, stored
        // blocks full of false block headers.
        row("random-stored-blocks", {.kind = K::Random, .size = 2 * MiB});
        row("random-level9", {.kind = K::Random, .size = 1 * MiB, .level = 9, .segment = 4 * KiB, .helpers = 3});
        row("zeros-16MiB", {.kind = K::Zeros, .size = 16 * MiB, .segment = 4 * KiB});
        row("mix-level6", {.kind = K::Mix, .size = 8 * MiB});
        row("mix-level1-4KiB-segments", {.kind = K::Mix, .size = 2 * MiB, .level = 1, .segment = 4 * KiB, .helpers = 3});
        row("mix-level9-memlevel2", {.kind = K::Mix, .size = 4 * MiB, .level = 9, .memLevel = 2});
        row("false-headers-in-stored-blocks-level0", {.kind = K::Nested, .size = 4 * MiB, .level = 0, .segment = 16 * KiB});
        row("false-headers-in-stored-blocks-level6", {.kind = K::Nested, .size = 4 * MiB, .level = 6, .segment = 16 * KiB});

        // Flush points: empty stored blocks, a forgotten window, empty fixed blocks, blocks that
        // end at no byte boundary.
        row("sync-flush-every-100KiB", {.kind = K::Dll, .size = 4 * MiB, .flushEvery = 100 * KiB, .flushMode = Z_SYNC_FLUSH});
        row("full-flush-every-64KiB", {.kind = K::Dll, .size = 4 * MiB, .flushEvery = 64 * KiB, .flushMode = Z_FULL_FLUSH});
        row("partial-flush-every-10KiB", {.kind = K::Text, .size = 4 * MiB, .flushEvery = 10 * KiB, .flushMode = Z_PARTIAL_FLUSH});
        row("block-flush-every-7KiB", {.kind = K::Dll, .size = 4 * MiB, .flushEvery = 7 * KiB, .flushMode = Z_BLOCK});
        row("sync-flush-every-1KiB-4KiB-segments", {.kind = K::Text, .size = 1 * MiB, .flushEvery = 1 * KiB, .flushMode = Z_SYNC_FLUSH, .segment = 4 * KiB});

        // Segments, helpers, lookahead, output limit.
        // Segments far smaller than a block (about 20 KB here): hundreds of them, none of use.
        row("dll-4KiB-segments-1-helper", {.kind = K::Dll, .size = 2 * MiB, .segment = 4 * KiB, .helpers = 1});
        row("dll-4KiB-segments-3-helpers", {.kind = K::Dll, .size = 2 * MiB, .segment = 4 * KiB, .helpers = 3});
        row("dll-32KiB-segments-3-helpers", {.kind = K::Dll, .size = 4 * MiB, .segment = 32 * KiB, .helpers = 3});
        row("dll-1MiB-segments-3-helpers", {.kind = K::Dll, .size = 16 * MiB, .segment = 1 * MiB, .helpers = 3, .piece = kRandomLarge}, 1);
        row("dll-no-helpers", {.kind = K::Dll, .size = 2 * MiB, .segment = 4 * KiB, .helpers = 0}, -1);
        row("dll-lookahead-64-bytes", {.kind = K::Dll, .size = 4 * MiB, .lookahead = 64});
        row("dll-lookahead-1KiB", {.kind = K::Dll, .size = 4 * MiB, .lookahead = 1 * KiB});
        row("dll-lookahead-16KiB", {.kind = K::Dll, .size = 4 * MiB, .lookahead = 16 * KiB});
        row("dll-segment-output-over-limit", {.kind = K::Dll, .size = 4 * MiB, .maxOutput = 64 * KiB});
        // The scanner's read-ahead bound, in its 64 KiB blocks: the least it allows (S + L + S/4),
        // a roomy one, and one too small for any helper segment.
        row("retained-bound-least", {.kind = K::Dll, .size = 4 * MiB, .lookahead = 16 * KiB, .maxRetained = 96 * KiB, .piece = 64 * KiB});
        row("retained-bound-roomy", {.kind = K::Dll, .size = 8 * MiB, .helpers = 3, .maxRetained = 1 * MiB, .piece = 64 * KiB}, 1);
        row("retained-bound-too-small", {.kind = K::Dll, .size = 4 * MiB, .maxRetained = 32 * KiB, .piece = 64 * KiB});
        row("zeros-bomb-over-segment-output-limit", {.kind = K::Zeros, .size = 64 * MiB, .segment = 4 * KiB, .maxOutput = 1 * MiB, .piece = kRandomLarge});

        // Pieces: 1 byte, 7 bytes, 4 MiB, random with empty slices between.
        row("pieces-1-byte", {.kind = K::Dll, .size = 256 * KiB, .segment = 4 * KiB, .piece = 1});
        row("pieces-7-bytes", {.kind = K::Text, .size = 1 * MiB, .segment = 4 * KiB, .piece = 7});
        row("pieces-4MiB", {.kind = K::Dll, .size = 8 * MiB, .segment = 64 * KiB, .piece = 4 * MiB}, 1);
        row("pieces-with-empty-slices", {.kind = K::Dll, .size = 4 * MiB, .piece = kWithEmpty});

        // The big ones, in 2 MiB segments: 64 MiB of code-like bytes (about 34 MB deflated, 16
        // segments) and of text (about 8 MB, 4 segments).
        row("dll-64MiB-2MiB-segments", {.kind = K::Dll, .size = 64 * MiB, .segment = 2 * MiB, .helpers = 3, .piece = kRandomLarge}, 1);
        // Text's markers never clear, and a segment of it inflates to about 8 times its size: past the
        // marker cap (4 Mi symbols), so helpers give their segments up: right, but not parallel.
        row("text-64MiB-2MiB-segments", {.kind = K::Text, .size = 64 * MiB, .segment = 2 * MiB, .helpers = 3, .piece = kRandomLarge}, 0);
    }
    void matchesSequential()
    {
        QFETCH(qint64, piece);
        QFETCH(int, expectUsed);
        const StreamSpec spec = fetchSpec();
        const auto content = contentOf(spec);
        const auto stream = streamOf(spec);
        const ParallelInflateOptions o = fetchOptions(stream->size());
        const ZipEntryInfo info = entryFor(content->size(), crcOf(*content), stream->size());

        RunResult seq, par;
        sequential(seq, info, *stream, piece, 7);
        parallel(par, info, *stream, piece, 7, o);
        // The test itself: zlib's stream inflates to the content.
        QVERIFY2(seq.outcome.crcOk && seq.rec.bytes == *content, qPrintable("test broken: " + describe(seq.outcome)));
        const QString diff = compare(seq, par);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        qInfo("%zu compressed bytes in %zu slices, segmentBytes %zu: %s", stream->size(), par.slices, o.segmentBytes,
              qPrintable(describe(par.stats)));
        QVERIFY2(par.stats.used <= par.stats.speculated && par.stats.speculated <= par.stats.segments &&
                     par.stats.used + par.stats.rejected <= par.stats.segments,
                 qPrintable("stats do not add up: " + describe(par.stats)));
        // The caller holds at most maxRetainedBytes from its cursor on, plus the slice at each end,
        // plus the slice before its cursor's (it keeps the last 8 bytes it fed: a landing is
        // compared from there).
        if (o.maxRetainedBytes)
            QVERIFY2(par.peakHeld <= o.maxRetainedBytes + 3 * par.largestSlice,
                     qPrintable(QString("held %1 compressed bytes at once, bound %2 + 3 slices of %3")
                                    .arg(par.peakHeld)
                                    .arg(o.maxRetainedBytes)
                                    .arg(par.largestSlice)));
        if (expectUsed > 0)
            QVERIFY2(par.stats.used > 0, qPrintable("no helper result was used (silently sequential?): " + describe(par.stats)));
        if (expectUsed < 0)
            QVERIFY2(par.stats.used == 0 && par.stats.speculated == 0,
                     qPrintable("helpers = 0 must be sequential: " + describe(par.stats)));
    }

    // ---- broken and hostile streams: a failure is a failure, a success is the same success ----
    void damagedStreams_data()
    {
        streamColumns();
        QTest::addColumn<int>("damage");
        QTest::addColumn<double>("where");   // Truncate/FlipBit: a fraction of the stream (< 1) or a byte offset (>= 1), negative: from the end
        QTest::addColumn<qint64>("amount");  // FlipBit: the bit; Trailing: bytes; Declared/CompressedSize: delta, or the size when >= 2^40 (2^41: 0); DeclaredCrc: xor
        auto row = [](const char* name, Damage d, double where, qint64 amount, Row r = {}) {
            if (r.size == 0)
                r.size = 2 * MiB;  // about 1.1 MB deflated: 18 segments of 64 KiB
            addRow(name, r) << int(d) << where << amount;
        };
        const Row text{.kind = Kind::Text, .size = 4 * MiB, .segment = 16 * KiB, .helpers = 3};
        const Row tiny{.kind = Kind::Dll, .size = 2 * MiB, .segment = 4 * KiB, .helpers = 1, .piece = kRandomTiny};

        row("intact", Damage::None, 0, 0);
        row("truncated-to-nothing", Damage::Truncate, 1, 0);  // 1 byte left: see damage()
        row("truncated-after-2-bytes", Damage::Truncate, 2, 0);
        row("truncated-at-10-percent", Damage::Truncate, 0.1, 0);
        row("truncated-at-a-segment-start", Damage::Truncate, 5 * 64 * KiB, 0);
        row("truncated-1-byte-into-a-segment", Damage::Truncate, 5 * 64 * KiB + 1, 0);
        row("truncated-mid-segment", Damage::Truncate, 7 * 64 * KiB + 32 * KiB, 0);
        row("truncated-last-byte", Damage::Truncate, -1, 0);
        row("truncated-last-8-bytes", Damage::Truncate, -8, 0);
        row("truncated-mid-segment-text", Damage::Truncate, 0.77, 0, text);
        row("truncated-mid-segment-4KiB-segments", Damage::Truncate, 0.51, 0, tiny);

        row("bit-flipped-at-1-percent", Damage::FlipBit, 0.01, 3);
        row("bit-flipped-at-60-percent", Damage::FlipBit, 0.6, 0);
        row("bit-flipped-at-60-percent-bit7", Damage::FlipBit, 0.6, 7);
        row("bit-flipped-at-90-percent", Damage::FlipBit, 0.9, 5);
        row("bit-flipped-in-the-last-bytes", Damage::FlipBit, -3, 1);
        row("bit-flipped-at-a-segment-start", Damage::FlipBit, 9 * 64 * KiB, 2);
        row("bit-flipped-text-70-percent", Damage::FlipBit, 0.7, 4, text);
        row("bit-flipped-text-95-percent", Damage::FlipBit, 0.95, 6, text);
        row("bit-flipped-4KiB-segments", Damage::FlipBit, 0.8, 1, tiny);

        row("trailing-1-byte", Damage::Trailing, 0, 1);
        row("trailing-300KiB-random", Damage::Trailing, 0, 300 * KiB);
        row("trailing-300KiB-random-4KiB-segments", Damage::Trailing, 0, 300 * KiB, tiny);
        // A whole other deflate stream after the end: valid block headers a helper will find.
        row("trailing-second-stream", Damage::TrailingStream, 0, 0);
        row("trailing-second-stream-4KiB-segments", Damage::TrailingStream, 0, 0, tiny);

        row("declared-size-1-smaller", Damage::DeclaredSize, 0, -1);
        row("declared-size-half", Damage::DeclaredSize, 0, -1 * MiB);
        row("declared-size-1-larger", Damage::DeclaredSize, 0, 1);
        row("declared-size-2^62", Damage::DeclaredSize, 0, qint64(1) << 62);
        row("declared-size-zero", Damage::DeclaredSize, 0, qint64(1) << 41);  // see damagedStreams(): 2^41 means 0
        row("declared-size-1-smaller-4KiB-segments", Damage::DeclaredSize, 0, -1, tiny);
        // The zip's compressed size disagrees with the bytes that come: the sequential inflate
        // does not look at it, so neither may the parallel one's result.
        row("compressed-size-zero", Damage::CompressedSize, 0, qint64(1) << 41);
        row("compressed-size-half", Damage::CompressedSize, 0, -512 * KiB);
        row("compressed-size-1-smaller", Damage::CompressedSize, 0, -1);
        row("compressed-size-1-larger", Damage::CompressedSize, 0, 1);
        row("compressed-size-double", Damage::CompressedSize, 0, 1 * MiB);
        row("compressed-size-2^62", Damage::CompressedSize, 0, qint64(1) << 62);
        row("declared-crc-wrong", Damage::DeclaredCrc, 0, 1);
        row("declared-crc-wrong-text", Damage::DeclaredCrc, 0, 0x80000000ll, text);
    }
    void damagedStreams()
    {
        QFETCH(qint64, piece);
        QFETCH(int, damage);
        QFETCH(double, where);
        QFETCH(qint64, amount);
        const StreamSpec spec = fetchSpec();
        const auto content = contentOf(spec);
        Bytes stream = *streamOf(spec);
        const ParallelInflateOptions o = fetchOptions(stream.size());
        std::uint64_t size = content->size();
        std::uint32_t crc = crcOf(*content);
        auto offset = [&](double w) {
            const double n = double(stream.size());
            const double at = w < 0 ? n + w : (w < 1 ? w * n : w);
            return std::size_t(std::clamp(at, 0.0, n - 1));
        };
        // The bytes a correct inflate of the damaged stream may deliver before it fails.
        Bytes good = *content;
        switch (Damage(damage)) {
        case Damage::None: break;
        case Damage::Truncate:
            stream.resize(where == 1 ? 0 : offset(where));
            break;
        case Damage::FlipBit:
            stream[offset(where)] ^= std::uint8_t(1u << amount);
            good = zlibPrefix(stream, content->size() + (1u << 20));
            break;
        case Damage::Trailing: {
            const Bytes junk = randomBytes(std::size_t(amount), 99);
            stream.insert(stream.end(), junk.begin(), junk.end());
            break;
        }
        case Damage::TrailingStream: {
            const Bytes other = deflateRaw(dllBytes(1u << 20, 42), 6);
            stream.insert(stream.end(), other.begin(), other.end());
            break;
        }
        case Damage::DeclaredSize:
            size = amount >= (qint64(1) << 40) ? (amount == (qint64(1) << 41) ? 0 : std::uint64_t(amount))
                                               : std::uint64_t(qint64(size) + amount);
            break;
        case Damage::DeclaredCrc: crc ^= std::uint32_t(amount); break;
        case Damage::CompressedSize: break;
        }
        ZipEntryInfo info = entryFor(size, crc, stream.size());
        if (Damage(damage) == Damage::CompressedSize)
            info.compressedSize = amount >= (qint64(1) << 40) ? (amount == (qint64(1) << 41) ? 0 : std::uint64_t(amount))
                                                              : std::uint64_t(qint64(stream.size()) + amount);

        RunResult seq, par;
        sequential(seq, info, stream, piece, 11);
        parallel(par, info, stream, piece, 11, o);
        const QString diff = compare(seq, par, &good);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        qInfo("sequential: %s; parallel: %s", qPrintable(describe(seq.outcome)), qPrintable(describe(par.stats)));
        // The rows break what they mean to break (the test itself).
        switch (Damage(damage)) {
        case Damage::None:
        case Damage::Trailing:
        case Damage::TrailingStream:
        case Damage::CompressedSize: QVERIFY(seq.outcome.crcOk); break;
        case Damage::Truncate:
        case Damage::DeclaredSize: QVERIFY(!seq.outcome.read); break;
        case Damage::DeclaredCrc: QVERIFY(seq.outcome.read && !seq.outcome.crcOk); break;
        case Damage::FlipBit: QVERIFY(!seq.outcome.crcOk); break;
        }
    }

    // ---- the receiver stops, the user cancels ----
    void stopsWhenTold_data()
    {
        QTest::addColumn<qint64>("refuseAt");
        QTest::addColumn<qint64>("cancelAt");  // 0: cancelled before the start
        QTest::addColumn<qint64>("segment");
        QTest::addColumn<int>("helpers");
        const qint64 none = -1;
        QTest::newRow("consumer-refuses-first-write") << qint64(1) << none << 64 * KiB << 2;
        QTest::newRow("consumer-refuses-after-1MiB") << 1 * MiB << none << 64 * KiB << 2;
        QTest::newRow("consumer-refuses-after-7MiB") << 7 * MiB << none << 64 * KiB << 3;
        QTest::newRow("consumer-refuses-4KiB-segments") << 3 * MiB << none << 4 * KiB << 1;
        QTest::newRow("cancelled-before-start") << none << qint64(0) << 64 * KiB << 2;
        QTest::newRow("cancelled-after-first-write") << none << qint64(1) << 64 * KiB << 2;
        QTest::newRow("cancelled-after-1MiB") << none << 1 * MiB << 64 * KiB << 2;
        QTest::newRow("cancelled-after-5MiB-3-helpers") << none << 5 * MiB << 16 * KiB << 3;
        QTest::newRow("cancelled-4KiB-segments") << none << 2 * MiB << 4 * KiB << 1;
    }
    void stopsWhenTold()
    {
        QFETCH(qint64, refuseAt);
        QFETCH(qint64, cancelAt);
        QFETCH(qint64, segment);
        QFETCH(int, helpers);
        const StreamSpec spec{.kind = Kind::Dll, .size = 8 * MiB};
        const auto content = contentOf(spec);
        const auto stream = streamOf(spec);
        const ZipEntryInfo info = entryFor(content->size(), crcOf(*content), stream->size());
        ParallelInflateOptions o;
        o.segmentBytes = std::size_t(segment);
        o.helpers = unsigned(helpers);
        Knobs k;
        if (refuseAt > 0)
            k.refuseAt = std::uint64_t(refuseAt);
        if (cancelAt >= 0)
            k.cancelAt = std::uint64_t(cancelAt);
        // 64 KiB slices: the sequential inflate sees the cancel at the next slice.
        RunResult seq, par;
        sequential(seq, info, *stream, 64 * KiB, 3, k);
        parallel(par, info, *stream, 64 * KiB, 3, o, k);
        QVERIFY2(!seq.outcome.read, "test broken: the sequential inflate did not stop");
        const QString diff = compare(seq, par, content.get());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        qInfo("sequential: %s; parallel: %s; %s", qPrintable(describe(seq.outcome)), qPrintable(describe(par.outcome)),
              qPrintable(describe(par.stats)));
    }

    // ---- the stream ends while helper segments are still queued ----
    // A short stream followed by many segments of trailing bytes: the sequential chain reaches
    // the final block while segments after it are launched and perhaps not yet taken by a helper
    // (fuzz_inflate found a use-after-free there: regressions/inflate/). A race, so many rounds;
    // ASan (the sanitized suite) sees the stale task, a plain build only a wrong result if any.
    void endsBeforeQueuedSegments_data()
    {
        QTest::addColumn<int>("helpers");
        QTest::addColumn<bool>("zeros");  // trailing zeros (nothing to find) or random bytes
        QTest::newRow("1-helper-zeros") << 1 << true;
        QTest::newRow("2-helpers-random") << 2 << false;
        QTest::newRow("3-helpers-zeros") << 3 << true;
        QTest::newRow("3-helpers-random") << 3 << false;
    }
    void endsBeforeQueuedSegments()
    {
        QFETCH(int, helpers);
        QFETCH(bool, zeros);
        ParallelInflateOptions o;
        o.segmentBytes = 1024;
        o.helpers = unsigned(helpers);
        o.lookaheadBytes = 64;
        // A tiny stream: the caller is done before a woken helper has taken its segment.
        for (std::uint64_t round = 0; round < 300; ++round) {
            const Bytes content = textBytes(round * 7, round);
            Bytes stream = deflateRaw(content, 6);
            const Bytes tail = zeros ? Bytes(48 * KiB, 0) : randomBytes(48 * KiB, round);
            stream.insert(stream.end(), tail.begin(), tail.end());
            const ZipEntryInfo info = entryFor(content.size(), crcOf(content), stream.size());
            RunResult seq, par;
            sequential(seq, info, stream, kRandomSmall, round);
            parallel(par, info, stream, kRandomSmall, round, o);
            const QString diff = compare(seq, par);
            QVERIFY2(diff.isEmpty(), qPrintable(QString("round %1: ").arg(round) + diff));
        }
    }

    // ---- read-ahead: helpers read their bytes themselves; what differs from `next`'s is never used ----
    // As the scanner does it: a positional read of the archive, while `next` gives the bytes that
    // were hashed. Another process that rewrites the file in between (the attack on the elevated
    // side) makes the two differ: the output must still be exactly what `next`'s bytes give.
    void readAheadIsComparedWithTheHashedBytes_data()
    {
        QTest::addColumn<int>("tamper");  // 0: the same bytes; 1: one byte flipped every 512 KiB; 2: all zeros
        QTest::newRow("same-bytes") << 0;
        QTest::newRow("a-byte-flipped-every-512KiB") << 1;
        QTest::newRow("zeros-instead") << 2;
    }
    void readAheadIsComparedWithTheHashedBytes()
    {
        QFETCH(int, tamper);
        const Bytes content = dllBytes(24 * MiB, 11);
        const Bytes stream = deflateRaw(content, 6);
        const ZipEntryInfo info = entryFor(content.size(), crcOf(content), stream.size());
        ParallelInflateOptions o;
        o.segmentBytes = 512 * KiB;
        o.helpers = 1;
        o.readAhead = [&](std::uint64_t offset, std::uint8_t* buffer, std::size_t size) {
            if (offset > stream.size() || size > stream.size() - offset)
                return false;
            std::memcpy(buffer, stream.data() + offset, size);
            for (std::uint64_t at = offset; tamper && at < offset + size; ++at)
                if (tamper == 2)
                    buffer[at - offset] = 0;
                else if (at % (512 * KiB) == 300 * KiB)
                    buffer[at - offset] ^= 0x20;
            return true;
        };
        RunResult seq, par;
        sequential(seq, info, stream, 64 * KiB, 1);
        parallel(par, info, stream, 64 * KiB, 1, o);
        const QString diff = compare(seq, par, &content);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(par.outcome.crcOk);
        qInfo("%s, read-ahead differed %llu", qPrintable(describe(par.stats)),
              static_cast<unsigned long long>(par.stats.readAheadDiffered));
        if (tamper == 0) {
            QVERIFY2(par.stats.used > 0, qPrintable(describe(par.stats)));
            QCOMPARE(par.stats.readAheadDiffered, std::uint64_t(0));
        } else {
            // Each segment whose chain landed was compared and refused; none was used.
            QCOMPARE(par.stats.used, std::uint64_t(0));
            if (tamper == 1)
                QVERIFY2(par.stats.readAheadDiffered > 0, qPrintable(describe(par.stats)));
        }
    }

    // ---- a consumer that reads only parts (the verifier's PE reader), or none ----
    // Helpers then keep no copy of their output: the caller joins their CRC-32 to its own, skips
    // their bytes for the consumer and takes their last 32 KiB as its window. The outcome must
    // still be the sequential one field for field, and every byte the consumer needs must reach it.
    void partsConsumer_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::addColumn<qint64>("segment");
        // "none": no consumer; "all": needs() always true; else byte ranges "b:e,b:e" where a
        // negative b and an e <= 0 count from the end ("-1:0": the last byte).
        QTest::addColumn<QString>("wants");
        QTest::addColumn<int>("damage");      // Damage::None, DeclaredCrc, DeclaredSize, Truncate
        QTest::addColumn<int>("expectUsed");  // 1: used > 0, -1: results given up (rejected > 0)
        auto row = [](const char* name, qint64 size, qint64 segment, const char* wants, Damage d, int used) {
            QTest::newRow(name) << size << segment << QString(wants) << int(d) << used;
        };
        row("no-consumer", 16 * MiB, 2 * MiB, "none", Damage::None, 1);
        row("headers-only", 16 * MiB, 2 * MiB, "0:65536", Damage::None, 1);
        row("headers-and-resources-at-the-end", 16 * MiB, 2 * MiB, "0:65536,-307200:-20480", Damage::None, 1);
        row("headers-and-a-range-in-the-middle", 16 * MiB, 2 * MiB, "0:65536,8192000:8294400", Damage::None, 1);
        row("one-byte-at-the-very-end", 16 * MiB, 2 * MiB, "-1:0", Damage::None, 1);
        row("wants-every-byte-after-all", 16 * MiB, 2 * MiB, "all", Damage::None, -1);
        row("headers-48MiB-4MiB-segments", 48 * MiB, 4 * MiB, "0:65536,-512000:-102400", Damage::None, 1);
        row("no-consumer-wrong-declared-crc", 16 * MiB, 2 * MiB, "none", Damage::DeclaredCrc, 1);
        row("headers-declared-size-one-short", 16 * MiB, 2 * MiB, "0:65536", Damage::DeclaredSize, 0);
        row("headers-truncated-stream", 16 * MiB, 2 * MiB, "0:65536", Damage::Truncate, 0);
    }
    void partsConsumer()
    {
        QFETCH(qint64, size);
        QFETCH(qint64, segment);
        QFETCH(QString, wants);
        QFETCH(int, damage);
        QFETCH(int, expectUsed);
        const StreamSpec spec{.kind = Kind::Dll, .size = size};
        const auto content = contentOf(spec);
        Bytes stream = *streamOf(spec);
        ZipEntryInfo info = entryFor(content->size(), crcOf(*content), stream.size());
        if (Damage(damage) == Damage::DeclaredCrc)
            info.crc32 ^= 0x10;
        if (Damage(damage) == Damage::DeclaredSize)
            info.size -= 1;
        if (Damage(damage) == Damage::Truncate) {
            stream.resize(stream.size() * 3 / 4);
            info.compressedSize = stream.size();
        }
        ParallelInflateOptions o;
        o.segmentBytes = std::size_t(segment);
        o.helpers = 2;

        RunResult seq;
        sequential(seq, info, stream, kRandomSmall, 11);
        PartsRecorder parts;
        const bool none = wants == "none";
        parts.wantsAll = wants == "all";
        if (!none && !parts.wantsAll)
            for (const QString& r : wants.split(',')) {
                const QStringList be = r.split(':');
                const qint64 b = be.value(0).toLongLong(), e = be.value(1).toLongLong();
                const qint64 n = qint64(content->size());
                parts.wanted.emplace_back(std::uint64_t(b < 0 ? n + b : b), std::uint64_t(e <= 0 ? n + e : e));
            }
        ParallelInflater inflater(o);
        Source src(stream, kRandomSmall, 11);
        const EntryOutcome out = inflater.run(info, none ? nullptr : &parts, src.next(), nullptr);
        const auto& st = inflater.stats();
        const QString both = "\n  sequential: " + describe(seq.outcome) + "\n  parallel:   " + describe(out) + "\n  " +
                             describe(st);
        QVERIFY2(src.drained(), "did not take every slice");
        QVERIFY2(out.read == seq.outcome.read && out.crcOk == seq.outcome.crcOk &&
                     out.error.empty() == seq.outcome.error.empty() &&
                     (!seq.outcome.read || (out.actualCrc == seq.outcome.actualCrc && out.actualSize == seq.outcome.actualSize)),
                 qPrintable("outcomes differ:" + both));
        if (expectUsed > 0)
            QVERIFY2(st.used > 0, qPrintable("no helper result was used:" + both));
        // A consumer that needs every byte after all: each result whose helper kept no copy of its
        // output is given up (those made only of markers, which the caller resolves, are still used).
        if (expectUsed < 0)
            QVERIFY2(st.rejected > 0, qPrintable("no result was given up though the consumer needs every byte:" + both));
        if (none)
            return;
        QCOMPARE(parts.finishes, 1);
        QCOMPARE(parts.intact, out.crcOk);
        QCOMPARE(parts.skippedWanted, 0);
        if (!seq.outcome.read)
            return;  // what reached the consumer before a failure is the failure's business
        QCOMPARE(parts.offset, std::uint64_t(content->size()));
        QCOMPARE(parts.skipped, st.bytesPassedOver);
        if (expectUsed > 0 && !parts.wantsAll)
            QVERIFY2(parts.skips > 0 && parts.skipped > 0, "nothing skipped: the helpers kept their output");
        if (parts.wantsAll)
            QCOMPARE(parts.skipped, std::uint64_t(0));
        for (const auto& [b, e] : parts.wanted) {
            QVERIFY2(b < e && e <= content->size(), qPrintable(QString("bad test range %1-%2").arg(b).arg(e)));
            QVERIFY2(parts.bytes.size() >= e && std::equal(content->begin() + std::ptrdiff_t(b), content->begin() + std::ptrdiff_t(e),
                                                           parts.bytes.begin() + std::ptrdiff_t(b)),
                     qPrintable(QString("the consumer did not get the bytes %1-%2 it needs").arg(b).arg(e)));
        }
        if (parts.wantsAll)
            QVERIFY(parts.bytes == *content);
    }

    // ---- one instance, several entries; a stored entry ----
    void reusedForSeveralEntries()
    {
        ParallelInflateOptions o;
        o.segmentBytes = 16 * KiB;
        o.helpers = 2;
        ParallelInflater inflater(o);
        const StreamSpec specs[] = {{.kind = Kind::Dll, .size = 2 * MiB}, {.kind = Kind::Text, .size = 1 * MiB},
                                    {.kind = Kind::Dll, .size = 0}, {.kind = Kind::Dll, .size = 2 * MiB}};
        for (const auto& spec : specs) {
            const auto content = contentOf(spec);
            const auto stream = streamOf(spec);
            const ZipEntryInfo info = entryFor(content->size(), crcOf(*content), stream->size());
            RunResult seq, par;
            sequential(seq, info, *stream, kRandomSmall, 5);
            runOnce(par, *stream, kRandomSmall, 5, {}, [&](const EntryInflater::NextChunk& next, const CancelToken* c) {
                return inflater.run(info, &par.rec, next, c);
            });
            const QString diff = compare(seq, par);
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
            QVERIFY(par.outcome.crcOk);
        }
        // The same instance after a failure.
        const StreamSpec spec{.kind = Kind::Dll, .size = 2 * MiB};
        Bytes cut = *streamOf(spec);
        cut.resize(cut.size() / 2);
        const auto content = contentOf(spec);
        RunResult broken;
        runOnce(broken, cut, kRandomSmall, 5, {}, [&](const EntryInflater::NextChunk& next, const CancelToken* c) {
            return inflater.run(entryFor(content->size(), crcOf(*content), cut.size()), &broken.rec, next, c);
        });
        QVERIFY(!broken.outcome.read && !broken.outcome.error.empty());
        RunResult again;
        runOnce(again, *streamOf(spec), kRandomSmall, 5, {}, [&](const EntryInflater::NextChunk& next, const CancelToken* c) {
            return inflater.run(entryFor(content->size(), crcOf(*content), streamOf(spec)->size()), &again.rec, next, c);
        });
        QVERIFY2(again.outcome.crcOk && again.rec.bytes == *content, qPrintable(describe(again.outcome)));
    }

    void storedEntry_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::addColumn<qint64>("declared");  // delta to the real size
        QTest::newRow("stored-2MiB") << 2 * MiB << qint64(0);
        QTest::newRow("stored-empty") << qint64(0) << qint64(0);
        QTest::newRow("stored-declared-smaller") << 2 * MiB << qint64(-1);
        QTest::newRow("stored-declared-larger") << 2 * MiB << qint64(1);
    }
    void storedEntry()
    {
        QFETCH(qint64, size);
        QFETCH(qint64, declared);
        const Bytes content = dllBytes(std::size_t(size), 3);
        const ZipEntryInfo info = entryFor(std::uint64_t(size + declared), crcOf(content), content.size(), 0);
        ParallelInflateOptions o;
        o.segmentBytes = 16 * KiB;
        o.helpers = 2;
        RunResult seq, par;
        sequential(seq, info, content, kRandomSmall, 9);
        parallel(par, info, content, kRandomSmall, 9, o);
        const QString diff = compare(seq, par, &content);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QCOMPARE(par.stats.used, std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestParallelInflater)
#include "tst_parallelinflater.moc"
