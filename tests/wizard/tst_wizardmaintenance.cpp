// The real wizard's maintenance mode, offscreen, over the real core: uninstall back to the
// byte-identical toolkit, repair from a chosen archive, the report, and Validate (the no-GPU
// outcome and a passing run over the validate doubles) in English and Chinese.
#include "wizardfixture.h"
#include "testpaths.h"

#include "fixtures/toolkitbuilder.h"
#include "faketoolkit.h"
#include "wizard/archiveservice.h"
#include "wizard/installservice.h"
#include "wizard/machineservice.h"
#include "wizard/maintenancepage.h"
#include "wizard/wizardmain.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QLabel>
#include <QRadioButton>
#include <QElapsedTimer>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTreeWidget>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

class TestWizardMaintenance : public QObject, private WizardFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void maintenanceUninstall();
    void maintenanceValidate_data();
    void maintenanceValidate();
    void maintenanceReport();
    void maintenanceRepairWithArchive();
    void validateOutcomes_data();
    void validateOutcomes();
    void validateStopButton();
};

void TestWizardMaintenance::initTestCase()
{
    QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
    createDownloads();
}

void TestWizardMaintenance::maintenanceUninstall()
{
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
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
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

void TestWizardMaintenance::maintenanceValidate_data()
{
    addLanguageRows();
}

void TestWizardMaintenance::maintenanceValidate()
{
    QFETCH(QString, lang);
    QVERIFY(installLanguage(lang));
    const QString tag = QStringLiteral("validate-") + lang;
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.99"));
    Harness h;
    SessionConfig c = config(tag);
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
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
    QVERIFY2(v.ran, qPrintable(v.stderrText));  // the CLI answered with its JSON report
    // Generated DLLs are not loadable: validation fails, and the page says why with a fix.
    QVERIFY(!v.ok);
    QVERIFY(!v.problems.isEmpty());
    QVERIFY(child<QTreeWidget>(h, "validateProblems")->topLevelItemCount() >= 1);
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

void TestWizardMaintenance::maintenanceReport()
{
    // Maintenance → Report → Finish: the report is the core's version profile (`cudnn-setup report`).
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("report");
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.99"));
    Harness h;
    SessionConfig c = config(tag);
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
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

void TestWizardMaintenance::maintenanceRepairWithArchive()
{
    // A cuDNN copied by hand (no record) with an emptied DLL: Repair needs an archive chosen (Next
    // disabled until then), restores the file from it and writes a record (`repair --archive`).
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("repair");
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.99"));
    QString dll;
    for (QDirIterator it(toolkit, {QStringLiteral("cudnn_cnn_infer64_8.dll")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        dll = it.next();
    QVERIFY(!dll.isEmpty());
    QVERIFY(QFileInfo(dll).size() > 0);
    QVERIFY(QFile(dll).resize(0));
    Harness h;
    SessionConfig c = config(tag);
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
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

void TestWizardMaintenance::validateOutcomes_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<bool>("driverDouble");
    QTest::newRow("en-no-gpu") << QStringLiteral("en") << false;
    QTest::newRow("zh_CN-no-gpu") << QStringLiteral("zh_CN") << false;
    QTest::newRow("en-pass") << QStringLiteral("en") << true;
    QTest::newRow("zh_CN-pass") << QStringLiteral("zh_CN") << true;
}

void TestWizardMaintenance::validateOutcomes()
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
    c.validateQuick = true;
    if (driverDouble)
        c.validateDriverLibrary = cudnnsetup::testpaths::fakeCuda();
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
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

void TestWizardMaintenance::validateStopButton()
{
    // A validator that hangs (as a broken driver can): Stop ends it at once, the page says so and
    // Finish is reachable. The child is the core's validateInChild, killed through its cancel token.
#ifdef Q_OS_WIN
    QSKIP("the hanging validator is a /bin/sh script");
#endif
    QVERIFY(installLanguage(QStringLiteral("en")));
    const QString tag = QStringLiteral("validate-stop");
    const QString toolkit = freshToolkit(tag, std::string("8.2.2.99"));
    const QString hanging = m_dir.filePath(tag + QStringLiteral("/hanging-validate"));
    QVERIFY(fixtures::writeShellScript(hanging.toStdString(), "exec sleep 60"));
    Harness h;
    SessionConfig c = config(tag);
    c.validatorProgram = hanging;
    openMaintenance(h, c, toolkit);
    if (QTest::currentTestFailed())
        return;
    child<QRadioButton>(h, "actionValidate")->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
    QVERIFY(h.session->validating());
    QTest::qWait(300);
    QVERIFY(h.session->validating());
    auto* stop = child<QPushButton>(h, "cancelValidate");
    QVERIFY(stop->isVisible());
    QElapsedTimer clock;
    clock.start();
    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 5000);
    qInfo("validate stop: %lld ms from the click to the page's result", clock.elapsed());
    const ValidationView& v = h.session->validation();
    QVERIFY(!v.ok);
    QVERIFY(!v.timedOut);
    QVERIFY(v.problems.isEmpty());
    QCOMPARE(v.headline, QStringLiteral("The check was cancelled."));
    QVERIFY(child<QLabel>(h, "validateHeadline")->text().contains(v.headline.toHtmlEscaped()));
    QVERIFY(!stop->isVisible());
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::FinishId));
}

QTEST_MAIN(TestWizardMaintenance)
#include "tst_wizardmaintenance.moc"
