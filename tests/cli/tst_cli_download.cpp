// `cudnn-setup-cli download` and `install --download` as a user or a script runs them, against a
// real HTTPS server on 127.0.0.1 (tests/download/faultserver.py, a CA made at test time, trusted
// with --ca-file) or a mirror folder: the licence first, the choice for the toolkit, the download,
// its checks and the normal verify; then the install of what came, and validate's outcome on a
// machine without a driver (issue 26).
#include "clirunner.h"
#include "redisttree.h"
#include "faultserverprocess.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "testpaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace cudnnsetup::fixtures;

namespace {

const QString kRealLib = "/usr/local/cuda/lib";

}  // namespace

class TestCliDownload : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void theLicenceComesFirst();
    void aDamagedLicenceRecordAsksAgain();
    void downloadsChoosesAndVerifies();
    void aMirrorFolderIsVerifiedTheSameWay();
    void theTwoDocumentedCommandsMakeAMirror();
    void refusals_data();
    void refusals();
    void aFullDiskIsSaidBeforeAnyByte();
    void installDownloadThenValidateWithoutDriver();

private:
    CliRun download(const QStringList& extra, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment());

    QTemporaryDir m_dir;
    QString m_root, m_ca, m_sha, m_archive, m_out, m_state;
    FaultServer m_server;
};

void TestCliDownload::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.path() + "/redist";
    m_ca = m_dir.path() + "/ca";
    LinuxReleaseSpec spec;  // 9.19.0.56 for CUDA 13: generated ELF files
    m_archive = writeRelease(m_root, spec, TarCompression::Xz, &m_sha);
    QVERIFY(!m_archive.isEmpty());
    // An older release whose archive the server changes on the way (its manifest is served intact).
    QString olderSha;
    LinuxReleaseSpec older;
    older.cudnn = "9.18.0.77";
    const QString olderArchive = writeRelease(m_root, older, TarCompression::Xz, &olderSha);
    QVERIFY(!olderArchive.isEmpty());
    const QString olderManifest = m_root + "/redistrib_9.18.0.json";
    writeAll(olderManifest, readAll(olderManifest).replace("\"cudnn/linux-x86_64/", "\"f/corrupt/cudnn/linux-x86_64/"));
    QString error;
    QVERIFY2(FaultServer::makeCertificates(m_ca, &error), qPrintable(error));
    QVERIFY2(m_server.start(m_root, m_ca, m_dir.path(), "server", &error), qPrintable(error));
}

void TestCliDownload::cleanup()
{
    // The server logs a request once its answer is sent, a moment after the client may have ended:
    // let the last test's lines arrive before the next one clears the log.
    for (qsizetype seen = -1; seen != m_server.requests().size();) {
        seen = m_server.requests().size();
        QTest::qWait(200);
    }
}

void TestCliDownload::init()
{
    static int n = 0;
    ++n;
    m_out = m_dir.path() + QStringLiteral("/out%1").arg(n);
    m_state = m_dir.path() + QStringLiteral("/state%1").arg(n);
    m_server.clearLog();
}

CliRun TestCliDownload::download(const QStringList& extra, const QProcessEnvironment& env)
{
    return runCli(QStringList{"download", "--cuda", "13", "--mirror", m_server.url(), "--ca-file", m_ca + "/ca.pem",
                              "--to", m_out, "--state-dir", m_state, "--json"} +
                      extra,
                  env);
}

void TestCliDownload::theLicenceComesFirst()
{
    const CliRun r = download({});
    QCOMPARE(r.exitCode, 2);
    const QJsonObject doc = r.json().object();
    QCOMPARE(doc["problems"].toArray().first().toObject()["code"].toString(), QString("license-not-accepted"));
    QVERIFY(doc["problems"].toArray().first().toObject()["message"].toString().contains("--accept-license"));
    QCOMPARE(m_server.requests().size(), 0);  // nothing of NVIDIA's is asked for before it
    QVERIFY(!QFile::exists(m_state + "/license-accepted.json"));
}

void TestCliDownload::aDamagedLicenceRecordAsksAgain()
{
    QVERIFY(QDir().mkpath(m_state));
    writeAll(m_state + "/license-accepted.json", R"({"accepted": 20261204, "license": ["x"]})");
    const CliRun r = download({});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.json().object()["problems"].toArray().first().toObject()["code"].toString(), QString("license-not-accepted"));
}

void TestCliDownload::downloadsChoosesAndVerifies()
{
    const CliRun r = download({"--accept-license"});
    QVERIFY2(r.exitCode == 0, r.out + r.err);
    const QJsonObject doc = r.json().object();
    const QString path = m_out + "/" + QFileInfo(m_archive).fileName();
    QCOMPARE(doc["path"].toString(), path);
    QCOMPARE(doc["release"].toString(), QString("9.19.0.56"));
    QCOMPARE(doc["cuda_major"].toInt(), 13);
    QCOMPARE(doc["sha256"].toString(), m_sha);
    QVERIFY(!doc["reason"].toString().isEmpty());
    QCOMPARE(doc["verify"].toObject()["ok"].toBool(), true);
    QCOMPARE(doc["already_there"].toBool(true), false);
    QCOMPARE(readAll(path), readAll(m_archive));
    // The acceptance, with its date, where an audit finds it.
    const QJsonObject licence = QJsonDocument::fromJson(readAll(m_state + "/license-accepted.json")).object();
    QVERIFY(licence["accepted"].toString().startsWith(QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate)));
    QVERIFY(licence["url"].toString().startsWith("https://"));
    QCOMPARE(doc["license"].toObject()["accepted"].toString(), licence["accepted"].toString());
    // The index, the manifest, the archive: three requests.
    QTRY_COMPARE_WITH_TIMEOUT(m_server.requests().size(), 3, 10000);

    // Accepted once is accepted: the next run needs no flag, and finds the file there.
    m_server.clearLog();
    const CliRun again = download({});
    QVERIFY2(again.exitCode == 0, again.out + again.err);
    QCOMPARE(again.json().object()["already_there"].toBool(), true);
    QTRY_COMPARE_WITH_TIMEOUT(m_server.requests().size(), 2, 10000);  // the index and the manifest only
}

void TestCliDownload::aMirrorFolderIsVerifiedTheSameWay()
{
    const CliRun r = runCli({"download", "9.19", "--cuda", "13", "--mirror", m_root, "--to", m_out, "--state-dir",
                             m_state, "--accept-license", "--json"});
    QVERIFY2(r.exitCode == 0, r.out + r.err);
    const QJsonObject doc = r.json().object();
    QCOMPARE(doc["verify"].toObject()["ok"].toBool(), true);
    QCOMPARE(readAll(doc["path"].toString()), readAll(m_archive));
    QCOMPARE(m_server.requests().size(), 0);
}

void TestCliDownload::theTwoDocumentedCommandsMakeAMirror()
{
    // docs/download.md's two commands, with this test's server in NVIDIA's place (curl trusts its CA).
    if (QStandardPaths::findExecutable("curl").isEmpty())
        QSKIP("curl(1) is not installed (scripts/deps.sh test installs it)");
    const QString mirror = m_dir.path() + "/mirror";
    const CliRun manifest = runProgram("curl", {"-fsS", "--cacert", m_ca + "/ca.pem", "--create-dirs", "-o",
                                               mirror + "/redistrib_9.19.0.json", m_server.url("redistrib_9.19.0.json")},
                                       QProcessEnvironment::systemEnvironment(), 60000);
    QVERIFY2(manifest.exitCode == 0, manifest.err);
    const CliRun archive = runCli({"download", "9.19.0", "--cuda", "13", "--platform", "linux-x86_64", "--to",
                                   mirror + "/cudnn/linux-x86_64", "--accept-license", "--mirror", m_server.url(),
                                   "--ca-file", m_ca + "/ca.pem", "--state-dir", m_state});
    QVERIFY2(archive.exitCode == 0, archive.out + archive.err);
    m_server.clearLog();
    const CliRun fromMirror = runCli({"download", "--cuda", "13", "--mirror", mirror, "--to", m_out, "--state-dir",
                                      m_state, "--json"});
    QVERIFY2(fromMirror.exitCode == 0, fromMirror.out + fromMirror.err);
    QCOMPARE(readAll(fromMirror.json().object()["path"].toString()), readAll(m_archive));
    QCOMPARE(m_server.requests().size(), 0);
}

void TestCliDownload::refusals_data()
{
    QTest::addColumn<QStringList>("args");  // after `download --to OUT --state-dir STATE --accept-license --json`
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("code");

    QTest::newRow("http_mirror") << QStringList{"--cuda", "13", "--mirror", "http://127.0.0.1:1/"} << 2 << "insecure-url";
    QTest::newRow("release_not_there") << QStringList{"9.7", "--cuda", "13", "--mirror", "%ROOT%"} << 2 << "no-matching-release";
    QTest::newRow("not_a_release") << QStringList{"nine", "--cuda", "13", "--mirror", "%ROOT%"} << 2 << "no-matching-release";
    QTest::newRow("no_such_cuda_major") << QStringList{"--cuda", "11", "--mirror", "%ROOT%"} << 2 << "no-matching-release";
    QTest::newRow("mirror_not_a_folder") << QStringList{"--cuda", "13", "--mirror", "%ROOT%/nothing"} << 6 << "io-error";
    QTest::newRow("certificate_not_trusted") << QStringList{"--cuda", "13", "--mirror", "%URL%"} << 6 << "certificate-untrusted";
    QTest::newRow("archive_changed_on_the_server") << QStringList{"9.18", "--cuda", "13", "--mirror", "%URL%", "--ca-file", "%CA%"}
                                                   << 1 << "download-mismatch";
}

void TestCliDownload::refusals()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, code);
    for (auto& a : args)
        a.replace("%ROOT%", m_root).replace("%URL%", m_server.url()).replace("%CA%", m_ca + "/ca.pem");
    const CliRun r = runCli(QStringList{"download", "--to", m_out, "--state-dir", m_state, "--accept-license", "--json"} + args);
    QCOMPARE(r.exitCode, exitCode);
    const QJsonObject doc = r.json().object();
    QCOMPARE(doc["ok"].toBool(true), false);
    QCOMPARE(doc["problems"].toArray().first().toObject()["code"].toString(), code);
    QVERIFY(QDir(m_out).entryList(QDir::Files).isEmpty());  // nothing left behind, not even a .part
}

void TestCliDownload::aFullDiskIsSaidBeforeAnyByte()
{
    // A tmpfs of one page as the download folder, in a mount namespace of the tool's own.
    if (::geteuid() != 0 || QStandardPaths::findExecutable("unshare").isEmpty())
        QSKIP("needs root and unshare(1) to mount a small tmpfs in a private mount namespace");
    QVERIFY(QDir().mkpath(m_out));
    const CliRun r = runProgram(
        "unshare", {"-m", "--propagation", "private", "sh", "-c", "mount -t tmpfs -o size=4k tmpfs \"$1\" && shift && exec \"$@\"",
                    "sh", m_out, QString(cudnnsetup::testpaths::cli()), "download", "--cuda", "13", "--mirror",
                    m_server.url(), "--ca-file", m_ca + "/ca.pem", "--to", m_out, "--state-dir", m_state,
                    "--accept-license", "--json"},
        QProcessEnvironment::systemEnvironment(), 120000);
    QCOMPARE(r.exitCode, 6);
    const QJsonObject problem = r.json().object()["problems"].toArray().first().toObject();
    QCOMPARE(problem["code"].toString(), QString("disk-full"));
    QVERIFY2(problem["message"].toString().contains("--to"), qPrintable(problem["message"].toString()));
    for (const auto& request : m_server.requests())
        QVERIFY2(!request["path"].toString().contains(".tar"), "no byte of the archive is asked for");
}

void TestCliDownload::installDownloadThenValidateWithoutDriver()
{
    // The real cuDNN 9.19 libraries of this machine, so that validate gets as far as the driver.
    const bool real = QFile::exists(kRealLib + "/libcudnn.so.9");
    QString root = m_root, sha;
    if (real) {
        root = m_dir.path() + "/redist-real";
        LinuxReleaseSpec spec;
        spec.realLibDir = kRealLib.toStdString();
        QVERIFY(!writeRelease(root, spec, TarCompression::Gzip, &sha).isEmpty());
    }
    const QString toolkit = QString::fromStdString(buildLinuxCudaToolkit((m_dir.path() + "/cuda-13.0").toStdString()));
    const QString conf = m_dir.path() + "/ld.so.conf.d";
    QVERIFY(QDir().mkpath(conf));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("CUDNN_SETUP_LDSOCONF_DIR", conf);
    env.insert("CUDNN_SETUP_LDCONFIG", "/bin/true");
    env.remove("CUDNN_SETUP_ELEVATOR");
    const CliRun in = runCli({"install", "--download", "--toolkit", toolkit, "--mirror", root, "--to", m_out,
                              "--state-dir", m_state, "--accept-license", "--json"},
                             env, 600000);
    QVERIFY2(in.exitCode == 0, in.out + in.err);
    const QJsonObject doc = in.json().object();
    QCOMPARE(doc["ok"].toBool(), true);
    QCOMPARE(doc["download"].toObject()["release"].toString(), QString("9.19.0.56"));
    QVERIFY(doc["download"].toObject()["reason"].toString().contains("13.0"));
    QVERIFY(QFileInfo(toolkit + "/lib/libcudnn.so.9.19.0").isFile());
    if (!real)
        QSKIP("no real cuDNN 9 under /usr/local/cuda/lib: installed, but validate needs loadable libraries");
    env.insert("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");  // this machine may have a driver
    const CliRun v = runCli({"validate", "--toolkit", toolkit, "--json"}, env);
    QCOMPARE(v.exitCode, 1);
    const QJsonObject check = v.json().object();
    QCOMPARE(check["cudnn"].toObject()["version"].toString(), QString("9.19.0"));
    QVERIFY(check["cudnn"].toObject()["library_path"].toString().startsWith(toolkit));
    QCOMPARE(check["problems"].toArray().first().toObject()["code"].toString(), QString("no-driver"));
}

QTEST_GUILESS_MAIN(TestCliDownload)
#include "tst_cli_download.moc"
