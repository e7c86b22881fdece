#include "wizardfixture.h"
#include "testpaths.h"

#include "fixtures/toolkitbuilder.h"
#include "wizard/archiveservice.h"
#include "wizard/machineservice.h"
#include "wizard/toolkitpage.h"

#include <QCheckBox>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QRadioButton>
#include <QTest>
#include <QTreeWidget>

namespace cudnnsetup::wizard::test {

fixtures::ReleaseSpec goodRelease()
{
    // A release that is not in the catalog of official hashes, so the wizard must ask for trust.
    fixtures::ReleaseSpec spec;
    spec.cudnn = "8.2.2.99";
    spec.cuda = "11.4";
    return spec;
}

QString writeArchive(const QString& dir, const fixtures::ReleaseSpec& spec, const QString& name)
{
    QDir().mkpath(dir);
    const QString path = dir + QLatin1Char('/') + (name.isEmpty() ? QString::fromStdString(fixtures::releaseArchiveName(spec)) : name);
    std::string error;
    if (!fixtures::writeZip(path.toStdString(), fixtures::cudnnWindowsRelease(spec), &error))
        qFatal("cannot write %s: %s", qPrintable(path), error.c_str());
    return path;
}

RedistTree writeRedistTree(const QString& root, const QString& faults, std::uint64_t dllBodyBytes,
                           const QString& manifestSha)
{
    fixtures::ReleaseSpec spec = goodRelease();
    spec.dllBodyBytes = dllBodyBytes;
    RedistTree t;
    t.root = root;
    t.archive = writeArchive(root + QStringLiteral("/cudnn/windows-x86_64"), spec);
    QFile f(t.archive);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    t.sha256 = QString::fromLatin1(h.result().toHex());
    const QString name = QFileInfo(t.archive).fileName();
    const QJsonObject entry{{QStringLiteral("relative_path"), faults + QStringLiteral("cudnn/windows-x86_64/") + name},
                            {QStringLiteral("sha256"), manifestSha.isEmpty() ? t.sha256 : manifestSha},
                            {QStringLiteral("size"), QString::number(f.size())}};
    const QJsonObject manifest{
        {QStringLiteral("release_label"), QStringLiteral("8.2.2.99")},
        {QStringLiteral("release_product"), QStringLiteral("cudnn")},
        {QStringLiteral("cudnn"),
         QJsonObject{{QStringLiteral("version"), QStringLiteral("8.2.2.99")},
                     {QStringLiteral("windows-x86_64"), QJsonObject{{QStringLiteral("cuda11"), entry}}}}}};
    QFile m(root + QStringLiteral("/redistrib_8.2.2.99.json"));
    if (!m.open(QIODevice::WriteOnly) || m.write(QJsonDocument(manifest).toJson()) <= 0)
        return {};
    return t;
}

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

void addLanguageRows()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void WizardFixture::createDownloads()
{
    QVERIFY(m_dir.isValid());
    m_downloads = m_dir.filePath(QStringLiteral("downloads"));
    m_good = writeArchive(m_downloads, goodRelease());
}

SessionConfig WizardFixture::config(const QString& tag) const
{
    SessionConfig c;
    c.searchFolders = {m_downloads};
    c.scanSystem = false;
    c.stateDir = m_dir.filePath(tag + QStringLiteral("/state"));
    c.logDir = m_dir.filePath(tag + QStringLiteral("/logs"));
    // CUDNN_SETUP_TEST_VALIDATOR: another build's CLI (e.g. one with the validate branch) for a manual check.
    c.validatorProgram = qEnvironmentVariable("CUDNN_SETUP_TEST_VALIDATOR", cudnnsetup::testpaths::cli());
    c.validateTimeoutMs = 90000;
    c.noPath = true;  // never touch this machine's PATH from a test
    return c;
}

QString WizardFixture::freshToolkit(const QString& tag, const std::optional<std::string>& cudnn) const
{
    const QString root = m_dir.filePath(tag + QStringLiteral("/CUDA/v11.4"));
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.4.0";
    spec.windowsLayout = true;
    spec.cudnn = cudnn;
    fixtures::buildToolkit(root.toStdString(), spec);
    return root;
}

void WizardFixture::goToReview(Harness& h, const QString& lang, const QString& toolkit, bool shots, bool* reached)
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
    const ArchiveReport& a = h.session->archive();
    QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
    QCOMPARE(a.authenticity, QStringLiteral("unknown"));
    QCOMPARE(a.cudnnVersion, QStringLiteral("8.2.2.99"));
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
    QCOMPARE(t->version.left(4), QStringLiteral("11.4"));
    QVERIFY2(t->compatibility == Compatibility::Compatible || t->compatibility == Compatibility::Warning,
             qPrintable(t->compatibilityReason));
    QVERIFY2(t->compatibilityReason.contains(QLatin1String("11.4")), qPrintable(t->compatibilityReason));
    QVERIFY(child<QLabel>(h, "compatibilityReason")->text().contains(t->compatibilityReason.toHtmlEscaped()));
    if (shots)
        h.screenshot(lang, QStringLiteral("toolkit"));
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
    *reached = true;
}

void WizardFixture::openMaintenance(Harness& h, SessionConfig c, const QString& toolkit)
{
    c.extraToolkitRoots << toolkit;
    h.create(c);
    QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
    auto* maintain = child<QRadioButton>(h, "modeMaintain");
    QVERIFY(maintain->isEnabled());
    maintain->click();
    QVERIFY(h.next());
    QCOMPARE(h.currentId(), int(SetupWizard::MaintenanceId));
    // The fixture, not whatever real toolkit the environment points at.
    QVERIFY(selectMaintenanceToolkit(h, toolkit));
}

}  // namespace cudnnsetup::wizard::test
