// The compiled-in catalog holds every official hash of the fact sheet and is looked up
// by hash and by official file name.
#include "archive/catalog.h"

#include <QTest>

using namespace cudnnsetup;

class TestCatalog : public QObject {
    Q_OBJECT
private slots:
    void builtinHoldsEveryOfficialHash_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("sha256");
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("platform");
        QTest::addColumn<qint64>("size");  // -1: unknown
        const QString win = "windows-x86_64", lin = "linux-x86_64";
        QTest::newRow("8.2.0.53 cuda 11.3") << "cudnn-11.3-windows-x64-v8.2.0.53.zip"
            << "c8f108f8b646fd22ab35da7a7d73e2d977f671a1abd3364d372292102e0d7429" << "8.2.0.53" << "11.3" << win << qint64(-1);
        QTest::newRow("8.2.0.53 cuda 10.2") << "cudnn-10.2-windows10-x64-v8.2.0.53.zip"
            << "1dc2182e2c8ff995e81cf812dd81d628fc5e4b9bcd5eb838ac71acc2928409d8" << "8.2.0.53" << "10.2" << win << qint64(-1);
        QTest::newRow("8.2.1.32 cuda 11.3") << "cudnn-11.3-windows-x64-v8.2.1.32.zip"
            << "5b9bf2dc4670fb1519ef55e13da5123f0b6b39fac5e6138e31388b269808d5f2" << "8.2.1.32" << "11.3" << win << qint64(-1);
        QTest::newRow("8.2.1.32 cuda 10.2") << "cudnn-10.2-windows10-x64-v8.2.1.32.zip"
            << "3e70876bdcf44f856d9c9dbdbde07ceec43005e97d5ffe83338b255c8466151f" << "8.2.1.32" << "10.2" << win << qint64(-1);
        QTest::newRow("8.2.4.15 cuda 11.4") << "cudnn-11.4-windows-x64-v8.2.4.15.zip"
            << "f01594639de35c380b4e360673ccaf04cdb238578e4b284935ee3d5a45f51f3c" << "8.2.4.15" << "11.4" << win << qint64(-1);
        QTest::newRow("8.9.7.29 cuda12") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip"
            << "94fc17af8e83a26cc5d231ed23981b28c29c3fc2e87b1844ea3f46486f481df5" << "8.9.7.29" << "12" << win << qint64(708408517);
        QTest::newRow("8.9.7.29 cuda11") << "cudnn-windows-x86_64-8.9.7.29_cuda11-archive.zip"
            << "5e45478efe71a96329e6c0d2a3a2f79c747c15b2a51fead4b84c89b02cbf1671" << "8.9.7.29" << "11" << win << qint64(704240064);
        QTest::newRow("9.10.0.56 cuda11") << "cudnn-windows-x86_64-9.10.0.56_cuda11-archive.zip"
            << "01bc3d317d1011f89122154d36eab44c5e98767cde099eabd22adc1551fc87fc" << "9.10.0.56" << "11" << win << qint64(384733245);
        QTest::newRow("9.10.0.56 cuda12") << "cudnn-windows-x86_64-9.10.0.56_cuda12-archive.zip"
            << "214f21e4a6fdc7121b2463f55937ebf097ab7c96232c3d575b39b9b030503fca" << "9.10.0.56" << "12" << win << qint64(683333184);
        QTest::newRow("linux 8.2.0.53 cuda 11.3") << "cudnn-11.3-linux-x64-v8.2.0.53.tgz"
            << "7a195dc93a7cda2bdd4d9b73958d259c784be422cd941a9a625aab75309f19dc" << "8.2.0.53" << "11.3" << lin << qint64(-1);
        QTest::newRow("linux 8.2.0.53 cuda 10.2") << "cudnn-10.2-linux-x64-v8.2.0.53.tgz"
            << "6ecbc98b3795e940ce0831ffb7cd2c0781830fdd6b1911f950bcaf6d569f807c" << "8.2.0.53" << "10.2" << lin << qint64(-1);
    }
    void builtinHoldsEveryOfficialHash()
    {
        QFETCH(QString, file);
        QFETCH(QString, sha256);
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, platform);
        QFETCH(qint64, size);
        const Catalog& c = Catalog::builtin();
        const CatalogEntry* e = c.findBySha256(sha256.toUpper().toStdString());
        QVERIFY2(e, "hash not in the catalog");
        QCOMPARE(QString::fromStdString(e->file), file);
        QCOMPARE(QString::fromStdString(e->cudnn), cudnn);
        QCOMPARE(QString::fromStdString(e->cuda), cuda);
        QCOMPARE(QString::fromStdString(e->platform), platform);
        QCOMPARE(e->size ? qint64(*e->size) : qint64(-1), size);
        QVERIFY(!e->source.empty());
        QCOMPARE(c.findByFileName(file.toStdString()), e);
    }
    void builtinHasNothingElse() { QCOMPARE(Catalog::builtin().entries().size(), std::size_t(11)); }

    void findsByFileName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("official");
        QTest::newRow("plain") << "cudnn-11.3-windows-x64-v8.2.0.53.zip" << "cudnn-11.3-windows-x64-v8.2.0.53.zip";
        QTest::newRow("windows path") << "C:\\Users\\me\\Downloads\\cudnn-11.3-windows-x64-v8.2.0.53.zip"
                                      << "cudnn-11.3-windows-x64-v8.2.0.53.zip";
        QTest::newRow("posix path, upper case") << "/tmp/CUDNN-11.3-WINDOWS-X64-V8.2.0.53.ZIP" << "cudnn-11.3-windows-x64-v8.2.0.53.zip";
        QTest::newRow("second download") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive (1).zip"
                                         << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip";
        QTest::newRow("other release") << "cudnn-11.3-windows-x64-v8.2.0.54.zip" << "";
        QTest::newRow("renamed") << "cudnn.zip" << "";
    }
    void findsByFileName()
    {
        QFETCH(QString, name);
        QFETCH(QString, official);
        const CatalogEntry* e = Catalog::builtin().findByFileName(name.toStdString());
        QCOMPARE(e ? QString::fromStdString(e->file) : QString(), official);
    }

    void rejectsMalformedCatalogs_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("not json") << "{";
        QTest::newRow("no releases") << "{\"schema\":1}";
        QTest::newRow("short hash") << R"({"releases":[{"file":"a.zip","cudnn":"8","cuda":"11","platform":"p","sha256":"abc","source":"s"}]})";
        QTest::newRow("missing source") << R"({"releases":[{"file":"a.zip","cudnn":"8","cuda":"11","platform":"p","sha256":"c8f108f8b646fd22ab35da7a7d73e2d977f671a1abd3364d372292102e0d7429"}]})";
    }
    void rejectsMalformedCatalogs()
    {
        QFETCH(QString, json);
        auto c = Catalog::parse(json.toStdString());
        QVERIFY(!c.ok());
        QCOMPARE(QString::fromStdString(c.error().code), QStringLiteral("bad-catalog"));
    }

    void normalizesHashes_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        const QString h = "c8f108f8b646fd22ab35da7a7d73e2d977f671a1abd3364d372292102e0d7429";
        QTest::newRow("lower") << h << h;
        QTest::newRow("upper with spaces") << "  " + h.toUpper() + "\n" << h;
        QTest::newRow("63 digits") << h.left(63) << "";
        QTest::newRow("non-hex") << h.left(63) + "g" << "";
    }
    void normalizesHashes()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(QString::fromStdString(normalizeSha256(in.toStdString())), out);
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
