// `cudnn-setup-cli validate` as a script would run it: exit codes and the contract's JSON fields,
// against the real cuDNN (no driver on CI) and against the test doubles.
#include "clirunner.h"
#include "testpaths.h"
#include "core/validate/doubles/faketoolkit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliValidate : public QObject {
    Q_OBJECT
private slots:
    void nonexistentToolkitIsUsageError()
    {
        const CliRun r = runCli({"validate", "--toolkit", "/nonexistent/toolkit"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/nonexistent/toolkit"));
    }

    void badDeviceIsUsageError()
    {
        QCOMPARE(runCli({"validate", "--device", "minus-one"}).exitCode, 2);
    }

    void realCudnnWithoutDriver()
    {
        if (!QFile::exists("/usr/local/cuda/lib64/libcudnn.so.9") && !QFile::exists("/usr/local/cuda/lib/libcudnn.so.9"))
            QSKIP("no cuDNN 9 under /usr/local/cuda");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");
        const CliRun r = runCli({"validate", "--toolkit", "/usr/local/cuda", "--json"}, env);
        QCOMPARE(r.exitCode, 1);
        const QJsonObject doc = r.json().object();
        QVERIFY2(!doc.isEmpty(), r.out.constData());
        QCOMPARE(doc["ok"].toBool(true), false);
        QCOMPARE(doc["cudnn"].toObject()["version"].toString(), QString("9.19.0"));
        QVERIFY(doc["cudnn"].toObject()["library_path"].toString().endsWith("libcudnn.so.9"));
        QVERIFY(doc["device"].isNull());
        QCOMPARE(doc["driver"].toObject()["present"].toBool(true), false);
        QVERIFY(doc["checks"].isArray());
        QCOMPARE(doc["problems"].toArray().first().toObject()["code"].toString(), QString("no-driver"));
    }

    void doublesPassAndFail_data()
    {
        QTest::addColumn<QByteArray>("fault");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("healthy") << QByteArray() << 0;
        QTest::newRow("wrong values") << QByteArray("wrong-values") << 1;
    }
    void doublesPassAndFail()
    {
        QFETCH(QByteArray, fault);
        QFETCH(int, exitCode);
        QTemporaryDir dir;
        QCOMPARE(faketoolkit::build(dir.path()), QString());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_LIBCUDA", cudnnsetup::testpaths::fakeCuda());
        if (!fault.isEmpty())
            env.insert("CUDNN_DOUBLE_FAULT", fault);
        const CliRun r = runCli({"validate", "--quick", "--json", "--toolkit", dir.path(), "--seed", "42"}, env);
        QCOMPARE(r.exitCode, exitCode);
        const QJsonObject doc = r.json().object();
        QVERIFY2(!doc.isEmpty(), r.out.constData());
        QCOMPARE(doc["ok"].toBool(), exitCode == 0);
        QCOMPARE(doc["seed"].toInteger(), 42);
        QCOMPARE(doc["device"].toObject()["name"].toString(), QString("cudnn-setup test double"));
        QCOMPARE(doc["driver"].toObject()["cuda_version"].toString(), QString("13.0"));
        const QJsonArray checks = doc["checks"].toArray();
        QCOMPARE(checks.size(), 10);
        for (const auto& v : checks) {
            const QJsonObject c = v.toObject();
            for (const char* field : {"name", "ok", "max_rel_error", "time_ms", "algo"})
                QVERIFY2(c.contains(field), field);
        }
        QCOMPARE(doc["problems"].toArray().isEmpty(), exitCode == 0);
        // Human output goes to stderr with --json: stdout is the document only.
        QVERIFY(r.out.trimmed().startsWith('{') && r.out.trimmed().endsWith('}'));
    }

    void humanOutputNamesEveryCheck()
    {
        QTemporaryDir dir;
        QCOMPARE(faketoolkit::build(dir.path()), QString());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_LIBCUDA", cudnnsetup::testpaths::fakeCuda());
        const CliRun r = runCli({"validate", "--quick", "--toolkit", dir.path()}, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("PASS tiny-3x3 IMPLICIT_GEMM [fma]"));
        QVERIFY(r.out.contains("validation passed"));
    }
};

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
