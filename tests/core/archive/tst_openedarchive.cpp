// Every reader of an archive reads the one open file (platform/openedfile.h; issue 29, "Bounded
// reads"): opened, then another archive renamed over its name (what a user who may write the
// archive's folder can do while the elevated helper works), and still the SHA-256, the central
// directory with libzip's check, the scan, the --sha256 check, the tar reader and
// verify as a whole see the archive that was opened. Before, each of them opened the name again
// and read the other archive. Staging from the handle: tst_installflow.
#include "archive/archivescanner.h"
#include "archive/tarreader.h"
#include "archive/verifier.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/tarbuilder.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace cudnnsetup;

namespace {

QString sha256Of(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return QString::fromLatin1(h.result().toHex());
}

QStringList entryNames(const VerifyResult& r)
{
    QStringList names;
    for (const VerifiedEntry& e : r.entries)
        names << QString::fromStdString(e.path) + " " + QString::number(e.size);
    return names;
}

}  // namespace

class TestOpenedArchive : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // The archive to open and the one renamed over it later: two releases, different bytes.
    void write(const QString& kind, const QString& opened, const QString& other)
    {
        std::string error;
        if (kind == "zip") {
            fixtures::ReleaseSpec a, b;
            b.cudnn = "8.1.1.33";
            b.cuda = "11.2";
            QVERIFY2(fixtures::writeZip(opened.toStdString(), fixtures::cudnnWindowsRelease(a), &error), error.c_str());
            QVERIFY2(fixtures::writeZip(other.toStdString(), fixtures::cudnnWindowsRelease(b), &error), error.c_str());
        } else {
            fixtures::LinuxReleaseSpec a, b;
            b.cudnn = "9.10.2.21";
            b.cuda = "12";
            QVERIFY2(fixtures::writeTar(opened.toStdString(), fixtures::cudnnLinuxRelease(a), fixtures::TarCompression::Xz,
                                        &error),
                     error.c_str());
            QVERIFY2(fixtures::writeTar(other.toStdString(), fixtures::cudnnLinuxRelease(b), fixtures::TarCompression::Xz,
                                        &error),
                     error.c_str());
        }
    }

private slots:
    void readersReadTheFileOpenedNotTheName_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("hashGiven");
        QTest::newRow("a Windows zip") << "zip" << false;
        QTest::newRow("a Windows zip, --sha256 of the file opened") << "zip" << true;
        if (tarReaderAvailable()) {
            QTest::newRow("a Linux .tar.xz") << "tar" << false;
            QTest::newRow("a Linux .tar.xz, --sha256 of the file opened") << "tar" << true;
        }
    }
    void readersReadTheFileOpenedNotTheName()
    {
        QFETCH(QString, kind);
        QFETCH(bool, hashGiven);
        const QString tag = kind + (hashGiven ? "-sha" : "");
        const QString path = m_dir.path() + "/" + tag + "-archive", other = m_dir.path() + "/" + tag + "-other",
                      kept = m_dir.path() + "/" + tag + "-kept";
        write(kind, path, other);
        QVERIFY(QFile::copy(path, kept));  // the bytes opened, under a name nobody swaps
        const QString openedSha = sha256Of(path), otherSha = sha256Of(other);
        QVERIFY(openedSha != otherSha);
        VerifyOptions vo;
        vo.threads = 2;
        if (hashGiven)  // the user's promise is about the file opened: checked against its bytes
            vo.sha256 = openedSha.toStdString();
        const VerifyResult expected = verifyArchive(kept.toStdString(), vo);

        std::error_code ec;
        const auto file = OpenedFile::open(path.toStdString(), true, ec);
        QVERIFY2(file, ec.message().c_str());
        QVERIFY(std::rename(other.toLocal8Bit().constData(), path.toLocal8Bit().constData()) == 0);
        QCOMPARE(sha256Of(path), otherSha);

        auto sha = sha256File(file);
        QVERIFY2(sha, sha.error().message.c_str());
        QCOMPARE(QString::fromStdString(*sha), openedSha);

        const VerifyResult r = verifyArchive(file, vo);
        QCOMPARE(QString::fromStdString(r.sha256), openedSha);
        QCOMPARE(r.size, std::uint64_t(QFile(kept).size()));
        QCOMPARE(entryNames(r), entryNames(expected));
        QCOMPARE(r.ok(), expected.ok());
        QCOMPARE(QString::fromStdString(r.archive), path);  // named as given
        QVERIFY2(r.ok(), r.problems.empty() ? "" : r.problems[0].message.c_str());
        QVERIFY(r.authenticity == (hashGiven ? Authenticity::User : Authenticity::Unknown));

        if (kind == "zip") {
            auto scanner = ArchiveScanner::open(file);
            QVERIFY2(scanner, scanner.error().message.c_str());
            QCOMPARE((*scanner)->fileSize(), std::uint64_t(QFile(kept).size()));
            ScanOptions so;
            so.threads = 2;
            auto scanned = (*scanner)->scan(so);
            QVERIFY(scanned);
            QCOMPARE(QString::fromStdString(scanned->sha256), openedSha);
            for (const EntryOutcome& o : scanned->outcomes)
                QVERIFY(o.error.empty());
        } else {
            TarScanOptions so;
            so.onEntry = [](const TarEntryInfo&) { return TarDecision{}; };
            auto scanned = scanTarFile(*file, so);
            QVERIFY(scanned);
            QCOMPARE(QString::fromStdString(scanned->sha256), openedSha);
            QVERIFY(!scanned->failure);
        }
    }
};

QTEST_GUILESS_MAIN(TestOpenedArchive)
#include "tst_openedarchive.moc"
