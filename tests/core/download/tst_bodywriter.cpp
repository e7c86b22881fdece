// The body writer (core/download/bodywriter.h): what arrives in pieces of any size lands in the
// .part in order, with the SHA-256 of exactly those bytes, across restarts and resumes; a full disk
// stops it with "disk-full" and never leaves a hole (a real full tmpfs, in a mount namespace of
// this test's own).
#include "common/digest.h"
#include "common/problemcodes.h"
#include "download/bodywriter.h"
#include "download/partfile.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

using namespace cudnnsetup;

namespace {

QByteArray randomBytes(qsizetype size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator rng(seed);
    for (auto& b : bytes)
        b = static_cast<char>(rng.bounded(256));
    return bytes;
}

// Feeds `data` to the writer in pieces whose sizes the seed chooses (1 byte to 300 kB).
bool feed(BodyWriter& writer, const QByteArray& data, quint32 seed)
{
    QRandomGenerator rng(seed);
    for (qsizetype at = 0; at < data.size();) {
        const qsizetype n = std::min<qsizetype>(data.size() - at, 1 + rng.bounded(300 * 1024));
        if (!writer.write(data.constData() + at, static_cast<std::size_t>(n)))
            return false;
        at += n;
    }
    return true;
}

std::string hexOf(const QByteArray& data)
{
    return sha256Hex(std::string_view(data.constData(), static_cast<std::size_t>(data.size())));
}

}  // namespace

class TestBodyWriter : public QObject {
    Q_OBJECT
private slots:
    void piecesLandInOrder_data();
    void piecesLandInOrder();
    void aRestartKeepsOnlyWhatCameAfter();
    void aResumeHashesWhatWasThere();
    void aFullDiskStopsWithoutAHole();
};

void TestBodyWriter::piecesLandInOrder_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<quint32>("seed");
    QTest::newRow("empty") << 0 << 1u;
    QTest::newRow("one_byte") << 1 << 2u;
    QTest::newRow("just_under_a_piece") << int(128 * 1024 - 1) << 3u;
    QTest::newRow("exactly_a_piece") << int(128 * 1024) << 4u;
    QTest::newRow("more_than_the_queue_holds") << int(5 * 1024 * 1024 + 17) << 5u;
}

void TestBodyWriter::piecesLandInOrder()
{
    QFETCH(int, size);
    QFETCH(quint32, seed);
    QTemporaryDir dir;
    const QByteArray data = randomBytes(size, seed);
    auto part = PartFile::open((dir.path() + "/x.part").toStdString());
    QVERIFY(part.ok());
    BodyWriter writer(**part);
    QVERIFY(feed(writer, data, seed));
    QCOMPARE(writer.size(), std::uint64_t(size));
    QVERIFY(!writer.drain());
    QCOMPARE((*part)->size(), std::uint64_t(size));
    QCOMPARE(writer.finishHex(), hexOf(data));
    QFile f(dir.path() + "/x.part");
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), data);
}

void TestBodyWriter::aRestartKeepsOnlyWhatCameAfter()
{
    QTemporaryDir dir;
    const QByteArray before = randomBytes(700000, 6), after = randomBytes(900001, 7);
    auto part = PartFile::open((dir.path() + "/x.part").toStdString());
    QVERIFY(part.ok());
    BodyWriter writer(**part);
    QVERIFY(feed(writer, before, 6));
    QVERIFY(writer.restart());  // the server sent the whole file again
    QCOMPARE(writer.size(), std::uint64_t(0));
    QVERIFY(feed(writer, after, 7));
    QCOMPARE(writer.finishHex(), hexOf(after));
    QFile f(dir.path() + "/x.part");
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), after);
}

void TestBodyWriter::aResumeHashesWhatWasThere()
{
    QTemporaryDir dir;
    const QByteArray whole = randomBytes(2000003, 8);
    const qsizetype kept = 1234567;
    QFile f(dir.path() + "/x.part");
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(whole.left(kept)) == kept);
    f.close();
    auto part = PartFile::open((dir.path() + "/x.part").toStdString());
    QVERIFY(part.ok());
    BodyWriter writer(**part);
    QCOMPARE(writer.size(), std::uint64_t(kept));
    QVERIFY(writer.hashExisting());
    QVERIFY(feed(writer, whole.mid(kept), 9));
    QCOMPARE(writer.finishHex(), hexOf(whole));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), whole);
}

void TestBodyWriter::aFullDiskStopsWithoutAHole()
{
    if (::geteuid() != 0)
        QSKIP("needs root to mount a small tmpfs in a mount namespace of this test's own");
    QTemporaryDir dir;
    // This process only: its own mount namespace, the tmpfs invisible to everyone else.
    QVERIFY2(::unshare(CLONE_NEWNS) == 0, strerror(errno));
    QCOMPARE(::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr), 0);
    QVERIFY2(::mount("tmpfs", QFile::encodeName(dir.path()).constData(), "tmpfs", 0, "size=1m") == 0, strerror(errno));
    const QByteArray data = randomBytes(3 * 1024 * 1024, 10);
    {
        auto part = PartFile::open((dir.path() + "/x.part").toStdString());
        QVERIFY(part.ok());
        BodyWriter writer(**part);
        feed(writer, data, 10);  // stops early once a write failed
        const auto failed = writer.drain();
        QVERIFY(failed);
        QCOMPARE(QString::fromStdString(failed->code), QString(codes::kDiskFull));
        QVERIFY(writer.size() < std::uint64_t(data.size()));
        QCOMPARE(writer.size(), (*part)->size());
        // What is there is the data's beginning: a resume after freeing space continues correctly.
        QFile f(dir.path() + "/x.part");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray there = f.readAll();
        QVERIFY(there.size() > 0);
        QCOMPARE(there, data.left(there.size()));
    }
    QCOMPARE(::umount(QFile::encodeName(dir.path()).constData()), 0);
}

QTEST_GUILESS_MAIN(TestBodyWriter)
#include "tst_bodywriter.moc"
