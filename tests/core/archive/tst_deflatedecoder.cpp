// DeflateDecoder (archive/deflatedecoder.h) against zlib's inflate, the reference: the same bytes
// for every stream zlib writes (every level and strategy, stored, fixed and dynamic blocks, flush
// points, blocks that end at no byte boundary), fed in pieces of every size from one byte up; the
// same verdict on streams broken by hand (each of zlib's refusals, and the two odd codes zlib
// accepts) and on thousands of streams with a bit flipped or cut short. Then what the parallel
// inflater relies on: starting at a block boundary in the middle of a stream with the window as
// dictionary, and waiting exactly at a block start when fed two bytes past it.
#include "archive/deflatedecoder.h"
#include "fixtures/pebuilder.h"
#include "fixtures/rawdeflate.h"

#include <QTest>

#include <zlib.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace cudnnsetup;
using deflate::DeflateDecoder;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes randomBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    std::mt19937_64 rng(seed);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

Bytes textBytes(std::size_t n, std::uint64_t seed)
{
    static const char* const words[] = {"cudnnConvolutionForward", "HANDLE", "TENSOR", "status", " = ", "(", ");\n",
                                        "workspace", "0x", "algo", "#define CUDNN_", "\t", "float", "half"};
    std::mt19937_64 rng(seed);
    std::string s;
    while (s.size() < n)
        s += std::string(words[rng() % std::size(words)]) + std::to_string(rng() % 1000);
    s.resize(n);
    return Bytes(s.begin(), s.end());
}

Bytes dllBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b(n);
    if (n)
        fixtures::PeBodyGenerator(seed, 0.475).fill(b.data(), n);
    return b;
}

// Runs of 1-7 byte periods: every short match distance, the decoder's pattern copies.
Bytes periodBytes(std::size_t n, std::uint64_t seed)
{
    Bytes b;
    std::mt19937_64 rng(seed);
    while (b.size() < n) {
        const unsigned period = 1 + rng() % 7;
        const std::size_t run = 3 + rng() % 600;
        Bytes unit(period);
        for (auto& x : unit)
            x = static_cast<std::uint8_t>(rng());
        for (std::size_t i = 0; i < run && b.size() < n; ++i)
            b.push_back(unit[i % period]);
    }
    return b;
}

struct Zlib {
    bool ok = false;  // reached the end of the final block
    Bytes out;
};

// zlib's inflate, raw; stops at kCap bytes of output (a "bomb" is then neither ok nor failed here).
constexpr std::size_t kCap = 8u << 20;
Zlib zlibInflate(const Bytes& in)
{
    Zlib r;
    z_stream z{};
    inflateInit2(&z, -15);
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = static_cast<uInt>(in.size());
    Bytes piece(1u << 16);
    int rc = Z_OK;
    while (rc == Z_OK && r.out.size() < kCap) {
        z.next_out = piece.data();
        z.avail_out = static_cast<uInt>(piece.size());
        rc = inflate(&z, Z_NO_FLUSH);
        r.out.insert(r.out.end(), piece.data(), piece.data() + (piece.size() - z.avail_out));
        if (rc == Z_BUF_ERROR && z.avail_in == 0)
            break;  // truncated
    }
    r.ok = rc == Z_STREAM_END;
    inflateEnd(&z);
    return r;
}

struct Ours {
    DeflateDecoder::Status status = DeflateDecoder::Status::NeedInput;
    Bytes out;
    std::string error;
};

// Our decoder fed `in` in pieces of `piece` bytes (0: random sizes, 0 to 64 KiB, from `seed`).
Ours ourInflate(const Bytes& in, std::size_t piece, std::uint64_t seed = 1)
{
    Ours r;
    DeflateDecoder d;
    d.begin();
    std::mt19937_64 rng(seed);
    auto sink = [&](const std::uint8_t* p, std::size_t n) {
        r.out.insert(r.out.end(), p, p + n);
        return r.out.size() < kCap;
    };
    std::size_t at = 0;
    do {
        std::size_t n = piece ? piece : static_cast<std::size_t>(rng() % (rng() % 2 ? 16 : 65536));
        n = std::min(n, in.size() - at);
        r.status = d.feed(in.data() + at, n, sink);
        at += n;
    } while (at < in.size() && r.status == DeflateDecoder::Status::NeedInput);
    if (r.status == DeflateDecoder::Status::NeedInput)
        r.status = d.feed(nullptr, 0, sink);  // an empty piece changes nothing
    r.error = d.error();
    return r;
}

// Deflate bits, least significant first; Huffman codes are given as written (first bit first).
class BitWriter {
public:
    void bits(std::uint64_t value, unsigned n)  // n <= 64; bits past the value's width are 0
    {
        for (unsigned i = 0; i < n; ++i)
            put(i < 64 ? (value >> i) & 1 : 0);
    }
    void code(std::uint32_t code, unsigned n)  // a Huffman code, most significant bit first
    {
        for (unsigned i = n; i-- > 0;)
            put((code >> i) & 1);
    }
    void align()
    {
        while (m_bit % 8)
            put(0);
    }
    Bytes bytes() const { return m_bytes; }

private:
    void put(unsigned b)
    {
        if (m_bit % 8 == 0)
            m_bytes.push_back(0);
        m_bytes.back() |= static_cast<std::uint8_t>(b << (m_bit % 8));
        ++m_bit;
    }
    Bytes m_bytes;
    std::size_t m_bit = 0;
};

// A dynamic block header with the given literal/length and distance code lengths. Its precode
// gives each length 0-15 a 4-bit code (16 codes of 4 bits: complete; 16-18 unused), so every code
// length is written as its own value in 4 bits.
void dynamicHeader(BitWriter& w, bool final, const std::vector<unsigned>& litlen, const std::vector<unsigned>& dist,
                   unsigned hlitOverride = 0, unsigned hdistOverride = 0)
{
    w.bits(final ? 1 : 0, 1);
    w.bits(2, 2);
    const unsigned hlit = hlitOverride ? hlitOverride : static_cast<unsigned>(litlen.size());
    const unsigned hdist = hdistOverride ? hdistOverride : static_cast<unsigned>(dist.size());
    w.bits(hlit - 257, 5);
    w.bits(hdist - 1, 5);
    w.bits(19 - 4, 4);
    static const unsigned order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    for (unsigned i = 0; i < 19; ++i)
        w.bits(order[i] <= 15 ? 4 : 0, 3);
    auto put = [&](unsigned len) { w.code(len, 4); };  // canonical: 16 codes of 4 bits, code == value
    for (unsigned l : litlen)
        put(l);
    for (unsigned l : dist)
        put(l);
}

// A final dynamic block's header up to its code lengths (257 + 1 of them), with a precode of two
// one-bit codes (complete): symbol 0 (code 0) and `repeat` (16, 17 or 18: code 1).
void twoSymbolPrecode(BitWriter& w, unsigned repeat)
{
    w.bits(1, 1);
    w.bits(2, 2);
    w.bits(0, 5);
    w.bits(0, 5);
    w.bits(19 - 4, 4);
    static const unsigned order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    for (unsigned i = 0; i < 19; ++i)
        w.bits(order[i] == repeat || order[i] == 0 ? 1 : 0, 3);
}

// Canonical codes for `lens` (as the decoder will build them), most significant bit first.
std::vector<std::uint32_t> canonical(const std::vector<unsigned>& lens)
{
    unsigned count[16] = {}, next[16] = {};
    for (unsigned l : lens)
        ++count[l];
    count[0] = 0;
    unsigned code = 0;
    for (unsigned b = 1; b <= 15; ++b)
        next[b] = code = (code + count[b - 1]) << 1;
    std::vector<std::uint32_t> codes(lens.size());
    for (std::size_t s = 0; s < lens.size(); ++s)
        if (lens[s])
            codes[s] = next[lens[s]]++;
    return codes;
}

// A complete literal/length code of four 2-bit codes: 'a', 'b', end of block, length 3 (257).
std::vector<unsigned> smallLitlen()
{
    std::vector<unsigned> l(258, 0);
    l['a'] = 2;
    l['b'] = 2;
    l[256] = 2;
    l[257] = 2;
    return l;
}

Bytes handmade(const QString& what)
{
    BitWriter w;
    const auto lit = smallLitlen();
    const auto litCodes = canonical(lit);
    std::vector<unsigned> dist(2, 1);  // distances 1 and 2, one bit each: complete
    const auto distCodes = canonical(dist);
    auto put = [&](unsigned sym) { w.code(litCodes[sym], lit[sym]); };
    if (what == "valid-small") {
        dynamicHeader(w, true, lit, dist);
        put('a');
        put('b');
        put(257);
        w.code(distCodes[1], 1);  // distance 2: "aba"
        put(256);
    } else if (what == "distance-too-far-back") {
        dynamicHeader(w, true, lit, dist);
        put('a');
        put(257);
        w.code(distCodes[1], 1);  // distance 2 with 1 byte out
        put(256);
    } else if (what == "missing-end-of-block") {
        auto l = lit;
        l[256] = 0;
        l['c'] = 2;
        dynamicHeader(w, true, l, dist);
    } else if (what == "over-subscribed-litlen") {
        auto l = lit;
        l['c'] = 2;
        dynamicHeader(w, true, l, dist);
    } else if (what == "incomplete-litlen") {
        auto l = lit;
        l[257] = 0;
        dynamicHeader(w, true, l, dist);
    } else if (what == "single-one-bit-distance-code") {  // zlib accepts it
        dynamicHeader(w, true, lit, {1});
        put('a');
        put('b');
        put(257);
        w.code(0, 1);  // distance 1: "abbbb"
        put(256);
    } else if (what == "unused-one-bit-distance-code") {  // the missing code, used: refused
        dynamicHeader(w, true, lit, {1});
        put('a');
        put(257);
        w.code(1, 1);
        put(256);
    } else if (what == "no-distance-codes-literals-only") {  // zlib accepts it
        dynamicHeader(w, true, lit, {0});
        put('a');
        put('b');
        put(256);
    } else if (what == "no-distance-codes-a-match") {
        dynamicHeader(w, true, lit, {0});
        put('a');
        put(257);
        w.bits(0, 8);
        put(256);
    } else if (what == "too-many-length-codes") {
        auto l = lit;
        l.resize(287, 0);
        dynamicHeader(w, true, l, dist);
    } else if (what == "too-many-distance-codes") {
        std::vector<unsigned> d(31, 0);
        d[0] = d[1] = 1;
        dynamicHeader(w, true, lit, d);
    } else if (what == "repeat-with-nothing-before") {
        twoSymbolPrecode(w, 16);
        w.code(1, 1);  // symbol 16 (canonical: 0 -> code 0, 16 -> code 1)
        w.bits(0, 2);
    } else if (what == "repeat-past-the-end") {
        twoSymbolPrecode(w, 18);
        for (int k = 0; k < 3; ++k) {  // 3 x 138 zeros > 257 + 1
            w.code(1, 1);
            w.bits(127, 7);
        }
    } else if (what == "incomplete-precode") {
        w.bits(1, 1);
        w.bits(2, 2);
        w.bits(0, 5);
        w.bits(0, 5);
        w.bits(0, 4);
        w.bits(1, 3);  // only symbol 16 has a code, of one bit
        w.bits(0, 9);
    } else if (what == "block-type-3") {
        w.bits(1, 1);
        w.bits(3, 2);
        w.bits(0, 16);
    } else if (what == "stored-length-not-complement") {
        w.bits(1, 1);
        w.bits(0, 2);
        w.align();
        w.bits(5, 16);
        w.bits(0x1234, 16);
        w.bits(0, 40);
    } else if (what == "stored-then-fixed") {
        w.bits(0, 1);
        w.bits(0, 2);
        w.align();
        w.bits(3, 16);
        w.bits(~3u & 0xffff, 16);
        w.bits('x', 8);
        w.bits('y', 8);
        w.bits('z', 8);
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'q', 8);  // fixed literal 'q'
        w.code(0, 7);           // end of block
    } else if (what == "fixed-length-symbol-286") {
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'q', 8);
        w.code(0xc0 + (286 - 280), 8);
        w.bits(0, 16);
    } else if (what == "fixed-distance-30") {
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'q', 8);
        w.code(1, 7);  // length 3
        w.code(30, 5);
        w.bits(0, 16);
    } else if (what == "fixed-final-then-garbage") {
        w.bits(1, 1);
        w.bits(1, 2);
        w.code(0x30 + 'q', 8);
        w.code(0, 7);
        w.bits(0xffff, 16);  // after the end: not read
    }
    return w.bytes();
}

}  // namespace

class TestDeflateDecoder : public QObject {
    Q_OBJECT
private slots:
    void agreesWithZlib_data();
    void agreesWithZlib();
    void handmadeStreams_data();
    void handmadeStreams();
    void brokenStreamsFailWhereZlibFails_data();
    void brokenStreamsFailWhereZlibFails();
    void startsAtABlockWithItsWindow_data();
    void startsAtABlockWithItsWindow();
    void sinkStops();
};

void TestDeflateDecoder::agreesWithZlib_data()
{
    QTest::addColumn<int>("kind");  // 0 random, 1 text, 2 dll, 3 periods, 4 zeros
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("flushMode");
    QTest::addColumn<int>("piece");  // 0: random sizes
    const char* kinds[] = {"random", "text", "dll", "periods", "zeros"};
    for (int kind = 0; kind < 5; ++kind)
        for (int level : {0, 1, 6, 9})
            for (int piece : {0, 1, 7, 4096, 1 << 22})
                QTest::addRow("%s-level%d-piece%d", kinds[kind], level, piece)
                    << kind << (piece == 1 ? 50000 : 300000) << level << int(Z_DEFAULT_STRATEGY) << int(Z_NO_FLUSH)
                    << piece;
    QTest::addRow("text-huffman-only") << 1 << 1000000 << 6 << int(Z_HUFFMAN_ONLY) << int(Z_NO_FLUSH) << 0;
    QTest::addRow("dll-rle") << 2 << 1000000 << 6 << int(Z_RLE) << int(Z_NO_FLUSH) << 0;
    QTest::addRow("dll-fixed-blocks") << 2 << 1000000 << 6 << int(Z_FIXED) << int(Z_NO_FLUSH) << 3;
    QTest::addRow("periods-fixed-blocks") << 3 << 1000000 << 9 << int(Z_FIXED) << int(Z_NO_FLUSH) << 0;
    QTest::addRow("text-sync-flush-every-1000") << 1 << 500000 << 6 << int(Z_DEFAULT_STRATEGY) << int(Z_SYNC_FLUSH) << 0;
    QTest::addRow("dll-full-flush-every-1000") << 2 << 500000 << 6 << int(Z_DEFAULT_STRATEGY) << int(Z_FULL_FLUSH) << 5;
    QTest::addRow("text-partial-flush-every-1000") << 1 << 500000 << 6 << int(Z_DEFAULT_STRATEGY) << int(Z_PARTIAL_FLUSH) << 0;
    QTest::addRow("dll-block-flush-every-1000") << 2 << 500000 << 6 << int(Z_DEFAULT_STRATEGY) << int(Z_BLOCK) << 1;
    QTest::addRow("empty") << 4 << 0 << 6 << int(Z_DEFAULT_STRATEGY) << int(Z_NO_FLUSH) << 0;
}

void TestDeflateDecoder::agreesWithZlib()
{
    QFETCH(int, kind);
    QFETCH(int, size);
    QFETCH(int, level);
    QFETCH(int, strategy);
    QFETCH(int, flushMode);
    QFETCH(int, piece);
    const std::size_t n = static_cast<std::size_t>(size);
    Bytes content;
    switch (kind) {
    case 0: content = randomBytes(n, 7); break;
    case 1: content = textBytes(n, 7); break;
    case 2: content = dllBytes(n, 7); break;
    case 3: content = periodBytes(n, 7); break;
    default: content.assign(n, 0); break;
    }
    const Bytes stream = fixtures::deflateRaw(content, level, strategy, 8, flushMode == Z_NO_FLUSH ? 0 : 1000, flushMode);
    const Ours ours = ourInflate(stream, static_cast<std::size_t>(piece), static_cast<std::uint64_t>(size + level));
    QCOMPARE(ours.error, std::string());
    QCOMPARE(int(ours.status), int(DeflateDecoder::Status::Finished));
    QCOMPARE(ours.out.size(), content.size());
    QVERIFY(ours.out == content);
}

void TestDeflateDecoder::handmadeStreams_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QString>("error");
    QTest::newRow("valid-small") << "valid-small" << true << QByteArray("ababa") << "";
    QTest::newRow("distance-too-far-back") << "distance-too-far-back" << false << QByteArray() << "invalid distance too far back";
    QTest::newRow("missing-end-of-block") << "missing-end-of-block" << false << QByteArray() << "invalid code -- missing end-of-block";
    QTest::newRow("over-subscribed-litlen") << "over-subscribed-litlen" << false << QByteArray() << "invalid literal/lengths set";
    QTest::newRow("incomplete-litlen") << "incomplete-litlen" << false << QByteArray() << "invalid literal/lengths set";
    QTest::newRow("single-one-bit-distance-code") << "single-one-bit-distance-code" << true << QByteArray("abbbb") << "";
    QTest::newRow("unused-one-bit-distance-code") << "unused-one-bit-distance-code" << false << QByteArray() << "invalid distance code";
    QTest::newRow("no-distance-codes-literals-only") << "no-distance-codes-literals-only" << true << QByteArray("ab") << "";
    QTest::newRow("no-distance-codes-a-match") << "no-distance-codes-a-match" << false << QByteArray() << "invalid distance code";
    QTest::newRow("too-many-length-codes") << "too-many-length-codes" << false << QByteArray() << "too many length or distance symbols";
    QTest::newRow("too-many-distance-codes") << "too-many-distance-codes" << false << QByteArray() << "too many length or distance symbols";
    QTest::newRow("repeat-with-nothing-before") << "repeat-with-nothing-before" << false << QByteArray() << "invalid bit length repeat";
    QTest::newRow("repeat-past-the-end") << "repeat-past-the-end" << false << QByteArray() << "invalid bit length repeat";
    QTest::newRow("incomplete-precode") << "incomplete-precode" << false << QByteArray() << "invalid code lengths set";
    QTest::newRow("block-type-3") << "block-type-3" << false << QByteArray() << "invalid block type";
    QTest::newRow("stored-length-not-complement") << "stored-length-not-complement" << false << QByteArray() << "invalid stored block lengths";
    QTest::newRow("stored-then-fixed") << "stored-then-fixed" << true << QByteArray("xyzq") << "";
    QTest::newRow("fixed-length-symbol-286") << "fixed-length-symbol-286" << false << QByteArray() << "invalid literal/length code";
    QTest::newRow("fixed-distance-30") << "fixed-distance-30" << false << QByteArray() << "invalid distance code";
    QTest::newRow("fixed-final-then-garbage") << "fixed-final-then-garbage" << true << QByteArray("q") << "";
}

void TestDeflateDecoder::handmadeStreams()
{
    QFETCH(QString, what);
    QFETCH(bool, valid);
    QFETCH(QByteArray, output);
    QFETCH(QString, error);
    const Bytes stream = handmade(what);
    QVERIFY(!stream.empty());
    const Zlib z = zlibInflate(stream);
    QCOMPARE(z.ok, valid);  // the row says what zlib says
    for (std::size_t piece : {std::size_t(0), std::size_t(1), std::size_t(3), stream.size()}) {
        const Ours ours = ourInflate(stream, piece);
        QCOMPARE(ours.status == DeflateDecoder::Status::Finished, valid);
        if (valid) {
            QCOMPARE(QByteArray(reinterpret_cast<const char*>(ours.out.data()), int(ours.out.size())), output);
        } else {
            QCOMPARE(int(ours.status), int(DeflateDecoder::Status::Failed));
            QCOMPARE(QString::fromStdString(ours.error), error);
        }
    }
}

void TestDeflateDecoder::brokenStreamsFailWhereZlibFails_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("level");
    QTest::addColumn<int>("strategy");
    QTest::newRow("text-level6") << 1 << 6 << int(Z_DEFAULT_STRATEGY);
    QTest::newRow("dll-level1") << 2 << 1 << int(Z_DEFAULT_STRATEGY);
    QTest::newRow("dll-fixed") << 2 << 6 << int(Z_FIXED);
    QTest::newRow("periods-level9") << 3 << 9 << int(Z_DEFAULT_STRATEGY);
    QTest::newRow("random-stored") << 0 << 0 << int(Z_DEFAULT_STRATEGY);
}

// Every bit flip of a small stream's first 200 bytes and a sample of the rest, and every cut:
// where zlib ends the stream we end it with the same bytes; where zlib refuses or runs out, we
// do not finish.
void TestDeflateDecoder::brokenStreamsFailWhereZlibFails()
{
    QFETCH(int, kind);
    QFETCH(int, level);
    QFETCH(int, strategy);
    Bytes content = kind == 1 ? textBytes(30000, 3) : kind == 2 ? dllBytes(30000, 3) : kind == 3 ? periodBytes(30000, 3) : randomBytes(3000, 3);
    const Bytes good = fixtures::deflateRaw(content, level, strategy);
    std::mt19937_64 rng(11);
    int flips = 0, zlibRefused = 0;
    for (std::size_t bit = 0; bit < good.size() * 8; bit += (bit < 1600 ? 1 : 1 + rng() % 97)) {
        Bytes bad = good;
        bad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        const Zlib z = zlibInflate(bad);
        const Ours ours = ourInflate(bad, bit % 3 ? 0 : 5, bit);
        ++flips;
        zlibRefused += !z.ok;
        if (z.ok) {
            QVERIFY2(ours.status == DeflateDecoder::Status::Finished, qPrintable(QString("bit %1: %2").arg(bit).arg(QString::fromStdString(ours.error))));
            QVERIFY2(ours.out == z.out, qPrintable(QString("bit %1").arg(bit)));
        } else if (z.out.size() < kCap) {
            QVERIFY2(ours.status != DeflateDecoder::Status::Finished, qPrintable(QString("bit %1").arg(bit)));
            // What came out before the error is what zlib put out before it, as far as either got.
            const std::size_t common = std::min(ours.out.size(), z.out.size());
            QVERIFY(std::equal(ours.out.begin(), ours.out.begin() + common, z.out.begin()));
        }
    }
    if (level > 0)
        QVERIFY(zlibRefused > flips / 20);  // the flips do break streams (a stored block's bytes are anything)
    for (std::size_t cut = 0; cut < good.size(); cut += 1 + cut / 50) {
        const Bytes shorter(good.begin(), good.begin() + cut);
        const Ours ours = ourInflate(shorter, cut % 2 ? 1 : 0, cut);
        QVERIFY2(ours.status == DeflateDecoder::Status::NeedInput, qPrintable(QString("cut at %1").arg(cut)));
        QVERIFY(std::equal(ours.out.begin(), ours.out.end(), content.begin()));
    }
}

void TestDeflateDecoder::startsAtABlockWithItsWindow_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("strategy");
    QTest::newRow("dll") << 2 << int(Z_DEFAULT_STRATEGY);
    QTest::newRow("text") << 1 << int(Z_DEFAULT_STRATEGY);
    QTest::newRow("dll-fixed") << 2 << int(Z_FIXED);
    QTest::newRow("periods") << 3 << int(Z_DEFAULT_STRATEGY);
}

// zlib's Z_BLOCK stops at every block boundary and says its bit; from there, with the output so
// far as dictionary, our decoder must give the rest of the output. Fed to two bytes past the
// next block's start, it must wait exactly there (what the parallel inflater's landing test reads).
void TestDeflateDecoder::startsAtABlockWithItsWindow()
{
    QFETCH(int, kind);
    QFETCH(int, strategy);
    const Bytes content = kind == 1 ? textBytes(1000000, 5) : kind == 2 ? dllBytes(1000000, 5) : periodBytes(8000000, 5);
    const Bytes stream = fixtures::deflateRaw(content, 6, strategy);
    // Block boundaries (bit, output so far), as zlib reports them.
    std::vector<std::pair<std::uint64_t, std::size_t>> boundaries;
    {
        z_stream z{};
        inflateInit2(&z, -15);
        z.next_in = const_cast<Bytef*>(stream.data());
        z.avail_in = static_cast<uInt>(stream.size());
        Bytes out(content.size() + 1);
        z.next_out = out.data();
        z.avail_out = static_cast<uInt>(out.size());
        int rc = Z_OK;
        while (rc == Z_OK) {
            rc = inflate(&z, Z_BLOCK);
            if ((z.data_type & 128) && !(z.data_type & 64))  // at the end of a block, not the last
                boundaries.emplace_back(std::uint64_t(z.total_in) * 8 - (z.data_type & 7), z.total_out);
        }
        inflateEnd(&z);
        QCOMPARE(rc, Z_STREAM_END);
    }
    QVERIFY(boundaries.size() >= 4);
    int landings = 0;
    for (std::size_t k = 1; k + 1 < boundaries.size(); k += std::max<std::size_t>(1, boundaries.size() / 12)) {
        const auto [bit, produced] = boundaries[k];
        if (bit == boundaries[k - 1].first)
            continue;  // an empty block (zlib writes none here, but be safe)
        DeflateDecoder d;
        d.begin(bit, stream.data() + bit / 8, content.data(), produced);
        Bytes out;
        auto sink = [&](const std::uint8_t* p, std::size_t n) {
            out.insert(out.end(), p, p + n);
            return true;
        };
        // To two bytes past the next boundary: waits there, at a block start.
        const std::uint64_t next = boundaries[k + 1].first;
        const std::uint64_t upTo = std::min<std::uint64_t>(stream.size(), (next + 7) / 8 + 2);
        QCOMPARE(int(d.feed(stream.data() + d.fed(), upTo - d.fed(), sink)), int(DeflateDecoder::Status::NeedInput));
        if (strategy != Z_FIXED) {  // a fixed block's 3-bit header fits in two bytes: it is read
            QVERIFY(d.atBlockStart());
            QCOMPARE(d.bitPosition(), next);
            ++landings;
        }
        QVERIFY(std::equal(out.begin(), out.end(), content.begin() + static_cast<std::ptrdiff_t>(produced)));
        // The rest, to the end.
        QCOMPARE(int(d.feed(stream.data() + d.fed(), stream.size() - d.fed(), sink)), int(DeflateDecoder::Status::Finished));
        QCOMPARE(out.size(), content.size() - produced);
        QVERIFY(std::equal(out.begin(), out.end(), content.begin() + static_cast<std::ptrdiff_t>(produced)));
    }
    if (strategy != Z_FIXED)
        QVERIFY(landings >= 3);
}

void TestDeflateDecoder::sinkStops()
{
    const Bytes content = dllBytes(3000000, 9);
    const Bytes stream = fixtures::deflateRaw(content, 6);
    DeflateDecoder d;
    d.begin();
    std::size_t got = 0;
    int calls = 0;
    const auto status = d.feed(stream.data(), stream.size(), [&](const std::uint8_t*, std::size_t n) {
        got += n;
        return ++calls < 2;
    });
    QCOMPARE(int(status), int(DeflateDecoder::Status::Stopped));
    QCOMPARE(calls, 2);
    QVERIFY(got < content.size());
    QCOMPARE(int(d.feed(stream.data(), 1, [](const std::uint8_t*, std::size_t) { return true; })),
             int(DeflateDecoder::Status::Stopped));
}

QTEST_GUILESS_MAIN(TestDeflateDecoder)
#include "tst_deflatedecoder.moc"
