// The child-process runner: output capture, exit codes, crash and timeout, and validateInChild
// against the real CLI with the doubles (crash and hang inside "cuDNN").
#include "doubles/faketoolkit.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/childprocess.h"
#include "validate/validatechild.h"
#include "testpaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <csignal>
#include <thread>

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
        const auto r = runChildProcess("/bin/sh", {"-c", "echo out; echo err >&2; echo \"$CHILD_VAR\"; exit 7"}, 10000,
                                                 {{"CHILD_VAR", "from parent"}});
        QVERIFY(r.started);
        QVERIFY(!r.timedOut && !r.crashed);
        QCOMPARE(r.exitCode, 7);
        QCOMPARE(QByteArray::fromStdString(r.out), QByteArray("out\nfrom parent\n"));
        QCOMPARE(QByteArray::fromStdString(r.err), QByteArray("err\n"));
    }

    void crashIsReported()
    {
        const auto r = runChildProcess("/bin/sh", {"-c", "kill -SEGV $$"}, 10000);
        QVERIFY(r.crashed);
        QCOMPARE(r.signal, SIGSEGV);
    }

    void hangIsKilledAtTheDeadline()
    {
        QElapsedTimer t;
        t.start();
        const auto r = runChildProcess("/bin/sleep", {"30"}, 500);
        QVERIFY(r.timedOut);
        QVERIFY(!r.crashed);
        QVERIFY(t.elapsed() < 5000);
    }

    void cancelKillsTheChild_data()
    {
        QTest::addColumn<QString>("script");
        QTest::newRow("sleeping child") << "exec sleep 30";
        QTest::newRow("child that waits on a grandchild") << "sleep 30 & wait";
    }
    void cancelKillsTheChild()
    {
        QFETCH(QString, script);
        CancelToken cancel;
        std::thread canceller([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(150));
            cancel.cancel();
        });
        QElapsedTimer t;
        t.start();
        const auto r = runChildProcess("/bin/sh", {"-c", script.toStdString()}, 30000, {}, &cancel);
        const qint64 elapsed = t.elapsed();
        canceller.join();
        QVERIFY(r.started);
        QVERIFY(r.cancelled);
        QVERIFY(!r.timedOut);
        QVERIFY(!r.crashed);
        // 150 ms until the cancel, then at most one 50 ms slice; the rest is slack for a loaded machine.
        QVERIFY2(elapsed < 2000, qPrintable(QString::number(elapsed)));
    }

    void cancelledValidationNamesNoProblem()
    {
        // A validator that hangs, cancelled by the user (the wizard's Cancel).
        QTemporaryDir dir;
        const QString program = dir.filePath(QStringLiteral("hanging-validate"));
        QVERIFY(fixtures::writeShellScript(program.toStdString(), "exec sleep 30"));
        CancelToken cancel;
        std::thread canceller([&cancel] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel.cancel();
        });
        validate::ValidateOptions o;
        o.quick = true;
        const auto r = validate::validateInChild(program.toStdString(), o, {.timeoutMs = 30000, .cancel = &cancel});
        canceller.join();
        QVERIFY(r.cancelled);
        QVERIFY(!r.ok);
        QVERIFY(r.problems.empty());
    }

    void missingProgram()
    {
        const auto r = runChildProcess("/nonexistent/program", {}, 1000);
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
        // In the ASan build (debug preset) the child's sanitizer would turn the SIGSEGV into exit 1;
        // a real crash must reach the runner as the signal it is. No effect on other builds.
        const QByteArray asanBefore = qgetenv("ASAN_OPTIONS");
        const bool hadAsan = qEnvironmentVariableIsSet("ASAN_OPTIONS");
        qputenv("ASAN_OPTIONS", asanBefore + (asanBefore.isEmpty() ? "" : ":") + "handle_segv=0");
        const auto restoreAsan = qScopeGuard([&] {
            if (hadAsan)
                qputenv("ASAN_OPTIONS", asanBefore);
            else
                qunsetenv("ASAN_OPTIONS");
        });
        validate::ValidateOptions o;
        o.toolkit = dir.path().toStdString();
        o.driverLibrary = cudnnsetup::testpaths::fakeCuda().toStdString();
        o.quick = true;
        QElapsedTimer t;
        t.start();
        const auto r = validate::validateInChild(cudnnsetup::testpaths::cli().toStdString(), o, {.timeoutMs = 4000});
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
