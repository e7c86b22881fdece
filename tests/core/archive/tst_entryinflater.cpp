// EntryInflater (ISA-L): raw deflate streams written by zlib at test time, given in slices of many
// sizes, must reach the consumer byte for byte with the right size and CRC-32; broken ones
// (truncated, a bit flipped, a wrong declared size or CRC, garbage) must end in a clean failure
// with the messages verify shows; bytes after the end are ignored; a cancel or a consumer that stops
// ends the entry, and every slice is still taken so that the reader never waits.
//
// Each slice lives in a heap block of its own that is scribbled over when its last holder lets it
// go: an inflater that kept reading a slice after giving it back would read garbage (ASan: worse).
#include "archive/entryinflater.h"
#include "common/progress.h"
#include "fixtures/pebuilder.h"
#include "fixtures/rawdeflate.h"

#include <QTest>

#include <zlib.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace cudnnsetup;

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t KiB = 1024, MiB = 1024 * KiB;

Bytes dllBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    fixtures::PeBodyGenerator(seed, 0.3).fill(b.data(), n);
    return b;
}

Bytes textBytes(std::size_t n)
{
    std::string s;
    for (int i = 0; s.size() < n; ++i)
        s += "#define CUDNN_ATTR_" + std::to_string(i * 7919 % 1000) + " (" + std::to_string(i) + ")\n";
    s.resize(n);
    return Bytes(s.begin(), s.end());
}

Bytes randomBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    std::mt19937_64 rng(seed);
    for (auto& c : b)
        c = static_cast<std::uint8_t>(rng());
    return b;
}

std::uint32_t crcOf(const Bytes& b) { return std::uint32_t(crc32(0, b.data(), uInt(b.size()))); }

class Recorder : public EntryConsumer {
public:
    Bytes bytes;
    int finishes = 0;
    bool intact = false;
    std::uint64_t refuseAt = ~0ull;          // write() returns false once this many bytes came
    std::uint64_t cancelAt = ~0ull;          // the token is set once this many bytes came
    CancelToken* token = nullptr;
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        bytes.insert(bytes.end(), data, data + size);
        if (token && bytes.size() >= cancelAt)
            token->cancel();
        return bytes.size() < refuseAt;
    }
    void finish(bool ok) override
    {
        ++finishes;
        intact = ok;
    }
};

struct Run {
    EntryOutcome outcome;
    Recorder rec;
    std::size_t taken = 0;  // bytes of the stream handed out
};

// Slices of `piece` bytes (0: random sizes up to 256 KiB, some empty), as the scanner hands them out.
void inflate(Run& r, const ZipEntryInfo& info, const Bytes& stream, std::size_t piece, const CancelToken* cancel = nullptr)
{
    std::mt19937_64 rng(7);
    auto next = [&](ScanChunk& chunk) {
        if (r.taken == stream.size())
            return false;
        const std::size_t want = piece ? piece : std::size_t(rng() % (256 * KiB + 1));
        const std::size_t n = std::min(want, stream.size() - r.taken);
        std::shared_ptr<std::uint8_t> block(new std::uint8_t[n + 1], [n](std::uint8_t* p) {
            std::memset(p, 0xA5, n + 1);
            delete[] p;
        });
        std::memcpy(block.get(), stream.data() + r.taken, n);
        chunk = ScanChunk{block, block.get(), n};
        r.taken += n;
        return true;
    };
    EntryInflater inflater;
    r.outcome = inflater.run(info, &r.rec, next, cancel);
}

ZipEntryInfo entryFor(const Bytes& content, const Bytes& stream, std::uint16_t method = 8)
{
    ZipEntryInfo info;
    info.name = "bin/cudnn64_8.dll";
    info.method = method;
    info.size = content.size();
    info.crc32 = crcOf(content);
    info.compressedSize = stream.size();
    return info;
}

QString errorOf(const Run& r) { return QString::fromStdString(r.outcome.error); }

}  // namespace

class TestEntryInflater : public QObject {
    Q_OBJECT

private slots:
    void inflatesWhatZlibWrote_data()
    {
        QTest::addColumn<int>("kind");  // 0 code, 1 text, 2 random, 3 zeros
        QTest::addColumn<qint64>("size");
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("strategy");
        QTest::addColumn<qint64>("flushEvery");
        QTest::addColumn<qint64>("piece");
        QTest::newRow("empty") << 0 << qint64(0) << 6 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(1);
        QTest::newRow("one-byte") << 1 << qint64(1) << 6 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(1);
        QTest::newRow("code-level1-random-slices") << 0 << qint64(4 * MiB) << 1 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(0);
        QTest::newRow("code-level6-2MiB-slices") << 0 << qint64(8 * MiB) << 6 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(2 * MiB);
        QTest::newRow("code-level9-1-byte-slices") << 0 << qint64(256 * KiB) << 9 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(1);
        QTest::newRow("text-level9-7-byte-slices") << 1 << qint64(1 * MiB) << 9 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(7);
        QTest::newRow("text-fixed-blocks") << 1 << qint64(2 * MiB) << 6 << Z_FIXED << qint64(0) << qint64(0);
        QTest::newRow("code-huffman-only") << 0 << qint64(2 * MiB) << 6 << Z_HUFFMAN_ONLY << qint64(0) << qint64(0);
        QTest::newRow("code-rle") << 0 << qint64(2 * MiB) << 6 << Z_RLE << qint64(0) << qint64(0);
        QTest::newRow("random-stored-blocks") << 2 << qint64(2 * MiB) << 6 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(0);
        QTest::newRow("code-sync-flush-every-100KiB") << 0 << qint64(4 * MiB) << 6 << Z_DEFAULT_STRATEGY << qint64(100 * KiB) << qint64(0);
        // 64 MiB of zeros from 64 KiB of input: output pieces far more than slices.
        QTest::newRow("zeros-64MiB-whole") << 3 << qint64(64 * MiB) << 9 << Z_DEFAULT_STRATEGY << qint64(0) << qint64(64 * MiB);
    }
    void inflatesWhatZlibWrote()
    {
        QFETCH(int, kind);
        QFETCH(qint64, size);
        QFETCH(int, level);
        QFETCH(int, strategy);
        QFETCH(qint64, flushEvery);
        QFETCH(qint64, piece);
        const std::size_t n = std::size_t(size);
        const Bytes content = kind == 0 ? dllBytes(n, 1) : kind == 1 ? textBytes(n) : kind == 2 ? randomBytes(n, 2) : Bytes(n, 0);
        const Bytes stream = fixtures::deflateRaw(content, level, strategy, 8, std::size_t(flushEvery),
                                                  flushEvery ? Z_SYNC_FLUSH : Z_NO_FLUSH);
        Run r;
        inflate(r, entryFor(content, stream), stream, std::size_t(piece));
        QVERIFY2(r.outcome.read && r.outcome.crcOk, qPrintable(errorOf(r)));
        QVERIFY(r.outcome.error.empty());
        QCOMPARE(r.outcome.actualSize, std::uint64_t(content.size()));
        QCOMPARE(r.outcome.actualCrc, crcOf(content));
        QVERIFY(r.rec.bytes == content);
        QCOMPARE(r.rec.finishes, 1);
        QVERIFY(r.rec.intact);
        QCOMPARE(r.taken, stream.size());
    }

    void storedEntry()
    {
        const Bytes content = randomBytes(3 * MiB + 5, 3);
        Run r;
        inflate(r, entryFor(content, content, 0), content, 0);
        QVERIFY(r.outcome.crcOk);
        QVERIFY(r.rec.bytes == content);
        Run longer;
        ZipEntryInfo info = entryFor(content, content, 0);
        info.size -= 1;
        inflate(longer, info, content, 0);
        QVERIFY(!longer.outcome.read);
        QVERIFY2(errorOf(longer).contains("more than its declared"), qPrintable(errorOf(longer)));
    }

    // Every way a stream can be wrong ends in a failure that says why (verify's messages), with the
    // bytes before it correct and every slice taken.
    void brokenStreamsFailCleanly_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated-to-nothing") << "truncate-0" << "ends early (truncated)";
        QTest::newRow("truncated-half") << "truncate-half" << "ends early (truncated)";
        QTest::newRow("truncated-last-byte") << "truncate-last" << "ends early (truncated)";
        QTest::newRow("garbage") << "garbage" << "deflate data is damaged";
        QTest::newRow("bit-flipped") << "flip" << "";  // damaged or a CRC that does not match: zlib's data decides
        QTest::newRow("declared-size-1-smaller") << "size-smaller" << "more than its declared";
        QTest::newRow("declared-size-1-larger") << "size-larger" << "not the declared";
        QTest::newRow("declared-crc-wrong") << "crc" << "its CRC-32 does not match";
    }
    void brokenStreamsFailCleanly()
    {
        QFETCH(QString, damage);
        QFETCH(QString, message);
        const Bytes content = dllBytes(2 * MiB, 4);
        Bytes stream = fixtures::deflateRaw(content, 6);
        ZipEntryInfo info = entryFor(content, stream);
        if (damage == "truncate-0")
            stream.clear();
        else if (damage == "truncate-half")
            stream.resize(stream.size() / 2);
        else if (damage == "truncate-last")
            stream.pop_back();
        else if (damage == "garbage")
            stream = Bytes(4096, 0xFF);  // block type 3, which does not exist
        else if (damage == "flip")
            stream[stream.size() * 6 / 10] ^= 0x10;
        else if (damage == "size-smaller")
            info.size -= 1;
        else if (damage == "size-larger")
            info.size += 1;
        else if (damage == "crc")
            info.crc32 ^= 1;
        for (std::size_t piece : {std::size_t(0), std::size_t(1 * MiB), std::size_t(4093)}) {
            Run r;
            inflate(r, info, stream, piece);
            QVERIFY(!r.outcome.crcOk);
            QVERIFY(!r.outcome.error.empty());
            QVERIFY2(errorOf(r).contains(message), qPrintable(errorOf(r)));
            QCOMPARE(r.rec.finishes, 1);
            QVERIFY(!r.rec.intact);
            QCOMPARE(r.taken, stream.size());
            QVERIFY(r.rec.bytes.size() <= info.size);
            const std::size_t same = std::min(r.rec.bytes.size(), content.size());
            if (damage != "flip")
                QVERIFY(std::equal(r.rec.bytes.begin(), r.rec.bytes.begin() + std::ptrdiff_t(same), content.begin()));
        }
    }

    // Bytes after the end of the stream are ignored, as unzip does.
    void trailingBytesAreIgnored()
    {
        const Bytes content = textBytes(1 * MiB);
        Bytes stream = fixtures::deflateRaw(content, 6);
        const ZipEntryInfo info = entryFor(content, stream);
        const Bytes junk = randomBytes(300 * KiB, 5);
        stream.insert(stream.end(), junk.begin(), junk.end());
        Run r;
        inflate(r, info, stream, 0);
        QVERIFY2(r.outcome.crcOk, qPrintable(errorOf(r)));
        QVERIFY(r.rec.bytes == content);
        QCOMPARE(r.taken, stream.size());
    }

    void stopsWhenTold_data()
    {
        QTest::addColumn<qint64>("refuseAt");
        QTest::addColumn<qint64>("cancelAt");  // 0: cancelled before the start
        QTest::addColumn<QString>("message");
        QTest::newRow("consumer-refuses-first-write") << qint64(1) << qint64(-1) << "the receiver of its data stopped";
        QTest::newRow("consumer-refuses-after-1MiB") << qint64(1 * MiB) << qint64(-1) << "the receiver of its data stopped";
        QTest::newRow("cancelled-before-start") << qint64(-1) << qint64(0) << "cancelled";
        QTest::newRow("cancelled-after-1MiB") << qint64(-1) << qint64(1 * MiB) << "cancelled";
    }
    void stopsWhenTold()
    {
        QFETCH(qint64, refuseAt);
        QFETCH(qint64, cancelAt);
        QFETCH(QString, message);
        const Bytes content = dllBytes(8 * MiB, 6);
        const Bytes stream = fixtures::deflateRaw(content, 6);
        CancelToken token;
        if (cancelAt == 0)
            token.cancel();
        Run r;
        if (refuseAt > 0)
            r.rec.refuseAt = std::uint64_t(refuseAt);
        if (cancelAt > 0) {
            r.rec.cancelAt = std::uint64_t(cancelAt);
            r.rec.token = &token;
        }
        inflate(r, entryFor(content, stream), stream, 64 * KiB, &token);
        QVERIFY(!r.outcome.read);
        QCOMPARE(errorOf(r), message);
        QCOMPARE(r.taken, stream.size());
        QCOMPARE(r.rec.finishes, 1);
        // A cancel is seen at the next slice: at most one slice's output after it.
        if (cancelAt >= 0)
            QVERIFY(r.rec.bytes.size() <= std::uint64_t(cancelAt) + 1 * MiB);
    }

    // One inflater, several entries in turn (a worker's life): no state leaks from one to the next.
    void reusedForSeveralEntries()
    {
        EntryInflater inflater;
        for (int round = 0; round < 3; ++round) {
            const Bytes content = dllBytes(1 * MiB + std::size_t(round), std::uint64_t(10 + round));
            Bytes stream = fixtures::deflateRaw(content, 6);
            if (round == 1)
                stream.resize(stream.size() / 3);  // a broken one in the middle
            std::size_t at = 0;
            Recorder rec;
            const EntryOutcome o = inflater.run(entryFor(content, stream), &rec, [&](ScanChunk& c) {
                if (at == stream.size())
                    return false;
                const std::size_t n = std::min<std::size_t>(100 * KiB, stream.size() - at);
                c = ScanChunk{nullptr, stream.data() + at, n};
                at += n;
                return true;
            }, nullptr);
            QCOMPARE(o.crcOk, round != 1);
            if (round != 1)
                QVERIFY(rec.bytes == content);
        }
    }
};

QTEST_GUILESS_MAIN(TestEntryInflater)
#include "tst_entryinflater.moc"
