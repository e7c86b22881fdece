// compat.json against the fact sheet's rows (../shared/reference/cudnn-facts.md §5).
#include "detect/compat.h"
#include "testpaths.h"

#include <QFile>
#include <QTest>

using namespace cudnnsetup;

class TestCompat : public QObject {
    Q_OBJECT
private slots:
    void minDriver_data()
    {
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<bool>("windows");
        QTest::addColumn<QString>("expected");  // "" = unknown
        QTest::newRow("11.3 linux") << "11.3" << false << "465.19.01";
        QTest::newRow("11.3 windows") << "11.3" << true << "465.89";
        QTest::newRow("11.0 windows (first release, 11.0.1)") << "11.0" << true << "451.22";
        QTest::newRow("11.4 linux (11.4.0, not 11.4.3)") << "11.4" << false << "470.42.01";
        QTest::newRow("13.1 linux") << "13.1" << false << "590.44.01";
        QTest::newRow("13.3 linux") << "13.3" << false << "610.43.02";
        QTest::newRow("13.3 windows: NVIDIA states N/A") << "13.3" << true << "";
        QTest::newRow("11.8 linux") << "11.8" << false << "520.61.05";
        QTest::newRow("12.0 windows") << "12.0" << true << "527.41";
        QTest::newRow("12.6 linux") << "12.6" << false << "560.28.03";
        QTest::newRow("12.7 falls back to 12.6") << "12.7" << true << "560.76";
        QTest::newRow("12.9 windows") << "12.9" << true << "576.02";
        QTest::newRow("13.0 linux") << "13.0" << false << "580.65.06";
        QTest::newRow("13.0 windows unknown") << "13.0" << true << "";
        QTest::newRow("10.2 not in table") << "10.2" << false << "";
    }
    void minDriver()
    {
        QFETCH(QString, cuda);
        QFETCH(bool, windows);
        QFETCH(QString, expected);
        const auto v = parseCudaVersion(cuda.toStdString());
        QVERIFY(v);
        QCOMPARE(QString::fromStdString(CompatRules::builtin().minDriver(*v, windows).value_or("")), expected);
    }

    void builds_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("expected");  // "major:min-max ..."
        QTest::newRow("8.2.0") << "8.2.0.53" << "10:10.2-10.2 11:11.0-11.3";
        QTest::newRow("8.2.4 adds 11.4") << "8.2.4.15" << "10:10.2-10.2 11:11.0-11.4";
        QTest::newRow("8.9.7") << "8.9.7.29" << "11:11.0-11.8 12:12.0-12.2";
        QTest::newRow("9.0 (12.3 upper bound)") << "9.0.0" << "11:11.0-11.8 12:12.0-12.3";
        QTest::newRow("9.5 (12.6 upper bound)") << "9.5.1" << "11:11.8-11.8 12:12.0-12.6";
        QTest::newRow("8.0") << "8.0.5.39" << "10:10.1-10.2 11:11.0-11.1";
        QTest::newRow("8.1") << "8.1.1.33" << "10:10.2-10.2 11:11.0-11.2";
        QTest::newRow("8.3") << "8.3.2.44" << "10:10.2-10.2 11:11.0-11.5";
        QTest::newRow("8.4") << "8.4.1.50" << "10:10.2-10.2 11:11.0-11.6";
        QTest::newRow("8.6") << "8.6.0.163" << "10:10.2-10.2 11:11.0-11.8";
        QTest::newRow("8.8") << "8.8.1.3" << "11:11.0-11.8 12:12.0-12.0";
        QTest::newRow("9.12 first cuda13 build") << "9.12.0" << "12:12.0-12.9 13:13.0-13.0";
        QTest::newRow("9.11 has no cuda13") << "9.11.0" << "12:12.0-12.9";
        QTest::newRow("9.17 (13.1 upper bound)") << "9.17.0" << "12:12.0-12.9 13:13.0-13.1";
        QTest::newRow("9.10 cuda11 is 11.8 only") << "9.10.0" << "11:11.8-11.8 12:12.0-12.9";
        QTest::newRow("9.19 has cuda13") << "9.19.0" << "12:12.0-12.9 13:13.0-13.99";
        QTest::newRow("8.5") << "8.5.0.96" << "10:10.2-10.2 11:11.0-11.7";
        QTest::newRow("7.6 not covered") << "7.6.5.32" << "";
    }
    void builds()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, expected);
        std::string got;
        for (const auto& b : CompatRules::builtin().buildsFor(*Version::parse(cudnn.toStdString())))
        {
            if (!got.empty())
                got += ' ';
            got += std::to_string(b.cudaMajor);
            got += ':';
            got += b.cudaMin;
            got += '-';
            got += b.cudaMax;
        }
        QCOMPARE(QString::fromStdString(got), expected);
    }

    void floorsAndZlib()
    {
        const auto& r = CompatRules::builtin();
        QCOMPARE(r.minorFloor(11, false).value_or(""), std::string("450.80.02"));
        QCOMPARE(r.minorFloor(11, true).value_or(""), std::string("452.39"));
        QCOMPARE(r.minorFloor(12, true).value_or(""), std::string("527.41"));
        QVERIFY(!r.needsZlibwapi(*Version::parse("8.2.1.32")));
        QVERIFY(r.needsZlibwapi(*Version::parse("8.3.0.98")));
        QVERIFY(r.needsZlibwapi(*Version::parse("9.1.1")));
        QVERIFY(!r.needsZlibwapi(*Version::parse("9.2.0")));
        QCOMPARE(r.binX64FromCudaMajor(), 13);
    }

    void driverCompare_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<int>("expected");
        QTest::newRow("equal") << "465.89" << "465.89" << 0;
        QTest::newRow("older") << "451.48" << "465.89" << -1;
        QTest::newRow("three parts") << "580.65.06" << "580.65" << 1;
        QTest::newRow("minor as number") << "525.60.13" << "525.105.17" << -1;
        QTest::newRow("floor 580") << "580.65.06" << "580" << 1;
    }
    void driverCompare()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(int, expected);
        QCOMPARE(compareDriverVersions(a.toStdString(), b.toStdString()), expected);
    }

    void everyFindingDocumented()
    {
        QFile doc(cudnnsetup::testpaths::sourceDir() + "/docs/detect.md");
        QVERIFY2(doc.open(QIODevice::ReadOnly), "docs/detect.md is missing");
        const QByteArray text = doc.readAll();
        for (const auto& [code, f] : CompatRules::builtin().findings()) {
            if (code == "missing-sub-dll" || code == "cudnn-install-file")
                continue;  // message variants of missing-file (and damaged-file, zero-size)
            QVERIFY2(text.contains(("`" + code + "`").c_str()), code.c_str());
            // ok / info: framework verdicts that are listed ("your frameworks"), never findings.
            const bool verdictOnly = (f.severity == "ok" || f.severity == "info") && code.rfind("framework-", 0) == 0;
            QVERIFY2(f.severity == "problem" || f.severity == "warning" || verdictOnly, code.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCompat)
#include "tst_compat.moc"
