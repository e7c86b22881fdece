// The real wizard, offscreen, over the real core: install flow, maintenance, cancel,
// a bad archive; every page captured in English and Chinese.
#include "wizardharness.h"

#include "fixtures/archivebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "faketoolkit.h"
#include "wizard/archivepage.h"
#include "wizard/archiveservice.h"
#include "wizard/installservice.h"
#include "wizard/machineservice.h"
#include "wizard/maintenancepage.h"
#include "wizard/toolkitpage.h"
#include "wizard/wizardmain.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScopeGuard>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

namespace {

fixtures::ReleaseSpec goodRelease()
{
    // A release that is not in the catalog of official hashes, so the wizard must ask for trust.
    fixtures::ReleaseSpec spec;
    spec.cudnn = "8.2.2.26";
    spec.cuda = "11.4";
    return spec;
}

QString writeArchive(const QString& dir, const fixtures::ReleaseSpec& spec, const QString& name = {})
{
    QDir().mkpath(dir);
    const QString path = dir + QLatin1Char('/') + (name.isEmpty() ? QString::fromStdString(fixtures::releaseArchiveName(spec)) : name);
    std::string error;
    if (!fixtures::writeZip(path.toStdString(), fixtures::cudnnWindowsRelease(spec), &error))
        qFatal("cannot write %s: %s", qPrintable(path), error.c_str());
    return path;
}

template <typename T>
T* child(const Harness& h, const char* name)
{
    return h.wizard->findChild<T*>(QLatin1String(name));
}

// Selects the fixture toolkit on the Maintenance page (the environment may point at real ones too).
bool selectMaintenanceToolkit(const Harness& h, const QString& toolkit)
{
    auto* list = child<QTreeWidget>(h, "maintenanceToolkits");
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (Session::samePath(list->topLevelItem(i)->data(0, Qt::UserRole).toString(), toolkit)) {
            list->setCurrentItem(list->topLevelItem(i));
            list->topLevelItem(i)->setSelected(true);
            return Session::samePath(h.session->toolkit(), toolkit);
        }
    return false;
}

}  // namespace

class TestWizard : public QObject {
    Q_OBJECT

private:
    SessionConfig config(const QString& tag) const;
    QString freshToolkit(const QString& tag, const std::optional<std::string>& cudnn = std::nullopt) const;
    // Welcome → Archive (auto-discovered, verified, trusted) → Toolkit → Review; false + QSKIP reason when
    // a core part is missing from this build.
    void goToReview(Harness& h, const QString& lang, const QString& toolkit, bool shots, bool* reached);

    QTemporaryDir m_dir;
    QString m_downloads, m_badDir, m_bigDir;
    QString m_good, m_bad, m_big;

private slots:
    void initTestCase();
    void installFlow_data();
    void installFlow();
    void badArchive_data();
    void badArchive();
    void verifyStaysResponsive();
    void cancelDuringInstall();
    void maintenanceUninstall();
    void maintenanceValidate_data();
    void maintenanceValidate();
    void toolkitChangedAfterReview();
    void installElevated_data();
    void installElevated();
    void maintenanceReport();
    void maintenanceRepairWithArchive();
    void pathPreview_data();
    void pathPreview();
    void validateOutcomes_data();
    void validateOutcomes();
};

void TestWizard::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    m_downloads = m_dir.filePath(QStringLiteral("downloads"));
    m_good = writeArchive(m_downloads, goodRelease());

    auto bad = goodRelease();
    bad.omit = {"cudnn_cnn_infer64_8.dll"};
    m_badDir = m_dir.filePath(QStringLiteral("bad"));
    m_bad = writeArchive(m_badDir, bad);

    // Big enough that verify and install take a while: the stall probe and Cancel need time to act.
    auto big = goodRelease();
    big.dllBodyBytes = 48ull << 20;
    big.streamDlls = true;
    big.store = true;
    m_bigDir = m_dir.filePath(QStringLiteral("big"));
    m_big = writeArchive(m_bigDir, big);
    qInfo("big archive: %lld MB", QFileInfo(m_big).size() >> 20);
}

SessionConfig TestWizard::config(const QString& tag) const
{
    SessionConfig c;
    c.searchFolders = {m_downloads};
    c.scanSystem = false;
    c.stateDir = m_dir.filePath(tag + QStringLiteral("/state"));
    c.logDir = m_dir.filePath(tag + QStringLiteral("/logs"));
    // CUDNN_SETUP_TEST_VALIDATOR: another build's CLI (e.g. one with the validate branch) for a manual check.
    c.validatorProgram = qEnvironmentVariable("CUDNN_SETUP_TEST_VALIDATOR", QStringLiteral(CUDNN_SETUP_CLI_PATH));
    c.validateTimeoutMs = 90000;
    c.noPath = true;  // never touch this machine's PATH from a test
    return c;
}

QString TestWizard::freshToolkit(const QString& tag, const std::optional<std::string>& cudnn) const
{
    const QString root = m_dir.filePath(tag + QStringLiteral("/CUDA/v11.4"));
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.4.0";
    spec.windowsLayout = true;
    spec.cudnn = cudnn;
    fixtures::buildToolkit(root.toStdString(), spec);
    return root;
}

void TestWizard::goToReview(Harness& h, const QString& lang, const QString& toolkit, bool shots, bool* reached)
{
    *reached = false;
    QCOMPARE(h.currentId(), int(SetupWizard::WelcomeId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    if (shots)
        h.screenshot(lang, QStringLiteral("welcome"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));

    // Auto-discovery found the download and started verifying it at once.
    auto* found = child<QListWidget>(h, "foundArchives");
    QCOMPARE(found->count(), 1);
    QCOMPARE(found->item(0)->text(), QFileInfo(m_good).fileName());
    QCOMPARE(QFileInfo(h.session->archivePath()).fileName(), QFileInfo(m_good).fileName());
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    auto* nextButton = h.wizard->button(QWizard::NextButton);
    if (!ArchiveService::verifierAvailable()) {
        QVERIFY(!nextButton->isEnabled());
        QVERIFY(child<QLabel>(h, "verifyHeadline")->text().contains(QFileInfo(m_good).fileName()));
        if (shots)
            h.screenshot(lang, QStringLiteral("archive"));
        QSKIP("this tree has no core/archive/verifier.cpp yet: the page says so and keeps Next disabled");
    }
    const ArchiveReport& a = h.session->archive();
    QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
    QCOMPARE(a.authenticity, QStringLiteral("unknown"));
    QCOMPARE(a.cudnnVersion, QStringLiteral("8.2.2.26"));
    auto* trust = child<QCheckBox>(h, "trustArchive");
    QVERIFY(trust->isVisible());
    QVERIFY(!nextButton->isEnabled());  // an unknown archive needs the explicit tick
    trust->click();
    QVERIFY(nextButton->isEnabled());
    if (shots)
        h.screenshot(lang, QStringLiteral("archive"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
    static_cast<ToolkitPage*>(h.wizard->currentPage())->addFolder(toolkit);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QTRY_VERIFY(h.session->selectedToolkit() != nullptr);
    const ToolkitView* t = h.session->selectedToolkit();
    if (MachineService::detectorAvailable()) {
        QCOMPARE(t->version.left(4), QStringLiteral("11.4"));
        QVERIFY2(t->compatibility == Compatibility::Compatible || t->compatibility == Compatibility::Warning,
                 qPrintable(t->compatibilityReason));
        QVERIFY2(t->compatibilityReason.contains(QLatin1String("11.4")), qPrintable(t->compatibilityReason));
    }
    QVERIFY(child<QLabel>(h, "compatibilityReason")->text().contains(t->compatibilityReason.toHtmlEscaped()));
    if (shots)
        h.screenshot(lang, QStringLiteral("toolkit"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
    *reached = true;
}

void TestWizard::installFlow_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TestWizard::installFlow()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("flow-") + lang;
    const QString toolkit = freshToolkit(tag);
    Harness h;
    h.create(config(tag));
    bool reached = false;
    goToReview(h, lang, toolkit, true, &reached);
    if (!reached)
        return;

    auto* commit = h.wizard->button(QWizard::CommitButton);
    if (!InstallService::engineAvailable()) {
        QVERIFY(!commit->isEnabled());
        QVERIFY(child<QLabel>(h, "planSummary")->text().contains(QDir::toNativeSeparators(toolkit)));
        h.screenshot(lang, QStringLiteral("review"));
        QSKIP("this tree has no core install engine yet: Review says so and Install stays disabled");
    }
    const PlanView& plan = h.session->plan();
    QVERIFY2(plan.ok, qPrintable(plan.error));
    QVERIFY2(plan.added >= 30, qPrintable(QString::number(plan.added)));  // 7 DLLs, 9 headers, 14 libs
    h.screenshot(lang, QStringLiteral("review"));

    StallProbe probe;
    probe.start();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    probe.stop();
    qInfo("install (%s): timer gaps max %.1f ms, p99 %.1f ms over %d samples; UI thread busy at most %.1f ms",
          qPrintable(lang), probe.maxGapMsExact(), probe.p99GapMs(), probe.samples(), probe.maxBusyMs());
    QVERIFY2(probe.maxBusyMs() <= 50, qPrintable(QStringLiteral("UI thread busy %1 ms").arg(probe.maxBusyMs())));
    const OutcomeView& o = h.session->outcome();
    QVERIFY2(o.ok, qPrintable(o.headline));
    QCOMPARE(child<QLabel>(h, "installResult")->text().contains(o.headline.toHtmlEscaped()), true);
    h.screenshot(lang, QStringLiteral("install"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 100000);
    const ValidationView& v = h.session->validation();
    QVERIFY(!v.headline.isEmpty());
    QVERIFY(child<QLabel>(h, "validateHeadline")->text().contains(v.headline.toHtmlEscaped()));
    h.screenshot(lang, QStringLiteral("validate"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
    h.screenshot(lang, QStringLiteral("finish"));
    const QString md = h.session->reportMarkdown();
    QVERIFY(md.contains(QDir::toNativeSeparators(toolkit)));
    QVERIFY(md.contains(v.headline));
}

void TestWizard::badArchive_data()
{
    installFlow_data();
}

void TestWizard::badArchive()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    Harness h;
    SessionConfig c = config(QStringLiteral("bad-") + lang);
    c.searchFolders = {m_badDir};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 60000);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    const QString headline = child<QLabel>(h, "verifyHeadline")->text();
    QVERIFY2(headline.contains(QFileInfo(m_bad).fileName()), qPrintable(headline));
    h.screenshot(lang, QStringLiteral("archive-bad"));
    if (!ArchiveService::verifierAvailable())
        QSKIP("this tree has no core/archive/verifier.cpp yet: Next is disabled, but not for the missing file");
    // The missing DLL is named under "Completeness", with its fix.
    auto* list = child<QTreeWidget>(h, "checklist");
    QTreeWidgetItem* completeness = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->data(0, Qt::UserRole).toString() == QLatin1String("completeness"))
            completeness = list->topLevelItem(i);
    QVERIFY(completeness);
    QVERIFY(completeness->childCount() >= 1);
    QCOMPARE(completeness->child(0)->data(0, Qt::UserRole).toString(), QStringLiteral("missing-file"));
    QVERIFY2(completeness->child(0)->text(0).contains(QLatin1String("cudnn_cnn_infer64_8.dll")),
             qPrintable(completeness->child(0)->text(0)));
    QVERIFY(completeness->child(0)->childCount() == 1);  // the fix
}

void TestWizard::verifyStaysResponsive()
{
    QVERIFY(installLanguage(QStringLiteral("en")));
    Harness h;
    SessionConfig c = config(QStringLiteral("responsive"));
    c.searchFolders = {};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    auto* page = static_cast<ArchivePage*>(h.wizard->currentPage());
    if (!ArchiveService::verifierAvailable())
        QSKIP("this tree has no core/archive/verifier.cpp yet");

    // A full verification of the big archive with the probe running.
    StallProbe probe;
    probe.start();
    page->choose(m_big);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    probe.stop();
    QVERIFY2(h.session->archive().ok, qPrintable(h.session->archive().error));
    qInfo("verify of %lld MB: timer gaps max %.1f ms, p99 %.1f ms over %d samples; UI thread busy at most %.1f ms "
          "between two ticks",
          QFileInfo(m_big).size() >> 20, probe.maxGapMsExact(), probe.p99GapMs(), probe.samples(), probe.maxBusyMs());
    // The wall-clock gap also counts time the scheduler gave the workers (two shared cores here);
    // what the wizard owns is the UI thread's own work between two ticks of the event loop.
    QVERIFY2(probe.maxBusyMs() <= 50, qPrintable(QStringLiteral("UI thread busy %1 ms").arg(probe.maxBusyMs())));
    QVERIFY2(probe.p99GapMs() <= 50, qPrintable(QStringLiteral("p99 gap %1 ms").arg(probe.p99GapMs())));
    QVERIFY(child<QLabel>(h, "verifyProgressText")->text().contains(QLatin1String("SHA-256")));

    // Again, cancelled half-way from the page's own button.
    page->choose(m_big);
    QTRY_VERIFY_WITH_TIMEOUT(h.session->verifyTask()->progress().done > 0, 30000);
    auto* cancel = child<QPushButton>(h, "cancelVerify");
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 5000);
    const qint64 latency = h.session->verifyTask()->cancelLatencyMs();
    qInfo("verify cancel: %lld ms from click to the core returning", latency);
    QVERIFY(h.session->archive().cancelled);
    QVERIFY(!h.wizard->button(QWizard::NextButton)->isEnabled());
    QVERIFY2(latency >= 0 && latency <= 200, qPrintable(QString::number(latency)));
}

void TestWizard::cancelDuringInstall()
{
    if (!InstallService::engineAvailable() || !ArchiveService::verifierAvailable())
        QSKIP("this tree has no core install engine or verifier yet");
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("cancel");
    const QString toolkit = freshToolkit(tag);
    const auto before = treeManifest(toolkit);
    Harness h;
    SessionConfig c = config(tag);
    c.searchFolders = {m_bigDir};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
    child<QCheckBox>(h, "trustArchive")->click();
    QVERIFY(h.next());
    static_cast<ToolkitPage*>(h.wizard->currentPage())->addFolder(toolkit);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting() && h.session->selectedToolkit(), 30000);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(h.session->plan().ok, 30000);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(h.session->operationTask()->progress().done > 0, 60000);
    QTest::mouseClick(child<QPushButton>(h, "cancelInstall"), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 60000);
    const OutcomeView& o = h.session->outcome();
    qInfo("install cancel: %lld ms from click to the core returning (rollback included)",
          h.session->operationTask()->cancelLatencyMs());
    QVERIFY(!o.ok);
    QVERIFY2(h.session->operationTask()->cancelLatencyMs() <= 200,
             qPrintable(QString::number(h.session->operationTask()->cancelLatencyMs())));
    QVERIFY2(o.rolledBack && !o.notRolledBack, qPrintable(o.headline));
    QCOMPARE(o.exitCode, 3);
    h.screenshot(QStringLiteral("en"), QStringLiteral("install-cancelled"));
    QCOMPARE(treeManifest(toolkit), before);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWizard::maintenanceUninstall()
{
    if (!InstallService::engineAvailable() || !ArchiveService::verifierAvailable())
        QSKIP("this tree has no core install engine or verifier yet");
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("uninstall");
    const QString toolkit = freshToolkit(tag);
    const auto before = treeManifest(toolkit);
    {
        Harness h;
        h.create(config(tag));
        bool reached = false;
        goToReview(h, QStringLiteral("en"), toolkit, false, &reached);
        if (!reached)
            return;
        QVERIFY(h.next());
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
        QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    }
    QVERIFY(treeManifest(toolkit) != before);

    Harness h;
    SessionConfig c = config(tag);
    c.extraToolkitRoots = {toolkit};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    auto* maintain = child<QRadioButton>(h, "modeMaintain");
    QVERIFY(maintain->isEnabled());
    maintain->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
    QVERIFY(h.session->selectedToolkit()->hasRecord);
    child<QRadioButton>(h, "actionUninstall")->click();
    h.screenshot(QStringLiteral("en"), QStringLiteral("maintenance-uninstall"));
    QVERIFY(h.wizard->currentPage()->isCommitPage());
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    h.screenshot(QStringLiteral("en"), QStringLiteral("uninstall"));
    QCOMPARE(treeManifest(toolkit), before);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWizard::maintenanceValidate_data()
{
    installFlow_data();
}

void TestWizard::maintenanceValidate()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    if (!MachineService::detectorAvailable())
        QSKIP("this tree has no core detection yet: maintenance needs to see cuDNN in a toolkit");
    const QString tag = QStringLiteral("validate-") + lang;
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.26"));
    Harness h;
    SessionConfig c = config(tag);
    c.extraToolkitRoots = {toolkit};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    auto* maintain = child<QRadioButton>(h, "modeMaintain");
    QVERIFY(maintain->isEnabled());
    maintain->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
    // The fixture, not whatever real toolkit the environment points at.
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
    QVERIFY(h.session->selectedToolkit());
    QCOMPARE(h.session->selectedToolkit()->cudnnVersion.left(5), QStringLiteral("8.2.2"));
    h.screenshot(lang, QStringLiteral("maintenance"));
    child<QRadioButton>(h, "actionValidate")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 100000);
    const ValidationView& v = h.session->validation();
    qInfo("validate (%s): exit %d, ran=%d ok=%d: %s", qPrintable(lang), v.exitCode, v.ran, v.ok,
          qPrintable(v.headline));
    QVERIFY(!v.headline.isEmpty());
    QVERIFY(child<QLabel>(h, "validateHeadline")->text().contains(v.headline.toHtmlEscaped()));
    h.screenshot(lang, QStringLiteral("validate-maintenance"));
    if (!v.ran)
        QSKIP(qPrintable(QStringLiteral("the CLI in this tree has no validate yet: ") + v.stderrText));
    // Generated DLLs are not loadable: validation fails, and the page says why with a fix.
    QVERIFY(!v.ok);
    QVERIFY(!v.problems.isEmpty());
    QVERIFY(child<QTreeWidget>(h, "validateProblems")->topLevelItemCount() >= 1);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWizard::toolkitChangedAfterReview()
{
    // A file appears where the reviewed plan adds one: Install must not apply a plan nobody saw.
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("changed");
    const QString toolkit = freshToolkit(tag);
    Harness h;
    h.create(config(tag));
    bool reached = false;
    goToReview(h, QStringLiteral("en"), toolkit, false, &reached);
    if (!reached)
        return;
    QString added;
    for (const PlanFileView& f : h.session->plan().files)
        if (f.change == FileChange::Added && f.path.endsWith(QStringLiteral("cudnn64_8.dll")))
            added = QDir::fromNativeSeparators(f.path);
    QVERIFY(!added.isEmpty());
    QFile intruder(added);
    QVERIFY(intruder.open(QIODevice::WriteOnly));
    intruder.write("someone else's cudnn64_8.dll");
    intruder.close();
    const auto before = treeManifest(toolkit);
    QVERIFY(h.next());
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    QVERIFY(!o.ok);
    QVERIFY(!o.problems.isEmpty());
    QCOMPARE(o.problems.first().code, QStringLiteral("target-changed"));
    QCOMPARE(treeManifest(toolkit), before);
}

void TestWizard::installElevated_data()
{
    QTest::addColumn<bool>("granted");
    QTest::newRow("granted") << true;
    QTest::newRow("refused") << false;
}

void TestWizard::installElevated()
{
    // The apply step through the core's elevated helper (CUDNN_SETUP_ELEVATOR stands in for pkexec and
    // forces the helper path, docs/install.md): granted → the helper installs and its outcome is shown;
    // refused → exit 4, toolkit byte-identical.
#ifdef Q_OS_WIN
    QSKIP("CUDNN_SETUP_ELEVATOR is the POSIX launcher hook");
#endif
    QFETCH(bool, granted);
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("elevated-") + QLatin1String(QTest::currentDataTag());
    const QString toolkit = freshToolkit(tag);
    const auto before = treeManifest(toolkit);
    QString launcher = QStringLiteral("env");  // "env PROGRAM ARGS" runs the helper as it is
    if (!granted) {
        launcher = m_dir.filePath(tag + QStringLiteral("/refuse.sh"));
        QFile f(launcher);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\nexit 126\n");  // pkexec: the dialog was dismissed
        f.close();
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }
    Harness h;
    h.create(config(tag));
    bool reached = false;
    goToReview(h, QStringLiteral("en"), toolkit, false, &reached);
    if (!reached)
        return;
    qputenv("CUDNN_SETUP_ELEVATOR", launcher.toUtf8());
    const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_ELEVATOR"); });
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    QVERIFY(o.elevated || !granted);
    if (granted) {
        QVERIFY2(o.ok, qPrintable(o.headline + (o.problems.isEmpty() ? QString() : QLatin1Char(' ') + o.problems.first().message)));
        QCOMPARE(o.exitCode, 0);
        QVERIFY(o.actions.size() >= 30);
        QVERIFY(treeManifest(toolkit) != before);
        QVERIFY(!QDir(h.session->config().stateDir + QStringLiteral("/records")).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());
    } else {
        QVERIFY(!o.ok);
        QCOMPARE(o.exitCode, 4);
        QVERIFY(!o.problems.isEmpty());
        QCOMPARE(o.problems.first().code, QStringLiteral("elevation-refused"));
        QCOMPARE(treeManifest(toolkit), before);
        h.screenshot(QStringLiteral("en"), QStringLiteral("install-elevation-refused"));
    }
}

void TestWizard::maintenanceReport()
{
    // Maintenance → Report → Finish: the report is the core's version profile (`cudnn-setup report`).
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("report");
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.26"));
    Harness h;
    SessionConfig c = config(tag);
    c.extraToolkitRoots = {toolkit};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    child<QRadioButton>(h, "modeMaintain")->click();
    QVERIFY(h.next());
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
    child<QRadioButton>(h, "actionReport")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
    const QString md = h.session->reportMarkdown();
    QVERIFY2(md.contains(QStringLiteral("## cuDNN / CUDA version profile")), qPrintable(md));
    QVERIFY(md.contains(h.session->machine().profileMarkdown));
    QVERIFY2(md.contains(QDir::toNativeSeparators(toolkit)), qPrintable(md));
    QVERIFY(md.contains(QStringLiteral("8.2.2")));
    const QJsonDocument json = QJsonDocument::fromJson(h.session->reportJson());
    QVERIFY(json.isObject());
    QVERIFY(json.object().value(QStringLiteral("detect")).isObject());
    QVERIFY(json.object().value(QStringLiteral("detect")).toObject().contains(QStringLiteral("toolkits")));
    h.screenshot(QStringLiteral("en"), QStringLiteral("report"));
}

void TestWizard::maintenanceRepairWithArchive()
{
    // A cuDNN copied by hand (no record) with an emptied DLL: Repair needs an archive chosen (Next
    // disabled until then), restores the file from it and writes a record (`repair --archive`).
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("repair");
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.26"));
    QString dll;
    for (QDirIterator it(toolkit, {QStringLiteral("cudnn_cnn_infer64_8.dll")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        dll = it.next();
    QVERIFY(!dll.isEmpty());
    QVERIFY(QFileInfo(dll).size() > 0);
    QVERIFY(QFile(dll).resize(0));
    Harness h;
    SessionConfig c = config(tag);
    c.extraToolkitRoots = {toolkit};
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    child<QRadioButton>(h, "modeMaintain")->click();
    QVERIFY(h.next());
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
    QVERIFY(!h.session->selectedToolkit()->hasRecord);
    child<QRadioButton>(h, "actionRepair")->click();
    auto* commit = h.wizard->button(QWizard::CommitButton);
    QVERIFY(!commit->isEnabled());  // no record: an archive must be chosen
    static_cast<MaintenancePage*>(h.wizard->currentPage())->setRepairArchive(m_good);
    QVERIFY(commit->isEnabled());
    QCOMPARE(h.session->repairArchive(), QDir::toNativeSeparators(m_good));
    h.screenshot(QStringLiteral("en"), QStringLiteral("maintenance-repair"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    const OutcomeView& o = h.session->outcome();
    QVERIFY2(o.ok, qPrintable(o.headline + (o.problems.isEmpty() ? QString() : QLatin1Char(' ') + o.problems.first().message)));
    // Restored from the archive (whose DLL differs from the hand copy): the record names these bytes.
    QVERIFY(QFileInfo(dll).size() > 0);
    const QDir records(c.stateDir + QStringLiteral("/records"));
    const QStringList recordFiles = records.entryList({QStringLiteral("*.json")}, QDir::Files);
    QCOMPARE(recordFiles.size(), 1);
    QFile recordFile(records.filePath(recordFiles.first()));
    QVERIFY(recordFile.open(QIODevice::ReadOnly));
    const QJsonObject record = QJsonDocument::fromJson(recordFile.readAll()).object();
    QString recordedHash;
    for (const QJsonValue& f : record.value(QStringLiteral("files")).toArray())
        if (f.toObject().value(QStringLiteral("path")).toString().endsWith(QStringLiteral("cudnn_cnn_infer64_8.dll")))
            recordedHash = f.toObject().value(QStringLiteral("sha256")).toString();
    QFile restored(dll);
    QVERIFY(restored.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromLatin1(QCryptographicHash::hash(restored.readAll(), QCryptographicHash::Sha256).toHex()),
             recordedHash);
    h.screenshot(QStringLiteral("en"), QStringLiteral("repair"));
}

void TestWizard::pathPreview_data()
{
    installFlow_data();
}

void TestWizard::pathPreview()
{
    // Review shows PATH before → after with the toolkit's bin highlighted, over a fake system PATH
    // (CUDNN_SETUP_TEST_SYSTEM_PATH_FILE, docs/install.md); Install then writes exactly that "after".
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("path-") + lang;
    const QString toolkit = freshToolkit(tag);
    // A Windows-layout toolkit: the core spells its PATH entry the Windows way on every host.
    const QString bin = QString(toolkit + QStringLiteral("/bin")).replace(QLatin1Char('/'), QLatin1Char('\\'));
    const QString other = QStringLiteral("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin");
    const QStringList before{QStringLiteral("C:\\Windows\\system32"), QStringLiteral("C:\\Windows"), other,
                             QStringLiteral("C:\\Tools\\bin")};
    const QString pathFile = m_dir.filePath(tag + QStringLiteral("/system-path.txt"));
    {
        QFile f(pathFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(before.join(QLatin1Char(';')).toUtf8());
    }
    qputenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE", pathFile.toUtf8());
    const auto restoreEnv = qScopeGuard([] { qunsetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE"); });
    Harness h;
    SessionConfig c = config(tag);
    c.noPath = false;  // the file stands in for PATH: nothing of this machine is touched
    h.create(c);
    bool reached = false;
    goToReview(h, lang, toolkit, false, &reached);
    if (!reached)
        return;
    const PlanView& plan = h.session->plan();
    QVERIFY2(plan.ok, qPrintable(plan.error));
    QVERIFY(plan.pathChange);
    QCOMPARE(plan.pathBefore, before);
    // Put ahead of the other CUDA version's bin, nothing else moved or lost.
    QStringList expected = before;
    expected.insert(2, bin);
    QCOMPARE(plan.pathAfter, expected);
    QCOMPARE(plan.pathChanged, QStringList{bin});
    auto* preview = child<QTextBrowser>(h, "pathPreview");
    const QString html = preview->toHtml();
    QVERIFY2(html.contains(bin.toHtmlEscaped()), qPrintable(html));
    QVERIFY(html.contains(other.toHtmlEscaped()));
    // The highlighted entry is the toolkit's bin, and only it.
    const QString plain = preview->toPlainText();
    QVERIFY(plain.contains(QCoreApplication::translate("cudnnsetup::wizard::ReviewPage", "PATH after (changes highlighted)")));
    QCOMPARE(html.count(QStringLiteral("#c8e6c9")), 1);
    const qsizetype mark = html.indexOf(QStringLiteral("#c8e6c9"));
    QVERIFY(html.indexOf(bin.toHtmlEscaped(), mark) > mark);
    QVERIFY(html.indexOf(bin.toHtmlEscaped(), mark) < html.indexOf(other.toHtmlEscaped(), mark));
    h.screenshot(lang, QStringLiteral("review-path"));

    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
    QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
    QFile f(pathFile);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), expected.join(QLatin1Char(';')));
}

void TestWizard::validateOutcomes_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("driverDouble");
    QTest::newRow("en-no-gpu") << QStringLiteral("en") << false;
    QTest::newRow("zh_CN-no-gpu") << QStringLiteral("zh_CN") << false;
    QTest::newRow("en-pass") << QStringLiteral("en") << true;
    QTest::newRow("zh_CN-pass") << QStringLiteral("zh_CN") << true;
}

void TestWizard::validateOutcomes()
{
    // Maintenance → Validate over a toolkit of the validate test doubles (a CPU cuDNN 9.19 double with its
    // seven sub-libraries and cuBLASLt): without a driver the page reports no-driver with its fix (the
    // no-GPU outcome of CI); with CUDNN_SETUP_LIBCUDA on the driver double every check passes.
#ifdef Q_OS_WIN
    QSKIP("the validate doubles are Linux shared objects");
#endif
    QFETCH(QString, lang);
    QFETCH(bool, driverDouble);
    QVERIFY(installLanguage(lang));
    if (!driverDouble && QLibrary(QStringLiteral("libcuda.so.1")).load())
        QSKIP("this machine has an NVIDIA driver: the no-GPU outcome cannot happen here");
    const QString tag = QStringLiteral("doubles-") + QLatin1String(QTest::currentDataTag());
    const QString toolkit = m_dir.filePath(tag + QStringLiteral("/cuda-13.0"));
    QCOMPARE(faketoolkit::build(toolkit), QString());
    QVERIFY(QDir().mkpath(toolkit + QStringLiteral("/include")));
    QFile header(toolkit + QStringLiteral("/include/cudnn_version.h"));
    QVERIFY(header.open(QIODevice::WriteOnly));
    header.write("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 19\n#define CUDNN_PATCHLEVEL 0\n");
    header.close();
    QFile version(toolkit + QStringLiteral("/version.json"));
    QVERIFY(version.open(QIODevice::WriteOnly));
    version.write(R"({"cuda": {"name": "CUDA SDK", "version": "13.0.0"}})");
    version.close();

    Harness h;
    SessionConfig c = config(tag);
    c.extraToolkitRoots = {toolkit};
    c.validateQuick = true;
    if (driverDouble)
        c.validateDriverLibrary = QStringLiteral(CUDNN_SETUP_FAKE_CUDA);
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    child<QRadioButton>(h, "modeMaintain")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
    child<QRadioButton>(h, "actionValidate")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 100000);
    const ValidationView& v = h.session->validation();
    qInfo("validate doubles (%s): exit %d ran=%d ok=%d checks=%d: %s", QTest::currentDataTag(), v.exitCode, v.ran,
          v.ok, int(v.checks.size()), qPrintable(v.headline));
    QVERIFY2(v.ran, qPrintable(v.headline + QLatin1Char('\n') + v.stderrText));
    auto* headline = child<QLabel>(h, "validateHeadline");
    QVERIFY(headline->text().contains(v.headline.toHtmlEscaped()));
    auto* problems = child<QTreeWidget>(h, "validateProblems");
    if (driverDouble) {
        QVERIFY2(v.ok, qPrintable(v.headline));
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.problems.isEmpty());
        QVERIFY(v.checks.size() >= 3);  // --quick: tiny, strided and dilated shapes, every usable algorithm
        for (const ValidationCheckView& check : v.checks)
            QVERIFY2(check.ok && check.maxRelError >= 0 && check.maxRelError <= 1e-5, qPrintable(check.name));
        QCOMPARE(v.cudnnVersion, QStringLiteral("9.19.0"));
        QVERIFY(v.loaded.join(QLatin1Char(' ')).contains(QStringLiteral("libcudnn.so.9")));
        QCOMPARE(child<QTableWidget>(h, "validateChecks")->rowCount(), int(v.checks.size()));
        h.screenshot(lang, QStringLiteral("validate-pass"));
    } else {
        QVERIFY(!v.ok);
        QCOMPARE(v.exitCode, 1);
        QVERIFY(v.problems.size() >= 1);
        QCOMPARE(v.problems[0].code, QStringLiteral("no-driver"));
        QVERIFY(!v.problems[0].fix.isEmpty());
        QVERIFY(problems->topLevelItemCount() >= 1);
        // The fix is on the page, in the page's language.
        bool fixShown = false;
        for (int i = 0; i < problems->topLevelItemCount(); ++i)
            for (int col = 0; col < problems->columnCount(); ++col)
                fixShown |= problems->topLevelItem(i)->text(col).contains(v.problems[0].fix);
        for (int i = 0; i < problems->topLevelItemCount() && !fixShown; ++i)
            for (int k = 0; k < problems->topLevelItem(i)->childCount(); ++k)
                fixShown |= problems->topLevelItem(i)->child(k)->text(0).contains(v.problems[0].fix);
        QVERIFY2(fixShown, qPrintable(v.problems[0].fix));
        if (lang == QLatin1String("zh_CN"))
            QVERIFY2(v.problems[0].fix.contains(QStringLiteral("驱动")), qPrintable(v.problems[0].fix));
        h.screenshot(lang, QStringLiteral("validate-no-gpu"));
    }
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
    QVERIFY(h.session->reportMarkdown().contains(v.headline));
}

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
