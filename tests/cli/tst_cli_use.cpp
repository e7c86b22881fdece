// cudnn-setup-cli use / uninstall --cudnn-root (issue 27) on NVIDIA's installer tree, as a user runs
// them. This host has no Windows PATH: the test build's CUDNN_SETUP_TEST_SYSTEM_PATH_FILE stands in
// for it (common/testhooks.h). Under Wine, tests/wine/programs/tst_win_use.cpp runs the same
// commands against the registry's PATH and a child process that loads the wired DLL.
#include "clirunner.h"
#include "fixtures/toolkitbuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {
const QByteArray kPathBefore = "%SystemRoot%\\system32;%SystemRoot%;;\"C:\\Program Files\\tool\";C:\\old\\cudnn";

QString entryOf(const QString& folder)
{
    return QString(folder).replace('/', '\\');
}
}  // namespace

class TestCliUse : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_state, m_pathFile, m_v919, m_two, m_tk128, m_tk130;

    QProcessEnvironment env() const { return pathFileEnvironment(m_pathFile); }
    CliRun cli(const QStringList& args) const
    {
        return runCli(QStringList{"--state-dir", m_state} + args, env());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString base = QDir(m_dir.path()).canonicalPath();
        const std::string pf = (base + "/Program Files").toStdString();
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        m_v919 = QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf, s));
        s.cudnn = "9.20.0.48";
        s.variants = {"12.9", "13.0"};
        m_two = QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall(pf, s));
        m_state = base + "/state";
        m_pathFile = base + "/path.txt";
        cudnnsetup::fixtures::ToolkitSpec tk;
        tk.cuda = "12.8.1";
        m_tk128 = QString::fromStdString(cudnnsetup::fixtures::buildToolkit((base + "/CUDA/v12.8").toStdString(), tk));
        tk.cuda = "13.0.2";
        m_tk130 = QString::fromStdString(cudnnsetup::fixtures::buildToolkit((base + "/CUDA/v13.0").toStdString(), tk));
    }
    void init() { writeAll(m_pathFile, kPathBefore); }

    // use, then uninstall --cudnn-root: PATH byte-identical, the record gone, NVIDIA's tree untouched.
    void useThenUninstall_data()
    {
        QTest::addColumn<QString>("root");         // below the temporary Program Files
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("folder");       // the variant folder that goes on PATH
        QTest::addColumn<bool>("first");
        QTest::newRow("v9.19 root, at the end") << "v9.19" << QStringList{} << "v9.19/bin/12.9/x64" << false;
        QTest::newRow("v9.19 variant folder, --first") << "v9.19/bin/12.9/x64" << QStringList{"--first"}
                                                       << "v9.19/bin/12.9/x64" << true;
        QTest::newRow("two side by side, --cuda 13.0") << "v9.20" << QStringList{"--cuda", "13.0"}
                                                       << "v9.20/bin/13.0/x64" << false;
    }
    void useThenUninstall()
    {
        QFETCH(QString, root);
        QFETCH(QStringList, options);
        QFETCH(QString, folder);
        QFETCH(bool, first);
        const QString cudnn = QFileInfo(m_v919).path();  // .../NVIDIA/CUDNN
        const QString dir = cudnn + "/" + root, variant = cudnn + "/" + folder;
        const QStringList treeBefore = QDir(cudnn).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);

        // A dry run changes nothing and shows the plan.
        const CliRun dry = cli(QStringList{"--json", "use", "--cudnn-root", dir, "--dry-run"} + options);
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QCOMPARE(dry.json().object()["plan"].toObject()["kind"].toString(), QString("use"));
        QCOMPARE(dry.json().object()["actions"].toArray().size(), 2);  // the record, the PATH change
        QCOMPARE(readAll(m_pathFile), kPathBefore);

        const CliRun use = cli(QStringList{"--json", "use", "--cudnn-root", dir} + options);
        QVERIFY2(use.exitCode == 0, use.out + use.err);
        const QJsonObject doc = use.json().object();
        QVERIFY(doc["ok"].toBool());
        QCOMPARE(doc["record"].toObject()["kind"].toString(), QString("use"));
        QCOMPARE(doc["record"].toObject()["use"].toObject()["folder"].toString(), variant);
        const QByteArray wired = readAll(m_pathFile);
        const QByteArray entry = entryOf(variant).toUtf8();
        QCOMPARE(wired, first ? entry + ";" + kPathBefore : kPathBefore + ";" + entry);
        // Nothing made in NVIDIA's tree: no work folder, no file.
        QVERIFY(!QDir(cudnn + "/" + folder.section('/', 0, 0)).exists(".cudnn-setup"));

        // Again: nothing to do.
        const CliRun again = cli(QStringList{"use", "--cudnn-root", dir} + options);
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(readAll(m_pathFile), wired);

        const CliRun un = cli({"--json", "uninstall", "--cudnn-root", variant});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
        QCOMPARE(QDir(cudnn).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), treeBefore);
    }

    // Undone by uninstall --all with the rest of the state folder; an entry the user added meanwhile stays.
    void uninstallAllTakesUseRecords()
    {
        QCOMPARE(cli({"use", "--cudnn-root", m_v919}).exitCode, 0);
        writeAll(m_pathFile, readAll(m_pathFile) + ";C:\\later");
        const CliRun all = cli({"--json", "uninstall", "--all"});
        QVERIFY2(all.exitCode == 0, all.out + all.err);
        QCOMPARE(all.json().object()["uninstalled"].toArray().size(), 1);
        QCOMPARE(readAll(m_pathFile), kPathBefore + ";C:\\later");
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    // use --toolkit: the variant merged into a CUDA toolkit as a zip install would (its DLLs where a zip
    // of that CUDA major puts them, PATH for the toolkit's bin, a record), detect sees it there, and
    // uninstall --toolkit gives the toolkit and PATH back byte for byte; NVIDIA's tree is never touched.
    void mergeThenUninstall_data()
    {
        QTest::addColumn<QString>("root");  // below NVIDIA/CUDNN
        QTest::addColumn<QString>("toolkit");  // "12.8" or "13.0"
        QTest::addColumn<QString>("dllFolder");  // toolkit-relative
        QTest::addColumn<QString>("version");
        QTest::newRow("v9.19 bin/12.9/x64 into CUDA 12.8") << "v9.19" << "12.8" << "bin" << "9.19.0";
        QTest::newRow("v9.20: the 13.0 variant chosen by a CUDA 13 toolkit, into bin/x64")
            << "v9.20" << "13.0" << "bin/x64" << "9.20.0";
    }
    void mergeThenUninstall()
    {
        QFETCH(QString, root);
        QFETCH(QString, toolkit);
        QFETCH(QString, dllFolder);
        QFETCH(QString, version);
        const QString cudnn = QFileInfo(m_v919).path();
        const QString tk = toolkit == "12.8" ? m_tk128 : m_tk130;
        const auto tkBefore = treeOf(tk), nvidiaBefore = treeOf(cudnn);

        const CliRun dry = cli({"--json", "use", "--cudnn-root", cudnn + "/" + root, "--toolkit", tk, "--dry-run"});
        QVERIFY2(dry.exitCode == 0, dry.out + dry.err);
        QCOMPARE(dry.json().object()["plan"].toObject()["kind"].toString(), QString("install"));
        QCOMPARE(treeOf(tk), tkBefore);

        const CliRun use = cli({"--json", "use", "--cudnn-root", cudnn + "/" + root, "--toolkit", tk});
        QVERIFY2(use.exitCode == 0, use.out + use.err);
        const QJsonObject record = use.json().object()["record"].toObject();
        QCOMPARE(record["archive"].toObject()["authenticity"].toString(), QString("nvidia-installer"));
        QVERIFY(QFileInfo(tk + "/" + dllFolder + "/cudnn64_9.dll").size() > 0);
        QVERIFY(QFileInfo(tk + "/include/cudnn_version.h").size() > 0);
        QVERIFY(QFileInfo(tk + "/lib/x64/cudnn.lib").exists());
        // Byte for byte NVIDIA's.
        QCOMPARE(treeOf(tk)[dllFolder + "/cudnn64_9.dll"],
                 treeOf(cudnn)[root + "/bin/" + (toolkit == "12.8" ? "12.9" : "13.0") + "/x64/cudnn64_9.dll"]);
        QVERIFY(readAll(m_pathFile).contains(entryOf(tk + "/" + dllFolder).toUtf8()));
        QCOMPARE(treeOf(cudnn), nvidiaBefore);

        const CliRun seen = cli({"--json", "detect", "--root", tk});
        QJsonObject found;
        for (const auto& t : seen.json().object()["toolkits"].toArray())
            if (t.toObject()["path"].toString() == tk)
                found = t.toObject();
        QCOMPARE(found["cudnn"].toObject()["version"].toString(), version);

        // Planned again: every file is already the variant's, none would be copied (as a zip reinstall).
        const CliRun again = cli({"--json", "use", "--cudnn-root", cudnn + "/" + root, "--toolkit", tk, "--dry-run"});
        QVERIFY2(again.exitCode == 0, again.out + again.err);
        for (const auto& a : again.json().object()["actions"].toArray())
            QVERIFY2(a.toObject()["op"].toString() != "place-file", qPrintable(a.toObject()["path"].toString()));

        const CliRun un = cli({"--json", "uninstall", "--toolkit", tk});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QCOMPARE(treeOf(tk), tkBefore);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
        QCOMPARE(treeOf(cudnn), nvidiaBefore);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    // repair --toolkit after use --toolkit: a damaged file comes back from NVIDIA's folder (the
    // record names it), byte for byte; NVIDIA's tree is only read. The uninstall after it gives the
    // whole toolkit back as before the merge: the repair's backup of the truncated DLL (empty,
    // nothing of anyone's) goes with the record.
    void mergeThenRepair()
    {
        const QString cudnn = QFileInfo(m_v919).path();
        const QString tk = m_tk128;
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
        const auto nvidiaBefore = treeOf(cudnn);
        const auto tkBefore = treeOf(tk);
        const CliRun use = cli({"--json", "use", "--cudnn-root", m_v919, "--toolkit", tk});
        QVERIFY2(use.exitCode == 0, use.out + use.err);
        const QByteArray good = treeOf(tk)["bin/cudnn_ops64_9.dll"];
        {
            QFile f(tk + "/bin/cudnn_ops64_9.dll");
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        }
        QVERIFY(treeOf(tk)["bin/cudnn_ops64_9.dll"] != good);
        const CliRun repair = cli({"--json", "repair", "--toolkit", tk});
        QVERIFY2(repair.exitCode == 0, repair.out + repair.err);
        QCOMPARE(treeOf(tk)["bin/cudnn_ops64_9.dll"], good);
        QCOMPARE(treeOf(cudnn), nvidiaBefore);
        const CliRun un = cli({"--json", "uninstall", "--toolkit", tk});
        QVERIFY2(un.exitCode == 0, un.out + un.err);
        QVERIFY(!QFileInfo::exists(tk + "/bin/cudnn64_9.dll"));
        QCOMPARE(treeOf(tk), tkBefore);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
    }

    // use --toolkit refusals: the toolkit unchanged, nothing recorded, the reason and the fix named.
    void mergeRefusals_data()
    {
        QTest::addColumn<QString>("damage");   // what is done to a copy of v9.19 first
        QTest::addColumn<QString>("toolkit");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("names");   // a word the message must have
        QTest::newRow("CUDA 13 toolkit, 12.x variant") << "" << "13.0" << 3 << "cuda-major-mismatch" << "CUDA 12";
        QTest::newRow("zero-byte DLL") << "zero" << "12.8" << 1 << "zero-size" << "reinstall it";
        QTest::newRow("a link inside the variant folder") << "link" << "12.8" << 1 << "unsafe-path" << "cudnn_ops64_9.dll";
    }
    void mergeRefusals()
    {
        QFETCH(QString, damage);
        QFETCH(QString, toolkit);
        QFETCH(int, exitCode);
        QFETCH(QString, code);
        QFETCH(QString, names);
        QTemporaryDir pf;
        cudnnsetup::fixtures::NvidiaInstallSpec s;
        s.cudnn = "9.19.0.56";
        const QString root =
            QString::fromStdString(cudnnsetup::fixtures::buildNvidiaInstall((QDir(pf.path()).canonicalPath() + "/Program Files").toStdString(), s));
        const QString bin = root + "/bin/12.9/x64";
        if (damage == "zero") {
            QFile f(bin + "/cudnn_ops64_9.dll");
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        } else if (damage == "link") {
            QVERIFY(QFile::rename(bin + "/cudnn_ops64_9.dll", pf.path() + "/elsewhere.dll"));
            QVERIFY(QFile::link(pf.path() + "/elsewhere.dll", bin + "/cudnn_ops64_9.dll"));
        }
        const QString tk = toolkit == "12.8" ? m_tk128 : m_tk130;
        const auto before = treeOf(tk);
        const CliRun r = cli({"--json", "use", "--cudnn-root", root, "--toolkit", tk});
        QCOMPARE(r.exitCode, exitCode);
        const QJsonObject p = r.json().object()["problems"].toArray().at(0).toObject();
        QCOMPARE(p["code"].toString(), code);
        QVERIFY2(p["message"].toString().contains(names), qPrintable(p["message"].toString()));
        QCOMPARE(treeOf(tk), before);
        QCOMPARE(readAll(m_pathFile), kPathBefore);
        QVERIFY(QDir(m_state + "/records").entryList(QDir::Files).isEmpty());
    }

    // Usage errors (exit 2), PATH unchanged, each naming the fix.
    void refusals_data()
    {
        QTest::addColumn<QString>("rel");       // below NVIDIA/CUDNN; absolute when it starts with '/'
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("names");     // below NVIDIA/CUDNN
        QTest::newRow("bin holds no DLL: names the subfolder") << "v9.19/bin" << QStringList{} << "not-a-toolkit"
                                                                << "v9.19/bin/12.9/x64";
        QTest::newRow("two variants, none chosen") << "v9.20" << QStringList{} << "variant-ambiguous"
                                                   << "v9.20/bin/13.0/x64";
        QTest::newRow("--cuda no variant has") << "v9.20" << QStringList{"--cuda", "11.8"} << "variant-ambiguous"
                                               << "v9.20/bin/12.9/x64";
        QTest::newRow("not NVIDIA's tree") << "/" << QStringList{} << "not-a-toolkit" << "";
    }
    void refusals()
    {
        QFETCH(QString, rel);
        QFETCH(QStringList, options);
        QFETCH(QString, code);
        QFETCH(QString, names);
        const QString cudnn = QFileInfo(m_v919).path();
        const QString dir = rel.startsWith('/') ? m_state.section('/', 0, -2) : cudnn + "/" + rel;
        const CliRun r = cli(QStringList{"--json", "use", "--cudnn-root", dir} + options);
        QCOMPARE(r.exitCode, 2);
        const QJsonObject p = r.json().object()["problems"].toArray().at(0).toObject();
        QCOMPARE(p["code"].toString(), code);
        QVERIFY2(p["message"].toString().contains(names.isEmpty() ? QString() : cudnn + "/" + names),
                 qPrintable(p["message"].toString()));
        QCOMPARE(readAll(m_pathFile), kPathBefore);
    }
};

QTEST_GUILESS_MAIN(TestCliUse)
#include "tst_cli_use.moc"
