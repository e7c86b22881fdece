// ArchiveScanner against zips written at test time by libzip (and a few bytes patched by
// hand where libzip cannot be made to write something broken).
#include "archive/archivescanner.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <zip.h>
#include <zlib.h>

#include <map>
#include <mutex>

using namespace cudnnsetup;

namespace {

struct Item {
    QByteArray name;
    QByteArray data;
    bool store = false;
};

QString writeZip(const QString& path, const std::vector<Item>& items)
{
    int err = 0;
    zip_t* z = zip_open(QFile::encodeName(path).constData(), ZIP_CREATE | ZIP_TRUNCATE, &err);
    if (!z)
        return "zip_open failed";
    for (const auto& it : items) {
        zip_int64_t idx;
        if (it.name.endsWith('/')) {
            idx = zip_dir_add(z, it.name.constData(), ZIP_FL_ENC_UTF_8);
        } else {
            zip_source_t* src = zip_source_buffer(z, it.data.constData(), zip_uint64_t(it.data.size()), 0);
            idx = zip_file_add(z, it.name.constData(), src, ZIP_FL_ENC_UTF_8);
            if (idx >= 0)
                zip_set_file_compression(z, zip_uint64_t(idx), it.store ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0);
        }
        if (idx < 0)
            return zip_strerror(z);
    }
    if (zip_close(z) != 0)
        return "zip_close failed";
    return {};
}

QByteArray randomBytes(int n, quint32 seed)
{
    std::vector<quint32> words(std::size_t(n) / 4 + 1);
    QRandomGenerator(seed).fillRange(words.data(), qsizetype(words.size()));
    return QByteArray(reinterpret_cast<const char*>(words.data()), n);
}

// Text-like data that deflate shrinks a lot.
QByteArray compressible(int n)
{
    QByteArray b;
    for (int i = 0; b.size() < n; ++i)
        b += "#define CUDNN_SOMETHING_" + QByteArray::number(i % 97) + " (" + QByteArray::number(i) + ")\n";
    b.truncate(n);
    return b;
}

QByteArray sha256Of(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return h.result().toHex();
}

// Collects every entry's bytes (thread-safe: workers finish different entries at once).
struct Collector {
    std::mutex mutex;
    std::map<std::string, QByteArray> data;
    std::map<std::string, bool> intact;
};

class CollectingConsumer : public EntryConsumer {
public:
    CollectingConsumer(Collector& c, std::string name) : m_c(c), m_name(std::move(name)) {}
    bool write(const std::uint8_t* d, std::size_t n) override
    {
        m_buf.append(reinterpret_cast<const char*>(d), qsizetype(n));
        return true;
    }
    void finish(bool ok) override
    {
        std::lock_guard lock(m_c.mutex);
        m_c.data[m_name] = m_buf;
        m_c.intact[m_name] = ok;
    }

private:
    Collector& m_c;
    std::string m_name;
    QByteArray m_buf;
};

std::vector<Item> sampleItems()
{
    return {{"cuda/", {}, false},
            {"cuda/include/cudnn_version.h", compressible(3000), false},
            {"cuda/bin/big.dll", compressible(3 << 20) + randomBytes(700000, 1), false},
            {"cuda/bin/random.dll", randomBytes(300000, 2), true},
            {"cuda/lib/x64/empty.lib", {}, false},
            {"cuda/NVIDIA_SLA_cuDNN_Support.txt", compressible(20000), true}};
}

int indexOf(const ArchiveScanner& s, const std::string& name)
{
    for (const auto& e : s.entries())
        if (e.name == name)
            return int(e.index);
    return -1;
}

void patchByte(const QString& path, qint64 offset, char xorWith)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    f.seek(offset);
    char c;
    f.getChar(&c);
    f.seek(offset);
    f.putChar(char(c ^ xorWith));
}

void put16(QByteArray& b, quint16 v) { b.append(char(v & 0xFF)).append(char(v >> 8)); }
void put32(QByteArray& b, quint32 v) { put16(b, quint16(v & 0xFFFF)); put16(b, quint16(v >> 16)); }

QByteArray localHeader(const QByteArray& name, const QByteArray& data)
{
    QByteArray h;
    put32(h, 0x04034b50);
    put16(h, 20); put16(h, 0); put16(h, 0); put16(h, 0); put16(h, 0);
    put32(h, quint32(crc32(0, reinterpret_cast<const Bytef*>(data.constData()), uInt(data.size()))));
    put32(h, quint32(data.size())); put32(h, quint32(data.size()));
    put16(h, quint16(name.size())); put16(h, 0);
    return h + name;
}

QByteArray centralRecord(const QByteArray& name, const QByteArray& data, quint32 offset)
{
    QByteArray h;
    put32(h, 0x02014b50);
    put16(h, 20); put16(h, 20); put16(h, 0); put16(h, 0); put16(h, 0); put16(h, 0);
    put32(h, quint32(crc32(0, reinterpret_cast<const Bytef*>(data.constData()), uInt(data.size()))));
    put32(h, quint32(data.size())); put32(h, quint32(data.size()));
    put16(h, quint16(name.size())); put16(h, 0); put16(h, 0); put16(h, 0); put16(h, 0);
    put32(h, 0); put32(h, offset);
    return h + name;
}

}  // namespace

class TestArchiveScanner : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void scansEveryEntryOnce_data()
    {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<unsigned>("maxBlocks");
        QTest::newRow("one worker, default blocks") << 1u << (4 << 20) << 6u;
        QTest::newRow("two workers, default blocks") << 2u << (4 << 20) << 6u;
        QTest::newRow("two workers, 4 KiB blocks, two in flight") << 2u << 4096 << 2u;
        QTest::newRow("four workers, 64 KiB blocks") << 4u << 65536 << 3u;
        QTest::newRow("odd block size straddling headers") << 3u << 4099 << 4u;
    }
    void scansEveryEntryOnce()
    {
        QFETCH(unsigned, threads);
        QFETCH(int, blockSize);
        QFETCH(unsigned, maxBlocks);
        const QString path = m_dir.filePath("sample.zip");
        const auto items = sampleItems();
        QCOMPARE(writeZip(path, items), QString());

        auto opened = ArchiveScanner::open(path.toStdString());
        QVERIFY2(opened.ok(), opened.error().message.c_str());
        auto& scanner = **opened;
        QCOMPARE(scanner.entries().size(), items.size());
        QVERIFY(scanner.overlappingEntries().empty());
        QVERIFY(!scanner.hasExactDuplicateNames());

        Collector collected;
        ScanOptions o;
        o.threads = threads;
        o.blockSize = std::size_t(blockSize);
        o.maxBlocksInFlight = maxBlocks;
        o.consumerFor = [&](const ZipEntryInfo& e) { return std::make_unique<CollectingConsumer>(collected, e.name); };
        auto r = scanner.scan(o);
        QVERIFY2(r.ok(), r.error().message.c_str());
        QCOMPARE(QByteArray::fromStdString(r->sha256), sha256Of(path));
        QCOMPARE(r->fileSize, quint64(QFileInfo(path).size()));
        QVERIFY(!r->cancelled);
        for (const auto& it : items) {
            const int i = indexOf(scanner, it.name.toStdString());
            QVERIFY2(i >= 0, it.name.constData());
            const auto& e = scanner.entries()[std::size_t(i)];
            const auto& out = r->outcomes[std::size_t(i)];
            if (it.name.endsWith('/')) {
                QVERIFY(e.isDirectory);
                QVERIFY(!out.read);
                continue;
            }
            QVERIFY2(out.read && out.crcOk, (it.name + ": " + QByteArray::fromStdString(out.error)).constData());
            QCOMPARE(out.actualSize, quint64(it.data.size()));
            QCOMPARE(e.method, quint16(it.store ? 0 : 8));
            QCOMPARE(collected.data[e.name], it.data);
            QVERIFY(collected.intact[e.name]);
        }
    }

    void reportsCrcMismatchOfStoredEntry()
    {
        const QString path = m_dir.filePath("crc.zip");
        QCOMPARE(writeZip(path, sampleItems()), QString());
        std::uint64_t offset = 0;
        {
            auto s = ArchiveScanner::open(path.toStdString());
            QVERIFY(s.ok());
            offset = (*s)->entries()[std::size_t(indexOf(**s, "cuda/bin/random.dll"))].dataOffset;
        }
        patchByte(path, qint64(offset + 1000), 0x5A);
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY2(s.ok(), "a CRC error is found by reading, not by opening");
        auto r = (*s)->scan({});
        QVERIFY(r.ok());
        const auto& o = r->outcomes[std::size_t(indexOf(**s, "cuda/bin/random.dll"))];
        QVERIFY(o.read);
        QVERIFY(!o.crcOk);
        QVERIFY(o.actualCrc != (*s)->entries()[std::size_t(indexOf(**s, "cuda/bin/random.dll"))].crc32);
        QVERIFY(r->outcomes[std::size_t(indexOf(**s, "cuda/bin/big.dll"))].crcOk);
    }

    void reportsDamagedDeflateData()
    {
        const QString path = m_dir.filePath("deflate.zip");
        QCOMPARE(writeZip(path, sampleItems()), QString());
        auto s0 = ArchiveScanner::open(path.toStdString());
        QVERIFY(s0.ok());
        const auto e = (*s0)->entries()[std::size_t(indexOf(**s0, "cuda/bin/big.dll"))];
        s0 = Error{};
        for (int k = 0; k < 64; ++k)
            patchByte(path, qint64(e.dataOffset + 40 + std::uint64_t(k) * 97), char(0xFF));
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY(s.ok());
        auto r = (*s)->scan({});
        QVERIFY(r.ok());
        const auto& o = r->outcomes[e.index];
        QVERIFY(!o.crcOk);
        QVERIFY(!o.error.empty());
    }

    void refusesUnreadableFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("empty file") << QByteArray() << "empty";
        QTest::newRow("text file") << QByteArray(5000, 'x') << "end-of-central-directory";
        QTest::newRow("gzip magic") << QByteArray("\x1f\x8b\x08\x00", 4) + QByteArray(100, '\0') << "end-of-central-directory";
    }
    void refusesUnreadableFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, mustSay);
        const QString path = m_dir.filePath("bad.zip");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
        f.close();
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY(!s.ok());
        QCOMPARE(QString::fromStdString(s.error().code), QStringLiteral("corrupt-archive"));
        QVERIFY2(QString::fromStdString(s.error().message).contains(mustSay), s.error().message.c_str());
    }

    void refusesTruncatedZip_data()
    {
        QTest::addColumn<double>("keep");
        QTest::newRow("half") << 0.5;
        QTest::newRow("all but the last byte") << -1.0;
        QTest::newRow("all but the central directory") << 0.97;
    }
    void refusesTruncatedZip()
    {
        QFETCH(double, keep);
        const QString path = m_dir.filePath("trunc.zip");
        QCOMPARE(writeZip(path, sampleItems()), QString());
        QFile f(path);
        const qint64 size = f.size();
        QVERIFY(f.resize(keep < 0 ? size - 1 : qint64(double(size) * keep)));
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY(!s.ok());
        QCOMPARE(QString::fromStdString(s.error().code), QStringLiteral("corrupt-archive"));
    }

    void findsOverlappingEntries()
    {
        // Entry "a" is stored and its data quotes entry "b" whole (local header and data):
        // libzip's consistency check passes, but both entries claim the same bytes.
        const QByteArray dataB = randomBytes(2000, 3);
        const QByteArray lhB = localHeader("b", dataB);
        const QByteArray dataA = QByteArray(100, 'p') + lhB + dataB;
        const QByteArray lhA = localHeader("a", dataA);
        QByteArray zip = lhA + QByteArray(100, 'p') + lhB + dataB;
        const quint32 offB = quint32(lhA.size() + 100);
        const quint32 cdOffset = quint32(zip.size());
        const QByteArray cd = centralRecord("a", dataA, 0) + centralRecord("b", dataB, offB);
        zip += cd;
        put32(zip, 0x06054b50); put16(zip, 0); put16(zip, 0); put16(zip, 2); put16(zip, 2);
        put32(zip, quint32(cd.size())); put32(zip, cdOffset); put16(zip, 0);
        const QString path = m_dir.filePath("overlap.zip");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(zip);
        f.close();

        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE((*s)->overlappingEntries(), (std::vector<std::uint64_t>{0, 1}));
        // Sanity: the hand-built archive itself is well formed (every CRC checks out).
        auto r = (*s)->scan({});
        QVERIFY(r.ok());
        QVERIFY(r->outcomes[0].crcOk && r->outcomes[1].crcOk);
    }

    void stopsAtDeclaredSize()
    {
        // A deflate stream of 64 MiB of zeros whose headers claim 1000 bytes: the inflater
        // must stop right after the declared size instead of inflating the rest.
        const QString path = m_dir.filePath("liar.zip");
        QCOMPARE(writeZip(path, {{"zeros.bin", QByteArray(64 << 20, '\0'), false}}), QString());
        QByteArray bytes;
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            bytes = f.readAll();
        }
        const QByteArray declared = QByteArray::fromHex("00000004");  // 64 MiB little-endian
        QCOMPARE(bytes.count(declared), qsizetype(2));  // local header and central record
        bytes.replace(declared, QByteArray::fromHex("e8030000"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();

        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE((*s)->entries()[0].size, quint64(1000));
        auto r = (*s)->scan({});
        QVERIFY(r.ok());
        QVERIFY(!r->outcomes[0].read);
        QVERIFY(r->outcomes[0].actualSize <= 1000);
        QVERIFY2(QString::fromStdString(r->outcomes[0].error).contains("more than its declared"),
                 r->outcomes[0].error.c_str());
    }

    void selectSkipsEntries()
    {
        const QString path = m_dir.filePath("select.zip");
        QCOMPARE(writeZip(path, sampleItems()), QString());
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY(s.ok());
        ScanOptions o;
        o.select = [](const ZipEntryInfo&) { return false; };
        auto r = (*s)->scan(o);
        QVERIFY(r.ok());
        QCOMPARE(QByteArray::fromStdString(r->sha256), sha256Of(path));
        for (const auto& out : r->outcomes)
            QVERIFY(!out.read && out.actualSize == 0);
    }

    void reportsProgressAndCancels()
    {
        const QString path = m_dir.filePath("cancel.zip");
        QCOMPARE(writeZip(path, {{"a.bin", randomBytes(2 << 20, 7), true}, {"b.bin", compressible(4 << 20), false}}),
                 QString());
        struct Sink : ProgressSink {
            CancelToken* cancelAt = nullptr;
            std::uint64_t last = 0, total = 0;
            int calls = 0;
            bool monotonic = true;
            void onProgress(std::uint64_t done, std::uint64_t t) override
            {
                monotonic = monotonic && done >= last;
                last = done;
                total = t;
                if (++calls == 2 && cancelAt)
                    cancelAt->cancel();
            }
        };
        auto s = ArchiveScanner::open(path.toStdString());
        QVERIFY(s.ok());
        {
            Sink sink;
            ScanOptions o;
            o.blockSize = 65536;
            o.progress = &sink;
            auto r = (*s)->scan(o);
            QVERIFY(r.ok());
            QVERIFY(sink.monotonic);
            QCOMPARE(sink.last, r->fileSize);
            QCOMPARE(sink.total, r->fileSize);
            QVERIFY(sink.calls > 10);
        }
        {
            CancelToken token;
            Sink sink;
            sink.cancelAt = &token;
            ScanOptions o;
            o.blockSize = 65536;
            o.progress = &sink;
            o.cancel = &token;
            auto r = (*s)->scan(o);
            QVERIFY(r.ok());
            QVERIFY(r->cancelled);
            QVERIFY(r->sha256.empty());
            QVERIFY(sink.last < r->fileSize);
            QVERIFY(!(r->outcomes[0].crcOk && r->outcomes[1].crcOk));
        }
    }
};

QTEST_GUILESS_MAIN(TestArchiveScanner)
#include "tst_archivescanner.moc"
