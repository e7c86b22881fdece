// StateLock on this host: one holder at a time, whether the other holder is this process
// or another one, and gone with its process however that process ends (SIGKILL here;
// TerminateProcess in the Wine suite).

#include "platform/folderaccess.h"
#include "platform/statelock.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <sys/stat.h>

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

    // Issue 12: the lock file was world-readable and flock works on a read-only descriptor, so
    // `nobody` could hold it and every install of root's answered "busy". Now it is owner-only.
    void anotherUserCannotTakeTheLock()
    {
        if (::geteuid() != 0 || QProcess::execute("runuser", {"-u", "nobody", "--", "true"}) != 0)
            QSKIP("needs root and runuser to act as a second user");
        QTemporaryDir dir;
        QFile::setPermissions(dir.path(), QFileDevice::Permissions(0x7755));
        const std::string state = (dir.path() + "/state").toStdString();
        QVERIFY(prepareStateDir(state, StateDirAccess::Shared).ok());
        { auto made = StateLock::tryAcquire(state); QVERIFY(made.ok()); }
        const QString lockFile = QString::fromStdString(StateLock::lockPathIn(state));
        QCOMPARE(int(QFileInfo(lockFile).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup)), 0);
        QProcess attacker;
        attacker.start("runuser", {"-u", "nobody", "--", "flock", "-n", lockFile, "sleep", "20"});
        QVERIFY(attacker.waitForStarted());
        const bool failed = attacker.waitForFinished(3000);
        auto mine = StateLock::tryAcquire(state);
        if (!failed) {
            attacker.kill();
            attacker.waitForFinished();
        }
        QVERIFY2(failed && attacker.exitCode() != 0, "nobody could open the lock file");
        QVERIFY2(mine.ok(), mine.ok() ? "" : mine.error().message.c_str());
    }

    // Issue 29, finding 5: a state folder whose lock others can read (earlier versions made it 0644:
    // every upgraded machine has one). nobody opens it read-only and holds a flock on it; root's
    // next acquire does not answer "busy" for as long as nobody likes: the lock is replaced by a new
    // file, owner-only and locked before it has the name, and nobody's lock is on a nameless file.
    // The lock still excludes: a second acquire (another process of root's) is "busy".
    void aLockOthersCouldReadDoesNotBlock_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("nobodyHolds");
        QTest::newRow("0644 held by nobody") << 0644 << true;
        QTest::newRow("0640 held by nobody") << 0640 << true;  // (nobody is not in its group: the open fails)
        QTest::newRow("0604 held by nobody") << 0604 << true;
        QTest::newRow("0644 not held") << 0644 << false;
        QTest::newRow("0666 not held") << 0666 << false;
    }
    void aLockOthersCouldReadDoesNotBlock()
    {
        QFETCH(int, mode);
        QFETCH(bool, nobodyHolds);
        if (nobodyHolds && (::geteuid() != 0 || QProcess::execute("runuser", {"-u", "nobody", "--", "true"}) != 0))
            QSKIP("needs root and runuser to act as a second user");
        QTemporaryDir dir;
        QFile::setPermissions(dir.path(), QFileDevice::Permissions(0x7755));
        const std::string state = (dir.path() + "/state").toStdString();
        QVERIFY(prepareStateDir(state, StateDirAccess::Shared).ok());
        const QString lockFile = QString::fromStdString(StateLock::lockPathIn(state));
        {
            QFile old(lockFile);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("1\n");
        }
        QVERIFY(::chmod(QFile::encodeName(lockFile).constData(), mode_t(mode)) == 0);
        struct stat oldSt {};
        QVERIFY(::stat(QFile::encodeName(lockFile).constData(), &oldSt) == 0);
        QProcess attacker;
        bool holding = false;
        if (nobodyHolds) {
            // util-linux flock opens the file read-only: read access is all an exclusive flock needs.
            attacker.start("runuser", {"-u", "nobody", "--", "flock", "-n", lockFile, "sh", "-c", "echo held; sleep 30"});
            QVERIFY(attacker.waitForStarted());
            holding = attacker.waitForReadyRead(5000) && attacker.readAllStandardOutput().contains("held");
            if ((mode & 004) != 0)
                QVERIFY2(holding, "nobody could not hold the world-readable lock: the attack is not reproduced");
        }
        auto mine = StateLock::tryAcquire(state);
        auto second = StateLock::tryAcquire(state);
        struct stat now {};
        const bool statted = ::stat(QFile::encodeName(lockFile).constData(), &now) == 0;
        if (nobodyHolds) {
            attacker.kill();
            attacker.waitForFinished();
        }
        QVERIFY2(mine.ok(), mine.ok() ? "" : mine.error().message.c_str());
        QVERIFY(!second.ok());
        QCOMPARE(QString::fromStdString(second.error().code), QStringLiteral("busy"));
        QVERIFY(statted);
        QCOMPARE(int(now.st_mode & 07777), 0600);
        QCOMPARE(int(now.st_uid), int(::geteuid()));
        QVERIFY2(now.st_ino != oldSt.st_ino, "the lock others could open was kept, not replaced");
        // And nobody can take the new one.
        const int rc = QProcess::execute("runuser", {"-u", "nobody", "--", "flock", "-n", lockFile, "true"});
        if (::geteuid() == 0)
            QVERIFY2(rc != 0, "nobody could open the new lock file");
        // The replacement's own mutex stays (owner-only); no lock.new-* is left.
        QCOMPARE(QDir(QString::fromStdString(state)).entryList(QDir::Files, QDir::Name),
                 QStringList({"lock", "lock.replace"}));
        QVERIFY(::stat(QFile::encodeName(lockFile + ".replace").constData(), &now) == 0);
        QCOMPARE(int(now.st_mode & 07777), 0600);
    }

    // The replacement is serialised by lock.replace, which this version only ever makes owner-only: one
    // others can open is not used (they could hold it and stop every replacement); refused, naming it.
    void aReplaceMutexOthersCanOpenIsRefused()
    {
        QTemporaryDir dir;
        const std::string state = (dir.path() + "/state").toStdString();
        QVERIFY(prepareStateDir(state, StateDirAccess::Shared).ok());
        const QString lockFile = QString::fromStdString(StateLock::lockPathIn(state));
        for (const QString& f : {lockFile, lockFile + ".replace"}) {
            QFile file(f);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.close();
            QVERIFY(::chmod(QFile::encodeName(f).constData(), 0644) == 0);
        }
        auto r = StateLock::tryAcquire(state);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().code), QStringLiteral("state-dir-entry"));
        QVERIFY2(r.error().message.find("lock.replace") != std::string::npos, r.error().message.c_str());
        QCOMPARE(int(QFileInfo(lockFile).permissions() & QFileDevice::ReadOther), int(QFileDevice::ReadOther));
    }

    // Issue 12: the owner check followed links and chmod went through them: a link in place of
    // the state folder turned a foreign 1777 folder into "755 root". Now a link is refused and
    // the foreign folder keeps its mode.
    void stateFolderThroughALinkIsRefused()
    {
        QTemporaryDir dir;
        const QString foreign = dir.path() + "/foreign";
        QVERIFY(QDir().mkpath(foreign));
        QVERIFY(QFile::setPermissions(foreign, QFileDevice::Permissions(0x7777)));
        ::chmod(foreign.toLocal8Bit().constData(), 01777);
        QVERIFY(QFile::link(foreign, dir.path() + "/state"));
        auto r = prepareStateDir((dir.path() + "/state").toStdString(), StateDirAccess::Shared);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().code), QStringLiteral("state-dir-access"));
        QVERIFY2(QString::fromStdString(r.error().message).contains("link"), r.error().message.c_str());
        struct stat st {};
        QVERIFY(::stat(foreign.toLocal8Bit().constData(), &st) == 0);
        QCOMPARE(int(st.st_mode & 07777), 01777);
        // A link higher up is not followed either.
        QVERIFY(QFile::link(foreign, dir.path() + "/up"));
        QVERIFY(!prepareStateDir((dir.path() + "/up/state").toStdString(), StateDirAccess::Shared).ok());
        QVERIFY(!QFileInfo::exists(foreign + "/state"));
    }

    // A state folder inside a folder another user can write (not sticky) can be swapped after
    // any check: refused, as root, before anything is made there.
    void stateFolderUnderAnotherUsersFolderIsRefused()
    {
        if (::geteuid() != 0)
            QSKIP("giving a folder to another user needs root");
        QTemporaryDir dir;
        const QString theirs = dir.path() + "/theirs";
        QVERIFY(QDir().mkpath(theirs));
        QVERIFY(::chown(theirs.toLocal8Bit().constData(), 65534, 65534) == 0);
        auto r = prepareStateDir((theirs + "/state").toStdString(), StateDirAccess::Shared);
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(r.error().message).contains("other than root"), r.error().message.c_str());
        QVERIFY(!QFileInfo::exists(theirs + "/state"));
        // Made and verified when its parents are root's: 0755, root's.
        const std::string good = (dir.path() + "/good/state").toStdString();
        QVERIFY(prepareStateDir(good, StateDirAccess::Shared).ok());
        QCOMPARE(QString::fromStdString(*describeStateDirAccess(good)), QStringLiteral("0755 uid=0"));
    }
};

QTEST_GUILESS_MAIN(TestStateLock)
#include "tst_statelock.moc"
