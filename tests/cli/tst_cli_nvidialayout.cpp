// cudnn-setup-cli install --nvidia-layout / repair --cudnn-root / uninstall --cudnn-root (issue 27):
// a zip into NVIDIA's installer layout, beside NVIDIA's own variants, and NVIDIA's own install repaired.
// This host has no Windows PATH: the test build's CUDNN_SETUP_TEST_SYSTEM_PATH_FILE stands in for it
// (common/testhooks.h), and a temporary "Program Files" for %ProgramFiles% (--cudnn-root is required
// off Windows).
#include "clirunner.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace {
const QByteArray kPathBefore = "%SystemRoot%\\system32;%SystemRoot%;;\"C:\\Program Files\\tool\"";
}  // namespace

class TestCliNvidiaLayout : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_base, m_state, m_pathFile, m_zip919, m_zip922;

    QProcessEnvironment env() const { return pathFileEnvironment(m_pathFile); }
    CliRun cli(const QStringList& args) const { return runCli(QStringList{"--state-dir", m_state} + args, env()); }

    QString zip(const std::string& cudnn)
    {
        cudnnsetup::fixtures::ReleaseSpec s;
        s.cudnn = cudnn;
        s.cuda = "12";
        // Not NVIDIA's file name (whose official hash the catalog knows): its CUDA major comes from the
        // names its DLLs load at run time, as for any archive of unknown origin.
        s.everyDllRdataStrings = std::vector<std::string>{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
        const QString path = m_base + "/local-cudnn-" + QString::fromStdString(cudnn) + ".zip";
        std::string error;
        if (!cudnnsetup::fixtures::writeZip(path.toStdString(), cudnnsetup::fixtures::cudnnWindowsRelease(s), &error))
            qFatal("%s", error.c_str());
        return path;
    }
    // A fresh Program Files for each case (what NVIDIA's installer left there, if anything).
    QString programFiles(const QString& name) const
    {
        const QString pf = m_base + "/" + name + "/Program Files";
        QDir().mkpath(pf);
        return pf;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_base = QDir(m_dir.path()).canonicalPath();
        m_state = m_base + "/state";
        m_pathFile = m_base + "/path.txt";
        m_zip919 = zip("9.19.0.56");
        m_zip922 = zip("9.22.0.52");
    }
    void init() { writeAll(m_pathFile, kPathBefore); }

    // Into a root that is not there yet (no NVIDIA folder at all): the folders are made, the variant's
    // bin folder goes on PATH, detect finds the variant; uninstall takes back exactly what was made.
    void newRootInstallThenUninstall_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<bool>("onPath");
        QTest::newRow("PATH") << QStringList{} << true;
        QTest::newRow("--no-path") << QStringList{"--no-path"} << false;
    }
    void newRootInstallThenUninstall()
    {
        QFETCH(QStringList, options);
        QFETCH(bool, onPath);
        const QString pf = programFiles(QString("new-%1").arg(onPath));
        const QString root = pf + "/NVIDIA/CUDNN/v9.19";
        const auto before = treeOf(pf);

        const CliRun dry = cli(QStringList{"--json", "install", m_zip919, "--nvidia-layout", "--cudnn-root", root,
                                           "--allow-unknown", "--dry-run"} + options);
        QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
        QCOMPARE(treeOf(pf), before);

        const CliRun in = cli(QStringList{"--json", "install", m_zip919, "--nvidia-layout", "--cudnn-root", root,
                                          "--allow-unknown"} + options);
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        const QJsonObject record = in.json().object()["record"].toObject();
        QCOMPARE(record["nvidia_layout"].toObject()["cuda"].toString(), QString("12.9"));
        QCOMPARE(record["created_root"].toArray().size(), 3);  // NVIDIA, CUDNN, v9.19
        for (const char* f : {"bin/12.9/x64/cudnn64_9.dll", "bin/12.9/x64/cudnn_ops64_9.dll", "include/12.9/cudnn.h",
                              "include/12.9/cudnn_version.h", "lib/12.9/x64/cudnn.lib"})
            QVERIFY2(QFileInfo(root + "/" + f).isFile(), f);
        QVERIFY(!QFileInfo::exists(root + "/bin/cudnn64_9.dll"));
        const QByteArray entry = QString(root + "/bin/12.9/x64").replace('/', '\\').toUtf8();
        QCOMPARE(readAll(m_pathFile), onPath ? kPathBefore + ";" + entry : kPathBefore);

        // detect reads the tree as NVIDIA's installer's: the variant, its version and CUDA.
        const QJsonObject detected =
            cli({"--json", "detect", "--cudnn-root", pf + "/NVIDIA/CUDNN"}).json().object();
        const QJsonArray installs = detected["cudnn_installs"].toArray();
        QCOMPARE(installs.size(), 1);
        QCOMPARE(installs[0].toObject()["built_with_cuda"].toString(), QString("12.9"));
        QCOMPARE(installs[0].toObject()["version"].toString(), QString("9.19.0"));

        // Again: the same release, every file as recorded: nothing to do (no second record layer).
        const auto installed = treeOf(pf);
        const QByteArray wired = readAll(m_pathFile);
        QCOMPARE(cli(QStringList{"install", m_zip919, "--nvidia-layout", "--cudnn-root", root, "--allow-unknown"} +
                     options).exitCode,
                 0);
        QCOMPARE(treeOf(pf), installed);
        QCOMPARE(readAll(m_pathFile), wired);

        const CliRun un = cli({"--json", "uninstall", "--cudnn-root", root});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(treeOf(pf), before);  // NVIDIA, CUDNN and v9.19 gone again: we made them
        QCOMPARE(readAll(m_pathFile), kPathBefore);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    // Beside NVIDIA's own CUDA 13 variant of the same release: ours goes into bin/12.9/x64, NVIDIA's
    // files are never touched, and uninstall leaves exactly NVIDIA's tree (its folders included).
    void besideNvidiaVariant()
    {
        const QString pf = programFiles("beside");
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        s.variants = {"13.0"};
        const QString root = QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf.toStdString(), s));
        const auto before = treeOf(pf);
        const CliRun in = cli({"--json", "install", m_zip919, "--nvidia-layout", "--cudnn-root", root, "--allow-unknown"});
        QVERIFY2(in.exitCode == 0, in.out + in.err);
        QVERIFY(QFileInfo(root + "/bin/12.9/x64/cudnn64_9.dll").isFile());
        const auto after = treeOf(pf);
        for (auto it = before.begin(); it != before.end(); ++it)
            QVERIFY2(after.value(it.key()) == it.value(), qPrintable(it.key()));  // NVIDIA's, untouched
        QVERIFY(!in.json().object()["record"].toObject().contains("created_root"));  // NVIDIA made the root

        // Our record is for bin/12.9/x64: the same release's CUDA 13 zip would be a second variant.
        const CliRun un = cli({"uninstall", "--cudnn-root", root + "/bin/12.9/x64"});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(treeOf(pf), before);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
    }

    // The variant folder already holds NVIDIA's files: of the same release nothing to do (a note
    // naming repair); of another release refused. Nothing changes either way.
    void nvidiaFilesInTheVariantFolder_data()
    {
        QTest::addColumn<QString>("installed");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        QTest::newRow("same release: nothing to do") << "9.19.0.56" << 0 << "repair --cudnn-root";
        QTest::newRow("another release: refused") << "9.19.1.3" << 3 << "NVIDIA's uninstaller";
    }
    void nvidiaFilesInTheVariantFolder()
    {
        QFETCH(QString, installed);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        const QString pf = programFiles("same-" + installed);
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        s.cudnn = installed.toStdString();
        const QString root = QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf.toStdString(), s));
        const auto before = treeOf(pf);
        const CliRun in = cli({"--json", "install", m_zip919, "--nvidia-layout", "--cudnn-root", root, "--allow-unknown"});
        QVERIFY2(in.exitCode == exitCode, in.out + in.err);
        QVERIFY2(in.out.contains(says.toUtf8()), in.out.constData());
        QCOMPARE(treeOf(pf), before);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    // NVIDIA's own install with a zero-byte DLL and a missing header: repair restores those two from the
    // archive of the same release (nothing else of NVIDIA's changes); uninstall puts back exactly what
    // was there, the zero-byte file included.
    void repairNvidiaInstallThenUninstall()
    {
        const QString pf = programFiles("repair");
        const QString root =
            QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf.toStdString(), {}));
        const QString dll = root + "/bin/12.9/x64/cudnn_ops64_9.dll", header = root + "/include/12.9/cudnn_adv.h";
        QVERIFY(QFile(dll).resize(0));
        QVERIFY(QFile::remove(header));
        const auto damaged = treeOf(pf);

        const CliRun noArchive = cli({"repair", "--cudnn-root", root});
        QCOMPARE(noArchive.exitCode, 2);  // no record: the archive must be given

        const CliRun rep = cli({"--json", "repair", "--cudnn-root", root, "--archive", m_zip919});
        QVERIFY2(rep.exitCode == 0, rep.out + rep.err);
        QVERIFY(QFileInfo(dll).size() > 0);
        QVERIFY(QFileInfo(header).isFile());
        const auto repaired = treeOf(pf);
        for (auto it = damaged.begin(); it != damaged.end(); ++it)
            if (!it.key().endsWith("cudnn_ops64_9.dll"))
                QVERIFY2(repaired.value(it.key()) == it.value(), qPrintable(it.key()));
        QCOMPARE(readAll(m_pathFile), kPathBefore);  // a repair does not wire NVIDIA's install

        // Healthy now: a second repair has nothing to do.
        QCOMPARE(cli({"repair", "--cudnn-root", root, "--archive", m_zip919}).exitCode, 0);

        const CliRun un = cli({"uninstall", "--cudnn-root", root});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(treeOf(pf), damaged);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    void repairRefusesAnotherRelease()
    {
        const QString pf = programFiles("repair-other");
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        s.cudnn = "9.19.1.3";
        const QString root = QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf.toStdString(), s));
        QVERIFY(QFile(root + "/bin/12.9/x64/cudnn_ops64_9.dll").resize(0));
        const auto before = treeOf(pf);
        const CliRun rep = cli({"--json", "repair", "--cudnn-root", root, "--archive", m_zip919});
        QCOMPARE(rep.exitCode, 3);
        QVERIFY2(rep.out.contains("version-mismatch"), rep.out.constData());
        QCOMPARE(treeOf(pf), before);
    }

    // Usage errors (exit 2), nothing made, PATH unchanged.
    void refusals_data()
    {
        QTest::addColumn<QString>("root");  // below the case's Program Files
        QTest::addColumn<QString>("archive");
        QTest::addColumn<QString>("code");
        QTest::newRow("not under NVIDIA/CUDNN") << "Vendor/cuDNN/v9.19" << "919" << "not-a-toolkit";
        QTest::newRow("root named for another release") << "NVIDIA/CUDNN/v9.20" << "919" << "version-mismatch";
        QTest::newRow("release not in the table, nothing to copy") << "NVIDIA/CUDNN/v9.22" << "922"
                                                                   << "nvidia-layout-unknown";
        QTest::newRow("a link in the parent chain") << "LINK/CUDNN/v9.19" << "919" << "not-a-toolkit";
    }
    void refusals()
    {
        QFETCH(QString, root);
        QFETCH(QString, archive);
        QFETCH(QString, code);
        const QString pf = programFiles("refuse-" + QString(QTest::currentDataTag()).replace(' ', '-').replace('/', '-'));
        if (root.startsWith("LINK/")) {
            // ...\NVIDIA is a link to a folder elsewhere: nothing is made through it.
            QDir().mkpath(m_base + "/elsewhere/NVIDIA");
            std::filesystem::create_directory_symlink((m_base + "/elsewhere/NVIDIA").toStdString(),
                                                      (pf + "/NVIDIA").toStdString());
            root = "NVIDIA/CUDNN/v9.19";
        }
        const auto before = treeOf(pf);
        const auto elsewhere = treeOf(m_base + "/elsewhere");
        const CliRun in = cli({"--json", "install", archive == "919" ? m_zip919 : m_zip922, "--nvidia-layout",
                               "--cudnn-root", pf + "/" + root, "--allow-unknown"});
        QVERIFY2(in.exitCode == 2, in.out + in.err);
        QVERIFY2(in.out.contains(code.toUtf8()), in.out.constData());
        QCOMPARE(treeOf(pf), before);
        QCOMPARE(treeOf(m_base + "/elsewhere"), elsewhere);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
    }

    void usage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--nvidia-layout with --toolkit") << QStringList{"--nvidia-layout", "--toolkit", "/tmp"};
        QTest::newRow("--cudnn-root without --nvidia-layout") << QStringList{"--cudnn-root", "/tmp/NVIDIA/CUDNN/v9.19"};
        QTest::newRow("no %ProgramFiles% here: --cudnn-root needed") << QStringList{"--nvidia-layout"};
    }
    void usage()
    {
        QFETCH(QStringList, args);
        const CliRun r = cli(QStringList{"install", m_zip919, "--allow-unknown"} + args);
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliNvidiaLayout)
#include "tst_cli_nvidialayout.moc"
