// The Archive page's "Download from NVIDIA" path (issue 26), through the real wizard offscreen over
// the real core, against a real HTTPS server on 127.0.0.1 (tests/download/faultserver.py, a CA made
// at test time that the session trusts as a mirror's CA, checks never off) serving a redist tree
// like NVIDIA's with a generated manifest and archive: the recommendation for the toolkit with its
// reason, the licence gating the Download button and its recorded acceptance, the download with
// its progress, Cancel keeping the .part and Resume continuing it with a ranged request, the
// failures in plain words with their fix, and the downloaded zip going on exactly as a dropped one
// (the same verify, Toolkit, Review).
#include "wizardfixture.h"

#include "common/problemcodes.h"
#include "faultserverprocess.h"
#include "wizard/archivepage.h"
#include "wizard/problemtext.h"
#include "wizard/wizardmain.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

#include <memory>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

namespace {

// Sets an environment variable for one scope (the proxy rows), restoring what was there.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const QByteArray& value)
        : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name))
    {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
    ~ScopedEnv()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    bool m_had;
    QByteArray m_old;
};

QString textOf(const Harness& h, const char* label)
{
    return child<QLabel>(h, label)->text();
}

}  // namespace

class TestWizardDownload : public QObject, private WizardFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void downloadsToReview_data();
    void downloadsToReview();
    void licenceUntickedKeepsDownloadDisabled();
    void acceptedLicenceIsShownWithItsDate();
    void failuresInPlainWords_data();
    void failuresInPlainWords();
    void cancelThenResume();
    void anotherToolkitAsksAgain();

private:
    // Serves a fresh tree for this test (`faults` in the manifest's path) with the certificate `cert`.
    bool serve(const QString& faults, const QString& cert = QStringLiteral("server"), std::uint64_t dllBodyBytes = 2048);
    SessionConfig downloadConfig() const;
    // Welcome → Archive → "Download from NVIDIA", the recommendation shown (or its refusal).
    void openDownload(Harness& h, const SessionConfig& c);
    // Ticks the licence (when asked) and clicks Download.
    void startDownload(const Harness& h);

    QString m_ca, m_tag, m_toolkit;
    RedistTree m_tree;
    std::unique_ptr<FaultServer> m_server;
};

void TestWizardDownload::initTestCase()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    QVERIFY(m_dir.isValid());
    m_ca = m_dir.filePath(QStringLiteral("ca"));
    QString error;
    QVERIFY2(FaultServer::makeCertificates(m_ca, &error), qPrintable(error));
}

void TestWizardDownload::init()
{
    static int n = 0;
    m_tag = QStringLiteral("t%1").arg(++n);
    m_toolkit = freshToolkit(m_tag);
    QVERIFY(installLanguage(QStringLiteral("en")));
}

void TestWizardDownload::cleanup()
{
    m_server.reset();
}

bool TestWizardDownload::serve(const QString& faults, const QString& cert, std::uint64_t dllBodyBytes)
{
    m_tree = writeRedistTree(m_dir.filePath(m_tag + QStringLiteral("/redist")), faults, dllBodyBytes);
    if (m_tree.archive.isEmpty())
        return false;
    m_server = std::make_unique<FaultServer>();
    const QString work = m_dir.filePath(m_tag + QStringLiteral("/server"));
    QDir().mkpath(work);
    QString error;
    if (!m_server->start(m_tree.root, m_ca, work, cert, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return true;
}

SessionConfig TestWizardDownload::downloadConfig() const
{
    SessionConfig c = config(m_tag);
    c.searchFolders = {};
    c.extraToolkitRoots = {m_toolkit};
    c.downloadSource = m_server->url();
    c.downloadCaFile = m_ca + QStringLiteral("/ca.pem");
    c.downloadFolder = m_dir.filePath(m_tag + QStringLiteral("/Downloads"));
    c.downloadPlatform = QStringLiteral("windows-x86_64");  // the fixture toolkit's layout, on any host
    return c;
}

void TestWizardDownload::openDownload(Harness& h, const SessionConfig& c)
{
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    auto* download = child<QRadioButton>(h, "sourceDownload");
    QVERIFY(download->isVisible());
    QVERIFY(child<QRadioButton>(h, "sourceZip")->isChecked());  // the zip stays the first answer
    download->click();
    QVERIFY(child<QWidget>(h, "downloadPanel")->isVisible());
    QVERIFY(!child<QWidget>(h, "archivePath")->isVisible());
    // The toolkit the download is for: the fixture, with its CUDA version (the environment may
    // point at a real toolkit too).
    auto* toolkits = child<QComboBox>(h, "downloadToolkit");
    int fixture = -1;
    for (int i = 0; i < toolkits->count(); ++i)
        if (Session::samePath(toolkits->itemData(i).toString(), m_toolkit))
            fixture = i;
    QVERIFY(fixture >= 0);
    QVERIFY(toolkits->itemText(fixture).contains(QLatin1String("11.4")));
    toolkits->setCurrentIndex(fixture);
    QVERIFY(Session::samePath(h.session->toolkit(), m_toolkit));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->choosingDownload(), 60000);
}

void TestWizardDownload::startDownload(const Harness& h)
{
    auto* licence = child<QCheckBox>(h, "acceptLicence");
    if (!licence->isChecked())
        licence->click();
    auto* start = child<QPushButton>(h, "startDownload");
    QVERIFY(start->isEnabled());
    start->click();
}

void TestWizardDownload::downloadsToReview_data()
{
    addLanguageRows();
}

void TestWizardDownload::downloadsToReview()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    QVERIFY(serve(QString()));
    Harness h;
    const SessionConfig c = downloadConfig();
    openDownload(h, c);
    if (QTest::currentTestFailed())
        return;

    // The recommendation before anything is downloaded: the release, its size, the chooser's reason.
    const DownloadChoiceView& choice = h.session->downloadChoice();
    QVERIFY2(choice.ok, qPrintable(choice.problem.code + QLatin1Char(' ') + choice.problem.message));
    QCOMPARE(choice.release, QStringLiteral("8.2.2.99"));
    QCOMPARE(choice.cudaMajor, 11);
    QCOMPARE(choice.fileName, QFileInfo(m_tree.archive).fileName());
    QCOMPARE(qint64(choice.size), QFileInfo(m_tree.archive).size());
    QVERIFY(!choice.reason.isEmpty());
    const QString shown = textOf(h, "downloadChoice");
    QVERIFY2(shown.contains(QLatin1String("8.2.2.99")) && shown.contains(choice.reason.toHtmlEscaped()), qPrintable(shown));
    QVERIFY(textOf(h, "licenceLink").contains(QLatin1String("https://docs.nvidia.com/deeplearning/cudnn/")));
    QVERIFY(child<QCheckBox>(h, "acceptLicence")->text().contains(QLatin1String("NVIDIA Software License Agreement for cuDNN")));
    QVERIFY(!child<QPushButton>(h, "startDownload")->isEnabled());
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    h.screenshot(lang, QStringLiteral("archive-download"));

    startDownload(h);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 60000);
    const DownloadView& d = h.session->download();
    QVERIFY2(d.ok, qPrintable(d.problem.code + QLatin1Char(' ') + d.problem.message));
    const QString path = QDir(c.downloadFolder).filePath(QFileInfo(m_tree.archive).fileName());
    QVERIFY(Session::samePath(d.path, path));
    QCOMPARE(d.sha256, m_tree.sha256);
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    // The acceptance, recorded where the console tool records it.
    QVERIFY(QFile::exists(c.stateDir + QStringLiteral("/license-accepted.json")));
    QVERIFY(!h.session->licenceAcceptedOn().isEmpty());

    // Then exactly as a dropped zip: the same verify, with the manifest's hash as the expected one.
    QTRY_VERIFY_WITH_TIMEOUT(Session::samePath(h.session->archivePath(), path), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
    const ArchiveReport& a = h.session->archive();
    QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
    QCOMPARE(a.sha256, m_tree.sha256);
    QCOMPARE(a.cudnnVersion, QStringLiteral("8.2.2.99"));
    QVERIFY(!a.needsTrust());  // its SHA-256 is the manifest's
    if (lang == QLatin1String("en"))  // whose hash it matched: the manifest's, not one the user typed
        QVERIFY2(a.checks[1].summary.contains(QLatin1String("release manifest")), qPrintable(a.checks[1].summary));
    QCOMPARE(child<QProgressBar>(h, "downloadProgress")->value(), 1000);
    QVERIFY(textOf(h, "verifyHeadline").contains(QLatin1String("8.2.2.99")));
    QVERIFY(h.wizard->button(QWizard::NextButton)->isEnabled());
    h.screenshot(lang, QStringLiteral("archive-downloaded"));

    // The toolkit the download was for comes selected.
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
    QTRY_VERIFY(h.session->selectedToolkit() != nullptr);
    QVERIFY(Session::samePath(h.session->selectedToolkit()->path, m_toolkit));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
    QVERIFY2(h.session->plan().ok, qPrintable(h.session->plan().error));
    QVERIFY(h.wizard->button(QWizard::CommitButton)->isEnabled());
    // The index, the manifest, the archive (the choice's reads; the download's own: no second archive).
    int archiveRequests = 0;
    for (const QJsonObject& r : m_server->requests())
        archiveRequests += r.value(QStringLiteral("path")).toString().endsWith(QLatin1String(".zip"));
    QCOMPARE(archiveRequests, 1);
}

void TestWizardDownload::licenceUntickedKeepsDownloadDisabled()
{
    QVERIFY(serve(QString()));
    Harness h;
    openDownload(h, downloadConfig());
    if (QTest::currentTestFailed())
        return;
    QVERIFY(h.session->downloadChoice().ok);
    auto* licence = child<QCheckBox>(h, "acceptLicence");
    auto* start = child<QPushButton>(h, "startDownload");
    QVERIFY(licence->isEnabled());
    QVERIFY(!licence->isChecked());  // never ticked for the user
    QVERIFY(!start->isEnabled());
    licence->click();
    QVERIFY(start->isEnabled());
    licence->click();  // unticked again
    QVERIFY(!start->isEnabled());
    // Even asked directly, the session downloads nothing without a recorded acceptance.
    h.session->startDownload();
    QVERIFY(!h.session->downloading());
    QTest::qWait(300);  // the server logs a request a moment after it answers: none may come
    for (const QJsonObject& r : m_server->requests())
        QVERIFY2(!r.value(QStringLiteral("path")).toString().endsWith(QLatin1String(".zip")),
                 qPrintable(r.value(QStringLiteral("path")).toString()));
    QVERIFY(!QFile::exists(h.session->config().stateDir + QStringLiteral("/license-accepted.json")));
    QVERIFY(!QDir(h.session->config().downloadFolder).exists() || QDir(h.session->config().downloadFolder).isEmpty());
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
}

void TestWizardDownload::acceptedLicenceIsShownWithItsDate()
{
    QVERIFY(serve(QString()));
    SessionConfig c = downloadConfig();
    QDir().mkpath(c.stateDir);
    QFile record(c.stateDir + QStringLiteral("/license-accepted.json"));
    QVERIFY(record.open(QIODevice::WriteOnly));
    record.write(R"({"accepted": "2026-11-02T09:30:00Z", "license": "NVIDIA Software License Agreement for cuDNN",
                    "url": "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/eula.html"})");
    record.close();
    Harness h;
    openDownload(h, c);
    if (QTest::currentTestFailed())
        return;
    auto* licence = child<QCheckBox>(h, "acceptLicence");
    QVERIFY(licence->isChecked());
    QVERIFY(!licence->isEnabled());
    QVERIFY2(licence->text().contains(QLatin1String("2026")), qPrintable(licence->text()));
    QVERIFY(child<QPushButton>(h, "startDownload")->isEnabled());
}

void TestWizardDownload::failuresInPlainWords_data()
{
    QTest::addColumn<QString>("faults");  // before the archive's path in the manifest
    QTest::addColumn<QString>("cert");    // the server's certificate: "server", or "rogue" (a CA not trusted)
    QTest::addColumn<QString>("where");   // "", or "proxy" (https_proxy names the 407 proxy), "nothing" (port 1)
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("atChoice");   // refused while reading the release list, before any download

    QTest::newRow("hash mismatch: said, .part deleted") << "f/corrupt/" << "server" << "" << codes::kDownloadMismatch << false;
    QTest::newRow("server refuses the archive (404)") << "f/status=404/" << "server" << "" << codes::kHttpStatus << false;
    QTest::newRow("certificate not trusted") << "" << "rogue" << "" << codes::kCertificateUntrusted << true;
    QTest::newRow("proxy needs a sign-in") << "" << "server" << "proxy" << codes::kProxyAuthRequired << true;
    QTest::newRow("no network: nothing listening") << "" << "server" << "nothing" << codes::kNetworkUnreachable << true;
}

void TestWizardDownload::failuresInPlainWords()
{
    QFETCH(QString, faults);
    QFETCH(QString, cert);
    QFETCH(QString, where);
    QFETCH(QString, code);
    QFETCH(bool, atChoice);
    QVERIFY(serve(faults, cert));
    SessionConfig c = downloadConfig();
    if (where == QLatin1String("nothing"))
        c.downloadSource = QStringLiteral("https://127.0.0.1:1/");  // port 1: nothing listens there
    ScopedEnv noProxy("no_proxy", QByteArray());
    ScopedEnv noProxyUpper("NO_PROXY", QByteArray());
    ScopedEnv proxy("https_proxy", where == QLatin1String("proxy")
                                       ? QByteArray("http://127.0.0.1:") + QByteArray::number(m_server->proxyPort())
                                       : QByteArray());
    Harness h;
    openDownload(h, c);
    if (QTest::currentTestFailed())
        return;

    ProblemView problem;
    QString shown;
    if (atChoice) {
        QVERIFY(!h.session->downloadChoice().ok);
        problem = h.session->downloadChoice().problem;
        shown = textOf(h, "downloadChoice");
        QVERIFY(!child<QPushButton>(h, "startDownload")->isEnabled());
    } else {
        QVERIFY(h.session->downloadChoice().ok);
        startDownload(h);
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 120000);
        QVERIFY(!h.session->download().ok);
        QVERIFY(!h.session->download().cancelled);
        problem = h.session->download().problem;
        shown = textOf(h, "downloadStatus");
        const QString path = QDir(c.downloadFolder).filePath(QFileInfo(m_tree.archive).fileName());
        QVERIFY(!QFile::exists(path));
        if (code == QLatin1String(codes::kDownloadMismatch))
            QVERIFY(!QFile::exists(path + QStringLiteral(".part")));  // wrong bytes are never kept
        QCOMPARE(child<QPushButton>(h, "startDownload")->text(), QStringLiteral("Try &again"));
        QVERIFY(child<QPushButton>(h, "startDownload")->isEnabled());
    }
    QCOMPARE(problem.code, code);
    // The sentence and the registry's fix for the code, as the page shows them.
    const ProblemView expected = ProblemText::describe(code, {}, problem.message);
    QVERIFY(!expected.fix.isEmpty());
    QVERIFY2(shown.contains(problem.message.toHtmlEscaped()), qPrintable(shown));
    QVERIFY2(shown.contains(expected.fix.toHtmlEscaped()), qPrintable(shown));
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    if (code == QLatin1String(codes::kDownloadMismatch))
        h.screenshot(QStringLiteral("en"), QStringLiteral("archive-download-mismatch"));
}

void TestWizardDownload::cancelThenResume()
{
    // A slow body (about 400 kB/s) of an archive of over a MB: Cancel comes while it is on the way.
    QVERIFY(serve(QStringLiteral("f/slow=400000/"), QStringLiteral("server"), 256u << 10));
    const qint64 size = QFileInfo(m_tree.archive).size();
    QVERIFY2(size > 2 * 300000, qPrintable(QString::number(size)));
    Harness h;
    const SessionConfig c = downloadConfig();
    openDownload(h, c);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(h.session->downloadChoice().ok);
    startDownload(h);
    QVERIFY(h.session->downloading());
    auto* cancel = child<QPushButton>(h, "cancelDownload");
    QTRY_VERIFY_WITH_TIMEOUT(h.session->downloadTask()->progress().done >= 300000, 60000);
    QVERIFY(cancel->isVisible());
    QVERIFY2(textOf(h, "downloadProgressText").contains(QLatin1String("/s")), qPrintable(textOf(h, "downloadProgressText")));
    h.screenshot(QStringLiteral("en"), QStringLiteral("archive-downloading"));
    cancel->click();
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 60000);
    QVERIFY(h.session->download().cancelled);
    const QString path = QDir(c.downloadFolder).filePath(QFileInfo(m_tree.archive).fileName());
    QVERIFY(QFile::exists(path + QStringLiteral(".part")));  // kept for the resume
    const qint64 kept = QFileInfo(path + QStringLiteral(".part")).size();
    QVERIFY2(kept > 0 && kept < size, qPrintable(QString::number(kept)));
    auto* start = child<QPushButton>(h, "startDownload");
    QCOMPARE(start->text(), QStringLiteral("&Resume"));
    QVERIFY(start->isEnabled());
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    h.screenshot(QStringLiteral("en"), QStringLiteral("archive-download-cancelled"));

    // The server logs the cancelled request once it notices the client is gone: that line first.
    const auto archiveRequests = [this] {
        int n = 0;
        for (const QJsonObject& r : m_server->requests())
            n += r.value(QStringLiteral("path")).toString().endsWith(QLatin1String(".zip"));
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(archiveRequests(), 1, 30000);
    m_server->clearLog();
    start->click();
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 120000);
    const DownloadView& d = h.session->download();
    QVERIFY2(d.ok, qPrintable(d.problem.code + QLatin1Char(' ') + d.problem.message));
    QVERIFY(d.resumedFrom > 0);
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    // One request, ranged: the bytes before Cancel were not fetched again.
    QTRY_COMPARE_WITH_TIMEOUT(archiveRequests(), 1, 10000);
    QCOMPARE(m_server->requests().size(), 1);
    const QJsonObject r = m_server->requests().first();
    QVERIFY2(r.value(QStringLiteral("range")).toString().startsWith(QLatin1String("bytes=")), qPrintable(r.value(QStringLiteral("range")).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(Session::samePath(h.session->archivePath(), path), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
    QVERIFY(h.session->archive().ok);
    QCOMPARE(h.session->archive().sha256, m_tree.sha256);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
    QVERIFY2(h.session->plan().ok, qPrintable(h.session->plan().error));
}

// The download was for one toolkit: choosing another asks for its recommendation again, and the
// file downloaded for the first no longer enables Next (Toolkit would start with the other one).
void TestWizardDownload::anotherToolkitAsksAgain()
{
    QVERIFY(serve(QString()));
    const QString other = QDir::cleanPath(freshToolkit(m_tag + QStringLiteral("-other")));
    SessionConfig c = downloadConfig();
    c.extraToolkitRoots << other;
    Harness h;
    openDownload(h, c);
    if (QTest::currentTestFailed())
        return;
    startDownload(h);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 60000);
    QVERIFY(h.session->download().ok);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying() && h.session->archive().ok, 60000);
    QVERIFY(h.wizard->button(QWizard::NextButton)->isEnabled());

    auto* toolkits = child<QComboBox>(h, "downloadToolkit");
    int index = -1;
    for (int i = 0; i < toolkits->count(); ++i)
        if (Session::samePath(toolkits->itemData(i).toString(), other))
            index = i;
    QVERIFY(index >= 0);
    toolkits->setCurrentIndex(index);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    QVERIFY(Session::samePath(h.session->toolkit(), other));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->choosingDownload(), 60000);
    QVERIFY(h.session->downloadChoice().ok);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    QCOMPARE(textOf(h, "verifyHeadline"), QStringLiteral("Nothing downloaded yet."));
    // Downloading for it finds the same file there, checked, and goes on as before.
    child<QPushButton>(h, "startDownload")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 60000);
    QVERIFY(h.session->download().ok);
    QVERIFY(h.session->download().alreadyThere);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying() && h.session->archive().ok, 60000);
    QVERIFY(h.wizard->button(QWizard::NextButton)->isEnabled());
}

QTEST_MAIN(TestWizardDownload)
#include "tst_wizarddownload.moc"
