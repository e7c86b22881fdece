// Which state folder a transaction uses (install/statedir.h). The one that matters: a standard
// user who installs into a root-owned toolkit has ~/.local/state as the default, and the elevated
// helper refuses a folder its user can change, so a transaction the helper applies must get the
// elevated side's own default unless someone chose a folder. tests/cli/tst_cli_pkexec shows it
// with the real pkexec, as nobody; these rows pin the rule itself.
#include "common/testhooks.h"
#include "install/statedir.h"
#include "platform/folderaccess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace cudnnsetup;

class TestStateDir : public QObject {
    Q_OBJECT

private slots:
    void elevatedStateDirFor_data()
    {
        QTest::addColumn<QString>("env");      // CUDNN_SETUP_STATE_DIR ("" unset)
        QTest::addColumn<QString>("current");  // DEFAULT: defaultStateDir() of this process
        QTest::addColumn<QString>("expected"); // ELEVATED: elevatedStateDir()
        QTest::newRow("nobody chose one: the elevated side's default") << "" << "DEFAULT" << "ELEVATED";
        QTest::newRow("--state-dir chosen: kept") << "" << "/srv/cudnn-state" << "/srv/cudnn-state";
        QTest::newRow("CUDNN_SETUP_STATE_DIR chosen: kept") << "/srv/env-state" << "DEFAULT" << "/srv/env-state";
        QTest::newRow("--state-dir over the variable: kept") << "/srv/env-state" << "/srv/flag" << "/srv/flag";
    }
    void elevatedStateDirFor()
    {
        QFETCH(QString, env);
        QFETCH(QString, current);
        QFETCH(QString, expected);
        const QByteArray saved = qgetenv("CUDNN_SETUP_STATE_DIR");
        if (env.isEmpty())
            qunsetenv("CUDNN_SETUP_STATE_DIR");
        else
            qputenv("CUDNN_SETUP_STATE_DIR", env.toUtf8());
        const std::string now = current == "DEFAULT" ? defaultStateDir() : current.toStdString();
        const std::string want = expected == "ELEVATED" ? elevatedStateDir() : expected.toStdString();
        const std::string got = cudnnsetup::elevatedStateDirFor(now);
        if (saved.isNull())
            qunsetenv("CUDNN_SETUP_STATE_DIR");
        else
            qputenv("CUDNN_SETUP_STATE_DIR", saved);
        QCOMPARE(QString::fromStdString(got), QString::fromStdString(want));
    }

    // A standard user's default is in their home; the elevated side's is the machine's.
    void theElevatedDefaultIsTheMachines()
    {
#ifdef _WIN32
        QVERIFY(QString::fromStdString(elevatedStateDir()).endsWith("\\cudnn-setup"));
#else
        QCOMPARE(QString::fromStdString(elevatedStateDir()), QString("/var/lib/cudnn-setup"));
#endif
    }

#ifndef _WIN32
    // Issue 29: every entry of an existing state folder is verified before any is read. Each row
    // plants one foreign entry in an otherwise good folder (root's, 0755, with a journal and a
    // record of root's): the folder is refused with state-dir-entry naming that entry, and the
    // entry is left as it is (nothing read, nothing chmodded). "nobody" rows need root (chown).
    void foreignEntryIsRefused_data()
    {
        QTest::addColumn<QString>("entry");  // below the folder
        QTest::addColumn<QString>("plant");  // how: file, dir, symlink, fifo, hardlink
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("nobodys");   // chowned to nobody (65534)
        QTest::addColumn<QString>("why");    // in the message
        QTest::newRow("journal.json of another user") << "journal.json" << "file" << 0644 << true << "belongs to uid 65534";
        QTest::newRow("journal.json group-writable") << "journal.json" << "file" << 0664 << false << "other users can write";
        QTest::newRow("journal.json world-writable") << "journal.json" << "file" << 0666 << false << "other users can write";
        QTest::newRow("journal.json a symbolic link") << "journal.json" << "symlink" << 0644 << false << "symbolic link";
        QTest::newRow("journal.json a folder") << "journal.json" << "dir" << 0755 << false << "not a plain file";
        QTest::newRow("journal.json a second name (hard link)") << "journal.json" << "hardlink" << 0644 << false << "hard link";
        QTest::newRow("journal.json a fifo") << "journal.json" << "fifo" << 0644 << false << "neither a file nor a folder";
        QTest::newRow("lock a symbolic link") << "lock" << "symlink" << 0644 << false << "symbolic link";
        QTest::newRow("lock of another user") << "lock" << "file" << 0600 << true << "belongs to uid 65534";
        QTest::newRow("records a file") << "records" << "file" << 0644 << false << "not a folder";
        QTest::newRow("records of another user") << "records" << "dir" << 0755 << true << "belongs to uid 65534";
        QTest::newRow("records writable by others") << "records" << "dir" << 0777 << false << "other users can write";
        QTest::newRow("a record of another user") << "records/0123456789abcdef.json" << "file" << 0644 << true
                                                  << "belongs to uid 65534";
        QTest::newRow("a record group-writable") << "records/0123456789abcdef.json" << "file" << 0664 << false
                                                 << "other users can write";
        QTest::newRow("a record a symbolic link") << "records/0123456789abcdef.json" << "symlink" << 0644 << false
                                                  << "symbolic link";
        QTest::newRow("a user-writable subfolder") << "work" << "dir" << 0777 << false << "other users can write";
        QTest::newRow("a journal in a user's subfolder") << "work/journal.json" << "file" << 0644 << true
                                                         << "belongs to uid 65534";
        QTest::newRow("helper-outcome.json of another user") << "helper-outcome.json" << "file" << 0644 << true
                                                             << "belongs to uid 65534";
    }
    void foreignEntryIsRefused()
    {
        QFETCH(QString, entry);
        QFETCH(QString, plant);
        QFETCH(int, mode);
        QFETCH(bool, nobodys);
        QFETCH(QString, why);
        if (nobodys && ::geteuid() != 0)
            QSKIP("giving a file to another user needs root");
        QTemporaryDir tmp;
        const QString state = tmp.path() + "/state";
        QVERIFY(prepareStateDir(state.toStdString(), StateDirAccess::Shared).ok());
        QVERIFY(QDir().mkpath(state + "/records"));
        QFile good(state + "/records/ffffffffffffffff.json");
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write("{}");
        good.close();
        const QString path = state + "/" + entry;
        if (QFileInfo(path).isDir())
            QDir(path).removeRecursively();
        else
            QFile::remove(path);
        QDir().mkpath(QFileInfo(path).path());
        const QByteArray native = QFile::encodeName(path);
        if (plant == "file" || plant == "hardlink") {
            QFile f(plant == "file" ? path : tmp.path() + "/outside");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"status":"applying"})");
            f.close();
            if (plant == "hardlink")
                QVERIFY(::link(QFile::encodeName(f.fileName()).constData(), native.constData()) == 0);
        } else if (plant == "dir") {
            QVERIFY(QDir().mkpath(path));
        } else if (plant == "symlink") {
            QVERIFY(QFile::link(tmp.path() + "/elsewhere", path));
        } else if (plant == "fifo") {
            QVERIFY(::mkfifo(native.constData(), 0644) == 0);
        }
        if (plant != "symlink")
            QVERIFY(::chmod(native.constData(), mode_t(mode)) == 0);
        if (nobodys)
            QVERIFY(::lchown(native.constData(), 65534, 65534) == 0);
        struct stat before {};
        QVERIFY(::lstat(native.constData(), &before) == 0);

        const auto r = prepareStateDir(state.toStdString(), StateDirAccess::Shared);
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().code), QStringLiteral("state-dir-entry"));
        const QString message = QString::fromStdString(r.error().message);
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(why), qPrintable(message));
        QVERIFY2(message.contains("move"), qPrintable(message));  // and the fix
        QCOMPARE(QString::fromStdString(verifyStateDir(state.toStdString()).error().code), QStringLiteral("state-dir-entry"));
        struct stat after {};
        QVERIFY(::lstat(native.constData(), &after) == 0);
        QCOMPARE(after.st_mode, before.st_mode);
        QCOMPARE(after.st_uid, before.st_uid);
    }

    // The same folder with only root's own entries passes, and is not changed.
    void goodFolderPasses()
    {
        QTemporaryDir tmp;
        const QString state = tmp.path() + "/state";
        QVERIFY(prepareStateDir(state.toStdString(), StateDirAccess::Shared).ok());
        QVERIFY(QDir().mkpath(state + "/records"));
        for (const QString name : {"journal.json", "lock", "records/ffffffffffffffff.json", "journal.json.tmp"}) {
            QFile f(state + "/" + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        }
        const auto r = prepareStateDir(state.toStdString(), StateDirAccess::Shared);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QVERIFY(verifyStateDir(state.toStdString()).ok());
    }

    // Issue 29, finding 2: an existing folder is verified, never changed. A root 0700 folder is a
    // good one as it is (it stays 0700, not made world-listable); a 1777 /tmp stand-in or a
    // group-writable folder is refused and keeps its mode; another user's folder is refused.
    void existingFolderIsNeverChanged_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<bool>("nobodys");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("0700 root's: kept 0700") << 0700 << false << true;
        QTest::newRow("0750 root's: kept 0750") << 0750 << false << true;
        QTest::newRow("1777 like /tmp: refused, kept") << 01777 << false << false;
        QTest::newRow("1755 sticky: refused, kept") << 01755 << false << false;
        QTest::newRow("0775 group-writable: refused, kept") << 0775 << false << false;
        QTest::newRow("0757 world-writable: refused, kept") << 0757 << false << false;
        QTest::newRow("0700 of another user: refused, kept") << 0700 << true << false;
    }
    void existingFolderIsNeverChanged()
    {
        QFETCH(int, mode);
        QFETCH(bool, nobodys);
        QFETCH(bool, accepted);
        if (nobodys && ::geteuid() != 0)
            QSKIP("giving a folder to another user needs root");
        QTemporaryDir tmp;
        const QString state = tmp.path() + "/state";
        QVERIFY(QDir().mkpath(state));
        const QByteArray native = QFile::encodeName(state);
        QVERIFY(::chmod(native.constData(), mode_t(mode)) == 0);
        if (nobodys)
            QVERIFY(::chown(native.constData(), 65534, 65534) == 0);
        const auto r = prepareStateDir(state.toStdString(), StateDirAccess::Shared);
        QCOMPARE(r.ok(), accepted);
        if (!accepted) {
            QCOMPARE(QString::fromStdString(r.error().code), QStringLiteral("state-dir-access"));
            QVERIFY2(r.error().message.find(state.toStdString()) != std::string::npos, r.error().message.c_str());
        }
        struct stat st {};
        QVERIFY(::stat(native.constData(), &st) == 0);
        QCOMPARE(int(st.st_mode & 07777), mode);
        // A folder made here gets the state folder's mode.
        const QString made = tmp.path() + "/made";
        QVERIFY(prepareStateDir(made.toStdString(), StateDirAccess::Shared).ok());
        QVERIFY(::stat(QFile::encodeName(made).constData(), &st) == 0);
        QCOMPARE(int(st.st_mode & 07777), 0755);
    }
#endif

    // Issue 29: as an administrator, the machine's state folder or one below it, nothing else.
    void belowTheElevatedStateDir_data()
    {
        QTest::addColumn<QString>("dir");  // ELEVATED stands for elevatedStateDir()
        QTest::addColumn<bool>("below");
        QTest::newRow("the folder itself") << "ELEVATED" << true;
        QTest::newRow("a folder below it") << "ELEVATED/test-1" << true;
        QTest::newRow("with a trailing slash") << "ELEVATED/" << true;
        QTest::newRow("a sibling with the same prefix") << "ELEVATED-evil" << false;
        QTest::newRow("out again with ..") << "ELEVATED/../../../etc/sudoers.d" << false;
        QTest::newRow("a dot inside") << "ELEVATED/./x" << false;
        QTest::newRow("its parent") << "ELEVATED/.." << false;
        QTest::newRow("relative") << "cudnn-setup" << false;
#ifdef _WIN32
        QTest::newRow("another case (NTFS)") << "UPPER" << true;
        QTest::newRow("a user's folder") << "C:\\Users\\Public\\cudnn-setup" << false;
#else
        QTest::newRow("/tmp") << "/tmp" << false;
        QTest::newRow("/etc/sudoers.d") << "/etc/sudoers.d" << false;
        QTest::newRow("/var/lib") << "/var/lib" << false;
#endif
    }
    void belowTheElevatedStateDir()
    {
        QFETCH(QString, dir);
        QFETCH(bool, below);
        const QString elevated = QString::fromStdString(elevatedStateDir());
        const QString given = dir == "UPPER" ? elevated.toUpper() : QString(dir).replace("ELEVATED", elevated);
        QCOMPARE(isBelowElevatedStateDir(given.toStdString()), below);
    }

    // The refusal itself: its code, the folder, and the fix (the machine's folder). A release build
    // applies it to every process with administrator rights (tst_cli_pkexec's chosenStateFolderIsLeftAsItIs
    // shows it through pkexec); a build made for tests does not, so that its tests use scratch folders.
    void outsideTheElevatedStateDirIsRefused()
    {
        const auto e = outsideElevatedStateDir("/etc/sudoers.d");
        QVERIFY(e.has_value());
        QCOMPARE(QString::fromStdString(e->code), QStringLiteral("state-dir-outside"));
        QVERIFY2(e->message.find("/etc/sudoers.d") != std::string::npos, e->message.c_str());
        QVERIFY2(e->message.find(elevatedStateDir()) != std::string::npos, e->message.c_str());
        QVERIFY(!outsideElevatedStateDir(elevatedStateDir() + "/sub").has_value());
        QCOMPARE(testhooks::builtForTests(), testhooks::enabled() || testhooks::disabled());
    }
};

QTEST_GUILESS_MAIN(TestStateDir)
#include "tst_statedir.moc"
