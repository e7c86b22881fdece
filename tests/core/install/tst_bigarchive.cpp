// Archives as big as NVIDIA's current ones: a 9.27-shaped zip of about 2.4 GB whose largest entry is
// 2.3 GB (past 2 GiB, so every offset and size must be 64-bit clean), verified with the full pass and
// at hashing speed, then installed in one pass, with memory bounded throughout. Stored entries keep
// the generation fast; the data is streamed, never held.
#include "archive/verifier.h"
#include "installfixture.h"
#include "install/installflow.h"
#include "install/statedir.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <cstdio>

using namespace cudnnsetup;
using namespace installtest;

namespace {
constexpr std::uint64_t kBigDll = 2'300'000'000ull;  // > 2 GiB (2 147 483 648)

long peakRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}
}  // namespace

class TestBigArchive : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_archive;
    long m_baseline = 0;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_baseline = peakRssKiB();
        fixtures::ReleaseSpec spec;
        spec.cudnn = "9.27.0.42";
        spec.cuda = "12";
        spec.store = true;
        spec.streamDlls = true;
        spec.dllRandomShare = 0.0;
        spec.dllBodyBytes = 64 * 1024;
        spec.dllBodyBytesByName["cudnn_engines_precompiled64_9.dll"] = kBigDll;
        // After the big entry, so that its data (and the central directory) start past 2 GiB.
        spec.dllBodyBytesByName["cudnn_ops64_9.dll"] = 8u << 20;
        m_archive = makeRelease(m_dir.path(), spec).path;
        QVERIFY(QFileInfo(m_archive).size() > (std::int64_t(1) << 31));
    }

    void verifiesWithTheFullPass()
    {
        const VerifyResult r = verifyArchive(m_archive.toStdString(), {});
        QVERIFY2(r.ok(), toJson(r).dump(1).c_str());
        QVERIFY(r.crcChecked);
        QCOMPARE(r.size, std::uint64_t(QFileInfo(m_archive).size()));
        bool big = false;
        for (const auto& e : r.entries)
            big = big || (e.path.ends_with("cudnn_engines_precompiled64_9.dll") && e.size > kBigDll);
        QVERIFY(big);
        QVERIFY2(peakRssKiB() - m_baseline < 64 * 1024, qPrintable(QString::number(peakRssKiB() - m_baseline)));
    }

    void verifiesAtHashingSpeedWhenOfficial()
    {
        const VerifyResult full = verifyArchive(m_archive.toStdString(), {});
        const QString manifest = m_dir.filePath("redistrib_9.27.0.json");
        QFile f(manifest);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QString::fromUtf8(R"({"cudnn": {"version": "9.27.0.42", "windows-x86_64": {"cuda12": {
            "relative_path": "cudnn/windows-x86_64/%1", "sha256": "%2", "size": "%3"}}}})")
                    .arg(QFileInfo(m_archive).fileName(), QString::fromStdString(full.sha256),
                         QString::number(QFileInfo(m_archive).size()))
                    .toUtf8());
        f.close();
        VerifyOptions o;
        o.manifestPath = manifest.toStdString();
        const VerifyResult r = verifyArchive(m_archive.toStdString(), o);
        QVERIFY2(r.ok(), toJson(r).dump(1).c_str());
        QVERIFY(!r.crcChecked);
        QVERIFY(r.authenticity == Authenticity::Manifest);
        QCOMPARE(r.sha256, full.sha256);
    }

    void installsInOnePass()
    {
        const QString toolkit = m_dir.filePath("CUDA/v12.9");
        makeToolkit(toolkit);
        FlowOptions o;
        o.stateDir = m_dir.filePath("state").toStdString();
        o.allowUnknown = true;
        o.noPath = true;
        o.threads = 2;
        const FlowResult f = installArchive(m_archive.toStdString(), toolkit.toStdString(), o);
        QVERIFY(f.status == FlowStatus::Applied);
        QVERIFY2(f.outcome->ok, f.outcome->problems.empty() ? "" : f.outcome->problems[0].message.c_str());
        QVERIFY(f.stagedWhileVerifying);
        const QFileInfo dll(toolkit + "/bin/x64/cudnn_engines_precompiled64_9.dll");
        QVERIFY(dll.exists());
        QVERIFY(std::uint64_t(dll.size()) > kBigDll);
        QVERIFY2(peakRssKiB() - m_baseline < 64 * 1024, qPrintable(QString::number(peakRssKiB() - m_baseline)));
        QFile::remove(dll.filePath());  // give the disk back early
    }
};

QTEST_GUILESS_MAIN(TestBigArchive)
#include "tst_bigarchive.moc"
