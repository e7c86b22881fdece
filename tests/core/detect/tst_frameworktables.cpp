// The frameworks' published tables as compiled into the binary: every row names its source,
// ranges and lookups give what the published pages say.
#include "detect/compat.h"
#include "detect/frameworks.h"

#include <QTest>

#include <map>

using namespace cudnnsetup;

class TestFrameworkTables : public QObject {
    Q_OBJECT
private slots:
    void everyRowNamesItsSource()
    {
        const auto& rows = FrameworkTable::builtin().rows();
        std::map<std::string, int> perTable;
        for (const auto& r : rows) {
            QVERIFY2(r.source.rfind("https://", 0) == 0, (r.table + ": " + r.package + " " + r.from).c_str());
            ++perTable[r.table];
        }
        for (const char* t : {"tensorflow.tsv", "onnxruntime.tsv", "paddlepaddle.tsv", "jax.tsv"})
            QVERIFY2(perTable[t] > 0, t);
        QVERIFY(rows.size() >= 60);
    }

    void everyFindingHasText()
    {
        for (const char* code : {"framework-ok", "framework-bundled", "framework-unknown", "framework-no-gpu-build",
                                 "framework-cudnn-missing", "framework-cudnn-major", "framework-cudnn-older",
                                 "framework-cuda-major", "mixed-cudnn", "system-path-too-long", "path-quoted-entry",
                                 "path-missing-entry", "toolkit-bin-user-path", "cuda-path-missing"}) {
            const auto t = CompatRules::builtin().text(code, {});
            QVERIFY2(t != code && t.find(" Fix: ") != std::string::npos, code);
        }
    }

    void ranges_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("inside");
        QTest::newRow("minor bound covers patches") << "2.10.1" << "2.10" << "2.10" << true;
        QTest::newRow("below") << "2.9.3" << "2.10" << "2.10" << false;
        QTest::newRow("range") << "1.19.2" << "1.19" << "1.22" << true;
        QTest::newRow("past the range") << "1.23.0" << "1.19" << "1.22" << false;
        QTest::newRow("patch bound") << "1.18.0" << "1.18.1" << "1.18.1" << false;
        QTest::newRow("open end") << "3.1" << "2.11" << "*" << true;
        QTest::newRow("local version") << "2.5.1+cu124" << "2.5" << "2.5" << true;
        QTest::newRow("post release") << "2.6.1.post120" << "2.6" << "2.6" << true;
        QTest::newRow("not a version") << "dev" << "0" << "*" << false;
    }
    void ranges()
    {
        QFETCH(QString, version);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, inside);
        QCOMPARE(versionInRange(version.toStdString(), from.toStdString(), to.toStdString()), inside);
    }

    // Rows as the published pages give them.
    void lookups_data()
    {
        QTest::addColumn<QString>("package");
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("windows");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("cudnn");
        QTest::newRow("TF 2.10 Windows: CUDA 11.2 / cuDNN 8.1") << "tensorflow" << "2.10.1" << true << "" << "11.2" << "8.1";
        QTest::newRow("TF 2.11 Windows: no GPU") << "tensorflow" << "2.11.0" << true << "" << "" << "";
        QTest::newRow("TF 2.15 Linux: CUDA 12.2 / cuDNN 8.9") << "tensorflow" << "2.15.0" << false << "" << "12.2" << "8.9";
        QTest::newRow("TF 2.18 Linux: CUDA 12.5 / cuDNN 9.3") << "tensorflow" << "2.18.0" << false << "" << "12.5" << "9.3";
        QTest::newRow("ORT 1.19 PyPI: CUDA 12 + cuDNN 9") << "onnxruntime-gpu" << "1.19.2" << true << "" << "12.x" << "9.x";
        QTest::newRow("ORT 1.18 PyPI: CUDA 11.8 + cuDNN 8") << "onnxruntime-gpu" << "1.18.1" << true << "" << "11.8" << "8.x";
        QTest::newRow("ORT 1.18.1 CUDA 12 feed: cuDNN 9") << "onnxruntime-gpu" << "1.18.1" << false << "cuda12" << "12.x" << "9.x";
        QTest::newRow("ORT 1.18.0 CUDA 12 feed: cuDNN 8") << "onnxruntime-gpu" << "1.18.0" << false << "cuda12" << "12.x" << "8.x";
        QTest::newRow("ORT 1.16 Windows: cuDNN 8.5.0.96") << "onnxruntime-gpu" << "1.16.3" << true << "" << "11.8" << "8.5.0.96";
        QTest::newRow("ORT 1.16 Linux: cuDNN 8.2.4") << "onnxruntime-gpu" << "1.16.3" << false << "" << "11.8" << "8.2.4";
        QTest::newRow("Paddle 2.6 post120") << "paddlepaddle-gpu" << "2.6.1.post120" << true << "post120" << "12.0" << "8.9.1";
        QTest::newRow("Paddle 2.5 PyPI: CUDA 10.2") << "paddlepaddle-gpu" << "2.5.2" << true << "" << "10.2" << "7.6.5";
        QTest::newRow("Paddle 3.0 cu126") << "paddlepaddle-gpu" << "3.0.0" << true << "cu126" << "12.6" << "9.5";
    }
    void lookups()
    {
        QFETCH(QString, package);
        QFETCH(QString, version);
        QFETCH(bool, windows);
        QFETCH(QString, variant);
        QFETCH(QString, cuda);
        QFETCH(QString, cudnn);
        const auto rows = FrameworkTable::builtin().find(package.toStdString(), version.toStdString(), windows, variant.toStdString());
        QVERIFY(!rows.empty());
        QCOMPARE(QString::fromStdString(rows.front()->cuda), cuda);
        QCOMPARE(QString::fromStdString(rows.front()->cudnn), cudnn);
    }

    void suggestions()
    {
        const auto& t = FrameworkTable::builtin();
        const auto* ort8 = t.newestFor("onnxruntime-gpu", true, 8, 11);
        QVERIFY(ort8);
        QCOMPARE(ort8->to, std::string("1.18"));
        const auto* tf = t.newestFor("tensorflow", true, 8, std::nullopt);
        QVERIFY(tf);
        QCOMPARE(tf->to, std::string("2.10"));
        QVERIFY(!t.newestFor("onnxruntime-gpu", true, 7, 13));
    }
};

QTEST_GUILESS_MAIN(TestFrameworkTables)
#include "tst_frameworktables.moc"
