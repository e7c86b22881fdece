// `cudnn-setup-cli apply --config FILE [--check]` as a deployment tool runs it (issue 28): a folder
// mirror laid out like NVIDIA's tree (cuDNN 9.19 and 9.18 for CUDA 13), a CUDA 13 toolkit, the
// real install flow as root (ld.so.conf.d in a scratch folder). --check says no, apply gets there,
// a second apply changes nothing, --check says yes; a config that cannot be met fails with its
// code and changes nothing; a config that is not one is refused naming the field.
#include "clirunner.h"
#include "redisttree.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cudnnsetup::fixtures;

class TestCliApply : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void convergesOnceAndThenChangesNothing();
    void anOlderCudnnLeftInPlaceIsReportedAndKept();
    void aReleaseTheMirrorLacksChangesNothing();
    void anArchiveSourceNeedsItsHash();
    void anArchiveSourceInstallsThatArchive();
    void aLaterToolkitThatFailsUndoesTheEarlierOnes();
    void badConfigs_data();
    void badConfigs();

private:
    QString config(const QJsonObject& fields);
    CliRun apply(const QString& configFile, bool check);
    // Every file under the toolkit with its size and modification time: "nothing changed".
    QStringList snapshot() const;

    QTemporaryDir m_dir;
    QString m_root, m_toolkit, m_state, m_out, m_conf;
    QProcessEnvironment m_env;
    int m_configs = 0;
};

void TestCliApply::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.path() + "/redist";
    QString sha;
    LinuxReleaseSpec newest;  // 9.19.0.56 for CUDA 13
    QVERIFY(!writeRelease(m_root, newest, TarCompression::Xz, &sha).isEmpty());
    LinuxReleaseSpec older;
    older.cudnn = "9.18.0.77";
    QVERIFY(!writeRelease(m_root, older, TarCompression::Xz, &sha).isEmpty());
}

void TestCliApply::init()
{
    // Each test its own toolkit, state and ld.so.conf.d folder: what one installs is not the next's start.
    const QString run = m_dir.path() + "/" + QTest::currentTestFunction();
    QDir(run).removeRecursively();
    QVERIFY(QDir().mkpath(run));
    m_toolkit = QString::fromStdString(buildLinuxCudaToolkit((run + "/cuda-13.0").toStdString()));
    m_state = run + "/state";
    m_out = run + "/downloads";
    m_conf = run + "/ld.so.conf.d";
    QVERIFY(QDir().mkpath(m_conf));
    m_env = QProcessEnvironment::systemEnvironment();
    m_env.insert("CUDNN_SETUP_LDSOCONF_DIR", m_conf);
    m_env.insert("CUDNN_SETUP_LDCONFIG", "/bin/true");
    m_env.remove("CUDNN_SETUP_ELEVATOR");
}

QString TestCliApply::config(const QJsonObject& fields)
{
    QJsonObject doc{{"schema", 1},
                    {"source", QJsonObject{{"from", "mirror"}, {"mirror", m_root}}},
                    {"toolkits", QJsonArray{m_toolkit}},
                    {"accept_license", true},
                    {"download_to", m_out}};
    for (auto it = fields.begin(); it != fields.end(); ++it)
        doc[it.key()] = it.value();
    const QString path = m_dir.path() + "/config-" + QString::number(++m_configs) + ".json";
    writeAll(path, QJsonDocument(doc).toJson());
    return path;
}

CliRun TestCliApply::apply(const QString& configFile, bool check)
{
    QStringList args{"apply", "--config", configFile, "--state-dir", m_state, "--json"};
    if (check)
        args << "--check";
    return runCli(args, m_env, 600000);
}

QStringList TestCliApply::snapshot() const
{
    QStringList out;
    QDirIterator it(m_toolkit, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        out << f.filePath() + " " + QString::number(f.size()) + " " + QString::number(f.lastModified().toMSecsSinceEpoch());
    }
    for (const QString& name : QDir(m_conf).entryList(QDir::Files))
        out << m_conf + "/" + name + " " + QString::fromUtf8(readAll(m_conf + "/" + name));
    out.sort();
    return out;
}

void TestCliApply::convergesOnceAndThenChangesNothing()
{
    if (geteuid() != 0)
        QSKIP("apply installs into the toolkit as an administrator would: run as root (CI does)");
    const QString c = config({{"cudnn", "newest"}});

    const CliRun before = apply(c, true);
    QCOMPARE(before.exitCode, 1);
    QJsonObject a = before.json().object()["apply"].toObject();
    QCOMPARE(a["in_desired_state"].toBool(), false);
    QCOMPARE(a["problems"].toArray().first().toObject()["code"].toString(), QString("not-in-desired-state"));
    QVERIFY(!QFileInfo(m_toolkit + "/lib/libcudnn.so.9.19.0").exists());  // --check changed nothing

    const CliRun first = apply(c, false);
    QVERIFY2(first.exitCode == 0, first.out + first.err);
    QJsonObject doc = first.json().object();
    a = doc["apply"].toObject();
    QCOMPARE(a["schema_version"].toInt(), 1);
    QCOMPARE(a["in_desired_state"].toBool(), true);
    QJsonObject row = a["toolkits"].toArray().first().toObject();
    QCOMPARE(row["state"].toString(), QString("installed"));
    QCOMPARE(row["cudnn_wanted"].toString(), QString("9.19.0.56"));
    QVERIFY(QFileInfo(m_toolkit + "/lib/libcudnn.so.9.19.0").isFile());
    QVERIFY(doc.contains("toolkits") && doc.contains("driver"));  // the report --json document around it

    const QStringList installed = snapshot();
    const CliRun second = apply(c, false);
    QVERIFY2(second.exitCode == 0, second.out + second.err);
    row = second.json().object()["apply"].toObject()["toolkits"].toArray().first().toObject();
    QCOMPARE(row["state"].toString(), QString("in-desired-state"));
    QVERIFY(row["install"].isNull());
    QCOMPARE(snapshot(), installed);

    const CliRun after = apply(c, true);
    QCOMPARE(after.exitCode, 0);
    QCOMPARE(after.json().object()["apply"].toObject()["in_desired_state"].toBool(), true);

    // The machine summary a file detection rule reads (install/machinesummary.h), then gone with the
    // uninstall of the last recorded toolkit.
    const QJsonObject summary = QJsonDocument::fromJson(readAll(m_state + "/summary.json")).object();
    QCOMPARE(summary["format"].toInt(), 1);
    const QJsonObject entry = summary["toolkits"].toArray().first().toObject();
    QCOMPARE(entry["toolkit"].toString(), m_toolkit);
    QCOMPARE(entry["cudnn"].toString(), QString("9.19.0.56"));
    QCOMPARE(entry["state"].toString(), QString("install"));
    QCOMPARE(entry["archive_sha256"].toString().size(), 64);
    QVERIFY2(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$").match(entry["time"].toString()).hasMatch(),
             qPrintable(entry["time"].toString()));
    // uninstall --all, as the package's uninstaller runs it: every recorded install undone.
    const CliRun un = runCli({"uninstall", "--all", "--state-dir", m_state, "--json"}, m_env, 600000);
    QVERIFY2(un.exitCode == 0, un.out + un.err);
    QCOMPARE(un.json().object()["uninstalled"].toArray().size(), 1);
    QVERIFY(!QFile::exists(m_state + "/summary.json"));
    QVERIFY(!QFileInfo(m_toolkit + "/lib/libcudnn.so.9.19.0").exists());
}

void TestCliApply::anOlderCudnnLeftInPlaceIsReportedAndKept()
{
    if (geteuid() != 0)
        QSKIP("apply installs into the toolkit as an administrator would: run as root (CI does)");
    const CliRun older = apply(config({{"cudnn", "9.18"}}), false);
    QVERIFY2(older.exitCode == 0, older.out + older.err);
    QVERIFY(QFileInfo(m_toolkit + "/lib/libcudnn.so.9.18.0").isFile());
    const QStringList before = snapshot();

    const CliRun kept = apply(config({{"cudnn", "9.19"}, {"older_cudnn", "report"}}), false);
    QCOMPARE(kept.exitCode, 1);
    const QJsonObject a = kept.json().object()["apply"].toObject();
    QCOMPARE(a["toolkits"].toArray().first().toObject()["state"].toString(), QString("kept-older"));
    QVERIFY2(a["problems"].toArray().first().toObject()["message"].toString().contains("older_cudnn"), kept.out);
    QCOMPARE(snapshot(), before);
}

void TestCliApply::aReleaseTheMirrorLacksChangesNothing()
{
    const QStringList before = snapshot();
    const CliRun r = apply(config({{"cudnn", "9.7"}}), false);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.json().object()["apply"].toObject()["problems"].toArray().first().toObject()["code"].toString(),
             QString("no-matching-release"));
    QCOMPARE(snapshot(), before);
}

void TestCliApply::anArchiveSourceNeedsItsHash()
{
    const QString c = config({{"source", QJsonObject{{"from", "archive"}, {"archive", m_root + "/x.tar.xz"}}}});
    const CliRun r = apply(c, true);
    QCOMPARE(r.exitCode, 2);
    const QJsonObject p = r.json().object()["apply"].toObject()["problems"].toArray().first().toObject();
    QCOMPARE(p["code"].toString(), QString("bad-config"));
    QVERIFY2(p["message"].toString().contains("sha256"), qPrintable(p["message"].toString()));
}

// One archive the organisation vetted, named with its SHA-256: its release is what the toolkit gets.
void TestCliApply::anArchiveSourceInstallsThatArchive()
{
    if (geteuid() != 0)
        QSKIP("apply installs into the toolkit as an administrator would: run as root (CI does)");
    QString sha;
    LinuxReleaseSpec spec;
    spec.cudnn = "9.18.0.77";
    const QString archive = writeRelease(m_dir.path() + "/vetted", spec, TarCompression::Xz, &sha);
    QVERIFY(!archive.isEmpty());
    const QString c = config({{"source", QJsonObject{{"from", "archive"}, {"archive", archive}, {"sha256", sha}}}});
    const CliRun r = apply(c, false);
    QVERIFY2(r.exitCode == 0, r.out + r.err);
    const QJsonObject row = r.json().object()["apply"].toObject()["toolkits"].toArray().first().toObject();
    QCOMPARE(row["cudnn_wanted"].toString(), QString("9.18.0.77"));
    QVERIFY(QFileInfo(m_toolkit + "/lib/libcudnn.so.9.18.0").isFile());
    // The same archive named with another hash: refused before anything changes.
    const QStringList before = snapshot();
    QString wrong = sha;
    wrong[0] = wrong[0] == '0' ? '1' : '0';
    const CliRun bad = apply(config({{"source", QJsonObject{{"from", "archive"}, {"archive", archive}, {"sha256", wrong}}}}), false);
    QCOMPARE(bad.exitCode, 1);
    QCOMPARE(snapshot(), before);
}

// Two toolkits; the second cannot take the install (a folder where a library must go): the run
// fails with the install's code and the first toolkit's install, already made, is undone, so the
// machine is as it was.
void TestCliApply::aLaterToolkitThatFailsUndoesTheEarlierOnes()
{
    if (geteuid() != 0)
        QSKIP("apply installs into the toolkit as an administrator would: run as root (CI does)");
    const QString second = QString::fromStdString(
        buildLinuxCudaToolkit((m_dir.path() + "/" + QTest::currentTestFunction() + "/cuda-13.0-b").toStdString()));
    QVERIFY(QDir().mkpath(second + "/lib/libcudnn.so.9.19.0/in-the-way"));
    const QStringList before = snapshot();
    const CliRun r = apply(config({{"toolkits", QJsonArray{m_toolkit, second}}}), false);
    QVERIFY2(r.exitCode == 3, r.out + r.err);  // refused and rolled back, as install says it
    const QJsonArray rows = r.json().object()["apply"].toObject()["toolkits"].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].toObject()["state"].toString(), QString("undone"));
    QCOMPARE(rows[1].toObject()["state"].toString(), QString("failed"));
    QCOMPARE(snapshot(), before);  // the first toolkit (and ld.so.conf.d) as before
    QVERIFY(!QFile::exists(m_state + "/summary.json"));
}

void TestCliApply::badConfigs_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("names");  // what the message must name
    QTest::newRow("not_json") << QByteArray("{ schema: 1") << "not a JSON object";
    QTest::newRow("no_schema") << QByteArray(R"({"cudnn": "9.19"})") << "\"schema\": 1";
    QTest::newRow("unknown_field") << QByteArray(R"({"schema": 1, "cuddn": "9.19"})") << "unknown field \"cuddn\"";
    QTest::newRow("release_not_a_release") << QByteArray(R"({"schema": 1, "cudnn": "latest"})") << "\"cudnn\"";
    QTest::newRow("toolkits_selector") << QByteArray(R"({"schema": 1, "toolkits": "cuda twelve"})") << "\"toolkits\"";
    QTest::newRow("path_not_boolean") << QByteArray(R"({"schema": 1, "path": "yes"})") << "\"path\" is true or false";
    QTest::newRow("older_cudnn_value") << QByteArray(R"({"schema": 1, "older_cudnn": "delete"})") << "\"older_cudnn\"";
    QTest::newRow("source_from") << QByteArray(R"({"schema": 1, "source": {"from": "ftp"}})") << "\"from\"";
}

void TestCliApply::badConfigs()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, names);
    const QString path = m_dir.path() + "/bad-" + QTest::currentDataTag() + ".json";
    writeAll(path, text);
    const CliRun r = apply(path, false);
    QCOMPARE(r.exitCode, 2);
    const QJsonObject p = r.json().object()["apply"].toObject()["problems"].toArray().first().toObject();
    QCOMPARE(p["code"].toString(), QString("bad-config"));
    QVERIFY2(p["message"].toString().contains(names), qPrintable(p["message"].toString()));
    QVERIFY2(p["message"].toString().contains(path), qPrintable(p["message"].toString()));
}

QTEST_GUILESS_MAIN(TestCliApply)
#include "tst_cli_apply.moc"
