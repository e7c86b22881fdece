// NVIDIA redistrib_*.json in both the direct and the variant-nested form.
#include "releases/manifest.h"
#include "testpaths.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#ifndef _WIN32
#include <sys/stat.h>
#endif

using namespace cudnnsetup;

namespace {
// redistrib_8.9.7.29.json shape; the windows-x86_64 values are verbatim from the fact sheet (§2),
// the linux-x86_64 ones are made up for this test.
const char* kDirect = R"({
    "release_date": "2023-12-05",
    "release_label": "8.9.7.29",
    "release_product": "cudnn-v8-9-cuda-12",
    "cudnn": {
        "name": "NVIDIA CUDA Deep Neural Network library",
        "license": "cudnn",
        "license_path": "cudnn/LICENSE.txt",
        "version": "8.9.7.29",
        "linux-x86_64": {
            "relative_path": "cudnn/linux-x86_64/cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz",
            "sha256": "475333625c7e42a7af3ca0b2f7506a106e30c93b1aa0081cd9c13efb6e21e3bb",
            "md5": "046e32d5ab0fdc56878e9b33f3a6883d",
            "size": "864984964"
        },
        "windows-x86_64": {
            "relative_path": "cudnn/windows-x86_64/cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip",
            "sha256": "94fc17af8e83a26cc5d231ed23981b28c29c3fc2e87b1844ea3f46486f481df5",
            "md5": "30f8a180be36451511306f7837270214",
            "size": "708408517"
        }
    }
})";

// redistrib_9.10.0.json, windows part (fact sheet §2, verbatim values).
const char* kNested = R"({
    "release_date": "2025-05-06",
    "release_label": "9.10.0",
    "release_product": "cudnn",
    "cudnn": {
        "name": "NVIDIA CUDA Deep Neural Network library",
        "license": "cudnn",
        "license_path": "cudnn/LICENSE.txt",
        "version": "9.10.0.56",
        "cuda_variant": ["11", "12"],
        "windows-x86_64": {
            "cuda11": {
                "relative_path": "cudnn/windows-x86_64/cudnn-windows-x86_64-9.10.0.56_cuda11-archive.zip",
                "sha256": "01bc3d317d1011f89122154d36eab44c5e98767cde099eabd22adc1551fc87fc",
                "md5": "2f2d63a76168811050f0253ef572adc5",
                "size": "384733245"
            },
            "cuda12": {
                "relative_path": "cudnn/windows-x86_64/cudnn-windows-x86_64-9.10.0.56_cuda12-archive.zip",
                "sha256": "214f21e4a6fdc7121b2463f55937ebf097ab7c96232c3d575b39b9b030503fca",
                "md5": "ca3e59531bab1d24f952025f75e03be1",
                "size": "683333184"
            }
        }
    }
})";
}  // namespace

class TestManifest : public QObject {
    Q_OBJECT
private slots:
    void findsArchives_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("archive");
        QTest::addColumn<QString>("sha256");
        QTest::addColumn<qint64>("size");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("version");
        QTest::newRow("direct form, windows") << kDirect << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip"
            << "94fc17af8e83a26cc5d231ed23981b28c29c3fc2e87b1844ea3f46486f481df5" << qint64(708408517) << "" << "8.9.7.29";
        QTest::newRow("direct form, linux") << kDirect << "/dl/cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz"
            << "475333625c7e42a7af3ca0b2f7506a106e30c93b1aa0081cd9c13efb6e21e3bb" << qint64(864984964) << "" << "8.9.7.29";
        QTest::newRow("nested cuda11") << kNested << "cudnn-windows-x86_64-9.10.0.56_cuda11-archive.zip"
            << "01bc3d317d1011f89122154d36eab44c5e98767cde099eabd22adc1551fc87fc" << qint64(384733245) << "cuda11" << "9.10.0.56";
        QTest::newRow("nested cuda12, second download") << kNested << "cudnn-windows-x86_64-9.10.0.56_cuda12-archive (2).zip"
            << "214f21e4a6fdc7121b2463f55937ebf097ab7c96232c3d575b39b9b030503fca" << qint64(683333184) << "cuda12" << "9.10.0.56";
    }
    void findsArchives()
    {
        QFETCH(QString, json);
        QFETCH(QString, archive);
        QFETCH(QString, sha256);
        QFETCH(qint64, size);
        QFETCH(QString, variant);
        QFETCH(QString, version);
        auto m = parseManifest(json.toStdString(), "redistrib.json");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const ManifestEntry* e = m->findByFileName(archive.toStdString());
        QVERIFY(e);
        QCOMPARE(QString::fromStdString(e->sha256), sha256);
        QVERIFY(e->size);
        QCOMPARE(qint64(*e->size), size);
        QCOMPARE(QString::fromStdString(e->variant), variant);
        QCOMPARE(QString::fromStdString(e->version), version);
        QCOMPARE(QString::fromStdString(e->component), QStringLiteral("cudnn"));
        QCOMPARE(m->findBySha256(sha256.toUpper().toStdString()), e);
    }
    // NVIDIA's real files (copied from nixpkgs into resources/catalog/redistrib/, see SOURCES.txt).
    void parsesTheRealManifests_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("artifacts");       // every component, every platform
        QTest::addColumn<int>("windowsX64");      // cudnn windows-x86_64 zips
        QTest::addColumn<QString>("label");
        QTest::newRow("8.9.7.29 single variant") << "redistrib_8.9.7.29.json" << 7 << 1 << "8.9.7.29";
        QTest::newRow("8.9.7 cuda11 + cuda12") << "redistrib_8.9.7.json" << 14 << 2 << "8.9.7";
        QTest::newRow("9.10.0 with a source platform") << "redistrib_9.10.0.json" << 12 << 2 << "9.10.0";
        QTest::newRow("9.27.0 direct + nested windows-arm64") << "redistrib_9.27.0.json" << 13 << 2 << "9.27.0";
    }
    void parsesTheRealManifests()
    {
        QFETCH(QString, file);
        QFETCH(int, artifacts);
        QFETCH(int, windowsX64);
        QFETCH(QString, label);
        const std::string path = cudnnsetup::testpaths::sourceDir().toStdString() + "/resources/catalog/redistrib/" + file.toStdString();
        auto m = readManifestFile(path);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        QCOMPARE(QString::fromStdString(m->releaseLabel), label);
        QCOMPARE(int(m->entries.size()), artifacts);
        int win = 0;
        for (const auto& e : m->entries) {
            QCOMPARE(int(e.sha256.size()), 64);
            QVERIFY(e.size && *e.size > 0);
            win += e.component == "cudnn" && e.platform == "windows-x86_64";
        }
        QCOMPARE(win, windowsX64);
    }
    void keepsBothEntriesOfAMixedPlatform()
    {
        const std::string path = cudnnsetup::testpaths::sourceDir().toStdString() + "/resources/catalog/redistrib/redistrib_9.27.0.json";
        auto m = readManifestFile(path);
        QVERIFY(m.ok());
        const ManifestEntry* direct = m->findByFileName("cudnn-windows-arm64-9.27.0.42_cuda13.4-archive.zip");
        const ManifestEntry* nested = m->findByFileName("cudnn-windows-arm64-9.27.0.42_cuda13-archive.zip");
        QVERIFY(direct && nested);
        QCOMPARE(QString::fromStdString(direct->variant), QString());
        QCOMPARE(QString::fromStdString(nested->variant), QStringLiteral("cuda13"));
        QCOMPARE(QString::fromStdString(direct->sha256), QStringLiteral("1fe473fc57095ac23ff39b2709edd5f8c3dec8376e6a6f3b812cf4617a29060d"));
        QCOMPARE(QString::fromStdString(nested->sha256), QStringLiteral("c34d906b19df16d370d31b78b1ee480a07e6f827fdabfea63acb914528a9b85c"));
        QCOMPARE(*nested->size, std::uint64_t(468155439));
        // The 9.27 cuda12 zip: the ~1.9 GB archive the benchmark imitates.
        const ManifestEntry* cuda12 = m->findByFileName("cudnn-windows-x86_64-9.27.0.42_cuda12-archive.zip");
        QVERIFY(cuda12);
        QCOMPARE(*cuda12->size, std::uint64_t(1924314965));
    }

    void readsHeader()
    {
        auto m = parseManifest(kNested, "x");
        QVERIFY(m.ok());
        QCOMPARE(QString::fromStdString(m->releaseLabel), QStringLiteral("9.10.0"));
        QCOMPARE(QString::fromStdString(m->releaseDate), QStringLiteral("2025-05-06"));
        QCOMPARE(m->entries.size(), std::size_t(2));
        QVERIFY(!m->findByFileName("cudnn-windows-x86_64-9.10.0.56_cuda13-archive.zip"));
        QVERIFY(!m->findBySha256("0000000000000000000000000000000000000000000000000000000000000000"));
    }

    void rejectsBadManifests_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("not json") << "{\"cudnn\": " << "not valid JSON";
        QTest::newRow("array") << "[1,2]" << "not a JSON object";
        QTest::newRow("no archives") << R"({"release_label":"1","cudnn":{"name":"x"}})" << "lists no archives";
        QTest::newRow("size not decimal") << QString(kDirect).replace("\"708408517\"", "\"70840851x\"") << "not a decimal";
        QTest::newRow("size negative") << QString(kDirect).replace("\"708408517\"", "\"-1\"") << "not a decimal";
        QTest::newRow("short sha") << QString(kNested).replace("01bc3d317d", "01bc") << "not 64 hex";
    }
    void rejectsBadManifests()
    {
        QFETCH(QString, json);
        QFETCH(QString, mustSay);
        auto m = parseManifest(json.toStdString(), "redistrib_x.json");
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().code), QStringLiteral("bad-manifest"));
        const QString msg = QString::fromStdString(m.error().message);
        QVERIFY2(msg.contains(mustSay), qPrintable(msg));
        QVERIFY2(msg.contains("redistrib_x.json"), qPrintable(msg));
    }

    void readsFiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("redistrib_9.10.0.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kNested);
        f.close();
        auto m = readManifestFile(path.toStdString());
        QVERIFY(m.ok());
        QCOMPARE(QString::fromStdString(m->source), path);
        auto missing = readManifestFile(dir.filePath("nope.json").toStdString());
        QVERIFY(!missing.ok());
        QVERIFY(QString::fromStdString(missing.error().message).contains("nope.json"));
    }

    // Issue 29, finding 6: the size came from seekg/tellg, which says 0 for /dev/zero (read for
    // ever) and waits on a FIFO. Now one handle, a plain file only, bounded as it is read.
    void refusesWhatIsNotAPlainFile_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("mustSay");
        QTest::newRow("/dev/zero") << "/dev/zero" << "not a plain file";
        QTest::newRow("a FIFO nobody writes") << "fifo" << "not a plain file";
        QTest::newRow("a folder") << "folder" << "not a plain file";
        QTest::newRow("17 MiB") << "big" << "larger than 16 MiB";
    }
    void refusesWhatIsNotAPlainFile()
    {
        QFETCH(QString, what);
        QFETCH(QString, mustSay);
#ifdef _WIN32
        QSKIP("/dev/zero and mkfifo are POSIX (nofollow_win.cpp checks GetFileType instead)");
#else
        QTemporaryDir dir;
        QString path = what;
        if (what == "fifo") {
            path = dir.filePath("fifo");
            QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        } else if (what == "folder") {
            path = dir.path();
        } else if (what == "big") {
            path = dir.filePath("big.json");
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(17 << 20));
        }
        const auto m = readManifestFile(path.toStdString());
        QVERIFY(!m.ok());
        QVERIFY2(QString::fromStdString(m.error().message).contains(mustSay), m.error().message.c_str());
#endif
    }
};

QTEST_GUILESS_MAIN(TestManifest)
#include "tst_manifest.moc"
