// Crash points: the built tool is killed (SIGKILL, through the CUDNN_SETUP_TEST_KILL_AT hook
// of a test build) before and after every operation of an install, an uninstall and a
// repair, and once after the commit mark; then `recover` runs. Every time the toolkit, PATH
// and the install records must be byte-identical to before (killed mid-way: rolled back) or
// to the complete result (killed after the commit mark: finished).
// The elevated helper reads no hook in any build (testhooks::disable, a security rule), so
// the rows where it is the process that dies kill it from outside, through its launcher (what
// pkexec is for real, CUDNN_SETUP_ELEVATOR). One un-killed run under strace lists the helper's
// journal writes (each a write + fsync of journal.json.tmp, the renameat that publishes it, the
// fsync of the state folder that makes it durable) and the renames of the operations
// themselves; then syscallkill (tests/cli/syscallkill.cpp: seccomp + ptrace) kills it at each
// of them, by index: SIGKILL on entry to the helper's Nth renameat or fsync.
#include "clirunner.h"
#include "testpaths.h"
#include "common/testhooks.h"
#include "installfixture.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace installtest;

namespace {

struct Snapshot {
    QStringList toolkit;
    QByteArray path;
    QStringList records;  // name|bytes of each install record
    bool operator==(const Snapshot&) const = default;
};

QStringList records(const QString& dir)
{
    QStringList out;
    for (const QString& f : QDir(dir).entryList(QDir::Files | QDir::Hidden, QDir::Name))
        out << f + "|" + QString::fromUtf8(readAll(dir + "/" + f));
    return out;
}

// Two runs of the same command differ only in their transaction ids ("20261201T084406Z-71c10b":
// the backup folder's name, the records' "transaction"): the complete result is compared with
// them replaced.
Snapshot withoutTransactionIds(Snapshot s)
{
    static const QRegularExpression id(QStringLiteral("[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}"));
    for (QString& line : s.toolkit)
        line.replace(id, QStringLiteral("TX"));
    for (QString& line : s.records)
        line.replace(id, QStringLiteral("TX"));
    s.toolkit.sort();
    return s;
}

// The three things a transaction may change, and a copy of them to start each point from.
class Scene {
public:
    explicit Scene(const QString& root)
        : m_root(root), toolkit(root + "/live/v11.3"), state(root + "/live/state"), pathFile(root + "/live/path.txt")
    {
    }
    Snapshot snapshot() const { return {manifest(toolkit), readAll(pathFile), records(state + "/records")}; }
    void save() const { copy(m_root + "/live", m_root + "/saved"); }
    void restore() const { copy(m_root + "/saved", m_root + "/live"); }

private:
    static void copy(const QString& from, const QString& to)
    {
        QDir(to).removeRecursively();
        QDir().mkpath(to);
        QProcess cp;
        cp.start("cp", {"-a", from + "/.", to});  // modes kept: they are part of the manifest
        if (!cp.waitForFinished(60000) || cp.exitCode() != 0)
            qFatal("cp -a %s %s failed", qPrintable(from), qPrintable(to));
    }
    QString m_root;

public:
    // Everything lives under <root>/live so that save/restore copy one folder.
    const QString toolkit, state, pathFile;
};

// One kill of the elevated helper: SIGKILL on entry to its `when`-th `syscall` (main thread:
// strace without -f, which counts them, follows no other thread, syscallkill counts that thread's
// alone, and the journal and the renames of the operations are all written there), so that call
// never runs.
struct StracePoint {
    QString syscall;  // renameat or fsync
    int when = 0;
    QString what;
    enum Kind { Publish, Durable, Act } kind = Act;
    bool complete = false;  // after the commit mark is durable: recover finishes
};

// The helper's renameat and fsync calls in the order it made them (strace -y: each fd with its
// path), as points: every renameat (the journal's, and each operation's own), and the fsync of
// the state folder after each journal rename. The last journal write is the commit mark.
QList<StracePoint> stracePoints(const QString& trace, const QString& stateDir, int* journalWrites)
{
    static const QRegularExpression rename(
        QString::fromLatin1(R"re(^renameat\(\d+<([^>]*)>, "([^"]*)", \d+<([^>]*)>, "([^"]*)"\) = 0)re"));
    static const QRegularExpression fsync(QString::fromLatin1(R"re(^fsync\(\d+<([^>]*)>\) = 0)re"));
    QList<StracePoint> points;
    int renames = 0, fsyncs = 0, writes = 0, lastPublish = -1;
    bool awaitingDurable = false;
    for (const QString& line : QString::fromUtf8(readAll(trace)).split('\n')) {
        if (const auto m = rename.match(line); m.hasMatch()) {
            ++renames;
            const QString to = m.captured(3) + "/" + m.captured(4);
            if (to == stateDir + "/journal.json") {
                ++writes;
                lastPublish = int(points.size());
                points.append({"renameat", renames,
                               QStringLiteral("journal write %1: its rename onto journal.json").arg(writes),
                               StracePoint::Publish});
                awaitingDurable = true;
            } else {
                points.append({"renameat", renames, "an operation's rename onto " + to, StracePoint::Act});
            }
        } else if (const auto f = fsync.match(line); f.hasMatch()) {
            ++fsyncs;
            if (awaitingDurable && f.captured(1) == stateDir) {
                points.append({"fsync", fsyncs,
                               QStringLiteral("journal write %1: the fsync of the state folder after it").arg(writes),
                               StracePoint::Durable});
                awaitingDurable = false;
            }
        }
    }
    // Past the commit mark's rename (its durable fsync included) the install is complete.
    for (int i = lastPublish + 1; i < points.size(); ++i)
        points[i].complete = true;
    *journalWrites = writes;
    return points;
}

// A launcher's first line: a sanitized helper (the sanitize tree) runs under strace without its
// leak check, because LeakSanitizer stops the process with ptrace at exit, which a traced process
// cannot do ("LeakSanitizer does not work under ptrace"): it would end every run with exit 1.
// The leak check of the same helper code runs in the CLI suites, untraced.
constexpr const char* kNoLeakCheckUnderTrace =
    "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\"; export ASAN_OPTIONS\n";

QString stracePath()
{
    return QStandardPaths::findExecutable(QStringLiteral("strace"));
}

// The launcher the tool runs the helper with: strace, counting (-o trace), for the one un-killed run
// that lists the points.
void writeCountingLauncher(const QString& script, const QString& strace, const QString& trace)
{
    writeAll(script, QStringLiteral("#!/bin/sh\n%3exec '%1' -qq -y -o '%2' -e trace=renameat,fsync \"$@\"\n")
                         .arg(strace, trace, QLatin1String(kNoLeakCheckUnderTrace))
                         .toUtf8());
    QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

// ... and for each kill: syscallkill (tests/cli/syscallkill.cpp), SIGKILL on entry to the main
// thread's `when`-th call, what strace's fault injection did, but stopping the helper only at that
// system call instead of at every one (strace without --seccomp-bpf stops at each entry and exit).
void writeKillingLauncher(const QString& script, const StracePoint& kill)
{
    writeAll(script, QStringLiteral("#!/bin/sh\n%4exec '%1' %2 %3 \"$@\"\n")
                         .arg(cudnnsetup::testpaths::syscallKill(), kill.syscall)
                         .arg(kill.when)
                         .arg(QLatin1String(kNoLeakCheckUnderTrace))
                         .toUtf8());
    QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

}  // namespace

class TestCliCrashPoints : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_archives;
    Release m_release;

    // After recover: byte-identical to before, or (past the commit mark) to the complete result.
    static void checkRecovered(const Snapshot& after, bool finished, const Snapshot& before, const Snapshot& complete,
                               const QString& point)
    {
        if (finished) {
            // Finished: the same files, PATH and record as the uninterrupted run.
            const Snapshot want = withoutTransactionIds(complete), got = withoutTransactionIds(after);
            if (got != want)
                qWarning() << "complete:" << want.toolkit << want.records << "after:" << got.toolkit << got.records;
            QVERIFY2(got.toolkit == want.toolkit, qPrintable(point + ": toolkit not the complete result"));
            QCOMPARE(got.path, want.path);
            QVERIFY2(got.records == want.records, qPrintable(point + ": records not the complete result"));
        } else {
            if (after != before) {
                qWarning() << "toolkit before:" << before.toolkit << "after:" << after.toolkit;
                qWarning() << "records before:" << before.records << "after:" << after.records;
            }
            QVERIFY2(after.toolkit == before.toolkit, qPrintable(point + ": toolkit not as before"));
            QCOMPARE(after.path, before.path);
            QVERIFY2(after.records == before.records, qPrintable(point + ": records not as before"));
        }
    }

    // The elevated rows: the un-killed run (under strace, counting) wrote `trace`; the helper is
    // now killed at each of its points, the tool reports the dead helper, and `recover` runs as
    // the elevated side would (this process is root, or the state folder is its own).
    static void killHelperAtEveryStep(const Scene& s, const QStringList& args, const QProcessEnvironment& env,
                                      const QString& launcher, const QString& trace,
                                      const QString& operation, int ops, int minimum, const Snapshot& before,
                                      const Snapshot& complete)
    {
        int journalWrites = 0;
        const QList<StracePoint> points = stracePoints(trace, s.state, &journalWrites);
        // One journal write before each operation and the commit mark, at least (the one-pass
        // install's work folders add theirs): fewer means the helper's journal left its main thread.
        QVERIFY2(journalWrites >= ops + 1, qPrintable(QStringLiteral("%1 journal writes for %2 operations in %3")
                                                         .arg(journalWrites).arg(ops).arg(trace)));
        int killed = 0, publish = 0, durable = 0, act = 0, finished = 0;
        for (const StracePoint& point : points) {
            s.restore();
            writeKillingLauncher(launcher, point);
            const QString name = QStringLiteral("%1 #%2 (%3)").arg(point.syscall).arg(point.when).arg(point.what);
            const CliRun run = runCli(args, env);
            // The helper died (syscallkill re-raises its SIGKILL): the tool itself says so and ends.
            QVERIFY2(run.exitCode > 0, qPrintable(name + ": " + run.out + run.err));
            const QJsonArray problems = run.json().object()["problems"].toArray();
            QVERIFY2(!problems.isEmpty() && problems.at(0).toObject()["code"].toString() == "elevation-failed",
                     qPrintable(name + ": " + run.out + run.err));
            // Killed where it was meant to be: on entry, so the rename did not happen.
            if (point.kind == StracePoint::Publish)
                QVERIFY2(QFile::exists(s.state + "/journal.json.tmp"), qPrintable(name + ": the write was published"));
            if (point.kind == StracePoint::Durable) {
                const QJsonObject journal = QJsonDocument::fromJson(readAll(s.state + "/journal.json")).object();
                QVERIFY2((journal["status"].toString() == "committed") == point.complete,
                         qPrintable(name + ": journal says " + journal["status"].toString()));
            }
            ++killed;
            (point.kind == StracePoint::Publish ? publish : point.kind == StracePoint::Durable ? durable : act)++;
            finished += point.complete;
            const CliRun r = runCli({"--json", "--state-dir", s.state, "recover"}, env);
            QVERIFY2(r.exitCode == 0, qPrintable(name + ": " + r.out + r.err));
            QVERIFY2(!QFile::exists(s.state + "/journal.json"), qPrintable(name));
            checkRecovered(s.snapshot(), point.complete, before, complete, name);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("crash points: %s (elevated helper, killed at a system call from outside): %d killed and recovered (%d operations, %d "
              "journal writes: %d killed at the rename that publishes one, %d at the fsync of the state folder "
              "after it; %d at an operation's own rename; %d of them past the commit mark)",
              qPrintable(operation), killed, ops, journalWrites, publish, durable, act, finished);
        QVERIFY2(killed >= minimum, qPrintable(QString::number(killed)));
    }

private slots:
    void initTestCase()
    {
        if (!cudnnsetup::testhooks::enabled())
            QSKIP("built without CUDNN_SETUP_TEST_HOOKS (a release build): the kill hook is not there");
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 4096;  // the points are about order, not size
        m_release = makeRelease(m_archives.path(), spec);
    }

    // Issue 29: the elevated helper opens the archive and the manifest once each (no link
    // followed, a plain file, read through that handle with a bound): what it checked is what it
    // read. strace (-f: every thread) is its launcher and lists every open of either name.
    void helperOpensArchiveAndManifestOnce()
    {
        const QString strace = stracePath();
        if (strace.isEmpty())
            QSKIP("strace is not installed (scripts/deps.sh test installs it)");
        QTemporaryDir dir;
        const Scene s(dir.path());
        makeToolkit(s.toolkit);
        QFile archive(m_release.path);
        QVERIFY(archive.open(QIODevice::ReadOnly));
        const QString sha = QString::fromLatin1(QCryptographicHash::hash(archive.readAll(), QCryptographicHash::Sha256).toHex());
        const QString manifestFile = dir.path() + "/redistrib_8.2.0.53.json";
        writeAll(manifestFile,
                 QString(R"({"release_label":"8.2.0.53","cudnn":{"version":"8.2.0.53","windows-x86_64":{"cuda11":{
                 "relative_path":"cudnn/windows-x86_64/%1","sha256":"%2","md5":"0","size":"%3"}}}})")
                     .arg(QFileInfo(m_release.path).fileName(), sha).arg(archive.size()).toUtf8());
        const QString launcher = dir.path() + "/launcher.sh", trace = dir.path() + "/opens.txt";
        writeAll(launcher, QStringLiteral("#!/bin/sh\n%3exec '%1' -f -qq -o '%2' -e trace=open,openat,openat2 \"$@\"\n")
                               .arg(strace, trace, QLatin1String(kNoLeakCheckUnderTrace))
                               .toUtf8());
        QFile::setPermissions(launcher, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE");
        env.remove("CUDNN_SETUP_TEST_KILL_AT");
        env.insert("CUDNN_SETUP_ELEVATOR", launcher);
        const CliRun r = runCli({"--json", "--state-dir", s.state, "install", m_release.path, "--toolkit", s.toolkit,
                                 "--manifest", manifestFile},
                                env);
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        const QString opens = QString::fromUtf8(readAll(trace));
        QVERIFY2(opens.contains("elevated-apply") || opens.contains("openat("), qPrintable(opens.left(2000)));
        auto opensOf = [&](const QString& path) {
            QStringList found;
            for (const QString& line : opens.split('\n'))
                if (line.contains('"' + path + '"'))
                    found << line;
            return found;
        };
        const QStringList archiveOpens = opensOf(m_release.path), manifestOpens = opensOf(manifestFile);
        QVERIFY2(archiveOpens.size() == 1, qPrintable(archiveOpens.join('\n')));
        QVERIFY2(manifestOpens.size() == 1, qPrintable(manifestOpens.join('\n')));
        QVERIFY2(archiveOpens[0].contains("O_NOFOLLOW"), qPrintable(archiveOpens[0]));
        QVERIFY2(manifestOpens[0].contains("O_NOFOLLOW"), qPrintable(manifestOpens[0]));
    }

    void killAtEveryOperation_data()
    {
        QTest::addColumn<QString>("operation");
        QTest::addColumn<bool>("elevated");
        QTest::addColumn<int>("minimum");  // crash points that must be reached
        QTest::newRow("install") << "install" << false << 50;
        QTest::newRow("uninstall") << "uninstall" << false << 20;
        QTest::newRow("repair") << "repair" << false << 20;
        QTest::newRow("install, elevated helper killed") << "install" << true << 50;
        QTest::newRow("uninstall, elevated helper killed") << "uninstall" << true << 20;
        QTest::newRow("repair, elevated helper killed") << "repair" << true << 20;
    }
    void killAtEveryOperation()
    {
        QFETCH(QString, operation);
        QFETCH(bool, elevated);
        QFETCH(int, minimum);
        const QString strace = stracePath();
        if (elevated) {
            if (strace.isEmpty())
                QSKIP("strace is not installed (scripts/deps.sh test installs it): it is what kills the elevated "
                      "helper, which reads no hook");
            if (cudnnsetup::testpaths::syscallKill().isEmpty())
                QSKIP("no syscallkill in this build (Linux only): it is what kills the elevated helper");
            QProcess probe;
            probe.start(strace, {"-qq", "-o", "/dev/null", "true"});
            if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
                QSKIP(qPrintable("ptrace is not permitted here, so strace cannot count the elevated helper's calls: " +
                                 QString::fromUtf8(probe.readAllStandardError()).trimmed()));
            // syscallkill needs ptrace and a seccomp filter: `true` makes no fsync, so it ends as itself.
            probe.start(cudnnsetup::testpaths::syscallKill(), {"fsync", "1", "true"});
            if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
                QSKIP(qPrintable("ptrace or seccomp is not permitted here, so syscallkill cannot kill the elevated "
                                 "helper: " + QString::fromUtf8(probe.readAllStandardError()).trimmed()));
        }
        QTemporaryDir dir;
        const Scene s(dir.path());
        QDir().mkpath(dir.path() + "/live");
        makeToolkit(s.toolkit);
        // An older hand-copied cuDNN: the install replaces files and keeps backups of them.
        writeAll(s.toolkit + "/bin/cudnn64_8.dll", "old 8.1 main library");
        writeAll(s.toolkit + "/bin/cudnn_ops_infer64_8.dll", "old 8.1 ops");
        writeAll(s.toolkit + "/include/cudnn_old.h", "// 8.1 only");
        writeAll(s.pathFile, "C:\\Windows;C:\\cuda\\v10.2\\bin");

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // The helper reads no hook, so no PATH file: it leaves PATH alone (a Windows-layout
        // toolkit on Linux), and the tool must plan the same for the digest to match. PATH under
        // the elevated side is the Wine test's (tests/wine/programs/tst_win_crashpoints.cpp).
        if (elevated)
            env.remove("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE");
        else
            env.insert("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", s.pathFile);
        env.remove("CUDNN_SETUP_ELEVATOR");
        env.remove("CUDNN_SETUP_TEST_OP_DELAY_MS");
        env.remove("CUDNN_SETUP_TEST_KILL_AT");
        const QStringList common{"--json", "--state-dir", s.state};
        const QStringList install{"install", m_release.path, "--toolkit", s.toolkit, "--allow-unknown"};
        if (operation != "install") {
            const CliRun in = runCli(common + install, env);
            QVERIFY2(in.exitCode == 0, in.out + in.err);
        }
        if (operation == "repair") {
            // Damage a third of the installed files: gone, or other bytes in their place.
            int n = 0;
            for (const QString& sub : {QStringLiteral("bin"), QStringLiteral("include"), QStringLiteral("lib/x64")})
                for (const QString& f : QDir(s.toolkit + "/" + sub).entryList({"cudnn*"}, QDir::Files, QDir::Name))
                    if (n++ % 3 == 0)
                        (n % 2 ? QFile::remove(s.toolkit + "/" + sub + "/" + f)
                               : (writeAll(s.toolkit + "/" + sub + "/" + f, "damaged"), true));
        }
        const QStringList args = common + (operation == "install"   ? install
                                           : operation == "uninstall" ? QStringList{"uninstall", "--toolkit", s.toolkit}
                                                                      : QStringList{"repair", "--toolkit", s.toolkit});
        const QString launcher = dir.path() + "/launcher.sh", trace = dir.path() + "/trace.txt";
        if (elevated) {
            env.insert("CUDNN_SETUP_ELEVATOR", launcher);  // "LAUNCHER PROGRAM ARGS", as pkexec
            writeCountingLauncher(launcher, strace, trace);
        }
        s.save();
        const Snapshot before = s.snapshot();

        // The complete result, and how many operations the engine runs to get there.
        const CliRun clean = runCli(args, env);
        QVERIFY2(clean.exitCode == 0, clean.out + clean.err);
        const Snapshot complete = s.snapshot();
        QVERIFY(complete != before);
        const int ops = int(clean.json().object()["actions"].toArray().size());
        QVERIFY2(ops > 0, clean.out.constData());
        if (elevated) {
            killHelperAtEveryStep(s, args, env, launcher, trace, operation, ops, minimum, before, complete);
            return;
        }

        QStringList points{"commit"};
        for (int i = 0; i < ops; ++i)
            points << QStringLiteral("before:%1").arg(i) << QStringLiteral("after:%1").arg(i);
        // The one-pass install stages while it verifies, before the engine: a kill at each
        // archive entry handed over (up to the first index past the last entry).
        const bool prestages = operation == "install";
        if (prestages)
            for (int i = 0; i < 64; ++i)
                points << QStringLiteral("prestage:%1").arg(i);
        int killed = 0, unreached = 0, prestaged = 0;
        for (const QString& point : points) {
            s.restore();
            QProcessEnvironment killEnv = env;
            killEnv.insert("CUDNN_SETUP_TEST_KILL_AT", point);
            QProcess child;
            child.setProcessEnvironment(killEnv);
            child.start(cudnnsetup::testpaths::cli(), args);
            QVERIFY(child.waitForStarted());
            QVERIFY(child.waitForFinished(120000));
            const QByteArray said = child.readAllStandardOutput() + child.readAllStandardError();
            const bool journal = QFile::exists(s.state + "/journal.json");
            if (!journal) {
                // Not reached: done before the engine runs (the one-pass install's work folders).
                QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0,
                         qPrintable(point + ": " + said));
                QVERIFY2(withoutTransactionIds(s.snapshot()) == withoutTransactionIds(complete), qPrintable(point));
                ++unreached;
                if (point.startsWith("prestage:"))
                    break;  // past the last entry (they come last)
                continue;
            }
            QVERIFY2(child.exitStatus() == QProcess::CrashExit, qPrintable(point + ": " + said));
            ++killed;
            if (point.startsWith("prestage:"))
                ++prestaged;
            const CliRun r = runCli({"--json", "--state-dir", s.state, "recover"}, env);
            QVERIFY2(r.exitCode == 0, qPrintable(point + ": " + r.out + r.err));
            QVERIFY2(!QFile::exists(s.state + "/journal.json"), qPrintable(point));
            checkRecovered(s.snapshot(), point == "commit", before, complete, point);
            if (QTest::currentTestFailed())
                return;
        }
        qInfo("crash points: %s: %d killed and recovered (%d operations, %d kills while staging during "
              "verification; %d points not reached)",
              qPrintable(operation), killed, ops, prestaged, unreached);
        if (prestages)
            QVERIFY2(prestaged >= 20, qPrintable(QString::number(prestaged)));  // one per archive entry
        QVERIFY2(killed >= minimum, qPrintable(QString::number(killed)));
    }
};

// One row walks up to 140 points (each a run of the tool and a recover): more than Qt Test's default
// 5 minutes per function on a sanitized build under load. Two walks run by hand side by side ended
// at that watchdog ("Test function timed out", inside a normal run of the tool), which looked like a
// hang; re-run so, side by side, the elevated rows took 180-240 s each, and one alone 100-190 s (the
// machine's ptrace cost varies). So the limit is the test's own, the same run by CTest or by
// hand (an explicit QTEST_FUNCTION_TIMEOUT still wins); CTest's TIMEOUT is the same 15 minutes.
int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QTEST_FUNCTION_TIMEOUT"))
        qputenv("QTEST_FUNCTION_TIMEOUT", "900000");
    QCoreApplication app(argc, argv);
    TestCliCrashPoints test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_cli_crashpoints.moc"
