// SIGKILL at several points of a real install of a large generated archive, then
// `recover`: the toolkit (path, size, mode, SHA-256 of every file) and PATH must be
// exactly as before, every time.
#include "clirunner.h"
#include "testpaths.h"
#include "installfixture.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>

using namespace installtest;

namespace {
// The operation the journal says is running, or "" when there is no journal yet.
QString journalPhase(const QString& state)
{
    const QJsonObject j = QJsonDocument::fromJson(readAll(state + "/journal.json")).object();
    if (j.isEmpty())
        return {};
    const int started = j["started"].toInt(-1);
    const QJsonArray ops = j["plan"].toObject()["operations"].toArray();
    return started < 0 || started >= ops.size() ? QStringLiteral("begin") : ops[started].toObject()["op"].toString();
}
qint64 stagedBytes(const QString& toolkit)
{
    qint64 total = 0;
    QDirIterator it(toolkit + "/.cudnn-setup", QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (p.contains("/staging/"))
            total += QFileInfo(p).size();
    }
    return total;
}
}  // namespace

class TestCliCrash : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_archives;
    Release m_release;

private slots:
    void initTestCase()
    {
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.streamDlls = true;
        spec.dllBodyBytes = 8 << 20;
        spec.dllBodyBytesByName["cudnn_cnn_infer64_8.dll"] = 160 << 20;
        spec.dllBodyBytesByName["cudnn_ops_infer64_8.dll"] = 60 << 20;
        m_release = makeRelease(m_archives.path(), spec);
    }

    void killThenRecover_data()
    {
        QTest::addColumn<QString>("point");
        QTest::newRow("early: journal just written") << "early";
        QTest::newRow("mid-copy: staging half done") << "mid-copy";
        QTest::newRow("move phase: files being replaced") << "move";
        QTest::newRow("late: PATH or record") << "late";
    }
    void killThenRecover()
    {
        QFETCH(QString, point);
        QTemporaryDir dir;
        const QString toolkit = dir.path() + "/v11.3", state = dir.path() + "/state", pathFile = dir.path() + "/path.txt";
        makeToolkit(toolkit);
        // An older hand-copied cuDNN, so that the move phase replaces files and keeps backups.
        writeAll(toolkit + "/bin/cudnn64_8.dll", "old 8.1 main library");
        writeAll(toolkit + "/bin/cudnn_ops_infer64_8.dll", "old 8.1 ops");
        writeAll(toolkit + "/include/cudnn_old.h", "// 8.1 only");
        writeAll(pathFile, "C:\\Windows;C:\\cuda\\v10.2\\bin");
        const QStringList before = manifest(toolkit);
        const QByteArray pathBefore = readAll(pathFile);

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", pathFile);
        env.remove("CUDNN_SETUP_ELEVATOR");
        if (point == "move" || point == "late")
            env.insert("CUDNN_SETUP_TEST_OP_DELAY_MS", "150");
        QProcess child;
        child.setProcessEnvironment(env);
        child.start(cudnnsetup::testpaths::cli(),
                    {"--json", "--state-dir", state, "install", m_release.path, "--toolkit", toolkit, "--allow-unknown"});
        QVERIFY(child.waitForStarted());

        std::function<bool()> reached;
        if (point == "early")
            reached = [&] { return !journalPhase(state).isEmpty(); };
        else if (point == "mid-copy")
            reached = [&] { return journalPhase(state) == "stage-files" && stagedBytes(toolkit) > (40 << 20); };
        else if (point == "move")
            reached = [&] {
                return journalPhase(state) == "place-file" && QFile::exists(toolkit + "/bin/cudnn_adv_infer64_8.dll");
            };
        else
            reached = [&] { return journalPhase(state) == "path-change" || journalPhase(state) == "write-record"; };
        QElapsedTimer timer;
        timer.start();
        bool hit = false;
        while (timer.elapsed() < 120000 && child.state() != QProcess::NotRunning) {
            if (reached()) {
                hit = true;
                break;
            }
            QThread::usleep(500);
        }
        child.kill();  // SIGKILL
        child.waitForFinished();
        QVERIFY2(hit, qPrintable("the install finished before reaching " + point + ": " + child.readAllStandardError()));
        QVERIFY(QFile::exists(state + "/journal.json"));
        QVERIFY(manifest(toolkit) != before || point == "early");

        const CliRun r = runCli({"--json", "--state-dir", state, "recover"}, env);
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(r.json().object()["rolled_back"].toBool());
        QCOMPARE(manifest(toolkit), before);
        QCOMPARE(readAll(pathFile), pathBefore);
        QVERIFY(!QFile::exists(state + "/journal.json"));
    }

    // After a kill, the next mutating command recovers first on its own.
    void nextCommandRecoversAutomatically()
    {
        QTemporaryDir dir;
        const QString toolkit = dir.path() + "/v11.3", state = dir.path() + "/state";
        makeToolkit(toolkit);
        const QStringList before = manifest(toolkit);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("CUDNN_SETUP_TEST_OP_DELAY_MS", "100");
        env.remove("CUDNN_SETUP_ELEVATOR");
        QProcess child;
        child.setProcessEnvironment(env);
        child.start(cudnnsetup::testpaths::cli(), {"--json", "--state-dir", state, "install", m_release.path,
                                                           "--toolkit", toolkit, "--allow-unknown", "--no-path"});
        QElapsedTimer timer;
        timer.start();
        while (journalPhase(state) != "place-file" && timer.elapsed() < 120000 && child.state() != QProcess::NotRunning)
            QThread::usleep(500);
        child.kill();
        child.waitForFinished();
        QVERIFY(QFile::exists(state + "/journal.json"));
        env.remove("CUDNN_SETUP_TEST_OP_DELAY_MS");
        const CliRun un = runCli({"--state-dir", state, "uninstall", "--toolkit", toolkit}, env);
        QVERIFY2(un.out.contains("recover: rolled back"), un.out + un.err);
        QCOMPARE(un.exitCode, 2);  // and then: nothing recorded to uninstall
        QCOMPARE(manifest(toolkit), before);
    }
};

QTEST_GUILESS_MAIN(TestCliCrash)
#include "tst_cli_crash.moc"
