// Crash points: the built tool is killed (SIGKILL, through the CUDNN_SETUP_TEST_KILL_AT hook
// of a test build) before and after every operation of an install, an uninstall and a
// repair, and once after the commit mark; then `recover` runs. Every time the toolkit, PATH
// and the install records must be byte-identical to before (killed mid-way: rolled back) or
// to the complete result (killed after the commit mark: finished). The rows with the
// elevated helper (CUDNN_SETUP_ELEVATOR=env) as the process that dies skip: it reads no hook.
#include "clirunner.h"
#include "common/testhooks.h"
#include "installfixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
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

}  // namespace

class TestCliCrashPoints : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_archives;
    Release m_release;

private slots:
    void initTestCase()
    {
        if (!cudnnsetup::testhooks::enabled())
            QSKIP("built without CUDNN_SETUP_TEST_HOOKS (a release build): the kill hook is not there");
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 4096;  // the points are about order, not size
        m_release = makeRelease(m_archives.path(), spec);
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
        if (elevated)
            QSKIP("the elevated helper reads no test hook in any build (testhooks::disable), so it cannot kill itself "
                  "at an operation index; killing it from outside at each journal step is not written yet");
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
        if (elevated)
            env.insert("CUDNN_SETUP_ELEVATOR", "env");  // "env PROGRAM ARGS": the helper is a child process
        s.save();
        const Snapshot before = s.snapshot();

        // The complete result, and how many operations the engine runs to get there.
        const CliRun clean = runCli(args, env);
        QVERIFY2(clean.exitCode == 0, clean.out + clean.err);
        const Snapshot complete = s.snapshot();
        QVERIFY(complete != before);
        const int ops = int(clean.json().object()["actions"].toArray().size());
        QVERIFY2(ops > 0, clean.out.constData());

        QStringList points{"commit"};
        for (int i = 0; i < ops; ++i)
            points << QStringLiteral("before:%1").arg(i) << QStringLiteral("after:%1").arg(i);
        // The one-pass install stages while it verifies, before the engine: a kill at each
        // archive entry handed over (up to the first index past the last entry).
        const bool prestages = operation == "install" && !elevated;
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
            child.start(QStringLiteral(CUDNN_SETUP_CLI_PATH), args);
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
            if (elevated)  // the helper died; the tool itself says so and ends
                QVERIFY2(child.exitStatus() == QProcess::NormalExit && child.exitCode() != 0,
                         qPrintable(point + ": " + said));
            else
                QVERIFY2(child.exitStatus() == QProcess::CrashExit, qPrintable(point + ": " + said));
            ++killed;
            if (point.startsWith("prestage:"))
                ++prestaged;
            const CliRun r = runCli({"--json", "--state-dir", s.state, "recover"}, env);
            QVERIFY2(r.exitCode == 0, qPrintable(point + ": " + r.out + r.err));
            QVERIFY2(!QFile::exists(s.state + "/journal.json"), qPrintable(point));
            const Snapshot after = s.snapshot();
            if (point == "commit") {
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
        qInfo("crash points: %s%s: %d killed and recovered (%d operations, %d kills while staging during "
              "verification; %d points not reached)",
              qPrintable(operation), elevated ? " (elevated helper)" : "", killed, ops, prestaged, unreached);
        if (prestages)
            QVERIFY2(prestaged >= 20, qPrintable(QString::number(prestaged)));  // one per archive entry
        QVERIFY2(killed >= minimum, qPrintable(QString::number(killed)));
    }
};

QTEST_GUILESS_MAIN(TestCliCrashPoints)
#include "tst_cli_crashpoints.moc"
