// The real Windows wizard under Wine: the same pages and services as cudnn-setup.exe, linked
// with the same static Qt, shown by the "windows" platform plugin in the "windowsvista" style
// on an X server (xvfb-run), over the real registry and file system of a throwaway prefix.
// Archive → the toolkit found through the registry at C:\Program Files\...\CUDA\v11.3 →
// review → install through the real runas path (the console twin beside this program, as
// beside cudnn-setup.exe) → validate (no GPU here) → finish; maintenance → uninstall → toolkit
// files and the system PATH in the registry byte-identical; Cancel during install → rolled
// back. Both languages; a screenshot of every page into the build tree. "Download from NVIDIA"
// from a mirror folder (WinHTTP would need the test CA in the prefix's system store; the HTTPS
// cases run natively in tst_wizarddownload): recommended for the registry's toolkit, licence,
// downloaded, verified; a manifest whose SHA-256 the file does not have is said in plain words.
#include "wizardfixture.h"

#include "fixtures/toolkitbuilder.h"
#include "wizard/archivepage.h"
#include "wizard/machineservice.h"
#include "wizard/toolkitpage.h"
#include "wizard/wizardmain.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QStyle>
#include <QTest>
#include <QTreeWidget>

#include <windows.h>

#include <filesystem>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

namespace {

const QString kToolkit = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.3");
const wchar_t kCudaKey[] = L"SOFTWARE\\NVIDIA Corporation\\GPU Computing Toolkit\\CUDA\\v11.3";
const wchar_t kEnvironmentKey[] = L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";

// The system PATH as the registry stores it: type and bytes, nothing expanded or normalised.
struct RawValue {
    DWORD type = 0;
    QByteArray bytes;
    bool operator==(const RawValue& o) const { return type == o.type && bytes == o.bytes; }
};

RawValue readPath()
{
    RawValue v;
    HKEY key = nullptr;
    if (::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kEnvironmentKey, 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, &key) != ERROR_SUCCESS)
        return v;
    DWORD size = 0;
    ::RegQueryValueExW(key, L"Path", nullptr, &v.type, nullptr, &size);
    v.bytes.resize(size);
    ::RegQueryValueExW(key, L"Path", nullptr, &v.type, reinterpret_cast<BYTE*>(v.bytes.data()), &size);
    ::RegCloseKey(key);
    return v;
}

void writePath(const RawValue& v)
{
    HKEY key = nullptr;
    if (::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kEnvironmentKey, 0, KEY_SET_VALUE | KEY_WOW64_64KEY, &key) != ERROR_SUCCESS)
        return;
    ::RegSetValueExW(key, L"Path", 0, v.type, reinterpret_cast<const BYTE*>(v.bytes.constData()), DWORD(v.bytes.size()));
    ::RegCloseKey(key);
}

QString pathText(const RawValue& v)
{
    return QString::fromWCharArray(reinterpret_cast<const wchar_t*>(v.bytes.constData()),
                                   v.bytes.size() / qsizetype(sizeof(wchar_t)));
}

}  // namespace

class TestWinWizard : public QObject, private WizardFixture {
    Q_OBJECT

private:
    RawValue m_pathSaved;
    RawValue m_pathBefore;
    QString m_bigDir;

    SessionConfig windowsConfig(const QString& tag) const
    {
        SessionConfig c = config(tag);
        c.validatorProgram.clear();  // the wizard's own default: cudnn-setup-cli.exe beside the program
        c.scanSystem = true;         // the toolkit is found the way a user's is: registry, CUDA_PATH, Program Files
        c.noPath = false;            // the prefix's real system PATH
        c.stateDir = QDir::toNativeSeparators(QStringLiteral("C:/ProgramData/cudnn-setup-wine-gui/") + tag);
        return c;
    }
    // Welcome → Archive (the download found, verified, trusted) → Toolkit (the registry's v11.3) → Review.
    void walkToReview(Harness& h, const QString& lang, const QString& archiveDir, bool shots);

private slots:
    void initTestCase();
    void cleanupTestCase();
    void nativeLook();
    void welcomeNvidiaInstall();
    void installUninstall_data();
    void installUninstall();
    void cancelDuringInstall();
    void downloadFromMirrorFolder_data();
    void downloadFromMirrorFolder();
};

void TestWinWizard::initTestCase()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("windows"));
    createDownloads();
    // 8.2.0.53 for CUDA 11.3 in NVIDIA's layout, under a name that is not NVIDIA's (the catalog
    // knows the official hashes and would call a generated archive of that name a mismatch).
    fixtures::ReleaseSpec release;
    QDir(m_downloads).removeRecursively();
    writeArchive(m_downloads, release, QStringLiteral("cudnn-generated-test-archive.zip"));
    fixtures::ReleaseSpec big = release;
    big.dllBodyBytes = 24ull << 20;
    big.streamDlls = true;
    big.store = true;
    m_bigDir = m_dir.filePath(QStringLiteral("big"));
    writeArchive(m_bigDir, big, QStringLiteral("cudnn-generated-big-test-archive.zip"));

    // The toolkit where NVIDIA's installer puts it, registered as it registers it.
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.3.109";
    spec.windowsLayout = true;
    fixtures::buildToolkit(QDir::toNativeSeparators(kToolkit).toStdString(), spec);
    HKEY key = nullptr;
    QCOMPARE(::RegCreateKeyExW(HKEY_LOCAL_MACHINE, kCudaKey, 0, nullptr, 0, KEY_SET_VALUE | KEY_WOW64_64KEY, nullptr,
                               &key, nullptr),
             LONG(ERROR_SUCCESS));
    const std::wstring dir = QDir::toNativeSeparators(kToolkit).toStdWString();
    ::RegSetValueExW(key, L"InstallDir", 0, REG_SZ, reinterpret_cast<const BYTE*>(dir.c_str()),
                     DWORD((dir.size() + 1) * sizeof(wchar_t)));
    ::RegCloseKey(key);

    // A PATH as Windows has it, with an older CUDA's bin the install must get ahead of.
    m_pathSaved = readPath();
    const std::wstring path = L"%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem;"
                              L"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.2\\bin";
    RawValue v;
    v.type = REG_EXPAND_SZ;
    v.bytes = QByteArray(reinterpret_cast<const char*>(path.c_str()), qsizetype((path.size() + 1) * sizeof(wchar_t)));
    writePath(v);
    m_pathBefore = readPath();
    QCOMPARE(m_pathBefore.type, DWORD(REG_EXPAND_SZ));
}

void TestWinWizard::cleanupTestCase()
{
    if (!m_pathSaved.bytes.isEmpty())
        writePath(m_pathSaved);
    ::RegDeleteTreeW(HKEY_LOCAL_MACHINE, L"SOFTWARE\\NVIDIA Corporation");
    std::error_code ec;
    std::filesystem::remove_all(L"C:\\Program Files\\NVIDIA GPU Computing Toolkit", ec);
    std::filesystem::remove_all(L"C:\\ProgramData\\cudnn-setup-wine-gui", ec);
    std::filesystem::remove_all(L"C:\\Program Files\\NVIDIA", ec);
}

void TestWinWizard::nativeLook()
{
    // What cudnn-setup.exe links: the Windows platform plugin and the Windows Vista style.
    QCOMPARE(QApplication::style()->name(), QStringLiteral("windowsvista"));
    QVERIFY(installLanguage(QStringLiteral("en")));
    QElapsedTimer clock;
    clock.start();
    Harness h;
    h.create(windowsConfig(QStringLiteral("look")));
    qInfo("wizard created and its first page exposed in %lld ms", clock.elapsed());
    QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));
    QVERIFY(h.wizard->windowTitle().contains(QStringLiteral(CUDNN_SETUP_VERSION)));
    // The system's own UAC shield comes from SHGetStockIconInfo through the style; Wine's is a
    // stub, so there the wizard's own shield stands in (installUninstall checks the button has one).
    if (QApplication::style()->standardIcon(QStyle::SP_VistaShield).isNull())
        qInfo("no stock UAC shield from this system (Wine's SHGetStockIconInfo is a stub): the wizard uses its own");
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 60000);
}

void TestWinWizard::welcomeNvidiaInstall()
{
    // NVIDIA's exe installer tree where it puts it (%ProgramFiles%\NVIDIA\CUDNN\v9.19\bin\12.9\x64, nothing on
    // PATH) beside a CUDA 12.8 toolkit: Welcome lists it, says 12.9 serves 12.8, that programs do not find
    // it, and offers "Use this cuDNN" (issue 27). Taken away again: the other cases see no such install.
    QVERIFY(installLanguage(QStringLiteral("en")));
    fixtures::NvidiaInstallSpec nvidia;
    const std::string root = fixtures::buildNvidiaInstall("C:\\Program Files", nvidia);
    const QString toolkit128 = QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.8");
    fixtures::ToolkitSpec spec;
    spec.cuda = "12.8.93";
    fixtures::buildToolkit(QDir::toNativeSeparators(toolkit128).toStdString(), spec);
    const auto cleanUp = qScopeGuard([] {
        std::error_code ec;
        std::filesystem::remove_all(L"C:\\Program Files\\NVIDIA", ec);
        std::filesystem::remove_all(L"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.8", ec);
    });
    Harness h;
    SessionConfig c = windowsConfig(QStringLiteral("nvidia"));
    c.extraToolkitRoots << toolkit128;
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 60000);
    const QList<CudnnInstallView>& installs = h.session->machine().cudnnInstalls;
    QCOMPARE(installs.size(), 1);
    QCOMPARE(installs[0].origin, QStringLiteral("NVIDIA installer"));
    QCOMPARE(installs[0].variantFolder, QStringLiteral("bin\\12.9\\x64"));
    QVERIFY2(Session::samePath(installs[0].root, QString::fromStdString(root)), qPrintable(installs[0].root));
    QCOMPARE(installs[0].reach, CudnnReach::NotOnPath);
    QVERIFY2(installs[0].fit.contains(QStringLiteral("the folder says 12.9 and you have CUDA 12.8")), qPrintable(installs[0].fit));
    auto* panel = child<QWidget>(h, "cudnnInstallsPanel");
    QVERIFY(panel->isVisible());
    auto* use = panel->findChild<QPushButton*>(QStringLiteral("useCudnn0"));
    QVERIFY(use && use->isVisible() && use->isEnabled());
    h.screenshot(QStringLiteral("en"), QStringLiteral("welcome-nvidia"));
}

void TestWinWizard::walkToReview(Harness& h, const QString& lang, const QString& archiveDir, bool shots)
{
    QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 60000);
    if (shots)
        h.screenshot(lang, QStringLiteral("welcome"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    auto* found = child<QListWidget>(h, "foundArchives");
    QCOMPARE(found->count(), 1);
    const QString zip = QDir(archiveDir).entryList({QStringLiteral("*.zip")}).value(0);
    QCOMPARE(found->item(0)->text(), zip);
    // Not NVIDIA's file name, so not checked at once: chosen as a user picks it from the list.
    if (h.session->archivePath().isEmpty())
        static_cast<ArchivePage*>(h.wizard->currentPage())->choose(QDir(archiveDir).filePath(zip));
    QCOMPARE(QFileInfo(h.session->archivePath()).fileName(), zip);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 180000);
    const ArchiveReport& a = h.session->archive();
    QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
    QCOMPARE(a.cudnnVersion, QStringLiteral("8.2.0.53"));
    auto* trust = child<QCheckBox>(h, "trustArchive");
    if (trust->isVisible())
        trust->click();
    if (shots)
        h.screenshot(lang, QStringLiteral("archive"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 60000);
    // Found by the registry (and Program Files), not added by hand: chosen in the list as a user does.
    auto* list = child<QTreeWidget>(h, "toolkitList");
    QTreeWidgetItem* row = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (Session::samePath(list->topLevelItem(i)->data(0, Qt::UserRole).toString(), QDir::toNativeSeparators(kToolkit)))
            row = list->topLevelItem(i);
    QVERIFY2(row, qPrintable(QStringLiteral("%1 toolkit(s) listed, not %2").arg(list->topLevelItemCount()).arg(kToolkit)));
    list->clearSelection();
    row->setSelected(true);
    const ToolkitView* t = h.session->selectedToolkit();
    QVERIFY(t);
    QVERIFY2(Session::samePath(t->path, QDir::toNativeSeparators(kToolkit)), qPrintable(t->path));
    QCOMPARE(t->version.left(4), QStringLiteral("11.3"));
    QVERIFY2(t->sources.contains(MachineService::tr("registry")),
             qPrintable(t->sources.join(QLatin1Char(','))));
    if (shots)
        h.screenshot(lang, QStringLiteral("toolkit"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 60000);
    QVERIFY2(h.session->plan().ok, qPrintable(h.session->plan().error));
}

void TestWinWizard::installUninstall_data()
{
    addLanguageRows();
}

void TestWinWizard::installUninstall()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("flow-") + lang;
    const auto filesBefore = treeManifest(kToolkit);
    QCOMPARE(readPath(), m_pathBefore);
    {
        Harness h;
        SessionConfig c = windowsConfig(tag);
        c.alwaysElevate = true;  // Wine lets anyone write Program Files: take the runas path all the same
        h.create(c);
        walkToReview(h, lang, m_downloads, true);
        if (QTest::currentTestFailed())
            return;
        const PlanView& plan = h.session->plan();
        QVERIFY2(plan.added >= 30, qPrintable(QString::number(plan.added)));
        QVERIFY(plan.pathChange);
        // The shield on the button that asks for administrator rights.
        QAbstractButton* commit = h.wizard->button(QWizard::CommitButton);
        QVERIFY(commit->property("needsAdmin").toBool());
        QVERIFY(!commit->icon().isNull());
        // Review: grouped by folder relative to the toolkit, the full path in the tooltip.
        auto* files = child<QTreeWidget>(h, "planFiles");
        QStringList folders;
        for (int i = 0; i < files->topLevelItemCount(); ++i)
            folders << files->topLevelItem(i)->text(0).section(QLatin1Char(' '), 0, 0);
        QVERIFY2(folders.contains(QStringLiteral("bin\\")) && folders.contains(QStringLiteral("lib\\x64\\")),
                 qPrintable(folders.join(QLatin1Char('|'))));
        h.screenshot(lang, QStringLiteral("review"));

        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 240000);
        const OutcomeView& o = h.session->outcome();
        QVERIFY2(o.ok, qPrintable(o.headline + (o.problems.isEmpty() ? QString() : QLatin1Char(' ') + o.problems.first().message)));
        QVERIFY(o.elevated);  // applied by cudnn-setup-cli.exe started through ShellExecuteExW "runas"
        QCOMPARE(o.exitCode, 0);
        h.screenshot(lang, QStringLiteral("install"));
        QVERIFY(treeManifest(kToolkit) != filesBefore);
        const RawValue after = readPath();
        QCOMPARE(after.type, DWORD(REG_EXPAND_SZ));
        QVERIFY2(pathText(after).contains(QStringLiteral("CUDA\\v11.3\\bin"), Qt::CaseInsensitive), qPrintable(pathText(after)));

        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 180000);
        const ValidationView& v = h.session->validation();
        // No GPU and no driver under Wine: an honest "could not be checked", with the reason.
        QVERIFY(!v.ok);
        QVERIFY2(!v.problems.isEmpty(), qPrintable(v.headline + QLatin1Char(' ') + v.stderrText));
        QVERIFY(child<QLabel>(h, "validateHeadline")->text().contains(v.headline.toHtmlEscaped()));
        h.screenshot(lang, QStringLiteral("validate"));
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
        h.screenshot(lang, QStringLiteral("finish"));
    }

    // Maintenance → Uninstall, again through the helper: back to the very bytes of before.
    Harness h;
    SessionConfig c = windowsConfig(tag);
    c.alwaysElevate = true;
    openMaintenance(h, c, QDir::toNativeSeparators(kToolkit));
    if (QTest::currentTestFailed())
        return;
    QVERIFY(h.session->selectedToolkit()->hasRecord);
    h.screenshot(lang, QStringLiteral("maintenance"));
    child<QRadioButton>(h, "actionUninstall")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 240000);
    QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    QVERIFY(h.session->outcome().elevated);
    h.screenshot(lang, QStringLiteral("uninstall"));
    QCOMPARE(treeManifest(kToolkit), filesBefore);
    QVERIFY2(readPath() == m_pathBefore, qPrintable(pathText(readPath())));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWinWizard::cancelDuringInstall()
{
    QVERIFY(installLanguage(QStringLiteral("en")));
    const auto filesBefore = treeManifest(kToolkit);
    Harness h;
    SessionConfig c = windowsConfig(QStringLiteral("cancel"));
    c.searchFolders = {m_bigDir};
    h.create(c);
    walkToReview(h, QStringLiteral("en"), m_bigDir, false);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(h.session->operationTask()->progress().done > 0, 120000);
    QTest::mouseClick(child<QPushButton>(h, "cancelInstall"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    qInfo("install cancel under Wine: %lld ms from click to the core returning (rollback included)",
          h.session->operationTask()->cancelLatencyMs());
    QVERIFY(!o.ok);
    QVERIFY2(o.rolledBack && !o.notRolledBack, qPrintable(o.headline));
    h.screenshot(QStringLiteral("en"), QStringLiteral("install-cancelled"));
    QCOMPARE(treeManifest(kToolkit), filesBefore);
    QVERIFY(readPath() == m_pathBefore);
}

void TestWinWizard::downloadFromMirrorFolder_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("mismatch");  // the manifest claims a SHA-256 the file does not have
    QTest::newRow("en") << QStringLiteral("en") << false;
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << false;
    QTest::newRow("en, hash mismatch") << QStringLiteral("en") << true;
}

void TestWinWizard::downloadFromMirrorFolder()
{
    QFETCH(QString, lang);
    QFETCH(bool, mismatch);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("download-%1%2").arg(lang, mismatch ? QStringLiteral("-mismatch") : QString());
    const RedistTree tree = writeRedistTree(m_dir.filePath(tag + QStringLiteral("/mirror")), {}, 2048,
                                            mismatch ? QString(64, QLatin1Char('0')) : QString());
    QVERIFY(!tree.archive.isEmpty());
    SessionConfig c = windowsConfig(tag);
    c.searchFolders = {};
    c.downloadSource = QDir::toNativeSeparators(tree.root);
    c.downloadFolder = QDir::toNativeSeparators(m_dir.filePath(tag + QStringLiteral("/Downloads")));
    Harness h;
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 60000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    child<QRadioButton>(h, "sourceDownload")->click();
    auto* toolkits = child<QComboBox>(h, "downloadToolkit");
    int registered = -1;
    for (int i = 0; i < toolkits->count(); ++i)
        if (Session::samePath(toolkits->itemData(i).toString(), QDir::toNativeSeparators(kToolkit)))
            registered = i;
    QVERIFY2(registered >= 0, qPrintable(QStringLiteral("%1 toolkit(s) offered").arg(toolkits->count())));
    toolkits->setCurrentIndex(registered);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->choosingDownload(), 60000);
    const DownloadChoiceView& choice = h.session->downloadChoice();
    QVERIFY2(choice.ok, qPrintable(choice.problem.code + QLatin1Char(' ') + choice.problem.message));
    QCOMPARE(choice.release, QStringLiteral("8.2.2.99"));
    QVERIFY(!child<QPushButton>(h, "startDownload")->isEnabled());  // the licence first
    if (!mismatch)
        h.screenshot(lang, QStringLiteral("archive-download"));
    child<QCheckBox>(h, "acceptLicence")->click();
    QVERIFY(child<QPushButton>(h, "startDownload")->isEnabled());
    child<QPushButton>(h, "startDownload")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->downloading(), 120000);
    const DownloadView& d = h.session->download();
    if (mismatch) {
        QVERIFY(!d.ok);
        QCOMPARE(d.problem.code, QStringLiteral("download-mismatch"));
        QVERIFY(child<QLabel>(h, "downloadStatus")->text().contains(d.problem.message.toHtmlEscaped()));
        QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
        h.screenshot(lang, QStringLiteral("archive-download-mismatch"));
        return;
    }
    QVERIFY2(d.ok, qPrintable(d.problem.code + QLatin1Char(' ') + d.problem.message));
    QTRY_VERIFY_WITH_TIMEOUT(Session::samePath(h.session->archivePath(), d.path), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    QVERIFY(h.session->archive().ok);
    QCOMPARE(h.session->archive().sha256, tree.sha256);
    QVERIFY(h.wizard->button(QWizard::NextButton)->isEnabled());
    h.screenshot(lang, QStringLiteral("archive-downloaded"));
}

QTEST_MAIN(TestWinWizard)
#include "tst_win_wizard.moc"
