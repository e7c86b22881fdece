// The child-process runner: output capture, exit codes, crash and timeout, and validateInChild
// against the real CLI with the doubles (crash and hang inside "cuDNN").
#include "doubles/faketoolkit.h"
#include "platform/childprocess.h"
#include "validate/validatechild.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace cudnnsetup;

class TestChildProcess : public QObject {
    Q_OBJECT
private slots:
    void cleanup()
    {
        qunsetenv("CUDNN_DOUBLE_FAULT");
    }

    void capturesOutputAndExitCode()
    {
        const auto r = platform::runChildProcess("/bin/sh", {"-c", "echo out; echo err >&2; echo \"$CHILD_VAR\"; exit 7"}, 10000,
                                                 {{"CHILD_VAR", "from parent"}});
        QVERIFY(r.started);
        QVERIFY(!r.timedOut && !r.crashed);
        QCOMPARE(r.exitCode, 7);
        QCOMPARE(QByteArray::fromStdString(r.out), QByteArray("out\nfrom parent\n"));
        QCOMPARE(QByteArray::fromStdString(r.err), QByteArray("err\n"));
    }

    void crashIsReported()
    {
        const auto r = platform::runChildProcess("/bin/sh", {"-c", "kill -SEGV $$"}, 10000);
        QVERIFY(r.crashed);
        QCOMPARE(r.signal, SIGSEGV);
    }

    void hangIsKilledAtTheDeadline()
    {
        QElapsedTimer t;
        t.start();
        const auto r = platform::runChildProcess("/bin/sleep", {"30"}, 500);
        QVERIFY(r.timedOut);
        QVERIFY(!r.crashed);
        QVERIFY(t.elapsed() < 5000);
    }

    void missingProgram()
    {
        const auto r = platform::runChildProcess("/nonexistent/program", {}, 1000);
        QVERIFY(!r.started);
        QVERIFY(!r.error.empty());
    }

    void validateInChild_data()
    {
        QTest::addColumn<QByteArray>("fault");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("code");
        QTest::newRow("healthy") << QByteArray() << true << QString();
        QTest::newRow("wrong values") << QByteArray("wrong-values") << false << "wrong-result";
        QTest::newRow("crash inside cuDNN") << QByteArray("crash") << false << "validator-crashed";
        QTest::newRow("hang inside cuDNN") << QByteArray("hang") << false << "validator-timeout";
    }
    void validateInChild()
    {
        QFETCH(QByteArray, fault);
        QFETCH(bool, ok);
        QFETCH(QString, code);
        QTemporaryDir dir;
        QCOMPARE(faketoolkit::build(dir.path()), QString());
        if (!fault.isEmpty())
            qputenv("CUDNN_DOUBLE_FAULT", fault);
        validate::ValidateOptions o;
        o.toolkit = dir.path().toStdString();
        o.driverLibrary = CUDNN_SETUP_FAKE_CUDA;
        o.quick = true;
        QElapsedTimer t;
        t.start();
        const auto r = validate::validateInChild(CUDNN_SETUP_CLI_PATH, o, 4000);
        QCOMPARE(r.ok, ok);
        if (ok) {
            QVERIFY(r.problems.empty());
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.report["checks"].size() >= 3);
        } else {
            QVERIFY2(!r.problems.empty(), r.stderrText.c_str());
            QCOMPARE(QString::fromStdString(r.problems.front().code), code);
        }
        QVERIFY(t.elapsed() < 15000);
    }
};

QTEST_GUILESS_MAIN(TestChildProcess)
#include "tst_childprocess.moc"
