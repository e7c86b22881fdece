// The downloader (core/download/downloader.h) through the real libcurl client against a real HTTPS
// server on 127.0.0.1 (tests/download/faultserver.py) with a test CA made at test time, trusted as
// an organisation trusts its own (HttpOptions::caFile), never by switching checks off. One row per
// fault the server injects, with the outcome the user gets (issue 26's fault table).
#include "common/digest.h"
#include "common/problemcodes.h"
#include "download/downloader.h"
#include "download/fetch.h"
#include "download/httpclient.h"
#include "download/partfile.h"
#include "cancelat.h"
#include "faultserverprocess.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace cudnnsetup;

namespace {

constexpr char kName[] = "cudnn-linux-x86_64-9.99.0.1_cuda12-archive.tar.xz";  // no catalog entry has it
constexpr int kSize = 3 * 1024 * 1024 + 123;

// Restores an environment variable when the row ends.
class EnvGuard {
public:
    EnvGuard(const char* name, const QByteArray& value) : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name))
    {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
    ~EnvGuard()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }

private:
    const char* m_name;
    bool m_had;
    QByteArray m_old;
};

}  // namespace

class TestDownloader : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void faults_data();
    void faults();
    void cancelKeepsThePartAndAResumeFinishes();
    void aCompletePartIsOnlyVerified();
    void aPartOfAnotherFileIsStartedOver();
    void aDamagedSideFileIsStartedOver();
    void twoDownloadsOfOneFileNeverShareThePart();
    void alreadyThereIsNotFetchedAgain();
    void someoneElsesFileIsNeverReplaced();
    void manifestAndCatalogDisagree();
    void nothingToCheckIsRefused();
    void aLongerBodyThanTheManifestSaysIsAMismatch();
    void aNamedProxyIsUsedForEveryAddress();
    void releasesBefore85HaveNvidiasOlderAddresses_data();
    void releasesBefore85HaveNvidiasOlderAddresses();
    void aReleaseBefore85IsCheckedAgainstTheCatalog_data();
    void aReleaseBefore85IsCheckedAgainstTheCatalog();
    void proxyValues_data();
    void proxyValues();

private:
    DownloadItem item(const QString& path, const FaultServer& server) const;
    DownloadSettings settings() const;
    QString finalPath() const { return m_out->path() + "/" + kName; }
    // What an earlier run leaves: `bytes` in the .part, `side` as its side file.
    // libcurl trusting the test CA, as an organisation trusts its own (--ca-file).
    std::unique_ptr<HttpClient> trustedClient() const
    {
        HttpOptions options;
        options.caFile = (m_dir->path() + "/ca/ca.pem").toStdString();
        return makeHttpClient(options);
    }
    static void leavePart(const QString& finalPath, const QByteArray& bytes, const QByteArray& side);

    std::unique_ptr<QTemporaryDir> m_dir, m_out;
    QByteArray m_body;
    std::string m_sha256;
    FaultServer m_server, m_rogue, m_wrongName;
};

void TestDownloader::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(m_dir->path() + "/root/cudnn"));
    m_body.resize(kSize);
    QRandomGenerator rng(26);
    rng.fillRange(reinterpret_cast<quint32*>(m_body.data()), kSize / 4);
    QFile f(m_dir->path() + "/root/cudnn/" + kName);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(m_body) == kSize);
    f.close();
    m_sha256 = sha256Hex(std::string_view(m_body.constData(), static_cast<std::size_t>(m_body.size())));
    QString error;
    const QString ca = m_dir->path() + "/ca";
    QVERIFY2(FaultServer::makeCertificates(ca, &error), qPrintable(error));
    QVERIFY2(m_server.start(m_dir->path() + "/root", ca, m_dir->path(), "server", &error), qPrintable(error));
    QVERIFY2(m_rogue.start(m_dir->path() + "/root", ca, m_dir->path(), "rogue", &error), qPrintable(error));
    QVERIFY2(m_wrongName.start(m_dir->path() + "/root", ca, m_dir->path(), "wrongname", &error), qPrintable(error));
}

void TestDownloader::init()
{
    m_out = std::make_unique<QTemporaryDir>();
    QVERIFY(m_out->isValid());
    m_server.clearLog();
}

void TestDownloader::cleanup()
{
    // The server logs a request once its answer is sent, a moment after the client may have it:
    // let this test's lines arrive before the next one clears the log.
    for (qsizetype seen = -1; seen != m_server.requests().size();) {
        seen = m_server.requests().size();
        QTest::qWait(200);
    }
}

void TestDownloader::leavePart(const QString& finalPath, const QByteArray& bytes, const QByteArray& side)
{
    QFile part(finalPath + ".part");
    QVERIFY(part.open(QIODevice::WriteOnly) && part.write(bytes) == bytes.size());
    QFile sideFile(finalPath + ".part.json");
    QVERIFY(sideFile.open(QIODevice::WriteOnly) && sideFile.write(side) == side.size());
}

DownloadItem TestDownloader::item(const QString& path, const FaultServer& server) const
{
    DownloadItem i;
    i.url = server.url(path).toStdString();
    i.fileName = kName;
    i.size = kSize;
    i.sha256 = m_sha256;
    i.manifest = "redistrib_9.99.0.json";
    return i;
}

DownloadSettings TestDownloader::settings() const
{
    DownloadSettings s;
    s.folder = m_out->path().toStdString();
    s.attempts = 4;
    s.backoff = std::chrono::milliseconds(10);
    return s;
}

void TestDownloader::faults_data()
{
    QTest::addColumn<QString>("path");        // below the server's root; "f/<faults>/..." injects them
    QTest::addColumn<QString>("server");      // "server", "rogue" (a CA the client does not trust), "wrongname", "none"
    QTest::addColumn<bool>("viaProxy");       // https_proxy names the server's 407 proxy
    QTest::addColumn<QString>("code");        // "" when the download succeeds
    QTest::addColumn<int>("exchanges");       // requests the downloader made (-1: not checked)
    QTest::addColumn<int>("ranged");          // requests that asked for a Range with If-Range (-1: not checked)
    QTest::addColumn<bool>("partKept");       // after a failure: the .part is there for a resume

    const QString f = QStringLiteral("cudnn/") + kName;
    QTest::newRow("plain") << f << "server" << false << "" << 1 << 0 << false;
    QTest::newRow("dropped_twice_then_resumed") << "f/drop=400000/" + f << "server" << false << "" << 3 << 2 << false;
    QTest::newRow("dropped_no_range_support_starts_over") << "f/drop=400000,norange/" + f << "server" << false << "" << 3 << 2 << false;
    QTest::newRow("dropped_file_changed_starts_over") << "f/drop=400000,newetag/" + f << "server" << false << "" << 3 << 2 << false;
    QTest::newRow("content_length_too_long_body_complete") << "f/badlength=1000/" + f << "server" << false << "" << 1 << 0 << false;
    QTest::newRow("content_length_too_short_every_time") << "f/badlength=-1000/" + f << "server" << false
                                                         << codes::kConnectionDropped << 4 << 3 << true;
    QTest::newRow("body_differs_from_manifest") << "f/corrupt/" + f << "server" << false << codes::kDownloadMismatch << 1 << 0 << false;
    QTest::newRow("not_found") << "f/status=404/" + f << "server" << false << codes::kHttpStatus << 1 << 0 << false;
    QTest::newRow("server_error_retried_then_reported") << "f/status=500/" + f << "server" << false << codes::kHttpStatus << 4 << 0 << false;
    QTest::newRow("busy_retry_after_seconds") << "f/retryafter=1/" + f << "server" << false << "" << 2 << 0 << false;
    QTest::newRow("busy_retry_after_date") << "f/retryafterdate=1/" + f << "server" << false << "" << 2 << 0 << false;
    QTest::newRow("busy_longer_than_we_wait") << "f/retryafter=100000/" + f << "server" << false << codes::kHttpStatus << 1 << 0 << false;
    QTest::newRow("redirect_to_https_followed") << "f/redirect/" + f << "server" << false << "" << 1 << 0 << false;
    QTest::newRow("redirect_to_http_refused") << "f/redirecthttp/" + f << "server" << false << codes::kInsecureUrl << 1 << 0 << false;
    QTest::newRow("certificate_of_another_ca") << f << "rogue" << false << codes::kCertificateUntrusted << 1 << 0 << false;
    QTest::newRow("certificate_for_another_name") << f << "wrongname" << false << codes::kCertificateUntrusted << 1 << 0 << false;
    QTest::newRow("proxy_wants_a_sign_in") << f << "server" << true << codes::kProxyAuthRequired << 1 << 0 << false;
    QTest::newRow("nothing_listening") << f << "none" << false << codes::kNetworkUnreachable << 4 << 0 << false;
}

void TestDownloader::faults()
{
    QFETCH(QString, path);
    QFETCH(QString, server);
    QFETCH(bool, viaProxy);
    QFETCH(QString, code);
    QFETCH(int, exchanges);
    QFETCH(int, ranged);
    QFETCH(bool, partKept);

    const FaultServer& s = server == "rogue" ? m_rogue : server == "wrongname" ? m_wrongName : m_server;
    s.clearLog();
    DownloadItem i = item(path, s);
    if (server == "none")
        i.url = "https://127.0.0.1:1/" + path.toStdString();  // port 1: nothing listens there
    EnvGuard noProxy("no_proxy", QByteArray());
    EnvGuard noProxyUpper("NO_PROXY", QByteArray());
    EnvGuard proxy("https_proxy",
                   viaProxy ? QByteArray("http://127.0.0.1:") + QByteArray::number(m_server.proxyPort()) : QByteArray());
    auto client = trustedClient();
    const auto got = downloadArchive(*client, i, settings());

    const QString part = finalPath() + ".part";
    if (code.isEmpty()) {
        QVERIFY2(got.ok(), got.ok() ? "" : qPrintable(QString::fromStdString(got.error().code + ": " + got.error().message)));
        QCOMPARE(QString::fromStdString(got->path), finalPath());
        QCOMPARE(QFile(finalPath()).size(), qint64(kSize));
        QCOMPARE(QString::fromStdString(digestFile(got->path)->sha256), QString::fromStdString(m_sha256));
        QVERIFY(!QFile::exists(part));
        QVERIFY(!QFile::exists(part + ".json"));
        if (exchanges >= 0)
            QCOMPARE(got->exchanges, exchanges);
    } else {
        QVERIFY(!got.ok());
        QCOMPARE(QString::fromStdString(got.error().code), code);
        QVERIFY2(!got.error().message.empty(), "a refusal says why");
        QVERIFY(!QFile::exists(finalPath()));
        QCOMPARE(QFile::exists(part), partKept);
        if (partKept)
            QVERIFY(QFile(part).size() > 0);
    }
    if (server == "none" || viaProxy)
        return;  // the server saw nothing (or only the proxy did)
    // What the server saw: each exchange (a redirect is one more request, a refused one to http://
    // none; a refused certificate ends the handshake before any). It logs a request once its answer
    // is sent, which may be a moment after the client has it.
    const int expected = code == codes::kCertificateUntrusted
                             ? 0
                             : (got.ok() ? got->exchanges : exchanges) + (path.contains("/redirect/") ? 1 : 0);
    QTRY_COMPARE_WITH_TIMEOUT(s.requests().size(), expected, 10000);
    const auto requests = s.requests();
    if (ranged >= 0) {
        int withRange = 0;
        for (const auto& r : requests)
            if (r.value("range").isString()) {
                ++withRange;
                QVERIFY2(r.value("if_range").isString(), "a resume sends If-Range with its Range");
            }
        QCOMPARE(withRange, ranged);
    }
}

void TestDownloader::cancelKeepsThePartAndAResumeFinishes()
{
    auto client = trustedClient();
    CancelToken token;
    CancelAt cancelAt(token, 600000);
    DownloadSettings s = settings();
    s.cancel = &token;
    s.progress = &cancelAt;
    const auto first = downloadArchive(*client, item(QStringLiteral("f/slow=400000/cudnn/") + kName, m_server), s);
    QVERIFY(!first.ok());
    QCOMPARE(QString::fromStdString(first.error().code), QString(codes::kCancelled));
    const qint64 kept = QFile(finalPath() + ".part").size();
    QVERIFY2(kept >= 600000 && kept < kSize, qPrintable(QString::number(kept)));
    QVERIFY(QFile::exists(finalPath() + ".part.json"));
    QVERIFY(!QFile::exists(finalPath()));
    // The server logs the abandoned request once it notices the client is gone: wait for that line,
    // or it would land among the next requests.
    QTRY_COMPARE_WITH_TIMEOUT(m_server.requests().size(), 1, 30000);

    m_server.clearLog();
    const auto second = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY2(second.ok(), second.ok() ? "" : second.error().message.c_str());
    QCOMPARE(second->resumedFrom, std::uint64_t(kept));
    QCOMPARE(second->exchanges, 1);
    const auto requests = m_server.requests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(requests[0].value("range").toString(), QStringLiteral("bytes=%1-").arg(kept));
    QVERIFY(requests[0].value("if_range").isString());
    QCOMPARE(requests[0].value("status").toInt(), 206);
    QCOMPARE(QString::fromStdString(digestFile(second->path)->sha256), QString::fromStdString(m_sha256));
}

void TestDownloader::aCompletePartIsOnlyVerified()
{
    // A run killed between the last byte and the rename: the next one checks and renames.
    leavePart(finalPath(), m_body,
              QStringLiteral(R"({"sha256": "%1", "size": %2, "etag": "", "url": "", "last_modified": ""})")
                  .arg(QString::fromStdString(m_sha256))
                  .arg(kSize)
                  .toUtf8());
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
    QCOMPARE(got->exchanges, 0);
    QCOMPARE(m_server.requests().size(), 0);
    QVERIFY(!QFile::exists(finalPath() + ".part"));
}

void TestDownloader::aPartOfAnotherFileIsStartedOver()
{
    // A .part whose side file names another hash is not this file's beginning.
    leavePart(finalPath(), QByteArray(1000, 'x'),
              QByteArray(R"({"sha256": ")") + QByteArray(64, 'a') + R"(", "size": )" + QByteArray::number(kSize) +
                  R"(, "etag": "\"x\"", "url": "", "last_modified": ""})");
    auto client = trustedClient();
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
    QCOMPARE(got->resumedFrom, std::uint64_t(0));
    QVERIFY(!m_server.requests().value(0).value("range").isString());
}

void TestDownloader::aDamagedSideFileIsStartedOver()
{
    // Fields of the wrong type (another program, a hand edit): read as missing, never thrown.
    leavePart(finalPath(), m_body.left(5000),
              R"({"sha256": 5, "size": "3145851", "etag": ["x"], "url": null, "last_modified": 1e300})");
    auto client = trustedClient();
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
    QCOMPARE(got->resumedFrom, std::uint64_t(0));
}

void TestDownloader::twoDownloadsOfOneFileNeverShareThePart()
{
    auto holder = PartFile::open((finalPath() + ".part").toStdString());
    QVERIFY(holder.ok());
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kBusy));
    QCOMPARE(m_server.requests().size(), 0);
}

void TestDownloader::alreadyThereIsNotFetchedAgain()
{
    QFile f(finalPath());
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(m_body) == kSize);
    f.close();
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY(got.ok());
    QVERIFY(got->alreadyThere);
    QCOMPARE(m_server.requests().size(), 0);
}

void TestDownloader::someoneElsesFileIsNeverReplaced()
{
    QFile f(finalPath());
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("my own notes") == 12);
    f.close();
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kIoError));
    QVERIFY(QString::fromStdString(got.error().message).contains("move it away"));
    QFile again(finalPath());
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), QByteArray("my own notes"));
}

void TestDownloader::manifestAndCatalogDisagree()
{
    const std::string json =
        QStringLiteral(R"({"schema": 1, "releases": [{"file": "%1", "cudnn": "9.99.0.1", "cuda": "12", )"
                       R"("platform": "linux-x86_64", "sha256": "%2", "size": null, "source": "a test's catalog"}]})")
            .arg(kName, QString(64, 'b'))
            .toStdString();
    auto catalog = Catalog::parse(json);
    QVERIFY2(catalog.ok(), catalog.ok() ? "" : catalog.error().message.c_str());
    DownloadSettings s = settings();
    s.catalog = &catalog.value();
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), s);
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kManifestCatalogDisagree));
    const QString message = QString::fromStdString(got.error().message);
    QVERIFY2(message.contains(QString::fromStdString(m_sha256)) && message.contains(QString(64, 'b')) &&
                 message.contains("a test's catalog") && message.contains("redistrib_9.99.0.json"),
             qPrintable(message));
    QCOMPARE(m_server.requests().size(), 0);
    QVERIFY(!QFile::exists(finalPath() + ".part"));
}

void TestDownloader::nothingToCheckIsRefused()
{
    DownloadItem i = item(QStringLiteral("cudnn/") + kName, m_server);
    i.sha256.clear();
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, i, settings());
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kBadManifest));
    QCOMPARE(m_server.requests().size(), 0);
}

void TestDownloader::aLongerBodyThanTheManifestSaysIsAMismatch()
{
    DownloadItem i = item(QStringLiteral("cudnn/") + kName, m_server);
    i.size = kSize - 10;  // the server's file is 10 bytes longer than "the manifest" says
    auto client = trustedClient();
    const auto got = downloadArchive(*client, i, settings());
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kDownloadMismatch));
    QVERIFY2(QString::fromStdString(got.error().message).contains("more than"), got.error().message.c_str());
    QVERIFY(!QFile::exists(finalPath()));
    QVERIFY(!QFile::exists(finalPath() + ".part"));
}

// --proxy (HttpOptions::proxy): the named proxy, not the environment's, and for every address:
// no_proxy naming the server does not take it around, and no https_proxy is set. The 407 proxy
// answers, and the refusal names the sign-in.
void TestDownloader::aNamedProxyIsUsedForEveryAddress()
{
    EnvGuard noProxy("no_proxy", QByteArray("127.0.0.1,localhost"));
    EnvGuard noProxyUpper("NO_PROXY", QByteArray("127.0.0.1,localhost"));
    EnvGuard httpsProxy("https_proxy", QByteArray());
    HttpOptions options;
    options.caFile = (m_dir->path() + "/ca/ca.pem").toStdString();
    options.proxy = "127.0.0.1:" + std::to_string(m_server.proxyPort());
    auto client = makeHttpClient(options);
    const auto got = downloadArchive(*client, item(QStringLiteral("cudnn/") + kName, m_server), settings());
    QVERIFY(!got.ok());
    QCOMPARE(QString::fromStdString(got.error().code), QString(codes::kProxyAuthRequired));
    QVERIFY(!QFile::exists(finalPath()));
    // The one exchange was the CONNECT to the proxy; the server itself was never reached.
    QTRY_COMPARE_WITH_TIMEOUT(m_server.requests().size(), 1, 10000);
    const QJsonObject only = m_server.requests().first();
    QCOMPARE(only.value("method").toString(), QStringLiteral("CONNECT"));
    QCOMPARE(only.value("status").toInt(), 407);
}

void TestDownloader::proxyValues_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("refusal");  // a word of the reason; "" when the value is usable
    QTest::addColumn<QString>("hostPort");
    QTest::newRow("host_port") << "proxy.example.com:8080" << "" << "proxy.example.com:8080";
    QTest::newRow("http_url") << "http://10.0.0.1:3128/" << "" << "10.0.0.1:3128";
    QTest::newRow("https_scheme") << "https://proxy:443" << "http://" << "";
    QTest::newRow("socks_scheme") << "socks5://proxy:1080" << "http://" << "";
    QTest::newRow("password_on_the_command_line") << "http://user:secret@proxy:8080" << "visible" << "";
    QTest::newRow("no_port") << "proxy.example.com" << "host:port" << "";
    QTest::newRow("port_zero") << "proxy:0" << "host:port" << "";
    QTest::newRow("port_too_large") << "proxy:70000" << "host:port" << "";
    QTest::newRow("a_path") << "proxy:8080/pac" << "host:port" << "";
}

void TestDownloader::proxyValues()
{
    QFETCH(QString, value);
    QFETCH(QString, refusal);
    QFETCH(QString, hostPort);
    const QString why = QString::fromStdString(proxyError(value.toStdString()));
    if (refusal.isEmpty()) {
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(QString::fromStdString(proxyHostPort(value.toStdString())), hostPort);
    } else {
        QVERIFY2(why.contains(refusal), qPrintable(why));
    }
}

// The catalog's releases before 8.5 (no manifest in NVIDIA's tree) carry their public address in
// NVIDIA's older tree; the two rows checked here are addresses public build scripts download
// (resources/catalog/legacy_urls.tsv names them); nothing from 8.5 on is in that list.
void TestDownloader::releasesBefore85HaveNvidiasOlderAddresses_data()
{
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("url");
    QTest::newRow("8.2.0_windows_zip") << "windows-x86_64" << "cudnn-11.3-windows-x64-v8.2.0.53.zip"
        << "https://developer.download.nvidia.com/compute/redist/cudnn/v8.2.0/cudnn-11.3-windows-x64-v8.2.0.53.zip";
    QTest::newRow("8.3.2_windows_archive") << "windows-x86_64" << "cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive.zip"
        << "https://developer.download.nvidia.com/compute/redist/cudnn/v8.3.2/local_installers/11.5/"
           "cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive.zip";
    QTest::newRow("8.2.2_linux_tgz") << "linux-x86_64" << "cudnn-11.4-linux-x64-v8.2.2.26.tgz"
        << "https://developer.download.nvidia.com/compute/redist/cudnn/v8.2.2/cudnn-11.4-linux-x64-v8.2.2.26.tgz";
}

void TestDownloader::releasesBefore85HaveNvidiasOlderAddresses()
{
    QFETCH(QString, platform);
    QFETCH(QString, file);
    QFETCH(QString, url);
    const Manifest legacy = legacyManifest(Catalog::builtin(), platform.toStdString());
    const ManifestEntry* entry = legacy.findByFileName(file.toStdString());
    QVERIFY2(entry, qPrintable(file + " is not among the catalog's releases before 8.5"));
    QCOMPARE(QString::fromStdString(entry->relativePath), "legacy/" + file);
    const CatalogEntry* row = Catalog::builtin().findByFileName(file.toStdString());
    QVERIFY(row);
    QCOMPARE(QString::fromStdString(row->url), url);
    for (const auto& e : legacy.entries) {
        const auto v = Version::parse(e.version);
        QVERIFY(v && (v->major < 8 || (v->major == 8 && v->minor < 5)));
    }
}

// A release before 8.5 from a mirror (its legacy/ folder): chosen from the catalog with that said
// in the reason, its size asked of the server (the catalog has none), the body judged by the
// catalog's SHA-256 alone. Other bytes under that name are refused and deleted.
void TestDownloader::aReleaseBefore85IsCheckedAgainstTheCatalog_data()
{
    QTest::addColumn<bool>("sameBytes");
    QTest::addColumn<QString>("code");
    QTest::newRow("the_catalogs_bytes") << true << "";
    QTest::newRow("other_bytes_under_its_name") << false << codes::kDownloadMismatch;
}

void TestDownloader::aReleaseBefore85IsCheckedAgainstTheCatalog()
{
    QFETCH(bool, sameBytes);
    QFETCH(QString, code);
    const QString file = QStringLiteral("cudnn-11.3-linux-x64-v8.2.0.53.tgz");
    QVERIFY(QDir().mkpath(m_dir->path() + "/root/legacy"));
    QFile served(m_dir->path() + "/root/legacy/" + file);
    QByteArray body = m_body;
    if (!sameBytes)
        body[1000] = static_cast<char>(body[1000] ^ 0x5a);
    QVERIFY(served.open(QIODevice::WriteOnly) && served.write(body) == body.size());
    served.close();
    auto catalog = Catalog::parse(R"({"releases": [{"file": ")" + file.toStdString() +
                                  R"(", "cudnn": "8.2.0.53", "cuda": "11.3", "platform": "linux-x86_64", "sha256": ")" +
                                  m_sha256 + R"(", "size": null, "source": "this test",)"
                                  R"( "url": "https://developer.download.nvidia.com/not-used-for-a-mirror"}]})");
    QVERIFY(catalog.ok());

    FetchRequest request;
    request.choice.platform = "linux-x86_64";
    request.choice.cudaMajor = 11;
    request.choice.release = "8.2";
    request.mirror = m_server.url().toStdString();
    request.http.caFile = (m_dir->path() + "/ca/ca.pem").toStdString();
    request.download = settings();
    request.download.catalog = &catalog.value();
    const auto got = fetchArchive(request, CompatRules::builtin());
    QFile::remove(m_dir->path() + "/root/legacy/" + file);
    if (code.isEmpty()) {
        QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
        QCOMPARE(QString::fromStdString(got->chosen.choice.candidate.entry.fileName()), file);
        QVERIFY2(QString::fromStdString(got->chosen.choice.reason).contains("before 8.5"), got->chosen.choice.reason.c_str());
        QVERIFY(got->url.ends_with("/legacy/" + file.toStdString()));
        QCOMPARE(QString::fromStdString(digestFile(got->file.path)->sha256), QString::fromStdString(m_sha256));
    } else {
        QVERIFY(!got.ok());
        QCOMPARE(QString::fromStdString(got.error().code), code);
        QVERIFY(!QFile::exists(m_out->path() + "/" + file));
        QVERIFY(!QFile::exists(m_out->path() + "/" + file + ".part"));
    }
}

QTEST_GUILESS_MAIN(TestDownloader)
#include "tst_downloader.moc"
