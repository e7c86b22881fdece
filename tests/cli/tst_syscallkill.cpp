// syscallkill (tests/cli/syscallkill.cpp), the tool tst_cli_crashpoints kills the elevated helper
// with: SIGKILL on entry to the main thread's Nth call, that call never run, other threads' calls
// not counted, a program that never gets there ending as itself. The program it runs here is a
// Python script that says each call before it makes it.
#include "testpaths.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

// Makes `calls` main-thread calls of `syscall` (fsync, or renameat through dir fds), with `threads`
// threads making 40 fsyncs each meanwhile; prints "call K" before the Kth and "done" at the end.
QString script(const QString& syscall, int calls, int threads)
{
    return QStringLiteral(R"py(
import os, sys, threading
def busy():
    for _ in range(40):
        fd = os.open("thread-%d" % threading.get_ident(), os.O_CREAT | os.O_WRONLY)
        os.fsync(fd)
        os.close(fd)
workers = [threading.Thread(target=busy) for _ in range(%3)]
for w in workers: w.start()
here = os.open(".", os.O_RDONLY)
open("a", "w").close()
for k in range(1, %2 + 1):
    print("call", k, flush=True)
    if "%1" == "fsync":
        fd = os.open("main", os.O_CREAT | os.O_WRONLY)
        os.fsync(fd)
        os.close(fd)
    else:
        src, dst = ("a", "b") if k % 2 else ("b", "a")
        os.rename(src, dst, src_dir_fd=here, dst_dir_fd=here)
for w in workers: w.join()
print("done", flush=True)
)py")
        .arg(syscall)
        .arg(calls)
        .arg(threads);
}

}  // namespace

class TestSyscallKill : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (cudnnsetup::testpaths::syscallKill().isEmpty())
            QSKIP("no syscallkill in this build (Linux only)");
        if (QStandardPaths::findExecutable("python3").isEmpty())
            QSKIP("python3 is not installed: it is the program these rows run");
    }

    void killsAtTheNthCallOfTheMainThread_data()
    {
        QTest::addColumn<QString>("syscall");
        QTest::addColumn<int>("calls");    // the script's main-thread calls
        QTest::addColumn<int>("threads");  // threads making fsyncs meanwhile
        QTest::addColumn<int>("when");
        QTest::addColumn<bool>("killed");
        QTest::newRow("fsync 1 of 5") << "fsync" << 5 << 0 << 1 << true;
        QTest::newRow("fsync 4 of 5") << "fsync" << 5 << 0 << 4 << true;
        QTest::newRow("fsync 5 of 5, the last") << "fsync" << 5 << 0 << 5 << true;
        QTest::newRow("fsync 4 of 5, three threads' 120 fsyncs not counted") << "fsync" << 5 << 3 << 4 << true;
        QTest::newRow("renameat 3 of 4") << "renameat" << 4 << 0 << 3 << true;
        QTest::newRow("renameat 2 of 4, fsyncs of threads not counted") << "renameat" << 4 << 2 << 2 << true;
        QTest::newRow("fsync 6 of 5: never reached, ends as itself") << "fsync" << 5 << 2 << 6 << false;
    }
    void killsAtTheNthCallOfTheMainThread()
    {
        QFETCH(QString, syscall);
        QFETCH(int, calls);
        QFETCH(int, threads);
        QFETCH(int, when);
        QFETCH(bool, killed);
        QTemporaryDir dir;
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(cudnnsetup::testpaths::syscallKill(),
                {syscall, QString::number(when), "python3", "-I", "-B", "-c", script(syscall, calls, threads)});
        QVERIFY(p.waitForFinished(60000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (killed) {
            // Killed on entry to call `when`: it said so and went no further.
            QVERIFY2(p.exitStatus() == QProcess::CrashExit, qPrintable(out + err));
            QVERIFY2(out.endsWith(QStringLiteral("call %1\n").arg(when)), qPrintable(out + err));
            QVERIFY2(!out.contains(QStringLiteral("call %1\n").arg(when + 1)), qPrintable(out));
            if (syscall == "renameat") {
                // Renames 1..when-1 ran, `when` did not: a and b swap once per rename.
                const bool aThere = QFile::exists(dir.path() + "/a");
                QCOMPARE(aThere, (when - 1) % 2 == 0);
            }
        } else {
            QCOMPARE(p.exitStatus(), QProcess::NormalExit);
            QCOMPARE(p.exitCode(), 0);
            QVERIFY2(out.endsWith("done\n"), qPrintable(out + err));
            QVERIFY2(err.contains(QStringLiteral("%1 #%2 not reached (%3 calls)").arg(syscall).arg(when).arg(calls)),
                     qPrintable(err));
        }
    }

    void passesTheExitCodeOn()
    {
        QProcess p;
        p.start(cudnnsetup::testpaths::syscallKill(), {"fsync", "1", "sh", "-c", "exit 7"});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 7);
    }

    void refusesWhatItCannotCount_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("another system call") << QStringList{"unlink", "1", "true"};
        QTest::newRow("count 0") << QStringList{"fsync", "0", "true"};
        QTest::newRow("not a number") << QStringList{"fsync", "3x", "true"};
        QTest::newRow("no program") << QStringList{"fsync", "1"};
    }
    void refusesWhatItCannotCount()
    {
        QFETCH(QStringList, args);
        QProcess p;
        p.start(cudnnsetup::testpaths::syscallKill(), args);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(!p.readAllStandardError().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSyscallKill)
#include "tst_syscallkill.moc"
