// StateLock on this host: one holder at a time, whether the other holder is this process
// or another one, and gone with its process however that process ends (SIGKILL here;
// TerminateProcess in the Wine suite).

#include "platform/statelock.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace cudnnsetup;

namespace {

// A child process that takes the lock, says 'R' on the pipe, and waits to be killed.
pid_t holdInChild(const std::string& stateDir)
{
    int ready[2];
    if (::pipe(ready) != 0)
        return -1;
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(ready[0]);
        auto lock = StateLock::tryAcquire(stateDir);
        const char byte = lock ? 'R' : 'F';
        (void)!::write(ready[1], &byte, 1);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char byte = 0;
    const bool ok = pid > 0 && ::read(ready[0], &byte, 1) == 1 && byte == 'R';
    ::close(ready[0]);
    if (!ok && pid > 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        return -1;
    }
    return pid;
}

}  // namespace

class TestStateLock : public QObject {
    Q_OBJECT
private slots:
    void oneHolderAtATime_data()
    {
        QTest::addColumn<bool>("existingFolder");
        QTest::newRow("folder exists") << true;
        QTest::newRow("folder made by the lock") << false;
    }
    void oneHolderAtATime()
    {
        QFETCH(bool, existingFolder);
        QTemporaryDir dir;
        const std::string state = (dir.path() + (existingFolder ? "" : "/new/state")).toStdString();
        auto first = StateLock::tryAcquire(state);
        QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
        QVERIFY(QFile::exists(QString::fromStdString(StateLock::lockPathIn(state))));

        // flock belongs to the open file: a second open in this same process conflicts too.
        auto second = StateLock::tryAcquire(state);
        QVERIFY(!second.ok());
        QCOMPARE(QString::fromStdString(second.error().code), QStringLiteral("busy"));
        const QString message = QString::fromStdString(second.error().message);
        QVERIFY2(message.contains(QString::number(::getpid())), qPrintable(message));
        QVERIFY2(message.contains(QString::fromStdString(state)), qPrintable(message));

        first.value().reset();
        auto third = StateLock::tryAcquire(state);
        QVERIFY2(third.ok(), third.ok() ? "" : third.error().message.c_str());
    }

    void missingFolderIsNotMadeWhenNotAsked()
    {
        QTemporaryDir dir;
        const std::string state = (dir.path() + "/absent").toStdString();
        auto lock = StateLock::tryAcquire(state, false);
        QVERIFY(!lock.ok());
        QCOMPARE(QString::fromStdString(lock.error().code), QStringLiteral("state-dir-access"));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(state)));
    }

    void anotherProcessHoldsItUntilKilled()
    {
        QTemporaryDir dir;
        const std::string state = dir.path().toStdString();
        const pid_t holder = holdInChild(state);
        QVERIFY2(holder > 0, "the child could not take the lock");
        auto mine = StateLock::tryAcquire(state);
        const bool busy = !mine.ok() && mine.error().code == "busy";
        const QString message = mine.ok() ? QString() : QString::fromStdString(mine.error().message);
        ::kill(holder, SIGKILL);
        int status = 0;
        ::waitpid(holder, &status, 0);
        QVERIFY2(busy, "the lock of another process was not seen");
        QVERIFY2(message.contains(QString::number(holder)), qPrintable(message));
        QVERIFY(WIFSIGNALED(status));
        // The system dropped it with the killed process: no stale lock.
        auto after = StateLock::tryAcquire(state);
        QVERIFY2(after.ok(), after.ok() ? "" : after.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStateLock)
#include "tst_statelock.moc"
