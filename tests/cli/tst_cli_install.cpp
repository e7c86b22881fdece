// install / uninstall / repair / recover / elevated-apply through the built binary.
#include "clirunner.h"
#include "installfixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <QFileInfo>

#include <csignal>
#include <unistd.h>

using namespace installtest;


class TestCliInstall : public QObject {
    Q_OBJECT
private:
    QTemporaryDir* m_dir = nullptr;
    QString m_toolkit, m_state, m_pathFile;
    Release m_release;
    QProcessEnvironment m_env;

    CliRun cli(const QStringList& args, const QProcessEnvironment* env = nullptr)
    {
        return runCli(QStringList{"--json", "--state-dir", m_state} + args, env ? *env : m_env);
    }
    QString sha() const { return QString::fromStdString(m_release.info.sha256); }

private slots:
    void initTestCase()
    {
        static QTemporaryDir archives;
        cudnnsetup::fixtures::ReleaseSpec spec;
        spec.dllBodyBytes = 64 * 1024;
        m_release = makeRelease(archives.path(), spec);
    }
    void init()
    {
        m_dir = new QTemporaryDir;
        m_toolkit = m_dir->path() + "/v11.3";
        m_state = m_dir->path() + "/state";
        m_pathFile = m_dir->path() + "/path.txt";
        makeToolkit(m_toolkit);
        writeAll(m_pathFile, "C:\\Windows;C:\\cuda\\v10.2\\bin");
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", m_pathFile);
        m_env.remove("CUDNN_SETUP_ELEVATOR");
    }
    void cleanup()
    {
        delete m_dir;
        m_dir = nullptr;
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("code");
        QTest::newRow("no such archive") << QStringList{"install", "/nonexistent.zip", "--toolkit", "TK"} << "missing-file";
        QTest::newRow("no such toolkit") << QStringList{"install", "ARCHIVE", "--toolkit", "/nonexistent"} << "not-a-toolkit";
        QTest::newRow("uninstall without record") << QStringList{"uninstall", "--toolkit", "TK"} << "no-record";
        QTest::newRow("repair without record or archive") << QStringList{"repair", "--toolkit", "TK"} << "no-record";
        QTest::newRow("unknown origin") << QStringList{"install", "ARCHIVE", "--toolkit", "TK"} << "unknown-archive";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, code);
        args.replaceInStrings("ARCHIVE", m_release.path).replaceInStrings("TK", m_toolkit);
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli(args);
        QCOMPARE(r.exitCode, 2);
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc["ok"].toBool(true), false);
        QCOMPARE(doc["problems"].toArray().at(0).toObject()["code"].toString(), code);
        QCOMPARE(manifest(m_toolkit), before);
    }

    void mismatchRefused()
    {
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", QString(64, 'b')});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    void dryRunChangesNothing()
    {
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = r.json().object();
        QVERIFY(doc["ok"].toBool());
        QVERIFY(doc["actions"].toArray().size() > 31);
        QCOMPARE(doc["actions"].toArray().at(0).toObject()["status"].toString(), QStringLiteral("planned"));
        QVERIFY(doc["plan"].toObject().contains("operations"));
        QCOMPARE(manifest(m_toolkit), before);
        QVERIFY(!QFile::exists(m_state + "/journal.json"));
    }

    void installThenUninstall()
    {
        const QStringList before = manifest(m_toolkit);
        const QByteArray pathBefore = readAll(m_pathFile);
        const CliRun in = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", sha()});
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        const QJsonObject doc = in.json().object();
        QVERIFY(doc["ok"].toBool());
        QCOMPARE(doc["rolled_back"].toBool(true), false);
        QCOMPARE(doc["toolkit"].toString(), QDir(m_toolkit).canonicalPath());
        QVERIFY(doc["actions"].toArray().size() > 31);
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn_cnn_infer64_8.dll"));
        QVERIFY(readAll(m_pathFile).contains("v11.3\\bin"));
        const CliRun un = cli({"uninstall", "--toolkit", m_toolkit});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(manifest(m_toolkit), before);
        QCOMPARE(readAll(m_pathFile), pathBefore);
    }

    void noPathLeavesPathAlone()
    {
        const QByteArray pathBefore = readAll(m_pathFile);
        QCOMPARE(cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--no-path"}).exitCode, 0);
        QCOMPARE(readAll(m_pathFile), pathBefore);
    }

    void targetBlockedIsExit3()
    {
        QDir().mkpath(m_toolkit + "/bin/cudnn64_8.dll");
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"});
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("target-blocked"));
        QCOMPARE(manifest(m_toolkit), before);
    }

    void repairUsesRecordedArchive()
    {
        QCOMPARE(cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}).exitCode, 0);
        const QByteArray good = readAll(m_toolkit + "/bin/cudnn64_8.dll");
        QFile::remove(m_toolkit + "/bin/cudnn64_8.dll");
        const CliRun r = cli({"repair", "--toolkit", m_toolkit});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QCOMPARE(readAll(m_toolkit + "/bin/cudnn64_8.dll"), good);
    }

    // The helper mode, run directly as the elevated side would be.
    void elevatedHelperApplies()
    {
        const CliRun dry = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        const QString planFile = m_dir->path() + "/plan.json";
        writeAll(planFile, QJsonDocument(dry.json().object()["plan"].toObject()).toJson());
        const CliRun r = cli({"elevated-apply", planFile});
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    // The helper trusts the journal and records in the state folder, so it first makes sure
    // only root can write there, and refuses a folder that belongs to somebody else.
    void elevatedHelperGuardsTheStateFolder()
    {
        const CliRun dry = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        const QString planFile = m_dir->path() + "/plan.json";
        writeAll(planFile, QJsonDocument(dry.json().object()["plan"].toObject()).toJson());
        QVERIFY(QDir().mkpath(m_state));
        QVERIFY(QFile::setPermissions(m_state, QFileDevice::Permissions(0x7777)));  // world-writable
        const CliRun ok = cli({"elevated-apply", planFile});
        QVERIFY2(ok.exitCode == 0, ok.out + ok.err);
        const auto perms = QFileInfo(m_state).permissions();
        QVERIFY(!(perms & QFileDevice::WriteOther));
        QVERIFY(!(perms & QFileDevice::WriteGroup));

        if (::geteuid() != 0)
            QSKIP("changing the owner of the state folder needs root");
        const QString foreign = m_dir->path() + "/foreign-state";
        QVERIFY(QDir().mkpath(foreign));
        QVERIFY(::chown(foreign.toLocal8Bit().constData(), 65534, 65534) == 0);
        const CliRun refused = runCli({"--json", "--state-dir", foreign, "elevated-apply", planFile}, m_env);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.out.contains("state-dir-access"), refused.out + refused.err);
        QVERIFY2(refused.out.contains("belongs to another user"), refused.out);
    }

    void elevatedHelperRefusesTamperedPlans_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("target outside toolkit") << "outside" << 2;
        QTest::newRow("not a cuDNN file") << "name" << 2;
        QTest::newRow("other state dir") << "state" << 2;
        QTest::newRow("PATH beyond the toolkit") << "path" << 2;
        QTest::newRow("archive hash") << "sha" << 3;
    }
    void elevatedHelperRefusesTamperedPlans()
    {
        QFETCH(QString, what);
        QFETCH(int, exitCode);
        const QStringList before = manifest(m_toolkit);
        const QByteArray pathBefore = readAll(m_pathFile);
        const CliRun dry = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown", "--dry-run"});
        QJsonObject plan = dry.json().object()["plan"].toObject();
        QJsonArray ops = plan["operations"].toArray();
        for (int i = 0; i < ops.size(); ++i) {
            QJsonObject op = ops[i].toObject();
            if (op["op"] == "place-file" && op["path"].toString().endsWith("cudnn64_8.dll")) {
                if (what == "outside")
                    op["path"] = m_dir->path() + "/evil/cudnn64_8.dll";
                if (what == "name")
                    op["path"] = m_toolkit + "/bin/nvcc.exe";
            }
            if (op["op"] == "path-change" && what == "path")
                op["after"] = op["after"].toString() + ";C:\\evil";
            ops[i] = op;
        }
        plan["operations"] = ops;
        if (what == "state")
            plan["state_dir"] = m_dir->path() + "/elsewhere";
        if (what == "sha") {
            QJsonObject a = plan["archive"].toObject();
            a["sha256"] = QString(64, 'c');
            plan["archive"] = a;
        }
        const QString planFile = m_dir->path() + "/plan.json";
        writeAll(planFile, QJsonDocument(plan).toJson());
        const CliRun r = cli({"elevated-apply", planFile});
        QVERIFY2(r.exitCode == exitCode, r.out + r.err);
        QCOMPARE(manifest(m_toolkit), before);
        QCOMPARE(readAll(m_pathFile), pathBefore);
        QVERIFY(!QDir(m_dir->path() + "/evil").exists());
    }

    void elevationThroughLauncher()
    {
        QProcessEnvironment env = m_env;
        env.insert("CUDNN_SETUP_ELEVATOR", "env");  // "env PROGRAM ARGS" runs the helper as is
        const CliRun ok = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}, &env);
        QVERIFY2(ok.exitCode == 0, ok.out + ok.err);
        QVERIFY(ok.json().object()["ok"].toBool());
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn64_8.dll"));
    }

    void elevationRefusedIsExit4()
    {
        const QString refuse = m_dir->path() + "/refuse.sh";
        writeAll(refuse, "#!/bin/sh\nexit 126\n");
        QFile::setPermissions(refuse, QFile::ReadOwner | QFile::ExeOwner | QFile::WriteOwner);
        QProcessEnvironment env = m_env;
        env.insert("CUDNN_SETUP_ELEVATOR", refuse);
        const QStringList before = manifest(m_toolkit);
        const CliRun r = cli({"install", m_release.path, "--toolkit", m_toolkit, "--allow-unknown"}, &env);
        QCOMPARE(r.exitCode, 4);
        QCOMPARE(r.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("elevation-refused"));
        QCOMPARE(manifest(m_toolkit), before);
    }

    // A second command must not take the first one's live journal for an interrupted one.
    void secondTransactionWhileOneRunsIsBusy()
    {
        QProcessEnvironment slow = m_env;
        slow.insert("CUDNN_SETUP_TEST_OP_DELAY_MS", "60");
        QProcess first;
        first.setProcessEnvironment(slow);
        first.start(QStringLiteral(CUDNN_SETUP_CLI_PATH),
                    {"--json", "--state-dir", m_state, "install", m_release.path, "--toolkit", m_toolkit, "--sha256",
                     sha()});
        QVERIFY(first.waitForStarted());
        const QString placed = m_toolkit + "/bin/cudnn_adv_infer64_8.dll";
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_state + "/journal.json") && QFile::exists(placed), 60000);
        QVERIFY2(first.state() == QProcess::Running, "the first install ended before the others ran");
        const QByteArray journal = readAll(m_state + "/journal.json");

        const CliRun recover = cli({"recover"});
        QVERIFY2(recover.exitCode == 3, recover.out + recover.err);
        const QJsonObject doc = recover.json().object();
        QCOMPARE(doc["ok"].toBool(true), false);
        const QJsonObject problem = doc["problems"].toArray().at(0).toObject();
        QCOMPARE(problem["code"].toString(), QStringLiteral("busy"));
        QVERIFY2(problem["message"].toString().contains(QString::number(first.processId())),
                 qPrintable(problem["message"].toString()));
        const CliRun again = cli({"install", m_release.path, "--toolkit", m_toolkit, "--sha256", sha()});
        QVERIFY2(again.exitCode == 3, again.out + again.err);
        QCOMPARE(again.json().object()["problems"].toArray().at(0).toObject()["code"].toString(),
                 QStringLiteral("busy"));
        QVERIFY(QFile::exists(placed));  // nothing of the running install was undone
        QVERIFY(QFile::exists(m_state + "/journal.json"));

        QVERIFY(first.waitForFinished(120000));
        QVERIFY2(first.exitCode() == 0, first.readAllStandardOutput() + first.readAllStandardError());
        QVERIFY(!journal.isEmpty());
        QVERIFY(!QFile::exists(m_state + "/journal.json"));
        QVERIFY(QFile::exists(m_toolkit + "/bin/cudnn_cnn_infer64_8.dll"));
        // The lock went with the process: the next command runs.
        const CliRun un = cli({"uninstall", "--toolkit", m_toolkit});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
    }

    void recoverWithNothingToDo()
    {
        const CliRun r = cli({"recover"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json().object()["ok"].toBool());
    }
};

QTEST_GUILESS_MAIN(TestCliInstall)
#include "tst_cli_install.moc"
